//! Calls: how call sites are described (`CallSite`), activations, argument
//! matching and binding (`bind_params`), closure calls (`call_closure*`,
//! `run_frame`, `push_activation`/`pop_activation`) and frame reuse.

use super::conditions::builtin_frames;
use super::s3::DispatchInfo;
use super::{Interp, STEPS_EXHAUSTED};
use crate::args::{match_args, Args};
use crate::ast::{Expr, ExprKind};
use crate::builtins;
use crate::bytecode::*;
use crate::env::{Env, EnvFrame};
use crate::error::{ErrCall, RError, RErrorData, RResult};
use crate::value::*;
use std::rc::Rc;

/// How a call site is described in errors and warnings.
#[derive(Clone)]
pub enum CallSite {
    /// `code.calls[idx]`.
    Code(Rc<FunctionCode>, CallIdx),
    /// Synthesized text (e.g. `FUN(X[[i]], ...)` for calls made by `lapply`).
    Text(Rc<str>),
    /// `code.calls[idx]` calling the S3 method named here instead (R's
    /// `UseMethod` runs the method with the generic's call, its function
    /// replaced by the method's name: `f.default(1)` for `f(1)`).
    Method(Rc<FunctionCode>, CallIdx, Rc<str>),
    /// `code.calls[idx]`, whose callee took its arguments as promises
    /// (`Interp::lazy_call`).
    Lazy(Rc<LazyCall>),
    /// A call made at run time: an internal generic's method called as R
    /// calls it (`` `+.money`(a, b) `` for `a + b`,
    /// `` `[<-.money`(`*tmp*`, 2, value = v) `` for `x[2] <- v`).
    Made(Rc<Expr>),
    None,
}

/// A call of a function that takes its arguments unevaluated
/// (`FunctionCode::lazy_args`): the call, where its arguments are
/// evaluated, and what each parameter was given.
pub struct LazyCall {
    pub code: Rc<FunctionCode>,
    pub ci: CallIdx,
    /// The caller's environment, where the promises are evaluated.
    pub env: Env,
    /// Per parameter slot: the expression supplied for it (a language
    /// object, or a constant's value), if any. A slot still unbound with
    /// its `pending` bit set is a promise of its expression.
    pub args: Vec<Option<Value>>,
    /// The expressions of the `...` arguments, with their names.
    pub dots: Vec<(Option<Sym>, Value)>,
    /// The callee's `...` while not evaluated yet (the values known, `None`
    /// for those to evaluate): the frame's dots are unset until then.
    pub unforced_dots: std::cell::RefCell<Vec<(Option<Sym>, Option<Value>)>>,
    /// The parameter slots whose promise is not evaluated yet (a bit per
    /// slot). A promise outlives its call when a closure made in the call
    /// reads it later (`Interp::lazy_frames`).
    pub pending: std::cell::Cell<u64>,
}

impl CallSite {
    /// The call expression of the site (`sys.call()`): the text of a
    /// synthesized site parsed.
    pub fn call_expr(&self) -> Option<Expr> {
        match self {
            CallSite::Code(c, i) => Some(c.calls[*i as usize].clone()),
            CallSite::Lazy(l) => Some(l.code.calls[l.ci as usize].clone()),
            CallSite::Method(c, i, name) => {
                let mut e = c.calls[*i as usize].clone();
                if let ExprKind::Call(f, _) = &mut e.kind {
                    **f = Expr::new(ExprKind::Ident(name.clone()), f.pos);
                }
                Some(e)
            }
            CallSite::Text(t) => crate::parser::parse_program(t, "<text>")
                .ok()
                .and_then(|p| p.exprs.into_iter().next()),
            CallSite::Made(e) => Some((**e).clone()),
            CallSite::None => None,
        }
    }
}

impl CallSite {
    pub fn text(&self) -> Option<String> {
        match self {
            CallSite::Code(c, i) => Some(crate::deparse::deparse(&c.calls[*i as usize])),
            CallSite::Text(t) => Some(t.to_string()),
            CallSite::Lazy(l) => Some(crate::deparse::deparse(&l.code.calls[l.ci as usize])),
            CallSite::Method(c, i, name) => Some(renamed_call(
                &crate::deparse::deparse(&c.calls[*i as usize]),
                name,
            )),
            CallSite::Made(e) => Some(crate::deparse::deparse(e)),
            CallSite::None => None,
        }
    }

    /// The same call running S3 method `method` (see `CallSite::Method`).
    pub(super) fn for_method(&self, method: &str) -> CallSite {
        match self {
            CallSite::Code(c, i) | CallSite::Method(c, i, _) => {
                CallSite::Method(c.clone(), *i, method.into())
            }
            CallSite::Lazy(l) => CallSite::Method(l.code.clone(), l.ci, method.into()),
            CallSite::Text(t) => CallSite::Text(renamed_call(t, method).into()),
            CallSite::Made(e) => CallSite::Made(Rc::new(renamed_expr(e, method))),
            CallSite::None => CallSite::None,
        }
    }
    fn err_call(&self) -> ErrCall {
        match self.text() {
            Some(t) => ErrCall::Call(t),
            None => ErrCall::None,
        }
    }
}

