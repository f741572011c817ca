//! Statistics helpers of R's `stats` and `base` packages that user scripts use
//! everywhere: `median`, `var` (of a vector), `sd`, `diff`, `prop.table` /
//! `proportions` (without margins), `quantile` (type 7), `IQR`, `mad`,
//! `rank`, Pearson's `cor` and `cov`. They follow the R closures' results:
//! types, names, NA handling and error messages of GNU R 4.2 (and its
//! long-double accumulations in `cov.c`).

use super::arith::{arith, collate};
use super::math::flag;
use super::BuiltinDef;
use crate::args::Args;
use crate::bytecode::ArithOp;
use crate::coerce::coerce_data_warn;
use crate::error::{RError, RResult};
use crate::interp::Interp;
use crate::value::*;

pub const BUILTINS: &[BuiltinDef] = &[
    BuiltinDef::new("median", bi_median),
    BuiltinDef::new("median.default", bi_median),
    BuiltinDef::new("var", bi_var),
    BuiltinDef::new("sd", bi_sd),
    BuiltinDef::new("diff", bi_diff),
    BuiltinDef::new("diff.default", bi_diff),
    BuiltinDef::new("prop.table", bi_prop_table),
    BuiltinDef::new("proportions", bi_prop_table),
    BuiltinDef::new("quantile", bi_quantile),
    BuiltinDef::new("IQR", bi_iqr),
    BuiltinDef::new("mad", bi_mad),
    BuiltinDef::new("rank", bi_rank),
    BuiltinDef::new("cor", bi_cor),
    BuiltinDef::new("cov", bi_cov),
];

fn missing(name: &str) -> RError {
    RError::new(format!("argument \"{}\" is missing, with no default", name))
}

// ---------------------------------------------------------------------------
// median
// ---------------------------------------------------------------------------

/// `median(x, na.rm = FALSE)` as `median.default`: names dropped; an NA (without
/// `na.rm`) or no data gives NA of `x`'s type; an odd count gives the middle
/// element of `x`'s type (logical, integer, double or character); an even count
/// the mean of the two middle ones (a double; NA with a warning for strings).
fn bi_median(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "na.rm", "..."])?;
    let x = b.take(0).ok_or_else(|| missing("x"))?;
    let narm = flag(b.take(1), "na.rm")?;
    let v = match &x {
        Value::Null => return Ok(Value::Null),
        Value::Closure(_) | Value::Builtin(_) | Value::Env(_) | Value::Lang(_) => {
            return Err(RError::unsupported(format!(
                "median() of a {}",
                x.type_name()
            )))
        }
        v => v.as_vector().unwrap(),
    };
    let t = v.vtype();
    match t {
        VType::List => return Err(RError::new("'x' must be atomic")),
        VType::Cplx => return Err(RError::unsupported("median() of complex numbers")),
        _ => {}
    }
    let keep: Vec<Option<usize>> = (0..v.len())
        .filter(|&i| !(narm && v.data.is_na(i)))
        .map(Some)
        .collect();
    let na = || Value::from_data(VecData::na_filled(t, 1));
    if keep.is_empty() || (!narm && (0..v.len()).any(|i| v.data.is_na(i))) {
        return Ok(na());
    }
    let data = v.data.select(&keep);
    let n = data.len();
    let half = n.div_ceil(2) - 1;
    let odd = n % 2 == 1;
    Ok(match data {
        VecData::Lgl(mut d) | VecData::Int(mut d) => {
            d.sort_unstable();
            if odd {
                let r = vec![d[half]];
                Value::from_data(if t == VType::Lgl {
                    VecData::Lgl(r)
                } else {
                    VecData::Int(r)
                })
            } else {
                Value::Dbl((d[half] as f64 + d[half + 1] as f64) / 2.0)
            }
        }
        VecData::Dbl(mut d) => {
            d.sort_unstable_by(|a, b| a.partial_cmp(b).unwrap());
            if odd {
                Value::Dbl(d[half])
            } else {
                Value::Dbl(super::extended_sum::long_mean(&d[half..half + 2]))
            }
        }
        VecData::Str(mut d) => {
            if !odd {
                interp.warning("argument is not numeric or logical: returning NA")?;
                return Ok(Value::Dbl(na_real()));
            }
            d.sort_by(|a, b| collate(a.as_deref().unwrap(), b.as_deref().unwrap()));
            Value::from_data(VecData::Str(vec![d[half].clone()]))
        }
        _ => na(),
    })
}

// ---------------------------------------------------------------------------
// var, sd
// ---------------------------------------------------------------------------

