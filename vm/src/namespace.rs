//! What `pkg::name` denotes when it resolves: for the packages Rscript
//! attaches or ships with base R (`PACKAGES`), the builtin of that name
//! (whatever the program bound to the name itself), a base constant (`pi`,
//! `T`, `letters`, `month.name`, …) or an embedded dataset (`volcano`).
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

/// English month names (base R's `month.name`).
pub const MONTH_NAME: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// Base R's constants that the global environment binds from the start
/// (besides those `Interp::new` binds): `month.name` and `month.abb`.
pub fn month_constants() -> [(&'static str, Value); 2] {
    let abb: Vec<&str> = MONTH_NAME.iter().map(|m| &m[..3]).collect();
    [
        ("month.name", Value::strs(&MONTH_NAME)),
        ("month.abb", Value::strs(&abb)),
    ]
}

/// Base R's constants (fresh values: a program's own `pi <- 3` does not
/// change `base::pi`).
fn base_constant(name: &str) -> Option<Value> {
    if let Some((_, v)) = month_constants().into_iter().find(|(n, _)| *n == name) {
        return Some(v);
    }
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
