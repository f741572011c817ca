//! Indexing and assignment by index: `x[i]`, `x[i, j]`, `x[[i]]`, `x$name` and their
//! replacement forms, with GNU R 4.2's semantics and error wording. The interpreter
//! calls `index`/`index2`/`dollar`/`assign_*` directly (with fast paths for an
//! attribute-free vector and one in-range scalar index); the builtins `[`, `[[`,
//! `$`, `[<-`, `[[<-`, `$<-` wrap them for `do.call`/`sapply(x, "[", 1)` uses.

use super::BuiltinDef;
use crate::args::Args;
use crate::coerce::coerce_data;
use crate::error::{RError, RResult};
use crate::interp::Interp;
use crate::value::*;
use std::rc::Rc;

pub const BUILTINS: &[BuiltinDef] = &[
    BuiltinDef::new("[", builtin_index),
    BuiltinDef::new("[[", builtin_index2),
    BuiltinDef::new("$", builtin_dollar),
    BuiltinDef::new("[<-", builtin_assign_index),
    BuiltinDef::new("[[<-", builtin_assign_index2),
    BuiltinDef::new("$<-", builtin_assign_dollar),
];

/// Largest vector length an assignment may grow to (guards against `x[1e15] <- 1`).
const MAX_GROW: usize = i32::MAX as usize;

// ---------------------------------------------------------------------------
// Subscript resolution
// ---------------------------------------------------------------------------

/// A resolved subscript: 0-based positions (`None` = NA subscript); positions may be
/// `>= n` (out of range: NA on read, growth on assignment). `new_names` holds the
/// names of elements appended by character subscripts in assignments (position `n + k`).
struct Resolved {
    pos: Vec<Option<usize>>,
    new_names: Vec<RStr>,
}

fn not_subsettable(x: &Value) -> RError {
    RError::new(format!(
        "object of type '{}' is not subsettable",
        x.type_name()
    ))
}

/// The `names` attribute of a value as strings.
fn names_of(x: &Value) -> Option<&[RStr]> {
    match x {
        Value::Vec(v) => v.names(),
        _ => None,
    }
}

/// Positive/negative/zero numeric subscripts (already truncated; `None` = NA).
fn resolve_numeric(
    vals: impl Iterator<Item = Option<f64>> + Clone,
    n: usize,
    assign: bool,
) -> RResult<Vec<Option<usize>>> {
    let mut any_neg = false;
    let mut any_pos_or_na = false;
    for v in vals.clone() {
        match v {
            None => any_pos_or_na = true,
            Some(d) if d < 0.0 => any_neg = true,
            Some(d) if d >= 1.0 => any_pos_or_na = true,
            _ => {}
        }
    }
    if any_neg {
        if any_pos_or_na {
            return Err(RError::new(
                "only 0's may be mixed with negative subscripts",
            ));
        }
        let mut keep = vec![true; n];
        for d in vals.flatten() {
            let k = (-d) as usize;
            if k >= 1 && k <= n {
                keep[k - 1] = false;
            }
        }
        return Ok((0..n).filter(|&i| keep[i]).map(Some).collect());
    }
    let mut out = Vec::with_capacity(vals.size_hint().0);
    for v in vals {
        match v {
            None => out.push(None),
            Some(d) if d >= 1.0 => {
                // Only an assignment would grow the vector to the index; a
                // read past the end is NA, however far.
                if assign && d - 1.0 >= MAX_GROW as f64 {
                    return Err(RError::unsupported("vector index too large"));
                }
                out.push(Some(d as usize - 1))
            }
            _ => {}
        }
    }
    Ok(out)
}

fn resolve_logical(l: &[i32], n: usize) -> Vec<Option<usize>> {
    if l.is_empty() {
        return Vec::new();
    }
    let m = n.max(l.len());
    let mut out = Vec::new();
    for i in 0..m {
        match l[i % l.len()] {
            NA_LOGICAL => out.push(None),
            0 => {}
            _ => out.push(Some(i)),
        }
    }
    out
}

/// Resolve one subscript against an extent `n` with optional names. In assignment
/// mode unmatched character subscripts create new elements after the end.
fn resolve(idx: &Value, n: usize, names: Option<&[RStr]>, assign: bool) -> RResult<Resolved> {
    let mut new_names = Vec::new();
    let pos = match idx {
        Value::Null => Vec::new(),
        Value::Int(i) => resolve_numeric(std::iter::once(int_f(*i)), n, assign)?,
        Value::Dbl(d) => resolve_numeric(std::iter::once(dbl_f(*d)), n, assign)?,
        Value::Lgl(l) => resolve_logical(&[*l], n),
        Value::Vec(v) => match &v.data {
            VecData::Int(d) => resolve_numeric(d.iter().map(|&i| int_f(i)), n, assign)?,
            VecData::Dbl(d) => resolve_numeric(d.iter().map(|&x| dbl_f(x)), n, assign)?,
            VecData::Lgl(d) => resolve_logical(d, n),
            VecData::Str(s) => {
                let mut out = Vec::with_capacity(s.len());
                for name in s {
                    let found = match (name, names) {
                        (Some(nm), Some(ns)) if !nm.is_empty() => {
                            ns.iter().position(|x| x.as_deref() == Some(&**nm))
                        }
                        _ => None,
                    };
                    match found {
                        Some(p) => out.push(Some(p)),
                        None if assign => {
                            let k = match name {
                                Some(nm) if !nm.is_empty() => new_names
                                    .iter()
                                    .position(|x: &RStr| x.as_deref() == Some(&**nm)),
                                _ => None,
                            };
                            match k {
                                Some(k) => out.push(Some(n + k)),
                                None => {
                                    new_names.push(name.clone());
                                    out.push(Some(n + new_names.len() - 1));
                                }
                            }
                        }
                        None => out.push(None),
                    }
                }
                out
            }
            VecData::Cplx(_) => return Err(RError::new("invalid subscript type 'complex'")),
            VecData::List(_) => return Err(RError::new("invalid subscript type 'list'")),
            VecData::Raw(_) => return Err(RError::new("invalid subscript type 'raw'")),
        },
        other => {
            return Err(RError::new(format!(
                "invalid subscript type '{}'",
                other.type_name()
            )))
        }
    };
    Ok(Resolved { pos, new_names })
}

fn int_f(i: i32) -> Option<f64> {
    (i != NA_INTEGER).then_some(i as f64)
}
fn dbl_f(d: f64) -> Option<f64> {
    (!d.is_nan()).then(|| d.trunc())
}

/// Each dimension's names (`None`: no names for it).
type DimNameParts = Vec<Option<Vec<RStr>>>;

/// Each dimension's resolved subscript (0-based positions, `None` for NA),
/// and the array's dimnames.
type ResolvedDims = (Vec<Vec<Option<usize>>>, Option<DimNameParts>);

/// `dimnames` of an array as per-dimension optional name vectors (as
/// many as the array has dimensions).
fn dimnames_parts(v: &Vector, nd: usize) -> Option<DimNameParts> {
    let dn = v.attr("dimnames")?.as_vector()?;
    let VecData::List(l) = &dn.data else {
        return None;
    };
    let get = |k: usize| -> Option<Vec<RStr>> {
        match l.get(k)?.as_vector()?.data {
            VecData::Str(ref s) => Some(s.clone()),
            _ => None,
        }
    };
    Some((0..nd).map(get).collect())
}

/// The names of an array's `dimnames` (R's `names(dimnames(x))`).
fn dimnames_names(v: &Vector) -> Option<Vec<RStr>> {
    let dn = v.attr("dimnames")?.as_vector()?;
    match dn.attr("names")?.as_vector()?.data {
        VecData::Str(ref s) => Some(s.clone()),
        _ => None,
    }
}

/// Resolve a matrix subscript for one dimension (`None` = the whole extent).
fn resolve_dim(
    idx: &Option<Value>,
    extent: usize,
    names: Option<&[RStr]>,
    has_dimnames: bool,
) -> RResult<Vec<Option<usize>>> {
    let Some(idx) = idx else {
        return Ok((0..extent).map(Some).collect());
    };
    if let Value::Vec(v) = idx {
        match &v.data {
            VecData::Str(_) if !has_dimnames => {
                return Err(RError::new("no 'dimnames' attribute for array"))
            }
            VecData::Lgl(l) if l.len() > extent => {
                return Err(RError::new("(subscript) logical subscript too long"))
            }
            _ => {}
        }
    }
    let r = resolve(idx, extent, names, false)?;
    let is_str = matches!(idx, Value::Vec(v) if v.vtype() == VType::Str);
    for p in &r.pos {
        match p {
            Some(i) if *i >= extent => return Err(RError::new("subscript out of bounds")),
            None if is_str => return Err(RError::new("subscript out of bounds")),
            _ => {}
        }
    }
    Ok(r.pos)
}

// ---------------------------------------------------------------------------
// S3 dispatch of `[`, `[[`, `[<-`, `[[<-`
// ---------------------------------------------------------------------------

/// The user's S3 method of subsetting generic `generic` (`[.cls`, ...) run
/// on the classed object `x` with the arguments `args()` builds
/// (`Interp::dispatch_internal`); `None`: the builtin's own code runs.
/// Cheap when no such method was ever named
/// (`symbols::ops_methods_possible`).
#[inline]
fn subset_method(
    interp: &mut Interp,
    generic: &'static str,
    x: &Value,
    args: impl FnOnce() -> Args,
) -> Option<RResult<Value>> {
    if !x.has_attrs() || !crate::symbols::ops_methods_possible() || !x.has_class() {
        return None;
    }
    interp.dispatch_internal(generic, x, args)
}

/// The arguments of a subsetting method's call: `x`, the indices (an
/// empty one, `m[i, ]`, as the empty symbol: the method's formal is
/// missing), then the named ones (`drop = FALSE`, `value = v`).
fn method_args(x: &Value, idx: &[Option<Value>], named: Vec<(&str, Value)>) -> Args {
    let mut a = Args::new();
    a.push(None, x.clone());
    for i in idx {
        a.push(None, i.clone().unwrap_or_else(crate::lang::empty_sym));
    }
    for (n, v) in named {
        a.push(Some(n.into()), v);
    }
    a
}

// ---------------------------------------------------------------------------
// x[...]
// ---------------------------------------------------------------------------

/// x[i], x[i, j], x[] ; `None` = empty index (as in m[i, ]); `drop` as R's drop=.
pub fn index(interp: &mut Interp, x: &Value, idx: &[Option<Value>], drop: bool) -> RResult<Value> {
    let _ = interp;
    // Fast path: attribute-free vector, one positive in-range scalar subscript.
    if let (Value::Vec(v), [Some(i)]) = (x, idx) {
        if v.attrs.is_none() {
            if let Some(k) = scalar_pos(i) {
                if k < v.len() {
                    return Ok(match &v.data {
                        VecData::List(l) => list_vec(vec![l[k].clone()]),
                        d => d.elt(k),
                    });
                }
            }
        }
    }
    // Fast path: `m[i, j]`, `a[i, j, k]` of an atomic matrix or array
    // without a class or dimnames, positive in-range scalar subscripts.
    if let Value::Vec(v) = x {
        if idx.len() >= 2 && drop && !matches!(v.data, VecData::List(_)) {
            if let Some(k) = scalar_array_offset(v, idx) {
                if v.attr("class").is_none() && v.attr("dimnames").is_none() {
                    return Ok(v.data.elt(k));
                }
            }
        }
    }
    let named = || {
        if drop {
            vec![]
        } else {
            vec![("drop", Value::lgl(false))]
        }
    };
    if let Some(r) = subset_method(interp, "[", x, || method_args(x, idx, named())) {
        return r;
    }
    if let Value::Lang(l) = x {
        // As the list of its elements, the result a call (an expression
        // vector) again.
        if let crate::lang::Lang::Sym(_) = &**l {
            return Err(not_subsettable(x));
        }
        let list = crate::lang::elems_list(crate::lang::lang_elems(l));
        let r = index_default(interp, &list, idx, drop)?;
        return crate::lang::relang(l, r);
    }
    if super::factor::is_factor(x) {
        return super::factor::index(interp, x, idx, drop);
    }
    if super::quoting::is_noquote(x) {
        return super::quoting::index_noquote(interp, x, idx, drop);
    }
    index_default(interp, x, idx, drop)
}

