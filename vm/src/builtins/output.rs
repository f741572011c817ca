//! Output and number-formatting builtins: `cat`, `print` / `print.default`,
//! `format`, `formatC`, `sprintf`, `message`. Element formatting comes from
//! `crate::format`, layout of printed values from `crate::print`.

use super::BuiltinDef;
use crate::args::Args;
use crate::error::{RError, RResult};
use crate::format::{
    drop_trailing_zeros, encode_real, format_integer, format_logical, format_real_one,
    format_real_scipen, logical_str, num_to_char, pad_left, pad_right, sci_string, str_width,
};
use crate::interp::Interp;
use crate::value::{is_na_real, str_vec, RStr, VType, Value, VecData, NA_INTEGER};

pub const BUILTINS: &[BuiltinDef] = &[
    BuiltinDef::new("cat", builtin_cat),
    BuiltinDef::new("print", builtin_print),
    BuiltinDef::new("print.default", builtin_print_default),
    BuiltinDef::new("prettyNum", builtin_pretty_num),
    BuiltinDef::new("format", builtin_format),
    BuiltinDef::new("format.default", builtin_format_default),
    BuiltinDef::new("formatC", builtin_format_c),
    BuiltinDef::new("sprintf", builtin_sprintf),
    BuiltinDef::new("message", builtin_message),
];

/// A length-≥1 argument as a string (first element), if it is character.
pub(crate) fn arg_str(v: &Option<Value>) -> Option<String> {
    let v = v.as_ref()?.as_vector()?;
    match &v.data {
        VecData::Str(s) => s.first().cloned().flatten().map(|s| s.to_string()),
        _ => None,
    }
}

/// A numeric argument's first element as f64.
pub(crate) fn arg_f64(v: &Option<Value>) -> Option<f64> {
    v.as_ref()?.first_f64().filter(|x| !x.is_nan())
}

/// A logical flag argument (`TRUE`/`FALSE`), `default` when missing or NA.
pub(crate) fn arg_flag(v: &Option<Value>, default: bool) -> bool {
    match v.as_ref().and_then(|v| v.first_f64()) {
        Some(x) if !x.is_nan() => x != 0.0,
        _ => default,
    }
}

/// The character vector of a value as `as.character` gives it (NULL → empty).
pub(crate) fn as_strings(v: &Value) -> Vec<RStr> {
    if let Value::Lang(l) = v {
        if let Value::Vec(s) = crate::lang::lang_strings(l) {
            if let VecData::Str(s) = &s.data {
                return s.clone();
            }
        }
    }
    match v.as_vector() {
        None => Vec::new(),
        Some(vec) => match &vec.data {
            VecData::List(items) => items
                .iter()
                .map(|e| match e.as_vector() {
                    Some(ev) if ev.len() == 1 && ev.vtype() != VType::List => {
                        match ev.data.coerce(VType::Str) {
                            VecData::Str(mut s) => s.pop().flatten(),
                            _ => None,
                        }
                    }
                    _ => Some(crate::print::print_to_string(e).trim_end().into()),
                })
                .collect(),
            d => match d.coerce(VType::Str) {
                VecData::Str(s) => s,
                _ => Vec::new(),
            },
        },
    }
}

/// `cat`'s text for element `i` of an atomic vector (each number formatted alone
/// with up to 7 significant digits; strings raw).
fn cat_element(d: &VecData, i: usize) -> String {
    match d {
        VecData::Raw(x) => format!("{:02x}", x[i]),
        VecData::Lgl(x) => logical_str(x[i]).to_string(),
        VecData::Int(x) => {
            if x[i] == NA_INTEGER {
                "NA".into()
            } else {
                x[i].to_string()
            }
        }
        VecData::Dbl(x) => format_real_one(x[i], crate::format::digits()),
        VecData::Cplx(x) => {
            let (fr, fi, _) = crate::format::format_complex(&x[i..=i], 7, 0);
            crate::format::encode_complex(x[i], fr, fi)
        }
        VecData::Str(x) => x[i].as_deref().unwrap_or("NA").to_string(),
        VecData::List(_) => String::new(),
    }
}

fn builtin_cat(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["...", "file", "sep", "fill", "labels", "append"])?;
    if let Some(f) = b.take(1) {
        if arg_str(&Some(f)).is_some_and(|s| !s.is_empty()) {
            return Err(RError::unsupported("cat(file = ) (file output)"));
        }
    }
    let seps: Vec<String> = match b.take(2) {
        None => vec![" ".into()],
        Some(v) => {
            let s: Vec<String> = as_strings(&v)
                .into_iter()
                .map(|s| s.as_deref().unwrap_or("NA").to_string())
                .collect();
            if s.is_empty() {
                return Err(RError::new("invalid 'sep' specification"));
            }
            s
        }
    };
    let mut text = String::new();
    // As R's do_cat: a separator before every argument but the first that
    // is not NULL (an empty vector included, so `cat(NULL, "x")` prints
    // " x"), and between the elements of one; the separators are used in
    // turn.
    let mut nsep = 0usize;
    let mut sep = |text: &mut String| {
        text.push_str(&seps[nsep % seps.len()]);
        nsep += 1;
    };
    for (k, (_, v)) in b.dots.iter().enumerate() {
        let vec = match v {
            Value::Null => continue,
            Value::Lang(l) if matches!(&**l, crate::lang::Lang::Sym(_)) => {
                std::borrow::Cow::Owned(crate::value::Vector::new(VecData::Str(as_strings(v))))
            }
            Value::Closure(_) | Value::Builtin(_) | Value::Env(_) | Value::Lang(_) => {
                return Err(RError::new(format!(
                    "argument {} (type '{}') cannot be handled by 'cat'",
                    k + 1,
                    v.type_name()
                )))
            }
            _ => v
                .as_vector()
                .ok_or_else(|| RError::new("cat: invalid argument"))?,
        };
        if vec.vtype() == VType::List {
            return Err(RError::new(format!(
                "argument {} (type 'list') cannot be handled by 'cat'",
                k + 1
            )));
        }
        if k != 0 {
            sep(&mut text);
        }
        for i in 0..vec.len() {
            if i > 0 {
                sep(&mut text);
            }
            text.push_str(&cat_element(&vec.data, i));
        }
    }
    // R ends the output with a newline when `fill` is on or any separator contains
    // a newline (do_cat's `pwidth != INT_MAX || nlsep`).
    let fill = match b.take(3) {
        None => false,
        Some(v) => match v.as_vector().map(|x| x.vtype()) {
            Some(VType::Lgl) => arg_flag(&Some(v), false),
            _ => v.first_f64().is_some_and(|w| w > 0.0),
        },
    };
    if fill || seps.iter().any(|s| s.contains('\n')) {
        text.push('\n');
    }
    interp.out.push_str(&text);
    interp.visible = false;
    Ok(Value::Null)
}

