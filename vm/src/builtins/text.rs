//! Character helpers beyond `strings`: `chartr`, `strrep`, `trimws`,
//! `startsWith`/`endsWith`, `utf8ToInt`/`intToUtf8`; and run-length
//! encoding (`rle`, `inverse.rle`, printed as R's `print.rle`).

use super::output::{arg_flag, arg_str, as_strings};
use super::BuiltinDef;
use crate::args::Args;
use crate::error::{RError, RResult};
use crate::interp::Interp;
use crate::value::*;

pub const BUILTINS: &[BuiltinDef] = &[
    BuiltinDef::new("chartr", builtin_chartr),
    BuiltinDef::new("strrep", builtin_strrep),
    BuiltinDef::new("trimws", builtin_trimws),
    BuiltinDef::new("startsWith", builtin_starts_with),
    BuiltinDef::new("endsWith", builtin_ends_with),
    BuiltinDef::new("utf8ToInt", builtin_utf8_to_int),
    BuiltinDef::new("intToUtf8", builtin_int_to_utf8),
    BuiltinDef::new("rle", builtin_rle),
    BuiltinDef::new("inverse.rle", builtin_inverse_rle),
    BuiltinDef::new("is.element", builtin_is_element),
];

fn strings_arg(v: Option<Value>, what: &str) -> RResult<Vec<RStr>> {
    match v {
        Some(v) if matches!(v.vtype(), Some(VType::Str)) => Ok(as_strings(&v)),
        Some(Value::Null) => Ok(Vec::new()),
        _ => Err(RError::new(format!("invalid '{}' argument", what))),
    }
}

/// Keep `x`'s names on a same-length result.
fn keep_names(mut out: Value, x: &Value) -> Value {
    if let Some(n) = x.attr("names") {
        out.set_attr("names", n.clone());
    }
    out
}

fn builtin_chartr(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["old", "new", "x"])?;
    let old = arg_str(&b.take(0)).ok_or_else(|| RError::new("invalid 'old' argument"))?;
    let new = arg_str(&b.take(1)).ok_or_else(|| RError::new("invalid 'new' argument"))?;
    let x = b.take(2).unwrap_or(Value::Null);
    let (o, n): (Vec<char>, Vec<char>) = (old.chars().collect(), new.chars().collect());
    if o.len() > n.len() {
        return Err(RError::new("'old' is longer than 'new'"));
    }
    let xs = strings_arg(Some(x.clone()), "x")?;
    let out = xs
        .into_iter()
        .map(|s| {
            s.map(|s| {
                s.chars()
                    .map(|c| match o.iter().rposition(|&k| k == c) {
                        Some(i) => n[i],
                        None => c,
                    })
                    .collect::<String>()
                    .into()
            })
        })
        .collect();
    Ok(keep_names(str_vec(out), &x))
}

fn builtin_strrep(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "times"])?;
    let x = b.take(0).unwrap_or(Value::Null);
    let times = b.take(1).unwrap_or(Value::Null);
    let xs = as_strings(&x);
    let ts: Vec<f64> = match times.as_vector().map(|v| v.data.coerce(VType::Dbl)) {
        Some(VecData::Dbl(t)) => t,
        _ => return Err(RError::new("invalid 'times' value")),
    };
    if xs.is_empty() || ts.is_empty() {
        return Ok(str_vec(Vec::new()));
    }
    if ts.iter().any(|t| t.abs() >= 2147483648.0) {
        interp.warning_in_context("NAs introduced by coercion to integer range")?;
    }
    let n = xs.len().max(ts.len());
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let t = ts[i % ts.len()];
        let s = &xs[i % xs.len()];
        out.push(match s {
            _ if t.is_nan() || t.abs() >= 2147483648.0 => None,
            None => None,
            Some(_) if t < 0.0 => return Err(RError::new("invalid 'times' value")),
            Some(s) => {
                crate::limits::check_alloc(s.len() as f64 * t.trunc(), VType::Lgl)?;
                Some(s.repeat(t as usize).into())
            }
        });
    }
    let out = str_vec(out);
    Ok(if n == xs.len() {
        keep_names(out, &x)
    } else {
        out
    })
}

fn builtin_trimws(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "which", "whitespace"])?;
    let x = b.take(0).unwrap_or(Value::Null);
    let which = arg_str(&b.take(1)).unwrap_or_else(|| "both".into());
    if let Some(w) = b.take(2) {
        return trimws_regex(interp, x, &which, &w);
    }
    let ws = |c: char| matches!(c, ' ' | '\t' | '\n' | '\r');
    let (left, right) = match which.as_str() {
        "both" => (true, true),
        "left" => (true, false),
        "right" => (false, true),
        _ => {
            return Err(RError::new(
                "'arg' should be one of “both”, “left”, “right”",
            ))
        }
    };
    let out = as_strings(&x)
        .into_iter()
        .map(|s| {
            s.map(|s| {
                let mut t: &str = &s;
                if left {
                    t = t.trim_start_matches(ws);
                }
                if right {
                    t = t.trim_end_matches(ws);
                }
                t.into()
            })
        })
        .collect();
    let mut r = str_vec(out);
    for a in ["names", "dim", "dimnames"] {
        if let Some(v) = x.attr(a) {
            r.set_attr(a, v.clone());
        }
    }
    Ok(r)
}

