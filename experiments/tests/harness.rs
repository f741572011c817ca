//! End-to-end: every experiment in a tiny configuration over the fixture
//! programs (tests/fixtures), checking that each result parses into the schema
//! types and that both figures are written; and that missing programs and
//! failing workers end up as notes, not as a failed run.

use experiments::schema::{ExperimentResult, SCHEMA_VERSION};
use std::path::{Path, PathBuf};
use std::process::Command;

const EXPERIMENTS: &[&str] = &[
    "phase_sum",
    "colsum",
    "random_deopt",
    "memory",
    "reopt",
    "costs",
    "peak",
];

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

fn temp_dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("dlvm-harness-{}-{}", tag, std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn experiments(args: &[&str]) -> std::process::Output {
    let out = Command::new(env!("CARGO_BIN_EXE_experiments"))
        .args(args)
        .output()
        .expect("run the experiments binary");
    if !out.status.success() {
        eprintln!("stdout:\n{}", String::from_utf8_lossy(&out.stdout));
        eprintln!("stderr:\n{}", String::from_utf8_lossy(&out.stderr));
    }
    out
}

fn load(dir: &Path, name: &str) -> ExperimentResult {
    let json = std::fs::read_to_string(dir.join(format!("{}.json", name)))
        .unwrap_or_else(|e| panic!("{}.json: {}", name, e));
    let r: ExperimentResult =
        serde_json::from_str(&json).unwrap_or_else(|e| panic!("{}.json: {}", name, e));
    for (ext, min_len) in [("png", 1000), ("svg", 200)] {
        let f = dir.join(format!("{}.{}", name, ext));
        let len = std::fs::metadata(&f).map(|m| m.len()).unwrap_or(0);
        assert!(len > min_len, "{} missing or empty", f.display());
    }
    assert_eq!(r.schema_version, SCHEMA_VERSION);
    assert_eq!(r.experiment, name);
    assert!(!r.revision.commit.is_empty());
    assert!(r.machine.cores > 0);
    r
}

#[test]
fn list_names_every_experiment() {
    let out = experiments(&["list"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    for e in EXPERIMENTS {
        assert!(text.contains(e), "list lacks {}", e);
    }
}

#[test]
fn every_experiment_in_a_tiny_configuration() {
    let dir = temp_dir("all");
    let fx = fixtures();
    let out = experiments(&[
        "run",
        "all",
        "--invocations",
        "1",
        "--iterations",
        "3",
        "--warmup",
        "1",
        "--bench-dir",
        fx.join("bench").to_str().unwrap(),
        "--programs-dir",
        fx.join("programs").to_str().unwrap(),
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let summary = String::from_utf8_lossy(&out.stdout);
    for e in EXPERIMENTS {
        assert!(summary.contains(e), "summary lacks {}", e);
        let r = load(&dir, e);
        assert!(
            r.notes.iter().all(|n| !n.contains("failed")),
            "{}: {:?}",
            e,
            r.notes
        );
        for run in &r.runs {
            assert_eq!(run.invocations.len(), 1, "{} {}", e, run.benchmark);
            let o = run.invocations[0].output.as_ref().expect("worker output");
            assert_eq!(o.iter_ns.len(), 3);
            // Summaries exclude the warmup iteration.
            assert_eq!(run.time_ms.as_ref().map(|s| s.n), Some(2));
        }
    }
    let rd = load(&dir, "random_deopt");
    assert_eq!(rd.speedups.len(), 2, "one speedup per fixture benchmark");
    assert!(rd.runs.iter().all(|r| r.config.chaos > 0.0));
    // The count headline agrees with the per-benchmark geomeans.
    let at_least_2x = rd
        .speedups
        .iter()
        .filter(|s| s.summary.as_ref().is_some_and(|x| x.geomean >= 2.0))
        .count();
    let h = rd
        .headlines
        .iter()
        .find(|h| h.label == "benchmarks with speedup >= 2x")
        .expect("a count headline");
    assert!(
        h.value.starts_with(&format!("{} of 2 (", at_least_2x)),
        "{}",
        h.value
    );
    let costs = load(&dir, "costs");
    assert_eq!(costs.distributions.len(), 8);
    assert!(costs
        .distributions
        .iter()
        .all(|d| d.samples_ns.is_empty() == d.note.is_some()));
    assert!(costs
        .runs
        .iter()
        .all(|r| r.outputs().all(|o| o.latencies.is_some())));
    let mem = load(&dir, "memory");
    assert!(mem
        .runs
        .iter()
        .all(|r| r.outputs().all(|o| o.peak_rss_kib.unwrap_or(0) > 0)));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn missing_programs_and_failing_workers_become_notes() {
    let dir = temp_dir("failing");
    let bench = dir.join("bench");
    let programs = dir.join("programs");
    std::fs::create_dir_all(&bench).unwrap();
    std::fs::create_dir_all(&programs).unwrap();
    std::fs::write(
        bench.join("broken.R"),
        "run <- function() stop(\"boom\")\nprint(1)\n",
    )
    .unwrap();
    let out_dir = dir.join("out");
    let out = experiments(&[
        "run",
        "random_deopt",
        "phase_sum",
        "--invocations",
        "1",
        "--iterations",
        "2",
        "--bench-dir",
        bench.to_str().unwrap(),
        "--programs-dir",
        programs.to_str().unwrap(),
        "--out",
        out_dir.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let rd = load(&out_dir, "random_deopt");
    assert!(rd.runs.iter().all(|r| r.failed()));
    assert!(rd
        .notes
        .iter()
        .any(|n| n.contains("failed") && n.contains("boom")));
    let ps = load(&out_dir, "phase_sum");
    assert!(ps.runs.is_empty());
    assert!(ps.notes.iter().any(|n| n.contains("phase_sum.R not found")));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn unknown_experiment_is_an_error() {
    let out = experiments(&["run", "no_such_experiment"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown experiment"));
}

/// `--suite` over a directory holding both driver conventions: this
/// project's `run()`, the Ř suite's `execute(n)` with its parameter from
/// `suite.conf` (ReBench style) or from a `# param:` comment, a program that
/// fails in every mode, one that fails only when compiled under chaos... and
/// one that cannot be run at all. Every program is in the report.
#[test]
fn suite_with_both_driver_conventions() {
    let dir = temp_dir("suite");
    let suite = dir.join("suite");
    std::fs::create_dir_all(&suite).unwrap();
    let w = |name: &str, text: &str| std::fs::write(suite.join(name), text).unwrap();
    w(
        "own.R",
        "run <- function() { s <- 0; for (i in 1:2000) s <- s + i; s }\nprint(run())\n",
    );
    // Ř style (lower-case .r, no top-level call), parameter from suite.conf.
    w(
        "Loop.r",
        "execute <- function(n) {\n  s <- 0L\n  for (i in seq_len(n)) s <- s + i %% 7L\n  s\n}\n",
    );
    // Parameter from a comment; it checks that it got it.
    w(
        "Commented.r",
        "# param: 1500\nexecute <- function(n) {\n  if (n != 1500L) stop(\"wrong n\")\n  x <- 0\n  for (i in 1:n) x <- x + sqrt(i)\n  x\n}\n",
    );
    w(
        "Broken.r",
        "# param: 3\nexecute <- function(n) stop(\"broken on purpose\")\n",
    );
    w("NoParam.r", "execute <- function(n) n\n");
    w(
        "suite.conf",
        "# ReBench-style extra_args\n- Loop: {extra_args: 3000}\n",
    );
    let out_dir = dir.join("out");
    let out = experiments(&[
        "run",
        "random_deopt",
        "--invocations",
        "1",
        "--iterations",
        "3",
        "--warmup",
        "1",
        "--suite",
        suite.to_str().unwrap(),
        "--out",
        out_dir.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let rd = load(&out_dir, "random_deopt");
    let ran: Vec<&str> = rd.speedups.iter().map(|s| s.benchmark.as_str()).collect();
    assert_eq!(ran, vec!["Broken", "Commented", "Loop", "own"]);
    for b in ["Commented", "Loop", "own"] {
        let s = rd.speedups.iter().find(|s| s.benchmark == b).unwrap();
        assert!(s.summary.is_some(), "{} has no speedup", b);
        let ci = s.ci95.as_ref().expect("a bootstrap interval");
        assert!(ci.lo <= s.summary.as_ref().unwrap().geomean * (1.0 + 1e-9));
        assert!(ci.resamples >= 1000);
    }
    let entry = |b: &str| {
        rd.runs
            .iter()
            .find(|r| r.benchmark == b)
            .and_then(|r| r.config.entry.clone())
    };
    assert_eq!(entry("Loop").as_deref(), Some("execute(3000L)"));
    assert_eq!(entry("Commented").as_deref(), Some("execute(1500L)"));
    assert_eq!(entry("own"), None);
    // The failing program: reported per mode with its first error line.
    for mode in ["deopt", "deoptless"] {
        let f = rd
            .failures
            .iter()
            .find(|f| f.benchmark == "Broken" && f.mode == mode)
            .unwrap_or_else(|| panic!("Broken [{}] not reported: {:?}", mode, rd.failures));
        assert_eq!((f.failed, f.of), (1, 1));
        assert!(f.error.contains("broken on purpose"), "{}", f.error);
    }
    let np = rd
        .failures
        .iter()
        .find(|f| f.benchmark == "NoParam")
        .expect("NoParam reported");
    assert_eq!(np.mode, "all");
    assert!(np.error.contains("param"), "{}", np.error);
    assert_eq!(rd.failures.len(), 3, "{:?}", rd.failures);
    // The summary table names them too.
    let summary = String::from_utf8_lossy(&out.stdout);
    assert!(summary.contains("FAILED Broken [deopt]"), "{}", summary);
    assert!(
        summary.contains("FAILED NoParam [all] not run"),
        "{}",
        summary
    );
    // The suite geomean with its interval, over the three that ran.
    let suite_g = rd.suite_speedup.as_ref().expect("suite speedup");
    assert_eq!(suite_g.benchmarks, 3);
    let ci = suite_g.ci95.as_ref().unwrap();
    assert!(ci.lo <= suite_g.geomean + 1e-9 && suite_g.geomean <= ci.hi + 1e-9);
    // Every run that succeeded has a steady-state class.
    for r in rd.runs.iter().filter(|r| !r.failed()) {
        assert!(r.steady_state.is_some(), "{}", r.benchmark);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

fn fails_with(args: &[&str], code: i32, needle: &str) {
    let out = Command::new(env!("CARGO_BIN_EXE_experiments"))
        .args(args)
        .output()
        .expect("run the experiments binary");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(code), "{:?}: {}", args, err);
    assert!(
        err.contains(needle),
        "{:?}: stderr lacks {:?}: {}",
        args,
        needle,
        err
    );
}

/// Every command-line error is an error exit with a message naming the
/// problem (issue 18).
#[test]
fn command_line_errors() {
    let dir = temp_dir("cli");
    let missing = dir.join("missing");
    let m = missing.to_str().unwrap();
    // plot: a missing directory, and one without results.
    fails_with(&["plot", "--out", m], 2, "no such directory");
    fails_with(&["plot", "--out", dir.to_str().unwrap()], 2, "no results");
    fails_with(
        &["plot", "phase_sum", "--out", dir.to_str().unwrap()],
        2,
        "phase_sum.json",
    );
    // worker: chaos is a probability.
    for bad in ["2", "NaN", "-0.5", "inf"] {
        let arg = format!("--chaos={}", bad);
        fails_with(
            &["worker", "--program", "x.R", "--mode", "deopt", &arg],
            2,
            "probability",
        );
    }
    // run: a missing suite, a malformed suite.conf, an unwritable --out.
    fails_with(&["run", "random_deopt", "--suite", m], 2, "does not exist");
    let bad_suite = dir.join("bad_suite");
    std::fs::create_dir_all(&bad_suite).unwrap();
    std::fs::write(bad_suite.join("suite.conf"), "lonely\n").unwrap();
    fails_with(
        &[
            "run",
            "random_deopt",
            "--suite",
            bad_suite.to_str().unwrap(),
        ],
        2,
        "suite.conf:1",
    );
    let file = dir.join("a_file");
    std::fs::write(&file, "").unwrap();
    let under_file = file.join("out");
    fails_with(
        &["run", "phase_sum", "--out", under_file.to_str().unwrap()],
        2,
        &format!(
            "cannot create the output directory {}",
            under_file.display()
        ),
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Without `--out`, a run writes to the scratch directory, never `results/`;
/// a missing `--out` directory is created (and said so).
#[test]
fn default_output_is_scratch_and_missing_out_is_created() {
    let help = experiments(&["run", "--help"]);
    let text = String::from_utf8_lossy(&help.stdout);
    assert!(text.contains("target/experiments"), "{}", text);
    let dir = temp_dir("created");
    let fresh = dir.join("a/b");
    let fx = fixtures();
    let out = experiments(&[
        "run",
        "colsum",
        "--invocations",
        "1",
        "--iterations",
        "2",
        "--programs-dir",
        fx.join("programs").to_str().unwrap(),
        "--out",
        fresh.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("created"));
    load(&fresh, "colsum");
    let _ = std::fs::remove_dir_all(&dir);
}

fn tiny_args<'a>(fx: &'a Path, extra: &[&'a str]) -> Vec<String> {
    let mut v: Vec<String> = [
        "all",
        "--invocations",
        "2",
        "--iterations",
        "3",
        "--warmup",
        "1",
        "--no-gnur",
        "--suite",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    v.push(fx.join("bench").display().to_string());
    v.push("--programs-dir".into());
    v.push(fx.join("programs").display().to_string());
    v.extend(extra.iter().map(|s| s.to_string()));
    v
}

fn experiments_env(args: &[String], env: &[(&str, &str)]) -> std::process::Output {
    let out = Command::new(env!("CARGO_BIN_EXE_experiments"))
        .args(args)
        .envs(env.iter().copied())
        .output()
        .expect("run the experiments binary");
    if !out.status.success() {
        eprintln!("stdout:\n{}", String::from_utf8_lossy(&out.stdout));
        eprintln!("stderr:\n{}", String::from_utf8_lossy(&out.stderr));
    }
    out
}

/// Merge is checked against a local run: shards holding the local run's
/// invocations merge into byte-identical JSON, PNG and SVG files.
#[test]
fn merge_of_the_local_runs_jobs_is_bit_identical() {
    use experiments::jobs::{read_jobs, Shard};
    let dir = temp_dir("merge");
    let fx = fixtures();
    let epoch = [("SOURCE_DATE_EPOCH", "1700000000")];
    let local = dir.join("local");
    let mut a = vec!["run".to_string()];
    a.extend(tiny_args(&fx, &["--out", local.to_str().unwrap()]));
    assert!(experiments_env(&a, &epoch).status.success());
    let plan = dir.join("plan");
    let mut p = vec!["plan".to_string()];
    p.extend(tiny_args(&fx, &["--dir", plan.to_str().unwrap()]));
    assert!(experiments_env(&p, &[]).status.success());
    let jobs = read_jobs(&plan.join("jobs.jsonl")).unwrap();
    // Every invocation of the local run is a job, and nothing else.
    let results: Vec<ExperimentResult> = EXPERIMENTS.iter().map(|e| load(&local, e)).collect();
    let mut invocations = std::collections::HashSet::new();
    for r in &results {
        for run in &r.runs {
            for inv in &run.invocations {
                invocations.insert(experiments::jobs::Job::key(&run.config, inv.seed));
            }
        }
    }
    assert_eq!(jobs.len(), invocations.len());
    std::fs::create_dir_all(plan.join("shards")).unwrap();
    for job in &jobs {
        let (r, inv) = results
            .iter()
            .flat_map(|r| r.runs.iter().map(move |run| (r, run)))
            .filter(|(_, run)| run.config == job.config)
            .find_map(|(r, run)| {
                run.invocations
                    .iter()
                    .find(|i| i.seed == job.seed)
                    .map(|i| (r, i))
            })
            .unwrap_or_else(|| panic!("job {} is not in the local run", job.index));
        let shard = Shard {
            job: job.clone(),
            output: inv.output.clone(),
            error: inv.error.clone(),
            machine: r.machine.clone(),
            revision: r.revision.clone(),
        };
        std::fs::write(
            plan.join(format!("shards/{}.json", job.index)),
            serde_json::to_string(&shard).unwrap(),
        )
        .unwrap();
    }
    let merged = dir.join("merged");
    let m = [
        "merge".to_string(),
        plan.display().to_string(),
        "--out".into(),
        merged.display().to_string(),
    ];
    assert!(experiments_env(&m, &epoch).status.success());
    for e in EXPERIMENTS {
        for ext in ["json", "png", "svg"] {
            let name = format!("{}.{}", e, ext);
            let x = std::fs::read(local.join(&name)).unwrap();
            let y = std::fs::read(merged.join(&name)).unwrap();
            assert!(
                x == y,
                "{} differs between the local run and the merge",
                name
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// plan → workers (GNU parallel, through scripts/experiments-parallel.sh, when
/// `parallel` is installed; one by one otherwise) → merge; a job without a
/// shard is reported as failed, not dropped.
#[test]
fn plan_workers_merge() {
    let dir = temp_dir("jobs");
    let fx = fixtures();
    let plan = dir.join("plan");
    let mut p = vec!["plan".to_string()];
    p.extend(tiny_args(&fx, &["--dir", plan.to_str().unwrap()]));
    assert!(experiments_env(&p, &[]).status.success());
    let jobs = experiments::jobs::read_jobs(&plan.join("jobs.jsonl")).unwrap();
    let merged = dir.join("merged");
    let has_parallel = Command::new("parallel")
        .arg("--version")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).contains("GNU parallel"));
    if has_parallel {
        let script =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts/experiments-parallel.sh");
        let out = Command::new("bash")
            .arg(script)
            .arg(&plan)
            .arg("2")
            .arg(&merged)
            .env("EXPERIMENTS", env!("CARGO_BIN_EXE_experiments"))
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    } else {
        eprintln!("GNU parallel is not installed: running the jobs one by one");
        for j in &jobs {
            let a = [
                "worker".to_string(),
                "--jobs".into(),
                plan.join("jobs.jsonl").display().to_string(),
                "--index".into(),
                j.index.to_string(),
            ];
            assert!(experiments_env(&a, &[]).status.success());
        }
        let m = [
            "merge".to_string(),
            plan.display().to_string(),
            "--out".into(),
            merged.display().to_string(),
        ];
        assert!(experiments_env(&m, &[]).status.success());
    }
    for e in EXPERIMENTS {
        let r = load(&merged, e);
        assert!(r.failures.is_empty(), "{}: {:?}", e, r.failures);
        assert!(r.runs.iter().all(|run| run.invocations.len() == 2));
    }
    // The Slurm way: the index from SLURM_ARRAY_TASK_ID; then drop a shard.
    let a = [
        "worker".to_string(),
        "--jobs".into(),
        plan.join("jobs.jsonl").display().to_string(),
    ];
    assert!(experiments_env(&a, &[("SLURM_ARRAY_TASK_ID", "0")])
        .status
        .success());
    std::fs::remove_file(plan.join("shards/0.json")).unwrap();
    let m = [
        "merge".to_string(),
        plan.display().to_string(),
        "--out".into(),
        merged.display().to_string(),
    ];
    let out = experiments_env(&m, &[]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("1 of"));
    let first = &jobs[0];
    let failed = EXPERIMENTS
        .iter()
        .map(|e| load(&merged, e))
        .flat_map(|r| r.failures)
        .any(|f| f.error.contains("no shard") && f.mode == first.config.mode.id());
    assert!(failed, "the job without a shard is not reported");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A plan made with relative `--suite`/`--programs-dir` merges from another
/// directory (a Slurm job's working directory is not the planner's).
#[test]
fn plan_with_relative_dirs_merges_from_another_directory() {
    let dir = temp_dir("relative");
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let plan = dir.join("plan");
    let p = Command::new(env!("CARGO_BIN_EXE_experiments"))
        .current_dir(manifest)
        .args([
            "plan",
            "random_deopt",
            "--invocations",
            "1",
            "--iterations",
            "2",
        ])
        .args([
            "--warmup",
            "0",
            "--no-gnur",
            "--suite",
            "tests/fixtures/bench",
        ])
        .args(["--programs-dir", "tests/fixtures/programs", "--dir"])
        .arg(&plan)
        .output()
        .unwrap();
    assert!(p.status.success(), "{}", String::from_utf8_lossy(&p.stderr));
    let text = std::fs::read_to_string(plan.join("plan.json")).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    for k in ["bench_dir", "programs_dir"] {
        let d = v["args"][k].as_str().unwrap();
        assert!(Path::new(d).is_absolute(), "{} in plan.json is {}", k, d);
    }
    let jobs = experiments::jobs::read_jobs(&plan.join("jobs.jsonl")).unwrap();
    for j in &jobs {
        let w = Command::new(env!("CARGO_BIN_EXE_experiments"))
            .current_dir(&dir)
            .args(["worker", "--jobs"])
            .arg(plan.join("jobs.jsonl"))
            .args(["--index", &j.index.to_string()])
            .output()
            .unwrap();
        assert!(w.status.success(), "{}", String::from_utf8_lossy(&w.stderr));
    }
    let out = dir.join("merged");
    let m = Command::new(env!("CARGO_BIN_EXE_experiments"))
        .current_dir(&dir)
        .arg("merge")
        .arg(&plan)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(m.status.success(), "{}", String::from_utf8_lossy(&m.stderr));
    let r = load(&out, "random_deopt");
    assert!(
        !r.runs.is_empty(),
        "merge found no benchmarks: {:?}",
        r.notes
    );
}
