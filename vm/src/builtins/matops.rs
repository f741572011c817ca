//! Matrix helpers of R's `base` and `stats`: `kronecker` (and `%x%`),
//! `norm`, `embed`, `rowsum` and `scale`, with GNU R 4.2's result types,
//! attributes and error messages (and LAPACK 3.11's `dlange` sums for
//! `norm`).

use super::arith::dbl_data;
use super::combinat::call_builtin;
use super::BuiltinDef;
use crate::args::Args;
use crate::error::{RError, RResult};
use crate::interp::Interp;
use crate::value::*;

pub const BUILTINS: &[BuiltinDef] = &[
    BuiltinDef::new("kronecker", bi_kronecker),
    BuiltinDef::new("%x%", bi_kron_op),
    BuiltinDef::new("norm", bi_norm),
    BuiltinDef::new("embed", bi_embed),
    BuiltinDef::new("rowsum", bi_rowsum),
    BuiltinDef::new("scale", bi_scale),
];

fn missing(name: &str) -> RError {
    RError::new(format!("argument \"{name}\" is missing, with no default"))
}

/// An error of the R code of the default method `method` (a closure in R,
/// for which the builtin stands): reported against the method's call, with
/// its frame in the traceback.
fn method_error(interp: &Interp, mut e: RError, method: &str) -> RError {
    if e.call == crate::error::ErrCall::Pending {
        e.call = crate::error::ErrCall::Call(super::stats::method_call(interp, method));
    }
    super::stats::in_closures(e, &[method])
}

/// The extents of `x` as an array (`as.array`: a vector is one-dimensional).
fn array_dims(x: &Value) -> Vec<usize> {
    match x.attr("dim").and_then(|d| d.as_vector()) {
        Some(d) => dbl_data(&d.data).iter().map(|&e| e as usize).collect(),
        None => vec![x.len()],
    }
}

fn is_factor(x: &Value) -> bool {
    x.explicit_class()
        .is_some_and(|c| c.iter().any(|c| c == "factor"))
}

// ---------------------------------------------------------------------------
// kronecker
// ---------------------------------------------------------------------------

/// `kronecker(X, Y, FUN = "*", make.dimnames = FALSE, ...)`.
fn bi_kronecker(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["X", "Y", "FUN", "make.dimnames", "..."])?;
    let x = b.take(0).ok_or_else(|| missing("X"))?;
    let y = b.take(1).ok_or_else(|| missing("Y"))?;
    let fun = b.take(2);
    if super::math::flag(b.take(3), "make.dimnames")? {
        return Err(RError::unsupported("kronecker(make.dimnames = TRUE)"));
    }
    kronecker(interp, x, y, fun, b.dots)
}

/// `X %x% Y`: `kronecker(X, Y)`.
fn bi_kron_op(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["X", "Y"])?;
    let x = b.take(0).ok_or_else(|| missing("X"))?;
    let y = b.take(1).ok_or_else(|| missing("Y"))?;
    kronecker(interp, x, y, None, Vec::new())
}

