#!/usr/bin/env bash
# ci/test.sh - the full check: setup, then build + ctest twice:
#   build/       a normal build
#   build-asan/  an AddressSanitizer + UndefinedBehaviorSanitizer build
#                (-DGPULINT_SANITIZE=ON), leak checking on
# with bounded checks of robustness between the sanitizer build and its
# ctest run (so that the output ends with ctest's summary):
#   build-fuzz/  the libFuzzer target over the whole pipeline, for
#                FUZZ_SECONDS (default 120; 0 skips it), ci/fuzz.sh; then
#                the fast targets over gpulint's own readers (configs,
#                compile databases, baselines, LSP messages, globs, #if
#                text, CMake code, audit results), FUZZ_FAST_SECONDS each
#                (default 10; 0 skips them), $(nproc) at a time, ci/fuzz_fast.sh
#   the ASan+UBSan gpulint over the real-project corpus, only when
#                GPULINT_CORPUS names it (ci/corpus_smoke.sh: 224 s for the
#                314 CUDA files before project discovery brought in their
#                headers and the toolkit's, several times that since: too
#                long for every CI run)
# Every step always runs; the exit status is non-zero when any build, ctest,
# the fuzz run or the corpus run fails.  A CI log is often read from its end
# only, so the last lines are a recap of every step (failed tests by name,
# the fuzzer's reproducer) followed by the sanitizer ctest's own summary.
set -euo pipefail
cd "$(dirname "$0")/.."

bash ci/setup.sh

jobs=$(nproc 2>/dev/null || echo 2)
status=0
recap=()
# failed_tests BUILD_DIR: the names ctest recorded as failed in its last run
failed_tests() {
    local f=$1/Testing/Temporary/LastTestsFailed.log
    [[ -s $f ]] && cut -d: -f2- "$f" | tr '\n' ' '
}
# failed_output BUILD_DIR: the last lines each failed test printed
failed_output() {
    local log=$1/Testing/Temporary/LastTest.log name
    [[ -s $1/Testing/Temporary/LastTestsFailed.log && -s $log ]] || return 0
    while IFS= read -r name; do
        echo "  $name:"
        awk -v t="$name" '/^[0-9]+\/[0-9]+ Test: / && substr($0, index($0, "Test: ") + 6) == t {on = 1; next}
            on && !out && /^-----/ {out = 1; next}
            out && /^<end of output>/ {exit} out' "$log" | tail -n 15 | sed 's/^/    /'
    done < <(cut -d: -f2- "$1/Testing/Temporary/LastTestsFailed.log" | head -5)
}
# record_ctest STEP BUILD_DIR EXIT: the step's recap lines (failed tests with
# their last lines); a failure makes the script's status 1
record_ctest() {
    if (($3 == 0)); then
        recap+=("$1: passed")
        return
    fi
    status=1
    recap+=("$1: FAILED (exit $3) $(failed_tests "$2" || true)")
    while IFS= read -r line; do recap+=("$line"); done < <(failed_output "$2")
}

echo "== ci/test.sh: normal build (build/)"
normal=0
if bash ci/build.sh build; then
    rm -f build/Testing/Temporary/LastTestsFailed.log
    (cd build && ctest --output-on-failure -j"$jobs") || normal=$?
else
    normal=$?
    echo "ci/test.sh: normal build FAILED (exit $normal)"
fi
record_ctest "normal build and ctest" build "$normal"

echo "== ci/test.sh: ASan+UBSan build (build-asan/)"
if ((normal != 0)); then
    echo "ci/test.sh: note: the normal build or its ctest FAILED (exit $normal); the sanitizer run follows"
fi
if ! bash ci/build.sh build-asan -DGPULINT_SANITIZE=ON; then
    echo "ci/test.sh: ASan+UBSan build FAILED"
    printf '    %s\n' "${recap[@]}" "ASan+UBSan build: FAILED (no fuzzing, no sanitizer ctest)"
    exit 1
