#!/bin/sh
# One task of a Slurm job array runs one match of the plan: line $SLURM_ARRAY_TASK_ID, the
# array counting from 1 (sbatch --array=1-LINES%P; see docs/tournaments.md).
set -eu
exec sh "$(dirname "$0")/run-line.sh" "$1" "${SLURM_ARRAY_TASK_ID:?set by Slurm for each task of a job array}"
