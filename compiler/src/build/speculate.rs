//! Speculation policy: type feedback and entry hints turned into tests,
//! checkpoints and assumes (`speculate`, `inherited_hints`, `checkpoint`,
//! `assume`).

use super::*;

/// Feedback bits describing exactly the values of type `t` (`any`: stale, i.e.
/// nothing to speculate on).
pub fn fb_bits_of(t: ArgType) -> u16 {
    use TypeFeedback as T;
    match t {
        ArgType::Int => T::INT,
        ArgType::Dbl => T::DBL,
        ArgType::Lgl => T::LGL,
        ArgType::VecInt => T::INT | T::NON_SCALAR,
        ArgType::VecDbl => T::DBL | T::NON_SCALAR,
        ArgType::VecLgl => T::LGL | T::NON_SCALAR,
        ArgType::Cplx => T::CPLX,
        ArgType::VecCplx => T::CPLX | T::NON_SCALAR,
        ArgType::MatInt => T::INT | T::NON_SCALAR | T::ATTRS,
        ArgType::MatDbl => T::DBL | T::NON_SCALAR | T::ATTRS,
        ArgType::MatLgl => T::LGL | T::NON_SCALAR | T::ATTRS,
        ArgType::Any | ArgType::Missing => T::STALE,
    }
}

/// The matrix test for feedback bits `xb` that saw only double, only
/// integer or only logical vectors (attributes allowed, e.g. `dim`): what a
/// matrix speculation (`is.mat<…>`) starts from.
pub(super) fn matrix_test(xb: u16) -> Option<TypeTest> {
    use TypeFeedback as T;
    let kinds = T::LGL | T::INT | T::DBL | T::CPLX | T::STR | T::LIST | T::NULL | T::FUN;
    if xb & T::STALE != 0 || xb & T::NON_SCALAR == 0 {
        return None;
    }
    match xb & kinds {
        T::DBL => Some(TypeTest::IsMatDbl),
        T::INT => Some(TypeTest::IsMatInt),
        T::LGL => Some(TypeTest::IsMatLgl),
        _ => None,
    }
}

/// The type test that establishes `t`, if any.
pub(super) fn test_for(t: ArgType) -> Option<TypeTest> {
    Some(match t {
        ArgType::Int => TypeTest::IsInt,
        ArgType::Dbl => TypeTest::IsDbl,
        ArgType::Lgl => TypeTest::IsLgl,
        ArgType::VecInt => TypeTest::IsVecInt,
        ArgType::VecDbl => TypeTest::IsVecDbl,
        ArgType::VecLgl => TypeTest::IsVecLgl,
        ArgType::Cplx => TypeTest::IsCplx,
        ArgType::VecCplx => TypeTest::IsVecCplx,
        ArgType::MatInt => TypeTest::IsMatInt,
        ArgType::MatDbl => TypeTest::IsMatDbl,
        ArgType::MatLgl => TypeTest::IsMatLgl,
        ArgType::Any | ArgType::Missing => return None,
    })
}

impl<'a> Builder<'a> {
    pub(super) fn fb_bits(&self, fb: Option<u32>) -> u16 {
        fb.map(|i| match self.fb_override.get(&i) {
            Some(&bits) => bits,
            None => self.code.type_fb[i as usize].get().0,
        })
        .unwrap_or(0)
    }

    /// Is feedback slot `fb` a hint (a slot past the code's own, whose bits
    /// are a fact: an entry type, or a type every incoming edge brings)?
    fn is_hint(&self, fb: Option<u32>) -> bool {
        fb.is_some_and(|h| h as usize >= self.code.type_fb.len())
    }

    /// The feedback slot that describes local `a` where an instruction reads
    /// it with its own profile `load`: a hint wins over the load's profile,
    /// which is stale when the types are new (a version for new argument
    /// types; OSR-in code entered with types that the loop's profile mixes
    /// with older ones).
    pub(super) fn load_fb(&self, a: AbsVal, load: Option<u32>) -> Option<u32> {
        if self.is_hint(a.fb) {
            a.fb
        } else {
            load.or(a.fb)
        }
    }

    /// A new hint slot saying "a scalar of type `t`" (`None` for other
    /// types: an unboxed vector may be a matrix's data, which the
    /// attribute-free vector tests would reject).
    fn type_hint(&mut self, t: Type) -> Option<u32> {
        let at = match t {
            Type::Int => ArgType::Int,
            Type::Dbl => ArgType::Dbl,
            Type::Lgl => ArgType::Lgl,
            Type::Cplx => ArgType::Cplx,
            _ => return None,
        };
        let next = self
            .fb_override
            .keys()
            .next_back()
            .map_or(0, |&k| k + 1)
            .max(self.code.type_fb.len() as u32 + 1);
        self.fb_override.insert(next, fb_bits_of(at));
        Some(next)
    }

