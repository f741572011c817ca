//! Redundant assume elimination: an `assume c` is dropped when a dominating
//! assume (earlier in the same block or in a dominating block) already
//! established `c`, or established an identical `test` (same type test, same
//! operand). The test and checkpoint left unused are DCE's business.

use super::cfg::Cfg;
use super::def_kind;
use crate::ir::*;
use std::collections::HashSet;

/// What an assume establishes: the condition value, or the test it computes.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Fact {
    Cond(Val),
    Test(TypeTest, Val),
}

fn facts_of(f: &Func, cond: Val) -> Vec<Fact> {
    let mut v = vec![Fact::Cond(cond)];
    if let Some(InstKind::Test(t, x)) = def_kind(f, cond) {
        v.push(Fact::Test(*t, *x));
    }
    v
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
        let mut keep = vec![];
        for &i in &f.blocks[b.0 as usize].insts {
            if let InstKind::Assume { cond, .. } = f.inst(i).kind {
                let fs = facts_of(f, cond);
                if fs.iter().any(|x| facts.contains(x)) {
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
}
