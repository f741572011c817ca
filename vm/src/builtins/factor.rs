//! Factors: integer codes with a `levels` attribute and class `"factor"`
//! (`c("ordered", "factor")`), built as R's `factor()` builds them, and the
//! factor methods GNU R has for other functions (`[.factor`,
//! `as.character.factor`, `Ops.factor`, `c.factor`, `summary.factor`, …).
//! Builtins reach those methods through `prepare` (for every builtin call
//! with a classed argument) or through their own checks (`subset`,
//! `arith`, `apply`'s grouping, printing), so that a factor is never taken
//! for its integer codes where R would not take it so.

use super::output::arg_flag;
use super::stats::{in_closures, method_call};
use super::{BuiltinDef, BuiltinFn};
use crate::args::Args;
use crate::bytecode::{ArithOp, CmpOp};
use crate::error::{RError, RResult};
use crate::interp::Interp;
use crate::value::*;
use std::collections::HashMap;
use std::rc::Rc;

pub const BUILTINS: &[BuiltinDef] = &[
    BuiltinDef::new("factor", bi_factor),
    BuiltinDef::new("as.factor", bi_as_factor),
    BuiltinDef::new("ordered", bi_ordered),
    BuiltinDef::new("is.factor", bi_is_factor),
    BuiltinDef::new("is.ordered", bi_is_ordered),
    BuiltinDef::new("levels", bi_levels),
    BuiltinDef::new("levels<-", bi_set_levels),
    BuiltinDef::new("nlevels", bi_nlevels),
    BuiltinDef::new("droplevels", bi_droplevels),
    BuiltinDef::new("relevel", bi_relevel),
    BuiltinDef::new("summary.factor", bi_summary),
];

fn has_class(v: &Vector, class: &str) -> bool {
    v.class()
        .is_some_and(|c| c.iter().any(|s| s.as_deref() == Some(class)))
}

/// R's `is.factor` (cheap for values without attributes).
#[inline]
pub fn is_factor(v: &Value) -> bool {
    match v {
        Value::Vec(x) if x.attrs.is_some() => has_class(x, "factor"),
        _ => false,
    }
}

fn is_ordered(v: &Value) -> bool {
    match v {
        Value::Vec(x) if x.attrs.is_some() => has_class(x, "ordered"),
        _ => false,
    }
}

/// The `levels` attribute as strings.
pub fn levels_of(v: &Value) -> Vec<RStr> {
    v.attr("levels")
        .map(super::output::as_strings)
        .unwrap_or_default()
}

fn codes_of(v: &Value) -> Vec<i32> {
    match v.as_vector().map(|x| x.data.coerce(VType::Int)) {
        Some(VecData::Int(c)) => c,
        _ => Vec::new(),
    }
}

/// Each element's level (`as.character(f)`), NA for an NA code.
pub fn labels(v: &Value) -> Vec<RStr> {
    let lev = levels_of(v);
    codes_of(v)
        .into_iter()
        .map(|c| {
            if c == NA_INTEGER || c < 1 {
                None
            } else {
                lev.get(c as usize - 1).cloned().flatten()
            }
        })
        .collect()
}

/// `as.character(v)`, a factor's levels for a factor.
pub fn strings_of(v: &Value) -> Vec<RStr> {
    if is_factor(v) {
        labels(v)
    } else {
        super::output::as_strings(v)
    }
}

/// The label of element `k` of factor `v` (`for (x in f)` binds these).
pub fn label_at(v: &Vector, k: usize) -> Value {
    let code = match &v.data {
        VecData::Int(c) => c[k],
        d => match d.elt(k).first_f64() {
            Some(x) if !x.is_nan() => x as i32,
            _ => NA_INTEGER,
        },
    };
    let lev = match v.attr("levels") {
        Some(l) => super::output::as_strings(l),
        None => Vec::new(),
    };
    let s = if code == NA_INTEGER || code < 1 {
        None
    } else {
        lev.get(code as usize - 1).cloned().flatten()
    };
    str_vec(vec![s])
}

fn class_value(ordered: bool) -> Value {
    if ordered {
        Value::strs(&["ordered", "factor"])
    } else {
        Value::str("factor")
    }
}

/// A factor (attributes in R's order: names, levels, class).
fn make(codes: Vec<i32>, levels: Vec<RStr>, ordered: bool, names: Option<Value>) -> Value {
    let mut v = Vector::new(VecData::Int(codes));
    if let Some(n) = names {
        v.set_attr("names", n);
    }
    v.set_attr("levels", str_vec(levels));
    v.set_attr("class", class_value(ordered));
    Value::Vec(Rc::new(v))
}

/// `y` (a result computed on a factor's codes) made a factor again with
/// `levels` and `class`, as R's methods do (`[.factor`, `rep.factor`…).
pub fn rewrap(y: Value, levels: &Value, class: &Value) -> Value {
    let Some(mut v) = y.into_vector() else {
        return Value::Null;
    };
    if let VecData::Lgl(d) = &v.data {
        v.data = VecData::Int(d.clone());
    }
    v.set_attr("levels", levels.clone());
    v.set_attr("class", class.clone());
    Value::Vec(Rc::new(v))
}

