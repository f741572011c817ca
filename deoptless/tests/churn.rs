//! Code-memory churn (issue 19): thousands of compile / retire cycles leave
//! the machine code and the process's memory bounded. Compiled versions,
//! OSR-in entries and continuations each own a Cranelift module that is freed
//! when the code is retired and no longer running (`compiler::lower::Compiled`'s
//! `Drop`); before that, every retired version kept its pages for good.
//!
//! The measure is `dlvm run --stats`: `code_compiled` (functions compiled),
//! `code_live` / `code_bytes_live` (still allocated at the end), and
//! `peak_rss_kb`. Ten times the churn must not give ten times the live code,
//! nor a peak RSS growing with the number of retired versions.

use std::process::Command;

/// A program of `m` functions, each compiled and retired again and again:
/// deopt mode under chaos 1.0 fails every compiled version at its first
/// check, which retires it; after `jit_threshold` more calls it is compiled
/// again, until `MAX_DEOPTS` leaves the function interpreted.
fn program(m: usize) -> String {
    let mut s = String::new();
    for k in 0..m {
        s.push_str(&format!(
            "f{k} <- function(n) {{ s <- 0; for (i in 1:n) s <- s + i * {k}; if (s > 1e9) s <- 0; s }}\n"
        ));
    }
    let names: Vec<String> = (0..m).map(|k| format!("f{k}")).collect();
    s.push_str(&format!("fs <- list({})\n", names.join(", ")));
    s.push_str("total <- 0\nfor (r in 1:40) for (f in fs) total <- total + f(3L)\nprint(total)\n");
    s
}

struct Measure {
    compiled: u64,
    live: u64,
    bytes_live: u64,
    freed: u64,
    peak_rss_kb: u64,
}

fn measure(m: usize, mode: &str) -> Measure {
    let dir = std::env::temp_dir().join(format!("dlvm-churn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join(format!("churn{m}{mode}.R"));
    let stats = dir.join(format!("churn{m}{mode}.json"));
    std::fs::write(&src, program(m)).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_dlvm"))
        .args([
            "run",
            "--mode",
            mode,
            "--background-compile",
            "off",
            "--jit-threshold",
            "1",
            "--osr-threshold",
            "1",
        ])
        .args(["--chaos", "1", "--seed", "7", "--stats"])
        .arg(&stats)
        .arg(&src)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Every function sums 1..3 times its index, 40 times.
    let want = 40 * 6 * (m * (m - 1) / 2);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        format!("[1] {want}")
    );
    let j: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&stats).unwrap()).unwrap();
    let n = |k: &str| j[k].as_u64().unwrap_or_else(|| panic!("stats field {k}"));
    let r = Measure {
        compiled: n("code_compiled"),
        live: n("code_live"),
        bytes_live: n("code_bytes_live"),
        freed: n("code_freed"),
        peak_rss_kb: n("peak_rss_kb"),
    };
    eprintln!(
        "churn m={m} {mode}: compiled {} live {} ({} bytes) freed {} peak RSS {} KiB",
        r.compiled, r.live, r.bytes_live, r.freed, r.peak_rss_kb
    );
    r
}

#[test]
fn retired_code_is_freed() {
    // Deopt mode: every retirement path (versions, OSR-in code) frees through
    // the same `Drop` as deoptless continuations. (In deoptless mode a chaos
    // failure keeps its code by design, so chaos does not churn there.)
    {
        let mode = "deopt";
        let small = measure(40, mode);
        let large = measure(400, mode);
        // The churn happened: thousands of compiles, nearly all retired.
        assert!(
            large.compiled >= 2000,
            "{mode}: {} compiles",
            large.compiled
        );
        assert!(
            large.compiled >= 8 * small.compiled,
            "{mode}: {} vs {}",
            large.compiled,
            small.compiled
        );
        assert_eq!(large.freed + large.live, large.compiled);
        // Live code is bounded: what the last functions still hold, not
        // what was ever compiled.
        assert!(
            large.live <= 2 * small.live + 16,
            "{mode}: {} live versions after {} compiles ({} after {})",
            large.live,
            large.compiled,
            small.live,
            small.compiled
        );
        assert!(
            large.bytes_live <= 2 * small.bytes_live + 64 * 1024,
            "{mode}: {} live code bytes ({} with a tenth of the churn)",
            large.bytes_live,
            small.bytes_live
        );
        // The process does not keep the pages of retired code: each compile
        // takes at least one 4 KiB page of code, so kept code would add
        // 4 KiB per extra compile. The program itself (bytecode, feedback
        // and, since functions are language objects, the body's syntax tree
        // for `body(f)` and printing, of 360 more functions: about 16 KiB
        // each) is allowed 2 KiB per extra compile.
        let extra = large.compiled - small.compiled;
        let growth = large.peak_rss_kb.saturating_sub(small.peak_rss_kb);
        assert!(
            growth <= 2 * extra,
            "{mode}: peak RSS grew {growth} KiB for {extra} more compiles"
        );
    }
}