/// The Kronecker product as R computes it: `outer(X, Y, FUN, ...)` (one call
/// of FUN on the expanded operands; `"*"` a matrix product, so doubles),
/// its dimensions interleaved and merged, extents `dim(X) * dim(Y)`.
fn kronecker(
    interp: &mut Interp,
    x: Value,
    y: Value,
    fun: Option<Value>,
    dots: Vec<(Option<Sym>, Value)>,
) -> RResult<Value> {
    if is_factor(&x) || is_factor(&y) {
        return Err(RError::unsupported("kronecker() of a factor"));
    }
    let mut dx = array_dims(&x);
    let mut dy = array_dims(&y);
    let rank = dx.len().max(dy.len());
    dx.resize(rank, 1);
    dy.resize(rank, 1);
    let (nx, ny) = (x.len(), y.len());
    let star = match &fun {
        None => true,
        Some(f) => super::output::arg_str(&Some(f.clone())).as_deref() == Some("*") && f.len() == 1,
    };
    let outer: Vector = if star {
        let num = |v: &Value| -> RResult<Vec<f64>> {
            match v.as_vector() {
                Some(d) if matches!(d.vtype(), VType::Lgl | VType::Int | VType::Dbl) => {
                    Ok(dbl_data(&d.data).into_owned())
                }
                _ => Err(RError::unsupported(format!(
                    "kronecker() of a {}",
                    v.type_name()
                ))),
            }
        };
        let (xs, ys) = (num(&x)?, num(&y)?);
        let mut out = Vec::with_capacity(nx * ny);
        for &b in &ys {
            for &a in &xs {
                out.push(a * b);
            }
        }
        Vector::new(VecData::Dbl(out))
    } else {
        let f = match fun.unwrap() {
            f if f.is_function() => f,
            f => {
                let name = super::output::arg_str(&Some(f.clone()))
                    .ok_or_else(|| RError::unsupported("kronecker() with this FUN"))?;
                interp.find_function(&name).ok_or_else(|| {
                    let mut e = RError::with_call(
                        format!("object '{name}' of mode 'function' was not found"),
                        "get(as.character(FUN), mode = \"function\", envir = envir)",
                    );
                    // R's frames: the S4 generic, its method, then R code.
                    e.trace = ["get", "match.fun", "outer", ".kronecker", "kronecker"]
                        .iter()
                        .map(|&s| s.into())
                        .collect();
                    e
                })?
            }
        };
        let (Some(xv), Some(yv)) = (x.as_vector(), y.as_vector()) else {
            return Err(RError::unsupported("kronecker() of a non-vector"));
        };
        let xi: Vec<Option<usize>> = (0..nx * ny).map(|k| Some(k % nx.max(1))).collect();
        let yi: Vec<Option<usize>> = (0..nx * ny).map(|k| Some(k / nx.max(1))).collect();
        let mut call = Args::positional(vec![
            Value::from_data(xv.data.select(&xi)),
            Value::from_data(yv.data.select(&yi)),
        ]);
        for (n, v) in dots {
            call.push(n, v);
        }
        let r = interp.call_function(&f, call)?;
        match r.as_vector() {
            Some(v) if v.len() == nx * ny && v.vtype() != VType::List => {
                Vector::new(v.into_owned().data)
            }
            _ => {
                return Err(RError::with_call(
                    format!(
                        "dims [product {}] do not match the length of object [{}]",
                        nx * ny,
                        r.len()
                    ),
                    "dim(robj) <- c(dX, dY)",
                ))
            }
        }
    };
    let dout: Vec<usize> = dx.iter().zip(&dy).map(|(a, b)| a * b).collect();
    let total: usize = dout.iter().product();
    let mut idx: Vec<Option<usize>> = Vec::with_capacity(total);
    let mut pos = vec![0usize; rank];
    for _ in 0..total {
        // Output subscript o = a * dY + b in every dimension.
        let (mut ax, mut by, mut sx, mut sy) = (0, 0, 1, 1);
        for k in 0..rank {
            ax += (pos[k] / dy[k]) * sx;
            by += (pos[k] % dy[k]) * sy;
            sx *= dx[k];
            sy *= dy[k];
        }
        idx.push(Some(ax + nx * by));
        for k in 0..rank {
            pos[k] += 1;
            if pos[k] < dout[k] {
                break;
            }
            pos[k] = 0;
        }
    }
    let mut out = Vector::new(outer.data.select(&idx));
    out.set_attr("dim", int_vec(dout.iter().map(|&d| d as i32).collect()));
    Ok(Value::Vec(out.into()))
}

// ---------------------------------------------------------------------------
// norm
// ---------------------------------------------------------------------------

