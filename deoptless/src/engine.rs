//! The engine: the tier above the interpreter. It decides when a function is
//! compiled (after `--jit-threshold` calls), runs compiled code, and handles
//! exits — in deopt mode by OSR-out to the interpreter, retiring the compiled
//! version, with a recompilation after more calls and at most 12 deopts per
//! function. It keeps the statistics and the event trace.

use crate::cleanup;
use crate::config::{Config, Mode};
use crate::context::{DeoptContext, DispatchTable, Trigger};
use crate::stats::Stats;
use compiler::build::{Entry, EntryMode};
use compiler::context::{ArgContext, ArgType, VersionTable};
use compiler::ir::{Reason, Type};
use compiler::lower::Compiled;
use compiler::runtime::{Chaos, Ctx, ExitHandler, ExitState, LazyFrame, RawExit, ST_ERROR};
use osr::osr_in::{entry_label, EntryValue};
use std::cell::RefCell;
use std::collections::HashMap;
use std::io::Write;
use std::rc::Rc;
use std::time::Instant;
use vm::bytecode::FunctionCode;
use vm::env::Env;
use vm::error::{RError, RResult};
use vm::interp::{CallSite, CountedLoop, Interp, Tier};
use vm::value::{Closure, Value};

/// After this many deoptimizations a function stays interpreted (as in Ř).
pub const MAX_DEOPTS: u32 = 12;

/// OSR-in codes compiled per loop before it gets no new ones (cached ones
/// are still entered; other entry states run in the interpreter): the
/// compilation budget deopt mode has in `MAX_DEOPTS`, enough to fill the
/// loop's cache (`MAX_OSR_ENTRIES`) twice. Without it, a loop whose entry
/// states keep changing (a local that is an int on one iteration and a
/// double on the next, entered from kept chaos fallbacks and from
/// continuations with different cleaned-up feedback) evicts and recompiles
/// its cached codes without end: 4.6 s of compilation per process in the
/// ising benchmark under random failures. (A budget of 12 per function
/// left fannkuch's last loops interpreted.)
pub const MAX_OSR_COMPILES: u32 = 2 * MAX_OSR_ENTRIES as u32;

/// At most this many compiled versions per function (contextual dispatch);
/// beyond it, calls use the generic version.
pub const MAX_VERSIONS: usize = 4;

/// A function's compiled versions and its deoptimization history.
#[derive(Default)]
struct FnInfo {
    /// The versions by argument context, each with its id.
    table: VersionTable<(usize, Rc<Compiled>)>,
    deopts: u32,
    /// `invocations` when a version was last retired (or failed to compile):
    /// the function is recompiled after `jit_threshold` more calls.
    retired_at: Option<u32>,
    /// Identifiers of the versions in `table` (for exits).
    ids: Vec<(usize, ArgContext)>,
    /// Per version id: the function's call count when it was installed and
    /// its real (not chaos) exits since, for `note_real_exit`.
    births: HashMap<usize, (u32, u32)>,
    /// Deoptless continuations, keyed by deoptimization context.
    conts: DispatchTable<Rc<Continuation>>,
    /// Contexts whose continuation failed to compile (not retried).
    failed: std::collections::HashSet<DeoptContext>,
    /// OSR-in codes compiled per loop header (`MAX_OSR_COMPILES`).
    osr_compiles: HashMap<usize, u32>,
}

impl FnInfo {
    /// Whether a new version should be compiled at this call.
    fn due(&self, calls: u32, threshold: u32) -> bool {
        self.deopts < MAX_DEOPTS
            && match self.retired_at {
                Some(at) => calls >= at.saturating_add(threshold),
                None => calls.saturating_add(1) >= threshold,
            }
    }
}

/// Hashing of `fns`'s keys (code addresses): every call of a function with
/// compiled versions looks its code up, and SipHash cost about a fifth of a
/// native entry. Addresses are distinct and not attacker-chosen; the
/// multiply spreads their aligned low bits over the high bits the table uses.
#[derive(Clone, Copy, Default)]
struct PtrHash;

#[derive(Default)]
struct PtrHasher(u64);

impl std::hash::BuildHasher for PtrHash {
    type Hasher = PtrHasher;
    fn build_hasher(&self) -> PtrHasher {
        PtrHasher(0)
    }
}

