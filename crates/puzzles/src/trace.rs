//! The event vocabulary of a backtracking search: what `--trace` prints, what
//! `--trace --format json` writes as JSON lines, and what the web page replays.
//!
//! Every search in this crate that can be traced reports the same five kinds of
//! [`Action`] — *choose* ([`Action::Place`]), *a clash* ([`Action::Conflict`]),
//! *un-choose* ([`Action::Remove`]), *a dead end* ([`Action::Backtrack`]) and
//! *a complete answer* ([`Action::Solution`]) — wrapped in an [`Event`] that
//! carries the step number and the depth of the search.  [`Counters`] tallies
//! them, keeping placements, conflicts, backtracks and solutions apart.
//!
//! Each event says only what changed, so a viewer rebuilds the board at step
//! `k` by replaying events `1..=k`.
//!
//! # Example
//!
//! ```
//! use puzzles::trace::{Action, ConflictKind, Event};
//!
//! let event = Event {
//!     step: 2,
//!     depth: 1,
//!     action: Action::Conflict {
//!         row: 1,
//!         col: 0,
//!         value: None,
//!         with: (0, 0),
//!         kind: ConflictKind::Column,
//!     },
//! };
//! assert_eq!(
//!     serde_json::to_string(&event).unwrap(),
//!     r#"{"step":2,"depth":1,"event":"conflict","row":1,"col":0,"with":[0,0],"kind":"column"}"#
//! );
//! ```

use std::ops::ControlFlow;

use serde::{Deserialize, Serialize};

/// Why a tried square (or value) cannot be used: which rule the earlier choice
/// it clashes with enforces.
///
/// # Example
///
/// ```
/// use puzzles::trace::ConflictKind;
///
/// assert_eq!(ConflictKind::Diagonal.as_str(), "diagonal");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum ConflictKind {
    /// Both pieces stand in the same column.
    Column,
    /// Both pieces stand on the same diagonal or anti-diagonal.
    Diagonal,
    /// The pieces are a knight's move apart (superqueens).
    Knight,
    /// The pieces touch, orthogonally or diagonally (kings).
    Adjacent,
    /// The same value already stands in this row (Sudoku).
    Row,
    /// The same value already stands in this box (Sudoku).
    Box,
    /// Both options would cover the same item (exact cover).
    Item,
}

impl ConflictKind {
    /// The lower-case name used in text traces and JSON.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::trace::ConflictKind;
    ///
    /// assert_eq!(ConflictKind::Column.as_str(), "column");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            ConflictKind::Column => "column",
            ConflictKind::Diagonal => "diagonal",
            ConflictKind::Knight => "knight",
            ConflictKind::Adjacent => "adjacent",
            ConflictKind::Row => "row",
            ConflictKind::Box => "box",
            ConflictKind::Item => "item",
        }
    }
}

