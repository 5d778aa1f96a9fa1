//! The restarts for one fill raced by a plain search that can only prove
//! that there is none.
//!
//! Restarts find fills sooner than one long search, but their proofs of
//! "no fill" have a heavy tail: a tester's 9×8 grid without a fill took
//! the restarts 2.0 million words (20 s), the plain search 84,721 (1.2 s),
//! and one seed in eight was as slow. With a second thread to spare, the
//! plain search runs beside the restarts; if it ends without a fill, that
//! is the answer. A fill it finds is dropped (the restarts' fill is the
//! one the seed and the scores choose), so the answer is the same, fill or
//! proof, whichever thread ends first. The plain search starts once the
//! restarts have tried [`PROVER_AFTER`] words: most grids are filled
//! before that, on one core.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::Thread;

use super::engine::Engine;
use super::filler::Filler;
use super::search::Hooks;

/// Words the restarts try before the plain search starts beside them:
/// the benchmark's 15×15 grids fill within a few thousand, and a hard
/// 7×7 with corner blocks, 2 s on one thread, ran 2.2 → 2.5 s (median of
/// five, wall) with the plain search beside it from 4,096 words, on this
/// 2-core machine (BENCHMARKS.md).
const PROVER_AFTER: u64 = 16_384;

/// The caller's hooks, stopped once the plain search has proved that no
/// fill exists; the first report of progress starts that search.
struct Raced<'a, H> {
    inner: &'a mut H,
    proved: &'a AtomicBool,
    started: &'a AtomicBool,
    prover: &'a Thread,
}

impl<H: Hooks> Hooks for Raced<'_, H> {
    const TRACE: bool = H::TRACE;
    fn ordered(&self) -> bool {
        self.inner.ordered()
    }
    fn tick(&mut self, engine: &Engine, nodes: u64) -> ControlFlow<()> {
        if self.proved.load(Ordering::Relaxed) {
            return ControlFlow::Break(());
        }
        if nodes >= PROVER_AFTER && !self.started.swap(true, Ordering::Relaxed) {
            self.prover.unpark();
        }
        self.inner.tick(engine, nodes)
    }
    fn solution(&mut self, engine: &Engine, depth: usize, nodes: u64) -> ControlFlow<()> {
        self.inner.solution(engine, depth, nodes)
    }
}

/// The plain search's hooks: it stops at its first fill (nothing left to
/// prove) or once the restarts are over.
struct Prover<'a> {
    over: &'a AtomicBool,
}

impl Hooks for Prover<'_> {
    const TRACE: bool = false;
    // Stopped within a few milliseconds of the restarts' fill, not the
    // tenth of a second that 4,096 words can take.
    const TICK_EVERY: u64 = 64;
    fn ordered(&self) -> bool {
        // A proof visits every word anyway.
        false
    }
    fn tick(&mut self, _: &Engine, _: u64) -> ControlFlow<()> {
        if self.over.load(Ordering::Relaxed) {
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }
    fn solution(&mut self, _: &Engine, _: usize, _: u64) -> ControlFlow<()> {
        ControlFlow::Break(())
    }
}

impl Filler {
    /// The restarts for one fill ([`Filler::run`] with a limit of 1),
    /// raced by the plain search on a second thread when
    /// [`super::FillOptions::threads`] allows one: `(complete, words tried
    /// by the restarts)`, complete without a fill when either proved that
    /// there is none.
    pub(crate) fn restarts_raced<H: Hooks>(&self, hooks: &mut H) -> (bool, u64) {
        if self.threads < 2 || H::TRACE || self.proved_empty() {
            return self.run(hooks, Some(1), true, None);
        }
        let proved = AtomicBool::new(false);
        let started = AtomicBool::new(false);
        let over = AtomicBool::new(false);
        std::thread::scope(|scope| {
            let prover = scope.spawn(|| {
                // `park` may return without an `unpark`: the flags decide.
                while !started.load(Ordering::Relaxed) && !over.load(Ordering::Relaxed) {
                    std::thread::park();
                }
                if over.load(Ordering::Relaxed) {
                    return;
                }
                let (complete, _) = self.run(&mut Prover { over: &over }, Some(1), false, None);
                // Complete means it was not stopped: not by a fill either.
                if complete {
                    proved.store(true, Ordering::Relaxed);
                }
            });
            let mut raced = Raced {
                inner: hooks,
                proved: &proved,
                started: &started,
                prover: prover.thread(),
            };
            let (complete, nodes) = self.run(&mut raced, Some(1), true, None);
            over.store(true, Ordering::Relaxed);
            prover.thread().unpark();
            (complete || proved.load(Ordering::Relaxed), nodes)
        })
    }
}
