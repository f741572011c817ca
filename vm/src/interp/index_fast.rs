//! The indexing fast paths of the interpreter loop: `x[i]`, `x[[i]]` and
//! `m[i, j]` with in-range scalar indices, in-place `x[i] <- v`, and the
//! cached dimensions of the last matrix indexed.

use super::Interp;
use crate::feedback::TypeFeedback;
use crate::value::*;
use std::rc::Rc;

impl Interp {
    /// `x[i] <- v`, `x[[i]] <- v` or `m[i, j] <- v` of a name that the next
    /// instruction rebinds (`LoadName(x)`, this `SetIndex` at `pc - 1`,
    /// `StoreName(x)`: top-level code updating a global, which `TakeLocal`
    /// cannot move out of a slot). The vector on the stack is shared only
    /// with the binding that the store replaces, so the binding lets go of
    /// it for `assign` (`fast_assign`, `fast_assign2d`), which runs no R
    /// code and cannot fail (nothing can see the binding missing), and gets
    /// it back when that does not apply. Without this a script's
    /// `for (i in 2:n) x[i] <- f(x[i - 1])` copied `x` at every iteration.
    #[inline(never)]
    pub(super) fn assign_in_binding(
        &mut self,
        ops: &[crate::bytecode::Op],
        pc: usize,
        env: &crate::env::Env,
        x: &mut Value,
        assign: impl FnOnce(&mut Value) -> bool,
    ) -> bool {
        use crate::bytecode::Op;
        let (Some(Op::LoadName(s, _)), Some(Op::StoreName(t))) =
            (pc.checked_sub(2).and_then(|k| ops.get(k)), ops.get(pc))
        else {
            return false;
        };
        if s != t {
            return false;
        }
        let Value::Vec(rc) = &*x else {
            return false;
        };
        self.dims.forget(rc);
        if Rc::strong_count(rc) != 2 || Rc::weak_count(rc) != 0 {
            return false;
        }
        let Some(slot) = env.slot_of(*s) else {
            return false;
        };
        let held = {
            let mut slots = env.slots.borrow_mut();
            match slots.get_mut(slot) {
                Some(b) if matches!(&*b, Some(Value::Vec(h)) if Rc::ptr_eq(h, rc)) => b.take(),
                _ => None,
            }
        };
        let Some(held) = held else {
            return false;
        };
        drop(held);
        if assign(x) {
            return true;
        }
        env.slots.borrow_mut()[slot] = Some(x.clone());
        false
    }

    pub(super) fn pop_indices(&mut self, n: u8, empty: u8) -> Vec<Option<Value>> {
        // The operand stack holds every index position, empty ones included.
        let start = self.stack.len() - n as usize;
        self.stack
            .drain(start..)
            .enumerate()
            .map(|(k, v)| if empty & (1 << k) != 0 { None } else { Some(v) })
            .collect()
    }
}

/// `x[i]` / `x[[i]]` for an attribute-free vector and an in-range scalar index.
#[inline]
pub(super) fn fast_index(x: &Value, i: &Value, is2: bool) -> Option<Value> {
    let Value::Vec(v) = x else { return None };
    if v.attrs.is_some() {
        return None;
    }
    let k = match i {
        Value::Int(k) if *k >= 1 => *k as usize - 1,
        Value::Dbl(k) if *k >= 1.0 && *k < 4.0e9 => *k as usize - 1,
        _ => return None,
    };
    if k >= v.len() {
        return None;
    }
    match &v.data {
        VecData::List(items) => {
            if is2 {
                Some(items[k].clone())
            } else {
                None
            }
        }
        d => Some(d.elt(k)),
    }
}

/// Where the element of `x[i]` / `m[i, j]` is, for the interpreter's
/// allocation-free fast path.
pub(super) struct EltIndex {
    /// The 0-based element offset.
    pub(super) k: usize,
    /// The feedback bits of `x`, `i` and `j` (0 without `j`), as
    /// `TypeFeedback::of` computes them (known here without another match).
    pub(super) bits: [u16; 3],
}

