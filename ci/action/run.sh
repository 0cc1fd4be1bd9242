#!/usr/bin/env bash
# ci/action/run.sh - the action's lint step (action.yml).  Two runs:
#  1. SARIF of every finding at or above GPULINT_MIN_SEVERITY (code
#     scanning keeps track of them by fingerprint);
#  2. annotations (--format=github) of the findings on lines changed since
#     the diff base (GPULINT_DIFF_BASE, else origin/GPULINT_BASE_REF on a
#     pull request), or of every finding when there is no base.
# Step outputs: sarif-file, findings (annotated).  Exits 1 when findings
# were annotated and GPULINT_FAIL_ON_FINDINGS is "true"; 2 when gpulint
# itself failed (bad input, unreadable repository).
set -uo pipefail
out=${GITHUB_OUTPUT:-/dev/null}
read -r -a paths <<<"${GPULINT_PATHS:-.}"
((${#paths[@]})) || paths=(.)
read -r -a extra <<<"${GPULINT_ARGS:-}"
min=${GPULINT_MIN_SEVERITY:-low}
sarif=${GPULINT_SARIF:-gpulint.sarif}
base=${GPULINT_DIFF_BASE:-}
[[ -z "$base" && -n "${GPULINT_BASE_REF:-}" ]] && base="origin/$GPULINT_BASE_REF"

gpulint --format=sarif -o "$sarif" --exit-zero --min-severity="$min" "${extra[@]}" "${paths[@]}"
status=$?
((status == 0)) || { echo "::error title=gpulint::gpulint could not write the SARIF report (exit $status)"; exit 2; }
echo "sarif-file=$sarif" >>"$out"

diff_args=()
[[ -n "$base" ]] && diff_args=(--diff "$base")
annotations=$(mktemp)
gpulint --format=github --min-severity="$min" "${diff_args[@]}" "${extra[@]}" "${paths[@]}" >"$annotations"
status=$?
cat "$annotations"
findings=$(grep -Ec '^::(error|warning|notice) file=' "$annotations")
rm -f "$annotations"
echo "findings=$findings" >>"$out"
case $status in
    0) exit 0 ;;
    1) [[ "${GPULINT_FAIL_ON_FINDINGS:-true}" == true ]] && exit 1; exit 0 ;;
    *) echo "::error title=gpulint::gpulint failed (exit $status)"; exit 2 ;;
esac