/// LAPACK's `dlassq` (3.10 and later, Blue's scaled sums): `(scale,
/// sumsq)` updated with the squares of `x`, so that scale² · sumsq is the
/// sum of squares without overflow or underflow.
fn dlassq(x: &[f64], scl: &mut f64, sumsq: &mut f64) {
    let tsml = 2f64.powi(-511);
    let tbig = 2f64.powi(486);
    let ssml = 2f64.powi(537);
    let sbig = 2f64.powi(-538);
    if scl.is_nan() || sumsq.is_nan() {
        return;
    }
    if *sumsq == 0.0 {
        *scl = 1.0;
    }
    if *scl == 0.0 {
        *scl = 1.0;
        *sumsq = 0.0;
    }
    if x.is_empty() {
        return;
    }
    let mut notbig = true;
    let (mut asml, mut amed, mut abig) = (0.0, 0.0, 0.0);
    for &v in x {
        let ax = v.abs();
        if ax > tbig {
            abig += (ax * sbig) * (ax * sbig);
            notbig = false;
        } else if ax < tsml {
            if notbig {
                asml += (ax * ssml) * (ax * ssml);
            }
        } else {
            amed += ax * ax;
        }
    }
    if *sumsq > 0.0 {
        let ax = *scl * sumsq.sqrt();
        if ax > tbig {
            abig += (*scl * sbig) * (*scl * sbig) * *sumsq;
        } else if ax < tsml {
            if notbig {
                asml += (*scl * ssml) * (*scl * ssml) * *sumsq;
            }
        } else {
            amed += *scl * *scl * *sumsq;
        }
    }
    if abig > 0.0 {
        if amed > 0.0 || amed.is_nan() {
            abig += (amed * sbig) * sbig;
        }
        *scl = 1.0 / sbig;
        *sumsq = abig;
    } else if asml > 0.0 {
        if amed > 0.0 || amed.is_nan() {
            let amed = amed.sqrt();
            let asml = asml.sqrt() / ssml;
            let (ymin, ymax) = if asml > amed {
                (amed, asml)
            } else {
                (asml, amed)
            };
            *scl = 1.0;
            *sumsq = ymax * ymax * (1.0 + (ymin / ymax) * (ymin / ymax));
        } else {
            *scl = 1.0 / ssml;
            *sumsq = asml;
        }
    } else {
        *scl = 1.0;
        *sumsq = amed;
    }
}

/// LAPACK's `dlange`: the one ('O'), infinity ('I'), Frobenius ('F') or
/// max-modulus ('M') norm of an `m` x `n` column-major matrix (a NaN
/// anywhere wins, as LAPACK's `disnan` tests make it).
fn dlange(kind: char, a: &[f64], m: usize, n: usize) -> f64 {
    if m == 0 || n == 0 {
        return 0.0;
    }
    let take = |value: &mut f64, v: f64| {
        if *value < v || v.is_nan() {
            *value = v;
        }
    };
    let mut value = 0.0;
    match kind {
        'M' => {
            for &v in a {
                take(&mut value, v.abs());
            }
        }
        'O' => {
            for j in 0..n {
                let mut sum = 0.0;
                for i in 0..m {
                    sum += a[i + j * m].abs();
                }
                take(&mut value, sum);
            }
        }
        'I' => {
            let mut work = vec![0.0; m];
            for j in 0..n {
                for i in 0..m {
                    work[i] += a[i + j * m].abs();
                }
            }
            for w in work {
                take(&mut value, w);
            }
        }
        _ => {
            let (mut scale, mut sum) = (0.0, 1.0);
            for j in 0..n {
                dlassq(&a[j * m..(j + 1) * m], &mut scale, &mut sum);
            }
            value = scale * sum.sqrt();
        }
    }
    value
}

