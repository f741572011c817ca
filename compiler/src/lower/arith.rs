//! Lowering of unary and binary operations on unboxed values (`int`,
//! `dbl`, `lgl`, `bool`, `cplx`), with R's NA, overflow and IEEE rules.

use super::*;

impl<'a, 'b> Lowerer<'a, 'b> {
    /// The left operand of a commutative `fadd`/`fmul`, kept out of memory.
    ///
    /// When both operands are NaN, x86 returns the first one, and R's
    /// result depends on it: `NA_real_ + NaN` is NA, `NaN + NA_real_` is
    /// NaN (the interpreter computes `a + b` in that order too). Cranelift
    /// treats the two as interchangeable: when the left operand is a load
    /// it can fold into the instruction, its x64 rules swap the operands to
    /// put the load in the memory slot. A left operand that is a load goes
    /// through a bit-for-bit round trip, which is not a load, so the order
    /// stays (two register moves, and only where the left operand was a
    /// load).
    fn register_lhs(&mut self, x: CValue) -> CValue {
        let loaded = match self.b.func.dfg.value_def(x) {
            cranelift_codegen::ir::ValueDef::Result(inst, _) => {
                self.b.func.dfg.insts[inst].opcode() == cranelift_codegen::ir::Opcode::Load
            }
            _ => false,
        };
        if !loaded {
            return x;
        }
        // (The IR's doubles are the only floats.)
        let bits = self.b.ins().bitcast(types::I64, MemFlagsData::new(), x);
        self.b.ins().bitcast(types::F64, MemFlagsData::new(), bits)
    }

