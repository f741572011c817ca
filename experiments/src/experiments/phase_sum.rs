//! `phase_sum`: per-iteration time of deopt vs deoptless while the summed
//! vector's type changes int → double → complex → double every 5 iterations.

use super::common::{compare_deopt_deoptless, iteration_panel};
use crate::harness::Harness;
use crate::plots::{caption, save, Band, LineFigure};
use crate::schema::{ExperimentResult, Settings};
use anyhow::Result;
use std::path::Path;

/// Iterations per phase (the program switches types on this period).
pub const PHASE_LEN: usize = 5;
pub const PHASES: &[&str] = &["int", "double", "complex", "double"];

pub fn measure(h: &mut Harness, settings: &Settings) -> Result<ExperimentResult> {
    let mut result = h.result(
        "phase_sum",
        super::find("phase_sum").map_or("", |e| e.description),
        settings,
    );
    compare_deopt_deoptless(h, &mut result, &["phase_sum"], settings);
    result.notes.push(format!(
        "phases as labelled in the plot: the program switches type every {} run() calls, {:?}; its top level made {} untimed call(s) before timed iteration 1",
        PHASE_LEN, PHASES, UNTIMED_CALLS
    ));
    Ok(result)
}

/// `run()` calls before timed iteration 1: the program's last line,
/// `print(run())`, runs when it is loaded, and its counter counts that call.
pub const UNTIMED_CALLS: usize = 1;

/// Shaded phase bands over timed iterations 1..=n: call c (1-based, counting
/// the untimed ones) is in phase (c - 1) / PHASE_LEN.
pub fn phase_bands(n: usize) -> Vec<Band> {
    let calls = n + UNTIMED_CALLS;
    // After the last phase the input stays in that phase's type.
    let phases = calls.div_ceil(PHASE_LEN).min(PHASES.len());
    (0..phases)
        .map(|k| {
            let first = (k * PHASE_LEN + 1).saturating_sub(UNTIMED_CALLS).max(1);
            let last = if k + 1 == PHASES.len() {
                n
            } else {
                ((k + 1) * PHASE_LEN).saturating_sub(UNTIMED_CALLS).min(n)
            };
            Band {
                from: first as f64 - 0.5,
                to: last as f64 + 0.5,
                label: PHASES[k].to_string(),
            }
        })
        .filter(|b| b.to > b.from)
        .collect()
}

pub fn plot(result: &ExperimentResult, base: &Path) -> Result<()> {
    let mut panel = iteration_panel(result, "phase_sum", "");
    let n = panel
        .series
        .iter()
        .map(|s| s.points.len())
        .max()
        .unwrap_or(0);
    panel.bands = phase_bands(n);
    // Phases differ by two orders of magnitude (1 ms vs 150 ms): log y.
    panel.log_y = true;
    panel.y_label = "time per iteration (ms, log)".into();
    save(
        &LineFigure {
            title: "phase_sum: time per iteration as the element type changes".into(),
            panels: vec![panel],
        },
        base,
        &caption(result),
    )
}
