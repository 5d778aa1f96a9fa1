//! Running a traced fill for the page: the library's own events, each with
//! the candidate counts it changed, capped in number and in bytes.

use std::ops::ControlFlow;

use puzzles::crossword::{Direction, FillAction, FillEvent, Filler};
use puzzles::trace::{Counters, TraceMode, TraceSummary};
use serde::Serialize;

use super::request::{CrosswordRequest, english};
use crate::bounds::{MAX_CROSSWORD_BYTES, grouped, json_len};

/// What `/api/trace?puzzle=crossword…` answers: the grid and its slots,
/// each slot's candidate count before the search, the events of `puzzles
/// crossword GRID --trace --format json` in order, each with the counts it
/// changed, and the closing summary of that command.
///
/// When the search would emit more than `limit` events (the request's
/// `steps`, at most [`MAX_EVENTS`](crate::bounds::MAX_EVENTS)), or its
/// events more than [`MAX_CROSSWORD_BYTES`] of JSON, it is stopped there:
/// `truncated` says so, `events` holds the faithful start of the search,
/// the counters count exactly those, and `message` says what to do instead.
///
/// # Example
///
/// ```
/// use puzzles::trace::TraceMode;
/// use puzzles_web::crossword::{CrosswordRequest, run};
///
/// let request = CrosswordRequest::from_params(|name| (name == "example").then_some("open-5x5"))?;
/// let reply = run(&request, TraceMode::FirstSolution, 1000);
/// assert_eq!((reply.rows, reply.cols, reply.slots.len()), (5, 5, 10));
/// assert_eq!(reply.summary.counters.solutions, 1);
/// assert!(!reply.truncated);
/// # Ok::<(), puzzles_web::crossword::CrosswordError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CrosswordReply {
    /// `crossword`: the page picks its renderer by this field.
    pub puzzle: &'static str,
    /// Rows of the grid.
    pub rows: usize,
    /// Columns of the grid.
    pub cols: usize,
    /// The grid as it was given, a string per row: `#` a block, `.` an
    /// empty square, `A`–`Z` a pre-set letter.
    pub lines: Vec<String>,
    /// Its slots, in the order the candidate counts follow.
    pub slots: Vec<SlotInfo>,
    /// The word list's name.
    pub words: &'static str,
    /// How many words it holds.
    pub word_count: usize,
    /// Each slot's number of candidate words before the first event (the
    /// pre-set letters and crossings propagated).
    pub candidates: Vec<u32>,
    /// `first` or `all`.
    pub mode: &'static str,
    /// The events, step 1 first.
    pub events: Vec<CrosswordStep>,
    /// The tallies of `events`, how many there are and whether the search
    /// ran to its end.
    pub summary: TraceSummary,
    /// Whether the search was stopped at a cap.
    pub truncated: bool,
    /// The cap on events that applied.
    pub limit: usize,
    /// For a truncated trace, what to do instead.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

/// A slot as the page draws it.
///
/// # Example
///
/// ```
/// use puzzles::crossword::Direction;
/// use puzzles_web::crossword::SlotInfo;
///
/// let slot = SlotInfo { number: 1, direction: Direction::Down, row: 0, col: 0, len: 5 };
/// assert_eq!(
///     serde_json::to_string(&slot).unwrap(),
///     r#"{"number":1,"direction":"down","row":0,"col":0,"len":5}"#
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SlotInfo {
    /// Its number.
    pub number: usize,
    /// Across or down.
    pub direction: Direction,
    /// Row of its first square, from 0.
    pub row: usize,
    /// Column of its first square, from 0.
    pub col: usize,
    /// Its number of squares.
    pub len: usize,
}

/// One event of the fill, with the candidate counts it changed.
///
/// # Example
///
/// ```
/// use puzzles::crossword::{FillAction, FillEvent};
/// use puzzles_web::crossword::CrosswordStep;
///
/// let event = FillEvent { step: 2, depth: 1, action: FillAction::Solution { index: 1, grid: vec!["GO".into()] } };
/// let step = CrosswordStep { event, candidates: vec![(0, 1)] };
/// assert_eq!(
///     serde_json::to_string(&step).unwrap(),
///     r#"{"step":2,"depth":1,"event":"solution","index":1,"grid":["GO"],"candidates":[[0,1]]}"#
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CrosswordStep {
    /// The library's event.
    #[serde(flatten)]
    pub event: FillEvent,
    /// `(slot index, count)` for each slot whose number of candidate words
    /// this event changed (the slots indexed as in
    /// [`CrosswordReply::slots`]); absent when none changed.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub candidates: Vec<(usize, u32)>,
}

