//! Set and search builtins: `match`, `%in%`, `unique`, `duplicated`, `setdiff`,
//! `union`, `intersect`, `order`, `sort`, `tabulate` — with GNU R 4.2's type
//! coercion between integer/double/character, NA handling and stable ordering.

use super::hash::{map_with_capacity, set_with_capacity};
use super::BuiltinDef;
use crate::args::Args;
use crate::coerce::coerce_data;
use crate::error::{RError, RResult};
use crate::interp::Interp;
use crate::value::*;
use std::borrow::Cow;
use std::cmp::Ordering;
use std::rc::Rc;

pub const BUILTINS: &[BuiltinDef] = &[
    BuiltinDef::new("match", builtin_match),
    BuiltinDef::new("%in%", builtin_in),
    BuiltinDef::new("unique", builtin_unique),
    BuiltinDef::new("duplicated", builtin_duplicated),
    BuiltinDef::new("setdiff", builtin_setdiff),
    BuiltinDef::new("union", builtin_union),
    BuiltinDef::new("intersect", builtin_intersect),
    BuiltinDef::new("order", builtin_order),
    BuiltinDef::new("sort", builtin_sort),
    BuiltinDef::new("tabulate", builtin_tabulate),
];

/// A hashable element key; values of one comparison are first coerced to one type.
#[derive(Clone, PartialEq, Eq, Hash)]
enum Key {
    Int(i32),
    /// f64 bits, with -0 folded into 0 and every non-NA NaN into one NaN.
    Dbl(u64),
    Cplx(u64, u64),
    Str(RStr),
    /// List elements compared by identity of their printed structure (rare).
    Other(String),
}

fn dbl_key(x: f64) -> u64 {
    if x == 0.0 {
        0
    } else if x.is_nan() {
        if is_na_real(x) {
            NA_REAL_BITS
        } else {
            f64::NAN.to_bits()
        }
    } else {
        x.to_bits()
    }
}

fn keys(d: &VecData) -> Vec<Key> {
    match d {
        VecData::Raw(v) => v.iter().map(|&x| Key::Int(x as i32)).collect(),
        VecData::Lgl(v) | VecData::Int(v) => v.iter().map(|&x| Key::Int(x)).collect(),
        VecData::Dbl(v) => v.iter().map(|&x| Key::Dbl(dbl_key(x))).collect(),
        VecData::Cplx(v) => v
            .iter()
            .map(|z| Key::Cplx(dbl_key(z.re), dbl_key(z.im)))
            .collect(),
        VecData::Str(v) => v.iter().map(|s| Key::Str(s.clone())).collect(),
        VecData::List(v) => v.iter().map(|e| Key::Other(format!("{e:?}"))).collect(),
    }
}

fn data_of(x: &Value) -> VecData {
    data_ref(x).into_owned()
}

/// A value's data, borrowed when it is a boxed vector.
fn data_ref(x: &Value) -> Cow<'_, VecData> {
    match x {
        Value::Vec(v) => Cow::Borrowed(&v.data),
        x => match x.as_vector() {
            Some(v) => Cow::Owned(v.into_owned().data),
            None => Cow::Owned(VecData::empty(VType::Lgl)),
        },
    }
}

/// `d` coerced to `t`, borrowed when it already has that type.
fn coerced(d: &VecData, t: VType) -> Cow<'_, VecData> {
    if d.vtype() == t {
        Cow::Borrowed(d)
    } else {
        Cow::Owned(coerce_data(d, t))
    }
}

/// The common type two vectors are compared in (logical compares as integer).
fn common_type(a: &VecData, b: &VecData) -> VType {
    a.vtype().max(b.vtype()).max(VType::Int)
}

