//! R's vectorized operators: arithmetic (`+ - * / ^ %% %/%`), comparison
//! (`== != < <= > >=`), elementwise logic (`& | ! xor`), unary minus/plus, and
//! `isTRUE`/`isFALSE`.
//!
//! The interpreter calls `arith`, `compare`, `logic`, `not`, `negate` and `unary_plus`
//! directly; each has an allocation-free fast path for two unboxed scalars. The
//! general path follows GNU R's `R_binary`/`relop`/`lbinary`: recycling with the
//! "longer object length" warning, `dim` conformance, and attribute propagation.
//!
//! Also holds small helpers (`arg_vector`, `recycle_map`, ...) shared with `math.rs`
//! and `inspect.rs`.

use super::BuiltinDef;
use crate::args::Args;
use crate::bytecode::{ArithOp, CmpOp};
use crate::coerce::coerce_data;
use crate::error::{RError, RResult};
use crate::interp::Interp;
use crate::value::*;
use std::borrow::Cow;
use std::cmp::Ordering;

pub const OVERFLOW_WARNING: &str = "NAs produced by integer overflow";
pub const RECYCLE_WARNING: &str = "longer object length is not a multiple of shorter object length";

// ---------------------------------------------------------------------------
// Scalar kernels (shared by the fast path and the vector loops)
// ---------------------------------------------------------------------------

/// Integer `+ - *` with R's overflow rule; `None` means overflow (→ NA + warning).
#[inline]
fn int_arith(op: ArithOp, x: i32, y: i32) -> Option<i32> {
    if x == NA_INTEGER || y == NA_INTEGER {
        return Some(NA_INTEGER);
    }
    let r = match op {
        ArithOp::Add => x as i64 + y as i64,
        ArithOp::Sub => x as i64 - y as i64,
        ArithOp::Mul => x as i64 * y as i64,
        ArithOp::Mod => {
            if y == 0 {
                return Some(NA_INTEGER);
            }
            if x >= 0 && y > 0 {
                return Some(x % y);
            }
            return Some(dbl_mod(x as f64, y as f64) as i32);
        }
        ArithOp::IDiv => {
            if y == 0 {
                return Some(NA_INTEGER);
            }
            return Some((x as f64 / y as f64).floor() as i32);
        }
        // Div and Pow give doubles; callers never route them here.
        ArithOp::Div | ArithOp::Pow => return Some(NA_INTEGER),
    };
    if r > i32::MAX as i64 || r <= i32::MIN as i64 {
        None
    } else {
        Some(r as i32)
    }
}

#[inline]
fn int_to_f64(x: i32) -> f64 {
    if x == NA_INTEGER {
        na_real()
    } else {
        x as f64
    }
}

/// R's `R_pow`.
pub fn r_pow(x: f64, y: f64) -> f64 {
    if x == 1.0 || y == 0.0 {
        return 1.0;
    }
    if x == 0.0 {
        return if y > 0.0 {
            0.0
        } else if y < 0.0 {
            f64::INFINITY
        } else {
            y
        };
    }
    if x.is_finite() && y.is_finite() {
        if y == 2.0 {
            return x * x;
        }
        return x.powf(y);
    }
    if x.is_nan() || y.is_nan() {
        // R's `x + y` here, as GNU R's build computes it: with two NaN
        // operands the result is y's (`NaN^NA` is NA, `NA^NaN` is NaN).
        return if y.is_nan() { y } else { x };
    }
    if !x.is_finite() {
        if x > 0.0 {
            return if y < 0.0 { 0.0 } else { f64::INFINITY };
        }
        if y.is_finite() && y == y.floor() {
            return if y < 0.0 {
                0.0
            } else if dbl_mod(y, 2.0) != 0.0 {
                x
            } else {
                -x
            };
        }
    }
    if !y.is_finite() && x >= 0.0 {
        return if y > 0.0 {
            if x >= 1.0 {
                f64::INFINITY
            } else {
                0.0
            }
        } else if x < 1.0 {
            f64::INFINITY
        } else {
            0.0
        };
    }
    f64::NAN
}

/// GNU R's warning when a double `%%` cannot be exact (`mod_loses_accuracy`).
pub const MOD_ACCURACY_WARNING: &str = "probable complete loss of accuracy in modulus";

/// The quotient beyond which R's `myfmod` warns: `1 / LDBL_EPSILON`, 2^63
/// (R computes the remainder in x87 long double). Measured on GNU R 4.2:
/// `2^63 %% 1` is silent, `2^64 %% 1` and `1e19 %% 1` warn, `1e19 %% 3` not.
const MOD_EXACT_QUOTIENT: f64 = 9_223_372_036_854_775_808.0;

/// Whether R's `myfmod(x1, x2)` warns `MOD_ACCURACY_WARNING`: the quotient
/// is finite and beyond `MOD_EXACT_QUOTIENT`. (R's early answer for a huge
/// divisor needs `|x1| <= |x2|`, a quotient of at most 1: never this case.)
pub fn mod_loses_accuracy(x1: f64, x2: f64) -> bool {
    let q = x1 / x2;
    q.is_finite() && q.abs() > MOD_EXACT_QUOTIENT
}

/// R's `myfmod` (`%%` on doubles; its warning is `mod_loses_accuracy`'s).
pub fn dbl_mod(x1: f64, x2: f64) -> f64 {
    if x1.is_nan() || x2.is_nan() {
        // GNU R gives NA when either operand is NA (`NaN %% NA` is NA).
        return if is_na_real(x2) && !is_na_real(x1) {
            x2
        } else {
            nan_first(x1, x2, x1 + x2)
        };
    }
    if x2 == 0.0 {
        return f64::NAN;
    }
    if x2.abs() * f64::EPSILON > 1.0 && x1.is_finite() && x1.abs() <= x2.abs() {
        return if x1.abs() == x2.abs() {
            0.0
        } else if (x1 < 0.0 && x2 > 0.0) || (x2 < 0.0 && x1 > 0.0) {
            x1 + x2
        } else {
            x1
        };
    }
    let q = x1 / x2;
    // R computes the remainder in long double.
    if let Some((r, _)) = super::extended_sum::long_mod_parts(x1, x2, q) {
        return r;
    }
    let tmp = x1 - q.floor() * x2;
    tmp - (tmp / x2).floor() * x2
}

/// R's `myfloor` (`%/%` on doubles).
pub fn dbl_idiv(x1: f64, x2: f64) -> f64 {
    let q = x1 / x2;
    if x2 == 0.0 || q.abs() * f64::EPSILON > 1.0 || !q.is_finite() {
        return q;
    }
    if q.abs() < 1.0 {
        return if q < 0.0 || (x1 < 0.0 && x2 > 0.0) || (x1 > 0.0 && x2 < 0.0) {
            -1.0
        } else {
            0.0
        };
    }
    // R computes the remainder in long double (`1 %/% 0.1` is 9).
    if let Some((_, k)) = super::extended_sum::long_mod_parts(x1, x2, q) {
        return q.floor() + k;
    }
    let tmp = x1 - q.floor() * x2;
    q.floor() + (tmp / x2).floor()
}

/// The result `r` of `x op y` with a NaN operand's payload as x86 gives it
/// to GNU R's C code: the first NaN operand's (`NA + NaN` is NA, `NaN + NA`
/// is NaN). Rust's compiler may swap the operands of a commutative `+` or
/// `*`, which changes which payload survives; this pins it.
#[inline(always)]
pub fn nan_first(x: f64, y: f64, r: f64) -> f64 {
    if r.is_nan() {
        if x.is_nan() {
            return x;
        }
        if y.is_nan() {
            return y;
        }
    }
    r
}

#[inline]
fn dbl_arith(op: ArithOp, x: f64, y: f64) -> f64 {
    match op {
        ArithOp::Add => nan_first(x, y, x + y),
        ArithOp::Sub => nan_first(x, y, x - y),
        ArithOp::Mul => nan_first(x, y, x * y),
        ArithOp::Div => nan_first(x, y, x / y),
        ArithOp::Pow => r_pow(x, y),
        ArithOp::Mod => dbl_mod(x, y),
        ArithOp::IDiv => dbl_idiv(x, y),
    }
}

/// `int ^ int` and `int / int` (double results) with R's NA rules.
#[inline]
fn int_dbl_arith(op: ArithOp, x: i32, y: i32) -> f64 {
    if op == ArithOp::Pow && (x == 1 || y == 0) {
        return 1.0;
    }
    if x == NA_INTEGER || y == NA_INTEGER {
        return na_real();
    }
    dbl_arith(op, x as f64, y as f64)
}

