//! Construction builtins: `c`, `list`, `seq`, `seq_len`, `seq_along`, `:` (also
//! exposed as `colon` for the interpreter), `rep`, `rep_len`, `rev`, `matrix`,
//! `array` (1-d and 2-d), `outer`, `diag`, `diag<-`, `t`, `cbind`, `rbind`, `head`, `tail`,
//! `append` — with GNU R 4.2's result types, names, warnings and errors.

use super::BuiltinDef;
use crate::args::Args;
use crate::coerce::{append_data, coerce_data};
use crate::error::{RError, RResult};
use crate::interp::Interp;
use crate::value::*;
use std::rc::Rc;

pub const BUILTINS: &[BuiltinDef] = &[
    BuiltinDef::new("c", builtin_c).with_scalar(c_scalars),
    BuiltinDef::new("list", builtin_list),
    BuiltinDef::new("seq", builtin_seq),
    BuiltinDef::new("seq.int", builtin_seq),
    BuiltinDef::new("seq_len", builtin_seq_len),
    BuiltinDef::new("seq_along", builtin_seq_along),
    BuiltinDef::new(":", builtin_colon),
    BuiltinDef::new("rep", builtin_rep),
    BuiltinDef::new("rep_len", builtin_rep_len),
    BuiltinDef::new("rep.int", builtin_rep_int),
    BuiltinDef::new("rev", builtin_rev),
    BuiltinDef::new("matrix", builtin_matrix),
    BuiltinDef::new("array", builtin_array),
    BuiltinDef::new("outer", builtin_outer),
    BuiltinDef::new("%o%", builtin_outer),
    BuiltinDef::new("diag", builtin_diag),
    BuiltinDef::new("diag<-", builtin_diag_set),
    BuiltinDef::new("t", builtin_t),
    BuiltinDef::new("cbind", builtin_cbind),
    BuiltinDef::new("rbind", builtin_rbind),
    BuiltinDef::new("head", builtin_head),
    BuiltinDef::new("tail", builtin_tail),
    BuiltinDef::new("append", builtin_append),
];

// ---------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------

/// A vector value that is never unboxed (attribute values such as `dim`).
fn boxed(v: VecData) -> Value {
    Value::Vec(Rc::new(Vector::new(v)))
}

fn names_of(x: &Value) -> Option<Vec<RStr>> {
    match x {
        Value::Vec(v) => v.names().map(|s| s.to_vec()),
        _ => None,
    }
}

fn set_names(v: &mut Vector, names: Option<Vec<RStr>>) {
    if let Some(ns) = names {
        v.set_attr("names", boxed(VecData::Str(ns)));
    }
}

/// The data of a value as a vector (NULL → empty logical; a function → a one-element list).
fn data_of(x: &Value) -> VecData {
    match x.as_vector() {
        Some(v) => v.data.clone(),
        None if x.is_null() => VecData::empty(VType::Lgl),
        None => VecData::List(vec![x.clone()]),
    }
}

/// `data_of`, borrowed when the value is a boxed vector.
fn data_cow(x: &Value) -> std::borrow::Cow<'_, VecData> {
    match x {
        Value::Vec(v) => std::borrow::Cow::Borrowed(&v.data),
        x => std::borrow::Cow::Owned(data_of(x)),
    }
}

/// First element of a numeric argument as f64 (`None` if absent, NA or non-numeric).
fn num_arg(v: &Option<Value>) -> Option<f64> {
    let v = v.as_ref()?;
    match v.as_vector()?.data {
        VecData::Str(ref s) => s.first()?.as_deref().and_then(crate::coerce::str_to_dbl),
        _ => v.first_f64(),
    }
    .filter(|d| !d.is_nan())
}

fn is_int_typed(v: &Value) -> bool {
    matches!(v.vtype(), Some(VType::Int | VType::Lgl))
}

/// A non-negative count argument (`length.out`, `nrow`, ...).
fn count_arg(v: &Option<Value>, err: &str) -> RResult<Option<usize>> {
    match v {
        None => Ok(None),
        Some(_) => match num_arg(v) {
            Some(d) if d >= 0.0 && d < i32::MAX as f64 => Ok(Some(d as usize)),
            _ => Err(RError::new(err.to_string())),
        },
    }
}

/// `matrix`'s `nrow`/`ncol`: R coerces to integer (NA beyond INT_MAX).
fn dim_count(interp: &mut Interp, v: &Option<Value>, what: &str) -> RResult<Option<usize>> {
    match v {
        None => Ok(None),
        Some(_) => match num_arg(v) {
            Some(d) if d < 0.0 => Err(RError::new(format!("invalid '{what}' value (< 0)"))),
            Some(d) if d < 2147483648.0 => Ok(Some(d as usize)),
            d => {
                if d.is_some() {
                    interp.warning_in_context("NAs introduced by coercion to integer range")?;
                }
                Err(RError::new(format!(
                    "invalid '{what}' value (too large or NA)"
                )))
            }
        },
    }
}

fn flag_arg(v: &Option<Value>, default: bool) -> bool {
    match v {
        Some(v) => v.first_f64().is_some_and(|d| !d.is_nan() && d != 0.0),
        None => default,
    }
}

fn set_dim(v: &mut Vector, nr: usize, nc: usize) {
    v.set_attr("dim", boxed(VecData::Int(vec![nr as i32, nc as i32])));
}

/// `dimnames` of a 2-d matrix as two optional name vectors.
fn dimnames2(v: &Vector) -> (Option<Vec<RStr>>, Option<Vec<RStr>>) {
    let Some(Value::Vec(dn)) = v.attr("dimnames") else {
        return (None, None);
    };
    let VecData::List(l) = &dn.data else {
        return (None, None);
    };
    let get = |k: usize| match l.get(k).and_then(|x| x.as_vector().map(|v| v.data.clone())) {
        Some(VecData::Str(s)) => Some(s),
        _ => None,
    };
    (get(0), get(1))
}

fn set_dimnames(v: &mut Vector, rn: Option<Vec<RStr>>, cn: Option<Vec<RStr>>) {
    if rn.is_none() && cn.is_none() {
        return;
    }
    let f = |x: Option<Vec<RStr>>| x.map_or(Value::Null, |s| boxed(VecData::Str(s)));
    v.set_attr("dimnames", boxed(VecData::List(vec![f(rn), f(cn)])));
}

fn empty_str() -> RStr {
    Some("".into())
}

// ---------------------------------------------------------------------------
// c and list
// ---------------------------------------------------------------------------

/// R's names for the elements of `c(name = x)`: `name` for length 1, `name1..` for
/// longer unnamed x, `name.inner` where x has names.
fn element_names(tag: Option<&str>, x: &Value, n: usize) -> Vec<RStr> {
    let inner = names_of(x);
    (0..n)
        .map(|k| {
            let inner_k = inner
                .as_ref()
                .and_then(|ns| ns.get(k).cloned().flatten())
                .filter(|s| !s.is_empty());
            match (tag.filter(|t| !t.is_empty()), inner_k) {
                (Some(t), Some(i)) => Some(format!("{t}.{i}").into()),
                (Some(t), None) if n == 1 => Some(t.into()),
                (Some(t), None) => Some(format!("{t}{}", k + 1).into()),
                (None, Some(i)) => Some(i),
                (None, None) => empty_str(),
            }
        })
        .collect()
}

/// Flatten lists into their atomic leaves (for `recursive = TRUE`), keeping names.
fn flatten_into(tag: Option<&str>, x: &Value, out: &mut Vec<(RStr, Value)>) {
    if let Value::Vec(v) = x {
        if let VecData::List(l) = &v.data {
            let ns = element_names(tag, x, l.len());
            for (e, nm) in l.iter().zip(ns) {
                flatten_into(nm.as_deref(), e, out);
            }
            return;
        }
    }
    if x.is_null() {
        return;
    }
    let n = x.len();
    let ns = element_names(tag, x, n);
    if n == 1 {
        let name = ns.into_iter().next().flatten();
        out.push((name, strip_names(x)));
    } else {
        for (k, nm) in ns.into_iter().enumerate() {
            if let Some(v) = x.as_vector() {
                out.push((nm, v.data.elt(k)));
            }
        }
    }
}

fn strip_names(x: &Value) -> Value {
    match x.as_vector() {
        Some(v) if v.attrs.is_some() => Value::from_data(v.data.clone()),
        _ => x.clone(),
    }
}

/// `c(...)` over already-evaluated arguments with their names.
pub fn combine(items: &[(Option<Sym>, Value)], recursive: bool, use_names: bool) -> Value {
    if recursive {
        let mut leaves = Vec::new();
        for (tag, x) in items {
            flatten_into(tag.as_deref(), x, &mut leaves);
        }
        let items: Vec<(Option<Sym>, Value)> = leaves
            .into_iter()
            .map(|(n, v)| (n.filter(|s| !s.is_empty()), v))
            .collect();
        return combine(&items, false, use_names);
    }
    let mut t: Option<VType> = None;
    let mut any_names = false;
    let mut total = 0;
    for (tag, x) in items {
        let xt = match x {
            Value::Null => continue,
            Value::Closure(_) | Value::Builtin(_) => VType::List,
            v => v.vtype().unwrap_or(VType::List),
        };
        t = Some(t.map_or(xt, |t| t.max(xt)));
        any_names |= tag.as_ref().is_some_and(|s| !s.is_empty()) || x.attr("names").is_some();
        total += x.len();
    }
    let Some(t) = t else { return Value::Null };
    let mut data = VecData::with_capacity(t, total);
    let mut names: Vec<RStr> = Vec::new();
    for (tag, x) in items {
        if x.is_null() {
            continue;
        }
        if use_names && any_names {
            names.extend(element_names(tag.as_deref(), x, x.len()));
        }
        append_value(&mut data, x);
    }
    let mut v = Vector::new(data);
    // (An empty result has no names, as R's: `c(r = numeric(0))` is a
    // plain `numeric(0)`.)
    if use_names && any_names && !names.is_empty() {
        set_names(&mut v, Some(names));
    }
    Value::from_vector(v)
}

