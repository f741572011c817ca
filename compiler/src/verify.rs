//! IR verifier: structure (ids in range, one terminator per block, at the end),
//! block-argument arity and types, operand and result types of every
//! instruction, SSA dominance (in reachable blocks), and sourir's rule for
//! `Assume` (its checkpoint is earlier in the same block with no effectful
//! instruction in between).
//!
//! Messages name the block and the instruction (`bb1: v9 = add.i ...: rule`).

use crate::ir::*;
use crate::passes::cfg::Cfg;
use crate::print::{canonical_names, print_func};
use std::collections::HashMap;

/// Check `f`; on failure returns every violation found.
pub fn verify(f: &Func) -> Result<(), Vec<String>> {
    let mut errs = vec![];
    check_structure(f, &mut errs);
    if !errs.is_empty() {
        return Err(errs);
    }
    // Where each instruction sits: (block, position).
    let mut place: HashMap<Inst, (Block, usize)> = HashMap::new();
    for (bi, b) in f.blocks.iter().enumerate() {
        for (k, &i) in b.insts.iter().enumerate() {
            if place.insert(i, (Block(bi as u32), k)).is_some() {
                errs.push(format!("inst {} appears in more than one place", i.0));
            }
        }
    }
    if !errs.is_empty() {
        return Err(errs);
    }
    // Printed only for a message (the verifier runs on every compilation
    // that peels loops, in release builds too).
    let text: std::cell::OnceCell<Vec<String>> = std::cell::OnceCell::new();
    let names = std::cell::OnceCell::new();
    let nm = |v: Val| match names.get_or_init(|| canonical_names(f)).get(&v) {
        Some(n) => format!("v{n}"),
        None => format!("undef{}", v.0),
    };
    let cfg = Cfg::new(f);
    for (bi, b) in f.blocks.iter().enumerate() {
        let block = Block(bi as u32);
        let n = b.insts.len();
        if n == 0 || !f.inst(b.insts[n - 1]).kind.is_terminator() {
            errs.push(format!("{block}: block does not end with a terminator"));
        }
        for (k, &i) in b.insts.iter().enumerate() {
            let d = f.inst(i);
            let mut err = |msg: String| {
                let at = &text.get_or_init(|| inst_texts(f))[i.0 as usize];
                errs.push(format!("{block}: `{at}`: {msg}"))
            };
            if d.block != block {
                err(format!("instruction records block {}", d.block));
            }
            if d.kind.is_terminator() && k + 1 != n {
                err("terminator before the end of the block".into());
            }
            for msg in check_types(f, &d.kind, d.result, &nm) {
                err(msg);
            }
            if let Some(r) = d.result {
                if f.vals[r.0 as usize].def != ValDef::Inst(i) {
                    err(format!("result {} does not record this definition", nm(r)));
                }
            }
            // SSA: every use is dominated by its definition.
            for u in d.kind.uses() {
                // Values of deleted code may linger in `f.vals`: a definition
                // counts only if its block or instruction still lists it.
                let def_place = match f.vals[u.0 as usize].def {
                    ValDef::Param(pb, j) => f
                        .blocks
                        .get(pb.0 as usize)
                        .filter(|pd| pd.params.get(j as usize) == Some(&u))
                        .map(|_| (pb, None)),
                    ValDef::Inst(di) => place
                        .get(&di)
                        .filter(|_| f.inst(di).result == Some(u))
                        .map(|&(db, dk)| (db, Some(dk))),
                };
                let ok = match def_place {
                    None => {
                        err(format!("use of {} whose definition is in no block", nm(u)));
                        continue;
                    }
                    Some(_) if !cfg.reachable[bi] => true,
                    Some((db, None)) => cfg.dominates(db, block),
                    Some((db, Some(dk))) if db == block => dk < k,
                    Some((db, Some(_))) => cfg.dominates(db, block),
                };
                if !ok {
                    err(format!(
                        "use of {} not dominated by its definition (SSA)",
                        nm(u)
                    ));
                }
            }
            // Block arguments.
            for (t, args) in d.kind.edges() {
                let params = &f.blocks[t.0 as usize].params;
                if params.len() != args.len() {
                    err(format!(
                        "{} arguments passed to {t}, which has {} parameters",
                        args.len(),
                        params.len()
                    ));
                    continue;
                }
                for (j, (a, p)) in args.iter().zip(params).enumerate() {
                    if f.ty(*a) != f.ty(*p) {
                        err(format!(
                            "argument {j} to {t} has type {}, parameter has type {}",
                            f.ty(*a).name(),
                            f.ty(*p).name()
                        ));
                    }
                }
            }
            // Assume: checkpoint operand and sourir's rule.
            if let InstKind::Assume { checkpoint, .. } = &d.kind {
                let cp_inst = f.def_inst(*checkpoint);
                let is_cp = cp_inst
                    .map(|ci| matches!(f.inst(ci).kind, InstKind::Checkpoint(_)))
                    .unwrap_or(false);
                if !is_cp {
                    err(format!(
                        "assume's checkpoint {} is not defined by a checkpoint",
                        nm(*checkpoint)
                    ));
                } else if let Some(&(cb, ck)) = cp_inst.and_then(|ci| place.get(&ci)) {
                    if cb != block || ck >= k {
                        err("assume's checkpoint is not earlier in the same block".into());
                    } else if let Some(&e) = b.insts[ck + 1..k]
                        .iter()
                        .find(|&&e| f.inst(e).kind.has_effect())
                    {
                        err(format!(
                            "effectful `{}` between checkpoint and assume (sourir)",
                            text.get_or_init(|| inst_texts(f))[e.0 as usize]
                        ));
                    }
                }
            }
        }
        for (j, &p) in b.params.iter().enumerate() {
            if f.vals[p.0 as usize].def != ValDef::Param(block, j as u32) {
                errs.push(format!(
                    "{block}: parameter {j} ({}) does not record its definition",
                    nm(p)
                ));
            }
            if matches!(f.ty(p), Type::Void | Type::Checkpoint) {
                errs.push(format!(
                    "{block}: parameter {j} has type {}",
                    f.ty(p).name()
                ));
            }
        }
    }
    if errs.is_empty() {
        Ok(())
    } else {
        Err(errs)
    }
}

