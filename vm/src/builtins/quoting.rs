//! Quoting and joining strings for display: `toString`, `noquote` (and the
//! text of its print method), `sQuote`, `dQuote` and `shQuote`, as R's
//! closures of those names give them in a UTF-8 locale.

use super::output::{arg_str, as_strings};
use super::BuiltinDef;
use crate::args::Args;
use crate::error::{RError, RResult};
use crate::interp::Interp;
use crate::value::*;

pub const BUILTINS: &[BuiltinDef] = &[
    BuiltinDef::new("toString", bi_to_string),
    BuiltinDef::new("noquote", bi_noquote),
    BuiltinDef::new("sQuote", bi_squote),
    BuiltinDef::new("dQuote", bi_dquote),
    BuiltinDef::new("shQuote", bi_shquote),
];

fn strs(v: Vec<String>) -> Value {
    str_vec(v.into_iter().map(|s| Some(s.into())).collect())
}

/// The elements as `paste` shows them (`NA` for a missing string).
fn texts(x: &Value) -> Vec<String> {
    as_strings(x)
        .into_iter()
        .map(|s| s.as_deref().unwrap_or("NA").to_string())
        .collect()
}

/// `toString(x, width = NULL, ...)` (`toString.default`): the elements joined
/// by ", ", cut to `width` characters (at least 6) with a "...." mark. Other
/// arguments are accepted and ignored, as R's method ignores them.
fn bi_to_string(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "width", "..."])?;
    let x = b
        .take(0)
        .ok_or_else(|| RError::new("argument \"x\" is missing, with no default"))?;
    let s = texts(&x).join(", ");
    let width = match b.take(1) {
        None | Some(Value::Null) => return Ok(Value::str(&s)),
        Some(w) => w.first_f64().unwrap_or(0.0),
    };
    if width == 0.0 {
        return Ok(Value::str(&s));
    }
    if width < 0.0 {
        let call = super::stats::method_call(interp, "toString.default");
        return Err(super::stats::in_closures(
            RError::with_call("'width' must be positive", call),
            &["toString.default"],
        ));
    }
    if s.chars().count() as f64 > width {
        let w = width.max(6.0) as usize;
        let cut: String = s.chars().take(w - 4).collect();
        return Ok(Value::str(&format!("{cut}....")));
    }
    Ok(Value::str(&s))
}

/// `noquote(obj, right = FALSE)`: `obj` with class "noquote" appended
/// (once), printed without quotes.
fn bi_noquote(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["obj", "right"])?;
    let mut x = b
        .take(0)
        .ok_or_else(|| RError::new("argument \"obj\" is missing, with no default"))?;
    if super::output::arg_flag(&b.take(1), false) {
        return Err(RError::unsupported("noquote(right = TRUE)"));
    }
    let mut class = x.explicit_class().unwrap_or_default();
    if class.iter().any(|c| c == "noquote") {
        return Ok(x);
    }
    class.push("noquote".into());
    if !x.set_attr("class", Value::strs(&class)) {
        return Err(RError::with_call(
            "attempt to set an attribute on NULL",
            "class(obj) <- c(attr(obj, \"class\"), if (right) c(right = \"noquote\") else \"noquote\")",
        ));
    }
    Ok(x)
}

/// The text of `print.noquote(x, quote = FALSE)`: `x` without the class
/// printed as `print` would (its other classes' print methods first).
pub(crate) fn print_noquote(v: &Vector, digits: Option<usize>, quote: Option<bool>) -> String {
    let mut plain = v.clone();
    let rest: Vec<String> = v
        .class()
        .unwrap_or(&[])
        .iter()
        .filter(|c| c.as_deref() != Some("noquote"))
        .map(|c| c.as_deref().unwrap_or("NA").to_string())
        .collect();
    plain.set_attr(
        "class",
        if rest.is_empty() {
            Value::Null
        } else {
            Value::strs(&rest)
        },
    );
    let quote = quote.unwrap_or(false);
    let plain = Value::from_vector(plain);
    if !rest.is_empty() {
        if let Some(s) = super::print_methods::print_method(&plain, digits, Some(quote)) {
            return s;
        }
    }
    crate::print::print_to_string_opts(&plain, digits.unwrap_or_else(crate::format::digits), quote)
}

/// The quote marks of `sQuote`/`dQuote` for their `q` argument (R's code
/// for a UTF-8 locale): `TRUE` and "UTF-8" give the typographic marks,
/// "TeX" TeX's, four strings the given ones, anything else plain ASCII.
fn quote_marks(interp: &Interp, q: Option<Value>, double: bool) -> (String, String) {
    let q = match q {
        Some(q) => q,
        None => interp
            .options
            .iter()
            .find(|(n, _)| n == "useFancyQuotes")
            .map_or(Value::Null, |(_, v)| v.clone()),
    };
    let plain = if double { "\"" } else { "'" };
    let mut marks = (plain.to_string(), plain.to_string());
    let is_true =
        matches!(q.as_vector().map(|v| v.data.clone()), Some(VecData::Lgl(l)) if l == [1]);
    let s = arg_str(&Some(q.clone()));
    if is_true || (q.len() == 1 && s.as_deref() == Some("UTF-8")) {
        marks = if double {
            ("\u{201c}".into(), "\u{201d}".into())
        } else {
            ("\u{2018}".into(), "\u{2019}".into())
        };
    } else if q.len() == 1 && s.as_deref() == Some("TeX") {
        marks = if double {
            ("``".into(), "''".into())
        } else {
            ("`".into(), "'".into())
        };
    }
    if let Some(VecData::Str(v)) = q.as_vector().map(|v| v.data.clone()) {
        if v.len() >= 4 {
            let at = |i: usize| v[i].as_deref().unwrap_or("NA").to_string();
            marks = if double {
                (at(2), at(3))
            } else {
                (at(0), at(1))
            };
        }
    }
    marks
}

