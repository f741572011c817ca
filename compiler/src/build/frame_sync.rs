//! Locals that other code can see: top-level code's variables (global
//! bindings), a function's variables captured by the closures it makes, and
//! any local of a caller whose callee looks at its frame (`parent.frame()`).
//!
//! Compiled code keeps locals in registers (IR values), typed and unboxed,
//! and frame states carry them, so an exit writes them to the activation's
//! environment (`EnvFrame::set_frame_locals`). Three kinds of locals can also
//! be seen from outside while the code runs, and are kept in step with the
//! environment (`load_frame` / `store_frame`):
//!
//! - **Top-level code** (a script's statement, entered by OSR-in at a hot
//!   loop): its variables are global bindings (`LoadName` / `StoreName`).
//!   The builder builds it as a function whose locals are the names the
//!   statement assigns (`FunctionCode::locals` of top-level code). Only R
//!   code it calls can see the global environment, so before a call (and a
//!   function lookup, a `<<-`, an assignment function) the registers are
//!   written back, and after it read again: the callee may have assigned any
//!   of them (`<<-`). `store_frame` skips a binding that already holds the
//!   very value, so a binding defined once stays so for the global-constant
//!   speculation. At the statement's end every register is written back. An
//!   error ends the script (compiled code runs no `tryCatch` region), so a
//!   value not yet written back is never observed after one. A loop such as
//!   `for (i in 1:n) s <- s + i` at top level thus runs as fast as in a
//!   function: no box, store and load per variable and iteration.
//! - **Captured locals of a function that makes closures**: the names its
//!   nested functions use freely (they share its frame). Every assignment of
//!   one is written through to the frame at once (an error in a later
//!   generic operation may be caught by a caller, and a closure kept
//!   somewhere must then see the last value), and after every call it is
//!   read again (the closure may assign it with `<<-`). The other locals
//!   stay in registers only.
//!
//! - **Every other local, published at calls.** A callee can reach its
//!   caller's frame through `parent.frame()` (and read or write it with
//!   `get`, `assign`, `exists`). Before each call of R code the builder
//!   publishes the frame state (`call_state`: the unshared locals' values go
//!   to the exit buffer, and its exit id to the `NativeFrame`); an observer of the
//!   frame (`Interp::sync_frame`) writes them into it. After the call
//!   `frame_synced` tells whether that happened: then the code exits
//!   (reason `frameobserved`) and the interpreter goes on from the frame,
//!   which the callee may have changed. The function's code is marked
//!   (`FunctionCode::frame_observed`), so its next version keeps every local
//!   in the frame. A deoptless continuation writes the locals its frame
//!   keeps at its entry (its exit wrote nothing there).
//!
//! Typed and generic operations (arithmetic, indexing, `$`) run no R code
//! and see no frame, unless an operand has a class and a user's S3 method
//! of the operator, of subsetting or of `length` runs (the interpreter's
//! implementation dispatches): top-level code writes its registers back
//! around such an operation, or tests that the operand runs none
//! (`may_run_method`). A lookup of a function by a name the code assigns
//! sees the frame's binding, so that binding is written back before it in
//! any function.

use super::*;
use vm::builtins::frame_effect::{frame_effect, FrameEffect};
use vm::symbols::SymId;

impl<'a> Builder<'a> {
    /// The register of top-level code holding global `sym`, if it assigns it.
    fn top_local(&self, sym: SymId) -> Option<u16> {
        if !self.code.top_level {
            return None;
        }
        self.local_of(sym)
    }

    /// The local slot named `sym`.
    fn local_of(&self, sym: SymId) -> Option<u16> {
        self.code
            .locals
            .iter()
            .position(|&s| s == sym)
            .map(|i| i as u16)
    }

    /// The local slot of a variable reference: a function's slot, or the
    /// register of a name top-level code assigns.
    pub(super) fn var_slot(&self, var: Var) -> Option<u16> {
        match var {
            Var::Local(s) => Some(s),
            Var::Name(sym) => self.top_local(sym),
        }
    }

