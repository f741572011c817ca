//! Differential tests of the JIT with deoptimization: the whole conformance
//! corpus must print exactly what GNU R prints when every function is compiled
//! at its first call (`--jit-threshold 1`), and under chaos mode, where
//! assumption checks fail at random although they hold (every exit must be
//! correct: sourir's assumption transparency). Every hot function is
//! compiled (the profitability check is off by default), so every compilable
//! function's exits are exercised.

mod common;

#[test]
fn corpus_in_deopt_mode_compiled_at_first_call() {
    common::check_all(&["--mode", "deopt", "--jit-threshold", "1"]);
    common::check_all(&["--mode", "deopt", "--jit-threshold", "1"]);
}

/// Versions compiled in the background (the command line's default) are
/// installed at whatever call they are ready: the corpus with every
/// function due at its first call, plain and under chaos.
#[test]
fn corpus_with_background_compilation() {
    let bg = ["--jit-threshold", "1", "--background-compile", "on"];
    common::check_all(&[&["--mode", "deoptless"][..], &bg].concat());
    common::check_all(
        &[
            &["--mode", "deopt", "--chaos", "0.5", "--seed", "4"][..],
            &bg,
        ]
        .concat(),
    );
}

/// Continuations compiled through to the function's end (as in Ř) rather
/// than up to the next loop header: entered mid-loop, their loops come
/// back to the entry block (its layout must carry what the loops carry).
#[test]
fn corpus_with_whole_continuations() {
    let hot = [
        "--jit-threshold",
        "1",
        "--osr-threshold",
        "1",
        "--whole-continuations",
    ];
    for (p, seed) in [("0.1", "2"), ("1.0", "5")] {
        common::check_all(&[&hot[..], &["--chaos", p, "--seed", seed]].concat());
    }
}

/// A function called often is compiled in the background and installed:
/// its calls go on in the interpreter meanwhile, then run its version.
#[test]
fn background_compiles_are_installed() {
    let src = "f <- function(x) x * 2 + 1\n\
               s <- 0\n\
               for (i in 1:1000000) s <- s + f(i)\n\
               print(s)\n";
    let (out, st) = common::run_text_with_stats(
        "background",
        src,
        &["--background-compile", "on", "--osr-threshold", "0"],
    );
    let (want, _) = common::run_text_with_stats("background-interp", src, &["--mode", "interp"]);
    assert_eq!(out, want);
    assert!(st["background_compiles"].as_u64().unwrap() >= 1, "{st}");
    assert_eq!(st["functions_compiled"], st["background_compiles"], "{st}");
    assert!(
        st["background_worker_ns_total"].as_u64().unwrap() > 0,
        "{st}"
    );
}

/// Calls from compiled code build the callee's frame at once (the path
/// direct calls, the default, take when a callee has no compiled version).
#[test]
fn corpus_without_direct_calls() {
    common::check_all(&[
        "--mode",
        "deopt",
        "--jit-threshold",
        "1",
        "--no-direct-calls",
    ]);
}

#[test]
fn corpus_in_deopt_mode_default_threshold() {
    common::check_all(&["--mode", "deopt"]);
}

/// The corpus under chaos probability `p` with seeds 1, 2, 3, installing every
/// hot function compiled, in the mode `flags` give.
fn chaos_runs(flags: &[&str], p: &str) {
    for seed in ["1", "2", "3"] {
        let mut all = flags.to_vec();
        all.extend_from_slice(&["--chaos", p, "--seed", seed]);
        common::check_all(&all);
    }
}

fn chaos(p: &str) {
    chaos_runs(&["--mode", "deopt", "--jit-threshold", "1"], p);
}

#[test]
fn corpus_under_chaos_1_percent() {
    chaos("0.01");
}

#[test]
fn corpus_under_chaos_50_percent() {
    chaos("0.5");
}

#[test]
fn corpus_under_chaos_every_check_fails() {
    chaos("1.0");
}

fn osr_chaos(p: &str) {
    chaos_runs(&["--mode", "deopt", "--osr-threshold", "1"], p);
}

#[test]
fn corpus_with_osr_at_first_back_edge() {
    common::check_all(&["--mode", "deopt", "--osr-threshold", "1"]);
}

#[test]
fn corpus_with_osr_under_chaos() {
    for p in ["0.01", "0.5", "1.0"] {
        osr_chaos(p);
    }
}

