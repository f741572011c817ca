//! Higher-order builtins: `lapply`, `sapply`, `vapply`, `Map`, `mapply`,
//! `Reduce`, `Filter`, `do.call`, `match.fun`, `Find`, `Position`, `Negate`.
//! They call back into the interpreter through `Interp::call_value`;
//! `Negate` returns a closure compiled from R source (`closure_from_source`).

use super::BuiltinDef;
use crate::args::Args;
use crate::coerce::append_data;
use crate::error::{RError, RResult};
use crate::interp::{CallSite, Interp};
use crate::value::*;
use std::rc::Rc;

pub const BUILTINS: &[BuiltinDef] = &[
    BuiltinDef::new("lapply", lapply),
    BuiltinDef::new("sapply", sapply),
    BuiltinDef::new("vapply", vapply),
    BuiltinDef::new("Map", map),
    BuiltinDef::new("mapply", mapply),
    BuiltinDef::new("Reduce", reduce),
    BuiltinDef::new("Filter", filter),
    BuiltinDef::new("do.call", do_call),
    BuiltinDef::new("match.fun", match_fun),
    BuiltinDef::new("Find", find),
    BuiltinDef::new("Position", position),
    BuiltinDef::new("Negate", negate),
];

/// Resolve a function argument given as a function or as a name.
fn as_function(interp: &mut Interp, f: Option<Value>, what: &str) -> RResult<Value> {
    match f {
        Some(f) if f.is_function() => Ok(f),
        Some(Value::Vec(v)) if matches!(&v.data, VecData::Str(s) if s.len() == 1) => {
            let VecData::Str(s) = &v.data else {
                unreachable!()
            };
            let name = s[0].as_deref().unwrap_or("NA");
            interp.find_function(name).ok_or_else(|| {
                RError::new(format!(
                    "object '{}' of mode 'function' was not found",
                    name
                ))
            })
        }
        Some(_) => Err(RError::new(format!(
            "'{}' is not a function, character or symbol",
            what
        ))),
        None => Err(RError::new(format!(
            "argument \"{}\" is missing, with no default",
            what
        ))),
    }
}

/// The elements of a vector or list as values (NULL → none).
pub fn elements(x: &Value) -> Vec<Value> {
    match x {
        Value::Null => Vec::new(),
        Value::Vec(v) => match &v.data {
            VecData::List(items) => items.clone(),
            d => (0..d.len()).map(|i| d.elt(i)).collect(),
        },
        Value::Closure(_) | Value::Builtin(_) => vec![x.clone()],
        Value::Lang(l) => crate::lang::lang_elems(l)
            .into_iter()
            .map(|(_, v)| v)
            .collect(),
        scalar => vec![scalar.clone()],
    }
}

fn names_of(x: &Value) -> Option<Vec<RStr>> {
    match x {
        Value::Vec(v) => v.names().map(|n| n.to_vec()),
        Value::Lang(l) => match crate::lang::lang_names(l) {
            Value::Vec(n) => match &n.data {
                VecData::Str(s) => Some(s.clone()),
                _ => None,
            },
            _ => None,
        },
        _ => None,
    }
}

fn with_names(mut v: Vector, names: Option<Vec<RStr>>) -> Vector {
    if let Some(n) = names {
        if n.len() == v.len() {
            v.set_attr("names", str_vec(n));
        }
    }
    v
}

fn apply_each(
    interp: &mut Interp,
    f: &Value,
    xs: Vec<Value>,
    extra: &[(Option<Sym>, Value)],
) -> RResult<Vec<Value>> {
    let site = CallSite::Text("FUN(X[[i]], ...)".into());
    let mut out = Vec::with_capacity(xs.len());
    if let (Value::Closure(clo), true) = (f, extra.is_empty()) {
        // `FUN(x)`: one positional argument, bound without a list to match.
        if Interp::positional_ok(clo, 1) {
            let mut arg = Vec::with_capacity(1);
            for x in xs {
                arg.push(x);
                out.push(interp.call_closure_values(clo, &mut arg, site.clone())?);
            }
            return Ok(out);
        }
    }
    for x in xs {
        let mut a = Args::new();
        a.push(None, x);
        for (n, v) in extra {
            a.push(n.clone(), v.clone());
        }
        out.push(interp.call_value(f, a, site.clone())?);
    }
    Ok(out)
}

