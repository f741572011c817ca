//! The compile pipeline, in one place: bytecode and feedback from an entry
//! state → IR (`build`) → passes (`passes::optimize`) → checks (`verify`,
//! the optional profitability estimate) → native code (`lower`), with the
//! time of each phase.
//!
//! The engine (`deoptless`) calls `compile` for every version, OSR-in entry
//! and continuation; `--dump ir` calls `optimized_ir`. What to compile and
//! when is the engine's business, not this module's.

use crate::build::{self, Entry};
use crate::ir::Func;
use crate::lower::{self, Compiled, LowerOptions};
use crate::{passes, profit, verify};
use std::fmt;
use std::time::Instant;
use vm::bytecode::FunctionCode;

/// How to compile.
#[derive(Clone, Default)]
pub struct CompileOptions {
    /// The global environment, when the caller knows it: free variables of
    /// functions written at top level bound once to a scalar compile as
    /// constants (`build::build_in`).
    pub global: Option<vm::env::Env>,
    /// Chaos mode: every assumption check may fail at random.
    pub chaos: bool,
    /// Verify the IR after building and after optimizing, and run
    /// Cranelift's verifier (debug builds and tests).
    pub verify: bool,
    /// Keep the machine code's text (`--dump native`).
    pub disasm: bool,
    /// Leave code the static estimate judges slower than the interpreter
    /// uncompiled (`--profitability-check`).
    pub profitability_check: bool,
    /// Compile loop-free code quickly rather than well (a continuation up to
    /// the next loop header runs briefly).
    pub quick_when_loop_free: bool,
    /// Inline no closure's body (`build::BuildScope::no_closure_inlining`).
    pub no_closure_inlining: bool,
}

impl CompileOptions {
    /// What the build may know (`build::BuildScope`).
    fn scope(&self) -> build::BuildScope<'_> {
        build::BuildScope {
            global: self.global.as_ref(),
            no_closure_inlining: self.no_closure_inlining,
        }
    }
}

/// Why a function (or entry) was not compiled.
#[derive(Clone, Debug, PartialEq)]
pub enum NotCompiled {
    /// The builder does not handle something in it (the reason names it).
    Unsupported(String),
    /// The IR fails verification (`stage`: "built" or "optimized"); the IR
    /// is kept for the dump.
    Invalid {
        stage: &'static str,
        errors: Vec<String>,
        ir: Box<Func>,
    },
    /// The profitability estimate judged it slower than the interpreter
    /// (its text says why, "unprofitable: …").
    Unprofitable(String),
    /// Cranelift refused it.
    Lowering(String),
}

impl fmt::Display for NotCompiled {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotCompiled::Unsupported(why)
            | NotCompiled::Lowering(why)
            | NotCompiled::Unprofitable(why) => f.write_str(why),
            NotCompiled::Invalid { stage, errors, .. } => {
                write!(f, "{stage} IR fails verification: {}", errors.join("; "))
            }
        }
    }
}

/// Time spent in each phase, in ns, and the optimized IR's size.
#[derive(Clone, Copy, Debug, Default)]
pub struct PhaseTimes {
    /// (A deferred compile's time on the thread that ran it.)
    pub worker_ns: u64,
    pub build_ns: u64,
    pub optimize_ns: u64,
    pub lower_ns: u64,
    pub ir_insts: usize,
}

fn lap(t: &mut Instant) -> u64 {
    let ns = t.elapsed().as_nanos() as u64;
    *t = Instant::now();
    ns
}

fn verified(f: Func, stage: &'static str, check: bool) -> Result<Func, NotCompiled> {
    if !check {
        return Ok(f);
    }
    match verify::verify(&f) {
        Ok(()) => Ok(f),
        Err(errors) => Err(NotCompiled::Invalid {
            stage,
            errors,
            ir: Box::new(f),
        }),
    }
}

/// Build the IR of `code` from `entry` and optimize it (verifying both when
/// `check`).
pub fn optimized_ir(
    code: &FunctionCode,
    entry: &Entry,
    check: bool,
    times: &mut PhaseTimes,
) -> Result<Func, NotCompiled> {
    optimized_ir_in(code, entry, build::BuildScope::default(), check, times)
}

/// `optimized_ir` knowing what `scope` says (`build::build_in`).
pub fn optimized_ir_in(
    code: &FunctionCode,
    entry: &Entry,
    scope: build::BuildScope<'_>,
    check: bool,
    times: &mut PhaseTimes,
) -> Result<Func, NotCompiled> {
    let f = built_ir(code, entry, scope, check, times)?;
    optimized(f, check, times)
}

/// Build (and verify when `check`) the IR of `code` from `entry`: the part
/// of a compile that reads the bytecode and the feedback.
fn built_ir(
    code: &FunctionCode,
    entry: &Entry,
    scope: build::BuildScope<'_>,
    check: bool,
    times: &mut PhaseTimes,
) -> Result<Func, NotCompiled> {
    let mut t = Instant::now();
    let f = build::build_in(code, entry, scope).map_err(|e| NotCompiled::Unsupported(e.0))?;
    let f = verified(f, "built", check)?;
    times.build_ns = lap(&mut t);
    Ok(f)
}

