//! One solution for any board size, written down without searching.
//!
//! For queens on a plain board this is the explicit solution of Hoffman,
//! Loessi and Moore (1969), in the form Bernhardsson (1991) gave it: list
//! the even numbers `2, 4, …` and then the odd numbers `1, 3, …` up to `n`,
//! with a small repair when `n mod 6` is 2 or 3. It exists for every
//! `n ≥ 4` and for `n = 1`; each column is an O(1) formula of its row, so a
//! board of a billion rows streams in flat memory.
//!
//! The other pieces and boards have constructions of their own, where one
//! is known and simple:
//!
//! - rooks: the identity, `cols[r] = r`;
//! - kings: the odd columns, then the even ones (`n ≥ 4`); on a torus,
//!   `cols[r] = 2r mod n` for odd `n ≥ 5` and an even-first pattern for even
//!   `n ≥ 6`;
//! - queens on a torus: `cols[r] = 2r mod n` when `gcd(n, 6) = 1`; for every
//!   other `n > 1` Pólya (1918) proved that no solution exists;
//! - superqueens, plain or torus: `cols[r] = 3r mod n` when `gcd(n, 6) = 1`
//!   and `n ≥ 11`; on a torus none when `gcd(n, 6) ≠ 1` and `n > 1`, since
//!   they would be queens on that torus;
//! - superqueens on a plain board with `n = a·b`, where `a ≥ 11` is the
//!   largest divisor of `n` coprime to 6 and `b ≥ 4`: the product of the
//!   torus solution `3i mod a` and the queens construction for `b`, row
//!   `a·u + i` in column `a·queens_b(u) + 3i mod a`. Two pieces in the same
//!   block of `a` rows are the torus solution, shifted; two in different
//!   blocks would have to agree with the torus solution modulo `a` to share
//!   a diagonal or be a knight's move apart, which it rules out, unless they
//!   sit in the same residue `i`, and then a diagonal is one of the queens
//!   for `b` and a knight's move is more than `a` rows long.
//!
//! Each construction is a few arithmetic runs (a first column, a step, a
//! length), which is what lets [`Construction::write_cols`] print hundreds
//! of millions of rows a second: consecutive columns of a run differ by a
//! small step, so the decimal text of the next column is the previous one
//! plus a digit, not a fresh conversion.
//!
//! # Example
//!
//! ```
//! use puzzles::queens::construct::{Construction, column};
//!
//! let eight = Construction::queens(8)?;
//! assert_eq!(eight.columns().collect::<Vec<_>>(), [1, 3, 5, 7, 2, 0, 6, 4]);
//! // Any row of a huge board, in constant time:
//! assert_eq!(column(1_000_000_000, 999_999_999), Some(999_999_998));
//! # Ok::<(), puzzles::queens::QueensError>(())
//! ```

use std::io::{self, Write};

use super::error::QueensError;
use super::rules::{Piece, Rules};
use super::solution::Solution;

mod decimal;

use decimal::{DecimalWriter, block_buffer};

/// The column of the queen in `row` of the plain-board construction for `n`
/// queens, or `None` when there is no such row (`row ≥ n`) or no solution
/// (`n` = 0, 2 or 3).
///
/// # Example
///
/// ```
/// use puzzles::queens::construct::column;
///
/// let cols: Vec<u64> = (0..6).map(|row| column(6, row).unwrap()).collect();
/// assert_eq!(cols, [1, 3, 5, 0, 2, 4]);
/// assert_eq!(column(3, 0), None);
/// assert_eq!(column(6, 6), None);
/// ```
pub fn column(n: u64, row: u64) -> Option<u64> {
    let construction = Construction::queens(n).ok()?;
    (row < n).then(|| construction.column(row))
}

/// Whether a theorem says that `rules` have no solution at all (2 or 3
/// queens; kings on boards of 2 and 3, and tori of 2 to 4; queens and
/// superqueens on a torus whose size shares a factor with 6, by Pólya): what
/// a search could take hours to find out, the torus ones above all.
///
/// # Example
///
/// ```
/// use puzzles::queens::construct::known_to_have_none;
/// use puzzles::queens::{Piece, Rules};
///
/// assert!(known_to_have_none(&Rules::new(20, Piece::Queen, true)?));
/// assert!(!known_to_have_none(&Rules::new(19, Piece::Queen, true)?));
/// assert!(!known_to_have_none(&Rules::queens(20)?));
/// # Ok::<(), puzzles::queens::QueensError>(())
/// ```
pub fn known_to_have_none(rules: &Rules) -> bool {
    matches!(
        Construction::new(rules),
        Err(QueensError::NoSolution { .. })
    )
}

