//! The example puzzles the page offers beside its text boxes: for Sudoku
//! real, published puzzles, for crosswords small grids filled from the
//! shipped English list; each chosen to show something different about the
//! search. The tests below (and those of [`crate::crossword`] for the
//! grids) hold each example to what its description says.

use puzzles::trace::TraceMode;

/// A puzzle the page offers with one click.
///
/// # Example
///
/// ```
/// use puzzles_web::examples::{SUDOKU, SUDOKU_DEFAULT};
///
/// assert!(SUDOKU.iter().any(|example| example.grid == SUDOKU_DEFAULT));
/// assert!(SUDOKU.iter().all(|example| puzzles::sudoku::Puzzle::parse(example.grid).is_ok()));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Example {
    /// The button's text.
    pub label: &'static str,
    /// The puzzle on one line, as [`puzzles::sudoku::Puzzle`] writes it.
    pub grid: &'static str,
    /// The search mode it is best watched in.
    pub mode: TraceMode,
    /// What it shows, for the button's tooltip.
    pub about: &'static str,
}

/// The puzzle in the text box when the page opens: 17 givens from Gordon
/// Royle's collection of minimal puzzles (`data/sudoku/17-clue.txt`). In 95
/// steps the search fills cells by singles, guesses, sees both digits of a
/// second guess clash, backtracks, takes the first guess back and finds the
/// solution with its other digit — the whole story of backtracking, short
/// enough to step through by hand.
///
/// # Example
///
/// ```
/// use puzzles::sudoku::Puzzle;
/// use puzzles_web::examples::SUDOKU_DEFAULT;
///
/// assert_eq!(Puzzle::parse(SUDOKU_DEFAULT)?.givens(), 17);
/// # Ok::<(), puzzles::sudoku::SudokuError>(())
/// ```
pub const SUDOKU_DEFAULT: &str =
    ".................1..2..3.4..............523..16......7....7......3....2.7...1.6.8";

/// The Sudoku examples, in the order of their buttons.
///
/// # Example
///
/// ```
/// use puzzles_web::examples::SUDOKU;
///
/// assert_eq!(SUDOKU[0].label, "Singles only");
/// ```
pub const SUDOKU: &[Example] = &[
    Example {
        label: "Singles only",
        grid: "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        mode: TraceMode::FirstSolution,
        about: "The example of Wikipedia's Sudoku article: every empty cell is filled by a \
                single (the only digit left for a cell, or the only place left for a digit), \
                without one guess.",
    },
    Example {
        label: "A wrong guess",
        grid: SUDOKU_DEFAULT,
        mode: TraceMode::FirstSolution,
        about: "17 givens, from Gordon Royle's collection of minimal puzzles: singles, a guess, \
                a second guess whose digits all clash, a backtrack, and the first guess taken \
                back and tried again.",
    },
    Example {
        label: "Hard",
        grid: "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        mode: TraceMode::FirstSolution,
        about: "The first puzzle of the 'top1465' list of hard puzzles: over a hundred \
                guesses, up to ten standing at once, and dozens of backtracks before the \
                solution.",
    },
    Example {
        label: "4×4",
        grid: ".34.........3..1",
        mode: TraceMode::FirstSolution,
        about: "A 4×4 puzzle: 2×2 boxes, digits 1-4.",
    },
    Example {
        label: "Empty 4×4, every grid",
        grid: "................",
        mode: TraceMode::AllSolutions,
        about: "No givens, and the whole tree: the search lists all 288 grids of 4×4 Sudoku.",
    },
    Example {
        label: "16×16",
        grid: "FC.A8.....G6.....D1..6...C...7..6...5.....74A...4...A..25......9..C.1...7..8...FA......9..C..3...B...E......79.4.4..2A...B.5GC..D2....7..G..48......B.25...3.A.....F.318....B5....8...G.B25D6.9....3CG.F..B29.....B..7..C....415.EFC31...8....2..869....3...C.G.",
        mode: TraceMode::FirstSolution,
        about: "A 16×16 puzzle: 4×4 boxes, digits 1-9 and A-G.",
    },
    Example {
        label: "25×25",
        grid: "B..M...AN8H2..1.G..3PK.F.5.EGC4.6F..J.B7N89..1O2H..1H.2...EG.6K4..MBJ7..AN.9LN8..12.O.CG..F..6..MJI......B.J.....9.HOD..3.C..F.O.4IC.G.K9L.6M1HD....8...KL9H..M...3.A...4..7..I.A8...24OPGB.IC.LN..J.D.H.CG.......MD1H..3E.A...OFHJ....A58.O4..2.7IBC.L..N.....89EL.1.2OD3C...46.PK.D12F...3CPN6.47JMH..A....5.C..4.P..H.M.LA8E..2F1O...A.ODF..3.CG5......JH.M..P6.MBH...E..9.2OF..C..G1.JDO3E.A5.K..FCB.MIN9..L..2.K...C..89L.J.1..E5G.3.I.BMLN8..J..1HA....F.K2P3..5G..K2.CMB7I...8.H.OJ1LN6..1.OJD.G53E24P...B.C72ODF..G.5..LN6K.H.1M..39A....L.M1.H93EA.D.2.OGI75CA.9....P.F.7ICG...L.M.1BJJ.B.1A8.9ED.F2.5.C.G...46.G5I76KL.NB.HJM...3.O.PD2",
        mode: TraceMode::FirstSolution,
        about: "A 25×25 puzzle: 5×5 boxes, digits 1-9 and A-P, filled by singles alone.",
    },
];

