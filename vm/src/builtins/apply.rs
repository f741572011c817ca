//! Grouping and margin-wise application: `apply`, `tapply`, `split`, `table`.
//! Groups are built as R's `factor()` builds levels: the sorted distinct
//! non-NA values (numbers numerically, strings in the C.UTF-8 collation),
//! labelled by `as.character`; NA elements belong to no group.

use super::functional::simplify;
use super::BuiltinDef;
use crate::args::Args;
use crate::ast::ExprKind;
use crate::error::{RError, RResult};
use crate::interp::{CallSite, Interp};
use crate::value::*;
use std::rc::Rc;

pub const BUILTINS: &[BuiltinDef] = &[
    BuiltinDef::new("apply", builtin_apply),
    BuiltinDef::new("tapply", builtin_tapply),
    BuiltinDef::new("split", builtin_split),
    BuiltinDef::new("split.default", builtin_split),
    BuiltinDef::new("table", builtin_table),
];

/// A function argument given as a function or as a function's name.
pub(super) fn function_arg(interp: &mut Interp, f: Option<Value>) -> RResult<Value> {
    match f {
        Some(f) if f.is_function() => Ok(f),
        Some(f) => match super::output::arg_str(&Some(f)) {
            Some(name) => interp.find_function(&name).ok_or_else(|| {
                RError::new(format!(
                    "object '{}' of mode 'function' was not found",
                    name
                ))
            }),
            None => Err(RError::new("'FUN' is not a function, character or symbol")),
        },
        None => Err(RError::new("argument \"FUN\" is missing, with no default")),
    }
}

/// Factor levels of `x`: (labels, code of each element; None for NA). A
/// factor's groups are its levels, used or not.
pub(crate) fn grouping(x: &Value) -> RResult<(Vec<RStr>, Vec<Option<usize>>)> {
    if super::factor::is_factor(x) {
        let levels = super::factor::levels_of(x);
        let n = levels.len();
        let codes = match x.as_vector().map(|v| v.data.coerce(VType::Int)) {
            Some(VecData::Int(c)) => c
                .into_iter()
                .map(|c| (c >= 1 && c as usize <= n).then(|| c as usize - 1))
                .collect(),
            _ => Vec::new(),
        };
        return Ok((levels, codes));
    }
    let Some(v) = x.as_vector() else {
        return Ok((Vec::new(), Vec::new()));
    };
    let n = v.len();
    let levels: Vec<usize>; // indices into x of one representative per level
    let mut codes: Vec<Option<usize>> = vec![None; n];
    match &v.data {
        VecData::List(_) => return Err(RError::unsupported("grouping by a list")),
        VecData::Cplx(_) => return Err(RError::unsupported("grouping by a complex vector")),
        VecData::Str(s) => {
            // One representative per distinct string (hashing, not n log n
            // collations), then the distinct strings sorted by collation.
            let mut first = super::hash::map_with_capacity::<&str, usize>(16);
            let mut idx: Vec<usize> = Vec::new();
            // The element's level in order of first appearance.
            let mut seen: Vec<usize> = vec![usize::MAX; n];
            // Elements are often copies of a few shared strings (`sample`,
            // `rep`, subsets): a small cache keyed by the string's address
            // (same allocation, same text) skips most of the hashing.
            let mut cache = [(0usize, 0usize); 16];
            for (i, e) in s.iter().enumerate() {
                if let Some(e) = e {
                    let addr = e.as_ptr() as usize;
                    let slot = (addr >> 4 ^ addr >> 9) & 15;
                    if cache[slot].0 == addr && addr != 0 {
                        seen[i] = cache[slot].1;
                        continue;
                    }
                    let level = *first.entry(e).or_insert_with(|| {
                        idx.push(i);
                        idx.len() - 1
                    });
                    cache[slot] = (addr, level);
                    seen[i] = level;
                }
            }
            let mut by_collation: Vec<usize> = (0..idx.len()).collect();
            by_collation.sort_by(|&a, &b| {
                super::arith::collate(s[idx[a]].as_deref().unwrap(), s[idx[b]].as_deref().unwrap())
            });
            let mut rank = vec![0; idx.len()];
            for (r, &k) in by_collation.iter().enumerate() {
                rank[k] = r;
            }
            for i in 0..n {
                if seen[i] != usize::MAX {
                    codes[i] = Some(rank[seen[i]]);
                }
            }
            let idx: Vec<usize> = by_collation.iter().map(|&k| idx[k]).collect();
            levels = idx;
        }
        VecData::Lgl(x) | VecData::Int(x) => {
            // Integers over a range not much wider than the vector: a table
            // indexed by value (first occurrence of each), no sort and no hash.
            let (mut lo, mut hi) = (i32::MAX, i32::MIN);
            for &e in x.iter().filter(|&&e| e != NA_INTEGER) {
                lo = lo.min(e);
                hi = hi.max(e);
            }
            if lo > hi {
                levels = Vec::new();
            } else if ((hi as i64 - lo as i64) as usize) <= 4 * n + 1024 {
                let width = (hi as i64 - lo as i64) as usize + 1;
                let mut first = vec![usize::MAX; width];
                for (i, &e) in x.iter().enumerate() {
                    if e != NA_INTEGER {
                        let slot = &mut first[(e as i64 - lo as i64) as usize];
                        if *slot == usize::MAX {
                            *slot = i;
                        }
                    }
                }
                let mut idx = Vec::new();
                for slot in first.iter_mut() {
                    if *slot != usize::MAX {
                        let rep = *slot;
                        *slot = idx.len();
                        idx.push(rep);
                    }
                }
                for (c, &e) in codes.iter_mut().zip(x.iter()) {
                    if e != NA_INTEGER {
                        *c = Some(first[(e as i64 - lo as i64) as usize]);
                    }
                }
                levels = idx;
            } else {
                let num: Vec<f64> = x
                    .iter()
                    .map(|&e| if e == NA_INTEGER { f64::NAN } else { e as f64 })
                    .collect();
                levels = numeric_levels(&num, &mut codes);
            }
        }
        VecData::Dbl(x) => levels = numeric_levels(x, &mut codes),
    }
    let reps = Value::from_data(
        v.data
            .select(&levels.iter().map(|&i| Some(i)).collect::<Vec<_>>()),
    );
    Ok((super::output::as_strings(&reps), codes))
}

