//! Loops never reached when their code was compiled end it with a transfer
//! exit to the interpreter, which profiles the loop and compiles it by
//! OSR-in (`FunctionCode::loop_reached`). A function compiled at its first
//! call (`--jit-threshold 1`: nothing profiled yet) whose loop then runs at
//! every call would transfer at every call: its version is retired once it
//! does so on nearly every call (`note_transfer`) and compiled again with
//! the loop in it. And a script's second loop, reached only after the first
//! loop's OSR-in code was compiled, runs typed by OSR-in of its own, not
//! through the runtime.

mod common;

const EVERY_CALL: &str = "
f <- function(n) {
  s <- 0
  for (i in 1:n) s <- s + i
  s
}
t <- 0
for (k in 1:20000) t <- t + f(3)
print(t)
";

const SECOND_LOOP: &str = "
run <- function(n) {
  s <- 0
  i <- 1
  while (i <= n) { s <- s + i %% 7; i <- i + 1 }
  z <- 0
  for (j in 1:n) z <- z + j * 0.5
  c(s, z)
}
print(run(20000))
";

#[test]
fn a_version_transferring_at_every_call_is_compiled_again() {
    for mode in ["deoptless", "deopt"] {
        let (stdout, st) = common::run_text_with_stats(
            "every-call",
            EVERY_CALL,
            &["--mode", mode, "--jit-threshold", "1"],
        );
        assert_eq!(stdout, "[1] 120000\n");
        let transfers = st["transfers"].as_u64().unwrap();
        assert!(transfers > 0 && transfers < 100, "{mode}: {st}");
        assert!(
            st["stale_versions_retired"].as_u64().unwrap() >= 1,
            "{mode}: {st}"
        );
    }
}

#[test]
fn a_later_loop_is_left_to_the_interpreter_then_compiled_typed() {
    let (stdout, st) = common::run_text_with_stats("second-loop", SECOND_LOOP, &[]);
    assert_eq!(stdout, "[1]     59998 100005000\n");
    assert!(st["transfers"].as_u64().unwrap() >= 1, "{st}");
    assert!(st["osr_in"].as_u64().unwrap() >= 2, "{st}");
    // (`c(s, z)` at the end is one generic call.)
    let generic: Vec<(String, u64)> = serde_json::from_value(st["generic_ops"].clone()).unwrap();
    assert!(
        generic.iter().all(|(_, n)| *n <= 1),
        "the second loop ran untyped: {generic:?}"
    );
}
