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
json=$("$gpulint" --format=json --min-severity=info --impact "$results" "$src/testdata/examples" 2>/dev/null)
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
other=$("$gpulint" --format=json --min-severity=info --repo-root "$work" --impact "$results" "$work/k2.cu" 2>/dev/null)
printf '%s\n' "$other" | grep -q '"K":.*2' && ! printf '%s\n' "$other" | grep -q '"measured":' \
  && ok "a finding with other parameters gets no measured result" || bad "K=2 finding: $(printf '%s' "$other" | grep -c measured) measured"
"$gpulint" --impact /nonexistent/results.json "$src/testdata/examples/activations.cu" > /dev/null 2>&1
[ $? -eq 2 ] && ok "a missing results file is an error (exit 2)" || bad "a missing results file was not an error"

# Malformed results files: a clear error naming the file and the entry, exit
# 2, no crash (an empty or short best_spread used to dereference NULL).
# the K=2 finding's fingerprint, which a result must carry to attach
k2fp=$(printf '%s\n' "$other" | sed -n 's/.*"fingerprint":[[:space:]]*"\([0-9a-f-]*\)".*/\1/p' | head -1)
[ -n "$k2fp" ] && ok "findings carry a fingerprint ($k2fp)" || bad "no fingerprint on the K=2 finding"
entry() { # entry RESULT_JSON [FINGERPRINT]: one results entry for the K=2 finding of k2.cu
  printf '{"id":"uncoalesced-adjacent-k2_cu-L3-C12","fingerprint":"%s","rule":"uncoalesced-adjacent","params":{"GL_K":"2","GL_ELEM":"float","GL_STORE":"0"},"result":%s}' "${2:-$k2fp}" "$1"
}
check_malformed() { # check_malformed NAME FILE_CONTENT EXPECTED_MESSAGE_ERE
  printf '%s\n' "$2" > "$work/$1.json"
  "$gpulint" --repo-root "$work" --impact "$work/$1.json" "$work/k2.cu" > "$work/out.txt" 2> "$work/err.txt"
  rc=$?
  if [ $rc -eq 2 ] && grep -Eq -- "$work/$1.json: error: --impact: .*$3" "$work/err.txt" && ! grep -q "runtime error\|Sanitizer" "$work/err.txt"; then
    ok "malformed results ($1): exit 2, $(grep -m1 'error:' "$work/err.txt" | sed 's/.*json: //')"
  else
    bad "malformed results ($1): exit $rc, stderr: $(head -3 "$work/err.txt")"
  fi
}
good='{"verdict":"confirmed","best_fix":"float2","best_speedup":1.5,"best_spread":[1.4,1.6],"gpu":"G"}'
check_malformed empty_spread "{\"results\":[$(entry '{"verdict":"confirmed","best_speedup":1.5,"best_spread":[]}')]}" 'results\[0\] \(uncoalesced-adjacent-k2_cu-L3-C12\): "best_spread" is not an array of two numbers'
check_malformed short_spread "{\"results\":[$(entry "$good"),$(entry '{"best_spread":[1.5]}')]}" 'results\[1\] .*best_spread'
check_malformed spread_strings "{\"results\":[$(entry '{"best_spread":["a","b"]}')]}" 'results\[0\] .*best_spread'
check_malformed spread_object "{\"results\":[$(entry '{"best_spread":{"lo":1}}')]}" 'results\[0\] .*best_spread'
check_malformed speedup_string "{\"results\":[$(entry '{"best_speedup":"fast","best_spread":[1,2]}')]}" 'results\[0\] .*"best_speedup" is not a number'
check_malformed verdict_number "{\"results\":[$(entry '{"verdict":3}')]}" 'results\[0\] .*"verdict" is not a string'
check_malformed result_array "{\"results\":[$(entry '[1,2]')]}" 'results\[0\] .*not a JSON object'
check_malformed entry_number '{"results":[7]}' 'results\[0\] \(\?\): not an object'
check_malformed params_array '{"results":[{"rule":"uncoalesced-adjacent","params":[1],"result":{}}]}' 'results\[0\] .*"params" is not an object'
check_malformed results_object '{"results":{"a":1}}' 'no "results" array'
check_malformed no_results '[1,2,3]' 'no "results" array'
# null spread values are what the harness writes when no fix was correct
printf '{"results":[%s]}\n' "$(entry '{"verdict":"variant incorrect","best_fix":null,"best_speedup":null,"best_spread":[null,null]}')" > "$work/nulls.json"
"$gpulint" --format=json --min-severity=info --repo-root "$work" --impact "$work/nulls.json" "$work/k2.cu" > "$work/out.txt" 2> "$work/err.txt"
[ $? -eq 1 ] && grep -q '"measured":' "$work/out.txt" && ok "null best_spread values are accepted (read as 0)" \
  || bad "null best_spread values: $(head -3 "$work/err.txt")"
