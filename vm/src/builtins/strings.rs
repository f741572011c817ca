//! String builtins: `paste`, `paste0`, `toupper`, `tolower`, `nchar`, `substr`,
//! `substring`, `strsplit` and `strtoi`.

use super::output::{arg_flag, arg_str, as_strings};
use super::regex::Syntax;
use super::BuiltinDef;
use crate::args::Args;
use crate::error::{RError, RResult};
use crate::interp::Interp;
use crate::value::{int_vec, list_vec, str_vec, RStr, Value, VecData, NA_INTEGER};

pub const BUILTINS: &[BuiltinDef] = &[
    BuiltinDef::new("paste", builtin_paste),
    BuiltinDef::new("paste0", builtin_paste0),
    BuiltinDef::new("toupper", builtin_toupper),
    BuiltinDef::new("tolower", builtin_tolower),
    BuiltinDef::new("casefold", builtin_casefold),
    BuiltinDef::new("nchar", builtin_nchar),
    BuiltinDef::new("substr", builtin_substr),
    BuiltinDef::new("substr<-", builtin_substr_assign),
    BuiltinDef::new("substring", builtin_substring),
    BuiltinDef::new("strsplit", builtin_strsplit),
    BuiltinDef::new("strtoi", builtin_strtoi),
];

/// R's `paste` core: arguments recycled to the longest; zero-length arguments count
/// as "" (Rscript: `paste("a", NULL, "b")` is `"a  b"`).
fn paste_core(parts: &[Value], sep: &str, collapse: Option<&str>) -> Value {
    let vecs: Vec<Vec<RStr>> = parts.iter().map(as_strings).collect();
    let n = vecs.iter().map(Vec::len).max().unwrap_or(0);
    let rows: Vec<String> = (0..n)
        .map(|i| {
            vecs.iter()
                .map(|v| {
                    if v.is_empty() {
                        ""
                    } else {
                        v[i % v.len()].as_deref().unwrap_or("NA")
                    }
                })
                .collect::<Vec<_>>()
                .join(sep)
        })
        .collect();
    match collapse {
        Some(c) => Value::str(&rows.join(c)),
        None => str_vec(rows.into_iter().map(|s| Some(s.into())).collect()),
    }
}

fn collapse_arg(v: Option<Value>) -> RResult<Option<String>> {
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(v) => arg_str(&Some(v))
            .map(Some)
            .ok_or_else(|| RError::new("invalid 'collapse' argument")),
    }
}

fn builtin_paste(_interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["...", "sep", "collapse"])?;
    let sep = match b.take(1) {
        None => " ".to_string(),
        Some(v) => arg_str(&Some(v)).ok_or_else(|| RError::new("invalid separator"))?,
    };
    let collapse = collapse_arg(b.take(2))?;
    let parts: Vec<Value> = b.dots.into_iter().map(|(_, v)| v).collect();
    Ok(paste_core(&parts, &sep, collapse.as_deref()))
}

fn builtin_paste0(_interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["...", "collapse"])?;
    let collapse = collapse_arg(b.take(1))?;
    let parts: Vec<Value> = b.dots.into_iter().map(|(_, v)| v).collect();
    Ok(paste_core(&parts, "", collapse.as_deref()))
}

/// Apply `f` to every non-NA string, keeping names/dim.
fn map_strings(x: &Value, f: impl Fn(&str) -> String) -> Value {
    let strs: Vec<RStr> = as_strings(x)
        .into_iter()
        .map(|s| s.map(|s| f(&s).into()))
        .collect();
    let mut out = str_vec(strs);
    for a in ["names", "dim", "dimnames"] {
        if let Some(v) = x.attr(a) {
            out.set_attr(a, v.clone());
        }
    }
    out
}

fn builtin_toupper(_interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x"])?;
    let x = b.take(0).unwrap_or(Value::Null);
    Ok(map_strings(&x, |s| s.to_uppercase()))
}

fn builtin_tolower(_interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x"])?;
    let x = b.take(0).unwrap_or(Value::Null);
    Ok(map_strings(&x, |s| s.to_lowercase()))
}