fn lapply(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["X", "FUN", "..."])?;
    let x = b.take(0).unwrap_or(Value::Null);
    let f = as_function(interp, b.take(1), "FUN")?;
    let res = apply_each(interp, &f, elements(&x), &b.dots)?;
    Ok(Value::Vec(Rc::new(with_names(
        Vector::new(VecData::List(res)),
        names_of(&x),
    ))))
}

/// The data of results that are all unboxed scalars of one type (the common
/// `sapply` of a numeric function), without coercing each.
fn same_scalars(results: &[Value]) -> Option<VecData> {
    macro_rules! all_of {
        ($variant:ident) => {
            results
                .iter()
                .map(|r| match r {
                    Value::$variant(x) => Some(*x),
                    _ => None,
                })
                .collect::<Option<Vec<_>>>()
                .map(VecData::$variant)
        };
    }
    match results.first()? {
        Value::Dbl(_) => all_of!(Dbl),
        Value::Int(_) => all_of!(Int),
        Value::Lgl(_) => all_of!(Lgl),
        _ => None,
    }
}

/// R's `simplify2array` for `sapply`/`mapply`: scalars → vector, equal lengths → matrix.
pub fn simplify(results: Vec<Value>, names: Option<Vec<RStr>>) -> Value {
    if results.is_empty() {
        return Value::Vec(Rc::new(Vector::new(VecData::List(results))));
    }
    let atomic = |v: &Value| !matches!(v.vtype(), None | Some(VType::List));
    let n0 = results[0].len();
    let same_len = results.iter().all(|r| r.len() == n0);
    if !same_len || n0 == 0 {
        return Value::Vec(Rc::new(with_names(
            Vector::new(VecData::List(results)),
            names,
        )));
    }
    if !results.iter().all(atomic) {
        if n0 == 1 {
            // A list of length-1 lists: unlist one level.
            let items: Vec<Value> = results
                .iter()
                .map(|r| elements(r).into_iter().next().unwrap_or(Value::Null))
                .collect();
            return Value::Vec(Rc::new(with_names(
                Vector::new(VecData::List(items)),
                names,
            )));
        }
        return Value::Vec(Rc::new(with_names(
            Vector::new(VecData::List(results)),
            names,
        )));
    }
    if let Some(data) = same_scalars(&results) {
        // (Scalars have no names of their own.)
        return Value::from_vector(with_names(Vector::new(data), names));
    }
    let t = results
        .iter()
        .filter_map(|r| r.vtype())
        .max()
        .unwrap_or(VType::Lgl);
    let mut data = VecData::empty(t);
    for r in &results {
        let v = r.as_vector().unwrap();
        append_data(&mut data, v.data.coerce(t));
    }
    let mut out = Vector::new(data);
    if n0 == 1 {
        let names = names.or_else(|| {
            let inner: Vec<RStr> = results
                .iter()
                .map(|r| names_of(r).and_then(|n| n[0].clone()))
                .collect();
            if inner.iter().any(|n| n.is_some()) {
                Some(
                    inner
                        .into_iter()
                        .map(|n| n.or_else(|| Some("".into())))
                        .collect(),
                )
            } else {
                None
            }
        });
        return Value::from_vector(with_names(out, names));
    }
    out.set_attr("dim", int_vec(vec![n0 as i32, results.len() as i32]));
    let rownames = names_of(&results[0]);
    if rownames.is_some() || names.is_some() {
        let rn = rownames.map(str_vec).unwrap_or(Value::Null);
        let cn = names.map(str_vec).unwrap_or(Value::Null);
        out.set_attr("dimnames", list_vec(vec![rn, cn]));
    }
    Value::Vec(Rc::new(out))
}

