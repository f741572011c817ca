//! Matrix helpers: `upper.tri`/`lower.tri`, `row`/`col`, `max.col`, `aperm` (2-d),
//! `rownames`/`colnames`/`dimnames` and their replacement forms, `as.matrix`.

use super::BuiltinDef;
use crate::args::Args;
use crate::error::{RError, RResult};
use crate::interp::Interp;
use crate::value::*;
use std::rc::Rc;

pub const BUILTINS: &[BuiltinDef] = &[
    BuiltinDef::new("upper.tri", builtin_upper_tri),
    BuiltinDef::new("lower.tri", builtin_lower_tri),
    BuiltinDef::new("row", builtin_row),
    BuiltinDef::new("col", builtin_col),
    BuiltinDef::new("max.col", builtin_max_col),
    BuiltinDef::new("aperm", builtin_aperm),
    BuiltinDef::new("aperm.default", builtin_aperm),
    BuiltinDef::new("dimnames", builtin_dimnames),
    BuiltinDef::new("dimnames<-", builtin_dimnames_set),
    BuiltinDef::new("rownames", builtin_rownames),
    BuiltinDef::new("colnames", builtin_colnames),
    BuiltinDef::new("rownames<-", builtin_rownames_set),
    BuiltinDef::new("colnames<-", builtin_colnames_set),
    BuiltinDef::new("as.matrix", builtin_as_matrix),
    BuiltinDef::new("as.matrix.default", builtin_as_matrix),
];

/// (nrow, ncol) of `x` as R's `dim(as.matrix(x))`: a vector is one column.
fn matrix_dims(x: &Value) -> (usize, usize) {
    match x.as_vector().and_then(|v| v.dim2()) {
        Some(d) => d,
        None => (x.len(), 1),
    }
}

fn triangle(args: Args, upper: bool) -> RResult<Value> {
    let mut b = args.bind(&["x", "diag"])?;
    let x = b.take(0).unwrap_or(Value::Null);
    let diag = super::output::arg_flag(&b.take(1), false);
    let (nr, nc) = matrix_dims(&x);
    let mut out = Vec::with_capacity(nr * nc);
    for j in 0..nc {
        for i in 0..nr {
            let t = if upper { i < j } else { i > j };
            out.push((t || (diag && i == j)) as i32);
        }
    }
    Ok(matrix_of(VecData::Lgl(out), nr, nc))
}

/// An `nr` x `nc` matrix of `data` (column-major), with no dimnames.
pub(crate) fn matrix_of(data: VecData, nr: usize, nc: usize) -> Value {
    let mut v = Vector::new(data);
    v.set_attr("dim", int_vec(vec![nr as i32, nc as i32]));
    Value::Vec(Rc::new(v))
}

fn builtin_upper_tri(_: &mut Interp, args: Args) -> RResult<Value> {
    triangle(args, true)
}

fn builtin_lower_tri(_: &mut Interp, args: Args) -> RResult<Value> {
    triangle(args, false)
}

/// `row(x)` / `col(x)`: integer matrices of each element's row or column
/// index (dim only, no dimnames).
fn row_col(args: Args, is_row: bool) -> RResult<Value> {
    let mut b = args.bind(&["x", "as.factor"])?;
    let x = b.take(0).unwrap_or(Value::Null);
    if super::output::arg_flag(&b.take(1), false) {
        return Err(RError::unsupported("row()/col() with as.factor = TRUE"));
    }
    let dims = x
        .attr("dim")
        .and_then(|d| d.as_vector().map(|d| d.data.coerce(VType::Int)));
    let Some(VecData::Int(d)) = dims.filter(|d| d.len() == 2) else {
        return Err(RError::new(format!(
            "a matrix-like object is required as argument to '{}'",
            if is_row { "row" } else { "col" }
        )));
    };
    let (nr, nc) = (d[0].max(0) as usize, d[1].max(0) as usize);
    let mut out = Vec::with_capacity(nr * nc);
    for j in 0..nc {
        for i in 0..nr {
            out.push(if is_row { i } else { j } as i32 + 1);
        }
    }
    Ok(matrix_of(VecData::Int(out), nr, nc))
}

