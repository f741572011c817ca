//! Conditions: warnings (recording, `options(warn)`, Rscript's warning
//! block), `tryCatch` regions (`handle_error`), condition objects, and error
//! attribution (which call an error names, which frames its traceback
//! shows: `attribute`, `unwind_*`, `builtin_frames`).

use super::calls::{call_name, CallSite};
use super::Interp;
use crate::args::Args;
use crate::ast::ExprKind;
use crate::builtins;
use crate::bytecode::*;
use crate::env::Env;
use crate::error::{ErrCall, ErrKind, RError, RResult, Route};
use crate::value::*;
use std::rc::Rc;

pub(super) struct TryFrame {
    /// The region's number (what a condition's `Route::To` names).
    pub(super) id: u64,
    pub(super) run_id: u64,
    pub(super) info: u32,
    pub(super) code: Rc<FunctionCode>,
    pub(super) env: Env,
    pub(super) stack_h: usize,
    pub(super) loops_h: usize,
    /// The region was entered by `Interp::run_try` (compiled code running
    /// a `tryCatch` through the interpreter): its run ends with the
    /// region's value, there is nothing after it to go on to.
    pub(super) stop: bool,
}

/// A restart that `invokeRestart(name)` can jump to: restart `index` of the
/// `withRestarts` region numbered `region`, or the muffle restart of the
/// signal numbered `region`.
pub(super) struct RestartEntry {
    pub(super) name: Rc<str>,
    pub(super) region: u64,
    pub(super) index: u32,
}

/// How a condition is signalled, which decides the restart its handlers
/// can muffle it with, how R calls them and the frames R has between the
/// signal and a handler (for an error a handler raises).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum SignalKind {
    /// An error of `stop("msg")` or of a builtin: R calls a handler
    /// through `.handleSimpleError(h, msg, call)`.
    SimpleError,
    /// `stop(cond)` of a condition object.
    Error,
    /// `warning()` (of a message or a condition) or a builtin's warning:
    /// `muffleWarning` is available.
    Warning,
    /// `message()`: `muffleMessage` is available.
    Message,
    /// `signalCondition(cond)`.
    Condition,
}

/// What signalling a condition ended with when no handler raised an error.
pub enum Outcome {
    /// No handler took it (calling handlers may have run): its default
    /// handling follows.
    Continue,
    /// A handler invoked the signal's muffle restart.
    Muffled,
    /// An exiting handler (`tryCatch`) takes it: unwind to it.
    Exit(Route),
}

impl Interp {
    /// Record a warning against the current builtin call.
    pub fn warning(&mut self, msg: impl Into<String>) -> RResult<()> {
        let call = self.cur_call.map(|(code, ci)| {
            // SAFETY: `cur_call` is set only while the instruction that owns this code
            // pointer is executing (its `Rc<FunctionCode>` is held by `run`).
            let code = unsafe { &*code };
            crate::deparse::deparse(&code.calls[ci as usize])
        });
        self.warning_with_call(call, msg.into())
    }

    /// Record a warning against the innermost closure call, or none at top
    /// level: GNU R's `warning()` from C code (coercion warnings), which
    /// takes the call of the current context, not the builtin's.
    pub fn warning_in_context(&mut self, msg: impl Into<String>) -> RResult<()> {
        self.observe_frames();
        let call = match self.cur_call {
            Some((code, ci)) => {
                // SAFETY: see `warning`.
                let code = unsafe { &*code };
                let own = &code.calls[ci as usize];
                let parent = code.call_parent[ci as usize];
                if crate::deparse::is_r_closure(&call_name(own)) {
                    // The builtin is a closure in R: its own context.
                    Some(crate::deparse::deparse(own))
                } else if parent != NO_CALL {
                    // Inside the arguments of a closure call, R is in that
                    // call's context (it forces them lazily there).
                    Some(crate::deparse::deparse(&code.calls[parent as usize]))
                } else if self.frames.is_empty() && code.call_in_loop[ci as usize] {
                    // A top-level loop, which R runs byte-compiled.
                    Some(crate::deparse::deparse(own))
                } else {
                    self.frame_call_text()
                }
            }
            None => self.frame_call_text(),
        };
        self.warning_with_call(call, msg.into())
    }

