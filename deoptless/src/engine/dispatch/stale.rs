//! Stale origin versions: a real exit from an origin version that exits on
//! nearly every call (or on a branch that is simply live) retires it, with
//! what the exit taught the baseline feedback. It must not know about
//! continuations.

use crate::cleanup;
use crate::context::DeoptContext;
use crate::engine::EngineState;
use compiler::context::ArgType;
use compiler::ir::Reason;
use compiler::runtime::{NativeFrame, RawExit};
use osr::exit::RawExitDecode;
use std::rc::Rc;
use vm::bytecode::FunctionCode;

/// Calls after which a version that exited on nearly every one is retired
/// (`note_real_exit`).
pub const STALE_AFTER_CALLS: u32 = 10;

/// Calls of a phase in which nearly every call of a version exits (after it
/// ran well: a phase change, which continuations serve) after which the
/// phase is the new normal and the version is retired (`note_real_exit`).
/// An exit, a dispatch and a transfer back into loop code cost about ten
/// thousand instructions per call, which compiling again repays long
/// before this many calls; a shorter phase (phase_sum's 500 calls of a
/// complex input) stays with its continuations.
pub const PERSISTENT_PHASE_CALLS: u32 = 1000;

/// Real exits on a dead-branch assumption after which the version is
/// retired if they came at least once in `LIVE_BRANCH_RATE` calls
/// (`note_real_exit`).
pub const LIVE_BRANCH_EXITS: u32 = 20;
/// See `LIVE_BRANCH_EXITS`.
pub const LIVE_BRANCH_RATE: u32 = 32;

/// Real type-check exits of OSR-in loop code after which the locals whose
/// type differs from their entry type are taken boxed by the loop's next
/// OSR-in code (`widen_osr_entry`).
pub const OSR_WIDEN_EXITS: u32 = 8;

/// Is `x` a narrower numeric type than `entry` (lgl < int < dbl < cplx, of
/// scalars or of vectors)? Only such a local is widened: the loop carries
/// the wider type and the narrower one arrives at its entries (`n <- start`
/// before a loop that halves `n`). A wider type at the exit is a phase
/// change (`s <- 0` accumulating complex numbers): continuations serve it
/// with typed code, where boxed code would run the whole loop generic
/// (phase_sum's complex phase 1.4 ms -> 34 ms per iteration).
fn narrower(x: ArgType, entry: ArgType) -> bool {
    use ArgType::*;
    let rank = |t: ArgType| match t {
        Lgl | VecLgl | MatLgl => 0,
        Int | VecInt | MatInt => 1,
        Dbl | VecDbl | MatDbl => 2,
        Cplx | VecCplx => 3,
        Any | Missing => 4,
    };
    // (Scalars, vectors and matrices: a narrower type of the same shape.)
    let shape = |t: ArgType| match t {
        VecLgl | VecInt | VecDbl | VecCplx => 1,
        MatLgl | MatInt | MatDbl => 2,
        _ => 0,
    };
    rank(entry) < 4 && shape(x) == shape(entry) && rank(x) < rank(entry)
}

/// What `count_exit` knows of a version's exits.
struct ExitCounts {
    /// Calls of the function since the version was installed.
    lived: u32,
    /// Its real exits since.
    exits: u32,
    /// OSR-in loop code.
    osr: bool,
    /// Calls since its current streak of exits began (nine calls in ten
    /// exiting, or more).
    streak_calls: u32,
}

