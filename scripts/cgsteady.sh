#!/bin/bash
# Steady-state instructions per run() of benchmarks of experiments/bench,
# by callgrind (deterministic, unlike wall time on a shared machine):
# NAME.R plus `for (.k in 1:K) invisible(run())` for K = KA and K = KB, in
# --mode interp and in MODE; (I(KB) - I(KA)) / (KB - KA) per mode cancels
# start-up, warm-up and compile time. Use a larger KA for programs that
# compile late (kmeans' lloyd compiles in its 4th run: KA=8 KB=14).
#
#   scripts/cgsteady.sh fib towers ...
#   BIN=path/to/dlvm MODE=deopt KA=8 KB=14 scripts/cgsteady.sh kmeans
#
# Prints "NAME interp I mode J ratio I/Jx" per benchmark.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BIN=${BIN:-$ROOT/target/release/dlvm}
KA=${KA:-2}
KB=${KB:-6}
MODE=${MODE:-deoptless}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$BIN" run "$1" --mode "$2" 2>&1 >/dev/null |
    grep -oE 'refs: +[0-9,]+' | tr -d ', ' | cut -d: -f2
}
for b in "$@"; do
  for k in $KA $KB; do
    { cat "$ROOT/experiments/bench/$b.R"; echo "for (.k in 1:$k) invisible(run())"; } > "$T/$b.$k.R"
  done
  ia=$(count "$T/$b.$KA.R" interp)
  ib=$(count "$T/$b.$KB.R" interp)
  ja=$(count "$T/$b.$KA.R" "$MODE")
  jb=$(count "$T/$b.$KB.R" "$MODE")
  python3 -c "i=($ib-$ia)/($KB-$KA); j=($jb-$ja)/($KB-$KA); print('$b interp %.0f $MODE %.0f ratio %.2fx' % (i, j, i / j))"
done