fn builtin_row(_: &mut Interp, args: Args) -> RResult<Value> {
    row_col(args, true)
}

fn builtin_col(_: &mut Interp, args: Args) -> RResult<Value> {
    row_col(args, false)
}

/// `max.col(m, ties.method)`: the column of each row's maximum. Only the
/// deterministic tie methods: "random" needs R's random numbers.
fn builtin_max_col(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["m", "ties.method"])?;
    let m = b.take(0).unwrap_or(Value::Null);
    let ties = super::output::arg_str(&b.take(1)).unwrap_or_else(|| "random".into());
    let last = match ties.as_str() {
        "first" => false,
        "last" => true,
        "random" => {
            return Err(RError::unsupported(
                "max.col(ties.method = \"random\") (random numbers); use \"first\" or \"last\"",
            ))
        }
        _ => {
            return Err(RError::new(
                "'arg' should be one of “random”, “first”, “last”",
            ))
        }
    };
    let (nr, nc) = matrix_dims(&m);
    let mv = m.as_vector();
    let data = match mv.as_deref().map(|v| &v.data) {
        Some(d @ (VecData::Lgl(_) | VecData::Int(_) | VecData::Dbl(_))) => {
            super::arith::dbl_data(d)
        }
        Some(d) => match d.coerce(VType::Dbl) {
            VecData::Dbl(d) => std::borrow::Cow::Owned(d),
            _ => return Err(RError::new("'m' must be numeric")),
        },
        None => return Err(RError::new("'m' must be numeric")),
    };
    // Column by column (contiguous), keeping each row's best so far: a row
    // with a NaN is NA; ties keep the first (or, for "last", the last) column.
    let mut out = vec![if nc == 0 { NA_INTEGER } else { 1 }; nr];
    if nc > 0 {
        let mut best: Vec<f64> = data[..nr].to_vec();
        let mut na: Vec<bool> = best.iter().map(|v| v.is_nan()).collect();
        for j in 1..nc {
            let col = &data[j * nr..(j + 1) * nr];
            let tag = j as i32 + 1;
            for (((&v, b), o), na) in col.iter().zip(&mut best).zip(&mut out).zip(&mut na) {
                let better = v > *b || (last && v == *b);
                *b = if better { v } else { *b };
                *o = if better { tag } else { *o };
                *na |= v.is_nan();
            }
        }
        for (o, &na) in out.iter_mut().zip(&na) {
            if na {
                *o = NA_INTEGER;
            }
        }
    }
    Ok(int_vec(out))
}

/// `aperm(a)` of a matrix: the transpose (the only permutation of 2 dims
/// that changes anything).
fn builtin_aperm(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["a", "perm", "resize", "..."])?;
    let a = b.take(0).unwrap_or(Value::Null);
    let dims = a.attr("dim").map_or(0, |d| d.len());
    if dims != 2 {
        return Err(match dims {
            0 => RError::new("invalid first argument, must be an array"),
            _ => RError::unsupported("aperm() of an array that is not 2-d"),
        });
    }
    let perm: Vec<f64> = match b
        .take(1)
        .and_then(|p| p.as_vector().map(|v| v.data.coerce(VType::Dbl)))
    {
        Some(VecData::Dbl(p)) => p,
        _ => vec![2.0, 1.0],
    };
    match perm.as_slice() {
        [a1, a2] if *a1 == 1.0 && *a2 == 2.0 => Ok(a),
        [a1, a2] if *a1 == 2.0 && *a2 == 1.0 => {
            let t = interp.find_function("t").ok_or_else(|| RError::new("t"))?;
            let t = super::lookup("t.default").unwrap_or(t);
            interp.call_function(&t, Args::positional(vec![a]))
        }
        _ => Err(RError::new("'perm' is of wrong length 2 (!= 2)")),
    }
}

fn builtin_dimnames(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x"])?;
    let x = b.take(0).unwrap_or(Value::Null);
    Ok(x.attr("dimnames").cloned().unwrap_or(Value::Null))
}

