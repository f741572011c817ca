//! Pieces several experiments share: planning deopt-vs-deoptless runs of
//! named programs, notes about failures, headline numbers and per-iteration
//! line panels.

use crate::harness::{stem, Harness, Planned};
use crate::methodology::{deoptless_over_deopt, summarize};
use crate::plots::{LinePanel, Series};
use crate::schema::{ExperimentResult, Failure, Headline, Mode, Run, Settings, Speedup};
use crate::suite::Suite;
use std::path::PathBuf;

/// Random assumption failures in `random_deopt`, `memory` and `costs`.
pub const CHAOS: f64 = 1.0 / 10_000.0;

/// Plan `modes` for each of `programs`, with `chaos`.
pub fn plan(
    h: &Harness,
    programs: &[PathBuf],
    modes: &[Mode],
    settings: &Settings,
    chaos: f64,
) -> Vec<Planned> {
    let mut plan = Vec::new();
    for p in programs {
        for m in modes {
            let mut config = h.config(p, *m, settings.iterations);
            config.chaos = chaos;
            plan.push(Planned {
                benchmark: stem(p),
                config,
            });
        }
    }
    plan
}

/// Plan `modes` for each program of a suite (with its driver entry), with
/// `chaos`; programs the suite could not resolve are recorded as failures.
pub fn plan_suite(
    h: &Harness,
    suite: &Suite,
    modes: &[Mode],
    settings: &Settings,
    chaos: f64,
    result: &mut ExperimentResult,
) -> Vec<Planned> {
    let mut plan = Vec::new();
    for p in &suite.programs {
        for m in modes {
            let mut config = h.config(&p.path, *m, settings.iterations);
            config.chaos = chaos;
            config.entry = p.entry.clone();
            plan.push(Planned {
                benchmark: p.name.clone(),
                config,
            });
        }
    }
    for (name, why) in &suite.unresolved {
        result
            .notes
            .push(format!("{} [all] not run (failed): {}", name, why));
        result.failures.push(Failure {
            benchmark: name.clone(),
            mode: "all".into(),
            failed: 0,
            of: 0,
            error: why.clone(),
        });
    }
    if suite.programs.is_empty() {
        result.notes.push(format!(
            "no benchmark programs (*.R, *.r) in {}",
            h.args.bench_dir.display()
        ));
    }
    plan
}

/// The first line of a worker's error worth showing: the R error line if
/// there is one (`Error in f() : boom`), else the first line.
pub fn first_error_line(e: &str) -> String {
    let line = e
        .lines()
        .find_map(|l| l.find("Error").map(|i| &l[i..]))
        .or_else(|| e.lines().next())
        .unwrap_or("");
    line.trim().to_string()
}

/// The programs-directory programs named by `stems`, noting missing ones.
pub fn named_programs(h: &Harness, stems: &[&str], result: &mut ExperimentResult) -> Vec<PathBuf> {
    stems
        .iter()
        .filter_map(|s| {
            let p = h.program(s);
            if p.is_none() {
                result.notes.push(format!(
                    "program {}.R not found in {}; skipped",
                    s,
                    h.args.programs_dir.display()
                ));
            }
            p
        })
        .collect()
}

/// Deopt-vs-deoptless per iteration over named programs: runs, speedups,
/// headlines (phase_sum, colsum, reopt).
pub fn compare_deopt_deoptless(
    h: &mut Harness,
    result: &mut ExperimentResult,
    stems: &[&str],
    settings: &Settings,
) {
    let programs = named_programs(h, stems, result);
    let plan = plan(h, &programs, &[Mode::Deopt, Mode::Deoptless], settings, 0.0);
    result.runs = h.run_plan(&result.experiment.clone(), plan, settings);
    result.speedups = deoptless_over_deopt(&result.runs, settings.warmup);
    note_failures(result);
    for r in &result.runs {
        if let Some(t) = &r.time_ms {
            result.headlines.push(Headline {
                label: format!("{} {} total", r.benchmark, r.config.mode.name()),
                value: format!("{:.1} ms/invocation", t.mean * settings.iterations as f64),
            });
        }
    }
    speedup_headlines(result);
}

/// A note per failed invocation (the first line of its error).
pub fn note_failures(result: &mut ExperimentResult) {
    let mut notes = Vec::new();
    for r in &result.runs {
        let failed: Vec<&String> = r
            .invocations
            .iter()
            .filter_map(|i| i.error.as_ref())
            .collect();
        if let Some(first) = failed.first() {
            result.failures.push(Failure {
                benchmark: r.benchmark.clone(),
                mode: r.config.mode.id().to_string(),
                failed: failed.len(),
                of: r.invocations.len(),
                error: first_error_line(first),
            });
        }
        for inv in &r.invocations {
            if let Some(e) = &inv.error {
                notes.push(format!(
                    "{} [{}] invocation {} failed: {}",
                    r.benchmark,
                    r.config.mode.name(),
                    inv.index,
                    e.lines().next().unwrap_or("")
                ));
            }
        }
    }
    result.notes.extend(notes);
}

/// The steady-state class of `benchmark` in `mode` (`?` if it did not run).
fn class_of(result: &ExperimentResult, benchmark: &str, mode: Mode) -> String {
    result
        .runs
        .iter()
        .find(|r| r.benchmark == benchmark && r.config.mode == mode)
        .and_then(|r| r.steady_state.as_ref())
        .map_or("?".into(), |s| s.class.clone())
}