fn cplx_pow(x: C64, y: C64) -> C64 {
    if y.re == 0.0 && y.im == 0.0 {
        return C64::new(1.0, 0.0);
    }
    if x.re == 0.0 && x.im == 0.0 {
        if y.im == 0.0 && y.re > 0.0 {
            return C64::new(0.0, 0.0);
        }
        return C64::new(f64::INFINITY, f64::NAN);
    }
    if y.im == 0.0 && y.re == y.re.trunc() && y.re.abs() <= 65536.0 {
        // Integral powers by repeated squaring, as R's R_cpow_n does.
        let mut k = y.re.abs() as u32;
        let mut base = x;
        let mut acc = C64::new(1.0, 0.0);
        while k > 0 {
            if k & 1 == 1 {
                acc *= base;
            }
            base *= base;
            k >>= 1;
        }
        return if y.re < 0.0 {
            C64::new(1.0, 0.0) / acc
        } else {
            acc
        };
    }
    // Otherwise R calls the C library's `cpow`: its special cases (C99
    // Annex G) are R's, e.g. NaN+NaNi for an NA operand (the payload is
    // not kept) and Inf+NaNi for `cexp(Inf + NaN i)`.
    // SAFETY: a pure function of four doubles.
    let r = unsafe {
        cpow(
            CDouble { re: x.re, im: x.im },
            CDouble { re: y.re, im: y.im },
        )
    };
    C64::new(r.re, r.im)
}

/// A C `double _Complex` as the x86-64 System V ABI passes and returns it
/// (like a struct of two doubles: in two SSE registers).
#[repr(C)]
#[derive(Clone, Copy)]
struct CDouble {
    re: f64,
    im: f64,
}

extern "C" {
    /// The C compiler's runtime for `double _Complex` `*` and `/` (C99
    /// Annex G: NaN results recovered as infinities or zeros), what GNU R's
    /// complex arithmetic compiles to.
    fn __muldc3(a: f64, b: f64, c: f64, d: f64) -> CDouble;
    /// The C library's `cpow` (libm): a `double _Complex` is passed as
    /// `CDouble` is, in two SSE registers.
    fn cpow(x: CDouble, y: CDouble) -> CDouble;
    fn __divdc3(a: f64, b: f64, c: f64, d: f64) -> CDouble;
}

/// R's complex `x * y` (C99 `double complex` multiplication).
#[inline]
pub fn cplx_mul(x: C64, y: C64) -> C64 {
    // SAFETY: pure functions of four doubles.
    let r = unsafe { __muldc3(x.re, x.im, y.re, y.im) };
    C64::new(r.re, r.im)
}

/// R's complex `x / y` (C99 `double complex` division).
#[inline]
pub fn cplx_div(x: C64, y: C64) -> C64 {
    // SAFETY: pure functions of four doubles.
    let r = unsafe { __divdc3(x.re, x.im, y.re, y.im) };
    C64::new(r.re, r.im)
}

fn cplx_arith(op: ArithOp, x: C64, y: C64) -> RResult<C64> {
    Ok(match op {
        // GNU R's build adds complex numbers with the operands' order
        // swapped (C99 `double complex` `+`): of two NaN parts the result
        // is y's (`NaN+NaNi + NA` is NA, `NA + NaN+NaNi` is NaN+NaNi),
        // where `-` keeps x's as real arithmetic does. Compiled code adds
        // in the same order (`lower::arith`).
        ArithOp::Add => C64::new(
            nan_first(y.re, x.re, x.re + y.re),
            nan_first(y.im, x.im, x.im + y.im),
        ),
        ArithOp::Sub => C64::new(
            nan_first(x.re, y.re, x.re - y.re),
            nan_first(x.im, y.im, x.im - y.im),
        ),
        ArithOp::Mul => cplx_mul(x, y),
        ArithOp::Div => cplx_div(x, y),
        ArithOp::Pow => cplx_pow(x, y),
        ArithOp::Mod | ArithOp::IDiv => {
            return Err(RError::in_context("unimplemented complex operation"))
        }
    })
}

// ---------------------------------------------------------------------------
// Shared helpers
// ---------------------------------------------------------------------------

/// Integer view of logical/integer data (no copy).
pub(crate) fn int_slice(d: &VecData) -> Option<&[i32]> {
    match d {
        VecData::Lgl(v) | VecData::Int(v) => Some(v),
        _ => None,
    }
}

/// Data as doubles (borrowed when already double).
pub(crate) fn dbl_data(d: &VecData) -> Cow<'_, [f64]> {
    match d {
        VecData::Dbl(v) => Cow::Borrowed(v),
        other => match coerce_data(other, VType::Dbl) {
            VecData::Dbl(v) => Cow::Owned(v),
            _ => Cow::Owned(Vec::new()),
        },
    }
}

/// Data as complex numbers (borrowed when already complex).
pub(crate) fn cplx_data(d: &VecData) -> Cow<'_, [C64]> {
    match d {
        VecData::Cplx(v) => Cow::Borrowed(v),
        other => match coerce_data(other, VType::Cplx) {
            VecData::Cplx(v) => Cow::Owned(v),
            _ => Cow::Owned(Vec::new()),
        },
    }
}

/// Data as strings (borrowed when already character).
pub(crate) fn str_data(d: &VecData) -> Cow<'_, [RStr]> {
    match d {
        VecData::Str(v) => Cow::Borrowed(v),
        other => match coerce_data(other, VType::Str) {
            VecData::Str(v) => Cow::Owned(v),
            _ => Cow::Owned(Vec::new()),
        },
    }
}

/// Apply `f` elementwise with recycling to length `n`.
#[inline]
pub(crate) fn recycle_map<A: Copy, B: Copy, R>(
    x: &[A],
    y: &[B],
    n: usize,
    mut f: impl FnMut(A, B) -> R,
) -> Vec<R> {
    let (nx, ny) = (x.len(), y.len());
    if n == 0 || nx == 0 || ny == 0 {
        return Vec::new();
    }
    if nx == n && ny == n {
        x.iter().zip(y).map(|(&a, &b)| f(a, b)).collect()
    } else if ny == 1 && nx == n {
        let b = y[0];
        x.iter().map(|&a| f(a, b)).collect()
    } else if nx == 1 && ny == n {
        let a = x[0];
        y.iter().map(|&b| f(a, b)).collect()
    } else {
        // Positions that wrap around instead of a division per element.
        let mut out = Vec::with_capacity(n);
        let (mut i, mut j) = (0, 0);
        for _ in 0..n {
            out.push(f(x[i], y[j]));
            i += 1;
            if i == nx {
                i = 0;
            }
            j += 1;
            if j == ny {
                j = 0;
            }
        }
        out
    }
}

/// `x op y` elementwise on doubles, with the operator chosen once, outside
/// the loop. `x ^ 2` is `x * x` for every x (R_pow's result for exponent 2,
/// NaN payloads included).
fn dbl_vec_arith(op: ArithOp, xs: &[f64], ys: &[f64], n: usize) -> Vec<f64> {
    // The plain operation first (a loop the compiler vectorizes): without a
    // NaN in the result no operand was NaN and `nan_first` changes nothing;
    // otherwise the result is computed again with R's NaN payload rules.
    let plain = match op {
        ArithOp::Add => Some(recycle_map(xs, ys, n, |p, q| p + q)),
        ArithOp::Sub => Some(recycle_map(xs, ys, n, |p, q| p - q)),
        ArithOp::Mul => Some(recycle_map(xs, ys, n, |p, q| p * q)),
        ArithOp::Div => Some(recycle_map(xs, ys, n, |p, q| p / q)),
        ArithOp::Pow if ys == [2.0] => Some(recycle_map(xs, ys, n, |p, _| p * p)),
        _ => None,
    };
    if let Some(out) = plain {
        if !out.iter().fold(false, |acc, r| acc | r.is_nan()) {
            return out;
        }
    }
    match op {
        ArithOp::Add => recycle_map(xs, ys, n, |p, q| nan_first(p, q, p + q)),
        ArithOp::Sub => recycle_map(xs, ys, n, |p, q| nan_first(p, q, p - q)),
        ArithOp::Mul => recycle_map(xs, ys, n, |p, q| nan_first(p, q, p * q)),
        ArithOp::Div => recycle_map(xs, ys, n, |p, q| nan_first(p, q, p / q)),
        ArithOp::Pow if ys == [2.0] => {
            recycle_map(xs, ys, n, |p, _| if p.is_nan() { p } else { p * p })
        }
        ArithOp::Pow => recycle_map(xs, ys, n, r_pow),
        ArithOp::Mod => recycle_map(xs, ys, n, dbl_mod),
        ArithOp::IDiv => recycle_map(xs, ys, n, dbl_idiv),
    }
}

