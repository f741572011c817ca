//! Matrix and array helpers: `upper.tri`/`lower.tri`, `row`/`col`, `max.col`, `aperm`,
//! `slice.index`,
//! `rownames`/`colnames`/`dimnames` and their replacement forms, `as.matrix`;
//! linear systems and determinants (`solve`, `det`) through `lapack`.

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
    BuiltinDef::new("slice.index", builtin_slice_index),
    BuiltinDef::new("aperm.default", builtin_aperm),
    BuiltinDef::new("dimnames", builtin_dimnames),
    BuiltinDef::new("dimnames<-", builtin_dimnames_set),
    BuiltinDef::new("rownames", builtin_rownames),
    BuiltinDef::new("colnames", builtin_colnames),
    BuiltinDef::new("rownames<-", builtin_rownames_set),
    BuiltinDef::new("colnames<-", builtin_colnames_set),
    BuiltinDef::new("as.matrix", builtin_as_matrix),
    BuiltinDef::new("as.matrix.default", builtin_as_matrix),
    BuiltinDef::new("solve", builtin_solve),
    BuiltinDef::new("det", builtin_det),
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

/// `aperm(a, perm, resize)`: the array with its dimensions permuted
/// (reversed by default); `perm` by number or by the dimnames' names.
fn builtin_aperm(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["a", "perm", "resize", "..."])?;
    let a = b.take(0).unwrap_or(Value::Null);
    let Some(av) = a.as_vector() else {
        return Err(RError::new("invalid first argument, must be an array"));
    };
    let Some(dims) = av.dims() else {
        return Err(RError::new("invalid first argument, must be an array"));
    };
    let n = dims.len();
    let dn_names: Option<Vec<RStr>> = match av.attr("dimnames") {
        Some(Value::Vec(dn)) => dn.names().map(|s| s.to_vec()),
        _ => None,
    };
    let perm: Vec<usize> = match b.take(1).filter(|p| !p.is_null()) {
        None => (0..n).rev().collect(),
        Some(p) => {
            if p.len() != n {
                return Err(RError::new(format!(
                    "'perm' is of wrong length {} (!= {})",
                    p.len(),
                    n
                )));
            }
            let pv = p.as_vector().unwrap();
            let mut out = Vec::with_capacity(n);
            match &pv.data {
                VecData::Str(s) => {
                    let Some(names) = &dn_names else {
                        return Err(RError::new("'a' does not have named dimnames"));
                    };
                    for e in s {
                        match names.iter().position(|x| x.is_some() && x == e) {
                            Some(k) => out.push(k),
                            None => {
                                return Err(RError::new(format!(
                                    "'perm[{}]' does not match a dimension name",
                                    out.len() + 1
                                )))
                            }
                        }
                    }
                }
                d => {
                    let VecData::Dbl(x) = d.coerce(VType::Dbl) else {
                        unreachable!()
                    };
                    for e in x {
                        if !(e >= 1.0 && e < n as f64 + 1.0) {
                            return Err(RError::new("value out of range in 'perm'"));
                        }
                        out.push(e as usize - 1);
                    }
                }
            }
            let mut seen = vec![false; n];
            for &k in &out {
                if std::mem::replace(&mut seen[k], true) {
                    return Err(RError::new("invalid 'perm' argument"));
                }
            }
            out
        }
    };
    let resize = super::output::arg_flag(&b.take(2), true);
    // Result dimension k is the argument's dimension perm[k].
    let new_dims: Vec<usize> = perm.iter().map(|&k| dims[k]).collect();
    let mut stride = vec![1usize; n];
    for k in 1..n {
        stride[k] = stride[k - 1] * dims[k - 1];
    }
    let total: usize = dims.iter().product();
    let mut pos = Vec::with_capacity(total);
    let mut counter = vec![0usize; n];
    for _ in 0..total {
        pos.push(Some(
            (0..n).map(|k| counter[k] * stride[perm[k]]).sum::<usize>(),
        ));
        for k in 0..n {
            counter[k] += 1;
            if counter[k] < new_dims[k] {
                break;
            }
            counter[k] = 0;
        }
    }
    let mut out = Vector::new(av.data.select(&pos));
    if !resize {
        out.set_attr("dim", av.attr("dim").cloned().unwrap_or(Value::Null));
        return Ok(Value::Vec(Rc::new(out)));
    }
    out.set_attr(
        "dim",
        Value::Vec(Rc::new(Vector::new(VecData::Int(
            new_dims.iter().map(|&d| d as i32).collect(),
        )))),
    );
    if let Some(Value::Vec(dn)) = av.attr("dimnames") {
        if let VecData::List(l) = &dn.data {
            let parts: Vec<Value> = perm
                .iter()
                .map(|&k| l.get(k).cloned().unwrap_or(Value::Null))
                .collect();
            let mut d = Vector::new(VecData::List(parts));
            if let Some(names) = &dn_names {
                d.set_attr(
                    "names",
                    str_vec(
                        perm.iter()
                            .map(|&k| names.get(k).cloned().flatten())
                            .collect(),
                    ),
                );
            }
            out.set_attr("dimnames", Value::Vec(Rc::new(d)));
        }
    }
    Ok(Value::Vec(Rc::new(out)))
}