/// `casefold(x, upper = FALSE)`: `tolower`, or `toupper` with `upper`.
fn builtin_casefold(_interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "upper"])?;
    let x = b.take(0).unwrap_or(Value::Null);
    let upper = b
        .take(1)
        .and_then(|v| v.first_f64())
        .is_some_and(|u| u != 0.0);
    Ok(if upper {
        map_strings(&x, |s| s.to_uppercase())
    } else {
        map_strings(&x, |s| s.to_lowercase())
    })
}

fn builtin_nchar(_interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "type", "allowNA", "keepNA"])?;
    let x = b.take(0).unwrap_or(Value::Null);
    let ty = arg_str(&b.take(1)).unwrap_or_else(|| "chars".into());
    // keepNA = NA (the default) keeps NA for type "chars"/"bytes", gives 2 for "width".
    let keep_na = match b.take(3).and_then(|v| v.first_f64()) {
        Some(k) if !k.is_nan() => k != 0.0,
        _ => ty != "width",
    };
    if x.is_function() {
        return Err(RError::new("'nchar()' requires a character vector"));
    }
    let counts: Vec<i32> = as_strings(&x)
        .iter()
        .map(|s| match s {
            None => {
                if keep_na {
                    NA_INTEGER
                } else {
                    2
                }
            }
            Some(s) => {
                if ty == "bytes" {
                    s.len() as i32
                } else {
                    s.chars().count() as i32
                }
            }
        })
        .collect();
    let mut out = int_vec(counts);
    for a in ["names", "dim", "dimnames"] {
        if let Some(v) = x.attr(a) {
            out.set_attr(a, v.clone());
        }
    }
    Ok(out)
}

/// Integer elements of an argument (NA for non-numbers).
fn int_elems(v: &Option<Value>) -> Vec<i32> {
    let Some(v) = v.as_ref().and_then(|v| v.as_vector()) else {
        return Vec::new();
    };
    match v.data.coerce(crate::value::VType::Int) {
        VecData::Int(x) => x,
        _ => Vec::new(),
    }
}

/// Characters `start..=stop` (1-based, clipped) of `s`, as a slice of it.
pub(crate) fn substr_one(s: &str, start: i32, stop: i32) -> &str {
    let start = start.max(1) as usize;
    if stop < 1 || (stop as usize) < start {
        return "";
    }
    let stop = stop as usize;
    // Up to `stop`, ASCII text has one byte per character.
    let end = stop.min(s.len());
    if s.as_bytes()[..end].is_ascii() {
        return &s[(start - 1).min(end)..end];
    }
    let Some((a, _)) = s.char_indices().nth(start - 1) else {
        return "";
    };
    let z = s[a..]
        .char_indices()
        .nth(stop - start + 1)
        .map_or(s.len(), |(i, _)| a + i);
    &s[a..z]
}

fn builtin_substr(_interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "start", "stop"])?;
    let x = b.take(0).unwrap_or(Value::Null);
    let start = int_elems(&b.take(1));
    let stop = int_elems(&b.take(2));
    let strs = as_strings(&x);
    if !strs.is_empty() && (start.is_empty() || stop.is_empty()) {
        return Err(RError::new("invalid substring arguments"));
    }
    let out: Vec<RStr> = strs
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let (a, z) = (start[i % start.len()], stop[i % stop.len()]);
            match s {
                Some(s) if a != NA_INTEGER && z != NA_INTEGER => Some(substr_one(s, a, z).into()),
                _ => None,
            }
        })
        .collect();
    let mut v = str_vec(out);
    if let Some(n) = x.attr("names") {
        v.set_attr("names", n.clone());
    }
    Ok(v)
}

