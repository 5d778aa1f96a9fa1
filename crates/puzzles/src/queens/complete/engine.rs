//! The completion search's board: which squares each free row and column
//! still has, the attack table, and the choice of the next line to branch
//! on.

use super::super::rules::{Piece, Rules};
use crate::rng::SplitMix64;

/// The widest board: one bit per square of a line.
pub(super) const LINES: usize = 64;

/// The board as the completion search sees it.
#[derive(Clone, Copy, Debug)]
pub(super) struct State {
    /// For each free row, its open columns.
    pub(super) rows: [u64; LINES],
    /// For each free column, its open rows.
    pub(super) cols: [u64; LINES],
    pub(super) free_rows: u64,
    pub(super) free_cols: u64,
    /// The column of the piece in each row that has one.
    pub(super) placed: [u8; LINES],
}

/// Which line the search branches on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Order {
    /// The first free row: completions come in lexicographic order.
    Rows,
    /// The free row or column with the fewest open squares.
    FewestFirst,
}

/// A line to branch on: a row (its open columns) or a column (its open
/// rows).
#[derive(Clone, Copy, Debug)]
pub(super) enum Branch {
    Row(usize),
    Col(usize),
}

/// The rules compiled into a table of attacked positions.
#[derive(Clone, Debug)]
pub(super) struct Engine {
    pub(super) n: usize,
    pub(super) torus: bool,
    pub(super) full: u64,
    /// `attacks[p][d]`: the positions of a line `d` away (the short way on
    /// a torus) attacked by a piece at position `p`.
    pub(super) attacks: Box<[[u64; LINES]; LINES]>,
    /// Set where the processor has AVX2 (and with it `popcnt`): counts
    /// run compiled for it.
    #[cfg(target_arch = "x86_64")]
    pub(super) avx2: Option<crate::cpu::Avx2>,
}

impl Engine {
    pub(super) fn new(rules: &Rules) -> Engine {
        let n = rules.n();
        let full = if n == LINES {
            u64::MAX
        } else {
            (1u64 << n) - 1
        };
        let torus = rules.torus();
        // Positions `by` away on either side, wrapping on a torus.
        let spread = |bit: u64, by: usize| -> u64 {
            if torus {
                let by = by % n;
                if by == 0 {
                    return bit;
                }
                let rotate = |mask: u64, k: usize| ((mask << k) | (mask >> (n - k))) & full;
                rotate(bit, by) | rotate(bit, n - by)
            } else {
                let left = bit.checked_shl(by as u32).unwrap_or(0);
                (left | (bit >> by.min(63))) & full
            }
        };
        let diagonals = matches!(rules.piece(), Piece::Queen | Piece::Superqueen);
        let mut attacks = Box::new([[0u64; LINES]; LINES]);
        for (at, row) in attacks.iter_mut().enumerate().take(n) {
            let bit = 1u64 << at;
            for (distance, mask) in row.iter_mut().enumerate().take(n).skip(1) {
                let mut attacked = bit;
                if diagonals {
                    attacked |= spread(bit, distance);
                }
                match (rules.piece(), distance) {
                    (Piece::King, 1) => attacked |= spread(bit, 1),
                    (Piece::Superqueen, 1) => attacked |= spread(bit, 2),
                    (Piece::Superqueen, 2) => attacked |= spread(bit, 1),
                    _ => {}
                }
                *mask = attacked;
            }
        }
        Engine {
            n,
            torus,
            full,
            attacks,
            #[cfg(target_arch = "x86_64")]
            avx2: crate::cpu::Avx2::detect(),
        }
    }

    pub(super) fn distance(&self, a: usize, b: usize) -> usize {
        let distance = a.abs_diff(b);
        if self.torus {
            distance.min(self.n - distance)
        } else {
            distance
        }
    }

    /// The positions of a line `distance` away attacked from position `at`.
    #[inline(always)]
    pub(super) fn line(&self, at: usize, distance: usize) -> u64 {
        self.attacks[at][distance]
    }

