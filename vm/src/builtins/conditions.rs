//! Condition objects and restarts: `signalCondition`, `invokeRestart`,
//! `tryInvokeRestart`, `computeRestarts`, `simpleMessage`,
//! `errorCondition`, `warningCondition`. (`withCallingHandlers` and
//! `withRestarts` are compiled as regions, `Compiler::handler_region`; the
//! handler stack is the interpreter's, `Interp::signal`.)

use super::BuiltinDef;
use crate::args::Args;
use crate::error::{ErrCall, ErrKind, RError, RResult};
use crate::interp::{Interp, Outcome, SignalKind};
use crate::value::*;
use std::rc::Rc;

pub const BUILTINS: &[BuiltinDef] = &[
    BuiltinDef::new("signalCondition", signal_condition),
    BuiltinDef::new("invokeRestart", invoke_restart),
    BuiltinDef::new("tryInvokeRestart", try_invoke_restart),
    BuiltinDef::new("computeRestarts", compute_restarts),
    BuiltinDef::new("simpleMessage", simple_message),
    BuiltinDef::new("errorCondition", error_condition),
    BuiltinDef::new("warningCondition", warning_condition),
];

/// `signalCondition(cond, message, call)`: the handlers of `cond`'s classes
/// see it (calling handlers run, an exiting one takes it); NULL when none
/// takes it.
fn signal_condition(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["cond", "message", "call"])?;
    // (A value without a class reaches no handler, as in R.)
    let cond = b.take(0).unwrap_or(Value::Null);
    match interp.signal(&cond, SignalKind::Condition)? {
        Outcome::Exit(route) => {
            let msg = super::lang::condition_text(&cond);
            let mut e = RError::make(ErrKind::Error, msg, ErrCall::None, Some(cond));
            e.route = route;
            Err(e)
        }
        Outcome::Continue | Outcome::Muffled => Ok(Value::Null),
    }
}

/// The restart `invokeRestart`'s first argument names: a string, or a
/// restart object (`computeRestarts()`'s).
fn restart_name(r: &Value) -> RResult<String> {
    if r.explicit_class()
        .is_some_and(|c| c.iter().any(|x| x == "restart"))
    {
        if let Some(Value::Vec(l)) = Some(r) {
            if let (VecData::List(items), Some(names)) = (&l.data, l.names()) {
                if let Some(k) = names.iter().position(|n| n.as_deref() == Some("name")) {
                    return restart_name(&items[k]);
                }
            }
        }
    }
    match r.as_vector().as_deref().map(|v| &v.data) {
        Some(VecData::Str(s)) if s.len() == 1 && s[0].is_some() => {
            Ok(s[0].as_deref().unwrap_or_default().to_string())
        }
        _ => Err(RError::new("bad restart specification")),
    }
}

/// The restart's arguments (`...` of `invokeRestart`) as a list.
fn restart_args(dots: Vec<(Option<Sym>, Value)>) -> Value {
    let named = dots.iter().any(|(n, _)| n.is_some());
    let names: Vec<RStr> = dots
        .iter()
        .map(|(n, _)| Some(n.clone().unwrap_or_else(|| "".into())))
        .collect();
    let mut v = Vector::new(VecData::List(dots.into_iter().map(|(_, v)| v).collect()));
    if named {
        v.set_attr("names", str_vec(names));
    }
    Value::Vec(Rc::new(v))
}

fn invoke(interp: &mut Interp, args: Args, must: bool) -> RResult<Value> {
    let mut b = args.bind(&["r", "..."])?;
    let r = b
        .take(0)
        .ok_or_else(|| RError::new("argument \"r\" is missing, with no default"))?;
    let name = restart_name(&r)?;
    if name == "abort" && interp.restart_names().iter().all(|n| &**n != "abort") {
        return Err(RError::unsupported("invokeRestart(\"abort\")"));
    }
    match interp.restart_jump(&name, restart_args(std::mem::take(&mut b.dots))) {
        Some(jump) => Err(jump),
        None if must => Err(RError::new(format!("no 'restart' '{}' found", name))),
        None => {
            interp.visible = false;
            Ok(Value::Null)
        }
    }
}

/// `invokeRestart(r, ...)`: jump to the innermost restart named `r` with
/// arguments `...` (R's error when there is none).
fn invoke_restart(interp: &mut Interp, args: Args) -> RResult<Value> {
    invoke(interp, args, true)
}

/// `tryInvokeRestart(r, ...)`: `invokeRestart`, or invisible NULL when no
/// such restart is established.
fn try_invoke_restart(interp: &mut Interp, args: Args) -> RResult<Value> {
    invoke(interp, args, false)
}