printf '{"results":[%s]}\n' "$(entry "$good")" > "$work/good.json"
"$gpulint" --min-severity=info --repo-root "$work" --impact "$work/good.json" "$work/k2.cu" 2>&1 | grep -q "measured on G: float2 1.50x faster (spread 1.40-1.60), confirmed" \
  && ok "a well-formed hand-written result attaches" || bad "a well-formed hand-written result did not attach"

# Matching is by fingerprint only: the same rule and parameters measured on
# other code (another fingerprint, or none) attach nothing.
printf '{"results":[%s]}\n' "$(entry "$good" 0123456789abcdef)" > "$work/otherfp.json"
"$gpulint" --format=json --min-severity=info --repo-root "$work" --impact "$work/otherfp.json" "$work/k2.cu" > "$work/out.txt" 2> "$work/err.txt"
[ $? -eq 1 ] && ! grep -q '"measured":' "$work/out.txt" && grep -q '"predicted":' "$work/out.txt" \
  && ok "same rule and parameters, another fingerprint: not attached (the prediction stays)" || bad "a result of other code attached"
printf '{"results":[{"id":"x","rule":"uncoalesced-adjacent","params":{"GL_K":"2","GL_ELEM":"float","GL_STORE":"0"},"result":%s}]}\n' "$good" > "$work/nofp.json"
"$gpulint" --format=json --min-severity=info --repo-root "$work" --impact "$work/nofp.json" "$work/k2.cu" > "$work/out.txt" 2> "$work/err.txt"
[ $? -eq 1 ] && ! grep -q '"measured":' "$work/out.txt" && grep -q "nofp.json: note: --impact: 1 result carries no finding fingerprint" "$work/err.txt" \
  && ok "a result without a fingerprint: not attached, with a note" || bad "a result without a fingerprint: $(cat "$work/err.txt")"
# a fingerprint does not depend on the line: lines added above keep the match
{ printf '// a comment added above\n\n'; cat "$work/k2.cu"; } > "$work/k2moved.cu"
mkdir -p "$work/moved" && cp "$work/k2moved.cu" "$work/moved/k2.cu"
"$gpulint" --min-severity=info --repo-root "$work/moved" --impact "$work/good.json" "$work/moved/k2.cu" 2>&1 | grep -q "measured on G: float2 1.50x" \
  && ok "the finding moved two lines down keeps its measured result" || bad "a moved finding lost its measured result"
# an edit of the flagged line changes the fingerprint
sed 's/in\[g \* 2\] + in\[g \* 2 + 1\]/in[2 * g] + in[2 * g + 1]/' "$work/k2.cu" > "$work/moved/k2.cu"
"$gpulint" --format=json --min-severity=info --repo-root "$work/moved" --impact "$work/good.json" "$work/moved/k2.cu" 2>/dev/null | grep -q '"measured":' \
  && bad "an edited line kept the measured result" || ok "an edited flagged line no longer matches"

# gpulint bench DIR --collect on malformed benchmark outputs and indexes
b=$work/bench
mkdir -p "$b/uncoalesced-adjacent-k2_cu-L3-C12"
printf '{"version":1,"benchmarks":[{"id":"uncoalesced-adjacent-k2_cu-L3-C12","finding":{"rule":"uncoalesced-adjacent","file":"k2.cu","line":1e300}}]}\n' > "$b/index.json"
for res in '{"verdict":"confirmed","best_spread":[]}' '{"best_spread":[2]}' '{"variants":[3]}' '{"variants":{"a":1}}' '"text"'; do
  printf 'table\nGPULINT_RESULT %s\n' "$res" > "$b/uncoalesced-adjacent-k2_cu-L3-C12/output.txt"
  "$gpulint" bench "$b" --collect > "$work/out.txt" 2> "$work/err.txt"
  rc=$?
  if [ $rc -eq 2 ] && grep -q "$b/uncoalesced-adjacent-k2_cu-L3-C12/output.txt: GPULINT_RESULT of uncoalesced-adjacent-k2_cu-L3-C12: " "$work/err.txt" \
     && grep -q '"error":.*"malformed GPULINT_RESULT line"' "$b/results.json" && ! grep -q "runtime error\|Sanitizer" "$work/err.txt"; then
    ok "bench --collect, malformed result $res: exit 2, error names the output file"
  else
    bad "bench --collect, malformed result $res: exit $rc, stderr: $(head -3 "$work/err.txt")"
  fi
done
for idx in '{"benchmarks":{}}' '{"benchmarks":[{"id":"../../x"}]}' '{"benchmarks":[{"id":"a","finding":[]}]}' '{"benchmarks":[5]}'; do
  printf '%s\n' "$idx" > "$b/index.json"
  "$gpulint" bench "$b" --collect > "$work/out.txt" 2> "$work/err.txt"
  rc=$?
  [ $rc -eq 2 ] && grep -q "gpulint bench: error: $b/index.json: " "$work/err.txt" \
    && ok "bench --collect, malformed index $idx: exit 2 ($(sed "s|.*index.json: ||" "$work/err.txt" | head -1))" \
    || bad "bench --collect, malformed index $idx: exit $rc, stderr: $(head -3 "$work/err.txt")"
done

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
