//! The harness: finds programs, runs configurations as separate worker
//! processes (invocations) with progress bars, caches runs so that experiments
//! sharing a configuration (random_deopt and memory) measure it once, and
//! writes result files.

use crate::cli::RunArgs;
use crate::jobs::{Job, Shard};
use crate::methodology::summarize_run;
use crate::process::run_with_timeout;
use crate::provenance::{machine, revision};
use crate::schema::{
    ExperimentResult, Invocation, Machine, Mode, Revision, Run, RunConfig, Settings, SCHEMA_VERSION,
};
use crate::suite::Suite;
use crate::worker::worker_args;
use crate::{rscript, schema::WorkerOutput};
use anyhow::{Context, Result};
use indicatif::{MultiProgress, ProgressBar, ProgressStyle};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// One planned configuration of an experiment.
pub struct Planned {
    pub benchmark: String,
    pub config: RunConfig,
}

/// How invocations are carried out.
pub enum Executor {
    /// Worker processes on this machine (`run`).
    Local,
    /// Recorded as jobs, not run (`plan`); every invocation "fails".
    Plan(Vec<Job>),
    /// Read from a plan's shards (`merge`), by job key.
    Replay(HashMap<String, Shard>),
}

pub struct Harness {
    /// This binary, re-executed as `worker`.
    pub exe: PathBuf,
    pub args: RunArgs,
    pub rscript: Option<PathBuf>,
    pub machine: Machine,
    pub revision: Revision,
    pub progress: MultiProgress,
    pub executor: Executor,
    cache: HashMap<String, Run>,
}

impl Harness {
    pub fn new(mut args: RunArgs) -> Result<Harness> {
        // Absolute program paths: jobs may run in another directory.
        for d in [&mut args.bench_dir, &mut args.programs_dir] {
            if let Ok(c) = std::fs::canonicalize(&*d) {
                *d = c;
            }
        }
        let exe = std::env::current_exe().context("locate the experiments binary")?;
        let rscript = if args.no_gnur {
            None
        } else {
            rscript::find_rscript()
        };
        Ok(Harness {
            exe,
            rscript,
            machine: machine(),
            revision: revision(),
            progress: MultiProgress::new(),
            executor: Executor::Local,
            cache: HashMap::new(),
            args,
        })
    }

    /// The benchmark suite (`--suite DIR`): every `*.R`/`*.r` program of the
    /// directory with its driver convention (`suite::load`); a missing
    /// directory is an empty suite (the caller notes it).
    pub fn bench_suite(&self) -> Suite {
        crate::suite::load(&self.args.bench_dir).unwrap_or_default()
    }

    /// An experiment program by stem (`phase_sum` → programs/phase_sum.R).
    pub fn program(&self, stem: &str) -> Option<PathBuf> {
        let p = self.args.programs_dir.join(format!("{}.R", stem));
        p.is_file().then_some(p)
    }

    /// A configuration with the VM's default thresholds and no chaos.
    pub fn config(&self, program: &Path, mode: Mode, iterations: usize) -> RunConfig {
        RunConfig {
            program: program.display().to_string(),
            mode,
            iterations,
            chaos: 0.0,
            jit_threshold: 100,
            osr_threshold: 5000,
            max_continuations: self.args.max_continuations,
            deoptless_depth: self.args.deoptless_depth,
            trace: false,
            native_size: 0,
            entry: None,
        }
    }

    /// A fresh result record for experiment `name`.
    pub fn result(&self, name: &str, description: &str, settings: &Settings) -> ExperimentResult {
        ExperimentResult {
            schema_version: SCHEMA_VERSION,
            experiment: name.to_string(),
            description: description.to_string(),
            finished_unix_s: 0,
            machine: self.machine.clone(),
            revision: self.revision.clone(),
            settings: settings.clone(),
            runs: Vec::new(),
            speedups: Vec::new(),
            distributions: Vec::new(),
            headlines: Vec::new(),
            notes: Vec::new(),
            failures: Vec::new(),
            suite_speedup: None,
        }
    }

