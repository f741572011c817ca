//! The runtime that compiled code calls.
//!
//! A native activation owns a `NativeFrame` (`frame`). Boxed (`any`) IR values live
//! in `NativeFrame::anys`, one slot per IR value number, so native code refers to
//! them by a constant slot index; unboxed values live in machine registers.
//! Generic operations run the interpreter's own implementation of the
//! bytecode instruction (`generic`); a failing assumption calls `rt_exit`
//! (`exit`), which hands the exit to the engine's `ExitHandler` (deopt or
//! deoptless). This module holds the typed operations compiled code calls
//! (tests, boxing, vector views and stores, globals, frame slots) and the
//! JIT's symbol table; `chaos` the failure injection.

// The `rt_*` functions are entry points for generated code only, which passes
// back the `NativeFrame` pointer the engine gave it; they are not a Rust API.
#![allow(clippy::not_unsafe_ptr_arg_deref)]

use crate::ir::TypeTest;
use std::rc::Rc;
use vm::value::*;

/// Status returned by native code and runtime calls.
pub const ST_OK: u32 = 0;
pub const ST_ERROR: u32 = 1;
/// The function finished through an exit (its result is in `NativeFrame::result`).
pub const ST_EXITED: u32 = 2;

mod chaos;
mod exit;
mod frame;
mod generic;
mod record;

pub use chaos::*;
pub use exit::*;
pub use frame::*;
pub use generic::*;
pub use record::*;

unsafe fn ctx<'a>(c: *mut NativeFrame) -> &'a mut NativeFrame {
    // SAFETY: native code passes back the pointer the engine gave it; the NativeFrame
    // outlives the native call and is not otherwise borrowed during it.
    unsafe { &mut *c }
}

/// Empty a slot (a moved operand): the old value is swapped out and
/// dropped. (Assigning `Value::Null` builds a NULL on the stack around the
/// drop and copies it with a wide load of its narrow tag store, a
/// store-forwarding stall.)
#[inline]
fn clear(slot: &mut Value) {
    drop(std::mem::replace(slot, Value::Null));
}

/// A runtime operation's result into slot `dst`. The slot usually holds
/// NULL (a dead value's slot is cleared), which owns nothing: it is
/// overwritten without the drop's dispatch on the old value's type, and
/// the rest is a cold call.
#[inline]
fn set(c: &mut NativeFrame, dst: u32, v: Value) {
    let slot = &mut c.anys[dst as usize];
    if matches!(slot, Value::Null) {
        // SAFETY: `slot` is a valid, initialized `Value` holding NULL, whose
        // drop does nothing: overwriting it leaks nothing.
        unsafe { std::ptr::write(slot, v) };
    } else {
        replace_value(slot, v);
    }
    c.unbound[dst as usize] = false;
}

#[cold]
#[inline(never)]
fn replace_value(slot: &mut Value, v: Value) {
    *slot = v;
}

pub extern "C" fn rt_test(c: *mut NativeFrame, slot: u32, test: u32) -> u8 {
    let c = unsafe { ctx(c) };
    let v = &c.anys[slot as usize];
    let t = TypeTest::all()[test as usize];
    let ok = match (t, v) {
        (TypeTest::IsBound, _) => !c.unbound[slot as usize],
        (TypeTest::IsNull, Value::Null) => !c.unbound[slot as usize],
        (TypeTest::NoClass, v) => !vm::builtins::subset::dollar_may_dispatch(v),
        (TypeTest::NotEnv, v) => !matches!(v, Value::Env(_)),
        (TypeTest::IsFun, Value::Closure(_) | Value::Builtin(_)) => true,
        (TypeTest::NoMethods, v) => !(vm::symbols::ops_methods_possible() && v.has_class()),
        (TypeTest::IsInt, Value::Int(x)) => *x != NA_INTEGER,
        (TypeTest::IsDbl | TypeTest::IsNum, Value::Dbl(_)) => true,
        (TypeTest::IsNum, Value::Int(x)) => *x != NA_INTEGER,
        (TypeTest::IsLgl, Value::Lgl(_)) => true,
        (
            TypeTest::IsVecInt | TypeTest::IsVecDbl | TypeTest::IsVecLgl | TypeTest::IsVecCplx,
            Value::Vec(vec),
        ) => {
            vec.attrs.is_none()
                && matches!(
                    (t, &vec.data),
                    (TypeTest::IsVecInt, VecData::Int(_))
                        | (TypeTest::IsVecDbl, VecData::Dbl(_))
                        | (TypeTest::IsVecLgl, VecData::Lgl(_))
                        | (TypeTest::IsVecCplx, VecData::Cplx(_))
                )
        }
        (TypeTest::IsCplx, Value::Vec(vec)) => {
            vec.attrs.is_none() && vec.len() == 1 && matches!(vec.data, VecData::Cplx(_))
        }
        (TypeTest::IsMatDbl | TypeTest::IsMatInt | TypeTest::IsMatLgl, Value::Vec(vec)) => {
            matches!(
                (t, &vec.data),
                (TypeTest::IsMatDbl, VecData::Dbl(_))
                    | (TypeTest::IsMatInt, VecData::Int(_))
                    | (TypeTest::IsMatLgl, VecData::Lgl(_))
            ) && is_plain_matrix(vec)
        }
        // A length-1 attribute-free vector is the same R value as an unboxed scalar.
        (
            TypeTest::IsInt | TypeTest::IsDbl | TypeTest::IsLgl | TypeTest::IsNum,
            Value::Vec(vec),
        ) if vec.attrs.is_none() && vec.len() == 1 => match (t, &vec.data) {
            (TypeTest::IsInt | TypeTest::IsNum, VecData::Int(d)) => d[0] != NA_INTEGER,
            (TypeTest::IsDbl | TypeTest::IsNum, VecData::Dbl(_))
            | (TypeTest::IsLgl, VecData::Lgl(_)) => true,
            _ => false,
        },
        _ => false,
    };
    // A passing scalar test leaves the unboxed value for an `unbox` later
    // in the block (see `NativeFrame::word`).
    if ok {
        match t {
            TypeTest::IsInt | TypeTest::IsLgl => c.word = unbox_i32(v) as u32 as u64,
            TypeTest::IsDbl | TypeTest::IsNum => c.word = unbox_f64(v).to_bits(),
            _ => {}
        }
    }
    ok as u8
}