/// `substr<-`(x, start, stop, value): overwrites characters `start..stop` of each
/// element in place with the leading characters of `value` (recycled); the string
/// never changes length. Attributes of `x` are kept.
fn builtin_substr_assign(_interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "start", "stop", "value"])?;
    let x = b.take(0).unwrap_or(Value::Null);
    for (i, formal) in [(1, "start"), (2, "stop")] {
        if b.slots.get(i).is_none_or(|s| s.is_none()) {
            return Err(RError::new(format!(
                "argument \"{}\" is missing, with no default",
                formal
            )));
        }
    }
    let start = int_elems(&b.take(1));
    let stop = int_elems(&b.take(2));
    let value = as_strings(&b.take(3).unwrap_or(Value::Null));
    let strs = as_strings(&x);
    if strs.is_empty() {
        return Ok(x);
    }
    if start.is_empty() || stop.is_empty() || value.is_empty() {
        return Err(RError::new("invalid substring arguments"));
    }
    let out: Vec<RStr> = strs
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let (a, z) = (start[i % start.len()], stop[i % stop.len()]);
            match (s, &value[i % value.len()]) {
                (Some(s), Some(v)) if a != NA_INTEGER && z != NA_INTEGER => {
                    let mut chars: Vec<char> = s.chars().collect();
                    let first = a.max(1) as usize;
                    let last = (z.max(0) as usize).min(chars.len());
                    for (pos, c) in (first..=last).zip(v.chars()) {
                        chars[pos - 1] = c;
                    }
                    Some(chars.into_iter().collect::<String>().into())
                }
                _ => None,
            }
        })
        .collect();
    let mut result = match x.as_vector() {
        Some(v) => v.into_owned(),
        None => return Ok(str_vec(out)),
    };
    result.data = VecData::Str(out);
    Ok(Value::Vec(std::rc::Rc::new(result)))
}

fn builtin_substring(_interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["text", "first", "last"])?;
    let x = b.take(0).unwrap_or(Value::Null);
    let first = int_elems(&b.take(1));
    let last = match b.take(2) {
        None => vec![1_000_000],
        v => int_elems(&v),
    };
    let strs = as_strings(&x);
    if strs.is_empty() || first.is_empty() || last.is_empty() {
        return Ok(str_vec(Vec::new()));
    }
    let n = strs.len().max(first.len()).max(last.len());
    let out: Vec<RStr> = (0..n)
        .map(|i| {
            let (a, z) = (first[i % first.len()], last[i % last.len()]);
            match &strs[i % strs.len()] {
                Some(s) if a != NA_INTEGER && z != NA_INTEGER => Some(substr_one(s, a, z).into()),
                _ => None,
            }
        })
        .collect();
    Ok(str_vec(out))
}

/// Split `s` at every occurrence of `sep` as R's `strsplit` does (a trailing
/// empty piece is dropped; an empty `sep` splits into characters).
fn split_fixed(s: &str, sep: &str) -> Vec<RStr> {
    if sep.is_empty() {
        return s.chars().map(|c| Some(c.to_string().into())).collect();
    }
    let mut out: Vec<RStr> = Vec::new();
    let mut rest = s;
    while !rest.is_empty() {
        match rest.find(sep) {
            Some(p) => {
                out.push(Some(rest[..p].into()));
                rest = &rest[p + sep.len()..];
            }
            None => {
                out.push(Some(rest.into()));
                break;
            }
        }
    }
    out
}

