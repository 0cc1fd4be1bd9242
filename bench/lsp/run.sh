#!/usr/bin/env bash
# bench/lsp/run.sh [GPULINT] FILE... - the language server's open and edit
# latency per file, the command line's time on the same file and the
# server's peak memory, with the load average (bench/lsp/lsp_bench.py says
# how).  GPULINT defaults to build/gpulint; a first argument that is an
# executable is taken as it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
gpulint="$here/../../build/gpulint"
if [[ $# -gt 0 && -x "$1" && ! -d "$1" && "$1" != *.cu && "$1" != *.cl ]]; then gpulint=$1; shift; fi
(($# > 0)) || { echo "usage: bench/lsp/run.sh [GPULINT] FILE..." >&2; exit 2; }
exec python3 "$here/lsp_bench.py" "$gpulint" "$@"
