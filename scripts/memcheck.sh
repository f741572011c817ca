#!/usr/bin/env bash
# Run conformance corpus programs (tests/r/*.R) under valgrind memcheck in the
# JIT modes, to check that compiled code, exits, continuations and their
# retirement do not read or write memory they do not own (issue 19, part 4).
#
# Configurations (every program runs in each):
#   deopt      --mode deopt      --jit-threshold 1 --osr-threshold 1
#   deoptless  --mode deoptless  --jit-threshold 1 --osr-threshold 1
#   deopt+chaos      the same with --chaos 0.5 --seed S
#   deoptless+chaos  the same with --chaos 0.5 --seed S
# (S = the --seed given here plus the program's index, so seeds vary.)
#
# A run fails when valgrind reports an error (exit 99, from
# --error-exitcode=99), or when the program's exit status or stdout differs
# from GNU R's recorded tests/r/NAME.status / NAME.out (a run killed by the
# per-run timeout counts as a timeout, listed separately).
#
# valgrind options and why:
#   --smc-check=all-non-file  dlvm writes machine code into anonymous mappings
#       (Cranelift JIT) and frees and reuses them when versions are retired;
#       valgrind must notice code written there or it would run stale
#       translations of freed code (its documented setting for JITs).
#   --error-exitcode=99       any memcheck error fails the run.
#   --suppressions=scripts/memcheck.supp  see that file (each entry justified).
#   Leaks are not checked (--leak-check=no): compiled code and interned symbols
#   live until exit by design; the churn test (deoptless/tests/churn.rs) bounds
#   code memory instead.
#
# The whole corpus takes hours under valgrind on 2 cores (~300 programs x 4
# configurations at 10-60 s each), so the default is a fixed subset: every
# 10th program in name order (30 programs). --all runs all of them.
#
# Usage: scripts/memcheck.sh [--all | --stride N] [--jobs J] [--seed S]
#                            [--timeout SECS] [NAME...]
# Logs: target/memcheck/NAME.CONFIG.{out,err}; summary on stdout; exit status
# 1 if any run failed.
set -uo pipefail

script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$script_dir/.." && pwd)"
corpus="$root/tests/r"
dlvm="${DLVM:-$root/target/release/dlvm}"
stride=10
jobs=2
seed=1
timeout_s=900
names=()
while [ $# -gt 0 ]; do
    case "$1" in
    --all) stride=1 ;;
    --stride) stride="$2"; shift ;;
    --jobs) jobs="$2"; shift ;;
    --seed) seed="$2"; shift ;;
    --timeout) timeout_s="$2"; shift ;;
    -h | --help) sed -n '2,36p' "$0"; exit 0 ;;
    *) names+=("${1%.R}") ;;
    esac
    shift
done
command -v valgrind >/dev/null || { echo "memcheck: valgrind not installed" >&2; exit 2; }
[ -x "$dlvm" ] || { echo "memcheck: $dlvm missing (cargo build --release -p deoptless)" >&2; exit 2; }

if [ ${#names[@]} -eq 0 ]; then
    k=0
    for p in "$corpus"/*.R; do
        if [ $((k % stride)) -eq 0 ]; then names+=("$(basename "${p%.R}")"); fi
        k=$((k + 1))
    done
fi

logs="$root/target/memcheck"
mkdir -p "$logs"
rm -f "$logs"/*.result

run_one() { # NAME INDEX CONFIG
    local name="$1" idx="$2" cfg="$3"
    local flags=(--jit-threshold 1 --osr-threshold 1)
    case "$cfg" in
    deopt) flags+=(--mode deopt) ;;
    deoptless) flags+=(--mode deoptless) ;;
    deopt+chaos) flags+=(--mode deopt --chaos 0.5 --seed $((seed + idx))) ;;
    deoptless+chaos) flags+=(--mode deoptless --chaos 0.5 --seed $((seed + idx))) ;;
    esac
    local out="$logs/$name.$cfg.out" err="$logs/$name.$cfg.err" status=0
    (cd "$corpus" && timeout "$timeout_s" valgrind --tool=memcheck -q \
        --error-exitcode=99 --smc-check=all-non-file --leak-check=no \
        --suppressions="$script_dir/memcheck.supp" \
        "$dlvm" run "${flags[@]}" "$name.R" >"$out" 2>"$err" </dev/null) || status=$?
    local want
    want="$(cat "$corpus/$name.status" 2>/dev/null || echo 0)"
    local verdict=ok
    if [ "$status" -eq 99 ]; then
        verdict=VALGRIND
    elif [ "$status" -eq 124 ]; then
        verdict=timeout
    elif [ "$status" -ne "$want" ] || ! cmp -s "$out" "$corpus/$name.out"; then
        verdict="MISMATCH(status $status, want $want)"
    fi
    echo "$verdict $name $cfg ${flags[*]}" >"$logs/$name.$cfg.result"
    echo "$verdict $name $cfg"
}
export -f run_one
export logs corpus dlvm script_dir seed timeout_s

start=$(date +%s)
idx=0
for n in "${names[@]}"; do
    for cfg in deopt deoptless deopt+chaos deoptless+chaos; do
        echo "$n $idx $cfg"
    done
    idx=$((idx + 1))
done | xargs -P "$jobs" -L 1 bash -c 'run_one "$0" "$1" "$2"'
end=$(date +%s)

total=$(cat "$logs"/*.result | wc -l)
bad=$(grep -cv '^ok\|^timeout' "$logs"/*.result | awk -F: '{s+=$2} END {print s+0}')
tmo=$(grep -c '^timeout' "$logs"/*.result | awk -F: '{s+=$2} END {print s+0}')
echo "memcheck: ${#names[@]} programs x 4 configurations = $total runs in $((end - start)) s: $bad failed, $tmo timed out"
grep -hv '^ok' "$logs"/*.result || true
[ "$bad" -eq 0 ]