/// The OSR corpus program really enters native code (else the tests above
/// would pass without exercising OSR-in).
#[test]
fn osr_program_enters_native_code() {
    let s = stats_of("osr_loops.R", &["--mode", "deopt", "--osr-threshold", "1"]);
    assert!(s["osr_in"].as_u64().unwrap() >= 8, "{}", s);
}

/// The `--stats` of a successful run of corpus program `program` with `args`.
fn stats_of(program: &str, args: &[&str]) -> serde_json::Value {
    let args: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_ref()).collect();
    common::run_with_stats(&args, &common::corpus_dir().join(program)).1
}

/// A redefined inlined function retires the deoptless origin version: one
/// `call_target` fallback, not one per later call (`jit_redefine` calls the
/// compiled caller 51 times after the redefinition).
#[test]
fn redefinition_retires_the_version_in_deoptless_mode() {
    let s = stats_of("jit_redefine.R", &["--mode", "deoptless"]);
    assert!(s["functions_compiled"].as_u64().unwrap() >= 1, "{}", s);
    assert_eq!(s["deoptless_fallbacks"]["call_target"], 1, "{}", s);
}

/// A typed element read whose index reaches 0 (an empty vector) or goes
/// negative only after its loop was compiled fails its bounds assume. The
/// interpreter's re-execution records a vector result, and the code
/// compiled next keeps that read generic: a few deopts in all, where
/// every recompilation used to fail at the same read (and continuations
/// overrode the learned feedback of a local assigned before it is read)
/// until the functions were left to the interpreter (13 deopts in deopt
/// mode, 14 in deoptless, before the fix).
#[test]
fn bounds_failures_are_learned() {
    few_deopts("phase_bounds_read.R", &[], 6);
}

/// Loops seen empty get an empty path (R's NULL loop variable) in the
/// code compiled next, instead of an assume that failed at every empty
/// loop (30 deopts in deopt mode, 47 in deoptless, before).
#[test]
fn empty_loops_are_learned() {
    few_deopts("phase_empty_loops.R", &[], 6);
}

/// `1:n` with a fractional `n` after integral ones: the compiled count
/// needs no integral end (13 deopts in deopt mode before: every recompile
/// assumed one).
#[test]
fn fractional_range_ends_are_counted() {
    few_deopts("phase_fractional_ranges.R", &[], 4);
}

/// Integer `%%` by zero, an NA `if` condition (an error caught by the
/// caller) and an NA in `&&`, again and again after compilation: computed
/// (or raised) by the code compiled next (8 deopts in deopt mode and 35 in
/// deoptless before, `&&`'s function left interpreted).
#[test]
fn na_results_and_conditions_are_learned() {
    few_deopts("phase_na_results.R", &[], 5);
}

/// An inlined `bitwAnd` &c. whose call the profile saw give NA stays a
/// call (24 deopts at `--jit-threshold 1` before: each edge case failed
/// the inlined form's NA assume again after every recompilation).
#[test]
fn na_results_of_inlined_builtins_are_learned() {
    few_deopts(
        "jit_bitw_inline.R",
        &["--jit-threshold", "1", "--osr-threshold", "1"],
        4,
    );
}

/// `program` in deopt and deoptless mode (background compilation off,
/// plus `extra`): at most `max` deoptimizations, and no function left to
/// the interpreter (the stats' `left_interpreted`).
fn few_deopts(program: &str, extra: &[&str], max: u64) {
    for mode in ["deopt", "deoptless"] {
        let mut args = vec!["--mode", mode, "--background-compile", "off"];
        args.extend_from_slice(extra);
        let s = stats_of(program, &args);
        let deopts = s["deopts"].as_u64().unwrap();
        assert!(deopts <= max, "{}: {} deopts: {}", mode, deopts, s);
        assert_eq!(s["left_interpreted"], serde_json::json!([]), "{}", s);
    }
}

#[test]
fn corpus_in_deoptless_mode_verifying_contexts() {
    common::check_all(&["--mode", "deoptless", "--verify-contexts"]);
    common::check_all(&[
        "--mode",
        "deoptless",
        "--jit-threshold",
        "1",
        "--verify-contexts",
    ]);
}

fn deoptless_chaos(p: &str) {
    chaos_runs(
        &[
            "--mode",
            "deoptless",
            "--jit-threshold",
            "1",
            "--verify-contexts",
        ],
        p,
    );
}

#[test]
fn corpus_in_deoptless_mode_under_rare_chaos() {
    deoptless_chaos("0.0001");
    deoptless_chaos("0.01");
}

