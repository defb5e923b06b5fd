#!/usr/bin/env bash
# Regenerates the sample replays with the kibitz binary (built with `cargo build --release`).
set -euo pipefail
cd "$(dirname "$0")/.."
K="${KIBITZ:-${CARGO_TARGET_DIR:-target}/release/kibitz}"
bot() { echo "'$K' bot lighthouses $1 --seed ${2:-0}"; }
run() { "$K" match lighthouses "$@" | tail -n 1; }
# Any other game: its name first.
run_game() { "$K" match "$@" | tail -n 1; }

run --map maps/lighthouses/harbour.txt --rounds 200 --out replays/lighthouses-demo.jsonl \
  -- "$(bot greedy)" "$(bot greedy)" "$(bot random 5)" "$(bot greedy)"
run --map maps/lighthouses/duel.txt --rounds 150 --out replays/lighthouses-duel.jsonl \
  -- "$(bot greedy)" "$(bot random 3)"
run --map maps/lighthouses/atoll.txt --rounds 300 --out replays/lighthouses-atoll.jsonl \
  -- "$(bot greedy)" "$(bot random 1)" "$(bot greedy)" "$(bot random 2)" \
     "$(bot greedy)" "$(bot random 3)" "$(bot greedy)" "$(bot random 4)"
crasher='n=0; while read line; do case "$line" in *player_num*) echo "{\"name\": \"Crasher\"}";; *view*) n=$((n+1)); [ $n -ge 10 ] && exit 3; echo "{\"command\": \"pass\"}";; esac; done'
run --map maps/lighthouses/crossroads.txt --rounds 60 --out replays/lighthouses-failure.jsonl \
  -- "$(bot greedy)" "$crasher"
run_game icfp2015 --problem maps/icfp2015/hive.json --seed 7 --out replays/icfp2015-hive.jsonl -t 20 -- "'$K' solve icfp2015"
run_game amazes --maze maps/amazes/kibitz-1.txt --out replays/amazes-explorers.jsonl \
  -- "'$K' bot amazes explorer" "'$K' bot amazes explorer --seed 1"
run_game amazes --maze maps/amazes/kibitz-2.txt --out replays/amazes-explorer-vs-random.jsonl \
  -- "'$K' bot amazes explorer" "'$K' bot amazes random --seed 4"
run_game fedrunek --n 12 --turn-ms 50 --turns 120 --seed 2 --miners 3 --scouts 2 --out replays/fedrunek-greedy-vs-python.jsonl \
  -- "'$K' bot fedrunek greedy" "python3 docs/clients/fedrunek.py"
run_game wycinanka --width 30 --height 30 --game-turns 40 --turn-ms 100 --seed 3 --out replays/wycinanka-solvers.jsonl \
  -- "'$K' bot wycinanka solver --seed 1" "'$K' bot wycinanka solver --seed 2"
run_game osada --settlement maps/osada/quarry.txt --profile thieves --game-turns 50 --spawn-base 2 --spawn-growth 0.05 --turn-ms 100 --seed 2 \
  --out replays/osada-defender-vs-python.jsonl -- "'$K' bot osada defender" "python3 docs/clients/osada.py"
run_game snakecore --map maps/snakecore/duel.txt --turns 200 --out replays/snakecore-greedy-vs-random.jsonl \
  -- "'$K' bot snakecore greedy" "'$K' bot snakecore random --seed 3"
run_game snakecore --map maps/snakecore/four.txt --turns 150 --seed 1 --out replays/snakecore-four.jsonl \
  -- "'$K' bot snakecore greedy" "'$K' bot snakecore greedy" "'$K' bot snakecore random --seed 2" "'$K' bot snakecore greedy"
for f in replays/*.jsonl; do "$K" verify "$f"; done
