#!/usr/bin/env bash
# Submit a plan as a Slurm job array and a merge job that runs after it.
#   scripts/experiments-slurm-submit.sh PLAN_DIR [OUT] [extra sbatch options...]
set -euo pipefail
dir=$(cd "${1:?usage: experiments-slurm-submit.sh PLAN_DIR [OUT]}" && pwd)
out=${2:-$dir/results}
shift $(( $# >= 2 ? 2 : 1 ))
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
exe=${EXPERIMENTS:-$root/target/release/experiments}
n=$(grep -c . "$dir/jobs.jsonl")
jid=$(EXPERIMENTS="$exe" sbatch --parsable --export=ALL --array=0-$((n - 1)) "$@" \
    "$root/scripts/experiments-slurm.sbatch" "$dir")
mid=$(sbatch --parsable --dependency=afterany:"$jid" "$@" --job-name=dlvm-merge \
    --wrap "\"$exe\" merge \"$dir\" --out \"$out\"")
echo "array job $jid ($n tasks), merge job $mid -> $out"
