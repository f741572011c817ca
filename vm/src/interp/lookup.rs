//! Variable and function lookup from the interpreter loop: builtins by
//! symbol, "object not found" errors, and unbound parameter slots (pending
//! defaults, missing arguments).

use super::Interp;
use crate::builtins;
use crate::bytecode::*;
use crate::env::Env;
use crate::error::{RError, RResult};
use crate::symbols::SymId;
use crate::value::*;
use std::rc::Rc;

impl Interp {
    /// The builtin a name denotes when no binding of it is a function.
    pub fn builtin_for(&mut self, s: SymId) -> Option<u16> {
        let i = s.index();
        if i >= self.builtin_by_sym.len() {
            self.builtin_by_sym.resize(i + 1, None);
        }
        if let Some(b) = self.builtin_by_sym[i] {
            return b;
        }
        let b = builtins::table().by_name.get(&*s.name()).copied();
        self.builtin_by_sym[i] = Some(b);
        b
    }

    pub(super) fn lookup_fun(&mut self, env: &Env, s: SymId) -> Option<Value> {
        self.lookup_fun_result(env, s).ok().flatten()
    }

    /// `lookup_fun`, with the error of a promise evaluated on the way.
    #[inline]
    pub(super) fn lookup_fun_result(&mut self, env: &Env, s: SymId) -> RResult<Option<Value>> {
        if !self.lazy_frames.is_empty() {
            return self.lookup_through_promises(env, s, Value::is_function);
        }
        if let Some(v) = env.lookup_function(s) {
            return Ok(Some(v));
        }
        Ok(self.builtin_for(s).map(Value::Builtin))
    }

    pub(super) fn lookup_var(&mut self, env: &Env, s: SymId) -> Option<Value> {
        self.lookup_var_result(env, s).ok().flatten()
    }

    /// `lookup_var`, with the error of an argument that a function frame
    /// on the way holds as a promise not evaluated yet, and that failed to
    /// evaluate.
    #[inline]
    pub(crate) fn lookup_var_result(&mut self, env: &Env, s: SymId) -> RResult<Option<Value>> {
        if !self.lazy_frames.is_empty() {
            return self.lookup_through_promises(env, s, |_| true);
        }
        if let Some(v) = env.lookup(s) {
            return Ok(Some(v));
        }
        Ok(self.builtin_for(s).map(Value::Builtin))
    }

    /// `lookup_var_result` (`accept` every value) or `lookup_fun_result`
    /// (`accept` functions) while some call's promises may be unevaluated
    /// (`lazy_frames`): a parameter slot found unbound on the way is
    /// evaluated if it is a promise (R finds the argument there; a function
    /// lookup evaluates it to see if it is a function: `f <- function(g) {
    /// substitute(g); g(1) }`).
    #[inline(never)]
    fn lookup_through_promises(
        &mut self,
        env: &Env,
        s: SymId,
        accept: fn(&Value) -> bool,
    ) -> RResult<Option<Value>> {
        let mut e: &crate::env::EnvFrame = env;
        loop {
            let found = match e.get_local_or_slot(s) {
                Ok(v) => Some(v),
                Err(Some(i)) if e.layout.is_some() => self.force_promise(e, i).transpose()?,
                Err(_) => None,
            };
            if let Some(v) = found.filter(accept) {
                return Ok(Some(v));
            }
            match e.parent.as_deref() {
                Some(p) => e = p,
                None => break,
            }
        }
        Ok(self.builtin_for(s).map(Value::Builtin))
    }

    /// Parameter `slot` of frame `frame` when it is a promise not evaluated
    /// yet (of the running activation, or of a call that returned and
    /// whose frame a closure keeps): evaluated and bound. `None`: it is not.
    fn force_promise(
        &mut self,
        frame: &crate::env::EnvFrame,
        slot: usize,
    ) -> Option<RResult<Value>> {
        if slot >= 64 {
            return None;
        }
        let bit = 1u64 << slot;
        let l = self.lazy_call_of(frame)?;
        if l.pending.get() & bit == 0 {
            return None;
        }
        l.pending.set(l.pending.get() & !bit);
        if let Some(act) = self
            .frames
            .iter_mut()
            .rev()
            .find(|a| std::ptr::eq(Rc::as_ptr(&a.env), frame))
        {
            act.pending &= !bit;
        }
        let ex = l.args.get(slot).cloned().flatten()?;
        let r = self.eval_promise(&ex, &l.env);
        Some(r.inspect(|v| frame.slots.borrow_mut()[slot] = Some(v.clone())))
    }

