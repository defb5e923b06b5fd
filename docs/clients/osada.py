#!/usr/bin/env python3
"""A short osada client in plain Python, to show that any language works.

Run by `kibitz match osada ... -- 'python3 docs/clients/osada.py'`: the server's address and
the team's login come as the last four arguments (HOST PORT LOGIN PASSWORD) and in the
KIBITZ_HOST, KIBITZ_PORT, KIBITZ_LOGIN and KIBITZ_PASSWORD variables.

Its strategy is a simple defence of the team's banner mast: every round it looks through each
troop's eyes (INFO); stormtroopers step into the field of a coor next to them and otherwise stay
by the mast; builders build traps on the fields around the mast; snipers shoot the nearest coor in
sight. MOVE is sent with absolute target coordinates; a server that reads relative offsets says
so with a 103 for a neighbour, and the client then sends offsets. Everything else in the protocol
is in docs/rules/osada.md.
"""

import os
import socket
import sys


def connect():
    if len(sys.argv) >= 5:
        host, port, login, password = sys.argv[-4:]
    else:
        host, port = os.environ["KIBITZ_HOST"], os.environ["KIBITZ_PORT"]
        login, password = os.environ["KIBITZ_LOGIN"], os.environ["KIBITZ_PASSWORD"]
    sock = socket.create_connection((host, int(port)))
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock.makefile("r", encoding="utf-8", newline="\n"), sock.makefile("w", encoding="utf-8", newline="\n"), login, password


class Server:
    def __init__(self):
        self.rd, self.wr, login, password = connect()
        for expect, send in (("LOGIN", login), ("PASS", password)):
            assert self.line() == expect
            self.send(send)
        assert self.line() == "OK"
        self.failed = ""
        self.relative = False  # how the server reads MOVE: learnt from a 103

    def line(self):
        text = self.rd.readline()
        if not text:
            raise EOFError("the server closed the connection")
        return text.rstrip("\n")

    def send(self, text):
        self.wr.write(text + "\n")
        self.wr.flush()

    def ask(self, command, lines=0, counted=False):
        """Returns the data lines after OK, or None after FAILED (kept in self.failed)."""
        self.send(command)
        first = self.line()
        if first != "OK":
            self.failed = first
            if first.startswith("FAILED 7 "):
                self.line()  # FORCED WAITING x
            return None
        if counted:
            lines = int(self.line())
        return [self.line() for _ in range(lines)]

    def move(self, tid, here, to):
        for _ in range(2):
            a, b = (to[0] - here[0], to[1] - here[1]) if self.relative else to
            if self.ask(f"MOVE {tid} {a} {b}") is not None:
                return
            if self.relative or not self.failed.startswith("FAILED 103 "):
                return
            self.relative = True  # a neighbour was "not neighbour": offsets it is


def dist(a, b):
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def main():
    s = Server()
    while True:
        n, _, mx, my = map(int, s.ask("DESCRIBE WORLD", 1)[0].split()[:4])
        mast = (mx, my)
        troops = [l.split() for l in s.ask("LIST TROOPS", counted=True)]
        seen = {}  # field -> [terrain, settlement, coors, troops]
        for t in troops:
            x, y = int(t[2]), int(t[3])
            for l in s.ask(f"INFO {t[0]}", counted=True) or []:
                dx, dy, terrain, settlement, coors, beetles = l.split()
                seen[(x + int(dx), y + int(dy))] = [terrain, settlement, int(coors), int(beetles)]
        coors = [p for p, v in seen.items() if v[2] > 0]

        def walkable(p):
            return p in seen and seen[p][0] != "BLOCKED" and seen[p][1] != "MAST"

        def step(here, goal):
            """The walkable neighbour nearest to goal, if it is nearer than here."""
            options = [(here[0] + dx, here[1] + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
            options = [p for p in options if walkable(p) and seen[p][2] == 0]
            best = min(options, key=lambda p: dist(p, goal), default=None)
            return best if best is not None and dist(best, goal) < dist(here, goal) else None

        claimed = set()
        for tid, kind, x, y, queue, busy in troops:
            here, active = (int(x), int(y)), queue == "0"
            if busy != "0":
                continue
            if kind == "SNIPER" and active:
                radius = 3 if seen.get(here, ["", ""])[1] == "TOWER" else 2
                targets = [p for p in coors if 0 < dist(p, here) <= radius]
                if targets:
                    p = min(targets, key=lambda p: (dist(p, mast), dist(p, here)))
                    s.ask(f"SHOOT {tid} {p[0] - here[0]} {p[1] - here[1]}")
                    continue
            if kind == "SNIPER" and not active:  # behind others in its field: it cannot shoot
                around = [(here[0] + dx, here[1] + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
                spots = [p for p in around if walkable(p) and seen[p][2] == 0 and seen[p][3] == 0 and dist(p, mast) <= 2]
                if spots:
                    s.move(tid, here, min(spots, key=lambda p: dist(p, mast)))
                    continue
            if kind == "STORMTROOPER":
                near = [p for p in coors if dist(p, here) == 1 and walkable(p)]
                if near:
                    s.move(tid, here, min(near, key=lambda p: dist(p, mast)))
                    continue
            if kind == "BUILDER":
                v = seen.get(here)
                if dist(here, mast) == 1 and active and v and v[0] == "SOLID" and v[1] == "NONE" and here not in claimed:
                    claimed.add(here)
                    s.ask(f"BUILD {tid} TRAP", 1)
                    continue
                free = [p for p, v in seen.items() if dist(p, mast) == 1 and v[0] == "SOLID" and v[1] == "NONE"
                        and v[2] == 0 and v[3] == 0 and p not in claimed]
                if free:
                    goal = min(free, key=lambda p: dist(p, here))
                    claimed.add(goal)
                    to = step(here, goal)
                    if to:
                        s.move(tid, here, to)
                    continue
            if dist(here, mast) > 1:
                to = step(here, mast)
                if to:
                    s.move(tid, here, to)
        s.ask("WAIT", 1)


if __name__ == "__main__":
    try:
        main()
    except (EOFError, ConnectionError, BrokenPipeError):
        pass  # the server ended its last game
