//! The engine: the tier above the interpreter. It decides when a function is
//! compiled (after `--jit-threshold` calls), runs compiled code, and handles
//! exits — in deopt mode by OSR-out to the interpreter, retiring the compiled
//! version, with a recompilation after more calls and at most 12 deopts per
//! function. It keeps the statistics and the event trace.

use crate::config::{Config, Mode};
use crate::stats::Stats;
use compiler::context::{ArgContext, VersionTable};
use compiler::lower::{Compiled, LowerOptions};
use compiler::runtime::{Chaos, Ctx, ExitHandler, ExitState, ST_ERROR};
use std::cell::RefCell;
use std::collections::HashMap;
use std::io::Write;
use std::rc::Rc;
use std::time::Instant;
use vm::bytecode::FunctionCode;
use vm::env::Env;
use vm::error::{RError, RResult};
use vm::interp::{Interp, Tier};
use vm::value::{Closure, Value};

/// After this many deoptimizations a function stays interpreted (as in Ř).
pub const MAX_DEOPTS: u32 = 12;

/// At most this many compiled versions per function (contextual dispatch);
/// beyond it, calls use the generic version.
pub const MAX_VERSIONS: usize = 4;

/// A function's compiled versions and its deoptimization history.
#[derive(Default)]
struct FnInfo {
    table: VersionTable<Rc<Compiled>>,
    deopts: u32,
    /// `invocations` when a version was last retired (or failed to compile):
    /// the function is recompiled after `jit_threshold` more calls.
    retired_at: Option<u32>,
    /// Identifiers of the versions in `table` (for exits).
    ids: Vec<(usize, ArgContext)>,
}

/// State shared by the engine and its exit handler.
pub struct Shared {
    pub config: Config,
    fns: RefCell<HashMap<*const FunctionCode, FnInfo>>,
    next_version: std::cell::Cell<usize>,
    /// Reusable `any` slot arrays (and unbound flags) for native activations.
    pool: RefCell<Vec<(Vec<Value>, Vec<bool>)>>,
    pub stats: RefCell<Stats>,
    trace: RefCell<Option<Box<dyn Write>>>,
    chaos: Option<Rc<RefCell<Chaos>>>,
}

pub struct Engine {
    pub shared: Rc<Shared>,
}

impl Engine {
    pub fn new(config: Config, trace: Option<Box<dyn Write>>) -> Engine {
        let chaos = (config.chaos > 0.0).then(|| {
            Rc::new(RefCell::new(Chaos {
                p: config.chaos,
                state: config.seed.wrapping_mul(0x9E3779B97F4A7C15) | 1,
            }))
        });
        let stats = Stats {
            mode: format!("{:?}", config.mode).to_lowercase(),
            chaos: config.chaos,
            seed: config.seed,
            ..Stats::default()
        };
        Engine {
            shared: Rc::new(Shared {
                config,
                fns: RefCell::new(HashMap::new()),
                next_version: std::cell::Cell::new(0),
                pool: RefCell::new(Vec::new()),
                stats: RefCell::new(stats),
                trace: RefCell::new(trace),
                chaos,
            }),
        }
    }
}

impl Shared {
    /// `--dump contexts`: each function's dispatch tables.
    pub fn dump_contexts(&self) -> String {
        String::new()
    }

    fn event(&self, json: serde_json::Value) {
        if let Some(w) = self.trace.borrow_mut().as_mut() {
            let _ = writeln!(w, "{}", json);
        }
    }

    /// Compile `code` for argument context `ctx`; `None` if the compiler does not handle it.
    fn compile(&self, code: &FunctionCode, ctx: &ArgContext) -> Option<Rc<Compiled>> {
        let t0 = Instant::now();
        let result = compiler::build::build_for(code, ctx)
            .map_err(|e| e.0)
            .and_then(|mut f| {
                compiler::passes::optimize(&mut f);
                if cfg!(debug_assertions) {
                    compiler::verify::verify(&f).map_err(|e| e.join("; "))?;
                }
                compiler::lower::lower(
                    &f,
                    LowerOptions {
                        chaos: self.chaos.is_some(),
                        verify: cfg!(debug_assertions),
                        disasm: self.config.dump_native,
                    },
                )
            });
        let ns = t0.elapsed().as_nanos() as u64;
        match result {
            Ok(c) => {
                if let Some(text) = &c.disasm {
                    eprintln!("; native code of {} {}\n{}", code.name, ctx, text);
                }
                let mut st = self.stats.borrow_mut();
                st.functions_compiled += 1;
                st.compile_ns_total += ns;
                drop(st);
                self.event(serde_json::json!({"event": "compile", "function": code.name, "context": ctx.to_string(),
                                              "ns": ns, "code_bytes": c.code_size}));
                Some(Rc::new(c))
            }
            Err(why) => {
                self.event(serde_json::json!({"event": "not_compiled", "function": code.name, "reason": why}));
                None
            }
        }
    }

