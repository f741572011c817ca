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
//!
//! The interpreter is split by concern: this module holds the `Interp`
//! state, its construction, the public API for builtins and drivers, and
//! `run`/`resume`; the submodules hold the rest:
//! - `dispatch`: the two instruction loops (`exec`, `exec_slow`)
//! - `calls`: call sites, activations, argument binding, closure calls
//! - `lookup`: variable and function lookup, missing arguments and defaults
//! - `s3`: S3 dispatch (`UseMethod`, `NextMethod`'s `dispatch_from`, the
//!   internal generics: operators, subsetting, `length`)
//! - `conditions`: warnings, try regions, error attribution and tracebacks
//! - `control`: `if`/`while` conditions, `&&`/`||`, `switch`, `for` loops
//! - `arith_fast`, `index_fast`, `stack`: the allocation-free fast paths
//! - `generic`: the generic instruction fallback compiled code calls
//! - `tier`: the hooks of the tier above (`Tier`, OSR-in, lazily built frames)

mod arith_fast;
mod calls;
mod conditions;
mod control;
mod dispatch;
mod generic;
mod index_fast;
mod lookup;
mod s3;
mod stack;
mod tier;

pub use calls::{absent_bits, push_arg, site_name, Activation, CallSite, LazyCall};
pub use conditions::{
    format_warnings, make_condition, simple_condition, Outcome, SignalKind, MAX_WARNINGS,
};
pub use control::{for_seq_elt, seq_elt};
pub use generic::fast_generic;
pub use index_fast::fast_assign;
pub use s3::{dispatch_classes, DispatchInfo};
pub use tier::{CountedLoop, FrameBuilder, FrameSyncer, Tier};

use crate::args::Args;
use crate::ast::Expr;
use crate::builtins;
use crate::bytecode::*;
use crate::compile::compile_toplevel;
use crate::env::{Env, EnvFrame};
use crate::error::RResult;
use crate::symbols::intern;
use crate::value::*;
use conditions::TryFrame;
use control::LoopState;
use index_fast::DimCache;
use std::rc::Rc;

/// Backward jumps of an activation that count as one call towards the JIT
/// threshold: the default OSR threshold (5000 in one activation) over the
/// default JIT threshold (100 calls), so that loop work spread over a few
/// activations makes a function as hot as it makes one activation. (It was
/// 256: a function called a few times per run with loops of a few hundred
/// iterations stayed interpreted; 50 gave 1.07x fewer instructions on the
/// suite over four runs, compile time included.)
pub const LOOP_WORK_PER_CALL: u32 = 50;

/// The error of a run over `Interp::max_steps`.
pub const STEPS_EXHAUSTED: &str = "step budget exhausted (Interp::max_steps)";

/// Counters the interpreter keeps for `--stats`.
#[derive(Default, Clone)]
pub struct InterpStats {
    pub closure_calls: u64,
    pub builtin_calls: u64,
    /// Generic operations compiled code delegated to the interpreter's
    /// implementation (`compiler::runtime::rt_generic`), per instruction:
    /// counted only when `Some` (`dlvm run --stats`), because the count
    /// costs a hash per operation. What stays generic in compiled code, and
    /// where, is what a user improving the JIT's reach looks at first.
    pub generic_ops: Option<GenericOps>,
    /// Calls per builtin (by id), counted when `Some` (`dlvm run --stats`),
    /// and the calls that ran a builtin's scalar entry
    /// (`vm::builtins::ScalarFn`).
    pub builtin_counts: Option<Vec<u64>>,
    pub builtin_scalar_calls: u64,
}

/// Counts of generic operations by (code, pc): the code (kept alive for
/// naming) and the count.
pub type GenericOps =
    std::collections::HashMap<(usize, u32), (Rc<crate::bytecode::FunctionCode>, u64)>;

impl InterpStats {
    /// Count one generic operation of instruction `pc` of `code` (when
    /// counting: inline, so that not counting costs one test).
    #[inline(always)]
    pub fn count_generic(&mut self, code: &Rc<crate::bytecode::FunctionCode>, pc: u32) {
        if let Some(ops) = &mut self.generic_ops {
            Self::count_generic_in(ops, code, pc);
        }
    }

