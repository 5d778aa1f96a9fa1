//! Proofs that no fill exists, tried once before the search, for grids
//! that the search alone would take forever to give up on.
//!
//! Backtracking goes back to the latest choice, so a part of the grid that
//! has no fill is proved so again under every choice made earlier in
//! parts that do not touch it: a corner without a fill below two long
//! slots of another part took minutes, and eleven separate slots of two
//! letters with ten words to share took longer with every slot. Two
//! cheap tests catch these:
//!
//! - **Too few words**: the slots of one length need different words, so
//!   their candidates together must hold at least as many words as there
//!   are slots.
//! - **A part without a fill**: each set of slots joined by crossings is
//!   searched for one fill of its own slots, under the propagation of the
//!   whole grid and within a budget of words. A part that has none leaves
//!   the grid none.

use std::ops::ControlFlow;

use super::engine::Engine;
use super::search::{Hooks, Nodes, explore};

/// Words each part may try before its search is given up (unproved).
const PART_BUDGET: u64 = 20_000;

/// Words all parts together may try.
const TOTAL_BUDGET: u64 = 100_000;

/// Whether `root` (propagated, without an empty slot) is proved to have no
/// fill by the tests above.
pub(super) fn refuted(root: &Engine) -> bool {
    too_few_words(root) || part_without_fill(root)
}

/// Whether some length has more slots than its slots' candidates hold
/// words.
fn too_few_words(root: &Engine) -> bool {
    root.buckets.iter().any(|bucket| {
        let slots = &bucket.slots;
        if slots.len() < 2 {
            return false;
        }
        let mut union = vec![0u64; bucket.width];
        for &s in slots {
            for (u, &w) in union.iter_mut().zip(root.bits(s as usize)) {
                *u |= w;
            }
        }
        let words: u64 = union.iter().map(|w| u64::from(w.count_ones())).sum();
        words < slots.len() as u64
    })
}

/// The parts of the grid: each slot's part, by crossings.
fn parts(root: &Engine) -> Vec<usize> {
    let mut part: Vec<usize> = (0..root.slots.len()).collect();
    fn find(part: &mut [usize], s: usize) -> usize {
        let mut r = s;
        while part[r] != r {
            r = part[r];
        }
        let mut s = s;
        while part[s] != r {
            (part[s], s) = (r, part[s]);
        }
        r
    }
    for s in 0..root.slots.len() {
        for &(t, _) in root.slots[s].crossing.iter().flatten() {
            let (a, b) = (find(&mut part, s), find(&mut part, t as usize));
            part[a.max(b)] = a.min(b);
        }
    }
    (0..part.len()).map(|s| find(&mut part, s)).collect()
}

/// Whether some part of two or more slots, in a grid of two or more
/// parts, is proved to have no fill within the budgets.
fn part_without_fill(root: &Engine) -> bool {
    struct FirstFill;
    impl Hooks for FirstFill {
        const TRACE: bool = false;
        fn solution(&mut self, _: &Engine, _: usize, _: u64) -> ControlFlow<()> {
            ControlFlow::Break(())
        }
    }
    let part = parts(root);
    let mut sizes = vec![0usize; part.len()];
    for &p in &part {
        sizes[p] += 1;
    }
    let mut leaders: Vec<usize> = (0..part.len()).filter(|&p| sizes[p] > 0).collect();
    if leaders.len() < 2 {
        return false;
    }
    // Small parts first: the cheapest to settle.
    leaders.retain(|&p| sizes[p] >= 2);
    leaders.sort_by_key(|&p| sizes[p]);
    let mut spent = 0;
    for p in leaders {
        if spent >= TOTAL_BUDGET {
            break;
        }
        let mut engine = root.clone();
        engine.active = Some(part.iter().map(|&q| q == p).collect());
        let mut nodes = Nodes::unbounded();
        nodes.cap = PART_BUDGET.min(TOTAL_BUDGET - spent);
        let flow = explore(&mut engine, &mut FirstFill, 0, &mut nodes);
        spent += nodes.tried;
        if flow.is_continue() {
            return true;
        }
    }
    false
}
