#!/usr/bin/env bash
# ci/recipes/parallel-audit.sh - gpulint audit over several hosts with GNU
# parallel and ssh, one shard per job, then one merged report.
#
#     HOSTS=8/build1,8/build2,: bash ci/recipes/parallel-audit.sh PROJECTS_FILE OUT_DIR N
#
# HOSTS is GNU parallel's --sshlogin list ("N/host" runs N jobs there; ":" is
# this machine; default ":").  Each host needs gpulint and the projects at
# the same paths as the list names them.  Shards are written to
# OUT_DIR/shard-I on the host that ran them and brought back with
# --return (rsync; nothing to do when OUT_DIR is on a shared filesystem);
# a failed job can be rerun with the same command: finished files are kept.
set -euo pipefail
LIST=${1:?usage: parallel-audit.sh PROJECTS_FILE OUT_DIR N}
OUT=${2:?usage: parallel-audit.sh PROJECTS_FILE OUT_DIR N}
N=${3:?usage: parallel-audit.sh PROJECTS_FILE OUT_DIR N}
GPULINT=${GPULINT:-gpulint}
JOBS=${JOBS:-2}          # files at once within one shard (-j)
mkdir -p "$OUT"
OUT=$(realpath "$OUT")
LIST=$(realpath "$LIST")
status=0
seq 0 $((N - 1)) | parallel --will-cite -S "${HOSTS:-:}" --jobs 1 --tag --line-buffer \
    --return "$OUT/shard-{}" \
    "$GPULINT" audit --projects-file "$LIST" --shard "{}/$N" -j "$JOBS" --no-progress --out "$OUT/shard-{}" || status=$?
"$GPULINT" audit merge --out "$OUT/all" "$OUT"/shard-*
exit "$status"