/// Ids in range: every block's instructions and params, every operand and
/// target. Later checks index freely once this passes.
fn check_structure(f: &Func, errs: &mut Vec<String>) {
    if f.blocks.is_empty() {
        errs.push("function has no blocks".into());
    }
    let nv = f.vals.len();
    let nb = f.blocks.len();
    for (bi, b) in f.blocks.iter().enumerate() {
        for p in &b.params {
            if p.0 as usize >= nv {
                errs.push(format!("bb{bi}: parameter v{} out of range", p.0));
            }
        }
        for i in &b.insts {
            let Some(d) = f.insts.get(i.0 as usize) else {
                errs.push(format!("bb{bi}: inst {} out of range", i.0));
                continue;
            };
            for u in d.kind.uses().into_iter().chain(d.result) {
                if u.0 as usize >= nv {
                    errs.push(format!("bb{bi}: inst {}: value v{} out of range", i.0, u.0));
                }
            }
            let targets = match &d.kind {
                InstKind::Jump(t, _) => vec![*t],
                InstKind::Branch(_, t, _, e, _) => vec![*t, *e],
                _ => vec![],
            };
            for t in targets {
                if t.0 as usize >= nb {
                    errs.push(format!("bb{bi}: inst {}: target {t} does not exist", i.0));
                }
            }
        }
    }
}

/// Each instruction's line in the printed form (for messages).
fn inst_texts(f: &Func) -> Vec<String> {
    let mut texts = vec![String::new(); f.insts.len()];
    let printed = print_func(f);
    let mut lines = printed.lines().skip(1);
    for b in &f.blocks {
        lines.next(); // block header
        for &i in &b.insts {
            if let Some(l) = lines.next() {
                texts[i.0 as usize] = l.trim().to_string();
            }
        }
    }
    texts
}

/// Element type of a typed vector.
pub fn elem_type(t: Type) -> Option<Type> {
    match t {
        Type::VecInt => Some(Type::Int),
        Type::VecDbl => Some(Type::Dbl),
        Type::VecLgl => Some(Type::Lgl),
        Type::VecCplx => Some(Type::Cplx),
        _ => None,
    }
}

