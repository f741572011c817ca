//! Inspection and conversion builtins: `length names dim nrow ncol attr attributes
//! class oldClass inherits typeof mode storage.mode unname setNames`, the `is.*` type tests,
//! `identical`, `all.equal`, the `as.*` conversions, `unlist`, the vector
//! constructors (`vector logical integer numeric double complex character`) and the
//! replacement functions `names<- dim<- attr<- class<- oldClass<- length<-`
//! (called by the interpreter as `x <- \`names<-\`(x, value = v)`).

use super::arith::{dbl_data, str_data};
use super::BuiltinDef;
use crate::args::{Args, Bound};
use crate::coerce::{coerce_data, coerce_data_warn};
use crate::error::{RError, RResult};
use crate::interp::Interp;
use crate::value::*;
use std::rc::Rc;

fn missing(name: &str) -> RError {
    RError::new(format!("argument \"{}\" is missing, with no default", name))
}

fn bind(args: Args, formals: &[&str]) -> RResult<(Value, Bound)> {
    let mut b = args.bind(formals)?;
    let x = b.take(0).ok_or_else(|| missing(formals[0]))?;
    Ok((x, b))
}

/// First element of a value as a string (for `mode=`, `which=` arguments).
fn string_arg(v: Option<Value>, what: &str) -> RResult<Option<String>> {
    match v {
        None => Ok(None),
        Some(v) => match v.as_vector() {
            Some(x) if x.vtype() == VType::Str && !x.is_empty() => {
                Ok(str_data(&x.data)[0].as_deref().map(String::from))
            }
            _ => Err(RError::new(format!("invalid '{}' argument", what))),
        },
    }
}

/// A non-negative length argument.
fn length_arg(v: Option<Value>, what: &str, t: VType) -> RResult<usize> {
    match v {
        None => Ok(0),
        Some(v) => match v.first_f64() {
            Some(n) if n == f64::INFINITY => Err(RError::new("vector size cannot be infinite")),
            Some(n) if n.is_finite() && n >= 0.0 => {
                crate::limits::check_alloc(n, t)?;
                Ok(n as usize)
            }
            _ => Err(RError::new(format!("invalid '{}' argument", what))),
        },
    }
}

fn bool_arg(v: Option<Value>, default: bool) -> bool {
    match v.and_then(|v| v.first_f64()) {
        Some(x) if !x.is_nan() => x != 0.0,
        _ => default,
    }
}

// ---------------------------------------------------------------------------
// length, names, dim
// ---------------------------------------------------------------------------

fn bi_length(interp: &mut Interp, args: Args) -> RResult<Value> {
    let (x, _) = bind(args, &["x"])?;
    if let Some(r) = length_method(interp, &x) {
        return r;
    }
    Ok(Value::Int(x.len() as i32))
}

/// `length` is an internal generic: the user's `length.cls` method's result
/// for a classed `x`, if there is one.
fn length_method(interp: &mut Interp, x: &Value) -> Option<RResult<Value>> {
    if !x.has_attrs() || !crate::symbols::ops_methods_possible() || !x.has_class() {
        return None;
    }
    interp.dispatch_internal("length", x, || Args::positional(vec![x.clone()]))
}

/// The length `seq_along(x)` counts to: `x`'s, or what a user's
/// `length.cls` method says (R's `seq_along` dispatches on `length`).
pub fn dispatched_length(interp: &mut Interp, x: &Value) -> RResult<usize> {
    match length_method(interp, x) {
        None => Ok(x.len()),
        Some(r) => {
            let n = r?.first_f64().unwrap_or(0.0);
            Ok(if n.is_finite() && n > 0.0 {
                n as usize
            } else {
                0
            })
        }
    }
}

fn bi_names(_: &mut Interp, args: Args) -> RResult<Value> {
    let (x, _) = bind(args, &["x"])?;
    Ok(match x.attr("names") {
        Some(n) => n.clone(),
        // A 1-d array's names are its dimnames.
        None => match &x {
            Value::Lang(l) => crate::lang::lang_names(l),
            Value::Vec(v) => v
                .names()
                .map_or(Value::Null, |n| crate::value::str_vec(n.to_vec())),
            _ => Value::Null,
        },
    })
}

fn replacement_args(args: Args) -> RResult<(Value, Value)> {
    let mut b = args.bind(&["x", "value"])?;
    let x = b.take(0).ok_or_else(|| missing("x"))?;
    let v = b.take(1).ok_or_else(|| missing("value"))?;
    Ok((x, v))
}

/// An attribute set on language object `x`: the names of a call's or an
/// expression vector's elements; removing an attribute changes nothing (a
/// language object has none); any other is refused.
fn set_lang_attr(x: &Value, which: &str, value: Value) -> RResult<Value> {
    let Value::Lang(l) = x else {
        unreachable!("set_lang_attr of a language object")
    };
    match (&**l, which) {
        (crate::lang::Lang::Call(_) | crate::lang::Lang::Exprs(_), "names") => {
            let list = crate::lang::elems_list(crate::lang::lang_elems(l));
            crate::lang::relang(l, set_names(list, value)?)
        }
        _ if value.is_null() => Ok(x.clone()),
        (crate::lang::Lang::Sym(_), _) => Err(RError::new("cannot set attribute on a symbol")),
        _ => Err(RError::unsupported(format!(
            "attribute '{}' on a language object",
            which
        ))),
    }
}

/// `names<-`: coerced to character, padded with NA when short.
pub fn set_names(x: Value, value: Value) -> RResult<Value> {
    if let Value::Lang(_) = &x {
        return set_lang_attr(&x, "names", value);
    }
    if x.is_null() {
        return if value.is_null() {
            Ok(Value::Null)
        } else {
            Err(RError::new("attempt to set an attribute on NULL"))
        };
    }
    let mut x = x;
    if value.is_null() {
        x.set_attr("names", Value::Null);
        return Ok(x);
    }
    let n = x.len();
    let vv = value
        .as_vector()
        .ok_or_else(|| RError::new("invalid 'names' value"))?;
    let mut names: Vec<RStr> = str_data(&vv.data).into_owned();
    if names.len() > n {
        return Err(RError::new(format!(
            "'names' attribute [{}] must be the same length as the vector [{}]",
            names.len(),
            n
        )));
    }
    names.resize(n, None);
    if !x.set_attr("names", str_vec_boxed(names)) {
        return Err(RError::new("names() applied to a non-vector"));
    }
    Ok(x)
}

/// A character vector that stays boxed (attribute values are never unboxed scalars
/// of a different meaning, but strings are never unboxed anyway).
fn str_vec_boxed(v: Vec<RStr>) -> Value {
    Value::Vec(Rc::new(Vector::new(VecData::Str(v))))
}

fn bi_names_set(_: &mut Interp, args: Args) -> RResult<Value> {
    let (x, v) = replacement_args(args)?;
    set_names(x, v)
}

fn bi_dim(_: &mut Interp, args: Args) -> RResult<Value> {
    let (x, _) = bind(args, &["x"])?;
    Ok(x.attr("dim").cloned().unwrap_or(Value::Null))
}

