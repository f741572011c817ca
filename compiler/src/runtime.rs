//! The runtime that compiled code calls.
//!
//! A native activation owns a `Ctx`. Boxed (`any`) IR values live in
//! `Ctx::anys`, one slot per IR value number, so native code refers to them by
//! a constant slot index; unboxed values live in machine registers. Generic
//! operations run the interpreter's own implementation of the bytecode
//! instruction (`Interp::exec_generic`); a failing assumption calls `rt_exit`,
//! which rebuilds the interpreter values of the frame state from the exit
//! buffer and hands them to the engine's `ExitHandler` (deopt or deoptless).

// The `rt_*` functions are entry points for generated code only, which passes
// back the `Ctx` pointer the engine gave it; they are not a Rust API.
#![allow(clippy::not_unsafe_ptr_arg_deref)]

use crate::ir::{Reason, Type, TypeTest};
use std::rc::Rc;
use vm::bytecode::FunctionCode;
use vm::env::Env;
use vm::error::RError;
use vm::interp::{CountedLoop, Interp};
use vm::value::*;

/// Status returned by native code and runtime calls.
pub const ST_OK: u32 = 0;
pub const ST_ERROR: u32 = 1;
/// The function finished through an exit (its result is in `Ctx::result`).
pub const ST_EXITED: u32 = 2;

/// `Ctx::call_state` once an observer wrote the published state into the
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
    /// The exited code was entered by a dispatcher's trampoline (`Ctx::trampolined`).
    pub trampolined: bool,
}

/// An exit as native code left it: the exit buffer words (unboxed scalars in
/// native representation, `any` values as slot numbers of `Ctx::anys`).
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
    pub fn observed(&self, c: &Ctx) -> Option<(u32, u16)> {
        let (slot, k) = self.info.feedback?;
        self.value(c, k)
            .map(|v| (slot, vm::feedback::TypeFeedback::of(&v)))
    }

    /// The interpreter state at the exit, rebuilt as values (boxing unboxed
    /// words): what the interpreter resumes with.
    pub fn state(&self, c: &mut Ctx) -> ExitState {
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
    pub fn locals(&self, c: &Ctx) -> Vec<Option<Value>> {
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
    pub fn any<'c>(&self, c: &'c Ctx, k: usize) -> Option<&'c Value> {
        if self.info.types[k] != Type::Any {
            return None;
        }
        let slot = self.words[k] as usize;
        (!c.unbound[slot]).then(|| &c.anys[slot])
    }

    /// Buffer word `k` as an interpreter value (`None`: an unbound local).
    pub fn value(&self, c: &Ctx, k: usize) -> Option<Value> {
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
        _ctx: &mut Ctx,
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
        _caller: &mut Ctx,
        _clo: &Rc<Closure>,
        _args: &[u32],
        _call: u32,
    ) -> Option<Result<Value, RError>> {
        None
    }
}

/// Seeded failure injection for chaos mode (see docs/DESIGN.md): every executed
/// assume check fails with probability `p`, independently. The failures form
/// a Bernoulli process, so the gap from one failure to the next is
/// geometric: compiled code only counts `countdown` down at each check and
/// fails the check that reaches 0 (a load, a decrement and a store instead of
/// a draw per check), and `rt_exit` draws the next gap. Same seed, same
/// program, same failures.
#[repr(C)]
pub struct Chaos {
    /// Checks left up to and including the next failing one (≥ 1 while
    /// compiled code runs). First field: compiled code loads it at offset 0.
    pub countdown: u64,
    pub p: f64,
    /// xorshift64* state.
    pub state: u64,
}

/// xorshift64*'s output multiplier.
pub const CHAOS_MUL: u64 = 0x2545F4914F6CDD1D;

impl Chaos {
    pub fn new(p: f64, seed: u64) -> Chaos {
        let mut ch = Chaos {
            countdown: 0,
            p,
            state: seed.wrapping_mul(0x9E3779B97F4A7C15) | 1,
        };
        ch.countdown = ch.gap();
        ch
    }

    /// A uniform 53-bit draw (xorshift64*, deterministic per seed).
    fn next53(&mut self) -> u64 {
        let mut x = self.state;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.state = x;
        x.wrapping_mul(CHAOS_MUL) >> 11
    }

    /// The number of checks up to and including the next failing one:
    /// geometric with success probability `p` (inverse transform of a
    /// uniform u in (0, 1]: ceil(ln u / ln(1 - p)), at least 1).
    pub fn gap(&mut self) -> u64 {
        let p = self.p.clamp(0.0, 1.0);
        if p >= 1.0 {
            return 1;
        }
        if p <= 0.0 {
            return u64::MAX;
        }
        let u = (self.next53() + 1) as f64 / (1u64 << 53) as f64;
        let k = (u.ln() / (-p).ln_1p()).ceil();
        if k.is_nan() || k < 1.0 {
            1
        } else if k >= u64::MAX as f64 {
            u64::MAX
        } else {
            k as u64
        }
    }

    /// After an exit: a check that reached 0 failed; draw the next gap.
    pub fn rearm(&mut self) {
        if self.countdown == 0 {
            self.countdown = self.gap();
        }
    }
}

