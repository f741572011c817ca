#!/usr/bin/env bash
# Submit a plan as a Slurm job array and a merge job that runs after it.
#   scripts/experiments-slurm-submit.sh PLAN_DIR [OUT] [extra sbatch options...]
#
# Logs go to PLAN_DIR/logs/ (dlvm-experiments-ARRAYID_TASK.out,
# dlvm-merge-JOBID.out); the last line printed is
# `array job ARRAYID (N tasks), merge job MERGEID -> OUT`.
# Extra sbatch options (e.g. --partition=..., --time=...) go to both jobs.
# The environment is exported to the jobs (sbatch's default), so e.g.
# SOURCE_DATE_EPOCH set here fixes the merged JSON's timestamp.
set -euo pipefail
dir=$(cd "${1:?usage: experiments-slurm-submit.sh PLAN_DIR [OUT] [sbatch options...]}" && pwd)
out=${2:-$dir/results}
shift $(( $# >= 2 ? 2 : 1 ))
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
exe=${EXPERIMENTS:-$root/target/release/experiments}
[ -x "$exe" ] || { echo "experiments-slurm-submit: no $exe (cargo build --release -p experiments, or set EXPERIMENTS)" >&2; exit 1; }
n=$(grep -c . "$dir/jobs.jsonl" || true)
[ "$n" -gt 0 ] || { echo "experiments-slurm-submit: no jobs in $dir/jobs.jsonl" >&2; exit 1; }
# Slurm does not create the directories of --output files.
mkdir -p "$dir/logs"
# --parsable prints `ID` or `ID;CLUSTER`.
jid=$(EXPERIMENTS="$exe" sbatch --parsable --export=ALL --array=0-$((n - 1)) \
    --output="$dir/logs/%x-%A_%a.out" "$@" \
    "$root/scripts/experiments-slurm.sbatch" "$dir")
jid=${jid%%;*}
mid=$(sbatch --parsable --export=ALL --dependency=afterany:"$jid" --job-name=dlvm-merge \
    --output="$dir/logs/%x-%j.out" "$@" \
    --wrap "\"$exe\" merge \"$dir\" --out \"$out\"")
mid=${mid%%;*}
echo "array job $jid ($n tasks), merge job $mid -> $out"