/// Call text `call` with its function replaced by `name` (`f(1)` run as
/// method `f.default`: `f.default(1)`).
fn renamed_call(call: &str, name: &str) -> String {
    let args = call.find('(').map_or("()", |k| &call[k..]);
    format!("{}{}", name, args)
}

/// Call expression `call` with its function replaced by the symbol `name`.
pub(super) fn renamed_expr(call: &Expr, name: &str) -> Expr {
    let mut e = call.peel().clone();
    if let ExprKind::Call(f, _) = &mut e.kind {
        **f = Expr::new(ExprKind::Ident(name.into()), f.pos);
    }
    e
}

/// One closure activation.
pub struct Activation {
    pub closure: Rc<Closure>,
    pub env: Env,
    pub site: CallSite,
    /// The arguments as supplied (kept only for functions that dispatch).
    /// Boxed, like `dispatch`: an activation is pushed and popped on every
    /// call, so it is kept small.
    pub args: Option<Box<Args>>,
    pub on_exit: Vec<Pc>,
    /// Bit i: parameter i was not supplied and its default has not been evaluated yet.
    pub pending: u64,
    /// Bit i: parameter i was not supplied (what `missing()` answers).
    pub missing: u64,
    pub dispatch: Option<Box<DispatchInfo>>,
}

impl Interp {
    pub fn call_function(&mut self, f: &Value, args: Args) -> RResult<Value> {
        self.call_value(f, args, CallSite::None)
    }

    /// Call a function value; `site` describes the call in errors.
    pub fn call_value(&mut self, f: &Value, args: Args, site: CallSite) -> RResult<Value> {
        if let Value::Builtin(id) = f {
            // A builtin that is an S3 generic in R (`rev`, `mean`, ...) hands a
            // classed first argument to the user's method, if there is one.
            if let Some(generic) = builtins::s3_generic(*id) {
                if let Some(obj) = args.values.first().filter(|v| v.has_attrs()) {
                    if let Some(classes) = obj.explicit_class() {
                        for (k, c) in classes.iter().enumerate() {
                            if let Some(Value::Closure(m)) =
                                self.find_function(&format!("{}.{}", generic, c))
                            {
                                let info = DispatchInfo {
                                    generic: generic.to_string(),
                                    classes: classes.clone(),
                                    position: k,
                                    object: obj.clone(),
                                    group: None,
                                    method: None,
                                };
                                return self.call_closure(&m, args, site, Some(info)).map_err(
                                    |mut e| {
                                        builtin_frames(&mut e, generic);
                                        e
                                    },
                                );
                            }
                        }
                    }
                }
            }
        }
        self.call_value_no_dispatch(f, args, site)
    }

    /// `call_value` without S3 dispatch of builtins: the internal default
    /// method, as `NextMethod` and `UseMethod` reach it.
    pub(super) fn call_value_no_dispatch(
        &mut self,
        f: &Value,
        args: Args,
        site: CallSite,
    ) -> RResult<Value> {
        match f {
            Value::Builtin(id) => {
                // Unnamed arguments: the builtin's scalar entry, if it has one.
                if args.names.iter().all(Option::is_none) {
                    if let Some(r) = self.call_builtin_scalar(*id, args.values.iter(), &site) {
                        return r;
                    }
                }
                let mut args = args;
                // A factor argument: R's factor method, or the builtin on
                // converted arguments.
                let method = builtins::factor::prepare(*id, &mut args);
                let run = |interp: &mut Interp| {
                    Some(match method {
                        builtins::factor::Prepared::Plain => builtins::call(*id, interp, args),
                        builtins::factor::Prepared::Replace(f) => f(interp, args),
                        builtins::factor::Prepared::Rewrap(levels, class) => {
                            builtins::call(*id, interp, args)
                                .map(|v| builtins::factor::rewrap(v, &levels, &class))
                        }
                    })
                };
                self.call_builtin_at(*id, &site, run)
                    .expect("a builtin's body always runs")
            }
            Value::Closure(c) => self.call_closure(c, args, site, None),
            _ => Err(RError::from(RErrorData {
                call: site.err_call(),
                ..*RError::new("attempt to apply non-function").0
            })),
        }
    }

