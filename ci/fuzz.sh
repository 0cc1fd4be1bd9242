#!/usr/bin/env bash
# ci/fuzz.sh [SECONDS] - build the libFuzzer target (tests/fuzz/fuzz_pipeline.c)
# with clang-19, ASan and UBSan in build-fuzz/, and fuzz gpulint's whole
# pipeline for SECONDS (default 300).
#
# Seeds: every .cu/.cuh of testdata/, of tests/fuzz/seeds/pipeline/ (small
# realistic kernels written for the fuzzer) and of tests/fuzz/regressions/
# (the reproducers of past crashes), and every .cl/.opencl (marked to be read
# as OpenCL C), copied at run time into
# build-fuzz/corpus/ (which keeps what the fuzzer adds, so a later run goes
# on from there).  Dictionary: tests/fuzz/cuda.dict.  A crash, sanitizer
# report, leak or timeout leaves its reproducer in build-fuzz/crashes/ and
# makes this script exit 1; reproduce with
#     build-fuzz/tests/fuzz_pipeline build-fuzz/crashes/crash-...
# Installs clang-19 and libclang-rt-19-dev (Debian) when they are missing.
#
# Environment: FUZZ_JOBS (parallel fuzzing processes, default 1),
# FUZZ_MAX_LEN (bytes per input, default 16384), FUZZ_SEED (libFuzzer's
# random seed, to rerun a reported run: the same seed draws the same first
# mutations, though coverage counts that vary with addresses and timing
# make long runs drift apart), FUZZ_RUNS (stop after this many inputs).
# A failed run prints its seed, the sanitizer's report and the first
# reproducer as base64 of its gzip, so that a CI log is enough to replay it.
# The toolchain, build and report steps are shared with ci/fuzz_fast.sh
# (ci/fuzz_common.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
. ci/fuzz_common.sh

seconds=${1:-300}
jobs=${FUZZ_JOBS:-1}
max_len=${FUZZ_MAX_LEN:-16384}

fuzz_toolchain ci/fuzz.sh
build=build-fuzz
fuzz_build ci/fuzz.sh "$build" fuzz_pipeline gpulint_pch

corpus=$build/corpus
extra=()
[[ -n ${FUZZ_SEED:-} ]] && extra+=(-seed="$FUZZ_SEED")
[[ -n ${FUZZ_RUNS:-} ]] && extra+=(-runs="$FUZZ_RUNS")
mkdir -p "$corpus" "$build/crashes"
# Seeds named by their path (two files of one name are two seeds), in a
# fixed order. OpenCL seeds: the harness reads an input whose last byte is
# odd as OpenCL C ('/' is), so each ends with an empty comment.
find testdata tests/fuzz/seeds/pipeline tests/fuzz/regressions \( -name '*.cu' -o -name '*.cuh' -o -name '*.cl' -o -name '*.opencl' \) \
    -type f -size -"$max_len"c -print0 | sort -z |
    while IFS= read -r -d '' f; do
        name=$(tr / _ <<<"$f")
        case $f in
            *.cl | *.opencl) { cat "$f"; printf '\n//'; } >"$corpus/cl-$name" ;;
            *) cp "$f" "$corpus/$name" ;;
        esac
    done

fuzz_sanitizer_env
log=$build/fuzz.log
echo "ci/fuzz.sh: fuzzing for ${seconds}s ($jobs job(s)); log in $log"
parallel=()
((jobs > 1)) && parallel=(-jobs="$jobs" -workers="$jobs")
rc=0
"$build/tests/fuzz_pipeline" "$corpus" "${extra[@]}" \
    -dict=tests/fuzz/cuda.dict -max_len="$max_len" -timeout=30 -rss_limit_mb=4096 \
    -max_total_time="$seconds" -artifact_prefix="$build/crashes/" -print_final_stats=1 \
    "${parallel[@]}" >"$log" 2>&1 || rc=$?
# -jobs writes each job's output to fuzz-N.log in the working directory
for f in fuzz-[0-9]*.log; do [[ -e "$f" ]] && cat "$f" >>"$log" && rm -f "$f"; done
grep -E '^stat::(number_of_executed_units|average_exec_per_sec)' "$log" || true
reproducers=()
while IFS= read -r f; do reproducers+=("$f"); done < <(fuzz_reproducers "$build/crashes")
if ((rc != 0 || ${#reproducers[@]} > 0)); then
    echo "ci/fuzz.sh: FAILED (exit $rc, $(grep -m1 -o 'Seed: [0-9]*' "$log" || echo 'seed unknown')): ${#reproducers[@]} reproducer(s) in $build/crashes/:"
    fuzz_show_failure "$log" "${reproducers[@]}"
    exit 1
fi
echo "ci/fuzz.sh: no crash in ${seconds}s"
