#!/usr/bin/env bash
# bench/corpus/run.sh [options] CORPUS_DIR - gpulint on each project of a
# real-project corpus (one directory per project), the way a user runs it:
# `gpulint --format=json PROJECT_DIR` (no flags; -j defaults to the CPUs), next
# to `clang++-19 -fsyntax-only --cuda-device-only` with the CUDA toolkit's
# headers on the same files.  A benchmark script, not a test.
#
# Prints per project and in total: CUDA files, ok/degraded/failed, findings,
# wall and CPU seconds (user + sys), files/s, files per CPU second, peak RSS;
# per rule the findings; per file the ratio gpulint CPU / clang CPU (median,
# p90, max, files slower than clang); and the load average at start and end.
#
# options:
#   --gpulint BIN     the gpulint binary [build/gpulint]
#   --out DIR         keep the reports here [a new temporary directory]
#   --no-clang        skip the clang column
#   --clang-from DIR  reuse clang.tsv from an earlier run's --out DIR (clang
#                     does not change between two gpulint builds)
#   --clang BIN       [clang++-19; installed with apt-get (Debian package
#                     clang-19) when missing and running as root]
#   --cuda DIR        the toolkit [$CUDA_PATH or /usr/local/cuda]
#   --report-only     run nothing: summarise the reports already in --out DIR
#                     (with --clang-from, against another run's clang times)
#   --skip-gpulint    keep gpulint's reports in --out DIR, run clang only
#   --clang-jobs N    clang processes at once [the number of CPUs]
#
# Per file, gpulint's time is `files[].cpu_seconds` of its JSON report (the
# analysis in the worker, without process start); clang's is the user + sys
# time of its own process.  clang gets the toolkit headers (--cuda-path, the
# overlay directory gpulint uses, <cuda>/include/cccl; not -nocudalib, which
# hides the toolkit's version from clang) plus the project flags gpulint found
# for the file (`--show-project -v`) and gpulint's error limit (1000), with
# the headers gpulint made itself (forwarding headers, CMake stand-ins: its temporary directory is kept for
# clang, GPULINT_KEEP_TEMP, and removed afterwards) and an empty stand-in for
# each header gpulint reported missing (gpulint goes on without it; clang
# stops at the first, so without these its time would be that of a
# truncated parse).
# Extra gpulint options can be given in $GPULINT_FLAGS.  The corpus is
# third-party code: keep it outside the repository (docs/real-projects.md).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
gpulint=$root/build/gpulint
out=
clang=clang++-19
with_clang=1
clang_from=
report_only=0
skip_gpulint=0
clang_jobs=$(nproc)
cuda=${CUDA_PATH:-/usr/local/cuda}
corpus=${GPULINT_CORPUS:-}
while (($#)); do
    case "$1" in
        --gpulint) gpulint=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        --no-clang) with_clang=0; shift ;;
        --clang-from) clang_from=$2; shift 2 ;;
        --clang) clang=$2; shift 2 ;;
        --cuda) cuda=$2; shift 2 ;;
        --report-only) report_only=1; shift ;;
        --skip-gpulint) skip_gpulint=1; shift ;;
        --clang-jobs) clang_jobs=$2; shift 2 ;;
        -h|--help) sed -n '2,36s/^# \{0,1\}//p' "$0"; exit 0 ;;
        -*) echo "run.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
        *) corpus=$1; shift ;;
    esac
done
if ((report_only)); then
    [[ -n "$out" && -d "$out" ]] || { echo "$0: --report-only needs --out DIR of an earlier run" >&2; exit 2; }
    [[ -z "$clang_from" ]] || cp "$clang_from/clang.tsv" "$out/clang.tsv"
    corpus=${corpus:-/}
fi
if [[ -z "$corpus" || ! -d "$corpus" ]]; then
    echo "usage: $0 [options] CORPUS_DIR   (or set GPULINT_CORPUS; see --help)" >&2
    exit 2
