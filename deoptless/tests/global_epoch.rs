//! The global epoch moves only for bindings that compiled code assumed
//! defined once (`GlobalMeta::watch_defined_once`). A script's top-level
//! loop that rebinds its own variables (`x <- fib(20L)` each iteration)
//! does not deoptimize the code that calls `fib` through its global
//! binding; rebinding a binding that code assumed does, and the output stays
//! the interpreter's.

mod common;

/// `x` and `k` are redefined at every iteration; `fib` and `limit` never.
const UNWATCHED_REBINDS: &str = "
limit <- 2L
fib <- function(n) if (n < limit) n else fib(n - 1L) + fib(n - 2L)
for (k in 1:6) x <- fib(18L)
print(x)
total <- 0
for (k in 1:300) total <- total + fib(5L)
print(total)
";

/// `limit` (a constant in `fib`'s code) and `fib` itself are rebound while
/// `fib` runs compiled.
const WATCHED_REBINDS: &str = "
limit <- 2L
fib <- function(n) if (n < limit) n else fib(n - 1L) + fib(n - 2L)
for (k in 1:4) x <- fib(18L)
print(x)
limit <- 3L
print(fib(18L))
fib0 <- fib
fib <- function(n) if (n < 2L) 1L else fib0(n)
print(fib(18L))
";

#[test]
fn rebinding_unassumed_globals_does_not_deoptimize() {
    let (expected, _) =
        common::run_text_with_stats("unwatched", UNWATCHED_REBINDS, &["--mode", "interp"]);
    for mode in ["deoptless", "deopt"] {
        let (stdout, st) =
            common::run_text_with_stats("unwatched", UNWATCHED_REBINDS, &["--mode", mode]);
        assert_eq!(stdout, expected, "{mode}");
        assert!(
            st["functions_compiled"].as_u64().unwrap() >= 1,
            "{mode}: {st}"
        );
        assert_eq!(st["exits"].as_u64(), Some(0), "{mode}: {st}");
        assert_eq!(st["deopts"].as_u64(), Some(0), "{mode}: {st}");
    }
}

#[test]
fn rebinding_an_assumed_global_exits_and_prints_what_the_interpreter_prints() {
    let (expected, _) =
        common::run_text_with_stats("watched", WATCHED_REBINDS, &["--mode", "interp"]);
    for mode in ["deoptless", "deopt"] {
        let (stdout, st) =
            common::run_text_with_stats("watched", WATCHED_REBINDS, &["--mode", mode]);
        assert_eq!(stdout, expected, "{mode}");
        assert!(st["exits"].as_u64().unwrap() >= 1, "{mode}: {st}");
    }
}