/// `unbox` to `int`/`lgl` (after a passing test).
fn unbox_i32(v: &Value) -> i32 {
    match v {
        Value::Int(x) | Value::Lgl(x) => *x,
        Value::Vec(v) => match &v.data {
            VecData::Int(d) | VecData::Lgl(d) if !d.is_empty() => d[0],
            _ => NA_INTEGER,
        },
        _ => NA_INTEGER,
    }
}

/// `unbox` to `dbl` (after a passing test).
fn unbox_f64(v: &Value) -> f64 {
    v.first_f64().unwrap_or_else(na_real)
}

pub extern "C" fn rt_unbox_int(c: *mut NativeFrame, slot: u32) -> i32 {
    unbox_i32(&unsafe { ctx(c) }.anys[slot as usize])
}

pub extern "C" fn rt_unbox_dbl(c: *mut NativeFrame, slot: u32) -> f64 {
    unbox_f64(&unsafe { ctx(c) }.anys[slot as usize])
}

/// Attributes of a matrix whose elements compiled code reads and stores
/// directly: `dim`, and `dimnames`, which do not change what element reads
/// and stores do (copy-on-write copies keep them). Any other attribute (a
/// class: `[` dispatches) does. `is.mat<dbl>` and the matrix view of
/// `vec_view` must agree: code that passed the test uses the view.
/// Is `vec` a matrix as `test is.mat<…>` and `ArgType::MatInt`/`MatDbl`/
/// `MatLgl` know it: attributes `dim` (two extents) and perhaps `dimnames`?
pub fn is_plain_matrix(vec: &vm::value::Vector) -> bool {
    // One pass over the attributes (a call's argument type asks this at
    // every call with a matrix argument).
    let Some(attrs) = &vec.attrs else {
        return false;
    };
    let mut dim = false;
    for (name, v) in attrs.iter() {
        match &**name {
            "dim" => {
                dim = matches!(v, Value::Vec(d) if d.len() == 2
                    && matches!(d.data, VecData::Int(_) | VecData::Dbl(_)));
                if !dim {
                    return false;
                }
            }
            "dimnames" => {}
            _ => return false,
        }
    }
    dim
}

fn matrix_attrs(attrs: &[(std::rc::Rc<str>, Value)]) -> bool {
    attrs
        .iter()
        .all(|(name, _)| matches!(&**name, "dim" | "dimnames"))
}

/// The data pointer and length of `v` when it is a vector whose elements
/// are `elem` (0 int, 1 dbl, 2 lgl) and whose attributes are none or, with
/// `dim_ok`, only `dim` (a matrix viewed as its elements); null and 0 for
/// any other value.
fn vec_view(v: &Value, elem: u32, dim_ok: bool) -> (*const u8, i64) {
    let Value::Vec(v) = v else {
        return (std::ptr::null(), 0);
    };
    let plain = match &v.attrs {
        None => true,
        Some(a) => dim_ok && matrix_attrs(a),
    };
    // (The length from the matched data: `Vector::len` would match again.)
    let (p, n) = match (&v.data, elem) {
        _ if !plain => return (std::ptr::null(), 0),
        (VecData::Int(d), 0) | (VecData::Lgl(d), 2) => (d.as_ptr() as *const u8, d.len()),
        (VecData::Dbl(d), 1) => (d.as_ptr() as *const u8, d.len()),
        // `num_complex::Complex<f64>` is `repr(C)`: re at 0, im at 8.
        (VecData::Cplx(d), 3) => (d.as_ptr() as *const u8, d.len()),
        _ => return (std::ptr::null(), 0),
    };
    (p, n as i64)
}

