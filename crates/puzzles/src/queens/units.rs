//! The symmetry-reduced search tree behind [`count`](super::count): which
//! placements of the first rows can start a canonical solution, the fast
//! bitboard kernel that counts below them, and the weight of each solution it
//! finds.
//!
//! # Why this tree finds each class exactly once
//!
//! A class's representative is its lexicographically smallest image (the
//! project's definition of a fundamental solution). Each of the eight
//! symmetries takes one of the eight (edge, end) pairs of the board to the top
//! edge read from the left, so the first entry `cols[0]` of the eight images
//! is, in some order, the distance of each edge's queen from each end of its
//! edge. The representative therefore has its row-0 queen at the smallest of
//! those eight distances, `b`:
//!
//! - `b = 0`, a queen in a corner. Only one corner can hold a queen, so the
//!   class has eight members and two of them have the queen at `(0, 0)`: the
//!   solution and its transpose. The smaller one has `cols[1] < row of the
//!   queen in column 1` (they cannot be equal: those two queens would share
//!   an anti-diagonal), so row 1 takes column `b1 ≥ 2` and column 1 stays
//!   empty in rows `2..b1`. Every leaf weighs 8.
//! - `b ≥ 1` (and `b < n - 1 - b`). No edge queen may be nearer a corner:
//!   rows `1..b` and the rows below `n - 1 - b` keep off the edge columns, so
//!   both edge columns are taken by the end of row `n - 1 - b` (which must take
//!   the second one if only one is taken, and is a dead end if neither is),
//!   and the last row's queen stands in columns `b..=n-1-b`. A leaf whose
//!   other edge queens all stand farther than `b` from their corners is the
//!   representative of a class of eight; when another edge ties at `b`, the
//!   few tied images are compared in full, which also yields the class size
//!   (1, 2, 4 or 8 — the images equal to the solution).
//!
//! This is Takaki's corner / non-corner split (the `BOUND1`, `BOUND2`,
//! `SIDEMASK`, `LASTMASK` counters), restated for the lexicographic
//! representative so that the counter's fundamental solutions are exactly
//! [`Board::fundamental_solutions`](super::Board::fundamental_solutions).

#![deny(clippy::undocumented_unsafe_blocks)]

mod kernel;
#[cfg(target_arch = "x86_64")]
mod lanes;
mod rules;

use crate::cpu::Isa;

use rules::leaf;
use rules::{Reduction, bit_columns, placed};
pub(crate) use rules::{Tallies, candidates, representatives};

/// Counts the reduced tree below `prefix` (its rows placed, canonical so
/// far), checking `stop` before each child of `prefix`; `None` when it said
/// stop. Placements below the prefix count as nodes. With `isa` the last
/// rows run on vector lanes (when the processor has them), else the scalar
/// kernel counts all.
pub(crate) fn count_below(
    n: usize,
    prefix: &[u8],
    stop: &dyn Fn() -> bool,
    isa: Option<Isa>,
) -> Option<Tallies> {
    let row = prefix.len();
    if row == n {
        let (total, unique) = leaf(n, prefix);
        return Some(Tallies {
            total,
            unique,
            nodes: 0,
        });
    }
    let Some(rules) = Reduction::for_prefix(n, prefix) else {
        // Row 0, or row 1 after a corner queen: the case is not known yet.
        let mut tallies = Tallies::default();
        let mut child = prefix.to_vec();
        for col in bit_columns(candidates(n, prefix)) {
            if stop() {
                return None;
            }
            child.push(col);
            tallies += count_below(n, &child, stop, isa)?;
            tallies.nodes += 1;
            child.pop();
        }
        return Some(tallies);
    };
    let (mut bits, taken, ld, rd) = placed(prefix);
    let mut tallies = Tallies::default();
    let mut lanes = match isa {
        Some(isa) if row + 1 < n => lanes::Engine::new(&rules, row + 1, isa),
        _ => None,
    };
    let mut avail = rules.allowed(row, taken, ld | rd);
    while avail != 0 {
        if stop() {
            return None;
        }
        let bit = avail & avail.wrapping_neg();
        avail ^= bit;
        bits[row] = bit;
        tallies.nodes += 1;
        let (child_taken, child_ld, child_rd) = (taken | bit, (ld | bit) << 1, (rd | bit) >> 1);
        if row + 1 == n {
            let (total, unique) = rules.classify(&bits);
            tallies.total += total;
            tallies.unique += unique;
        } else {
            let node = (child_taken, child_ld, child_rd);
            let mut below = Below {
                rules: &rules,
                lanes: &mut lanes,
                stop,
                tallies: &mut tallies,
            };
            below.count(row + 1, &mut bits, node)?;
        }
    }
    if let Some(lanes) = lanes {
        tallies += lanes.finish();
    }
    Some(tallies)
}

