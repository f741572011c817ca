//! `pkg::name` and `pkg:::name`: the packages Rscript attaches or ships with
//! base R (`base stats utils methods datasets graphics grDevices`) resolve to
//! the builtin of that name (whatever the program bound to the name itself), to
//! a base constant (`pi`, `T`, `letters`, …) or to a dataset (`volcano`). Other
//! packages and names dlvm does not have stop with `unsupported`.
//!
//! The bytecode compiler resolves `pkg::name` with symbol or string operands
//! once, to a constant; the builtins `::` and `:::` do the same at run time
//! (`` `::`("stats", "sd") ``, and the error cases).

use super::BuiltinDef;
use crate::args::Args;
use crate::error::{RError, RResult};
use crate::interp::Interp;
use crate::value::*;

pub const BUILTINS: &[BuiltinDef] = &[
    BuiltinDef::new("::", bi_ns_get),
    BuiltinDef::new(":::", bi_ns_get_int),
];

/// The packages whose objects `::` finds among dlvm's builtins.
pub const PACKAGES: &[&str] = &[
    "base",
    "stats",
    "utils",
    "methods",
    "datasets",
    "graphics",
    "grDevices",
];

/// Base R's constants (fresh values: a program's own `pi <- 3` does not
/// change `base::pi`).
fn base_constant(name: &str) -> Option<Value> {
    let letters: Vec<String> = (b'a'..=b'z').map(|c| (c as char).to_string()).collect();
    Some(match name {
        "pi" => Value::Dbl(std::f64::consts::PI),
        "T" => Value::Lgl(1),
        "F" => Value::Lgl(0),
        "letters" => Value::strs(&letters),
        "LETTERS" => {
            let up: Vec<String> = letters.iter().map(|s| s.to_uppercase()).collect();
            Value::strs(&up)
        }
        _ => return None,
    })
}

/// The value of `pkg::name` (`op` is `::` or `:::`), or the error it gives.
pub fn resolve(op: &str, pkg: &str, name: &str) -> RResult<Value> {
    if !PACKAGES.contains(&pkg) {
        return Err(RError::unsupported(format!(
            "packages (package '{}' in {}{}{})",
            pkg, pkg, op, name
        )));
    }
    if let Some(v) = super::lookup(name) {
        return Ok(v);
    }
    if let Some(v) = base_constant(name) {
        return Ok(v);
    }
    if let Some(v) = super::datasets::dataset(name) {
        return Ok(v);
    }
    if let Some(what) = crate::interp::unsupported_feature(name) {
        return Err(RError::unsupported(format!(
            "{} ({}{}{})",
            what, pkg, op, name
        )));
    }
    Err(RError::unsupported(format!(
        "{}{}{} (not a dlvm builtin)",
        pkg, op, name
    )))
}

fn ns_get(args: Args, op: &str) -> RResult<Value> {
    let mut b = args.bind(&["pkg", "name"])?;
    let mut part = |i: usize, formal: &str| -> RResult<String> {
        let v = b.take(i).ok_or_else(|| {
            RError::new(format!(
                "argument \"{}\" is missing, with no default",
                formal
            ))
        })?;
        match v.as_vector().map(|v| v.data.clone()) {
            Some(VecData::Str(s)) if s.len() == 1 && s[0].is_some() => {
                Ok(s[0].as_deref().unwrap_or_default().to_string())
            }
            _ => Err(RError::new("bad operand")),
        }
    };
    let pkg = part(0, "pkg")?;
    let name = part(1, "name")?;
    resolve(op, &pkg, &name)
}

fn bi_ns_get(_: &mut Interp, args: Args) -> RResult<Value> {
    ns_get(args, "::")
}

fn bi_ns_get_int(_: &mut Interp, args: Args) -> RResult<Value> {
    ns_get(args, ":::")
}
