//! The profiling bytecode interpreter.
//!
//! One `run` call executes one activation's code on the shared operand stack;
//! closure calls recurse into `run`. Every value-producing instruction records
//! type feedback; calls record their targets; branches their direction.
//!
//! PUBLIC API USED BY BUILTINS (stable):
//! - `interp.out` / `interp.err` — buffered stdout / stderr
//! - `interp.visible` — set to false by builtins returning invisibly
//! - `interp.warning(msg)` — record a warning against the current builtin call
//!   (returns Err when a `tryCatch(warning = )` handler turns it into a condition)
//! - `interp.call_function(&f, args)` — call any function value
//! - `interp.find_function(name)` — look up a function by name from the current scope
//! - `interp.print_value(&v)` — print with S3 dispatch (`print.<class>`), as auto-print does

use crate::args::{match_args, Args};
use crate::ast::{Expr, ExprKind};
use crate::builtins::{self, arith, construct, subset};
use crate::bytecode::*;
use crate::compile::compile_toplevel;
use crate::env::{Env, EnvFrame};
use crate::error::{ErrCall, ErrKind, RError, RErrorData, RResult};
use crate::feedback::TypeFeedback;
use crate::symbols::{intern, SymId};
use crate::value::*;
use std::rc::Rc;

/// How a call site is described in errors and warnings.
#[derive(Clone)]
pub enum CallSite {
    /// `code.calls[idx]`.
    Code(Rc<FunctionCode>, CallIdx),
    /// Synthesized text (e.g. `FUN(X[[i]], ...)` for calls made by `lapply`).
    Text(Rc<str>),
    /// `code.calls[idx]` calling the S3 method named here instead (R's
    /// `UseMethod` runs the method with the generic's call, its function
    /// replaced by the method's name: `f.default(1)` for `f(1)`).
    Method(Rc<FunctionCode>, CallIdx, Rc<str>),
    None,
}

impl CallSite {
    pub fn text(&self) -> Option<String> {
        match self {
            CallSite::Code(c, i) => Some(crate::deparse::deparse(&c.calls[*i as usize])),
            CallSite::Text(t) => Some(t.to_string()),
            CallSite::Method(c, i, name) => Some(renamed_call(
                &crate::deparse::deparse(&c.calls[*i as usize]),
                name,
            )),
            CallSite::None => None,
        }
    }

    /// The same call running S3 method `method` (see `CallSite::Method`).
    fn for_method(&self, method: &str) -> CallSite {
        match self {
            CallSite::Code(c, i) | CallSite::Method(c, i, _) => {
                CallSite::Method(c.clone(), *i, method.into())
            }
            CallSite::Text(t) => CallSite::Text(renamed_call(t, method).into()),
            CallSite::None => CallSite::None,
        }
    }
    fn err_call(&self) -> ErrCall {
        match self.text() {
            Some(t) => ErrCall::Call(t),
            None => ErrCall::None,
        }
    }
}

/// Call text `call` with its function replaced by `name` (`f(1)` run as
/// method `f.default`: `f.default(1)`).
fn renamed_call(call: &str, name: &str) -> String {
    let args = call.find('(').map_or("()", |k| &call[k..]);
    format!("{}{}", name, args)
}

/// S3 dispatch state of an activation (for `NextMethod`).
#[derive(Clone)]
pub struct DispatchInfo {
    pub generic: String,
    pub classes: Vec<String>,
    /// Index in `classes` of the method currently running (`classes.len()` = default).
    pub position: usize,
    pub object: Value,
}

/// One closure activation.
pub struct Activation {
    pub closure: Rc<Closure>,
    pub env: Env,
    pub site: CallSite,
    /// The arguments as supplied (kept only for functions that dispatch).
    /// Boxed, like `dispatch`: an activation is pushed and popped on every
    /// call, so it is kept small.
    pub args: Option<Box<Args>>,
    pub on_exit: Vec<Pc>,
    /// Bit i: parameter i was not supplied and its default has not been evaluated yet.
    pub pending: u64,
    /// Bit i: parameter i was not supplied (what `missing()` answers).
    pub missing: u64,
    pub dispatch: Option<Box<DispatchInfo>>,
}

/// Backward jumps of an activation that count as one call towards the JIT
/// threshold.
pub const LOOP_WORK_PER_CALL: u32 = 256;

/// The error of a run over `Interp::max_steps`.
pub const STEPS_EXHAUSTED: &str = "step budget exhausted (Interp::max_steps)";

/// What a slow-path instruction tells the interpreter loop.
enum Flow {
    Next,
    Ret(Value),
    Fail(RError),
}

/// A counted `for` loop as tiers exchange it (OSR-in, OSR-out):
/// (next value, iterations remaining, step +1 or -1).
pub type CountedLoop = (i64, u64, i64);

enum LoopState {
    Seq {
        seq: Value,
        i: usize,
        n: usize,
    },
    Range {
        next: i64,
        remaining: u64,
        step: i64,
    },
}

struct TryFrame {
    run_id: u64,
    info: u32,
    code: Rc<FunctionCode>,
    env: Env,
    stack_h: usize,
    loops_h: usize,
}

/// The tier above the interpreter (the JIT engine). The interpreter calls up
/// through this trait; it never names the engine.
pub trait Tier {
    /// Called when a closure is entered, with its arguments bound in `env`. The
    /// tier may run the activation natively and return its result (`Some`), or
    /// leave it to the interpreter (`None`).
    fn enter(&self, interp: &mut Interp, clo: &Rc<Closure>, env: &Env) -> Option<RResult<Value>>;

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

/// Counters the interpreter keeps for `--stats`.
#[derive(Default, Clone, Debug)]
pub struct InterpStats {
    pub closure_calls: u64,
    pub builtin_calls: u64,
}

pub struct Interp {
    /// The JIT engine, when one is installed.
    pub tier: Option<Rc<dyn Tier>>,
    pub out: String,
    /// Buffered stderr for `message()` (errors and warnings are printed by the driver).
    pub err: String,
    pub visible: bool,
    /// Pending warnings: (call text or None, message).
    pub warnings: Vec<(Option<String>, String)>,
    pub global: Env,
    /// The global environment's epoch (`GlobalMeta::epoch_ptr`), where
    /// compiled guards of global-binding speculation load it from.
    pub global_epoch: *const u64,
    pub frames: Vec<Activation>,
    pub stats: InterpStats,
    /// Every top-level code unit run so far (for `--dump`).
    pub toplevel_code: Vec<Rc<FunctionCode>>,
    /// Backward jumps in one activation before the tier is asked for OSR-in
    /// (0: never).
    pub osr_threshold: u32,
    /// Set by the tier before resuming a deoptimized activation whose compiled
    /// code stays valid: the activation's next backward jump asks for OSR-in
    /// at once (its loop code is cached; nothing needs to warm up).
    pub osr_soon: bool,
    /// Maximum closure nesting (R's `expressions` limit).
    pub max_depth: usize,
    /// Work budget of interpreted code: closure calls plus backward jumps
    /// (charged 256 at a time) beyond which every call and loop iteration
    /// fails with `STEPS_EXHAUSTED` (fuzzing: a run that cannot hang).
    /// Compiled code does not count. Unlimited by default.
    pub max_steps: u64,
    pub steps: u64,
    /// `options()`: (name, value), sorted by name (see `builtins::options`).
    pub options: Vec<(String, Value)>,
    /// `getOption("warn")` as an integer (read on every warning).
    pub warn_level: i32,
    stack: Vec<Value>,
    loops: Vec<LoopState>,
    tries: Vec<TryFrame>,
    warning_handlers: usize,
    run_counter: u64,
    /// The call whose builtin is running (for warnings): code pointer and call index.
    cur_call: Option<(*const FunctionCode, CallIdx)>,
    builtin_by_sym: Vec<Option<Option<u16>>>,
    dims: DimCache,
    /// Frames of finished activations that nothing else referenced, for
    /// reuse by `call_closure_positional` (no allocation per call).
    env_pool: Vec<Env>,
    /// Calls of compiled code running without an activation in `frames`
    /// (`begin_native_call`): they count towards `max_depth` too.
    native_depth: usize,
    /// The innermost activation of compiled code running without an
    /// interpreter activation, and the function that builds its frame and
    /// its callers' (the tier's; `observe_frames`). Null when none.
    pub lazy_top: Option<(*mut u8, FrameBuilder)>,
    /// The innermost activation of compiled code (frameless or not), and the
    /// tier's function that writes the registers of the compiled activations
    /// running a given frame into it (`sync_frame`).
    pub native_top: Option<(*mut u8, FrameSyncer)>,
    /// The random number generator (`set.seed`, `runif`, ...): per interpreter.
    pub rng: crate::rng::Rng,
}

impl Default for Interp {
    fn default() -> Self {
        Self::new()
    }
}

/// Names that are outside the subset, with the feature they belong to.
pub(crate) fn unsupported_feature(name: &str) -> Option<&'static str> {
    Some(match name {
        "sys.function" | "with" | "within" | "attach" | "eapply" | "env2list" => {
            "environment objects"
        }
        "eval" | "evalq" | "quote" | "bquote" | "substitute" | "deparse" | "body" | "formals"
        | "body<-" | "formals<-" | "match.call" | "sys.call" | "as.name" | "as.symbol" | "call"
        | "as.call" | "parse" => "language objects",
        "setClass" | "new" | "setGeneric" | "setMethod" | "setRefClass" | "R6Class"
        | "isVirtualClass" => "S4 and reference classes",
        "grepl" | "grep" | "sub" | "gsub" | "regexpr" | "gregexpr" | "regmatches" | "regexec" => {
            "regular expressions"
        }
        "readRDS" | "saveRDS" | "read.csv" | "write.csv" | "read.table" | "sink" | "source"
        | "load" | "save" | "url" => "file and connection IO",
        "data.frame" | "as.data.frame" | "read.delim" => "data frames",
        "factor" | "as.factor" | "levels" | "nlevels" => "factors",
        "library" | "require" | "requireNamespace" | "loadNamespace" => "packages",
        _ => return None,
    })
}

impl Interp {
    pub fn new() -> Interp {
        let global = EnvFrame::new_global();
        let global_epoch = global
            .globals
            .as_ref()
            .map_or(std::ptr::null(), |g| g.epoch_ptr());
        let mut it = Interp {
            tier: None,
            osr_threshold: 0,
            osr_soon: false,
            out: String::new(),
            err: String::new(),
            visible: true,
            warnings: Vec::new(),
            global,
            global_epoch,
            frames: Vec::new(),
            stats: InterpStats::default(),
            toplevel_code: Vec::new(),
            max_depth: 5000,
            max_steps: u64::MAX,
            steps: 0,
            options: builtins::options::default_options(),
            warn_level: 0,
            stack: Vec::with_capacity(1024),
            loops: Vec::new(),
            tries: Vec::new(),
            warning_handlers: 0,
            run_counter: 0,
            cur_call: None,
            builtin_by_sym: Vec::new(),
            dims: DimCache::default(),
            env_pool: Vec::new(),
            native_depth: 0,
            lazy_top: None,
            native_top: None,
            rng: crate::rng::Rng::new(),
        };
        it.define_base_constants();
        // Print parameters are per thread (see `format::PrintParams`); a new
        // interpreter starts from GNU R's defaults.
        crate::format::set_params(crate::format::DEFAULT_PARAMS);
        it
    }

    fn define_base_constants(&mut self) {
        let g = self.global.clone();
        let letters: Vec<String> = (b'a'..=b'z').map(|c| (c as char).to_string()).collect();
        let upper: Vec<String> = letters.iter().map(|s| s.to_uppercase()).collect();
        g.set_local(intern("pi"), Value::Dbl(std::f64::consts::PI));
        g.set_local(intern("T"), Value::Lgl(1));
        g.set_local(intern("F"), Value::Lgl(0));
        g.set_local(intern("letters"), Value::strs(&letters));
        g.set_local(intern("LETTERS"), Value::strs(&upper));
        let mut m = Vector::new(VecData::List(vec![
            Value::Int(i32::MAX),
            Value::Dbl(f64::EPSILON),
            Value::Dbl(f64::MAX),
            Value::Dbl(f64::MIN_POSITIVE),
        ]));
        m.set_attr(
            "names",
            Value::strs(&["integer.max", "double.eps", "double.xmax", "double.xmin"]),
        );
        g.set_local(intern(".Machine"), Value::Vec(Rc::new(m)));
        for name in builtins::datasets::NAMES {
            g.set_local(intern(name), builtins::datasets::dataset(name).unwrap());
        }
    }

    // ----- public API for builtins and drivers -------------------------------------

    /// Record a warning against the current builtin call.
    pub fn warning(&mut self, msg: impl Into<String>) -> RResult<()> {
        let call = self.cur_call.map(|(code, ci)| {
            // SAFETY: `cur_call` is set only while the instruction that owns this code
            // pointer is executing (its `Rc<FunctionCode>` is held by `run`).
            let code = unsafe { &*code };
            crate::deparse::deparse(&code.calls[ci as usize])
        });
        self.warning_with_call(call, msg.into())
    }

    /// Record a warning against the innermost closure call, or none at top
    /// level: GNU R's `warning()` from C code (coercion warnings), which
    /// takes the call of the current context, not the builtin's.
    pub fn warning_in_context(&mut self, msg: impl Into<String>) -> RResult<()> {
        self.observe_frames();
        let call = match self.cur_call {
            Some((code, ci)) => {
                // SAFETY: see `warning`.
                let code = unsafe { &*code };
                let own = &code.calls[ci as usize];
                let parent = code.call_parent[ci as usize];
                if crate::deparse::is_r_closure(&call_name(own)) {
                    // The builtin is a closure in R: its own context.
                    Some(crate::deparse::deparse(own))
                } else if parent != NO_CALL {
                    // Inside the arguments of a closure call, R is in that
                    // call's context (it forces them lazily there).
                    Some(crate::deparse::deparse(&code.calls[parent as usize]))
                } else if self.frames.is_empty() && code.call_in_loop[ci as usize] {
                    // A top-level loop, which R runs byte-compiled.
                    Some(crate::deparse::deparse(own))
                } else {
                    self.frame_call_text()
                }
            }
            None => self.frame_call_text(),
        };
        self.warning_with_call(call, msg.into())
    }

    /// Record a warning with an explicit call text (`warning()` uses the caller's call).
    pub fn warning_with_call(&mut self, call: Option<String>, msg: String) -> RResult<()> {
        if self.warning_handlers > 0 {
            return Err(RError::from(RErrorData {
                kind: ErrKind::Warning,
                msg,
                call: call.map_or(ErrCall::None, ErrCall::Call),
                condition: None,
                trace: Vec::new(),
            }));
        }
        match self.warn_level {
            ..=-1 => {}
            // GNU R keeps the first `R_nwarnings` (50) and counts no further.
            0 => {
                if self.warnings.len() < MAX_WARNINGS {
                    self.warnings.push((call, msg))
                }
            }
            // options(warn = 1): printed at once, as R's PrintWarnings does for one.
            1 => match call {
                Some(c) => self.err.push_str(&format!("Warning in {} : {}\n", c, msg)),
                None => self.err.push_str(&format!("Warning: {}\n", msg)),
            },
            _ => {
                return Err(RError::from(RErrorData {
                    kind: ErrKind::Error,
                    msg: format!("(converted from warning) {}", msg),
                    call: call.map_or(ErrCall::None, ErrCall::Call),
                    condition: None,
                    trace: Vec::new(),
                }))
            }
        }
        Ok(())
    }

