#!/usr/bin/env bash
# package_root_test.sh BUILD_DIR SOURCE_DIR - the Debian package installed
# the way a user installs it: mmdebstrap makes a clean Debian 12 root from
# Debian's mirror with apt and the .deb (apt resolves its Depends and
# nothing else), and the installed /usr/bin/gpulint, run in that root from a
# directory outside any install or build path, lints the examples and two
# projects of testdata/projects: the same findings (rule and fingerprint) as
# the build tree's binary.  The root has no /proc: the binary finds its data
# without /proc/self/exe.
# Exit 77 (skipped, with the reason) when not root, without mmdebstrap,
# cpack or dpkg, or when Debian's mirror cannot be reached; a .deb that does
# not install or lints differently fails.
set -uo pipefail
build=$(realpath "$1")
src=$(realpath "$2")
skip() { echo "SKIP: $*"; exit 77; }
((EUID == 0)) || skip "not root (mmdebstrap's root mode and chroot need it)"
for c in mmdebstrap cpack dpkg chroot python3; do command -v "$c" >/dev/null || skip "$c not found (ci/setup.sh installs it)"; done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
timeout 60 apt-get download -o Dir::Cache::archives="$tmp" libyaml-0-2 >"$tmp/probe.log" 2>&1 \
    || (cd "$tmp" && timeout 60 apt-get download libyaml-0-2 >>"$tmp/probe.log" 2>&1) \
    || skip "Debian's mirror cannot be reached: $(tail -1 "$tmp/probe.log")"

(cd "$build" && cpack -G DEB -B "$tmp/pkg" >"$tmp/cpack.log" 2>&1) || { cat "$tmp/cpack.log"; echo "FAIL: cpack"; exit 1; }
deb=$(ls "$tmp"/pkg/gpulint_*.deb 2>/dev/null | head -1)
[[ -f $deb ]] || { echo "FAIL: no gpulint_*.deb"; exit 1; }
root="$tmp/root"
# apt reads the .deb from the host and dpkg from inside the root: the same
# path in both (the setup hook copies it in before the install).
started=$SECONDS
if ! mmdebstrap --variant=apt --include="$deb" \
        --setup-hook="mkdir -p \"\$1$tmp/pkg\" && cp '$deb' \"\$1$tmp/pkg/\"" \
        bookworm "$root" >"$tmp/mmdebstrap.log" 2>&1; then
    tail -20 "$tmp/mmdebstrap.log"
    grep -q "Depends\|unmet\|dependency problems\|not installable" "$tmp/mmdebstrap.log" \
        && { echo "FAIL: the .deb does not install in a clean root"; exit 1; }
    skip "mmdebstrap could not make the root (above; the network or this container, not the package)"
fi
echo "clean root made in $((SECONDS - started)) s; Depends: $(dpkg-deb -f "$deb" Depends)"
[[ -x "$root/usr/bin/gpulint" ]] || { echo "FAIL: no /usr/bin/gpulint in the root"; exit 1; }
[[ -e "$root/proc/self" ]] && echo "note: the root has /proc mounted"

fail=0
mkdir -p "$root/home/user" && cp -r "$src/testdata/examples" "$root/home/user/examples"
# a project found through its CMakeLists.txt, and OpenCL with host-set options
projects=(cmake_configured opencl_split)
for p in "${projects[@]}"; do cp -r "$src/testdata/projects/$p" "$root/home/user/$p"; done
. "$src/tests/same_findings.sh"
for what in examples "${projects[@]}"; do
    chroot "$root" /bin/sh -c "cd /home/user && HOME=/home/user /usr/bin/gpulint --format=json --repo-root . --min-severity=info '$what' -o /home/user/out.json" \
        >"$tmp/run.log" 2>&1
    status=$?
    ((status <= 1)) || { cat "$tmp/run.log"; echo "FAIL: the installed gpulint exited $status on $what"; fail=1; continue; }
    grep -q "warning: gpulint's data" "$tmp/run.log" && { echo "FAIL: the installed gpulint did not find its data"; fail=1; }
    (cd "$root/home/user" && "$build/gpulint" --format=json --repo-root . --min-severity=info "$what" -o "$tmp/build.json" >/dev/null 2>&1)
    same_findings "$what" "$tmp/build.json" "$root/home/user/out.json" "installed package" || fail=1
done
exit $fail
