#!/bin/bash
# Programs where some function is given up to the interpreter: its
# deoptimizations spent the budget (MAX_DEOPTS), the stats'
# `left_interpreted` (each a failure the profile did not learn from: see
# docs/DESIGN.md, "Failures the profile learns from"). Runs every *.R of
# DIR (default: the corpus, tests/r) with the given dlvm flags, two at a
# time, and prints "PROGRAM: f, g" for each such program.
#
#   scripts/left-interpreted.sh                        # corpus, default flags
#   scripts/left-interpreted.sh tests/r --jit-threshold 1 --osr-threshold 1 --background-compile off
#   for s in $(seq 40000 40199); do target/release/difffuzz --print $s > /tmp/g/p$s.R; done
#   scripts/left-interpreted.sh /tmp/g --jit-threshold 1 --osr-threshold 1
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BIN=${BIN:-$ROOT/target/release/dlvm}
DIR=${1:-$ROOT/tests/r}
shift || true
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
one() {
  local prog=$1 flags=$2 out
  out="$T/$(basename "$prog").json"
  timeout 60 "$BIN" run "$prog" $flags --stats "$out" >/dev/null 2>&1 </dev/null
  python3 - "$out" "$(basename "$prog")" <<'PY'
import json, sys
try:
    left = json.load(open(sys.argv[1])).get("left_interpreted", [])
except (OSError, ValueError):
    left = []
if left:
    print("%s: %s" % (sys.argv[2], ", ".join(left)))
PY
}
export -f one
export BIN T
ls "$DIR"/*.R | parallel -j2 one {} "'$*'"