/// Integer `+` and `-` without a branch per element: `None` when an operand
/// is NA or a result overflows (the caller's exact path then warns and gives NA).
fn int_add_sub(op: ArithOp, xs: &[i32], ys: &[i32], n: usize) -> Option<Vec<i32>> {
    let sub = match op {
        ArithOp::Add => false,
        ArithOp::Sub => true,
        _ => return None,
    };
    if xs.len() == n && ys.len() == n {
        // Same lengths: a flat loop with the checks or-ed together (vectorized).
        let mut out = vec![0i32; n];
        let mut bad = 0i32;
        for ((o, &p), &q) in out.iter_mut().zip(xs).zip(ys) {
            let r = if sub {
                p.wrapping_sub(q)
            } else {
                p.wrapping_add(q)
            };
            let overflow = if sub {
                (p ^ q) & (p ^ r)
            } else {
                (p ^ r) & (q ^ r)
            };
            bad |= (overflow < 0) as i32
                | (p == NA_INTEGER) as i32
                | (q == NA_INTEGER) as i32
                | (r == NA_INTEGER) as i32;
            *o = r;
        }
        return (bad == 0).then_some(out);
    }
    let mut bad = false;
    let out = recycle_map(xs, ys, n, |p, q| {
        let r = if sub {
            p as i64 - q as i64
        } else {
            p as i64 + q as i64
        };
        bad |=
            (p == NA_INTEGER) | (q == NA_INTEGER) | (r > i32::MAX as i64) | (r <= i32::MIN as i64);
        r as i32
    });
    (!bad).then_some(out)
}

/// Like `recycle_map` for non-`Copy` elements (strings).
fn recycle_map_ref<A, B, R>(x: &[A], y: &[B], n: usize, mut f: impl FnMut(&A, &B) -> R) -> Vec<R> {
    let (nx, ny) = (x.len(), y.len());
    if nx == 0 || ny == 0 {
        return Vec::new();
    }
    (0..n).map(|i| f(&x[i % nx], &y[i % ny])).collect()
}

fn attr_len(v: Option<&Value>) -> usize {
    v.map_or(0, |v| v.len())
}

fn dims_of(v: &Vector) -> Option<&Value> {
    v.attr("dim")
}

/// The shape of a binary operation's result: its length and the attributes it gets.
struct Shape {
    n: usize,
    attrs: Attrs,
}

/// R's `R_binary` / `relop` attribute logic. `copy_most`: arithmetic also copies the
/// other attributes (class, ...) from the operands whose length equals the result's.
fn binary_shape(interp: &mut Interp, x: &Vector, y: &Vector, copy_most: bool) -> RResult<Shape> {
    let (nx, ny) = (x.len(), y.len());
    let mut xdim = dims_of(x);
    let mut ydim = dims_of(y);
    // A length-1 array combined with a longer vector loses its dims.
    if xdim.is_some() != ydim.is_some() {
        if xdim.is_some() && nx == 1 && ny != 1 {
            xdim = None;
        }
        if ydim.is_some() && ny == 1 && nx != 1 {
            ydim = None;
        }
    }
    let n = if nx == 0 || ny == 0 { 0 } else { nx.max(ny) };
    let (dims, dimnames_from) = match (xdim, ydim) {
        (Some(a), Some(b)) => {
            if a != b {
                return Err(RError::new("non-conformable arrays"));
            }
            (Some(a), Some(x))
        }
        (Some(a), None) if ny != 0 || nx == 0 => (Some(a), Some(x)),
        (None, Some(b)) if nx != 0 || ny == 0 => (Some(b), Some(y)),
        _ => (None, None),
    };
    if nx > 0 && ny > 0 && nx != ny && nx.max(ny) % nx.min(ny) != 0 {
        interp.warning(RECYCLE_WARNING)?;
    }
    let mut attrs: Attrs = Vec::new();
    if x.attrs.is_none() && y.attrs.is_none() {
        return Ok(Shape { n, attrs });
    }
    if copy_most {
        // y's first, then x's so that x's attributes win (as GNU R does).
        for (src, len) in [(y, ny), (x, nx)] {
            if len == n {
                for (k, v) in src.attrs.iter().flat_map(|a| a.iter()) {
                    if matches!(&**k, "names" | "dim" | "dimnames") {
                        continue;
                    }
                    if let Some(slot) = attrs.iter_mut().find(|(n, _)| n == k) {
                        slot.1 = v.clone();
                    } else {
                        attrs.push((k.clone(), v.clone()));
                    }
                }
            }
        }
    }
    if let Some(d) = dims {
        let prod: f64 = d
            .as_vector()
            .map_or(0.0, |dv| dbl_data(&dv.data).iter().product());
        if prod as usize != n {
            return Err(RError::new(format!(
                "dims [product {}] do not match the length of object [{}]",
                prod as usize, n
            )));
        }
        attrs.push(("dim".into(), d.clone()));
        let dn = dimnames_from
            .and_then(|v| v.attr("dimnames"))
            .or_else(|| y.attr("dimnames").or(x.attr("dimnames")));
        if let Some(dn) = dn {
            attrs.push(("dimnames".into(), dn.clone()));
        }
    } else {
        let xn = x.attr("names");
        let yn = y.attr("names");
        if xn.is_some() && attr_len(xn) == n {
            attrs.push(("names".into(), xn.cloned().unwrap_or(Value::Null)));
        } else if yn.is_some() && attr_len(yn) == n {
            attrs.push(("names".into(), yn.cloned().unwrap_or(Value::Null)));
        }
    }
    Ok(Shape { n, attrs })
}

fn finish(data: VecData, attrs: Attrs) -> Value {
    let mut v = Vector::new(data);
    if !attrs.is_empty() {
        v.attrs = Some(Box::new(attrs));
    }
    Value::from_vector(v)
}

/// The operand as a vector; NULL becomes a zero-length vector of type `null_as`.
fn operand(v: &Value, null_as: VType) -> Option<Cow<'_, Vector>> {
    match v {
        Value::Null => Some(Cow::Owned(Vector::new(VecData::empty(null_as)))),
        other => other.as_vector(),
    }
}

// ---------------------------------------------------------------------------
// S3 dispatch of the Ops group
// ---------------------------------------------------------------------------

/// The user's S3 method of operator `generic` (`+.cls`, `Ops.cls`) run on
/// operands `a` and `b` (`None`: unary), when one has a class attribute
/// and a method applies (`Interp::dispatch_ops`); `None`: the internal
/// operator runs. Cheap when no such method was ever named
/// (`symbols::ops_methods_possible`).
#[inline]
fn ops_method(
    interp: &mut Interp,
    generic: &'static str,
    a: &Value,
    b: Option<&Value>,
) -> Option<RResult<Value>> {
    if !crate::symbols::ops_methods_possible() {
        return None;
    }
    if !a.has_class() && !b.is_some_and(Value::has_class) {
        return None;
    }
    interp.dispatch_ops(generic, a, b)
}

// ---------------------------------------------------------------------------
// Arithmetic
// ---------------------------------------------------------------------------

/// `$body` with `$o` a constant equal to `op` (see `with_cmp_op`).
macro_rules! with_arith_op {
    ($op:expr, $o:ident => $body:expr) => {
        match $op {
            ArithOp::Add => {
                const $o: ArithOp = ArithOp::Add;
                $body
            }
            ArithOp::Sub => {
                const $o: ArithOp = ArithOp::Sub;
                $body
            }
            ArithOp::Mul => {
                const $o: ArithOp = ArithOp::Mul;
                $body
            }
            ArithOp::Div => {
                const $o: ArithOp = ArithOp::Div;
                $body
            }
            ArithOp::Pow => {
                const $o: ArithOp = ArithOp::Pow;
                $body
            }
            ArithOp::Mod => {
                const $o: ArithOp = ArithOp::Mod;
                $body
            }
            ArithOp::IDiv => {
                const $o: ArithOp = ArithOp::IDiv;
                $body
            }
        }
    };
}