/// `trimws(x, which, whitespace)` as R defines it: `sub()` of
/// `^whitespace+` and `whitespace+$` with `perl = TRUE`.
fn trimws_regex(interp: &mut Interp, x: Value, which: &str, w: &Value) -> RResult<Value> {
    use super::regex::{compile_in, substitute_all, text_arg, Syntax};
    let (left, right) = match which {
        "both" => (true, true),
        "left" => (true, false),
        "right" => (false, true),
        _ => {
            return Err(RError::new(
                "'arg' should be one of “both”, “left”, “right”",
            ))
        }
    };
    let w = as_strings(w)
        .into_iter()
        .next()
        .flatten()
        .unwrap_or_else(|| "NA".into());
    let mut texts = text_arg(&x);
    for (on, pat) in [(left, format!("^{w}+")), (right, format!("{w}+$"))] {
        if on {
            // (R's trimws calls sub() in a local function.)
            let call = "sub(re, \"\", x, perl = TRUE)";
            let re = compile_in(interp, &pat, Syntax::Perl, false, Some(call))?;
            texts = substitute_all(&re, Some(""), &texts, false);
        }
    }
    let out = str_vec(texts);
    Ok(if x.vtype() == Some(VType::Str) {
        keep_attrs(out, &x)
    } else {
        out
    })
}

/// `out` with all attributes of `x` (as `sub` keeps them).
fn keep_attrs(mut out: Value, x: &Value) -> Value {
    if let Some(v) = x.as_vector() {
        if let Some(attrs) = &v.attrs {
            for (n, a) in attrs.iter() {
                out.set_attr(n, a.clone());
            }
        }
    }
    out
}

fn affix(args: Args, what: &str, test: fn(&str, &str) -> bool) -> RResult<Value> {
    let mut b = args.bind(&["x", what])?;
    let x = b.take(0);
    let p = b.take(1);
    let (Some(x), Some(p)) = (x, p) else {
        return Err(RError::new("non-character object(s)"));
    };
    if !matches!(x.vtype(), Some(VType::Str)) || !matches!(p.vtype(), Some(VType::Str)) {
        return Err(RError::new("non-character object(s)"));
    }
    let (xs, ps) = (as_strings(&x), as_strings(&p));
    if xs.is_empty() || ps.is_empty() {
        return Ok(lgl_vec(Vec::new()));
    }
    let n = xs.len().max(ps.len());
    let out = (0..n)
        .map(|i| match (&xs[i % xs.len()], &ps[i % ps.len()]) {
            (Some(s), Some(p)) => test(s, p) as i32,
            _ => NA_LOGICAL,
        })
        .collect();
    Ok(lgl_vec(out))
}

fn builtin_starts_with(_: &mut Interp, args: Args) -> RResult<Value> {
    affix(args, "prefix", |s, p| s.starts_with(p))
}

fn builtin_ends_with(_: &mut Interp, args: Args) -> RResult<Value> {
    affix(args, "suffix", |s, p| s.ends_with(p))
}

fn builtin_utf8_to_int(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x"])?;
    let x = b.take(0).unwrap_or(Value::Null);
    let xs = strings_arg(Some(x), "x")?;
    if xs.len() != 1 {
        return Err(RError::new(
            "argument should be a character vector of length 1",
        ));
    }
    Ok(match &xs[0] {
        None => Value::Int(NA_INTEGER),
        Some(s) => int_vec(s.chars().map(|c| c as i32).collect()),
    })
}

fn builtin_int_to_utf8(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "multiple", "allow_surrogate_pairs"])?;
    let x = b.take(0).unwrap_or(Value::Null);
    let multiple = arg_flag(&b.take(1), false);
    let codes: Vec<f64> = match x.as_vector().map(|v| v.data.coerce(VType::Dbl)) {
        Some(VecData::Dbl(d)) => d,
        None => Vec::new(),
        _ => return Err(RError::new("argument 'x' must be an integer vector")),
    };
    let one = |c: f64| -> RResult<Option<char>> {
        if c.is_nan() {
            return Ok(None);
        }
        if c == 0.0 {
            return Ok(Some('\0'));
        }
        char::from_u32(c as u32)
            .filter(|_| c > 0.0 && c < 1114112.0)
            .map(Some)
            .ok_or_else(|| RError::new("invalid input in 'intToUtf8'"))
    };
    if multiple {
        let out = codes
            .iter()
            .map(|&c| {
                Ok(one(c)?.map(|ch| {
                    if ch == '\0' {
                        "".into()
                    } else {
                        ch.to_string().into()
                    }
                }))
            })
            .collect::<RResult<Vec<RStr>>>()?;
        return Ok(str_vec(out));
    }
    let mut s = String::new();
    for &c in &codes {
        match one(c)? {
            None => return Ok(str_vec(vec![None])),
            Some('\0') => {}
            Some(ch) => s.push(ch),
        }
    }
    Ok(Value::str(&s))
}

