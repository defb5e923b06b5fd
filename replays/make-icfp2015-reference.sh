#!/usr/bin/env bash
# Demo replays of our own solver on the 25 original ICFP 2015 problems, written to
# replays/icfp2015-reference/ (not committed: they embed the contest's problems, which we read
# from shared/reference and do not ship). Usage: bash replays/make-icfp2015-reference.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
K="${KIBITZ:-${CARGO_TARGET_DIR:-target}/release/kibitz}"
REF="${KIBITZ_REFERENCE:-../shared/reference}/icfp2015/problems"
OUT=replays/icfp2015-reference
mkdir -p "$OUT"
for i in $(seq 0 24); do
  "$K" match icfp2015 --problem "$REF/problem_$i.json" --out "$OUT/problem_$i.jsonl" -t "${1:-10}" \
    -- "'$K' solve icfp2015" | tail -n 1
done
for f in "$OUT"/*.jsonl; do "$K" verify "$f"; done
