#!/usr/bin/env bash
# replay_test.sh GPULINT TESTDATA: --emit-bench writes a replay of each
# finding's own kernel for testdata/projects/replay (a compile database, a
# kernel template launched with a 2-D block, an index array, a struct
# argument, a main of its own): the copies, the fixes applied to them, the
# harness's parameter table (sizes from the model, values from the launch
# sites), the Makefile's flags from the database; the user's files are left
# as they were.  With nvcc present the replays are compiled (gpulint bench
# --build-only); without it that part is skipped with a message.
set -u
gpulint=$1
testdata=$2
pass=0
fail=0
ok() { echo "ok: $1"; pass=$((pass + 1)); }
bad() { echo "FAIL: $1"; fail=$((fail + 1)); }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$testdata/projects/replay" "$work/"
p=$work/replay
sed "s#@DIR@#$p#g" "$p/build/compile_commands.json.in" > "$p/build/compile_commands.json"
before=$(cd "$p" && find . -type f -exec sha256sum {} + | sort)

"$gpulint" --min-severity=info --emit-bench "$work/eb" "$p" > "$work/out.txt" 2> "$work/err.txt"
rc=$?
[ $rc -eq 1 ] && ok "findings reported (exit 1)" || bad "exit $rc: $(cat "$work/err.txt")"
grep -q "wrote 8 benchmarks to .*, 4 of them replays of your kernels" "$work/err.txt" \
  && ok "4 patterns and 4 replays written" || bad "summary: $(grep wrote "$work/err.txt")"
after=$(cd "$p" && find . -type f -exec sha256sum {} + | sort)
[ "$before" == "$after" ] && ok "the project's files are unchanged" || bad "the project's files changed"

e=$work/eb
r() { ls -d "$e"/$1-*.replay | head -1; }
dl=$(r double-literal); sc=$(r specialize-constant); ur=$(r uncoalesced-row); fb=$(r fixed-block-16x16)
for d in "$dl" "$sc" "$ur" "$fb"; do
  [ -f "$d/written.cu" ] && [ -f "$d/bench.cu" ] || bad "missing files in $d"
done
# the copy is the file byte for byte, then the launcher
n=$(stat -c %s "$p/src/filters.cu")
cmp -s <(head -c "$n" "$dl/written.cu") "$p/src/filters.cu" && grep -q 'extern "C" cudaError_t gpulint_replay_launch' "$dl/written.cu" \
  && ok "written.cu: the file as written, then the launcher" || bad "written.cu is not the file plus the launcher"
grep -q 'gpulint_replay::launch(&gather_scaled,' "$dl/written.cu" && grep -q 'gpulint_replay::launch(&blur_rows<1>,' "$sc/written.cu" \
  && ok "the launcher names the kernel (with its template arguments)" || bad "launcher: $(grep 'launch(&' "$dl/written.cu" "$sc/written.cu")"
# the fixes, in the copies only
diff "$dl/written.cu" "$dl/fixed.cu" | grep -q '^> .*table\[idx\[i\]\] \* 0.5f \* GAIN;' \
  && ok "double-literal: its fix-it applied to the copy" || bad "double-literal fixed.cu: $(diff "$dl/written.cu" "$dl/fixed.cu")"
grep -q 'int radius_gpulint_runtime_value)' "$sc/fixed.cu" && grep -q '{ constexpr int radius = (int)(3);' "$sc/fixed.cu" \
  && ok "specialize-constant: radius a constexpr of its launch value 3" || bad "specialize-constant fixed.cu: $(diff "$sc/written.cu" "$sc/fixed.cu")"
grep -q 'a\[gpulint_transposed((row \* d.cols + j), 64LL, 1081344LL)\]' "$ur/fixed.cu" && grep -q 'set_not_compared(' "$ur/bench.cu" \
  && ok "uncoalesced-row: the row walk transposed, outputs not compared (an upper bound)" || bad "uncoalesced-row fixed.cu: $(diff "$ur/written.cu" "$ur/fixed.cu")"
