//! The builtin function table. Each submodule owns one family of builtins and
//! exports `pub const BUILTINS: &[BuiltinDef]`; the table is their concatenation.
//! The names alone, by id, are in the leaf module `crate::builtin_names`
//! (checked against this table by a test), for the modules below this one.
//! A builtin receives its arguments evaluated and in call order (`Args`), binds
//! them to its formals with `Args::bind`, and returns a value or an `RError`
//! (whose call the interpreter fills in).

use crate::args::Args;
use crate::builtin_names;
use crate::error::RResult;
use crate::interp::Interp;
use crate::value::Value;
use std::collections::HashMap;
use std::sync::OnceLock;

pub mod apply;
pub mod arith;
pub mod cmath;
pub mod construct;
pub mod envs;
pub mod extended_sum;
pub mod fft;
pub mod functional;
pub mod hash;
pub mod inspect;
pub mod io;
pub mod lang;
pub mod matcharg;
pub mod math;
pub mod matrix;
pub mod na;
pub mod ns;
pub mod options;
pub mod output;
pub mod random;
pub mod sets;
pub mod stats;
pub mod strings;
pub mod subset;
pub mod text;

pub type BuiltinFn = fn(&mut Interp, Args) -> RResult<Value>;

/// A builtin's entry for its common case, on unnamed arguments by reference
/// (no `Args`, no matching): `None` when it does not apply to these
/// arguments (nothing was done; the builtin itself runs). It must give
/// exactly what the builtin gives, and apply to attribute-free values only:
/// it runs without the S3 dispatch `Interp::call_value` does first for a
/// classed argument.
pub type ScalarFn = fn(&mut Interp, &[&Value]) -> Option<RResult<Value>>;

pub struct BuiltinDef {
    pub name: &'static str,
    pub f: BuiltinFn,
    /// The builtin's scalar entry, if it has one (`runif(1)` in a loop).
    pub scalar: Option<ScalarFn>,
}

impl BuiltinDef {
    pub const fn new(name: &'static str, f: BuiltinFn) -> BuiltinDef {
        BuiltinDef {
            name,
            f,
            scalar: None,
        }
    }
    /// With a scalar entry (`ScalarFn`).
    pub const fn with_scalar(self, g: ScalarFn) -> BuiltinDef {
        BuiltinDef {
            scalar: Some(g),
            ..self
        }
    }
}

pub struct Table {
    pub defs: Vec<&'static BuiltinDef>,
    /// `builtin_names::by_name()`: ids by name, with the default-method aliases.
    pub by_name: &'static HashMap<&'static str, u16>,
    /// Per builtin id: the S3 generic it implements, if it dispatches.
    pub generic: Vec<Option<&'static str>>,
}

/// Builtins that are S3 generics in R and dispatch on a classed first
/// argument to a user's method (`print` and `format` dispatch themselves).
const S3_GENERICS: &[&str] = &[
    "rev",
    "mean",
    "sort",
    "as.character",
    "unique",
    "duplicated",
    "t",
    "all.equal",
    "seq",
    "as.list",
    "range",
    "split",
    "aperm",
    "as.matrix",
    "na.omit",
    "median",
    "diff",
];

/// The global builtin table (built once).
pub fn table() -> &'static Table {
    static T: OnceLock<Table> = OnceLock::new();
    T.get_or_init(|| {
        let mut defs: Vec<&'static BuiltinDef> = Vec::new();
        for family in [
            arith::BUILTINS,
            math::BUILTINS,
            construct::BUILTINS,
            inspect::BUILTINS,
            sets::BUILTINS,
            subset::BUILTINS,
            strings::BUILTINS,
            output::BUILTINS,
            functional::BUILTINS,
            lang::BUILTINS,
            options::BUILTINS,
            apply::BUILTINS,
            matrix::BUILTINS,
            text::BUILTINS,
            random::BUILTINS,
            matcharg::BUILTINS,
            na::BUILTINS,
            stats::BUILTINS,
            ns::BUILTINS,
            fft::BUILTINS,
            io::BUILTINS,
            envs::BUILTINS,
        ] {
            defs.extend(family.iter());
        }
        debug_assert!(defs
            .iter()
            .map(|d| d.name)
            .eq(builtin_names::NAMES.iter().copied()));
        let by_name = builtin_names::by_name();
        let generic = defs
            .iter()
            .map(|d| S3_GENERICS.iter().find(|g| **g == d.name).copied())
            .collect();
        Table {
            defs,
            by_name,
            generic,
        }
    })
}

pub fn lookup(name: &str) -> Option<Value> {
    table().by_name.get(name).map(|&i| Value::Builtin(i))
}

/// The S3 generic builtin `id` implements (None: it never dispatches).
#[inline]
pub fn s3_generic(id: u16) -> Option<&'static str> {
    table().generic[id as usize]
}

pub fn call(id: u16, interp: &mut Interp, args: Args) -> RResult<Value> {
    (table().defs[id as usize].f)(interp, args)
}

/// Builtin `id`'s scalar entry (`BuiltinDef::scalar`), if it has one.
#[inline]
pub fn scalar_entry(id: u16) -> Option<ScalarFn> {
    table().defs[id as usize].scalar
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `builtin_names::NAMES` lists the builtins of this table in its order.
    #[test]
    fn names_match_the_table() {
        let defs = &table().defs;
        let names = builtin_names::NAMES;
        for (i, (d, n)) in defs.iter().zip(names).enumerate() {
            assert_eq!(
                d.name, *n,
                "builtin {i} is `{}` but builtin_names::NAMES[{i}] is `{n}`",
                d.name
            );
        }
        assert_eq!(
            defs.len(),
            names.len(),
            "builtin_names::NAMES has the wrong length"
        );
    }
}
