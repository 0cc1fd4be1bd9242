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
# options, e.g. "--partition=cpu --time=04:00:00", or "--exclusive" for
# whole nodes), GPULINT_JOBS (CPUs per task: sbatch --cpus-per-task).
# Without GPULINT_JOBS a task gets the partition's default allocation, and
# each task runs -j with the CPUs Slurm gave it (SLURM_CPUS_PER_TASK, else
# SLURM_CPUS_ON_NODE).  A task whose allocation has fewer CPUs than
# GPULINT_JOBS says so on stderr and uses the CPUs it has.
#SBATCH --job-name=gpulint-audit
#SBATCH --output=gpulint-audit-%A_%a.log
set -euo pipefail
GPULINT=${GPULINT:-gpulint}

if [[ -n "${SLURM_ARRAY_TASK_ID:-}" ]]; then
    # one array task: its shard
    LIST=$1 OUT=$2
    N=${SLURM_ARRAY_TASK_COUNT:?SLURM_ARRAY_TASK_COUNT is not set (an sbatch --array job sets it)}
    have=${SLURM_CPUS_PER_TASK:-${SLURM_CPUS_ON_NODE:-1}}
    jobs=${GPULINT_JOBS:-$have}
    [[ $jobs =~ ^[1-9][0-9]*$ ]] || { echo "slurm-audit.sh: GPULINT_JOBS must be a positive number of CPUs, not '$jobs'" >&2; exit 2; }
    if ((jobs > have)); then
        # more workers than CPUs would only make them wait for each other
        echo "slurm-audit.sh: asked for $jobs CPUs, the allocation has $have: using $have" >&2
        jobs=$have
    fi
    exec "$GPULINT" audit --projects-file "$LIST" --shard "$SLURM_ARRAY_TASK_ID/$N" \
        -j "$jobs" --no-progress --out "$OUT/shard-$SLURM_ARRAY_TASK_ID"
fi

LIST=${1:?usage: slurm-audit.sh PROJECTS_FILE OUT_DIR N}
OUT=${2:?usage: slurm-audit.sh PROJECTS_FILE OUT_DIR N}
N=${3:?usage: slurm-audit.sh PROJECTS_FILE OUT_DIR N}
LIST=$(realpath "$LIST")
mkdir -p "$OUT"
OUT=$(realpath "$OUT")
cpus=()
if [[ -n ${GPULINT_JOBS:-} ]]; then cpus=(--cpus-per-task="$GPULINT_JOBS"); fi
# shellcheck disable=SC2086
job=$(sbatch --parsable --array="0-$((N - 1))" ${cpus[@]+"${cpus[@]}"} ${SBATCH_ARGS:-} \
    --export=ALL,GPULINT="$GPULINT" "$0" "$LIST" "$OUT")
# shellcheck disable=SC2086
sbatch --parsable --dependency="afterany:${job%%;*}" --job-name=gpulint-audit-merge ${SBATCH_ARGS:-} \
    --output="$OUT/merge.log" --wrap "$GPULINT audit merge --out '$OUT/all' '$OUT'/shard-*"
echo "submitted array job $job ($N shards); the report will be $OUT/all/report.html" >&2
