#!/usr/bin/env python3
"""OSR-in benchmark: one call running a 10-million-iteration loop
(experiments/osr/single_call_loop.R), with OSR-in disabled (--osr-threshold 0)
and enabled (default threshold 5000), in --mode deopt and --mode deoptless.
The program times the call itself (proc.time around it, printed on stderr).
Configurations alternate within each round so machine noise hits both alike;
the median of --runs processes is reported. Writes results/osr.json.

Usage: python3 scripts/bench_osr.py [--runs N]
"""
import argparse, json, os, platform, statistics, subprocess, sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
prog = os.path.join(root, "experiments/osr/single_call_loop.R")
dlvm = os.path.join(root, "target/release/dlvm")

def run(flags):
    p = subprocess.run([dlvm, "run", *flags, prog], capture_output=True, text=True, check=True)
    line = [l for l in p.stderr.splitlines() if l.startswith("elapsed ")][-1]
    return float(line.split()[1]), p.stdout

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    a = ap.parse_args()
    subprocess.run(["cargo", "build", "--release", "-q", "-p", "deoptless"], cwd=root, check=True)
    modes = [m for m in ("deopt", "deoptless")
             if subprocess.run([dlvm, "run", "--mode", m, prog], capture_output=True).returncode == 0]
    configs = {}
    for m in modes:
        configs[f"{m}, OSR off"] = ["--mode", m, "--osr-threshold", "0"]
        configs[f"{m}, OSR on"] = ["--mode", m]
    times = {k: [] for k in configs}
    outputs = set()
    for _ in range(a.runs):
        for k, flags in configs.items():
            t, out = run(flags)
            times[k].append(t)
            outputs.add(out)
    if len(outputs) != 1:
        sys.exit(f"outputs differ between configurations: {outputs}")
    med = {k: statistics.median(v) for k, v in times.items()}
    speedups = {m: med[f"{m}, OSR off"] / med[f"{m}, OSR on"] for m in modes}
    rev = subprocess.run(["git", "rev-parse", "HEAD"], cwd=root, capture_output=True, text=True).stdout.strip()
    res = {"program": "experiments/osr/single_call_loop.R", "iterations": 10_000_000,
           "runs": a.runs, "git": rev, "machine": platform.platform(), "cpus": os.cpu_count(),
           "seconds": times, "median_seconds": med, "speedup_osr_on_over_off": speedups}
    os.makedirs(os.path.join(root, "results"), exist_ok=True)
    with open(os.path.join(root, "results/osr.json"), "w") as f:
        json.dump(res, f, indent=2)
    for k in configs:
        print(f"{k:24s} {med[k]*1000:9.1f} ms")
    for m, s in speedups.items():
        print(f"{m}: OSR-in speedup {s:.1f}x")

main()
