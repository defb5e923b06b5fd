#!/usr/bin/env python3
"""An osada starter bot: defend the team's banner mast against the coors, over TCP.

`kibitz match osada ... -- 'python3 bot.py'` starts it with HOST PORT LOGIN PASSWORD as its last
four arguments (also in KIBITZ_HOST, KIBITZ_PORT, KIBITZ_LOGIN, KIBITZ_PASSWORD).

Strategy: every round each troop looks around (INFO). Snipers shoot the coor in sight nearest
the mast; stormtroopers step into a coor next to them; builders build traps on the fields around
the mast; everyone else walks back next to the mast. The protocol: docs/rules/osada.md.
"""

import os
import socket
import sys


class Server:
    """One TCP connection: LOGIN / PASS, then commands answered OK (+ data) or FAILED e msg."""

    def __init__(self):
        if len(sys.argv) >= 5:
            host, port, login, password = sys.argv[-4:]
        else:
            host, port = os.environ["KIBITZ_HOST"], os.environ["KIBITZ_PORT"]
            login, password = os.environ["KIBITZ_LOGIN"], os.environ["KIBITZ_PASSWORD"]
        sock = socket.create_connection((host, int(port)))
        self.rd = sock.makefile("r", encoding="utf-8", newline="\n")
        self.wr = sock.makefile("w", encoding="utf-8", newline="\n")
        for expect, send in (("LOGIN", login), ("PASS", password)):
            if self.line() != expect:
                raise EOFError("unexpected login prompt")
            self.send(send)
        if self.line() != "OK":
            raise EOFError("login refused")

    def line(self):
        text = self.rd.readline()
        if not text:
            raise EOFError("the server closed the connection")
        return text.rstrip("\r\n")

    def send(self, text):
        self.wr.write(text + "\n")
        self.wr.flush()

    def ask(self, command, lines=0, counted=False):
        """The data lines after OK, or None after FAILED (error 7 adds FORCED WAITING x)."""
        self.send(command)
        first = self.line()
        if first != "OK":
            if first.startswith("FAILED 7 "):
                self.line()
            return None
        if counted:
            lines = int(self.line())
        return [self.line() for _ in range(lines)]


def dist(a, b):
    """Fields are neighbours in eight directions, so distance is the larger difference."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def around(p):
    return [(p[0] + dx, p[1] + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]


def plan(troop, mast, seen, claimed):
    """One command for one free troop, and the field it aims at (or None).
    CHANGE ME: this is the whole strategy."""
    here, tid, kind, active = (troop["PX"], troop["PY"]), troop["ID"], troop["Kind"], troop["C"] == 0
    coors = [p for p, f in seen.items() if f["COORS"] > 0]

    def walkable(p):  # troops never enter blocked fields nor a mast; we also avoid coors
        f = seen.get(p)
        return f is not None and f["Terrain"] != "BLOCKED" and f["Settlement"] != "MAST" and f["COORS"] == 0

    def step_to(goal):
        best = min((p for p in around(here) if walkable(p)), key=lambda p: dist(p, goal), default=None)
        if best is None or dist(best, goal) >= dist(here, goal):
            return None, goal
        return f"MOVE {tid} {best[0]} {best[1]}", goal  # MOVE takes the target's coordinates

    if kind == "SNIPER" and active:
        radius = 3 if seen.get(here, {}).get("Settlement") == "TOWER" else 2
        targets = [p for p in coors if 0 < dist(p, here) <= radius]
        if targets:
            p = min(targets, key=lambda p: (dist(p, mast), dist(p, here)))
            return f"SHOOT {tid} {p[0] - here[0]} {p[1] - here[1]}", p  # SHOOT takes offsets
    if kind == "STORMTROOPER":
        near = [p for p in coors if dist(p, here) == 1 and seen[p]["Terrain"] != "BLOCKED" and seen[p]["Settlement"] != "MAST"]
        if near:
            p = min(near, key=lambda p: dist(p, mast))
            return f"MOVE {tid} {p[0]} {p[1]}", p  # a fight: it wins nine times in ten
    if kind == "BUILDER":
        f = seen.get(here)
        if dist(here, mast) == 1 and active and f and f["Terrain"] == "SOLID" and f["Settlement"] == "NONE" and here not in claimed:
            claimed.add(here)
            return f"BUILD {tid} TRAP", here
        free = [p for p in around(mast) if walkable(p) and seen[p]["Terrain"] == "SOLID"
                and seen[p]["Settlement"] == "NONE" and seen[p]["TROOPS"] == 0 and p not in claimed]
        if free:
            goal = min(free, key=lambda p: dist(p, here))
            claimed.add(goal)
            return step_to(goal)
    if dist(here, mast) > 1:
        return step_to(mast)
    return None, None


def main():
    s = Server()
    while True:
        world = s.ask("DESCRIBE WORLD", 1)  # N T PX PY K: PX PY is our banner mast
        if world is None:
            s.ask("WAIT", 1)
            continue
        n, t, mx, my = map(int, world[0].split()[:4])
        mast = (mx, my)
        troops = []
        for l in s.ask("LIST TROOPS", counted=True) or []:
            tid, kind, px, py, c, d = l.split()
            troops.append({"ID": int(tid), "Kind": kind, "PX": int(px), "PY": int(py), "C": int(c), "D": int(d)})
        seen = {}  # field -> what the troops see there
        for troop in troops:
            for l in s.ask(f"INFO {troop['ID']}", counted=True) or []:
                dx, dy, terrain, settlement, coors, beetles = l.split()
                seen[(troop["PX"] + int(dx), troop["PY"] + int(dy))] = {
                    "Terrain": terrain, "Settlement": settlement, "COORS": int(coors), "TROOPS": int(beetles)}
        drawing = [f"dot {mx} {my} green", f"text {mx} {my} our mast"]
        drawing += [f"dot {x} {y} red" for (x, y), f in seen.items() if f["COORS"] > 0]
        commands, claimed = [], set()
        for troop in troops:
            if troop["D"] > 0:  # busy: it cannot act this round
                continue
            command, goal = plan(troop, mast, seen, claimed)
            if goal is not None and goal != (troop["PX"], troop["PY"]):
                colour = "red" if command and command.startswith("SHOOT") else "yellow"
                drawing.append(f"line {troop['PX']} {troop['PY']} {goal[0]} {goal[1]} {colour}")
            if command:
                commands.append(command)
        drawing.append(f"value coors {sum(f['COORS'] for f in seen.values())}")
        drawing.append(f"value troops {len(troops)}")
        # What is written to stderr goes with the next command: draw first, then command.
        sys.stderr.write("".join(f"#kibitz {d}\n" for d in drawing))
        sys.stderr.flush()
        for command in commands:
            s.ask(command, 1 if command.startswith("BUILD") else 0)
        s.ask("WAIT", 1)


if __name__ == "__main__":
    try:
        main()
    except (EOFError, ConnectionError, BrokenPipeError):
        pass  # the server ended its last game
