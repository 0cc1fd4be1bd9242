#!/usr/bin/env bash
# fix_test.sh GPULINT TESTDATA: gpulint --fix applies the double-literal
# fix-its in place, leaves the file clean for the rule, and touches nothing
# without --fix. (--min-severity=info: --fix edits what is reported, and most
# of these literals sit in elementwise kernels, where the cost is info.)
set -u
gpulint=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") # absolute: one case runs in another directory
testdata=$2
pass=0
fail=0
ok() { echo "ok: $1"; pass=$((pass + 1)); }
bad() { echo "FAIL: $1"; fail=$((fail + 1)); }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cp "$testdata/rules/double-literal/pos_math_calls.cu" "$work/math.cu"
cp "$work/math.cu" "$work/orig.cu"
"$gpulint" --min-severity=info --rules=double-literal "$work/math.cu" > /dev/null 2>&1
cmp -s "$work/math.cu" "$work/orig.cu" && ok "no change without --fix" || bad "file changed without --fix"

"$gpulint" --fix --min-severity=info --rules=double-literal "$work/math.cu" > "$work/out.txt" 2> "$work/err.txt"
grep -q -- "--fix: .* edits in" "$work/err.txt" && ok "--fix reports its edits" || bad "--fix did not report edits"
grep -q 'expf(-(4.0f) / t)' "$work/math.cu" && ok "4.0 -> 4.0f and exp -> expf" || bad "exp(-(4.0)/t) not rewritten: $(grep -n 'exp' "$work/math.cu" | head -3)"
grep -q 'sqrtf(x \* 2.0f)' "$work/math.cu" && ok "sqrt(x*2.0) -> sqrtf(x*2.0f)" || bad "sqrt call not rewritten"
"$gpulint" --min-severity=info --rules=double-literal "$work/math.cu" > /dev/null 2>&1
rc=$?
[ $rc -eq 0 ] && ok "no double-literal finding after --fix" || bad "findings remain after --fix (exit $rc)"
ls "$work" | grep -q gpulint-fix && bad "temporary file left behind" || ok "no temporary file left"
diff <(grep -v 'expect' "$work/orig.cu" | wc -l) <(grep -v 'expect' "$work/math.cu" | wc -l) > /dev/null && ok "line count unchanged" || bad "line count changed"

# a macro literal is fixed in its #define, once
cp "$testdata/rules/double-literal/pos_macros_helpers.cu" "$work/macro.cu"
"$gpulint" --fix --min-severity=info --rules=double-literal "$work/macro.cu" > /dev/null 2>&1
"$gpulint" --min-severity=info --rules=double-literal "$work/macro.cu" > /dev/null 2>&1
rc=$?
[ $rc -eq 0 ] && ok "macro and helper literals fixed" || bad "macro file still has findings after --fix (exit $rc)"

# A template kernel also instantiated for double: --fix edits only the
# float-only template; the shared ones stay as written (the finding says why).
cp "$testdata/rules/double-literal/pos_instantiated_for_double.cu" "$work/inst.cu"
"$gpulint" --fix --min-severity=info --rules=double-literal "$work/inst.cu" > /dev/null 2>&1
[ "$(grep -c 'in\[i\] \* 0.5 + in\[i\]' "$work/inst.cu")" = 1 ] && grep -q 'in\[i\] \* 0.5f + in\[i\]' "$work/inst.cu" \
  && grep -q 'tanh(in\[i\] \* 0.8)' "$work/inst.cu" \
  && ok "code also instantiated for double is left alone, the float-only template is fixed" \
  || bad "--fix on templates instantiated for double: $(grep -n '0\.[58]' "$work/inst.cu" | tr '\n' ' ')"

# --- files that are not simply one regular file with one name --------------
# The reference: math.cu fixed once (above).  Each case starts from orig.cu.
ref=$work/math.cu
fresh() { rm -rf "$work/case"; mkdir -p "$work/case"; cp "$work/orig.cu" "$work/case/$1"; }
notes() { grep -v '^ \|^gpulint: [0-9]' "$work/err.txt" | head -5; }

