//! Run statistics written by `--stats FILE.json`, and by the experiments
//! harness into its results (read back with missing fields as 0). Counters of
//! tiers that are not built yet stay 0.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Stats {
    pub mode: String,
    pub chaos: f64,
    pub seed: u64,
    pub functions_compiled: u64,
    /// Time the interpreter's thread spent compiling (with
    /// `--background-compile`, building the IR and installing the code).
    pub compile_ns_total: u64,
    /// Versions compiled in the background, and the time the worker thread
    /// spent on them (passes, lowering, machine code).
    pub background_compiles: u64,
    pub background_worker_ns_total: u64,
    pub exits: u64,
    pub chaos_exits: u64,
    pub deopts: u64,
    /// OSR-in entries (compiled, or `osr_reused`: cached code entered again).
    pub osr_in: u64,
    pub osr_reused: u64,
    /// Deoptless continuations that reached a loop header and went on in
    /// its OSR-in code (or the interpreter).
    pub transfers: u64,
    /// Deoptless: origin versions retired for exiting on nearly every call
    /// since they were installed (compiled from a profile that did not fit).
    pub stale_versions_retired: u64,
    pub deoptless_dispatch_hits: u64,
    pub deoptless_dispatch_misses: u64,
    pub continuations_compiled: u64,
    pub deoptless_fallbacks: BTreeMap<String, u64>,
    /// Functions whose deoptimizations reached the budget (`MAX_DEOPTS`):
    /// they run in the interpreter from then on. Each is a defect of
    /// reach to look at (`--trace-events`: their `deopt` events say where
    /// the code kept failing), in the order they were given up.
    pub left_interpreted: Vec<String>,
    /// Total time from failing checks to the interpreter resuming (deopt exits).
    pub exit_ns_total: u64,
    /// Total time from failing checks to entering a continuation (deoptless),
    /// including compiling it on a miss.
    pub dispatch_ns_total: u64,
    /// The same for dispatch hits only (a cached continuation).
    pub dispatch_hit_ns_total: u64,
    /// Total compile time of deoptless continuations.
    pub continuation_compile_ns_total: u64,
    pub closure_calls: u64,
    /// Calls compiled code made straight to compiled code without an
    /// interpreter frame, and those of them that built it after all (an
    /// exit, a builtin or R code that looked at the frames).
    pub direct_calls: u64,
    pub direct_frames_built: u64,
    pub builtin_calls: u64,
    /// Builtin calls that ran the builtin's scalar entry (no argument list:
    /// `vm::builtins::ScalarFn`).
    pub builtin_scalar_calls: u64,
    /// The builtins called most often, as name → calls, at most 20, most
    /// frequent first. Counted with `dlvm run --stats` only.
    pub builtins: Vec<(String, u64)>,
    /// The generic operations compiled code ran most often (delegated to
    /// the interpreter's implementation: what the JIT could not type), as
    /// "function@pc Instruction" → count, at most 20, most frequent first.
    /// Counted with `dlvm run --stats` only.
    pub generic_ops: Vec<(String, u64)>,
    pub wall_ns: u64,
    pub status: i32,
    /// Compiled code (versions, OSR-in entries, continuations) of the run's
    /// thread: functions compiled, live at the end, and freed (retired code
    /// whose last reference went), with bytes of machine code.
    pub code_compiled: u64,
    pub code_live: u64,
    pub code_bytes_live: u64,
    pub code_freed: u64,
    pub code_bytes_freed: u64,
    /// The process's resident set at the end and its peak, in KiB (Linux's
    /// /proc/self/status `VmRSS`, `VmHWM`; 0 where unavailable).
    pub rss_kb: u64,
    pub peak_rss_kb: u64,
}

/// `VmRSS` and `VmHWM` of /proc/self/status, in KiB (0, 0 if unavailable).
pub fn rss_kb() -> (u64, u64) {
    let Ok(s) = std::fs::read_to_string("/proc/self/status") else {
        return (0, 0);
    };
    let field = |name: &str| {
        s.lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap_or(0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

impl Stats {
    /// Count one compiled continuation and its compile time.
    pub fn count_continuation(&mut self, ns: u64) {
        self.continuations_compiled += 1;
        self.continuation_compile_ns_total += ns;
    }
}
