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

# Numbers must be measurements (finite, positive) and a verdict must follow
# from them: 1e999 reads as infinity, and "-3.00x faster ... confirmed" was
# printed as it came.
check_malformed speedup_inf "{\"results\":[$(entry '{"verdict":"confirmed","best_speedup":1e999,"best_spread":[1.4,1.6]}')]}" 'results\[0\] \(uncoalesced-adjacent-k2_cu-L3-C12\): "best_speedup" is not a finite positive number \(inf\)'
check_malformed speedup_negative "{\"results\":[$(entry '{"verdict":"confirmed","best_speedup":-3,"best_spread":[1.4,1.6]}')]}" 'results\[0\] .*"best_speedup" is not a finite positive number \(-3\)'
check_malformed speedup_zero "{\"results\":[$(entry '{"best_speedup":0}')]}" 'results\[0\] .*"best_speedup" is not a finite positive number'
check_malformed spread_negative "{\"results\":[$(entry '{"best_speedup":1.5,"best_spread":[-1,1.6]}')]}" 'results\[0\] .*"best_spread" holds a number that is not finite and positive'
check_malformed spread_inf "{\"results\":[$(entry '{"best_speedup":1.5,"best_spread":[1.4,1e400]}')]}" 'results\[0\] .*"best_spread" holds a number that is not finite and positive'
check_malformed time_inf "{\"results\":[$(entry '{"variants":[{"median_ms":1e999}]}')]}" 'results\[0\] .*"variants"\[0\].median_ms is not a finite positive time'
check_malformed time_negative "{\"results\":[$(entry '{"variants":[{"median_ms":-0.5}]}')]}" 'results\[0\] .*"variants"\[0\].median_ms is not a finite positive time'
check_malformed verdict_slow_confirmed "{\"results\":[$(entry '{"verdict":"confirmed","best_speedup":0.5,"best_spread":[0.4,0.6]}')]}" 'results\[0\] .*"verdict" "confirmed" does not follow from best_speedup 0.5 and best_spread \[0.4, 0.6\] \(the benchmarks. rule gives "slower"\)'
check_malformed verdict_fast_slower "{\"results\":[$(entry '{"verdict":"slower","best_speedup":2,"best_spread":[1.9,2.1]}')]}" 'results\[0\] .*"verdict" "slower" does not follow'
check_malformed verdict_unknown "{\"results\":[$(entry '{"verdict":"amazing","best_speedup":2,"best_spread":[1.9,2.1]}')]}" 'results\[0\] .*"verdict" is not one of "confirmed", "no measurable impact", "slower", "variant incorrect"'
# impact_text NAME RESULT_JSON: the text report of k2.cu with that result
impact_text() {
  printf '{"results":[%s]}\n' "$(entry "$2")" > "$work/$1.json"
  "$gpulint" --min-severity=info --repo-root "$work" --impact "$work/$1.json" "$work/k2.cu" 2>&1
}
measured_line() { impact_text "$@" | grep "measured on"; }
r=$(measured_line slower '{"verdict":"slower","best_fix":"float2","best_speedup":0.8,"best_spread":[0.7,0.9],"gpu":"G"}')
[[ $r == *"measured on G: float2 0.80x as fast (spread 0.70-0.90), slower" ]] \
  && ok "a speedup below 1 reads 'as fast', not 'faster'" || bad "a speedup below 1: $r"
r=$(measured_line noverdict '{"best_fix":"float2","best_speedup":1.5,"best_spread":[1.4,1.6],"gpu":"G"}')
[[ $r == *"measured on G: float2 1.50x faster (spread 1.40-1.60), confirmed" ]] \
  && ok "a result without a verdict gets the one its numbers give" || bad "a result without a verdict: $r"
# the harness prints 6 digits: its 1.0999996 (no measurable impact) reads 1.1
r=$(measured_line rounded '{"verdict":"no measurable impact","best_fix":"float2","best_speedup":1.1,"best_spread":[1.05,1.2],"gpu":"G"}')
[[ $r == *"measured on G: float2 1.10x faster (spread 1.05-1.20), no measurable impact" ]] \
  && ok "a verdict its numbers reach within the harness's rounding stands" || bad "a verdict at the rounding boundary: $r"
r=$(measured_line incorrect '{"verdict":"variant incorrect","best_fix":null,"best_speedup":null,"best_spread":[null,null],"gpu":"G"}')
[[ $r == *"measured on G: no correct fix was timed, variant incorrect" ]] \
  && ok "no correct fix timed: no speedup printed" || bad "no correct fix timed: $r"

# Strings from a results file never reach a report raw: no newline that
# forges a line, no ESC or C1 CSI that drives the terminal, no bidi override.
hostile_gpu='G\n\u001b[2J\u001b]0;owned\u0007\r\u009b31m\u202e'
hostile_fix='float2\nsrc/evil.cu:1:1: error: forged\u001b[31m'
printf '{"gpu":"%s","results":[%s]}\n' "$hostile_gpu" \
  "$(entry "{\"verdict\":\"confirmed\",\"best_fix\":\"$hostile_fix\",\"best_speedup\":1.5,\"best_spread\":[1.4,1.6]}")" > "$work/hostile.json"
