//! Loop-entry peeling, for code entered in the middle of a loop nest
//! (deoptless continuations and OSR-in continuations).
//!
//! An entry inside a loop's body makes that loop irreducible: its header no
//! longer dominates the body, so `cfg::loops` finds no natural loop and
//! nothing is hoisted out of it — every iteration of the continuation would
//! re-check what the origin version checked once before the loop.
//!
//! The cure is node splitting along the loop nest. With `headers` the
//! enclosing loops' headers, innermost first (the entry itself excluded):
//! region 0 is a copy of everything reachable from the entry without
//! reaching any header (the rest of the innermost loop's current iteration,
//! and whatever a `break` reaches); region i is a copy of everything reachable
//! from `headers[i-1]` without reaching `headers[i..]` (loop i-1 entered at
//! its header, then the rest of loop i's current iteration). An edge to
//! `headers[j]` from region i goes to region j+1, or to the original header
//! for the outermost loop; the original blocks then form the intact nest.
//! Each copied loop is entered only at its header, so every loop is natural.
//! The entry state's values are used directly (the entry block dominates all
//! copies); a value a region uses but does not define or dominate makes the
//! result fail verification, and the caller keeps the unpeeled function.

use super::map_uses;
use crate::ir::*;
use std::collections::{BTreeMap, BTreeSet};

/// Blocks reachable from `start` without entering a block of `stops`, in
/// depth-first preorder (a block's dominators within the region come first).
fn region(f: &Func, start: Block, stops: &[Block]) -> Vec<Block> {
    let mut seen = BTreeSet::new();
    let mut order = Vec::new();
    let mut stack = vec![start];
    while let Some(b) = stack.pop() {
        if !seen.insert(b) {
            continue;
        }
        order.push(b);
        for s in f.successors(b).into_iter().rev() {
            if !stops.contains(&s) && !seen.contains(&s) {
                stack.push(s);
            }
        }
    }
    order
}

