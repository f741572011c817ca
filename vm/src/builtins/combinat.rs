//! Combinations, duplicates, names and ordering helpers of R's `base` and
//! `utils`: `combn`, `anyDuplicated`, `make.names`, `make.unique`,
//! `sort.int` and `arrayInd`, with the results (types, shapes, names) and
//! error messages of GNU R 4.2's closures.

use super::BuiltinDef;
use crate::args::Args;
use crate::error::{RError, RResult};
use crate::interp::Interp;
use crate::value::*;
use std::collections::HashSet;

pub const BUILTINS: &[BuiltinDef] = &[
    BuiltinDef::new("combn", bi_combn),
    BuiltinDef::new("anyDuplicated", bi_any_duplicated),
    BuiltinDef::new("make.names", bi_make_names),
    BuiltinDef::new("make.unique", bi_make_unique),
    BuiltinDef::new("sort.int", bi_sort_int),
    BuiltinDef::new("arrayInd", bi_array_ind),
];

fn missing(name: &str) -> RError {
    RError::new(format!("argument \"{name}\" is missing, with no default"))
}

/// Call another builtin by name with (name, value) arguments: these
/// builtins share the sorting and matching of `sort`, `order` and
/// `duplicated` rather than keep copies of them.
pub(crate) fn call_builtin(
    interp: &mut Interp,
    name: &str,
    args: Vec<(Option<&str>, Value)>,
) -> RResult<Value> {
    let id = crate::builtin_names::id_of(name).expect("a builtin of the table");
    let mut a = Args::new();
    for (n, v) in args {
        a.push(n.map(Into::into), v);
    }
    super::call(id, interp, a)
}

fn is_factor(x: &Value) -> bool {
    x.explicit_class()
        .is_some_and(|c| c.iter().any(|c| c == "factor"))
}

/// Elements `idx` of `v` with their names (R's `x[idx]` of a plain vector).
fn select_named(v: &Vector, idx: &[Option<usize>]) -> Value {
    let mut out = Vector::new(v.data.select(idx));
    if let Some(ns) = v.attr("names").and_then(|n| n.as_vector()) {
        out.set_attr("names", Value::from_data(ns.data.select(idx)));
    }
    Value::from_vector(out)
}

// ---------------------------------------------------------------------------
// combn
// ---------------------------------------------------------------------------

/// The next combination after `a` (0-based, increasing) of `m` out of `n`
/// in lexicographic order, as R's `combn` enumerates them.
fn next_combination(a: &mut [usize], n: usize) -> bool {
    let m = a.len();
    let Some(i) = (0..m).rev().find(|&i| a[i] < n - m + i) else {
        return false;
    };
    a[i] += 1;
    for j in i + 1..m {
        a[j] = a[j - 1] + 1;
    }
    true
}

