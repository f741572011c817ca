//! Background compilation (`--background-compile`): a function's version
//! is compiled while the interpreter goes on running it, and installed at
//! a later call. The IR is built from the bytecode and feedback on the
//! interpreter's thread (`pipeline::defer`: they are the interpreter's
//! values); the passes, the lowering and Cranelift's code generation, about
//! nine tenths of a compile, run on one worker thread
//! (`pipeline::Deferred::run`, which owns everything it touches). The
//! machine code comes back over a channel and is installed at the next call
//! of any function that reaches `version_for`.
//!
//! Why: a short program (pidigits runs 20 ms interpreted) spent 80% of its
//! instructions compiling, on the thread that runs R code, while the second
//! core idled. With compilation in the background it runs at the
//! interpreter's speed until its code is ready.
//!
//! Only function versions compile in the background. OSR-in code compiles
//! on the spot: its loop is hot now, and compiled code that arrives later
//! costs more iterations in the interpreter (several times slower) than
//! the compile takes. Tried: OSR-in in the background, the interpreter
//! asking again every 1000 backward jumps, was 10-38% slower in wall time
//! on fannkuchredux_naive, matrix-for, nbody_naive and a top-level loop.
//! Deoptless continuations also compile on the spot (the exit waits for
//! one, and their dispatch is what the experiments measure), and so does
//! everything with `--dump ir` or `--profitability-check` (both read the
//! optimized IR on this thread). The switch is off in `Config::default()`: experiments and
//! tests that count compiles and exits need the same counts in every run;
//! the command line turns it on.
//!
//! It must not know how versions are chosen or entered (`versions`,
//! `native` do).

use super::versions::CompileKind;
use super::EngineState;
use compiler::build::Entry;
use compiler::context::ArgContext;
use compiler::lower::CalleeCaches;
use compiler::pipeline::Deferred;
use std::collections::HashMap;
use std::rc::{Rc, Weak};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::time::Instant;
use vm::bytecode::FunctionCode;

/// Versions compiling at once, at most. A due function finding the queue
/// full stays interpreted and asks again at its next call, so the worker
/// gets the functions called most often, and the interpreter's thread does
/// not prepare compiles the worker would reach only after the program
/// ended (pidigits prepared 49, of which 10 were finished in time).
pub const MAX_IN_FLIGHT: usize = 2;

/// The code generation thread and its two channels.
struct Worker {
    jobs: Sender<(u64, Deferred)>,
    done: Receiver<(u64, Deferred)>,
}

impl Worker {
    /// `None` when no thread can be started (then compiles run on the spot).
    fn spawn() -> Option<Worker> {
        let (jobs, todo) = channel::<(u64, Deferred)>();
        let (finished, done) = channel();
        std::thread::Builder::new()
            .name("dlvm-codegen".into())
            // (The passes ran on the interpreter's thread, whose stack is
            // 1 GB; this one is reserved, not touched, beyond what they use.)
            .stack_size(256 << 20)
            .spawn(move || {
                compiler::lower::warm_up(cfg!(debug_assertions));
                for (id, mut job) in todo {
                    let t = Instant::now();
                    job.run();
                    job.times.worker_ns = t.elapsed().as_nanos() as u64;
                    if finished.send((id, job)).is_err() {
                        break;
                    }
                }
            })
            .ok()?;
        Some(Worker { jobs, done })
    }
}

/// What became of a compile handed to the background.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Submitted {
    /// It compiles; the code is installed when ready.
    Queued,
    /// Too many compiles in flight: ask again later.
    Full,
    /// Its IR could not be built (final, as a failed compile).
    Failed,
    /// No worker thread runs: compile on the spot.
    NoWorker,
}

/// A compile in the background: what it is for, and the caches its code
/// will use.
struct Job {
    code: Weak<FunctionCode>,
    /// The version's argument context.
    target: ArgContext,
    caches: CalleeCaches,
    /// Time the interpreter's thread spent building its IR.
    defer_ns: u64,
    submitted: Instant,
}

/// The engine's background compiles (`EngineState::background`).
#[derive(Default)]
pub(super) struct Background {
    /// Started at the first job; `Err` once starting it failed.
    worker: Option<Result<Worker, ()>>,
    jobs: HashMap<u64, Job>,
    next_id: u64,
}