fn builtin_print(interp: &mut Interp, args: Args) -> RResult<Value> {
    print_impl(interp, args, true)
}

/// `print.default`: the method itself, which never dispatches on `x`'s class.
fn builtin_print_default(interp: &mut Interp, args: Args) -> RResult<Value> {
    print_impl(interp, args, false)
}

fn print_impl(interp: &mut Interp, args: Args, dispatch: bool) -> RResult<Value> {
    let mut b = args.bind(&["x", "digits", "quote", "..."])?;
    let x = b.take(0).unwrap_or(Value::Null);
    let digits_arg = match b.take(1) {
        None | Some(Value::Null) => None,
        Some(d) => {
            let d = d
                .first_f64()
                .filter(|d| !d.is_nan() && (1.0..=22.0).contains(d));
            Some(d.ok_or_else(|| RError::new("invalid digits parameter"))? as usize)
        }
    };
    let digits = digits_arg.unwrap_or_else(crate::format::digits);
    let quote_arg = b.take(2).map(|q| arg_flag(&Some(q), true));
    let quote = quote_arg.unwrap_or(true);
    if let Some((method, name)) = s3_method_named(interp, "print", &x).filter(|_| dispatch) {
        // print is an S3 generic in R: a user method takes over.
        call_user_method(interp, &method, &name, x.clone())?;
        interp.visible = false;
        return Ok(x);
    }
    // Condition objects and restarts: R's print methods for them.
    if let Some(s) = dispatch
        .then(|| {
            super::lang::format_condition(&x).or_else(|| super::conditions::format_restart(&x))
        })
        .flatten()
    {
        interp.out.push_str(&s);
        interp.visible = false;
        return Ok(x);
    }
    if let Some(s) = super::text::format_rle(&x).filter(|_| dispatch && is_rle(&x)) {
        interp.out.push_str(&s);
        interp.visible = false;
        return Ok(x);
    }
    if let Some(s) = dispatch
        .then(|| super::print_methods::print_method(&x, digits_arg, quote_arg))
        .flatten()
    {
        interp.out.push_str(&s);
        interp.visible = false;
        return Ok(x);
    }
    let s = print_with_methods(interp, &x, digits, quote)?;
    interp.out.push_str(&s);
    interp.visible = false;
    Ok(x)
}

/// Does `x` have class "rle" (printed by R's `print.rle`)?
pub(crate) fn is_rle(x: &Value) -> bool {
    x.explicit_class()
        .is_some_and(|c| c.first().map(|s| s.as_str()) == Some("rle"))
}

/// The user-defined S3 method `generic.<class>` (a closure) for a value with a
/// class attribute, searched along the class vector.
pub(crate) fn s3_method(interp: &mut Interp, generic: &str, x: &Value) -> Option<Value> {
    s3_method_named(interp, generic, x).map(|(f, _)| f)
}

/// `s3_method` with the method's name (`print.foo`).
fn s3_method_named(interp: &mut Interp, generic: &str, x: &Value) -> Option<(Value, String)> {
    for class in x.explicit_class()? {
        let name = format!("{}.{}", generic, class);
        if let Some(f @ Value::Closure(_)) = interp.find_function(&name) {
            return Some((f, name));
        }
    }
    None
}

/// Call the user's method `name` of a generic (a builtin here, a closure in
/// R) on `x`, as `UseMethod` would: its activation is `name(x)` (the
/// generic's own frame joins an error's traceback as it leaves the builtin).
fn call_user_method(interp: &mut Interp, method: &Value, name: &str, x: Value) -> RResult<Value> {
    let site = crate::interp::CallSite::Text(format!("{}(x)", name).into());
    interp.call_value(method, Args::positional(vec![x]), site)
}

/// `print.default` text of `x`, with classed list elements printed by their S3
/// `print` methods (whose output is captured from `interp.out`).
pub fn print_with_methods(
    interp: &mut Interp,
    x: &Value,
    digits: usize,
    quote: bool,
) -> RResult<String> {
    let mut failure: Option<RError> = None;
    let text = {
        let mut method_printer = |v: &Value| -> Option<String> {
            if failure.is_some() {
                return None;
            }
            let Some(method) = s3_method(interp, "print", v) else {
                return super::print_methods::print_method(v, None, None);
            };
            let start = interp.out.len();
            let result = interp.call_function(&method, Args::positional(vec![v.clone()]));
            let captured = interp.out.split_off(start);
            match result {
                Ok(_) => Some(captured),
                Err(e) => {
                    failure = Some(e);
                    Some(String::new())
                }
            }
        };
        crate::print::print_to_string_dispatch(x, digits, quote, &mut method_printer)
    };
    match failure {
        Some(e) => Err(e),
        None => Ok(text),
    }
}

/// `prettyNum(x, big.mark, ...)`: a character vector's numbers get the
/// marks; other vectors are formatted element by element first, as GNU R's
/// `sapply(x, format, ...)` does (each number with its own digits).
fn builtin_pretty_num(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "big.mark", "..."])?;
    let x = b.take(0).unwrap_or(Value::Null);
    let mark = arg_str(&b.take(1)).unwrap_or_default();
    let Some(vec) = x.as_vector() else {
        let mut a = Args::new();
        a.push(None, x);
        return format_impl(interp, a, false);
    };
    let out: Vec<RStr> = if vec.vtype() == VType::Str {
        // (Strings marked keep a common width, right-justified, as GNU R's
        // `preserve.width = "common"` gives them.)
        let marked: Vec<RStr> = as_strings(&x)
            .into_iter()
            .map(|s| s.map(|s| insert_big_mark(&s, &mark).into()))
            .collect();
        let width = marked.iter().flatten().map(|s| s.chars().count()).max();
        marked
            .into_iter()
            .map(|s| s.map(|s| format!("{:>1$}", s, width.unwrap_or(0)).into()))
            .collect()
    } else {
        let mut out = Vec::with_capacity(vec.len());
        for k in 0..vec.len() {
            let mut a = Args::new();
            a.push(None, vec.data.elt(k));
            a.push(Some("big.mark".into()), Value::str(&mark));
            for (n, v) in &b.dots {
                a.push(n.clone(), v.clone());
            }
            let s = format_impl(interp, a, false)?;
            out.push(as_strings(&s).into_iter().next().flatten());
        }
        out
    };
    let mut v = crate::value::Vector::new(VecData::Str(out));
    if let Some(n) = vec.attr("names") {
        v.set_attr("names", n.clone());
    }
    Ok(Value::from_vector(v))
}

