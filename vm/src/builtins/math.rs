//! Math builtins: elementwise functions (`abs sqrt exp log ... round signif`),
//! complex parts (`Re Im Mod Arg Conj`), bit operations (`bitwAnd` ...), summaries
//! (`sum prod max min range mean`, cumulative ones, `pmax pmin`), logical summaries
//! (`any all which which.max which.min`, `ifelse`), NA/finite tests (`is.na` ...) and matrix
//! products (`%*% crossprod colSums rowSums`), and the gamma family (`gamma
//! lgamma beta lbeta choose lchoose factorial lfactorial`, computed by
//! `nmath`), all with GNU R 4.2's type and attribute rules.

use super::arith::{cplx_data, dbl_data, int_slice, recycle_map};
use super::construct::set_elt;
use super::matrix::matrix_of;
use super::nmath::{self, Warnings};
use super::BuiltinDef;
use crate::args::Args;
use crate::coerce::coerce_data;
use crate::error::{RError, RResult};
use crate::format::{fround, rint};
use crate::interp::Interp;
use crate::value::*;
use std::borrow::Cow;

// ---------------------------------------------------------------------------
// Argument helpers
// ---------------------------------------------------------------------------

fn missing(name: &str) -> RError {
    RError::new(format!("argument \"{}\" is missing, with no default", name))
}

/// Bind `formals` and require the first one (`x`).
fn bind_x(args: Args, formals: &[&str]) -> RResult<(Value, crate::args::Bound)> {
    let mut b = args.bind(formals)?;
    let x = b.take(0).ok_or_else(|| missing(formals[0]))?;
    Ok((x, b))
}

/// A logical flag argument such as `na.rm` (default `false`).
pub(crate) fn flag(v: Option<Value>, name: &str) -> RResult<bool> {
    match v {
        None => Ok(false),
        Some(v) => match v.as_vector().map(|x| coerce_data(&x.data, VType::Lgl)) {
            Some(VecData::Lgl(d)) if !d.is_empty() && d[0] != NA_LOGICAL => Ok(d[0] != 0),
            _ => Err(RError::new(format!("invalid '{}' argument", name))),
        },
    }
}

/// Copy attributes named in `keep` (or all when `keep` is empty) from `src`.
fn with_attrs(data: VecData, src: &Vector, keep: &[&str]) -> Value {
    let mut v = Vector::new(data);
    if keep.is_empty() {
        v.attrs = src.attrs.clone();
    } else {
        for k in keep {
            if let Some(a) = src.attr(k) {
                v.set_attr(k, a.clone());
            }
        }
    }
    Value::from_vector(v)
}

const NAMES_DIMS: &[&str] = &["names", "dim", "dimnames"];

// ---------------------------------------------------------------------------
// Elementwise math
// ---------------------------------------------------------------------------

fn non_numeric_math() -> RError {
    RError::new("non-numeric argument to mathematical function")
}

/// Apply a double function (and optionally a complex one) keeping all attributes;
/// warns `NaNs produced` when a non-NaN input gives NaN.
fn math1(
    interp: &mut Interp,
    x: &Value,
    f: fn(f64) -> f64,
    fc: Option<&'static super::cmath::CFn>,
) -> RResult<Value> {
    math1_warning(interp, x, f, fc, false)
}

/// `math1`, whose `NaNs produced` names the current context's call when
/// `in_context` (GNU R's `log10`, `log2` and `log(x, base)`, which R
/// evaluates as a call of `log` of its own: the warning names the closure
/// they are called in, and no call at top level).
fn math1_warning(
    interp: &mut Interp,
    x: &Value,
    f: fn(f64) -> f64,
    fc: Option<&'static super::cmath::CFn>,
    in_context: bool,
) -> RResult<Value> {
    let nan_warning = |interp: &mut Interp| {
        if in_context {
            interp.warning_in_context("NaNs produced")
        } else {
            interp.warning("NaNs produced")
        }
    };
    if let Value::Dbl(d) = x {
        let r = f(*d);
        if r.is_nan() && !d.is_nan() {
            nan_warning(interp)?;
        }
        return Ok(Value::Dbl(r));
    }
    let v = x.as_vector().ok_or_else(non_numeric_math)?;
    let data = match &v.data {
        VecData::Cplx(z) => match fc {
            Some(fc) => {
                let (out, nan) = super::cmath::cmath1(z, fc);
                if nan {
                    interp.warning(format!("NaNs produced in function \"{}\"", fc.name))?;
                }
                VecData::Cplx(out)
            }
            None => return Err(RError::new("unimplemented complex function")),
        },
        VecData::Lgl(_) | VecData::Int(_) | VecData::Dbl(_) => {
            let xs = dbl_data(&v.data);
            let mut nan = false;
            let out: Vec<f64> = xs
                .iter()
                .map(|&a| {
                    let r = f(a);
                    if r.is_nan() && !a.is_nan() {
                        nan = true;
                    }
                    // Keep NA (not just NaN) when the input was NA.
                    if is_na_real(a) {
                        a
                    } else {
                        r
                    }
                })
                .collect();
            if nan {
                nan_warning(interp)?;
            }
            VecData::Dbl(out)
        }
        _ => return Err(non_numeric_math()),
    };
    Ok(with_attrs(data, &v, &[]))
}

/// A one-argument math builtin `$name` of `$f` (and complex `$fc`), with
/// its scalar entry `$scalar` for a double scalar.
macro_rules! math_builtin {
    ($name:ident, $scalar:ident, $f:expr, $fc:expr) => {
        math_builtin!($name, $scalar, $f, $fc, false);
    };
    ($name:ident, $scalar:ident, $f:expr, $fc:expr, $in_context:expr) => {
        fn $name(interp: &mut Interp, args: Args) -> RResult<Value> {
            let (x, _) = bind_x(args, &["x"])?;
            math1_warning(interp, &x, $f, $fc, $in_context)
        }
        fn $scalar(interp: &mut Interp, args: &[&Value]) -> Option<RResult<Value>> {
            match args {
                [x @ Value::Dbl(_)] => Some(math1_warning(interp, x, $f, $fc, $in_context)),
                _ => None,
            }
        }
    };
}
math_builtin!(bi_sqrt, one_sqrt, f64::sqrt, Some(super::cmath::SQRT));
math_builtin!(bi_exp, one_exp, f64::exp, Some(super::cmath::EXP));
math_builtin!(bi_log2, one_log2, f64::log2, Some(super::cmath::LOG2), true);
math_builtin!(
    bi_log10,
    one_log10,
    f64::log10,
    Some(super::cmath::LOG10),
    true
);
math_builtin!(bi_log1p, one_log1p, f64::ln_1p, None);
math_builtin!(bi_expm1, one_expm1, f64::exp_m1, None);
math_builtin!(bi_sin, one_sin, f64::sin, Some(super::cmath::SIN));
math_builtin!(bi_cos, one_cos, f64::cos, Some(super::cmath::COS));
math_builtin!(bi_tan, one_tan, f64::tan, Some(super::cmath::TAN));
math_builtin!(bi_asin, one_asin, f64::asin, Some(super::cmath::ASIN));
math_builtin!(bi_acos, one_acos, f64::acos, Some(super::cmath::ACOS));
math_builtin!(bi_atan, one_atan, f64::atan, Some(super::cmath::ATAN));
math_builtin!(bi_sinh, one_sinh, f64::sinh, Some(super::cmath::SINH));
math_builtin!(bi_cosh, one_cosh, f64::cosh, Some(super::cmath::COSH));
math_builtin!(bi_tanh, one_tanh, f64::tanh, Some(super::cmath::TANH));
math_builtin!(bi_floor, one_floor, f64::floor, None);
math_builtin!(bi_ceiling, one_ceiling, f64::ceil, None);
math_builtin!(bi_trunc, one_trunc, f64::trunc, None);
math_builtin!(
    bi_sign,
    one_sign,
    |x: f64| if x > 0.0 {
        1.0
    } else if x < 0.0 {
        -1.0
    } else {
        x
    },
    None
);

/// `abs`: integer and logical stay integer, complex gives the modulus.
/// `abs` of a scalar: integer and logical give integer.
fn abs_scalar(x: &Value) -> Option<Value> {
    match *x {
        Value::Int(i) | Value::Lgl(i) => {
            Some(Value::Int(if i == NA_INTEGER { i } else { i.abs() }))
        }
        Value::Dbl(d) => Some(Value::Dbl(d.abs())),
        _ => None,
    }
}

fn one_abs(_: &mut Interp, args: &[&Value]) -> Option<RResult<Value>> {
    match args {
        [x] => abs_scalar(x).map(Ok),
        _ => None,
    }
}

fn bi_abs(interp: &mut Interp, args: Args) -> RResult<Value> {
    let (x, _) = bind_x(args, &["x"])?;
    if let Some(v) = abs_scalar(&x) {
        return Ok(v);
    }
    let v = x.as_vector().ok_or_else(non_numeric_math)?;
    match &v.data {
        VecData::Lgl(d) | VecData::Int(d) => Ok(with_attrs(
            VecData::Int(
                d.iter()
                    .map(|&i| if i == NA_INTEGER { i } else { i.abs() })
                    .collect(),
            ),
            &v,
            &[],
        )),
        VecData::Cplx(z) => Ok(with_attrs(
            VecData::Dbl(
                // R's `cabs`, as `Mod`: `abs(complex(real = Inf, imaginary = NaN))` is Inf.
                z.iter().map(|z| z.re.hypot(z.im)).collect(),
            ),
            &v,
            &[],
        )),
        _ => math1(interp, &x, f64::abs, None),
    }
}

fn bi_log(interp: &mut Interp, args: Args) -> RResult<Value> {
    let (x, mut b) = bind_x(args, &["x", "base"])?;
    let base = b.take(1);
    let is_cplx = x.vtype() == Some(VType::Cplx)
        || base.as_ref().and_then(|b| b.vtype()) == Some(VType::Cplx);
    if is_cplx {
        let v = x.as_vector().ok_or_else(non_numeric_math)?;
        if v.vtype() >= VType::Str {
            return Err(non_numeric_math());
        }
        let Some(bv) = &base else {
            return math1(interp, &x, f64::ln, Some(super::cmath::LOG));
        };
        let bvv = bv.as_vector().ok_or_else(non_numeric_math)?;
        let bz = cplx_data(&bvv.data)
            .first()
            .copied()
            .unwrap_or(na_complex());
        let (out, nan) = super::cmath::logbase(&cplx_data(&v.data), bz);
        if nan {
            interp.warning("NaNs produced in function \"log\"")?;
        }
        return Ok(with_attrs(VecData::Cplx(out), &v, &[]));
    }
    match base {
        None => math1(interp, &x, f64::ln, None),
        Some(bv) => {
            let bd = bv
                .first_f64()
                .ok_or_else(|| RError::new("non-numeric argument to mathematical function"))?;
            if bd == 10.0 {
                return math1_warning(interp, &x, f64::log10, None, true);
            }
            if bd == 2.0 {
                return math1_warning(interp, &x, f64::log2, None, true);
            }
            let r = math1_warning(interp, &x, f64::ln, None, true)?;
            let lb = bd.ln();
            let Some(mut v) = r.into_vector() else {
                return Err(non_numeric_math());
            };
            if let VecData::Dbl(d) = &mut v.data {
                for e in d.iter_mut() {
                    *e /= lb;
                }
            }
            Ok(Value::from_vector(v))
        }
    }
}