    /// Record a warning with an explicit call text (`warning()` uses the caller's call).
    pub fn warning_with_call(&mut self, call: Option<String>, msg: String) -> RResult<()> {
        self.warning_cond(call, msg, None)
    }

    /// Signal a warning (`cond`: its condition object, when `warning(cond)`
    /// gave one; else a `simpleWarning` of `msg` and `call`): the handlers
    /// first (a calling handler may muffle it, a `tryCatch(warning = )`
    /// catch it), then, unless muffled, the default handling by
    /// `options(warn)`, as GNU R's `warning()` does.
    pub fn warning_cond(
        &mut self,
        call: Option<String>,
        msg: String,
        cond: Option<Value>,
    ) -> RResult<()> {
        if self.cond_regions > 0 {
            let cond = cond.unwrap_or_else(|| {
                simple_condition(
                    &msg,
                    call.as_deref(),
                    &["simpleWarning", "warning", "condition"],
                )
            });
            match self.signal(&cond, SignalKind::Warning)? {
                Outcome::Muffled => return Ok(()),
                Outcome::Exit(route) => {
                    let mut e = RError::make(
                        ErrKind::Warning,
                        msg,
                        call.map_or(ErrCall::None, ErrCall::Call),
                        Some(cond),
                    );
                    e.route = route;
                    return Err(e);
                }
                Outcome::Continue => {}
            }
        }
        match self.warn_level {
            ..=-1 => {}
            // GNU R keeps the first `R_nwarnings` (50) and counts no further.
            0 => {
                if self.warnings.len() < MAX_WARNINGS {
                    self.warnings.push((call, msg))
                }
            }
            // options(warn = 1): printed at once, as R's PrintWarnings does for one.
            // (The message on a line of its own past 75 columns: R's
            // `vwarningcall_dflt`.)
            1 => match call {
                Some(c) => {
                    let first = msg.split('\n').next().unwrap_or("");
                    let brk = if 18 + c.chars().count() + first.chars().count() > 75 {
                        "\n "
                    } else {
                        ""
                    };
                    self.err
                        .push_str(&format!("Warning in {} :{} {}\n", c, brk, msg))
                }
                None => self.err.push_str(&format!("Warning: {}\n", msg)),
            },
            _ => {
                return Err(RError::make(
                    ErrKind::Error,
                    format!("(converted from warning) {}", msg),
                    call.map_or(ErrCall::None, ErrCall::Call),
                    None,
                ))
            }
        }
        Ok(())
    }

    /// `message()`: signal the message condition `cond` (its text `text`);
    /// unless a handler muffles or catches it, write `text` to stderr.
    pub fn message_cond(&mut self, text: &str, cond: impl FnOnce() -> Value) -> RResult<()> {
        if self.cond_regions > 0 {
            let cond = cond();
            match self.signal(&cond, SignalKind::Message)? {
                Outcome::Muffled => return Ok(()),
                Outcome::Exit(route) => {
                    let mut e =
                        RError::make(ErrKind::Error, text.into(), ErrCall::None, Some(cond));
                    e.route = route;
                    return Err(e);
                }
                Outcome::Continue => {}
            }
        }
        self.err.push_str(text);
        Ok(())
    }

    /// Signal the condition of error `err` if the handlers have not seen it
    /// yet (`Route::Unsignalled`): calling handlers for it run here, and the
    /// exiting handler that takes it, if any, is its route. An error a
    /// handler raises replaces it. Jumps (`Return`, `Restart`) are not
    /// conditions.
    pub fn signal_error(&mut self, mut err: RError) -> RError {
        if err.route != Route::Unsignalled || matches!(err.kind, ErrKind::Return | ErrKind::Restart)
        {
            return err;
        }
        if self.cond_regions == 0 {
            err.route = Route::Uncaught;
            return err;
        }
        let cond = make_condition(&err);
        let how = if err.condition.is_some() {
            SignalKind::Error
        } else {
            SignalKind::SimpleError
        };
        // (Marked first: an error signalled again on the way is not.)
        err.route = Route::Uncaught;
        match self.signal(&cond, how) {
            Ok(Outcome::Exit(route)) => err.route = route,
            Ok(_) => {}
            Err(e) => return e,
        }
        err
    }