/// Insert `mark` every three digits in the integer part of a formatted number.
fn insert_big_mark(s: &str, mark: &str) -> String {
    if mark.is_empty() {
        return s.to_string();
    }
    let lead = s.len() - s.trim_start().len();
    let body = &s[lead..];
    let (sign, rest) = match body.strip_prefix('-') {
        Some(r) => ("-", r),
        None => ("", body),
    };
    let int_end = rest
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len());
    let (int_part, tail) = rest.split_at(int_end);
    let mut grouped = String::new();
    for (i, c) in int_part.chars().enumerate() {
        if i > 0 && (int_part.len() - i) % 3 == 0 {
            grouped.push_str(mark);
        }
        grouped.push(c);
    }
    format!("{}{}{}{}", &s[..lead], sign, grouped, tail)
}

/// Copy `names`/`dim`/`dimnames` of `from` onto a character result.
fn with_shape(result: Vec<RStr>, from: &Value) -> Value {
    let mut out = str_vec(result);
    for a in ["names", "dim", "dimnames"] {
        if let Some(v) = from.attr(a) {
            out.set_attr(a, v.clone());
        }
    }
    out
}

fn builtin_format(interp: &mut Interp, args: Args) -> RResult<Value> {
    format_impl(interp, args, true)
}

/// `format.default`: the method itself, which never dispatches on `x`'s class.
fn builtin_format_default(interp: &mut Interp, args: Args) -> RResult<Value> {
    format_impl(interp, args, false)
}

fn format_impl(interp: &mut Interp, args: Args, dispatch: bool) -> RResult<Value> {
    let mut b = args.bind(&[
        "x",
        "trim",
        "digits",
        "nsmall",
        "justify",
        "width",
        "na.encode",
        "scientific",
        "big.mark",
        "...",
    ])?;
    let x = b.take(0).unwrap_or(Value::Null);
    if let Some((method, name)) = s3_method_named(interp, "format", &x).filter(|_| dispatch) {
        // format is an S3 generic in R: a user method takes over.
        return call_user_method(interp, &method, &name, x);
    }
    if dispatch {
        if let Some(cls) = x.explicit_class() {
            if cls.iter().any(|c| c == "hexmode") {
                let width = arg_f64(&b.take(5));
                return super::raw::format_hexmode(&x, width, false);
            }
            if cls.iter().any(|c| c == "Date") {
                // (format.Date(x, ...): a second positional argument is the
                // format, which binds to `trim` here.)
                let fmt = b
                    .dots
                    .iter()
                    .find(|(n, _)| n.as_deref() == Some("format"))
                    .map(|(_, v)| v.clone())
                    .or_else(|| b.take(1).filter(|t| t.vtype() == Some(VType::Str)));
                return super::timefn::format_date(&x, arg_str(&fmt).as_deref());
            }
        }
        let digits = arg_f64(&b.slots[2].clone()).map(|d| d.clamp(1.0, 22.0) as usize);
        if let Some((v, visible)) = super::summary::format_method(&x, digits) {
            if !visible {
                interp.visible = false;
            }
            return Ok(v);
        }
        if let Some(v) = super::time::format_time(&x, digits.unwrap_or_else(crate::format::digits))
        {
            return Ok(v);
        }
    }
    let trim = arg_flag(&b.take(1), false);
    let digits = arg_f64(&b.take(2))
        .map(|d| d.clamp(1.0, 22.0) as usize)
        .unwrap_or_else(crate::format::digits);
    let nsmall = arg_f64(&b.take(3))
        .map(|d| d.clamp(0.0, 20.0) as usize)
        .unwrap_or(0);
    let justify = arg_str(&b.take(4)).unwrap_or_else(|| "left".into());
    let width = arg_f64(&b.take(5))
        .map(|w| w.max(0.0) as usize)
        .unwrap_or(0);
    // scientific = TRUE/FALSE forces the notation; a number is a scipen penalty.
    let scipen = match b.take(7) {
        None | Some(Value::Null) => crate::format::params().scipen,
        Some(v) => match v.as_vector().map(|x| x.vtype()) {
            Some(VType::Lgl) => {
                if arg_flag(&Some(v), false) {
                    -100
                } else {
                    100
                }
            }
            _ => arg_f64(&Some(v)).map_or(0, |p| p as i64),
        },
    };
    let big_mark = arg_str(&b.take(8)).unwrap_or_default();
    let Some(vec) = x.as_vector() else {
        return match x {
            Value::Null => Ok(str_vec(Vec::new())),
            Value::Env(_) => Ok(Value::str("<environment>")),
            Value::Lang(_) => Ok(Value::strs(&crate::deparse::deparse_value_lines(
                &x,
                crate::deparse::CUTOFF,
            ))),
            _ => Err(RError::unsupported("format() of a function")),
        };
    };
    let mut cells: Vec<String> = match &vec.data {
        VecData::Raw(v) => v.iter().map(|x| format!("{x:02x}")).collect(),
        VecData::Lgl(v) => {
            let w = format_logical(v);
            v.iter()
                .map(|&b| pad_left(logical_str(b), if trim { 0 } else { w }))
                .collect()
        }
        VecData::Int(v) => {
            let w = format_integer(v);
            v.iter()
                .map(|&i| {
                    let s = if i == NA_INTEGER {
                        "NA".to_string()
                    } else {
                        i.to_string()
                    };
                    pad_left(&s, if trim { 0 } else { w })
                })
                .collect()
        }
        VecData::Dbl(v) => {
            let mut f = format_real_scipen(v, digits, nsmall, scipen);
            if trim {
                f.w = 0;
            }
            v.iter().map(|&r| encode_real(r, f)).collect()
        }
        VecData::Cplx(v) => crate::format::format_cplx_vec_nsmall(v, digits, nsmall),
        VecData::Str(v) => {
            let raw: Vec<String> = v
                .iter()
                .map(|s| s.as_deref().unwrap_or("NA").to_string())
                .collect();
            let w = raw
                .iter()
                .map(|s| str_width(s))
                .max()
                .unwrap_or(0)
                .max(width);
            let cells: Vec<String> = raw
                .iter()
                .map(|s| match justify.as_str() {
                    "right" => pad_left(s, w),
                    "centre" => {
                        let total = w.saturating_sub(str_width(s));
                        let left = total / 2;
                        format!("{}{}{}", " ".repeat(left), s, " ".repeat(total - left))
                    }
                    "none" => s.clone(),
                    _ => pad_right(s, w),
                })
                .collect();
            return Ok(with_shape(
                cells.into_iter().map(|s: String| Some(s.into())).collect(),
                &x,
            ));
        }
        VecData::List(items) => items
            .iter()
            .map(|e| {
                as_strings(e)
                    .into_iter()
                    .map(|s| s.as_deref().unwrap_or("NA").to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            })
            .collect(),
    };
    if !big_mark.is_empty() {
        cells = cells
            .iter()
            .map(|s| insert_big_mark(s.trim_start(), &big_mark))
            .collect();
        let w = cells.iter().map(|s| str_width(s)).max().unwrap_or(0);
        cells = cells.iter().map(|s| pad_left(s, w)).collect();
    }
    if width > 0 {
        cells = cells.iter().map(|s| pad_left(s, width)).collect();
    }
    Ok(with_shape(
        cells.into_iter().map(|s| Some(s.into())).collect(),
        &x,
    ))
}

/// One C `printf` conversion: flags, width, precision and the conversion letter.
#[derive(Clone, Debug, Default)]
struct Spec {
    left: bool,
    plus: bool,
    space: bool,
    zero: bool,
    alt: bool,
    width: Option<usize>,
    prec: Option<usize>,
    conv: char,
}

/// Pad a converted number or string to the spec's width.
fn pad_spec(spec: &Spec, sign: &str, digits: &str, numeric: bool) -> String {
    let len = sign.chars().count() + digits.chars().count();
    let w = spec.width.unwrap_or(0);
    if len >= w {
        return format!("{}{}", sign, digits);
    }
    let fill = w - len;
    if spec.left {
        format!("{}{}{}", sign, digits, " ".repeat(fill))
    } else if spec.zero && numeric {
        format!("{}{}{}", sign, "0".repeat(fill), digits)
    } else {
        format!("{}{}{}", " ".repeat(fill), sign, digits)
    }
}

fn sign_of(spec: &Spec, neg: bool) -> &'static str {
    if neg {
        "-"
    } else if spec.plus {
        "+"
    } else if spec.space {
        " "
    } else {
        ""
    }
}