/// `combn(x, m, FUN = NULL, simplify = TRUE, ...)`: the combinations of
/// `m` elements of `x` (of `seq_len(x)` for a positive whole number) as
/// the columns of a matrix, or `FUN` of each (a vector, or a matrix of
/// columns when every result has the same length > 1), or a list of them
/// without `simplify`.
fn bi_combn(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "m", "FUN", "simplify", "..."])?;
    let x = b.take(0).ok_or_else(|| missing("x"))?;
    let m = b.take(1).ok_or_else(|| missing("m"))?;
    let fun = b.take(2).filter(|f| !f.is_null());
    let simplify = super::math::flag(b.take(3).or(Some(Value::Lgl(1))), "simplify")?;
    // R's stopifnot() reports against the calling closure's call.
    let stop = |msg: &str| {
        let mut e = RError::new(msg);
        e.trace = vec!["stopifnot".into()];
        e
    };
    if m.len() != 1 {
        return Err(stop("length(m) == 1L is not TRUE"));
    }
    let m = match m.vtype() {
        Some(VType::Int | VType::Dbl) => m.first_f64().unwrap(),
        _ => return Err(stop("is.numeric(m) is not TRUE")),
    };
    if m < 0.0 {
        return Err(RError::new("m < 0"));
    }
    if is_factor(&x) {
        return Err(RError::unsupported("combn() of a factor"));
    }
    let x = match x.vtype() {
        Some(VType::Int | VType::Dbl) if x.len() == 1 => {
            let v = x.first_f64().unwrap();
            if v > 0.0 && v.trunc() == v {
                int_vec((1..=v as i32).collect())
            } else {
                x
            }
        }
        Some(VType::List) => return Err(RError::unsupported("combn() of a list")),
        Some(_) => x,
        None if x.is_null() => Value::from_data(VecData::Lgl(Vec::new())),
        None => {
            return Err(RError::unsupported(format!(
                "combn() of a {}",
                x.type_name()
            )))
        }
    };
    let xv = x.as_vector().unwrap().into_owned();
    let n = xv.len();
    if (n as f64) < m {
        return Err(RError::new("n < m"));
    }
    let m = m as usize;
    if let Some(f) = &fun {
        if !f.is_function() {
            return Err(RError::new("'FUN' must be a function or NULL"));
        }
    }
    let mut a: Vec<usize> = (0..m).collect();
    let mut results: Vec<Value> = Vec::new();
    loop {
        let idx: Vec<Option<usize>> = a.iter().map(|&i| Some(i)).collect();
        let r = match &fun {
            None if simplify => Value::from_data(xv.data.select(&idx)),
            None => select_named(&xv, &idx),
            Some(f) => {
                let mut call = Args::positional(vec![select_named(&xv, &idx)]);
                for (nm, v) in &b.dots {
                    call.push(nm.clone(), v.clone());
                }
                interp.call_function(f, call)?
            }
        };
        results.push(r);
        if m == 0 || !next_combination(&mut a, n) {
            break;
        }
    }
    if !simplify {
        return Ok(list_vec(results));
    }
    let first = &results[0];
    if first.attr("dim").is_some_and(|d| d.len() > 1) {
        return Err(RError::unsupported("combn() with FUN giving arrays"));
    }
    let len_r = first.len();
    let mut t = VType::Lgl;
    for r in &results {
        match r.vtype() {
            Some(VType::List) | None => {
                return Err(RError::unsupported(
                    "combn() with FUN giving non-atomic values",
                ))
            }
            Some(rt) => t = t.max(rt),
        }
        if r.len() != len_r {
            return Err(RError::with_call(
                "number of items to replace is not a multiple of replacement length",
                "out[, i] <- r",
            ));
        }
    }
    let mut data = VecData::with_capacity(t, len_r * results.len());
    for r in &results {
        let v = r.as_vector().unwrap();
        crate::coerce::append_data(&mut data, v.data.coerce(t));
    }
    let count = results.len() as i32;
    let dim = if fun.is_none() {
        vec![m as i32, count]
    } else if len_r != 1 {
        vec![len_r as i32, count]
    } else {
        vec![count]
    };
    let mut out = Vector::new(data);
    out.set_attr("dim", int_vec(dim));
    Ok(Value::Vec(out.into()))
}

// ---------------------------------------------------------------------------
// anyDuplicated
// ---------------------------------------------------------------------------

/// `anyDuplicated(x, incomparables = FALSE, fromLast = FALSE)`: the
/// position of the first element equal to an earlier one (to a later one,
/// scanning from the end, with `fromLast`), 0 when there is none.
fn bi_any_duplicated(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "incomparables", "fromLast", "..."])?;
    let x = b.take(0).ok_or_else(|| {
        let call = super::stats::method_call(interp, "anyDuplicated.default");
        super::stats::in_closures(
            RError::with_call("argument \"x\" is missing, with no default", call),
            &["anyDuplicated.default"],
        )
    })?;
    if let Some(inc) = b.take(1) {
        if !matches!(inc.vtype(), Some(VType::Lgl)) || inc.first_f64() != Some(0.0) {
            return Err(RError::unsupported("anyDuplicated(incomparables = )"));
        }
    }
    let from_last = super::math::flag(b.take(2), "fromLast")?;
    if x.attr("dim").is_some_and(|d| d.len() >= 2) {
        return Err(RError::unsupported("anyDuplicated() of a matrix"));
    }
    let Some(v) = x.as_vector() else {
        return Ok(Value::Int(0));
    };
    let n = v.len();
    let order: Vec<Option<usize>> = if from_last {
        (0..n).rev().map(Some).collect()
    } else {
        (0..n).map(Some).collect()
    };
    let data = Value::from_data(v.data.select(&order));
    let dup = call_builtin(interp, "duplicated", vec![(None, data)])?;
    let pos = match dup.as_vector().map(|d| d.data.clone()) {
        Some(VecData::Lgl(f)) => f.iter().position(|&b| b == 1),
        _ => None,
    };
    Ok(Value::Int(match pos {
        None => 0,
        Some(j) if from_last => (n - j) as i32,
        Some(j) => j as i32 + 1,
    }))
}

