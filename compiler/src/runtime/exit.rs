//! The exit format and its decoding: where compiled code leaves each
//! frame-state value of a failing assumption (`ExitInfo`, written by
//! `lower`), the raw exit as native code left it (`RawExit`), the interpreter
//! state rebuilt from it (`ExitState`), and `rt_exit`, which hands the exit to
//! the engine's `ExitHandler` (deoptless dispatch or deoptimization, decided
//! above this crate). Also the published call states (`InstKind::CallState`)
//! that observers of a caller's frame write back (`sync_frames`).
//!
//! The path of one exit: `lower` emits the exit block (buffer words, then a
//! call of `rt_exit`) → `rt_exit` (here) → `ExitHandler::dispatch` (the
//! `deoptless` crate, which may decode the exit with `RawExit::state`) or
//! `ExitHandler::exit` → `osr::deopt` resumes the interpreter.

use super::{ctx, NativeFrame, ST_ERROR, ST_EXITED};
use crate::ir::{Reason, Type};
use std::rc::Rc;
use vm::bytecode::FunctionCode;
use vm::env::Env;
use vm::error::RError;
use vm::interp::{CountedLoop, Interp};
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

/// The interpreter state at an exit, rebuilt as values.
pub struct ExitState {
    pub code: Rc<FunctionCode>,
    pub env: Env,
    pub exit_id: u32,
    /// The engine's identifier of the compiled version that exited.
    pub version: usize,
    pub pc: u32,
    pub reason: Reason,
    pub stack: Vec<Value>,
    pub locals: Vec<Option<Value>>,
    pub loops: Vec<CountedLoop>,
    /// (feedback slot, the value that failed the test).
    pub trigger: Option<(u32, Value)>,
    /// The exit was injected by chaos mode (the assumption held).
    pub chaos: bool,
    /// When the failing check branched to the exit (for the exit-cost measurement).
    pub started: std::time::Instant,
    /// The exited code was entered by a dispatcher's trampoline (`NativeFrame::trampolined`).
    pub trampolined: bool,
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

impl RawExit<'_> {
    /// A type-check exit's feedback slot and the feedback bits of the value
    /// that failed it (as the interpreter would record them).
    pub fn observed(&self, c: &NativeFrame) -> Option<(u32, u16)> {
        let (slot, k) = self.info.feedback?;
        self.value(c, k)
            .map(|v| (slot, vm::feedback::TypeFeedback::of(&v)))
    }

    /// The interpreter state at the exit, rebuilt as values (boxing unboxed
    /// words): what the interpreter resumes with.
    pub fn state(&self, c: &mut NativeFrame) -> ExitState {
        let info = self.info;
        let mut k = 0;
        let mut stack = Vec::with_capacity(info.nstack);
        for _ in 0..info.nstack {
            stack.push(self.value(c, k).unwrap_or(Value::Null));
            k += 1;
        }
        let locals = if info.reason == Reason::FrameObserved && !self.chaos {
            // The frame holds the locals (`sync_frames` wrote them, and the
            // call may have changed them).
            let env = c.frame().clone();
            env.frame_locals(&c.code.locals)
        } else {
            self.locals(c)
        };
        k += info.locals.iter().filter(|&&p| p).count();
        let mut loops = Vec::with_capacity(info.loop_steps.len());
        for &step in &info.loop_steps {
            let next = self.words[k] as u32 as i32 as i64;
            let remaining = self.words[k + 1] as u32 as i32 as i64;
            loops.push((next, remaining.max(0) as u64, step as i64));
            k += 2;
        }
        let trigger = info
            .feedback
            .and_then(|(fb, w)| self.value(c, w).map(|v| (fb, v)));
        ExitState {
            code: c.code.clone(),
            env: c.frame().clone(),
            exit_id: self.id,
            version: c.version,
            pc: info.pc,
            reason: info.reason,
            stack,
            locals,
            loops,
            trigger,
            chaos: self.chaos,
            started: self.started,
            trampolined: c.trampolined,
        }
    }

    /// The locals of the state (`None`: unbound or absent).
    pub fn locals(&self, c: &NativeFrame) -> Vec<Option<Value>> {
        let mut k = self.info.nstack;
        let mut locals = Vec::with_capacity(self.info.locals.len());
        for &present in &self.info.locals {
            if present {
                locals.push(self.value(c, k));
                k += 1;
            } else {
                locals.push(None);
            }
        }
        locals
    }