/// Append the elements of `x` to `data` (of `x`'s type or a higher one),
/// coerced as `c` coerces: scalars and vectors of the same type without an
/// intermediate copy.
fn append_value(data: &mut VecData, x: &Value) {
    match (&mut *data, x) {
        (VecData::Lgl(d), Value::Lgl(i)) | (VecData::Int(d), Value::Int(i) | Value::Lgl(i)) => {
            d.push(*i)
        }
        (VecData::Dbl(d), Value::Dbl(v)) => d.push(*v),
        (VecData::Dbl(d), Value::Int(i) | Value::Lgl(i)) => d.push(if *i == NA_INTEGER {
            na_real()
        } else {
            *i as f64
        }),
        (VecData::Lgl(d), Value::Vec(v)) if matches!(v.data, VecData::Lgl(_)) => {
            d.extend_from_slice(super::arith::int_slice(&v.data).unwrap())
        }
        (VecData::Int(d), Value::Vec(v)) if matches!(v.data, VecData::Int(_)) => {
            d.extend_from_slice(super::arith::int_slice(&v.data).unwrap())
        }
        (VecData::Dbl(d), Value::Vec(v)) if matches!(v.data, VecData::Dbl(_)) => {
            let VecData::Dbl(s) = &v.data else {
                unreachable!()
            };
            d.extend_from_slice(s)
        }
        (VecData::Str(d), Value::Vec(v)) if matches!(v.data, VecData::Str(_)) => {
            let VecData::Str(s) = &v.data else {
                unreachable!()
            };
            d.extend_from_slice(s)
        }
        _ => {
            let t = data.vtype();
            let d = data_of(x);
            append_data(
                data,
                if d.vtype() == t {
                    d
                } else {
                    coerce_data(&d, t)
                },
            );
        }
    }
}

/// `c()` of unnamed logical, integer and double scalars: the vector of the
/// highest of their types, built directly. `None` for anything else.
fn combine_scalars(vals: &[&Value]) -> Option<Value> {
    let mut t = VType::Lgl;
    for &v in vals {
        t = t.max(match v {
            Value::Lgl(_) => VType::Lgl,
            Value::Int(_) => VType::Int,
            Value::Dbl(_) => VType::Dbl,
            _ => return None,
        });
    }
    let ints = || {
        vals.iter().map(|&v| match v {
            Value::Lgl(i) | Value::Int(i) => *i,
            _ => unreachable!("no doubles"),
        })
    };
    Some(Value::from_data(match t {
        VType::Lgl => VecData::Lgl(ints().collect()),
        VType::Int => VecData::Int(ints().collect()),
        _ => VecData::Dbl(
            vals.iter()
                .map(|&v| match v {
                    Value::Lgl(i) | Value::Int(i) if *i == NA_INTEGER => na_real(),
                    Value::Lgl(i) | Value::Int(i) => *i as f64,
                    Value::Dbl(d) => *d,
                    _ => unreachable!("scalars only"),
                })
                .collect(),
        ),
    }))
}

/// The scalar entry of `c`: logical, integer and double scalars.
fn c_scalars(_: &mut Interp, args: &[&Value]) -> Option<RResult<Value>> {
    if args.is_empty() {
        return None;
    }
    combine_scalars(args).map(Ok)
}

fn builtin_c(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut items = Vec::new();
    let (mut recursive, mut use_names) = (false, true);
    for (name, v) in args.names.into_iter().zip(args.values) {
        match name.as_deref() {
            Some("recursive") => recursive = flag_arg(&Some(v), false),
            Some("use.names") => use_names = flag_arg(&Some(v), true),
            _ => items.push((name, v)),
        }
    }
    Ok(combine(&items, recursive, use_names))
}

fn builtin_list(_: &mut Interp, args: Args) -> RResult<Value> {
    Ok(make_list(args.values, &args.names))
}

/// `list(...)` of `values` with argument names `names` (what the builtin
/// does; compiled code's calls of `list` come here directly).
pub fn make_list(values: Vec<Value>, names: &[Option<Sym>]) -> Value {
    let any_names = names
        .iter()
        .any(|n| n.as_ref().is_some_and(|s| !s.is_empty()));
    let mut v = Vector::new(VecData::List(values));
    if any_names {
        v.set_attr("names", shared_names(names));
    }
    Value::Vec(Rc::new(v))
}

/// Names vectors that `list(...)` made recently, for `shared_names`.
const SHARED_NAMES: usize = 8;

thread_local! {
    static RECENT_NAMES: std::cell::RefCell<Vec<Rc<Vector>>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The names vector of a list made by `list(...)` with argument names
/// `names`: one made recently for the very same names (the same interned
/// strings, as the same call gives each time) if there is one, so that
/// records made by one call share their names, like the objects of one
/// constructor share a hidden class in JavaScript VMs; `$` on them then
/// finds a field by comparing the names vector's address
/// (`subset::FieldCache`). Sharing is invisible to R code: a names vector
/// referenced twice is copied before it is changed.
fn shared_names(names: &[Option<Sym>]) -> Value {
    let same = |cached: &Vector| match &cached.data {
        VecData::Str(ns) => {
            ns.len() == names.len()
                && ns.iter().zip(names).all(|(c, n)| match (c, n) {
                    (Some(c), Some(n)) => Rc::ptr_eq(c, n),
                    (Some(c), None) => c.is_empty(),
                    (None, _) => false,
                })
        }
        _ => false,
    };
    RECENT_NAMES.with(|recent| {
        let mut recent = recent.borrow_mut();
        if let Some(k) = recent.iter().position(|c| same(c)) {
            return Value::Vec(recent[k].clone());
        }
        let data: Vec<RStr> = names
            .iter()
            .map(|n| Some(n.clone().unwrap_or_else(|| "".into())))
            .collect();
        let made = Rc::new(Vector::new(VecData::Str(data)));
        if recent.len() == SHARED_NAMES {
            recent.remove(0);
        }
        recent.push(made.clone());
        Value::Vec(made)
    })
}

// ---------------------------------------------------------------------------
// seq, seq_len, seq_along, ':'
// ---------------------------------------------------------------------------

/// The length of `from:to` (both numbers, not NaN), as R's `seq_colon`
/// counts it: `|to - from| + 1` with a `FLT_EPSILON` of slack, truncated
/// (`2:5.9999999` has 5 elements; compiled loops count the same way).
pub fn colon_count(from: f64, to: f64) -> f64 {
    ((to - from).abs() + 1.0 + f32::EPSILON as f64).trunc()
}

/// `from:to` — integer when `from` is integer-valued and the whole range fits.
pub fn colon(interp: &mut Interp, a: &Value, b: &Value) -> RResult<Value> {
    // Fast path: two integer-valued scalars.
    if let (Value::Int(f), Value::Int(t)) = (a, b) {
        if *f != NA_INTEGER && *t != NA_INTEGER {
            return Ok(int_range(*f as i64, *t as i64));
        }
    }
    let first = |interp: &mut Interp, v: &Value| -> RResult<f64> {
        let n = v.len();
        if n == 0 {
            return Err(RError::new("argument of length 0"));
        }
        let d = match v.as_vector().map(|x| x.data.clone()) {
            Some(VecData::Str(s)) => match s[0].as_deref() {
                Some(text) => match crate::coerce::str_to_dbl(text) {
                    Some(d) => d,
                    None => {
                        if text != "NA" {
                            interp.warning_in_context("NAs introduced by coercion")?;
                        }
                        na_real()
                    }
                },
                None => na_real(),
            },
            Some(VecData::Cplx(c)) => c[0].re,
            Some(VecData::List(_)) | None => return Err(RError::new("NA/NaN argument")),
            _ => v.first_f64().unwrap_or(na_real()),
        };
        Ok(d)
    };
    let (f, t) = (first(interp, a)?, first(interp, b)?);
    for v in [a, b] {
        if v.len() > 1 {
            interp.warning(format!(
                "numerical expression has {} elements: only the first used",
                v.len()
            ))?;
        }
    }
    if f.is_nan() || t.is_nan() {
        return Err(RError::new("NA/NaN argument"));
    }
    let span = (t - f).abs();
    if span >= crate::limits::MAX_LENGTH {
        return Err(RError::new("result would be too long a vector"));
    }
    let n = colon_count(f, t);
    if n >= i32::MAX as f64 {
        // GNU R represents such a range lazily (a compact double sequence);
        // dlvm allocates it, so the allocation ceiling applies (issue 19).
        crate::limits::check_alloc(n, VType::Dbl)?;
    }
    let n = n as usize;
    let last = if f <= t {
        f + (n - 1) as f64
    } else {
        f - (n - 1) as f64
    };
    let fits = |x: f64| x > i32::MIN as f64 && x <= i32::MAX as f64;
    if f == f.trunc() && fits(f) && fits(last) {
        return Ok(int_range(f as i64, last as i64));
    }
    let step = if f <= t { 1.0 } else { -1.0 };
    Ok(dbl_vec((0..n).map(|k| f + step * k as f64).collect()))
}

fn int_range(f: i64, t: i64) -> Value {
    if f <= t {
        int_vec((f..=t).map(|x| x as i32).collect())
    } else {
        int_vec((t..=f).rev().map(|x| x as i32).collect())
    }
}

fn builtin_colon(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["from", "to"])?;
    let (f, t) = (
        b.take(0).unwrap_or(Value::Null),
        b.take(1).unwrap_or(Value::Null),
    );
    colon(interp, &f, &t)
}

fn seq_len_value(n: usize) -> Value {
    int_vec((1..=n as i32).collect())
}

fn builtin_seq_len(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["length.out"])?;
    let v = b.take(0);
    if v.as_ref().is_none_or(|v| v.is_empty()) {
        return Err(RError::new("argument of length 0"));
    }
    if v.as_ref().is_some_and(|v| v.len() > 1) {
        interp.warning("first element used of 'length.out' argument")?;
    }
    if v.as_ref().is_some_and(|v| v.vtype() == Some(VType::Str)) && num_arg(&v).is_none() {
        interp.warning_in_context("NAs introduced by coercion")?;
    }
    // Beyond the integer range GNU R returns a compact (lazy) double
    // sequence; dlvm would have to allocate it: R's errors for a vector it
    // cannot describe or allocate (issue 19).
    match num_arg(&v) {
        Some(d) if d > crate::limits::MAX_LENGTH => {
            return Err(RError::new("result would be too long a vector"))
        }
        Some(d) if d >= i32::MAX as f64 => crate::limits::check_alloc(d.floor(), VType::Dbl)?,
        _ => {}
    }
    let n = count_arg(&v, "argument must be coercible to non-negative integer")?.unwrap_or(0);
    Ok(seq_len_value(n))
}

fn builtin_seq_along(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["along.with"])?;
    let n = match b.take(0) {
        Some(v) => super::inspect::dispatched_length(interp, &v)?,
        None => 0,
    };
    Ok(seq_len_value(n))
}