    /// Parameter `slot` of the activation running in `frame`, when it is
    /// still to be evaluated (its `pending` bit): its promise or default
    /// evaluated and bound. `None`: no such activation or argument.
    pub(super) fn force_pending(
        &mut self,
        frame: &crate::env::EnvFrame,
        slot: usize,
    ) -> Option<RResult<Value>> {
        if slot >= 64 {
            return None;
        }
        let bit = 1u64 << slot;
        let Some(k) = self
            .frames
            .iter()
            .rposition(|a| std::ptr::eq(Rc::as_ptr(&a.env), frame) && a.pending & bit != 0)
        else {
            return self.force_promise(frame, slot);
        };
        let act = &mut self.frames[k];
        act.pending &= !bit;
        let env = act.env.clone();
        let code = act.closure.code.clone();
        let promise = match &act.site {
            super::CallSite::Lazy(l) if l.pending.get() & bit != 0 => {
                l.pending.set(l.pending.get() & !bit);
                l.args
                    .get(slot)
                    .cloned()
                    .flatten()
                    .map(|ex| (ex, l.env.clone()))
            }
            _ => None,
        };
        let r = match promise {
            Some((ex, penv)) => self.eval_promise(&ex, &penv),
            None => match code.defaults.get(slot).copied().flatten() {
                Some(pc) => self.run(&code, &env, pc),
                None => return None,
            },
        };
        Some(r.inspect(|v| env.slots.borrow_mut()[slot] = Some(v.clone())))
    }

    /// The value of a promise's expression `ex` (a language object, or a
    /// constant) in `env`, the visibility left as it was.
    pub fn eval_promise(&mut self, ex: &Value, env: &Env) -> RResult<Value> {
        let vis = self.visible;
        let r = self.eval_lang(ex, env);
        self.visible = vis;
        r
    }

    /// An error of a promise forced by the instruction at `pc` of `code`:
    /// when that instruction evaluates an argument of a closure's call, R
    /// forces the promise in that closure's context, so an error naming
    /// the current context names that call.
    fn forced_in_args(&self, mut e: RError, code: &FunctionCode, pc: usize) -> RError {
        let ci = code.in_args_of.get(pc).copied().unwrap_or(NO_CALL);
        if ci != NO_CALL {
            if let (crate::error::ErrCall::Call(c), Some(top)) = (&e.call, self.top_call_text()) {
                if *c == top {
                    e.call = crate::error::ErrCall::Call(crate::deparse::deparse(
                        &code.calls[ci as usize],
                    ));
                }
            }
        }
        e
    }

    /// `eval`'s evaluation of `ex` in `env`, in an activation of its own
    /// (R's `eval` is a closure): of a closure running `code` in `env`,
    /// called at `site`, which errors in the evaluated code name.
    pub fn eval_in_activation(
        &mut self,
        ex: &Value,
        env: &Env,
        site: super::CallSite,
        code: Rc<FunctionCode>,
    ) -> RResult<Value> {
        self.begin_call()?;
        let clo = Rc::new(Closure {
            params: Rc::from(Vec::new()),
            code,
            env: env.clone(),
            attrs: None,
        });
        let depth = self.push_activation(&clo, env, site, None, 0, 0, None);
        let r = self.eval_lang(ex, env);
        self.pop_activation(depth, env, r)
    }

    /// The value of `ex` in `env`: a symbol looked up, a call run
    /// (`crate::lang::LangCall::code`), an expression vector's elements
    /// in turn (the last one's value), anything else itself.
    pub fn eval_lang(&mut self, ex: &Value, env: &Env) -> RResult<Value> {
        use crate::lang::Lang;
        let Value::Lang(l) = ex else {
            self.visible = true;
            return Ok(ex.clone());
        };
        match &**l {
            Lang::Sym(s) => {
                self.visible = true;
                if s.is_empty() {
                    return Err(RError::no_call("argument is missing, with no default"));
                }
                let sym = crate::symbols::intern(s);
                match self.lookup_var_result(env, sym)? {
                    Some(v) => Ok(v),
                    None => Err(self.not_found(sym)),
                }
            }
            Lang::Call(c) => {
                if c.too_deep() {
                    return Err(RError::no_call(crate::parser::TOO_DEEP));
                }
                let code = c.code(env.is_global());
                self.run(&code, env, 0)
            }
            Lang::Exprs(v) => {
                let mut last = Value::Null;
                self.visible = true;
                if let VecData::List(items) = &v.data {
                    for x in items {
                        last = self.eval_lang(x, env)?;
                    }
                }
                Ok(last)
            }
        }
    }