/// `unbox` to a vector view: the data pointer of the vector in `slot` (see
/// `vec_view`; matrices allowed, see `passes::licm`), its length left in
/// `NativeFrame::vec_len` for the caller to load.
pub extern "C" fn rt_vec_ptr(c: *mut NativeFrame, slot: u32, elem: u32) -> *const u8 {
    let c = unsafe { ctx(c) };
    let (p, n) = vec_view(&c.anys[slot as usize], elem, true);
    c.vec_len = n;
    p
}

/// `test is.vec<…>` and its view in one call: the data pointer (length in
/// `NativeFrame::vec_len`) of the value in `slot` when it is an attribute-free
/// vector of `elem`s, else null (the test fails). Lowering reuses the view
/// for an `unbox` of the same value later in the block.
///
/// A scalar of the element type is a vector of length 1 (the same R value:
/// `seq(n, 1, -1)` for `n = 1`, `x[i]`, `c(k)`): the slot's value is
/// replaced by that vector, which the view then points into. A loop over
/// `seq(...)` speculated a vector would otherwise exit whenever the
/// sequence has one element.
pub extern "C" fn rt_vec_probe(c: *mut NativeFrame, slot: u32, elem: u32) -> *const u8 {
    let c = unsafe { ctx(c) };
    let v = &mut c.anys[slot as usize];
    let (mut p, mut n) = vec_view(v, elem, false);
    if p.is_null() {
        // (Built directly: `vm::value::int_vec` and friends make a
        // length-1 vector the scalar again.)
        let as_vector = match (&*v, elem) {
            (Value::Int(x), 0) => Some(VecData::Int(vec![*x])),
            (Value::Dbl(x), 1) => Some(VecData::Dbl(vec![*x])),
            (Value::Lgl(x), 2) => Some(VecData::Lgl(vec![*x])),
            _ => None,
        };
        if let Some(data) = as_vector {
            *v = Value::Vec(Rc::new(vm::value::Vector::new(data)));
            (p, n) = vec_view(v, elem, false);
        }
    }
    c.vec_len = n;
    p
}

pub extern "C" fn rt_box_int(c: *mut NativeFrame, dst: u32, x: i32) {
    set(unsafe { ctx(c) }, dst, Value::Int(x));
}
pub extern "C" fn rt_box_dbl(c: *mut NativeFrame, dst: u32, x: f64) {
    set(unsafe { ctx(c) }, dst, Value::Dbl(x));
}
pub extern "C" fn rt_box_lgl(c: *mut NativeFrame, dst: u32, x: i32) {
    set(unsafe { ctx(c) }, dst, Value::Lgl(x));
}
pub extern "C" fn rt_box_cplx(c: *mut NativeFrame, dst: u32, re: f64, im: f64) {
    set(unsafe { ctx(c) }, dst, Value::cplx(C64::new(re, im)));
}

/// `unbox` to `cplx` (after a passing `is.cplx` test): the real part; the
/// imaginary part's bits are left in `NativeFrame::word` for the caller to load.
pub extern "C" fn rt_unbox_cplx(c: *mut NativeFrame, slot: u32) -> f64 {
    let c = unsafe { ctx(c) };
    let z = match &c.anys[slot as usize] {
        Value::Vec(v) => match &v.data {
            VecData::Cplx(d) if !d.is_empty() => d[0],
            _ => na_complex(),
        },
        _ => na_complex(),
    };
    c.word = z.im.to_bits();
    z.re
}

/// Return a `cplx` result (boxed into `NativeFrame::result`).
pub extern "C" fn rt_ret_cplx(c: *mut NativeFrame, re: f64, im: f64) {
    let c = unsafe { ctx(c) };
    c.result = Some(Value::cplx(C64::new(re, im)));
}

/// `Mod` of a complex: the interpreter's (and R's), the C library's `hypot`.
pub extern "C" fn rt_cplx_mod(re: f64, im: f64) -> f64 {
    re.hypot(im)
}

/// Two doubles returned in two registers (a complex result).
#[repr(C)]
pub struct Pair {
    pub re: f64,
    pub im: f64,
}