    /// The call text of the innermost closure activation (`None` at top level).
    pub fn frame_call_text(&mut self) -> Option<String> {
        self.observe_frames();
        self.top_call_text()
    }

    /// `frame_call_text` where no activation can be without its frame (the
    /// interpreter's own variable lookups).
    fn top_call_text(&self) -> Option<String> {
        self.frames.last().and_then(|a| a.site.text())
    }

    /// The expression of the call whose builtin is running (for `stopifnot`).
    pub fn current_call_expr(&self) -> Option<&Expr> {
        // SAFETY: see `warning`: the pointer is valid while the builtin runs.
        self.cur_call.map(|(code, ci)| {
            let code: &FunctionCode = unsafe { &*code };
            &code.calls[ci as usize]
        })
    }

    pub fn current_activation(&mut self) -> Option<&Activation> {
        self.observe_frames();
        self.frames.last()
    }

    pub fn call_function(&mut self, f: &Value, args: Args) -> RResult<Value> {
        self.call_value(f, args, CallSite::None)
    }

    /// Call a function value; `site` describes the call in errors.
    pub fn call_value(&mut self, f: &Value, args: Args, site: CallSite) -> RResult<Value> {
        if let Value::Builtin(id) = f {
            // A builtin that is an S3 generic in R (`rev`, `mean`, ...) hands a
            // classed first argument to the user's method, if there is one.
            if let Some(generic) = builtins::s3_generic(*id) {
                if let Some(obj) = args.values.first().filter(|v| v.has_attrs()) {
                    if let Some(classes) = obj.explicit_class() {
                        for (k, c) in classes.iter().enumerate() {
                            if let Some(Value::Closure(m)) =
                                self.find_function(&format!("{}.{}", generic, c))
                            {
                                let info = DispatchInfo {
                                    generic: generic.to_string(),
                                    classes: classes.clone(),
                                    position: k,
                                    object: obj.clone(),
                                };
                                return self.call_closure(&m, args, site, Some(info)).map_err(
                                    |mut e| {
                                        builtin_frames(&mut e, generic);
                                        e
                                    },
                                );
                            }
                        }
                    }
                }
            }
        }
        self.call_value_no_dispatch(f, args, site)
    }

    /// `call_value` without S3 dispatch of builtins: the internal default
    /// method, as `NextMethod` and `UseMethod` reach it.
    fn call_value_no_dispatch(&mut self, f: &Value, args: Args, site: CallSite) -> RResult<Value> {
        match f {
            Value::Builtin(id) => {
                self.stats.builtin_calls += 1;
                let saved = self.cur_call;
                if let CallSite::Code(c, i) = &site {
                    self.cur_call = Some((Rc::as_ptr(c), *i));
                }
                self.visible = true;
                let r = builtins::call(*id, self, args);
                self.cur_call = saved;
                r.map_err(|mut e| {
                    if e.call == ErrCall::Pending {
                        e.call = match site.text() {
                            Some(t) => ErrCall::Call(t),
                            None => self.frame_call_text().map_or(ErrCall::None, ErrCall::Call),
                        };
                    }
                    builtin_frames(&mut e, builtins::name_of(*id));
                    e
                })
            }
            Value::Closure(c) => self.call_closure(c, args, site, None),
            _ => Err(RError::from(RErrorData {
                call: site.err_call(),
                ..*RError::new("attempt to apply non-function").0
            })),
        }
    }

    pub fn find_function(&mut self, name: &str) -> Option<Value> {
        self.observe_frames();
        let s = intern(name);
        let env = self
            .frames
            .last()
            .map(|a| a.env.clone())
            .unwrap_or_else(|| self.global.clone());
        env.lookup_function(s).or_else(|| builtins::lookup(name))
    }

    /// Print with S3 dispatch on the class attribute (`print.<class>`), as auto-print does.
    pub fn print_value(&mut self, v: &Value) -> RResult<()> {
        if let Some(classes) = v.explicit_class() {
            for c in classes {
                if let Some(f @ Value::Closure(_)) = self.find_function(&format!("print.{}", c)) {
                    self.call_value(
                        &f,
                        Args::positional(vec![v.clone()]),
                        CallSite::Text(format!("print.{}(x)", c).into()),
                    )
                    .map_err(|mut e| {
                        // Auto-print calls `print` as an anonymous function.
                        e.trace.push("<Anonymous>".into());
                        e
                    })?;
                    self.visible = false;
                    return Ok(());
                }
            }
        }
        let builtin_method = builtins::lang::format_condition(v).or_else(|| {
            builtins::output::is_rle(v)
                .then(|| builtins::text::format_rle(v))
                .flatten()
        });
        match builtin_method {
            Some(s) => self.out.push_str(&s),
            None => {
                let s =
                    builtins::output::print_with_methods(self, v, crate::format::digits(), true)?;
                self.out.push_str(&s);
            }
        }
        self.visible = false;
        Ok(())
    }

    /// Run one top-level expression: compile, run, auto-print when visible.
    pub fn eval_toplevel(&mut self, e: &Expr) -> RResult<()> {
        let code = compile_toplevel(e);
        self.toplevel_code.push(code.clone());
        self.visible = true;
        let g = self.global.clone();
        let v = self.run(&code, &g, 0)?;
        if self.visible {
            self.print_value(&v)?;
        }
        Ok(())
    }

    /// Format and take the pending warnings as Rscript prints them.
    pub fn take_warnings_text(&mut self) -> String {
        let w = std::mem::take(&mut self.warnings);
        format_warnings(&w)
    }

    // ----- closures -------------------------------------------------------------

    /// A closure call starts: R's nesting limit, and the call count.
    fn begin_call(&mut self) -> RResult<()> {
        if self.frames.len() + self.native_depth >= self.max_depth {
            return Err(RError::no_call(
                "evaluation nested too deeply: infinite recursion / options(expressions=)?",
            ));
        }
        self.steps += 1;
        if self.steps > self.max_steps {
            return Err(RError::no_call(STEPS_EXHAUSTED));
        }
        self.stats.closure_calls += 1;
        Ok(())
    }

    /// A call made by compiled code straight to compiled code, without an
    /// activation yet (the tier pushes one only if something observes the
    /// frame, `push_activation`): the same nesting limit, step budget and
    /// counts as `begin_call`. `end_native_call` when it returns.
    pub fn begin_native_call(&mut self) -> RResult<()> {
        self.begin_call()?;
        self.native_depth += 1;
        Ok(())
    }

    pub fn end_native_call(&mut self, code: &FunctionCode) {
        self.native_depth -= 1;
        code.invocations.set(code.invocations.get().wrapping_add(1));
    }

    pub fn call_closure(
        &mut self,
        clo: &Rc<Closure>,
        args: Args,
        site: CallSite,
        dispatch: Option<DispatchInfo>,
    ) -> RResult<Value> {
        self.begin_call()?;
        let code = clo.code.clone();
        let env = EnvFrame::new_function(code.locals.clone(), clo.env.clone());
        let kept_args = if code.uses_dispatch {
            Some(args.clone())
        } else {
            None
        };
        let (pending, missing) = match self.bind_params(clo, &env, args) {
            Ok(pm) => pm,
            Err(msg) => {
                return Err(RError::from(RErrorData {
                    call: site.err_call(),
                    ..*RError::new(msg).0
                }))
            }
        };
        self.run_frame(clo, env, site, kept_args, pending, missing, dispatch)
    }

    /// The call whose builtin is running, saved around a call from compiled
    /// code (as `exec_generic` saves it).
    pub fn cur_call_saved(&self) -> Option<(*const FunctionCode, CallIdx)> {
        self.cur_call
    }

    pub fn restore_cur_call(&mut self, saved: Option<(*const FunctionCode, CallIdx)>) {
        self.cur_call = saved;
    }

    /// Whether a call of `clo` with `argc` positional arguments may use
    /// `call_closure_positional` (no `...` to fill, no argument list to keep
    /// for `UseMethod`, no more arguments than formals: R's matching is then
    /// the identity).
    pub fn positional_ok(clo: &Closure, argc: usize) -> bool {
        let code = &clo.code;
        argc <= code.nparams && clo.params.len() == code.nparams && !code.uses_dispatch
    }

    /// A call of `clo` with positional arguments `values` (in order), when
    /// `positional_ok` holds: exactly what `call_closure` does for such a call
    /// (same frame, same `missing()` bits, same tier entry), without building
    /// an `Args` list and matching it. Compiled code's calls come here.
    pub fn call_closure_positional(
        &mut self,
        clo: &Rc<Closure>,
        values: impl Iterator<Item = Value>,
        site: CallSite,
    ) -> RResult<Value> {
        self.begin_call()?;
        let code = &clo.code;
        let env = self.fresh_frame(clo);
        let mut bound = 0usize;
        {
            let mut slots = env.slots.borrow_mut();
            for (slot, v) in slots.iter_mut().zip(values) {
                *slot = Some(v);
                bound += 1;
            }
        }
        // Parameters past the supplied ones are missing.
        let (pending, missing) = missing_bits(code, bound..code.nparams);
        let r = self.run_frame(clo, env.clone(), site, None, pending, missing, None);
        self.recycle_frame(env);
        r
    }

    /// Frames kept for reuse (enough for the depth of typical recursion
    /// between calls that return).
    const ENV_POOL: usize = 64;

    /// A new, empty function frame for an activation of `clo`: a recycled
    /// one when available, else allocated.
    pub fn fresh_frame(&mut self, clo: &Closure) -> Env {
        let code = &clo.code;
        if let Some(mut env) = self.env_pool.pop() {
            if let Some(f) = Rc::get_mut(&mut env) {
                f.layout = Some(code.locals.clone());
                f.parent = Some(clo.env.clone());
                // Empty (see `recycle_frame`): unbound slots, built in place.
                let slots = f.slots.get_mut();
                slots.extend(std::iter::repeat_with(|| None).take(code.locals.len()));
                return env;
            }
        }
        EnvFrame::new_function(code.locals.clone(), clo.env.clone())
    }

    /// Keep `env` for `fresh_frame` when its activation is over and nothing
    /// else refers to it (no closure, promise, continuation or exit state
    /// captured it): it is emptied at once, so it keeps no value alive, and
    /// nobody can observe that its memory is reused.
    pub fn recycle_frame(&mut self, mut env: Env) {
        if self.env_pool.len() >= Self::ENV_POOL {
            return;
        }
        if let Some(f) = Rc::get_mut(&mut env) {
            f.slots.get_mut().clear();
            f.dots.get_mut().take();
            f.parent = None;
            f.layout = None;
            self.env_pool.push(env);
        }
    }

    /// Push the activation of `clo` (arguments bound in `env`), run it
    /// natively when the tier takes it, else in the interpreter; then its
    /// `on.exit` code; pop it.
    #[allow(clippy::too_many_arguments)]
    fn run_frame(
        &mut self,
        clo: &Rc<Closure>,
        env: Env,
        site: CallSite,
        kept_args: Option<Args>,
        pending: u64,
        missing: u64,
        dispatch: Option<DispatchInfo>,
    ) -> RResult<Value> {
        let code = &clo.code;
        let depth = self.push_activation(clo, &env, site, kept_args, pending, missing, dispatch);
        let native = self.tier.clone().and_then(|t| t.enter(self, clo, &env));
        let r = match native {
            Some(r) => r,
            None => self.run(code, &env, 0),
        };
        let r = self.pop_activation(depth, &env, r);
        code.invocations.set(code.invocations.get().wrapping_add(1));
        r
    }

