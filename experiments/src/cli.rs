//! The command line of the `experiments` binary (clap).

use crate::schema::Mode;
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

#[derive(Parser)]
#[command(
    name = "experiments",
    about = "Reproduce dlvm's experiments: JSON results and PNG/SVG figures"
)]
pub struct Cli {
    #[command(subcommand)]
    pub cmd: Command,
}

#[derive(Subcommand)]
pub enum Command {
    /// List the experiments with one-line descriptions.
    List,
    /// Run experiments (`all`, or names from `list`).
    Run(RunArgs),
    /// Redraw figures from existing results (`DIR/NAME.json`).
    Plot {
        /// Experiment names, or `all` (the default).
        names: Vec<String>,
        #[arg(long, default_value = "results")]
        out: PathBuf,
    },
    /// Internal: one measured process (the harness re-executes itself).
    #[command(hide = true)]
    Worker(WorkerArgs),
}

#[derive(Args, Clone, Debug)]
pub struct RunArgs {
    /// Experiment names, or `all`.
    #[arg(required = true)]
    pub names: Vec<String>,
    /// Small defaults: everything within about 2 minutes on 2 cores.
    #[arg(long)]
    pub quick: bool,
    /// Processes per configuration (overrides the experiment's default).
    #[arg(long)]
    pub invocations: Option<usize>,
    /// Timed `run()` calls per process (overrides the experiment's default).
    #[arg(long)]
    pub iterations: Option<usize>,
    /// Leading iterations excluded from summaries (overrides the default).
    #[arg(long)]
    pub warmup: Option<usize>,
    /// Where results go.
    #[arg(long, default_value = "results")]
    pub out: PathBuf,
    /// Base seed for chaos; invocation k uses seed + k.
    #[arg(long, default_value_t = 42)]
    pub seed: u64,
    /// Directory of the benchmark suite (`*.R`/`*.r`; programs with `run()`,
    /// or the Ř suite's `execute(n)` with a parameter from `suite.conf` or a
    /// `# param: N` comment). Used by random_deopt, memory and costs.
    #[arg(
        long = "suite",
        visible_alias = "bench-dir",
        value_name = "DIR",
        default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/bench")
    )]
    pub bench_dir: PathBuf,
    /// Directory of the experiment programs (phase_sum.R, colsum.R, reopt_*.R).
    #[arg(long, default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/programs"))]
    pub programs_dir: PathBuf,
    /// Seconds before a worker process is killed and reported as failed.
    #[arg(long, default_value_t = 600)]
    pub timeout: u64,
    /// Skip GNU R even when `Rscript` is on PATH.
    #[arg(long)]
    pub no_gnur: bool,
    /// Deoptless policy for every run: continuations per function (the
    /// VM's `--max-continuations`).
    #[arg(long, default_value_t = 5)]
    pub max_continuations: usize,
    /// Deoptless policy for every run: exits inside continuations that
    /// dispatch again (the VM's `--deoptless-depth`; 0 = as in Ř).
    #[arg(long, default_value_t = 0)]
    pub deoptless_depth: u32,
}

#[derive(Args, Clone, Debug)]
pub struct WorkerArgs {
    /// The R program, or the native kernel's name with `--mode native`.
    #[arg(long)]
    pub program: String,
    #[arg(long, value_enum)]
    pub mode: Mode,
    #[arg(long, default_value_t = 10)]
    pub iterations: usize,
    #[arg(long, default_value_t = 0.0)]
    pub chaos: f64,
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    #[arg(long, default_value_t = 100)]
    pub jit_threshold: u32,
    #[arg(long, default_value_t = 5000)]
    pub osr_threshold: u32,
    #[arg(long, default_value_t = 5)]
    pub max_continuations: usize,
    #[arg(long, default_value_t = 0)]
    pub deoptless_depth: u32,
    /// Collect trace events and report latency lists.
    #[arg(long)]
    pub trace: bool,
    /// Problem size of a native kernel.
    #[arg(long, default_value_t = 0)]
    pub native_size: usize,
    /// The R call to time instead of `run()` (e.g. `execute(35L)`).
    #[arg(long)]
    pub entry: Option<String>,
    /// Leave code `compiler::profit` judges slower than the interpreter to
    /// the interpreter (for comparing the policy; `scripts/coverage.py`).
    #[arg(long)]
    pub profitability_check: bool,
}
