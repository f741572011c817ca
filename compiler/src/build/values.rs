//! IR values the translator builds from: local reads, constants, boxing,
//! frame-state values, and the runtime's generic fallback (`runtime`).

use super::*;

impl<'a> Builder<'a> {
    /// The value of local `slot` read at `pc`: an error when it is unbound on
    /// every path here, tested `is.bound` when only on some.
    pub(super) fn read_local(
        &mut self,
        bb: Block,
        pc: usize,
        st: &State,
        slot: u16,
    ) -> Result<AbsVal, Unsupported> {
        let Some(a) = st.locals[slot as usize] else {
            return Err(Unsupported(format!(
                "read of a possibly unbound local at pc {}",
                pc
            )));
        };
        if self.maybe_unbound.contains(&a.val) {
            let cp = self.checkpoint(bb, pc, st);
            let c = self
                .f
                .push(bb, InstKind::Test(TypeTest::IsBound, a.val), Type::Bool)
                .unwrap();
            self.assume(bb, c, cp, Reason::TypeCheck);
        }
        Ok(a)
    }

    /// Local `slot` as read at `pc` by a `LoadLocal`, `TakeLocal` or
    /// `ArithLocal`, or as an `IndexLocals`' object, with `st` the
    /// interpreter's state at that instruction: not bound on any path
    /// here, R's lookup in the enclosing environments (`memo[[k]] <- v`
    /// makes `memo` a local; its first read finds the global one); a
    /// missing parameter, its default (`force_param`); else the register
    /// (`read_local`).
    pub(super) fn read_var(
        &mut self,
        bb: Block,
        pc: usize,
        st: &mut State,
        slot: u16,
    ) -> Result<AbsVal, Unsupported> {
        if self.unbound_here(st, slot) {
            return Ok(AbsVal::new(self.runtime_read(bb, pc)));
        }
        if self.param_pending(st, slot) {
            return Ok(self.force_param(bb, pc, st, slot));
        }
        self.read_local(bb, pc, st, slot)
    }

    /// Is local `slot` (not a parameter) unbound on every path here, in a
    /// function? R then looks its name up in the enclosing environments
    /// (`memo[[k]] <- v` makes `memo` a local; its first read finds the
    /// global one), and so does the runtime (`runtime_read`). (A parameter
    /// is missing instead: `force_param`.)
    fn unbound_here(&self, st: &State, slot: u16) -> bool {
        st.locals[slot as usize].is_none()
            && slot as usize >= self.code.nparams
            && !self.code.top_level
    }

    /// Is parameter `slot` possibly unbound here: a missing argument
    /// (`ArgType::Missing`) not read yet on some path into this point?
    pub(super) fn param_pending(&self, st: &State, slot: u16) -> bool {
        (slot as usize) < self.code.nparams
            && !self.code.top_level
            && self.returns.is_none()
            && st.locals[slot as usize].is_none_or(|a| self.maybe_unbound.contains(&a.val))
    }

    /// The read at `pc` of parameter `slot`, which may be missing: bound,
    /// its value; else R's lazy default, evaluated now in the frame (or
    /// R's error for a missing argument without one). The runtime does
    /// what the interpreter's read of an unbound parameter does
    /// (`Interp::force_param`): the default is the function's own bytecode
    /// and reads (or assigns) its locals, so every local goes to the frame
    /// first and is read back after, as around a `tryCatch` region. Then
    /// the parameter is bound on this path.
    /// After the runtime's `LoadFun` of parameter `slot`, which may have
    /// been missing: the lookup evaluated its default into the frame
    /// (`Interp::unsupplied_param_function`), so the register is read
    /// again from there (bound now, or still the unbound marker).
    pub(super) fn reload_forced_param(&mut self, bb: Block, st: &mut State, slot: u16) {
        let v = self
            .f
            .push(bb, InstKind::LoadFrame(slot as u32), Type::Any)
            .unwrap();
        self.maybe_unbound.insert(v);
        st.locals[slot as usize] = Some(AbsVal::new(v));
    }

    fn force_param(&mut self, bb: Block, pc: usize, st: &mut State, slot: u16) -> AbsVal {
        let cur = match st.locals[slot as usize] {
            Some(a) => a.val,
            None => self
                .f
                .push(bb, InstKind::ConstAny(UNBOUND), Type::Any)
                .unwrap(),
        };
        self.store_all(bb, st);
        let r = self.runtime(bb, pc, &[cur]);
        self.reload_all(bb, st);
        let a = AbsVal::new(r);
        st.locals[slot as usize] = Some(a);
        a
    }