/// `slice.index(x, MARGIN)`: an integer array of `x`'s shape holding each
/// element's index along dimension `MARGIN`.
fn builtin_slice_index(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "MARGIN"])?;
    let x = b.take(0).unwrap_or(Value::Null);
    let m = b.take(1).unwrap_or(Value::Null);
    let dims = match x.as_vector().and_then(|v| v.dims()) {
        Some(d) => d,
        None => vec![x.len()],
    };
    let n = dims.len();
    let margin = match m.as_vector().map(|v| v.data.coerce(VType::Dbl)) {
        Some(VecData::Dbl(v)) => v,
        _ => Vec::new(),
    };
    if margin.is_empty() || margin.iter().any(|&k| !(k >= 1.0 && k <= n as f64)) {
        return Err(RError::new("incorrect value for 'MARGIN'"));
    }
    if margin.len() > 1 {
        return Err(RError::unsupported(
            "slice.index() with more than one margin",
        ));
    }
    let k = margin[0] as usize - 1;
    let inner: usize = dims[..k].iter().product();
    let total: usize = dims.iter().product();
    let ext = dims[k].max(1);
    let data: Vec<i32> = (0..total)
        .map(|p| ((p / inner.max(1)) % ext) as i32 + 1)
        .collect();
    let mut out = Vector::new(VecData::Int(data));
    out.set_attr(
        "dim",
        Value::Vec(Rc::new(Vector::new(VecData::Int(
            dims.iter().map(|&d| d as i32).collect(),
        )))),
    );
    Ok(Value::Vec(Rc::new(out)))
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

/// A dimnames component as R stores it: NULL (also for a zero-length
/// component), or a character vector of the dimension's extent (names of
/// the value dropped).
fn dimnames_component(v: Value, extent: usize, k: usize) -> RResult<Value> {
    if v.is_null() {
        return Ok(Value::Null);
    }
    if matches!(v, Value::Closure(_) | Value::Builtin(_) | Value::Env(_)) {
        return Err(RError::new(format!(
            "invalid type ({}) for 'dimnames' (must be a vector)",
            v.type_name()
        )));
    }
    if v.is_empty() {
        return Ok(Value::Null);
    }
    if v.len() != extent {
        return Err(RError::new(format!(
            "length of 'dimnames' [{}] not equal to array extent",
            k + 1
        )));
    }
    if super::factor::is_factor(&v) {
        return Ok(str_vec(super::factor::labels(&v)));
    }
    Ok(str_vec(super::output::as_strings(&v)))
}

