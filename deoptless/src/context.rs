//! `DeoptContext`: the state of a failing assumption, abstracted to types, and
//! the per-function dispatch table of continuations keyed by it (docs/DESIGN.md,
//! "DeoptContext").
//!
//! Two contexts are comparable only at the same pc, with the same reason kind,
//! stack depth, locals and loop depth; then `a ≤ b` iff a's trigger and every
//! stack and local type of `a` is a subtype of `b`'s: a continuation compiled
//! for `b` may run in state `a`. The table keeps its entries sorted by a linear
//! extension of `≤` — descending specificity (the number of positions that are
//! not `any`) — so the first entry with `current ≤ entry` is a most specific
//! match.

use compiler::context::ArgType;
use compiler::ir::Reason;
use std::fmt;

/// Limits on the state a context describes (larger states deoptimize).
pub const MAX_STACK: usize = 16;
pub const MAX_LOCALS: usize = 32;

/// The type of one stack value or local: `None` for an unbound local.
pub type Slot = Option<ArgType>;

/// `a ≤ b` for one position: equal, or both bound and `a` fits `b`.
fn slot_le(a: Slot, b: Slot) -> bool {
    match (a, b) {
        (Some(x), Some(y)) => x.fits(y),
        (None, None) => true,
        _ => false,
    }
}

/// What made the assumption fail, abstracted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Trigger {
    /// A type check failed on a value of this type.
    Type(ArgType),
    /// A branch went the way the profile never saw (the condition is on the stack).
    Branch,
    /// Integer arithmetic overflowed.
    Overflow,
    /// An inlined call's name no longer finds the inlined function (or chaos
    /// failed its guard). The continuation starts at the call's `LoadFun` and
    /// calls whatever the name finds, so one continuation serves any callee.
    Callee,
}

impl Trigger {
    fn le(self, other: Trigger) -> bool {
        match (self, other) {
            (Trigger::Type(a), Trigger::Type(b)) => a.fits(b),
            (a, b) => a == b,
        }
    }
    fn specific(self) -> bool {
        !matches!(self, Trigger::Type(ArgType::Any))
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DeoptContext {
    /// The bytecode pc the continuation starts at.
    pub pc: u32,
    pub reason: Reason,
    pub trigger: Trigger,
    /// Operand stack value types, bottom first (≤ MAX_STACK).
    pub stack: Vec<ArgType>,
    /// Per local slot (names are the function's `locals`; ≤ MAX_LOCALS).
    pub locals: Vec<Slot>,
    /// The steps of the active counted loops (+1, or -1 for a downward `a:b`).
    pub loop_steps: Vec<i32>,
}

impl DeoptContext {
    /// Whether `self` and `other` describe the same kind of state.
    pub fn comparable(&self, other: &DeoptContext) -> bool {
        self.pc == other.pc
            && self.reason == other.reason
            && self.stack.len() == other.stack.len()
            && self.locals.len() == other.locals.len()
            && self.loop_steps == other.loop_steps
            && std::mem::discriminant(&self.trigger) == std::mem::discriminant(&other.trigger)
    }

    /// `self ≤ other`: a continuation compiled for `other` may run in `self`.
    pub fn le(&self, other: &DeoptContext) -> bool {
        self.comparable(other)
            && self.trigger.le(other.trigger)
            && self.stack.iter().zip(&other.stack).all(|(a, b)| a.fits(*b))
            && self
                .locals
                .iter()
                .zip(&other.locals)
                .all(|(a, b)| slot_le(*a, *b))
    }

    /// The linear extension's key: positions that say more than `any`.
    /// If `a ≤ b` and `a != b` then `a` is strictly more specific.
    pub fn specificity(&self) -> usize {
        self.trigger.specific() as usize
            + self.stack.iter().filter(|t| **t != ArgType::Any).count()
            + self
                .locals
                .iter()
                .filter(|l| **l != Some(ArgType::Any))
                .count()
    }

    /// Whether the state fits the limits deoptless handles.
    pub fn within_limits(&self) -> bool {
        self.stack.len() <= MAX_STACK && self.locals.len() <= MAX_LOCALS
    }
}

impl fmt::Display for DeoptContext {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let trig = match self.trigger {
            Trigger::Type(t) => t.name().to_string(),
            Trigger::Branch => "branch".into(),
            Trigger::Overflow => "overflow".into(),
            Trigger::Callee => "callee".into(),
        };
        let st: Vec<&str> = self.stack.iter().map(|t| t.name()).collect();
        let lo: Vec<&str> = self
            .locals
            .iter()
            .map(|l| l.map_or("unbound", |t| t.name()))
            .collect();
        write!(
            f,
            "pc {} {}({}) stack [{}] locals [{}] loops {}",
            self.pc,
            self.reason.name(),
            trig,
            st.join(", "),
            lo.join(", "),
            self.loop_steps.len()
        )?;
        if self.loop_steps.iter().any(|&s| s != 1) {
            write!(f, " {:?}", self.loop_steps)?;
        }
        Ok(())
    }
}

/// A function's continuations, sorted by descending specificity (stable: among
/// equals, the older entry first).
pub struct DispatchTable<T> {
    pub entries: Vec<(DeoptContext, T)>,
}

impl<T> Default for DispatchTable<T> {
    fn default() -> Self {
        DispatchTable {
            entries: Vec::new(),
        }
    }
}

impl<T> DispatchTable<T> {
    /// The first entry whose context admits `current` (`current ≤ entry`).
    pub fn dispatch(&self, current: &DeoptContext) -> Option<&(DeoptContext, T)> {
        self.entries.iter().find(|(c, _)| current.le(c))
    }
    pub fn insert(&mut self, ctx: DeoptContext, v: T) {
        self.entries.retain(|(c, _)| *c != ctx);
        let k = ctx.specificity();
        let pos = self
            .entries
            .iter()
            .position(|(c, _)| c.specificity() < k)
            .unwrap_or(self.entries.len());
        self.entries.insert(pos, (ctx, v));
    }
    pub fn remove(&mut self, ctx: &DeoptContext) {
        self.entries.retain(|(c, _)| c != ctx);
    }
    pub fn len(&self) -> usize {
        self.entries.len()
    }
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use vm::value::{dbl_vec, int_vec, lgl_vec, Value, NA_INTEGER};