/// `index` without the factor method (which calls it for the codes).
pub(crate) fn index_default(
    interp: &mut Interp,
    x: &Value,
    idx: &[Option<Value>],
    drop: bool,
) -> RResult<Value> {
    let _ = interp;
    match x {
        Value::Null => return Ok(Value::Null),
        Value::Closure(_) | Value::Builtin(_) => return Err(not_subsettable(x)),
        _ => {}
    }
    let xv = x.as_vector().ok_or_else(|| not_subsettable(x))?;
    match idx.len() {
        0 => Ok(x.clone()),
        1 => match &idx[0] {
            None => Ok(x.clone()),
            Some(i) => match matrix_subscript(&xv, i)? {
                Some(linear) => index_vector(&xv, &linear),
                None => index_vector(&xv, i),
            },
        },
        n => match xv.dims() {
            Some(dims) if dims.len() == n => index_array(&xv, &dims, idx, drop),
            _ => Err(RError::new("incorrect number of dimensions")),
        },
    }
}

/// `m[cbind(i, j)]` (`a[cbind(i, j, k)]`): a numeric matrix subscript with
/// a column per dimension of the array becomes the linear (1-based)
/// positions it names; `None` when `i` is not such a subscript.
fn matrix_subscript(xv: &Vector, i: &Value) -> RResult<Option<Value>> {
    let Some(iv) = i.as_vector() else {
        return Ok(None);
    };
    if !matches!(iv.vtype(), VType::Int | VType::Dbl) {
        return Ok(None);
    }
    let Some((rows, ncol)) = iv.dim2() else {
        return Ok(None);
    };
    let Some(dims) = xv.dims() else {
        return Ok(None);
    };
    if dims.len() < 2 || ncol != dims.len() {
        return Ok(None);
    }
    let coords = crate::builtins::arith::dbl_data(&iv.data);
    let mut linear = Vec::with_capacity(rows);
    'rows: for r in 0..rows {
        let mut at = 0.0;
        let mut stride = 1.0;
        let mut zero = false;
        for (k, &ext) in dims.iter().enumerate() {
            let c = coords[r + k * rows];
            if c.is_nan() {
                linear.push(na_real());
                continue 'rows;
            }
            let c = c.trunc();
            if c < 0.0 {
                return Err(RError::new(
                    "negative values are not allowed in a matrix subscript",
                ));
            }
            if c > ext as f64 {
                return Err(RError::new("subscript out of bounds"));
            }
            zero |= c == 0.0;
            at += (c - 1.0) * stride;
            stride *= ext as f64;
        }
        if !zero {
            linear.push(at + 1.0);
        }
    }
    Ok(Some(Value::Vec(Rc::new(Vector::new(VecData::Dbl(linear))))))
}

/// The 0-based offset of `a[i, j, ...]` when every subscript is a positive
/// in-range scalar and there is one per dimension.
#[inline]
fn scalar_array_offset(v: &Vector, idx: &[Option<Value>]) -> Option<usize> {
    let Some(Value::Vec(d)) = v.attr("dim") else {
        return None;
    };
    let VecData::Int(dims) = &d.data else {
        return None;
    };
    if dims.len() != idx.len() {
        return None;
    }
    let mut at = 0;
    let mut stride = 1;
    for (i, &ext) in idx.iter().zip(dims) {
        let p = scalar_pos(i.as_ref()?)?;
        if p >= ext as usize {
            return None;
        }
        at += p * stride;
        stride *= ext as usize;
    }
    Some(at)
}

/// A positive scalar Int/Dbl subscript as a 0-based position.
#[inline]
fn scalar_pos(i: &Value) -> Option<usize> {
    match *i {
        Value::Int(k) if k >= 1 => Some(k as usize - 1),
        Value::Dbl(d) if d >= 1.0 && d < MAX_GROW as f64 => Some(d as usize - 1),
        _ => None,
    }
}

/// `x[i]` of data without names for the common subscripts, without
/// resolving them to positions first: a logical subscript (recycled; NA and
/// positions past the end give NA) and numeric subscripts all within
/// `1..=length(x)`. `None` for anything else (the general path).
fn select_direct(d: &VecData, i: &Value) -> Option<VecData> {
    let Value::Vec(iv) = i else {
        return None;
    };
    let n = d.len();
    macro_rules! each_type {
        ($d:expr, $f:ident, $($arg:expr),*) => {
            match $d {
                VecData::Raw(v) => VecData::Raw($f(v, 0, $($arg),*)),
                VecData::Lgl(v) => VecData::Lgl($f(v, NA_LOGICAL, $($arg),*)),
                VecData::Int(v) => VecData::Int($f(v, NA_INTEGER, $($arg),*)),
                VecData::Dbl(v) => VecData::Dbl($f(v, na_real(), $($arg),*)),
                VecData::Cplx(v) => VecData::Cplx($f(v, na_complex(), $($arg),*)),
                VecData::Str(v) => VecData::Str($f(v, None, $($arg),*)),
                VecData::List(v) => VecData::List($f(v, Value::Null, $($arg),*)),
            }
        };
    }
    fn by_lgl<T: Clone>(v: &[T], na: T, l: &[i32]) -> Vec<T> {
        let mut out = Vec::new();
        if l.len() == v.len() {
            // Counted first: one allocation of the result's size.
            out.reserve_exact(l.iter().filter(|&&b| b != 0).count());
            for (x, &b) in v.iter().zip(l) {
                if b == NA_LOGICAL {
                    out.push(na.clone());
                } else if b != 0 {
                    out.push(x.clone());
                }
            }
        } else {
            let m = v.len().max(l.len());
            for k in 0..m {
                match l[k % l.len()] {
                    0 => {}
                    NA_LOGICAL => out.push(na.clone()),
                    _ => out.push(v.get(k).cloned().unwrap_or_else(|| na.clone())),
                }
            }
        }
        out
    }
    fn by_pos<T: Clone>(v: &[T], _na: T, p: &[usize]) -> Vec<T> {
        p.iter().map(|&k| v[k].clone()).collect()
    }
    /// `by_lgl` of plain numbers with a subscript as long as the data: every
    /// element written, the position advanced when it is kept (no branch).
    fn by_lgl_copy<T: Copy>(v: &[T], na: T, l: &[i32]) -> Vec<T> {
        let mut out: Vec<T> = Vec::with_capacity(v.len());
        let spare = &mut out.spare_capacity_mut()[..v.len()];
        let mut k = 0;
        for (&x, &b) in v.iter().zip(l) {
            // SAFETY: k counts the elements kept among those seen before
            // this one, so k <= its index < v.len() == spare.len().
            unsafe { spare.get_unchecked_mut(k) }.write(if b == NA_LOGICAL { na } else { x });
            k += (b != 0) as usize;
        }
        // SAFETY: the first k slots were written above.
        unsafe { out.set_len(k) };
        out
    }
    match &iv.data {
        VecData::Lgl(l) if !l.is_empty() && l.len() == n => Some(match d {
            VecData::Lgl(v) => VecData::Lgl(by_lgl_copy(v, NA_LOGICAL, l)),
            VecData::Int(v) => VecData::Int(by_lgl_copy(v, NA_INTEGER, l)),
            VecData::Dbl(v) => VecData::Dbl(by_lgl_copy(v, na_real(), l)),
            VecData::Cplx(v) => VecData::Cplx(by_lgl_copy(v, na_complex(), l)),
            d => each_type!(d, by_lgl, l),
        }),
        VecData::Lgl(l) if !l.is_empty() => Some(each_type!(d, by_lgl, l)),
        VecData::Int(k) if k.iter().all(|&k| k >= 1 && k as usize <= n) => {
            let p: Vec<usize> = k.iter().map(|&k| k as usize - 1).collect();
            Some(each_type!(d, by_pos, &p))
        }
        VecData::Dbl(k) if k.iter().all(|&k| k >= 1.0 && k < n as f64 + 1.0) => {
            let p: Vec<usize> = k.iter().map(|&k| k as usize - 1).collect();
            Some(each_type!(d, by_pos, &p))
        }
        _ => None,
    }
}

fn index_vector(xv: &Vector, i: &Value) -> RResult<Value> {
    let names = xv.names();
    if names.is_none() {
        if let Some(data) = select_direct(&xv.data, i) {
            return Ok(Value::from_data(data));
        }
    }
    let r = resolve(i, xv.len(), names, false)?;
    let data = xv.data.select(&r.pos);
    let mut out = Vector::new(data);
    let sel = names.map(|ns| Value::from_data(VecData::Str(select_from(ns, &r.pos, None))));
    match (xv.attr("dim"), sel) {
        // (A single element drops the dimension: a named scalar.)
        (Some(d), sel) if d.len() == 1 && (out.len() != 1 || sel.is_none()) => {
            one_d_array(xv, &mut out, sel)
        }
        (_, Some(sel)) => out.set_attr("names", sel),
        _ => {}
    }
    Ok(Value::from_vector(out))
}

/// `x[pos]` (0-based positions) as R's `[` gives it: names, a one-dimensional
/// array's dimension and a table's class kept. (`rev` and `sort` of an
/// object go through `[` in GNU R.)
pub fn select_positions(x: &Value, pos: &[usize]) -> RResult<Value> {
    let xv = x.as_vector().ok_or_else(|| not_subsettable(x))?;
    let i = Value::from_data(VecData::Int(pos.iter().map(|&k| k as i32 + 1).collect()));
    index_vector(&xv, &i)
}

/// R's `[` keeps a one-dimensional array one-dimensional (`do_subset_dflt`):
/// the dim is the result's length, the dimnames (and their name, a table's
/// header) are the selected names; and `[.table` keeps class `table`.
fn one_d_array(xv: &Vector, out: &mut Vector, sel: Option<Value>) {
    out.set_attr("dim", Value::Int(out.len() as i32));
    if let Some(sel) = sel {
        let mut dn = Vector::new(VecData::List(vec![sel]));
        if let Some(Value::Vec(old)) = xv.attr("dimnames") {
            if let Some(n) = old.attr("names") {
                dn.set_attr("names", n.clone());
            }
        }
        out.set_attr("dimnames", Value::Vec(Rc::new(dn)));
    }
    if let Some(cls @ Value::Vec(c)) = xv.attr("class") {
        if matches!(&c.data, VecData::Str(s) if s.len() == 1 && s[0].as_deref() == Some("table")) {
            out.set_attr("class", cls.clone());
        }
    }
}

/// The subscripts of `x[i, j, ...]` resolved against the array's extents
/// and dimnames (0-based positions, `None` an NA subscript).
fn resolve_dims(xv: &Vector, dims: &[usize], idx: &[Option<Value>]) -> RResult<ResolvedDims> {
    let dn = dimnames_parts(xv, dims.len());
    let has_dn = dn.is_some();
    let mut subs = Vec::with_capacity(dims.len());
    for (k, &ext) in dims.iter().enumerate() {
        let names = dn.as_ref().and_then(|d| d[k].as_deref());
        subs.push(resolve_dim(&idx[k], ext, names, has_dn)?);
    }
    Ok((subs, dn))
}

/// The column-major positions of the block that the resolved subscripts
/// `subs` select from an array of extents `dims` (`None` where a subscript
/// is NA), in R's order (the first subscript varying fastest).
fn block_positions(dims: &[usize], subs: &[Vec<Option<usize>>]) -> Vec<Option<usize>> {
    let total: usize = subs.iter().map(Vec::len).product();
    let mut pos = Vec::with_capacity(total);
    if total == 0 {
        return pos;
    }
    let mut stride = Vec::with_capacity(dims.len());
    let mut s = 1;
    for &d in dims {
        stride.push(s);
        s *= d;
    }
    let mut counter = vec![0usize; subs.len()];
    for _ in 0..total {
        let mut p = Some(0);
        for (k, sub) in subs.iter().enumerate() {
            p = match (p, sub[counter[k]]) {
                (Some(p), Some(i)) => Some(p + i * stride[k]),
                _ => None,
            };
        }
        pos.push(p);
        for (k, sub) in subs.iter().enumerate() {
            counter[k] += 1;
            if counter[k] < sub.len() {
                break;
            }
            counter[k] = 0;
        }
    }
    pos
}

