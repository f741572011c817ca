//! Deoptless dispatch (docs/DESIGN.md): an exit in deoptless mode goes on
//! in a continuation specialized for its context instead of deoptimizing.
//! The steps are in the submodules: `context` builds the `DeoptContext` of
//! an exit, `table` looks it up in the function's dispatch table,
//! `continuations` compiles and enters continuations, and `stale` retires
//! origin versions that exit on nearly every call. `Err(Fallback)` leaves
//! the exit to `deopt`. It must not know how code is compiled or entered
//! beyond the engine's `compile_entry` and trampoline.

mod context;
mod continuations;
mod stale;
mod table;

pub use stale::{LIVE_BRANCH_EXITS, LIVE_BRANCH_RATE, STALE_AFTER_CALLS};

use super::EngineState;
use crate::config::Mode;
use compiler::ir::Reason;
use compiler::runtime::{NativeFrame, RawExit};
use osr::exit::RawExitDecode;
use std::time::Instant;
use vm::error::RResult;
use vm::interp::Interp;
use vm::value::Value;

/// Why an exit in deoptless mode falls back to a real deoptimization (the
/// `deoptless_fallback` event's `why`, the stats' `deoptless_fallbacks` keys).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fallback {
    /// An exit inside a continuation beyond `--deoptless-depth`.
    ExitInContinuation,
    /// A call target really changed (a redefinition): retire, as deopt does.
    CallTarget,
    /// A transfer to loop code that could not be entered.
    Transfer,
    /// The exit's state is larger than a context describes.
    StateTooLarge,
    /// The continuation the dispatch chose is the code that exited.
    NoProgress,
    /// No continuation could be compiled for the context.
    CompileFailed,
    /// The function's compilation budget is spent.
    TooManyDeopts,
    /// The dispatch table is full and no entry fits.
    TableFull,
    /// A stack value of the exit is an unbound marker (no context type).
    UnboundStackValue,
    /// An entry value of the continuation is missing from the exit state.
    MissingEntryValue,
}

impl Fallback {
    pub fn name(self) -> &'static str {
        match self {
            Fallback::ExitInContinuation => "exit_in_continuation",
            Fallback::CallTarget => "call_target",
            Fallback::Transfer => "transfer",
            Fallback::StateTooLarge => "state_too_large",
            Fallback::NoProgress => "no_progress",
            Fallback::CompileFailed => "compile_failed",
            Fallback::TooManyDeopts => "too_many_deopts",
            Fallback::TableFull => "table_full",
            Fallback::UnboundStackValue => "unbound_stack_value",
            Fallback::MissingEntryValue => "missing_entry_value",
        }
    }
}

impl EngineState {
    /// An exit (`ExitHandler::dispatch`): a transfer goes on in loop code; in
    /// deoptless mode, other exits go on in a continuation (`None`: deopt).
    pub(super) fn dispatch_exit(
        &self,
        interp: &mut Interp,
        c: &mut NativeFrame,
        raw: &RawExit,
    ) -> Option<RResult<Value>> {
        if raw.info.reason == Reason::Transfer {
            return Some(self.transfer(interp, c, raw));
        }
        // The frame holds the locals, not the exit buffer: the interpreter
        // goes on from it (no continuation is specialized on stale words).
        let frame_holds_locals = raw.info.reason == Reason::FrameObserved && !raw.chaos;
        {
            let mut s = self.stats.borrow_mut();
            s.exits += 1;
            if raw.chaos {
                s.chaos_exits += 1;
            }
        }
        // Writing the trace line is observability, not exit cost: it is
        // subtracted from the dispatch latency.
        let t = Instant::now();
        self.event(|| serde_json::json!({
            "event": "exit", "function": c.code.name, "pc": raw.info.pc, "reason": raw.info.reason.name(),
            "chaos": raw.chaos, "exit": raw.id,
        }));
        let trace_ns = if self.trace.borrow().is_some() {
            t.elapsed().as_nanos() as u64
        } else {
            0
        };
        if self.config.mode != Mode::Deoptless || frame_holds_locals {
            return None;
        }
        match self.deoptless(interp, c, raw, trace_ns) {
            Ok(r) => Some(r),
            Err(why) => {
                *self
                    .stats
                    .borrow_mut()
                    .deoptless_fallbacks
                    .entry(why.name().to_string())
                    .or_default() += 1;
                self.event(|| {
                    serde_json::json!({"event": "deoptless_fallback", "function": c.code.name,
                                              "pc": raw.info.pc, "why": why.name()})
                });
                None
            }
        }
    }

    /// Deoptless: dispatch the exit to a continuation specialized for its
    /// context, compiling one when the table has none (or only a less specific
    /// one and is under half full). `Err(why)` falls back to a real deopt.
    fn deoptless(
        &self,
        interp: &mut Interp,
        c: &mut NativeFrame,
        raw: &RawExit,
        trace_ns: u64,
    ) -> Result<RResult<Value>, Fallback> {
        // An exit inside a continuation dispatches again only while this
        // activation's chain of continuations is within --deoptless-depth.
        // (An exit in OSR-in code a continuation transferred to is not one:
        // that code is an origin version; it only reuses the trampoline.)
        let in_continuation = self.depths.borrow().contains_key(&c.version);
        let depth = if in_continuation {
            self.chain.get() + 1
        } else {
            0
        };
        if depth > self.config.deoptless_depth {
            return Err(Fallback::ExitInContinuation);
        }
        let chained = in_continuation || c.trampolined;
        let cur = context::exit_context(c, raw)?;
        if !raw.chaos {
            self.note_real_exit(&c.code, c.version, &cur, raw, c);
        }
        // Look up; decide whether to compile.
        let (found, compile) = self.lookup(c, raw, &cur)?;
        let hit = !compile;
        // The continuation and the context it was compiled for (the current
        // one, or one that admits it).
        let compiled = if compile {
            // The failing value's full feedback (a context type is coarser:
            // a double matrix is `any` there, but `dbl[] with attributes`
            // here, which the continuation can speculate on again).
            self.compile_continuation(&c.code, &cur, raw.observed(c), raw.chaos, 1)
        } else {
            None
        };
        let (cont_ctx, cont) = match (compiled, found) {
            (Some(k), _) => (cur.clone(), k),
            (None, Some(hit)) => hit,
            (None, None) => return Err(Fallback::CompileFailed),
        };
        let inputs = self.entry_values(c, raw, &cont_ctx, &cont);
        self.enter_continuation(
            interp,
            c,
            raw,
            trace_ns,
            &cur,
            cont,
            inputs,
            hit,
            chained,
            in_continuation,
        )
    }
}
