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
//! - a vector's data pointer, length and dimensions (`unbox`, `veclen`,
//!   `nrow`, `ncol`, `length`, `inbounds`): always too; a store updates an
//!   unshared vector in place (same object, same length) or copies it;
//! - element loads: until the next store or runtime call;
//! - checkpoints: until the next instruction with an effect or store (an
//!   assume must not exit past either to its checkpoint);
//! - `callee_is` and `global_epoch_is`: until the next runtime call or
//!   global store (either may rebind names).
//!
//! Boxing (allocates a value of its own) and boxed constants are left alone.

use super::map_uses;
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

fn lifetime(kind: &InstKind) -> Option<Lifetime> {
    Some(match kind {
        InstKind::ConstInt(_)
        | InstKind::ConstDbl(_)
        | InstKind::ConstLgl(_)
        | InstKind::ConstBool(_)
        | InstKind::Binary(..)
        | InstKind::Test(..)
        | InstKind::InBounds(..) => Lifetime::Block,
        InstKind::Unary(UnOp::Box, _) => return None,
        InstKind::Unary(..) => Lifetime::Block,
        InstKind::VecLoad(..) => Lifetime::UntilStore,
        InstKind::Checkpoint(_) => Lifetime::UntilEffect,
        InstKind::CalleeIs { .. } | InstKind::GlobalEpochIs(_) => Lifetime::UntilRuntime,
        _ => return None,
    })
}

pub fn run(f: &mut Func) -> bool {
    let mut subst: HashMap<Val, Val> = HashMap::new();
    for b in 0..f.blocks.len() {
        // Key: the instruction (operands already substituted) as text, which
        // is exact (constants print exactly) and cheap enough per block.
        let mut seen: HashMap<String, (Val, Lifetime)> = HashMap::new();
        let mut keep = Vec::with_capacity(f.blocks[b].insts.len());
        for &i in &f.blocks[b].insts.clone() {
            map_uses(&mut f.insts[i.0 as usize].kind, |v| {
                subst.get(&v).copied().unwrap_or(v)
            });
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
                // A double constant by its bits: `Debug` prints every NaN as
                // `NaN`, which merged NA_real_ with NaN (generated-program
                // differential testing found it).
                let key = match &d.kind {
                    InstKind::ConstDbl(x) => format!("ConstDbl(0x{:016x})", x.to_bits()),
                    k => format!("{:?}:{}", k, f.ty(r).name()),
                };
                match seen.get(&key) {
                    Some(&(earlier, _)) => {
                        subst.insert(r, earlier);
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
    for b in 0..f.blocks.len() {
        for &i in &f.blocks[b].insts {
            map_uses(&mut f.insts[i.0 as usize].kind, |v| {
                subst.get(&v).copied().unwrap_or(v)
            });
        }
    }
    true
}