/// Binary arithmetic (`+ - * / ^ %% %/%`) with R's type rules, recycling and attributes.
pub fn arith(interp: &mut Interp, op: ArithOp, a: &Value, b: &Value) -> RResult<Value> {
    // Fast path: two unboxed scalars; allocates nothing.
    match (a, b) {
        (Value::Dbl(x), Value::Dbl(y)) => return dbl_scalar_arith(interp, op, *x, *y),
        (Value::Dbl(x), Value::Int(y) | Value::Lgl(y)) => {
            return dbl_scalar_arith(interp, op, *x, int_to_f64(*y))
        }
        (Value::Int(x) | Value::Lgl(x), Value::Dbl(y)) => {
            return dbl_scalar_arith(interp, op, int_to_f64(*x), *y)
        }
        (Value::Int(x) | Value::Lgl(x), Value::Int(y) | Value::Lgl(y)) => {
            if matches!(op, ArithOp::Div | ArithOp::Pow) {
                return Ok(Value::Dbl(int_dbl_arith(op, *x, *y)));
            }
            return match int_arith(op, *x, *y) {
                Some(r) => Ok(Value::Int(r)),
                None => {
                    interp.warning(OVERFLOW_WARNING)?;
                    Ok(Value::Int(NA_INTEGER))
                }
            };
        }
        _ => {}
    }
    if let Some(r) = ops_method(interp, op.symbol(), a, Some(b)) {
        return r;
    }
    if super::factor::is_factor(a) || super::factor::is_factor(b) {
        return super::factor::arith(interp, op, a, b);
    }
    if super::time::is_time(a) || super::time::is_time(b) {
        if let Some(r) = super::time::arith(op, a, b) {
            return r;
        }
    }
    let (Some(x), Some(y)) = (operand(a, VType::Int), operand(b, VType::Int)) else {
        return Err(RError::new("non-numeric argument to binary operator"));
    };
    let (tx, ty) = (x.vtype(), y.vtype());
    if tx >= VType::Str || ty >= VType::Str || tx == VType::Raw || ty == VType::Raw {
        return Err(RError::new("non-numeric argument to binary operator"));
    }
    let shape = binary_shape(interp, &x, &y, true)?;
    let n = shape.n;
    let t = tx.max(ty);
    let data = if t == VType::Cplx {
        let (xs, ys) = (cplx_data(&x.data), cplx_data(&y.data));
        if matches!(op, ArithOp::Mod | ArithOp::IDiv) {
            return Err(RError::in_context("unimplemented complex operation"));
        }
        let mut err = None;
        let out = recycle_map(&xs, &ys, n, |p, q| match cplx_arith(op, p, q) {
            Ok(z) => z,
            Err(e) => {
                err = Some(e);
                na_complex()
            }
        });
        if let Some(e) = err {
            return Err(e);
        }
        VecData::Cplx(out)
    } else if t == VType::Dbl {
        let (xs, ys) = (dbl_data(&x.data), dbl_data(&y.data));
        if op == ArithOp::Mod && !xs.is_empty() && !ys.is_empty() {
            // (R warns once per element, in order.)
            for i in 0..n {
                if mod_loses_accuracy(xs[i % xs.len()], ys[i % ys.len()]) {
                    interp.warning_in_context(MOD_ACCURACY_WARNING)?;
                }
            }
        }
        VecData::Dbl(dbl_vec_arith(op, &xs, &ys, n))
    } else {
        let (xs, ys) = (
            int_slice(&x.data).unwrap_or(&[]),
            int_slice(&y.data).unwrap_or(&[]),
        );
        if matches!(op, ArithOp::Div | ArithOp::Pow) {
            VecData::Dbl(recycle_map(xs, ys, n, |p, q| int_dbl_arith(op, p, q)))
        } else if let Some(out) = int_add_sub(op, xs, ys, n) {
            VecData::Int(out)
        } else {
            let mut overflow = false;
            let out = with_arith_op!(op, O => recycle_map(xs, ys, n, |p, q| {
                int_arith(O, p, q).unwrap_or_else(|| {
                    overflow = true;
                    NA_INTEGER
                })
            }));
            if overflow {
                interp.warning(OVERFLOW_WARNING)?;
            }
            VecData::Int(out)
        }
    };
    Ok(finish(data, shape.attrs))
}

/// A double scalar `x op y`, with `%%`'s accuracy warning (named as C's
/// `warning()` names it: the closure's call, the call itself in a
/// top-level loop, which R runs as bytecode).
fn dbl_scalar_arith(interp: &mut Interp, op: ArithOp, x: f64, y: f64) -> RResult<Value> {
    if op == ArithOp::Mod && mod_loses_accuracy(x, y) {
        interp.warning_in_context(MOD_ACCURACY_WARNING)?;
    }
    Ok(Value::Dbl(dbl_arith(op, x, y)))
}

/// Unary minus; keeps all attributes. Logical becomes integer.
pub fn negate(interp: &mut Interp, a: &Value) -> RResult<Value> {
    if let Some(r) = ops_method(interp, "-", a, None) {
        return r;
    }
    if super::factor::is_factor(a) {
        return super::factor::unary(interp, "-", a);
    }
    match a {
        Value::Dbl(x) => return Ok(Value::Dbl(-x)),
        Value::Int(x) | Value::Lgl(x) => {
            return Ok(Value::Int(if *x == NA_INTEGER { NA_INTEGER } else { -x }))
        }
        _ => {}
    }
    let Some(v) = a.as_vector() else {
        return Err(RError::new("invalid argument to unary operator"));
    };
    let data = match &v.data {
        VecData::Lgl(d) | VecData::Int(d) => VecData::Int(
            d.iter()
                .map(|&x| if x == NA_INTEGER { x } else { -x })
                .collect(),
        ),
        VecData::Dbl(d) => VecData::Dbl(d.iter().map(|x| -x).collect()),
        VecData::Cplx(d) => VecData::Cplx(d.iter().map(|x| -x).collect()),
        _ => return Err(RError::new("invalid argument to unary operator")),
    };
    Ok(Value::from_vector(Vector {
        data,
        attrs: v.attrs.clone(),
    }))
}

/// Unary plus: logical becomes integer, numbers are returned unchanged.
pub fn unary_plus(interp: &mut Interp, a: &Value) -> RResult<Value> {
    if let Some(r) = ops_method(interp, "+", a, None) {
        return r;
    }
    if super::factor::is_factor(a) {
        return super::factor::unary(interp, "+", a);
    }
    match a {
        Value::Lgl(x) => Ok(Value::Int(*x)),
        Value::Int(_) | Value::Dbl(_) => Ok(a.clone()),
        Value::Vec(v) => match &v.data {
            VecData::Lgl(d) => {
                let mut nv = (**v).clone();
                nv.data = VecData::Int(d.clone());
                Ok(Value::from_vector(nv))
            }
            VecData::Int(_) | VecData::Dbl(_) | VecData::Cplx(_) => Ok(a.clone()),
            _ => Err(RError::new("invalid argument to unary operator")),
        },
        _ => Err(RError::new("invalid argument to unary operator")),
    }
}

// ---------------------------------------------------------------------------
// Comparison
// ---------------------------------------------------------------------------

/// Rank of a character in the collation order used by R's ICU-based collation in
/// `C.UTF-8` (what Rscript uses here): whitespace and punctuation, then digits, then
/// letters compared case-insensitively.
fn collate_class(c: char) -> (u8, u32) {
    if c.is_alphabetic() {
        let lower = c.to_lowercase().next().unwrap_or(c);
        (3, lower as u32)
    } else if c.is_numeric() {
        (2, c as u32)
    } else if c.is_whitespace() {
        (0, c as u32)
    } else {
        (1, c as u32)
    }
}

/// String collation as R shows it here (`"a" < "B"`, `sort(c("b","A","a","B"))` gives
/// `a A b B`): case-insensitive first, then lowercase before uppercase.
pub fn collate(a: &str, b: &str) -> Ordering {
    if a.is_ascii() && b.is_ascii() {
        return collate_ascii(a.as_bytes(), b.as_bytes());
    }
    collate_chars(a, b)
}

/// `collate` on any text, character by character.
fn collate_chars(a: &str, b: &str) -> Ordering {
    let primary = a
        .chars()
        .map(collate_class)
        .cmp(b.chars().map(collate_class));
    if primary != Ordering::Equal {
        return primary;
    }
    // Tertiary: lowercase sorts before uppercase at the first difference.
    for (p, q) in a.chars().zip(b.chars()) {
        if p != q {
            return match (p.is_lowercase(), q.is_lowercase()) {
                (true, false) => Ordering::Less,
                (false, true) => Ordering::Greater,
                _ => p.cmp(&q),
            };
        }
    }
    a.len().cmp(&b.len())
}

