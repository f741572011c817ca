//! `costs`: distributions, from the VM's trace events, of exit latency
//! (deopt), dispatch latency and continuation compile time (deoptless), and
//! function compile time, over every program under random failures.

use super::common::{note_failures, plan_suite, CHAOS};
use crate::harness::Harness;
use crate::methodology::summarize;
use crate::plots::{caption, save, BoxFigure};
use crate::schema::{Distribution, ExperimentResult, Headline, Latencies, Mode, Settings};
use anyhow::Result;
use std::path::Path;

/// (distribution name, which latency list) in plot order.
type Pick = fn(&Latencies) -> &Vec<u64>;
const KINDS: &[(&str, Pick)] = &[
    ("exit latency", |l| &l.exit_ns),
    ("dispatch latency", |l| &l.dispatch_ns),
    ("continuation compile", |l| &l.continuation_compile_ns),
    ("function compile", |l| &l.function_compile_ns),
];

pub fn measure(h: &mut Harness, settings: &Settings) -> Result<ExperimentResult> {
    let mut result = h.result(
        "costs",
        super::find("costs").map_or("", |e| e.description),
        settings,
    );
    let mut suite = h.bench_suite();
    // The experiment programs too (this project's convention).
    if let Ok(extra) = crate::suite::load(&h.args.programs_dir) {
        suite.programs.extend(extra.programs);
        suite.unresolved.extend(extra.unresolved);
    }
    let mut plan = plan_suite(
        h,
        &suite,
        &[Mode::Deopt, Mode::Deoptless],
        settings,
        CHAOS,
        &mut result,
    );
    for p in &mut plan {
        p.config.trace = true;
    }
    result.runs = h.run_plan("costs", plan, settings);
    note_failures(&mut result);
    for (name, pick) in KINDS {
        for mode in [Mode::Deopt, Mode::Deoptless] {
            let samples: Vec<u64> = result
                .runs
                .iter()
                .filter(|r| r.config.mode == mode)
                .flat_map(|r| r.outputs())
                .filter_map(|o| o.latencies.as_ref())
                .flat_map(|l| pick(l).iter().copied())
                .collect();
            let summary = summarize(&samples.iter().map(|x| *x as f64).collect::<Vec<_>>());
            let note = samples
                .is_empty()
                .then(|| format!("no {} samples in {} traces", name, mode.name()));
            if let Some(s) = &summary {
                result.headlines.push(Headline {
                    label: format!("{} ({}) median", name, mode.name()),
                    value: format!("{:.1} µs (n={})", s.median / 1e3, s.n),
                });
            }
            result.distributions.push(Distribution {
                name: name.to_string(),
                mode,
                samples_ns: samples,
                summary_ns: summary,
                note,
            });
        }
    }
    Ok(result)
}

pub fn plot(result: &ExperimentResult, base: &Path) -> Result<()> {
    // Exit latency of deopt and the deoptless-only costs; compile time in both.
    let shown: Vec<&Distribution> = result
        .distributions
        .iter()
        .filter(|d| match d.name.as_str() {
            "exit latency" | "function compile" => true,
            _ => d.mode == Mode::Deoptless,
        })
        .collect();
    save(
        &BoxFigure {
            title: "Costs from trace events (box: quartiles, whiskers: min/max)".into(),
            y_label: "time (µs, log)".into(),
            categories: shown
                .iter()
                .map(|d| format!("{} ({})", d.name, d.mode.name()))
                .collect(),
            samples: shown
                .iter()
                .map(|d| d.samples_ns.iter().map(|x| *x as f64 / 1e3).collect())
                .collect(),
        },
        base,
        &caption(result),
    )
}
