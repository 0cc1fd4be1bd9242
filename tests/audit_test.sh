#!/usr/bin/env bash
# tests/audit_test.sh GPULINT SRCDIR - gpulint audit end to end on four
# small projects of testdata: results.jsonl and the reports; a crashing
# and a hanging file cost only themselves; an interrupted audit resumed
# equals an uninterrupted one; two shards merged equal one run (shards run
# through the GNU parallel recipe when parallel is installed, else directly;
# the Slurm recipe's array-task side with Slurm's variables; the Kubernetes
# manifest's indexed Job with JOB_COMPLETION_INDEX, then its merge Job); report.html in Chromium
# headless (charts, table, a filter preset by the URL fragment), skipped
# with a message when chromium is absent.
set -uo pipefail
G=$(realpath "$1")
S=$(realpath "$2")
fail=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fail=1; }
check() { if eval "$2"; then ok "$1"; else bad "$1"; fi; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gpulint-audit.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
# relative project paths: shard membership hashes the path as listed, so
# the split is the same wherever the tree is checked out
cd "$S/testdata" || exit 1
printf '%s\n' examples projects/opencl_small rules/double-literal rules/uncoalesced-row > "$tmp/list"

# A canonical view of an audit: each file's status and its findings'
# fingerprints, rules and severities; the CSV without the seconds column.
canon() {
    python3 - "$1" <<'EOF'
import json, sys
files, findings = {}, {}
for line in open(sys.argv[1] + "/results.jsonl"):
    try:
        r = json.loads(line)
    except ValueError:
        continue  # the line a killed run cut in half
    key = (r["project"], r.get("file", ""))
    if r["type"] == "finding":
        findings.setdefault(key + (r["hash"],), []).append(
            (r["finding"]["fingerprint"], r["finding"]["rule"], r["finding"]["severity"]))
    elif r["type"] == "file":
        files[key] = (r["status"], sorted(findings.pop(key + (r["hash"],), [])))
for k in sorted(files):
    print(k[0], k[1], files[k][0], files[k][1])
for row in open(sys.argv[1] + "/summary.csv"):
    print(",".join(row.strip().split(",")[:-1]))
EOF
}

# --- one uninterrupted run, the reference
"$G" audit --out "$tmp/full" -j 2 --projects-file "$tmp/list" > "$tmp/full.out" 2> "$tmp/full.err"
check "audit exits 0" "[[ $? == 0 ]]"
check "report.html, summary.csv, SARIF per project" \
    "[[ -s $tmp/full/report.html && -s $tmp/full/summary.csv && -s $tmp/full/sarif/examples.sarif && -s $tmp/full/sarif/uncoalesced-row.sarif ]]"
canon "$tmp/full" > "$tmp/full.canon"
nfiles=$(grep -c '"type":"file"' "$tmp/full/results.jsonl")
nfind=$(grep -c '"type":"finding"' "$tmp/full/results.jsonl")
check "every file recorded ($nfiles), findings with fingerprints ($nfind)" \
    "[[ $nfiles -ge 20 && $nfind -ge 20 ]] && ! grep -q '\"fingerprint\":\"\"' $tmp/full/results.jsonl"
check "finding lines carry severity and predicted" "grep -m1 '\"type\":\"finding\"' $tmp/full/results.jsonl | grep -q '\"severity\":.*\"predicted\":{'"
check "plain progress lines when stderr is not a terminal" "grep -q '^gpulint audit: 4/4 projects, $nfiles/$nfiles files (0 failed), .* files/s, $nfind findings, done in' $tmp/full.err"
python3 - "$tmp/full" <<'EOF' && ok "SARIF: one result per finding of the project, with fingerprints" || bad "SARIF per project"
import json, sys
d = sys.argv[1]
n = sum(1 for l in open(d + "/results.jsonl") if '"type":"finding"' in l and '"project":"examples"' in l)
s = json.load(open(d + "/sarif/examples.sarif"))
res = s["runs"][0]["results"]
assert len(res) == n and n > 0, (len(res), n)
assert all(r["partialFingerprints"]["primaryLocationLineHash"] for r in res)
EOF

# --- resumable: nothing left to do; then --force redoes everything
"$G" audit --out "$tmp/full" -j 2 --projects-file "$tmp/list" 2> "$tmp/again.err" >/dev/null
check "a rerun skips every recorded file" "grep -q '$nfiles files already recorded' $tmp/again.err && grep -q ' 0/0 files' $tmp/again.err"
cp "$tmp/full/results.jsonl" "$tmp/before-touch.jsonl"
"$G" audit --out "$tmp/full" -j 2 --force --projects-file "$tmp/list" 2> "$tmp/force.err" >/dev/null
check "--force analyses every file again" "grep -q '$nfiles/$nfiles files' $tmp/force.err && [[ \$(grep -c '\"type\":\"file\"' $tmp/full/results.jsonl) == $nfiles ]]"

# --- a crashing and a hanging file cost only themselves
# (--file-timeout 30, not 2: under ASan each forked child checks the cached PCH before its first parse)
GPULINT_TEST_CRASH_ON=pos_csr_rows GPULINT_TEST_HANG_ON=neg_float_literals \
    "$G" audit --out "$tmp/crash" -j 2 --file-timeout 30 --projects-file "$tmp/list" 2> "$tmp/crash.err" >/dev/null
check "audit with a crash and a hang still exits 0" "[[ $? == 0 ]]"
check "progress names the file that holds the run up" \
    "grep -q '^gpulint audit: .*; analysing .*double-literal/neg_float_literals.cu for [0-9]* s' $tmp/crash.err"
python3 - "$tmp/crash" "$nfiles" <<'EOF' && ok "crash and hang: those two files failed with reasons, every other file analysed" || bad "crash/hang isolation"
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1] + "/results.jsonl")]
files = {r["project"] + "/" + r["file"]: r for r in recs if r["type"] == "file"}
assert len(files) == int(sys.argv[2]), len(files)
failed = {f: r["reason"] for f, r in files.items() if r["status"] == "failed"}
assert set(failed) == {"uncoalesced-row/pos_csr_rows.cu", "double-literal/neg_float_literals.cu"}, failed
assert "signal 11" in failed["uncoalesced-row/pos_csr_rows.cu"], failed
assert "timed out after 30 s" in failed["double-literal/neg_float_literals.cu"], failed
EOF
check "the report lists the failed files with their reasons" \
    "grep -A3 'Failed files (2)' $tmp/crash/report.html | grep -q . && grep -Eq 'pos_csr_rows.cu(</a>)?</td><td>analysis killed by signal 11' $tmp/crash/report.html"

