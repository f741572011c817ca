//! Argument-type contexts for contextual dispatch (Flückiger et al., OOPSLA 2020).
//!
//! A function keeps a few compiled versions, each keyed by the context it was
//! compiled for: per argument, the type the version may rely on at entry. A
//! call computes the context of its actual arguments and dispatches to the most
//! specific version whose context is compatible (`current ≤ version`).

use std::fmt;
use vm::value::{VType, Value, NA_INTEGER};

/// What a version may assume about one argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArgType {
    /// Attribute-free integer scalar, not NA.
    Int,
    /// Attribute-free double scalar.
    Dbl,
    /// Attribute-free logical scalar.
    Lgl,
    /// Attribute-free complex scalar (NA allowed).
    Cplx,
    /// Attribute-free vectors (any length) with these element types.
    VecInt,
    VecDbl,
    VecLgl,
    VecCplx,
    /// Matrices: vectors with these element types whose attributes are
    /// `dim` (two extents) and perhaps `dimnames` (what `test is.mat<…>`
    /// admits). A function working on a matrix gets a version for its
    /// element type, and code entered with one (a continuation, OSR-in)
    /// reads and writes it typed.
    MatInt,
    MatDbl,
    MatLgl,
    /// Nothing known.
    Any,
    /// No argument: a parameter the call left to its default (evaluated in
    /// the frame at its first read: `build::values`) or without one. Only a
    /// version for it admits it; it is not `Any`, which is a value.
    Missing,
}

impl ArgType {
    /// The most specific description of `v`.
    #[inline]
    pub fn of(v: &Value) -> ArgType {
        match v {
            Value::Int(x) if *x != NA_INTEGER => ArgType::Int,
            Value::Dbl(_) => ArgType::Dbl,
            Value::Lgl(_) => ArgType::Lgl,
            Value::Vec(vec) if vec.attrs.is_none() && vec.len() != 1 => match vec.vtype() {
                VType::Int => ArgType::VecInt,
                VType::Dbl => ArgType::VecDbl,
                VType::Lgl => ArgType::VecLgl,
                VType::Cplx => ArgType::VecCplx,
                _ => ArgType::Any,
            },
            // A complex scalar is a length-1 vector.
            Value::Vec(vec) if vec.attrs.is_none() && vec.vtype() == VType::Cplx => ArgType::Cplx,
            Value::Vec(vec) if vec.attrs.is_some() => Self::of_matrix(vec),
            _ => ArgType::Any,
        }
    }

    /// `of` a vector with attributes: a matrix type, else `Any` (out of
    /// line: calls with scalar arguments do not pay for it).
    #[inline(never)]
    fn of_matrix(vec: &vm::value::Vector) -> ArgType {
        if !crate::runtime::is_plain_matrix(vec) {
            return ArgType::Any;
        }
        match vec.vtype() {
            VType::Int => ArgType::MatInt,
            VType::Dbl => ArgType::MatDbl,
            VType::Lgl => ArgType::MatLgl,
            _ => ArgType::Any,
        }
    }
    /// `self ≤ other` (written `fits`): every value described by `self` is described by `other`.
    pub fn fits(self, other: ArgType) -> bool {
        self == other || (other == ArgType::Any && self != ArgType::Missing)
    }
    pub fn name(self) -> &'static str {
        match self {
            ArgType::Int => "int",
            ArgType::Dbl => "dbl",
            ArgType::Lgl => "lgl",
            ArgType::Cplx => "cplx",
            ArgType::VecInt => "vec<int>",
            ArgType::VecDbl => "vec<dbl>",
            ArgType::VecLgl => "vec<lgl>",
            ArgType::VecCplx => "vec<cplx>",
            ArgType::MatInt => "mat<int>",
            ArgType::MatDbl => "mat<dbl>",
            ArgType::MatLgl => "mat<lgl>",
            ArgType::Any => "any",
            ArgType::Missing => "missing",
        }
    }
}

/// The context of a call: one `ArgType` per parameter slot.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ArgContext {
    pub args: Vec<ArgType>,
}

impl ArgContext {
    /// The context of the bound parameter values (`None` = missing argument).
    pub fn of(values: &[Option<Value>]) -> ArgContext {
        ArgContext {
            args: values
                .iter()
                .map(|v| v.as_ref().map_or(ArgType::Missing, ArgType::of))
                .collect(),
        }
    }
    pub fn generic(n: usize) -> ArgContext {
        ArgContext {
            args: vec![ArgType::Any; n],
        }
    }
    /// The least specific context that admits this one: `Any` for every
    /// argument but the missing ones.
    pub fn widened(&self) -> ArgContext {
        ArgContext {
            args: self
                .args
                .iter()
                .map(|&a| {
                    if a == ArgType::Missing {
                        a
                    } else {
                        ArgType::Any
                    }
                })
                .collect(),
        }
    }
    /// `self ≤ other`: a version compiled for `other` may be entered in `self`.
    pub fn fits(&self, other: &ArgContext) -> bool {
        self.args.len() == other.args.len()
            && self.args.iter().zip(&other.args).all(|(a, b)| a.fits(*b))
    }
    /// Number of arguments with a known type (the sort key: more specific first).
    pub fn specificity(&self) -> usize {
        self.args.iter().filter(|a| **a != ArgType::Any).count()
    }
}

impl fmt::Display for ArgContext {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<&str> = self.args.iter().map(|a| a.name()).collect();
        write!(f, "({})", parts.join(", "))
    }
}

/// A function's dispatch table: versions sorted most specific first (a linear
/// extension of `≤`: if `a ≤ b` and `a != b` then `a` has more known arguments).
pub struct VersionTable<T> {
    pub versions: Vec<(ArgContext, T)>,
}

