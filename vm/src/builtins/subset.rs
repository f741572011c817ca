//! (family of builtins; see builtins/mod.rs)
use super::BuiltinDef;

pub const BUILTINS: &[BuiltinDef] = &[];
use crate::error::{RError, RResult};
use crate::interp::Interp;
use crate::value::Value;
pub fn index(_i: &mut Interp, _x: &Value, _idx: &[Option<Value>], _drop: bool) -> RResult<Value> { Err(RError::new("index: not built")) }
pub fn index2(_i: &mut Interp, _x: &Value, _idx: &[Option<Value>]) -> RResult<Value> { Err(RError::new("index2: not built")) }
pub fn dollar(_i: &mut Interp, _x: &Value, _name: &str) -> RResult<Value> { Err(RError::new("dollar: not built")) }
pub fn assign_index(_i: &mut Interp, _x: Value, _idx: &[Option<Value>], _v: Value) -> RResult<Value> { Err(RError::new("assign_index: not built")) }
pub fn assign_index2(_i: &mut Interp, _x: Value, _idx: &[Option<Value>], _v: Value) -> RResult<Value> { Err(RError::new("assign_index2: not built")) }
pub fn assign_dollar(_i: &mut Interp, _x: Value, _name: &str, _v: Value) -> RResult<Value> { Err(RError::new("assign_dollar: not built")) }
