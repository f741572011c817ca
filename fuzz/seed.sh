#!/usr/bin/env bash
# Seed the libFuzzer corpora from the conformance corpus (tests/r/*.R) and,
# for the IR target, from the optimized IR the JIT prints for a few corpus
# programs (`dlvm run --dump ir`, one function per file).
# Usage: fuzz/seed.sh   (from anywhere; needs target/release/dlvm for IR seeds)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
c="$root/fuzz/corpus"
for t in parse_deparse bytecode_compile dlvm_run; do
    mkdir -p "$c/$t"
    cp "$root"/tests/r/*.R "$c/$t/"
done
mkdir -p "$c/ir_verify_passes"
if [ -x "$root/target/release/dlvm" ]; then
    cd "$root/tests/r"
    n=0
    for p in bench_fib bench_sieve bench_mandelbrot bench_nbody closure_counter index_matrix arith_nan_payload bench_phase_sum jit_record_shapes jit_int_lgl_matrices jit_bitw_inline; do
        [ -f "$p.R" ] || continue
        "$root/target/release/dlvm" run --mode deoptless --jit-threshold 1 --osr-threshold 1 --dump ir "$p.R" 2>&1 >/dev/null |
            awk -v dir="$c/ir_verify_passes" -v p="$p" '
                /^function / { n++; f = dir "/" p "-" n ".ir"; on = 1 }
                on { print > f }
                /^}$/ { on = 0; close(f) }'
        n=$((n + 1))
    done
fi
echo "seeded: $(ls "$c/parse_deparse" | wc -l) R programs, $(ls "$c/ir_verify_passes" | wc -l) IR functions"