/// `x[i, j, ...]` of a matrix or an array (R's `MatrixSubset`/`ArraySubset`
/// followed by `DropDims`).
fn index_array(xv: &Vector, dims: &[usize], idx: &[Option<Value>], drop: bool) -> RResult<Value> {
    let (subs, dn) = resolve_dims(xv, dims, idx)?;
    let all_present = subs.iter().all(|s| s.iter().all(Option::is_some));
    let data = if dims.len() == 2 && all_present {
        // No NA subscript: the block copied column by column (whole columns
        // as slices when all rows are taken), without a position list.
        let nr = dims[0];
        let rows: Option<Vec<usize>> = idx[0]
            .as_ref()
            .map(|_| subs[0].iter().flatten().copied().collect());
        let cols: Vec<usize> = subs[1].iter().flatten().copied().collect();
        fn block<T: Clone>(
            v: &[T],
            nr: usize,
            rows: &Option<Vec<usize>>,
            cols: &[usize],
        ) -> Vec<T> {
            let mut out = Vec::with_capacity(rows.as_ref().map_or(nr, |r| r.len()) * cols.len());
            for &c in cols {
                let col = &v[c * nr..(c + 1) * nr];
                match rows {
                    None => out.extend_from_slice(col),
                    Some(rows) => out.extend(rows.iter().map(|&r| col[r].clone())),
                }
            }
            out
        }
        match &xv.data {
            VecData::Raw(v) => VecData::Raw(block(v, nr, &rows, &cols)),
            VecData::Lgl(v) => VecData::Lgl(block(v, nr, &rows, &cols)),
            VecData::Int(v) => VecData::Int(block(v, nr, &rows, &cols)),
            VecData::Dbl(v) => VecData::Dbl(block(v, nr, &rows, &cols)),
            VecData::Cplx(v) => VecData::Cplx(block(v, nr, &rows, &cols)),
            VecData::Str(v) => VecData::Str(block(v, nr, &rows, &cols)),
            VecData::List(v) => VecData::List(block(v, nr, &rows, &cols)),
        }
    } else {
        xv.data.select(&block_positions(dims, &subs))
    };
    let mut out = Vector::new(data);
    let ext: Vec<usize> = subs.iter().map(Vec::len).collect();
    // The selected names of dimension k (NULL for a zero extent, as R's
    // ArraySubset gives them).
    let part = |k: usize| -> Value {
        match dn.as_ref().and_then(|d| d[k].as_deref()) {
            Some(ns) if ext[k] > 0 => {
                Value::from_data(VecData::Str(select_from(ns, &subs[k], None)))
            }
            _ => Value::Null,
        }
    };
    let dnn = dn.as_ref().and_then(|_| dimnames_names(xv));
    let kept: Vec<usize> = if drop && ext.contains(&1) {
        (0..ext.len()).filter(|&k| ext[k] != 1).collect()
    } else {
        (0..ext.len()).collect()
    };
    if kept.len() <= 1 && drop && ext.contains(&1) {
        // Dropped to a vector (R's DropDims): names from the one extent that
        // is not 1, or for a single element from the only dimension with
        // names.
        if let Some(d) = &dn {
            let k = if out.len() != 1 {
                kept.first().copied()
            } else if dims.len() == 2 {
                // (A single element of a matrix stays unnamed, as the
                // interpreter's and compiled code's `m[i, j]` give it; GNU R
                // names it when only one dimension has names.)
                None
            } else {
                let named: Vec<usize> = (0..ext.len()).filter(|&k| d[k].is_some()).collect();
                (named.len() == 1).then(|| named[0])
            };
            if let Some(k) = k {
                let v = part(k);
                if !v.is_null() {
                    out.set_attr("names", v);
                }
            }
        }
        return Ok(Value::from_vector(out));
    }
    out.set_attr(
        "dim",
        int_vec_boxed(kept.iter().map(|&k| ext[k] as i32).collect()),
    );
    let dropped = kept.len() != ext.len();
    if dn.is_some() {
        let parts: Vec<Value> = kept.iter().map(|&k| part(k)).collect();
        if !dropped || parts.iter().any(|p| !p.is_null()) {
            let mut l = Vector::new(VecData::List(parts));
            if let Some(nn) = &dnn {
                let sel: Vec<RStr> = kept.iter().map(|&k| nn.get(k).cloned().flatten()).collect();
                l.set_attr("names", str_vec(sel));
            }
            out.set_attr("dimnames", Value::Vec(Rc::new(l)));
        }
    }
    Ok(Value::from_vector(out))
}

/// An integer vector, never unboxed (attribute values such as `dim` stay vectors).
fn int_vec_boxed(v: Vec<i32>) -> Value {
    Value::Vec(Rc::new(Vector::new(VecData::Int(v))))
}

// ---------------------------------------------------------------------------
// x[[...]] and x$name
// ---------------------------------------------------------------------------

/// One `[[` subscript resolved to a 0-based position against extent `n`.
/// `Ok(None)` means "no such element" where lists give NULL (NA or unknown name).
fn get1index(
    i: &Value,
    n: usize,
    names: Option<&[RStr]>,
    is_list: bool,
    assign: bool,
) -> RResult<Option<usize>> {
    let iv = i
        .as_vector()
        .ok_or_else(|| RError::new(format!("invalid subscript type '{}'", i.type_name())))?;
    let where_ = if assign { "OneIndex" } else { "get1index" };
    if iv.is_empty() {
        return Err(RError::new(if assign {
            "[[ ]] with missing subscript".to_string()
        } else {
            "attempt to select less than one element in get1index".to_string()
        }));
    }
    if iv.len() > 1 {
        return Err(RError::new(if assign {
            "more elements supplied than there are to replace".to_string()
        } else {
            "attempt to select more than one element in vectorIndex".to_string()
        }));
    }
    match &iv.data {
        VecData::Lgl(d) | VecData::Int(d) => {
            let k = d[0];
            if k == NA_INTEGER {
                return if is_list || assign {
                    Ok(None)
                } else {
                    Err(RError::new("subscript out of bounds"))
                };
            }
            if k == 0 {
                return Err(RError::new(
                    "attempt to select less than one element in integerOneIndex",
                ));
            }
            if k < 0 {
                if n == 2 && (k == -1 || k == -2) {
                    return Ok(Some(if k == -1 { 1 } else { 0 }));
                }
                return Err(RError::new(
                    "attempt to select more than one element in integerOneIndex",
                ));
            }
            Ok(Some(k as usize - 1))
        }
        VecData::Dbl(d) => {
            let x = d[0];
            if x.is_nan() {
                return if is_list || assign {
                    Ok(None)
                } else {
                    Err(RError::new("subscript out of bounds"))
                };
            }
            let x = x.trunc();
            if x == 0.0 {
                return Err(RError::new(format!(
                    "attempt to select less than one element in {where_} <real>"
                )));
            }
            if x < 0.0 {
                if n == 2 && (x == -1.0 || x == -2.0) {
                    return Ok(Some(if x == -1.0 { 1 } else { 0 }));
                }
                return Err(RError::new(if assign {
                    "attempt to select more than one element in OneIndex <real>".to_string()
                } else {
                    "invalid negative subscript in get1index <real>".to_string()
                }));
            }
            if x - 1.0 >= MAX_GROW as f64 {
                return Err(RError::new("subscript out of bounds"));
            }
            Ok(Some(x as usize - 1))
        }
        VecData::Str(s) => {
            let Some(nm) = &s[0] else { return Ok(None) };
            Ok(names.and_then(|ns| ns.iter().position(|x| x.as_deref() == Some(&**nm))))
        }
        VecData::Cplx(_) => Err(RError::new("invalid subscript type 'complex'")),
        VecData::List(_) => Err(RError::new("invalid subscript type 'list'")),
        VecData::Raw(_) => Err(RError::new("invalid subscript type 'raw'")),
    }
}

/// x[[i]], x[[i, j]] ; exact = TRUE.
pub fn index2(interp: &mut Interp, x: &Value, idx: &[Option<Value>]) -> RResult<Value> {
    if let Some(r) = subset_method(interp, "[[", x, || method_args(x, idx, vec![])) {
        return r;
    }
    // Fast path: any vector but a factor, positive in-range scalar subscript.
    if let (Value::Vec(v), [Some(i)]) = (x, idx) {
        if let Some(k) = scalar_pos(i) {
            if k < v.len() && (v.attrs.is_none() || !super::factor::is_factor(x)) {
                return Ok(v.data.elt(k));
            }
        }
    }
    if super::factor::is_factor(x) {
        return super::factor::index2(interp, x, idx);
    }
    index2_default(interp, x, idx)
}

/// `index2` without the factor method (which calls it for the codes).
pub(crate) fn index2_default(
    interp: &mut Interp,
    x: &Value,
    idx: &[Option<Value>],
) -> RResult<Value> {
    let _ = interp;
    match x {
        Value::Null => return Ok(Value::Null),
        Value::Env(e) => {
            let name = super::envs::env_subscript(idx, false)?;
            return Ok(super::envs::env_get(e, &name));
        }
        Value::Lang(l) => {
            if let crate::lang::Lang::Sym(_) = &**l {
                return Err(not_subsettable(x));
            }
            let list = crate::lang::elems_list(crate::lang::lang_elems(l));
            return index2_default(interp, &list, idx);
        }
        Value::Closure(_) | Value::Builtin(_) => return Err(not_subsettable(x)),
        _ => {}
    }
    let xv = x.as_vector().ok_or_else(|| not_subsettable(x))?;
    match idx {
        [Some(i)] => {
            // A longer subscript on a list indexes recursively: l[[c(1, 2)]] is l[[1]][[2]].
            if xv.vtype() == VType::List && i.len() > 1 {
                let iv = i
                    .as_vector()
                    .ok_or_else(|| RError::new("invalid subscript"))?;
                let mut cur = x.clone();
                for k in 0..iv.len() {
                    let step = iv.data.elt(k);
                    if !matches!(cur, Value::Vec(ref v) if v.vtype() == VType::List)
                        && k + 1 < iv.len()
                    {
                        return Err(RError::new("subscript out of bounds"));
                    }
                    cur = index2_one(&cur, &step)?;
                }
                return Ok(cur);
            }
            index2_one(x, i)
        }
        _ if idx.len() >= 2 => {
            let dims = match xv.dims() {
                Some(d) if d.len() == idx.len() => d,
                _ => return Err(RError::new("incorrect number of subscripts")),
            };
            let dn = dimnames_parts(&xv, dims.len());
            let mut at = 0;
            let mut stride = 1;
            for (k, &ext) in dims.iter().enumerate() {
                let Some(i) = &idx[k] else {
                    return Err(RError::new("invalid subscript type 'symbol'"));
                };
                let names = dn.as_ref().and_then(|d| d[k].as_deref());
                match get1index(i, ext, names, false, false)? {
                    Some(p) if p < ext => at += p * stride,
                    _ => return Err(RError::new("subscript out of bounds")),
                }
                stride *= ext;
            }
            Ok(xv.data.elt(at))
        }
        [None] | [] => Err(RError::new("invalid subscript type 'symbol'")),
        _ => Err(RError::new("incorrect number of subscripts")),
    }
}

/// One level of `[[` with a length-1 subscript.
fn index2_one(x: &Value, i: &Value) -> RResult<Value> {
    let Some(xv) = x.as_vector() else {
        return match x {
            Value::Null => Ok(Value::Null),
            _ => Err(not_subsettable(x)),
        };
    };
    let is_list = xv.vtype() == VType::List;
    match get1index(i, xv.len(), xv.names(), is_list, false)? {
        Some(k) if k < xv.len() => Ok(xv.data.elt(k)),
        None if is_list => Ok(Value::Null),
        _ => Err(RError::new("subscript out of bounds")),
    }
}

/// Position of the first element of `names` that is exactly `name`.
///
/// Names written in the program (`list(x = 1)`, `p$x`) are the interned
/// symbol's text (`SymId::name`), so a record's field and the name looked up
/// are usually the very same string: its address is compared before its
/// text, and the text's length and first byte before its bytes (field names
/// are short and mostly differ there), so a lookup calls no `memcmp`.
fn exact_match(names: &[RStr], name: &str) -> Option<usize> {
    let (len, first) = (name.len(), name.as_bytes().first());
    names.iter().position(|n| {
        n.as_deref().is_some_and(|n| {
            std::ptr::eq(n, name) || (n.len() == len && n.as_bytes().first() == first && n == name)
        })
    })
}

/// Position of `name` in `names`: exact match, else a unique partial (prefix) match.
fn partial_match(names: &[RStr], name: &str) -> Option<usize> {
    if let Some(p) = exact_match(names, name) {
        return Some(p);
    }
    let mut hits = names
        .iter()
        .enumerate()
        .filter(|(_, n)| n.as_deref().is_some_and(|n| n.starts_with(name)));
    match (hits.next(), hits.next()) {
        (Some((p, _)), None) => Some(p),
        _ => None,
    }
}

/// `x$name` when x is a list or NULL (the one result `dollar` gives then);
/// `None` for anything `dollar` reports an error on.
pub fn dollar_of_list(x: &Value, name: &str) -> Option<Value> {
    match x {
        Value::Null => Some(Value::Null),
        Value::Vec(v) => match &v.data {
            VecData::List(l) => Some(
                v.names()
                    .and_then(|ns| partial_match(ns, name))
                    .and_then(|p| l.get(p).cloned())
                    .unwrap_or(Value::Null),
            ),
            _ => None,
        },
        _ => None,
    }
}

