//! Range facts about the counters of counted loops, and the checks they make
//! redundant.
//!
//! The builder compiles `for (i in 1:n)` / `for (i in seq_along(x))` to a
//! header with two parameters, the counter `c` (entering as 1) and the number
//! of iterations left `r` (entering as `r0`), a header branch on `gt.i r, 0`
//! into the body, and back edges passing `add.i c, 1` and `sub.i r, 1`. Then
//! `c + r = 1 + r0` on every visit of the header, so wherever the body entry
//! (the branch's true target, entered only from the header) dominates:
//! `1 <= c <= r0`. No step wraps around: the body sees `c = 1 + k` with
//! `k < r0 <= i32::MAX` for the k-th iteration.
//!
//! With these facts, comparisons of `c` against small constants, against
//! `r0`, `inbounds x, c` when `r0` is the length of `x`, and `subovf.i` of two
//! non-negative values fold to constants (and the assumes on them go away in
//! `const_fold`).
//!
//! An `assume le.i c, n` with `n` defined outside the loop is replaced by
//! `assume le.i r0, n` in the preheader, at its checkpoint (like `hoist`):
//! one check of the largest counter value instead of one per iteration. It
//! exits before the loop when some iteration would exit, or could have
//! (exiting is always correct; it may come earlier than needed when the loop
//! leaves before its last iteration).

use super::cfg::Cfg;
use super::{def_block, def_kind, insert_inst};
use crate::ir::*;
use std::collections::BTreeSet;

/// A counter `c` with `from <= c <= from + r0 - 1` in the blocks `body`
/// dominates (`for (i in 2:n)` enters with `from` 2).
pub(super) struct Counter {
    pub c: Val,
    pub r0: Val,
    /// The constant the counter enters the loop with.
    pub from: i32,
    pub body: Block,
    /// The loop's header and its only predecessor outside the loop.
    pub header: Block,
    pub entry: Block,
    /// The loop's blocks.
    pub blocks: BTreeSet<Block>,
    /// The loop's preheader and its checkpoint, when assumes can move there.
    pub pre: Option<(Block, Val)>,
}

/// What an in-loop check bounds the counter by.
#[derive(Clone, Copy)]
enum Bound {
    /// `le.i c, n`.
    Value(Val),
    /// `inbounds x, c`: the length of vector `x`.
    Length(Val),
}

/// The arguments that the terminator of `from` passes to `to` (none when
/// `from` does not branch there, or branches there twice).
pub(super) fn edge_args(f: &Func, from: Block, to: Block) -> Option<Vec<Val>> {
    match &f.terminator(from)?.kind {
        InstKind::Jump(t, a) if *t == to => Some(a.clone()),
        InstKind::Branch(_, t, ta, e, ea) => match (*t == to, *e == to) {
            (true, false) => Some(ta.clone()),
            (false, true) => Some(ea.clone()),
            _ => None,
        },
        _ => None,
    }
}

pub(super) fn const_int(f: &Func, v: Val) -> Option<i32> {
    match def_kind(f, v)? {
        InstKind::ConstInt(k) => Some(*k),
        _ => None,
    }
}

/// Is `v` exactly `op x, 1`?
fn steps(f: &Func, v: Val, op: BinOp, x: Val) -> bool {
    matches!(def_kind(f, v), Some(InstKind::Binary(o, a, b))
        if *o == op && *a == x && const_int(f, *b) == Some(1))
}

/// The counters of the loops of `f`.
pub(super) fn counters(f: &Func, cfg: &Cfg) -> Vec<Counter> {
    let mut out = vec![];
    for lp in cfg.loops() {
        let h = lp.header;
        let (inside, outside): (Vec<Block>, Vec<Block>) = cfg.preds[h.0 as usize]
            .iter()
            .partition(|p| lp.body.contains(p));
        let [pre] = outside[..] else { continue };
        let Some(entry) = edge_args(f, pre, h) else {
            continue;
        };
        let Some(InstKind::Branch(cond, body, _, _, _)) = f.terminator(h).map(|d| &d.kind) else {
            continue;
        };
        if !lp.body.contains(body) || cfg.preds[body.0 as usize] != [h] {
            continue;
        }
        let Some(InstKind::Binary(BinOp::GtI, r, zero)) = def_kind(f, *cond) else {
            continue;
        };
        let params = &f.blocks[h.0 as usize].params;
        let Some(ri) = params.iter().position(|p| p == r) else {
            continue;
        };
        if const_int(f, *zero) != Some(0) {
            continue;
        }
        let back: Option<Vec<Vec<Val>>> = inside.iter().map(|&p| edge_args(f, p, h)).collect();
        let Some(back) = back else { continue };
        if !back.iter().all(|a| steps(f, a[ri], BinOp::SubI, *r)) {
            continue;
        }
        for (ci, &c) in params.iter().enumerate() {
            let Some(from) = const_int(f, entry[ci]).filter(|_| ci != ri) else {
                continue;
            };
            if back.iter().all(|a| steps(f, a[ci], BinOp::AddI, c)) {
                out.push(Counter {
                    c,
                    r0: entry[ri],
                    from,
                    body: *body,
                    header: h,
                    entry: pre,
                    blocks: lp.body.clone(),
                    pre: super::hoist::preheader(f, cfg, &lp),
                });
            }
        }
    }
    out
}

/// Do `x` and `y` view the same vector (the same value, or unboxed from it)?
fn same_vector(f: &Func, x: Val, y: Val) -> bool {
    let source = |v: Val| match def_kind(f, v) {
        Some(InstKind::Unary(UnOp::Unbox, a)) => *a,
        _ => v,
    };
    source(x) == source(y)
}

