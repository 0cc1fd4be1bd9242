#!/usr/bin/env bash
# action_schema_test.sh BUILD_DIR SOURCE_DIR - action.yml, the release
# workflow and the GitHub recipe checked with GitHub's own parser and
# schemas (npm @actions/workflow-parser, installed once into BUILD_DIR), and
# a broken copy of each rejected (so the check can fail).  Exit 77 (skipped,
# with the reason) without node and npm or when the npm registry is out of
# reach.
set -uo pipefail
build=$(realpath "$1")
src=$(realpath "$2")
skip() { echo "SKIP: $*"; exit 77; }
command -v node >/dev/null && command -v npm >/dev/null || skip "node or npm not found"
tools="$build/npm-action-check"
parser=@actions/workflow-parser@0.3.61
if [[ ! -d "$tools/node_modules/@actions/workflow-parser" ]]; then
    timeout 300 npm install --silent --no-audit --no-fund --prefix "$tools" "$parser" >"$build/npm-action-check.log" 2>&1 \
        || skip "npm cannot install $parser: $(tail -1 "$build/npm-action-check.log")"
fi
# node resolves bare imports of an ES module from its own directory: run a copy beside node_modules
cp "$src/tests/action_schema_check.mjs" "$tools/check.mjs"
cd "$src" || exit 1
node "$tools/check.mjs" action.yml .github/workflows/release.yml ci/recipes/github-actions.yml
status=$?
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sed 's/using: composite/using: compost/' action.yml >"$tmp/action.yml"
sed 's/runs-on:/runs_on:/' .github/workflows/release.yml >"$tmp/release.yml"
node "$tools/check.mjs" "$tmp/action.yml" >"$tmp/out" 2>&1 && { echo "FAIL: a broken action.yml passed the check"; status=1; }
node "$tools/check.mjs" action.yml "$tmp/release.yml" >"$tmp/out" 2>&1 && { echo "FAIL: a broken workflow passed the check"; status=1; }
((status == 0)) && echo "ok: broken copies are rejected"
exit $status
