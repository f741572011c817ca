//! The builtin function table. Each submodule owns one family of builtins and
//! exports `pub const BUILTINS: &[BuiltinDef]`; the table is their concatenation.
//! A builtin receives its arguments evaluated and in call order (`Args`), binds
//! them to its formals with `Args::bind`, and returns a value or an `RError`
//! (whose call the interpreter fills in).

use crate::args::Args;
use crate::error::RResult;
use crate::interp::Interp;
use crate::value::Value;
use std::collections::HashMap;
use std::sync::OnceLock;

pub mod apply;
pub mod arith;
pub mod cmath;
pub mod construct;
pub mod datasets;
pub mod envs;
#[rustfmt::skip]
mod datasets_data;
pub mod fft;
pub mod functional;
pub mod hash;
pub mod inspect;
pub mod io;
pub mod lang;
pub mod ldsum;
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

pub struct BuiltinDef {
    pub name: &'static str,
    pub f: BuiltinFn,
}

impl BuiltinDef {
    pub const fn new(name: &'static str, f: BuiltinFn) -> BuiltinDef {
        BuiltinDef { name, f }
    }
}

pub struct Table {
    pub defs: Vec<&'static BuiltinDef>,
    pub by_name: HashMap<&'static str, u16>,
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

/// Default methods of R's S3 generics that are callable by their full name
/// (`rev.default(x)`) and found by `UseMethod`/`NextMethod`. The builtin
/// implementing the generic is already the default method: it does not
/// dispatch (except `print`/`format`, whose `.default` is a separate builtin).
const DEFAULT_METHODS: &[(&str, &str)] = &[
    ("rev.default", "rev"),
    ("mean.default", "mean"),
    ("sort.default", "sort"),
    ("as.character.default", "as.character"),
    ("unique.default", "unique"),
    ("duplicated.default", "duplicated"),
    ("t.default", "t"),
    ("all.equal.default", "all.equal"),
    ("seq.default", "seq"),
    ("as.list.default", "as.list"),
    ("range.default", "range"),
    ("na.omit.default", "na.omit"),
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
        let mut by_name = HashMap::new();
        for (i, d) in defs.iter().enumerate() {
            by_name.insert(d.name, i as u16);
        }
        for &(alias, target) in DEFAULT_METHODS {
            let i = by_name[target];
            by_name.entry(alias).or_insert(i);
        }
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

pub fn name_of(id: u16) -> &'static str {
    table().defs[id as usize].name
}

pub fn call(id: u16, interp: &mut Interp, args: Args) -> RResult<Value> {
    (table().defs[id as usize].f)(interp, args)
}