fn bi_atan2(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["y", "x"])?;
    let y = b.take(0).ok_or_else(|| missing("y"))?;
    let x = b.take(1).ok_or_else(|| missing("x"))?;
    math2(interp, &y, &x, |p, q, _| p.atan2(q))
}

/// A binary math function over doubles (R's `math2`): logical, integer and
/// double operands, recycled without a warning; NA where an operand is NA,
/// NaN where one is NaN (`f` is not called); the math library's warnings
/// `f` gives, then `NaNs produced`; the attributes of the first operand of
/// full length (of `a` when it is empty).
fn math2(
    interp: &mut Interp,
    a: &Value,
    b: &Value,
    mut f: impl FnMut(f64, f64, &mut Warnings) -> f64,
) -> RResult<Value> {
    let va = a.as_vector().ok_or_else(non_numeric_math)?;
    let vb = b.as_vector().ok_or_else(non_numeric_math)?;
    if va.vtype() >= VType::Cplx || vb.vtype() >= VType::Cplx {
        return Err(non_numeric_math());
    }
    let (na, nb) = (va.len(), vb.len());
    if na == 0 || nb == 0 {
        let mut v = Vector::new(VecData::Dbl(Vec::new()));
        if na == 0 {
            v.attrs = va.attrs.clone();
        }
        return Ok(Value::from_vector(v));
    }
    let n = na.max(nb);
    let mut warnings = Warnings::new();
    let mut nan = false;
    let out = recycle_map(&dbl_data(&va.data), &dbl_data(&vb.data), n, |p, q| {
        if is_na_real(p) || is_na_real(q) {
            return na_real();
        }
        if p.is_nan() || q.is_nan() {
            return f64::NAN;
        }
        let r = f(p, q, &mut warnings);
        nan |= r.is_nan();
        r
    });
    mathlib_warnings(interp, warnings)?;
    if nan {
        interp.warning("NaNs produced")?;
    }
    let src = if na == n { &va } else { &vb };
    Ok(with_attrs(VecData::Dbl(out), src, &[]))
}

// ---------------------------------------------------------------------------
// Gamma, beta and binomial coefficients (`nmath`)
// ---------------------------------------------------------------------------

/// Report the math library's warnings as GNU R's `MATHLIB_WARNING` does:
/// against the current context's call (that of the builtin when it is a
/// closure in R, as `choose` is; the caller's for `gamma`).
fn mathlib_warnings(interp: &mut Interp, warnings: Warnings) -> RResult<()> {
    for msg in warnings {
        interp.warning_in_context(msg)?;
    }
    Ok(())
}

/// A special function of one argument over a numeric vector (R's `math1`):
/// all attributes kept, NA and NaN kept, the math library's warnings, then
/// `NaNs produced` against `nan_call` (default: the builtin's call).
fn special1(
    interp: &mut Interp,
    x: &Value,
    f: fn(f64, &mut Warnings) -> f64,
    nan_call: Option<&str>,
) -> RResult<Value> {
    let v = x.as_vector().ok_or_else(non_numeric_math)?;
    match v.vtype() {
        VType::Lgl | VType::Int | VType::Dbl => {}
        VType::Cplx => return Err(RError::new("unimplemented complex function")),
        _ => return Err(non_numeric_math()),
    }
    let mut warnings = Warnings::new();
    let mut nan = false;
    let out: Vec<f64> = dbl_data(&v.data)
        .iter()
        .map(|&a| {
            if a.is_nan() {
                return a;
            }
            let r = f(a, &mut warnings);
            nan |= r.is_nan();
            r
        })
        .collect();
    mathlib_warnings(interp, warnings)?;
    if nan {
        match nan_call {
            Some(c) => interp.warning_with_call(Some(c.to_string()), "NaNs produced".into())?,
            None => interp.warning("NaNs produced")?,
        }
    }
    Ok(with_attrs(VecData::Dbl(out), &v, &[]))
}

fn bi_gamma(interp: &mut Interp, args: Args) -> RResult<Value> {
    let (x, _) = bind_x(args, &["x"])?;
    special1(interp, &x, nmath::gammafn, None)
}

fn bi_lgamma(interp: &mut Interp, args: Args) -> RResult<Value> {
    let (x, _) = bind_x(args, &["x"])?;
    special1(interp, &x, nmath::lgammafn, None)
}

/// `x + 1` as R's `factorial`/`lfactorial` compute it (errors name `x + 1`).
fn plus_one(interp: &mut Interp, x: &Value) -> RResult<Value> {
    super::arith::arith(interp, crate::bytecode::ArithOp::Add, x, &Value::Dbl(1.0)).map_err(
        |mut e| {
            if matches!(e.call, crate::error::ErrCall::Pending) {
                e.call = crate::error::ErrCall::Call("x + 1".into());
            }
            e
        },
    )
}

/// `factorial(x)`: R's `gamma(x + 1)`.
fn bi_factorial(interp: &mut Interp, args: Args) -> RResult<Value> {
    let (x, _) = bind_x(args, &["x"])?;
    let x1 = plus_one(interp, &x)?;
    special1(interp, &x1, nmath::gammafn, Some("gamma(x + 1)"))
}

/// `lfactorial(x)`: R's `lgamma(x + 1)`.
fn bi_lfactorial(interp: &mut Interp, args: Args) -> RResult<Value> {
    let (x, _) = bind_x(args, &["x"])?;
    let x1 = plus_one(interp, &x)?;
    special1(interp, &x1, nmath::lgammafn, Some("lgamma(x + 1)"))
}

/// A special function of two arguments named `p` and `q` (R's `math2`).
fn special2(
    interp: &mut Interp,
    args: Args,
    formals: &[&str; 2],
    f: fn(f64, f64, &mut Warnings) -> f64,
) -> RResult<Value> {
    let mut b = args.bind(formals)?;
    let p = b.take(0).ok_or_else(|| missing(formals[0]))?;
    let q = b.take(1).ok_or_else(|| missing(formals[1]))?;
    math2(interp, &p, &q, f)
}

fn bi_beta(interp: &mut Interp, args: Args) -> RResult<Value> {
    special2(interp, args, &["a", "b"], nmath::beta)
}
fn bi_lbeta(interp: &mut Interp, args: Args) -> RResult<Value> {
    special2(interp, args, &["a", "b"], nmath::lbeta)
}
fn bi_choose(interp: &mut Interp, args: Args) -> RResult<Value> {
    special2(interp, args, &["n", "k"], nmath::choose)
}
fn bi_lchoose(interp: &mut Interp, args: Args) -> RResult<Value> {
    special2(interp, args, &["n", "k"], nmath::lchoose)
}

/// R's `fprec` (`signif`).
pub fn fprec(x: f64, digits: f64) -> f64 {
    if x.is_nan() || digits.is_nan() {
        return x + digits;
    }
    if !x.is_finite() || x == 0.0 {
        return x;
    }
    let mut dig = digits.round() as i32;
    if dig > 22 {
        return x;
    }
    if dig < 1 {
        dig = 1;
    }
    let (sgn, x) = if x < 0.0 { (-1.0, -x) } else { (1.0, x) };
    let l10 = x.log10();
    let mut e10 = dig - 1 - l10.floor() as i32;
    const MAX10E: i32 = 308;
    if l10.abs() < (MAX10E - 2) as f64 {
        let mut p10 = 1.0;
        if e10 > MAX10E {
            p10 = 10f64.powi(e10 - MAX10E);
            e10 = MAX10E;
        }
        if e10 > 0 {
            let pow10 = 10f64.powi(e10);
            sgn * (rint((x * pow10) * p10) / pow10) / p10
        } else {
            let pow10 = 10f64.powi(-e10);
            sgn * (rint(x / pow10) * pow10)
        }
    } else {
        let do_round = MAX10E as f64 - l10 >= 10f64.powi(-dig);
        let e2 = dig + if e10 > 0 { 1 } else { 6 };
        let p10 = 10f64.powi(e2);
        let x = x * p10;
        let pow10 = 10f64.powi(e10 - e2);
        let x = x * pow10;
        sgn * (if do_round { rint(x) } else { x }) / pow10 / p10
    }
}

fn round_like(
    interp: &mut Interp,
    args: Args,
    default_digits: f64,
    f: fn(f64, f64) -> f64,
) -> RResult<Value> {
    let (x, mut b) = bind_x(args, &["x", "digits"])?;
    // `digits` is recycled against `x` (R: `signif(pi, 1:5)`).
    let digits: Vec<f64> = match b.take(1) {
        Some(d) => {
            let dv = d.as_vector().ok_or_else(non_numeric_math)?;
            match &dv.data {
                VecData::Lgl(_) | VecData::Int(_) | VecData::Dbl(_) => {
                    dbl_data(&dv.data).into_owned()
                }
                _ => return Err(non_numeric_math()),
            }
        }
        None => vec![default_digits],
    };
    let v = x.as_vector().ok_or_else(non_numeric_math)?;
    let n = if v.is_empty() || digits.is_empty() {
        0
    } else {
        v.len().max(digits.len())
    };
    let digit_at = |i: usize| digits[i % digits.len()];
    // Attributes come from `x` unless `digits` is longer.
    let attr_src: Vector = if v.len() >= digits.len() {
        v.clone().into_owned()
    } else {
        Vector::new(VecData::Lgl(Vec::new()))
    };
    match &v.data {
        VecData::Cplx(z) => Ok(with_attrs(
            VecData::Cplx(
                (0..n)
                    .map(|i| {
                        let z = z[i % z.len()];
                        C64::new(f(z.re, digit_at(i)), f(z.im, digit_at(i)))
                    })
                    .collect(),
            ),
            &attr_src,
            &[],
        )),
        VecData::Lgl(_) | VecData::Int(_) | VecData::Dbl(_) => {
            let _ = interp;
            let xs = dbl_data(&v.data);
            Ok(with_attrs(
                VecData::Dbl((0..n).map(|i| f(xs[i % xs.len()], digit_at(i))).collect()),
                &attr_src,
                &[],
            ))
        }
        _ => Err(non_numeric_math()),
    }
}
fn bi_round(interp: &mut Interp, args: Args) -> RResult<Value> {
    round_like(interp, args, 0.0, fround)
}
fn bi_signif(interp: &mut Interp, args: Args) -> RResult<Value> {
    round_like(interp, args, 6.0, fprec)
}

// ---------------------------------------------------------------------------
// Complex parts
// ---------------------------------------------------------------------------