    /// `op` with the globals of top-level code as local slots: reads and
    /// stores of an assigned name are `LoadLocal` / `StoreLocal`, a `for`
    /// variable a local one. With a state, a read of a name not bound in its
    /// register stays a lookup (a binding outside the global environment,
    /// such as `pi`, or R's error).
    pub(super) fn as_local_op(&self, op: Op, st: Option<&State>) -> Op {
        if !self.code.top_level {
            return op;
        }
        match op {
            Op::LoadName(sym, fb) => match self.top_local(sym) {
                Some(i) if st.is_none_or(|st| st.locals[i as usize].is_some()) => {
                    Op::LoadLocal(i, fb)
                }
                _ => op,
            },
            Op::StoreName(sym) => match self.top_local(sym) {
                Some(i) => Op::StoreLocal(i),
                None => op,
            },
            Op::ForStep { exit, var, fb, seq } => match self.var_slot(var.get()) {
                Some(i) => Op::ForStep {
                    exit,
                    var: vm::bytecode::VarRef::local(i),
                    fb,
                    seq,
                },
                None => op,
            },
            _ => op,
        }
    }

    /// Which locals other code can see (see the module doc): all of
    /// top-level code's and of a function that reads or writes its frame
    /// by name (`FunctionCode::reflective`: `assign`, `get`, …), and a
    /// function's names its closures use freely.
    pub(super) fn shared_locals(code: &FunctionCode) -> Vec<bool> {
        if code.top_level || code.reflective || code.frame_observed.get() {
            return vec![true; code.locals.len()];
        }
        let mut free = BTreeSet::new();
        for op in &code.ops {
            if let Op::MakeClosure(k) = *op {
                free_names(&code.functions[k as usize].1, &mut free);
            }
        }
        let mut shared: Vec<bool> = code.locals.iter().map(|s| free.contains(s)).collect();
        for slot in on_exit_reads(code) {
            match slot {
                Some(s) => shared[s as usize] = true,
                None => return vec![true; code.locals.len()],
            }
        }
        shared
    }

    /// Before `op`: write back what code it runs could see. True when the
    /// shared locals must be read again after it.
    pub(super) fn sync_before(&mut self, bb: Block, pc: usize, st: &State, op: Op) -> bool {
        if self.may_run_method(bb, pc, st, op) {
            self.write_back(bb, st, None);
            return self.shared.iter().any(|&s| s);
        }
        match op {
            Op::Call { argc, .. } if self.is_inlined_call(st, argc) => false,
            // R code may see and assign the registers. A builtin that runs
            // none and names no frame sees none of them and assigns none
            // (`vm::builtins::frame_effect`); one that reads frames by name
            // only needs them written.
            Op::Call { .. }
            | Op::SetFun { .. }
            | Op::StoreSuper(_)
            | Op::LoadSuper(..)
            | Op::UseMethod { .. } => {
                let effect = match op {
                    Op::Call { argc, .. } => self
                        .called_builtin(st, argc)
                        .map_or(FrameEffect::Any, frame_effect),
                    _ => FrameEffect::Any,
                };
                if self.code.top_level && effect != FrameEffect::Blind {
                    self.write_back(bb, st, None);
                }
                effect == FrameEffect::Any && self.shared.iter().any(|&s| s)
            }
            // `e$name <- v`, `e[[name]] <- v` on an environment that is the
            // frame itself (`environment()`, `globalenv()`) write variables
            // that code which reads frames by name (a reflective function's,
            // whose locals all live in the frame) or top-level code (whose
            // variables are global bindings) may hold in registers: as
            // around a call, written back first and read again after.
            Op::SetDollar(..) | Op::SetIndex2 { .. } if self.code.reflective => {
                self.shared.iter().any(|&s| s)
            }
            // (In top-level code, a target never profiled as an environment
            // is assumed not to be one: a list's `$<-` in a hot loop does
            // not write every register back.)
            Op::SetDollar(..) | Op::SetIndex2 { .. } if self.code.top_level => {
                let x = *st.stack.last().expect("a replacement's target");
                let bits = self.bits_of(x);
                if bits & (TypeFeedback::ENV | TypeFeedback::STALE) == 0 && bits != 0 {
                    self.assume_test(bb, x.val, TypeTest::NotEnv, pc, st);
                    return false;
                }
                self.write_back(bb, st, None);
                self.shared.iter().any(|&s| s)
            }
            // A function lookup sees the binding of its own name. (A
            // `LoadName` of a name in a register was made a `LoadLocal`.)
            Op::LoadFun(sym, _) => {
                if let Some(i) = self.local_of(sym) {
                    self.write_back(bb, st, Some(i));
                }
                false
            }
            _ => false,
        }
    }

