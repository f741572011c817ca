//! (family of builtins; see builtins/mod.rs)
use super::BuiltinDef;

pub const BUILTINS: &[BuiltinDef] = &[];

/// Arithmetic operators (placeholder until the arith family lands).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArithOp {
    Add,
    Sub,
    Mul,
    Div,
    Pow,
    Mod,
    IDiv,
}
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}
use crate::error::{RError, RResult};
use crate::interp::Interp;
use crate::value::Value;
pub fn arith(_i: &mut Interp, op: ArithOp, a: &Value, b: &Value) -> RResult<Value> {
    match (a, b) {
        (Value::Int(x), Value::Int(y)) if op == ArithOp::Add => Ok(Value::Int(x + y)),
        _ => match (a.first_f64(), b.first_f64()) {
            (Some(x), Some(y)) => Ok(Value::Dbl(match op { ArithOp::Add => x + y, ArithOp::Sub => x - y, ArithOp::Mul => x * y, ArithOp::Div => x / y, ArithOp::Pow => x.powf(y), ArithOp::Mod => x % y, ArithOp::IDiv => (x / y).floor() })),
            _ => Err(RError::new("non-numeric argument to binary operator")),
        },
    }
}
pub fn compare(_i: &mut Interp, op: CmpOp, a: &Value, b: &Value) -> RResult<Value> {
    let (x, y) = (a.first_f64().unwrap_or(f64::NAN), b.first_f64().unwrap_or(f64::NAN));
    Ok(Value::lgl(match op { CmpOp::Eq => x == y, CmpOp::Ne => x != y, CmpOp::Lt => x < y, CmpOp::Le => x <= y, CmpOp::Gt => x > y, CmpOp::Ge => x >= y }))
}
pub fn logic(_i: &mut Interp, and: bool, a: &Value, b: &Value) -> RResult<Value> {
    let (x, y) = (a.first_f64().unwrap_or(0.0) != 0.0, b.first_f64().unwrap_or(0.0) != 0.0);
    Ok(Value::lgl(if and { x && y } else { x || y }))
}
pub fn not(_i: &mut Interp, a: &Value) -> RResult<Value> { Ok(Value::lgl(a.first_f64().unwrap_or(0.0) == 0.0)) }
pub fn negate(_i: &mut Interp, a: &Value) -> RResult<Value> {
    match a { Value::Int(x) => Ok(Value::Int(-x)), _ => Ok(Value::Dbl(-a.first_f64().unwrap_or(0.0))) }
}
pub fn unary_plus(_i: &mut Interp, a: &Value) -> RResult<Value> { Ok(a.clone()) }
