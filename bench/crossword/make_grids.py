#!/usr/bin/env python3
"""Makes American-style crossword grids: N×N, rotational symmetry, every
white square in an across and a down word of 3 letters or more, the white
squares connected, a number of blocks in a range, words no longer than a
bound.  Usage: make_grids.py SIZE MIN_BLOCKS MAX_BLOCKS MAX_WORD SEED

Blocks go in by symmetric pairs at random squares; a pair that would make a
word of 1 or 2 letters or cut the white squares in two is refused; the grid
is kept once the block count is in range and no word is longer than
MAX_WORD (else it starts again with the next random draw)."""
import random
import sys


def runs_ok(g, n):
    for line in list(g) + [[g[r][c] for r in range(n)] for c in range(n)]:
        run = 0
        for ch in line + ['#']:
            if ch == '#':
                if run in (1, 2):
                    return False
                run = 0
            else:
                run += 1
    return True


def longest(g, n):
    best = 0
    for line in list(g) + [[g[r][c] for r in range(n)] for c in range(n)]:
        run = 0
        for ch in line + ['#']:
            run = 0 if ch == '#' else run + 1
            best = max(best, run)
    return best


def connected(g, n):
    whites = [(r, c) for r in range(n) for c in range(n) if g[r][c] == '.']
    if not whites:
        return False
    seen = {whites[0]}
    stack = [whites[0]]
    while stack:
        r, c = stack.pop()
        for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if 0 <= rr < n and 0 <= cc < n and g[rr][cc] == '.' and (rr, cc) not in seen:
                seen.add((rr, cc))
                stack.append((rr, cc))
    return len(seen) == len(whites)


def make(n, lo, hi, max_word, rng):
    while True:
        g = [['.'] * n for _ in range(n)]
        blocks = 0
        target = rng.randint(lo, hi)
        tries = 0
        while blocks < target and tries < 5000:
            tries += 1
            r, c = rng.randrange(n), rng.randrange(n)
            if g[r][c] == '#':
                continue
            rr, cc = n - 1 - r, n - 1 - c
            g[r][c] = g[rr][cc] = '#'
            if runs_ok(g, n) and connected(g, n):
                blocks += 1 if (r, c) == (rr, cc) else 2
            else:
                g[r][c] = g[rr][cc] = '.'
        if lo <= blocks <= hi and longest(g, n) <= max_word:
            return g


def main():
    n, lo, hi, max_word, seed = map(int, sys.argv[1:6])
    g = make(n, lo, hi, max_word, random.Random(seed))
    print(f"% {n}x{n}, {sum(row.count('#') for row in g)} blocks, rotational symmetry,"
          f" words 3 to {longest(g, n)} letters (make_grids.py {' '.join(sys.argv[1:6])})")
    for row in g:
        print(''.join(row))


if __name__ == '__main__':
    main()
