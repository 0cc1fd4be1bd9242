# ci/fuzz_common.sh - sourced by ci/fuzz.sh and ci/fuzz_fast.sh: the
# toolchain, the build in build-fuzz/, the sanitizers' settings and the
# report of a failed run.  Expects the repository root as the current
# directory and `set -euo pipefail`.

# fuzz_toolchain SCRIPT: clang-19 and libFuzzer (libclang-rt-19-dev), installed
# when missing (as root; otherwise SCRIPT exits 1 naming them).
fuzz_toolchain() {
    local script=$1 missing=()
    bash ci/setup.sh
    command -v clang-19 >/dev/null 2>&1 || missing+=(clang-19)
    compgen -G "/usr/lib/llvm-19/lib/clang/19/lib/linux/libclang_rt.fuzzer-x86_64.a" >/dev/null ||
        compgen -G "/usr/lib/llvm-19/lib/clang/19/lib/*/libclang_rt.fuzzer*.a" >/dev/null || missing+=(libclang-rt-19-dev)
    ((${#missing[@]})) || return 0
    if [[ "$(id -u)" != 0 ]]; then
        echo "$script: missing ${missing[*]}; install them as root: apt-get install ${missing[*]}" >&2
        exit 1
    fi
    echo "$script: installing ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# fuzz_build SCRIPT BUILD TARGET...: configures BUILD with clang-19 and
# -DGPULINT_FUZZ=ON and builds the targets; quiet when it works, the log's
# end (and SCRIPT exits 1) when it does not.
fuzz_build() {
    local script=$1 build=$2 gen=()
    shift 2
    if [[ ! -f "$build/CMakeCache.txt" ]] && command -v ninja >/dev/null 2>&1; then gen=(-G Ninja); fi
    mkdir -p "$build"
    if ! cmake -S . -B "$build" "${gen[@]}" -DCMAKE_C_COMPILER=clang-19 -DGPULINT_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo \
            >"$build/build.log" 2>&1 ||
        ! cmake --build "$build" --target "$@" --parallel "$(nproc 2>/dev/null || echo 2)" >>"$build/build.log" 2>&1; then
        tail -40 "$build/build.log"
        echo "$script: FAILED: the fuzz targets did not build (log: $build/build.log)"
        exit 1
    fi
}

# Leaks are findings; a sanitizer report aborts (never an ordinary exit).
fuzz_sanitizer_env() {
    # reports name functions and lines when an llvm-symbolizer is installed
    local s
    for s in /usr/lib/llvm-19/bin/llvm-symbolizer /usr/bin/llvm-symbolizer-19 /usr/bin/llvm-symbolizer /usr/bin/llvm-symbolizer-*; do
        if [[ -x $s ]]; then
            export ASAN_SYMBOLIZER_PATH=$s
            break
        fi
    done
    export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:allocator_may_return_null=1${1:+:$1}
    export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:abort_on_error=1
}

# fuzz_reproducers DIR: the reproducers libFuzzer left in DIR.  slow-unit-*
# files are inputs that once took over 10 s: on a loaded machine that is the
# scheduler, not a finding (a real hang is a timeout-* file).
fuzz_reproducers() {
    find "$1" -type f ! -name 'slow-unit-*' 2>/dev/null | sort
}

# fuzz_show_failure LOG FILE...: the sanitizer's or libFuzzer's report from
# LOG, and the first reproducer as text a CI log can carry: base64 of its
# gzip (decode: base64 -d | gunzip > crash.bin).
fuzz_show_failure() {
    local log=$1 first
    shift
    (($#)) && printf '    %s\n' "$@"
    grep -E 'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error|SUMMARY' "$log" | head -20 || true
    grep -E '^ +#[0-9]+ 0x[0-9a-f]+ in ' "$log" | head -12 || true
    first=${1:-}
    if [[ -n $first ]]; then
        echo "$(basename "$first"), $(wc -c <"$first") bytes, gzip | base64:"
        gzip -9cn "$first" | base64 -w 100 | head -80
    fi
}
