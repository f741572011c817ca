//! The native activation record (`NativeFrame`): the `any` slots, the exit and
//! call-state buffers, the result, and the frame of the activation — an
//! interpreter environment, or a description (`LazyFrame`) from which it is
//! built when something observes it (frame materialization).

use super::{operand, Chaos, ExitHandler, ExitInfo, MOVE_OPERAND};
use std::rc::Rc;
use vm::bytecode::FunctionCode;
use vm::env::Env;
use vm::error::RError;
use vm::interp::Interp;
use vm::value::*;

/// One native activation's state.
pub struct NativeFrame {
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
    /// Per free-variable site of the running code (`lower::free`): the
    /// address of its binding in the enclosing function frame, null until
    /// the site's first use, `runtime::NOT_FREE` when it has none. Sized
    /// by `Compiled::nfree`; compiled code reads it through `free_slots_ptr`.
    pub free_slots: Vec<*mut Value>,
    pub free_slots_ptr: *mut *mut Value,
    /// The calling compiled activation's context (`Interp::native_top`'s
    /// chain; null for the outermost).
    pub prev: *mut NativeFrame,
    /// The running code's per-instruction caches (null when it has none).
    pub caches: *const super::SiteCaches,
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
    /// pushed in call order); null for a call by a builtin (`sapply`'s
    /// `FUN(X[[i]], ...)`, `Tier::call_frameless`), whose caller is `outer`.
    pub parent: *mut NativeFrame,
    /// The call in the caller's code (the activation's call site).
    pub call: u32,
    /// A builtin's call: its site, and the frameless compiled activation
    /// that was running when it was made (`Interp::lazy_top`, built first).
    pub site: Option<vm::interp::CallSite>,
    pub outer: Option<(*mut u8, vm::interp::FrameBuilder)>,
    /// The depth of the activation pushed for it, once built.
    pub depth: Option<usize>,
    /// `missing()`'s bits: parameters the call did not supply, whose
    /// literal defaults are in `args` (`FunctionCode::default_values`).
    pub missing: u64,
    /// Parameters not supplied whose default is evaluated at their first
    /// read (`Interp::force_param`; the activation's `pending` bits): left
    /// unbound in the frame built (their `args` entry is a placeholder).
    pub pending: u64,
}

impl Default for LazyFrame {
    fn default() -> Self {
        LazyFrame {
            closure: None,
            args: Vec::new(),
            parent: std::ptr::null_mut(),
            call: 0,
            site: None,
            outer: None,
            depth: None,
            missing: 0,
            pending: 0,
        }
    }
}

/// `NativeFrame::ret_kind` values.
pub const RET_BOXED: u32 = 0;
pub const RET_INT: u32 = 1;
pub const RET_DBL: u32 = 2;
pub const RET_LGL: u32 = 3;

impl NativeFrame {
    /// An idle context for `code`'s versions (the engine keeps them in a
    /// pool and sets the per-activation fields at each entry).
    pub fn new(
        interp: *mut Interp,
        code: Rc<FunctionCode>,
        exits: Rc<Vec<ExitInfo>>,
        handler: Rc<dyn ExitHandler>,
        chaos: *mut Chaos,
    ) -> NativeFrame {
        NativeFrame {
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
            free_slots: Vec::new(),
            free_slots_ptr: std::ptr::null_mut(),
            prev: std::ptr::null_mut(),
            caches: std::ptr::null(),
        }
    }

    /// The cache of the running code's call `call` (`None` without one).
    #[inline]
    pub fn call_site(&self, call: u32) -> Option<&super::CallSiteCache> {
        self.site_caches()?.calls.get(call as usize)
    }

    /// The version of the global function bindings
    /// (`GlobalMeta::functions_version`) when the lookup of function `sym`
    /// from this activation depends on them alone: its frame cannot bind
    /// `sym` (not one of its locals, no binding by reflection), and neither
    /// can the function frames enclosing it (a frame binds only the names of
    /// its layout), up to the global environment: a function written at top
    /// level, or a closure made inside functions (`sapply(xs, function(x)
    /// sin(f * x))`); or top-level code, whose frame is the global
    /// environment. What `callee_is` guards and `LoadFun`s remember their
    /// answers under.
    pub fn function_lookup_version(&self, sym: vm::symbols::SymId) -> Option<u64> {
        if self.code.top_level {
            // Top-level code's frame is the global environment itself.
            let interp = unsafe { &*self.interp };
            return interp
                .global
                .globals
                .as_ref()
                .map(|g| g.functions_version());
        }
        if self.code.reflective || self.code.locals.contains(&sym) {
            return None;
        }
        let mut e: &Env = self.enclosing_env()?;
        loop {
            if let Some(g) = &e.globals {
                return Some(g.functions_version());
            }
            match &e.layout {
                Some(names) if !names.contains(&sym) => e = e.parent.as_ref()?,
                _ => return None,
            }
        }
    }

