//! The experiment registry: each experiment measures (through the harness,
//! producing an `ExperimentResult`) and plots (from that result alone, so a
//! figure can be redrawn from its JSON).

pub mod colsum;
pub mod common;
pub mod costs;
pub mod memory;
pub mod peak;
pub mod phase_sum;
pub mod random_deopt;
pub mod reopt;

use crate::cli::RunArgs;
use crate::harness::Harness;
use crate::schema::{ExperimentResult, Settings};
use anyhow::Result;
use std::path::Path;

/// Invocations × iterations, and how many leading iterations are warmup.
#[derive(Clone, Copy, Debug)]
pub struct Defaults {
    pub invocations: usize,
    pub iterations: usize,
    pub warmup: usize,
}

pub struct Experiment {
    pub name: &'static str,
    pub description: &'static str,
    /// `run all` (8 to 16 minutes on 2 cores together: 448 s quiet at de83964, 948 s shared at e46eaf3).
    pub full: Defaults,
    /// `run all --quick` (about 3 minutes together: 178 s on 2 shared cores).
    pub quick: Defaults,
    pub measure: fn(&mut Harness, &Settings) -> Result<ExperimentResult>,
    /// Draw `BASE.png` and `BASE.svg` from a result.
    pub plot: fn(&ExperimentResult, &Path) -> Result<()>,
}

const fn d(invocations: usize, iterations: usize, warmup: usize) -> Defaults {
    Defaults {
        invocations,
        iterations,
        warmup,
    }
}

/// Every experiment, in the order `run all` runs them.
pub const ALL: &[Experiment] = &[
    Experiment {
        name: "phase_sum",
        description: "per-iteration time, deopt vs deoptless, sum over int → double → complex → double phases",
        full: d(3, 20, 0),
        quick: d(1, 20, 0),
        measure: phase_sum::measure,
        plot: phase_sum::plot,
    },
    Experiment {
        name: "colsum",
        description: "per-iteration time, deopt vs deoptless, column sums over alternating int/double columns",
        full: d(3, 20, 0),
        quick: d(1, 10, 0),
        measure: colsum::measure,
        plot: colsum::plot,
    },
    Experiment {
        name: "random_deopt",
        description: "speedup of deoptless over deopt with random assumption failures (P=1/10000) over the benchmark suite (Figure 6)",
        full: d(3, 30, 5),
        quick: d(1, 8, 2),
        measure: random_deopt::measure,
        plot: random_deopt::plot,
    },
    Experiment {
        name: "memory",
        description: "peak RSS per process, deopt vs deoptless, same random failures, per benchmark",
        full: d(3, 30, 5),
        quick: d(1, 8, 2),
        measure: memory::measure,
        plot: memory::plot,
    },
    Experiment {
        name: "reopt",
        description: "reoptimization cases (stale feedback, RSA key changing type, shared function): per-iteration time",
        full: d(3, 20, 0),
        quick: d(1, 10, 0),
        measure: reopt::measure,
        plot: reopt::plot,
    },
    Experiment {
        name: "costs",
        description: "distributions of exit latency, dispatch latency, continuation and function compile time (trace events)",
        full: d(1, 10, 0),
        quick: d(1, 3, 0),
        measure: costs::measure,
        plot: costs::plot,
    },
    Experiment {
        name: "peak",
        description: "steady-state time per iteration: interpreter, deopt, deoptless, GNU R, native Rust",
        // phase_sum's input is double from call 16 on (the top level makes call 1).
        full: d(3, 25, 20),
        quick: d(1, 21, 18),
        measure: peak::measure,
        plot: peak::plot,
    },
];

pub fn find(name: &str) -> Option<&'static Experiment> {
    ALL.iter().find(|e| e.name == name)
}

/// The experiment's settings after `--quick` and the overriding options.
pub fn settings(e: &Experiment, args: &RunArgs) -> Settings {
    let base = if args.quick { e.quick } else { e.full };
    let iterations = args.iterations.unwrap_or(base.iterations).max(1);
    Settings {
        invocations: args.invocations.unwrap_or(base.invocations).max(1),
        iterations,
        warmup: args
            .warmup
            .unwrap_or(base.warmup)
            .min(iterations.saturating_sub(1)),
        seed: args.seed,
        quick: args.quick,
        timeout_s: args.timeout,
    }
}