/// Can `x$name` or `x$name <- v` dispatch to a user's S3 method (`$.class`,
/// `$<-.class`)? Only a classed vector, and only once a name like such a
/// method was interned (`symbols::dollar_methods_possible`).
#[inline]
pub fn dollar_may_dispatch(x: &Value) -> bool {
    crate::symbols::dollar_methods_possible() && matches!(x, Value::Vec(_)) && x.has_class()
}

/// An inline cache of one `x$name` or `x$name <- v` site (per call
/// expression, `FunctionCode::field_caches`; shared by the interpreter and
/// compiled code): the names vector of the last list in which the site found
/// `name` exactly, and the position. A list with that very names vector (the
/// same `Rc`: records made by one `list(...)` call share theirs, see
/// `construct::shared_names`) has the field at that position, so the lookup
/// is a pointer comparison. The cache holds a reference to the names: a
/// vector referenced twice is never changed in place (`Rc::make_mut` copies
/// it), so its contents cannot change while cached, nor its address be
/// reused.
pub struct FieldCache {
    /// The cached names vector's address and the position (a `Cell`: a hit
    /// takes no borrow).
    hit: std::cell::Cell<(*const Vector, usize)>,
    /// The names vector at that address, held.
    held: std::cell::RefCell<Option<Rc<Vector>>>,
}

impl Default for FieldCache {
    fn default() -> Self {
        FieldCache {
            hit: std::cell::Cell::new((std::ptr::null(), 0)),
            held: Default::default(),
        }
    }
}

impl FieldCache {
    /// The position of `name` in `x`'s names (an exact match), from the
    /// cache or by a search that fills it; `None` if not named exactly so.
    #[inline]
    fn position(&self, x: &Vector, name: &str) -> Option<usize> {
        let Some(Value::Vec(names)) = x.attr("names") else {
            return x.names().and_then(|ns| exact_match(ns, name));
        };
        self.hit_in(names).or_else(|| self.fill(names, name))
    }

    /// The cached position when `names` is the cached names vector.
    #[inline]
    fn hit_in(&self, names: &Rc<Vector>) -> Option<usize> {
        let (at, p) = self.hit.get();
        std::ptr::eq(at, Rc::as_ptr(names)).then_some(p)
    }

    /// The position of symbol `sym`'s name in the names vector `names` (an
    /// exact match; the name is read only on a miss): compiled code's record
    /// fields (`x$sym`), which find the names themselves.
    #[inline]
    pub fn position_in_names(
        &self,
        names: &Rc<Vector>,
        sym: crate::symbols::SymId,
    ) -> Option<usize> {
        self.hit_in(names).or_else(|| self.fill(names, &sym.name()))
    }

    #[cold]
    fn fill(&self, names: &Rc<Vector>, name: &str) -> Option<usize> {
        let VecData::Str(ns) = &names.data else {
            return None;
        };
        let p = exact_match(ns, name)?;
        *self.held.borrow_mut() = Some(names.clone());
        self.hit.set((Rc::as_ptr(names), p));
        Some(p)
    }
}

/// `dollar_of_list` through a site's cache.
#[inline]
pub fn dollar_of_list_cached(x: &Value, name: &str, cache: &FieldCache) -> Option<Value> {
    if let Value::Vec(v) = x {
        if let VecData::List(l) = &v.data {
            if let Some(p) = cache.position(v, name) {
                return Some(l.get(p).cloned().unwrap_or(Value::Null));
            }
        }
    }
    dollar_of_list(x, name)
}

/// `x$name` of a nested replacement's temporary (`x$name[i] <- v`): when
/// `x` is a list without a class that nothing else references, with a field
/// named exactly `name`, the field is moved out (NULL left in its place
/// until the replacement's `$<-` puts the new value back), so that its own
/// update can be in place. `None`: not such a list (the caller takes a copy,
/// as `$` does; a partial match is left to `$`, whose `$<-` then adds a
/// field).
pub fn take_field(x: &mut Value, name: &str, cache: &FieldCache) -> Option<Value> {
    let Value::Vec(rc) = x else {
        return None;
    };
    if !matches!(rc.data, VecData::List(_)) || rc.attr("class").is_some() {
        return None;
    }
    let p = cache.position(rc, name)?;
    let VecData::List(l) = &mut Rc::get_mut(rc)?.data else {
        return None;
    };
    l.get_mut(p).map(|e| std::mem::replace(e, Value::Null))
}

/// x$name (lists: exact then unique partial match; atomic vectors: error),
/// through the site's cache.
pub fn dollar(interp: &mut Interp, x: &Value, name: &str, cache: &FieldCache) -> RResult<Value> {
    let _ = interp;
    if let Some(v) = dollar_of_list_cached(x, name, cache) {
        return Ok(v);
    }
    if let Value::Lang(l) = x {
        if !matches!(&**l, crate::lang::Lang::Sym(_)) {
            let list = crate::lang::elems_list(crate::lang::lang_elems(l));
            return dollar(interp, &list, name, &FieldCache::default());
        }
    }
    match x {
        Value::Env(e) => Ok(super::envs::env_get(e, name)),
        Value::Closure(_) | Value::Builtin(_) => Err(not_subsettable(x)),
        _ => Err(RError::new("$ operator is invalid for atomic vectors")),
    }
}

// ---------------------------------------------------------------------------
// Assignment
// ---------------------------------------------------------------------------

/// Write `src` (recycled) into `dst` at `pos` (all in range, no NAs).
fn write_recycled<T: Clone>(dst: &mut [T], pos: &[usize], src: &[T]) {
    if src.is_empty() {
        return;
    }
    for (k, &p) in pos.iter().enumerate() {
        if let Some(slot) = dst.get_mut(p) {
            *slot = src[k % src.len()].clone();
        }
    }
}

fn write_data(dst: &mut VecData, pos: &[usize], src: &VecData) {
    match (dst, src) {
        (VecData::Lgl(d), VecData::Lgl(s)) | (VecData::Int(d), VecData::Int(s)) => {
            write_recycled(d, pos, s)
        }
        (VecData::Dbl(d), VecData::Dbl(s)) => write_recycled(d, pos, s),
        (VecData::Raw(d), VecData::Raw(s)) => write_recycled(d, pos, s),
        (VecData::Cplx(d), VecData::Cplx(s)) => write_recycled(d, pos, s),
        (VecData::Str(d), VecData::Str(s)) => write_recycled(d, pos, s),
        (VecData::List(d), VecData::List(s)) => write_recycled(d, pos, s),
        // Callers coerce both sides to one type first.
        _ => {}
    }
}

/// Grow `data` to length `n` with NA (NULL for lists).
fn grow_data(data: &mut VecData, n: usize) {
    let cur = data.len();
    if n > cur {
        crate::coerce::append_data(data, VecData::na_filled(data.vtype(), n - cur));
    }
}

/// x as an owned vector for modification (NULL becomes an empty vector of type `t`).
fn owned_target(x: Value, t: VType) -> RResult<Vector> {
    match x {
        Value::Null => Ok(Vector::new(VecData::empty(t))),
        Value::Closure(_) | Value::Builtin(_) => Err(not_subsettable(&x)),
        other => Ok(other
            .into_vector()
            .unwrap_or_else(|| Vector::new(VecData::empty(t)))),
    }
}

/// The replacement value as vector data of type `t` (a non-vector value becomes a
/// one-element list).
fn value_data(v: &Value, t: VType) -> VecData {
    match v.as_vector() {
        Some(vv) => coerce_data(&vv.data, t),
        None if t == VType::List => VecData::List(vec![v.clone()]),
        None => VecData::empty(t),
    }
}

fn set_type(vec: &mut Vector, t: VType) {
    if vec.vtype() != t {
        vec.data = coerce_data(&vec.data, t);
    }
}

/// Resize names for a vector that grew from `old` to `new` elements, adding `new_names`
/// (from character subscripts) at the end and "" elsewhere.
fn grow_names(vec: &mut Vector, old: usize, new: usize, new_names: &[RStr]) {
    if new <= old {
        return;
    }
    let existing = vec.names().map(|s| s.to_vec());
    if existing.is_none() && new_names.is_empty() {
        return;
    }
    let mut ns = existing.unwrap_or_else(|| vec![Some("".into()); old]);
    ns.resize(new, Some("".into()));
    for (k, nm) in new_names.iter().enumerate() {
        if let Some(slot) = ns.get_mut(old + k) {
            *slot = nm.clone();
        }
    }
    vec.set_attr("dim", Value::Null);
    vec.set_attr("dimnames", Value::Null);
    vec.set_attr("names", str_vec(ns).boxed());
}

trait Boxed {
    fn boxed(self) -> Value;
}
impl Boxed for Value {
    /// Attribute values stay vectors (never unboxed scalars) so `attr()` sees a vector.
    fn boxed(self) -> Value {
        match self {
            Value::Lgl(_) | Value::Int(_) | Value::Dbl(_) => {
                Value::Vec(Rc::new(self.into_vector().unwrap()))
            }
            v => v,
        }
    }
}

/// Delete elements at `pos` from a list (x[i] <- NULL, x[[i]] <- NULL, x$a <- NULL).
fn delete_elements(x: Value, pos: &[usize]) -> RResult<Value> {
    let mut vec = owned_target(x, VType::List)?;
    let n = vec.len();
    let mut keep = vec![true; n];
    for &p in pos {
        if p < n {
            keep[p] = false;
        }
    }
    if keep.iter().all(|&k| k) {
        return Ok(Value::from_vector(vec));
    }
    let kept: Vec<Option<usize>> = (0..n).filter(|&i| keep[i]).map(Some).collect();
    let names = vec
        .names()
        .map(|ns| VecData::Str(select_from(ns, &kept, None)));
    let mut out = Vector::new(vec.data.select(&kept));
    if let Some(attrs) = vec.attrs.take() {
        for (k, v) in attrs.into_iter() {
            if &*k != "names" && &*k != "dim" && &*k != "dimnames" {
                out.set_attr(&k, v);
            }
        }
    }
    if let Some(ns) = names {
        out.set_attr("names", Value::Vec(Rc::new(Vector::new(ns))));
    }
    Ok(Value::from_vector(out))
}

/// x[i] <- v etc. Takes x by value so an unshared vector is modified in place; returns the new x.
pub fn assign_index(
    interp: &mut Interp,
    x: Value,
    idx: &[Option<Value>],
    v: Value,
) -> RResult<Value> {
    if let Some(r) = subset_method(interp, "[<-", &x, || {
        method_args(&x, idx, vec![("value", v.clone())])
    }) {
        return r;
    }
    if matches!(&x, Value::Vec(xv) if xv.attrs.is_some()) && super::factor::is_factor(&x) {
        return super::factor::assign_index(interp, x, idx, v, false);
    }
    if let Value::Lang(l) = &x {
        if !matches!(&**l, crate::lang::Lang::Sym(_)) {
            let list = crate::lang::elems_list(crate::lang::lang_elems(l));
            let r = assign_index(interp, list, idx, v)?;
            return crate::lang::relang(l, r);
        }
    }
    // Fast path: x[k] <- scalar of the same type, k in range.
    if let [Some(i)] = idx {
        if let Some(k) = scalar_pos(i) {
            match (x, &v) {
                (Value::Vec(mut rc), _) => {
                    if k < rc.len() && fast_store(Rc::make_mut(&mut rc), k, &v) {
                        return Ok(Value::Vec(rc));
                    }
                    return assign_index_slow(interp, Value::Vec(rc), idx, v);
                }
                (Value::Dbl(_), Value::Dbl(_))
                | (Value::Int(_), Value::Int(_))
                | (Value::Lgl(_), Value::Lgl(_))
                    if k == 0 =>
                {
                    return Ok(v);
                }
                (x, _) => return assign_index_slow(interp, x, idx, v),
            }
        }
    }
    // Fast path: a[i, j, k] <- scalar of the array's type, in range.
    if idx.len() > 2 {
        if let Value::Vec(rc) = &x {
            if let Some(k) = scalar_array_offset(rc, idx) {
                let Value::Vec(mut rc) = x else {
                    unreachable!()
                };
                if fast_store(Rc::make_mut(&mut rc), k, &v) {
                    return Ok(Value::Vec(rc));
                }
                return assign_index_slow(interp, Value::Vec(rc), idx, v);
            }
        }
    }
    // Fast path: m[i, j] <- scalar of the matrix's type, i and j in range
    // (dims and dimnames unchanged).
    if let [Some(i), Some(j)] = idx {
        if let (Some(r), Some(c), Value::Vec(rc)) = (scalar_pos(i), scalar_pos(j), &x) {
            if let Some((nr, nc)) = rc.dim2() {
                if r < nr && c < nc {
                    let Value::Vec(mut rc) = x else {
                        unreachable!()
                    };
                    if fast_store(Rc::make_mut(&mut rc), c * nr + r, &v) {
                        return Ok(Value::Vec(rc));
                    }
                    return assign_index_slow(interp, Value::Vec(rc), idx, v);
                }
            }
        }
    }
    assign_index_slow(interp, x, idx, v)
}

