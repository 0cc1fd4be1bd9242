#!/usr/bin/env bash
# package_test.sh BUILD_DIR SOURCE_DIR - the Debian package: cpack -G DEB,
# dpkg -x into an empty directory, check it holds the binary, the shim, the
# overlay, the OpenCL headers, the precompiled shim and the benchmark
# templates, and lint testdata/examples and an OpenCL project with the
# extracted binary: the same findings
# (fingerprints) as the build's own binary.  Exit 77 (skipped) without
# cpack or dpkg.
set -uo pipefail
build=$(realpath "$1")
src=$(realpath "$2")
command -v cpack >/dev/null && command -v dpkg >/dev/null || { echo "SKIP: cpack or dpkg not found"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
note() { echo "FAIL: $*"; fail=1; }

(cd "$build" && cpack -G DEB -B "$tmp/pkg" >"$tmp/cpack.log" 2>&1) || { cat "$tmp/cpack.log"; echo "FAIL: cpack"; exit 1; }
deb=$(ls "$tmp"/pkg/gpulint_*.deb 2>/dev/null | head -1)
[[ -f $deb ]] || { echo "FAIL: no gpulint_*.deb"; ls "$tmp/pkg"; exit 1; }
dpkg-deb -f "$deb" Package Version Depends
# The libclang the binary was linked against, by its package; and clang's
# resource headers, which a clean machine has only through the dependency.
depends=$(dpkg-deb -f "$deb" Depends)
needed=$(ldd "$build/gpulint" | awk '/libclang/ {print $3}')
owner=$(dpkg -S "$(readlink -f "$needed")" 2>/dev/null | cut -d: -f1 | head -1)
if [[ -n "$owner" ]]; then
    grep -Eq "(^|, )$owner(,|$)" <<<"$depends" || note "Depends ($depends) lacks $owner, the package of $needed"
    grep -Eq "(^|, )$owner \|" <<<"$depends" && note "Depends ($depends) lets another libclang satisfy $owner"
else
    echo "note: the package of $needed is unknown to dpkg: its dependency is not checked"
fi
resource=$("$build/gpulint" --version | sed -n 's/^clang resource headers: //p')
header_owner=$(dpkg -S "$resource/include/stddef.h" 2>/dev/null | cut -d: -f1 | head -1)
if [[ -n "$header_owner" ]]; then
    grep -Eq "(^|, )$header_owner(,|$)" <<<"$depends" || note "Depends ($depends) lacks $header_owner, the package of clang's resource headers"
fi
mkdir "$tmp/root" && dpkg -x "$deb" "$tmp/root"
for f in usr/bin/gpulint usr/share/gpulint/include/shim/gpulint_cuda_shim.h usr/share/gpulint/include/overlay usr/share/gpulint/include/opencl \
         usr/share/gpulint/gpulint-shim.pch usr/share/gpulint/gpulint-shim.pch.cxx usr/share/gpulint/bench/templates/double-literal.cu \
         usr/share/gpulint/bench/gpulint_bench.h; do
    [[ -e "$tmp/root/$f" ]] || note "the package lacks $f"
done

# The extracted binary, from a directory outside the source tree, on a copy
# of the examples and an OpenCL project (so nothing points back at the build).
mkdir -p "$tmp/work/examples" && cp "$src"/testdata/examples/*.cu "$tmp/work/examples/"
cp -r "$src/testdata/projects/opencl_split" "$tmp/work/"
. "$src/tests/same_findings.sh"
(cd "$tmp/work" && env -u GPULINT_DATA_DIR "$tmp/root/usr/bin/gpulint" --format=json --repo-root . examples opencl_split >"$tmp/pkg.json" 2>"$tmp/err")
(cd "$tmp/work" && "$build/gpulint" --format=json --repo-root . examples opencl_split >"$tmp/build.json" 2>/dev/null)
same_findings "examples and opencl_split" "$tmp/build.json" "$tmp/pkg.json" "packaged binary (dpkg -x)" || { fail=1; cat "$tmp/err"; }
((fail == 0)) && echo "ok: $(basename "$deb") installs with dpkg -x"
exit $fail
