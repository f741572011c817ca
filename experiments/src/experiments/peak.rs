//! `peak`: steady-state time per iteration of the interpreter, deopt,
//! deoptless, GNU R (when `Rscript` is on PATH) and native Rust kernels, for
//! the sum and colsum programs.

use super::common::{named_programs, note_failures, plan};
use crate::harness::{Harness, Planned};
use crate::native;
use crate::plots::{caption, save, BarFigure};
use crate::schema::{ExperimentResult, Headline, Mode, Settings};
use anyhow::Result;
use std::path::Path;

/// (program stem, native kernel of the same computation).
pub const PROGRAMS: &[(&str, &str)] = &[("phase_sum", "sum"), ("colsum", "colsum")];
pub const MODES: &[Mode] = &[
    Mode::Interp,
    Mode::Deopt,
    Mode::Deoptless,
    Mode::Gnur,
    Mode::Native,
];

pub fn measure(h: &mut Harness, settings: &Settings) -> Result<ExperimentResult> {
    let mut result = h.result(
        "peak",
        super::find("peak").map_or("", |e| e.description),
        settings,
    );
    let stems: Vec<&str> = PROGRAMS.iter().map(|(s, _)| *s).collect();
    let programs = named_programs(h, &stems, &mut result);
    let mut modes = vec![Mode::Interp, Mode::Deopt, Mode::Deoptless];
    if h.rscript.is_some() {
        modes.push(Mode::Gnur);
    } else {
        result
            .notes
            .push("GNU R skipped: Rscript is not on PATH (or --no-gnur)".into());
    }
    let mut plan: Vec<Planned> = plan(h, &programs, &modes, settings, 0.0);
    for (stem, kernel) in PROGRAMS {
        let mut config = h.config(Path::new(kernel), Mode::Native, settings.iterations);
        config.program = kernel.to_string();
        config.native_size = native::KERNELS
            .iter()
            .find(|(k, _)| k == kernel)
            .map_or(0, |(_, n)| *n);
        plan.push(Planned {
            benchmark: stem.to_string(),
            config,
        });
    }
    result.notes.push(format!(
        "native kernels: sum over {} doubles (phase_sum's last phase); colsum over {} elements in {} alternating int/double columns",
        native::SUM_N,
        native::COLSUM_N,
        native::COLSUM_COLS
    ));
    result.runs = h.run_plan("peak", plan, settings);
    note_failures(&mut result);
    for r in &result.runs {
        if let Some(t) = &r.time_ms {
            result.headlines.push(Headline {
                label: format!("{} {}", r.benchmark, r.config.mode.name()),
                value: format!("{:.3} ms/iteration (median)", t.median),
            });
        }
    }
    Ok(result)
}

pub fn plot(result: &ExperimentResult, base: &Path) -> Result<()> {
    let cats: Vec<String> = PROGRAMS.iter().map(|(s, _)| s.to_string()).collect();
    let series = MODES
        .iter()
        .filter(|m| result.runs.iter().any(|r| r.config.mode == **m))
        .map(|m| {
            let vals = cats
                .iter()
                .map(|c| {
                    result
                        .runs
                        .iter()
                        .find(|r| &r.benchmark == c && r.config.mode == *m)
                        .and_then(|r| r.time_ms.as_ref())
                        .map(|t| t.median)
                })
                .collect();
            (m.name().to_string(), vals)
        })
        .collect();
    save(
        &BarFigure {
            title: format!(
                "Peak performance: median time per iteration after {} warmup iterations",
                result.settings.warmup
            ),
            y_label: "time per iteration (ms, log)".into(),
            categories: cats,
            series,
            log_y: true,
        },
        base,
        &caption(result),
    )
}
