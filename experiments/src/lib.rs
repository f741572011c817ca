//! `experiments`: the benchmark programs (`experiments/micro/*.R`) and native
//! Rust baselines (`bin/native_kernels.rs`); the experiment harness (in-process
//! iterations, JSON results, plots) will live here. It depends on every other
//! crate and nothing depends on it.
