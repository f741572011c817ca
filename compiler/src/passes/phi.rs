//! Trivial block-parameter elimination (Braun et al.'s trivial phi removal): a
//! parameter whose incoming arguments are all one value `v` (or the parameter
//! itself, around a loop) is replaced by `v` and dropped from the block and from
//! every edge into it. This makes values that a loop does not change visibly
//! loop-invariant, so their checks can be hoisted.

use super::replace_uses;
use crate::ir::*;

pub fn run(f: &mut Func) -> bool {
    let mut changed = false;
    while let Some((b, k, v)) = find_trivial(f) {
        let p = f.blocks[b.0 as usize].params[k];
        remove_param(f, b, k);
        replace_uses(f, p, v);
        changed = true;
    }
    changed
}

/// The argument lists of every edge into `b` (mutable access by instruction).
fn edges_into(f: &Func, b: Block) -> Vec<(Inst, usize)> {
    let mut out = Vec::new();
    for bd in &f.blocks {
        if let Some(&i) = bd.insts.last() {
            match &f.inst(i).kind {
                InstKind::Jump(t, _) if *t == b => out.push((i, 0)),
                InstKind::Branch(_, t, _, e, _) => {
                    if *t == b {
                        out.push((i, 0));
                    }
                    if *e == b {
                        out.push((i, 1));
                    }
                }
                _ => {}
            }
        }
    }
    out
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
        _ => unreachable!("edges_into returns only jumps and branches"),
    }
}

fn find_trivial(f: &Func) -> Option<(Block, usize, Val)> {
    for (bi, bd) in f.blocks.iter().enumerate().skip(1) {
        let b = Block(bi as u32);
        let edges = edges_into(f, b);
        if edges.is_empty() {
            continue;
        }
        for (k, &p) in bd.params.iter().enumerate() {
            let mut only: Option<Val> = None;
            let mut trivial = true;
            for &(i, e) in &edges {
                let a = match &f.inst(i).kind {
                    InstKind::Jump(_, a) => a[k],
                    InstKind::Branch(_, _, a, _, x) => {
                        if e == 0 {
                            a[k]
                        } else {
                            x[k]
                        }
                    }
                    _ => unreachable!(),
                };
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
                return Some((b, k, v));
            }
        }
    }
    None
}

fn remove_param(f: &mut Func, b: Block, k: usize) {
    for (i, e) in edges_into(f, b) {
        edge_args(f, i, e).remove(k);
    }
    f.blocks[b.0 as usize].params.remove(k);
    // Re-index the remaining parameters' definitions.
    let params = f.blocks[b.0 as usize].params.clone();
    for (idx, p) in params.iter().enumerate() {
        f.vals[p.0 as usize].def = ValDef::Param(b, idx as u32);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::test_util::check_pass;

    #[test]
    fn loop_invariant_parameter_is_removed() {
        check_pass(
            run,
            "function f {
bb0(v0: any):
  jump bb1(v0, v0)
bb1(v1: any, v2: any):
  v3: bool = const.bool true
  branch v3, bb1(v1, v0), bb2()
bb2():
  ret v1
}",
            "function f {
bb0(v0: any):
  jump bb1()
bb1():
  v1: bool = const.bool true
  branch v1, bb1(), bb2()
bb2():
  ret v0
}",
        );
    }

    #[test]
    fn changing_parameter_stays() {
        let src = "function f {
bb0(v0: int):
  jump bb1(v0)
bb1(v1: int):
  v2: int = const.int 1
  v3: int = add.i v1, v2
  v4: bool = const.bool true
  branch v4, bb1(v3), bb2()
bb2():
  ret v1
}";
        check_pass(run, src, src);
    }
}
