//! What a builtin's call can do to the variables of the code calling it.
//!
//! Compiled code keeps some locals in the frame as well as in registers:
//! top-level code's (global bindings), a function's that its closures share,
//! and every local of a function that names frames (`FunctionCode::
//! reflective`: `exists`, `assign`, ...). Around a call of R code it writes
//! them back and reads them again, since the callee may see or assign them.
//! Most builtins do neither: they run no R code (no function argument, no
//! S3 dispatch to a user's method) and name no environment. Around them the
//! registers stay as they are (`compiler::build::frame_sync`).
//!
//! A warning or error a `Blind` builtin raises can run R code in the middle
//! of it: a calling handler (`withCallingHandlers`). The table stays as it
//! is; instead, while calling handlers are established, no compiled code
//! runs for a function whose registers a handler could assign behind its
//! back (one that makes closures, a reflective one, top-level code:
//! `FunctionCode::shares_frame`, `Interp::native_ok`). The locals of any
//! other function are its own: a handler established outside it cannot
//! name them. Compiled code entered before the handlers were established
//! is suspended in a call of R code (`Any`) or in a region the interpreter
//! runs until they are gone. (`withCallingHandlers`, `withRestarts`,
//! `tryCatch` are regions, not builtins; `signalCondition`, `warning`,
//! `message`, `invokeRestart` are `Any`.)

use super::BuiltinDef;
use std::sync::OnceLock;

/// The effect of a builtin's call on the caller's variables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FrameEffect {
    /// Reads and writes none (and runs no R code).
    Blind,
    /// May read the caller's frame by name (`exists`, `get`): it must be up
    /// to date before the call; nothing is written.
    Reads,
    /// Anything: R code may run and assign the caller's variables.
    Any,
}

/// Builtins that run no R code and see no frame: arithmetic, strings,
/// construction and inspection of vectors. A name here that is also an S3
/// generic (`S3_GENERICS`) still counts as `Any` (a user's method may run).
/// `length` and `seq_along` stay here though a user's `length.cls` may run
/// (`Interp::dispatch_internal`): the IR builder treats that case as it
/// treats the operators (`compiler::build::frame_sync`, `may_run_method`).
const BLIND: &[&str] = &[
    "abs",
    "sqrt",
    "exp",
    "log",
    "log2",
    "log10",
    "log1p",
    "expm1",
    "sin",
    "cos",
    "tan",
    "floor",
    "ceiling",
    "trunc",
    "round",
    "signif",
    "max",
    "min",
    "pmax",
    "pmin",
    "sum",
    "prod",
    "cumsum",
    "cumprod",
    "range",
    "length",
    "nchar",
    "substr",
    "substring",
    "paste",
    "paste0",
    "sprintf",
    "toupper",
    "tolower",
    "strsplit",
    "strtoi",
    "chartr",
    "startsWith",
    "endsWith",
    "trimws",
    "c",
    "vector",
    "numeric",
    "integer",
    "character",
    "logical",
    "list",
    "rep",
    "rep_len",
    "seq_len",
    "seq_along",
    "names",
    "is.na",
    "is.null",
    "is.numeric",
    "is.character",
    "is.list",
    "is.function",
    "which",
    "which.max",
    "which.min",
    "order",
    "match",
    "%in%",
    "identical",
    "any",
    "all",
    "ifelse",
    "nrow",
    "ncol",
    "dim",
    "matrix",
    "as.integer",
    "as.numeric",
    "as.double",
    "as.logical",
    "as.vector",
    "unlist",
    "new.env",
    "setNames",
    "head",
    "tail",
    "append",
    "tabulate",
    "bitwAnd",
    "bitwOr",
    "bitwXor",
    "utf8ToInt",
    "intToUtf8",
    "is.environment",
    "xor",
    "isTRUE",
    "isFALSE",
    "nlevels",
    "var",
    "sd",
    // (The generator's state is the interpreter's, not a variable: dlvm has
    // no `.Random.seed` binding.)
    "runif",
    "rnorm",
    "rexp",
    "rpois",
    "rbinom",
    "sample",
    "sample.int",
    "set.seed",
    "grepl",
    "grep",
    "sub",
    "gsub",
    "regexpr",
    "gregexpr",
    "regexec",
    "regmatches",
    "is.call",
    "is.name",
    "is.symbol",
    "is.language",
    "is.expression",
];

/// Builtins that read the caller's frame by name but write nothing.
const READS: &[&str] = &[
    "exists",
    "get",
    "get0",
    "mget",
    "ls",
    "objects",
    "environment",
    "parent.frame",
];

/// The frame effect of builtin `id`.
pub fn frame_effect(id: u16) -> FrameEffect {
    static T: OnceLock<Vec<FrameEffect>> = OnceLock::new();
    let t = T.get_or_init(|| {
        let table = super::table();
        let of = |d: &BuiltinDef, k: usize| {
            if table.generic[k].is_some() {
                FrameEffect::Any
            } else if BLIND.contains(&d.name) {
                FrameEffect::Blind
            } else if READS.contains(&d.name) {
                FrameEffect::Reads
            } else {
                FrameEffect::Any
            }
        };
        table
            .defs
            .iter()
            .enumerate()
            .map(|(k, d)| of(d, k))
            .collect()
    });
    t.get(id as usize).copied().unwrap_or(FrameEffect::Any)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_name_is_a_builtin() {
        let names = crate::builtin_names::by_name();
        for n in BLIND.iter().chain(READS) {
            assert!(names.contains_key(n), "{n} is not a builtin");
        }
        let id = names["substr"];
        assert_eq!(frame_effect(id), FrameEffect::Blind);
        assert_eq!(frame_effect(names["exists"]), FrameEffect::Reads);
        assert_eq!(frame_effect(names["sapply"]), FrameEffect::Any);
        // An S3 generic may run a user's method.
        assert_eq!(frame_effect(names["range"]), FrameEffect::Any);
        // Signalling runs handlers (R code).
        for n in [
            "signalCondition",
            "invokeRestart",
            "warning",
            "message",
            "stop",
        ] {
            assert_eq!(frame_effect(names[n]), FrameEffect::Any, "{n}");
        }
    }
}
