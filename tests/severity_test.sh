#!/usr/bin/env bash
# severity_test.sh GPULINT: severity from the cost model's prediction,
# --min-severity (every output, the exit status, the summary line), the
# `predicted` key in JSON and text, and what --emit-bench says about assumed
# parameters and benchmarks it refuses.
set -u
gpulint=$1
pass=0
fail=0
ok() { echo "ok: $1"; pass=$((pass + 1)); }
bad() { echo "FAIL: $1"; fail=$((fail + 1)); }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 2
# row_sums: uncoalesced-row with a runtime width (predicted 2.76x: high, W=64 assumed);
# scale: a uniform branch outside loops (1.00x: info) and 0.1 in a compute loop
# (one inexact operation: 5.82x, high; in an elementwise statement, info);
# named: a const double, whose value the cost model does not read (the rule's medium).
cat > sev.cu <<'EOF'
__global__ void row_sums(const float* in, float* out, int w)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    float s = 0.0f;
    for (int i = 0; i < w; i++) s += in[t * w + i];
    out[t] = s;
}

__global__ void scale(float* y, const float* x, int mode)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (mode) y[t] = x[t];
    else { float v = x[t]; for (int i = 0; i < 64; i++) v = v * 0.9f + 0.1; y[t] = v; }
}

__global__ void named(float* y, const float* x)
{
    const double kScale = 0.5;
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    y[t] = x[t] * kScale;
}
EOF
# only an info finding
cat > quiet.cu <<'EOF'
__global__ void pick(float* y, const float* x, int mode)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (mode) y[t] = x[t];
}
EOF

expect_rc() { # expect_rc NAME WANT ARGS...
    local name=$1 want=$2
    shift 2
    "$gpulint" "$@" > out.txt 2> err.txt
    local rc=$?
    [ $rc -eq "$want" ] && ok "$name: exit $rc" || bad "$name: exit $rc, expected $want ($(tail -1 err.txt))"
}

expect_rc "default threshold, findings above it" 1 sev.cu
grep -q '\[uniform-branch\]' out.txt && bad "an info finding was reported at the default threshold" || ok "info findings are not reported by default"
grep -q "^gpulint: 3 findings (2 high, 1 medium, 0 low, 0 info; 1 more below --min-severity=low), 0 errors; 1 file, 3 kernels, " err.txt \
    && ok "summary line counts the hidden findings" || bad "summary line: $(tail -1 err.txt)"
grep -q "    note: predicted on NVIDIA H100 80GB HBM3: 2.76x (basis: rows of W=64 4-byte elements (runtime width assumed 64, as benchmarked): row-W64 (2.76x))" out.txt \
    && ok "text: the predicted note with its basis" || bad "text: no predicted note"
grep -q "note: predicted on NVIDIA H100 80GB HBM3: no measurement for this shape (the value of 'kScale' is not known); severity from the rule" out.txt \
    && ok "text: no measurement for this shape" || bad "text: no 'no measurement' note"
grep -q "bench_assumed=W=64 (runtime row width 'w')" out.txt && ok "the finding states the assumed W=64" || bad "no bench_assumed evidence"

expect_rc "only info findings, default threshold" 0 quiet.cu
[ ! -s out.txt ] && ok "nothing printed for them" || bad "output for a file of info findings: $(head -2 out.txt)"
grep -q "^gpulint: 0 findings (0 high, 0 medium, 0 low, 0 info; 1 more below --min-severity=low), " err.txt \
    && ok "summary says one finding is below the threshold" || bad "summary: $(tail -1 err.txt)"
expect_rc "only info findings, --min-severity=info" 1 --min-severity=info quiet.cu
grep -q "note: severity info; kernel pick" out.txt && ok "--min-severity=info reports them, severity info" || bad "no info finding with --min-severity=info"
grep -q "^gpulint: 1 finding (0 high, 0 medium, 0 low, 1 info), " err.txt && ok "summary with an info finding" || bad "summary: $(tail -1 err.txt)"
expect_rc "--min-severity=high" 1 --min-severity=high sev.cu
[ "$(grep -c ': warning: ' out.txt)" -eq 2 ] && ! grep -q "severity medium" out.txt && ok "--min-severity=high keeps the two high findings" \
    || bad "--min-severity=high: $(grep -c ': warning: ' out.txt) findings"
expect_rc "--min-severity=high, JSON" 1 --format=json --min-severity=high sev.cu
[ "$(grep -c '"rule":' out.txt)" -eq 2 ] && ok "JSON applies the threshold too" || bad "JSON: $(grep -c '"rule":' out.txt) findings"
expect_rc "--min-severity=medium on a file of info findings, JSON" 0 --format=json --min-severity=medium quiet.cu
grep -q '"findings":[[:space:]]*\[\]' out.txt && ok "empty findings array" || bad "JSON findings not empty"
expect_rc "unknown severity" 2 --min-severity=critical sev.cu
grep -q "unknown severity 'critical' (expected info, low, medium or high)" err.txt && ok "the error names the values" || bad "error: $(cat err.txt)"

