//! Algorithm X over the dancing-links table: an iterative search whose whole
//! state is the table and one node per level, so it can stop after any
//! solution and resume, and a recursive twin that reports every step as a
//! trace event.

use std::ops::ControlFlow;

use super::links::Links;
use super::problem::Problem;
use crate::trace::{Action, ConflictKind, Event, TraceMode, TraceSummary, Tracer};

/// How many options a count tries between two calls of its progress
/// callback: a few milliseconds of search.
const PROGRESS_EVERY: u64 = 1 << 16;

/// How far a count has got: the solutions found and the options tried,
/// handed to the callback of [`Problem::count_with`] as the search goes
/// and returned at its end (`complete` once every solution is counted).
///
/// # Example
///
/// ```
/// use std::ops::ControlFlow;
///
/// let problem = puzzles::exact_cover::n_queens(8)?;
/// let counted = problem.count_with(u64::MAX, &mut |_| ControlFlow::Continue(()));
/// assert_eq!((counted.solutions, counted.complete), (92, true));
/// assert!(counted.options_tried > 92);
/// # Ok::<(), puzzles::exact_cover::ExactCoverError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct CountProgress {
    /// Solutions found so far.
    pub solutions: u64,
    /// Options tried so far (placed and searched below).
    pub options_tried: u64,
    /// Whether every solution is counted: not stopped, nor cut at a limit.
    pub complete: bool,
}

/// Where [`Search::advance`] picks up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Resume {
    /// Nothing searched yet.
    Start,
    /// The last call stopped at a solution; look for the next one.
    AfterSolution,
    /// The tree is exhausted.
    Done,
}

/// Knuth's Algorithm X as a resumable state machine: steps X2–X8 with the
/// chosen node of each level in `choice`. Nothing is allocated after
/// construction.
#[derive(Clone, Debug)]
pub(crate) struct Search {
    links: Links,
    /// `choice[l]`: the node of the option tried at level `l`, or the item
    /// header once the item's options are exhausted.
    choice: Vec<u32>,
    level: usize,
    resume: Resume,
    /// Options tried so far (X5 steps).
    nodes: u64,
}

impl Search {
    pub(crate) fn new(problem: &Problem) -> Search {
        Search {
            links: Links::new(problem),
            // Each level covers at least one primary item.
            choice: vec![0; problem.primary_count() + 1],
            level: 0,
            resume: Resume::Start,
            nodes: 0,
        }
    }

    /// Runs to the next solution; `true` when one was found (read it with
    /// [`Search::solution`]), `false` when the search is over.
    pub(crate) fn advance(&mut self) -> bool {
        self.advance_watched(&mut |_| ControlFlow::Continue(()))
            .unwrap_or(false)
    }

    /// [`Search::advance`], calling `watch` with the options tried so far
    /// after each one; `None` when `watch` stopped it (the search cannot go
    /// on from there).
    #[inline(always)]
    fn advance_watched(&mut self, watch: &mut impl FnMut(u64) -> ControlFlow<()>) -> Option<bool> {
        #[derive(Clone, Copy)]
        enum Step {
            /// X2: is everything covered?
            Enter,
            /// X5: try the option at `choice[level]`.
            Try,
            /// X6: undo the option at `choice[level]` and move down.
            Next,
            /// X8: leave the level.
            Leave,
        }
        let links = &mut self.links;
        let mut step = match self.resume {
            Resume::Start => Step::Enter,
            Resume::AfterSolution => Step::Leave,
            Resume::Done => return Some(false),
        };
        loop {
            match step {
                Step::Enter => {
                    if links.all_covered() {
                        self.resume = Resume::AfterSolution;
                        return Some(true);
                    }
                    let item = links.choose_item();
                    links.cover(item);
                    self.choice[self.level] = links.down(item);
                    step = Step::Try;
                }
                Step::Try => {
                    let node = self.choice[self.level];
                    if links.is_header(node) {
                        // X7: no option left for this item.
                        links.uncover(node);
                        step = Step::Leave;
                    } else {
                        links.commit(node);
                        self.level += 1;
                        self.nodes += 1;
                        if watch(self.nodes).is_break() {
                            return None;
                        }
                        step = Step::Enter;
                    }
                }
                Step::Next => {
                    let node = self.choice[self.level];
                    links.uncommit(node);
                    self.choice[self.level] = links.down(node);
                    step = Step::Try;
                }
                Step::Leave => {
                    if self.level == 0 {
                        self.resume = Resume::Done;
                        return Some(false);
                    }
                    self.level -= 1;
                    step = Step::Next;
                }
            }
        }
    }

    /// The options of the solution just found, in increasing order.
    pub(crate) fn solution(&self) -> Vec<usize> {
        let mut options: Vec<usize> = self.choice[..self.level]
            .iter()
            .map(|&node| self.links.option_of(node))
            .collect();
        options.sort_unstable();
        options
    }

    /// The number of solutions still ahead, stopping at `limit`.
    pub(crate) fn count_up_to(&mut self, limit: u64) -> u64 {
        let mut found = 0;
        while found < limit && self.advance() {
            found += 1;
        }
        found
    }

    /// [`Search::count_up_to`], calling `progress` every [`PROGRESS_EVERY`]
    /// options tried; it stops the count by breaking.
    pub(crate) fn count_watched(
        &mut self,
        limit: u64,
        progress: &mut dyn FnMut(&CountProgress) -> ControlFlow<()>,
    ) -> CountProgress {
        let mut found = 0;
        let mut stopped = false;
        while found < limit {
            let mut watch = |nodes: u64| {
                if !nodes.is_multiple_of(PROGRESS_EVERY) {
                    return ControlFlow::Continue(());
                }
                progress(&CountProgress {
                    solutions: found,
                    options_tried: nodes,
                    complete: false,
                })
            };
            match self.advance_watched(&mut watch) {
                Some(true) => found += 1,
                Some(false) => break,
                None => {
                    stopped = true;
                    break;
                }
            }
        }
        CountProgress {
            solutions: found,
            options_tried: self.nodes,
            complete: !stopped && found < limit,
        }
    }
}

