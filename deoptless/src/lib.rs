//! `deoptless`: the engine that wires the tiers together and the `dlvm`
//! command-line program. It owns the run configuration (mode, thresholds, chaos),
//! the statistics and event traces; `DeoptContext`, dispatch tables and
//! continuations will live here (see ../shared/DESIGN.md). It must not know about
//! the experiment harness.

pub mod cleanup;
pub mod config;
pub mod context;
pub mod engine;
pub mod session;
pub mod stats;