/// The largest board whose rooks [`rook_counts`] counts: 35! outgrows
/// `u128`.
///
/// # Example
///
/// ```
/// use puzzles::queens::construct::{MAX_ROOK_COUNT_N, rook_counts};
/// use puzzles::queens::{Piece, Rules};
///
/// let rooks = |n| Rules::new(n, Piece::Rook, false).map(|rules| rook_counts(&rules));
/// assert!(rooks(MAX_ROOK_COUNT_N)?.is_some());
/// assert!(rooks(MAX_ROOK_COUNT_N + 1)?.is_none());
/// # Ok::<(), puzzles::queens::QueensError>(())
/// ```
pub const MAX_ROOK_COUNT_N: usize = 34;

/// The counts of non-attacking rooks, plain or on a torus (a rook's lines
/// do not wrap differently): `(total, fundamental)`, the total N! (every
/// permutation) and the classes under the eight symmetries of the square by
/// Burnside's lemma (OEIS A000903): a quarter turn fixes (2k)!/k! of them
/// when N is 4k or 4k + 1 and none otherwise, a half turn 2^m m! (m = N/2,
/// rounded down), a diagonal mirror the involutions (OEIS A000085), and a
/// side mirror none from N = 2 on. `None` for other pieces, and past
/// N = 34, where N! outgrows `u128`.
///
/// # Example
///
/// ```
/// use puzzles::queens::construct::rook_counts;
/// use puzzles::queens::{Piece, Rules};
///
/// assert_eq!(rook_counts(&Rules::new(8, Piece::Rook, false)?), Some((40_320, 5_282)));
/// assert_eq!(rook_counts(&Rules::queens(8)?), None);
/// # Ok::<(), puzzles::queens::QueensError>(())
/// ```
pub fn rook_counts(rules: &Rules) -> Option<(u128, u128)> {
    let n = rules.n() as u128;
    if rules.piece() != Piece::Rook || n > MAX_ROOK_COUNT_N as u128 {
        return None;
    }
    let factorial = |k: u128| (1..=k).product::<u128>();
    let quarter_turn = if n % 4 <= 1 {
        let k = n / 4;
        factorial(2 * k) / factorial(k)
    } else {
        0
    };
    let half_turn = (1u128 << (n / 2)) * factorial(n / 2);
    // a(k) = a(k − 1) + (k − 1) a(k − 2): the last point is fixed, or
    // swapped with one of the others.
    let (mut involutions, mut before) = (1u128, 1u128);
    for k in 2..=n {
        (involutions, before) = (involutions + (k - 1) * before, involutions);
    }
    let side_mirror = u128::from(n == 1);
    let fixed = factorial(n) + 2 * quarter_turn + half_turn + 2 * involutions + 2 * side_mirror;
    Some((factorial(n), fixed / 8))
}

/// The number of ways to complete `placed` non-attacking rooks (in
/// distinct rows and columns, as [`Board::with_given`](super::Board::with_given)
/// checks) to a full board, plain or on a torus: the free rows take the
/// free columns in any order, (N − placed)! ways. `None` for other pieces,
/// for more rooks than rows, and past [`MAX_ROOK_COUNT_N`] free rows.
///
/// # Example
///
/// ```
/// use puzzles::queens::construct::rook_completions;
/// use puzzles::queens::{Piece, Rules};
///
/// let rooks = Rules::new(8, Piece::Rook, false)?;
/// assert_eq!(rook_completions(&rooks, 0), Some(40_320));
/// assert_eq!(rook_completions(&rooks, 5), Some(6));
/// let many = Rules::new(40, Piece::Rook, false)?;
/// assert_eq!(rook_completions(&many, 2), None);
/// assert_eq!(rook_completions(&many, 6), Some((1..=34).product()));
/// assert_eq!(rook_completions(&Rules::queens(8)?, 0), None);
/// # Ok::<(), puzzles::queens::QueensError>(())
/// ```
pub fn rook_completions(rules: &Rules, placed: usize) -> Option<u128> {
    let free = rules.n().checked_sub(placed)?;
    if rules.piece() != Piece::Rook || free > MAX_ROOK_COUNT_N {
        return None;
    }
    Some((1..=free as u128).product())
}