/// The largest singular value of an `m` x `n` column-major matrix, by
/// one-sided Jacobi rotations (accurate to a few units in the last place,
/// which is what `svd(x)$d[1]` prints as).
fn largest_singular_value(a: &[f64], m: usize, n: usize) -> f64 {
    // Scaled by a power of two near the largest modulus (exactly), so that
    // the squares neither overflow nor underflow.
    let big = a.iter().fold(0.0f64, |s, x| s.max(x.abs()));
    if big == 0.0 {
        return 0.0;
    }
    let big = 2f64.powi(big.log2().floor() as i32);
    // Rotate the columns of whichever of A and t(A) has fewer of them.
    let (cols, mut c): (usize, Vec<Vec<f64>>) = if n <= m {
        (
            n,
            (0..n)
                .map(|j| a[j * m..(j + 1) * m].iter().map(|x| x / big).collect())
                .collect(),
        )
    } else {
        (
            m,
            (0..m)
                .map(|i| (0..n).map(|j| a[i + j * m] / big).collect())
                .collect(),
        )
    };
    let dot = |u: &[f64], v: &[f64]| u.iter().zip(v).map(|(a, b)| a * b).sum::<f64>();
    for _sweep in 0..60 {
        let mut rotated = false;
        for p in 0..cols {
            for q in p + 1..cols {
                let alpha = dot(&c[p], &c[p]);
                let beta = dot(&c[q], &c[q]);
                let gamma = dot(&c[p], &c[q]);
                if gamma == 0.0 || gamma.abs() <= 1e-15 * (alpha * beta).sqrt() {
                    continue;
                }
                rotated = true;
                let zeta = (beta - alpha) / (2.0 * gamma);
                let t = zeta.signum() / (zeta.abs() + (1.0 + zeta * zeta).sqrt());
                let t = if zeta == 0.0 { 1.0 } else { t };
                let cs = 1.0 / (1.0 + t * t).sqrt();
                let sn = cs * t;
                let (left, right) = c.split_at_mut(q);
                for (u, v) in left[p].iter_mut().zip(right[0].iter_mut()) {
                    let (x, y) = (*u, *v);
                    *u = cs * x - sn * y;
                    *v = sn * x + cs * y;
                }
            }
        }
        if !rotated {
            break;
        }
    }
    c.iter()
        .map(|col| {
            let (mut scale, mut sum) = (0.0, 1.0);
            dlassq(col, &mut scale, &mut sum);
            scale * sum.sqrt() * big
        })
        .fold(0.0, f64::max)
}

/// `norm(x, type = c("O", "I", "F", "M", "2"))`.
fn bi_norm(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "type"])?;
    let x = b.take(0).ok_or_else(|| missing("x"))?;
    let ty = b.take(1);
    let ty_str = match &ty {
        None => "O".to_string(),
        Some(t) => match t.as_vector().map(|v| v.data.clone()) {
            Some(VecData::Str(s)) if !s.is_empty() => s[0].as_deref().unwrap_or("NA").to_string(),
            _ => return Err(RError::new("'type' must be a character string")),
        },
    };
    let numeric = |v: &Vector| matches!(v.vtype(), VType::Lgl | VType::Int | VType::Dbl);
    if ty.as_ref().is_some_and(|t| t.len() == 1) && ty_str == "2" {
        let v = x.as_vector().filter(|v| numeric(v)).ok_or_else(|| {
            RError::unsupported(format!("norm(type = \"2\") of a {}", x.type_name()))
        })?;
        let a = dbl_data(&v.data);
        if a.iter().any(|x| x.is_nan()) {
            return Ok(Value::Dbl(na_real()));
        }
        let (m, n) = v.dim2().unwrap_or((a.len(), 1));
        let svd_error = |msg: &str| {
            let mut e = RError::with_call(msg, "svd(x, nu = 0L, nv = 0L)");
            e.trace = vec!["svd".into()];
            e
        };
        if m == 0 || n == 0 {
            return Err(svd_error("a dimension is zero"));
        }
        if a.iter().any(|x| x.is_infinite()) {
            return Err(svd_error("infinite or missing values in 'x'"));
        }
        return Ok(Value::Dbl(largest_singular_value(&a, m, n)));
    }
    let v = x.as_vector();
    let (v, (m, n)) = match v.as_ref().and_then(|v| v.dim2().map(|d| (v, d))) {
        Some((_, (m, n))) if m == 0 || n == 0 => return Ok(Value::Dbl(0.0)),
        Some((v, d)) if numeric(v) => (v, d),
        _ => return Err(RError::new("'A' must be a numeric matrix")),
    };
    let mut chars = ty_str.chars();
    let kind = match (chars.next().map(|c| c.to_ascii_uppercase()), chars.next()) {
        (Some('1' | 'O'), None) => 'O',
        (Some('E' | 'F'), None) => 'F',
        (Some(c @ ('M' | 'I')), None) => c,
        (_, None) if !ty_str.is_empty() => {
            return Err(RError::new(format!(
                "argument type[1]='{ty_str}' must be one of 'M','1','O','I','F' or 'E'"
            )))
        }
        _ => {
            return Err(RError::new(format!(
                "argument type[1]='{ty_str}' must be a character string of string length 1"
            )))
        }
    };
    Ok(Value::Dbl(dlange(kind, &dbl_data(&v.data), m, n)))
}

