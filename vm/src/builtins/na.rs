//! Missing-value helpers from R's stats package: `complete.cases` and
//! `na.omit` (its default method, for atomic vectors and matrices); base R's
//! `anyNA`.

use super::BuiltinDef;
use crate::args::Args;
use crate::error::{RError, RResult};
use crate::interp::Interp;
use crate::value::*;
use std::rc::Rc;

pub const BUILTINS: &[BuiltinDef] = &[
    BuiltinDef::new("complete.cases", complete_cases),
    BuiltinDef::new("na.omit", na_omit),
    BuiltinDef::new("anyNA", any_na),
];

/// `anyNA(x, recursive = FALSE)`: whether `is.na(x)` has a TRUE (NaN
/// counts; a list element counts when it is a length-one atomic NA), or,
/// `recursive`, whether any element of a list has one, at any depth.
fn any_na(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "recursive"])?;
    let x = b
        .take(0)
        .ok_or_else(|| RError::new("argument \"x\" is missing, with no default"))?;
    let recursive = match b.take(1) {
        None => false,
        Some(r) => match r.as_vector().map(|v| v.data.coerce(VType::Lgl)) {
            Some(VecData::Lgl(l)) if !l.is_empty() && l[0] != NA_LOGICAL => l[0] != 0,
            _ => return Err(RError::new("invalid 'recursive' argument")),
        },
    };
    fn has_na(x: &Value, recursive: bool) -> bool {
        match x {
            Value::Lgl(i) | Value::Int(i) => *i == NA_INTEGER,
            Value::Dbl(d) => d.is_nan(),
            Value::Vec(v) => match &v.data {
                VecData::List(items) if recursive => items.iter().any(|e| has_na(e, true)),
                d => (0..d.len()).any(|i| d.is_na(i)),
            },
            _ => false,
        }
    }
    Ok(Value::lgl(has_na(&x, recursive)))
}

/// The `dim` attribute as a vector of extents.
fn dims(v: &Vector) -> Option<Vec<usize>> {
    let d = v.attr("dim")?.as_vector()?;
    match d.data.coerce(VType::Int) {
        VecData::Int(x) => Some(x.iter().map(|&k| k.max(0) as usize).collect()),
        _ => None,
    }
}

/// Marks in `ok` the cases (rows) of one column-like input that have an NA.
/// Returns its number of cases.
fn mark_incomplete(v: &Value, ok: &mut Vec<bool>, n: &mut Option<usize>) -> RResult<()> {
    let invalid = || RError::new(format!("invalid 'type' ({}) of argument", v.type_name()));
    let vec = v.as_vector().ok_or_else(invalid)?;
    if let VecData::List(items) = &vec.data {
        for it in items {
            if !it.is_null() {
                mark_incomplete(it, ok, n)?;
            }
        }
        return Ok(());
    }
    let len = vec.len();
    let rows = match dims(&vec) {
        Some(d) if d.len() == 2 => d[0],
        _ => len,
    };
    match *n {
        None => {
            *n = Some(rows);
            ok.resize(rows, true);
        }
        Some(m) if m != rows => return Err(RError::new("not all arguments have the same length")),
        Some(_) => {}
    }
    if rows > 0 {
        for i in 0..len {
            if vec.data.is_na(i) {
                ok[i % rows] = false;
            }
        }
    }
    Ok(())
}

fn complete_cases(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut ok = Vec::new();
    let mut n = None;
    for v in &args.values {
        if !v.is_null() {
            mark_incomplete(v, &mut ok, &mut n)?;
        }
    }
    if n.is_none() {
        return Err(RError::new("no input has determined the number of cases"));
    }
    Ok(Value::from_data(VecData::Lgl(
        ok.into_iter().map(i32::from).collect(),
    )))
}

/// `na.omit.default`: drops the NA elements of an atomic vector (keeping only
/// its names, as `[` does) or the rows of a matrix with an NA, and records
/// the dropped positions in an `na.action` attribute of class "omit". Other
/// objects, and objects without NAs, are returned unchanged.
fn na_omit(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["object", "..."])?;
    let object = b.take(0).unwrap_or(Value::Null);
    let Some(vec) = object.as_vector() else {
        return Ok(object);
    };
    if vec.vtype() == VType::List {
        return Ok(object);
    }
    let d = dims(&vec).unwrap_or_default();
    if d.len() > 2 {
        return Ok(object);
    }
    let len = vec.len();
    let nas: Vec<usize> = (0..len).filter(|&i| vec.data.is_na(i)).collect();
    if nas.is_empty() {
        return Ok(object);
    }
    let (result, omit, labels) = if d.len() == 2 {
        let (nr, nc) = (d[0], d[1]);
        let mut rows: Vec<usize> = Vec::new();
        for &i in &nas {
            if !rows.contains(&(i % nr)) {
                rows.push(i % nr);
            }
        }
        let keep: Vec<usize> = (0..nr).filter(|r| !rows.contains(r)).collect();
        let idx: Vec<Option<usize>> = (0..nc)
            .flat_map(|j| keep.iter().map(move |&r| Some(j * nr + r)))
            .collect();
        let mut out = Vector::new(vec.data.select(&idx));
        out.set_attr("dim", int_vec(vec![keep.len() as i32, nc as i32]));
        let mut rownames = None;
        if let Some(Value::Vec(dn)) = vec.attr("dimnames") {
            if let VecData::List(parts) = &dn.data {
                let mut parts = parts.clone();
                if let Some(Value::Vec(rn)) = parts.first() {
                    if let VecData::Str(rn) = &rn.data {
                        rownames = Some(rn.clone());
                        let kept: Vec<RStr> = keep.iter().map(|&r| rn[r].clone()).collect();
                        parts[0] = str_vec(kept);
                    }
                }
                let mut dn2 = Vector::new(VecData::List(parts));
                if let Some(nm) = dn.attr("names") {
                    dn2.set_attr("names", nm.clone());
                }
                out.set_attr("dimnames", Value::Vec(Rc::new(dn2)));
            }
        }
        (out, rows, rownames)
    } else if d.len() == 1 {
        return Err(RError::with_call(
            "incorrect number of dimensions",
            "object[-omit, , drop = FALSE]".to_string(),
        ));
    } else {
        let keep: Vec<Option<usize>> = (0..len).filter(|i| !vec.data.is_na(*i)).map(Some).collect();
        let mut out = Vector::new(vec.data.select(&keep));
        let names = vec.names().map(|n| n.to_vec());
        if let Some(n) = &names {
            let kept: Vec<RStr> = keep.iter().flatten().map(|&i| n[i].clone()).collect();
            out.set_attr("names", str_vec(kept));
        }
        (out, nas, names)
    };
    let mut action = Vector::new(VecData::Int(omit.iter().map(|&i| i as i32 + 1).collect()));
    if let Some(labels) = labels {
        let nm: Vec<RStr> = omit.iter().map(|&i| labels[i].clone()).collect();
        action.set_attr("names", str_vec(nm));
    }
    action.set_attr("class", Value::str("omit"));
    let mut result = result;
    result.set_attr("na.action", Value::Vec(Rc::new(action)));
    Ok(Value::Vec(Rc::new(result)))
}
