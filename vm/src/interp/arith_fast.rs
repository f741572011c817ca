//! The allocation-free scalar arithmetic and comparison fast paths of the
//! interpreter loop (`Num`, `arith_values`, `arith_in_place`, `accumulate`).

use crate::builtins::arith;
use crate::bytecode::*;
use crate::feedback::TypeFeedback;
use crate::value::*;

/// Scalar arithmetic without allocation or warnings; `None` sends the operation
/// to the general (vectorized, warning-raising) implementation.
#[inline(always)]
pub(super) fn fast_arith(op: ArithOp, a: &Value, b: &Value) -> Option<Value> {
    arith_values(op, a, b).map(Num::value)
}

#[inline(always)]
pub(super) fn fast_compare(op: CmpOp, a: &Value, b: &Value) -> Option<Value> {
    compare_scalars(op, a, b)
        .or_else(|| equal_strings(op, a, b))
        .map(|r| Value::Lgl(r as i32))
}

/// `a == b` or `a != b` of attribute-free non-NA string scalars (`p$kind ==
/// "smoke"`); other orders follow the collation, left to the general path.
fn equal_strings(op: CmpOp, a: &Value, b: &Value) -> Option<bool> {
    fn text(v: &Value) -> Option<&str> {
        match v {
            Value::Vec(v) if v.attrs.is_none() => match &v.data {
                VecData::Str(s) if s.len() == 1 => s[0].as_deref(),
                _ => None,
            },
            _ => None,
        }
    }
    let (x, y) = (text(a)?, text(b)?);
    match op {
        CmpOp::Eq => Some(x == y),
        CmpOp::Ne => Some(x != y),
        _ => None,
    }
}

/// `a op b` for non-NA unboxed int/double scalars (`None`: the general path).
#[inline(always)]
pub(super) fn compare_scalars(op: CmpOp, a: &Value, b: &Value) -> Option<bool> {
    use CmpOp::*;
    let (x, y) = match (a, b) {
        (Value::Int(x), Value::Int(y)) if *x != NA_INTEGER && *y != NA_INTEGER => {
            (*x as f64, *y as f64)
        }
        (Value::Dbl(x), Value::Dbl(y)) if !x.is_nan() && !y.is_nan() => (*x, *y),
        (Value::Dbl(x), Value::Int(y)) if !x.is_nan() && *y != NA_INTEGER => (*x, *y as f64),
        (Value::Int(x), Value::Dbl(y)) if *x != NA_INTEGER && !y.is_nan() => (*x as f64, *y),
        _ => return None,
    };
    Some(match op {
        Eq => x == y,
        Ne => x != y,
        Lt => x < y,
        Le => x <= y,
        Gt => x > y,
        Ge => x >= y,
    })
}

/// A numeric scalar operand or result of the arithmetic fast paths, kept out
/// of a `Value` so that it stays in registers: LLVM builds a non-constant
/// `Value` in a stack temporary and copies it with one 16-byte load, which
/// cannot be forwarded from the two smaller stores that built it.
#[derive(Clone, Copy)]
pub(super) enum Num {
    Int(i32),
    Dbl(f64),
}

impl Num {
    /// An unboxed integer or double scalar.
    #[inline(always)]
    pub(super) fn of(v: &Value) -> Option<Num> {
        match v {
            Value::Int(x) => Some(Num::Int(*x)),
            Value::Dbl(x) => Some(Num::Dbl(*x)),
            _ => None,
        }
    }
    /// The feedback bits of the value (as `TypeFeedback::of` computes them).
    #[inline(always)]
    pub(super) fn bits(self) -> u16 {
        match self {
            Num::Int(x) => TypeFeedback::INT | if x == NA_INTEGER { TypeFeedback::NA } else { 0 },
            Num::Dbl(x) => TypeFeedback::DBL | if x.is_nan() { TypeFeedback::NA } else { 0 },
        }
    }
    fn value(self) -> Value {
        match self {
            Num::Int(x) => Value::Int(x),
            Num::Dbl(x) => Value::Dbl(x),
        }
    }
}