fn builtin_is_element(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["el", "table"])?;
    let el = b.take(0).unwrap_or(Value::Null);
    let table = b.take(1).unwrap_or(Value::Null);
    let f = super::lookup("%in%").unwrap();
    interp.call_function(&f, Args::positional(vec![el, table]))
}

/// `rle(x)`: a list(lengths, values) of class "rle".
fn builtin_rle(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x"])?;
    let x = b.take(0).unwrap_or(Value::Null);
    let Some(v) = x.as_vector().filter(|v| v.vtype() != VType::List) else {
        return Err(RError::new("'x' must be a vector of an atomic type"));
    };
    let d = &v.data;
    let n = d.len();
    let mut starts = Vec::new();
    let mut lengths = Vec::new();
    let same = |i: usize, j: usize| -> bool {
        // R compares with `!=`, so NA never equals its neighbour.
        !d.is_na(i) && !d.is_na(j) && d.elt(i) == d.elt(j)
    };
    let mut i = 0;
    while i < n {
        let mut j = i + 1;
        while j < n && same(i, j) {
            j += 1;
        }
        starts.push(Some(i));
        lengths.push((j - i) as i32);
        i = j;
    }
    let values = Value::from_data(d.select(&starts));
    let mut out = list_vec(vec![int_vec(lengths), values]);
    out.set_attr("names", Value::strs(&["lengths", "values"]));
    out.set_attr("class", Value::str("rle"));
    Ok(out)
}

fn builtin_inverse_rle(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "..."])?;
    let x = b.take(0).unwrap_or(Value::Null);
    let get = |name: &str| -> Option<Value> {
        let v = x.as_vector()?;
        let i = v.names()?.iter().position(|n| n.as_deref() == Some(name))?;
        match &v.data {
            VecData::List(l) => l.get(i).cloned(),
            _ => None,
        }
    };
    let (Some(lengths), Some(values)) = (get("lengths"), get("values")) else {
        return Err(RError::new("invalid 'rle' structure"));
    };
    let f = super::lookup("rep.int").unwrap();
    let mut a = Args::new();
    a.push(None, values);
    a.push(None, lengths);
    interp.call_function(&f, a)
}

/// `print.rle`'s text: R prints each component with `str()`.
pub fn format_rle(x: &Value) -> Option<String> {
    let v = x.as_vector()?;
    let VecData::List(items) = &v.data else {
        return None;
    };
    if items.len() != 2 {
        return None;
    }
    Some(format!(
        "Run Length Encoding\n  lengths: {}\n  values : {}\n",
        str_line(&items[0])?,
        str_line(&items[1])?
    ))
}

/// One line of `str(v)` for an atomic vector, as print.rle shows it (the
/// first 10 integers, 5 doubles, 6 logicals, ... then "...").
fn str_line(v: &Value) -> Option<String> {
    let vec = v.as_vector()?;
    let n = vec.len();
    let (abbr, shown) = match vec.vtype() {
        VType::Int => ("int", 10),
        VType::Dbl => ("num", 5),
        VType::Lgl => ("logi", 6),
        VType::Str => ("chr", 16),
        VType::Cplx => ("cplx", 3),
        VType::Raw => ("raw", 10),
        VType::List => return None,
    };
    if n == 0 {
        return Some(format!("{}(0) ", abbr));
    }
    let k = n.min(shown);
    let head = Value::from_data(vec.data.select(&(0..k).map(Some).collect::<Vec<_>>()));
    let cells: Vec<String> = match &vec.data {
        VecData::Str(_) => as_strings(&head)
            .iter()
            .map(|s| match s {
                Some(s) => crate::format::escape_string(s, true),
                None => "NA".into(),
            })
            .collect(),
        VecData::Dbl(_) => {
            let VecData::Dbl(d) = head.as_vector()?.data.clone() else {
                return None;
            };
            crate::format::format_real_vec(&d, crate::format::digits())
                .into_iter()
                .map(|s| s.trim().to_string())
                .collect()
        }
        _ => as_strings(&head)
            .iter()
            .map(|s| s.as_deref().unwrap_or("NA").to_string())
            .collect(),
    };
    let dims = if n > 1 {
        format!(" [1:{}]", n)
    } else {
        String::new()
    };
    let more = if n > k { " ..." } else { "" };
    Some(format!("{}{} {}{}", abbr, dims, cells.join(" "), more))
}
