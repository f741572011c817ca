//! Matrix helpers: `upper.tri`/`lower.tri`, `row`/`col`, `max.col`, `aperm` (2-d),
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
