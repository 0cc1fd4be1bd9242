#!/usr/bin/env bash
# bench_build_test.sh GPULINT TESTDATA: every benchmark emitted for the
# bundled examples builds with nvcc, and index.json matches the findings.
# Exits 77 (ctest: skipped) with a visible message when nvcc is absent.
set -u
gpulint=$1
testdata=$2
nvcc=$(command -v nvcc || true)
[ -z "$nvcc" ] && [ -x /usr/local/cuda/bin/nvcc ] && nvcc=/usr/local/cuda/bin/nvcc
if [ -z "$nvcc" ]; then
  echo "skipped: nvcc not found (emitted benchmarks were not compiled)"
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# every finding, info included: each rule's template is built
"$gpulint" --format=json --min-severity=info -o "$work/findings.json" --emit-bench "$work/b" "$testdata/examples" 2> "$work/emit.txt"
rc=$?
if [ $rc -gt 1 ]; then
  echo "FAIL: --emit-bench exited $rc"; cat "$work/emit.txt"; exit 1
fi
nfind=$(grep -c '"rule":' "$work/findings.json")
nbench=$(ls -d "$work"/b/*/ | wc -l)
echo "findings: $nfind, benchmarks: $nbench"
[ "$nbench" -eq "$nfind" ] || { echo "FAIL: $nfind findings but $nbench benchmarks"; exit 1; }
# every registered rule: the ids are the first word of --list-rules' lines
# (its -v detail lines are indented), so a new rule is covered without an edit
rules=$("$gpulint" --list-rules | awk '/^[^ ]/ {print $1}')
[ -n "$rules" ] || { echo "FAIL: gpulint --list-rules printed no rule"; exit 1; }
for r in $rules; do
  ls "$work/b" | grep -q "^$r-" || { echo "FAIL: no benchmark for rule $r in the examples"; exit 1; }
done
echo "rules with a benchmark: $(echo $rules | wc -w)"
"$gpulint" bench "$work/b" --build-only --arch=sm_90 --nvcc="$nvcc"
rc=$?
if [ $rc -ne 0 ]; then
  echo "FAIL: gpulint bench --build-only exited $rc"; tail -50 "$work/b/build.log"; exit 1
fi
echo "1 passed, 0 failed"
