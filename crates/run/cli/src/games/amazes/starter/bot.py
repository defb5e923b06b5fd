#!/usr/bin/env python3
"""A starter bot for Amazes (CodeCup 2010), as Kibitz referees it.

Each turn the referee writes five lines on our stdin: what we see down the corridors ahead,
to our right, behind us and to our left (letters B, L, R, N for each square we can see, then
W for the wall that ends the corridor), then the squared distance to the opponent. Red's very
first turn is preceded by a line `Start`. We answer one line of 1 to 256 moves: F (forward),
R (turn right and step), L (turn left and step), T (turn around and step).

We never learn where we are in the maze, so we keep our own map in our own frame: (0, 0) is
the square we start on, x grows to the right of the way we first faced, y grows behind us
(the frame the viewer uses for our drawing). The strategy: walk, through openings we know
of, to the nearest square we have not seen all four sides of.

Rules: docs/rules/amazes.md of the Kibitz repository.
"""

import sys
from collections import deque

TURNS = 150
MAX_MOVES = 256

# Directions in our frame, clockwise: N (the way we first faced), E, S, W.
N, E, S, W = 0, 1, 2, 3
DELTA = [(0, -1), (1, 0), (0, 1), (-1, 0)]
# The move that turns from facing f to direction d is MOVE_FOR[(d - f) % 4].
MOVE_FOR = "FRTL"

# The map as we know it: sides[(x, y)] = [side N, side E, side S, side W],
# each "?" unknown, "open" or "wall".
sides = {}
discovered = set()  # squares we have seen or walked on (the jury also infers dead ends)
at = (0, 0)  # where we are
facing = N  # which way we face


def step(square, d):
    return (square[0] + DELTA[d][0], square[1] + DELTA[d][1])


def learn(square, d, what):
    """Records side d of square (and the same edge seen from the neighbour)."""
    sides.setdefault(square, ["?"] * 4)[d] = what
    sides.setdefault(step(square, d), ["?"] * 4)[(d + 2) % 4] = what


def look(corridors):
    """Takes in the four corridor lines: ahead, right, behind, left of where we face."""
    discovered.add(at)
    for k, line in enumerate(corridors):
        d = (facing + k) % 4
        left, right = (d + 3) % 4, (d + 1) % 4
        square = at
        for letter in line:
            if letter == "W":  # the wall that ends the corridor
                learn(square, d, "wall")
                break
            learn(square, d, "open")
            square = step(square, d)
            discovered.add(square)
            learn(square, left, "open" if letter in "BL" else "wall")
            learn(square, right, "open" if letter in "BR" else "wall")
            # A square behind a side opening is seen too (the rules call it discovered).
            for side in (left, right):
                if sides[square][side] == "open":
                    discovered.add(step(square, side))


def path_to_nearest_unknown():
    """Breadth-first search through known openings from where we are. Returns the nearest
    square with a side we do not know yet and the directions that lead there, or None."""
    came_from = {at: None}
    queue = deque([at])
    while queue:
        square = queue.popleft()
        # CHANGE ME: this is the strategy. A better bot weighs how much a square would show,
        # how far it is, and hunts the opponent (+100 for ending a turn on its square; the
        # squared distance to it comes every turn).
        if square != at and "?" in sides.get(square, ["?"] * 4):
            path = []
            while came_from[square] is not None:
                square, d = came_from[square]
                path.append(d)
            path.reverse()
            return walk_end(path), path
        for d in range(4):
            if sides.get(square, ["?"] * 4)[d] == "open":
                nxt = step(square, d)
                if nxt not in came_from:
                    came_from[nxt] = (square, d)
                    queue.append(nxt)
    return None


def walk_end(path):
    square = at
    for d in path:
        square = step(square, d)
    return square


def choose_path():
    """The directions to walk this turn (never empty: we always see at least one opening)."""
    found = path_to_nearest_unknown()
    if found is not None:
        return found[1][:MAX_MOVES]
    # Everything we can reach is known: step into any known opening, so as never to end a
    # turn on the square it began on (the referee would add a T).
    for d in range(4):
        if sides.get(at, ["?"] * 4)[d] == "open":
            return [d]
    return [(facing + 2) % 4]


def kibitz(line):
    """A drawing line for the viewer (docs/debug-drawing.md), on stderr."""
    print("#kibitz " + line, file=sys.stderr)


def play_turn(corridors, distance2):
    global at, facing
    look(corridors)
    path = choose_path()
    moves = []
    target = at
    for d in path:
        moves.append(MOVE_FOR[(d - facing) % 4])
        facing = d
        target = step(target, d)
    # Draw our intent before we answer: the walk as lines, the target as a dot, two values.
    square = at
    for d in path:
        nxt = step(square, d)
        kibitz(f"line {square[0]} {square[1]} {nxt[0]} {nxt[1]}")
        square = nxt
    kibitz(f"dot {target[0]} {target[1]} yellow")
    kibitz(f"value seen {len(discovered)}")
    kibitz(f"value distance2 {distance2}")
    sys.stderr.flush()
    at = target
    discovered.add(at)
    print("".join(moves), flush=True)


def main():
    turns = 0
    lines = []
    for raw in sys.stdin:
        line = raw.strip()
        if not lines and line == "Quit":
            return
        if not lines and line == "Start":  # we are Red; nothing else to do with it
            continue
        lines.append(line)
        if len(lines) < 5:
            continue
        corridors, distance = lines[:4], lines[4]
        lines = []
        play_turn(corridors, int(distance) if distance.isdigit() else -1)
        turns += 1
        if turns >= TURNS:  # after 150 turns a bot ends by itself
            return


if __name__ == "__main__":
    main()
