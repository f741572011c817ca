//! `summary` of vectors, lists and matrices as R's `summary.default` and
//! `summary.matrix` (through `summary.data.frame`) build it, and the text of
//! their print methods (`print.summaryDefault`, and `print.table` of a
//! character table). The value is R's: a numeric summary is a named double
//! vector of class `c("summaryDefault", "table")`, so that scripts can index
//! it and compute with it; the formatting happens when it is printed.

use super::BuiltinDef;
use crate::args::Args;
use crate::error::{RError, RResult};
use crate::format::{encode_real, format_real, num_to_char, pad_right, str_width};
use crate::interp::Interp;
use crate::value::*;

pub const BUILTINS: &[BuiltinDef] = &[BuiltinDef::new("summary", bi_summary)];

const QUANTILE_NAMES: [&str; 6] = ["Min.", "1st Qu.", "Median", "Mean", "3rd Qu.", "Max."];

/// `summary(object, ..., digits, quantile.type = 7)`: the generic with its
/// default method (a user's `summary.<class>` is dispatched to before this
/// runs).
fn bi_summary(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["object", "...", "digits", "quantile.type"])?;
    let x = b
        .take(0)
        .ok_or_else(|| RError::new("argument \"object\" is missing, with no default"))?;
    let digits = match b.take(2) {
        None => None,
        Some(d) => match d.first_f64() {
            Some(d) if !d.is_nan() => Some(d),
            _ => {
                return Err(RError::unsupported(
                    "summary(digits = ) that is not a number",
                ))
            }
        },
    };
    if let Some(t) = b.take(3) {
        if t.len() != 1 || t.first_f64() != Some(7.0) {
            return Err(RError::unsupported(
                "summary(quantile.type = ) other than 7",
            ));
        }
    }
    let class = x.explicit_class().unwrap_or_default();
    if class.iter().any(|c| c == "factor") {
        // As R's summary.default does, hand a factor to summary.factor
        // (a builtin of `factor.rs`).
        if let Some(f) = super::lookup("summary.factor") {
            let mut a = Args::positional(vec![x]);
            for (n, v) in b.dots {
                a.push(n, v);
            }
            return interp.call_function(&f, a);
        }
        return Err(RError::unsupported("summary() of a factor"));
    }
    // Classes whose own summary methods R has (and dlvm has not).
    const OWN_METHODS: [&str; 5] = ["data.frame", "Date", "table", "connection", "POSIXct"];
    if let Some(c) = class.iter().find(|c| OWN_METHODS.contains(&c.as_str())) {
        return Err(RError::unsupported(format!("summary() of a {c}")));
    }
    summary_default(x, digits)
}

fn summary_default(x: Value, digits: Option<f64>) -> RResult<Value> {
    let v = match &x {
        Value::Null => return Ok(length_class_mode(&x)),
        Value::Builtin(_) | Value::Closure(_) => {
            // R's summary.default takes a function for a list and fails on
            // `[[` (functions R implements in R code are closures there).
            let closure = match &x {
                Value::Builtin(id) => {
                    crate::deparse::is_r_closure(crate::builtin_names::name_of(*id))
                }
                _ => true,
            };
            let mut e = RError::with_call(
                format!(
                    "object of type '{}' is not subsettable",
                    if closure { "closure" } else { "builtin" }
                ),
                "object[[i]]",
            );
            e.trace = vec!["summary.default".into()];
            return Err(e);
        }
        Value::Env(_) => return Err(RError::unsupported("summary() of an environment")),
        Value::Lang(_) => return Err(RError::unsupported("summary() of a language object")),
        v => v.as_vector().unwrap(),
    };
    if let Some((nr, nc)) = v.dim2().filter(|_| v.vtype() != VType::List) {
        let fmt_digits = digits.map_or_else(default_print_digits, |d| d as usize);
        return summary_matrix(&v, nr, nc, fmt_digits);
    }
    Ok(match v.vtype() {
        VType::Lgl => tag_summary(logical_summary(&v.data)),
        VType::Int | VType::Dbl => tag_summary(numeric_summary(&v.data, digits)),
        VType::List if !v.is_empty() => tag_summary(list_summary(&v)),
        _ => length_class_mode(&x),
    })
}

