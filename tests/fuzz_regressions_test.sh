#!/usr/bin/env bash
# tests/fuzz_regressions_test.sh GPULINT DIR [FUZZ_BIN_DIR]: gpulint on each
# reproducer in DIR (tests/fuzz/regressions), in process (--no-isolation, so
# a crash is this test's), as CUDA and as OpenCL C: each must end with status
# 0, 1 or 2 and a JSON report that parses.  Then each subdirectory
# DIR/<name>/ holds the reproducers of the fast fuzz target fuzz_<name>
# (tests/fuzz/fuzz_<name>.c): FUZZ_BIN_DIR/fuzz_<name> (the target with a
# plain main, or the libFuzzer build, which also runs the files it is given)
# replays each, and must neither crash nor report.  Registered in ctest as
# cli.fuzz_regressions.
set -uo pipefail
G=$1
D=$2
B=${3:-}
passed=0
failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for f in "$D"/*; do
    [[ $f == *.md || -d $f ]] && continue
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
for dir in "$D"/*/; do
    [[ -d $dir ]] || continue
    name=$(basename "$dir")
    target=$B/fuzz_$name
    if [[ -z $B || ! -x $target ]]; then
        echo "FAIL: $name: no fuzz_$name in '${B:-(not given)}' to replay $dir with"
        failed=$((failed + 1))
        continue
    fi
    for f in "$dir"*; do
        [[ -f $f && $f != *.md ]] || continue
        # a time limit: a reproducer of a hang must not hang the test
        if timeout 60 "$target" "$f" >"$tmp/out" 2>&1; then
            echo "ok: $name/$(basename "$f"): replayed by fuzz_$name"
            passed=$((passed + 1))
        else
            echo "FAIL: $name/$(basename "$f"): fuzz_$name exited $?"
            sed 's/^/    | /' "$tmp/out" | tail -20
            failed=$((failed + 1))
        fi
    done
done
echo "$passed passed, $failed failed"
((failed == 0))
