//! Language-level builtins: conditions (`stop`, `warning`, `stopifnot`,
//! condition objects), `invisible`, `Recall`, `NextMethod`, timing.

use super::BuiltinDef;
use crate::args::Args;
use crate::error::{ErrCall, ErrKind, RError, RResult};
use crate::interp::{make_condition, Interp};
use crate::value::*;
use std::rc::Rc;

pub const BUILTINS: &[BuiltinDef] = &[
    BuiltinDef::new("stop", stop),
    BuiltinDef::new("warning", warning),
    BuiltinDef::new("stopifnot", stopifnot),
    BuiltinDef::new("invisible", invisible),
    BuiltinDef::new("identity", identity),
    BuiltinDef::new("Recall", recall),
    BuiltinDef::new("NextMethod", next_method),
    BuiltinDef::new("conditionMessage", condition_message),
    BuiltinDef::new("conditionCall", condition_call),
    BuiltinDef::new(".tryError", try_error),
    BuiltinDef::new("simpleError", simple_error),
    BuiltinDef::new("simpleWarning", simple_warning),
    BuiltinDef::new("simpleCondition", simple_condition),
    BuiltinDef::new("interactive", interactive),
    BuiltinDef::new("geterrmessage", geterrmessage),
    BuiltinDef::new("Sys.time", sys_time),
    BuiltinDef::new("proc.time", proc_time),
    BuiltinDef::new("Sys.getenv", sys_getenv),
    BuiltinDef::new("nargs", nargs),
];

/// Concatenate the message arguments of `stop`/`warning`/`message` as R does
/// (`paste0` of their `as.character` forms).
pub fn message_text(vals: &[(Option<Sym>, Value)]) -> String {
    let mut s = String::new();
    for (_, v) in vals {
        if let Value::Lang(_) = v {
            for it in super::output::as_strings(v) {
                s.push_str(it.as_deref().unwrap_or("NA"));
            }
            continue;
        }
        if let Some(vec) = v.as_vector() {
            if let VecData::Str(items) = vec.data.coerce(VType::Str) {
                for it in items {
                    s.push_str(it.as_deref().unwrap_or("NA"));
                }
            }
        }
    }
    s
}

fn flag(v: Option<Value>, default: bool) -> bool {
    match v {
        Some(v) => {
            !matches!(v.as_vector().map(|x| x.data.coerce(VType::Lgl)), Some(VecData::Lgl(l)) if l.first() == Some(&0))
        }
        None => default,
    }
}

fn is_condition(v: &Value) -> bool {
    v.explicit_class()
        .is_some_and(|c| c.iter().any(|x| x == "condition"))
}

fn list_field(v: &Value, name: &str) -> Option<Value> {
    let Value::Vec(l) = v else { return None };
    let VecData::List(items) = &l.data else {
        return None;
    };
    let names = l.names()?;
    names
        .iter()
        .position(|n| n.as_deref() == Some(name))
        .map(|i| items[i].clone())
}

fn stop(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["...", "call."])?;
    let with_call = flag(b.take(1), true);
    let call = if with_call {
        interp.context_call()
    } else {
        ErrCall::None
    };
    if let Some((_, c)) = b.dots.first() {
        if is_condition(c) {
            let msg = list_field(c, "message")
                .map(|m| message_text(&[(None, m)]))
                .unwrap_or_default();
            let call = match list_field(c, "call") {
                Some(Value::Null) | None => ErrCall::None,
                Some(v) => ErrCall::Call(message_text(&[(None, v)])),
            };
            return Err(RError::make(ErrKind::Error, msg, call, Some(c.clone())));
        }
    }
    Err(RError::make(
        ErrKind::Error,
        message_text(&b.dots),
        call,
        None,
    ))
}

fn warning(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["...", "call."])?;
    let with_call = flag(b.take(1), true);
    if let Some((_, c)) = b.dots.first().filter(|(_, c)| is_condition(c)) {
        // A condition object: its own message and call.
        let msg = list_field(c, "message")
            .map(|m| message_text(&[(None, m)]))
            .unwrap_or_default();
        let call = match list_field(c, "call") {
            Some(Value::Null) | None => None,
            Some(v) => Some(message_text(&[(None, v)])),
        };
        interp.warning_cond(call, msg.clone(), Some(c.clone()))?;
        interp.visible = false;
        return Ok(Value::str(&msg));
    }
    let msg = message_text(&b.dots);
    let call = if with_call {
        interp
            .direct_region_call()
            .or_else(|| interp.frame_call_text())
    } else {
        None
    };
    interp.warning_with_call(call, msg.clone())?;
    interp.visible = false;
    Ok(Value::str(&msg))
}

