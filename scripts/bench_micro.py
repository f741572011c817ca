#!/usr/bin/env python3
"""dlvm (interpreter and compiled) vs GNU R on the loop microbenchmarks
(experiments/micro/*.R), with native Rust baselines where they exist.

Each program defines `bench()`. A driver is appended that calls it WARMUP times
(default 3: dlvm's JIT configuration compiles at the 2nd call, GNU R byte-compiles
at the first; compile time is measured separately, by scripts/jit_costs.py and the
`costs` experiment), then times REPS calls in-process with proc.time(). Each
configuration (dlvm --mode interp, dlvm --mode deopt --jit-threshold 2, GNU R)
runs in several fresh processes (invocations), interleaved; the median per-call
time is reported with the ratios. Printed results must be identical. Native Rust
kernels come from `cargo run --release -p experiments --bin native_kernels`.
Writes results/micro.json.

Usage: scripts/bench_micro.py [--runs N] [--reps N] [--warmup N] [--dlvm PATH]
                               [--only interp,gnur] [--base PATH]
--only restricts the configurations (to save time); --base adds the interpreter
of another dlvm binary ("interp_base", e.g. a build of main) for before/after
comparisons in one interleaved run.
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
    ap.add_argument("--warmup", type=int, default=3, help="untimed in-process calls before timing (steady state)")
    ap.add_argument("--dlvm", default=os.path.join(root, "target/release/dlvm"))
    ap.add_argument("--only", help="comma-separated configurations: interp,jit,gnur")
    ap.add_argument("--base", help="another dlvm binary whose interpreter is timed as interp_base")
    a = ap.parse_args()
    micro = os.path.join(root, "experiments/micro")
    progs = sorted(f for f in os.listdir(micro) if f.endswith(".R"))
    driver = (
        f"for (k in seq_len({a.warmup})) r <- bench()\n"
        "t0 <- proc.time()[[\"elapsed\"]]\n"
        f"for (k in seq_len({a.reps})) r <- bench()\n"
        "t1 <- proc.time()[[\"elapsed\"]]\n"
        "print(r)\n"
        "message(\"TIME \", format(t1 - t0, digits = 9))\n"
    )
    cmds = {
        "interp": lambda f: [a.dlvm, "run", "--mode", "interp", f],
        "jit": lambda f: [a.dlvm, "run", "--mode", "deopt", "--jit-threshold", "2", f],
        "gnur": lambda f: ["Rscript", "--vanilla", f],
    }
    if a.only:
        keep = a.only.split(",")
        cmds = {k: c for k, c in cmds.items() if k in keep}
    if a.base:
        cmds["interp_base"] = lambda f: [a.base, "run", "--mode", "interp", f]
    native = {}
    nk = subprocess.run(["cargo", "run", "--release", "-q", "-p", "experiments", "--bin", "native_kernels"],
                        capture_output=True, text=True, cwd=root) if "jit" in cmds else None
    for line in nk.stdout.splitlines() if nk else []:
        d = json.loads(line)
        native[d["kernel"] + ".R"] = d["s_per_call"]
    rows = []
    for p in progs:
        with open(os.path.join(micro, p)) as f:
            src = f.read()
        tmp = tempfile.NamedTemporaryFile("w", suffix=".R", delete=False)
        tmp.write(src + "\n" + driver)
        tmp.close()
        times = {k: [] for k in cmds}
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
        if len(set(outs.values())) != 1:
            sys.exit(f"outputs differ on {p}: {outs}")
        med = {k: statistics.median(v) for k, v in times.items()}
        row = {"program": p, "s_per_call": med, "invocations_s": times}
        ratios = {"interp_speedup_vs_gnur": ("gnur", "interp"), "jit_speedup_vs_interp": ("interp", "jit"),
                  "jit_speedup_vs_gnur": ("gnur", "jit"), "interp_base_speedup_vs_gnur": ("gnur", "interp_base")}
        for name, (num, den) in ratios.items():
            if num in med and den in med:
                row[name] = med[num] / med[den]
        if p in native and "jit" in med:
            row["native_rust_s_per_call"] = native[p]
            row["jit_slowdown_vs_native"] = med["jit"] / native[p]
        rows.append(row)
        if set(cmds) == {"interp", "jit", "gnur"}:
            extra = f"  native {native[p]*1000:7.2f} ms  jit/native {med['jit']/native[p]:.1f}x" if p in native else ""
            print(f"{p:16} interp {med['interp']*1000:8.2f} ms  jit {med['jit']*1000:8.2f} ms  GNU R {med['gnur']*1000:8.2f} ms"
                  f"  GNU R/interp {med['gnur']/med['interp']:.2f}x  interp/jit {med['interp']/med['jit']:.1f}x  GNU R/jit {med['gnur']/med['jit']:.1f}x{extra}", flush=True)
        else:
            line = "  ".join(f"{k} {v*1000:8.2f} ms" for k, v in med.items())
            line += "".join(f"  {n} {row[n]:.2f}x" for n in ratios if n in row)
            print(f"{p:16} {line}", flush=True)
    rev = subprocess.run(["git", "-C", root, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    res = {"experiment": "micro", "git_revision": rev, "machine": {"node": platform.node(), "cpus": os.cpu_count(),
           "platform": platform.platform()}, "invocations": a.runs, "reps_per_invocation": a.reps,
           "warmup_calls": a.warmup,
           "method": "in-process proc.time() around REPS calls after WARMUP untimed calls (steady state: the JIT configuration compiles at the 2nd call); median over invocations",
           "results": rows}
    os.makedirs(os.path.join(root, "results"), exist_ok=True)
    # A partial run (--only / --base) does not replace the full results.
    out = "results/micro.json" if set(cmds) == {"interp", "jit", "gnur"} else "results/micro_partial.json"
    with open(os.path.join(root, out), "w") as f:
        json.dump(res, f, indent=2)


if __name__ == "__main__":
    main()
