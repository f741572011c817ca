//! Deopt: an exit that is not dispatched to a continuation records its
//! trigger in the baseline feedback, retires the code that exited (unless a
//! deoptless chaos exit keeps it) and resumes in the interpreter (OSR-out).
//! It must not know about continuations beyond retiring them.

use super::{EngineState, Reentry, MAX_DEOPTS};
use crate::config::Mode;
use osr::exit::ExitState;
use std::rc::Rc;
use vm::error::RResult;
use vm::interp::Interp;
use vm::value::Value;

impl EngineState {
    /// A real deoptimization (`ExitHandler::exit`).
    pub(super) fn deoptimize(&self, interp: &mut Interp, st: ExitState) -> RResult<Value> {
        debug_assert!(matches!(self.config.mode, Mode::Deopt | Mode::Deoptless));
        // Deoptimize: feed the trigger back, retire the version, finish in the interpreter.
        osr::deopt::record_trigger(&st);
        let key = Rc::as_ptr(&st.code);
        // Deoptless keeps the code when a chaos exit falls back to the
        // interpreter: its fact held, so the code (an origin version, its
        // cached loop code, a continuation) is still right, and other
        // contexts still dispatch from it to their continuations. Nothing is
        // retired or recompiled, so it does not count toward MAX_DEOPTS. A
        // real failure that falls back (the table is full, say) retires the
        // code as in deopt mode: the baseline feedback now knows better, and
        // kept code would fail at the same check on every later run (a
        // function's end that OSR-in code never saw, an inlined function
        // redefined), each failure a deopt, until MAX_DEOPTS leaves the
        // function interpreted.
        let keep = self.config.mode == Mode::Deoptless && st.chaos;
        let deopts = {
            let mut fns = self.fns.borrow_mut();
            let info = fns.entry(key).or_default();
            // Retire the version that exited; the others stay dispatchable.
            // (An activation of a version already retired — recursion keeps
            // several on the stack, each reaching the check that failed —
            // is no new failure: it does not count toward MAX_DEOPTS, which
            // a recursive function's stale activations used to spend at once.)
            let mut live = false;
            if !keep {
                if let Some(pos) = info.ids.iter().position(|(id, _)| *id == st.version) {
                    let (_, ctx) = info.ids.remove(pos);
                    info.table.remove(&ctx);
                    live = true;
                }
                // OSR-in code is a version too.
                for codes in self.osr_cache.borrow_mut().values_mut() {
                    let before = codes.len();
                    codes.retain(|(_, id, _)| *id != st.version);
                    live |= codes.len() != before;
                }
                // A continuation whose assumption really failed leaves its
                // dispatch table.
                let before = info.conts.entries.len();
                info.conts.entries.retain(|(_, k)| k.id != st.version);
                live |= info.conts.entries.len() != before;
            }
            if live {
                info.deopts += 1;
                // Compiled again after `jit_threshold` more calls. (Not after
                // a kept chaos exit: a function with one every few calls
                // would never be compiled at its entry.)
                info.retired_at = Some(st.code.invocations.get());
            }
            if live && info.deopts == MAX_DEOPTS {
                self.stats
                    .borrow_mut()
                    .left_interpreted
                    .push(st.code.name.to_string());
                self.event(|| {
                    serde_json::json!({"event": "left_interpreted", "function": st.code.name,
                                       "pc": st.pc, "reason": st.reason.name()})
                });
            }
            if info.deopts >= MAX_DEOPTS {
                // The function stays interpreted from now on, as in deopt
                // mode: kept origin versions would only exit again, each
                // exit a fallback.
                info.table.clear();
                info.ids.clear();
                self.osr_cache
                    .borrow_mut()
                    .retain(|&(code, _), _| code != key);
            }
            info.deopts
        };
        if !keep && st.reason == compiler::ir::Reason::DeadBranch {
            self.note_dead_branch_trap(&st.code);
        }
        self.stats.borrow_mut().deopts += 1;
        // Exit cost: from the failing check to the interpreter about to resume.
        let exit_ns = st.started.elapsed().as_nanos() as u64;
        self.stats.borrow_mut().exit_ns_total += exit_ns;
        self.event(|| serde_json::json!({"event": "deopt", "function": st.code.name, "pc": st.pc, "deopts": deopts, "exit_ns": exit_ns}));
        // Deoptless kept the function's code: the activation goes back to
        // native loop code at its next loop iteration (cached OSR-in code),
        // entered by the trampoline that ran the exited code if there is one.
        let back = keep && deopts < MAX_DEOPTS;
        interp.osr_soon = back;
        let reentry = (back && st.trampolined).then(|| Reentry::of(&st.code, &st.env, interp));
        let outer = self.reentry.replace(reentry);
        let r = osr::deopt::resume_in_interpreter(interp, st);
        self.reentry.set(outer);
        r
    }
}
