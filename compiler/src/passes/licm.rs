//! Loop-invariant code motion for pure, cheap-to-repeat instructions: constants,
//! `unbox` of typed vectors, `box`, `veclen`, `nrow`, `ncol`, and int/double arithmetic
//! that cannot trap (no integer division), whose operands are defined outside
//! the loop, move to the loop's preheader.
//!
//! Unboxing a vector before the test that guards it is safe: the lowering's
//! runtime returns an empty view for a value of another type, and every use of
//! the view stays behind the guard.

use super::cfg::Cfg;
use crate::ir::*;

fn movable(kind: &InstKind, ty: Type) -> bool {
    match kind {
        InstKind::ConstInt(_)
        | InstKind::ConstDbl(_)
        | InstKind::ConstLgl(_)
        | InstKind::ConstBool(_) => true,
        InstKind::Unary(UnOp::Unbox, _) => ty.is_vec(),
        InstKind::Unary(op, _) if op.is_dbl_math() => true,
        // Boxing a loop-invariant value (a constant operand of a generic
        // operation, say) gives the same R value in every iteration.
        InstKind::Unary(UnOp::Box, _) => true,
        InstKind::Unary(
            UnOp::VecLen
            | UnOp::IntToDbl
            | UnOp::NRow
            | UnOp::NCol
            | UnOp::AbsI
            | UnOp::DblToInt
            | UnOp::DblIsInt,
            _,
        ) => true,
        InstKind::Binary(op, ..) => matches!(
            op,
            BinOp::AddI
                | BinOp::SubI
                | BinOp::MulI
                | BinOp::AndB
                | BinOp::OrB
                | BinOp::MinI
                | BinOp::MaxI
                | BinOp::MinD
                | BinOp::MaxD
                | BinOp::AddD
                | BinOp::SubD
                | BinOp::MulD
                | BinOp::DivD
                | BinOp::LtI
                | BinOp::LeI
                | BinOp::GtI
                | BinOp::GeI
                | BinOp::NeI
        ),
        _ => false,
    }
}

pub fn run(f: &mut Func) -> bool {
    let cfg = Cfg::new(f);
    let mut changed = false;
    for lp in cfg.loops() {
        // A dedicated preheader: the header's only outside predecessor, whose
        // only successor is the header.
        let outside: Vec<Block> = cfg.preds[lp.header.0 as usize]
            .iter()
            .copied()
            .filter(|p| !lp.body.contains(p))
            .collect();
        let [pre] = outside[..] else { continue };
        if cfg.succs[pre.0 as usize] != [lp.header] {
            continue;
        }
        let defined_inside = |f: &Func, v: Val| match f.vals[v.0 as usize].def {
            ValDef::Param(b, _) => lp.body.contains(&b),
            ValDef::Inst(i) => lp.body.contains(&f.inst(i).block),
        };
        loop {
            let mut moved = None;
            'search: for &b in &lp.body {
                for (pos, &i) in f.blocks[b.0 as usize].insts.iter().enumerate() {
                    let d = f.inst(i);
                    let ty = d.result.map(|r| f.ty(r)).unwrap_or(Type::Void);
                    if movable(&d.kind, ty) && d.kind.uses().iter().all(|&u| !defined_inside(f, u))
                    {
                        moved = Some((b, pos, i));
                        break 'search;
                    }
                }
            }
            let Some((b, pos, i)) = moved else { break };
            f.blocks[b.0 as usize].insts.remove(pos);
            let term = f.blocks[pre.0 as usize].insts.pop();
            f.blocks[pre.0 as usize].insts.push(i);
            f.blocks[pre.0 as usize].insts.extend(term);
            f.insts[i.0 as usize].block = pre;
            changed = true;
        }
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::test_util::check_pass;

    #[test]
    fn invariant_unbox_and_length_leave_the_loop() {
        check_pass(
            run,
            "function f {
bb0(v0: any):
  jump bb1(v0)
bb1(v1: any):
  v2: int = const.int 0
  jump bb2(v2)
bb2(v3: int):
  v4: vec<dbl> = unbox v0
  v5: int = veclen v4
  v6: bool = lt.i v3, v5
  v7: int = const.int 1
  v8: int = add.i v3, v7
  branch v6, bb2(v8), bb3()
bb3():
  ret v3
}",
            "function f {
bb0(v0: any):
  jump bb1(v0)
bb1(v1: any):
  v2: int = const.int 0
  v3: vec<dbl> = unbox v0
  v4: int = veclen v3
  v5: int = const.int 1
  jump bb2(v2)
bb2(v6: int):
  v7: bool = lt.i v6, v4
  v8: int = add.i v6, v5
  branch v7, bb2(v8), bb3()
bb3():
  ret v6
}",
        );
    }

    #[test]
    fn an_invariant_box_leaves_the_loop() {
        check_pass(
            run,
            "function f {
bb0(v0: any):
  v1: dbl = const.dbl 2.0
  jump bb1(v0)
bb1(v2: any):
  v3: any = box v1
  v4: any = runtime @4(v2, v3)
  v5: bool = const.bool true
  branch v5, bb1(v4), bb2()
bb2():
  ret v2
}",
            "function f {
bb0(v0: any):
  v1: dbl = const.dbl 2.0
  v2: any = box v1
  v3: bool = const.bool true
  jump bb1(v0)
bb1(v4: any):
  v5: any = runtime @4(v4, v2)
  branch v3, bb1(v5), bb2()
bb2():
  ret v4
}",
        );
    }
}
