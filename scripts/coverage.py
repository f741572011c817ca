#!/usr/bin/env python3
"""JIT coverage of a benchmark suite: for every program, what runs compiled
and how fast, side by side in one run.

For each program (`run()` convention, see experiments/bench/README.md):
  - steady-state time per `run()` call in dlvm's interpreter (`--mode interp`),
    with the JIT (`--mode deoptless`, the default) and in GNU R, each the
    median of the last half of `--iterations` timed calls in one process
    (`experiments worker`, and GNU R through the same `Sys.time()` driver as
    the harness), and of those the median over `--processes` processes;
  - what the JIT did in a run of the program plus `--iterations` calls of
    `run()` with `--trace-events`: functions compiled (`compile`), loops
    entered by OSR (`osr_compile`, top-level statements included), and every
    distinct reason a function or loop was not compiled (`not_compiled`).
Writes JSON (`--out`, default a scratch file under /tmp) and prints a
markdown table with the ratios JIT/interp (speedup over the interpreter) and
GNU R/dlvm (speedup over GNU R), and their geometric means.

  scripts/coverage.py                        # experiments/bench, 10 iterations
  scripts/coverage.py --suite DIR --iterations 20 --out results/coverage.json
  scripts/coverage.py --only volcano,fib     # some programs
  scripts/coverage.py --flags=--profitability-check      # compare a policy
"""

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DLVM = os.path.join(ROOT, "target", "release", "dlvm")
EXPERIMENTS = os.path.join(ROOT, "target", "release", "experiments")

RDRIVER = """invisible(capture.output(source("{file}")))
.t <- numeric({n})
for (.i in seq_len({n})) {{
  .t0 <- Sys.time()
  invisible(run())
  .t[.i] <- as.numeric(difftime(Sys.time(), .t0, units = "secs"))
}}
cat(sprintf("%.0f", .t * 1e9), sep = "\\n")
"""


