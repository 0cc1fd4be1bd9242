#!/usr/bin/env bash
# ci/action/install.sh - the action's install step (action.yml): installs
# gpulint's .deb with apt, so that its Depends come along.
#   GPULINT_DEB      a local .deb; else a release's .deb is downloaded:
#   GPULINT_VERSION  its tag (vX.Y.Z; empty: GPULINT_ACTION_REF, the tag the
#                    action is used at) from GPULINT_ACTION_REPOSITORY
#   GPULINT_INSTALL_PREFIX  unpack there (dpkg -x) instead of installing, and
#                    put its bin on GITHUB_PATH: for runners without root
#                    whose machine has the dependencies (and for the tests)
set -euo pipefail
die() { echo "::error title=gpulint install::$*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

deb=${GPULINT_DEB:-}
if [[ -z "$deb" ]]; then
    tag=${GPULINT_VERSION:-${GPULINT_ACTION_REF:-}}
    repo=${GPULINT_ACTION_REPOSITORY:-}
    [[ "$tag" =~ ^v[0-9]+\.[0-9]+\.[0-9]+$ ]] \
        || die "no release to install: use the action at a release tag (uses: OWNER/gpulint@vX.Y.Z), or set the input version to one, or deb to a local .deb (got '${tag}')"
    [[ -n "$repo" ]] || die "GPULINT_ACTION_REPOSITORY is empty: set the input deb"
    url="https://github.com/$repo/releases/download/$tag/gpulint_${tag#v}_amd64.deb"
    deb="$tmp/gpulint_${tag#v}_amd64.deb"
    echo "downloading $url"
    if command -v curl >/dev/null; then
        curl -fsSL --retry 3 -o "$deb" "$url" || die "cannot download $url"
    elif command -v wget >/dev/null; then
        wget -q -O "$deb" "$url" || die "cannot download $url"
    else
        die "neither curl nor wget is installed"
    fi
fi
[[ -f "$deb" ]] || die "no such .deb: $deb"
deb=$(realpath "$deb")

if [[ -n "${GPULINT_INSTALL_PREFIX:-}" ]]; then
    mkdir -p "$GPULINT_INSTALL_PREFIX"
    dpkg -x "$deb" "$GPULINT_INSTALL_PREFIX"
    bin=$(realpath "$GPULINT_INSTALL_PREFIX/usr/bin")
    [[ -n "${GITHUB_PATH:-}" ]] && echo "$bin" >>"$GITHUB_PATH"
    "$bin/gpulint" --version
    exit 0
fi

sudo=()
if ((EUID != 0)); then
    command -v sudo >/dev/null || die "not root and no sudo: run the job in a container (container: debian:12) or set GPULINT_INSTALL_PREFIX"
    sudo=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "$deb" >/dev/null \
    || die "apt cannot install $deb (it is built for Debian 12: run the job in container: debian:12)"
gpulint --version