/// C `%g`: shortest of `%e`/`%f` at `prec` significant digits.
pub(crate) fn c_general(x: f64, prec: usize, alt: bool, upper: bool) -> String {
    let p = prec.max(1);
    let e = sci_string(x, p - 1, upper);
    let exp: i32 = e
        .rsplit(['e', 'E'])
        .next()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let s = if exp < p as i32 && exp >= -4 {
        format!("{:.*}", (p as i32 - 1 - exp) as usize, x)
    } else {
        e
    };
    if alt {
        s
    } else {
        drop_trailing_zeros(&s)
    }
}

/// Format a double with a `%f %e %g %E %G` spec.
fn c_double(spec: &Spec, x: f64) -> String {
    if !x.is_finite() {
        let s = if is_na_real(x) {
            "NA"
        } else if x.is_nan() {
            "NaN"
        } else if x > 0.0 {
            "Inf"
        } else {
            "-Inf"
        };
        let plain = Spec {
            zero: false,
            ..spec.clone()
        };
        let sign = if x == f64::INFINITY {
            sign_of(spec, false)
        } else {
            ""
        };
        return pad_spec(&plain, sign, s, false);
    }
    let prec = spec.prec.unwrap_or(6);
    let a = x.abs();
    let body = match spec.conv {
        'f' | 'F' => format!("{:.*}", prec, a),
        'e' => sci_string(a, prec, false),
        'E' => sci_string(a, prec, true),
        'G' => c_general(a, prec, spec.alt, true),
        _ => c_general(a, prec, spec.alt, false),
    };
    pad_spec(
        spec,
        sign_of(spec, x.is_sign_negative() && x != 0.0),
        &body,
        true,
    )
}

/// Format an integer with a `%d %i %x %X %o` spec.
fn c_int(spec: &Spec, x: i64) -> String {
    let a = x.unsigned_abs();
    let mut body = match spec.conv {
        'x' => format!("{:x}", x as u32),
        'X' => format!("{:X}", x as u32),
        'o' => format!("{:o}", x as u32),
        _ => a.to_string(),
    };
    if let Some(p) = spec.prec {
        if body.len() < p {
            body = format!("{}{}", "0".repeat(p - body.len()), body);
        }
    }
    if spec.alt && matches!(spec.conv, 'x' | 'X') && x != 0 {
        body = format!("0{}{}", spec.conv, body);
    }
    let sign = if matches!(spec.conv, 'd' | 'i') {
        sign_of(spec, x < 0)
    } else {
        ""
    };
    let spec = Spec {
        zero: spec.zero && spec.prec.is_none(),
        ..spec.clone()
    };
    pad_spec(&spec, sign, &body, true)
}

/// Format a string with a `%s` spec (precision truncates).
fn c_str(spec: &Spec, s: &str) -> String {
    let t: String = match spec.prec {
        Some(p) => s.chars().take(p).collect(),
        None => s.to_string(),
    };
    pad_spec(
        &Spec {
            zero: false,
            ..spec.clone()
        },
        "",
        &t,
        false,
    )
}

/// A piece of a parsed `sprintf` format: literal text or a conversion.
#[derive(Debug)]
enum Piece {
    Lit(String),
    /// A conversion; `star` when the width comes from an argument.
    Conv(Spec, bool),
}

