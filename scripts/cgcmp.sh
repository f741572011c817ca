#!/bin/bash
# Compare two dlvm binaries by callgrind instruction counts (deterministic,
# unlike wall time on a shared machine) on benchmarks of experiments/bench:
# each program is NAME.R plus three more `run()` calls, run once per binary.
#
#   scripts/cgcmp.sh OLD_DLVM NEW_DLVM fib towers binarytrees ...
#
# Prints "NAME BINARY INSTRUCTIONS" lines (two jobs at a time). Build the
# old binary from a worktree (`git worktree add /tmp/old REV`) or copy
# target/release/dlvm aside before a change.
set -eu
A=$1; B=$2; shift 2
ROOT=$(cd "$(dirname "$0")/.." && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
for b in "$@"; do
  { cat "$ROOT/experiments/bench/$b.R"; echo 'for (.k in 1:3) invisible(run())'; } > "$TMP/$b.R"
done
one() {
  n=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$2" run "$3/$1.R" 2>&1 >/dev/null \
    | grep -oE 'refs: +[0-9,]+' | tr -d ', ' | cut -d: -f2)
  echo "$1 $2 $n"
}
export -f one
parallel -j2 one {1} {2} "$TMP" ::: "$@" ::: "$A" "$B"
