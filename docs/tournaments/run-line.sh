#!/bin/sh
# Runs line N (counted from 1) of a tournament's plan file, as `sh` runs it: the lines of
# `kibitz tournament plan` run from the spec's folder, so start this there.
set -eu
plan=$1
n=$2
line=$(sed -n "${n}p" "$plan")
if [ -z "$line" ]; then
  echo "run-line: $plan has no line $n" >&2
  exit 2
fi
exec sh -c "$line"
