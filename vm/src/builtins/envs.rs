//! Environments as values (`Value::Env`): `new.env`, `globalenv`,
//! `emptyenv`, `environment`, `parent.frame`, `is.environment`,
//! `environmentName`, `assign`, `get`, `get0`, `exists`, `mget`, `ls`, `rm`,
//! and `$`, `[[` and their replacement forms on environments (`env_dollar`,
//! `env_assign`, called from `subset.rs`). Environments are references:
//! modifying one through any value changes it for all.
//!
//! A `new.env()` environment binds names dynamically (like the global
//! environment, `EnvFrame::new_dynamic`). A function's frame has the fixed
//! layout the bytecode compiler gave it: `assign()` into it can bind only a
//! name the function assigns itself (anything else is refused), and a
//! function that uses these builtins keeps its variables in its frame when
//! compiled (`FunctionCode::reflective`).

use super::output::{arg_flag, arg_str, as_strings};
use super::BuiltinDef;
use crate::args::Args;
use crate::ast::ExprKind;
use crate::env::{empty_env, is_empty_env, Env, EnvFrame};
use crate::error::{RError, RResult};
use crate::interp::Interp;
use crate::symbols::intern;
use crate::value::*;
use std::rc::Rc;

pub const BUILTINS: &[BuiltinDef] = &[
    BuiltinDef::new("new.env", bi_new_env),
    BuiltinDef::new("globalenv", bi_globalenv),
    BuiltinDef::new("emptyenv", bi_emptyenv),
    BuiltinDef::new("environment", bi_environment),
    BuiltinDef::new("parent.frame", bi_parent_frame),
    BuiltinDef::new("parent.env", bi_parent_env),
    BuiltinDef::new("is.environment", bi_is_environment),
    BuiltinDef::new("environmentName", bi_environment_name),
    BuiltinDef::new("assign", bi_assign),
    BuiltinDef::new("get", bi_get),
    BuiltinDef::new("get0", bi_get0),
    BuiltinDef::new("exists", bi_exists),
    BuiltinDef::new("mget", bi_mget),
    BuiltinDef::new("ls", bi_ls),
    BuiltinDef::new("eapply", bi_eapply),
    BuiltinDef::new("objects", bi_ls),
    BuiltinDef::new("rm", bi_rm),
    BuiltinDef::new("remove", bi_rm),
];

/// The environment a builtin is called from: the innermost closure's frame,
/// or the global environment at top level.
pub fn calling_env(interp: &mut Interp) -> Env {
    interp
        .current_activation()
        .map(|a| a.env.clone())
        .unwrap_or_else(|| interp.global.clone())
}

fn env_arg(v: Option<Value>, interp: &mut Interp, what: &str) -> RResult<Env> {
    match v {
        None => Ok(calling_env(interp)),
        Some(Value::Env(e)) => Ok(e),
        Some(_) => Err(RError::new(format!("invalid '{}' argument", what))),
    }
}

fn name_arg(v: Option<Value>, what: &str) -> RResult<String> {
    match v {
        Some(v) if v.vtype() == Some(VType::Str) && !v.is_empty() => {
            Ok(as_strings(&v)[0].as_deref().unwrap_or("NA").to_string())
        }
        _ => Err(RError::new(format!("invalid {} argument", what))),
    }
}

/// Does `v` have R's `mode` `mode` (`"any"` matches everything)?
fn has_mode(v: &Value, mode: &str) -> bool {
    match mode {
        "any" => true,
        "function" => v.is_function(),
        "numeric" => matches!(v.vtype(), Some(VType::Int | VType::Dbl)),
        "environment" => matches!(v, Value::Env(_)),
        m => {
            v.vtype().is_some_and(|t| t.name() == m)
                || (m == "list" && v.vtype() == Some(VType::List))
        }
    }
}

/// Look `name` up from `env` (and its parents with `inherits`): the global
/// environment's parents are the builtins (base).
fn find(interp: &mut Interp, env: &Env, name: &str, inherits: bool, mode: &str) -> Option<Value> {
    let sym = intern(name);
    let mut e = env.clone();
    loop {
        if let Some(v) = e.get_local(sym) {
            if has_mode(&v, mode) {
                return Some(v);
            }
        }
        if !inherits {
            return None;
        }
        if e.is_global() {
            // The builtins are the base environment's, the global one's
            // parent (dlvm binds only base's constants globally).
            return interp
                .builtin_for(sym)
                .map(Value::Builtin)
                .filter(|v| has_mode(v, mode));
        }
        e = e.parent.clone()?;
    }
}

/// Bind `name` in `env`; a function frame only has the slots of the names
/// its code assigns.
pub fn bind(env: &Env, name: &str, v: Value) -> RResult<()> {
    let sym = intern(name);
    if env.slot_of(sym).is_none() {
        return Err(RError::unsupported(format!(
            "assign() of '{}' in a function's frame that does not assign it itself",
            name
        )));
    }
    env.set_local(sym, v);
    Ok(())
}