/// One native activation's state.
pub struct Ctx {
    pub interp: *mut Interp,
    pub code: Rc<FunctionCode>,
    /// The activation's environment, `None` while it runs without one (a
    /// direct call from compiled code, `LazyFrame`): read it through
    /// `frame`, which builds it when something observes it.
    pub env: Option<Env>,
    /// How to build the frame of an activation entered without one (its
    /// `closure` is `None` otherwise).
    pub lazy: LazyFrame,
    pub anys: Vec<Value>,
    /// `anys[i]` stands for an unbound local.
    pub unbound: Vec<bool>,
    pub result: Option<Value>,
    pub error: Option<RError>,
    pub exits: Rc<Vec<ExitInfo>>,
    pub handler: Rc<dyn ExitHandler>,
    /// The engine's chaos generator, whose `countdown` compiled code counts
    /// down at each check (null without chaos; never dereferenced then:
    /// only chaos-mode code counts).
    pub chaos: *mut Chaos,
    /// Entered by a deoptless dispatcher's trampoline: an exit hands the next
    /// code to that dispatcher instead of nesting a new one.
    pub trampolined: bool,
    /// The engine's identifier of the running version (passed back on exits).
    pub version: usize,
    /// Native entry values of unboxed entry parameters (word k = parameter k).
    pub entry: Vec<u64>,
    /// The length of the vector view a runtime call just returned the data
    /// pointer of (`rt_vec_ptr`, `rt_vec_probe`, `rt_vec_set_*`): compiled
    /// code loads it right after the call (a second return value).
    pub vec_len: i64,
    /// The unboxed value (int/lgl in the low 32 bits, or a double's bits)
    /// of the value a passing `test is.int`/`is.dbl`/`is.lgl` just checked:
    /// compiled code loads it right after the test for the value's `unbox`.
    pub word: u64,
    /// A scalar result that compiled code returned natively (`ret` of an
    /// `int`/`dbl`/`lgl`, stored by the generated code itself): its kind
    /// (`RET_*`; `RET_BOXED`: the result is in `result`) and its word.
    pub ret_kind: u32,
    pub ret_word: u64,
    /// `anys.as_ptr()`, for compiled code's direct reads and scalar writes of
    /// `any` slots (`anys` is not resized while its code runs).
    pub anys_ptr: *mut Value,
    /// `unbound.as_ptr()` (compiled code clears a slot's flag when it boxes
    /// a scalar into it in place).
    pub unbound_ptr: *mut bool,
    /// The frame state published for the runtime call in progress
    /// (`InstKind::CallState`): its exit id plus one (0: none;
    /// `CALL_STATE_SYNCED`: written into the frame), its words in `call_buf`.
    pub call_state: u32,
    pub call_buf: *mut u64,
    /// The calling compiled activation's context (`Interp::native_top`'s
    /// chain; null for the outermost).
    pub prev: *mut Ctx,
}

/// What a compiled activation entered without an interpreter activation (a
/// direct call from compiled code to compiled code) needs to build one when
/// something observes its frame: an exit, a runtime call that may run R code
/// or look at the call stack, `load_frame`/`store_frame`. Until then the
/// call costs no environment, no activation and no binding of arguments.
pub struct LazyFrame {
    pub closure: Option<Rc<Closure>>,
    /// The arguments as passed: parameter k's binding at entry.
    pub args: Vec<Value>,
    /// The calling activation's context, built first (activations are
    /// pushed in call order).
    pub parent: *mut Ctx,
    /// The call in the caller's code (the activation's call site).
    pub call: u32,
    /// The depth of the activation pushed for it, once built.
    pub depth: Option<usize>,
}

impl Default for LazyFrame {
    fn default() -> Self {
        LazyFrame {
            closure: None,
            args: Vec::new(),
            parent: std::ptr::null_mut(),
            call: 0,
            depth: None,
        }
    }
}

/// `Ctx::ret_kind` values.
pub const RET_BOXED: u32 = 0;
pub const RET_INT: u32 = 1;
pub const RET_DBL: u32 = 2;
pub const RET_LGL: u32 = 3;

impl Ctx {
    /// An idle context for `code`'s versions (the engine keeps them in a
    /// pool and sets the per-activation fields at each entry).
    pub fn new(
        interp: *mut Interp,
        code: Rc<FunctionCode>,
        exits: Rc<Vec<ExitInfo>>,
        handler: Rc<dyn ExitHandler>,
        chaos: *mut Chaos,
    ) -> Ctx {
        Ctx {
            interp,
            code,
            env: None,
            lazy: LazyFrame::default(),
            anys: Vec::new(),
            unbound: Vec::new(),
            result: None,
            error: None,
            exits,
            handler,
            chaos,
            trampolined: false,
            version: 0,
            entry: Vec::new(),
            vec_len: 0,
            word: 0,
            ret_kind: RET_BOXED,
            ret_word: 0,
            anys_ptr: std::ptr::null_mut(),
            unbound_ptr: std::ptr::null_mut(),
            call_state: 0,
            call_buf: std::ptr::null_mut(),
            prev: std::ptr::null_mut(),
        }
    }

    /// The activation's environment, built (with its interpreter activation,
    /// and its callers' first) if it ran without one so far.
    #[inline]
    pub fn frame(&mut self) -> &Env {
        if self.env.is_none() {
            self.materialize();
        }
        self.env.as_ref().expect("materialized frame")
    }

    #[cold]
    fn materialize(&mut self) {
        // Pushing activations observes the frames of the innermost frameless
        // activation (`Interp::lazy_top`): that may be this one or a callee
        // of it, whose building would build this one again. Nothing reads
        // the frames while they are built, so it is off until they are.
        let interp = unsafe { &mut *self.interp };
        let top = interp.lazy_top.take();
        self.materialize_unobserved();
        let interp = unsafe { &mut *self.interp };
        interp.lazy_top = top;
    }

    fn materialize_unobserved(&mut self) {
        // SAFETY: the caller's context outlives this call: it is suspended
        // in the runtime call that made it.
        let lazy = &mut self.lazy;
        let caller = unsafe { &mut *lazy.parent };
        caller.frame();
        let site = vm::interp::CallSite::Code(caller.code.clone(), lazy.call);
        let interp = unsafe { &mut *self.interp };
        let clo = lazy
            .closure
            .clone()
            .expect("a frameless activation knows its closure");
        let env = interp.fresh_frame(&clo);
        {
            let mut slots = env.slots.borrow_mut();
            for (slot, v) in slots.iter_mut().zip(lazy.args.drain(..)) {
                *slot = Some(v);
            }
        }
        lazy.depth = Some(interp.push_activation(&clo, &env, site, None, 0, 0, None));
        self.env = Some(env);
    }

    /// The function `sym` names, looked up from the activation's frame. An
    /// activation without its frame binds nothing but its locals, so a name
    /// that is not one of them is looked up from the closure's environment,
    /// without building the frame.
    pub fn lookup_function(&mut self, sym: vm::symbols::SymId) -> Option<Value> {
        if self.env.is_none() {
            if let Some(clo) = &self.lazy.closure {
                if !self.code.locals.contains(&sym) {
                    return clo.env.lookup_function(sym);
                }
            }
        }
        self.frame().lookup_function(sym)
    }