def steady(ns):
    """Median of the last half of the per-call times, in ms."""
    tail = ns[len(ns) // 2:] or ns
    return statistics.median(tail) / 1e6


def worker(program, mode, n, flags, processes):
    cmd = [EXPERIMENTS, "worker", "--program", program, "--mode", mode,
           "--iterations", str(n)] + flags
    times = []
    for _ in range(processes):
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
        if out.returncode != 0:
            raise RuntimeError(f"{mode}: {(out.stderr or out.stdout).strip().splitlines()[:1]}")
        times.append(steady(json.loads(out.stdout)["iter_ns"]))
    return statistics.median(times)


def gnur(program, n, scratch, processes):
    return statistics.median(gnur_once(program, n, scratch) for _ in range(processes))


def gnur_once(program, n, scratch):
    drv = os.path.join(scratch, "drv_" + os.path.basename(program))
    with open(drv, "w") as f:
        f.write(RDRIVER.format(file=os.path.abspath(program).replace("\\", "\\\\"), n=n))
    out = subprocess.run(["Rscript", "--vanilla", drv], capture_output=True,
                         text=True, timeout=900)
    if out.returncode != 0:
        raise RuntimeError("GNU R: " + out.stderr.strip().splitlines()[0])
    return steady([float(x) for x in out.stdout.split()])


def jit_events(program, n, scratch, flags):
    """What the JIT compiled, entered by OSR and refused, in one run."""
    prog = os.path.join(scratch, "cov_" + os.path.basename(program))
    with open(program) as src, open(prog, "w") as dst:
        dst.write(src.read())
        dst.write(f"\ninvisible(for (.k in seq_len({n})) run())\n")
    trace = prog + ".jsonl"
    subprocess.run([DLVM, "run", "--trace-events", trace] + flags + [prog],
                   capture_output=True, timeout=900, cwd=os.path.dirname(os.path.abspath(program)))
    compiled, osr, refused = set(), set(), {}
    if os.path.exists(trace):
        with open(trace) as f:
            for line in f:
                e = json.loads(line)
                fn = e.get("function", "?")
                if e.get("event") == "compile":
                    compiled.add(fn)
                elif e.get("event") == "osr_compile":
                    osr.add(f"{fn}@{e.get('pc')}")
                elif e.get("event") == "not_compiled":
                    refused.setdefault(e.get("reason", "?"), set()).add(fn)
    return {
        "compiled": sorted(compiled),
        "osr": sorted(osr),
        "not_compiled": {r: sorted(fs) for r, fs in sorted(refused.items())},
    }


def geomean(xs):
    xs = [x for x in xs if x and x > 0]
    return math.exp(sum(map(math.log, xs)) / len(xs)) if xs else None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--suite", default=os.path.join(ROOT, "experiments", "bench"))
    ap.add_argument("--iterations", type=int, default=10)
    ap.add_argument("--processes", type=int, default=3)
    ap.add_argument("--only", default="")
    ap.add_argument("--out", default=os.path.join(tempfile.gettempdir(), "dlvm-coverage.json"))
    ap.add_argument("--flags", default="", help="extra dlvm flags for the JIT run (space-separated)")
    ap.add_argument("--no-gnur", action="store_true")
    a = ap.parse_args()
    for exe in (DLVM, EXPERIMENTS):
        if not os.path.exists(exe):
            sys.exit(f"{exe} missing: cargo build --release")
    flags = a.flags.split()
    only = set(filter(None, a.only.split(",")))
    programs = sorted(os.path.join(a.suite, p) for p in os.listdir(a.suite)
                      if p.endswith(".R") and (not only or p[:-2] in only))
    scratch = tempfile.mkdtemp(prefix="dlvm-coverage-")
    rows = []
    for p in programs:
        name = os.path.basename(p)[:-2]
        row = {"benchmark": name}
        try:
            n, k = a.iterations, a.processes
            row["interp_ms"] = worker(p, "interp", n, [], k)
            row["jit_ms"] = worker(p, "deoptless", n, flags, k)
            row["gnur_ms"] = None if a.no_gnur else gnur(p, n, scratch, k)
            row.update(jit_events(p, a.iterations, scratch, flags))
        except Exception as e:  # noqa: BLE001 - reported per program
            row["error"] = str(e)
        rows.append(row)
        print(f"{name}: {row}", file=sys.stderr)
    for r in rows:
        if "error" not in r:
            r["jit_over_interp"] = r["interp_ms"] / r["jit_ms"]
            r["gnur_over_dlvm"] = r["gnur_ms"] / r["jit_ms"] if r["gnur_ms"] else None
    ok = [r for r in rows if "error" not in r]
    summary = {
        "iterations": a.iterations,
        "processes": a.processes,
        "flags": flags,
        "geomean_jit_over_interp": geomean([r["jit_over_interp"] for r in ok]),
        "geomean_gnur_over_dlvm": geomean([r.get("gnur_over_dlvm") for r in ok]),
        "slower_than_interp": [r["benchmark"] for r in ok if r["jit_over_interp"] < 1 / 1.03],
        "nothing_compiled": [r["benchmark"] for r in ok if not r["compiled"] and not r["osr"]],
        "failed": {r["benchmark"]: r["error"] for r in rows if "error" in r},
    }
    with open(a.out, "w") as f:
        json.dump({"summary": summary, "benchmarks": rows}, f, indent=1)
    print("| benchmark | interp ms | JIT ms | GNU R ms | JIT/interp | GNU R/dlvm | compiled | OSR | not compiled |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        if "error" in r:
            print(f"| {r['benchmark']} | failed: {r['error']} |")
            continue
        g = f"{r['gnur_ms']:.2f}" if r["gnur_ms"] else "-"
        go = f"{r['gnur_over_dlvm']:.2f}x" if r.get("gnur_over_dlvm") else "-"
        nc = "; ".join(f"{k} ({', '.join(v)})" for k, v in r["not_compiled"].items())
        print(f"| {r['benchmark']} | {r['interp_ms']:.2f} | {r['jit_ms']:.2f} | {g} | "
              f"{r['jit_over_interp']:.2f}x | {go} | {', '.join(r['compiled'])} | "
              f"{', '.join(r['osr'])} | {nc} |")
    gi, gg = summary["geomean_jit_over_interp"], summary["geomean_gnur_over_dlvm"]
    print(f"\ngeomean JIT/interp {gi:.2f}x" + (f", GNU R/dlvm {gg:.2f}x" if gg else "")
          + f"; slower than the interpreter (>1.03x): {summary['slower_than_interp'] or 'none'}"
          + f"; nothing compiled: {summary['nothing_compiled'] or 'none'}; written to {a.out}")


if __name__ == "__main__":
    main()
