#!/usr/bin/env bash
# vscode_extension_test.sh BUILD_DIR SOURCE_DIR GPULINT HAS_VSIX_TARGET - the
# VS Code extension (editors/vscode) as users get it:
#   1. its version is gpulint's;
#   2. the build's target gpulint_vsix makes BUILD_DIR/editors/vscode/gpulint-<version>.vsix
#      (npm ci into the build directory once, again only when the lock
#      file changes; then vsce), and the .vsix holds the manifest, extension.js
#      and the language client, not the packaging tools;
#   3. the extension unpacked from it runs under node with tests/vscode_stub.js
#      as the `vscode` module against GPULINT (tests/vscode_extension_check.js:
#      a wrong gpulint.path, then launch, diagnostics, languages, settings,
#      restart, deactivate).
# Exit 77 (skipped, with the reason) without node and npm, without the target
# (npm missing when CMake ran) or when npm cannot reach the registry.
set -uo pipefail
build=$(realpath "$1") src=$(realpath "$2") gpulint=$(realpath "$3") has_target=${4:-0}
skip() { echo "vscode_extension_test: SKIPPED: $*"; exit 77; }
fail() { echo "vscode_extension_test: FAIL: $*"; exit 1; }
command -v node >/dev/null && command -v npm >/dev/null || skip "node or npm not found"
[[ $has_target == 1 ]] || skip "no target gpulint_vsix: CMake found no npm or node (install them and re-run cmake)"
echo "vscode_extension_test: node $(node --version), npm $(npm --version)"

# 1
version=$("$gpulint" --version | awk 'NR == 1 {print $2}')
manifest_version=$(node -p 'require(process.argv[1]).version' "$src/editors/vscode/package.json")
[[ -n $version && $version == "$manifest_version" ]] ||
    fail "editors/vscode/package.json has version '$manifest_version', gpulint --version says '$version'"
echo "ok: the extension's version is gpulint's ($version)"

# 2
out=$build/editors/vscode
vsix=$out/gpulint-$version.vsix
log=$out/vsix-build.log
t0=$(date +%s)
if ! timeout 480 cmake --build "$build" --target gpulint_vsix >"$log" 2>&1; then
    if [[ ! -f $out/npm-ci.stamp ]] && grep -qiE 'npm (error|ERR)' "$log"; then
        skip "npm ci cannot install the extension's packages (is the registry reachable?): $(grep -iE 'npm (error|ERR)' "$log" | head -3 | tr '\n' ' ')"
    fi
    tail -30 "$log"
    fail "cmake --build $build --target gpulint_vsix failed (log: $log)"
fi
[[ -f $vsix ]] || fail "the target made no $vsix"
echo "ok: target gpulint_vsix made $(basename "$vsix") ($(( $(date +%s) - t0 )) s, $(wc -c <"$vsix") bytes)"
[[ ! -e $src/editors/vscode/node_modules ]] || fail "node_modules in the source tree (the build must install into $out)"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 -m zipfile -e "$vsix" "$tmp/x" || fail "$vsix is not a zip file"
ext=$tmp/x/extension
for f in extension/package.json extension/extension.js extension/readme.md \
         extension/node_modules/vscode-languageclient/package.json extension.vsixmanifest; do
    [[ -f $tmp/x/$f ]] || fail "the .vsix has no $f"
done
[[ ! -e $ext/node_modules/@vscode/vsce ]] || fail "the .vsix holds the packaging tool @vscode/vsce (a devDependency)"
cmp -s "$ext/extension.js" "$src/editors/vscode/extension.js" || fail "the .vsix's extension.js is not the source's"
grep -q "Version=\"$version\"" "$tmp/x/extension.vsixmanifest" || fail "extension.vsixmanifest does not name version $version"
echo "ok: the .vsix holds extension/package.json, extension.js, readme.md and node_modules/vscode-languageclient ($(unzip -l "$vsix" 2>/dev/null | tail -1 | awk '{print $2}') files), no devDependencies"

# 3
mkdir "$tmp/work"
. "$(dirname "$0")/editor_test_files.sh"
editor_test_files "$tmp/work"
cd "$tmp/work" || exit 1
t0=$(date +%s)
timeout 150 node "$src/tests/vscode_extension_check.js" "$ext" "$gpulint" "$tmp/work"
rc=$?
echo "vscode_extension_test: the extension's checks took $(( $(date +%s) - t0 )) s"
((rc == 0)) || fail "the extension's checks failed (node exit $rc)"