    /// `Interp::lazy_top`'s builder: `frame` of the context at `p`.
    ///
    /// # Safety
    /// `p` points to a live `Ctx` (the tier sets `lazy_top` only while that
    /// activation's code runs).
    pub unsafe fn build_frame(p: *mut u8) {
        unsafe { (*(p as *mut Ctx)).frame() };
    }

    /// The value in operand slot `s` (a runtime call's operand), in place.
    pub fn operand_ref(&self, s: u32) -> &Value {
        &self.anys[(s & !MOVE_OPERAND) as usize]
    }

    /// The value in operand slot `s`, moved out at its last use, else cloned.
    pub fn take_operand(&mut self, s: u32) -> Value {
        operand(&mut self.anys, s)
    }

    /// The activation's result once its code returned normally: the native
    /// scalar it stored, else the boxed `result` (NULL if none).
    #[inline]
    pub fn take_result(&mut self) -> Value {
        match self.ret_kind {
            RET_INT => Value::Int(self.ret_word as u32 as i32),
            RET_DBL => Value::Dbl(f64::from_bits(self.ret_word)),
            RET_LGL => Value::Lgl(self.ret_word as u32 as i32),
            _ => self.result.take().unwrap_or(Value::Null),
        }
    }
}

unsafe fn ctx<'a>(c: *mut Ctx) -> &'a mut Ctx {
    // SAFETY: native code passes back the pointer the engine gave it; the Ctx
    // outlives the native call and is not otherwise borrowed during it.
    unsafe { &mut *c }
}

/// Empty a slot (a moved operand): the old value is swapped out and
/// dropped. (Assigning `Value::Null` builds a NULL on the stack around the
/// drop and copies it with a wide load of its narrow tag store, a
/// store-forwarding stall.)
#[inline]
fn clear(slot: &mut Value) {
    drop(std::mem::replace(slot, Value::Null));
}

fn set(c: &mut Ctx, dst: u32, v: Value) {
    c.anys[dst as usize] = v;
    c.unbound[dst as usize] = false;
}

pub extern "C" fn rt_test(c: *mut Ctx, slot: u32, test: u32) -> u8 {
    let c = unsafe { ctx(c) };
    let v = &c.anys[slot as usize];
    let t = TypeTest::all()[test as usize];
    let ok = match (t, v) {
        (TypeTest::IsBound, _) => !c.unbound[slot as usize],
        (TypeTest::IsNull, Value::Null) => !c.unbound[slot as usize],
        (TypeTest::IsInt, Value::Int(x)) => *x != NA_INTEGER,
        (TypeTest::IsDbl, Value::Dbl(_)) => true,
        (TypeTest::IsLgl, Value::Lgl(_)) => true,
        (
            TypeTest::IsVecInt | TypeTest::IsVecDbl | TypeTest::IsVecLgl | TypeTest::IsVecCplx,
            Value::Vec(vec),
        ) => {
            vec.attrs.is_none()
                && matches!(
                    (t, &vec.data),
                    (TypeTest::IsVecInt, VecData::Int(_))
                        | (TypeTest::IsVecDbl, VecData::Dbl(_))
                        | (TypeTest::IsVecLgl, VecData::Lgl(_))
                        | (TypeTest::IsVecCplx, VecData::Cplx(_))
                )
        }
        (TypeTest::IsCplx, Value::Vec(vec)) => {
            vec.attrs.is_none() && vec.len() == 1 && matches!(vec.data, VecData::Cplx(_))
        }
        (TypeTest::IsMatDbl, Value::Vec(vec)) => {
            matches!(vec.data, VecData::Dbl(_))
                && vec.attrs.as_ref().is_some_and(|a| matrix_attrs(a))
                && vec.dim2().is_some()
        }
        // A length-1 attribute-free vector is the same R value as an unboxed scalar.
        (TypeTest::IsInt | TypeTest::IsDbl | TypeTest::IsLgl, Value::Vec(vec))
            if vec.attrs.is_none() && vec.len() == 1 =>
        {
            match (t, &vec.data) {
                (TypeTest::IsInt, VecData::Int(d)) => d[0] != NA_INTEGER,
                (TypeTest::IsDbl, VecData::Dbl(_)) | (TypeTest::IsLgl, VecData::Lgl(_)) => true,
                _ => false,
            }
        }
        _ => false,
    };
    // A passing scalar test leaves the unboxed value for an `unbox` later
    // in the block (see `Ctx::word`).
    if ok {
        match t {
            TypeTest::IsInt | TypeTest::IsLgl => c.word = unbox_i32(v) as u32 as u64,
            TypeTest::IsDbl => c.word = unbox_f64(v).to_bits(),
            _ => {}
        }
    }
    ok as u8
}

/// `unbox` to `int`/`lgl` (after a passing test).
fn unbox_i32(v: &Value) -> i32 {
    match v {
        Value::Int(x) | Value::Lgl(x) => *x,
        Value::Vec(v) => match &v.data {
            VecData::Int(d) | VecData::Lgl(d) if !d.is_empty() => d[0],
            _ => NA_INTEGER,
        },
        _ => NA_INTEGER,
    }
}

/// `unbox` to `dbl` (after a passing test).
fn unbox_f64(v: &Value) -> f64 {
    v.first_f64().unwrap_or_else(na_real)
}

pub extern "C" fn rt_unbox_int(c: *mut Ctx, slot: u32) -> i32 {
    unbox_i32(&unsafe { ctx(c) }.anys[slot as usize])
}

pub extern "C" fn rt_unbox_dbl(c: *mut Ctx, slot: u32) -> f64 {
    unbox_f64(&unsafe { ctx(c) }.anys[slot as usize])
}

/// Attributes of a matrix whose elements compiled code reads and stores
/// directly: `dim`, and `dimnames`, which do not change what element reads
/// and stores do (copy-on-write copies keep them). Any other attribute (a
/// class: `[` dispatches) does. `is.mat<dbl>` and the matrix view of
/// `vec_view` must agree: code that passed the test uses the view.
fn matrix_attrs(attrs: &[(std::rc::Rc<str>, Value)]) -> bool {
    attrs
        .iter()
        .all(|(name, _)| matches!(&**name, "dim" | "dimnames"))
}

