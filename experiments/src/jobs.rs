//! The matrix as independent jobs, for running beyond one machine.
//!
//! `experiments plan NAMES... --dir D` runs the experiments' planning without
//! measuring: every invocation the local `run` would make becomes one job, a
//! line of `D/jobs.jsonl` (configuration, seed, timeout); `D/plan.json` keeps
//! the run's options. `experiments worker --jobs D/jobs.jsonl --index K` (K
//! from `--index`, or Slurm's `SLURM_ARRAY_TASK_ID`) runs job K exactly as the
//! local harness runs an invocation and writes the shard `D/shards/K.json`.
//! `experiments merge D --out OUT` replays the experiments with each
//! invocation's result read from its shard, so that the JSON and figures are
//! those of a local run: bit-identical when the shards hold the local run's
//! results and `SOURCE_DATE_EPOCH` fixes the timestamp. A missing shard is a
//! failed invocation ("no shard"), reported like any failure.

use crate::cli::RunArgs;
use crate::provenance::{machine, revision};
use crate::schema::{Machine, Revision, RunConfig, WorkerOutput};
use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// One invocation to run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Job {
    pub index: usize,
    pub config: RunConfig,
    pub seed: u64,
    pub timeout_s: u64,
}

impl Job {
    /// What identifies a job's result: its configuration and seed.
    pub fn key(config: &RunConfig, seed: u64) -> String {
        format!(
            "{}|{}",
            serde_json::to_string(config).unwrap_or_default(),
            seed
        )
    }
}

/// A job's result, `shards/INDEX.json`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Shard {
    pub job: Job,
    pub output: Option<WorkerOutput>,
    pub error: Option<String>,
    pub machine: Machine,
    pub revision: Revision,
}

/// `plan.json`: the options of the planned run (merge replays them).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Plan {
    pub args: RunArgs,
    /// Whether `Rscript` was found when planning (GNU R jobs are in the plan).
    pub gnur: bool,
    pub jobs: usize,
}

pub fn jobs_file(dir: &Path) -> PathBuf {
    dir.join("jobs.jsonl")
}

pub fn shard_dir(dir: &Path) -> PathBuf {
    dir.join("shards")
}

pub fn read_jobs(file: &Path) -> Result<Vec<Job>> {
    let text = std::fs::read_to_string(file).with_context(|| format!("read {}", file.display()))?;
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .enumerate()
        .map(|(i, l)| {
            serde_json::from_str(l).with_context(|| format!("{}:{}", file.display(), i + 1))
        })
        .collect()
}

pub fn write_jobs(dir: &Path, jobs: &[Job], args: &RunArgs, gnur: bool) -> Result<()> {
    std::fs::create_dir_all(shard_dir(dir))
        .with_context(|| format!("cannot create {}", shard_dir(dir).display()))?;
    let mut text = String::new();
    for j in jobs {
        text.push_str(&serde_json::to_string(j)?);
        text.push('\n');
    }
    let f = jobs_file(dir);
    std::fs::write(&f, text).with_context(|| format!("cannot write {}", f.display()))?;
    let plan = Plan {
        args: args.clone(),
        gnur,
        jobs: jobs.len(),
    };
    let p = dir.join("plan.json");
    std::fs::write(&p, serde_json::to_string_pretty(&plan)?)
        .with_context(|| format!("cannot write {}", p.display()))?;
    Ok(())
}

pub fn read_plan(dir: &Path) -> Result<Plan> {
    let p = dir.join("plan.json");
    let text = std::fs::read_to_string(&p)
        .with_context(|| format!("read {} (made by `experiments plan`)", p.display()))?;
    serde_json::from_str(&text).with_context(|| format!("parse {}", p.display()))
}

/// Every shard of `dir`, by job key; a shard whose job is not in the plan is
/// an error (shards of another plan).
pub fn read_shards(dir: &Path, jobs: &[Job]) -> Result<HashMap<String, Shard>> {
    let mut m = HashMap::new();
    let sd = shard_dir(dir);
    let Ok(rd) = std::fs::read_dir(&sd) else {
        return Ok(m);
    };
    let mut files: Vec<PathBuf> = rd
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    for f in files {
        let text = std::fs::read_to_string(&f).with_context(|| format!("read {}", f.display()))?;
        let shard: Shard =
            serde_json::from_str(&text).with_context(|| format!("parse {}", f.display()))?;
        if jobs.get(shard.job.index) != Some(&shard.job) {
            bail!(
                "{}: job {} is not that job of {}",
                f.display(),
                shard.job.index,
                jobs_file(dir).display()
            );
        }
        m.insert(Job::key(&shard.job.config, shard.job.seed), shard);
    }
    Ok(m)
}

/// Run job `index` of `jobs_path` and write its shard next to the jobs file.
pub fn run_job(jobs_path: &Path, index: Option<usize>) -> Result<PathBuf> {
    let index = match index {
        Some(i) => i,
        None => std::env::var("SLURM_ARRAY_TASK_ID")
            .context("no --index and no SLURM_ARRAY_TASK_ID")?
            .parse()
            .context("SLURM_ARRAY_TASK_ID is not a number")?,
    };
    let jobs = read_jobs(jobs_path)?;
    let Some(job) = jobs.get(index) else {
        bail!(
            "job {} does not exist: {} has {} jobs (0..{})",
            index,
            jobs_path.display(),
            jobs.len(),
            jobs.len()
        );
    };
    let dir = jobs_path.parent().unwrap_or(Path::new("."));
    let exe = std::env::current_exe().context("locate the experiments binary")?;
    let scratch = dir.join("scratch");
    let (output, error) = match crate::harness::execute(
        &exe,
        crate::rscript::find_rscript().as_deref(),
        &job.config,
        job.seed,
        job.timeout_s,
        &scratch,
    ) {
        Ok(o) => (Some(o), None),
        Err(e) => (None, Some(format!("{:#}", e))),
    };
    let shard = Shard {
        job: job.clone(),
        output,
        error,
        machine: machine(),
        revision: revision(),
    };
    let sd = shard_dir(dir);
    std::fs::create_dir_all(&sd).with_context(|| format!("cannot create {}", sd.display()))?;
    let path = sd.join(format!("{}.json", index));
    // Write then rename: a shard is complete or absent.
    let tmp = sd.join(format!(".{}.json.tmp", index));
    std::fs::write(&tmp, serde_json::to_string(&shard)?)
        .with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, &path).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(path)
}
