//! Deparsing expressions and values back to R source text, as R shows calls in
//! error messages (`Error in f(x) :`).

use crate::ast::Expr;
use crate::value::Value;

pub fn deparse(e: &Expr) -> String {
    format!("{:?}", e.kind)
}

/// A short deparse of a value (for "unused argument (3)" messages from builtins).
pub fn deparse_value_short(v: &Value) -> String {
    format!("{:?}", v)
}