fn bi_new_env(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["hash", "parent", "size"])?;
    let parent = match b.take(1) {
        None => calling_env(interp),
        Some(Value::Env(e)) => e,
        Some(_) => return Err(RError::new("'enclos' must be an environment")),
    };
    Ok(Value::Env(EnvFrame::new_dynamic(Some(parent))))
}

fn bi_globalenv(interp: &mut Interp, args: Args) -> RResult<Value> {
    args.bind(&[])?;
    Ok(Value::Env(interp.global.clone()))
}

fn bi_emptyenv(_: &mut Interp, args: Args) -> RResult<Value> {
    args.bind(&[])?;
    Ok(Value::Env(empty_env()))
}

fn bi_environment(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["fun"])?;
    match b.take(0) {
        None | Some(Value::Null) => Ok(Value::Env(calling_env(interp))),
        Some(Value::Closure(c)) => Ok(Value::Env(c.env.clone())),
        Some(_) => Ok(Value::Null),
    }
}

/// `parent.frame(n)`: the frame the current function was called from (the
/// global environment at the bottom).
fn bi_parent_frame(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["n"])?;
    let n = match b.take(0).and_then(|v| v.first_f64()) {
        None => 1,
        Some(x) if x >= 1.0 => x as usize,
        Some(_) => return Err(RError::new("invalid 'n' value")),
    };
    interp.observe_frames();
    let frames = &interp.frames;
    let env = if frames.len() > n {
        let a = &frames[frames.len() - 1 - n];
        // Its function's compiled code must keep its variables in the frame
        // from now on (see `FunctionCode::frame_observed`).
        a.closure.code.frame_observed.set(true);
        a.env.clone()
    } else {
        interp.global.clone()
    };
    interp.sync_frame(&env);
    Ok(Value::Env(env))
}

fn bi_parent_env(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["env"])?;
    let e = match b.take(0) {
        Some(Value::Env(e)) => e,
        _ => return Err(RError::new("argument is not an environment")),
    };
    if e.is_global() {
        // Base R's packages are not environments in dlvm.
        return Err(RError::unsupported(
            "parent.env(globalenv()) (package environments)",
        ));
    }
    let _ = interp;
    Ok(match &e.parent {
        Some(p) => Value::Env(p.clone()),
        None => Value::Env(empty_env()),
    })
}

fn bi_is_environment(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x"])?;
    Ok(Value::lgl(matches!(b.take(0), Some(Value::Env(_)))))
}

fn bi_environment_name(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["env"])?;
    Ok(Value::str(match b.take(0) {
        Some(Value::Env(e)) if e.is_global() => "R_GlobalEnv",
        Some(Value::Env(e)) if is_empty_env(&e) => "R_EmptyEnv",
        _ => "",
    }))
}

fn bi_assign(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "value", "pos", "envir", "inherits", "immediate"])?;
    let name = name_arg(b.take(0), "first")?;
    let value = b
        .take(1)
        .ok_or_else(|| RError::new("argument \"value\" is missing, with no default"))?;
    let env = match (b.take(3), b.take(2)) {
        (Some(e), _) | (None, Some(e @ Value::Env(_))) => env_arg(Some(e), interp, "envir")?,
        _ => calling_env(interp),
    };
    let mut target = env.clone();
    if arg_flag(&b.take(4), false) {
        let sym = intern(&name);
        let mut e = Some(env.clone());
        while let Some(f) = e {
            if f.has_local(sym) {
                target = f;
                break;
            }
            if f.is_global() {
                target = f;
                break;
            }
            e = f.parent.clone();
        }
    }
    bind(&target, &name, value.clone())?;
    interp.visible = false;
    Ok(value)
}

fn get_like(interp: &mut Interp, args: Args, get0: bool) -> RResult<Value> {
    let formals: &[&str] = if get0 {
        &["x", "envir", "mode", "inherits", "ifnotfound"]
    } else {
        &["x", "pos", "envir", "mode", "inherits"]
    };
    let mut b = args.bind(formals)?;
    let name = name_arg(b.take(0), "first")?;
    let (env, mode, inherits) = if get0 {
        (b.take(1), b.take(2), b.take(3))
    } else {
        let env = match (b.take(2), b.take(1)) {
            (Some(e), _) => Some(e),
            (None, Some(e @ Value::Env(_))) => Some(e),
            _ => None,
        };
        (env, b.take(3), b.take(4))
    };
    let env = env_arg(env, interp, "envir")?;
    let mode = arg_str(&mode).unwrap_or_else(|| "any".into());
    let inherits = arg_flag(&inherits, true);
    match find(interp, &env, &name, inherits, &mode) {
        Some(v) => Ok(v),
        None if get0 => Ok(b.take(4).unwrap_or(Value::Null)),
        None if mode == "any" => Err(RError::new(format!("object '{}' not found", name))),
        None => Err(RError::new(format!(
            "object '{}' of mode '{}' was not found",
            name, mode
        ))),
    }
}