/// A part of complex numbers (`f`) or of numbers (`fr`). `na`: an NA
/// complex (either part NaN) gives NA; `Re`, `Im` and `Mod` are R's plain
/// parts and `hypot` of them instead (an NA part stays NA, a NaN part NaN).
fn cplx_part(args: Args, f: fn(C64) -> f64, fr: fn(f64) -> f64, na: bool) -> RResult<Value> {
    let (x, _) = bind_x(args, &["z"])?;
    let v = x
        .as_vector()
        .ok_or_else(|| RError::new("non-numeric argument to function"))?;
    let data = match &v.data {
        VecData::Cplx(z) => VecData::Dbl(
            z.iter()
                .map(|&z| {
                    if na && is_na_complex(z) {
                        na_real()
                    } else {
                        f(z)
                    }
                })
                .collect(),
        ),
        VecData::Lgl(_) | VecData::Int(_) | VecData::Dbl(_) => VecData::Dbl(
            dbl_data(&v.data)
                .iter()
                .map(|&a| if a.is_nan() { a } else { fr(a) })
                .collect(),
        ),
        _ => return Err(RError::new("non-numeric argument to function")),
    };
    Ok(with_attrs(data, &v, &[]))
}
fn bi_re(_: &mut Interp, args: Args) -> RResult<Value> {
    cplx_part(args, |z| z.re, |x| x, false)
}
fn bi_im(_: &mut Interp, args: Args) -> RResult<Value> {
    cplx_part(args, |z| z.im, |_| 0.0, false)
}
fn bi_mod(_: &mut Interp, args: Args) -> RResult<Value> {
    cplx_part(args, |z| z.re.hypot(z.im), f64::abs, false)
}
fn bi_arg(_: &mut Interp, args: Args) -> RResult<Value> {
    cplx_part(
        args,
        // R's `carg`: NaN and NA parts propagate as `atan2` gives them.
        |z| z.arg(),
        |x| if x >= 0.0 { 0.0 } else { std::f64::consts::PI },
        false,
    )
}
fn bi_conj(_: &mut Interp, args: Args) -> RResult<Value> {
    let (x, _) = bind_x(args, &["z"])?;
    match &x {
        Value::Vec(v) => match &v.data {
            VecData::Cplx(z) => Ok(with_attrs(
                VecData::Cplx(z.iter().map(|z| z.conj()).collect()),
                v,
                &[],
            )),
            VecData::Dbl(_) => Ok(x.clone()),
            // (R coerces other numbers to double, attributes kept.)
            VecData::Lgl(_) | VecData::Int(_) => Ok(with_attrs(
                VecData::Dbl(dbl_data(&v.data).into_owned()),
                v,
                &[],
            )),
            _ => Err(RError::new("non-numeric argument to function")),
        },
        Value::Dbl(_) => Ok(x.clone()),
        Value::Lgl(_) | Value::Int(_) => Ok(Value::Dbl(x.first_f64().unwrap_or(f64::NAN))),
        _ => Err(RError::new("non-numeric argument to function")),
    }
}

// ---------------------------------------------------------------------------
// Bit operations
// ---------------------------------------------------------------------------

/// `f` of two integer scalars, NA if either is (`bitwAnd(a, b)` etc.).
fn bitw_scalars(p: i32, q: i32, f: fn(i32, i32) -> i32) -> Value {
    Value::Int(if p == NA_INTEGER || q == NA_INTEGER {
        NA_INTEGER
    } else {
        f(p, q)
    })
}

/// An operand of the `bitw*` functions as R's `do_bitwise` takes it:
/// doubles (and, for a shift's count, `force`: every vector) coerced to
/// integers. Its `typeof` after that, and its integers if it is integer.
fn bitw_operand(v: &Value, force: bool) -> (&'static str, Option<Vec<i32>>) {
    let Some(vv) = v.as_vector() else {
        return (v.type_name(), None);
    };
    match vv.vtype() {
        VType::Int => {}
        VType::Dbl => {}
        t if force && t != VType::List => {}
        _ => return (v.type_name(), None),
    }
    match coerce_data(&vv.data, VType::Int) {
        VecData::Int(d) => ("integer", Some(d)),
        _ => (v.type_name(), None),
    }
}

/// R's error for an operand type a `bitw*` function does not take (its
/// message ends in a newline, as R's `UNIMPLEMENTED_TYPE`).
fn bitw_unimplemented(type_name: &str, fname: &str) -> RError {
    RError::new(format!(
        "unimplemented type '{}' in '{}'\n",
        type_name, fname
    ))
}

fn bitw2(args: Args, fname: &str, second: &str, f: fn(i32, i32) -> i32) -> RResult<Value> {
    let mut b = args.bind(&["a", second])?;
    let a = b.take(0).ok_or_else(|| missing("a"))?;
    let c = b.take(1).ok_or_else(|| missing(second))?;
    if let (Value::Int(p), Value::Int(q)) = (&a, &c) {
        return Ok(bitw_scalars(*p, *q, f));
    }
    let (ta, xa) = bitw_operand(&a, false);
    let (tb, xb) = bitw_operand(&c, second == "n");
    if ta != tb {
        return Err(RError::new("'a' and 'b' must have the same type"));
    }
    let (Some(x), Some(y)) = (xa, xb) else {
        return Err(bitw_unimplemented(ta, fname));
    };
    let n = if x.is_empty() || y.is_empty() {
        0
    } else {
        x.len().max(y.len())
    };
    let out = recycle_map(&x, &y, n, |p, q| {
        if p == NA_INTEGER || q == NA_INTEGER {
            NA_INTEGER
        } else {
            f(p, q)
        }
    });
    Ok(int_vec(out))
}

/// The scalar entry of the two-argument `bitw*`: two integer scalars.
fn bitw2_scalar(args: &[&Value], f: fn(i32, i32) -> i32) -> Option<RResult<Value>> {
    match args {
        [Value::Int(p), Value::Int(q)] => Some(Ok(bitw_scalars(*p, *q, f))),
        _ => None,
    }
}

fn bit_and(p: i32, q: i32) -> i32 {
    p & q
}
fn bit_or(p: i32, q: i32) -> i32 {
    p | q
}
fn bit_xor(p: i32, q: i32) -> i32 {
    p ^ q
}
fn shift_left(p: i32, q: i32) -> i32 {
    if (0..=31).contains(&q) {
        ((p as u32) << q) as i32
    } else {
        NA_INTEGER
    }
}
fn shift_right(p: i32, q: i32) -> i32 {
    if (0..=31).contains(&q) {
        ((p as u32) >> q) as i32
    } else {
        NA_INTEGER
    }
}

fn bi_bitwand(_: &mut Interp, args: Args) -> RResult<Value> {
    bitw2(args, "bitwAnd", "b", bit_and)
}
fn one_bitwand(_: &mut Interp, args: &[&Value]) -> Option<RResult<Value>> {
    bitw2_scalar(args, bit_and)
}
fn bi_bitwor(_: &mut Interp, args: Args) -> RResult<Value> {
    bitw2(args, "bitwOr", "b", bit_or)
}
fn one_bitwor(_: &mut Interp, args: &[&Value]) -> Option<RResult<Value>> {
    bitw2_scalar(args, bit_or)
}
fn bi_bitwxor(_: &mut Interp, args: Args) -> RResult<Value> {
    bitw2(args, "bitwXor", "b", bit_xor)
}
fn one_bitwxor(_: &mut Interp, args: &[&Value]) -> Option<RResult<Value>> {
    bitw2_scalar(args, bit_xor)
}
fn bi_bitwshiftl(_: &mut Interp, args: Args) -> RResult<Value> {
    bitw2(args, "bitwShiftL", "n", shift_left)
}
fn one_bitwshiftl(_: &mut Interp, args: &[&Value]) -> Option<RResult<Value>> {
    bitw2_scalar(args, shift_left)
}
fn bi_bitwshiftr(_: &mut Interp, args: Args) -> RResult<Value> {
    bitw2(args, "bitwShiftR", "n", shift_right)
}
fn one_bitwshiftr(_: &mut Interp, args: &[&Value]) -> Option<RResult<Value>> {
    bitw2_scalar(args, shift_right)
}
fn bi_bitwnot(_: &mut Interp, args: Args) -> RResult<Value> {
    let (a, _) = bind_x(args, &["a"])?;
    let (ta, xa) = bitw_operand(&a, false);
    Ok(int_vec(
        xa.ok_or_else(|| bitw_unimplemented(ta, "bitwNot"))?
            .into_iter()
            .map(|p| if p == NA_INTEGER { p } else { !p })
            .collect(),
    ))
}

// ---------------------------------------------------------------------------
// Summaries
// ---------------------------------------------------------------------------

/// The `...` values and `na.rm` of a summary call.
fn summary_args(args: Args) -> RResult<(Vec<Value>, bool)> {
    let mut b = args.bind(&["...", "na.rm"])?;
    let narm = flag(b.take(1), "na.rm")?;
    Ok((b.dots.into_iter().map(|(_, v)| v).collect(), narm))
}

fn invalid_type(t: &str) -> RError {
    RError::new(format!("invalid 'type' ({}) of argument", t))
}

/// The highest type among summary arguments (NULL ignored); errors for lists and
/// functions.
fn summary_type(vals: &[Value]) -> RResult<VType> {
    let mut t = VType::Lgl;
    for v in vals {
        match v {
            Value::Null => {}
            Value::Closure(_) | Value::Builtin(_) => return Err(invalid_type(v.type_name())),
            v => {
                let vt = v.vtype().unwrap_or(VType::Lgl);
                if vt == VType::List {
                    return Err(invalid_type("list"));
                }
                if vt == VType::Raw {
                    return Err(invalid_type("raw"));
                }
                t = t.max(vt);
            }
        }
    }
    Ok(t)
}

fn bi_sum(_: &mut Interp, args: Args) -> RResult<Value> {
    let (vals, narm) = summary_args(args)?;
    match summary_type(&vals)? {
        VType::Str => Err(invalid_type("character")),
        VType::Cplx => {
            let mut s = C64::new(0.0, 0.0);
            for v in vals.iter().filter_map(|v| v.as_vector()) {
                for z in cplx_data(&v.data).iter() {
                    if !(narm && is_na_complex(*z)) {
                        s += z;
                    }
                }
            }
            Ok(Value::cplx(s))
        }
        VType::Dbl => {
            // R accumulates in long double.
            let mut s = super::extended_sum::LongSum::new();
            for v in vals.iter() {
                match v {
                    Value::Dbl(x) => {
                        if !(narm && x.is_nan()) {
                            s.add(*x)
                        }
                    }
                    Value::Vec(v) if matches!(v.data, VecData::Dbl(_)) => {
                        let VecData::Dbl(xs) = &v.data else {
                            unreachable!()
                        };
                        add_doubles(&mut s, xs, narm);
                    }
                    v => {
                        if let Some(v) = v.as_vector() {
                            add_doubles(&mut s, &dbl_data(&v.data), narm);
                        }
                    }
                }
            }
            Ok(Value::Dbl(s.value()))
        }
        _ => {
            // GNU R accumulates integers in 64 bits and returns a double when the
            // total does not fit an integer.
            let mut s: i64 = 0;
            for v in vals.iter().filter_map(|v| v.as_vector()) {
                for &x in int_slice(&v.data).unwrap_or(&[]) {
                    if x == NA_INTEGER {
                        if !narm {
                            return Ok(Value::Int(NA_INTEGER));
                        }
                    } else {
                        s += x as i64;
                    }
                }
            }
            if s > i32::MAX as i64 || s <= i32::MIN as i64 {
                Ok(Value::Dbl(s as f64))
            } else {
                Ok(Value::Int(s as i32))
            }
        }
    }
}

/// Add `xs` to a long-double sum, skipping NaNs with `na.rm`.
fn add_doubles(s: &mut super::extended_sum::LongSum, xs: &[f64], narm: bool) {
    if narm && xs.iter().any(|x| x.is_nan()) {
        for &x in xs {
            if !x.is_nan() {
                s.add(x);
            }
        }
    } else {
        s.add_slice(xs);
    }
}

