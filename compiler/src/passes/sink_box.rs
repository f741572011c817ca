//! Frame states and returns do not need boxed values: the exit buffer records
//! each value with its type, and a return boxes once at the end. Replace
//! `box x` by `x` in checkpoints and `ret`, so that boxes kept alive only for
//! a possible exit (the common case after `type_infer` unboxes a loop-carried
//! value) become dead and `dce` removes them from the loop.

//!
//! Also `box (unbox x)` of a boxed `x` is `x` itself (the same R value: an
//! unbox of a scalar type follows its type test), so every use of the box
//! uses `x`: a function that tests and unboxes its arguments but only passes
//! some of them on to calls no longer boxes them again.
//!
//! And a box used in one other block only, no deeper in loops than its own,
//! moves there: the boxes of a loop's values for its exit edge (computed in
//! the header, used after the loop) leave the loop.

use crate::ir::*;

pub fn run(f: &mut Func) -> bool {
    let mut changed = rebox(f);
    changed |= sink_to_use_block(f);
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
        return changed;
    }
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

/// Replace the uses of `box (unbox x)` (`x: any`, a scalar unbox) by `x`.
fn rebox(f: &mut Func) -> bool {
    let same: std::collections::HashMap<Val, Val> = f
        .blocks
        .iter()
        .flat_map(|b| b.insts.iter())
        .filter_map(|&i| match (&f.inst(i).kind, f.inst(i).result) {
            (InstKind::Unary(UnOp::Box, u), Some(r)) => match super::def_kind(f, *u) {
                Some(InstKind::Unary(UnOp::Unbox, x))
                    if f.ty(*x) == Type::Any
                        && matches!(f.ty(*u), Type::Int | Type::Dbl | Type::Lgl | Type::Cplx) =>
                {
                    Some((r, *x))
                }
                _ => None,
            },
            _ => None,
        })
        .collect();
    if same.is_empty() {
        return false;
    }
    let mut changed = false;
    let placed: Vec<Inst> = f.blocks.iter().flat_map(|b| b.insts.clone()).collect();
    for i in placed {
        super::map_uses(&mut f.insts[i.0 as usize].kind, |v| match same.get(&v) {
            Some(&x) => {
                changed = true;
                x
            }
            None => v,
        });
    }
    changed
}

/// Move each box whose uses are all in one block other than its own, and
/// which that block's loops all contain, to the start of that block.
fn sink_to_use_block(f: &mut Func) -> bool {
    use std::collections::HashMap;
    let mut def_block: HashMap<Val, (Block, Inst)> = HashMap::new();
    for (b, blk) in f.blocks.iter().enumerate() {
        for &i in &blk.insts {
            if let (InstKind::Unary(UnOp::Box, _), Some(r)) = (&f.inst(i).kind, f.inst(i).result) {
                def_block.insert(r, (Block(b as u32), i));
            }
        }
    }
    if def_block.is_empty() {
        return false;
    }
    // Box → the one block using it (None: used in several, or in its own).
    let mut user: HashMap<Val, Option<Block>> = HashMap::new();
    for (b, blk) in f.blocks.iter().enumerate() {
        let b = Block(b as u32);
        for &i in &blk.insts {
            for u in f.inst(i).kind.uses() {
                let Some(&(db, _)) = def_block.get(&u) else {
                    continue;
                };
                let e = user.entry(u).or_insert(Some(b));
                if *e != Some(b) || db == b {
                    *e = None;
                }
            }
        }
    }
    let cfg = super::cfg::Cfg::new(f);
    let loops = cfg.loops();
    let mut changed = false;
    for (v, target) in user {
        let Some(target) = target else { continue };
        let (from, inst) = def_block[&v];
        let deeper = loops
            .iter()
            .any(|l| l.body.contains(&target) && !l.body.contains(&from));
        if deeper || !cfg.dominates(from, target) {
            continue;
        }
        f.blocks[from.0 as usize].insts.retain(|&i| i != inst);
        f.blocks[target.0 as usize].insts.insert(0, inst);
        f.insts[inst.0 as usize].block = target;
        changed = true;
    }
    changed
}
