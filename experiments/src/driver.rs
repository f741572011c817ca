//! `experiments run`: choose the experiments, measure each, write its JSON and
//! figures, and print the summary table.

use crate::cli::RunArgs;
use crate::experiments::{self, Experiment};
use crate::harness::{write_result, Harness};
use crate::report::{print_summary, Outcome};
use crate::schema::ExperimentResult;
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
    let selected = select(&args.names)?;
    // A missing suite directory or a malformed suite.conf is an error now,
    // not an empty experiment later.
    crate::suite::load(&args.bench_dir).context("--suite")?;
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
