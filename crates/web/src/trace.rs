//! Running a traced search for the page: the library's own events, capped.

use std::ops::ControlFlow;

use puzzles::queens::{Board, Solution};
use puzzles::sudoku::{self, Alphabet};
use puzzles::trace::{Action, Counters, Event, TraceMode, TraceSummary};
use serde::Serialize;

use crate::bounds::{MAX_TRACE_BYTES, grouped, json_len};
use crate::crossword::{self, CrosswordReply};
use crate::params::{TraceRequest, mode_name};

pub use crate::bounds::MAX_EVENTS;

/// What `/api/trace` answers: the events of the search, in order, with the
/// same fields as `puzzles queens N --trace --format json` (or
/// `puzzles sudoku --trace --format json PUZZLE`), and the closing summary
/// line of that command.
///
/// When the search would emit more than the cap, it is stopped there:
/// `summary.completed` and `truncated` say so, `events` holds the first
/// `limit` events (still a faithful start of the search), the counters
/// count exactly those, and `message` says what to do instead.
///
/// # Example
///
/// ```
/// use puzzles::trace::TraceMode;
/// use puzzles_web::params::TraceRequest;
/// use puzzles_web::trace::{MAX_EVENTS, run};
///
/// let reply = run(&TraceRequest::Queens { n: 4, given: vec![], mode: TraceMode::AllSolutions }, MAX_EVENTS);
/// let reply = reply.board().unwrap();
/// assert_eq!(reply.summary.counters.solutions, 2);
/// assert!(!reply.truncated);
/// // Both solutions of N = 4 are one class under rotation and reflection.
/// let classes = reply.classes.unwrap();
/// assert_eq!((classes.len(), classes[0].size, classes[0].solutions.len()), (1, 2, 2));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TraceReply {
    /// Which puzzle, and its size.
    #[serde(flatten)]
    pub puzzle: PuzzleInfo,
    /// `first` or `all`.
    pub mode: &'static str,
    /// The events, step 1 first.
    pub events: Vec<Event>,
    /// The tallies of `events`, how many there are and whether the search
    /// ran to its end.
    pub summary: TraceSummary,
    /// Whether the search was stopped at the cap.
    pub truncated: bool,
    /// The cap that applied.
    pub limit: usize,
    /// For a truncated trace, what to do instead.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// For N-Queens: the solutions of `events` grouped into classes under
    /// the eight symmetries of the square, as `puzzles queens N --unique`
    /// groups them, in the order their first member was found.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub classes: Option<Vec<SymmetryClass>>,
}

/// One class of solutions under rotation and reflection, as far as the
/// trace has found its members.
///
/// # Example
///
/// ```
/// use puzzles::trace::TraceMode;
/// use puzzles_web::params::TraceRequest;
/// use puzzles_web::trace::{MAX_EVENTS, run};
///
/// let reply = run(&TraceRequest::Queens { n: 6, given: vec![], mode: TraceMode::AllSolutions }, MAX_EVENTS);
/// let reply = reply.board().unwrap();
/// let classes = reply.classes.unwrap();
/// assert_eq!(classes.len(), 1);
/// assert_eq!(classes[0].representative, [1, 3, 5, 0, 2, 4]);
/// assert_eq!((classes[0].size, classes[0].solutions.as_slice()), (4, &[1, 2, 3, 4][..]));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SymmetryClass {
    /// The lexicographically smallest solution of the class (`cols`), the
    /// one `--unique` prints.
    pub representative: Vec<usize>,
    /// How many distinct solutions the class holds: 1, 2, 4 or 8.
    pub size: usize,
    /// The members found, by their solution index (the `index` of their
    /// `solution` event, from 1), in order.
    pub solutions: Vec<u64>,
}

