#!/usr/bin/env bash
# ci/fuzz_fast.sh [SECONDS_PER_TARGET] - build the fast libFuzzer targets
# (tests/fuzz/fuzz_<name>.c: gpulint's own readers of untrusted input, no
# libclang parse) with clang-19, ASan and UBSan in build-fuzz/, and fuzz each
# for SECONDS_PER_TARGET (default 60):
#   config     .gpulint.yaml files (engine/config_file.c, config.c)
#   compdb     compile_commands.json and nvcc response files (engine/compdb.c)
#   baseline   --baseline files and --impact results files (engine/baseline.c, bench/run.c)
#   lsp        the language server's framing, JSON messages, documents, code actions (app/lsp_*.c)
#   glob       path and rule globs, --select lists (engine/select.c)
#   directive  #if conditions read as text (engine/config_choice.c, flag_kernels.c)
#   cmake      CMake code read for facts and templates (engine/cmake_facts.c)
#   audit      the audit's results.jsonl and the report built from it (app/audit_*.c)
#
# Seeds: tests/fuzz/seeds/<name>/ and tests/fuzz/regressions/<name>/ (past
# reproducers), copied into build-fuzz/corpus-<name>/ (which keeps what the
# fuzzer adds, so a later run goes on from there); dictionary
# tests/fuzz/<name>.dict where there is one.  A crash, sanitizer report,
# leak, timeout (10 s) or out-of-memory (2 GiB) leaves its reproducer in
# build-fuzz/crashes-<name>/ and makes this script exit 1, after printing the
# report and the reproducer as base64 of its gzip; reproduce with
#     build-fuzz/tests/fuzz_<name> build-fuzz/crashes-<name>/crash-...
# Prints each target's executions (libFuzzer's stat::number_of_executed_units)
# and their total.
#
# Environment: FUZZ_JOBS (targets fuzzed at once, one process each; default
# 1), FUZZ_TARGETS (a subset, space-separated), FUZZ_BUILD_DIR (default
# build-fuzz), FUZZ_SEED (libFuzzer's random seed, for every target).
set -euo pipefail
cd "$(dirname "$0")/.."
. ci/fuzz_common.sh

seconds=${1:-60}
at_once=${FUZZ_JOBS:-1}
build=${FUZZ_BUILD_DIR:-build-fuzz}
read -r -a targets <<<"${FUZZ_TARGETS:-config compdb baseline lsp glob directive cmake audit}"

# bytes per input: enough for the seeds; the glob target skips longer ones
max_len() {
    case $1 in
        glob) echo 512 ;;
        config | compdb) echo 4096 ;;
        lsp | audit) echo 16384 ;;
        *) echo 8192 ;;
    esac
}

fuzz_toolchain ci/fuzz_fast.sh
fuzz_build ci/fuzz_fast.sh "$build" "${targets[@]/#/fuzz_}"
# The targets' private files (the inputs of readers that take a path): in
# memory when /dev/shm is there (a disk write per input took most of their
# time), in the build directory otherwise; removed after each target, also
# when it crashed.
tmp_root=/dev/shm
[[ -d $tmp_root && -w $tmp_root ]] || tmp_root=$(cd "$build" && pwd)
# A smaller quarantine than ASan's 256 MiB: these targets allocate and free
# much per input, and touching fresh pages cost more than the parsing; a use
# after a recent free is still caught.
fuzz_sanitizer_env quarantine_size_mb=32

extra=()
[[ -n ${FUZZ_SEED:-} ]] && extra+=(-seed="$FUZZ_SEED")

# run_target NAME: fuzzes one target; its output goes to build/fuzz-NAME.log,
# its exit status and seconds to build/fuzz-NAME.status
run_target() {
    local name=$1 corpus=$build/corpus-$1 crashes=$build/crashes-$1 tmp dict=() start rc=0
    mkdir -p "$corpus" "$crashes"
    tmp=$(mktemp -d "$tmp_root/gpulint-fuzz-$name-XXXXXX")
    for d in "tests/fuzz/seeds/$name" "tests/fuzz/regressions/$name"; do
        [[ -d $d ]] && find "$d" -type f ! -name '*.md' -exec cp {} "$corpus/" \;
    done
    [[ -f tests/fuzz/$name.dict ]] && dict=(-dict="tests/fuzz/$name.dict")
    start=$(date +%s.%N)
    TMPDIR=$tmp "$build/tests/fuzz_$name" "$corpus" "${dict[@]}" "${extra[@]}" -max_len="$(max_len "$name")" \
        -timeout=10 -rss_limit_mb=2048 -max_total_time="$seconds" -print_final_stats=1 \
        -artifact_prefix="$crashes/" >"$build/fuzz-$name.log" 2>&1 || rc=$?
    rm -rf "$tmp"
    echo "$rc $(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')" >"$build/fuzz-$name.status"
}

echo "ci/fuzz_fast.sh: fuzzing ${#targets[@]} targets for ${seconds}s each, $at_once at a time; logs in $build/fuzz-<name>.log"
for name in "${targets[@]}"; do
    rm -f "$build/fuzz-$name.status"
    while (($(jobs -rp | wc -l) >= at_once)); do wait -n || true; done
    run_target "$name" &
done
wait

failed=()
total=0
counts=()
printf '%-10s %12s %9s %10s\n' target executions seconds 'exec/s'
for name in "${targets[@]}"; do
    read -r rc secs <"$build/fuzz-$name.status" || { rc=1 secs=0; }
    execs=$(grep -m1 -oE 'stat::number_of_executed_units: *[0-9]+' "$build/fuzz-$name.log" | grep -oE '[0-9]+$' || echo 0)
    total=$((total + execs))
    counts+=("$name $execs")
    printf '%-10s %12d %9.1f %10.0f\n' "$name" "$execs" "$secs" "$(awk -v n="$execs" -v t="$secs" 'BEGIN { print n / (t + 0.001) }')"
    reproducers=$(fuzz_reproducers "$build/crashes-$name")
    if ((rc != 0)) || [[ -n $reproducers ]]; then failed+=("$name"); fi
done
printf '%-10s %12d\n' total "$total"

for name in "${failed[@]}"; do
    read -r rc secs <"$build/fuzz-$name.status" || rc=?
    mapfile -t reproducers < <(fuzz_reproducers "$build/crashes-$name")
    echo "ci/fuzz_fast.sh: FAILED: $name (exit $rc, $(grep -m1 -o 'Seed: [0-9]*' "$build/fuzz-$name.log" || echo 'seed unknown')): ${#reproducers[@]} reproducer(s) in $build/crashes-$name/:"
    fuzz_show_failure "$build/fuzz-$name.log" "${reproducers[@]}"
done
((${#failed[@]} == 0)) || exit 1
joined=$(printf ', %s' "${counts[@]}")
echo "ci/fuzz_fast.sh: no crash, hang or leak in ${#targets[@]} targets ($total executions: ${joined:2})"