    /// Top-level code's operator, subsetting, `$` or `length` call on a value
    /// that may have a class: the interpreter's implementation, which the
    /// generic operation runs, dispatches to a user's S3 method (R code,
    /// which reads and assigns the globals kept in registers). True when
    /// an operand that may dispatch (not typed) was profiled with
    /// attributes (or is unbound here): the registers are written back
    /// before and read again after, as around a call. An operand profiled
    /// without them is tested instead (`no.methods`: a classed one exits
    /// when a method may exist, and the interpreter runs the operation).
    /// Nothing when no such method was named when this was built (a name
    /// made at run time, `assign(paste0("+.", cls), f)`, is not seen).
    fn may_run_method(&mut self, bb: Block, pc: usize, st: &State, op: Op) -> bool {
        if !self.code.top_level {
            return false;
        }
        let n = st.stack.len();
        // The `k`-th operand from the stack's top (1: the top).
        let top = |k: usize| n.checked_sub(k).and_then(|i| st.stack.get(i).copied());
        let local = |s: u16| st.locals.get(s as usize).copied().flatten();
        // `x$name` and `x$name <- v` (the object on top): a `$.cls` or
        // `$<-.cls` method, the same way (`no.class`).
        if matches!(op, Op::Dollar(..) | Op::SetDollar(..))
            && vm::symbols::dollar_methods_possible()
        {
            return self.untyped_may_dispatch(bb, pc, st, &[top(1)], TypeTest::NoClass);
        }
        if !vm::symbols::ops_methods_possible() {
            return false;
        }
        let operands: Vec<Option<AbsVal>> = match op {
            Op::Arith(..) | Op::Cmp(..) | Op::Logic(..) => vec![top(2), top(1)],
            Op::Neg(..) | Op::Not(_) | Op::Plus(_) => vec![top(1)],
            Op::ArithLocal(_, s, _, _) => vec![local(s), top(1)],
            Op::Index { n: k, .. } | Op::Index2 { n: k, .. } => vec![top(k as usize + 1)],
            Op::IndexLocals { x, .. } => vec![local(x)],
            // (Operands: the value, the indices, the object on top.)
            Op::SetIndex { .. } | Op::SetIndex2 { .. } => vec![top(1)],
            Op::Call { argc: 1, .. }
                if self.called_builtin(st, 1).is_some_and(|b| {
                    matches!(vm::builtin_names::name_of(b), "length" | "seq_along")
                }) =>
            {
                vec![top(1)]
            }
            _ => return false,
        };
        self.untyped_may_dispatch(bb, pc, st, &operands, TypeTest::NoMethods)
    }

    /// `may_run_method` of these operands (`None`: unbound here): true when
    /// an untyped one was profiled with attributes (or is unbound); else
    /// each untyped one is tested with `test` (an exit if it could run a
    /// method) and false.
    fn untyped_may_dispatch(
        &mut self,
        bb: Block,
        pc: usize,
        st: &State,
        operands: &[Option<AbsVal>],
        test: TypeTest,
    ) -> bool {
        let untyped: Vec<Option<AbsVal>> = operands
            .iter()
            .copied()
            .filter(|a| a.is_none_or(|a| self.f.ty(a.val) == Type::Any))
            .collect();
        if untyped
            .iter()
            .any(|a| a.is_none_or(|a| self.bits_of(a) & TypeFeedback::ATTRS != 0))
        {
            return true;
        }
        for a in untyped.into_iter().flatten() {
            self.assume_test(bb, a.val, test, pc, st);
        }
        false
    }

