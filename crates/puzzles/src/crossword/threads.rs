//! A search on several threads for the slot-by-slot engine: the words of
//! the slot filled first are shared out as units (each paired with the
//! words of the next slot when the first has few), and the calling thread
//! watches ([`super::shared::watched`]).

use std::ops::ControlFlow;
use std::sync::atomic::Ordering;

use super::checkpoint::UnitTally;
use super::engine::Engine;
use super::search::{Hooks, Nodes, explore};
use super::shared::{Resume, Shared, watched};
use super::summary::{FillSummary, Progress};

/// [`super::Filler::count_with`] on `threads` threads from the propagated
/// `root`: the words of the slot that the search fills first are shared
/// out (the units), each thread searching below those it takes. `None`
/// when there is no such slot to share (the propagation decided the grid);
/// else the summary and the number of units.
pub(crate) fn counted_on(
    threads: usize,
    root: &Engine,
    limit: Option<u64>,
    resume: Option<Resume<'_>>,
    progress: &mut dyn FnMut(&Progress) -> ControlFlow<()>,
) -> Option<(FillSummary, usize)> {
    struct Counting<'a> {
        shared: &'a Shared,
        limit: Option<u64>,
        reported: u64,
        fills: u64,
    }
    impl Hooks for Counting<'_> {
        const TRACE: bool = false;
        fn ordered(&self) -> bool {
            // Units in list order, each searched through: ordering the
            // words within them found fills no sooner (BENCHMARKS.md).
            false
        }
        fn tick(&mut self, engine: &Engine, nodes: u64) -> ControlFlow<()> {
            let shared = self.shared;
            shared.report(&mut self.reported, nodes);
            let decided = engine.count.iter().filter(|&&c| c == 1).count();
            shared.decided.store(decided, Ordering::Relaxed);
            if shared.stopped() {
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        }
        fn solution(&mut self, _: &Engine, _: usize, nodes: u64) -> ControlFlow<()> {
            // The words that led here are told first, so that no report
            // shows more fills than words tried.
            self.shared.report(&mut self.reported, nodes);
            self.fills += 1;
            self.shared.count_fill(self.limit)
        }
    }
    let (root, slot, units) = slot_units(root)?;
    let shared = Shared::new(resume);
    let share = || {
        let mut hooks = Counting {
            shared: &shared,
            limit,
            reported: 0,
            fills: 0,
        };
        let mut nodes = Nodes::unbounded();
        loop {
            let k = shared.take();
            if k >= units.len() || shared.stopped() {
                break;
            }
            let before = (hooks.fills, nodes.tried);
            let unit = units[k];
            // As the search on one thread places the slots' words.
            nodes.tried += 1;
            let mut engine = root.clone();
            let mut placed = engine.assign(slot, unit.word as usize).is_ok();
            let mut depth = 1;
            if let (true, Some((second, word))) = (placed, unit.then) {
                nodes.tried += 1;
                placed = engine.assign(second, word as usize).is_ok();
                depth = 2;
            }
            if placed && explore(&mut engine, &mut hooks, depth, &mut nodes).is_break() {
                break;
            }
            let tally = UnitTally {
                fills: hooks.fills - before.0,
                nodes: nodes.tried - before.1,
            };
            shared.finished(resume, k, tally);
            // Units that end before the search's first tick (a slot no
            // other crosses) would otherwise show no words tried until the
            // last one.
            shared.report(&mut hooks.reported, nodes.tried);
        }
        shared.report(&mut hooks.reported, nodes.tried);
    };
    let threads = threads.min(units.len()).max(1);
    watched(threads, &shared, &share, &mut |shared| {
        let (nodes, fills, decided) = shared.now();
        progress(&Progress {
            nodes,
            fills,
            decided,
            slots: root.count.len(),
        })
    });
    let summary = FillSummary {
        fills: shared.fills_within(limit),
        nodes: shared.nodes.load(Ordering::Relaxed),
        complete: !shared.stopped(),
    };
    Some((summary, units.len()))
}

/// Below this many words in the first slot, a count's units pair each of
/// them with the words of the slot filled next: a slot of few words (one
/// crossing a theme entry, say) would leave cores idle and make units too
/// big to checkpoint often.
const PAIRED_BELOW: usize = 32;

/// A unit of a count of a grid with blocks: a word of the first slot, and
/// in a count split two slots deep, a word of the slot filled after it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SlotUnit {
    word: u32,
    then: Option<(usize, u32)>,
}

/// The units of a count of the grid propagated as `root`, in order, with
/// `root` made ready to choose and the first slot: the words of that slot,
/// or (when it has fewer than [`PAIRED_BELOW`]) each of them with each word
/// of the slot the search fills next once it is placed (alone when it
/// fails, or decides the grid). `None` when the propagation decided the
/// grid.
pub(crate) fn slot_units(root: &Engine) -> Option<(Engine, usize, Vec<SlotUnit>)> {
    let mut root = root.clone();
    let slot = root.choose()?;
    let words = root.candidates(slot);
    let alone = |word| SlotUnit { word, then: None };
    if words.len() >= PAIRED_BELOW {
        let units = words.into_iter().map(alone).collect();
        return Some((root, slot, units));
    }
    let mut units = Vec::new();
    for word in words {
        let mut engine = root.clone();
        let second = match engine.assign(slot, word as usize) {
            Ok(()) => engine.choose(),
            Err(_) => None,
        };
        let then = second.map_or_else(Vec::new, |second| engine.candidates(second));
        match second {
            Some(second) if !then.is_empty() => {
                units.extend(then.into_iter().map(|next| SlotUnit {
                    word,
                    then: Some((second, next)),
                }))
            }
            _ => units.push(alone(word)),
        }
    }
    Some((root, slot, units))
}