# --- interrupted (killed after 5 files), resumed: the same as uninterrupted
GPULINT_TEST_STOP_AFTER=5 "$G" audit --out "$tmp/resume" -j 1 --projects-file "$tmp/list" 2>/dev/null >/dev/null
st=$?
check "the interrupted run was killed (status $st) with 5 files recorded" \
    "[[ $st == 137 && \$(grep -c '\"type\":\"file\"' $tmp/resume/results.jsonl) == 5 && ! -e $tmp/resume/report.html ]]"
"$G" audit report "$tmp/resume" 2> "$tmp/partial.err" >/dev/null
check "a report of the interrupted run says it is partial ($((nfiles - 5)) of $nfiles files missing)" \
    "grep -q 'partial report: $((nfiles - 5)) of $nfiles files have no result yet' $tmp/partial.err && grep -q 'id=\"partial\">Partial report: $((nfiles - 5)) of $nfiles files' $tmp/resume/report.html"
# a line cut in half by the kill must not stop the resume
printf '{"type":"finding","project":"examples","fi' >> "$tmp/resume/results.jsonl"
"$G" audit --out "$tmp/resume" -j 2 --projects-file "$tmp/list" 2> "$tmp/resume.err" >/dev/null
check "the resumed run skips the 5 recorded files" "grep -q '^gpulint audit: 5 files already recorded' $tmp/resume.err"
canon "$tmp/resume" > "$tmp/resume.canon"
check "resumed == uninterrupted (statuses, fingerprints, counts)" "diff $tmp/full.canon $tmp/resume.canon"
check "the finished run's report is not marked partial" "! grep -q 'id=\"partial\"' $tmp/resume/report.html && ! grep -q 'partial report' $tmp/resume.err"

