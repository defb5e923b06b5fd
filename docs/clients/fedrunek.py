#!/usr/bin/env python3
"""A short fedrunek client in plain Python, to show that any language works.

Run by `kibitz match fedrunek ... -- 'python3 docs/clients/fedrunek.py'`: the server's address
and the team's login come as the last four arguments (HOST PORT LOGIN PASSWORD) and in the
KIBITZ_HOST, KIBITZ_PORT, KIBITZ_LOGIN and KIBITZ_PASSWORD variables.

Its strategy is the simplest that scores: every free miner drills straight down from where it
stands and mines what it meets; when its cargo is full it climbs back and walks to the nearest
station over the face it is on. Everything else in the protocol is in docs/rules/fedrunek.md.
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
    return sock.makefile("r", encoding="utf-8", newline="\n"), sock.makefile("w", encoding="utf-8", newline="\n"), login, password


class Server:
    def __init__(self):
        self.rd, self.wr, login, password = connect()
        for expect, send in (("LOGIN", login), ("PASS", password)):
            assert self.line() == expect
            self.send(send)
        assert self.line() == "OK"

    def line(self):
        text = self.rd.readline()
        if not text:
            raise EOFError("the server closed the connection")
        return text.rstrip("\n")

    def send(self, text):
        self.wr.write(text + "\n")
        self.wr.flush()

    def ask(self, command, lines=0, counted=False):
        """Returns the data lines after OK, or None after FAILED."""
        self.send(command)
        first = self.line()
        if first != "OK":
            if first.startswith("FAILED 7 "):
                self.line()  # FORCED WAITING x
            return None
        if counted:
            lines = int(self.line())
        return [self.line() for _ in range(lines)]


def inward(p, n):
    """The unit step into the cube from a field on exactly one face."""
    d = [1 if c == 1 else -1 if c == n else 0 for c in p]
    return d if sum(1 for c in d if c) == 1 else None


def main():
    s = Server()
    down = {}  # miner id -> its step into the cube
    while True:
        n = int(s.ask("DESCRIBE WORLD", 1)[0].split()[0])
        stations = [tuple(map(int, l.split())) for l in s.ask("LIST STATIONS", counted=True)]
        for line in s.ask("LIST MINERS", counted=True):
            rid, x, y, z, _, _, _, busy = map(int, line.split())
            if busy:
                continue
            pos = (x, y, z)
            iron, silver, gold, free = map(int, s.ask(f"STORAGE {rid}", 1)[0].split())
            surface = any(c in (1, n) for c in pos)
            if surface and iron + silver + gold > 0:
                # Walk towards the nearest station: a step that gets closer and stays on the
                # surface (greedy, so a station straight across the cube is out of its reach).
                target = min(stations, key=lambda t: sum(abs(a - b) for a, b in zip(t, pos)))
                for axis in range(3):
                    if target[axis] != pos[axis]:
                        step = [0, 0, 0]
                        step[axis] = 1 if target[axis] > pos[axis] else -1
                        to = [c + d for c, d in zip(pos, step)]
                        if any(c in (1, n) for c in to):
                            s.ask(f"MOVE {rid} {step[0]} {step[1]} {step[2]}")
                            break
                continue
            if surface:
                down[rid] = inward(pos, n)
            d = down.get(rid)
            if d is None:
                continue
            here = s.ask(f"INFO {rid}", 7)[0].split()
            if free > 0 and here[4] == "UNDERGROUND" and sum(map(int, here[6:9])) > 0:
                s.ask(f"MINE {rid}", 1)
                continue
            step = d if free > 0 else [-c for c in d]
            answer = s.ask(f"MOVE {rid} {step[0]} {step[1]} {step[2]}")
            if answer is None and free > 0:
                s.ask(f"DRILL {rid} {step[0]} {step[1]} {step[2]}", 1)
        s.ask("WAIT", 1)


if __name__ == "__main__":
    try:
        main()
    except (EOFError, ConnectionError, BrokenPipeError):
        pass  # the server ended its last game