/// The solutions of a [`Problem`], found lazily one at a time. Each solution
/// is the list of its options' indices in increasing order. Made by
/// [`Problem::solutions`].
///
/// The search allocates its table once, when the iterator is made, and then
/// only the vector of each solution it yields.
///
/// # Example
///
/// ```
/// use puzzles::exact_cover::Problem;
///
/// let mut problem = Problem::new(2, 0)?;
/// problem.add_option([0])?;
/// problem.add_option([1])?;
/// problem.add_option([0, 1])?;
/// let solutions: Vec<_> = problem.solutions().collect();
/// assert_eq!(solutions, [vec![0, 1], vec![2]]);
/// # Ok::<(), puzzles::exact_cover::ExactCoverError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Solutions {
    search: Search,
}

impl Solutions {
    pub(crate) fn new(problem: &Problem) -> Solutions {
        Solutions {
            search: Search::new(problem),
        }
    }
}

impl Iterator for Solutions {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        self.search.advance().then(|| self.search.solution())
    }
}

impl std::iter::FusedIterator for Solutions {}

/// Why a traced search stopped before exhausting the tree.
enum Stop {
    /// The observer asked to stop.
    Observer,
    /// First-solution mode found its solution.
    Found,
}

/// What the traced search needs besides the table.
struct TraceState<'a, F> {
    problem: &'a Problem,
    /// The options through each item, in increasing order.
    options_of_item: Vec<Vec<usize>>,
    /// `covered_at[item]`: the level whose option covers the item, if any.
    covered_at: Vec<Option<usize>>,
    /// The `(item, option)` chosen at each level.
    chosen: Vec<(usize, usize)>,
    mode: TraceMode,
    tracer: Tracer<F>,
}

/// Runs Algorithm X event by event. At each level the item chosen (fewest
/// options left) is `row` and each option through it, in increasing order, is
/// `col`: an option still available is placed and searched below, one
/// knocked out by an earlier choice is a conflict naming the earliest level's
/// `(item, option)` it shares an item with.
pub(crate) fn trace<F>(problem: &Problem, mode: TraceMode, observer: F) -> TraceSummary
where
    F: FnMut(&Event) -> ControlFlow<()>,
{
    let mut options_of_item = vec![Vec::new(); problem.item_count()];
    for (index, option) in problem.options().enumerate() {
        for &item in option {
            options_of_item[item].push(index);
        }
    }
    let mut state = TraceState {
        problem,
        options_of_item,
        covered_at: vec![None; problem.item_count()],
        chosen: Vec::with_capacity(problem.primary_count()),
        mode,
        tracer: Tracer::new(observer),
    };
    let mut links = Links::new(problem);
    let outcome = trace_level(&mut links, &mut state);
    TraceSummary {
        counters: state.tracer.counters(),
        steps: state.tracer.steps(),
        completed: !matches!(outcome, ControlFlow::Break(Stop::Observer)),
    }
}

fn trace_level<F>(links: &mut Links, state: &mut TraceState<'_, F>) -> ControlFlow<Stop>
where
    F: FnMut(&Event) -> ControlFlow<()>,
{
    let level = state.chosen.len();
    if links.all_covered() {
        let index = state.tracer.counters().solutions + 1;
        emit(state, level, Action::Solution { index })?;
        return match state.mode {
            TraceMode::FirstSolution => ControlFlow::Break(Stop::Found),
            TraceMode::AllSolutions => ControlFlow::Continue(()),
        };
    }
    let header = links.choose_item();
    let item = header as usize - 1;
    links.cover(header);
    // The live options of the column are a subsequence, in the same order,
    // of every option through the item.
    let mut live = links.down(header);
    for index in 0..state.options_of_item[item].len() {
        let option = state.options_of_item[item][index];
        if !links.is_header(live) && links.option_of(live) == option {
            emit(
                state,
                level,
                Action::Place {
                    row: item,
                    col: option,
                    value: None,
                    forced: false,
                },
            )?;
            links.commit(live);
            for &covered in state.problem.option(option) {
                state.covered_at[covered] = Some(level);
            }
            state.chosen.push((item, option));
            let below = trace_level(links, state);
            state.chosen.pop();
            for &covered in state.problem.option(option) {
                state.covered_at[covered] = None;
            }
            links.uncommit(live);
            below?;
            emit(
                state,
                level,
                Action::Remove {
                    row: item,
                    col: option,
                    value: None,
                    forced: false,
                },
            )?;
            live = links.down(live);
        } else {
            let culprit = state
                .problem
                .option(option)
                .iter()
                .filter_map(|&other| state.covered_at[other])
                .min()
                .expect("an option leaves its column only when an earlier choice covers one of its items");
            emit(
                state,
                level,
                Action::Conflict {
                    row: item,
                    col: option,
                    value: None,
                    with: state.chosen[culprit],
                    kind: ConflictKind::Item,
                },
            )?;
        }
    }
    links.uncover(header);
    emit(state, level, Action::Backtrack { row: item })
}

fn emit<F>(state: &mut TraceState<'_, F>, depth: usize, action: Action) -> ControlFlow<Stop>
where
    F: FnMut(&Event) -> ControlFlow<()>,
{
    state
        .tracer
        .emit(depth, action)
        .map_break(|()| Stop::Observer)
}
