//! One superqueen solution for plain boards that have no construction here
//! and are too large for the bitboard search, found by repairing attacks.
//!
//! Superqueens (queen plus knight) fit every plain board from 10 on, but
//! the constructions used here need `n` coprime to 6 (`cols[r] = 3r mod n`)
//! or a product of such a part of 11 or more and at least 4 blocks (see
//! [`construct`](super::construct)), and the searches stop at
//! [`MAX_SEARCH_N`]. For the larger sizes left (such as 70 and 72) this is
//! the local search that finds n-queens solutions for millions of rows in
//! about linear time (Sosic and Gu, 1991), with the knight's moves added:
//! keep one piece per row and column (a permutation), place most rows
//! greedily where nothing attacks them yet, and then swap the columns of an
//! attacked row and a random row whenever the swap does not raise the
//! number of attacking pairs (sideways swaps let it leave the flat spots
//! where no swap lowers it). Runs are deterministic (the random numbers
//! come from a fixed seed), and every answer is checked in linear time
//! before it is returned. Up to [`MAX_SEARCH_N`] the completion search
//! answers instead: local repair stalls on small boards, where solutions
//! are few (4 of 10 superqueens).
//!
//! # Example
//!
//! ```
//! use puzzles::queens::repair::superqueens;
//! use puzzles::queens::{Piece, Rules, Solution};
//!
//! let found = superqueens(66)?;
//! let amazons = Rules::new(66, Piece::Superqueen, false)?;
//! assert!(Solution::with_rules(found.into_cols(), &amazons).is_ok());
//! # Ok::<(), puzzles::queens::QueensError>(())
//! ```

use super::board::Board;
use super::error::QueensError;
use super::rules::{MAX_SEARCH_N, Piece, Rules};
use super::solution::Solution;
use crate::rng::SplitMix64;

/// The largest board [`superqueens`] takes: it holds about 20 bytes a row,
/// so 84 MB at this bound, and takes about a second there.
///
/// # Example
///
/// ```
/// use puzzles::queens::QueensError;
/// use puzzles::queens::repair::{MAX_REPAIR_N, superqueens};
///
/// assert!(matches!(superqueens(MAX_REPAIR_N + 1), Err(QueensError::TooLarge { .. })));
/// ```
pub const MAX_REPAIR_N: usize = 1 << 22;

/// Swap attempts allowed a run, per row, before it starts again from a new
/// seed.
const ATTEMPTS_PER_ROW: usize = 64;

/// Runs tried before giving up: of every size from 65 to 5,000, every
/// hundred-thousandth size and the bound, only 70 needed a second run.
const RUNS: u64 = 8;

/// One solution of `n` superqueens on a plain board, for `n` up to
/// [`MAX_REPAIR_N`]: by local repair past [`MAX_SEARCH_N`], by the
/// completion search with nothing given up to it.
///
/// # Errors
///
/// [`QueensError::TooLarge`] past [`MAX_REPAIR_N`];
/// [`QueensError::NoSolution`] for `2 ≤ n ≤ 9`, which the search proves;
/// [`QueensError::ZeroSize`] for 0; [`QueensError::NotFound`] if every run
/// of the repair stalls, which none of the sizes tried (65 to 5,000, every
/// hundred-thousandth size up to the bound, and the bound) does.
///
/// # Example
///
/// ```
/// use puzzles::queens::repair::superqueens;
/// use puzzles::queens::QueensError;
///
/// assert_eq!(superqueens(100)?.n(), 100);
/// assert_eq!(superqueens(9), Err(QueensError::NoSolution { n: 9 }));
/// # Ok::<(), QueensError>(())
/// ```
pub fn superqueens(n: usize) -> Result<Solution, QueensError> {
    if n <= MAX_SEARCH_N {
        return Board::with_rules(Rules::new(n, Piece::Superqueen, false)?)?
            .with_given(&[])?
            .find()
            .ok_or(QueensError::NoSolution { n: n as u64 });
    }
    if n > MAX_REPAIR_N {
        return Err(QueensError::TooLarge {
            n,
            max: MAX_REPAIR_N,
        });
    }
    for run in 0..RUNS {
        let mut board = Repair::new(n, n as u64 ^ (run << 40));
        if board.repair(ATTEMPTS_PER_ROW * n) {
            // The diagonal counts go before the columns are widened.
            let Repair { cols, .. } = board;
            let cols: Vec<usize> = cols.into_iter().map(|col| col as usize).collect();
            assert!(is_superqueens(&cols), "the repair left an attack");
            return Ok(Solution::from_checked(cols));
        }
    }
    Err(QueensError::NotFound { n })
}

