//! (family of builtins; see builtins/mod.rs)
use super::BuiltinDef;

pub const BUILTINS: &[BuiltinDef] = &[];

/// `from:to` (placeholder until the construct family lands).
pub fn colon(_interp: &mut crate::interp::Interp, a: &crate::value::Value, b: &crate::value::Value) -> crate::error::RResult<crate::value::Value> {
    let (x, y) = (a.first_f64().unwrap_or(0.0) as i32, b.first_f64().unwrap_or(0.0) as i32);
    let v: Vec<i32> = if x <= y { (x..=y).collect() } else { (y..=x).rev().collect() };
    Ok(crate::value::int_vec(v))
}
