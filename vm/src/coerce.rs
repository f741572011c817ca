//! Coercion between vector types, following R (`as.integer("x")` → NA with a warning
//! is handled by the conversion builtins on top of `str_to_*`).

use crate::value::*;

fn lgl_of_num(x: f64) -> i32 {
    if x.is_nan() {
        NA_LOGICAL
    } else {
        (x != 0.0) as i32
    }
}

/// Double → integer as R does (truncation; out of range or NaN → NA).
pub fn dbl_to_int(x: f64) -> i32 {
    if x.is_nan() || x >= 2147483648.0 || x <= -2147483649.0 {
        NA_INTEGER
    } else {
        x.trunc() as i32
    }
}

fn int_to_dbl(x: i32) -> f64 {
    if x == NA_INTEGER {
        na_real()
    } else {
        x as f64
    }
}

/// Parse a string as R's `as.numeric` does (leading/trailing spaces allowed, hex,
/// `Inf`). `None` means "NA introduced by coercion": also for the string
/// `"NA"` (GNU R warns for `as.numeric("NA")`; only `NA_character_` converts
/// silently).
pub fn str_to_dbl(s: &str) -> Option<f64> {
    let t = s.trim();
    match t {
        "Inf" | "inf" | "+Inf" => return Some(f64::INFINITY),
        "-Inf" | "-inf" => return Some(f64::NEG_INFINITY),
        "NaN" => return Some(f64::NAN),
        "TRUE" | "FALSE" | "T" | "F" | "true" | "false" | "True" | "False" => return None,
        _ => {}
    }
    let (neg, body) = match t.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    let v = if let Some(h) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        i64::from_str_radix(h, 16).ok()? as f64
    } else {
        if body.is_empty()
            || !body
                .chars()
                .all(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '+' | '-'))
        {
            return None;
        }
        body.parse::<f64>().ok()?
    };
    Some(if neg { -v } else { v })
}

/// Parse a string as R's `as.complex` does: a real number or `re+imi` / `re-imi`
/// (no inner spaces). `None` means "NA introduced by coercion".
pub fn str_to_cplx(s: &str) -> Option<C64> {
    if let Some(re) = str_to_dbl(s) {
        return Some(if is_na_real(re) {
            na_complex()
        } else {
            C64::new(re, 0.0)
        });
    }
    let t = s.trim();
    let body = t.strip_suffix('i')?;
    let bytes = body.as_bytes();
    // The sign that starts the imaginary part: not the first character and not an
    // exponent sign.
    let split = (1..bytes.len())
        .rev()
        .find(|&k| matches!(bytes[k], b'+' | b'-') && !matches!(bytes[k - 1], b'e' | b'E'))?;
    let (re_str, im_str) = body.split_at(split);
    if re_str.contains(char::is_whitespace) || im_str.contains(char::is_whitespace) {
        return None;
    }
    let re = str_to_dbl(re_str)?;
    let im = str_to_dbl(im_str)?;
    if is_na_real(re) || is_na_real(im) {
        return None;
    }
    Some(C64::new(re, im))
}

pub fn str_to_lgl(s: &str) -> i32 {
    match s {
        "TRUE" | "T" | "true" | "True" => 1,
        "FALSE" | "F" | "false" | "False" => 0,
        _ => NA_LOGICAL,
    }
}

/// Element conversion to character as `as.character` does (15 significant digits
/// for doubles).
pub fn dbl_to_str(x: f64) -> RStr {
    if is_na_real(x) {
        None
    } else {
        Some(crate::format::num_to_char(x).into())
    }
}

/// (NA only when a part is NA itself, as R's `StringFromComplex`: a NaN
/// part is written, `"NaN+0i"`.)
pub fn cplx_to_str(z: C64) -> RStr {
    if is_na_real(z.re) || is_na_real(z.im) {
        None
    } else {
        Some(crate::format::cplx_to_char(z).into())
    }
}

/// Coerce vector data to type `t`. Character → number gives NA silently here; use
/// `coerce_data_warn` to learn whether NAs were introduced.
pub fn coerce_data(d: &VecData, t: VType) -> VecData {
    coerce_data_warn(d, t).0
}