// ---------------------------------------------------------------------------
// embed
// ---------------------------------------------------------------------------

/// `embed(x, dimension = 1)`: the rows `x[i + d - 1], ..., x[i]` of a
/// vector's lagged copies (of each column's, side by side, for a matrix,
/// which gives doubles as R's `matrix(0, ...)` does).
fn bi_embed(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "dimension"])?;
    let x = b.take(0).ok_or_else(|| missing("x"))?;
    let d = match b.take(1) {
        None => 1.0,
        Some(d) => d
            .first_f64()
            .ok_or_else(|| RError::unsupported("embed() with a non-numeric dimension"))?,
    };
    let not_vector = || RError::new("'x' is not a vector or matrix");
    let v = x.as_vector().ok_or_else(not_vector)?;
    if v.vtype() == VType::List {
        return Err(RError::unsupported("embed() of a list"));
    }
    let (n, cols, is_matrix) = match v.dim2() {
        Some((nr, nc)) => (nr, nc, true),
        None => {
            let only_names = v
                .attrs
                .as_ref()
                .is_none_or(|a| a.iter().all(|(k, _)| &**k == "names"));
            if !only_names {
                return Err(not_vector());
            }
            (v.len(), 1, false)
        }
    };
    if d.is_nan() || d < 1.0 || d > n as f64 {
        return Err(RError::new("wrong embedding dimension"));
    }
    let d = d as usize;
    let m = n - d + 1;
    // Column k of column j's block is x[, j] lagged by d - 1 - k.
    let mut idx: Vec<Option<usize>> = Vec::with_capacity(m * d * cols);
    for k in 0..d {
        for j in 0..cols {
            let lag = d - 1 - k;
            idx.extend((0..m).map(|i| Some(j * n + i + lag)));
        }
    }
    let mut data = v.data.select(&idx);
    if is_matrix {
        data = data.coerce(VType::Dbl.max(v.vtype()));
    }
    let mut out = Vector::new(data);
    out.set_attr("dim", int_vec(vec![m as i32, (d * cols) as i32]));
    Ok(Value::Vec(out.into()))
}

// ---------------------------------------------------------------------------
// rowsum
// ---------------------------------------------------------------------------

/// `rowsum(x, group, reorder = TRUE, na.rm = FALSE)`: the sums of the rows
/// of `x` (a vector is one column) in each group, one row per group (sorted
/// unless `reorder = FALSE`), named by the groups. Integers sum to
/// integers (NA on overflow), doubles in double precision.
fn bi_rowsum(interp: &mut Interp, args: Args) -> RResult<Value> {
    rowsum_default(interp, args).map_err(|e| method_error(interp, e, "rowsum.default"))
}

