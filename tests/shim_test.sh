#!/usr/bin/env bash
# tests/shim_test.sh GPULINT SHIM_TESTDATA - every file of testdata/shim parses
# with the bundled shim (--headers=shim) with no error and no note and gets
# status ok, through the precompiled shim (which must load) and through
# -include (--no-pch). The findings themselves are checked by the
# expect_runner tests shim.<file>.
set -uo pipefail
G=$1
# a copy outside the repository: project discovery must not find the shim's
# own headers in the source tree
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gpulint-shim.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cp "$2"/*.cu "$tmp"/
T=$tmp
fail=0
n=0
for f in "$T"/*.cu; do
    n=$((n + 1))
    for mode in pch no-pch; do
        extra=()
        [ "$mode" = no-pch ] && extra=(--no-pch)
        json=$("$G" --headers=shim --format=json --min-severity=info "${extra[@]}" "$f" 2>/dev/null)
        verbose=$("$G" --headers=shim -v "${extra[@]}" "$f" 2>&1 >/dev/null)
        problems=""
        grep -Eq '"errors":[[:space:]]*\[\]' <<<"$json" || problems+=" errors"
        # the one note a file may have: the PyTorch stand-ins were used (and
        # a file that includes PyTorch's headers must have it)
        python3 -c '
import json, sys
j = json.loads(sys.argv[1])
stand_in = [n for n in j["notes"] if n["message"].startswith("a framework\x27s headers (PyTorch\x27s, ROCm libraries\x27) were not found")]
wants = "torch" in sys.argv[2]
sys.exit(0 if len(stand_in) == len(j["notes"]) and bool(stand_in) == wants else 1)' "$json" "$(basename "$f")" || problems+=" notes"
        grep -Eq '"status":[[:space:]]*"ok"' <<<"$json" || problems+=" status"
        grep -Eq '"status":[[:space:]]*"(degraded|failed)"' <<<"$json" && problems+=" degraded"
        grep -q 'does not load' <<<"$verbose" && problems+=" pch-rejected"
        if [ -n "$problems" ]; then
            echo "FAIL: $(basename "$f") ($mode):$problems"
            grep -A3 -E '"message"' <<<"$json" | head -20 | sed 's/^/    | /'
            grep 'does not load' <<<"$verbose" | sed 's/^/    | /'
            fail=1
        else
            echo "ok: $(basename "$f") ($mode)"
        fi
    done
done
[ "$n" -ge 10 ] || { echo "FAIL: only $n shim test files"; fail=1; }
# the PyTorch stand-ins are said once for a run (a detail of each file: -v)
mkdir "$tmp/two" && cp "$T/torch_extension.cu" "$tmp/two/a.cu" && cp "$T/torch_extension.cu" "$tmp/two/b.cu"
quiet=$("$G" --headers=shim "$tmp/two" 2>&1 >/dev/null | grep -c "headers (PyTorch's, ROCm libraries') were not found")
once=$("$G" --headers=shim "$tmp/two" 2>&1 >/dev/null | grep "headers (PyTorch's, ROCm libraries') were not found" | grep -c "in 2 files")
each=$("$G" --headers=shim -v "$tmp/two" 2>&1 >/dev/null | grep -c "headers (PyTorch's, ROCm libraries') were not found")
if [ "$quiet" = 1 ] && [ "$once" = 1 ] && [ "$each" = 2 ]; then
    echo "ok: the PyTorch stand-ins in one line for 2 files, one per file with -v"
else
    echo "FAIL: the PyTorch stand-ins note: $quiet lines ($once saying 2 files), $each with -v (want 1, 1, 2)"
    fail=1
fi
exit $fail
