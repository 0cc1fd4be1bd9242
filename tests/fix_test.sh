#!/usr/bin/env bash
# fix_test.sh GPULINT TESTDATA: gpulint --fix applies the double-literal
# fix-its in place, leaves the file clean for the rule, and touches nothing
# without --fix.
set -u
gpulint=$1
testdata=$2
pass=0
fail=0
ok() { echo "ok: $1"; pass=$((pass + 1)); }
bad() { echo "FAIL: $1"; fail=$((fail + 1)); }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cp "$testdata/rules/double-literal/pos_math_calls.cu" "$work/math.cu"
cp "$work/math.cu" "$work/orig.cu"
"$gpulint" --rules=double-literal "$work/math.cu" > /dev/null 2>&1
cmp -s "$work/math.cu" "$work/orig.cu" && ok "no change without --fix" || bad "file changed without --fix"

"$gpulint" --fix --rules=double-literal "$work/math.cu" > "$work/out.txt" 2> "$work/err.txt"
grep -q -- "--fix: .* edits in" "$work/err.txt" && ok "--fix reports its edits" || bad "--fix did not report edits"
grep -q 'expf(-(4.0f) / t)' "$work/math.cu" && ok "4.0 -> 4.0f and exp -> expf" || bad "exp(-(4.0)/t) not rewritten: $(grep -n 'exp' "$work/math.cu" | head -3)"
grep -q 'sqrtf(x \* 2.0f)' "$work/math.cu" && ok "sqrt(x*2.0) -> sqrtf(x*2.0f)" || bad "sqrt call not rewritten"
"$gpulint" --rules=double-literal "$work/math.cu" > /dev/null 2>&1
rc=$?
[ $rc -eq 0 ] && ok "no double-literal finding after --fix" || bad "findings remain after --fix (exit $rc)"
ls "$work" | grep -q gpulint-fix && bad "temporary file left behind" || ok "no temporary file left"
diff <(grep -v 'expect' "$work/orig.cu" | wc -l) <(grep -v 'expect' "$work/math.cu" | wc -l) > /dev/null && ok "line count unchanged" || bad "line count changed"

# a macro literal is fixed in its #define, once
cp "$testdata/rules/double-literal/pos_macros_helpers.cu" "$work/macro.cu"
"$gpulint" --fix --rules=double-literal "$work/macro.cu" > /dev/null 2>&1
"$gpulint" --rules=double-literal "$work/macro.cu" > /dev/null 2>&1
rc=$?
[ $rc -eq 0 ] && ok "macro and helper literals fixed" || bad "macro file still has findings after --fix (exit $rc)"

if [ -x /usr/local/cuda/bin/nvcc ] || command -v nvcc > /dev/null 2>&1; then
  nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
  if "$nvcc" -std=c++17 -arch=sm_80 -c "$work/math.cu" -o "$work/math.o" > "$work/nvcc.txt" 2>&1; then
    ok "fixed file still compiles with nvcc"
  else
    bad "fixed file does not compile: $(head -5 "$work/nvcc.txt")"
  fi
else
  echo "skipped: nvcc not found (fixed file not compiled)"
fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
