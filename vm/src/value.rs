//! R values: atomic vectors, lists, closures and builtins, with attributes and NA.
//!
//! Representation (chosen with the JIT in mind):
//! - attribute-free length-1 logical / integer / double vectors may be held *unboxed*
//!   in `Value::Lgl` / `Value::Int` / `Value::Dbl` — the interpreter's and the JIT's
//!   fast path. Every consumer must accept both forms: a scalar variant and a
//!   `Value::Vec` of length 1 without attributes mean exactly the same R value.
//!   `Value::from_vector` produces the unboxed form where it applies.
//! - everything else is a `Vector` behind an `Rc`; modification goes through
//!   `Rc::make_mut` (copy-on-write: in place when unshared).
//! - NA: logical and integer NA are `i32::MIN` (as in GNU R); double NA is the NaN
//!   with low word 1954 (as in GNU R), distinct from other NaNs; character NA is `None`.

use crate::ast::Param;
use num_complex::Complex64;
use std::borrow::Cow;
use std::rc::Rc;

pub type Sym = Rc<str>;
pub type C64 = Complex64;
/// A character element: `None` is `NA_character_`.
pub type RStr = Option<Rc<str>>;

pub const NA_INTEGER: i32 = i32::MIN;
pub const NA_LOGICAL: i32 = i32::MIN;
/// GNU R's NA_real_: a NaN whose lower 32 bits are 1954.
pub const NA_REAL_BITS: u64 = 0x7FF0_0000_0000_07A2;

#[inline]
pub fn na_real() -> f64 {
    f64::from_bits(NA_REAL_BITS)
}
/// True for R's `NA_real_` (not for other NaNs). Like R, only the low word is checked.
#[inline]
pub fn is_na_real(x: f64) -> bool {
    x.is_nan() && (x.to_bits() & 0xFFFF_FFFF) == 1954
}
#[inline]
pub fn na_complex() -> C64 {
    C64::new(na_real(), na_real())
}
#[inline]
pub fn is_na_complex(z: C64) -> bool {
    z.re.is_nan() || z.im.is_nan()
}

/// The storage type of a vector (R's `typeof` for vectors), ordered by the
/// coercion hierarchy logical < integer < double < complex < character < list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum VType {
    /// R's `raw` (bytes), below logical in the coercion hierarchy.
    Raw,
    Lgl,
    Int,
    Dbl,
    Cplx,
    Str,
    List,
}

impl VType {
    pub fn name(self) -> &'static str {
        match self {
            VType::Raw => "raw",
            VType::Lgl => "logical",
            VType::Int => "integer",
            VType::Dbl => "double",
            VType::Cplx => "complex",
            VType::Str => "character",
            VType::List => "list",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum VecData {
    Raw(Vec<u8>),
    Lgl(Vec<i32>),
    Int(Vec<i32>),
    Dbl(Vec<f64>),
    Cplx(Vec<C64>),
    Str(Vec<RStr>),
    List(Vec<Value>),
}

/// Attributes in insertion order (R prints them in that order). `names`, `dim`,
/// `dimnames` and `class` are ordinary entries.
pub type Attrs = Vec<(Sym, Value)>;

#[derive(Clone, Debug, PartialEq)]
pub struct Vector {
    pub data: VecData,
    /// `None` when the vector has no attributes (the common, fast case).
    pub attrs: Option<Box<Attrs>>,
}

/// A closure: formals, compiled body and the defining environment.
pub struct Closure {
    pub params: Rc<[Param]>,
    pub code: Rc<crate::bytecode::FunctionCode>,
    pub env: crate::env::Env,
    /// Attributes such as `class` set on a function (rare, but R allows it).
    pub attrs: Option<Box<Attrs>>,
}

impl std::fmt::Debug for Closure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "<closure {}>", self.code.name)
    }
}