fn parse_format(fmt: &str) -> RResult<Vec<Piece>> {
    let mut pieces = Vec::new();
    let chars: Vec<char> = fmt.chars().collect();
    let mut lit = String::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] != '%' {
            lit.push(chars[i]);
            i += 1;
            continue;
        }
        if chars.get(i + 1) == Some(&'%') {
            lit.push('%');
            i += 2;
            continue;
        }
        let start = i;
        i += 1;
        let mut spec = Spec::default();
        while let Some(&c) = chars.get(i) {
            match c {
                '-' => spec.left = true,
                '+' => spec.plus = true,
                ' ' => spec.space = true,
                '0' => spec.zero = true,
                '#' => spec.alt = true,
                _ => break,
            }
            i += 1;
        }
        let mut star = false;
        if chars.get(i) == Some(&'*') {
            star = true;
            i += 1;
        } else {
            let mut w = String::new();
            while let Some(c) = chars.get(i).filter(|c| c.is_ascii_digit()) {
                w.push(*c);
                i += 1;
            }
            spec.width = w.parse().ok();
        }
        if chars.get(i) == Some(&'.') {
            i += 1;
            let mut p = String::new();
            while let Some(c) = chars.get(i).filter(|c| c.is_ascii_digit()) {
                p.push(*c);
                i += 1;
            }
            spec.prec = Some(p.parse().unwrap_or(0));
        }
        match chars.get(i) {
            Some(&c) if "dioxXfeEgGsaA".contains(c) => {
                spec.conv = c;
                i += 1;
            }
            _ => {
                let bad: String = chars[start..chars.len().min(i + 1)].iter().collect();
                return Err(RError::new(format!(
                    "unrecognised format specification '{}'",
                    bad
                )));
            }
        }
        if !lit.is_empty() {
            pieces.push(Piece::Lit(std::mem::take(&mut lit)));
        }
        pieces.push(Piece::Conv(spec, star));
    }
    if !lit.is_empty() {
        pieces.push(Piece::Lit(lit));
    }
    Ok(pieces)
}

/// Convert element `i` (recycled) of `arg` with `spec`, as R's `sprintf` does.
fn sprintf_one(spec: &Spec, arg: &VecData, i: usize) -> RResult<String> {
    let n = arg.len();
    let i = i % n.max(1);
    let fmt_text = || -> String {
        let mut s = String::from("%");
        if spec.left {
            s.push('-');
        }
        if spec.plus {
            s.push('+');
        }
        if spec.space {
            s.push(' ');
        }
        if spec.zero {
            s.push('0');
        }
        if let Some(w) = spec.width {
            s.push_str(&w.to_string());
        }
        if let Some(p) = spec.prec {
            s.push_str(&format!(".{}", p));
        }
        s.push(spec.conv);
        s
    };
    match spec.conv {
        'd' | 'i' | 'x' | 'X' | 'o' => match arg {
            VecData::Lgl(v) | VecData::Int(v) => {
                if v[i] == NA_INTEGER {
                    Ok(c_str(
                        &Spec {
                            prec: None,
                            ..spec.clone()
                        },
                        "NA",
                    ))
                } else {
                    Ok(c_int(spec, v[i] as i64))
                }
            }
            VecData::Dbl(v) => {
                if v.iter()
                    .all(|x| x.is_nan() || (x.fract() == 0.0 && x.abs() < 2147483648.0))
                {
                    if v[i].is_nan() {
                        Ok(c_str(
                            &Spec {
                                prec: None,
                                ..spec.clone()
                            },
                            "NA",
                        ))
                    } else {
                        Ok(c_int(spec, v[i] as i64))
                    }
                } else {
                    Err(RError::new(format!(
                        "invalid format '{}'; use format %f, %e, %g or %a for numeric objects",
                        fmt_text()
                    )))
                }
            }
            _ => Err(RError::new(format!(
                "invalid format '{}'; use format %s for character objects",
                fmt_text()
            ))),
        },
        'f' | 'F' | 'e' | 'E' | 'g' | 'G' | 'a' | 'A' => match arg {
            VecData::Lgl(v) | VecData::Int(v) => {
                let x = if v[i] == NA_INTEGER {
                    crate::value::na_real()
                } else {
                    v[i] as f64
                };
                Ok(c_double(spec, x))
            }
            VecData::Dbl(v) => Ok(c_double(spec, v[i])),
            VecData::Str(_) => Err(RError::new(format!(
                "invalid format '{}'; use format %s for character objects",
                fmt_text()
            ))),
            _ => Err(RError::new("unsupported type")),
        },
        _ => {
            let s = match arg {
                VecData::Str(v) => v[i].as_deref().unwrap_or("NA").to_string(),
                VecData::Dbl(v) => num_to_char(v[i]),
                VecData::Int(v) => {
                    if v[i] == NA_INTEGER {
                        "NA".into()
                    } else {
                        v[i].to_string()
                    }
                }
                VecData::Lgl(v) => logical_str(v[i]).into(),
                VecData::Raw(v) => format!("{:02x}", v[i]),
                VecData::Cplx(v) => crate::format::cplx_to_char(v[i]),
                VecData::List(v) => as_strings(&v[i])
                    .first()
                    .cloned()
                    .flatten()
                    .as_deref()
                    .unwrap_or("NULL")
                    .into(),
            };
            Ok(c_str(spec, &s))
        }
    }
}