impl EngineState {
    /// Start the worker thread (once), so that it is ready, its Cranelift
    /// settings built, when the first version is due; its job queue.
    pub(super) fn start_background(&self) -> Option<Sender<(u64, Deferred)>> {
        let mut bg = self.background.borrow_mut();
        match bg.worker.get_or_insert_with(|| Worker::spawn().ok_or(())) {
            Ok(w) => Some(w.jobs.clone()),
            Err(()) => None,
        }
    }

    /// Compile a version of `code` for `target` in the background.
    pub(super) fn submit_version(&self, code: &Rc<FunctionCode>, target: &ArgContext) -> Submitted {
        if self.in_flight.get() >= MAX_IN_FLIGHT {
            return Submitted::Full;
        }
        let Some(worker) = self.start_background() else {
            return Submitted::NoWorker;
        };
        let t0 = Instant::now();
        let kind = CompileKind::Version;
        let entry = &Entry::call(code, target);
        let (deferred, caches) =
            match compiler::pipeline::defer(code, entry, self.compile_options(entry, kind)) {
                Ok(d) => d,
                Err(why) => {
                    self.not_compiled(code, entry.pc, &target.to_string(), kind.event(), why);
                    return Submitted::Failed;
                }
            };
        let mut bg = self.background.borrow_mut();
        let id = bg.next_id;
        bg.next_id += 1;
        if worker.send((id, deferred)).is_err() {
            return Submitted::NoWorker;
        }
        let defer_ns = t0.elapsed().as_nanos() as u64;
        bg.jobs.insert(
            id,
            Job {
                code: Rc::downgrade(code),
                target: target.clone(),
                caches,
                defer_ns,
                submitted: Instant::now(),
            },
        );
        self.in_flight.set(bg.jobs.len());
        self.stats.borrow_mut().compile_ns_total += defer_ns;
        Submitted::Queued
    }

    /// Install every version whose code is ready (a function whose code was
    /// freed meanwhile gets nothing).
    pub(super) fn install_finished(&self) {
        loop {
            let mut bg = self.background.borrow_mut();
            let Some(Ok(worker)) = &bg.worker else { return };
            let Ok((id, deferred)) = worker.done.try_recv() else {
                return;
            };
            let Some(job) = bg.jobs.remove(&id) else {
                continue;
            };
            self.in_flight.set(bg.jobs.len());
            drop(bg);
            let Some(code) = job.code.upgrade() else {
                continue;
            };
            let t0 = Instant::now();
            let times = deferred.times;
            let label = &job.target.to_string();
            let kind = CompileKind::Version;
            let pc = 0;
            let compiled = match compiler::pipeline::finish(&code, deferred, job.caches) {
                Ok(c) => {
                    let main_ns = job.defer_ns + t0.elapsed().as_nanos() as u64;
                    let queued_ns = job.submitted.elapsed().as_nanos() as u64;
                    self.compiled(&code, pc, label, kind, &c, &times, |e| {
                        e.insert("ns".into(), main_ns.into());
                        e.insert("background".into(), true.into());
                        e.insert("worker_ns".into(), times.worker_ns.into());
                        e.insert("queued_ns".into(), queued_ns.into());
                    });
                    Some(Rc::new(c))
                }
                Err(why) => {
                    self.not_compiled(&code, pc, label, kind.event(), why);
                    None
                }
            };
            {
                let mut st = self.stats.borrow_mut();
                st.compile_ns_total += t0.elapsed().as_nanos() as u64;
                st.background_worker_ns_total += times.worker_ns;
                if compiled.is_some() {
                    st.functions_compiled += 1;
                    st.background_compiles += 1;
                }
            }
            self.install_version(&code, job.target, compiled);
        }
    }

    /// Whether `code` has a version being compiled.
    pub(super) fn compiling(&self, code: &FunctionCode) -> bool {
        self.in_flight.get() > 0
            && self
                .background
                .borrow()
                .jobs
                .values()
                .any(|j| std::ptr::eq(j.code.as_ptr(), code))
    }
}