/// `match` by scanning the table for each element: for few elements or a
/// small table, cheaper than hashing the table. Equality is the hash keys'
/// (NA matches NA, -0 matches 0, NaN matches NaN); `None` for the types it
/// does not handle.
fn match_by_scan(x: &VecData, table: &VecData, nomatch: i32) -> Option<Vec<i32>> {
    fn scan<T>(xs: &[T], ts: &[T], nomatch: i32, eq: impl Fn(&T, &T) -> bool) -> Vec<i32> {
        xs.iter()
            .map(|a| {
                ts.iter()
                    .position(|b| eq(a, b))
                    .map_or(nomatch, |p| p as i32 + 1)
            })
            .collect()
    }
    Some(match (x, table) {
        (VecData::Lgl(a) | VecData::Int(a), VecData::Lgl(b) | VecData::Int(b)) => {
            scan(a, b, nomatch, |p, q| p == q)
        }
        (VecData::Dbl(a), VecData::Dbl(b)) => {
            scan(a, b, nomatch, |p, q| dbl_key(*p) == dbl_key(*q))
        }
        (VecData::Str(a), VecData::Str(b)) => scan(a, b, nomatch, |p, q| p == q),
        _ => return None,
    })
}

/// `match(x, table)` as 1-based positions (`nomatch` where absent).
pub fn match_positions(x: &VecData, table: &VecData, nomatch: i32) -> Vec<i32> {
    let t = common_type(x, table);
    let (x, table) = (coerced(x, t), coerced(table, t));
    let (nx, nt) = (x.len(), table.len());
    if nx <= 4 || nx.saturating_mul(nt) <= 256 {
        if let Some(r) = match_by_scan(&x, &table, nomatch) {
            return r;
        }
    }
    let (xk, tk) = (keys(&x), keys(&table));
    let mut first = map_with_capacity(tk.len());
    for (i, k) in tk.iter().enumerate() {
        first.entry(k).or_insert(i as i32 + 1);
    }
    xk.iter()
        .map(|k| first.get(k).copied().unwrap_or(nomatch))
        .collect()
}

/// Which elements repeat an earlier one.
fn duplicated_flags(d: &VecData) -> Vec<bool> {
    let ks = keys(d);
    let mut seen = set_with_capacity(ks.len());
    ks.iter().map(|k| !seen.insert(k)).collect()
}

fn keep(d: &VecData, flags: impl Iterator<Item = bool>) -> VecData {
    let pos: Vec<Option<usize>> = flags
        .enumerate()
        .filter(|(_, f)| *f)
        .map(|(i, _)| Some(i))
        .collect();
    d.select(&pos)
}

fn builtin_match(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "table", "nomatch", "incomparables"])?;
    let (x, table) = (
        b.take(0).unwrap_or(Value::Null),
        b.take(1).unwrap_or(Value::Null),
    );
    let (x, table) = (data_ref(&x), data_ref(&table));
    let nomatch = match b.take(2) {
        Some(v) => v.first_f64().map_or(NA_INTEGER, crate::coerce::dbl_to_int),
        None => NA_INTEGER,
    };
    Ok(int_vec(match_positions(&x, &table, nomatch)))
}

fn builtin_in(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "table"])?;
    let (x, table) = (
        b.take(0).unwrap_or(Value::Null),
        b.take(1).unwrap_or(Value::Null),
    );
    let (x, table) = (data_ref(&x), data_ref(&table));
    Ok(lgl_vec(
        match_positions(&x, &table, 0)
            .into_iter()
            .map(|p| (p != 0) as i32)
            .collect(),
    ))
}

fn builtin_unique(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "incomparables", "..."])?;
    let x = b.take(0).unwrap_or(Value::Null);
    if x.is_null() {
        return Ok(Value::Null);
    }
    let d = data_of(&x);
    let flags = duplicated_flags(&d);
    Ok(Value::from_data(keep(&d, flags.into_iter().map(|f| !f))))
}

fn builtin_duplicated(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "incomparables", "..."])?;
    let d = data_of(&b.take(0).unwrap_or(Value::Null));
    Ok(lgl_vec(
        duplicated_flags(&d).into_iter().map(|f| f as i32).collect(),
    ))
}

fn two_sets(args: Args) -> RResult<(VecData, VecData)> {
    let mut b = args.bind(&["x", "y"])?;
    let x = data_of(&b.take(0).unwrap_or(Value::Null));
    let y = data_of(&b.take(1).unwrap_or(Value::Null));
    Ok((x, y))
}