/// `max(3, getOption("digits") - 3)`: the digits summaries print with.
pub(crate) fn default_print_digits() -> usize {
    crate::format::digits().saturating_sub(3).max(3)
}

fn tag_summary(mut v: Vector) -> Value {
    v.set_attr("class", Value::strs(&["summaryDefault", "table"]));
    Value::Vec(std::rc::Rc::new(v))
}

fn named(data: VecData, names: Vec<String>) -> Vector {
    let mut v = Vector::new(data);
    v.set_attr("names", Value::strs(&names));
    v
}

/// The doubles of integer or double data (integer NA as NA).
fn doubles(d: &VecData) -> Vec<f64> {
    super::arith::dbl_data(d).into_owned()
}

/// Minimum, quartiles, mean and maximum of the non-NA values, and their NA
/// count (R: `quantile(type = 7)` and `mean` of `object[!is.na(object)]`,
/// rounded by `signif(, digits)` when `digits` is given).
fn numeric_parts(d: &VecData, digits: Option<f64>) -> (Vec<f64>, usize) {
    let all = doubles(d);
    let kept: Vec<f64> = all.iter().copied().filter(|x| !x.is_nan()).collect();
    let nas = all.len() - kept.len();
    let mut sorted = kept.clone();
    sorted.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let n = sorted.len();
    let q = |p: f64| -> f64 {
        if n == 0 {
            return na_real();
        }
        let index = 1.0 + (n as f64 - 1.0) * p;
        let (lo, hi) = (index.floor(), index.ceil());
        let (ql, qh) = (sorted[lo as usize - 1], sorted[hi as usize - 1]);
        if index > lo && qh != ql {
            let h = index - lo;
            (1.0 - h) * ql + h * qh
        } else {
            ql
        }
    };
    let mean = if matches!(d, VecData::Dbl(_)) {
        super::extended_sum::long_mean(&kept)
    } else {
        // As `mean` of integers: their exact sum divided by n.
        kept.iter().sum::<f64>() / n as f64
    };
    let mut qq = vec![q(0.0), q(0.25), q(0.5), mean, q(0.75), q(1.0)];
    if let Some(dg) = digits {
        for v in qq.iter_mut() {
            *v = super::math::fprec(*v, dg);
        }
    }
    (qq, nas)
}

fn numeric_summary(d: &VecData, digits: Option<f64>) -> Vector {
    let (mut qq, nas) = numeric_parts(d, digits);
    let mut names: Vec<String> = QUANTILE_NAMES.iter().map(|s| s.to_string()).collect();
    if nas > 0 {
        qq.push(nas as f64);
        names.push("NA's".into());
    }
    named(VecData::Dbl(qq), names)
}

/// `c(Mode = "logical", table(object, useNA = "ifany"))` with the NA count
/// named `NA's`.
fn logical_summary(d: &VecData) -> Vector {
    let VecData::Lgl(x) = d else { unreachable!() };
    let count = |v: i32| x.iter().filter(|&&b| b == v).count();
    let mut names = vec!["Mode".to_string()];
    let mut vals = vec!["logical".to_string()];
    for (label, v) in [("FALSE", 0), ("TRUE", 1), ("NA's", NA_LOGICAL)] {
        let c = count(v);
        if c > 0 {
            names.push(label.into());
            vals.push(c.to_string());
        }
    }
    named(
        VecData::Str(vals.into_iter().map(|s| Some(s.into())).collect()),
        names,
    )
}

/// R's `mode()`.
fn mode_of(x: &Value) -> &'static str {
    match x {
        Value::Null => "NULL",
        Value::Closure(_) | Value::Builtin(_) => "function",
        Value::Env(_) => "environment",
        Value::Lang(l) => match &**l {
            crate::lang::Lang::Sym(_) => "name",
            crate::lang::Lang::Call(_) => "call",
            crate::lang::Lang::Exprs(_) => "expression",
        },
        v => match v.vtype().unwrap() {
            VType::Int | VType::Dbl => "numeric",
            t => t.name(),
        },
    }
}