    #[inline(never)]
    fn count_generic_in(ops: &mut GenericOps, code: &Rc<crate::bytecode::FunctionCode>, pc: u32) {
        ops.entry((Rc::as_ptr(code) as usize, pc))
            .or_insert_with(|| (code.clone(), 0))
            .1 += 1;
    }

    /// The most called builtins (at most `limit`) as name → calls, most
    /// frequent first.
    pub fn builtins_by_calls(&self, limit: usize) -> Vec<(String, u64)> {
        let Some(counts) = &self.builtin_counts else {
            return Vec::new();
        };
        let mut v: Vec<(String, u64)> = counts
            .iter()
            .enumerate()
            .filter(|(_, &n)| n > 0)
            .map(|(id, &n)| (crate::builtin_names::name_of(id as u16).to_string(), n))
            .collect();
        v.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        v.truncate(limit);
        v
    }

    /// The counted operations as "function@pc Op" → count, most frequent
    /// first (at most `limit`).
    pub fn generic_ops_by_site(&self, limit: usize) -> Vec<(String, u64)> {
        let Some(ops) = &self.generic_ops else {
            return Vec::new();
        };
        let mut v: Vec<(String, u64)> = ops
            .iter()
            .map(|(&(_, pc), (code, n))| {
                let op = format!("{:?}", code.ops[pc as usize]);
                let name: String = op
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                (format!("{}@{} {}", code.name, pc, name), *n)
            })
            .collect();
        v.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        v.truncate(limit);
        v
    }
}

pub struct Interp {
    /// The JIT engine, when one is installed.
    pub tier: Option<Rc<dyn Tier>>,
    pub out: String,
    /// Buffered stderr for `message()` (errors and warnings are printed by the driver).
    pub err: String,
    pub visible: bool,
    /// `geterrmessage()`: the last error message `try` formatted.
    pub last_error_message: String,
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
    /// The regions of `tries` that take part in signalling
    /// (`TryInfo::handles_conditions`): with none, a condition goes to its
    /// default handling at once.
    cond_regions: usize,
    /// The `withCallingHandlers` regions established: their handlers are
    /// R code that may run in the middle of any builtin (`native_ok`).
    calling_regions: usize,
    /// The handlers hidden while a calling handler runs (GNU R runs it with
    /// the handler stack below it): (region index, handler index, regions
    /// then), see `Interp::masked`.
    masked: Vec<(usize, u32, usize)>,
    /// The restarts established (`withRestarts` regions, the muffle restart
    /// of a warning or message being signalled), innermost last.
    restarts: Vec<conditions::RestartEntry>,
    /// Numbers regions (`TryFrame::id`) and signals (their muffle restarts).
    region_counter: u64,
    /// The `tryCatch` region `run_try` entered ended (its `TryEnd`, or a
    /// handler's value): its run did not end by a `return()`.
    pub(super) try_ended: bool,
    run_counter: u64,
    /// The call whose builtin is running (for warnings): code pointer and call index.
    cur_call: Option<(*const FunctionCode, CallIdx)>,
    /// The next internal-generic dispatch (`Interp::dispatch_ops`,
    /// `dispatch_internal`) is skipped: `NextMethod` reached the internal
    /// default (the builtin `+`, `[`, ...), which must not dispatch again.
    pub(crate) no_dispatch_once: bool,
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
    /// Frames of calls with promises (`calls::LazyCall`) whose promises
    /// were not all evaluated when they were made: found again by a
    /// closure that reads one after the call returned. Entries of frames
    /// that are gone are dropped once the list reaches `lazy_frames_limit`.
    pub(crate) lazy_frames: Vec<(std::rc::Weak<EnvFrame>, Rc<LazyCall>)>,
    lazy_frames_limit: usize,
}

impl Default for Interp {
    fn default() -> Self {
        Self::new()
    }
}