/// An R value. `repr(u8)` gives it a documented layout that compiled code
/// reads directly (type tests and scalar loads without a runtime call): the
/// tag byte at offset 0 (`Value::TAG_*`), an `i32` payload at offset 4
/// (`Lgl`, `Int`) and a `f64` at offset 8 (`Dbl`); 16 bytes in all, and
/// `Option<Value>` too (the tag's unused values are its niche).
#[derive(Debug)]
#[repr(u8)]
pub enum Value {
    Null = 0,
    /// Unboxed attribute-free logical scalar (`NA_LOGICAL`, 0 or 1).
    Lgl(i32) = 1,
    /// Unboxed attribute-free integer scalar.
    Int(i32) = 2,
    /// Unboxed attribute-free double scalar.
    Dbl(f64) = 3,
    Vec(Rc<Vector>) = 4,
    Closure(Rc<Closure>) = 5,
    /// Index into the builtin table (`crate::builtins::table`; the name is
    /// `crate::builtin_names::NAMES[id]`).
    Builtin(u16) = 6,
    /// An environment (`new.env()`, `environment()`, `globalenv()`): a
    /// reference, never copied on modification. Compiled code treats it as
    /// an opaque `any`.
    Env(crate::env::Env) = 7,
    /// A language object (`crate::lang::Lang`: a symbol, a call, an
    /// expression vector). Immutable; compiled code treats it as an opaque
    /// `any`, like an environment.
    Lang(Rc<crate::lang::Lang>) = 8,
}

/// Written out to be `#[inline]`: a derived `clone` is a call from every
/// other crate (the compiled code's runtime and the engine copy values on
/// every call).
impl Clone for Value {
    #[inline]
    fn clone(&self) -> Value {
        // The kinds holding a reference hold an `Rc`: count one more
        // reference (the same instructions for each, which the compiler
        // merges into one case), then copy the value's 16 bytes.
        match self {
            Value::Vec(v) => std::mem::forget(Rc::clone(v)),
            Value::Closure(c) => std::mem::forget(Rc::clone(c)),
            Value::Env(e) => std::mem::forget(Rc::clone(e)),
            Value::Lang(l) => std::mem::forget(Rc::clone(l)),
            Value::Null | Value::Lgl(_) | Value::Int(_) | Value::Dbl(_) | Value::Builtin(_) => {}
        }
        // SAFETY: the reference a value holds, if any, was counted above;
        // the other kinds are plain data.
        unsafe { std::ptr::read(self) }
    }
}

impl Value {
    /// The tag byte of `Value::Null` (see the layout above).
    pub const TAG_NULL: u8 = 0;
    /// The tag byte of `Value::Lgl`.
    pub const TAG_LGL: u8 = 1;
    /// The tag byte of `Value::Int`.
    pub const TAG_INT: u8 = 2;
    /// The tag byte of `Value::Dbl`.
    pub const TAG_DBL: u8 = 3;
    /// Byte offset of the `i32` payload of `Lgl` and `Int`.
    pub const I32_AT: i32 = 4;
    /// Byte offset of the `f64` payload of `Dbl`.
    pub const F64_AT: i32 = 8;
    /// The tag byte of `Value::Vec`.
    pub const TAG_VEC: u8 = 4;
    /// The tag byte of `Value::Lang`.
    pub const TAG_LANG: u8 = 8;
    /// Byte offset of the `Rc` pointer of `Vec` (it points at the `Rc`'s
    /// block: strong count at `RC_STRONG_AT`, weak count (plus one) at
    /// `RC_WEAK_AT`, the `Vector` at `RC_VALUE_AT`; std's `RcInner` is
    /// `repr(C)`).
    pub const PTR_AT: i32 = 8;
    pub const RC_STRONG_AT: i32 = 0;
    pub const RC_WEAK_AT: i32 = 8;
    pub const RC_VALUE_AT: i32 = 16;
}