pub fn run(f: &mut Func) -> bool {
    let cfg = Cfg::new(f);
    let counters = counters(f, &cfg);
    if counters.is_empty() {
        return false;
    }
    let mut known_values = vec![];
    // (assume, counter, bound) of `assume le.i c, n` / `assume inbounds x, c`
    // with `n` / `x` invariant.
    let mut bound_checks: Vec<(Inst, usize, Bound)> = vec![];
    for b in 0..f.blocks.len() {
        let here: Vec<&Counter> = counters
            .iter()
            .filter(|k| cfg.dominates(k.body, Block(b as u32)))
            .collect();
        if here.is_empty() {
            continue;
        }
        let counter = |v: Val| here.iter().find(|k| k.c == v);
        // The smallest value `v` can have here, when known: a constant, a
        // counter, or one minus a constant (`i - 1L`; it cannot wrap when
        // the bound does not).
        let base = |v: Val| {
            const_int(f, v)
                .map(|k| k as i64)
                .or(counter(v).map(|k| k.from as i64))
        };
        let low = |v: Val| match def_kind(f, v) {
            Some(InstKind::Binary(BinOp::SubI, a, k)) => base(*a)
                .zip(const_int(f, *k))
                .map(|(a, k)| a - k as i64)
                .filter(|&l| l >= i32::MIN as i64),
            _ => base(v),
        };
        for k in 0..f.blocks[b].insts.len() {
            let i = f.blocks[b].insts[k];
            if let InstKind::Assume { cond, .. } = &f.inst(i).kind {
                let check = match def_kind(f, *cond) {
                    Some(InstKind::Binary(BinOp::LeI, c, n)) => Some((*c, Bound::Value(*n))),
                    Some(InstKind::InBounds(x, c)) => Some((*c, Bound::Length(*x))),
                    _ => None,
                };
                // A condition already known true needs no hoisted check.
                let known_cond = f
                    .def_inst(*cond)
                    .is_some_and(|ci| known_values.iter().any(|&(x, _)| x == ci));
                if let Some((c, bound)) = check.filter(|_| !known_cond) {
                    let (Bound::Value(n) | Bound::Length(n)) = bound;
                    // `c <= r0` and `c >= 1` need a counter from 1.
                    let k = counters.iter().position(|k| {
                        k.c == c
                            && k.from == 1
                            && k.pre.is_some()
                            && cfg.dominates(k.body, Block(b as u32))
                            && !k.blocks.contains(&def_block(f, n))
                    });
                    if let Some(k) = k {
                        bound_checks.push((i, k, bound));
                    }
                }
            }
            let known: Option<bool> = match &f.inst(i).kind {
                InstKind::Binary(op, a, x) => {
                    let (a, x) = (*a, *x);
                    let at_least = |v: Val, n: i64| low(v).is_some_and(|l| l >= n);
                    let bound = |v: Val| const_int(f, v).map(|n| n as i64);
                    match op {
                        BinOp::GeI => bound(x).is_some_and(|n| at_least(a, n)).then_some(true),
                        BinOp::GtI => bound(x).is_some_and(|n| at_least(a, n + 1)).then_some(true),
                        BinOp::LeI => (counter(a).is_some_and(|k| k.r0 == x && k.from <= 1)
                            || bound(a).is_some_and(|n| at_least(x, n)))
                        .then_some(true),
                        BinOp::LtI => bound(a).is_some_and(|n| at_least(x, n + 1)).then_some(true),
                        // Both in [0, i32::MAX]: so is the difference's magnitude.
                        BinOp::SubOvfI => (at_least(a, 0) && at_least(x, 0)).then_some(false),
                        _ => None,
                    }
                }
                InstKind::InBounds(x, c) => counter(*c)
                    .is_some_and(|k| {
                        k.from == 1
                            && matches!(def_kind(f, k.r0), Some(InstKind::Unary(UnOp::VecLen, y))
                            if same_vector(f, *x, *y))
                    })
                    .then_some(true),
                _ => None,
            };
            if let Some(value) = known {
                known_values.push((i, value));
            }
        }
    }
    for &(i, value) in &known_values {
        f.insts[i.0 as usize].kind = InstKind::ConstBool(value);
    }
    for &(i, k, bound) in &bound_checks {
        let (k, (pre, cp)) = (&counters[k], counters[k].pre.unwrap());
        let reason = match f.inst(i).kind {
            InstKind::Assume { reason, .. } => reason,
            _ => unreachable!(),
        };
        let b = f.inst(i).block;
        f.blocks[b.0 as usize].insts.retain(|&x| x != i);
        let mut at = f.blocks[pre.0 as usize].insts.len() - 1;
        let n = match bound {
            Bound::Value(n) => n,
            Bound::Length(x) => {
                at += 1;
                let len = insert_inst(f, pre, at - 1, InstKind::Unary(UnOp::VecLen, x), Type::Int);
                len.unwrap()
            }
        };
        let le = insert_inst(
            f,
            pre,
            at,
            InstKind::Binary(BinOp::LeI, k.r0, n),
            Type::Bool,
        );
        let assume = InstKind::Assume {
            cond: le.unwrap(),
            checkpoint: cp,
            reason,
        };
        insert_inst(f, pre, at + 1, assume, Type::Void);
    }
    !(known_values.is_empty() && bound_checks.is_empty())
}
