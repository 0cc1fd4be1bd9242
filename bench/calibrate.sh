#!/usr/bin/env bash
# bench/calibrate.sh OUTDIR [ARCH]: builds the seven templates at the shapes
# and parameters of the rule catalogue's H100 figures (docs: rules.md), runs
# them, and prints one line per case. It checks the harness against known
# numbers, independent of any finding. Needs nvcc, make and a GPU.
# GL_CASES=REGEX runs only the cases whose name matches (grep -E).
set -u
out=${1:?usage: bench/calibrate.sh OUTDIR [ARCH]}
arch=${2:-native}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
cp "$here/gpulint_bench.h" "$here/gpulint_bench_stats.h" "$out/"
cases=(
  "adjacent-K2-copy|uncoalesced-adjacent|-DGL_K=2 -DGL_STORE=2"
  "adjacent-K4-copy|uncoalesced-adjacent|-DGL_K=4 -DGL_STORE=2"
  "adjacent-K8-copy|uncoalesced-adjacent|-DGL_K=8 -DGL_STORE=2"
  "adjacent-K4-loads|uncoalesced-adjacent|-DGL_K=4 -DGL_STORE=0"
  "adjacent-K2-stores|uncoalesced-adjacent|-DGL_K=2 -DGL_STORE=1"
  "adjacent-K4-stores|uncoalesced-adjacent|-DGL_K=4 -DGL_STORE=1"
  "adjacent-K8-stores|uncoalesced-adjacent|-DGL_K=8 -DGL_STORE=1"
  "row-W4|uncoalesced-row|-DGL_W=4"
  "row-W16|uncoalesced-row|-DGL_W=16"
  "row-W64|uncoalesced-row|-DGL_W=64"
  "row-W256|uncoalesced-row|-DGL_W=256"
  "row-W4-const|uncoalesced-row|-DGL_W=4 -DGL_W_CONST=1"
  "row-W8-const|uncoalesced-row|-DGL_W=8 -DGL_W_CONST=1"
  "row-W16-const|uncoalesced-row|-DGL_W=16 -DGL_W_CONST=1"
  "row-W32-const|uncoalesced-row|-DGL_W=32 -DGL_W_CONST=1"
  "row-W64-const|uncoalesced-row|-DGL_W=64 -DGL_W_CONST=1"
  # kernels whose addresses leave out the block index: they run as one block
  "row-W64-1block|uncoalesced-row|-DGL_W=64 -DGL_ONE_BLOCK=1"
  "row-W32-const-1block|uncoalesced-row|-DGL_W=32 -DGL_W_CONST=1 -DGL_ONE_BLOCK=1"
  "row-W32-const-1block-32t|uncoalesced-row|-DGL_W=32 -DGL_W_CONST=1 -DGL_ONE_BLOCK=1 -DGL_BLOCK_THREADS=32"
  "row-W64-1block-32t|uncoalesced-row|-DGL_W=64 -DGL_ONE_BLOCK=1 -DGL_BLOCK_THREADS=32"
  "adjacent-K4-copy-1block|uncoalesced-adjacent|-DGL_K=4 -DGL_STORE=2 -DGL_ONE_BLOCK=1"
  "char-1block|oversized-element|-DGL_SUBWORD=1 -DGL_ONE_BLOCK=1"
  "struct-32B-1block|oversized-element|-DGL_STRUCT_BYTES=32 -DGL_ONE_BLOCK=1"
  "row2d-f32-16x16|uncoalesced-row|-DGL_2D=1 -DGL_W=1024"
  "row2d-f32-32x8|uncoalesced-row|-DGL_2D=1 -DGL_W=1024 -DGL_BX=32 -DGL_BY=8"
  "row2d-f32-256x1|uncoalesced-row|-DGL_2D=1 -DGL_W=1024 -DGL_BX=256 -DGL_BY=1"
  "row2d-f32-8x32|uncoalesced-row|-DGL_2D=1 -DGL_W=1024 -DGL_BX=8 -DGL_BY=32"
  "row2d-f64-16x16|uncoalesced-row|-DGL_2D=1 -DGL_W=1024 -DGL_ELEM=double"
  "struct-4B|oversized-element|-DGL_STRUCT_BYTES=4"
  "struct-20B|oversized-element|-DGL_STRUCT_BYTES=20"
  "struct-24B|oversized-element|-DGL_STRUCT_BYTES=24"
  "struct-32B|oversized-element|-DGL_STRUCT_BYTES=32"
  "struct-64B|oversized-element|-DGL_STRUCT_BYTES=64"
  "struct-128B|oversized-element|-DGL_STRUCT_BYTES=128"
  "char|oversized-element|-DGL_SUBWORD=1"
  "short|oversized-element|-DGL_SUBWORD=2"
  "char-int|oversized-element|-DGL_SUBWORD=1 -DGL_COMPANION=1"
  "short-int|oversized-element|-DGL_SUBWORD=2 -DGL_COMPANION=1"
  "char-3int|oversized-element|-DGL_SUBWORD=1 -DGL_COMPANION=3"
  "short-3int|oversized-element|-DGL_SUBWORD=2 -DGL_COMPANION=3"
  "exp-4.0|double-literal|-DGL_HAS_FAST_MATH_VARIANT=1"
  "mul-1.5|double-literal|-DGL_EXPR_AS_WRITTEN(x)=((x)*1.5+0.25) -DGL_EXPR_FIXED(x)=((x)*1.5f+0.25f) -DGL_HAS_FAST_MATH_VARIANT=0"
  "mul-0.1|double-literal|-DGL_EXPR_AS_WRITTEN(x)=((x)*0.1+0.3) -DGL_EXPR_FIXED(x)=((x)*0.1f+0.3f) -DGL_HAS_FAST_MATH_VARIANT=0"
  # the same expressions as an elementwise kernel runs them: one evaluation
  # per element read and written (memory-bound)
  "stream-exact-op|double-literal|-DGL_STREAM=1 -DGL_EXPR_AS_WRITTEN(x)=((x)*0.5) -DGL_EXPR_FIXED(x)=((x)*0.5f) -DGL_HAS_FAST_MATH_VARIANT=0"
  "stream-inexact-op|double-literal|-DGL_STREAM=1 -DGL_EXPR_AS_WRITTEN(x)=(0.01*(x)) -DGL_EXPR_FIXED(x)=(0.01f*(x)) -DGL_HAS_FAST_MATH_VARIANT=0"
  "stream-chain|double-literal|-DGL_STREAM=1 -DGL_EXPR_AS_WRITTEN(x)=((x)*0.1+0.3) -DGL_EXPR_FIXED(x)=((x)*0.1f+0.3f) -DGL_HAS_FAST_MATH_VARIANT=0"
  "stream-chain-div|double-literal|-DGL_STREAM=1 -DGL_EXPR_AS_WRITTEN(x)=((x)*(x)/((x)+1.)) -DGL_EXPR_FIXED(x)=((x)*(x)/((x)+1.f)) -DGL_HAS_FAST_MATH_VARIANT=0"
  "stream-exp|double-literal|-DGL_STREAM=1 -DGL_HAS_FAST_MATH_VARIANT=1"
  "stream-log|double-literal|-DGL_STREAM=1 -DGL_EXPR_AS_WRITTEN(x)=log((x)+1.0) -DGL_EXPR_FIXED(x)=logf((x)+1.0f) -DGL_EXPR_FAST(x)=__logf((x)+1.0f) -DGL_HAS_FAST_MATH_VARIANT=1"
  "stream-tanh|double-literal|-DGL_STREAM=1 -DGL_EXPR_AS_WRITTEN(x)=tanh((x)*0.5) -DGL_EXPR_FIXED(x)=tanhf((x)*0.5f) -DGL_HAS_FAST_MATH_VARIANT=0"
  "stream-sqrt|double-literal|-DGL_STREAM=1 -DGL_EXPR_AS_WRITTEN(x)=sqrt((x)*2.0) -DGL_EXPR_FIXED(x)=sqrtf((x)*2.0f) -DGL_HAS_FAST_MATH_VARIANT=0"
  "block-copy|fixed-block-16x16|-DGL_CONTEXT=0"
  "block-rowreuse|fixed-block-16x16|-DGL_CONTEXT=1"
  "specialize-K7|specialize-constant|-DGL_K=7 -DGL_HAS_LOCAL_ARRAY=1 -DGL_MAX=32"
  "specialize-K15|specialize-constant|-DGL_K=15 -DGL_HAS_LOCAL_ARRAY=1 -DGL_MAX=32"
  "specialize-K31|specialize-constant|-DGL_K=31 -DGL_HAS_LOCAL_ARRAY=1 -DGL_MAX=32"
  "specialize-K7-noarray|specialize-constant|-DGL_K=7 -DGL_HAS_LOCAL_ARRAY=0"
  "branch-simple|uniform-branch|-DGL_CONDITIONS=1 -DGL_IN_LOOP=1 -DGL_BARRIER=0"
  "branch-barrier-light|uniform-branch|-DGL_CONDITIONS=2 -DGL_IN_LOOP=1 -DGL_BARRIER=1 -DGL_HEAVY_BODY=0"
  "branch-barrier-heavy|uniform-branch|-DGL_CONDITIONS=2 -DGL_IN_LOOP=1 -DGL_BARRIER=1 -DGL_HEAVY_BODY=1"
)
if [ -n "${GL_CASES:-}" ]; then
  selected=()
  for c in "${cases[@]}"; do [[ "${c%%|*}" =~ $GL_CASES ]] && selected+=("$c"); done
  cases=("${selected[@]}")