/// Names that are outside the subset, with the feature they belong to.
pub(crate) fn unsupported_feature(name: &str) -> Option<&'static str> {
    Some(match name {
        "with" | "within" | "attach" | "env2list" => "environment objects",
        "setClass" | "new" | "setGeneric" | "setMethod" | "setRefClass" | "R6Class"
        | "isVirtualClass" => "S4 and reference classes",
        "readRDS" | "saveRDS" | "read.csv" | "write.csv" | "read.table" | "sink" | "source"
        | "load" | "save" | "url" => "file and connection IO",
        "data.frame" | "as.data.frame" | "read.delim" => "data frames",
        "suppressWarnings" => "suppressWarnings() other than suppressWarnings(expr)",
        "suppressMessages" => "suppressMessages() other than suppressMessages(expr)",
        "withVisible" => "withVisible() other than withVisible(x)",
        "withCallingHandlers" => {
            "withCallingHandlers() other than withCallingHandlers(expr, class = handler, ...)"
        }
        "withRestarts" => "withRestarts() other than withRestarts(expr, name = function, ...)",
        "local" => "local() other than local(expr)",
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
            last_error_message: String::new(),
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
            cond_regions: 0,
            calling_regions: 0,
            masked: Vec::new(),
            restarts: Vec::new(),
            region_counter: 0,
            try_ended: false,
            run_counter: 0,
            cur_call: None,
            no_dispatch_once: false,
            builtin_by_sym: Vec::new(),
            dims: DimCache::default(),
            env_pool: Vec::new(),
            native_depth: 0,
            lazy_top: None,
            native_top: None,
            rng: crate::rng::Rng::new(),
            lazy_frames: Vec::new(),
            lazy_frames_limit: 64,
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
        for name in crate::datasets::NAMES {
            g.set_local(intern(name), crate::datasets::dataset(name).unwrap());
        }
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

    /// Is the call whose builtin is running an assignment GNU R runs
    /// byte-compiled (`FunctionCode::bytecode_assigns`)? Its replacement
    /// functions are then named with the value as written.
    pub fn current_call_is_bytecode_assign(&self) -> bool {
        // SAFETY: see `warning`: the pointer is valid while the builtin runs.
        self.cur_call.is_some_and(|(code, ci)| {
            let code: &FunctionCode = unsafe { &*code };
            code.bytecode_assigns.binary_search(&ci).is_ok()
        })
    }

    pub fn current_activation(&mut self) -> Option<&Activation> {
        self.observe_frames();
        self.frames.last()
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
        let builtin_method = builtins::lang::format_condition(v)
            .or_else(|| builtins::conditions::format_restart(v))
            .or_else(|| {
                builtins::output::is_rle(v)
                    .then(|| builtins::text::format_rle(v))
                    .flatten()
            })
            .or_else(|| builtins::print_methods::print_method(v, None, None));
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

    /// Execute `code` in `env` from `start` until `Return` or `EndRegion`.
    pub fn run(&mut self, code: &Rc<FunctionCode>, env: &Env, start: Pc) -> RResult<Value> {
        self.resume(code, env, start, Vec::new(), Vec::new())
    }

    /// Run the `tryCatch` region whose `TryBegin` is at `begin` in `code`'s
    /// activation `env`, its handlers (`handlers`: the error handler, then
    /// the warning handler, those it has) as they were pushed: the value of
    /// the region (or of the handler that caught its condition), its
    /// `finally` run. Compiled code's `tryCatch` (the region ends the run;
    /// the builder compiles only regions that no `return`, `break` or
    /// `next` leaves).
    pub fn run_try(
        &mut self,
        code: &Rc<FunctionCode>,
        env: &Env,
        begin: Pc,
        handlers: Vec<Value>,
    ) -> RResult<Value> {
        let Op::TryBegin(i) = code.ops[begin as usize] else {
            return Err(crate::error::RError::new(
                "internal error: run_try without a try region",
            ));
        };
        let base = self.stack.len();
        self.stack.extend(handlers);
        // The region's frame, for the run `resume` numbers next.
        self.push_try(code, env, i, self.run_counter + 1, true);
        let outer = std::mem::replace(&mut self.try_ended, false);
        let r = self.resume(code, env, begin + 1, Vec::new(), Vec::new());
        let ended = std::mem::replace(&mut self.try_ended, outer);
        self.stack.truncate(base);
        match r {
            // A `return()` in the region ended the run instead: the
            // function's value, which compiled code hands back as its own
            // (`region_return`).
            Ok(v) if !ended => Err(crate::error::RError::make(
                crate::error::ErrKind::Return,
                String::new(),
                crate::error::ErrCall::None,
                Some(v),
            )),
            r => r,
        }
    }

    /// The function's value when `e` is a `return()` out of a `tryCatch`
    /// region run by `run_try` (`ErrKind::Return`), else `e` as it is.
    pub fn region_return(e: crate::error::RError) -> RResult<Value> {
        if e.kind == crate::error::ErrKind::Return {
            return Ok(e.condition.clone().unwrap_or(Value::Null));
        }
        Err(e)
    }

    /// Enter `tryCatch` region `i` of `code` (`TryBegin`) in run `run_id`;
    /// `stop`: `run_try`'s, whose run the region ends.
    pub(super) fn push_try(
        &mut self,
        code: &Rc<FunctionCode>,
        env: &Env,
        i: u32,
        run_id: u64,
        stop: bool,
    ) {
        let info = &code.tries[i as usize];
        if info.handles_conditions() {
            self.cond_regions += 1;
            if info.kind == RegionKind::CallingHandlers {
                self.calling_regions += 1;
            }
        }
        self.region_counter += 1;
        let id = self.region_counter;
        if info.kind == RegionKind::Restarts {
            for (k, name) in info.classes.iter().enumerate() {
                self.restarts.push(conditions::RestartEntry {
                    name: name.clone(),
                    region: id,
                    index: k as u32,
                });
            }
        }
        self.tries.push(TryFrame {
            id,
            run_id,
            info: i,
            code: code.clone(),
            env: env.clone(),
            stack_h: self.stack.len(),
            loops_h: self.loops.len(),
            stop,
        });
    }

    /// May compiled code of `code` run now? Not while calling handlers are
    /// established if other code can assign its variables
    /// (`FunctionCode::shares_frame`): a handler is R code that may run in
    /// the middle of a builtin which compiled code takes to run none
    /// (`builtins::frame_effect`: a warning of `as.integer`), and assign a
    /// variable compiled code holds in a register (a closure of the
    /// function's, `assign` on its frame). Every entry of compiled code
    /// asks (the interpreter's calls and OSR-in, the tier's direct calls);
    /// code entered before a handler was established is suspended in a
    /// call of R code until it is gone.
    #[inline]
    pub fn native_ok(&self, code: &FunctionCode) -> bool {
        self.calling_regions == 0 || !code.shares_frame
    }

    /// Leave the innermost region (its handlers and restarts end).
    fn pop_try(&mut self) -> Option<TryFrame> {
        let t = self.tries.pop()?;
        let info = &t.code.tries[t.info as usize];
        if info.handles_conditions() {
            self.cond_regions -= 1;
            if info.kind == RegionKind::CallingHandlers {
                self.calling_regions -= 1;
            }
        }
        if info.kind == RegionKind::Restarts {
            self.restarts.retain(|r| r.region != t.id);
        }
        Some(t)
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
                        self.pop_try();
                    }
                    return Ok(v);
                }
                Err(e) => e,
            };
            match self.handle_error(err, run_id) {
                Ok(Some(resume)) => pc = resume,
                Ok(None) => {
                    self.try_ended = true;
                    let v = self.stack.pop().unwrap_or(Value::Null);
                    self.stack.truncate(base);
                    self.loops.truncate(loops_base);
                    return Ok(v);
                }
                Err(mut e) => {
                    // `pc` is past the failing instruction.
                    Self::unwind_at_pc(&mut e, code, pc.wrapping_sub(1));
                    return Err(e);
                }
            }
        }
    }
}