/// `dim<-`: validates the product, stores an integer `dim`, drops names and dimnames.
pub fn set_dim(x: Value, value: Value) -> RResult<Value> {
    let mut x = x;
    if value.is_null() {
        x.set_attr("dimnames", Value::Null);
        x.set_attr("dim", Value::Null);
        return Ok(x);
    }
    let vv = value
        .as_vector()
        .filter(|v| v.vtype() <= VType::Dbl && !v.is_empty());
    let Some(vv) = vv else {
        return Err(RError::new("length-0 dimension vector is invalid"));
    };
    let dims = match coerce_data(&vv.data, VType::Int) {
        VecData::Int(d) => d,
        _ => Vec::new(),
    };
    if dims.contains(&NA_INTEGER) {
        return Err(RError::new("the dims contain missing or negative values"));
    }
    if dims.iter().any(|&d| d < 0) {
        return Err(RError::new("the dims contain negative values"));
    }
    let prod: i64 = dims.iter().map(|&d| d as i64).product();
    if prod != x.len() as i64 {
        return Err(RError::new(format!(
            "dims [product {}] do not match the length of object [{}]",
            prod,
            x.len()
        )));
    }
    x.set_attr("names", Value::Null);
    x.set_attr("dimnames", Value::Null);
    let dim_val = Value::Vec(Rc::new(Vector::new(VecData::Int(dims))));
    if !x.set_attr("dim", dim_val) {
        return Err(RError::new(
            "invalid first argument, must be vector (list or atomic)",
        ));
    }
    Ok(x)
}

fn bi_dim_set(_: &mut Interp, args: Args) -> RResult<Value> {
    let (x, v) = replacement_args(args)?;
    set_dim(x, v)
}

fn dim_n(x: &Value, i: usize) -> Option<i32> {
    let d = x.attr("dim")?.as_vector()?;
    if let VecData::Int(v) = &d.data {
        // The usual case, without copying the dims (`nrow(m)` in loop bounds).
        return v.get(i).copied();
    }
    match coerce_data(&d.data, VType::Int) {
        VecData::Int(v) => v.get(i).copied(),
        _ => None,
    }
}

fn bi_nrow(_: &mut Interp, args: Args) -> RResult<Value> {
    let (x, _) = bind(args, &["x"])?;
    Ok(dim_n(&x, 0).map_or(Value::Null, Value::Int))
}
fn bi_ncol(_: &mut Interp, args: Args) -> RResult<Value> {
    let (x, _) = bind(args, &["x"])?;
    Ok(dim_n(&x, 1).map_or(Value::Null, Value::Int))
}
fn bi_nrow_upper(_: &mut Interp, args: Args) -> RResult<Value> {
    let (x, _) = bind(args, &["x"])?;
    Ok(Value::Int(dim_n(&x, 0).unwrap_or(x.len() as i32)))
}
fn bi_ncol_upper(_: &mut Interp, args: Args) -> RResult<Value> {
    let (x, _) = bind(args, &["x"])?;
    let has_dim = x.attr("dim").is_some();
    Ok(Value::Int(if has_dim {
        dim_n(&x, 1).unwrap_or(1)
    } else {
        1
    }))
}

// ---------------------------------------------------------------------------
// attr, attributes, class
// ---------------------------------------------------------------------------

fn attrs_of(x: &Value) -> Option<&Attrs> {
    match x {
        Value::Vec(v) => v.attrs.as_deref(),
        Value::Closure(c) => c.attrs.as_deref(),
        Value::Env(e) => e.attr_set(),
        _ => None,
    }
}

fn bi_attr(_: &mut Interp, args: Args) -> RResult<Value> {
    let (x, mut b) = bind(args, &["x", "which", "exact"])?;
    let which = string_arg(b.take(1), "which")?
        .ok_or_else(|| RError::new("exactly one attribute 'which' must be given"))?;
    let exact = bool_arg(b.take(2), false);
    let Some(attrs) = attrs_of(&x) else {
        return Ok(Value::Null);
    };
    if let Some((_, v)) = attrs.iter().find(|(k, _)| **k == *which) {
        return Ok(v.clone());
    }
    if exact {
        return Ok(Value::Null);
    }
    let partial: Vec<&Value> = attrs
        .iter()
        .filter(|(k, _)| k.starts_with(&which))
        .map(|(_, v)| v)
        .collect();
    Ok(if partial.len() == 1 {
        partial[0].clone()
    } else {
        Value::Null
    })
}

/// `attr<-` (also used for `names`/`dim`/`class`, which it validates).
pub fn set_attr(x: Value, which: &str, value: Value) -> RResult<Value> {
    if let Value::Lang(_) = &x {
        return set_lang_attr(&x, which, value);
    }
    match which {
        "names" => set_names(x, value),
        "dim" => set_dim(x, value),
        "class" => set_class(x, value),
        _ => {
            if x.is_null() {
                return Err(RError::new("attempt to set an attribute on NULL"));
            }
            let mut x = x;
            x.set_attr(which, value);
            Ok(x)
        }
    }
}

fn bi_attr_set(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "which", "value"])?;
    let x = b.take(0).ok_or_else(|| missing("x"))?;
    let which = string_arg(b.take(1), "which")?
        .ok_or_else(|| RError::new("'name' must be non-null character string"))?;
    let value = b.take(2).ok_or_else(|| missing("value"))?;
    set_attr(x, &which, value)
}

/// `structure(.Data, ...)`: sets each named argument as an attribute (`.Names`
/// means `names`); a NULL value removes the attribute.
fn bi_structure(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&[".Data", "..."])?;
    let mut x = b.take(0).ok_or_else(|| missing(".Data"))?;
    for (name, value) in std::mem::take(&mut b.dots) {
        let Some(name) = name else {
            return Err(RError::new("attributes must be named"));
        };
        let which = if &*name == ".Names" { "names" } else { &*name };
        x = set_attr(x, which, value)?;
    }
    Ok(x)
}

fn bi_attributes(_: &mut Interp, args: Args) -> RResult<Value> {
    let (x, _) = bind(args, &["x"])?;
    let Some(attrs) = attrs_of(&x) else {
        return Ok(Value::Null);
    };
    // R lists `names` first.
    let mut entries: Vec<&(Sym, Value)> = attrs.iter().filter(|(k, _)| &**k == "names").collect();
    entries.extend(attrs.iter().filter(|(k, _)| &**k != "names"));
    let names: Vec<RStr> = entries.iter().map(|(k, _)| Some(k.clone())).collect();
    let mut v = Vector::new(VecData::List(
        entries.iter().map(|(_, v)| v.clone()).collect(),
    ));
    v.set_attr("names", str_vec_boxed(names));
    Ok(Value::Vec(Rc::new(v)))
}

fn bi_class(_: &mut Interp, args: Args) -> RResult<Value> {
    let (x, _) = bind(args, &["x"])?;
    Ok(Value::strs(&x.class_vec()))
}

fn bi_oldclass(_: &mut Interp, args: Args) -> RResult<Value> {
    let (x, _) = bind(args, &["x"])?;
    Ok(x.attr("class").cloned().unwrap_or(Value::Null))
}

/// `class<-`: NULL or an empty vector removes the class attribute.
pub fn set_class(x: Value, value: Value) -> RResult<Value> {
    if let Value::Lang(_) = &x {
        return set_lang_attr(&x, "class", value);
    }
    if x.is_null() {
        return Err(RError::new("attempt to set an attribute on NULL"));
    }
    let mut x = x;
    let cls = value
        .as_vector()
        .map(|v| str_data(&v.data).into_owned())
        .unwrap_or_default();
    if cls.is_empty() {
        x.set_attr("class", Value::Null);
    } else {
        x.set_attr("class", str_vec_boxed(cls));
    }
    Ok(x)
}

fn bi_class_set(_: &mut Interp, args: Args) -> RResult<Value> {
    let (x, v) = replacement_args(args)?;
    set_class(x, v)
}

fn bi_unclass(_: &mut Interp, args: Args) -> RResult<Value> {
    let (mut x, _) = bind(args, &["x"])?;
    if matches!(x, Value::Env(_)) && x.has_class() {
        return Err(RError::new("cannot unclass an environment"));
    }
    x.set_attr("class", Value::Null);
    Ok(x)
}