/// Is `t` a boxed runtime value (what the runtime and `box` deal in)?
pub fn is_boxed(t: Type) -> bool {
    matches!(
        t,
        Type::Any | Type::VecInt | Type::VecDbl | Type::VecLgl | Type::VecCplx
    )
}

/// Operand and result type rules of one instruction.
fn check_types(
    f: &Func,
    kind: &InstKind,
    result: Option<Val>,
    nm: &dyn Fn(Val) -> String,
) -> Vec<String> {
    let mut errs = vec![];
    let mut extra = vec![];
    let rty = result.map(|r| f.ty(r)).unwrap_or(Type::Void);
    let mut want = |what: &str, v: Val, ok: bool, expect: &str| {
        if !ok {
            errs.push(format!(
                "{what} {} has type {}, expected {expect}",
                nm(v),
                f.ty(v).name()
            ));
        }
    };
    let expected_result: Option<Type> = match kind {
        InstKind::ConstInt(_) => Some(Type::Int),
        InstKind::ConstDbl(_) => Some(Type::Dbl),
        InstKind::ConstLgl(_) => Some(Type::Lgl),
        InstKind::ConstBool(_) => Some(Type::Bool),
        InstKind::ConstAny(_) | InstKind::ConstBuiltin(_) => Some(Type::Any),
        InstKind::Unary(op, a) => {
            let ta = f.ty(*a);
            let (operand_ok, expect, res): (bool, &str, Option<Type>) = match op {
                UnOp::NegI => (ta == Type::Int, "int", Some(Type::Int)),
                UnOp::NegD
                | UnOp::SqrtD
                | UnOp::AbsD
                | UnOp::FloorD
                | UnOp::CeilD
                | UnOp::TruncD
                | UnOp::RoundD
                | UnOp::ExpD
                | UnOp::LogD
                | UnOp::SinD
                | UnOp::CosD
                | UnOp::TanD => (ta == Type::Dbl, "dbl", Some(Type::Dbl)),
                UnOp::AbsI => (ta == Type::Int, "int", Some(Type::Int)),
                UnOp::NotB => (ta == Type::Bool, "bool", Some(Type::Bool)),
                UnOp::IntToDbl => (ta == Type::Int, "int", Some(Type::Dbl)),
                UnOp::DblToInt => (ta == Type::Dbl, "dbl", Some(Type::Int)),
                UnOp::BoolToLgl => (ta == Type::Bool, "bool", Some(Type::Lgl)),
                UnOp::LglToBool | UnOp::LglIsNa => (ta == Type::Lgl, "lgl", Some(Type::Bool)),
                UnOp::DblIsNan | UnOp::DblIsInt => (ta == Type::Dbl, "dbl", Some(Type::Bool)),
                UnOp::DblToLgl => (ta == Type::Dbl, "dbl", Some(Type::Lgl)),
                UnOp::IntToLgl => (ta == Type::Int, "int", Some(Type::Lgl)),
                UnOp::NegC | UnOp::ConjC => (ta == Type::Cplx, "cplx", Some(Type::Cplx)),
                UnOp::ReC | UnOp::ImC | UnOp::ModC => (ta == Type::Cplx, "cplx", Some(Type::Dbl)),
                UnOp::DblToCplx => (ta == Type::Dbl, "dbl", Some(Type::Cplx)),
                UnOp::Box => (ta.is_unboxed(), "an unboxed type", Some(Type::Any)),
                UnOp::Unbox => {
                    if !TypeTest::all().iter().any(|t| t.refined() == rty) {
                        extra.push(format!(
                            "unbox result has type {}, expected a type-test type",
                            rty.name()
                        ));
                    }
                    (ta == Type::Any, "any", None)
                }
                UnOp::VecLen => (elem_type(ta).is_some(), "a vector type", Some(Type::Int)),
                UnOp::NRow | UnOp::NCol | UnOp::Length => (ta == Type::Any, "any", Some(Type::Int)),
            };
            want(&format!("{} operand", op.name()), *a, operand_ok, expect);
            res
        }
        InstKind::Binary(op, a, b) => {
            let (operand, res) = op.types();
            for x in [a, b] {
                want(
                    &format!("{} operand", op.name()),
                    *x,
                    f.ty(*x) == operand,
                    operand.name(),
                );
            }
            Some(res)
        }
        InstKind::Test(_, a) => {
            want("test operand", *a, f.ty(*a) == Type::Any, "any");
            Some(Type::Bool)
        }
        InstKind::CalleeIs { .. } | InstKind::GlobalEpochIs(_) => Some(Type::Bool),
        InstKind::LoadGlobal(_) | InstKind::GlobalCallee(_) | InstKind::LoadFrame(_) => {
            Some(Type::Any)
        }
        InstKind::StoreGlobal(_, a) | InstKind::StoreFrame(_, a) => {
            want("stored value", *a, f.ty(*a) == Type::Any, "any");
            None
        }
        InstKind::VecLoad(v, i) | InstKind::InBounds(v, i) => {
            let elem = elem_type(f.ty(*v));
            want("vector operand", *v, elem.is_some(), "a vector type");
            want("index", *i, f.ty(*i) == Type::Int, "int");
            match kind {
                InstKind::VecLoad(..) => elem,
                _ => Some(Type::Bool),
            }
        }
        InstKind::FieldTest { x, ty, .. } | InstKind::FieldLoad { x, ty, .. } => {
            want("record operand", *x, f.ty(*x) == Type::Any, "any");
            if !matches!(ty, Type::Int | Type::Dbl | Type::Lgl) {
                extra.push(format!(
                    "field of type {}, expected int, dbl or lgl",
                    ty.name()
                ));
            }
            match kind {
                InstKind::FieldTest { .. } => Some(Type::Bool),
                _ => Some(*ty),
            }
        }
        InstKind::VecSet(x, i, e) => {
            want("vecset vector", *x, f.ty(*x) == Type::Any, "any");
            want("vecset index", *i, f.ty(*i) == Type::Int, "int");
            want(
                "vecset element",
                *e,
                matches!(f.ty(*e), Type::Int | Type::Dbl | Type::Lgl | Type::Cplx),
                "int, dbl, lgl or cplx",
            );
            Some(Type::Any)
        }
        InstKind::Runtime(_, args) => {
            for a in args {
                want("runtime argument", *a, is_boxed(f.ty(*a)), "a boxed type");
            }
            Some(Type::Any)
        }
        InstKind::Checkpoint(fs) => {
            for u in kind.uses() {
                want(
                    "frame-state value",
                    u,
                    !matches!(f.ty(u), Type::Void | Type::Checkpoint),
                    "a value type",
                );
            }
            let _ = fs;
            Some(Type::Checkpoint)
        }
        InstKind::Assume {
            cond, checkpoint, ..
        } => {
            want("assume condition", *cond, f.ty(*cond) == Type::Bool, "bool");
            want(
                "assume checkpoint",
                *checkpoint,
                f.ty(*checkpoint) == Type::Checkpoint,
                "cp",
            );
            None
        }
        InstKind::Branch(c, ..) => {
            want("branch condition", *c, f.ty(*c) == Type::Bool, "bool");
            None
        }
        InstKind::Jump(..) | InstKind::SetVisible(_) => None,
        InstKind::CallState(cp) => {
            want("call_state state", *cp, f.ty(*cp) == Type::Checkpoint, "cp");
            None
        }
        InstKind::FrameSynced => Some(Type::Bool),
        InstKind::Return(a) => {
            want(
                "returned value",
                *a,
                !matches!(f.ty(*a), Type::Void | Type::Checkpoint),
                "a value type",
            );
            None
        }
    };
    errs.extend(extra);
    let produces = kind.defines_value();
    match (produces, result) {
        (true, None) => errs.push("instruction defines no value".into()),
        (false, Some(_)) => errs.push("instruction must not define a value".into()),
        _ => {}
    }
    if let (Some(e), Some(_)) = (expected_result, result) {
        if e != rty {
            errs.push(format!(
                "result has type {}, expected {}",
                rty.name(),
                e.name()
            ));
        }
    }
    errs
}
