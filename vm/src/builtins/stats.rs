//! Statistics helpers of R's `stats` and `base` packages that user scripts use
//! everywhere: `median`, `var` (of a vector), `sd`, `diff`, `prop.table` /
//! `proportions` (without margins). They follow the R closures' results: types,
//! names, NA handling and error messages of GNU R 4.2.

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
        Value::Closure(_) | Value::Builtin(_) => {
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
        Value::Closure(_) | Value::Builtin(_) => {
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
