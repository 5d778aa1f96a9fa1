//! Which variant of the 9×9 band engine a [`Solver`](super::Solver) runs.

use crate::cpu::Isa;

/// Which variant of the band engine solves 9×9 puzzles in a
/// [`Solver`](super::Solver).
///
/// All give the same counts and, for a puzzle with one solution, the same
/// solution; of several, the first found may depend on whether triads are
/// on (the kernels never change it). They differ in speed: triads cost a
/// pass over the board before each guess and save about a fifth of the
/// guesses on hard puzzles.
///
/// # Example
///
/// ```
/// use puzzles::cpu::Isa;
/// use puzzles::sudoku::{NineEngine, Puzzle, Solver};
///
/// let puzzle = Puzzle::parse(
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
/// )?;
/// let plain = NineEngine { triads: false, isa: Isa::Portable };
/// assert_eq!(
///     Solver::with_engine(plain).solve(&puzzle),
///     Solver::with_engine(NineEngine::FASTEST).solve(&puzzle),
/// );
/// # Ok::<(), puzzles::sudoku::SudokuError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NineEngine {
    /// Triads as well: a minirow (where a row meets a box) or minicolumn
    /// left with exactly three candidate digits keeps them from the rest of
    /// its row (column) and box.
    pub triads: bool,
    /// The most the kernels (the passes over the whole board and the band
    /// rules) may use; where the CPU lacks it the next level below runs
    /// ([`Isa::supported`]).
    ///
    /// - [`Isa::Portable`]: plain Rust, on any CPU: the fallback, tested
    ///   everywhere.
    /// - [`Isa::Sse2`]: a digit's three band words in one register, so each
    ///   pass over the board handles three bands at once.
    /// - [`Isa::Avx2`]: the SSE2 kernels in a build for AVX2 and BMI, with
    ///   BMI2's `pext` for the minirow patterns and some passes two digits
    ///   to a 256-bit register.
    /// - [`Isa::Avx512`]: the AVX2 kernels in a build that may also use
    ///   AVX-512: its three-input logic instructions, and the changed words
    ///   four digits to a 512-bit register.
    ///
    /// ```
    /// use puzzles::cpu::Isa;
    /// use puzzles::sudoku::{NineEngine, Puzzle, Solver};
    ///
    /// let puzzle = Puzzle::parse(&".".repeat(81))?;
    /// for isa in Isa::EACH {
    ///     let engine = NineEngine { triads: true, isa };
    ///     assert_eq!(Solver::with_engine(engine).count_up_to(&puzzle, 2), 2);
    /// }
    /// # Ok::<(), puzzles::sudoku::SudokuError>(())
    /// ```
    pub isa: Isa,
}

impl NineEngine {
    /// The fastest variant measured (the default): triads, AVX-512 kernels
    /// (and so the best that the CPU has).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::sudoku::NineEngine;
    ///
    /// assert_eq!(NineEngine::default(), NineEngine::FASTEST);
    /// ```
    pub const FASTEST: NineEngine = NineEngine {
        triads: true,
        isa: Isa::Avx512,
    };

    /// Every variant: with and without triads, each with every kernel.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::sudoku::{NineEngine, Puzzle, Solver};
    ///
    /// let puzzle = Puzzle::parse(&".".repeat(81))?;
    /// for engine in NineEngine::ALL {
    ///     assert_eq!(Solver::with_engine(engine).count_up_to(&puzzle, 2), 2);
    /// }
    /// # Ok::<(), puzzles::sudoku::SudokuError>(())
    /// ```
    pub const ALL: [NineEngine; 8] = [
        NineEngine {
            triads: false,
            isa: Isa::Portable,
        },
        NineEngine {
            triads: false,
            isa: Isa::Sse2,
        },
        NineEngine {
            triads: false,
            isa: Isa::Avx2,
        },
        NineEngine {
            triads: false,
            isa: Isa::Avx512,
        },
        NineEngine {
            triads: true,
            isa: Isa::Portable,
        },
        NineEngine {
            triads: true,
            isa: Isa::Sse2,
        },
        NineEngine {
            triads: true,
            isa: Isa::Avx2,
        },
        NineEngine {
            triads: true,
            isa: Isa::Avx512,
        },
    ];
}

impl Default for NineEngine {
    fn default() -> NineEngine {
        NineEngine::FASTEST
    }
}