/// The data pointer and length of `v` when it is a vector whose elements
/// are `elem` (0 int, 1 dbl, 2 lgl) and whose attributes are none or, with
/// `dim_ok`, only `dim` (a matrix viewed as its elements); null and 0 for
/// any other value.
fn vec_view(v: &Value, elem: u32, dim_ok: bool) -> (*const u8, i64) {
    let Value::Vec(v) = v else {
        return (std::ptr::null(), 0);
    };
    let plain = match &v.attrs {
        None => true,
        Some(a) => dim_ok && matrix_attrs(a),
    };
    let p = match (&v.data, elem) {
        _ if !plain => return (std::ptr::null(), 0),
        (VecData::Int(d), 0) | (VecData::Lgl(d), 2) => d.as_ptr() as *const u8,
        (VecData::Dbl(d), 1) => d.as_ptr() as *const u8,
        // `num_complex::Complex<f64>` is `repr(C)`: re at 0, im at 8.
        (VecData::Cplx(d), 3) => d.as_ptr() as *const u8,
        _ => return (std::ptr::null(), 0),
    };
    (p, v.len() as i64)
}

/// `unbox` to a vector view: the data pointer of the vector in `slot` (see
/// `vec_view`; matrices allowed, see `passes::licm`), its length left in
/// `Ctx::vec_len` for the caller to load.
pub extern "C" fn rt_vec_ptr(c: *mut Ctx, slot: u32, elem: u32) -> *const u8 {
    let c = unsafe { ctx(c) };
    let (p, n) = vec_view(&c.anys[slot as usize], elem, true);
    c.vec_len = n;
    p
}

/// `test is.vec<…>` and its view in one call: the data pointer (length in
/// `Ctx::vec_len`) of the value in `slot` when it is an attribute-free
/// vector of `elem`s, else null (the test fails). Lowering reuses the view
/// for an `unbox` of the same value later in the block.
pub extern "C" fn rt_vec_probe(c: *mut Ctx, slot: u32, elem: u32) -> *const u8 {
    let c = unsafe { ctx(c) };
    let (p, n) = vec_view(&c.anys[slot as usize], elem, false);
    c.vec_len = n;
    p
}

pub extern "C" fn rt_box_int(c: *mut Ctx, dst: u32, x: i32) {
    set(unsafe { ctx(c) }, dst, Value::Int(x));
}
pub extern "C" fn rt_box_dbl(c: *mut Ctx, dst: u32, x: f64) {
    set(unsafe { ctx(c) }, dst, Value::Dbl(x));
}
pub extern "C" fn rt_box_lgl(c: *mut Ctx, dst: u32, x: i32) {
    set(unsafe { ctx(c) }, dst, Value::Lgl(x));
}
pub extern "C" fn rt_box_cplx(c: *mut Ctx, dst: u32, re: f64, im: f64) {
    set(unsafe { ctx(c) }, dst, Value::cplx(C64::new(re, im)));
}

/// `unbox` to `cplx` (after a passing `is.cplx` test): the real part; the
/// imaginary part's bits are left in `Ctx::word` for the caller to load.
pub extern "C" fn rt_unbox_cplx(c: *mut Ctx, slot: u32) -> f64 {
    let c = unsafe { ctx(c) };
    let z = match &c.anys[slot as usize] {
        Value::Vec(v) => match &v.data {
            VecData::Cplx(d) if !d.is_empty() => d[0],
            _ => na_complex(),
        },
        _ => na_complex(),
    };
    c.word = z.im.to_bits();
    z.re
}

/// Return a `cplx` result (boxed into `Ctx::result`).
pub extern "C" fn rt_ret_cplx(c: *mut Ctx, re: f64, im: f64) {
    let c = unsafe { ctx(c) };
    c.result = Some(Value::cplx(C64::new(re, im)));
}

/// `Mod` of a complex: the interpreter's (and R's), the C library's `hypot`.
pub extern "C" fn rt_cplx_mod(re: f64, im: f64) -> f64 {
    re.hypot(im)
}

/// Two doubles returned in two registers (a complex result).
#[repr(C)]
pub struct Pair {
    pub re: f64,
    pub im: f64,
}

/// Complex `*` and `/`: the interpreter's functions (C99 `double complex`
/// arithmetic, as GNU R).
pub extern "C" fn rt_cplx_mul(a: f64, b: f64, c: f64, d: f64) -> Pair {
    let z = vm::builtins::arith::cplx_mul(C64::new(a, b), C64::new(c, d));
    Pair { re: z.re, im: z.im }
}
pub extern "C" fn rt_cplx_div(a: f64, b: f64, c: f64, d: f64) -> Pair {
    let z = vm::builtins::arith::cplx_div(C64::new(a, b), C64::new(c, d));
    Pair { re: z.re, im: z.im }
}

/// `vecset` of a `cplx` element.
pub extern "C" fn rt_vec_set_cplx(
    c: *mut Ctx,
    src: u32,
    dst: u32,
    i: i32,
    re: f64,
    im: f64,
) -> *const u8 {
    vec_set(
        unsafe { ctx(c) },
        src,
        dst,
        i,
        Value::cplx(C64::new(re, im)),
        3,
    )
}

pub extern "C" fn rt_copy(c: *mut Ctx, dst: u32, src: u32) {
    let c = unsafe { ctx(c) };
    c.anys[dst as usize] = c.anys[src as usize].clone();
    c.unbound[dst as usize] = c.unbound[src as usize];
}

/// An edge argument's last use: move it into the parameter's slot (the
/// source slot is left NULL; it is never read again).
pub extern "C" fn rt_move(c: *mut Ctx, dst: u32, src: u32) {
    let c = unsafe { ctx(c) };
    c.anys[dst as usize] = std::mem::replace(&mut c.anys[src as usize], Value::Null);
    c.unbound[dst as usize] = c.unbound[src as usize];
}

/// `const.any #k`: the bytecode constant `k`, or the unbound-local marker.
pub extern "C" fn rt_const(c: *mut Ctx, dst: u32, k: u32) {
    let c = unsafe { ctx(c) };
    if k == crate::build::UNBOUND {
        c.anys[dst as usize] = Value::Null;
        c.unbound[dst as usize] = true;
    } else {
        let v = c.code.consts[k as usize].clone();
        set(c, dst, v);
    }
}

/// In an `rt_generic` operand: take the value out of the slot (leaving NULL)
/// instead of cloning it, because this is its last use (`passes::liveness`).
/// An unshared vector can then be updated in place.
pub const MOVE_OPERAND: u32 = 1 << 31;

