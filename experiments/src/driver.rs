//! `experiments run`: choose the experiments, measure each, write its JSON and
//! figures, and print the summary table.

use crate::cli::RunArgs;
use crate::experiments::{self, Experiment};
use crate::harness::{write_result, Executor, Harness};
use crate::jobs;
use crate::report::{print_summary, Outcome};
use crate::schema::ExperimentResult;
use crate::schema::{Machine, Revision};
use anyhow::{bail, Context, Result};
use std::path::Path;
use std::time::Instant;

/// Resolve names (`all` = every experiment, in order).
pub fn select(names: &[String]) -> Result<Vec<&'static Experiment>> {
    let mut v: Vec<&'static Experiment> = Vec::new();
    for n in names {
        if n == "all" {
            v.extend(experiments::ALL.iter());
        } else if let Some(e) = experiments::find(n) {
            v.push(e);
        } else {
            let known: Vec<&str> = experiments::ALL.iter().map(|e| e.name).collect();
            bail!(
                "unknown experiment '{}' (known: all, {})",
                n,
                known.join(", ")
            );
        }
    }
    let mut seen = std::collections::HashSet::new();
    v.retain(|e| seen.insert(e.name));
    Ok(v)
}

/// Run the selected experiments; an experiment that fails is reported and the
/// others still run. Errors only for bad arguments.
pub fn run(args: RunArgs) -> Result<Vec<Outcome>> {
    run_with(args, Executor::Local, None)
}

/// `experiments plan`: the jobs of `args`' experiments, written to `dir`.
pub fn plan(args: RunArgs, dir: &Path) -> Result<usize> {
    let selected = select(&args.names)?;
    crate::suite::load(&args.bench_dir).context("--suite")?;
    let mut h = Harness::new(args.clone())?;
    h.executor = Executor::Plan(Vec::new());
    for e in selected {
        let settings = experiments::settings(e, &h.args);
        (e.measure)(&mut h, &settings)?;
    }
    let Executor::Plan(jobs) = std::mem::replace(&mut h.executor, Executor::Local) else {
        unreachable!("the executor stays Plan");
    };
    // plan.json with the harness's absolute suite and programs directories:
    // merge may run in another directory (a Slurm job's working directory).
    jobs::write_jobs(dir, &jobs, &h.args, h.rscript.is_some())?;
    Ok(jobs.len())
}

/// `experiments merge`: the plan in `dir` replayed from its shards into `out`.
pub fn merge(dir: &Path, out: &Path) -> Result<Vec<Outcome>> {
    let plan = jobs::read_plan(dir)?;
    let jobs = jobs::read_jobs(&jobs::jobs_file(dir))?;
    let shards = jobs::read_shards(dir, &jobs)?;
    let missing = jobs
        .iter()
        .filter(|j| !shards.contains_key(&jobs::Job::key(&j.config, j.seed)))
        .count();
    if missing > 0 {
        eprintln!(
            "experiments: {} of {} jobs have no shard in {}; they are reported as failed",
            missing,
            jobs.len(),
            jobs::shard_dir(dir).display()
        );
    }
    // Provenance from the workers (the lowest job index that ran).
    let first = jobs
        .iter()
        .find_map(|j| shards.get(&jobs::Job::key(&j.config, j.seed)))
        .map(|s| (s.machine.clone(), s.revision.clone()));
    let mut args = plan.args;
    args.out = out.to_path_buf();
    let gnur = plan.gnur.then(|| std::path::PathBuf::from("Rscript"));
    run_with(args, Executor::Replay(shards), Some((gnur, first)))
}

type Provenance = (Option<std::path::PathBuf>, Option<(Machine, Revision)>);

fn run_with(args: RunArgs, executor: Executor, replay: Option<Provenance>) -> Result<Vec<Outcome>> {
    let selected = select(&args.names)?;
    // A missing suite directory or a malformed suite.conf is an error now,
    // not an empty experiment later (merge replays a suite that was read).
    if matches!(executor, Executor::Local) {
        crate::suite::load(&args.bench_dir).context("--suite")?;
    }
    if !args.out.is_dir() {
        std::fs::create_dir_all(&args.out).with_context(|| {
            format!("cannot create the output directory {}", args.out.display())
        })?;
        eprintln!("experiments: created {}", args.out.display());
    }
    // Refuse an unwritable output directory before measuring for minutes.
    let probe = args.out.join(".write-test");
    std::fs::write(&probe, b"").with_context(|| {
        format!(
            "cannot write to the output directory {}",
            args.out.display()
        )
    })?;
    let _ = std::fs::remove_file(&probe);
    let out = args.out.clone();
    let mut h = Harness::new(args)?;
    h.executor = executor;
    if let Some((rscript, provenance)) = replay {
        h.rscript = rscript;
        if let Some((m, r)) = provenance {
            h.machine = m;
            h.revision = r;
        }
    }
    let started = Instant::now();
    let mut outcomes = Vec::new();
    for e in selected {
        let settings = experiments::settings(e, &h.args);
        let t0 = Instant::now();
        let _ = h.progress.println(format!(
            "== {} ({} invocations x {} iterations, warmup {})",
            e.name, settings.invocations, settings.iterations, settings.warmup
        ));
        let outcome = (e.measure)(&mut h, &settings).and_then(|mut result| {
            let json = write_result(&out, &mut result)?;
            (e.plot)(&result, &out.join(e.name))?;
            Ok((result, json))
        });
        outcomes.push(match outcome {
            Ok((result, _)) => Outcome {
                name: e.name.to_string(),
                seconds: t0.elapsed().as_secs_f64(),
                result: Some(result),
                error: None,
            },
            Err(err) => Outcome {
                name: e.name.to_string(),
                seconds: t0.elapsed().as_secs_f64(),
                result: None,
                error: Some(format!("{:#}", err)),
            },
        });
    }
    let _ = std::fs::remove_dir_all(out.join(".scratch"));
    print_summary(&outcomes, started.elapsed().as_secs_f64(), &out);
    Ok(outcomes)
}

/// Redraw the figures of `names` (default: every experiment with a JSON in `out`).
pub fn replot(names: &[String], out: &Path) -> Result<()> {
    let all = vec!["all".to_string()];
    let names = if names.is_empty() { &all } else { names };
    if !out.is_dir() {
        bail!("plot --out {}: no such directory", out.display());
    }
    let mut drawn = 0;
    for e in select(names)? {
        let json = out.join(format!("{}.json", e.name));
        if !json.is_file() && *names == all {
            continue;
        }
        drawn += 1;
        let text =
            std::fs::read_to_string(&json).with_context(|| format!("read {}", json.display()))?;
        let result: ExperimentResult =
            serde_json::from_str(&text).with_context(|| format!("parse {}", json.display()))?;
        (e.plot)(&result, &out.join(e.name))?;
        println!("{}: {}.png, {}.svg", e.name, e.name, e.name);
    }
    if drawn == 0 {
        bail!("plot: no results (NAME.json) in {}", out.display());
    }
    Ok(())
}