    /// Signal condition `cond` (a classed list) as GNU R does: walk the
    /// handler stack from the innermost region out, skipping the handlers
    /// hidden while a calling handler runs (`masked`). A calling handler of
    /// a class `cond` inherits runs here and now (with the handlers up to
    /// and including it hidden), then the walk goes on, unless it invoked
    /// the signal's muffle restart; `suppressWarnings`/`suppressMessages`
    /// muffle their class; the first exiting handler of a matching class
    /// (`tryCatch`) ends the walk: the condition unwinds to it.
    pub fn signal(&mut self, cond: &Value, how: SignalKind) -> RResult<Outcome> {
        let classes = cond.explicit_class().unwrap_or_default();
        let inherits = |c: &str| classes.iter().any(|k| k == c);
        let muffle = match how {
            SignalKind::Warning => Some("muffleWarning"),
            SignalKind::Message => Some("muffleMessage"),
            _ => None,
        };
        self.region_counter += 1;
        let sig = self.region_counter;
        if let Some(name) = muffle {
            self.restarts.push(RestartEntry {
                name: name.into(),
                region: sig,
                index: 0,
            });
        }
        let mut outcome = Ok(Outcome::Continue);
        let mut f = self.tries.len();
        'walk: while f > 0 {
            f -= 1;
            let t = &self.tries[f];
            let info = &t.code.tries[t.info as usize];
            let (kind, id, stack_h) = (info.kind, t.id, t.stack_h);
            let region_classes = info.classes.clone();
            match kind {
                RegionKind::TryCatch => {
                    for (h, class) in region_classes.iter().enumerate() {
                        if inherits(class) && !self.is_masked(f, h as u32) {
                            outcome = Ok(Outcome::Exit(Route::To {
                                region: id,
                                index: h as u32,
                            }));
                            break 'walk;
                        }
                    }
                }
                RegionKind::SuppressWarnings | RegionKind::SuppressMessages => {
                    let (class, restart) = if kind == RegionKind::SuppressWarnings {
                        ("warning", "muffleWarning")
                    } else {
                        ("message", "muffleMessage")
                    };
                    if inherits(class) && muffle == Some(restart) && !self.is_masked(f, 0) {
                        outcome = Ok(Outcome::Muffled);
                        break 'walk;
                    }
                }
                RegionKind::CallingHandlers => {
                    let base = stack_h - region_classes.len();
                    for (h, class) in region_classes.iter().enumerate() {
                        if !inherits(class) || self.is_masked(f, h as u32) {
                            continue;
                        }
                        let handler = self.stack[base + h].clone();
                        match self.call_handler(f, h as u32, &handler, cond, how) {
                            Ok(()) => {}
                            Err(e)
                                if e.kind == ErrKind::Restart
                                    && matches!(e.route, Route::To { region, .. } if region == sig) =>
                            {
                                outcome = Ok(Outcome::Muffled);
                                break 'walk;
                            }
                            Err(e) => {
                                outcome = Err(e);
                                break 'walk;
                            }
                        }
                    }
                }
                RegionKind::WithVisible | RegionKind::Restarts => {}
            }
        }
        if muffle.is_some() {
            self.restarts.retain(|r| r.region != sig);
        }
        outcome
    }

    /// Is handler `h` of region `f` hidden (a calling handler running at or
    /// below it in the stack as it was when the running one was called)?
    fn is_masked(&self, f: usize, h: u32) -> bool {
        self.masked
            .iter()
            .any(|&(mf, mh, len)| f < len && (f > mf || (f == mf && h <= mh)))
    }

    /// Run calling handler `h` (handler `hi` of region `f`) on `cond`, as
    /// R calls it (`h(simpleError(msg, call))` through `.handleSimpleError`
    /// for a simple error, else the function itself deparsed): the handlers
    /// up to it hidden, the visibility and the current builtin call kept.
    fn call_handler(
        &mut self,
        f: usize,
        hi: u32,
        h: &Value,
        cond: &Value,
        how: SignalKind,
    ) -> RResult<()> {
        let text: Rc<str> = match (how, h) {
            (SignalKind::SimpleError, _) => "h(simpleError(msg, call))".into(),
            (_, Value::Closure(c)) => {
                format!("({}", crate::deparse::deparse_function_head(&c.params)).into()
            }
            _ => "h(cond)".into(),
        };
        let vis = self.visible;
        let saved = self.cur_call;
        self.masked.push((f, hi, self.tries.len()));
        let r = self.call_value(
            h,
            Args::positional(vec![cond.clone()]),
            CallSite::Text(text),
        );
        self.masked.pop();
        self.cur_call = saved;
        self.visible = vis;
        r.map(|_| ()).map_err(|mut e| {
            if e.kind != ErrKind::Restart && e.kind != ErrKind::Return {
                // The frames R has between the signal and the handler.
                let via: &[&str] = match how {
                    SignalKind::SimpleError => &[".handleSimpleError"],
                    SignalKind::Warning => &[".signalSimpleWarning"],
                    SignalKind::Message => &[
                        "signalCondition",
                        "doWithOneRestart",
                        "withOneRestart",
                        "withRestarts",
                    ],
                    SignalKind::Error | SignalKind::Condition => &[],
                };
                e.trace.extend(via.iter().map(|&n| Rc::from(n)));
            }
            e
        })
    }

    /// `invokeRestart(name, ...)`: the jump to the innermost restart named
    /// `name` with arguments `args` (`None`: there is none).
    pub fn restart_jump(&self, name: &str, args: Value) -> Option<RError> {
        let r = self.restarts.iter().rev().find(|r| &*r.name == name)?;
        let mut e = RError::make(ErrKind::Restart, String::new(), ErrCall::None, Some(args));
        e.route = Route::To {
            region: r.region,
            index: r.index,
        };
        Some(e)
    }

    /// The names of the restarts established, innermost first
    /// (`computeRestarts()`, without R's top-level `abort`).
    pub fn restart_names(&self) -> Vec<Rc<str>> {
        self.restarts.iter().rev().map(|r| r.name.clone()).collect()
    }

    /// Format and take the pending warnings as Rscript prints them.
    pub fn take_warnings_text(&mut self) -> String {
        let w = std::mem::take(&mut self.warnings);
        format_warnings(&w)
    }

    /// Runs `f` as the builtin of call `ci` of `code` (warnings and errors
    /// name that call), as `exec_slow` runs one.
    pub fn as_call<T>(
        &mut self,
        code: &Rc<FunctionCode>,
        ci: CallIdx,
        f: impl FnOnce(&mut Self) -> RResult<T>,
    ) -> RResult<T> {
        let saved = self.cur_call;
        self.cur_call = Some((Rc::as_ptr(code), ci));
        let r = f(self);
        self.cur_call = saved;
        r.map_err(|e| self.attribute(e, code, ci))
    }

    /// An error leaves the instruction at `pc` of `code` without a handler:
    /// add to its traceback the closure calls whose arguments that
    /// instruction was evaluating (GNU R forces them inside the callee).
    pub fn unwind_at_pc(e: &mut RError, code: &FunctionCode, pc: usize) {
        if let Some(&ci) = code.in_args_of.get(pc) {
            Self::unwind_through_calls(e, code, ci);
        }
    }

    /// An error leaves call `ci` of `code` (a closure call whose activation
    /// already named itself): add the calls whose arguments it was part of.
    pub fn unwind_at_call(e: &mut RError, code: &FunctionCode, ci: CallIdx) {
        if let Some(&parent) = code.call_parent.get(ci as usize) {
            Self::unwind_through_calls(e, code, parent);
        }
    }

    /// Push the names of call `ci` and the calls enclosing it (innermost
    /// first) onto the error's traceback.
    fn unwind_through_calls(e: &mut RError, code: &FunctionCode, mut ci: CallIdx) {
        while ci != NO_CALL {
            e.trace.push(call_name(&code.calls[ci as usize]));
            ci = code.call_parent[ci as usize];
        }
    }

    pub fn attribute(&mut self, mut e: RError, code: &Rc<FunctionCode>, ci: CallIdx) -> RError {
        let op_call = || ErrCall::Call(crate::deparse::deparse(&code.calls[ci as usize]));
        match e.call {
            ErrCall::Pending => e.call = op_call(),
            ErrCall::Context => {
                e.call = match self.context_call() {
                    // Top-level code GNU R byte-compiled (a loop): its
                    // error names the operation being evaluated.
                    ErrCall::None if code.top_level && code.back_edges().next().is_some() => {
                        op_call()
                    }
                    call => call,
                }
            }
            _ => {}
        }
        e
    }

    /// The call an error raised in the running closure names, as `stop()`'s
    /// (R's innermost closure context): the `try`/region call for code
    /// directly in one, else the activation's call, none at top level.
    pub fn context_call(&mut self) -> ErrCall {
        let text = self.frame_call_text();
        self.direct_try_call()
            .or_else(|| self.direct_region_call())
            .or(text)
            .map_or(ErrCall::None, ErrCall::Call)
    }

    /// The call a `stop()` raised directly in `try(expr)` names: GNU R's
    /// condition names its internal `doTryCatch(...)` call (which `try`'s
    /// message reports as the `try` call itself, `try_error`). Directly:
    /// the innermost region is a `try` entered by the activation now
    /// running (the global environment's at top level), not by a caller
    /// of a function that stops.
    pub fn direct_try_call(&self) -> Option<String> {
        let t = self.tries.last()?;
        let info = &t.code.tries[t.info as usize];
        let ci = info.try_call?;
        let env = self.frames.last().map_or(&self.global, |a| &a.env);
        if !Rc::ptr_eq(&t.env, env) {
            return None;
        }
        // (The other regions with a call name it: `withVisible(...)`.)
        Some(if info.kind == RegionKind::TryCatch {
            DO_TRY_CATCH.to_string()
        } else {
            crate::deparse::deparse(&t.code.calls[ci as usize])
        })
    }

    /// The call a `stop()` or `warning()` raised directly in the argument of
    /// `suppressWarnings`, `suppressMessages` or `withVisible` names: that
    /// of the R closure evaluating it (see `direct_try_call`).
    pub fn direct_region_call(&mut self) -> Option<String> {
        self.observe_frames();
        let t = self.tries.last()?;
        let info = &t.code.tries[t.info as usize];
        if info.kind == RegionKind::TryCatch && !info.is_trycatch() {
            // (A `try`: `direct_try_call`'s.)
            return None;
        }
        let env = self.frames.last().map_or(&self.global, |a| &a.env);
        if !Rc::ptr_eq(&t.env, env) {
            return None;
        }
        // A `tryCatch`: R evaluates `expr` in its internal closures
        // (`trycatch_frames`), the innermost of which a `stop()` there names.
        if info.is_trycatch() {
            return Some(trycatch_expr_call(info.handler_count()).into());
        }
        let ci = info.try_call?;
        Some(crate::deparse::deparse(&t.code.calls[ci as usize]))
    }

    /// Exiting handler `h` of region `info` (its functions `handlers`)
    /// called with the condition of `err`, as R's `value[[3L]](cond)`. In a
    /// `tryCatch`, an error the handler raises is taken by a later handler
    /// of the same `tryCatch` of its class (R nests each handler's
    /// `tryCatchOne` inside the next one's), and one that leaves names
    /// those frames (`handler_frames`).
    fn call_exiting_handler(
        &mut self,
        info: &TryInfo,
        handlers: &[Value],
        h: usize,
        err: &RError,
    ) -> RResult<Value> {
        let call = |s: &mut Self, h: usize, cond: Value| {
            s.call_value(
                &handlers[h],
                Args::positional(vec![cond]),
                CallSite::Text("value[[3L]](cond)".into()),
            )
        };
        let mut r = call(self, h, make_condition(err));
        if !info.is_trycatch() {
            return r;
        }
        let mut at = h;
        while let Err(e) = &r {
            if e.kind != ErrKind::Error {
                break;
            }
            let cond = make_condition(e);
            let classes = cond.explicit_class().unwrap_or_default();
            let Some(j) = (at + 1..info.handler_count())
                .find(|&j| classes.iter().any(|c| **c == *info.classes[j]))
            else {
                break;
            };
            at = j;
            r = call(self, j, cond);
        }
        r.map_err(|mut e| {
            handler_frames(&mut e, at, info.handler_count());
            e
        })
    }

    /// A jump of `code` in run `run_id` to `target` (a `break` or `next`)
    /// leaves the `suppressWarnings`, `suppressMessages` and `withVisible`
    /// regions it is not inside: they end there, as R's closures evaluating
    /// them are left. (A `tryCatch` region keeps its frame: its handlers
    /// are on the operand stack.)
    pub(super) fn leave_regions(&mut self, code: &FunctionCode, run_id: u64, target: usize) {
        while let Some(t) = self.tries.last() {
            if t.run_id != run_id || !std::ptr::eq(&*t.code, code) {
                return;
            }
            let info = &code.tries[t.info as usize];
            let inside = (info.begin as usize) < target && target < info.end as usize;
            if info.kind == RegionKind::TryCatch || inside {
                return;
            }
            let n = info.handler_count();
            if let Some(t) = self.pop_try() {
                // Its handlers leave the operand stack (what is above them
                // is the region's, left behind by the jump).
                if n > 0 && self.stack.len() >= t.stack_h {
                    self.stack.drain(t.stack_h - n..t.stack_h);
                }
            }
        }
    }

    /// Unwind `err` through the regions of this run: signal it first if
    /// the handlers have not seen it (`signal_error`), then leave regions
    /// (running their `finally`) until the one its route names, whose
    /// handler (a `tryCatch` handler on its condition, a `withRestarts`
    /// restart on its arguments) gives the region's value. Returns where to
    /// resume (`None`: the handler's value, on the stack, ends the run: a
    /// region `run_try` entered).
    pub(super) fn handle_error(&mut self, err: RError, run_id: u64) -> RResult<Option<usize>> {
        let mut err = self.signal_error(err);
        loop {
            let Some(t) = self.tries.last() else {
                return Err(err);
            };
            if t.run_id != run_id {
                return Err(err);
            }
            let t = self.pop_try().unwrap();
            let info = t.code.tries[t.info as usize].clone();
            self.stack.truncate(t.stack_h);
            self.loops.truncate(t.loops_h);
            let handlers = self.stack.split_off(t.stack_h - info.handler_count());
            let result = match err.route {
                Route::To { region, index } if region == t.id => {
                    let h = &handlers[index as usize];
                    if info.kind == RegionKind::Restarts {
                        let args = restart_args(err.condition.take());
                        let site = handler_site(h);
                        self.call_value(h, args, site)
                    } else {
                        self.call_exiting_handler(&info, &handlers, index as usize, &err)
                    }
                }
                _ => {
                    if info.is_trycatch() {
                        trycatch_frames(&mut err, info.handler_count());
                    }
                    Err(err)
                }
            };
            let result = match info.finally {
                Some(fin) => {
                    let vis = self.visible;
                    let r = self.run(&t.code, &t.env, fin);
                    self.visible = vis;
                    // (An error in `finally` replaces the one unwinding.)
                    r.and(result)
                }
                None => result,
            };
            match result {
                Ok(v) => {
                    self.stack.push(v);
                    // (`None`: the run ends with the value, `run_try`'s.)
                    return Ok((!t.stop).then_some(info.end as usize));
                }
                Err(e) => err = e,
            }
        }
    }
}