# --- shards: two shards merged == one run
if command -v parallel >/dev/null 2>&1; then
    HOSTS=: GPULINT="$G" bash "$S/ci/recipes/parallel-audit.sh" "$tmp/list" "$tmp/par" 2 > "$tmp/par.out" 2>&1
    check "GNU parallel recipe (2 shards on this host) exits 0" "[[ $? == 0 ]]"
    canon "$tmp/par/all" > "$tmp/par.canon"
    check "GNU parallel: merged shards == one run" "diff $tmp/full.canon $tmp/par.canon"
else
    echo "note: GNU parallel not installed: shards run directly (ci/setup.sh installs parallel)"
fi
for i in 0 1; do
    "$G" audit --out "$tmp/shard$i" --shard "$i/2" -j 2 --projects-file "$tmp/list" 2>> "$tmp/shards.err" >/dev/null
done
tac "$tmp/list" > "$tmp/list.rev"
"$G" audit --out "$tmp/rev0" --shard 0/2 -j 2 --projects-file "$tmp/list.rev" 2>/dev/null >/dev/null
names() { tail -n +2 "$1/summary.csv" | cut -d, -f1 | tr -d '"' | sort; }
names "$tmp/shard0" > "$tmp/p0"
names "$tmp/shard1" > "$tmp/p1"
check "shards are disjoint and cover the list ($(cat "$tmp/p0" | tr '\n' ' ')| $(cat "$tmp/p1" | tr '\n' ' '))" \
    "[[ \$(sort -u $tmp/p0 $tmp/p1 | wc -l) == 4 && \$(cat $tmp/p0 $tmp/p1 | wc -l) == 4 ]]"
check "shard membership does not depend on the list's order" "diff <(names $tmp/rev0) $tmp/p0"
"$G" audit merge --out "$tmp/merged" "$tmp/shard0" "$tmp/shard1" 2> "$tmp/merge.err" >/dev/null
check "audit merge exits 0 and writes the report" "[[ $? == 0 && -s $tmp/merged/report.html && -s $tmp/merged/sarif/examples.sarif ]]"
canon "$tmp/merged" > "$tmp/merged.canon"
check "merged shards == one run (statuses, fingerprints, counts)" "diff $tmp/full.canon $tmp/merged.canon"

# Slurm's array task side: the script run as sbatch would run task 1 of 2
SLURM_ARRAY_TASK_ID=1 SLURM_ARRAY_TASK_COUNT=2 SLURM_CPUS_PER_TASK=2 GPULINT="$G" \
    bash "$S/ci/recipes/slurm-audit.sh" "$tmp/list" "$tmp/slurm" 2>/dev/null
check "Slurm recipe: array task 1/2 == shard 1/2" "diff <(canon $tmp/shard1) <(canon $tmp/slurm/shard-1)"
# an allocation of 1 CPU where GPULINT_JOBS asks for 4: said, then 1 used
env -u SLURM_CPUS_PER_TASK SLURM_ARRAY_TASK_ID=1 SLURM_ARRAY_TASK_COUNT=2 SLURM_CPUS_ON_NODE=1 GPULINT_JOBS=4 GPULINT="$G" \
    bash "$S/ci/recipes/slurm-audit.sh" "$tmp/list" "$tmp/slurm1" 2> "$tmp/slurm1.err" >/dev/null
check "Slurm recipe: GPULINT_JOBS=4 on a 1-CPU allocation says so, uses 1 and == shard 1/2" \
    "grep -q '^slurm-audit.sh: asked for 4 CPUs, the allocation has 1: using 1\$' $tmp/slurm1.err && diff <(canon $tmp/shard1) <(canon $tmp/slurm1/shard-1)"
