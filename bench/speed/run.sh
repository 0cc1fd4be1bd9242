#!/usr/bin/env bash
# bench/speed/run.sh [options] - how fast is gpulint, per file, next to a
# plain clang parse of the same file?  A benchmark script, not a test.
#
#   1. generates N realistic CUDA files (bench/speed/gen.sh, fixed seed) and
#      checks that a few compile with nvcc (-std=c++17 -arch=sm_80 -c);
#   2. times, per file and in a separate process each, on the generated files
#      and on testdata/examples/*.cu:
#        gpulint (pch)     gpulint --format=json FILE > /dev/null
#        gpulint (no pch)  gpulint --no-pch --format=json FILE > /dev/null
#        clang             clang-19 -fsyntax-only -x cuda -std=c++17
#                          --cuda-device-only --cuda-gpu-arch=sm_80 -nocudainc
#                          -nocudalib --cuda-path=/nonexistent -I include/shim
#                          -include gpulint_cuda_shim.h FILE
#      (the three are interleaved per file, in rotating order, so that load
#      changes on the machine hit them alike);
#   3. times one gpulint process over each whole directory (ms per file),
#      with and without the PCH;
#   4. prints median and p90 ms per file and the ratios gpulint / clang.
#
# options:
#   --build DIR       gpulint build directory [build]
#   --files N         generated files [40]
#   --seed S          generator seed [12345]
#   --repeat R        timed passes over every file [3]
#   --nvcc-check N    compile N generated files with nvcc first, 0 = skip [3]
#   --clang BIN       clang for the reference parse [clang-19]
#   --keep DIR        write the generated files to DIR and keep them
#
# Wall times come from bash's $EPOCHREALTIME (no process start of its own;
# `date +%s%N` where bash is older than 5.0), CPU times from `times`.  Reports
# go to stdout > /dev/null, not `-o /dev/null`: earlier gpulint builds wrote -o
# through a temporary file renamed over the target (replacing /dev/null itself
# when run as root).
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
build=build
nfiles=40
seed=12345
repeat=3
nvcc_check=3
clang="clang-19"
keep=
while (($#)); do
    case "$1" in
        --build) build=$2; shift 2 ;;
        --build=*) build=${1#*=}; shift ;;
        --files) nfiles=$2; shift 2 ;;
        --files=*) nfiles=${1#*=}; shift ;;
        --seed) seed=$2; shift 2 ;;
        --seed=*) seed=${1#*=}; shift ;;
        --repeat) repeat=$2; shift 2 ;;
        --repeat=*) repeat=${1#*=}; shift ;;
        --nvcc-check) nvcc_check=$2; shift 2 ;;
        --nvcc-check=*) nvcc_check=${1#*=}; shift ;;
        --clang) clang=$2; shift 2 ;;
        --clang=*) clang=${1#*=}; shift ;;
        --keep) keep=$2; shift 2 ;;
        --keep=*) keep=${1#*=}; shift ;;
        -h|--help) sed -n '2,34s/^# \{0,1\}//p' "$0"; exit 0 ;;
        *) echo "run.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
done