/// `unname(obj, force)`: without names and dimnames (other attributes kept).
fn bi_unname(_: &mut Interp, args: Args) -> RResult<Value> {
    let (mut x, _) = bind(args, &["obj", "force"])?;
    if x.attr("names").is_some() {
        x.set_attr("names", Value::Null);
    }
    if x.attr("dimnames").is_some() {
        x.set_attr("dimnames", Value::Null);
    }
    Ok(x)
}

/// `setNames(object = nm, nm)`: `names(object) <- nm` (errors as `names<-`'s).
fn bi_set_names(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["object", "nm"])?;
    let object = b.take(0);
    let nm = b.take(1).ok_or_else(|| missing("nm"))?;
    let object = object.unwrap_or_else(|| nm.clone());
    bi_names_set(interp, Args::positional(vec![object, nm]))
}

fn bi_inherits(_: &mut Interp, args: Args) -> RResult<Value> {
    let (x, mut b) = bind(args, &["x", "what", "which"])?;
    let what = b.take(1).ok_or_else(|| missing("what"))?;
    let which = bool_arg(b.take(2), false);
    let what = match what.as_vector() {
        Some(w) if w.vtype() == VType::Str => str_data(&w.data).into_owned(),
        _ => {
            return Err(RError::new(
                "'what' must be a character vector or an object with a nameOfClass() method",
            ))
        }
    };
    let cls = x.class_vec();
    let pos: Vec<i32> = what
        .iter()
        .map(|w| {
            w.as_deref()
                .and_then(|w| cls.iter().position(|c| c == w))
                .map_or(0, |p| p as i32 + 1)
        })
        .collect();
    if which {
        Ok(int_vec(pos))
    } else {
        Ok(Value::lgl(pos.iter().any(|&p| p > 0)))
    }
}

fn bi_typeof(_: &mut Interp, args: Args) -> RResult<Value> {
    let (x, _) = bind(args, &["x"])?;
    Ok(Value::str(x.type_name()))
}

fn mode_of(x: &Value) -> &'static str {
    match x {
        Value::Null => "NULL",
        Value::Lang(l) => match &**l {
            crate::lang::Lang::Sym(_) => "name",
            crate::lang::Lang::Exprs(_) => "expression",
            crate::lang::Lang::Call(c) => match c.expr.call_name() {
                Some("(") => "(",
                _ => "call",
            },
        },
        Value::Closure(_) | Value::Builtin(_) => "function",
        v => match v.vtype() {
            Some(VType::Int | VType::Dbl) => "numeric",
            Some(t) => t.name(),
            None => "NULL",
        },
    }
}

fn bi_mode(_: &mut Interp, args: Args) -> RResult<Value> {
    let (x, _) = bind(args, &["x"])?;
    Ok(Value::str(mode_of(&x)))
}

fn bi_storage_mode(_: &mut Interp, args: Args) -> RResult<Value> {
    let (x, _) = bind(args, &["x"])?;
    Ok(Value::str(if x.is_function() {
        "function"
    } else {
        x.type_name()
    }))
}

// ---------------------------------------------------------------------------
// is.* tests
// ---------------------------------------------------------------------------

macro_rules! type_test {
    ($name:ident, |$x:ident| $e:expr) => {
        fn $name(_: &mut Interp, args: Args) -> RResult<Value> {
            let ($x, _) = bind(args, &["x"])?;
            Ok(Value::lgl($e))
        }
    };
}

type_test!(bi_is_null, |x| x.is_null());
// (R's methods make factors, dates and times not numeric; other classes
// are.)
type_test!(bi_is_numeric, |x| matches!(
    x.vtype(),
    Some(VType::Int | VType::Dbl)
) && !x.explicit_class().is_some_and(
    |c| c
        .iter()
        .any(|c| matches!(c.as_str(), "factor" | "Date" | "POSIXt" | "difftime"))
));
type_test!(bi_is_integer, |x| x.vtype() == Some(VType::Int));
type_test!(bi_is_double, |x| x.vtype() == Some(VType::Dbl));
type_test!(bi_is_complex, |x| x.vtype() == Some(VType::Cplx));
type_test!(bi_is_character, |x| x.vtype() == Some(VType::Str));
type_test!(bi_is_logical, |x| x.vtype() == Some(VType::Lgl));
type_test!(bi_is_list, |x| x.vtype() == Some(VType::List));
type_test!(bi_is_function, |x| x.is_function());
type_test!(bi_is_atomic, |x| x.is_null()
    || matches!(x.vtype(), Some(t) if t != VType::List));
type_test!(bi_is_matrix, |x| x
    .attr("dim")
    .is_some_and(|d| d.len() == 2));
type_test!(bi_is_array, |x| x.attr("dim").is_some());

fn bi_is_vector(_: &mut Interp, args: Args) -> RResult<Value> {
    let (x, mut b) = bind(args, &["x", "mode"])?;
    let mode = string_arg(b.take(1), "mode")?.unwrap_or_else(|| "any".into());
    let Some(t) = x.vtype() else {
        return Ok(Value::lgl(false));
    };
    let only_names = attrs_of(&x).is_none_or(|a| a.iter().all(|(k, _)| &**k == "names"));
    let mode_ok = match mode.as_str() {
        "any" => true,
        "numeric" => matches!(t, VType::Int | VType::Dbl),
        "list" => t == VType::List,
        m => t.name() == m,
    };
    Ok(Value::lgl(only_names && mode_ok))
}

// ---------------------------------------------------------------------------
// identical, all.equal
// ---------------------------------------------------------------------------

fn bi_identical(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&[
        "x",
        "y",
        "num.eq",
        "single.NA",
        "attrib.as.set",
        "ignore.bytecode",
    ])?;
    let x = b.take(0).ok_or_else(|| missing("x"))?;
    let y = b.take(1).ok_or_else(|| missing("y"))?;
    Ok(Value::lgl(x == y))
}

/// A number as R's `format()` shows it with 7 significant digits.
pub fn format7(x: f64) -> String {
    if x.is_nan() {
        return if is_na_real(x) {
            "NA".into()
        } else {
            "NaN".into()
        };
    }
    if x.is_infinite() {
        return if x > 0.0 { "Inf".into() } else { "-Inf".into() };
    }
    if x == 0.0 {
        return "0".into();
    }
    // Significant digits needed (≤ 7) after rounding.
    let sci = format!("{:.6e}", x);
    let (mant, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let mant = mant.trim_end_matches('0').trim_end_matches('.');
    let sig = mant.chars().filter(|c| c.is_ascii_digit()).count() as i32;
    // Fixed notation width vs scientific width (R prefers fixed when not wider).
    let decimals = (sig - 1 - exp).max(0);
    let int_digits = (exp + 1).max(1);
    let fixed_width = int_digits + if decimals > 0 { decimals + 1 } else { 0 };
    let sci_width = sig + if sig > 1 { 1 } else { 0 } + 4;
    if fixed_width <= sci_width {
        format!("{:.*}", decimals as usize, x)
    } else {
        let e = if exp < 0 {
            format!("-{:02}", -exp)
        } else {
            format!("+{:02}", exp)
        };
        format!("{}e{}", mant, e)
    }
}

fn mode_name(v: &Value) -> &'static str {
    mode_of(v)
}