fn use_names(x: &Value) -> Option<Vec<RStr>> {
    names_of(x).or_else(|| match x {
        Value::Vec(v) => match &v.data {
            VecData::Str(s) => Some(s.clone()),
            _ => None,
        },
        _ => None,
    })
}

fn sapply(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["X", "FUN", "...", "simplify", "USE.NAMES"])?;
    let x = b.take(0).unwrap_or(Value::Null);
    let f = as_function(interp, b.take(1), "FUN")?;
    let simp = b
        .take(3)
        .map(|v| v.first_f64() != Some(0.0))
        .unwrap_or(true);
    let use_n = b
        .take(4)
        .map(|v| v.first_f64() != Some(0.0))
        .unwrap_or(true);
    let res = apply_each(interp, &f, elements(&x), &b.dots)?;
    let names = if use_n { use_names(&x) } else { None };
    if !simp {
        return Ok(Value::Vec(Rc::new(with_names(
            Vector::new(VecData::List(res)),
            names,
        ))));
    }
    Ok(simplify(res, names))
}

fn vapply(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["X", "FUN", "FUN.VALUE", "...", "USE.NAMES"])?;
    let x = b.take(0).unwrap_or(Value::Null);
    let f = as_function(interp, b.take(1), "FUN")?;
    let fv = b
        .take(2)
        .ok_or_else(|| RError::new("argument \"FUN.VALUE\" is missing, with no default"))?;
    let use_n = b
        .take(4)
        .map(|v| v.first_f64() != Some(0.0))
        .unwrap_or(true);
    let want_t = fv.vtype().unwrap_or(VType::List);
    let want_n = fv.len();
    let res = apply_each(interp, &f, elements(&x), &b.dots)?;
    for (i, r) in res.iter().enumerate() {
        if r.len() != want_n {
            return Err(RError::new(format!(
                "values must be length {},\n but FUN(X[[{}]]) result is length {}",
                want_n,
                i + 1,
                r.len()
            )));
        }
        let t = r.vtype().unwrap_or(VType::List);
        let ok = t == want_t || (t < want_t && want_t <= VType::Dbl) || (want_t == VType::List);
        if !ok {
            return Err(RError::new(format!(
                "values must be type '{}',\n but FUN(X[[{}]]) result is type '{}'",
                want_t.name(),
                i + 1,
                r.type_name()
            )));
        }
    }
    let names = if use_n { use_names(&x) } else { None };
    if res.is_empty() {
        return Ok(Value::Vec(Rc::new(Vector::new(VecData::empty(want_t)))));
    }
    let coerced: Vec<Value> = res
        .into_iter()
        .map(|r| match r.into_vector() {
            Some(mut v) => {
                v.data = v.data.coerce(want_t);
                Value::from_vector(v)
            }
            None => Value::Null,
        })
        .collect();
    Ok(simplify(coerced, names))
}

fn zip_call(
    interp: &mut Interp,
    f: &Value,
    lists: &[(Option<Sym>, Value)],
    more: &[(Option<Sym>, Value)],
) -> RResult<Vec<Value>> {
    let elems: Vec<Vec<Value>> = lists.iter().map(|(_, v)| elements(v)).collect();
    let n = elems.iter().map(|e| e.len()).max().unwrap_or(0);
    if elems.iter().any(|e| e.is_empty()) && n > 0 {
        return Err(RError::new(
            "zero-length inputs cannot be mixed with those of non-zero length",
        ));
    }
    let site = CallSite::Text("(function (...) ...)(dots[[1L]][[1L]], ...)".into());
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let mut a = Args::new();
        for (k, (name, _)) in lists.iter().enumerate() {
            a.push(name.clone(), elems[k][i % elems[k].len()].clone());
        }
        for (nm, v) in more {
            a.push(nm.clone(), v.clone());
        }
        out.push(interp.call_value(f, a, site.clone())?);
    }
    Ok(out)
}

