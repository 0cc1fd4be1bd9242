#!/usr/bin/env bash
# tests/model_golden_test.sh GPULINT TESTDATA_DIR [--update]
#
# Golden tests of the kernel model.  For every TESTDATA_DIR/model/NAME.cu, runs
# `gpulint --dump-model NAME.cu` from inside TESTDATA_DIR/model (so that the
# paths in the dump are relative), keeps stderr without the final summary line
# (it has the timing), and compares it with NAME.expected.  Each mismatch prints
# a unified diff; a missing NAME.expected is a failure.  With --update the
# expected files are (re)written instead.  The last line is
# "model golden: N passed, M failed".  Registered in ctest as model.golden.
set -uo pipefail

usage() {
    echo "usage: $0 GPULINT TESTDATA_DIR [--update]" >&2
    exit 2
}
(($# == 2 || $# == 3)) || usage
G=$1
DIR=$2/model
update=false
if (($# == 3)); then
    [[ $3 == --update ]] || usage
    update=true
fi
case $G in /*) ;; *) G=$PWD/$G ;; esac
if [[ ! -x "$G" ]]; then
    echo "FAIL: $G is not an executable"
    echo "model golden: 0 passed, 1 failed"
    exit 1
fi
if [[ ! -d "$DIR" ]]; then
    echo "FAIL: $DIR is not a directory"
    echo "model golden: 0 passed, 1 failed"
    exit 1
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/gpulint-model-golden.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cd "$DIR" || exit 1

passed=0
failed=0
updated=0
shopt -s nullglob
cases=(*.cu *.cl *.hip)
if ((${#cases[@]} == 0)); then
    echo "FAIL: no .cu files in $DIR"
    echo "model golden: 0 passed, 1 failed"
    exit 1
fi
for cu in "${cases[@]}"; do
    name=${cu%.*}
    rc=0
    # The exit status says whether rules fired, which is not what is tested
    # here; stdout (the findings) is ignored.  A crash is a failure.
    "$G" --dump-model "$cu" >/dev/null 2>"$tmp/raw" || rc=$?
    if ((rc > 2)); then
        echo "FAIL: $cu: gpulint exited with status $rc"
        sed -n '1,20s/^/    | /p' "$tmp/raw"
        failed=$((failed + 1))
        continue
    fi
    # Drop the final summary line ("gpulint: N findings (...); ..., 0.01 s").
    sed -E '${/^gpulint: [0-9]+ findings? \(.*, [0-9.]+ s$/d;}' "$tmp/raw" >"$tmp/actual"
    if $update; then
        if ! cmp -s "$tmp/actual" "$name.expected"; then
            cp "$tmp/actual" "$name.expected"
            echo "updated: $name.expected"
            updated=$((updated + 1))
        fi
        passed=$((passed + 1))
        continue
    fi
    if [[ ! -f "$name.expected" ]]; then
        echo "FAIL: $cu: $name.expected is missing (run $0 GPULINT TESTDATA_DIR --update, then review it)"
        failed=$((failed + 1))
        continue
    fi
    if diff -u --label "$name.expected" --label "$name (actual)" "$name.expected" "$tmp/actual"; then
        passed=$((passed + 1))
    else
        echo "FAIL: $cu: the model differs from $name.expected"
        failed=$((failed + 1))
    fi
done
$update && echo "model golden: $updated expected file(s) written"
echo "model golden: $passed passed, $failed failed"
((failed == 0))
