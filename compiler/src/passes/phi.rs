//! Trivial block-parameter elimination (Braun et al.'s trivial phi removal): a
//! parameter whose incoming arguments are all one value `v` (or the parameter
//! itself, around a loop) is replaced by `v` and dropped from the block and from
//! every edge into it. This makes values that a loop does not change visibly
//! loop-invariant, so their checks can be hoisted.

use super::Subst;
use crate::ir::*;

/// Removes trivial parameters in rounds: each round finds every parameter
/// that is trivial given the removals found so far in the round, then drops
/// them all and rewrites every use in one pass over the function (removing
/// them one at a time rescanned the whole function per parameter, quadratic
/// in the size of the big OSR-in and loop functions).
pub fn run(f: &mut Func) -> bool {
    let mut changed = false;
    loop {
        let preds = edges_into_all(f);
        let mut subst = Subst::default();
        for (bi, bd) in f.blocks.iter().enumerate().skip(1) {
            let edges = &preds[bi];
            if edges.is_empty() {
                continue;
            }
            for (k, &p) in bd.params.iter().enumerate() {
                let mut only: Option<Val> = None;
                let mut trivial = true;
                for &(i, e) in edges {
                    let a = subst.resolve(edge_arg(f, i, e, k));
                    if a == p {
                        continue;
                    }
                    match only {
                        None => only = Some(a),
                        Some(o) if o == a => {}
                        Some(_) => {
                            trivial = false;
                            break;
                        }
                    }
                }
                if let (true, Some(v)) = (trivial, only) {
                    subst.add(p, v);
                }
            }
        }
        if subst.is_empty() {
            return changed;
        }
        changed = true;
        // Drop the parameters and their arguments on every edge.
        for (bi, edges) in preds.iter().enumerate().skip(1) {
            let b = Block(bi as u32);
            let keep: Vec<bool> = f.blocks[bi]
                .params
                .iter()
                .map(|p| !subst.replaces(*p))
                .collect();
            if keep.iter().all(|&k| k) {
                continue;
            }
            for &(i, e) in edges {
                let mut k = 0;
                edge_args(f, i, e).retain(|_| {
                    k += 1;
                    keep[k - 1]
                });
            }
            f.blocks[bi].params.retain(|p| !subst.replaces(*p));
            let params = f.blocks[bi].params.clone();
            for (idx, p) in params.iter().enumerate() {
                f.vals[p.0 as usize].def = ValDef::Param(b, idx as u32);
            }
        }
        // Rewrite every use (a value may map to a parameter removed later in
        // the same round: `resolve` follows the chain).
        subst.finish(f);
    }
}

/// For every block, the edges into it: (the jump or branch, which edge).
fn edges_into_all(f: &Func) -> Vec<Vec<(Inst, usize)>> {
    let mut out = vec![Vec::new(); f.blocks.len()];
    for bd in &f.blocks {
        if let Some(&i) = bd.insts.last() {
            match &f.inst(i).kind {
                InstKind::Jump(t, _) => out[t.0 as usize].push((i, 0)),
                InstKind::Branch(_, t, _, e, _) => {
                    out[t.0 as usize].push((i, 0));
                    out[e.0 as usize].push((i, 1));
                }
                _ => {}
            }
        }
    }
    out
}

fn edge_arg(f: &Func, i: Inst, edge: usize, k: usize) -> Val {
    match &f.inst(i).kind {
        InstKind::Jump(_, a) => a[k],
        InstKind::Branch(_, _, a, _, x) => {
            if edge == 0 {
                a[k]
            } else {
                x[k]
            }
        }
        _ => unreachable!("edges_into_all returns only jumps and branches"),
    }
}

fn edge_args(f: &mut Func, i: Inst, edge: usize) -> &mut Vec<Val> {
    match &mut f.insts[i.0 as usize].kind {
        InstKind::Jump(_, a) => a,
        InstKind::Branch(_, _, a, _, e) => {
            if edge == 0 {
                a
            } else {
                e
            }
        }
        _ => unreachable!("edges_into_all returns only jumps and branches"),
    }
}