fn bi_prod(_: &mut Interp, args: Args) -> RResult<Value> {
    let (vals, narm) = summary_args(args)?;
    match summary_type(&vals)? {
        VType::Str => Err(invalid_type("character")),
        VType::Cplx => {
            let mut s = C64::new(1.0, 0.0);
            for v in vals.iter().filter_map(|v| v.as_vector()) {
                for z in cplx_data(&v.data).iter() {
                    if !(narm && is_na_complex(*z)) {
                        s *= z;
                    }
                }
            }
            Ok(Value::cplx(s))
        }
        _ => {
            let mut s = 1.0;
            for v in vals.iter().filter_map(|v| v.as_vector()) {
                for &x in dbl_data(&v.data).iter() {
                    if !(narm && x.is_nan()) {
                        s *= x;
                    }
                }
            }
            Ok(Value::Dbl(s))
        }
    }
}

/// `max` (`is_max`) or `min` over all arguments.
fn extremum(interp: &mut Interp, vals: &[Value], narm: bool, is_max: bool) -> RResult<Value> {
    let name = if is_max { "max" } else { "min" };
    let better = |a: std::cmp::Ordering| if is_max { a.is_gt() } else { a.is_lt() };
    match summary_type(vals)? {
        VType::Cplx => Err(invalid_type("complex")),
        VType::Str => {
            let mut best: Option<std::rc::Rc<str>> = None;
            for v in vals.iter().filter_map(|v| v.as_vector()) {
                for s in super::arith::str_data(&v.data).iter() {
                    match s {
                        None if narm => {}
                        None => return Ok(Value::from_data(VecData::Str(vec![None]))),
                        Some(s) => {
                            if best
                                .as_ref()
                                .is_none_or(|b| better(super::arith::collate(s, b)))
                            {
                                best = Some(s.clone());
                            }
                        }
                    }
                }
            }
            if best.is_none() {
                // R: a warning for NA, but an error for an empty character vector.
                interp.warning("no non-missing arguments, returning NA")?;
            }
            Ok(Value::from_data(VecData::Str(vec![best])))
        }
        VType::Dbl => {
            let mut best: Option<f64> = None;
            let mut nan: Option<f64> = None;
            for v in vals.iter().filter_map(|v| v.as_vector()) {
                for &x in dbl_data(&v.data).iter() {
                    if x.is_nan() {
                        if !narm && !nan.is_some_and(is_na_real) {
                            nan = Some(x);
                        }
                    } else if best.is_none_or(|b| better(x.total_cmp(&b))) {
                        best = Some(x);
                    }
                }
            }
            if let Some(n) = nan {
                return Ok(Value::Dbl(n));
            }
            match best {
                Some(b) => Ok(Value::Dbl(b)),
                None => {
                    let inf = if is_max {
                        f64::NEG_INFINITY
                    } else {
                        f64::INFINITY
                    };
                    interp.warning(format!(
                        "no non-missing arguments to {}; returning {}",
                        name,
                        if is_max { "-Inf" } else { "Inf" }
                    ))?;
                    Ok(Value::Dbl(inf))
                }
            }
        }
        _ => {
            let mut best: Option<i32> = None;
            for v in vals.iter().filter_map(|v| v.as_vector()) {
                for &x in int_slice(&v.data).unwrap_or(&[]) {
                    if x == NA_INTEGER {
                        if !narm {
                            return Ok(Value::Int(NA_INTEGER));
                        }
                    } else if best.is_none_or(|b| better(x.cmp(&b))) {
                        best = Some(x);
                    }
                }
            }
            match best {
                Some(b) => Ok(Value::Int(b)),
                None => {
                    interp.warning(format!(
                        "no non-missing arguments to {}; returning {}",
                        name,
                        if is_max { "-Inf" } else { "Inf" }
                    ))?;
                    Ok(Value::Dbl(if is_max {
                        f64::NEG_INFINITY
                    } else {
                        f64::INFINITY
                    }))
                }
            }
        }
    }
}

fn bi_max(interp: &mut Interp, args: Args) -> RResult<Value> {
    let (vals, narm) = summary_args(args)?;
    extremum(interp, &vals, narm, true)
}
fn bi_min(interp: &mut Interp, args: Args) -> RResult<Value> {
    let (vals, narm) = summary_args(args)?;
    extremum(interp, &vals, narm, false)
}
fn bi_range(interp: &mut Interp, args: Args) -> RResult<Value> {
    let (vals, narm) = summary_args(args)?;
    let lo = extremum(interp, &vals, narm, false)?;
    let hi = extremum(interp, &vals, narm, true)?;
    let (lo, hi) = (lo.as_vector(), hi.as_vector());
    match (lo, hi) {
        (Some(lo), Some(hi)) => {
            let t = lo.vtype().max(hi.vtype());
            let mut d = coerce_data(&lo.data, t);
            crate::coerce::append_data(&mut d, coerce_data(&hi.data, t));
            Ok(Value::from_data(d))
        }
        _ => Ok(Value::Null),
    }
}

fn bi_mean(interp: &mut Interp, args: Args) -> RResult<Value> {
    let (x, mut b) = bind_x(args, &["x", "...", "na.rm"])?;
    let narm = flag(b.take(2), "na.rm")?;
    let Some(v) = x
        .as_vector()
        .filter(|v| v.vtype() <= VType::Cplx && v.vtype() != VType::Raw)
    else {
        interp.warning("argument is not numeric or logical: returning NA")?;
        return Ok(Value::Dbl(na_real()));
    };
    if v.vtype() == VType::Cplx {
        let zs: Vec<C64> = cplx_data(&v.data)
            .iter()
            .copied()
            .filter(|z| !(narm && is_na_complex(*z)))
            .collect();
        let n = zs.len() as f64;
        let s: C64 = zs.iter().sum();
        return Ok(Value::cplx(s / n));
    }
    let all = dbl_data(&v.data);
    let xs: std::borrow::Cow<'_, [f64]> = if narm && all.iter().any(|x| x.is_nan()) {
        std::borrow::Cow::Owned(all.iter().copied().filter(|x| !x.is_nan()).collect())
    } else {
        all
    };
    let n = xs.len() as f64;
    let m = if v.vtype() == VType::Dbl {
        super::extended_sum::long_mean(&xs)
    } else {
        // Logical and integer means: an exact 64-bit sum divided by n.
        xs.iter().sum::<f64>() / n
    };
    Ok(Value::Dbl(m))
}

/// `cumsum`, `cumprod`, `cummax`, `cummin`: names kept; NA propagates to the end.
fn cumulative(interp: &mut Interp, args: Args, which: &str) -> RResult<Value> {
    let (x, _) = bind_x(args, &["x"])?;
    let Some(v) = x.as_vector() else {
        return Ok(Value::from_data(VecData::Dbl(Vec::new())));
    };
    let keep = ["names"];
    let t = v.vtype();
    if t == VType::List {
        return Err(RError::new(format!("'{}' not defined for lists", which)));
    }
    if t == VType::Cplx {
        let zs = cplx_data(&v.data);
        let mut acc = if which == "cumprod" {
            C64::new(1.0, 0.0)
        } else {
            C64::new(0.0, 0.0)
        };
        let out = match which {
            "cumsum" | "cumprod" => zs
                .iter()
                .map(|z| {
                    if which == "cumsum" {
                        acc += z
                    } else {
                        acc *= z
                    };
                    acc
                })
                .collect(),
            _ => {
                return Err(RError::new(format!(
                    "'{}' not defined for complex numbers",
                    which
                )))
            }
        };
        return Ok(with_attrs(VecData::Cplx(out), &v, &keep));
    }
    let int_result = t <= VType::Int && t != VType::Raw && which != "cumprod";
    if int_result {
        let xs = int_slice(&v.data).unwrap_or(&[]);
        let mut out = Vec::with_capacity(xs.len());
        let mut acc: Option<i64> = None;
        let mut dead = false;
        let mut overflow = false;
        for &x in xs {
            if dead || x == NA_INTEGER {
                dead = true;
                out.push(NA_INTEGER);
                continue;
            }
            let nx = x as i64;
            let next = match (which, acc) {
                (_, None) => nx,
                ("cumsum", Some(a)) => a + nx,
                ("cummax", Some(a)) => a.max(nx),
                (_, Some(a)) => a.min(nx),
            };
            if next > i32::MAX as i64 || next <= i32::MIN as i64 {
                overflow = true;
                dead = true;
                out.push(NA_INTEGER);
                continue;
            }
            acc = Some(next);
            out.push(next as i32);
        }
        if overflow {
            interp
                .warning_in_context("integer overflow in 'cumsum'; use 'cumsum(as.numeric(.))'")?;
        }
        return Ok(with_attrs(VecData::Int(out), &v, &keep));
    }
    let (xs, warn) = crate::coerce::coerce_data_warn(&v.data, VType::Dbl);
    if warn {
        interp.warning_in_context("NAs introduced by coercion")?;
    }
    let xs = match xs {
        VecData::Dbl(d) => d,
        _ => Vec::new(),
    };
    if which == "cumsum" {
        // R accumulates cumsum in long double.
        let mut acc = super::extended_sum::LongSum::new();
        let mut out = Vec::with_capacity(xs.len());
        acc.cumsum_into(&xs, &mut out);
        return Ok(with_attrs(VecData::Dbl(out), &v, &keep));
    }
    let mut out = Vec::with_capacity(xs.len());
    let mut acc: Option<f64> = None;
    for &x in &xs {
        let next = match (which, acc) {
            (_, None) => x,
            ("cumsum", Some(a)) => a + x,
            ("cumprod", Some(a)) => a * x,
            (_, Some(a)) if a.is_nan() => a,
            (_, Some(_)) if x.is_nan() => x,
            ("cummax", Some(a)) => a.max(x),
            (_, Some(a)) => a.min(x),
        };
        acc = Some(next);
        out.push(next);
    }
    Ok(with_attrs(VecData::Dbl(out), &v, &keep))
}
fn bi_cumsum(interp: &mut Interp, args: Args) -> RResult<Value> {
    cumulative(interp, args, "cumsum")
}
fn bi_cumprod(interp: &mut Interp, args: Args) -> RResult<Value> {
    cumulative(interp, args, "cumprod")
}
fn bi_cummax(interp: &mut Interp, args: Args) -> RResult<Value> {
    cumulative(interp, args, "cummax")
}
fn bi_cummin(interp: &mut Interp, args: Args) -> RResult<Value> {
    cumulative(interp, args, "cummin")
}