cd "$root"
[[ "$build" == /* ]] || build=$root/$build
if [[ ! -x "$build/gpulint" ]]; then
    echo "run.sh: $build/gpulint not found: build first (bash ci/build.sh ${build#"$root"/})" >&2
    exit 2
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/gpulint-speed.XXXXXX")
trap 'rm -rf "$work"' EXIT
# A private copy of the binary and its PCH (found next to the executable), so
# that a rebuild during the run does not disturb it.
mkdir -p "$work/bin"
cp "$build/gpulint" "$work/bin/gpulint"
if [[ -f "$build/gpulint-shim.pch" ]]; then
    cp "$build"/gpulint-shim.pch* "$work/bin/"   # the shim PCH and its C++ variants
else
    echo "run.sh: warning: $build/gpulint-shim.pch is missing: 'pch' runs parse the shim header" >&2
fi
gpulint=$work/bin/gpulint
if "$gpulint" -v --format=json "$root/testdata/bad/good.cu" 2>&1 >/dev/null | grep -q 'does not load'; then
    echo "run.sh: warning: the PCH does not load: 'pch' runs parse the shim header" >&2
fi
gendir=${keep:-$work/gen}
rm -rf "$gendir"
bash "$root/bench/speed/gen.sh" --seed "$seed" --files "$nfiles" "$gendir"
gen_files=("$gendir"/*.cu)
ex_files=("$root"/testdata/examples/*.cu)

now_us() {
    if [[ -n "${EPOCHREALTIME:-}" ]]; then
        NOW=${EPOCHREALTIME//[.,]/}
    else
        NOW=$(($(date +%s%N) / 1000))
    fi
}

# cpu_ms: CPU time (user + sys, ms) of all waited-for children so far, from
# the `times` builtin (no process of its own); sets CPU.
to_ms() {
    local v=$1 min sec
    min=${v%%m*}
    sec=${v#*m}
    sec=${sec%s}
    sec=${sec//[.,]/}
    CPU_PART=$((10#$min * 60000 + 10#$sec))
}
cpu_ms() {
    local u s
    times >"$work/times"
    { read -r _ _; read -r u s; } <"$work/times"
    to_ms "$u"
    CPU=$CPU_PART
    to_ms "$s"
    CPU=$((CPU + CPU_PART))
}

echo "== gpulint speed benchmark"
echo "gpulint:  $("$gpulint" --version)"
have_clang=1
if command -v "$clang" >/dev/null 2>&1; then
    echo "clang:    $("$clang" --version | head -1)"
else
    have_clang=0
    echo "clang:    $clang not found: the clang -fsyntax-only column is skipped"
fi
echo "machine:  $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "generated: ${#gen_files[@]} files, $(cat "${gen_files[@]}" | wc -l) lines (seed $seed) in $gendir"
echo "examples:  ${#ex_files[@]} files, $(cat "${ex_files[@]}" | wc -l) lines"

# --- the generated files compile with nvcc ----------------------------------
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
if ((nvcc_check > 0)); then
    if [[ -x "$nvcc" ]]; then
        step=$(((${#gen_files[@]} + nvcc_check - 1) / nvcc_check))
        ((step > 0)) || step=1
        for ((i = 0; i < ${#gen_files[@]}; i += step)); do
            f=${gen_files[i]}
            if "$nvcc" -std=c++17 -arch=sm_80 -c "$f" -o "$work/nvcc.o" >"$work/nvcc.log" 2>&1; then
                echo "nvcc:     $(basename "$f") compiles"
            else
                echo "nvcc:     $(basename "$f") does NOT compile:"
                sed 's/^/    /' "$work/nvcc.log" | head -20
            fi
        done
    else
        echo "nvcc:     $nvcc not found: compile check skipped"
    fi
fi

# --- what gpulint and clang say about the files (once, untimed) ------------
for set in generated examples; do
    if [[ $set == generated ]]; then dir=$gendir; else dir=$root/testdata/examples; fi
    rc=0
    "$gpulint" "$dir" >/dev/null 2>"$work/summary" || rc=$?
    echo "gpulint $set (exit $rc): $(grep '^gpulint: [0-9]* finding' "$work/summary" | tail -1 | sed 's/^gpulint: //')"
    grep -E ': error: ' "$work/summary" | head -5 | sed 's/^/    /' || true
done

clang_flags=(-fsyntax-only -x cuda -std=c++17 --cuda-device-only --cuda-gpu-arch=sm_80 -nocudainc -nocudalib
    --cuda-path=/nonexistent -I "$root/include/shim" -include gpulint_cuda_shim.h)

# run_variant VARIANT FILE: runs one timed command; sets RC.
run_variant() {
    RC=0
    case "$1" in
        pch) "$gpulint" --format=json "$2" >/dev/null 2>&1 || RC=$? ;;
        nopch) "$gpulint" --no-pch --format=json "$2" >/dev/null 2>&1 || RC=$? ;;
        clang) "$clang" "${clang_flags[@]}" "$2" >/dev/null 2>&1 || RC=$? ;;
    esac
}

variants=(pch nopch)
((have_clang)) && variants+=(clang)
nv=${#variants[@]}

# time_set SET FILES...: per-file timings into $work/SET.VARIANT (ms, one a line).
time_set() {
    local set=$1 r i k v t0 c0 f
    shift
    local files=("$@")
    for v in "${variants[@]}"; do
        : >"$work/$set.$v"
        : >"$work/$set.$v.cpu"
        echo 0 >"$work/$set.$v.bad"
        run_variant "$v" "${files[0]}" # warm-up (page cache, dynamic loader)
    done
    for ((r = 0; r < repeat; r++)); do
        for ((i = 0; i < ${#files[@]}; i++)); do
            f=${files[i]}
            for ((k = 0; k < nv; k++)); do
                v=${variants[(i + r + k) % nv]}
                cpu_ms
                c0=$CPU
                now_us
                t0=$NOW
                run_variant "$v" "$f"
                now_us
                cpu_ms
                echo "$(((NOW - t0) / 1000)).$(printf '%03d' $(((NOW - t0) % 1000)))" >>"$work/$set.$v"
                echo "$((CPU - c0))" >>"$work/$set.$v.cpu"
                # gpulint: 0 and 1 are success; clang: 0.
                if { [[ $v == clang ]] && ((RC != 0)); } || ((RC > 1)); then
                    echo $(($(cat "$work/$set.$v.bad") + 1)) >"$work/$set.$v.bad"
                fi
            done
        done
    done
}

# whole_dir SET DIR NFILES: one process over DIR, median over the passes, ms per file.
whole_dir() {
    local set=$1 dir=$2 n=$3 r t0 v
    for v in pch nopch; do
        : >"$work/$set.dir.$v"
        for ((r = 0; r < repeat; r++)); do
            now_us
            t0=$NOW
            if [[ $v == pch ]]; then
                "$gpulint" --format=json "$dir" >/dev/null 2>&1 || true
            else
                "$gpulint" --no-pch --format=json "$dir" >/dev/null 2>&1 || true
            fi
            now_us
            awk -v us=$((NOW - t0)) -v n="$n" 'BEGIN { printf "%.1f\n", us / 1000 / n }' >>"$work/$set.dir.$v"
        done
    done
}

# stats FILE: "median p90" (nearest rank) of the numbers in FILE.
stats() {
    sort -n "$1" | awk '{ v[NR] = $1 } END {
        if (NR == 0) { print "- -"; exit }
        m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
        k = int(0.9 * NR); if (k < 0.9 * NR) k++; if (k < 1) k = 1
        printf "%.1f %.1f\n", m, v[k] }'
}

echo "timing: $repeat passes over every file, ${variants[*]} interleaved ..."
time_set generated "${gen_files[@]}"
time_set examples "${ex_files[@]}"
whole_dir generated "$gendir" "${#gen_files[@]}"
whole_dir examples "$root/testdata/examples" "${#ex_files[@]}"

echo
echo "ms per file, wall time; each file a separate process unless 'whole dir'"
printf '%-10s %5s %5s | %-17s | %-17s | %-17s | %-13s | %-17s\n' "" "" "" "gpulint (pch)" "gpulint (no pch)" \
    "clang -fsyntax" "gpulint/clang" "whole dir"
printf '%-10s %5s %5s | %8s %8s | %8s %8s | %8s %8s | %6s %6s | %8s %8s\n' set files runs median p90 median p90 \
    median p90 pch nopch pch nopch
for set in generated examples; do
    if [[ $set == generated ]]; then n=${#gen_files[@]}; else n=${#ex_files[@]}; fi
    read -r pm p9 <<<"$(stats "$work/$set.pch")"
    read -r nm n9 <<<"$(stats "$work/$set.nopch")"
    if ((have_clang)); then
        read -r cm c9 <<<"$(stats "$work/$set.clang")"
        rp=$(awk -v a="$pm" -v b="$cm" 'BEGIN { printf "%.2f", a / b }')
        rn=$(awk -v a="$nm" -v b="$cm" 'BEGIN { printf "%.2f", a / b }')
    else
        cm=- c9=- rp=- rn=-
    fi
    dp=$(stats "$work/$set.dir.pch" | cut -d' ' -f1)
    dn=$(stats "$work/$set.dir.nopch" | cut -d' ' -f1)
    printf '%-10s %5s %5s | %8s %8s | %8s %8s | %8s %8s | %6s %6s | %8s %8s\n' "$set" "$n" $((n * repeat)) \
        "$pm" "$p9" "$nm" "$n9" "$cm" "$c9" "$rp" "$rn" "$dp" "$dn"
done
echo "(gpulint/clang: ratio of the medians; whole dir: one gpulint process per directory, median of $repeat runs)"
echo
echo "CPU time (user + sys) ms per file, the same runs (less sensitive to a loaded machine)"
printf '%-10s %5s | %-17s | %-17s | %-17s | %-13s\n' "" "" "gpulint (pch)" "gpulint (no pch)" "clang -fsyntax" \
    "gpulint/clang"
printf '%-10s %5s | %8s %8s | %8s %8s | %8s %8s | %6s %6s\n' set files median p90 median p90 median p90 pch nopch
for set in generated examples; do
    if [[ $set == generated ]]; then n=${#gen_files[@]}; else n=${#ex_files[@]}; fi
    read -r pm p9 <<<"$(stats "$work/$set.pch.cpu")"
    read -r nm n9 <<<"$(stats "$work/$set.nopch.cpu")"
    if ((have_clang)); then
        read -r cm c9 <<<"$(stats "$work/$set.clang.cpu")"
        rp=$(awk -v a="$pm" -v b="$cm" 'BEGIN { printf "%.2f", a / b }')
        rn=$(awk -v a="$nm" -v b="$cm" 'BEGIN { printf "%.2f", a / b }')
    else
        cm=- c9=- rp=- rn=-
    fi
    printf '%-10s %5s | %8s %8s | %8s %8s | %8s %8s | %6s %6s\n' "$set" "$n" "$pm" "$p9" "$nm" "$n9" "$cm" "$c9" \
        "$rp" "$rn"
done
for set in generated examples; do
    for v in "${variants[@]}"; do
        bad=$(cat "$work/$set.$v.bad")
        ((bad == 0)) || echo "warning: $set: $bad runs of '$v' failed (gpulint exit 2 / clang non-zero)"
    done
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
