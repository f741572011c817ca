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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::test_util::check_pass;

    const LOOP: &str = "function f {
bb0(v0: any, v1: int):
  v2: int = const.int 0
  v3: cp = checkpoint pc=1 stack=[] locals=[v0, v1]
  jump bb1(v2)
bb1(v4: int):
  v5: bool = lt.i v4, v1
  branch v5, bb2(), bb3()
bb2():
  v6: any = runtime @7(v0)
  v7: bool = test is.dbl v0
  v8: cp = checkpoint pc=8 stack=[] locals=[v0, v1]
  assume v7, v8, typecheck
  v9: dbl = unbox v0
  v10: int = const.int 1
  v11: int = add.i v4, v10
  v12: bool = addovf.i v4, v10
  v13: cp = checkpoint pc=9 stack=[] locals=[v0, v1]
  assume v12, v13, overflow
  jump bb1(v11)
bb3():
  ret v0
}";

    #[test]
    fn hoists_invariant_test_and_assume_to_preheader() {
        assert!(check_pass(
            run,
            LOOP,
            "function f {
bb0(v0: any, v1: int):
  v2: int = const.int 0
  v3: cp = checkpoint pc=1 stack=[] locals=[v0, v1]
  v7: bool = test is.dbl v0
  assume v7, v3, typecheck
  jump bb1(v2)
bb1(v4: int):
  v5: bool = lt.i v4, v1
  branch v5, bb2(), bb3()
bb2():
  v6: any = runtime @7(v0)
  v8: cp = checkpoint pc=8 stack=[] locals=[v0, v1]
  v9: dbl = unbox v0
  v10: int = const.int 1
  v11: int = add.i v4, v10
  v12: bool = addovf.i v4, v10
  v13: cp = checkpoint pc=9 stack=[] locals=[v0, v1]
  assume v12, v13, overflow
  jump bb1(v11)
bb3():
  ret v0
}"
        ));
    }

    const CALL_LOOP: &str = "function f {
bb0(v0: dbl, v1: int):
  v2: int = const.int 0
  v3: cp = checkpoint pc=1 stack=[] locals=[v0, v1]
  jump bb1(v2)
bb1(v4: int):
  v5: bool = lt.i v4, v1
  branch v5, bb2(), bb3()
bb2():
  v6: cp = checkpoint pc=5 stack=[] locals=[v0, v1]
  v7: bool = callee_is sym9, #0
  assume v7, v6, calltarget
  v8: int = const.int 1
  v9: int = add.i v4, v8
  jump bb1(v9)
bb3():
  ret v0
}";

    #[test]
    fn hoists_inlined_call_guard_out_of_a_loop_without_runtime_calls() {
        assert!(check_pass(
            run,
            CALL_LOOP,
            "function f {
bb0(v0: dbl, v1: int):
  v2: int = const.int 0
  v3: cp = checkpoint pc=1 stack=[] locals=[v0, v1]
  v7: bool = callee_is sym9, #0
  assume v7, v3, calltarget
  jump bb1(v2)
bb1(v4: int):
  v5: bool = lt.i v4, v1
  branch v5, bb2(), bb3()
bb2():
  v6: cp = checkpoint pc=5 stack=[] locals=[v0, v1]
  v8: int = const.int 1
  v9: int = add.i v4, v8
  jump bb1(v9)
bb3():
  ret v0
}"
        ));
    }

    #[test]
    fn keeps_inlined_call_guard_in_a_loop_that_calls_the_runtime() {
        // The runtime call might rebind the callee's name.
        let text = CALL_LOOP.replace(
            "  v8: int = const.int 1\n",
            "  v8: int = const.int 1\n  v10: any = runtime @6()\n",
        );
        assert!(text.contains("runtime"));
        assert!(!check_pass(run, &text, &text));
    }

    #[test]
    fn no_hoist_when_preheader_checkpoint_is_followed_by_an_effect() {
        let text = LOOP.replace(
            "  jump bb1(v2)\nbb1",
            "  v99: any = runtime @0(v0)\n  jump bb1(v2)\nbb1",
        );
        assert!(!check_pass(run, &text, &text));
    }

    #[test]
    fn no_hoist_without_checkpoint_or_unique_preheader() {
        let text = LOOP.replace("  v3: cp = checkpoint pc=1 stack=[] locals=[v0, v1]\n", "");
        assert!(!check_pass(run, &text, &text));
        let two_entries = "function f {
bb0(v0: any, v1: bool):
  v2: cp = checkpoint pc=1 stack=[] locals=[v0]
  branch v1, bb1(), bb2()
bb1():
  v3: bool = test is.int v0
  v4: cp = checkpoint pc=2 stack=[] locals=[v0]
  assume v3, v4, typecheck
  branch v1, bb2(), bb3()
bb2():
  jump bb1()
bb3():
  ret v0
}";
        assert!(!check_pass(run, two_entries, two_entries));
    }

    #[test]
    fn nested_loops_hoist_outward_in_one_run() {
        check_pass(
            run,
            "function f {
bb0(v0: any, v1: bool):
  v2: cp = checkpoint pc=0 stack=[] locals=[v0]
  jump bb1()
bb1():
  v3: cp = checkpoint pc=1 stack=[] locals=[v0]
  jump bb2()
bb2():
  v4: bool = test is.int v0
  v5: cp = checkpoint pc=2 stack=[] locals=[v0]
  assume v4, v5, typecheck
  branch v1, bb2(), bb3()
bb3():
  branch v1, bb1(), bb4()
bb4():
  ret v0
}",
            "function f {
bb0(v0: any, v1: bool):
  v2: cp = checkpoint pc=0 stack=[] locals=[v0]
  v4: bool = test is.int v0
  assume v4, v2, typecheck
  jump bb1()
bb1():
  v3: cp = checkpoint pc=1 stack=[] locals=[v0]
  jump bb2()
bb2():
  v5: cp = checkpoint pc=2 stack=[] locals=[v0]
  branch v1, bb2(), bb3()
bb3():
  branch v1, bb1(), bb4()
bb4():
  ret v0
}",
        );
    }
}
