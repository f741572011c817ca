//! `random_deopt` (the paper's Figure 6): every benchmark under random
//! assumption failures (P = 1/10000, seeded per invocation); per-iteration
//! speedup of deoptless over deopt.

use super::common::{note_failures, plan_suite, speedup_headlines, CHAOS};
use crate::harness::Harness;
use crate::methodology::deoptless_over_deopt;
use crate::plots::{caption, save, DotFigure};
use crate::schema::{ExperimentResult, Mode, Settings};
use anyhow::Result;
use std::path::Path;

/// The runs random_deopt and memory share (measured once per `run all`).
pub fn chaos_runs(h: &mut Harness, result: &mut ExperimentResult, settings: &Settings) {
    let suite = h.bench_suite();
    let plan = plan_suite(
        h,
        &suite,
        &[Mode::Deopt, Mode::Deoptless],
        settings,
        CHAOS,
        result,
    );
    result.runs = h.run_plan(&result.experiment.clone(), plan, settings);
    result.notes.push(format!(
        "chaos probability {} per speculation check; invocation k uses seed {} + k",
        CHAOS, settings.seed
    ));
    note_failures(result);
}

pub fn measure(h: &mut Harness, settings: &Settings) -> Result<ExperimentResult> {
    let mut result = h.result(
        "random_deopt",
        super::find("random_deopt").map_or("", |e| e.description),
        settings,
    );
    chaos_runs(h, &mut result, settings);
    result.speedups = deoptless_over_deopt(&result.runs, settings.warmup);
    speedup_headlines(&mut result);
    Ok(result)
}

pub fn plot(result: &ExperimentResult, base: &Path) -> Result<()> {
    let warmup = result.settings.warmup;
    // Results of schema 1 have no intervals: compute them (same seed).
    let mut owned;
    let result = if result.suite_speedup.is_none() && !result.speedups.is_empty() {
        owned = result.clone();
        for s in &mut owned.speedups {
            let steady: Vec<Vec<f64>> = s
                .ratios
                .iter()
                .map(|r| r.iter().skip(warmup).copied().collect())
                .collect();
            s.ci95 = crate::methodology::bootstrap_geomean(
                &[steady],
                crate::methodology::RESAMPLES,
                crate::methodology::BOOTSTRAP_SEED,
            );
        }
        owned.suite_speedup = crate::methodology::suite_speedup(&owned.speedups, warmup);
        &owned
    } else {
        result
    };
    let fig = DotFigure {
        title: "Random failures (P = 1/10000): speedup of deoptless over deopt".into(),
        y_label: format!(
            "speedup per iteration, deopt / deoptless (log; first {} iterations excluded)",
            warmup
        ),
        categories: result
            .speedups
            .iter()
            .map(|s| s.benchmark.clone())
            .collect(),
        dots: result
            .speedups
            .iter()
            .map(|s| {
                s.ratios
                    .iter()
                    .flat_map(|r| r.iter().skip(warmup).copied())
                    .collect()
            })
            .collect(),
        means: result
            .speedups
            .iter()
            .map(|s| s.summary.as_ref().map(|x| x.geomean))
            .collect(),
        intervals: result
            .speedups
            .iter()
            .map(|s| s.ci95.as_ref().map(|c| (c.lo, c.hi)))
            .collect(),
        overall: result.suite_speedup.as_ref().map(|s| {
            (
                format!(
                    "suite geomean over {}: {}",
                    s.benchmarks,
                    super::common::with_ci(s.geomean, s.ci95.as_ref())
                ),
                s.geomean,
                s.ci95.as_ref().map(|c| (c.lo, c.hi)),
            )
        }),
        reference: Some(1.0),
    };
    save(&fig, base, &caption(result))
}