impl PartialEq for Value {
    /// Structural identity (R's `identical` without its options); closures by pointer.
    fn eq(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::Null, Value::Null) => true,
            (Value::Closure(a), Value::Closure(b)) => Rc::ptr_eq(a, b),
            (Value::Builtin(a), Value::Builtin(b)) => a == b,
            (Value::Env(a), Value::Env(b)) => Rc::ptr_eq(a, b),
            (Value::Lang(a), Value::Lang(b)) => Rc::ptr_eq(a, b) || **a == **b,
            (Value::Closure(_) | Value::Builtin(_) | Value::Env(_) | Value::Lang(_), _)
            | (_, Value::Closure(_) | Value::Builtin(_) | Value::Env(_) | Value::Lang(_)) => false,
            (Value::Null, _) | (_, Value::Null) => false,
            (a, b) => {
                let (va, vb) = (a.as_vector().unwrap(), b.as_vector().unwrap());
                vector_identical(&va, &vb)
            }
        }
    }
}

fn vector_identical(a: &Vector, b: &Vector) -> bool {
    let same_data = match (&a.data, &b.data) {
        (VecData::Dbl(x), VecData::Dbl(y)) => {
            x.len() == y.len()
                && x.iter().zip(y).all(|(p, q)| {
                    p == q || (p.is_nan() && q.is_nan() && is_na_real(*p) == is_na_real(*q))
                })
        }
        (VecData::Cplx(x), VecData::Cplx(y)) => {
            x.len() == y.len()
                && x.iter().zip(y).all(|(p, q)| {
                    (p.re == q.re || (p.re.is_nan() && q.re.is_nan()))
                        && (p.im == q.im || (p.im.is_nan() && q.im.is_nan()))
                })
        }
        (x, y) => x == y,
    };
    same_data && a.attrs == b.attrs
}