/// Complex `*` and `/`: the interpreter's functions (C99 `double complex`
/// arithmetic, as GNU R).
pub extern "C" fn rt_cplx_mul(a: f64, b: f64, c: f64, d: f64) -> Pair {
    let z = vm::builtins::arith::cplx_mul(C64::new(a, b), C64::new(c, d));
    Pair { re: z.re, im: z.im }
}
pub extern "C" fn rt_cplx_div(a: f64, b: f64, c: f64, d: f64) -> Pair {
    let z = vm::builtins::arith::cplx_div(C64::new(a, b), C64::new(c, d));
    Pair { re: z.re, im: z.im }
}

/// `vecset` of a `cplx` element.
pub extern "C" fn rt_vec_set_cplx(
    c: *mut NativeFrame,
    src: u32,
    dst: u32,
    i: i32,
    re: f64,
    im: f64,
) -> *const u8 {
    vec_set(
        unsafe { ctx(c) },
        src,
        dst,
        i,
        Value::cplx(C64::new(re, im)),
        3,
    )
}

pub extern "C" fn rt_copy(c: *mut NativeFrame, dst: u32, src: u32) {
    let c = unsafe { ctx(c) };
    c.anys[dst as usize] = c.anys[src as usize].clone();
    c.unbound[dst as usize] = c.unbound[src as usize];
}

/// An edge argument's last use: move it into the parameter's slot (the
/// source slot is left NULL; it is never read again).
pub extern "C" fn rt_move(c: *mut NativeFrame, dst: u32, src: u32) {
    let c = unsafe { ctx(c) };
    c.anys[dst as usize] = std::mem::replace(&mut c.anys[src as usize], Value::Null);
    c.unbound[dst as usize] = c.unbound[src as usize];
}

/// Exchange two slots (an edge whose parameters receive each other: the
/// cycle of a parallel copy).
pub extern "C" fn rt_swap(c: *mut NativeFrame, a: u32, b: u32) {
    let c = unsafe { ctx(c) };
    c.anys.swap(a as usize, b as usize);
    c.unbound.swap(a as usize, b as usize);
}

/// In `rt_const`'s constant index: `const.builtin b` (the builtin `b` is
/// the index's low 16 bits), not a bytecode constant.
pub const BUILTIN_CONST: u32 = 1 << 30;

/// `const.any #k`: the bytecode constant `k`, or the unbound-local marker;
/// `const.builtin b` (`BUILTIN_CONST | b`): the builtin `b`.
pub extern "C" fn rt_const(c: *mut NativeFrame, dst: u32, k: u32) {
    let c = unsafe { ctx(c) };
    if k & BUILTIN_CONST != 0 && k != crate::build::UNBOUND {
        set(c, dst, Value::Builtin(k as u16));
    } else if k == crate::build::UNBOUND {
        c.anys[dst as usize] = Value::Null;
        c.unbound[dst as usize] = true;
    } else {
        let v = c.code.consts[k as usize].clone();
        set(c, dst, v);
    }
}

/// `vecset`: the vector in slot `src` (possibly `MOVE_OPERAND`) with element
/// `i` (1-based) set to `v`, into slot `dst`: R's `x[i] <- v`, whose fast
/// path stores in place when the value is unshared (moved at its last use)
/// and into a copy otherwise. The assumes before a `vecset` (element type, in
/// bounds) make that fast path the one taken.
fn vec_set(c: &mut NativeFrame, src: u32, dst: u32, i: i32, v: Value, elem: u32) -> *const u8 {
    if src & MOVE_OPERAND != 0 {
        let s = (src & !MOVE_OPERAND) as usize;
        if let Some((p, n)) = set_in_place(&mut c.anys[s], i, &v, elem) {
            let x = std::mem::replace(&mut c.anys[s], Value::Null);
            c.vec_len = n;
            c.word = plain_vector(&x) as u64;
            set(c, dst, x);
            return p;
        }
    }
    // A classed vector's `[<-` method is R code, which may look at the
    // frames. (The type tests a `vecset` follows admit no class, but the
    // frame is built only on this condition, never merely for a copy:
    // a store into a shared vector, as `v[i] <<- w` into a global makes
    // at every call, does not observe the frame.)
    if c.anys[(src & !MOVE_OPERAND) as usize].has_class() {
        c.frame();
    }
    let x = operand(&mut c.anys, src);
    let interp = unsafe { &mut *c.interp };
    let x = match vm::builtins::subset::assign_index(interp, x, &[Some(Value::Int(i))], v) {
        Ok(r) => r,
        Err(e) => {
            c.error = Some(e);
            Value::Null
        }
    };
    // The result's view (the same type and length; the data moves when it
    // was copied), for an `unbox` of it later in the block.
    let (p, n) = vec_view(&x, elem, true);
    c.vec_len = n;
    c.word = plain_vector(&x) as u64;
    set(c, dst, x);
    p
}

/// A vector without attributes: its `vec_view` is also what a probe
/// (`rt_vec_probe`) gives. (`vec_set` leaves it in `NativeFrame::word`.)
fn plain_vector(x: &Value) -> bool {
    matches!(x, Value::Vec(v) if v.attrs.is_none())
}

