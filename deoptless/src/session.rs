//! A `Session`: one interpreter with its engine, as the `dlvm` program and the
//! experiment harness use it. It loads a program (running its top level) and
//! can then call one of its functions again and again (the harness times each
//! call), and reports the run's statistics and dumps.

use crate::config::{Config, Mode};
use crate::engine::{Engine, EngineState};
use crate::stats::Stats;
use std::io::Write;
use std::rc::Rc;
use std::time::Instant;
use vm::interp::Interp;

/// What `Session::dump` can print.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Dump {
    Bytecode,
    Feedback,
    Ir,
    Contexts,
    /// Machine code of each compiled version, printed when it is compiled.
    Native,
}

pub struct Session {
    pub interp: Interp,
    pub engine: Option<Rc<EngineState>>,
    pub config: Config,
    started: Instant,
    status: i32,
}

impl Session {
    /// A fresh VM in `config.mode`; `trace` receives `--trace-events` lines.
    pub fn new(config: Config, trace: Option<Box<dyn Write>>) -> Session {
        let mut interp = Interp::new();
        interp.osr_threshold = if config.mode == Mode::Interp {
            0
        } else {
            config.osr_threshold
        };
        let mut engine = None;
        if config.mode != Mode::Interp {
            let e = Engine::new(config.clone(), trace);
            e.attach(&interp.global);
            engine = Some(e.shared.clone());
            interp.tier = Some(Rc::new(e));
        }
        Session {
            interp,
            engine,
            config,
            started: Instant::now(),
            status: 0,
        }
    }

    /// Run a program's top level (as `Rscript FILE`); its output goes to `out` /
    /// `err`. Returns the exit status (0 ok, 1 R error).
    pub fn run_source(
        &mut self,
        src: &str,
        file: &str,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> i32 {
        self.run_bytes(src.as_bytes(), file, out, err)
    }

    /// Run a program file's bytes (as `Rscript FILE` in a UTF-8 locale: see
    /// `vm::driver::run_bytes`). Returns the exit status.
    pub fn run_bytes(
        &mut self,
        bytes: &[u8],
        file: &str,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> i32 {
        let st = vm::driver::run_bytes(&mut self.interp, bytes, file, out, err) as i32;
        if st != 0 {
            self.status = st;
        }
        st
    }

    /// Call the global function `name` without arguments, discarding its value
    /// (what it prints still goes to `out`). Returns the exit status.
    pub fn call(&mut self, name: &str, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
        let src = format!("invisible({}())", name);
        self.run_source(&src, "<harness>", out, err)
    }

    /// The statistics so far.
    pub fn stats(&self) -> Stats {
        let base = match &self.engine {
            Some(sh) => sh.stats.borrow().clone(),
            None => Stats {
                mode: "interp".into(),
                chaos: self.config.chaos,
                seed: self.config.seed,
                ..Stats::default()
            },
        };
        let code = compiler::lower::code_memory();
        let (rss_kb, peak_rss_kb) = crate::stats::rss_kb();
        Stats {
            closure_calls: self.interp.stats.closure_calls,
            builtin_calls: self.interp.stats.builtin_calls,
            builtin_scalar_calls: self.interp.stats.builtin_scalar_calls,
            builtins: self.interp.stats.builtins_by_calls(20),
            generic_ops: self.interp.stats.generic_ops_by_site(20),
            wall_ns: self.started.elapsed().as_nanos() as u64,
            status: self.status,
            code_compiled: code.compiled,
            code_live: code.live,
            code_bytes_live: code.live_bytes,
            code_freed: code.freed,
            code_bytes_freed: code.freed_bytes,
            rss_kb,
            peak_rss_kb,
            ..base
        }
    }

    /// The text of one dump (`--dump`), for every function the program defined.
    pub fn dump(&self, d: Dump) -> String {
        let mut s = String::new();
        if d == Dump::Contexts {
            if let Some(sh) = &self.engine {
                s.push_str(&sh.dump_contexts());
            }
            return s;
        }
        for code in &self.interp.toplevel_code {
            match d {
                Dump::Bytecode => code.dump(&mut s),
                Dump::Feedback => code.dump_feedback(&mut s),
                Dump::Ir => {
                    // The IR the optimizer builds from each function's feedback.
                    let mut funs = Vec::new();
                    compiler::functions_of(code, &mut funs);
                    for f in funs.iter().filter(|f| f.invocations.get() > 0) {
                        s.push_str(&compiler::dump_ir(f));
                    }
                }
                Dump::Contexts | Dump::Native => {}
            }
        }
        if d == Dump::Feedback {
            if let Some(sh) = &self.engine {
                let c = sh.dump_continuation_feedback();
                if !c.is_empty() {
                    s.push_str("feedback overrides of deoptless continuations (slot=bits):\n");
                    s.push_str(&c);
                }
            }
        }
        s
    }
}

/// `dlvm run`: run program `src` (named `file`) in a new session with its
/// output on the process's stdout and stderr, then print the `dump`s to
/// stderr and write the statistics to `stats_path` (JSON); `trace` is the
/// `--trace-events` file. Returns the exit status: the program's (0, or 1
/// after an R error), or 2 if the trace or stats file cannot be written
/// (checked before the run).
pub fn run_to_stdio(
    src: &[u8],
    file: &str,
    config: &Config,
    dump: &[Dump],
    stats_path: Option<&str>,
    trace: Option<&str>,
) -> u8 {
    let trace: Option<Box<dyn Write>> = match trace.map(|p| (p, std::fs::File::create(p))) {
        Some((_, Ok(f))) => Some(Box::new(std::io::BufWriter::new(f))),
        Some((p, Err(e))) => {
            eprintln!("dlvm: cannot write trace to {}: {}", p, e);
            return 2;
        }
        None => None,
    };
    // Refuse an unwritable stats path before running, not after.
    if let Some(p) = stats_path {
        if let Err(e) = std::fs::File::create(p) {
            eprintln!("dlvm: cannot write stats to {}: {}", p, e);
            return 2;
        }
    }
    let mut session = Session::new(config.clone(), trace);
    if stats_path.is_some() {
        session.interp.stats.generic_ops = Some(Default::default());
        session.interp.stats.builtin_counts = Some(vec![0; vm::builtin_names::NAMES.len()]);
    }
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    let status = session.run_bytes(src, file, &mut stdout.lock(), &mut stderr.lock());
    let mut err = stderr.lock();
    for d in dump {
        let _ = err.write_all(session.dump(*d).as_bytes());
    }
    if let Some(p) = stats_path {
        let st = session.stats();
        if let Err(e) = std::fs::write(p, serde_json::to_string_pretty(&st).unwrap()) {
            let _ = writeln!(err, "dlvm: cannot write stats to {}: {}", p, e);
            return 2;
        }
    }
    status as u8
}
