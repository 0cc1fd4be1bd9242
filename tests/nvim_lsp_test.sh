#!/usr/bin/env bash
# nvim_lsp_test.sh GPULINT SOURCE_DIR - a real editor against gpulint lsp:
# Neovim headless with its built-in LSP client (tests/nvim_lsp_test.lua).
# Skipped (exit 77, with a message) where nvim is not installed; ci/setup.sh
# installs Debian's neovim package.
set -u
gpulint=$1 src=$2
if ! command -v nvim >/dev/null 2>&1; then
    echo "nvim_lsp_test: SKIPPED: nvim is not installed (apt-get install neovim; ci/setup.sh does)"
    exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/scale.cu" <<'CU'
__global__ void scale(float *a, float s, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) { float v = a[i]; for (int k = 0; k < n; k++) v = v * 0.1 + s; a[i] = v; }
}
CU
echo "nvim_lsp_test: $(nvim --version | head -1)"
# XDG dirs in the temporary directory: no user configuration, no state left behind
out=$(cd "$tmp" && HOME="$tmp" XDG_CONFIG_HOME="$tmp/c" XDG_DATA_HOME="$tmp/d" XDG_STATE_HOME="$tmp/s" \
      XDG_CACHE_HOME="$tmp/k" GPULINT="$gpulint" GPULINT_TEST_FILE="$tmp/scale.cu" \
      timeout 60 nvim --headless --clean -c "luafile $src/tests/nvim_lsp_test.lua" 2>&1)
rc=$?
echo "$out"
if ((rc != 0)) || ! grep -q "nvim: all checks passed" <<<"$out"; then
    echo "nvim_lsp_test: FAILED (nvim exit $rc)"
    exit 1
fi