impl std::fmt::Display for ConflictKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One thing a backtracking search did.
///
/// `row` and `col` locate the square; `value` is set only by puzzles that put
/// different values on a square (Sudoku digits) and is left out of JSON when
/// absent. `forced` marks a placement the rules left no choice about (a
/// Sudoku digit that propagation placed, not a guess), and its removal; it
/// is left out of JSON when false.
///
/// # Example
///
/// ```
/// use puzzles::trace::Action;
///
/// let place = Action::Place { row: 0, col: 1, value: None, forced: false };
/// assert_eq!(place.name(), "place");
/// let forced = Action::Place { row: 4, col: 4, value: Some(5), forced: true };
/// assert_eq!(
///     serde_json::to_string(&forced).unwrap(),
///     r#"{"event":"place","row":4,"col":4,"value":5,"forced":true}"#
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "lowercase")]
pub enum Action {
    /// Choose: a piece (or value) is put on `(row, col)`.
    Place {
        /// Row of the square.
        row: usize,
        /// Column of the square.
        col: usize,
        /// The value placed, for puzzles with values (Sudoku).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        value: Option<u32>,
        /// Whether the rules forced it rather than the search choosing it.
        #[serde(default, skip_serializing_if = "is_false")]
        forced: bool,
    },
    /// A tried square (or value) clashes with the earlier choice at `with`.
    Conflict {
        /// Row of the tried square.
        row: usize,
        /// Column of the tried square.
        col: usize,
        /// The value tried, for puzzles with values (Sudoku).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        value: Option<u32>,
        /// The `(row, col)` of the earlier choice it clashes with.
        with: (usize, usize),
        /// Which rule the clash breaks.
        kind: ConflictKind,
    },
    /// Un-choose: the piece (or value) on `(row, col)` is taken away again.
    Remove {
        /// Row of the square.
        row: usize,
        /// Column of the square.
        col: usize,
        /// The value removed, for puzzles with values (Sudoku).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        value: Option<u32>,
        /// Whether its placement had been forced.
        #[serde(default, skip_serializing_if = "is_false")]
        forced: bool,
    },
    /// No choice is left in `row`: the search returns to the previous depth.
    Backtrack {
        /// The row (or decision point) that ran out of choices.
        row: usize,
    },
    /// A complete solution; `index` counts solutions from 1.
    Solution {
        /// The solution's number, from 1.
        index: u64,
    },
}

fn is_false(value: &bool) -> bool {
    !*value
}

impl Action {
    /// The event's name as printed in traces: `place`, `conflict`, `remove`,
    /// `backtrack` or `solution`.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::trace::Action;
    ///
    /// assert_eq!(Action::Backtrack { row: 3 }.name(), "backtrack");
    /// ```
    pub fn name(&self) -> &'static str {
        match self {
            Action::Place { .. } => "place",
            Action::Conflict { .. } => "conflict",
            Action::Remove { .. } => "remove",
            Action::Backtrack { .. } => "backtrack",
            Action::Solution { .. } => "solution",
        }
    }
}

/// An [`Action`] with its place in the search: `step` numbers events from 1,
/// and `depth` is how many choices stand when it happens (for N-Queens, the
/// row being worked on; `n` for a solution).
///
/// # Example
///
/// ```
/// use puzzles::trace::{Action, Event};
///
/// let event: Event =
///     serde_json::from_str(r#"{"step":1,"depth":0,"event":"place","row":0,"col":0}"#).unwrap();
/// assert_eq!(event.action, Action::Place { row: 0, col: 0, value: None, forced: false });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Event {
    /// The event's number, from 1.
    pub step: u64,
    /// How deep the search is when the event happens.
    pub depth: usize,
    /// What happened.
    #[serde(flatten)]
    pub action: Action,
}

/// Tallies of a traced search, each kind of event kept apart.
///
/// # Example
///
/// ```
/// use puzzles::trace::{Action, Counters};
///
/// let mut counters = Counters::default();
/// counters.record(&Action::Place { row: 0, col: 0, value: None, forced: false });
/// counters.record(&Action::Backtrack { row: 1 });
/// assert_eq!((counters.placements, counters.backtracks), (1, 1));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Counters {
    /// Pieces (or values) put on the board.
    pub placements: u64,
    /// Tried squares rejected because of a clash.
    pub conflicts: u64,
    /// Pieces taken off again.
    pub removals: u64,
    /// Rows (decision points) that ran out of choices.
    pub backtracks: u64,
    /// Complete solutions found.
    pub solutions: u64,
}

impl Counters {
    /// Counts one action.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::trace::{Action, Counters};
    ///
    /// let mut counters = Counters::default();
    /// counters.record(&Action::Solution { index: 1 });
    /// assert_eq!(counters.solutions, 1);
    /// ```
    pub fn record(&mut self, action: &Action) {
        match action {
            Action::Place { .. } => self.placements += 1,
            Action::Conflict { .. } => self.conflicts += 1,
            Action::Remove { .. } => self.removals += 1,
            Action::Backtrack { .. } => self.backtracks += 1,
            Action::Solution { .. } => self.solutions += 1,
        }
    }
}

