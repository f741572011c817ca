//! `colsum`: per-iteration time of deopt vs deoptless summing columns whose
//! type alternates between integer and double.

use super::common::{compare_deopt_deoptless, iteration_panel};
use crate::harness::Harness;
use crate::plots::{caption, save, LineFigure};
use crate::schema::{ExperimentResult, Settings};
use anyhow::Result;
use std::path::Path;

pub fn measure(h: &mut Harness, settings: &Settings) -> Result<ExperimentResult> {
    let mut result = h.result(
        "colsum",
        super::find("colsum").map_or("", |e| e.description),
        settings,
    );
    compare_deopt_deoptless(h, &mut result, &["colsum"], settings);
    Ok(result)
}

pub fn plot(result: &ExperimentResult, base: &Path) -> Result<()> {
    save(
        &LineFigure {
            title: "colsum: time per iteration, alternating integer/double columns".into(),
            panels: vec![iteration_panel(result, "colsum", "")],
        },
        base,
        &caption(result),
    )
}
