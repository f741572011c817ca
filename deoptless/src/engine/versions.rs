//! Tier-up and versions: compiling a function from its entry (or any entry
//! state, for OSR-in and continuations: `compile_entry`) and choosing the
//! version a call runs, compiling and installing one when due
//! (`version_for`). Versions are retired by `deopt` and `dispatch`. It must
//! not know how compiled code is entered or how exits are handled.

use super::dumps::perf_map_entry;
use super::{EngineState, FnInfo};
use compiler::build::Entry;
use compiler::context::{ArgContext, ArgType};
use compiler::lower::Compiled;
use compiler::pipeline::{CompileOptions, PhaseTimes};
use std::rc::Rc;
use std::time::Instant;
use vm::bytecode::FunctionCode;

/// At most this many compiled versions per function (contextual dispatch);
/// beyond it, calls use the generic version.
pub const MAX_VERSIONS: usize = 4;

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

impl EngineState {
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

    /// The options every compile of `code` from `entry` takes.
    pub(super) fn compile_options(&self, entry: &Entry, kind: CompileKind) -> CompileOptions {
        CompileOptions {
            global: self.global.borrow().clone(),
            chaos: self.chaos.is_some(),
            verify: cfg!(debug_assertions) || self.config.verify_ir,
            disasm: self.config.dump_native,
            // A continuation's alternative is a deopt, never cheaper.
            profitability_check: self.config.profitability_check
                && kind != CompileKind::Continuation,
            // Loop-free code (a continuation up to the next loop header)
            // runs briefly: compile it quickly.
            quick_when_loop_free: entry.transfer_at_loop_headers,
            no_closure_inlining: !self.config.inline_calls,
        }
    }

    /// Compile `code` entered at `entry` (`label` describes the entry in events);
    /// the compiled code and the compile time in ns.
    pub(super) fn compile_entry(
        &self,
        code: &FunctionCode,
        entry: &Entry,
        label: &str,
        kind: CompileKind,
    ) -> Option<(Rc<Compiled>, u64)> {
        let event = kind.event();
        let t0 = Instant::now();
        let mut times = PhaseTimes::default();
        let opts = self.compile_options(entry, kind);
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
                self.compiled(code, entry.pc, label, kind, &c, &times, |e| {
                    e.insert("ns".into(), ns.into());
                });
                Some((Rc::new(c), ns))
            }
            Err(why) => {
                self.not_compiled(code, entry.pc, label, event, why);
                None
            }
        }
    }

    /// What a successful compile shows: `--dump native`, the perf map, its
    /// event (with the fields `extra` adds).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn compiled(
        &self,
        code: &FunctionCode,
        pc: usize,
        label: &str,
        kind: CompileKind,
        c: &Compiled,
        times: &PhaseTimes,
        extra: impl FnOnce(&mut serde_json::Map<String, serde_json::Value>),
    ) {
        if let Some(text) = &c.disasm {
            eprintln!("; native code of {} {}\n{}", code.name, label, text);
        }
        if self.config.perf_map {
            perf_map_entry(c, &code.name, kind, label, pc);
        }
        self.event(|| {
            let mut e = serde_json::json!({"event": kind.event(), "function": code.name, "pc": pc,
                                      "context": label, "build_ns": times.build_ns,
                                      "optimize_ns": times.optimize_ns, "lower_ns": times.lower_ns,
                                      "ir_insts": times.ir_insts, "code_bytes": c.code_size});
            if let Some(e) = e.as_object_mut() {
                extra(e);
            }
            e
        });
    }

    /// The event (and `--dump ir` of invalid IR) of a compile that failed.
    /// With `--verify-ir`, invalid IR ends the run (exit 70): it is a
    /// compiler bug, not a reason to stay interpreted quietly.
    pub(super) fn not_compiled(
        &self,
        code: &FunctionCode,
        pc: usize,
        label: &str,
        event: &str,
        why: compiler::pipeline::NotCompiled,
    ) {
        self.event(|| {
            serde_json::json!({"event": "not_compiled", "function": code.name, "pc": pc,
                                      "context": label, "reason": why.to_string()})
        });
        let compiler::pipeline::NotCompiled::Invalid { ir, .. } = &why else {
            return;
        };
        if self.config.dump_ir || self.config.verify_ir {
            let head = if self.config.verify_ir {
                "dlvm: --verify-ir: invalid IR of"
            } else {
                "; IR of"
            };
            eprintln!(
                "{} {} ({}, entry pc {}: {}), invalid: {}\n{}",
                head,
                code.name,
                event,
                pc,
                label,
                why,
                compiler::print::print_func(ir)
            );
        }
        if self.config.verify_ir {
            std::process::exit(70);
        }
    }

    /// The compiled version to run for a call with arguments `args` (the
    /// parameter slots), compiling when due. Dispatch compares the argument
    /// values with each version's context directly; an `ArgContext` is built
    /// only to compile one (a call of compiled code allocates nothing here).
    pub(super) fn version_for(
        &self,
        code: &Rc<FunctionCode>,
        nargs: usize,
        arg_type: impl Fn(usize) -> ArgType,
    ) -> Option<(usize, Rc<Compiled>)> {
        if self.in_flight.get() > 0 {
            self.install_finished();
        }
        let key = Rc::as_ptr(code);
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
            ctx.widened()
        };
        drop(fns);
        // (`--dump ir` and the profitability check read the optimized IR
        // here: then compile at once.)
        if self.config.background_compile
            && !self.config.dump_ir
            && !self.config.profitability_check
        {
            // (One version of a function at a time: the next is due when
            // this one is installed.)
            if self.compiling(code) {
                return None;
            }
            use super::background::Submitted;
            match self.submit_version(code, &target) {
                Submitted::Queued | Submitted::Full => return None,
                Submitted::Failed => return self.install_version(code, target, None),
                Submitted::NoWorker => {}
            }
        }
        let compiled = self.compile(code, &target);
        self.install_version(code, target, compiled)
    }

    /// Install `compiled` as `code`'s version for `target`, its id and code;
    /// or, when it failed to compile, note the failure like a deopt.
    pub(super) fn install_version(
        &self,
        code: &FunctionCode,
        target: ArgContext,
        compiled: Option<Rc<Compiled>>,
    ) -> Option<(usize, Rc<Compiled>)> {
        let calls = code.invocations.get();
        let mut fns = self.fns.borrow_mut();
        let info = fns.entry(code as *const FunctionCode).or_default();
        match compiled {
            Some(c) => {
                let id = self.next_version.get();
                self.next_version.set(id + 1);
                info.table.insert(target.clone(), (id, c.clone()));
                code.calls_want_frame.set(None);
                info.ids.push((id, target));
                info.births.insert(id, super::Birth::new(calls, false));
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