impl VecData {
    pub fn vtype(&self) -> VType {
        match self {
            VecData::Raw(_) => VType::Raw,
            VecData::Lgl(_) => VType::Lgl,
            VecData::Int(_) => VType::Int,
            VecData::Dbl(_) => VType::Dbl,
            VecData::Cplx(_) => VType::Cplx,
            VecData::Str(_) => VType::Str,
            VecData::List(_) => VType::List,
        }
    }
    pub fn len(&self) -> usize {
        match self {
            VecData::Raw(v) => v.len(),
            VecData::Lgl(v) | VecData::Int(v) => v.len(),
            VecData::Dbl(v) => v.len(),
            VecData::Cplx(v) => v.len(),
            VecData::Str(v) => v.len(),
            VecData::List(v) => v.len(),
        }
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// An empty vector of the given type.
    pub fn empty(t: VType) -> VecData {
        Self::with_capacity(t, 0)
    }
    pub fn with_capacity(t: VType, n: usize) -> VecData {
        match t {
            VType::Raw => VecData::Raw(Vec::with_capacity(n)),
            VType::Lgl => VecData::Lgl(Vec::with_capacity(n)),
            VType::Int => VecData::Int(Vec::with_capacity(n)),
            VType::Dbl => VecData::Dbl(Vec::with_capacity(n)),
            VType::Cplx => VecData::Cplx(Vec::with_capacity(n)),
            VType::Str => VecData::Str(Vec::with_capacity(n)),
            VType::List => VecData::List(Vec::with_capacity(n)),
        }
    }
    /// A vector of `n` NAs (NULLs for lists) of type `t`: what R fills grown vectors with.
    pub fn na_filled(t: VType, n: usize) -> VecData {
        match t {
            // (raw has no NA: R fills with zero bytes)
            VType::Raw => VecData::Raw(vec![0; n]),
            VType::Lgl => VecData::Lgl(vec![NA_LOGICAL; n]),
            VType::Int => VecData::Int(vec![NA_INTEGER; n]),
            VType::Dbl => VecData::Dbl(vec![na_real(); n]),
            VType::Cplx => VecData::Cplx(vec![na_complex(); n]),
            VType::Str => VecData::Str(vec![None; n]),
            VType::List => VecData::List(vec![Value::Null; n]),
        }
    }
    /// Is element `i` NA? (for lists: a length-1 atomic NA element, as `is.na` does)
    pub fn is_na(&self, i: usize) -> bool {
        match self {
            VecData::Raw(_) => false,
            VecData::Lgl(v) | VecData::Int(v) => v[i] == NA_INTEGER,
            VecData::Dbl(v) => v[i].is_nan(),
            VecData::Cplx(v) => is_na_complex(v[i]),
            VecData::Str(v) => v[i].is_none(),
            VecData::List(v) => match &v[i] {
                Value::Lgl(x) | Value::Int(x) => *x == NA_INTEGER,
                Value::Dbl(x) => x.is_nan(),
                Value::Vec(rv) if rv.data.len() == 1 && rv.data.vtype() != VType::List => {
                    rv.data.is_na(0)
                }
                _ => false,
            },
        }
    }
    /// Element `i` as a length-1 value of the same type (list elements are returned as is).
    pub fn elt(&self, i: usize) -> Value {
        match self {
            VecData::Raw(v) => Value::from_data(VecData::Raw(vec![v[i]])),
            VecData::Lgl(v) => Value::Lgl(v[i]),
            VecData::Int(v) => Value::Int(v[i]),
            VecData::Dbl(v) => Value::Dbl(v[i]),
            VecData::Cplx(v) => Value::from_data(VecData::Cplx(vec![v[i]])),
            VecData::Str(v) => Value::from_data(VecData::Str(vec![v[i].clone()])),
            VecData::List(v) => v[i].clone(),
        }
    }
    /// Select elements by 0-based index; `None` gives NA (NULL for lists).
    pub fn select(&self, idx: &[Option<usize>]) -> VecData {
        match self {
            VecData::Raw(v) => VecData::Raw(select_from(v, idx, 0)),
            VecData::Lgl(v) => VecData::Lgl(select_from(v, idx, NA_LOGICAL)),
            VecData::Int(v) => VecData::Int(select_from(v, idx, NA_INTEGER)),
            VecData::Dbl(v) => VecData::Dbl(select_from(v, idx, na_real())),
            VecData::Cplx(v) => VecData::Cplx(select_from(v, idx, na_complex())),
            VecData::Str(v) => VecData::Str(select_from(v, idx, None)),
            VecData::List(v) => VecData::List(select_from(v, idx, Value::Null)),
        }
    }
    /// Coerce to type `t` following R's rules (no warnings; see `coerce::` for the
    /// warning-producing conversions from character).
    pub fn coerce(&self, t: VType) -> VecData {
        crate::coerce::coerce_data(self, t)
    }
}

/// The elements of `v` at 0-based positions; `None` or a position past the
/// end gives `na` (`VecData::select` on a slice, e.g. of names).
pub fn select_from<T: Clone>(v: &[T], idx: &[Option<usize>], na: T) -> Vec<T> {
    idx.iter()
        .map(|i| match i {
            Some(i) if *i < v.len() => v[*i].clone(),
            _ => na.clone(),
        })
        .collect()
}

impl Vector {
    pub fn new(data: VecData) -> Vector {
        Vector { data, attrs: None }
    }
    pub fn len(&self) -> usize {
        self.data.len()
    }
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }
    pub fn vtype(&self) -> VType {
        self.data.vtype()
    }
    // (Inline: with the name a literal at the call, as it nearly always is,
    // the comparison is of known length and needs no `memcmp` call; record
    // field caches find `names` through it at every `$`.)
    #[inline]
    pub fn attr(&self, name: &str) -> Option<&Value> {
        // (The first byte first: "names" and "class" have the same length,
        // and this runs for every `$`, `names()` and class test.)
        let first = name.as_bytes().first();
        self.attrs
            .as_ref()?
            .iter()
            .find(|(n, _)| n.as_bytes().first() == first && &**n == name)
            .map(|(_, v)| v)
    }

