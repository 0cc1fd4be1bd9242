#!/usr/bin/env bash
# ci_filter_test.sh GPULINT - what a CI run reports: NOLINT suppressions in
# every form, --select/--ignore/--exclude/--min-severity, the baseline round
# trip, --diff/--diff-file on a scratch git repository with a two-commit
# history, and the exit status of each combination.  Inputs are written here.
set -uo pipefail
gpulint=$(realpath "$1")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
note() { echo "FAIL: $*"; fail=1; }
# expect_rc WANT CMD...: runs gpulint (output in $tmp/out, $tmp/err)
expect_rc() {
    local want=$1
    shift
    "$gpulint" --min-severity=info "$@" >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    [[ $rc == "$want" ]] || { note "gpulint $*: exit $rc, expected $want"; cat "$tmp/err"; }
}
# lines_of: the line numbers of the reported findings (text format)
lines_of() { grep -o '^[^ ]*\.cu:[0-9]*' "$tmp/out" | sed 's/.*://' | tr '\n' ' '; }

cd "$tmp"
git init -q repo && cd repo
git config user.email t@example.org && git config user.name test

# ----------------------------------------------------------------- NOLINT
cat >nolint.cu <<'CU'
__global__ void scale(float *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) a[i] = a[i] * 2.5;
    if (i < n) a[i] = a[i] * 3.5; // NOLINT
    if (i < n) a[i] = a[i] * 4.5; // NOLINT(double-literal)
    // NOLINTNEXTLINE(gpulint-double-*)
    if (i < n) a[i] = a[i] * 5.5;
    if (i < n) a[i] = a[i] * 6.5; // NOLINT(uniform-branch)
    // NOLINTBEGIN(double-literal)
    if (i < n) a[i] = a[i] * 7.5;
    if (i < n) a[i] = a[i] * 8.5;
    // NOLINTEND(double-literal)
    if (i < n) a[i] = a[i] * 9.5; // NOLINT(bugprone-foo, no-such-rule)
    if (i < n) a[i] = a[i] * 1.5; /* NOLINT (double-literal): a blank before '(' makes it bare */
    const char *s = "// NOLINT"; if (i < n) a[i] = a[i] * 0.5;
}
CU
expect_rc 1 nolint.cu --report-unused-suppressions
[[ "$(lines_of)" == "4 9 14 16 " ]] || note "NOLINT forms: findings on lines $(lines_of), expected 4 9 14 16"
grep -q "nolint.cu:14:1: note: NOLINT names no gpulint rule 'no-such-rule'" "$tmp/err" || note "no note for an unknown rule in NOLINT"
grep -q "bugprone-foo" "$tmp/err" && note "a clang-tidy check name in NOLINT was reported"
grep -q "nolint.cu:9:1: note: unused suppression NOLINT(uniform-branch)" "$tmp/err" || note "--report-unused-suppressions missed line 9"
expect_rc 1 nolint.cu
grep -q "unused suppression" "$tmp/err" && note "unused suppressions reported without the flag"
printf '__global__ void k(float *a) {\n  // NOLINTBEGIN(double-literal)\n  a[0] = a[0] * 2.5;\n}\n' >unmatched.cu
expect_rc 1 unmatched.cu
grep -q "unmatched.cu:2:1: note: NOLINTBEGIN(double-literal) has no matching NOLINTEND" "$tmp/err" || note "unmatched NOLINTBEGIN not noted"

# A suppression in a header applies to the header's findings.
mkdir -p inc
printf '__device__ inline float twice(float x) { return x * 2.5; } // NOLINT(double-literal)\n__device__ inline float thrice(float x) { return x * 3.5; }\n' >inc/helpers.cuh
printf '#include "inc/helpers.cuh"\n__global__ void k(float *a) { a[threadIdx.x] = twice(a[threadIdx.x]) + thrice(a[0]); }\n' >uses_header.cu
expect_rc 1 uses_header.cu
grep -q "helpers.cuh:1:" "$tmp/out" && note "NOLINT in a header did not suppress its finding"
grep -q "helpers.cuh:2:" "$tmp/out" || note "the header's unsuppressed finding is missing"
rm -f unmatched.cu uses_header.cu && rm -rf inc

