//! `match.arg`: R's argument matching against a set of choices, including the
//! one-argument form that takes its choices from the default of the calling
//! function's formal of the same name (`type <- match.arg(type)`).

use super::BuiltinDef;
use crate::args::{match_args, Args};
use crate::ast::{Const, ExprKind};
use crate::error::{RError, RResult};
use crate::interp::Interp;
use crate::value::*;
use std::rc::Rc;

pub const BUILTINS: &[BuiltinDef] = &[BuiltinDef::new("match.arg", match_arg)];

const FORMALS: &[&str] = &["arg", "choices", "several.ok"];

/// The name R's `as.character(substitute(arg))` gives the `arg` argument of the
/// running `match.arg` call: a symbol or a string constant.
fn arg_name(interp: &Interp) -> Option<Rc<str>> {
    let call = interp.current_call_expr()?;
    let ExprKind::Call(_, args) = &call.kind else {
        return None;
    };
    let names: Vec<Option<Sym>> = args.iter().map(|a| a.name.clone()).collect();
    let m = match_args(FORMALS, &names, &|_| String::new()).ok()?;
    let e = args[m.formals[0]?].value.as_ref()?;
    match &e.kind {
        ExprKind::Ident(n) => Some(n.clone()),
        ExprKind::Const(Const::Str(Some(s))) => Some(s.clone()),
        _ => None,
    }
}

/// `eval(formals(sys.function(sys.parent()))[[name]], sys.frame(sys.parent()))`:
/// the default of the calling closure's formal `name` evaluated in its frame
/// (NULL at top level or when the closure has no such formal).
fn default_choices(interp: &mut Interp) -> RResult<Value> {
    let Some(name) = arg_name(interp) else {
        return Ok(Value::Null);
    };
    let Some(act) = interp.current_activation() else {
        return Ok(Value::Null);
    };
    let clo = act.closure.clone();
    let env = act.env.clone();
    let Some(k) = clo.params.iter().position(|p| *p.name == *name) else {
        return Ok(Value::Null);
    };
    match clo.code.defaults.get(k).copied().flatten() {
        Some(pc) => {
            let saved = interp.cur_call_saved();
            let r = interp.run(&clo.code, &env, pc);
            interp.restore_cur_call(saved);
            r
        }
        None => Err(RError::new("argument is missing, with no default")),
    }
}

/// Strings as `pmatch` sees them (`NA` is the string "NA").
fn as_strings(v: &Value) -> Vec<Rc<str>> {
    match v.as_vector().map(|x| x.data.coerce(VType::Str)) {
        Some(VecData::Str(s)) => s
            .into_iter()
            .map(|x| x.unwrap_or_else(|| "NA".into()))
            .collect(),
        _ => Vec::new(),
    }
}

/// `pmatch(x, table, nomatch = 0L, duplicates.ok = TRUE)`, 0-based (`None`:
/// no match). An exact match wins; otherwise a unique partial match; an empty
/// string matches nothing.
fn pmatch(x: &str, table: &[Rc<str>]) -> Option<usize> {
    if x.is_empty() {
        return None;
    }
    if let Some(j) = table.iter().position(|t| **t == *x) {
        return Some(j);
    }
    let mut hits = table
        .iter()
        .enumerate()
        .filter(|(_, t)| t.starts_with(x))
        .map(|(j, _)| j);
    match (hits.next(), hits.next()) {
        (Some(j), None) => Some(j),
        _ => None,
    }
}

/// `v[idx]` for a vector `v` (1-based positions as 0-based indices), keeping
/// its names, as `[` does; `NULL[idx]` is NULL.
fn subset(v: &Value, idx: &[Option<usize>]) -> Value {
    let Some(vec) = v.as_vector() else {
        return Value::Null;
    };
    let mut out = Vector::new(vec.data.select(idx));
    if let Some(names) = vec.names() {
        let nm: Vec<RStr> = idx
            .iter()
            .map(|i| match i {
                Some(i) if *i < names.len() => names[*i].clone(),
                Some(_) => Some("<NA>".into()),
                None => None,
            })
            .collect();
        out.set_attr("names", Value::from_data(VecData::Str(nm)));
    }
    Value::from_vector(out)
}

