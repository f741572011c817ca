//! Pushes onto the interpreter's operand stack written to avoid
//! store-forwarding stalls (`push_value`, `push_dbl`, `push_int`, `push_lgl`).

use crate::value::*;

/// `stack.push(v)` for the interpreter loop. `Vec::push` keeps `v` alive
/// across its (possible) reallocation call, so a scalar built field by field is
/// first assembled in the frame and then copied as one 16-byte load, which
/// stalls store forwarding; writing after an out-of-line grow avoids that.
#[inline(always)]
pub(super) fn push_value(stack: &mut Vec<Value>, v: Value) {
    if stack.len() == stack.capacity() {
        grow_stack(stack);
    }
    let len = stack.len();
    // SAFETY: `len < capacity` (ensured just above), so the slot is allocated
    // and uninitialized; it becomes part of the vector by `set_len`.
    unsafe {
        stack.as_mut_ptr().add(len).write(v);
        stack.set_len(len + 1);
    }
}

/// Push a scalar without assembling the `Value` in the frame first: LLVM
/// builds a non-constant enum in a stack temporary (tag and payload as two
/// stores) and copies it with one 16-byte load, which cannot be forwarded
/// from the two smaller stores (a ~15-cycle stall on every scalar push).
/// Writing a constant of the right variant (two immediate stores) and then
/// overwriting its payload in place keeps every access register-sized.
macro_rules! push_scalar {
    ($stack:expr, $variant:ident, $zero:expr, $e:expr) => {{
        let stack: &mut Vec<Value> = $stack;
        if stack.len() == stack.capacity() {
            grow_stack(stack);
        }
        let len = stack.len();
        // SAFETY: `len < capacity` (ensured just above), so the slot is
        // allocated and uninitialized; it becomes part of the vector by
        // `set_len` once it holds a valid value.
        unsafe {
            let p = stack.as_mut_ptr().add(len);
            p.write(Value::$variant($zero));
            if let Value::$variant(d) = &mut *p {
                *d = $e;
            }
            stack.set_len(len + 1);
        }
    }};
}

#[inline(always)]
pub(super) fn push_dbl(stack: &mut Vec<Value>, e: f64) {
    push_scalar!(stack, Dbl, 0.0, e)
}

#[inline(always)]
pub(super) fn push_int(stack: &mut Vec<Value>, e: i32) {
    push_scalar!(stack, Int, 0, e)
}

#[inline(always)]
pub(super) fn push_lgl(stack: &mut Vec<Value>, e: i32) {
    push_scalar!(stack, Lgl, 0, e)
}

#[cold]
#[inline(never)]
fn grow_stack(stack: &mut Vec<Value>) {
    stack.reserve(64);
}
