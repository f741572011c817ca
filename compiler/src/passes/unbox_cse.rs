//! `unbox` across blocks: an `unbox` of a value to a type that an `unbox` in
//! a dominating block already computed is replaced by that one. `lvn` does
//! the same within a block; this pass sees the `unbox`es that the checks of
//! one speculation leave in the arms of an `if` (`n` tested once at a loop's
//! header, then unboxed again in each branch that computes with it), which
//! the lowering would otherwise read from the value again (a runtime call
//! where no test in the same block left the word). An `unbox` is pure: the
//! SSA value it reads does not change (see `lvn`).

use super::cfg::Cfg;
use super::replace_uses;
use crate::ir::*;
use std::collections::HashMap;

pub fn run(f: &mut Func) -> bool {
    // Every `unbox`, by (operand, result type): its blocks and results, in
    // block order.
    let mut by_key: HashMap<(Val, Type), Vec<(Block, Val)>> = HashMap::new();
    for (b, data) in f.blocks.iter().enumerate() {
        for &i in &data.insts {
            let d = f.inst(i);
            if let (InstKind::Unary(UnOp::Unbox, a), Some(r)) = (&d.kind, d.result) {
                by_key
                    .entry((*a, f.ty(r)))
                    .or_default()
                    .push((Block(b as u32), r));
            }
        }
    }
    if by_key.values().all(|v| v.len() < 2) {
        return false;
    }
    let cfg = Cfg::new(f);
    let mut dead: Vec<(Block, Val)> = Vec::new();
    for uses in by_key.values() {
        for &(b, r) in uses {
            // The outermost one (it stays: nothing dominates it strictly).
            let strictly = |d: Block, x: Block| d != x && cfg.dominates(d, x);
            let dom = uses
                .iter()
                .find(|&&(d, _)| strictly(d, b) && !uses.iter().any(|&(e, _)| strictly(e, d)));
            if let Some(&(_, keep)) = dom {
                dead.push((b, r));
                replace_uses(f, r, keep);
            }
        }
    }
    for &(b, r) in &dead {
        f.blocks[b.0 as usize]
            .insts
            .retain(|&i| f.insts[i.0 as usize].result != Some(r));
    }
    !dead.is_empty()
}