fn stopifnot(interp: &mut Interp, args: Args) -> RResult<Value> {
    let exprs: Vec<String> = interp
        .current_call_expr()
        .map(|e| match &e.kind {
            crate::ast::ExprKind::Call(_, a) => a
                .iter()
                .map(|x| {
                    x.value
                        .as_ref()
                        .map(crate::deparse::deparse)
                        .unwrap_or_default()
                })
                .collect(),
            _ => Vec::new(),
        })
        .unwrap_or_default();
    for (k, v) in args.values.iter().enumerate() {
        let ok = match v.as_vector() {
            Some(vec) if vec.vtype() == VType::Lgl => match &vec.data {
                VecData::Lgl(l) => l.iter().all(|&x| x == 1),
                _ => false,
            },
            _ => false,
        };
        if !ok {
            // R 4.x: a named argument's name is the error message.
            let named = args.names[k].as_deref().filter(|n| !n.is_empty());
            let what = exprs.get(k).cloned().unwrap_or_else(|| "argument".into());
            let msg = match named {
                Some(n) => n.to_string(),
                None if v.len() <= 1 => format!("{} is not TRUE", what),
                None => format!("{} are not all TRUE", what),
            };
            let call = interp
                .frame_call_text()
                .map_or(ErrCall::None, ErrCall::Call);
            return Err(RError::make(ErrKind::Error, msg, call, None));
        }
    }
    interp.visible = false;
    Ok(Value::Null)
}

fn invisible(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x"])?;
    let v = b.take(0).unwrap_or(Value::Null);
    interp.visible = false;
    Ok(v)
}

fn identity(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x"])?;
    Ok(b.take(0).unwrap_or(Value::Null))
}

fn recall(interp: &mut Interp, args: Args) -> RResult<Value> {
    let act = interp
        .current_activation()
        .ok_or_else(|| RError::new("'Recall' called from outside a closure"))?;
    let clo = act.closure.clone();
    let site = act.site.clone();
    interp.call_closure(&clo, args, site, None)
}

fn next_method(interp: &mut Interp, _args: Args) -> RResult<Value> {
    let act = interp
        .current_activation()
        .ok_or_else(|| RError::new("NextMethod called from outside a method dispatch"))?;
    let info = act
        .dispatch
        .as_deref()
        .cloned()
        .ok_or_else(|| RError::new("NextMethod called from outside a method dispatch"))?;
    let args = act.args.as_deref().cloned().unwrap_or_default();
    let site = act.site.clone();
    if info.position >= info.classes.len() {
        return Err(RError::new("no more methods"));
    }
    interp.dispatch_from(
        &info.generic,
        info.group,
        info.classes.clone(),
        info.position + 1,
        info.object.clone(),
        args,
        site,
    )
}

fn condition_message(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["c"])?;
    let c = b.take(0).unwrap_or(Value::Null);
    list_field(&c, "message")
        .ok_or_else(|| RError::new("no applicable method for 'conditionMessage'"))
}

fn condition_call(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["c"])?;
    let c = b.take(0).unwrap_or(Value::Null);
    let call = list_field(&c, "call").unwrap_or(Value::Null);
    // The call is kept as its text: the call object it stands for.
    if call.vtype() == Some(VType::Str) && call.len() == 1 {
        let text = message_text(&[(None, call.clone())]);
        if let Ok(p) = crate::parser::parse_program(&text, "<call>") {
            if let [e] = p.exprs.as_slice() {
                return Ok(crate::lang::from_expr(e));
            }
        }
    }
    Ok(call)
}

/// `try`'s error handler (`Compiler::try_expr`): GNU R's message
/// (`Error in CALL : MESSAGE`, the message on a new line when the first
/// line would pass 75 columns; `Error : MESSAGE` without a call), written
/// to stderr unless `silent`, returned as an invisible character string of
/// class `"try-error"` with the condition as attribute `condition`.
fn try_error(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["e", "silent", "call"])?;
    let cond = b.take(0).unwrap_or(Value::Null);
    let silent = flag(b.take(1), false);
    let try_call = b.take(2);
    let msg = match list_field(&cond, "message") {
        Some(m) => message_text(&[(None, m)]),
        None => String::new(),
    };
    let prefix = match list_field(&cond, "call") {
        Some(Value::Null) | None => "Error : ".to_string(),
        Some(c) => {
            let mut dcall = message_text(&[(None, c)]);
            // A condition raised directly in `expr` names R's internal
            // `doTryCatch(...)` call: reported as the `try` call.
            if dcall.starts_with("doTryCatch(") {
                if let Some(t) = &try_call {
                    dcall = message_text(&[(None, t.clone())]);
                }
            }
            let first = msg.split('\n').next().unwrap_or("");
            let w = 14 + dcall.chars().count() + first.chars().count();
            if w > 75 {
                format!("Error in {} : \n  ", dcall)
            } else {
                format!("Error in {} : ", dcall)
            }
        }
    };
    let text = format!("{}{}\n", prefix, msg);
    interp.last_error_message.clone_from(&text);
    if !silent {
        interp.err.push_str(&text);
    }
    let mut v = Vector::new(VecData::Str(vec![Some(text.into())]));
    v.set_attr("class", Value::strs(&["try-error"]));
    v.set_attr("condition", cond);
    interp.visible = false;
    Ok(Value::Vec(Rc::new(v)))
}

