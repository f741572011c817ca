//! Run statistics written by `--stats FILE.json`. Counters of tiers that are not
//! built yet stay 0.

use serde::Serialize;
use std::collections::BTreeMap;

#[derive(Clone, Debug, Default, Serialize)]
pub struct Stats {
    pub mode: String,
    pub chaos: f64,
    pub seed: u64,
    pub functions_compiled: u64,
    pub compile_ns_total: u64,
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
    pub builtin_calls: u64,
    pub wall_ns: u64,
    pub status: i32,
}

impl Stats {
    /// Count one compiled continuation and its compile time.
    pub fn count_continuation(&mut self, ns: u64) {
        self.continuations_compiled += 1;
        self.continuation_compile_ns_total += ns;
    }
}
