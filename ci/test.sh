#!/usr/bin/env bash
# ci/test.sh - the full check: setup, then build + ctest twice:
#   build/       a normal build
#   build-asan/  an AddressSanitizer + UndefinedBehaviorSanitizer build
#                (-DGPULINT_SANITIZE=ON), leak checking on
# with two bounded checks of robustness between the sanitizer build and its
# ctest run (so that the output ends with ctest's summary):
#   build-fuzz/  the libFuzzer target over the whole pipeline, for
#                FUZZ_SECONDS (default 120; 0 skips it), ci/fuzz.sh
#   the ASan+UBSan gpulint over the real-project corpus, only when
#                GPULINT_CORPUS names it (ci/corpus_smoke.sh: 224 s for the
#                314 CUDA files before project discovery brought in their
#                headers and the toolkit's, several times that since: too
#                long for every CI run)
# Every step always runs; the exit status is non-zero when any build, ctest,
# the fuzz run or the corpus run fails.
set -euo pipefail
cd "$(dirname "$0")/.."

bash ci/setup.sh

jobs=$(nproc 2>/dev/null || echo 2)
status=0

echo "== ci/test.sh: normal build (build/)"
normal=0
if bash ci/build.sh build; then
    (cd build && ctest --output-on-failure -j"$jobs") || normal=$?
else
    normal=$?
    echo "ci/test.sh: normal build FAILED (exit $normal)"
fi
((normal == 0)) || status=1

echo "== ci/test.sh: ASan+UBSan build (build-asan/)"
if ((normal != 0)); then
    echo "ci/test.sh: note: the normal build or its ctest FAILED (exit $normal); the sanitizer run follows"
fi
if ! bash ci/build.sh build-asan -DGPULINT_SANITIZE=ON; then
    echo "ci/test.sh: ASan+UBSan build FAILED"
    exit 1
fi
fuzz_seconds=${FUZZ_SECONDS:-120}
if ((fuzz_seconds > 0)); then
    echo "== ci/test.sh: fuzzing the pipeline for ${fuzz_seconds}s (build-fuzz/)"
    bash ci/fuzz.sh "$fuzz_seconds" || status=1
else
    echo "== ci/test.sh: fuzzing SKIPPED (FUZZ_SECONDS=0)"
fi

if [[ -n "${GPULINT_CORPUS:-}" ]]; then
    echo "== ci/test.sh: ASan+UBSan over the real-project corpus ($GPULINT_CORPUS)"
    bash ci/corpus_smoke.sh build-asan/gpulint || status=1
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
    ctest --output-on-failure -j"$jobs"
) || asan_rc=$?
((asan_rc == 0)) || status=1

exit "$status"