/// R's `match(x, table)` on strings (NA matches NA): 1-based, NA for none.
fn match_strs(x: &[RStr], table: &[RStr]) -> Vec<i32> {
    let mut pos: HashMap<Option<&str>, i32> = HashMap::with_capacity(table.len());
    for (i, t) in table.iter().enumerate().rev() {
        pos.insert(t.as_deref(), i as i32 + 1);
    }
    x.iter()
        .map(|s| *pos.get(&s.as_deref()).unwrap_or(&NA_INTEGER))
        .collect()
}

fn unique_strs(x: &[RStr]) -> Vec<RStr> {
    let mut seen = std::collections::HashSet::with_capacity(x.len());
    x.iter()
        .filter(|s| seen.insert(s.as_deref()))
        .cloned()
        .collect()
}

/// `levels <- unique(as.character(sort(unique(x))))` with NA last (R's
/// `factor()` without `levels`): a factor's levels that occur, in order.
fn default_levels(x: &Value) -> RResult<Vec<RStr>> {
    if is_factor(x) {
        let lev = levels_of(x);
        let mut used = vec![false; lev.len()];
        let mut na = false;
        for c in codes_of(x) {
            if c >= 1 && (c as usize) <= lev.len() {
                used[c as usize - 1] = true;
            } else {
                na = true;
            }
        }
        let mut out: Vec<RStr> = lev
            .into_iter()
            .zip(used)
            .filter(|(_, u)| *u)
            .map(|(l, _)| l)
            .collect();
        if na {
            out.push(None);
        }
        return Ok(unique_strs(&out));
    }
    let (mut out, _) = super::apply::grouping(x)?;
    // `order()` puts NaN and NA last, in order of appearance; NaN is a level.
    if let Some(v) = x.as_vector() {
        for i in 0..v.len() {
            if v.data.is_na(i) {
                out.push(match &v.data {
                    VecData::Dbl(d) if !is_na_real(d[i]) => Some("NaN".into()),
                    _ => None,
                });
            }
        }
    }
    Ok(unique_strs(&out))
}

/// The first duplicated level, as R's `levels<-` reports it.
/// (`call`: the call R's error names; `None`, the running builtin's.)
fn check_duplicates(lev: &[RStr], call: Option<&str>) -> RResult<()> {
    let mut seen = std::collections::HashSet::with_capacity(lev.len());
    for (i, l) in lev.iter().enumerate() {
        if !seen.insert(l.as_deref()) {
            let msg = format!("factor level [{}] is duplicated", i + 1);
            return Err(match call {
                Some(c) => RError::with_call(msg, c),
                None => RError::new(msg),
            });
        }
    }
    Ok(())
}

/// R's `factor(x, levels, labels = levels, exclude = NA, ordered)`.
fn factor_impl(
    x: Value,
    levels: Option<Value>,
    labels: Option<Value>,
    exclude: Option<Value>,
    ordered: Option<Value>,
    call: &str,
) -> RResult<Value> {
    let x = if x.is_null() { str_vec(Vec::new()) } else { x };
    if x.as_vector().is_none() || matches!(x.vtype(), Some(VType::List)) {
        return Err(RError::unsupported("factor() of a list or function"));
    }
    let names = x.attr("names").cloned();
    let ordered = arg_flag(&ordered, is_ordered(&x));
    let mut lev = match levels {
        Some(l) => strings_of(&l),
        None => default_levels(&x)?,
    };
    let excluded: Vec<RStr> = match exclude {
        None => vec![None],
        Some(e) => strings_of(&e),
    };
    if !excluded.is_empty() {
        lev.retain(|l| !excluded.contains(l));
    }
    let xs = strings_of(&x);
    let codes = match_strs(&xs, &lev);
    let (codes, lev) = match labels {
        None => {
            check_duplicates(
                &lev,
                Some("`levels<-`(`*tmp*`, value = as.character(levels))"),
            )?;
            (codes, lev)
        }
        Some(lab) => {
            let labs = strings_of(&lab);
            if labs.len() == lev.len() {
                let nlevs = unique_strs(&labs);
                let m = match_strs(&labs, &nlevs);
                let codes = codes
                    .into_iter()
                    .map(|c| {
                        if c == NA_INTEGER {
                            c
                        } else {
                            m[c as usize - 1]
                        }
                    })
                    .collect();
                (codes, nlevs)
            } else if labs.len() == 1 {
                let base = labs[0].as_deref().unwrap_or("NA");
                let named = (1..=lev.len())
                    .map(|i| Some(Rc::from(format!("{}{}", base, i))))
                    .collect();
                (codes, named)
            } else {
                return Err(RError::with_call(
                    format!(
                        "invalid 'labels'; length {} should be 1 or {}",
                        labs.len(),
                        lev.len()
                    ),
                    call,
                ));
            }
        }
    };
    Ok(make(codes, lev, ordered, names))
}