impl std::hash::Hasher for PtrHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ b as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_usize(&mut self, n: usize) {
        self.0 = (self.0 ^ n as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// The frame native code runs in: an interpreter activation's environment,
/// or none yet (a direct call from compiled code, built when observed).
pub enum Frame<'a> {
    Built(&'a Env),
    Lazy(Box<LazyFrame>),
}

/// The environment and activation depth a frameless activation built.
pub struct BuiltFrame {
    pub env: Env,
    pub depth: usize,
}

const CANNOT_ENTER: &str = "internal error: compiled code handed over to code it cannot enter";

/// A compiled deoptless continuation.
pub struct Continuation {
    pub compiled: Rc<Compiled>,
    /// Version id (exits from it carry this id).
    pub id: usize,
    /// 1 for a continuation of an origin version, n+1 for one of depth n.
    pub depth: u32,
    /// The cleaned-up feedback it was compiled with.
    pub feedback: std::collections::BTreeMap<u32, u16>,
}

/// State shared by the engine and its exit handler.
pub struct Shared {
    pub config: Config,
    fns: RefCell<HashMap<*const FunctionCode, FnInfo, PtrHash>>,
    next_version: std::cell::Cell<usize>,
    /// Reusable `any` slot arrays (and unbound flags) for native activations.
    pool: RefCell<Vec<SlotArrays>>,
    /// Reusable frame descriptions of direct calls (`LazyFrame`).
    #[allow(clippy::vec_box)] // (the boxes are what is reused)
    lazy_pool: RefCell<Vec<Box<LazyFrame>>>,
    pub stats: RefCell<Stats>,
    trace: RefCell<Option<Box<dyn Write>>>,
    chaos: Option<Rc<RefCell<Chaos>>>,
    /// `chaos` for compiled code's inline countdown (`Ctx::chaos`), computed
    /// once: a native entry only copies it.
    chaos_ptr: *mut Chaos,
    /// Code to enter next, set by an exit in code a dispatcher's trampoline
    /// entered, and taken by that trampoline.
    pending: RefCell<Option<Next>>,
    /// Continuations entered so far by the innermost dispatcher's trampoline.
    chain: std::cell::Cell<u32>,
    /// The activation resuming in the interpreter after a kept chaos
    /// fallback of trampolined code: its OSR-in hands the loop code to that
    /// trampoline (`osr_in`).
    reentry: std::cell::Cell<Option<Reentry>>,
    /// Depth of each continuation version id (absent: an origin version).
    depths: RefCell<HashMap<usize, u32>>,
    /// Entry states (with feedback) whose OSR-in code failed to compile, by
    /// (function, loop pc): not retried.
    #[allow(clippy::type_complexity)]
    osr_failed: RefCell<HashMap<(*const FunctionCode, usize), Vec<Entry>>>,
    /// OSR-in code by (function, loop header pc): the entry it was compiled
    /// for, its version id and the code. A later activation reaching the loop
    /// in the same state enters it without compiling again; an exit retires
    /// it like any version (see `exit`).
    #[allow(clippy::type_complexity)]
    osr_cache: RefCell<HashMap<(*const FunctionCode, usize), Vec<(Entry, usize, Rc<Compiled>)>>>,
}

/// One interpreter activation: its function, environment and frame depth.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Reentry {
    code: *const FunctionCode,
    env: *const vm::env::EnvFrame,
    depth: usize,
}

impl Reentry {
    fn of(code: &Rc<FunctionCode>, env: &Env, interp: &Interp) -> Reentry {
        Reentry {
            code: Rc::as_ptr(code),
            env: Rc::as_ptr(env),
            depth: interp.frames.len(),
        }
    }
}

/// What a trampoline enters next: a continuation, or OSR-in code a
/// continuation transferred to.
struct Next {
    version: usize,
    compiled: Rc<Compiled>,
    inputs: Vec<Option<EntryValue>>,
    /// Set by an exit inside a continuation: the chain of continuations
    /// (`--deoptless-depth`) goes on; otherwise it starts again.
    chains: bool,
}

pub struct Engine {
    pub shared: Rc<Shared>,
}

/// A native activation's `Ctx::anys`, `Ctx::unbound` and `Ctx::entry`,
/// emptied, kept for the next activation (a native call is cheap only if
/// its entry does not allocate).
type SlotArrays = (Vec<Value>, Vec<bool>, Vec<u64>);

/// A compiled version's entry parameters: the `any` slot and type of each.
type EntryParams = [(u32, compiler::ir::Type)];

impl Engine {
    pub fn new(config: Config, trace: Option<Box<dyn Write>>) -> Engine {
        let chaos = (config.chaos > 0.0)
            .then(|| Rc::new(RefCell::new(Chaos::new(config.chaos, config.seed))));
        let stats = Stats {
            mode: format!("{:?}", config.mode).to_lowercase(),
            chaos: config.chaos,
            seed: config.seed,
            ..Stats::default()
        };
        Engine {
            shared: Rc::new(Shared {
                config,
                fns: RefCell::new(HashMap::default()),
                next_version: std::cell::Cell::new(0),
                pool: RefCell::new(Vec::new()),
                lazy_pool: RefCell::new(Vec::new()),
                stats: RefCell::new(stats),
                trace: RefCell::new(trace),
                // A pointer into the RefCell, which `chaos` keeps alive with
                // the engine; nothing borrows the cell while native code runs.
                chaos_ptr: chaos
                    .as_ref()
                    .map_or(std::ptr::null_mut(), |ch| ch.as_ptr()),
                chaos,
                osr_failed: RefCell::new(Default::default()),
                osr_cache: RefCell::new(HashMap::new()),
                depths: RefCell::new(HashMap::new()),
                pending: RefCell::new(None),
                chain: std::cell::Cell::new(0),
                reentry: std::cell::Cell::new(None),
            }),
        }
    }
}

impl Shared {
    /// For `--dump feedback`: the feedback each continuation was compiled with
    /// where it differs from the baseline (the cleanup's overrides, stale marks
    /// shown as `STALE`).
    pub fn dump_continuation_feedback(&self) -> String {
        let fns = self.fns.borrow();
        let mut rows: Vec<String> = Vec::new();
        for (&key, info) in fns.iter() {
            // SAFETY: keys are pointers to FunctionCode kept alive by the program's closures.
            let name = unsafe { &(*key).name };
            for (ctx, cont) in &info.conts.entries {
                rows.push(format!(
                    "continuation v{} of {} at pc {} ({}): {}\n",
                    cont.id,
                    name,
                    ctx.pc,
                    ctx.reason.name(),
                    cleanup::describe(&cont.feedback)
                ));
            }
        }
        rows.sort();
        rows.concat()
    }

    /// `--dump contexts`: each function's dispatch tables.
    pub fn dump_contexts(&self) -> String {
        let mut out = String::new();
        let fns = self.fns.borrow();
        let mut rows: Vec<(String, String)> = Vec::new();
        for (&key, info) in fns.iter() {
            if info.conts.is_empty() && info.failed.is_empty() {
                continue;
            }
            // SAFETY: keys are pointers to FunctionCode kept alive by the program's closures.
            let name = unsafe { &(*key).name }.to_string();
            let mut s = String::new();
            for (k, (ctx, cont)) in info.conts.entries.iter().enumerate() {
                s.push_str(&format!(
                    "  {}. {}  [continuation v{}, depth {}]\n     feedback: {}\n",
                    k + 1,
                    ctx,
                    cont.id,
                    cont.depth,
                    cleanup::describe(&cont.feedback)
                ));
            }
            for ctx in &info.failed {
                s.push_str(&format!("  -  {}  [not compiled]\n", ctx));
            }
            rows.push((name, s));
        }
        rows.sort();
        for (name, s) in rows {
            out.push_str(&format!("dispatch table of {}:\n{}", name, s));
        }
        // The loop code continuations transfer to (and OSR-in enters).
        let mut loops: Vec<String> = Vec::new();
        for (&(key, pc), codes) in self.osr_cache.borrow().iter() {
            // SAFETY: as above.
            let name = unsafe { &(*key).name };
            for (entry, id, _) in codes {
                loops.push(format!(
                    "  {} pc {}: {}  [v{}]\n     feedback: {}\n",
                    name,
                    pc,
                    entry_label(entry),
                    id,
                    cleanup::describe(&entry.feedback)
                ));
            }
        }
        if !loops.is_empty() {
            loops.sort();
            out.push_str("cached loop code (OSR-in, transfer targets):\n");
            out.push_str(&loops.concat());
        }
        out
    }

    /// Write one trace event; the JSON is only built when tracing (exits and
    /// dispatches are on a microsecond path).
    fn event(&self, json: impl FnOnce() -> serde_json::Value) {
        if let Some(w) = self.trace.borrow_mut().as_mut() {
            let _ = writeln!(w, "{}", json());
        }
    }

    /// Compile `code` for argument context `ctx`; `None` if the compiler does not handle it.
    fn compile(&self, code: &FunctionCode, ctx: &ArgContext) -> Option<Rc<Compiled>> {
        let c = self.compile_entry(
            code,
            &Entry::call(code, ctx),
            &ctx.to_string(),
            CompileKind::Version,
        )?;
        let mut st = self.stats.borrow_mut();
        st.functions_compiled += 1;
        st.compile_ns_total += c.1;
        Some(c.0)
    }

