#!/usr/bin/env bash
# ci/demo.sh - build gpulint and run it over testdata/examples, as text and
# as JSON (build/examples.json).  Findings are the point of the demo: the exit
# status is 0 when gpulint exits 0 (no findings) or 1 (findings), and 2 when
# gpulint reports an error (exit 2) in either run.
set -euo pipefail
cd "$(dirname "$0")/.."

bash ci/setup.sh
bash ci/build.sh build

rc_text=0
build/gpulint testdata/examples || rc_text=$?
rc_json=0
build/gpulint --format=json -o build/examples.json testdata/examples || rc_json=$?

status=0
for rc in "$rc_text" "$rc_json"; do
    if ((rc != 0 && rc != 1)); then status=2; fi
done
if ((rc_json == 0 || rc_json == 1)); then
    echo "JSON report: $PWD/build/examples.json"
else
    echo "ci/demo.sh: gpulint --format=json failed (exit $rc_json)" >&2
fi
if ((rc_text != 0 && rc_text != 1)); then
    echo "ci/demo.sh: gpulint (text) failed (exit $rc_text)" >&2
fi
exit "$status"
