//! The engine: the tier above the interpreter. It decides when a function is
//! compiled (after `--jit-threshold` calls), runs compiled code, and handles
//! exits — in deopt mode by OSR-out to the interpreter, retiring the compiled
//! version, with a recompilation after more calls and at most 12 deopts per
//! function. It keeps the statistics and the event trace.
//!
//! This module owns the engine's state (`EngineState`, one `FnInfo` per
//! function) and the exit handler's entry points; the jobs live in its
//! submodules, each an `impl EngineState` block:
//! - `versions`: tier-up — compiling (`compile_entry`) and choosing a
//!   function's versions (`version_for`);
//! - `background`: compiling versions while the interpreter goes on;
//! - `native`: entering compiled code (`run_native`, `Tier::enter`, direct
//!   calls) and the slot-array pools;
//! - `osr_in`: OSR-in and its cache of loop code;
//! - `trampoline`: the trampoline that enters the code exits hand over, and
//!   the transfer of continuations to loop code;
//! - `deopt`: the real deoptimization (`ExitHandler::exit`);
//! - `dispatch`: deoptless dispatch of exits to continuations;
//! - `dumps`: `--dump` output and the perf map.
//!
//! It must not know about the command line or the experiment harness
//! (`session` drives it).

mod background;
mod deopt;
mod dispatch;
mod dumps;
mod native;
mod osr_in;
mod trampoline;
mod versions;

pub use dispatch::{Fallback, LIVE_BRANCH_EXITS, LIVE_BRANCH_RATE, STALE_AFTER_CALLS};
pub use dumps::perf_map_path;
pub use native::{BuiltFrame, Frame};
pub use osr_in::{MAX_OSR_COMPILES, MAX_OSR_ENTRIES};
pub use versions::{CompileKind, MAX_VERSIONS};

use crate::config::Config;
use crate::context::{DeoptContext, DispatchTable};
use crate::stats::Stats;
use compiler::build::Entry;
use compiler::context::{ArgContext, VersionTable};
use compiler::lower::Compiled;
use compiler::runtime::{Chaos, ExitHandler, NativeFrame, RawExit};
use osr::exit::RawExitDecode;
use osr::osr_in::EntryValue;
use std::cell::RefCell;
use std::collections::HashMap;
use std::io::Write;
use std::rc::Rc;
use vm::bytecode::FunctionCode;
use vm::env::Env;
use vm::error::RResult;
use vm::interp::Interp;
use vm::value::{Closure, Value};

/// After this many deoptimizations a function stays interpreted (as in Ř).
pub const MAX_DEOPTS: u32 = 12;

/// Versions of one function retired because a branch they assumed dead was
/// taken, after which every branch of the function the profile saw going
/// one way is taken as going both (`EngineState::note_dead_branch_trap`):
/// its next versions compile both directions of every branch. A function
/// whose branches come alive one by one (bounce's four walls, each hit
/// first at another time) was compiled again for each, five times a
/// bounce. HotSpot's per-method trap limit is the same idea. A branch
/// compiled both ways costs a conditional jump where the assumption cost a
/// check: nothing is lost at run time.
pub const DEAD_BRANCH_TRAP_LIMIT: u32 = 2;

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
    /// Per version id (origin versions and OSR-in loop code), for
    /// `note_real_exit`.
    births: HashMap<usize, Birth>,
    /// Deoptless continuations, keyed by deoptimization context.
    conts: DispatchTable<Rc<Continuation>>,
    /// Contexts whose continuation failed to compile (not retried).
    failed: std::collections::HashSet<DeoptContext>,
    /// OSR-in codes compiled per loop header (`MAX_OSR_COMPILES`).
    osr_compiles: HashMap<usize, u32>,
    /// Versions retired because a branch the profile never saw taken was
    /// (`DEAD_BRANCH_TRAP_LIMIT`).
    dead_branch_traps: u32,
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

/// A compiled version's life so far (`FnInfo::births`).
struct Birth {
    /// The function's call count when the version was installed.
    calls: u32,
    /// Its real (not chaos) exits since.
    exits: u32,
    /// OSR-in loop code (typed by its entry values, not by feedback).
    osr: bool,
    /// The current streak of real exits: the call count when it began, and
    /// its exits (`dispatch::stale`: a phase in which nearly every call
    /// exits, for long, retires the version).
    streak_calls: u32,
    streak_exits: u32,
    /// The exit the streak is made of (pc and trigger): another exit
    /// starts a new streak (phase_sum's double phase, then its complex
    /// phase, are two phases of 500 calls, not one of 1000).
    streak_of: Option<(u32, crate::context::Trigger)>,
}

