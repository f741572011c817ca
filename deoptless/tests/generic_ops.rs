//! `--stats` lists the generic operations compiled code ran most often
//! (`generic_ops`: "function@pc Instruction" → count), the first place to
//! look for what the JIT leaves untyped. Checked on a list walk: the field
//! read `l$nxt` stays generic (a runtime call), `!is.null(l)` does not (the
//! inlined `is.null`, natively negated: before, `!` and the branch ran as
//! generic operations at every iteration); the interpreter counts none.

mod common;

const WALK: &str = "
walk <- function(l) {
  steps <- 0L
  while (!is.null(l)) {
    steps <- steps + 1L
    l <- l$nxt
  }
  steps
}
mk <- function(n) if (n == 0L) NULL else list(val = n, nxt = mk(n - 1L))
l <- mk(50L)
for (k in 1:200) w <- walk(l)
print(w)
";

fn ops(st: &serde_json::Value) -> Vec<(String, u64)> {
    serde_json::from_value(st["generic_ops"].clone()).unwrap()
}

#[test]
fn generic_ops_name_the_untyped_sites() {
    let prog = std::env::temp_dir().join(format!("dlvm-generic-ops-{}.R", std::process::id()));
    std::fs::write(&prog, WALK).unwrap();
    let (stdout, st) = common::run_with_stats(&[], &prog);
    assert_eq!(stdout, "[1] 50\n");
    let jit = ops(&st);
    let walk: Vec<&(String, u64)> = jit.iter().filter(|(s, _)| s.starts_with("walk@")).collect();
    assert!(
        walk.iter()
            .any(|(s, n)| s.ends_with(" Dollar") && *n > 1000),
        "{:?}",
        jit
    );
    assert!(
        walk.iter().all(|(s, _)| s.ends_with(" Dollar")),
        "only the field read stays generic in walk: {:?}",
        jit
    );
    let (_, st) = common::run_with_stats(&["--mode".as_ref(), "interp".as_ref()], &prog);
    assert!(ops(&st).is_empty(), "{}", st);
    let _ = std::fs::remove_file(&prog);
}
