//! Binning numbers into intervals: `cut` (a factor labelled `(a,b]`, as
//! R's `cut.default` labels it) and `findInterval`.

use super::output::arg_flag;
use super::stats::{in_closures, method_call};
use super::BuiltinDef;
use crate::args::Args;
use crate::error::{RError, RResult};
use crate::interp::Interp;
use crate::value::*;
use std::rc::Rc;

pub const BUILTINS: &[BuiltinDef] = &[
    BuiltinDef::new("cut", bi_cut),
    BuiltinDef::new("findInterval", bi_find_interval),
];

/// The doubles of a numeric (integer, double) vector; `None` for other types
/// (R's `is.numeric`, so not logicals and not factors).
fn numeric(v: &Value) -> Option<Vec<f64>> {
    if super::factor::is_factor(v) {
        return None;
    }
    let vec = v.as_vector()?;
    match &vec.data {
        VecData::Int(_) | VecData::Dbl(_) => match vec.data.coerce(VType::Dbl) {
            VecData::Dbl(d) => Some(d),
            _ => None,
        },
        _ => None,
    }
}

/// C's `%.{digits}g`, as R's `formatC(x, digits, width = 1)` formats a
/// double.
fn format_g(x: f64, digits: usize) -> String {
    if is_na_real(x) {
        return "NA".into();
    }
    if x.is_nan() {
        return "NaN".into();
    }
    if x.is_infinite() {
        return if x > 0.0 { "Inf" } else { "-Inf" }.into();
    }
    super::output::c_general(x + 0.0, digits, false, false)
}

/// R's `formatC(x, digits, width = 1)`: each number alone, except that the
/// non-finite ones are padded to their common width (R formats them
/// together with `format`).
fn format_c(x: &[f64], digits: usize) -> Vec<String> {
    let mut out: Vec<String> = x.iter().map(|&v| format_g(v, digits)).collect();
    let w = x
        .iter()
        .zip(&out)
        .filter(|(v, _)| !v.is_finite())
        .map(|(_, s)| s.len())
        .max()
        .unwrap_or(0);
    for (v, s) in x.iter().zip(out.iter_mut()) {
        if !v.is_finite() {
            *s = format!("{:>w$}", s, w = w);
        }
    }
    out
}

/// `cut(x, breaks, labels = NULL, include.lowest = FALSE, right = TRUE,
/// dig.lab = 3, ordered_result = FALSE)`: R's `cut.default`.
fn bi_cut(interp: &mut Interp, args: Args) -> RResult<Value> {
    let call = method_call(interp, "cut.default");
    cut(interp, args, &call).map_err(|mut e| {
        use crate::error::{ErrCall, ErrKind};
        if e.0.call == ErrCall::Pending && e.0.kind == ErrKind::Error {
            e.0.call = ErrCall::Call(call.clone());
        }
        in_closures(e, &["cut.default"])
    })
}