/// Like `coerce_data`, also reporting whether NAs were introduced by coercion.
pub fn coerce_data_warn(d: &VecData, t: VType) -> (VecData, bool) {
    let mut warn = false;
    let out = match (d, t) {
        (d, t) if d.vtype() == t => d.clone(),
        (VecData::Raw(v), VType::Lgl) => VecData::Lgl(v.iter().map(|&x| (x != 0) as i32).collect()),
        (VecData::Raw(v), VType::Int) => VecData::Int(v.iter().map(|&x| x as i32).collect()),
        (VecData::Raw(v), VType::Dbl) => VecData::Dbl(v.iter().map(|&x| x as f64).collect()),
        (VecData::Raw(v), VType::Cplx) => {
            VecData::Cplx(v.iter().map(|&x| C64::new(x as f64, 0.0)).collect())
        }
        (VecData::Raw(v), VType::Str) => {
            VecData::Str(v.iter().map(|&x| Some(format!("{x:02x}").into())).collect())
        }
        (d, VType::Raw) => {
            // as.raw: out of range and NA values become 0 (`warn`: R's
            // "out-of-range values treated as 0 in coercion to raw").
            let ints = match d {
                VecData::List(_) => coerce_data(d, VType::Int),
                VecData::Str(_) => {
                    let (x, w) = coerce_data_warn(d, VType::Int);
                    warn |= w;
                    x
                }
                _ => coerce_data(d, VType::Int),
            };
            let VecData::Int(ints) = ints else {
                unreachable!()
            };
            VecData::Raw(
                ints.iter()
                    .map(|&x| {
                        if (0..=255).contains(&x) {
                            x as u8
                        } else {
                            warn = true;
                            0
                        }
                    })
                    .collect(),
            )
        }
        (VecData::Lgl(v), VType::Int) => VecData::Int(v.clone()),
        (VecData::Lgl(v) | VecData::Int(v), VType::Dbl) => {
            VecData::Dbl(v.iter().map(|&x| int_to_dbl(x)).collect())
        }
        (VecData::Lgl(v) | VecData::Int(v), VType::Cplx) => VecData::Cplx(
            v.iter()
                .map(|&x| {
                    if x == NA_INTEGER {
                        na_complex()
                    } else {
                        C64::new(x as f64, 0.0)
                    }
                })
                .collect(),
        ),
        (VecData::Lgl(v), VType::Str) => VecData::Str(
            v.iter()
                .map(|&x| match x {
                    NA_LOGICAL => None,
                    0 => Some("FALSE".into()),
                    _ => Some("TRUE".into()),
                })
                .collect(),
        ),
        (VecData::Int(v), VType::Str) => VecData::Str(
            v.iter()
                .map(|&x| {
                    if x == NA_INTEGER {
                        None
                    } else {
                        Some(x.to_string().into())
                    }
                })
                .collect(),
        ),
        (VecData::Int(v), VType::Lgl) => VecData::Lgl(
            v.iter()
                .map(|&x| {
                    if x == NA_INTEGER {
                        NA_LOGICAL
                    } else {
                        (x != 0) as i32
                    }
                })
                .collect(),
        ),
        (VecData::Dbl(v), VType::Lgl) => VecData::Lgl(v.iter().map(|&x| lgl_of_num(x)).collect()),
        (VecData::Dbl(v), VType::Int) => VecData::Int(v.iter().map(|&x| dbl_to_int(x)).collect()),
        (VecData::Dbl(v), VType::Cplx) => VecData::Cplx(
            v.iter()
                .map(|&x| {
                    if is_na_real(x) {
                        na_complex()
                    } else {
                        C64::new(x, 0.0)
                    }
                })
                .collect(),
        ),
        (VecData::Dbl(v), VType::Str) => VecData::Str(v.iter().map(|&x| dbl_to_str(x)).collect()),
        (VecData::Cplx(v), VType::Lgl) => VecData::Lgl(
            v.iter()
                .map(|z| {
                    if is_na_complex(*z) {
                        NA_LOGICAL
                    } else {
                        (z.re != 0.0 || z.im != 0.0) as i32
                    }
                })
                .collect(),
        ),
        (VecData::Cplx(v), VType::Int) => VecData::Int(
            v.iter()
                .map(|z| {
                    if is_na_complex(*z) {
                        NA_INTEGER
                    } else {
                        dbl_to_int(z.re)
                    }
                })
                .collect(),
        ),
        (VecData::Cplx(v), VType::Dbl) => VecData::Dbl(
            v.iter()
                .map(|z| if is_na_complex(*z) { na_real() } else { z.re })
                .collect(),
        ),
        (VecData::Cplx(v), VType::Str) => VecData::Str(v.iter().map(|&z| cplx_to_str(z)).collect()),
        (VecData::Str(v), VType::Lgl) => VecData::Lgl(
            v.iter()
                .map(|s| s.as_deref().map_or(NA_LOGICAL, str_to_lgl))
                .collect(),
        ),
        (VecData::Str(v), VType::Cplx) => VecData::Cplx(
            v.iter()
                .map(|s| match s {
                    None => na_complex(),
                    Some(s) => str_to_cplx(s).unwrap_or_else(|| {
                        warn = true;
                        na_complex()
                    }),
                })
                .collect(),
        ),
        (VecData::Str(v), VType::Int | VType::Dbl) => {
            let ds: Vec<f64> = v
                .iter()
                .map(|s| match s {
                    None => na_real(),
                    Some(s) => str_to_dbl(s).unwrap_or_else(|| {
                        warn = true;
                        na_real()
                    }),
                })
                .collect();
            let dd = VecData::Dbl(ds);
            match t {
                VType::Int => {
                    // as.integer("3.7") is 3; out of range gives NA with a warning too.
                    coerce_data(&dd, VType::Int)
                }
                _ => dd,
            }
        }
        (VecData::List(v), t) => {
            // Each element must be length 1 (as.vector / unlist-like); others become NA.
            let mut out = VecData::with_capacity(t, v.len());
            for e in v {
                let piece = match e.as_vector() {
                    Some(ev) if ev.len() == 1 => coerce_data(&ev.data, t),
                    _ => VecData::na_filled(t, 1),
                };
                append_data(&mut out, piece);
            }
            out
        }
        (d, VType::List) => VecData::List((0..d.len()).map(|i| d.elt(i)).collect()),
        _ => unreachable!("coerce_data: all pairs handled"),
    };
    (out, warn)
}

/// Append `b` to `a` (both already of the same type).
pub fn append_data(a: &mut VecData, b: VecData) {
    match (a, b) {
        (VecData::Raw(x), VecData::Raw(y)) => x.extend(y),
        (VecData::Lgl(x), VecData::Lgl(y)) | (VecData::Int(x), VecData::Int(y)) => x.extend(y),
        (VecData::Dbl(x), VecData::Dbl(y)) => x.extend(y),
        (VecData::Cplx(x), VecData::Cplx(y)) => x.extend(y),
        (VecData::Str(x), VecData::Str(y)) => x.extend(y),
        (VecData::List(x), VecData::List(y)) => x.extend(y),
        (a, b) => {
            let t = a.vtype().max(b.vtype());
            let mut na = coerce_data(a, t);
            append_data(&mut na, coerce_data(&b, t));
            *a = na;
        }
    }
}