    /// Set (or with `Value::Null`, remove) an attribute. No validation here: the
    /// `names<-`/`dim<-` builtins validate and coerce before calling this.
    pub fn set_attr(&mut self, name: &str, value: Value) {
        if matches!(value, Value::Null) {
            if let Some(a) = &mut self.attrs {
                a.retain(|(n, _)| &**n != name);
                if a.is_empty() {
                    self.attrs = None;
                }
            }
            return;
        }
        let a = self.attrs.get_or_insert_with(Default::default);
        if let Some(slot) = a.iter_mut().find(|(n, _)| &**n == name) {
            slot.1 = value;
        } else {
            a.push((name.into(), value));
        }
    }
    /// The `names` attribute as strings, if present; for a 1-d array (a
    /// `table`), its dimnames, as R's `names()` gives them.
    pub fn names(&self) -> Option<&[RStr]> {
        match self.attr("names") {
            Some(Value::Vec(v)) => match &v.data {
                VecData::Str(s) => Some(s),
                _ => None,
            },
            Some(_) => None,
            None => self.dim1_names(),
        }
    }
    fn dim1_names(&self) -> Option<&[RStr]> {
        let attrs = self.attrs.as_ref()?;
        let (_, dim) = attrs.iter().find(|(n, _)| &**n == "dim")?;
        if dim.len() != 1 {
            return None;
        }
        let (_, Value::Vec(dn)) = attrs.iter().find(|(n, _)| &**n == "dimnames")? else {
            return None;
        };
        match &dn.data {
            VecData::List(items) => match items.first()? {
                Value::Vec(v) => match &v.data {
                    VecData::Str(s) if s.len() == self.len() => Some(s),
                    _ => None,
                },
                _ => None,
            },
            _ => None,
        }
    }
    /// The `dim` attribute as (nrow, ncol) when it has exactly two entries.
    pub fn dim2(&self) -> Option<(usize, usize)> {
        // Hot in matrix indexing: look at the stored vector without building a view.
        let Value::Vec(d) = self.attr("dim")? else {
            return None;
        };
        match &d.data {
            VecData::Int(v) if v.len() == 2 => Some((v[0] as usize, v[1] as usize)),
            VecData::Dbl(v) if v.len() == 2 => Some((v[0] as usize, v[1] as usize)),
            _ => None,
        }
    }
    /// The `dim` attribute's extents (any number of dimensions).
    pub fn dims(&self) -> Option<Vec<usize>> {
        let Value::Vec(d) = self.attr("dim")? else {
            return match self.attr("dim")? {
                Value::Int(k) => Some(vec![*k as usize]),
                Value::Dbl(k) => Some(vec![*k as usize]),
                _ => None,
            };
        };
        match &d.data {
            VecData::Int(v) => Some(v.iter().map(|&k| k.max(0) as usize).collect()),
            VecData::Dbl(v) => Some(v.iter().map(|&k| k.max(0.0) as usize).collect()),
            _ => None,
        }
    }
    pub fn class(&self) -> Option<&[RStr]> {
        match self.attr("class")? {
            Value::Vec(v) => match &v.data {
                VecData::Str(s) => Some(s),
                _ => None,
            },
            _ => None,
        }
    }
}

