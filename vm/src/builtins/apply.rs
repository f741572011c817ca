//! Grouping and margin-wise application: `apply`, `tapply`, `split`, `table`.
//! Groups are built as R's `factor()` builds levels: the sorted distinct
//! non-NA values (numbers numerically, strings in the C.UTF-8 collation),
//! labelled by `as.character`; NA elements belong to no group.

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
        VecData::Raw(_) => return Err(RError::new("unimplemented type 'raw' in 'orderVector1'\n")),
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

/// `apply(X, MARGIN, FUN, ..., simplify = TRUE)` over the margins of a
/// matrix or an array, as R's `apply`: FUN gets each `X[i, , ...]` slice
/// (a vector with the names of the remaining dimension, or an array of the
/// remaining ones); equal-length results make a vector or an array.
fn builtin_apply(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["X", "MARGIN", "FUN", "...", "simplify"])?;
    let x = b.take(0).unwrap_or(Value::Null);
    let margin = b.take(1);
    let f = function_arg(interp, b.take(2))?;
    let simplify_flag = super::output::arg_flag(&b.take(4), true);
    let Some(xv) = x.as_vector() else {
        return Err(RError::new("dim(X) must have a positive length"));
    };
    let Some(d) = xv.dims().filter(|d| !d.is_empty()) else {
        return Err(RError::new("dim(X) must have a positive length"));
    };
    let dl = d.len();
    // The dimnames (one entry per dimension) and their names.
    let (dn, dnn): (Option<Vec<Value>>, Option<Vec<RStr>>) = match xv.attr("dimnames") {
        Some(Value::Vec(v)) => match &v.data {
            VecData::List(l) => {
                let mut l = l.clone();
                l.resize(dl, Value::Null);
                (
                    Some(l),
                    v.attr("names").and_then(|_| v.names().map(|n| n.to_vec())),
                )
            }
            _ => (None, None),
        },
        _ => (None, None),
    };
    let Some(margin) = margin else {
        return Err(RError::new(
            "argument \"MARGIN\" is missing, with no default",
        ));
    };
    let margin: Vec<usize> = match margin.as_vector().map(|m| m.data.clone()) {
        Some(VecData::Str(s)) => {
            let Some(names) = &dnn else {
                return Err(RError::new("'X' must have named dimnames"));
            };
            let mut out = Vec::new();
            for m in &s {
                match names.iter().position(|n| n.is_some() && n == m) {
                    Some(k) => out.push(k),
                    None => {
                        return Err(RError::new(
                            "not all elements of 'MARGIN' are names of dimensions",
                        ))
                    }
                }
            }
            out
        }
        Some(data) => {
            let VecData::Dbl(m) = data.coerce(VType::Dbl) else {
                return Err(RError::new("'MARGIN' does not match dim(X)"));
            };
            let mut out = Vec::new();
            for k in m {
                if !(k >= 1.0 && k < dl as f64 + 1.0) {
                    return Err(RError::new("'MARGIN' does not match dim(X)"));
                }
                out.push(k as usize - 1);
            }
            out
        }
        None => return Err(RError::new("'MARGIN' does not match dim(X)")),
    };
    // s.call / s.ans: the dimensions of each slice and of the result.
    let s_ans = margin.clone();
    let s_call: Vec<usize> = (0..dl).filter(|k| !margin.contains(k)).collect();
    let d_call: Vec<usize> = s_call.iter().map(|&k| d[k]).collect();
    let d_ans: Vec<usize> = s_ans.iter().map(|&k| d[k]).collect();
    let d2: usize = d_ans.iter().product();
    if d2 == 0 {
        return Err(RError::unsupported("apply() over a margin of extent 0"));
    }

    let mut stride = vec![1usize; dl];
    for k in 1..dl {
        stride[k] = stride[k - 1] * d[k - 1];
    }
    // Linear offsets of the elements of one slice (s.call in column-major
    // order) and of the slices (s.ans likewise).
    let offsets = |dims: &[usize]| -> Vec<usize> {
        let ext: Vec<usize> = dims.iter().map(|&k| d[k]).collect();
        let total: usize = ext.iter().product();
        let mut out = Vec::with_capacity(total);
        let mut counter = vec![0usize; dims.len()];
        for _ in 0..total {
            out.push(
                dims.iter()
                    .zip(&counter)
                    .map(|(&k, &c)| c * stride[k])
                    .sum(),
            );
            for (c, &e) in counter.iter_mut().zip(&ext) {
                *c += 1;
                if *c < e {
                    break;
                }
                *c = 0;
            }
        }
        out
    };
    let within = offsets(&s_call);
    let starts = offsets(&s_ans);
    let dn_call: Option<Vec<Value>> = dn
        .as_ref()
        .map(|l| s_call.iter().map(|&k| l[k].clone()).collect());
    let dnn_call: Option<Vec<RStr>> = dnn
        .as_ref()
        .map(|n| s_call.iter().map(|&k| n[k].clone()).collect());
    let dn_ans: Option<Vec<Value>> = dn
        .as_ref()
        .map(|l| s_ans.iter().map(|&k| l[k].clone()).collect());
    let dnn_ans: Option<Vec<RStr>> = dnn
        .as_ref()
        .map(|n| s_ans.iter().map(|&k| n[k].clone()).collect());
    let named_list = |items: Vec<Value>, names: &Option<Vec<RStr>>| -> Value {
        let mut l = Vector::new(VecData::List(items));
        if let Some(n) = names {
            l.set_attr("names", str_vec(n.clone()));
        }
        Value::Vec(Rc::new(l))
    };
    let call = |interp: &mut Interp, v: Value| -> RResult<Value> {
        let mut a = Args::new();
        a.push(None, v);
        for (n, d) in &b.dots {
            a.push(n.clone(), d.clone());
        }
        interp.call_value(&f, a, CallSite::Text("FUN(newX[, i], ...)".into()))
    };
    let mut results = Vec::with_capacity(d2);
    for &start in &starts {
        let pos: Vec<Option<usize>> = within.iter().map(|&o| Some(start + o)).collect();
        let mut s = Vector::new(xv.data.select(&pos));
        if d_call.len() < 2 {
            // newX[, i]: named by the remaining dimension's dimnames.
            if let Some(Value::Vec(n)) = dn_call.as_ref().and_then(|l| l.first()) {
                s.set_attr(
                    "names",
                    str_vec(super::output::as_strings(&Value::Vec(n.clone()))),
                );
            }
        } else {
            s.set_attr("dim", int_vec(d_call.iter().map(|&e| e as i32).collect()));
            if let Some(l) = &dn_call {
                let v = named_list(l.clone(), &dnn_call);
                s = super::matrix::dimnames_assign(Value::Vec(Rc::new(s)), v)?
                    .into_vector()
                    .unwrap();
            }
        }
        results.push(call(interp, Value::from_vector(s))?);
    }
    let first = &results[0];
    let mut ans_list =
        !simplify_flag || matches!(first.vtype(), Some(VType::List)) || first.is_function();
    let l_ans = first.len();
    let mut ans_names: Option<Vec<RStr>> = match first {
        Value::Vec(v) => v.names().map(|n| n.to_vec()),
        _ => None,
    };
    if !ans_list {
        ans_list = results.iter().any(|r| r.len() != l_ans);
    }
    if !ans_list && ans_names.is_some() {
        let same = results.iter().all(|r| match r {
            Value::Vec(v) => v.names().map(|n| n.to_vec()) == ans_names,
            _ => false,
        });
        if !same {
            ans_names = None;
        }
    }
    let margin1_names = || -> Option<Vec<RStr>> {
        match dn_ans.as_ref().and_then(|l| l.first()) {
            Some(v) if !v.is_empty() => Some(super::output::as_strings(v)),
            _ => None,
        }
    };
    let dn_ans_value = || -> Value {
        match &dn_ans {
            Some(l) => named_list(l.clone(), &dnn_ans),
            None => Value::Null,
        }
    };
    let as_array = |data: Value, dims: Vec<usize>, dimnames: Value| -> RResult<Value> {
        let mut v = Vector::new(
            data.as_vector()
                .map(|v| v.data.clone())
                .unwrap_or(VecData::Lgl(Vec::new())),
        );
        v.set_attr("dim", int_vec(dims.iter().map(|&e| e as i32).collect()));
        let v = Value::Vec(Rc::new(v));
        if !dimnames.is_empty() {
            super::matrix::dimnames_assign(v, dimnames)
        } else {
            Ok(v)
        }
    };
    if ans_list {
        if s_ans.len() == 1 {
            let mut l = Vector::new(VecData::List(results));
            if let Some(n) = margin1_names() {
                l.set_attr("names", str_vec(n));
            }
            return Ok(Value::Vec(Rc::new(l)));
        }
        return Err(RError::unsupported(
            "apply() giving a list over more than one margin",
        ));
    }
    let items: Vec<(Option<Sym>, Value)> = results.into_iter().map(|r| (None, r)).collect();
    let ans = super::construct::combine(&items, false, true);
    let len_a = ans.len();
    if s_ans.len() == 1 && len_a == d2 {
        let mut ans = ans;
        ans.set_attr("names", margin1_names().map_or(Value::Null, str_vec));
        return Ok(ans);
    }
    if len_a == d2 {
        return as_array(ans, d_ans, dn_ans_value());
    }
    if len_a > 0 && len_a.is_multiple_of(d2) {
        let mut parts: Vec<Value> = match &dn_ans {
            Some(l) => l.clone(),
            None => vec![Value::Null; d_ans.len()],
        };
        let mut names: Option<Vec<RStr>> = dnn_ans.clone();
        let mut n1: Option<RStr> = None;
        if let (Some(dc), Some(an)) = (&dn_call, &ans_names) {
            if let (Some(first), Some(nn)) = (dc.first(), &dnn_call) {
                if let Some(Some(s)) = nn.first() {
                    if !s.is_empty() && an.len() == first.len() {
                        n1 = Some(Some(s.clone()));
                    }
                }
            }
        }
        parts.insert(0, ans_names.map_or(Value::Null, str_vec));
        if n1.is_some() || names.is_some() {
            let mut n = names
                .take()
                .unwrap_or_else(|| vec![Some("".into()); d_ans.len()]);
            n.insert(0, n1.unwrap_or_else(|| Some("".into())));
            names = Some(n);
        }
        let keep = names.is_some() || parts.iter().any(|p| !p.is_null());
        let mut dims = vec![len_a / d2];
        dims.extend(&d_ans);
        let dnv = if keep {
            named_list(parts, &names)
        } else {
            Value::Null
        };
        return as_array(ans, dims, dnv);
    }
    Ok(ans)
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