fn truth(v: Option<Value>) -> RResult<bool> {
    let Some(v) = v else { return Ok(false) };
    let l = match v.as_vector().map(|x| x.data.coerce(VType::Lgl)) {
        Some(VecData::Lgl(l)) => l,
        _ => return Err(RError::new("argument is not interpretable as logical")),
    };
    match l.first() {
        None => Err(RError::new("argument is of length zero")),
        Some(&NA_LOGICAL) => Err(RError::new("missing value where TRUE/FALSE needed")),
        Some(&b) => Ok(b != 0),
    }
}

fn match_arg(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(FORMALS)?;
    let arg = b
        .take(0)
        .ok_or_else(|| RError::new("argument \"arg\" is missing, with no default"))?;
    let several_ok = b.take(2);
    let choices = match b.take(1) {
        Some(c) => c,
        None => default_choices(interp)?,
    };
    interp.visible = true;
    if arg.is_null() {
        return Ok(subset(&choices, &[Some(0)]));
    }
    if arg.vtype() != Some(VType::Str) {
        return Err(RError::new("'arg' must be NULL or a character vector"));
    }
    let several_ok = truth(several_ok)?;
    if !several_ok {
        if arg == choices {
            return Ok(subset(&arg, &[Some(0)]));
        }
        if arg.len() > 1 {
            return Err(RError::new("'arg' must be of length 1"));
        }
    } else if arg.is_empty() {
        return Err(RError::new("'arg' must be of length >= 1"));
    }
    let table = as_strings(&choices);
    let idx: Vec<Option<usize>> = as_strings(&arg)
        .iter()
        .filter_map(|a| pmatch(a, &table))
        .map(Some)
        .collect();
    if idx.is_empty() {
        let mut chs: Vec<&str> = Vec::new();
        for c in &table {
            if !c.is_empty() && !chs.contains(&&**c) {
                chs.push(c);
            }
        }
        let quoted: Vec<String> = chs
            .iter()
            .map(|c| format!("\u{201c}{}\u{201d}", c))
            .collect();
        let msg = if chs.len() == 1 {
            format!("'arg' should be {}", quoted[0])
        } else {
            format!("'arg' should be one of {}", quoted.join(", "))
        };
        return Err(RError::new(msg));
    }
    if !several_ok && idx.len() > 1 {
        return Err(RError::new("there is more than one match in 'match.arg'"));
    }
    Ok(subset(&choices, &idx))
}

/// `match.arg(arg)` inside one of R's closures whose formal `arg_name`
/// has the default `choices` (`rank(ties.method = )`, `cor(method = )`):
/// the chosen string (the first when `arg` is not supplied, NULL or the
/// choices themselves); R's errors, against the call `match.arg(arg_name)`.
pub(crate) fn match_choice(
    arg: Option<Value>,
    choices: &[&'static str],
    arg_name: &str,
) -> RResult<&'static str> {
    let err = |msg: String| RError::with_call(msg, format!("match.arg({})", arg_name));
    let arg = match arg {
        None | Some(Value::Null) => return Ok(choices[0]),
        Some(a) => a,
    };
    if arg.vtype() != Some(VType::Str) {
        return Err(err("'arg' must be NULL or a character vector".into()));
    }
    let given = as_strings(&arg);
    if given.len() == choices.len() && given.iter().zip(choices).all(|(g, c)| **g == **c) {
        return Ok(choices[0]);
    }
    if given.len() > 1 {
        return Err(err("'arg' must be of length 1".into()));
    }
    let table: Vec<Rc<str>> = choices.iter().map(|&c| c.into()).collect();
    match given.first().and_then(|g| pmatch(g, &table)) {
        Some(j) => Ok(choices[j]),
        None => {
            let quoted: Vec<String> = choices
                .iter()
                .map(|c| format!("\u{201c}{}\u{201d}", c))
                .collect();
            Err(err(format!("'arg' should be one of {}", quoted.join(", "))))
        }
    }
}