    const TYPES: [ArgType; 12] = [
        ArgType::Int,
        ArgType::Dbl,
        ArgType::Lgl,
        ArgType::Cplx,
        ArgType::VecInt,
        ArgType::VecDbl,
        ArgType::VecLgl,
        ArgType::VecCplx,
        ArgType::MatInt,
        ArgType::MatDbl,
        ArgType::MatLgl,
        ArgType::Any,
    ];

    /// A 2 x 2 matrix of `v`'s elements (`v` of length 4).
    fn matrix(v: Value) -> Value {
        let Value::Vec(rc) = v else { unreachable!() };
        let mut vec = (*rc).clone();
        vec.set_attr("dim", int_vec(vec![2, 2]));
        Value::Vec(std::rc::Rc::new(vec))
    }

    fn arg_type() -> impl Strategy<Value = ArgType> {
        (0..TYPES.len()).prop_map(|i| TYPES[i])
    }

    fn slot() -> impl Strategy<Value = Slot> {
        prop_oneof![1 => Just(None), 6 => arg_type().prop_map(Some)]
    }

    /// Small contexts at one pc so that many pairs are comparable.
    fn context() -> impl Strategy<Value = DeoptContext> {
        (
            arg_type(),
            prop::collection::vec(arg_type(), 2),
            prop::collection::vec(slot(), 2),
        )
            .prop_map(|(t, stack, locals)| DeoptContext {
                pc: 7,
                reason: Reason::TypeCheck,
                trigger: Trigger::Type(t),
                stack,
                locals,
                loop_steps: vec![],
            })
    }