    pub(super) fn empty(&self) -> State {
        let mut state = State {
            rows: [0; LINES],
            cols: [0; LINES],
            free_rows: self.full,
            free_cols: self.full,
            placed: [0; LINES],
        };
        state.rows[..self.n].fill(self.full);
        state.cols[..self.n].fill(self.full);
        state
    }

    /// Puts a piece on `(row, col)` (an open square) and strikes what it
    /// attacks from every free line.
    #[inline(always)]
    pub(super) fn place(&self, state: &mut State, row: usize, col: usize) {
        state.free_rows &= !(1 << row);
        state.free_cols &= !(1 << col);
        state.placed[row] = col as u8;
        let mut rows = state.free_rows;
        while rows != 0 {
            let other = rows.trailing_zeros() as usize;
            rows &= rows - 1;
            state.rows[other] &= !self.line(col, self.distance(row, other));
        }
        let mut cols = state.free_cols;
        while cols != 0 {
            let other = cols.trailing_zeros() as usize;
            cols &= cols - 1;
            state.cols[other] &= !self.line(row, self.distance(col, other));
        }
    }

    /// Whether every free row and column still has an open square.
    pub(super) fn alive(&self, state: &State) -> bool {
        let open = |lines: &[u64; LINES], mut free: u64| {
            while free != 0 {
                let line = free.trailing_zeros() as usize;
                free &= free - 1;
                if lines[line] == 0 {
                    return false;
                }
            }
            true
        };
        open(&state.rows, state.free_rows) && open(&state.cols, state.free_cols)
    }

    /// The line to branch on and its open squares, or `None` at a dead end
    /// (some free line has no open square). The board must not be full.
    #[inline(always)]
    pub(super) fn choose(&self, state: &State, order: Order) -> Option<(Branch, u64)> {
        if order == Order::Rows {
            if !self.alive(state) {
                return None;
            }
            let row = state.free_rows.trailing_zeros() as usize;
            return Some((Branch::Row(row), state.rows[row]));
        }
        let mut best = (Branch::Row(0), 0u64);
        let mut fewest = u32::MAX;
        let mut rows = state.free_rows;
        while rows != 0 {
            let row = rows.trailing_zeros() as usize;
            rows &= rows - 1;
            let open = state.rows[row].count_ones();
            if open < fewest {
                fewest = open;
                best = (Branch::Row(row), state.rows[row]);
                if open <= 1 {
                    return (open == 1).then_some(best);
                }
            }
        }
        let mut cols = state.free_cols;
        while cols != 0 {
            let col = cols.trailing_zeros() as usize;
            cols &= cols - 1;
            let open = state.cols[col].count_ones();
            if open < fewest {
                fewest = open;
                best = (Branch::Col(col), state.cols[col]);
                if open <= 1 {
                    return (open == 1).then_some(best);
                }
            }
        }
        Some(best)
    }

    pub(super) fn count(&self, state: &State) -> u64 {
        let mut nodes = 0;
        self.count_until(state, &|| false, &mut nodes)
            .expect("a count that is never stopped ends")
    }

    /// [`Engine::count`], adding each placement to `nodes` and asking
    /// `stopped` at every node with more than [`UNWATCHED_LINES`] free
    /// rows; `None` when it said stop.
    pub(super) fn count_until(
        &self,
        state: &State,
        stopped: &dyn Fn() -> bool,
        nodes: &mut u64,
    ) -> Option<u64> {
        // One state a level, each child written over the last: a copy of a
        // whole state (64 lines of each kind) was a third of the count's
        // time on boards of 16.
        let levels = state.free_rows.count_ones() as usize + 1;
        let mut stack = vec![*state; levels];
        self.count_stacked(&mut stack, stopped, nodes)
    }

