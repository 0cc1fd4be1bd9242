#!/usr/bin/env bash
# ci/recipes/slurm-audit.sh - gpulint audit as a Slurm job array.
#
# Submit (from a login node):
#     bash ci/recipes/slurm-audit.sh PROJECTS_FILE OUT_DIR N
# submits an array of N tasks (sbatch --array=0-N-1), each auditing shard
# $SLURM_ARRAY_TASK_ID/N of the projects into OUT_DIR/shard-I, and a merge
# job that runs once every task has ended (afterany: a failed shard still
# leaves the results it recorded) and writes OUT_DIR/all/report.html.
# OUT_DIR must be on a filesystem every node sees.  A task that is
# requeued or rerun continues where it stopped (results.jsonl is resumable).
#
# Environment: GPULINT (default: gpulint), SBATCH_ARGS (extra sbatch
# options, e.g. "--partition=cpu --time=04:00:00"), CPUS (per task, default 8).
#SBATCH --job-name=gpulint-audit
#SBATCH --output=gpulint-audit-%A_%a.log
set -euo pipefail
GPULINT=${GPULINT:-gpulint}

if [[ -n "${SLURM_ARRAY_TASK_ID:-}" ]]; then
    # one array task: its shard
    LIST=$1 OUT=$2
    N=${SLURM_ARRAY_TASK_COUNT:?SLURM_ARRAY_TASK_COUNT is not set (an sbatch --array job sets it)}
    exec "$GPULINT" audit --projects-file "$LIST" --shard "$SLURM_ARRAY_TASK_ID/$N" \
        -j "${SLURM_CPUS_PER_TASK:-1}" --no-progress --out "$OUT/shard-$SLURM_ARRAY_TASK_ID"
fi

LIST=${1:?usage: slurm-audit.sh PROJECTS_FILE OUT_DIR N}
OUT=${2:?usage: slurm-audit.sh PROJECTS_FILE OUT_DIR N}
N=${3:?usage: slurm-audit.sh PROJECTS_FILE OUT_DIR N}
LIST=$(realpath "$LIST")
mkdir -p "$OUT"
OUT=$(realpath "$OUT")
# shellcheck disable=SC2086
job=$(sbatch --parsable --array="0-$((N - 1))" --cpus-per-task="${CPUS:-8}" ${SBATCH_ARGS:-} \
    --export=ALL,GPULINT="$GPULINT" "$0" "$LIST" "$OUT")
# shellcheck disable=SC2086
sbatch --parsable --dependency="afterany:${job%%;*}" --job-name=gpulint-audit-merge ${SBATCH_ARGS:-} \
    --output="$OUT/merge.log" --wrap "$GPULINT audit merge --out '$OUT/all' '$OUT'/shard-*"
echo "submitted array job $job ($N shards); the report will be $OUT/all/report.html" >&2