/// `pmax`/`pmin`: elementwise extremes with recycling; attributes of the first argument.
fn parallel_extremum(interp: &mut Interp, args: Args, is_max: bool) -> RResult<Value> {
    let (vals, narm) = summary_args(args)?;
    if vals.is_empty() {
        return Err(RError::new("no arguments"));
    }
    let t = summary_type(&vals)?;
    if t == VType::Cplx {
        return Err(invalid_type("complex"));
    }
    // R's do_pmin: one argument is returned as it is (pmax(NULL) is NULL);
    // with more, the result is at least integer (pmax(TRUE, FALSE) is 1L).
    if vals.len() == 1 {
        return Ok(vals.into_iter().next().unwrap());
    }
    let t = t.max(VType::Int);
    let vecs: Vec<Cow<'_, Vector>> = vals.iter().filter_map(|v| v.as_vector()).collect();
    if vecs.len() < vals.len() || vecs.iter().any(|v| v.is_empty()) {
        return Ok(Value::from_data(VecData::empty(t)));
    }
    let n = vecs.iter().map(|v| v.len()).max().unwrap_or(0);
    if vecs.iter().any(|v| n % v.len() != 0) {
        interp.warning("an argument will be fractionally recycled")?;
    }
    let pick = |a: std::cmp::Ordering| if is_max { a.is_gt() } else { a.is_lt() };
    let data = match t {
        VType::Str => {
            let cols: Vec<Cow<'_, [RStr]>> = vecs
                .iter()
                .map(|v| super::arith::str_data(&v.data))
                .collect();
            let out = (0..n)
                .map(|i| {
                    let mut best: Option<RStr> = None;
                    for c in &cols {
                        let e = &c[i % c.len()];
                        match (e, &best) {
                            (None, _) if narm => {}
                            (None, _) => return None,
                            (Some(_), None) => best = Some(e.clone()),
                            (Some(s), Some(Some(b))) => {
                                if pick(super::arith::collate(s, b)) {
                                    best = Some(e.clone())
                                }
                            }
                            (Some(_), Some(None)) => {}
                        }
                    }
                    best.flatten()
                })
                .collect();
            VecData::Str(out)
        }
        VType::Dbl => {
            let cols: Vec<Cow<'_, [f64]>> = vecs.iter().map(|v| dbl_data(&v.data)).collect();
            VecData::Dbl(
                (0..n)
                    .map(|i| {
                        let mut best: Option<f64> = None;
                        for c in &cols {
                            let e = c[i % c.len()];
                            if e.is_nan() {
                                if !narm {
                                    return e;
                                }
                            } else if best.is_none_or(|b| pick(e.total_cmp(&b))) {
                                best = Some(e);
                            }
                        }
                        best.unwrap_or(na_real())
                    })
                    .collect(),
            )
        }
        _ => {
            let cols: Vec<&[i32]> = vecs
                .iter()
                .map(|v| int_slice(&v.data).unwrap_or(&[]))
                .collect();
            let out = (0..n)
                .map(|i| {
                    let mut best: Option<i32> = None;
                    for c in &cols {
                        let Some(&e) = c.get(i % c.len().max(1)) else {
                            continue;
                        };
                        if e == NA_INTEGER {
                            if !narm {
                                return NA_INTEGER;
                            }
                        } else if best.is_none_or(|b| pick(e.cmp(&b))) {
                            best = Some(e);
                        }
                    }
                    best.unwrap_or(NA_INTEGER)
                })
                .collect();
            if t == VType::Lgl && vecs.iter().all(|v| v.vtype() == VType::Lgl) {
                VecData::Lgl(out)
            } else {
                VecData::Int(out)
            }
        }
    };
    let first = &vecs[0];
    if first.len() == n {
        Ok(with_attrs(data, first, NAMES_DIMS))
    } else {
        Ok(Value::from_data(data))
    }
}
fn bi_pmax(interp: &mut Interp, args: Args) -> RResult<Value> {
    parallel_extremum(interp, args, true)
}
fn bi_pmin(interp: &mut Interp, args: Args) -> RResult<Value> {
    parallel_extremum(interp, args, false)
}

// ---------------------------------------------------------------------------
// any / all / which
// ---------------------------------------------------------------------------

fn any_all(interp: &mut Interp, args: Args, is_any: bool) -> RResult<Value> {
    // Fast path: unnamed logical or integer arguments (no `na.rm`), read in
    // place without binding or copying. Anything else goes the general way
    // from the start; the elements scanned before were neither decisive nor
    // warned about, so the result is the same.
    if args.names.iter().all(|n| n.is_none()) {
        let mut seen_na = false;
        let mut general = false;
        'scan: for v in &args.values {
            let ls: &[i32] = match v {
                Value::Null => continue,
                Value::Lgl(x) | Value::Int(x) => std::slice::from_ref(x),
                Value::Vec(vv) => match &vv.data {
                    VecData::Lgl(l) | VecData::Int(l) => l,
                    _ => {
                        general = true;
                        break 'scan;
                    }
                },
                _ => {
                    general = true;
                    break 'scan;
                }
            };
            for &x in ls {
                if x == NA_LOGICAL {
                    seen_na = true;
                } else if (x != 0) == is_any {
                    return Ok(Value::lgl(is_any));
                }
            }
        }
        if !general {
            return Ok(if seen_na {
                Value::Lgl(NA_LOGICAL)
            } else {
                Value::lgl(!is_any)
            });
        }
    }
    let (vals, narm) = summary_args(args)?;
    let mut seen_na = false;
    for v in &vals {
        if v.is_null() {
            continue;
        }
        let vv = v.as_vector().ok_or_else(|| invalid_type(v.type_name()))?;
        let t = vv.vtype();
        if t == VType::List {
            return Err(invalid_type("list"));
        }
        if !matches!(t, VType::Lgl | VType::Int) {
            interp.warning(format!(
                "coercing argument of type '{}' to logical",
                t.name()
            ))?;
        }
        // Integers are tested as they are (NA stays NA, nonzero is TRUE).
        let coerced;
        let ls = match int_slice(&vv.data) {
            Some(ls) => ls,
            None => {
                coerced = coerce_data(&vv.data, VType::Lgl);
                int_slice(&coerced).unwrap_or(&[])
            }
        };
        for &x in ls {
            if x == NA_LOGICAL {
                seen_na = true;
            } else if (x != 0) == is_any {
                return Ok(Value::lgl(is_any));
            }
        }
    }
    if seen_na && !narm {
        Ok(Value::Lgl(NA_LOGICAL))
    } else {
        Ok(Value::lgl(!is_any))
    }
}
fn bi_any(interp: &mut Interp, args: Args) -> RResult<Value> {
    any_all(interp, args, true)
}
fn bi_all(interp: &mut Interp, args: Args) -> RResult<Value> {
    any_all(interp, args, false)
}

/// 1-based positions → integer vector named by `names` at those positions.
fn positions(idx: Vec<usize>, names: Option<&[RStr]>) -> Value {
    let nm: Option<Vec<RStr>> =
        names.map(|n| idx.iter().map(|&i| n.get(i).cloned().flatten()).collect());
    let mut v = Vector::new(VecData::Int(idx.iter().map(|&i| i as i32 + 1).collect()));
    if let Some(nm) = nm {
        v.set_attr("names", str_vec(nm));
    }
    Value::from_vector(v)
}

fn bi_which(_: &mut Interp, args: Args) -> RResult<Value> {
    let (x, mut b) = bind_x(args, &["x", "arr.ind", "useNames"])?;
    let arr_ind = flag(b.take(1), "arr.ind")?;
    let use_names = match b.take(2) {
        None => true,
        v => flag(v, "useNames")?,
    };
    let v = x.as_vector().filter(|v| v.vtype() == VType::Lgl);
    let Some(v) = v else {
        return Err(RError::new("argument to 'which' is not logical"));
    };
    let d = int_slice(&v.data).unwrap_or(&[]);
    let idx: Vec<usize> = d
        .iter()
        .enumerate()
        .filter(|(_, &x)| x == 1)
        .map(|(i, _)| i)
        .collect();
    match v.attr("dim") {
        Some(dim) if arr_ind && dim.len() > 2 => {
            // An array: R's `arrayInd(wh, .dim, dimnames(x), useNames)`.
            let ind = int_vec(idx.iter().map(|&i| i as i32 + 1).collect());
            let args = Args::positional(vec![
                ind,
                dim.clone(),
                v.attr("dimnames").cloned().unwrap_or(Value::Null),
                Value::lgl(use_names),
            ]);
            super::combinat::array_ind(args)
        }
        Some(dim) if arr_ind => array_ind(&idx, dim, v.attr("dimnames"), use_names),
        _ => Ok(positions(idx, v.names())),
    }
}

/// R's `arrayInd` for a matrix: one row per 0-based position with its row and
/// column; named by the row names at those rows and `c("row", "col")` (or the
/// names of the dimnames) when `use_names`.
fn array_ind(
    idx: &[usize],
    dim: &Value,
    dimnames: Option<&Value>,
    use_names: bool,
) -> RResult<Value> {
    let dims = dim.as_vector().map(|d| coerce_data(&d.data, VType::Int));
    let nr = match dims.as_ref().and_then(int_slice) {
        Some([nr, _]) => (*nr).max(1) as usize,
        _ => {
            return Err(RError::unsupported(
                "which(arr.ind = TRUE) of an array that is not 2-d",
            ))
        }
    };
    let m = idx.len();
    let mut out: Vec<i32> = idx.iter().map(|&i| (i % nr) as i32 + 1).collect();
    out.extend(idx.iter().map(|&i| (i / nr) as i32 + 1));
    let mut res = Vector::new(VecData::Int(out));
    res.set_attr("dim", int_vec(vec![m as i32, 2]));
    if use_names {
        let parts = match dimnames.and_then(|d| d.as_vector()) {
            Some(d) => match &d.data {
                VecData::List(l) => Some((l.clone(), d.names().map(|n| n.to_vec()))),
                _ => None,
            },
            None => None,
        };
        let rows = match parts.as_ref().and_then(|(l, _)| l.first()) {
            Some(r) if !r.is_null() && m > 0 => {
                let r = super::output::as_strings(r);
                str_vec(idx.iter().map(|&i| r[i % nr].clone()).collect())
            }
            _ => Value::Null,
        };
        let cols = match parts.as_ref().and_then(|(_, n)| n.as_ref()) {
            Some(n)
                if n.iter()
                    .any(|s| s.as_deref().is_some_and(|s| !s.is_empty())) =>
            {
                str_vec(n.clone())
            }
            _ => Value::strs(&["row", "col"]),
        };
        res.set_attr("dimnames", list_vec(vec![rows, cols]));
    }
    Ok(Value::from_vector(res))
}

