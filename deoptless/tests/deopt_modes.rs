//! Differential tests of the JIT with deoptimization: the whole conformance
//! corpus must print exactly what GNU R prints when every function is compiled
//! at its first call (`--jit-threshold 1`), and under chaos mode, where
//! assumption checks fail at random although they hold (every exit must be
//! correct: sourir's assumption transparency).

mod common;

#[test]
fn corpus_in_deopt_mode_compiled_at_first_call() {
    common::check_all(&["--mode", "deopt", "--jit-threshold", "1"]);
}

#[test]
fn corpus_in_deopt_mode_default_threshold() {
    common::check_all(&["--mode", "deopt"]);
}

fn chaos(p: &str) {
    for seed in ["1", "2", "3"] {
        common::check_all(&[
            "--mode",
            "deopt",
            "--jit-threshold",
            "1",
            "--chaos",
            p,
            "--seed",
            seed,
        ]);
    }
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