/// Subtrees with more rows left than this are split further before a
/// kernel takes them, reading the stop flag at each node on the way: a
/// subtree of 20 rows at n = 26 took 25 s, one of 18 takes about a quarter
/// of a second. No board up to 24 with its default split reaches it.
const MOST_ROWS_PER_KERNEL_CALL: usize = 18;

/// Near the top of the board a subtree is larger for the same rows left,
/// since fewer placed queens block its squares: at n = 20, 18 rows below
/// two placed took seconds (Ctrl-C on `--split 1` waited 12–15 s). So a
/// kernel also takes at most this many rows more than are placed; with
/// every default split the rule is the one above.
const MOST_ROWS_OVER_PLACED: usize = 13;

/// Whether a kernel takes the subtree below row `row` (rows `..row`
/// placed) whole, without reading the stop flag inside.
fn kernel_takes(n: usize, row: usize) -> bool {
    n - row <= MOST_ROWS_PER_KERNEL_CALL.min(row + MOST_ROWS_OVER_PLACED)
}

/// Counts subtrees below a unit's children into `tallies`.
struct Below<'a, 'r> {
    rules: &'r Reduction,
    lanes: &'a mut Option<lanes::Engine<'r>>,
    stop: &'a dyn Fn() -> bool,
    tallies: &'a mut Tallies,
}

impl Below<'_, '_> {
    /// Adds the subtree below a node whose rows `..row` are placed
    /// (`row < n`); `None` when stopped.
    fn count(
        &mut self,
        row: usize,
        bits: &mut [u64; 64],
        (taken, ld, rd): (u64, u64, u64),
    ) -> Option<()> {
        let rules = self.rules;
        if !kernel_takes(rules.n, row) {
            let mut avail = rules.allowed(row, taken, ld | rd);
            while avail != 0 {
                if (self.stop)() {
                    return None;
                }
                let bit = avail & avail.wrapping_neg();
                avail ^= bit;
                bits[row] = bit;
                self.tallies.nodes += 1;
                self.count(
                    row + 1,
                    bits,
                    (taken | bit, (ld | bit) << 1, (rd | bit) >> 1),
                )?;
            }
            return Some(());
        }
        match self.lanes {
            Some(lanes) => lanes.search(row, bits, taken, ld, rd),
            None => *self.tallies += kernel::search(rules, row, bits, taken, ld, rd),
        }
        Some(())
    }
}

/// The reduced tree's canonical prefixes of length `depth` (at most `n`), in
/// lexicographic order, flattened; `None` when there are more than `limit`.
pub(crate) fn prefixes(n: usize, depth: usize, limit: usize) -> Option<Vec<u8>> {
    fn walk(n: usize, depth: usize, limit: usize, prefix: &mut Vec<u8>, out: &mut Vec<u8>) -> bool {
        if prefix.len() == depth {
            if out.len() / depth.max(1) >= limit {
                return false;
            }
            out.extend_from_slice(prefix);
            return true;
        }
        for col in bit_columns(candidates(n, prefix)) {
            prefix.push(col);
            let fits = walk(n, depth, limit, prefix, out);
            prefix.pop();
            if !fits {
                return false;
            }
        }
        true
    }
    let depth = depth.min(n);
    let mut out = Vec::new();
    if depth == 0 {
        return Some(out);
    }
    walk(n, depth, limit, &mut Vec::with_capacity(depth), &mut out).then_some(out)
}

/// Elsewhere there are no vector lanes: the scalar kernel counts alone.
#[cfg(not(target_arch = "x86_64"))]
mod lanes {
    use super::{Isa, Reduction, Tallies};

    pub(crate) enum Engine {}

    impl Engine {
        pub(crate) fn new(_: &Reduction, _: usize, _: Isa) -> Option<Engine> {
            None
        }

        pub(crate) fn search(&mut self, _: usize, _: &mut [u64; 64], _: u64, _: u64, _: u64) {
            match *self {}
        }

        pub(crate) fn finish(self) -> Tallies {
            match self {}
        }
    }
}

#[cfg(test)]
mod tests;
