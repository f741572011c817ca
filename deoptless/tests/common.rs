//! Shared helpers for the differential tests: run a corpus program through the
//! `dlvm` binary and compare with GNU R's recorded outputs.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

pub fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/r")
}

/// Every program in the corpus (sorted).
pub fn programs() -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(corpus_dir())
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".R"))
        .map(|n| n.trim_end_matches(".R").to_string())
        .collect();
    v.sort();
    v
}

/// The flags to add to a run's `flags`: `--background-compile off` unless
/// they choose. A test's run then compiles the same code at the same calls
/// every time (with compilation in the background, what runs compiled
/// depends on timing).
pub fn repeatable<S: AsRef<std::ffi::OsStr>>(flags: &[S]) -> &'static [&'static str] {
    if flags.iter().any(|f| f.as_ref() == "--background-compile") {
        &[]
    } else {
        &["--background-compile", "off"]
    }
}

/// Compare one run with the expectation; `None` if it matches, else a description.
pub fn check(name: &str, flags: &[&str]) -> Option<String> {
    let dir = corpus_dir();
    // A program that reads standard input gets NAME.stdin (as when recorded).
    let stdin = match std::fs::File::open(dir.join(format!("{}.stdin", name))) {
        Ok(f) => std::process::Stdio::from(f),
        Err(_) => std::process::Stdio::null(),
    };
    let out = Command::new(env!("CARGO_BIN_EXE_dlvm"))
        .arg("run")
        .args(flags)
        .args(repeatable(flags))
        .arg(format!("{}.R", name))
        .current_dir(&dir)
        .stdin(stdin)
        .output()
        .expect("run dlvm");
    let read = |ext: &str| std::fs::read_to_string(dir.join(format!("{}.{}", name, ext))).unwrap();
    let want_out = read("out");
    let want_err = read("err");
    let want_status: i32 = read("status").trim().parse().unwrap();
    let got_out = String::from_utf8_lossy(&out.stdout);
    let got_err = String::from_utf8_lossy(&out.stderr);
    let status = out.status.code().unwrap_or(-1);
    if status != want_status {
        return Some(format!(
            "{} {:?}: status {} (want {})\nstderr: {}",
            name, flags, status, want_status, got_err
        ));
    }
    if got_out != want_out {
        return Some(format!(
            "{} {:?}: stdout differs\n--- got\n{}\n--- want\n{}",
            name, flags, got_out, want_out
        ));
    }
    if !stderr_matches(name, &got_err, &want_err) {
        return Some(format!(
            "{} {:?}: stderr differs\n--- got\n{}\n--- want\n{}",
            name, flags, got_err, want_err
        ));
    }
    None
}

/// The whole stderr (errors with their `Calls:` line, warnings, `message()`
/// output) is GNU R's, except for a syntax error's own lines: R prints
/// `Error: unexpected X in:` and an excerpt of the source, dlvm its position
/// (`first_error_line_matches`).
pub fn stderr_matches(name: &str, got: &str, want: &str) -> bool {
    if got == want {
        return true;
    }
    let want_lines: Vec<&str> = want.lines().collect();
    let got_lines: Vec<&str> = got.lines().collect();
    let Some(w) = want_lines
        .iter()
        .position(|l| l.starts_with("Error: unexpected "))
    else {
        return false;
    };
    let prefix = format!("Error: {}.R:", name);
    let Some(g) = got_lines.iter().position(|l| l.starts_with(&prefix)) else {
        return false;
    };
    // R's excerpt runs up to the line before `Execution halted`.
    let Some(w_end) = want_lines[w..]
        .iter()
        .position(|l| *l == "Execution halted")
    else {
        return false;
    };
    want_lines[..w] == got_lines[..g]
        && first_error_line_matches(name, got_lines[g], want_lines[w])
        && want_lines[w + w_end..] == got_lines[g + 1..]
}

/// GNU R's first error line, except for syntax errors: R prints
/// `Error: unexpected X in:` where dlvm prints `Error: FILE:LINE:COL: unexpected X`
/// (the position format the project requires); the message must still agree.
pub fn first_error_line_matches(name: &str, got: &str, want: &str) -> bool {
    if let Some(what) = want.strip_prefix("Error: unexpected ") {
        let what = what
            .trim_end_matches(" in:")
            .split(" in \"")
            .next()
            .unwrap_or(what);
        let prefix = format!("Error: {}.R:", name);
        return got.starts_with(&prefix) && got.ends_with(&format!(": unexpected {}", what));
    }
    got == want
}

/// Run `check` over all programs with `flags`, on two threads; panic listing failures.
pub fn check_all(flags: &[&str]) {
    let progs = programs();
    assert!(progs.len() >= 100, "corpus too small: {}", progs.len());
    let failures = Mutex::new(Vec::new());
    let next = Mutex::new(0usize);
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let i = {
                    let mut n = next.lock().unwrap();
                    *n += 1;
                    *n - 1
                };
                if i >= progs.len() {
                    break;
                }
                if let Some(f) = check(&progs[i], flags) {
                    failures.lock().unwrap().push(f);
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    if !failures.is_empty() {
        let n = failures.len();
        panic!(
            "{} of {} programs differ from GNU R with {:?}:\n{}",
            n,
            progs.len(),
            flags,
            failures.join("\n\n")
        );
    }
}

/// Run `dlvm run ARGS.. --stats FILE PROGRAM` (the `dlvm` of this build) in
/// the program's directory: its stdout, and the `--stats` JSON. Panics (failing the test) when the
/// run fails.
pub fn run_with_stats(args: &[&std::ffi::OsStr], program: &Path) -> (String, serde_json::Value) {
    let stats = std::env::temp_dir().join(format!(
        "dlvm-stats-{}-{}.json",
        std::process::id(),
        program
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("program")
    ));
    let out = Command::new(env!("CARGO_BIN_EXE_dlvm"))
        .arg("run")
        .args(args)
        .args(repeatable(args))
        .arg("--stats")
        .arg(&stats)
        .arg(program)
        .current_dir(program.parent().unwrap_or(Path::new(".")))
        .output()
        .expect("run dlvm");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let st = serde_json::from_str(&std::fs::read_to_string(&stats).unwrap()).unwrap();
    let _ = std::fs::remove_file(&stats);
    (String::from_utf8_lossy(&out.stdout).into_owned(), st)
}

/// `run_with_stats` of the R program `text` (written to a temporary file
/// named after `name`, removed after), with `args` as strings.
pub fn run_text_with_stats(name: &str, text: &str, args: &[&str]) -> (String, serde_json::Value) {
    let prog = std::env::temp_dir().join(format!("dlvm-{name}-{}.R", std::process::id()));
    std::fs::write(&prog, text).unwrap();
    let args: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_ref()).collect();
    let r = run_with_stats(&args, &prog);
    let _ = std::fs::remove_file(&prog);
    r
}