fn rowsum_default(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "group", "reorder", "na.rm", "..."])?;
    let x = b.take(0).ok_or_else(|| missing("x"))?;
    let group = b.take(1).ok_or_else(|| missing("group"))?;
    let reorder = match b.take(2) {
        None => true,
        Some(v) => super::math::flag(Some(v), "reorder")?,
    };
    let narm = super::math::flag(b.take(3), "na.rm")?;
    if is_factor(&x) || is_factor(&group) {
        return Err(RError::unsupported("rowsum() with a factor"));
    }
    let v = match x.as_vector() {
        Some(v) if matches!(v.vtype(), VType::Int | VType::Dbl) => v,
        _ => return Err(RError::new("'x' must be numeric")),
    };
    let (nr, nc) = v.dim2().unwrap_or((v.len(), 1));
    if group.len() != nr {
        return Err(RError::new("incorrect length for 'group'"));
    }
    let gv = group
        .as_vector()
        .ok_or_else(|| RError::new("incorrect length for 'group'"))?;
    if gv.vtype() == VType::List {
        return Err(RError::unsupported("rowsum() with a list 'group'"));
    }
    if (0..gv.len()).any(|i| gv.data.is_na(i)) {
        let call = super::stats::method_call(interp, "rowsum.default");
        interp.warning_with_call(Some(call), "missing values for 'group'".into())?;
    }
    let plain_group = Value::from_data(gv.data.clone());
    let mut ugroup = call_builtin(interp, "unique", vec![(None, plain_group.clone())])?;
    if reorder {
        ugroup = call_builtin(
            interp,
            "sort",
            vec![(None, ugroup), (Some("na.last"), Value::Lgl(1))],
        )?;
    }
    let matches = call_builtin(
        interp,
        "match",
        vec![(None, plain_group), (None, ugroup.clone())],
    )?;
    let matches: Vec<usize> = match matches.as_vector().map(|m| m.data.clone()) {
        Some(VecData::Int(m)) => m.iter().map(|&k| k as usize - 1).collect(),
        _ => Vec::new(),
    };
    let ng = ugroup.len();
    let data = match &v.data {
        VecData::Int(xs) => {
            let mut out = vec![0i32; ng * nc];
            for j in 0..nc {
                for i in 0..nr {
                    let xv = xs[i + j * nr];
                    let slot = &mut out[matches[i] + j * ng];
                    if xv == NA_INTEGER {
                        if !narm {
                            *slot = NA_INTEGER;
                        }
                    } else if *slot != NA_INTEGER {
                        let s = *slot as f64 + xv as f64;
                        *slot = if s < i32::MIN as f64 || s > i32::MAX as f64 {
                            NA_INTEGER
                        } else {
                            *slot + xv
                        };
                    }
                }
            }
            VecData::Int(out)
        }
        d => {
            let xs = dbl_data(d);
            let mut out = vec![0.0; ng * nc];
            for j in 0..nc {
                for i in 0..nr {
                    let xv = xs[i + j * nr];
                    if !narm || !xv.is_nan() {
                        out[matches[i] + j * ng] += xv;
                    }
                }
            }
            VecData::Dbl(out)
        }
    };
    let colnames = match v.attr("dimnames").and_then(|d| d.as_vector()) {
        Some(dn) => match &dn.data {
            VecData::List(p) if p.len() == 2 => p[1].clone(),
            _ => Value::Null,
        },
        None => Value::Null,
    };
    let mut out = Vector::new(data);
    out.set_attr("dim", int_vec(vec![ng as i32, nc as i32]));
    out.set_attr(
        "dimnames",
        list_vec(vec![str_vec(super::output::as_strings(&ugroup)), colnames]),
    );
    Ok(Value::Vec(out.into()))
}

// ---------------------------------------------------------------------------
// scale
// ---------------------------------------------------------------------------

/// A `center`/`scale` argument: `TRUE`/`FALSE`, or one number per column.
enum Adjust {
    Auto,
    Off,
    Given(Value),
}

fn adjust_arg(v: Option<Value>, name: &str, nc: usize) -> RResult<Adjust> {
    let Some(v) = v else {
        return Ok(Adjust::Auto);
    };
    match v.vtype() {
        Some(VType::Lgl) => Ok(match v.first_f64() {
            Some(f) if f.is_nan() => {
                return Err(RError::with_call(
                    "argument is not interpretable as logical",
                    format!("if ({name}) {{"),
                ))
            }
            Some(f) if f != 0.0 => Adjust::Auto,
            Some(_) => Adjust::Off,
            None => {
                return Err(RError::with_call(
                    "argument is of length zero",
                    format!("if ({name}) {{"),
                ))
            }
        }),
        Some(VType::Int | VType::Dbl) if v.len() == nc => {
            // Only the numbers: `attr(x, "scaled:center") <- center` keeps
            // what was given, names included.
            Ok(Adjust::Given(v))
        }
        Some(VType::Int | VType::Dbl) => Err(RError::new(format!(
            "length of '{name}' must equal the number of columns of 'x'"
        ))),
        _ => Err(RError::unsupported(format!(
            "scale() with a non-numeric '{name}'"
        ))),
    }
}

