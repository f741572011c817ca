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
use crate::error::{ErrCall, ErrKind, RError, RErrorData, RResult};
use crate::value::*;
use std::rc::Rc;

pub(super) struct TryFrame {
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
        if self.warning_handlers > 0 {
            // The innermost region that intercepts it: a muffling one drops
            // it (GNU R's calling handler runs before `options(warn)` is
            // looked at), a `tryCatch` catches it.
            let muffled = self.tries.iter().rev().find_map(|t| {
                let info = &t.code.tries[t.info as usize];
                info.intercepts_warnings()
                    .then_some(info.kind == RegionKind::SuppressWarnings)
            });
            if muffled == Some(true) {
                return Ok(());
            }
            return Err(RError::from(RErrorData {
                kind: ErrKind::Warning,
                msg,
                call: call.map_or(ErrCall::None, ErrCall::Call),
                condition: None,
                trace: Vec::new(),
            }));
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
            1 => match call {
                Some(c) => self.err.push_str(&format!("Warning in {} : {}\n", c, msg)),
                None => self.err.push_str(&format!("Warning: {}\n", msg)),
            },
            _ => {
                return Err(RError::from(RErrorData {
                    kind: ErrKind::Error,
                    msg: format!("(converted from warning) {}", msg),
                    call: call.map_or(ErrCall::None, ErrCall::Call),
                    condition: None,
                    trace: Vec::new(),
                }))
            }
        }
        Ok(())
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

    pub fn attribute(&self, mut e: RError, code: &Rc<FunctionCode>, ci: CallIdx) -> RError {
        if e.call == ErrCall::Pending {
            e.call = ErrCall::Call(crate::deparse::deparse(&code.calls[ci as usize]));
        }
        e
    }

    /// The call a `stop()` raised directly in `try(expr)` names: GNU R's
    /// condition names its internal `doTryCatch(...)` call, which `try`
    /// reports as the `try` call itself. Directly: the innermost region is
    /// a `try` entered by the activation now running (the global
    /// environment's at top level), not by a caller of a function that
    /// stops.
    pub fn direct_try_call(&self) -> Option<String> {
        let t = self.tries.last()?;
        let ci = t.code.tries[t.info as usize].try_call?;
        let env = self.frames.last().map_or(&self.global, |a| &a.env);
        Rc::ptr_eq(&t.env, env).then(|| crate::deparse::deparse(&t.code.calls[ci as usize]))
    }

    /// The call a `stop()` or `warning()` raised directly in the argument of
    /// `suppressWarnings`, `suppressMessages` or `withVisible` names: that
    /// of the R closure evaluating it (see `direct_try_call`).
    pub fn direct_region_call(&mut self) -> Option<String> {
        self.observe_frames();
        let t = self.tries.last()?;
        let info = &t.code.tries[t.info as usize];
        if info.kind == RegionKind::TryCatch {
            return None;
        }
        let env = self.frames.last().map_or(&self.global, |a| &a.env);
        let ci = info.try_call?;
        Rc::ptr_eq(&t.env, env).then(|| crate::deparse::deparse(&t.code.calls[ci as usize]))
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
            if info.intercepts_warnings() {
                self.warning_handlers -= 1;
            }
            self.tries.pop();
        }
    }

    /// Is `message()` output dropped here (inside `suppressMessages`)?
    pub fn messages_muffled(&self) -> bool {
        self.tries
            .iter()
            .any(|t| t.code.tries[t.info as usize].kind == RegionKind::SuppressMessages)
    }

    /// Find a try region of this run that handles `err`; return where to
    /// resume (`None`: the handler's value, on the stack, ends the run: a
    /// region `run_try` entered).
    pub(super) fn handle_error(&mut self, mut err: RError, run_id: u64) -> RResult<Option<usize>> {
        loop {
            let Some(t) = self.tries.last() else {
                return Err(err);
            };
            if t.run_id != run_id {
                return Err(err);
            }
            let t = self.tries.pop().unwrap();
            let info = t.code.tries[t.info as usize].clone();
            if info.intercepts_warnings() {
                self.warning_handlers -= 1;
            }
            self.stack.truncate(t.stack_h);
            self.loops.truncate(t.loops_h);
            let warning_h = if info.has_warning {
                self.stack.pop()
            } else {
                None
            };
            let error_h = if info.has_error {
                self.stack.pop()
            } else {
                None
            };
            let handler = match err.kind {
                ErrKind::Warning => warning_h,
                ErrKind::Return => None,
                ErrKind::Error | ErrKind::Unsupported => error_h,
            };
            let result = match handler {
                Some(h) => {
                    let cond = make_condition(&err);
                    self.call_value(
                        &h,
                        Args::positional(vec![cond]),
                        CallSite::Text("value[[3L]](cond)".into()),
                    )
                }
                None => Err(err),
            };
            if let Some(fin) = info.finally {
                let vis = self.visible;
                self.run(&t.code, &t.env, fin)?;
                self.visible = vis;
            }
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
    let mut v = Vector::new(VecData::List(vec![Value::str(&msg), call]));
    v.set_attr("names", Value::strs(&["message", "call"]));
    let class: &[&str] = match e.kind {
        ErrKind::Warning => &["simpleWarning", "warning", "condition"],
        _ => &["simpleError", "error", "condition"],
    };
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