fn builtin_sprintf(_interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["fmt", "..."])?;
    let fmt_v = b
        .take(0)
        .ok_or_else(|| RError::new("'fmt' is not a character vector"))?;
    let fmts = match fmt_v.as_vector().map(|v| v.data.clone()) {
        Some(VecData::Str(s)) => s,
        _ => return Err(RError::new("'fmt' is not a character vector")),
    };
    let mut data: Vec<VecData> = Vec::new();
    for (_, v) in &b.dots {
        match v.as_vector() {
            Some(vec) => data.push(vec.data.clone()),
            None if v.is_null() => data.push(VecData::Lgl(Vec::new())),
            None => return Err(RError::new("unsupported type")),
        }
    }
    if fmts.is_empty() || data.iter().any(|d| d.is_empty()) {
        return Ok(str_vec(Vec::new()));
    }
    let n = data
        .iter()
        .map(|d| d.len())
        .chain([fmts.len()])
        .max()
        .unwrap_or(1);
    let parsed: Vec<Option<Vec<Piece>>> = fmts
        .iter()
        .map(|f| f.as_deref().map(parse_format).transpose())
        .collect::<RResult<_>>()?;
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let Some(pieces) = &parsed[i % parsed.len()] else {
            out.push(None);
            continue;
        };
        let mut s = String::new();
        let mut next_arg = 0usize;
        for p in pieces {
            match p {
                Piece::Lit(l) => s.push_str(l),
                Piece::Conv(spec, star) => {
                    let mut spec = spec.clone();
                    if *star {
                        let w = data
                            .get(next_arg)
                            .and_then(|d| {
                                Value::from_data(d.select(&[Some(i % d.len())])).first_f64()
                            })
                            .ok_or_else(|| RError::new("too few arguments"))?;
                        next_arg += 1;
                        if w < 0.0 {
                            spec.left = true;
                        }
                        spec.width = Some(w.abs() as usize);
                    }
                    let arg = data
                        .get(next_arg)
                        .ok_or_else(|| RError::new("too few arguments"))?;
                    next_arg += 1;
                    s.push_str(&sprintf_one(&spec, arg, i)?);
                }
            }
        }
        out.push(Some(s.into()));
    }
    Ok(str_vec(out))
}

/// `formatC`: C-style formatting of each element.
fn builtin_format_c(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "width", "digits", "format", "flag", "mode", "big.mark"])?;
    let x = b.take(0).unwrap_or(Value::Null);
    let width_arg = arg_f64(&b.take(1));
    let width = width_arg.unwrap_or(0.0);
    if width.abs() >= 2f64.powi(31) {
        // R's as.integer(width) is NA and the C code then fails to allocate.
        return Err(RError::new("invalid 'width' argument"));
    }
    let width = width as i64;
    let mut digits = arg_f64(&b.take(2)).map(|d| d as i64);
    let format = arg_str(&b.take(3));
    // R: more than 50 digits exceed sprintf's limit; in fixed notation the
    // limit is the digits of the smallest double's expansion, 324.
    if let Some(d) = digits {
        let max = if format.as_deref() == Some("f") {
            324
        } else {
            50
        };
        if d > max {
            interp.warning(format!("'digits' reduced to {max}"))?;
            digits = Some(max);
        }
    }
    // R's formatC: without `width`, numbers are padded to `digits + 1`
    // (a negative `digits` counts as 6), and `width = 0` means `digits`
    // (4 when `digits` is not given); without either, to 1.
    let num_width = match (width_arg, digits) {
        (None, None) => 1,
        (None, Some(d)) => (if d < 0 { 6 } else { d }) + 1,
        (Some(w), d) if w as i64 == 0 => match d {
            None if format.as_deref() == Some("d")
                || (format.is_none() && matches!(x.vtype(), Some(VType::Int | VType::Lgl))) =>
            {
                2
            }
            None => 4,
            Some(d) if d < 0 => 6,
            Some(d) => d,
        },
        (Some(_), _) => width,
    };
    let flag = arg_str(&b.take(4)).unwrap_or_default();
    let big_mark = arg_str(&b.take(6)).unwrap_or_default();
    let Some(vec) = x.as_vector() else {
        return Ok(str_vec(Vec::new()));
    };
    if let VecData::Str(v) = &vec.data {
        // R's format.char: format.default(x, width, justify): every string
        // padded to a common width (at least the widest), never cut.
        let left = flag.contains('-') || width < 0;
        let w = v
            .iter()
            .map(|s| str_width(s.as_deref().unwrap_or("NA")))
            .max()
            .unwrap_or(0)
            .max(width.unsigned_abs() as usize);
        let out = v
            .iter()
            .map(|s| {
                let s = s.as_deref().unwrap_or("NA");
                Some(
                    if left {
                        pad_right(s, w)
                    } else {
                        pad_left(s, w)
                    }
                    .into(),
                )
            })
            .collect();
        return Ok(with_shape(out, &x));
    }
    let conv = match format.as_deref() {
        Some(f) => f.to_string(),
        None => match vec.vtype() {
            VType::Lgl | VType::Int => "d".into(),
            VType::Str => "s".into(),
            _ => "g".into(),
        },
    };
    let mut spec = Spec {
        left: flag.contains('-') || width < 0,
        plus: flag.contains('+'),
        space: flag.contains(' '),
        zero: flag.contains('0'),
        alt: flag.contains('#'),
        width: Some(num_width.unsigned_abs() as usize),
        // Rscript: formatC(3.14159) is "3.142", format = "e" gives "3.1416e+00":
        // without `digits`, doubles get precision 4.
        prec: match digits {
            Some(d) if d >= 0 => Some(d as usize),
            Some(_) => None,
            None => Some(4),
        },
        conv: conv.chars().next().unwrap_or('g'),
    };
    if conv == "fg" {
        spec.conv = 'g';
    }
    let n = vec.len();
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let s = match (&vec.data, spec.conv) {
            (VecData::Str(v), _) => c_str(&spec, v[i].as_deref().unwrap_or("NA")),
            (d, 'd') => {
                let x = match d {
                    VecData::Lgl(v) | VecData::Int(v) => {
                        if v[i] == NA_INTEGER {
                            f64::NAN
                        } else {
                            v[i] as f64
                        }
                    }
                    // formatC sets storage.mode(x) <- "integer": truncation.
                    VecData::Dbl(v) => v[i].trunc(),
                    _ => f64::NAN,
                };
                if x.is_nan() {
                    c_str(
                        &Spec {
                            zero: false,
                            ..spec.clone()
                        },
                        "NA",
                    )
                } else {
                    let plain = Spec {
                        width: None,
                        prec: None,
                        ..spec.clone()
                    };
                    let body = insert_big_mark(&c_int(&plain, x as i64), &big_mark);
                    let sp = Spec {
                        zero: false,
                        ..spec.clone()
                    };
                    if spec.zero && !spec.left {
                        pad_spec(&spec, "", &body, true)
                    } else {
                        pad_spec(&sp, "", &body, false)
                    }
                }
            }
            (d, _) => {
                let x = match d {
                    VecData::Lgl(v) | VecData::Int(v) => {
                        if v[i] == NA_INTEGER {
                            crate::value::na_real()
                        } else {
                            v[i] as f64
                        }
                    }
                    VecData::Dbl(v) => v[i],
                    _ => crate::value::na_real(),
                };
                if x.is_nan() {
                    c_str(
                        &Spec {
                            zero: false,
                            ..spec.clone()
                        },
                        if is_na_real(x) { "NA" } else { "NaN" },
                    )
                } else if spec.conv == 's' {
                    c_str(&spec, &num_to_char(x))
                } else {
                    let s = crate::format::with_outdec(c_double(&spec, x));
                    if big_mark.is_empty() {
                        s
                    } else {
                        pad_spec(
                            &Spec {
                                zero: false,
                                ..spec.clone()
                            },
                            "",
                            &insert_big_mark(s.trim(), &big_mark),
                            false,
                        )
                    }
                }
            }
        };
        out.push(Some(s.into()));
    }
    Ok(with_shape(out, &x))
}

