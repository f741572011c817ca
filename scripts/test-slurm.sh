#!/usr/bin/env bash
# End-to-end test of the experiments' Slurm scripts against a single-node
# Slurm on this machine (scripts/slurm-local.sh, root and apt-get needed).
#
#   cargo build --release -p experiments -p deoptless    # this script builds nothing
#   scripts/test-slurm.sh
#
# 1. starts the local Slurm (and stops it at the end if it was not running);
# 2. plans random_deopt --quick over the two fixture benchmarks
#    (experiments/tests/fixtures/bench; 8 jobs, relative --suite and
#    --programs-dir on purpose), twice: PLAN/slurm and PLAN/local;
# 3. submits PLAN/slurm with scripts/experiments-slurm-submit.sh from another
#    directory and waits for the array and the merge job (squeue, timeout);
# 4. runs PLAN/local's jobs here one by one (`worker --index K`) and merges them;
# 5. checks: every Slurm task and the merge job COMPLETED with exit code 0;
#    every job has a shard, without error; the merge wrote JSON, PNG and SVG;
#    merging Slurm's shards again here gives byte-identical JSON, PNG and SVG
#    (merge is a function of the plan and the shards; SOURCE_DATE_EPOCH fixes
#    the timestamp); and the Slurm run agrees with the local run in what is
#    deterministic: the same jobs, and per job the same number of iterations
#    and the same VM counters (exits, deopts, compilations, dispatches, ...;
#    every counter except the *_ns timings and *_kb resident memory), the same
#    runs, seeds and failures in the merged JSON. Timings and RSS differ
#    between runs and are not compared.
#
# Exits non-zero on any failure. TEST_SLURM_TIMEOUT (seconds, default 180)
# bounds the wait for the Slurm jobs; TEST_SLURM_KEEP=1 keeps the work directory.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
E=$root/target/release/experiments
timeout_s=${TEST_SLURM_TIMEOUT:-180}
t0=$(date +%s)
fail() { echo "test-slurm: FAIL: $*" >&2; exit 1; }
for b in target/release/experiments target/release/dlvm; do
    [ -x "$b" ] || fail "no $b (cargo build --release -p experiments -p deoptless)"
done
command -v python3 >/dev/null || fail "python3 is needed to compare the JSON"

# 1. Slurm.
was_up=0
scontrol ping >/dev/null 2>&1 && sinfo -h >/dev/null 2>&1 && was_up=1
scripts/slurm-local.sh start || fail "cannot start the local Slurm (scripts/slurm-local.sh start)"
work=$(mktemp -d /tmp/dlvm-test-slurm.XXXXXX)
jid="" mid=""
cleanup() {
    # Jobs of this test still queued (a failure, an interrupt) are cancelled.
    [ -z "$jid$mid" ] || scancel $jid $mid 2>/dev/null || true
    [ "${TEST_SLURM_KEEP:-0}" = 1 ] && echo "test-slurm: work directory kept: $work" || rm -rf "$work"
    [ "$was_up" = 1 ] || scripts/slurm-local.sh stop || true
}
trap cleanup EXIT
trap 'exit 143' TERM INT
export SOURCE_DATE_EPOCH=1700000000

# 2. The plan, twice.
plan_args=(random_deopt --quick --invocations 2 --iterations 3 --warmup 1 --no-gnur
    --suite experiments/tests/fixtures/bench --programs-dir experiments/tests/fixtures/programs)
for p in slurm local; do
    "$E" plan "${plan_args[@]}" --dir "$work/$p" >/dev/null || fail "experiments plan"
done
cmp -s "$work/slurm/jobs.jsonl" "$work/local/jobs.jsonl" || fail "two plans of the same run differ"
n=$(grep -c . "$work/slurm/jobs.jsonl")
[ "$n" -gt 0 ] || fail "the plan has no jobs"
echo "test-slurm: plan of $n jobs in $work/slurm"

# 3. Submit (from another directory: jobs and merge must not depend on it) and wait.
line=$(cd "$work" && "$root/scripts/experiments-slurm-submit.sh" "$work/slurm" "$work/slurm/results" --time=10) \
    || fail "experiments-slurm-submit.sh"
echo "test-slurm: $line"
read -r jid mid < <(sed -E 's/^array job ([0-9]+) .*merge job ([0-9]+) .*/\1 \2/' <<<"$line")
[[ $jid =~ ^[0-9]+$ && $mid =~ ^[0-9]+$ ]] || fail "cannot read the job ids from: $line"

# 4. Meanwhile, the same jobs here, one by one. Slurm runs its tasks at the
# same time on this machine, so timings are disturbed; they are not compared.
for ((k = 0; k < n; k++)); do
    "$E" worker --jobs "$work/local/jobs.jsonl" --index "$k" >/dev/null || fail "local worker $k"
done
"$E" merge "$work/local" --out "$work/local/results" >"$work/local/merge.log" 2>&1 || fail "local merge"