/// The generic implementation of bytecode instruction `pc` on the boxed
/// operands in slots `args[..n]` (each possibly marked `MOVE_OPERAND`),
/// result into slot `dst`.
pub extern "C" fn rt_generic(c: *mut Ctx, pc: u32, args: *const u32, n: u32, dst: u32) -> u32 {
    let c = unsafe { ctx(c) };
    let slots: &[u32] = if n == 0 {
        &[]
    } else {
        unsafe { std::slice::from_raw_parts(args, n as usize) }
    };
    match c.code.ops[pc as usize] {
        vm::bytecode::Op::Call { spec, call, fb, .. } => {
            if let Some(st) = call_positional(c, slots, spec, call, fb, dst) {
                return st;
            }
            if c.env.is_none() {
                if let Some(st) = call_builtin(c, slots, spec, call, fb, dst, pc) {
                    return st;
                }
            }
        }
        // A function lookup that finds one (the generic path reports a
        // failed one).
        vm::bytecode::Op::LoadFun(sym, _) => {
            let found = match c.lookup_function(sym) {
                Some(f) => Some(f),
                None => unsafe { &mut *c.interp }
                    .builtin_for(sym)
                    .map(Value::Builtin),
            };
            if let Some(f) = found {
                set(c, dst, f);
                return ST_OK;
            }
        }
        // Record fields: `x$name` and `x$name <- v` on a list straight through
        // the subset functions (no interpreter dispatch, no operand stack),
        // with the feedback and error attribution `exec_slow` gives them.
        vm::bytecode::Op::Dollar(sym, _, fb) if n == 1 => {
            let x = &c.anys[(slots[0] & !MOVE_OPERAND) as usize];
            if let Some(v) = vm::builtins::subset::dollar_of_list(x, &sym.name()) {
                vm::feedback::TypeFeedback::record(&c.code.type_fb[fb as usize], &v);
                consume(c, slots);
                set(c, dst, v);
                return ST_OK;
            }
        }
        // The next element of a `for` loop over a list or character vector,
        // read in place (no operand vector).
        vm::bytecode::Op::ForStep { .. } if n == 2 => {
            if let Value::Int(k @ 1..) = c.anys[(slots[1] & !MOVE_OPERAND) as usize] {
                let seq = &c.anys[(slots[0] & !MOVE_OPERAND) as usize];
                let v = vm::interp::seq_elt(seq, k as usize - 1);
                consume(c, slots);
                set(c, dst, v);
                return ST_OK;
            }
        }
        vm::bytecode::Op::SetDollar(sym, ci) if n == 2 && is_list(&c.anys, slots[1]) => {
            let v = operand(&mut c.anys, slots[0]);
            let x = operand(&mut c.anys, slots[1]);
            let interp = unsafe { &mut *c.interp };
            let r = interp.as_call(&c.code, ci, |interp| {
                vm::builtins::subset::assign_dollar(interp, x, &sym.name(), v)
            });
            return finish(c, dst, unwound(r, &c.code, pc));
        }
        _ => {}
    }
    // Scalar arithmetic and indexing: on the operands in place, no clones.
    if n <= 3 {
        let op = c.code.ops[pc as usize];
        let fast = {
            let mut refs: [&Value; 3] = [&Value::Null; 3];
            for (k, &s) in slots.iter().enumerate() {
                refs[k] = &c.anys[(s & !MOVE_OPERAND) as usize];
            }
            vm::interp::fast_generic(op, &refs[..slots.len()])
        };
        if let Some(v) = fast {
            consume(c, slots);
            set(c, dst, v);
            return ST_OK;
        }
    }
    let op = c.code.ops[pc as usize];
    if c.env.is_none() && !vm::interp::Interp::generic_on_stack(&op) {
        // Arithmetic, indexing, stores...: no frame needed (a warning
        // builds it through `Interp::observe_frames`).
        let operands: Vec<Value> = slots.iter().map(|&s| operand(&mut c.anys, s)).collect();
        let interp = unsafe { &mut *c.interp };
        let r = interp.exec_frame_free(&c.code, pc as usize, operands);
        return finish(c, dst, unwound(r, &c.code, pc));
    }
    // The interpreter's instruction may run R code or look at the call
    // stack: the activation needs its frame now.
    let env = c.frame().clone();
    let interp = unsafe { &mut *c.interp };
    let r = if vm::interp::Interp::generic_on_stack(&op) {
        // Straight onto the interpreter's operand stack (no operand vector).
        let anys = &mut c.anys;
        interp.exec_generic_pushed(&c.code, &env, pc as usize, |stack| {
            stack.extend(slots.iter().map(|&s| operand(anys, s)))
        })
    } else {
        let operands: Vec<Value> = slots.iter().map(|&s| operand(&mut c.anys, s)).collect();
        interp.exec_generic(&c.code, &env, pc as usize, operands)
    };
    finish(c, dst, unwound(r, &c.code, pc))
}

/// An error of the instruction at `pc` leaves it without a handler
/// (compiled code has none): its traceback gains the closure calls whose
/// arguments the instruction evaluated, as the interpreter's unwinding does.
fn unwound(
    r: vm::error::RResult<Value>,
    code: &FunctionCode,
    pc: u32,
) -> vm::error::RResult<Value> {
    r.map_err(|mut e| {
        Interp::unwind_at_pc(&mut e, code, pc as usize);
        e
    })
}

/// A runtime operation's result into slot `dst` (`ST_OK`), or its error
/// into `Ctx::error` (`ST_ERROR`).
fn finish(c: &mut Ctx, dst: u32, r: vm::error::RResult<Value>) -> u32 {
    match r {
        Ok(v) => {
            set(c, dst, v);
            ST_OK
        }
        Err(e) => {
            c.error = Some(e);
            ST_ERROR
        }
    }
}