/// An explicit solution for one board: every row's column by formula.
///
/// # Example
///
/// ```
/// use puzzles::queens::construct::Construction;
/// use puzzles::queens::{Piece, Rules};
///
/// let queens = Construction::queens(10)?;
/// assert_eq!(queens.column(0), 1);
/// let kings = Construction::new(&Rules::new(7, Piece::King, true)?)?.unwrap();
/// assert_eq!(kings.columns().collect::<Vec<_>>(), [0, 2, 4, 6, 1, 3, 5]);
/// # Ok::<(), puzzles::queens::QueensError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Construction {
    n: u64,
    pattern: Pattern,
}

/// The shapes of solution this module knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Pattern {
    /// Hoffman–Loessi–Moore / Bernhardsson for queens on a plain board.
    Queens,
    /// `1, 3, 5, …, 0, 2, 4, …` (kings on a plain board).
    OddThenEven,
    /// `cols[r] = k·r mod n`.
    Linear { multiplier: u64 },
    /// `cols[r] = r`.
    Identity,
    /// Kings on a torus with even `n ≥ 10`: `0, 2, …, n−2`, then
    /// `5, 7, …, n−1`, then `1, 3`.
    TorusKingsEven,
    /// A short explicit list, for the few sizes the patterns miss.
    Table(&'static [u64]),
    /// Superqueens: blocks of `block` rows, `3i mod block` inside each,
    /// shifted by `block` times the queens construction for `n / block`.
    SuperqueenProduct { block: u64 },
}

/// Kings on a 6×6 and an 8×8 torus, where the even pattern is too tight.
const TORUS_KINGS_6: [u64; 6] = [0, 2, 4, 1, 5, 3];
const TORUS_KINGS_8: [u64; 8] = [0, 2, 4, 6, 3, 1, 7, 5];

/// A stretch of consecutive rows whose columns go up by a constant step:
/// rows `row..row + len` hold columns `first, first + step, …`.
///
/// # Example
///
/// ```
/// use puzzles::queens::construct::{Construction, Run};
///
/// let runs: Vec<Run> = Construction::queens(6)?.runs().collect();
/// assert_eq!(runs, [
///     Run { row: 0, first: 1, step: 2, len: 3 },
///     Run { row: 3, first: 0, step: 2, len: 3 },
/// ]);
/// # Ok::<(), puzzles::queens::QueensError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Run {
    /// The first row of the run.
    pub row: u64,
    /// The column in that row.
    pub first: u64,
    /// How much the column grows from one row to the next (1 to 9).
    pub step: u64,
    /// How many rows the run covers (at least 1).
    pub len: u64,
}

impl Construction {
    /// The plain-board queens construction for `n`.
    ///
    /// # Errors
    ///
    /// [`QueensError::ZeroSize`] for `n = 0` and [`QueensError::NoSolution`]
    /// for `n = 2` and `n = 3`, where no solution exists.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::construct::Construction;
    /// use puzzles::queens::QueensError;
    ///
    /// assert_eq!(Construction::queens(1)?.columns().collect::<Vec<_>>(), [0]);
    /// assert_eq!(Construction::queens(3), Err(QueensError::NoSolution { n: 3 }));
    /// # Ok::<(), QueensError>(())
    /// ```
    pub fn queens(n: u64) -> Result<Construction, QueensError> {
        match n {
            0 => Err(QueensError::ZeroSize),
            2 | 3 => Err(QueensError::NoSolution { n }),
            _ => Ok(Construction {
                n,
                pattern: Pattern::Queens,
            }),
        }
    }