fn first_names(lists: &[(Option<Sym>, Value)]) -> Option<Vec<RStr>> {
    let (_, first) = lists.first()?;
    use_names(first)
}

fn map(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["f", "..."])?;
    let f = as_function(interp, b.take(0), "f")?;
    let res = zip_call(interp, &f, &b.dots, &[])?;
    let names = first_names(&b.dots);
    Ok(Value::Vec(Rc::new(with_names(
        Vector::new(VecData::List(res)),
        names,
    ))))
}

fn mapply(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["FUN", "...", "MoreArgs", "SIMPLIFY", "USE.NAMES"])?;
    let f = as_function(interp, b.take(0), "FUN")?;
    let more: Vec<(Option<Sym>, Value)> = match b.take(2) {
        Some(Value::Vec(l)) => match &l.data {
            VecData::List(items) => {
                let names = l.names().map(|n| n.to_vec()).unwrap_or_default();
                items
                    .iter()
                    .enumerate()
                    .map(|(i, v)| (names.get(i).cloned().flatten(), v.clone()))
                    .collect()
            }
            _ => Vec::new(),
        },
        _ => Vec::new(),
    };
    let simp = b
        .take(3)
        .map(|v| v.first_f64() != Some(0.0))
        .unwrap_or(true);
    let res = zip_call(interp, &f, &b.dots, &more)?;
    let names = first_names(&b.dots);
    if simp {
        Ok(simplify(res, names))
    } else {
        Ok(Value::Vec(Rc::new(with_names(
            Vector::new(VecData::List(res)),
            names,
        ))))
    }
}

fn call2(interp: &mut Interp, f: &Value, a: Value, b: Value) -> RResult<Value> {
    interp.call_value(
        f,
        Args::positional(vec![a, b]),
        CallSite::Text("f(init, x[[i]])".into()),
    )
}

fn reduce(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["f", "x", "init", "right", "accumulate", "simplify"])?;
    let f = as_function(interp, b.take(0), "f")?;
    let x = b.take(1).unwrap_or(Value::Null);
    let init = b.take(2);
    let right = b
        .take(3)
        .map(|v| v.first_f64() == Some(1.0))
        .unwrap_or(false);
    let accumulate = b
        .take(4)
        .map(|v| v.first_f64() == Some(1.0))
        .unwrap_or(false);
    let mut items = elements(&x);
    if right {
        items.reverse();
    }
    let mut it = items.into_iter();
    let mut acc = match init {
        Some(v) => v,
        None => match it.next() {
            Some(v) => v,
            None => return Ok(Value::Null),
        },
    };
    let mut trace = vec![acc.clone()];
    for v in it {
        acc = if right {
            call2(interp, &f, v, acc)?
        } else {
            call2(interp, &f, acc, v)?
        };
        if accumulate {
            trace.push(acc.clone());
        }
    }
    if accumulate {
        if right {
            trace.reverse();
        }
        return Ok(simplify_all_scalar(trace));
    }
    Ok(acc)
}

/// `Reduce(accumulate = TRUE)` simplifies only when every result is a scalar.
fn simplify_all_scalar(v: Vec<Value>) -> Value {
    if v.iter()
        .all(|x| x.len() == 1 && !matches!(x.vtype(), None | Some(VType::List)))
    {
        simplify(v, None)
    } else {
        list_vec(v)
    }
}