/// The arguments of a restart's function: the list `invokeRestart` made.
fn restart_args(list: Option<Value>) -> Args {
    let mut args = Args::new();
    if let Some(Value::Vec(l)) = &list {
        if let VecData::List(items) = &l.data {
            let names = l.names();
            for (k, v) in items.iter().enumerate() {
                let name = names
                    .as_ref()
                    .and_then(|n| n.get(k).cloned().flatten())
                    .filter(|n| !n.is_empty());
                args.push(name, v.clone());
            }
        }
    }
    args
}

/// How R names a call of function value `h` (a handler, a restart): the
/// first line of its deparse, in parentheses.
fn handler_site(h: &Value) -> CallSite {
    match h {
        Value::Closure(c) => {
            CallSite::Text(format!("({}", crate::deparse::deparse_function_head(&c.params)).into())
        }
        _ => CallSite::None,
    }
}

/// A condition object `list(message = msg, call = call)` of `class`.
pub fn simple_condition(msg: &str, call: Option<&str>, class: &[&str]) -> Value {
    let call = call.map_or(Value::Null, Value::str);
    let mut v = Vector::new(VecData::List(vec![Value::str(msg), call]));
    v.set_attr("names", Value::strs(&["message", "call"]));
    v.set_attr("class", Value::strs(class));
    Value::Vec(Rc::new(v))
}