impl EngineState {
    /// A real exit from an origin version. A version that exits on nearly
    /// every call since it was installed was compiled from feedback that does
    /// not fit its context (say, a version for new argument types compiled
    /// from the old types' profile): dispatching on every call costs more
    /// than the call. Such a version is retired with what the exit taught
    /// the baseline feedback (as a deopt would record it), and the function
    /// is compiled again later. A version that ran well before its exits
    /// began is kept: that is a phase change, which continuations serve,
    /// until the new phase has lasted `PERSISTENT_PHASE_CALLS` calls with
    /// nine in ten exiting: then it is the new normal (profiler-rsa's key
    /// rebound from double to integer for the rest of the run). Except for a branch the profile never saw taken that now is, often
    /// (`LIVE_BRANCH_EXITS`, at least one call in `LIVE_BRANCH_RATE`): the
    /// branch is simply live, and code compiled with both directions costs
    /// nothing more (merged branch feedback makes no operation generic,
    /// unlike merged types), where an exit and a dispatch per such call cost
    /// more than the call (bounce's walls).
    pub(super) fn note_real_exit(
        &self,
        code: &Rc<FunctionCode>,
        version: usize,
        ctx: &DeoptContext,
        raw: &RawExit,
        c: &NativeFrame,
    ) {
        // (OSR-in code is entered once per activation and typed by the
        // values at its loop header, not by the feedback a retirement
        // teaches: compiled again, it would exit the same way. Only the
        // live-branch rule applies to it.)
        let Some(n) = self.count_exit(code, version, Some((ctx.pc, ctx.trigger))) else {
            return;
        };
        let stale = !n.osr && n.lived >= STALE_AFTER_CALLS && 10 * n.exits >= 9 * n.lived;
        let persistent = !n.osr && n.streak_calls >= PERSISTENT_PHASE_CALLS;
        let live_branch = ctx.reason == Reason::DeadBranch
            && n.exits >= LIVE_BRANCH_EXITS
            && LIVE_BRANCH_RATE * n.exits >= n.lived;
        if !(stale || persistent || live_branch) {
            self.widen_osr_entry(code, version, ctx);
            return;
        }
        // What the exit taught is added to the profile (as a deopt records
        // it: code for both phases, which alternating phases need).
        for (slot, bits) in cleanup::cleaned_feedback(code, ctx, raw.observed(c), false) {
            if bits & vm::feedback::TypeFeedback::STALE == 0 {
                if let Some(cell) = code.type_fb.get(slot as usize) {
                    vm::feedback::TypeFeedback::record_bits(cell, bits);
                }
            }
        }
        self.retire_stale(code, version, ctx.pc);
        if ctx.reason == Reason::DeadBranch {
            self.note_dead_branch_trap(code);
        }
    }

    /// A version of `code` was retired because a branch it assumed dead
    /// was taken (here, or by a deopt). At `DEAD_BRANCH_TRAP_LIMIT` such
    /// retirements, every branch whose profile saw one direction is
    /// recorded as seen both ways: the function's next versions compile
    /// all its branches, instead of being compiled again for each branch
    /// that comes alive.
    pub(in crate::engine) fn note_dead_branch_trap(&self, code: &Rc<FunctionCode>) {
        let traps = {
            let mut fns = self.fns.borrow_mut();
            let info = fns.entry(Rc::as_ptr(code)).or_default();
            info.dead_branch_traps += 1;
            info.dead_branch_traps
        };
        if traps != crate::engine::DEAD_BRANCH_TRAP_LIMIT {
            return;
        }
        use vm::feedback::TypeFeedback;
        let both = TypeFeedback::TAKEN | TypeFeedback::NOT_TAKEN;
        let mut widened = 0;
        for op in code.ops.iter() {
            if let vm::bytecode::Op::BranchFalse(_, _, fb) = *op {
                let Some(cell) = code.type_fb.get(fb as usize) else {
                    continue;
                };
                let bits = cell.get().0 & both;
                if bits != 0 && bits != both {
                    TypeFeedback::record_bits(cell, both);
                    widened += 1;
                }
            }
        }
        self.event(|| {
            serde_json::json!({"event": "branches_widened", "function": code.name,
                               "branches": widened})
        });
    }

