//! Global variables in the body of an inlined callee written in top-level
//! code (`FunctionCode::in_global`): a name that is not one of its locals is
//! read from, and `<<-` assigns it in, the global environment. Without this,
//! such a read or store is a runtime call, which stops the inlining.
//!
//! - A read of a binding defined once (`GlobalMeta::defined_once`) holding an
//!   int, double or logical scalar is that constant, guarded by
//!   `global_epoch_is` (one per block): the first redefinition of any binding
//!   defined once that compiled code assumed (`GlobalMeta::watch_defined_once`)
//!   bumps the epoch, and the guard exits (reason `calltarget`,
//!   a global assumption: a real deopt, as for a redefined function).
//! - Any other read is `load_global`, speculated by the callee's feedback at
//!   once (an unbound name is NULL, which fails every test). No feedback to
//!   speculate on gives up the inlining.
//! - `<<-` is `store_global`, an effect. Every exit of an inlined body
//!   re-executes the whole call, so no exit may follow it: a checkpoint
//!   after it gives up the inlining, and a later read of the stored name is
//!   the stored value (nothing else runs in between).
//!
//! Outside inlined bodies, the function looked up by a call in a function
//! written in top-level code is read the same way when the call always
//! called one closure bound once in the global environment: `load_global`
//! under the epoch guard instead of a lookup through the frames.

use super::*;
use std::collections::HashMap;
use vm::env::Env;
use vm::symbols::SymId;

/// The state of global accesses in one inlined body.
pub(super) struct InlinedGlobals {
    /// The global environment (the callee closure's environment).
    env: Env,
    /// A global store happened: no exit may follow.
    pub(super) stored_any: bool,
    /// The block holding this body's epoch guard, if any.
    guard: Option<Block>,
    /// Values stored by this body, by symbol.
    stored: HashMap<u32, AbsVal>,
}

impl InlinedGlobals {
    /// For an inlined closure of code written in top-level code (its
    /// environment is then the global one).
    pub(super) fn of(callee: &vm::value::Closure) -> Option<InlinedGlobals> {
        (callee.code.in_global && callee.env.is_global()).then(|| InlinedGlobals {
            env: callee.env.clone(),
            stored_any: false,
            guard: None,
            stored: HashMap::new(),
        })
    }
}

impl<'a> Builder<'a> {
    /// `LoadName(sym)` in an inlined body that reads globals: the value, or
    /// `None` (not a global read: the generic path, which gives up).
    pub(super) fn load_global(
        &mut self,
        bb: Block,
        pc: usize,
        st: &State,
        sym: SymId,
        fb: u32,
    ) -> Option<AbsVal> {
        let g = self.globals.as_ref()?;
        if self.code.locals.contains(&sym) {
            return None;
        }
        if let Some(v) = g.stored.get(&sym.0) {
            return Some(*v);
        }
        let env = g.env.clone();
        if let Some(v) = defined_once_scalar(&env, sym) {
            if g.guard != Some(bb) {
                self.epoch_guard(bb, pc, st, &env);
                if let Some(g) = &mut self.globals {
                    g.guard = Some(bb);
                }
            }
            return Some(self.constant(bb, &v, crate::build::UNBOUND));
        }
        let bits = self.fb_bits(Some(fb));
        if self.speculated_test(bits).is_none() || g.stored_any {
            self.give_up_inline();
            return None;
        }
        let r = self
            .f
            .push(bb, InstKind::LoadGlobal(sym.0), Type::Any)
            .unwrap();
        let a = AbsVal {
            val: r,
            fb: Some(fb),
        };
        let typed = self.speculate(bb, a, bits, pc, st);
        Some(AbsVal {
            val: typed,
            fb: Some(fb),
        })
    }

    /// `global_epoch_is` (now) assumed at `pc`: no binding defined once in
    /// the global environment `env` has been written again.
    fn epoch_guard(&mut self, bb: Block, pc: usize, st: &State, env: &Env) {
        let Some(meta) = env.globals.as_ref() else {
            return;
        };
        let epoch = meta.epoch();
        let cp = self.checkpoint(bb, pc, st);
        let same = self
            .f
            .push(bb, InstKind::GlobalEpochIs(epoch), Type::Bool)
            .unwrap();
        self.assume(bb, same, cp, Reason::CallTarget);
    }

