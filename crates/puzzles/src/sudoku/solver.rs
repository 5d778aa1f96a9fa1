//! The dedicated solver: candidate bitmasks per cell, naked and hidden
//! singles found as they appear (see [`super::state`]), and a depth-first
//! search that branches on the cell with the fewest candidates (or the
//! fewest places of a digit in a unit); [`Race`] runs a search by each
//! [`BranchRule`] in turn.

use std::ops::ControlFlow;

use super::state::{Branch, BranchRule, Pending, State};
use super::tables::Tables;
use crate::trace::{Event, TraceMode, TraceSummary};

/// One level of the search: a propagated state and the alternatives of its
/// branching point not tried yet.
#[derive(Clone, Debug)]
struct Frame<const N: usize, const C: usize, const U: usize, const W: usize> {
    state: State<N, C, U, W>,
    branch: Branch<W>,
}

/// A depth-first search as an explicit stack of frames, so that it can stop
/// at each solution and resume. The stack and queue are kept between
/// puzzles: once warm, solving allocates nothing.
pub(crate) struct Search<
    const N: usize,
    const C: usize,
    const P: usize,
    const U: usize,
    const W: usize,
> {
    tables: &'static Tables<N, C, P, U, W>,
    stack: Vec<Frame<N, C, U, W>>,
    queue: Vec<Pending>,
    /// The givens alone solved the puzzle: the root frame is the solution.
    root_solved: bool,
    guesses: u64,
    rule: BranchRule,
}

impl<const N: usize, const C: usize, const P: usize, const U: usize, const W: usize>
    Search<N, C, P, U, W>
{
    pub(crate) fn new(tables: &'static Tables<N, C, P, U, W>, rule: BranchRule) -> Self {
        Search {
            tables,
            stack: Vec::new(),
            queue: Vec::with_capacity(4 * C),
            root_solved: false,
            guesses: 0,
            rule,
        }
    }
}

/// How far [`Engine::advance_until`] went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Advance {
    /// A solution, to read with [`Engine::solution`].
    Solution,
    /// No solution is left.
    Ended,
    /// The guesses allowed are spent; calling again goes on from here.
    Paused,
}

/// A search for one grid size, behind a trait object so that callers need
/// not be generic.
pub(crate) trait Engine: Send {
    /// Sets up the search of a puzzle (`givens[cell]`, 0 for empty).
    fn start(&mut self, givens: &[u8]);
    /// Finds the next solution; `true` when there is one to read with
    /// [`Engine::solution`].
    fn advance(&mut self) -> bool {
        self.advance_until(u64::MAX) == Advance::Solution
    }
    /// [`Engine::advance`], pausing once [`Engine::guesses`] reaches
    /// `guesses`.
    fn advance_until(&mut self, guesses: u64) -> Advance;
    /// The digits of the solution just found.
    fn solution(&self) -> &[u8];
    /// Digits tried at branching cells since [`Engine::start`].
    fn guesses(&self) -> u64;
    /// Runs the same search as [`Engine::advance`], reporting each step.
    fn trace(
        &self,
        givens: &[u8],
        mode: TraceMode,
        observer: &mut dyn FnMut(&Event) -> ControlFlow<()>,
    ) -> TraceSummary;
}

