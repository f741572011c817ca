//! `vm`: the R front end and the profiling interpreter — lexer, parser, AST,
//! bytecode compiler, values, builtins, printing, type feedback, and the hooks
//! through which the interpreter calls up into the tiers above.
//!
//! It must not know about Cranelift, native code, OSR or deoptless: the tiers
//! above plug into the interpreter; `vm` never names them.

pub mod args;
pub mod ast;
pub mod builtins;
pub mod bytecode;
pub mod coerce;
pub mod compile;
pub mod deparse;
pub mod driver;
pub mod env;
pub mod error;
pub mod feedback;
pub mod format;
pub mod interp;
pub mod lexer;
pub mod limits;
pub mod parser;
pub mod print;
pub mod rng;
pub mod symbols;
pub mod value;