/// `withVisible`'s result: `list(value = v, visible = visible)`.
pub fn with_visible(v: Value, visible: bool) -> Value {
    let mut l = Vector::new(VecData::List(vec![v, Value::lgl(visible)]));
    l.set_attr("names", Value::strs(&["value", "visible"]));
    Value::Vec(Rc::new(l))
}

/// A condition object for a handler: `list(message=, call=)` with class
/// `c("simpleError", "error", "condition")` (or the warning equivalent).
pub fn make_condition(e: &RError) -> Value {
    if let Some(c) = &e.condition {
        return c.clone();
    }
    let call = match &e.call {
        ErrCall::Call(c) => Value::str(c),
        _ => Value::Null,
    };
    let msg = if e.kind == ErrKind::Unsupported {
        format!("unsupported: {}", e.msg)
    } else {
        e.msg.clone()
    };
    let class: &[&str] = match e.kind {
        ErrKind::Warning => &["simpleWarning", "warning", "condition"],
        _ => &["simpleError", "error", "condition"],
    };
    let mut v = Vector::new(VecData::List(vec![Value::str(&msg), call]));
    v.set_attr("names", Value::strs(&["message", "call"]));
    v.set_attr("class", Value::strs(class));
    Value::Vec(Rc::new(v))
}

/// The warnings GNU R keeps for printing (`R_nwarnings`).
pub const MAX_WARNINGS: usize = 50;