// ---------------------------------------------------------------------------
// make.names, make.unique
// ---------------------------------------------------------------------------

/// R's reserved words, which are not valid names.
const RESERVED: &[&str] = &[
    "NULL",
    "NA",
    "TRUE",
    "FALSE",
    "Inf",
    "NaN",
    "NA_integer_",
    "NA_real_",
    "NA_character_",
    "NA_complex_",
    "function",
    "while",
    "repeat",
    "for",
    "if",
    "in",
    "else",
    "next",
    "break",
];

/// R's `make.names` of one string (`do_makenames`): "X" prefixed unless it
/// starts with a letter or a dot not followed by a digit, invalid
/// characters replaced by dots, a dot appended to a reserved word.
fn make_name(s: Option<&str>, allow_underscore: bool) -> String {
    let s = s.unwrap_or("NA");
    let mut chars = s.chars();
    let first = chars.next();
    let second_digit = chars.next().is_some_and(|c| c.is_ascii_digit());
    let need_prefix = match first {
        None => true,
        Some('.') => second_digit,
        Some(c) => !c.is_alphabetic(),
    };
    let mut out = String::with_capacity(s.len() + 2);
    if need_prefix {
        out.push('X');
    }
    for c in s.chars() {
        if c == '.' || (allow_underscore && c == '_') || c.is_alphanumeric() {
            out.push(c);
        } else {
            out.push('.');
        }
    }
    if RESERVED.contains(&out.as_str()) {
        out.push('.');
    }
    out
}

/// `make.names(names, unique = FALSE, allow_ = TRUE)`.
fn bi_make_names(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["names", "unique", "allow_"])?;
    let x = b.take(0).ok_or_else(|| missing("names"))?;
    let unique = super::math::flag(b.take(1), "unique")?;
    let allow = match b.take(2) {
        None => true,
        Some(v) => match v.first_f64() {
            Some(a) if !a.is_nan() && v.len() == 1 => a != 0.0,
            _ => return Err(RError::new("invalid 'allow_' value")),
        },
    };
    let names = super::output::as_strings(&x);
    let mut made: Vec<String> = names
        .iter()
        .map(|s| make_name(s.as_deref(), allow))
        .collect();
    if unique {
        // Names make.names left alone keep their spelling; the changed ones
        // (after them, in a stable order) take the suffixes.
        let unchanged = |i: usize| names[i].as_deref() == Some(made[i].as_str());
        let mut order: Vec<usize> = (0..made.len()).filter(|&i| unchanged(i)).collect();
        order.extend((0..made.len()).filter(|&i| !unchanged(i)));
        let picked: Vec<RStr> = order
            .iter()
            .map(|&i| Some(made[i].as_str().into()))
            .collect();
        for (k, u) in make_unique(&picked, ".").into_iter().enumerate() {
            made[order[k]] = u.as_deref().unwrap_or("NA").to_string();
        }
    }
    Ok(str_vec(made.into_iter().map(|s| Some(s.into())).collect()))
}

/// R's `make.unique` (`do_makeunique`): each repeat of an earlier string
/// gets `sep` and the first count (from 1, continuing per string) that
/// gives a string not yet in use.
fn make_unique(names: &[RStr], sep: &str) -> Vec<RStr> {
    let n = names.len();
    let mut used: HashSet<RStr> = names.iter().cloned().collect();
    let mut first_of: std::collections::HashMap<RStr, usize> = Default::default();
    let mut cnts = vec![1usize; n];
    let mut out = names.to_vec();
    for i in 0..n {
        let dp = *first_of.entry(names[i].clone()).or_insert(i);
        if dp == i {
            continue;
        }
        let base = names[i].as_deref().unwrap_or("NA");
        let mut cnt = cnts[dp];
        let mut candidate = String::new();
        while cnt < n {
            candidate = format!("{base}{sep}{cnt}");
            if !used.contains(&Some(candidate.as_str().into())) {
                break;
            }
            cnt += 1;
        }
        let c: RStr = Some(candidate.into());
        used.insert(c.clone());
        out[i] = c;
        cnts[dp] = cnt + 1;
    }
    out
}

/// `make.unique(names, sep = ".")`.
fn bi_make_unique(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["names", "sep"])?;
    let x = b.take(0).ok_or_else(|| missing("names"))?;
    let VecData::Str(names) = x
        .as_vector()
        .map(|v| v.data.clone())
        .unwrap_or(VecData::Lgl(Vec::new()))
    else {
        return Err(RError::new("'names' must be a character vector"));
    };
    let sep = match b.take(1) {
        None => ".".to_string(),
        Some(s) => match (s.len(), super::output::arg_str(&Some(s.clone()))) {
            (1, Some(s)) => s,
            _ => return Err(RError::new("'sep' must be a character string")),
        },
    };
    Ok(str_vec(make_unique(&names, &sep)))
}