impl Value {
    /// The very same value: equal scalars (bit for bit), the same vector or
    /// closure object. Cheap, and false for equal but distinct vectors.
    pub fn is_same(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::Null, Value::Null) => true,
            (Value::Lgl(a), Value::Lgl(b)) | (Value::Int(a), Value::Int(b)) => a == b,
            (Value::Dbl(a), Value::Dbl(b)) => a.to_bits() == b.to_bits(),
            (Value::Vec(a), Value::Vec(b)) => Rc::ptr_eq(a, b),
            (Value::Closure(a), Value::Closure(b)) => Rc::ptr_eq(a, b),
            (Value::Builtin(a), Value::Builtin(b)) => a == b,
            (Value::Lang(a), Value::Lang(b)) => Rc::ptr_eq(a, b),
            _ => false,
        }
    }

    /// Wrap vector data without attributes, unboxing length-1 lgl/int/dbl.
    pub fn from_data(data: VecData) -> Value {
        Value::from_vector(Vector::new(data))
    }
    /// Wrap a vector, unboxing attribute-free length-1 lgl/int/dbl.
    pub fn from_vector(v: Vector) -> Value {
        if v.attrs.is_none() && v.data.len() == 1 {
            match &v.data {
                VecData::Lgl(x) => return Value::Lgl(x[0]),
                VecData::Int(x) => return Value::Int(x[0]),
                VecData::Dbl(x) => return Value::Dbl(x[0]),
                _ => {}
            }
        }
        Value::Vec(Rc::new(v))
    }
    pub fn str(s: &str) -> Value {
        Value::from_data(VecData::Str(vec![Some(s.into())]))
    }
    pub fn strs<S: AsRef<str>>(v: &[S]) -> Value {
        Value::from_data(VecData::Str(
            v.iter().map(|s| Some(s.as_ref().into())).collect(),
        ))
    }
    pub fn lgl(b: bool) -> Value {
        Value::Lgl(b as i32)
    }
    pub fn cplx(z: C64) -> Value {
        Value::from_data(VecData::Cplx(vec![z]))
    }

    /// The value viewed as a vector: borrowed for `Vec`, built for unboxed scalars,
    /// `None` for NULL, closures and builtins.
    pub fn as_vector(&self) -> Option<Cow<'_, Vector>> {
        Some(match self {
            Value::Lgl(x) => Cow::Owned(Vector::new(VecData::Lgl(vec![*x]))),
            Value::Int(x) => Cow::Owned(Vector::new(VecData::Int(vec![*x]))),
            Value::Dbl(x) => Cow::Owned(Vector::new(VecData::Dbl(vec![*x]))),
            Value::Vec(v) => Cow::Borrowed(&**v),
            _ => return None,
        })
    }
    /// Like `as_vector` but NULL becomes an empty logical vector... no: NULL becomes
    /// `None` and callers decide. This one returns an owned, mutable vector
    /// (copying only when shared): the copy-on-write entry point.
    pub fn into_vector(self) -> Option<Vector> {
        match self {
            Value::Vec(v) => Some(Rc::try_unwrap(v).unwrap_or_else(|rc| (*rc).clone())),
            other => other.as_vector().map(Cow::into_owned),
        }
    }
    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null)
    }
    pub fn is_function(&self) -> bool {
        matches!(self, Value::Closure(_) | Value::Builtin(_))
    }
    /// Vector storage type; `None` for NULL and functions.
    pub fn vtype(&self) -> Option<VType> {
        match self {
            Value::Lgl(_) => Some(VType::Lgl),
            Value::Int(_) => Some(VType::Int),
            Value::Dbl(_) => Some(VType::Dbl),
            Value::Vec(v) => Some(v.vtype()),
            _ => None,
        }
    }
    /// R's `length()`.
    pub fn len(&self) -> usize {
        match self {
            Value::Null => 0,
            Value::Lgl(_) | Value::Int(_) | Value::Dbl(_) => 1,
            Value::Vec(v) => v.len(),
            Value::Closure(_) | Value::Builtin(_) => 1,
            Value::Env(e) => e.binding_count(),
            Value::Lang(l) => l.len(),
        }
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// R's `typeof()`.
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::Null => "NULL",
            Value::Closure(_) => "closure",
            Value::Builtin(id) => crate::deparse::builtin_type(crate::builtin_names::name_of(*id)),
            Value::Env(_) => "environment",
            Value::Lang(l) => l.type_name(),
            v => v.vtype().unwrap().name(),
        }
    }
    /// Has this value a class attribute (is it an S3 object)?
    pub fn has_class(&self) -> bool {
        self.attr("class").is_some()
    }
    pub fn attr(&self, name: &str) -> Option<&Value> {
        match self {
            Value::Vec(v) => v.attr(name),
            Value::Closure(c) => c
                .attrs
                .as_ref()?
                .iter()
                .find(|(n, _)| &**n == name)
                .map(|(_, v)| v),
            Value::Env(e) => e.attr(name),
            _ => None,
        }
    }
    pub fn has_attrs(&self) -> bool {
        match self {
            Value::Vec(v) => v.attrs.is_some(),
            Value::Closure(c) => c.attrs.is_some(),
            Value::Env(e) => e.has_attrs(),
            _ => false,
        }
    }
    /// The class vector as stored (the `class` attribute), or `None`.
    pub fn explicit_class(&self) -> Option<Vec<String>> {
        let c = self.attr("class")?.as_vector()?;
        match &c.data {
            VecData::Str(s) => Some(
                s.iter()
                    .map(|x| x.as_deref().unwrap_or("NA").to_string())
                    .collect(),
            ),
            _ => None,
        }
    }
    /// R's `class()`: the explicit class, else the implicit one
    /// (`matrix`/`array`, `integer`, `numeric`, `function`, ...).
    pub fn class_vec(&self) -> Vec<String> {
        if let Some(c) = self.explicit_class() {
            return c;
        }
        if let Some(d) = self.attr("dim") {
            return if d.len() == 2 {
                vec!["matrix".into(), "array".into()]
            } else {
                vec!["array".into()]
            };
        }
        let s = match self {
            Value::Null => "NULL",
            Value::Closure(_) | Value::Builtin(_) => "function",
            Value::Env(_) => "environment",
            Value::Lang(l) => return vec![l.class_name()],
            v => match v.vtype().unwrap() {
                VType::Dbl => "numeric",
                t => t.name(),
            },
        };
        vec![s.to_string()]
    }
    /// Set an attribute, copying the vector only if it is shared (copy-on-write).
    /// Unboxed scalars are boxed first. NULL and functions are left unchanged and
    /// `false` is returned.
    pub fn set_attr(&mut self, name: &str, value: Value) -> bool {
        match self {
            Value::Vec(v) => {
                Rc::make_mut(v).set_attr(name, value);
                // Removing the last attribute may leave a scalar that should be unboxed.
                if v.attrs.is_none() && v.len() == 1 {
                    let owned = std::mem::replace(self, Value::Null);
                    *self = Value::from_vector(owned.into_vector().unwrap());
                }
                true
            }
            Value::Lgl(_) | Value::Int(_) | Value::Dbl(_) => {
                if value.is_null() {
                    return true;
                }
                let mut vec = self.as_vector().unwrap().into_owned();
                vec.set_attr(name, value);
                *self = Value::Vec(Rc::new(vec));
                true
            }
            // (On the environment itself: every reference sees it.)
            Value::Env(e) => {
                e.set_attr(name, value);
                true
            }
            _ => false,
        }
    }
    /// Length-1 logical/integer/double as f64 (NA → NaN with NA payload); for quick
    /// scalar access in builtins. `None` if not a length-≥1 numeric vector.
    pub fn first_f64(&self) -> Option<f64> {
        match self {
            Value::Lgl(x) | Value::Int(x) => Some(if *x == NA_INTEGER {
                na_real()
            } else {
                *x as f64
            }),
            Value::Dbl(x) => Some(*x),
            Value::Vec(v) if !v.is_empty() => match &v.data {
                VecData::Lgl(d) | VecData::Int(d) => Some(if d[0] == NA_INTEGER {
                    na_real()
                } else {
                    d[0] as f64
                }),
                VecData::Dbl(d) => Some(d[0]),
                _ => None,
            },
            _ => None,
        }
    }
}

