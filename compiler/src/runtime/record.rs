//! Lists as records: the runtime side of `x$name` under a shape speculation
//! (`InstKind::FieldTest`, `InstKind::FieldLoad`). A record is a list
//! without a class, so its `$` runs no S3 method; the field's position comes
//! from the `$` site's cache (`vm::builtins::subset::FieldCache`), which
//! compares the names vector by address while the shape holds.

use super::{ctx, NativeFrame};
use vm::symbols::SymId;
use vm::value::*;

/// The element type code of a field instruction: 0 `int` (not NA), 1
/// `dbl`, 2 `lgl` (`lower::elem_code` of the matching vector type).
pub const FIELD_INT: u32 = 0;
pub const FIELD_DBL: u32 = 1;
pub const FIELD_LGL: u32 = 2;

/// Field `sym` of the value in slot `slot` when it is a record field that
/// is a scalar of type `ty`; `ci` is the `$` site's cache.
fn field(c: &NativeFrame, slot: u32, sym: u32, ci: u32, ty: u32) -> Option<&Value> {
    let x = c.anys.get(slot as usize)?;
    let Value::Vec(v) = x else { return None };
    let VecData::List(l) = &v.data else {
        return None;
    };
    if vm::builtins::subset::dollar_may_dispatch(x) {
        return None;
    }
    let cache = c.code.field_caches.get(ci as usize)?;
    let e = l.get(cache.position_of_sym(v, SymId(sym))?)?;
    match (e, ty) {
        (Value::Int(i), FIELD_INT) if *i != NA_INTEGER => Some(e),
        (Value::Dbl(_), FIELD_DBL) | (Value::Lgl(_), FIELD_LGL) => Some(e),
        _ => None,
    }
}

/// `field.test`: the address of the field's value (its payload is read in
/// place by `field.load` in the same block), or null when the value in
/// `slot` is not such a record.
pub extern "C" fn rt_field_probe(
    c: *mut NativeFrame,
    slot: u32,
    sym: u32,
    ci: u32,
    ty: u32,
) -> *const Value {
    let c = unsafe { ctx(c) };
    field(c, slot, sym, ci, ty).map_or(std::ptr::null(), |v| v as *const Value)
}

/// `field.load` where its test's address is not at hand (another block):
/// the field's unboxed word (int/lgl zero-extended, a double's bits). The
/// test passed on the same SSA value, whose list nothing changed since.
pub extern "C" fn rt_field_word(c: *mut NativeFrame, slot: u32, sym: u32, ci: u32, ty: u32) -> u64 {
    let c = unsafe { ctx(c) };
    match field(c, slot, sym, ci, ty) {
        Some(Value::Int(i) | Value::Lgl(i)) => *i as u32 as u64,
        Some(Value::Dbl(d)) => d.to_bits(),
        _ => 0,
    }
}
