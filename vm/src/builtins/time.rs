//! Date-times and time differences, as far as timing code needs them:
//! `Sys.time()` is a `POSIXct` (seconds since the epoch, class
//! `c("POSIXct", "POSIXt")`); the difference of two is a `difftime` in the
//! units R chooses (`secs`, `mins`, `hours`, `days`), printed `Time
//! difference of 2.5 secs`; `difftime(t1, t0, units =)`, `units(d)`.
//! Other arithmetic keeps the operand's attributes, as R's methods do for
//! `t + 3600` and `d * 2`; comparisons give plain logicals.

use super::BuiltinDef;
use crate::args::Args;
use crate::bytecode::ArithOp;
use crate::error::{RError, RResult};
use crate::interp::Interp;
use crate::value::*;
use std::rc::Rc;

pub const BUILTINS: &[BuiltinDef] = &[
    BuiltinDef::new("difftime", difftime),
    BuiltinDef::new("units", units),
];

fn has_class(v: &Value, class: &str) -> bool {
    v.has_attrs()
        && v.explicit_class()
            .is_some_and(|c| c.iter().any(|x| x == class))
}

/// A `POSIXct` or `difftime` operand: arithmetic and comparisons follow
/// R's methods for it (`arith`, `compare`).
pub fn is_time(v: &Value) -> bool {
    has_class(v, "POSIXct") || has_class(v, "difftime")
}

/// The doubles of `v` (none for a non-numeric value).
fn doubles(v: &Value) -> Option<Vec<f64>> {
    match v.as_vector()?.data.coerce(VType::Dbl) {
        VecData::Dbl(d) if v.vtype().is_some_and(|t| t <= VType::Dbl) => Some(d),
        _ => None,
    }
}

/// The seconds one unit of `units` is.
fn unit_secs(units: &str) -> Option<f64> {
    Some(match units {
        "secs" => 1.0,
        "mins" => 60.0,
        "hours" => 3600.0,
        "days" => 86400.0,
        "weeks" => 7.0 * 86400.0,
        _ => return None,
    })
}

/// The units R's `difftime(units = "auto")` chooses for differences `secs`.
fn auto_units(secs: &[f64]) -> &'static str {
    let m = secs
        .iter()
        .filter(|x| !x.is_nan())
        .fold(f64::INFINITY, |m, x| m.min(x.abs()));
    if !m.is_finite() || m < 60.0 {
        "secs"
    } else if m < 3600.0 {
        "mins"
    } else if m < 86400.0 {
        "hours"
    } else {
        "days"
    }
}

/// A `difftime` of `secs` in `units` (`auto`: R's choice).
fn make_difftime(secs: Vec<f64>, units: &str) -> RResult<Value> {
    let units = if units == "auto" {
        auto_units(&secs)
    } else {
        units
    };
    let per = unit_secs(units).ok_or_else(|| RError::new("invalid units specified"))?;
    let mut v = Vector::new(VecData::Dbl(secs.iter().map(|s| s / per).collect()));
    v.set_attr("class", Value::strs(&["difftime"]));
    v.set_attr("units", Value::str(units));
    Ok(Value::Vec(Rc::new(v)))
}

/// Seconds of a date-time or of a `difftime` (in its units).
fn seconds(v: &Value) -> Option<Vec<f64>> {
    let d = doubles(v)?;
    if has_class(v, "difftime") {
        let per = unit_secs(&units_of(v)?)?;
        return Some(d.iter().map(|x| x * per).collect());
    }
    Some(d)
}

fn units_of(v: &Value) -> Option<String> {
    match v.attr("units")?.as_vector()?.data.coerce(VType::Str) {
        VecData::Str(s) => s.first().cloned().flatten().map(|s| s.to_string()),
        _ => None,
    }
}