/// The data of `var`'s `x` as doubles: NULL is an error (`var`) or no data
/// (`sd`); lists and functions are not atomic; character is coerced with R's
/// warning; matrices (a covariance matrix in R) are refused unless `flatten`.
fn numeric_data(interp: &mut Interp, x: &Value, flatten: bool) -> RResult<Vec<f64>> {
    let v = match x {
        Value::Null if flatten => return Ok(Vec::new()),
        Value::Null => return Err(RError::new("'x' is NULL")),
        Value::Closure(_) | Value::Builtin(_) | Value::Env(_) | Value::Lang(_) => {
            return Err(RError::new("is.atomic(x) is not TRUE"))
        }
        v => v.as_vector().unwrap(),
    };
    match v.vtype() {
        VType::List => return Err(RError::new("is.atomic(x) is not TRUE")),
        VType::Cplx => return Err(RError::unsupported("var() of complex numbers")),
        _ => {}
    }
    if !flatten && v.attr("dim").is_some() {
        return Err(RError::unsupported(
            "var() of a matrix (a covariance matrix); use var(as.vector(x))",
        ));
    }
    let (d, warn) = coerce_data_warn(&v.data, VType::Dbl);
    if warn {
        interp.warning("NAs introduced by coercion")?;
    }
    match d {
        VecData::Dbl(d) => Ok(d),
        _ => unreachable!("coerced to double"),
    }
}

/// R's variance (`cov.c`): NA if any value is NA/NaN (after removing them with
/// `na.rm`) or fewer than two remain; else `extended_sum::long_var`.
fn variance(xs: Vec<f64>, narm: bool) -> f64 {
    let xs: Vec<f64> = if narm {
        xs.into_iter().filter(|x| !x.is_nan()).collect()
    } else if xs.iter().any(|x| x.is_nan()) {
        return na_real();
    } else {
        xs
    };
    if xs.len() < 2 {
        return na_real();
    }
    super::extended_sum::long_var(&xs)
}

/// `var(x, y = NULL, na.rm = FALSE, use)` of a vector.
fn bi_var(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "y", "na.rm", "use"])?;
    let x = b.take(0).ok_or_else(|| missing("x"))?;
    if b.take(1).is_some_and(|y| !y.is_null()) {
        return Err(RError::unsupported("var(x, y) (a covariance)"));
    }
    let narm = flag(b.take(2), "na.rm")?;
    if b.take(3).is_some() {
        return Err(RError::unsupported("var(use = )"));
    }
    let xs = numeric_data(interp, &x, false)?;
    Ok(Value::Dbl(variance(xs, narm)))
}

/// `sd(x, na.rm = FALSE)`: `sqrt(var(as.double(x)))`; a matrix is one vector.
fn bi_sd(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "na.rm"])?;
    let x = b.take(0).ok_or_else(|| missing("x"))?;
    let narm = flag(b.take(1), "na.rm")?;
    let xs = numeric_data(interp, &x, true)?;
    Ok(Value::Dbl(variance(xs, narm).sqrt()))
}

// ---------------------------------------------------------------------------
// diff
// ---------------------------------------------------------------------------

/// A `lag`/`differences` count as `diff.default` checks it.
fn count_arg(v: Option<Value>, must_have_one: bool) -> RResult<Option<f64>> {
    let bad = || RError::new("'lag' and 'differences' must be integers >= 1");
    let Some(v) = v else { return Ok(None) };
    if (must_have_one && v.len() != 1) || v.len() > 1 {
        return Err(bad());
    }
    match v.first_f64() {
        None if v.is_empty() || v.vtype() == Some(VType::Str) => Err(bad()),
        Some(d) if !d.is_nan() && d < 1.0 => Err(bad()),
        Some(d) if !d.is_nan() => Ok(Some(d)),
        _ => Err(RError::new("missing value where TRUE/FALSE needed")),
    }
}

fn int_range(from: usize, to: usize) -> Value {
    int_vec((from..=to).map(|i| i as i32).collect())
}

/// `diff(x, lag = 1, differences = 1)` of a vector or of a matrix's rows:
/// `r[-(1:lag)] - r[1:(n - lag)]`, `differences` times, through `[` and `-`
/// (names, dimnames, integer overflow and type errors as theirs). Too short an
/// `x` gives `x[0L]`; the class attribute is kept.
fn bi_diff(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "lag", "differences", "..."])?;
    let x = b.take(0).ok_or_else(|| missing("x"))?;
    let lag = count_arg(b.take(1), true)?.unwrap_or(1.0);
    let differences = count_arg(b.take(2), false)?.unwrap_or(1.0);
    let dims = x.as_vector().and_then(|v| v.dim2());
    let xlen = dims.map_or(x.len(), |(nr, _)| nr);
    if x.attr("dim").is_some() && dims.is_none() {
        return Err(RError::unsupported("diff() of an array that is not 2-d"));
    }
    if lag * differences >= xlen as f64 {
        return super::subset::index(interp, &x, &[Some(Value::Int(0))], true);
    }
    let (lag, differences) = (lag as usize, differences as usize);
    let class = x.attr("class").cloned();
    let mut r = x;
    r.set_attr("class", Value::Null);
    for _ in 0..differences {
        let n = match r.as_vector().and_then(|v| v.dim2()) {
            Some((nr, _)) => nr,
            None => r.len(),
        };
        let (later, earlier) = (int_range(lag + 1, n), int_range(1, n - lag));
        let (a, b) = if dims.is_some() {
            (
                super::subset::index(interp, &r, &[Some(later), None], false)?,
                super::subset::index(interp, &r, &[Some(earlier), None], false)?,
            )
        } else {
            (
                super::subset::index(interp, &r, &[Some(later)], true)?,
                super::subset::index(interp, &r, &[Some(earlier)], true)?,
            )
        };
        r = arith(interp, ArithOp::Sub, &a, &b)?;
    }
    if let Some(c) = class {
        r.set_attr("class", c);
    }
    Ok(r)
}