/// Run the passes on `f` (and verify the result when `check`).
fn optimized(mut f: Func, check: bool, times: &mut PhaseTimes) -> Result<Func, NotCompiled> {
    let mut t = Instant::now();
    passes::optimize(&mut f);
    times.optimize_ns = lap(&mut t);
    times.ir_insts = f.insts.len();
    verified(f, "optimized", check)
}

/// The lowering options of `opts`, but `quick` (`quick_if`: it depends on
/// the optimized IR).
fn lower_options(opts: &CompileOptions) -> LowerOptions {
    LowerOptions {
        chaos: opts.chaos,
        verify: opts.verify,
        disasm: opts.disasm,
        quick: false,
    }
}

impl LowerOptions {
    /// Quick when `when_loop_free` and the optimized `f` has no loop.
    fn quick_if(mut self, when_loop_free: bool, f: &Func) -> LowerOptions {
        self.quick = when_loop_free && passes::cfg::Cfg::new(f).loops().is_empty();
        self
    }
}

/// Compile `code` entered at `entry` to native code. `inspect` sees the
/// optimized IR before it is lowered (`--dump ir`).
pub fn compile(
    code: &FunctionCode,
    entry: &Entry,
    opts: CompileOptions,
    times: &mut PhaseTimes,
    inspect: impl FnOnce(&Func),
) -> Result<Compiled, NotCompiled> {
    let f = optimized_ir_in(code, entry, opts.scope(), opts.verify, times)?;
    inspect(&f);
    if opts.profitability_check {
        profit::check(&f, code).map_err(NotCompiled::Unprofitable)?;
    }
    let mut t = Instant::now();
    let options = lower_options(&opts).quick_if(opts.quick_when_loop_free, &f);
    let mut c = lower::lower(&f, options).map_err(NotCompiled::Lowering)?;
    c.caches = crate::runtime::SiteCaches::for_code(code);
    times.lower_ns = lap(&mut t);
    Ok(c)
}

/// A compile split in two: the IR built from the bytecode and feedback on
/// the interpreter's thread (`defer`), then the passes, lowering and
/// machine code generation, which read the IR alone, on any thread
/// (`run`: `deoptless`'s background compiler), then `finish` back on the
/// interpreter's thread. The same steps as `compile`, without its
/// `inspect` and profitability check (which read the IR on the
/// interpreter's thread: with either, compile at once).
pub struct Deferred {
    ir: Func,
    /// (`quick` is decided once the IR is optimized; `verify` also checks
    /// the optimized IR.)
    options: LowerOptions,
    quick_when_loop_free: bool,
    caches: lower::CachesAddr,
    pub times: PhaseTimes,
    native: Option<Result<lower::NativeCode, NotCompiled>>,
}

/// Build the IR for a deferred compile, and the caches its code will use.
pub fn defer(
    code: &FunctionCode,
    entry: &Entry,
    opts: CompileOptions,
) -> Result<(Deferred, lower::CalleeCaches), NotCompiled> {
    let mut times = PhaseTimes::default();
    let ir = built_ir(code, entry, opts.scope(), opts.verify, &mut times)?;
    let caches = lower::CalleeCaches::for_func(&ir);
    let deferred = Deferred {
        caches: caches.addr(),
        options: lower_options(&opts),
        quick_when_loop_free: opts.quick_when_loop_free,
        ir,
        times,
        native: None,
    };
    Ok((deferred, caches))
}

impl Deferred {
    /// The passes, lowering and machine code.
    pub fn run(&mut self) {
        let ir = std::mem::take(&mut self.ir);
        let native = optimized(ir, self.options.verify, &mut self.times).and_then(|f| {
            let mut t = Instant::now();
            let options = self.options.quick_if(self.quick_when_loop_free, &f);
            let n = lower::lower_native(&f, options, self.caches).map_err(NotCompiled::Lowering);
            self.times.lower_ns = lap(&mut t);
            n
        });
        self.native = Some(native);
    }
}

/// The compiled code of a deferred compile (`run` by now), whose guards use
/// `caches` (from `defer`).
pub fn finish(
    code: &FunctionCode,
    deferred: Deferred,
    caches: lower::CalleeCaches,
) -> Result<Compiled, NotCompiled> {
    let native = deferred.native.unwrap_or_else(|| {
        Err(NotCompiled::Lowering(
            "internal error: a deferred compile did not run".into(),
        ))
    })?;
    let mut c = Compiled::new(native, caches);
    c.caches = crate::runtime::SiteCaches::for_code(code);
    Ok(c)
}

// `Deferred` crosses threads: this fails to compile if it stops being `Send`.
const _: fn() = || {
    fn send<T: Send>() {}
    send::<Deferred>();
};