/// R's `dimnames(x) <- value` (`dimnamesgets`): NULL or an empty list
/// removes them; a shorter list is padded with NULLs; each component is
/// checked against its extent and made character; names that are all
/// empty are dropped.
pub(crate) fn dimnames_assign(x: Value, value: Value) -> RResult<Value> {
    let mut x = x;
    if value.is_null() {
        x.set_attr("dimnames", Value::Null);
        return Ok(x);
    }
    let Some(dims) = x.as_vector().and_then(|v| v.dims()) else {
        return Err(RError::new("'dimnames' applied to non-array"));
    };
    let (items, names) = match &value {
        Value::Vec(l) if matches!(l.data, VecData::List(_)) => {
            let VecData::List(items) = &l.data else {
                unreachable!()
            };
            let names = l.names().map(|n| n.to_vec());
            (items.clone(), names)
        }
        _ => return Err(RError::new("'dimnames' must be a list")),
    };
    let k = dims.len();
    if items.len() > k {
        return Err(RError::new(format!(
            "length of 'dimnames' [{}] must match that of 'dims' [{}]",
            items.len(),
            k
        )));
    }
    if items.is_empty() {
        x.set_attr("dimnames", Value::Null);
        return Ok(x);
    }
    let mut parts = Vec::with_capacity(k);
    for (i, &ext) in dims.iter().enumerate() {
        let v = items.get(i).cloned().unwrap_or(Value::Null);
        parts.push(dimnames_component(v, ext, i)?);
    }
    let mut dn = Vector::new(VecData::List(parts));
    if let Some(mut n) = names {
        n.resize(k, Some("".into()));
        if n.iter()
            .any(|s| s.as_deref().is_some_and(|s| !s.is_empty()))
        {
            dn.set_attr("names", str_vec(n));
        }
    }
    x.set_attr("dimnames", Value::Vec(Rc::new(dn)));
    Ok(x)
}

/// `rownames(x) <- v` / `colnames(x) <- v`: component `k` of the dimnames
/// (a list of NULLs when there are none) replaced, then `dimnames<-`.
fn set_dimnames_part(x: Value, k: usize, v: Value) -> RResult<Value> {
    let (mut items, names) = match x.attr("dimnames") {
        Some(Value::Vec(dn)) => match &dn.data {
            VecData::List(l) => (l.clone(), dn.attr("names").cloned()),
            _ => (Vec::new(), None),
        },
        _ => {
            if v.is_null() {
                return Ok(x);
            }
            let nd = x.attr("dim").map_or(0, |d| d.len());
            if nd < 1 {
                return Err(RError::new(format!(
                    "attempt to set '{}' on an object with no dimensions",
                    if k == 0 { "rownames" } else { "colnames" }
                )));
            }
            (vec![Value::Null; nd], None)
        }
    };
    if items.len() <= k {
        return Err(RError::new(format!(
            "attempt to set '{}' on an object with less than two dimensions",
            if k == 0 { "rownames" } else { "colnames" }
        )));
    }
    items[k] = v;
    let mut dn = Vector::new(VecData::List(items));
    if let Some(n) = names {
        dn.set_attr("names", n);
    }
    dimnames_assign(x, Value::Vec(Rc::new(dn)))
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
    dimnames_assign(x, v)
}

fn builtin_rownames_set(_: &mut Interp, args: Args) -> RResult<Value> {
    let (x, v) = replacement(args)?;
    set_dimnames_part(x, 0, v)
}