# .gpulint.yaml's min-severity sets the threshold, lower or higher than the
# default; the command line's --min-severity wins over it
mkdir -p cfg && cp quiet.cu sev.cu cfg/
printf 'min-severity: info\n' > cfg/.gpulint.yaml
expect_rc "config min-severity: info" 1 cfg/quiet.cu
grep -q "note: severity info; kernel pick" out.txt && ok "config min-severity: info reports info findings" || bad "config min-severity: info: $(tail -1 err.txt)"
expect_rc "config min-severity: info, JSON" 1 --format=json cfg/quiet.cu
[ "$(grep -c '"rule":' out.txt)" -eq 1 ] && ok "config min-severity: info, JSON agrees" || bad "config info, JSON: $(grep -c '"rule":' out.txt) findings"
expect_rc "config min-severity: info, --min-severity=low" 0 --min-severity=low cfg/quiet.cu
[ ! -s out.txt ] && ok "the command line's --min-severity wins over the config" || bad "--min-severity=low over config info: $(head -2 out.txt)"
printf 'min-severity: high\n' > cfg/.gpulint.yaml
expect_rc "config min-severity: high" 1 cfg/sev.cu
[ "$(grep -c ': warning: ' out.txt)" -eq 2 ] && ok "config min-severity: high keeps the two high findings" || bad "config high: $(grep -c ': warning: ' out.txt) findings"
expect_rc "config min-severity: high, --min-severity=info" 1 --min-severity=info cfg/sev.cu
[ "$(grep -c ': warning: ' out.txt)" -eq 4 ] && ok "--min-severity=info wins over config high" || bad "--min-severity=info over config high: $(grep -c ': warning: ' out.txt) findings"

# JSON: predicted {gpu, speedup, basis, level}; speedup null without a measurement
"$gpulint" --format=json --min-severity=info sev.cu > out.json 2> /dev/null
python3 - out.json <<'EOF' && ok "JSON predicted fields (number, null, basis, severity)" || bad "JSON predicted fields"
import json, sys
d = json.load(open(sys.argv[1]))
by = {(f["rule"], f["line"]): f for f in d["findings"]}
row = by[("uncoalesced-row", 5)]["predicted"]
assert row == {"gpu": "NVIDIA H100 80GB HBM3", "speedup": 2.76,
               "basis": "rows of W=64 4-byte elements (runtime width assumed 64, as benchmarked): row-W64 (2.76x)",
               "level": "pattern"}, row
named = by[("double-literal", 20)]
assert named["predicted"]["speedup"] is None and named["predicted"]["basis"].startswith("no measurement for this shape"), named
assert named["severity"] == "medium"
branch = by[("uniform-branch", 12)]
assert branch["severity"] == "info" and branch["predicted"]["speedup"] == 1.0, branch
assert all(len(f["fingerprint"]) >= 16 for f in d["findings"])
EOF

# --emit-bench: the assumed W in the benchmark and the index; the identical
# benchmark of 'x * kScale' refused with a note; info findings not emitted
"$gpulint" --emit-bench eb sev.cu > out.txt 2> err.txt
grep -q "^sev.cu:20:19: note: --emit-bench: double-literal-sev_cu-L20-C19: no benchmark: as written and fixed code would be identical ('(x) \* kScale')" err.txt \
    && ok "identical variants refused with a note at the finding" || bad "no refusal note: $(cat err.txt)"
[ ! -e eb/double-literal-sev_cu-L20-C19 ] && ok "no benchmark written for it" || bad "the identical benchmark was written"
grep -q "^#define GL_ASSUMED \"W=64 (runtime row width 'w')\"$" eb/uncoalesced-row-sev_cu-L5-C38/bench.cu \
    && ok "the benchmark states the assumed W" || bad "no GL_ASSUMED in the benchmark"
python3 - eb/index.json <<'EOF' && ok "index: assumed and fingerprint; no info finding emitted" || bad "index.json"
import json, sys
b = {e["id"]: e for e in json.load(open(sys.argv[1]))["benchmarks"] if e.get("kind") != "replay"}
assert set(b) == {"uncoalesced-row-sev_cu-L5-C38", "double-literal-sev_cu-L13-C72"}, sorted(b)
row = b["uncoalesced-row-sev_cu-L5-C38"]
assert row["assumed"] == "W=64 (runtime row width 'w')" and row["fingerprint"] == row["finding"]["fingerprint"], row
EOF
grep -q 'notes_.push_back(std::string("assumed parameter: ") + GL_ASSUMED)' eb/gpulint_bench.h \
    && ok "the harness prints the assumption with the result" || bad "the harness does not print GL_ASSUMED"

# gpulint bench --collect: results.json carries the fingerprint and the
# assumption, and --impact attaches the result to that finding only
id=uncoalesced-row-sev_cu-L5-C38
printf 'GPULINT_RESULT {"gpu":"G","verdict":"confirmed","best_fix":"transposed","best_speedup":2.5,"best_spread":[2.4,2.6],"variants":[{"median_ms":1}]}\n' > "eb/$id/output.txt"
"$gpulint" bench eb --collect > /dev/null 2>&1
python3 - eb/results.json <<'EOF' && ok "results.json: fingerprint and assumed" || bad "results.json lacks fingerprint or assumed"
import json, sys
r = [e for e in json.load(open(sys.argv[1]))["results"] if "result" in e]
assert len(r) == 1 and r[0]["fingerprint"] and r[0]["assumed"] == "W=64 (runtime row width 'w')", r
EOF
n=$("$gpulint" --impact eb/results.json sev.cu 2>/dev/null | grep -c "measured on G: transposed 2.50x")
[ "$n" -eq 1 ] && ok "--impact attaches the collected result to its finding only" || bad "--impact attached $n times"

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
