//! The fill search step by step, in the vocabulary of [`crate::trace`]:
//! *place* (a word chosen for a slot, or forced by its crossings), a
//! *conflict* (a word that leaves some slot without candidates), *remove*
//! (un-choose), *backtrack* (a slot out of words) and *solution*.
//!
//! A crossword's choice is a word for a slot rather than a value for a
//! square, so its events carry the slot (number, direction, first square)
//! and the word; their names, step numbers, depths and [`Counters`] are
//! those of every other trace.

use std::ops::ControlFlow;

use serde::{Deserialize, Serialize};

use super::engine::Engine;
use super::grid::Direction;
use super::search::{Filler, Hooks};
use crate::trace::{Counters, TraceMode, TraceSummary};

/// A slot as events name it.
///
/// # Example
///
/// ```
/// use puzzles::crossword::{Direction, SlotRef};
///
/// let slot = SlotRef { number: 3, direction: Direction::Down, row: 0, col: 2 };
/// assert_eq!(serde_json::to_string(&slot)?, r#"{"slot":3,"direction":"down","row":0,"col":2}"#);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SlotRef {
    /// The slot's number.
    #[serde(rename = "slot")]
    pub number: usize,
    /// Across or down.
    pub direction: Direction,
    /// Row of its first square.
    pub row: usize,
    /// Column of its first square.
    pub col: usize,
}

impl std::fmt::Display for SlotRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.number, self.direction)
    }
}

/// One thing the fill search did.
///
/// # Example
///
/// ```
/// use puzzles::crossword::{Direction, FillAction, SlotRef};
///
/// let slot = SlotRef { number: 1, direction: Direction::Across, row: 0, col: 0 };
/// let action = FillAction::Place { slot, word: "CAT".into(), forced: false };
/// assert_eq!(action.name(), "place");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "lowercase")]
pub enum FillAction {
    /// Choose: `word` goes in `slot` (`forced`: the crossings left it no
    /// other word).
    Place {
        /// The slot.
        #[serde(flatten)]
        slot: SlotRef,
        /// The word.
        word: String,
        /// Whether propagation, not a choice, put it there.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        forced: bool,
    },
    /// `word` was tried in `slot`, and propagation left the slot `with`
    /// without candidates (a crossing, or a slot further on).
    Conflict {
        /// The slot.
        #[serde(flatten)]
        slot: SlotRef,
        /// The word tried.
        word: String,
        /// The slot left without candidates.
        with: SlotRef,
    },
    /// Un-choose: `word` is taken out of `slot` again.
    Remove {
        /// The slot.
        #[serde(flatten)]
        slot: SlotRef,
        /// The word.
        word: String,
        /// Whether it had been forced.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        forced: bool,
    },
    /// No word is left for `slot`: the search goes back one choice.
    Backtrack {
        /// The slot.
        #[serde(flatten)]
        slot: SlotRef,
    },
    /// A complete fill, numbered from 1, with its rows.
    Solution {
        /// The fill's number.
        index: u64,
        /// Its rows, `#` for blocks.
        grid: Vec<String>,
    },
}

impl FillAction {
    /// `place`, `conflict`, `remove`, `backtrack` or `solution`.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::crossword::FillAction;
    ///
    /// assert_eq!(FillAction::Solution { index: 1, grid: vec![] }.name(), "solution");
    /// ```
    pub fn name(&self) -> &'static str {
        match self {
            FillAction::Place { .. } => "place",
            FillAction::Conflict { .. } => "conflict",
            FillAction::Remove { .. } => "remove",
            FillAction::Backtrack { .. } => "backtrack",
            FillAction::Solution { .. } => "solution",
        }
    }
}

/// A [`FillAction`] with its step number (from 1) and depth (choices
/// standing).
///
/// # Example
///
/// ```
/// use puzzles::crossword::{FillAction, FillEvent};
///
/// let event = FillEvent { step: 9, depth: 4, action: FillAction::Solution { index: 1, grid: vec!["AB".into()] } };
/// assert_eq!(
///     serde_json::to_string(&event)?,
///     r#"{"step":9,"depth":4,"event":"solution","index":1,"grid":["AB"]}"#
/// );
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FillEvent {
    /// The event's number, from 1.
    pub step: u64,
    /// Choices standing when it happens.
    pub depth: usize,
    /// What happened.
    #[serde(flatten)]
    pub action: FillAction,
}

struct Tracing<'a, 'b> {
    filler: &'a Filler,
    mode: TraceMode,
    observer: &'b mut dyn FnMut(&FillEvent) -> ControlFlow<()>,
    step: u64,
    counters: Counters,
    stopped: bool,
}

