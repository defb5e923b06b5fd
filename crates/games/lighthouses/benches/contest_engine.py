#!/usr/bin/env python3
"""Kibitz's `verify` against the contest's own engine, side by side in one run.

Re-simulates a lighthouses replay's recorded moves with the original Python engine
(marcan/lighthouses_aicontest, `engine/engine.py`: rules only, in process, the moves already
parsed), checks that it reaches the same scores as the replay, times it, then times
`kibitz verify REPLAY` as a whole process, and prints the ratio (docs/performance.md).

    python3 contest_engine.py KIBITZ ENGINE_DIR REPLAY.jsonl [RUNS]

ENGINE_DIR is the contest repository's `engine` folder (it is public; fetch it into a scratch
folder, never into this repository). Exit 1 when the engine disagrees with the replay's scores.
"""

import json
import os
import subprocess
import sys
import tempfile
import time


def load(path):
    with open(path) as f:
        lines = [json.loads(line) for line in f if line.strip()]
    header, body = lines[0], lines[1:]
    steps = [r for r in body if "step" in r]
    end = next((r["end"] for r in body if "end" in r), None)
    return header, steps, end


def play(engine, map_path, players, steps):
    """The engine's own round loop (engine/game.py, botplayer.py) over the recorded moves."""
    game = engine.Game(engine.GameConfig(map_path), players)
    for record in steps:
        kind = record["outcome"]["kind"]
        if kind == "round_start":
            game.pre_round()
        elif kind == "round_end":
            game.post_round()
        elif record.get("action") is not None:
            player, move = game.players[record["player"]], record["action"]
            try:
                # As botplayer.BotPlayer.turn dispatches a bot's answer.
                command = move.get("command")
                if command == "move":
                    player.move((move["x"], move["y"]))
                elif command == "attack":
                    game.lighthouses[player.pos].attack(player, move["energy"])
                elif command == "connect":
                    game.connect(player, tuple(move["destination"]))
            except (engine.MoveError, KeyError, TypeError):
                pass
    return [p.score for p in game.players]


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    kibitz, engine_dir, replay = sys.argv[1:4]
    runs = int(sys.argv[4]) if len(sys.argv) == 5 else 3
    sys.path.insert(0, engine_dir)
    import engine  # the contest's engine, from ENGINE_DIR

    header, steps, end = load(replay)
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(header["setup"]["map"]) + "\n")
        map_path = f.name
    try:
        players = len(header["players"])
        best_engine, scores = None, None
        for _ in range(runs):
            started = time.perf_counter()
            scores = play(engine, map_path, players, steps)
            took = time.perf_counter() - started
            best_engine = took if best_engine is None else min(best_engine, took)
    finally:
        os.unlink(map_path)
    recorded = end["scores"] if end else None
    best_kibitz = None
    for _ in range(runs):
        started = time.perf_counter()
        done = subprocess.run([kibitz, "verify", replay], capture_output=True, text=True)
        took = time.perf_counter() - started
        if done.returncode != 0:
            sys.exit(f"kibitz verify failed: {done.stdout}{done.stderr}")
        best_kibitz = took if best_kibitz is None else min(best_kibitz, took)
    size = os.path.getsize(replay) / 1e6
    rounds = header["setup"]["rounds"]
    print(f"replay: {replay}, {size:.1f} MB, {rounds} rounds, {players} players, {len(steps)} steps")
    print(f"contest engine (rules only, in process, best of {runs}): {best_engine * 1000:.0f} ms, scores {scores}")
    print(f"kibitz verify (whole process, best of {runs}): {best_kibitz * 1000:.1f} ms")
    print(f"ratio: {best_engine / best_kibitz:.0f}x")
    if recorded is not None and scores != recorded:
        sys.exit(f"the contest engine scores {scores}, the replay records {recorded}")


if __name__ == "__main__":
    main()
