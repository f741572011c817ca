//! `vm`: the R front end and the profiling interpreter — lexer, parser, AST,
//! bytecode compiler, values, builtins, printing, type feedback, and the hooks
//! through which the interpreter calls up into the tiers above.
//!
//! It must not know about Cranelift, native code, OSR or deoptless: the tiers
//! above plug into the interpreter; `vm` never names them.
//!
//! Inside the crate, modules depend one way, each layer only on those below:
//!
//! 1. leaves: `ast`, `symbols`, `lexer`, `parser`, `value`, `env`, `coerce`,
//!    `format`, `deparse`, `print`, `error`, `args`, `limits`, `feedback`,
//!    `bytecode` (with the operator enums `ArithOp`/`CmpOp`), `compile`,
//!    `rng`, `builtin_names` (the builtins' names by id), `datasets`,
//!    `namespace` (what `pkg::name` denotes);
//! 2. `builtins` and `interp`, one layer: a builtin takes the `&mut Interp`
//!    and the interpreter calls the builtins (`builtins::table`);
//! 3. `driver` (running whole programs).
//!
//! No leaf names `builtins`, `interp` or `driver` (outside unit tests): what a
//! leaf needs of a builtin lives in a leaf (the builtins' names, `fround` in
//! `format`, `env_label` in `env`, `REFLECTIVE` in `compile`, `namespace`).

pub mod args;
pub mod ast;
pub mod builtin_names;
pub mod builtins;
pub mod bytecode;
pub mod coerce;
pub mod compile;
pub mod datasets;
#[rustfmt::skip]
mod datasets_data;
pub mod deparse;
pub mod driver;
pub mod env;
pub mod error;
pub mod feedback;
pub mod format;
pub mod interp;
pub mod lang;
pub mod lexer;
pub mod limits;
pub mod namespace;
pub mod parser;
pub mod print;
pub mod rng;
pub mod symbols;
pub mod value;
