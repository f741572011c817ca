//! Arithmetic and comparison: typed unary and binary operations, integer
//! operands, and the coercions between `int`, `dbl` and `cplx`.

use super::*;

impl<'a> Builder<'a> {
    /// An operand that must be an `int` (speculated, or an integral double constant).
    pub(super) fn int_operand(
        &mut self,
        bb: Block,
        pc: usize,
        st: &State,
        a: AbsVal,
    ) -> Result<Val, Unsupported> {
        if let Some(InstKind::ConstDbl(x)) =
            self.f.def_inst(a.val).map(|i| self.f.inst(i).kind.clone())
        {
            if x.fract() == 0.0 && x.abs() < 2147483647.0 {
                return Ok(self
                    .f
                    .push(bb, InstKind::ConstInt(x as i32), Type::Int)
                    .unwrap());
            }
        }
        let bits = self.bits_of(a);
        let v = self.speculate(bb, a, bits, pc, st);
        match self.f.ty(v) {
            Type::Int => Ok(v),
            // A double bound (`n <- 100`; or a constant `1` a continuation
            // receives on its entry stack): R's `:` counts in integers when
            // the value is integral, which is assumed.
            Type::Dbl => {
                let ok = self.unary(bb, UnOp::DblIsInt, v, Type::Bool);
                let cp = self.checkpoint(bb, pc, st);
                self.assume(bb, ok, cp, Reason::TypeCheck);
                Ok(self.unary(bb, UnOp::DblToInt, v, Type::Int))
            }
            _ => Err(Unsupported(format!(
                "loop bound is not a speculated integer at pc {}",
                pc
            ))),
        }
    }