    /// Hints for the stack values and locals of the block at `pc` (not a
    /// loop header: all its edges are known when it is entered). A value gets
    /// one where every edge brings it as a scalar of the same unboxed type,
    /// or with the same hint. Block parameters are boxed, and the loads' profiles may mix
    /// older types (stale feedback): the types flowing in are facts. A hint
    /// only chooses what to speculate, and the speculation is checked.
    pub(super) fn inherited_hints(
        &mut self,
        pc: usize,
        depth: usize,
        nlocals: usize,
    ) -> (Vec<Option<u32>>, Vec<Option<u32>>) {
        let none = (vec![None; depth], vec![None; nlocals]);
        // At a loop header only the forward edges are known: a local the
        // loop never assigns comes around the back edges as it came in, so
        // its hint holds (a matrix argument of a function with loops: the
        // reads in the loop see the entry's type, not a profile that mixes
        // the element types of earlier calls). The rest take their loads'
        // profiles.
        let fixed = if self.headers.contains(&pc) {
            let assigned = self.assigned_in_loop(pc);
            (0..nlocals)
                .map(|k| !assigned.contains(&(k as u16)) && !self.shared[k])
                .collect()
        } else {
            vec![true; nlocals]
        };
        let Some(preds) = self.incoming.get(&pc).filter(|p| !p.is_empty()) else {
            return none;
        };
        let states: Vec<State> = preds.iter().map(|(_, _, s)| s.clone()).collect();
        let hint = |b: &mut Self, vals: Vec<Option<AbsVal>>| -> Option<u32> {
            let vals: Vec<AbsVal> = vals.into_iter().collect::<Option<_>>()?;
            let t = b.f.ty(vals[0].val);
            if matches!(t, Type::Int | Type::Dbl | Type::Lgl | Type::Cplx) {
                if vals.iter().all(|a| b.f.ty(a.val) == t) {
                    return b.type_hint(t);
                }
                return None;
            }
            // An entry typed `any` has an uninformative (stale) hint: it
            // stays in its block, and later loads use their profiles.
            let fb = vals[0].fb;
            let informative = fb
                .and_then(|h| b.fb_override.get(&h))
                .is_some_and(|bits| bits & TypeFeedback::STALE == 0);
            (b.is_hint(fb) && informative && vals.iter().all(|a| a.fb == fb))
                .then_some(fb)
                .flatten()
        };
        let header = self.headers.contains(&pc);
        let stack = (0..depth)
            .map(|k| {
                if header {
                    return None;
                }
                hint(
                    self,
                    states.iter().map(|s| s.stack.get(k).copied()).collect(),
                )
            })
            .collect();
        let locals = (0..nlocals)
            .map(|k| {
                if !fixed[k] {
                    return None;
                }
                hint(
                    self,
                    states
                        .iter()
                        .map(|s| s.locals.get(k).copied().flatten())
                        .collect(),
                )
            })
            .collect();
        (stack, locals)
    }

    /// Feedback bits for a value: its producer's type feedback, or for a call
    /// result the call site's result feedback.
    pub(super) fn bits_of(&self, a: AbsVal) -> u16 {
        match self.call_results.get(&a.val) {
            Some(&cfb) => self.code.call_fb[cfb as usize].borrow().result.0,
            None => self.fb_bits(a.fb),
        }
    }

    pub(super) fn checkpoint(&mut self, bb: Block, pc: usize, st: &State) -> Val {
        if self.globals.as_ref().is_some_and(|g| g.stored_any) {
            // An exit after a global store would re-execute the store.
            self.give_up_inline();
        }
        if let Some(site) = self.inline.first() {
            // Inside an inlined call every exit re-executes the (outermost) call.
            let fs = site.state.clone();
            return self
                .f
                .push(bb, InstKind::Checkpoint(fs), Type::Checkpoint)
                .unwrap();
        }
        let fs = FrameState {
            pc: pc as u32,
            stack: st.stack.iter().map(|a| self.state_val(a.val)).collect(),
            locals: st
                .locals
                .iter()
                .map(|l| l.map(|a| self.state_val(a.val)))
                .collect(),
            loops: st.loops.clone(),
        };
        self.f
            .push(bb, InstKind::Checkpoint(fs), Type::Checkpoint)
            .unwrap()
    }

    pub(super) fn assume(&mut self, bb: Block, cond: Val, cp: Val, reason: Reason) {
        self.f.push(
            bb,
            InstKind::Assume {
                cond,
                checkpoint: cp,
                reason,
            },
            Type::Void,
        );
    }

    /// The type-check assume just pushed speculated on feedback slot `fb`
    /// (where a deopt records the offending type). Not for an inlined callee:
    /// its slots are the callee's, and re-executing the call in the
    /// interpreter records the callee's feedback anyway.
    pub(super) fn note_feedback(&mut self, fb: u32) {
        if self.returns.is_none() {
            let inst = Inst(self.f.insts.len() as u32 - 1);
            self.f.assume_feedback.insert(inst, fb);
        }
    }

