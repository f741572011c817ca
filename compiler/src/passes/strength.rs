//! Strength reduction of matrix indexing in counted loops: the element index
//! `add.i (mul.i (sub.i c, 1), n), x` of `m[x + 1, c]` (column-major, `n`
//! rows), with `c` a loop counter (see `loop_ranges`) and `n`, `x` defined
//! outside the loop, becomes a new header parameter `p` entering as `x`
//! (`c` enters as 1) and stepping by `add.i p, n` on every back edge (where
//! `c` steps by 1). Integer arithmetic wraps, so `p` equals the expression
//! on every iteration, exactly; a multiplication per iteration becomes an
//! addition.
//!
//! Replacing every use of the expression by `p` is sound: a use dominated by
//! the expression's definition is reached, after the header's last visit,
//! through that definition, so both belong to the same iteration.

use super::cfg::Cfg;
use super::loop_ranges::{const_int, counters, edge_args, Counter};
use super::{def_block, def_kind, insert_inst, replace_uses};
use crate::ir::*;

/// `(n, x)` when `e` is `add.i (mul.i (sub.i c, 1), n), x` (either operand
/// order of the add and the multiply) with `n` and `x` invariant in the loop.
fn linear_index(f: &Func, k: &Counter, e: Val) -> Option<(Val, Val)> {
    let invariant = |v: Val| !k.blocks.contains(&def_block(f, v));
    let col = |v: Val| -> Option<Val> {
        let Some(InstKind::Binary(BinOp::MulI, a, b)) = def_kind(f, v) else {
            return None;
        };
        let zero_based = |v: Val| {
            matches!(def_kind(f, v), Some(InstKind::Binary(BinOp::SubI, c, one))
                if *c == k.c && const_int(f, *one) == Some(1))
        };
        match (zero_based(*a), zero_based(*b)) {
            (true, _) if invariant(*b) => Some(*b),
            (_, true) if invariant(*a) => Some(*a),
            _ => None,
        }
    };
    let Some(InstKind::Binary(BinOp::AddI, a, b)) = def_kind(f, e) else {
        return None;
    };
    match (col(*a), col(*b)) {
        (Some(n), _) if invariant(*b) => Some((n, *b)),
        (_, Some(n)) if invariant(*a) => Some((n, *a)),
        _ => None,
    }
}

/// Append `v` to the arguments that `from`'s terminator passes to `to`.
fn pass_arg(f: &mut Func, from: Block, to: Block, v: Val) {
    let term = *f.blocks[from.0 as usize].insts.last().unwrap();
    match &mut f.insts[term.0 as usize].kind {
        InstKind::Jump(_, args) => args.push(v),
        InstKind::Branch(_, t, ta, _, ea) => {
            if *t == to {
                ta.push(v)
            } else {
                ea.push(v)
            }
        }
        _ => unreachable!("a predecessor ends in a branch"),
    }
}

pub fn run(f: &mut Func) -> bool {
    let cfg = Cfg::new(f);
    let counters = counters(f, &cfg);
    let used: std::collections::HashSet<Val> = f
        .blocks
        .iter()
        .flat_map(|b| &b.insts)
        .flat_map(|&i| f.inst(i).kind.uses())
        .collect();
    let mut found = None;
    // The parameter enters as the expression's value for `c` = 1.
    'search: for k in counters.iter().filter(|k| k.from == 1) {
        for &b in &k.blocks {
            for &i in &f.blocks[b.0 as usize].insts {
                let Some(e) = f.inst(i).result.filter(|e| used.contains(e)) else {
                    continue;
                };
                if let Some((n, x)) = linear_index(f, k, e) {
                    found = Some((k, e, n, x));
                    break 'search;
                }
            }
        }
    }
    let Some((k, e, n, x)) = found else {
        return false;
    };
    // One at a time: the CFG facts above are stale once a parameter is added.
    let h = k.header;
    let p = f.add_param(h, Type::Int);
    pass_arg(f, k.entry, h, x);
    let latches: Vec<Block> = cfg.preds[h.0 as usize]
        .iter()
        .copied()
        .filter(|b| k.blocks.contains(b))
        .collect();
    for b in latches {
        debug_assert!(edge_args(f, b, h).is_some());
        let at = f.blocks[b.0 as usize].insts.len() - 1;
        let next = insert_inst(f, b, at, InstKind::Binary(BinOp::AddI, p, n), Type::Int).unwrap();
        pass_arg(f, b, h, next);
    }
    replace_uses(f, e, p);
    true
}