    /// Builtin `id` on unnamed arguments through its scalar entry
    /// (`BuiltinDef::scalar`), as `call_value_no_dispatch` calls builtins
    /// (no S3 dispatch: the entries take attribute-free scalars). `None`: it
    /// has no entry, or its entry does not apply to these arguments.
    pub fn call_builtin_scalar<'a>(
        &mut self,
        id: u16,
        args: impl ExactSizeIterator<Item = &'a Value>,
        site: &CallSite,
    ) -> Option<RResult<Value>> {
        let entry = builtins::scalar_entry(id)?;
        let n = args.len();
        let mut refs: [&Value; builtins::MAX_SCALAR_ARGS] =
            [&Value::Null; builtins::MAX_SCALAR_ARGS];
        if n > refs.len() {
            return None;
        }
        for (r, v) in refs.iter_mut().zip(args) {
            *r = v;
        }
        let r = self.call_builtin_at(id, site, |interp| entry(interp, &refs[..n]))?;
        self.stats.builtin_scalar_calls += 1;
        Some(r)
    }

    /// Run builtin `id`'s body `run` as the call at `site`: the current call
    /// (for warnings), visibility, the call counts, and the call and frames
    /// of its error. `None`: `run` declined (a scalar entry that does not
    /// apply); nothing was counted.
    fn call_builtin_at(
        &mut self,
        id: u16,
        site: &CallSite,
        run: impl FnOnce(&mut Interp) -> Option<RResult<Value>>,
    ) -> Option<RResult<Value>> {
        let saved = self.cur_call;
        if let CallSite::Code(c, i) = site {
            self.cur_call = Some((Rc::as_ptr(c), *i));
        }
        self.visible = true;
        let r = run(self);
        self.cur_call = saved;
        let r = r?;
        self.stats.builtin_calls += 1;
        if let Some(c) = &mut self.stats.builtin_counts {
            c[id as usize] += 1;
        }
        Some(r.map_err(|mut e| {
            if e.call == ErrCall::Pending {
                e.call = match site.text() {
                    Some(t) => ErrCall::Call(t),
                    None => self.frame_call_text().map_or(ErrCall::None, ErrCall::Call),
                };
            }
            // Signalled where it was raised (calling handlers run here, in
            // the builtin: an error one of them raises unwinds through it).
            let mut e = self.signal_error(e);
            builtin_frames(&mut e, crate::builtin_names::name_of(id));
            e
        }))
    }

    /// A closure call starts: R's nesting limit, and the call count.
    #[inline]
    pub(super) fn begin_call(&mut self) -> RResult<()> {
        if self.frames.len() + self.native_depth >= self.max_depth {
            return Err(RError::no_call(
                "evaluation nested too deeply: infinite recursion / options(expressions=)?",
            ));
        }
        self.steps += 1;
        if self.steps > self.max_steps {
            return Err(RError::no_call(STEPS_EXHAUSTED));
        }
        self.stats.closure_calls += 1;
        Ok(())
    }

    pub fn call_closure(
        &mut self,
        clo: &Rc<Closure>,
        args: Args,
        site: CallSite,
        dispatch: Option<DispatchInfo>,
    ) -> RResult<Value> {
        // Unnamed arguments, no more than the formals, no `...`, no dispatch
        // to keep: matching is the identity, and the frame comes from the
        // pool (`apply_each`, `do.call`, `Reduce`... call closures so).
        if dispatch.is_none()
            && args.names.iter().all(Option::is_none)
            && Self::positional_ok(clo, args.values.len())
        {
            let mut values = args.values;
            return self.call_closure_values(clo, &mut values, site);
        }
        self.begin_call()?;
        let code = clo.code.clone();
        let env = EnvFrame::new_function(code.locals.clone(), clo.env.clone());
        let kept_args = if code.uses_dispatch {
            Some(args.clone())
        } else {
            None
        };
        let empty_missing = dispatch.is_some();
        let (pending, missing) = match self.bind_params(clo, &env, args, empty_missing) {
            Ok(pm) => pm,
            Err(msg) => {
                return Err(RError::from(RErrorData {
                    call: site.err_call(),
                    ..*RError::new(msg).0
                }))
            }
        };
        self.run_frame(clo, env, site, kept_args, pending, missing, dispatch)
    }

    /// `LoadFun` at `pc` of `code` (running in `env`) found `f`, a closure
    /// whose arguments are wanted unevaluated (`FunctionCode::lazy_args`),
    /// for its call `ci`: the call made with the arguments as promises,
    /// skipping their code, and the address after the call's `Call`.
    /// `None`: call it the ordinary way (a function that dispatches, or
    /// one with more than 64 parameters).
    pub(super) fn lazy_call(
        &mut self,
        code: &Rc<FunctionCode>,
        env: &Env,
        pc: usize,
        ci: CallIdx,
        f: &Value,
    ) -> Option<(usize, RResult<Value>)> {
        let Value::Closure(clo) = f else { return None };
        if clo.code.uses_dispatch || clo.code.nparams > 64 {
            return None;
        }
        let call_pc = (pc..code.ops.len())
            .find(|&k| matches!(code.ops[k], Op::Call { call, .. } if call == ci))?;
        let Op::Call { fb, .. } = code.ops[call_pc] else {
            return None;
        };
        let site = {
            let mut sites = code.lazy_sites.borrow_mut();
            match sites.iter().find(|(c, _)| *c == ci) {
                Some((_, s)) => s.clone(),
                None => {
                    let s = Rc::new(crate::lang::LazySite::of(&code.calls[ci as usize]));
                    sites.push((ci, s.clone()));
                    s
                }
            }
        };
        code.call_fb[fb as usize].borrow_mut().record(f);
        let r = self.call_with_promises(code, env, ci, &site, clo);
        if let Ok(v) = &r {
            code.call_fb[fb as usize].borrow_mut().record_result(v);
        }
        Some((call_pc + 1, r))
    }

    /// Call `clo` with the arguments of call `ci` of `code` (`site`) as
    /// promises in `env`: a constant is bound at once, `...` passed on is
    /// expanded (its values), an expression is bound when its parameter is
    /// first read (`force_pending`). Arguments that go to the callee's
    /// `...` are evaluated now.
    fn call_with_promises(
        &mut self,
        code: &Rc<FunctionCode>,
        env: &Env,
        ci: CallIdx,
        site: &crate::lang::LazySite,
        clo: &Rc<Closure>,
    ) -> RResult<Value> {
        use crate::lang::LazyArg;
        let call_text = || crate::deparse::deparse(&code.calls[ci as usize]);
        // Each supplied argument: name, expression, value if known, empty.
        let mut supplied: Vec<(Option<Sym>, Value, Option<Value>, bool)> = Vec::new();
        for a in &site.args {
            match a {
                LazyArg::Expr(n, ex) => {
                    let known = (!matches!(ex, Value::Lang(_))).then(|| ex.clone());
                    supplied.push((n.clone(), ex.clone(), known, false));
                }
                LazyArg::Empty(n) => {
                    supplied.push((n.clone(), crate::lang::empty_sym(), None, true))
                }
                LazyArg::Dots => {
                    let Some(d) = self.dots_of(env)? else {
                        return Err(RError::with_call(
                            "'...' used in an incorrect context",
                            call_text(),
                        ));
                    };
                    // The caller's own promises' expressions, if it has them.
                    let exprs = self.frames.last().and_then(|a| match &a.site {
                        CallSite::Lazy(l) if Rc::ptr_eq(&a.env, env) => Some(l.dots.clone()),
                        _ => None,
                    });
                    let mut args = Args::new();
                    push_arg(&mut args, &ArgSpec::Dots, d);
                    for (k, (n, v)) in args.names.into_iter().zip(args.values).enumerate() {
                        let ex = exprs
                            .as_ref()
                            .and_then(|x| x.get(k))
                            .map_or_else(|| v.clone(), |x| x.1.clone());
                        supplied.push((n, ex, Some(v), false));
                    }
                }
            }
        }
        let params = &clo.params;
        let formals: Vec<&str> = params.iter().map(|p| &*p.name).collect();
        let names: Vec<Option<Sym>> = supplied.iter().map(|s| s.0.clone()).collect();
        let m = match_args(&formals, &names, &|i| {
            let v = crate::lang::to_expr(&supplied[i].1);
            let v = crate::deparse::deparse(&v);
            match &supplied[i].0 {
                Some(n) => format!("({} = {})", n, v),
                None => format!("({})", v),
            }
        })
        .map_err(|msg| RError::with_call(msg, call_text()))?;
        let ccode = &clo.code;
        let np = ccode.nparams;
        let mut args: Vec<Option<Value>> = vec![None; np];
        let mut slots: Vec<Option<Value>> = vec![None; ccode.locals.len()];
        let mut pending = 0u64;
        let mut unbound = Vec::new();
        let mut slot = 0;
        for (fi, p) in params.iter().enumerate() {
            if &*p.name == "..." {
                continue;
            }
            match m.formals[fi].map(|ai| &supplied[ai]) {
                Some((_, ex, known, false)) => {
                    args[slot] = Some(ex.clone());
                    match known {
                        Some(v) => slots[slot] = Some(v.clone()),
                        None => pending |= 1 << slot,
                    }
                }
                _ => unbound.push(slot),
            }
            slot += 1;
        }
        let promises = pending;
        let (p2, missing) = bind_missing(ccode, &mut slots, unbound.into_iter());
        pending |= p2;
        // The callee's `...`: values when all are known, else evaluated
        // together at the first use of `...` (`dots_of`).
        let has_dots = params.iter().any(|p| &*p.name == "...");
        let mut dots = Vec::new();
        let mut dots_exprs = Vec::new();
        if has_dots {
            for &i in &m.dots {
                let (n, ex, known, empty) = &supplied[i];
                if *empty {
                    continue;
                }
                dots.push((n.clone(), known.clone()));
                dots_exprs.push((n.clone(), ex.clone()));
            }
        }
        let dots_known = dots.iter().all(|(_, v)| v.is_some());
        self.begin_call()?;
        let fenv = EnvFrame::new_function(ccode.locals.clone(), clo.env.clone());
        *fenv.slots.borrow_mut() = slots;
        let mut unforced = Vec::new();
        if has_dots {
            if dots_known {
                let d = dots.into_iter().map(|(n, v)| (n, v.unwrap())).collect();
                *fenv.dots.borrow_mut() = Some(Rc::new(d));
            } else {
                unforced = dots;
            }
        }
        let lazy = LazyCall {
            code: code.clone(),
            ci,
            env: env.clone(),
            args,
            dots: dots_exprs,
            unforced_dots: std::cell::RefCell::new(unforced),
            pending: std::cell::Cell::new(promises),
        };
        let lazy = Rc::new(lazy);
        if promises != 0 || !lazy.unforced_dots.borrow().is_empty() {
            self.keep_lazy_frame(&fenv, &lazy);
        }
        self.run_frame(
            clo,
            fenv,
            CallSite::Lazy(lazy),
            None,
            pending,
            missing,
            None,
        )
    }

    /// Whether a call of `clo` with `argc` positional arguments may use
    /// `call_closure_positional` (no `...` to fill, no argument list to keep
    /// for `UseMethod`, no more arguments than formals: R's matching is then
    /// the identity).
    pub fn positional_ok(clo: &Closure, argc: usize) -> bool {
        let code = &clo.code;
        argc <= code.nparams && clo.params.len() == code.nparams && !code.uses_dispatch
    }

    /// A builtin's call of `clo` with positional arguments `values`, when
    /// `positional_ok` holds: in compiled code without a frame when the tier
    /// can (`Tier::call_frameless`), else as
    /// `call_closure_positional`. Takes the values out of `values` (a buffer
    /// the caller may reuse).
    pub fn call_closure_values(
        &mut self,
        clo: &Rc<Closure>,
        values: &mut Vec<Value>,
        site: CallSite,
    ) -> RResult<Value> {
        let code = &clo.code;
        if values.len() <= code.nparams
            && code.calls_want_frame.get().is_none()
            && self.native_ok(code)
        {
            if let Some(tier) = self.tier.clone() {
                if let Some(r) = tier.call_frameless(self, clo, values, &site) {
                    return r;
                }
            }
        }
        self.call_closure_positional(clo, values.drain(..), site)
    }

    /// A call of `clo` with positional arguments `values` (in order), when
    /// `positional_ok` holds: exactly what `call_closure` does for such a call
    /// (same frame, same `missing()` bits, same tier entry), without building
    /// an `Args` list and matching it. Compiled code's calls come here.
    pub fn call_closure_positional(
        &mut self,
        clo: &Rc<Closure>,
        values: impl Iterator<Item = Value>,
        site: CallSite,
    ) -> RResult<Value> {
        self.call_closure_matched(clo, values.map(Some), site)
    }

    /// `call_closure_positional` of arguments already matched to the
    /// formals (in their order, `None` where the call supplies none: R's
    /// matching of a named argument list done by the caller).
    pub fn call_closure_matched(
        &mut self,
        clo: &Rc<Closure>,
        values: impl Iterator<Item = Option<Value>>,
        site: CallSite,
    ) -> RResult<Value> {
        self.begin_call()?;
        let code = &clo.code;
        let env = self.fresh_frame(clo);
        // Parameters without a value (past the supplied ones, or not
        // matched) are missing.
        let (pending, missing) = {
            let mut slots = env.slots.borrow_mut();
            let mut unbound = 0u64;
            let mut n = 0usize;
            for (k, (slot, v)) in slots.iter_mut().zip(values).enumerate() {
                match v {
                    Some(v) => *slot = Some(v),
                    None if k < 64 => unbound |= 1 << k,
                    None => {}
                }
                n = k + 1;
            }
            let absent =
                (0..code.nparams).filter(|&k| k >= n || (k < 64 && unbound & (1 << k) != 0));
            bind_missing(code, &mut slots, absent)
        };
        let r = self.run_frame(clo, env.clone(), site, None, pending, missing, None);
        self.recycle_frame(env);
        r
    }

    /// Frames kept for reuse (enough for the depth of typical recursion
    /// between calls that return).
    const ENV_POOL: usize = 64;

    /// A new, empty function frame for an activation of `clo`: a recycled
    /// one when available, else allocated.
    pub fn fresh_frame(&mut self, clo: &Closure) -> Env {
        let code = &clo.code;
        if let Some(mut env) = self.env_pool.pop() {
            if let Some(f) = Rc::get_mut(&mut env) {
                f.layout = Some(code.locals.clone());
                f.parent = Some(clo.env.clone());
                // Empty (see `recycle_frame`): unbound slots, built in place.
                let slots = f.slots.get_mut();
                slots.extend(std::iter::repeat_with(|| None).take(code.locals.len()));
                return env;
            }
        }
        EnvFrame::new_function(code.locals.clone(), clo.env.clone())
    }

    /// Keep `env` for `fresh_frame` when its activation is over and nothing
    /// else refers to it (no closure, promise, continuation or exit state
    /// captured it): it is emptied at once, so it keeps no value alive, and
    /// nobody can observe that its memory is reused.
    pub fn recycle_frame(&mut self, mut env: Env) {
        if self.env_pool.len() >= Self::ENV_POOL {
            return;
        }
        if let Some(f) = Rc::get_mut(&mut env) {
            f.slots.get_mut().clear();
            f.dots.get_mut().take();
            f.clear_extra();
            f.parent = None;
            f.layout = None;
            self.env_pool.push(env);
        }
    }

    /// Push the activation of `clo` (arguments bound in `env`), run it
    /// natively when the tier takes it, else in the interpreter; then its
    /// `on.exit` code; pop it.
    #[allow(clippy::too_many_arguments)]
    fn run_frame(
        &mut self,
        clo: &Rc<Closure>,
        env: Env,
        site: CallSite,
        kept_args: Option<Args>,
        pending: u64,
        missing: u64,
        dispatch: Option<DispatchInfo>,
    ) -> RResult<Value> {
        let code = &clo.code;
        if let Some(d) = dispatch.as_ref().filter(|_| code.uses_dispatch) {
            let name = match &site {
                CallSite::Method(_, _, n) => Some(&**n),
                _ => None,
            };
            super::s3::bind_dispatch_vars(&env, d, name);
        }
        let depth = self.push_activation(clo, &env, site, kept_args, pending, missing, dispatch);
        let native = if self.native_ok(code) {
            self.tier.clone().and_then(|t| t.enter(self, clo, &env))
        } else {
            None
        };
        let r = match native {
            Some(r) => r,
            None => self.run(code, &env, 0),
        };
        let r = self.pop_activation(depth, &env, r);
        code.invocations.set(code.invocations.get().wrapping_add(1));
        r
    }

    /// Push the activation of `clo` running in `env`; returns its depth (the
    /// `pop_activation` argument). Also what a tier does when code running
    /// without an activation (`begin_native_call`) needs one after all.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub fn push_activation(
        &mut self,
        clo: &Rc<Closure>,
        env: &Env,
        site: CallSite,
        kept_args: Option<Args>,
        pending: u64,
        missing: u64,
        dispatch: Option<DispatchInfo>,
    ) -> usize {
        // Activations are pushed in call order: compiled code running
        // without its own (a builtin it called calls a closure) builds it
        // first.
        if self.lazy_top.is_some() {
            self.observe_frames();
        }
        // Built in place, field by field: `push` of a struct literal builds
        // it on the stack and copies it with wide loads of narrow stores (a
        // store-forwarding stall on every call, which showed in profiles).
        self.frames.reserve(1);
        let depth = self.frames.len();
        // SAFETY: capacity for one more element was reserved; every field
        // of the new element is written before the length covers it, and
        // nothing between can panic (Rc clones and boxing only abort).
        unsafe {
            let p = self.frames.as_mut_ptr().add(depth);
            std::ptr::addr_of_mut!((*p).closure).write(clo.clone());
            std::ptr::addr_of_mut!((*p).env).write(env.clone());
            std::ptr::addr_of_mut!((*p).site).write(site);
            std::ptr::addr_of_mut!((*p).args).write(kept_args.map(Box::new));
            std::ptr::addr_of_mut!((*p).on_exit).write(Vec::new());
            std::ptr::addr_of_mut!((*p).pending).write(pending);
            std::ptr::addr_of_mut!((*p).missing).write(missing);
            std::ptr::addr_of_mut!((*p).dispatch).write(dispatch.map(Box::new));
            self.frames.set_len(depth + 1);
        }
        depth
    }

    /// End the activation at `depth` (the top one) whose code returned `r`:
    /// run its `on.exit` code, name its call in an error's trace, pop it.
    #[inline]
    pub fn pop_activation(&mut self, depth: usize, env: &Env, r: RResult<Value>) -> RResult<Value> {
        debug_assert_eq!(self.frames.len(), depth + 1);
        let mut r = r;
        if r.is_err() && self.cond_regions > 0 {
            // Compiled code's error, not signalled yet: its handlers run
            // before the `on.exit` code (the interpreter's runs signal
            // theirs, `handle_error`).
            r = r.map_err(|e| self.signal_error(e));
        }
        let act = self.frames.last_mut().unwrap();
        let exits = std::mem::take(&mut act.on_exit);
        if let Err(e) = &mut r {
            if let Some(name) = site_name(&act.site) {
                e.trace.push(name);
            }
        }
        if !exits.is_empty() {
            let code = act.closure.code.clone();
            for pc in exits {
                let vis = self.visible;
                if let Err(e) = self.run(&code, env, pc) {
                    r = Err(e);
                }
                self.visible = vis;
            }
        }
        // Dropped in place: `pop` would copy the activation out first (a
        // 96-byte move on every call, which showed in call profiles).
        self.frames.truncate(depth);
        r
    }

    /// Bind supplied arguments to the closure's formals. Returns the pending-default
    /// and missing bit sets.
    /// `empty_missing`: an argument that is the empty symbol leaves its
    /// formal missing (a subsetting method's `m[i, ]`, see
    /// `subset::method_args`).
    fn bind_params(
        &mut self,
        clo: &Closure,
        env: &Env,
        args: Args,
        empty_missing: bool,
    ) -> Result<(u64, u64), String> {
        let code = &clo.code;
        let params = &clo.params;
        let has_dots = params.iter().any(|p| &*p.name == "...");
        let np = code.nparams;
        let mut bound = vec![false; np];
        if !has_dots && args.names.iter().all(|n| n.is_none()) && args.len() <= np {
            let mut slots = env.slots.borrow_mut();
            for (i, v) in args.values.into_iter().enumerate() {
                if empty_missing && crate::lang::is_empty_sym(&v) {
                    continue;
                }
                slots[i] = Some(v);
                bound[i] = true;
            }
        } else {
            let formals: Vec<&str> = params.iter().map(|p| &*p.name).collect();
            let m = match_args(&formals, &args.names, &|i| {
                let v = crate::deparse::deparse_value_short(&args.values[i]);
                match &args.names[i] {
                    Some(n) => format!("({} = {})", n, v),
                    None => format!("({})", v),
                }
            })?;
            let mut vals: Vec<Option<Value>> = args.values.into_iter().map(Some).collect();
            let mut slot = 0;
            let mut slots = env.slots.borrow_mut();
            for (fi, p) in params.iter().enumerate() {
                if &*p.name == "..." {
                    continue;
                }
                if let Some(ai) = m.formals[fi] {
                    let v = vals[ai].take();
                    if !(empty_missing && v.as_ref().is_some_and(crate::lang::is_empty_sym)) {
                        slots[slot] = v;
                        bound[slot] = true;
                    }
                }
                slot += 1;
            }
            if has_dots {
                let dots: Vec<(Option<Sym>, Value)> = m
                    .dots
                    .iter()
                    .map(|&i| (args.names[i].clone(), vals[i].take().unwrap()))
                    .collect();
                *env.dots.borrow_mut() = Some(Rc::new(dots));
            }
        }
        let unbound = bound
            .iter()
            .enumerate()
            .filter(|(_, b)| !**b)
            .map(|(i, _)| i);
        Ok(bind_missing(code, &mut env.slots.borrow_mut(), unbound))
    }

    /// Collect `argc` arguments from the stack into `Args`, expanding `...`.
    pub(super) fn collect_args(&mut self, code: &FunctionCode, spec: u32, argc: usize) -> Args {
        let start = self.stack.len() - argc;
        let specs = &code.arg_specs[spec as usize];
        let mut args = Args {
            values: Vec::with_capacity(argc),
            names: Vec::with_capacity(argc),
        };
        for (k, v) in self.stack.drain(start..).enumerate() {
            push_arg(&mut args, &specs[k], v);
        }
        args
    }

    /// Remember that frame `env` holds promises of call `lazy`
    /// (`Interp::lazy_frames`), forgetting frames that are gone.
    fn keep_lazy_frame(&mut self, env: &Env, lazy: &Rc<LazyCall>) {
        if self.lazy_frames.len() >= self.lazy_frames_limit {
            self.lazy_frames.retain(|(w, _)| w.strong_count() > 0);
            self.lazy_frames_limit = (2 * self.lazy_frames.len()).max(64);
        }
        self.lazy_frames.push((Rc::downgrade(env), lazy.clone()));
    }

    /// The call with promises whose frame is `frame`, if it made one: of
    /// the running activation, or of one that ended (its frame kept by a
    /// closure).
    pub(super) fn lazy_call_of(&self, frame: &EnvFrame) -> Option<Rc<LazyCall>> {
        let running = self.frames.iter().rev().find_map(|a| match &a.site {
            CallSite::Lazy(l) if std::ptr::eq(Rc::as_ptr(&a.env), frame) => Some(l.clone()),
            _ => None,
        });
        running.or_else(|| {
            self.lazy_frames
                .iter()
                .rev()
                .find(|(w, _)| std::ptr::eq(w.as_ptr(), frame) && w.strong_count() > 0)
                .map(|(_, l)| l.clone())
        })
    }

    /// The `...` of the function whose frame is `env` (or encloses it) as
    /// a list, its promises evaluated first if a call made it with
    /// unevaluated ones (`call_with_promises`).
    pub(super) fn dots_of(&mut self, env: &Env) -> RResult<Option<Value>> {
        let mut e = Some(env.clone());
        while let Some(f) = e {
            if f.dots.borrow().is_none() && f.layout.is_some() {
                if let Some(l) = self.lazy_call_of(&f) {
                    let pending = std::mem::take(&mut *l.unforced_dots.borrow_mut());
                    if !pending.is_empty() {
                        let mut vals = Vec::with_capacity(pending.len());
                        for (k, (n, v)) in pending.into_iter().enumerate() {
                            let v = match v {
                                Some(v) => v,
                                None => self.eval_promise(&l.dots[k].1, &l.env)?,
                            };
                            vals.push((n, v));
                        }
                        *f.dots.borrow_mut() = Some(Rc::new(vals));
                    }
                }
            }
            if f.dots.borrow().is_some() {
                return Ok(Self::dots_value(&f));
            }
            if f.layout.is_none() {
                return Ok(None);
            }
            e = f.parent.clone();
        }
        Ok(None)
    }

    pub(super) fn dots_value(env: &Env) -> Option<Value> {
        let mut e = Some(env.clone());
        while let Some(f) = e {
            if let Some(d) = f.dots.borrow().as_ref() {
                let items: Vec<Value> = d.iter().map(|(_, v)| v.clone()).collect();
                let mut vec = Vector::new(VecData::List(items));
                if d.iter().any(|(n, _)| n.is_some()) {
                    let names: Vec<RStr> = d
                        .iter()
                        .map(|(n, _)| Some(n.clone().unwrap_or_else(|| "".into())))
                        .collect();
                    vec.set_attr("names", str_vec(names));
                }
                return Some(Value::Vec(Rc::new(vec)));
            }
            // `...` is looked up through function frames only.
            f.layout.as_ref()?;
            e = f.parent.clone();
        }
        None
    }
}