impl Birth {
    fn new(calls: u32, osr: bool) -> Birth {
        Birth {
            calls,
            exits: 0,
            osr,
            streak_calls: 0,
            streak_exits: 0,
            streak_of: None,
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
pub struct EngineState {
    pub config: Config,
    /// The interpreter's global environment (`Engine::attach`), which
    /// compilation reads constants from (`CompileOptions::global`).
    global: RefCell<Option<vm::env::Env>>,
    fns: RefCell<HashMap<*const FunctionCode, FnInfo, PtrHash>>,
    next_version: std::cell::Cell<usize>,
    /// Idle native activation contexts, with their slot arrays (a native
    /// call is cheap only if its entry does not allocate).
    #[allow(clippy::vec_box)] // (the boxes are what is reused: contexts are pointed to)
    ctx_pool: RefCell<Vec<Box<NativeFrame>>>,
    pub stats: RefCell<Stats>,
    trace: RefCell<Option<Box<dyn Write>>>,
    chaos: Option<Rc<RefCell<Chaos>>>,
    /// `chaos` for compiled code's inline countdown (`NativeFrame::chaos`), computed
    /// once: a native entry only copies it.
    chaos_ptr: *mut Chaos,
    /// Code to enter next, set by an exit in code a dispatcher's trampoline
    /// entered, and taken by that trampoline.
    pending: RefCell<Option<Handover>>,
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
    /// Locals that OSR-in code of a loop takes boxed (`any`), whatever
    /// their type at entry, by (function, loop header pc): ones whose entry
    /// type its code kept exiting on (`EngineState::widen_osr_entry`).
    #[allow(clippy::type_complexity)]
    osr_widen: RefCell<HashMap<(*const FunctionCode, usize), Vec<bool>>>,
    /// Versions compiling in the background (`--background-compile`).
    background: RefCell<background::Background>,
    /// How many (checked at every `version_for`: one load when none).
    in_flight: std::cell::Cell<usize>,
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
struct Handover {
    version: usize,
    compiled: Rc<Compiled>,
    inputs: Vec<Option<EntryValue>>,
    /// Set by an exit inside a continuation: the chain of continuations
    /// (`--deoptless-depth`) goes on; otherwise it starts again.
    chains: bool,
}

pub struct Engine {
    pub shared: Rc<EngineState>,
}

/// Idle pooled activation records hold the engine's handler (`Rc` of the
/// engine state): the pool is emptied with the engine, or the state (its
/// `--trace-events` writer among it) would never be dropped nor flushed.
impl Drop for Engine {
    fn drop(&mut self) {
        self.shared.ctx_pool.borrow_mut().clear();
    }
}

/// A compiled version's entry parameters: the `any` slot and type of each.
type EntryParams = [(u32, compiler::ir::Type)];

impl Engine {
    /// Tell the engine the global environment of the interpreter it runs in
    /// (compilation reads constants there).
    pub fn attach(&self, global: &vm::env::Env) {
        *self.shared.global.borrow_mut() = Some(global.clone());
        if self.shared.config.background_compile {
            self.shared.start_background();
        }
    }

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
            shared: Rc::new(EngineState {
                config,
                fns: RefCell::new(HashMap::default()),
                next_version: std::cell::Cell::new(0),
                ctx_pool: RefCell::new(Vec::new()),
                stats: RefCell::new(stats),
                trace: RefCell::new(trace),
                // A pointer into the RefCell, which `chaos` keeps alive with
                // the engine; nothing borrows the cell while native code runs.
                chaos_ptr: chaos
                    .as_ref()
                    .map_or(std::ptr::null_mut(), |ch| ch.as_ptr()),
                chaos,
                osr_failed: RefCell::new(Default::default()),
                global: RefCell::new(None),
                osr_cache: RefCell::new(HashMap::new()),
                osr_widen: RefCell::new(HashMap::new()),
                depths: RefCell::new(HashMap::new()),
                pending: RefCell::new(None),
                chain: std::cell::Cell::new(0),
                reentry: std::cell::Cell::new(None),
                background: Default::default(),
                in_flight: std::cell::Cell::new(0),
            }),
        }
    }
}

impl EngineState {
    /// Write one trace event; the JSON is only built when tracing (exits and
    /// dispatches are on a microsecond path).
    fn event(&self, json: impl FnOnce() -> serde_json::Value) {
        if let Some(w) = self.trace.borrow_mut().as_mut() {
            let _ = writeln!(w, "{}", json());
        }
    }
}

/// The exit handler's entry points; each job is in its module (`native`,
/// `dispatch`, `deopt`).
impl ExitHandler for EngineState {
    fn call_direct(
        &self,
        interp: &mut Interp,
        caller: &mut NativeFrame,
        clo: &Rc<Closure>,
        args: &[u32],
        defaults: bool,
        call: u32,
    ) -> Option<RResult<Value>> {
        self.enter_direct_call(interp, caller, clo, args, defaults, call)
    }

    fn dispatch(
        &self,
        interp: &mut Interp,
        c: &mut NativeFrame,
        raw: &RawExit,
    ) -> Option<RResult<Value>> {
        self.dispatch_exit(interp, c, raw)
    }

    fn exit(&self, interp: &mut Interp, c: &mut NativeFrame, raw: &RawExit) -> RResult<Value> {
        let st = raw.state(c);
        self.deoptimize(interp, st)
    }
}