# -------------------------------------------------------------- selection
cat >sel.cu <<'CU'
__global__ void k(float *a, int n, bool flag)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (flag) { float v = a[i]; for (int k = 0; k < n; k++) v = v * 0.1; a[i] = v; }
}
CU
expect_rc 1 sel.cu
grep -q '\[double-literal\]' "$tmp/out" && grep -q '\[uniform-branch\]' "$tmp/out" || note "sel.cu: expected double-literal and uniform-branch"
expect_rc 1 sel.cu --select=uniform-*
grep -q '\[double-literal\]' "$tmp/out" && note "--select=uniform-* kept double-literal"
expect_rc 1 sel.cu --select=all,-uniform-branch
grep -q '\[uniform-branch\]' "$tmp/out" && note "--select=all,-uniform-branch kept uniform-branch"
expect_rc 0 sel.cu --ignore=double-literal,uniform-branch
expect_rc 1 sel.cu --min-severity=medium
grep -q '\[uniform-branch\]' "$tmp/out" && note "--min-severity=medium kept a low finding"
expect_rc 1 sel.cu --min-severity=high
grep -q '\[uniform-branch\]' "$tmp/out" && note "--min-severity=high kept a low finding"
expect_rc 2 sel.cu --select=no-such-rule
grep -q "unknown rule 'no-such-rule'" "$tmp/err" || note "--select with an unknown rule: no message"
expect_rc 2 sel.cu --min-severity=severe
mkdir -p third_party/x && cp sel.cu third_party/x/a.cu
expect_rc 1 . --exclude 'third_party/**' --exclude nolint.cu
grep -q 'third_party\|nolint.cu' "$tmp/out" && note "--exclude did not exclude"
expect_rc 0 . --exclude third_party --exclude '*.cu'
rm -rf third_party

# ------------------------------------------------------- exit status flags
expect_rc 0 sel.cu --exit-zero
grep -q '\[double-literal\]' "$tmp/out" || note "--exit-zero hid the findings"
expect_rc 2 missing.cu --exit-zero

# ---------------------------------------------------------------- baseline
cp sel.cu base.cu
expect_rc 0 base.cu --write-baseline bl.json
python3 -c 'import json,sys; d=json.load(open("bl.json")); assert d["version"]==1 and len(d["entries"])==2 and all(e["path"]=="base.cu" for e in d["entries"])' || note "baseline file content"
expect_rc 0 base.cu --baseline bl.json
grep -q "bl.json: note: 2 findings held back by the baseline" "$tmp/err" || note "the baseline count is not reported"
# an edit above the findings (lines inserted, a comment): still nothing new
{ printf '// a comment\n#define UNUSED 1\n\n'; cat base.cu; } >b2 && mv b2 base.cu
expect_rc 0 base.cu --baseline bl.json
# a new bug (a new kernel after the others): exactly one finding
printf '__global__ void k2(float *b) { b[threadIdx.x] = b[threadIdx.x] + 0.25; }\n' >>base.cu
expect_rc 1 base.cu --baseline bl.json --format=json
n=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["findings"]))' "$tmp/out")
[[ $n == 1 ]] || note "after adding a bug: $n findings, expected 1"
expect_rc 2 base.cu --baseline no-such-file.json
printf '{"x": 1}' >notbl.json
expect_rc 2 base.cu --baseline notbl.json
rm -f base.cu bl.json notbl.json