    pub(super) fn unary(&mut self, op: UnOp, a: Val, r: Val) -> Result<(), String> {
        use UnOp::*;
        let c = self.c();
        match op {
            Box if self.f.ty(a) == Type::Cplx => {
                let d = self.slot(r);
                let (re, im) = self.get2(a);
                self.call(self.rt.box_cplx, &[c, d, re, im]);
            }
            Box => {
                let x = self.get(a);
                let (x, f, tag) = match self.f.ty(a) {
                    Type::Int => (x, self.rt.box_int, Value::TAG_INT),
                    Type::Dbl => (x, self.rt.box_dbl, Value::TAG_DBL),
                    Type::Lgl => (x, self.rt.box_lgl, Value::TAG_LGL),
                    Type::Bool => {
                        let x = self.b.ins().uextend(types::I32, x);
                        (x, self.rt.box_lgl, Value::TAG_LGL)
                    }
                    t => return Err(format!("box of {}", t.name())),
                };
                self.box_scalar(r, x, f, tag);
            }
            Unbox => {
                let s = self.slot(a);
                match self.f.ty(r) {
                    t @ (Type::Int | Type::Lgl) => {
                        let v = match self.unboxed.get(&(a, t)) {
                            Some(&(w, _)) => self.b.ins().ireduce(types::I32, w),
                            None => self.call(self.rt.unbox_int, &[c, s]).unwrap(),
                        };
                        self.def(r, v);
                    }
                    Type::Dbl => {
                        let v = match self.unboxed.get(&(a, Type::Dbl)) {
                            Some(&(w, _)) => {
                                self.b.ins().bitcast(types::F64, MemFlagsData::new(), w)
                            }
                            None => self.call(self.rt.unbox_dbl, &[c, s]).unwrap(),
                        };
                        self.def(r, v);
                    }
                    Type::Cplx => {
                        let re = self.call(self.rt.unbox_cplx, &[c, s]).unwrap();
                        let w = self.load_ctx(std::mem::offset_of!(runtime::NativeFrame, word));
                        let im = self.b.ins().bitcast(types::F64, MemFlagsData::new(), w);
                        self.def2(r, re, im);
                    }
                    t if t.is_vec() => {
                        let (p, n) = match self.unboxed.get(&(a, t)) {
                            Some(&(p, Some(n))) => (p, n),
                            _ => {
                                let e = self.iconst(types::I32, elem_code(t));
                                let p = self.call(self.rt.vec_ptr, &[c, s, e]).unwrap();
                                let at = std::mem::offset_of!(runtime::NativeFrame, vec_len);
                                (p, self.load_ctx(at))
                            }
                        };
                        let (pv, lv) = self.var(r);
                        self.b.def_var(pv, p);
                        self.b.def_var(lv.unwrap(), n);
                    }
                    t => return Err(format!("unbox to {}", t.name())),
                }
            }
            NRow | NCol | Length => {
                let s = self.slot(a);
                let f = match op {
                    NRow => self.rt.nrow,
                    NCol => self.rt.ncol,
                    _ => self.rt.length,
                };
                let v = self.call(f, &[c, s]).unwrap();
                self.def(r, v);
            }
            NegC | ConjC => {
                let (re, im) = self.get2(a);
                let re = if op == NegC {
                    self.b.ins().fneg(re)
                } else {
                    re
                };
                let im = self.b.ins().fneg(im);
                self.def2(r, re, im);
            }
            ReC | ImC | ModC => {
                // R's (and the interpreter's): the parts, and `hypot` of them.
                let (re, im) = self.get2(a);
                let v = match op {
                    ReC => re,
                    ImC => im,
                    _ => self.call(self.rt.cplx_mod, &[re, im]).unwrap(),
                };
                self.def(r, v);
            }
            DblToCplx => {
                // `NA_real_` (NaN with low word 1954) → NA_complex_; else (x, 0).
                let x = self.get(a);
                let nan = self.b.ins().fcmp(FloatCC::Unordered, x, x);
                let bits = self.b.ins().bitcast(types::I64, MemFlagsData::new(), x);
                let low = self.b.ins().ireduce(types::I32, bits);
                let is1954 = self.b.ins().icmp_imm_s(IntCC::Equal, low, 1954);
                let na = self.b.ins().band(nan, is1954);
                let nav = self.na_real();
                let zero = self.b.ins().f64const(0.0);
                let re = self.b.ins().select(na, nav, x);
                let im = self.b.ins().select(na, nav, zero);
                self.def2(r, re, im);
            }
            VecLen => {
                let (_, len) = self.var(a);
                let len = self.use_var(len.ok_or("veclen of a non-vector")?);
                let v = self.b.ins().ireduce(types::I32, len);
                self.def(r, v);
            }
            _ => {
                let x = self.get(a);
                let v = match op {
                    NegI => self.b.ins().ineg(x),
                    NegD => self.b.ins().fneg(x),
                    SqrtD => self.b.ins().sqrt(x),
                    AbsD => self.b.ins().fabs(x),
                    AbsI => self.b.ins().iabs(x),
                    FloorD => self.b.ins().floor(x),
                    CeilD => self.b.ins().ceil(x),
                    TruncD => self.b.ins().trunc(x),
                    RoundD => self.b.ins().nearest(x),
                    ExpD | LogD | SinD | CosD | TanD => {
                        let k = match op {
                            ExpD => 0,
                            LogD => 1,
                            SinD => 2,
                            CosD => 3,
                            _ => 4,
                        };
                        let k = self.iconst(types::I32, k);
                        self.call(self.rt.math1, &[x, k]).unwrap()
                    }
                    NotB => self.b.ins().icmp_imm_s(IntCC::Equal, x, 0),
                    IntToDbl => self.b.ins().fcvt_from_sint(types::F64, x),
                    DblToInt => self.b.ins().fcvt_to_sint_sat(types::I32, x),
                    DblIsInt => {
                        // Round trip through int32 (NaN fails the compare).
                        let i = self.b.ins().fcvt_to_sint_sat(types::I32, x);
                        let back = self.b.ins().fcvt_from_sint(types::F64, i);
                        let exact = self.b.ins().fcmp(FloatCC::Equal, back, x);
                        let not_na = self.b.ins().icmp_imm_s(IntCC::NotEqual, i, i32::MIN as i64);
                        self.b.ins().band(exact, not_na)
                    }
                    BoolToLgl => self.b.ins().uextend(types::I32, x),
                    LglToBool => self.b.ins().icmp_imm_s(IntCC::NotEqual, x, 0),
                    LglIsNa => self.b.ins().icmp_imm_s(IntCC::Equal, x, i32::MIN as i64),
                    DblIsNan => self.b.ins().fcmp(FloatCC::Unordered, x, x),
                    IntToLgl => {
                        let b = self.b.ins().icmp_imm_s(IntCC::NotEqual, x, 0);
                        self.b.ins().uextend(types::I32, b)
                    }
                    DblToLgl => {
                        let zero = self.b.ins().f64const(0.0);
                        let ne = self.b.ins().fcmp(FloatCC::NotEqual, x, zero);
                        let ne = self.b.ins().uextend(types::I32, ne);
                        let nan = self.b.ins().fcmp(FloatCC::Unordered, x, x);
                        let na = self.iconst(types::I32, i32::MIN as i64);
                        self.b.ins().select(nan, na, ne)
                    }
                    Box | Unbox | VecLen | NRow | NCol | Length | NegC | ConjC | ReC | ImC
                    | ModC | DblToCplx => unreachable!(),
                };
                self.def(r, v);
            }
        }
        Ok(())
    }

