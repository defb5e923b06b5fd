#!/bin/sh
# One pod of a Kubernetes indexed Job runs one match of the plan: line
# $JOB_COMPLETION_INDEX + 1, the indices counting from 0 (completionMode: Indexed; see
# docs/tournaments.md).
set -eu
index=${JOB_COMPLETION_INDEX:?set by Kubernetes for each pod of an indexed Job}
exec sh "$(dirname "$0")/run-line.sh" "$1" $((index + 1))