/// Whether `cols` is a permutation with no two pieces on a diagonal or a
/// knight's move apart: the check of [`superqueens`]'s answers, in linear
/// time (the knight's moves between one-per-row pieces are all between
/// rows one or two apart).
pub(crate) fn is_superqueens(cols: &[usize]) -> bool {
    let n = cols.len();
    let mut column = vec![false; n];
    let mut down = vec![false; 2 * n];
    let mut up = vec![false; 2 * n];
    for (row, &col) in cols.iter().enumerate() {
        if col >= n || column[col] || down[row + col] || up[row + n - col] {
            return false;
        }
        column[col] = true;
        down[row + col] = true;
        up[row + n - col] = true;
    }
    let apart = |row: usize, rows: usize, cols_apart: usize| {
        cols.get(row + rows)
            .is_some_and(|&other| other.abs_diff(cols[row]) == cols_apart)
    };
    (0..n).all(|row| !apart(row, 1, 2) && !apart(row, 2, 1))
}

/// A permutation of columns and the counts of pieces on each diagonal.
struct Repair {
    n: usize,
    cols: Vec<u32>,
    /// Pieces on each diagonal `row + col`.
    down: Vec<u32>,
    /// Pieces on each diagonal `row + n - 1 - col`.
    up: Vec<u32>,
    random: SplitMix64,
}

impl Repair {
    /// A permutation placed row by row where nothing attacks the new piece
    /// yet, as long as such a column is quick to find; the last rows, where
    /// free columns grow rare, take what is left.
    fn new(n: usize, seed: u64) -> Repair {
        let mut board = Repair {
            n,
            cols: (0..n as u32).collect(),
            down: vec![0; 2 * n],
            up: vec![0; 2 * n],
            random: SplitMix64(seed),
        };
        for row in 0..n {
            let left = n - row;
            for _ in 0..left.min(3 * n.ilog2() as usize + 8) {
                let other = row + board.random.below(left as u64) as usize;
                let col = board.cols[other] as usize;
                if board.attacks_on(row, col, row) == 0 {
                    board.cols.swap(row, other);
                    break;
                }
            }
            board.place(row);
        }
        board
    }

    fn place(&mut self, row: usize) {
        let col = self.cols[row] as usize;
        self.down[row + col] += 1;
        self.up[row + self.n - 1 - col] += 1;
    }

    fn lift(&mut self, row: usize) {
        let col = self.cols[row] as usize;
        self.down[row + col] -= 1;
        self.up[row + self.n - 1 - col] -= 1;
    }

    /// The pieces of the first `rows` rows that would attack a piece at
    /// (`row`, `col`), counting the diagonals as they stand (so the piece
    /// itself, if placed, once on each).
    fn attacks_on(&self, row: usize, col: usize, rows: usize) -> u32 {
        let mut attacks = self.down[row + col] + self.up[row + self.n - 1 - col];
        for other in [row.wrapping_sub(2), row.wrapping_sub(1), row + 1, row + 2] {
            if other < rows && other != row {
                let distance = (self.cols[other] as usize).abs_diff(col);
                if distance == 3 - row.abs_diff(other) {
                    attacks += 1;
                }
            }
        }
        attacks
    }

    /// The pieces attacking the piece of `row`, all rows placed.
    fn attacks(&self, row: usize) -> u32 {
        self.attacks_on(row, self.cols[row] as usize, self.n) - 2
    }

    /// The attacks on the pieces of `first` and `second`, a pair attacking
    /// each other counted once.
    fn attacks_on_pair(&self, first: usize, second: usize) -> u32 {
        let both = self.attacks(first) + self.attacks(second);
        let (col1, col2) = (self.cols[first] as usize, self.cols[second] as usize);
        let (rows, cols) = (first.abs_diff(second), col1.abs_diff(col2));
        let each_other = rows == cols || (rows + cols == 3 && rows.min(cols) == 1);
        both - each_other as u32
    }

    fn swap(&mut self, first: usize, second: usize) {
        self.lift(first);
        self.lift(second);
        self.cols.swap(first, second);
        self.place(first);
        self.place(second);
    }

