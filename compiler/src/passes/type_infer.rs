//! Type inference / unboxing across block parameters.
//!
//! A parameter of type `any` whose incoming arguments are all `box x` with `x`
//! of one unboxed type T (or the parameter itself, around a loop) becomes a T
//! parameter, and the predecessors pass the unboxed values. Uses of the
//! parameter: `unbox` to T is replaced by the parameter; uses needing a boxed
//! value (tests, runtime calls, `ret`, other unboxes, arguments to `any`
//! parameters) read a `box` inserted at the top of the block. Frame states keep
//! the unboxed value (exits record native values with their types).
//!
//! Local rules: `unbox (box x)` is `x` when the types agree, and
//! `test T (box x)` with `x: T` is true.

use super::cfg::Cfg;
use super::{def_kind, insert_inst, map_uses, test_of_box_is_true, Subst};
use crate::ir::*;

pub fn run(f: &mut Func) -> bool {
    let mut changed = false;
    for b in 1..f.blocks.len() {
        let params = f.blocks[b].params.clone();
        for p in params {
            if f.ty(p) == Type::Any {
                if let Some(t) = refinable(f, Block(b as u32), p) {
                    refine_param(f, Block(b as u32), p, t);
                    changed = true;
                }
            }
        }
    }
    changed | local_rules(f)
}

/// Every edge into `b` (predecessor terminator instruction, which arm).
fn incoming_edges(f: &Func, b: Block) -> Vec<(Inst, usize)> {
    let mut edges = vec![];
    for data in &f.blocks {
        let Some(&i) = data.insts.last() else {
            continue;
        };
        match &f.inst(i).kind {
            InstKind::Jump(t, _) if *t == b => edges.push((i, 0)),
            InstKind::Branch(_, t, _, e, _) => {
                if *t == b {
                    edges.push((i, 0));
                }
                if *e == b {
                    edges.push((i, 1));
                }
            }
            _ => {}
        }
    }
    edges
}

fn edge_args(kind: &mut InstKind, arm: usize) -> Option<&mut Vec<Val>> {
    match (kind, arm) {
        (InstKind::Jump(_, a), 0) | (InstKind::Branch(_, _, a, _, _), 0) => Some(a),
        (InstKind::Branch(_, _, _, _, a), 1) => Some(a),
        _ => None,
    }
}

fn boxed_operand(f: &Func, v: Val) -> Option<Val> {
    match def_kind(f, v) {
        Some(InstKind::Unary(UnOp::Box, x)) => Some(*x),
        _ => None,
    }
}

/// The unboxed type `p` can take, if every incoming argument allows it.
fn refinable(f: &Func, b: Block, p: Val) -> Option<Type> {
    let ValDef::Param(_, idx) = f.vals[p.0 as usize].def else {
        return None;
    };
    let edges = incoming_edges(f, b);
    let mut ty = None;
    for (i, arm) in edges {
        let mut kind = f.inst(i).kind.clone();
        let arg = *edge_args(&mut kind, arm)?.get(idx as usize)?;
        if arg == p {
            continue;
        }
        let x = boxed_operand(f, arg)?;
        match ty {
            None => ty = Some(f.ty(x)),
            Some(t) if t == f.ty(x) => {}
            Some(_) => return None,
        }
    }
    ty.filter(|t| t.is_unboxed())
}

fn refine_param(f: &mut Func, b: Block, p: Val, t: Type) {
    let ValDef::Param(_, idx) = f.vals[p.0 as usize].def else {
        return;
    };
    // Predecessors pass the unboxed values.
    for (i, arm) in incoming_edges(f, b) {
        let mut kind = f.inst(i).kind.clone();
        if let Some(arg) = edge_args(&mut kind, arm).and_then(|a| a.get_mut(idx as usize)) {
            if let Some(x) = boxed_operand(f, *arg) {
                *arg = x;
            }
        }
        f.insts[i.0 as usize].kind = kind;
    }
    f.vals[p.0 as usize].ty = t;
    // `unbox p` to T is p itself.
    let mut subst = Subst::default();
    for d in f.blocks.iter().flat_map(|d| &d.insts).map(|&i| f.inst(i)) {
        if let (InstKind::Unary(UnOp::Unbox, a), Some(r)) = (&d.kind, d.result) {
            if *a == p && f.ty(r) == t {
                subst.add(r, p);
            }
        }
    }
    subst.finish(f);
    // Everything else that needs a boxed value reads a fresh box.
    let boxed = insert_inst(f, b, 0, InstKind::Unary(UnOp::Box, p), Type::Any);
    let Some(boxed) = boxed else {
        return;
    };
    let placed: Vec<Inst> = f.blocks.iter().flat_map(|d| d.insts.clone()).collect();
    for i in placed {
        if f.inst(i).result == Some(boxed) || !f.inst(i).kind.reads(p) {
            continue;
        }
        let mut kind = f.inst(i).kind.clone();
        match &mut kind {
            // (Every operand that must be `any`: the verifier's list.)
            InstKind::Unary(UnOp::Unbox | UnOp::NRow | UnOp::NCol | UnOp::Length, a)
            | InstKind::Test(_, a)
            | InstKind::Return(a)
            | InstKind::StoreGlobal(_, a)
            | InstKind::StoreFrame(_, a)
            | InstKind::FieldTest { x: a, .. }
            | InstKind::FieldLoad { x: a, .. }
            | InstKind::VecSet(a, _, _)
                if *a == p =>
            {
                *a = boxed;
            }
            InstKind::Runtime(..) => map_uses(&mut kind, |v| if v == p { boxed } else { v }),
            InstKind::Jump(..) | InstKind::Branch(..) => {
                for arm in 0..2 {
                    let target = match (&kind, arm) {
                        (InstKind::Jump(t, _), 0) | (InstKind::Branch(_, t, ..), 0) => *t,
                        (InstKind::Branch(_, _, _, e, _), 1) => *e,
                        _ => continue,
                    };
                    let target_params = f.blocks[target.0 as usize].params.clone();
                    if let Some(args) = edge_args(&mut kind, arm) {
                        for (a, tp) in args.iter_mut().zip(target_params) {
                            if *a == p && f.ty(tp) == Type::Any {
                                *a = boxed;
                            }
                        }
                    }
                }
            }
            _ => {}
        }
        f.insts[i.0 as usize].kind = kind;
    }
}

