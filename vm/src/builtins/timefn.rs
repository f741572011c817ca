//! Time and dates: `system.time(expr)` and `proc.time()` as `proc_time`
//! objects, `Sys.Date()`, `as.Date` of `"%Y-%m-%d"` strings and numbers,
//! `format`/`print` of `Date` values, `date()`. Calendar times are in UTC.
//!
//! `system.time(expr)` is compiled as `system.time(proc.time(), expr)`
//! with the first argument named `.start` (`compile::calls`): arguments are
//! evaluated before a builtin runs, so the start time is taken before `expr`
//! and the builtin measures up to its end.

use super::BuiltinDef;
use crate::args::Args;
use crate::error::{RError, RResult};
use crate::interp::Interp;
use crate::value::*;
use std::rc::Rc;

pub const BUILTINS: &[BuiltinDef] = &[
    BuiltinDef::new("system.time", builtin_system_time),
    BuiltinDef::new("Sys.Date", builtin_sys_date),
    BuiltinDef::new("date", builtin_date),
    BuiltinDef::new("as.Date", builtin_as_date),
    BuiltinDef::new("format.Date", builtin_format_date),
];

/// Seconds since the Unix epoch.
fn now_secs() -> f64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs_f64())
        .unwrap_or(0.0)
}

/// The process's user and system CPU seconds, and its children's, from
/// `/proc/self/stat` (zeros where that is not available).
fn cpu_times() -> [f64; 4] {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return [0.0; 4];
    };
    // Fields after the parenthesised command name: state is field 3, utime
    // field 14, stime 15, cutime 16, cstime 17 (clock ticks of 1/100 s).
    let Some(rest) = stat.rfind(')').map(|p| &stat[p + 1..]) else {
        return [0.0; 4];
    };
    let f: Vec<&str> = rest.split_whitespace().collect();
    let tick = |k: usize| f.get(k).and_then(|s| s.parse::<f64>().ok()).unwrap_or(0.0) / 100.0;
    [tick(11), tick(12), tick(13), tick(14)]
}

/// The `proc.time()` value: `user.self sys.self elapsed user.child
/// sys.child` with class `proc_time`. `elapsed` is counted from the start
/// of the process.
pub fn proc_time_value() -> Value {
    static START: std::sync::OnceLock<f64> = std::sync::OnceLock::new();
    let start = *START.get_or_init(now_secs);
    let [u, s, cu, cs] = cpu_times();
    let elapsed = ((now_secs() - start) * 1000.0).round() / 1000.0;
    proc_time_of(vec![u, s, elapsed, cu, cs])
}

/// A `proc_time` object of the five times (`user.self sys.self elapsed
/// user.child sys.child`).
fn proc_time_of(times: Vec<f64>) -> Value {
    let mut v = Vector::new(VecData::Dbl(times));
    v.set_attr(
        "names",
        Value::strs(&[
            "user.self",
            "sys.self",
            "elapsed",
            "user.child",
            "sys.child",
        ]),
    );
    v.set_attr("class", Value::str("proc_time"));
    Value::Vec(Rc::new(v))
}

/// `system.time(expr, gcFirst)`: the `proc_time` difference between the
/// start (`.start`, taken before `expr` was evaluated) and now. Called
/// without `.start` (through `do.call`, say) the time of evaluating `expr`
/// is not seen: the difference is of the call itself.
fn builtin_system_time(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&[".start", "expr", "gcFirst"])?;
    let start = b.take(0).unwrap_or_else(proc_time_value);
    let end = proc_time_value();
    let (Some(s), Some(e)) = (start.as_vector(), end.as_vector()) else {
        return Ok(end);
    };
    let (VecData::Dbl(s), VecData::Dbl(e)) = (&s.data, &e.data) else {
        return Ok(end);
    };
    let d: Vec<f64> = e
        .iter()
        .zip(s)
        .map(|(a, b)| ((a - b).max(0.0) * 1000.0).round() / 1000.0)
        .collect();
    Ok(proc_time_of(d))
}