// ---------------------------------------------------------------------------
// prop.table / proportions
// ---------------------------------------------------------------------------

/// `prop.table(x, margin = NULL)`: `x / sum(x)` (attributes of `x` kept).
fn bi_prop_table(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "margin"])?;
    let x = b.take(0).ok_or_else(|| missing("x"))?;
    if b.take(1).is_some_and(|m| !m.is_null()) {
        return Err(RError::unsupported("prop.table(x, margin) (sweep)"));
    }
    let sum = super::lookup("sum").expect("builtin exists");
    let s = interp.call_function(&sum, Args::positional(vec![x.clone()]))?;
    arith(interp, ArithOp::Div, &x, &s)
}

// ---------------------------------------------------------------------------
// quantile, IQR
// ---------------------------------------------------------------------------

/// Whether `x` has class "factor" (R's `is.factor`).
fn is_factor(x: &Value) -> bool {
    x.explicit_class()
        .is_some_and(|c| c.iter().any(|c| c == "factor"))
}

/// The running builtin's call with its function renamed to `method` (R's
/// S3 default method runs with the generic's call: `quantile.default(x)`).
pub(crate) fn method_call(interp: &Interp, method: &str) -> String {
    use crate::ast::{Expr, ExprKind};
    match interp.current_call_expr() {
        Some(e) => {
            let mut e = e.clone();
            if let ExprKind::Call(f, _) = &mut e.kind {
                **f = Expr::new(ExprKind::Ident(method.into()), f.pos);
            }
            crate::deparse::deparse(&e)
        }
        None => format!("{}()", method),
    }
}

/// The first line of R's deparse of the call written `src`.
fn call_text(src: &str) -> String {
    match crate::parser::parse_program(src, "<call>") {
        Ok(p) if !p.exprs.is_empty() => crate::deparse::deparse(&p.exprs[0]),
        _ => src.to_string(),
    }
}

/// R's `formatC(x, format = "fg", digits = dig, width = 1)` of one number:
/// `dig` significant digits in fixed notation, trailing zeros dropped.
fn format_fg(x: f64, dig: usize) -> String {
    if x.is_nan() {
        return "NA".into();
    }
    if x.is_infinite() {
        return if x > 0.0 { "Inf" } else { "-Inf" }.into();
    }
    if x == 0.0 {
        return "0".into();
    }
    let dig = dig.max(1);
    let ax = x.abs();
    let mut xx = x;
    let mut iex = (ax.log10() + 1e-12).floor() as i32;
    let big = crate::format::fround(ax / 10f64.powi(iex) + 1e-12, (dig - 1) as f64);
    if iex > 0 && big >= 10.0 {
        xx = big * 10f64.powi(iex);
        iex += 1;
    }
    if iex == -4 && ax < 1e-4 {
        iex = -5;
    }
    if iex < -4 {
        // %g would switch to e-notation: fixed, then the trailing zeros off.
        let s = format!("{:.*}", (dig as i32 - 1 - iex) as usize, xx);
        s.trim_end_matches('0').to_string()
    } else {
        let prec = if iex >= dig as i32 {
            iex as usize + 1
        } else {
            dig
        };
        super::output::c_general(xx, prec, false, false)
    }
}

/// R's `format_perc(probs, digits)`: the names `quantile` gives ("25%",
/// "33.33333%"); "" for NA.
fn format_perc(probs: &[f64], digits: usize) -> Vec<RStr> {
    let x: Vec<f64> = probs.iter().map(|p| 100.0 * p).collect();
    let cells: Vec<String> = if x.len() < 100 {
        x.iter().map(|&v| format_fg(v, digits)).collect()
    } else {
        crate::format::format_real_vec(&x, digits)
            .into_iter()
            .map(|s| s.trim().to_string())
            .collect()
    };
    cells
        .into_iter()
        .zip(&x)
        .map(|(c, v)| Some(if v.is_nan() { String::new() } else { c + "%" }.into()))
        .collect()
}