/// The running builtin's call as written (errors R raises in the closure).
fn own_call(interp: &Interp, name: &str) -> String {
    interp
        .current_call_expr()
        .map(crate::deparse::deparse)
        .unwrap_or_else(|| format!("{}()", name))
}

const FACTOR_FORMALS: &[&str] = &["x", "levels", "labels", "exclude", "ordered", "nmax"];

fn bi_factor(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(FACTOR_FORMALS)?;
    let call = own_call(interp, "factor");
    let x = b.take(0).unwrap_or(Value::Null);
    factor_impl(x, b.take(1), b.take(2), b.take(3), b.take(4), &call)
}

fn bi_ordered(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(FACTOR_FORMALS)?;
    let call = "factor(x, ..., ordered = TRUE)";
    let x = b.take(0).unwrap_or(Value::Null);
    factor_impl(
        x,
        b.take(1),
        b.take(2),
        b.take(3),
        Some(Value::lgl(true)),
        call,
    )
    .map_err(|e| in_closures(e, &["factor"]))
}

fn bi_as_factor(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x"])?;
    let x = b.take(0).ok_or_else(|| missing("x"))?;
    if is_factor(&x) {
        return Ok(x);
    }
    factor_impl(x, None, None, None, None, "factor(x)").map_err(|e| in_closures(e, &["factor"]))
}

fn missing(name: &str) -> RError {
    RError::new(format!("argument \"{}\" is missing, with no default", name))
}

fn one_arg(args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x"])?;
    b.take(0).ok_or_else(|| missing("x"))
}

fn bi_is_factor(_: &mut Interp, args: Args) -> RResult<Value> {
    Ok(Value::lgl(is_factor(&one_arg(args)?)))
}

fn bi_is_ordered(_: &mut Interp, args: Args) -> RResult<Value> {
    Ok(Value::lgl(is_ordered(&one_arg(args)?)))
}

fn bi_levels(_: &mut Interp, args: Args) -> RResult<Value> {
    Ok(one_arg(args)?
        .attr("levels")
        .cloned()
        .unwrap_or(Value::Null))
}

fn bi_nlevels(_: &mut Interp, args: Args) -> RResult<Value> {
    let x = one_arg(args)?;
    Ok(Value::Int(x.attr("levels").map_or(0, |l| l.len()) as i32))
}

/// `levels(x) <- value`: R's `levels<-.factor` for a factor (levels renamed,
/// equal new names merged), else the attribute set.
fn bi_set_levels(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "value"])?;
    let mut x = b.take(0).ok_or_else(|| missing("x"))?;
    let value = b.take(1).unwrap_or(Value::Null);
    if !is_factor(&x) {
        if !value.is_null() {
            check_duplicates(&strings_of(&value), None)?;
        }
        x.set_attr("levels", value);
        return Ok(x);
    }
    if matches!(value.vtype(), Some(VType::List)) {
        return Err(RError::unsupported("levels<- with a list of levels"));
    }
    let xlevs = levels_of(&x);
    let nv = strings_of(&value);
    if xlevs.len() > nv.len() {
        let call = format!(
            "`levels<-.factor`(`*tmp*`, value = {})",
            crate::deparse::deparse_value_short(&value)
        );
        let e = RError::with_call("number of levels differs", call);
        return Err(in_closures(e, &["levels<-.factor", "levels<-"]));
    }
    let nlevs = unique_strs(
        &nv.iter()
            .filter(|s| s.is_some())
            .cloned()
            .collect::<Vec<_>>(),
    );
    let m = match_strs(&nv, &nlevs);
    let codes: Vec<i32> = codes_of(&x)
        .into_iter()
        .map(|c| {
            if c == NA_INTEGER || c < 1 || c as usize > m.len() {
                NA_INTEGER
            } else {
                m[c as usize - 1]
            }
        })
        .collect();
    let mut v = x.into_vector().unwrap();
    v.data = VecData::Int(codes);
    v.set_attr("levels", str_vec(nlevs));
    Ok(Value::Vec(Rc::new(v)))
}

fn bi_droplevels(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "exclude", "..."])?;
    let x = b.take(0).ok_or_else(|| missing("x"))?;
    if !is_factor(&x) {
        return Err(RError::with_call(
            no_method("droplevels", &x),
            "UseMethod(\"droplevels\")",
        ));
    }
    let exclude = match b.take(1) {
        Some(e) => Some(e),
        None if levels_of(&x).iter().any(|l| l.is_none()) => Some(Value::Null),
        None => None,
    };
    factor_impl(x, None, None, exclude, None, "factor(x, exclude = exclude)")
        .map_err(|e| in_closures(e, &["factor", "droplevels.factor"]))
}

