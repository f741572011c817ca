#!/usr/bin/env python3
"""Compile time per function and the cost of one exit (failing check ->
interpreter resumed), from dlvm's event traces over the conformance corpus's
benchmark programs in deopt mode (compile at first call; chaos 1.0 forces an
exit at every compiled function's first check). Writes results/jit_costs.json.

Usage: scripts/jit_costs.py [--dlvm PATH]
"""
import glob, json, os, statistics, subprocess, sys, tempfile

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
dlvm = sys.argv[sys.argv.index("--dlvm") + 1] if "--dlvm" in sys.argv else os.path.join(root, "target/release/dlvm")
compile_ns, exit_ns = [], []
for prog in sorted(glob.glob(os.path.join(root, "tests/r/bench_*.R"))):
    for chaos in ("0", "1.0"):
        with tempfile.NamedTemporaryFile(suffix=".jsonl") as tr:
            subprocess.run([dlvm, "run", "--mode", "deopt", "--jit-threshold", "1", "--chaos", chaos, "--seed", "1",
                            "--trace-events", tr.name, prog], capture_output=True, cwd=os.path.dirname(prog))
            for line in open(tr.name):
                e = json.loads(line)
                if e["event"] == "compile" and chaos == "0":
                    compile_ns.append(e["ns"])
                if e["event"] == "deopt":
                    exit_ns.append(e["exit_ns"])


def summary(xs):
    xs = sorted(xs)
    return {"n": len(xs), "median": statistics.median(xs), "p95": xs[int(0.95 * (len(xs) - 1))], "min": xs[0], "max": xs[-1]}


res = {"experiment": "jit_costs", "unit": "ns", "function_compile": summary(compile_ns), "exit_to_interpreter": summary(exit_ns)}
os.makedirs(os.path.join(root, "results"), exist_ok=True)
json.dump(res, open(os.path.join(root, "results/jit_costs.json"), "w"), indent=2)
print(json.dumps(res, indent=2))