/// `c(Length = length(object), Class = class(object), Mode = mode(object))`.
fn length_class_mode(x: &Value) -> Value {
    let class = x.class_vec();
    let mut names = vec!["Length".to_string()];
    let mut vals = vec![x.len().to_string()];
    for (i, c) in class.iter().enumerate() {
        names.push(if class.len() == 1 {
            "Class".into()
        } else {
            format!("Class{}", i + 1)
        });
        vals.push(c.clone());
    }
    names.push("Mode".into());
    vals.push(mode_of(x).into());
    tag_summary(named(
        VecData::Str(vals.into_iter().map(|s| Some(s.into())).collect()),
        names,
    ))
}

/// A list's summary: a character matrix of each element's length, first
/// class (`-none-` when it has none) and mode, rows named by the list's names.
fn list_summary(v: &Vector) -> Vector {
    let VecData::List(items) = &v.data else {
        unreachable!()
    };
    let n = items.len();
    let lens: Vec<String> = items.iter().map(|e| e.len().to_string()).collect();
    let w = lens.iter().map(|s| s.len()).max().unwrap_or(0);
    let mut cells: Vec<RStr> = lens
        .iter()
        .map(|s| Some(crate::format::pad_left(s, w).into()))
        .collect();
    cells.extend(items.iter().map(|e| {
        Some(
            e.explicit_class()
                .and_then(|c| c.into_iter().next())
                .unwrap_or_else(|| "-none-".into())
                .into(),
        )
    }));
    cells.extend(items.iter().map(|e| Some(mode_of(e).into())));
    let mut out = Vector::new(VecData::Str(cells));
    out.set_attr("dim", int_vec(vec![n as i32, 3]));
    let rows = match v.attr("names") {
        Some(nm) => nm.clone(),
        None => Value::Null,
    };
    out.set_attr(
        "dimnames",
        list_vec(vec![rows, Value::strs(&["Length", "Class", "Mode"])]),
    );
    out
}

/// A double vector formatted as `format(x, digits = digits)`: a common
/// format, every cell as wide.
fn format_doubles(x: &[f64], digits: usize) -> Vec<String> {
    let f = format_real(x, digits, 0);
    x.iter().map(|&v| encode_real(v, f)).collect()
}

/// `zapsmall(x)` at `getOption("digits")`, applied to the finite values
/// only (as `format.summaryDefault` and `print.summaryDefault` do).
fn zap_finite(x: &mut [f64]) {
    let finite: Vec<usize> = (0..x.len()).filter(|&i| x[i].is_finite()).collect();
    if finite.is_empty() {
        return;
    }
    let mx = finite.iter().map(|&i| x[i].abs()).fold(f64::MIN, f64::max);
    let digits = crate::format::digits() as f64;
    let d = if mx > 0.0 {
        (digits - mx.log10()).max(0.0)
    } else {
        digits
    };
    for i in finite {
        x[i] = crate::format::fround(x[i], d);
    }
}

/// The cells and names `format.summaryDefault(x, digits)` gives for a
/// numeric summary: the values zapped and formatted together, the NA count
/// (if any) as its own string at the end.
fn format_numeric_summary(x: &[f64], names: &[RStr], digits: usize) -> (Vec<String>, Vec<RStr>) {
    let mut xx = x.to_vec();
    zap_finite(&mut xx);
    let m = names.iter().position(|n| n.as_deref() == Some("NA's"));
    match m {
        Some(m) => {
            let others: Vec<f64> = (0..xx.len()).filter(|&i| i != m).map(|i| xx[i]).collect();
            let mut cells = format_doubles(&others, digits);
            cells.push(num_to_char(xx[m]));
            let mut nm: Vec<RStr> = (0..names.len())
                .filter(|&i| i != m)
                .map(|i| names[i].clone())
                .collect();
            nm.push(Some("NA's".into()));
            (cells, nm)
        }
        None => (format_doubles(&xx, digits), names.to_vec()),
    }
}

/// `format(x)` of strings: padded on the right to a common width.
fn format_strings(x: &[RStr]) -> Vec<String> {
    let raw: Vec<String> = x
        .iter()
        .map(|s| s.as_deref().unwrap_or("NA").to_string())
        .collect();
    let w = raw.iter().map(|s| str_width(s)).max().unwrap_or(0);
    raw.iter().map(|s| pad_right(s, w)).collect()
}