/// `collate` on ASCII text: the same classes, without Unicode case tables
/// (sorting and grouping strings spend most of their time here).
fn collate_ascii(a: &[u8], b: &[u8]) -> Ordering {
    let class = |c: u8| -> (u8, u8) {
        if c.is_ascii_alphabetic() {
            (3, c.to_ascii_lowercase())
        } else if c.is_ascii_digit() {
            (2, c)
        } else if (c as char).is_whitespace() {
            (0, c)
        } else {
            (1, c)
        }
    };
    let primary = a.iter().map(|&c| class(c)).cmp(b.iter().map(|&c| class(c)));
    if primary != Ordering::Equal {
        return primary;
    }
    for (&p, &q) in a.iter().zip(b) {
        if p != q {
            return match (p.is_ascii_lowercase(), q.is_ascii_lowercase()) {
                (true, false) => Ordering::Less,
                (false, true) => Ordering::Greater,
                _ => p.cmp(&q),
            };
        }
    }
    a.len().cmp(&b.len())
}

#[inline]
fn cmp_dbl(op: CmpOp, x: f64, y: f64) -> i32 {
    if x.is_nan() || y.is_nan() {
        NA_LOGICAL
    } else {
        match op {
            CmpOp::Eq => (x == y) as i32,
            CmpOp::Ne => (x != y) as i32,
            CmpOp::Lt => (x < y) as i32,
            CmpOp::Le => (x <= y) as i32,
            CmpOp::Gt => (x > y) as i32,
            CmpOp::Ge => (x >= y) as i32,
        }
    }
}

#[inline]
fn cmp_int(op: CmpOp, x: i32, y: i32) -> i32 {
    if x == NA_INTEGER || y == NA_INTEGER {
        NA_LOGICAL
    } else {
        op.test(x.cmp(&y)) as i32
    }
}

/// `$body` with `$o` a constant equal to `op`: one copy of the loop per
/// operator, each without a test of the operator per element.
macro_rules! with_cmp_op {
    ($op:expr, $o:ident => $body:expr) => {
        match $op {
            CmpOp::Eq => {
                const $o: CmpOp = CmpOp::Eq;
                $body
            }
            CmpOp::Ne => {
                const $o: CmpOp = CmpOp::Ne;
                $body
            }
            CmpOp::Lt => {
                const $o: CmpOp = CmpOp::Lt;
                $body
            }
            CmpOp::Le => {
                const $o: CmpOp = CmpOp::Le;
                $body
            }
            CmpOp::Gt => {
                const $o: CmpOp = CmpOp::Gt;
                $body
            }
            CmpOp::Ge => {
                const $o: CmpOp = CmpOp::Ge;
                $body
            }
        }
    };
}

/// Comparison operators with coercion to the higher type; result is logical with
/// names/dim/dimnames only.
pub fn compare(interp: &mut Interp, op: CmpOp, a: &Value, b: &Value) -> RResult<Value> {
    match (a, b) {
        (Value::Dbl(x), Value::Dbl(y)) => return Ok(Value::Lgl(cmp_dbl(op, *x, *y))),
        (Value::Dbl(x), Value::Int(y) | Value::Lgl(y)) => {
            return Ok(Value::Lgl(cmp_dbl(op, *x, int_to_f64(*y))))
        }
        (Value::Int(x) | Value::Lgl(x), Value::Dbl(y)) => {
            return Ok(Value::Lgl(cmp_dbl(op, int_to_f64(*x), *y)))
        }
        (Value::Int(x) | Value::Lgl(x), Value::Int(y) | Value::Lgl(y)) => {
            return Ok(Value::Lgl(cmp_int(op, *x, *y)))
        }
        _ => {}
    }
    if let Some(r) = ops_method(interp, op.symbol(), a, Some(b)) {
        return r;
    }
    if super::factor::is_factor(a) || super::factor::is_factor(b) {
        return super::factor::compare(interp, op, a, b);
    }
    if super::time::is_time(a) || super::time::is_time(b) {
        let (a, b) = (super::time::comparable(a, b), super::time::comparable(b, a));
        return compare(interp, op, &a, &b);
    }
    // A symbol or a call compares as its text (a symbol's name).
    let as_text = |v: &Value| match v {
        Value::Lang(l) => match &**l {
            crate::lang::Lang::Sym(s) => Some(Value::str(s)),
            crate::lang::Lang::Call(c) => Some(Value::str(
                &crate::deparse::deparse_lines(&c.expr).join(" "),
            )),
            crate::lang::Lang::Exprs(_) => None,
        },
        _ => None,
    };
    let (ta, tb) = (as_text(a), as_text(b));
    if ta.is_some() || tb.is_some() {
        let l = ta.unwrap_or_else(|| a.clone());
        let r = tb.unwrap_or_else(|| b.clone());
        return compare(interp, op, &l, &r);
    }
    let (Some(x), Some(y)) = (operand(a, VType::Lgl), operand(b, VType::Lgl)) else {
        return Err(RError::new(format!(
            "comparison ({}) is possible only for atomic and list types",
            op.symbol()
        )));
    };
    let t = x.vtype().max(y.vtype());
    if t == VType::List {
        return Err(RError::new("comparison of these types is not implemented"));
    }
    let shape = binary_shape(interp, &x, &y, false)?;
    let n = shape.n;
    let data = match t {
        VType::Lgl | VType::Int => {
            let (xs, ys) = (
                int_slice(&x.data).unwrap_or(&[]),
                int_slice(&y.data).unwrap_or(&[]),
            );
            with_cmp_op!(op, O => recycle_map(xs, ys, n, |p, q| cmp_int(O, p, q)))
        }
        VType::Dbl => {
            let (xs, ys) = (dbl_data(&x.data), dbl_data(&y.data));
            with_cmp_op!(op, O => recycle_map(&xs, &ys, n, |p, q| cmp_dbl(O, p, q)))
        }
        VType::Cplx => {
            if !matches!(op, CmpOp::Eq | CmpOp::Ne) {
                return Err(RError::new("invalid comparison with complex values"));
            }
            recycle_map(&cplx_data(&x.data), &cplx_data(&y.data), n, |p, q| {
                if is_na_complex(p) || is_na_complex(q) {
                    NA_LOGICAL
                } else {
                    ((p == q) == (op == CmpOp::Eq)) as i32
                }
            })
        }
        _ => recycle_map_ref(&str_data(&x.data), &str_data(&y.data), n, |p, q| {
            match (p, q) {
                (Some(p), Some(q)) => {
                    let o = if p == q {
                        Ordering::Equal
                    } else {
                        collate(p, q)
                    };
                    // Distinct strings never compare equal even if they collate together.
                    let o = if o == Ordering::Equal && p != q {
                        p.cmp(q)
                    } else {
                        o
                    };
                    op.test(o) as i32
                }
                _ => NA_LOGICAL,
            }
        }),
    };
    Ok(finish(VecData::Lgl(data), shape.attrs))
}

// ---------------------------------------------------------------------------
// Logic
// ---------------------------------------------------------------------------

/// Logical view of an operand for `&`, `|`, `!`; `None` for character/list.
fn lgl_data(d: &VecData) -> Option<Cow<'_, [i32]>> {
    match d {
        VecData::Lgl(v) => Some(Cow::Borrowed(v)),
        VecData::Int(_) | VecData::Dbl(_) | VecData::Cplx(_) => match coerce_data(d, VType::Lgl) {
            VecData::Lgl(v) => Some(Cow::Owned(v)),
            _ => None,
        },
        _ => None,
    }
}

#[inline]
fn and3(x: i32, y: i32) -> i32 {
    if x == 0 || y == 0 {
        0
    } else if x == NA_LOGICAL || y == NA_LOGICAL {
        NA_LOGICAL
    } else {
        1
    }
}

#[inline]
fn or3(x: i32, y: i32) -> i32 {
    if x == 1 || y == 1 {
        1
    } else if x == NA_LOGICAL || y == NA_LOGICAL {
        NA_LOGICAL
    } else {
        0
    }
}

#[inline]
fn scalar_truth(v: &Value) -> Option<i32> {
    match v {
        Value::Lgl(x) | Value::Int(x) => Some(if *x == NA_INTEGER {
            NA_LOGICAL
        } else {
            (*x != 0) as i32
        }),
        Value::Dbl(x) => Some(if x.is_nan() {
            NA_LOGICAL
        } else {
            (*x != 0.0) as i32
        }),
        _ => None,
    }
}