fn builtin_strsplit(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "split", "fixed", "perl", "useBytes"])?;
    let x = b.take(0).unwrap_or(Value::Null);
    if !matches!(x.vtype(), Some(crate::value::VType::Str)) {
        return Err(RError::new("non-character argument"));
    }
    // split = NULL (or character(0)) splits into characters, like "".
    let mut splits = as_strings(&b.take(1).unwrap_or(Value::Null));
    if splits.is_empty() {
        splits.push(Some("".into()));
    }
    let fixed = arg_flag(&b.take(2), false);
    let mut perl = arg_flag(&b.take(3), false);
    if fixed && perl {
        interp.warning("argument 'perl = TRUE' will be ignored")?;
        perl = false;
    }
    let syntax = if perl { Syntax::Perl } else { Syntax::Extended };
    // A split without special characters is the same text in every syntax.
    let literal = |s: &str| fixed || !s.chars().any(|c| ".[]{}()\\*+?^$|".contains(c));
    let patterns = splits
        .iter()
        .map(|s| match s {
            Some(s) if !s.is_empty() && !literal(s) => {
                super::regex::compile_or_error(interp, s, syntax, false).map(Some)
            }
            _ => Ok(None),
        })
        .collect::<RResult<Vec<_>>>()?;
    let strs = as_strings(&x);
    // (R's wide-character split: an extended pattern, some string not ASCII.)
    let ascii = strs.iter().flatten().all(|s| s.is_ascii())
        && splits.iter().flatten().all(|s| s.is_ascii());
    let wide = !perl && !arg_flag(&b.take(4), false) && !ascii;
    let items: Vec<Value> = strs
        .iter()
        .enumerate()
        .map(|(i, s)| match s {
            None => str_vec(vec![None]),
            Some(s) => match (&splits[i % splits.len()], &patterns[i % splits.len()]) {
                // An NA split leaves the string whole.
                (None, _) => str_vec(vec![Some(s.clone())]),
                (Some(_), Some(re)) => str_vec(super::regex::split(re, s, wide)),
                (Some(sep), None) => str_vec(split_fixed(s, sep)),
            },
        })
        .collect();
    let mut out = list_vec(items);
    if let Some(n) = x.attr("names") {
        out.set_attr("names", n.clone());
    }
    Ok(out)
}

/// C `strtol` on the whole string in `base` (R's `strtoi`): NA unless every
/// character is consumed and the value fits in an integer.
fn strtoi_one(s: &str, base: u32) -> i32 {
    let t = s.trim_start();
    let (neg, body) = match t.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    let (base, body) = match base {
        16 => (
            16,
            body.strip_prefix("0x")
                .or_else(|| body.strip_prefix("0X"))
                .unwrap_or(body),
        ),
        0 => {
            if let Some(h) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
                (16, h)
            } else if body.len() > 1 && body.starts_with('0') {
                (8, &body[1..])
            } else {
                (10, body)
            }
        }
        b => (b, body),
    };
    if body.is_empty() {
        return NA_INTEGER;
    }
    match i64::from_str_radix(body, base) {
        Ok(v) => {
            let v = if neg { -v } else { v };
            if v > i32::MAX as i64 || v <= i32::MIN as i64 {
                NA_INTEGER
            } else {
                v as i32
            }
        }
        Err(_) => NA_INTEGER,
    }
}