    pub(super) fn not_found(&self, s: SymId) -> RError {
        self.not_found_at(s, None)
    }

    /// "object not found", attributed like GNU R: to the closure call whose
    /// arguments were being evaluated, else to the current activation's call;
    /// at top level inside a loop (which GNU R byte-compiles), to the
    /// innermost call whose arguments were being evaluated, else to the
    /// variable itself.
    pub fn not_found_at(&self, s: SymId, at: Option<(&FunctionCode, usize)>) -> RError {
        let msg = format!("object '{}' not found", s);
        if let Some((code, pc)) = at {
            let ci = code.in_args_of[pc];
            if ci != NO_CALL {
                return RError::with_call(msg, crate::deparse::deparse(&code.calls[ci as usize]));
            }
        }
        match self.top_call_text() {
            Some(c) => RError::with_call(msg, c),
            None => match at {
                Some((code, pc)) if code.pc_in_loop.get(pc) == Some(&true) => {
                    let call = match code.in_call_args.get(pc) {
                        Some(&ci) if ci != NO_CALL => {
                            crate::deparse::deparse(&code.calls[ci as usize])
                        }
                        _ => crate::deparse::quote_name(&s.name()),
                    };
                    RError::with_call(msg, call)
                }
                _ => RError::no_call(msg),
            },
        }
    }

    /// Compiled code's read of parameter `slot` of the running activation
    /// (`env`, its frame) at `pc`, unbound: as the interpreter's
    /// (`load_unbound`): the pending default evaluated and bound, R's
    /// error for a missing argument without one.
    pub fn force_param(
        &mut self,
        code: &Rc<FunctionCode>,
        env: &Env,
        slot: usize,
        pc: usize,
    ) -> RResult<Value> {
        if let Some(Some(v)) = env.slots.borrow().get(slot) {
            return Ok(v.clone());
        }
        self.load_unbound(code, env, slot, pc)
    }

    /// `LoadFun(s)` of a parameter the call did not supply: its default is
    /// evaluated now (a promise a function lookup forces, as R's does), or
    /// R's error for a missing argument without one. `None`: `s` is not
    /// such a parameter of `code` (the lookup goes on as usual; so it does
    /// when the forced value is not a function).
    pub(crate) fn unsupplied_param_function(
        &mut self,
        code: &Rc<FunctionCode>,
        env: &Env,
        s: SymId,
        pc: usize,
    ) -> Option<RResult<Value>> {
        let slot = code.locals[..code.nparams.min(64)]
            .iter()
            .position(|&l| l == s)?;
        if !matches!(env.slots.borrow().get(slot), Some(None)) {
            return None;
        }
        let bit = 1u64 << slot;
        match self.frames.last() {
            Some(act) if Rc::ptr_eq(&act.env, env) && (act.pending | act.missing) & bit != 0 => {}
            _ => return None,
        }
        Some(self.load_unbound(code, env, slot, pc))
    }

    /// Read an unbound local slot: evaluate a pending default, report a missing
    /// argument, or fall back to the enclosing environments.
    pub(super) fn load_unbound(
        &mut self,
        code: &Rc<FunctionCode>,
        env: &Env,
        slot: usize,
        pc: usize,
    ) -> RResult<Value> {
        if slot < code.nparams && slot < 64 {
            let bit = 1u64 << slot;
            let (pending, missing) = match self.frames.last() {
                Some(act) if Rc::ptr_eq(&act.env, env) => {
                    (act.pending & bit != 0, act.missing & bit != 0)
                }
                _ => (false, false),
            };
            if pending {
                if let Some(r) = self.force_pending(env, slot) {
                    return r.map_err(|e| self.forced_in_args(e, code, pc));
                }
            }
            if missing {
                let msg = format!(
                    "argument \"{}\" is missing, with no default",
                    code.locals[slot]
                );
                return Err(match self.top_call_text() {
                    Some(c) => RError::with_call(msg, c),
                    None => RError::no_call(msg),
                });
            }
        }
        let s = code.locals[slot];
        let parent = env.parent.clone().unwrap_or_else(|| self.global.clone());
        match self.lookup_var_result(&parent, s)? {
            Some(v) => Ok(v),
            None => Err(self.not_found_at(s, Some((code, pc)))),
        }
    }
}
