//! Raw vectors (R's `raw`: bytes): `raw`, `as.raw`, `is.raw`, `charToRaw`,
//! `rawToChar`, and `as.hexmode`/`format.hexmode`. A raw vector is a
//! `VecData::Raw`; coercion (`as.integer`, `as.character`, `c`) is in
//! `coerce`, printing (`[1] 48 69`) in `print`, the bitwise `&`, `|`, `!`
//! and `xor` of raw vectors in `arith`. Compiled code treats raw values as
//! an opaque `any` (their type feedback is recorded as mixed).

use super::BuiltinDef;
use crate::args::Args;
use crate::error::{RError, RResult};
use crate::interp::Interp;
use crate::value::*;
use std::rc::Rc;

pub const BUILTINS: &[BuiltinDef] = &[
    BuiltinDef::new("raw", builtin_raw),
    BuiltinDef::new("as.raw", builtin_as_raw),
    BuiltinDef::new("is.raw", builtin_is_raw),
    BuiltinDef::new("charToRaw", builtin_char_to_raw),
    BuiltinDef::new("rawToChar", builtin_raw_to_char),
    BuiltinDef::new("as.hexmode", builtin_as_hexmode),
    BuiltinDef::new("format.hexmode", builtin_format_hexmode),
];

fn raw_value(b: Vec<u8>) -> Value {
    Value::Vec(Rc::new(Vector::new(VecData::Raw(b))))
}

/// `raw(length = 0)`: zero bytes.
fn builtin_raw(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["length"])?;
    let n = match b.take(0) {
        None => 0.0,
        Some(v) => match v.first_f64() {
            Some(n) if v.len() == 1 && n >= 0.0 && n.is_finite() => n,
            _ => return Err(RError::new("invalid 'length' argument")),
        },
    };
    crate::limits::check_alloc(n, VType::Raw)?;
    Ok(raw_value(vec![0; n as usize]))
}

/// `as.raw(x)`: each element as a byte; NA and values outside 0..255 are 0
/// with R's warning. Attributes are dropped.
fn builtin_as_raw(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x"])?;
    let x = b.take(0).unwrap_or(Value::Null);
    let Some(v) = x.as_vector() else {
        if x.is_null() {
            return Ok(raw_value(Vec::new()));
        }
        return Err(RError::new(format!(
            "cannot coerce type '{}' to vector of type 'raw'",
            x.type_name()
        )));
    };
    if let VecData::List(items) = &v.data {
        if items
            .iter()
            .any(|e| e.len() != 1 || e.vtype() == Some(VType::List))
        {
            return Err(RError::new("(list) object cannot be coerced to type 'raw'"));
        }
    }
    let (d, warn) = crate::coerce::coerce_data_warn(&v.data, VType::Raw);
    if warn {
        interp.warning("out-of-range values treated as 0 in coercion to raw")?;
    }
    Ok(Value::from_data(d))
}

fn builtin_is_raw(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x"])?;
    let x = b.take(0).unwrap_or(Value::Null);
    Ok(Value::lgl(x.vtype() == Some(VType::Raw)))
}

/// `charToRaw(x)`: the UTF-8 bytes of a string.
fn builtin_char_to_raw(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x"])?;
    let x = b.take(0).unwrap_or(Value::Null);
    let s = match x.as_vector().map(|v| v.data.clone()) {
        Some(VecData::Str(s)) if !s.is_empty() => s,
        _ => {
            return Err(RError::new(
                "argument must be a character vector of length 1",
            ))
        }
    };
    if s.len() > 1 {
        interp.warning(
            "argument should be a character vector of length 1\nall but the first element will be ignored",
        )?;
    }
    Ok(raw_value(match &s[0] {
        Some(t) => t.as_bytes().to_vec(),
        // NA_character_ is the two bytes "NA".
        None => b"NA".to_vec(),
    }))
}