fn builtin_seq(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["from", "to", "by", "length.out", "along.with", "..."])?;
    let (from_v, to_v, by_v) = (b.take(0), b.take(1), b.take(2));
    let mut len_v = b.take(3);
    if let Some(a) = b.take(4) {
        len_v = Some(Value::Int(a.len() as i32));
    }
    let length_out = match &len_v {
        Some(_) => match num_arg(&len_v) {
            // R's seq.default builds the result with seq_len(length.out - 2L).
            Some(d) if d.is_finite() && d > crate::limits::MAX_LENGTH => {
                return Err(RError::with_call(
                    "result would be too long a vector",
                    "seq_len(length.out - 2L)",
                ))
            }
            Some(d) if d >= 0.0 && d.is_finite() => {
                crate::limits::check_alloc(d.ceil(), VType::Dbl)?;
                Some(d.ceil() as usize)
            }
            _ => return Err(RError::new("'length.out' must be a non-negative number")),
        },
        None => None,
    };
    let one_of = |v: &Option<Value>, what: &str| -> RResult<Option<f64>> {
        match v {
            None => Ok(None),
            Some(x) if x.len() != 1 => Err(RError::new(format!("'{what}' must be of length 1"))),
            Some(_) => match num_arg(v) {
                Some(d) if d.is_finite() => Ok(Some(d)),
                _ => Err(RError::new(format!("'{what}' must be a finite number"))),
            },
        }
    };
    // seq(x): one argument gives 1:x (length-1 x) or seq_along(x).
    if to_v.is_none() && by_v.is_none() && length_out.is_none() {
        let Some(x) = from_v else {
            return Ok(Value::Int(1));
        };
        if x.len() == 1 {
            return colon(interp, &Value::Int(1), &x);
        }
        return Ok(seq_len_value(x.len()));
    }
    let from = one_of(&from_v, "from")?;
    let to = one_of(&to_v, "to")?;
    let by = one_of(&by_v, "by")?;
    let int_from = from_v.as_ref().is_none_or(is_int_typed);
    let int_by = by_v.as_ref().is_none_or(is_int_typed);
    match (from, to, by, length_out) {
        (Some(_), Some(_), None, None) => colon(
            interp,
            from_v.as_ref().unwrap_or(&Value::Null),
            to_v.as_ref().unwrap_or(&Value::Null),
        ),
        (f, Some(t), Some(by), None) => {
            let f = f.unwrap_or(1.0);
            let del = t - f;
            if del == 0.0 && t == 0.0 {
                return Ok(to_v.unwrap_or(Value::Dbl(t)));
            }
            let n = del / by;
            if !n.is_finite() {
                if by == 0.0 && del == 0.0 {
                    return Ok(from_v.unwrap_or(Value::Dbl(f)));
                }
                return Err(RError::new("invalid '(to - from)/by'"));
            }
            if n < 0.0 {
                return Err(RError::new("wrong sign in 'by' argument"));
            }
            if n > i32::MAX as f64 {
                return Err(RError::new("'by' argument is much too small"));
            }
            let dd = del.abs() / t.abs().max(f.abs());
            if dd < 100.0 * f64::EPSILON {
                return Ok(from_v.unwrap_or(Value::Dbl(f)));
            }
            let int_to = to_v.as_ref().is_some_and(is_int_typed);
            if int_from && int_to && int_by {
                let n = n as i64;
                return Ok(int_vec(
                    (0..=n).map(|k| (f as i64 + k * by as i64) as i32).collect(),
                ));
            }
            let n = (n + 1e-10) as usize;
            Ok(dbl_vec(
                (0..=n)
                    .map(|k| {
                        let x = f + k as f64 * by;
                        if by > 0.0 {
                            x.min(t)
                        } else {
                            x.max(t)
                        }
                    })
                    .collect(),
            ))
        }
        (f, t, by, Some(n)) => {
            if from_v.is_some() && to_v.is_some() && by_v.is_some() {
                return Err(RError::new("too many arguments"));
            }
            if n == 0 {
                return Ok(int_vec(vec![]));
            }
            match (f, t) {
                (Some(f), Some(t)) => {
                    if n == 1 {
                        return Ok(from_v.unwrap_or(Value::Dbl(f)));
                    }
                    let by = (t - f) / (n - 1) as f64;
                    let mut v: Vec<f64> = (0..n).map(|k| f + k as f64 * by).collect();
                    if let Some(last) = v.last_mut() {
                        *last = t;
                    }
                    // seq(from, to, length.out=) is always double in R 4.2.
                    Ok(dbl_vec(v))
                }
                (None, Some(t)) => {
                    let by = by.unwrap_or(1.0);
                    let v: Vec<f64> = (0..n).map(|k| t - (n - 1 - k) as f64 * by).collect();
                    let int_to = to_v.as_ref().is_some_and(is_int_typed);
                    Ok(maybe_int(v, int_to && int_by))
                }
                (f, None) => {
                    let (f, by) = (f.unwrap_or(1.0), by.unwrap_or(1.0));
                    let v: Vec<f64> = (0..n).map(|k| f + k as f64 * by).collect();
                    if from_v.is_none() && by_v.is_none() {
                        return Ok(seq_len_value(n));
                    }
                    Ok(maybe_int(v, by_v.is_some() && int_from && int_by))
                }
            }
        }
        (None, Some(t), None, None) => colon(interp, &Value::Int(1), &Value::Dbl(t)),
        _ => Err(RError::new("too many arguments")),
    }
}

fn maybe_int(v: Vec<f64>, int: bool) -> Value {
    if int && v.iter().all(|x| x.abs() <= i32::MAX as f64) {
        int_vec(v.into_iter().map(|x| x as i32).collect())
    } else {
        dbl_vec(v)
    }
}

// ---------------------------------------------------------------------------
// rep, rep_len, rev
// ---------------------------------------------------------------------------

fn select_value(x: &Value, pos: &[Option<usize>], keep_names: bool) -> Value {
    let d = data_of(x);
    let mut v = Vector::new(d.select(pos));
    if keep_names {
        if let Some(ns) = names_of(x) {
            v.set_attr("names", boxed(VecData::Str(ns).select(pos)));
        }
    }
    Value::from_vector(v)
}

fn builtin_rep(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "times", "length.out", "each", "..."])?;
    let x = b.take(0).unwrap_or(Value::Null);
    let (times_v, len_v, each_v) = (b.take(1), b.take(2), b.take(3));
    if x.is_null() {
        return Ok(Value::Null);
    }
    let t = x.vtype().unwrap_or(VType::List);
    let n = x.len();
    // Beyond the longest describable vector R calls `each` invalid.
    let each = match &each_v {
        None => 1,
        Some(_) => match num_arg(&each_v) {
            Some(d) if (0.0..=crate::limits::MAX_LENGTH).contains(&d) => d as usize,
            None => 1,
            _ => return Err(RError::new("invalid 'each' argument")),
        },
    };
    crate::limits::check_alloc(n as f64 * each as f64, t)?;
    let mut pos: Vec<usize> = (0..n).flat_map(|i| std::iter::repeat_n(i, each)).collect();
    let length_out = match &len_v {
        Some(_) => match num_arg(&len_v) {
            Some(d) if (0.0..=crate::limits::MAX_LENGTH).contains(&d) => {
                crate::limits::check_alloc(d, t)?;
                Some(d as usize)
            }
            None => None,
            _ => return Err(RError::new("invalid 'length.out' argument")),
        },
        None => None,
    };
    if length_out.is_none() {
        if let Some(tv) = &times_v {
            let td = tv.as_vector().map(|v| coerce_data(&v.data, VType::Dbl));
            let times: Vec<f64> = match td {
                Some(VecData::Dbl(t)) => t,
                _ => return Err(RError::new("invalid 'times' argument")),
            };
            if times
                .iter()
                .any(|t| t.is_nan() || *t < 0.0 || *t > crate::limits::MAX_LENGTH)
            {
                return Err(RError::new("invalid 'times' argument"));
            }
            if times.len() == 1 {
                crate::limits::check_alloc(pos.len() as f64 * times[0], t)?;
                let k = times[0] as usize;
                let base = pos.clone();
                pos = Vec::with_capacity(base.len() * k);
                for _ in 0..k {
                    pos.extend_from_slice(&base);
                }
            } else if times.len() == pos.len() {
                crate::limits::check_alloc(times.iter().sum(), t)?;
                pos = pos
                    .iter()
                    .zip(&times)
                    .flat_map(|(&p, &t)| std::iter::repeat_n(p, t as usize))
                    .collect();
            } else {
                return Err(RError::new("invalid 'times' argument"));
            }
        }
    }
    if let Some(lo) = length_out {
        if pos.is_empty() {
            pos = vec![];
        } else {
            pos = (0..lo).map(|k| pos[k % pos.len()]).collect();
        }
    }
    let pos: Vec<Option<usize>> = pos.into_iter().map(Some).collect();
    Ok(select_value(&x, &pos, true))
}

/// `rep.int(x, times)`: `rep` without names, `each` or `length.out`; `times`
/// is one count or one count per element.
fn builtin_rep_int(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "times"])?;
    let x = b.take(0).unwrap_or(Value::Null);
    let times_v = b.take(1).unwrap_or(Value::Null);
    let t = x.vtype().unwrap_or(VType::List);
    if x.is_function() {
        return Err(RError::new(format!(
            "attempt to replicate an object of type '{}'",
            x.type_name()
        )));
    }
    let times: Vec<f64> = match times_v
        .as_vector()
        .map(|v| coerce_data(&v.data, VType::Dbl))
    {
        Some(VecData::Dbl(t)) if !t.is_empty() => t,
        Some(VecData::Dbl(_)) => return Err(RError::new("invalid 'times' value")),
        _ => {
            return Err(RError::new(format!(
                "invalid type ({}) for 'times' (must be a vector)",
                times_v.type_name()
            )))
        }
    };
    if times
        .iter()
        .any(|t| t.is_nan() || *t < 0.0 || *t > crate::limits::MAX_LENGTH)
    {
        return Err(RError::new("invalid 'times' value"));
    }
    if x.is_null() {
        return Err(RError::new("unimplemented type 'NULL' in 'rep3'"));
    }
    let n = x.len();
    let pos: Vec<Option<usize>> = if times.len() == 1 {
        crate::limits::check_alloc(n as f64 * times[0], t)?;
        (0..times[0] as usize)
            .flat_map(|_| (0..n).map(Some))
            .collect()
    } else if times.len() == n {
        crate::limits::check_alloc(times.iter().sum(), t)?;
        (0..n)
            .flat_map(|i| std::iter::repeat_n(Some(i), times[i] as usize))
            .collect()
    } else {
        return Err(RError::new("invalid 'times' value"));
    };
    Ok(select_value(&x, &pos, false))
}

