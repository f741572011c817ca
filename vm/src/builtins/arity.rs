//! GNU R's checks of a primitive's arguments before it runs: their count
//! (`checkArity`, the arity column of R's `names.c`) and, for a primitive
//! of one argument, that argument's name (`check1arg`: none, or a prefix of
//! the formal's name). R reports `2 arguments passed to 'length' which
//! requires 1` and `supplied argument name 'y' does not match 'x'` where a
//! closure's matching would say `unused argument (2)`.
//!
//! The table was read off GNU R 4.2 itself: each builtin called with seven
//! arguments, with none, and with one named `zz` (corpus program
//! `error_primitive_arity` records what R says for each). Primitives whose
//! count check has its own text (`round`: "1 or 2 arguments"), that take
//! optional arguments (`invisible()`, `anyNA`), or whose calls dlvm makes
//! internally with other shapes (replacement functions) are not in it, nor
//! are R's primitives dlvm does not have.

use crate::args::Args;
use crate::error::{RError, RResult};

/// A primitive's argument count, and the formal a single argument's name
/// must match (`None`: any name).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arity {
    pub count: usize,
    pub formal: Option<&'static str>,
}

const ONE_X: Arity = Arity {
    count: 1,
    formal: Some("x"),
};
const ONE_Z: Arity = Arity {
    count: 1,
    formal: Some("z"),
};
const ONE_ANY: Arity = Arity {
    count: 1,
    formal: None,
};
const NONE: Arity = Arity {
    count: 0,
    formal: None,
};

/// The primitives with a fixed arity, by name.
const TABLE: &[(&str, Arity)] = &[
    ("floor", ONE_X),
    ("ceiling", ONE_X),
    ("sqrt", ONE_X),
    ("sign", ONE_X),
    ("exp", ONE_X),
    ("expm1", ONE_X),
    ("log1p", ONE_X),
    ("log2", ONE_X),
    ("log10", ONE_X),
    ("cos", ONE_X),
    ("sin", ONE_X),
    ("tan", ONE_X),
    ("acos", ONE_X),
    ("asin", ONE_X),
    ("atan", ONE_X),
    ("cosh", ONE_X),
    ("sinh", ONE_X),
    ("tanh", ONE_X),
    ("lgamma", ONE_X),
    ("gamma", ONE_X),
    ("abs", ONE_X),
    ("length", ONE_X),
    ("is.null", ONE_X),
    ("is.logical", ONE_X),
    ("is.integer", ONE_X),
    ("is.double", ONE_X),
    ("is.complex", ONE_X),
    ("is.character", ONE_X),
    ("is.symbol", ONE_X),
    ("is.environment", ONE_X),
    ("is.list", ONE_X),
    ("is.expression", ONE_X),
    ("is.raw", ONE_X),
    ("is.numeric", ONE_X),
    ("is.matrix", ONE_X),
    ("is.array", ONE_X),
    ("is.atomic", ONE_X),
    ("is.call", ONE_X),
    ("is.language", ONE_X),
    ("is.function", ONE_X),
    ("is.na", ONE_X),
    ("is.nan", ONE_X),
    ("is.finite", ONE_X),
    ("is.infinite", ONE_X),
    ("names", ONE_X),
    ("dim", ONE_X),
    ("dimnames", ONE_X),
    ("unclass", ONE_X),
    ("class", ONE_X),
    ("oldClass", ONE_X),
    ("attributes", ONE_X),
    ("as.call", ONE_X),
    (
        "seq_len",
        Arity {
            count: 1,
            formal: Some("length.out"),
        },
    ),
    (
        "seq_along",
        Arity {
            count: 1,
            formal: Some("along.with"),
        },
    ),
    ("Re", ONE_Z),
    ("Im", ONE_Z),
    ("Mod", ONE_Z),
    ("Arg", ONE_Z),
    ("Conj", ONE_Z),
    ("cumsum", ONE_ANY),
    ("cumprod", ONE_ANY),
    ("cummax", ONE_ANY),
    ("cummin", ONE_ANY),
    ("nargs", NONE),
    ("interactive", NONE),
    ("emptyenv", NONE),
    ("globalenv", NONE),
    ("proc.time", NONE),
];

/// The arity of the builtin named `name`, if R checks it.
pub fn of(name: &str) -> Option<Arity> {
    TABLE.iter().find(|(n, _)| *n == name).map(|&(_, a)| a)
}

impl Arity {
    /// R's checks of `args` for the primitive `name`. A single argument
    /// that passes loses its name, as in R (the primitive takes it by
    /// position: `cumsum(zz = 1)` is `cumsum(1)`).
    pub fn check(self, name: &str, args: &mut Args) -> RResult<()> {
        let n = args.values.len();
        if n != self.count {
            let noun = if n == 1 { "argument" } else { "arguments" };
            return Err(RError::new(format!(
                "{n} {noun} passed to '{name}' which requires {}",
                self.count
            )));
        }
        if let (Some(formal), Some(Some(given))) = (self.formal, args.names.first()) {
            if !formal.starts_with(&**given) {
                return Err(RError::new(format!(
                    "supplied argument name '{given}' does not match '{formal}'"
                )));
            }
        }
        if let Some(given) = args.names.first_mut() {
            *given = None;
        }
        Ok(())
    }
}