/// The puzzle a trace belongs to, as the page's renderer needs it: the page
/// picks its renderer by the `puzzle` field.
///
/// # Example
///
/// ```
/// use puzzles_web::trace::PuzzleInfo;
///
/// let info = serde_json::to_string(&PuzzleInfo::Queens { n: 8, given: vec![] }).unwrap();
/// assert_eq!(info, r#"{"puzzle":"queens","n":8}"#);
/// let info = serde_json::to_string(&PuzzleInfo::Queens { n: 6, given: vec![(0, 1)] }).unwrap();
/// assert_eq!(info, r#"{"puzzle":"queens","n":6,"given":[[0,1]]}"#);
/// let info = PuzzleInfo::Sudoku { box_size: 2, side: 4, grid: "1...............".into() };
/// assert_eq!(
///     serde_json::to_string(&info).unwrap(),
///     r#"{"puzzle":"sudoku","box_size":2,"side":4,"grid":"1..............."}"#
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "puzzle", rename_all = "lowercase")]
#[non_exhaustive]
pub enum PuzzleInfo {
    /// N-Queens on an `n`×`n` board.
    Queens {
        /// The board size.
        n: usize,
        /// The queens standing before the search, `(row, col)`, sorted by
        /// row; absent when none.
        #[serde(skip_serializing_if = "Vec::is_empty")]
        given: Vec<(usize, usize)>,
    },
    /// Sudoku with `box_size`×`box_size` boxes on a `side`×`side` grid.
    Sudoku {
        /// The box size, 2 to 5.
        box_size: usize,
        /// The number of rows, columns and digits: `box_size²`.
        side: usize,
        /// The givens on one line in the standard alphabet (`.` for an
        /// empty cell, digits `1`–`9`, then capital letters): the givens are
        /// the puzzle, not events, so the page draws them from this.
        grid: String,
    },
}

/// A trace of any puzzle, as `/api/trace` answers it: the board puzzles'
/// [`TraceReply`], or a crossword's [`CrosswordReply`] (its events carry
/// words and slots rather than squares).
///
/// # Example
///
/// ```
/// use puzzles::trace::TraceMode;
/// use puzzles_web::params::TraceRequest;
/// use puzzles_web::trace::{MAX_EVENTS, run};
///
/// let traced = run(&TraceRequest::from_query("puzzle=crossword&example=every-2x2&mode=all").unwrap(), MAX_EVENTS);
/// assert_eq!(traced.crossword().unwrap().summary.counters.solutions, 718);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Traced {
    /// N-Queens or Sudoku.
    Board(TraceReply),
    /// A crossword.
    Crossword(Box<CrosswordReply>),
}

impl Traced {
    /// The board puzzle's reply, if it is one.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::trace::TraceMode;
    /// use puzzles_web::params::TraceRequest;
    /// use puzzles_web::trace::run;
    ///
    /// let request = TraceRequest::Queens { n: 4, given: vec![], mode: TraceMode::FirstSolution };
    /// assert_eq!(run(&request, 100).board().unwrap().summary.counters.solutions, 1);
    /// ```
    pub fn board(self) -> Option<TraceReply> {
        match self {
            Traced::Board(reply) => Some(reply),
            Traced::Crossword(_) => None,
        }
    }

    /// The crossword's reply, if it is one.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::trace::TraceMode;
    /// use puzzles_web::params::TraceRequest;
    /// use puzzles_web::trace::run;
    ///
    /// let request = TraceRequest::Queens { n: 4, given: vec![], mode: TraceMode::FirstSolution };
    /// assert!(run(&request, 100).crossword().is_none());
    /// ```
    pub fn crossword(self) -> Option<CrosswordReply> {
        match self {
            Traced::Crossword(reply) => Some(*reply),
            Traced::Board(_) => None,
        }
    }
}

/// Runs the search `request` asks for, keeping at most `limit` events.
///
/// The library's traces keep their frames on the heap (the Sudoku trace of
/// an empty 25×25 grid stands hundreds of guesses deep), so any thread's
/// stack will do.
///
/// # Example
///
/// ```
/// use puzzles::trace::TraceMode;
/// use puzzles_web::params::TraceRequest;
/// use puzzles_web::trace::run;
///
/// let reply = run(&TraceRequest::Queens { n: 8, given: vec![], mode: TraceMode::AllSolutions }, 100);
/// let reply = reply.board().unwrap();
/// assert!(reply.truncated);
/// assert_eq!(reply.events.len(), 100);
/// assert!(reply.message.unwrap().contains("first-solution mode"));
/// ```
pub fn run(request: &TraceRequest, limit: usize) -> Traced {
    run_within(request, limit, MAX_TRACE_BYTES)
}