fn filter(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["f", "x"])?;
    let f = as_function(interp, b.take(0), "f")?;
    let x = b.take(1).unwrap_or(Value::Null);
    let items = elements(&x);
    let res = apply_each(interp, &f, items, &[])?;
    let mut keep = Vec::new();
    for (i, r) in res.iter().enumerate() {
        if let Some(vec) = r.as_vector() {
            if let VecData::Lgl(l) = vec.data.coerce(VType::Lgl) {
                if l.first() == Some(&1) {
                    keep.push(Some(i));
                }
            }
        }
    }
    match x {
        Value::Null => Ok(Value::Null),
        Value::Vec(v) => {
            let data = v.data.select(&keep);
            let names = v.names().map(|n| {
                keep.iter()
                    .map(|i| n[i.unwrap()].clone())
                    .collect::<Vec<_>>()
            });
            Ok(Value::from_vector(with_names(Vector::new(data), names)))
        }
        other => {
            let data = other
                .as_vector()
                .map(|v| v.data.select(&keep))
                .unwrap_or(VecData::Lgl(vec![]));
            Ok(Value::from_data(data))
        }
    }
}

fn do_call(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["what", "args", "quote", "envir"])?;
    let what = b.take(0);
    let name = match &what {
        Some(Value::Vec(v)) => match &v.data {
            VecData::Str(s) if s.len() == 1 => s[0].as_deref().map(|s| s.to_string()),
            _ => None,
        },
        _ => None,
    };
    let f = as_function(interp, what, "what")?;
    let mut a = Args::new();
    match b.take(1) {
        Some(Value::Vec(l)) => {
            let names = l.names().map(|n| n.to_vec());
            for (i, v) in elements(&Value::Vec(l.clone())).into_iter().enumerate() {
                let n = names
                    .as_ref()
                    .and_then(|n| n[i].clone())
                    .filter(|n| !n.is_empty());
                a.push(n, v);
            }
        }
        Some(Value::Null) | None => {}
        Some(v) => {
            for x in elements(&v) {
                a.push(None, x);
            }
        }
    }
    let site = match name {
        Some(n) => CallSite::Text(format!("{}()", n).into()),
        None => CallSite::Text("(function (...) ...)()".into()),
    };
    interp.call_value(&f, a, site)
}

fn match_fun(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["FUN", "descend"])?;
    as_function(interp, b.take(0), "FUN")
}

// ---------------------------------------------------------------------------
// Find, Position, Negate
// ---------------------------------------------------------------------------

/// `f <- match.fun(f)` inside an R closure: a function, or a function's
/// name; R's error (against `match.fun(f)`) otherwise.
fn match_fun_arg(interp: &mut Interp, f: Option<Value>) -> RResult<Value> {
    match f {
        Some(v) if !v.is_function() && v.vtype() != Some(VType::Str) => Err(RError::with_call(
            format!(
                "'{}' is not a function, character or symbol",
                crate::deparse::deparse_value_short(&v)
            ),
            "match.fun(f)",
        )),
        f => as_function(interp, f, "f"),
    }
}

/// The truth of an `if` condition (R 4.2's rules), errors against `call`.
fn if_truth(v: &Value, call: &str) -> RResult<bool> {
    let err = |msg: &str| RError::with_call(msg, call);
    let vec = match v.as_vector() {
        Some(vec) if !vec.is_empty() => vec,
        _ => return Err(err("argument is of length zero")),
    };
    if vec.len() > 1 {
        return Err(err("the condition has length > 1"));
    }
    let l = match &vec.data {
        VecData::Str(s) => match s[0].as_deref() {
            Some(x) => {
                let l = crate::coerce::str_to_lgl(x);
                if l == NA_LOGICAL {
                    return Err(err("argument is not interpretable as logical"));
                }
                l
            }
            None => NA_LOGICAL,
        },
        VecData::List(_) => return Err(err("argument is not interpretable as logical")),
        d => match d.coerce(VType::Lgl) {
            VecData::Lgl(l) => l[0],
            _ => unreachable!("coerced to logical"),
        },
    };
    if l == NA_LOGICAL {
        return Err(err(if vec.vtype() == VType::Lgl {
            "missing value where TRUE/FALSE needed"
        } else {
            "argument is not interpretable as logical"
        }));
    }
    Ok(l != 0)
}