/// `message(..., appendLF = TRUE)`: signals a `simpleMessage` (its call the
/// `message(...)` call itself, as R's `sys.call()`), or the condition given
/// as the only argument; unless a handler muffles or catches it, its text
/// goes to stderr.
fn builtin_message(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["...", "domain", "appendLF"])?;
    let append_lf = arg_flag(&b.take(2), true);
    let given = match b.dots.as_slice() {
        [(_, c)]
            if c.explicit_class()
                .is_some_and(|k| k.iter().any(|x| x == "condition")) =>
        {
            Some(c.clone())
        }
        _ => None,
    };
    let r = match given {
        Some(cond) => {
            let text = super::lang::condition_text(&cond);
            interp.message_cond(&text, || cond)
        }
        None => {
            let mut text = String::new();
            for (_, v) in &b.dots {
                for s in as_strings(v) {
                    text.push_str(s.as_deref().unwrap_or("NA"));
                }
            }
            if append_lf {
                text.push('\n');
            }
            let call = interp.current_call_expr().map(crate::deparse::deparse);
            let cond = || {
                crate::interp::simple_condition(
                    &text,
                    call.as_deref(),
                    &["simpleMessage", "message", "condition"],
                )
            };
            interp.message_cond(&text, cond)
        }
    };
    interp.visible = false;
    r.map(|()| Value::Null)
}

#[cfg(test)]
#[allow(clippy::approx_constant)] // 3.14159 is the literal the R examples use
mod tests {
    use super::*;
    use crate::value::{dbl_vec, int_vec, na_real, str_vec};

    /// Call builtin `name` with (name, value) arguments.
    pub(crate) fn call(
        interp: &mut Interp,
        name: &str,
        args: Vec<(Option<&str>, Value)>,
    ) -> RResult<Value> {
        let f = crate::builtins::lookup(name).expect("builtin exists");
        let mut a = Args::new();
        for (n, v) in args {
            a.push(n.map(Into::into), v);
        }
        interp.call_function(&f, a)
    }
    fn strs(v: &Value) -> Vec<String> {
        as_strings(v)
            .into_iter()
            .map(|s| s.as_deref().unwrap_or("<NA>").to_string())
            .collect()
    }
    fn one(name: &str, args: Vec<(Option<&str>, Value)>) -> Vec<String> {
        strs(&call(&mut Interp::new(), name, args).unwrap())
    }

    #[test]
    fn cat_rules() {
        let mut it = Interp::new();
        let args = vec![
            (None, Value::Dbl(0.1 + 0.2)),
            (None, Value::Dbl(1e15)),
            (None, Value::Dbl(1e16)),
            (None, Value::Dbl(123456.7)),
            (None, Value::Dbl(1234567.8)),
            (None, Value::Dbl(-0.5)),
            (None, Value::str("\n")),
        ];
        call(&mut it, "cat", args).unwrap();
        assert_eq!(it.out, "0.3 1e+15 1e+16 123456.7 1234568 -0.5 \n");
        let mut it = Interp::new();
        let args = vec![
            (None, Value::lgl(true)),
            (None, Value::Lgl(NA_INTEGER)),
            (None, Value::Int(3)),
            (None, Value::Int(NA_INTEGER)),
            (None, Value::Dbl(na_real())),
            (None, Value::Dbl(f64::NAN)),
            (None, Value::Dbl(f64::NEG_INFINITY)),
            (None, Value::str("a")),
            (None, str_vec(vec![None])),
            (None, Value::str("\n")),
        ];
        call(&mut it, "cat", args).unwrap();
        assert_eq!(it.out, "TRUE NA 3 NA NA NaN -Inf a NA \n");
        let mut it = Interp::new();
        call(
            &mut it,
            "cat",
            vec![
                (None, int_vec(vec![1, 2, 3])),
                (Some("sep"), Value::strs(&[",", ";"])),
            ],
        )
        .unwrap();
        assert_eq!(it.out, "1,2;3");
        let mut it = Interp::new();
        let z = Value::from_data(VecData::Cplx(vec![
            crate::value::C64::new(1.0, 2.0),
            crate::value::C64::new(-1.5, -0.25),
        ]));
        call(&mut it, "cat", vec![(None, z), (None, Value::str("\n"))]).unwrap();
        assert_eq!(it.out, "1+2i -1.5-0.25i \n");
        let err = call(
            &mut Interp::new(),
            "cat",
            vec![(None, crate::value::list_vec(vec![Value::Dbl(1.0)]))],
        );
        assert_eq!(
            err.unwrap_err().msg,
            "argument 1 (type 'list') cannot be handled by 'cat'"
        );
    }

