//! GNU R as a reference point: a generated R driver sources the program (its
//! top level runs once, output discarded), then times `run()` calls with
//! `Sys.time()` differences and prints one nanosecond count per line.

use crate::process::run_with_timeout;
use crate::schema::WorkerOutput;
use anyhow::{Context, Result};
use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// `Rscript` if it is on PATH.
pub fn find_rscript() -> Option<std::path::PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join("Rscript"))
        .find(|p| p.is_file())
}

/// The driver's source for `program` and `iterations` timed calls of `entry`
/// (default `run()`).
pub fn driver(program: &Path, entry: Option<&str>, iterations: usize) -> String {
    let entry = entry.unwrap_or("run()");
    let file = program
        .display()
        .to_string()
        .replace('\\', "\\\\")
        .replace('"', "\\\"");
    format!(
        r#"invisible(capture.output(source("{file}")))
.dlvm_times <- numeric({iterations})
for (.dlvm_i in seq_len({iterations})) {{
  .dlvm_t0 <- Sys.time()
  invisible({entry})
  .dlvm_times[.dlvm_i] <- as.numeric(difftime(Sys.time(), .dlvm_t0, units = "secs"))
}}
cat(sprintf("%.0f", .dlvm_times * 1e9), sep = "\n")
"#
    )
}

/// Time `program` under GNU R; the driver is written to `scratch`.
pub fn run(
    rscript: &Path,
    program: &Path,
    entry: Option<&str>,
    iterations: usize,
    scratch: &Path,
    timeout: Duration,
) -> Result<WorkerOutput> {
    let stem = program
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    std::fs::create_dir_all(scratch)?;
    let drv = scratch.join(format!("gnur_driver_{}.R", stem));
    let program = std::fs::canonicalize(program).unwrap_or_else(|_| program.to_path_buf());
    std::fs::write(&drv, driver(&program, entry, iterations))?;
    let mut cmd = Command::new(rscript);
    cmd.arg("--vanilla").arg(&drv);
    let t0 = std::time::Instant::now();
    let out = run_with_timeout(cmd, timeout).context("Rscript")?;
    let total = t0.elapsed().as_nanos() as u64;
    let iter_ns: Vec<u64> = String::from_utf8_lossy(&out)
        .lines()
        .filter_map(|l| l.trim().parse::<f64>().ok())
        .map(|x| x as u64)
        .collect();
    anyhow::ensure!(
        iter_ns.len() == iterations,
        "Rscript printed {} times, expected {}",
        iter_ns.len(),
        iterations
    );
    let _ = std::fs::remove_file(&drv);
    Ok(WorkerOutput {
        load_ns: total.saturating_sub(iter_ns.iter().sum()),
        iter_ns,
        peak_rss_kib: None,
        counters: None,
        latencies: None,
    })
}
