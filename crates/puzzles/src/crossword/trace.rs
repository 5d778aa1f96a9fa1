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
use super::filler::Filler;
use super::grid::Direction;
use super::search::Hooks;
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

/// Who is told of each event: with each slot's candidate count after it,
/// or without.
enum Observer<'b> {
    Events(&'b mut dyn FnMut(&FillEvent) -> ControlFlow<()>),
    WithCandidates {
        observer: &'b mut dyn FnMut(&FillEvent, &[u32]) -> ControlFlow<()>,
        /// The counts after the last event.
        last: Vec<u32>,
        /// The counts before each choice standing: taking the choice back
        /// returns to them, while the engine still holds the state the
        /// choice left until the search undoes it.
        before: Vec<Vec<u32>>,
    },
}

struct Tracing<'a, 'b> {
    filler: &'a Filler,
    mode: TraceMode,
    observer: Observer<'b>,
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

    /// Tells the observer of `action`; `engine` is the search state as
    /// it stands when the action is reported.
    fn emit(&mut self, engine: &Engine, depth: usize, action: FillAction) -> ControlFlow<()> {
        self.step += 1;
        match action {
            FillAction::Place { .. } => self.counters.placements += 1,
            FillAction::Conflict { .. } => self.counters.conflicts += 1,
            FillAction::Remove { .. } => self.counters.removals += 1,
            FillAction::Backtrack { .. } => self.counters.backtracks += 1,
            FillAction::Solution { .. } => self.counters.solutions += 1,
        }
        let event = FillEvent {
            step: self.step,
            depth,
            action,
        };
        let flow = match &mut self.observer {
            Observer::Events(observer) => observer(&event),
            Observer::WithCandidates {
                observer,
                last,
                before,
            } => {
                match event.action {
                    FillAction::Place { forced: false, .. } => {
                        before.push(last.clone());
                        last.clone_from(&engine.count);
                    }
                    FillAction::Remove { forced: false, .. } => {
                        if let Some(counts) = before.pop() {
                            *last = counts;
                        }
                    }
                    _ => last.clone_from(&engine.count),
                }
                observer(&event, last)
            }
        };
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
        self.emit(engine, depth, FillAction::Place { slot, word, forced })
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
        self.emit(engine, depth, FillAction::Conflict { slot, word, with })
    }

    fn remove(&mut self, engine: &Engine, s: usize, forced: bool, depth: usize) -> ControlFlow<()> {
        let (slot, word) = (self.slot(s), self.word(engine, s, engine.first(s)));
        self.emit(engine, depth, FillAction::Remove { slot, word, forced })
    }

    fn backtrack(&mut self, engine: &Engine, s: usize, depth: usize) -> ControlFlow<()> {
        let slot = self.slot(s);
        self.emit(engine, depth, FillAction::Backtrack { slot })
    }

    fn solution(&mut self, engine: &Engine, depth: usize, _: u64) -> ControlFlow<()> {
        let index = self.counters.solutions + 1;
        let grid = self.filler.fill_of(engine).lines();
        self.emit(engine, depth, FillAction::Solution { index, grid })?;
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
        self.trace_to(mode, Observer::Events(observer))
    }

    /// [`Filler::trace`], handing the observer with each event the number
    /// of candidate words each slot has left after it, in
    /// [`Grid::slots`](super::Grid::slots) order: a placed word propagated
    /// across its crossings, a conflict leaving them as they were, taking a
    /// choice back restoring them. Before the first event they are
    /// [`Filler::candidate_counts`].
    ///
    /// # Example
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use puzzles::crossword::{Filler, Grid, WordList};
    /// use puzzles::trace::TraceMode;
    ///
    /// let grid = Grid::parse("..\n..")?;
    /// let words = WordList::parse(&b"AB\nCD\nAC\nBD\nAD\n"[..])?;
    /// let filler = Filler::new(&grid, &words)?;
    /// // The crossings leave AD no slot: D starts no word. Two words each.
    /// assert_eq!(filler.candidate_counts(), [2, 2, 2, 2]);
    /// let mut seen = Vec::new();
    /// filler.trace_with_candidates(TraceMode::FirstSolution, &mut |event, counts| {
    ///     seen.push((event.action.name(), counts.to_vec()));
    ///     ControlFlow::Continue(())
    /// });
    /// // The first word placed leaves every slot one word.
    /// assert_eq!(seen[0], ("place", vec![1, 1, 1, 1]));
    /// assert_eq!(seen.last().unwrap().0, "solution");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn trace_with_candidates(
        &self,
        mode: TraceMode,
        observer: &mut dyn FnMut(&FillEvent, &[u32]) -> ControlFlow<()>,
    ) -> TraceSummary {
        self.trace_to(
            mode,
            Observer::WithCandidates {
                observer,
                last: self.candidate_counts(),
                before: Vec::new(),
            },
        )
    }

    /// Each slot's number of candidate words before the first choice (the
    /// pre-set letters and the crossings propagated), in
    /// [`Grid::slots`](super::Grid::slots) order.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::crossword::{Filler, Grid, WordList};
    ///
    /// let grid = Grid::parse("C.\n..")?;
    /// let words = WordList::parse(&b"CA\nCO\nAT\nOX\nTO\n"[..])?;
    /// assert_eq!(Filler::new(&grid, &words)?.candidate_counts().len(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn candidate_counts(&self) -> Vec<u32> {
        self.root().count.clone()
    }

    fn trace_to(&self, mode: TraceMode, observer: Observer<'_>) -> TraceSummary {
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
                return hooks.emit(root, 0, FillAction::Backtrack { slot });
            }
            for &s in &forced {
                hooks.place(root, s, true, 0)?;
            }
            self.run(&mut hooks, None, false, None);
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