/// R's message for a generic without a method for `x`'s class.
fn no_method(generic: &str, x: &Value) -> String {
    let classes = crate::interp::dispatch_classes(x);
    let class = if classes.len() == 1 {
        format!("\"{}\"", classes[0])
    } else {
        format!(
            "\"c({})\"",
            classes
                .iter()
                .map(|c| format!("'{}'", c))
                .collect::<Vec<_>>()
                .join(", ")
        )
    };
    format!(
        "no applicable method for '{}' applied to an object of class {}",
        generic, class
    )
}

/// `relevel(x, ref)`: `ref` moved to the front of the levels.
fn bi_relevel(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "ref", "..."])?;
    let x = b.take(0).ok_or_else(|| missing("x"))?;
    let call = method_call(interp, "relevel.factor");
    let fail = |msg: String| in_closures(RError::with_call(msg, call.clone()), &["relevel.factor"]);
    if !is_factor(&x) {
        return Err(in_closures(
            RError::with_call(
                "'relevel' only for (unordered) factors",
                method_call(interp, "relevel.default"),
            ),
            &["relevel.default"],
        ));
    }
    if is_ordered(&x) {
        return Err(in_closures(
            RError::with_call(
                "'relevel' only for unordered factors",
                method_call(interp, "relevel.ordered"),
            ),
            &["relevel.ordered"],
        ));
    }
    let lev = levels_of(&x);
    let r = b
        .take(1)
        .ok_or_else(|| fail("argument \"ref\" is missing, with no default".into()))?;
    if r.len() != 1 {
        return Err(fail("'ref' must be of length one".into()));
    }
    let k = if matches!(r.vtype(), Some(VType::Str)) {
        match_strs(&strings_of(&r), &lev)[0]
    } else {
        match r.first_f64() {
            Some(f) if !f.is_nan() => f as i32,
            _ => NA_INTEGER,
        }
    };
    if k == NA_INTEGER {
        return Err(fail("'ref' must be an existing level".into()));
    }
    if k < 1 || k as usize > lev.len() {
        return Err(fail(format!("ref = {} must be in 1L:{}", k, lev.len())));
    }
    let k = k as usize - 1;
    let mut order = vec![lev[k].clone()];
    order.extend(
        lev.iter()
            .enumerate()
            .filter(|(i, _)| *i != k)
            .map(|(_, l)| l.clone()),
    );
    factor_impl(
        x,
        Some(str_vec(order)),
        None,
        Some(Value::Null),
        None,
        &call,
    )
    .map_err(|e| in_closures(e, &["factor", "relevel.factor"]))
}

/// `summary.factor(object, maxsum = 100)` (which `summary` calls for a
/// factor): the count of each
/// level (the largest `maxsum - 1` and `(Other)` when there are more), and
/// of NAs.
fn bi_summary(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["object", "maxsum", "..."])?;
    let x = b.take(0).ok_or_else(|| missing("object"))?;
    if !is_factor(&x) {
        return Err(RError::unsupported("summary.factor() of a non-factor"));
    }
    let mut maxsum = match b.take(1).and_then(|m| m.first_f64()) {
        Some(m) if !m.is_nan() => m as i64,
        _ => 100,
    };
    let lev = levels_of(&x);
    let mut counts = vec![0i32; lev.len()];
    let mut nas = 0;
    for c in codes_of(&x) {
        if c >= 1 && (c as usize) <= lev.len() {
            counts[c as usize - 1] += 1;
        } else {
            nas += 1;
        }
    }
    if nas > 0 {
        maxsum -= 1;
    }
    let mut names: Vec<RStr> = lev;
    if names.len() as i64 > maxsum {
        let keep = (maxsum - 1).max(0) as usize;
        let mut order: Vec<usize> = (0..counts.len()).collect();
        order.sort_by(|&a, &b| counts[b].cmp(&counts[a]));
        let other: i32 = order[keep..].iter().map(|&i| counts[i]).sum();
        let kept: Vec<usize> = order[..keep].to_vec();
        let mut c: Vec<i32> = kept.iter().map(|&i| counts[i]).collect();
        let mut n: Vec<RStr> = kept.iter().map(|&i| names[i].clone()).collect();
        c.push(other);
        n.push(Some("(Other)".into()));
        counts = c;
        names = n;
    }
    if nas > 0 {
        counts.push(nas);
        names.push(Some("NA's".into()));
    }
    let mut v = Vector::new(VecData::Int(counts));
    v.set_attr("names", str_vec(names));
    Ok(Value::Vec(Rc::new(v)))
}

// ---------------------------------------------------------------------------
// Methods of other builtins
// ---------------------------------------------------------------------------

/// How a builtin call with a factor argument runs (`prepare`).
pub enum Prepared {
    /// The builtin itself, on the (possibly converted) arguments.
    Plain,
    /// A factor method instead of the builtin.
    Replace(BuiltinFn),
    /// The builtin on the codes, its result made a factor again with these
    /// `levels` and `class`.
    Rewrap(Value, Value),
}