/// For `x[i]` / `m[i, j]` (`jv`) on an attribute-free (resp. matrix) logical,
/// integer or double vector with in-range positive scalar indices: where the
/// element is.
#[inline(always)]
pub(super) fn scalar_elt_index(
    x: &Value,
    i: &Value,
    j: Option<&Value>,
    is2: bool,
    dims: &mut DimCache,
) -> Option<EltIndex> {
    let Value::Vec(v) = x else { return None };
    let t = match v.data {
        VecData::Lgl(_) => TypeFeedback::LGL,
        VecData::Int(_) => TypeFeedback::INT,
        VecData::Dbl(_) => TypeFeedback::DBL,
        _ => return None,
    };
    let x_bits =
        t | if v.len() != 1 {
            TypeFeedback::NON_SCALAR
        } else {
            0
        } | if v.attrs.is_some() {
            TypeFeedback::ATTRS
        } else {
            0
        };
    match j {
        None => {
            if v.attrs.is_some() {
                return None;
            }
            let (k, i_bits) = scalar_index(i, v.len())?;
            Some(EltIndex {
                k,
                bits: [x_bits, i_bits, 0],
            })
        }
        Some(_) if is2 => None,
        Some(j) => {
            let (nr, nc) = dims.of(v)?;
            let ((r, i_bits), (c, j_bits)) = (scalar_index(i, nr)?, scalar_index(j, nc)?);
            Some(EltIndex {
                k: r + c * nr,
                bits: [x_bits, i_bits, j_bits],
            })
        }
    }
}

/// The dimensions of the matrix indexed last by `IndexLocals`, so that
/// `m[i, j]` in a loop does not search `m`'s attributes every time. The cache
/// holds a reference to the matrix: while it does, the matrix can be neither
/// freed (so its address identifies it) nor modified in place (shared vectors
/// are copied on write), so its `dim` cannot change. `TakeLocal` drops the
/// reference when the matrix is about to be modified in place, which needs
/// the only one.
#[derive(Default)]
pub(super) struct DimCache(Option<(Rc<Vector>, usize, usize)>);

impl DimCache {
    /// `v.dim2()`.
    #[inline(always)]
    pub(super) fn of(&mut self, v: &Rc<Vector>) -> Option<(usize, usize)> {
        match &self.0 {
            Some((m, nr, nc)) if Rc::ptr_eq(m, v) => Some((*nr, *nc)),
            _ => self.fill(v),
        }
    }
    #[cold]
    #[inline(never)]
    fn fill(&mut self, v: &Rc<Vector>) -> Option<(usize, usize)> {
        // (A classed matrix is never cached: a user's `[` method may be
        // defined for it, now or later.)
        if v.attr("class").is_some() {
            return None;
        }
        let (nr, nc) = v.dim2()?;
        self.0 = Some((v.clone(), nr, nc));
        Some((nr, nc))
    }
    /// Drop the reference to `v` (if it is the cached matrix).
    #[inline(always)]
    pub(super) fn forget(&mut self, v: &Rc<Vector>) {
        if matches!(&self.0, Some((m, ..)) if Rc::ptr_eq(m, v)) {
            self.0 = None;
        }
    }
}

/// A positive in-range 1-based scalar index as 0-based, with its feedback
/// bits (such an index is not NA).
#[inline(always)]
fn scalar_index(i: &Value, len: usize) -> Option<(usize, u16)> {
    let (k, bits) = match i {
        Value::Int(k) if *k >= 1 => (*k as usize - 1, TypeFeedback::INT),
        Value::Dbl(k) if *k >= 1.0 && *k < 4.0e9 => (*k as usize - 1, TypeFeedback::DBL),
        _ => return None,
    };
    (k < len).then_some((k, bits))
}

/// Is `v` a classed vector that a user's `[` method may be defined for
/// (its indexing must go through `subset::index`)?
#[inline]
fn classed_with_methods(v: &Vector) -> bool {
    crate::symbols::ops_methods_possible() && v.attr("class").is_some()
}

