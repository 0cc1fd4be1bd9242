#!/usr/bin/env bash
# tests/deep_input_test.sh GPULINT [KEEP_DIR]
#
# Input whose nesting could exhaust the stack of a recursive analysis:
# generated files (a 2,000-term `+` chain, 5,000 nested ifs, 1,000 nested
# fors, a 10,000-deep macro chain, 3,000 nested parentheses) written to a
# temporary directory (or KEEP_DIR).  Each must finish without a crash (exit
# status 0, 1 or 2, never a signal), print the "too deep" note where the
# analysis gave up, and still report the double-literal finding placed after
# the deep part and in a second kernel.  Also 5,000 launches in one host
# function, which must be read in one walk (under a generous 60 s limit:
# linear takes well under a second).  Each check prints "ok: ..." or
# "FAIL: ..."; the last line is "N passed, M failed".  Registered in ctest as
# cli.deep_input.
set -uo pipefail

if (($# < 1 || $# > 2)); then
    echo "usage: $0 GPULINT [KEEP_DIR]" >&2
    exit 2
fi
G=$1
if [[ ! -x "$G" ]]; then
    echo "FAIL: $G is not an executable"
    echo "0 passed, 1 failed"
    exit 1
fi
if (($# == 2)); then
    tmp=$2
    mkdir -p "$tmp"
else
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/gpulint-deep-test.XXXXXX")
    trap 'rm -rf "$tmp"' EXIT
fi
. "$(dirname "$0")/all_findings.sh"
G=$(all_findings_gpulint "$G" "$tmp") # these cases are about nesting, not severity

passed=0
failed=0
ok() { echo "ok: $*"; passed=$((passed + 1)); }
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }

# A kernel whose body is "$1" followed by a double-literal finding at a known
# line, and a second kernel with another one.
write_case() { # NAME PREAMBLE BODY
    {
        printf '%s\n' "$2"
        printf '__global__ void deep(const float* in, float* out, int n)\n{\n'
        printf '    int i = blockIdx.x * blockDim.x + threadIdx.x;\n'
        printf '    float x = in[i];\n'
        printf '%s\n' "$3"
        printf '    out[i] = x * 0.5;  // after-the-deep-part\n'
        printf '}\n\n'
        printf '__global__ void other(float* out)\n{\n'
        printf '    out[threadIdx.x] = out[threadIdx.x] * 0.25;  // second-kernel\n'
        printf '}\n'
    } > "$tmp/$1.cu"
}

repeat() { # TEXT COUNT
    local i
    for ((i = 0; i < $2; i++)); do printf '%s' "$1"; done
}

# 2,000-term + chain: a left-leaning tree 2,000 deep.
write_case plus_chain "" "    out[i] = x$(repeat ' + x' 1999);"

# 5,000 nested ifs (no braces: braces count towards clang's bracket limit).
ifs=$(for ((k = 0; k < 5000; k++)); do printf '    if (n > %d)\n' "$k"; done)
write_case nested_if "" "$ifs
        out[i] = x;"

# 1,000 nested fors.
fors=$(for ((k = 0; k < 1000; k++)); do printf '    for (int v%d = 0; v%d < n; v%d++)\n' "$k" "$k" "$k"; done)
write_case nested_for "" "$fors
        out[i] += x;"

# A 10,000-deep macro chain: M9999 expands to M9998 + x, ... M0 to x.
macros=$( printf '#define M0 x\n'; for ((k = 1; k < 10000; k++)); do printf '#define M%d M%d + x\n' "$k" $((k - 1)); done)
write_case macro_chain "$macros" "    out[i] = M9999;"

# 3,000 nested parentheses: clang itself refuses more than 256 (its
# -fbracket-depth); gpulint must report that as an error, not crash.
write_case nested_parens "" "    out[i] = $(repeat '(' 3000)x$(repeat ')' 3000);"

run() { # NAME -> $rc, $tmp/NAME.out, $tmp/NAME.err
    "$G" --rules=double-literal "$tmp/$1.cu" > "$tmp/$1.out" 2> "$tmp/$1.err"
    rc=$?
}

check_case() { # NAME EXPECT_NOTE(yes/no) EXPECT_FINDINGS(yes/no)
    run "$1"
    if ((rc > 2)); then
        fail "$1: exit status $rc (crash?)"
        sed -n '1,20s/^/    stderr| /p' "$tmp/$1.err"
        return
    fi
    ok "$1: finished with exit status $rc"
    if [[ $2 == yes ]]; then
        if grep -q "too deep at .*$1.cu:[0-9]* (more than [0-9]* levels), analysis of this part skipped" "$tmp/$1.err"; then
            ok "$1: too-deep note reported"
        else
            fail "$1: no too-deep note"
            sed -n '1,20s/^/    stderr| /p' "$tmp/$1.err"
        fi
    fi
    if [[ $3 == yes ]]; then
        local after=$(grep -n 'after-the-deep-part' "$tmp/$1.cu" | cut -d: -f1)
        local second=$(grep -n 'second-kernel' "$tmp/$1.cu" | cut -d: -f1)
        if grep -q "$1.cu:$after:[0-9]*: .*double literal 0.5" "$tmp/$1.out" &&
            grep -q "$1.cu:$second:[0-9]*: .*double literal 0.25" "$tmp/$1.out"; then
            ok "$1: findings after the deep part and in the second kernel reported"
        else
            fail "$1: findings of the rest of the file missing"
            sed -n '1,20s/^/    stdout| /p' "$tmp/$1.out"
        fi
    fi
}

check_case plus_chain yes yes
check_case nested_if yes yes
check_case nested_for yes yes
check_case macro_chain yes yes
check_case nested_parens no no
# clang's bracket limit: an error diagnostic, exit status 2
if ((rc == 2)) && grep -qi "bracket nesting level" "$tmp/nested_parens.err" "$tmp/nested_parens.out"; then
    ok "nested_parens: clang's bracket-depth error reported"
else
    fail "nested_parens: expected clang's bracket-depth error and exit status 2 (got $rc)"
    sed -n '1,10s/^/    stderr| /p' "$tmp/nested_parens.err"
fi

# 5,000 launches in one host function, each through dim3 locals, one of them
# reassigned before the last launch: the host function's assignments are
# read once, not once per launch (that was quadratic: 10.8 s for 1,000
# launches before it was cached; linear, this takes well under a second, so
# the generous limit only catches a quadratic walk coming back).  The block
# at the last launch is the value assigned before it.
{
    printf '__global__ void k(float* p) { p[blockIdx.x * blockDim.x + threadIdx.x] = 0.0f; }\n'
    printf 'void run(float* p)\n{\n    dim3 threads(256, 1);\n    dim3 blocks(64, 1);\n'
    for ((k = 0; k < 5000; k++)); do printf '    k<<<blocks, threads>>>(p + %d);\n' "$k"; done
    printf '    threads = dim3(16, 16);\n    k<<<blocks, threads>>>(p);\n}\n'
} > "$tmp/many_launches.cu"
timeout 60 "$G" --dump-model "$tmp/many_launches.cu" > "$tmp/many_launches.out" 2>&1 # the model is printed on stderr
rc=$?
if ((rc == 124)); then
    fail "many_launches: not done in 60 s (a walk of the host function per launch?)"
elif ((rc > 2)); then
    fail "many_launches: exit status $rc"
elif grep -q "^launch k at 5007:.*block=dim3(16, 16) (16\[literal\], 16\[literal\]" "$tmp/many_launches.out" &&
    grep -q "^launch k at 5005:.*block=dim3 threads(256, 1)" "$tmp/many_launches.out"; then
    ok "many_launches: 5,001 launches read in one walk; the last block is the reassigned 16x16"
else
    fail "many_launches: block shapes not as assigned"
    grep '^launch k at 500[57]' "$tmp/many_launches.out" | sed 's/^/    out| /'
fi

echo "$passed passed, $failed failed"
((failed == 0))
