//! The engine: the tier above the interpreter. It decides when a function is
//! compiled (after `--jit-threshold` calls), runs compiled code, and handles
//! exits — in deopt mode by OSR-out to the interpreter, retiring the compiled
//! version, with a recompilation after more calls and at most 12 deopts per
//! function. It keeps the statistics and the event trace.

use crate::config::{Config, Mode};
use crate::stats::Stats;
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

enum FnState {
    Compiled(Rc<Compiled>),
    /// Interpreted after `deopts` deoptimizations; recompiled once it has made
    /// `jit_threshold` more calls than at `retired_at`.
    Retired {
        deopts: u32,
        retired_at: u32,
    },
}

/// State shared by the engine and its exit handler.
pub struct Shared {
    pub config: Config,
    fns: RefCell<HashMap<*const FunctionCode, FnState>>,
    /// Deoptimizations so far per function.
    deopts: RefCell<HashMap<*const FunctionCode, u32>>,
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
                deopts: RefCell::new(HashMap::new()),
                stats: RefCell::new(stats),
                trace: RefCell::new(trace),
                chaos,
            }),
        }
    }
}

impl Shared {
    fn event(&self, json: serde_json::Value) {
        if let Some(w) = self.trace.borrow_mut().as_mut() {
            let _ = writeln!(w, "{}", json);
        }
    }

    /// Compile `code` now; `None` if the compiler does not handle it.
    fn compile(&self, code: &FunctionCode) -> Option<Rc<Compiled>> {
        let t0 = Instant::now();
        let result = compiler::build::build(code)
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
                    },
                )
            });
        let ns = t0.elapsed().as_nanos() as u64;
        match result {
            Ok(c) => {
                let mut st = self.stats.borrow_mut();
                st.functions_compiled += 1;
                st.compile_ns_total += ns;
                drop(st);
                self.event(serde_json::json!({"event": "compile", "function": code.name, "ns": ns, "code_bytes": c.code_size}));
                Some(Rc::new(c))
            }
            Err(why) => {
                self.event(serde_json::json!({"event": "not_compiled", "function": code.name, "reason": why}));
                None
            }
        }
    }

    /// The compiled version to run for this call, compiling when due.
    fn version_for(&self, code: &FunctionCode) -> Option<Rc<Compiled>> {
        let key = code as *const FunctionCode;
        let calls = code.invocations.get();
        let threshold = self.config.jit_threshold;
        let due = match self.fns.borrow().get(&key) {
            Some(FnState::Compiled(c)) => return Some(c.clone()),
            Some(FnState::Retired { deopts, retired_at }) => {
                *deopts < MAX_DEOPTS && calls >= retired_at.saturating_add(threshold)
            }
            None => calls.saturating_add(1) >= threshold,
        };
        if !due {
            return None;
        }
        let compiled = self.compile(code);
        let mut fns = self.fns.borrow_mut();
        match &compiled {
            Some(c) => {
                fns.insert(key, FnState::Compiled(c.clone()));
            }
            None => {
                // Often a lack of feedback (a first call): retry after more calls,
                // counting the failure like a deoptimization.
                let mut d = self.deopts.borrow_mut();
                let n = d.entry(key).or_insert(0);
                *n += 1;
                fns.insert(
                    key,
                    FnState::Retired {
                        deopts: *n,
                        retired_at: calls,
                    },
                );
            }
        }
        compiled
    }
}

impl Tier for Engine {
    fn enter(&self, interp: &mut Interp, clo: &Rc<Closure>, env: &Env) -> Option<RResult<Value>> {
        let code = &clo.code;
        let compiled = self.shared.version_for(code)?;
        let mut anys = vec![Value::Null; compiled.nslots];
        {
            let slots = env.slots.borrow();
            for (k, &slot) in compiled.params.iter().enumerate() {
                // A missing argument: leave this call to the interpreter.
                anys[slot as usize] = slots.get(k).cloned().flatten()?;
            }
        }
        let handler: Rc<dyn ExitHandler> = self.shared.clone();
        let mut ctx = Ctx {
            interp: interp as *mut Interp,
            code: code.clone(),
            env: env.clone(),
            unbound: vec![false; anys.len()],
            anys,
            result: None,
            error: None,
            exits: compiled.exits.clone(),
            handler,
            chaos: self.shared.chaos.clone(),
        };
        let status = (compiled.entry)(&mut ctx as *mut Ctx);
        Some(if status == ST_ERROR {
            Err(ctx.error.take().unwrap_or_else(|| {
                RError::new("internal error: compiled code failed without an error")
            }))
        } else {
            Ok(ctx.result.take().unwrap_or(Value::Null))
        })
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
            let mut d = self.deopts.borrow_mut();
            let n = d.entry(key).or_insert(0);
            *n += 1;
            *n
        };
        self.fns.borrow_mut().insert(
            key,
            FnState::Retired {
                deopts,
                retired_at: st.code.invocations.get(),
            },
        );
        self.stats.borrow_mut().deopts += 1;
        // Exit cost: from the failing check to the interpreter about to resume.
        let exit_ns = st.started.elapsed().as_nanos() as u64;
        self.stats.borrow_mut().exit_ns_total += exit_ns;
        self.event(serde_json::json!({"event": "deopt", "function": st.code.name, "pc": st.pc, "deopts": deopts, "exit_ns": exit_ns}));
        osr::deopt::resume_in_interpreter(interp, st)
    }
}
