//! Local value numbering: within a block, a pure instruction that repeats an
//! earlier one (same operation, same operands) is replaced by the earlier
//! result. The builder emits one `unbox`/`nrow`/`ncol` and one set of bounds
//! checks per `m[i, j]`, so a stencil reading the same matrix four times
//! repeats them four times; after numbering, `assume_elim` drops the repeated
//! assumes (same condition value).
//!
//! What stays valid for how long:
//! - arithmetic, comparisons, type tests, conversions and constants: always
//!   (SSA operands do not change);
//! - a record's field tests and loads (`field.test`, `field.load`): always
//!   (a list an SSA value holds is not changed in place while it is live);
//! - a vector's data pointer, length and dimensions (`unbox`, `veclen`,
//!   `nrow`, `ncol`, `length`, `inbounds`): always too; a store updates an
//!   unshared vector in place (same object, same length) or copies it;
//! - element loads: until the next store or runtime call;
//! - checkpoints: until the next instruction with an effect or store (an
//!   assume must not exit past either to its checkpoint);
//! - `callee_is` and `global_epoch_is`: until the next runtime call or
//!   global store (either may rebind names);
//! - `global_callee`: always (every use sits behind an epoch guard, which
//!   is numbered as above and so stays after a runtime call).
//!
//! Boxing (allocates a value of its own) and boxed constants are left alone.

use super::Subst;
use crate::ir::*;
use std::collections::HashMap;

/// How long a numbered instruction stays reusable.
#[derive(Clone, Copy, PartialEq)]
enum Lifetime {
    Block,
    UntilStore,
    UntilEffect,
    UntilRuntime,
}

/// What makes two numbered instructions the same: the operation and its
/// (substituted) operands, and the result type. A double constant counts by
/// its bits (NA_real_ and NaN are different values).
#[derive(PartialEq, Eq, Hash)]
enum Key {
    Int(i32),
    Dbl(u64),
    Lgl(i32),
    Bool(bool),
    Unary(UnOp, Val, Type),
    Binary(BinOp, Val, Val, Type),
    Test(TypeTest, Val),
    InBounds(Val, Val),
    VecLoad(Val, Val, Type),
    Checkpoint(FrameState),
    CalleeIs(u32, u32),
    GlobalEpochIs(u64),
    GlobalCallee(u32),
    /// A record's field test and load, by record, name and type (not by
    /// `$` site: every site's cache finds the same field).
    FieldTest(Val, u32, Type),
    FieldLoad(Val, u32, Type),
}

fn key(kind: &InstKind, ty: Type) -> Option<Key> {
    Some(match kind {
        InstKind::ConstInt(x) => Key::Int(*x),
        InstKind::ConstDbl(x) => Key::Dbl(x.to_bits()),
        InstKind::ConstLgl(x) => Key::Lgl(*x),
        InstKind::ConstBool(x) => Key::Bool(*x),
        InstKind::Unary(op, a) => Key::Unary(*op, *a, ty),
        InstKind::Binary(op, a, b) => Key::Binary(*op, *a, *b, ty),
        InstKind::Test(t, a) => Key::Test(*t, *a),
        InstKind::InBounds(a, b) => Key::InBounds(*a, *b),
        InstKind::VecLoad(a, b) => Key::VecLoad(*a, *b, ty),
        InstKind::Checkpoint(st) => Key::Checkpoint(st.clone()),
        InstKind::CalleeIs { sym, callee } => Key::CalleeIs(*sym, *callee),
        InstKind::GlobalEpochIs(e) => Key::GlobalEpochIs(*e),
        InstKind::GlobalCallee(sym) => Key::GlobalCallee(*sym),
        InstKind::FieldTest { x, sym, ty, .. } => Key::FieldTest(*x, *sym, *ty),
        InstKind::FieldLoad { x, sym, ty, .. } => Key::FieldLoad(*x, *sym, *ty),
        _ => return None,
    })
}

fn lifetime(kind: &InstKind) -> Option<Lifetime> {
    Some(match kind {
        InstKind::ConstInt(_)
        | InstKind::ConstDbl(_)
        | InstKind::ConstLgl(_)
        | InstKind::ConstBool(_)
        // (Its uses are behind the epoch guards, which stay.)
        | InstKind::GlobalCallee(_)
        | InstKind::Binary(..)
        | InstKind::Test(..)
        | InstKind::InBounds(..)
        | InstKind::FieldTest { .. }
        | InstKind::FieldLoad { .. } => Lifetime::Block,
        InstKind::Unary(UnOp::Box, _) => return None,
        InstKind::Unary(..) => Lifetime::Block,
        InstKind::VecLoad(..) => Lifetime::UntilStore,
        InstKind::Checkpoint(_) => Lifetime::UntilEffect,
        InstKind::CalleeIs { .. } | InstKind::GlobalEpochIs(_) => Lifetime::UntilRuntime,
        _ => return None,
    })
}

pub fn run(f: &mut Func) -> bool {
    let mut subst = Subst::default();
    for b in 0..f.blocks.len() {
        // Key: the instruction with its operands already substituted.
        let mut seen: HashMap<Key, (Val, Lifetime)> = HashMap::new();
        let mut keep = Vec::with_capacity(f.blocks[b].insts.len());
        for &i in &f.blocks[b].insts.clone() {
            subst.apply(&mut f.insts[i.0 as usize].kind);
            let d = &f.insts[i.0 as usize];
            let kill = match &d.kind {
                InstKind::VecSet(..) => Some(Lifetime::UntilStore),
                k if k.rebinds() => Some(Lifetime::UntilRuntime),
                k if k.has_effect() => Some(Lifetime::UntilEffect),
                _ => None,
            };
            if let Some(kill) = kill {
                seen.retain(|_, (_, l)| match kill {
                    // A store is also kept out of checkpoint-to-assume spans
                    // (an exit must not re-run code after an in-place update).
                    Lifetime::UntilStore => *l == Lifetime::Block || *l == Lifetime::UntilRuntime,
                    // A runtime call is a store and an effect too.
                    Lifetime::UntilRuntime => *l == Lifetime::Block,
                    _ => *l != Lifetime::UntilEffect,
                });
            }
            if let (Some(life), Some(r)) = (lifetime(&d.kind), d.result) {
                // (A double constant by its bits: printed keys once merged
                // NA_real_ with NaN; generated-program differential testing
                // found it.)
                let Some(key) = key(&d.kind, f.ty(r)) else {
                    keep.push(i);
                    continue;
                };
                match seen.get(&key) {
                    Some(&(earlier, _)) => {
                        subst.add(r, earlier);
                        continue;
                    }
                    None => {
                        seen.insert(key, (r, life));
                    }
                }
            }
            keep.push(i);
        }
        f.blocks[b].insts = keep;
    }
    if subst.is_empty() {
        return false;
    }
    // Uses in other blocks (and in blocks numbered before their definitions).
    subst.finish(f);
    true
}
