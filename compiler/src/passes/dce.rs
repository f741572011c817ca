//! Dead code elimination: drops unreachable blocks (renumbering the rest in
//! order and rewriting branch targets) and instructions whose result is unused
//! and that have no effect. Runtime calls, assumes and terminators always stay;
//! a checkpoint is dead once no assume names it (it has no other users).

use super::cfg::Cfg;
use crate::ir::*;
use std::collections::HashMap;

pub fn run(f: &mut Func) -> bool {
    let removed_blocks = remove_unreachable(f);
    removed_blocks | remove_dead_insts(f)
}

fn remove_unreachable(f: &mut Func) -> bool {
    let cfg = Cfg::new(f);
    if cfg.reachable.iter().all(|&r| r) {
        return false;
    }
    let mut renumber: HashMap<Block, Block> = HashMap::new();
    let mut kept = vec![];
    for (bi, data) in std::mem::take(&mut f.blocks).into_iter().enumerate() {
        if cfg.reachable[bi] {
            renumber.insert(Block(bi as u32), Block(kept.len() as u32));
            kept.push(data);
        }
    }
    f.blocks = kept;
    for (bi, data) in f.blocks.iter().enumerate() {
        let b = Block(bi as u32);
        for (j, p) in data.params.iter().enumerate() {
            f.vals[p.0 as usize].def = ValDef::Param(b, j as u32);
        }
        for &i in &data.insts {
            let d = &mut f.insts[i.0 as usize];
            d.block = b;
            // Targets of reachable blocks are reachable, hence renumbered.
            let fix = |t: &mut Block| *t = renumber.get(t).copied().unwrap_or(*t);
            match &mut d.kind {
                InstKind::Jump(t, _) => fix(t),
                InstKind::Branch(_, t, _, e, _) => {
                    fix(t);
                    fix(e);
                }
                _ => {}
            }
        }
    }
    true
}

fn removable(kind: &InstKind) -> bool {
    !(kind.has_effect() || kind.is_terminator() || matches!(kind, InstKind::Assume { .. }))
}

fn remove_dead_insts(f: &mut Func) -> bool {
    let mut uses: HashMap<Val, usize> = HashMap::new();
    for b in &f.blocks {
        for &i in &b.insts {
            for u in f.inst(i).kind.uses() {
                *uses.entry(u).or_default() += 1;
            }
        }
    }
    // Worklist over now-unused results: removing one may free its operands.
    let mut dead: Vec<Inst> = vec![];
    let mut is_dead = vec![false; f.insts.len()];
    let mut work: Vec<Inst> = f.blocks.iter().flat_map(|b| b.insts.clone()).collect();
    while let Some(i) = work.pop() {
        let d = f.inst(i);
        if is_dead[i.0 as usize] || !removable(&d.kind) {
            continue;
        }
        if d.result
            .is_some_and(|r| uses.get(&r).copied().unwrap_or(0) > 0)
        {
            continue;
        }
        is_dead[i.0 as usize] = true;
        dead.push(i);
        for u in d.kind.uses() {
            if let Some(n) = uses.get_mut(&u) {
                *n -= 1;
                if *n == 0 {
                    if let Some(di) = f.def_inst(u) {
                        work.push(di);
                    }
                }
            }
        }
    }
    if dead.is_empty() {
        return false;
    }
    for b in &mut f.blocks {
        b.insts.retain(|i| !is_dead[i.0 as usize]);
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::test_util::check_pass;

    #[test]
    fn removes_unused_pure_chain_keeps_runtime() {
        assert!(check_pass(
            run,
            "function f {
bb0(v0: int, v1: any):
  v2: int = add.i v0, v0
  v3: int = mul.i v2, v2
  v4: any = runtime @3(v1)
  v5: dbl = const.dbl 1.0
  ret v5
}",
            "function f {
bb0(v0: int, v1: any):
  v4: any = runtime @3(v1)
  v5: dbl = const.dbl 1.0
  ret v5
}"
        ));
    }

    #[test]
    fn checkpoint_dead_without_assume() {
        check_pass(
            run,
            "function f {
bb0(v0: any):
  v1: cp = checkpoint pc=1 stack=[v0] locals=[]
  v2: bool = test is.int v0
  v3: cp = checkpoint pc=2 stack=[] locals=[v0]
  assume v2, v3, typecheck
  v4: int = unbox v0
  ret v0
}",
            "function f {
bb0(v0: any):
  v2: bool = test is.int v0
  v3: cp = checkpoint pc=2 stack=[] locals=[v0]
  assume v2, v3, typecheck
  ret v0
}",
        );
    }

    #[test]
    fn removes_unreachable_blocks_and_renumbers() {
        check_pass(
            run,
            "function f {
bb0(v0: int):
  jump bb2(v0)
bb1():
  v1: int = const.int 1
  jump bb2(v1)
bb2(v2: int):
  v3: bool = lt.i v2, v2
  branch v3, bb3(), bb4()
bb3():
  ret v2
bb4():
  ret v0
}",
            "function f {
bb0(v0: int):
  jump bb1(v0)
bb1(v2: int):
  v3: bool = lt.i v2, v2
  branch v3, bb2(), bb3()
bb2():
  ret v2
bb3():
  ret v0
}",
        );
    }

    #[test]
    fn unreachable_loop_removed_and_nothing_left_reports_false() {
        check_pass(
            run,
            "function f {
bb0(v0: int):
  ret v0
bb1(v1: int):
  v2: int = add.i v1, v1
  jump bb1(v2)
}",
            "function f {
bb0(v0: int):
  ret v0
}",
        );
        let same = "function f {\nbb0(v0: int):\n  ret v0\n}";
        assert!(!check_pass(run, same, same));
    }
}
