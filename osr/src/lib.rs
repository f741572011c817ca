//! `osr`: on-stack replacement between the interpreter and compiled code.
//! OSR-out (deoptimization) rebuilds the interpreter frame from an exit's frame
//! state and finishes the activation there. OSR-in (entering a continuation in
//! the middle of a loop) is to come.
//!
//! It knows the interpreter and the compiler's exit state, not the policy that
//! decides between deoptimization and deoptless dispatch.

pub mod deopt;
