//! A count cut into units (the bottom rows of a grid without blocks, the
//! words of the first slot of another, each paired with the words of the
//! next slot when the first has few): each finished unit can be reported,
//! and units finished in an earlier run passed over
//! ([`Filler::count_units`]), so that a long count can be checkpointed and
//! resumed.

use std::collections::BTreeMap;
use std::ops::ControlFlow;

use super::checkpoint::{CountProblem, UnitTally};
use super::filler::Filler;
use super::shared::{OnUnit, Resume};
use super::square::Goal;
use super::summary::{FillSummary, Progress};
use super::threads::{counted_on, slot_units};

/// What [`Filler::count_units`] counted.
///
/// # Example
///
/// ```
/// use std::collections::BTreeMap;
/// use std::ops::ControlFlow;
/// use puzzles::crossword::{Filler, Grid, WordList};
///
/// let filler = Filler::new(&Grid::parse("..\n..")?, &WordList::parse(&b"AB\nCD\nAC\nBD\n"[..])?)?;
/// let run = filler.count_units(&BTreeMap::new(), &|_, _| ControlFlow::Continue(()), &mut |_| {
///     ControlFlow::Continue(())
/// });
/// assert_eq!((run.summary.fills, run.units), (2, Some(2)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct UnitsSummary {
    /// The fills and choices of the units this run finished or began, and
    /// whether it searched every unit an earlier run had not finished.
    pub summary: FillSummary,
    /// How many units the count has, once a complete run knows it.
    pub units: Option<usize>,
}

impl Filler {
    /// What a count's units refer to, for its checkpoint: the unit scheme,
    /// a fingerprint of the grid, the words of its slots' lengths (with
    /// their scores, in the order they are tried) and the seed, and how many
    /// units there are.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::crossword::{FillOptions, Filler, Grid, WordList};
    ///
    /// let grid = Grid::parse("...\n...\n...")?;
    /// let words = WordList::english();
    /// let mut seeded = FillOptions::default();
    /// seeded.seed = Some(1);
    /// let plain = Filler::new(&grid, &words)?.count_problem();
    /// assert_eq!(plain, Filler::new(&grid, &words)?.count_problem());
    /// assert_ne!(plain, Filler::with_options(&grid, &words, seeded)?.count_problem());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count_problem(&self) -> CountProblem {
        let scheme = if self.square.is_some() {
            "square-rows-1"
        } else {
            "slot-words-1"
        };
        let units = if self.proved_empty() {
            0
        } else if let Some(square) = &self.square {
            square.unit_count()
        } else {
            // A grid the propagation decided is one unit.
            slot_units(self.root()).map_or(1, |(_, _, units)| units.len())
        };
        CountProblem {
            scheme: scheme.to_string(),
            fingerprint: format!("{:016x}", self.fingerprint),
            units,
        }
    }

    /// Counts every fill, unit by unit on [`FillOptions::threads`](super::FillOptions::threads)
    /// threads, passing over the units in `done` (finished by an earlier
    /// run of the same [`Filler::count_problem`]) and calling `finished`
    /// (from the counting threads) with each unit this run finishes and
    /// its tally; `finished` or `progress` stop the count with
    /// [`ControlFlow::Break`]. A unit the count was stopped in is not
    /// reported: its fills are in [`UnitsSummary::summary`] but belong to no
    /// finished unit. The whole count is the fills of `done` and of this
    /// run's summary, when it is complete.
    ///
    /// # Example
    ///
    /// ```
    /// use std::collections::BTreeMap;
    /// use std::ops::ControlFlow;
    /// use std::sync::Mutex;
    /// use puzzles::crossword::{Filler, Grid, WordList};
    ///
    /// let grid = Grid::parse("...\n...")?;
    /// let filler = Filler::new(&grid, &WordList::english())?;
    /// let whole = filler.count(None);
    ///
    /// // The first run stops after two units; the second does the rest.
    /// let done = Mutex::new(BTreeMap::new());
    /// let record = |unit, tally| {
    ///     let mut done = done.lock().unwrap();
    ///     done.insert(unit, tally);
    ///     if done.len() == 2 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    /// };
    /// let first = filler.count_units(&BTreeMap::new(), &record, &mut |_| ControlFlow::Continue(()));
    /// assert!(!first.summary.complete);
    /// let done = done.into_inner().unwrap();
    /// let rest = filler.count_units(&done, &|_, _| ControlFlow::Continue(()), &mut |_| ControlFlow::Continue(()));
    /// assert!(rest.summary.complete);
    /// assert_eq!(done.values().map(|t| t.fills).sum::<u64>() + rest.summary.fills, whole);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count_units(
        &self,
        done: &BTreeMap<usize, UnitTally>,
        finished: &OnUnit<'_>,
        progress: &mut dyn FnMut(&Progress) -> ControlFlow<()>,
    ) -> UnitsSummary {
        let resume = Some(Resume { done, finished });
        if self.proved_empty() {
            return UnitsSummary {
                summary: FillSummary {
                    complete: true,
                    ..FillSummary::default()
                },
                units: Some(0),
            };
        }
        if let Some(square) = &self.square {
            let slots = self.grid().slots().len();
            let parallel = square.search_on(
                self.threads,
                Goal::Count(None),
                resume,
                &mut |nodes, fills, rows| {
                    progress(&Progress {
                        nodes,
                        fills,
                        decided: rows,
                        slots,
                    })
                },
            );
            return UnitsSummary {
                summary: FillSummary {
                    fills: parallel.fills,
                    nodes: parallel.nodes,
                    complete: parallel.complete,
                },
                units: parallel.units,
            };
        }
        match counted_on(self.threads, self.root(), None, resume, progress) {
            Some((summary, units)) => UnitsSummary {
                units: summary.complete.then_some(units),
                summary,
            },
            // The propagation decided every slot: one unit, the grid.
            None if done.contains_key(&0) => UnitsSummary {
                summary: FillSummary {
                    complete: true,
                    ..FillSummary::default()
                },
                units: Some(1),
            },
            None => {
                let summary = self.count_with(None, progress);
                if summary.complete {
                    let tally = UnitTally {
                        fills: summary.fills,
                        nodes: summary.nodes,
                    };
                    // Nothing is left to stop.
                    let _ = finished(0, tally);
                }
                UnitsSummary {
                    summary,
                    units: summary.complete.then_some(1),
                }
            }
        }
    }
}