/// Type 7 quantiles of `x` at `probs` (R's `quantile.default`): `err_call`
/// names the errors about the data.
fn quantile7(
    interp: &mut Interp,
    x: &Value,
    probs: Option<Value>,
    narm: bool,
    names: bool,
    digits: usize,
    err_call: &str,
) -> RResult<Value> {
    let v = match x {
        Value::Null => Vector::new(VecData::Dbl(Vec::new())),
        Value::Closure(_) | Value::Builtin(_) | Value::Env(_) | Value::Lang(_) => {
            return Err(RError::unsupported(format!(
                "quantile() of a {}",
                x.type_name()
            )))
        }
        v => v.as_vector().unwrap().into_owned(),
    };
    if is_factor(x) {
        return Err(RError::unsupported("quantile() of a factor"));
    }
    match v.vtype() {
        VType::Cplx | VType::List => {
            return Err(RError::unsupported(format!(
                "quantile() of a {}",
                x.type_name()
            )))
        }
        _ => {}
    }
    let keep: Vec<Option<usize>> = (0..v.len())
        .filter(|&i| !v.data.is_na(i))
        .map(Some)
        .collect();
    if !narm && keep.len() < v.len() {
        return Err(RError::with_call(
            "missing values and NaN's not allowed if 'na.rm' is FALSE",
            err_call,
        ));
    }
    let data = v.data.select(&keep);
    let mut probs: Vec<f64> = match probs {
        None => vec![0.0, 0.25, 0.5, 0.75, 1.0],
        Some(p) => match p.as_vector() {
            Some(pv) if matches!(pv.vtype(), VType::Lgl | VType::Int | VType::Dbl) => {
                super::arith::dbl_data(&pv.data).into_owned()
            }
            _ if p.is_null() => Vec::new(),
            _ => return Err(RError::unsupported("quantile() with non-numeric 'probs'")),
        },
    };
    let eps = 100.0 * f64::EPSILON;
    if probs
        .iter()
        .any(|&p| !p.is_nan() && (p < -eps || p > 1.0 + eps))
    {
        return Err(RError::with_call("'probs' outside [0,1]", err_call));
    }
    for p in probs.iter_mut() {
        if !p.is_nan() {
            *p = p.clamp(0.0, 1.0);
        }
    }
    let xs: Vec<f64> = match data {
        VecData::Str(_) => {
            return Err(RError::with_call(
                "non-numeric argument to binary operator",
                "(1 - h) * qs[i]",
            ))
        }
        d => {
            let mut xs = super::arith::dbl_data(&d).into_owned();
            xs.sort_by(|a, b| a.partial_cmp(b).unwrap());
            xs
        }
    };
    let n = xs.len();
    let at = |k: f64| -> f64 {
        // x[k] (1-based), NA beyond the data.
        if k >= 1.0 && (k as usize) <= n {
            xs[k as usize - 1]
        } else {
            na_real()
        }
    };
    let qs: Vec<f64> = probs
        .iter()
        .map(|&p| {
            if p.is_nan() {
                return na_real();
            }
            let index = 1.0 + (n as f64 - 1.0).max(0.0) * p;
            let (lo, hi) = (index.floor(), index.ceil());
            let q = at(lo);
            let xh = at(hi);
            if index > lo && !xh.is_nan() && !q.is_nan() && xh != q {
                let h = index - lo;
                (1.0 - h) * q + h * xh
            } else {
                q
            }
        })
        .collect();
    let mut out = Vector::new(VecData::Dbl(qs));
    if names && !probs.is_empty() {
        out.set_attr(
            "names",
            Value::from_data(VecData::Str(format_perc(&probs, digits))),
        );
    }
    let _ = interp;
    Ok(Value::from_vector(out))
}

/// `quantile(x, probs = seq(0, 1, 0.25), na.rm = FALSE, names = TRUE,
/// type = 7, digits = 7, ...)` (`quantile.default`); type 7 only.
fn bi_quantile(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "probs", "na.rm", "names", "type", "digits", "..."])?;
    let x = b.take(0).ok_or_else(|| missing("x"))?;
    let probs = b.take(1);
    let narm = flag(b.take(2), "na.rm")?;
    let names = match b.take(3) {
        None => true,
        Some(v) => flag(Some(v), "names")?,
    };
    if let Some(t) = b.take(4) {
        if t.len() != 1 || t.first_f64() != Some(7.0) {
            return Err(RError::unsupported(format!(
                "quantile(type = {}) (only type 7)",
                crate::deparse::deparse_value_short(&t)
            )));
        }
    }
    let digits = match b.take(5) {
        None => 7,
        Some(d) => match d.first_f64() {
            Some(d) if d >= 1.0 => d as usize,
            _ => return Err(RError::new("digits >= 1 is not TRUE")),
        },
    };
    let call = method_call(interp, "quantile.default");
    quantile7(interp, &x, probs, narm, names, digits, &call)
        .map_err(|e| in_closures(e, &["quantile.default"]))
}

/// An error raised in R code that `inner` (innermost first) run below
/// the builtin: their frames are in R's traceback (`Calls:`).
pub(crate) fn in_closures(mut e: RError, inner: &[&str]) -> RError {
    if e.trace.is_empty() && !matches!(e.kind, crate::error::ErrKind::Unsupported) {
        e.trace = inner.iter().map(|&n| n.into()).collect();
    }
    e
}

