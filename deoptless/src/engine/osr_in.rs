//! OSR-in and its cache: compiling loop code from a loop header, typed by
//! the current values, caching it per loop (`MAX_OSR_ENTRIES` entry states)
//! under a compilation budget (`MAX_OSR_COMPILES`), and entering it. It
//! must not know about continuations beyond the feedback they hand over.

use super::versions::CompileKind;
use super::{EngineState, Handover, Reentry, MAX_DEOPTS};
use compiler::context::ArgType;
use compiler::lower::Compiled;
use osr::osr_in::{entry_label, EntryValue};
use std::rc::Rc;
use vm::bytecode::FunctionCode;
use vm::env::Env;
use vm::error::RResult;
use vm::interp::{CountedLoop, Interp};
use vm::value::Value;

/// OSR-in codes compiled per loop before it gets no new ones (cached ones
/// are still entered; other entry states run in the interpreter): the
/// compilation budget deopt mode has in `MAX_DEOPTS`, enough to fill the
/// loop's cache (`MAX_OSR_ENTRIES`) twice. Without it, a loop whose entry
/// states keep changing (a local that is an int on one iteration and a
/// double on the next, entered from kept chaos fallbacks and from
/// continuations with different cleaned-up feedback) evicts and recompiles
/// its cached codes without end: 4.6 s of compilation per process in the
/// ising benchmark under random failures. (A budget of 12 per function
/// left fannkuch's last loops interpreted.)
pub const MAX_OSR_COMPILES: u32 = 2 * MAX_OSR_ENTRIES as u32;

/// OSR-in codes kept per loop (entry states differ by the types of the
/// values at the loop header).
pub const MAX_OSR_ENTRIES: usize = 4;

impl EngineState {
    /// OSR-in: compile a continuation of `code` from the loop header `pc`, typed
    /// by the current values, and run the rest of the activation in it. The
    /// code is cached (at most `MAX_OSR_ENTRIES` entry states per loop): a
    /// function called a few times, each call running a long loop, compiles
    /// it once. Its next call is still compiled from its entry as usual once
    /// due (one entry point per version, as in Ř).
    pub(super) fn osr_in(
        self: &Rc<Self>,
        interp: &mut Interp,
        code: &Rc<FunctionCode>,
        env: &Env,
        pc: usize,
        stack: &[Value],
        loops: &[CountedLoop],
    ) -> Option<RResult<Value>> {
        let (version, compiled, inputs) =
            self.osr_code(code, env, pc, stack, loops, Default::default())?;
        self.stats.borrow_mut().osr_in += 1;
        if self.reentry.get() == Some(Reentry::of(code, env, interp)) {
            // The activation resumed from a kept chaos fallback of code a
            // trampoline runs: that trampoline enters the loop code once the
            // exited code returns (with this dummy result), instead of a new
            // native frame on top of the dead one at every such fallback.
            self.reentry.set(None);
            *self.pending.borrow_mut() = Some(Handover {
                version,
                compiled,
                inputs,
                chains: false,
            });
            return Some(Ok(Value::Null));
        }
        self.run_trampolined(
            self.clone(),
            interp,
            code,
            env,
            version,
            compiled,
            inputs,
            || {},
        )
    }

    /// The OSR-in code of `code`'s loop at `pc` for the state (env's locals,
    /// `stack`, `loops`) and feedback overrides (a continuation's cleaned-up
    /// feedback when it transfers; none from the interpreter): cached, or
    /// compiled and cached; with its version id and entry values. `None`:
    /// not compilable here, or the function stays interpreted (MAX_DEOPTS).
    #[allow(clippy::type_complexity)]
    pub(super) fn osr_code(
        &self,
        code: &Rc<FunctionCode>,
        env: &Env,
        pc: usize,
        stack: &[Value],
        loops: &[CountedLoop],
        feedback: std::collections::BTreeMap<u32, u16>,
    ) -> Option<(usize, Rc<Compiled>, Vec<Option<EntryValue>>)> {
        let key = Rc::as_ptr(code);
        let (exhausted, over_budget) = self.fns.borrow().get(&key).map_or((false, false), |i| {
            let compiles = i.osr_compiles.get(&pc).copied().unwrap_or(0);
            (i.deopts >= MAX_DEOPTS, compiles >= MAX_OSR_COMPILES)
        });
        if exhausted {
            return None;
        }
        let (mut entry, inputs) = osr::osr_in::entry_state(code, env, pc, stack, loops)?;
        entry.feedback = feedback;
        // Locals its earlier code kept exiting on are taken boxed
        // (`widen_osr_entry`).
        if let Some(mask) = self.osr_widen.borrow().get(&(key, pc)) {
            for (l, &w) in entry.locals.iter_mut().zip(mask) {
                if w && l.is_some() {
                    *l = Some(ArgType::Any);
                }
            }
        }
        if self
            .osr_failed
            .borrow()
            .get(&(key, pc))
            .is_some_and(|failed| failed.contains(&entry))
        {
            return None;
        }
        // Code compiled for this state, preferably with the same feedback
        // overrides; else with others (a continuation's cleaned-up feedback
        // differs from the baseline the interpreter's OSR-in compiled with:
        // ising compiled its inner loop three times, 50 ms each, for two
        // entry states).
        let cached = self.osr_cache.borrow().get(&(key, pc)).and_then(|codes| {
            codes
                .iter()
                .find(|(e, _, _)| *e == entry)
                .or_else(|| codes.iter().find(|(e, _, _)| e.same_state(&entry)))
                .map(|(_, id, c)| (*id, c.clone()))
        });
        // The event's label is built only when tracing (a kept chaos
        // fallback comes back here at every exit).
        let osr_event = |label: &dyn Fn() -> String, reused: bool| {
            self.event(|| {
                serde_json::json!({"event": "osr_in", "function": code.name, "pc": pc,
                                   "context": label(), "reused": reused})
            })
        };
        let (version, compiled) = match cached {
            Some(hit) => {
                self.stats.borrow_mut().osr_reused += 1;
                osr_event(&|| entry_label(&entry), true);
                hit
            }
            None if over_budget => return None,
            None => {
                *self
                    .fns
                    .borrow_mut()
                    .entry(key)
                    .or_default()
                    .osr_compiles
                    .entry(pc)
                    .or_default() += 1;
                let label = entry_label(&entry);
                let Some((compiled, ns)) =
                    self.compile_entry(code, &entry, &label, CompileKind::OsrIn)
                else {
                    self.osr_failed
                        .borrow_mut()
                        .entry((key, pc))
                        .or_default()
                        .push(entry);
                    return None;
                };
                osr_event(&|| label.clone(), false);
                self.stats.borrow_mut().compile_ns_total += ns;
                let id = self.next_version.get();
                self.next_version.set(id + 1);
                // Its exits are counted like an origin version's: loop code
                // whose profile never saw a branch taken that now is, often,
                // is compiled again with it (`note_real_exit`).
                self.fns
                    .borrow_mut()
                    .entry(key)
                    .or_default()
                    .births
                    .insert(id, super::Birth::new(code.invocations.get(), true));
                let mut cache = self.osr_cache.borrow_mut();
                let codes = cache.entry((key, pc)).or_default();
                if codes.len() >= MAX_OSR_ENTRIES {
                    codes.remove(0);
                }
                codes.push((entry, id, compiled.clone()));
                (id, compiled)
            }
        };
        Some((version, compiled, inputs))
    }
}