    pub(super) fn constant(&mut self, bb: Block, v: &Value, k: u32) -> AbsVal {
        let (kind, ty) = match v {
            Value::Int(x) if *x != i32::MIN => (InstKind::ConstInt(*x), Type::Int),
            Value::Dbl(x) => (InstKind::ConstDbl(*x), Type::Dbl),
            Value::Lgl(x) => (InstKind::ConstLgl(*x), Type::Lgl),
            // A complex constant (`2i`): the pool's boxed value, unboxed
            // (it is known to be an attribute-free complex scalar).
            Value::Vec(vec)
                if vec.attrs.is_none()
                    && vec.len() == 1
                    && matches!(vec.data, vm::value::VecData::Cplx(_))
                    && self.returns.is_none() =>
            {
                let boxed = self.f.push(bb, InstKind::ConstAny(k), Type::Any).unwrap();
                return AbsVal::new(
                    self.f
                        .push(bb, InstKind::Unary(UnOp::Unbox, boxed), Type::Cplx)
                        .unwrap(),
                );
            }
            _ => {
                if self.returns.is_some() {
                    // The callee's constant pool is not the function's.
                    self.give_up_inline();
                }
                (InstKind::ConstAny(k), Type::Any)
            }
        };
        AbsVal::new(self.f.push(bb, kind, ty).unwrap())
    }

    /// A boxed version of `v` (for block arguments, runtime calls and frame states
    /// that need `any`).
    pub(super) fn boxed(&mut self, bb: Block, v: Val) -> Val {
        match self.f.ty(v) {
            Type::Any => v,
            t if t.is_unboxed() => {
                let v = if t == Type::Bool {
                    self.f
                        .push(bb, InstKind::Unary(UnOp::BoolToLgl, v), Type::Lgl)
                        .unwrap()
                } else {
                    v
                };
                self.f
                    .push(bb, InstKind::Unary(UnOp::Box, v), Type::Any)
                    .unwrap()
            }
            _ => self.state_val(v),
        }
    }

    /// The value a frame state records for `v`, and the boxed form of a typed
    /// vector: the `any` it was unboxed from (frame states hold scalars
    /// unboxed, vectors boxed).
    pub(super) fn state_val(&self, v: Val) -> Val {
        if !self.f.ty(v).is_vec() {
            return v;
        }
        match self.f.def_inst(v).map(|i| &self.f.inst(i).kind) {
            Some(InstKind::Unary(UnOp::Unbox, src)) => *src,
            _ => v,
        }
    }

    /// Generic fallback: the runtime performs instruction `pc` on boxed operands.
    pub(super) fn runtime(&mut self, bb: Block, pc: usize, args: &[Val]) -> Val {
        self.runtime_op(bb, RtOp::AtPc(pc as u32), args)
    }

    /// `runtime` with a dedicated entry (`RtOp::FreeStore`).
    pub(super) fn runtime_op(&mut self, bb: Block, op: RtOp, args: &[Val]) -> Val {
        if !self.inline.is_empty() {
            // A runtime call may have an effect: no inlining around it (the
            // block loop sees `inline_failed` after this instruction).
            self.give_up_inline();
        }
        self.runtime_call(bb, op, args)
    }

    /// A runtime call that only reads a variable (`LoadName`, `LoadSuper`):
    /// in the arguments of a call being inlined, an exit that re-executes
    /// the whole call reads it again, which is harmless. (In an inlined body
    /// the caller's pc and frame would be the wrong ones: no inlining.)
    pub(super) fn runtime_read(&mut self, bb: Block, pc: usize) -> Val {
        self.runtime_pure(bb, pc, &[])
    }

    /// `runtime_read` of a `LoadName` (`RtOp::FreeLoad`: a closure's free
    /// variable is read from the enclosing frame without the generic
    /// dispatch).
    pub(super) fn free_read(&mut self, bb: Block, pc: usize) -> Val {
        let op = RtOp::FreeLoad(pc as u32);
        if self.returns.is_some() {
            return self.runtime_op(bb, op, &[]);
        }
        self.runtime_call(bb, op, &[])
    }

    /// A runtime call without effects on anything but its result, and
    /// without warnings: a variable read, or `x$name` on a value without a
    /// class (tested first: no S3 method runs; `is.null(t$left)` keeps its
    /// inlined `is.null`). In the arguments of a call being inlined it is
    /// allowed, as `runtime_read`.
    pub(super) fn runtime_pure(&mut self, bb: Block, pc: usize, args: &[Val]) -> Val {
        if self.returns.is_some() {
            return self.runtime(bb, pc, args);
        }
        self.runtime_call(bb, RtOp::AtPc(pc as u32), args)
    }

    fn runtime_call(&mut self, bb: Block, op: RtOp, args: &[Val]) -> Val {
        let args: Vec<Val> = args.iter().map(|&v| self.boxed(bb, v)).collect();
        self.f
            .push(bb, InstKind::Runtime(op, args), Type::Any)
            .unwrap()
    }
}
