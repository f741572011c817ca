//! The run configuration shared by the command line and the experiment harness.

use serde::Serialize;

/// Execution mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// The profiling bytecode interpreter only.
    Interp,
    /// Optimizing JIT; failing assumptions deoptimize to the interpreter (OSR-out).
    Deopt,
    /// Optimizing JIT; failing assumptions dispatch to specialized continuations.
    Deoptless,
}

#[derive(Clone, Debug, Serialize)]
pub struct Config {
    pub mode: Mode,
    pub jit_threshold: u32,
    pub osr_threshold: u32,
    pub chaos: f64,
    pub seed: u64,
    pub max_continuations: usize,
    pub deoptless_depth: u32,
    pub verify_contexts: bool,
    /// Verify the IR of every compile, as built and after the passes (debug
    /// builds always do); invalid IR aborts the run (exit 70) with the
    /// verifier's errors and the IR.
    pub verify_ir: bool,
    /// Print the machine code of every compiled version to stderr.
    pub dump_native: bool,
    /// Print the optimized IR of every compiled version and continuation to
    /// stderr when it is compiled (`--dump ir`).
    pub dump_ir: bool,
    /// Do not install code `compiler::profit` estimates slower than the
    /// interpreter (`--profitability-check`; off by default: compiled
    /// generic code is no slower than the interpreter's own execution).
    pub profitability_check: bool,
    /// Deoptless continuations end at the loop headers they reach and hand
    /// over to the loop's (cached) OSR-in code (`Entry::transfer_at_loop_headers`).
    pub transfer_at_loop_headers: bool,
    /// Append a line per compiled version, OSR-in entry and continuation to
    /// `/tmp/perf-PID.map` (Linux perf's map for JIT code), so that `perf
    /// report` names compiled code (`--perf-map`).
    pub perf_map: bool,
    /// Calls from compiled code to compiled code run without an interpreter
    /// frame until observed (`ExitHandler::call_direct`; on by default,
    /// `--no-direct-calls` turns it off).
    pub direct_calls: bool,
    /// Inline closures' bodies into their callers (`--no-inline` turns it
    /// off: every call of a closure is a call, for measuring calls).
    pub inline_calls: bool,
    /// Compile function versions on a second thread while the interpreter
    /// goes on (`engine::background`; `--background-compile`). Off here, for
    /// experiments and tests that count compiles; the command line's default
    /// is on.
    pub background_compile: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            mode: Mode::Deoptless,
            jit_threshold: 100,
            osr_threshold: 5000,
            chaos: 0.0,
            seed: 0,
            max_continuations: 5,
            deoptless_depth: 0,
            verify_contexts: false,
            verify_ir: false,
            dump_native: false,
            dump_ir: false,
            profitability_check: false,
            transfer_at_loop_headers: true,
            perf_map: false,
            direct_calls: true,
            inline_calls: true,
            background_compile: false,
        }
    }
}