/// `IQR(x, na.rm = FALSE, type = 7)`: the difference of the quartiles of
/// `as.numeric(x)`.
fn bi_iqr(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "na.rm", "type"])?;
    let x = b.take(0).ok_or_else(|| missing("x"))?;
    let narm = flag(b.take(1), "na.rm")?;
    if let Some(t) = b.take(2) {
        if t.len() != 1 || t.first_f64() != Some(7.0) {
            return Err(RError::unsupported(format!(
                "IQR(type = {}) (only type 7)",
                crate::deparse::deparse_value_short(&t)
            )));
        }
    }
    let xs = match &x {
        Value::Null => Value::Null,
        _ => Value::from_data(VecData::Dbl(numeric_data(interp, &x, true)?)),
    };
    let call = call_text(
        "quantile.default(as.numeric(x), c(0.25, 0.75), na.rm = na.rm, names = FALSE, type = type)",
    );
    let q = quantile7(
        interp,
        &xs,
        Some(dbl_vec(vec![0.25, 0.75])),
        narm,
        false,
        7,
        &call,
    )
    .map_err(|e| in_closures(e, &["quantile.default", "quantile", "diff"]))?;
    match q
        .as_vector()
        .map(|v| super::arith::dbl_data(&v.data).into_owned())
    {
        Some(q) if q.len() == 2 => Ok(Value::Dbl(q[1] - q[0])),
        _ => Ok(Value::Dbl(na_real())),
    }
}

// ---------------------------------------------------------------------------
// mad
// ---------------------------------------------------------------------------

/// `mad(x, center = median(x), constant = 1.4826, na.rm = FALSE, low =
/// FALSE, high = FALSE)`: `constant * median(abs(x - center))` (the lo- or
/// hi-median for `low`/`high` and an even count), through the builtins.
fn bi_mad(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "center", "constant", "na.rm", "low", "high"])?;
    let mut x = b.take(0).ok_or_else(|| missing("x"))?;
    let center = b.take(1);
    let constant = b.take(2).unwrap_or(Value::Dbl(1.4826));
    let narm = flag(b.take(3), "na.rm")?;
    let low = flag(b.take(4), "low")?;
    let high = flag(b.take(5), "high")?;
    let call = |interp: &mut Interp, name: &str, args: Vec<Value>| {
        let f = super::lookup(name).expect("builtin exists");
        interp.call_function(&f, Args::positional(args))
    };
    if narm {
        if let Some(v) = x.as_vector() {
            let keep: Vec<Option<usize>> = (0..v.len())
                .filter(|&i| !v.data.is_na(i))
                .map(Some)
                .collect();
            if keep.len() < v.len() {
                x = Value::from_data(v.data.select(&keep));
            }
        }
    }
    let n = x.len();
    let center = match center {
        Some(c) => c,
        None => call(interp, "median", vec![x.clone()])?,
    };
    let dev = arith(interp, ArithOp::Sub, &x, &center)?;
    let dev = call(interp, "abs", vec![dev])?;
    let m = if (low || high) && n % 2 == 0 {
        if low && high {
            return Err(RError::new("'low' and 'high' cannot be both TRUE"));
        }
        let n2 = n / 2 + high as usize;
        let mut d: Vec<f64> = match dev.as_vector() {
            Some(v) => super::arith::dbl_data(&v.data)
                .iter()
                .copied()
                .filter(|d| !d.is_nan())
                .collect(),
            None => Vec::new(),
        };
        d.sort_by(|a, b| a.partial_cmp(b).unwrap());
        Value::Dbl(d.get(n2.wrapping_sub(1)).copied().unwrap_or(na_real()))
    } else {
        call(interp, "median", vec![dev])?
    };
    arith(interp, ArithOp::Mul, &constant, &m)
}

// ---------------------------------------------------------------------------
// rank
// ---------------------------------------------------------------------------