    /// The type feedback promises for a value, as the test that checks it.
    pub(super) fn speculated_test(&self, bits: u16) -> Option<TypeTest> {
        use TypeFeedback as T;
        if bits & T::STALE != 0 || bits & T::ATTRS != 0 {
            return None;
        }
        let types =
            bits & (T::LGL | T::INT | T::DBL | T::CPLX | T::STR | T::LIST | T::NULL | T::FUN);
        let vector = bits & T::NON_SCALAR != 0;
        let na = bits & T::NA != 0;
        match (types, vector) {
            (T::INT, false) if !na => Some(TypeTest::IsInt),
            (T::DBL, false) => Some(TypeTest::IsDbl),
            (T::LGL, false) => Some(TypeTest::IsLgl),
            (T::INT, true) => Some(TypeTest::IsVecInt),
            (T::DBL, true) => Some(TypeTest::IsVecDbl),
            (T::LGL, true) => Some(TypeTest::IsVecLgl),
            (T::CPLX, false) => Some(TypeTest::IsCplx),
            (T::CPLX, true) => Some(TypeTest::IsVecCplx),
            _ => None,
        }
    }

    /// Feedback that saw integer and double scalars, both, and nothing else
    /// (no NA, no attributes).
    pub(super) fn is_mixed_num(&self, bits: u16) -> bool {
        use TypeFeedback as T;
        let kinds = T::LGL | T::INT | T::DBL | T::CPLX | T::STR | T::LIST | T::NULL | T::FUN;
        bits & (T::STALE | T::ATTRS | T::NON_SCALAR | T::NA) == 0 && bits & kinds == T::INT | T::DBL
    }

    /// `a` (still `any`) as a double through `test is.num`, when its
    /// feedback saw integer and double scalars and nothing else (no NA, no
    /// attributes): a variable that starts as an integer and becomes a
    /// double (`n <- n / 2` in a loop). Only for an operation that coerces
    /// the operand to double anyway, which the caller checks.
    pub(super) fn speculate_num(
        &mut self,
        bb: Block,
        a: AbsVal,
        pc: usize,
        st: &State,
    ) -> Option<Val> {
        if self.f.ty(a.val) != Type::Any || !self.is_mixed_num(self.bits_of(a)) {
            return None;
        }
        Some(self.speculate_as(bb, a, TypeTest::IsNum, pc, st))
    }

    /// `speculate`, and for a value seen as integer and double,
    /// `speculate_num`: for a subscript (R truncates a double one, so an
    /// integer read as a double indexes the same element) or a value stored
    /// into a double vector.
    pub(super) fn speculate_or_num(&mut self, bb: Block, a: AbsVal, pc: usize, st: &State) -> Val {
        let v = self.speculate(bb, a, self.bits_of(a), pc, st);
        match self.f.ty(v) {
            Type::Any => self.speculate_num(bb, a, pc, st).unwrap_or(v),
            _ => v,
        }
    }

    /// Make `a` typed if it is `any` and its feedback is monomorphic: checkpoint at
    /// `pc` with state `st`, test, assume, unbox. Returns the (possibly) typed value.
    pub(super) fn speculate(
        &mut self,
        bb: Block,
        a: AbsVal,
        bits: u16,
        pc: usize,
        st: &State,
    ) -> Val {
        if self.f.ty(a.val) != Type::Any {
            return a.val;
        }
        let Some(t) = self.speculated_test(bits) else {
            return a.val;
        };
        self.speculate_as(bb, a, t, pc, st)
    }

    /// Assume `test t, a` (checkpoint at `pc` with state `st`; a failure
    /// records `a`'s type in its feedback slot) and unbox `a` to the type
    /// the test refines it to.
    pub(super) fn speculate_as(
        &mut self,
        bb: Block,
        a: AbsVal,
        t: TypeTest,
        pc: usize,
        st: &State,
    ) -> Val {
        self.assume_test(bb, a.val, t, pc, st);
        if let Some(fb) = a.fb {
            self.note_feedback(fb);
        }
        self.f
            .push(bb, InstKind::Unary(UnOp::Unbox, a.val), t.refined())
            .unwrap()
    }

    /// Assume that the `int` computed as `v` (a loaded element, a bitwise
    /// result) is not the NA bit pattern, which no `int` value may be
    /// (exit there: the interpreter gives R's NA), checkpoint at `pc`.
    pub(super) fn assume_not_na(&mut self, bb: Block, pc: usize, st: &State, v: Val) {
        let na = self
            .f
            .push(bb, InstKind::ConstInt(i32::MIN + 1), Type::Int)
            .unwrap();
        let not_na = self.binary(bb, BinOp::GeI, v, na);
        let cp = self.checkpoint(bb, pc, st);
        self.assume(bb, not_na, cp, Reason::TypeCheck);
    }

    /// Assume `test t, v`, with a checkpoint at `pc` with state `st`.
    pub(super) fn assume_test(&mut self, bb: Block, v: Val, t: TypeTest, pc: usize, st: &State) {
        let cp = self.checkpoint(bb, pc, st);
        let c = self.f.push(bb, InstKind::Test(t, v), Type::Bool).unwrap();
        self.assume(bb, c, cp, Reason::TypeCheck);
    }
}