fi
nvcc=${NVCC:-nvcc}
pids=()
for c in "${cases[@]}"; do
  IFS='|' read -r name rule flags <<< "$c"
  mkdir -p "$out/$name"
  cp "$here/templates/$rule.cu" "$out/$name/bench.cu"
  # shellcheck disable=SC2086
  ( eval "\"$nvcc\" -O3 -std=c++17 -arch=$arch -I \"$out\" -DGL_FINDING_ID='\"$name\"' $(printf '%q ' $flags) -o \"$out/$name/bench\" \"$out/$name/bench.cu\"" > "$out/$name/build.log" 2>&1 || echo "build failed: $name" ) &
  pids+=($!)
  if [ ${#pids[@]} -ge "$(nproc)" ]; then wait "${pids[0]}"; pids=("${pids[@]:1}"); fi
done
wait
printf '%-24s %-22s %-18s %10s  %s\n' case rule "best fix" speedup verdict
for c in "${cases[@]}"; do
  IFS='|' read -r name rule flags <<< "$c"
  [ -x "$out/$name/bench" ] || { printf '%-24s %-22s build failed\n' "$name" "$rule"; continue; }
  "$out/$name/bench" > "$out/$name/output.txt" 2>&1
  line=$(grep '^GPULINT_RESULT ' "$out/$name/output.txt" | tail -1)
  fix=$(printf '%s' "$line" | grep -o '"best_fix":"[^"]*"' | cut -d'"' -f4)
  sp=$(printf '%s' "$line" | grep -o '"best_speedup":[0-9.e+-]*' | cut -d: -f2)
  verdict=$(printf '%s' "$line" | grep -o '"verdict":"[^"]*"' | cut -d'"' -f4)
  printf '%-24s %-22s %-18s %9.2fx  %s\n' "$name" "$rule" "$fix" "${sp:-0}" "${verdict:-no result}"
done