/// `scale(x, center = TRUE, scale = TRUE)` of a numeric matrix (a vector is
/// one column): each column less its mean (or the given centre), divided
/// by its root mean square over n - 1 (or the given scale), with the
/// `scaled:center` and `scaled:scale` attributes.
fn bi_scale(interp: &mut Interp, args: Args) -> RResult<Value> {
    scale_default(args).map_err(|e| method_error(interp, e, "scale.default"))
}

fn scale_default(args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "center", "scale"])?;
    let x = b.take(0).ok_or_else(|| missing("x"))?;
    if x.has_class() {
        return Err(RError::unsupported(format!(
            "scale() of an object of class {}",
            x.class_vec()[0]
        )));
    }
    let v = match x.as_vector() {
        Some(v) if matches!(v.vtype(), VType::Lgl | VType::Int | VType::Dbl) => v.into_owned(),
        Some(_) => {
            let mut e = RError::with_call("'x' must be numeric", "colMeans(x, na.rm = TRUE)");
            e.trace = vec!["colMeans".into(), "scale.default".into()];
            return Err(e);
        }
        None => return Err(RError::unsupported(format!("scale() of {}", x.type_name()))),
    };
    // as.matrix: a vector becomes one column, its names the row names.
    let (nr, nc) = v.dim2().unwrap_or((v.len(), 1));
    let mut shape = Vector::new(VecData::Lgl(Vec::new()));
    shape.set_attr("dim", int_vec(vec![nr as i32, nc as i32]));
    match v.dim2() {
        Some(_) => {
            if let Some(dn) = v.attr("dimnames") {
                shape.set_attr("dimnames", dn.clone());
            }
        }
        None => {
            if let Some(n) = v.attr("names") {
                shape.set_attr("dimnames", list_vec(vec![n.clone(), Value::Null]));
            }
        }
    }
    let colnames = match shape.attr("dimnames").and_then(|d| d.as_vector()) {
        Some(dn) => match &dn.data {
            VecData::List(p) if p.len() == 2 => p[1].clone(),
            _ => Value::Null,
        },
        None => Value::Null,
    };
    let center = adjust_arg(b.take(1), "center", nc)?;
    let scale = adjust_arg(b.take(2), "scale", nc)?;
    let mut data = v.data.clone();
    let mut center_attr = None;
    let column_values =
        |a: &Value| -> Vec<f64> { dbl_data(&a.as_vector().unwrap().data).into_owned() };
    // Column j of `xs` without its NAs and NaNs (`na.rm = TRUE`).
    let present = |xs: &[f64], j: usize| -> Vec<f64> {
        xs[j * nr..(j + 1) * nr]
            .iter()
            .copied()
            .filter(|x| !x.is_nan())
            .collect()
    };
    // The `scaled:*` attribute computed per column, named by the columns.
    let per_column = |vals: Vec<f64>| {
        let mut m = Vector::new(VecData::Dbl(vals));
        if !colnames.is_null() {
            m.set_attr("names", colnames.clone());
        }
        Value::from_vector(m)
    };
    match center {
        Adjust::Off => {}
        c => {
            let cs: Vec<f64> = match &c {
                Adjust::Given(g) => column_values(g),
                _ => {
                    // colMeans(x, na.rm = TRUE): a long-double sum over the count.
                    let xs = dbl_data(&data).into_owned();
                    (0..nc)
                        .map(|j| {
                            let col = present(&xs, j);
                            super::extended_sum::long_sum_div(&col, col.len() as u64)
                        })
                        .collect()
                }
            };
            data = match (&data, &c) {
                (VecData::Int(xs), Adjust::Given(g)) if g.vtype() == Some(VType::Int) => {
                    let VecData::Int(gs) = &g.as_vector().unwrap().data.clone() else {
                        unreachable!()
                    };
                    let out = (0..nr * nc)
                        .map(|k| {
                            let (a, c) = (xs[k], gs[k / nr.max(1)]);
                            if a == NA_INTEGER || c == NA_INTEGER {
                                NA_INTEGER
                            } else {
                                (a as i64 - c as i64).try_into().unwrap_or(NA_INTEGER)
                            }
                        })
                        .collect();
                    VecData::Int(out)
                }
                (d, _) => {
                    let xs = dbl_data(d);
                    VecData::Dbl((0..nr * nc).map(|k| xs[k] - cs[k / nr.max(1)]).collect())
                }
            };
            center_attr = Some(match c {
                Adjust::Given(g) => g,
                _ => per_column(cs),
            });
        }
    }
    let mut scale_attr = None;
    match scale {
        Adjust::Off => {}
        s => {
            let ss: Vec<f64> = match &s {
                Adjust::Given(g) => column_values(g),
                _ => {
                    let xs = dbl_data(&data).into_owned();
                    (0..nc)
                        .map(|j| {
                            let col: Vec<f64> = present(&xs, j).iter().map(|x| x * x).collect();
                            let mut sum = super::extended_sum::LongSum::new();
                            sum.add_slice(&col);
                            let denom = (col.len() as f64 - 1.0).max(1.0);
                            (sum.value() / denom).sqrt()
                        })
                        .collect()
                }
            };
            let xs = dbl_data(&data).into_owned();
            data = VecData::Dbl((0..nr * nc).map(|k| xs[k] / ss[k / nr.max(1)]).collect());
            scale_attr = Some(match s {
                Adjust::Given(g) => g,
                _ => per_column(ss),
            });
        }
    }
    let mut out = shape;
    out.data = data;
    if let Some(c) = center_attr {
        out.set_attr("scaled:center", c);
    }
    if let Some(s) = scale_attr {
        out.set_attr("scaled:scale", s);
    }
    Ok(Value::Vec(out.into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dlange_norms() {
        // matrix(c(1, -2, 3, 4, -5, 6), 2), whose norms R gives as 11, 12,
        // 9.539392 and 6.
        let a = [1.0, -2.0, 3.0, 4.0, -5.0, 6.0];
        assert_eq!(dlange('O', &a, 2, 3), 11.0);
        assert_eq!(dlange('I', &a, 2, 3), 12.0);
        assert_eq!(dlange('M', &a, 2, 3), 6.0);
        assert_eq!(dlange('F', &a, 2, 3), 91f64.sqrt());
        assert_eq!(dlange('F', &[], 0, 3), 0.0);
        assert!(dlange('O', &[1.0, f64::NAN], 2, 1).is_nan());
    }

    #[test]
    fn scaled_sums_neither_overflow_nor_underflow() {
        let (mut scale, mut sum) = (0.0, 1.0);
        dlassq(&[3e300, 4e300], &mut scale, &mut sum);
        assert!((scale * sum.sqrt() / 5e300 - 1.0).abs() < 1e-15);
        let (mut scale, mut sum) = (0.0, 1.0);
        dlassq(&[3e-300, 4e-300], &mut scale, &mut sum);
        assert!((scale * sum.sqrt() / 5e-300 - 1.0).abs() < 1e-15);
    }

    #[test]
    fn largest_singular_values() {
        assert_eq!(largest_singular_value(&[3.0, 4.0], 1, 2), 5.0);
        let s = largest_singular_value(&[1.0, 2.0, 3.0, 4.0], 2, 2);
        assert!((s - 5.464985704219043).abs() < 1e-13);
        assert_eq!(largest_singular_value(&[0.0; 4], 2, 2), 0.0);
    }
}