deadline=$((t0 + timeout_s))
while [ -n "$(squeue -h -j "$jid,$mid" 2>/dev/null)" ]; do
    if [ "$(date +%s)" -ge "$deadline" ]; then
        squeue -j "$jid,$mid" >&2 || true
        scancel "$jid" "$mid" 2>/dev/null || true
        fail "the Slurm jobs did not finish within ${timeout_s}s"
    fi
    sleep 2
done
echo "test-slurm: Slurm jobs finished after $(( $(date +%s) - t0 ))s"

# 5. Checks. Job states (no accounting database: scontrol, which keeps
# finished jobs for MinJobAge seconds).
bad=$( (scontrol -o show job "$jid"; scontrol -o show job "$mid") 2>&1 | grep -v 'JobState=COMPLETED .*ExitCode=0:0' || true)
states=$(scontrol -o show job "$jid" 2>/dev/null | grep -c 'JobState=COMPLETED .*ExitCode=0:0' || true)
if [ -n "$bad" ] || [ "$states" != "$n" ]; then
    echo "$bad" >&2
    tail -n 20 "$work"/slurm/logs/* >&2 || true
    fail "$states of $n array tasks completed with exit code 0, or the merge job failed"
fi
echo "test-slurm: $n array tasks and the merge job COMPLETED, exit code 0"
scontrol -o show job "$mid" | grep -q 'JobState=COMPLETED .*ExitCode=0:0' || fail "merge job $mid did not complete"
for ext in json png svg; do
    [ -s "$work/slurm/results/random_deopt.$ext" ] || fail "the merge job wrote no random_deopt.$ext"
done
"$E" merge "$work/slurm" --out "$work/remerge" >/dev/null 2>&1 || fail "merging Slurm's shards here"
for ext in json png svg; do
    cmp -s "$work/slurm/results/random_deopt.$ext" "$work/remerge/random_deopt.$ext" \
        || fail "random_deopt.$ext of the merge job differs from a merge of the same shards here"
done
echo "test-slurm: the merge job's JSON, PNG and SVG are byte-identical to a merge of its shards here"

python3 - "$work" "$n" <<'EOF' || fail "the Slurm run and the local run disagree (above)"
import json, sys
work, n = sys.argv[1], int(sys.argv[2])
errors = []
def det(counters):
    # Timings (*_ns) and resident memory (*_kb: the allocator and the kernel
    # decide it) differ between two runs of the same job; the rest is a
    # function of the program, the flags and the seed.
    nondet = ("_ns", "_ns_total", "_kb")
    return {k: v for k, v in (counters or {}).items() if not k.endswith(nondet)}
for k in range(n):
    try:
        s = json.load(open(f"{work}/slurm/shards/{k}.json"))
    except Exception as e:
        errors.append(f"job {k}: no Slurm shard ({e})"); continue
    l = json.load(open(f"{work}/local/shards/{k}.json"))
    failed = False
    if s["job"] != l["job"]:
        errors.append(f"job {k}: the shards are of different jobs")
    for name, x in (("slurm", s), ("local", l)):
        if x["error"] is not None or x["output"] is None:
            errors.append(f"job {k}: the {name} run failed: {x['error']}")
            failed = True
    if failed:
        continue
    so, lo = s["output"], l["output"]
    if len(so["iter_ns"]) != len(lo["iter_ns"]):
        errors.append(f"job {k}: {len(so['iter_ns'])} vs {len(lo['iter_ns'])} iterations")
    ds, dl = det(so["counters"]), det(lo["counters"])
    if ds != dl:
        diff = {c: (ds.get(c), dl.get(c)) for c in set(ds) | set(dl) if ds.get(c) != dl.get(c)}
        errors.append(f"job {k}: VM counters differ (slurm, local): {diff}")
ms = json.load(open(f"{work}/slurm/results/random_deopt.json"))
ml = json.load(open(f"{work}/local/results/random_deopt.json"))
def shape(m):
    return [(r["config"], [(i["seed"], det((i.get("output") or {}).get("counters"))) for i in r["invocations"]])
            for r in m["runs"]]
if not ms["runs"]:
    errors.append(f"the merged JSON has no runs; notes: {ms['notes']}")
if shape(ms) != shape(ml):
    errors.append("the merged JSONs have different runs, seeds or counters")
for name, m in (("slurm", ms), ("local", ml)):
    if m["failures"]:
        errors.append(f"the {name} merge reports failures: {m['failures']}")
if ms["notes"] != ml["notes"]:
    errors.append(f"notes differ: {ms['notes']} vs {ml['notes']}")
for e in errors:
    print("test-slurm:", e, file=sys.stderr)
if errors:
    sys.exit(1)
progs = sorted({r["config"]["program"].rsplit("/", 1)[-1] for r in ms["runs"]})
print(f"test-slurm: {n} shards, {len(ms['runs'])} runs ({', '.join(progs)}): "
      "jobs, iterations, VM counters, seeds and failures agree with the local run")
EOF

echo "test-slurm: PASS in $(( $(date +%s) - t0 ))s"