    pub(super) fn unary(&mut self, bb: Block, op: UnOp, a: Val, ty: Type) -> Val {
        self.f.push(bb, InstKind::Unary(op, a), ty).unwrap()
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn arith(
        &mut self,
        bb: Block,
        pc: usize,
        st: &mut State,
        o: ArithOp,
        a: AbsVal,
        b: AbsVal,
        fb: u32,
    ) -> AbsVal {
        // The interpreter's state at this instruction has both operands on the stack.
        st.stack.push(a);
        st.stack.push(b);
        let r = self.arith_in(bb, pc, st, o, a, b, fb);
        st.stack.truncate(st.stack.len() - 2);
        r
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn arith_in(
        &mut self,
        bb: Block,
        pc: usize,
        st: &State,
        o: ArithOp,
        a: AbsVal,
        b: AbsVal,
        fb: u32,
    ) -> AbsVal {
        let (ba, bbits) = (self.bits_of(a), self.bits_of(b));
        // An operation that will run in the runtime anyway gets no
        // speculation on its operands, which would only test them and exit
        // for nothing: integer `+ - *` seen to overflow (an NA result; an
        // accumulator that overflowed once stays NA, and deoptless exited
        // on every iteration), integer `%%`/`%/%` seen dividing by zero (an
        // NA result: every recompilation assumed a nonzero divisor again),
        // a logical operand, complex `%%`.
        let (wa, wb) = (self.will_be(a, ba), self.will_be(b, bbits));
        let num = |t: Option<Type>| matches!(t, Some(Type::Int | Type::Dbl));
        let cplx = |t: Option<Type>| matches!(t, Some(Type::Int | Type::Dbl | Type::Cplx));
        let typed = match (wa, wb) {
            (Some(Type::Int), Some(Type::Int))
                if matches!(
                    o,
                    ArithOp::Add | ArithOp::Sub | ArithOp::Mul | ArithOp::Mod | ArithOp::IDiv
                ) =>
            {
                self.fb_bits(Some(fb)) & TypeFeedback::NA == 0
            }
            _ if num(wa) && num(wb) => true,
            _ => {
                cplx(wa)
                    && cplx(wb)
                    && matches!(o, ArithOp::Add | ArithOp::Sub | ArithOp::Mul | ArithOp::Div)
            }
        };
        if !typed {
            let val = self.runtime(bb, pc, &[a.val, b.val]);
            return AbsVal { val, fb: Some(fb) };
        }
        let av = self.speculate(bb, a, ba, pc, st);
        let bv = self.speculate(bb, b, bbits, pc, st);
        // An operand seen as integer and double is read as a double where
        // R computes in doubles anyway: with a double, or by `/` and `^`.
        let to_dbl = |t: Type| t == Type::Dbl || matches!(o, ArithOp::Div | ArithOp::Pow);
        let (av, bv) = self.mixed_as_dbl(bb, pc, st, (a, av), (b, bv), to_dbl);
        let (ta, tb) = (self.f.ty(av), self.f.ty(bv));
        let val = match (ta, tb) {
            // Integer arithmetic that was never seen to overflow (no NA result).
            (Type::Int, Type::Int)
                if matches!(o, ArithOp::Add | ArithOp::Sub | ArithOp::Mul)
                    && self.fb_bits(Some(fb)) & TypeFeedback::NA == 0 =>
            {
                let (ovf, op) = match o {
                    ArithOp::Add => (BinOp::AddOvfI, BinOp::AddI),
                    ArithOp::Sub => (BinOp::SubOvfI, BinOp::SubI),
                    _ => (BinOp::MulOvfI, BinOp::MulI),
                };
                let cp = self.checkpoint(bb, pc, st);
                let o1 = self
                    .f
                    .push(bb, InstKind::Binary(ovf, av, bv), Type::Bool)
                    .unwrap();
                let ok = self
                    .f
                    .push(bb, InstKind::Unary(UnOp::NotB, o1), Type::Bool)
                    .unwrap();
                self.assume(bb, ok, cp, Reason::Overflow);
                self.f
                    .push(bb, InstKind::Binary(op, av, bv), Type::Int)
                    .unwrap()
            }
            (Type::Int, Type::Int) if matches!(o, ArithOp::Mod | ArithOp::IDiv) => {
                // Integer %% and %/%: a zero divisor gives NA; assume it does not occur.
                let cp = self.checkpoint(bb, pc, st);
                let zero = self.f.push(bb, InstKind::ConstInt(0), Type::Int).unwrap();
                let nz = self.binary(bb, BinOp::NeI, bv, zero);
                self.assume(bb, nz, cp, Reason::TypeCheck);
                let op = if o == ArithOp::Mod {
                    BinOp::ModI
                } else {
                    BinOp::IDivI
                };
                self.f
                    .push(bb, InstKind::Binary(op, av, bv), Type::Int)
                    .unwrap()
            }
            // Double arithmetic; of two integers only `/` and `^` give a
            // double (others give an integer, NA on overflow: the runtime).
            (Type::Int | Type::Dbl, Type::Int | Type::Dbl)
                if !(ta == Type::Int
                    && tb == Type::Int
                    && !matches!(o, ArithOp::Div | ArithOp::Pow)) =>
            {
                let av = self.as_dbl(bb, av);
                let bv = self.as_dbl(bb, bv);
                if o == ArithOp::Mod {
                    self.assume_exact_mod(bb, pc, st, av, bv);
                }
                let op = match o {
                    ArithOp::Add => BinOp::AddD,
                    ArithOp::Sub => BinOp::SubD,
                    ArithOp::Mul => BinOp::MulD,
                    ArithOp::Div => BinOp::DivD,
                    ArithOp::Pow => BinOp::PowD,
                    ArithOp::Mod => BinOp::ModD,
                    ArithOp::IDiv => BinOp::IDivD,
                };
                self.f
                    .push(bb, InstKind::Binary(op, av, bv), Type::Dbl)
                    .unwrap()
            }
            // Complex `+ - * /` (one operand may be an int or double,
            // coerced as the interpreter does).
            (Type::Int | Type::Dbl | Type::Cplx, Type::Int | Type::Dbl | Type::Cplx)
                if (ta == Type::Cplx || tb == Type::Cplx)
                    && matches!(o, ArithOp::Add | ArithOp::Sub | ArithOp::Mul | ArithOp::Div) =>
            {
                let av = self.as_cplx(bb, av);
                let bv = self.as_cplx(bb, bv);
                let op = match o {
                    ArithOp::Add => BinOp::AddC,
                    ArithOp::Sub => BinOp::SubC,
                    ArithOp::Mul => BinOp::MulC,
                    _ => BinOp::DivC,
                };
                self.binary(bb, op, av, bv)
            }
            _ => self.runtime(bb, pc, &[av, bv]),
        };
        AbsVal { val, fb: Some(fb) }
    }

    /// Assume a double `av %% bv` is one R computes without its warning
    /// (`vm::builtins::arith::mod_loses_accuracy`: a finite quotient beyond
    /// 2^63): else exit, and the interpreter computes it and warns.
    fn assume_exact_mod(&mut self, bb: Block, pc: usize, st: &State, av: Val, bv: Val) {
        let konst = |b: &mut Self, x: f64| b.f.push(bb, InstKind::ConstDbl(x), Type::Dbl).unwrap();
        let un = |b: &mut Self, op: UnOp, v: Val, ty: Type| {
            b.f.push(bb, InstKind::Unary(op, v), ty).unwrap()
        };
        let q = self.binary(bb, BinOp::DivD, av, bv);
        let aq = un(self, UnOp::AbsD, q, Type::Dbl);
        let limit = konst(self, 9_223_372_036_854_775_808.0);
        let inf = konst(self, f64::INFINITY);
        // (Double comparisons are R's, `lgl` with NA for NaN: a NaN
        // quotient is tested on its own, and is exact too.)
        let test = |b: &mut Self, op: BinOp, x: Val, y: Val| {
            let l = b.binary(bb, op, x, y);
            un(b, UnOp::LglToBool, l, Type::Bool)
        };
        let small = test(self, BinOp::LeD, aq, limit);
        let nan = un(self, UnOp::DblIsNan, q, Type::Bool);
        let infinite = test(self, BinOp::EqD, aq, inf);
        let ok = self.binary(bb, BinOp::OrB, small, nan);
        let ok = self.binary(bb, BinOp::OrB, ok, infinite);
        let cp = self.checkpoint(bb, pc, st);
        self.assume(bb, ok, cp, Reason::TypeCheck);
    }

    /// The operands of a binary operation after speculation, with an `any`
    /// one seen as integer and double read as a double (`speculate_num`)
    /// when the other is numeric and `to_dbl(its type)` says the operation
    /// computes in doubles with it. (Both may be mixed: `n / d`.)
    fn mixed_as_dbl(
        &mut self,
        bb: Block,
        pc: usize,
        st: &State,
        (a, av): (AbsVal, Val),
        (b, bv): (AbsVal, Val),
        to_dbl: impl Fn(Type) -> bool,
    ) -> (Val, Val) {
        let (ta, tb) = (self.f.ty(av), self.f.ty(bv));
        let ma = ta == Type::Any && self.is_mixed_num(self.bits_of(a));
        let mb = tb == Type::Any && self.is_mixed_num(self.bits_of(b));
        // With the other operand an `int`, `dbl`, or itself either.
        let in_dbl = |t: Type, mixed: bool| {
            (matches!(t, Type::Int | Type::Dbl) && to_dbl(t)) || (mixed && to_dbl(Type::Int))
        };
        let av = match ma && in_dbl(tb, mb) {
            true => self.speculate_num(bb, a, pc, st).unwrap_or(av),
            false => av,
        };
        let bv = match mb && in_dbl(ta, ma) {
            true => self.speculate_num(bb, b, pc, st).unwrap_or(bv),
            false => bv,
        };
        (av, bv)
    }

    /// `v` (an `int`, `dbl` or `cplx`) as a complex, coerced as the
    /// interpreter coerces (an `int` is never NA).
    pub(super) fn as_cplx(&mut self, bb: Block, v: Val) -> Val {
        if self.f.ty(v) == Type::Cplx {
            return v;
        }
        let d = self.as_dbl(bb, v);
        self.unary(bb, UnOp::DblToCplx, d, Type::Cplx)
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn compare(
        &mut self,
        bb: Block,
        pc: usize,
        st: &State,
        o: CmpOp,
        a: AbsVal,
        b: AbsVal,
        fb: u32,
    ) -> AbsVal {
        let (ba, bbits) = (self.bits_of(a), self.bits_of(b));
        // Only numbers compare natively: otherwise no speculation (see `arith_in`).
        let num = |t: Option<Type>| matches!(t, Some(Type::Int | Type::Dbl));
        if !num(self.will_be(a, ba)) || !num(self.will_be(b, bbits)) {
            let val = self.runtime(bb, pc, &[a.val, b.val]);
            return AbsVal { val, fb: Some(fb) };
        }
        let av = self.speculate(bb, a, ba, pc, st);
        let bv = self.speculate(bb, b, bbits, pc, st);
        // A comparison of numbers is exact in doubles (an `int` is not NA).
        let (av, bv) = self.mixed_as_dbl(bb, pc, st, (a, av), (b, bv), |_| true);
        let (ta, tb) = (self.f.ty(av), self.f.ty(bv));
        let ops = |o: CmpOp| match o {
            CmpOp::Lt => (BinOp::LtI, BinOp::LtD),
            CmpOp::Le => (BinOp::LeI, BinOp::LeD),
            CmpOp::Gt => (BinOp::GtI, BinOp::GtD),
            CmpOp::Ge => (BinOp::GeI, BinOp::GeD),
            CmpOp::Eq => (BinOp::EqI, BinOp::EqD),
            CmpOp::Ne => (BinOp::NeI, BinOp::NeD),
        };
        let val = match (ta, tb) {
            (Type::Int, Type::Int) => self
                .f
                .push(bb, InstKind::Binary(ops(o).0, av, bv), Type::Bool)
                .unwrap(),
            (Type::Int | Type::Dbl, Type::Int | Type::Dbl) => {
                let av = self.as_dbl(bb, av);
                let bv = self.as_dbl(bb, bv);
                self.f
                    .push(bb, InstKind::Binary(ops(o).1, av, bv), Type::Lgl)
                    .unwrap()
            }
            _ => self.runtime(bb, pc, &[av, bv]),
        };
        AbsVal { val, fb: Some(fb) }
    }

    /// The type `a` (with feedback `bits`) has, or will have once
    /// speculated (a value seen as integer and double: `dbl`); `None`:
    /// it stays `any`.
    fn will_be(&self, a: AbsVal, bits: u16) -> Option<Type> {
        match self.f.ty(a.val) {
            Type::Any => self
                .speculated_test(bits)
                .map(|t| t.refined())
                .or_else(|| self.is_mixed_num(bits).then_some(Type::Dbl)),
            t => Some(t),
        }
    }

    /// Append a typed binary operation (its result type is the operation's).
    pub(super) fn binary(&mut self, bb: Block, op: BinOp, a: Val, b: Val) -> Val {
        self.f
            .push(bb, InstKind::Binary(op, a, b), op.types().1)
            .unwrap()
    }

    /// `v` as a double (converting an `int`).
    pub(super) fn as_dbl(&mut self, bb: Block, v: Val) -> Val {
        if self.f.ty(v) == Type::Int {
            self.f
                .push(bb, InstKind::Unary(UnOp::IntToDbl, v), Type::Dbl)
                .unwrap()
        } else {
            v
        }
    }
}