/// `rank(x, na.last = TRUE, ties.method = c("average", "first", "last",
/// "random", "max", "min"))`: doubles for "average", integers otherwise;
/// NAs ranked last, first, kept as NA ("keep") or dropped (NA); names kept.
/// `"random"` is refused (random numbers).
fn bi_rank(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "na.last", "ties.method"])?;
    let x = b.take(0).ok_or_else(|| missing("x"))?;
    let na_last = b.take(1).unwrap_or(Value::Lgl(1));
    if na_last.len() != 1 {
        return Err(RError::new("length(na.last) == 1L is not TRUE"));
    }
    let ties = super::matcharg::match_choice(
        b.take(2),
        &["average", "first", "last", "random", "max", "min"],
        "ties.method",
    )?;
    if ties == "random" {
        return Err(RError::unsupported(
            "rank(ties.method = \"random\") (random numbers)",
        ));
    }
    enum NaLast {
        Last,
        First,
        Keep,
        Drop,
    }
    let na_last = match na_last.as_vector().map(|v| v.data.clone()) {
        Some(VecData::Str(s)) if s[0].as_deref() == Some("keep") => NaLast::Keep,
        Some(VecData::Str(s)) if s[0].is_none() => NaLast::Drop,
        Some(d @ (VecData::Lgl(_) | VecData::Int(_) | VecData::Dbl(_))) => {
            match d.coerce(VType::Lgl) {
                VecData::Lgl(l) if l[0] == NA_LOGICAL => NaLast::Drop,
                VecData::Lgl(l) if l[0] != 0 => NaLast::Last,
                _ => NaLast::First,
            }
        }
        _ => {
            return Err(RError::unsupported(
                "rank(na.last = ) other than TRUE, FALSE, NA or \"keep\"",
            ))
        }
    };
    let v = match &x {
        Value::Null => Vector::new(VecData::Dbl(Vec::new())),
        Value::Closure(_) | Value::Builtin(_) | Value::Env(_) | Value::Lang(_) => {
            return Err(RError::unsupported(format!(
                "rank() of a {}",
                x.type_name()
            )))
        }
        v => v.as_vector().unwrap().into_owned(),
    };
    if is_factor(&x) {
        return Err(RError::unsupported("rank() of a factor"));
    }
    if matches!(v.vtype(), VType::Cplx | VType::List) {
        return Err(RError::unsupported(format!(
            "rank() of a {}",
            x.type_name()
        )));
    }
    let len = v.len();
    let nas: Vec<bool> = (0..len).map(|i| v.data.is_na(i)).collect();
    let kept: Vec<usize> = (0..len).filter(|&i| !nas[i]).collect();
    // Kept positions in increasing order of their values (stable), and
    // whether two kept elements tie.
    let cmp = |a: usize, b: usize| -> std::cmp::Ordering {
        match &v.data {
            VecData::Lgl(d) | VecData::Int(d) => d[a].cmp(&d[b]),
            VecData::Dbl(d) => d[a].partial_cmp(&d[b]).unwrap(),
            VecData::Str(d) => collate(d[a].as_deref().unwrap(), d[b].as_deref().unwrap()),
            _ => std::cmp::Ordering::Equal,
        }
    };
    let mut order: Vec<usize> = (0..kept.len()).collect();
    match ties {
        // Ties in reverse order of appearance.
        "last" => order.sort_by(|&a, &b| cmp(kept[a], kept[b]).then(b.cmp(&a))),
        _ => order.sort_by(|&a, &b| cmp(kept[a], kept[b])),
    }
    let m = kept.len();
    let mut ranks = vec![0.0f64; m];
    let mut i = 0;
    while i < m {
        let mut j = i;
        if matches!(ties, "average" | "min" | "max") {
            while j + 1 < m && cmp(kept[order[j + 1]], kept[order[i]]).is_eq() {
                j += 1;
            }
        }
        let r = match ties {
            "average" => (i + j + 2) as f64 / 2.0,
            "max" => (j + 1) as f64,
            _ => (i + 1) as f64,
        };
        for k in i..=j {
            ranks[order[k]] = r;
        }
        i = j + 1;
    }
    let nna = len - m;
    let names = v.names().map(|n| n.to_vec());
    let (vals, names): (Vec<f64>, Option<Vec<RStr>>) =
        if nna == 0 || matches!(na_last, NaLast::Drop) {
            let nm = names.map(|n| kept.iter().map(|&i| n[i].clone()).collect());
            (ranks, nm)
        } else {
            let mut out = vec![na_real(); len];
            let (mut next_na, offset) = match na_last {
                NaLast::First => (1.0, nna as f64),
                _ => (m as f64 + 1.0, 0.0),
            };
            for (k, &i) in kept.iter().enumerate() {
                out[i] = ranks[k] + offset;
            }
            if !matches!(na_last, NaLast::Keep) {
                for (i, o) in out.iter_mut().enumerate() {
                    if nas[i] {
                        *o = next_na;
                        next_na += 1.0;
                    }
                }
            }
            (out, names)
        };
    let data = if ties == "average" {
        VecData::Dbl(vals)
    } else {
        VecData::Int(
            vals.iter()
                .map(|&r| if r.is_nan() { NA_INTEGER } else { r as i32 })
                .collect(),
        )
    };
    let mut out = Vector::new(data);
    if let Some(n) = names {
        out.set_attr("names", Value::from_data(VecData::Str(n)));
    }
    Ok(Value::from_vector(out))
}

// ---------------------------------------------------------------------------
// cor, cov
// ---------------------------------------------------------------------------

/// A `cor`/`cov` argument as columns: its data as doubles, the number of
/// rows and columns, its column names, and whether it is a matrix.
struct Columns {
    data: Vec<f64>,
    nrow: usize,
    ncol: usize,
    colnames: Option<Value>,
    matrix: bool,
}

