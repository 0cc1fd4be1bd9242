#!/usr/bin/env bash
# bench/recall/run.sh [options] CORPUS_DIR - score gpulint's recall against
# the hand-made labels in bench/recall/labels.json: runs gpulint on each
# labelled project of the corpus (CORPUS_DIR/OWNER__NAME, restored from
# ../shared/corpus) with --min-severity=info, then prints, per rule, the
# positives found (at info and at the default threshold) and the labelled
# negatives flagged.  A benchmark script, not a test.
#
# options:
#   --gpulint BIN   the gpulint binary [build/gpulint]
#   --out DIR       keep the reports here [a new temporary directory]
#   --report-only   run nothing: score the reports already in --out DIR
#   --misses        list the positives not found
#   --flagged       list the labelled negatives flagged
# Extra gpulint options can be given in $GPULINT_FLAGS.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
gpulint=$root/build/gpulint
out=
report_only=0
score_flags=()
corpus=
while (($#)); do
    case "$1" in
        --gpulint) gpulint=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        --report-only) report_only=1; shift ;;
        --misses|--flagged) score_flags+=("$1"); shift ;;
        -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
        -*) echo "run.sh: unknown option $1" >&2; exit 2 ;;
        *) corpus=$1; shift ;;
    esac
done
labels=$root/bench/recall/labels.json
if [[ -z $out ]]; then
    ((report_only)) && { echo "run.sh: --report-only needs --out DIR" >&2; exit 2; }
    out=$(mktemp -d)
fi
mkdir -p "$out"
if ((!report_only)); then
    [[ -n $corpus && -d $corpus ]] || { echo "run.sh: give the corpus directory (see ../shared/corpus/README.md)" >&2; exit 2; }
    [[ -x $gpulint ]] || { echo "run.sh: no gpulint at $gpulint (build it first, or --gpulint BIN)" >&2; exit 2; }
    echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
    for repo in $(python3 -c 'import json,sys; print("\n".join(sorted({l["repo"] for l in json.load(open(sys.argv[1]))})))' "$labels"); do
        name=${repo/\//__}
        if [[ ! -d $corpus/$name ]]; then
            echo "run.sh: $corpus/$name is missing: its labels count as not found" >&2
            continue
        fi
        start=$(date +%s.%N)
        rc=0
        # shellcheck disable=SC2086
        "$gpulint" --format=json --min-severity=info ${GPULINT_FLAGS:-} -o "$out/$name.json" "$corpus/$name" \
            >/dev/null 2>"$out/$name.err" || rc=$?
        printf '%-40s exit %d, %.1f s\n' "$name" "$rc" "$(echo "$(date +%s.%N) - $start" | bc)"
    done
    echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
fi
echo "reports: $out"
python3 "$root/bench/recall/score.py" "$labels" "$out" "${score_flags[@]}"
