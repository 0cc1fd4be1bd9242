#!/usr/bin/env bash
# bench_run_test.sh GPULINT: gpulint bench DIR builds the emitted benchmarks
# with a stand-in nvcc (no CUDA needed) and never counts, or times, a binary
# left from an earlier build when the rebuild failed.
set -u
gpulint=$1
pass=0
fail=0
ok() { echo "ok: $1"; pass=$((pass + 1)); }
bad() { echo "FAIL: $1"; fail=$((fail + 1)); }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
. "$(dirname "$0")/all_findings.sh"
gpulint=$(all_findings_gpulint "$gpulint" "$work") # these cases are about building, not severity

# The stand-in compiler: fails on a source that contains BROKEN (before
# writing its output, as nvcc does on a compile error), else writes a script.
cat > "$work/fake-nvcc" <<'SH'
#!/bin/sh
out=; src=
while [ $# -gt 0 ]; do
  case $1 in -o) out=$2; shift ;; *.cu) src=$1 ;; esac
  shift
done
grep -q BROKEN "$src" && { echo "$src: error: BROKEN" >&2; exit 1; }
printf '#!/bin/sh\necho built from %s\n' "$src" > "$out" && chmod +x "$out"
SH
chmod +x "$work/fake-nvcc"

printf '__global__ void k(const float* in, float* out) {\n  int g = blockIdx.x * blockDim.x + threadIdx.x;\n  out[g] = in[g * 2] + in[g * 2 + 1];\n}\n' > "$work/k2.cu"
b=$work/b
"$gpulint" --emit-bench "$b" "$work/k2.cu" > /dev/null 2>&1
id=$(ls "$b" | grep '^uncoalesced-adjacent-' | grep -v '\.replay$')
grep -q '^\.DELETE_ON_ERROR:' "$b/Makefile" && ok "the Makefile has .DELETE_ON_ERROR" || bad "no .DELETE_ON_ERROR in the Makefile"

"$gpulint" bench "$b" --build-only --nvcc="$work/fake-nvcc" > "$work/out.txt" 2>&1
rc=$?
[ $rc -eq 0 ] && [ -x "$b/$id/bench" ] && ok "first build: exit 0, binary built" || bad "first build: exit $rc: $(cat "$work/out.txt")"

# A rebuild that fails: the old binary is gone and the build is reported failed.
sleep 1
echo "BROKEN" >> "$b/$id/bench.cu"
"$gpulint" bench "$b" --build-only --nvcc="$work/fake-nvcc" > "$work/out.txt" 2>&1
rc=$?
[ $rc -eq 2 ] && grep -q "$id: build failed" "$work/out.txt" && ok "failed rebuild: exit 2, reported as failed" \
  || bad "failed rebuild: exit $rc: $(cat "$work/out.txt")"
[ ! -e "$b/$id/bench" ] && ok "failed rebuild: the old binary was removed" || bad "failed rebuild left the old binary"

# A Makefile emitted before this fix leaves the stale binary: gpulint bench
# must still count the build as failed (make -q: the binary is out of date).
sed -i '/^\t@rm -f \$@$/d; /^\.DELETE_ON_ERROR:$/d' "$b/Makefile"
grep -q 'rm -f \$@' "$b/Makefile" && bad "could not make an old-style Makefile"
sed -i '/BROKEN/d' "$b/$id/bench.cu"
"$gpulint" bench "$b" --build-only --nvcc="$work/fake-nvcc" > /dev/null 2>&1
[ -x "$b/$id/bench" ] || bad "rebuild after the fix produced no binary"
sleep 1
echo "BROKEN" >> "$b/$id/bench.cu"
"$gpulint" bench "$b" --build-only --nvcc="$work/fake-nvcc" > "$work/out.txt" 2>&1
rc=$?
[ -x "$b/$id/bench" ] || bad "the old-style Makefile removed the binary (the test no longer tests a stale one)"
# (the finding's replay, $id.replay, still builds: 1 of 2)
[ $rc -eq 2 ] && grep -q "$id: build failed" "$work/out.txt" && grep -q "built 1 of 2" "$work/out.txt" \
  && ok "stale binary with an old Makefile: exit 2, counted as failed" || bad "stale binary counted as built: exit $rc: $(cat "$work/out.txt")"

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