/// Runs the fill `request` asks for in `mode`, keeping at most `limit`
/// events (and at most the request's `steps`).
///
/// # Example
///
/// ```
/// use puzzles::trace::TraceMode;
/// use puzzles_web::crossword::{CrosswordRequest, run};
///
/// let request = CrosswordRequest::from_params(|name| (name == "example").then_some("corner-z"))?;
/// let reply = run(&request, TraceMode::FirstSolution, 100);
/// assert!(reply.truncated);
/// assert_eq!(reply.events.len(), 100);
/// assert!(reply.message.unwrap().contains("more than 100 steps"));
/// # Ok::<(), puzzles_web::crossword::CrosswordError>(())
/// ```
pub fn run(request: &CrosswordRequest, mode: TraceMode, limit: usize) -> CrosswordReply {
    let limit = limit.min(request.steps);
    let list = english();
    let grid = &request.grid;
    let filler = Filler::new(grid, list).expect("the parameter check builds this filler");
    let start = filler.candidate_counts();
    let mut previous = start.clone();
    let mut events = Vec::new();
    let mut bytes = 0usize;
    let mut over_bytes = false;
    let summary = filler.trace_with_candidates(mode, &mut |event: &FillEvent, counts| {
        if events.len() == limit {
            return ControlFlow::Break(());
        }
        let changed: Vec<(usize, u32)> = counts
            .iter()
            .zip(&previous)
            .enumerate()
            .filter(|(_, (now, before))| now != before)
            .map(|(slot, (&now, _))| (slot, now))
            .collect();
        previous.copy_from_slice(counts);
        let step = CrosswordStep {
            event: event.clone(),
            candidates: changed,
        };
        let length = json_len(&step);
        if bytes + length + 1 > MAX_CROSSWORD_BYTES {
            over_bytes = true;
            return ControlFlow::Break(());
        }
        bytes += length + 1;
        events.push(step);
        ControlFlow::Continue(())
    });
    let mut counters = Counters::default();
    for step in &events {
        match step.event.action {
            FillAction::Place { .. } => counters.placements += 1,
            FillAction::Conflict { .. } => counters.conflicts += 1,
            FillAction::Remove { .. } => counters.removals += 1,
            FillAction::Backtrack { .. } => counters.backtracks += 1,
            FillAction::Solution { .. } => counters.solutions += 1,
        }
    }
    let completed = summary.completed;
    let message = (!completed).then(|| too_long(mode, limit, request.steps, over_bytes, &events));
    CrosswordReply {
        puzzle: "crossword",
        rows: grid.rows(),
        cols: grid.cols(),
        lines: grid.to_string().lines().map(str::to_string).collect(),
        slots: grid
            .slots()
            .iter()
            .map(|slot| SlotInfo {
                number: slot.number,
                direction: slot.direction,
                row: slot.row,
                col: slot.col,
                len: slot.len,
            })
            .collect(),
        words: request.words,
        word_count: list.len(),
        candidates: start,
        // As `params::mode_name` writes it (not imported: params reads
        // crossword requests, so this module does not look back at it).
        mode: match mode {
            TraceMode::FirstSolution => "first",
            TraceMode::AllSolutions => "all",
        },
        summary: TraceSummary {
            counters,
            steps: events.len() as u64,
            completed,
        },
        events,
        truncated: !completed,
        limit,
        message,
    }
}

fn too_long(
    mode: TraceMode,
    limit: usize,
    asked: usize,
    over_bytes: bool,
    events: &[CrosswordStep],
) -> String {
    let shown = grouped(events.len());
    if over_bytes {
        return format!(
            "The events of this search pass {} MiB after {shown} steps, so only those are shown. \
             Choose a smaller grid to see a search from start to end.",
            MAX_CROSSWORD_BYTES >> 20
        );
    }
    let limit_text = grouped(limit);
    if limit == asked && asked < crate::bounds::MAX_EVENTS {
        let (steps, are) = if limit == 1 {
            ("step", "is")
        } else {
            ("steps", "are")
        };
        return format!(
            "The search takes more than {limit_text} {steps}, the bound asked for (steps={asked}), \
             so only the first {limit_text} {are} shown."
        );
    }
    match mode {
        TraceMode::AllSolutions => format!(
            "The search of the whole tree for this grid takes more than {limit_text} steps, so only \
             the first {limit_text} are shown. Choose first-fill mode, or a smaller grid, to see a \
             search from start to end."
        ),
        TraceMode::FirstSolution => format!(
            "The search for the first fill of this grid takes more than {limit_text} steps, so only \
             the first {limit_text} are shown. Try a smaller grid, or one with more blocks, to see \
             one from start to end."
        ),
    }
}

#[cfg(test)]
mod tests {
    use puzzles::crossword::Grid;

    use super::*;
    use crate::bounds::MAX_EVENTS;
    use crate::examples::CROSSWORD;

    fn request(query: &str) -> CrosswordRequest {
        let pairs = crate::params::parse_pairs(query).unwrap();
        CrosswordRequest::from_params(|name| {
            pairs
                .iter()
                .find(|(key, _)| key == name)
                .map(|(_, value)| value.as_str())
        })
        .unwrap()
    }

    fn example(name: &str) -> CrosswordReply {
        let example = CROSSWORD.iter().find(|e| e.name == name).unwrap();
        run(
            &request(&format!("example={name}")),
            example.mode,
            MAX_EVENTS,
        )
    }