fn cut(interp: &mut Interp, args: Args, call: &str) -> RResult<Value> {
    let mut b = args.bind(&[
        "x",
        "breaks",
        "labels",
        "include.lowest",
        "right",
        "dig.lab",
        "ordered_result",
        "...",
    ])?;
    let x = b
        .take(0)
        .ok_or_else(|| RError::new("argument \"x\" is missing, with no default"))?;
    let x = numeric(&x).ok_or_else(|| RError::new("'x' must be numeric"))?;
    let breaks = b
        .take(1)
        .ok_or_else(|| RError::new("argument \"breaks\" is missing, with no default"))?;
    let labels = b.take(2);
    let include_lowest = arg_flag(&b.take(3), false);
    let right = arg_flag(&b.take(4), true);
    let dig_lab = match b.take(5).and_then(|d| d.first_f64()) {
        Some(d) if !d.is_nan() => d as i64,
        _ => 3,
    };
    let ordered = arg_flag(&b.take(6), false);
    let br = numeric(&breaks)
        .ok_or_else(|| RError::unsupported("cut() with non-numeric 'breaks'".to_string()))?;
    let breaks: Vec<f64> = if br.len() == 1 {
        let k = br[0];
        if k.is_nan() || k < 2.0 {
            return Err(RError::new("invalid number of intervals"));
        }
        let nb = (k + 1.0) as usize;
        let finite: Vec<f64> = x.iter().copied().filter(|v| !v.is_nan()).collect();
        if finite.is_empty() {
            return Err(RError::unsupported(
                "cut() of only NAs into a number of intervals",
            ));
        }
        let lo = finite.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = finite.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let dx = hi - lo;
        if dx == 0.0 {
            let dx = if lo != 0.0 { lo.abs() } else { 1.0 };
            seq_length(interp, lo - dx / 1000.0, hi + dx / 1000.0, nb)?
        } else {
            let mut s = seq_length(interp, lo, hi, nb)?;
            s[0] = lo - dx / 1000.0;
            s[nb - 1] = hi + dx / 1000.0;
            s
        }
    } else {
        let mut s: Vec<f64> = br.into_iter().filter(|v| !v.is_nan()).collect();
        s.sort_by(|a, b| a.partial_cmp(b).unwrap());
        s
    };
    let nb = breaks.len();
    if breaks.windows(2).any(|w| w[0] == w[1]) {
        return Err(RError::new("'breaks' are not unique"));
    }
    if nb < 2 {
        // R's .bincode: `breaks` needs two values at least.
        return Err(RError::with_call(
            "invalid number of intervals",
            call.to_string(),
        ));
    }
    let mut codes_only = false;
    let labels: Vec<RStr> = match labels {
        None | Some(Value::Null) => {
            let mut found = None;
            for dig in dig_lab..=dig_lab.max(12) {
                let ch = format_c(&breaks, dig.max(0) as usize);
                if ch.windows(2).all(|w| w[0] != w[1]) {
                    found = Some(ch);
                    break;
                }
            }
            match found {
                Some(ch) => {
                    let (open, close) = if right { ("(", "]") } else { ("[", ")") };
                    let mut l: Vec<String> = (0..nb - 1)
                        .map(|i| format!("{}{},{}{}", open, ch[i], ch[i + 1], close))
                        .collect();
                    if include_lowest {
                        if right {
                            l[0].replace_range(0..1, "[");
                        } else {
                            let last = l.last_mut().unwrap();
                            last.pop();
                            last.push(']');
                        }
                    }
                    l.into_iter().map(|s| Some(Rc::from(s))).collect()
                }
                None => (1..nb)
                    .map(|i| Some(Rc::from(format!("Range_{}", i))))
                    .collect(),
            }
        }
        Some(l)
            if matches!(l.vtype(), Some(VType::Lgl))
                && l.len() == 1
                && !arg_flag(&Some(l.clone()), true) =>
        {
            codes_only = true;
            Vec::new()
        }
        Some(l) => {
            if l.len() != nb - 1 {
                return Err(RError::new("lengths of 'breaks' and 'labels' differ"));
            }
            super::factor::strings_of(&l)
        }
    };
    let codes = bincode(&x, &breaks, right, include_lowest);
    if codes_only {
        return Ok(int_vec(codes));
    }
    // `factor(code, seq_along(labels), labels)`: equal labels are one level.
    let mut unique: Vec<RStr> = Vec::new();
    let mut first: std::collections::HashMap<Option<&str>, i32> = Default::default();
    let remap: Vec<i32> = labels
        .iter()
        .map(|l| {
            *first.entry(l.as_deref()).or_insert_with(|| {
                unique.push(l.clone());
                unique.len() as i32
            })
        })
        .collect();
    let codes = codes
        .into_iter()
        .map(|c| {
            if c == NA_INTEGER {
                c
            } else {
                remap[c as usize - 1]
            }
        })
        .collect();
    let mut v = Vector::new(VecData::Int(codes));
    v.set_attr("levels", str_vec(unique));
    v.set_attr(
        "class",
        if ordered {
            Value::strs(&["ordered", "factor"])
        } else {
            Value::str("factor")
        },
    );
    Ok(Value::Vec(Rc::new(v)))
}

