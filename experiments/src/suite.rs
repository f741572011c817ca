//! Benchmark suites: any directory of R programs (`--suite DIR`).
//!
//! Two driver conventions are recognised per program:
//!
//! - this project's: the file defines `run <- function()`, one iteration per
//!   call (its top level usually ends with `print(run())`);
//! - the public Ř benchmark suite's (RBenchmarking, run by ReBench): the file
//!   defines `execute <- function(n)`, and the harness calls `execute(PARAM)`
//!   with a per-program parameter. The parameter comes from `DIR/suite.conf`
//!   (ReBench's `extra_args`, one program per line) or from a `# param: N`
//!   comment in the program; `suite.conf` wins when both give one.
//!
//! `suite.conf` lines (comments start with `#`), any of:
//!
//! ```text
//! Bounce: 35
//! - Mandelbrot: {extra_args: 500}
//! fib 23
//! ```
//!
//! A program that defines `execute` without a parameter, or neither entry
//! point, is not run; it is reported as failed (mode `all`) with the reason.

use anyhow::{bail, Context, Result};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The per-program configuration file of a suite directory.
pub const CONFIG_FILE: &str = "suite.conf";

/// One runnable program of a suite.
#[derive(Clone, Debug, PartialEq)]
pub struct SuiteProgram {
    /// The file's stem (`Bounce` for `Bounce.r`).
    pub name: String,
    pub path: PathBuf,
    /// The R call timed per iteration; `None` = this project's `run()`.
    pub entry: Option<String>,
}

/// A suite directory, resolved.
#[derive(Clone, Debug, Default)]
pub struct Suite {
    pub programs: Vec<SuiteProgram>,
    /// Programs that cannot be run, with why (stem, reason).
    pub unresolved: Vec<(String, String)>,
}

/// `*.R` and `*.r` files of `dir`, sorted by name (empty if it is missing).
pub fn r_files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "R" || x == "r") && p.is_file())
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// Parse `suite.conf` text: program name → parameter text.
pub fn parse_config(text: &str) -> Result<BTreeMap<String, String>> {
    let mut m = BTreeMap::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        let line = line.strip_prefix("- ").unwrap_or(line).trim();
        if line.is_empty() {
            continue;
        }
        let (name, rest) = match line.split_once(':') {
            Some((n, r)) => (n.trim(), r.trim()),
            None => match line.split_once(char::is_whitespace) {
                Some((n, r)) => (n.trim(), r.trim()),
                None => bail!("{}:{}: expected `NAME: PARAM`", CONFIG_FILE, i + 1),
            },
        };
        // ReBench's `{extra_args: 35}` (quotes allowed).
        let value = match rest.split_once("extra_args") {
            Some((_, v)) => v.trim_start_matches([':', ' ']).trim_end_matches('}'),
            None => rest,
        };
        let value = value.trim().trim_matches(['"', '\'']).trim();
        if name.is_empty() || value.is_empty() {
            bail!("{}:{}: expected `NAME: PARAM`", CONFIG_FILE, i + 1);
        }
        m.insert(name.to_string(), value.to_string());
    }
    Ok(m)
}

/// Whether `src` assigns a function to `name` at the start of a line
/// (`name <- function`, `name = function`).
fn defines(src: &str, name: &str) -> bool {
    src.lines().any(|l| {
        let l = l.trim_start();
        let Some(rest) = l.strip_prefix(name) else {
            return false;
        };
        let rest = rest.trim_start();
        let rest = rest
            .strip_prefix("<-")
            .or_else(|| rest.strip_prefix('='))
            .unwrap_or("");
        rest.trim_start().starts_with("function")
    })
}

/// A `# param: N` comment in the program.
fn param_comment(src: &str) -> Option<String> {
    src.lines().find_map(|l| {
        let c = l.trim_start().strip_prefix('#')?;
        let v = c.trim_start().strip_prefix("param:")?;
        Some(v.trim().to_string())
    })
}

