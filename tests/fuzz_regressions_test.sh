#!/usr/bin/env bash
# tests/fuzz_regressions_test.sh GPULINT DIR: gpulint on each reproducer in
# DIR (tests/fuzz/regressions), in process (--no-isolation, so a crash is
# this test's), as CUDA and as OpenCL C: each must end with status 0, 1 or 2
# and a JSON report that parses.  Registered in ctest as cli.fuzz_regressions.
set -uo pipefail
G=$1
D=$2
passed=0
failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for f in "$D"/*; do
    [[ $f == *.md ]] && continue
    for lang in cuda cl; do
        "$G" --no-isolation --format=json --min-severity=info -x "$lang" "$f" >"$tmp/out.json" 2>"$tmp/err"
        rc=$?
        if ((rc <= 2)) && python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$tmp/out.json" 2>/dev/null; then
            echo "ok: $(basename "$f") as $lang: exit $rc, a JSON report"
            passed=$((passed + 1))
        else
            echo "FAIL: $(basename "$f") as $lang: exit $rc"
            sed 's/^/    | /' "$tmp/err" | tail -20
            failed=$((failed + 1))
        fi
    done
done
echo "$passed passed, $failed failed"
((failed == 0))
