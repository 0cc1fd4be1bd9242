#!/usr/bin/env bash
# emit_bench_test.sh GPULINT: gpulint --emit-bench DIR on hostile input:
# very long names, symbolic links inside DIR, and paths that would end the
# generated comment or string literal.  With nvcc present (PATH or
# /usr/local/cuda/bin) the emitted benchmark with the hostile path is compiled.
set -u
gpulint=$1
pass=0
fail=0
ok() { echo "ok: $1"; pass=$((pass + 1)); }
bad() { echo "FAIL: $1"; fail=$((fail + 1)); }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
. "$(dirname "$0")/all_findings.sh"
gpulint=$(all_findings_gpulint "$gpulint" "$work") # these cases are about emitting, not severity
sanitizer_clean() { ! grep -q "runtime error\|Sanitizer\|double free\|corruption" "$1"; }

# kernel NAME: a kernel with one uncoalesced-adjacent finding (and a benchmark)
kernel() {
  printf '__global__ void %s(const float* in, float* out) {\n  int g = blockIdx.x * blockDim.x + threadIdx.x;\n  out[g] = in[g * 2] + in[g * 2 + 1];\n}\n' "$1"
}

# --- 1. a kernel name longer than the old fixed-size buffer ----------------
for len in 8000 70000; do
  name=k$(head -c "$len" /dev/zero | tr '\0' 'x')
  kernel "$name" > "$work/long$len.cu"
  "$gpulint" --emit-bench "$work/long$len" "$work/long$len.cu" > /dev/null 2> "$work/err.txt"
  rc=$?
  src=$(ls "$work"/long$len/*/bench.cu 2>/dev/null | grep -v "\.replay/" | head -1)
  if [ $rc -eq 1 ] && [ -n "$src" ] && grep -q "in kernel $name\$" "$src" && sanitizer_clean "$work/err.txt"; then
    ok "kernel name of $len characters: whole name in bench.cu, exit 1"
  else
    bad "kernel name of $len characters: exit $rc, $(tail -2 "$work/err.txt")"
  fi
done

# --- 2. symbolic links inside DIR point outside: never written through ------
kernel k > "$work/k2.cu"
"$gpulint" --emit-bench "$work/probe" "$work/k2.cu" > /dev/null 2>&1
id=$(cd "$work/probe" && ls -d */ | head -1 | tr -d /)
[ -n "$id" ] || bad "no benchmark emitted for k2.cu"
for case in Makefile gpulint_bench.h "$id/bench.cu" "$id"; do
  d=$work/sym-$(echo "$case" | tr '/.' '__')
  outside=$d-outside
  mkdir -p "$d/$id" "$outside/dir"
  echo "precious" > "$outside/file"
  if [ "$case" = "$id" ]; then
    rmdir "$d/$id"
    ln -s "$outside/dir" "$d/$id"
  else
    ln -s "$outside/file" "$d/$case"
  fi
  "$gpulint" --emit-bench "$d" "$work/k2.cu" > /dev/null 2> "$work/err.txt"
  rc=$?
  if [ "$(cat "$outside/file")" = precious ] && [ -z "$(ls -A "$outside/dir")" ]; then
    ok "symlink DIR/$case: the outside target is untouched"
  else
    bad "symlink DIR/$case: wrote outside DIR: $(ls -A "$outside/dir") $(cat "$outside/file")"
  fi
  if [ "$case" = "$id" ]; then
    [ $rc -eq 2 ] && grep -q "error: --emit-bench: $d/$id is a symbolic link" "$work/err.txt" \
      && ok "symlink DIR/<id>: refused with an error naming it (exit 2)" || bad "symlink DIR/<id>: exit $rc, $(cat "$work/err.txt")"
  else
    [ $rc -eq 1 ] && [ -f "$d/$case" ] && [ ! -L "$d/$case" ] \
      && ok "symlink DIR/$case: replaced by the generated file (exit 1)" || bad "symlink DIR/$case: exit $rc, $(cat "$work/err.txt")"
  fi
  ls -A "$d" "$d/$id" 2>/dev/null | grep -q gpulint- && bad "symlink DIR/$case: temporary file left behind"
done

# --- 3. paths that would end the comment or the string ----------------------
hostile="$work/a*/b\"c\\d é"$'\t'"e"
mkdir -p "$hostile"
kernel k > "$hostile/k.cu"
"$gpulint" --emit-bench "$work/inj" "$hostile/k.cu" > /dev/null 2> "$work/err.txt"
rc=$?
src=$(ls "$work"/inj/*/bench.cu 2>/dev/null | grep -v "\.replay/" | head -1)
if [ $rc -eq 1 ] && [ -n "$src" ]; then
  # the header comment is lines 1-3; its first "*/" must be at the end of line 3
  first_close=$(grep -n '\*/' "$src" | head -1 | cut -d: -f1)
  [ "$first_close" = 3 ] && sed -n 3p "$src" | grep -q ' \*/$' && ! sed -n 1,2p "$src" | grep -q '\*/' \
    && ok "hostile path: the header comment ends where it should (line 3)" || bad "hostile path: comment closed early: $(head -4 "$src")"
  sed -n 2p "$src" | grep -Fq "$work/a* /b\"c\\d \\xC3\\xA9\\x09e/k.cu:3:" \
    && ok "hostile path: the whole path is inside the comment, escaped" || bad "hostile path: comment line is: $(sed -n 2p "$src")"
  grep -Fxq "#define GL_LOCATION \"$work/a*/b\\\"c\\\\d \\303\\251\\011e/k.cu:3\"" "$src" \
    && ok "hostile path: GL_LOCATION is one escaped string literal" || bad "hostile path: $(grep GL_LOCATION "$src")"
  LC_ALL=C grep -q $'[\x80-\xff\t]' <(head -10 "$src") && bad "hostile path: raw control or non-ASCII bytes in the generated header" \
    || ok "hostile path: generated header is printable ASCII"
  nvcc=$(command -v nvcc || true)
  [ -z "$nvcc" ] && [ -x /usr/local/cuda/bin/nvcc ] && nvcc=/usr/local/cuda/bin/nvcc
  if [ -n "$nvcc" ]; then
    if "$nvcc" -std=c++17 -arch=sm_80 -c "$src" -o "$work/inj.o" > "$work/nvcc.txt" 2>&1; then
      ok "hostile path: the emitted benchmark compiles with nvcc"
    else
      bad "hostile path: nvcc: $(head -5 "$work/nvcc.txt")"
    fi
  else
    echo "skipped: nvcc not found (the emitted benchmark was checked textually only)"
  fi
else
  bad "hostile path: exit $rc, no bench.cu: $(cat "$work/err.txt")"
fi

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