/// `ifelse(test, yes, no)` as R's closure computes it: the answer starts as
/// `test` coerced to logical (all its attributes kept), then `yes` and `no`,
/// recycled to its length, are assigned where the test is TRUE and FALSE
/// (each assignment raising the type as `[<-` does); NA tests stay NA. A
/// length-1 attribute-free test returns NA, or `yes`/`no` themselves when they
/// are length-1 and attribute-free. Unlike R, `yes` and `no` are evaluated
/// before the call (builtins receive values, not promises).
fn bi_ifelse(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["test", "yes", "no"])?;
    let test = b.take(0).ok_or_else(|| missing("test"))?;
    let yes = b.take(1);
    let no = b.take(2);
    let ans: Vector = match &test {
        Value::Null => Vector::new(VecData::Lgl(Vec::new())),
        Value::Closure(_) | Value::Builtin(_) => {
            return Err(RError::new(format!(
                "cannot coerce type '{}' to vector of type 'logical'",
                test.type_name()
            )))
        }
        Value::Vec(v) if v.vtype() == VType::List => {
            let f = super::lookup("as.logical").expect("builtin exists");
            let l = interp.call_function(&f, Args::positional(vec![test.clone()]))?;
            l.into_vector()
                .unwrap_or_else(|| Vector::new(VecData::Lgl(Vec::new())))
        }
        v => {
            let mut t = v.as_vector().unwrap().into_owned();
            if t.vtype() != VType::Lgl {
                t.data = coerce_data(&t.data, VType::Lgl);
            }
            t
        }
    };
    let flags: Vec<i32> = int_slice(&ans.data).unwrap_or(&[]).to_vec();
    if flags.len() == 1 && ans.attrs.is_none() {
        let quick = |v: &Option<Value>, name: &str| -> RResult<Option<Value>> {
            match v {
                None => Err(missing(name)),
                Some(v) if v.len() == 1 && !v.has_attrs() => Ok(Some(v.clone())),
                Some(_) => Ok(None),
            }
        };
        let r = match flags[0] {
            NA_LOGICAL => Some(Value::Lgl(NA_LOGICAL)),
            0 => quick(&no, "no")?,
            _ => quick(&yes, "yes")?,
        };
        if let Some(r) = r {
            return Ok(r);
        }
    }
    let mut ans = ans;
    for (want, v, name) in [(1, yes, "yes"), (0, no, "no")] {
        let pos: Vec<usize> = (0..flags.len()).filter(|&i| flags[i] == want).collect();
        if pos.is_empty() {
            continue;
        }
        let v = v.ok_or_else(|| missing(name))?;
        let vv = match &v {
            Value::Null => {
                interp.warning("'x' is NULL so the result will be NULL")?;
                return Err(RError::new("replacement has length zero"));
            }
            Value::Closure(_) | Value::Builtin(_) => {
                return Err(RError::new(format!(
                    "attempt to replicate an object of type '{}'",
                    v.type_name()
                )))
            }
            v => v.as_vector().unwrap(),
        };
        let t = ans.vtype().max(vv.vtype());
        if ans.vtype() != t {
            ans.data = coerce_data(&ans.data, t);
        }
        let src = coerce_data(&vv.data, t);
        let n = src.len();
        let picked = src.select(
            &pos.iter()
                .map(|&i| if n == 0 { None } else { Some(i % n) })
                .collect::<Vec<_>>(),
        );
        for (k, &p) in pos.iter().enumerate() {
            set_elt(&mut ans.data, p, &picked, k);
        }
    }
    Ok(Value::from_vector(ans))
}

fn which_ext(interp: &mut Interp, args: Args, is_max: bool) -> RResult<Value> {
    let (x, _) = bind_x(args, &["x"])?;
    let v = x
        .as_vector()
        .ok_or_else(|| RError::new("invalid 'type' (NULL) of argument"))?;
    let (xs, warn) = crate::coerce::coerce_data_warn(&v.data, VType::Dbl);
    if warn {
        interp.warning_in_context("NAs introduced by coercion")?;
    }
    let mut best: Option<(usize, f64)> = None;
    if let VecData::Dbl(xs) = xs {
        for (i, &e) in xs.iter().enumerate() {
            if e.is_nan() {
                continue;
            }
            let better = match best {
                None => true,
                Some((_, b)) => {
                    if is_max {
                        e > b
                    } else {
                        e < b
                    }
                }
            };
            if better {
                best = Some((i, e));
            }
        }
    }
    Ok(positions(
        best.map(|(i, _)| vec![i]).unwrap_or_default(),
        v.names(),
    ))
}
fn bi_which_max(interp: &mut Interp, args: Args) -> RResult<Value> {
    which_ext(interp, args, true)
}
fn bi_which_min(interp: &mut Interp, args: Args) -> RResult<Value> {
    which_ext(interp, args, false)
}

// ---------------------------------------------------------------------------
// is.na & co
// ---------------------------------------------------------------------------

fn na_test(
    interp: &mut Interp,
    args: Args,
    name: &str,
    f: fn(&VecData, usize) -> bool,
) -> RResult<Value> {
    let (x, _) = bind_x(args, &["x"])?;
    match &x {
        Value::Null => return Ok(Value::from_data(VecData::Lgl(Vec::new()))),
        Value::Closure(_) | Value::Builtin(_) => {
            if name == "is.na" {
                interp.warning(format!(
                    "is.na() applied to non-(list or vector) of type '{}'",
                    x.type_name()
                ))?;
                return Ok(Value::lgl(false));
            }
            return Err(RError::new(format!(
                "default method not implemented for type '{}'",
                x.type_name()
            )));
        }
        _ => {}
    }
    let v = x
        .as_vector()
        .ok_or_else(|| RError::new("invalid argument"))?;
    if v.vtype() == VType::List && name != "is.na" {
        return Err(RError::new(
            "default method not implemented for type 'list'",
        ));
    }
    let d = VecData::Lgl((0..v.len()).map(|i| f(&v.data, i) as i32).collect());
    Ok(with_attrs(d, &v, NAMES_DIMS))
}
fn bi_is_na(interp: &mut Interp, args: Args) -> RResult<Value> {
    na_test(interp, args, "is.na", |d, i| d.is_na(i))
}
fn bi_is_nan(interp: &mut Interp, args: Args) -> RResult<Value> {
    na_test(interp, args, "is.nan", |d, i| match d {
        VecData::Dbl(v) => v[i].is_nan() && !is_na_real(v[i]),
        VecData::Cplx(v) => {
            (v[i].re.is_nan() && !is_na_real(v[i].re)) || (v[i].im.is_nan() && !is_na_real(v[i].im))
        }
        _ => false,
    })
}
fn bi_is_finite(interp: &mut Interp, args: Args) -> RResult<Value> {
    na_test(interp, args, "is.finite", |d, i| match d {
        VecData::Lgl(v) | VecData::Int(v) => v[i] != NA_INTEGER,
        VecData::Dbl(v) => v[i].is_finite(),
        VecData::Cplx(v) => v[i].re.is_finite() && v[i].im.is_finite(),
        _ => false,
    })
}
fn bi_is_infinite(interp: &mut Interp, args: Args) -> RResult<Value> {
    na_test(interp, args, "is.infinite", |d, i| match d {
        VecData::Dbl(v) => v[i].is_infinite(),
        VecData::Cplx(v) => v[i].re.is_infinite() || v[i].im.is_infinite(),
        _ => false,
    })
}

// ---------------------------------------------------------------------------
// Matrix products and margins
// ---------------------------------------------------------------------------

/// (nrow, ncol) if `v` has a 2-d `dim`.
fn matrix_dims(v: &Vector) -> Option<(usize, usize)> {
    v.dim2()
}

fn numeric_matrix_arg(v: &Value) -> RResult<Cow<'_, Vector>> {
    match v.as_vector() {
        Some(x) if x.vtype() <= VType::Dbl && x.vtype() != VType::Raw => Ok(x),
        _ => Err(RError::new(
            "requires numeric/complex matrix/vector arguments",
        )),
    }
}

/// Plain `(nrx x ncx) * (nry x ncy)` product of column-major doubles.
fn matmul(x: &[f64], nrx: usize, ncx: usize, y: &[f64], ncy: usize) -> Vec<f64> {
    let mut out = vec![0.0; nrx * ncy];
    for j in 0..ncy {
        for i in 0..nrx {
            let mut s = 0.0;
            for k in 0..ncx {
                s += x[i + k * nrx] * y[k + j * ncx];
            }
            out[i + j * nrx] = s;
        }
    }
    out
}

fn bi_matprod(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "y"])?;
    let x = b.take(0).ok_or_else(|| missing("x"))?;
    let y = b.take(1).ok_or_else(|| missing("y"))?;
    let (vx, vy) = (numeric_matrix_arg(&x)?, numeric_matrix_arg(&y)?);
    let (lx, ly) = (vx.len(), vy.len());
    let ((nrx, ncx), (nry, ncy)) = match (matrix_dims(&vx), matrix_dims(&vy)) {
        (Some(dx), Some(dy)) => (dx, dy),
        (None, Some((nry, ncy))) => {
            if lx == nry {
                ((1, lx), (nry, ncy))
            } else if nry == 1 {
                ((lx, 1), (nry, ncy))
            } else {
                ((0, 0), (nry, ncy))
            }
        }
        (Some((nrx, ncx)), None) => {
            if ly == ncx {
                ((nrx, ncx), (ncx, 1))
            } else if ncx == 1 {
                ((nrx, ncx), (1, ly))
            } else {
                ((nrx, ncx), (0, 0))
            }
        }
        (None, None) => {
            if lx == ly {
                ((1, lx), (ly, 1))
            } else if lx == 1 {
                ((1, 1), (1, ly))
            } else if ly == 1 {
                ((lx, 1), (1, 1))
            } else {
                ((1, lx), (ly, 1))
            }
        }
    };
    if ncx != nry {
        return Err(RError::new("non-conformable arguments"));
    }
    let (xs, ys) = (dbl_data(&vx.data), dbl_data(&vy.data));
    if xs.len() < nrx * ncx || ys.len() < nry * ncy {
        return Err(RError::new("non-conformable arguments"));
    }
    Ok(matrix_of(
        VecData::Dbl(matmul(&xs, nrx, ncx, &ys, ncy)),
        nrx,
        ncy,
    ))
}

fn bi_crossprod(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "y"])?;
    let x = b.take(0).ok_or_else(|| missing("x"))?;
    let y = b.take(1).unwrap_or(Value::Null);
    let y = if y.is_null() { x.clone() } else { y };
    let (vx, vy) = (numeric_matrix_arg(&x)?, numeric_matrix_arg(&y)?);
    let (nrx, ncx) = matrix_dims(&vx).unwrap_or((vx.len(), 1));
    let (nry, ncy) = match matrix_dims(&vy) {
        Some(d) => d,
        None if vy.len() == nrx => (nrx, 1),
        None if nrx == 1 => (1, vy.len()),
        None => (vy.len(), 1),
    };
    if nrx != nry {
        return Err(RError::new("non-conformable arguments"));
    }
    let (xs, ys) = (dbl_data(&vx.data), dbl_data(&vy.data));
    if xs.len() < nrx * ncx || ys.len() < nry * ncy {
        return Err(RError::new("non-conformable arguments"));
    }
    let mut out = vec![0.0; ncx * ncy];
    for j in 0..ncy {
        for i in 0..ncx {
            let mut s = 0.0;
            for k in 0..nrx {
                s += xs[k + i * nrx] * ys[k + j * nry];
            }
            out[i + j * ncx] = s;
        }
    }
    Ok(matrix_of(VecData::Dbl(out), ncx, ncy))
}