# ------------------------------------------------------------------- diff
cat >old.cu <<'CU'
__global__ void k(float *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) a[i] = a[i] * 2.5;
}
CU
cp old.cu untouched.cu
git add old.cu untouched.cu sel.cu nolint.cu && git commit -qm one
sed -i 's/^}$/    if (i < n) a[i] = a[i] * 3.5;\n}/' old.cu
git commit -qam two
expect_rc 1 . --diff HEAD~1
[[ "$(grep -c '^[^ ]*\.cu:' "$tmp/out")" == 1 ]] && grep -q '^\(\./\)\?old.cu:5:' "$tmp/out" || { note "--diff HEAD~1: expected only old.cu:5"; cat "$tmp/out"; }
expect_rc 1 . --diff HEAD~1 -v
grep -q 'gpulint: ./untouched.cu' "$tmp/err" && note "--diff analysed a file the diff does not touch"
expect_rc 0 . --diff HEAD
expect_rc 2 . --diff no-such-ref
git diff --unified=0 HEAD~1 >change.patch
expect_rc 1 . --diff-file change.patch
grep -q '^\(\./\)\?old.cu:5:' "$tmp/out" && [[ "$(grep -c '^[^ ]*\.cu:' "$tmp/out")" == 1 ]] || note "--diff-file: expected only old.cu:5"
expect_rc 0 . --diff-file change.patch --exit-zero
expect_rc 2 . --diff-file no-such.patch
# from a subdirectory, the repository is still found
mkdir -p sub && (cd sub && "$gpulint" --min-severity=info ../old.cu --diff HEAD~1 >"$tmp/out" 2>&1; [[ $? == 1 ]]) || note "--diff from a subdirectory"
expect_rc 2 old.cu --diff no-such-ref
grep -q "old.cu: error: --diff no-such-ref: git diff failed in the repository .*/repo: bad revision 'no-such-ref'" "$tmp/err" ||
    { note "--diff with an unknown ref: git's reason not given"; cat "$tmp/err"; }

# --diff in a repository whose .git/config names commands that git runs while
# diffing (core.fsmonitor, an external diff, textconv and diff command drivers,
# clean/smudge/process filters that attributes select, a pager, a hook): none
# runs, and the changed lines are still right.
hostile=$tmp/hostile markers=$tmp/markers evil=$tmp/evil
mkdir -p "$hostile" "$markers" "$evil/hooks" "$tmp/home"
for k in fsmonitor clean smudge process textconv extdiff external pager hook; do
    printf '#!/bin/sh\ntouch "%s/%s"\n' "$markers" "$k" >"$evil/$k"
