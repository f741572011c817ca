//! The hooks of the tier above the interpreter: the `Tier` trait, OSR-in,
//! compiled calls without activations (`begin_native_call`), and the frames
//! of compiled code built or brought up to date when observed
//! (`observe_frames`, `sync_frame`).

use super::control::LoopState;
use super::{CallSite, Interp};
use crate::bytecode::*;
use crate::env::Env;
use crate::error::RResult;
use crate::value::*;
use std::rc::Rc;

/// A counted `for` loop as tiers exchange it (OSR-in, OSR-out):
/// (next value, iterations remaining, step +1 or -1).
pub type CountedLoop = (i64, u64, i64);

/// The tier above the interpreter (the JIT engine). The interpreter calls up
/// through this trait; it never names the engine.
pub trait Tier {
    /// Called when a closure is entered, with its arguments bound in `env`. The
    /// tier may run the activation natively and return its result (`Some`), or
    /// leave it to the interpreter (`None`).
    fn enter(&self, interp: &mut Interp, clo: &Rc<Closure>, env: &Env) -> Option<RResult<Value>>;

    /// A call of `clo` by a builtin (`site`: `FUN(X[[i]], ...)` of `sapply`),
    /// with one positional argument per parameter: the tier may run it
    /// without building its frame (built only if something observes it)
    /// and return its result (having taken the arguments out of `args`), or
    /// decline (`None`; `args` untouched).
    fn call_frameless(
        &self,
        _interp: &mut Interp,
        _clo: &Rc<Closure>,
        _args: &mut Vec<Value>,
        _site: &CallSite,
    ) -> Option<RResult<Value>> {
        None
    }

    /// OSR-in: called at a loop back edge after `Interp::osr_threshold` backward
    /// jumps in one activation, with the state at the loop header `pc` (operand
    /// stack, and the active counted loops as (next, remaining), outermost
    /// first; locals are in `env`). The tier may run the rest of the activation
    /// natively and return its result (`Some`), or decline (`None`).
    fn osr_in(
        &self,
        _interp: &mut Interp,
        _code: &Rc<FunctionCode>,
        _env: &Env,
        _pc: usize,
        _stack: &[Value],
        _loops: &[CountedLoop],
    ) -> Option<RResult<Value>> {
        None
    }
}

impl Interp {
    /// A call made by compiled code straight to compiled code, without an
    /// activation yet (the tier pushes one only if something observes the
    /// frame, `push_activation`): the same nesting limit, step budget and
    /// counts as `begin_call`. `end_native_call` when it returns.
    #[inline]
    pub fn begin_native_call(&mut self) -> RResult<()> {
        self.begin_call()?;
        self.native_depth += 1;
        Ok(())
    }

    #[inline]
    pub fn end_native_call(&mut self, code: &FunctionCode) {
        self.native_depth -= 1;
        code.invocations.set(code.invocations.get().wrapping_add(1));
    }

    /// The call whose builtin is running, saved around a call from compiled
    /// code (as `exec_frame_free` saves it).
    pub fn cur_call_saved(&self) -> Option<(*const FunctionCode, CallIdx)> {
        self.cur_call
    }

    pub fn restore_cur_call(&mut self, saved: Option<(*const FunctionCode, CallIdx)>) {
        self.cur_call = saved;
    }

    /// Offer the tier to finish this activation natively from the loop header
    /// `target` (OSR-in). Not inside a try region (compiled code has none).
    #[cold]
    #[inline(never)]
    pub(super) fn osr_in(
        &mut self,
        code: &Rc<FunctionCode>,
        env: &Env,
        target: usize,
        base: usize,
        loops_base: usize,
        run_id: u64,
    ) -> Option<RResult<Value>> {
        let tier = self.tier.clone()?;
        if self.tries.last().is_some_and(|t| t.run_id == run_id) || !self.native_ok(code) {
            return None;
        }
        let mut loops = Vec::new();
        for l in &self.loops[loops_base..] {
            match l {
                LoopState::Range {
                    next,
                    remaining,
                    step,
                } => loops.push((*next, *remaining, *step)),
                _ => return None,
            }
        }
        let stack: Vec<Value> = self.stack[base..].to_vec();
        let r = tier.osr_in(self, code, env, target, &stack, &loops)?;
        // The native continuation finished the activation.
        self.stack.truncate(base);
        self.loops.truncate(loops_base);
        Some(r)
    }

    /// Before code other than its own reads or writes frame `env`
    /// (`parent.frame()`): write the locals that compiled code running in it
    /// keeps in registers into it (they are written at its calls,
    /// `InstKind::CallState`), and have that code go on from the frame.
    pub fn sync_frame(&mut self, env: &Env) {
        if let Some((ctx, sync)) = self.native_top {
            // SAFETY: the tier sets `native_top` only while that activation's
            // code runs (its context and its callers' are alive).
            unsafe { sync(ctx, env) }
        }
    }

    /// Build the frames of compiled code running without an activation
    /// (`lazy_top`), before something reads `frames`.
    pub fn observe_frames(&mut self) {
        // (Taken while it builds: building pushes activations.)
        if let Some((ctx, build)) = self.lazy_top.take() {
            // SAFETY: the tier sets `lazy_top` only while that activation's
            // code runs (its context is alive), and `build` is idempotent.
            unsafe { build(ctx) }
            self.lazy_top = Some((ctx, build));
        }
    }
}

/// How a tier builds the frames of an activation that runs without them
/// (`Interp::lazy_top`): called with the activation's context.
pub type FrameBuilder = unsafe fn(*mut u8);

/// How a tier brings a frame up to date with its compiled activations
/// (`Interp::native_top`): called with the innermost compiled activation's
/// context and the frame about to be observed.
pub type FrameSyncer = unsafe fn(*mut u8, &Env);