/// R's `all.equal` for the common cases: `None` means equal.
fn all_equal(target: &Value, current: &Value, tol: f64, check_names: bool) -> Vec<String> {
    let mut msgs = Vec::new();
    let (mt, mc) = (mode_name(target), mode_name(current));
    if target.is_null() || current.is_null() {
        if target.is_null() && current.is_null() {
            return msgs;
        }
        msgs.push(format!(
            "target is {}, current is {}",
            data_class(target),
            data_class(current)
        ));
        return msgs;
    }
    if mt != mc {
        msgs.push(format!("Modes: {}, {}", mt, mc));
        msgs.push(format!(
            "target is {}, current is {}",
            data_class(target),
            data_class(current)
        ));
        return msgs;
    }
    let (Some(tv), Some(cv)) = (target.as_vector(), current.as_vector()) else {
        if target != current {
            msgs.push("target, current do not match when deparsed".into());
        }
        return msgs;
    };
    if check_names {
        match (tv.names(), cv.names()) {
            (Some(_), None) => msgs.push("names for target but not for current".into()),
            (None, Some(_)) => msgs.push("names for current but not for target".into()),
            (Some(a), Some(b)) => {
                let m = string_mismatch(a, b);
                if !m.is_empty() {
                    msgs.push(format!("Names: {}", m));
                }
            }
            _ => {}
        }
    }
    match tv.vtype() {
        VType::List => {
            if tv.len() != cv.len() {
                msgs.push(format!(
                    "Length mismatch: comparison on first {} components",
                    tv.len().min(cv.len())
                ));
            }
            let names = tv.names();
            for i in 0..tv.len().min(cv.len()) {
                let sub = all_equal(&tv.data.elt(i), &cv.data.elt(i), tol, check_names);
                let label = match names.and_then(|n| n.get(i).cloned().flatten()) {
                    Some(n) if !n.is_empty() => format!("Component \u{201c}{}\u{201d}", n),
                    _ => format!("Component {}", i + 1),
                };
                msgs.extend(sub.into_iter().map(|m| format!("{}: {}", label, m)));
            }
        }
        VType::Str | VType::Lgl if cv.vtype() == tv.vtype() => {
            let what = if tv.vtype() == VType::Str {
                "string"
            } else {
                "element"
            };
            if tv.len() != cv.len() {
                msgs.push(format!(
                    "Lengths ({}, {}) differ ({} compare on first {})",
                    tv.len(),
                    cv.len(),
                    what,
                    tv.len().min(cv.len())
                ));
            }
            let (a, b) = (str_data(&tv.data), str_data(&cv.data));
            let n = a.len().min(b.len());
            let bad = (0..n).filter(|&i| a[i] != b[i]).count();
            if bad > 0 {
                msgs.push(format!(
                    "{} {} mismatch{}",
                    bad,
                    what,
                    if bad > 1 { "es" } else { "" }
                ));
            }
        }
        _ => {
            if tv.len() != cv.len() {
                let kind = if tv.vtype() == VType::Cplx {
                    "Complex"
                } else {
                    "Numeric"
                };
                msgs.push(format!(
                    "{}: lengths ({}, {}) differ",
                    kind,
                    tv.len(),
                    cv.len()
                ));
                return msgs;
            }
            let (a, b) = (dbl_data(&tv.data), dbl_data(&cv.data));
            let na_t = a.iter().filter(|x| x.is_nan()).count();
            let na_c = b.iter().filter(|x| x.is_nan()).count();
            if a.iter()
                .zip(b.iter())
                .any(|(x, y)| x.is_nan() != y.is_nan())
            {
                msgs.push(format!(
                    "'is.NA' value mismatch: {} in current {} in target",
                    na_c, na_t
                ));
                return msgs;
            }
            let diff: Vec<(f64, f64)> = a
                .iter()
                .zip(b.iter())
                .filter(|(x, y)| !x.is_nan() && x != y)
                .map(|(x, y)| (*x, *y))
                .collect();
            if diff.is_empty() {
                return msgs;
            }
            let n = diff.len() as f64;
            let mut xy = diff.iter().map(|(x, y)| (x - y).abs()).sum::<f64>() / n;
            let xn = diff.iter().map(|(x, _)| x.abs()).sum::<f64>() / n;
            let what = if xn.is_finite() && xn > tol {
                xy /= xn;
                "relative"
            } else {
                "absolute"
            };
            if xy.is_nan() || xy > tol {
                msgs.push(format!("Mean {} difference: {}", what, format7(xy)));
            }
        }
    }
    msgs
}

fn data_class(v: &Value) -> String {
    match v {
        Value::Null => "NULL".into(),
        v => match v.vtype() {
            // R's data.class: integer and double vectors are both "numeric".
            Some(VType::Dbl) | Some(VType::Int)
                if v.attr("class").is_none() && v.attr("dim").is_none() =>
            {
                "numeric".into()
            }
            _ => v.class_vec().first().cloned().unwrap_or_default(),
        },
    }
}

fn string_mismatch(a: &[RStr], b: &[RStr]) -> String {
    if a.len() != b.len() {
        return format!(
            "Lengths ({}, {}) differ (string compare on first {})",
            a.len(),
            b.len(),
            a.len().min(b.len())
        );
    }
    let bad = a.iter().zip(b).filter(|(x, y)| x != y).count();
    if bad == 0 {
        String::new()
    } else {
        format!("{} string mismatch{}", bad, if bad > 1 { "es" } else { "" })
    }
}

fn bi_all_equal(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&[
        "target",
        "current",
        "...",
        "tolerance",
        "check.names",
        "check.attributes",
    ])?;
    let target = b.take(0).ok_or_else(|| missing("target"))?;
    let current = b.take(1).ok_or_else(|| missing("current"))?;
    let tol = b.take(3).and_then(|t| t.first_f64()).unwrap_or(1.5e-8);
    let check_names = bool_arg(b.take(4), true) && bool_arg(b.take(5), true);
    let msgs = all_equal(&target, &current, tol, check_names);
    if msgs.is_empty() {
        Ok(Value::lgl(true))
    } else {
        Ok(Value::strs(&msgs))
    }
}

// ---------------------------------------------------------------------------
// Conversion
// ---------------------------------------------------------------------------

/// Convert to an attribute-free vector of type `t` with R's coercion warnings.
pub fn as_type(interp: &mut Interp, x: &Value, t: VType) -> RResult<Value> {
    if x.is_null() {
        return Ok(Value::from_data(VecData::empty(t)));
    }
    if let (Value::Int(_) | Value::Lgl(_) | Value::Dbl(_), Some(vt)) = (x, x.vtype()) {
        if vt == t {
            return Ok(x.clone());
        }
    }
    if let Value::Lang(l) = x {
        match t {
            VType::List => return Ok(crate::lang::elems_list(crate::lang::lang_elems(l))),
            VType::Str => return Ok(crate::lang::lang_strings(l)),
            _ => {}
        }
    }
    let Some(v) = x.as_vector() else {
        return Err(RError::new(format!(
            "cannot coerce type '{}' to vector of type '{}'",
            x.type_name(),
            t.name()
        )));
    };
    if let VecData::List(items) = &v.data {
        if t != VType::List {
            if let Some(bad) = items
                .iter()
                .find(|e| !matches!(e.vtype(), Some(et) if et != VType::List && e.len() == 1))
            {
                let _ = bad;
                return Err(RError::new(format!(
                    "'list' object cannot be coerced to type '{}'",
                    if t == VType::Dbl { "double" } else { t.name() }
                )));
            }
        }
    }
    let (data, warn) = coerce_data_warn(&v.data, t);
    if warn {
        interp.warning_in_context("NAs introduced by coercion")?;
    }
    if t == VType::Int && v.vtype() == VType::Dbl {
        if let (VecData::Dbl(src), VecData::Int(dst)) = (&v.data, &data) {
            if src
                .iter()
                .zip(dst)
                .any(|(s, d)| *d == NA_INTEGER && !s.is_nan())
            {
                interp.warning_in_context("NAs introduced by coercion to integer range")?;
            }
        }
    }
    if t == VType::List {
        // as.list keeps names.
        let mut out = Vector::new(data);
        if let Some(n) = v.attr("names") {
            out.set_attr("names", n.clone());
        }
        return Ok(Value::from_vector(out));
    }
    Ok(Value::from_data(data))
}