    /// OSR-in code is typed by the values at its loop header when it was
    /// compiled: a local that is an `int` there at some entries of the loop
    /// and a `dbl` at others (`n <- start` before an inner `while` that
    /// halves it) makes it exit at every such entry, and the continuation it
    /// dispatches to hands back to it at the next loop header, once per
    /// outer iteration. After `OSR_WIDEN_EXITS` real type-check exits, the
    /// locals whose type at the exit is narrower than their entry type
    /// (`narrower`) are taken boxed by the loop's next OSR-in code (loads then speculate
    /// from their profiles, which saw both), and this code leaves the
    /// loop's cache.
    fn widen_osr_entry(&self, code: &Rc<FunctionCode>, version: usize, ctx: &DeoptContext) {
        if ctx.reason != Reason::TypeCheck {
            return;
        }
        let key = Rc::as_ptr(code);
        let exits = self
            .fns
            .borrow()
            .get(&key)
            .and_then(|i| i.births.get(&version))
            .filter(|b| b.osr)
            .map_or(0, |b| b.exits);
        if exits < OSR_WIDEN_EXITS {
            return;
        }
        let mut cache = self.osr_cache.borrow_mut();
        let Some((&(_, pc), entry)) = cache.iter().find_map(|(k, codes)| {
            codes
                .iter()
                .find(|(_, id, _)| *id == version)
                .map(|(e, _, _)| (k, e.clone()))
        }) else {
            return;
        };
        let differs: Vec<bool> = entry
            .locals
            .iter()
            .zip(&ctx.locals)
            .map(|(e, x)| matches!((e, x), (Some(e), Some(x)) if narrower(*x, *e)))
            .collect();
        if !differs.contains(&true) {
            return;
        }
        let mut widen = self.osr_widen.borrow_mut();
        let mask = widen
            .entry((key, pc))
            .or_insert_with(|| vec![false; differs.len()]);
        for (m, d) in mask.iter_mut().zip(&differs) {
            *m |= *d;
        }
        for codes in cache.values_mut() {
            codes.retain(|(_, id, _)| *id != version);
        }
        if let Some(info) = self.fns.borrow_mut().get_mut(&key) {
            info.births.remove(&version);
        }
        self.stats.borrow_mut().stale_versions_retired += 1;
        self.event(|| {
            serde_json::json!({"event": "osr_widened", "function": code.name,
                               "version": version, "pc": pc})
        });
    }

    /// A transfer exit of an origin version at a loop that had never run
    /// when it was compiled and has run since (`EngineState::transfer`). A
    /// version that does so on nearly every call (`STALE_AFTER_CALLS`) is
    /// retired like a stale one: compiled again, the loop is in it.
    pub(in crate::engine) fn note_transfer(
        &self,
        code: &Rc<FunctionCode>,
        version: usize,
        pc: u32,
    ) {
        if self
            .count_exit(code, version, None)
            .is_some_and(|n| !n.osr && n.lived >= STALE_AFTER_CALLS && 10 * n.exits >= 9 * n.lived)
        {
            self.retire_stale(code, version, pc);
        }
    }

    /// Count an exit (of kind `of`: its pc and trigger, if a dispatch) of
    /// version `version` of `code` (an origin version or OSR-in loop code);
    /// its counts. `None` for anything else (a continuation).
    fn count_exit(
        &self,
        code: &Rc<FunctionCode>,
        version: usize,
        of: Option<(u32, crate::context::Trigger)>,
    ) -> Option<ExitCounts> {
        let calls = code.invocations.get();
        let mut fns = self.fns.borrow_mut();
        let birth = fns
            .get_mut(&Rc::as_ptr(code))
            .and_then(|info| info.births.get_mut(&version))?;
        birth.exits += 1;
        // A streak goes on while its exit comes in nine calls in ten or
        // more; another exit, or rarer ones, start a new streak.
        let span = calls.saturating_sub(birth.streak_calls) + 1;
        if birth.streak_of != of || of.is_none() || 10 * (birth.streak_exits + 1) < 9 * span {
            birth.streak_calls = calls;
            birth.streak_exits = 0;
            birth.streak_of = of;
        }
        birth.streak_exits += 1;
        Some(ExitCounts {
            lived: calls.saturating_sub(birth.calls),
            exits: birth.exits,
            osr: birth.osr,
            streak_calls: calls.saturating_sub(birth.streak_calls),
        })
    }

    /// Retire origin version `version` of `code` (its exit at `pc` showed it
    /// stale); the function is compiled again after `jit_threshold` calls.
    /// OSR-in code leaves its loop's cache: the loop is compiled again when
    /// it is next entered (a continuation's transfer, the interpreter's
    /// back edge), under the loop's budget (`MAX_OSR_COMPILES`).
    fn retire_stale(&self, code: &Rc<FunctionCode>, version: usize, pc: u32) {
        let mut fns = self.fns.borrow_mut();
        let info = fns.entry(Rc::as_ptr(code)).or_default();
        if let Some(pos) = info.ids.iter().position(|(id, _)| *id == version) {
            let (_, actx) = info.ids.remove(pos);
            info.table.remove(&actx);
            info.retired_at = Some(code.invocations.get());
        }
        for codes in self.osr_cache.borrow_mut().values_mut() {
            codes.retain(|(_, id, _)| *id != version);
        }
        info.births.remove(&version);
        info.deopts += 1;
        self.stats.borrow_mut().stale_versions_retired += 1;
        self.event(|| {
            serde_json::json!({"event": "stale_version_retired", "function": code.name,
                               "version": version, "pc": pc})
        });
    }
}