/// Store a scalar of the vector's own type at `k` (in range); false if types differ.
#[inline]
fn fast_store(vec: &mut Vector, k: usize, v: &Value) -> bool {
    match (&mut vec.data, v) {
        (VecData::Dbl(d), Value::Dbl(x)) => d[k] = *x,
        (VecData::Int(d), Value::Int(x)) | (VecData::Lgl(d), Value::Lgl(x)) => d[k] = *x,
        (VecData::Dbl(d), Value::Int(x)) if *x != NA_INTEGER => d[k] = *x as f64,
        _ => return false,
    }
    true
}

fn assign_index_slow(
    interp: &mut Interp,
    x: Value,
    idx: &[Option<Value>],
    v: Value,
) -> RResult<Value> {
    match idx {
        [] | [None] => assign_all(interp, x, v),
        [Some(i)] => assign_vector(interp, x, i, v),
        _ => {
            let dims = match &x {
                Value::Vec(xv) => xv.dims(),
                _ => None,
            };
            match dims {
                Some(dims) if dims.len() == idx.len() => assign_array(x, &dims, idx, v),
                _ if idx.len() == 2 => Err(RError::new("incorrect number of subscripts on matrix")),
                _ => Err(RError::new("incorrect number of subscripts")),
            }
        }
    }
}

/// x[] <- v: fill every element (recycling), keeping attributes.
fn assign_all(interp: &mut Interp, x: Value, v: Value) -> RResult<Value> {
    let n = x.len();
    let pos: Vec<Option<usize>> = (0..n).map(Some).collect();
    let idx = int_vec_boxed((1..=n as i32).collect());
    let _ = pos;
    assign_vector(interp, x, &idx, v)
}

fn assign_vector(interp: &mut Interp, x: Value, i: &Value, v: Value) -> RResult<Value> {
    // Only a boxed subscript can be a matrix; scalars skip the check.
    let linear = match (&x, i) {
        (Value::Vec(xv), Value::Vec(_)) => matrix_subscript(xv, i)?,
        _ => None,
    };
    if let Some(linear) = linear {
        return assign_vector_plain(interp, x, &linear, v);
    }
    assign_vector_plain(interp, x, i, v)
}

fn assign_vector_plain(interp: &mut Interp, x: Value, i: &Value, v: Value) -> RResult<Value> {
    let is_list = matches!(&x, Value::Vec(xv) if xv.vtype() == VType::List);
    let n = x.len();
    if v.is_null() {
        if x.is_null() {
            return Ok(Value::Null);
        }
        if !is_list {
            let r = resolve(i, n, names_of(&x), true)?;
            if r.pos.is_empty() {
                return Ok(x);
            }
            return Err(RError::new("replacement has length zero"));
        }
        let r = resolve(i, n, names_of(&x), true)?;
        let pos: Vec<usize> = r.pos.iter().flatten().copied().collect();
        return delete_elements(x, &pos);
    }
    let r = resolve(i, n, names_of(&x), true)?;
    let vlen = v.len();
    if r.pos.is_empty() {
        // Nothing is written, but R still raises the target to the value's
        // type (`x <- 1:3; x[0] <- "a"` is character; found by
        // generated-program testing against GNU R).
        let vt = match &v {
            Value::Closure(_) | Value::Builtin(_) => VType::List,
            other => other.vtype().unwrap_or(VType::Lgl),
        };
        // (`NULL[0] <- 2` is numeric(0); a zero-length value counts too.)
        let raise = match x.vtype() {
            Some(xt) => vt > xt,
            None => x.is_null(),
        };
        if !raise {
            return Ok(x);
        }
        let mut vec = owned_target(x, vt)?;
        set_type(&mut vec, vt);
        return Ok(Value::from_vector(vec));
    }
    if vlen == 0 {
        return Err(RError::new("replacement has length zero"));
    }
    let has_na = r.pos.iter().any(Option::is_none);
    if has_na && vlen > 1 {
        return Err(RError::new(
            "NAs are not allowed in subscripted assignments",
        ));
    }
    if r.pos.len() % vlen != 0 {
        interp.warning("number of items to replace is not a multiple of replacement length")?;
    }
    // Recycling pairs the k-th subscript with v[k %% vlen]; NA subscripts are skipped
    // (only allowed when v has length 1, so skipping keeps the pairing).
    let pos: Vec<usize> = r.pos.iter().flatten().copied().collect();
    let xt = x.vtype();
    let vt = match &v {
        Value::Closure(_) | Value::Builtin(_) => VType::List,
        other => other.vtype().unwrap_or(VType::Lgl),
    };
    let t = match xt {
        Some(xt) => xt.max(vt),
        None => vt,
    };
    let mut vec = owned_target(x, t)?;
    set_type(&mut vec, t);
    let max = pos.iter().copied().max().map_or(0, |m| m + 1);
    if max > n {
        grow_data(&mut vec.data, max);
        if vec.attr("names").is_some() || !r.new_names.is_empty() {
            grow_names(&mut vec, n, max, &r.new_names);
        }
        vec.set_attr("dim", Value::Null);
        vec.set_attr("dimnames", Value::Null);
    }
    let src = value_data(&v, t);
    write_data(&mut vec.data, &pos, &src);
    Ok(Value::from_vector(vec))
}

/// `x[i, j, ...] <- v` of a matrix or an array (R's `MatrixAssign` /
/// `ArrayAssign`): dims and dimnames unchanged.
fn assign_array(x: Value, dims: &[usize], idx: &[Option<Value>], v: Value) -> RResult<Value> {
    let Value::Vec(xv) = &x else {
        return Err(RError::new("incorrect number of subscripts on matrix"));
    };
    let (subs, _) = resolve_dims(xv, dims, idx)?;
    let count: usize = subs.iter().map(Vec::len).product();
    if count == 0 {
        return Ok(x);
    }
    let vlen = v.len();
    if vlen == 0 {
        return Err(RError::new("replacement has length zero"));
    }
    if !count.is_multiple_of(vlen) {
        return Err(RError::new(
            "number of items to replace is not a multiple of replacement length",
        ));
    }
    if subs.iter().any(|s| s.iter().any(Option::is_none)) && vlen > 1 {
        return Err(RError::new(
            "NAs are not allowed in subscripted assignments",
        ));
    }
    let mut pos = Vec::with_capacity(count);
    let mut srcpos = Vec::with_capacity(count);
    for (k, p) in block_positions(dims, &subs).into_iter().enumerate() {
        if let Some(p) = p {
            pos.push(p);
            srcpos.push(Some(k % vlen));
        }
    }
    let xt = xv.vtype();
    let vt = v.vtype().unwrap_or(VType::List);
    let t = xt.max(vt);
    let mut vec = owned_target(x, t)?;
    set_type(&mut vec, t);
    let src = value_data(&v, t).select(&srcpos);
    write_data(&mut vec.data, &pos, &src);
    Ok(Value::from_vector(vec))
}

/// x[[i]] <- v, x[[i, j]] <- v.
pub fn assign_index2(
    interp: &mut Interp,
    x: Value,
    idx: &[Option<Value>],
    v: Value,
) -> RResult<Value> {
    if let Some(r) = subset_method(interp, "[[<-", &x, || {
        method_args(&x, idx, vec![("value", v.clone())])
    }) {
        return r;
    }
    if let Value::Env(e) = &x {
        let name = super::envs::env_subscript(idx, true)?;
        return super::envs::env_set(e, &name, v);
    }
    if let Value::Lang(l) = &x {
        if !matches!(&**l, crate::lang::Lang::Sym(_)) {
            let list = crate::lang::elems_list(crate::lang::lang_elems(l));
            let r = assign_index2(interp, list, idx, v)?;
            return crate::lang::relang(l, r);
        }
    }
    if matches!(&x, Value::Vec(xv) if xv.attrs.is_some()) && super::factor::is_factor(&x) {
        return super::factor::assign_index(interp, x, idx, v, true);
    }
    match idx {
        [Some(i)] => assign_index2_one(interp, x, i, v),
        _ if idx.len() >= 2 => {
            let vlen = v.len();
            if vlen == 0 {
                return Err(RError::new("replacement has length zero"));
            }
            let Some(dims) = (match &x {
                Value::Vec(xv) => xv.dims().filter(|d| d.len() == idx.len()),
                _ => None,
            }) else {
                return Err(RError::new("[[ ]] improper number of subscripts"));
            };
            let dn = match &x {
                Value::Vec(xv) => dimnames_parts(xv, dims.len()),
                _ => None,
            };
            let mut at = 0;
            let mut stride = 1;
            for (k, &ext) in dims.iter().enumerate() {
                let Some(i) = &idx[k] else {
                    return Err(RError::new("[[ ]] with missing subscript"));
                };
                let names = dn.as_ref().and_then(|d| d[k].as_deref());
                match get1index(i, ext, names, false, true)? {
                    Some(p) if p < ext => at += p * stride,
                    _ => return Err(RError::new("[[ ]] subscript out of bounds")),
                }
                stride *= ext;
            }
            if vlen > 1 && x.vtype() != Some(VType::List) {
                return Err(RError::new(
                    "more elements supplied than there are to replace",
                ));
            }
            let k = int_vec_boxed(vec![(at + 1) as i32]);
            assign_index2_one(interp, x, &k, v)
        }
        _ => Err(RError::new("[[ ]] improper number of subscripts")),
    }
}

fn assign_index2_one(interp: &mut Interp, x: Value, i: &Value, v: Value) -> RResult<Value> {
    let n = x.len();
    let x_is_list = matches!(&x, Value::Vec(xv) if xv.vtype() == VType::List);
    let v_is_atomic1 = matches!(v.vtype(), Some(t) if t != VType::List) && v.len() == 1;
    // Fast path for vectors: x[[k]] <- same-typed scalar.
    if let (Value::Vec(_), Some(k)) = (&x, scalar_pos(i)) {
        if k < n && !x_is_list && v_is_atomic1 {
            return assign_index(interp, x, &[Some(i.clone())], v);
        }
    }
    if matches!(x, Value::Closure(_) | Value::Builtin(_)) {
        return Err(not_subsettable(&x));
    }
    if i.len() > 1 && x_is_list {
        return Err(RError::unsupported(
            "recursive [[<- with a vector subscript",
        ));
    }
    let names = names_of(&x);
    let is_str = i.vtype() == Some(VType::Str);
    let pos = get1index(i, n, names, x_is_list, true)?;
    // Character subscript without a match appends a new named element.
    let (pos, new_name) = match pos {
        Some(p) => (p, None),
        None if is_str => (
            n,
            i.as_vector().and_then(|iv| match &iv.data {
                VecData::Str(s) => s.first().cloned(),
                _ => None,
            }),
        ),
        None => return Err(RError::new("subscript out of bounds")),
    };
    if v.is_null() {
        if x.is_null() {
            return Ok(Value::Null);
        }
        if !x_is_list {
            return Err(RError::new("replacement has length zero"));
        }
        return delete_elements(x, &[pos]);
    }
    // (GNU R 4.2 makes NULL a list for `[[<-`: `x <- NULL; x[[1]] <- 1` is
    // `list(1)`.)
    if x_is_list || !v_is_atomic1 || x.is_null() {
        if !x_is_list
            && !x.is_null()
            && v.len() != 1
            && v.vtype() != Some(VType::List)
            && !v.is_function()
        {
            if v.is_empty() {
                return Err(RError::new("replacement has length zero"));
            }
            return Err(RError::new(
                "more elements supplied than there are to replace",
            ));
        }
        // Store v whole as one list element (coercing an atomic x to a list first).
        let mut vec = owned_target(x, VType::List)?;
        set_type(&mut vec, VType::List);
        if pos >= n {
            grow_data(&mut vec.data, pos + 1);
            let nn: Vec<RStr> = new_name.into_iter().collect();
            grow_names(&mut vec, n, pos + 1, &nn);
        }
        if let VecData::List(l) = &mut vec.data {
            if let Some(slot) = l.get_mut(pos) {
                *slot = v;
            }
        }
        return Ok(Value::from_vector(vec));
    }
    // Atomic x (or NULL) with a length-1 atomic v: as x[i] <- v.
    let k = match new_name {
        Some(nm) => str_vec(vec![nm]),
        None => int_vec(vec![(pos + 1) as i32]),
    };
    assign_vector(interp, x, &k, v)
}