fn builtin_colnames_set(_: &mut Interp, args: Args) -> RResult<Value> {
    let (x, v) = replacement(args)?;
    set_dimnames_part(x, 1, v)
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

// ---------------------------------------------------------------------------
// solve, det
// ---------------------------------------------------------------------------

/// The dimnames component `k` (0 rows, 1 columns) of `v`, if not NULL.
fn dimnames_of(v: &Vector, k: usize) -> Option<Value> {
    match &v.attr("dimnames")?.as_vector()?.data {
        VecData::List(l) if l.len() == 2 && !l[k].is_null() => Some(l[k].clone()),
        _ => None,
    }
}

/// `solve(a, b, tol = .Machine$double.eps)` (`solve.default`, R's
/// `La_solve`): the solution of `a %*% x = b` for a square numeric `a` by
/// LAPACK's LU factorization with partial pivoting (`lapack`), `b` a
/// vector or a matrix (the inverse of `a` when missing); R's errors for
/// an exactly singular `a` and one whose reciprocal condition number is
/// below `tol`.
fn builtin_solve(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut bnd = args.bind(&["a", "b", "tol", "LINPACK", "..."])?;
    let call = super::stats::method_call(interp, "solve.default");
    let err = |msg: String| RError::with_call(msg, call.clone());
    let a = bnd
        .take(0)
        .ok_or_else(|| err("argument \"a\" is missing, with no default".into()))?;
    let b = bnd.take(1);
    let tol = match bnd.take(2) {
        None => f64::EPSILON,
        Some(t) => t.first_f64().unwrap_or(f64::NAN),
    };
    if bnd.take(3).is_some() {
        return Err(err(
            "the LINPACK argument has been defunct since R 3.1.0".into()
        ));
    }
    if a.vtype() == Some(VType::Cplx) || b.as_ref().and_then(|b| b.vtype()) == Some(VType::Cplx) {
        return Err(RError::unsupported("solve() of complex matrices"));
    }
    // a <- as.matrix(a)
    let av = match a.as_vector() {
        Some(v) => v.into_owned(),
        None => return Err(err("'a' must be a numeric matrix".into())),
    };
    let (n, nc) = match av.dim2() {
        Some(d) => d,
        None if av.attr("dim").is_some() => {
            return Err(RError::unsupported("solve() of an array that is not 2-d"))
        }
        None => (av.len(), 1),
    };
    // as.matrix of a vector: its names become the row names.
    let a_rownames = if av.dim2().is_some() {
        dimnames_of(&av, 0)
    } else {
        av.attr("names").cloned()
    };
    let a_colnames = if av.dim2().is_some() {
        dimnames_of(&av, 1)
    } else {
        None
    };
    if !matches!(av.vtype(), VType::Lgl | VType::Int | VType::Dbl) {
        return Err(err("'a' must be a numeric matrix".into()));
    }
    if n == 0 {
        return Err(err("'a' is 0-diml".into()));
    }
    if nc != n {
        return Err(err(format!("'a' ({} x {}) must be square", n, nc)));
    }
    // The right-hand side (the identity when missing, columns named by
    // rownames(a)), its shape and the result's names.
    let (mut rhs, p, shape): (Vec<f64>, usize, Option<Option<Value>>) = match &b {
        None => {
            let mut id = vec![0.0; n * n];
            for i in 0..n {
                id[i * (n + 1)] = 1.0;
            }
            (id, n, Some(a_rownames.clone()))
        }
        Some(bv) => {
            let v = match bv.as_vector() {
                Some(v) if matches!(v.vtype(), VType::Lgl | VType::Int | VType::Dbl) => v,
                _ => return Err(err("'b' must be a numeric matrix".into())),
            };
            match v.dim2() {
                Some((r, p)) => {
                    if p == 0 {
                        return Err(err("no right-hand side in 'b'".into()));
                    }
                    if r != n {
                        return Err(err(format!(
                            "'b' ({} x {}) must be compatible with 'a' ({} x {})",
                            r, p, n, n
                        )));
                    }
                    let data = super::arith::dbl_data(&v.data).into_owned();
                    (data, p, Some(dimnames_of(&v, 1)))
                }
                None => {
                    if v.len() != n {
                        return Err(err(format!(
                            "'b' ({} x {}) must be compatible with 'a' ({} x {})",
                            v.len(),
                            1,
                            n,
                            n
                        )));
                    }
                    (super::arith::dbl_data(&v.data).into_owned(), 1, None)
                }
            }
        }
    };
    let av_data = super::arith::dbl_data(&av.data).into_owned();
    let mut lu = av_data.clone();
    let (ipiv, info) = super::lapack::getrf(&mut lu, n);
    if info > 0 {
        return Err(err(format!(
            "Lapack routine dgesv: system is exactly singular: U[{},{}] = 0",
            info, info
        )));
    }
    super::lapack::getrs(&lu, n, &ipiv, &mut rhs, p);
    if tol > 0.0 {
        // (R takes the norm of the factored matrix when `a` was not double.)
        let anorm = if av.vtype() == VType::Dbl {
            super::lapack::norm1(&av_data, n)
        } else {
            super::lapack::norm1(&lu, n)
        };
        let rcond = super::lapack::gecon(&lu, n, anorm);
        if rcond < tol {
            return Err(err(format!(
                "system is computationally singular: reciprocal condition number = {}",
                super::output::c_general(rcond, 6, false, false)
            )));
        }
    }
    let mut out = Vector::new(VecData::Dbl(rhs));
    match shape {
        // A vector right-hand side: a vector named by colnames(a).
        None => {
            if let Some(cn) = a_colnames {
                out.set_attr("names", cn);
            }
        }
        // A matrix: dimnames colnames(a) and colnames(b) when one is not NULL.
        Some(b_colnames) => {
            out.set_attr("dim", int_vec(vec![n as i32, p as i32]));
            if a_colnames.is_some() || b_colnames.is_some() {
                out.set_attr(
                    "dimnames",
                    list_vec(vec![
                        a_colnames.unwrap_or(Value::Null),
                        b_colnames.unwrap_or(Value::Null),
                    ]),
                );
            }
        }
    }
    Ok(Value::from_vector(out))
}

/// R's class vector of `x` for "no applicable method" messages
/// (`c('integer', 'numeric')`, `"character"`).
fn implicit_class_text(x: &Value) -> String {
    let parts: Vec<&str> = match x.vtype() {
        Some(VType::Int) => vec!["integer", "numeric"],
        Some(VType::Dbl) => vec!["double", "numeric"],
        Some(VType::Lgl) => vec!["logical"],
        Some(VType::Cplx) => vec!["complex"],
        Some(VType::Raw) => vec!["raw"],
        Some(VType::Str) => vec!["character"],
        Some(VType::List) => vec!["list"],
        None if x.is_null() => vec!["NULL"],
        None => vec!["function"],
    };
    if parts.len() == 1 {
        format!("\"{}\"", parts[0])
    } else {
        let quoted: Vec<String> = parts.iter().map(|p| format!("'{}'", p)).collect();
        format!("\"c({})\"", quoted.join(", "))
    }
}

/// `det(x)`: R's `determinant(x, logarithm = TRUE)` of a square numeric
/// matrix by LAPACK's LU factorization (`dgetrf`): the sign of the
/// permutation and of the diagonal times `exp(sum(log(abs(diag(U)))))`; 0
/// for an exactly singular matrix, 1 for a 0 x 0 one.
fn builtin_det(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "..."])?;
    let x = b
        .take(0)
        .ok_or_else(|| RError::new("argument \"x\" is missing, with no default"))?;
    let v = x.as_vector();
    let dims = v.as_ref().and_then(|v| v.dim2());
    let Some((nr, nc)) = dims else {
        if v.as_ref().is_some_and(|v| v.attr("dim").is_some()) {
            return Err(RError::unsupported("det() of an array that is not 2-d"));
        }
        return Err(super::stats::in_closures(
            RError::with_call(
                format!(
                    "no applicable method for 'determinant' applied to an object of class {}",
                    implicit_class_text(&x)
                ),
                "UseMethod(\"determinant\")",
            ),
            &["determinant"],
        ));
    };
    let v = v.unwrap();
    let in_determinant = |msg: &str| {
        super::stats::in_closures(
            RError::with_call(msg, "determinant.matrix(x, logarithm = TRUE, ...)"),
            &["determinant.matrix", "determinant"],
        )
    };
    if nr != nc {
        return Err(in_determinant("'x' must be a square matrix"));
    }
    match v.vtype() {
        VType::Lgl | VType::Int | VType::Dbl => {}
        VType::Cplx => {
            return Err(in_determinant(
                "'determinant' not currently defined for complex matrices",
            ))
        }
        _ => {
            return Err(RError::unsupported(format!(
                "det() of a {} matrix",
                v.vtype().name()
            )))
        }
    }
    let n = nr;
    if n == 0 {
        return Ok(Value::Dbl(1.0));
    }
    let mut lu = super::arith::dbl_data(&v.data).into_owned();
    let (ipiv, info) = super::lapack::getrf(&mut lu, n);
    let (sign, modulus) = if info > 0 {
        (1.0, f64::NEG_INFINITY)
    } else {
        let mut sign = 1.0;
        for (i, &p) in ipiv.iter().enumerate() {
            if p != i + 1 {
                sign = -sign;
            }
        }
        let mut modulus = 0.0;
        for i in 0..n {
            let d = lu[i * (n + 1)];
            modulus += (if d < 0.0 { -d } else { d }).ln();
            if d < 0.0 {
                sign = -sign;
            }
        }
        (sign, modulus)
    };
    Ok(Value::Dbl(sign * modulus.exp()))
}