/// Levels of a double vector (NaN and NA in none): one representative per
/// distinct value by hashing (0 and -0 are one value), the distinct values
/// sorted; `codes` gets each element's level. Returns the representatives.
fn numeric_levels(num: &[f64], codes: &mut [Option<usize>]) -> Vec<usize> {
    let key = |e: f64| if e == 0.0 { 0u64 } else { e.to_bits() };
    let mut first = super::hash::map_with_capacity::<u64, usize>(16);
    let mut idx: Vec<usize> = Vec::new();
    let mut seen: Vec<usize> = vec![usize::MAX; num.len()];
    for (i, &e) in num.iter().enumerate() {
        if !e.is_nan() {
            seen[i] = *first.entry(key(e)).or_insert_with(|| {
                idx.push(i);
                idx.len() - 1
            });
        }
    }
    let mut order: Vec<usize> = (0..idx.len()).collect();
    order.sort_unstable_by(|&a, &b| num[idx[a]].partial_cmp(&num[idx[b]]).unwrap());
    let mut rank = vec![0; idx.len()];
    for (r, &k) in order.iter().enumerate() {
        rank[k] = r;
    }
    for (c, &s) in codes.iter_mut().zip(seen.iter()) {
        if s != usize::MAX {
            *c = Some(rank[s]);
        }
    }
    order.iter().map(|&k| idx[k]).collect()
}

/// The elements of `x` in each of `nlevels` groups (with their names), in
/// one pass over the codes.
fn group_members(x: &Value, codes: &[Option<usize>], nlevels: usize) -> Vec<Value> {
    // Sized by a count first: one allocation per group.
    let mut counts = vec![0usize; nlevels];
    for &k in codes.iter().flatten() {
        counts[k] += 1;
    }
    let mut positions: Vec<Vec<Option<usize>>> =
        counts.iter().map(|&c| Vec::with_capacity(c)).collect();
    for (i, c) in codes.iter().enumerate() {
        if let Some(k) = c {
            positions[*k].push(Some(i));
        }
    }
    let Some(v) = x.as_vector() else {
        return vec![Value::Null; nlevels];
    };
    let names = v.names();
    positions
        .iter()
        .map(|pos| {
            let mut out = Vector::new(v.data.select(pos));
            if let Some(names) = names {
                out.set_attr("names", str_vec(select_from(names, pos, None)));
            }
            Value::from_vector(out)
        })
        .collect()
}