impl Tracing<'_, '_> {
    fn slot(&self, s: usize) -> SlotRef {
        let slot = self.filler.grid().slots()[s];
        SlotRef {
            number: slot.number,
            direction: slot.direction,
            row: slot.row,
            col: slot.col,
        }
    }

    fn emit(&mut self, depth: usize, action: FillAction) -> ControlFlow<()> {
        self.step += 1;
        match action {
            FillAction::Place { .. } => self.counters.placements += 1,
            FillAction::Conflict { .. } => self.counters.conflicts += 1,
            FillAction::Remove { .. } => self.counters.removals += 1,
            FillAction::Backtrack { .. } => self.counters.backtracks += 1,
            FillAction::Solution { .. } => self.counters.solutions += 1,
        }
        let flow = (self.observer)(&FillEvent {
            step: self.step,
            depth,
            action,
        });
        if flow.is_break() {
            self.stopped = true;
        }
        flow
    }

    fn word(&self, engine: &Engine, s: usize, i: usize) -> String {
        self.filler.word_of(engine, s, i).0
    }
}

impl Hooks for Tracing<'_, '_> {
    const TRACE: bool = true;

    fn place(&mut self, engine: &Engine, s: usize, forced: bool, depth: usize) -> ControlFlow<()> {
        let (slot, word) = (self.slot(s), self.word(engine, s, engine.first(s)));
        self.emit(depth, FillAction::Place { slot, word, forced })
    }

    fn conflict(
        &mut self,
        engine: &Engine,
        s: usize,
        i: usize,
        with: usize,
        depth: usize,
    ) -> ControlFlow<()> {
        let (slot, word, with) = (self.slot(s), self.word(engine, s, i), self.slot(with));
        self.emit(depth, FillAction::Conflict { slot, word, with })
    }

    fn remove(&mut self, engine: &Engine, s: usize, forced: bool, depth: usize) -> ControlFlow<()> {
        let (slot, word) = (self.slot(s), self.word(engine, s, engine.first(s)));
        self.emit(depth, FillAction::Remove { slot, word, forced })
    }

    fn backtrack(&mut self, _: &Engine, s: usize, depth: usize) -> ControlFlow<()> {
        let slot = self.slot(s);
        self.emit(depth, FillAction::Backtrack { slot })
    }

    fn solution(&mut self, engine: &Engine, depth: usize) -> ControlFlow<()> {
        let index = self.counters.solutions + 1;
        let grid = self.filler.fill_of(engine).lines();
        self.emit(depth, FillAction::Solution { index, grid })?;
        match self.mode {
            TraceMode::FirstSolution => ControlFlow::Break(()),
            TraceMode::AllSolutions => ControlFlow::Continue(()),
        }
    }
}

impl Filler {
    /// Runs the search, handing every event to `observer` (which may stop
    /// it), to the first fill or through the whole tree. Words forced at
    /// the start (by pre-set letters and crossings alone) are placed first,
    /// at depth 0, and removed at the end.
    ///
    /// # Example
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use puzzles::crossword::{Filler, Grid, WordList};
    /// use puzzles::trace::TraceMode;
    ///
    /// let grid = Grid::parse("..\n..")?;
    /// let words = WordList::parse(&b"AB\nCD\nAC\nBD\n"[..])?;
    /// let mut names = Vec::new();
    /// let summary = Filler::new(&grid, &words)?.trace(TraceMode::FirstSolution, &mut |event| {
    ///     names.push(event.action.name());
    ///     ControlFlow::Continue(())
    /// });
    /// assert_eq!(names[0], "place");
    /// assert_eq!(names.last(), Some(&"solution"));
    /// assert_eq!(summary.counters.solutions, 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn trace(
        &self,
        mode: TraceMode,
        observer: &mut dyn FnMut(&FillEvent) -> ControlFlow<()>,
    ) -> TraceSummary {
        let mut hooks = Tracing {
            filler: self,
            mode,
            observer,
            step: 0,
            counters: Counters::default(),
            stopped: false,
        };
        let root = self.root();
        let forced: Vec<usize> = (0..root.count.len())
            .filter(|&s| root.count[s] == 1)
            .collect();
        let _ = (|| {
            if let Some(s) = self.dead() {
                let slot = hooks.slot(s);
                return hooks.emit(0, FillAction::Backtrack { slot });
            }
            for &s in &forced {
                hooks.place(root, s, true, 0)?;
            }
            self.run(&mut hooks, None, false);
            if hooks.stopped || (mode == TraceMode::FirstSolution && hooks.counters.solutions > 0) {
                return ControlFlow::Break(());
            }
            for &s in forced.iter().rev() {
                hooks.remove(root, s, true, 0)?;
            }
            ControlFlow::Continue(())
        })();
        TraceSummary {
            counters: hooks.counters,
            steps: hooks.step,
            completed: !hooks.stopped,
        }
    }
}