impl<T> Default for VersionTable<T> {
    fn default() -> Self {
        VersionTable {
            versions: Vec::new(),
        }
    }
}

thread_local! {
    /// Bumped by every change of any `VersionTable`: a direct call site's
    /// cached choice of version (`runtime::CallSiteCache`) stands while it
    /// has not moved.
    static TABLES_EPOCH: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// The current generation of the version tables (see `TABLES_EPOCH`).
#[inline]
pub fn tables_epoch() -> u64 {
    TABLES_EPOCH.with(|e| e.get())
}

fn tables_changed() {
    TABLES_EPOCH.with(|e| e.set(e.get() + 1));
}

impl<T> VersionTable<T> {
    /// The first (most specific) version whose context admits `current`.
    pub fn dispatch(&self, current: &ArgContext) -> Option<&(ArgContext, T)> {
        self.versions.iter().find(|(c, _)| current.fits(c))
    }
    pub fn insert(&mut self, ctx: ArgContext, v: T) {
        tables_changed();
        self.versions.retain(|(c, _)| *c != ctx);
        let pos = self
            .versions
            .iter()
            .position(|(c, _)| c.specificity() < ctx.specificity())
            .unwrap_or(self.versions.len());
        self.versions.insert(pos, (ctx, v));
    }
    pub fn remove(&mut self, ctx: &ArgContext) {
        tables_changed();
        self.versions.retain(|(c, _)| c != ctx);
    }
    pub fn clear(&mut self) {
        tables_changed();
        self.versions.clear();
    }
    pub fn len(&self) -> usize {
        self.versions.len()
    }
    pub fn is_empty(&self) -> bool {
        self.versions.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ArgType::*;

    fn ctx(a: &[ArgType]) -> ArgContext {
        ArgContext { args: a.to_vec() }
    }

    #[test]
    fn order_is_reflexive_and_transitive_and_means_admission() {
        let all = [
            Int, Dbl, Lgl, Cplx, VecInt, VecDbl, VecLgl, VecCplx, MatInt, MatDbl, MatLgl, Any,
        ];
        for a in all {
            assert!(a.fits(a));
            for b in all {
                for c in all {
                    if a.fits(b) && b.fits(c) {
                        assert!(a.fits(c));
                    }
                }
            }
        }
        // Values: each is described by its own type and by Any only.
        let vals = [
            Value::Int(3),
            Value::Dbl(1.5),
            Value::Lgl(1),
            vm::value::dbl_vec(vec![1.0, 2.0]),
            Value::Int(NA_INTEGER),
            Value::cplx(vm::value::C64::new(1.0, 2.0)),
            Value::from_data(vm::value::VecData::Cplx(vec![vm::value::na_complex(); 3])),
        ];
        for v in &vals {
            let t = ArgType::of(v);
            for b in all {
                let admitted = t.fits(b);
                assert_eq!(admitted, b == Any || b == t, "{:?} in {:?}", v, b);
            }
        }
        assert_eq!(ArgType::of(&Value::Int(NA_INTEGER)), Any);
        // Matrices (`dim`, perhaps `dimnames`) of int, double and logical
        // elements; other attributes, or a `dim` of three extents, are `Any`.
        let with = |v: Value, attrs: &[(&str, Value)]| {
            let Value::Vec(rc) = v else { unreachable!() };
            let mut vec = (*rc).clone();
            for (name, a) in attrs {
                vec.set_attr(name, a.clone());
            }
            Value::Vec(std::rc::Rc::new(vec))
        };
        let dim = || ("dim", vm::value::int_vec(vec![2, 2]));
        let four = || vm::value::dbl_vec(vec![1.0, 2.0, 3.0, 4.0]);
        assert_eq!(ArgType::of(&with(four(), &[dim()])), MatDbl);
        assert_eq!(
            ArgType::of(&with(vm::value::int_vec(vec![1, 2, 3, 4]), &[dim()])),
            MatInt
        );
        assert_eq!(
            ArgType::of(&with(vm::value::lgl_vec(vec![1, 0, 1, 0]), &[dim()])),
            MatLgl
        );
        let names =
            vm::value::Value::from_data(vm::value::VecData::List(vec![Value::Null, Value::Null]));
        assert_eq!(
            ArgType::of(&with(four(), &[dim(), ("dimnames", names)])),
            MatDbl
        );
        let class = vm::value::Value::from_data(vm::value::VecData::Str(vec![Some("m".into())]));
        assert_eq!(ArgType::of(&with(four(), &[dim(), ("class", class)])), Any);
        let cube = ("dim", vm::value::int_vec(vec![2, 1, 2]));
        assert_eq!(ArgType::of(&with(four(), &[cube])), Any);
    }

    #[test]
    fn dispatch_takes_the_most_specific_compatible_version() {
        let mut t = VersionTable::default();
        t.insert(ctx(&[Any, Any]), "generic");
        t.insert(ctx(&[VecDbl, Any]), "vec");
        t.insert(ctx(&[VecDbl, Int]), "vec-int");
        assert_eq!(t.dispatch(&ctx(&[VecDbl, Int])).unwrap().1, "vec-int");
        assert_eq!(t.dispatch(&ctx(&[VecDbl, Dbl])).unwrap().1, "vec");
        assert_eq!(t.dispatch(&ctx(&[Int, Int])).unwrap().1, "generic");
        assert!(t.dispatch(&ctx(&[Int])).is_none());
        // Soundness: whatever is returned admits the current context.
        let all = [Int, Dbl, VecDbl, Any];
        for a in all {
            for b in all {
                let cur = ctx(&[a, b]);
                if let Some((c, _)) = t.dispatch(&cur) {
                    assert!(cur.fits(c));
                }
            }
        }
    }
}