/// `rawToChar(x, multiple = FALSE)`: the bytes as one string (or one string
/// per byte). An embedded nul is R's error; bytes that are not UTF-8 are
/// outside the subset (strings are UTF-8 here).
fn builtin_raw_to_char(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "multiple"])?;
    let x = b.take(0).unwrap_or(Value::Null);
    let multiple = super::output::arg_flag(&b.take(1), false);
    let bytes = match x.as_vector().map(|v| v.data.clone()) {
        Some(VecData::Raw(r)) => r,
        _ => return Err(RError::new("argument 'x' must be a raw vector")),
    };
    let utf8 = |b: &[u8]| -> RResult<Rc<str>> {
        match std::str::from_utf8(b) {
            Ok(s) => Ok(s.into()),
            Err(_) => Err(RError::unsupported(
                "rawToChar() of bytes that are not UTF-8",
            )),
        }
    };
    if multiple {
        let mut out = Vec::with_capacity(bytes.len());
        for &c in &bytes {
            out.push(Some(if c == 0 { "".into() } else { utf8(&[c])? }));
        }
        return Ok(str_vec(out));
    }
    // Trailing nuls are dropped; an embedded one is an error.
    let end = bytes.iter().rposition(|&c| c != 0).map_or(0, |p| p + 1);
    let body = &bytes[..end];
    if body.contains(&0) {
        let shown: String = body
            .iter()
            .map(|&c| {
                if c == 0 {
                    "\\0".to_string()
                } else if c.is_ascii_graphic() || c == b' ' {
                    (c as char).to_string()
                } else {
                    format!("\\x{c:02x}")
                }
            })
            .collect();
        return Err(RError::new(format!("embedded nul in string: '{shown}'")));
    }
    Ok(Value::str(&utf8(body)?))
}

/// `as.hexmode(x)`: integer values with class `hexmode` (strings are read
/// as hexadecimal).
fn builtin_as_hexmode(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x"])?;
    let x = b.take(0).unwrap_or(Value::Null);
    if x.explicit_class()
        .is_some_and(|c| c.iter().any(|c| c == "hexmode"))
    {
        return Ok(x);
    }
    let v = x
        .as_vector()
        .ok_or_else(|| RError::new(format!("'{}' cannot be coerced to class \"hexmode\"", "x")))?;
    let ints: Vec<i32> = match &v.data {
        VecData::Str(s) => {
            let mut out = Vec::with_capacity(s.len());
            for e in s {
                out.push(match e {
                    None => NA_INTEGER,
                    Some(t) => match i64::from_str_radix(t.trim(), 16) {
                        Ok(n) if n <= i32::MAX as i64 => n as i32,
                        _ => NA_INTEGER,
                    },
                });
            }
            out
        }
        VecData::Dbl(d) => {
            if d.iter().any(|&e| !e.is_nan() && e != e.trunc()) {
                return Err(RError::new("'x' cannot be coerced to class \"hexmode\""));
            }
            d.iter().map(|&e| crate::coerce::dbl_to_int(e)).collect()
        }
        VecData::Int(i) | VecData::Lgl(i) => i.clone(),
        VecData::Raw(r) => r.iter().map(|&c| c as i32).collect(),
        _ => return Err(RError::new("'x' cannot be coerced to class \"hexmode\"")),
    };
    let mut out = Vector::new(VecData::Int(ints));
    for (name, val) in v.attrs.iter().flat_map(|a| a.iter()) {
        if &**name != "class" {
            out.set_attr(name, val.clone());
        }
    }
    out.set_attr("class", Value::str("hexmode"));
    Ok(Value::Vec(Rc::new(out)))
}

/// `format.hexmode(x, width = NULL, upper.case = FALSE)`: lower-case hex
/// digits, zero-padded to the widest (or `width`); NA as "NA".
fn builtin_format_hexmode(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "width", "upper.case", "..."])?;
    let x = b.take(0).unwrap_or(Value::Null);
    let width = b
        .take(1)
        .and_then(|w| w.first_f64())
        .filter(|w| !w.is_nan());
    let upper = super::output::arg_flag(&b.take(2), false);
    format_hexmode(&x, width, upper)
}