/// Convenience constructors used throughout the builtins.
pub fn dbl_vec(v: Vec<f64>) -> Value {
    Value::from_data(VecData::Dbl(v))
}
pub fn int_vec(v: Vec<i32>) -> Value {
    Value::from_data(VecData::Int(v))
}
pub fn lgl_vec(v: Vec<i32>) -> Value {
    Value::from_data(VecData::Lgl(v))
}
pub fn str_vec(v: Vec<RStr>) -> Value {
    Value::from_data(VecData::Str(v))
}
pub fn list_vec(v: Vec<Value>) -> Value {
    Value::from_data(VecData::List(v))
}

#[cfg(test)]
mod layout_tests {
    use super::Value;

    /// The layout compiled code relies on (`Value`'s doc).
    #[test]
    fn value_layout_is_the_documented_one() {
        assert_eq!(std::mem::size_of::<Value>(), 16);
        assert_eq!(std::mem::size_of::<Option<Value>>(), 16);
        let at = |v: &Value, off: usize| unsafe { (v as *const Value as *const u8).add(off) };
        for (v, tag) in [
            (Value::Lgl(-5), Value::TAG_LGL),
            (Value::Int(123_456), Value::TAG_INT),
            (Value::Dbl(2.5), Value::TAG_DBL),
        ] {
            assert_eq!(unsafe { *at(&v, 0) }, tag);
        }
        let i = Value::Int(-77);
        assert_eq!(
            unsafe { *(at(&i, Value::I32_AT as usize) as *const i32) },
            -77
        );
        let l = Value::Lgl(1);
        assert_eq!(
            unsafe { *(at(&l, Value::I32_AT as usize) as *const i32) },
            1
        );
        let d = Value::Dbl(-0.125);
        assert_eq!(
            unsafe { *(at(&d, Value::F64_AT as usize) as *const f64) },
            -0.125
        );
        assert_eq!(unsafe { *at(&Value::Null, 0) }, Value::TAG_NULL);
        // A frame's binding (`Option<Value>`) is read and written in place
        // as a `Value` (`compiler::lower::free`): `Some(v)` has `v`'s bytes,
        // and an unbound slot's tag is none of the scalars'.
        let some: Option<Value> = Some(Value::Dbl(-0.125));
        let p = &some as *const Option<Value> as *const u8;
        assert_eq!(unsafe { *p }, Value::TAG_DBL);
        assert_eq!(
            unsafe { *(p.add(Value::F64_AT as usize) as *const f64) },
            -0.125
        );
        let some: Option<Value> = Some(Value::Int(-77));
        let p = &some as *const Option<Value> as *const u8;
        assert_eq!(unsafe { *p }, Value::TAG_INT);
        assert_eq!(
            unsafe { *(p.add(Value::I32_AT as usize) as *const i32) },
            -77
        );
        let none: Option<Value> = None;
        let tag = unsafe { *(&none as *const Option<Value> as *const u8) };
        assert!(!(Value::TAG_LGL..=Value::TAG_DBL).contains(&tag));
    }