/// A crossword grid the page offers with one click.
///
/// # Example
///
/// ```
/// use puzzles_web::examples::CROSSWORD;
///
/// assert!(CROSSWORD.iter().all(|example| puzzles::crossword::Grid::parse(example.grid).is_ok()));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CrosswordExample {
    /// Its name in a query: `example=open-5x5`.
    pub name: &'static str,
    /// The button's text.
    pub label: &'static str,
    /// The grid, a row per line, as [`puzzles::crossword::Grid`] reads it.
    pub grid: &'static str,
    /// The search mode it is best watched in.
    pub mode: TraceMode,
    /// What it shows, for the button's tooltip.
    pub about: &'static str,
}

/// The crossword grid in the text box when the page opens: an open 5×5,
/// whose fill from the English list takes 28 steps with one backtrack.
///
/// # Example
///
/// ```
/// use puzzles_web::examples::{CROSSWORD, CROSSWORD_DEFAULT};
///
/// assert!(CROSSWORD.iter().any(|example| example.grid == CROSSWORD_DEFAULT));
/// ```
pub const CROSSWORD_DEFAULT: &str = ".....\n.....\n.....\n.....\n.....";

/// The crossword examples, in the order of their buttons; every one is
/// filled from the English list shipped with the library.
///
/// # Example
///
/// ```
/// use puzzles_web::examples::CROSSWORD;
///
/// assert_eq!(CROSSWORD[0].name, "open-5x5");
/// ```
pub const CROSSWORD: &[CrosswordExample] = &[
    CrosswordExample {
        name: "open-5x5",
        label: "Open 5×5",
        grid: CROSSWORD_DEFAULT,
        mode: TraceMode::FirstSolution,
        about: "Ten five-letter words, no blocks: the slot with the fewest candidates is filled \
                first, words that leave a crossing without candidates are refused, and one \
                dead end sends the search back.",
    },
    CrosswordExample {
        name: "theme-word",
        label: "A theme word",
        grid: "...#\nCAT.\n....\n#...",
        mode: TraceMode::FirstSolution,
        about: "A mini with CAT set in advance, as constructors set their theme words: the \
                pre-set letters narrow the crossing slots before the first choice.",
    },
    CrosswordExample {
        name: "no-fill",
        label: "No fill exists",
        grid: "..Z..\n.....\n.....\n....Y\n.....",
        mode: TraceMode::FirstSolution,
        about: "A Z and a Y in an open 5×5: every slot has words on its own, but no fill \
                exists, and the search proves it by trying every way.",
    },
    CrosswordExample {
        name: "corner-z",
        label: "6×6 with a Z",
        grid: "#.....\n......\n......\n......\n......\nZ....#",
        mode: TraceMode::FirstSolution,
        about: "A 6×6 with two corner blocks and a Z set in the corner: thousands of steps \
                and dozens of backtracks before the first fill; open the tree to see where the \
                search went wrong.",
    },
    CrosswordExample {
        name: "every-2x2",
        label: "Every 2×2",
        grid: "..\n..",
        mode: TraceMode::AllSolutions,
        about: "Four two-letter words, and the whole tree: every fill of a 2×2 square from \
                the list.",
    },
];

#[cfg(test)]
mod tests {
    use std::ops::ControlFlow;