/// A restart object as `computeRestarts()` lists it: `list(name =, exit =
/// NULL)` of class `restart` (printed `<restart: name >`).
fn restart_object(name: &str) -> Value {
    let mut v = Vector::new(VecData::List(vec![Value::str(name), Value::Null]));
    v.set_attr("names", Value::strs(&["name", "exit"]));
    v.set_attr("class", Value::strs(&["restart"]));
    Value::Vec(Rc::new(v))
}

/// `computeRestarts(cond = NULL)`: the restarts established, innermost
/// first, then R's top-level `abort`.
fn compute_restarts(interp: &mut Interp, args: Args) -> RResult<Value> {
    let _ = args.bind(&["cond"])?;
    let mut items: Vec<Value> = interp
        .restart_names()
        .iter()
        .map(|n| restart_object(n))
        .collect();
    items.push(restart_object("abort"));
    Ok(Value::Vec(Rc::new(Vector::new(VecData::List(items)))))
}

/// `simpleMessage(message, call = NULL)`.
fn simple_message(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["message", "call"])?;
    let msg = b.take(0).unwrap_or(Value::Null);
    let call = b.take(1).unwrap_or(Value::Null);
    let mut v = Vector::new(VecData::List(vec![msg, call]));
    v.set_attr("names", Value::strs(&["message", "call"]));
    v.set_attr(
        "class",
        Value::strs(&["simpleMessage", "message", "condition"]),
    );
    Ok(Value::Vec(Rc::new(v)))
}

/// `errorCondition(message, ..., class = character(), call = NULL)` (and
/// `warningCondition`): `list(message =, call =, ...)` of class
/// `c(class, kind, "condition")`.
fn make_condition_of(args: Args, kind: &str) -> RResult<Value> {
    let mut b = args.bind(&["message", "...", "class", "call"])?;
    let msg = b
        .take(0)
        .ok_or_else(|| RError::new("argument \"message\" is missing, with no default"))?;
    let msg = match msg.as_vector().map(|v| v.data.coerce(VType::Str)) {
        Some(VecData::Str(s)) if msg.vtype() != Some(VType::List) => str_vec(s),
        _ => msg,
    };
    let mut classes: Vec<RStr> = match b.take(2) {
        None | Some(Value::Null) => Vec::new(),
        Some(c) => match c.as_vector().as_deref().map(|v| &v.data) {
            Some(VecData::Str(s)) => s.clone(),
            _ => return Err(RError::new("invalid 'class' argument")),
        },
    };
    classes.push(Some(kind.into()));
    classes.push(Some("condition".into()));
    let call = b.take(3).unwrap_or(Value::Null);
    let mut names: Vec<RStr> = vec![Some("message".into()), Some("call".into())];
    let mut items = vec![msg, call];
    for (n, v) in std::mem::take(&mut b.dots) {
        names.push(Some(n.unwrap_or_else(|| "".into())));
        items.push(v);
    }
    let mut v = Vector::new(VecData::List(items));
    v.set_attr("names", str_vec(names));
    v.set_attr("class", str_vec(classes));
    Ok(Value::Vec(Rc::new(v)))
}

fn error_condition(_: &mut Interp, args: Args) -> RResult<Value> {
    make_condition_of(args, "error")
}

fn warning_condition(_: &mut Interp, args: Args) -> RResult<Value> {
    make_condition_of(args, "warning")
}

/// `<restart: name >`: how R prints a restart object.
pub fn format_restart(v: &Value) -> Option<String> {
    let classes = v.explicit_class()?;
    if classes.first().map(String::as_str) != Some("restart") {
        return None;
    }
    let Value::Vec(l) = v else { return None };
    let (VecData::List(items), Some(names)) = (&l.data, l.names()) else {
        return None;
    };
    let k = names.iter().position(|n| n.as_deref() == Some("name"))?;
    let name = restart_name(&items[k]).ok()?;
    Some(format!("<restart: {} >\n", name))
}

#[cfg(test)]
mod tests {
    fn out(src: &str) -> String {
        crate::driver::run_captured(src, "t.R").0
    }

    #[test]
    fn restarts_and_conditions() {
        assert_eq!(
            out("withRestarts(invokeRestart(\"r\", 2), r = function(x) x * 3)"),
            "[1] 6\n"
        );
        assert_eq!(
            out("class(errorCondition(\"m\", class = \"myError\"))"),
            "[1] \"myError\"   \"error\"     \"condition\"\n"
        );
        assert_eq!(out("computeRestarts()[[1]]"), "<restart: abort >\n");
        assert_eq!(
            out(
                "withCallingHandlers({ warning(\"w\"); 1 }, warning = function(w) \
                 { cat(conditionMessage(w), \"\\n\"); invokeRestart(\"muffleWarning\") })"
            ),
            "w \n[1] 1\n"
        );
    }
}