// ---------------------------------------------------------------------------
// sort.int
// ---------------------------------------------------------------------------

/// `sort.int(x, partial = NULL, na.last = NA, decreasing = FALSE, method,
/// index.return = FALSE)`, without `partial`: `sort`'s result, or with
/// `index.return` the list of the sorted values and their positions
/// (NAs dropped first unless `na.last` says where they go, which only
/// numbers and logicals allow).
fn bi_sort_int(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&[
        "x",
        "partial",
        "na.last",
        "decreasing",
        "method",
        "index.return",
    ])?;
    let x = b.take(0).ok_or_else(|| missing("x"))?;
    if x.vtype() == Some(VType::Raw) {
        return Err(RError::new("raw vectors cannot be sorted"));
    }
    if b.take(1).is_some_and(|p| !p.is_null()) {
        return Err(RError::unsupported("sort.int(partial = )"));
    }
    let na_last = b.take(2).unwrap_or(Value::Lgl(NA_LOGICAL));
    let decreasing = b.take(3).unwrap_or(Value::Lgl(0));
    let index_return = super::math::flag(b.take(5), "index.return")?;
    if is_factor(&x) {
        return Err(RError::unsupported("sort.int() of a factor"));
    }
    if !index_return {
        return call_builtin(
            interp,
            "sort",
            vec![
                (None, x),
                (Some("decreasing"), decreasing),
                (Some("na.last"), na_last),
            ],
        );
    }
    let Some(v) = x.as_vector().filter(|v| v.vtype() != VType::List) else {
        return Err(RError::new("'x' must be atomic"));
    };
    let radix = matches!(v.vtype(), VType::Lgl | VType::Int | VType::Dbl);
    let na_given = na_last.first_f64().is_some_and(|d| !d.is_nan());
    if !radix && na_given {
        return Err(RError::new("'index.return' only for 'na.last = NA'"));
    }
    let mut v = v.into_owned();
    let mut na_last = na_last;
    if !na_given {
        let keep: Vec<Option<usize>> = (0..v.len())
            .filter(|&i| !v.data.is_na(i))
            .map(Some)
            .collect();
        v = match select_named(&v, &keep).as_vector() {
            Some(s) => s.into_owned(),
            None => Vector::new(VecData::empty(v.vtype())),
        };
        na_last = Value::Lgl(1);
    }
    let o = call_builtin(
        interp,
        "order",
        vec![
            (None, Value::from_data(v.data.clone())),
            (Some("na.last"), na_last),
            (Some("decreasing"), decreasing),
        ],
    )?;
    let idx: Vec<Option<usize>> = match o.as_vector().map(|o| o.data.clone()) {
        Some(VecData::Int(o)) => o.iter().map(|&i| Some(i as usize - 1)).collect(),
        _ => Vec::new(),
    };
    let mut out = list_vec(vec![select_named(&v, &idx), o]);
    out.set_attr("names", Value::strs(&["x", "ix"]));
    Ok(out)
}

// ---------------------------------------------------------------------------
// arrayInd
// ---------------------------------------------------------------------------

/// `arrayInd(ind, .dim, .dimnames = NULL, useNames = FALSE)`: the array
/// subscripts of linear indices `ind` in an array of extents `.dim`, one
/// row each (integer; NA for NA).
fn bi_array_ind(_: &mut Interp, args: Args) -> RResult<Value> {
    array_ind(args)
}