/// `seq.int(from, to, length.out = n)` as dlvm's `seq.int` computes it.
fn seq_length(interp: &mut Interp, from: f64, to: f64, n: usize) -> RResult<Vec<f64>> {
    let mut a = Args::new();
    a.push(None, Value::Dbl(from));
    a.push(None, Value::Dbl(to));
    a.push(Some("length.out".into()), Value::Int(n as i32));
    let id = crate::builtin_names::by_name()["seq.int"];
    let s = super::call(id, interp, a)?;
    match s.as_vector().map(|v| v.data.coerce(VType::Dbl)) {
        Some(VecData::Dbl(d)) if d.len() == n => Ok(d),
        _ => Err(RError::new("internal error: seq.int length")),
    }
}

/// R's `.bincode(x, breaks, right, include.lowest)`: the 1-based interval
/// of each `x` (NA outside the breaks).
fn bincode(x: &[f64], breaks: &[f64], right: bool, include_border: bool) -> Vec<i32> {
    let nb1 = breaks.len() - 1;
    let lft = !right;
    x.iter()
        .map(|&v| {
            if v.is_nan() {
                return NA_INTEGER;
            }
            let (mut lo, mut hi) = (0usize, nb1);
            if v < breaks[lo]
                || breaks[hi] < v
                || (v == breaks[if lft { hi } else { lo }] && !include_border)
            {
                return NA_INTEGER;
            }
            while hi - lo >= 2 {
                let mid = (hi + lo) / 2;
                if v > breaks[mid] || (lft && v == breaks[mid]) {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            lo as i32 + 1
        })
        .collect()
}

/// `findInterval(x, vec, rightmost.closed = FALSE, all.inside = FALSE,
/// left.open = FALSE)`: for each `x`, how many of the sorted `vec` are
/// at most `x` (less than `x` with `left.open`).
fn bi_find_interval(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "vec", "rightmost.closed", "all.inside", "left.open"])?;
    let x = b
        .take(0)
        .ok_or_else(|| RError::new("argument \"x\" is missing, with no default"))?;
    let v = b
        .take(1)
        .ok_or_else(|| RError::new("argument \"vec\" is missing, with no default"))?;
    let rightmost_closed = arg_flag(&b.take(2), false);
    let all_inside = arg_flag(&b.take(3), false);
    let left_open = arg_flag(&b.take(4), false);
    let to_dbl = |v: &Value| -> Option<Vec<f64>> {
        if super::factor::is_factor(v) {
            return None;
        }
        match v.as_vector()?.data.coerce(VType::Dbl) {
            VecData::Dbl(d) => Some(d),
            _ => None,
        }
    };
    let (Some(x), Some(vec)) = (
        to_dbl(&x).filter(|_| !matches!(x.vtype(), Some(VType::Str | VType::List))),
        to_dbl(&v).filter(|_| !matches!(v.vtype(), Some(VType::Str | VType::List))),
    ) else {
        return Err(RError::unsupported("findInterval() of non-numeric values"));
    };
    if vec.iter().any(|d| d.is_nan()) || vec.windows(2).any(|w| w[0] > w[1]) {
        return Err(RError::new(
            "'vec' must be sorted non-decreasingly and not contain NAs",
        ));
    }
    let n = vec.len();
    if n == 0 {
        let out = x
            .iter()
            .map(|v| if v.is_nan() { NA_INTEGER } else { 0 })
            .collect();
        return Ok(int_vec(out));
    }
    let out = x
        .iter()
        .map(|&xi| {
            if xi.is_nan() {
                return NA_INTEGER;
            }
            let mut i = if left_open {
                vec.partition_point(|&b| b < xi)
            } else {
                vec.partition_point(|&b| b <= xi)
            };
            if rightmost_closed && n > 0 {
                if left_open {
                    if i == 0 && xi == vec[0] {
                        i = 1;
                    }
                } else if i == n && xi == vec[n - 1] {
                    i = n - 1;
                }
            }
            if all_inside {
                if i == 0 {
                    i = 1;
                } else if i == n {
                    i = n - 1;
                }
            }
            i as i32
        })
        .collect();
    Ok(int_vec(out))
}