    /// Counts below `stack[0]`, writing its children into `stack[1]`, and
    /// so on down; compiled for AVX2 where the processor has it.
    fn count_stacked(
        &self,
        stack: &mut [State],
        stopped: &dyn Fn() -> bool,
        nodes: &mut u64,
    ) -> Option<u64> {
        #[cfg(target_arch = "x86_64")]
        if let Some(token) = self.avx2 {
            // SAFETY: `token` proves that the processor has AVX2, BMI1,
            // BMI2, LZCNT and POPCNT, the features `count_avx2` is compiled
            // for; it indexes only through bounds-checked slices.
            return unsafe { self.count_avx2(token, stack, stopped, nodes) };
        }
        self.count_portable(stack, stopped, nodes)
    }

    fn count_portable(
        &self,
        stack: &mut [State],
        stopped: &dyn Fn() -> bool,
        nodes: &mut u64,
    ) -> Option<u64> {
        self.count_here(stack, stopped, nodes, &mut |engine, stack, nodes| {
            engine.count_portable(stack, stopped, nodes)
        })
    }

    /// [`Engine::count_portable`] with hardware `popcnt`: the choice of
    /// the line with the fewest open squares counts the bits of every free
    /// line at every node, and the portable build counts them with shifts
    /// and a multiply (BENCHMARKS.md, "Design choices measured").
    // The token is the proof each level hands the next.
    #[allow(clippy::only_used_in_recursion)]
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    fn count_avx2(
        &self,
        token: crate::cpu::Avx2,
        stack: &mut [State],
        stopped: &dyn Fn() -> bool,
        nodes: &mut u64,
    ) -> Option<u64> {
        self.count_here(stack, stopped, nodes, &mut |engine, stack, nodes| {
            // A closure takes its function's features: no `unsafe` here.
            engine.count_avx2(token, stack, stopped, nodes)
        })
    }

    /// One node of the count: branches on the line with the fewest open
    /// squares, and counts below each child through `next` (so that the
    /// levels below run the same compiled code).
    #[inline(always)]
    fn count_here(
        &self,
        stack: &mut [State],
        stopped: &dyn Fn() -> bool,
        nodes: &mut u64,
        next: &mut CountBelow<'_>,
    ) -> Option<u64> {
        let (state, below) = stack
            .split_first_mut()
            .expect("a level for each free row, and one for the full board");
        let state = &*state;
        if state.free_rows == 0 {
            return Some(1);
        }
        let free = state.free_rows.count_ones();
        if free as usize > UNWATCHED_LINES && stopped() {
            return None;
        }
        let Some((branch, mut open)) = self.choose(state, Order::FewestFirst) else {
            return Some(0);
        };
        if free == 1 {
            // The last piece: each open square of the last line completes
            // the board (there is at most one, the last free column).
            *nodes += u64::from(open.count_ones());
            return Some(u64::from(open.count_ones()));
        }
        let mut total = 0;
        while open != 0 {
            let at = open.trailing_zeros() as usize;
            open &= open - 1;
            let (row, col) = branch.square(at);
            self.copy_lines(state, &mut below[0]);
            self.place(&mut below[0], row, col);
            *nodes += 1;
            total += next(self, below, nodes)?;
        }
        Some(total)
    }

    /// Copies the board's lines of `from` into `to`: the entries past `n`
    /// are never read. Copies of a fixed length, the board's rounded up,
    /// become a few vector moves; a copy of exactly `n` entries was a call
    /// to `memmove` each, still a quarter of the count's time.
    #[inline]
    fn copy_lines(&self, from: &State, to: &mut State) {
        #[inline(always)]
        fn first<const K: usize>(from: &State, to: &mut State) {
            to.rows[..K].copy_from_slice(&from.rows[..K]);
            to.cols[..K].copy_from_slice(&from.cols[..K]);
            to.placed[..K].copy_from_slice(&from.placed[..K]);
        }
        match self.n {
            0..=16 => first::<16>(from, to),
            17..=32 => first::<32>(from, to),
            _ => first::<LINES>(from, to),
        }
        to.free_rows = from.free_rows;
        to.free_cols = from.free_cols;
    }
}