/// [`run`] with a bound on the bytes of events other than
/// [`MAX_TRACE_BYTES`] (the tests' smaller ones).
fn run_within(request: &TraceRequest, limit: usize, max_bytes: usize) -> Traced {
    let (puzzle, mode, captured) = match request {
        TraceRequest::Queens { n, given, mode } => {
            let (n, mode) = (*n, *mode);
            let board = Board::new(n).expect("the parameter check keeps n in range");
            let events = if given.is_empty() {
                capture(limit, max_bytes, |observer| board.trace(mode, observer))
            } else {
                let completion = board
                    .with_given(given)
                    .expect("the parameter check keeps the given queens apart");
                capture(limit, max_bytes, |observer| {
                    completion.trace(mode, observer)
                })
            };
            let info = PuzzleInfo::Queens {
                n,
                given: given.clone(),
            };
            (info, mode, events)
        }
        TraceRequest::Sudoku { puzzle, mode } => {
            let events = capture(limit, max_bytes, |observer| {
                sudoku::trace(puzzle, *mode, observer)
            });
            let info = PuzzleInfo::Sudoku {
                box_size: puzzle.box_size(),
                side: puzzle.side(),
                grid: puzzle.to_line(Alphabet::Standard),
            };
            (info, *mode, events)
        }
        TraceRequest::Crossword { crossword, mode } => {
            return Traced::Crossword(Box::new(crossword::run(crossword, *mode, limit)));
        }
    };
    let Captured {
        events,
        completed,
        over_bytes,
    } = captured;
    let truncated = !completed;
    let classes = match puzzle {
        PuzzleInfo::Queens { n, .. } => Some(symmetry_classes(n, &events)),
        PuzzleInfo::Sudoku { .. } => None,
    };
    Traced::Board(TraceReply {
        classes,
        mode: mode_name(mode),
        summary: summarise(&events, completed),
        truncated,
        limit,
        message: truncated.then(|| {
            if over_bytes {
                too_big_message(&puzzle, events.len(), max_bytes)
            } else {
                too_long_message(&puzzle, mode, limit)
            }
        }),
        puzzle,
        events,
    })
}

/// The solutions among `events`, replayed from their placements, grouped by
/// their canonical form under the eight symmetries of the square.
fn symmetry_classes(n: usize, events: &[Event]) -> Vec<SymmetryClass> {
    let mut cols = vec![0; n];
    let mut classes: Vec<SymmetryClass> = Vec::new();
    for event in events {
        match event.action {
            Action::Place { row, col, .. } if row < n => cols[row] = col,
            Action::Solution { index } => {
                let solution =
                    Solution::new(cols.clone()).expect("a traced solution is a solution");
                let representative = solution.canonical().into_cols();
                match classes
                    .iter_mut()
                    .find(|class| class.representative == representative)
                {
                    Some(class) => class.solutions.push(index),
                    None => classes.push(SymmetryClass {
                        representative,
                        size: solution.class_size(),
                        solutions: vec![index],
                    }),
                }
            }
            _ => {}
        }
    }
    classes
}

/// What [`capture`] kept: the events, whether the search finished, and
/// whether it was cut short by [`MAX_TRACE_BYTES`] rather than by the
/// number of events.
struct Captured {
    events: Vec<Event>,
    completed: bool,
    over_bytes: bool,
}

/// Collects the events of `search` up to `limit` of them and `max_bytes`
/// of JSON.
fn capture<S>(limit: usize, max_bytes: usize, search: S) -> Captured
where
    S: FnOnce(&mut dyn FnMut(&Event) -> ControlFlow<()>) -> TraceSummary,
{
    let mut events = Vec::new();
    let (mut bytes, mut over_bytes) = (0, false);
    let summary = search(&mut |event: &Event| {
        if events.len() == limit {
            return ControlFlow::Break(());
        }
        // A separating comma each.
        let length = json_len(event) + 1;
        if bytes + length > max_bytes {
            over_bytes = true;
            return ControlFlow::Break(());
        }
        bytes += length;
        events.push(*event);
        ControlFlow::Continue(())
    });
    Captured {
        events,
        completed: summary.completed,
        over_bytes,
    }
}