/// Rscript's warning block (`Warning message:` / `Warning messages:`).
pub fn format_warnings(w: &[(Option<String>, String)]) -> String {
    let mut s = String::new();
    if w.is_empty() {
        return s;
    }
    if w.len() > 10 {
        // PrintWarnings (errors.c): more than 10 are only counted.
        if w.len() < MAX_WARNINGS {
            s.push_str(&format!(
                "There were {} warnings (use warnings() to see them)\n",
                w.len()
            ));
        } else {
            s.push_str(&format!(
                "There were {0} or more warnings (use warnings() to see the first {0})\n",
                MAX_WARNINGS
            ));
        }
        return s;
    }
    if w.len() == 1 {
        s.push_str("Warning message:\n");
        let (call, msg) = &w[0];
        match call {
            Some(c) => {
                let first = msg.lines().next().unwrap_or("");
                if 6 + c.len() + first.len() > 75 {
                    s.push_str(&format!("In {} :\n  {}\n", c, msg));
                } else {
                    s.push_str(&format!("In {} : {}\n", c, msg));
                }
            }
            None => s.push_str(&format!("{} \n", msg)),
        }
    } else {
        s.push_str("Warning messages:\n");
        for (i, (call, msg)) in w.iter().enumerate() {
            match call {
                Some(c) => {
                    let first = msg.lines().next().unwrap_or("");
                    if 10 + c.len() + first.len() > 75 {
                        s.push_str(&format!("{}: In {} :\n  {}\n", i + 1, c, msg));
                    } else {
                        s.push_str(&format!("{}: In {} : {}\n", i + 1, c, msg));
                    }
                }
                None => s.push_str(&format!("{}: {} \n", i + 1, msg)),
            }
        }
    }
    s
}