/// The R literal for a parameter: integers as `35L` (Ř's harness passes
/// `strtoi` of its argument), other numbers as written.
fn param_literal(p: &str) -> Option<String> {
    if !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) {
        return Some(format!("{}L", p.trim_start_matches('0').max("0")));
    }
    p.parse::<f64>()
        .ok()
        .filter(|x| x.is_finite())
        .map(|_| p.to_string())
}

/// Resolve every program of `dir`. Errors only if the directory or its
/// `suite.conf` cannot be read.
pub fn load(dir: &Path) -> Result<Suite> {
    if !dir.is_dir() {
        bail!("suite directory {} does not exist", dir.display());
    }
    let conf_path = dir.join(CONFIG_FILE);
    let conf = if conf_path.is_file() {
        let text = std::fs::read_to_string(&conf_path)
            .with_context(|| format!("read {}", conf_path.display()))?;
        parse_config(&text).with_context(|| format!("in {}", conf_path.display()))?
    } else {
        BTreeMap::new()
    };
    let mut suite = Suite::default();
    let files = r_files(dir);
    for name in conf.keys() {
        if !files.iter().any(|f| crate::harness::stem(f) == *name) {
            suite.unresolved.push((
                name.clone(),
                format!("listed in {} but no {}.R or {}.r", CONFIG_FILE, name, name),
            ));
        }
    }
    for path in files {
        let name = crate::harness::stem(&path);
        let src = match std::fs::read(&path) {
            Ok(b) => String::from_utf8_lossy(&b).into_owned(),
            Err(e) => {
                suite
                    .unresolved
                    .push((name, format!("cannot read {}: {}", path.display(), e)));
                continue;
            }
        };
        let param = conf.get(&name).cloned().or_else(|| param_comment(&src));
        let entry = if defines(&src, "execute") && (param.is_some() || !defines(&src, "run")) {
            let Some(p) = param else {
                suite.unresolved.push((
                    name.clone(),
                    format!(
                        "defines execute(n) but has no parameter: add `# param: N` to it or `{}: N` to {}",
                        name, CONFIG_FILE
                    ),
                ));
                continue;
            };
            let Some(lit) = param_literal(&p) else {
                suite
                    .unresolved
                    .push((name.clone(), format!("parameter `{}` is not a number", p)));
                continue;
            };
            Some(format!("execute({})", lit))
        } else if defines(&src, "run") {
            None
        } else {
            suite.unresolved.push((
                name.clone(),
                "defines neither run() nor execute(n)".to_string(),
            ));
            continue;
        };
        suite.programs.push(SuiteProgram { name, path, entry });
    }
    suite.unresolved.sort();
    Ok(suite)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn config_lines() {
        let m = parse_config(
            "# ReBench style\n- Bounce: {extra_args: 35}\nMandelbrot: 500  # px\nfib 23\n\n- Quoted: {extra_args: \"7\"}\n",
        )
        .unwrap();
        assert_eq!(m["Bounce"], "35");
        assert_eq!(m["Mandelbrot"], "500");
        assert_eq!(m["fib"], "23");
        assert_eq!(m["Quoted"], "7");
        assert!(parse_config("lonely\n").is_err());
    }

    #[test]
    fn entry_points() {
        assert!(defines("run <- function() 1", "run"));
        assert!(defines("  execute = function(n) n", "execute"));
        assert!(!defines("runner <- function() 1", "run"));
        assert!(!defines("# run <- function() 1", "run"));
        assert_eq!(param_comment("x\n# param: 12\n").as_deref(), Some("12"));
        assert_eq!(param_literal("35").as_deref(), Some("35L"));
        assert_eq!(param_literal("0").as_deref(), Some("0L"));
        assert_eq!(param_literal("2.5").as_deref(), Some("2.5"));
        assert_eq!(param_literal("x"), None);
    }
}