    /// The builtin a call (of `argc` arguments, the function below them on
    /// the stack) calls, when the builder knows it: a `const.builtin` (its
    /// lookup guarded by `callee_is`).
    fn called_builtin(&self, st: &State, argc: u16) -> Option<u16> {
        let f = st
            .stack
            .get(st.stack.len().checked_sub(argc as usize + 1)?)?;
        match self.f.inst(self.f.def_inst(f.val)?).kind {
            InstKind::ConstBuiltin(b) => Some(b),
            _ => None,
        }
    }

    /// After `op` (an assignment): write a shared local of a function
    /// through to its frame.
    pub(super) fn write_through(&mut self, bb: Block, st: &State, op: Op) {
        if self.code.top_level {
            return;
        }
        if let Op::StoreLocal(s) | Op::ArithLocal(_, s, _, _) = op {
            if self.shared.get(s as usize) == Some(&true) {
                self.write_back(bb, st, Some(s));
            }
        }
    }

    /// The `for` variable `var` bound to `v` in `bb`, the loop body's own
    /// entry block (not yet terminated): written through when shared.
    pub(super) fn write_through_loop_var(&mut self, bb: Block, var: u16, v: Val) {
        if self.code.top_level || self.shared.get(var as usize) != Some(&true) {
            return;
        }
        let boxed = self.boxed(bb, v);
        self.f
            .push(bb, InstKind::StoreFrame(var as u32, boxed), Type::Void);
    }

    /// Write the bound registers (or only register `only`) to the frame:
    /// top-level code's all, a function's shared ones (or `only`).
    pub(super) fn write_back(&mut self, bb: Block, st: &State, only: Option<u16>) {
        let which: Vec<bool> = match only {
            Some(o) => (0..st.locals.len()).map(|i| i == o as usize).collect(),
            None => self.shared.clone(),
        };
        self.store_locals(bb, st, &which);
    }

    /// Write every bound local to the frame, before the interpreter runs
    /// code of this function on it (a `tryCatch` region, a default, a
    /// `UseMethod` dispatch); `reload_all` after.
    pub(super) fn store_all(&mut self, bb: Block, st: &State) {
        self.store_locals(bb, st, &vec![true; st.locals.len()]);
    }

    /// Read every local again from the frame (after R code that may have
    /// assigned any of them).
    pub(super) fn reload_all(&mut self, bb: Block, st: &mut State) {
        self.reload(bb, st, &vec![true; st.locals.len()]);
    }

    /// Write the bound locals `which` marks to the frame.
    fn store_locals(&mut self, bb: Block, st: &State, which: &[bool]) {
        for (i, l) in st.locals.iter().enumerate() {
            let Some(a) = l else { continue };
            if !which.get(i).copied().unwrap_or(false) {
                continue;
            }
            let boxed = self.boxed(bb, a.val);
            self.f
                .push(bb, InstKind::StoreFrame(i as u32, boxed), Type::Void);
        }
    }

    /// Before a call of R code (not inlined): publish the locals kept in
    /// registers (`call_state`), which a callee's `parent.frame()` writes
    /// into the frame (`osr::exit::sync_frames`). False when every local is
    /// in the frame anyway (top-level, reflective code) or inside an inlined
    /// call (no runtime call is built there).
    pub(super) fn publish_call_state(&mut self, bb: Block, pc: usize, st: &State) -> bool {
        if self.code.top_level || !self.inline.is_empty() || self.shared.iter().all(|&s| s) {
            return false;
        }
        // Only the locals: the frame keeps the shared ones itself.
        let published = State {
            stack: Vec::new(),
            locals: st
                .locals
                .iter()
                .zip(&self.shared)
                .map(|(l, &shared)| l.filter(|_| !shared))
                .collect(),
            loops: Vec::new(),
        };
        let cp = self.checkpoint(bb, pc, &published);
        self.f.push(bb, InstKind::CallState(cp), Type::Void);
        true
    }

    /// After a published call, at `pc` with `st`: if the frame was observed
    /// (and so written, maybe changed), exit; the interpreter goes on from
    /// the frame (`Reason::FrameObserved`).
    pub(super) fn check_frame_synced(&mut self, bb: Block, pc: usize, st: &State) {
        let synced = self.f.push(bb, InstKind::FrameSynced, Type::Bool).unwrap();
        let ok = self
            .f
            .push(bb, InstKind::Unary(UnOp::NotB, synced), Type::Bool)
            .unwrap();
        let cp = self.checkpoint(bb, pc, st);
        self.assume(bb, ok, cp, Reason::FrameObserved);
    }