impl Columns {
    fn of(v: &Value) -> Columns {
        let vec = v.as_vector().unwrap();
        let data = super::arith::dbl_data(&vec.data).into_owned();
        match vec.dim2() {
            Some((nrow, ncol)) => {
                let colnames = match vec.attr("dimnames").and_then(|d| d.as_vector()) {
                    Some(dn) => match &dn.data {
                        VecData::List(l) if l.len() == 2 && !l[1].is_null() => Some(l[1].clone()),
                        _ => None,
                    },
                    None => None,
                };
                Columns {
                    data,
                    nrow,
                    ncol,
                    colnames,
                    matrix: true,
                }
            }
            None => Columns {
                nrow: data.len(),
                data,
                ncol: 1,
                colnames: None,
                matrix: false,
            },
        }
    }
    fn col(&self, j: usize) -> &[f64] {
        &self.data[j * self.nrow..(j + 1) * self.nrow]
    }
    /// The columns restricted to the rows `keep`.
    fn rows(&self, keep: &[usize]) -> Columns {
        let mut data = Vec::with_capacity(keep.len() * self.ncol);
        for j in 0..self.ncol {
            let c = self.col(j);
            data.extend(keep.iter().map(|&i| c[i]));
        }
        Columns {
            data,
            nrow: keep.len(),
            ncol: self.ncol,
            colnames: self.colnames.clone(),
            matrix: self.matrix,
        }
    }
}

/// `x` (or `y`) is numeric or logical: `cor`'s message, or `cov`'s
/// `stopifnot` one.
fn numeric_arg(v: &Value, what: &str, cor: bool) -> RResult<()> {
    match v.vtype() {
        Some(VType::Lgl | VType::Int | VType::Dbl) if v.attr("class").is_none() => Ok(()),
        _ if cor => Err(RError::new(format!("'{}' must be numeric", what))),
        _ => Err(RError::new(format!(
            "is.numeric({0}) || is.logical({0}) is not TRUE",
            what
        ))),
    }
}