/// The summary of the events kept. For a finished search it equals the
/// library's own summary; for a stopped one it leaves out the event that
/// hit the cap, which the page never sees.
fn summarise(events: &[Event], completed: bool) -> TraceSummary {
    let mut counters = Counters::default();
    for event in events {
        counters.record(&event.action);
    }
    TraceSummary {
        counters,
        steps: events.len() as u64,
        completed,
    }
}

fn too_big_message(puzzle: &PuzzleInfo, shown: usize, max_bytes: usize) -> String {
    let what = match puzzle {
        PuzzleInfo::Queens { .. } => "a smaller N",
        PuzzleInfo::Sudoku { .. } => "first-solution mode, or a puzzle with more givens,",
    };
    format!(
        "The events of this search pass {} MB after {} steps, so only those are shown. \
         Choose {what} to see a search from start to end.",
        max_bytes >> 20,
        grouped(shown)
    )
}

fn too_long_message(puzzle: &PuzzleInfo, mode: TraceMode, limit: usize) -> String {
    let limit = grouped(limit);
    let n = match *puzzle {
        PuzzleInfo::Queens { n, .. } => n,
        PuzzleInfo::Sudoku { side, .. } => return too_long_sudoku(side, mode, &limit),
    };
    match mode {
        TraceMode::AllSolutions => format!(
            "The search of the whole tree for N = {n} takes more than {limit} steps, so only the first {limit} are shown. \
             Choose first-solution mode, or a smaller N, to see a search from start to end."
        ),
        TraceMode::FirstSolution => format!(
            "The search for the first solution of N = {n} takes more than {limit} steps, so only the first {limit} are shown. \
             Choose a smaller N to see it from start to end."
        ),
    }
}

