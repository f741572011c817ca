//! What `pkg::name` denotes when it resolves: for the packages Rscript
//! attaches or ships with base R (`PACKAGES`), the builtin of that name
//! (whatever the program bound to the name itself), a base constant (`pi`,
//! `T`, `letters`, …) or an embedded dataset (`volcano`).
//!
//! A leaf below the builtins: the bytecode compiler resolves `pkg::name` with
//! symbol or string operands to a constant with `lookup`, and the builtins
//! `::`/`:::` (`builtins::ns`) use it at run time and add the errors.

use crate::value::Value;

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

/// The value of `pkg::name` if it resolves (`None`: a package or name dlvm
/// does not have; `builtins::ns::resolve` says which).
pub fn lookup(pkg: &str, name: &str) -> Option<Value> {
    if !PACKAGES.contains(&pkg) {
        return None;
    }
    if let Some(id) = crate::builtin_names::id_of(name) {
        return Some(Value::Builtin(id));
    }
    base_constant(name).or_else(|| crate::datasets::dataset(name))
}