fn builtin_setdiff(_: &mut Interp, args: Args) -> RResult<Value> {
    let (x, y) = two_sets(args)?;
    let m = match_positions(&x, &y, 0);
    let dup = duplicated_flags(&x);
    Ok(Value::from_data(keep(
        &x,
        dup.iter().zip(&m).map(|(d, p)| !d && *p == 0),
    )))
}

fn builtin_union(_: &mut Interp, args: Args) -> RResult<Value> {
    let (x, y) = two_sets(args)?;
    let t = x.vtype().max(y.vtype());
    let mut all = coerce_data(&x, t);
    crate::coerce::append_data(&mut all, coerce_data(&y, t));
    let dup = duplicated_flags(&all);
    Ok(Value::from_data(keep(&all, dup.into_iter().map(|d| !d))))
}

fn builtin_intersect(_: &mut Interp, args: Args) -> RResult<Value> {
    let (x, y) = two_sets(args)?;
    let t = x.vtype().max(y.vtype());
    let m = match_positions(&x, &y, 0);
    let dup = duplicated_flags(&x);
    let picked = keep(&x, dup.iter().zip(&m).map(|(d, p)| !d && *p > 0));
    Ok(Value::from_data(coerce_data(&picked, t)))
}

// ---------------------------------------------------------------------------
// Ordering
// ---------------------------------------------------------------------------

/// Primary collation weight of a character, approximating the locale collation GNU R
/// uses for `sort`/`order` on strings: punctuation and spaces, then digits, then
/// letters case-insensitively.
fn char_weight(c: char) -> (u8, u32) {
    if c.is_alphabetic() {
        (2, c.to_lowercase().next().unwrap_or(c) as u32)
    } else if c.is_ascii_digit() {
        (1, c as u32)
    } else {
        (0, c as u32)
    }
}

/// Locale-like string comparison: primary weights first, then lowercase before
/// uppercase at the first case difference.
pub fn collate(a: &str, b: &str) -> Ordering {
    let primary = a.chars().map(char_weight).cmp(b.chars().map(char_weight));
    if primary != Ordering::Equal {
        return primary;
    }
    for (x, y) in a.chars().zip(b.chars()) {
        if x != y {
            return match (x.is_lowercase(), y.is_lowercase()) {
                (true, false) => Ordering::Less,
                (false, true) => Ordering::Greater,
                _ => x.cmp(&y),
            };
        }
    }
    Ordering::Equal
}

/// Compare elements `i` and `j` of one vector, NA-free (NAs are placed separately).
fn cmp_elems(d: &VecData, i: usize, j: usize) -> Ordering {
    match d {
        VecData::Raw(v) => v[i].cmp(&v[j]),
        VecData::Lgl(v) | VecData::Int(v) => v[i].cmp(&v[j]),
        VecData::Dbl(v) => v[i].partial_cmp(&v[j]).unwrap_or(Ordering::Equal),
        VecData::Cplx(v) => v[i]
            .re
            .partial_cmp(&v[j].re)
            .unwrap_or(Ordering::Equal)
            .then(v[i].im.partial_cmp(&v[j].im).unwrap_or(Ordering::Equal)),
        VecData::Str(v) => collate(v[i].as_deref().unwrap_or(""), v[j].as_deref().unwrap_or("")),
        VecData::List(_) => Ordering::Equal,
    }
}

/// Where NAs go in `order`/`sort`.
#[derive(Clone, Copy, PartialEq)]
enum NaLast {
    Last,
    First,
    Remove,
}

fn na_last_arg(v: Option<Value>, default: NaLast) -> NaLast {
    match v.and_then(|v| v.first_f64()) {
        None => default,
        Some(d) if d.is_nan() => NaLast::Remove,
        Some(d) if d != 0.0 => NaLast::Last,
        Some(_) => NaLast::First,
    }
}

