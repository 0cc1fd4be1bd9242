#!/usr/bin/env bash
# ci/fuzz.sh [SECONDS] - build the libFuzzer target (tests/fuzz/fuzz_pipeline.c)
# with clang-19, ASan and UBSan in build-fuzz/, and fuzz gpulint's whole
# pipeline for SECONDS (default 300).
#
# Seeds: every .cu/.cuh of testdata/ and of tests/fuzz/regressions/ (the
# reproducers of past crashes), and every .cl/.opencl (marked to be read as
# OpenCL C), copied at run time into
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
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-300}
jobs=${FUZZ_JOBS:-1}
max_len=${FUZZ_MAX_LEN:-16384}

bash ci/setup.sh
missing=()
command -v clang-19 >/dev/null 2>&1 || missing+=(clang-19)
compgen -G "/usr/lib/llvm-19/lib/clang/19/lib/linux/libclang_rt.fuzzer-x86_64.a" >/dev/null ||
    compgen -G "/usr/lib/llvm-19/lib/clang/19/lib/*/libclang_rt.fuzzer*.a" >/dev/null || missing+=(libclang-rt-19-dev)
if ((${#missing[@]})); then
    if [[ "$(id -u)" != 0 ]]; then
        echo "ci/fuzz.sh: missing ${missing[*]}; install them as root: apt-get install ${missing[*]}" >&2
        exit 1
    fi
    echo "ci/fuzz.sh: installing ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

build=build-fuzz
gen=()
if [[ ! -f "$build/CMakeCache.txt" ]]; then
    if command -v ninja >/dev/null 2>&1; then gen=(-G Ninja); fi
fi
# quiet when it works; the build's output when it does not
mkdir -p "$build"
if ! cmake -S . -B "$build" "${gen[@]}" -DCMAKE_C_COMPILER=clang-19 -DGPULINT_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        >"$build/build.log" 2>&1 ||
    ! cmake --build "$build" --target fuzz_pipeline gpulint_pch --parallel "$(nproc 2>/dev/null || echo 2)" \
        >>"$build/build.log" 2>&1; then
    tail -40 "$build/build.log"
    echo "ci/fuzz.sh: FAILED: the fuzz target did not build (log: $build/build.log)"
    exit 1
fi

corpus=$build/corpus
extra=()
[[ -n ${FUZZ_SEED:-} ]] && extra+=(-seed="$FUZZ_SEED")
[[ -n ${FUZZ_RUNS:-} ]] && extra+=(-runs="$FUZZ_RUNS")
mkdir -p "$corpus" "$build/crashes"
# Seeds named by their path (two files of one name are two seeds), in a
# fixed order. OpenCL seeds: the harness reads an input whose last byte is
# odd as OpenCL C ('/' is), so each ends with an empty comment.
find testdata tests/fuzz/regressions \( -name '*.cu' -o -name '*.cuh' -o -name '*.cl' -o -name '*.opencl' \) \
    -type f -size -"$max_len"c -print0 | sort -z |
    while IFS= read -r -d '' f; do
        name=$(tr / _ <<<"$f")
        case $f in
            *.cl | *.opencl) { cat "$f"; printf '\n//'; } >"$corpus/cl-$name" ;;
            *) cp "$f" "$corpus/$name" ;;
        esac
    done

export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:allocator_may_return_null=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:abort_on_error=1
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
# slow-unit-* files are inputs that once took over 10 s: on a loaded machine
# that is the scheduler, not a finding (a real hang is a timeout-* file).
crashes=$(find "$build/crashes" -type f ! -name 'slow-unit-*' | wc -l)
if ((rc != 0 || crashes > 0)); then
    echo "ci/fuzz.sh: FAILED (exit $rc, $(grep -m1 -o 'Seed: [0-9]*' "$log" || echo 'seed unknown')): $crashes reproducer(s) in $build/crashes/:"
    find "$build/crashes" -type f ! -name 'slow-unit-*' | sed 's/^/    /'
    grep -E 'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error|SUMMARY' "$log" | head -20 || true
    # the first reproducer as text a CI log can carry: base64 of its gzip
    # (decode: base64 -d | gunzip > crash.bin)
    first=$(find "$build/crashes" -type f ! -name 'slow-unit-*' | head -1)
    if [[ -n $first ]]; then
        echo "ci/fuzz.sh: $(basename "$first"), $(wc -c <"$first") bytes, gzip | base64:"
        gzip -9cn "$first" | base64 -w 100 | head -80
    fi
    exit 1
fi
echo "ci/fuzz.sh: no crash in ${seconds}s"