# (a) one file named twice, and a symbolic link inside a walked directory:
# each edit once (no expff, 0.01ff)
fresh m.cu
(cd "$work/case" && "$gpulint" --fix --min-severity=info --rules=double-literal ./m.cu m.cu > /dev/null 2> "$work/err.txt")
cmp -s "$work/case/m.cu" "$ref" && ok "./m.cu m.cu: fixed once" || bad "./m.cu m.cu: $(diff "$ref" "$work/case/m.cu" | head -4) $(notes)"
fresh m.cu
mkdir "$work/case/d" && mv "$work/case/m.cu" "$work/case/d/m.cu" && ln -s m.cu "$work/case/d/link.cu"
"$gpulint" --fix --min-severity=info --rules=double-literal "$work/case/d" > /dev/null 2> "$work/err.txt"
cmp -s "$work/case/d/m.cu" "$ref" && [ -L "$work/case/d/link.cu" ] && ok "symlink inside a walked directory: the file fixed once, the link kept" \
  || bad "symlink inside a walked directory: $(diff "$ref" "$work/case/d/m.cu" | head -4) $(notes)"

# (b) a symbolic link named on the command line: the target edited, the link kept
fresh real.cu
ln -s real.cu "$work/case/link.cu"
"$gpulint" --fix --min-severity=info --rules=double-literal "$work/case/link.cu" > /dev/null 2> "$work/err.txt"
[ -L "$work/case/link.cu" ] && [ "$(readlink "$work/case/link.cu")" = real.cu ] && cmp -s "$work/case/real.cu" "$ref" \
  && ok "symlink: the target is fixed and the link kept" || bad "symlink: link $(ls -l "$work/case/link.cu"), target $(cmp "$work/case/real.cu" "$ref") $(notes)"
ls "$work/case" | grep -q gpulint-fix && bad "symlink: temporary file left behind"

# (c) a read-only file is refused with a clear error, and left alone
fresh ro.cu
chmod 0444 "$work/case/ro.cu"
"$gpulint" --fix --min-severity=info --rules=double-literal "$work/case/ro.cu" > /dev/null 2> "$work/err.txt"
rc=$?
[ $rc -eq 2 ] && cmp -s "$work/case/ro.cu" "$work/orig.cu" && grep -q "ro.cu: error: --fix leaves a read-only file alone" "$work/err.txt" \
  && [ "$(stat -c %a "$work/case/ro.cu")" = 444 ] && ok "read-only file: refused (exit 2), unchanged" || bad "read-only file: exit $rc, $(notes)"

# (d) a file with several hard links is refused (rewriting it by rename would
# split it from its other names), and left alone
fresh h.cu
ln "$work/case/h.cu" "$work/case/h2.cu"
"$gpulint" --fix --min-severity=info --rules=double-literal "$work/case/h.cu" > /dev/null 2> "$work/err.txt"
rc=$?
[ $rc -eq 2 ] && cmp -s "$work/case/h.cu" "$work/orig.cu" && [ "$work/case/h.cu" -ef "$work/case/h2.cu" ] \
  && grep -q "h.cu: error: --fix leaves a file with 2 hard links alone" "$work/err.txt" \
  && ok "hard-linked file: refused (exit 2), unchanged, still linked" || bad "hard-linked file: exit $rc, $(notes)"

# (e) the permission bits of an edited file are kept
for mode in 640 755 604; do
  fresh p.cu
  chmod "$mode" "$work/case/p.cu"
  "$gpulint" --fix --min-severity=info --rules=double-literal "$work/case/p.cu" > /dev/null 2>&1
  [ "$(stat -c %a "$work/case/p.cu")" = "$mode" ] && cmp -s "$work/case/p.cu" "$ref" && ok "mode $mode kept by --fix" \
    || bad "mode $mode: now $(stat -c %a "$work/case/p.cu")"
done
# (f), (g) and the whole-text check need a file that changes after the
# analysis: tests/test_fix.c (unit.fix).

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
