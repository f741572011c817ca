#!/usr/bin/env python3
"""Interpreter vs GNU R on the loop microbenchmarks (experiments/micro/*.R).

Each program runs as a whole process, alternating dlvm and Rscript, N times; the
median wall time of an empty program (process start-up) is subtracted, and the
ratio GNU R / dlvm is reported (> 1 means dlvm is faster). Both outputs must be
identical. Writes results/interp_vs_gnur.json.

Usage: scripts/bench_interp.py [--runs N] [--dlvm PATH]
"""
import argparse, json, os, platform, statistics, subprocess, sys, tempfile, time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def timed(cmd):
    t0 = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, text=True)
    return time.perf_counter() - t0, p.stdout, p.returncode


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--dlvm", default=os.path.join(root, "target/release/dlvm"))
    a = ap.parse_args()
    micro = os.path.join(root, "experiments/micro")
    progs = sorted(f for f in os.listdir(micro) if f.endswith(".R"))
    empty = tempfile.NamedTemporaryFile("w", suffix=".R", delete=False)
    empty.write("invisible(NULL)\n")
    empty.close()
    cmds = {"dlvm": lambda f: [a.dlvm, "run", "--mode", "interp", f], "gnur": lambda f: ["Rscript", "--vanilla", f]}
    startup = {}
    for k, c in cmds.items():
        startup[k] = statistics.median(timed(c(empty.name))[0] for _ in range(a.runs))
    rows = []
    for p in progs:
        path = os.path.join(micro, p)
        times = {"dlvm": [], "gnur": []}
        outs = {}
        for _ in range(a.runs):
            for k, c in cmds.items():
                t, out, rc = timed(c(path))
                if rc != 0:
                    sys.exit(f"{k} failed on {p}")
                times[k].append(t - startup[k])
                outs[k] = out
        if outs["dlvm"] != outs["gnur"]:
            sys.exit(f"outputs differ on {p}: {outs}")
        med = {k: statistics.median(v) for k, v in times.items()}
        rows.append({"program": p, "dlvm_s": med["dlvm"], "gnur_s": med["gnur"], "speedup_vs_gnur": med["gnur"] / med["dlvm"],
                     "dlvm_runs_s": times["dlvm"], "gnur_runs_s": times["gnur"]})
        print(f"{p:18} dlvm {med['dlvm']:.3f}s  GNU R {med['gnur']:.3f}s  GNU R/dlvm {med['gnur']/med['dlvm']:.2f}x", flush=True)
    rev = subprocess.run(["git", "-C", root, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    res = {"experiment": "interp_vs_gnur", "git_revision": rev, "machine": {"node": platform.node(), "cpus": os.cpu_count(),
           "platform": platform.platform()}, "runs": a.runs, "startup_s": startup,
           "method": "whole-process wall time, median of runs, minus median start-up of an empty program",
           "results": rows}
    os.makedirs(os.path.join(root, "results"), exist_ok=True)
    with open(os.path.join(root, "results/interp_vs_gnur.json"), "w") as f:
        json.dump(res, f, indent=2)


if __name__ == "__main__":
    main()