/// How much of the search a trace should cover.
///
/// # Example
///
/// ```
/// use puzzles::trace::TraceMode;
///
/// assert_eq!(TraceMode::default(), TraceMode::AllSolutions);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TraceMode {
    /// Stop at the first solution.
    FirstSolution,
    /// Search the whole tree.
    #[default]
    AllSolutions,
}

/// Numbers events, keeps the [`Counters`] and hands each [`Event`] to the
/// caller's observer; searches use it so that every trace agrees on step
/// numbers and tallies.
///
/// The observer returns [`ControlFlow::Break`] to stop the search early (a
/// viewer that caps the length of a trace, say); [`Tracer::emit`] passes that
/// on to the search.
///
/// # Example
///
/// ```
/// use std::ops::ControlFlow;
/// use puzzles::trace::{Action, Tracer};
///
/// let mut seen = Vec::new();
/// let mut tracer = Tracer::new(|event: &puzzles::trace::Event| {
///     seen.push(event.step);
///     ControlFlow::Continue(())
/// });
/// let _ = tracer.emit(0, Action::Place { row: 0, col: 0, value: None, forced: false });
/// let _ = tracer.emit(1, Action::Backtrack { row: 1 });
/// assert_eq!(tracer.counters().placements, 1);
/// drop(tracer);
/// assert_eq!(seen, [1, 2]);
/// ```
pub struct Tracer<F> {
    observer: F,
    step: u64,
    counters: Counters,
}

impl<F: FnMut(&Event) -> ControlFlow<()>> Tracer<F> {
    /// A tracer that hands every event to `observer`.
    ///
    /// # Example
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use puzzles::trace::Tracer;
    ///
    /// let tracer = Tracer::new(|_: &puzzles::trace::Event| ControlFlow::Continue(()));
    /// assert_eq!(tracer.counters().solutions, 0);
    /// ```
    pub fn new(observer: F) -> Self {
        Tracer {
            observer,
            step: 0,
            counters: Counters::default(),
        }
    }

    /// Numbers `action`, counts it and hands it to the observer.
    ///
    /// # Errors
    ///
    /// Returns [`ControlFlow::Break`] when the observer asks the search to
    /// stop.
    ///
    /// # Example
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use puzzles::trace::{Action, Tracer};
    ///
    /// let mut tracer = Tracer::new(|_: &puzzles::trace::Event| ControlFlow::Break(()));
    /// assert!(tracer.emit(0, Action::Backtrack { row: 0 }).is_break());
    /// ```
    pub fn emit(&mut self, depth: usize, action: Action) -> ControlFlow<()> {
        self.step += 1;
        self.counters.record(&action);
        (self.observer)(&Event {
            step: self.step,
            depth,
            action,
        })
    }

    /// The tallies so far.
    ///
    /// # Example
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use puzzles::trace::Tracer;
    ///
    /// let tracer = Tracer::new(|_: &puzzles::trace::Event| ControlFlow::Continue(()));
    /// assert_eq!(tracer.counters(), puzzles::trace::Counters::default());
    /// ```
    pub fn counters(&self) -> Counters {
        self.counters
    }

    /// How many events have been emitted.
    ///
    /// # Example
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use puzzles::trace::Tracer;
    ///
    /// let tracer = Tracer::new(|_: &puzzles::trace::Event| ControlFlow::Continue(()));
    /// assert_eq!(tracer.steps(), 0);
    /// ```
    pub fn steps(&self) -> u64 {
        self.step
    }
}

/// The outcome of a traced search: its tallies and whether it ran to the end.
///
/// # Example
///
/// ```
/// use puzzles::trace::{Counters, TraceSummary};
///
/// let summary = TraceSummary { counters: Counters::default(), steps: 0, completed: true };
/// assert!(summary.completed);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TraceSummary {
    /// The tallies of every event emitted.
    pub counters: Counters,
    /// How many events were emitted.
    pub steps: u64,
    /// `false` when the observer stopped the search early.
    pub completed: bool,
}