/// Elementwise `&` (`and = true`) and `|` with three-valued logic.
pub fn logic(interp: &mut Interp, and: bool, a: &Value, b: &Value) -> RResult<Value> {
    if let Some(r) = ops_method(interp, if and { "&" } else { "|" }, a, Some(b)) {
        return r;
    }
    if super::factor::is_factor(a) || super::factor::is_factor(b) {
        return super::factor::logic(interp, if and { "&" } else { "|" }, a, b);
    }
    if let (Some(x), Some(y)) = (scalar_truth(a), scalar_truth(b)) {
        return Ok(Value::Lgl(if and { and3(x, y) } else { or3(x, y) }));
    }
    let type_err =
        || RError::new("operations are possible only for numeric, logical or complex types");
    let (Some(x), Some(y)) = (operand(a, VType::Lgl), operand(b, VType::Lgl)) else {
        return Err(type_err());
    };
    if let (VecData::Raw(xs), VecData::Raw(ys)) = (&x.data, &y.data) {
        // Raw vectors: bitwise, bytes recycled.
        let shape = binary_shape(interp, &x, &y, false)?;
        let n = if xs.is_empty() || ys.is_empty() {
            0
        } else {
            shape.n
        };
        let data: Vec<u8> = (0..n)
            .map(|k| {
                let (p, q) = (xs[k % xs.len()], ys[k % ys.len()]);
                if and {
                    p & q
                } else {
                    p | q
                }
            })
            .collect();
        return Ok(finish(VecData::Raw(data), shape.attrs));
    }
    if x.vtype() == VType::Raw || y.vtype() == VType::Raw {
        return Err(type_err());
    }
    let (Some(xs), Some(ys)) = (lgl_data(&x.data), lgl_data(&y.data)) else {
        return Err(type_err());
    };
    let shape = binary_shape(interp, &x, &y, false)?;
    let data = recycle_map(&xs, &ys, shape.n, if and { and3 } else { or3 });
    Ok(finish(VecData::Lgl(data), shape.attrs))
}

/// `!x`: logical keeps all attributes; numbers keep names/dim/dimnames only.
pub fn not(interp: &mut Interp, a: &Value) -> RResult<Value> {
    if let Some(r) = ops_method(interp, "!", a, None) {
        return r;
    }
    if super::factor::is_factor(a) {
        return super::factor::unary(interp, "!", a);
    }
    if let Some(x) = scalar_truth(a) {
        return Ok(Value::Lgl(if x == NA_LOGICAL { x } else { 1 - x }));
    }
    let Some(v) = a.as_vector() else {
        return Err(RError::new("invalid argument type"));
    };
    if let VecData::Raw(r) = &v.data {
        let mut out = Vector::new(VecData::Raw(r.iter().map(|b| !b).collect()));
        for k in ["names", "dim", "dimnames"] {
            if let Some(val) = v.attr(k) {
                out.set_attr(k, val.clone());
            }
        }
        return Ok(Value::from_vector(out));
    }
    let Some(d) = lgl_data(&v.data) else {
        return Err(RError::new("invalid argument type"));
    };
    let data = VecData::Lgl(
        d.iter()
            .map(|&x| if x == NA_LOGICAL { x } else { 1 - x })
            .collect(),
    );
    let mut out = Vector::new(data);
    if v.vtype() == VType::Lgl {
        out.attrs = v.attrs.clone();
    } else {
        for k in ["names", "dim", "dimnames"] {
            if let Some(val) = v.attr(k) {
                out.set_attr(k, val.clone());
            }
        }
    }
    Ok(Value::from_vector(out))
}

// ---------------------------------------------------------------------------
// Builtin wrappers
// ---------------------------------------------------------------------------

fn two(args: Args) -> RResult<(Value, Value)> {
    let n = args.values.len();
    let mut it = args.values.into_iter();
    match (it.next(), it.next(), n) {
        (Some(a), Some(b), 2) => Ok((a, b)),
        _ => Err(RError::new("operator needs two arguments")),
    }
}

fn one_or_two(args: Args) -> RResult<(Value, Option<Value>)> {
    let n = args.values.len();
    let mut it = args.values.into_iter();
    match (it.next(), it.next(), n) {
        (Some(a), None, 1) => Ok((a, None)),
        (Some(a), Some(b), 2) => Ok((a, Some(b))),
        _ => Err(RError::new("operator needs one or two arguments")),
    }
}

fn bi_plus(interp: &mut Interp, args: Args) -> RResult<Value> {
    match one_or_two(args)? {
        (a, Some(b)) => arith(interp, ArithOp::Add, &a, &b),
        (a, None) => unary_plus(interp, &a),
    }
}
fn bi_minus(interp: &mut Interp, args: Args) -> RResult<Value> {
    match one_or_two(args)? {
        (a, Some(b)) => arith(interp, ArithOp::Sub, &a, &b),
        (a, None) => negate(interp, &a),
    }
}

macro_rules! binop {
    ($name:ident, $f:ident, $op:expr) => {
        fn $name(interp: &mut Interp, args: Args) -> RResult<Value> {
            let (a, b) = two(args)?;
            $f(interp, $op, &a, &b)
        }
    };
}
binop!(bi_mul, arith, ArithOp::Mul);
binop!(bi_div, arith, ArithOp::Div);
binop!(bi_pow, arith, ArithOp::Pow);
binop!(bi_mod, arith, ArithOp::Mod);
binop!(bi_idiv, arith, ArithOp::IDiv);
binop!(bi_eq, compare, CmpOp::Eq);
binop!(bi_ne, compare, CmpOp::Ne);
binop!(bi_lt, compare, CmpOp::Lt);
binop!(bi_le, compare, CmpOp::Le);
binop!(bi_gt, compare, CmpOp::Gt);
binop!(bi_ge, compare, CmpOp::Ge);
binop!(bi_and, logic, true);
binop!(bi_or, logic, false);

fn bi_not(interp: &mut Interp, args: Args) -> RResult<Value> {
    if args.values.len() != 1 {
        return Err(RError::new(format!(
            "{} arguments passed to '!' which requires 1",
            args.values.len()
        )));
    }
    not(interp, &args.values[0])
}

fn bi_xor(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "y"])?;
    let x = b
        .take(0)
        .ok_or_else(|| RError::new("argument \"x\" is missing, with no default"))?;
    let y = b
        .take(1)
        .ok_or_else(|| RError::new("argument \"y\" is missing, with no default"))?;
    let or = logic(interp, false, &x, &y)?;
    let and = logic(interp, true, &x, &y)?;
    let nand = not(interp, &and)?;
    logic(interp, true, &or, &nand)
}

/// `isTRUE`/`isFALSE`: a length-1 non-NA logical (attributes ignored).
fn truth_test(args: Args, want: i32) -> RResult<Value> {
    let mut b = args.bind(&["x"])?;
    let x = b
        .take(0)
        .ok_or_else(|| RError::new("argument \"x\" is missing, with no default"))?;
    let r = match &x {
        Value::Lgl(v) => *v == want,
        Value::Vec(v) => matches!(&v.data, VecData::Lgl(d) if d.len() == 1 && d[0] == want),
        _ => false,
    };
    Ok(Value::lgl(r))
}
fn bi_istrue(_: &mut Interp, args: Args) -> RResult<Value> {
    truth_test(args, 1)
}
fn bi_isfalse(_: &mut Interp, args: Args) -> RResult<Value> {
    truth_test(args, 0)
}

pub const BUILTINS: &[BuiltinDef] = &[
    BuiltinDef::new("+", bi_plus),
    BuiltinDef::new("-", bi_minus),
    BuiltinDef::new("*", bi_mul),
    BuiltinDef::new("/", bi_div),
    BuiltinDef::new("^", bi_pow),
    BuiltinDef::new("%%", bi_mod),
    BuiltinDef::new("%/%", bi_idiv),
    BuiltinDef::new("==", bi_eq),
    BuiltinDef::new("!=", bi_ne),
    BuiltinDef::new("<", bi_lt),
    BuiltinDef::new("<=", bi_le),
    BuiltinDef::new(">", bi_gt),
    BuiltinDef::new(">=", bi_ge),
    BuiltinDef::new("&", bi_and),
    BuiltinDef::new("|", bi_or),
    BuiltinDef::new("!", bi_not),
    BuiltinDef::new("xor", bi_xor),
    BuiltinDef::new("isTRUE", bi_istrue),
    BuiltinDef::new("isFALSE", bi_isfalse),
];

#[cfg(test)]
mod tests {
    //! Expected values come from GNU R 4.2 (`Rscript --vanilla`).
    use super::*;