/// The store of `vec_set` written straight into the vector in `x` when no
/// other value shares it (copy-on-write has nothing to copy), it holds
/// elements of the stored type, `i` is within it and its attributes are
/// at most a matrix's (nothing to dispatch on): the result's view. `None`:
/// the general store (`assign_index`).
fn set_in_place(x: &mut Value, i: i32, v: &Value, elem: u32) -> Option<(*const u8, i64)> {
    let Value::Vec(rc) = x else { return None };
    let vec = Rc::get_mut(rc)?;
    if vec.attrs.as_ref().is_some_and(|a| !matrix_attrs(a)) {
        return None;
    }
    let k = usize::try_from(i.checked_sub(1)?).ok()?;
    let p = match (&mut vec.data, v, elem) {
        (VecData::Int(d), Value::Int(e), 0) | (VecData::Lgl(d), Value::Lgl(e), 2) => {
            *d.get_mut(k)? = *e;
            d.as_ptr() as *const u8
        }
        (VecData::Dbl(d), Value::Dbl(e), 1) => {
            *d.get_mut(k)? = *e;
            d.as_ptr() as *const u8
        }
        _ => return None,
    };
    Some((p, vec.data.len() as i64))
}

/// `vecset` of a `dbl` element; returns the result's data pointer (length
/// in `NativeFrame::vec_len`).
pub extern "C" fn rt_vec_set_dbl(
    c: *mut NativeFrame,
    src: u32,
    dst: u32,
    i: i32,
    v: f64,
) -> *const u8 {
    vec_set(unsafe { ctx(c) }, src, dst, i, Value::Dbl(v), 1)
}

/// `vecset` of an `int` (`lgl` = 0) or `lgl` (`lgl` = 1) element; returns
/// the result's data pointer (length in `NativeFrame::vec_len`; whether it
/// is also the probe view, no attributes, in `NativeFrame::word`).
pub extern "C" fn rt_vec_set_i32(
    c: *mut NativeFrame,
    src: u32,
    dst: u32,
    i: i32,
    v: i32,
    lgl: u32,
) -> *const u8 {
    let (v, elem) = if lgl != 0 {
        (Value::Lgl(v), 2)
    } else {
        (Value::Int(v), 0)
    };
    vec_set(unsafe { ctx(c) }, src, dst, i, v, elem)
}

pub extern "C" fn rt_ret_any(c: *mut NativeFrame, slot: u32) {
    let c = unsafe { ctx(c) };
    c.result = Some(c.anys[slot as usize].clone());
}

/// `exp`, `log`, `sin`, `cos`, `tan` (k = 0..4) of a double, as R computes
/// them (the C library's functions).
pub extern "C" fn rt_math1(x: f64, k: i32) -> f64 {
    match k {
        0 => x.exp(),
        1 => x.ln(),
        2 => x.sin(),
        3 => x.cos(),
        _ => x.tan(),
    }
}

/// R's `^`, `%%` and `%/%` on doubles: the interpreter's own functions
/// (NA and NaN, infinite and huge operands, zero divisors exactly as R).
pub extern "C" fn rt_pow(x: f64, y: f64) -> f64 {
    vm::builtins::arith::r_pow(x, y)
}
pub extern "C" fn rt_fmod(x: f64, y: f64) -> f64 {
    vm::builtins::arith::dbl_mod(x, y)
}
pub extern "C" fn rt_fidiv(x: f64, y: f64) -> f64 {
    vm::builtins::arith::dbl_idiv(x, y)
}

/// Rows of a matrix (after an `is.mat<…>` test).
pub extern "C" fn rt_nrow(c: *mut NativeFrame, slot: u32) -> i32 {
    let c = unsafe { ctx(c) };
    match &c.anys[slot as usize] {
        Value::Vec(v) => v.dim2().map_or(0, |(r, _)| r as i32),
        _ => 0,
    }
}

/// Columns of a matrix (`ncol(x)`): its second dim, when the dims match its
/// length (as R keeps them); otherwise as many as its element vector holds
/// whole, so that indices below it stay in bounds.
pub extern "C" fn rt_ncol(c: *mut NativeFrame, slot: u32) -> i32 {
    let c = unsafe { ctx(c) };
    match &c.anys[slot as usize] {
        Value::Vec(v) => match v.dim2() {
            Some((r, cols)) if r.checked_mul(cols) == Some(v.len()) => {
                cols.min(i32::MAX as usize) as i32
            }
            Some((r, _)) if r > 0 && r <= i32::MAX as usize => {
                (v.len() / r).min(i32::MAX as usize) as i32
            }
            _ => 0,
        },
        _ => 0,
    }
}