    /// The `any` value of buffer word `k` (`None`: an unboxed word, or unbound).
    pub fn any<'c>(&self, c: &'c NativeFrame, k: usize) -> Option<&'c Value> {
        if self.info.types[k] != Type::Any {
            return None;
        }
        let slot = self.words[k] as usize;
        (!c.unbound[slot]).then(|| &c.anys[slot])
    }

    /// Buffer word `k` as an interpreter value (`None`: an unbound local).
    pub fn value(&self, c: &NativeFrame, k: usize) -> Option<Value> {
        let w = self.words[k];
        Some(match self.info.types[k] {
            Type::Int => Value::Int(w as u32 as i32),
            Type::Dbl => Value::Dbl(f64::from_bits(w)),
            Type::Lgl => Value::Lgl(w as u32 as i32),
            Type::Bool => Value::Lgl((w & 1) as i32),
            Type::Cplx => Value::cplx(C64::new(f64::from_bits(w), f64::from_bits(self.imag[k]))),
            _ => self.any(c, k)?.clone(),
        })
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

    /// Finish the activation from `state`; the result is the function's result.
    fn exit(&self, interp: &mut Interp, state: ExitState) -> Result<Value, RError>;

    /// A call by compiled code (`caller`, at its call `call`) of `clo` with
    /// one argument per parameter in the caller's slots `args` (operand
    /// slots, `MOVE_OPERAND` as in runtime calls), run in the callee's
    /// compiled version without an interpreter activation (`LazyFrame`).
    /// `None`: no compiled version takes these arguments and nothing was
    /// consumed (the caller calls through the interpreter).
    fn call_direct(
        &self,
        _interp: &mut Interp,
        _caller: &mut NativeFrame,
        _clo: &Rc<Closure>,
        _args: &[u32],
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
    let (words, imag) = unsafe { exit_words(info, buf) };
    let handler = c.handler.clone();
    let raw = RawExit {
        id,
        info,
        words,
        imag,
        chaos: held != 0,
        started,
    };
    let dispatched = handler.dispatch(unsafe { &mut *c.interp }, c, &raw);
    if let Some(r) = dispatched {
        return match r {
            Ok(v) => {
                c.result = Some(v);
                ST_EXITED
            }
            Err(e) => {
                c.error = Some(e);
                ST_ERROR
            }
        };
    }
    let state = raw.state(c);
    let interp = unsafe { &mut *c.interp };
    match handler.exit(interp, state) {
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

/// `Interp::native_top`'s syncer: every compiled activation from the one at
/// `p` outwards that runs in frame `env` and is suspended in a call that
/// published its state (`InstKind::CallState`) writes that state's locals
/// into the frame, and marks the state synced: after the call its code
/// exits (reason `frameobserved`) and the interpreter goes on from the
/// frame, which the observer may have changed.
///
/// # Safety
/// `p` is the innermost running compiled activation's `NativeFrame`; each one's
/// `prev` is its caller's, alive while it runs.
pub unsafe fn sync_frames(p: *mut u8, env: &Env) {
    let mut at = p as *mut NativeFrame;
    while !at.is_null() {
        let c = unsafe { &mut *at };
        at = c.prev;
        let id = c.call_state;
        if id == 0 || id == CALL_STATE_SYNCED || !c.env.as_ref().is_some_and(|e| Rc::ptr_eq(e, env))
        {
            continue;
        }
        let exits = c.exits.clone();
        let info = &exits[(id - 1) as usize];
        // SAFETY: `call_buf` holds the state `call_state` names while the
        // call runs (no exit of the suspended activation reuses it).
        let (words, imag) = unsafe { exit_words(info, c.call_buf) };
        let raw = RawExit {
            id: id - 1,
            info,
            words,
            imag,
            chaos: false,
            started: std::time::Instant::now(),
        };
        // (Locals the frame keeps itself are absent from the state.)
        let locals = raw.locals(c);
        env.bind_frame_locals(&c.code.locals, &locals);
        c.call_state = CALL_STATE_SYNCED;
    }
}
