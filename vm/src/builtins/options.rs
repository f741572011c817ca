//! `options()` and `getOption()`: R's global option list. The options that
//! change behaviour here are `digits`, `scipen` and `OutDec` (mirrored into
//! `format::PrintParams`, which printing and formatting read) and `warn`
//! (read by `Interp::warning_with_call`: < 0 drops warnings, 1 prints them at
//! once, >= 2 turns them into errors). Any other option is stored and returned
//! unchanged, as R does.

use super::BuiltinDef;
use crate::args::Args;
use crate::error::{RError, RResult};
use crate::interp::Interp;
use crate::value::{list_vec, RStr, Value, VecData};

pub const BUILTINS: &[BuiltinDef] = &[
    BuiltinDef::new("options", builtin_options),
    BuiltinDef::new("getOption", builtin_get_option),
];

/// The options an R session starts with (those a program of the subset can
/// observe), in R's order of `names(options())` (alphabetical).
pub fn default_options() -> Vec<(String, Value)> {
    vec![
        ("OutDec".into(), Value::str(".")),
        ("digits".into(), Value::Int(7)),
        ("expressions".into(), Value::Int(5000)),
        ("keep.source".into(), Value::Lgl(0)),
        ("max.print".into(), Value::Int(99999)),
        ("nwarnings".into(), Value::Int(50)),
        ("scipen".into(), Value::Dbl(0.0)),
        ("useFancyQuotes".into(), Value::Lgl(1)),
        ("warn".into(), Value::Int(0)),
        ("warning.length".into(), Value::Int(1000)),
        ("width".into(), Value::Int(80)),
    ]
}

fn get(interp: &Interp, name: &str) -> Value {
    interp
        .options
        .iter()
        .find(|(n, _)| n == name)
        .map_or(Value::Null, |(_, v)| v.clone())
}

/// A named list of (name, value) pairs.
fn named_list(pairs: Vec<(String, Value)>) -> Value {
    let names: Vec<RStr> = pairs.iter().map(|(n, _)| Some(n.as_str().into())).collect();
    let mut l = list_vec(pairs.into_iter().map(|(_, v)| v).collect());
    l.set_attr("names", crate::value::str_vec(names));
    l
}

/// Validate a new value of an option R checks, returning the value stored.
fn checked(name: &str, v: Value) -> RResult<Value> {
    match name {
        "digits" => {
            let d = v.first_f64().filter(|d| !d.is_nan());
            match d {
                Some(d) if (1.0..=22.0).contains(&d) => Ok(Value::Int(d as i32)),
                _ => Err(RError::new("invalid 'digits' parameter, allowed 1...22")),
            }
        }
        "OutDec" => {
            let s = super::output::arg_str(&Some(v.clone()));
            match s {
                Some(s) if v.len() == 1 => {
                    if s.chars().count() != 1 {
                        // R accepts it with a warning; only one character is used here.
                        return Err(RError::unsupported(
                            "options(OutDec = ) of more than one character",
                        ));
                    }
                    Ok(v)
                }
                _ => Err(RError::new("invalid value for 'OutDec'")),
            }
        }
        "warn" => match v.first_f64() {
            Some(w) if !w.is_nan() && v.len() == 1 => Ok(v),
            _ => Err(RError::new("invalid value for 'warn'")),
        },
        _ => Ok(v),
    }
}

/// Mirror the options that formatting and warnings read into their fast state.
fn apply(interp: &mut Interp) {
    let digits = get(interp, "digits").first_f64().map_or(7, |d| d as usize);
    // R stores scipen as given and reads it as an integer (non-numbers as 0).
    let scipen = get(interp, "scipen")
        .first_f64()
        .filter(|s| !s.is_nan())
        .map_or(0, |s| s.clamp(-1e9, 1e9) as i64);
    let outdec = super::output::arg_str(&Some(get(interp, "OutDec")))
        .and_then(|s| s.chars().next())
        .unwrap_or('.');
    crate::format::set_params(crate::format::PrintParams {
        digits,
        scipen,
        outdec,
    });
    interp.warn_level = get(interp, "warn")
        .first_f64()
        .map_or(0, |w| w.clamp(-1e9, 1e9) as i32);
}

/// Set one option, returning its old value (NULL when it was unset).
fn set(interp: &mut Interp, name: &str, v: Value) -> RResult<Value> {
    let old = get(interp, name);
    if v.is_null() {
        interp.options.retain(|(n, _)| n != name);
    } else {
        let v = checked(name, v)?;
        match interp.options.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = v,
            None => {
                let at = interp
                    .options
                    .iter()
                    .position(|(n, _)| n.as_str() > name)
                    .unwrap_or(interp.options.len());
                interp.options.insert(at, (name.to_string(), v));
            }
        }
    }
    Ok(old)
}

/// `options(...)`: with no arguments, every option (visibly); `options("a", "b")`
/// reads; `options(a = 1)` and `options(list(a = 1))` set and return the old
/// values invisibly.
fn builtin_options(interp: &mut Interp, args: Args) -> RResult<Value> {
    if args.is_empty() {
        return Ok(named_list(interp.options.clone()));
    }
    let mut old = Vec::new();
    let mut any_set = false;
    for (name, v) in args.names.iter().zip(args.values) {
        match name.as_deref().filter(|n| !n.is_empty()) {
            Some(n) => {
                any_set = true;
                old.push((n.to_string(), set(interp, n, v)?));
            }
            None => match &v {
                // options(op): a list of settings, as options() returned them.
                Value::Vec(l) if matches!(l.data, VecData::List(_)) => {
                    let VecData::List(items) = &l.data else {
                        unreachable!()
                    };
                    let names = l.names().map(|n| n.to_vec()).unwrap_or_default();
                    for (k, item) in items.iter().enumerate() {
                        let Some(Some(n)) = names.get(k) else {
                            return Err(RError::new("list argument has no valid names"));
                        };
                        any_set = true;
                        old.push((n.to_string(), set(interp, n, item.clone())?));
                    }
                }
                Value::Null => {}
                _ => {
                    let Some(vec) = v.as_vector() else {
                        return Err(RError::new("invalid argument"));
                    };
                    let VecData::Str(names) = &vec.data else {
                        return Err(RError::new("invalid argument"));
                    };
                    for n in names.iter() {
                        let n = n.as_deref().unwrap_or("NA").to_string();
                        let v = get(interp, &n);
                        old.push((n, v));
                    }
                }
            },
        }
    }
    apply(interp);
    interp.visible = !any_set;
    Ok(named_list(old))
}

/// `getOption(x, default = NULL)`.
fn builtin_get_option(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "default"])?;
    let x = b
        .take(0)
        .ok_or_else(|| RError::new("argument \"x\" is missing, with no default"))?;
    let name = match x.as_vector().map(|v| v.data.clone()) {
        Some(VecData::Str(s)) if s.len() == 1 && s[0].is_some() => s[0].clone().unwrap(),
        _ => return Err(RError::new("'x' must be a character string")),
    };
    Ok(match get(interp, &name) {
        Value::Null => b.take(1).unwrap_or(Value::Null),
        v => v,
    })
}