    /// The environment enclosing this activation's frame (its closure's),
    /// `None` for top-level code or an activation without either.
    #[inline]
    pub fn enclosing_env(&self) -> Option<&Env> {
        match (&self.env, &self.lazy.closure) {
            (Some(frame), _) => frame.parent.as_ref(),
            (None, Some(clo)) => Some(&clo.env),
            (None, None) => None,
        }
    }

    /// The function `sym` names (`lookup_function`), else the builtin.
    pub fn find_function(&mut self, sym: vm::symbols::SymId) -> Option<Value> {
        match self.lookup_function(sym) {
            Some(f) => Some(f),
            None => unsafe { &mut *self.interp }
                .builtin_for(sym)
                .map(Value::Builtin),
        }
    }

    /// `LoadFun(sym)` at `pc`: the function the name finds, remembered under
    /// `function_lookup_version`. `None`: nothing found (the interpreter
    /// reports it).
    pub fn load_function(&mut self, pc: u32, sym: vm::symbols::SymId) -> Option<Value> {
        let version = self.function_lookup_version(sym);
        let cache = version.and_then(|_| self.site_caches()?.functions.get(pc as usize));
        if let (Some(v), Some(cache)) = (version, cache) {
            if let Some((at, f)) = &*cache.borrow() {
                if *at == v {
                    return Some(f.clone());
                }
            }
        }
        let found = self.find_function(sym);
        if let (Some(v), Some(f)) = (version, &found) {
            if let Some(cache) = self
                .site_caches()
                .and_then(|s| s.functions.get(pc as usize))
            {
                *cache.borrow_mut() = Some((v, f.clone()));
            }
        }
        found
    }

    #[inline]
    pub(crate) fn site_caches(&self) -> Option<&super::SiteCaches> {
        // SAFETY: `caches` points to the caches of the running code, alive
        // while it runs (or is null).
        unsafe { self.caches.as_ref() }
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
        let site = if lazy.parent.is_null() {
            if let Some((outer, build)) = lazy.outer {
                // SAFETY: that activation is suspended in the builtin that
                // made this call, and its builder is idempotent.
                unsafe { build(outer) };
            }
            lazy.site.clone().unwrap_or(vm::interp::CallSite::None)
        } else {
            let caller = unsafe { &mut *lazy.parent };
            caller.frame();
            vm::interp::CallSite::Code(caller.code.clone(), lazy.call)
        };
        let interp = unsafe { &mut *self.interp };
        let clo = lazy
            .closure
            .clone()
            .expect("a frameless activation knows its closure");
        let env = interp.fresh_frame(&clo);
        {
            let mut slots = env.slots.borrow_mut();
            // (A missing parameter without a literal default stays
            // unbound: its default is pending, or reading it is R's error.)
            for (k, (slot, v)) in slots.iter_mut().zip(lazy.args.drain(..)).enumerate() {
                let missing = k < 64 && lazy.missing & (1 << k) != 0;
                if !missing || clo.code.default_values[k].is_some() {
                    *slot = Some(v);
                }
            }
        }
        lazy.depth =
            Some(interp.push_activation(&clo, &env, site, None, lazy.pending, lazy.missing, None));
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

    /// Is the environment enclosing this activation's frame the global one
    /// (its closure was made at top level)? Then a name that is not one of
    /// its locals is looked up there first.
    pub fn encloses_global(&self) -> bool {
        match &self.env {
            Some(frame) => {
                !frame.is_global() && frame.parent.as_ref().is_some_and(|p| p.is_global())
            }
            None => self
                .lazy
                .closure
                .as_ref()
                .is_some_and(|clo| clo.env.is_global()),
        }
    }

    /// `Interp::lazy_top`'s builder: `frame` of the context at `p`.
    ///
    /// # Safety
    /// `p` points to a live `NativeFrame` (the tier sets `lazy_top` only while that
    /// activation's code runs).
    pub unsafe fn build_frame(p: *mut u8) {
        unsafe { (*(p as *mut NativeFrame)).frame() };
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