fn builtin_rep_len(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "length.out"])?;
    let x = b.take(0).unwrap_or(Value::Null);
    let n = count_arg(&b.take(1), "invalid 'length.out' value")?.unwrap_or(0);
    let len = x.len();
    if len == 0 {
        return Ok(select_value(&x, &vec![None; n], false));
    }
    let pos: Vec<Option<usize>> = (0..n).map(|k| Some(k % len)).collect();
    Ok(select_value(&x, &pos, false))
}

fn builtin_rev(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x"])?;
    let x = b.take(0).unwrap_or(Value::Null);
    if x.is_null() {
        return Ok(Value::Null);
    }
    if x.attr("dim").is_some_and(|d| d.len() == 1) {
        let pos: Vec<usize> = (0..x.len()).rev().collect();
        return crate::builtins::subset::select_positions(&x, &pos);
    }
    let pos: Vec<Option<usize>> = (0..x.len()).rev().map(Some).collect();
    Ok(select_value(&x, &pos, true))
}

// ---------------------------------------------------------------------------
// matrix, array, t, diag, outer
// ---------------------------------------------------------------------------

fn builtin_matrix(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["data", "nrow", "ncol", "byrow", "dimnames"])?;
    let data = b.take(0).unwrap_or(Value::Lgl(NA_LOGICAL));
    let nrow = dim_count(interp, &b.take(1), "nrow")?;
    let ncol = dim_count(interp, &b.take(2), "ncol")?;
    let byrow = flag_arg(&b.take(3), false);
    let dimnames = b.take(4);
    let d = data_of(&data);
    let len = d.len();
    let (nr, nc) = match (nrow, ncol) {
        (Some(r), Some(c)) => (r, c),
        (Some(r), None) => (r, if r == 0 { 0 } else { len.div_ceil(r) }),
        (None, Some(c)) => (if c == 0 { 0 } else { len.div_ceil(c) }, c),
        (None, None) => (len, 1),
    };
    crate::limits::check_alloc(nr as f64 * nc as f64, d.vtype())?;
    let nrc = nr * nc;
    if len > 1 && nrc % len != 0 {
        if (len > nr && nr > 0 && (len / nr) * nr != len) || (len < nr && (nr / len) * len != len) {
            interp.warning(format!(
                "data length [{len}] is not a sub-multiple or multiple of the number of rows [{nr}]"
            ))?;
        } else if (len > nc && nc > 0 && (len / nc) * nc != len)
            || (len < nc && (nc / len) * len != len)
        {
            interp.warning(format!(
                "data length [{len}] is not a sub-multiple or multiple of the number of columns [{nc}]"
            ))?;
        } else if nrc != len {
            interp.warning(format!(
                "data length differs from size of matrix: [{len} != {nr} x {nc}]"
            ))?;
        }
    } else if len > 1 && nrc == 0 {
        interp.warning("non-empty data for zero-extent matrix")?;
    }
    let pos: Vec<Option<usize>> = (0..nrc)
        .map(|k| {
            if len == 0 {
                return None;
            }
            let (i, j) = (k % nr.max(1), k / nr.max(1));
            Some(if byrow { (i * nc + j) % len } else { k % len })
        })
        .collect();
    let mut v = Vector::new(d.select(&pos));
    set_dim(&mut v, nr, nc);
    let v = Value::Vec(Rc::new(v));
    match dimnames.filter(|d| !d.is_null()) {
        Some(dn) => super::matrix::dimnames_assign(v, dn),
        None => Ok(v),
    }
}

fn builtin_array(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["data", "dim", "dimnames"])?;
    let data = b.take(0).unwrap_or(Value::Lgl(NA_LOGICAL));
    let d = data_of(&data);
    let dims: Vec<usize> = match b.take(1) {
        None => vec![d.len()],
        Some(dv) => {
            let x = match dv.as_vector().map(|v| coerce_data(&v.data, VType::Dbl)) {
                Some(VecData::Dbl(x)) => x,
                _ => Vec::new(),
            };
            if x.is_empty() {
                return Err(RError::new("'dims' cannot be of length 0"));
            }
            if x.iter().any(|e| e.is_nan() || *e < 0.0) {
                return Err(RError::new("negative length vectors are not allowed"));
            }
            x.iter().map(|e| *e as usize).collect()
        }
    };
    crate::limits::check_alloc(dims.iter().map(|&x| x as f64).product(), d.vtype())?;
    let total: usize = dims.iter().product();
    let len = d.len();
    let pos: Vec<Option<usize>> = (0..total)
        .map(|k| if len == 0 { None } else { Some(k % len) })
        .collect();
    let mut v = Vector::new(d.select(&pos));
    v.set_attr(
        "dim",
        boxed(VecData::Int(dims.iter().map(|&x| x as i32).collect())),
    );
    let v = Value::Vec(Rc::new(v));
    match b.take(2).filter(|d| !d.is_empty()) {
        Some(dn) => super::matrix::dimnames_assign(v, dn),
        None => Ok(v),
    }
}

fn builtin_t(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x"])?;
    let x = b.take(0).unwrap_or(Value::Null);
    let Some(xv) = x.as_vector() else {
        return Err(RError::new("argument is not a matrix"));
    };
    if xv.dims().is_some_and(|d| d.len() > 2) {
        return Err(RError::new("argument is not a matrix"));
    }
    let (nr, nc, rn, cn) = match xv.dim2() {
        Some((nr, nc)) => {
            let (rn, cn) = dimnames2(&xv);
            (nr, nc, rn, cn)
        }
        None => (xv.len(), 1, xv.names().map(|s| s.to_vec()), None),
    };
    // Result is nc x nr: element (j, i) = x[i, j].
    let pos: Vec<Option<usize>> = (0..nr * nc)
        .map(|k| Some((k / nc) + (k % nc) * nr))
        .collect();
    let mut v = Vector::new(xv.data.select(&pos));
    set_dim(&mut v, nc, nr);
    set_dimnames(&mut v, cn, rn);
    Ok(Value::Vec(Rc::new(v)))
}

fn builtin_diag(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "nrow", "ncol", "names"])?;
    let x = b.take(0).unwrap_or(Value::Dbl(1.0));
    let (nrow, ncol) = (b.take(1), b.take(2));
    let xv = x
        .as_vector()
        .ok_or_else(|| RError::new("'x' must be numeric or a matrix"))?;
    if let Some((nr, nc)) = xv.dim2() {
        if nrow.is_some() || ncol.is_some() {
            return Err(RError::new(
                "'nrow' or 'ncol' cannot be specified when 'x' is a matrix",
            ));
        }
        let m = nr.min(nc);
        let pos: Vec<Option<usize>> = (0..m).map(|k| Some(k * nr + k)).collect();
        let mut d = Vector::new(xv.data.select(&pos));
        // names = TRUE: the row names when the first m row and column names agree.
        if flag_arg(&b.take(3), true) {
            if let Some(Value::Vec(dn)) = xv.attr("dimnames") {
                if let VecData::List(l) = &dn.data {
                    if let [r, c] = l.as_slice() {
                        let (r, c) = (super::output::as_strings(r), super::output::as_strings(c));
                        if r.len() >= m && c.len() >= m && r[..m] == c[..m] {
                            d.set_attr("names", str_vec(r[..m].to_vec()));
                        }
                    }
                }
            }
        }
        return Ok(Value::from_vector(d));
    }
    let nrow = dim_count(interp, &nrow, "nrow")?;
    let ncol = dim_count(interp, &ncol, "ncol")?;
    let (n, values): (usize, VecData) =
        if xv.len() == 1 && nrow.is_none() && xv.vtype() != VType::Lgl {
            let d = x.first_f64().unwrap_or(f64::NAN);
            if d.is_nan() || d < 0.0 {
                return Err(RError::new("invalid 'nrow' value (< 0)"));
            }
            (d as usize, VecData::Dbl(vec![1.0]))
        } else {
            (nrow.unwrap_or(xv.len()), xv.data.clone())
        };
    let nc = ncol.unwrap_or(n);
    // diag(1:2) stays integer and diag(c(TRUE, FALSE)) logical, as in R.
    let t = values.vtype();
    let mut out = VecData::na_filled(t, 0);
    append_data(&mut out, coerce_data(&VecData::Int(vec![0; n * nc]), t));
    let vl = values.len();
    if vl > 0 {
        let diag_pos: Vec<usize> = (0..n.min(nc)).map(|k| k * n + k).collect();
        let src: Vec<Option<usize>> = (0..diag_pos.len()).map(|k| Some(k % vl)).collect();
        let picked = values.select(&src);
        for (k, p) in diag_pos.iter().enumerate() {
            set_elt(&mut out, *p, &picked, k);
        }
    }
    let mut v = Vector::new(out);
    set_dim(&mut v, n, nc);
    Ok(Value::Vec(Rc::new(v)))
}

/// `diag(x) <- value` (R's closure): `value` of length 1 or `min(dim(x))`,
/// stored as `x[cbind(i, i)] <- value` stores it (the type rises as `[<-`'s).
fn builtin_diag_set(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "value"])?;
    let x = b.take(0).ok_or_else(|| missing_arg("x"))?;
    let value = b.take(1).ok_or_else(|| missing_arg("value"))?;
    let Some((nr, nc)) = x.as_vector().and_then(|v| v.dim2()) else {
        return Err(RError::new("only matrix diagonals can be replaced"));
    };
    let m = nr.min(nc);
    let lv = value.len();
    if lv != 1 && lv != m {
        return Err(RError::new("replacement diagonal has wrong length"));
    }
    if m == 0 {
        return Ok(x);
    }
    if x.vtype() == Some(VType::List) || value.vtype() == Some(VType::List) {
        return Err(RError::unsupported("diag<- of a list"));
    }
    let pos: Vec<i32> = (0..m).map(|k| (k * nr + k) as i32 + 1).collect();
    super::subset::assign_index(interp, x, &[Some(int_vec(pos))], value)
}

fn missing_arg(name: &str) -> RError {
    RError::new(format!("argument \"{}\" is missing, with no default", name))
}

/// `dst[p] = src[k]` for two vectors of the same type.
pub(crate) fn set_elt(dst: &mut VecData, p: usize, src: &VecData, k: usize) {
    match (dst, src) {
        (VecData::Lgl(d), VecData::Lgl(s)) | (VecData::Int(d), VecData::Int(s)) => d[p] = s[k],
        (VecData::Dbl(d), VecData::Dbl(s)) => d[p] = s[k],
        (VecData::Cplx(d), VecData::Cplx(s)) => d[p] = s[k],
        (VecData::Str(d), VecData::Str(s)) => d[p] = s[k].clone(),
        (VecData::List(d), VecData::List(s)) => d[p] = s[k].clone(),
        _ => {}
    }
}