/// GNU R names an out-of-bounds `m[i, j] <- v` by the replacement call it
/// evaluates, `` `[<-`(`*tmp*`, i, j, value = v) `` (indices as written; the
/// value deparsed, or as written where R runs byte code: see
/// `FunctionCode::bytecode_assigns`), not by the assignment as its other
/// `[<-` errors do.
pub(super) fn matrix_subassign_error(
    mut e: RError,
    code: &FunctionCode,
    call: CallIdx,
    value: Option<&Value>,
) -> RError {
    let (Some(value), ErrCall::Pending) = (value, &e.call) else {
        return e;
    };
    if e.msg != "subscript out of bounds" {
        return e;
    }
    let ExprKind::Call(f, assign) = &code.calls[call as usize].kind else {
        return e;
    };
    if !matches!(&f.kind, ExprKind::Ident(n) if matches!(&**n, "<-" | "=" | "<<-")) {
        return e;
    }
    let Some(ExprKind::Call(_, target)) = assign
        .first()
        .and_then(|a| a.value.as_ref())
        .map(|t| &t.kind)
    else {
        return e;
    };
    let mut text = String::from("`[<-`(`*tmp*`");
    for a in &target[1..] {
        text.push_str(", ");
        if let Some(ix) = &a.value {
            text.push_str(&crate::deparse::deparse(ix));
        }
    }
    text.push_str(", value = ");
    match assign.get(1).and_then(|a| a.value.as_ref()) {
        Some(rhs) if code.bytecode_assigns.binary_search(&call).is_ok() => {
            text.push_str(&crate::deparse::deparse(rhs))
        }
        _ => text.push_str(&crate::deparse::deparse_value_short(value)),
    }
    text.push(')');
    RError::with_call(std::mem::take(&mut e.msg), text)
}

