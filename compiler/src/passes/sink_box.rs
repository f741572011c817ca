//! Frame states and returns do not need boxed values: the exit buffer records
//! each value with its type, and a return boxes once at the end. Replace
//! `box x` by `x` in checkpoints and `ret`, so that boxes kept alive only for
//! a possible exit (the common case after `type_infer` unboxes a loop-carried
//! value) become dead and `dce` removes them from the loop.

use crate::ir::*;

pub fn run(f: &mut Func) -> bool {
    let boxes: std::collections::HashMap<Val, Val> = f
        .blocks
        .iter()
        .flat_map(|b| b.insts.iter())
        .filter_map(|&i| match (&f.inst(i).kind, f.inst(i).result) {
            (InstKind::Unary(UnOp::Box, x), Some(r)) => Some((r, *x)),
            _ => None,
        })
        .collect();
    if boxes.is_empty() {
        return false;
    }
    let mut changed = false;
    let placed: Vec<Inst> = f.blocks.iter().flat_map(|b| b.insts.clone()).collect();
    for i in placed {
        let mut sub = |v: &mut Val| {
            if let Some(&x) = boxes.get(v) {
                *v = x;
                changed = true;
            }
        };
        match &mut f.insts[i.0 as usize].kind {
            InstKind::Checkpoint(fs) => {
                fs.stack.iter_mut().for_each(&mut sub);
                fs.locals.iter_mut().flatten().for_each(&mut sub);
            }
            InstKind::Return(v) => sub(v),
            _ => {}
        }
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::test_util::check_pass;

    #[test]
    fn boxes_leave_frame_states_and_returns() {
        check_pass(
            run,
            "function f {
bb0(v0: int):
  v1: any = box v0
  v2: cp = checkpoint pc=0 stack=[v1] locals=[v1]
  v3: bool = const.bool true
  assume v3, v2, typecheck
  ret v1
}",
            "function f {
bb0(v0: int):
  v1: any = box v0
  v2: cp = checkpoint pc=0 stack=[v0] locals=[v0]
  v3: bool = const.bool true
  assume v3, v2, typecheck
  ret v0
}",
        );
    }
}