fn local_rules(f: &mut Func) -> bool {
    let mut changed = false;
    let mut facts: Option<Assumed> = None;
    let mut subst = Subst::default();
    let placed: Vec<Inst> = f.blocks.iter().flat_map(|d| d.insts.clone()).collect();
    for i in placed {
        subst.apply(&mut f.insts[i.0 as usize].kind);
        let d = f.inst(i);
        match (&d.kind, d.result) {
            (InstKind::Unary(UnOp::Unbox, a), Some(r)) => {
                if let Some(x) = boxed_operand(f, *a) {
                    if f.ty(x) == f.ty(r) {
                        subst.add(r, x);
                        changed = true;
                    }
                }
            }
            (InstKind::Test(t, a), Some(_)) if test_of_box_is_true(f, *t, *a) => {
                f.insts[i.0 as usize].kind = InstKind::ConstBool(true);
                changed = true;
            }
            (InstKind::Test(t, a), Some(_)) if param_passes(f, &mut facts, *t, *a) => {
                f.insts[i.0 as usize].kind = InstKind::ConstBool(true);
                changed = true;
            }
            _ => {}
        }
    }
    subst.finish(f);
    changed
}

/// Does every value block parameter `p` receives pass test `t`: itself
/// (a loop's back edge), a value that passes by construction (a box of the
/// type, a store into a vector of it), or one an assume of that test checked
/// in a block that dominates the edge? A vector stored into in a loop
/// (`x[i] <- v` on a typed vector) then needs no test per iteration.
fn param_passes(f: &Func, facts: &mut Option<Assumed>, t: TypeTest, p: Val) -> bool {
    let ValDef::Param(b, idx) = f.vals[p.0 as usize].def else {
        return false;
    };
    if t == TypeTest::IsNull {
        return false;
    }
    let facts = facts.get_or_insert_with(|| Assumed::of(f));
    let edges = incoming_edges(f, b);
    !edges.is_empty()
        && edges.into_iter().all(|(i, arm)| {
            let mut kind = f.inst(i).kind.clone();
            let Some(&arg) = edge_args(&mut kind, arm).and_then(|a| a.get(idx as usize)) else {
                return false;
            };
            arg == p || test_of_box_is_true(f, t, arg) || facts.holds(t, arg, f.inst(i).block)
        })
}

/// The type tests the function assumes, with the blocks of the assumes.
struct Assumed {
    cfg: Cfg,
    at: std::collections::HashMap<(TypeTest, Val), Vec<Block>>,
}

impl Assumed {
    fn of(f: &Func) -> Assumed {
        let mut at: std::collections::HashMap<(TypeTest, Val), Vec<Block>> = Default::default();
        for (b, data) in f.blocks.iter().enumerate() {
            for &i in &data.insts {
                if let InstKind::Assume { cond, .. } = &f.inst(i).kind {
                    if let Some(InstKind::Test(t, x)) = def_kind(f, *cond) {
                        at.entry((*t, *x)).or_default().push(Block(b as u32));
                    }
                }
            }
        }
        Assumed {
            cfg: Cfg::new(f),
            at,
        }
    }

    /// Is `test t v` assumed in a block that dominates `block` (or in
    /// `block` itself, before its terminator)?
    fn holds(&self, t: TypeTest, v: Val, block: Block) -> bool {
        self.at
            .get(&(t, v))
            .is_some_and(|bs| bs.iter().any(|&b| self.cfg.dominates(b, block)))
    }
}