/// The text of `print.summaryDefault(x, digits)`.
pub(crate) fn print_summary_default(v: &Vector, digits: usize) -> String {
    let names: Vec<RStr> = v.names().map(|n| n.to_vec()).unwrap_or_default();
    let (cells, names): (Vec<RStr>, Vec<RStr>) = match &v.data {
        VecData::Int(_) | VecData::Dbl(_) if v.dim2().is_none() => {
            let x = doubles(&v.data);
            if names.iter().any(|n| n.as_deref() == Some("NA's")) {
                let (cells, nm) = format_numeric_summary(&x, &names, digits);
                (cells.into_iter().map(|s| Some(s.into())).collect(), nm)
            } else {
                // print.table: the numbers formatted, NA and NaN shown empty.
                let mut xx = x.clone();
                zap_finite(&mut xx);
                let cells = format_doubles(&xx, digits)
                    .into_iter()
                    .zip(&x)
                    .map(|(s, v)| Some(if v.is_nan() { "".into() } else { s.into() }))
                    .collect();
                (cells, names)
            }
        }
        VecData::Str(s) => (s.clone(), names),
        _ => {
            let mut plain = v.clone();
            plain.set_attr("class", Value::Null);
            return crate::print::print_to_string_opts(&Value::Vec(plain.into()), digits, false);
        }
    };
    let mut out = Vector::new(VecData::Str(
        cells
            .into_iter()
            .map(|c| c.or_else(|| Some("".into())))
            .collect(),
    ));
    for a in ["dim", "dimnames"] {
        if let Some(x) = v.attr(a) {
            out.set_attr(a, x.clone());
        }
    }
    if v.attr("dim").is_none() && !names.is_empty() {
        out.set_attr("names", Value::from_data(VecData::Str(names)));
    }
    print_table_strings(&out)
}

/// `print.table` of a character table: NA shown empty, strings unquoted
/// and left-aligned; a table with an empty extent as R writes it.
pub(crate) fn print_table_strings(v: &Vector) -> String {
    if let Some(Value::Vec(d)) = v.attr("dim") {
        let dims = doubles(&d.data);
        if dims.contains(&0.0) {
            let ext: Vec<String> = dims.iter().map(|x| format!("{}", *x as i64)).collect();
            return format!("< table of extent {} >\n", ext.join(" x "));
        }
    }
    let VecData::Str(s) = &v.data else {
        unreachable!()
    };
    let mut plain = Vector::new(VecData::Str(
        s.iter()
            .map(|c| c.clone().or_else(|| Some("".into())))
            .collect(),
    ));
    for a in ["names", "dim", "dimnames"] {
        if let Some(x) = v.attr(a) {
            plain.set_attr(a, x.clone());
        }
    }
    crate::print::print_to_string_opts(&Value::Vec(plain.into()), crate::format::digits(), false)
}

/// One column's summary as `summary.data.frame` formats it: its labels and
/// cells (`format(summary(column, digits = 12L), digits = digits)`).
fn column_cells(col: &VecData, digits: usize) -> (Vec<String>, Vec<String>) {
    let (cells, names): (Vec<String>, Vec<RStr>) = match col {
        VecData::Int(_) | VecData::Dbl(_) => {
            let s = numeric_summary(col, Some(12.0));
            let names = s.names().unwrap().to_vec();
            format_numeric_summary(&doubles(&s.data), &names, digits)
        }
        VecData::Lgl(_) => {
            let s = logical_summary(col);
            let VecData::Str(x) = &s.data else {
                unreachable!()
            };
            (format_strings(x), s.names().unwrap().to_vec())
        }
        _ => {
            let n = col.len().to_string();
            let class = if matches!(col, VecData::Str(_)) {
                "character"
            } else {
                "complex"
            };
            let x: Vec<RStr> = [n.as_str(), class, class]
                .iter()
                .map(|s| Some((*s).into()))
                .collect();
            let names = ["Length", "Class", "Mode"]
                .iter()
                .map(|s| Some((*s).into()))
                .collect();
            (format_strings(&x), names)
        }
    };
    let labels = format_strings(&names);
    (labels, cells)
}

/// A matrix's column names (`as.data.frame` names the columns `V1`, ...
/// without them).
fn column_names(v: &Vector) -> Option<Vec<String>> {
    let Value::Vec(dn) = v.attr("dimnames")? else {
        return None;
    };
    let VecData::List(parts) = &dn.data else {
        return None;
    };
    match parts.get(1)?.as_vector()?.data.coerce(VType::Str) {
        VecData::Str(s) => Some(
            s.iter()
                .map(|x| x.as_deref().unwrap_or("NA").to_string())
                .collect(),
        ),
        _ => None,
    }
}