/// Elementwise product of two numeric vectors of equal length (outer's default FUN).
fn multiply(interp: &mut Interp, a: &VecData, b: &VecData) -> RResult<Option<VecData>> {
    match (a, b) {
        (VecData::Int(x) | VecData::Lgl(x), VecData::Int(y) | VecData::Lgl(y)) => {
            let mut overflow = false;
            let r = x
                .iter()
                .zip(y)
                .map(|(&p, &q)| {
                    if p == NA_INTEGER || q == NA_INTEGER {
                        return NA_INTEGER;
                    }
                    match p.checked_mul(q) {
                        Some(v) if v != NA_INTEGER => v,
                        _ => {
                            overflow = true;
                            NA_INTEGER
                        }
                    }
                })
                .collect();
            if overflow {
                interp.warning("NAs produced by integer overflow")?;
            }
            Ok(Some(VecData::Int(r)))
        }
        (
            VecData::Int(_) | VecData::Lgl(_) | VecData::Dbl(_),
            VecData::Int(_) | VecData::Lgl(_) | VecData::Dbl(_),
        ) => {
            let (VecData::Dbl(x), VecData::Dbl(y)) =
                (coerce_data(a, VType::Dbl), coerce_data(b, VType::Dbl))
            else {
                return Ok(None);
            };
            Ok(Some(VecData::Dbl(
                x.iter().zip(&y).map(|(p, q)| p * q).collect(),
            )))
        }
        _ => Ok(None),
    }
}

/// `rep(rep(d, each = each), times = times)` of vector data.
fn repeat_data(d: &VecData, times: usize, each: usize) -> VecData {
    fn go<T: Clone>(v: &[T], times: usize, each: usize) -> Vec<T> {
        let mut out = Vec::with_capacity(v.len() * times * each);
        for _ in 0..times {
            if each == 1 {
                out.extend_from_slice(v);
            } else {
                for x in v {
                    out.extend(std::iter::repeat_n(x, each).cloned());
                }
            }
        }
        out
    }
    match d {
        VecData::Raw(v) => VecData::Raw(go(v, times, each)),
        VecData::Lgl(v) => VecData::Lgl(go(v, times, each)),
        VecData::Int(v) => VecData::Int(go(v, times, each)),
        VecData::Dbl(v) => VecData::Dbl(go(v, times, each)),
        VecData::Cplx(v) => VecData::Cplx(go(v, times, each)),
        VecData::Str(v) => VecData::Str(go(v, times, each)),
        VecData::List(v) => VecData::List(go(v, times, each)),
    }
}

fn builtin_outer(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["X", "Y", "FUN", "..."])?;
    let x = b.take(0).unwrap_or(Value::Null);
    let y = b.take(1).unwrap_or(Value::Null);
    let fun = b.take(2);
    let (xd, yd) = (data_cow(&x), data_cow(&y));
    let (nx, ny) = (xd.len(), yd.len());
    // X repeated ny times and each element of Y nx times.
    let (xr, yr) = (repeat_data(&xd, ny, 1), repeat_data(&yd, 1, nx));
    let is_default = match &fun {
        None => true,
        Some(f) => {
            matches!(f.as_vector().map(|v| v.data.clone()), Some(VecData::Str(s)) if s.first().and_then(|s| s.as_deref()) == Some("*"))
        }
    };
    let product = if is_default {
        multiply(interp, &xr, &yr)?
    } else {
        None
    };
    let result = match product {
        Some(p) => p,
        None => {
            let f = match fun {
                Some(f) if f.is_function() => f,
                Some(f) => {
                    let name = match f.as_vector().map(|v| v.data.clone()) {
                        Some(VecData::Str(s)) => s
                            .first()
                            .cloned()
                            .flatten()
                            .map(|s| s.to_string())
                            .unwrap_or_default(),
                        _ => String::new(),
                    };
                    interp.find_function(&name).ok_or_else(|| {
                        RError::new(format!("object '{name}' of mode 'function' was not found"))
                    })?
                }
                None => interp
                    .find_function("*")
                    .ok_or_else(|| RError::new("object '*' of mode 'function' was not found"))?,
            };
            let mut call_args = Args::positional(vec![Value::from_data(xr), Value::from_data(yr)]);
            for (n, v) in b.dots.drain(..) {
                call_args.push(n, v);
            }
            let site = crate::interp::CallSite::Text("FUN(X, Y, ...)".into());
            let r = interp.call_value(&f, call_args, site)?;
            if r.len() != nx * ny {
                return Err(RError::new(format!(
                    "dims [product {}] do not match the length of object [{}]",
                    nx * ny,
                    r.len()
                )));
            }
            match r {
                // The result is new: its data are taken, not copied.
                Value::Vec(_) => r.into_vector().map(|v| v.data).unwrap(),
                r => data_of(&r),
            }
        }
    };
    let mut v = Vector::new(result);
    // dim c(dim(X), dim(Y)) (a vector counting as one dimension), the
    // dimnames c(dimnames(X), dimnames(Y)) (names as one component).
    let shape = |z: &Value| -> (Vec<usize>, Option<Vec<Value>>, Option<Vec<RStr>>) {
        match z.as_vector().and_then(|zv| zv.dims().map(|d| (d, zv))) {
            Some((d, zv)) => match zv.attr("dimnames") {
                Some(Value::Vec(dn)) => match &dn.data {
                    VecData::List(l) => {
                        let names = dn
                            .attr("names")
                            .and_then(|_| dn.names().map(|n| n.to_vec()));
                        (d, Some(l.clone()), names)
                    }
                    _ => (d, None, None),
                },
                _ => (d, None, None),
            },
            None => (vec![z.len()], names_of(z).map(|n| vec![str_vec(n)]), None),
        }
    };
    let (dx, nx_parts, nx_names) = shape(&x);
    let (dy, ny_parts, ny_names) = shape(&y);
    if dx.len() == 1 && dy.len() == 1 && nx_names.is_none() && ny_names.is_none() {
        set_dim(&mut v, nx, ny);
        set_dimnames(&mut v, names_of(&x), names_of(&y));
        return Ok(Value::Vec(Rc::new(v)));
    }
    let mut dims: Vec<i32> = dx.iter().map(|&d| d as i32).collect();
    dims.extend(dy.iter().map(|&d| d as i32));
    v.set_attr("dim", boxed(VecData::Int(dims)));
    let v = Value::Vec(Rc::new(v));
    if nx_parts.is_none() && ny_parts.is_none() {
        return Ok(v);
    }
    let mut parts = nx_parts.unwrap_or_else(|| vec![Value::Null; dx.len()]);
    parts.extend(ny_parts.unwrap_or_else(|| vec![Value::Null; dy.len()]));
    let mut dn = Vector::new(VecData::List(parts));
    if nx_names.is_some() || ny_names.is_some() {
        let mut n = nx_names.unwrap_or_else(|| vec![Some("".into()); dx.len()]);
        n.extend(ny_names.unwrap_or_else(|| vec![Some("".into()); dy.len()]));
        dn.set_attr("names", str_vec(n));
    }
    super::matrix::dimnames_assign(v, Value::Vec(Rc::new(dn)))
}

// ---------------------------------------------------------------------------
// cbind / rbind
// ---------------------------------------------------------------------------

/// Bind columns (`cbind`) or rows (`rbind`, by transposing the logic).
fn bind(interp: &mut Interp, args: Args, by_col: bool) -> RResult<Value> {
    let items: Vec<(Option<Sym>, Value)> = args
        .names
        .into_iter()
        .zip(args.values)
        .filter(|(n, v)| !v.is_null() && n.as_deref() != Some("deparse.level"))
        .collect();
    if items.is_empty() {
        return Ok(Value::Null);
    }
    // Each item: (its extent along the bound dimension = number of result rows for
    // cbind, its number of slices, its data, names along the extent).
    struct Piece {
        mat: Option<(usize, usize)>,
        data: VecData,
        tag: Option<Sym>,
        value: Value,
    }
    let mut pieces = Vec::new();
    let mut t = VType::Lgl;
    for (tag, v) in items {
        let vv = v
            .as_vector()
            .ok_or_else(|| RError::new("cannot create a matrix from type 'closure'"))?;
        t = t.max(vv.vtype());
        // Work in cbind orientation: an rbind matrix is transposed first.
        let (mat, data) = match vv.dim2() {
            Some((nr, nc)) if by_col => (Some((nr, nc)), vv.data.clone()),
            Some((nr, nc)) => {
                let pos: Vec<Option<usize>> = (0..nr * nc)
                    .map(|k| Some((k / nc) + (k % nc) * nr))
                    .collect();
                (Some((nc, nr)), vv.data.select(&pos))
            }
            None => (None, vv.data.clone()),
        };
        pieces.push(Piece {
            mat,
            data,
            tag,
            value: v.clone(),
        });
    }
    let nrow = pieces
        .iter()
        .find_map(|p| p.mat.map(|m| m.0))
        .unwrap_or_else(|| pieces.iter().map(|p| p.data.len()).max().unwrap_or(0));
    let mut data = VecData::with_capacity(t, 0);
    let mut col_names: Vec<RStr> = Vec::new();
    let mut any_col_names = false;
    let mut row_names: Option<Vec<RStr>> = None;
    for (k, p) in pieces.iter().enumerate() {
        let pd = coerce_data(&p.data, t);
        match p.mat {
            Some((nr, nc)) => {
                if nr != nrow {
                    return Err(RError::new(format!(
                        "number of {} of matrices must match (see arg {})",
                        if by_col { "rows" } else { "columns" },
                        k + 1
                    )));
                }
                append_data(&mut data, pd);
                let vv = p.value.as_vector();
                let (rn, cn) = vv.as_ref().map_or((None, None), |v| dimnames2(v));
                let (rn, cn) = if by_col { (rn, cn) } else { (cn, rn) };
                if row_names.is_none() {
                    row_names = rn;
                }
                match cn {
                    Some(c) => {
                        any_col_names = true;
                        col_names.extend(c);
                    }
                    None => col_names.extend(std::iter::repeat_n(empty_str(), nc)),
                }
            }
            None => {
                let len = pd.len();
                if len == 0 {
                    continue;
                }
                if nrow % len != 0 || len > nrow {
                    interp.warning(format!(
                        "number of {} of result is not a multiple of vector length (arg {})",
                        if by_col { "rows" } else { "columns" },
                        k + 1
                    ))?;
                }
                let pos: Vec<Option<usize>> = (0..nrow).map(|i| Some(i % len)).collect();
                append_data(&mut data, pd.select(&pos));
                if row_names.is_none() && len == nrow {
                    row_names = names_of(&p.value);
                }
                match &p.tag {
                    Some(tag) if !tag.is_empty() => {
                        any_col_names = true;
                        col_names.push(Some(tag.to_string().into()));
                    }
                    _ => col_names.push(empty_str()),
                }
            }
        }
    }
    let ncol = col_names.len();
    let col_names = any_col_names.then_some(col_names);
    let mut v = Vector::new(data);
    if by_col {
        set_dim(&mut v, nrow, ncol);
        set_dimnames(&mut v, row_names, col_names);
        return Ok(Value::Vec(Rc::new(v)));
    }
    // Transpose the cbind-shaped result into rbind shape.
    let pos: Vec<Option<usize>> = (0..nrow * ncol)
        .map(|k| Some((k / ncol) + (k % ncol) * nrow))
        .collect();
    let mut out = Vector::new(v.data.select(&pos));
    set_dim(&mut out, ncol, nrow);
    set_dimnames(&mut out, col_names, row_names);
    Ok(Value::Vec(Rc::new(out)))
}

