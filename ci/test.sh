#!/usr/bin/env bash
# ci/test.sh - the full check: setup, then build + ctest twice:
#   build/       a normal build
#   build-asan/  an AddressSanitizer + UndefinedBehaviorSanitizer build
#                (-DGPULINT_SANITIZE=ON), leak checking on
# Both suites always run; the exit status is non-zero when either build or
# either ctest fails.  Nothing is printed after the last ctest, so the output
# ends with its summary.
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
