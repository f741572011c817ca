//! The result files' schema: every JSON file the harness writes (and every line a
//! worker prints) is one of these serde types, so the schema is the code.
//! `experiments/SCHEMA.md` describes the same types for readers.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Bumped when a field changes meaning or disappears.
pub const SCHEMA_VERSION: u32 = 2;

/// How a configuration is executed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[derive(clap::ValueEnum)]
pub enum Mode {
    /// dlvm's profiling bytecode interpreter only.
    Interp,
    /// dlvm's JIT; failing speculation deoptimizes.
    Deopt,
    /// dlvm's JIT; failing speculation dispatches to specialized continuations.
    Deoptless,
    /// GNU R (`Rscript`), for reference.
    Gnur,
    /// A hand-written Rust kernel, for reference.
    Native,
}

impl Mode {
    /// The command-line / JSON spelling.
    pub fn id(self) -> &'static str {
        match self {
            Mode::Interp => "interp",
            Mode::Deopt => "deopt",
            Mode::Deoptless => "deoptless",
            Mode::Gnur => "gnur",
            Mode::Native => "native",
        }
    }

    /// The name shown in plots and tables.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Interp => "interp",
            Mode::Deopt => "deopt",
            Mode::Deoptless => "deoptless",
            Mode::Gnur => "GNU R",
            Mode::Native => "native",
        }
    }
}

/// One configuration: what a worker process is asked to run. Everything that
/// can change a measurement is here.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunConfig {
    /// The R program (path as given), or the native kernel's name.
    pub program: String,
    pub mode: Mode,
    /// Timed calls of `run()` after the program's top level has run once.
    pub iterations: usize,
    /// Probability that a speculation check fails although it holds.
    pub chaos: f64,
    pub jit_threshold: u32,
    pub osr_threshold: u32,
    pub max_continuations: usize,
    pub deoptless_depth: u32,
    /// Whether the worker collected trace-derived latencies.
    pub trace: bool,
    /// Problem size of a native kernel (elements; 0 for R programs).
    #[serde(default)]
    pub native_size: usize,
    /// The R call timed per iteration when it is not `run()`, e.g.
    /// `execute(35L)` for a program of the Ř suite's convention.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entry: Option<String>,
}

/// What one worker process reports (one JSON object on its stdout).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct WorkerOutput {
    /// Wall time of each timed `run()` call, in nanoseconds.
    pub iter_ns: Vec<u64>,
    /// Wall time of loading the program (its top level, including one `run()`).
    pub load_ns: u64,
    /// Peak resident set size of the worker process (VmHWM), in KiB.
    pub peak_rss_kib: Option<u64>,
    /// The VM's counters at the end (absent for GNU R and native kernels).
    pub counters: Option<VmCounters>,
    /// Trace-derived latency lists (only with `--trace`).
    pub latencies: Option<Latencies>,
}

/// The VM's counters: `deoptless::stats::Stats` itself (results written
/// before a counter existed read it as 0; counters since dropped are ignored).
pub type VmCounters = deoptless::stats::Stats;

/// Numbers taken from the VM's trace events (`--trace-events` JSONL), in ns.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Latencies {
    /// `deopt` events' `exit_ns`: failing check → interpreter resumes.
    pub exit_ns: Vec<u64>,
    /// `dispatch` events' `ns`: failing check → continuation entered.
    pub dispatch_ns: Vec<u64>,
    pub dispatch_hits: u64,
    pub dispatch_misses: u64,
    /// `continuation_compiled` events' `ns`.
    pub continuation_compile_ns: Vec<u64>,
    /// `compile` events' `ns` (whole functions).
    pub function_compile_ns: Vec<u64>,
    /// How many events of each kind the trace held.
    pub event_counts: BTreeMap<String, u64>,
}

/// One invocation (one worker process) of a configuration.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Invocation {
    pub index: usize,
    /// The chaos seed this process used.
    pub seed: u64,
    /// The worker's report; absent when it failed.
    pub output: Option<WorkerOutput>,
    /// Why the worker failed (non-zero status, timeout, R error), if it did.
    pub error: Option<String>,
}

/// min / median / max / geometric mean of a sample.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub n: usize,
    pub geomean: f64,
    pub mean: f64,
    pub min: f64,
    pub median: f64,
    pub max: f64,
}

/// All invocations of one configuration.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Run {
    /// Short name: the program's stem, e.g. `phase_sum`.
    pub benchmark: String,
    pub config: RunConfig,
    pub invocations: Vec<Invocation>,
    /// Per-iteration time in ms over every successful invocation, warmup
    /// iterations excluded; `None` if no invocation succeeded.
    pub time_ms: Option<Summary>,
    /// Steady-state classification of the invocations' time series.
    #[serde(default)]
    pub steady_state: Option<SteadyState>,
}