clean_output() { # clean_output FILE: no control character but newline and tab, no C1 control, no bidi override, raw or escaped
  python3 -c '
import sys
t = open(sys.argv[1], "rb").read().decode("utf-8", "replace")
bad = [c for c in t if (ord(c) < 32 and c not in "\n\t") or 0x7f <= ord(c) <= 0x9f or 0x2028 <= ord(c) <= 0x202e or 0x2066 <= ord(c) <= 0x2069]
low = t.lower()
sys.exit(1 if bad or any(e in low for e in ("\\u001b", "\\u009b", "\\u202e", "\\u0007", "\\r")) else 0)' "$1"
}
for fmt in text json sarif; do
  "$gpulint" --format=$fmt --min-severity=info --repo-root "$work" --impact "$work/hostile.json" "$work/k2.cu" > "$work/hostile-out.$fmt" 2> "$work/hostile.err"
  rc=$?
  if [ $rc -eq 1 ] && clean_output "$work/hostile-out.$fmt" && clean_output "$work/hostile.err" && ! grep -q "^src/evil.cu" "$work/hostile-out.$fmt"; then
    ok "hostile strings in the results file: --format=$fmt has no control character, escape or forged line"
  else
    bad "hostile strings, --format=$fmt: exit $rc: $(grep -a measured "$work/hostile-out.$fmt" | cat -v | head -3)"
  fi
done
grep -q 'measured on G??\[2J?\]0;owned???31m?: float2?src/evil.cu:1:1: error: forged?\[31m 1.50x faster' "$work/hostile-out.text" &&
  python3 -c '
import json, sys
m = json.load(open(sys.argv[1]))["findings"][0]["measured"]
sys.exit(0 if m["variant"] == "float2?src/evil.cu:1:1: error: forged?[31m" and m["gpu"] == "G??[2J?]0;owned???31m?" else 1)' "$work/hostile-out.json" \
  && ok "hostile strings are kept, their control characters shown as '?'" || bad "hostile strings: $(grep -a measured "$work/hostile-out.text" | cat -v)"
r=$(measured_line unicode '{"verdict":"confirmed","best_fix":"float2 ✓","best_speedup":1.5,"best_spread":[1.4,1.6],"gpu":"Grafik Größe 😀"}')
[[ $r == *"measured on Grafik Größe 😀: float2 ✓ 1.50x faster"* ]] && ok "other characters than controls are kept" || bad "unicode names: $r"
# an entry's id in an error message, too
printf '{"results":[{"id":"x\\u001b[2J\\nsrc/evil.cu:1:1: error: forged","result":{"best_speedup":-1}}]}\n' > "$work/hostile_id.json"
"$gpulint" --repo-root "$work" --impact "$work/hostile_id.json" "$work/k2.cu" > /dev/null 2> "$work/hostile_id.err"
[ $? -eq 2 ] && clean_output "$work/hostile_id.err" && grep -q 'results\[0\] (x?\[2J?src/evil.cu:1:1: error: forged)' "$work/hostile_id.err" \
  && ok "a hostile entry id in an error message is cleaned" || bad "hostile id: $(cat -v "$work/hostile_id.err" | head -3)"

# Several entries of one fingerprint: the first whose parameters match wins.
printf '{"results":[%s,%s,%s]}\n' \
  "$(entry '{"verdict":"confirmed","best_fix":"one","best_speedup":3,"best_spread":[2.9,3.1]}' | sed 's/"GL_K":"2"/"GL_K":"3"/')" \
  "$(entry '{"verdict":"confirmed","best_fix":"two","best_speedup":2,"best_spread":[1.9,2.1]}')" \
  "$(entry '{"verdict":"confirmed","best_fix":"three","best_speedup":4,"best_spread":[3.9,4.1]}')" > "$work/dups.json"
"$gpulint" --min-severity=info --repo-root "$work" --impact "$work/dups.json" "$work/k2.cu" 2>&1 | grep -q "measured on GPU: two 2.00x faster" \
  && ok "one fingerprint, several entries: the first with the finding's parameters attaches" || bad "duplicate fingerprints: wrong entry attached"

# A large results file (an audit's) is read and matched in linear or n log n
# time: 100000 entries, the finding's own last.  Reading and matching them
# pairwise took minutes of CPU; this takes 2 s (more under ASan).  The limit
# is on CPU time (ulimit -t), not on the clock, so that a busy machine does
# not fail it.
python3 - "$work/big.json" "$k2fp" <<'PY'
import json, sys
out, fp = sys.argv[1], sys.argv[2]
params = {"GL_K": "2", "GL_ELEM": "float", "GL_STORE": "0"}
res = {"verdict": "confirmed", "best_fix": "float2", "best_speedup": 1.5, "best_spread": [1.4, 1.6], "gpu": "G"}
entries = []
for i in range(100000):
    f = "%016x" % ((i * 0x9E3779B97F4A7C15) % 2**64)
    if f != fp:
        entries.append({"id": "e%d" % i, "fingerprint": f, "rule": "uncoalesced-adjacent", "params": params, "result": res})
mine = dict(res, best_fix="mine", best_speedup=1.75, best_spread=[1.7, 1.8])
entries.append({"id": "k2", "fingerprint": fp, "rule": "uncoalesced-adjacent", "params": params, "result": mine})
json.dump({"gpu": "G", "results": entries}, open(out, "w"))
PY
TIMEFORMAT='%R %U %S'
{ time (ulimit -c 0 -t 60; timeout 900 "$gpulint" --min-severity=info --repo-root "$work" --impact "$work/big.json" "$work/k2.cu" > "$work/big.txt" 2> "$work/big.err"); } 2> "$work/big.time"
rc=$?
took=$(tail -1 "$work/big.time" | awk '{printf "%.1f s of CPU, %.1f s on the clock", $2 + $3, $1}')
[ $rc -eq 1 ] && grep -q "measured on G: mine 1.75x faster (spread 1.70-1.80), confirmed" "$work/big.txt" \
  && ok "100000 results: read and matched in $took (limit 60 s of CPU; load $(cut -d' ' -f1-3 /proc/loadavg))" \
  || bad "100000 results: exit $rc after $took (137 or 152: killed at the 60 s CPU limit), $(head -2 "$work/big.err")"

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