fn bi_get(interp: &mut Interp, args: Args) -> RResult<Value> {
    get_like(interp, args, false)
}

fn bi_get0(interp: &mut Interp, args: Args) -> RResult<Value> {
    get_like(interp, args, true)
}

fn bi_exists(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "where", "envir", "frame", "mode", "inherits"])?;
    let name = name_arg(b.take(0), "first")?;
    let env = match (b.take(2), b.take(1)) {
        (Some(e), _) | (None, Some(e @ Value::Env(_))) => env_arg(Some(e), interp, "envir")?,
        _ => calling_env(interp),
    };
    let mode = arg_str(&b.take(4)).unwrap_or_else(|| "any".into());
    let inherits = arg_flag(&b.take(5), true);
    Ok(Value::lgl(
        find(interp, &env, &name, inherits, &mode).is_some(),
    ))
}

fn bi_mget(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "envir", "mode", "ifnotfound", "inherits"])?;
    let names: Vec<String> = match b.take(0) {
        Some(v) if v.vtype() == Some(VType::Str) => as_strings(&v)
            .into_iter()
            .map(|s| s.as_deref().unwrap_or("NA").to_string())
            .collect(),
        _ => return Err(RError::new("invalid first argument")),
    };
    let env = env_arg(b.take(1), interp, "envir")?;
    let mode = arg_str(&b.take(2)).unwrap_or_else(|| "any".into());
    let ifnotfound = b.take(3);
    let inherits = arg_flag(&b.take(4), false);
    let mut out = Vec::with_capacity(names.len());
    for n in &names {
        match find(interp, &env, n, inherits, &mode) {
            Some(v) => out.push(v),
            None => match &ifnotfound {
                Some(d) => out.push(match d {
                    Value::Vec(l) if l.vtype() == VType::List && !l.is_empty() => l.data.elt(0),
                    d => d.clone(),
                }),
                None => {
                    return Err(RError::new(format!(
                        "value for \u{2018}{}\u{2019} not found",
                        n
                    )))
                }
            },
        }
    }
    let mut v = Vector::new(VecData::List(out));
    v.set_attr("names", Value::strs(&names));
    Ok(Value::Vec(Rc::new(v)))
}

/// Bindings of the global environment that are base R's or datasets' in R
/// (not listed by `ls()`).
const SYSTEM_GLOBALS: &[&str] = &[
    "pi",
    "T",
    "F",
    "letters",
    "LETTERS",
    "month.name",
    "month.abb",
    ".Machine",
    "volcano",
];

/// The names bound in `env`, sorted as `sort()` sorts strings.
pub fn env_names(env: &Env, all: bool) -> Vec<String> {
    let mut names: Vec<String> = env
        .local_names()
        .into_iter()
        .map(|s| s.name().to_string())
        .filter(|n| all || !n.starts_with('.'))
        .filter(|n| !(env.is_global() && SYSTEM_GLOBALS.contains(&n.as_str())))
        // The temporaries of a complex assignment at top level (`*tmp1*`,
        // `Compiler::new_temp`): GNU R removes its `*tmp*` after the
        // assignment.
        .filter(|n| !(n.starts_with("*tmp") && n.ends_with('*')))
        .collect();
    names.sort_by(|a, b| super::arith::collate(a, b));
    names
}

fn bi_ls(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["name", "pos", "envir", "all.names", "pattern", "sorted"])?;
    let env = match (b.take(2), b.take(0)) {
        (Some(e), _) | (None, Some(e)) => env_arg(Some(e), interp, "envir")?,
        _ => calling_env(interp),
    };
    let pattern = b.take(4);
    let mut names = env_names(&env, arg_flag(&b.take(3), false));
    if let Some(p) = pattern {
        // R's ls() filters with grep(pattern, all.names, value = TRUE).
        let call = "grep(pattern, all.names, value = TRUE)";
        let p = super::output::arg_str(&Some(p)).unwrap_or_else(|| "NA".into());
        let re = super::regex::compile_in(
            interp,
            &p,
            super::regex::Syntax::Extended,
            false,
            Some(call),
        )?;
        names.retain(|n| re.is_match(n));
    }
    Ok(Value::strs(&names))
}

