#!/usr/bin/env bash
# Check that the committed expected outputs in tests/r (NAME.out/.err/.status)
# still match what GNU R produces: re-records the whole corpus into a temporary
# directory with record-expected.sh and compares file by file.
# Exits non-zero and lists the differing (or missing/extra) files on mismatch.
# Works from any cwd.
set -euo pipefail

script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
corpus_dir="$(cd "$script_dir/../tests/r" && pwd)"
tmp_dir="$(mktemp -d)"
trap 'rm -rf "$tmp_dir"' EXIT

"$script_dir/record-expected.sh" "$tmp_dir" >/dev/null

differing=()
total=0
for fresh in "$tmp_dir"/*.out "$tmp_dir"/*.err "$tmp_dir"/*.status; do
    file="$(basename "$fresh")"
    total=$((total + 1))
    if ! cmp -s "$fresh" "$corpus_dir/$file"; then
        differing+=("$file")
    fi
done
# Expected files whose program no longer exists are stale.
for committed in "$corpus_dir"/*.out "$corpus_dir"/*.err "$corpus_dir"/*.status; do
    [ -e "$committed" ] || continue
    file="$(basename "$committed")"
    if [ ! -e "$tmp_dir/$file" ]; then
        differing+=("$file (stale: no program)")
    fi
done

if [ "${#differing[@]}" -ne 0 ]; then
    printf '  %s\n' "${differing[@]}"
    echo "check-expected: ${#differing[@]} of $total expected files differ"
    exit 1
fi
echo "check-expected: all $total expected files match GNU R"