done
printf 'cat\n' | tee -a "$evil/clean" "$evil/smudge" "$evil/pager" >/dev/null
printf 'cat "$1"\n' >>"$evil/textconv"
chmod +x "$evil"/* && cp "$evil/hook" "$evil/hooks/post-index-change"
(
    cd "$hostile" && git init -q && git config user.email t@example.org && git config user.name test
    for f in a b c; do cp "$tmp/repo/untouched.cu" $f.cu; done
    git add . && git commit -qm one
    for f in a b c; do sed -i 's/^}$/    if (i < n) a[i] = a[i] * 3.5;\n}/' $f.cu; done
    cat >>.git/config <<EOF
[core]
	fsmonitor = $evil/fsmonitor
	hooksPath = $evil/hooks
	pager = $evil/pager
[diff]
	external = $evil/external
	noprefix = true
	mnemonicPrefix = true
	interHunkContext = 10
[color]
	ui = always
[diff "tc"]
	textconv = $evil/textconv
[diff "ext"]
	command = $evil/extdiff
[filter "cl"]
	clean = $evil/clean
	smudge = $evil/smudge
[filter "pr"]
	process = $evil/process
	required = true
[filter "dot.ted"]
	clean = $evil/clean
	required = true
EOF
    printf 'a.cu filter=cl diff=tc\nb.cu filter=pr diff=ext\n' >.git/info/attributes
    printf 'c.cu filter=dot.ted\n' >.gitattributes
)
# the test means something only if plain git runs them
(cd "$hostile" && HOME=$tmp/home GIT_CONFIG_NOSYSTEM=1 git diff HEAD >/dev/null 2>&1)
[[ -e $markers/fsmonitor && -e $markers/clean ]] || note "hostile .git/config: plain git ran no command (test setup)"
rm -f "$markers"/*
findings_of() { grep -o '^[^ ]*\.cu:[0-9]*' "$tmp/out" | sed 's|^\./||' | sort | tr '\n' ' '; }
cd "$hostile"
expect_rc 1 . --diff=HEAD
[[ "$(findings_of)" == "a.cu:5 b.cu:5 c.cu:5 " ]] || { note "--diff=HEAD, hostile .git/config: findings $(findings_of), expected a.cu:5 b.cu:5 c.cu:5"; cat "$tmp/err"; }
[[ -z "$(ls "$markers")" ]] || note "--diff=HEAD ran commands named by the repository's config: $(ls "$markers")"
rm -f "$markers"/*
# A repository of another user: git refuses it (safe.directory); gpulint says
# so, naming it, instead of git's usage text; the user's own safe.directory
# entry lets it through, still with the configuration inert.
if [[ "$(id -u)" == 0 ]] && id nobody >/dev/null 2>&1; then
    cp -r "$hostile" "$tmp/foreign" && chown -R nobody "$tmp/foreign"
    foreign=$(cd "$tmp/foreign" && pwd -P)
    cd "$foreign"
    HOME=$tmp/home expect_rc 2 a.cu --diff=HEAD
    grep -q "a.cu: error: --diff HEAD: git refuses to read the repository $foreign: it belongs to another user" "$tmp/err" ||
        { note "--diff in another user's repository: no clear reason"; cat "$tmp/err"; }
    grep -q "usage: git" "$tmp/err" && note "--diff in another user's repository: git's usage text"
    printf '[safe]\n\tdirectory = %s\n' "$foreign" >"$tmp/home/.gitconfig"
    HOME=$tmp/home expect_rc 1 . --diff=HEAD
    [[ "$(findings_of)" == "a.cu:5 b.cu:5 c.cu:5 " ]] || note "--diff, another user's repository in safe.directory: findings $(findings_of)"
    rm -f "$tmp/home/.gitconfig"
    # a work tree of this user whose .git file points to another user's git
    # directory: stat of the work tree does not show it, git still refuses
    cp -r "$hostile" "$tmp/split" && mv "$tmp/split/.git" "$tmp/split.git"
    printf 'gitdir: %s\n' "$tmp/split.git" >"$tmp/split/.git" && chown -R nobody "$tmp/split.git"
    split=$(cd "$tmp/split" && pwd -P)
    cd "$split"
    HOME=$tmp/home expect_rc 2 a.cu --diff=HEAD
    grep -q "a.cu: error: --diff HEAD: git refuses to read the repository $split: its git directory belongs to another user.*git config --global --add safe.directory $split)" "$tmp/err" ||
        { note "--diff, a .git file to another user's git directory: no clear reason"; cat "$tmp/err"; }
    grep -q "usage: git\|Could not access" "$tmp/err" && note "--diff, a .git file to another user's git directory: git's usage or a ref blamed"
    printf '[safe]\n\tdirectory = %s\n' "$split" >"$tmp/home/.gitconfig"
    HOME=$tmp/home expect_rc 1 . --diff=HEAD
    [[ "$(findings_of)" == "a.cu:5 b.cu:5 c.cu:5 " ]] || note "--diff, .git file to another user's git directory in safe.directory: findings $(findings_of)"
    rm -f "$tmp/home/.gitconfig"
    [[ -z "$(ls "$markers")" ]] || note "--diff in another user's repository ran: $(ls "$markers")"
else
    echo "skip: --diff in another user's repository: needs root and the user nobody"
fi
cd "$tmp/repo"

# ----------------------------------------------------------------- config
mkdir -p cfg/a/tests cfg/b && cd cfg
cp ../sel.cu a/k.cu && cp ../sel.cu a/tests/t.cu && cp ../sel.cu b/k.cu
cat >.gpulint.yaml <<'YAML'
select: [all]
ignore: [uniform-branch]
exclude: ["b/**"]
severity: {double-literal: high}
YAML
cat >a/.gpulint.yaml <<'YAML'
inherit: true
severity: {double-literal: low}
overrides:
  - paths: ["tests/**"]
    ignore: [double-literal]
YAML
expect_rc 1 .
[[ "$(grep -c '^[^ ]*\.cu:' "$tmp/out")" == 1 ]] && grep -q 'a/k.cu:4:.*\[double-literal\]' "$tmp/out" || { note "config: expected only a/k.cu's double-literal"; cat "$tmp/out"; }
grep -q 'note: severity low' "$tmp/out" || note "config: the closest file's severity did not win"
expect_rc 0 --show-config a/tests/t.cu
grep -q '^select: \[uncoalesced-adjacent, uncoalesced-row, oversized-element, fixed-block-16x16, specialize-constant, warp-size-assumption\]$' "$tmp/out" || { note "--show-config: select"; cat "$tmp/out"; }
grep -q 'sources: \[".*/cfg/a/.gpulint.yaml", ".*/cfg/.gpulint.yaml"\]' "$tmp/out" || note "--show-config: sources"
# without inherit, the parent's settings do not apply
sed -i 's/inherit: true/inherit: false/' a/.gpulint.yaml
expect_rc 1 a/k.cu
grep -q '\[uniform-branch\]' "$tmp/out" || note "config: inherit: false still inherited the parent's ignore"
# the command line wins over the files
expect_rc 1 a/k.cu --select=uniform-branch
grep -q '\[double-literal\]' "$tmp/out" && note "config: --select did not replace the file's selection"
expect_rc 0 . --no-config --exclude a --exclude b
# errors: unknown key, bad value, unknown rule, bad YAML -> FILE:LINE:COL, exit 2
printf 'select: [all]\nmin-severity: severe\ncolour: red\nignore: [no-such-rule]\ninherit: maybe\nseverity: {double-literal: hi}\noverrides:\n  - ignore: [double-literal]\n' >a/.gpulint.yaml
expect_rc 2 a/k.cu
for want in "a/.gpulint.yaml:2:15: error: unknown severity 'severe'" "a/.gpulint.yaml:3:1: error: unknown key 'colour'" \
            "a/.gpulint.yaml:4:10: error: unknown rule 'no-such-rule'" "a/.gpulint.yaml:5:10: error: 'inherit' must be true or false" \
            "a/.gpulint.yaml:6:28: error: unknown severity 'hi'" "a/.gpulint.yaml:8:5: error: an override needs 'paths'"; do
    grep -qF "$want" "$tmp/err" || { note "config error missing: $want"; cat "$tmp/err"; }
