//! `deoptless`: the engine that wires the tiers together and the `dlvm`
//! command-line program. It owns the run configuration (mode, thresholds, chaos),
//! the statistics and event traces, `DeoptContext` and the dispatch tables, the
//! feedback cleanup, continuations and their transfers to cached OSR-in loop
//! code (see docs/DESIGN.md). It must not know about the experiment
//! harness.

pub mod alloc;
pub mod cleanup;
pub mod config;
pub mod context;
pub mod engine;
pub mod session;
pub mod stats;