fi
fuzz_seconds=${FUZZ_SECONDS:-120}
if ((fuzz_seconds > 0)); then
    echo "== ci/test.sh: fuzzing the pipeline for ${fuzz_seconds}s (build-fuzz/)"
    mkdir -p build-fuzz
    # pipefail: the pipeline fails when ci/fuzz.sh does
    if bash ci/fuzz.sh "$fuzz_seconds" 2>&1 | tee build-fuzz/ci-test.out; then
        recap+=("fuzzing ${fuzz_seconds}s: no crash ($(grep -m1 -oE 'number_of_executed_units: *[0-9]+' build-fuzz/fuzz.log | grep -oE '[0-9]+$' || echo '?') inputs)")
    else
        status=1
        recap+=("fuzzing: FAILED; what ci/fuzz.sh said:")
        while IFS= read -r line; do recap+=("  $line"); done < <(sed -n '/FAILED/,$p' build-fuzz/ci-test.out | head -60)
    fi
else
    echo "== ci/test.sh: fuzzing SKIPPED (FUZZ_SECONDS=0)"
    recap+=("fuzzing: skipped (FUZZ_SECONDS=0)")
fi

fuzz_fast_seconds=${FUZZ_FAST_SECONDS:-10}
if ((fuzz_fast_seconds > 0)); then
    echo "== ci/test.sh: fuzzing gpulint's own readers for ${fuzz_fast_seconds}s per target (build-fuzz/)"
    mkdir -p build-fuzz
    if FUZZ_JOBS=${FUZZ_JOBS:-$jobs} bash ci/fuzz_fast.sh "$fuzz_fast_seconds" 2>&1 | tee build-fuzz/ci-test-fast.out; then
        recap+=("fast fuzzing ${fuzz_fast_seconds}s per target: $(grep -m1 -oE 'no crash, hang or leak in .*' build-fuzz/ci-test-fast.out || echo 'no crash')")
    else
        status=1
        recap+=("fast fuzzing: FAILED; what ci/fuzz_fast.sh said:")
        while IFS= read -r line; do recap+=("  $line"); done < <(sed -n '/FAILED/,$p' build-fuzz/ci-test-fast.out | head -60)
    fi
else
    echo "== ci/test.sh: fast fuzzing SKIPPED (FUZZ_FAST_SECONDS=0)"
    recap+=("fast fuzzing: skipped (FUZZ_FAST_SECONDS=0)")
fi

if [[ -n "${GPULINT_CORPUS:-}" ]]; then
    echo "== ci/test.sh: ASan+UBSan over the real-project corpus ($GPULINT_CORPUS)"
    if bash ci/corpus_smoke.sh build-asan/gpulint; then
        recap+=("corpus smoke run: passed")
    else
        status=1
        recap+=("corpus smoke run: FAILED")
    fi
else
    echo "== ci/test.sh: the real-project corpus run SKIPPED (set GPULINT_CORPUS=DIR to run ci/corpus_smoke.sh)"
fi

echo "== ci/test.sh: ASan+UBSan ctest (build-asan/)"
# No leak suppressions: the suite (and every testdata file, with --dump-model)
# runs without a leak report against libclang 19, so any leak is gpulint's.
asan_rc=0
(
    cd build-asan
    export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
    # abort_on_error: a UBSan report aborts (SIGABRT) instead of exiting 1,
    # which is gpulint's "findings" status and would pass as success.
    export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:abort_on_error=1
    # libclang's crash recovery catches SIGSEGV (and friends) in the whole
    # process, so a crash in gpulint's own code during parsing would be
    # reported as a parse failure instead of reaching ASan.
    export LIBCLANG_DISABLE_CRASH_RECOVERY=1
    rm -f Testing/Temporary/LastTestsFailed.log
    ctest --output-on-failure -j"$jobs" 2>&1 | tee ctest.log
    exit "${PIPESTATUS[0]}"
) || asan_rc=$?
record_ctest "ASan+UBSan ctest" build-asan "$asan_rc"

echo "== ci/test.sh: recap (exit $status)"
printf '    %s\n' "${recap[@]}"
# ctest's own summary of the sanitizer run, last, as test runners end
sed -n '/tests passed, .* tests failed out of/,$p' build-asan/ctest.log
exit "$status"