macro_rules! as_builtin {
    ($name:ident, $t:expr) => {
        fn $name(interp: &mut Interp, args: Args) -> RResult<Value> {
            let (x, _) = bind(args, &["x", "..."])?;
            as_type(interp, &x, $t)
        }
    };
}
as_builtin!(bi_as_integer, VType::Int);
as_builtin!(bi_as_double, VType::Dbl);
as_builtin!(bi_as_complex, VType::Cplx);
as_builtin!(bi_as_character, VType::Str);
as_builtin!(bi_as_logical, VType::Lgl);
/// `as.list(x, ...)`; of an environment, its bindings (`all.names`).
fn bi_as_list(interp: &mut Interp, args: Args) -> RResult<Value> {
    let (x, mut b) = bind(args, &["x", "all.names", "..."])?;
    if let Value::Env(e) = &x {
        let all = super::output::arg_flag(&b.take(1), false);
        return Ok(super::envs::env_as_list(e, all));
    }
    as_type(interp, &x, VType::List)
}

fn mode_to_type(mode: &str) -> RResult<Option<VType>> {
    Ok(Some(match mode {
        "any" => return Ok(None),
        "logical" => VType::Lgl,
        "integer" => VType::Int,
        "numeric" | "double" => VType::Dbl,
        "complex" => VType::Cplx,
        "character" => VType::Str,
        "list" => VType::List,
        "raw" => VType::Raw,
        _ => {
            return Err(RError::new(
                "vector: cannot make a vector of mode '".to_string() + mode + "'.",
            ))
        }
    }))
}

fn bi_as_vector(interp: &mut Interp, args: Args) -> RResult<Value> {
    let (x, mut b) = bind(args, &["x", "mode"])?;
    let mode = string_arg(b.take(1), "mode")?.unwrap_or_else(|| "any".into());
    match mode_to_type(&mode).map_err(|_| RError::new("invalid 'mode' argument"))? {
        Some(t) => as_type(interp, &x, t),
        None => match &x {
            Value::Vec(v) if v.vtype() == VType::List => {
                // Lists keep their names.
                let mut out = Vector::new(v.data.clone());
                if let Some(n) = v.attr("names") {
                    out.set_attr("names", n.clone());
                }
                Ok(Value::from_vector(out))
            }
            Value::Vec(v) => Ok(Value::from_data(v.data.clone())),
            _ => Ok(x),
        },
    }
}

// ---------------------------------------------------------------------------
// unlist
// ---------------------------------------------------------------------------

/// Name state while flattening one tagged subtree (R's `NameData`).
struct NameState {
    seqno: usize,
    count: usize,
    firstpos: Option<usize>,
}

struct Flattener {
    data: Vec<Value>,
    names: Vec<RStr>,
    any_names: bool,
}

fn new_base(base: &str, tag: &str) -> String {
    match (base.is_empty(), tag.is_empty()) {
        (false, false) => format!("{}.{}", base, tag),
        (false, true) => base.to_string(),
        _ => tag.to_string(),
    }
}

impl Flattener {
    fn push_leaf(&mut self, v: Value, base: &str, tag: Option<&str>, st: &mut NameState) {
        st.seqno += 1;
        let name = match (base.is_empty(), tag.filter(|t| !t.is_empty())) {
            (false, Some(t)) => format!("{}.{}", base, t),
            (true, Some(t)) => t.to_string(),
            (false, None) => {
                st.count += 1;
                if st.firstpos.is_none() {
                    st.firstpos = Some(self.names.len());
                }
                format!("{}{}", base, st.seqno)
            }
            (true, None) => String::new(),
        };
        self.names.push(Some(name.into()));
        self.data.push(v);
    }

    /// R's `NewExtractNames`: `tag` is the element's own name (None when blank).
    fn extract(&mut self, v: &Value, base: &str, tag: Option<&str>, st: &mut NameState) {
        match tag {
            Some(t) => {
                // A tagged element starts a new base with its own numbering; the
                // parent's sequence number advances by the leaves inside it.
                let base = new_base(base, t);
                let mut local = NameState {
                    seqno: 0,
                    count: 0,
                    firstpos: None,
                };
                self.extract_items(v, &base, &mut local);
                if let (Some(p), 1) = (local.firstpos, local.count) {
                    if let Some(slot) = self.names.get_mut(p) {
                        *slot = Some(base.as_str().into());
                    }
                }
                st.seqno += local.seqno;
            }
            None => self.extract_items(v, base, st),
        }
    }

    fn extract_items(&mut self, v: &Value, base: &str, st: &mut NameState) {
        if let Some(vec) = v.as_vector() {
            let names = vec.names().map(|n| n.to_vec());
            let item_name = |i: usize| {
                names
                    .as_ref()
                    .and_then(|n| n.get(i).cloned().flatten())
                    .filter(|s| !s.is_empty())
            };
            if let VecData::List(items) = &vec.data {
                for (i, e) in items.iter().enumerate() {
                    let nm = item_name(i);
                    if nm.is_some() {
                        self.any_names = true;
                    }
                    self.extract(e, base, nm.as_deref(), st);
                }
            } else {
                for i in 0..vec.len() {
                    let nm = item_name(i);
                    if nm.is_some() {
                        self.any_names = true;
                    }
                    self.push_leaf(vec.data.elt(i), base, nm.as_deref(), st);
                }
            }
        } else if !v.is_null() {
            // A function inside a list stays as an element.
            self.push_leaf(v.clone(), base, None, st);
        }
    }
}

pub fn unlist(x: &Value, use_names: bool) -> Value {
    let Some(v) = x.as_vector() else {
        return x.clone();
    };
    let VecData::List(items) = &v.data else {
        return x.clone();
    };
    let mut f = Flattener {
        data: Vec::new(),
        names: Vec::new(),
        any_names: false,
    };
    let top_names = v.names().map(|n| n.to_vec());
    for (i, e) in items.iter().enumerate() {
        let tag = top_names
            .as_ref()
            .and_then(|n| n.get(i).cloned().flatten())
            .filter(|s| !s.is_empty());
        if tag.is_some() {
            f.any_names = true;
        }
        let mut st = NameState {
            seqno: 0,
            count: 0,
            firstpos: None,
        };
        f.extract(e, "", tag.as_deref(), &mut st);
    }
    if f.data.is_empty() {
        return Value::Null;
    }
    let mut out = if f
        .data
        .iter()
        .all(|e| matches!(e.vtype(), Some(t) if t != VType::List))
    {
        let t = f
            .data
            .iter()
            .filter_map(|e| e.vtype())
            .max()
            .unwrap_or(VType::Lgl);
        let mut d = VecData::with_capacity(t, f.data.len());
        for e in &f.data {
            if let Some(ev) = e.as_vector() {
                crate::coerce::append_data(&mut d, coerce_data(&ev.data, t));
            }
        }
        Vector::new(d)
    } else {
        Vector::new(VecData::List(f.data))
    };
    if use_names && f.any_names {
        out.set_attr("names", str_vec_boxed(f.names));
    }
    Value::from_vector(out)
}

fn bi_unlist(_: &mut Interp, args: Args) -> RResult<Value> {
    let (x, mut b) = bind(args, &["x", "recursive", "use.names"])?;
    let _recursive = bool_arg(b.take(1), true);
    let use_names = bool_arg(b.take(2), true);
    Ok(unlist(&x, use_names))
}

// ---------------------------------------------------------------------------
// length<- and constructors
// ---------------------------------------------------------------------------