/// A 1-d array with dimnames `list(labels)` (named `dnn` when given).
fn array1(data: VecData, labels: Vec<RStr>, dnn: Option<&str>) -> Value {
    let n = data.len();
    let mut v = Vector::new(data);
    v.set_attr("dim", int_vec(vec![n as i32]));
    let mut dn = list_vec(vec![str_vec(labels)]);
    if let Some(name) = dnn {
        dn.set_attr("names", Value::str(name));
    }
    v.set_attr("dimnames", dn);
    Value::Vec(Rc::new(v))
}

fn same_length(x: &Value, codes: &[Option<usize>], what: &str) -> RResult<()> {
    if x.len() != codes.len() {
        return Err(RError::new(format!(
            "arguments must have same length{}",
            what
        )));
    }
    Ok(())
}

/// `tapply(X, INDEX, FUN, ..., simplify = TRUE)` with one grouping vector.
fn builtin_tapply(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["X", "INDEX", "FUN", "...", "default", "simplify"])?;
    let x = b.take(0).unwrap_or(Value::Null);
    let index = b.take(1).unwrap_or(Value::Null);
    if matches!(index.vtype(), Some(VType::List)) {
        return Err(RError::unsupported(
            "tapply with a list of grouping factors",
        ));
    }
    let f = function_arg(interp, b.take(2))?;
    let simplify_flag = super::output::arg_flag(&b.take(5), true);
    let (labels, codes) = grouping(&index)?;
    same_length(&x, &codes, "")?;
    let site = CallSite::Text("FUN(X[[i]], ...)".into());
    let mut results = Vec::with_capacity(labels.len());
    // A factor's unused levels: R calls FUN for no empty group; their
    // cells are NA (NULL in a list).
    let mut empty = vec![true; labels.len()];
    for &k in codes.iter().flatten() {
        empty[k] = false;
    }
    let groups = group_members(&x, &codes, labels.len());
    let mut groups = groups.into_iter();
    for is_empty in empty.iter() {
        let members = groups.next().unwrap_or(Value::Null);
        if *is_empty {
            continue;
        }
        let mut a = Args::new();
        a.push(None, members);
        for (n, v) in &b.dots {
            a.push(n.clone(), v.clone());
        }
        results.push(interp.call_value(&f, a, site.clone())?);
    }
    let scalar = |v: &Value| v.len() == 1 && !matches!(v.vtype(), None | Some(VType::List));
    if simplify_flag && results.iter().all(scalar) {
        // No groups at all: R's `array(NA, 0)`, a logical array.
        let t = results
            .iter()
            .filter_map(|r| r.vtype())
            .max()
            .unwrap_or(VType::Lgl);
        let mut data = VecData::empty(t);
        let mut results = results.iter();
        for is_empty in &empty {
            let cell = match is_empty {
                true => VecData::na_filled(t, 1),
                false => results.next().unwrap().as_vector().unwrap().data.coerce(t),
            };
            crate::coerce::append_data(&mut data, cell);
        }
        if labels.is_empty() {
            // `array(NA, 0, list(character(0)))`: R drops the empty dimnames.
            let mut v = Vector::new(data);
            v.set_attr("dim", int_vec(vec![0]));
            v.set_attr("dimnames", list_vec(vec![Value::Null]));
            return Ok(Value::Vec(Rc::new(v)));
        }
        return Ok(array1(data, labels, None));
    }
    let mut results = results.into_iter();
    let cells = empty
        .iter()
        .map(|e| match e {
            true => Value::Null,
            false => results.next().unwrap(),
        })
        .collect();
    Ok(array1(VecData::List(cells), labels, None))
}