/// A factor with its class and levels dropped (the codes, with the other
/// attributes).
fn strip(x: Value) -> Value {
    let mut x = x;
    x.set_attr("class", Value::Null);
    x.set_attr("levels", Value::Null);
    x
}

/// Before builtin `id` runs on `args`: R dispatches these builtins (or
/// their R closures' internals) to factor methods, or converts factor
/// arguments with `as.character`.
pub fn prepare(id: u16, args: &mut Args) -> Prepared {
    if !args.values.iter().any(is_factor) {
        // (Every builtin call comes here: the name is compared last.)
        if let Some(Value::Vec(l)) = args.values.first() {
            if let VecData::List(items) = &l.data {
                if items.first().is_some_and(is_factor)
                    && crate::builtin_names::name_of(id) == "unlist"
                    && items.iter().all(is_factor)
                {
                    return Prepared::Replace(unlist_factors);
                }
            }
        }
        return Prepared::Plain;
    }
    let first = args.values.first().is_some_and(is_factor);
    match crate::builtin_names::name_of(id) {
        "as.character" if first => {
            args.values[0] = str_vec(labels(&args.values[0]));
        }
        "as.vector" if first => {
            let mode = args
                .names
                .iter()
                .position(|n| n.as_deref() == Some("mode"))
                .or_else(|| (args.values.len() > 1 && args.names[1].is_none()).then_some(1))
                .and_then(|k| super::output::arg_str(&Some(args.values[k].clone())));
            let x = std::mem::replace(&mut args.values[0], Value::Null);
            args.values[0] = match mode.as_deref() {
                None | Some("any") | Some("character") => str_vec(labels(&x)),
                Some("list") => one_element_factors(&x),
                Some(_) => strip(x),
            };
        }
        "rev" | "head" | "tail" | "rep" | "sort" | "unique" if first => {
            let x = std::mem::replace(&mut args.values[0], Value::Null);
            let levels = x.attr("levels").cloned().unwrap_or(Value::Null);
            let class = x.attr("class").cloned().unwrap_or(Value::Null);
            args.values[0] = strip(x);
            return Prepared::Rewrap(levels, class);
        }
        "c" if first && args.values.iter().all(is_factor) => {
            return Prepared::Replace(combine);
        }
        "max" | "min" | "range" if first && is_ordered(&args.values[0]) => {
            // Summary.ordered: on the codes, a factor again.
            let (levels, class) = levels_and_class(&args.values[0]);
            for v in args.values.iter_mut().filter(|v| is_factor(v)) {
                *v = strip(std::mem::replace(v, Value::Null));
            }
            return Prepared::Rewrap(levels, class);
        }
        "sprintf" => {
            // `%s` formats a factor's levels (R's as.character), `%d` its codes.
            let specs = sprintf_specs(args);
            for (k, v) in args.values.iter_mut().enumerate().skip(1) {
                if is_factor(v) && specs.get(k - 1) == Some(&'s') {
                    *v = str_vec(labels(v));
                }
            }
        }
        "mean" if first => return Prepared::Replace(factor_mean),
        "nchar" if first => return Prepared::Replace(factor_nchar),
        "median" if first => return Prepared::Replace(factor_median),
        "sum" | "prod" | "max" | "min" | "range" if first && !is_ordered(&args.values[0]) => {
            return Prepared::Replace(factor_summary_group)
        }
        "sum" | "prod" if first => return Prepared::Replace(factor_summary_group),
        "paste" | "paste0" | "match" | "%in%" | "is.element" | "setdiff" | "union"
        | "intersect" | "toupper" | "tolower" | "format" | "chartr" | "substr" | "substring" => {
            for v in args.values.iter_mut().filter(|v| is_factor(v)) {
                let names = v.attr("names").cloned();
                let mut s = str_vec(labels(v));
                if let Some(n) = names {
                    s.set_attr("names", n);
                }
                *v = s;
            }
        }
        "lapply" | "sapply" | "vapply" if first => {
            args.values[0] = one_element_factors(&args.values[0]);
        }
        _ => {}
    }
    Prepared::Plain
}

/// The conversion characters of `sprintf`'s format (a single string as
/// its first, unnamed argument), one per argument in order; none when the
/// format numbers or passes widths as arguments (`%2$s`, `%*d`).
fn sprintf_specs(args: &Args) -> Vec<char> {
    let fmt = match args.values.first() {
        Some(f) if args.names[0].is_none() && f.len() == 1 => match strings_of(f).pop().flatten() {
            Some(s) => s,
            None => return Vec::new(),
        },
        _ => return Vec::new(),
    };
    let mut out = Vec::new();
    let mut chars = fmt.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '%' {
            continue;
        }
        if chars.peek() == Some(&'%') {
            chars.next();
            continue;
        }
        for d in chars.by_ref() {
            match d {
                '*' | '$' => return Vec::new(),
                d if d.is_ascii_alphabetic() => {
                    out.push(d);
                    break;
                }
                _ => {}
            }
        }
    }
    out
}

