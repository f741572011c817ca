//! Constant folding with R semantics: integer arithmetic folds only when the
//! result is a non-NA int (otherwise the instruction stays; the builder guards
//! it with an overflow assume), overflow predicates fold to their answer, double
//! arithmetic is IEEE (R's `^`, `%%`, `%/%` folded only where R's result is
//! certain), double comparisons give NA when either side is NaN. `branch` on a
//! constant becomes `jump`; `assume` of constant true disappears (constant false
//! stays: it always exits). `test T (box x)` with `x: T` folds to true.

use super::{def_kind, replace_uses, test_of_box_is_true};
use crate::ir::*;

const NA_LGL: i32 = i32::MIN;

#[derive(Clone, Copy, Debug, PartialEq)]
enum K {
    I(i32),
    D(f64),
    L(i32),
    B(bool),
}

fn constant(f: &Func, v: Val) -> Option<K> {
    match def_kind(f, v)? {
        InstKind::ConstInt(k) => Some(K::I(*k)),
        InstKind::ConstDbl(x) => Some(K::D(*x)),
        InstKind::ConstLgl(k) => Some(K::L(*k)),
        InstKind::ConstBool(b) => Some(K::B(*b)),
        _ => None,
    }
}

impl K {
    fn into_inst(self) -> InstKind {
        match self {
            K::I(k) => InstKind::ConstInt(k),
            K::D(x) => InstKind::ConstDbl(x),
            K::L(k) => InstKind::ConstLgl(k),
            K::B(b) => InstKind::ConstBool(b),
        }
    }
}

/// A non-NA int, or nothing (R gives NA: we do not fold).
fn int_result(r: Option<i32>) -> Option<K> {
    r.filter(|&k| k != i32::MIN).map(K::I)
}

/// Floored division and modulo (R's `%/%` and `%%` on integers).
fn floor_div_mod(x: i64, y: i64) -> (i64, i64) {
    let (mut q, mut r) = (x / y, x % y);
    if r != 0 && ((r < 0) != (y < 0)) {
        q -= 1;
        r += y;
    }
    (q, r)
}

/// R's `R_pow`, the interpreter's and the runtime's (`rt_pow`): constant
/// folding must give what the unfolded code gives (`(-Inf)^0.5` is NaN,
/// not C's `pow`'s Inf).
use vm::builtins::arith::nan_first;

fn r_pow(x: f64, y: f64) -> f64 {
    vm::builtins::arith::r_pow(x, y)
}

fn cmp_d(x: f64, y: f64, op: BinOp) -> K {
    if x.is_nan() || y.is_nan() {
        return K::L(NA_LGL);
    }
    let r = match op {
        BinOp::LtD => x < y,
        BinOp::LeD => x <= y,
        BinOp::GtD => x > y,
        BinOp::GeD => x >= y,
        BinOp::EqD => x == y,
        _ => x != y,
    };
    K::L(r as i32)
}

fn fold_binary(op: BinOp, a: K, b: K) -> Option<K> {
    use BinOp::*;
    let ovf = |r: Option<i32>| K::B(r.is_none_or(|k| k == i32::MIN));
    match (a, b) {
        (K::I(x), K::I(y)) => {
            if x == i32::MIN || y == i32::MIN {
                return None; // not a valid Int (NA)
            }
            match op {
                AddI => int_result(x.checked_add(y)),
                SubI => int_result(x.checked_sub(y)),
                MulI => int_result(x.checked_mul(y)),
                ModI | IDivI if y == 0 => None,
                ModI => int_result(i32::try_from(floor_div_mod(x as i64, y as i64).1).ok()),
                IDivI => int_result(i32::try_from(floor_div_mod(x as i64, y as i64).0).ok()),
                AddOvfI => Some(ovf(x.checked_add(y))),
                SubOvfI => Some(ovf(x.checked_sub(y))),
                MulOvfI => Some(ovf(x.checked_mul(y))),
                LtI => Some(K::B(x < y)),
                LeI => Some(K::B(x <= y)),
                GtI => Some(K::B(x > y)),
                GeI => Some(K::B(x >= y)),
                EqI => Some(K::B(x == y)),
                NeI => Some(K::B(x != y)),
                BitAndI => int_result(Some(x & y)),
                BitOrI => int_result(Some(x | y)),
                BitXorI => int_result(Some(x ^ y)),
                ShlI if (0..=31).contains(&y) => int_result(Some(((x as u32) << y) as i32)),
                ShrI if (0..=31).contains(&y) => int_result(Some(((x as u32) >> y) as i32)),
                _ => None,
            }
        }
        (K::D(x), K::D(y)) => match op {
            AddD => Some(K::D(nan_first(x, y, x + y))),
            SubD => Some(K::D(nan_first(x, y, x - y))),
            MulD => Some(K::D(nan_first(x, y, x * y))),
            DivD => Some(K::D(nan_first(x, y, x / y))),
            PowD => Some(K::D(r_pow(x, y))),
            // The interpreter's functions; NA and NaN operands stay for run
            // time (constant evaluation need not keep NaN payloads).
            // (Not when R warns: the warning happens at run time.)
            ModD if !x.is_nan()
                && !y.is_nan()
                && !vm::builtins::arith::mod_loses_accuracy(x, y) =>
            {
                Some(K::D(vm::builtins::arith::dbl_mod(x, y)))
            }
            IDivD if !x.is_nan() && !y.is_nan() => Some(K::D(vm::builtins::arith::dbl_idiv(x, y))),
            LtD | LeD | GtD | GeD | EqD | NeD => Some(cmp_d(x, y, op)),
            _ => None,
        },
        (K::B(x), K::B(y)) => match op {
            AndB => Some(K::B(x && y)),
            OrB => Some(K::B(x || y)),
            _ => None,
        },
        _ => None,
    }
}