/// One component of the dimnames (0: rows, 1: columns), NULL when absent.
fn dimnames_part(x: &Value, k: usize) -> Value {
    match x.attr("dimnames") {
        Some(Value::Vec(dn)) => match &dn.data {
            VecData::List(l) => l.get(k).cloned().unwrap_or(Value::Null),
            _ => Value::Null,
        },
        _ => Value::Null,
    }
}

fn builtin_rownames(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "do.NULL", "prefix"])?;
    Ok(dimnames_part(&b.take(0).unwrap_or(Value::Null), 0))
}

fn builtin_colnames(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "do.NULL", "prefix"])?;
    Ok(dimnames_part(&b.take(0).unwrap_or(Value::Null), 1))
}

/// A dimnames component as R stores it: NULL, or a character vector of the
/// dimension's extent (names of the value dropped).
fn dimnames_component(v: Value, extent: usize, k: usize) -> RResult<Value> {
    if v.is_null() {
        return Ok(Value::Null);
    }
    if v.len() != extent {
        return Err(RError::new(format!(
            "length of 'dimnames' [{}] not equal to array extent",
            k + 1
        )));
    }
    Ok(str_vec(super::output::as_strings(&v)))
}

/// Store dimnames (rows, cols) on a matrix; both NULL removes the attribute.
fn set_dimnames(x: Value, rows: Value, cols: Value) -> RResult<Value> {
    let Some((nr, nc)) = x.as_vector().and_then(|v| v.dim2()) else {
        return Err(match x.attr("dim") {
            Some(_) => RError::unsupported("dimnames of an array that is not 2-d"),
            None => RError::new("'dimnames' applied to non-array"),
        });
    };
    let rows = dimnames_component(rows, nr, 0)?;
    let cols = dimnames_component(cols, nc, 1)?;
    let mut x = x;
    if rows.is_null() && cols.is_null() {
        x.set_attr("dimnames", Value::Null);
    } else {
        x.set_attr("dimnames", list_vec(vec![rows, cols]));
    }
    Ok(x)
}

fn replacement(args: Args) -> RResult<(Value, Value)> {
    let mut b = args.bind(&["x", "value"])?;
    Ok((
        b.take(0).unwrap_or(Value::Null),
        b.take(1).unwrap_or(Value::Null),
    ))
}

fn builtin_dimnames_set(_: &mut Interp, args: Args) -> RResult<Value> {
    let (x, v) = replacement(args)?;
    match &v {
        Value::Null => set_dimnames(x, Value::Null, Value::Null),
        Value::Vec(l) if matches!(l.data, VecData::List(_)) => {
            let VecData::List(items) = &l.data else {
                unreachable!()
            };
            if items.len() != 2 {
                return Err(RError::new(format!(
                    "length of 'dimnames' [{}] must match that of 'dims' [2]",
                    items.len()
                )));
            }
            set_dimnames(x, items[0].clone(), items[1].clone())
        }
        _ => Err(RError::new("'dimnames' must be a list")),
    }
}

fn builtin_rownames_set(_: &mut Interp, args: Args) -> RResult<Value> {
    let (x, v) = replacement(args)?;
    let cols = dimnames_part(&x, 1);
    set_dimnames(x, v, cols)
}

fn builtin_colnames_set(_: &mut Interp, args: Args) -> RResult<Value> {
    let (x, v) = replacement(args)?;
    let rows = dimnames_part(&x, 0);
    set_dimnames(x, rows, v)
}

/// `as.matrix(x)`: a matrix unchanged; a vector becomes one column, its
/// names the row names.
fn builtin_as_matrix(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "..."])?;
    let x = b.take(0).unwrap_or(Value::Null);
    if x.attr("dim").is_some_and(|d| d.len() == 2) {
        return Ok(x);
    }
    let Some(v) = x.as_vector() else {
        return Err(RError::unsupported(format!(
            "as.matrix() of {}",
            x.type_name()
        )));
    };
    let names = v.names().map(|n| n.to_vec());
    let mut m = Vector::new(v.data.clone());
    m.set_attr("dim", int_vec(vec![v.len() as i32, 1]));
    if let Some(n) = names {
        m.set_attr("dimnames", list_vec(vec![str_vec(n), Value::Null]));
    }
    Ok(Value::Vec(Rc::new(m)))
}