#[cfg(test)]
mod tests {
    use std::ops::ControlFlow;

    use super::super::{Grid, WordList};
    use super::*;

    /// The candidate counts against what they must be: the events are
    /// those of [`Filler::trace`]; a slot just given a word has one
    /// candidate, and no slot has more than the words of the list that fit
    /// the letters standing; a conflict changes nothing; taking a choice
    /// back restores the counts from before it; a fill leaves one word per
    /// slot.
    #[test]
    fn candidate_counts_follow_the_search() {
        let english = WordList::english();
        let mut by_length: Vec<Vec<&str>> = vec![Vec::new(); 6];
        for (word, _) in english.iter().filter(|(word, _)| word.len() < 6) {
            by_length[word.len()].push(word);
        }
        for (text, mode) in [
            ("Z...\n....\n....\n....", TraceMode::FirstSolution),
            (
                "..Z..\n.....\n.....\n....Y\n.....",
                TraceMode::FirstSolution,
            ),
            ("..\n..", TraceMode::AllSolutions),
            ("#...\nCAT.\n....\n...#", TraceMode::AllSolutions),
        ] {
            let grid = Grid::parse(text).unwrap();
            let filler = Filler::new(&grid, &english).unwrap();
            let mut plain = Vec::new();
            filler.trace(mode, &mut |event| {
                plain.push(event.clone());
                ControlFlow::Continue(())
            });
            let mut counted = Vec::new();
            filler.trace_with_candidates(mode, &mut |event, counts| {
                counted.push((event.clone(), counts.to_vec()));
                ControlFlow::Continue(())
            });
            let events: Vec<FillEvent> = counted.iter().map(|(event, _)| event.clone()).collect();
            assert_eq!(events, plain, "{text}");
            let slots = grid.slots();
            let mut letters: Vec<Option<u8>> = (0..grid.rows() * grid.cols())
                .map(|at| match grid.cell(at / grid.cols(), at % grid.cols()) {
                    super::super::Cell::Letter(letter) => Some(letter),
                    _ => None,
                })
                .collect();
            let mut previous = filler.candidate_counts();
            let mut before: Vec<Vec<u32>> = Vec::new();
            let mut written: Vec<Vec<(usize, Option<u8>)>> = Vec::new();
            let index_of = |slot: &SlotRef| {
                slots
                    .iter()
                    .position(|s| (s.number, s.direction) == (slot.number, slot.direction))
                    .unwrap()
            };
            for (event, counts) in &counted {
                assert_eq!(counts.len(), slots.len());
                match &event.action {
                    FillAction::Place { slot, word, forced } => {
                        let s = index_of(slot);
                        assert_eq!(counts[s], 1, "{text}: {event:?}");
                        if !forced {
                            before.push(previous.clone());
                        }
                        let mut old = Vec::new();
                        for (p, letter) in word.bytes().enumerate() {
                            let (row, col) = slots[s].square(p);
                            old.push((row * grid.cols() + col, letters[row * grid.cols() + col]));
                            letters[row * grid.cols() + col] = Some(letter);
                        }
                        written.push(old);
                        for (t, slot) in slots.iter().enumerate() {
                            let fitting = by_length[slot.len]
                                .iter()
                                .filter(|word| {
                                    word.bytes().enumerate().all(|(p, b)| {
                                        let (row, col) = slot.square(p);
                                        letters[row * grid.cols() + col].is_none_or(|l| l == b)
                                    })
                                })
                                .count();
                            assert!(counts[t] as usize <= fitting, "{text}: {event:?}");
                        }
                    }
                    FillAction::Remove { forced, .. } => {
                        for (at, letter) in written.pop().unwrap().into_iter().rev() {
                            letters[at] = letter;
                        }
                        if !forced {
                            assert_eq!(counts, &before.pop().unwrap(), "{text}: {event:?}");
                        }
                    }
                    FillAction::Conflict { .. } => assert_eq!(counts, &previous),
                    FillAction::Solution { .. } => assert!(counts.iter().all(|&c| c == 1)),
                    FillAction::Backtrack { .. } => {}
                }
                previous = counts.clone();
            }
        }
    }
}
