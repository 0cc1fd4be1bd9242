#!/usr/bin/env bash
# container_test.sh BUILD_DIR SOURCE_DIR - the image of the repository's
# Dockerfile: cpack -G DEB, docker (or podman) build with the .deb as the
# only file of the context, then the image, run on a copy of
# testdata/examples mounted at /src, gives the same findings (rule and
# fingerprint, --format=json) as the build tree's binary on that copy.
# Exit 77 (skipped, with the reason) without a usable docker or podman
# (the client alone, without a daemon it can reach, is not enough), cpack,
# or the Dockerfile's base image (not here and its registry out of reach);
# an image that does not build or lints differently fails.
set -uo pipefail
build=$(realpath "$1")
src=$(realpath "$2")
skip() { echo "SKIP: $*"; exit 77; }
engine=
for c in docker podman; do
    command -v "$c" >/dev/null || continue
    if timeout 60 "$c" info >/dev/null 2>&1; then engine=$c; break; fi
    why="${why:-}$c is installed but '$c info' fails; "
done
[[ -n $engine ]] || skip "${why:-}no usable docker or podman"
for c in cpack python3; do command -v "$c" >/dev/null || skip "$c not found"; done
tmp=$(mktemp -d)
image="gpulint-container-test:$$"
cleanup() { "$engine" rmi -f "$image" >/dev/null 2>&1; rm -rf "$tmp"; }
trap cleanup EXIT

# The base image from its registry (or already here): out of reach is this
# machine's network, not the Dockerfile.
base=$(awk '$1 == "FROM" {print $2; exit}' "$src/Dockerfile")
if ! "$engine" image inspect "$base" >/dev/null 2>&1 && ! timeout 300 "$engine" pull "$base" >"$tmp/pull.log" 2>&1; then
    skip "$engine cannot pull $base: $(tail -1 "$tmp/pull.log")"
fi
# An engine that answers but cannot start containers (cgroups, nested
# namespaces) is this machine's limit too.
timeout 120 "$engine" run --rm "$base" true >"$tmp/probe.log" 2>&1 \
    || skip "$engine cannot run a container here: $(grep -v '^$' "$tmp/probe.log" | tail -1)"

(cd "$build" && cpack -G DEB -B "$tmp/pkg" >"$tmp/cpack.log" 2>&1) || { cat "$tmp/cpack.log"; echo "FAIL: cpack"; exit 1; }
debs=("$tmp"/pkg/gpulint_*.deb)
[[ -f ${debs[0]} ]] || { echo "FAIL: no gpulint_*.deb"; exit 1; }
# The context the Dockerfile expects (build/gpulint_*.deb), with nothing else.
mkdir -p "$tmp/context/build" && cp "${debs[0]}" "$tmp/context/build/"
started=$SECONDS
if ! "$engine" build -t "$image" -f "$src/Dockerfile" "$tmp/context" >"$tmp/build.log" 2>&1; then
    tail -30 "$tmp/build.log"
    echo "FAIL: $engine build (a registry or Debian's mirror out of reach fails here too: see above)"
    exit 1
fi
echo "image built with $engine in $((SECONDS - started)) s"

fail=0
mkdir -p "$tmp/work" && cp -r "$src/testdata/examples" "$tmp/work/examples"
chmod -R a+rX "$tmp/work"
. "$src/tests/same_findings.sh"
args=(--format=json --repo-root . --min-severity=info .)
# :Z relabels the mount for SELinux hosts (podman's default there); elsewhere it is ignored.
"$engine" run --rm -v "$tmp/work/examples:/src:ro,Z" "$image" "${args[@]}" >"$tmp/image.json" 2>"$tmp/run.log"
status=$?
if ((status > 1)); then
    cat "$tmp/run.log"
    echo "FAIL: gpulint in the image exited $status"
    exit 1
fi
grep -q "warning: gpulint's data" "$tmp/run.log" && { echo "FAIL: gpulint in the image did not find its data"; fail=1; }
(cd "$tmp/work/examples" && "$build/gpulint" "${args[@]}" >"$tmp/build.json" 2>/dev/null)
same_findings examples "$tmp/build.json" "$tmp/image.json" image || fail=1
exit $fail
