//! Generated-program differential testing of dlvm (issue 19).
//!
//! - [`gen`]: a seeded generator of R-subset programs weighted toward what
//!   speculation gets wrong;
//! - [`program`]: programs as statement trees, and the shrinking steps;
//! - [`runner`]: runs a program in `--mode interp` and every JIT
//!   configuration (and GNU R when installed), compares stdout, stderr and
//!   exit status, and shrinks a divergent program to a small reproducer.
//!
//! The fixed-seed CI batch is `deoptless/tests/difftest.rs`; the long run is
//! `scripts/difffuzz --hours N` (the `difffuzz` binary of this crate).

pub mod gen;
pub mod program;
pub mod runner;

pub use gen::Gen;
pub use program::{Node, Program};
pub use runner::{jit_configs, reference, Config, Divergence, Outcome, Runner};