/// R's `as.list.factor`: one single-element factor per element.
fn one_element_factors(x: &Value) -> Value {
    let (levels, class) = levels_and_class(x);
    let Some(v) = x.as_vector() else {
        return Value::Null;
    };
    let items: Vec<Value> = (0..v.len())
        .map(|k| rewrap(v.data.elt(k), &levels, &class))
        .collect();
    let mut l = Vector::new(VecData::List(items));
    if let Some(n) = v.attr("names") {
        l.set_attr("names", n.clone());
    }
    Value::Vec(Rc::new(l))
}

/// `c(...)` of factors (R 4.1's `c.factor`): a factor on the union of their
/// levels, in order of appearance.
fn combine(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut lev: Vec<RStr> = Vec::new();
    let mut all_levels: Vec<Vec<RStr>> = Vec::new();
    for v in &args.values {
        let l = levels_of(v);
        lev.extend(l.iter().cloned());
        all_levels.push(l);
    }
    let lev = unique_strs(&lev);
    let mut codes = Vec::new();
    let mut names: Vec<RStr> = Vec::new();
    let any_names = args.values.iter().any(|v| v.attr("names").is_some());
    for v in &args.values {
        let m = match_strs(&labels(v), &lev);
        if any_names {
            match v.as_vector().and_then(|x| x.names().map(|n| n.to_vec())) {
                Some(n) => names.extend(n),
                None => names.extend(std::iter::repeat_n(Some(Rc::from("")), m.len())),
            }
        }
        codes.extend(m);
    }
    let ordered = args.values.iter().all(is_ordered) && all_levels.windows(2).all(|w| w[0] == w[1]);
    Ok(make(codes, lev, ordered, any_names.then(|| str_vec(names))))
}

/// `unlist(l)` of a list of factors: their `c()`, named as `unlist` names
/// elements (`a`, `b1`, `b2`, `l.x`).
fn unlist_factors(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "recursive", "use.names"])?;
    let l = b.take(0).unwrap_or(Value::Null);
    let use_names = arg_flag(&b.take(2), true);
    let Some(lv) = l.as_vector() else {
        return Ok(Value::Null);
    };
    let VecData::List(items) = &lv.data else {
        return Ok(Value::Null);
    };
    let r = combine(interp, Args::positional(items.clone()))?;
    let outer = lv.names();
    let any_inner = items.iter().any(|v| v.attr("names").is_some());
    let mut r = r;
    r.set_attr("names", Value::Null);
    if use_names && (outer.is_some() || any_inner) {
        let mut names: Vec<RStr> = Vec::new();
        for (i, v) in items.iter().enumerate() {
            let tag = outer
                .and_then(|o| o[i].as_deref())
                .filter(|t| !t.is_empty());
            let inner = v.as_vector().and_then(|x| x.names().map(|n| n.to_vec()));
            let len = v.len();
            for j in 0..len {
                let en = inner
                    .as_ref()
                    .and_then(|n| n[j].as_deref())
                    .filter(|e| !e.is_empty());
                let name = match (tag, en) {
                    (Some(t), Some(e)) => format!("{}.{}", t, e),
                    (Some(t), None) if len == 1 => t.to_string(),
                    (Some(t), None) => format!("{}{}", t, j + 1),
                    (None, Some(e)) => e.to_string(),
                    (None, None) => String::new(),
                };
                names.push(Some(name.into()));
            }
        }
        let lev = r.attr("levels").cloned().unwrap_or(Value::Null);
        let class = r.attr("class").cloned().unwrap_or(Value::Null);
        let mut v = r.into_vector().unwrap();
        v.attrs = None;
        v.set_attr("names", str_vec(names));
        return Ok(rewrap(Value::Vec(Rc::new(v)), &lev, &class));
    }
    Ok(r)
}

/// `nchar(f)`: R refuses factors.
fn factor_nchar(_: &mut Interp, _: Args) -> RResult<Value> {
    Err(RError::new("'nchar()' requires a character vector"))
}

/// `median(f)`: R's `median.default` refuses non-numeric data.
fn factor_median(interp: &mut Interp, _: Args) -> RResult<Value> {
    let call = method_call(interp, "median.default");
    Err(in_closures(
        RError::with_call("need numeric data", call),
        &["median.default"],
    ))
}

/// `mean(f)`: R's `mean.default` of a non-numeric argument.
fn factor_mean(interp: &mut Interp, _: Args) -> RResult<Value> {
    let call = method_call(interp, "mean.default");
    interp.warning_with_call(
        Some(call),
        "argument is not numeric or logical: returning NA".into(),
    )?;
    Ok(Value::Dbl(na_real()))
}