/// `length(x)` of an `any` value (counted `for` loops over untyped vectors).
pub extern "C" fn rt_length(c: *mut NativeFrame, slot: u32) -> i32 {
    let c = unsafe { ctx(c) };
    c.anys[slot as usize].len().min(i32::MAX as usize) as i32
}

/// What the runtime remembers per instruction of one compiled version
/// (owned by `Compiled`, made by `pipeline::compile`, which knows the
/// function's code; `NativeFrame::caches` points to them while it runs).
#[derive(Default)]
pub struct SiteCaches {
    /// One per call of the function's code (`CallIdx`).
    pub calls: Box<[CallSiteCache]>,
    /// One per bytecode pc: for a `LoadFun` in a function written at top
    /// level, the function it found and the version of the global function
    /// bindings it was found at (`GlobalMeta::functions_version`), as for
    /// `callee_is` guards (`CalleeCache`).
    pub functions: Box<[FoundFunction]>,
    /// One per bytecode pc: for a `LoadName` of a free variable, where the
    /// last lookup found it (`FreeVarSite`).
    pub free_vars: Box<[std::cell::Cell<FreeVarSite>]>,
}

/// Where a free variable's lookup found it: in the enclosing function frame
/// of layout `layout` (compared by address), at slot `slot`, or with
/// `slot == FREE_GLOBAL` in the global environment, that frame's parent.
/// A frame binds only the names of its layout, so while the enclosing
/// frame has that layout the variable is there (or, if the slot is unbound
/// now, the lookup goes on as usual). `layout == 0`: nothing remembered.
#[derive(Clone, Copy, Default)]
pub struct FreeVarSite {
    pub layout: usize,
    pub slot: u32,
}

/// `FreeVarSite::slot` of a variable found in the global environment.
pub const FREE_GLOBAL: u32 = u32::MAX;

/// A word of `NativeFrame::free_slots`: the site's variable is not a
/// binding of an enclosing function frame (`rt_free_slot` found none), so
/// the site takes the runtime path without asking again.
pub const NOT_FREE: usize = 1;

/// A remembered function lookup: the version it was made at, and what it found.
pub type FoundFunction = std::cell::RefCell<Option<(u64, Value)>>;

impl SiteCaches {
    pub fn for_code(code: &vm::bytecode::FunctionCode) -> SiteCaches {
        SiteCaches {
            calls: code.calls.iter().map(|_| Default::default()).collect(),
            functions: code.ops.iter().map(|_| Default::default()).collect(),
            free_vars: code.ops.iter().map(|_| Default::default()).collect(),
        }
    }
}

/// A direct call site's last choice (`ExitHandler::call_direct`): for a
/// callee whose code is `code`, called with arguments of exactly the types
/// `args`, the version `version` (`compiled`) that the exit handler chose
/// while the version tables were at generation `epoch`
/// (`context::tables_epoch`). The same call in the same state chooses the
/// same version again, so a hit skips the choice (a table lookup, the
/// argument context). One per call of the function's code (`CallIdx`),
/// owned by the compiled code (`Compiled::caches`). Weak references: a
/// version may call itself.
#[derive(Default)]
pub struct CallSiteCache {
    target: std::cell::RefCell<Option<CallTarget>>,
}

pub struct CallTarget {
    pub code: std::rc::Weak<vm::bytecode::FunctionCode>,
    pub args: Vec<crate::context::ArgType>,
    pub epoch: u64,
    pub version: usize,
    pub compiled: std::rc::Weak<crate::lower::Compiled>,
}

impl CallSiteCache {
    /// The cached version for a call of `code` whose argument k has type
    /// `arg_type(k)`, if the tables have not changed since it was chosen.
    #[inline]
    pub fn lookup(
        &self,
        code: &Rc<vm::bytecode::FunctionCode>,
        nargs: usize,
        arg_type: impl Fn(usize) -> crate::context::ArgType,
    ) -> Option<(usize, Rc<crate::lower::Compiled>)> {
        let t = self.target.borrow();
        let t = t.as_ref()?;
        if !std::ptr::eq(t.code.as_ptr(), Rc::as_ptr(code))
            || t.args.len() != nargs
            || t.epoch != crate::context::tables_epoch()
            || !(0..nargs).all(|k| arg_type(k) == t.args[k])
        {
            return None;
        }
        Some((t.version, t.compiled.upgrade()?))
    }

    pub fn store(&self, target: CallTarget) {
        *self.target.borrow_mut() = Some(target);
    }
}