/// The stable ordering permutation (0-based) of several keys of equal length.
fn order_keys(keys: &[VecData], decreasing: bool, na_last: NaLast) -> RResult<Vec<usize>> {
    let n = keys.first().map_or(0, |k| k.len());
    if keys.iter().any(|k| k.len() != n) {
        return Err(RError::new("argument lengths differ"));
    }
    if let Some(k) = keys.iter().find(|k| k.vtype() == VType::List) {
        let _ = k;
        return Err(RError::new("unimplemented type 'list' in 'orderVector1'\n"));
    }
    if let [k] = keys {
        if let Some(idx) = order_one_key(k, decreasing, na_last) {
            return Ok(idx);
        }
    }
    let mut idx: Vec<usize> = (0..n).collect();
    if na_last == NaLast::Remove {
        idx.retain(|&i| !keys.iter().any(|k| k.is_na(i)));
    }
    idx.sort_by(|&i, &j| {
        for k in keys {
            let (na_i, na_j) = (k.is_na(i), k.is_na(j));
            let o = match (na_i, na_j) {
                (true, true) => Ordering::Equal,
                (true, false) => {
                    if na_last == NaLast::First {
                        Ordering::Less
                    } else {
                        Ordering::Greater
                    }
                }
                (false, true) => {
                    if na_last == NaLast::First {
                        Ordering::Greater
                    } else {
                        Ordering::Less
                    }
                }
                (false, false) => {
                    let o = cmp_elems(k, i, j);
                    if decreasing {
                        o.reverse()
                    } else {
                        o
                    }
                }
            };
            if o != Ordering::Equal {
                return o;
            }
        }
        Ordering::Equal
    });
    Ok(idx)
}

/// `order_keys` of one logical, integer, double or character key: the
/// non-NA positions sorted stably by a comparison of the key's own type, the
/// NA positions (in their order) before, after or left out. The same
/// permutation as the general comparison, which orders NAs this way.
fn order_one_key(k: &VecData, decreasing: bool, na_last: NaLast) -> Option<Vec<usize>> {
    fn sort_by<T>(v: &[T], idx: &mut [usize], decreasing: bool, cmp: impl Fn(&T, &T) -> Ordering) {
        if decreasing {
            idx.sort_by(|&i, &j| cmp(&v[j], &v[i]));
        } else {
            idx.sort_by(|&i, &j| cmp(&v[i], &v[j]));
        }
    }
    let n = k.len();
    let (mut good, nas): (Vec<usize>, Vec<usize>) = match k {
        VecData::Lgl(v) | VecData::Int(v) => (0..n).partition(|&i| v[i] != NA_INTEGER),
        VecData::Dbl(v) => (0..n).partition(|&i| !v[i].is_nan()),
        VecData::Str(v) => (0..n).partition(|&i| v[i].is_some()),
        _ => return None,
    };
    match k {
        VecData::Lgl(v) | VecData::Int(v) => sort_by(v, &mut good, decreasing, |a, b| a.cmp(b)),
        VecData::Dbl(v) => sort_by(v, &mut good, decreasing, |a, b| {
            a.partial_cmp(b).unwrap_or(Ordering::Equal)
        }),
        VecData::Str(v) => sort_by(v, &mut good, decreasing, |a, b| {
            collate(a.as_deref().unwrap_or(""), b.as_deref().unwrap_or(""))
        }),
        _ => return None,
    }
    Some(match na_last {
        NaLast::Remove => good,
        NaLast::Last => {
            good.extend(nas);
            good
        }
        NaLast::First => {
            let mut out = nas;
            out.extend(good);
            out
        }
    })
}

fn builtin_order(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["...", "na.last", "decreasing", "method"])?;
    let na_last = na_last_arg(b.take(1), NaLast::Last);
    let decreasing = b
        .take(2)
        .and_then(|v| v.first_f64())
        .is_some_and(|d| d != 0.0 && !d.is_nan());
    let keys: Vec<VecData> = b.dots.iter().map(|(_, v)| data_of(v)).collect();
    if keys.iter().any(|k| k.vtype() == VType::Raw) {
        return Err(RError::new("unimplemented type 'raw' in 'orderVector1'\n"));
    }
    let idx = order_keys(&keys, decreasing, na_last)?;
    Ok(int_vec(idx.into_iter().map(|i| i as i32 + 1).collect()))
}