/// x$name <- v (lists add/replace; NULL deletes; atomic x is coerced to a list with a warning).
pub fn assign_dollar(
    interp: &mut Interp,
    mut x: Value,
    name: &str,
    v: Value,
    cache: &FieldCache,
) -> RResult<Value> {
    if let Value::Env(e) = &x {
        return super::envs::env_set(e, name, v);
    }
    if let Value::Lang(l) = &x {
        if !matches!(&**l, crate::lang::Lang::Sym(_)) {
            let list = crate::lang::elems_list(crate::lang::lang_elems(l));
            let r = assign_dollar(interp, list, name, v, &FieldCache::default())?;
            return crate::lang::relang(l, r);
        }
    }
    // A record update (`p$x <- v` on a list with an element named exactly
    // `name`, v not NULL): the element replaced in place when the list is
    // not shared (copied first when it is), as the general `[[<-` below
    // does, without building a subscript or a new list.
    if let Value::Vec(rc) = &mut x {
        if matches!(rc.data, VecData::List(_)) && !v.is_null() {
            let pos = cache.position(rc, name);
            if let Some(p) = pos {
                if let VecData::List(l) = &mut Rc::make_mut(rc).data {
                    l[p] = v;
                }
                return Ok(x);
            }
        }
    }
    let x = match &x {
        Value::Null | Value::Vec(_) if x.vtype().is_none_or(|t| t == VType::List) => x,
        Value::Lgl(_) | Value::Int(_) | Value::Dbl(_) | Value::Vec(_) => {
            interp.warning("Coercing LHS to a list")?;
            let mut vec = x
                .into_vector()
                .unwrap_or_else(|| Vector::new(VecData::empty(VType::List)));
            set_type(&mut vec, VType::List);
            Value::from_vector(vec)
        }
        _ => return Err(not_subsettable(&x)),
    };
    if x.is_null() && !v.is_null() {
        let mut vec = Vector::new(VecData::List(vec![v]));
        vec.set_attr("names", Value::str(name).boxed());
        return Ok(Value::from_vector(vec));
    }
    assign_index2_one(interp, x, &Value::str(name), v)
}

// ---------------------------------------------------------------------------
// Builtin wrappers
// ---------------------------------------------------------------------------

/// Builtin arguments split into x, the subscripts and the named options.
type SplitArgs = (Value, Vec<Option<Value>>, Vec<Option<Value>>);

/// Split builtin arguments into x, subscripts and the named options in `opts`.
fn split_args(args: Args, opts: &[&str]) -> RResult<SplitArgs> {
    let mut x = None;
    let mut subs = Vec::new();
    let mut found: Vec<Option<Value>> = vec![None; opts.len()];
    for (name, val) in args.names.into_iter().zip(args.values) {
        if let Some(nm) = &name {
            if let Some(k) = opts.iter().position(|o| **o == **nm) {
                found[k] = Some(val);
                continue;
            }
        }
        if x.is_none() {
            x = Some(val);
        } else if crate::lang::is_empty_sym(&val) {
            // An empty argument (a method's `m[i, ]` passed on by
            // `NextMethod`).
            subs.push(None);
        } else {
            subs.push(Some(val));
        }
    }
    Ok((x.unwrap_or(Value::Null), subs, found))
}

fn as_flag(v: &Value, what: &str) -> RResult<bool> {
    match v.first_f64() {
        Some(d) if !d.is_nan() => Ok(d != 0.0),
        _ => Err(RError::new(format!("invalid '{what}' argument"))),
    }
}

fn builtin_index(interp: &mut Interp, args: Args) -> RResult<Value> {
    let (x, subs, opts) = split_args(args, &["drop"])?;
    let drop = match &opts[0] {
        Some(d) => as_flag(d, "drop")?,
        None => true,
    };
    index(interp, &x, &subs, drop)
}

fn builtin_index2(interp: &mut Interp, args: Args) -> RResult<Value> {
    let (x, subs, opts) = split_args(args, &["exact"])?;
    let exact = match &opts[0] {
        Some(e) => e.first_f64().is_some_and(|d| d != 0.0),
        None => true,
    };
    if !exact {
        if let ([Some(Value::Vec(s))], Value::Vec(xv)) = (subs.as_slice(), &x) {
            if let (VecData::Str(s), Some(ns)) = (&s.data, xv.names()) {
                if let (Some(Some(nm)), true) = (s.first(), s.len() == 1) {
                    if let Some(p) = partial_match(ns, nm) {
                        return Ok(xv.data.elt(p));
                    }
                }
            }
        }
    }
    index2(interp, &x, &subs)
}

fn name_arg(v: &Value) -> RResult<String> {
    match v.as_vector() {
        Some(vv) => match &vv.data {
            VecData::Str(s) if !s.is_empty() => Ok(s[0].as_deref().unwrap_or("NA").to_string()),
            _ => Err(RError::new("invalid subscript type")),
        },
        None => Err(RError::new("invalid subscript type")),
    }
}

fn builtin_dollar(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "name"])?;
    let x = b.take(0).unwrap_or(Value::Null);
    let name = name_arg(&b.take(1).unwrap_or(Value::Null))?;
    dollar(interp, &x, &name, &FieldCache::default())
}

fn split_value(args: Args) -> RResult<(Value, Vec<Option<Value>>, Value)> {
    let (x, mut subs, opts) = split_args(args, &["value"])?;
    let v = match opts.into_iter().next().flatten() {
        Some(v) => v,
        None => subs
            .pop()
            .flatten()
            .ok_or_else(|| RError::new("argument \"value\" is missing, with no default"))?,
    };
    Ok((x, subs, v))
}

fn builtin_assign_index(interp: &mut Interp, args: Args) -> RResult<Value> {
    let (x, subs, v) = split_value(args)?;
    assign_index(interp, x, &subs, v)
}

fn builtin_assign_index2(interp: &mut Interp, args: Args) -> RResult<Value> {
    let (x, subs, v) = split_value(args)?;
    assign_index2(interp, x, &subs, v)
}

fn builtin_assign_dollar(interp: &mut Interp, args: Args) -> RResult<Value> {
    let (x, subs, v) = split_value(args)?;
    let name = match subs.first() {
        Some(Some(n)) => name_arg(n)?,
        _ => return Err(RError::new("invalid subscript type")),
    };
    assign_dollar(interp, x, &name, v, &FieldCache::default())
}