/// A call (operand slots: the function, then the arguments) of a closure
/// with positional arguments only: bound straight into the callee's frame
/// (`Interp::call_closure_positional`), without the generic path's operand
/// vector, argument list and matching. Feedback and error attribution are
/// the interpreter's (`Op::Call` in `exec_slow`). `None`: anything else (a
/// builtin, named or `...` arguments, a callee with `...`), left to the
/// generic path; nothing was consumed then.
fn call_positional(
    c: &mut Ctx,
    slots: &[u32],
    spec: u32,
    call: u32,
    fb: u32,
    dst: u32,
) -> Option<u32> {
    let (&fslot, args) = slots.split_first()?;
    let clo = match &c.anys[(fslot & !MOVE_OPERAND) as usize] {
        Value::Closure(clo) => clo.clone(),
        _ => return None,
    };
    let code = c.code.clone();
    let specs = &code.arg_specs[spec as usize];
    if specs.len() != args.len()
        || !specs
            .iter()
            .all(|s| matches!(s, vm::bytecode::ArgSpec::Positional))
        || !Interp::positional_ok(&clo, args.len())
    {
        return None;
    }
    code.call_fb[fb as usize]
        .borrow_mut()
        .record(&c.anys[(fslot & !MOVE_OPERAND) as usize]);
    let interp = unsafe { &mut *c.interp };
    let saved = interp.cur_call_saved();
    // Straight to the callee's compiled code when it has a version for
    // these arguments (no frame unless it is observed), else through the
    // interpreter, whose activation of the callee sits on this one's.
    let direct = if args.len() == clo.code.nparams && !clo.code.calls_want_frame.get() {
        let handler = c.handler.clone();
        handler.call_direct(interp, c, &clo, args, call)
    } else {
        None
    };
    let r = match direct {
        Some(r) => r,
        None => {
            c.frame();
            let anys = &mut c.anys;
            let values = args.iter().map(|&s| operand(anys, s));
            interp.call_closure_positional(
                &clo,
                values,
                vm::interp::CallSite::Code(code.clone(), call),
            )
        }
    };
    interp.restore_cur_call(saved);
    if fslot & MOVE_OPERAND != 0 {
        clear(&mut c.anys[(fslot & !MOVE_OPERAND) as usize]);
    }
    Some(match r {
        Ok(v) => {
            code.call_fb[fb as usize].borrow_mut().record_result(&v);
            set(c, dst, v);
            ST_OK
        }
        Err(e) => {
            let mut e = interp.attribute(e, &code, call);
            Interp::unwind_at_call(&mut e, &code, call);
            c.error = Some(e);
            ST_ERROR
        }
    })
}

/// A call of a builtin by an activation running without its frame: the
/// builtin runs without one too (what reads the frames builds them first,
/// `Interp::observe_frames`). Otherwise as `Op::Call` in `exec_slow`.
/// `None`: the callee is not a builtin; nothing was consumed.
fn call_builtin(
    c: &mut Ctx,
    slots: &[u32],
    spec: u32,
    call: u32,
    fb: u32,
    dst: u32,
    pc: u32,
) -> Option<u32> {
    let (&fslot, args) = slots.split_first()?;
    if !matches!(c.operand_ref(fslot), Value::Builtin(_)) {
        return None;
    }
    let f = operand(&mut c.anys, fslot);
    let code = c.code.clone();
    code.call_fb[fb as usize].borrow_mut().record(&f);
    let specs = &code.arg_specs[spec as usize];
    let mut values = vm::args::Args::new();
    for (spec, &s) in specs.iter().zip(args) {
        vm::interp::push_arg(&mut values, spec, operand(&mut c.anys, s));
    }
    let interp = unsafe { &mut *c.interp };
    let saved = interp.cur_call_saved();
    let r = interp.call_value(&f, values, vm::interp::CallSite::Code(code.clone(), call));
    interp.restore_cur_call(saved);
    let r = r.map_err(|e| interp.attribute(e, &code, call));
    if let Ok(v) = &r {
        code.call_fb[fb as usize].borrow_mut().record_result(v);
    }
    Some(finish(c, dst, unwound(r, &code, pc)))
}

/// Releases the operands a runtime call consumed (those moved at their last
/// use) after it read them in place.
fn consume(c: &mut Ctx, slots: &[u32]) {
    for &s in slots {
        if s & MOVE_OPERAND != 0 {
            clear(&mut c.anys[(s & !MOVE_OPERAND) as usize]);
        }
    }
}

/// The operand in slot `s` is a list (a vector of any attributes).
fn is_list(anys: &[Value], s: u32) -> bool {
    matches!(&anys[(s & !MOVE_OPERAND) as usize], Value::Vec(v) if matches!(v.data, vm::value::VecData::List(_)))
}

/// The value of operand slot `s`: moved out when `MOVE_OPERAND` marks its
/// last use, else cloned.
fn operand(anys: &mut [Value], s: u32) -> Value {
    let slot = (s & !MOVE_OPERAND) as usize;
    if s & MOVE_OPERAND != 0 {
        std::mem::replace(&mut anys[slot], Value::Null)
    } else {
        anys[slot].clone()
    }
}

/// `vecset`: the vector in slot `src` (possibly `MOVE_OPERAND`) with element
/// `i` (1-based) set to `v`, into slot `dst`: R's `x[i] <- v`, whose fast
/// path stores in place when the value is unshared (moved at its last use)
/// and into a copy otherwise. The assumes before a `vecset` (element type, in
/// bounds) make that fast path the one taken.
fn vec_set(c: &mut Ctx, src: u32, dst: u32, i: i32, v: Value, elem: u32) -> *const u8 {
    if src & MOVE_OPERAND != 0 {
        let s = (src & !MOVE_OPERAND) as usize;
        if let Some((p, n)) = set_in_place(&mut c.anys[s], i, &v, elem) {
            let x = std::mem::replace(&mut c.anys[s], Value::Null);
            c.vec_len = n;
            set(c, dst, x);
            return p;
        }
    }
    // (A classed vector's `[<-` method is R code: it may look at the frames.)
    c.frame();
    let x = operand(&mut c.anys, src);
    let interp = unsafe { &mut *c.interp };
    let x = match vm::builtins::subset::assign_index(interp, x, &[Some(Value::Int(i))], v) {
        Ok(r) => r,
        Err(e) => {
            c.error = Some(e);
            Value::Null
        }
    };
    // The result's view (the same type and length; the data moves when it
    // was copied), for an `unbox` of it later in the block.
    let (p, n) = vec_view(&x, elem, true);
    c.vec_len = n;
    set(c, dst, x);
    p
}

