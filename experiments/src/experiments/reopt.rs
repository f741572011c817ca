//! `reopt`: the three reoptimization cases — stale feedback, RSA with a key
//! that changes type, a function shared by two callers — deopt vs deoptless
//! per iteration, one panel each.

use super::common::{compare_deopt_deoptless, iteration_panel};
use crate::harness::Harness;
use crate::plots::{caption, save, LineFigure};
use crate::schema::{ExperimentResult, Settings};
use anyhow::Result;
use std::path::Path;

pub const PROGRAMS: &[(&str, &str)] = &[
    ("reopt_stale", "stale feedback"),
    ("reopt_rsa", "RSA, key changes type"),
    ("reopt_shared", "function shared by two callers"),
];

pub fn measure(h: &mut Harness, settings: &Settings) -> Result<ExperimentResult> {
    let mut result = h.result(
        "reopt",
        super::find("reopt").map_or("", |e| e.description),
        settings,
    );
    let stems: Vec<&str> = PROGRAMS.iter().map(|(s, _)| *s).collect();
    compare_deopt_deoptless(h, &mut result, &stems, settings);
    Ok(result)
}

pub fn plot(result: &ExperimentResult, base: &Path) -> Result<()> {
    let panels = PROGRAMS
        .iter()
        .map(|(stem, what)| iteration_panel(result, stem, &format!("{} ({})", stem, what)))
        .collect();
    save(
        &LineFigure {
            title: "Reoptimization: time per iteration, deopt vs deoptless".into(),
            panels,
        },
        base,
        &caption(result),
    )
}
