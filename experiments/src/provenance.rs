//! Provenance recorded in every result file: the machine and the git revision.

use crate::schema::{Machine, Revision};
use std::path::Path;
use std::process::Command;

/// CPU model, core count, OS and host name, from /proc and uname.
pub fn machine() -> Machine {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let cpu_model = cpuinfo
        .lines()
        .find(|l| l.starts_with("model name"))
        .and_then(|l| l.split_once(':'))
        .map(|(_, m)| m.trim().to_string())
        .unwrap_or_else(|| "unknown".into());
    let cores = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1);
    let os = std::fs::read_to_string("/etc/os-release")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("PRETTY_NAME="))
                .map(|l| l["PRETTY_NAME=".len()..].trim_matches('"').to_string())
        })
        .unwrap_or_else(|| std::env::consts::OS.to_string());
    let kernel = std::fs::read_to_string("/proc/sys/kernel/osrelease").unwrap_or_default();
    let hostname = std::fs::read_to_string("/proc/sys/kernel/hostname").unwrap_or_default();
    Machine {
        cpu_model,
        cores,
        os: format!("{} (Linux {})", os, kernel.trim()),
        hostname: hostname.trim().to_string(),
    }
}

fn git(dir: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .current_dir(dir)
        .args(args)
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// `git rev-parse HEAD` of the source tree this binary was built from, and
/// whether tracked files have uncommitted changes.
pub fn revision() -> Revision {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    match git(dir, &["rev-parse", "HEAD"]) {
        Some(commit) => Revision {
            commit,
            dirty: git(dir, &["status", "--porcelain", "--untracked-files=no"])
                .map(|s| !s.is_empty())
                .unwrap_or(false),
        },
        None => Revision {
            commit: "unknown".into(),
            dirty: false,
        },
    }
}

/// Peak resident set size of this process (VmHWM), in KiB.
pub fn peak_rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
