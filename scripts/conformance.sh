#!/usr/bin/env bash
# Run every tests/r program through dlvm and compare with GNU R's recorded
# stdout, exit status and (for errors) first stderr line. Extra dlvm flags may be
# passed: scripts/conformance.sh --mode deopt --jit-threshold 1
# Prints the failing programs and a summary line; exits 1 on any failure.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dlvm="${DLVM:-$root/target/release/dlvm}"
cd "$root/tests/r"
pass=0; fail=0; failed=()
for r in *.R; do
    n="${r%.R}"
    out=$(timeout 20 "$dlvm" run "$@" "$r" 2>/tmp/dlvm_err_$$; echo "status:$?")
    status="${out##*status:}"; out="${out%status:*}"
    want_out=$(cat "$n.out"; echo x); want_out="${want_out%x}"
    want_status=$(cat "$n.status")
    ok=1
    [ "$out" == "$want_out" ] || ok=0
    [ "$status" == "$want_status" ] || ok=0
    if [ "$want_status" != 0 ] && [ "$(head -n1 /tmp/dlvm_err_$$)" != "$(head -n1 "$n.err")" ]; then ok=0; fi
    if [ $ok == 1 ]; then pass=$((pass+1)); else fail=$((fail+1)); failed+=("$n"); fi
done
rm -f /tmp/dlvm_err_$$
for f in "${failed[@]}"; do echo "FAIL $f"; done
echo "conformance: $pass passed, $fail failed"
[ $fail == 0 ]
