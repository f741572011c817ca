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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::test_util::check_pass;

    #[test]
    fn same_condition_in_dominated_block() {
        assert!(check_pass(
            run,
            "function f {
bb0(v0: any, v1: bool):
  v2: bool = test is.int v0
  v3: cp = checkpoint pc=0 stack=[] locals=[v0]
  assume v2, v3, typecheck
  branch v1, bb1(), bb2()
bb1():
  v4: cp = checkpoint pc=5 stack=[] locals=[v0]
  assume v2, v4, typecheck
  ret v0
bb2():
  ret v0
}",
            "function f {
bb0(v0: any, v1: bool):
  v2: bool = test is.int v0
  v3: cp = checkpoint pc=0 stack=[] locals=[v0]
  assume v2, v3, typecheck
  branch v1, bb1(), bb2()
bb1():
  v4: cp = checkpoint pc=5 stack=[] locals=[v0]
  ret v0
bb2():
  ret v0
}"
        ));
    }

    #[test]
    fn identical_test_same_block() {
        check_pass(
            run,
            "function f {
bb0(v0: any):
  v1: bool = test is.dbl v0
  v2: cp = checkpoint pc=0 stack=[] locals=[v0]
  assume v1, v2, typecheck
  v3: bool = test is.dbl v0
  v4: bool = test is.int v0
  v5: cp = checkpoint pc=1 stack=[] locals=[v0]
  assume v3, v5, typecheck
  assume v4, v5, typecheck
  ret v0
}",
            "function f {
bb0(v0: any):
  v1: bool = test is.dbl v0
  v2: cp = checkpoint pc=0 stack=[] locals=[v0]
  assume v1, v2, typecheck
  v3: bool = test is.dbl v0
  v4: bool = test is.int v0
  v5: cp = checkpoint pc=1 stack=[] locals=[v0]
  assume v4, v5, typecheck
  ret v0
}",
        );
    }

    #[test]
    fn sibling_branches_do_not_help_each_other() {
        let text = "function f {
bb0(v0: any, v1: bool):
  branch v1, bb1(), bb2()
bb1():
  v2: bool = test is.int v0
  v3: cp = checkpoint pc=0 stack=[] locals=[v0]
  assume v2, v3, typecheck
  jump bb3()
bb2():
  v4: bool = test is.int v0
  v5: cp = checkpoint pc=0 stack=[] locals=[v0]
  assume v4, v5, typecheck
  jump bb3()
bb3():
  v6: bool = test is.int v0
  v7: cp = checkpoint pc=0 stack=[] locals=[v0]
  assume v6, v7, typecheck
  ret v0
}";
        assert!(!check_pass(run, text, text));
    }

    /// `while (i < j) { i <- i + 1L; j <- j - 1L }`: on the loop's edge
    /// neither step can overflow; after the loop (`i >= j`) they could.
    #[test]
    fn strict_comparison_rules_out_overflow_of_steps_by_one() {
        check_pass(
            run,
            "function f {
bb0(v0: int, v1: int):
  v2: int = const.int 1
  v3: bool = lt.i v0, v1
  branch v3, bb1(), bb2()
bb1():
  v4: cp = checkpoint pc=0 stack=[] locals=[v0, v1]
  v5: bool = addovf.i v0, v2
  v6: bool = not.b v5
  assume v6, v4, overflow
  v7: bool = subovf.i v1, v2
  v8: bool = not.b v7
  assume v8, v4, overflow
  v9: bool = subovf.i v0, v2
  v10: bool = not.b v9
  assume v10, v4, overflow
  ret v0
bb2():
  v11: cp = checkpoint pc=1 stack=[] locals=[v0, v1]
  v12: bool = addovf.i v0, v2
  v13: bool = not.b v12
  assume v13, v11, overflow
  ret v1
}",
            "function f {
bb0(v0: int, v1: int):
  v2: int = const.int 1
  v3: bool = lt.i v0, v1
  branch v3, bb1(), bb2()
bb1():
  v4: cp = checkpoint pc=0 stack=[] locals=[v0, v1]
  v5: bool = addovf.i v0, v2
  v6: bool = not.b v5
  v7: bool = subovf.i v1, v2
  v8: bool = not.b v7
  v9: bool = subovf.i v0, v2
  v10: bool = not.b v9
  assume v10, v4, overflow
  ret v0
bb2():
  v11: cp = checkpoint pc=1 stack=[] locals=[v0, v1]
  v12: bool = addovf.i v0, v2
  v13: bool = not.b v12
  assume v13, v11, overflow
  ret v1
}",
        );
    }

    /// The false edge of `a <= b` says `a > b`.
    #[test]
    fn false_edge_of_le_bounds_too() {
        check_pass(
            run,
            "function f {
bb0(v0: int, v1: int):
  v2: int = const.int 1
  v3: bool = le.i v0, v1
  branch v3, bb1(), bb2()
bb1():
  ret v0
bb2():
  v4: cp = checkpoint pc=1 stack=[] locals=[v0, v1]
  v5: bool = addovf.i v1, v2
  v6: bool = not.b v5
  assume v6, v4, overflow
  ret v1
}",
            "function f {
bb0(v0: int, v1: int):
  v2: int = const.int 1
  v3: bool = le.i v0, v1
  branch v3, bb1(), bb2()
bb1():
  ret v0
bb2():
  v4: cp = checkpoint pc=1 stack=[] locals=[v0, v1]
  v5: bool = addovf.i v1, v2
  v6: bool = not.b v5
  ret v1
}",
        );
    }
}
