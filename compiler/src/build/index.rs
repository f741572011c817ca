//! Indexing and element stores: `x[i]`, `x[[i]]`, `m[i, j]` and their
//! assignments as typed loads and stores when the feedback allows.

use super::*;

impl<'a> Builder<'a> {
    /// `x[i] <- v` / `x[[i]] <- v` (stack `v, i, x`) as a typed store, when
    /// the feedback saw x as attribute-free int/double/logical/complex
    /// vectors and i and v are, or are speculated, a scalar index and an
    /// element of the store's type (converted up: an int into a double
    /// vector). Polymorphic feedback (`vector(length = n)`, a logical vector
    /// that the first store makes integer) stores into the widest type
    /// seen, the one the vector keeps. x is tested, not assumed: x of
    /// another type, or an index past its end (R extends the vector, as
    /// `x[length(x) + 1] <- v` does), takes the generic store of the
    /// runtime in a block of its own, and both join after the store. The
    /// current block becomes the join. (In an inlined body, where a runtime
    /// call would end inlining, both are assumed instead.) `None`: the
    /// generic path.
    pub(super) fn store_elem(
        &mut self,
        bb: &mut Block,
        pc: usize,
        st: &State,
        fb: u32,
    ) -> Option<Val> {
        let k = st.stack.len() - 3;
        let (v, i, x) = (st.stack[k], st.stack[k + 1], st.stack[k + 2]);
        let test = self.store_target(self.fb_bits(Some(fb)))?;
        let elem = match test {
            TypeTest::IsVecDbl => Type::Dbl,
            TypeTest::IsVecInt => Type::Int,
            TypeTest::IsVecLgl => Type::Lgl,
            TypeTest::IsVecCplx => Type::Cplx,
            _ => return None,
        };
        // The type `a` has or is speculated to have.
        // (A value seen as integer and double is read as a double.)
        let will_be = |b: &Builder, a: AbsVal| match b.f.ty(a.val) {
            Type::Any => {
                let bits = b.bits_of(a);
                b.speculated_test(bits)
                    .map(|t| t.refined())
                    .or_else(|| b.is_mixed_num(bits).then_some(Type::Dbl))
            }
            t => Some(t),
        };
        let fits = match (elem, will_be(self, v)?) {
            (e, t) if e == t => true,
            (Type::Dbl, Type::Int) | (Type::Lgl, Type::Bool) => true,
            (Type::Cplx, Type::Int | Type::Dbl) => true,
            _ => false,
        };
        if !fits
            || !matches!(will_be(self, i)?, Type::Int | Type::Dbl)
            || self.f.ty(x.val).is_unboxed()
        {
            return None;
        }
        let iv = self.speculate_or_num(*bb, i, pc, st);
        let iv = self.index_int(*bb, iv)?;
        let mut vv = self.speculate_or_num(*bb, v, pc, st);
        vv = match (elem, self.f.ty(vv)) {
            (Type::Dbl, Type::Int) => self
                .f
                .push(*bb, InstKind::Unary(UnOp::IntToDbl, vv), Type::Dbl)
                .unwrap(),
            (Type::Lgl, Type::Bool) => self
                .f
                .push(*bb, InstKind::Unary(UnOp::BoolToLgl, vv), Type::Lgl)
                .unwrap(),
            (Type::Cplx, Type::Int | Type::Dbl) => self.as_cplx(*bb, vv),
            _ => vv,
        };
        let xa = self.boxed(*bb, x.val);
        if !self.inline.is_empty() {
            // In an inlined body a runtime call would end inlining: assume
            // x's type and the bounds (an exit re-executes the whole call).
            let cp = self.checkpoint(*bb, pc, st);
            let is_vec = self
                .f
                .push(*bb, InstKind::Test(test, xa), Type::Bool)
                .unwrap();
            self.assume(*bb, is_vec, cp, Reason::TypeCheck);
            self.note_feedback(fb);
            let xv = self
                .f
                .push(*bb, InstKind::Unary(UnOp::Unbox, xa), test.refined())
                .unwrap();
            let inb = self
                .f
                .push(*bb, InstKind::InBounds(xv, iv), Type::Bool)
                .unwrap();
            self.assume(*bb, inb, cp, Reason::TypeCheck);
            return self.f.push(*bb, InstKind::VecSet(xa, iv, vv), Type::Any);
        }
        let (in_vec, typed, generic, join) = (
            self.f.add_block(),
            self.f.add_block(),
            self.f.add_block(),
            self.f.add_block(),
        );
        let is_vec = self
            .f
            .push(*bb, InstKind::Test(test, xa), Type::Bool)
            .unwrap();
        self.f.push(
            *bb,
            InstKind::Branch(is_vec, in_vec, vec![], generic, vec![]),
            Type::Void,
        );
        let xv = self
            .f
            .push(in_vec, InstKind::Unary(UnOp::Unbox, xa), test.refined())
            .unwrap();
        let inb = self
            .f
            .push(in_vec, InstKind::InBounds(xv, iv), Type::Bool)
            .unwrap();
        self.f.push(
            in_vec,
            InstKind::Branch(inb, typed, vec![], generic, vec![]),
            Type::Void,
        );
        let stored = self
            .f
            .push(typed, InstKind::VecSet(xa, iv, vv), Type::Any)
            .unwrap();
        self.f
            .push(typed, InstKind::Jump(join, vec![stored]), Type::Void);
        let operands: Vec<Val> = st.stack[k..].iter().map(|a| a.val).collect();
        let updated = self.runtime(generic, pc, &operands);
        self.f
            .push(generic, InstKind::Jump(join, vec![updated]), Type::Void);
        *bb = join;
        Some(self.f.add_param(join, Type::Any))
    }

