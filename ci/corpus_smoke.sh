#!/usr/bin/env bash
# ci/corpus_smoke.sh [GPULINT] - run the ASan+UBSan gpulint over the
# real-project corpus and fail on any sanitizer report, crash, timeout or
# memory-limit hit.  Findings, parse errors and missing includes are normal
# there and do not count.
#
# GPULINT defaults to build-asan/gpulint (built by ci/test.sh).  The corpus
# is $GPULINT_CORPUS, default ../corpus next to the repository; without it
# the run is skipped with a message (exit 0).  libclang's crash recovery is
# off and abort_on_error=1, so a fault anywhere reaches the sanitizer and
# ends that file's worker with a signal, which gpulint reports per file.
set -uo pipefail
cd "$(dirname "$0")/.."

gpulint=${1:-build-asan/gpulint}
corpus=${GPULINT_CORPUS:-../corpus}
if [[ ! -d "$corpus" ]]; then
    echo "ci/corpus_smoke.sh: SKIPPED: no corpus at $corpus (set GPULINT_CORPUS)"
    exit 0
fi
if [[ ! -x "$gpulint" ]]; then
    echo "ci/corpus_smoke.sh: FAILED: $gpulint is not built (bash ci/build.sh build-asan -DGPULINT_SANITIZE=ON)"
    exit 1
fi

out=$(mktemp -d "${TMPDIR:-/tmp}/gpulint-corpus-smoke.XXXXXX")
trap 'rm -rf "$out"' EXIT
export LIBCLANG_DISABLE_CRASH_RECOVERY=1
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:abort_on_error=1
start=$SECONDS
rc=0
"$gpulint" --format=json -j "$(nproc 2>/dev/null || echo 2)" "$corpus" >"$out/report.json" 2>"$out/stderr" || rc=$?
secs=$((SECONDS - start))
files=$(grep -Eo '"files":[[:space:]]*[0-9]+' "$out/report.json" | grep -Eo '[0-9]+$' || echo '?')
# rc 0/1/2 are normal (2: parse errors in the corpus); anything else is a crash of gpulint itself.
problems=$(grep -E 'AddressSanitizer|LeakSanitizer|UndefinedBehaviorSanitizer|runtime error:|analysis killed by signal|stopped unexpectedly|did not end cleanly|timed out after|ran out of memory|corrupt (message|result)' "$out/stderr" || true)
if ((rc > 2)) || [[ -n "$problems" ]]; then
    echo "ci/corpus_smoke.sh: FAILED on $corpus ($files files, ${secs}s, gpulint exit $rc):"
    printf '%s\n' "$problems" | head -40 | sed 's/^/    /'
    exit 1
fi
echo "ci/corpus_smoke.sh: ok: $files files of $corpus under ASan+UBSan in ${secs}s, no sanitizer report, crash, timeout or memory-limit hit"