#[test]
fn corpus_in_deoptless_mode_under_heavy_chaos() {
    deoptless_chaos("0.5");
    deoptless_chaos("1.0");
}

#[test]
fn corpus_in_deoptless_mode_with_osr_and_recursive_dispatch() {
    // Heavy chaos too: continuations entered with their values in memory,
    // and continuations of continuations (jit_nan_operand_order.R).
    for p in ["0.01", "0.5"] {
        common::check_all(&[
            "--mode",
            "deoptless",
            "--osr-threshold",
            "1",
            "--deoptless-depth",
            "2",
            "--verify-contexts",
            "--chaos",
            p,
            "--seed",
            "5",
        ]);
    }
}

/// The phase-change program really dispatches to continuations (else the
/// corpus runs above would pass without exercising deoptless).
#[test]
fn phase_program_dispatches_to_continuations() {
    let s = stats_of("deoptless_phases.R", &["--mode", "deoptless"]);
    assert!(s["continuations_compiled"].as_u64().unwrap() >= 2, "{}", s);
    assert!(
        s["deoptless_dispatch_hits"].as_u64().unwrap() >= 10,
        "{}",
        s
    );
}

/// Deoptless continuations end at the loop headers they reach and hand over
/// to the loop's OSR-in code, compiled once and reused by later transfers
/// and activations; the output stays GNU R's. (`bench_suite_matmul` runs its
/// triple loop in one activation: every chaos exit lands inside that loop.)
#[test]
fn continuations_transfer_to_cached_loop_code() {
    let flags = [
        "--mode",
        "deoptless",
        "--chaos",
        "0.001",
        "--seed",
        "7",
        "--verify-contexts",
    ];
    assert_eq!(common::check("bench_suite_matmul", &flags), None);
    let s = stats_of("bench_suite_matmul.R", &flags);
    let n = |k: &str| s[k].as_u64().unwrap();
    assert!(n("chaos_exits") >= 10, "{}", s);
    assert!(n("transfers") >= 1, "{}", s);
    assert!(n("osr_reused") >= 1, "{}", s);
    assert!(n("deoptless_dispatch_hits") >= 1, "{}", s);
    // Nearly every exit dispatched: continuations are short (an exit inside
    // one is rare) and the loop code they transfer to is an origin version.
    assert!(10 * n("deopts") <= n("chaos_exits"), "{}", s);
}

/// A real failure that falls back to a deopt (here every one: no table)
/// retires the OSR-in code, as in deopt mode, so the next call compiles loop
/// code from the updated feedback. Kept code would exit at the same return on
/// every call until MAX_DEOPTS (12) left the function interpreted.
#[test]
fn real_fallback_retires_stale_loop_code() {
    let flags = ["--mode", "deoptless", "--max-continuations", "0"];
    assert_eq!(common::check("deoptless_return_in_loop", &flags), None);
    let s = stats_of("deoptless_return_in_loop.R", &flags);
    let n = |k: &str| s[k].as_u64().unwrap();
    assert_eq!(n("deopts"), 1, "{}", s);
    assert_eq!(s["deoptless_fallbacks"]["table_full"], 1, "{}", s);
    // Each of the 30 calls runs native loop code: OSR-in code until the
    // loops' work makes the function hot (`vm::interp::LOOP_WORK_PER_CALL`),
    // then the function's own compiled version.
    assert!(n("osr_in") >= 1, "{}", s);
    assert_eq!(n("functions_compiled"), 1, "{}", s);
}

/// Chaos exits that fall back (no table) keep the code, count toward no
/// limit and send the activation back to its cached loop code at the next
/// back edge: under chaos the function stays native to its last call.
#[test]
fn chaos_fallbacks_keep_loop_code() {
    let flags = [
        "--mode",
        "deoptless",
        "--max-continuations",
        "0",
        "--chaos",
        "0.001",
        "--seed",
        "3",
    ];
    assert_eq!(common::check("deoptless_return_in_loop", &flags), None);
    let s = stats_of("deoptless_return_in_loop.R", &flags);
    let n = |k: &str| s[k].as_u64().unwrap();
    assert!(n("chaos_exits") >= 100, "{}", s);
    // Nearly every chaos exit re-enters the cached loop code (not one in the
    // last iteration of a call).
    assert!(n("osr_in") >= n("chaos_exits"), "{}", s);
    assert!(n("osr_reused") + 2 >= n("osr_in"), "{}", s);
}