fn bi_length_set(_: &mut Interp, args: Args) -> RResult<Value> {
    let (x, v) = replacement_args(args)?;
    let n = match v.first_f64() {
        Some(n) if n == f64::INFINITY && v.len() == 1 => {
            return Err(RError::new("vector size cannot be infinite"))
        }
        Some(n) if n.is_finite() && n >= 0.0 && v.len() == 1 => n,
        _ => return Err(RError::new("invalid value")),
    };
    // R's errors for a length it cannot describe or allocate (issue 19).
    crate::limits::check_alloc(n, x.as_vector().map_or(VType::List, |v| v.data.vtype()))?;
    let n = n as usize;
    if x.is_null() {
        return Ok(if n == 0 {
            Value::Null
        } else {
            Value::from_data(VecData::na_filled(VType::List, n))
        });
    }
    let Some(vec) = x.as_vector() else {
        return Err(RError::new("invalid argument"));
    };
    let idx: Vec<Option<usize>> = (0..n)
        .map(|i| if i < vec.len() { Some(i) } else { None })
        .collect();
    let mut out = Vector::new(vec.data.select(&idx));
    if let Some(names) = vec.names() {
        let nn: Vec<RStr> = (0..n)
            .map(|i| names.get(i).cloned().unwrap_or_else(|| Some("".into())))
            .collect();
        out.set_attr("names", str_vec_boxed(nn));
    }
    Ok(Value::from_vector(out))
}

fn zeros(t: VType, n: usize) -> VecData {
    match t {
        VType::Raw => VecData::Raw(vec![0; n]),
        VType::Lgl => VecData::Lgl(vec![0; n]),
        VType::Int => VecData::Int(vec![0; n]),
        VType::Dbl => VecData::Dbl(vec![0.0; n]),
        VType::Cplx => VecData::Cplx(vec![C64::new(0.0, 0.0); n]),
        VType::Str => VecData::Str(vec![Some("".into()); n]),
        VType::List => VecData::List(vec![Value::Null; n]),
    }
}

fn bi_vector(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["mode", "length"])?;
    make_vector(b.take(0), b.take(1))
}

/// `vector(mode, length)`: zeros (or empty strings, NULLs) of the mode.
fn make_vector(mode: Option<Value>, length: Option<Value>) -> RResult<Value> {
    let mode = string_arg(mode, "mode")?.unwrap_or_else(|| "logical".into());
    let t = mode_to_type(&mode)?
        .ok_or_else(|| RError::new("vector: cannot make a vector of mode 'any'."))?;
    let n = length_arg(length, "length", t)?;
    Ok(Value::from_data(zeros(t, n)))
}

/// The scalar entry of `vector`: a mode (a string without attributes) and
/// a numeric scalar length (`vector("list", n)`).
fn one_vector(_: &mut Interp, args: &[&Value]) -> Option<RResult<Value>> {
    match args {
        [mode @ Value::Vec(m), n @ (Value::Int(_) | Value::Dbl(_))] if m.attrs.is_none() => {
            Some(make_vector(Some((*mode).clone()), Some((*n).clone())))
        }
        _ => None,
    }
}

/// A vector constructor `$name(length)` of type `$t`, with its scalar entry
/// `$scalar` for a numeric scalar length (`numeric(n)`).
macro_rules! ctor {
    ($name:ident, $scalar:ident, $t:expr) => {
        fn $name(_: &mut Interp, args: Args) -> RResult<Value> {
            let mut b = args.bind(&["length"])?;
            let n = length_arg(b.take(0), "length", $t)?;
            Ok(Value::from_data(zeros($t, n)))
        }
        fn $scalar(_: &mut Interp, args: &[&Value]) -> Option<RResult<Value>> {
            match args {
                [n @ (Value::Int(_) | Value::Dbl(_))] => Some(
                    length_arg(Some((*n).clone()), "length", $t)
                        .map(|n| Value::from_data(zeros($t, n))),
                ),
                _ => None,
            }
        }
    };
}
ctor!(bi_logical, one_logical, VType::Lgl);
ctor!(bi_integer, one_integer, VType::Int);
ctor!(bi_numeric, one_numeric, VType::Dbl);
ctor!(bi_character, one_character, VType::Str);

fn bi_complex(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["length.out", "real", "imaginary", "modulus", "argument"])?;
    let n = length_arg(b.take(0), "length.out", VType::Cplx)?;
    let part = |v: Option<Value>| -> Vec<f64> {
        v.and_then(|v| v.as_vector().map(|x| dbl_data(&x.data).into_owned()))
            .unwrap_or_default()
    };
    let (re, im, md, ag) = (
        part(b.take(1)),
        part(b.take(2)),
        part(b.take(3)),
        part(b.take(4)),
    );
    let polar = !md.is_empty() || !ag.is_empty();
    let m = [re.len(), im.len(), md.len(), ag.len(), n]
        .into_iter()
        .max()
        .unwrap_or(0);
    let get = |v: &[f64], i: usize, d: f64| if v.is_empty() { d } else { v[i % v.len()] };
    let out = (0..m)
        .map(|i| {
            if polar {
                let (r, a) = (get(&md, i, 1.0), get(&ag, i, 0.0));
                C64::new(r * a.cos(), r * a.sin())
            } else {
                C64::new(get(&re, i, 0.0), get(&im, i, 0.0))
            }
        })
        .collect();
    Ok(Value::from_data(VecData::Cplx(out)))
}

pub const BUILTINS: &[BuiltinDef] = &[
    BuiltinDef::new("length", bi_length),
    BuiltinDef::new("names", bi_names),
    BuiltinDef::new("names<-", bi_names_set),
    BuiltinDef::new("dim", bi_dim),
    BuiltinDef::new("dim<-", bi_dim_set),
    BuiltinDef::new("nrow", bi_nrow),
    BuiltinDef::new("ncol", bi_ncol),
    BuiltinDef::new("NROW", bi_nrow_upper),
    BuiltinDef::new("NCOL", bi_ncol_upper),
    BuiltinDef::new("attr", bi_attr),
    BuiltinDef::new("attr<-", bi_attr_set),
    BuiltinDef::new("attributes", bi_attributes),
    BuiltinDef::new("structure", bi_structure),
    BuiltinDef::new("class", bi_class),
    BuiltinDef::new("class<-", bi_class_set),
    BuiltinDef::new("oldClass", bi_oldclass),
    BuiltinDef::new("oldClass<-", bi_class_set),
    BuiltinDef::new("unclass", bi_unclass),
    BuiltinDef::new("unname", bi_unname),
    BuiltinDef::new("setNames", bi_set_names),
    BuiltinDef::new("inherits", bi_inherits),
    BuiltinDef::new("typeof", bi_typeof),
    BuiltinDef::new("mode", bi_mode),
    BuiltinDef::new("storage.mode", bi_storage_mode),
    BuiltinDef::new("is.null", bi_is_null),
    BuiltinDef::new("is.numeric", bi_is_numeric),
    BuiltinDef::new("is.integer", bi_is_integer),
    BuiltinDef::new("is.double", bi_is_double),
    BuiltinDef::new("is.complex", bi_is_complex),
    BuiltinDef::new("is.character", bi_is_character),
    BuiltinDef::new("is.logical", bi_is_logical),
    BuiltinDef::new("is.list", bi_is_list),
    BuiltinDef::new("is.function", bi_is_function),
    BuiltinDef::new("is.vector", bi_is_vector),
    BuiltinDef::new("is.atomic", bi_is_atomic),
    BuiltinDef::new("is.matrix", bi_is_matrix),
    BuiltinDef::new("is.array", bi_is_array),
    BuiltinDef::new("identical", bi_identical),
    BuiltinDef::new("all.equal", bi_all_equal),
    BuiltinDef::new("as.integer", bi_as_integer),
    BuiltinDef::new("as.double", bi_as_double),
    BuiltinDef::new("as.numeric", bi_as_double),
    BuiltinDef::new("as.complex", bi_as_complex),
    BuiltinDef::new("as.character", bi_as_character),
    BuiltinDef::new("as.logical", bi_as_logical),
    BuiltinDef::new("as.list", bi_as_list),
    BuiltinDef::new("as.vector", bi_as_vector),
    BuiltinDef::new("unlist", bi_unlist),
    BuiltinDef::new("length<-", bi_length_set),
    BuiltinDef::new("vector", bi_vector).with_scalar(one_vector),
    BuiltinDef::new("logical", bi_logical).with_scalar(one_logical),
    BuiltinDef::new("integer", bi_integer).with_scalar(one_integer),
    BuiltinDef::new("numeric", bi_numeric).with_scalar(one_numeric),
    BuiltinDef::new("double", bi_numeric),
    BuiltinDef::new("character", bi_character).with_scalar(one_character),
    BuiltinDef::new("complex", bi_complex),
];