    /// Push the activation of `clo` running in `env`; returns its depth (the
    /// `pop_activation` argument). Also what a tier does when code running
    /// without an activation (`begin_native_call`) needs one after all.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub fn push_activation(
        &mut self,
        clo: &Rc<Closure>,
        env: &Env,
        site: CallSite,
        kept_args: Option<Args>,
        pending: u64,
        missing: u64,
        dispatch: Option<DispatchInfo>,
    ) -> usize {
        // Activations are pushed in call order: compiled code running
        // without its own (a builtin it called calls a closure) builds it
        // first.
        if self.lazy_top.is_some() {
            self.observe_frames();
        }
        // Built in place, field by field: `push` of a struct literal builds
        // it on the stack and copies it with wide loads of narrow stores (a
        // store-forwarding stall on every call, which showed in profiles).
        self.frames.reserve(1);
        let depth = self.frames.len();
        // SAFETY: capacity for one more element was reserved; every field
        // of the new element is written before the length covers it, and
        // nothing between can panic (Rc clones and boxing only abort).
        unsafe {
            let p = self.frames.as_mut_ptr().add(depth);
            std::ptr::addr_of_mut!((*p).closure).write(clo.clone());
            std::ptr::addr_of_mut!((*p).env).write(env.clone());
            std::ptr::addr_of_mut!((*p).site).write(site);
            std::ptr::addr_of_mut!((*p).args).write(kept_args.map(Box::new));
            std::ptr::addr_of_mut!((*p).on_exit).write(Vec::new());
            std::ptr::addr_of_mut!((*p).pending).write(pending);
            std::ptr::addr_of_mut!((*p).missing).write(missing);
            std::ptr::addr_of_mut!((*p).dispatch).write(dispatch.map(Box::new));
            self.frames.set_len(depth + 1);
        }
        depth
    }

    /// End the activation at `depth` (the top one) whose code returned `r`:
    /// run its `on.exit` code, name its call in an error's trace, pop it.
    #[inline]
    pub fn pop_activation(&mut self, depth: usize, env: &Env, r: RResult<Value>) -> RResult<Value> {
        debug_assert_eq!(self.frames.len(), depth + 1);
        let act = self.frames.last_mut().unwrap();
        let exits = std::mem::take(&mut act.on_exit);
        let mut r = r;
        if let Err(e) = &mut r {
            if let Some(name) = site_name(&act.site) {
                e.trace.push(name);
            }
        }
        if !exits.is_empty() {
            let code = act.closure.code.clone();
            for pc in exits {
                let vis = self.visible;
                if let Err(e) = self.run(&code, env, pc) {
                    r = Err(e);
                }
                self.visible = vis;
            }
        }
        // Dropped in place: `pop` would copy the activation out first (a
        // 96-byte move on every call, which showed in call profiles).
        self.frames.truncate(depth);
        r
    }

    /// Bind supplied arguments to the closure's formals. Returns the pending-default
    /// and missing bit sets.
    fn bind_params(&mut self, clo: &Closure, env: &Env, args: Args) -> Result<(u64, u64), String> {
        let code = &clo.code;
        let params = &clo.params;
        let has_dots = params.iter().any(|p| &*p.name == "...");
        let np = code.nparams;
        let mut bound = vec![false; np];
        if !has_dots && args.names.iter().all(|n| n.is_none()) && args.len() <= np {
            let mut slots = env.slots.borrow_mut();
            for (i, v) in args.values.into_iter().enumerate() {
                slots[i] = Some(v);
                bound[i] = true;
            }
        } else {
            let formals: Vec<&str> = params.iter().map(|p| &*p.name).collect();
            let m = match_args(&formals, &args.names, &|i| {
                let v = crate::deparse::deparse_value_short(&args.values[i]);
                match &args.names[i] {
                    Some(n) => format!("({} = {})", n, v),
                    None => format!("({})", v),
                }
            })?;
            let mut vals: Vec<Option<Value>> = args.values.into_iter().map(Some).collect();
            let mut slot = 0;
            let mut slots = env.slots.borrow_mut();
            for (fi, p) in params.iter().enumerate() {
                if &*p.name == "..." {
                    continue;
                }
                if let Some(ai) = m.formals[fi] {
                    slots[slot] = vals[ai].take();
                    bound[slot] = true;
                }
                slot += 1;
            }
            if has_dots {
                let dots: Vec<(Option<Sym>, Value)> = m
                    .dots
                    .iter()
                    .map(|&i| (args.names[i].clone(), vals[i].take().unwrap()))
                    .collect();
                *env.dots.borrow_mut() = Some(Rc::new(dots));
            }
        }
        let unbound = bound
            .iter()
            .enumerate()
            .filter(|(_, b)| !**b)
            .map(|(i, _)| i);
        Ok(missing_bits(code, unbound))
    }

    // ----- the interpreter loop -------------------------------------------------

    /// The builtin a name denotes when no binding of it is a function.
    pub fn builtin_for(&mut self, s: SymId) -> Option<u16> {
        let i = s.index();
        if i >= self.builtin_by_sym.len() {
            self.builtin_by_sym.resize(i + 1, None);
        }
        if let Some(b) = self.builtin_by_sym[i] {
            return b;
        }
        let b = builtins::table().by_name.get(&*s.name()).copied();
        self.builtin_by_sym[i] = Some(b);
        b
    }

    fn lookup_fun(&mut self, env: &Env, s: SymId) -> Option<Value> {
        if let Some(v) = env.lookup_function(s) {
            return Some(v);
        }
        self.builtin_for(s).map(Value::Builtin)
    }

    fn lookup_var(&mut self, env: &Env, s: SymId) -> Option<Value> {
        if let Some(v) = env.lookup(s) {
            return Some(v);
        }
        self.builtin_for(s).map(Value::Builtin)
    }

    fn not_found(&self, s: SymId) -> RError {
        self.not_found_at(s, None)
    }

    /// "object not found", attributed like GNU R: to the closure call whose
    /// arguments were being evaluated, else to the current activation's call.
    fn not_found_at(&self, s: SymId, at: Option<(&FunctionCode, usize)>) -> RError {
        let msg = format!("object '{}' not found", s);
        if let Some((code, pc)) = at {
            let ci = code.in_args_of[pc];
            if ci != NO_CALL {
                return RError::with_call(msg, crate::deparse::deparse(&code.calls[ci as usize]));
            }
        }
        match self.top_call_text() {
            Some(c) => RError::with_call(msg, c),
            None => RError::no_call(msg),
        }
    }

    /// Read an unbound local slot: evaluate a pending default, report a missing
    /// argument, or fall back to the enclosing environments.
    fn load_unbound(
        &mut self,
        code: &Rc<FunctionCode>,
        env: &Env,
        slot: usize,
        pc: usize,
    ) -> RResult<Value> {
        if slot < code.nparams && slot < 64 {
            if let Some(act) = self.frames.last() {
                if Rc::ptr_eq(&act.env, env) {
                    let bit = 1u64 << slot;
                    if act.pending & bit != 0 {
                        self.frames.last_mut().unwrap().pending &= !bit;
                        let pc = code.defaults[slot].unwrap();
                        let v = self.run(code, env, pc)?;
                        env.slots.borrow_mut()[slot] = Some(v.clone());
                        return Ok(v);
                    }
                    if act.missing & bit != 0 {
                        let msg = format!(
                            "argument \"{}\" is missing, with no default",
                            code.locals[slot]
                        );
                        return Err(match self.top_call_text() {
                            Some(c) => RError::with_call(msg, c),
                            None => RError::no_call(msg),
                        });
                    }
                }
            }
        }
        let s = code.locals[slot];
        let parent = env.parent.clone().unwrap_or_else(|| self.global.clone());
        match self.lookup_var(&parent, s) {
            Some(v) => Ok(v),
            None => Err(self.not_found_at(s, Some((code, pc)))),
        }
    }

    /// Runs `f` as the builtin of call `ci` of `code` (warnings and errors
    /// name that call), as `exec_slow` runs one.
    pub fn as_call<T>(
        &mut self,
        code: &Rc<FunctionCode>,
        ci: CallIdx,
        f: impl FnOnce(&mut Self) -> RResult<T>,
    ) -> RResult<T> {
        let saved = self.cur_call;
        self.cur_call = Some((Rc::as_ptr(code), ci));
        let r = f(self);
        self.cur_call = saved;
        r.map_err(|e| self.attribute(e, code, ci))
    }

    /// An error leaves the instruction at `pc` of `code` without a handler:
    /// add to its traceback the closure calls whose arguments that
    /// instruction was evaluating (GNU R forces them inside the callee).
    pub fn unwind_at_pc(e: &mut RError, code: &FunctionCode, pc: usize) {
        if let Some(&ci) = code.in_args_of.get(pc) {
            Self::unwind_through_calls(e, code, ci);
        }
    }

    /// An error leaves call `ci` of `code` (a closure call whose activation
    /// already named itself): add the calls whose arguments it was part of.
    pub fn unwind_at_call(e: &mut RError, code: &FunctionCode, ci: CallIdx) {
        if let Some(&parent) = code.call_parent.get(ci as usize) {
            Self::unwind_through_calls(e, code, parent);
        }
    }

    /// Push the names of call `ci` and the calls enclosing it (innermost
    /// first) onto the error's traceback.
    fn unwind_through_calls(e: &mut RError, code: &FunctionCode, mut ci: CallIdx) {
        while ci != NO_CALL {
            e.trace.push(call_name(&code.calls[ci as usize]));
            ci = code.call_parent[ci as usize];
        }
    }

    pub fn attribute(&self, mut e: RError, code: &Rc<FunctionCode>, ci: CallIdx) -> RError {
        if e.call == ErrCall::Pending {
            e.call = ErrCall::Call(crate::deparse::deparse(&code.calls[ci as usize]));
        }
        e
    }

    /// Collect `argc` arguments from the stack into `Args`, expanding `...`.
    fn collect_args(&mut self, code: &FunctionCode, spec: u32, argc: usize) -> Args {
        let start = self.stack.len() - argc;
        let specs = &code.arg_specs[spec as usize];
        let mut args = Args {
            values: Vec::with_capacity(argc),
            names: Vec::with_capacity(argc),
        };
        for (k, v) in self.stack.drain(start..).enumerate() {
            push_arg(&mut args, &specs[k], v);
        }
        args
    }

    fn dots_value(env: &Env) -> Option<Value> {
        let mut e = Some(env.clone());
        while let Some(f) = e {
            if let Some(d) = f.dots.borrow().as_ref() {
                let items: Vec<Value> = d.iter().map(|(_, v)| v.clone()).collect();
                let mut vec = Vector::new(VecData::List(items));
                if d.iter().any(|(n, _)| n.is_some()) {
                    let names: Vec<RStr> = d
                        .iter()
                        .map(|(n, _)| Some(n.clone().unwrap_or_else(|| "".into())))
                        .collect();
                    vec.set_attr("names", str_vec(names));
                }
                return Some(Value::Vec(Rc::new(vec)));
            }
            // `...` is looked up through function frames only.
            f.layout.as_ref()?;
            e = f.parent.clone();
        }
        None
    }

    /// Execute `code` in `env` from `start` until `Return` or `EndRegion`.
    pub fn run(&mut self, code: &Rc<FunctionCode>, env: &Env, start: Pc) -> RResult<Value> {
        self.resume(code, env, start, Vec::new(), Vec::new())
    }

    /// Continue an activation in the interpreter at `start` with the given
    /// operand stack and active counted `for` loops (`CountedLoop`),
    /// outermost first: the landing point of a deoptimization (OSR-out).
    pub fn resume(
        &mut self,
        code: &Rc<FunctionCode>,
        env: &Env,
        start: Pc,
        stack: Vec<Value>,
        loops: Vec<CountedLoop>,
    ) -> RResult<Value> {
        let base = self.stack.len();
        let loops_base = self.loops.len();
        self.stack.extend(stack);
        self.loops.extend(
            loops
                .into_iter()
                .map(|(next, remaining, step)| LoopState::Range {
                    next,
                    remaining,
                    step,
                }),
        );
        self.run_counter += 1;
        let run_id = self.run_counter;
        let mut pc = start as usize;
        loop {
            let err = match self.exec(code, env, &mut pc, base, loops_base, run_id) {
                Ok(v) => {
                    // Leave any try regions of this run (a `return` inside tryCatch).
                    while self.tries.last().is_some_and(|t| t.run_id == run_id) {
                        let t = self.tries.pop().unwrap();
                        if code.tries[t.info as usize].has_warning {
                            self.warning_handlers -= 1;
                        }
                    }
                    return Ok(v);
                }
                Err(e) => e,
            };
            match self.handle_error(err, run_id) {
                Ok(Some(resume)) => pc = resume,
                Ok(None) => unreachable!(),
                Err(mut e) => {
                    // `pc` is past the failing instruction.
                    Self::unwind_at_pc(&mut e, code, pc.wrapping_sub(1));
                    return Err(e);
                }
            }
        }
    }

    /// Offer the tier to finish this activation natively from the loop header
    /// `target` (OSR-in). Not inside a try region (compiled code has none).
    #[cold]
    #[inline(never)]
    fn osr_in(
        &mut self,
        code: &Rc<FunctionCode>,
        env: &Env,
        target: usize,
        base: usize,
        loops_base: usize,
        run_id: u64,
    ) -> Option<RResult<Value>> {
        let tier = self.tier.clone()?;
        if self.tries.last().is_some_and(|t| t.run_id == run_id) {
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

    /// Find a try region of this run that handles `err`; return where to resume.
    fn handle_error(&mut self, mut err: RError, run_id: u64) -> RResult<Option<usize>> {
        loop {
            let Some(t) = self.tries.last() else {
                return Err(err);
            };
            if t.run_id != run_id {
                return Err(err);
            }
            let t = self.tries.pop().unwrap();
            let info = t.code.tries[t.info as usize].clone();
            if info.has_warning {
                self.warning_handlers -= 1;
            }
            self.stack.truncate(t.stack_h);
            self.loops.truncate(t.loops_h);
            let warning_h = if info.has_warning {
                self.stack.pop()
            } else {
                None
            };
            let error_h = if info.has_error {
                self.stack.pop()
            } else {
                None
            };
            let handler = match err.kind {
                ErrKind::Warning => warning_h,
                ErrKind::Error | ErrKind::Unsupported => error_h,
            };
            let result = match handler {
                Some(h) => {
                    let cond = make_condition(&err);
                    self.call_value(
                        &h,
                        Args::positional(vec![cond]),
                        CallSite::Text("value[[3L]](cond)".into()),
                    )
                }
                None => Err(err),
            };
            if let Some(fin) = info.finally {
                let vis = self.visible;
                self.run(&t.code, &t.env, fin)?;
                self.visible = vis;
            }
            match result {
                Ok(v) => {
                    self.stack.push(v);
                    return Ok(Some(info.end as usize));
                }
                Err(e) => err = e,
            }
        }
    }

    #[inline(never)]
    fn exec(
        &mut self,
        code: &Rc<FunctionCode>,
        env: &Env,
        pcr: &mut usize,
        base: usize,
        loops_base: usize,
        run_id: u64,
    ) -> RResult<Value> {
        let ops = &code.ops[..];
        let mut pc = *pcr;
        // Backward jumps of this activation (run of `exec`), for OSR-in.
        let osr_threshold = self.osr_threshold;
        let mut backedges: u32 = if std::mem::take(&mut self.osr_soon) {
            osr_threshold.saturating_sub(1)
        } else {
            0
        };
        // The local slots without `RefCell` bookkeeping (a flag check, a store
        // and a restore per access), for the fast paths of the hot instructions.
        // SAFETY (at every use): no borrow of `env.slots` is live between
        // instructions, and the reference is used only within one instruction's
        // fast path, which calls nothing that could borrow the slots.
        macro_rules! slots {
            () => {
                unsafe { &mut *env.slots.as_ptr() }
            };
        }
        macro_rules! fail {
            ($e:expr) => {{
                *pcr = pc;
                return Err($e);
            }};
        }
        macro_rules! attempt {
            ($e:expr, $ci:expr) => {
                match $e {
                    Ok(v) => v,
                    Err(e) => fail!(self.attribute(e, code, $ci)),
                }
            };
        }
        macro_rules! pop {
            () => {
                self.stack.pop().unwrap()
            };
        }
        loop {
            let op = &ops[pc];
            pc += 1;
            match *op {
                Op::Const(i) => match &code.consts[i as usize] {
                    // Scalars by fields (see `push_scalar!`).
                    Value::Int(x) => push_int(&mut self.stack, *x),
                    Value::Dbl(x) => push_dbl(&mut self.stack, *x),
                    Value::Lgl(x) => push_lgl(&mut self.stack, *x),
                    v => push_value(&mut self.stack, v.clone()),
                },
                Op::LoadLocal(slot, fb) => {
                    let slots = slots!();
                    match &slots[slot as usize] {
                        // Scalars are read and pushed by fields (a copied `Value`
                        // would stall store forwarding).
                        Some(a @ (Value::Int(_) | Value::Dbl(_))) => {
                            TypeFeedback::record_bits(
                                &code.type_fb[fb as usize],
                                TypeFeedback::of(a),
                            );
                            // `a OP b` of two scalar locals (`i - j`): do the pair of
                            // loads and the `Arith` here, recording the feedback of all
                            // three, saving two dispatches and the stack traffic.
                            if let (Op::LoadLocal(s2, fb2), Some(&Op::Arith(o, _, afb))) =
                                (ops[pc], ops.get(pc + 1))
                            {
                                if let Some(b) = &slots[s2 as usize] {
                                    let r = arith_values(o, a, b);
                                    if let Some(r) = r {
                                        TypeFeedback::record_bits(
                                            &code.type_fb[fb2 as usize],
                                            TypeFeedback::of(b),
                                        );
                                        TypeFeedback::record_bits(
                                            &code.type_fb[afb as usize],
                                            r.bits(),
                                        );
                                        pc += 2;
                                        match r {
                                            Num::Dbl(r) => push_dbl(&mut self.stack, r),
                                            Num::Int(r) => push_int(&mut self.stack, r),
                                        }
                                        continue;
                                    }
                                }
                            }
                            match *a {
                                Value::Dbl(x) => push_dbl(&mut self.stack, x),
                                Value::Int(x) => push_int(&mut self.stack, x),
                                _ => unreachable!(),
                            }
                            continue;
                        }
                        Some(v) => {
                            TypeFeedback::record(&code.type_fb[fb as usize], v);
                            push_value(&mut self.stack, v.clone());
                            continue;
                        }
                        None => {}
                    }
                    let v = match self.load_unbound(code, env, slot as usize, pc - 1) {
                        Ok(v) => v,
                        Err(e) => fail!(e),
                    };
                    TypeFeedback::record(&code.type_fb[fb as usize], &v);
                    push_value(&mut self.stack, v);
                }
                Op::TakeLocal(slot) => {
                    let v = env.slots.borrow_mut()[slot as usize].take();
                    // The value is taken to be modified in place: that needs the
                    // only reference.
                    if let Some(Value::Vec(x)) = &v {
                        self.dims.forget(x);
                    }
                    let v = match v {
                        Some(v) => v,
                        None => match self.load_unbound(code, env, slot as usize, pc - 1) {
                            Ok(v) => v,
                            Err(e) => fail!(e),
                        },
                    };
                    push_value(&mut self.stack, v);
                }
                Op::StoreLocal(slot) => {
                    let v = pop!();
                    env.slots.borrow_mut()[slot as usize] = Some(v);
                }
                Op::Pop => {
                    self.stack.pop();
                }
                Op::Dup => {
                    let v = self.stack.last().unwrap().clone();
                    push_value(&mut self.stack, v);
                }
                Op::Visible(b) => self.visible = b,
                Op::Arith(o, ci, fb) => {
                    if let [.., a, b] = &mut self.stack[..] {
                        if let Some(r) = arith_values(o, a, b) {
                            TypeFeedback::record_bits(&code.type_fb[fb as usize], r.bits());
                            // `s <- s + a * b`.
                            if accumulate(ops[pc], slots!(), r, &code.type_fb) {
                                self.stack.truncate(self.stack.len() - 2);
                                pc += 1;
                                continue;
                            }
                            store_num(a, r);
                            self.stack.truncate(self.stack.len() - 1);
                            continue;
                        }
                    }
                    let b = pop!();
                    let a = pop!();
                    self.cur_call = Some((Rc::as_ptr(code), ci));
                    let r = attempt!(arith::arith(self, o, &a, &b), ci);
                    TypeFeedback::record(&code.type_fb[fb as usize], &r);
                    push_value(&mut self.stack, r);
                }
                Op::ArithLocal(o, slot, ci, fb) => {
                    {
                        // The operand is read in place (by fields: it was usually
                        // just pushed field by field) and discarded after.
                        let slots = slots!();
                        if let (Some(a), Some(b)) = (&mut slots[slot as usize], self.stack.last()) {
                            if let Some((a_bits, r_bits)) =
                                Num::of(b).and_then(|b| arith_in_place(o, a, b))
                            {
                                TypeFeedback::record_bits(&code.type_fb[fb as usize + 1], a_bits);
                                TypeFeedback::record_bits(&code.type_fb[fb as usize], r_bits);
                                self.stack.truncate(self.stack.len() - 1);
                                continue;
                            }
                        }
                    }
                    let b = pop!();
                    let a = env.slots.borrow()[slot as usize].clone();
                    let a = match a {
                        Some(a) => a,
                        None => match self.load_unbound(code, env, slot as usize, pc - 1) {
                            Ok(v) => v,
                            Err(e) => fail!(e),
                        },
                    };
                    TypeFeedback::record(&code.type_fb[fb as usize + 1], &a);
                    self.cur_call = Some((Rc::as_ptr(code), ci));
                    let r = attempt!(arith::arith(self, o, &a, &b), ci);
                    TypeFeedback::record(&code.type_fb[fb as usize], &r);
                    env.slots.borrow_mut()[slot as usize] = Some(r);
                }
                Op::Cmp(o, ci, fb) => {
                    if let [.., a, b] = &self.stack[..] {
                        if let Some(r) = compare_scalars(o, a, b) {
                            TypeFeedback::record_bits(
                                &code.type_fb[fb as usize],
                                TypeFeedback::LGL,
                            );
                            self.stack.truncate(self.stack.len() - 2);
                            // `if (a < b)`: when the next instruction branches on the
                            // result, branch here, saving a push, a pop and a dispatch.
                            if let Op::BranchFalse(t, _, bfb) = ops[pc] {
                                record_branch(&code.type_fb[bfb as usize], r);
                                pc = if r { pc + 1 } else { t as usize };
                                continue;
                            }
                            push_lgl(&mut self.stack, r as i32);
                            continue;
                        }
                    }
                    let b = pop!();
                    let a = pop!();
                    self.cur_call = Some((Rc::as_ptr(code), ci));
                    let r = attempt!(arith::compare(self, o, &a, &b), ci);
                    TypeFeedback::record(&code.type_fb[fb as usize], &r);
                    push_value(&mut self.stack, r);
                }
                Op::Jump(t) => {
                    if (t as usize) < pc {
                        backedges = backedges.wrapping_add(1);
                        if backedges.is_multiple_of(LOOP_WORK_PER_CALL) {
                            // Loop work makes a function hot like calls do: one
                            // called a few times, each running a few thousand
                            // iterations (below the OSR threshold), compiles
                            // at a later call (`FunctionCode::invocations`).
                            code.invocations
                                .set(code.invocations.get().saturating_add(1));
                            self.steps += LOOP_WORK_PER_CALL as u64;
                            if self.steps > self.max_steps {
                                fail!(RError::no_call(STEPS_EXHAUSTED));
                            }
                        }
                        if backedges == osr_threshold && osr_threshold != 0 {
                            if let Some(r) =
                                self.osr_in(code, env, t as usize, base, loops_base, run_id)
                            {
                                *pcr = pc;
                                return r;
                            }
                        }
                        // The back edge of a `for` loop goes to its `ForStep`: take
                        // the step's common case here, saving a dispatch.
                        if let Op::ForStep {
                            var,
                            fb,
                            seq: NO_SEQ,
                            ..
                        } = ops[t as usize]
                        {
                            let cell = &code.type_fb[fb as usize];
                            if step_counted(self.loops.last_mut(), slots!(), var, cell) {
                                pc = t as usize + 1;
                                continue;
                            }
                        }
                    }
                    pc = t as usize
                }
                Op::BranchFalse(t, ci, fb) => {
                    let c = pop!();
                    let truth = match c {
                        Value::Lgl(x) if x != NA_LOGICAL => x != 0,
                        other => attempt!(condition_truth(&other), ci),
                    };
                    record_branch(&code.type_fb[fb as usize], truth);
                    if !truth {
                        pc = t as usize;
                    }
                }
                Op::ForStep { exit, var, fb, seq } => {
                    let cell = &code.type_fb[fb as usize];
                    if seq == NO_SEQ && step_counted(self.loops.last_mut(), slots!(), var, cell) {
                        continue;
                    }
                    let v = match self.loops.last_mut().unwrap() {
                        LoopState::Range {
                            next,
                            remaining,
                            step,
                        } => {
                            if *remaining == 0 {
                                if *next == 1 && *step == 1 {
                                    // An empty counted loop binds the variable to NULL (as R).
                                    match var.get() {
                                        Var::Local(s) => {
                                            env.slots.borrow_mut()[s as usize] = Some(Value::Null)
                                        }
                                        Var::Name(s) => env.set_local(s, Value::Null),
                                    }
                                }
                                pc = exit as usize;
                                continue;
                            }
                            let n = *next as i32;
                            *next += *step;
                            *remaining -= 1;
                            if seq != NO_SEQ {
                                let v = for_seq_elt(code, env, seq, n as usize - 1);
                                TypeFeedback::record(&code.type_fb[fb as usize], &v);
                                match var.get() {
                                    Var::Local(s) => env.slots.borrow_mut()[s as usize] = Some(v),
                                    Var::Name(s) => env.set_local(s, v),
                                }
                                continue;
                            }
                            if let Var::Local(s) = var.get() {
                                // Hot path: the bits are known, and the slot usually
                                // already holds an integer scalar (update in place).
                                let bits = TypeFeedback::INT
                                    | if n == NA_INTEGER { TypeFeedback::NA } else { 0 };
                                TypeFeedback::record_bits(&code.type_fb[fb as usize], bits);
                                if let Some(Value::Int(d)) = &mut slots!()[s as usize] {
                                    *d = n;
                                } else {
                                    env.slots.borrow_mut()[s as usize] = Some(Value::Int(n));
                                }
                                continue;
                            }
                            Value::Int(n)
                        }
                        LoopState::Seq { seq, i, n } => {
                            if *i >= *n {
                                if *n == 0 {
                                    // R binds the variable to NULL for an empty sequence.
                                    match var.get() {
                                        Var::Local(s) => {
                                            env.slots.borrow_mut()[s as usize] = Some(Value::Null)
                                        }
                                        Var::Name(s) => env.set_local(s, Value::Null),
                                    }
                                }
                                pc = exit as usize;
                                continue;
                            }
                            let v = seq_elt(seq, *i);
                            *i += 1;
                            v
                        }
                    };
                    TypeFeedback::record(&code.type_fb[fb as usize], &v);
                    match var.get() {
                        Var::Local(s) => env.slots.borrow_mut()[s as usize] = Some(v),
                        Var::Name(s) => env.set_local(s, v),
                    }
                }
                Op::ForEnd => {
                    self.loops.pop();
                }
                Op::Index {
                    n, empty, call, fb, ..
                }
                | Op::Index2 { n, empty, call, fb } => {
                    let is2 = matches!(op, Op::Index2 { .. });
                    let drop = !matches!(op, Op::Index { drop: false, .. });
                    let r = if n == 1 && empty == 0 && drop {
                        let i = pop!();
                        let x = pop!();
                        match fast_index(&x, &i, is2) {
                            Some(v) => v,
                            None => {
                                self.cur_call = Some((Rc::as_ptr(code), call));
                                let idx = [Some(i)];
                                if is2 {
                                    attempt!(subset::index2(self, &x, &idx), call)
                                } else {
                                    attempt!(subset::index(self, &x, &idx, true), call)
                                }
                            }
                        }
                    } else if n == 2 && empty == 0 && drop {
                        let j = pop!();
                        let i = pop!();
                        let x = pop!();
                        match fast_index2d(&x, &i, &j) {
                            Some(v) => v,
                            None => {
                                self.cur_call = Some((Rc::as_ptr(code), call));
                                let idx = [Some(i), Some(j)];
                                if is2 {
                                    attempt!(subset::index2(self, &x, &idx), call)
                                } else {
                                    attempt!(subset::index(self, &x, &idx, drop), call)
                                }
                            }
                        }
                    } else {
                        let idx = self.pop_indices(n, empty);
                        let x = pop!();
                        self.cur_call = Some((Rc::as_ptr(code), call));
                        if is2 {
                            attempt!(subset::index2(self, &x, &idx), call)
                        } else {
                            attempt!(subset::index(self, &x, &idx, drop), call)
                        }
                    };
                    TypeFeedback::record(&code.type_fb[fb as usize], &r);
                    push_value(&mut self.stack, r);
                }
                Op::IndexLocals {
                    x,
                    i,
                    j,
                    is2,
                    call,
                    fb,
                } => {
                    {
                        let slots = slots!();
                        if let (Some(xv), Some(iv)) = (&slots[x as usize], &slots[i as usize]) {
                            let jv = if j == NO_SLOT {
                                None
                            } else {
                                slots[j as usize].as_ref()
                            };
                            if let Some(EltIndex { k, bits }) =
                                scalar_elt_index(xv, iv, jv, is2, &mut self.dims)
                            {
                                let Value::Vec(v) = xv else { unreachable!() };
                                // The result's and the operands' cells (one bounds check).
                                let cells = &code.type_fb[fb as usize..fb as usize + 4];
                                for (cell, bits) in cells[1..].iter().zip(bits) {
                                    TypeFeedback::record_bits(cell, bits);
                                }
                                // The element stays in registers (no `Value` in memory).
                                let e = match &v.data {
                                    VecData::Dbl(d) => Num::Dbl(d[k]),
                                    VecData::Int(d) => Num::Int(d[k]),
                                    VecData::Lgl(d) => {
                                        let e = d[k];
                                        TypeFeedback::record_bits(
                                            &cells[0],
                                            TypeFeedback::of(&Value::Lgl(e)),
                                        );
                                        push_lgl(&mut self.stack, e);
                                        continue;
                                    }
                                    _ => unreachable!(),
                                };
                                TypeFeedback::record_bits(&cells[0], e.bits());
                                // `s <- s + x[i]`.
                                if accumulate(ops[pc], slots, e, &code.type_fb) {
                                    pc += 1;
                                    continue;
                                }
                                match e {
                                    Num::Dbl(e) => push_dbl(&mut self.stack, e),
                                    Num::Int(e) => push_int(&mut self.stack, e),
                                }
                                continue;
                            }
                        }
                    }
                    let fast = {
                        let slots = env.slots.borrow();
                        match (&slots[x as usize], &slots[i as usize]) {
                            (Some(xv), Some(iv)) => {
                                TypeFeedback::record(&code.type_fb[fb as usize + 1], xv);
                                TypeFeedback::record(&code.type_fb[fb as usize + 2], iv);
                                match (j != NO_SLOT).then_some(j) {
                                    None => fast_index(xv, iv, is2),
                                    Some(j) => match &slots[j as usize] {
                                        Some(jv) if !is2 => {
                                            TypeFeedback::record(
                                                &code.type_fb[fb as usize + 3],
                                                jv,
                                            );
                                            fast_index2d(xv, iv, jv)
                                        }
                                        _ => None,
                                    },
                                }
                            }
                            _ => None,
                        }
                    };
                    let r = match fast {
                        Some(r) => r,
                        None => {
                            let mut vals = Vec::with_capacity(3);
                            for s in [Some(x), Some(i), (j != NO_SLOT).then_some(j)]
                                .into_iter()
                                .flatten()
                            {
                                let v = env.slots.borrow()[s as usize].clone();
                                vals.push(match v {
                                    Some(v) => v,
                                    None => {
                                        match self.load_unbound(code, env, s as usize, pc - 1) {
                                            Ok(v) => v,
                                            Err(e) => fail!(e),
                                        }
                                    }
                                });
                            }
                            let xv = vals.remove(0);
                            let idx: Vec<Option<Value>> = vals.into_iter().map(Some).collect();
                            self.cur_call = Some((Rc::as_ptr(code), call));
                            if is2 {
                                attempt!(subset::index2(self, &xv, &idx), call)
                            } else {
                                attempt!(subset::index(self, &xv, &idx, true), call)
                            }
                        }
                    };
                    TypeFeedback::record(&code.type_fb[fb as usize], &r);
                    push_value(&mut self.stack, r);
                }
                Op::SetIndex { n, empty, call, fb } | Op::SetIndex2 { n, empty, call, fb } => {
                    let is2 = matches!(op, Op::SetIndex2 { .. });
                    let mut x = pop!();
                    TypeFeedback::record(&code.type_fb[fb as usize], &x);
                    let idx = self.pop_indices(n, empty);
                    let v = pop!();
                    if n == 1 && empty == 0 && fast_assign(&mut x, idx[0].as_ref().unwrap(), &v) {
                        push_value(&mut self.stack, x);
                        continue;
                    }
                    self.cur_call = Some((Rc::as_ptr(code), call));
                    let r = if is2 {
                        attempt!(subset::assign_index2(self, x, &idx, v), call)
                    } else {
                        let kept = (n >= 2).then(|| v.clone());
                        match subset::assign_index(self, x, &idx, v) {
                            Ok(r) => r,
                            Err(e) => fail!(self.attribute(
                                matrix_subassign_error(e, code, call, kept.as_ref()),
                                code,
                                call
                            )),
                        }
                    };
                    push_value(&mut self.stack, r);
                }
                Op::Return | Op::EndRegion => {
                    let v = pop!();
                    self.stack.truncate(base);
                    self.loops.truncate(loops_base);
                    *pcr = pc;
                    return Ok(v);
                }
                _ => match self.exec_slow(code, env, &mut pc, base, loops_base, run_id, op) {
                    Flow::Next => {}
                    Flow::Ret(v) => {
                        *pcr = pc;
                        return Ok(v);
                    }
                    Flow::Fail(e) => {
                        *pcr = pc;
                        return Err(e);
                    }
                },
            }
        }
    }

    /// The instructions that are not on the interpreter's hot path (calls,
    /// closures, conditions, S3, switch, ...), kept out of `exec` so that the
    /// hot loop stays small.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn exec_slow(
        &mut self,
        code: &Rc<FunctionCode>,
        env: &Env,
        pc: &mut usize,
        base: usize,
        loops_base: usize,
        run_id: u64,
        op: &Op,
    ) -> Flow {
        macro_rules! fail {
            ($e:expr) => {{
                return Flow::Fail($e);
            }};
        }
        macro_rules! attempt {
            ($e:expr, $ci:expr) => {
                match $e {
                    Ok(v) => v,
                    Err(e) => fail!(self.attribute(e, code, $ci)),
                }
            };
        }
        macro_rules! pop {
            () => {
                self.stack.pop().unwrap()
            };
        }
        match *op {
            Op::LoadName(s, fb) => {
                let v = match self.lookup_var(env, s) {
                    Some(v) => v,
                    None => fail!(self.not_found_at(s, Some((code, *pc - 1)))),
                };
                TypeFeedback::record(&code.type_fb[fb as usize], &v);
                self.stack.push(v);
            }
            Op::LoadFun(s, ci) => match self.lookup_fun(env, s) {
                Some(f) => self.stack.push(f),
                None => {
                    let name = s.name();
                    if let Some(what) = unsupported_feature(&name) {
                        fail!(RError::unsupported(format!("{} ({})", what, name)));
                    }
                    fail!(RError::with_call(
                        format!("could not find function \"{}\"", name),
                        crate::deparse::deparse(&code.calls[ci as usize])
                    ))
                }
            },
            Op::LoadDots(ci) => match Self::dots_value(env) {
                Some(v) => self.stack.push(v),
                None => fail!(self.attribute(
                    RError::new("'...' used in an incorrect context"),
                    code,
                    ci
                )),
            },
            Op::LoadDotN(k, ci) => {
                let v = Self::dots_value(env).and_then(|d| match &d {
                    Value::Vec(l) => match &l.data {
                        VecData::List(items) => items.get(k as usize - 1).cloned(),
                        _ => None,
                    },
                    _ => None,
                });
                match v {
                    Some(v) => self.stack.push(v),
                    None => fail!(self.attribute(
                        RError::new(format!("the ... list does not contain {} elements", k)),
                        code,
                        ci
                    )),
                }
            }
            Op::StoreName(s) => {
                let v = pop!();
                env.set_local(s, v);
            }
            Op::StoreSuper(s) => {
                let v = pop!();
                if env.is_global() {
                    env.set_local(s, v);
                } else {
                    env.super_assign(s, v);
                }
            }
            Op::LoadSuper(s, _) => {
                let from = if env.is_global() {
                    env.clone()
                } else {
                    env.parent.clone().unwrap()
                };
                match self.lookup_var(&from, s) {
                    Some(v) => self.stack.push(v),
                    None => fail!(self.not_found(s)),
                }
            }
            Op::Logic(and, ci) => {
                let b = pop!();
                let a = pop!();
                self.cur_call = Some((Rc::as_ptr(code), ci));
                let r = attempt!(arith::logic(self, and, &a, &b), ci);
                self.stack.push(r);
            }
            Op::Not(ci) => {
                let a = pop!();
                self.cur_call = Some((Rc::as_ptr(code), ci));
                let r = attempt!(arith::not(self, &a), ci);
                self.stack.push(r);
            }
            Op::Neg(ci, fb) => {
                let a = pop!();
                self.cur_call = Some((Rc::as_ptr(code), ci));
                let r = attempt!(arith::negate(self, &a), ci);
                TypeFeedback::record(&code.type_fb[fb as usize], &r);
                self.stack.push(r);
            }
            Op::Plus(ci) => {
                let a = pop!();
                let r = attempt!(arith::unary_plus(self, &a), ci);
                self.stack.push(r);
            }
            Op::Colon(ci, fb) => {
                let b = pop!();
                let a = pop!();
                self.cur_call = Some((Rc::as_ptr(code), ci));
                let r = attempt!(construct::colon(self, &a, &b), ci);
                TypeFeedback::record(&code.type_fb[fb as usize], &r);
                self.stack.push(r);
            }
            Op::AndStart(t, ci) | Op::OrStart(t, ci) => {
                let a = pop!();
                self.cur_call = Some((Rc::as_ptr(code), ci));
                let l = attempt!(
                    self.scalar_logical(&a, "x", matches!(op, Op::AndStart(..))),
                    ci
                );
                let decided = if matches!(op, Op::AndStart(..)) {
                    l == 0
                } else {
                    l == 1
                };
                self.stack.push(Value::Lgl(l));
                if decided {
                    *pc = t as usize;
                }
            }
            Op::AndEnd(ci) | Op::OrEnd(ci) => {
                let b = pop!();
                let a = match pop!() {
                    Value::Lgl(x) => x,
                    _ => NA_LOGICAL,
                };
                let is_and = matches!(op, Op::AndEnd(_));
                self.cur_call = Some((Rc::as_ptr(code), ci));
                let b = attempt!(self.scalar_logical(&b, "y", is_and), ci);
                let r = if is_and {
                    if b == 0 {
                        0
                    } else if a == NA_LOGICAL || b == NA_LOGICAL {
                        NA_LOGICAL
                    } else {
                        1
                    }
                } else if b == 1 {
                    1
                } else if a == NA_LOGICAL || b == NA_LOGICAL {
                    NA_LOGICAL
                } else {
                    0
                };
                self.stack.push(Value::Lgl(r));
            }
            Op::ForSeqPrep { call, seq } => {
                let v = pop!();
                let n = match &v {
                    Value::Null => 0,
                    Value::Closure(_) | Value::Builtin(_) => {
                        fail!(self.attribute(
                            RError::new("invalid for() loop sequence"),
                            code,
                            call
                        ))
                    }
                    v => v.len(),
                };
                match code.for_seqs[seq as usize].get() {
                    Var::Local(s) => env.slots.borrow_mut()[s as usize] = Some(v),
                    Var::Name(s) => env.set_local(s, v),
                }
                self.loops.push(LoopState::Range {
                    next: 1,
                    remaining: n as u64,
                    step: 1,
                });
            }
            Op::ForRangePrep(ci) => {
                let to = pop!();
                let from = pop!();
                match int_range(&from, &to) {
                    Some((next, remaining, step)) => {
                        // A one-element range (`1:1`) fits either direction.
                        if remaining > 1 {
                            let dirs = &code.range_dirs[ci as usize];
                            dirs.set(dirs.get() | if step < 0 { RANGE_DOWN } else { RANGE_UP });
                        }
                        self.loops.push(LoopState::Range {
                            next,
                            remaining,
                            step,
                        })
                    }
                    None => {
                        self.cur_call = Some((Rc::as_ptr(code), ci));
                        let seq = attempt!(construct::colon(self, &from, &to), ci);
                        let n = seq.len();
                        self.loops.push(LoopState::Seq { seq, i: 0, n });
                    }
                }
            }
            Op::ForCountPrep { along, call } => {
                let x = pop!();
                let n = if along {
                    x.len()
                } else {
                    // seq_len's own validation and errors.
                    let f = Value::Builtin(self.builtin_for(intern("seq_len")).unwrap());
                    let r = self.call_value(
                        &f,
                        Args::positional(vec![x]),
                        CallSite::Code(code.clone(), call),
                    );
                    attempt!(r, call).len()
                };
                self.loops.push(LoopState::Range {
                    next: 1,
                    remaining: n as u64,
                    step: 1,
                });
            }
            Op::Call {
                argc,
                spec,
                call,
                fb,
            } => {
                let args = self.collect_args(code, spec, argc as usize);
                let f = pop!();
                code.call_fb[fb as usize].borrow_mut().record(&f);
                let r = self.call_value(&f, args, CallSite::Code(code.clone(), call));
                let r = attempt!(r, call);
                code.call_fb[fb as usize].borrow_mut().record_result(&r);
                self.stack.push(r);
            }
            Op::Dollar(s, ci, fb) => {
                let x = pop!();
                self.cur_call = Some((Rc::as_ptr(code), ci));
                let r = attempt!(subset::dollar(self, &x, &s.name()), ci);
                TypeFeedback::record(&code.type_fb[fb as usize], &r);
                self.stack.push(r);
            }
            Op::SetDollar(s, ci) => {
                let x = pop!();
                let v = pop!();
                self.cur_call = Some((Rc::as_ptr(code), ci));
                let r = attempt!(subset::assign_dollar(self, x, &s.name(), v), ci);
                self.stack.push(r);
            }
            Op::SetFun {
                fun,
                argc,
                spec,
                call,
            } => {
                let x = pop!();
                let extra = self.collect_args(code, spec, argc as usize);
                let v = pop!();
                let mut args = Args::new();
                args.push(None, x);
                for (n, a) in extra.names.into_iter().zip(extra.values) {
                    args.push(n, a);
                }
                args.push(Some("value".into()), v);
                let f = match self.lookup_fun(env, fun) {
                    Some(f) => f,
                    None => fail!(RError::with_call(
                        format!("could not find function \"{}\"", fun),
                        crate::deparse::deparse(&code.calls[call as usize])
                    )),
                };
                let r = attempt!(
                    self.call_value(&f, args, CallSite::Code(code.clone(), call)),
                    call
                );
                self.stack.push(r);
            }
            Op::MakeClosure(i) => {
                let (params, fcode) = &code.functions[i as usize];
                let c = Closure {
                    params: params.clone(),
                    code: fcode.clone(),
                    env: env.clone(),
                    attrs: None,
                };
                self.stack.push(Value::Closure(Rc::new(c)));
            }
            Op::Missing(slot) => {
                let m = self
                    .frames
                    .last()
                    .map(|a| a.missing & (1u64 << slot) != 0)
                    .unwrap_or(false);
                self.stack.push(Value::lgl(m));
            }
            Op::UseMethod { has_obj, call } => {
                let obj = if has_obj { Some(pop!()) } else { None };
                let generic = pop!();
                let r = attempt!(self.use_method(&generic, obj), call);
                self.stack.truncate(base);
                self.loops.truncate(loops_base);
                return Flow::Ret(r);
            }
            Op::Switch(t, ci) => {
                let sel = pop!();
                let table = &code.switches[t as usize];
                let target = attempt!(switch_target(table, &sel), ci);
                *pc = target as usize;
            }
            Op::TryBegin(i) => {
                let info = &code.tries[i as usize];
                if info.has_warning {
                    self.warning_handlers += 1;
                }
                self.tries.push(TryFrame {
                    run_id,
                    info: i,
                    code: code.clone(),
                    env: env.clone(),
                    stack_h: self.stack.len(),
                    loops_h: self.loops.len(),
                });
            }
            Op::TryEnd(i) => {
                let v = pop!();
                self.tries.pop();
                let info = &code.tries[i as usize];
                if info.has_warning {
                    self.warning_handlers -= 1;
                    self.stack.pop();
                }
                if info.has_error {
                    self.stack.pop();
                }
                if let Some(fin) = info.finally {
                    let vis = self.visible;
                    if let Err(e) = self.run(code, env, fin) {
                        fail!(e);
                    }
                    self.visible = vis;
                }
                self.stack.push(v);
            }
            Op::OnExit { region, add } => {
                let start = code.exits[region as usize];
                if let Some(act) = self.frames.last_mut() {
                    if !add {
                        act.on_exit.clear();
                    }
                    act.on_exit.push(start);
                }
            }
            Op::Raise(ci) => {
                let msg = pop!();
                let text = match msg.as_vector().map(|v| v.data.clone()) {
                    Some(VecData::Str(s)) => s
                        .first()
                        .cloned()
                        .flatten()
                        .map(|s| s.to_string())
                        .unwrap_or_default(),
                    _ => String::new(),
                };
                fail!(RError::with_call(
                    text,
                    crate::deparse::deparse(&code.calls[ci as usize])
                ))
            }
            Op::NoLoop(_) => fail!(RError::no_call(
                "no loop for break/next, jumping to top level"
            )),

            _ => unreachable!("hot instruction in exec_slow"),
        }
        Flow::Next
    }

    /// Perform the instruction at `pc` of `code` on `operands` (the values it
    /// would pop, bottom first) and return what it would push: the generic
    /// fallback that compiled code calls for operations it does not specialize.
    pub fn exec_generic(
        &mut self,
        code: &Rc<FunctionCode>,
        env: &Env,
        pc: usize,
        operands: Vec<Value>,
    ) -> RResult<Value> {
        let op = code.ops[pc];
        if Self::generic_on_stack(&op) {
            // The one place that decides which instructions take this path
            // (`rt_generic` pushes their operands itself).
            return self.exec_generic_pushed(code, env, pc, |stack| stack.extend(operands));
        }
        self.exec_frame_free(code, pc, operands)
    }

    /// `exec_generic` of an instruction that is not `generic_on_stack`
    /// (arithmetic, comparison, indexing, element stores, loop steps,
    /// conditions): these read and write no variable, call no closure and
    /// need no frame (a warning's call text asks for the frames through
    /// `observe_frames`). Compiled code running without an activation
    /// (`begin_native_call`) runs them without building one.
    pub fn exec_frame_free(
        &mut self,
        code: &Rc<FunctionCode>,
        pc: usize,
        mut operands: Vec<Value>,
    ) -> RResult<Value> {
        let op = code.ops[pc];
        let at = |e: RError, s: &Self| {
            s.attribute(
                e,
                code,
                match op {
                    Op::Arith(_, ci, _) | Op::Cmp(_, ci, _) | Op::Neg(ci, _) | Op::Not(ci) => ci,
                    Op::Index { call, .. }
                    | Op::Index2 { call, .. }
                    | Op::IndexLocals { call, .. } => call,
                    Op::SetIndex { call, .. } | Op::SetIndex2 { call, .. } => call,
                    Op::BranchFalse(_, ci, _) => ci,
                    _ => 0,
                },
            )
        };
        let saved = self.cur_call;
        let r = match op {
            Op::Visible(b) => {
                self.visible = b;
                Ok(Value::Null)
            }
            // The length of a `for` loop's sequence (R's error for a function).
            Op::ForSeqPrep { call, .. } => match operands.pop().unwrap() {
                Value::Closure(_) | Value::Builtin(_) => {
                    Err(self.attribute(RError::new("invalid for() loop sequence"), code, call))
                }
                v => Ok(Value::Int(i32::try_from(v.len()).unwrap_or(-1))),
            },
            // The element of a `for` loop's sequence at a 1-based position.
            Op::ForStep { .. } => {
                let k = operands.pop().unwrap();
                let seq = operands.pop().unwrap();
                let k = match k {
                    Value::Int(k) if k >= 1 => k as usize - 1,
                    _ => return Err(RError::new("internal: bad for() loop position")),
                };
                Ok(seq_elt(&seq, k))
            }
            Op::Arith(o, ci, _) | Op::ArithLocal(o, _, ci, _) => {
                self.cur_call = Some((Rc::as_ptr(code), ci));
                let b = operands.pop().unwrap();
                let a = operands.pop().unwrap();
                arith::arith(self, o, &a, &b).map_err(|e| at(e, self))
            }
            Op::Cmp(o, ci, _) => {
                self.cur_call = Some((Rc::as_ptr(code), ci));
                let b = operands.pop().unwrap();
                let a = operands.pop().unwrap();
                arith::compare(self, o, &a, &b).map_err(|e| at(e, self))
            }
            Op::Neg(ci, _) | Op::Not(ci) => {
                self.cur_call = Some((Rc::as_ptr(code), ci));
                let a = operands.pop().unwrap();
                let r = if matches!(op, Op::Neg(..)) {
                    arith::negate(self, &a)
                } else {
                    arith::not(self, &a)
                };
                r.map_err(|e| at(e, self))
            }
            Op::Index {
                drop, call, empty, ..
            } => {
                self.cur_call = Some((Rc::as_ptr(code), call));
                let x = operands.remove(0);
                let idx = with_empty(operands, empty);
                subset::index(self, &x, &idx, drop).map_err(|e| at(e, self))
            }
            Op::Index2 { call, empty, .. } => {
                self.cur_call = Some((Rc::as_ptr(code), call));
                let x = operands.remove(0);
                let idx = with_empty(operands, empty);
                subset::index2(self, &x, &idx).map_err(|e| at(e, self))
            }
            Op::IndexLocals { is2, call, .. } => {
                self.cur_call = Some((Rc::as_ptr(code), call));
                let x = operands.remove(0);
                let idx: Vec<Option<Value>> = operands.into_iter().map(Some).collect();
                let r = if is2 {
                    subset::index2(self, &x, &idx)
                } else {
                    subset::index(self, &x, &idx, true)
                };
                r.map_err(|e| at(e, self))
            }
            Op::SetIndex { call, empty, .. } | Op::SetIndex2 { call, empty, .. } => {
                // Operands: v, i1..in, x.
                self.cur_call = Some((Rc::as_ptr(code), call));
                let x = operands.pop().unwrap();
                let v = operands.remove(0);
                let idx = with_empty(operands, empty);
                let r = if matches!(op, Op::SetIndex2 { .. }) {
                    subset::assign_index2(self, x, &idx, v)
                } else {
                    let kept = (idx.len() >= 2).then(|| v.clone());
                    subset::assign_index(self, x, &idx, v)
                        .map_err(|e| matrix_subassign_error(e, code, call, kept.as_ref()))
                };
                r.map_err(|e| at(e, self))
            }
            Op::ForRangePrep(_) => {
                // Compiled loops count upwards over `int`s: `c(from, count)`
                // when `from:to` is such a range, else NULL (compiled code
                // exits, and the interpreter starts the loop). Pure, so the
                // exit may re-execute the instruction.
                let to = operands.pop().unwrap();
                let from = operands.pop().unwrap();
                Ok(match int_range(&from, &to) {
                    Some((next, n, 1)) if n <= i32::MAX as u64 => {
                        Value::Vec(Rc::new(Vector::new(VecData::Int(vec![
                            next as i32,
                            n as i32,
                        ]))))
                    }
                    _ => Value::Null,
                })
            }
            Op::BranchFalse(..) => {
                // The truth of an `if`/`while` condition, as TRUE or FALSE
                // (compiled code branches on it); R's errors for the rest.
                let c = operands.pop().unwrap();
                let truth = match c {
                    Value::Lgl(x) if x != NA_LOGICAL => Ok(x != 0),
                    other => condition_truth(&other).map_err(|e| at(e, self)),
                };
                truth.map(|t| Value::Lgl(t as i32))
            }
            // `generic_on_stack` sent every other instruction to the slow path.
            _ => Err(RError::new(format!(
                "internal error: {:?} is not a frame-free instruction",
                op
            ))),
        };
        self.cur_call = saved;
        r
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

    /// Does `exec_generic` run `op` through the slow-path executor on the
    /// operand stack (so that a caller may push the operands there itself
    /// and call `exec_slow_generic`, without an operand vector)?
    pub fn generic_on_stack(op: &Op) -> bool {
        !matches!(
            op,
            Op::Visible(_)
                | Op::ForSeqPrep { .. }
                | Op::ForStep { .. }
                | Op::Arith(..)
                | Op::ArithLocal(..)
                | Op::Cmp(..)
                | Op::Neg(..)
                | Op::Not(_)
                | Op::Index { .. }
                | Op::Index2 { .. }
                | Op::IndexLocals { .. }
                | Op::SetIndex { .. }
                | Op::SetIndex2 { .. }
                | Op::ForRangePrep(_)
                | Op::BranchFalse(..)
        )
    }

    /// `exec_generic` of an instruction `generic_on_stack` runs, its
    /// operands pushed onto the operand stack by `push` (no operand vector).
    pub fn exec_generic_pushed(
        &mut self,
        code: &Rc<FunctionCode>,
        env: &Env,
        pc: usize,
        push: impl FnOnce(&mut Vec<Value>),
    ) -> RResult<Value> {
        let saved = self.cur_call;
        let base = self.stack.len();
        push(&mut self.stack);
        let r = self.exec_slow_generic(code, env, pc, base);
        self.cur_call = saved;
        r
    }

    /// Instruction `pc` on the operands pushed on the operand stack above
    /// `base` (see `generic_on_stack`), as `exec_generic` runs it.
    fn exec_slow_generic(
        &mut self,
        code: &Rc<FunctionCode>,
        env: &Env,
        pc: usize,
        base: usize,
    ) -> RResult<Value> {
        let op = code.ops[pc];
        let mut next = pc + 1;
        let run_id = self.run_counter;
        match self.exec_slow(code, env, &mut next, base, self.loops.len(), run_id, &op) {
            // An instruction that pushes nothing (a store) yields NULL.
            Flow::Next if self.stack.len() > base => Ok(self.stack.pop().unwrap()),
            Flow::Next => Ok(Value::Null),
            Flow::Ret(v) => Ok(v),
            Flow::Fail(e) => {
                self.stack.truncate(base);
                Err(e)
            }
        }
    }

    fn pop_indices(&mut self, n: u8, empty: u8) -> Vec<Option<Value>> {
        // The operand stack holds every index position, empty ones included.
        let start = self.stack.len() - n as usize;
        self.stack
            .drain(start..)
            .enumerate()
            .map(|(k, v)| if empty & (1 << k) != 0 { None } else { Some(v) })
            .collect()
    }

    /// Coerce an operand of `&&`/`||` to a logical scalar (R 4.2 rules).
    fn scalar_logical(&mut self, v: &Value, which: &str, is_and: bool) -> RResult<i32> {
        let opname = if is_and { "&&" } else { "||" };
        match v {
            Value::Lgl(x) => Ok(*x),
            Value::Int(x) => Ok(if *x == NA_INTEGER {
                NA_LOGICAL
            } else {
                (*x != 0) as i32
            }),
            Value::Dbl(x) => Ok(if x.is_nan() {
                NA_LOGICAL
            } else {
                (*x != 0.0) as i32
            }),
            Value::Vec(vec) if !vec.is_empty() && vec.vtype() != VType::List => {
                if vec.vtype() == VType::Str {
                    return Err(RError::new(format!(
                        "invalid '{}' type in 'x {} y'",
                        which, opname
                    )));
                }
                if vec.len() > 1 {
                    self.warning(format!(
                        "'length({}) = {} > 1' in coercion to 'logical(1)'",
                        which,
                        vec.len()
                    ))?;
                }
                match vec.data.coerce(VType::Lgl) {
                    VecData::Lgl(l) => Ok(l[0]),
                    _ => unreachable!(),
                }
            }
            _ => Err(RError::new(format!(
                "invalid '{}' type in 'x {} y'",
                which, opname
            ))),
        }
    }

    /// `UseMethod(generic, obj)` from the current activation.
    fn use_method(&mut self, generic: &Value, obj: Option<Value>) -> RResult<Value> {
        let gname = match generic.as_vector().map(|v| v.data.clone()) {
            Some(VecData::Str(s)) if !s.is_empty() && s[0].is_some() => {
                s[0].clone().unwrap().to_string()
            }
            _ => return Err(RError::new("'generic' argument must be a character string")),
        };
        let act = self
            .frames
            .last()
            .ok_or_else(|| RError::new("UseMethod called from outside a function"))?;
        let args = act.args.as_deref().cloned().unwrap_or_default();
        let site = act.site.clone();
        let obj = match obj {
            Some(o) => o,
            None => {
                // The first argument of the enclosing function.
                let env = act.env.clone();
                let code = act.closure.code.clone();
                if code.nparams > 0 {
                    let v = env.slots.borrow()[0].clone();
                    match v {
                        Some(v) => v,
                        None => self.load_unbound(&code, &env, 0, usize::MAX)?,
                    }
                } else {
                    args.values.first().cloned().unwrap_or(Value::Null)
                }
            }
        };
        let classes = dispatch_classes(&obj);
        self.dispatch_from(&gname, classes, 0, obj, args, site)
    }

    /// Call the first method of `generic` for `classes[from..]`, else the default.
    pub fn dispatch_from(
        &mut self,
        generic: &str,
        classes: Vec<String>,
        from: usize,
        obj: Value,
        args: Args,
        site: CallSite,
    ) -> RResult<Value> {
        for (k, c) in classes.iter().enumerate().skip(from) {
            let name = format!("{}.{}", generic, c);
            if let Some(f) = self.find_function(&name) {
                let info = DispatchInfo {
                    generic: generic.to_string(),
                    classes: classes.clone(),
                    position: k,
                    object: obj,
                };
                return self.call_method(&f, args, site.for_method(&name), info);
            }
        }
        let name = format!("{}.default", generic);
        if let Some(f) = self.find_function(&name) {
            let info = DispatchInfo {
                generic: generic.to_string(),
                classes: classes.clone(),
                position: classes.len(),
                object: obj,
            };
            return self.call_method(&f, args, site.for_method(&name), info);
        }
        // Internal defaults for a few generics.
        if let Some(f) = builtins::lookup(generic) {
            if generic != "UseMethod" {
                return self.call_value_no_dispatch(&f, args, site);
            }
        }
        let shown = if classes.len() == 1 {
            format!("\"{}\"", classes[0])
        } else {
            format!(
                "c({})",
                classes
                    .iter()
                    .map(|c| format!("'{}'", c))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        };
        Err(RError::new(format!(
            "no applicable method for '{}' applied to an object of class {}",
            generic, shown
        )))
    }

    fn call_method(
        &mut self,
        f: &Value,
        args: Args,
        site: CallSite,
        info: DispatchInfo,
    ) -> RResult<Value> {
        match f {
            Value::Closure(c) => self.call_closure(c, args, site, Some(info)),
            other => self.call_value_no_dispatch(other, args, site),
        }
    }
}

/// The classes S3 dispatch tries for a value (explicit class, else implicit).
pub fn dispatch_classes(v: &Value) -> Vec<String> {
    if let Some(c) = v.explicit_class() {
        return c;
    }
    let mut out = Vec::new();
    if let Some(d) = v.attr("dim") {
        out.push(if d.len() == 2 {
            "matrix".to_string()
        } else {
            "array".to_string()
        });
        if d.len() == 2 {
            out.push("array".into());
        }
    }
    match v {
        Value::Closure(_) | Value::Builtin(_) => out.push("function".into()),
        Value::Null => out.push("NULL".into()),
        v => match v.vtype().unwrap() {
            VType::Dbl => {
                out.push("double".into());
                out.push("numeric".into());
            }
            VType::Int => {
                out.push("integer".into());
                out.push("numeric".into());
            }
            t => out.push(t.name().into()),
        },
    }
    out
}

/// A condition object for a handler: `list(message=, call=)` with class
/// `c("simpleError", "error", "condition")` (or the warning equivalent).
pub fn make_condition(e: &RError) -> Value {
    if let Some(c) = &e.condition {
        return c.clone();
    }
    let call = match &e.call {
        ErrCall::Call(c) => Value::str(c),
        _ => Value::Null,
    };
    let msg = if e.kind == ErrKind::Unsupported {
        format!("unsupported: {}", e.msg)
    } else {
        e.msg.clone()
    };
    let mut v = Vector::new(VecData::List(vec![Value::str(&msg), call]));
    v.set_attr("names", Value::strs(&["message", "call"]));
    let class: &[&str] = match e.kind {
        ErrKind::Warning => &["simpleWarning", "warning", "condition"],
        _ => &["simpleError", "error", "condition"],
    };
    v.set_attr("class", Value::strs(class));
    Value::Vec(Rc::new(v))
}

/// The truth value of an `if`/`while` condition, with R's errors.
fn condition_truth(v: &Value) -> RResult<bool> {
    let vec = match v.as_vector() {
        Some(v) => v,
        None => return Err(RError::new("argument is of length zero")),
    };
    if vec.is_empty() {
        return Err(RError::new("argument is of length zero"));
    }
    if vec.len() > 1 {
        return Err(RError::new("the condition has length > 1"));
    }
    let l = match &vec.data {
        VecData::Str(s) => match s[0].as_deref() {
            Some(x) => {
                let l = crate::coerce::str_to_lgl(x);
                if l == NA_LOGICAL {
                    return Err(RError::new("argument is not interpretable as logical"));
                }
                l
            }
            None => NA_LOGICAL,
        },
        VecData::List(_) => return Err(RError::new("argument is not interpretable as logical")),
        d => match d.coerce(VType::Lgl) {
            VecData::Lgl(l) => l[0],
            _ => unreachable!(),
        },
    };
    if l == NA_LOGICAL {
        // R's asLogicalNoNA: only a logical NA is a "missing value"; an NA of
        // any other type is not interpretable.
        return Err(RError::new(if vec.vtype() == VType::Lgl {
            "missing value where TRUE/FALSE needed"
        } else {
            "argument is not interpretable as logical"
        }));
    }
    Ok(l != 0)
}

/// Scalar arithmetic without allocation or warnings; `None` sends the operation
/// to the general (vectorized, warning-raising) implementation.
#[inline(always)]
fn fast_arith(op: arith::ArithOp, a: &Value, b: &Value) -> Option<Value> {
    arith_values(op, a, b).map(Num::value)
}

#[inline(always)]
fn fast_compare(op: arith::CmpOp, a: &Value, b: &Value) -> Option<Value> {
    compare_scalars(op, a, b).map(|r| Value::Lgl(r as i32))
}

/// `a op b` for non-NA unboxed int/double scalars (`None`: the general path).
#[inline(always)]
fn compare_scalars(op: arith::CmpOp, a: &Value, b: &Value) -> Option<bool> {
    use arith::CmpOp::*;
    let (x, y) = match (a, b) {
        (Value::Int(x), Value::Int(y)) if *x != NA_INTEGER && *y != NA_INTEGER => {
            (*x as f64, *y as f64)
        }
        (Value::Dbl(x), Value::Dbl(y)) if !x.is_nan() && !y.is_nan() => (*x, *y),
        (Value::Dbl(x), Value::Int(y)) if !x.is_nan() && *y != NA_INTEGER => (*x, *y as f64),
        (Value::Int(x), Value::Dbl(y)) if *x != NA_INTEGER && !y.is_nan() => (*x as f64, *y),
        _ => return None,
    };
    Some(match op {
        Eq => x == y,
        Ne => x != y,
        Lt => x < y,
        Le => x <= y,
        Gt => x > y,
        Ge => x >= y,
    })
}

/// Record a branch's direction (`BranchFalse` feedback).
#[inline(always)]
fn record_branch(cell: &std::cell::Cell<TypeFeedback>, truth: bool) {
    let bit = if truth {
        TypeFeedback::NOT_TAKEN
    } else {
        TypeFeedback::TAKEN
    };
    if cell.get().0 & bit == 0 {
        cell.set(TypeFeedback(cell.get().0 | bit));
    }
}

/// `for (v in from:to)` without building the vector when the result is integer.
fn int_range(from: &Value, to: &Value) -> Option<(i64, u64, i64)> {
    let f = match from {
        Value::Int(x) if *x != NA_INTEGER => *x as f64,
        Value::Dbl(x) if x.fract() == 0.0 && x.abs() <= i32::MAX as f64 => *x,
        _ => return None,
    };
    let t = match to {
        Value::Int(x) if *x != NA_INTEGER => *x as f64,
        Value::Dbl(x) if !x.is_nan() && x.abs() <= i32::MAX as f64 => *x,
        _ => return None,
    };
    let n = ((t - f).abs() + 1e-10).floor() as u64 + 1;
    let step = if f <= t { 1 } else { -1 };
    Some((f as i64, n, step))
}

/// `x[i]` / `x[[i]]` for an attribute-free vector and an in-range scalar index.
#[inline]
fn fast_index(x: &Value, i: &Value, is2: bool) -> Option<Value> {
    let Value::Vec(v) = x else { return None };
    if v.attrs.is_some() {
        return None;
    }
    let k = match i {
        Value::Int(k) if *k >= 1 => *k as usize - 1,
        Value::Dbl(k) if *k >= 1.0 && *k < 4.0e9 => *k as usize - 1,
        _ => return None,
    };
    if k >= v.len() {
        return None;
    }
    match &v.data {
        VecData::List(items) => {
            if is2 {
                Some(items[k].clone())
            } else {
                None
            }
        }
        d => Some(d.elt(k)),
    }
}

/// `stack.push(v)` for the interpreter loop. `Vec::push` keeps `v` alive
/// across its (possible) reallocation call, so a scalar built field by field is
/// first assembled in the frame and then copied as one 16-byte load, which
/// stalls store forwarding; writing after an out-of-line grow avoids that.
#[inline(always)]
fn push_value(stack: &mut Vec<Value>, v: Value) {
    if stack.len() == stack.capacity() {
        grow_stack(stack);
    }
    let len = stack.len();
    // SAFETY: `len < capacity` (ensured just above), so the slot is allocated
    // and uninitialized; it becomes part of the vector by `set_len`.
    unsafe {
        stack.as_mut_ptr().add(len).write(v);
        stack.set_len(len + 1);
    }
}

/// Push a scalar without assembling the `Value` in the frame first: LLVM
/// builds a non-constant enum in a stack temporary (tag and payload as two
/// stores) and copies it with one 16-byte load, which cannot be forwarded
/// from the two smaller stores (a ~15-cycle stall on every scalar push).
/// Writing a constant of the right variant (two immediate stores) and then
/// overwriting its payload in place keeps every access register-sized.
macro_rules! push_scalar {
    ($stack:expr, $variant:ident, $zero:expr, $e:expr) => {{
        let stack: &mut Vec<Value> = $stack;
        if stack.len() == stack.capacity() {
            grow_stack(stack);
        }
        let len = stack.len();
        // SAFETY: `len < capacity` (ensured just above), so the slot is
        // allocated and uninitialized; it becomes part of the vector by
        // `set_len` once it holds a valid value.
        unsafe {
            let p = stack.as_mut_ptr().add(len);
            p.write(Value::$variant($zero));
            if let Value::$variant(d) = &mut *p {
                *d = $e;
            }
            stack.set_len(len + 1);
        }
    }};
}

#[inline(always)]
fn push_dbl(stack: &mut Vec<Value>, e: f64) {
    push_scalar!(stack, Dbl, 0.0, e)
}

#[inline(always)]
fn push_int(stack: &mut Vec<Value>, e: i32) {
    push_scalar!(stack, Int, 0, e)
}

#[inline(always)]
fn push_lgl(stack: &mut Vec<Value>, e: i32) {
    push_scalar!(stack, Lgl, 0, e)
}

#[cold]
#[inline(never)]
fn grow_stack(stack: &mut Vec<Value>) {
    stack.reserve(64);
}

/// Element `k` (0-based) of the sequence of a `for` loop over a vector or
/// list, from its hidden variable (what R binds the loop variable to: the
/// element without attributes; a list's element itself).
pub fn for_seq_elt(code: &FunctionCode, env: &Env, seq: u16, k: usize) -> Value {
    let v = match code.for_seqs[seq as usize].get() {
        Var::Local(s) => env.slots.borrow()[s as usize].clone(),
        Var::Name(s) => env.get_local(s),
    };
    seq_elt(v.as_ref().unwrap_or(&Value::Null), k)
}

/// Element `k` (0-based) of a `for` loop's sequence value.
pub fn seq_elt(v: &Value, k: usize) -> Value {
    match v {
        Value::Vec(vv) => vv.data.elt(k),
        other => other.clone(),
    }
}

/// `ForStep`'s common case, done in place: the next value of a counted loop
/// whose variable is a local slot that already holds an integer. Returns
/// false, changing nothing, when the general code must run (other loops and
/// variables, the loop's end).
#[inline(always)]
fn step_counted(
    innermost: Option<&mut LoopState>,
    slots: &mut [Option<Value>],
    var: VarRef,
    cell: &std::cell::Cell<TypeFeedback>,
) -> bool {
    let Some(LoopState::Range {
        next,
        remaining,
        step,
    }) = innermost
    else {
        return false;
    };
    let Var::Local(s) = var.get() else {
        return false;
    };
    let Some(Value::Int(d)) = &mut slots[s as usize] else {
        return false;
    };
    if *remaining == 0 {
        return false;
    }
    let n = *next as i32;
    *next += *step;
    *remaining -= 1;
    TypeFeedback::record_bits(
        cell,
        TypeFeedback::INT | if n == NA_INTEGER { TypeFeedback::NA } else { 0 },
    );
    *d = n;
    true
}

/// Where the element of `x[i]` / `m[i, j]` is, for the interpreter's
/// allocation-free fast path.
struct EltIndex {
    /// The 0-based element offset.
    k: usize,
    /// The feedback bits of `x`, `i` and `j` (0 without `j`), as
    /// `TypeFeedback::of` computes them (known here without another match).
    bits: [u16; 3],
}

/// For `x[i]` / `m[i, j]` (`jv`) on an attribute-free (resp. matrix) logical,
/// integer or double vector with in-range positive scalar indices: where the
/// element is.
#[inline(always)]
fn scalar_elt_index(
    x: &Value,
    i: &Value,
    j: Option<&Value>,
    is2: bool,
    dims: &mut DimCache,
) -> Option<EltIndex> {
    let Value::Vec(v) = x else { return None };
    let t = match v.data {
        VecData::Lgl(_) => TypeFeedback::LGL,
        VecData::Int(_) => TypeFeedback::INT,
        VecData::Dbl(_) => TypeFeedback::DBL,
        _ => return None,
    };
    let x_bits =
        t | if v.len() != 1 {
            TypeFeedback::NON_SCALAR
        } else {
            0
        } | if v.attrs.is_some() {
            TypeFeedback::ATTRS
        } else {
            0
        };
    match j {
        None => {
            if v.attrs.is_some() {
                return None;
            }
            let (k, i_bits) = scalar_index(i, v.len())?;
            Some(EltIndex {
                k,
                bits: [x_bits, i_bits, 0],
            })
        }
        Some(_) if is2 => None,
        Some(j) => {
            let (nr, nc) = dims.of(v)?;
            let ((r, i_bits), (c, j_bits)) = (scalar_index(i, nr)?, scalar_index(j, nc)?);
            Some(EltIndex {
                k: r + c * nr,
                bits: [x_bits, i_bits, j_bits],
            })
        }
    }
}

/// The dimensions of the matrix indexed last by `IndexLocals`, so that
/// `m[i, j]` in a loop does not search `m`'s attributes every time. The cache
/// holds a reference to the matrix: while it does, the matrix can be neither
/// freed (so its address identifies it) nor modified in place (shared vectors
/// are copied on write), so its `dim` cannot change. `TakeLocal` drops the
/// reference when the matrix is about to be modified in place, which needs
/// the only one.
#[derive(Default)]
struct DimCache(Option<(Rc<Vector>, usize, usize)>);

impl DimCache {
    /// `v.dim2()`.
    #[inline(always)]
    fn of(&mut self, v: &Rc<Vector>) -> Option<(usize, usize)> {
        match &self.0 {
            Some((m, nr, nc)) if Rc::ptr_eq(m, v) => Some((*nr, *nc)),
            _ => self.fill(v),
        }
    }
    #[cold]
    #[inline(never)]
    fn fill(&mut self, v: &Rc<Vector>) -> Option<(usize, usize)> {
        let (nr, nc) = v.dim2()?;
        self.0 = Some((v.clone(), nr, nc));
        Some((nr, nc))
    }
    /// Drop the reference to `v` (if it is the cached matrix).
    #[inline(always)]
    fn forget(&mut self, v: &Rc<Vector>) {
        if matches!(&self.0, Some((m, ..)) if Rc::ptr_eq(m, v)) {
            self.0 = None;
        }
    }
}

/// A numeric scalar operand or result of the arithmetic fast paths, kept out
/// of a `Value` so that it stays in registers: LLVM builds a non-constant
/// `Value` in a stack temporary and copies it with one 16-byte load, which
/// cannot be forwarded from the two smaller stores that built it.
#[derive(Clone, Copy)]
enum Num {
    Int(i32),
    Dbl(f64),
}

impl Num {
    /// An unboxed integer or double scalar.
    #[inline(always)]
    fn of(v: &Value) -> Option<Num> {
        match v {
            Value::Int(x) => Some(Num::Int(*x)),
            Value::Dbl(x) => Some(Num::Dbl(*x)),
            _ => None,
        }
    }
    /// The feedback bits of the value (as `TypeFeedback::of` computes them).
    #[inline(always)]
    fn bits(self) -> u16 {
        match self {
            Num::Int(x) => TypeFeedback::INT | if x == NA_INTEGER { TypeFeedback::NA } else { 0 },
            Num::Dbl(x) => TypeFeedback::DBL | if x.is_nan() { TypeFeedback::NA } else { 0 },
        }
    }
    fn value(self) -> Value {
        match self {
            Num::Int(x) => Value::Int(x),
            Num::Dbl(x) => Value::Dbl(x),
        }
    }
}

/// Scalar `a op b` as R computes it, for the cases the fast paths handle:
/// `None` for an NA integer operand, integer overflow or an NA integer result,
/// and operations other than `+ - * /` (and `%%` of integers).
#[inline(always)]
fn arith_num(op: arith::ArithOp, a: Num, b: Num) -> Option<Num> {
    Some(match (a, b) {
        (Num::Dbl(x), Num::Dbl(y)) => Num::Dbl(dbl_prim(op, x, y)?),
        (Num::Dbl(x), Num::Int(y)) if y != NA_INTEGER => Num::Dbl(dbl_prim(op, x, y as f64)?),
        (Num::Int(x), Num::Int(y)) if x != NA_INTEGER && y != NA_INTEGER => {
            Num::Int(int_prim(op, x, y)?)
        }
        (Num::Int(x), Num::Dbl(y)) if x != NA_INTEGER => Num::Dbl(dbl_prim(op, x as f64, y)?),
        _ => return None,
    })
}

/// Scalar arithmetic `a <- a op b` written into `a` in place (register-sized
/// stores only). Returns the feedback bits of the operand `a` and of the
/// result, or `None` (with `a` unchanged) for the general path.
#[inline(always)]
fn arith_in_place(op: arith::ArithOp, a: &mut Value, b: Num) -> Option<(u16, u16)> {
    // One arm per operand type, so that `arith_num` is specialized to it.
    let (x, r) = match *a {
        Value::Dbl(x) => (Num::Dbl(x), arith_num(op, Num::Dbl(x), b)?),
        Value::Int(x) => (Num::Int(x), arith_num(op, Num::Int(x), b)?),
        _ => return None,
    };
    store_num(a, r);
    Some((x.bits(), r.bits()))
}

/// `a op b` for unboxed int/double scalars (`arith_num`, specialized to each
/// pair of operand types).
#[inline(always)]
fn arith_values(op: arith::ArithOp, a: &Value, b: &Value) -> Option<Num> {
    match (a, b) {
        (Value::Dbl(x), Value::Dbl(y)) => arith_num(op, Num::Dbl(*x), Num::Dbl(*y)),
        (Value::Dbl(x), Value::Int(y)) => arith_num(op, Num::Dbl(*x), Num::Int(*y)),
        (Value::Int(x), Value::Int(y)) => arith_num(op, Num::Int(*x), Num::Int(*y)),
        (Value::Int(x), Value::Dbl(y)) => arith_num(op, Num::Int(*x), Num::Dbl(*y)),
        _ => None,
    }
}

/// A following `ArithLocal` (`s <- s op r`) that takes the result `r` of a
/// fused instruction as its operand, done in place when its fast path
/// applies, with its feedback recorded exactly as `ArithLocal` records it:
/// saves a push, a pop and a dispatch. False (nothing done) otherwise.
#[inline(always)]
fn accumulate(
    next: Op,
    slots: &mut [Option<Value>],
    r: Num,
    type_fb: &[std::cell::Cell<TypeFeedback>],
) -> bool {
    let Op::ArithLocal(o, s, _, fb) = next else {
        return false;
    };
    let Some(acc) = &mut slots[s as usize] else {
        return false;
    };
    let Some((acc_bits, r_bits)) = arith_in_place(o, acc, r) else {
        return false;
    };
    TypeFeedback::record_bits(&type_fb[fb as usize + 1], acc_bits);
    TypeFeedback::record_bits(&type_fb[fb as usize], r_bits);
    true
}

/// `*a = r.value()` with register-sized stores only (just the payload when
/// the type does not change).
#[inline(always)]
fn store_num(a: &mut Value, r: Num) {
    match (a, r) {
        (Value::Dbl(d), Num::Dbl(r)) => *d = r,
        (Value::Int(d), Num::Int(r)) => *d = r,
        (a, r) => *a = r.value(),
    }
}

/// Integer scalar arithmetic on non-NA operands; `None` on overflow, an NA
/// result or an operation that is not integer-valued.
#[inline(always)]
fn int_prim(op: arith::ArithOp, x: i32, y: i32) -> Option<i32> {
    use arith::ArithOp::*;
    let r = match op {
        Add => x.checked_add(y)?,
        Sub => x.checked_sub(y)?,
        Mul => x.checked_mul(y)?,
        Mod if y != 0 => {
            // R's %% takes the sign of the divisor.
            let r = x.checked_rem(y)?;
            if r != 0 && ((r < 0) != (y < 0)) {
                r + y
            } else {
                r
            }
        }
        _ => return None,
    };
    (r != NA_INTEGER).then_some(r)
}

#[inline(always)]
fn dbl_prim(op: arith::ArithOp, x: f64, y: f64) -> Option<f64> {
    use arith::ArithOp::*;
    let nf = arith::nan_first;
    Some(match op {
        Add => nf(x, y, x + y),
        Sub => nf(x, y, x - y),
        Mul => nf(x, y, x * y),
        Div => nf(x, y, x / y),
        _ => return None,
    })
}

/// A positive in-range 1-based scalar index as 0-based, with its feedback
/// bits (such an index is not NA).
#[inline(always)]
fn scalar_index(i: &Value, len: usize) -> Option<(usize, u16)> {
    let (k, bits) = match i {
        Value::Int(k) if *k >= 1 => (*k as usize - 1, TypeFeedback::INT),
        Value::Dbl(k) if *k >= 1.0 && *k < 4.0e9 => (*k as usize - 1, TypeFeedback::DBL),
        _ => return None,
    };
    (k < len).then_some((k, bits))
}

/// `m[i, j]` for an atomic matrix and in-range scalar indices.
#[inline]
fn fast_index2d(x: &Value, i: &Value, j: &Value) -> Option<Value> {
    let Value::Vec(v) = x else { return None };
    if matches!(v.data, VecData::List(_)) {
        return None;
    }
    let (nr, nc) = v.dim2()?;
    let ((r, _), (c, _)) = (scalar_index(i, nr)?, scalar_index(j, nc)?);
    Some(v.data.elt(r + c * nr))
}

/// In-place `x[i] <- v` for an unshared attribute-free vector, an in-range scalar
/// index and a scalar of the same type (or int into double). Returns false when
/// the general path must run.
#[inline]
fn fast_assign(x: &mut Value, i: &Value, v: &Value) -> bool {
    let Value::Vec(rc) = x else { return false };
    let k = match i {
        Value::Int(k) if *k >= 1 => *k as usize - 1,
        Value::Dbl(k) if *k >= 1.0 && *k < 4.0e9 => *k as usize - 1,
        _ => return false,
    };
    let Some(vec) = Rc::get_mut(rc) else {
        return false;
    };
    if vec.attrs.is_some() || k >= vec.len() {
        return false;
    }
    match (&mut vec.data, v) {
        (VecData::Dbl(d), Value::Dbl(y)) => d[k] = *y,
        (VecData::Dbl(d), Value::Int(y)) => {
            d[k] = if *y == NA_INTEGER {
                na_real()
            } else {
                *y as f64
            }
        }
        (VecData::Int(d), Value::Int(y)) => d[k] = *y,
        (VecData::Lgl(d), Value::Lgl(y)) => d[k] = *y,
        (VecData::List(d), v) if !v.is_null() => d[k] = v.clone(),
        _ => return false,
    }
    true
}

fn switch_target(t: &SwitchTable, sel: &Value) -> RResult<Pc> {
    let vec = match sel.as_vector() {
        Some(v) if v.len() == 1 => v,
        _ => return Err(RError::new("EXPR must be a length 1 vector")),
    };
    match &vec.data {
        VecData::Str(s) => {
            let key = s[0].as_deref();
            if let Some(k) = key {
                if let Some((_, target)) = t.arms.iter().find(|(n, _)| n.as_deref() == Some(k)) {
                    return Ok(target.unwrap_or(t.no_match));
                }
            }
            let defaults: Vec<&(Option<Rc<str>>, Option<Pc>)> =
                t.arms.iter().filter(|(n, _)| n.is_none()).collect();
            match defaults.len() {
                0 => Ok(t.no_match),
                1 => Ok(defaults[0].1.unwrap_or(t.no_match)),
                _ => Err(RError::new("duplicate 'switch' defaults")),
            }
        }
        VecData::List(_) => Err(RError::new("EXPR must be a length 1 vector")),
        d => {
            let k = match d.coerce(VType::Int) {
                VecData::Int(v) => v[0],
                _ => NA_INTEGER,
            };
            if k >= 1 && (k as usize) <= t.arms.len() {
                match t.arms[k as usize - 1].1 {
                    Some(p) if t.arms[k as usize - 1].1.is_some() => Ok(p),
                    _ => Err(RError::new("empty alternative in numeric switch")),
                }
            } else {
                Ok(t.no_match)
            }
        }
    }
}

/// The warnings GNU R keeps for printing (`R_nwarnings`).
pub const MAX_WARNINGS: usize = 50;

/// Rscript's warning block (`Warning message:` / `Warning messages:`).
pub fn format_warnings(w: &[(Option<String>, String)]) -> String {
    let mut s = String::new();
    if w.is_empty() {
        return s;
    }
    if w.len() > 10 {
        // PrintWarnings (errors.c): more than 10 are only counted.
        if w.len() < MAX_WARNINGS {
            s.push_str(&format!(
                "There were {} warnings (use warnings() to see them)\n",
                w.len()
            ));
        } else {
            s.push_str(&format!(
                "There were {0} or more warnings (use warnings() to see the first {0})\n",
                MAX_WARNINGS
            ));
        }
        return s;
    }
    if w.len() == 1 {
        s.push_str("Warning message:\n");
        let (call, msg) = &w[0];
        match call {
            Some(c) => {
                let first = msg.lines().next().unwrap_or("");
                if 6 + c.len() + first.len() > 75 {
                    s.push_str(&format!("In {} :\n  {}\n", c, msg));
                } else {
                    s.push_str(&format!("In {} : {}\n", c, msg));
                }
            }
            None => s.push_str(&format!("{} \n", msg)),
        }
    } else {
        s.push_str("Warning messages:\n");
        for (i, (call, msg)) in w.iter().enumerate() {
            match call {
                Some(c) => {
                    let first = msg.lines().next().unwrap_or("");
                    if 10 + c.len() + first.len() > 75 {
                        s.push_str(&format!("{}: In {} :\n  {}\n", i + 1, c, msg));
                    } else {
                        s.push_str(&format!("{}: In {} : {}\n", i + 1, c, msg));
                    }
                }
                None => s.push_str(&format!("{}: {} \n", i + 1, msg)),
            }
        }
    }
    s
}

/// Index operands as the subset functions take them: the positions marked in
/// `empty` (`m[i, ]`) hold a placeholder on the stack and mean "everything".
fn with_empty(operands: Vec<Value>, empty: u8) -> Vec<Option<Value>> {
    operands
        .into_iter()
        .enumerate()
        .map(|(k, v)| if empty & (1 << k) != 0 { None } else { Some(v) })
        .collect()
}

/// The interpreter's fast paths for instruction `op` on `operands` (as
/// `Interp::exec_generic` takes them): arithmetic and comparison of scalars,
/// `x[i]`, `x[[i]]`, `m[i, j]` with in-range scalar indices. `None`: the
/// general implementation must run. Compiled code's generic calls try this
/// first, without cloning their operands.
pub fn fast_generic(op: Op, operands: &[&Value]) -> Option<Value> {
    match (op, operands) {
        (Op::Arith(o, ..) | Op::ArithLocal(o, ..), [a, b]) => fast_arith(o, a, b),
        (Op::Cmp(o, ..), [a, b]) => fast_compare(o, a, b),
        (
            Op::Index {
                n: 1,
                empty: 0,
                drop: true,
                ..
            },
            [x, i],
        ) => fast_index(x, i, false),
        (Op::Index2 { n: 1, empty: 0, .. }, [x, i]) => fast_index(x, i, true),
        (Op::IndexLocals { is2, .. }, [x, i]) => fast_index(x, i, is2),
        (Op::IndexLocals { is2: false, .. }, [x, i, j]) => fast_index2d(x, i, j),
        _ => None,
    }
}

/// GNU R names an out-of-bounds `m[i, j] <- v` by the replacement call it
/// evaluates, `` `[<-`(`*tmp*`, i, j, value = v) `` (indices as written; the
/// value deparsed, or as written where R runs byte code: see
/// `FunctionCode::bytecode_assigns`), not by the assignment as its other
/// `[<-` errors do.
fn matrix_subassign_error(
    mut e: RError,
    code: &FunctionCode,
    call: CallIdx,
    value: Option<&Value>,
) -> RError {
    let (Some(value), ErrCall::Pending) = (value, &e.call) else {
        return e;
    };
    if e.msg != "subscript out of bounds" {
        return e;
    }
    let ExprKind::Call(f, assign) = &code.calls[call as usize].kind else {
        return e;
    };
    if !matches!(&f.kind, ExprKind::Ident(n) if matches!(&**n, "<-" | "=" | "<<-")) {
        return e;
    }
    let Some(ExprKind::Call(_, target)) = assign
        .first()
        .and_then(|a| a.value.as_ref())
        .map(|t| &t.kind)
    else {
        return e;
    };
    let mut text = String::from("`[<-`(`*tmp*`");
    for a in &target[1..] {
        text.push_str(", ");
        if let Some(ix) = &a.value {
            text.push_str(&crate::deparse::deparse(ix));
        }
    }
    text.push_str(", value = ");
    match assign.get(1).and_then(|a| a.value.as_ref()) {
        Some(rhs) if code.bytecode_assigns.binary_search(&call).is_ok() => {
            text.push_str(&crate::deparse::deparse(rhs))
        }
        _ => text.push_str(&crate::deparse::deparse_value_short(value)),
    }
    text.push(')');
    RError::with_call(std::mem::take(&mut e.msg), text)
}

/// The `missing()` bits of an activation whose parameter slots `unbound` were
/// not supplied, and which of those have a default still to evaluate (on
/// first use).
fn missing_bits(code: &FunctionCode, unbound: impl Iterator<Item = usize>) -> (u64, u64) {
    let (mut pending, mut missing) = (0u64, 0u64);
    for i in unbound.take_while(|&i| i < 64) {
        missing |= 1 << i;
        if code.defaults[i].is_some() {
            pending |= 1 << i;
        }
    }
    (pending, missing)
}

/// The name GNU R's traceback shows for a call expression: its function's
/// name when that is a symbol, else `<Anonymous>`.
fn call_name(call: &Expr) -> Rc<str> {
    match &call.kind {
        ExprKind::Call(f, _) => match &f.kind {
            ExprKind::Ident(n) => n.clone(),
            _ => "<Anonymous>".into(),
        },
        _ => "<Anonymous>".into(),
    }
}

/// How a tier builds the frames of an activation that runs without them
/// (`Interp::lazy_top`): called with the activation's context.
pub type FrameBuilder = unsafe fn(*mut u8);

/// How a tier brings a frame up to date with its compiled activations
/// (`Interp::native_top`): called with the innermost compiled activation's
/// context and the frame about to be observed.
pub type FrameSyncer = unsafe fn(*mut u8, &Env);

/// Add argument `v`, passed as `spec` says, to `args` (a `...` list's
/// elements one by one, with their names).
pub fn push_arg(args: &mut Args, spec: &ArgSpec, v: Value) {
    match spec {
        ArgSpec::Positional | ArgSpec::Empty => args.push(None, v),
        ArgSpec::Named(s) => args.push(Some(s.name()), v),
        ArgSpec::Dots => {
            if let Value::Vec(l) = &v {
                if let VecData::List(items) = &l.data {
                    let names = l.names();
                    for (i, item) in items.iter().enumerate() {
                        let n = names.and_then(|n| n[i].clone()).filter(|n| !n.is_empty());
                        args.push(n, item.clone());
                    }
                }
            }
        }
    }
}

/// The traceback name of an activation's call site.
pub fn site_name(site: &CallSite) -> Option<Rc<str>> {
    match site {
        CallSite::Code(c, i) => Some(call_name(&c.calls[*i as usize])),
        CallSite::Text(t) => Some(crate::error::call_function_name(t).into()),
        CallSite::Method(_, _, name) => Some(name.clone()),
        CallSite::None => None,
    }
}

/// The closures GNU R runs between a call of `name` (a function dlvm
/// implements as a builtin) and the functions it calls, outermost first,
/// where they are more than `name` itself: `sapply` calls `FUN` through
/// `lapply`, `Filter` through `unlist(lapply(...))`, `Map` through `mapply`.
fn r_closure_chain(name: &str) -> &'static [&'static str] {
    match name {
        "sapply" => &["sapply", "lapply"],
        "Filter" => &["Filter", "unlist", "lapply"],
        "Map" => &["Map", "mapply"],
        "tapply" => &["tapply", "lapply"],
        _ => &[],
    }
}

/// An error leaves builtin `name`: when `name` is a closure in GNU R (not a
/// primitive), its activation and the closures it runs through are on R's
/// context stack, so they belong in the error's traceback. An error the
/// builtin reports against another closure of R's (`sample` raising in
/// `sample.int`) names that one too.
fn builtin_frames(e: &mut RError, name: &'static str) {
    if !crate::deparse::is_r_closure(name) {
        return;
    }
    if e.trace.is_empty() {
        if let ErrCall::Call(c) = &e.call {
            let inner: Rc<str> = crate::error::call_function_name(c).into();
            if &*inner != name
                && crate::deparse::is_r_closure(&inner)
                && builtins::lookup(&inner).is_some()
            {
                e.trace.push(inner);
            }
        }
    }
    match r_closure_chain(name) {
        [] => e.trace.push(name.into()),
        chain => e.trace.extend(chain.iter().rev().map(|&n| Rc::from(n))),
    }
}