/// `colSums`/`rowSums` (`by_col`), `colMeans`/`rowMeans` (`mean`).
fn margin_sums(args: Args, by_col: bool, mean: bool) -> RResult<Value> {
    let (x, mut b) = bind_x(args, &["x", "na.rm", "dims"])?;
    let narm = flag(b.take(1), "na.rm")?;
    let v = x
        .as_vector()
        .ok_or_else(|| RError::new("'x' must be an array of at least two dimensions"))?;
    let Some(dims) = v.dims().filter(|d| d.len() >= 2) else {
        return Err(RError::new(
            "'x' must be an array of at least two dimensions",
        ));
    };
    // `dims = k`: the first k dimensions are the rows, the others the columns.
    let k = match b.take(2).and_then(|d| d.first_f64()) {
        None => 1,
        Some(k) if k >= 1.0 && k < dims.len() as f64 && k == k.trunc() => k as usize,
        Some(_) => return Err(RError::new("invalid 'dims'")),
    };
    let (nr, nc) = (
        dims[..k].iter().product::<usize>(),
        dims[k..].iter().product::<usize>(),
    );
    let out_dims = if by_col { &dims[k..] } else { &dims[..k] };
    if v.vtype() > VType::Dbl {
        return Err(RError::new("'x' must be numeric"));
    }
    let xs = dbl_data(&v.data);
    let (nout, nin) = if by_col { (nc, nr) } else { (nr, nc) };
    let mut out = Vec::with_capacity(nout);
    for o in 0..nout {
        let mut s = 0.0;
        let mut cnt = 0usize;
        for k in 0..nin {
            let idx = if by_col { k + o * nr } else { o + k * nr };
            let e = xs.get(idx).copied().unwrap_or(na_real());
            if narm && e.is_nan() {
                continue;
            }
            s += e;
            cnt += 1;
        }
        out.push(if mean { s / cnt as f64 } else { s });
    }
    let mut res = Vector::new(VecData::Dbl(out));
    let parts: Option<(Vec<Value>, Option<Value>)> = match v.attr("dimnames") {
        Some(Value::Vec(dn)) => match &dn.data {
            VecData::List(l) => {
                let r = if by_col { k..dims.len() } else { 0..k };
                let names = dn.names().map(|n| str_vec(n[r.clone()].to_vec()));
                Some((
                    r.map(|i| l.get(i).cloned().unwrap_or(Value::Null))
                        .collect(),
                    names,
                ))
            }
            _ => None,
        },
        _ => None,
    };
    if out_dims.len() == 1 {
        if let Some((p, _)) = &parts {
            if !p[0].is_null() {
                res.set_attr("names", p[0].clone());
            }
        }
        return Ok(Value::from_vector(res));
    }
    // More than one dimension left: an array of those.
    res.set_attr(
        "dim",
        Value::Vec(std::rc::Rc::new(Vector::new(VecData::Int(
            out_dims.iter().map(|&d| d as i32).collect(),
        )))),
    );
    let res = Value::Vec(std::rc::Rc::new(res));
    match parts {
        Some((p, names)) => {
            let mut l = Vector::new(VecData::List(p));
            if let Some(n) = names {
                l.set_attr("names", n);
            }
            super::matrix::dimnames_assign(res, Value::Vec(std::rc::Rc::new(l)))
        }
        None => Ok(res),
    }
}
fn bi_colsums(_: &mut Interp, args: Args) -> RResult<Value> {
    margin_sums(args, true, false)
}
fn bi_rowsums(_: &mut Interp, args: Args) -> RResult<Value> {
    margin_sums(args, false, false)
}
fn bi_colmeans(_: &mut Interp, args: Args) -> RResult<Value> {
    margin_sums(args, true, true)
}
fn bi_rowmeans(_: &mut Interp, args: Args) -> RResult<Value> {
    margin_sums(args, false, true)
}

pub const BUILTINS: &[BuiltinDef] = &[
    BuiltinDef::new("abs", bi_abs).with_scalar(one_abs),
    BuiltinDef::new("sqrt", bi_sqrt).with_scalar(one_sqrt),
    BuiltinDef::new("exp", bi_exp).with_scalar(one_exp),
    BuiltinDef::new("log", bi_log),
    BuiltinDef::new("log2", bi_log2).with_scalar(one_log2),
    BuiltinDef::new("log10", bi_log10).with_scalar(one_log10),
    BuiltinDef::new("log1p", bi_log1p).with_scalar(one_log1p),
    BuiltinDef::new("expm1", bi_expm1).with_scalar(one_expm1),
    BuiltinDef::new("sin", bi_sin).with_scalar(one_sin),
    BuiltinDef::new("cos", bi_cos).with_scalar(one_cos),
    BuiltinDef::new("tan", bi_tan).with_scalar(one_tan),
    BuiltinDef::new("asin", bi_asin).with_scalar(one_asin),
    BuiltinDef::new("acos", bi_acos).with_scalar(one_acos),
    BuiltinDef::new("atan", bi_atan).with_scalar(one_atan),
    BuiltinDef::new("sinh", bi_sinh).with_scalar(one_sinh),
    BuiltinDef::new("cosh", bi_cosh).with_scalar(one_cosh),
    BuiltinDef::new("tanh", bi_tanh).with_scalar(one_tanh),
    BuiltinDef::new("atan2", bi_atan2),
    BuiltinDef::new("floor", bi_floor).with_scalar(one_floor),
    BuiltinDef::new("ceiling", bi_ceiling).with_scalar(one_ceiling),
    BuiltinDef::new("trunc", bi_trunc).with_scalar(one_trunc),
    BuiltinDef::new("sign", bi_sign).with_scalar(one_sign),
    BuiltinDef::new("round", bi_round),
    BuiltinDef::new("signif", bi_signif),
    BuiltinDef::new("Re", bi_re),
    BuiltinDef::new("Im", bi_im),
    BuiltinDef::new("Mod", bi_mod),
    BuiltinDef::new("Arg", bi_arg),
    BuiltinDef::new("Conj", bi_conj),
    BuiltinDef::new("bitwAnd", bi_bitwand).with_scalar(one_bitwand),
    BuiltinDef::new("bitwOr", bi_bitwor).with_scalar(one_bitwor),
    BuiltinDef::new("bitwXor", bi_bitwxor).with_scalar(one_bitwxor),
    BuiltinDef::new("bitwNot", bi_bitwnot),
    BuiltinDef::new("bitwShiftL", bi_bitwshiftl).with_scalar(one_bitwshiftl),
    BuiltinDef::new("bitwShiftR", bi_bitwshiftr).with_scalar(one_bitwshiftr),
    BuiltinDef::new("sum", bi_sum),
    BuiltinDef::new("prod", bi_prod),
    BuiltinDef::new("max", bi_max),
    BuiltinDef::new("min", bi_min),
    BuiltinDef::new("range", bi_range),
    BuiltinDef::new("mean", bi_mean),
    BuiltinDef::new("cumsum", bi_cumsum),
    BuiltinDef::new("cumprod", bi_cumprod),
    BuiltinDef::new("cummax", bi_cummax),
    BuiltinDef::new("cummin", bi_cummin),
    BuiltinDef::new("pmax", bi_pmax),
    BuiltinDef::new("pmin", bi_pmin),
    BuiltinDef::new("any", bi_any),
    BuiltinDef::new("all", bi_all),
    BuiltinDef::new("which", bi_which),
    BuiltinDef::new("ifelse", bi_ifelse),
    BuiltinDef::new("which.max", bi_which_max),
    BuiltinDef::new("which.min", bi_which_min),
    BuiltinDef::new("is.na", bi_is_na),
    BuiltinDef::new("is.nan", bi_is_nan),
    BuiltinDef::new("is.finite", bi_is_finite),
    BuiltinDef::new("is.infinite", bi_is_infinite),
    BuiltinDef::new("%*%", bi_matprod),
    BuiltinDef::new("crossprod", bi_crossprod),
    BuiltinDef::new("colSums", bi_colsums),
    BuiltinDef::new("rowSums", bi_rowsums),
    BuiltinDef::new("colMeans", bi_colmeans),
    BuiltinDef::new("rowMeans", bi_rowmeans),
    BuiltinDef::new("gamma", bi_gamma),
    BuiltinDef::new("lgamma", bi_lgamma),
    BuiltinDef::new("beta", bi_beta),
    BuiltinDef::new("lbeta", bi_lbeta),
    BuiltinDef::new("choose", bi_choose),
    BuiltinDef::new("lchoose", bi_lchoose),
    BuiltinDef::new("factorial", bi_factorial),
    BuiltinDef::new("lfactorial", bi_lfactorial),
];

#[cfg(test)]
mod tests {
    //! Expected values come from GNU R 4.2 (`Rscript --vanilla`).
    use super::*;
    use std::rc::Rc;

    fn call(it: &mut Interp, name: &str, vals: Vec<Value>) -> RResult<Value> {
        let f = crate::builtins::lookup(name).expect("builtin exists");
        it.call_function(&f, Args::positional(vals))
    }
    fn call_named(it: &mut Interp, name: &str, vals: Vec<(Option<&str>, Value)>) -> RResult<Value> {
        let f = crate::builtins::lookup(name).expect("builtin exists");
        let mut a = Args::new();
        for (n, v) in vals {
            a.push(n.map(Into::into), v);
        }
        it.call_function(&f, a)
    }
    fn dbls(v: &[f64]) -> Value {
        Value::Vec(Rc::new(Vector::new(VecData::Dbl(v.to_vec()))))
    }
    fn ints(v: &[i32]) -> Value {
        Value::Vec(Rc::new(Vector::new(VecData::Int(v.to_vec()))))
    }
    fn dbl_of(v: &Value) -> Vec<f64> {
        dbl_data(&v.as_vector().unwrap().data).into_owned()
    }

    #[test]
    fn round_half_even_and_digits() {
        // round(c(0.5, 1.5, 2.5, -0.5, -1.5, 2.675)) -> 0 2 2 0 -2 3
        let xs = [0.5, 1.5, 2.5, -0.5, -1.5, 2.675];
        let r: Vec<f64> = xs.iter().map(|&x| fround(x, 0.0)).collect();
        assert_eq!(r, vec![0.0, 2.0, 2.0, -0.0, -2.0, 3.0]);
        // round(2.675, 2) 2.67; round(1.005, 2) 1; round(0.125, 2) 0.12; round(-1.005, 2) -1;
        // round(0.15, 1) 0.1; round(0.285, 2) 0.28; round(10.555, 2) 10.55; round(-2.567, 1) -2.6
        assert_eq!(fround(2.675, 2.0), 2.67);
        assert_eq!(fround(1.005, 2.0), 1.0);
        assert_eq!(fround(0.125, 2.0), 0.12);
        assert_eq!(fround(-1.005, 2.0), -1.0);
        assert_eq!(fround(0.15, 1.0), 0.1);
        assert_eq!(fround(0.285, 2.0), 0.28);
        assert_eq!(fround(10.555, 2.0), 10.55);
        assert_eq!(fround(-2.567, 1.0), -2.6);
        // round(1234.5, -1) 1230; round(123.456, -1) 120; round(1234.5678, -2) 1200
        assert_eq!(fround(1234.5, -1.0), 1230.0);
        assert_eq!(fround(123.456, -1.0), 120.0);
        assert_eq!(fround(1234.5678, -2.0), 1200.0);
        // round(12345.6789, 3) prints 12345.68 (value 12345.679)
        assert_eq!(fround(12345.6789, 3.0), 12345.679);
        // signif(123456, 2) 120000; signif(0.000123456, 2) 0.00012; signif(-0.0012345, 3) -0.00123
        assert_eq!(fprec(123456.0, 2.0), 120000.0);
        assert_eq!(fprec(0.000123456, 2.0), 0.00012);
        assert_eq!(fprec(-0.0012345, 3.0), -0.00123);
        assert_eq!(fprec(123.456, 2.0), 120.0);
    }

