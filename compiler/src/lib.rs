//! `compiler`: the optimizing compiler. Bytecode + type feedback + an entry state
//! → typed SSA IR with explicit `Checkpoint`/`FrameState`/`Assume` (ir.rs) →
//! passes → Cranelift → native code with exit metadata.
//!
//! It knows the interpreter's bytecode and value layout (the `vm` crate) but not
//! how exits are handled: deoptimization and deoptless live above it.

pub mod ir;
pub mod passes;
pub mod print;
pub mod verify;
