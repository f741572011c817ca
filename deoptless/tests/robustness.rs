//! Bad input never crashes the VM: deep recursion gives R's error, unknown
//! features are named, missing files and bad flags are usage errors.

mod common;

use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

fn run_src(src: &str) -> (String, String, i32) {
    run_src_with(&[], src)
}

#[test]
fn infinite_recursion_is_an_r_error() {
    let (_, err, st) = run_src("f <- function(n) f(n + 1)\nf(0)\n");
    assert_eq!(st, 1);
    assert!(
        err.starts_with("Error: evaluation nested too deeply"),
        "{}",
        err
    );
}

/// Run `src` as a program file through `dlvm run FLAGS FILE`.
fn run_src_with(flags: &[&str], src: &str) -> (String, String, i32) {
    // One file per call: tests run in parallel in this process.
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!("dlvm-robust-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join(format!("p{}.R", NEXT.fetch_add(1, Ordering::Relaxed)));
    std::fs::write(&f, src).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_dlvm"))
        .arg("run")
        .args(flags)
        .args(common::repeatable(flags))
        .arg(&f)
        .output()
        .unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

/// Recursion where compiled code calls compiled code directly (positional
/// arguments, `runtime::call_positional`) still stops at R's nesting limit
/// with R's error, in every mode, and finite deep recursion completes.
#[test]
fn recursion_through_compiled_calls_is_bounded() {
    let src = "f <- function(n) { if (n < 0L) return(0L); g(n + 1L) + 1L }
               g <- function(n) f(n) + 1L
               for (i in 1:5) x <- f(-1L)
print(x)
f(1L)
";
    let deep = "h <- function(n) if (n == 0L) 0L else 1L + h(n - 1L)
                for (i in 1:5) x <- h(10L)
print(h(4000L))
";
    for mode in ["deopt", "deoptless"] {
        let flags = ["--mode", mode, "--jit-threshold", "1"];
        let (out, err, st) = run_src_with(&flags, src);
        assert_eq!((out.as_str(), st), ("[1] 0\n", 1), "{}", err);
        assert!(
            err.starts_with("Error: evaluation nested too deeply"),
            "{}",
            err
        );
        let (out, err, st) = run_src_with(&flags, deep);
        assert_eq!((out.as_str(), st), ("[1] 4000\n", 0), "{}", err);
    }
}

#[test]
fn deep_but_finite_recursion_works() {
    let (out, _, st) =
        run_src("g <- function(n) if (n == 0) 0 else 1 + g(n - 1)\nprint(g(4000))\n");
    assert_eq!((out.as_str(), st), ("[1] 4000\n", 0));
}

#[test]
fn unsupported_features_are_named() {
    let (_, err, st) = run_src("d <- data.frame(a = 1)\n");
    assert_eq!(st, 1);
    assert_eq!(
        err.lines().next().unwrap(),
        "Error: unsupported: data frames (data.frame)"
    );
    let (_, err, _) = run_src("A <- setRefClass(\"A\")\n");
    assert_eq!(
        err.lines().next().unwrap(),
        "Error: unsupported: S4 and reference classes (setRefClass)"
    );
}

#[test]
fn syntax_error_has_position() {
    let (out, err, st) = run_src("print(1)\nx <- (1 +\n 2))\n");
    assert_eq!(st, 1);
    assert_eq!(out, "[1] 1\n");
    assert!(
        err.lines()
            .next()
            .unwrap()
            .ends_with(":3:4: unexpected ')'"),
        "{}",
        err
    );
}

#[test]
fn usage_errors_exit_2() {
    let st = Command::new(env!("CARGO_BIN_EXE_dlvm"))
        .args(["run", "/nonexistent/x.R"])
        .status()
        .unwrap();
    assert_eq!(st.code(), Some(2));
    let st = Command::new(env!("CARGO_BIN_EXE_dlvm"))
        .args(["run", "--mode", "bogus", "x.R"])
        .status()
        .unwrap();
    assert_eq!(st.code(), Some(2));
}

#[test]
fn random_bytes_never_crash() {
    // A deterministic LCG stream of bytes and of R-ish tokens; every run must end
    // with status 0 or 1 (an R error), never a signal or a panic.
    let toks = [
        "x", "<-", "(", ")", "{", "}", "[", "]", "[[", "]]", "+", "-", "*", "/", "^", "1", "2L",
        "\"s\"", "if", "else", "for", "in", "while", "function", ",", ";", "\n", "NULL", "NA",
        "TRUE", "c", "list", "$", ":", "break", "next", "return", "=", "==", "&&", "!", "f", "...",
    ];
    let mut seed: u64 = 0x2545F4914F6CDD1D;
    let mut next = || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as usize
    };
    for case in 0..60 {
        let src: String = if case % 2 == 0 {
            (0..(next() % 200))
                .map(|_| (next() % 128) as u8 as char)
                .collect()
        } else {
            (0..(next() % 60))
                .map(|_| toks[next() % toks.len()])
                .collect::<Vec<_>>()
                .join(" ")
        };
        // Bound loops: random programs may contain `while (TRUE)`.
        let guarded = format!("{}\n", src.replace("while", "if").replace("repeat", "if"));
        let (_, err, st) = run_src(&guarded);
        assert!(
            st == 0 || st == 1,
            "case {} crashed (status {}): {:?}\n{}",
            case,
            st,
            guarded,
            err
        );
        assert!(
            !err.contains("panicked"),
            "case {} panicked: {:?}\n{}",
            case,
            guarded,
            err
        );
    }
}

/// OSR-in compilation is bounded per loop (`MAX_OSR_COMPILES`): a loop
/// nest whose entry states keep changing (a local that is an int on one
/// iteration and a double on the next) under random failures, in deoptless
/// mode where chaos fallbacks keep their code and re-enter loop code, once
/// compiled without end (the ising benchmark). The output stays the
/// interpreter's.
#[test]
fn osr_compilation_is_bounded_per_function() {
    let src = r#"
walk <- function(m, sweeps) {
  n <- nrow(m)
  acc <- 0
  for (sw in seq_len(sweeps)) {
    for (i in 1:n) {
      up <- if (i == 1) n else i - 1
      for (j in 1:n) {
        lf <- if (j == 1) n else j - 1
        acc <- acc + m[up, j] * m[i, lf]
      }
    }
  }
  acc
}
m <- matrix(as.double(1:144) %% 5, 12, 12)
total <- 0
for (r in 1:40) total <- total + walk(m, 20)
print(total)
"#;
    let (want, _, st) = run_src_with(&["--mode", "interp"], src);
    assert_eq!(st, 0);
    let trace = std::env::temp_dir().join(format!("dlvm-osr-budget-{}.jsonl", std::process::id()));
    let trace_s = trace.to_str().unwrap();
    let (got, err, st) = run_src_with(
        &[
            "--chaos",
            "0.01",
            "--seed",
            "3",
            "--osr-threshold",
            "50",
            "--trace-events",
            trace_s,
        ],
        src,
    );
    assert_eq!((st, got.as_str()), (0, want.as_str()), "stderr: {err}");
    let events = std::fs::read_to_string(&trace).unwrap();
    // Each compilation is followed by its first entry (`reused: false`).
    let mut per_loop = std::collections::BTreeMap::new();
    for line in events.lines() {
        if line.contains("\"event\":\"osr_in\"") && line.contains("\"reused\":false") {
            let pc = line
                .split("\"pc\":")
                .nth(1)
                .unwrap()
                .split([',', '}'])
                .next()
                .unwrap();
            *per_loop.entry(pc.to_string()).or_insert(0usize) += 1;
        }
    }
    assert!(!per_loop.is_empty(), "the loops were never compiled");
    for (pc, n) in &per_loop {
        assert!(
            *n <= deoptless::engine::MAX_OSR_COMPILES as usize,
            "{n} OSR-in compilations of the loop at pc {pc}"
        );
    }
    let _ = std::fs::remove_file(&trace);
}