fn builtin_sort(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "decreasing", "na.last", "..."])?;
    let x = b.take(0).unwrap_or(Value::Null);
    let decreasing = b
        .take(1)
        .and_then(|v| v.first_f64())
        .is_some_and(|d| d != 0.0 && !d.is_nan());
    let na_last = na_last_arg(b.take(2), NaLast::Remove);
    if x.is_null() {
        return Ok(Value::Null);
    }
    if x.vtype() == Some(VType::Raw) {
        return Err(RError::new("raw vectors cannot be sorted"));
    }
    let xv = x
        .as_vector()
        .ok_or_else(|| RError::new("'x' must be atomic"))?;
    if xv.vtype() == VType::List {
        return Err(RError::new("'x' must be atomic"));
    }
    if xv.attrs.is_none() {
        if let Some(sorted) = sort_values(&xv.data, decreasing, na_last) {
            return Ok(Value::from_data(sorted));
        }
    }
    let idx = order_keys(std::slice::from_ref(&xv.data), decreasing, na_last)?;
    // (`sort.default` of an object is `x[order(x)]`: a table stays one.)
    if x.has_class() {
        return crate::builtins::subset::select_positions(&x, &idx);
    }
    let pos: Vec<Option<usize>> = idx.into_iter().map(Some).collect();
    let mut out = Vector::new(xv.data.select(&pos));
    if let Some(ns) = xv.names() {
        let sel = VecData::Str(select_from(ns, &pos, None));
        out.set_attr("names", Value::Vec(Rc::new(Vector::new(sel))));
    }
    Ok(Value::from_vector(out))
}

/// `sort` of a logical, integer or double vector without attributes, by
/// sorting the values themselves: what sorting the positions stably gives
/// (equal integers are indistinguishable; equal doubles, 0 and -0 included,
/// keep their order in a stable sort), NAs and NaNs in their order.
fn sort_values(d: &VecData, decreasing: bool, na_last: NaLast) -> Option<VecData> {
    fn place<T>(mut good: Vec<T>, nas: Vec<T>, na_last: NaLast) -> Vec<T> {
        match na_last {
            NaLast::Remove => good,
            NaLast::Last => {
                good.extend(nas);
                good
            }
            NaLast::First => {
                let mut out = nas;
                out.extend(good);
                out
            }
        }
    }
    Some(match d {
        VecData::Lgl(v) | VecData::Int(v) => {
            let (mut good, nas): (Vec<i32>, Vec<i32>) = v.iter().partition(|&&x| x != NA_INTEGER);
            if decreasing {
                good.sort_unstable_by(|a, b| b.cmp(a));
            } else {
                good.sort_unstable();
            }
            let out = place(good, nas, na_last);
            if matches!(d, VecData::Lgl(_)) {
                VecData::Lgl(out)
            } else {
                VecData::Int(out)
            }
        }
        VecData::Dbl(v) => {
            let (mut good, nas): (Vec<f64>, Vec<f64>) = v.iter().partition(|x| !x.is_nan());
            if decreasing {
                good.sort_by(|a, b| b.partial_cmp(a).unwrap_or(Ordering::Equal));
            } else {
                good.sort_by(|a, b| a.partial_cmp(b).unwrap_or(Ordering::Equal));
            }
            VecData::Dbl(place(good, nas, na_last))
        }
        _ => return None,
    })
}