/// `m[i, j]` for an atomic matrix and in-range scalar indices.
#[inline]
pub(super) fn fast_index2d(x: &Value, i: &Value, j: &Value) -> Option<Value> {
    let Value::Vec(v) = x else { return None };
    if matches!(v.data, VecData::List(_)) || classed_with_methods(v) {
        return None;
    }
    let (nr, nc) = v.dim2()?;
    let ((r, _), (c, _)) = (scalar_index(i, nr)?, scalar_index(j, nc)?);
    Some(v.data.elt(r + c * nr))
}

/// In-place `x[i] <- v` (`x[[i]] <- v` when `is2`) for an unshared
/// attribute-free vector, a scalar index in range or one past the end (the
/// vector grows by one, amortized as `Vec::push`: `x[length(x) + 1] <- v`
/// and `x[i] <- v` in a loop over a vector made empty are how R scripts
/// collect results) and a scalar of the same type (or int into double).
/// Returns false when the general path must run.
#[inline]
pub fn fast_assign(x: &mut Value, i: &Value, v: &Value, is2: bool) -> bool {
    let Value::Vec(rc) = x else { return false };
    let k = match i {
        Value::Int(k) if *k >= 1 => *k as usize - 1,
        Value::Dbl(k) if *k >= 1.0 && *k < 4.0e9 => *k as usize - 1,
        _ => return false,
    };
    let Some(vec) = Rc::get_mut(rc) else {
        return false;
    };
    if vec.attrs.is_some() || k > vec.len() {
        return false;
    }
    store_elt(&mut vec.data, k, v, is2)
}

/// In-place `m[i, j] <- v` for an unshared matrix without a class, in-range
/// scalar indices and a scalar of the matrix's type (or int into double):
/// `fast_assign`'s rules. Returns false when the general path must run.
#[inline]
pub fn fast_assign2d(x: &mut Value, i: &Value, j: &Value, v: &Value) -> bool {
    let Value::Vec(rc) = x else { return false };
    let Some(vec) = Rc::get_mut(rc) else {
        return false;
    };
    if vec.attr("class").is_some() {
        return false;
    }
    let Some((nr, nc)) = vec.dim2() else {
        return false;
    };
    let (Some((r, _)), Some((c, _))) = (scalar_index(i, nr), scalar_index(j, nc)) else {
        return false;
    };
    store_elt(&mut vec.data, r + c * nr, v, false)
}

/// Element `k` (in range, or one past the end: appended) of `data` set to
/// the scalar `v` when that needs no coercion of the vector (an int into a
/// double vector is converted). Into a list, `[[<-` (`is2`) stores any
/// value but NULL; `[<-` stores the elements of its value, so only an
/// unboxed scalar is the element itself (`l[1] <- list(7)` stores 7).
#[inline]
fn store_elt(data: &mut VecData, k: usize, v: &Value, is2: bool) -> bool {
    #[inline(always)]
    fn put<T>(d: &mut Vec<T>, k: usize, x: T) {
        if k == d.len() {
            d.push(x)
        } else {
            d[k] = x
        }
    }
    match (data, v) {
        (VecData::Dbl(d), Value::Dbl(y)) => put(d, k, *y),
        (VecData::Dbl(d), Value::Int(y)) => put(
            d,
            k,
            if *y == NA_INTEGER {
                na_real()
            } else {
                *y as f64
            },
        ),
        (VecData::Int(d), Value::Int(y)) => put(d, k, *y),
        (VecData::Lgl(d), Value::Lgl(y)) => put(d, k, *y),
        // A string: a one-element character vector without attributes.
        (VecData::Str(d), Value::Vec(s)) if s.attrs.is_none() => match &s.data {
            VecData::Str(one) if one.len() == 1 => put(d, k, one[0].clone()),
            _ => return false,
        },
        (VecData::List(d), Value::Lgl(_) | Value::Int(_) | Value::Dbl(_)) => put(d, k, v.clone()),
        (VecData::List(d), v) if is2 && !v.is_null() => put(d, k, v.clone()),
        _ => return false,
    }
    true
}