/// Elementwise `a - b` (recycled).
fn minus(a: &[f64], b: &[f64]) -> Vec<f64> {
    let n = if a.is_empty() || b.is_empty() {
        0
    } else {
        a.len().max(b.len())
    };
    (0..n).map(|i| a[i % a.len()] - b[i % b.len()]).collect()
}

/// R's `-.POSIXt` / `+.POSIXt` where they differ from plain arithmetic:
/// two date-times subtract to a `difftime`; a `difftime` added to or
/// subtracted from a date-time counts in seconds. `None`: plain
/// arithmetic, which keeps the operands' attributes.
pub fn arith(op: ArithOp, a: &Value, b: &Value) -> Option<RResult<Value>> {
    let (ta, tb) = (has_class(a, "POSIXct"), has_class(b, "POSIXct"));
    match op {
        ArithOp::Sub if ta && tb => {
            let d = minus(&doubles(a)?, &doubles(b)?);
            Some(make_difftime(d, "auto"))
        }
        ArithOp::Add | ArithOp::Sub if ta && has_class(b, "difftime") => {
            let secs = seconds(b)?;
            let x = doubles(a)?;
            let sign = if op == ArithOp::Sub { -1.0 } else { 1.0 };
            let neg: Vec<f64> = secs.iter().map(|s| -sign * s).collect();
            Some(Ok(posixct(minus(&x, &neg))))
        }
        ArithOp::Add if tb && has_class(a, "difftime") => arith(op, b, a),
        _ => None,
    }
}

fn posixct(secs: Vec<f64>) -> Value {
    let mut v = Vector::new(VecData::Dbl(secs));
    v.set_attr("class", Value::strs(&["POSIXct", "POSIXt"]));
    Value::Vec(Rc::new(v))
}

/// `Sys.time()`: now, as a `POSIXct`.
pub fn now() -> Value {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs_f64())
        .unwrap_or(0.0);
    posixct(vec![secs])
}

/// A comparison operand with a date-time or `difftime` one: its plain
/// numbers (in seconds when the other side is a `difftime` of other
/// units), so that the result is a plain logical, as R's methods give.
pub fn comparable(v: &Value, other: &Value) -> Value {
    if !is_time(v) {
        return v.clone();
    }
    let both = has_class(v, "difftime") && has_class(other, "difftime");
    let d = if both && units_of(v) != units_of(other) {
        seconds(v)
    } else {
        doubles(v)
    };
    match d {
        Some(d) => Value::from_vector(Vector::new(VecData::Dbl(d))),
        None => v.clone(),
    }
}

/// `difftime(time1, time2, tz, units = "auto")`.
fn difftime(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["time1", "time2", "tz", "units"])?;
    let missing = |n: &str| RError::new(format!("argument \"{}\" is missing, with no default", n));
    let t1 = b.take(0).ok_or_else(|| missing("time1"))?;
    let t2 = b.take(1).ok_or_else(|| missing("time2"))?;
    let units = match b.take(3) {
        None => "auto".to_string(),
        Some(u) => match u.as_vector().map(|v| v.data.coerce(VType::Str)) {
            Some(VecData::Str(s)) if !s.is_empty() => {
                s[0].as_deref().unwrap_or_default().to_string()
            }
            _ => return Err(RError::new("invalid 'units' argument")),
        },
    };
    let units = match units.as_str() {
        "auto" | "secs" | "mins" | "hours" | "days" | "weeks" => units,
        _ => {
            return Err(RError::new(
                "'arg' should be one of “auto”, “secs”, “mins”, “hours”, “days”, “weeks”",
            ))
        }
    };
    let (Some(x), Some(y)) = (doubles(&t1), doubles(&t2)) else {
        return Err(RError::unsupported(
            "difftime() of values that are not date-times",
        ));
    };
    make_difftime(minus(&x, &y), &units)
}

/// `units(x)`: a `difftime`'s units (NULL for other values).
fn units(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x"])?;
    let x = b.take(0).unwrap_or(Value::Null);
    Ok(x.attr("units").cloned().unwrap_or(Value::Null))
}