/// `arrayInd` of bound arguments (also `which(x, arr.ind = TRUE)` of an array).
pub(crate) fn array_ind(args: Args) -> RResult<Value> {
    let mut b = args.bind(&["ind", ".dim", ".dimnames", "useNames"])?;
    let ind = b.take(0).ok_or_else(|| missing("ind"))?;
    let dim = b.take(1).ok_or_else(|| missing(".dim"))?;
    let dimnames = b.take(2).unwrap_or(Value::Null);
    let use_names = super::math::flag(b.take(3), "useNames")?;
    let num = |v: &Value, what: &str| -> RResult<Vec<f64>> {
        match v.as_vector() {
            Some(d) if matches!(d.vtype(), VType::Lgl | VType::Int | VType::Dbl) => {
                Ok(super::arith::dbl_data(&d.data).into_owned())
            }
            None if v.is_null() => Ok(Vec::new()),
            _ => Err(RError::unsupported(format!(
                "arrayInd() of a non-numeric '{what}'"
            ))),
        }
    };
    let ind = num(&ind, "ind")?;
    let dim = num(&dim, ".dim")?;
    let (m, rank) = (ind.len(), dim.len());
    if rank == 0 {
        return Err(RError::unsupported("arrayInd() with an empty '.dim'"));
    }
    let to_int = |x: f64| {
        if x.is_nan() {
            NA_INTEGER
        } else {
            x as i32
        }
    };
    let mut out: Vec<i32> = Vec::with_capacity(m * rank);
    let wh1: Vec<f64> = ind.iter().map(|&i| i - 1.0).collect();
    out.extend(
        wh1.iter()
            .map(|&w| to_int(1.0 + super::arith::dbl_mod(w, dim[0]))),
    );
    let first: Vec<i32> = out.clone();
    let mut denom = 1.0;
    for i in 1..rank {
        denom *= dim[i - 1];
        out.extend(wh1.iter().map(|&w| {
            let next = super::arith::dbl_idiv(w, denom);
            to_int(1.0 + super::arith::dbl_mod(next, dim[i]))
        }));
    }
    let mut res = Vector::new(VecData::Int(out));
    res.set_attr("dim", int_vec(vec![m as i32, rank as i32]));
    if use_names {
        let parts = match dimnames.as_vector().map(|d| d.data.clone()) {
            Some(VecData::List(p)) => p,
            _ => Vec::new(),
        };
        let rows = match parts.first().and_then(|r| r.as_vector()) {
            Some(r) => {
                let idx: Vec<Option<usize>> = first
                    .iter()
                    .map(|&i| (i != NA_INTEGER && i >= 1).then(|| i as usize - 1))
                    .collect();
                let idx: Vec<Option<usize>> = idx
                    .into_iter()
                    .map(|i| i.filter(|&i| i < r.len()))
                    .collect();
                Value::from_data(r.data.select(&idx))
            }
            None => Value::Null,
        };
        let given: Option<Vec<RStr>> = dimnames
            .attr("names")
            .map(super::output::as_strings)
            .filter(|n| {
                n.iter()
                    .any(|s| s.as_deref().is_some_and(|s| !s.is_empty()))
            });
        let cols = match given {
            Some(n) => str_vec(n),
            None if rank == 2 => Value::strs(&["row", "col"]),
            None => Value::strs(&(1..=rank).map(|i| format!("dim{i}")).collect::<Vec<_>>()),
        };
        res.set_attr("dimnames", list_vec(vec![rows, cols]));
    }
    Ok(Value::Vec(res.into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strs(v: &[Option<&str>]) -> Vec<RStr> {
        v.iter().map(|s| s.map(Into::into)).collect()
    }

    #[test]
    fn combinations_in_r_order() {
        let mut a = vec![0, 1];
        let mut seen = vec![a.clone()];
        while next_combination(&mut a, 4) {
            seen.push(a.clone());
        }
        let want: Vec<Vec<usize>> = vec![
            vec![0, 1],
            vec![0, 2],
            vec![0, 3],
            vec![1, 2],
            vec![1, 3],
            vec![2, 3],
        ];
        assert_eq!(seen, want);
    }

    #[test]
    fn names_as_r_makes_them() {
        let cases = [
            (Some("a b"), "a.b"),
            (Some("1x"), "X1x"),
            (Some("_y"), "X_y"),
            (Some(""), "X"),
            (None, "NA."),
            (Some("if"), "if."),
            (Some(".2a"), "X.2a"),
            (Some("..."), "..."),
        ];
        for (s, want) in cases {
            assert_eq!(make_name(s, true), want, "{s:?}");
        }
        assert_eq!(make_name(Some("x_y"), false), "x.y");
    }

    #[test]
    fn unique_names_skip_those_in_use() {
        let got = make_unique(
            &strs(&[Some("a"), Some("a"), Some("b"), Some("a"), Some("a.1")]),
            ".",
        );
        assert_eq!(
            got,
            strs(&[Some("a"), Some("a.2"), Some("b"), Some("a.3"), Some("a.1")])
        );
        let got = make_unique(&strs(&[None, None, Some("NA")]), ".");
        assert_eq!(got, strs(&[None, Some("NA.1"), Some("NA")]));
    }
}