impl<const N: usize, const C: usize, const P: usize, const U: usize, const W: usize> Engine
    for Search<N, C, P, U, W>
{
    fn start(&mut self, givens: &[u8]) {
        debug_assert_eq!(givens.len(), C);
        self.stack.clear();
        self.queue.clear();
        self.root_solved = false;
        self.guesses = 0;
        let mut state = State::<N, C, U, W>::new();
        let loaded = state
            .load(self.tables, givens, &mut self.queue)
            .and_then(|()| state.propagate(self.tables, &mut self.queue, &mut ()));
        if loaded.is_err() {
            self.queue.clear();
            return;
        }
        if state.unsolved == 0 {
            self.root_solved = true;
            self.stack.push(Frame {
                state,
                branch: Branch::DONE,
            });
            return;
        }
        let branch = state.choose(self.tables, self.rule);
        self.stack.push(Frame { state, branch });
    }

    fn advance_until(&mut self, guesses: u64) -> Advance {
        if self.root_solved {
            self.root_solved = false;
            return Advance::Solution;
        }
        loop {
            let Some(top) = self.stack.last_mut() else {
                return Advance::Ended;
            };
            if top.branch.is_exhausted() {
                self.stack.pop();
                continue;
            }
            if self.guesses >= guesses {
                return Advance::Paused;
            }
            let (cell, digit) = top.branch.take().expect("the branch has an alternative");
            self.guesses += 1;
            // The last alternative reuses its frame; the others work on a
            // copy.
            if !top.branch.is_exhausted() {
                let state = top.state.clone();
                self.stack.push(Frame {
                    state,
                    branch: Branch::DONE,
                });
            }
            let frame = self.stack.last_mut().expect("a frame was just used");
            frame.branch = Branch::DONE;
            self.queue.push((cell as u32) << 8 | u32::from(digit));
            if frame
                .state
                .propagate(self.tables, &mut self.queue, &mut ())
                .is_err()
            {
                continue;
            }
            if frame.state.unsolved == 0 {
                return Advance::Solution;
            }
            frame.branch = frame.state.choose(self.tables, self.rule);
        }
    }

    fn solution(&self) -> &[u8] {
        &self
            .stack
            .last()
            .expect("solution() after advance() returned true")
            .state
            .value
    }

    fn guesses(&self) -> u64 {
        self.guesses
    }

    fn trace(
        &self,
        givens: &[u8],
        mode: TraceMode,
        observer: &mut dyn FnMut(&Event) -> ControlFlow<()>,
    ) -> TraceSummary {
        super::trace::trace(self.tables, givens, mode, observer)
    }
}

/// A fresh engine for grids with `box_size`×`box_size` boxes (2 to 5),
/// branching by `rule`.
pub(crate) fn engine(box_size: usize, rule: BranchRule) -> Box<dyn Engine> {
    use super::tables::{TABLES_2, TABLES_3, TABLES_4, TABLES_5};
    match box_size {
        2 => Box::new(Search::new(&TABLES_2, rule)),
        3 => Box::new(Search::new(&TABLES_3, rule)),
        4 => Box::new(Search::new(&TABLES_4, rule)),
        5 => Box::new(Search::new(&TABLES_5, rule)),
        _ => unreachable!("puzzles are checked to have boxes of 2 to 5"),
    }
}

/// The guesses each search of a [`Race`] makes in its first turn; each
/// round of turns doubles them.
const FIRST_TURN: u64 = 256;

/// Two searches of one puzzle, one by each [`BranchRule`], taking turns
/// with a doubling number of guesses until one of them has found what was
/// asked or ended. Both are complete, so either answers; each rule has
/// sparse grids on which it runs for minutes where the other takes
/// milliseconds, and the race takes at most about three times the faster.
pub(crate) struct Race {
    searches: [Box<dyn Engine>; 2],
    /// The searches started on the puzzle of the last [`Race::run`]: the
    /// second starts only when the first pauses, as most puzzles end
    /// within the first turn.
    started: usize,
}

impl Race {
    /// The two searches for grids with `box_size`×`box_size` boxes.
    pub(crate) fn new(box_size: usize) -> Race {
        Race {
            searches: [
                engine(box_size, BranchRule::CellsAndUnits),
                engine(box_size, BranchRule::Cells),
            ],
            started: 0,
        }
    }

    /// Runs the searches of `givens` until one has found `limit` solutions
    /// or ended: its solutions found, and the engine, whose
    /// [`Engine::solution`] is its last one.
    pub(crate) fn run(&mut self, givens: &[u8], limit: u64) -> (u64, &dyn Engine) {
        let mut solutions = [0u64; 2];
        self.started = 0;
        let mut turn = FIRST_TURN;
        loop {
            for (which, found) in solutions.iter_mut().enumerate() {
                let search = &mut self.searches[which];
                if which == self.started {
                    search.start(givens);
                    self.started += 1;
                }
                let until = search.guesses().saturating_add(turn);
                let mut outcome = Advance::Paused;
                while *found < limit {
                    outcome = search.advance_until(until);
                    if outcome != Advance::Solution {
                        break;
                    }
                    *found += 1;
                }
                if *found == limit || outcome == Advance::Ended {
                    return (*found, self.searches[which].as_ref());
                }
            }
            turn = turn.saturating_mul(2);
        }
    }

    /// The guesses of both searches since the last [`Race::run`] began.
    pub(crate) fn guesses(&self) -> u64 {
        self.searches[..self.started]
            .iter()
            .map(|search| search.guesses())
            .sum()
    }
}
