#!/usr/bin/env bash
# impact_test.sh GPULINT SOURCE_DIR: --impact attaches the committed H100
# results (docs/measured) to the findings of the examples with the same rule
# and benchmark parameters, in text and JSON, and to nothing else.
set -u
gpulint=$1
src=$2
results=$src/docs/measured/h100-examples-results.json
pass=0
fail=0
ok() { echo "ok: $1"; pass=$((pass + 1)); }
bad() { echo "FAIL: $1"; fail=$((fail + 1)); }
json=$("$gpulint" --format=json --impact "$results" "$src/testdata/examples" 2>/dev/null)
nfind=$(printf '%s\n' "$json" | grep -c '"rule":')
nmeas=$(printf '%s\n' "$json" | grep -c '"measured":')
[ "$nfind" -gt 0 ] && [ "$nmeas" -eq "$nfind" ] && ok "every example finding has a measured result ($nmeas/$nfind)" \
  || bad "$nmeas of $nfind example findings have a measured result (rerun the benchmarks if parameters changed)"
printf '%s\n' "$json" | grep -q '"gpu":.*"NVIDIA H100' && ok "measured names the GPU" || bad "no GPU name in measured"
"$gpulint" --impact "$results" "$src/testdata/examples/activations.cu" 2>/dev/null | grep -q "note: measured on NVIDIA H100.*x faster" \
  && ok "text output shows the measured speedup" || bad "text output lacks the measured note"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# K=2 was not measured (the examples have K=3 and K=4): no result may attach
printf '__global__ void k(const float* in, float* out) {\n  int g = blockIdx.x * blockDim.x + threadIdx.x;\n  out[g] = in[g * 2] + in[g * 2 + 1];\n}\n' > "$work/k2.cu"
other=$("$gpulint" --format=json --impact "$results" "$work/k2.cu" 2>/dev/null)
printf '%s\n' "$other" | grep -q '"K":.*2' && ! printf '%s\n' "$other" | grep -q '"measured":' \
  && ok "a finding with other parameters gets no measured result" || bad "K=2 finding: $(printf '%s' "$other" | grep -c measured) measured"
"$gpulint" --impact /nonexistent/results.json "$src/testdata/examples/activations.cu" > /dev/null 2>&1
[ $? -eq 2 ] && ok "a missing results file is an error (exit 2)" || bad "a missing results file was not an error"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
