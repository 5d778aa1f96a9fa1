#!/usr/bin/env python3
"""Writes a grid of `puzzles crossword` (rows of '#', '.' and letters, '%'
comments) as a Qxw deck for `qxw -b -d LIST DECK`: one line per slot (a run
of two or more white squares, across then down), the slot's squares named
by their index row*cols+col.  Pre-set letters are not carried over (the
benchmark's grids have none)."""
import sys


def slots(rows):
    height, width = len(rows), len(rows[0])
    out = []
    for r in range(height):
        run = []
        for c in range(width + 1):
            if c < width and rows[r][c] != '#':
                run.append(r * width + c)
            else:
                if len(run) >= 2:
                    out.append(run)
                run = []
    for c in range(width):
        run = []
        for r in range(height + 1):
            if r < height and rows[r][c] != '#':
                run.append(r * width + c)
            else:
                if len(run) >= 2:
                    out.append(run)
                run = []
    return out


def main():
    text = open(sys.argv[1]).read()
    rows = [line.rstrip() for line in text.splitlines()
            if line.strip() and not line.startswith('%')]
    if any(ch not in '#.' for row in rows for ch in row):
        sys.exit(f"{sys.argv[1]}: pre-set letters are not supported by grid2deck")
    for run in slots(rows):
        print(' '.join(f"{i:03d}" for i in run))


if __name__ == '__main__':
    main()