fn builtin_cbind(interp: &mut Interp, args: Args) -> RResult<Value> {
    bind(interp, args, true)
}

fn builtin_rbind(interp: &mut Interp, args: Args) -> RResult<Value> {
    bind(interp, args, false)
}

// ---------------------------------------------------------------------------
// head, tail, append
// ---------------------------------------------------------------------------

fn head_tail(interp: &mut Interp, args: Args, head: bool) -> RResult<Value> {
    let mut b = args.bind(&["x", "n", "..."])?;
    let x = b.take(0).unwrap_or(Value::Null);
    let n = match b.take(1) {
        None => 6i64,
        Some(v) => match v.first_f64() {
            Some(d) if !d.is_nan() => d as i64,
            _ => return Err(RError::new("invalid 'n' - must be numeric, possibly NA.")),
        },
    };
    if x.is_null() {
        return Ok(Value::Null);
    }
    let dim = x.as_vector().and_then(|v| v.dim2());
    let len = dim.map_or(x.len(), |d| d.0) as i64;
    let k = if n >= 0 { n.min(len) } else { (len + n).max(0) };
    let range: Vec<i64> = if head {
        (1..=k).collect()
    } else {
        (len - k + 1..=len).collect()
    };
    let idx = Value::from_data(VecData::Dbl(range.iter().map(|&i| i as f64).collect()));
    match dim {
        Some(_) if head => super::subset::index(interp, &x, &[Some(idx), None], false),
        Some(_) => Err(RError::unsupported("tail() of a matrix")),
        None => super::subset::index(interp, &x, &[Some(idx)], true),
    }
}

fn builtin_head(interp: &mut Interp, args: Args) -> RResult<Value> {
    head_tail(interp, args, true)
}

fn builtin_tail(interp: &mut Interp, args: Args) -> RResult<Value> {
    head_tail(interp, args, false)
}

fn builtin_append(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "values", "after"])?;
    let x = b.take(0).unwrap_or(Value::Null);
    let values = b.take(1).unwrap_or(Value::Null);
    let n = x.len();
    let after = match b.take(2) {
        None => n,
        Some(a) => a
            .first_f64()
            .filter(|d| !d.is_nan())
            .map_or(n, |d| (d.max(0.0) as usize).min(n)),
    };
    if after >= n {
        return Ok(combine(&[(None, x), (None, values)], false, true));
    }
    let head: Vec<Option<usize>> = (0..after).map(Some).collect();
    let tail: Vec<Option<usize>> = (after..n).map(Some).collect();
    let (h, t) = (select_value(&x, &head, true), select_value(&x, &tail, true));
    Ok(combine(
        &[(None, h), (None, values), (None, t)],
        false,
        true,
    ))
}

#[cfg(test)]
mod tests {
    //! Expected values come from GNU R 4.2 (Rscript), noted beside each case.
    use super::*;

    fn call(it: &mut Interp, name: &str, args: Args) -> RResult<Value> {
        let Some(Value::Builtin(id)) = crate::builtins::lookup(name) else {
            panic!("no builtin {name}")
        };
        crate::builtins::call(id, it, args)
    }
    fn run(name: &str, args: Vec<(Option<&str>, Value)>) -> RResult<Value> {
        let mut a = Args::new();
        for (n, v) in args {
            a.push(n.map(Into::into), v);
        }
        call(&mut Interp::new(), name, a)
    }
    fn pos(v: Vec<Value>) -> Vec<(Option<&'static str>, Value)> {
        v.into_iter().map(|x| (None, x)).collect()
    }
    fn warn_of(name: &str, args: Vec<(Option<&str>, Value)>) -> String {
        let mut a = Args::new();
        for (n, v) in args {
            a.push(n.map(Into::into), v);
        }
        let mut it = Interp::new();
        call(&mut it, name, a).unwrap();
        it.warnings.first().map(|w| w.1.clone()).unwrap_or_default()
    }
    fn dv(v: &[f64]) -> Value {
        dbl_vec(v.to_vec())
    }
    fn iv(v: &[i32]) -> Value {
        int_vec(v.to_vec())
    }
    fn sv(v: &[&str]) -> Value {
        Value::strs(v)
    }
    fn named(v: Value, names: &[&str]) -> Value {
        let mut v = v;
        v.set_attr(
            "names",
            boxed(VecData::Str(
                names.iter().map(|s| Some((*s).into())).collect(),
            )),
        );
        v
    }
    fn list(v: Vec<Value>) -> Value {
        boxed(VecData::List(v))
    }
    fn matrix(data: Value, nr: usize, nc: usize) -> Value {
        let mut v = data.into_vector().unwrap();
        set_dim(&mut v, nr, nc);
        Value::Vec(Rc::new(v))
    }
    fn err(r: RResult<Value>) -> String {
        r.unwrap_err().msg.clone()
    }

    #[test]
    fn c_names_and_types() {
        // c(a=1, b=c(x=1,y=2), 3, c(4,5)) -> names a b.x b.y "" "" ""
        let r = run(
            "c",
            vec![
                (Some("a"), Value::Dbl(1.0)),
                (Some("b"), named(dv(&[1.0, 2.0]), &["x", "y"])),
                (None, Value::Dbl(3.0)),
                (None, dv(&[4.0, 5.0])),
            ],
        );
        assert_eq!(
            r.unwrap(),
            named(
                dv(&[1.0, 1.0, 2.0, 3.0, 4.0, 5.0]),
                &["a", "b.x", "b.y", "", "", ""]
            )
        );
        // c(a=1:2) -> a1 a2
        assert_eq!(
            run("c", vec![(Some("a"), iv(&[1, 2]))]).unwrap(),
            named(iv(&[1, 2]), &["a1", "a2"])
        );
        // c(list(1), 2) -> list(1, 2); c() -> NULL; c(NULL, 1L, TRUE) -> 1 1 (integer)
        assert_eq!(
            run("c", pos(vec![list(vec![Value::Dbl(1.0)]), Value::Dbl(2.0)])).unwrap(),
            list(vec![Value::Dbl(1.0), Value::Dbl(2.0)])
        );
        assert_eq!(run("c", vec![]).unwrap(), Value::Null);
        assert_eq!(
            run("c", pos(vec![Value::Null, Value::Int(1), Value::Lgl(1)])).unwrap(),
            iv(&[1, 1])
        );
        // c(a=list(p=1), b=2) -> $a.p $b
        let r = run(
            "c",
            vec![
                (Some("a"), named(list(vec![Value::Dbl(1.0)]), &["p"])),
                (Some("b"), Value::Dbl(2.0)),
            ],
        );
        assert_eq!(
            r.unwrap(),
            named(list(vec![Value::Dbl(1.0), Value::Dbl(2.0)]), &["a.p", "b"])
        );
        // c(list(a=1, b=list(2,3)), recursive=TRUE) -> a b1 b2 / 1 2 3
        let l = named(
            list(vec![
                Value::Dbl(1.0),
                list(vec![Value::Dbl(2.0), Value::Dbl(3.0)]),
            ]),
            &["a", "b"],
        );
        let r = run("c", vec![(None, l), (Some("recursive"), Value::lgl(true))]);
        assert_eq!(r.unwrap(), named(dv(&[1.0, 2.0, 3.0]), &["a", "b1", "b2"]));
        // c(a=1, b=2, use.names=FALSE) -> 1 2
        let r = run(
            "c",
            vec![
                (Some("a"), Value::Dbl(1.0)),
                (Some("b"), Value::Dbl(2.0)),
                (Some("use.names"), Value::lgl(false)),
            ],
        );
        assert_eq!(r.unwrap(), dv(&[1.0, 2.0]));
        // c(1, "a", TRUE) -> "1" "a" "TRUE"
        assert_eq!(
            run(
                "c",
                pos(vec![Value::Dbl(1.0), Value::str("a"), Value::Lgl(1)])
            )
            .unwrap(),
            sv(&["1", "a", "TRUE"])
        );
        // c(x=c(1,2), c(z=3)) -> x1 x2 z
        let r = run(
            "c",
            vec![
                (Some("x"), dv(&[1.0, 2.0])),
                (None, named(dv(&[3.0]), &["z"])),
            ],
        );
        assert_eq!(r.unwrap(), named(dv(&[1.0, 2.0, 3.0]), &["x1", "x2", "z"]));
        // list(1, b=2) names "" "b"; list() empty
        let r = run(
            "list",
            vec![(None, Value::Dbl(1.0)), (Some("b"), Value::Dbl(2.0))],
        )
        .unwrap();
        assert_eq!(
            r,
            named(list(vec![Value::Dbl(1.0), Value::Dbl(2.0)]), &["", "b"])
        );
        assert_eq!(run("list", vec![]).unwrap(), list(vec![]));
    }

