#!/usr/bin/env python3
"""A fedrunek starter bot: mining robots in a cubic asteroid, over TCP.

`kibitz match fedrunek ... -- 'python3 bot.py'` starts it with HOST PORT LOGIN PASSWORD as its
last four arguments (also in KIBITZ_HOST, KIBITZ_PORT, KIBITZ_LOGIN, KIBITZ_PASSWORD).

Strategy: every free miner drills straight down from where it stands and mines what it meets;
when its cargo is full it climbs back up and walks over the surface to the nearest station,
where its cargo is sold. Scouts stay idle. The protocol: docs/rules/fedrunek.md.
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
        self.drawing = []  # #kibitz lines, written just before this turn's WAIT

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

    def draw(self, text):
        self.drawing.append("#kibitz " + text)

    def wait(self):
        """Draws this turn's plan (docs/debug-drawing.md), then WAITs for the next turn."""
        if self.drawing:
            sys.stderr.write("\n".join(self.drawing) + "\n")
            sys.stderr.flush()
        self.drawing = []
        self.ask("WAIT", 1)


def on_surface(p, n):
    return any(c in (1, n) for c in p)


def inward(p, n):
    """The unit step into the cube from a field on exactly one face, else None."""
    d = [1 if c == 1 else -1 if c == n else 0 for c in p]
    return d if sum(1 for c in d if c) == 1 else None


def dist(a, b):
    return sum(abs(x - y) for x, y in zip(a, b))


def play_miner(s, n, stations, miner, down):
    """One order for one free miner. CHANGE ME: this is the whole strategy."""
    rid, pos = miner["ID"], miner["P"]
    storage = s.ask(f"STORAGE {rid}", 1)
    if storage is None:
        return
    mi, ms, mg, free = map(int, storage[0].split())
    s.draw(f"value cargo{rid} {mi + ms + mg}")
    if on_surface(pos, n) and mi + ms + mg > 0 and stations:
        # Full (or back up with something): walk towards the nearest station over the surface.
        target = min(stations, key=lambda t: dist(t, pos))
        s.draw(f"dot {target[0]} {target[1]} {target[2]} yellow")
        s.draw(f"line {pos[0]} {pos[1]} {pos[2]} {target[0]} {target[1]} {target[2]} yellow")
        for axis in range(3):
            if target[axis] != pos[axis]:
                step = [0, 0, 0]
                step[axis] = 1 if target[axis] > pos[axis] else -1
                to = [c + d for c, d in zip(pos, step)]
                if on_surface(to, n):
                    s.ask(f"MOVE {rid} {step[0]} {step[1]} {step[2]}")
                    return
        return
    if on_surface(pos, n):
        down[rid] = inward(pos, n)
    d = down.get(rid)
    if d is None:  # on an edge of the cube, or underground after a restart: nothing to do
        return
    # INFO: the miner's own field first: Route DX DY DZ UNDERGROUND Kind MI MS MG
    here = (s.ask(f"INFO {rid}", 7) or ["NIL"])[0].split()
    if free > 0 and len(here) == 9 and here[4] == "UNDERGROUND" and sum(map(int, here[6:9])) > 0:
        s.draw(f"dot {pos[0]} {pos[1]} {pos[2]} green")
        s.draw(f"text {pos[0]} {pos[1]} {pos[2]} mining")
        s.ask(f"MINE {rid}", 1)
        return
    step = d if free > 0 else [-c for c in d]
    to = [c + e for c, e in zip(pos, step)]
    s.draw(f"line {pos[0]} {pos[1]} {pos[2]} {to[0]} {to[1]} {to[2]} {'orange' if free > 0 else 'cyan'}")
    if s.ask(f"MOVE {rid} {step[0]} {step[1]} {step[2]}") is None and free > 0:
        s.ask(f"DRILL {rid} {step[0]} {step[1]} {step[2]}", 1)


def main():
    s = Server()
    down = {}  # miner ID -> its step into the cube
    while True:
        world = s.ask("DESCRIBE WORLD", 1)  # N T K
        if world is None:
            s.wait()
            continue
        n = int(world[0].split()[0])
        stations = [tuple(map(int, l.split())) for l in s.ask("LIST STATIONS", counted=True) or []]
        miners = []
        for l in s.ask("LIST MINERS", counted=True) or []:
            rid, px, py, pz, lev_s, lev_v, lev_e, t = map(int, l.split())
            miners.append({"ID": rid, "P": (px, py, pz), "LevS": lev_s, "LevV": lev_v, "LevE": lev_e, "T": t})
        for miner in miners:
            if miner["T"] == 0:  # T = 0: free, it can take an order now
                play_miner(s, n, stations, miner, down)
        s.draw(f"value miners {len(miners)}")
        s.wait()


if __name__ == "__main__":
    try:
        main()
    except (EOFError, ConnectionError, BrokenPipeError):
        pass  # the server ended its last game
