//! `phase_sum`: per-iteration time of deopt vs deoptless while the summed
//! vector's type changes int → double → complex → double every 5 iterations.

use super::common::{compare_deopt_deoptless, iteration_panel};
use crate::harness::Harness;
use crate::plots::{save, Band, LineFigure};
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
        "phases as labelled in the plot: iterations 1-5 {}, then every {} iterations the next of {:?} (the program keeps its own counter; its top level ran run() once before iteration 1)",
        PHASES[0], PHASE_LEN, PHASES
    ));
    Ok(result)
}

/// Shaded phase bands over iterations 1..=n.
pub fn phase_bands(n: usize) -> Vec<Band> {
    (0..n.div_ceil(PHASE_LEN))
        .map(|k| Band {
            from: (k * PHASE_LEN) as f64 + 0.5,
            to: (((k + 1) * PHASE_LEN).min(n)) as f64 + 0.5,
            label: PHASES.get(k).copied().unwrap_or("").to_string(),
        })
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
    save(
        &LineFigure {
            title: "phase_sum: time per iteration as the element type changes".into(),
            panels: vec![panel],
        },
        base,
    )
}