/// The `missing()` bits of an activation whose parameter slots `unbound` were
/// not supplied, and which of those have a default still to evaluate (on
/// first use). A literal default (`FunctionCode::default_values`) is bound
/// in `slots` at once instead: not pending, still missing.
pub fn bind_missing(
    code: &FunctionCode,
    slots: &mut [Option<Value>],
    unbound: impl Iterator<Item = usize>,
) -> (u64, u64) {
    let (mut pending, mut missing) = (0u64, 0u64);
    for i in unbound {
        if let Some(v) = &code.default_values[i] {
            slots[i] = Some(v.clone());
        }
        let (p, m) = absent_bits(code, i);
        pending |= p;
        missing |= m;
    }
    (pending, missing)
}

/// The `pending` and `missing()` bits (`bind_missing`) of parameter `i`
/// when the call supplies no argument for it: missing; pending too when its
/// default is evaluated at its first read (one that is not a literal). A
/// parameter past the 64th has no bits.
pub fn absent_bits(code: &FunctionCode, i: usize) -> (u64, u64) {
    if i >= 64 {
        return (0, 0);
    }
    let pending = code.default_values[i].is_none() && code.defaults[i].is_some();
    ((pending as u64) << i, 1 << i)
}

/// The name GNU R's traceback shows for a call expression: its function's
/// name when that is a symbol, else `<Anonymous>`.
pub(super) fn call_name(call: &Expr) -> Rc<str> {
    match &call.kind {
        ExprKind::Call(f, _) => match &f.kind {
            ExprKind::Ident(n) => n.clone(),
            _ => "<Anonymous>".into(),
        },
        _ => "<Anonymous>".into(),
    }
}