fn too_long_sudoku(side: usize, mode: TraceMode, limit: &str) -> String {
    match mode {
        TraceMode::AllSolutions => format!(
            "The search of the whole tree for this {side}×{side} puzzle takes more than {limit} steps, \
             so only the first {limit} are shown. The whole tree holds every solution: for a proper \
             puzzle it checks that the solution is unique, but a grid with few givens has many \
             solutions and its tree never fits. Choose first-solution mode, or give more digits, \
             to see a search from start to end."
        ),
        TraceMode::FirstSolution => format!(
            "The search for the first solution of this {side}×{side} puzzle takes more than {limit} steps, \
             so only the first {limit} are shown. Try a puzzle with more givens to see one from \
             start to end."
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`super::run`] for the board puzzles these tests trace.
    fn run(request: &TraceRequest, limit: usize) -> TraceReply {
        super::run(request, limit).board().expect("a board puzzle")
    }

    fn queens(n: usize, mode: TraceMode) -> TraceRequest {
        TraceRequest::Queens {
            n,
            given: vec![],
            mode,
        }
    }

    #[test]
    fn solutions_are_grouped_as_unique_groups_them() {
        for n in 4..=8 {
            let reply = run(&queens(n, TraceMode::AllSolutions), MAX_EVENTS);
            let classes = reply.classes.unwrap();
            let board = Board::new(n).unwrap();
            let expected: Vec<(Vec<usize>, usize)> = board
                .fundamental_solutions()
                .map(|class| (class.solution.into_cols(), class.class_size))
                .collect();
            let mut found: Vec<(Vec<usize>, usize)> = classes
                .iter()
                .map(|class| (class.representative.clone(), class.size))
                .collect();
            found.sort();
            assert_eq!(found, expected, "n = {n}");
            for class in &classes {
                assert_eq!(class.solutions.len(), class.size, "n = {n}");
            }
        }
        let sudoku = run(
            &sudoku(crate::examples::SUDOKU[0].grid, TraceMode::FirstSolution),
            MAX_EVENTS,
        );
        assert_eq!(sudoku.classes, None);
    }

    #[test]
    fn a_completion_trace_is_the_librarys() {
        let request = TraceRequest::Queens {
            n: 6,
            given: vec![(0, 1)],
            mode: TraceMode::AllSolutions,
        };
        let reply = run(&request, MAX_EVENTS);
        let mut expected = Vec::new();
        Board::new(6).unwrap().with_given(&[(0, 1)]).unwrap().trace(
            TraceMode::AllSolutions,
            |event| {
                expected.push(*event);
                ControlFlow::Continue(())
            },
        );
        assert_eq!(reply.events, expected);
        assert_eq!(
            reply.puzzle,
            PuzzleInfo::Queens {
                n: 6,
                given: vec![(0, 1)]
            }
        );
        let classes = reply.classes.unwrap();
        assert_eq!(classes.len(), 1);
        assert_eq!(classes[0].solutions, [1]);
        let impossible = run(
            &TraceRequest::Queens {
                n: 6,
                given: vec![(0, 0)],
                mode: TraceMode::AllSolutions,
            },
            MAX_EVENTS,
        );
        assert_eq!(impossible.summary.counters.solutions, 0);
        assert!(impossible.summary.completed);
    }

    #[test]
    fn a_finished_trace_matches_the_library() {
        for n in 4..=8 {
            for mode in [TraceMode::FirstSolution, TraceMode::AllSolutions] {
                let reply = run(&queens(n, mode), MAX_EVENTS);
                let mut expected = Vec::new();
                let summary = Board::new(n).unwrap().trace(mode, |event| {
                    expected.push(*event);
                    ControlFlow::Continue(())
                });
                assert_eq!(reply.events, expected, "n = {n}");
                assert_eq!(reply.summary, summary, "n = {n}");
                assert!(!reply.truncated && reply.message.is_none());
            }
        }
    }

    /// A trace past its bytes before its events is cut there, a faithful
    /// start still, and says so. (At [`MAX_TRACE_BYTES`] only the biggest
    /// Sudoku traces come near: 200,000 events of a sparse 25×25 are some
    /// 17.7 MB, of N = 12 queens 16.9 MB.)
    #[test]
    fn a_trace_is_cut_at_its_bytes_before_its_events() {
        let request = queens(12, TraceMode::AllSolutions);
        let reply = run_within(&request, MAX_EVENTS, 1 << 20).board().unwrap();
        assert!(reply.truncated && reply.events.len() < MAX_EVENTS);
        let bytes: usize = reply.events.iter().map(|e| json_len(e) + 1).sum();
        assert!(bytes <= 1 << 20 && bytes > (1 << 20) - 200, "{bytes}");
        let message = reply.message.unwrap();
        assert!(
            message.starts_with("The events of this search pass 1 MB after"),
            "{message}"
        );
        assert!(
            message.ends_with("Choose a smaller N to see a search from start to end."),
            "{message}"
        );
        let shorter = run(&request, reply.events.len() - 1);
        assert_eq!(shorter.events, reply.events[..reply.events.len() - 1]);
        // The real bound holds a whole capped trace.
        const { assert!(MAX_EVENTS * 90 < MAX_TRACE_BYTES) };
    }

    #[test]
    fn a_capped_trace_is_the_start_of_the_real_one() {
        let full = run(&queens(6, TraceMode::AllSolutions), MAX_EVENTS);
        let steps = full.events.len();
        for limit in [0, 1, 17, steps - 1] {
            let capped = run(&queens(6, TraceMode::AllSolutions), limit);
            assert!(capped.truncated && !capped.summary.completed);
            assert_eq!(capped.events, full.events[..limit]);
            assert_eq!(capped.summary.steps, limit as u64);
            assert!(capped.message.unwrap().contains("first-solution mode"));
        }
        // A cap the search fits in exactly is not a truncation.
        let exact = run(&queens(6, TraceMode::AllSolutions), steps);
        assert!(!exact.truncated);
        assert_eq!(exact, full_with_limit(full.clone(), steps));
    }

    fn full_with_limit(mut reply: TraceReply, limit: usize) -> TraceReply {
        reply.limit = limit;
        reply
    }

    #[test]
    fn the_largest_board_stays_under_the_cap_for_its_first_solution() {
        let reply = run(&queens(12, TraceMode::FirstSolution), MAX_EVENTS);
        assert!(!reply.truncated);
        assert_eq!(reply.summary.counters.solutions, 1);
        let whole = run(&queens(12, TraceMode::AllSolutions), MAX_EVENTS);
        assert!(whole.truncated);
        assert_eq!(whole.events.len(), MAX_EVENTS);
        assert_eq!(
            whole.message.unwrap(),
            "The search of the whole tree for N = 12 takes more than 200,000 steps, so only the first 200,000 are shown. \
             Choose first-solution mode, or a smaller N, to see a search from start to end."
        );
    }

    fn sudoku(grid: &str, mode: TraceMode) -> TraceRequest {
        TraceRequest::Sudoku {
            puzzle: sudoku::Puzzle::parse(grid).unwrap(),
            mode,
        }
    }

    #[test]
    fn a_sudoku_trace_is_the_librarys_with_the_givens() {
        for example in crate::examples::SUDOKU {
            for mode in [TraceMode::FirstSolution, TraceMode::AllSolutions] {
                let reply = run(&sudoku(example.grid, mode), MAX_EVENTS);
                let puzzle = sudoku::Puzzle::parse(example.grid).unwrap();
                let mut expected = Vec::new();
                let summary = sudoku::trace(&puzzle, mode, |event| {
                    if expected.len() <= MAX_EVENTS {
                        expected.push(*event);
                    }
                    ControlFlow::Continue(())
                });
                assert_eq!(
                    reply.puzzle,
                    PuzzleInfo::Sudoku {
                        box_size: puzzle.box_size(),
                        side: puzzle.side(),
                        grid: example.grid.to_string()
                    }
                );
                assert_eq!(reply.mode, mode_name(mode));
                if summary.steps as usize <= MAX_EVENTS {
                    assert_eq!(reply.events, expected, "{}", example.label);
                    assert_eq!(reply.summary, summary, "{}", example.label);
                    assert!(!reply.truncated && reply.message.is_none());
                } else {
                    assert!(reply.truncated, "{}", example.label);
                    assert_eq!(reply.events, expected[..MAX_EVENTS], "{}", example.label);
                }
            }
        }
    }

    #[test]
    fn a_capped_sudoku_trace_says_why_and_what_to_do() {
        let empty = ".".repeat(81);
        let whole = run(&sudoku(&empty, TraceMode::AllSolutions), 1000);
        assert!(whole.truncated && !whole.summary.completed);
        assert_eq!(whole.events.len(), 1000);
        assert_eq!(
            whole.message.unwrap(),
            "The search of the whole tree for this 9×9 puzzle takes more than 1,000 steps, so only the \
             first 1,000 are shown. The whole tree holds every solution: for a proper puzzle it checks \
             that the solution is unique, but a grid with few givens has many solutions and its tree \
             never fits. Choose first-solution mode, or give more digits, to see a search from start to end."
        );
        let first = run(&sudoku(&empty, TraceMode::FirstSolution), 10);
        assert!(first.truncated);
        assert_eq!(
            first.message.unwrap(),
            "The search for the first solution of this 9×9 puzzle takes more than 10 steps, so only the \
             first 10 are shown. Try a puzzle with more givens to see one from start to end."
        );
        // An empty 9×9 grid has billions of solutions: the real cap cuts its
        // whole tree short.
        let capped = run(&sudoku(&empty, TraceMode::AllSolutions), MAX_EVENTS);
        assert!(capped.truncated);
        assert_eq!(capped.summary.steps, MAX_EVENTS as u64);
        assert!(capped.summary.counters.solutions > 0);
    }

    #[test]
    fn the_deepest_sudoku_searches_do_not_overflow_the_stack() {
        // Empty grids stand hundreds of guesses deep; run on a test thread
        // (2 MiB of stack), a 25×25 one overflowed it.
        let empty = ".".repeat(625);
        let reply = run(&sudoku(&empty, TraceMode::AllSolutions), MAX_EVENTS);
        let deepest = reply.events.iter().map(|event| event.depth).max().unwrap();
        assert!(deepest > 400, "{deepest}");
        let first = run(&sudoku(&empty, TraceMode::FirstSolution), MAX_EVENTS);
        assert_eq!(first.summary.counters.solutions, 1);
    }
}