    /// `LoadFun(sym)` at `pc` (call `call`) of a function bound to one of
    /// the function's own locals, a helper made in the function: the
    /// local, assumed to be a function (`is.fun`; R's lookup
    /// skips any other value and goes on outward, which the exit leaves to
    /// the interpreter). `None`: not a local here (top-level code's names
    /// are global bindings; a reflective function's locals live in its frame).
    pub(super) fn local_callee(
        &mut self,
        bb: Block,
        pc: usize,
        st: &State,
        sym: SymId,
        call: vm::bytecode::CallIdx,
    ) -> Option<Val> {
        if self.code.top_level || self.code.reflective || !self.inline.is_empty() {
            return None;
        }
        // Only where the call always called a closure made by this
        // function (a helper defined in it): a local that holds something
        // else, or a function found further out, makes the site's feedback
        // polymorphic or another target, and the next compile looks the
        // name up again instead of failing the `is.fun` check forever.
        let Value::Closure(target) = self.monomorphic_target(pc, call)? else {
            return None;
        };
        if !self
            .code
            .functions
            .iter()
            .any(|(_, f)| std::rc::Rc::ptr_eq(f, &target.code))
        {
            return None;
        }
        let slot = self.code.locals.iter().position(|&l| l == sym)?;
        // (A local that may be unbound here is skipped by R's lookup, which
        // goes on outward: `bitwAnd(i, 7L)` before the loop's later
        // `bitwAnd <- function(a, b) ...`; so is a parameter whose default
        // is not evaluated yet, which the runtime's lookup forces,
        // `translate`'s `LoadFun`.)
        let local = st.locals[slot]?;
        if self.maybe_unbound.contains(&local.val) || self.param_pending(st, slot as u16) {
            return None;
        }
        let a = self.read_local(bb, pc, st, slot as u16).ok()?;
        let v = self.boxed(bb, a.val);
        self.assume_test(bb, v, TypeTest::IsFun, pc, st);
        Some(v)
    }

    /// `LoadFun(sym)` at `pc` for call `call`, in a function written in top-level
    /// code, when the call always called one closure written in top-level code
    /// and bound once to `sym` in the global environment: that binding, read
    /// under the epoch guard (the lookup finds it: the frame cannot bind
    /// `sym`, and the function's environment is the global one). `None`: a
    /// lookup.
    pub(super) fn global_callee(
        &mut self,
        bb: Block,
        pc: usize,
        st: &State,
        sym: SymId,
        call: vm::bytecode::CallIdx,
    ) -> Option<Val> {
        if !self.code.in_global
            || !self.inline.is_empty()
            || self.returns.is_some()
            || self.code.locals.contains(&sym)
        {
            return None;
        }
        let Value::Closure(target) = self.monomorphic_target(pc, call)? else {
            return None;
        };
        if !target.code.in_global || !target.env.is_global() {
            return None;
        }
        let env = &target.env;
        let meta = env.globals.as_ref()?;
        match env.get_local(sym) {
            Some(Value::Closure(c)) if std::rc::Rc::ptr_eq(&c, &target) => {}
            _ => return None,
        }
        if !meta.watch_defined_once(sym) {
            return None;
        }
        let cp = self.checkpoint(bb, pc, st);
        let same = self
            .f
            .push(bb, InstKind::GlobalEpochIs(meta.epoch()), Type::Bool)
            .unwrap();
        self.assume(bb, same, cp, Reason::CallTarget);
        self.f.push(bb, InstKind::GlobalCallee(sym.0), Type::Any)
    }

