#!/usr/bin/env python3
"""A wycinanka starter bot: find order graphs in the sheet of material, over TCP.

`kibitz match wycinanka ... -- 'python3 bot.py'` starts it with HOST PORT LOGIN PASSWORD as its
last four arguments (also in KIBITZ_HOST, KIBITZ_PORT, KIBITZ_LOGIN, KIBITZ_PASSWORD).

Strategy: read the sheet once; every turn read the new orders, search each open order in the
sheet with a small backtracking search (a budget of steps per order), commit what it finds,
then WAIT. The protocol: docs/rules/wycinanka.md.
"""

import os
import socket
import sys

BUDGET = 20000  # search steps per order before it is given up


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

    def ask(self, command, lines=0):
        """The data lines after OK, or None after FAILED (error 7 adds FORCED WAITING x)."""
        self.send(command)
        first = self.line()
        if first != "OK":
            if first.startswith("FAILED 7 "):
                self.line()
            return None
        return [self.line() for _ in range(lines)]


def read_graph(s, lines, count_at):
    """The head line, then the edges `A B` (their count is field `count_at` of the head)."""
    head = lines[0].split()
    edges = [tuple(map(int, s.line().split())) for _ in range(int(head[count_at]))]
    return head, edges


def neighbours(n, edges):
    adj = [set() for _ in range(n + 1)]  # vertices are numbered from 1
    for a, b in edges:
        adj[a].add(b)
        adj[b].add(a)
    return adj


def find(sheet, order_v, order_edges):
    """A MAP from order vertices 1..V to distinct sheet vertices keeping every order edge,
    or None. CHANGE ME: a smarter search (or a better place to start) finds more orders."""
    adj = neighbours(order_v, order_edges)
    # Place vertices so each next one touches a placed one: BFS from the highest degree.
    start = max(range(1, order_v + 1), key=lambda v: len(adj[v]))
    seq, seen = [start], {start}
    for v in seq:
        for w in sorted(adj[v], key=lambda w: -len(adj[w])):
            if w not in seen:
                seen.add(w)
                seq.append(w)
    if len(seq) != order_v:
        return None  # not connected: the server never sends such an order
    image, used, steps = {}, set(), [0]

    def place(i):
        if i == len(seq):
            return True
        steps[0] += 1
        if steps[0] > BUDGET:
            return False
        u = seq[i]
        placed = [image[w] for w in adj[u] if w in image]
        candidates = sheet[placed[0]] if placed else range(1, len(sheet))
        for c in candidates:
            if c in used or len(sheet[c]) < len(adj[u]) or any(p not in sheet[c] for p in placed):
                continue
            image[u] = c
            used.add(c)
            if place(i + 1):
                return True
            del image[u]
            used.discard(c)
        return False

    return [image[v] for v in range(1, order_v + 1)] if place(0) else None


def main():
    s = Server()
    sys.setrecursionlimit(10000)
    sheet, last_left, orders, done = None, None, {}, set()
    while True:
        left = s.ask("TIME TO CUT", 1)  # turns left, counting this one
        left = int(left[0]) if left else 0
        if sheet is None or (last_left is not None and left > last_left):
            # A new game: a new sheet, and order IDs start again from 1.
            world = s.ask("DESCRIBE WORLD", 1)  # N M T K, then M edges
            if world is None:
                s.ask("WAIT", 1)
                continue
            head, edges = read_graph(s, world, 1)
            sheet, orders, done = neighbours(int(head[0]), edges), {}, set()
        last_left = left
        count = s.ask("GET ORDER COUNT", 1)
        for oid in range(len(orders) + 1, (int(count[0]) if count else 0) + 1):
            lines = s.ask(f"DESCRIBE ORDER {oid}", 1)  # V E P C, then E edges
            if lines is None:
                break
            head, edges = read_graph(s, lines, 1)
            orders[oid] = (int(head[0]), edges, float(head[2]))
        drawing = []
        # The most valuable open orders first.
        for oid in sorted(set(orders) - done, key=lambda o: -orders[o][2]):
            v, edges, points = orders[oid]
            done.add(oid)  # tried once: found or given up
            found = find(sheet, v, edges)
            if found is None:
                continue
            for a, b in edges:
                drawing.append(f"edge {found[a - 1]} {found[b - 1]} green")
            drawing.append(f"vertex {found[0]} yellow")
            drawing.append(f"note order {oid}: {v} vertices, worth {points:.1f}")
            # What is written to stderr goes with the next command: draw, then commit.
            sys.stderr.write("".join(f"#kibitz {d}\n" for d in drawing))
            sys.stderr.flush()
            drawing = []
            s.ask(f"COMMIT SOLUTION {oid} {v} {' '.join(map(str, found))}", 1)
        score = s.ask("GET SCORE", 1)
        if score:
            sys.stderr.write(f"#kibitz value score {score[0]}\n")
            sys.stderr.flush()
        s.ask("WAIT", 1)


if __name__ == "__main__":
    try:
        main()
    except (EOFError, ConnectionError, BrokenPipeError):
        pass  # the server ended its last game