    /// The construction for any piece and board shape: `Ok(Some(_))` when one
    /// is known, `Ok(None)` when none is (a search must decide), and
    /// [`QueensError::NoSolution`] when it is known that no solution exists.
    ///
    /// # Errors
    ///
    /// [`QueensError::NoSolution`] for queens with `n` = 2, 3; for queens and
    /// superqueens on a torus when `gcd(n, 6) ≠ 1` (Pólya); for kings with
    /// `n` = 2, 3 and, on a torus, `n = 4`.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::construct::Construction;
    /// use puzzles::queens::{Piece, QueensError, Rules};
    ///
    /// let torus = |n| Rules::new(n, Piece::Queen, true).unwrap();
    /// assert!(Construction::new(&torus(11))?.is_some());
    /// assert_eq!(Construction::new(&torus(12)), Err(QueensError::NoSolution { n: 12 }));
    /// let amazons = Rules::new(12, Piece::Superqueen, false)?;
    /// assert_eq!(Construction::new(&amazons)?, None);
    /// # Ok::<(), QueensError>(())
    /// ```
    pub fn new(rules: &Rules) -> Result<Option<Construction>, QueensError> {
        let n = rules.n() as u64;
        let none = Err(QueensError::NoSolution { n });
        let build = |pattern| Ok(Some(Construction { n, pattern }));
        let coprime_to_six = !n.is_multiple_of(2) && !n.is_multiple_of(3);
        match (rules.piece(), rules.torus()) {
            (Piece::Rook, _) => build(Pattern::Identity),
            (Piece::Queen, false) => Construction::queens(n).map(Some),
            (Piece::Queen, true) if coprime_to_six => build(Pattern::Linear { multiplier: 2 }),
            (Piece::Queen, true) => none,
            (Piece::King, _) if n == 1 => build(Pattern::Identity),
            (Piece::King, false) if n <= 3 => none,
            // The odd columns, then the even ones: the last odd column and
            // column 0 are at least three apart from n = 4 on.
            (Piece::King, false) => build(Pattern::OddThenEven),
            (Piece::King, true) if n <= 4 => none,
            (Piece::King, true) if n % 2 == 1 => build(Pattern::Linear { multiplier: 2 }),
            (Piece::King, true) if n == 6 => build(Pattern::Table(&TORUS_KINGS_6)),
            (Piece::King, true) if n == 8 => build(Pattern::Table(&TORUS_KINGS_8)),
            (Piece::King, true) => build(Pattern::TorusKingsEven),
            (Piece::Superqueen, _) if n == 1 => build(Pattern::Identity),
            (Piece::Superqueen, _) if coprime_to_six && n >= 11 => {
                build(Pattern::Linear { multiplier: 3 })
            }
            // Superqueens that fit a torus would be queens that fit it.
            (Piece::Superqueen, true) if !coprime_to_six => none,
            (Piece::Superqueen, false) => match superqueen_block(n) {
                Some(block) => build(Pattern::SuperqueenProduct { block }),
                None => Ok(None),
            },
            (Piece::Superqueen, true) => Ok(None),
        }
    }

    /// The board size.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::construct::Construction;
    ///
    /// assert_eq!(Construction::queens(1_000_000_000_000)?.n(), 1_000_000_000_000);
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn n(&self) -> u64 {
        self.n
    }

    /// The column of the piece in `row`, in constant time.
    ///
    /// # Panics
    ///
    /// When `row ≥ n`.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::construct::Construction;
    ///
    /// let nine = Construction::queens(9)?;
    /// let cols: Vec<u64> = (0..9).map(|row| nine.column(row)).collect();
    /// assert_eq!(cols, [3, 5, 7, 1, 4, 6, 8, 0, 2]);
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn column(&self, row: u64) -> u64 {
        let n = self.n;
        assert!(row < n, "row {row} is off a board of {n} rows");
        let evens = n / 2;
        let odds = n - evens;
        match self.pattern {
            Pattern::Queens => match n % 6 {
                2 => {
                    if row < evens {
                        2 * row + 1
                    } else {
                        match row - evens {
                            0 => 2,
                            1 => 0,
                            j if j == odds - 1 => 4,
                            j => 2 * j + 2,
                        }
                    }
                }
                3 => {
                    if row + 1 < evens {
                        2 * row + 3
                    } else if row + 1 == evens {
                        1
                    } else {
                        match row - evens {
                            j if j + 2 < odds => 2 * j + 4,
                            j if j + 2 == odds => 0,
                            _ => 2,
                        }
                    }
                }
                _ => Pattern::odd_then_even(n, row),
            },
            Pattern::OddThenEven => Pattern::odd_then_even(n, row),
            // The product can pass 2^64 for huge n; the remainder cannot.
            Pattern::Linear { multiplier } => {
                (u128::from(multiplier) * u128::from(row) % u128::from(n)) as u64
            }
            Pattern::Identity => row,
            Pattern::TorusKingsEven => {
                let half = n / 2;
                if row < half {
                    2 * row
                } else if row + 2 < n {
                    2 * (row - half) + 5
                } else if row + 2 == n {
                    1
                } else {
                    3
                }
            }
            Pattern::Table(table) => table[row as usize],
            Pattern::SuperqueenProduct { block } => {
                let queens = Construction::queens(n / block).expect("blocks of 4 or more");
                let (u, i) = (row / block, row % block);
                block * queens.column(u) + 3 * i % block
            }
        }
    }

