#!/usr/bin/env bash
# Record GNU R's expected outputs for the dlvm conformance corpus (tests/r/*.R).
#
# For every tests/r/NAME.R this runs `Rscript --vanilla NAME.R` with tests/r as
# the working directory and writes, next to the program:
#   NAME.out     stdout
#   NAME.err     stderr (errors, warnings, message())
#   NAME.status  exit status, one number followed by a newline
# Standard input is NAME.stdin when that file exists, else /dev/null.
#
# The environment is fixed so that recordings are deterministic and independent
# of the caller: env -i (nothing inherited) plus
#   PATH=/usr/bin:/bin  LC_ALL=C.UTF-8 LANG=C.UTF-8 LANGUAGE=  (UTF-8, C collation,
#   untranslated messages)  TZ=UTC  HOME=<empty temp dir>  R_LIBS_USER= R_LIBS=
#   R_PROFILE_USER= R_ENVIRON_USER= (no user site files; --vanilla also skips them)
#   R_DEFAULT_PACKAGES=NULL is NOT set: Rscript's default packages stay loaded, as
#   in an ordinary Rscript run.
#
# Usage: scripts/record-expected.sh [OUTDIR [NAME...]]
#   OUTDIR (optional) receives the files instead of tests/r (used by
#   check-expected.sh; "" or "-" means tests/r). NAMEs (optional) record only
#   those programs (tests/r/NAME.R), e.g. a newly added reproducer.
#   Works from any cwd.
set -euo pipefail

script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
corpus_dir="$(cd "$script_dir/../tests/r" && pwd)"
out_dir="${1:-$corpus_dir}"
if [ "$out_dir" = "-" ]; then out_dir="$corpus_dir"; fi
shift || true
mkdir -p "$out_dir"
out_dir="$(cd "$out_dir" && pwd)"

rscript="${RSCRIPT:-/usr/bin/Rscript}"
home_dir="$(mktemp -d)"
trap 'rm -rf "$home_dir"' EXIT

count=0
failed=0
cd "$corpus_dir"
if [ "$#" -gt 0 ]; then
    programs=()
    for n in "$@"; do programs+=("${n%.R}.R"); done
else
    programs=(*.R)
fi
for program in "${programs[@]}"; do
    name="${program%.R}"
    status=0
    # A program that reads standard input gets NAME.stdin.
    stdin_file=/dev/null
    if [ -f "$name.stdin" ]; then stdin_file="$name.stdin"; fi
    env -i PATH=/usr/bin:/bin LC_ALL=C.UTF-8 LANG=C.UTF-8 LANGUAGE= TZ=UTC \
        HOME="$home_dir" R_LIBS_USER= R_LIBS= R_PROFILE_USER= R_ENVIRON_USER= \
        "$rscript" --vanilla "$program" \
        >"$out_dir/$name.out" 2>"$out_dir/$name.err" <"$stdin_file" || status=$?
    echo "$status" >"$out_dir/$name.status"
    count=$((count + 1))
    if [ "$status" -ne 0 ]; then failed=$((failed + 1)); fi
done

echo "record-expected: $count programs recorded into $out_dir ($failed exit non-zero)"