    /// In the body of the compiled function itself (not inlined), written
    /// in top-level code: `sym` is a free variable, whose lookup (and `<<-`
    /// target) is the global environment (the frame cannot bind it, and
    /// the function's environment is the global one; base variables such as
    /// `pi` are global bindings).
    /// A name of a builtin (`apply(x, 2, mean)`) is not, unless the program
    /// has bound it globally: its lookup falls through to the builtin, which
    /// no global binding holds, and a `load_global` of it would exit at
    /// every run (the frame state cannot record that as feedback).
    /// Reads may sit in the arguments of a call being inlined (a read has no
    /// effect: an exit there re-executes the call); `<<-` may not
    /// (`own_global_store`).
    fn own_global(&self, sym: SymId) -> bool {
        // (A builtin's name the program binds globally, `scale <- 2.5`, is
        // an ordinary global: should the binding go, the load exits.)
        let builtin_only = vm::builtin_names::id_of(&sym.name()).is_some()
            && self
                .global
                .as_ref()
                .is_none_or(|g| g.get_local(sym).is_none());
        !builtin_only
            && self.code.in_global
            && !self.code.top_level
            && self.globals.is_none()
            && self.returns.is_none()
            && !self.code.locals.contains(&sym)
    }

    fn own_global_store(&self, sym: SymId) -> bool {
        self.inline.is_empty() && self.own_global(sym)
    }

    /// `LoadName(sym)` or `LoadSuper(sym)` of a free variable of the compiled
    /// function (`own_global`): `load_global`, typed by the feedback `fb`
    /// when it has some, else only assumed bound (an unbound name exits:
    /// the interpreter reports it). `None`: a lookup through the runtime.
    pub(super) fn load_own_global(
        &mut self,
        bb: Block,
        pc: usize,
        st: &State,
        sym: SymId,
        fb: Option<u32>,
    ) -> Option<AbsVal> {
        if !self.own_global(sym) {
            return None;
        }
        // A scalar bound once is a constant while the epoch stands.
        if let Some(global) = self.global.clone() {
            if let Some(v) = defined_once_scalar(&global, sym) {
                self.epoch_guard(bb, pc, st, &global);
                return Some(self.constant(bb, &v, crate::build::UNBOUND));
            }
        }
        let r = self
            .f
            .push(bb, InstKind::LoadGlobal(sym.0), Type::Any)
            .unwrap();
        let a = AbsVal { val: r, fb };
        let bits = self.fb_bits(fb);
        if self.speculated_test(bits).is_some() {
            let typed = self.speculate(bb, a, bits, pc, st);
            return Some(AbsVal { val: typed, fb });
        }
        let cp = self.checkpoint(bb, pc, st);
        let bound = self
            .f
            .push(bb, InstKind::Test(TypeTest::IsBound, r), Type::Bool)
            .unwrap();
        self.assume(bb, bound, cp, Reason::TypeCheck);
        Some(a)
    }

    /// `StoreSuper(sym)` (`sym <<- v`) of a free variable of the compiled
    /// function (`own_global`): a global store. False: the runtime does it.
    pub(super) fn store_own_global(&mut self, bb: Block, sym: SymId, v: AbsVal) -> bool {
        if !self.own_global_store(sym) {
            return false;
        }
        let boxed = self.boxed(bb, v.val);
        self.f
            .push(bb, InstKind::StoreGlobal(sym.0, boxed), Type::Void);
        true
    }

    /// `StoreSuper(sym)` (`sym <<- v`) in an inlined body that reads
    /// globals: a global store; false when it is not one (the generic path,
    /// which gives up).
    pub(super) fn store_global(&mut self, bb: Block, sym: SymId, v: AbsVal) -> bool {
        if self.globals.is_none() || self.code.locals.contains(&sym) {
            return false;
        }
        let boxed = self.boxed(bb, v.val);
        self.f
            .push(bb, InstKind::StoreGlobal(sym.0, boxed), Type::Void);
        if let Some(g) = &mut self.globals {
            g.stored_any = true;
            g.stored.insert(sym.0, v);
        }
        true
    }
}

/// The value of `sym` in the global environment `env` if it was bound only
/// once and is an attribute-free int (not NA), double or logical scalar
/// (then watched: the caller assumes it under the epoch guard).
fn defined_once_scalar(env: &Env, sym: SymId) -> Option<Value> {
    let meta = env.globals.as_ref()?;
    let v = match env.get_local(sym)? {
        v @ (Value::Dbl(_) | Value::Lgl(_)) => v,
        v @ Value::Int(x) if x != vm::value::NA_INTEGER => v,
        _ => return None,
    };
    meta.watch_defined_once(sym).then_some(v)
}