    /// Compile `code` entered at `entry` (`label` describes the entry in events);
    /// the compiled code and the compile time in ns.
    fn compile_entry(
        &self,
        code: &FunctionCode,
        entry: &Entry,
        label: &str,
        kind: CompileKind,
    ) -> Option<(Rc<Compiled>, u64)> {
        let event = kind.event();
        let t0 = Instant::now();
        let mut times = compiler::pipeline::PhaseTimes::default();
        let opts = compiler::pipeline::CompileOptions {
            chaos: self.chaos.is_some(),
            verify: cfg!(debug_assertions),
            disasm: self.config.dump_native,
            // A continuation's alternative is a deopt, never cheaper.
            profitability_check: self.config.profitability_check
                && kind != CompileKind::Continuation,
            // Loop-free code (a continuation up to the next loop header)
            // runs briefly: compile it quickly.
            quick_when_loop_free: entry.transfer_at_loop_headers,
        };
        let result = compiler::pipeline::compile(code, entry, opts, &mut times, |f| {
            if self.config.dump_ir {
                eprintln!(
                    "; IR of {} ({}, entry pc {}: {})\n{}",
                    code.name,
                    event,
                    entry.pc,
                    label,
                    compiler::print::print_func(f)
                );
            }
        });
        let ns = t0.elapsed().as_nanos() as u64;
        match result {
            Ok(c) => {
                if let Some(text) = &c.disasm {
                    eprintln!("; native code of {} {}\n{}", code.name, label, text);
                }
                if self.config.perf_map {
                    perf_map_entry(&c, &code.name, kind, label, entry.pc);
                }
                self.event(|| {
                    serde_json::json!({"event": event, "function": code.name, "pc": entry.pc,
                                              "context": label, "ns": ns, "build_ns": times.build_ns,
                                              "optimize_ns": times.optimize_ns, "lower_ns": times.lower_ns,
                                              "ir_insts": times.ir_insts, "code_bytes": c.code_size})
                });
                Some((Rc::new(c), ns))
            }
            Err(why) => {
                if let (true, compiler::pipeline::NotCompiled::Invalid { ir, .. }) =
                    (self.config.dump_ir, &why)
                {
                    eprintln!(
                        "; IR of {} ({}, entry pc {}: {}), invalid: {}\n{}",
                        code.name,
                        event,
                        entry.pc,
                        label,
                        why,
                        compiler::print::print_func(ir)
                    );
                }
                self.event(|| serde_json::json!({"event": "not_compiled", "function": code.name, "pc": entry.pc,
                                              "context": label, "reason": why.to_string()}));
                None
            }
        }
    }

    /// The compiled version to run for a call with arguments `args` (the
    /// parameter slots), compiling when due. Dispatch compares the argument
    /// values with each version's context directly; an `ArgContext` is built
    /// only to compile one (a call of compiled code allocates nothing here).
    fn version_for(
        &self,
        code: &FunctionCode,
        nargs: usize,
        arg_type: impl Fn(usize) -> ArgType,
    ) -> Option<(usize, Rc<Compiled>)> {
        let key = code as *const FunctionCode;
        let calls = code.invocations.get();
        let threshold = self.config.jit_threshold;
        let mut fns = self.fns.borrow_mut();
        use std::collections::hash_map::Entry as Slot;
        let info = match fns.entry(key) {
            Slot::Occupied(o) => o.into_mut(),
            Slot::Vacant(_) if calls.saturating_add(1) < threshold => return None,
            Slot::Vacant(v) => v.insert(FnInfo::default()),
        };
        if info.table.is_empty() && !info.due(calls, threshold) {
            return None;
        }
        let admits = |c: &ArgContext| {
            c.args.len() == nargs && c.args.iter().enumerate().all(|(k, t)| arg_type(k).fits(*t))
        };
        // The first admitting version, as `VersionTable::dispatch` orders them.
        if let Some((_, (id, v))) = info.table.versions.iter().find(|(c, _)| admits(c)) {
            return Some((*id, v.clone()));
        }
        if !info.due(calls, threshold) {
            return None;
        }
        let ctx = &ArgContext {
            args: (0..nargs).map(&arg_type).collect(),
        };
        // A new version for this context, or the generic one when the table is full.
        let target = if info.table.len() + 1 < MAX_VERSIONS {
            ctx.clone()
        } else {
            ArgContext::generic(ctx.args.len())
        };
        drop(fns);
        let compiled = self.compile(code, &target);
        let mut fns = self.fns.borrow_mut();
        let info = fns.entry(key).or_default();
        match compiled {
            Some(c) => {
                let id = self.next_version.get();
                self.next_version.set(id + 1);
                info.table.insert(target.clone(), (id, c.clone()));
                code.calls_want_frame.set(false);
                info.ids.push((id, target));
                info.births.insert(id, (calls, 0));
                Some((id, c))
            }
            None => {
                // Often a lack of feedback (a first call): retry after more calls,
                // counting the failure like a deoptimization.
                info.deopts += 1;
                info.retired_at = Some(calls);
                None
            }
        }
    }
}

impl Shared {
    /// Run `compiled` (version `version` of `code`) in `env`; `fill` writes
    /// its entry parameters (`compiled.params`: slot and type of each) into
    /// the `any` slots and the entry words, or returns false when one has no
    /// value: then `None` (left to the interpreter).
    #[allow(clippy::too_many_arguments)]
    pub fn run_native(
        &self,
        handler: Rc<dyn ExitHandler>,
        interp: &mut Interp,
        code: &Rc<FunctionCode>,
        frame: Frame<'_>,
        version: usize,
        compiled: &Compiled,
        fill: impl FnOnce(&EntryParams, &mut [Value], &mut Vec<u64>, &[Value]) -> bool,
        trampolined: bool,
        entering: impl FnOnce(),
    ) -> Option<(RResult<Value>, Option<BuiltFrame>)> {
        // Slot arrays are reused across activations (a native call is cheap only
        // if its entry does not allocate).
        let (mut anys, mut unbound, mut entry) = self.pool.borrow_mut().pop().unwrap_or_default();
        // (Built, not cloned: `resize` clones its fill value per element,
        // through `Value`'s general clone, which showed in call profiles.)
        anys.truncate(compiled.nslots);
        let missing = compiled.nslots - anys.len();
        anys.extend(std::iter::repeat_with(|| Value::Null).take(missing));
        unbound.resize(compiled.nslots, false);
        let (env, lazy) = match frame {
            Frame::Built(env) => (Some(env.clone()), None),
            Frame::Lazy(lazy) => (None, Some(lazy)),
        };
        let args = lazy.as_ref().map_or(&[][..], |l| &l.args[..]);
        if !fill(&compiled.params, &mut anys, &mut entry, args) {
            push_slot_arrays(&mut self.pool.borrow_mut(), anys, unbound, entry);
            return None;
        }
        let mut ctx = Ctx {
            interp: interp as *mut Interp,
            code: code.clone(),
            env,
            lazy,
            unbound,
            anys,
            result: None,
            error: None,
            exits: compiled.exits.clone(),
            handler,
            chaos: self.chaos_ptr,
            trampolined,
            version,
            entry,
            vec_len: 0,
            word: 0,
            ret_kind: compiler::runtime::RET_BOXED,
            ret_word: 0,
            anys_ptr: std::ptr::null_mut(),
            unbound_ptr: std::ptr::null_mut(),
            call_state: 0,
            call_buf: std::ptr::null_mut(),
            prev: interp
                .native_top
                .map_or(std::ptr::null_mut(), |(p, _)| p as *mut Ctx),
        };
        ctx.anys_ptr = ctx.anys.as_mut_ptr();
        ctx.unbound_ptr = ctx.unbound.as_mut_ptr();
        entering();
        // The chain of running compiled activations, for observers of their
        // frames (`Interp::sync_frame`).
        let outer_native = interp.native_top.replace((
            &mut ctx as *mut Ctx as *mut u8,
            compiler::runtime::sync_frames as unsafe fn(*mut u8, &vm::env::Env),
        ));
        // An activation without a frame is the one `observe_frames` builds
        // while its code runs. (One with a frame leaves `lazy_top` as it is:
        // whatever it names is alive below it, and built.)
        let status = if ctx.env.is_none() {
            let outer = interp.lazy_top.replace((
                &mut ctx as *mut Ctx as *mut u8,
                Ctx::build_frame as unsafe fn(*mut u8),
            ));
            let status = (compiled.entry)(&mut ctx as *mut Ctx);
            interp.lazy_top = outer;
            status
        } else {
            (compiled.entry)(&mut ctx as *mut Ctx)
        };
        interp.native_top = outer_native;
        let result = if status == ST_ERROR {
            Err(ctx.error.take().unwrap_or_else(|| {
                RError::new("internal error: compiled code failed without an error")
            }))
        } else {
            Ok(ctx.take_result())
        };
        push_slot_arrays(
            &mut self.pool.borrow_mut(),
            std::mem::take(&mut ctx.anys),
            std::mem::take(&mut ctx.unbound),
            std::mem::take(&mut ctx.entry),
        );
        // The frame a frameless activation built on the way (its activation
        // is still pushed: the caller pops it).
        let built = ctx.lazy.take().and_then(|mut lazy| {
            let depth = lazy.depth.take();
            lazy.args.clear();
            lazy.closure = None;
            self.lazy_pool.borrow_mut().push(lazy);
            Some(BuiltFrame {
                env: ctx.env.take()?,
                depth: depth?,
            })
        });
        Some((result, built))
    }
}

impl Tier for Engine {
    fn enter(&self, interp: &mut Interp, clo: &Rc<Closure>, env: &Env) -> Option<RResult<Value>> {
        let code = &clo.code;
        let (version, compiled) = {
            let slots = env.slots.borrow();
            let args = &slots[..code.nparams];
            self.shared.version_for(code, args.len(), |k| {
                args[k].as_ref().map_or(ArgType::Any, ArgType::of)
            })?
        };
        // Parameter k is local slot k, cloned straight into its `any` slot
        // (a function entry's parameters are all boxed). The borrow of the
        // frame ends before native code runs.
        let fill = |params: &EntryParams, anys: &mut [Value], _: &mut Vec<u64>, _: &[Value]| {
            let slots = env.slots.borrow();
            for (k, &(slot, ty)) in params.iter().enumerate() {
                match slots.get(k) {
                    Some(Some(v)) if ty == compiler::ir::Type::Any => {
                        anys[slot as usize].clone_from(v)
                    }
                    _ => return false,
                }
            }
            true
        };
        let r = self
            .shared
            .run_native(
                self.shared.clone(),
                interp,
                code,
                Frame::Built(env),
                version,
                &compiled,
                fill,
                false,
                || {},
            )
            .map(|(r, _)| r);
        r.map(|r| {
            self.shared
                .go_on_pending(self.shared.clone(), interp, code, env, r)
        })
    }

