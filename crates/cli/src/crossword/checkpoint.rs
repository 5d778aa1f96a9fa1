//! `puzzles crossword GRID --count --checkpoint FILE`: a count that records
//! each finished unit in FILE and passes over those an earlier run
//! recorded, so that Ctrl-C or a crash loses at most the units in progress.

use std::ops::ControlFlow;
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use puzzles::crossword::checkpoint::{CheckpointError, CountCheckpoint};
use puzzles::crossword::{Filler, Progress};

use crate::meter::Meter;

/// A count that went to its end, earlier runs' units included.
pub(super) struct Counted {
    pub(super) fills: u64,
    /// Choices tried, in every run.
    pub(super) nodes: u64,
    pub(super) units: usize,
    /// Units recorded by earlier runs.
    pub(super) resumed_units: usize,
}

/// Counts the fills of `filler`'s grid with the checkpoint at `path`,
/// showing the units counted on `meter`, stopping on `cancel` or (as if
/// interrupted) once `stop_after` units are recorded. `None` when
/// interrupted, having said so on standard error.
pub(super) fn count(
    filler: &Filler,
    path: &Path,
    stop_after: Option<u64>,
    cancel: &AtomicBool,
    meter: &Meter,
) -> anyhow::Result<Option<Counted>> {
    crate::standard_streams::refuse_as_checkpoint(path)?;
    let problem = filler.count_problem();
    let (file, done) = CountCheckpoint::open(path, &problem)?;
    let file = Mutex::new(file);
    let failure: Mutex<Option<CheckpointError>> = Mutex::new(None);
    let recorded = AtomicU64::new(0);
    let on_unit = |unit, tally| {
        let mut file = file.lock().unwrap_or_else(|e| e.into_inner());
        if let Err(err) = file.record(unit, tally) {
            failure
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .get_or_insert(err);
            return ControlFlow::Break(());
        }
        let recorded = recorded.fetch_add(1, Ordering::Relaxed) + 1;
        if stop_after.is_some_and(|stop| recorded >= stop) {
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    };
    let mut progress = |progress: &Progress| {
        if cancel.load(Ordering::Relaxed) {
            return ControlFlow::Break(());
        }
        let counted = done.len() as u64 + recorded.load(Ordering::Relaxed);
        meter.show_units(progress, counted, problem.units);
        ControlFlow::Continue(())
    };
    let run = filler.count_units(&done, &on_unit, &mut progress);
    let file = file.into_inner().unwrap_or_else(|e| e.into_inner());
    if let Some(err) = failure.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(err.into());
    }
    file.sync()?;
    let recorded = recorded.into_inner();
    let Some(units) = run.units.filter(|_| run.summary.complete) else {
        say!(
            "puzzles: interrupted: {} units of this count are recorded in {} ({} in this run); \
             run the same command again to resume",
            done.len() as u64 + recorded,
            path.display(),
            recorded
        );
        return Ok(None);
    };
    // The checkpoint's own sums fit (it refuses more); this run's may not.
    let total = |earlier: u64, now: u64| {
        earlier.checked_add(now).ok_or_else(|| {
            anyhow::anyhow!(
                "checkpoint {}: the earlier runs' units and this run's add up past {}",
                path.display(),
                u64::MAX
            )
        })
    };
    Ok(Some(Counted {
        fills: total(
            done.values().map(|tally| tally.fills).sum(),
            run.summary.fills,
        )?,
        nodes: total(
            done.values().map(|tally| tally.nodes).sum(),
            run.summary.nodes,
        )?,
        units,
        resumed_units: done.len(),
    }))
}
