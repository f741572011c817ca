//! Methodology: which iterations count and how samples are summarized.
//! Warmup iterations stay in the raw data but are excluded from summaries;
//! speedups are normalized per iteration (time_A[i] / time_B[i] within the same
//! invocation index) and summarized by geometric mean and min/median/max.

use crate::schema::{Mode, Run, Speedup, Summary};

/// geomean / mean / min / median / max of `xs`; `None` for an empty sample.
/// The geometric mean ignores non-positive values (it is undefined for them).
pub fn summarize(xs: &[f64]) -> Option<Summary> {
    if xs.is_empty() {
        return None;
    }
    let mut v: Vec<f64> = xs.to_vec();
    v.sort_by(|a, b| a.total_cmp(b));
    let n = v.len();
    let median = if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    };
    let pos: Vec<f64> = v.iter().copied().filter(|x| *x > 0.0).collect();
    let geomean = if pos.is_empty() {
        0.0
    } else {
        (pos.iter().map(|x| x.ln()).sum::<f64>() / pos.len() as f64).exp()
    };
    Some(Summary {
        n,
        geomean,
        mean: v.iter().sum::<f64>() / n as f64,
        min: v[0],
        median,
        max: v[n - 1],
    })
}

/// Per-iteration times in ms of every successful invocation, warmup excluded.
pub fn steady_times_ms(run: &Run, warmup: usize) -> Vec<f64> {
    run.outputs()
        .flat_map(|o| o.iter_ns.iter().skip(warmup).map(|ns| *ns as f64 / 1e6))
        .collect()
}

/// Fill in `run.time_ms` from its invocations.
pub fn summarize_run(run: &mut Run, warmup: usize) {
    run.time_ms = summarize(&steady_times_ms(run, warmup));
}

/// Mean time in ms of iteration `i` over the successful invocations that have it.
pub fn mean_iteration_ms(run: &Run) -> Vec<f64> {
    let len = run.outputs().map(|o| o.iter_ns.len()).max().unwrap_or(0);
    (0..len)
        .filter_map(|i| {
            let xs: Vec<f64> = run
                .outputs()
                .filter_map(|o| o.iter_ns.get(i))
                .map(|ns| *ns as f64 / 1e6)
                .collect();
            (!xs.is_empty()).then(|| xs.iter().sum::<f64>() / xs.len() as f64)
        })
        .collect()
}

/// Speedup of `candidate` over `baseline`: invocation k of one is paired with
/// invocation k of the other (both failed-free), iteration i with iteration i.
pub fn speedup(benchmark: &str, baseline: &Run, candidate: &Run, warmup: usize) -> Speedup {
    let mut ratios = Vec::new();
    for (a, b) in baseline.invocations.iter().zip(&candidate.invocations) {
        let (Some(a), Some(b)) = (&a.output, &b.output) else {
            continue;
        };
        ratios.push(
            a.iter_ns
                .iter()
                .zip(&b.iter_ns)
                .map(|(ta, tb)| *ta as f64 / (*tb).max(1) as f64)
                .collect::<Vec<f64>>(),
        );
    }
    let steady: Vec<f64> = ratios
        .iter()
        .flat_map(|r| r.iter().skip(warmup).copied())
        .collect();
    Speedup {
        benchmark: benchmark.to_string(),
        baseline: baseline.config.mode,
        candidate: candidate.config.mode,
        summary: summarize(&steady),
        ratios,
    }
}

/// The speedup of deoptless over deopt for every benchmark that ran in both.
pub fn deoptless_over_deopt(runs: &[Run], warmup: usize) -> Vec<Speedup> {
    let mut out = Vec::new();
    for base in runs.iter().filter(|r| r.config.mode == Mode::Deopt) {
        if let Some(cand) = runs.iter().find(|r| {
            r.config.mode == Mode::Deoptless
                && r.benchmark == base.benchmark
                && r.config.program == base.config.program
        }) {
            out.push(speedup(&base.benchmark, base, cand, warmup));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_of_a_sample() {
        let s = summarize(&[4.0, 1.0, 2.0]).unwrap();
        assert_eq!((s.min, s.median, s.max), (1.0, 2.0, 4.0));
        assert!((s.geomean - 2.0).abs() < 1e-12);
        assert!(summarize(&[]).is_none());
        assert_eq!(summarize(&[1.0, 3.0]).unwrap().median, 2.0);
    }
}