/// What `print` shows for a `proc_time` (R's `summary.proc_time`: the
/// children's times added, named `user system elapsed`).
pub fn proc_time_summary(v: &Vector) -> Value {
    let d = match v.data.coerce(VType::Dbl) {
        VecData::Dbl(d) => d,
        _ => Vec::new(),
    };
    let at = |k: usize| d.get(k).copied().unwrap_or(na_real());
    let add = |a: f64, b: f64| if b.is_nan() { a } else { a + b };
    let mut out = Vector::new(VecData::Dbl(vec![
        add(at(0), at(3)),
        add(at(1), at(4)),
        at(2),
    ]));
    out.set_attr("names", Value::strs(&["user", "system", "elapsed"]));
    Value::Vec(Rc::new(out))
}

fn date_value(days: Vec<f64>) -> Value {
    let mut v = Vector::new(VecData::Dbl(days));
    v.set_attr("class", Value::str("Date"));
    Value::Vec(Rc::new(v))
}

/// `Sys.Date()`: today (UTC) as a `Date`.
fn builtin_sys_date(_: &mut Interp, _: Args) -> RResult<Value> {
    Ok(date_value(vec![(now_secs() / 86400.0).floor()]))
}

/// Days since 1970-01-01 to (year, month 1..12, day 1..31): the proleptic
/// Gregorian calendar (Howard Hinnant's `civil_from_days`).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719468;
    let era = z.div_euclid(146097);
    let doe = z.rem_euclid(146097);
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = (m as i64 + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d as i64 - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146097 + doe - 719468
}

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
const WEEKDAYS: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];

/// `strftime` of a calendar time (UTC): `secs` since the epoch.
fn strftime(secs: f64, fmt: &str) -> RResult<String> {
    let days = (secs / 86400.0).floor() as i64;
    let sod = (secs - days as f64 * 86400.0).floor() as i64;
    let (y, m, d) = civil_from_days(days);
    let wday = (days + 4).rem_euclid(7) as usize;
    let yday = days - days_from_civil(y, 1, 1) + 1;
    let (hh, mm, ss) = (sod / 3600, (sod / 60) % 60, sod % 60);
    let mut out = String::new();
    let mut it = fmt.chars();
    while let Some(c) = it.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        match it.next() {
            Some('Y') => out.push_str(&y.to_string()),
            Some('y') => out.push_str(&format!("{:02}", y.rem_euclid(100))),
            Some('m') => out.push_str(&format!("{m:02}")),
            Some('d') => out.push_str(&format!("{d:02}")),
            Some('e') => out.push_str(&format!("{d:2}")),
            Some('B') => out.push_str(MONTHS[m as usize - 1]),
            Some('b') | Some('h') => out.push_str(&MONTHS[m as usize - 1][..3]),
            Some('A') => out.push_str(WEEKDAYS[wday]),
            Some('a') => out.push_str(&WEEKDAYS[wday][..3]),
            Some('j') => out.push_str(&format!("{yday:03}")),
            Some('u') => out.push_str(&(if wday == 0 { 7 } else { wday }).to_string()),
            Some('w') => out.push_str(&wday.to_string()),
            Some('H') => out.push_str(&format!("{hh:02}")),
            Some('M') => out.push_str(&format!("{mm:02}")),
            Some('S') => out.push_str(&format!("{ss:02}")),
            Some('F') => out.push_str(&format!("{y}-{m:02}-{d:02}")),
            Some('T') => out.push_str(&format!("{hh:02}:{mm:02}:{ss:02}")),
            Some('Z') => out.push_str("UTC"),
            Some('%') => out.push('%'),
            Some(o) => return Err(RError::unsupported(format!("format of a date with '%{o}'"))),
            None => out.push('%'),
        }
    }
    Ok(out)
}

/// `date()`: the current time as C's `ctime` writes it (UTC).
fn builtin_date(_: &mut Interp, _: Args) -> RResult<Value> {
    Ok(Value::str(&strftime(
        now_secs().floor(),
        "%a %b %e %H:%M:%S %Y",
    )?))
}

/// `format(x, format = "%Y-%m-%d")` of a `Date` (names kept; NA as NA).
pub fn format_date(x: &Value, fmt: Option<&str>) -> RResult<Value> {
    let fmt = fmt.unwrap_or("%Y-%m-%d");
    let Some(v) = x.as_vector() else {
        return Ok(str_vec(Vec::new()));
    };
    let d = match v.data.coerce(VType::Dbl) {
        VecData::Dbl(d) => d,
        _ => Vec::new(),
    };
    let mut out = Vec::with_capacity(d.len());
    for &days in &d {
        out.push(if days.is_finite() {
            Some(strftime(days.floor() * 86400.0, fmt)?.into())
        } else {
            None
        });
    }
    let mut r = Vector::new(VecData::Str(out));
    if let Some(n) = v.attr("names") {
        r.set_attr("names", n.clone());
    }
    Ok(Value::Vec(Rc::new(r)))
}