fn builtin_strtoi(_interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "base"])?;
    let x = b.take(0).unwrap_or(Value::Null);
    // R 4.2.2 detects the base by default (`strtoi("012")` is 10, `"0x1A"` 26).
    let base = b.take(1).and_then(|v| v.first_f64()).unwrap_or(0.0);
    if !(base == 0.0 || (2.0..=36.0).contains(&base)) {
        return Err(RError::new("invalid 'base' argument"));
    }
    let out: Vec<i32> = as_strings(&x)
        .iter()
        .map(|s| {
            s.as_deref()
                .map_or(NA_INTEGER, |s| strtoi_one(s, base as u32))
        })
        .collect();
    Ok(int_vec(out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builtins::test_calls::printed;
    fn s(x: &str) -> RStr {
        Some(x.into())
    }

    #[test]
    fn substr_of_ascii_and_other_text() {
        // Rscript: substr("héllo wörld", 2, 8) is "éllo wö"; substr("abc", 2, 9) "bc".
        assert_eq!(substr_one("héllo wörld", 2, 8), "éllo wö");
        assert_eq!(substr_one("héllo wörld", 9, 20), "rld");
        assert_eq!(substr_one("héllo wörld", 12, 20), "");
        assert_eq!(substr_one("abcé", 2, 3), "bc");
        assert_eq!(substr_one("abcé", 4, 4), "é");
        assert_eq!(substr_one("abc", 2, 9), "bc");
        assert_eq!(substr_one("abc", 0, 1), "a");
        assert_eq!(substr_one("abc", 4, 9), "");
        assert_eq!(substr_one("abc", 3, 2), "");
        assert_eq!(substr_one("", 1, 1), "");
    }

    #[test]
    fn paste_rules() {
        // Expected text from Rscript.
        assert_eq!(
            printed(
                "paste",
                vec![(None, Value::str("a")), (None, str_vec(vec![]))]
            ),
            "[1] \"a \"\n"
        );
        assert_eq!(
            printed(
                "paste",
                vec![
                    (None, Value::str("a")),
                    (None, Value::Null),
                    (None, Value::str("b"))
                ]
            ),
            "[1] \"a  b\"\n"
        );
        assert_eq!(
            printed("paste0", vec![(None, Value::str("a")), (None, Value::Null)]),
            "[1] \"a\"\n"
        );
        assert_eq!(
            printed(
                "paste",
                vec![
                    (None, str_vec(vec![s("a"), None])),
                    (None, int_vec(vec![1, 2])),
                    (Some("sep"), Value::str("-")),
                    (Some("collapse"), Value::str("+"))
                ]
            ),
            "[1] \"a-1+NA-2\"\n"
        );
        assert_eq!(printed("paste0", vec![]), "character(0)\n");
        assert_eq!(
            printed(
                "paste",
                vec![(None, str_vec(vec![])), (Some("collapse"), Value::str(""))]
            ),
            "[1] \"\"\n"
        );
    }

    #[test]
    fn nchar_substr_strsplit_strtoi() {
        assert_eq!(
            printed("nchar", vec![(None, str_vec(vec![s("abc"), None, s("")]))]),
            "[1]  3 NA  0\n"
        );
        assert_eq!(printed("nchar", vec![(None, Value::Dbl(123.0))]), "[1] 3\n");
        assert_eq!(
            printed(
                "substr",
                vec![
                    (None, Value::str("abcdef")),
                    (None, Value::Dbl(2.0)),
                    (None, Value::Dbl(4.0))
                ]
            ),
            "[1] \"bcd\"\n"
        );
        assert_eq!(
            printed(
                "substring",
                vec![
                    (None, Value::str("abcdef")),
                    (None, int_vec(vec![1, 2, 3])),
                    (None, int_vec(vec![3, 4, 5]))
                ]
            ),
            "[1] \"abc\" \"bcd\" \"cde\"\n"
        );
        assert_eq!(
            printed(
                "substring",
                vec![
                    (None, Value::str("abcdef")),
                    (None, int_vec((1..=6).collect()))
                ]
            ),
            "[1] \"abcdef\" \"bcdef\"  \"cdef\"   \"def\"    \"ef\"     \"f\"     \n"
        );
        let mut x = str_vec(vec![s("a,b,,c,"), None, s("")]);
        x.set_attr("names", Value::strs(&["a", "b", "c"]));
        assert_eq!(
            printed("strsplit", vec![(None, x), (None, Value::str(","))]),
            "$a\n[1] \"a\" \"b\" \"\"  \"c\"\n\n$b\n[1] NA\n\n$c\ncharacter(0)\n\n"
        );
        assert_eq!(
            printed(
                "strsplit",
                vec![(None, Value::str("abc")), (None, Value::str(""))]
            ),
            "[[1]]\n[1] \"a\" \"b\" \"c\"\n\n"
        );
        assert_eq!(
            printed(
                "strsplit",
                vec![(None, Value::str("a.b")), (None, Value::str("[.]"))]
            ),
            "[[1]]\n[1] \"a\" \"b\"\n\n"
        );
        assert_eq!(
            printed(
                "strtoi",
                vec![
                    (None, Value::strs(&["10", "077", "ff", "zz"])),
                    (None, Value::Int(16))
                ]
            ),
            "[1]  16 119 255  NA\n"
        );
        assert_eq!(
            printed(
                "strtoi",
                vec![(None, Value::str("777")), (None, Value::Int(8))]
            ),
            "[1] 511\n"
        );
        assert_eq!(
            printed("strtoi", vec![(None, Value::str(" 12"))]),
            "[1] 12\n"
        );
        let mut x = str_vec(vec![s("x"), None]);
        x.set_attr("names", Value::strs(&["a", "b"]));
        assert_eq!(
            printed("toupper", vec![(None, x)]),
            "  a   b \n\"X\"  NA \n"
        );
    }
}