#[cfg(test)]
mod tests {
    //! Expected values come from GNU R 4.2 (`Rscript --vanilla`).
    use super::*;

    fn call(it: &mut Interp, name: &str, vals: Vec<Value>) -> RResult<Value> {
        let f = crate::builtins::lookup(name).expect("builtin exists");
        it.call_function(&f, Args::positional(vals))
    }
    fn ints(v: &[i32]) -> Value {
        Value::Vec(Rc::new(Vector::new(VecData::Int(v.to_vec()))))
    }
    fn list(items: Vec<Value>, names: Option<&[&str]>) -> Value {
        let mut v = Value::Vec(Rc::new(Vector::new(VecData::List(items))));
        if let Some(n) = names {
            v.set_attr("names", Value::strs(n));
        }
        v
    }
    fn names_of(v: &Value) -> Vec<String> {
        v.as_vector()
            .unwrap()
            .names()
            .unwrap()
            .iter()
            .map(|s| s.as_deref().unwrap_or("<NA>").to_string())
            .collect()
    }

    #[test]
    fn names_and_dim_replacement() {
        let mut it = Interp::new();
        // y <- 1:3; names(y) <- c("a","b") -> a b <NA>
        let y = call(
            &mut it,
            "names<-",
            vec![ints(&[1, 2, 3]), Value::strs(&["a", "b"])],
        )
        .unwrap();
        assert_eq!(names_of(&y), vec!["a", "b", "<NA>"]);
        let e = call(
            &mut it,
            "names<-",
            vec![ints(&[1, 2, 3]), ints(&[1, 2, 3, 4])],
        )
        .unwrap_err();
        assert_eq!(
            e.msg,
            "'names' attribute [4] must be the same length as the vector [3]"
        );
        // dim(1:5) <- c(2,3): error; dim(c(a=1,b=2)) <- 2 drops names
        let e = call(
            &mut it,
            "dim<-",
            vec![ints(&[1, 2, 3, 4, 5]), dbl_vec(vec![2.0, 3.0])],
        )
        .unwrap_err();
        assert_eq!(
            e.msg,
            "dims [product 6] do not match the length of object [5]"
        );
        let x = call(
            &mut it,
            "names<-",
            vec![ints(&[1, 2]), Value::strs(&["a", "b"])],
        )
        .unwrap();
        let x = call(&mut it, "dim<-", vec![x, Value::Dbl(2.0)]).unwrap();
        assert!(x.attr("names").is_none());
        assert_eq!(
            x.attr("dim"),
            Some(&Value::Vec(Rc::new(Vector::new(VecData::Int(vec![2])))))
        );
        // nrow(1:3) NULL; NROW(1:3) 3; NCOL(1:3) 1
        assert!(call(&mut it, "nrow", vec![ints(&[1, 2, 3])])
            .unwrap()
            .is_null());
        assert!(matches!(
            call(&mut it, "NROW", vec![ints(&[1, 2, 3])]).unwrap(),
            Value::Int(3)
        ));
        assert!(matches!(
            call(&mut it, "NCOL", vec![ints(&[1, 2, 3])]).unwrap(),
            Value::Int(1)
        ));
    }

    #[test]
    fn attr_class_inherits() {
        let mut it = Interp::new();
        // attr(structure(1, foobar="x"), "foo") -> "x" (partial match)
        let x = call(
            &mut it,
            "attr<-",
            vec![Value::Dbl(1.0), Value::str("foobar"), Value::str("x")],
        )
        .unwrap();
        assert_eq!(
            call(&mut it, "attr", vec![x, Value::str("foo")]).unwrap(),
            Value::str("x")
        );
        // class(matrix(1:4,2)) "matrix" "array"; class(sum) "function"; mode(1L) "numeric"
        let m = call(&mut it, "dim<-", vec![ints(&[1, 2, 3, 4]), ints(&[2, 2])]).unwrap();
        assert_eq!(
            call(&mut it, "class", vec![m]).unwrap(),
            Value::strs(&["matrix", "array"])
        );
        let f = crate::builtins::lookup("sum").unwrap();
        assert_eq!(
            call(&mut it, "class", vec![f]).unwrap(),
            Value::str("function")
        );
        assert_eq!(
            call(&mut it, "mode", vec![Value::Int(1)]).unwrap(),
            Value::str("numeric")
        );
        // inherits(structure(1, class=c("a","b")), "b") TRUE; inherits(1, "numeric") TRUE
        let o = call(
            &mut it,
            "class<-",
            vec![Value::Dbl(1.0), Value::strs(&["a", "b"])],
        )
        .unwrap();
        assert_eq!(
            call(&mut it, "inherits", vec![o.clone(), Value::str("b")]).unwrap(),
            Value::lgl(true)
        );
        assert_eq!(
            call(
                &mut it,
                "inherits",
                vec![Value::Dbl(1.0), Value::str("numeric")]
            )
            .unwrap(),
            Value::lgl(true)
        );
        // class(z) <- NULL removes it; oldClass(1) NULL
        let z = call(&mut it, "class<-", vec![o, Value::Null]).unwrap();
        assert!(matches!(z, Value::Dbl(_)));
        assert!(call(&mut it, "oldClass", vec![Value::Dbl(1.0)])
            .unwrap()
            .is_null());
        // is.vector(c(a=1)) TRUE; is.vector(structure(1, foo=1)) FALSE; is.atomic(NULL) TRUE
        let nv = call(&mut it, "names<-", vec![Value::Dbl(1.0), Value::str("a")]).unwrap();
        assert_eq!(
            call(&mut it, "is.vector", vec![nv]).unwrap(),
            Value::lgl(true)
        );
        let fv = call(
            &mut it,
            "attr<-",
            vec![Value::Dbl(1.0), Value::str("foo"), Value::Dbl(1.0)],
        )
        .unwrap();
        assert_eq!(
            call(&mut it, "is.vector", vec![fv]).unwrap(),
            Value::lgl(false)
        );
        assert_eq!(
            call(&mut it, "is.atomic", vec![Value::Null]).unwrap(),
            Value::lgl(true)
        );
    }

