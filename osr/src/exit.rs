//! Decoding an exit: the interpreter state at an exit rebuilt as values
//! (`ExitState`) from the raw exit compiled code left (`RawExit`, in the
//! compiler's exit format), the values of single buffer words (for the
//! engine's deoptimization contexts and continuation entries), and the
//! published call states that observers of a caller's frame write back into
//! it (`sync_frames`).

use compiler::ir::{Reason, Type};
use compiler::runtime::{NativeFrame, RawExit, CALL_STATE_SYNCED};
use std::rc::Rc;
use vm::bytecode::FunctionCode;
use vm::env::Env;
use vm::interp::CountedLoop;
use vm::value::*;

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

/// The decoding of a raw exit (the compiler's format) against its activation.
pub trait RawExitDecode {
    /// A type-check exit's feedback slot and the feedback bits of the value
    /// that failed it (as the interpreter would record them).
    fn observed(&self, c: &NativeFrame) -> Option<(u32, u16)>;
    /// The interpreter state at the exit, rebuilt as values (boxing unboxed
    /// words): what the interpreter resumes with.
    fn state(&self, c: &mut NativeFrame) -> ExitState;
    /// The locals of the state (`None`: unbound or absent).
    fn locals(&self, c: &NativeFrame) -> Vec<Option<Value>>;
    /// The `any` value of buffer word `k` (`None`: an unboxed word, or unbound).
    fn any<'c>(&self, c: &'c NativeFrame, k: usize) -> Option<&'c Value>;
    /// Buffer word `k` as an interpreter value (`None`: an unbound local).
    fn value(&self, c: &NativeFrame, k: usize) -> Option<Value>;
}

impl RawExitDecode for RawExit<'_> {
    fn observed(&self, c: &NativeFrame) -> Option<(u32, u16)> {
        let (slot, k) = self.info.feedback?;
        self.value(c, k)
            .map(|v| (slot, vm::feedback::TypeFeedback::of(&v)))
    }

    fn state(&self, c: &mut NativeFrame) -> ExitState {
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

    fn locals(&self, c: &NativeFrame) -> Vec<Option<Value>> {
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

    fn any<'c>(&self, c: &'c NativeFrame, k: usize) -> Option<&'c Value> {
        if self.info.types[k] != Type::Any {
            return None;
        }
        let slot = self.words[k] as usize;
        (!c.unbound[slot]).then(|| &c.anys[slot])
    }

    fn value(&self, c: &NativeFrame, k: usize) -> Option<Value> {
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
        let raw = unsafe {
            RawExit::from_buffer(id - 1, info, c.call_buf, false, std::time::Instant::now())
        };
        // (Locals the frame keeps itself are absent from the state.)
        let locals = raw.locals(c);
        env.bind_frame_locals(&c.code.locals, &locals);
        c.call_state = CALL_STATE_SYNCED;
    }
}
