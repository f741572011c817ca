//! Methodology: which iterations count and how samples are summarized.
//! Warmup iterations stay in the raw data but are excluded from summaries;
//! speedups are normalized per iteration (time_A[i] / time_B[i] within the same
//! invocation index) and summarized by geometric mean and min/median/max.

use crate::schema::{Ci, Mode, Run, Speedup, SteadyState, SuiteSpeedup, Summary};

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
    run.steady_state = steady_state(run);
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
    let steady_by_inv: Vec<Vec<f64>> = ratios
        .iter()
        .map(|r| r.iter().skip(warmup).copied().collect())
        .collect();
    Speedup {
        benchmark: benchmark.to_string(),
        baseline: baseline.config.mode,
        candidate: candidate.config.mode,
        summary: summarize(&steady),
        ci95: bootstrap_geomean(&[steady_by_inv], RESAMPLES, BOOTSTRAP_SEED),
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

// ---------------------------------------------------------------- bootstrap

/// Bootstrap resamples per interval.
pub const RESAMPLES: usize = 2000;
/// The bootstrap's seed: intervals are reproducible from the JSON's samples.
pub const BOOTSTRAP_SEED: u64 = 0x5eed_b007;

/// SplitMix64: a small, seedable generator (no dependency, stable forever).
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` (n > 0; the modulo bias is below 2^-40 for our n).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// Mean of the logs of one two-level resample of `invs` (invocations ×
/// samples): invocations drawn with replacement, then samples within each
/// drawn invocation with replacement (Kalibera & Jones' hierarchical
/// bootstrap; with one invocation it is the ordinary bootstrap).
fn resample_log_mean(invs: &[Vec<f64>], rng: &mut SplitMix64) -> Option<f64> {
    let (mut sum, mut n) = (0.0, 0usize);
    for _ in 0..invs.len() {
        let inv = &invs[rng.below(invs.len())];
        for _ in 0..inv.len() {
            sum += inv[rng.below(inv.len())].ln();
            n += 1;
        }
    }
    (n > 0).then(|| sum / n as f64)
}

/// The 95% percentile interval of a sorted list of bootstrap statistics.
fn percentile_ci(mut stats: Vec<f64>, resamples: usize, seed: u64) -> Option<Ci> {
    if stats.is_empty() {
        return None;
    }
    stats.sort_by(|a, b| a.total_cmp(b));
    let q = |p: f64| {
        let pos = p * (stats.len() - 1) as f64;
        let (lo, hi) = (pos.floor() as usize, pos.ceil() as usize);
        stats[lo] + (stats[hi] - stats[lo]) * (pos - lo as f64)
    };
    Some(Ci {
        lo: q(0.025),
        hi: q(0.975),
        level: 0.95,
        resamples,
        seed,
    })
}

/// 95% percentile-bootstrap interval of the geometric mean over benchmarks
/// of each benchmark's geometric mean. `groups[b][k]` are benchmark b's
/// positive samples of invocation k. Each resample draws every benchmark's
/// data anew (two-level, see `resample_log_mean`) and takes the geomean of
/// the benchmarks' geomeans: the benchmark set is fixed, the measurement noise
/// is what the interval covers. With one group it is that benchmark's interval.
pub fn bootstrap_geomean(groups: &[Vec<Vec<f64>>], resamples: usize, seed: u64) -> Option<Ci> {
    let groups: Vec<Vec<Vec<f64>>> = groups
        .iter()
        .map(|g| {
            g.iter()
                .map(|inv| {
                    inv.iter()
                        .copied()
                        .filter(|x| *x > 0.0)
                        .collect::<Vec<f64>>()
                })
                .filter(|inv| !inv.is_empty())
                .collect::<Vec<_>>()
        })
        .filter(|g| !g.is_empty())
        .collect();
    if groups.is_empty() || resamples == 0 {
        return None;
    }
    let mut rng = SplitMix64::new(seed);
    let stats = (0..resamples)
        .filter_map(|_| {
            let logs: Vec<f64> = groups
                .iter()
                .filter_map(|g| resample_log_mean(g, &mut rng))
                .collect();
            (!logs.is_empty()).then(|| (logs.iter().sum::<f64>() / logs.len() as f64).exp())
        })
        .collect();
    percentile_ci(stats, resamples, seed)
}

/// The suite geomean of `speedups` (those with data) and its interval.
pub fn suite_speedup(speedups: &[Speedup], warmup: usize) -> Option<SuiteSpeedup> {
    let with: Vec<&Speedup> = speedups
        .iter()
        .filter(|s| s.summary.as_ref().is_some_and(|x| x.geomean > 0.0))
        .collect();
    if with.is_empty() {
        return None;
    }
    let g = with
        .iter()
        .map(|s| s.summary.as_ref().map_or(1.0, |x| x.geomean).ln())
        .sum::<f64>()
        / with.len() as f64;
    let groups: Vec<Vec<Vec<f64>>> = with
        .iter()
        .map(|s| {
            s.ratios
                .iter()
                .map(|r| r.iter().skip(warmup).copied().collect())
                .collect()
        })
        .collect();
    Some(SuiteSpeedup {
        benchmarks: with.len(),
        geomean: g.exp(),
        ci95: bootstrap_geomean(&groups, RESAMPLES, BOOTSTRAP_SEED),
    })
}

// ---------------------------------------------------------------- steady state

/// Adjacent segments whose means differ by less than this factor are one
/// segment (changes below 5% are not practically significant).
pub const EQUIVALENT: f64 = 1.05;

/// Isolated outliers (one slow iteration: a GC, the machine's other load)
/// replaced by their neighbourhood's median (a Hampel filter over ±2
/// iterations, threshold 3 robust standard deviations), as Barrett et al.
/// exclude outliers before looking for changepoints.
pub fn without_outliers(logs: &[f64]) -> Vec<f64> {
    let n = logs.len();
    let median = |v: &mut Vec<f64>| {
        v.sort_by(|a, b| a.total_cmp(b));
        let k = v.len();
        if k % 2 == 1 {
            v[k / 2]
        } else {
            (v[k / 2 - 1] + v[k / 2]) / 2.0
        }
    };
    (0..n)
        .map(|i| {
            let mut w: Vec<f64> = logs[i.saturating_sub(2)..(i + 3).min(n)].to_vec();
            let m = median(&mut w);
            let mut dev: Vec<f64> = w.iter().map(|x| (x - m).abs()).collect();
            let mad = median(&mut dev);
            let limit = (3.0 * 1.4826 * mad).max(EQUIVALENT.ln());
            if (logs[i] - m).abs() > limit {
                m
            } else {
                logs[i]
            }
        })
        .collect()
}

/// Changepoints of `xs` (positive times): outliers removed
/// (`without_outliers`), then binary segmentation of the log times on the
/// mean. A segment is split at the point that most reduces its sum of
/// squared deviations, if the reduction exceeds the penalty `15 ln(n) σ²`
/// (Barrett et al.'s `15 log n`, on data scaled by σ, robustly estimated from
/// successive differences: the median absolute difference / (0.6745 √2)),
/// both parts have at least 2 points and their means differ by more than
/// `EQUIVALENT`. Returns the sorted first indices of every segment after the
/// first.
pub fn changepoints(xs: &[f64]) -> Vec<usize> {
    let raw: Vec<f64> = xs.iter().map(|x| x.max(1e-12).ln()).collect();
    let logs = without_outliers(&raw);
    let n = logs.len();
    if n < 4 {
        return Vec::new();
    }
    let mut diffs: Vec<f64> = logs.windows(2).map(|w| (w[1] - w[0]).abs()).collect();
    diffs.sort_by(|a, b| a.total_cmp(b));
    let mad = diffs[diffs.len() / 2];
    // A floor so that perfectly quiet data is not split on rounding.
    let sigma = (mad / (0.6745 * std::f64::consts::SQRT_2)).max(0.005);
    let penalty = 15.0 * (n as f64).ln() * sigma * sigma;
    let mut cps = Vec::new();
    let mut todo = vec![(0usize, n)];
    while let Some((a, b)) = todo.pop() {
        if let Some(k) = best_split(&logs[a..b], penalty) {
            cps.push(a + k);
            todo.push((a, a + k));
            todo.push((a + k, b));
        }
    }
    cps.sort_unstable();
    cps
}

fn sse(xs: &[f64]) -> f64 {
    let m = xs.iter().sum::<f64>() / xs.len() as f64;
    xs.iter().map(|x| (x - m) * (x - m)).sum()
}

fn mean(xs: &[f64]) -> f64 {
    xs.iter().sum::<f64>() / xs.len() as f64
}

fn best_split(xs: &[f64], penalty: f64) -> Option<usize> {
    let n = xs.len();
    if n < 4 {
        return None;
    }
    let whole = sse(xs);
    let mut best: Option<(usize, f64)> = None;
    for k in 2..=n - 2 {
        let gain = whole - sse(&xs[..k]) - sse(&xs[k..]);
        if (mean(&xs[..k]) - mean(&xs[k..])).abs() < EQUIVALENT.ln() {
            continue;
        }
        if gain > penalty && best.is_none_or(|(_, g)| gain > g) {
            best = Some((k, gain));
        }
    }
    best.map(|(k, _)| k)
}

/// Classify one invocation's times after Barrett et al. (2017): no
/// changepoint → `flat`; the last segment shorter than a quarter of the
/// series → `no steady state`; the last segment (the steady state) no slower
/// than every earlier segment (within `EQUIVALENT`) → `warm-up`; otherwise
/// `slow-down`.
pub fn classify(xs: &[f64], cps: &[usize]) -> &'static str {
    if cps.is_empty() {
        return "flat";
    }
    let n = xs.len();
    let last_start = *cps.last().unwrap_or(&0);
    if (n - last_start) * 4 < n {
        return "no steady state";
    }
    let raw: Vec<f64> = xs.iter().map(|x| x.max(1e-12).ln()).collect();
    let logs = without_outliers(&raw);
    let mut bounds = vec![0];
    bounds.extend_from_slice(cps);
    bounds.push(n);
    let means: Vec<f64> = bounds.windows(2).map(|w| mean(&logs[w[0]..w[1]])).collect();
    let last = means[means.len() - 1];
    if means.iter().all(|m| last <= m + EQUIVALENT.ln()) {
        "warm-up"
    } else {
        "slow-down"
    }
}

/// The steady-state classification of a run's successful invocations (all
/// iterations, warmup included: the warm-up is what is classified).
pub fn steady_state(run: &Run) -> Option<SteadyState> {
    let mut classes = Vec::new();
    let mut cpss = Vec::new();
    for o in run.outputs() {
        let xs: Vec<f64> = o.iter_ns.iter().map(|ns| *ns as f64).collect();
        let cps = changepoints(&xs);
        classes.push(classify(&xs, &cps).to_string());
        cpss.push(cps);
    }
    let first = classes.first()?.clone();
    let class = if classes.iter().all(|c| *c == first) {
        first
    } else {
        "inconsistent".to_string()
    };
    Some(SteadyState {
        class,
        invocations: classes,
        changepoints: cpss,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A standard normal by Box-Muller over SplitMix64 (tests only).
    fn normal(rng: &mut SplitMix64) -> f64 {
        let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        let v = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        (-2.0 * (1.0 - u).ln()).sqrt() * (2.0 * std::f64::consts::PI * v).cos()
    }

    #[test]
    fn bootstrap_matches_normal_theory_on_lognormal_data() {
        // 400 log-normal samples, log-sd 0.1, true geomean 2: the geomean's
        // 95% interval is exp(mean(log) ± 1.96 sd(log) / sqrt(n)).
        let mut rng = SplitMix64::new(7);
        let xs: Vec<f64> = (0..400)
            .map(|_| (2.0f64.ln() + 0.1 * normal(&mut rng)).exp())
            .collect();
        let logs: Vec<f64> = xs.iter().map(|x| x.ln()).collect();
        let m = mean(&logs);
        let sd = (logs.iter().map(|l| (l - m) * (l - m)).sum::<f64>() / 399.0).sqrt();
        let half = 1.96 * sd / 20.0;
        let ci = bootstrap_geomean(&[vec![xs.clone()]], 4000, 1).unwrap();
        assert!(
            ci.lo < 2.0 && 2.0 < ci.hi,
            "{:?} misses the true geomean",
            ci
        );
        let (lo, hi) = (ci.lo.ln() - m, ci.hi.ln() - m);
        assert!((lo + half).abs() < 0.1 * half, "lower {} vs -{}", lo, half);
        assert!((hi - half).abs() < 0.1 * half, "upper {} vs {}", hi, half);
        // Seeded: the same interval again; another seed, a slightly different one.
        assert_eq!(
            bootstrap_geomean(&[vec![xs.clone()]], 4000, 1),
            Some(ci.clone())
        );
        assert_ne!(bootstrap_geomean(&[vec![xs]], 4000, 2), Some(ci));
    }

    #[test]
    fn bootstrap_coverage_is_about_95_percent() {
        // 200 data sets of 50 samples from a known log-normal: the interval
        // holds the true geomean (3) in about 95% of them.
        let mut rng = SplitMix64::new(11);
        let mut hits = 0;
        for k in 0..200 {
            let xs: Vec<f64> = (0..50)
                .map(|_| (3.0f64.ln() + 0.2 * normal(&mut rng)).exp())
                .collect();
            let ci = bootstrap_geomean(&[vec![xs]], 1000, k).unwrap();
            hits += (ci.lo <= 3.0 && 3.0 <= ci.hi) as usize;
        }
        assert!((178..=198).contains(&hits), "coverage {}/200", hits);
    }

    #[test]
    fn bootstrap_of_constant_data_and_of_the_suite() {
        let ci = bootstrap_geomean(&[vec![vec![1.5; 10], vec![1.5; 10]]], 1000, 3).unwrap();
        assert!((ci.lo - 1.5).abs() < 1e-12 && (ci.hi - 1.5).abs() < 1e-12);
        // Two constant benchmarks, 2 and 8: the suite geomean is exactly 4.
        let ci = bootstrap_geomean(&[vec![vec![2.0; 5]], vec![vec![8.0; 5]]], 1000, 3).unwrap();
        assert!((ci.lo - 4.0).abs() < 1e-9 && (ci.hi - 4.0).abs() < 1e-9);
        assert!(bootstrap_geomean(&[], 1000, 3).is_none());
    }

    #[test]
    fn steady_state_classes() {
        let mut rng = SplitMix64::new(5);
        let mut noisy = |base: f64| base * (1.0 + 0.01 * normal(&mut rng));
        let flat: Vec<f64> = (0..30).map(|_| noisy(10.0)).collect();
        assert_eq!(classify(&flat, &changepoints(&flat)), "flat");
        let warm: Vec<f64> = (0..30)
            .map(|i| noisy(if i < 5 { 40.0 } else { 10.0 }))
            .collect();
        let cps = changepoints(&warm);
        assert_eq!(cps, vec![5]);
        assert_eq!(classify(&warm, &cps), "warm-up");
        let slow: Vec<f64> = (0..30)
            .map(|i| noisy(if i < 10 { 10.0 } else { 20.0 }))
            .collect();
        assert_eq!(classify(&slow, &changepoints(&slow)), "slow-down");
        let late: Vec<f64> = (0..30)
            .map(|i| noisy(if i < 27 { 10.0 } else { 30.0 }))
            .collect();
        assert_eq!(classify(&late, &changepoints(&late)), "no steady state");
    }

    #[test]
    fn summary_of_a_sample() {
        let s = summarize(&[4.0, 1.0, 2.0]).unwrap();
        assert_eq!((s.min, s.median, s.max), (1.0, 2.0, 4.0));
        assert!((s.geomean - 2.0).abs() < 1e-12);
        assert!(summarize(&[]).is_none());
        assert_eq!(summarize(&[1.0, 3.0]).unwrap().median, 2.0);
    }
}
