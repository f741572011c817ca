//! `experiments`: the harness that reproduces dlvm's experiments and figures.
//!
//! It owns the experiment definitions (`experiments/`), the worker processes
//! that measure one configuration each (`worker`), the methodology (warmup,
//! per-iteration speedups, summaries), the result schema (`schema`, documented
//! in `SCHEMA.md`), the plots, and the native Rust baselines. It drives the VM
//! only through `deoptless::session::Session`, `Config` and `Stats`, and knows
//! nothing else of the VM's internals. The R programs it measures live in
//! `experiments/bench/` and `experiments/programs/` and are discovered by
//! globbing. Nothing depends on this crate.

pub mod cli;
pub mod driver;
pub mod experiments;
pub mod glyph_text;
pub mod harness;
pub mod jobs;
pub mod methodology;
pub mod native;
pub mod plots;
pub mod process;
pub mod provenance;
pub mod report;
pub mod rscript;
pub mod schema;
pub mod suite;
pub mod trace;
pub mod worker;