/// Scalar `a op b` as R computes it, for the cases the fast paths handle:
/// `None` for an NA integer operand, integer overflow or an NA integer result,
/// and operations other than `+ - * /` (and `%%` of integers).
#[inline(always)]
fn arith_num(op: ArithOp, a: Num, b: Num) -> Option<Num> {
    Some(match (a, b) {
        (Num::Dbl(x), Num::Dbl(y)) => Num::Dbl(dbl_prim(op, x, y)?),
        (Num::Dbl(x), Num::Int(y)) if y != NA_INTEGER => Num::Dbl(dbl_prim(op, x, y as f64)?),
        (Num::Int(x), Num::Int(y)) if x != NA_INTEGER && y != NA_INTEGER => {
            Num::Int(int_prim(op, x, y)?)
        }
        (Num::Int(x), Num::Dbl(y)) if x != NA_INTEGER => Num::Dbl(dbl_prim(op, x as f64, y)?),
        _ => return None,
    })
}

/// Scalar arithmetic `a <- a op b` written into `a` in place (register-sized
/// stores only). Returns the feedback bits of the operand `a` and of the
/// result, or `None` (with `a` unchanged) for the general path.
#[inline(always)]
pub(super) fn arith_in_place(op: ArithOp, a: &mut Value, b: Num) -> Option<(u16, u16)> {
    // One arm per operand type, so that `arith_num` is specialized to it.
    let (x, r) = match *a {
        Value::Dbl(x) => (Num::Dbl(x), arith_num(op, Num::Dbl(x), b)?),
        Value::Int(x) => (Num::Int(x), arith_num(op, Num::Int(x), b)?),
        _ => return None,
    };
    store_num(a, r);
    Some((x.bits(), r.bits()))
}

/// `a op b` for unboxed int/double scalars (`arith_num`, specialized to each
/// pair of operand types).
#[inline(always)]
pub(super) fn arith_values(op: ArithOp, a: &Value, b: &Value) -> Option<Num> {
    match (a, b) {
        (Value::Dbl(x), Value::Dbl(y)) => arith_num(op, Num::Dbl(*x), Num::Dbl(*y)),
        (Value::Dbl(x), Value::Int(y)) => arith_num(op, Num::Dbl(*x), Num::Int(*y)),
        (Value::Int(x), Value::Int(y)) => arith_num(op, Num::Int(*x), Num::Int(*y)),
        (Value::Int(x), Value::Dbl(y)) => arith_num(op, Num::Int(*x), Num::Dbl(*y)),
        _ => None,
    }
}

/// A following `ArithLocal` (`s <- s op r`) that takes the result `r` of a
/// fused instruction as its operand, done in place when its fast path
/// applies, with its feedback recorded exactly as `ArithLocal` records it:
/// saves a push, a pop and a dispatch. False (nothing done) otherwise.
#[inline(always)]
pub(super) fn accumulate(
    next: Op,
    slots: &mut [Option<Value>],
    r: Num,
    type_fb: &[std::cell::Cell<TypeFeedback>],
) -> bool {
    let Op::ArithLocal(o, s, _, fb) = next else {
        return false;
    };
    let Some(acc) = &mut slots[s as usize] else {
        return false;
    };
    let Some((acc_bits, r_bits)) = arith_in_place(o, acc, r) else {
        return false;
    };
    TypeFeedback::record_bits(&type_fb[fb as usize + 1], acc_bits);
    TypeFeedback::record_bits(&type_fb[fb as usize], r_bits);
    true
}

/// `*a = r.value()` with register-sized stores only (just the payload when
/// the type does not change).
#[inline(always)]
pub(super) fn store_num(a: &mut Value, r: Num) {
    match (a, r) {
        (Value::Dbl(d), Num::Dbl(r)) => *d = r,
        (Value::Int(d), Num::Int(r)) => *d = r,
        (a, r) => *a = r.value(),
    }
}

/// Integer scalar arithmetic on non-NA operands; `None` on overflow, an NA
/// result or an operation that is not integer-valued.
#[inline(always)]
fn int_prim(op: ArithOp, x: i32, y: i32) -> Option<i32> {
    use ArithOp::*;
    let r = match op {
        Add => x.checked_add(y)?,
        Sub => x.checked_sub(y)?,
        Mul => x.checked_mul(y)?,
        Mod if y != 0 => {
            // R's %% takes the sign of the divisor.
            let r = x.checked_rem(y)?;
            if r != 0 && ((r < 0) != (y < 0)) {
                r + y
            } else {
                r
            }
        }
        _ => return None,
    };
    (r != NA_INTEGER).then_some(r)
}

#[inline(always)]
fn dbl_prim(op: ArithOp, x: f64, y: f64) -> Option<f64> {
    use ArithOp::*;
    let nf = arith::nan_first;
    Some(match op {
        Add => nf(x, y, x + y),
        Sub => nf(x, y, x - y),
        Mul => nf(x, y, x * y),
        Div => nf(x, y, x / y),
        _ => return None,
    })
}
