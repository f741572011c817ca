#!/usr/bin/env bash
# Run a plan's jobs on this machine with GNU parallel, then merge them.
#
#   cargo build --release -p experiments
#   target/release/experiments plan all --dir /tmp/plan        # writes /tmp/plan/jobs.jsonl
#   scripts/experiments-parallel.sh /tmp/plan [JOBS] [OUT]     # JOBS parallel workers (default 1)
#
# Each job is one invocation (one process); a job that fails is recorded in
# its shard and reported by merge. Shards already present are not rerun, so
# an interrupted run can be resumed. Parallel workers measure while the
# others run: for numbers that go into a paper keep JOBS at 1 per idle core.
set -euo pipefail
dir=${1:?usage: experiments-parallel.sh PLAN_DIR [JOBS] [OUT]}
jobs=${2:-1}
out=${3:-$dir/results}
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
exe=${EXPERIMENTS:-$root/target/release/experiments}
n=$(grep -c . "$dir/jobs.jsonl")
seq 0 $((n - 1)) | while read -r k; do
    [ -e "$dir/shards/$k.json" ] || echo "$k"
done | parallel --will-cite --halt never -j "$jobs" "$exe" worker --jobs "$dir/jobs.jsonl" --index {} >/dev/null
"$exe" merge "$dir" --out "$out"
