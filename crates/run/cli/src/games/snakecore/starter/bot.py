#!/usr/bin/env python3
"""A SnakeCore starter bot: Python 3, standard library only.

The referee talks to us in plain lines on stdin/stdout (docs/rules/snakecore.md):
  getName    -> we answer our name (at most 32 bytes);
  getAction  -> then the board size n, n rows of the board (W wall, R reactor, b plain block,
                e energy block, p a head, . empty; a python's body shows its blocks' kinds),
                then one line per python, ours first: shield turns left, length l (head
                included), then l pairs "x y" from the head to the tail. There are as many
                python lines as heads (p) on the board. We answer one letter: U L D R N A.
Coordinates: x is the column, y the row, (0, 0) at the top left; U is y - 1.
When the game ends, stdin is closed and we exit.

The strategy is greedy and simple: shield up when a stranger's head comes close, bite a long
body next to our head, eat the nearest free block, and once long enough carry the body to the
nearest reactor (n blocks score n(n+1)/2).
"""

import sys
from collections import deque

# CHANGE ME: the body length at which we stop eating and head for a reactor.
DUMP_AT = 10

MOVES = {"U": (0, -1), "L": (-1, 0), "D": (0, 1), "R": (1, 0)}


class Python:
    """A python as its line says: shield turns left and its cells, head first, tail last."""

    def __init__(self, numbers):
        self.shield, length = numbers[0], numbers[1]
        self.cells = [(numbers[2 + 2 * i], numbers[3 + 2 * i]) for i in range(length)]
        self.head = self.cells[0]


def draw(line):
    print("#kibitz " + line, file=sys.stderr)


def read_line():
    line = sys.stdin.readline()
    if not line:
        sys.exit(0)  # stdin closed: the game is over
    return line.strip()


def read_state():
    """After getAction: the board (board[y][x]) and the pythons, ours first."""
    n = int(read_line())
    board = [read_line().ljust(n, ".") for _ in range(n)]
    heads = sum(row.count("p") for row in board)
    pythons = [Python([int(v) for v in read_line().split()]) for _ in range(heads)]
    return n, board, pythons


def choose_action(n, board, pythons):
    """CHANGE ME: one letter for this turn, with its drawing."""
    me = pythons[0]
    body = me.cells[1:]
    occupied = {cell: (k, i) for k, p in enumerate(pythons) for i, cell in enumerate(p.cells)}
    draw(f"value length {len(me.cells)}")

    # A stranger's head within two cells of our body: switch the shield on (spends an 'e').
    has_energy = any(board[y][x] == "e" for x, y in body)
    near = any(abs(p.head[0] - x) + abs(p.head[1] - y) <= 2 for p in pythons[1:] for x, y in body)
    if me.shield == 0 and has_energy and len(body) >= 3 and near:
        draw("note shield on")
        return "A"

    # Bite another python's body next to our head when two blocks or more would come off.
    for letter, (dx, dy) in MOVES.items():
        cell = (me.head[0] + dx, me.head[1] + dy)
        k, i = occupied.get(cell, (0, 0))
        victim = pythons[k]
        if k > 0 and 0 < i < len(victim.cells) - 1 and victim.shield == 0 and len(victim.cells) - i >= 2:
            draw(f"dot {cell[0]} {cell[1]} red")
            draw(f"note biting {len(victim.cells) - i} blocks off")
            return letter

    # The nearest goal by a breadth-first search: a reactor once long enough, else a free block.
    def is_goal(x, y):
        if len(body) >= DUMP_AT:
            return board[y][x] == "R"
        return board[y][x] in "be" and (x, y) not in occupied

    first = {me.head: None}  # cell -> the letter of our first step towards it
    queue = deque([me.head])
    while queue:
        x, y = queue.popleft()
        for letter, (dx, dy) in MOVES.items():
            cell = (x + dx, y + dy)
            if not (0 <= cell[0] < n and 0 <= cell[1] < n) or cell in first:
                continue
            first[cell] = first[(x, y)] or letter
            if is_goal(*cell):
                colour = "yellow" if board[cell[1]][cell[0]] == "R" else "cyan"
                draw(f"dot {cell[0]} {cell[1]} {colour}")
                draw(f"line {me.head[0]} {me.head[1]} {cell[0]} {cell[1]} {colour}")
                draw(f"value distance {abs(cell[0] - me.head[0]) + abs(cell[1] - me.head[1])}")
                return first[cell]
            # Walk over empty cells, free blocks (eaten on the way) and our tail (it moves on).
            if board[cell[1]][cell[0]] in ".be" and (cell not in occupied or cell == me.cells[-1]):
                queue.append(cell)

    # No goal within reach: any free neighbouring cell, else pass.
    for letter, (dx, dy) in MOVES.items():
        x, y = me.head[0] + dx, me.head[1] + dy
        if 0 <= x < n and 0 <= y < n and board[y][x] == "." and (x, y) not in occupied:
            draw("note no goal in reach: wandering")
            return letter
    return "N"


def main():
    while True:
        request = read_line()
        if request == "getName":
            print("Starter", flush=True)
        elif request == "getAction":
            n, board, pythons = read_state()
            letter = choose_action(n, board, pythons)
            sys.stderr.flush()  # the drawing first, then the answer
            print(letter, flush=True)


if __name__ == "__main__":
    main()