done
grep -q '^[^ ]*\.cu:' "$tmp/out" && note "a file under a broken config was analysed"
expect_rc 2 --show-config a/k.cu
printf 'select: [all\n' >a/.gpulint.yaml
expect_rc 2 a/k.cu
grep -q 'a/.gpulint.yaml:2:1: error: bad YAML' "$tmp/err" || { note "bad YAML not reported with its line"; cat "$tmp/err"; }
printf -- '- a\n- b\n' >a/.gpulint.yaml
expect_rc 2 a/k.cu
grep -q 'a/.gpulint.yaml:1:1: error: a config file must be a map' "$tmp/err" || note "a non-map config not reported"
cd .. && rm -rf cfg

# config keys that reach the analysis: include-paths, defines, headers, rule options
mkdir -p flags/inc && cd flags
printf '#define SCALE 0.1\n' >inc/scale.h
printf '#include "inc2/scale2.h"\n__global__ void k(float *a) { a[threadIdx.x] = a[threadIdx.x] * SCALE * FACTOR; }\n' >k.cu
mkdir -p deep/inc2 && printf '#include "scale.h"\n' >deep/inc2/scale2.h
printf 'include-paths: [inc, deep]\ndefines: ["FACTOR=2"]\n' >.gpulint.yaml
expect_rc 1 k.cu
grep -q 'double literal 0.1' "$tmp/out" || note "config include-paths/defines: the macro literal was not found"
grep -q "undeclared identifier 'FACTOR'" "$tmp/err" && note "config defines not applied"
expect_rc 2 k.cu --no-config
grep -q "undeclared identifier 'FACTOR'" "$tmp/err" || note "--no-config: the config's define was applied anyway"
# a rule option: uncoalesced-row's minimum constant width (8 by default)
printf '__global__ void r(const float *in, float *out) {\n    int g = blockIdx.x * blockDim.x + threadIdx.x;\n    float s = 0;\n    for (int i = 0; i < 6; i++) s += in[g * 6 + i];\n    out[g] = s;\n}\n' >r.cu
printf 'options: {uncoalesced-row: {min-constant-width: 4}}\n' >.gpulint.yaml
expect_rc 1 r.cu --select=uncoalesced-row
grep -q '\[uncoalesced-row\]' "$tmp/out" || note "config options: min-constant-width 4 did not report a row of 6"
expect_rc 0 r.cu --select=uncoalesced-row --no-config
cd .. && rm -rf flags

((fail == 0)) && echo "ok: config, suppressions, selection, baseline, diff and exit codes"
exit $fail
