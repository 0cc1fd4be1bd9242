#!/usr/bin/env bash
# bench/corpus/run.sh [CORPUS_DIR] [GPULINT] [OUT_DIR] - gpulint on each project
# of a real-project corpus (one directory per project), the way a user runs
# it: `gpulint --format=json PROJECT_DIR`, no flags.  Prints per project and
# in total: CUDA files, ok/degraded/failed, findings per rule, CPU seconds
# (user+sys), wall seconds, peak RSS, and the load average when it started.
#
# CORPUS_DIR defaults to $GPULINT_CORPUS; GPULINT to build/gpulint; the JSON
# reports are kept in OUT_DIR (default: a temporary directory, printed).
# Extra gpulint options can be given in $GPULINT_FLAGS.  The corpus is
# third-party code: keep it outside the repository (docs/real-projects.md).
set -euo pipefail
corpus=${1:-${GPULINT_CORPUS:-}}
gpulint=${2:-build/gpulint}
out=${3:-$(mktemp -d "${TMPDIR:-/tmp}/gpulint-corpus.XXXXXX")}
if [[ -z "$corpus" || ! -d "$corpus" ]]; then
    echo "usage: $0 CORPUS_DIR [GPULINT] [OUT_DIR]   (or set GPULINT_CORPUS)" >&2
    exit 2
fi
command -v /usr/bin/time >/dev/null || { echo "$0: needs /usr/bin/time (Debian package 'time')" >&2; exit 2; }
mkdir -p "$out"
echo "reports in $out; load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
for dir in "$corpus"/*/; do
    name=$(basename "$dir")
    n=$(find "$dir" \( -name '*.cu' -o -name '*.cuh' \) -type f | wc -l)
    ((n > 0)) || continue
    # shellcheck disable=SC2086
    /usr/bin/time -f "%e %U %S %M" -o "$out/$name.time" "$gpulint" --format=json ${GPULINT_FLAGS:-} "$dir" \
        >"$out/$name.json" 2>"$out/$name.err" || true
done
python3 - "$out" <<'PY'
import collections, glob, json, os, sys
out = sys.argv[1]
rows, total, rules_total = [], collections.Counter(), collections.Counter()
for path in sorted(glob.glob(os.path.join(out, "*.json"))):
    name = os.path.basename(path)[:-5]
    wall, user, sys_s, rss = open(path[:-5] + ".time").read().split()[-4:]
    try:
        j = json.load(open(path))
    except ValueError:
        print(f"{name}: no JSON report (see {path[:-5]}.err)")
        continue
    status = collections.Counter(f["status"] for f in j.get("files", []))
    files = len(j.get("files", [])) or j["stats"]["files"]
    rules = collections.Counter(f["rule"] for f in j["findings"])
    cpu = float(user) + float(sys_s)
    rows.append((name, files, status["ok"], status["degraded"], status["failed"], len(j["findings"]), cpu,
                 float(wall), int(rss) // 1024, dict(sorted(rules.items()))))
    total.update(files=files, ok=status["ok"], degraded=status["degraded"], failed=status["failed"],
                 findings=len(j["findings"]))
    total["cpu"] += cpu
    total["wall"] += float(wall)
    total["rss"] = max(total["rss"], int(rss) // 1024)
    rules_total.update(rules)
print(f"| project | files | ok | degraded | failed | findings | CPU s | wall s | peak RSS MiB |")
print(f"|---|---|---|---|---|---|---|---|---|")
for r in rows:
    print(f"| {r[0]} | {r[1]} | {r[2]} | {r[3]} | {r[4]} | {r[5]} | {r[6]:.1f} | {r[7]:.1f} | {r[8]} |")
t = total
print(f"| total | {t['files']} | {t['ok']} | {t['degraded']} | {t['failed']} | {t['findings']} | {t['cpu']:.1f} | "
      f"{t['wall']:.1f} | {t['rss']} |")
if t["cpu"]:
    print(f"files per CPU second: {t['files'] / t['cpu']:.2f}")
print("findings per rule:", dict(sorted(rules_total.items())))
PY
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