/// Per mode: how many benchmarks are in each steady-state class.
pub fn steady_headlines(result: &mut ExperimentResult) {
    let mut modes: Vec<Mode> = result.runs.iter().map(|r| r.config.mode).collect();
    modes.dedup();
    modes.sort();
    modes.dedup();
    for m in modes {
        let mut counts: Vec<(String, usize)> = Vec::new();
        for r in result.runs.iter().filter(|r| r.config.mode == m) {
            let c = r
                .steady_state
                .as_ref()
                .map_or("failed".to_string(), |s| s.class.clone());
            match counts.iter_mut().find(|(k, _)| *k == c) {
                Some((_, n)) => *n += 1,
                None => counts.push((c, 1)),
            }
        }
        counts.sort();
        result.headlines.push(Headline {
            label: format!("steady state ({})", m.name()),
            value: counts
                .iter()
                .map(|(c, n)| format!("{} {}", n, c))
                .collect::<Vec<_>>()
                .join(", "),
        });
    }
}

/// `1.23x [1.10, 1.35]`.
pub fn with_ci(g: f64, ci: Option<&crate::schema::Ci>) -> String {
    match ci {
        Some(c) => format!("{:.2}x [{:.2}, {:.2}]", g, c.lo, c.hi),
        None => format!("{:.2}x", g),
    }
}

/// Per-benchmark speedup geomeans with their 95% intervals and each mode's
/// steady-state class, the suite geomean with its interval, and the counts.
pub fn speedup_headlines(result: &mut ExperimentResult) {
    let warmup = result.settings.warmup;
    result.suite_speedup = crate::methodology::suite_speedup(&result.speedups, warmup);
    let per: Vec<(String, f64)> = result
        .speedups
        .iter()
        .filter_map(|s: &Speedup| s.summary.as_ref().map(|x| (s.benchmark.clone(), x.geomean)))
        .collect();
    let lines: Vec<Headline> = result
        .speedups
        .iter()
        .filter_map(|s| {
            let g = s.summary.as_ref()?.geomean;
            Some(Headline {
                label: format!("{} speedup deoptless/deopt", s.benchmark),
                value: format!(
                    "{} (steady state: deopt {}, deoptless {})",
                    with_ci(g, s.ci95.as_ref()),
                    class_of(result, &s.benchmark, s.baseline),
                    class_of(result, &s.benchmark, s.candidate)
                ),
            })
        })
        .collect();
    result.headlines.extend(lines);
    steady_headlines(result);
    if per.len() > 1 {
        let all = summarize(&per.iter().map(|(_, g)| *g).collect::<Vec<_>>());
        if let (Some(s), Some(suite)) = (all, &result.suite_speedup) {
            result.headlines.push(Headline {
                label: "speedup geomean over benchmarks (95% CI)".into(),
                value: format!(
                    "{} (min {:.2}, max {:.2})",
                    with_ci(suite.geomean, suite.ci95.as_ref()),
                    s.min,
                    s.max
                ),
            });
        }
        // The paper's (and issue 5's) criteria: how many at least 2x (Ř: "most
        // above 1.9x"), and which below parity beyond the noise of a shared
        // machine (3%).
        let names = |keep: &dyn Fn(f64) -> bool| -> Vec<&str> {
            per.iter()
                .filter(|(_, g)| keep(*g))
                .map(|(b, _)| b.as_str())
                .collect()
        };
        for (label, keep) in [
            (
                "benchmarks with speedup >= 2x",
                &(|g: f64| g >= 2.0) as &dyn Fn(f64) -> bool,
            ),
            ("benchmarks with speedup >= 1.9x", &|g: f64| g >= 1.9),
            ("benchmarks slower than 0.97x", &|g: f64| g < 0.97),
        ] {
            let hit = names(keep);
            result.headlines.push(Headline {
                label: label.into(),
                value: format!("{} of {} ({})", hit.len(), per.len(), hit.join(", ")),
            });
        }
    }
}

/// Per-iteration times of `benchmark`'s runs: one line per mode (mean over
/// invocations), individual invocations as faint dots.
pub fn iteration_panel(result: &ExperimentResult, benchmark: &str, title: &str) -> LinePanel {
    let runs: Vec<&Run> = result
        .runs
        .iter()
        .filter(|r| r.benchmark == benchmark)
        .collect();
    let series = runs
        .iter()
        .map(|r| {
            let mean = crate::methodology::mean_iteration_ms(r);
            Series {
                label: r.config.mode.name().to_string(),
                points: mean
                    .iter()
                    .enumerate()
                    .map(|(i, y)| (i as f64 + 1.0, *y))
                    .collect(),
                dots: if r.outputs().count() > 1 {
                    r.outputs()
                        .flat_map(|o| {
                            o.iter_ns
                                .iter()
                                .enumerate()
                                .map(|(i, ns)| (i as f64 + 1.0, *ns as f64 / 1e6))
                        })
                        .collect()
                } else {
                    Vec::new()
                },
            }
        })
        .collect();
    LinePanel {
        title: title.to_string(),
        x_label: "iteration".into(),
        y_label: "time per iteration (ms)".into(),
        series,
        bands: Vec::new(),
        log_y: false,
    }
}