/// `format.hexmode` of `x` (`format(x)` of a `hexmode` value dispatches here).
pub(crate) fn format_hexmode(x: &Value, width: Option<f64>, upper: bool) -> RResult<Value> {
    let Some(v) = x.as_vector() else {
        return Ok(str_vec(Vec::new()));
    };
    let ints = match v.data.coerce(VType::Int) {
        VecData::Int(i) => i,
        _ => Vec::new(),
    };
    if ints.iter().any(|&i| i != NA_INTEGER && i < 0) {
        return Err(RError::unsupported("format.hexmode() of negative values"));
    }
    let digits: Vec<Option<String>> = ints
        .iter()
        .map(|&i| {
            (i != NA_INTEGER).then(|| {
                if upper {
                    format!("{i:X}")
                } else {
                    format!("{i:x}")
                }
            })
        })
        .collect();
    let w = match width {
        Some(w) => w.max(0.0) as usize,
        None => digits.iter().flatten().map(|s| s.len()).max().unwrap_or(0),
    };
    let mut out = Vector::new(VecData::Str(
        digits
            .into_iter()
            .map(|d| {
                Some(match d {
                    Some(d) => format!("{d:0>w$}").into(),
                    None => "NA".into(),
                })
            })
            .collect(),
    ));
    if let Some(n) = v.attr("names") {
        out.set_attr("names", n.clone());
    }
    if let Some(d) = v.attr("dim") {
        out.set_attr("dim", d.clone());
        if let Some(dn) = v.attr("dimnames") {
            out.set_attr("dimnames", dn.clone());
        }
    }
    Ok(Value::Vec(Rc::new(out)))
}

#[cfg(test)]
mod tests {
    use crate::builtins::test_calls::{call, printed};
    use crate::value::*;

    #[test]
    fn raw_round_trip_and_printing() {
        let r = call("charToRaw", vec![(None, Value::str("Hi"))]).unwrap();
        assert_eq!(crate::print::print_to_string(&r), "[1] 48 69\n");
        assert_eq!(
            call("rawToChar", vec![(None, r.clone())]).unwrap(),
            Value::str("Hi")
        );
        assert_eq!(printed("raw", vec![(None, Value::Int(2))]), "[1] 00 00\n");
        assert_eq!(
            printed("as.raw", vec![(None, int_vec(vec![1, 255, 16]))]),
            "[1] 01 ff 10\n"
        );
        let e = call(
            "rawToChar",
            vec![(None, Value::from_data(VecData::Raw(vec![65, 0, 66])))],
        );
        assert_eq!(e.unwrap_err().msg, "embedded nul in string: 'A\\0B'");
        assert_eq!(
            printed(
                "format.hexmode",
                vec![(None, dbl_vec(vec![1.0, 16.0, 255.0]))]
            ),
            "[1] \"01\" \"10\" \"ff\"\n"
        );
    }

    #[test]
    fn raw_coercion() {
        let r = VecData::Raw(vec![0, 1, 200]);
        assert_eq!(r.coerce(VType::Int), VecData::Int(vec![0, 1, 200]));
        assert_eq!(r.coerce(VType::Lgl), VecData::Lgl(vec![0, 1, 1]));
        assert_eq!(
            r.coerce(VType::Str),
            VecData::Str(vec![
                Some("00".into()),
                Some("01".into()),
                Some("c8".into())
            ])
        );
        let (back, warn) =
            crate::coerce::coerce_data_warn(&VecData::Dbl(vec![3.0, 300.0]), VType::Raw);
        assert_eq!(back, VecData::Raw(vec![3, 0]));
        assert!(warn);
    }
}