[ ! -e "$fb/fixed.cu" ] && grep -q 'r.variant("as written", "written.so", dim3(120, 68, 1), dim3(16, 16, 1));' "$fb/bench.cu" \
  && grep -q 'r.variant("block 32x8", "written.so", dim3(60, 136, 1), dim3(32, 8, 1));' "$fb/bench.cu" \
  && grep -q 'r.variant("block 64x4", "written.so", dim3(30, 272, 1), dim3(64, 4, 1));' "$fb/bench.cu" \
  && ok "fixed-block-16x16: the launch's grid and block, then each suggested shape over the same threads" || bad "fixed-block bench.cu: $(grep variant "$fb/bench.cu")"
# sizes and values: from the launch sites where they are given, assumptions stated otherwise
grep -q '{"n", gl::ReplayParam::Val, gl::ReplayParam::Int, 4, false, 0, "1048576"},' "$dl/bench.cu" \
  && grep -q '{"out", gl::ReplayParam::Ptr, gl::ReplayParam::F32, 4, true, 4194304LL, nullptr},' "$dl/bench.cu" \
  && grep -q '{"idx", gl::ReplayParam::Ptr, gl::ReplayParam::Int, 4, false, 4194304LL, nullptr},' "$dl/bench.cu" \
  && grep -q '{"table", gl::ReplayParam::Ptr, gl::ReplayParam::F32, 4, false, -1LL, nullptr},' "$dl/bench.cu" \
  && ok "gather: n from the launch, out and idx sized n elements, table's size unknown (an index array)" \
  || bad "gather's table: $(grep ReplayParam:: "$dl/bench.cu")"
grep -q '{"width", gl::ReplayParam::Val, gl::ReplayParam::Int, 4, false, 0, "1920"},' "$sc/bench.cu" \
  && grep -q '{"out", gl::ReplayParam::Ptr, gl::ReplayParam::F32, 4, true, 8355840LL, nullptr},' "$sc/bench.cu" \
  && ok "blur: width from the launch, out sized for the 2-D grid's rows" || bad "blur's table: $(grep ReplayParam:: "$sc/bench.cu")"
grep -q '{"d", gl::ReplayParam::Rec,' "$ur/bench.cu" && grep -q 'v.cols = (decltype(v.cols))(64);' "$ur/written.cu" \
  && grep -q 'assumed: ") + "d.cols = 64 (a row width: it multiplies the thread index)' "$ur/bench.cu" \
  && ok "struct argument: made in the launcher, its fields' assumed values stated" || bad "struct argument: $(grep 'v\.' "$ur/written.cu")"
# the build: the database's flags, main renamed
grep -q "'-I$p/include' '-DGAIN=2.0f' -Dmain=gpulint_replay_user_main" "$e/Makefile" \
  && ok "Makefile: the database's -I and -D, main renamed" || bad "Makefile: $(grep -m1 'written.so:' -A2 "$e/Makefile")"
python3 - "$e/index.json" <<'PY' && ok "index.json: one replay entry per finding, with its fingerprint and fix" || bad "index.json"
import json, sys
d = json.load(open(sys.argv[1]))
rep = [b for b in d["benchmarks"] if b.get("kind") == "replay"]
assert len(rep) == 4 and d["replays_refused"] == [], (len(rep), d["replays_refused"])
for b in rep:
    assert b["id"] == b["finding"]["id"] + ".replay" and b["fingerprint"] == b["finding"]["fingerprint"], b["id"]
    assert b["replay"]["measures"] in ("kernel", "upper bound") and b["replay"]["fix"], b["replay"]
PY

nvcc=$(command -v nvcc || true)
[ -z "$nvcc" ] && [ -x /usr/local/cuda/bin/nvcc ] && nvcc=/usr/local/cuda/bin/nvcc
if [ -z "$nvcc" ]; then
  echo "skipped: nvcc not found (the replays were not compiled)"
else
  "$gpulint" bench "$e" --build-only --arch=sm_90 --nvcc="$nvcc" > "$work/build.txt" 2>&1
  rc=$?
  [ $rc -eq 0 ] && grep -q "built 8 of 8 benchmarks" "$work/build.txt" && [ -x "$dl/bench" ] && [ -f "$dl/fixed.so" ] \
    && ok "nvcc builds every replay and pattern (exit 0)" || { bad "build: exit $rc: $(cat "$work/build.txt")"; grep -m5 error "$e/build.log"; }
fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