/// `split(x, f)`: a list of the elements of `x` per group of `f`, named by
/// the groups (`f` recycled to the length of `x`).
fn builtin_split(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "f", "drop", "..."])?;
    let x = b.take(0).unwrap_or(Value::Null);
    let f = b.take(1).unwrap_or(Value::Null);
    if matches!(f.vtype(), Some(VType::List)) {
        return Err(RError::unsupported("split with a list of grouping factors"));
    }
    if x.is_function() {
        return Err(RError::unsupported("split of a function"));
    }
    let drop = super::output::arg_flag(&b.take(2), false);
    let (mut labels, mut codes) = grouping(&f)?;
    if drop && super::factor::is_factor(&f) {
        // `factor(f)`: only the levels that occur.
        let mut used = vec![false; labels.len()];
        for &k in codes.iter().flatten() {
            used[k] = true;
        }
        let mut new_code = vec![0; labels.len()];
        let mut kept = Vec::new();
        for (k, l) in labels.into_iter().enumerate() {
            if used[k] {
                new_code[k] = kept.len();
                kept.push(l);
            }
        }
        labels = kept;
        codes = codes.into_iter().map(|c| c.map(|k| new_code[k])).collect();
    }
    let n = x.len();
    if !codes.is_empty() && codes.len() != n {
        // The grouping is recycled over `x` (R also warns when the lengths
        // are not multiples; that warning is not given here).
        codes = (0..n).map(|i| codes[i % codes.len()]).collect();
    } else if codes.is_empty() && n > 0 {
        codes = vec![None; n];
    }
    let mut groups = group_members(&x, &codes, labels.len());
    if super::factor::is_factor(&x) {
        let levels = x.attr("levels").cloned().unwrap_or(Value::Null);
        let class = x.attr("class").cloned().unwrap_or(Value::Null);
        for g in groups.iter_mut() {
            *g = super::factor::rewrap(std::mem::replace(g, Value::Null), &levels, &class);
        }
    }
    let mut out = list_vec(groups);
    out.set_attr("names", str_vec(labels));
    Ok(out)
}

/// `table(x)` of one atomic vector: counts per level, a 1-d array of class
/// "table" whose dimnames are named after `x` when `x` is a variable.
fn builtin_table(interp: &mut Interp, args: Args) -> RResult<Value> {
    let supplied_name = args.names.first().cloned().flatten();
    if args.len() != 1 {
        return Err(RError::unsupported(
            "table() of more or less than one vector",
        ));
    }
    let x = args.values.into_iter().next().unwrap();
    if matches!(x.vtype(), Some(VType::List)) {
        return Err(RError::unsupported("table() of a list"));
    }
    // deparse.level = 1: the argument's name, or its text when it is a symbol.
    let dnn = match supplied_name.filter(|n| !n.is_empty()) {
        Some(n) => n.to_string(),
        None => match interp.current_call_expr().map(|e| &e.kind) {
            Some(ExprKind::Call(_, a)) => match a.first().and_then(|a| a.value.as_ref()) {
                Some(e) => match &e.kind {
                    ExprKind::Ident(s) => s.to_string(),
                    _ => String::new(),
                },
                None => String::new(),
            },
            _ => String::new(),
        },
    };
    let (labels, codes) = grouping(&x)?;
    let mut counts = vec![0i32; labels.len()];
    for k in codes.into_iter().flatten() {
        counts[k] += 1;
    }
    let mut t = array1(VecData::Int(counts), labels, Some(&dnn));
    t.set_attr("class", Value::str("table"));
    Ok(t)
}

