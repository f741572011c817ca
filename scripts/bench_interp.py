#!/usr/bin/env python3
"""Interpreter vs GNU R on the loop microbenchmarks (experiments/micro/*.R).

Each program defines `bench()`. A driver is appended that calls it once (warm-up;
GNU R byte-compiles it), then times REPS calls in-process with proc.time(). Each
configuration runs in several fresh processes (invocations), alternating dlvm and
Rscript; the median per-call time is reported with the ratio GNU R / dlvm (> 1
means dlvm is faster). Printed results must be identical. Writes
results/interp_vs_gnur.json.

Usage: scripts/bench_interp.py [--runs N] [--dlvm PATH]
"""
import argparse, json, os, platform, statistics, subprocess, sys, tempfile

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def timed(cmd):
    t0 = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, text=True)
    return time.perf_counter() - t0, p.stdout, p.returncode


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5, help="invocations (processes) per configuration")
    ap.add_argument("--reps", type=int, default=5, help="timed in-process calls per invocation")
    ap.add_argument("--dlvm", default=os.path.join(root, "target/release/dlvm"))
    a = ap.parse_args()
    micro = os.path.join(root, "experiments/micro")
    progs = sorted(f for f in os.listdir(micro) if f.endswith(".R"))
    driver = (
        "r <- bench()\n"
        "t0 <- proc.time()[[\"elapsed\"]]\n"
        f"for (k in seq_len({a.reps})) r <- bench()\n"
        "t1 <- proc.time()[[\"elapsed\"]]\n"
        "print(r)\n"
        "message(\"TIME \", format(t1 - t0, digits = 9))\n"
    )
    cmds = {"dlvm": lambda f: [a.dlvm, "run", "--mode", "interp", f], "gnur": lambda f: ["Rscript", "--vanilla", f]}
    rows = []
    for p in progs:
        with open(os.path.join(micro, p)) as f:
            src = f.read()
        tmp = tempfile.NamedTemporaryFile("w", suffix=".R", delete=False)
        tmp.write(src + "\n" + driver)
        tmp.close()
        times = {"dlvm": [], "gnur": []}
        outs = {}
        for _ in range(a.runs):
            for k, c in cmds.items():
                p_ = subprocess.run(c(tmp.name), capture_output=True, text=True)
                if p_.returncode != 0:
                    sys.exit(f"{k} failed on {p}: {p_.stderr}")
                t = float(p_.stderr.split("TIME ")[1].split()[0]) / a.reps
                times[k].append(t)
                outs[k] = p_.stdout
        os.unlink(tmp.name)
        if outs["dlvm"] != outs["gnur"]:
            sys.exit(f"outputs differ on {p}: {outs}")
        med = {k: statistics.median(v) for k, v in times.items()}
        rows.append({"program": p, "dlvm_s_per_call": med["dlvm"], "gnur_s_per_call": med["gnur"],
                     "speedup_vs_gnur": med["gnur"] / med["dlvm"],
                     "dlvm_invocations_s": times["dlvm"], "gnur_invocations_s": times["gnur"]})
        print(f"{p:18} dlvm {med['dlvm']*1000:8.2f} ms  GNU R {med['gnur']*1000:8.2f} ms  GNU R/dlvm {med['gnur']/med['dlvm']:.2f}x", flush=True)
    rev = subprocess.run(["git", "-C", root, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    res = {"experiment": "interp_vs_gnur", "git_revision": rev, "machine": {"node": platform.node(), "cpus": os.cpu_count(),
           "platform": platform.platform()}, "invocations": a.runs, "reps_per_invocation": a.reps,
           "method": "in-process proc.time() around REPS calls after one warm-up call; median over invocations",
           "results": rows}
    os.makedirs(os.path.join(root, "results"), exist_ok=True)
    with open(os.path.join(root, "results/interp_vs_gnur.json"), "w") as f:
        json.dump(res, f, indent=2)


if __name__ == "__main__":
    main()