    fn osr_in(
        &self,
        interp: &mut Interp,
        code: &Rc<FunctionCode>,
        env: &Env,
        pc: usize,
        stack: &[Value],
        loops: &[CountedLoop],
    ) -> Option<RResult<Value>> {
        self.shared.osr_in(interp, code, env, pc, stack, loops)
    }
}

impl Shared {
    /// After an activation's entry code returned `r`: if a transfer exit (a
    /// `for` loop over polymorphic values, the builder's `guarded_transfer`)
    /// handed over to loop code typed by the values, go on in it,
    /// trampolined like a continuation.
    fn go_on_pending(
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

    /// OSR-in: compile a continuation of `code` from the loop header `pc`, typed
    /// by the current values, and run the rest of the activation in it. The
    /// code is cached (at most `MAX_OSR_ENTRIES` entry states per loop): a
    /// function called a few times, each call running a long loop, compiles
    /// it once. Its next call is still compiled from its entry as usual once
    /// due (one entry point per version, as in Ř).
    fn osr_in(
        self: &Rc<Self>,
        interp: &mut Interp,
        code: &Rc<FunctionCode>,
        env: &Env,
        pc: usize,
        stack: &[Value],
        loops: &[CountedLoop],
    ) -> Option<RResult<Value>> {
        let (version, compiled, inputs) =
            self.osr_code(code, env, pc, stack, loops, Default::default())?;
        self.stats.borrow_mut().osr_in += 1;
        if self.reentry.get() == Some(Reentry::of(code, env, interp)) {
            // The activation resumed from a kept chaos fallback of code a
            // trampoline runs: that trampoline enters the loop code once the
            // exited code returns (with this dummy result), instead of a new
            // native frame on top of the dead one at every such fallback.
            self.reentry.set(None);
            *self.pending.borrow_mut() = Some(Next {
                version,
                compiled,
                inputs,
                chains: false,
            });
            return Some(Ok(Value::Null));
        }
        self.run_trampolined(
            self.clone(),
            interp,
            code,
            env,
            version,
            compiled,
            inputs,
            || {},
        )
    }

    /// The OSR-in code of `code`'s loop at `pc` for the state (env's locals,
    /// `stack`, `loops`) and feedback overrides (a continuation's cleaned-up
    /// feedback when it transfers; none from the interpreter): cached, or
    /// compiled and cached; with its version id and entry values. `None`:
    /// not compilable here, or the function stays interpreted (MAX_DEOPTS).
    #[allow(clippy::type_complexity)]
    fn osr_code(
        &self,
        code: &Rc<FunctionCode>,
        env: &Env,
        pc: usize,
        stack: &[Value],
        loops: &[CountedLoop],
        feedback: std::collections::BTreeMap<u32, u16>,
    ) -> Option<(usize, Rc<Compiled>, Vec<Option<EntryValue>>)> {
        let key = Rc::as_ptr(code);
        let (exhausted, over_budget) = self.fns.borrow().get(&key).map_or((false, false), |i| {
            let compiles = i.osr_compiles.get(&pc).copied().unwrap_or(0);
            (i.deopts >= MAX_DEOPTS, compiles >= MAX_OSR_COMPILES)
        });
        if exhausted {
            return None;
        }
        let (mut entry, inputs) = osr::osr_in::entry_state(code, env, pc, stack, loops)?;
        entry.feedback = feedback;
        if self
            .osr_failed
            .borrow()
            .get(&(key, pc))
            .is_some_and(|failed| failed.contains(&entry))
        {
            return None;
        }
        let cached = self.osr_cache.borrow().get(&(key, pc)).and_then(|codes| {
            codes
                .iter()
                .find(|(e, _, _)| *e == entry)
                .map(|(_, id, c)| (*id, c.clone()))
        });
        // The event's label is built only when tracing (a kept chaos
        // fallback comes back here at every exit).
        let osr_event = |label: &dyn Fn() -> String, reused: bool| {
            self.event(|| {
                serde_json::json!({"event": "osr_in", "function": code.name, "pc": pc,
                                   "context": label(), "reused": reused})
            })
        };
        let (version, compiled) = match cached {
            Some(hit) => {
                self.stats.borrow_mut().osr_reused += 1;
                osr_event(&|| entry_label(&entry), true);
                hit
            }
            None if over_budget => return None,
            None => {
                *self
                    .fns
                    .borrow_mut()
                    .entry(key)
                    .or_default()
                    .osr_compiles
                    .entry(pc)
                    .or_default() += 1;
                let label = entry_label(&entry);
                let Some((compiled, ns)) =
                    self.compile_entry(code, &entry, &label, CompileKind::OsrIn)
                else {
                    self.osr_failed
                        .borrow_mut()
                        .entry((key, pc))
                        .or_default()
                        .push(entry);
                    return None;
                };
                osr_event(&|| label.clone(), false);
                self.stats.borrow_mut().compile_ns_total += ns;
                let id = self.next_version.get();
                self.next_version.set(id + 1);
                let mut cache = self.osr_cache.borrow_mut();
                let codes = cache.entry((key, pc)).or_default();
                if codes.len() >= MAX_OSR_ENTRIES {
                    codes.remove(0);
                }
                codes.push((entry, id, compiled.clone()));
                (id, compiled)
            }
        };
        Some((version, compiled, inputs))
    }

    /// A continuation reached a loop header (`Reason::Transfer`): go on in
    /// the loop's OSR-in code, entered by the trampoline that runs the
    /// continuation; without OSR-in code, in the interpreter (not a deopt).
    fn transfer(&self, interp: &mut Interp, c: &mut Ctx, raw: &RawExit) -> RResult<Value> {
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
        let next = self.osr_code(&c.code, &st.env, pc, &st.stack, &st.loops, feedback);
        match next {
            Some((version, compiled, inputs)) => {
                *self.pending.borrow_mut() = Some(Next {
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

/// Keep an activation's slot arrays, emptied (so they keep no value alive),
/// for the next one. Written in place, field by field: pushing the tuple
/// built it on the stack and copied it with wide loads of narrow stores (a
/// store-forwarding stall per call).
fn push_slot_arrays(
    pool: &mut Vec<SlotArrays>,
    mut anys: Vec<Value>,
    mut unbound: Vec<bool>,
    mut entry: Vec<u64>,
) {
    anys.clear();
    unbound.clear();
    entry.clear();
    pool.reserve(1);
    let n = pool.len();
    // SAFETY: capacity for one more element was reserved; all three fields
    // are written before the length covers the element.
    unsafe {
        let p = pool.as_mut_ptr().add(n);
        std::ptr::addr_of_mut!((*p).0).write(anys);
        std::ptr::addr_of_mut!((*p).1).write(unbound);
        std::ptr::addr_of_mut!((*p).2).write(entry);
        pool.set_len(n + 1);
    }
}

/// A `run_native` filler for entry values given in parameter order: boxed
/// values into `any` parameters' slots, native words into unboxed ones'
/// entry words.
fn fill_entry_values(
    inputs: Vec<Option<EntryValue>>,
) -> impl FnOnce(&EntryParams, &mut [Value], &mut Vec<u64>, &[Value]) -> bool {
    move |params, anys, entry, _| {
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

/// Calls after which a version that exited on nearly every one is retired
/// (`note_real_exit`).
pub const STALE_AFTER_CALLS: u32 = 10;

/// Real exits on a dead-branch assumption after which the version is
/// retired if they came at least once in `LIVE_BRANCH_RATE` calls
/// (`note_real_exit`).
pub const LIVE_BRANCH_EXITS: u32 = 20;
/// See `LIVE_BRANCH_EXITS`.
pub const LIVE_BRANCH_RATE: u32 = 32;

/// OSR-in codes kept per loop (entry states differ by the types of the
/// values at the loop header).
pub const MAX_OSR_ENTRIES: usize = 4;

impl ExitHandler for Shared {
    fn call_direct(
        &self,
        interp: &mut Interp,
        caller: &mut Ctx,
        clo: &Rc<Closure>,
        args: &[u32],
        call: u32,
    ) -> Option<RResult<Value>> {
        if !self.config.direct_calls {
            return None;
        }
        let code = &clo.code;
        let (version, compiled) = self.version_for(code, args.len(), |k| {
            ArgType::of(caller.operand_ref(args[k]))
        })?;
        if compiled.params.len() != args.len()
            || compiled.params.iter().any(|&(_, ty)| ty != Type::Any)
        {
            return None;
        }
        if compiled.wants_frame() {
            // (Until the function is compiled again: a new version is tried
            // without a frame; `install_version` clears the flag.)
            code.calls_want_frame.set(true);
            return None;
        }
        compiled
            .direct_calls
            .set(compiled.direct_calls.get().saturating_add(1));
        self.stats.borrow_mut().direct_calls += 1;
        if let Err(e) = interp.begin_native_call() {
            return Some(Err(e));
        }
        let mut lazy = self.lazy_pool.borrow_mut().pop().unwrap_or_default();
        lazy.closure = Some(clo.clone());
        lazy.parent = caller as *mut Ctx;
        lazy.call = call;
        lazy.args
            .extend(args.iter().map(|&s| caller.take_operand(s)));
        // Each parameter's `any` slot gets the argument (the frame, if it is
        // ever built, binds the arguments as passed).
        let fill = |params: &EntryParams, anys: &mut [Value], _: &mut Vec<u64>, args: &[Value]| {
            for (&(slot, _), v) in params.iter().zip(args) {
                anys[slot as usize].clone_from(v);
            }
            true
        };
        let handler = caller.handler.clone();
        let ran = self.run_native(
            handler.clone(),
            interp,
            code,
            Frame::Lazy(lazy),
            version,
            &compiled,
            fill,
            false,
            || {},
        );
        let r = match ran {
            Some((r, Some(built))) => {
                compiled
                    .frames_built
                    .set(compiled.frames_built.get().saturating_add(1));
                self.stats.borrow_mut().direct_frames_built += 1;
                // Like `Engine::enter`: a transfer exit hands over to loop
                // code (its exit built the frame).
                let r = self.go_on_pending(handler, interp, code, &built.env, r);
                let r = interp.pop_activation(built.depth, &built.env, r);
                interp.recycle_frame(built.env);
                r
            }
            Some((mut r, None)) => {
                if let Err(e) = &mut r {
                    if let Some(name) =
                        vm::interp::site_name(&CallSite::Code(caller.code.clone(), call))
                    {
                        e.trace.push(name);
                    }
                }
                r
            }
            None => Err(RError::new(CANNOT_ENTER)),
        };
        interp.end_native_call(code);
        Some(r)
    }

    fn dispatch(&self, interp: &mut Interp, c: &mut Ctx, raw: &RawExit) -> Option<RResult<Value>> {
        if raw.info.reason == Reason::Transfer {
            return Some(self.transfer(interp, c, raw));
        }
        // The frame holds the locals, not the exit buffer: the interpreter
        // goes on from it (no continuation is specialized on stale words).
        let frame_holds_locals = raw.info.reason == Reason::FrameObserved && !raw.chaos;
        {
            let mut s = self.stats.borrow_mut();
            s.exits += 1;
            if raw.chaos {
                s.chaos_exits += 1;
            }
        }
        // Writing the trace line is observability, not exit cost: it is
        // subtracted from the dispatch latency.
        let t = Instant::now();
        self.event(|| serde_json::json!({
            "event": "exit", "function": c.code.name, "pc": raw.info.pc, "reason": raw.info.reason.name(),
            "chaos": raw.chaos, "exit": raw.id,
        }));
        let trace_ns = if self.trace.borrow().is_some() {
            t.elapsed().as_nanos() as u64
        } else {
            0
        };
        if self.config.mode != Mode::Deoptless || frame_holds_locals {
            return None;
        }
        match self.deoptless(interp, c, raw, trace_ns) {
            Ok(r) => Some(r),
            Err(why) => {
                *self
                    .stats
                    .borrow_mut()
                    .deoptless_fallbacks
                    .entry(why.name().to_string())
                    .or_default() += 1;
                self.event(|| {
                    serde_json::json!({"event": "deoptless_fallback", "function": c.code.name,
                                              "pc": raw.info.pc, "why": why.name()})
                });
                None
            }
        }
    }

    fn exit(&self, interp: &mut Interp, st: ExitState) -> RResult<Value> {
        debug_assert!(matches!(self.config.mode, Mode::Deopt | Mode::Deoptless));
        // Deoptimize: feed the trigger back, retire the version, finish in the interpreter.
        osr::deopt::record_trigger(&st);
        let key = Rc::as_ptr(&st.code);
        // Deoptless keeps the code when a chaos exit falls back to the
        // interpreter: its fact held, so the code (an origin version, its
        // cached loop code, a continuation) is still right, and other
        // contexts still dispatch from it to their continuations. Nothing is
        // retired or recompiled, so it does not count toward MAX_DEOPTS. A
        // real failure that falls back (the table is full, say) retires the
        // code as in deopt mode: the baseline feedback now knows better, and
        // kept code would fail at the same check on every later run (a
        // function's end that OSR-in code never saw, an inlined function
        // redefined), each failure a deopt, until MAX_DEOPTS leaves the
        // function interpreted.
        let keep = self.config.mode == Mode::Deoptless && st.chaos;
        let deopts = {
            let mut fns = self.fns.borrow_mut();
            let info = fns.entry(key).or_default();
            if !keep {
                // Retire the version that exited; the others stay dispatchable.
                if let Some(pos) = info.ids.iter().position(|(id, _)| *id == st.version) {
                    let (_, ctx) = info.ids.remove(pos);
                    info.table.remove(&ctx);
                }
                // OSR-in code is a version too.
                for codes in self.osr_cache.borrow_mut().values_mut() {
                    codes.retain(|(_, id, _)| *id != st.version);
                }
                // A continuation whose assumption really failed leaves its
                // dispatch table.
                info.conts.entries.retain(|(_, k)| k.id != st.version);
                info.deopts += 1;
                // Compiled again after `jit_threshold` more calls. (Not after
                // a kept chaos exit: a function with one every few calls
                // would never be compiled at its entry.)
                info.retired_at = Some(st.code.invocations.get());
            }
            if info.deopts >= MAX_DEOPTS {
                // The function stays interpreted from now on, as in deopt
                // mode: kept origin versions would only exit again, each
                // exit a fallback.
                info.table = Default::default();
                info.ids.clear();
                self.osr_cache
                    .borrow_mut()
                    .retain(|&(code, _), _| code != key);
            }
            info.deopts
        };
        self.stats.borrow_mut().deopts += 1;
        // Exit cost: from the failing check to the interpreter about to resume.
        let exit_ns = st.started.elapsed().as_nanos() as u64;
        self.stats.borrow_mut().exit_ns_total += exit_ns;
        self.event(|| serde_json::json!({"event": "deopt", "function": st.code.name, "pc": st.pc, "deopts": deopts, "exit_ns": exit_ns}));
        // Deoptless kept the function's code: the activation goes back to
        // native loop code at its next loop iteration (cached OSR-in code),
        // entered by the trampoline that ran the exited code if there is one.
        let back = keep && deopts < MAX_DEOPTS;
        interp.osr_soon = back;
        let reentry = (back && st.trampolined).then(|| Reentry::of(&st.code, &st.env, interp));
        let outer = self.reentry.replace(reentry);
        let r = osr::deopt::resume_in_interpreter(interp, st);
        self.reentry.set(outer);
        r
    }
}

/// The type a context gives exit-buffer word `k` (`None`: unbound).
fn word_type(c: &Ctx, raw: &RawExit, k: usize) -> Option<ArgType> {
    let w = raw.words[k];
    Some(match raw.info.types[k] {
        Type::Int if w as u32 as i32 == vm::value::NA_INTEGER => ArgType::Any,
        Type::Int => ArgType::Int,
        Type::Dbl => ArgType::Dbl,
        Type::Lgl | Type::Bool => ArgType::Lgl,
        Type::Cplx => ArgType::Cplx,
        _ => return raw.any(c, k).map(ArgType::of),
    })
}

/// The entry value of a continuation parameter of context type `t` from word `k`.
fn entry_value(c: &Ctx, raw: &RawExit, k: usize, t: ArgType) -> Option<EntryValue> {
    let w = raw.words[k];
    let native = raw.info.types[k] != Type::Any;
    let unboxed = matches!(t, ArgType::Int | ArgType::Dbl | ArgType::Lgl);
    Some(match (native, unboxed) {
        (true, true) => EntryValue::Word(match raw.info.types[k] {
            Type::Dbl => w,
            Type::Bool => w & 1,
            _ => w & 0xffff_ffff,
        }),
        (false, true) => EntryValue::Word(match raw.any(c, k)? {
            Value::Int(x) | Value::Lgl(x) => *x as u32 as u64,
            Value::Dbl(x) => x.to_bits(),
            _ => return None,
        }),
        (_, false) => EntryValue::Value(raw.value(c, k)?),
    })
}

/// What a compilation makes: a function's version (from its entry), OSR-in
/// code (from a loop header), or a deoptless continuation (from an exit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompileKind {
    Version,
    OsrIn,
    Continuation,
}

impl CompileKind {
    /// The trace event a successful compilation writes.
    pub fn event(self) -> &'static str {
        match self {
            CompileKind::Version => "compile",
            CompileKind::OsrIn => "osr_compile",
            CompileKind::Continuation => "continuation_compiled",
        }
    }
}

/// Why an exit in deoptless mode falls back to a real deoptimization (the
/// `deoptless_fallback` event's `why`, the stats' `deoptless_fallbacks` keys).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fallback {
    /// An exit inside a continuation beyond `--deoptless-depth`.
    ExitInContinuation,
    /// A call target really changed (a redefinition): retire, as deopt does.
    CallTarget,
    /// A transfer to loop code that could not be entered.
    Transfer,
    /// The exit's state is larger than a context describes.
    StateTooLarge,
    /// The continuation the dispatch chose is the code that exited.
    NoProgress,
    /// No continuation could be compiled for the context.
    CompileFailed,
    /// The function's compilation budget is spent.
    TooManyDeopts,
    /// The dispatch table is full and no entry fits.
    TableFull,
    /// A stack value of the exit is an unbound marker (no context type).
    UnboundStackValue,
    /// An entry value of the continuation is missing from the exit state.
    MissingEntryValue,
}

impl Fallback {
    pub fn name(self) -> &'static str {
        match self {
            Fallback::ExitInContinuation => "exit_in_continuation",
            Fallback::CallTarget => "call_target",
            Fallback::Transfer => "transfer",
            Fallback::StateTooLarge => "state_too_large",
            Fallback::NoProgress => "no_progress",
            Fallback::CompileFailed => "compile_failed",
            Fallback::TooManyDeopts => "too_many_deopts",
            Fallback::TableFull => "table_full",
            Fallback::UnboundStackValue => "unbound_stack_value",
            Fallback::MissingEntryValue => "missing_entry_value",
        }
    }
}

impl Shared {
    /// Deoptless: dispatch the exit to a continuation specialized for its
    /// context, compiling one when the table has none (or only a less specific
    /// one and is under half full). `Err(why)` falls back to a real deopt.
    fn deoptless(
        &self,
        interp: &mut Interp,
        c: &mut Ctx,
        raw: &RawExit,
        trace_ns: u64,
    ) -> Result<RResult<Value>, Fallback> {
        let info = raw.info;
        // An exit inside a continuation dispatches again only while this
        // activation's chain of continuations is within --deoptless-depth.
        // (An exit in OSR-in code a continuation transferred to is not one:
        // that code is an origin version; it only reuses the trampoline.)
        let in_continuation = self.depths.borrow().contains_key(&c.version);
        let depth = if in_continuation {
            self.chain.get() + 1
        } else {
            0
        };
        if depth > self.config.deoptless_depth {
            return Err(Fallback::ExitInContinuation);
        }
        let chained = in_continuation || c.trampolined;
        let trigger = match info.reason {
            Reason::TypeCheck => Trigger::Type(
                info.feedback
                    .and_then(|(_, k)| word_type(c, raw, k))
                    .unwrap_or(ArgType::Any),
            ),
            // (Only a chaos exit: a real one is not dispatched, see `dispatch`.)
            Reason::DeadBranch | Reason::FrameObserved => Trigger::Branch,
            Reason::Overflow => Trigger::Overflow,
            // A function was redefined: a global assumption of the version
            // changed, so it deoptimizes (and is retired, see `exit`). A
            // chaos failure of the guard dispatches like any other exit.
            Reason::CallTarget if !raw.chaos => return Err(Fallback::CallTarget),
            Reason::CallTarget => Trigger::Callee,
            // Handled before dispatching (`transfer`).
            Reason::Transfer => return Err(Fallback::Transfer),
        };
        if info.nstack > crate::context::MAX_STACK || info.locals.len() > crate::context::MAX_LOCALS
        {
            return Err(Fallback::StateTooLarge);
        }
        // The context, straight from the exit buffer (no values are rebuilt).
        let mut k = 0;
        let mut stack = Vec::with_capacity(info.nstack);
        for _ in 0..info.nstack {
            stack.push(word_type(c, raw, k).ok_or(Fallback::UnboundStackValue)?);
            k += 1;
        }
        let mut locals = Vec::with_capacity(info.locals.len());
        for &present in &info.locals {
            if present {
                locals.push(word_type(c, raw, k));
                k += 1;
            } else {
                locals.push(None);
            }
        }
        let cur = DeoptContext {
            pc: info.pc,
            reason: info.reason,
            trigger,
            stack,
            locals,
            loop_steps: info.loop_steps.clone(),
        };
        let key = Rc::as_ptr(&c.code);
        if !raw.chaos {
            self.note_real_exit(&c.code, c.version, &cur, raw, c);
        }
        let cap = self.config.max_continuations;
        // Look up; decide whether to compile.
        let (found, compile) = {
            let fns = self.fns.borrow();
            let fi = fns.get(&key);
            // (the entry's context is exactly the current one, its continuation)
            let found = fi
                .and_then(|fi| fi.conts.dispatch(&cur))
                .map(|(ctx, k)| (ctx.clone(), k.clone()));
            let len = fi.map_or(0, |fi| fi.conts.len());
            let failed = fi.is_some_and(|fi| fi.failed.contains(&cur));
            // After MAX_DEOPTS deoptimizations of the function no new
            // continuations are compiled (cached ones are still used).
            let exhausted = fi.is_some_and(|fi| fi.deopts >= MAX_DEOPTS);
            let compile = match &found {
                // A real failure in a continuation whose own context is the
                // current one: it failed at its entry and would again.
                Some((_, k)) if k.id == c.version && !raw.chaos => {
                    return Err(Fallback::NoProgress)
                }
                Some((ctx, _)) => *ctx != cur && 2 * len < cap && !failed && !exhausted,
                None if failed => return Err(Fallback::CompileFailed),
                None if exhausted => return Err(Fallback::TooManyDeopts),
                None if len >= cap => return Err(Fallback::TableFull),
                None => true,
            };
            (found, compile)
        };
        let hit = !compile;
        // The continuation and the context it was compiled for (the current
        // one, or one that admits it).
        let compiled = if compile {
            // The failing value's full feedback (a context type is coarser:
            // a double matrix is `any` there, but `dbl[] with attributes`
            // here, which the continuation can speculate on again).
            self.compile_continuation(&c.code, &cur, raw.observed(c), raw.chaos, 1)
        } else {
            None
        };
        let (cont_ctx, cont) = match (compiled, found) {
            (Some(k), _) => (cur.clone(), k),
            (None, Some(hit)) => hit,
            (None, None) => return Err(Fallback::CompileFailed),
        };
        // Entry values: stack, bound locals, loop counters, as the continuation's
        // parameters expect them (its context says which are unboxed: a value
        // the current context knows is an `int` stays boxed for a continuation
        // compiled for `any` there).
        let mut inputs = Vec::with_capacity(cont.compiled.params.len());
        // The types the entry values must have, for --verify-contexts only.
        let verify = self.config.verify_contexts;
        let mut expected = Vec::new();
        let mut k = 0;
        for t in &cont_ctx.stack {
            inputs.push(entry_value(c, raw, k, *t));
            if verify {
                expected.push(*t);
            }
            k += 1;
        }
        for (slot, &present) in info.locals.iter().enumerate() {
            if present {
                if let Some(t) = cont_ctx.locals[slot] {
                    inputs.push(entry_value(c, raw, k, t));
                    if verify {
                        expected.push(t);
                    }
                }
                k += 1;
            }
        }
        for _ in 0..2 * info.loop_steps.len() {
            inputs.push(Some(EntryValue::Word(raw.words[k] & 0xffff_ffff)));
            if verify {
                expected.push(ArgType::Int);
            }
            k += 1;
        }
        if verify {
            verify_entry(&c.code.name, &cont.compiled, &inputs, &expected);
        }
        // Dispatch latency: from the failing check to the continuation's entry
        // (its activation set up), measured just before native code runs.
        let cont_id = cont.id;
        let (code, env) = (c.code.clone(), c.frame().clone());
        let fname: &str = &code.name;
        let cur = &cur;
        let entering = move || {
            let ns = (raw.started.elapsed().as_nanos() as u64).saturating_sub(trace_ns);
            {
                let mut st = self.stats.borrow_mut();
                if hit {
                    st.deoptless_dispatch_hits += 1;
                    st.dispatch_hit_ns_total += ns;
                } else {
                    st.deoptless_dispatch_misses += 1;
                }
                st.dispatch_ns_total += ns;
            }
            self.event(|| {
                serde_json::json!({"event": "dispatch", "function": fname, "pc": cur.pc,
                                   "hit": hit, "ns": ns, "context": cur.to_string(),
                                   "continuation": cont_id})
            });
        };
        if chained {
            // An exit inside code a dispatcher's trampoline entered: that
            // dispatcher enters the continuation when this code returns, so
            // chains of exits do not grow the native stack.
            entering();
            *self.pending.borrow_mut() = Some(Next {
                version: cont.id,
                compiled: cont.compiled.clone(),
                inputs,
                chains: in_continuation,
            });
            return Ok(Ok(Value::Null));
        }
        self.run_trampolined(
            c.handler.clone(),
            interp,
            &code,
            &env,
            cont.id,
            cont.compiled.clone(),
            inputs,
            entering,
        )
        .ok_or(Fallback::MissingEntryValue)
    }

    /// Run `compiled` (version `version` of `code`), then whatever code its
    /// exits hand over through `pending` (continuations, the loop code they
    /// transfer to, the loop code a kept chaos fallback re-enters), one after
    /// another: chains of exits do not grow the native stack. `None`: the
    /// first code could not be entered (an `any` parameter without a value),
    /// nothing ran.
    #[allow(clippy::too_many_arguments)]
    fn run_trampolined(
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
                    handler.clone(),
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

    /// A real exit from an origin version. A version that exits on nearly
    /// every call since it was installed was compiled from feedback that does
    /// not fit its context (say, a version for new argument types compiled
    /// from the old types' profile): dispatching on every call costs more
    /// than the call. Such a version is retired with what the exit taught
    /// the baseline feedback (as a deopt would record it), and the function
    /// is compiled again later. A version that ran well before its exits
    /// began is kept: that is a phase change, which continuations serve.
    /// Except for a branch the profile never saw taken that now is, often
    /// (`LIVE_BRANCH_EXITS`, at least one call in `LIVE_BRANCH_RATE`): the
    /// branch is simply live, and code compiled with both directions costs
    /// nothing more (merged branch feedback makes no operation generic,
    /// unlike merged types), where an exit and a dispatch per such call cost
    /// more than the call (bounce's walls).
    fn note_real_exit(
        &self,
        code: &Rc<FunctionCode>,
        version: usize,
        ctx: &DeoptContext,
        raw: &RawExit,
        c: &Ctx,
    ) {
        let key = Rc::as_ptr(code);
        let calls = code.invocations.get();
        let stale = {
            let mut fns = self.fns.borrow_mut();
            let Some(info) = fns.get_mut(&key) else {
                return;
            };
            let Some(birth) = info.births.get_mut(&version) else {
                return;
            };
            birth.1 += 1;
            let lived = calls.saturating_sub(birth.0);
            let exits = birth.1;
            (lived >= STALE_AFTER_CALLS && 10 * exits >= 9 * lived)
                || (ctx.reason == Reason::DeadBranch
                    && exits >= LIVE_BRANCH_EXITS
                    && LIVE_BRANCH_RATE * exits >= lived)
        };
        if !stale {
            return;
        }
        for (slot, bits) in cleanup::cleaned_feedback(code, ctx, raw.observed(c), false) {
            if bits & vm::feedback::TypeFeedback::STALE == 0 {
                if let Some(cell) = code.type_fb.get(slot as usize) {
                    vm::feedback::TypeFeedback::record_bits(cell, bits);
                }
            }
        }
        let mut fns = self.fns.borrow_mut();
        let info = fns.entry(key).or_default();
        if let Some(pos) = info.ids.iter().position(|(id, _)| *id == version) {
            let (_, actx) = info.ids.remove(pos);
            info.table.remove(&actx);
        }
        info.births.remove(&version);
        info.deopts += 1;
        info.retired_at = Some(calls);
        self.stats.borrow_mut().stale_versions_retired += 1;
        self.event(|| {
            serde_json::json!({"event": "stale_version_retired", "function": code.name,
                               "version": version, "pc": ctx.pc})
        });
    }

    /// Compile and insert a continuation for `ctx` (`None`: not compilable,
    /// remembered so it is not retried).
    fn compile_continuation(
        &self,
        code: &FunctionCode,
        ctx: &DeoptContext,
        failing: Option<(u32, u16)>,
        held: bool,
        depth: u32,
    ) -> Option<Rc<Continuation>> {
        let feedback = cleanup::cleaned_feedback(code, ctx, failing, held);
        let entry = Entry {
            pc: ctx.pc as usize,
            stack: ctx.stack.clone(),
            locals: ctx.locals.clone(),
            loop_steps: ctx.loop_steps.clone(),
            mode: EntryMode::Trust,
            feedback: feedback.clone(),
            // An exit at a call's `LoadFun` came from inlining that call (its
            // guard or its body): the continuation calls the function instead.
            no_inline: [ctx.pc as usize].into(),
            peel_loops: true,
            transfer_at_loop_headers: self.config.transfer_at_loop_headers,
        };
        let key = code as *const FunctionCode;
        let Some((compiled, ns)) =
            self.compile_entry(code, &entry, &ctx.to_string(), CompileKind::Continuation)
        else {
            self.fns
                .borrow_mut()
                .entry(key)
                .or_default()
                .failed
                .insert(ctx.clone());
            return None;
        };
        let id = self.next_version.get();
        self.next_version.set(id + 1);
        {
            let mut st = self.stats.borrow_mut();
            st.count_continuation(ns);
        }
        self.depths.borrow_mut().insert(id, depth);
        let cont = Rc::new(Continuation {
            compiled,
            id,
            depth,
            feedback,
        });
        self.fns
            .borrow_mut()
            .entry(key)
            .or_default()
            .conts
            .insert(ctx.clone(), cont.clone());
        Some(cont)
    }
}

/// `--verify-contexts`: the actual entry values must satisfy the types the
/// continuation was compiled for (re-derived from the values themselves).
fn verify_entry(
    name: &str,
    compiled: &Compiled,
    inputs: &[Option<EntryValue>],
    expected: &[ArgType],
) {
    let scalar = |t: ArgType| match t {
        ArgType::Int => Some(Type::Int),
        ArgType::Dbl => Some(Type::Dbl),
        ArgType::Lgl => Some(Type::Lgl),
        _ => None,
    };
    let mut bad = (inputs.len() != compiled.params.len() || expected.len() != inputs.len())
        .then(|| "parameter count".to_string());
    for (k, ((&(_, ty), input), &want)) in
        compiled.params.iter().zip(inputs).zip(expected).enumerate()
    {
        let ok = match input {
            // A native word: the parameter is unboxed with exactly the context's type
            // (loop counters are `int`).
            Some(EntryValue::Word(w)) => {
                Some(ty) == scalar(want)
                    && !(want == ArgType::Int && *w as u32 as i32 == vm::value::NA_INTEGER)
            }
            // A value: it must be of the context's type.
            Some(EntryValue::Value(v)) => ty == Type::Any && ArgType::of(v).fits(want),
            None => false,
        };
        if !ok && bad.is_none() {
            bad = Some(format!("parameter {} is not {}", k, want.name()));
        }
    }
    if let Some(why) = bad {
        eprintln!(
            "dlvm: --verify-contexts: unsound dispatch into a continuation of {}: {}",
            name, why
        );
        std::process::exit(70);
    }
}

/// The path of this process's perf map (`perf report` reads it).
pub fn perf_map_path() -> std::path::PathBuf {
    std::path::PathBuf::from(format!("/tmp/perf-{}.map", std::process::id()))
}

/// Append `START SIZE NAME` for compiled code to the perf map: the R
/// function, what kind of code (`version`, `osr-in`, `continuation`), its
/// context and entry pc. Failures to write are ignored (profiling aid only).
fn perf_map_entry(c: &Compiled, function: &str, kind: CompileKind, context: &str, pc: usize) {
    let kind = match kind {
        CompileKind::Version => "version",
        CompileKind::OsrIn => "osr-in",
        CompileKind::Continuation => "continuation",
    };
    let line = format!(
        "{:x} {:x} R:{} [{} {} pc {}]\n",
        c.entry as usize,
        c.code_size.max(1),
        function,
        kind,
        context.replace('\n', " "),
        pc
    );
    if let Ok(mut f) = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(perf_map_path())
    {
        let _ = f.write_all(line.as_bytes());
    }
}
