#!/usr/bin/env bash
# ci_formats_test.sh GPULINT SOURCE_DIR [--update] - the CI formats (sarif,
# github, gitlab, rdjsonl) on testdata/examples against the golden files in
# testdata/golden/, the SARIF report validated against the official schema
# (../shared/schemas; skipped with a message where that is absent), and the
# GitHub step summary.  Paths in the reports are repository-relative, so
# the goldens hold no machine's paths; the one absolute URI (SARIF's
# %SRCROOT%) is replaced by ROOT before comparing.
set -uo pipefail
gpulint=$(realpath "$1")
src=$(realpath "$2")
update=${3:-}
cd "$src" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
note() { echo "FAIL: $*"; fail=1; }

# every registered format but text and json (tests/cli_test.sh has those),
# read from --help: a new format needs its golden here and nothing else
formats=$("$gpulint" --help 2>&1 | sed -n 's/.*--format=\([a-z0-9|]*\).*/\1/p' | head -1 | tr '|' ' ')
formats=$(echo " $formats " | sed 's/ text / /; s/ json / /')
for f in sarif github gitlab rdjsonl; do
    [[ " $formats " == *" $f "* ]] || note "--help does not list the format $f (read: '$formats')"
done
for fmt in $formats; do
    env -u GITHUB_STEP_SUMMARY "$gpulint" --min-severity=info --format=$fmt --repo-root "$src" testdata/examples >"$tmp/out.$fmt" 2>"$tmp/err.$fmt"
    rc=$?
    [[ $rc == 1 ]] || note "--format=$fmt: exit $rc, expected 1 (findings)"
    sed -E 's#"uri":"file://[^"]*"#"uri":"ROOT"#' "$tmp/out.$fmt" >"$tmp/norm.$fmt"
    golden=testdata/golden/examples.$fmt
    if [[ $update != --update && ! -f $golden ]]; then
        note "--format=$fmt has no golden $golden (run this script with --update, then read it)"
    elif [[ $update == --update ]]; then
        cp "$tmp/norm.$fmt" "$golden"
    elif ! diff -u "$golden" "$tmp/norm.$fmt" >"$tmp/diff.$fmt"; then
        note "--format=$fmt differs from $golden:"
        head -40 "$tmp/diff.$fmt"
    fi
    # machine-readable reports leave stderr to problems only
    if [[ $fmt != github ]] && [[ -s "$tmp/err.$fmt" ]]; then note "--format=$fmt wrote to stderr:"; cat "$tmp/err.$fmt"; fi
done

# Every line of rdjsonl and the whole gitlab report are JSON.
python3 - "$tmp/out.rdjsonl" "$tmp/out.gitlab" <<'PY' || note "rdjsonl/gitlab are not JSON"
import json, sys
lines = open(sys.argv[1]).read().splitlines()
assert lines and all(json.loads(l)["location"]["path"].startswith("testdata/") for l in lines)
issues = json.load(open(sys.argv[2]))
assert len(issues) == len(lines)
assert all(i["severity"] in ("critical", "major", "minor") and len(i["fingerprint"]) == 16 for i in issues)
assert len({i["fingerprint"] for i in issues}) == len(issues), "fingerprints must be unique"
PY

# GitHub: at most 10 annotations per level, then one notice with the count
# (a file with 13 high findings (0.5 is exact in float: info), more than one level's limit).
for level in error warning notice; do
    n=$(grep -c "^::$level file=" "$tmp/out.github")
    ((n <= 10)) || note "github: $n ::$level annotations (the limit is 10)"
