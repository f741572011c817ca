//! The engine: the tier above the interpreter. It decides when a function is
//! compiled (after `--jit-threshold` calls), runs compiled code, and handles
//! exits — in deopt mode by OSR-out to the interpreter, retiring the compiled
//! version, with a recompilation after more calls and at most 12 deopts per
//! function. It keeps the statistics and the event trace.

use crate::config::{Config, Mode};
use crate::stats::Stats;
use compiler::build::{Entry, EntryMode};
use compiler::context::{ArgContext, ArgType, VersionTable};
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
    /// (function, pc) whose OSR-in continuation failed to compile.
    osr_failed: RefCell<std::collections::HashSet<(*const FunctionCode, usize)>>,
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
                osr_failed: RefCell::new(Default::default()),
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
        let c = self.compile_entry(code, &Entry::call(code, ctx), &ctx.to_string(), "compile")?;
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
        event: &str,
    ) -> Option<(Rc<Compiled>, u64)> {
        let t0 = Instant::now();
        let result = compiler::build::build_from(code, entry)
            .map_err(|e| e.0)
            .and_then(|mut f| {
                compiler::passes::optimize(&mut f);
                if self.config.dump_ir {
                    eprintln!(
                        "; IR of {} ({}, entry pc {}: {})\n{}",
                        code.name,
                        event,
                        entry.pc,
                        label,
                        compiler::print::print_func(&f)
                    );
                }
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
                    eprintln!("; native code of {} {}\n{}", code.name, label, text);
                }
                self.event(serde_json::json!({"event": event, "function": code.name, "pc": entry.pc,
                                              "context": label, "ns": ns, "code_bytes": c.code_size}));
                Some((Rc::new(c), ns))
            }
            Err(why) => {
                self.event(serde_json::json!({"event": "not_compiled", "function": code.name, "pc": entry.pc,
                                              "context": label, "reason": why}));
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

/// One entry value of a native activation.
pub enum EntryValue {
    /// A boxed value for an `any` parameter.
    Value(Value),
    /// A native word for an unboxed parameter (`int`/`lgl` zero-extended, `dbl` bits).
    Word(u64),
}

impl Shared {
    /// Run `compiled` (version `version` of `code`) in `env`, its entry
    /// parameters given in order by `inputs`; `None` if an `any` parameter has
    /// no value (left to the interpreter).
    pub fn run_native(
        self: &Rc<Self>,
        interp: &mut Interp,
        code: &Rc<FunctionCode>,
        env: &Env,
        version: usize,
        compiled: &Compiled,
        inputs: impl Iterator<Item = Option<EntryValue>>,
    ) -> Option<RResult<Value>> {
        // Slot arrays are reused across activations (a native call is cheap only
        // if its entry does not allocate).
        let (mut anys, mut unbound) = self.pool.borrow_mut().pop().unwrap_or_default();
        anys.resize(compiled.nslots, Value::Null);
        unbound.resize(compiled.nslots, false);
        let mut entry = Vec::new();
        for (k, (&(slot, ty), input)) in compiled.params.iter().zip(inputs).enumerate() {
            match input {
                Some(EntryValue::Value(v)) if ty == compiler::ir::Type::Any => {
                    anys[slot as usize] = v
                }
                Some(EntryValue::Word(w)) if ty != compiler::ir::Type::Any => {
                    if entry.is_empty() {
                        entry.resize(compiled.params.len(), 0);
                    }
                    entry[k] = w;
                }
                _ => {
                    anys.clear();
                    self.pool.borrow_mut().push((anys, unbound));
                    return None;
                }
            }
        }
        let handler: Rc<dyn ExitHandler> = self.clone();
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
            chaos: self.chaos.clone(),
            version,
            entry,
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
        self.pool.borrow_mut().push((anys, unbound));
        Some(result)
    }
}

impl Tier for Engine {
    fn enter(&self, interp: &mut Interp, clo: &Rc<Closure>, env: &Env) -> Option<RResult<Value>> {
        let code = &clo.code;
        let ctx = ArgContext::of(&env.slots.borrow()[..code.nparams]);
        let (version, compiled) = self.shared.version_for(code, &ctx)?;
        // Parameter k is local slot k (the borrow ends before native code runs).
        let inputs: Vec<Option<EntryValue>> = {
            let slots = env.slots.borrow();
            (0..compiled.params.len())
                .map(|k| slots.get(k).cloned().flatten().map(EntryValue::Value))
                .collect()
        };
        self.shared
            .run_native(interp, code, env, version, &compiled, inputs.into_iter())
    }

    fn osr_in(
        &self,
        interp: &mut Interp,
        code: &Rc<FunctionCode>,
        env: &Env,
        pc: usize,
        stack: &[Value],
        loops: &[(i64, u64)],
    ) -> Option<RResult<Value>> {
        self.shared.osr_in(interp, code, env, pc, stack, loops)
    }
}

impl Shared {
    /// OSR-in: compile a continuation of `code` from the loop header `pc`, typed
    /// by the current values, and run the rest of the activation in it. The
    /// continuation is used once; the function's next call is compiled from its
    /// entry as usual (one entry point per version, as in Ř).
    fn osr_in(
        self: &Rc<Self>,
        interp: &mut Interp,
        code: &Rc<FunctionCode>,
        env: &Env,
        pc: usize,
        stack: &[Value],
        loops: &[(i64, u64)],
    ) -> Option<RResult<Value>> {
        let key = Rc::as_ptr(code);
        {
            let fns = self.fns.borrow();
            if fns.get(&key).is_some_and(|i| i.deopts >= MAX_DEOPTS) {
                return None;
            }
        }
        if self.osr_failed.borrow().contains(&(key, pc)) {
            return None;
        }
        let fits = |x: i64| x >= i32::MIN as i64 && x <= i32::MAX as i64;
        if !loops.iter().all(|&(n, r)| fits(n) && fits(r as i64)) {
            return None;
        }
        let slots: Vec<Option<Value>> = env.slots.borrow().clone();
        let entry = Entry {
            pc,
            stack: stack.iter().map(ArgType::of).collect(),
            locals: slots.iter().map(|l| l.as_ref().map(ArgType::of)).collect(),
            nloops: loops.len(),
            mode: EntryMode::Check,
            feedback: Default::default(),
        };
        let label = entry_label(&entry);
        let Some((compiled, ns)) = self.compile_entry(code, &entry, &label, "osr_compile") else {
            self.osr_failed.borrow_mut().insert((key, pc));
            return None;
        };
        {
            let mut st = self.stats.borrow_mut();
            st.osr_in += 1;
            st.compile_ns_total += ns;
        }
        self.event(serde_json::json!({"event": "osr_in", "function": code.name, "pc": pc, "context": label}));
        let inputs: Vec<Option<EntryValue>> = stack
            .iter()
            .map(|v| Some(EntryValue::Value(v.clone())))
            .chain(
                slots
                    .into_iter()
                    .flatten()
                    .map(|v| Some(EntryValue::Value(v))),
            )
            .chain(loops.iter().flat_map(|&(n, r)| {
                [
                    Some(EntryValue::Word(n as i32 as u32 as u64)),
                    Some(EntryValue::Word(r as i32 as u32 as u64)),
                ]
            }))
            .collect();
        self.run_native(
            interp,
            code,
            env,
            OSR_VERSION,
            &compiled,
            inputs.into_iter(),
        )
    }
}

/// Version id of OSR-in continuations (never in a dispatch table).
pub const OSR_VERSION: usize = usize::MAX;

/// A short description of an entry state for events and dumps:
/// `stack [..] locals [..] loops n`.
pub fn entry_label(e: &Entry) -> String {
    let st: Vec<&str> = e.stack.iter().map(|t| t.name()).collect();
    let lo: Vec<&str> = e
        .locals
        .iter()
        .map(|l| l.map_or("-", |t| t.name()))
        .collect();
    format!(
        "stack [{}] locals [{}] loops {}",
        st.join(", "),
        lo.join(", "),
        e.nloops
    )
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