    /// The compiled version to run for a call in context `ctx`, compiling when due.
    fn version_for(&self, code: &FunctionCode, ctx: &ArgContext) -> Option<(usize, Rc<Compiled>)> {
        let key = code as *const FunctionCode;
        let calls = code.invocations.get();
        let threshold = self.config.jit_threshold;
        let mut fns = self.fns.borrow_mut();
        let info = fns.entry(key).or_default();
        if let Some((c, v)) = info.table.dispatch(ctx) {
            let id = info
                .ids
                .iter()
                .find(|(_, ic)| ic == c)
                .map(|(id, _)| *id)
                .unwrap_or(0);
            return Some((id, v.clone()));
        }
        let due = info.deopts < MAX_DEOPTS
            && match info.retired_at {
                Some(at) => calls >= at.saturating_add(threshold),
                None => calls.saturating_add(1) >= threshold,
            };
        if !due {
            return None;
        }
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
                info.table.insert(target.clone(), c.clone());
                info.ids.push((id, target));
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

impl Tier for Engine {
    fn enter(&self, interp: &mut Interp, clo: &Rc<Closure>, env: &Env) -> Option<RResult<Value>> {
        let code = &clo.code;
        let ctx = ArgContext::of(&env.slots.borrow()[..code.nparams]);
        let (version, compiled) = self.shared.version_for(code, &ctx)?;
        // Slot arrays are reused across activations (a native call is cheap only
        // if its entry does not allocate).
        let (mut anys, mut unbound) = self.shared.pool.borrow_mut().pop().unwrap_or_default();
        anys.resize(compiled.nslots, Value::Null);
        unbound.resize(compiled.nslots, false);
        {
            let slots = env.slots.borrow();
            for (k, &slot) in compiled.params.iter().enumerate() {
                match slots.get(k).cloned().flatten() {
                    Some(v) => anys[slot as usize] = v,
                    None => {
                        // A missing argument: leave this call to the interpreter.
                        anys.clear();
                        self.shared.pool.borrow_mut().push((anys, unbound));
                        return None;
                    }
                }
            }
        }
        let handler: Rc<dyn ExitHandler> = self.shared.clone();
        let mut ctx = Ctx {
            interp: interp as *mut Interp,
            code: code.clone(),
            env: env.clone(),
            unbound,
            anys,
            result: None,
            error: None,
            exits: compiled.exits.clone(),
            handler,
            chaos: self.shared.chaos.clone(),
            version,
        };
        let status = (compiled.entry)(&mut ctx as *mut Ctx);
        let result = if status == ST_ERROR {
            Err(ctx.error.take().unwrap_or_else(|| {
                RError::new("internal error: compiled code failed without an error")
            }))
        } else {
            Ok(ctx.result.take().unwrap_or(Value::Null))
        };
        let (mut anys, mut unbound) = (
            std::mem::take(&mut ctx.anys),
            std::mem::take(&mut ctx.unbound),
        );
        anys.clear();
        unbound.clear();
        self.shared.pool.borrow_mut().push((anys, unbound));
        Some(result)
    }
}

impl ExitHandler for Shared {
    fn exit(&self, interp: &mut Interp, st: ExitState) -> RResult<Value> {
        {
            let mut s = self.stats.borrow_mut();
            s.exits += 1;
            if st.chaos {
                s.chaos_exits += 1;
            }
        }
        self.event(serde_json::json!({
            "event": "exit", "function": st.code.name, "pc": st.pc, "reason": st.reason.name(),
            "chaos": st.chaos, "exit": st.exit_id,
        }));
        debug_assert!(matches!(self.config.mode, Mode::Deopt | Mode::Deoptless));
        // Deoptimize: feed the trigger back, retire the version, finish in the interpreter.
        osr::deopt::record_trigger(&st);
        let key = Rc::as_ptr(&st.code);
        let deopts = {
            let mut fns = self.fns.borrow_mut();
            let info = fns.entry(key).or_default();
            // Retire the version that exited; the others stay dispatchable.
            if let Some(pos) = info.ids.iter().position(|(id, _)| *id == st.version) {
                let (_, ctx) = info.ids.remove(pos);
                info.table.remove(&ctx);
            }
            info.deopts += 1;
            info.retired_at = Some(st.code.invocations.get());
            info.deopts
        };
        self.stats.borrow_mut().deopts += 1;
        // Exit cost: from the failing check to the interpreter about to resume.
        let exit_ns = st.started.elapsed().as_nanos() as u64;
        self.stats.borrow_mut().exit_ns_total += exit_ns;
        self.event(serde_json::json!({"event": "deopt", "function": st.code.name, "pc": st.pc, "deopts": deopts, "exit_ns": exit_ns}));
        osr::deopt::resume_in_interpreter(interp, st)
    }
}