/// The store of `vec_set` written straight into the vector in `x` when no
/// other value shares it (copy-on-write has nothing to copy), it holds
/// elements of the stored type, `i` is within it and its attributes are
/// at most a matrix's (nothing to dispatch on): the result's view. `None`:
/// the general store (`assign_index`).
fn set_in_place(x: &mut Value, i: i32, v: &Value, elem: u32) -> Option<(*const u8, i64)> {
    let Value::Vec(rc) = x else { return None };
    let vec = Rc::get_mut(rc)?;
    if vec.attrs.as_ref().is_some_and(|a| !matrix_attrs(a)) {
        return None;
    }
    let k = usize::try_from(i.checked_sub(1)?).ok()?;
    let p = match (&mut vec.data, v, elem) {
        (VecData::Int(d), Value::Int(e), 0) | (VecData::Lgl(d), Value::Lgl(e), 2) => {
            *d.get_mut(k)? = *e;
            d.as_ptr() as *const u8
        }
        (VecData::Dbl(d), Value::Dbl(e), 1) => {
            *d.get_mut(k)? = *e;
            d.as_ptr() as *const u8
        }
        _ => return None,
    };
    Some((p, vec.data.len() as i64))
}

/// `vecset` of a `dbl` element; returns the result's data pointer (length
/// in `Ctx::vec_len`).
pub extern "C" fn rt_vec_set_dbl(c: *mut Ctx, src: u32, dst: u32, i: i32, v: f64) -> *const u8 {
    vec_set(unsafe { ctx(c) }, src, dst, i, Value::Dbl(v), 1)
}

/// `vecset` of an `int` (`lgl` = 0) or `lgl` (`lgl` = 1) element; returns
/// the result's data pointer (length in `Ctx::vec_len`).
pub extern "C" fn rt_vec_set_i32(
    c: *mut Ctx,
    src: u32,
    dst: u32,
    i: i32,
    v: i32,
    lgl: u32,
) -> *const u8 {
    let (v, elem) = if lgl != 0 {
        (Value::Lgl(v), 2)
    } else {
        (Value::Int(v), 0)
    };
    vec_set(unsafe { ctx(c) }, src, dst, i, v, elem)
}

pub extern "C" fn rt_ret_any(c: *mut Ctx, slot: u32) {
    let c = unsafe { ctx(c) };
    c.result = Some(c.anys[slot as usize].clone());
}

/// `exp`, `log`, `sin`, `cos`, `tan` (k = 0..4) of a double, as R computes
/// them (the C library's functions).
pub extern "C" fn rt_math1(x: f64, k: i32) -> f64 {
    match k {
        0 => x.exp(),
        1 => x.ln(),
        2 => x.sin(),
        3 => x.cos(),
        _ => x.tan(),
    }
}

/// R's `^`, `%%` and `%/%` on doubles: the interpreter's own functions
/// (NA and NaN, infinite and huge operands, zero divisors exactly as R).
pub extern "C" fn rt_pow(x: f64, y: f64) -> f64 {
    vm::builtins::arith::r_pow(x, y)
}
pub extern "C" fn rt_fmod(x: f64, y: f64) -> f64 {
    vm::builtins::arith::dbl_mod(x, y)
}
pub extern "C" fn rt_fidiv(x: f64, y: f64) -> f64 {
    vm::builtins::arith::dbl_idiv(x, y)
}