# Kubernetes: the Indexed Job's command with JOB_COMPLETION_INDEX=0 and 1,
# N=2, then the merge Job's command over those shards
k8s=$(python3 - "$S/ci/recipes/k8s-audit-job.yaml" 2>/dev/null <<'EOF'
import sys, yaml
jobs = {d["metadata"]["name"]: d for d in yaml.safe_load_all(open(sys.argv[1])) if d and d["kind"] == "Job"}
for name in ("gpulint-audit", "gpulint-audit-merge"):
    print(jobs[name]["spec"]["template"]["spec"]["containers"][0]["args"][0])
EOF
)
k8s_local() {
    local c=$1
    c=${c//\/projects\/list.txt/$tmp/list}
    c=${c//\/results/$tmp/k8s}
    printf '%s' "${c//\/4\"/\/2\"}"
}
if [[ $(wc -l <<<"$k8s") == 2 ]]; then
    cmd=$(k8s_local "$(sed -n 1p <<<"$k8s")")
    merge=$(k8s_local "$(sed -n 2p <<<"$k8s")")
    for i in 0 1; do
        (PATH="$(dirname "$G"):$PATH" JOB_COMPLETION_INDEX=$i CPUS=2 sh -c "$cmd" 2>/dev/null >/dev/null)
    done
    check "Kubernetes recipe: indexes 0 and 1 of 2 == shards 0/2 and 1/2" \
        "diff <(canon $tmp/shard0) <(canon $tmp/k8s/shard-0) && diff <(canon $tmp/shard1) <(canon $tmp/k8s/shard-1)"
    (PATH="$(dirname "$G"):$PATH" sh -c "$merge" 2>/dev/null >/dev/null)
    check "Kubernetes recipe: the merge Job over the shards == one run" \
        "[[ -s $tmp/k8s/all/report.html ]] && diff $tmp/full.canon <(canon $tmp/k8s/all)"
else
    echo "note: python3-yaml missing: the Kubernetes manifest's commands are not run"
fi

# --- report rebuilt from results.jsonl alone
rm -f "$tmp/full/report.html" "$tmp/full/summary.csv"
"$G" audit report "$tmp/full" 2>/dev/null
check "audit report DIR rebuilds the report and the CSV" "[[ -s $tmp/full/report.html && -s $tmp/full/summary.csv ]]"
# measured results from DIR/bench/results.json are merged into the page
fp=$(grep -m1 -o '"fingerprint":"[0-9a-f]*"' "$tmp/full/results.jsonl" | cut -d'"' -f4)
mkdir -p "$tmp/full/bench"
printf '{"version":1,"gpu":"Test GPU","results":[{"id":"x","fingerprint":"%s","result":{"best_speedup":2.5,"verdict":"confirmed","gpu":"Test GPU"}}]}\n' "$fp" > "$tmp/full/bench/results.json"
"$G" audit report "$tmp/full" 2>/dev/null
check "measured results from bench/results.json appear in the report" \
    "grep -q 'data-fingerprint=\"$fp\".*title=\"Test GPU\">2.50x confirmed' $tmp/full/report.html"

# --- file links in report.html: to the file here, or to --source-url's template
check "report.html links each finding's file to the file on this machine" \
    "grep -q '<td><a href=\"file://$S/testdata/examples/activations.cu\">activations.cu:[0-9]*</a></td>' $tmp/full/report.html"
"$G" audit report --source-url 'https://example.org/{project}/blob/main/{path}#L{line}' "$tmp/full" 2>/dev/null
check "--source-url: links made from the template (project, path in the project, line)" \
    "grep -Eq '<td><a href=\"https://example.org/uncoalesced-row/blob/main/pos_[a-z_]*.cu#L[0-9]+\">pos_[a-z_]*.cu:[0-9]+</a></td>' $tmp/full/report.html"
"$G" audit report "$tmp/full" 2>/dev/null

# --- a finding reported by two files of one project (a header both include)
# counts once in the reports, as in the command line's run
mkdir -p "$tmp/twice"
twice_project=$(python3 - "$tmp/full/results.jsonl" "$tmp/twice/results.jsonl" <<'EOF'
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
finding = next(r for r in lines if r["type"] == "finding")
project = finding["project"]
other = next(r for r in lines if r["type"] == "file" and r["project"] == project and r["file"] != finding["file"])
out = []
for r in lines:
    if r is other:
        out.append(dict(finding, file=other["file"], hash=other["hash"]))
        r = dict(r, findings=r["findings"] + 1)
    out.append(r)
open(sys.argv[2], "w").write("".join(json.dumps(r) + "\n" for r in out))
print(project)
EOF
)
"$G" audit report "$tmp/twice" 2>/dev/null
sarif_count() { python3 -c 'import json,sys; print(sum(len(r["results"]) for r in json.load(open(sys.argv[1]))["runs"]))' "$1"; }
once=$(sarif_count "$tmp/full/sarif/$twice_project.sarif")
twice=$(sarif_count "$tmp/twice/sarif/$twice_project.sarif")
check "a finding that two files of a project report counts once (SARIF $twice, before $once; CSV the same)" \
    "[[ $once == $twice ]] && diff <(cut -d, -f1-13 $tmp/full/summary.csv) <(cut -d, -f1-13 $tmp/twice/summary.csv) >/dev/null"

# --- temporary files: none left behind, also by projects whose analysis
# writes generated headers (CMake-configured ones, discovered include roots)
mkdir "$tmp/tmpdir"
TMPDIR="$tmp/tmpdir" "$G" audit --out "$tmp/tmpcheck" -j 2 projects/cmake_configured projects/discovery >/dev/null 2>&1
left=$(ls -A "$tmp/tmpdir" | tr '\n' ' ')
check "no temporary directory left behind (${left:-none})" "[[ -z '$left' && -s $tmp/tmpcheck/results.jsonl ]]"

# --- the threshold: a project's .gpulint.yaml lowers it; --min-severity wins
cp -r examples "$tmp/cfgproj" && printf 'min-severity: info\n' > "$tmp/cfgproj/.gpulint.yaml"
recorded() { grep '"type":"finding"' "$1/results.jsonl" | grep -c '"severity":"info"'; }
"$G" audit --out "$tmp/cfg-info" -j 2 "$tmp/cfgproj" >/dev/null 2>&1
"$G" audit --out "$tmp/cfg-low" -j 2 --min-severity low "$tmp/cfgproj" >/dev/null 2>&1
ninfo=$(recorded "$tmp/cfg-info"); nlow=$(recorded "$tmp/cfg-low")
check "config min-severity: info records info findings ($ninfo); --min-severity low on the command line wins ($nlow)" \
    "[[ $ninfo -ge 1 && $nlow == 0 ]] && grep -q '\"below_threshold\":[1-9]' $tmp/cfg-low/results.jsonl"

# --- --emit-bench: the top 2 findings per project
"$G" audit --out "$tmp/bench" -j 2 --emit-bench 2 examples rules/uncoalesced-row 2> "$tmp/bench.err" >/dev/null
nb=$(python3 -c 'import json,sys; print(len([b for b in json.load(open(sys.argv[1]))["benchmarks"] if b.get("kind") != "replay"]))' "$tmp/bench/bench/index.json" 2>/dev/null)
check "--emit-bench 2: 4 benchmarks for 2 projects ($nb)" "[[ '$nb' == 4 ]] && ls $tmp/bench/bench/*/bench.cu >/dev/null"
nr=$(python3 -c 'import json,sys; print(len([b for b in json.load(open(sys.argv[1]))["benchmarks"] if b.get("kind") == "replay"]))' "$tmp/bench/bench/index.json" 2>/dev/null)
check "--emit-bench 2: replays of the findings' own kernels beside them ($nr)" "[[ '$nr' -ge 1 ]] && ls $tmp/bench/bench/*.replay/written.cu >/dev/null"

# --- the page in a real browser
browser=$(command -v chromium || command -v chromium-browser || true)
if [[ -z "$browser" ]]; then
    echo "SKIP: chromium not installed: report.html not rendered (ci/setup.sh installs chromium)"
else
    dom() { timeout 120 "$browser" --headless --no-sandbox --disable-gpu --user-data-dir="$tmp/chrome" --dump-dom "file://$1" 2>/dev/null; }
    d=$(dom "$tmp/full/report.html")
    check "Chromium: the script ran" "grep -q 'data-ready=\"1\"' <<<\"\$d\""
    check "Chromium: three charts with bars" \
        "[[ \$(grep -o 'id=\"chart-[a-z]*\"' <<<\"\$d\" | sort -u | wc -l) == 3 && \$(grep -c '<rect class=\"bar\"' <<<\"\$d\") -ge 6 ]]"
    check "Chromium: the findings table has every finding ($nfind)" \
        "[[ \$(grep -c '<tr data-project=' <<<\"\$d\") == $nfind && \$(grep -o '<span id=\"shown\">[0-9]*' <<<\"\$d\") == '<span id=\"shown\">$nfind' ]]"
    want=$(grep '"type":"finding"' "$tmp/full/results.jsonl" | grep '"project":"examples"' | grep -c '"rule":"double-literal"')
    d=$(dom "$tmp/full/report.html#rule=double-literal&project=examples")
    shown=$(grep -o '<span id="shown">[0-9]*' <<<"$d" | grep -o '[0-9]*$')
    visible=$(grep '<tr data-project=' <<<"$d" | grep -v ' hidden=' | grep -c 'data-project="examples" data-rule="double-literal"')
    hidden_other=$(grep '<tr data-project=' <<<"$d" | grep -v ' hidden=' | grep -vc 'data-project="examples" data-rule="double-literal"')
    check "Chromium: the filter (#rule=double-literal&project=examples) shows $want rows ($shown shown, $visible visible, $hidden_other others)" \
        "[[ $want -gt 0 && '$shown' == $want && $visible == $want && $hidden_other == 0 ]]"
    # the tables fit the window at common widths (no column cut off)
    for width in 1280 1920; do
        sed "s#@REPORT@#file://$tmp/full/report.html#; s#@WIDTH@#$width#" > "$tmp/fit$width.html" <<'EOF'
<!DOCTYPE html><html><body>
<iframe id="f" src="@REPORT@" style="width:@WIDTH@px;height:900px;border:0"></iframe>
<script>
document.getElementById('f').onload = function () {
  var d = this.contentDocument, w = d.documentElement.clientWidth, bad = [];
  ['projects', 'findings', 'failed'].forEach(function (id) {
    var t = d.getElementById(id);
    if (!t || t.getBoundingClientRect().right > w) bad.push(id + (t ? ' ' + Math.round(t.getBoundingClientRect().right) + '>' + w : ' missing'));
  });
  document.body.setAttribute('data-fit', bad.length ? bad.join(', ') : 'yes');
};
</script></body></html>
EOF
        fit=$(timeout 120 "$browser" --headless --no-sandbox --disable-gpu --allow-file-access-from-files --virtual-time-budget=5000 \
            --user-data-dir="$tmp/chrome" --dump-dom "file://$tmp/fit$width.html" 2>/dev/null | grep -o 'data-fit="[^"]*"')
        check "Chromium at $width px: the tables fit the window ($fit)" "[[ '$fit' == 'data-fit=\"yes\"' ]]"
    done
    d=$(dom "$tmp/full/report.html#q=gate_weights")
    check "Chromium: a text filter (#q=gate_weights) keeps only matching rows" \
        "[[ \$(grep '<tr data-project=' <<<\"\$d\" | grep -v ' hidden=' | grep -c .) -ge 1 && -z \"\$(grep '<tr data-project=' <<<\"\$d\" | grep -v ' hidden=' | grep -v gate_weights)\" ]]"
fi
exit $fail
