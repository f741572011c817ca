//! Unboxing webs of block parameters. `type_infer` unboxes a parameter whose
//! incoming values are boxes of one type; a loop-carried variable assigned on
//! only some paths forms a cycle of `any` parameters (header ← join ← header)
//! that it cannot see through. This pass groups `any` parameters connected by
//! edges; when every value entering a group from outside is `box x` with `x` of
//! one unboxed type T, and the group's values are only passed along, tested,
//! unboxed, returned or kept in frame states, the whole group becomes T. Any
//! other use (a generic runtime call, typically after the loop) gets a `box`
//! of the unboxed value just before it.

use super::{insert_inst, map_uses, replace_uses};
use crate::ir::*;
use std::collections::HashMap;

fn find(parent: &mut HashMap<Val, Val>, v: Val) -> Val {
    let p = parent[&v];
    if p == v {
        return v;
    }
    let r = find(parent, p);
    parent.insert(v, r);
    r
}

/// (param, incoming value) for every edge argument in the function.
fn edges(f: &Func) -> Vec<(Val, Val, Inst, usize, usize)> {
    let mut out = Vec::new();
    for bd in &f.blocks {
        let Some(&t) = bd.insts.last() else { continue };
        let lists: Vec<(Block, &Vec<Val>)> = match &f.inst(t).kind {
            InstKind::Jump(b, a) => vec![(*b, a)],
            InstKind::Branch(_, b1, a1, b2, a2) => vec![(*b1, a1), (*b2, a2)],
            _ => vec![],
        };
        for (e, (b, args)) in lists.into_iter().enumerate() {
            for (k, &a) in args.iter().enumerate() {
                if let Some(&p) = f.blocks[b.0 as usize].params.get(k) {
                    out.push((p, a, t, e, k));
                }
            }
        }
    }
    out
}

pub fn run(f: &mut Func) -> bool {
    let params: Vec<Val> = f
        .blocks
        .iter()
        .skip(1)
        .flat_map(|b| b.params.iter().copied())
        .filter(|&p| f.ty(p) == Type::Any)
        .collect();
    if params.is_empty() {
        return false;
    }
    let mut parent: HashMap<Val, Val> = params.iter().map(|&p| (p, p)).collect();
    let es = edges(f);
    for &(p, a, ..) in &es {
        if parent.contains_key(&p) && parent.contains_key(&a) {
            let (rp, ra) = (find(&mut parent, p), find(&mut parent, a));
            parent.insert(rp, ra);
        }
    }
    // The unboxed type entering each group from outside (None = not unboxable).
    let mut group_ty: HashMap<Val, Option<Type>> = HashMap::new();
    for &(p, a, ..) in &es {
        if !parent.contains_key(&p) || parent.contains_key(&a) {
            continue;
        }
        let g = find(&mut parent, p);
        let t = match f.def_inst(a).map(|i| &f.inst(i).kind) {
            Some(InstKind::Unary(UnOp::Box, x))
                if matches!(f.ty(*x), Type::Int | Type::Dbl | Type::Lgl | Type::Cplx) =>
            {
                Some(f.ty(*x))
            }
            _ => None,
        };
        let e = group_ty.entry(g).or_insert(t);
        if *e != t {
            *e = None;
        }
    }
    // Uses of group members must allow unboxing; other uses are reboxed.
    let placed: Vec<Inst> = f.blocks.iter().flat_map(|b| b.insts.clone()).collect();
    let mut rebox: Vec<(Inst, Val)> = Vec::new();
    for &i in &placed {
        let d = f.inst(i);
        let ok_use = |v: Val| -> bool {
            match &d.kind {
                InstKind::Jump(..)
                | InstKind::Branch(..)
                | InstKind::Checkpoint(_)
                | InstKind::Return(_) => true,
                InstKind::Test(..) => true,
                InstKind::Unary(UnOp::Unbox, _) => true,
                _ => d.kind.uses().iter().all(|&u| u != v),
            }
        };
        for u in d.kind.uses() {
            if parent.contains_key(&u) {
                let g = find(&mut parent, u);
                let t = group_ty.get(&g).copied().flatten();
                if !ok_use(u) {
                    rebox.push((i, u));
                    continue;
                }
                let bad = matches!((&d.kind, d.result, t), (InstKind::Unary(UnOp::Unbox, _), Some(r), Some(t)) if f.ty(r) != t)
                    || matches!(&d.kind, InstKind::Branch(c, ..) if *c == u);
                if bad {
                    group_ty.insert(g, None);
                }
            }
        }
    }
    let chosen: HashMap<Val, Type> = params
        .iter()
        .filter_map(|&p| {
            group_ty
                .get(&find(&mut parent, p))
                .copied()
                .flatten()
                .map(|t| (p, t))
        })
        .collect();
    if chosen.is_empty() {
        return false;
    }
    // Retype, pass unboxed values in, and simplify tests and unboxes.
    for (&p, &t) in &chosen {
        f.vals[p.0 as usize].ty = t;
    }
    for &(p, a, inst, e, k) in &es {
        if chosen.contains_key(&p) && !chosen.contains_key(&a) {
            if let Some(InstKind::Unary(UnOp::Box, x)) =
                f.def_inst(a).map(|i| f.inst(i).kind.clone())
            {
                match &mut f.insts[inst.0 as usize].kind {
                    InstKind::Jump(_, args) => args[k] = x,
                    InstKind::Branch(_, _, a1, _, a2) => {
                        if e == 0 {
                            a1[k] = x
                        } else {
                            a2[k] = x
                        }
                    }
                    _ => {}
                }
            }
        }
    }
    for (i, v) in rebox {
        if !chosen.contains_key(&v) {
            continue;
        }
        let b = f.inst(i).block;
        let pos = f.blocks[b.0 as usize]
            .insts
            .iter()
            .position(|&x| x == i)
            .unwrap_or(0);
        let boxed = insert_inst(f, b, pos, InstKind::Unary(UnOp::Box, v), Type::Any).unwrap();
        map_uses(&mut f.insts[i.0 as usize].kind, |u| {
            if u == v {
                boxed
            } else {
                u
            }
        });
    }
    let mut replacements = Vec::new();
    let mut dead = Vec::new();
    for &i in &placed {
        let d = f.inst(i).clone();
        match (&d.kind, d.result) {
            (InstKind::Test(t, v), Some(_)) if chosen.contains_key(v) => {
                let holds = match t {
                    TypeTest::IsBound => true,
                    TypeTest::IsNull => false,
                    _ => t.holds_for(chosen[v]),
                };
                f.insts[i.0 as usize].kind = InstKind::ConstBool(holds);
            }
            (InstKind::Unary(UnOp::Unbox, v), Some(r)) if chosen.contains_key(v) => {
                replacements.push((r, *v));
                dead.push(i);
            }
            _ => {}
        }
    }
    for (r, v) in replacements {
        replace_uses(f, r, v);
    }
    for b in &mut f.blocks {
        b.insts.retain(|i| !dead.contains(i));
    }
    true
}