/// A failing assumption: rebuild the frame state and let the engine finish.
/// `held` is 1 when the assumption held (a chaos exit).
pub extern "C" fn rt_exit(c: *mut Ctx, id: u32, buf: *mut u64, held: u32) -> u32 {
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
/// `p` is the innermost running compiled activation's `Ctx`; each one's
/// `prev` is its caller's, alive while it runs.
pub unsafe fn sync_frames(p: *mut u8, env: &Env) {
    let mut at = p as *mut Ctx;
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

/// Rows of a matrix (after an `is.mat<…>` test).
pub extern "C" fn rt_nrow(c: *mut Ctx, slot: u32) -> i32 {
    let c = unsafe { ctx(c) };
    match &c.anys[slot as usize] {
        Value::Vec(v) => v.dim2().map_or(0, |(r, _)| r as i32),
        _ => 0,
    }
}

/// Columns of a matrix (`ncol(x)`): its second dim, when the dims match its
/// length (as R keeps them); otherwise as many as its element vector holds
/// whole, so that indices below it stay in bounds.
pub extern "C" fn rt_ncol(c: *mut Ctx, slot: u32) -> i32 {
    let c = unsafe { ctx(c) };
    match &c.anys[slot as usize] {
        Value::Vec(v) => match v.dim2() {
            Some((r, cols)) if r.checked_mul(cols) == Some(v.len()) => {
                cols.min(i32::MAX as usize) as i32
            }
            Some((r, _)) if r > 0 && r <= i32::MAX as usize => {
                (v.len() / r).min(i32::MAX as usize) as i32
            }
            _ => 0,
        },
        _ => 0,
    }
}

/// `length(x)` of an `any` value (counted `for` loops over untyped vectors).
pub extern "C" fn rt_length(c: *mut Ctx, slot: u32) -> i32 {
    let c = unsafe { ctx(c) };
    c.anys[slot as usize].len().min(i32::MAX as usize) as i32
}

/// The guard of an inlined call: does the lookup of function `sym` from the
/// frame's environment find the closure whose code is at address `code` (the
/// address only identifies the code; it is compared, never dereferenced), or
/// with `builtin` set, builtin number `code`?
pub extern "C" fn rt_callee_is(c: *mut Ctx, sym: u32, code: i64, builtin: u8) -> u8 {
    let c = unsafe { ctx(c) };
    let sym = vm::symbols::SymId(sym);
    let found = match c.lookup_function(sym) {
        Some(f) => Some(f),
        None => unsafe { &mut *c.interp }
            .builtin_for(sym)
            .map(Value::Builtin),
    };
    let same = match found {
        Some(Value::Closure(f)) => builtin == 0 && Rc::as_ptr(&f.code) as usize as i64 == code,
        Some(Value::Builtin(b)) => builtin != 0 && b as i64 == code,
        _ => false,
    };
    same as u8
}

/// `load_global sym`: the global binding of `sym` into slot `dst` (NULL,
/// which fails every type test, when unbound).
pub extern "C" fn rt_load_global(c: *mut Ctx, sym: u32, dst: u32) {
    let c = unsafe { ctx(c) };
    let interp = unsafe { &*c.interp };
    let v = interp.global.get_local(vm::symbols::SymId(sym));
    set_binding(c, dst, v);
}

/// A binding's value into slot `dst`, or the unbound marker (also NULL,
/// which fails every type test).
fn set_binding(c: &mut Ctx, dst: u32, v: Option<Value>) {
    match v {
        Some(v) => set(c, dst, v),
        None => {
            set(c, dst, Value::Null);
            c.unbound[dst as usize] = true;
        }
    }
}

/// `store_global sym, v`: bind global `sym` to the value in slot `src`.
pub extern "C" fn rt_store_global(c: *mut Ctx, sym: u32, src: u32) {
    let c = unsafe { ctx(c) };
    let interp = unsafe { &*c.interp };
    if c.unbound[src as usize] {
        // Nothing to bind (the name is unbound in the environment too).
        return;
    }
    let v = c.anys[src as usize].clone();
    interp.global.update_local(vm::symbols::SymId(sym), v);
}

/// `load_frame slot`: the activation's binding of local `slot` into slot
/// `dst` (the unbound marker when unbound).
pub extern "C" fn rt_load_frame(c: *mut Ctx, slot: u32, dst: u32) {
    let c = unsafe { ctx(c) };
    c.frame();
    let env = c.env.as_ref().expect("materialized frame");
    let v = env.frame_local(&c.code.locals, slot as usize);
    set_binding(c, dst, v);
}

/// `store_frame slot, v`: write local `slot` to the activation's binding.
pub extern "C" fn rt_store_frame(c: *mut Ctx, slot: u32, src: u32) {
    let c = unsafe { ctx(c) };
    if c.unbound[src as usize] {
        return;
    }
    let v = c.anys[src as usize].clone();
    c.frame();
    let env = c.env.as_ref().expect("materialized frame");
    env.set_frame_local(&c.code.locals, slot as usize, v);
}

/// Word `k` of the entry values (an unboxed entry parameter).
pub extern "C" fn rt_entry_word(c: *mut Ctx, k: u32) -> i64 {
    let c = unsafe { ctx(c) };
    c.entry.get(k as usize).copied().unwrap_or(0) as i64
}

/// (name, address) of every runtime entry point, for the JIT's symbol table.
pub fn symbols() -> Vec<(&'static str, *const u8)> {
    vec![
        ("rt_test", rt_test as *const u8),
        ("rt_unbox_int", rt_unbox_int as *const u8),
        ("rt_unbox_dbl", rt_unbox_dbl as *const u8),
        ("rt_vec_ptr", rt_vec_ptr as *const u8),
        ("rt_vec_probe", rt_vec_probe as *const u8),
        ("rt_box_int", rt_box_int as *const u8),
        ("rt_box_dbl", rt_box_dbl as *const u8),
        ("rt_box_lgl", rt_box_lgl as *const u8),
        ("rt_copy", rt_copy as *const u8),
        ("rt_move", rt_move as *const u8),
        ("rt_const", rt_const as *const u8),
        ("rt_generic", rt_generic as *const u8),
        ("rt_ret_any", rt_ret_any as *const u8),
        ("rt_pow", rt_pow as *const u8),
        ("rt_fmod", rt_fmod as *const u8),
        ("rt_fidiv", rt_fidiv as *const u8),
        ("rt_exit", rt_exit as *const u8),
        ("rt_nrow", rt_nrow as *const u8),
        ("rt_ncol", rt_ncol as *const u8),
        ("rt_length", rt_length as *const u8),
        ("rt_entry_word", rt_entry_word as *const u8),
        ("rt_callee_is", rt_callee_is as *const u8),
        ("rt_load_global", rt_load_global as *const u8),
        ("rt_store_global", rt_store_global as *const u8),
        ("rt_load_frame", rt_load_frame as *const u8),
        ("rt_math1", rt_math1 as *const u8),
        ("rt_store_frame", rt_store_frame as *const u8),
        ("rt_vec_set_dbl", rt_vec_set_dbl as *const u8),
        ("rt_vec_set_i32", rt_vec_set_i32 as *const u8),
        ("rt_box_cplx", rt_box_cplx as *const u8),
        ("rt_unbox_cplx", rt_unbox_cplx as *const u8),
        ("rt_ret_cplx", rt_ret_cplx as *const u8),
        ("rt_cplx_mod", rt_cplx_mod as *const u8),
        ("rt_cplx_mul", rt_cplx_mul as *const u8),
        ("rt_cplx_div", rt_cplx_div as *const u8),
        ("rt_vec_set_cplx", rt_vec_set_cplx as *const u8),
    ]
}

#[cfg(test)]
mod tests {
    use super::Chaos;

    /// The countdown draws gaps so that every check fails with probability
    /// p, independently: the mean gap is 1/p, a gap of k has probability
    /// (1-p)^(k-1) p (checked at k = 1), p = 1 fails every check, and the
    /// same seed gives the same failures.
    #[test]
    fn chaos_gaps_are_geometric() {
        let mut one = Chaos::new(1.0, 7);
        assert!((0..100).all(|_| one.gap() == 1));
        for p in [0.5, 0.01, 0.0001] {
            let mut ch = Chaos::new(p, 42);
            let n = 200_000;
            let gaps: Vec<u64> = (0..n).map(|_| ch.gap()).collect();
            assert!(gaps.iter().all(|&g| g >= 1));
            let mean = gaps.iter().map(|&g| g as f64).sum::<f64>() / n as f64;
            assert!((mean * p - 1.0).abs() < 0.02, "p {}: mean gap {}", p, mean);
            let first = gaps.iter().filter(|&&g| g == 1).count() as f64 / n as f64;
            assert!(
                (first - p).abs() < 0.1 * p + 0.001,
                "p {}: P(gap 1) {}",
                p,
                first
            );
        }
        let (mut a, mut b) = (Chaos::new(0.01, 3), Chaos::new(0.01, 3));
        assert!((0..1000).all(|_| a.gap() == b.gap()));
        assert_eq!(Chaos::new(0.0, 3).countdown, u64::MAX);
    }
}