fn fold_unary(op: UnOp, a: K) -> Option<K> {
    use UnOp::*;
    match (op, a) {
        (NegI, K::I(x)) if x != i32::MIN => Some(K::I(-x)),
        (NegD, K::D(x)) => Some(K::D(-x)),
        (SqrtD, K::D(x)) if x >= 0.0 => Some(K::D(x.sqrt())),
        (AbsD, K::D(x)) => Some(K::D(x.abs())),
        (AbsI, K::I(x)) if x != i32::MIN => Some(K::I(x.abs())),
        (FloorD, K::D(x)) => Some(K::D(x.floor())),
        (CeilD, K::D(x)) => Some(K::D(x.ceil())),
        (TruncD, K::D(x)) => Some(K::D(x.trunc())),
        (RoundD, K::D(x)) => Some(K::D(x.round_ties_even())),
        // Rust's `as` saturates and maps NaN to 0, as the lowering does.
        (DblToInt, K::D(x)) => Some(K::I(x as i32)),
        (DblIsInt, K::D(x)) => Some(K::B(x == (x as i32) as f64 && x as i32 != i32::MIN)),
        (NotB, K::B(x)) => Some(K::B(!x)),
        (IntToDbl, K::I(x)) if x != i32::MIN => Some(K::D(x as f64)),
        (BoolToLgl, K::B(x)) => Some(K::L(x as i32)),
        (LglToBool, K::L(x)) if x != NA_LGL => Some(K::B(x != 0)),
        (LglIsNa, K::L(x)) => Some(K::B(x == NA_LGL)),
        (DblIsNan, K::D(x)) => Some(K::B(x.is_nan())),
        (DblToLgl, K::D(x)) => Some(K::L(if x.is_nan() {
            NA_LGL
        } else {
            (x != 0.0) as i32
        })),
        (IntToLgl, K::I(x)) if x != i32::MIN => Some(K::L((x != 0) as i32)),
        _ => None,
    }
}

pub fn run(f: &mut Func) -> bool {
    let mut changed = false;
    for b in 0..f.blocks.len() {
        let mut k = 0;
        while k < f.blocks[b].insts.len() {
            let i = f.blocks[b].insts[k];
            let kind = &f.inst(i).kind;
            // A logical made from a bool (an inlined `is.null` under `!` or
            // in a condition) is never NA, and converts back to the bool.
            let of_bool = |a: Val| match def_kind(f, a) {
                Some(InstKind::Unary(UnOp::BoolToLgl, x)) => Some(*x),
                _ => None,
            };
            if let (InstKind::Unary(UnOp::LglToBool, a), Some(r)) = (kind, f.inst(i).result) {
                if let Some(x) = of_bool(*a) {
                    f.blocks[b].insts.remove(k);
                    replace_uses(f, r, x);
                    changed = true;
                    continue;
                }
            }
            let folded: Option<InstKind> = match kind {
                InstKind::Unary(UnOp::LglIsNa, a) if of_bool(*a).is_some() => {
                    Some(InstKind::ConstBool(false))
                }
                InstKind::Unary(op, a) => constant(f, *a)
                    .and_then(|c| fold_unary(*op, c))
                    .map(K::into_inst),
                InstKind::Binary(op, a, b) => match (constant(f, *a), constant(f, *b)) {
                    (Some(x), Some(y)) => fold_binary(*op, x, y).map(K::into_inst),
                    _ => None,
                },
                InstKind::Test(t, a) if test_of_box_is_true(f, *t, *a) => {
                    Some(InstKind::ConstBool(true))
                }
                InstKind::Branch(c, t, ta, e, ea) => match constant(f, *c) {
                    Some(K::B(true)) => Some(InstKind::Jump(*t, ta.clone())),
                    Some(K::B(false)) => Some(InstKind::Jump(*e, ea.clone())),
                    _ => None,
                },
                _ => None,
            };
            let assume_true = matches!(kind, InstKind::Assume { cond, .. }
                if constant(f, *cond) == Some(K::B(true)));
            if assume_true {
                f.blocks[b].insts.remove(k);
                changed = true;
                continue;
            }
            if let Some(new) = folded {
                f.insts[i.0 as usize].kind = new;
                changed = true;
            }
            k += 1;
        }
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r_pow_special_cases() {
        assert_eq!(r_pow(f64::NAN, 0.0), 1.0);
        assert_eq!(r_pow(1.0, f64::NAN), 1.0);
        let na = f64::from_bits(0x7ff00000000007a2);
        assert_eq!(r_pow(na, 2.0).to_bits() & 0xffff_ffff, 1954);
        // R's R_pow, not C's pow (found by the generated-program tests).
        assert!(r_pow(f64::NEG_INFINITY, 0.5).is_nan());
        assert!(r_pow(-0.5, f64::NEG_INFINITY).is_nan());
        assert!(r_pow(-2.0, f64::INFINITY).is_nan());
    }
}
