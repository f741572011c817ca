//! `osr`: on-stack replacement between the interpreter and compiled code.
//! OSR-out (deoptimization) rebuilds the interpreter frame from an exit's frame
//! state and finishes the activation there (`deopt`). OSR-in (`osr_in`) turns
//! the state of a running activation at a loop header into the entry of a
//! compiled continuation; deoptless continuations use the same entry form.
//!
//! `exit` decodes an exit (the compiler's format) into interpreter values
//! (`ExitState`) and writes published call states into observed frames.
//!
//! It knows the interpreter and the compiler's exit format, not the policy that
//! decides between deoptimization and deoptless dispatch.

pub mod deopt;
pub mod exit;
pub mod osr_in;