/// Peel the loops around `entry` (see the module comment): `entry_pred`
/// jumps to `entry`; `headers` are the enclosing loops' headers, innermost
/// first, not including `entry`. At most `budget` instructions are copied:
/// the innermost loops whose regions fit are peeled, and the loops outside
/// them stay entered mid-body (an edge from the last copied region to an
/// enclosing header goes to the original one). Each level copies the loops
/// inside it again, so a deep nest entered at its innermost loop (an OSR-in
/// entry; volcano's four loops) would grow the code several times over,
/// and Cranelift's time with it, for invariants of outer loops that run
/// rarely. Returns whether anything was copied.
pub fn run(
    f: &mut Func,
    entry_pred: Block,
    entry: Block,
    headers: &[Block],
    budget: usize,
) -> bool {
    if headers.is_empty() {
        return false;
    }
    let all: Vec<Vec<Block>> = (0..headers.len())
        .map(|i| {
            let start = if i == 0 { entry } else { headers[i - 1] };
            region(f, start, &headers[i..])
        })
        .collect();
    // The levels that fit the budget, innermost first.
    let mut copied = 0;
    let regions: Vec<Vec<Block>> = all
        .into_iter()
        .take_while(|r| {
            copied += r
                .iter()
                .map(|b| f.blocks[b.0 as usize].insts.len())
                .sum::<usize>();
            copied <= budget
        })
        .collect();
    let k = regions.len();
    if k == 0 {
        return false;
    }
    // Block copies per region, with their parameters.
    let mut copies: Vec<BTreeMap<Block, Block>> = Vec::with_capacity(k);
    let mut vmaps: Vec<BTreeMap<Val, Val>> = Vec::with_capacity(k);
    for r in &regions {
        let mut bmap = BTreeMap::new();
        let mut vmap = BTreeMap::new();
        for &b in r {
            let nb = f.add_block();
            for p in f.blocks[b.0 as usize].params.clone() {
                let np = f.add_param(nb, f.ty(p));
                vmap.insert(p, np);
            }
            bmap.insert(b, nb);
        }
        copies.push(bmap);
        vmaps.push(vmap);
    }
    // Where an edge from region i to `t` goes.
    let target = |copies: &Vec<BTreeMap<Block, Block>>, i: usize, t: Block| -> Block {
        if let Some(&c) = copies[i].get(&t) {
            return c;
        }
        match headers.iter().position(|&h| h == t) {
            Some(j) if j >= i && j + 1 < k => copies[j + 1][&t],
            _ => t,
        }
    };
    for (i, r) in regions.iter().enumerate() {
        for &b in r {
            let nb = copies[i][&b];
            for inst in f.blocks[b.0 as usize].insts.clone() {
                let d = f.inst(inst).clone();
                let mut kind = d.kind;
                let vmap = &vmaps[i];
                map_uses(&mut kind, |v| vmap.get(&v).copied().unwrap_or(v));
                match &mut kind {
                    InstKind::Jump(t, _) => *t = target(&copies, i, *t),
                    InstKind::Branch(_, t, _, e, _) => {
                        *t = target(&copies, i, *t);
                        *e = target(&copies, i, *e);
                    }
                    _ => {}
                }
                let ty = d.result.map_or(Type::Void, |r| f.ty(r));
                let new_result = f.push(nb, kind, ty);
                let new_inst = Inst(f.insts.len() as u32 - 1);
                if let (Some(old), Some(new)) = (d.result, new_result) {
                    vmaps[i].insert(old, new);
                }
                if let Some(&fb) = f.assume_feedback.get(&inst) {
                    f.assume_feedback.insert(new_inst, fb);
                }
            }
        }
    }
    // The entry edge enters region 0.
    let copy0 = copies[0][&entry];
    if let Some(&t) = f.blocks[entry_pred.0 as usize].insts.last() {
        match &mut f.insts[t.0 as usize].kind {
            InstKind::Jump(to, _) if *to == entry => *to = copy0,
            InstKind::Branch(_, a, _, b, _) => {
                for to in [a, b] {
                    if *to == entry {
                        *to = copy0;
                    }
                }
            }
            _ => {}
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::cfg::Cfg;
    use crate::print::{parse_func, print_func};

    /// A two-deep loop nest: outer header bb1, inner header bb4, bb3 the
    /// inner body.
    const NEST: &str = "function f {
bb0(v0: int, v1: int):
  jump bb3(v0, v1)
bb1(v2: int, v3: int):
  v4: bool = lt.i v2, v3
  branch v4, bb2(v2, v3), bb5(v2)
bb2(v5: int, v6: int):
  jump bb4(v5, v6)
bb3(v7: int, v8: int):
  v9: int = const.int 1
  v10: int = add.i v7, v9
  jump bb4(v10, v8)
bb4(v11: int, v12: int):
  v13: bool = lt.i v11, v12
  branch v13, bb3(v11, v12), bb1(v11, v12)
bb5(v14: int):
  ret v14
}";

    /// A two-deep loop nest entered in the inner loop's body (`bb3`), as a
    /// continuation enters it: the entry then dominates everything, the
    /// natural loops found are headed by the entry and the inner header, and
    /// neither has a preheader with a checkpoint to hoist to. Peeled: the rest of the inner iteration (bb6), the inner
    /// loop entered at its header with the rest of the outer iteration
    /// (bb7, bb8), then the original nest.
    #[test]
    fn mid_loop_entry_peels_each_enclosing_loop() {
        let mut f = parse_func(NEST).expect("parses");
        let before: Vec<Block> = Cfg::new(&f).loops().iter().map(|l| l.header).collect();
        assert_eq!(
            before,
            vec![Block(3), Block(4)],
            "the outer header heads no loop"
        );
        assert!(run(
            &mut f,
            Block(0),
            Block(3),
            &[Block(4), Block(1)],
            usize::MAX
        ));
        crate::verify::verify(&f).expect("peeled IR verifies");
        let mut headers: Vec<Block> = Cfg::new(&f).loops().iter().map(|l| l.header).collect();
        headers.sort();
        assert_eq!(headers, vec![Block(1), Block(4), Block(7)]);
        assert_eq!(
            print_func(&f),
            "function f {
bb0(v0: int, v1: int):
  jump bb6(v0, v1)
bb1(v2: int, v3: int):
  v4: bool = lt.i v2, v3
  branch v4, bb2(v2, v3), bb5(v2)
bb2(v5: int, v6: int):
  jump bb4(v5, v6)
bb3(v7: int, v8: int):
  v9: int = const.int 1
  v10: int = add.i v7, v9
  jump bb4(v10, v8)
bb4(v11: int, v12: int):
  v13: bool = lt.i v11, v12
  branch v13, bb3(v11, v12), bb1(v11, v12)
bb5(v14: int):
  ret v14
bb6(v15: int, v16: int):
  v17: int = const.int 1
  v18: int = add.i v15, v17
  jump bb7(v18, v16)
bb7(v19: int, v20: int):
  v21: bool = lt.i v19, v20
  branch v21, bb8(v19, v20), bb1(v19, v20)
bb8(v22: int, v23: int):
  v24: int = const.int 1
  v25: int = add.i v22, v24
  jump bb7(v25, v23)
}
"
        );
    }

    /// The same nest with a budget that fits the first level only: the
    /// rest of the inner iteration is copied, then the original nest is
    /// entered at the inner header. The inner loop is natural (its header
    /// now dominates its body); the outer one, entered mid-body, is not.
    #[test]
    fn budget_limits_the_levels_peeled() {
        let mut f = parse_func(NEST).expect("parses");
        let blocks = f.blocks.len();
        // bb3 (3 instructions) fits; bb3 and bb4 again (5 more) do not.
        assert!(run(&mut f, Block(0), Block(3), &[Block(4), Block(1)], 4));
        crate::verify::verify(&f).expect("peeled IR verifies");
        assert_eq!(f.blocks.len(), blocks + 1, "one block copied");
        let headers: Vec<Block> = Cfg::new(&f).loops().iter().map(|l| l.header).collect();
        assert_eq!(headers, vec![Block(4)]);
        assert!(print_func(&f).contains("bb0(v0: int, v1: int):\n  jump bb6(v0, v1)\n"));
        assert!(print_func(&f).contains("  jump bb4(v18, v16)\n"));
        // A budget too small for any level copies nothing.
        let mut g = parse_func(NEST).expect("parses");
        assert!(!run(&mut g, Block(0), Block(3), &[Block(4), Block(1)], 2));
        assert_eq!(
            print_func(&g),
            print_func(&parse_func(NEST).expect("parses"))
        );
    }
}