/// The closures GNU R runs between a call of `name` (a function dlvm
/// implements as a builtin) and the functions it calls, outermost first,
/// where they are more than `name` itself: `sapply` calls `FUN` through
/// `lapply`, `Filter` through `unlist(lapply(...))`, `Map` through `mapply`.
fn r_closure_chain(name: &str) -> &'static [&'static str] {
    match name {
        "sapply" => &["sapply", "lapply"],
        "Filter" => &["Filter", "unlist", "lapply"],
        "Map" => &["Map", "mapply"],
        "tapply" => &["tapply", "lapply"],
        _ => &[],
    }
}

/// The call of R's internal closure that evaluates a `tryCatch`'s (and a
/// `try`'s) expression when it has handlers: what a condition raised
/// directly there names.
const DO_TRY_CATCH: &str = "doTryCatch(return(expr), name, parentenv, handler)";

/// The call of R's innermost closure around the expression of a `tryCatch`
/// with `handlers` condition handlers (`tryCatchList(...)` without any).
fn trycatch_expr_call(handlers: usize) -> &'static str {
    if handlers > 0 {
        DO_TRY_CATCH
    } else {
        "tryCatchList(expr, classes, parentenv, handlers)"
    }
}

/// An error leaves a `tryCatch` with `handlers` condition handlers
/// uncaught: GNU R evaluated `expr` inside the closures `tryCatch`,
/// `tryCatchList`, then per handler `tryCatchOne` and `doTryCatch` (nested
/// from the last handler in), which the traceback lists, innermost first.
fn trycatch_frames(e: &mut RError, handlers: usize) {
    for _ in 0..handlers {
        e.trace
            .extend(["doTryCatch", "tryCatchOne", "tryCatchList"].map(Rc::from));
    }
    if handlers == 0 {
        e.trace.push("tryCatchList".into());
    }
    e.trace.push("tryCatch".into());
}

/// An error leaves handler `h` of a `tryCatch` with `handlers` handlers:
/// GNU R called it from the `tryCatchOne` of its class, inside the
/// `tryCatchList` and `doTryCatch` frames of the handlers after it (see
/// `trycatch_frames`).
fn handler_frames(e: &mut RError, h: usize, handlers: usize) {
    e.trace.push("tryCatchOne".into());
    for _ in h + 1..handlers {
        e.trace
            .extend(["tryCatchList", "doTryCatch", "tryCatchOne"].map(Rc::from));
    }
    e.trace.extend(["tryCatchList", "tryCatch"].map(Rc::from));
}

/// An error leaves builtin `name`: when `name` is a closure in GNU R (not a
/// primitive), its activation and the closures it runs through are on R's
/// context stack, so they belong in the error's traceback. An error the
/// builtin reports against another closure of R's (`sample` raising in
/// `sample.int`) names that one too.
pub(super) fn builtin_frames(e: &mut RError, name: &'static str) {
    if !crate::deparse::is_r_closure(name) {
        return;
    }
    if e.trace.is_empty() {
        if let ErrCall::Call(c) = &e.call {
            let inner: Rc<str> = crate::error::call_function_name(c).into();
            if &*inner != name
                && crate::deparse::is_r_closure(&inner)
                && builtins::lookup(&inner).is_some()
            {
                e.trace.push(inner);
            }
        }
    }
    match r_closure_chain(name) {
        [] => e.trace.push(name.into()),
        chain => e.trace.extend(chain.iter().rev().map(|&n| Rc::from(n))),
    }
}