/// `print` of a `difftime` (`Time difference of 2.5 secs`; `Time
/// differences in secs` and the numbers for several) or a `POSIXct` (its
/// UTC date-times as strings).
pub fn print_time(v: &Vector, digits: usize) -> Option<String> {
    let classes = v.class()?;
    let has = |c: &str| classes.iter().any(|x| x.as_deref() == Some(c));
    let VecData::Dbl(d) = &v.data else {
        return None;
    };
    if has("difftime") {
        let units = units_of(&Value::Vec(Rc::new(v.clone())))?;
        if d.len() == 1 {
            let s = crate::format::format_real_one(d[0], digits);
            return Some(format!("Time difference of {} {}\n", s, units));
        }
        let mut plain = Vector::new(VecData::Dbl(d.clone()));
        if let Some(n) = v.attr("names") {
            plain.set_attr("names", n.clone());
        }
        let body = crate::print::print_to_string_digits(&Value::from_vector(plain), digits);
        return Some(format!("Time differences in {}\n{}", units, body));
    }
    if has("POSIXct") {
        let strs: Vec<RStr> = d
            .iter()
            .map(|&s| (!s.is_nan()).then(|| format_utc(s).into()))
            .collect();
        return Some(crate::print::print_to_string(&str_vec(strs)));
    }
    None
}

/// `format` of a `difftime` (`"2.5 secs"`: the numbers formatted together,
/// then the units) or a `POSIXct` (its UTC date-times).
pub fn format_time(x: &Value, digits: usize) -> Option<Value> {
    let Value::Vec(v) = x else { return None };
    let VecData::Dbl(d) = &v.data else {
        return None;
    };
    let cells: Vec<RStr> = if has_class(x, "difftime") {
        let units = units_of(x)?;
        crate::format::format_real_vec(d, digits)
            .into_iter()
            .map(|s| Some(format!("{} {}", s, units).into()))
            .collect()
    } else if has_class(x, "POSIXct") {
        d.iter()
            .map(|&s| {
                (!s.is_nan()).then(|| format_utc(s).trim_end_matches(" UTC").to_string().into())
            })
            .collect()
    } else {
        return None;
    };
    let mut out = Vector::new(VecData::Str(cells));
    if let Some(n) = v.attr("names") {
        out.set_attr("names", n.clone());
    }
    Some(Value::from_vector(out))
}

/// `YYYY-MM-DD HH:MM:SS UTC` for seconds since the epoch.
fn format_utc(secs: f64) -> String {
    let t = secs.floor() as i64;
    let days = t.div_euclid(86400);
    let rem = t.rem_euclid(86400);
    // Days to the civil date (H. Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + (month <= 2) as i64;
    format!(
        "{:04}-{:02}-{:02} {:02}:{:02}:{:02} UTC",
        year,
        month,
        day,
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_dates() {
        assert_eq!(format_utc(0.0), "1970-01-01 00:00:00 UTC");
        assert_eq!(format_utc(951_782_400.5), "2000-02-29 00:00:00 UTC");
        assert_eq!(format_utc(1_700_000_000.0), "2023-11-14 22:13:20 UTC");
        assert_eq!(format_utc(-1.0), "1969-12-31 23:59:59 UTC");
    }

    #[test]
    fn differences() {
        let out = |src: &str| crate::driver::run_captured(src, "t.R").0;
        assert_eq!(
            out("t0 <- Sys.time(); d <- (t0 + 90) - t0; print(class(d)); print(units(d)); print(unclass(d)[1])"),
            "[1] \"difftime\"\n[1] \"mins\"\n[1] 1.5\n"
        );
        assert_eq!(
            out("print(structure(2.5, units = \"secs\", class = \"difftime\"))"),
            "Time difference of 2.5 secs\n"
        );
    }
}