    /// Swaps columns until no piece is attacked, within `budget` attempts.
    fn repair(&mut self, budget: usize) -> bool {
        let n = self.n;
        // Rows to look at, each at most once, so the stack holds at most n.
        let mut attacked: Vec<usize> = (0..n).filter(|&row| self.attacks(row) > 0).collect();
        let mut queued = vec![false; n];
        for &row in &attacked {
            queued[row] = true;
        }
        let mut attempts = 0;
        while let Some(&row) = attacked.last() {
            if self.attacks(row) == 0 {
                attacked.pop();
                queued[row] = false;
                continue;
            }
            attempts += 1;
            if attempts > budget {
                return false;
            }
            let other = self.random.below(n as u64) as usize;
            if other == row {
                continue;
            }
            let before = self.attacks_on_pair(row, other);
            self.swap(row, other);
            let after = self.attacks_on_pair(row, other);
            if after > before {
                self.swap(row, other);
            } else {
                // The swap may have moved an attack onto the other row or
                // its neighbours: they are looked at again.
                for near in [row, other] {
                    let from = near.saturating_sub(2);
                    for (next, queued) in queued.iter_mut().enumerate().take(near + 3).skip(from) {
                        if !*queued {
                            *queued = true;
                            attacked.push(next);
                        }
                    }
                }
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn every_size_up_to_a_thousand_is_solved_and_checked_apart() {
        for n in (10..=1000).chain([1, 4096]) {
            let found = superqueens(n).unwrap();
            let rules = Rules::new(n, Piece::Superqueen, false).unwrap();
            assert!(
                Solution::with_rules(found.into_cols(), &rules).is_ok(),
                "n = {n}"
            );
        }
        // Too large for the pairwise check, but not for the linear one,
        // itself held to the pairwise check below.
        assert!(is_superqueens(superqueens(MAX_REPAIR_N).unwrap().cols()));
    }

    #[test]
    fn the_linear_check_refuses_what_the_rules_refuse() {
        // Small boards, every permutation: the fast check against the
        // rules' pairwise one.
        for n in 1..=7usize {
            let rules = Rules::new(n, Piece::Superqueen, false).unwrap();
            let mut cols: Vec<usize> = (0..n).collect();
            permutations(&mut cols, 0, &mut |cols| {
                let by_rules = Solution::with_rules(cols.to_vec(), &rules).is_ok();
                assert_eq!(is_superqueens(cols), by_rules, "{cols:?}");
            });
        }
        assert!(!is_superqueens(&[0, 0]));
        assert!(!is_superqueens(&[2, 0, 1]));
    }

    fn permutations(cols: &mut [usize], from: usize, each: &mut impl FnMut(&[usize])) {
        if from == cols.len() {
            each(cols);
            return;
        }
        for i in from..cols.len() {
            cols.swap(from, i);
            permutations(cols, from + 1, each);
            cols.swap(from, i);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Random permutations that swaps have brought near a solution
        /// (few attacks left), on boards up to 40: the linear check agrees
        /// with the rules' pairwise one.
        #[test]
        fn the_linear_check_agrees_with_the_rules_near_solutions(
            n in 10usize..40,
            seed in any::<u64>(),
            swaps in 0usize..4,
        ) {
            let mut cols = superqueens(n).unwrap().into_cols();
            let mut random = SplitMix64(seed);
            for _ in 0..swaps {
                let (a, b) = (random.below(n as u64) as usize, random.below(n as u64) as usize);
                cols.swap(a, b);
            }
            let rules = Rules::new(n, Piece::Superqueen, false).unwrap();
            let by_rules = Solution::with_rules(cols.clone(), &rules).is_ok();
            prop_assert_eq!(is_superqueens(&cols), by_rules);
        }
    }

    #[test]
    fn small_boards_and_the_bound_are_answered_without_a_repair() {
        assert_eq!(superqueens(0), Err(QueensError::ZeroSize));
        assert_eq!(superqueens(1).unwrap().cols(), &[0]);
        for n in 2..=9 {
            assert_eq!(superqueens(n), Err(QueensError::NoSolution { n: n as u64 }));
        }
        assert_eq!(
            superqueens(MAX_REPAIR_N + 1),
            Err(QueensError::TooLarge {
                n: MAX_REPAIR_N + 1,
                max: MAX_REPAIR_N
            })
        );
    }
}