    /// Run every planned configuration `settings.invocations` times (each
    /// invocation its own process, seed = base seed + index), in plan order
    /// and invocation-interleaved so that slow drift of the machine spreads
    /// evenly over configurations.
    pub fn run_plan(&mut self, title: &str, plan: Vec<Planned>, settings: &Settings) -> Vec<Run> {
        let key = |p: &Planned| {
            format!(
                "{}|{}|{}|{}",
                serde_json::to_string(&p.config).unwrap_or_default(),
                settings.invocations,
                settings.seed,
                settings.warmup
            )
        };
        let todo: Vec<usize> = (0..plan.len())
            .filter(|i| !self.cache.contains_key(&key(&plan[*i])))
            .collect();
        let bar = self
            .progress
            .add(ProgressBar::new((todo.len() * settings.invocations) as u64));
        bar.set_style(
            ProgressStyle::with_template(
                "{prefix:>14} [{bar:30}] {pos}/{len} {elapsed_precise} eta {eta} {msg}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
        );
        bar.set_prefix(title.to_string());
        let mut fresh: HashMap<usize, Run> = todo
            .iter()
            .map(|i| {
                (
                    *i,
                    Run {
                        benchmark: plan[*i].benchmark.clone(),
                        config: plan[*i].config.clone(),
                        invocations: Vec::new(),
                        time_ms: None,
                        steady_state: None,
                    },
                )
            })
            .collect();
        for inv in 0..settings.invocations {
            for i in &todo {
                let p = &plan[*i];
                bar.set_message(format!("{} {}", p.benchmark, p.config.mode.name()));
                let seed = settings.seed + inv as u64;
                let (output, error) = match self.invoke(&p.config, seed, settings) {
                    Ok(o) => (Some(o), None),
                    Err(e) if matches!(self.executor, Executor::Plan(_)) => {
                        (None, Some(format!("{:#}", e)))
                    }
                    Err(e) => {
                        let msg = format!("{:#}", e);
                        bar.println(format!(
                            "  {} {} invocation {}: {}",
                            p.benchmark,
                            p.config.mode.name(),
                            inv,
                            msg.lines().next().unwrap_or("")
                        ));
                        (None, Some(msg))
                    }
                };
                if let Some(run) = fresh.get_mut(i) {
                    run.invocations.push(Invocation {
                        index: inv,
                        seed,
                        output,
                        error,
                    });
                }
                bar.inc(1);
            }
        }
        bar.finish_and_clear();
        self.progress.remove(&bar);
        plan.iter()
            .enumerate()
            .map(|(i, p)| {
                let k = key(p);
                if let Some(mut run) = fresh.remove(&i) {
                    summarize_run(&mut run, settings.warmup);
                    self.cache.insert(k, run.clone());
                    run
                } else {
                    self.cache[&k].clone()
                }
            })
            .collect()
    }

    /// One invocation: a worker process, or Rscript for GNU R (or a job
    /// recorded, or a shard read back).
    fn invoke(&mut self, cfg: &RunConfig, seed: u64, settings: &Settings) -> Result<WorkerOutput> {
        match &mut self.executor {
            Executor::Local => execute(
                &self.exe,
                self.rscript.as_deref(),
                cfg,
                seed,
                settings.timeout_s,
                &self.args.out.join(".scratch"),
            ),
            Executor::Plan(jobs) => {
                let key = Job::key(cfg, seed);
                if !jobs.iter().any(|j| Job::key(&j.config, j.seed) == key) {
                    jobs.push(Job {
                        index: jobs.len(),
                        config: cfg.clone(),
                        seed,
                        timeout_s: settings.timeout_s,
                    });
                }
                anyhow::bail!("planned, not run")
            }
            Executor::Replay(shards) => {
                let shard = shards
                    .get(&Job::key(cfg, seed))
                    .context("no shard for this job (not run yet?)")?;
                match (&shard.output, &shard.error) {
                    (Some(o), _) => Ok(o.clone()),
                    (None, e) => Err(anyhow::anyhow!(
                        "{}",
                        e.clone().unwrap_or_else(|| "failed".into())
                    )),
                }
            }
        }
    }
}

/// Run one invocation of `cfg` with `seed` on this machine: a worker process
/// (this binary) or Rscript, killed after `timeout_s`.
pub fn execute(
    exe: &Path,
    rscript: Option<&Path>,
    cfg: &RunConfig,
    seed: u64,
    timeout_s: u64,
    scratch: &Path,
) -> Result<WorkerOutput> {
    let timeout = Duration::from_secs(timeout_s);
    if cfg.mode == Mode::Gnur {
        let r = rscript.context("Rscript is not on PATH")?;
        return rscript::run(
            r,
            Path::new(&cfg.program),
            cfg.entry.as_deref(),
            cfg.iterations,
            scratch,
            timeout,
        );
    }
    let mut cmd = Command::new(exe);
    cmd.args(worker_args(cfg, seed));
    let out = run_with_timeout(cmd, timeout)?;
    serde_json::from_slice(&out).context("worker printed no valid JSON")
}

pub use crate::suite::r_files;

/// A program's stem: `bench/fib.R` → `fib`.
pub fn stem(p: &Path) -> String {
    p.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// Write `result` as `out/NAME.json` (pretty-printed).
pub fn write_result(out: &Path, result: &mut ExperimentResult) -> Result<PathBuf> {
    // SOURCE_DATE_EPOCH (the reproducible-builds convention) fixes the
    // timestamp, so that two runs of the same data write identical files.
    result.finished_unix_s = std::env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_secs())
                .unwrap_or(0)
        });
    std::fs::create_dir_all(out)?;
    let path = out.join(format!("{}.json", result.experiment));
    std::fs::write(&path, serde_json::to_string_pretty(result)?)
        .with_context(|| format!("write {}", path.display()))?;
    Ok(path)
}