    #[test]
    fn colon_operator() {
        let mut it = Interp::new();
        assert_eq!(
            colon(&mut it, &Value::Dbl(1.0), &Value::Dbl(3.0)).unwrap(),
            iv(&[1, 2, 3])
        );
        assert_eq!(
            colon(&mut it, &Value::Dbl(1.5), &Value::Dbl(4.0)).unwrap(),
            dv(&[1.5, 2.5, 3.5])
        );
        assert_eq!(
            colon(&mut it, &Value::Dbl(3.0), &Value::Dbl(1.0)).unwrap(),
            iv(&[3, 2, 1])
        );
        assert_eq!(
            colon(&mut it, &Value::Dbl(-1.0), &Value::Dbl(-3.0)).unwrap(),
            iv(&[-1, -2, -3])
        );
        // 1e10:(1e10+2) is double; 2147483646:2147483648 is double; 2147483647:2147483647 integer
        assert_eq!(
            colon(&mut it, &Value::Dbl(1e10), &Value::Dbl(1e10 + 2.0))
                .unwrap()
                .vtype(),
            Some(VType::Dbl)
        );
        assert_eq!(
            colon(
                &mut it,
                &Value::Dbl(2147483646.0),
                &Value::Dbl(2147483648.0)
            )
            .unwrap()
            .vtype(),
            Some(VType::Dbl)
        );
        assert_eq!(
            colon(
                &mut it,
                &Value::Dbl(2147483647.0),
                &Value::Dbl(2147483647.0)
            )
            .unwrap(),
            Value::Int(2147483647)
        );
        assert_eq!(
            colon(&mut it, &Value::Lgl(1), &Value::Dbl(3.0)).unwrap(),
            iv(&[1, 2, 3])
        );
        assert_eq!(
            colon(&mut it, &Value::str("1"), &Value::str("3")).unwrap(),
            iv(&[1, 2, 3])
        );
        assert_eq!(
            err(colon(&mut it, &Value::Lgl(NA_LOGICAL), &Value::Dbl(3.0))),
            "NA/NaN argument"
        );
        assert_eq!(
            err(colon(&mut it, &int_vec(vec![]), &Value::Dbl(3.0))),
            "argument of length 0"
        );
        // 1:c(3,4) warns
        let mut it = Interp::new();
        assert_eq!(
            colon(&mut it, &Value::Dbl(1.0), &dv(&[3.0, 4.0])).unwrap(),
            iv(&[1, 2, 3])
        );
        assert_eq!(
            it.warnings[0].1,
            "numerical expression has 2 elements: only the first used"
        );
    }

    #[test]
    fn seq_family() {
        let s = |args: Vec<(Option<&str>, Value)>| run("seq", args);
        let d = |x: f64| (None, Value::Dbl(x));
        assert_eq!(s(vec![d(5.0)]).unwrap(), iv(&[1, 2, 3, 4, 5]));
        assert_eq!(s(vec![d(0.0)]).unwrap(), iv(&[1, 0]));
        assert_eq!(
            s(vec![d(2.0), d(10.0)]).unwrap(),
            iv(&[2, 3, 4, 5, 6, 7, 8, 9, 10])
        );
        assert_eq!(
            s(vec![d(1.0), d(2.0), (Some("by"), Value::Dbl(0.5))]).unwrap(),
            dv(&[1.0, 1.5, 2.0])
        );
        assert_eq!(
            s(vec![d(1.0), d(10.0), d(3.0)]).unwrap(),
            dv(&[1.0, 4.0, 7.0, 10.0])
        );
        assert_eq!(
            s(vec![d(0.0), d(1.0), (Some("length.out"), Value::Dbl(3.0))]).unwrap(),
            dv(&[0.0, 0.5, 1.0])
        );
        assert_eq!(
            s(vec![d(10.0), d(1.0), (Some("length.out"), Value::Dbl(4.0))])
                .unwrap()
                .len(),
            4
        );
        assert_eq!(
            s(vec![(Some("length.out"), Value::Dbl(3.0))]).unwrap(),
            iv(&[1, 2, 3])
        );
        assert_eq!(
            s(vec![
                d(2.0),
                (Some("by"), Value::Dbl(3.0)),
                (Some("length.out"), Value::Dbl(4.0))
            ])
            .unwrap(),
            dv(&[2.0, 5.0, 8.0, 11.0])
        );
        assert_eq!(
            s(vec![
                (None, Value::Int(1)),
                (Some("by"), Value::Int(2)),
                (Some("length.out"), Value::Dbl(3.0))
            ])
            .unwrap(),
            iv(&[1, 3, 5])
        );
        assert_eq!(
            s(vec![
                (Some("to"), Value::Dbl(10.0)),
                (Some("by"), Value::Dbl(2.0)),
                (Some("length.out"), Value::Dbl(3.0))
            ])
            .unwrap(),
            dv(&[6.0, 8.0, 10.0])
        );
        assert_eq!(
            s(vec![
                (None, Value::Int(1)),
                (None, Value::Int(10)),
                (Some("by"), Value::Int(2))
            ])
            .unwrap(),
            iv(&[1, 3, 5, 7, 9])
        );
        assert_eq!(
            s(vec![(Some("along.with"), dv(&[5.0, 6.0]))]).unwrap(),
            iv(&[1, 2])
        );
        assert_eq!(
            s(vec![(None, dv(&[5.0, 6.0, 7.0]))]).unwrap(),
            iv(&[1, 2, 3])
        );
        assert_eq!(
            s(vec![d(1.0), d(1.0), (Some("by"), Value::Dbl(0.0))]).unwrap(),
            Value::Dbl(1.0)
        );
        assert_eq!(
            err(s(vec![d(1.0), d(10.0), (Some("by"), Value::Dbl(-1.0))])),
            "wrong sign in 'by' argument"
        );
        assert_eq!(
            err(s(vec![d(1.0), d(5.0), (Some("by"), Value::Dbl(0.0))])),
            "invalid '(to - from)/by'"
        );
        assert_eq!(
            err(s(vec![d(1.0), d(10.0), (Some("by"), Value::Dbl(1e-12))])),
            "'by' argument is much too small"
        );
        assert_eq!(
            err(s(vec![
                d(1.0),
                d(2.0),
                (Some("length.out"), Value::Dbl(-1.0))
            ])),
            "'length.out' must be a non-negative number"
        );
        assert_eq!(
            run("seq_len", pos(vec![Value::Dbl(2.5)])).unwrap(),
            iv(&[1, 2])
        );
        assert_eq!(run("seq_len", pos(vec![Value::Dbl(0.0)])).unwrap(), iv(&[]));
        assert_eq!(
            err(run("seq_len", pos(vec![Value::Dbl(-1.0)]))),
            "argument must be coercible to non-negative integer"
        );
        assert_eq!(run("seq_along", pos(vec![Value::Null])).unwrap(), iv(&[]));
    }

    #[test]
    fn rep_rev() {
        let r = |args: Vec<(Option<&str>, Value)>| run("rep", args).unwrap();
        let x = || (None, iv(&[1, 2]));
        assert_eq!(
            r(vec![x(), (Some("times"), Value::Dbl(3.0))]),
            iv(&[1, 2, 1, 2, 1, 2])
        );
        assert_eq!(
            r(vec![x(), (Some("each"), Value::Dbl(2.0))]),
            iv(&[1, 1, 2, 2])
        );
        assert_eq!(
            r(vec![x(), (Some("times"), dv(&[2.0, 3.0]))]),
            iv(&[1, 1, 2, 2, 2])
        );
        assert_eq!(
            r(vec![
                (None, named(dv(&[1.0, 2.0]), &["a", "b"])),
                (None, Value::Dbl(2.0))
            ]),
            named(dv(&[1.0, 2.0, 1.0, 2.0]), &["a", "b", "a", "b"])
        );
        assert_eq!(
            r(vec![
                (None, iv(&[1, 2, 3])),
                (Some("length.out"), Value::Dbl(7.0))
            ]),
            iv(&[1, 2, 3, 1, 2, 3, 1])
        );
        assert_eq!(
            r(vec![
                x(),
                (Some("each"), Value::Dbl(2.0)),
                (Some("times"), Value::Dbl(2.0))
            ]),
            iv(&[1, 1, 2, 2, 1, 1, 2, 2])
        );
        assert_eq!(
            r(vec![(None, Value::str("x")), (None, Value::Dbl(0.0))]),
            sv(&[])
        );
        assert_eq!(
            r(vec![x(), (Some("length.out"), Value::Lgl(NA_LOGICAL))]),
            iv(&[1, 2])
        );
        let e = |args| err(run("rep", args));
        assert_eq!(
            e(vec![x(), (Some("times"), dv(&[1.0, 2.0, 3.0]))]),
            "invalid 'times' argument"
        );
        assert_eq!(
            e(vec![x(), (Some("times"), Value::Dbl(-1.0))]),
            "invalid 'times' argument"
        );
        assert_eq!(
            e(vec![x(), (Some("each"), Value::Dbl(-1.0))]),
            "invalid 'each' argument"
        );
        assert_eq!(
            run("rep_len", pos(vec![iv(&[1, 2, 3]), Value::Dbl(5.0)])).unwrap(),
            iv(&[1, 2, 3, 1, 2])
        );
        assert_eq!(
            err(run("rep_len", pos(vec![iv(&[1, 2, 3]), Value::Dbl(-1.0)]))),
            "invalid 'length.out' value"
        );
        let r = run(
            "rev",
            pos(vec![named(dv(&[1.0, 2.0, 3.0]), &["a", "b", "c"])]),
        )
        .unwrap();
        assert_eq!(r, named(dv(&[3.0, 2.0, 1.0]), &["c", "b", "a"]));
    }

    #[test]
    fn matrix_array() {
        let m = |args: Vec<(Option<&str>, Value)>| run("matrix", args);
        let one_to = |n: i32| iv(&(1..=n).collect::<Vec<_>>());
        assert_eq!(
            m(vec![
                (None, one_to(6)),
                (Some("ncol"), Value::Dbl(2.0)),
                (Some("byrow"), Value::lgl(true))
            ])
            .unwrap(),
            matrix(iv(&[1, 3, 5, 2, 4, 6]), 3, 2)
        );
        assert_eq!(
            m(vec![
                (None, Value::Dbl(0.0)),
                (None, Value::Dbl(2.0)),
                (None, Value::Dbl(2.0))
            ])
            .unwrap(),
            matrix(dv(&[0.0; 4]), 2, 2)
        );
        assert_eq!(
            m(vec![
                (None, one_to(3)),
                (None, Value::Dbl(2.0)),
                (None, Value::Dbl(3.0))
            ])
            .unwrap(),
            matrix(iv(&[1, 2, 3, 1, 2, 3]), 2, 3)
        );
        assert_eq!(m(vec![(None, one_to(6))]).unwrap(), matrix(one_to(6), 6, 1));
        assert_eq!(
            m(vec![
                (None, dbl_vec(vec![])),
                (None, Value::Dbl(1.0)),
                (None, Value::Dbl(1.0))
            ])
            .unwrap(),
            matrix(dv(&[na_real()]), 1, 1)
        );
        assert_eq!(
            err(m(vec![(None, one_to(6)), (Some("nrow"), Value::Dbl(-1.0))])),
            "invalid 'nrow' value (< 0)"
        );
        let w = |args| warn_of("matrix", args);
        assert_eq!(
            w(vec![(None, one_to(5)), (None, Value::Dbl(2.0))]),
            "data length [5] is not a sub-multiple or multiple of the number of rows [2]"
        );
        assert_eq!(
            w(vec![(None, one_to(6)), (None, Value::Dbl(4.0))]),
            "data length [6] is not a sub-multiple or multiple of the number of rows [4]"
        );
        assert_eq!(
            w(vec![
                (None, one_to(6)),
                (None, Value::Dbl(2.0)),
                (None, Value::Dbl(2.0))
            ]),
            "data length differs from size of matrix: [6 != 2 x 2]"
        );
        assert_eq!(
            w(vec![
                (None, one_to(4)),
                (None, Value::Dbl(0.0)),
                (None, Value::Dbl(2.0))
            ]),
            "non-empty data for zero-extent matrix"
        );
        let dn = list(vec![sv(&["a", "b"]), sv(&["x", "y"])]);
        let r = m(vec![
            (None, one_to(4)),
            (None, Value::Dbl(2.0)),
            (Some("dimnames"), dn.clone()),
        ])
        .unwrap();
        assert_eq!(r.attr("dimnames"), Some(&dn));
        // array(1:4) 1-d, array(1:4, c(2,2)), array(1:6, 1:3) 3-d
        assert_eq!(
            run("array", pos(vec![one_to(4), dv(&[2.0, 2.0])])).unwrap(),
            matrix(one_to(4), 2, 2)
        );
        assert_eq!(
            run("array", pos(vec![one_to(4)])).unwrap().attr("dim"),
            Some(&boxed(VecData::Int(vec![4])))
        );
        assert_eq!(
            run("array", pos(vec![one_to(6), dv(&[1.0, 2.0, 3.0])]))
                .unwrap()
                .attr("dim"),
            Some(&boxed(VecData::Int(vec![1, 2, 3])))
        );
        assert!(run("array", pos(vec![one_to(6), dv(&[])])).is_err());
    }