fn builtin_format_date(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "format", "..."])?;
    let x = b.take(0).unwrap_or(Value::Null);
    let fmt = super::output::arg_str(&b.take(1));
    format_date(&x, fmt.as_deref())
}

/// `as.Date(x)`: a `Date` from `"%Y-%m-%d"` (or `"%Y/%m/%d"`) strings, or
/// from a number of days (`origin`, default 1970-01-01).
fn builtin_as_date(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "format", "origin", "..."])?;
    let x = b.take(0).unwrap_or(Value::Null);
    if b.take(1).is_some() {
        return Err(RError::unsupported("as.Date() with a format"));
    }
    let numeric = matches!(x.vtype(), Some(VType::Int | VType::Dbl | VType::Lgl));
    let origin = match b.take(2) {
        None if numeric => return Err(RError::new("'origin' must be supplied")),
        None => 0.0,
        Some(o) => match as_date_days(&o)?.first() {
            Some(&d) => d,
            None => return Err(RError::new("'origin' must be of length one")),
        },
    };
    if x.explicit_class()
        .is_some_and(|c| c.iter().any(|c| c == "Date"))
    {
        return Ok(x);
    }
    let days = as_date_days(&x)?;
    Ok(date_value(
        days.into_iter()
            .map(|d| if numeric { d + origin } else { d })
            .collect(),
    ))
}

fn as_date_days(x: &Value) -> RResult<Vec<f64>> {
    let Some(v) = x.as_vector() else {
        return Err(RError::new(
            "do not know how to convert 'x' to class \"Date\"",
        ));
    };
    match &v.data {
        VecData::Str(s) => {
            let mut out = Vec::with_capacity(s.len());
            for e in s {
                out.push(match e.as_deref().and_then(parse_ymd) {
                    Some(d) => d as f64,
                    None if e.is_none() => na_real(),
                    None => {
                        return Err(RError::new(
                            "character string is not in a standard unambiguous format",
                        ))
                    }
                });
            }
            Ok(out)
        }
        VecData::Int(_) | VecData::Dbl(_) | VecData::Lgl(_) => match v.data.coerce(VType::Dbl) {
            VecData::Dbl(d) => Ok(d),
            _ => unreachable!(),
        },
        _ => Err(RError::new(
            "do not know how to convert 'x' to class \"Date\"",
        )),
    }
}

/// `YYYY-MM-DD` or `YYYY/MM/DD` (one- or two-digit month and day) as days
/// since the epoch.
fn parse_ymd(s: &str) -> Option<i64> {
    let s = s.trim();
    let sep = if s.contains('-') { '-' } else { '/' };
    let mut parts = s.splitn(3, sep);
    let y: i64 = parts.next()?.parse().ok()?;
    let m: u32 = parts.next()?.parse().ok()?;
    let rest = parts.next()?;
    let dd: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
    let d: u32 = dd.parse().ok()?;
    if !(1..=12).contains(&m) || d < 1 {
        return None;
    }
    let next = if m == 12 {
        days_from_civil(y + 1, 1, 1)
    } else {
        days_from_civil(y, m + 1, 1)
    };
    let days = days_from_civil(y, m, d);
    (days < next).then_some(days)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_round_trip() {
        for z in [-800_000, -1, 0, 1, 59, 365, 10957, 19723, 2_000_000] {
            let (y, m, d) = civil_from_days(z);
            assert_eq!(days_from_civil(y, m, d), z);
        }
        assert_eq!(civil_from_days(19723), (2024, 1, 1));
        assert_eq!(
            strftime(0.0, "%a %b %e %H:%M:%S %Y").unwrap(),
            "Thu Jan  1 00:00:00 1970"
        );
        assert_eq!(parse_ymd("2024-02-30"), None);
        assert_eq!(parse_ymd("2024-02-29"), Some(19782));
    }
}
