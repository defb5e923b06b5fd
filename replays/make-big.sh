#!/usr/bin/env bash
# Makes the long replays the viewer's figures are measured on (docs/performance.md, "The viewer
# at scale"): lighthouses matches of 2,000, 20,000 and 100,000 rounds (about 1.3, 13 and 66 MB)
# and a fedrunek game of about 100 MB, played by our sample bots with the kibitz binary.
# They are not kept in the repository. Usage: replays/make-big.sh [FOLDER] (default /tmp/kibitz-big).
set -euo pipefail
cd "$(dirname "$0")/.."
K="${KIBITZ:-${CARGO_TARGET_DIR:-target}/debug/kibitz}"
OUT="${1:-/tmp/kibitz-big}"
mkdir -p "$OUT"
bot() { echo "kibitz bot lighthouses $1 --seed $2"; }
for rounds in 2000 20000 100000; do
  "$K" match lighthouses --map maps/lighthouses/harbour.txt --rounds "$rounds" --out "$OUT/lighthouses-$rounds.jsonl" \
    -- "$(bot greedy 1)" "$(bot greedy 2)" "$(bot random 3)" "$(bot greedy 4)" | tail -n 1
done
# Eight greedy teams on a 32³ asteroid, 5 ms turns, until about 100 MB are written.
clients=()
for _ in 1 2 3 4 5 6 7 8; do clients+=("kibitz bot fedrunek greedy"); done
"$K" match fedrunek --n 32 --turn-ms 5 --turns 3800 --max-turns 3800 --seed 5 --out "$OUT/fedrunek-100mb.jsonl" \
  -- "${clients[@]}" | tail -n 1
ls -l "$OUT"
