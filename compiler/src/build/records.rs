//! Lists as records: `x$name` whose profile saw one scalar type (`int` not
//! NA, `dbl` or `lgl`) on a value seen only as a list becomes a shape
//! speculation, `field.test` (a list without a class whose field `name`,
//! found through the site's field cache, has that type), an assume, and
//! `field.load` of the unboxed field, instead of a runtime call that boxes
//! the field and a type test that unboxes it. A record whose shape changes
//! (a field added or retyped, a class set) fails the assume like any type
//! speculation: the interpreter's `$` re-runs and records what it saw.

use super::*;

impl<'a> Builder<'a> {
    /// The typed field read for `$` (field `sym`, cache `ci`, result
    /// feedback `fb`) of the record on top of `st`'s stack, or `None`
    /// (nothing pushed): the generic `$` then.
    pub(super) fn record_field(
        &mut self,
        bb: Block,
        pc: usize,
        st: &State,
        sym: vm::symbols::SymId,
        ci: u32,
        fb: u32,
    ) -> Option<Val> {
        use TypeFeedback as T;
        // (In an inlined callee's body the site's cache is the callee's,
        // not the running code's.)
        if self.returns.is_some() {
            return None;
        }
        let x = *st.stack.last()?;
        if self.f.ty(x.val) != Type::Any {
            return None;
        }
        let kinds =
            T::LGL | T::INT | T::DBL | T::CPLX | T::STR | T::LIST | T::NULL | T::FUN | T::ENV;
        let xb = self.bits_of(x);
        if xb & T::STALE != 0 || xb & kinds != T::LIST {
            return None;
        }
        let ty = match self.speculated_test(self.fb_bits(Some(fb)))? {
            TypeTest::IsInt => Type::Int,
            TypeTest::IsDbl => Type::Dbl,
            TypeTest::IsLgl => Type::Lgl,
            _ => return None,
        };
        let sym = sym.0;
        let cp = self.checkpoint(bb, pc, st);
        let ok = self
            .f
            .push(
                bb,
                InstKind::FieldTest {
                    x: x.val,
                    sym,
                    ci,
                    ty,
                },
                Type::Bool,
            )
            .unwrap();
        self.assume(bb, ok, cp, Reason::TypeCheck);
        // A failing shape test records the record's own type in the
        // field's feedback: a rebuilt version reads it generically (an S3
        // object's class fails the test on every call, and the field's
        // type alone would speculate the same again).
        self.note_feedback(fb);
        self.f.push(
            bb,
            InstKind::FieldLoad {
                x: x.val,
                sym,
                ci,
                ty,
            },
            ty,
        )
    }
}
