//! `memory`: peak resident set size per worker process, deopt vs deoptless,
//! under the same random failures as `random_deopt` (same runs when both run).

use super::random_deopt::chaos_runs;
use crate::harness::Harness;
use crate::methodology::summarize;
use crate::plots::{caption, save, BarFigure};
use crate::schema::{ExperimentResult, Headline, Mode, Run, Settings};
use anyhow::Result;
use std::path::Path;

pub fn measure(h: &mut Harness, settings: &Settings) -> Result<ExperimentResult> {
    let mut result = h.result(
        "memory",
        super::find("memory").map_or("", |e| e.description),
        settings,
    );
    chaos_runs(h, &mut result, settings);
    let mut ratios = Vec::new();
    for b in benchmarks(&result) {
        let d = mean_peak_mib(&result, &b, Mode::Deopt);
        let l = mean_peak_mib(&result, &b, Mode::Deoptless);
        if let (Some(d), Some(l)) = (d, l) {
            ratios.push(l / d);
        }
    }
    if let Some(s) = summarize(&ratios) {
        result.headlines.push(Headline {
            label: "peak RSS deoptless/deopt (geomean over benchmarks)".into(),
            value: format!("{:.3} (min {:.3}, max {:.3})", s.geomean, s.min, s.max),
        });
    }
    Ok(result)
}

fn benchmarks(result: &ExperimentResult) -> Vec<String> {
    let mut v: Vec<String> = Vec::new();
    for r in &result.runs {
        if !v.contains(&r.benchmark) {
            v.push(r.benchmark.clone());
        }
    }
    v
}

/// Mean over successful invocations of the peak RSS, in MiB.
pub fn mean_peak_mib(result: &ExperimentResult, benchmark: &str, mode: Mode) -> Option<f64> {
    let run: &Run = result
        .runs
        .iter()
        .find(|r| r.benchmark == benchmark && r.config.mode == mode)?;
    let xs: Vec<f64> = run
        .outputs()
        .filter_map(|o| o.peak_rss_kib)
        .map(|k| k as f64 / 1024.0)
        .collect();
    (!xs.is_empty()).then(|| xs.iter().sum::<f64>() / xs.len() as f64)
}

pub fn plot(result: &ExperimentResult, base: &Path) -> Result<()> {
    let cats = benchmarks(result);
    let series = [Mode::Deopt, Mode::Deoptless]
        .iter()
        .map(|m| {
            (
                m.name().to_string(),
                cats.iter().map(|b| mean_peak_mib(result, b, *m)).collect(),
            )
        })
        .collect();
    save(
        &BarFigure {
            title: "Peak memory per process under random failures (P = 1/10000)".into(),
            y_label: "peak RSS (MiB)".into(),
            categories: cats,
            series,
            log_y: false,
        },
        base,
        &caption(result),
    )
}