/// The answer of one `callee_is` guard, cached under the version of the
/// global function bindings it was found at (`GlobalMeta::functions_version`;
/// `u64::MAX`: none yet). One per inlined call target (`Func::callees`),
/// owned by the compiled code (`Compiled`), which passes its address.
/// With it, the environment enclosing the frame the answer was found from
/// (a weak reference: its address is not reused while cached): from the
/// same environment under the same version, the answer is the same, and
/// the guard costs two comparisons instead of the walk that proves the
/// lookup depends on the global bindings alone.
pub struct CalleeCache {
    version: std::cell::Cell<u64>,
    same: std::cell::Cell<u8>,
    enclosing: std::cell::RefCell<std::rc::Weak<vm::env::EnvFrame>>,
}

impl Default for CalleeCache {
    fn default() -> Self {
        CalleeCache {
            version: std::cell::Cell::new(u64::MAX),
            same: std::cell::Cell::new(0),
            enclosing: std::cell::RefCell::new(std::rc::Weak::new()),
        }
    }
}

/// The guard of an inlined call: does the lookup of function `sym` from the
/// frame's environment find the closure whose code is at address `code` (the
/// address only identifies the code; it is compared, never dereferenced), or
/// with `builtin` set, builtin number `code`?
///
/// When the frame's enclosing environment is the global one (a function
/// written at top level), the frame cannot bind `sym` (not one of its
/// locals: `callee_is` is built only then), so the lookup depends on the
/// global function bindings alone: the answer is cached under their version
/// in `cache`, and a guard in a loop costs a comparison instead of a lookup.
pub extern "C" fn rt_callee_is(
    c: *mut NativeFrame,
    sym: u32,
    code: i64,
    builtin: u8,
    cache: *const CalleeCache,
) -> u8 {
    let c = unsafe { ctx(c) };
    // SAFETY: the cache lives as long as the code running this guard.
    let cache = unsafe { &*cache };
    let sym = vm::symbols::SymId(sym);
    let remember = |c: &NativeFrame| {
        *cache.enclosing.borrow_mut() = c
            .enclosing_env()
            .map_or_else(std::rc::Weak::new, Rc::downgrade);
    };
    if let (Some(e), Some(g)) = (
        c.enclosing_env(),
        unsafe { &*c.interp }.global.globals.as_ref(),
    ) {
        if g.functions_version() == cache.version.get()
            && std::ptr::eq(cache.enclosing.borrow().as_ptr(), Rc::as_ptr(e))
        {
            return cache.same.get();
        }
    }
    let version = c.function_lookup_version(sym);
    if version.is_some_and(|v| v == cache.version.get()) {
        remember(c);
        return cache.same.get();
    }
    let found = c.find_function(sym);
    let same = match found {
        Some(Value::Closure(f)) => builtin == 0 && Rc::as_ptr(&f.code) as usize as i64 == code,
        Some(Value::Builtin(b)) => builtin != 0 && b as i64 == code,
        _ => false,
    };
    if let Some(v) = version {
        cache.version.set(v);
        cache.same.set(same as u8);
        remember(c);
    }
    same as u8
}

/// `load_global sym`: the global binding of `sym` into slot `dst` (NULL,
/// which fails every type test, when unbound).
pub extern "C" fn rt_load_global(c: *mut NativeFrame, sym: u32, dst: u32) {
    let c = unsafe { ctx(c) };
    let interp = unsafe { &*c.interp };
    let v = interp.global.get_local(vm::symbols::SymId(sym));
    set_binding(c, dst, v);
}

/// A binding's value into slot `dst`, or the unbound marker (also NULL,
/// which fails every type test).
fn set_binding(c: &mut NativeFrame, dst: u32, v: Option<Value>) {
    match v {
        Some(v) => set(c, dst, v),
        None => {
            set(c, dst, Value::Null);
            c.unbound[dst as usize] = true;
        }
    }
}

/// `store_global sym, v`: bind global `sym` to the value in slot `src`.
pub extern "C" fn rt_store_global(c: *mut NativeFrame, sym: u32, src: u32) {
    let c = unsafe { ctx(c) };
    let interp = unsafe { &*c.interp };
    if c.unbound[src as usize] {
        // Nothing to bind (the name is unbound in the environment too).
        return;
    }
    let v = c.anys[src as usize].clone();
    interp.global.update_local(vm::symbols::SymId(sym), v);
}

/// `load_frame slot`: the activation's binding of local `slot` into slot
/// `dst` (the unbound marker when unbound).
pub extern "C" fn rt_load_frame(c: *mut NativeFrame, slot: u32, dst: u32) {
    let c = unsafe { ctx(c) };
    c.frame();
    let env = c.env.as_ref().expect("materialized frame");
    let v = env.frame_local(&c.code.locals, slot as usize);
    set_binding(c, dst, v);
}

/// `store_frame slot, v`: write local `slot` to the activation's binding.
pub extern "C" fn rt_store_frame(c: *mut NativeFrame, slot: u32, src: u32) {
    let c = unsafe { ctx(c) };
    if c.unbound[src as usize] {
        return;
    }
    let v = c.anys[src as usize].clone();
    c.frame();
    let env = c.env.as_ref().expect("materialized frame");
    env.set_frame_local(&c.code.locals, slot as usize, v);
}

