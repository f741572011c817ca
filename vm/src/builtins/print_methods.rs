//! The print methods R has for classes that builtins here create
//! (`summaryDefault`, a character `table`, `noquote`): `print`, auto-print
//! and the printing of list elements use them when no user method applies.

use crate::value::{Value, VecData};

/// The text R's print method for `x`'s class writes (`digits`, `quote`:
/// the arguments of the `print` call, if given), or `None` when `x` is
/// printed by `print.default`.
pub fn print_method(x: &Value, digits: Option<usize>, quote: Option<bool>) -> Option<String> {
    let Value::Vec(v) = x else { return None };
    for class in v.class()? {
        match class.as_deref() {
            Some("summaryDefault") => {
                let d = digits.unwrap_or_else(super::summary::default_print_digits);
                return Some(super::summary::print_summary_default(v, d));
            }
            Some("table") if matches!(v.data, VecData::Str(_)) => {
                return Some(super::summary::print_table_strings(v));
            }
            Some("eigen") if matches!(v.data, VecData::List(_)) => {
                return Some(super::eigen::print_eigen(v, digits));
            }
            Some("noquote") => return Some(super::quoting::print_noquote(v, digits, quote)),
            Some("difftime" | "POSIXct") => {
                let d = digits.unwrap_or_else(crate::format::digits);
                return super::time::print_time(v, d);
            }
            Some("proc_time") if matches!(v.data, VecData::Dbl(_) | VecData::Int(_)) => {
                let s = super::timefn::proc_time_summary(v);
                return Some(print_plain(&s, digits));
            }
            Some("hexmode") => {
                let s = super::raw::format_hexmode(x, None, false).ok()?;
                return Some(print_plain(&s, digits));
            }
            Some("Date") if matches!(v.data, VecData::Dbl(_) | VecData::Int(_)) => {
                let s = super::timefn::format_date(x, None).ok()?;
                return Some(if s.is_empty() {
                    "Date of length 0\n".to_string()
                } else {
                    print_plain(&s, digits)
                });
            }
            _ => {}
        }
    }
    None
}

/// `print.default` of a value a method computed.
fn print_plain(v: &Value, digits: Option<usize>) -> String {
    crate::print::print_to_string_digits(v, digits.unwrap_or_else(crate::format::digits))
}