/// `rm(..., list = , envir = )`: the `...` are names (symbols or strings).
fn bi_rm(interp: &mut Interp, args: Args) -> RResult<Value> {
    // The names of symbol arguments come from the call itself.
    let mut syms: Vec<Option<String>> = Vec::new();
    if let Some(call) = interp.current_call_expr() {
        if let ExprKind::Call(_, cargs) = &call.kind {
            for a in cargs {
                if a.name.is_none() {
                    syms.push(match a.value.as_ref().map(|v| &v.kind) {
                        Some(ExprKind::Ident(s)) => Some(s.to_string()),
                        _ => None,
                    });
                }
            }
        }
    }
    let mut b = args.bind(&["...", "list", "pos", "envir", "inherits"])?;
    let mut names: Vec<String> = Vec::new();
    for (k, (_, v)) in b.dots.iter().enumerate() {
        match syms.get(k).cloned().flatten() {
            Some(s) => names.push(s),
            None if v.vtype() == Some(VType::Str) && v.len() == 1 => {
                names.push(as_strings(v)[0].as_deref().unwrap_or("NA").to_string())
            }
            None => return Err(RError::new("... must contain names or character strings")),
        }
    }
    if let Some(l) = b.take(1) {
        if l.vtype() != Some(VType::Str) && !l.is_null() {
            return Err(RError::new("invalid 'list' argument"));
        }
        names.extend(
            as_strings(&l)
                .into_iter()
                .map(|s| s.as_deref().unwrap_or("NA").to_string()),
        );
    }
    let env = match (b.take(3), b.take(2)) {
        (Some(e), _) | (None, Some(e @ Value::Env(_))) => env_arg(Some(e), interp, "envir")?,
        _ => calling_env(interp),
    };
    for n in &names {
        if !env.remove_local(intern(n)) {
            interp.warning(format!("object '{}' not found", n))?;
        }
    }
    interp.visible = false;
    Ok(Value::Null)
}

/// `e$name` and `e[["name"]]`: the binding in `e` only, or NULL.
pub fn env_get(e: &Env, name: &str) -> Value {
    e.get_local(intern(name)).unwrap_or(Value::Null)
}

/// The name subscript of `e[[i]]` / `e[[i]] <- v`.
pub fn env_subscript(idx: &[Option<Value>], assign: bool) -> RResult<String> {
    match idx {
        [Some(v)] if v.vtype() == Some(VType::Str) && v.len() == 1 => {
            Ok(as_strings(v)[0].as_deref().unwrap_or("NA").to_string())
        }
        _ => Err(RError::new(if assign {
            "wrong args for environment subassignment"
        } else {
            "wrong arguments for subsetting an environment"
        })),
    }
}

/// `e$name <- v`: bind in place (NULL binds NULL, as R does); the result is
/// the same environment.
pub fn env_set(e: &Env, name: &str, v: Value) -> RResult<Value> {
    bind(e, name, v)?;
    Ok(Value::Env(e.clone()))
}

/// The bindings of an environment as (name, value), in `ls(all.names)`'s
/// order (GNU R's `as.list` of an environment follows its hash table, an
/// order no program can rely on; sorted names are one of its possible
/// orders and keep the output deterministic).
fn env_bindings(env: &Env, all: bool) -> Vec<(String, Value)> {
    env_names(env, all)
        .into_iter()
        .filter_map(|n| env.get_local(intern(&n)).map(|v| (n, v)))
        .collect()
}

fn named_list(entries: Vec<(String, Value)>) -> Value {
    let names: Vec<&str> = entries.iter().map(|(n, _)| n.as_str()).collect();
    let mut out = Vector::new(VecData::List(
        entries.iter().map(|(_, v)| v.clone()).collect(),
    ));
    out.set_attr("names", Value::strs(&names));
    Value::Vec(Rc::new(out))
}

/// `as.list(env, all.names = FALSE)`: its bindings as a named list.
pub fn env_as_list(env: &Env, all: bool) -> Value {
    named_list(env_bindings(env, all))
}

/// `eapply(env, FUN, ..., all.names = FALSE, USE.NAMES = TRUE)`.
fn bi_eapply(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["env", "FUN", "...", "all.names", "USE.NAMES"])?;
    let env = match b.take(0) {
        Some(Value::Env(e)) => e,
        _ => return Err(RError::new("argument must be an environment")),
    };
    let f = super::apply::function_arg(interp, b.take(1))?;
    let all = arg_flag(&b.take(3), false);
    let use_names = arg_flag(&b.take(4), true);
    let site = crate::interp::CallSite::Text("FUN(X[[i]], ...)".into());
    let mut out = Vec::new();
    for (n, v) in env_bindings(&env, all) {
        let mut a = Args::new();
        a.push(None, v);
        for (dn, dv) in &b.dots {
            a.push(dn.clone(), dv.clone());
        }
        out.push((n, interp.call_value(&f, a, site.clone())?));
    }
    Ok(if use_names {
        named_list(out)
    } else {
        Value::from_data(VecData::List(out.into_iter().map(|(_, v)| v).collect()))
    })
}