fn quote_with(interp: &mut Interp, args: Args, double: bool) -> RResult<Value> {
    let mut b = args.bind(&["x", "q"])?;
    let x = b
        .take(0)
        .ok_or_else(|| RError::new("argument \"x\" is missing, with no default"))?;
    if x.is_empty() {
        return Ok(str_vec(Vec::new()));
    }
    let (before, after) = quote_marks(interp, b.take(1), double);
    Ok(strs(
        texts(&x)
            .into_iter()
            .map(|s| format!("{before}{s}{after}"))
            .collect(),
    ))
}

/// `sQuote(x, q = getOption("useFancyQuotes"))`.
fn bi_squote(interp: &mut Interp, args: Args) -> RResult<Value> {
    quote_with(interp, args, false)
}

/// `dQuote(x, q = getOption("useFancyQuotes"))`.
fn bi_dquote(interp: &mut Interp, args: Args) -> RResult<Value> {
    quote_with(interp, args, true)
}

/// Every character of `s` in `special` preceded by `mark`.
fn escape(s: &str, special: &str, mark: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if special.contains(c) {
            out.push_str(mark);
        }
        out.push(c);
    }
    out
}

/// `shQuote(string, type = c("sh", "csh", "cmd", "cmd2"))`.
fn bi_shquote(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["string", "type"])?;
    let x = b
        .take(0)
        .ok_or_else(|| RError::new("argument \"string\" is missing, with no default"))?;
    const TYPES: [&str; 4] = ["sh", "csh", "cmd", "cmd2"];
    let ty = match b.take(1) {
        None => "sh",
        Some(t) => {
            let s = arg_str(&Some(t.clone())).unwrap_or_default();
            let exact = TYPES.iter().find(|c| **c == s);
            let partial: Vec<&&str> = TYPES
                .iter()
                .filter(|c| !s.is_empty() && c.starts_with(s.as_str()))
                .collect();
            match exact.or(partial.first().copied().filter(|_| partial.len() == 1)) {
                Some(c) if t.len() == 1 => *c,
                _ => {
                    let mut e = RError::with_call(
                        "'arg' should be one of \u{201c}sh\u{201d}, \u{201c}csh\u{201d}, \u{201c}cmd\u{201d}, \u{201c}cmd2\u{201d}",
                        "match.arg(type)",
                    );
                    e.trace = vec!["match.arg".into()];
                    return Err(e);
                }
            }
        }
    };
    let xs = texts(&x);
    let out: Vec<String> = match ty {
        "cmd" => xs
            .iter()
            .map(|s| {
                // Backslashes before a quote are doubled and the quote escaped;
                // a final run of backslashes is doubled.
                let mut body = String::new();
                let mut run = 0;
                for c in s.chars() {
                    match c {
                        '\\' => run += 1,
                        '"' => {
                            body.push_str(&"\\".repeat(2 * run));
                            body.push_str("\\\"");
                            run = 0;
                        }
                        c => {
                            body.push_str(&"\\".repeat(run));
                            body.push(c);
                            run = 0;
                        }
                    }
                }
                body.push_str(&"\\".repeat(2 * run));
                format!("\"{body}\"")
            })
            .collect(),
        "cmd2" => xs.iter().map(|s| escape(s, "()%!^\"<>&|", "^")).collect(),
        _ if !xs.iter().any(|s| s.contains('\'')) => xs.iter().map(|s| format!("'{s}'")).collect(),
        "sh" => xs
            .iter()
            .map(|s| format!("\"{}\"", escape(s, "\"$`\\", "\\")))
            .collect(),
        _ if !xs.iter().any(|s| s.contains(['$', '`'])) => xs
            .iter()
            .map(|s| format!("\"{}\"", escape(s, "\"!\\", "\\")))
            .collect(),
        _ => xs
            .iter()
            .map(|s| format!("'{}'", s.replace('\'', "'\"'\"'")))
            .collect(),
    };
    Ok(strs(out))
}

pub(crate) fn is_noquote(x: &Value) -> bool {
    matches!(x, Value::Vec(v) if v.class().is_some_and(|c| c.iter().any(|c| c.as_deref() == Some("noquote"))))
}

/// `[.noquote`: the elements of the unclassed value with every attribute
/// of `x` but its shape and names (its class among them).
pub(crate) fn index_noquote(
    interp: &mut Interp,
    x: &Value,
    idx: &[Option<Value>],
    drop: bool,
) -> RResult<Value> {
    let mut plain = x.clone();
    plain.set_attr("class", Value::Null);
    let mut r = super::subset::index(interp, &plain, idx, drop)?;
    if let Value::Vec(v) = x {
        for (k, a) in v.attrs.iter().flat_map(|a| a.iter()) {
            if !matches!(&**k, "dim" | "dimnames" | "names") {
                r.set_attr(k, a.clone());
            }
        }
    }
    Ok(r)
}