#[cfg(test)]
mod tests {
    //! Expected values come from GNU R 4.2 (Rscript), noted beside each case.
    use super::*;

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
        v.set_attr("names", sv(names).boxed());
        v
    }
    fn with_na_names(v: Value, names: &[Option<&str>]) -> Value {
        let mut v = v;
        v.set_attr(
            "names",
            str_vec(names.iter().map(|s| s.map(Into::into)).collect()).boxed(),
        );
        v
    }
    fn list(v: Vec<Value>) -> Value {
        Value::Vec(Rc::new(Vector::new(VecData::List(v))))
    }
    fn matrix(data: Value, nr: i32, nc: i32) -> Value {
        let mut m = data.boxed();
        m.set_attr("dim", int_vec_boxed(vec![nr, nc]));
        m
    }
    fn ix(i: Value) -> Vec<Option<Value>> {
        vec![Some(i)]
    }
    fn err_of(r: RResult<Value>) -> String {
        r.unwrap_err().msg.clone()
    }
    fn get(x: &Value, i: Value) -> RResult<Value> {
        index(&mut Interp::new(), x, &ix(i), true)
    }
    fn get2(x: &Value, i: Value) -> RResult<Value> {
        index2(&mut Interp::new(), x, &ix(i))
    }
    fn set(x: Value, i: Value, v: Value) -> RResult<Value> {
        assign_index(&mut Interp::new(), x, &ix(i), v)
    }
    fn set2(x: Value, i: Value, v: Value) -> RResult<Value> {
        assign_index2(&mut Interp::new(), x, &ix(i), v)
    }

    #[test]
    fn vector_reads() {
        let x = dv(&[10.0, 20.0, 30.0]);
        assert_eq!(get(&x, Value::Dbl(2.0)).unwrap(), Value::Dbl(20.0));
        assert_eq!(get(&x, Value::Dbl(2.9)).unwrap(), Value::Dbl(20.0));
        assert_eq!(get(&x, iv(&[-1])).unwrap(), dv(&[20.0, 30.0]));
        // (1:3)[c(-1,0)] -> 2 3 ; (1:3)[-5] -> 1 2 3
        assert_eq!(get(&iv(&[1, 2, 3]), dv(&[-1.0, 0.0])).unwrap(), iv(&[2, 3]));
        assert_eq!(
            get(&iv(&[1, 2, 3]), Value::Dbl(-5.0)).unwrap(),
            iv(&[1, 2, 3])
        );
        // x[c(-1,2)] -> only 0's may be mixed with negative subscripts
        assert_eq!(
            err_of(get(&x, dv(&[-1.0, 2.0]))),
            "only 0's may be mixed with negative subscripts"
        );
        // out of range and NA -> NA
        let r = get(&x, dv(&[1.0, 5.0])).unwrap();
        assert!(matches!(&r, Value::Vec(v) if v.data.is_na(1)));
        assert!(get(&iv(&[1, 2, 3]), Value::Int(NA_INTEGER)).unwrap() == Value::Int(NA_INTEGER));
        // (1:5)[c(TRUE,FALSE)] -> 1 3 5 ; (1:3)[c(TRUE,FALSE,TRUE,TRUE)] -> 1 3 NA
        assert_eq!(
            get(&iv(&[1, 2, 3, 4, 5]), lgl_vec(vec![1, 0])).unwrap(),
            iv(&[1, 3, 5])
        );
        assert_eq!(
            get(&iv(&[1, 2, 3]), lgl_vec(vec![1, 0, 1, 1])).unwrap(),
            iv(&[1, 3, NA_INTEGER])
        );
        // c(1,2)[-c(1,2)] -> numeric(0)
        assert_eq!(
            get(&dv(&[1.0, 2.0]), dv(&[-1.0, -2.0])).unwrap(),
            dbl_vec(vec![])
        );
        // x[list(1)] -> invalid subscript type 'list'
        assert_eq!(
            err_of(get(&x, list(vec![Value::Dbl(1.0)]))),
            "invalid subscript type 'list'"
        );
        // x["a"] on unnamed -> NA (no names)
        assert!(matches!(get(&x, Value::str("a")).unwrap(), Value::Dbl(d) if is_na_real(d)));
        // NULL[1] -> NULL
        assert_eq!(get(&Value::Null, Value::Dbl(1.0)).unwrap(), Value::Null);
        // x[1,2] on a vector -> incorrect number of dimensions
        let r = index(
            &mut Interp::new(),
            &x,
            &[Some(Value::Dbl(1.0)), Some(Value::Dbl(2.0))],
            true,
        );
        assert_eq!(err_of(r), "incorrect number of dimensions");
    }

    #[test]
    fn named_reads() {
        let x = named(dv(&[1.0, 2.0]), &["a", "b"]);
        // c(a=1,b=2)[c(1,NA,5)] -> names a <NA> <NA>
        let r = get(&x, dv(&[1.0, na_real(), 5.0])).unwrap();
        let want = with_na_names(dv(&[1.0, na_real(), na_real()]), &[Some("a"), None, None]);
        assert_eq!(r, want);
        // c(a=1,b=2)[c("a","a")] -> a a / 1 1
        assert_eq!(
            get(&x, sv(&["a", "a"])).unwrap(),
            named(dv(&[1.0, 1.0]), &["a", "a"])
        );
        // c(a=1)["z"] -> <NA> NA
        let r = get(&named(dv(&[1.0]), &["a"]), Value::str("z")).unwrap();
        assert_eq!(r, with_na_names(dv(&[na_real()]), &[None]));
        // list(a=1)[c(1,3)] -> $a 1, $<NA> NULL
        let l = named(list(vec![Value::Dbl(1.0)]), &["a"]);
        let r = get(&l, dv(&[1.0, 3.0])).unwrap();
        assert_eq!(
            r,
            with_na_names(list(vec![Value::Dbl(1.0), Value::Null]), &[Some("a"), None])
        );
    }

    #[test]
    fn double_bracket_reads() {
        let x = dv(&[10.0, 20.0, 30.0]);
        let e = |i: Value| err_of(get2(&x, i));
        assert_eq!(e(Value::Dbl(4.0)), "subscript out of bounds");
        assert_eq!(
            e(Value::Dbl(0.0)),
            "attempt to select less than one element in get1index <real>"
        );
        assert_eq!(
            e(dv(&[1.0, 2.0])),
            "attempt to select more than one element in vectorIndex"
        );
        assert_eq!(
            e(Value::Dbl(-1.0)),
            "invalid negative subscript in get1index <real>"
        );
        assert_eq!(e(Value::Lgl(NA_LOGICAL)), "subscript out of bounds");
        assert_eq!(
            e(int_vec(vec![])),
            "attempt to select less than one element in get1index"
        );
        assert_eq!(
            e(Value::Int(0)),
            "attempt to select less than one element in integerOneIndex"
        );
        assert_eq!(
            e(Value::Int(-1)),
            "attempt to select more than one element in integerOneIndex"
        );
        assert_eq!(
            e(Value::Lgl(0)),
            "attempt to select less than one element in integerOneIndex"
        );
        assert_eq!(e(Value::str("z")), "subscript out of bounds");
        assert_eq!(get2(&x, Value::Lgl(1)).unwrap(), Value::Dbl(10.0));
        assert_eq!(get2(&x, Value::Dbl(1.9)).unwrap(), Value::Dbl(10.0));
        // c(5,6)[[-1]] -> 6
        assert_eq!(
            get2(&dv(&[5.0, 6.0]), Value::Dbl(-1.0)).unwrap(),
            Value::Dbl(6.0)
        );
        // c(a=1,b=2)[[2]] -> 2 (no names)
        assert_eq!(
            get2(&named(dv(&[1.0, 2.0]), &["a", "b"]), Value::Dbl(2.0)).unwrap(),
            Value::Dbl(2.0)
        );
        let l = named(
            list(vec![Value::Dbl(1.0), Value::Dbl(2.0), Value::Dbl(3.0)]),
            &["a", "b", "c"],
        );
        assert_eq!(err_of(get2(&l, Value::Dbl(4.0))), "subscript out of bounds");
        assert_eq!(get2(&l, Value::str("z")).unwrap(), Value::Null);
        assert_eq!(get2(&l, Value::str("b")).unwrap(), Value::Dbl(2.0));
        assert_eq!(get2(&l, Value::Lgl(NA_LOGICAL)).unwrap(), Value::Null);
        // l[[c(1,2)]] -> subscript out of bounds (1[[2]])
        assert_eq!(err_of(get2(&l, dv(&[1.0, 2.0]))), "subscript out of bounds");
        // list(a=list(b=5))[[c("a","b")]] -> 5
        let nested = named(
            list(vec![named(list(vec![Value::Dbl(5.0)]), &["b"])]),
            &["a"],
        );
        assert_eq!(get2(&nested, sv(&["a", "b"])).unwrap(), Value::Dbl(5.0));
        assert_eq!(get2(&Value::Null, Value::Dbl(1.0)).unwrap(), Value::Null);
    }

    #[test]
    fn dollar_reads() {
        let mut it = Interp::new();
        let l = named(
            list(vec![Value::Dbl(1.0), Value::Dbl(2.0)]),
            &["abc", "abd"],
        );
        assert_eq!(
            dollar(&mut it, &l, "abc", &FieldCache::default()).unwrap(),
            Value::Dbl(1.0)
        );
        // list(abc=1, abd=2)$ab -> NULL ; list(abc=1, x=2)$ab -> 1
        assert_eq!(
            dollar(&mut it, &l, "ab", &FieldCache::default()).unwrap(),
            Value::Null
        );
        let l2 = named(list(vec![Value::Dbl(1.0), Value::Dbl(2.0)]), &["abc", "x"]);
        assert_eq!(
            dollar(&mut it, &l2, "ab", &FieldCache::default()).unwrap(),
            Value::Dbl(1.0)
        );
        assert_eq!(
            dollar(&mut it, &Value::Null, "a", &FieldCache::default()).unwrap(),
            Value::Null
        );
        assert_eq!(
            err_of(dollar(
                &mut it,
                &dv(&[1.0, 2.0]),
                "a",
                &FieldCache::default()
            )),
            "$ operator is invalid for atomic vectors"
        );
    }

    #[test]
    fn matrix_reads() {
        let m = matrix(iv(&[1, 2, 3, 4, 5, 6]), 2, 3);
        let mi = |i: Option<Value>, j: Option<Value>, drop: bool| {
            index(&mut Interp::new(), &m, &[i, j], drop)
        };
        assert_eq!(
            mi(Some(Value::Dbl(2.0)), Some(Value::Dbl(3.0)), true).unwrap(),
            Value::Int(6)
        );
        assert_eq!(
            mi(Some(Value::Dbl(1.0)), None, true).unwrap(),
            iv(&[1, 3, 5])
        );
        assert_eq!(mi(None, Some(Value::Dbl(2.0)), true).unwrap(), iv(&[3, 4]));
        assert_eq!(
            mi(Some(Value::Dbl(1.0)), None, false).unwrap(),
            matrix(iv(&[1, 3, 5]), 1, 3)
        );
        assert_eq!(
            mi(Some(Value::Dbl(-1.0)), Some(dv(&[1.0, 3.0])), true).unwrap(),
            iv(&[2, 6])
        );
        assert_eq!(
            mi(None, Some(lgl_vec(vec![1, 0, 1])), true).unwrap(),
            matrix(iv(&[1, 2, 5, 6]), 2, 2)
        );
        // m[3,1], m[1,4] -> subscript out of bounds
        assert_eq!(
            err_of(mi(Some(Value::Dbl(3.0)), Some(Value::Dbl(1.0)), true)),
            "subscript out of bounds"
        );
        assert_eq!(
            err_of(mi(Some(Value::Dbl(1.0)), Some(Value::Dbl(4.0)), true)),
            "subscript out of bounds"
        );
        // m[c(TRUE,FALSE,TRUE),] -> (subscript) logical subscript too long
        assert_eq!(
            err_of(mi(Some(lgl_vec(vec![1, 0, 1])), None, true)),
            "(subscript) logical subscript too long"
        );
        // m["a",1] -> no 'dimnames' attribute for array
        assert_eq!(
            err_of(mi(Some(Value::str("a")), Some(Value::Dbl(1.0)), true)),
            "no 'dimnames' attribute for array"
        );
        // m[c(1,NA),1] -> 1 NA
        assert_eq!(
            mi(Some(dv(&[1.0, na_real()])), Some(Value::Dbl(1.0)), true).unwrap(),
            iv(&[1, NA_INTEGER])
        );
        // m[0,] -> a 0 x 3 matrix
        assert_eq!(
            mi(Some(Value::Dbl(0.0)), None, true).unwrap(),
            matrix(int_vec(vec![]), 0, 3)
        );
        // m[5] linear indexing -> 5 ; m[-1] -> 2..6
        assert_eq!(get(&m, Value::Dbl(5.0)).unwrap(), Value::Int(5));
        assert_eq!(get(&m, Value::Dbl(-1.0)).unwrap(), iv(&[2, 3, 4, 5, 6]));
        assert_eq!(
            index2(
                &mut Interp::new(),
                &m,
                &[Some(Value::Dbl(2.0)), Some(Value::Dbl(2.0))]
            )
            .unwrap(),
            Value::Int(4)
        );
        let r = index2(
            &mut Interp::new(),
            &m,
            &[Some(Value::Dbl(3.0)), Some(Value::Dbl(1.0))],
        );
        assert_eq!(err_of(r), "subscript out of bounds");
        let r = index(
            &mut Interp::new(),
            &m,
            &[
                Some(Value::Dbl(1.0)),
                Some(Value::Dbl(1.0)),
                Some(Value::Dbl(1.0)),
            ],
            true,
        );
        assert_eq!(err_of(r), "incorrect number of dimensions");
    }

    #[test]
    fn matrix_dimnames() {
        let mut m = matrix(iv(&[1, 2, 3, 4]), 2, 2);
        m.set_attr("dimnames", list(vec![sv(&["a", "b"]), sv(&["x", "y"])]));
        let mi = |i: Option<Value>, j: Option<Value>, drop: bool| {
            index(&mut Interp::new(), &m, &[i, j], drop)
        };
        // m["a","x"] -> [1] 1 (no names); m["a",] -> x y / 1 3; m[,"y"] -> a b / 3 4
        assert_eq!(
            mi(Some(Value::str("a")), Some(Value::str("x")), true).unwrap(),
            Value::Int(1)
        );
        assert_eq!(
            mi(Some(Value::str("a")), None, true).unwrap(),
            named(iv(&[1, 3]), &["x", "y"])
        );
        assert_eq!(
            mi(None, Some(Value::str("y")), true).unwrap(),
            named(iv(&[3, 4]), &["a", "b"])
        );
        assert_eq!(
            err_of(mi(Some(Value::str("c")), Some(Value::Dbl(1.0)), true)),
            "subscript out of bounds"
        );
        // m[1,,drop=FALSE] keeps dimnames a / x y
        let mut want = matrix(iv(&[1, 3]), 1, 2);
        want.set_attr("dimnames", list(vec![sv(&["a"]), sv(&["x", "y"])]));
        assert_eq!(mi(Some(Value::Dbl(1.0)), None, false).unwrap(), want);
    }

    #[test]
    fn vector_assignment() {
        let x = || dv(&[10.0, 20.0, 30.0]);
        let mut it = Interp::new();
        // x[1:2] <- 1:3 warns and assigns 1 2
        let r = assign_index(&mut it, x(), &ix(iv(&[1, 2])), iv(&[1, 2, 3])).unwrap();
        assert_eq!(r, dv(&[1.0, 2.0, 30.0]));
        assert_eq!(
            it.warnings[0].1,
            "number of items to replace is not a multiple of replacement length"
        );
        // z <- 1:3; z[[5]] <- 1L -> 1 2 3 NA 1
        assert_eq!(
            set2(iv(&[1, 2, 3]), Value::Dbl(5.0), Value::Int(1)).unwrap(),
            iv(&[1, 2, 3, NA_INTEGER, 1])
        );
        // z[5] <- 2.5 -> 1 2 3 NA 2.5
        assert_eq!(
            set(iv(&[1, 2, 3]), Value::Dbl(5.0), Value::Dbl(2.5)).unwrap(),
            dv(&[1.0, 2.0, 3.0, na_real(), 2.5])
        );
        // z[2] <- "a" -> "1" "a" "3"
        assert_eq!(
            set(iv(&[1, 2, 3]), Value::Dbl(2.0), Value::str("a")).unwrap(),
            sv(&["1", "a", "3"])
        );
        // z[c(TRUE,FALSE)] <- 0L -> 0 2 0 ; z[c(1,1)] <- c(7L,8L) -> 8 2 3
        assert_eq!(
            set(iv(&[1, 2, 3]), lgl_vec(vec![1, 0]), Value::Int(0)).unwrap(),
            iv(&[0, 2, 0])
        );
        assert_eq!(
            set(iv(&[1, 2, 3]), dv(&[1.0, 1.0]), iv(&[7, 8])).unwrap(),
            iv(&[8, 2, 3])
        );
        // z[-1] <- 9 on c(1,2) -> 1 9 ; z[0] <- 9L -> unchanged ; z[NA] <- 1 -> unchanged
        assert_eq!(
            set(dv(&[1.0, 2.0]), Value::Dbl(-1.0), Value::Dbl(9.0)).unwrap(),
            dv(&[1.0, 9.0])
        );
        assert_eq!(
            set(iv(&[1, 2, 3]), Value::Dbl(0.0), Value::Int(9)).unwrap(),
            iv(&[1, 2, 3])
        );
        assert_eq!(
            set(iv(&[1, 2, 3]), Value::Lgl(NA_LOGICAL), Value::Dbl(1.0)).unwrap(),
            dv(&[1.0, 2.0, 3.0])
        );
        let e = |x: Value, i: Value, v: Value| err_of(set(x, i, v));
        assert_eq!(
            e(iv(&[1, 2, 3]), dv(&[-1.0, 2.0]), Value::Dbl(1.0)),
            "only 0's may be mixed with negative subscripts"
        );
        assert_eq!(
            e(iv(&[1, 2, 3]), Value::Dbl(1.0), int_vec(vec![])),
            "replacement has length zero"
        );
        assert_eq!(
            e(iv(&[1, 2, 3]), dv(&[1.0, na_real()]), iv(&[1, 2])),
            "NAs are not allowed in subscripted assignments"
        );
        assert_eq!(
            e(iv(&[1, 2, 3]), Value::Dbl(2.0), Value::Null),
            "replacement has length zero"
        );
        // z <- NULL; z[3] <- "a" -> NA NA "a"
        let r = set(Value::Null, Value::Dbl(3.0), Value::str("a")).unwrap();
        assert_eq!(r, str_vec(vec![None, None, Some("a".into())]));
        // x[] <- 0 fills
        let r = assign_index(&mut Interp::new(), x(), &[None], Value::Dbl(0.0)).unwrap();
        assert_eq!(r, dv(&[0.0, 0.0, 0.0]));
    }

    #[test]
    fn named_assignment() {
        // z <- 1:3; z[["a"]] <- 5L -> names "" "" "" "a"
        let r = set2(iv(&[1, 2, 3]), Value::str("a"), Value::Int(5)).unwrap();
        assert_eq!(r, named(iv(&[1, 2, 3, 5]), &["", "", "", "a"]));
        // z<-c(a=1,b=2); z[c("b","c","c")] <- 7 -> a b c / 1 7 7
        let r = set(
            named(dv(&[1.0, 2.0]), &["a", "b"]),
            sv(&["b", "c", "c"]),
            Value::Dbl(7.0),
        )
        .unwrap();
        assert_eq!(r, named(dv(&[1.0, 7.0, 7.0]), &["a", "b", "c"]));
        // z<-c(a=1); z[3] <- 1 -> names "a" "" ""
        let r = set(named(dv(&[1.0]), &["a"]), Value::Dbl(3.0), Value::Dbl(1.0)).unwrap();
        assert_eq!(r, named(dv(&[1.0, na_real(), 1.0]), &["a", "", ""]));
        // z<-1:3; z[6] <- 1L -> no names
        assert_eq!(
            set(iv(&[1, 2, 3]), Value::Dbl(6.0), Value::Int(1))
                .unwrap()
                .attr("names"),
            None
        );
    }

    #[test]
    fn double_bracket_assignment_errors() {
        let e = |i: Value, v: Value| err_of(set2(iv(&[1, 2, 3]), i, v));
        assert_eq!(
            e(Value::Dbl(0.0), Value::Int(1)),
            "attempt to select less than one element in OneIndex <real>"
        );
        assert_eq!(
            e(Value::Int(0), Value::Int(1)),
            "attempt to select less than one element in integerOneIndex"
        );
        assert_eq!(
            e(Value::Dbl(-1.0), Value::Int(1)),
            "attempt to select more than one element in OneIndex <real>"
        );
        assert_eq!(
            e(Value::Int(-1), Value::Int(1)),
            "attempt to select more than one element in integerOneIndex"
        );
        assert_eq!(
            e(Value::Dbl(1.0), iv(&[1, 2])),
            "more elements supplied than there are to replace"
        );
        assert_eq!(
            e(Value::Dbl(2.0), Value::Null),
            "replacement has length zero"
        );
    }

    #[test]
    fn list_assignment() {
        let one = || Value::Dbl(1.0);
        let two = || Value::Dbl(2.0);
        // z<-list(1,2); z[[2]] <- NULL -> list(1)
        assert_eq!(
            set2(list(vec![one(), two()]), Value::Dbl(2.0), Value::Null).unwrap(),
            list(vec![one()])
        );
        // z<-list(1,2,3); z[c(1,3)] <- NULL -> list(2)
        let r = set(
            list(vec![one(), two(), Value::Dbl(3.0)]),
            dv(&[1.0, 3.0]),
            Value::Null,
        )
        .unwrap();
        assert_eq!(r, list(vec![two()]));
        // z<-list(a=1,b=2); z$a <- NULL -> list(b=2)
        let mut it = Interp::new();
        let ab = || named(list(vec![one(), two()]), &["a", "b"]);
        assert_eq!(
            assign_dollar(&mut it, ab(), "a", Value::Null, &FieldCache::default()).unwrap(),
            named(list(vec![two()]), &["b"])
        );
        // z$c <- 1:2 appends
        let r = assign_dollar(&mut it, ab(), "c", iv(&[1, 2]), &FieldCache::default()).unwrap();
        assert_eq!(
            r,
            named(list(vec![one(), two(), iv(&[1, 2])]), &["a", "b", "c"])
        );
        // z<-list(a=1); z[["b"]] <- NULL -> unchanged
        let a = || named(list(vec![one()]), &["a"]);
        assert_eq!(set2(a(), Value::str("b"), Value::Null).unwrap(), a());
        // z["a"] <- list(NULL) -> $a NULL
        let r = set(ab(), Value::str("a"), list(vec![Value::Null])).unwrap();
        assert_eq!(r, named(list(vec![Value::Null, two()]), &["a", "b"]));
        // z<-list(1); z[[3]] <- 2 -> list(1, NULL, 2)
        assert_eq!(
            set2(list(vec![one()]), Value::Dbl(3.0), two()).unwrap(),
            list(vec![one(), Value::Null, two()])
        );
        // z <- list(1,2); z[2:3] <- 5:6 -> list(1, 5L, 6L)
        let r = set(list(vec![one(), two()]), iv(&[2, 3]), iv(&[5, 6])).unwrap();
        assert_eq!(r, list(vec![one(), Value::Int(5), Value::Int(6)]));
        // z<-1:3; z[2] <- list(9) -> list(1L, 9, 3L)
        let r = set(iv(&[1, 2, 3]), Value::Dbl(2.0), list(vec![Value::Dbl(9.0)])).unwrap();
        assert_eq!(r, list(vec![Value::Int(1), Value::Dbl(9.0), Value::Int(3)]));
        // z<-1:3; z[[2]] <- list(9) -> list(1L, list(9), 3L)
        let r = set2(iv(&[1, 2, 3]), Value::Dbl(2.0), list(vec![Value::Dbl(9.0)])).unwrap();
        assert_eq!(
            r,
            list(vec![
                Value::Int(1),
                list(vec![Value::Dbl(9.0)]),
                Value::Int(3)
            ])
        );
        // z<-NULL; z[[1]] <- 1:2 -> list(1:2); z[[2]] <- list(1) -> list(NULL, list(1)); z$a <- 1 -> list(a=1)
        assert_eq!(
            set2(Value::Null, Value::Dbl(1.0), iv(&[1, 2])).unwrap(),
            list(vec![iv(&[1, 2])])
        );
        let r = set2(Value::Null, Value::Dbl(2.0), list(vec![one()])).unwrap();
        assert_eq!(r, list(vec![Value::Null, list(vec![one()])]));
        assert_eq!(
            assign_dollar(&mut it, Value::Null, "a", one(), &FieldCache::default()).unwrap(),
            named(list(vec![one()]), &["a"])
        );
        // z<-NULL; z[[1]] <- 1 -> list(1) in GNU R 4.2 (corpus assign2_null_list)
        assert_eq!(
            set2(Value::Null, Value::Dbl(1.0), one()).unwrap(),
            list(vec![one()])
        );
        // z<-1:3; z$a <- 1 -> warning "Coercing LHS to a list"
        let mut it = Interp::new();
        let r = assign_dollar(&mut it, iv(&[1, 2, 3]), "a", one(), &FieldCache::default()).unwrap();
        assert_eq!(it.warnings[0].1, "Coercing LHS to a list");
        assert_eq!(
            r,
            named(
                list(vec![Value::Int(1), Value::Int(2), Value::Int(3), one()]),
                &["", "", "", "a"]
            )
        );
        // l$ab <- 2 with l = list(abc=1) adds a new element (no partial matching on assignment)
        let r = assign_dollar(
            &mut it,
            named(list(vec![one()]), &["abc"]),
            "ab",
            two(),
            &FieldCache::default(),
        )
        .unwrap();
        assert_eq!(r, named(list(vec![one(), two()]), &["abc", "ab"]));
    }

    #[test]
    fn matrix_assignment() {
        let m = || matrix(iv(&[1, 2, 3, 4, 5, 6]), 2, 3);
        let mut it = Interp::new();
        let s = |it: &mut Interp, i: Option<Value>, j: Option<Value>, v: Value| {
            assign_index(it, m(), &[i, j], v)
        };
        // m[1,] <- 0L
        let r = s(&mut it, Some(Value::Dbl(1.0)), None, Value::Int(0)).unwrap();
        assert_eq!(r, matrix(iv(&[0, 2, 0, 4, 0, 6]), 2, 3));
        // m[,2] <- c(9.5,8)
        let r = s(&mut it, None, Some(Value::Dbl(2.0)), dv(&[9.5, 8.0])).unwrap();
        assert_eq!(r, matrix(dv(&[1.0, 2.0, 9.5, 8.0, 5.0, 6.0]), 2, 3));
        // m[1,1:2] <- 1:3 -> error
        let r = s(
            &mut it,
            Some(Value::Dbl(1.0)),
            Some(iv(&[1, 2])),
            iv(&[1, 2, 3]),
        );
        assert_eq!(
            err_of(r),
            "number of items to replace is not a multiple of replacement length"
        );
        let r = s(
            &mut it,
            Some(Value::Dbl(3.0)),
            Some(Value::Dbl(1.0)),
            Value::Int(1),
        );
        assert_eq!(err_of(r), "subscript out of bounds");
        // m[5] <- 0L keeps dim; m[7] <- 0L drops it
        assert_eq!(
            set(m(), Value::Dbl(5.0), Value::Int(0)).unwrap(),
            matrix(iv(&[1, 2, 3, 4, 0, 6]), 2, 3)
        );
        assert_eq!(
            set(m(), Value::Dbl(7.0), Value::Int(0)).unwrap(),
            iv(&[1, 2, 3, 4, 5, 6, 0])
        );
        // m[[1,2]] <- 100L
        let r = assign_index2(
            &mut it,
            m(),
            &[Some(Value::Dbl(1.0)), Some(Value::Dbl(2.0))],
            Value::Int(100),
        )
        .unwrap();
        assert_eq!(r, matrix(iv(&[1, 2, 100, 4, 5, 6]), 2, 3));
        // m[m>2] <- 0L (logical matrix index)
        let r = set(
            matrix(iv(&[1, 2, 3, 4]), 2, 2),
            lgl_vec(vec![0, 0, 1, 1]),
            Value::Int(0),
        )
        .unwrap();
        assert_eq!(r, matrix(iv(&[1, 2, 0, 0]), 2, 2));
        // m[1,2,3] <- 1 / x[1,2] <- 1
        let one = || Some(Value::Dbl(1.0));
        assert_eq!(
            err_of(assign_index(
                &mut it,
                m(),
                &[one(), one(), one()],
                Value::Dbl(1.0)
            )),
            "incorrect number of subscripts"
        );
        let r = assign_index(&mut it, iv(&[1, 2, 3]), &[one(), one()], Value::Dbl(1.0));
        assert_eq!(err_of(r), "incorrect number of subscripts on matrix");
    }

    #[test]
    fn in_place_when_unshared() {
        let x = dv(&[1.0, 2.0, 3.0]);
        let ptr = match &x {
            Value::Vec(rc) => Rc::as_ptr(rc),
            _ => unreachable!(),
        };
        let r = set(x, Value::Int(2), Value::Dbl(9.0)).unwrap();
        match &r {
            Value::Vec(rc) => assert_eq!(Rc::as_ptr(rc), ptr),
            _ => panic!("expected a vector"),
        }
        // A shared vector is copied: the other binding keeps its value.
        let y = dv(&[1.0, 2.0]);
        let r = set(y.clone(), Value::Int(1), Value::Dbl(5.0)).unwrap();
        assert_eq!(y, dv(&[1.0, 2.0]));
        assert_eq!(r, dv(&[5.0, 2.0]));
    }

    #[test]
    fn builtins_wrappers() {
        let mut it = Interp::new();
        let call = |it: &mut Interp, name: &str, args: Args| {
            let Some(Value::Builtin(id)) = crate::builtins::lookup(name) else {
                panic!("no builtin {name}")
            };
            crate::builtins::call(id, it, args)
        };
        // `[`(1:5, 2:3) -> 2 3 ; `[[`(list(1,2), 2) -> 2 ; `$`(list(a=3), "a") -> 3
        let r = call(
            &mut it,
            "[",
            Args::positional(vec![iv(&[1, 2, 3, 4, 5]), iv(&[2, 3])]),
        )
        .unwrap();
        assert_eq!(r, iv(&[2, 3]));
        let r = call(
            &mut it,
            "[[",
            Args::positional(vec![
                list(vec![Value::Dbl(1.0), Value::Dbl(2.0)]),
                Value::Dbl(2.0),
            ]),
        );
        assert_eq!(r.unwrap(), Value::Dbl(2.0));
        let l = named(list(vec![Value::Dbl(3.0)]), &["a"]);
        assert_eq!(
            call(&mut it, "$", Args::positional(vec![l, Value::str("a")])).unwrap(),
            Value::Dbl(3.0)
        );
        let mut a = Args::positional(vec![
            matrix(iv(&[1, 2, 3, 4]), 2, 2),
            Value::Dbl(1.0),
            Value::Dbl(2.0),
        ]);
        a.push(Some("drop".into()), Value::lgl(false));
        assert_eq!(call(&mut it, "[", a).unwrap(), matrix(iv(&[3]), 1, 1));
        let mut a = Args::positional(vec![iv(&[1, 2, 3]), Value::Dbl(2.0)]);
        a.push(Some("value".into()), Value::Int(7));
        assert_eq!(call(&mut it, "[<-", a).unwrap(), iv(&[1, 7, 3]));
    }
}
