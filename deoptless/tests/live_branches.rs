//! A branch the profile never saw taken, that becomes live and stays so, is
//! compiled in once its exits come often (`note_real_exit`,
//! `LIVE_BRANCH_EXITS`): in a function's versions, and in OSR-in loop code,
//! whose loop is compiled again with the branch (`retire_stale` takes it out
//! of the loop's cache). Before, a loop compiled by OSR-in while every
//! record was alive exited and dispatched at every dead one, for the rest of
//! the run (the records benchmark: 8,364 exits in 4 runs).

mod common;

/// One activation: the loop is entered once, by OSR-in, while the `else`
/// branch has never run; from step 200 on it runs for half the elements.
const DEAD_THEN_LIVE: &str = "
run <- function(n) {
  alive <- rep(TRUE, 50)
  s <- 0
  for (step in 1:n) {
    for (i in 1:50) {
      if (alive[i]) s <- s + i * 0.5 else s <- s - 1
      if (step == 200 && i %% 2 == 0) alive[i] <- FALSE
    }
  }
  s
}
print(run(2000))
";

fn run(args: &[&str]) -> (String, serde_json::Value) {
    common::run_text_with_stats("live-branch", DEAD_THEN_LIVE, args)
}

#[test]
fn osr_loop_code_is_compiled_again_with_a_branch_that_became_live() {
    let (expected, _) = run(&["--mode", "interp"]);
    let (stdout, st) = run(&["--mode", "deoptless"]);
    assert_eq!(stdout, expected);
    assert!(st["osr_in"].as_u64().unwrap() >= 1, "{st}");
    assert!(st["stale_versions_retired"].as_u64().unwrap() >= 1, "{st}");
    // 45,000 dead elements visited after step 200; a few dozen exits before
    // the loop code has the branch.
    let exits = st["exits"].as_u64().unwrap();
    assert!(exits < 500, "the dead branch kept exiting: {st}");
}
