//! Redundant assume elimination: an `assume c` is dropped when a dominating
//! assume (earlier in the same block or in a dominating block) already
//! established `c`, or established an identical `test` (same type test, same
//! operand). Branch edges establish facts too: on the edge where `a < b`
//! holds, `a + 1` and `b - 1` cannot overflow (`a < b` bounds `a` below the
//! largest integer and `b` above the smallest), so those overflow assumes go.
//! Every check dropped is one fewer per loop iteration, and one exit fewer.
//! The test and checkpoint left unused are DCE's business.

use super::cfg::Cfg;
use super::def_kind;
use crate::ir::*;
use std::collections::HashSet;

/// What an assume or a branch edge establishes.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Fact {
    /// The condition value is true.
    Cond(Val),
    Test(TypeTest, Val),
    /// The integer is less than some integer: adding 1 does not overflow.
    BelowMax(Val),
    /// The integer is greater than some integer: subtracting 1 does not
    /// overflow.
    AboveMin(Val),
}

fn facts_of(f: &Func, cond: Val) -> Vec<Fact> {
    let mut v = vec![Fact::Cond(cond)];
    if let Some(InstKind::Test(t, x)) = def_kind(f, cond) {
        v.push(Fact::Test(*t, *x));
    }
    v
}

/// The facts of a branch edge on which the bool `cond` is `taken`.
fn edge_facts(f: &Func, cond: Val, taken: bool) -> Vec<Fact> {
    let mut v = Vec::new();
    if taken {
        v.push(Fact::Cond(cond));
    }
    if let Some(InstKind::Binary(op, a, b)) = def_kind(f, cond) {
        // (the smaller, the larger) when the edge says one is strictly less.
        let less = match (op, taken) {
            (BinOp::LtI, true) | (BinOp::GeI, false) => Some((*a, *b)),
            (BinOp::GtI, true) | (BinOp::LeI, false) => Some((*b, *a)),
            _ => None,
        };
        if let Some((lo, hi)) = less {
            v.push(Fact::BelowMax(lo));
            v.push(Fact::AboveMin(hi));
        }
    }
    v
}

fn is_one(f: &Func, v: Val) -> bool {
    matches!(def_kind(f, v), Some(InstKind::ConstInt(1)))
}

/// `cond` is `not(overflow of x ± 1)` and the facts rule the overflow out.
fn overflow_ruled_out(f: &Func, cond: Val, facts: &HashSet<Fact>) -> bool {
    let Some(InstKind::Unary(UnOp::NotB, o)) = def_kind(f, cond) else {
        return false;
    };
    match def_kind(f, *o) {
        Some(InstKind::Binary(BinOp::AddOvfI, a, b)) => {
            (is_one(f, *b) && facts.contains(&Fact::BelowMax(*a)))
                || (is_one(f, *a) && facts.contains(&Fact::BelowMax(*b)))
        }
        Some(InstKind::Binary(BinOp::SubOvfI, a, b)) => {
            is_one(f, *b) && facts.contains(&Fact::AboveMin(*a))
        }
        _ => false,
    }
}

pub fn run(f: &mut Func) -> bool {
    let cfg = Cfg::new(f);
    let n = f.blocks.len();
    // Facts holding at the end of each block, filled in reverse postorder so a
    // block's immediate dominator is done first.
    let mut facts_out: Vec<HashSet<Fact>> = vec![HashSet::new(); n];
    let mut changed = false;
    for &b in &cfg.rpo {
        let mut facts = match cfg.idom[b.0 as usize] {
            Some(d) => facts_out[d.0 as usize].clone(),
            None => HashSet::new(),
        };
        // A block entered only by one edge of a branch (its immediate
        // dominator then) knows which way the branch went.
        if let [p] = cfg.preds[b.0 as usize][..] {
            if let Some(&t) = f.blocks[p.0 as usize].insts.last() {
                if let InstKind::Branch(c, yes, _, no, _) = f.inst(t).kind {
                    if yes != no {
                        facts.extend(edge_facts(f, c, yes == b));
                    }
                }
            }
        }
        let mut keep = vec![];
        for &i in &f.blocks[b.0 as usize].insts {
            if let InstKind::Assume { cond, .. } = f.inst(i).kind {
                let fs = facts_of(f, cond);
                if fs.iter().any(|x| facts.contains(x)) || overflow_ruled_out(f, cond, &facts) {
                    changed = true;
                    continue;
                }
                facts.extend(fs);
            }
            keep.push(i);
        }
        f.blocks[b.0 as usize].insts = keep;
        facts_out[b.0 as usize] = facts;
    }
    changed
}