/// `summary.matrix`: `summary.data.frame` of the matrix's columns, a
/// character table of `label:value  ` cells under centred column names.
fn summary_matrix(v: &Vector, nr: usize, nc: usize, digits: usize) -> RResult<Value> {
    if !matches!(
        v.vtype(),
        VType::Lgl | VType::Int | VType::Dbl | VType::Str | VType::Cplx
    ) {
        return Err(RError::unsupported(format!(
            "summary() of a {} matrix",
            v.vtype().name()
        )));
    }
    let colnames: Vec<String> = match column_names(v) {
        Some(c) if c.len() == nc => c,
        _ => (1..=nc).map(|j| format!("V{j}")).collect(),
    };
    let mut cols: Vec<Vec<String>> = Vec::with_capacity(nc);
    let mut lw: Vec<usize> = Vec::with_capacity(nc);
    for j in 0..nc {
        let idx: Vec<Option<usize>> = (j * nr..(j + 1) * nr).map(Some).collect();
        let (labels, cells) = column_cells(&v.data.select(&idx), digits);
        lw.push(labels.first().map_or(0, |l| str_width(l)));
        cols.push(
            labels
                .iter()
                .zip(&cells)
                .map(|(l, c)| format!("{l}:{c}  "))
                .collect(),
        );
    }
    let rows = cols.iter().map(Vec::len).max().unwrap_or(0);
    let blanks = lw.iter().copied().max().unwrap_or(0) + 1;
    let header: Vec<String> = colnames
        .iter()
        .zip(&lw)
        .map(|(nm, &w)| {
            let pad = (w as f64 - str_width(nm) as f64 / 2.0).floor();
            let pad = if pad > 0.0 {
                (pad as usize).min(blanks)
            } else {
                0
            };
            format!("{}{}", " ".repeat(pad), nm)
        })
        .collect();
    let mut data: Vec<RStr> = Vec::with_capacity(rows * nc);
    for col in cols {
        let k = col.len();
        data.extend(col.into_iter().map(|s| Some(s.into())));
        data.extend(std::iter::repeat_n(None, rows - k));
    }
    let mut out = Vector::new(VecData::Str(data));
    out.set_attr("dim", int_vec(vec![rows as i32, nc as i32]));
    out.set_attr(
        "dimnames",
        list_vec(vec![Value::strs(&vec![""; rows]), Value::strs(&header)]),
    );
    out.set_attr("class", Value::str("table"));
    Ok(Value::Vec(out.into()))
}

/// `format(x, digits)` of a `summaryDefault` (`format.summaryDefault`): its
/// cells as printed, a plain character vector with the names (and shape),
/// and whether it is visible (R's method ends with an assignment when
/// there is an NA count); `None` for another value.
pub(crate) fn format_method(x: &Value, digits: Option<usize>) -> Option<(Value, bool)> {
    let Value::Vec(v) = x else { return None };
    if !v
        .class()?
        .iter()
        .any(|c| c.as_deref() == Some("summaryDefault"))
    {
        return None;
    }
    let digits = digits.unwrap_or_else(default_print_digits);
    let names: Vec<RStr> = v.names().map(|n| n.to_vec()).unwrap_or_default();
    let na_count = names.iter().any(|n| n.as_deref() == Some("NA's"));
    let (cells, names, visible) = match &v.data {
        VecData::Int(_) | VecData::Dbl(_) if v.dim2().is_none() => {
            let (c, n) = format_numeric_summary(&doubles(&v.data), &names, digits);
            (c, n, !na_count)
        }
        VecData::Str(s) => (format_strings(s), names, true),
        _ => return None,
    };
    let mut out = Vector::new(VecData::Str(
        cells.into_iter().map(|s| Some(s.into())).collect(),
    ));
    for a in ["dim", "dimnames"] {
        if let Some(x) = v.attr(a) {
            out.set_attr(a, x.clone());
        }
    }
    if v.attr("dim").is_none() && !names.is_empty() {
        out.set_attr("names", Value::from_data(VecData::Str(names)));
    }
    Some((Value::Vec(out.into()), visible))
}