    /// The words compiled code reads to store into an unshared vector in
    /// place (`Value::PTR_AT` and the `Rc` counts).
    #[test]
    fn vector_reference_layout_is_the_documented_one() {
        use super::{VecData, Vector};
        use std::rc::Rc;
        let word = |p: *const u8, off: i32| unsafe { *(p.offset(off as isize) as *const usize) };
        let v = Value::Vec(Rc::new(Vector {
            data: VecData::Dbl(vec![1.0, 2.0]),
            attrs: None,
        }));
        let base = &v as *const Value as *const u8;
        assert_eq!(unsafe { *base }, Value::TAG_VEC);
        let rc = word(base, Value::PTR_AT) as *const u8;
        let Value::Vec(r) = &v else { unreachable!() };
        assert_eq!(
            unsafe { rc.offset(Value::RC_VALUE_AT as isize) },
            Rc::as_ptr(r) as *const u8
        );
        assert_eq!(word(rc, Value::RC_STRONG_AT), 1);
        assert_eq!(word(rc, Value::RC_WEAK_AT), 1);
        let shared = v.clone();
        assert_eq!(word(rc, Value::RC_STRONG_AT), 2);
        drop(shared);
        let weak = Rc::downgrade(r);
        assert_eq!(word(rc, Value::RC_WEAK_AT), 2);
        drop(weak);
    }
}