    /// The library's events and full candidate counts, uncapped.
    fn library(grid: &Grid, mode: TraceMode) -> (Vec<FillEvent>, Vec<Vec<u32>>) {
        let filler = Filler::new(grid, english()).unwrap();
        let (mut events, mut counts) = (Vec::new(), Vec::new());
        filler.trace_with_candidates(mode, &mut |event, now| {
            events.push(event.clone());
            counts.push(now.to_vec());
            ControlFlow::Continue(())
        });
        (events, counts)
    }

    /// Every example runs to its end within the caps, as the library runs
    /// it, and its changed counts replay to the library's counts at every
    /// step.
    #[test]
    fn every_example_is_the_librarys_trace_and_fits() {
        for example in CROSSWORD {
            let reply = self::example(example.name);
            assert!(
                !reply.truncated && reply.message.is_none(),
                "{}",
                example.name
            );
            let grid = Grid::parse(example.grid).unwrap();
            let (events, counts) = library(&grid, example.mode);
            let got: Vec<FillEvent> = reply.events.iter().map(|step| step.event.clone()).collect();
            assert_eq!(got, events, "{}", example.name);
            let mut now = reply.candidates.clone();
            assert_eq!(
                now,
                Filler::new(&grid, english()).unwrap().candidate_counts()
            );
            for (step, expected) in reply.events.iter().zip(&counts) {
                for &(slot, count) in &step.candidates {
                    now[slot] = count;
                }
                assert_eq!(&now, expected, "{} step {}", example.name, step.event.step);
            }
            assert_eq!(reply.slots.len(), grid.slots().len());
            assert_eq!(reply.lines.join("\n"), example.grid);
            assert!(reply.summary.completed);
            assert_eq!(reply.summary.steps as usize, reply.events.len());
        }
    }

    /// The examples show what their descriptions say.
    #[test]
    fn the_examples_show_what_they_say() {
        let open = example("open-5x5");
        let counters = open.summary.counters;
        assert!(
            open.events.len() < 100,
            "short enough to step through by hand"
        );
        assert!(counters.conflicts > 0 && counters.backtracks >= 1 && counters.solutions == 1);
        let theme = example("theme-word");
        let CrosswordStep { event, .. } = theme.events.last().unwrap();
        let FillAction::Solution { grid, .. } = &event.action else {
            panic!("ends with a fill")
        };
        assert_eq!(&grid[1][..3], "CAT");
        assert!(theme.candidates.iter().sum::<u32>() < open.candidates.iter().sum::<u32>());
        let none = example("no-fill");
        assert_eq!(none.summary.counters.solutions, 0);
        assert!(none.summary.counters.backtracks > 1 && none.summary.completed);
        let six = example("corner-z");
        assert!(six.events.len() > 2_000);
        assert!(six.summary.counters.backtracks >= 50);
        let every = example("every-2x2");
        assert_eq!((every.mode, every.summary.counters.solutions), ("all", 718));
    }

    #[test]
    fn a_capped_trace_says_why_and_what_to_do() {
        let six = request("example=corner-z");
        let first = run(&six, TraceMode::FirstSolution, 10);
        assert!(first.truncated && !first.summary.completed);
        assert_eq!(
            (first.events.len(), first.summary.steps, first.limit),
            (10, 10, 10)
        );
        assert_eq!(
            first.message.unwrap(),
            "The search for the first fill of this grid takes more than 10 steps, so only the \
             first 10 are shown. Try a smaller grid, or one with more blocks, to see one from \
             start to end."
        );
        let whole = run(&six, TraceMode::AllSolutions, 1000);
        assert!(whole.message.unwrap().contains("Choose first-fill mode"));
        let bounded = run(
            &request("example=corner-z&steps=50"),
            TraceMode::FirstSolution,
            MAX_EVENTS,
        );
        assert_eq!((bounded.events.len(), bounded.limit), (50, 50));
        assert_eq!(
            bounded.message.unwrap(),
            "The search takes more than 50 steps, the bound asked for (steps=50), so only the \
             first 50 are shown."
        );
        // The start of a capped trace is the start of the whole one.
        let whole = example("corner-z");
        assert_eq!(bounded.events, whole.events[..50]);
    }

    /// A 15×15 grid (the largest the page takes), its whole tree: cut at a
    /// cap, and its answer within what the server budgets for one.
    #[test]
    fn the_largest_traces_stay_within_the_answer_budget() {
        let text = include_str!("../../../../examples/crossword/15x15.txt");
        let grid: String = text.bytes().map(|byte| format!("%{byte:02X}")).collect();
        let reply = run(
            &request(&format!("grid={grid}")),
            TraceMode::AllSolutions,
            MAX_EVENTS,
        );
        assert!(reply.truncated);
        let bytes = serde_json::to_vec(&reply).unwrap().len();
        assert!(bytes < 16 << 20, "{bytes} bytes");
        // The bytes, not the events, ran out (about 100,000 events).
        assert!(reply.events.len() < MAX_EVENTS);
        assert!(
            reply
                .message
                .unwrap()
                .starts_with("The events of this search pass 14 MiB after ")
        );
    }
}