/// R's `Position` loop: the first (last, `right`) index i of `x` whose
/// `f(x[[i]])` is TRUE, as an `if` tests it.
fn first_position(
    interp: &mut Interp,
    f: &Value,
    items: &[Value],
    right: bool,
) -> RResult<Option<usize>> {
    let site = CallSite::Text("f(x[[i]])".into());
    let n = items.len();
    for k in 0..n {
        let i = if right { n - 1 - k } else { k };
        let r = interp.call_value(f, Args::positional(vec![items[i].clone()]), site.clone())?;
        if if_truth(&r, "if (f(x[[i]])) return(i)")? {
            return Ok(Some(i));
        }
    }
    Ok(None)
}

/// The arguments of `Find`/`Position` (`f, x, right = FALSE, nomatch`):
/// the function, the elements of `x`, `right` (R's `if (right)`), and
/// `nomatch`, `default` when not given.
fn find_args(
    interp: &mut Interp,
    args: Args,
    default: Value,
) -> RResult<(Value, Vec<Value>, bool, Value)> {
    let mut b = args.bind(&["f", "x", "right", "nomatch"])?;
    let f = match_fun_arg(interp, b.take(0))?;
    let x = b
        .take(1)
        .ok_or_else(|| RError::new("argument \"x\" is missing, with no default"))?;
    let right = match b.take(2) {
        None => false,
        Some(v) => if_truth(&v, "if (right) ind <- rev(ind)")?,
    };
    Ok((f, elements(&x), right, b.take(3).unwrap_or(default)))
}

/// `Position(f, x, right = FALSE, nomatch = NA_integer_)`.
fn position(interp: &mut Interp, args: Args) -> RResult<Value> {
    let (f, items, right, nomatch) = find_args(interp, args, Value::Int(NA_INTEGER))?;
    Ok(match first_position(interp, &f, &items, right)? {
        Some(i) => Value::Int(i as i32 + 1),
        None => nomatch,
    })
}

/// `Find(f, x, right = FALSE, nomatch = NULL)`: `x[[Position(f, x, right)]]`.
fn find(interp: &mut Interp, args: Args) -> RResult<Value> {
    let (f, items, right, nomatch) = find_args(interp, args, Value::Null)?;
    // R's Find runs the loop in Position: its frame is in the traceback.
    let pos = first_position(interp, &f, &items, right).map_err(|mut e| {
        e.trace.push("Position".into());
        e
    })?;
    Ok(match pos {
        Some(i) => items[i].clone(),
        None => nomatch,
    })
}

/// A closure made by a builtin: the R function `src` (`function(...) ...`),
/// compiled, whose environment binds `vars` (a frame like the one of the R
/// closure that creates it in R; its parent is the global environment).
fn closure_from_source(interp: &Interp, name: &str, src: &str, vars: Vec<(&str, Value)>) -> Value {
    use crate::ast::ExprKind;
    use crate::symbols::intern;
    let program = crate::parser::parse_program(src, name).expect("builtin closure source parses");
    let ExprKind::Function(params, body) = &program.exprs[0].kind else {
        unreachable!("builtin closure source is a function")
    };
    let code = crate::compile::compile_function(name, params, body, false);
    crate::bytecode::keep_address(&code);
    let layout: Rc<[crate::symbols::SymId]> = vars.iter().map(|(n, _)| intern(n)).collect();
    let env = crate::env::EnvFrame::new_function(layout, interp.global.clone());
    for (n, v) in vars {
        env.set_local(intern(n), v);
    }
    Value::Closure(Rc::new(Closure {
        params: params.clone(),
        code,
        env,
        attrs: None,
    }))
}

/// `Negate(f)`: R's `function(...) !f(...)` over `f <- match.fun(f)`.
fn negate(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["f"])?;
    let f = match_fun_arg(interp, b.take(0))?;
    Ok(closure_from_source(
        interp,
        "Negate",
        "function(...) !f(...)",
        vec![("f", f)],
    ))
}
