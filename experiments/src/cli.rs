//! The command line of the `experiments` binary (clap).

use crate::schema::Mode;
use clap::{Args, Parser, Subcommand};
use serde::{Deserialize, Serialize};
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
    /// Run experiments (`all`, or names from `list`) into a scratch
    /// directory (`target/experiments`) unless `--out` says otherwise.
    /// `run all`: 8 to 16 minutes on 2 cores; `run all --quick`: about 3 minutes.
    Run(RunArgs),
    /// The reference run: `run all` with the full settings into the
    /// repository's `results/` (the committed results and figures).
    /// As long as `run all`: 8 to 16 minutes on 2 cores.
    Reference(ReferenceArgs),
    /// Redraw figures from existing results (`DIR/NAME.json`).
    Plot {
        /// Experiment names, or `all` (the default).
        names: Vec<String>,
        /// The directory holding the JSON files (it must exist).
        #[arg(long, default_value = scratch_dir())]
        out: PathBuf,
    },
    /// Write the full matrix of the named experiments as independent jobs
    /// (one per invocation) to `DIR/jobs.jsonl`, without measuring.
    Plan(PlanArgs),
    /// One measured process: `--jobs DIR/jobs.jsonl --index K` runs job K of
    /// a plan (K defaults to `SLURM_ARRAY_TASK_ID`) and writes
    /// `DIR/shards/K.json`; the harness also re-executes itself as a worker.
    Worker(WorkerArgs),
    /// Combine a plan's shards into the JSON, figures and summary of a
    /// local run.
    Merge {
        /// The plan's directory (`experiments plan --dir`).
        dir: PathBuf,
        /// Where the results go (created if missing; default: the scratch
        /// directory).
        #[arg(long, default_value = scratch_dir())]
        out: PathBuf,
    },
}

#[derive(Args, Clone, Debug, Serialize, Deserialize)]
pub struct RunArgs {
    /// Experiment names, or `all`.
    #[arg(required = true)]
    pub names: Vec<String>,
    /// Small defaults: `run all --quick` takes about 3 minutes on 2 cores.
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
    /// Where results go (created if missing). The default is a scratch
    /// directory; `--out results` (or `experiments reference`) writes the
    /// committed reference results.
    #[arg(long, default_value = scratch_dir())]
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

/// The scratch directory of ad-hoc runs: `target/experiments` of the
/// workspace this binary was built from.
pub const fn scratch_dir() -> &'static str {
    concat!(env!("CARGO_MANIFEST_DIR"), "/../target/experiments")
}

/// The committed reference results: the workspace's `results/`.
pub const fn reference_dir() -> &'static str {
    concat!(env!("CARGO_MANIFEST_DIR"), "/../results")
}

#[derive(Args, Clone, Debug)]
pub struct PlanArgs {
    #[command(flatten)]
    pub run: RunArgs,
    /// Where the jobs go (`DIR/jobs.jsonl`, `DIR/plan.json`, `DIR/shards/`).
    #[arg(long)]
    pub dir: PathBuf,
}

#[derive(Args, Clone, Debug)]
pub struct ReferenceArgs {
    /// Seconds before a worker process is killed and reported as failed.
    #[arg(long, default_value_t = 600)]
    pub timeout: u64,
    /// Skip GNU R even when `Rscript` is on PATH.
    #[arg(long)]
    pub no_gnur: bool,
}

impl ReferenceArgs {
    /// `run all --out results` with every default.
    pub fn run_args(&self) -> RunArgs {
        let mut a = vec!["experiments", "run", "all", "--out", reference_dir()];
        if self.no_gnur {
            a.push("--no-gnur");
        }
        let t = self.timeout.to_string();
        a.extend(["--timeout", t.as_str()]);
        match Cli::parse_from(a).cmd {
            Command::Run(r) => r,
            _ => unreachable!("parsed a run command"),
        }
    }
}

/// A probability in [0, 1] (NaN and values outside are usage errors).
pub fn probability(s: &str) -> Result<f64, String> {
    let p: f64 = s.parse().map_err(|_| format!("'{}' is not a number", s))?;
    if (0.0..=1.0).contains(&p) {
        Ok(p)
    } else {
        Err(format!("'{}' is not a probability in [0, 1]", s))
    }
}

#[derive(Args, Clone, Debug)]
pub struct WorkerArgs {
    /// A plan's jobs file: run one job of it (`--index`) and write its shard.
    #[arg(long, conflicts_with = "mode")]
    pub jobs: Option<PathBuf>,
    /// The job to run (default: `SLURM_ARRAY_TASK_ID`).
    #[arg(long, requires = "jobs")]
    pub index: Option<usize>,
    /// The R program, or the native kernel's name with `--mode native`.
    #[arg(long, default_value = "")]
    pub program: String,
    #[arg(long, value_enum)]
    pub mode: Option<Mode>,
    #[arg(long, default_value_t = 10)]
    pub iterations: usize,
    #[arg(long, default_value_t = 0.0, value_parser = probability)]
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