/// `cor(x, y = NULL, use = "everything", method = "pearson")` and `cov`
/// (`cor`): R's `cov.c` for the uses "everything", "all.obs",
/// "complete.obs" and "na.or.complete", on vectors and matrices (columns);
/// Kendall's and Spearman's methods and pairwise use are refused.
fn cor_cov(interp: &mut Interp, args: Args, cor: bool) -> RResult<Value> {
    let name = if cor { "cor" } else { "cov" };
    let mut b = args.bind(&["x", "y", "use", "method"])?;
    let x = b.take(0).ok_or_else(|| missing("x"))?;
    let y = b.take(1).filter(|y| !y.is_null());
    const USES: [&str; 5] = [
        "all.obs",
        "complete.obs",
        "pairwise.complete.obs",
        "everything",
        "na.or.complete",
    ];
    let method = match b.take(2) {
        None => 4,
        Some(u) => {
            let s = match u.as_vector().map(|v| v.data.coerce(VType::Str)) {
                Some(VecData::Str(s)) if !s.is_empty() => s[0].clone(),
                _ => None,
            };
            let s = s.as_deref().unwrap_or("");
            let exact = USES.iter().position(|c| *c == s);
            let partial: Vec<usize> = (0..5)
                .filter(|&i| !s.is_empty() && USES[i].starts_with(s))
                .collect();
            match (exact, partial.as_slice()) {
                (Some(i), _) | (None, &[i]) => i + 1,
                _ => return Err(RError::new("invalid 'use' argument")),
            }
        }
    };
    let m =
        super::matcharg::match_choice(b.take(3), &["pearson", "kendall", "spearman"], "method")?;
    if m != "pearson" {
        return Err(RError::unsupported(format!(
            "{}(method = \"{}\") (only \"pearson\")",
            name, m
        )));
    }
    let x_matrix = x.as_vector().is_some_and(|v| v.dim2().is_some());
    if !x_matrix && y.is_none() {
        return Err(RError::new("supply both 'x' and 'y' or a matrix-like 'x'"));
    }
    numeric_arg(&x, "x", cor)?;
    if let Some(y) = &y {
        numeric_arg(y, "y", cor)?;
    }
    if method == 3 {
        return Err(RError::unsupported(format!(
            "{}(use = \"pairwise.complete.obs\")",
            name
        )));
    }
    let cx = Columns::of(&x);
    let n = cx.nrow;
    let cy = match &y {
        Some(y) => {
            let cy = Columns::of(y);
            if cy.nrow != n {
                return Err(RError::new("incompatible dimensions"));
            }
            Some(cy)
        }
        None => None,
    };
    let everything = method == 4;
    let empty_err = method <= 3;
    if method == 2 && cx.data.is_empty() {
        return Err(RError::new("no complete element pairs"));
    }
    if empty_err && cx.data.is_empty() {
        return Err(RError::new("'x' is empty"));
    }
    let ansmat = cx.matrix || cy.as_ref().is_some_and(|c| c.matrix);
    let (ncx, ncy) = (cx.ncol, cy.as_ref().map_or(cx.ncol, |c| c.ncol));
    let mut ans = vec![na_real(); ncx * ncy];
    let mut sd_0 = false;
    let has_na = |c: &Columns, j: usize| c.col(j).iter().any(|v| v.is_nan());
    // The columns to use, with the columns that are all NA ("everything"
    // with an NA in them).
    let (ux, uy, na_x, na_y): (Columns, Option<Columns>, Vec<bool>, Vec<bool>) = if everything {
        let na_x = (0..ncx).map(|j| has_na(&cx, j)).collect();
        let na_y = match &cy {
            Some(c) => (0..ncy).map(|j| has_na(c, j)).collect(),
            None => vec![],
        };
        (cx, cy, na_x, na_y)
    } else {
        let complete = |i: usize| {
            (0..ncx).all(|j| !cx.col(j)[i].is_nan())
                && cy
                    .as_ref()
                    .is_none_or(|c| (0..ncy).all(|j| !c.col(j)[i].is_nan()))
        };
        let keep: Vec<usize> = (0..n).filter(|&i| complete(i)).collect();
        if method == 1 && keep.len() < n {
            return Err(RError::new("missing observations in cov/cor"));
        }
        if empty_err && keep.is_empty() {
            return Err(RError::new("no complete element pairs"));
        }
        let (ux, uy) = (cx.rows(&keep), cy.as_ref().map(|c| c.rows(&keep)));
        (ux, uy, vec![false; ncx], vec![false; ncy])
    };
    let nobs = ux.nrow;
    if nobs > 1 {
        let n1 = nobs as u64 - 1;
        let mean = |c: &Columns, j: usize, na: bool| {
            if na {
                na_real()
            } else {
                super::extended_sum::long_mean(c.col(j))
            }
        };
        let xm: Vec<f64> = (0..ncx).map(|j| mean(&ux, j, na_x[j])).collect();
        match &uy {
            Some(uy) => {
                let ym: Vec<f64> = (0..ncy).map(|j| mean(uy, j, na_y[j])).collect();
                for i in 0..ncx {
                    for j in 0..ncy {
                        if !na_x[i] && !na_y[j] {
                            ans[i + j * ncx] = super::extended_sum::long_cov(
                                ux.col(i),
                                xm[i],
                                uy.col(j),
                                ym[j],
                                n1,
                            );
                        }
                    }
                }
                if cor {
                    let sd = |c: &Columns, m: &[f64], na: &[bool], j: usize| {
                        if na[j] {
                            m[j]
                        } else {
                            super::extended_sum::long_sd(c.col(j), m[j], n1)
                        }
                    };
                    let xs: Vec<f64> = (0..ncx).map(|i| sd(&ux, &xm, &na_x, i)).collect();
                    let ys: Vec<f64> = (0..ncy).map(|j| sd(uy, &ym, &na_y, j)).collect();
                    for i in 0..ncx {
                        for j in 0..ncy {
                            if na_x[i] || na_y[j] {
                                continue;
                            }
                            let a = &mut ans[i + j * ncx];
                            if xs[i] == 0.0 || ys[j] == 0.0 {
                                sd_0 = true;
                                *a = na_real();
                            } else {
                                *a /= xs[i] * ys[j];
                                *a = a.clamp(-1.0, 1.0);
                            }
                        }
                    }
                }
            }
            None => {
                for i in 0..ncx {
                    for j in 0..=i {
                        if !na_x[i] && !na_x[j] {
                            let c = super::extended_sum::long_cov(
                                ux.col(i),
                                xm[i],
                                ux.col(j),
                                xm[j],
                                n1,
                            );
                            ans[i + j * ncx] = c;
                            ans[j + i * ncx] = c;
                        }
                    }
                }
                if cor {
                    let sd: Vec<f64> = (0..ncx)
                        .map(|i| {
                            if na_x[i] {
                                xm[i]
                            } else {
                                ans[i + i * ncx].sqrt()
                            }
                        })
                        .collect();
                    for i in 0..ncx {
                        if !na_x[i] {
                            for j in 0..i {
                                let r = if sd[i] == 0.0 || sd[j] == 0.0 {
                                    sd_0 = true;
                                    na_real()
                                } else {
                                    (ans[i + j * ncx] / (sd[i] * sd[j])).clamp(-1.0, 1.0)
                                };
                                ans[i + j * ncx] = r;
                                ans[j + i * ncx] = r;
                            }
                        }
                        ans[i + i * ncx] = 1.0;
                    }
                }
            }
        }
    }
    let mut out = Vector::new(VecData::Dbl(ans));
    if ansmat {
        out.set_attr("dim", int_vec(vec![ncx as i32, ncy as i32]));
        let (rn, cn) = match &uy {
            None => (ux.colnames.clone(), ux.colnames.clone()),
            Some(uy) => (ux.colnames.clone(), uy.colnames.clone()),
        };
        if rn.is_some() || cn.is_some() {
            out.set_attr(
                "dimnames",
                list_vec(vec![rn.unwrap_or(Value::Null), cn.unwrap_or(Value::Null)]),
            );
        }
    }
    if sd_0 {
        interp.warning("the standard deviation is zero")?;
    }
    Ok(Value::from_vector(out))
}

fn bi_cor(interp: &mut Interp, args: Args) -> RResult<Value> {
    cor_cov(interp, args, true)
}

fn bi_cov(interp: &mut Interp, args: Args) -> RResult<Value> {
    cor_cov(interp, args, false)
}