/// How [`Engine::count_here`] counts below a child: the levels below
/// `stack[0]`, adding placements to the tally; `None` when stopped.
type CountBelow<'a> = dyn FnMut(&Engine, &mut [State], &mut u64) -> Option<u64> + 'a;

/// Nodes with this few free rows are counted without asking whether to
/// stop: below them are at most 8! placements, milliseconds.
const UNWATCHED_LINES: usize = 8;

impl Branch {
    /// The square at position `at` of this line.
    pub(super) fn square(self, at: usize) -> (usize, usize) {
        match self {
            Branch::Row(row) => (row, at),
            Branch::Col(col) => (at, col),
        }
    }
}

/// The open squares of a branch line in the order to try them.
#[derive(Clone, Copy, Debug)]
pub(super) struct Candidates {
    pub(super) positions: [u8; LINES],
    /// How many squares each one closes (when ordered by that).
    pub(super) costs: [u16; LINES],
    pub(super) len: u8,
    pub(super) next: u8,
}

impl Candidates {
    /// Shuffles each run of equally good candidates with a SplitMix64
    /// sequence started from `seed`; returns the next seed.
    pub(super) fn shuffle_ties(&mut self, seed: u64) -> u64 {
        let mut random = SplitMix64(seed);
        let len = usize::from(self.len);
        let mut start = 0;
        while start < len {
            let cost = self.costs[start];
            let mut end = start + 1;
            while end < len && self.costs[end] == cost {
                end += 1;
            }
            for slot in (start + 1..end).rev() {
                let other = start + (random.next_u64() % (slot - start + 1) as u64) as usize;
                self.positions.swap(slot, other);
            }
            start = end;
        }
        random.0
    }

    pub(super) fn pop(&mut self) -> Option<usize> {
        (self.next < self.len).then(|| {
            self.next += 1;
            usize::from(self.positions[usize::from(self.next) - 1])
        })
    }
}

impl Engine {
    /// The open squares of `branch` in the order to try them: ascending for
    /// row order; otherwise the square that closes the fewest other open
    /// squares first (least constraining), which keeps most of the board
    /// open when a solution is wanted.
    pub(super) fn candidates(
        &self,
        state: &State,
        branch: Branch,
        mut open: u64,
        order: Order,
    ) -> Candidates {
        let mut candidates = Candidates {
            positions: [0; LINES],
            costs: [0; LINES],
            len: 0,
            next: 0,
        };
        let costs = &mut candidates.costs;
        while open != 0 {
            let at = open.trailing_zeros() as usize;
            open &= open - 1;
            let slot = usize::from(candidates.len);
            candidates.positions[slot] = at as u8;
            if order == Order::FewestFirst {
                let (row, col) = branch.square(at);
                let mut rows = state.free_rows & !(1 << row);
                let mut closed = 0;
                while rows != 0 {
                    let other = rows.trailing_zeros() as usize;
                    rows &= rows - 1;
                    closed += (state.rows[other] & self.line(col, self.distance(row, other)))
                        .count_ones();
                }
                costs[slot] = closed as u16;
            }
            candidates.len += 1;
        }
        if order == Order::FewestFirst {
            // Insertion sort by cost, stable: ties keep ascending positions.
            let len = usize::from(candidates.len);
            for slot in 1..len {
                let (cost, at) = (costs[slot], candidates.positions[slot]);
                let mut hole = slot;
                while hole > 0 && costs[hole - 1] > cost {
                    costs[hole] = costs[hole - 1];
                    candidates.positions[hole] = candidates.positions[hole - 1];
                    hole -= 1;
                }
                costs[hole] = cost;
                candidates.positions[hole] = at;
            }
        }
        candidates
    }
}
