//! `pkg::name` and `pkg:::name`: the packages Rscript attaches or ships with
//! base R (`base stats utils methods datasets graphics grDevices`) resolve to
//! the builtin of that name (whatever the program bound to the name itself), to
//! a base constant (`pi`, `T`, `letters`, …) or to a dataset (`volcano`). Other
//! packages and names dlvm does not have stop with `unsupported`.
//!
//! The bytecode compiler resolves `pkg::name` with symbol or string operands
//! once, to a constant; the builtins `::` and `:::` do the same at run time
//! (`` `::`("stats", "sd") ``, and the error cases). What a resolving
//! `pkg::name` denotes is the leaf module `crate::namespace`, shared by both;
//! this module adds the builtins and the errors.

use super::BuiltinDef;
use crate::args::Args;
use crate::error::{RError, RResult};
use crate::interp::Interp;
use crate::namespace::{self, PACKAGES};
use crate::value::*;

pub const BUILTINS: &[BuiltinDef] = &[
    BuiltinDef::new("::", bi_ns_get),
    BuiltinDef::new(":::", bi_ns_get_int),
];

/// The value of `pkg::name` (`op` is `::` or `:::`), or the error it gives.
pub fn resolve(op: &str, pkg: &str, name: &str) -> RResult<Value> {
    if !PACKAGES.contains(&pkg) {
        return Err(RError::unsupported(format!(
            "packages (package '{}' in {}{}{})",
            pkg, pkg, op, name
        )));
    }
    if let Some(v) = namespace::lookup(pkg, name) {
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