    /// Sample values of each type, for the semantic check of `≤`.
    fn values() -> Vec<Option<Value>> {
        vec![
            None,
            Some(Value::Int(3)),
            Some(Value::Int(NA_INTEGER)),
            Some(Value::Dbl(0.5)),
            Some(Value::Lgl(1)),
            Some(dbl_vec(vec![1.0, 2.0])),
            Some(int_vec(vec![1, 2, 3])),
            Some(lgl_vec(vec![1, 0])),
            Some(Value::cplx(vm::value::C64::new(1.0, -2.0))),
            Some(Value::from_data(vm::value::VecData::Cplx(vec![
                vm::value::na_complex();
                2
            ]))),
            Some(vm::value::Value::Null),
            Some(matrix(dbl_vec(vec![1.0, 2.0, 3.0, 4.0]))),
            Some(matrix(int_vec(vec![1, 2, 3, 4]))),
            Some(matrix(lgl_vec(vec![1, 0, 1, 0]))),
            // (A matrix of strings is no typed matrix.)
            Some(matrix(Value::from_data(vm::value::VecData::Str(vec![
                Some(
                    "a".into()
                );
                4
            ])))),
        ]
    }

    /// Does a value satisfy a position's type?
    fn satisfies(v: &Option<Value>, s: Slot) -> bool {
        match (v, s) {
            (None, None) => true,
            (Some(v), Some(t)) => ArgType::of(v).fits(t),
            _ => false,
        }
    }

    proptest! {
        #[test]
        fn order_is_reflexive_and_transitive(a in context(), b in context(), c in context()) {
            prop_assert!(a.le(&a));
            if a.le(&b) && b.le(&c) {
                prop_assert!(a.le(&c));
            }
        }

        /// `a ≤ b` iff every state satisfying `a` satisfies `b` (checked per
        /// position over sample values, which cover every type).
        #[test]
        fn order_means_admission(a in slot(), b in slot()) {
            let implied = values().iter().all(|v| !satisfies(v, a) || satisfies(v, b));
            prop_assert_eq!(slot_le(a, b), implied);
        }

        /// The table order extends `≤`: a strictly smaller context comes first.
        #[test]
        fn table_order_extends_the_partial_order(ctxs in prop::collection::vec(context(), 1..8)) {
            let mut t = DispatchTable::default();
            for (k, c) in ctxs.iter().enumerate() {
                t.insert(c.clone(), k);
            }
            for i in 0..t.len() {
                for j in (i + 1)..t.len() {
                    let (a, b) = (&t.entries[i].0, &t.entries[j].0);
                    // Never a later entry strictly below an earlier one.
                    prop_assert!(!(b.le(a) && a != b));
                    // Strict weak order: the key never increases along the table.
                    prop_assert!(a.specificity() >= b.specificity());
                }
            }
        }

        /// Dispatch soundness: the chosen continuation's context admits the
        /// current one, and nothing earlier in the table did.
        #[test]
        fn dispatch_returns_only_admitting_contexts(
            ctxs in prop::collection::vec(context(), 0..8), cur in context()
        ) {
            let mut t = DispatchTable::default();
            for (k, c) in ctxs.iter().enumerate() {
                t.insert(c.clone(), k);
            }
            match t.dispatch(&cur) {
                Some((c, _)) => {
                    prop_assert!(cur.le(c));
                    let pos = t.entries.iter().position(|(x, _)| x == c).unwrap();
                    prop_assert!(t.entries[..pos].iter().all(|(x, _)| !cur.le(x)));
                }
                None => prop_assert!(t.entries.iter().all(|(x, _)| !cur.le(x))),
            }
        }
    }

    #[test]
    fn contexts_at_different_pcs_are_incomparable() {
        let a = DeoptContext {
            pc: 1,
            reason: Reason::TypeCheck,
            trigger: Trigger::Type(ArgType::Dbl),
            stack: vec![],
            locals: vec![Some(ArgType::Dbl)],
            loop_steps: vec![],
        };
        let mut b = a.clone();
        b.pc = 2;
        assert!(!a.le(&b) && !b.le(&a));
        let mut c = a.clone();
        c.locals = vec![Some(ArgType::Any)];
        assert!(a.le(&c) && !c.le(&a));
        assert!(a.specificity() > c.specificity());
        let mut d = a.clone();
        d.locals = vec![None];
        assert!(!a.le(&d) && !d.le(&a));
    }
}
