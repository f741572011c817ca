//! Lists as records: the runtime side of `x$name` under a shape speculation
//! (`InstKind::FieldTest`, `InstKind::FieldLoad`). A record is a list whose
//! only attribute is its names, so its `$` runs no S3 method; the field's position comes
//! from the `$` site's cache (`vm::builtins::subset::FieldCache`), which
//! compares the names vector by address while the shape holds.

use super::{ctx, operand, set, NativeFrame, MOVE_OPERAND};
use std::rc::Rc;
use vm::builtins::subset::FieldCache;
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
    let e = record_field(c, slot, SymId(sym), ci)?;
    match (e, ty) {
        (Value::Int(i), FIELD_INT) if *i != NA_INTEGER => Some(e),
        (Value::Dbl(_), FIELD_DBL) | (Value::Lgl(_), FIELD_LGL) => Some(e),
        _ => None,
    }
}

/// Field `sym` (any type) of the value in operand slot `xs` (a
/// `MOVE_OPERAND` mark is ignored) when it is a record with that field;
/// `ci` is the `$` site's cache.
fn record_field(c: &NativeFrame, xs: u32, sym: SymId, ci: u32) -> Option<&Value> {
    let Value::Vec(v) = c.anys.get((xs & !MOVE_OPERAND) as usize)? else {
        return None;
    };
    let VecData::List(l) = &v.data else {
        return None;
    };
    let cache = c.code.field_caches.get(ci as usize)?;
    l.get(record_position(v, cache, sym)?)
}

/// The position of field `sym` in list `v` if it is a record: its only
/// attribute is its names (no class, no S3 `$` method; a list with other
/// attributes takes the generic `$`), and one of them is exactly `sym`.
fn record_position(v: &Vector, cache: &FieldCache, sym: SymId) -> Option<usize> {
    let [(attr, Value::Vec(names))] = v.attrs.as_deref()?.as_slice() else {
        return None;
    };
    if &**attr != "names" {
        return None;
    }
    cache.position_in_names(names, sym)
}

/// `x$sym` (any type) of the record in slot `xs` (nothing is consumed), a
/// copy; `None` if the value there is not a record with that field.
pub(super) fn field_of_record(c: &NativeFrame, xs: u32, sym: SymId, ci: u32) -> Option<Value> {
    record_field(c, xs, sym, ci).cloned()
}

/// `x$sym <- v` in place: `x` (slot `xs`, consumed: `MOVE_OPERAND`) an
/// unshared record with field `sym`, `v` (slot `vs`) not NULL. The
/// updated record goes to slot `dst`; `false`: nothing was done (the
/// generic `$<-` then).
pub(super) fn set_field_in_place(
    c: &mut NativeFrame,
    vs: u32,
    xs: u32,
    dst: u32,
    sym: SymId,
    ci: u32,
) -> bool {
    let vslot = (vs & !MOVE_OPERAND) as usize;
    if xs & MOVE_OPERAND == 0 || matches!(c.anys[vslot], Value::Null) {
        return false;
    }
    let code = c.code.clone();
    let Some(cache) = code.field_caches.get(ci as usize) else {
        return false;
    };
    // (x taken out of its slot while its element is replaced.)
    let xslot = (xs & !MOVE_OPERAND) as usize;
    let mut x = std::mem::replace(&mut c.anys[xslot], Value::Null);
    let elt = match &mut x {
        Value::Vec(rc) => Rc::get_mut(rc).and_then(|vec| {
            let p = record_position(vec, cache, sym)?;
            match &mut vec.data {
                VecData::List(l) => l.get_mut(p),
                _ => None,
            }
        }),
        _ => None,
    };
    match elt {
        Some(e) => {
            *e = operand(&mut c.anys, vs);
            set(c, dst, x);
            true
        }
        None => {
            c.anys[xslot] = x;
            false
        }
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