/// `apply(X, MARGIN, FUN, ..., simplify = TRUE)` over the rows (1), columns
/// (2) or cells (c(1, 2)) of a matrix.
fn builtin_apply(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["X", "MARGIN", "FUN", "...", "simplify"])?;
    let x = b.take(0).unwrap_or(Value::Null);
    let margin = b.take(1);
    let f = function_arg(interp, b.take(2))?;
    let simplify_flag = super::output::arg_flag(&b.take(4), true);
    let Some(xv) = x.as_vector() else {
        return Err(RError::new("dim(X) must have a positive length"));
    };
    let Some((nr, nc)) = xv.dim2() else {
        return Err(match x.attr("dim") {
            Some(_) => RError::unsupported("apply() over an array of more than 2 dimensions"),
            None => RError::new("dim(X) must have a positive length"),
        });
    };
    let margin: Vec<f64> = match margin.as_ref().and_then(|m| m.as_vector()) {
        Some(m) => match m.data.coerce(VType::Dbl) {
            VecData::Dbl(d) => d,
            _ => Vec::new(),
        },
        None => {
            return Err(RError::new(
                "argument \"MARGIN\" is missing, with no default",
            ))
        }
    };
    let (rown, coln) = dimnames_pair(&xv);
    let call = |interp: &mut Interp, v: Value| -> RResult<Value> {
        let mut a = Args::new();
        a.push(None, v);
        for (n, d) in &b.dots {
            a.push(n.clone(), d.clone());
        }
        interp.call_value(&f, a, CallSite::Text("FUN(newX[, i], ...)".into()))
    };
    if margin == [1.0, 2.0] {
        let mut out = Vec::with_capacity(nr * nc);
        for k in 0..nr * nc {
            out.push(call(interp, Value::from_data(xv.data.select(&[Some(k)])))?);
        }
        if out
            .iter()
            .all(|r| r.len() == 1 && !matches!(r.vtype(), None | Some(VType::List)))
        {
            let mut v = simplify(out, None).into_vector().unwrap();
            v.set_attr("dim", int_vec(vec![nr as i32, nc as i32]));
            if let Some(dn) = xv.attr("dimnames") {
                v.set_attr("dimnames", dn.clone());
            }
            return Ok(Value::Vec(Rc::new(v)));
        }
        return Err(RError::unsupported(
            "apply(X, c(1, 2), FUN) with non-scalar results",
        ));
    }
    let by_row = match margin.as_slice() {
        [m] if *m == 1.0 => true,
        [m] if *m == 2.0 => false,
        _ => return Err(RError::new("'MARGIN' does not match dim(X)")),
    };
    let (count, len) = if by_row { (nr, nc) } else { (nc, nr) };
    let (slice_names, margin_names) = if by_row { (coln, rown) } else { (rown, coln) };
    let mut results = Vec::with_capacity(count);
    for i in 0..count {
        let pos: Vec<Option<usize>> = (0..len)
            .map(|j| Some(if by_row { i + j * nr } else { j + i * nr }))
            .collect();
        let mut s = Vector::new(xv.data.select(&pos));
        if let Some(n) = &slice_names {
            s.set_attr("names", str_vec(n.clone()));
        }
        results.push(call(interp, Value::from_vector(s))?);
    }
    if !simplify_flag {
        let mut l = list_vec(results);
        if let Some(n) = margin_names {
            l.set_attr("names", str_vec(n));
        }
        return Ok(l);
    }
    let n0 = results.first().map_or(0, |r| r.len());
    if results
        .iter()
        .any(|r| r.len() != n0 || matches!(r.vtype(), Some(VType::List)))
        || n0 == 0
    {
        // Results of different lengths stay a list (R's apply does the same).
        let mut l = list_vec(results);
        if let Some(n) = margin_names {
            l.set_attr("names", str_vec(n));
        }
        return Ok(l);
    }
    if n0 == 1 {
        // unlist(ans, use.names = FALSE), named by the margin's dimnames.
        let mut v = simplify(results, None).into_vector().unwrap();
        v.set_attr("names", Value::Null);
        if let Some(n) = margin_names {
            v.set_attr("names", str_vec(n));
        }
        return Ok(Value::from_vector(v));
    }
    let inner = match &results[0] {
        Value::Vec(v) => v.names().map(|n| n.to_vec()),
        _ => None,
    };
    let mut v = simplify(results, None).into_vector().unwrap();
    v.set_attr("dimnames", Value::Null);
    if inner.is_some() || margin_names.is_some() {
        let rn = inner.map_or(Value::Null, str_vec);
        let cn = margin_names.map_or(Value::Null, str_vec);
        v.set_attr("dimnames", list_vec(vec![rn, cn]));
    }
    Ok(Value::Vec(Rc::new(v)))
}

/// The row and column names of a matrix, when it has them.
pub fn dimnames_pair(v: &Vector) -> (Option<Vec<RStr>>, Option<Vec<RStr>>) {
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
