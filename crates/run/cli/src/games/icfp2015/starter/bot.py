#!/usr/bin/env python3
"""A starter solver for ICFP 2015 (Honeycomb), run as the contest ran solvers.

It is started once, with the contest's flags: -f FILE (a problem, repeatable), -t SECONDS,
-m MEGABYTES, -c CORES, -p PHRASE (repeatable). For every problem and every one of its
sourceSeeds it plays the whole game in its head and prints, once, on stdout, a JSON list of
{"problemId", "seed", "tag", "solution"}: the solution is a string of command letters.

The strategy: for each unit, find every place it can lock (a breadth-first search over moves
and turns) and take the lowest one, preferring one that clears rows.

Rules: docs/rules/icfp2015.md of the Kibitz repository.
"""

import json
import os
import sys
import time
from collections import deque

# One letter per command (the contest accepts several; these are the plainest).
COMMANDS = {"E": "b", "W": "p", "SE": "l", "SW": "a", "CW": "d", "CCW": "k"}
# Moves in cube coordinates (x, z): z is the row, x grows east along a row.
MOVES = {"E": (1, 0), "W": (-1, 0), "SE": (0, 1), "SW": (-1, 1)}


def to_cube(cell):
    """Board cell (x, y), odd rows shifted right, to cube (x, z)."""
    x, y = cell
    return (x - (y >> 1), y)


def to_cell(cube):
    x, z = cube
    return (x + (z >> 1), z)


def turn(v, clockwise):
    """A cube vector turned 60 degrees about the origin."""
    x, z = v
    return (-z, x + z) if clockwise else (x + z, -x)


def source(seed, length):
    """The unit indices' random numbers: the contest's linear congruential generator."""
    out = []
    for _ in range(length):
        out.append((seed >> 16) & 0x7FFF)
        seed = (seed * 1103515245 + 12345) & 0xFFFFFFFF
    return out


class Unit:
    """A unit at its spawn: the pivot (a cube) and the members as offsets from it, for each of
    the six orientations (clockwise sixths of a turn)."""

    def __init__(self, unit, width):
        members = [(c["x"], c["y"]) for c in unit["members"]]
        min_x = min(x for x, _ in members)
        min_y = min(y for _, y in members)
        left = (width - (max(x for x, _ in members) - min_x + 1)) // 2
        def place(c):
            return to_cube((c[0] - min_x + left, c[1] - min_y))
        self.spawn = place((unit["pivot"]["x"], unit["pivot"]["y"]))
        base = [(place(c)[0] - self.spawn[0], place(c)[1] - self.spawn[1]) for c in members]
        self.offsets = [base]
        for _ in range(5):
            self.offsets.append([turn(v, True) for v in self.offsets[-1]])

    def cells(self, pivot, rot):
        return [to_cell((pivot[0] + v[0], pivot[1] + v[1])) for v in self.offsets[rot]]


class Game:
    """One problem played with one seed: the board (its full cells) and the units."""

    def __init__(self, problem):
        self.width, self.height = problem["width"], problem["height"]
        self.full = {(c["x"], c["y"]) for c in problem["filled"]}
        self.units = [Unit(u, self.width) for u in problem["units"]]

    def fits(self, cells):
        return all(0 <= x < self.width and 0 <= y < self.height and (x, y) not in self.full
                   for x, y in cells)

    def lock(self, cells):
        """Fills the cells and clears full rows; returns the rows cleared."""
        self.full.update(cells)
        full_rows = [y for y in range(self.height)
                     if all((x, y) in self.full for x in range(self.width))]
        for row in full_rows:  # from the top down, so the rows above fall by one each time
            self.full = {(x, y + 1) if y < row else (x, y) for x, y in self.full if y != row}
        return len(full_rows)

    def placements(self, unit):
        """Every place the unit can lock: (cells, pivot, commands that take it there and lock
        it). No position repeats on the way: the search never visits one twice."""
        start = (unit.spawn, 0)
        def key(pivot, rot):
            return (pivot, frozenset(unit.cells(pivot, rot)))
        seen = {key(*start)}
        queue = deque([(start, "")])
        found = []
        while queue:
            (pivot, rot), path = queue.popleft()
            lock_with = None
            for name, letter in COMMANDS.items():
                if name in MOVES:
                    nxt = ((pivot[0] + MOVES[name][0], pivot[1] + MOVES[name][1]), rot)
                else:
                    nxt = (pivot, (rot + (1 if name == "CW" else 5)) % 6)
                if not self.fits(unit.cells(*nxt)):
                    lock_with = lock_with or letter  # this command would lock the unit here
                elif key(*nxt) not in seen:
                    seen.add(key(*nxt))
                    queue.append((nxt, path + letter))
            if lock_with:
                found.append((unit.cells(pivot, rot), pivot, path + lock_with))
        return found

    def value(self, cells):
        """How good locking on these cells is. CHANGE ME: this is the strategy. Try counting
        holes left under the unit, the height of the stack, or spelling phrases of power (-p)
        with the letters of the path (each command has six letters to choose from)."""
        rows = {y for _, y in cells}
        cleared = sum(1 for y in rows
                      if all((x, y) in self.full or (x, y) in cells for x in range(self.width)))
        return 1000 * cleared + sum(y for _, y in cells)


def solve(problem, seed, deadline, draw):
    """Plays one game; returns its solution. `draw` says whether to draw it for the viewer."""
    game = Game(problem)
    solution = ""
    score, rows_before = 0, 0
    for n, r in enumerate(source(seed, problem["sourceLength"])):
        unit = game.units[r % len(game.units)]
        if not game.fits(unit.cells(unit.spawn, 0)) or time.time() > deadline:
            break  # the board is full (the game is over), or we are out of time
        options = game.placements(unit)
        if not options:
            break
        cells, pivot, path = max(options, key=lambda o: game.value(o[0]))
        rows = game.lock(cells)
        points = len(cells) + 100 * (1 + rows) * rows // 2
        score += points + ((rows_before - 1) * points // 10 if rows_before > 1 else 0)
        rows_before = rows
        solution += path
        if draw:  # `unit N` puts a line on the first step of unit N in the replay
            for x, y in cells:
                print(f"#kibitz unit {n} dot {x} {y} green", file=sys.stderr)
            (sx, sy), (px, py) = to_cell(unit.spawn), to_cell(pivot)
            print(f"#kibitz unit {n} line {sx} {sy} {px} {py}", file=sys.stderr)
            print(f"#kibitz unit {n} value rows_cleared {rows}", file=sys.stderr)
            print(f"#kibitz unit {n} value move_score {score}", file=sys.stderr)
    return solution


def main():
    files, phrases, seconds = [], [], 60.0
    args = sys.argv[1:]
    for i in range(0, len(args) - 1):
        if args[i] == "-f":
            files.append(args[i + 1])
        elif args[i] == "-p":
            phrases.append(args[i + 1])  # phrases of power to try (this solver does not yet)
        elif args[i] == "-t":
            seconds = float(args[i + 1])
    # Kibitz records one seed's game as a replay and says which in KIBITZ_SEED.
    draw_seed = os.environ.get("KIBITZ_SEED")
    deadline = time.time() + 0.8 * seconds  # finish in good time: -t is a hard limit
    out = []
    for name in files:
        with open(name) as f:
            problem = json.load(f)
        for seed in problem["sourceSeeds"]:
            draw = draw_seed == str(seed) and name == files[0]
            out.append({"problemId": problem["id"], "seed": seed, "tag": "starter",
                        "solution": solve(problem, seed, deadline, draw)})
    sys.stderr.flush()  # the drawing first, then the answer
    print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
