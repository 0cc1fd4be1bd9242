#!/usr/bin/env bash
# bench_build_test.sh GPULINT TESTDATA: every benchmark emitted for the
# bundled examples builds with nvcc, and index.json matches the findings;
# every rule --list-rules prints gets one built (from its positive cases when
# no example reaches it), except a rule without bench/templates/<id>.cu whose
# findings on its positive cases all say why they have no benchmark (its
# bench() refuses: warp-size-assumption, 64-wide wavefronts).
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
nbench=$(ls -d "$work"/b/*/ | grep -vc "\.replay/$")
echo "findings: $nfind, benchmarks: $nbench"
[ "$nbench" -eq "$nfind" ] || { echo "FAIL: $nfind findings but $nbench benchmarks"; exit 1; }
# every registered rule: the ids are the first word of --list-rules' lines
# (its -v detail lines are indented), so a new rule is covered without an edit
rules=$("$gpulint" --list-rules | awk '/^[^ ]/ {print $1}')
[ -n "$rules" ] || { echo "FAIL: gpulint --list-rules printed no rule"; exit 1; }
# a rule no example reaches is built from the first of its positive cases
# (testdata/rules/<id>/pos_*) that gets a benchmark
dirs="$work/b"
refused=0
for r in $rules; do
  ls "$work/b" | grep -q "^$r-" && continue
  for c in "$testdata/rules/$r"/pos_*; do
    [ -e "$c" ] || continue
    rm -rf "$work/r-$r"
    "$gpulint" --rules="$r" --min-severity=info --format=json -o /dev/null --emit-bench "$work/r-$r" "$c" 2>> "$work/emit.txt"
    ls -d "$work/r-$r"/"$r"-*/ > /dev/null 2>&1 && break
  done
  if ! ls -d "$work/r-$r"/"$r"-*/ > /dev/null 2>&1; then
    # no template: every finding of its positive cases must say why it has no benchmark
    if [ ! -e "$testdata/../bench/templates/$r.cu" ]; then
      "$gpulint" --rules="$r" --min-severity=info --format=json -o "$work/r-$r.json" --emit-bench "$work/r-$r" \
        "$testdata/rules/$r"/pos_* 2> "$work/r-$r.txt"
      nr=$(grep -c '"rule":' "$work/r-$r.json")
      nwhy=$(grep -c -- "--emit-bench: $r-[^:]*: no benchmark: " "$work/r-$r.txt")
      if [ "$nr" -gt 0 ] && [ "$nwhy" -eq "$nr" ]; then
        echo "rule $r: no template; its $nr findings say why they have no benchmark: $(grep -m1 -o 'no benchmark: .*' "$work/r-$r.txt")"
        refused=$((refused + 1))
        continue
      fi
      echo "FAIL: rule $r has no bench/templates/$r.cu, and of its $nr findings $nwhy say why they have no benchmark"
      exit 1
    fi
    echo "FAIL: no benchmark for rule $r in the examples or in its positive cases"; exit 1
  fi
  echo "rule $r: no example reaches it; built from $(basename "$c")"
  dirs="$dirs $work/r-$r"
done
echo "rules with a benchmark: $(($(echo $rules | wc -w) - refused)), without (their bench() refuses): $refused"
for d in $dirs; do
  "$gpulint" bench "$d" --build-only --arch=sm_90 --nvcc="$nvcc"
  rc=$?
  if [ $rc -ne 0 ]; then
    echo "FAIL: gpulint bench --build-only $d exited $rc"; tail -50 "$d/build.log"; exit 1
  fi
done
echo "1 passed, 0 failed"