    /// The vector type a store speculates on for feedback `bits`: the one
    /// type seen, or the widest of several atomic vector types seen.
    fn store_target(&self, bits: u16) -> Option<TypeTest> {
        use TypeFeedback as T;
        if let Some(t) = self.speculated_test(bits) {
            return Some(t);
        }
        let kinds = T::LGL | T::INT | T::DBL | T::CPLX | T::STR | T::LIST | T::NULL | T::FUN;
        let types = bits & kinds;
        if bits & (T::STALE | T::ATTRS) != 0
            || bits & T::NON_SCALAR == 0
            || types & !(T::LGL | T::INT | T::DBL | T::CPLX) != 0
        {
            return None;
        }
        Some(if types & T::CPLX != 0 {
            TypeTest::IsVecCplx
        } else if types & T::DBL != 0 {
            TypeTest::IsVecDbl
        } else if types & T::INT != 0 {
            TypeTest::IsVecInt
        } else {
            TypeTest::IsVecLgl
        })
    }

    /// `x[i]` / `x[[i]]` with one index.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn index1(
        &mut self,
        bb: Block,
        pc: usize,
        st: &State,
        x: AbsVal,
        i: AbsVal,
        is2: bool,
        fb: u32,
    ) -> Val {
        if self.read_failed(fb) {
            return self.runtime(bb, pc, &[x.val, i.val]);
        }
        let xb = self.bits_of(x);
        let xv = self.speculate(bb, x, xb, pc, st);
        if !self.f.ty(xv).is_vec() {
            // The generic `[` takes the index boxed: speculating its type
            // would buy nothing and exit whenever it differs (`v[2:length(v)]`
            // with the profile's `2:2` a scalar, and `v` longer later).
            return self.runtime(bb, pc, &[xv, i.val]);
        }
        let iv = self.speculate_or_num(bb, i, pc, st);
        let Some(iv) = self.index_int(bb, iv) else {
            return self.runtime(bb, pc, &[xv, iv]);
        };
        // In bounds (1-based) and, for integer vectors, not NA (an `int` is never NA).
        let cp = self.checkpoint(bb, pc, st);
        let ok = self
            .f
            .push(bb, InstKind::InBounds(xv, iv), Type::Bool)
            .unwrap();
        self.assume(bb, ok, cp, Reason::TypeCheck);
        let one = self.f.push(bb, InstKind::ConstInt(1), Type::Int).unwrap();
        let i0 = self.binary(bb, BinOp::SubI, iv, one);
        let _ = is2;
        self.load_elem(bb, pc, st, xv, i0)
    }

    /// Has the element read whose result feedback is `fb` been seen to give
    /// what a typed in-bounds read cannot: an NA (out of bounds, or an NA
    /// element), or a vector (`x[0]`, `m[0, j]`, a negative or vector
    /// index), or does a continuation's cleaned-up feedback mark its result
    /// stale (its bounds assume failed: the continuation starts at this
    /// read)? Then the read stays generic. Without the vector case, a read
    /// whose index reaches 0 only after the code was compiled fails its
    /// bounds assume on every such iteration, and each recompilation from
    /// the same feedback (the interpreter re-executes the read after a
    /// deopt and records a vector) would fail the same way, until the
    /// function is left to the interpreter (`MAX_DEOPTS`).
    fn read_failed(&self, fb: u32) -> bool {
        use TypeFeedback as T;
        self.fb_bits(Some(fb)) & (T::NA | T::NON_SCALAR | T::STALE) != 0
    }

    /// Element `k` (0-based, in bounds) of the typed vector `xv`; an integer
    /// element is checked not to be NA (an `int` value never is).
    fn load_elem(&mut self, bb: Block, pc: usize, st: &State, xv: Val, k: Val) -> Val {
        let elem = match self.f.ty(xv) {
            Type::VecInt => Type::Int,
            Type::VecLgl => Type::Lgl,
            Type::VecCplx => Type::Cplx,
            _ => Type::Dbl,
        };
        let v = self.f.push(bb, InstKind::VecLoad(xv, k), elem).unwrap();
        if elem == Type::Int {
            self.assume_not_na(bb, pc, st, v);
        }
        v
    }

    /// A scalar subscript as the `int` R indexes with: an `int` as it is, a
    /// double truncated toward zero (R's rule; saturating, NaN → 0). Exact
    /// for indexing: every double that does not truncate into the bounds
    /// (negative, below 1, NaN, huge) fails the bounds assume that follows,
    /// and R's result for those is not a single element anyway.
    fn index_int(&mut self, bb: Block, v: Val) -> Option<Val> {
        match self.f.ty(v) {
            Type::Int => Some(v),
            Type::Dbl => Some(self.unary(bb, UnOp::DblToInt, v, Type::Int)),
            _ => None,
        }
    }

    /// `m[i, j]` (or `m[[i, j]]`) on a double, integer or logical matrix
    /// with in-bounds integer indices.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn index2d(
        &mut self,
        bb: Block,
        pc: usize,
        st: &State,
        x: AbsVal,
        i: AbsVal,
        j: AbsVal,
        fb: u32,
    ) -> Val {
        let elem = if self.read_failed(fb) {
            None
        } else {
            let xb = self.bits_of(x);
            self.matrix_elem(bb, pc, st, (x, xb), i, j)
        };
        match elem {
            Some((xv, k)) => self.load_elem(bb, pc, st, xv, k),
            None => self.runtime(bb, pc, &[x.val, i.val, j.val]),
        }
    }

    /// `m[i, j] <- v` / `m[[i, j]] <- v` (stack `v, i, j, m`) on a double,
    /// integer or logical matrix the feedback (`fb`, the types of m) saw,
    /// with in-bounds integer indices and a v of the matrix's type (an
    /// integer into a double matrix, a condition into a logical one): a
    /// `vecset`. `None`: the generic path.
    pub(super) fn store_matrix_elem(
        &mut self,
        bb: Block,
        pc: usize,
        st: &State,
        fb: u32,
    ) -> Option<Val> {
        let k = st.stack.len() - 4;
        let (v, i, j, x) = (
            st.stack[k],
            st.stack[k + 1],
            st.stack[k + 2],
            st.stack[k + 3],
        );
        // A logical or integer matrix that the store makes double (the
        // `matrix(nrow = n, ncol = n)` of NAs filled with numbers) is a
        // double matrix from the first store on.
        let mut xb = self.fb_bits(Some(fb));
        {
            use TypeFeedback as T;
            let kinds = T::LGL | T::INT | T::DBL | T::CPLX | T::STR | T::LIST | T::NULL | T::FUN;
            if xb & kinds & !(T::LGL | T::INT | T::DBL) == 0 && xb & T::DBL != 0 {
                xb &= !(T::LGL | T::INT);
            }
        }
        let test = matrix_test(xb)?;
        // The stored value as the matrix's element type.
        let vb = self.bits_of(v);
        let vv = match (test, self.f.ty(v.val)) {
            (TypeTest::IsMatDbl, Type::Dbl | Type::Int) => v.val,
            (TypeTest::IsMatInt, Type::Int) | (TypeTest::IsMatLgl, Type::Lgl | Type::Bool) => v.val,
            (_, Type::Any) => match (test, self.speculated_test(vb)) {
                (TypeTest::IsMatDbl, Some(TypeTest::IsDbl | TypeTest::IsInt))
                | (TypeTest::IsMatInt, Some(TypeTest::IsInt))
                | (TypeTest::IsMatLgl, Some(TypeTest::IsLgl)) => self.speculate(bb, v, vb, pc, st),
                (TypeTest::IsMatDbl, _) if self.is_mixed_num(vb) => {
                    self.speculate_num(bb, v, pc, st)?
                }
                _ => return None,
            },
            _ => return None,
        };
        let xa = AbsVal {
            val: self.boxed(bb, x.val),
            fb: Some(fb),
        };
        let (_, k0) = self.matrix_elem(bb, pc, st, (xa, xb), i, j)?;
        let vv = match test {
            TypeTest::IsMatDbl => self.as_dbl(bb, vv),
            _ if self.f.ty(vv) == Type::Bool => self
                .f
                .push(bb, InstKind::Unary(UnOp::BoolToLgl, vv), Type::Lgl)
                .unwrap(),
            _ => vv,
        };
        let one = self.f.push(bb, InstKind::ConstInt(1), Type::Int).unwrap();
        let k1 = self.binary(bb, BinOp::AddI, k0, one);
        self.f.push(bb, InstKind::VecSet(xa.val, k1, vv), Type::Any)
    }

    /// Element `(i, j)` of `x` as a typed view and a 0-based index, when `x`
    /// (with feedback bits `xb`) was only seen as a double, integer or
    /// logical matrix (`matrix_test`) and i and j are, or are speculated,
    /// integers: test x, assume both indices within the dims. `None`
    /// (before any test of x): not that case.
    fn matrix_elem(
        &mut self,
        bb: Block,
        pc: usize,
        st: &State,
        (x, xb): (AbsVal, u16),
        i: AbsVal,
        j: AbsVal,
    ) -> Option<(Val, Val)> {
        let test = matrix_test(xb)?;
        let iv = self.speculate_or_num(bb, i, pc, st);
        let jv = self.speculate_or_num(bb, j, pc, st);
        if !matches!(self.f.ty(iv), Type::Int | Type::Dbl)
            || !matches!(self.f.ty(jv), Type::Int | Type::Dbl)
            || self.f.ty(x.val) != Type::Any
        {
            return None;
        }
        let iv = self.index_int(bb, iv)?;
        let jv = self.index_int(bb, jv)?;
        let xv = self.speculate_as(bb, x, test, pc, st);
        let nrow = self
            .f
            .push(bb, InstKind::Unary(UnOp::NRow, x.val), Type::Int)
            .unwrap();
        let zero = self.f.push(bb, InstKind::ConstInt(0), Type::Int).unwrap();
        let one = self.f.push(bb, InstKind::ConstInt(1), Type::Int).unwrap();
        let has_rows = self.binary(bb, BinOp::NeI, nrow, zero);
        let cp = self.checkpoint(bb, pc, st);
        self.assume(bb, has_rows, cp, Reason::TypeCheck);
        let ncol = self
            .f
            .push(bb, InstKind::Unary(UnOp::NCol, x.val), Type::Int)
            .unwrap();
        // One assume per bound: those on an index that is invariant in a loop
        // leave it, and those a loop counter satisfies fold away.
        let cp = self.checkpoint(bb, pc, st);
        for (v, hi) in [(iv, nrow), (jv, ncol)] {
            let lo_ok = self.binary(bb, BinOp::GeI, v, one);
            self.assume(bb, lo_ok, cp, Reason::TypeCheck);
            let hi_ok = self.binary(bb, BinOp::LeI, v, hi);
            self.assume(bb, hi_ok, cp, Reason::TypeCheck);
        }
        let i0 = self.binary(bb, BinOp::SubI, iv, one);
        let j0 = self.binary(bb, BinOp::SubI, jv, one);
        let col = self.binary(bb, BinOp::MulI, j0, nrow);
        Some((xv, self.binary(bb, BinOp::AddI, col, i0)))
    }
}