/// `sum(f)` and the rest of R's `Summary` group (`Summary.factor`).
fn factor_summary_group(interp: &mut Interp, args: Args) -> RResult<Value> {
    let name = interp
        .current_call_expr()
        .and_then(|e| match &e.kind {
            crate::ast::ExprKind::Call(f, _) => match &f.kind {
                crate::ast::ExprKind::Ident(n) => Some(n.to_string()),
                _ => None,
            },
            _ => None,
        })
        .unwrap_or_else(|| "sum".into());
    let ordered = args.values.first().is_some_and(is_ordered);
    let method = if ordered {
        "Summary.ordered"
    } else {
        "Summary.factor"
    };
    let mut text = format!("{}(", method);
    for (k, v) in args.values.iter().enumerate() {
        if k > 0 {
            text.push_str(", ");
        }
        if let Some(n) = &args.names[k] {
            text.push_str(&format!("{} = ", n));
        }
        let v = if is_factor(v) {
            strip(v.clone())
        } else {
            v.clone()
        };
        text.push_str(&crate::deparse::deparse_value_short(&v));
    }
    if !args.names.iter().any(|n| n.as_deref() == Some("na.rm")) {
        text.push_str(", na.rm = FALSE");
    }
    text.push(')');
    let text = text.lines().next().unwrap_or("").to_string();
    let msg = if ordered {
        format!("'{}' not defined for ordered factors", name)
    } else {
        format!("\u{2018}{}\u{2019} not meaningful for factors", name)
    };
    Err(in_closures(RError::with_call(msg, text), &[method]))
}

/// `is.na` of element `i` (recycled) of an operand.
fn na_at(v: &Vector, i: usize) -> bool {
    !v.is_empty() && v.data.is_na(i % v.len())
}

/// `e1 OP e2` with a factor operand (R's `Ops.factor`, `Ops.ordered`):
/// `==` and `!=` compare the levels as strings; on ordered factors the
/// order comparisons compare positions among the levels; other operators
/// warn and give NA.
pub fn compare(interp: &mut Interp, op: CmpOp, a: &Value, b: &Value) -> RResult<Value> {
    let order = !matches!(op, CmpOp::Eq | CmpOp::Ne);
    let ordered = is_ordered(a) || is_ordered(b);
    if order && !ordered {
        return not_meaningful(interp, op.symbol(), a, b);
    }
    let method = if ordered && order {
        "Ops.ordered"
    } else {
        "Ops.factor"
    };
    let (fa, fb) = (is_factor(a), is_factor(b));
    if fa && fb {
        let (mut la, mut lb) = (levels_of(a), levels_of(b));
        let same = if ordered && order {
            la == lb
        } else {
            la.sort();
            lb.sort();
            la == lb
        };
        if !same {
            let call = method_call(interp, method);
            let e = RError::with_call("level sets of factors are different", call);
            return Err(in_closures(e, &[method]));
        }
    }
    let operand = |v: &Value, other: &Value| -> Value {
        if !is_factor(v) {
            if ordered && order {
                // The other operand's level positions.
                return int_vec(match_strs(&strings_of(v), &levels_of(other)));
            }
            return v.clone();
        }
        if ordered && order {
            return int_vec(codes_of(v));
        }
        // (An NA level compares as a string no level can be.)
        let lev: Vec<RStr> = levels_of(v)
            .into_iter()
            .map(|l| l.or_else(|| Some("  NA ".into())))
            .collect();
        let codes = codes_of(v);
        str_vec(
            codes
                .iter()
                .map(|&c| {
                    if c == NA_INTEGER || c < 1 {
                        None
                    } else {
                        lev.get(c as usize - 1).cloned().flatten()
                    }
                })
                .collect(),
        )
    };
    let (x, y) = (operand(a, b), operand(b, a));
    let r = super::arith::compare(interp, op, &x, &y)?;
    let (av, bv) = (a.as_vector(), b.as_vector());
    let (Some(av), Some(bv)) = (av, bv) else {
        return Ok(r);
    };
    let Some(mut out) = r.into_vector() else {
        return Ok(Value::Null);
    };
    if let VecData::Lgl(d) = &mut out.data {
        for (i, e) in d.iter_mut().enumerate() {
            if na_at(&av, i) || na_at(&bv, i) {
                *e = NA_LOGICAL;
            }
        }
    }
    Ok(Value::from_vector(out))
}

/// Arithmetic with a factor operand: R's `Ops.factor` warns and gives NA.
pub fn arith(interp: &mut Interp, op: ArithOp, a: &Value, b: &Value) -> RResult<Value> {
    not_meaningful(interp, op.symbol(), a, b)
}

/// `-f`, `+f`, `!f`: R's `Ops.factor` warns and gives NA.
pub fn unary(interp: &mut Interp, sym: &str, a: &Value) -> RResult<Value> {
    not_meaningful(interp, sym, a, &Value::Null)
}

/// `f & x`, `f | x`: R's `Ops.factor` warns and gives NA.
pub fn logic(interp: &mut Interp, sym: &str, a: &Value, b: &Value) -> RResult<Value> {
    not_meaningful(interp, sym, a, b)
}

