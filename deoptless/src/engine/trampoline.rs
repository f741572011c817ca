//! The trampoline: running compiled code, then the code its exits hand over
//! through `pending` (continuations, the loop code they transfer to), one
//! after another so that chains of exits do not grow the native stack; and
//! the transfer of a continuation to its loop's OSR-in code. It must not
//! know how the code to enter was chosen (dispatch, OSR-in).

use super::native::Frame;
use super::{EngineState, EntryParams, Handover, CANNOT_ENTER};
use compiler::lower::Compiled;
use compiler::runtime::{ExitHandler, NativeFrame, RawExit};
use osr::exit::RawExitDecode;
use osr::osr_in::EntryValue;
use std::rc::Rc;
use vm::bytecode::FunctionCode;
use vm::env::Env;
use vm::error::{RError, RResult};
use vm::interp::Interp;
use vm::value::Value;

impl EngineState {
    /// After an activation's entry code returned `r`: if a transfer exit (a
    /// `for` loop over polymorphic values, the builder's `guarded_transfer`)
    /// handed over to loop code typed by the values, go on in it,
    /// trampolined like a continuation.
    pub(super) fn go_on_pending(
        &self,
        handler: Rc<dyn ExitHandler>,
        interp: &mut Interp,
        code: &Rc<FunctionCode>,
        env: &Env,
        r: RResult<Value>,
    ) -> RResult<Value> {
        let next = self.pending.borrow_mut().take();
        match (next, r) {
            (Some(next), Ok(_)) => self
                .run_trampolined(
                    handler,
                    interp,
                    code,
                    env,
                    next.version,
                    next.compiled,
                    next.inputs,
                    || {},
                )
                .unwrap_or_else(|| Err(RError::new(CANNOT_ENTER))),
            (_, r) => r,
        }
    }

    /// Run `compiled` (version `version` of `code`), then whatever code its
    /// exits hand over through `pending` (continuations, the loop code they
    /// transfer to, the loop code a kept chaos fallback re-enters), one after
    /// another: chains of exits do not grow the native stack. `None`: the
    /// first code could not be entered (an `any` parameter without a value),
    /// nothing ran.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn run_trampolined(
        &self,
        handler: Rc<dyn ExitHandler>,
        interp: &mut Interp,
        code: &Rc<FunctionCode>,
        env: &Env,
        mut version: usize,
        mut compiled: Rc<Compiled>,
        mut inputs: Vec<Option<EntryValue>>,
        entering: impl FnOnce(),
    ) -> Option<RResult<Value>> {
        let mut entering = Some(entering);
        let mut first = true;
        // This activation's chain (a continuation may call functions whose
        // exits start chains of their own).
        let outer_chain = self.chain.replace(0);
        let result = loop {
            let r = self
                .run_native(
                    &handler,
                    interp,
                    code,
                    Frame::Built(env),
                    version,
                    &compiled,
                    fill_entry_values(inputs),
                    true,
                    || {
                        if let Some(f) = entering.take() {
                            f()
                        }
                    },
                )
                .map(|(r, _)| r);
            let next = self.pending.borrow_mut().take();
            match (next, r) {
                (Some(next), Some(Ok(_))) => {
                    version = next.version;
                    compiled = next.compiled;
                    inputs = next.inputs;
                    self.chain
                        .set(if next.chains { self.chain.get() + 1 } else { 0 });
                    first = false;
                }
                (_, Some(r)) => break Some(r),
                (_, None) if first => break None,
                // Code handed over must be enterable: the state it would
                // start from is already gone.
                (_, None) => {
                    break Some(Err(RError::new(
                        "internal error: compiled code handed over to code it cannot enter",
                    )))
                }
            }
        };
        self.chain.set(outer_chain);
        result
    }

    /// Compiled code reached a loop header (`Reason::Transfer`: a
    /// continuation's loop, or a loop never reached when the code was
    /// compiled): go on in the loop's OSR-in code, entered by the trampoline
    /// that runs the code; without OSR-in code, or for a loop still never
    /// reached, in the interpreter (not a deopt).
    pub(super) fn transfer(
        &self,
        interp: &mut Interp,
        c: &mut NativeFrame,
        raw: &RawExit,
    ) -> RResult<Value> {
        self.stats.borrow_mut().transfers += 1;
        let st = raw.state(c);
        // The locals as the interpreter (and OSR-in's entry state) sees them.
        st.env.set_frame_locals(&c.code.locals, &st.locals);
        let pc = st.pc as usize;
        // The loop's code goes on with the continuation's cleaned-up feedback
        // (the baseline's led to the failure that made the continuation).
        let feedback = self
            .fns
            .borrow()
            .get(&Rc::as_ptr(&c.code))
            .and_then(|fi| fi.conts.entries.iter().find(|(_, k)| k.id == c.version))
            .map(|(_, k)| k.feedback.clone())
            .unwrap_or_default();
        // A loop never reached before (compiled code ends there): the
        // interpreter runs and profiles it, and compiles it by OSR-in.
        if !c.code.loop_reached(pc) {
            return osr::deopt::resume_in_interpreter(interp, st);
        }
        self.note_transfer(&c.code, c.version, st.pc);
        let next = self.osr_code(&c.code, &st.env, pc, &st.stack, &st.loops, feedback);
        match next {
            Some((version, compiled, inputs)) => {
                *self.pending.borrow_mut() = Some(Handover {
                    version,
                    compiled,
                    inputs,
                    chains: false,
                });
                Ok(Value::Null)
            }
            None => osr::deopt::resume_in_interpreter(interp, st),
        }
    }
}

/// A `run_native` filler for entry values given in parameter order: boxed
/// values into `any` parameters' slots, native words into unboxed ones'
/// entry words.
fn fill_entry_values(
    inputs: Vec<Option<EntryValue>>,
) -> impl FnOnce(&EntryParams, &mut NativeFrame) -> bool {
    move |params, ctx| {
        let (anys, entry) = (&mut ctx.anys, &mut ctx.entry);
        for (k, (&(slot, ty), input)) in params.iter().zip(inputs).enumerate() {
            match input {
                Some(EntryValue::Value(v)) if ty == compiler::ir::Type::Any => {
                    anys[slot as usize] = v
                }
                Some(EntryValue::Word(w)) if ty != compiler::ir::Type::Any => {
                    if entry.is_empty() {
                        entry.resize(params.len(), 0);
                    }
                    entry[k] = w;
                }
                _ => return false,
            }
        }
        true
    }
}
