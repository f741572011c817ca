//! The exit format: where compiled code leaves each frame-state value of a
//! failing assumption (`ExitInfo`, written by `lower`), the raw exit as
//! native code left it (`RawExit`), and `rt_exit`, which hands the exit to
//! the engine's `ExitHandler` (deoptless dispatch or deoptimization, decided
//! above this crate). Decoding an exit into interpreter values is the `osr`
//! crate's (`osr::exit`).
//!
//! The path of one exit: `lower` emits the exit block (buffer words, then a
//! call of `rt_exit`) → `rt_exit` (here) → `ExitHandler::dispatch` or
//! `ExitHandler::exit` (the `deoptless` crate) → `osr::exit` decodes it →
//! `osr::deopt` resumes the interpreter.

use super::{ctx, NativeFrame, ST_ERROR, ST_EXITED};
use crate::ir::{Reason, Type};
use std::rc::Rc;
use vm::error::RError;
use vm::interp::Interp;
use vm::value::*;

/// `NativeFrame::call_state` once an observer wrote the published state into the
/// frame (the frame holds the locals now).
pub const CALL_STATE_SYNCED: u32 = u32::MAX;

/// Where each frame-state value of an exit is in the exit buffer.
#[derive(Clone, Debug)]
pub struct ExitInfo {
    pub pc: u32,
    pub reason: Reason,
    /// Types of the buffer words: stack values, then bound locals, then loops.
    pub types: Vec<Type>,
    pub nstack: usize,
    /// Which local slots are present (bound) in the frame state.
    pub locals: Vec<bool>,
    /// The step of each active counted loop (its next and remaining values
    /// are the last buffer words, two per loop).
    pub loop_steps: Vec<i32>,
    /// Type-check exits: the feedback slot the speculation came from, and the
    /// buffer word holding the tested value (an `any` slot).
    pub feedback: Option<(u32, usize)>,
    /// (word, slot) for each `any` word: compiled code stores only unboxed
    /// words; `rt_exit` writes these slot numbers into the buffer.
    pub any_slots: Vec<(u32, u32)>,
    /// Where the imaginary parts of `cplx` words are: word k's at buffer
    /// word `imag_at + k` (the real part is word k). 0 when none is `cplx`.
    pub imag_at: usize,
}

/// An exit as native code left it: the exit buffer words (unboxed scalars in
/// native representation, `any` values as slot numbers of `NativeFrame::anys`).
pub struct RawExit<'a> {
    pub id: u32,
    pub info: &'a ExitInfo,
    pub words: &'a [u64],
    /// The imaginary parts of `cplx` words (`imag[k]` for word k; empty
    /// when no word is `cplx`).
    pub imag: &'a [u64],
    /// The assumption held (a chaos exit).
    pub chaos: bool,
    pub started: std::time::Instant,
}

impl<'a> RawExit<'a> {
    /// The raw exit `id` (of `info`) in buffer `buf`, with the `any` words'
    /// slot numbers filled in.
    ///
    /// # Safety
    /// As `exit_words`: `buf` holds `info`'s state, written by compiled code.
    pub unsafe fn from_buffer(
        id: u32,
        info: &'a ExitInfo,
        buf: *mut u64,
        chaos: bool,
        started: std::time::Instant,
    ) -> RawExit<'a> {
        let (words, imag) = unsafe { exit_words(info, buf) };
        RawExit {
            id,
            info,
            words,
            imag,
            chaos,
            started,
        }
    }
}

/// What the engine does when compiled code exits.
pub trait ExitHandler {
    /// Deoptless: finish the activation from the raw exit without rebuilding
    /// interpreter values (`Some`), or decline (`None`: `exit` deoptimizes).
    fn dispatch(
        &self,
        _interp: &mut Interp,
        _ctx: &mut NativeFrame,
        _raw: &RawExit,
    ) -> Option<Result<Value, RError>> {
        None
    }

    /// Finish the activation from the exit (decoded by `osr::exit`); the
    /// result is the function's result.
    fn exit(
        &self,
        interp: &mut Interp,
        ctx: &mut NativeFrame,
        raw: &RawExit,
    ) -> Result<Value, RError>;

    /// A call by compiled code (`caller`, at its call `call`) of `clo` with
    /// one argument per parameter in the caller's slots `args` (operand
    /// slots, `MOVE_OPERAND` as in runtime calls), run in the callee's
    /// compiled version without an interpreter activation (`LazyFrame`).
    /// With `defaults`, some are `NO_ARG`: the parameter's literal default.
    /// `None`: no compiled version takes these arguments and nothing was
    /// consumed (the caller calls through the interpreter).
    #[allow(clippy::too_many_arguments)]
    fn call_direct(
        &self,
        _interp: &mut Interp,
        _caller: &mut NativeFrame,
        _clo: &Rc<Closure>,
        _args: &[u32],
        _defaults: bool,
        _call: u32,
    ) -> Option<Result<Value, RError>> {
        None
    }
}

/// A failing assumption: rebuild the frame state and let the engine finish.
/// `held` is 1 when the assumption held (a chaos exit).
pub extern "C" fn rt_exit(c: *mut NativeFrame, id: u32, buf: *mut u64, held: u32) -> u32 {
    let started = std::time::Instant::now();
    let c = unsafe { ctx(c) };
    if !c.chaos.is_null() {
        // SAFETY: the engine keeps its generator alive while native code
        // runs, and nothing else borrows it then.
        unsafe { (*c.chaos).rearm() };
    }
    let exits = c.exits.clone();
    let info = &exits[id as usize];
    // SAFETY: the exit block passes its buffer, written for this exit.
    let raw = unsafe { RawExit::from_buffer(id, info, buf, held != 0, started) };
    let handler = c.handler.clone();
    let r = match handler.dispatch(unsafe { &mut *c.interp }, c, &raw) {
        Some(r) => r,
        None => handler.exit(unsafe { &mut *c.interp }, c, &raw),
    };
    match r {
        Ok(v) => {
            c.result = Some(v);
            ST_EXITED
        }
        Err(e) => {
            c.error = Some(e);
            ST_ERROR
        }
    }
}

/// The words and imaginary parts of exit `info`'s buffer `buf`, with the
/// `any` words' slot numbers filled in.
///
/// # Safety
/// `buf` is the exit buffer compiled code wrote `info`'s state into (it holds
/// at least `types.len()` words, `imag_at + types.len()` with `cplx` words:
/// `lower::Lowerer::exit_buffer`), and nothing else uses it meanwhile.
unsafe fn exit_words<'b>(info: &ExitInfo, buf: *mut u64) -> (&'b [u64], &'b [u64]) {
    let words: &[u64] = if info.types.is_empty() {
        &[]
    } else {
        let words = unsafe { std::slice::from_raw_parts_mut(buf, info.types.len()) };
        for &(k, slot) in &info.any_slots {
            words[k as usize] = slot as u64;
        }
        words
    };
    let imag: &[u64] = if info.imag_at == 0 {
        &[]
    } else {
        unsafe { std::slice::from_raw_parts(buf.add(info.imag_at), info.types.len()) }
    };
    (words, imag)
}
