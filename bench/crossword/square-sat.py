#!/usr/bin/env python3
"""An open square (every row and column a word of the list, all different) as
CNF, solved by a SAT solver: the clause-learning proof tried against the
open 7x7 (BENCHMARKS.md). Needs `pip install python-sat`.

    square-sat.py LIST SIDE [SOLVER [FRACTION]]

FRACTION keeps that share of the words of SIDE letters, in sorted order.
"""
import sys
import time
from itertools import combinations

from pysat.solvers import Solver

path, side = sys.argv[1], int(sys.argv[2])
solver_name = sys.argv[3] if len(sys.argv) > 3 else "cadical153"
fraction = float(sys.argv[4]) if len(sys.argv) > 4 else 1.0
words = sorted(
    {
        line.strip().upper()
        for line in open(path, encoding="latin-1")
        if len(line.strip()) == side and line.strip().isascii() and line.strip().isalpha()
    }
)
words = words[: int(len(words) * fraction)]
print("words", len(words), flush=True)
started = time.time()
variables = 0


def new_variable():
    global variables
    variables += 1
    return variables


letter = [[[new_variable() for _ in range(26)] for _ in range(side)] for _ in range(side)]
slots = [("across", i) for i in range(side)] + [("down", i) for i in range(side)]


def square(slot, position):
    direction, index = slot
    return (index, position) if direction == "across" else (position, index)


word_in = [[new_variable() for _ in words] for _ in slots]
clauses = []
for row in range(side):
    for col in range(side):
        clauses.append(letter[row][col][:])
        clauses.extend([-letter[row][col][a], -letter[row][col][b]] for a, b in combinations(range(26), 2))
for s, slot in enumerate(slots):
    clauses.append(word_in[s][:])
    having = {}
    for w, word in enumerate(words):
        for position, char in enumerate(word):
            row, col = square(slot, position)
            clauses.append([-word_in[s][w], letter[row][col][ord(char) - 65]])
            having.setdefault((position, ord(char) - 65), []).append(word_in[s][w])
    # A letter at a square needs a word of the slot with that letter there:
    # the clauses that let the solver reason from letters back to words.
    for position in range(side):
        row, col = square(slot, position)
        for l in range(26):
            clauses.append([-letter[row][col][l]] + having.get((position, l), []))
for w in range(len(words)):
    clauses.extend([-word_in[a][w], -word_in[b][w]] for a, b in combinations(range(len(slots)), 2))
print("variables", variables, "clauses", len(clauses), "built in", round(time.time() - started, 1), "s", flush=True)
started = time.time()
with Solver(name=solver_name, bootstrap_with=clauses) as solver:
    found = solver.solve()
    print("a fill" if found else "no fill exists", "in", round(time.time() - started, 1), "s", flush=True)
    if found:
        true = {v for v in solver.get_model() if v > 0}
        for row in range(side):
            print("".join(chr(65 + l) for col in range(side) for l in range(26) if letter[row][col][l] in true))