    fn call(interp: &mut Interp, name: &str, vals: Vec<Value>) -> RResult<Value> {
        let f = crate::builtins::lookup(name).expect("builtin exists");
        interp.call_function(&f, Args::positional(vals))
    }
    fn ints(v: &[i32]) -> Value {
        Value::Vec(std::rc::Rc::new(Vector::new(VecData::Int(v.to_vec()))))
    }
    fn dbls(v: &[f64]) -> Value {
        Value::Vec(std::rc::Rc::new(Vector::new(VecData::Dbl(v.to_vec()))))
    }
    /// The ASCII fast path of `collate` orders every pair of short ASCII
    /// strings (letters of both cases, digits, space, punctuation, control
    /// characters) exactly as the general path does.
    #[test]
    fn collate_ascii_agrees_with_the_general_path() {
        let alphabet = b"aAbBzZ09 _.-\t\x0b~";
        let mut words = vec![String::new()];
        for &c in alphabet {
            words.push((c as char).to_string());
            for &d in alphabet.iter().step_by(3) {
                words.push(format!("{}{}", c as char, d as char));
            }
        }
        for a in &words {
            for b in &words {
                assert_eq!(
                    collate_ascii(a.as_bytes(), b.as_bytes()),
                    collate_chars(a, b),
                    "{a:?} {b:?}"
                );
            }
        }
    }
    fn named(mut v: Value, names: &[&str]) -> Value {
        v.set_attr("names", Value::strs(names));
        v
    }
    fn dbl_of(v: &Value) -> Vec<f64> {
        dbl_data(&v.as_vector().unwrap().data).into_owned()
    }
    fn names_of(v: &Value) -> Vec<String> {
        v.as_vector()
            .unwrap()
            .names()
            .unwrap()
            .iter()
            .map(|s| s.as_deref().unwrap_or("NA").to_string())
            .collect()
    }

    #[test]
    fn result_types() {
        let mut it = Interp::new();
        // typeof(TRUE + TRUE) "integer"; typeof(5L/2L) "double"; typeof(2L^2L) "double"
        assert!(matches!(
            arith(&mut it, ArithOp::Add, &Value::Lgl(1), &Value::Lgl(1)).unwrap(),
            Value::Int(2)
        ));
        assert!(
            matches!(arith(&mut it, ArithOp::Div, &Value::Int(5), &Value::Int(2)).unwrap(), Value::Dbl(x) if x == 2.5)
        );
        assert!(
            matches!(arith(&mut it, ArithOp::Pow, &Value::Int(2), &Value::Int(-1)).unwrap(), Value::Dbl(x) if x == 0.5)
        );
        // -TRUE is -1L
        assert!(matches!(
            negate(&mut it, &Value::Lgl(1)).unwrap(),
            Value::Int(-1)
        ));
        // (1+2i)*(3-1i) == 5+5i
        let z = arith(
            &mut it,
            ArithOp::Mul,
            &Value::cplx(C64::new(1.0, 2.0)),
            &Value::cplx(C64::new(3.0, -1.0)),
        )
        .unwrap();
        assert_eq!(z, Value::cplx(C64::new(5.0, 5.0)));
        // (1i)^2 == -1+0i
        let z = arith(
            &mut it,
            ArithOp::Pow,
            &Value::cplx(C64::new(0.0, 1.0)),
            &Value::Dbl(2.0),
        )
        .unwrap();
        assert_eq!(z, Value::cplx(C64::new(-1.0, 0.0)));
        assert!(it.warnings.is_empty());
    }

    #[test]
    fn na_rules() {
        let mut it = Interp::new();
        // NA^0 is 1; NA_integer_ * 0L is NA
        let na = Value::Lgl(NA_LOGICAL);
        assert!(
            matches!(arith(&mut it, ArithOp::Pow, &na, &Value::Dbl(0.0)).unwrap(), Value::Dbl(x) if x == 1.0)
        );
        assert!(
            matches!(arith(&mut it, ArithOp::Pow, &Value::Int(NA_INTEGER), &Value::Int(0)).unwrap(), Value::Dbl(x) if x == 1.0)
        );
        assert!(matches!(
            arith(
                &mut it,
                ArithOp::Mul,
                &Value::Int(NA_INTEGER),
                &Value::Int(0)
            )
            .unwrap(),
            Value::Int(NA_INTEGER)
        ));
        // c(TRUE, NA, FALSE) & NA -> NA NA FALSE; | -> TRUE NA NA
        let l = Value::from_data(VecData::Lgl(vec![1, NA_LOGICAL, 0]));
        let nas = Value::from_data(VecData::Lgl(vec![NA_LOGICAL; 3]));
        assert_eq!(
            logic(&mut it, true, &l, &nas).unwrap(),
            lgl_vec(vec![NA_LOGICAL, NA_LOGICAL, 0])
        );
        assert_eq!(
            logic(&mut it, false, &l, &nas).unwrap(),
            lgl_vec(vec![1, NA_LOGICAL, NA_LOGICAL])
        );
        assert!(matches!(
            compare(&mut it, CmpOp::Lt, &Value::Dbl(na_real()), &Value::Dbl(1.0)).unwrap(),
            Value::Lgl(NA_LOGICAL)
        ));
    }

    #[test]
    fn integer_overflow_warns() {
        let mut it = Interp::new();
        // .Machine$integer.max * 2L -> NA with a warning
        let r = arith(&mut it, ArithOp::Mul, &Value::Int(i32::MAX), &Value::Int(2)).unwrap();
        assert!(matches!(r, Value::Int(NA_INTEGER)));
        assert_eq!(it.warnings.len(), 1);
        assert_eq!(it.warnings[0].1, "NAs produced by integer overflow");
        let r = arith(&mut it, ArithOp::Add, &ints(&[i32::MAX, 1]), &Value::Int(1)).unwrap();
        assert_eq!(r, int_vec(vec![NA_INTEGER, 2]));
        assert_eq!(it.warnings.len(), 2);
    }

    #[test]
    fn modulo_and_integer_division() {
        let mut it = Interp::new();
        let mut a = |op, x: Value, y: Value| arith(&mut it, op, &x, &y).unwrap();
        use ArithOp::*;
        // 5L %/% 0L NA; 5 %/% 0 Inf; -5 %/% 0 -Inf; 5L %% 0L NA; 5 %% 0 NaN
        assert!(matches!(
            a(IDiv, Value::Int(5), Value::Int(0)),
            Value::Int(NA_INTEGER)
        ));
        assert!(
            matches!(a(IDiv, Value::Dbl(5.0), Value::Dbl(0.0)), Value::Dbl(x) if x == f64::INFINITY)
        );
        assert!(
            matches!(a(IDiv, Value::Dbl(-5.0), Value::Dbl(0.0)), Value::Dbl(x) if x == f64::NEG_INFINITY)
        );
        assert!(matches!(
            a(Mod, Value::Int(5), Value::Int(0)),
            Value::Int(NA_INTEGER)
        ));
        assert!(
            matches!(a(Mod, Value::Dbl(5.0), Value::Dbl(0.0)), Value::Dbl(x) if x.is_nan() && !is_na_real(x))
        );
        // -5L %/% 2L -3; -5L %% 2L 1; 5L %% -2L -1; -7L %/% 3L -3
        assert!(matches!(
            a(IDiv, Value::Int(-5), Value::Int(2)),
            Value::Int(-3)
        ));
        assert!(matches!(
            a(Mod, Value::Int(-5), Value::Int(2)),
            Value::Int(1)
        ));
        assert!(matches!(
            a(Mod, Value::Int(5), Value::Int(-2)),
            Value::Int(-1)
        ));
        assert!(matches!(
            a(IDiv, Value::Int(-7), Value::Int(3)),
            Value::Int(-3)
        ));
        // -7 %% 3 2; 7 %% -3 -2; 5.5 %% 2 1.5; -5.5 %/% 2 -3; 7.5 %/% -2 -4
        assert!(matches!(a(Mod, Value::Dbl(-7.0), Value::Dbl(3.0)), Value::Dbl(x) if x == 2.0));
        assert!(matches!(a(Mod, Value::Dbl(7.0), Value::Dbl(-3.0)), Value::Dbl(x) if x == -2.0));
        assert!(matches!(a(Mod, Value::Dbl(5.5), Value::Dbl(2.0)), Value::Dbl(x) if x == 1.5));
        assert!(matches!(a(IDiv, Value::Dbl(-5.5), Value::Dbl(2.0)), Value::Dbl(x) if x == -3.0));
        assert!(matches!(a(IDiv, Value::Dbl(7.5), Value::Dbl(-2.0)), Value::Dbl(x) if x == -4.0));
        // 5 %% Inf 5; -5 %% Inf Inf
        assert!(
            matches!(a(Mod, Value::Dbl(5.0), Value::Dbl(f64::INFINITY)), Value::Dbl(x) if x == 5.0)
        );
        assert!(
            matches!(a(Mod, Value::Dbl(-5.0), Value::Dbl(f64::INFINITY)), Value::Dbl(x) if x == f64::INFINITY)
        );
        // 1i %% 2: "unimplemented complex operation"
        let e = arith(
            &mut it,
            Mod,
            &Value::cplx(C64::new(0.0, 1.0)),
            &Value::Dbl(2.0),
        )
        .unwrap_err();
        assert_eq!(e.msg, "unimplemented complex operation");
    }

