//! `vm`: the R front end and the profiling interpreter — lexer, parser, AST,
//! bytecode compiler, values, builtins, printing, type feedback, and the hooks
//! through which the interpreter calls up into the tiers above.
//!
//! It must not know about Cranelift, native code, OSR or deoptless: the tiers
//! implement `interp::TierHooks` (defined here) and are plugged in at run time.

pub mod args;
pub mod ast;
pub mod builtins;
pub mod bytecode;
pub mod coerce;
pub mod deparse;
pub mod env;
pub mod error;
pub mod format;
pub mod interp;
pub mod lexer;
pub mod parser;
pub mod print;
pub mod value;