fn not_meaningful(interp: &mut Interp, sym: &str, a: &Value, b: &Value) -> RResult<Value> {
    let ordered = is_ordered(a) || is_ordered(b);
    let (method, msg) = if ordered {
        (
            "Ops.ordered",
            format!("'{}' is not meaningful for ordered factors", sym),
        )
    } else {
        (
            "Ops.factor",
            format!("\u{2018}{}\u{2019} not meaningful for factors", sym),
        )
    };
    let call = method_call(interp, method);
    interp.warning_with_call(Some(call), msg)?;
    let n = a.len().max(b.len());
    Ok(lgl_vec(vec![NA_LOGICAL; n]))
}

// ---------------------------------------------------------------------------
// Indexing (`[.factor`, `[[.factor`, `[<-.factor`, `[[<-.factor`)
// ---------------------------------------------------------------------------

fn levels_and_class(x: &Value) -> (Value, Value) {
    (
        x.attr("levels").cloned().unwrap_or(Value::Null),
        x.attr("class").cloned().unwrap_or(Value::Null),
    )
}

/// `f[i]`: the codes' subset, with `f`'s levels and class.
pub fn index(interp: &mut Interp, x: &Value, idx: &[Option<Value>], drop: bool) -> RResult<Value> {
    let y = super::subset::index_default(interp, x, idx, drop)?;
    let (levels, class) = levels_and_class(x);
    Ok(rewrap(y, &levels, &class))
}

/// `f[[i]]`: the element as a one-element factor.
pub fn index2(interp: &mut Interp, x: &Value, idx: &[Option<Value>]) -> RResult<Value> {
    // (R's `[[.factor` reaches the default method through `NextMethod`.)
    let y = super::subset::index2_default(interp, x, idx).map_err(|e| {
        in_method(
            e,
            method_call(interp, "[[.default"),
            &["NextMethod", "[[.factor", "[["],
        )
    })?;
    let (levels, class) = levels_and_class(x);
    Ok(rewrap(y, &levels, &class))
}

/// `f[i] <- value` (`f[[i]] <- value` when `is2`): `value` matched against
/// the levels (R's warning and NA for one that is not a level).
pub fn assign_index(
    interp: &mut Interp,
    x: Value,
    idx: &[Option<Value>],
    value: Value,
    is2: bool,
) -> RResult<Value> {
    let (levels, class) = levels_and_class(&x);
    let lev = super::output::as_strings(&levels);
    let vs = strings_of(&value);
    let m = match_strs(&vs, &lev);
    if m.iter()
        .zip(&vs)
        .any(|(c, s)| *c == NA_INTEGER && s.is_some())
    {
        let call = assign_call(
            interp,
            if is2 { "[[<-.factor" } else { "[<-.factor" },
            &value,
        );
        interp.warning_with_call(Some(call), "invalid factor level, NA generated".into())?;
    }
    let codes = if value.is_null() {
        Value::Null
    } else {
        int_vec(m)
    };
    let plain = strip(x);
    // (R's method assigns the codes by `x[...] <- m`, which its errors name.)
    let y = if is2 {
        super::subset::assign_index2(interp, plain, idx, codes)
            .map_err(|e| in_method(e, "x[[...]] <- m".into(), &["[[<-.factor", "[[<-"]))?
    } else {
        super::subset::assign_index(interp, plain, idx, codes)
            .map_err(|e| in_method(e, "x[...] <- m".into(), &["[<-.factor", "[<-"]))?
    };
    Ok(rewrap(y, &levels, &class))
}

/// An error of the default method a factor method of GNU R calls: the call
/// R names (for errors that name the running builtin's), and R's frames.
fn in_method(mut e: RError, call: String, frames: &[&str]) -> RError {
    if e.0.call == crate::error::ErrCall::Pending && e.0.kind == crate::error::ErrKind::Error {
        e.0.call = crate::error::ErrCall::Call(call);
    }
    in_closures(e, frames)
}

/// The call R's replacement method runs as: `` `[<-.factor`(`*tmp*`, i,
/// value = v) `` with the subscripts as written.
fn assign_call(interp: &Interp, method: &str, value: &Value) -> String {
    use crate::ast::ExprKind;
    let mut text = format!("`{}`(`*tmp*`", method);
    if let Some(ExprKind::Call(_, assign)) = interp.current_call_expr().map(|e| &e.kind) {
        if let Some(ExprKind::Call(_, target)) = assign
            .first()
            .and_then(|a| a.value.as_ref())
            .map(|t| &t.kind)
        {
            for a in target.iter().skip(1) {
                text.push_str(", ");
                if let Some(ix) = &a.value {
                    text.push_str(&crate::deparse::deparse(ix));
                }
            }
        }
    }
    text.push_str(", value = ");
    text.push_str(&crate::deparse::deparse_value_short(value));
    text.push(')');
    text
}
