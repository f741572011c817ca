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
        if let Some(v) = env.lookup_function(s) {
            return Some(v);
        }
        self.builtin_for(s).map(Value::Builtin)
    }

    pub(super) fn lookup_var(&mut self, env: &Env, s: SymId) -> Option<Value> {
        if let Some(v) = env.lookup(s) {
            return Some(v);
        }
        self.builtin_for(s).map(Value::Builtin)
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
            if let Some(act) = self.frames.last() {
                if Rc::ptr_eq(&act.env, env) {
                    let bit = 1u64 << slot;
                    if act.pending & bit != 0 {
                        self.frames.last_mut().unwrap().pending &= !bit;
                        let pc = code.defaults[slot].unwrap();
                        let v = self.run(code, env, pc)?;
                        env.slots.borrow_mut()[slot] = Some(v.clone());
                        return Ok(v);
                    }
                    if act.missing & bit != 0 {
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
            }
        }
        let s = code.locals[slot];
        let parent = env.parent.clone().unwrap_or_else(|| self.global.clone());
        match self.lookup_var(&parent, s) {
            Some(v) => Ok(v),
            None => Err(self.not_found_at(s, Some((code, pc)))),
        }
    }
}