    #[test]
    fn conversions_warn() {
        let mut it = Interp::new();
        // as.integer(c("a","1")) NA 1 with "NAs introduced by coercion"
        let r = call(&mut it, "as.integer", vec![Value::strs(&["a", "1"])]).unwrap();
        assert_eq!(r, int_vec(vec![NA_INTEGER, 1]));
        assert_eq!(it.warnings[0].1, "NAs introduced by coercion");
        // as.integer(3e10) NA with "NAs introduced by coercion to integer range"
        let r = call(&mut it, "as.integer", vec![Value::Dbl(3e10)]).unwrap();
        assert!(matches!(r, Value::Int(NA_INTEGER)));
        assert_eq!(
            it.warnings[1].1,
            "NAs introduced by coercion to integer range"
        );
        // as.integer("3.7") 3; as.logical(0:2) FALSE TRUE TRUE; as.vector(c(a=1,b=2)) drops names
        assert!(matches!(
            call(&mut it, "as.integer", vec![Value::str("3.7")]).unwrap(),
            Value::Int(3)
        ));
        assert_eq!(
            call(&mut it, "as.logical", vec![ints(&[0, 1, 2])]).unwrap(),
            lgl_vec(vec![0, 1, 1])
        );
        let nv = call(
            &mut it,
            "names<-",
            vec![ints(&[1, 2]), Value::strs(&["a", "b"])],
        )
        .unwrap();
        assert!(!call(&mut it, "as.vector", vec![nv]).unwrap().has_attrs());
        // vector("list", 2) two NULLs; numeric(2) 0 0; character(1) ""
        assert_eq!(
            call(&mut it, "vector", vec![Value::str("list"), Value::Dbl(2.0)]).unwrap(),
            list_vec(vec![Value::Null, Value::Null])
        );
        assert_eq!(
            call(&mut it, "numeric", vec![Value::Dbl(2.0)]).unwrap(),
            dbl_vec(vec![0.0, 0.0])
        );
        assert_eq!(
            call(&mut it, "character", vec![Value::Dbl(1.0)]).unwrap(),
            Value::str("")
        );
    }

    #[test]
    fn unlist_names() {
        let mut it = Interp::new();
        // unlist(list(a=1:2, b=3)) -> a1 a2 b
        let l = list(vec![ints(&[1, 2]), Value::Dbl(3.0)], Some(&["a", "b"]));
        let r = call(&mut it, "unlist", vec![l]).unwrap();
        assert_eq!(names_of(&r), vec!["a1", "a2", "b"]);
        assert_eq!(
            r.as_vector().unwrap().data,
            VecData::Dbl(vec![1.0, 2.0, 3.0])
        );
        // unlist(list(a=list(b=1,c=2), d=3)) -> a.b a.c d
        let inner = list(vec![Value::Dbl(1.0), Value::Dbl(2.0)], Some(&["b", "c"]));
        let r = call(
            &mut it,
            "unlist",
            vec![list(vec![inner, Value::Dbl(3.0)], Some(&["a", "d"]))],
        )
        .unwrap();
        assert_eq!(names_of(&r), vec!["a.b", "a.c", "d"]);
        // unlist(list(a=list(1, 2), b=list(c=3, 4))) -> a1 a2 b.c b
        let a = list(vec![Value::Dbl(1.0), Value::Dbl(2.0)], None);
        let b = list(vec![Value::Dbl(3.0), Value::Dbl(4.0)], Some(&["c", ""]));
        let r = call(&mut it, "unlist", vec![list(vec![a, b], Some(&["a", "b"]))]).unwrap();
        assert_eq!(names_of(&r), vec!["a1", "a2", "b.c", "b"]);
        // unlist(list(b=list(c=3, 4, 5))) -> b.c b2 b3
        let b = list(
            vec![Value::Dbl(3.0), Value::Dbl(4.0), Value::Dbl(5.0)],
            Some(&["c", "", ""]),
        );
        let r = call(&mut it, "unlist", vec![list(vec![b], Some(&["b"]))]).unwrap();
        assert_eq!(names_of(&r), vec!["b.c", "b2", "b3"]);
        // unlist(list(1, a=2:3, list(x=4, 5))) -> "" a1 a2 x ""
        let inner = list(vec![Value::Dbl(4.0), Value::Dbl(5.0)], Some(&["x", ""]));
        let r = call(
            &mut it,
            "unlist",
            vec![list(
                vec![Value::Dbl(1.0), ints(&[2, 3]), inner],
                Some(&["", "a", ""]),
            )],
        )
        .unwrap();
        assert_eq!(names_of(&r), vec!["", "a1", "a2", "x", ""]);
        // unlist(list(1:2, list("a", TRUE))) -> "1" "2" "a" "TRUE", no names
        let r = call(
            &mut it,
            "unlist",
            vec![list(
                vec![
                    ints(&[1, 2]),
                    list(vec![Value::str("a"), Value::Lgl(1)], None),
                ],
                None,
            )],
        )
        .unwrap();
        assert_eq!(r, Value::strs(&["1", "2", "a", "TRUE"]));
    }

    #[test]
    fn identical_and_all_equal() {
        let mut it = Interp::new();
        // identical(1L, 1) FALSE; identical(c(a=1), c(a=1)) TRUE
        assert_eq!(
            call(&mut it, "identical", vec![Value::Int(1), Value::Dbl(1.0)]).unwrap(),
            Value::lgl(false)
        );
        // all.equal(1, 1.5) "Mean relative difference: 0.5"; all.equal(1, 1+1e-10) TRUE
        assert_eq!(
            call(&mut it, "all.equal", vec![Value::Dbl(1.0), Value::Dbl(1.5)]).unwrap(),
            Value::str("Mean relative difference: 0.5")
        );
        assert_eq!(
            call(
                &mut it,
                "all.equal",
                vec![Value::Dbl(1.0), Value::Dbl(1.0 + 1e-10)]
            )
            .unwrap(),
            Value::lgl(true)
        );
        // all.equal(1L, 1) TRUE; all.equal(0, 0.1) "Mean absolute difference: 0.1"
        assert_eq!(
            call(&mut it, "all.equal", vec![Value::Int(1), Value::Dbl(1.0)]).unwrap(),
            Value::lgl(true)
        );
        assert_eq!(
            call(&mut it, "all.equal", vec![Value::Dbl(0.0), Value::Dbl(0.1)]).unwrap(),
            Value::str("Mean absolute difference: 0.1")
        );
        // all.equal(1:3, c(1,2,4)) "Mean relative difference: 0.3333333"
        let r = call(
            &mut it,
            "all.equal",
            vec![ints(&[1, 2, 3]), dbl_vec(vec![1.0, 2.0, 4.0])],
        )
        .unwrap();
        assert_eq!(r, Value::str("Mean relative difference: 0.3333333"));
        // all.equal(c(1,2), c(1,2,3)) "Numeric: lengths (2, 3) differ"; all.equal("a","b") "1 string mismatch"
        let r = call(
            &mut it,
            "all.equal",
            vec![dbl_vec(vec![1.0, 2.0]), dbl_vec(vec![1.0, 2.0, 3.0])],
        )
        .unwrap();
        assert_eq!(r, Value::str("Numeric: lengths (2, 3) differ"));
        assert_eq!(
            call(&mut it, "all.equal", vec![Value::str("a"), Value::str("b")]).unwrap(),
            Value::str("1 string mismatch")
        );
        // all.equal(1, "a") -> Modes / target is numeric, current is character
        let r = call(&mut it, "all.equal", vec![Value::Dbl(1.0), Value::str("a")]).unwrap();
        assert_eq!(
            r,
            Value::strs(&[
                "Modes: numeric, character",
                "target is numeric, current is character"
            ])
        );
        // all.equal(list(a=1,b=2), list(a=1,b=3)) "Component “b”: Mean relative difference: 0.5"
        let a = list(vec![Value::Dbl(1.0), Value::Dbl(2.0)], Some(&["a", "b"]));
        let b = list(vec![Value::Dbl(1.0), Value::Dbl(3.0)], Some(&["a", "b"]));
        assert_eq!(
            call(&mut it, "all.equal", vec![a, b]).unwrap(),
            Value::str("Component \u{201c}b\u{201d}: Mean relative difference: 0.5")
        );
    }
}
