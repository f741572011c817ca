//! Loop-invariant assume hoisting. For each natural loop with a dedicated
//! preheader (the header's only predecessor outside the loop, whose only
//! successor is the header) that contains a checkpoint with no effectful
//! instruction after it, every assume in the loop whose condition is defined
//! outside the loop moves to the end of the preheader (before its terminator)
//! and exits at that checkpoint instead. A `test` feeding such an assume is
//! hoisted with it when its operand is defined outside the loop. The builder
//! puts a checkpoint in every loop preheader for this purpose.
//!
//! The guard of an inlined call (`callee_is`, no operands) is invariant in a
//! loop that calls no runtime function: only the runtime can rebind a name
//! (a compiled frame's locals are not in its environment).
//!
//! Exiting at the preheader is sound because the preheader's checkpoint
//! describes the state before the loop and nothing effectful follows it.

use super::cfg::{Cfg, Loop};
use super::def_block;
use crate::ir::*;

/// The dedicated preheader of `lp` and the checkpoint to exit at, if any.
pub(super) fn preheader(f: &Func, cfg: &Cfg, lp: &Loop) -> Option<(Block, Val)> {
    let outside: Vec<Block> = cfg.preds[lp.header.0 as usize]
        .iter()
        .copied()
        .filter(|p| !lp.body.contains(p))
        .collect();
    let [pre] = outside.as_slice() else {
        return None;
    };
    if cfg.succs[pre.0 as usize] != [lp.header] {
        return None;
    }
    for &i in f.blocks[pre.0 as usize].insts.iter().rev() {
        let d = f.inst(i);
        if d.kind.has_effect() {
            return None;
        }
        if let InstKind::Checkpoint(_) = d.kind {
            return d.result.map(|cp| (*pre, cp));
        }
    }
    None
}

/// Move instruction `i` from its block to just before `to`'s terminator.
fn move_before_terminator(f: &mut Func, i: Inst, to: Block) {
    let from = f.inst(i).block;
    f.blocks[from.0 as usize].insts.retain(|&x| x != i);
    let insts = &mut f.blocks[to.0 as usize].insts;
    let pos = insts.len().saturating_sub(1);
    insts.insert(pos, i);
    f.insts[i.0 as usize].block = to;
}

pub fn run(f: &mut Func) -> bool {
    let cfg = Cfg::new(f);
    let mut changed = false;
    // Inner loops first, so an assume can travel outward in one run.
    for lp in cfg.loops().iter().rev() {
        let Some((pre, cp)) = preheader(f, &cfg, lp) else {
            continue;
        };
        let outside = |f: &Func, v: Val| !lp.body.contains(&def_block(f, v));
        let rebinds = lp.body.iter().any(|b| {
            f.blocks[b.0 as usize]
                .insts
                .iter()
                .any(|&i| f.inst(i).kind.rebinds())
        });
        for &b in &lp.body {
            let insts = f.blocks[b.0 as usize].insts.clone();
            for i in insts {
                let InstKind::Assume { cond, reason, .. } = f.inst(i).kind else {
                    continue;
                };
                let test_to_hoist = match f.def_inst(cond).map(|ti| (ti, &f.inst(ti).kind)) {
                    _ if outside(f, cond) => None,
                    Some((ti, InstKind::Test(_, x))) if outside(f, *x) => Some(ti),
                    Some((ti, InstKind::CalleeIs { .. } | InstKind::GlobalEpochIs(_)))
                        if !rebinds =>
                    {
                        Some(ti)
                    }
                    _ => continue,
                };
                if let Some(ti) = test_to_hoist {
                    move_before_terminator(f, ti, pre);
                }
                f.insts[i.0 as usize].kind = InstKind::Assume {
                    cond,
                    checkpoint: cp,
                    reason,
                };
                move_before_terminator(f, i, pre);
                changed = true;
            }
        }
    }
    changed
}