fi
corpus=$(cd "$corpus" && pwd)
command -v /usr/bin/time >/dev/null || { echo "$0: needs /usr/bin/time (Debian package 'time')" >&2; exit 2; }
out=${out:-$(mktemp -d "${TMPDIR:-/tmp}/gpulint-corpus.XXXXXX")}
mkdir -p "$out"
if ((with_clang)) && [[ -z "$clang_from" ]] && ! command -v "$clang" >/dev/null; then
    if [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null; then
        echo "installing clang-19 (Debian package) ..."
        apt-get install -y -q clang-19 >/dev/null 2>&1 ||
            { apt-get update -q >/dev/null && apt-get install -y -q clang-19 >/dev/null; }
    fi
    command -v "$clang" >/dev/null || { echo "$0: $clang not found (apt-get install clang-19), or use --no-clang" >&2; exit 2; }
fi
if ((report_only)); then
    :
else
echo "gpulint: $("$gpulint" --version 2>&1 | head -1); reports in $out"
echo "machine: $(nproc) CPUs; load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
((skip_gpulint)) || echo "start load: $(cut -d' ' -f1-3 /proc/loadavg)" >"$out/load"
rm -rf "$out/tmp"
mkdir -p "$out/tmp"
for dir in "$corpus"/*/; do
    ((skip_gpulint)) && break
    name=$(basename "$dir")
    n=$(find "$dir" \( -name '*.cu' -o -name '*.cuh' \) -type f | wc -l)
    ((n > 0)) || continue
    # shellcheck disable=SC2086
    GPULINT_KEEP_TEMP=1 TMPDIR="$out/tmp" /usr/bin/time -f "%e %U %S %M" -o "$out/$name.time" \
        "$gpulint" --format=json --show-project -v ${GPULINT_FLAGS:-} "$dir" >"$out/$name.json" 2>"$out/$name.err" || true
done
((skip_gpulint)) || echo "after gpulint load: $(cut -d' ' -f1-3 /proc/loadavg)" >>"$out/load"

# clang on the same files: one process each, their flags from gpulint's log.
if ((with_clang)); then
    if [[ -n "$clang_from" ]]; then
        cp "$clang_from/clang.tsv" "$out/clang.tsv"
    else
        overlay=$root/include/overlay/clang19
        cflags=(-fsyntax-only -x cuda -std=c++17 --cuda-device-only --cuda-gpu-arch=sm_90 -Wno-unknown-cuda-version
            -ferror-limit=1000 "--cuda-path=$cuda" -I "$overlay")
        [[ -d "$cuda/include/cccl" ]] && cflags+=(-isystem "$cuda/include/cccl")
        # empty stand-ins for the headers gpulint reported missing, searched last
        rm -rf "$out/stubs"
        mkdir -p "$out/stubs"
        python3 - "$out" <<'PY'
import glob, json, os, sys
out = sys.argv[1]
for path in glob.glob(os.path.join(out, "*.json")):
    try:
        j = json.load(open(path))
    except ValueError:
        continue
    for f in j.get("files", []):
        for h in f.get("missing_headers", []):
            if h.startswith("/") or ".." in h.split("/"):
                continue
            stub = os.path.join(out, "stubs", h)
            os.makedirs(os.path.dirname(stub), exist_ok=True)
            open(stub, "a").close()
PY
        mkdir -p "$out/clang.d"
        # one_clang N FILE ARGS...: user + sys of one clang run, its exit
        # status and fatal errors, into clang.d/N.tsv
        one_clang() {
            local n=$1 file=$2 rc=0 u s fatal
            shift 2
            /usr/bin/time -f "%U %S" -o "$out/clang.d/$n.time" "$clang" "${cflags[@]}" "$@" -idirafter "$out/stubs" "$file" \
                >/dev/null 2>"$out/clang.d/$n.log" || rc=$?
            read -r u s < <(tail -1 "$out/clang.d/$n.time") || true
            fatal=$(grep -c 'fatal error' "$out/clang.d/$n.log" || true)
            printf '%s\t%s\t%s\t%s\n' "$file" "$(awk -v u="$u" -v s="$s" 'BEGIN { print u + s }')" "$rc" "$fatal" \
                >"$out/clang.d/$n.tsv"
        }
        export -f one_clang
        export out clang
        # "gpulint: FILE: project ROOT...; flags: ARGS" (one line per file);
        # the flags contain no spaces inside one argument (absolute paths)
        cat "$out"/*.err | sed -n 's/^gpulint: \(.*\): project .*; flags:\(.*\)$/\1\t\2/p' | sort -u |
            awk -F'\t' '$1 ~ /\.cuh?$/ { printf "%d %s%s\n", NR, $1, $2 }' |
            CFLAGS_LIST="${cflags[*]}" xargs -P "$clang_jobs" -L 1 bash -c \
                'read -r -a cflags <<<"$CFLAGS_LIST"; one_clang "$@"' one_clang
        cat "$out"/clang.d/*.tsv >"$out/clang.tsv" 2>/dev/null || : >"$out/clang.tsv"
    fi
fi
echo "end load: $(cut -d' ' -f1-3 /proc/loadavg)" >>"$out/load"
rm -rf "$out/tmp"
fi

python3 - "$out" <<'PY'
import collections, glob, json, os, statistics, sys
out = sys.argv[1]
rows, total, rules_total = [], collections.Counter(), collections.Counter()
gl_cpu = {}
for path in sorted(glob.glob(os.path.join(out, "*.json"))):
    name = os.path.basename(path)[:-5]
    wall, user, sys_s, rss = open(path[:-5] + ".time").read().split()[-4:]
    try:
        j = json.load(open(path))
    except ValueError:
        print(f"{name}: no JSON report (see {path[:-5]}.err)")
        continue
    status = collections.Counter(f["status"] for f in j.get("files", []))
    for f in j.get("files", []):
        gl_cpu[f["path"]] = f.get("cpu_seconds")
    files = len(j.get("files", [])) or j["stats"]["files"]
    cuda = sum(1 for f in j.get("files", []) if f["path"].endswith((".cu", ".cuh")))
    rules = collections.Counter(f["rule"] for f in j["findings"])
    cpu = float(user) + float(sys_s)
    rows.append((name, files, cuda, status["ok"], status["degraded"], status["failed"], len(j["findings"]), float(wall),
                 cpu, int(rss) // 1024))
    total.update(files=files, cuda=cuda, ok=status["ok"], degraded=status["degraded"], failed=status["failed"],
                 findings=len(j["findings"]))
    total["cpu"] += cpu
    total["wall"] += float(wall)
    total["rss"] = max(total["rss"], int(rss) // 1024)
    rules_total.update(rules)
# files/s and files per CPU second count the CUDA files (.cu, .cuh); the
# seconds are the whole run's (OpenCL files included: milliseconds each).
print("| project | files | CUDA files | ok | degraded | failed | findings | wall s | CPU s | CUDA files/s | "
      "CUDA files/CPU s | peak RSS MiB |")
print("|---|---|---|---|---|---|---|---|---|---|---|---|")
t = total
for r in rows + [("total", t["files"], t["cuda"], t["ok"], t["degraded"], t["failed"], t["findings"], t["wall"],
                  t["cpu"], t["rss"])]:
    print(f"| {r[0]} | {r[1]} | {r[2]} | {r[3]} | {r[4]} | {r[5]} | {r[6]} | {r[7]:.1f} | {r[8]:.1f} | "
          f"{r[2] / max(r[7], 1e-9):.2f} | {r[2] / max(r[8], 1e-9):.2f} | {r[9]} |")
print("findings per rule:", dict(sorted(rules_total.items())))
tsv = os.path.join(out, "clang.tsv")
if os.path.exists(tsv):
    ratios, clang_total, gl_total, fatal_files = [], 0.0, 0.0, 0
    slower = []
    for line in open(tsv):
        file, c, rc, fatal = line.rstrip("\n").split("\t")
        c = float(c)
        clang_total += c
        fatal_files += int(fatal) > 0
        g = gl_cpu.get(file)
        if g is None or c <= 0:
            continue
        gl_total += g
        ratios.append((g / c, file, g, c))
    ratios.sort()
    if ratios:
        v = [r[0] for r in ratios]
        p90 = v[min(len(v) - 1, int(0.9 * len(v) + 0.999) - 1)]
        slower = [r for r in ratios if r[0] > 1]
        print(f"clang++-19 -fsyntax-only --cuda-device-only, toolkit headers: {len(ratios)} files, "
              f"{clang_total:.1f} CPU s ({fatal_files} with a fatal error, mostly a missing third-party header)")
        print(f"per file, gpulint CPU / clang CPU: median {statistics.median(v):.2f}, p90 {p90:.2f}, "
              f"max {v[-1]:.2f} ({ratios[-1][1]}); slower than clang: {len(slower)} files; "
              f"sum gpulint {gl_total:.1f} s vs clang {clang_total:.1f} s")
        for r in slower[-10:]:
            print(f"    {r[0]:.2f}  gpulint {r[2]:.2f} s, clang {r[3]:.2f} s  {r[1]}")
PY
cat "$out/load"