fn make_cond(args: Args, class: &[&str]) -> RResult<Value> {
    let mut b = args.bind(&["message", "call"])?;
    let msg = b.take(0).unwrap_or(Value::Null);
    let call = b.take(1).unwrap_or(Value::Null);
    let mut v = Vector::new(VecData::List(vec![msg, call]));
    v.set_attr("names", Value::strs(&["message", "call"]));
    v.set_attr("class", Value::strs(class));
    Ok(Value::Vec(Rc::new(v)))
}

fn simple_error(_: &mut Interp, args: Args) -> RResult<Value> {
    make_cond(args, &["simpleError", "error", "condition"])
}
fn simple_warning(_: &mut Interp, args: Args) -> RResult<Value> {
    make_cond(args, &["simpleWarning", "warning", "condition"])
}
fn simple_condition(_: &mut Interp, args: Args) -> RResult<Value> {
    make_cond(args, &["simpleCondition", "condition"])
}

fn interactive(_: &mut Interp, _: Args) -> RResult<Value> {
    Ok(Value::lgl(false))
}

/// `geterrmessage()`: the message of the last error `try` caught (as R's
/// `try` sets it), `""` before any.
fn geterrmessage(interp: &mut Interp, args: Args) -> RResult<Value> {
    args.bind(&[])?;
    Ok(Value::str(&interp.last_error_message))
}

fn sys_time(_: &mut Interp, _: Args) -> RResult<Value> {
    Ok(super::time::now())
}

/// `Sys.getenv(x, unset = "", names = NA)` of named variables (the process's
/// environment; `unset` for a variable that is not set).
fn sys_getenv(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "unset", "names"])?;
    let x = match b.take(0) {
        None | Some(Value::Null) => {
            return Err(RError::unsupported("Sys.getenv() of all variables"))
        }
        Some(x) => x,
    };
    let names: Vec<RStr> = match x.as_vector().map(|v| v.data.coerce(VType::Str)) {
        Some(VecData::Str(s)) if x.vtype() != Some(VType::List) => s,
        _ => return Err(RError::new("wrong type for argument")),
    };
    let unset: RStr = match b.take(1) {
        None => Some("".into()),
        Some(u) => match u.as_vector().map(|v| v.data.coerce(VType::Str)) {
            Some(VecData::Str(s)) if s.len() == 1 => s[0].clone(),
            _ => return Err(RError::new("wrong type for argument")),
        },
    };
    let values: Vec<RStr> = names
        .iter()
        .map(|n| match n.as_deref().and_then(std::env::var_os) {
            Some(v) => Some(v.to_string_lossy().as_ref().into()),
            None => unset.clone(),
        })
        .collect();
    let with_names = match b.take(2).and_then(|v| v.first_f64()) {
        Some(f) if !f.is_nan() => f != 0.0,
        _ => names.len() > 1,
    };
    let mut v = Vector::new(VecData::Str(values));
    if with_names {
        v.set_attr("names", str_vec(names));
    }
    Ok(Value::from_vector(v))
}

fn proc_time(_: &mut Interp, _: Args) -> RResult<Value> {
    Ok(super::timefn::proc_time_value())
}

/// `nargs()`: the arguments the call of the current function supplied,
/// each element of `...` counted (a parameter left to its default is not).
fn nargs(interp: &mut Interp, _: Args) -> RResult<Value> {
    let n = interp
        .current_activation()
        .map(|a| {
            // A method's call with empty arguments (`m[i, ]`): R counts them
            // too, though their formals are missing.
            if let Some(args) = a
                .args
                .as_deref()
                .filter(|args| args.values.iter().any(crate::lang::is_empty_sym))
            {
                return args.values.len() as u32;
            }
            let named = (a.closure.code.nparams as u32).saturating_sub(a.missing.count_ones());
            let dots = a.env.dots.borrow().as_ref().map_or(0, |d| d.len()) as u32;
            named + dots
        })
        .unwrap_or(0);
    Ok(Value::Int(n as i32))
}

/// The message of condition object `c` as text (`conditionMessage`).
pub fn condition_text(c: &Value) -> String {
    list_field(c, "message")
        .map(|m| message_text(&[(None, m)]))
        .unwrap_or_default()
}

/// The condition object for an error (used by handlers).
pub fn condition_of(e: &RError) -> Value {
    make_condition(e)
}

/// `<simpleError in f(): msg>` — how R prints a condition object.
pub fn format_condition(v: &Value) -> Option<String> {
    let classes = v.explicit_class()?;
    if !classes.iter().any(|c| c == "condition") {
        return None;
    }
    let msg = list_field(v, "message")
        .map(|m| message_text(&[(None, m)]))
        .unwrap_or_default();
    let cls = &classes[0];
    Some(match list_field(v, "call") {
        Some(Value::Null) | None => format!("<{}: {}>\n", cls, msg),
        Some(c) => format!("<{} in {}: {}>\n", cls, message_text(&[(None, c)]), msg),
    })
}