/// Steady state of one configuration after Barrett et al. (2017): each
/// invocation's per-iteration times are segmented by changepoints
/// (`methodology::changepoints`) and classified; the configuration's class is
/// the invocations' common class, or `inconsistent`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SteadyState {
    /// `flat`, `warm-up`, `slow-down`, `no steady state`, or `inconsistent`.
    pub class: String,
    /// The class of each successful invocation, in order.
    pub invocations: Vec<String>,
    /// Changepoints of each successful invocation: indices (0-based) of the
    /// first iteration of each segment after the first.
    pub changepoints: Vec<Vec<usize>>,
}

/// A 95% percentile-bootstrap confidence interval.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ci {
    pub lo: f64,
    pub hi: f64,
    /// Confidence level (0.95).
    pub level: f64,
    pub resamples: usize,
    pub seed: u64,
}

/// A program that failed in some mode: never dropped silently.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Failure {
    pub benchmark: String,
    /// The mode it failed in, or `all` when it was not run at all (no
    /// driver entry point, no parameter).
    pub mode: String,
    /// Failed invocations and invocations in all (0 of 0 when not run).
    pub failed: usize,
    pub of: usize,
    /// The first line of the (first) error.
    pub error: String,
}

/// The suite-level speedup: geometric mean over benchmarks of the
/// per-benchmark geomean speedups, with its bootstrap interval.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SuiteSpeedup {
    pub benchmarks: usize,
    pub geomean: f64,
    pub ci95: Option<Ci>,
}

impl Run {
    /// Successful invocations' outputs.
    pub fn outputs(&self) -> impl Iterator<Item = &WorkerOutput> {
        self.invocations.iter().filter_map(|i| i.output.as_ref())
    }

    /// Whether every invocation failed (or there were none).
    pub fn failed(&self) -> bool {
        self.outputs().next().is_none()
    }
}

/// Speedup of `candidate` over `baseline` on one benchmark: per invocation and
/// iteration, time(baseline)[i] / time(candidate)[i].
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Speedup {
    pub benchmark: String,
    pub baseline: Mode,
    pub candidate: Mode,
    /// `ratios[invocation][iteration]`, warmup iterations included.
    pub ratios: Vec<Vec<f64>>,
    /// Over all invocations, warmup iterations excluded.
    pub summary: Option<Summary>,
    /// 95% bootstrap interval of `summary.geomean` (`methodology::bootstrap_geomean`).
    #[serde(default)]
    pub ci95: Option<Ci>,
}

/// A distribution of trace-derived costs (the `costs` experiment).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Distribution {
    /// e.g. `exit latency`.
    pub name: String,
    pub mode: Mode,
    /// Raw samples in ns, over every program and invocation.
    pub samples_ns: Vec<u64>,
    pub summary_ns: Option<Summary>,
    /// Why the distribution is empty, if it is.
    pub note: Option<String>,
}

/// A number shown in the end-of-run summary table.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Headline {
    pub label: String,
    pub value: String,
}

/// The machine the results come from.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Machine {
    pub cpu_model: String,
    pub cores: usize,
    pub os: String,
    pub hostname: String,
}

/// The source revision the results come from.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Revision {
    /// `git rev-parse HEAD`, or `unknown`.
    pub commit: String,
    /// Whether the working tree had uncommitted changes.
    pub dirty: bool,
}

/// The settings an experiment ran with (after defaults and command-line options).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Settings {
    pub invocations: usize,
    pub iterations: usize,
    /// Leading iterations excluded from summaries (still in the raw data).
    pub warmup: usize,
    /// Base seed; invocation k uses `seed + k`.
    pub seed: u64,
    pub quick: bool,
    /// Seconds before a worker is killed.
    pub timeout_s: u64,
}

/// `results/NAME.json`: everything one experiment measured.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ExperimentResult {
    pub schema_version: u32,
    pub experiment: String,
    pub description: String,
    /// Seconds since the Unix epoch when the experiment finished.
    pub finished_unix_s: u64,
    pub machine: Machine,
    pub revision: Revision,
    pub settings: Settings,
    pub runs: Vec<Run>,
    pub speedups: Vec<Speedup>,
    pub distributions: Vec<Distribution>,
    pub headlines: Vec<Headline>,
    /// Skipped parts, missing programs, failed workers, methodology remarks.
    pub notes: Vec<String>,
    /// Programs that failed, per mode (also in `notes`, per invocation).
    #[serde(default)]
    pub failures: Vec<Failure>,
    /// Speedup experiments: the suite geomean and its interval.
    #[serde(default)]
    pub suite_speedup: Option<SuiteSpeedup>,
}