    #[test]
    fn sprintf_cases() {
        let args = vec![
            (None, Value::str("%5.1f|%-5d|%05d|%+d|%e|%g|%x|%X|%o|%%|%s")),
            (None, Value::Dbl(3.14159)),
            (None, Value::Int(42)),
            (None, Value::Int(42)),
            (None, Value::Int(5)),
            (None, Value::Dbl(12345.678)),
            (None, Value::Dbl(0.0001234)),
            (None, Value::Int(255)),
            (None, Value::Int(255)),
            (None, Value::Int(8)),
            (None, Value::Dbl(1.0 / 3.0)),
        ];
        assert_eq!(
            one("sprintf", args),
            vec!["  3.1|42   |00042|+5|1.234568e+04|0.0001234|ff|FF|10|%|0.333333333333333"]
        );
        assert_eq!(
            one(
                "sprintf",
                vec![(None, Value::str("%d")), (None, Value::Dbl(3.0))]
            ),
            vec!["3"]
        );
        assert_eq!(
            one(
                "sprintf",
                vec![
                    (None, Value::str("%s and %d")),
                    (None, Value::strs(&["a", "b"])),
                    (None, int_vec(vec![1, 2, 3, 4]))
                ]
            ),
            vec!["a and 1", "b and 2", "a and 3", "b and 4"]
        );
        assert_eq!(
            one(
                "sprintf",
                vec![
                    (None, Value::str("%5s|%-5s|")),
                    (None, Value::Lgl(NA_INTEGER)),
                    (None, Value::str("x"))
                ]
            ),
            vec!["   NA|x    |"]
        );
        assert_eq!(
            one(
                "sprintf",
                vec![
                    (None, Value::str("%*d")),
                    (None, Value::Dbl(5.0)),
                    (None, Value::Int(42))
                ]
            ),
            vec!["   42"]
        );
        assert_eq!(
            one(
                "sprintf",
                vec![(None, Value::str("%.3s")), (None, Value::str("abcdef"))]
            ),
            vec!["abc"]
        );
        assert_eq!(
            one(
                "sprintf",
                vec![(None, Value::str("%g")), (None, Value::Dbl(1e6))]
            ),
            vec!["1e+06"]
        );
        assert_eq!(
            one(
                "sprintf",
                vec![(None, Value::str("%g")), (None, Value::Dbl(123456789.0))]
            ),
            vec!["1.23457e+08"]
        );
        assert_eq!(
            one(
                "sprintf",
                vec![(None, Value::str("%5.2f")), (None, Value::Dbl(na_real()))]
            ),
            vec!["   NA"]
        );
        assert_eq!(
            one(
                "sprintf",
                vec![(None, Value::str("%f")), (None, Value::Dbl(f64::INFINITY))]
            ),
            vec!["Inf"]
        );
        assert_eq!(
            one(
                "sprintf",
                vec![(None, Value::str("%s")), (None, Value::Dbl(1e5))]
            ),
            vec!["1e+05"]
        );
        let err = call(
            &mut Interp::new(),
            "sprintf",
            vec![(None, Value::str("%d")), (None, Value::Dbl(1.5))],
        )
        .unwrap_err();
        assert_eq!(
            err.msg,
            "invalid format '%d'; use format %f, %e, %g or %a for numeric objects"
        );
    }

    #[test]
    fn format_and_format_c() {
        assert_eq!(
            one("formatC", vec![(None, Value::Dbl(3.14159))]),
            vec!["3.142"]
        );
        assert_eq!(
            one(
                "formatC",
                vec![
                    (None, Value::Dbl(3.14159)),
                    (Some("digits"), Value::Dbl(3.0)),
                    (Some("format"), Value::str("f"))
                ]
            ),
            vec!["3.142"]
        );
        assert_eq!(
            one(
                "formatC",
                vec![
                    (None, Value::Int(42)),
                    (Some("width"), Value::Dbl(8.0)),
                    (Some("flag"), Value::str("0"))
                ]
            ),
            vec!["00000042"]
        );
        assert_eq!(
            one(
                "formatC",
                vec![
                    (None, dbl_vec(vec![1.0, 10.0, 100.0])),
                    (Some("width"), Value::Dbl(5.0))
                ]
            ),
            vec!["    1", "   10", "  100"]
        );
        assert_eq!(
            one(
                "formatC",
                vec![(None, Value::Dbl(3.7)), (Some("format"), Value::str("d"))]
            ),
            vec!["3"]
        );
        assert_eq!(
            one(
                "formatC",
                vec![
                    (None, Value::Dbl(123456789.0)),
                    (Some("big.mark"), Value::str(",")),
                    (Some("format"), Value::str("d"))
                ]
            ),
            vec!["123,456,789"]
        );
        assert_eq!(
            one(
                "formatC",
                vec![(None, Value::str("a")), (Some("width"), Value::Dbl(5.0))]
            ),
            vec!["    a"]
        );
        assert_eq!(
            one(
                "formatC",
                vec![(None, Value::str("a")), (Some("width"), Value::Dbl(-5.0))]
            ),
            vec!["a    "]
        );
        assert_eq!(
            one("formatC", vec![(None, dbl_vec(vec![1.5, na_real()]))]),
            vec!["1.5", "NA"]
        );

        assert_eq!(
            one(
                "format",
                vec![
                    (None, Value::Dbl(3.14159)),
                    (Some("digits"), Value::Dbl(3.0))
                ]
            ),
            vec!["3.14"]
        );
        assert_eq!(
            one("format", vec![(None, dbl_vec(vec![1.0, 10.0, 100.0]))]),
            vec!["  1", " 10", "100"]
        );
        assert_eq!(
            one(
                "format",
                vec![
                    (None, Value::Dbl(1234567.0)),
                    (Some("big.mark"), Value::str(","))
                ]
            ),
            vec!["1,234,567"]
        );
        assert_eq!(one("format", vec![(None, Value::lgl(true))]), vec!["TRUE"]);
        assert_eq!(
            one(
                "format",
                vec![(
                    None,
                    str_vec(vec![Some("a".into()), Some("bbb".into()), None])
                )]
            ),
            vec!["a  ", "bbb", "NA "]
        );
        assert_eq!(
            one(
                "format",
                vec![(None, Value::Dbl(2.0)), (Some("nsmall"), Value::Dbl(2.0))]
            ),
            vec!["2.00"]
        );
        assert_eq!(one("format", vec![(None, Value::Dbl(-1.5))]), vec!["-1.5"]);
        assert_eq!(
            one(
                "format",
                vec![(None, Value::str("a")), (Some("width"), Value::Dbl(5.0))]
            ),
            vec!["a    "]
        );
    }

    #[test]
    fn print_returns_invisibly() {
        let mut it = Interp::new();
        let v = call(
            &mut it,
            "print",
            vec![
                (None, Value::Dbl(1.0 / 3.0)),
                (Some("digits"), Value::Dbl(3.0)),
            ],
        )
        .unwrap();
        assert_eq!(it.out, "[1] 0.333\n");
        assert!(!it.visible);
        assert_eq!(v, Value::Dbl(1.0 / 3.0));
        let mut it = Interp::new();
        call(
            &mut it,
            "message",
            vec![(None, Value::str("a")), (None, Value::Int(1))],
        )
        .unwrap();
        assert_eq!(it.err, "a1\n");
    }
}