/// Add argument `v`, passed as `spec` says, to `args` (a `...` list's
/// elements one by one, with their names).
pub fn push_arg(args: &mut Args, spec: &ArgSpec, v: Value) {
    match spec {
        ArgSpec::Positional | ArgSpec::Empty => args.push(None, v),
        ArgSpec::Named(s) => args.push(Some(s.name()), v),
        ArgSpec::Dots => {
            if let Value::Vec(l) = &v {
                if let VecData::List(items) = &l.data {
                    let names = l.names();
                    for (i, item) in items.iter().enumerate() {
                        let n = names.and_then(|n| n[i].clone()).filter(|n| !n.is_empty());
                        args.push(n, item.clone());
                    }
                }
            }
        }
    }
}

/// The traceback name of an activation's call site.
pub fn site_name(site: &CallSite) -> Option<Rc<str>> {
    match site {
        CallSite::Code(c, i) => Some(call_name(&c.calls[*i as usize])),
        CallSite::Text(t) => Some(crate::error::call_function_name(t).into()),
        CallSite::Method(_, _, name) => Some(name.clone()),
        CallSite::Lazy(l) => Some(call_name(&l.code.calls[l.ci as usize])),
        CallSite::Made(e) => Some(call_name(e)),
        CallSite::None => None,
    }
}