    use puzzles::sudoku::{self, Alphabet, Puzzle};
    use puzzles::trace::{Action, ConflictKind, Event, TraceSummary};

    use super::*;
    use crate::bounds::MAX_EVENTS;

    fn trace(grid: &str, mode: TraceMode) -> (Vec<Event>, TraceSummary) {
        let puzzle = Puzzle::parse(grid).unwrap();
        let mut events = Vec::new();
        let summary = sudoku::trace(&puzzle, mode, |event| {
            events.push(*event);
            ControlFlow::Continue(())
        });
        (events, summary)
    }

    fn example(label: &str) -> &'static Example {
        SUDOKU
            .iter()
            .find(|example| example.label == label)
            .unwrap()
    }

    #[test]
    fn every_example_is_a_puzzle_written_as_the_page_shows_it_and_fits_the_cap() {
        for example in SUDOKU {
            let puzzle = Puzzle::parse(example.grid).unwrap();
            // The text box, the address and the reply all carry this form.
            assert_eq!(puzzle.to_line(Alphabet::Standard), example.grid);
            let (events, summary) = trace(example.grid, example.mode);
            assert!(summary.completed);
            assert!(events.len() <= MAX_EVENTS, "{}", example.label);
            assert!(summary.counters.solutions >= 1, "{}", example.label);
        }
        let labels: std::collections::HashSet<_> = SUDOKU.iter().map(|e| e.label).collect();
        assert_eq!(labels.len(), SUDOKU.len());
        let sides: std::collections::BTreeSet<usize> = SUDOKU
            .iter()
            .map(|example| Puzzle::parse(example.grid).unwrap().side())
            .collect();
        assert_eq!(sides.into_iter().collect::<Vec<_>>(), [4, 9, 16, 25]);
    }

    #[test]
    fn singles_only_means_no_guess() {
        for label in ["Singles only", "4×4", "25×25"] {
            let (_, summary) = trace(example(label).grid, TraceMode::FirstSolution);
            let counters = summary.counters;
            assert_eq!(
                (counters.conflicts, counters.removals, counters.backtracks),
                (0, 0, 0),
                "{label}"
            );
        }
    }

    #[test]
    fn the_default_shows_a_guess_a_clash_a_backtrack_and_a_second_try() {
        let (events, summary) = trace(SUDOKU_DEFAULT, TraceMode::FirstSolution);
        assert!(events.len() < 200, "short enough to step through by hand");
        let counters = summary.counters;
        assert!(counters.backtracks >= 1 && counters.removals >= 1);
        assert_eq!(counters.solutions, 1);
        // Conflicts of each kind a learner should meet: with a digit in the
        // same row and in the same column.
        for kind in [ConflictKind::Row, ConflictKind::Column] {
            assert!(
                events
                    .iter()
                    .any(|e| matches!(e.action, Action::Conflict { kind: k, .. } if k == kind)),
                "{kind}"
            );
        }
        // And it is a proper puzzle: the whole tree holds one solution.
        let (_, whole) = trace(SUDOKU_DEFAULT, TraceMode::AllSolutions);
        assert!(whole.completed);
        assert_eq!(whole.counters.solutions, 1);
    }

    #[test]
    fn the_hard_one_is_hard_and_the_empty_one_has_every_grid() {
        let (events, hard) = trace(example("Hard").grid, TraceMode::FirstSolution);
        // A guess is a placement followed by an event one level deeper
        // (what it forces, or the next branching, stands below it), and
        // the only kind of placement the trace leaves unforced.
        let guesses = events
            .windows(2)
            .filter(|pair| {
                matches!(pair[0].action, Action::Place { .. }) && pair[1].depth == pair[0].depth + 1
            })
            .count();
        let unforced = events
            .iter()
            .filter(|event| matches!(event.action, Action::Place { forced: false, .. }))
            .count();
        assert_eq!(unforced, guesses);
        let deepest = events.iter().map(|event| event.depth).max().unwrap();
        assert!(guesses > 100, "{guesses} guesses");
        assert_eq!(deepest, 10);
        assert!(
            (24..100).contains(&hard.counters.backtracks),
            "{:?}",
            hard.counters
        );
        let empty = example("Empty 4×4, every grid");
        assert_eq!(empty.mode, TraceMode::AllSolutions);
        let (_, all) = trace(empty.grid, empty.mode);
        assert_eq!(all.counters.solutions, 288);
    }
}