    #[test]
    fn t_diag_outer() {
        let r = run("t", pos(vec![matrix(iv(&[1, 2, 3, 4, 5, 6]), 2, 3)])).unwrap();
        assert_eq!(r, matrix(iv(&[1, 3, 5, 2, 4, 6]), 3, 2));
        assert_eq!(
            run("t", pos(vec![iv(&[1, 2, 3])])).unwrap(),
            matrix(iv(&[1, 2, 3]), 1, 3)
        );
        // t(c(a=1,b=2)) -> dimnames list(NULL, c("a","b"))
        let r = run("t", pos(vec![named(dv(&[1.0, 2.0]), &["a", "b"])])).unwrap();
        assert_eq!(
            r.attr("dimnames"),
            Some(&list(vec![Value::Null, sv(&["a", "b"])]))
        );
        assert_eq!(
            run("diag", pos(vec![Value::Dbl(2.0)])).unwrap(),
            matrix(dv(&[1.0, 0.0, 0.0, 1.0]), 2, 2)
        );
        assert_eq!(
            run("diag", pos(vec![dv(&[1.0, 2.0])])).unwrap(),
            matrix(dv(&[1.0, 0.0, 0.0, 2.0]), 2, 2)
        );
        assert_eq!(
            run(
                "diag",
                pos(vec![matrix(iv(&(1..=9).collect::<Vec<_>>()), 3, 3)])
            )
            .unwrap(),
            iv(&[1, 5, 9])
        );
        assert_eq!(
            run("diag", pos(vec![matrix(iv(&[1, 2, 3, 4, 5, 6]), 2, 3)])).unwrap(),
            iv(&[1, 4])
        );
        assert_eq!(
            run("diag", pos(vec![iv(&[1, 2])])).unwrap(),
            matrix(iv(&[1, 0, 0, 2]), 2, 2)
        );
        assert_eq!(
            run("diag", pos(vec![Value::Dbl(3.0), Value::Dbl(2.0)])).unwrap(),
            matrix(dv(&[3.0, 0.0, 0.0, 3.0]), 2, 2)
        );
        assert_eq!(
            run("diag", pos(vec![lgl_vec(vec![1, 0])])).unwrap(),
            matrix(lgl_vec(vec![1, 0, 0, 0]), 2, 2)
        );
        assert_eq!(
            run("diag", pos(vec![Value::Dbl(2.7)])).unwrap(),
            matrix(dv(&[1.0, 0.0, 0.0, 1.0]), 2, 2)
        );
        assert_eq!(
            err(run("diag", pos(vec![Value::Dbl(-1.0)]))),
            "invalid 'nrow' value (< 0)"
        );
        // outer(1:3, 1:2) -> 1 2 3 2 4 6 ; dimnames from names
        assert_eq!(
            run("outer", pos(vec![iv(&[1, 2, 3]), iv(&[1, 2])])).unwrap(),
            matrix(iv(&[1, 2, 3, 2, 4, 6]), 3, 2)
        );
        let r = run(
            "outer",
            pos(vec![
                named(dv(&[1.0, 2.0]), &["a", "b"]),
                named(dv(&[1.0]), &["x"]),
            ]),
        )
        .unwrap();
        assert_eq!(
            r.attr("dimnames"),
            Some(&list(vec![sv(&["a", "b"]), sv(&["x"])]))
        );
        // outer(1:2, 1:3, FUN) with a function value calls it once on expanded vectors
        let c_fn = crate::builtins::lookup("c").unwrap();
        let r = run("outer", pos(vec![iv(&[1, 2]), iv(&[1, 2, 3]), c_fn]));
        assert_eq!(
            err(r),
            "dims [product 6] do not match the length of object [12]"
        );
    }

    #[test]
    fn cbind_rbind() {
        let r = run("cbind", pos(vec![iv(&[1, 2, 3]), iv(&[4, 5, 6])])).unwrap();
        assert_eq!(r, matrix(iv(&[1, 2, 3, 4, 5, 6]), 3, 2));
        let r = run(
            "cbind",
            vec![(Some("a"), iv(&[1, 2])), (Some("b"), iv(&[3, 4]))],
        )
        .unwrap();
        assert_eq!(
            r.attr("dimnames"),
            Some(&list(vec![Value::Null, sv(&["a", "b"])]))
        );
        // rbind(a=1:2, 3:4) -> rownames "a" ""
        let r = run("rbind", vec![(Some("a"), iv(&[1, 2])), (None, iv(&[3, 4]))]).unwrap();
        let mut want = matrix(iv(&[1, 3, 2, 4]), 2, 2);
        want.set_attr("dimnames", list(vec![sv(&["a", ""]), Value::Null]));
        assert_eq!(r, want);
        // cbind(1:3, 1:2) warns and recycles
        let w = warn_of("cbind", pos(vec![iv(&[1, 2, 3]), iv(&[1, 2])]));
        assert_eq!(
            w,
            "number of rows of result is not a multiple of vector length (arg 2)"
        );
        // cbind(matrix(1:4,2), 9) ; rbind(matrix(1:4,2), c(7,8))
        let r = run(
            "cbind",
            pos(vec![matrix(iv(&[1, 2, 3, 4]), 2, 2), Value::Dbl(9.0)]),
        )
        .unwrap();
        assert_eq!(r, matrix(dv(&[1.0, 2.0, 3.0, 4.0, 9.0, 9.0]), 2, 3));
        let r = run(
            "rbind",
            pos(vec![matrix(iv(&[1, 2, 3, 4]), 2, 2), dv(&[7.0, 8.0])]),
        )
        .unwrap();
        assert_eq!(r, matrix(dv(&[1.0, 2.0, 7.0, 3.0, 4.0, 8.0]), 3, 2));
        // cbind(c(a=1,b=2), 3) -> rownames a b
        let r = run(
            "cbind",
            pos(vec![named(dv(&[1.0, 2.0]), &["a", "b"]), Value::Dbl(3.0)]),
        )
        .unwrap();
        assert_eq!(
            r.attr("dimnames"),
            Some(&list(vec![sv(&["a", "b"]), Value::Null]))
        );
        assert_eq!(run("cbind", vec![]).unwrap(), Value::Null);
        assert_eq!(
            run("cbind", pos(vec![Value::Null, iv(&[1, 2])])).unwrap(),
            matrix(iv(&[1, 2]), 2, 1)
        );
        let r = run("rbind", pos(vec![iv(&[1, 2]), sv(&["a", "b"])])).unwrap();
        assert_eq!(r, matrix(sv(&["1", "a", "2", "b"]), 2, 2));
    }

    #[test]
    fn head_tail_append() {
        let x = || iv(&(1..=10).collect::<Vec<_>>());
        assert_eq!(
            run("head", pos(vec![x(), Value::Dbl(3.0)])).unwrap(),
            iv(&[1, 2, 3])
        );
        assert_eq!(
            run("head", pos(vec![x(), Value::Dbl(-3.0)])).unwrap(),
            iv(&[1, 2, 3, 4, 5, 6, 7])
        );
        assert_eq!(
            run("tail", pos(vec![x(), Value::Dbl(3.0)])).unwrap(),
            iv(&[8, 9, 10])
        );
        assert_eq!(
            run("tail", pos(vec![x(), Value::Dbl(-7.0)])).unwrap(),
            iv(&[8, 9, 10])
        );
        assert_eq!(
            run("tail", pos(vec![x(), Value::Dbl(0.0)])).unwrap(),
            iv(&[])
        );
        assert_eq!(
            run("head", pos(vec![iv(&[1, 2, 3]), Value::Dbl(10.0)])).unwrap(),
            iv(&[1, 2, 3])
        );
        assert_eq!(run("head", pos(vec![Value::Null])).unwrap(), Value::Null);
        let r = run(
            "tail",
            pos(vec![
                named(dv(&[1.0, 2.0, 3.0]), &["a", "b", "c"]),
                Value::Dbl(2.0),
            ]),
        )
        .unwrap();
        assert_eq!(r, named(dv(&[2.0, 3.0]), &["b", "c"]));
        let l = named(
            list(vec![Value::Dbl(1.0), Value::Dbl(2.0), Value::Dbl(3.0)]),
            &["a", "b", "c"],
        );
        assert_eq!(
            run("head", pos(vec![l, Value::Dbl(2.0)])).unwrap(),
            named(list(vec![Value::Dbl(1.0), Value::Dbl(2.0)]), &["a", "b"])
        );
        // head(matrix(1:20,10), 2) -> rows 1..2
        let m = matrix(iv(&(1..=20).collect::<Vec<_>>()), 10, 2);
        assert_eq!(
            run("head", pos(vec![m, Value::Dbl(2.0)])).unwrap(),
            matrix(iv(&[1, 2, 11, 12]), 2, 2)
        );
        let r = run(
            "append",
            vec![
                (None, iv(&[1, 2, 3])),
                (None, Value::Int(9)),
                (Some("after"), Value::Dbl(1.0)),
            ],
        )
        .unwrap();
        assert_eq!(r, iv(&[1, 9, 2, 3]));
    }
}