    /// At a return: the shared locals, and every local of a function that
    /// makes closures (whose frame outlives the activation).
    pub(super) fn write_back_at_return(&mut self, bb: Block, st: &State) {
        let makes_closures = self.returns.is_none()
            && !self.code.top_level
            && self
                .code
                .ops
                .iter()
                .any(|op| matches!(op, Op::MakeClosure(_)));
        if makes_closures {
            self.store_locals(bb, st, &vec![true; st.locals.len()]);
        } else {
            self.write_back(bb, st, None);
        }
    }

    /// After a call: read every shared local again. A name bound before
    /// stays bound (R code cannot remove a binding here); one that was not
    /// may have been bound by the callee (`<<-`).
    pub(super) fn reload_after(&mut self, bb: Block, st: &mut State) {
        let shared = self.shared.clone();
        self.reload(bb, st, &shared);
    }

    /// Read the locals `which` marks again from the frame (after R code
    /// that may have assigned them). A local bound before stays bound;
    /// one that was not may be now.
    fn reload(&mut self, bb: Block, st: &mut State, which: &[bool]) {
        for i in 0..st.locals.len() {
            if !which.get(i).copied().unwrap_or(false) {
                continue;
            }
            let was_bound = st.locals[i].is_some_and(|a| !self.maybe_unbound.contains(&a.val));
            let v = self
                .f
                .push(bb, InstKind::LoadFrame(i as u32), Type::Any)
                .unwrap();
            if !was_bound {
                self.maybe_unbound.insert(v);
            }
            st.locals[i] = Some(AbsVal::new(v));
        }
    }
}

/// The locals `code`'s `on.exit` expressions read (`Some(slot)`), or
/// `None` when one may see the whole frame: it calls a function that is
/// not a builtin (which may read its caller's frame through
/// `parent.frame()`) or makes a closure. (A name that is not a local is
/// looked up past the frame.) The
/// expressions run when the activation ends, after its compiled code
/// returned or raised an error: what they read must be in the frame then,
/// so those locals are written through (shared).
fn on_exit_reads(code: &FunctionCode) -> Vec<Option<u16>> {
    let mut out = Vec::new();
    for (pc, op) in code.ops.iter().enumerate() {
        let Op::OnExit { region, .. } = *op else {
            continue;
        };
        // The region lies between its start and this instruction (the
        // bytecode jumps over it to register it).
        let start = code.exits[region as usize] as usize;
        for op in &code.ops[start..pc] {
            match *op {
                Op::LoadLocal(s, _)
                | Op::TakeLocal(s)
                | Op::ArithLocal(_, s, _, _)
                | Op::DollarTakeLocal(s, ..) => out.push(Some(s)),
                Op::IndexLocals { x, i, j, .. } => out.extend([Some(x), Some(i), Some(j)]),
                Op::LoadFun(sym, _) if vm::builtin_names::id_of(&sym.name()).is_none() => {
                    out.push(None)
                }
                Op::LoadFun(sym, _) if code.locals.contains(&sym) => out.push(None),
                Op::MakeClosure(_) => out.push(None),
                _ => {}
            }
        }
    }
    out
}

/// The names `code` (a nested function) uses without binding them itself,
/// its own nested functions' included.
fn free_names(code: &FunctionCode, out: &mut BTreeSet<SymId>) {
    let mut inner = BTreeSet::new();
    for op in &code.ops {
        match *op {
            Op::LoadName(s, _) | Op::LoadFun(s, _) | Op::StoreSuper(s) | Op::LoadSuper(s, _) => {
                inner.insert(s);
            }
            Op::SetFun { fun, .. } => {
                inner.insert(fun);
            }
            Op::MakeClosure(k) => free_names(&code.functions[k as usize].1, &mut inner),
            _ => {}
        }
    }
    out.extend(inner.into_iter().filter(|s| !code.locals.contains(s)));
}
