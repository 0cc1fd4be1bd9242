#!/usr/bin/env bash
# ci/build.sh [BUILD_DIR] [extra cmake args...] - configure and build gpulint.
#
# BUILD_DIR defaults to `build`; a relative BUILD_DIR is taken relative to the
# repository root.  A fresh build directory is configured with Ninja (Unix
# Makefiles when ninja is absent); an existing one keeps the generator it was
# configured with.  Extra arguments go to cmake, e.g.
#     ci/build.sh build-asan -DGPULINT_SANITIZE=ON
set -euo pipefail
cd "$(dirname "$0")/.."

build_dir=${1:-build}
(($# > 0)) && shift

gen_args=()
if [[ ! -f "$build_dir/CMakeCache.txt" ]]; then
    if command -v ninja >/dev/null 2>&1; then
        gen_args=(-G Ninja)
    else
        gen_args=(-G "Unix Makefiles")
    fi
fi

jobs=$(nproc 2>/dev/null || echo 2)
cmake -S . -B "$build_dir" "${gen_args[@]}" "$@"
cmake --build "$build_dir" --parallel "$jobs"
