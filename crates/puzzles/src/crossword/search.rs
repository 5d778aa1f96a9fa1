//! The fill search: choose a slot (the longest, then the fewest
//! candidates), try its words best first, propagate, undo. The listing,
//! counting and tracing searches are this one recursion with different
//! hooks.

use std::ops::ControlFlow;

use super::engine::Engine;
use super::learn::{Learned, Level};

/// What the search calls back: the listing, counting and tracing searches
/// are the same recursion with different hooks.
pub(crate) trait Hooks {
    /// Whether choices and their undoing are reported (the trace).
    const TRACE: bool;
    /// Words tried between calls of [`Hooks::tick`].
    const TICK_EVERY: u64 = 4096;
    /// Whether words are tried in the order that leaves crossings the most
    /// choice ([`Engine::ordered`]): not in a count without a limit, which
    /// visits every fill anyway.
    fn ordered(&self) -> bool {
        true
    }
    fn tick(&mut self, _engine: &Engine, _nodes: u64) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    fn place(&mut self, _e: &Engine, _s: usize, _forced: bool, _depth: usize) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    fn conflict(
        &mut self,
        _e: &Engine,
        _s: usize,
        _i: usize,
        _with: usize,
        _depth: usize,
    ) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    fn remove(&mut self, _e: &Engine, _s: usize, _forced: bool, _depth: usize) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    fn backtrack(&mut self, _e: &Engine, _s: usize, _depth: usize) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    /// A fill, reached after `nodes` words tried in all.
    fn solution(&mut self, engine: &Engine, depth: usize, nodes: u64) -> ControlFlow<()>;
}

/// Words tried, and the budget of a restart.
pub(crate) struct Nodes {
    /// Words tried in all restarts.
    pub tried: u64,
    /// The restart ends when `tried` reaches it.
    pub cap: u64,
    /// Whether the restart ran out of its budget.
    pub cut: bool,
    /// With restarts: what earlier restarts refuted, and the branch being
    /// cut.
    pub learned: Option<Learned>,
}

impl Nodes {
    /// A search without restarts.
    pub fn unbounded() -> Nodes {
        Nodes {
            tried: 0,
            cap: u64::MAX,
            cut: false,
            learned: None,
        }
    }

    /// Notes a level of the branch being cut, when learning and the
    /// restart ran out of budget (not when a fill or the caller stopped
    /// it).
    fn cut_at(&mut self, level: impl FnOnce() -> Level) {
        if let Some(learned) = &mut self.learned
            && self.cut
        {
            learned.cut.push(level());
        }
    }
}

/// The recursion: `engine` is propagated.
pub(crate) fn explore<H: Hooks>(
    engine: &mut Engine,
    hooks: &mut H,
    depth: usize,
    nodes: &mut Nodes,
) -> ControlFlow<()> {
    if let Some(learned) = &nodes.learned
        && learned.apply(engine).is_err()
    {
        return ControlFlow::Continue(());
    }
    let Some(s) = engine.choose() else {
        return hooks.solution(engine, depth, nodes.tried);
    };
    if !H::TRACE
        && engine.letters
        && engine.count[s] > engine.split_above
        && let Some((p, letters)) = engine.split(s)
    {
        // Letters before the `k`th were refuted; `taken` is being searched.
        let level = |k: usize, taken| Level::Letters {
            slot: s,
            position: p,
            refuted: letters[..k].iter().fold(0, |mask, &l| mask | 1 << l),
            taken,
        };
        for (k, &letter) in letters.iter().enumerate() {
            nodes.tried += 1;
            if nodes.tried.is_multiple_of(H::TICK_EVERY) {
                hooks.tick(engine, nodes.tried)?;
            }
            if nodes.tried >= nodes.cap {
                nodes.cut = true;
                nodes.cut_at(|| level(k, None));
                return ControlFlow::Break(());
            }
            let mark = engine.mark();
            match engine.fix_letter(s, p, letter) {
                Err(with) => {
                    engine.undo(mark);
                    for t in [s, with as usize] {
                        engine.weight[t] = engine.weight[t].saturating_add(1);
                    }
                    continue;
                }
                Ok(()) => {
                    if explore(engine, hooks, depth + 1, nodes).is_break() {
                        nodes.cut_at(|| level(k, Some(letter)));
                        return ControlFlow::Break(());
                    }
                }
            }
            engine.undo(mark);
        }
        return ControlFlow::Continue(());
    }
    // The trace (the web page's stepper) keeps list order: its examples
    // are chosen to show a search that backtracks.
    let candidates = if hooks.ordered() && !H::TRACE {
        // A restart stops after its budget of words: no need to order more.
        // At least one, so that a slot is never taken for one without words.
        let budget = nodes.cap.saturating_sub(nodes.tried).max(1);
        engine.ordered(s, H::TRACE, usize::try_from(budget).unwrap_or(usize::MAX))
    } else {
        engine.candidates(s)
    };
    let level = |k: usize, taken| Level::Words {
        slot: s,
        refuted: candidates[..k].to_vec(),
        taken,
    };
    for (k, &i) in candidates.iter().enumerate() {
        let i = i as usize;
        nodes.tried += 1;
        if nodes.tried.is_multiple_of(H::TICK_EVERY) {
            hooks.tick(engine, nodes.tried)?;
        }
        if nodes.tried >= nodes.cap {
            nodes.cut = true;
            nodes.cut_at(|| level(k, None));
            return ControlFlow::Break(());
        }
        let mark = engine.mark();
        match engine.assign(s, i) {
            Err(with) => {
                engine.undo(mark);
                for t in [s, with as usize] {
                    engine.weight[t] = engine.weight[t].saturating_add(1);
                }
                hooks.conflict(engine, s, i, with as usize, depth)?;
                continue;
            }
            Ok(()) => {
                let forced = if H::TRACE {
                    std::mem::take(&mut engine.forced)
                } else {
                    Vec::new()
                };
                if H::TRACE {
                    hooks.place(engine, s, false, depth)?;
                    for &f in &forced {
                        hooks.place(engine, f as usize, true, depth + 1)?;
                    }
                }
                if explore(engine, hooks, depth + 1, nodes).is_break() {
                    nodes.cut_at(|| level(k, Some(i as u32)));
                    return ControlFlow::Break(());
                }
                if H::TRACE {
                    for &f in forced.iter().rev() {
                        hooks.remove(engine, f as usize, true, depth + 1)?;
                    }
                    hooks.remove(engine, s, false, depth)?;
                }
            }
        }
        engine.undo(mark);
    }
    hooks.backtrack(engine, s, depth)
}

/// The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, … (`i` from 1).
pub(crate) fn luby(i: u64) -> u64 {
    let mut i = i;
    loop {
        let k = 64 - i.leading_zeros();
        if i == (1 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}