    #[test]
    fn recycling_and_names() {
        let mut it = Interp::new();
        // 1:6 + 1:4 -> 2 4 6 8 6 8 with the recycling warning
        let r = arith(
            &mut it,
            ArithOp::Add,
            &ints(&[1, 2, 3, 4, 5, 6]),
            &ints(&[1, 2, 3, 4]),
        )
        .unwrap();
        assert_eq!(r, int_vec(vec![2, 4, 6, 8, 6, 8]));
        assert_eq!(
            it.warnings[0].1,
            "longer object length is not a multiple of shorter object length"
        );
        // c(a=1,b=2) + c(x=1,y=2,z=3,w=4) -> names x y z w, values 2 4 4 6, no warning
        let mut it = Interp::new();
        let r = arith(
            &mut it,
            ArithOp::Add,
            &named(dbls(&[1.0, 2.0]), &["a", "b"]),
            &named(dbls(&[1.0, 2.0, 3.0, 4.0]), &["x", "y", "z", "w"]),
        )
        .unwrap();
        assert_eq!(dbl_of(&r), vec![2.0, 4.0, 4.0, 6.0]);
        assert_eq!(names_of(&r), vec!["x", "y", "z", "w"]);
        assert!(it.warnings.is_empty());
        // 1:3 + c(a=1,b=2,c=3) -> names a b c
        let r = arith(
            &mut it,
            ArithOp::Add,
            &ints(&[1, 2, 3]),
            &named(dbls(&[1.0, 2.0, 3.0]), &["a", "b", "c"]),
        )
        .unwrap();
        assert_eq!(names_of(&r), vec!["a", "b", "c"]);
        // zero length: NULL + 1 -> numeric(0); 1:3 + integer(0) -> integer(0)
        assert_eq!(
            arith(&mut it, ArithOp::Add, &Value::Null, &Value::Dbl(1.0)).unwrap(),
            dbl_vec(vec![])
        );
        assert_eq!(
            arith(&mut it, ArithOp::Add, &ints(&[1, 2, 3]), &ints(&[])).unwrap(),
            int_vec(vec![])
        );
    }

    #[test]
    fn attributes_propagate() {
        let mut it = Interp::new();
        // x <- structure(1:3, class="foo", myattr="q"); attributes(x + 1): class, myattr
        let mut x = ints(&[1, 2, 3]);
        x.set_attr("class", Value::str("foo"));
        x.set_attr("myattr", Value::str("q"));
        let y = arith(&mut it, ArithOp::Add, &x, &Value::Dbl(1.0)).unwrap();
        assert_eq!(y.attr("class"), Some(&Value::str("foo")));
        assert_eq!(y.attr("myattr"), Some(&Value::str("q")));
        // attributes(x > 1) NULL; attributes(!x) NULL; -x keeps class and myattr
        assert!(!compare(&mut it, CmpOp::Gt, &x, &Value::Dbl(1.0))
            .unwrap()
            .has_attrs());
        assert!(!not(&mut it, &x).unwrap().has_attrs());
        assert_eq!(
            negate(&mut it, &x).unwrap().attr("myattr"),
            Some(&Value::str("q"))
        );
        // structure(1:2, class="k") + 1:4: no attributes (shorter operand)
        let mut k = ints(&[1, 2]);
        k.set_attr("class", Value::str("k"));
        assert!(!arith(&mut it, ArithOp::Add, &k, &ints(&[1, 2, 3, 4]))
            .unwrap()
            .has_attrs());
        // matrix(1:4, 2) * 2 keeps dim; conformance errors
        let mut m = ints(&[1, 2, 3, 4]);
        m.set_attr("dim", int_vec(vec![2, 2]));
        let r = arith(&mut it, ArithOp::Mul, &m, &Value::Dbl(2.0)).unwrap();
        assert_eq!(r.attr("dim"), Some(&int_vec(vec![2, 2])));
        let mut m2 = ints(&[1, 2, 3, 4, 5, 6]);
        m2.set_attr("dim", int_vec(vec![3, 2]));
        assert_eq!(
            arith(&mut it, ArithOp::Add, &m, &m2).unwrap_err().msg,
            "non-conformable arrays"
        );
    }

    #[test]
    fn errors() {
        let mut it = Interp::new();
        let s = Value::str("a");
        assert_eq!(
            arith(&mut it, ArithOp::Add, &s, &Value::Dbl(1.0))
                .unwrap_err()
                .msg,
            "non-numeric argument to binary operator"
        );
        assert_eq!(
            negate(&mut it, &s).unwrap_err().msg,
            "invalid argument to unary operator"
        );
        assert_eq!(not(&mut it, &s).unwrap_err().msg, "invalid argument type");
        assert_eq!(
            logic(&mut it, true, &s, &Value::Lgl(1)).unwrap_err().msg,
            "operations are possible only for numeric, logical or complex types"
        );
        let f = crate::builtins::lookup("sum").unwrap();
        assert_eq!(
            compare(&mut it, CmpOp::Eq, &f, &Value::Dbl(1.0))
                .unwrap_err()
                .msg,
            "comparison (==) is possible only for atomic and list types"
        );
        assert_eq!(
            compare(
                &mut it,
                CmpOp::Lt,
                &Value::cplx(C64::new(0.0, 1.0)),
                &Value::cplx(C64::new(0.0, 2.0))
            )
            .unwrap_err()
            .msg,
            "invalid comparison with complex values"
        );
    }

    #[test]
    fn string_comparison_matches_rscript() {
        let mut it = Interp::new();
        // "a" < "B" TRUE; "B" < "a" FALSE; "Z" < "a" FALSE; "apple" < "Banana" TRUE;
        // "10" < "9" TRUE; 2 == "2" TRUE; 1 < "a" TRUE
        let lt = |it: &mut Interp, a: Value, b: Value| compare(it, CmpOp::Lt, &a, &b).unwrap();
        assert_eq!(
            lt(&mut it, Value::str("a"), Value::str("B")),
            Value::lgl(true)
        );
        assert_eq!(
            lt(&mut it, Value::str("B"), Value::str("a")),
            Value::lgl(false)
        );
        assert_eq!(
            lt(&mut it, Value::str("Z"), Value::str("a")),
            Value::lgl(false)
        );
        assert_eq!(
            lt(&mut it, Value::str("apple"), Value::str("Banana")),
            Value::lgl(true)
        );
        assert_eq!(
            lt(&mut it, Value::str("10"), Value::str("9")),
            Value::lgl(true)
        );
        assert_eq!(
            lt(&mut it, Value::Dbl(1.0), Value::str("a")),
            Value::lgl(true)
        );
        assert_eq!(
            compare(&mut it, CmpOp::Eq, &Value::Dbl(2.0), &Value::str("2")).unwrap(),
            Value::lgl(true)
        );
    }

    #[test]
    fn builtin_wrappers() {
        let mut it = Interp::new();
        assert!(matches!(
            call(&mut it, "-", vec![Value::Int(3)]).unwrap(),
            Value::Int(-3)
        ));
        assert!(matches!(
            call(&mut it, "-", vec![Value::Int(3), Value::Int(1)]).unwrap(),
            Value::Int(2)
        ));
        assert!(matches!(
            call(&mut it, "+", vec![Value::Lgl(1)]).unwrap(),
            Value::Int(1)
        ));
        // xor(TRUE, c(TRUE, FALSE)) -> FALSE TRUE
        let r = call(&mut it, "xor", vec![Value::Lgl(1), lgl_vec(vec![1, 0])]).unwrap();
        assert_eq!(r, lgl_vec(vec![0, 1]));
        // isTRUE(c(a=TRUE)) TRUE; isTRUE(NA) FALSE; isFALSE(FALSE) TRUE
        let mut t = Value::Vec(std::rc::Rc::new(Vector::new(VecData::Lgl(vec![1]))));
        t.set_attr("names", Value::str("a"));
        assert_eq!(call(&mut it, "isTRUE", vec![t]).unwrap(), Value::lgl(true));
        assert_eq!(
            call(&mut it, "isTRUE", vec![Value::Lgl(NA_LOGICAL)]).unwrap(),
            Value::lgl(false)
        );
        assert_eq!(
            call(&mut it, "isFALSE", vec![Value::Lgl(0)]).unwrap(),
            Value::lgl(true)
        );
    }
}