    /// The columns row by row, computed as they are needed.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::construct::Construction;
    ///
    /// let huge = Construction::queens(u64::MAX)?;
    /// // u64::MAX mod 6 = 3: the even list starts at 4 (1-based).
    /// assert_eq!(huge.columns().take(3).collect::<Vec<_>>(), [3, 5, 7]);
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn columns(&self) -> impl Iterator<Item = u64> + use<> {
        self.runs()
            .flat_map(|run| (0..run.len).map(move |i| run.first + i * run.step))
    }

    /// The construction as arithmetic runs, in row order; together they
    /// cover rows `0..n` once.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::construct::Construction;
    ///
    /// // 8 mod 6 = 2: the odd rows' columns need a repair.
    /// let runs: Vec<_> = Construction::queens(8)?.runs().map(|run| (run.first, run.len)).collect();
    /// assert_eq!(runs, [(1, 4), (2, 1), (0, 1), (6, 1), (4, 1)]);
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn runs(&self) -> impl Iterator<Item = Run> + use<> {
        let n = self.n;
        let evens = n / 2;
        let odds = n - evens;
        // (first column, step, length) in row order; empty ones are dropped.
        let mut pieces: Vec<(u64, u64, u64)> = Vec::new();
        if let Pattern::SuperqueenProduct { block } = self.pattern {
            // The runs of one block, shifted for each block as the rows are
            // reached: a board can have hundreds of millions of blocks.
            let inside: std::sync::Arc<[Run]> = Construction {
                n: block,
                pattern: Pattern::Linear { multiplier: 3 },
            }
            .runs()
            .collect();
            let queens = Construction::queens(n / block).expect("blocks of 4 or more");
            return Box::new(queens.columns().enumerate().flat_map(move |(u, column)| {
                let inside = std::sync::Arc::clone(&inside);
                (0..inside.len()).map(move |k| Run {
                    row: u as u64 * block + inside[k].row,
                    first: column * block + inside[k].first,
                    ..inside[k]
                })
            })) as Box<dyn Iterator<Item = Run>>;
        }
        match self.pattern {
            Pattern::Queens if n % 6 == 2 => pieces.extend([
                (1, 2, evens),
                (2, 1, 1),
                (0, 1, 1),
                (6, 2, odds - 3),
                (4, 1, 1),
            ]),
            Pattern::Queens if n % 6 == 3 => pieces.extend([
                (3, 2, evens - 1),
                (1, 1, 1),
                (4, 2, odds - 2),
                (0, 1, 1),
                (2, 1, 1),
            ]),
            Pattern::Queens | Pattern::OddThenEven => {
                pieces.extend([(1, 2, evens), (0, 2, odds)]);
            }
            Pattern::Linear { multiplier } => {
                // k·r mod n climbs by k until it wraps past n.
                let mut first = 0;
                let mut left = n;
                while left > 0 {
                    let len = ((n - 1 - first) / multiplier + 1).min(left);
                    pieces.push((first, multiplier, len));
                    left -= len;
                    first = (first + len * multiplier) - n;
                }
            }
            Pattern::Identity => pieces.push((0, 1, n)),
            Pattern::TorusKingsEven => {
                pieces.extend([(0, 2, n / 2), (5, 2, (n - 4) / 2), (1, 1, 1), (3, 1, 1)]);
            }
            Pattern::Table(table) => pieces.extend(table.iter().map(|&col| (col, 1, 1))),
            Pattern::SuperqueenProduct { .. } => unreachable!("returned above"),
        }
        let mut row = 0;
        Box::new(pieces.into_iter().filter(|&(_, _, len)| len > 0).map(
            move |(first, step, len)| {
                let run = Run {
                    row,
                    first,
                    step,
                    len,
                };
                row += len;
                run
            },
        )) as Box<dyn Iterator<Item = Run>>
    }

