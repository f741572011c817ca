//! Loop-invariant code motion for pure, cheap-to-repeat instructions: constants
//! (`const.builtin` included),
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
        | InstKind::ConstBool(_)
        // (A builtin function value: the `callee_is` guard before its call
        // stays in the loop.)
        | InstKind::ConstBuiltin(_)
        // (So is a function bound once globally: the `global_epoch_is`
        // guard before its use stays in the loop.)
        | InstKind::GlobalCallee(_) => true,
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
                | BinOp::BitAndI
                | BinOp::BitOrI
                | BinOp::BitXorI
                | BinOp::ShlI
                | BinOp::ShrI
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
