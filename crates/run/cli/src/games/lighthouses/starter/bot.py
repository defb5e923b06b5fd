#!/usr/bin/env python3
"""A Lighthouses starter bot: Python 3, standard library only.

The referee talks to us in JSON lines on stdin/stdout (docs/rules/lighthouses.md):
  1. one init message: player_num, player_count, position, map (map[y][x], 1 = island,
     y counting up from the bottom row) and the lighthouses' positions;
  2. we greet with {"name": ...};
  3. every round a state message (position, score, energy, view, lighthouses), we answer
     one command (move, attack, connect or pass), and the referee answers {"success": ...}.
When the match ends, stdin is closed and we exit.

The strategy is greedy and simple: walk to the nearest lighthouse we can take, take it with
all our energy, connect it to every lighthouse we own whose key we hold, and when nothing
can be taken yet, gather energy on the richest cell we see.
"""

import json
import sys
from collections import deque

# CHANGE ME: how much energy we want left in a lighthouse after taking it (lighthouses
# lose 10 a round, so one taken with less is soon neutral again).
MIN_CAPTURE = 30

NEIGHBOURS = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]

# The game as the rules name it; filled from the messages.
player_num = 0
island = []          # island[y][x]: 1 for an island cell, 0 for water
position = (0, 0)    # our (x, y)
energy = 0
score = 0
view = []            # view[dy + 3][dx + 3]: energy of the cells around us, -1 beyond the horizon
lighthouses = []     # dicts: position (x, y), owner (-1 neutral), energy, connections, have_key

refused = set()      # connections the referee refused while we stood here: not tried again
last_command = {}


def send(command):
    """Draw lines first (flushed), then the answer on stdout, flushed."""
    global last_command
    last_command = command
    sys.stderr.flush()
    print(json.dumps(command), flush=True)


def draw(line):
    print("#kibitz " + line, file=sys.stderr)


def is_island(x, y):
    return 0 <= y < len(island) and 0 <= x < len(island[y]) and island[y][x] == 1


def distances(goal):
    """Steps from every island cell to goal (8 neighbours, as players move): {cell: steps}."""
    dist = {goal: 0}
    queue = deque([goal])
    while queue:
        x, y = queue.popleft()
        for dx, dy in NEIGHBOURS:
            cell = (x + dx, y + dy)
            if cell not in dist and is_island(*cell):
                dist[cell] = dist[(x, y)] + 1
                queue.append(cell)
    return dist


def step_towards(goal):
    """The move (dx, dy) that brings us one step nearer to goal, or None."""
    dist = distances(goal)
    here = dist.get(position)
    if not here:
        return None
    for dx, dy in NEIGHBOURS:
        if dist.get((position[0] + dx, position[1] + dy)) == here - 1:
            return dx, dy
    return None


def choose_target():
    """CHANGE ME: where to go. The nearest lighthouse we can take, or whose key we lack."""
    dist = distances(position)
    best = None
    for lh in lighthouses:
        pos = lh["position"]
        if pos == position or pos not in dist:
            continue
        mine = lh["owner"] == player_num
        takeable = not mine and energy - lh["energy"] >= MIN_CAPTURE
        if (takeable or (mine and not lh["have_key"])) and (best is None or dist[pos] < dist[best]):
            best = pos
    if best is not None:
        return best, "target"
    # Nothing to take yet: the richest cell in view, to gather energy there.
    richest, most = None, 0
    for vy, row in enumerate(view):
        for vx, cell_energy in enumerate(row):
            cell = (position[0] + vx - 3, position[1] + vy - 3)
            if cell_energy > most and cell != position and is_island(*cell):
                richest, most = cell, cell_energy
    return richest, "energy"


def play_turn():
    """One command for this round, with its drawing."""
    draw(f"value energy {energy}")
    here = next((lh for lh in lighthouses if lh["position"] == position), None)
    if here is not None:
        x, y = position
        if here["owner"] != player_num and energy - here["energy"] >= MIN_CAPTURE:
            draw(f"dot {x} {y} red")
            draw(f"note attacking the lighthouse at {x} {y} with {energy}")
            return {"command": "attack", "energy": energy}
        if here["owner"] == player_num:
            # CHANGE ME: which connection to try first (a triangle scores its island cells).
            for lh in lighthouses:
                to = lh["position"]
                if (lh["owner"] == player_num and lh["have_key"] and to != position
                        and list(to) not in here["connections"] and (position, to) not in refused):
                    draw(f"line {x} {y} {to[0]} {to[1]} green")
                    draw(f"note connecting {x} {y} to {to[0]} {to[1]}")
                    return {"command": "connect", "destination": list(to)}
    goal, label = choose_target()
    if goal is None:
        draw("note nothing to do: passing")
        return {"command": "pass"}
    colour = "yellow" if label == "target" else "cyan"
    draw(f"dot {goal[0]} {goal[1]} {colour}")
    draw(f"text {goal[0]} {goal[1]} {label}")
    draw(f"line {position[0]} {position[1]} {goal[0]} {goal[1]} {colour}")
    draw(f"value distance {max(abs(goal[0] - position[0]), abs(goal[1] - position[1]))}")
    step = step_towards(goal)
    if step is None:
        return {"command": "pass"}
    refused.clear()  # we leave this lighthouse: its refusals may not hold next time
    return {"command": "move", "x": step[0], "y": step[1]}


def main():
    global player_num, island, position, energy, score, view, lighthouses
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        message = json.loads(line)
        if "player_num" in message:  # the init message
            player_num = message["player_num"]
            island = message["map"]
            position = tuple(message["position"])
            send({"name": "Starter"})
        elif "view" in message:  # a round's state: answer one command
            position = tuple(message["position"])
            energy, score, view = message["energy"], message["score"], message["view"]
            lighthouses = [dict(lh, position=tuple(lh["position"])) for lh in message["lighthouses"]]
            send(play_turn())
        elif "success" in message and not message["success"]:
            # The referee refused our command, saying why (plain stderr, shown in the turn log).
            print(f"refused {json.dumps(last_command)}: {message.get('message')}", file=sys.stderr)
            if last_command.get("command") == "connect":
                refused.add((position, tuple(last_command["destination"])))


if __name__ == "__main__":
    main()
