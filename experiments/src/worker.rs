//! The `worker` subcommand: one measured process. It loads an R program into a
//! fresh `Session` (running its top level once, output discarded), then times
//! `run()` calls, and prints one `WorkerOutput` JSON object on stdout. The
//! parent builds its command line with `worker_args`.

use crate::cli::WorkerArgs;
use crate::native::Kernel;
use crate::provenance::peak_rss_kib;
use crate::schema::{Latencies, Mode, RunConfig, VmCounters, WorkerOutput};
use crate::trace::TraceSink;
use anyhow::{anyhow, bail, Context, Result};
use deoptless::config::{Config, Mode as VmMode};
use deoptless::session::Session;
use std::cell::RefCell;
use std::io::Write;
use std::rc::Rc;
use std::time::Instant;

/// The command line (after the binary) that makes a worker run `cfg` with `seed`.
pub fn worker_args(cfg: &RunConfig, seed: u64) -> Vec<String> {
    let mut a = vec![
        "worker".to_string(),
        "--program".into(),
        cfg.program.clone(),
        "--mode".into(),
        cfg.mode.id().to_string(),
        "--iterations".into(),
        cfg.iterations.to_string(),
        "--chaos".into(),
        cfg.chaos.to_string(),
        "--seed".into(),
        seed.to_string(),
        "--jit-threshold".into(),
        cfg.jit_threshold.to_string(),
        "--osr-threshold".into(),
        cfg.osr_threshold.to_string(),
        "--max-continuations".into(),
        cfg.max_continuations.to_string(),
        "--deoptless-depth".into(),
        cfg.deoptless_depth.to_string(),
        "--native-size".into(),
        cfg.native_size.to_string(),
    ];
    if cfg.trace {
        a.push("--trace".into());
    }
    if let Some(e) = &cfg.entry {
        a.push("--entry".into());
        a.push(e.clone());
    }
    a
}

/// Run the worker and print its JSON report; errors go to the caller (which
/// prints them on stderr and exits non-zero).
pub fn main(args: WorkerArgs) -> Result<()> {
    if let Some(jobs) = &args.jobs {
        let shard = crate::jobs::run_job(jobs, args.index)?;
        println!("{}", shard.display());
        return Ok(());
    }
    let Some(mode) = args.mode else {
        bail!("--mode is required (or --jobs FILE to run a planned job)");
    };
    if args.program.is_empty() {
        bail!("--program is required (or --jobs FILE to run a planned job)");
    }
    let output = match mode {
        Mode::Native => run_native(&args)?,
        Mode::Interp | Mode::Deopt | Mode::Deoptless => {
            // R programs recurse deeply: run the VM on a thread with a big stack.
            std::thread::Builder::new()
                .stack_size(1 << 30)
                .spawn(move || run_vm(&args))
                .context("spawn the VM thread")?
                .join()
                .map_err(|_| anyhow!("the VM panicked"))??
        }
        Mode::Gnur => bail!("GNU R runs through Rscript, not a worker"),
    };
    let mut stdout = std::io::stdout().lock();
    serde_json::to_writer(&mut stdout, &output)?;
    writeln!(stdout)?;
    Ok(())
}

fn vm_config(args: &WorkerArgs) -> Config {
    Config {
        mode: match args.mode.unwrap_or(Mode::Interp) {
            Mode::Deopt => VmMode::Deopt,
            Mode::Deoptless => VmMode::Deoptless,
            _ => VmMode::Interp,
        },
        jit_threshold: args.jit_threshold,
        osr_threshold: args.osr_threshold,
        chaos: args.chaos,
        seed: args.seed,
        max_continuations: args.max_continuations,
        deoptless_depth: args.deoptless_depth,
        profitability_check: args.profitability_check,
        ..Config::default()
    }
}

fn run_vm(args: &WorkerArgs) -> Result<WorkerOutput> {
    let src = std::fs::read_to_string(&args.program)
        .with_context(|| format!("cannot read {}", args.program))?;
    let latencies = Rc::new(RefCell::new(Latencies::default()));
    let sink: Option<Box<dyn Write>> = if args.trace {
        Some(Box::new(TraceSink::new(latencies.clone())))
    } else {
        None
    };
    let mut session = Session::new(vm_config(args), sink);
    let mut out = std::io::sink();
    let mut err = Vec::new();
    let t0 = Instant::now();
    let status = session.run_source(&src, &args.program, &mut out, &mut err);
    let load_ns = t0.elapsed().as_nanos() as u64;
    if status != 0 {
        bail!(
            "{}: top level failed (status {}): {}",
            args.program,
            status,
            tail(&err)
        );
    }
    // Another driver convention (`execute(35L)`): a function of no arguments
    // calls it, so that every timed call is the same `call` as `run()`.
    let function = match &args.entry {
        Some(entry) => {
            let def = format!(".dlvm_entry <- function() {}\n", entry);
            if session.run_source(&def, "<harness>", &mut out, &mut err) != 0 {
                bail!(
                    "{}: cannot define the entry {}: {}",
                    args.program,
                    entry,
                    tail(&err)
                );
            }
            ".dlvm_entry"
        }
        None => "run",
    };
    let shown = args.entry.as_deref().unwrap_or("run()");
    let mut iter_ns = Vec::with_capacity(args.iterations);
    for i in 0..args.iterations {
        let t = Instant::now();
        let status = session.call(function, &mut out, &mut err);
        iter_ns.push(t.elapsed().as_nanos() as u64);
        if status != 0 {
            bail!(
                "{}: {} failed in iteration {} (status {}): {}",
                args.program,
                shown,
                i + 1,
                status,
                tail(&err)
            );
        }
    }
    let counters: VmCounters = session.stats();
    drop(session); // flushes the trace sink
    let latencies = args.trace.then(|| latencies.borrow().clone());
    Ok(WorkerOutput {
        iter_ns,
        load_ns,
        peak_rss_kib: peak_rss_kib(),
        counters: Some(counters),
        latencies,
    })
}

fn run_native(args: &WorkerArgs) -> Result<WorkerOutput> {
    let t0 = Instant::now();
    let kernel = Kernel::new(&args.program, args.native_size).map_err(|e| anyhow!(e))?;
    std::hint::black_box(kernel.run());
    let load_ns = t0.elapsed().as_nanos() as u64;
    let iter_ns = (0..args.iterations)
        .map(|_| {
            let t = Instant::now();
            std::hint::black_box(kernel.run());
            t.elapsed().as_nanos() as u64
        })
        .collect();
    Ok(WorkerOutput {
        iter_ns,
        load_ns,
        peak_rss_kib: peak_rss_kib(),
        counters: None,
        latencies: None,
    })
}

/// The last few hundred bytes of an error stream, for messages.
pub fn tail(bytes: &[u8]) -> String {
    let s = String::from_utf8_lossy(bytes);
    let s = s.trim();
    let start = s.char_indices().rev().nth(400).map(|(i, _)| i).unwrap_or(0);
    s[start..].to_string()
}