fn builtin_tabulate(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["bin", "nbins"])?;
    let bin = b.take(0).unwrap_or(Value::Null);
    let bins: Vec<i32> = match coerce_data(&data_of(&bin), VType::Int) {
        VecData::Int(v) => v,
        _ => Vec::new(),
    };
    let nbins = match b.take(1) {
        Some(v) => match v.first_f64() {
            Some(d) if !d.is_nan() && d >= 0.0 && d <= i32::MAX as f64 => d as usize,
            _ => return Err(RError::new("invalid 'nbins' argument")),
        },
        None => bins
            .iter()
            .filter(|&&x| x != NA_INTEGER)
            .copied()
            .max()
            .unwrap_or(1)
            .max(1) as usize,
    };
    let mut counts = vec![0i32; nbins];
    for &x in &bins {
        if x != NA_INTEGER && x >= 1 && (x as usize) <= nbins {
            counts[x as usize - 1] += 1;
        }
    }
    Ok(int_vec(counts))
}

#[cfg(test)]
mod tests {
    //! Expected values come from GNU R 4.2 (Rscript), noted beside each case.
    use super::*;

    fn run(name: &str, args: Vec<(Option<&str>, Value)>) -> RResult<Value> {
        let mut a = Args::new();
        for (n, v) in args {
            a.push(n.map(Into::into), v);
        }
        let Some(Value::Builtin(id)) = crate::builtins::lookup(name) else {
            panic!("no builtin {name}")
        };
        crate::builtins::call(id, &mut Interp::new(), a)
    }
    fn pos(v: Vec<Value>) -> Vec<(Option<&'static str>, Value)> {
        v.into_iter().map(|x| (None, x)).collect()
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
    const NA: i32 = NA_INTEGER;

    #[test]
    fn matching() {
        // match(c(1,2,NA), c(2L,NA)) -> NA 1 2 ; match("1", 1:3) -> 1 ; match(TRUE, c(0,1)) -> 2
        assert_eq!(
            run("match", pos(vec![dv(&[1.0, 2.0, na_real()]), iv(&[2, NA])])).unwrap(),
            iv(&[NA, 1, 2])
        );
        assert_eq!(
            run("match", pos(vec![Value::str("1"), iv(&[1, 2, 3])])).unwrap(),
            Value::Int(1)
        );
        assert_eq!(
            run("match", pos(vec![Value::Lgl(1), dv(&[0.0, 1.0])])).unwrap(),
            Value::Int(2)
        );
        let r = run(
            "match",
            vec![
                (None, iv(&[1, 2, 3])),
                (None, Value::Dbl(2.0)),
                (Some("nomatch"), Value::Dbl(0.0)),
            ],
        );
        assert_eq!(r.unwrap(), iv(&[0, 1, 0]));
        assert_eq!(
            run("%in%", pos(vec![dv(&[1.0, 5.0]), iv(&[1, 2, 3])])).unwrap(),
            lgl_vec(vec![1, 0])
        );
    }

    #[test]
    fn unique_and_sets() {
        let mut x = dv(&[1.0, 1.0, 2.0]);
        x.set_attr("names", sv(&["b", "a", ""]));
        assert_eq!(run("unique", pos(vec![x])).unwrap(), dv(&[1.0, 2.0]));
        // unique(c(NA,1,NA,NaN,NaN)) -> NA 1 NaN
        let r = run(
            "unique",
            pos(vec![dv(&[na_real(), 1.0, na_real(), f64::NAN, f64::NAN])]),
        )
        .unwrap();
        assert_eq!(r, dv(&[na_real(), 1.0, f64::NAN]));
        assert_eq!(
            run("duplicated", pos(vec![dv(&[1.0, 2.0, 1.0])])).unwrap(),
            lgl_vec(vec![0, 0, 1])
        );
        assert_eq!(
            run(
                "setdiff",
                pos(vec![dv(&[1.0, 2.0, 3.0, 2.0]), Value::Dbl(2.0)])
            )
            .unwrap(),
            dv(&[1.0, 3.0])
        );
        assert_eq!(
            run("union", pos(vec![dv(&[1.0, 2.0]), iv(&[2, 5])])).unwrap(),
            dv(&[1.0, 2.0, 5.0])
        );
        // intersect(1:5, c(2,4,9)) -> 2 4 (double)
        assert_eq!(
            run(
                "intersect",
                pos(vec![iv(&[1, 2, 3, 4, 5]), dv(&[2.0, 4.0, 9.0])])
            )
            .unwrap(),
            dv(&[2.0, 4.0])
        );
    }

    #[test]
    fn ordering() {
        let x = || dv(&[3.0, 1.0, na_real(), 2.0]);
        assert_eq!(run("order", pos(vec![x()])).unwrap(), iv(&[2, 4, 1, 3]));
        assert_eq!(
            run(
                "order",
                vec![(None, x()), (Some("na.last"), Value::lgl(false))]
            )
            .unwrap(),
            iv(&[3, 2, 4, 1])
        );
        assert_eq!(
            run(
                "order",
                vec![(None, x()), (Some("na.last"), Value::Lgl(NA_LOGICAL))]
            )
            .unwrap(),
            iv(&[2, 4, 1])
        );
        assert_eq!(
            run(
                "order",
                pos(vec![dv(&[1.0, 1.0, 2.0]), dv(&[3.0, 2.0, 1.0])])
            )
            .unwrap(),
            iv(&[2, 1, 3])
        );
        // order(c(2,1,2,1), decreasing=TRUE) -> 1 3 2 4 (stable)
        let r = run(
            "order",
            vec![
                (None, dv(&[2.0, 1.0, 2.0, 1.0])),
                (Some("decreasing"), Value::lgl(true)),
            ],
        );
        assert_eq!(r.unwrap(), iv(&[1, 3, 2, 4]));
        assert_eq!(
            run("order", pos(vec![sv(&["b", "a", "B"])])).unwrap(),
            iv(&[2, 1, 3])
        );
        let r = run(
            "sort",
            pos(vec![sv(&[
                "b", "A", "a", "B", "_x", "1", "Z10", "z2", "ab", "Ab", "a b",
            ])]),
        )
        .unwrap();
        assert_eq!(
            r,
            sv(&["_x", "1", "a", "A", "a b", "ab", "Ab", "b", "B", "Z10", "z2"])
        );
        let mut named = dv(&[3.0, 1.0, 2.0]);
        named.set_attr("names", sv(&["b", "a", "c"]));
        let mut want = dv(&[1.0, 2.0, 3.0]);
        want.set_attr("names", sv(&["a", "c", "b"]));
        assert_eq!(run("sort", pos(vec![named])).unwrap(), want);
        let y = || dv(&[3.0, na_real(), 1.0]);
        assert_eq!(
            run(
                "sort",
                vec![(None, y()), (Some("decreasing"), Value::lgl(true))]
            )
            .unwrap(),
            dv(&[3.0, 1.0])
        );
        assert_eq!(
            run(
                "sort",
                vec![(None, y()), (Some("na.last"), Value::lgl(true))]
            )
            .unwrap(),
            dv(&[1.0, 3.0, na_real()])
        );
        assert_eq!(
            run("sort", pos(vec![lgl_vec(vec![1, 0])])).unwrap(),
            lgl_vec(vec![0, 1])
        );
        let l = Value::Vec(Rc::new(Vector::new(VecData::List(vec![Value::Dbl(1.0)]))));
        assert_eq!(
            run("sort", pos(vec![l])).unwrap_err().msg,
            "'x' must be atomic"
        );
    }

    #[test]
    fn tabulating() {
        assert_eq!(
            run("tabulate", pos(vec![dv(&[1.0, 2.0, 2.0, 5.0])])).unwrap(),
            iv(&[1, 2, 0, 0, 1])
        );
        let r = run(
            "tabulate",
            vec![
                (None, dv(&[2.0, 3.0, 3.0, 5.0])),
                (Some("nbins"), Value::Dbl(3.0)),
            ],
        );
        assert_eq!(r.unwrap(), iv(&[0, 1, 2]));
        assert_eq!(
            run("tabulate", pos(vec![dv(&[-1.0, 0.0, na_real()])])).unwrap(),
            Value::Int(0)
        );
        assert_eq!(run("tabulate", pos(vec![iv(&[])])).unwrap(), Value::Int(0));
    }
}
