#!/usr/bin/env bash
# ci/setup.sh - install what gpulint needs to build and test on Debian 12.
#
# Checks build-essential (gcc, make), cmake, ninja-build, pkg-config,
# libclang-19-dev, libcjson-dev, libyaml-dev, git, python3-jsonschema,
# python3-yaml (the GitHub Action's steps run by tests/action_steps_test.py), neovim
# (only for the lsp.nvim test: a real editor's LSP client against gpulint lsp),
# emacs-nox and elpa-eglot (only for the lsp.emacs test: Emacs's eglot, from
# Debian's ELPA package, against gpulint lsp),
# chromium (only for cli.audit: the audit report rendered in a real browser),
# parallel (only for cli.audit: the GNU parallel recipe run on this host)
# mmdebstrap (only for package.clean_root: the .deb installed with its
# dependencies into a clean Debian 12 root) and libamdhip64-dev (only for
# cli.hip_rocm: ROCm's HIP headers, 170 KB, read with --headers=rocm);
# installs only the missing ones with
# one `apt-get update` and one `apt-get install -y --no-install-recommends`.
# Prints nothing when everything is present (idempotent).  Not root and
# something missing: names the packages and exits 1.
set -euo pipefail

# True when dpkg knows the package as installed ("install ok installed";
# `dpkg -s` alone also succeeds for removed packages with config files left).
pkg_installed() {
    command -v dpkg-query >/dev/null 2>&1 || return 1
    [[ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null || true)" == "install ok installed" ]]
}

have_cmds() {
    local c
    for c in "$@"; do command -v "$c" >/dev/null 2>&1 || return 1; done
}

# present PACKAGE: the package is installed, or what it provides is there.
present() {
    pkg_installed "$1" && return 0
    case "$1" in
        build-essential) have_cmds gcc make && [[ -e /usr/include/stdio.h ]] ;;
        cmake) have_cmds cmake ;;
        ninja-build) have_cmds ninja ;;
        pkg-config) have_cmds pkg-config ;;
        libcjson-dev) have_cmds pkg-config && pkg-config --exists libcjson ;;
        git) have_cmds git ;;
        neovim) have_cmds nvim ;;
        emacs-nox) have_cmds emacs ;;
        chromium) have_cmds chromium ;;
        parallel) have_cmds parallel ;;
        mmdebstrap) have_cmds mmdebstrap ;;
        libyaml-dev) have_cmds pkg-config && pkg-config --exists yaml-0.1 ;;
        python3-jsonschema) have_cmds python3 && python3 -c 'import jsonschema' 2>/dev/null ;;
        python3-yaml) have_cmds python3 && python3 -c 'import yaml' 2>/dev/null ;;
        libclang-19-dev) [[ -e /usr/lib/llvm-19/include/clang-c/Index.h ]] ;;
        libamdhip64-dev) [[ -e /usr/include/hip/hip_runtime.h || -e /opt/rocm/include/hip/hip_runtime.h ]] ;;
        *) return 1 ;;
    esac
}

wanted=(build-essential cmake ninja-build pkg-config libclang-19-dev libcjson-dev libyaml-dev git python3-jsonschema python3-yaml neovim emacs-nox elpa-eglot chromium parallel mmdebstrap libamdhip64-dev)
missing=()
for p in "${wanted[@]}"; do
    present "$p" || missing+=("$p")
done

((${#missing[@]} == 0)) && exit 0

if [[ "$(id -u)" != 0 ]]; then
    echo "ci/setup.sh: missing packages: ${missing[*]}" >&2
    echo "ci/setup.sh: run as root, or install them with:" >&2
    echo "    sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
    exit 1
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "ci/setup.sh: missing packages: ${missing[*]}; apt-get not found (this script targets Debian 12)" >&2
    exit 1
fi

echo "ci/setup.sh: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends "${missing[@]}"