    #[test]
    fn math_types_and_warnings() {
        let mut it = Interp::new();
        // typeof(abs(1L)) integer; typeof(floor(1L)) double
        assert!(matches!(
            call(&mut it, "abs", vec![Value::Int(-3)]).unwrap(),
            Value::Int(3)
        ));
        assert!(matches!(
            call(&mut it, "floor", vec![Value::Int(1)]).unwrap(),
            Value::Dbl(_)
        ));
        // sqrt(-1) NaN with "NaNs produced"
        let r = call(&mut it, "sqrt", vec![Value::Dbl(-1.0)]).unwrap();
        assert!(matches!(r, Value::Dbl(x) if x.is_nan()));
        assert_eq!(it.warnings[0].1, "NaNs produced");
        // log(100, 10) 2; log(8, base=2) 3; abs(-3+4i) 5; sqrt(-1+0i) 0+1i
        let r = call_named(
            &mut it,
            "log",
            vec![(None, Value::Dbl(8.0)), (Some("base"), Value::Dbl(2.0))],
        )
        .unwrap();
        assert!(matches!(r, Value::Dbl(x) if x == 3.0));
        assert!(
            matches!(call(&mut it, "abs", vec![Value::cplx(C64::new(-3.0, 4.0))]).unwrap(), Value::Dbl(x) if x == 5.0)
        );
        assert_eq!(
            call(&mut it, "sqrt", vec![Value::cplx(C64::new(-1.0, 0.0))]).unwrap(),
            Value::cplx(C64::new(0.0, 1.0))
        );
        assert_eq!(
            call(&mut it, "sqrt", vec![Value::str("a")])
                .unwrap_err()
                .msg,
            "non-numeric argument to mathematical function"
        );
        // abs(c(a=-1.5, b=2)) keeps names
        let mut x = dbls(&[-1.5, 2.0]);
        x.set_attr("names", Value::strs(&["a", "b"]));
        assert_eq!(
            call(&mut it, "abs", vec![x]).unwrap().attr("names"),
            Some(&Value::strs(&["a", "b"]))
        );
    }

    #[test]
    fn summaries() {
        let mut it = Interp::new();
        // sum(1L, 2L) integer; sum(c(.Machine$integer.max, 1L)) 2147483648 (double, no warning)
        assert!(matches!(
            call(&mut it, "sum", vec![Value::Int(1), Value::Int(2)]).unwrap(),
            Value::Int(3)
        ));
        assert!(
            matches!(call(&mut it, "sum", vec![ints(&[i32::MAX, 1])]).unwrap(), Value::Dbl(x) if x == 2147483648.0)
        );
        assert!(it.warnings.is_empty());
        // sum(1:3, 2.5) 8.5; sum() 0L; prod(1:20) 2.432902e+18
        assert!(
            matches!(call(&mut it, "sum", vec![ints(&[1, 2, 3]), Value::Dbl(2.5)]).unwrap(), Value::Dbl(x) if x == 8.5)
        );
        assert!(matches!(
            call(&mut it, "sum", vec![]).unwrap(),
            Value::Int(0)
        ));
        let p = call(&mut it, "prod", vec![ints(&(1..=20).collect::<Vec<_>>())]).unwrap();
        assert!(matches!(p, Value::Dbl(x) if x == 2432902008176640000.0));
        // max(numeric(0)) -Inf with warning
        let r = call(&mut it, "max", vec![dbls(&[])]).unwrap();
        assert!(matches!(r, Value::Dbl(x) if x == f64::NEG_INFINITY));
        assert_eq!(
            it.warnings[0].1,
            "no non-missing arguments to max; returning -Inf"
        );
        // max(TRUE, FALSE) 1L; max(NA, 3) NA; max(c(1,NA), na.rm=TRUE) 1; max("a", 1) "a"
        assert!(matches!(
            call(&mut it, "max", vec![Value::Lgl(1), Value::Lgl(0)]).unwrap(),
            Value::Int(1)
        ));
        assert!(
            matches!(call(&mut it, "max", vec![Value::Lgl(NA_LOGICAL), Value::Dbl(3.0)]).unwrap(), Value::Dbl(x) if is_na_real(x))
        );
        let r = call_named(
            &mut it,
            "max",
            vec![
                (None, dbls(&[1.0, na_real()])),
                (Some("na.rm"), Value::Lgl(1)),
            ],
        )
        .unwrap();
        assert!(matches!(r, Value::Dbl(x) if x == 1.0));
        assert_eq!(
            call(&mut it, "max", vec![Value::str("a"), Value::Dbl(1.0)]).unwrap(),
            Value::str("a")
        );
        // mean(c(1L,2L,4L)) 2.333333; range(c(3,1,NA), na.rm=TRUE) 1 3
        assert!(
            matches!(call(&mut it, "mean", vec![ints(&[1, 2, 4])]).unwrap(), Value::Dbl(x) if (x - 7.0 / 3.0).abs() < 1e-15)
        );
        let r = call_named(
            &mut it,
            "range",
            vec![
                (None, dbls(&[3.0, 1.0, na_real()])),
                (Some("na.rm"), Value::Lgl(1)),
            ],
        )
        .unwrap();
        assert_eq!(dbl_of(&r), vec![1.0, 3.0]);
    }

    #[test]
    fn cumulative_and_parallel() {
        let mut it = Interp::new();
        // cumsum(c(.Machine$integer.max, 1L)) 2147483647 NA with warning
        let r = call(&mut it, "cumsum", vec![ints(&[i32::MAX, 1])]).unwrap();
        assert_eq!(r, int_vec(vec![i32::MAX, NA_INTEGER]));
        assert_eq!(
            it.warnings[0].1,
            "integer overflow in 'cumsum'; use 'cumsum(as.numeric(.))'"
        );
        // cumsum(c(a=1L,b=NA,c=3L)) -> a b c / 1 NA NA
        let mut x = ints(&[1, NA_INTEGER, 3]);
        x.set_attr("names", Value::strs(&["a", "b", "c"]));
        let r = call(&mut it, "cumsum", vec![x]).unwrap();
        assert_eq!(
            r.as_vector().unwrap().data,
            VecData::Int(vec![1, NA_INTEGER, NA_INTEGER])
        );
        assert!(r.attr("names").is_some());
        // pmin(1:4, c(2,NA)) 1 NA 2 NA; pmax(c(1,NA,3), 2, na.rm=TRUE) 2 2 3
        let r = call(
            &mut it,
            "pmin",
            vec![ints(&[1, 2, 3, 4]), dbls(&[2.0, na_real()])],
        )
        .unwrap();
        let d = dbl_of(&r);
        assert_eq!((d[0], d[2]), (1.0, 2.0));
        assert!(d[1].is_nan() && d[3].is_nan());
        let r = call_named(
            &mut it,
            "pmax",
            vec![
                (None, dbls(&[1.0, na_real(), 3.0])),
                (None, Value::Dbl(2.0)),
                (Some("na.rm"), Value::Lgl(1)),
            ],
        )
        .unwrap();
        assert_eq!(dbl_of(&r), vec![2.0, 2.0, 3.0]);
    }

    #[test]
    fn logical_summaries() {
        let mut it = Interp::new();
        // any(c(1,0)) TRUE with coercion warning; all(NA, TRUE) NA; any(NA, TRUE) TRUE
        assert_eq!(
            call(&mut it, "any", vec![dbls(&[1.0, 0.0])]).unwrap(),
            Value::lgl(true)
        );
        assert_eq!(
            it.warnings[0].1,
            "coercing argument of type 'double' to logical"
        );
        assert!(matches!(
            call(&mut it, "all", vec![Value::Lgl(NA_LOGICAL), Value::Lgl(1)]).unwrap(),
            Value::Lgl(NA_LOGICAL)
        ));
        assert_eq!(
            call(&mut it, "any", vec![Value::Lgl(NA_LOGICAL), Value::Lgl(1)]).unwrap(),
            Value::lgl(true)
        );
        // which(c(a=TRUE,b=FALSE,c=TRUE)) -> a c / 1 3; which.max(c(a=1,b=3,c=3)) -> b 2
        let mut l = Value::from_data(VecData::Lgl(vec![1, 0, 1]));
        l.set_attr("names", Value::strs(&["a", "b", "c"]));
        let r = call(&mut it, "which", vec![l]).unwrap();
        assert_eq!(r.as_vector().unwrap().data, VecData::Int(vec![1, 3]));
        assert_eq!(r.attr("names"), Some(&Value::strs(&["a", "c"])));
        let mut x = dbls(&[1.0, 3.0, 3.0]);
        x.set_attr("names", Value::strs(&["a", "b", "c"]));
        let r = call(&mut it, "which.max", vec![x]).unwrap();
        assert_eq!(r.as_vector().unwrap().data, VecData::Int(vec![2]));
        assert_eq!(
            call(&mut it, "which", vec![Value::Dbl(1.0)])
                .unwrap_err()
                .msg,
            "argument to 'which' is not logical"
        );
        // is.nan(c(1, NaN, NA)) F T F
        let r = call(&mut it, "is.nan", vec![dbls(&[1.0, f64::NAN, na_real()])]).unwrap();
        assert_eq!(r, lgl_vec(vec![0, 1, 0]));
    }

    #[test]
    fn matrices_and_bits() {
        let mut it = Interp::new();
        let mut m = ints(&[1, 2, 3, 4, 5, 6]);
        m.set_attr("dim", int_vec(vec![2, 3]));
        // m %*% 1:3 -> 22 28 (2x1); 1:2 %*% m -> 5 11 17 (1x3); crossprod(m)[1,] 5 11 17
        let r = call(&mut it, "%*%", vec![m.clone(), ints(&[1, 2, 3])]).unwrap();
        assert_eq!(dbl_of(&r), vec![22.0, 28.0]);
        assert_eq!(r.attr("dim"), Some(&int_vec(vec![2, 1])));
        let r = call(&mut it, "%*%", vec![ints(&[1, 2]), m.clone()]).unwrap();
        assert_eq!(dbl_of(&r), vec![5.0, 11.0, 17.0]);
        let r = call(&mut it, "crossprod", vec![m.clone()]).unwrap();
        assert_eq!(
            dbl_of(&r),
            vec![5.0, 11.0, 17.0, 11.0, 25.0, 39.0, 17.0, 39.0, 61.0]
        );
        // colSums(m) 3 7 11; rowSums(m) 9 12
        assert_eq!(
            dbl_of(&call(&mut it, "colSums", vec![m.clone()]).unwrap()),
            vec![3.0, 7.0, 11.0]
        );
        assert_eq!(
            dbl_of(&call(&mut it, "rowSums", vec![m]).unwrap()),
            vec![9.0, 12.0]
        );
        // bitwAnd(12L, 10L) 8; bitwShiftL(1L, 31L) NA; bitwShiftR(-1L, 28L) 15; bitwNot(0L) -1
        assert!(matches!(
            call(&mut it, "bitwAnd", vec![Value::Int(12), Value::Int(10)]).unwrap(),
            Value::Int(8)
        ));
        assert!(matches!(
            call(&mut it, "bitwShiftL", vec![Value::Int(1), Value::Int(31)]).unwrap(),
            Value::Int(NA_INTEGER)
        ));
        assert!(matches!(
            call(&mut it, "bitwShiftR", vec![Value::Int(-1), Value::Int(28)]).unwrap(),
            Value::Int(15)
        ));
        assert!(matches!(
            call(&mut it, "bitwNot", vec![Value::Int(0)]).unwrap(),
            Value::Int(-1)
        ));
    }
}