    /// The whole solution in memory, for boards small enough to hold.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::construct::Construction;
    /// use puzzles::queens::Solution;
    ///
    /// let solution = Construction::queens(100)?.to_solution();
    /// assert!(Solution::new(solution.cols().to_vec()).is_ok());
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn to_solution(&self) -> Solution {
        Solution::from_checked(self.columns().map(|col| col as usize).collect())
    }

    /// Writes the columns as decimal numbers between `[` and `]`, separated
    /// by `separator` (`b", "` for the array format, `b","` for JSON), with
    /// no newline. Works through a large buffer, so the writer needs no
    /// buffering of its own.
    ///
    /// # Errors
    ///
    /// Whatever error `out` returns.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::construct::Construction;
    ///
    /// let mut text = Vec::new();
    /// Construction::queens(8)?.write_cols(&mut text, b", ")?;
    /// assert_eq!(text, b"[1, 3, 5, 7, 2, 0, 6, 4]");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_cols<W: Write + ?Sized>(&self, out: &mut W, separator: &[u8]) -> io::Result<()> {
        let two_threads = self.n >= PARALLEL_ROWS
            && std::thread::available_parallelism().is_ok_and(|cores| cores.get() > 1);
        if two_threads {
            return self.write_cols_in_parallel(out, separator);
        }
        self.format(separator, |block, len| {
            out.write_all(&block[..len])?;
            Ok(block)
        })
    }

    /// Formats the whole text, handing each full block and its length to
    /// `sink`, which hands back a block to go on with.
    fn format<S>(&self, separator: &[u8], sink: S) -> io::Result<()>
    where
        S: FnMut(Vec<u8>, usize) -> io::Result<Vec<u8>>,
    {
        let mut writer = DecimalWriter::new(sink, separator);
        writer.push_bytes(b"[")?;
        for run in self.runs() {
            writer.run(run.first, run.step, run.len)?;
        }
        writer.finish(b"]")
    }

    /// Formats on another thread while this one writes, so that the two
    /// overlap; `out` itself never leaves this thread.
    fn write_cols_in_parallel<W: Write + ?Sized>(
        &self,
        out: &mut W,
        separator: &[u8],
    ) -> io::Result<()> {
        use std::sync::mpsc;
        let construction = *self;
        std::thread::scope(|scope| {
            let (full, written) = mpsc::sync_channel::<(Vec<u8>, usize)>(2);
            let (give_back, empty) = mpsc::channel::<Vec<u8>>();
            let formatter = scope.spawn(move || {
                construction.format(separator, |block, len| {
                    full.send((block, len))
                        .map_err(|_| io::Error::from(io::ErrorKind::BrokenPipe))?;
                    Ok(empty.try_recv().unwrap_or_else(|_| block_buffer()))
                })
            });
            for (block, len) in written {
                // On an error this returns, which drops the receiver and so
                // stops the formatter at its next block.
                out.write_all(&block[..len])?;
                let _ = give_back.send(block);
            }
            formatter.join().expect("the formatter does not panic")
        })
    }
}

/// Boards from this many rows on are formatted on a second thread.
const PARALLEL_ROWS: u64 = 1 << 20;

/// The block of the superqueen product for `n`: the largest divisor of
/// `n` coprime to 6, when it is at least 11 (the smallest torus that takes
/// `3i mod a`) and leaves at least 4 blocks (the smallest queens board
/// after 1); `None` otherwise.
fn superqueen_block(n: u64) -> Option<u64> {
    let mut block = n;
    for factor in [2, 3] {
        while block > 0 && block.is_multiple_of(factor) {
            block /= factor;
        }
    }
    (block >= 11 && n / block >= 4).then_some(block)
}

impl Pattern {
    /// Odd columns first, then even: `1, 3, …, 0, 2, …`.
    fn odd_then_even(n: u64, row: u64) -> u64 {
        let evens = n / 2;
        if row < evens {
            2 * row + 1
        } else {
            2 * (row - evens)
        }
    }
}

#[cfg(test)]
mod tests;