    pub(super) fn binary(&mut self, op: BinOp, a: Val, b: Val, r: Val) -> Result<(), String> {
        use BinOp::*;
        if matches!(op, AddC | SubC | MulC | DivC) {
            // `+` and `-` part by part, as the interpreter (`cplx_arith`):
            // `+` with the operands swapped, as GNU R's build adds complex
            // numbers (of two NaN parts, the right operand's); `*` and `/`
            // call its C99 functions.
            let (p, q) = self.get2(a);
            let (u, w) = self.get2(b);
            let (re, im) = match op {
                AddC => {
                    // (`p + u`, then u where u is NaN: the same result as
                    // `u + p` on x86, without forcing a loaded u into a
                    // register first, which `register_lhs` would.)
                    let mut part = |l: CValue, r: CValue| {
                        let sum = self.b.ins().fadd(l, r);
                        let nan = self.b.ins().fcmp(FloatCC::Unordered, r, r);
                        self.b.ins().select(nan, r, sum)
                    };
                    (part(p, u), part(q, w))
                }
                SubC => (self.b.ins().fsub(p, u), self.b.ins().fsub(q, w)),
                _ => {
                    // C99 `double complex` `*` and `/` (the interpreter's
                    // functions: Annex G's recovery of infinities).
                    let f = if op == MulC {
                        self.rt.cplx_mul
                    } else {
                        self.rt.cplx_div
                    };
                    let inst = self.b.ins().call(f, &[p, q, u, w]);
                    let rs = self.b.inst_results(inst);
                    (rs[0], rs[1])
                }
            };
            self.def2(r, re, im);
            return Ok(());
        }
        let x = self.get(a);
        let y = self.get(b);
        let v = match op {
            AddI => self.b.ins().iadd(x, y),
            SubI => self.b.ins().isub(x, y),
            MulI => self.b.ins().imul(x, y),
            AddOvfI | SubOvfI if self.const_int(b).is_some_and(|k| k != i32::MIN) => {
                // `x ± k` leaves the non-NA range exactly when x is beyond one
                // bound (x itself is never NA): one comparison.
                let k = self.const_int(b).unwrap() as i64;
                let k = if op == AddOvfI { k } else { -k };
                if k >= 0 {
                    self.b
                        .ins()
                        .icmp_imm_s(IntCC::SignedGreaterThan, x, i32::MAX as i64 - k)
                } else {
                    self.b
                        .ins()
                        .icmp_imm_s(IntCC::SignedLessThanOrEqual, x, i32::MIN as i64 - k)
                }
            }
            AddOvfI | SubOvfI | MulOvfI => {
                // Overflow, or the NA pattern (i32::MIN) as the result.
                let (r, of) = match op {
                    AddOvfI => self.b.ins().sadd_overflow(x, y),
                    SubOvfI => self.b.ins().ssub_overflow(x, y),
                    _ => self.b.ins().smul_overflow(x, y),
                };
                let na = self.b.ins().icmp_imm_s(IntCC::Equal, r, i32::MIN as i64);
                self.b.ins().bor(of, na)
            }
            ModI if self.const_int(b).is_some_and(|k| k > 0) => {
                // A positive divisor: R's result is the remainder plus the
                // divisor when the remainder is negative.
                let r = self.b.ins().srem(x, y);
                let neg = self.b.ins().sshr_imm_u(r, 31);
                let adj = self.b.ins().band(neg, y);
                self.b.ins().iadd(r, adj)
            }
            ModI | IDivI => {
                // R's integer %% takes the sign of the divisor; %/% floors.
                // The divisor is non-zero (assumed) and neither operand is NA.
                let r = self.b.ins().srem(x, y);
                let rz = self.b.ins().icmp_imm_s(IntCC::NotEqual, r, 0);
                let xr = self.b.ins().bxor(r, y);
                let diff = self.b.ins().icmp_imm_s(IntCC::SignedLessThan, xr, 0);
                let adjust = self.b.ins().band(rz, diff);
                if op == ModI {
                    let radj = self.b.ins().iadd(r, y);
                    self.b.ins().select(adjust, radj, r)
                } else {
                    let q = self.b.ins().sdiv(x, y);
                    let q1 = self.b.ins().iadd_imm_s(q, -1);
                    self.b.ins().select(adjust, q1, q)
                }
            }
            AddD => {
                let x = self.register_lhs(x);
                self.b.ins().fadd(x, y)
            }
            SubD => self.b.ins().fsub(x, y),
            MulD => {
                let x = self.register_lhs(x);
                self.b.ins().fmul(x, y)
            }
            DivD => self.b.ins().fdiv(x, y),
            PowD | ModD | IDivD => {
                let f = match op {
                    PowD => self.rt.pow,
                    ModD => self.rt.fmod,
                    _ => self.rt.fidiv,
                };
                self.call(f, &[x, y]).unwrap()
            }
            LtI | LeI | GtI | GeI | EqI | NeI => {
                let cc = match op {
                    LtI => IntCC::SignedLessThan,
                    LeI => IntCC::SignedLessThanOrEqual,
                    GtI => IntCC::SignedGreaterThan,
                    GeI => IntCC::SignedGreaterThanOrEqual,
                    EqI => IntCC::Equal,
                    _ => IntCC::NotEqual,
                };
                self.b.ins().icmp(cc, x, y)
            }
            LtD | LeD | GtD | GeD | EqD | NeD => {
                let cc = match op {
                    LtD => FloatCC::LessThan,
                    LeD => FloatCC::LessThanOrEqual,
                    GtD => FloatCC::GreaterThan,
                    GeD => FloatCC::GreaterThanOrEqual,
                    EqD => FloatCC::Equal,
                    _ => FloatCC::OrderedNotEqual,
                };
                let r = self.b.ins().fcmp(cc, x, y);
                let r = self.b.ins().uextend(types::I32, r);
                let nan = self.b.ins().fcmp(FloatCC::Unordered, x, y);
                let na = self.iconst(types::I32, i32::MIN as i64);
                self.b.ins().select(nan, na, r)
            }
            AndB => self.b.ins().band(x, y),
            OrB => self.b.ins().bor(x, y),
            BitAndI => self.b.ins().band(x, y),
            BitOrI => self.b.ins().bor(x, y),
            BitXorI => self.b.ins().bxor(x, y),
            // (The count is 0..=31: Cranelift's shifts take it modulo 32.)
            ShlI => self.b.ins().ishl(x, y),
            ShrI => self.b.ins().ushr(x, y),
            MinI => self.b.ins().smin(x, y),
            MaxI => self.b.ins().smax(x, y),
            MinD => self.b.ins().fmin(x, y),
            MaxD => self.b.ins().fmax(x, y),
            AddC | SubC | MulC | DivC => unreachable!(),
        };
        self.def(r, v);
        Ok(())
    }
}