/// Word `k` of the entry values (an unboxed entry parameter).
pub extern "C" fn rt_entry_word(c: *mut NativeFrame, k: u32) -> i64 {
    let c = unsafe { ctx(c) };
    c.entry.get(k as usize).copied().unwrap_or(0) as i64
}

/// (name, address) of every runtime entry point, for the JIT's symbol table.
pub fn symbols() -> Vec<(&'static str, *const u8)> {
    vec![
        ("rt_test", rt_test as *const u8),
        ("rt_unbox_int", rt_unbox_int as *const u8),
        ("rt_unbox_dbl", rt_unbox_dbl as *const u8),
        ("rt_vec_ptr", rt_vec_ptr as *const u8),
        ("rt_vec_probe", rt_vec_probe as *const u8),
        ("rt_box_int", rt_box_int as *const u8),
        ("rt_box_dbl", rt_box_dbl as *const u8),
        ("rt_box_lgl", rt_box_lgl as *const u8),
        ("rt_copy", rt_copy as *const u8),
        ("rt_move", rt_move as *const u8),
        ("rt_swap", rt_swap as *const u8),
        ("rt_const", rt_const as *const u8),
        ("rt_generic", rt_generic as *const u8),
        ("rt_free_load", generic::rt_free_load as *const u8),
        ("rt_free_store", generic::rt_free_store as *const u8),
        ("rt_free_slot", generic::rt_free_slot as *const u8),
        ("rt_call", generic::rt_call as *const u8),
        ("rt_ret_any", rt_ret_any as *const u8),
        ("rt_pow", rt_pow as *const u8),
        ("rt_fmod", rt_fmod as *const u8),
        ("rt_fidiv", rt_fidiv as *const u8),
        ("rt_exit", rt_exit as *const u8),
        ("rt_nrow", rt_nrow as *const u8),
        ("rt_ncol", rt_ncol as *const u8),
        ("rt_length", rt_length as *const u8),
        ("rt_entry_word", rt_entry_word as *const u8),
        ("rt_callee_is", rt_callee_is as *const u8),
        ("rt_load_global", rt_load_global as *const u8),
        ("rt_store_global", rt_store_global as *const u8),
        ("rt_load_frame", rt_load_frame as *const u8),
        ("rt_math1", rt_math1 as *const u8),
        ("rt_store_frame", rt_store_frame as *const u8),
        ("rt_vec_set_dbl", rt_vec_set_dbl as *const u8),
        ("rt_vec_set_i32", rt_vec_set_i32 as *const u8),
        ("rt_box_cplx", rt_box_cplx as *const u8),
        ("rt_unbox_cplx", rt_unbox_cplx as *const u8),
        ("rt_ret_cplx", rt_ret_cplx as *const u8),
        ("rt_cplx_mod", rt_cplx_mod as *const u8),
        ("rt_cplx_mul", rt_cplx_mul as *const u8),
        ("rt_cplx_div", rt_cplx_div as *const u8),
        ("rt_vec_set_cplx", rt_vec_set_cplx as *const u8),
        ("rt_field_probe", rt_field_probe as *const u8),
        ("rt_field_word", rt_field_word as *const u8),
    ]
}

#[cfg(test)]
mod tests {
    use super::Chaos;

    /// The countdown draws gaps so that every check fails with probability
    /// p, independently: the mean gap is 1/p, a gap of k has probability
    /// (1-p)^(k-1) p (checked at k = 1), p = 1 fails every check, and the
    /// same seed gives the same failures.
    #[test]
    fn chaos_gaps_are_geometric() {
        let mut one = Chaos::new(1.0, 7);
        assert!((0..100).all(|_| one.gap() == 1));
        for p in [0.5, 0.01, 0.0001] {
            let mut ch = Chaos::new(p, 42);
            let n = 200_000;
            let gaps: Vec<u64> = (0..n).map(|_| ch.gap()).collect();
            assert!(gaps.iter().all(|&g| g >= 1));
            let mean = gaps.iter().map(|&g| g as f64).sum::<f64>() / n as f64;
            assert!((mean * p - 1.0).abs() < 0.02, "p {}: mean gap {}", p, mean);
            let first = gaps.iter().filter(|&&g| g == 1).count() as f64 / n as f64;
            assert!(
                (first - p).abs() < 0.1 * p + 0.001,
                "p {}: P(gap 1) {}",
                p,
                first
            );
        }
        let (mut a, mut b) = (Chaos::new(0.01, 3), Chaos::new(0.01, 3));
        assert!((0..1000).all(|_| a.gap() == b.gap()));
        assert_eq!(Chaos::new(0.0, 3).countdown, u64::MAX);
    }
}
