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
pub mod arity;
pub mod cmath;
pub mod combinat;
pub mod conditions;
pub mod construct;
pub mod cut;
pub mod eigen;
pub mod envs;
pub mod extended_sum;
pub mod factor;
pub mod fft;
pub mod frame_effect;
pub mod functional;
pub mod hash;
pub mod inspect;
pub mod io;
pub mod lang;
pub mod language;
pub mod lapack;
pub mod matcharg;
pub mod math;
pub mod matops;
pub mod matrix;
pub mod na;
pub mod nmath;
pub mod ns;
pub mod options;
pub mod output;
pub mod print_methods;
pub mod quoting;
pub mod random;
pub mod raw;
pub mod regex;
pub mod sets;
pub mod stats;
pub mod str_fn;
pub mod strings;
pub mod subset;
pub mod summary;
pub mod text;
pub mod time;
pub mod timefn;

/// Calls of builtins by name from unit tests, and their printed results.
#[cfg(test)]
pub(crate) mod test_calls {
    use crate::args::Args;
    use crate::error::RResult;
    use crate::interp::Interp;
    use crate::value::{Sym, Value};

    pub fn call(name: &str, args: Vec<(Option<&str>, Value)>) -> RResult<Value> {
        let f = super::lookup(name).expect("builtin exists");
        let mut a = Args::new();
        for (n, v) in args {
            a.push(n.map(Sym::from), v);
        }
        Interp::new().call_function(&f, a)
    }

    pub fn printed(name: &str, args: Vec<(Option<&str>, Value)>) -> String {
        crate::print::print_to_string(&call(name, args).unwrap())
    }
}

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
    /// Per builtin id: GNU R's argument checks, for a primitive that has them.
    pub arity: Vec<Option<arity::Arity>>,
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
    "quantile",
    "solve",
    "summary",
    "toString",
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
            factor::BUILTINS,
            cut::BUILTINS,
            summary::BUILTINS,
            quoting::BUILTINS,
            combinat::BUILTINS,
            matops::BUILTINS,
            eigen::BUILTINS,
            regex::BUILTINS,
            conditions::BUILTINS,
            time::BUILTINS,
            str_fn::BUILTINS,
            raw::BUILTINS,
            timefn::BUILTINS,
            language::BUILTINS,
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
        let arity = defs.iter().map(|d| arity::of(d.name)).collect();
        Table {
            defs,
            by_name,
            generic,
            arity,
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

pub fn call(id: u16, interp: &mut Interp, mut args: Args) -> RResult<Value> {
    let t = table();
    if let Some(a) = t.arity[id as usize] {
        a.check(t.defs[id as usize].name, &mut args)?;
    }
    (t.defs[id as usize].f)(interp, args)
}

/// Most arguments a scalar entry is called with (more: the builtin runs).
pub const MAX_SCALAR_ARGS: usize = 8;

/// Builtin `id`'s scalar entry (`BuiltinDef::scalar`), if it has one.
#[inline]
pub fn scalar_entry(id: u16) -> Option<ScalarFn> {
    table().defs[id as usize].scalar
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Bit for bit (NA and NaN apart), element types and attributes included.
    fn same(a: &Value, b: &Value) -> bool {
        use crate::value::VecData;
        match (a, b) {
            (Value::Dbl(x), Value::Dbl(y)) => x.to_bits() == y.to_bits(),
            (Value::Int(x), Value::Int(y)) | (Value::Lgl(x), Value::Lgl(y)) => x == y,
            (Value::Vec(x), Value::Vec(y)) => {
                let data = match (&x.data, &y.data) {
                    (VecData::Dbl(p), VecData::Dbl(q)) => p
                        .iter()
                        .map(|d| d.to_bits())
                        .eq(q.iter().map(|d| d.to_bits())),
                    (VecData::Int(p), VecData::Int(q)) | (VecData::Lgl(p), VecData::Lgl(q)) => {
                        p == q
                    }
                    // (Strings and lists of scalars: their printed form.)
                    (p @ (VecData::Str(_) | VecData::List(_)), q) => {
                        format!("{p:?}") == format!("{q:?}")
                    }
                    _ => false,
                };
                data && format!("{:?}", x.attrs) == format!("{:?}", y.attrs)
            }
            _ => false,
        }
    }

    /// Every scalar entry (`BuiltinDef::scalar`) gives what its builtin
    /// gives (value, error, warnings, and the random generator's state
    /// after), on every tuple of up to three arguments from a pool of
    /// scalars (NA, NaN, infinities, negative and out-of-range values)
    /// and non-scalars (which it must decline or agree on).
    #[test]
    fn scalar_entries_agree_with_their_builtins() {
        use crate::value::{na_real, VecData, Vector, NA_INTEGER};
        let pool = vec![
            Value::Int(3),
            Value::Int(-2),
            Value::Int(1),
            Value::Int(NA_INTEGER),
            Value::Int(40),
            Value::Dbl(1.0),
            Value::Dbl(2.5),
            Value::Dbl(-0.5),
            Value::Dbl(0.3),
            Value::Dbl(na_real()),
            Value::Dbl(f64::NAN),
            Value::Dbl(f64::INFINITY),
            Value::Dbl(-1e10),
            Value::Lgl(1),
            Value::Lgl(NA_INTEGER),
            Value::Vec(std::rc::Rc::new(Vector::new(VecData::Int(vec![1, 2])))),
            Value::Vec(std::rc::Rc::new(Vector::new(VecData::Dbl(vec![0.5])))),
            Value::strs(&["list"]),
            Value::strs(&["double"]),
        ];
        let mut tuples: Vec<Vec<Value>> = vec![vec![]];
        for len in 1..=3 {
            let mut next = Vec::new();
            for t in tuples.iter().filter(|t| t.len() == len - 1) {
                for v in &pool {
                    let mut u = t.clone();
                    u.push(v.clone());
                    next.push(u);
                }
            }
            tuples.extend(next);
        }
        let fresh = || {
            let mut it = Interp::new();
            call(
                crate::builtin_names::by_name()["set.seed"],
                &mut it,
                Args::positional(vec![Value::Int(42)]),
            )
            .unwrap();
            it
        };
        let mut applied = 0;
        for (id, def) in table().defs.iter().enumerate() {
            let Some(entry) = def.scalar else { continue };
            for args in &tuples {
                let (mut a, mut b) = (fresh(), fresh());
                let refs: Vec<&Value> = args.iter().collect();
                let Some(fast) = entry(&mut a, &refs) else {
                    continue;
                };
                applied += 1;
                let full = call(id as u16, &mut b, Args::positional(args.clone()));
                let what = format!("{}({:?})", def.name, args);
                match (&fast, &full) {
                    (Ok(x), Ok(y)) => assert!(same(x, y), "{what}: {x:?} vs {y:?}"),
                    (Err(x), Err(y)) => assert_eq!(x.0.msg, y.0.msg, "{what}"),
                    _ => panic!("{what}: {fast:?} vs {full:?}"),
                }
                assert_eq!(a.warnings, b.warnings, "{what}: warnings");
                assert_eq!(
                    a.rng.unif_rand().to_bits(),
                    b.rng.unif_rand().to_bits(),
                    "{what}: generator state"
                );
            }
        }
        assert!(
            applied > 1000,
            "the entries applied to {applied} tuples only"
        );
    }

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