done
{
    echo '__global__ void many(float *a, int n) {'
    echo '    int i = threadIdx.x;'
    echo '    float v = a[i];'
    echo '    for (int s = 0; s < n; s++) {'   # a compute loop: each double operation costs
    for k in $(seq 1 14); do echo "        v = v * 0.$k;"; done
    echo '    }'
    echo '    a[i] = v;'
    echo '}'
} >"$tmp/many.cu"
env -u GITHUB_STEP_SUMMARY "$gpulint" --format=github "$tmp/many.cu" >"$tmp/many.github" 2>/dev/null
n=$(grep -c '^::error file=' "$tmp/many.github")
((n == 10)) || note "github: $n ::error annotations for 13 high findings, expected 10"
grep -q '^::notice title=gpulint::3 more findings not annotated' "$tmp/many.github" || note "github: no notice for the annotations over the limit"
# ... and with a step summary, every finding is in its table.
GITHUB_STEP_SUMMARY="$tmp/summary.md" "$gpulint" --min-severity=info --format=github testdata/examples >/dev/null 2>&1
rows=$(grep -c '^| testdata/' "$tmp/summary.md")
want=$(wc -l <"$tmp/out.rdjsonl")
[[ $rows == "$want" ]] || note "github: the step summary has $rows rows, expected $want"

# SARIF: the official schema and GitHub's required fields.
schema=$src/../shared/schemas/sarif-schema-2.1.0.json
python3 "$src/tests/sarif_check.py" "$tmp/out.sarif" "$schema"
rc=$?
if [[ $rc == 77 ]]; then
    echo "SKIP: SARIF schema validation (see the line above)"
elif [[ $rc != 0 ]]; then
    note "SARIF does not validate"
else
    # the checker must catch a broken report
    python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); r=d["runs"][0]["results"][0]; r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]="/abs/x.cu"; del r["message"]; json.dump(d,open(sys.argv[2],"w"))' "$tmp/out.sarif" "$tmp/bad.sarif"
    python3 "$src/tests/sarif_check.py" "$tmp/bad.sarif" "$schema" >/dev/null && note "sarif_check.py accepted a broken report"
fi

# SARIF has a result for every finding JSON reports, at the same place,
# wherever gpulint runs from: a project without .git named from another
# directory (a repository, or none) is relative to the named directory; a
# file outside --repo-root gets an absolute file URI and a warning.
# sarif_counts SARIF JSON ROOT: checks results against JSON, prints the URIs
sarif_counts() {
    python3 - "$@" <<'PY'
import json, sys, urllib.parse
s, j, root = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), sys.argv[3]
run = s["runs"][0]
res, fs = run["results"], j["findings"]
assert len(res) == len(fs) > 0, f"SARIF {len(res)} results, JSON {len(fs)} findings"
base = run["originalUriBaseIds"]["%SRCROOT%"]["uri"]
assert base == "file://" + root + "/", (base, root)
def where(r):
    a, g = r["locations"][0]["physicalLocation"]["artifactLocation"], r["locations"][0]["physicalLocation"]["region"]
    uri = a["uri"] if "uriBaseId" not in a else base + a["uri"]
    return (urllib.parse.unquote(uri[len("file://"):]), g["startLine"], r["ruleId"])
got = sorted(where(r) for r in res)
want = sorted((f["file"] if f["file"].startswith("/") else "", f["line"], f["rule"]) for f in fs)
assert [g[1:] for g in got] == [w[1:] for w in want], (got, want)
assert all(w[0] == "" or w[0] == g[0] for g, w in zip(got, want)), (got, want)
print(" ".join(sorted({r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in res})))
PY
}
mkdir -p "$tmp/norepo/x" "$tmp/git-cwd" "$tmp/plain-cwd"
cp testdata/examples/activations.cu "$tmp/norepo/x/file.cu"
git init -q "$tmp/git-cwd"
x=$(cd "$tmp/norepo/x" && pwd -P)
for cwd in "$tmp/git-cwd" "$tmp/plain-cwd"; do
    (cd "$cwd" && "$gpulint" --format=sarif -o "$tmp/x.sarif" "$x/file.cu" 2>"$tmp/x.err"; [[ $? == 1 ]]) || note "sarif from $cwd: exit status"
    (cd "$cwd" && "$gpulint" --format=json "$x/file.cu" >"$tmp/x.json" 2>/dev/null)
    uris=$(sarif_counts "$tmp/x.sarif" "$tmp/x.json" "$x") || note "sarif of a project without .git, from $cwd: results differ from JSON"
    [[ $uris == file.cu ]] || note "sarif from $cwd: URIs '$uris', expected file.cu relative to the named directory"
    grep -q "warning" "$tmp/x.err" && note "sarif from $cwd: a warning for results that are relative"
