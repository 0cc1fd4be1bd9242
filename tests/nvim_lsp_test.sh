#!/usr/bin/env bash
# nvim_lsp_test.sh GPULINT SOURCE_DIR - a real editor against gpulint lsp:
# Neovim headless with its built-in LSP client, configured by the documented
# recipe (editors/nvim/gpulint.lua), on a CUDA, an OpenCL and a HIP file
# (tests/nvim_lsp_test.lua).
# Skipped (exit 77, with a message) where nvim is not installed; ci/setup.sh
# installs Debian's neovim package.
set -u
gpulint=$1 src=$(realpath "$2")
if ! command -v nvim >/dev/null 2>&1; then
    echo "nvim_lsp_test: SKIPPED: nvim is not installed (apt-get install neovim; ci/setup.sh does)"
    exit 77
fi
. "$(dirname "$0")/editor_test_files.sh"
editor_test_setup "$gpulint"
echo "nvim_lsp_test: $(nvim --version | head -1)"
# the documented recipe is the init file; XDG dirs in the temporary
# directory: no user configuration, no state left behind
out=$(cd "$tmp" && HOME="$tmp" XDG_CONFIG_HOME="$tmp/c" XDG_DATA_HOME="$tmp/d" XDG_STATE_HOME="$tmp/s" \
      XDG_CACHE_HOME="$tmp/k" PATH="$tmp/bin:$PATH" GPULINT_TEST_CU="$tmp/scale.cu" GPULINT_TEST_CL="$tmp/rows.cl" \
      GPULINT_TEST_HIP="$tmp/shift.hip" timeout 60 nvim --headless -i NONE -u "$src/editors/nvim/gpulint.lua" -c "luafile $src/tests/nvim_lsp_test.lua" 2>&1)
rc=$?
echo "$out"
if ((rc != 0)) || ! grep -q "nvim: all checks passed" <<<"$out"; then
    echo "nvim_lsp_test: FAILED (nvim exit $rc)"
    exit 1
fi
