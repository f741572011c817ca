//! Direct calls from compiled code run the callee without an interpreter
//! frame, built only when something observes it. A callee most of whose
//! first frameless calls built their frame anyway is called with one up
//! front (`Compiled::wants_frame`); that decision is tried again once the
//! compiled code changed (`frame_wanted`): frames a caller built to call a
//! callee that was not compiled yet are no reason to build them after it
//! is. And a store into a shared vector (`v[i] <<- w` into a global, which
//! copies it) does not observe the frame.

mod common;

/// `build` calls `rnd`, compiled later than `build` itself: while `rnd`
/// is interpreted, calling it builds `build`'s frame.
const WARM_UP: &str = "
seed <- 74755L
rnd <- function() {
  seed <<- bitwAnd(seed * 1309L + 13849L, 65535L)
  seed
}
count <- 0L
build <- function(depth) {
  count <<- count + 1L
  if (depth == 1L) return(numeric(rnd() %% 10L + 1L))
  arr <- vector(\"list\", 4L)
  for (i in 1:4) arr[[i]] <- build(depth - 1L)
  arr
}
for (k in 1:6) { count <- 0L; tree <- build(7L) }
print(count)
print(length(unlist(tree)))
";

/// Global vectors updated by a compiled callee through `<<-`.
const GLOBAL_STORES: &str = "
v <- integer(8)
swap <- function(i, j) {
  tmp <- v[i]
  v[i] <<- v[j]
  v[j] <<- tmp
}
perm <- function(n) {
  if (n > 1L) for (i in seq_len(n)) { perm(n - 1L); swap(if (n %% 2L == 0L) i else 1L, n) }
}
v[] <- 1:8
for (r in 1:12) perm(6L)
print(v)
";

/// Nearly all calls (98%) are direct, and nearly none builds its frame.
fn assert_frameless(name: &str, text: &str) {
    let (expected, _) = common::run_text_with_stats(name, text, &["--mode", "interp"]);
    for mode in ["deoptless", "deopt"] {
        let (stdout, st) = common::run_text_with_stats(name, text, &["--mode", mode]);
        assert_eq!(stdout, expected, "{mode}");
        let calls = st["closure_calls"].as_u64().unwrap();
        let direct = st["direct_calls"].as_u64().unwrap();
        let built = st["direct_frames_built"].as_u64().unwrap();
        assert!(direct * 50 >= calls * 49, "{mode}: {st}");
        assert!(built * 100 <= direct, "{mode}: {st}");
    }
}

#[test]
fn frames_built_during_warm_up_are_tried_again() {
    assert_frameless("warm-up", WARM_UP);
}

#[test]
fn stores_into_shared_global_vectors_build_no_frame() {
    assert_frameless("global-stores", GLOBAL_STORES);
}