done
mkdir -p "$tmp/elsewhere"
"$gpulint" --format=sarif --repo-root "$tmp/elsewhere" testdata/examples/activations.cu >"$tmp/outside.sarif" 2>"$tmp/outside.err"
"$gpulint" --format=json --repo-root "$tmp/elsewhere" testdata/examples/activations.cu >"$tmp/outside.json" 2>/dev/null
uris=$(sarif_counts "$tmp/outside.sarif" "$tmp/outside.json" "$(cd "$tmp/elsewhere" && pwd -P)") || note "sarif: findings outside --repo-root differ from JSON"
[[ $uris == "file://$src/testdata/examples/activations.cu" ]] || note "sarif outside --repo-root: URIs '$uris', expected an absolute file URI"
grep -Eq "gpulint: warning: SARIF: [0-9]+ results? (is|are) outside .*elsewhere \\(%SRCROOT%\\) and named by an absolute file URI" "$tmp/outside.err" ||
    { note "sarif outside --repo-root: no warning"; cat "$tmp/outside.err"; }

# The CI recipes are valid YAML and run the formats they upload.
if python3 -c 'import yaml' 2>/dev/null; then
    python3 - "$src" <<'PY' || note "the CI recipes"
import sys, yaml
src = sys.argv[1]
gh = yaml.safe_load(open(f"{src}/ci/recipes/github-actions.yml"))
steps = gh["jobs"]["gpulint"]["steps"]
runs = " ".join(s.get("run", "") for s in steps)
assert "--format=github --diff" in runs and "--format=sarif -o gpulint.sarif" in runs
assert any(s.get("uses", "").startswith("github/codeql-action/upload-sarif") for s in steps)
gl = yaml.safe_load(open(f"{src}/ci/recipes/gitlab-ci.yml"))["gpulint"]
assert gl["artifacts"]["reports"]["codequality"] == "gl-code-quality-report.json"
assert any("--format=gitlab -o gl-code-quality-report.json" in l for l in gl["script"])
assert not any("setup.sh" in l or "cpack" in l for l in gl["before_script"])  # the release's .deb, no build
assert any("apt-get install" in l and ".deb" in l for l in gl["before_script"])
hooks = yaml.safe_load(open(f"{src}/.pre-commit-hooks.yaml"))
assert hooks[0]["id"] == "gpulint" and hooks[0]["entry"] == "gpulint"
assert hooks[1]["id"] == "gpulint-docker" and hooks[1]["language"] == "docker_image"
assert all(h["files"] == hooks[0]["files"] for h in hooks)
PY
else
    echo "SKIP: recipe YAML check (python3 yaml not installed)"
fi

# SARIF columns are UTF-16 code units (columnKind): a two-byte and a
# four-byte character before the finding on its line count 1 and 2 units.
mkdir -p "$tmp/u16"
printf '__global__ void k(float *a) { /* \xc3\xa9\xf0\x9f\x98\x80 */ a[threadIdx.x] = a[threadIdx.x] * 0.1; }\n' >"$tmp/u16/u.cu"
"$gpulint" --format=sarif --min-severity=info --repo-root "$tmp/u16" "$tmp/u16/u.cu" >"$tmp/u16.sarif" 2>/dev/null
grep -q '"region":{"startLine":1,"startColumn":75,"endLine":1,"endColumn":78}' "$tmp/u16.sarif" ||
    note "sarif: columns are not UTF-16 code units (byte column 78 should be 75): $(grep -o '"region":{[^}]*}' "$tmp/u16.sarif" | head -1)"

((fail == 0)) && echo "ok: sarif, github, gitlab and rdjsonl match their goldens"
exit $fail
