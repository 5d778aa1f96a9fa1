//! The dedicated solver's search, reported step by step with the events of
//! [`crate::trace`]. It is the same search as [`super::solver`] — the same
//! propagation, the same choice of cell, the same order of digits — written
//! recursively so that every placement can be announced and undone.

use std::ops::ControlFlow;

use super::state::{Branch, BranchRule, Clash, State};
use super::tables::Tables;
use crate::trace::{Action, ConflictKind, Event, TraceMode, TraceSummary, Tracer};

/// Why a traced search stopped before exhausting the tree.
enum Stop {
    /// The observer asked to stop.
    Observer,
    /// First-solution mode found its solution.
    Found,
}

/// The caller's observer, as the trace takes it.
type Observer<'a> = &'a mut dyn FnMut(&Event) -> ControlFlow<()>;

struct Context<'a, const N: usize, const C: usize, const P: usize, const U: usize, const W: usize> {
    tables: &'a Tables<N, C, P, U, W>,
    mode: TraceMode,
    tracer: Tracer<Observer<'a>>,
    queue: Vec<u32>,
}

impl<const N: usize, const C: usize, const P: usize, const U: usize, const W: usize>
    Context<'_, N, C, P, U, W>
{
    fn emit(&mut self, depth: usize, action: Action) -> ControlFlow<Stop> {
        self.tracer
            .emit(depth, action)
            .map_break(|()| Stop::Observer)
    }

    /// Places `digit` in `cell`: a guess, or `forced` by propagation.
    fn place(&mut self, depth: usize, cell: usize, digit: u8, forced: bool) -> ControlFlow<Stop> {
        let (row, col) = (cell / N, cell % N);
        self.emit(
            depth,
            Action::Place {
                row,
                col,
                value: Some(u32::from(digit)),
                forced,
            },
        )
    }

    fn remove(&mut self, depth: usize, cell: usize, digit: u8, forced: bool) -> ControlFlow<Stop> {
        let (row, col) = (cell / N, cell % N);
        self.emit(
            depth,
            Action::Remove {
                row,
                col,
                value: Some(u32::from(digit)),
                forced,
            },
        )
    }

    fn conflict(&mut self, depth: usize, clash: Clash) -> ControlFlow<Stop> {
        let (cell, with) = (usize::from(clash.cell), usize::from(clash.with));
        let (row, col) = (cell / N, cell % N);
        let (with_row, with_col) = (with / N, with % N);
        let b = self.tables.box_size;
        let kind = if cell == with {
            ConflictKind::Item
        } else if row == with_row {
            ConflictKind::Row
        } else if col == with_col {
            ConflictKind::Column
        } else {
            debug_assert_eq!((row / b, col / b), (with_row / b, with_col / b));
            ConflictKind::Box
        };
        self.emit(
            depth,
            Action::Conflict {
                row,
                col,
                value: Some(u32::from(clash.digit)),
                with: (with_row, with_col),
                kind,
            },
        )
    }

    /// Announces what propagation placed (all at `depth`, all forced) and the
    /// clash that stopped it, if any.
    fn report(
        &mut self,
        depth: usize,
        placed: &[(u16, u8)],
        outcome: Result<(), Clash>,
    ) -> ControlFlow<Stop> {
        for &(cell, digit) in placed {
            self.place(depth, usize::from(cell), digit, true)?;
        }
        if let Err(clash) = outcome {
            self.conflict(depth, clash)?;
        }
        ControlFlow::Continue(())
    }

    fn unwind(&mut self, depth: usize, placed: &[(u16, u8)]) -> ControlFlow<Stop> {
        for &(cell, digit) in placed.iter().rev() {
            self.remove(depth, usize::from(cell), digit, true)?;
        }
        ControlFlow::Continue(())
    }

    fn solution(&mut self, depth: usize) -> ControlFlow<Stop> {
        let index = self.tracer.counters().solutions + 1;
        self.emit(depth, Action::Solution { index })?;
        match self.mode {
            TraceMode::FirstSolution => ControlFlow::Break(Stop::Found),
            TraceMode::AllSolutions => ControlFlow::Continue(()),
        }
    }

    /// Branches where the solver would in a propagated, unsolved `state`,
    /// with `depth` guesses standing, and below it, depth first. The
    /// frames live on the heap, not the call stack: an empty 25×25 grid
    /// guesses hundreds deep, and each frame holds a whole grid.
    fn branch(&mut self, state: &State<N, C, U, W>, depth: usize) -> ControlFlow<Stop> {
        let mut stack = vec![self.frame(state.clone(), depth)];
        while let Some(top) = stack.last_mut() {
            // The guess whose subtree just ended: take back what it forced,
            // then the guess itself.
            if let Some((cell, digit, placed)) = top.explored.take() {
                self.unwind(top.depth + 1, &placed[1..])?;
                self.remove(top.depth, cell, digit, false)?;
            }
            let Some(&alternative) = top.alternatives.get(top.next) else {
                let (depth, decision) = (top.depth, top.decision);
                stack.pop();
                self.emit(depth, Action::Backtrack { row: decision })?;
                continue;
            };
            top.next += 1;
            let depth = top.depth;
            let (cell, digit) = match alternative {
                Ok(choice) => choice,
                Err(clash) => {
                    self.conflict(depth, clash)?;
                    continue;
                }
            };
            let mut child = top.state.clone();
            let mut placed = Vec::new();
            self.queue.push((cell as u32) << 8 | u32::from(digit));
            let outcome = child.propagate(self.tables, &mut self.queue, &mut placed);
            // The guess is the first placement; what it forces stands one
            // level deeper.
            self.place(depth, cell, digit, false)?;
            self.report(depth + 1, &placed[1..], outcome)?;
            top.explored = Some((cell, digit, placed));
            if outcome.is_ok() {
                if child.unsolved == 0 {
                    self.solution(depth + 1)?;
                } else {
                    let frame = self.frame(child, depth + 1);
                    stack.push(frame);
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// A node to branch on: every alternative in order, a (cell, digit) to
    /// try or the clash that rules it out.
    fn frame(&self, state: State<N, C, U, W>, depth: usize) -> Frame<N, C, U, W> {
        let mut alternatives: Vec<Result<(usize, u8), Clash>> = Vec::with_capacity(N);
        let decision = match state.choose(self.tables, BranchRule::CellsAndUnits) {
            Branch::Cell { cell, .. } => {
                for digit in 1..=N as u8 {
                    alternatives.push(self.alternative(&state, cell, digit));
                }
                cell
            }
            Branch::Unit { unit, digit, .. } => {
                let mask = &self.tables.unit_mask[unit];
                for cell in (0..C).filter(|&cell| mask[cell / 64] >> (cell % 64) & 1 == 1) {
                    alternatives.push(self.alternative(&state, cell, digit));
                }
                C + unit * N + usize::from(digit - 1)
            }
        };
        Frame {
            state,
            alternatives,
            next: 0,
            decision,
            depth,
            explored: None,
        }
    }

    /// `digit` in `cell` as a guess to try, or the clash that rules it out:
    /// the cell holds another digit, or a peer holds this one.
    fn alternative(
        &self,
        state: &State<N, C, U, W>,
        cell: usize,
        digit: u8,
    ) -> Result<(usize, u8), Clash> {
        let clash = |with: usize| Clash {
            cell: cell as u16,
            digit,
            with: with as u16,
        };
        if state.value[cell] != 0 {
            return Err(clash(cell));
        }
        if state.cand[cell] & 1 << (digit - 1) == 0 {
            let with = state
                .holder(self.tables, cell, digit)
                .expect("only a peer's digit removes a candidate");
            return Err(clash(with));
        }
        Ok((cell, digit))
    }
}

/// A node of the traced search on the heap: its grid, its alternatives,
/// the next one to try, and the guess being explored below it (with what
/// the guess forced, to take back when its subtree ends).
struct Frame<const N: usize, const C: usize, const U: usize, const W: usize> {
    state: State<N, C, U, W>,
    alternatives: Vec<Result<(usize, u8), Clash>>,
    next: usize,
    decision: usize,
    depth: usize,
    explored: Option<Explored>,
}

/// A guess being explored: its cell and digit, and every placement it made
/// (the guess first, then what it forced).
type Explored = (usize, u8, Vec<(u16, u8)>);

/// Traces the search of `givens` (a grid of `C` cells, 0 for empty).
pub(crate) fn trace<
    const N: usize,
    const C: usize,
    const P: usize,
    const U: usize,
    const W: usize,
>(
    tables: &Tables<N, C, P, U, W>,
    givens: &[u8],
    mode: TraceMode,
    observer: &mut dyn FnMut(&Event) -> ControlFlow<()>,
) -> TraceSummary {
    let mut context = Context {
        tables,
        mode,
        tracer: Tracer::new(observer),
        queue: Vec::with_capacity(4 * C),
    };
    let mut root = State::<N, C, U, W>::new();
    let mut placed = Vec::new();
    let outcome = root
        .load(tables, givens, &mut context.queue)
        .and_then(|()| root.propagate(tables, &mut context.queue, &mut placed));
    context.queue.clear();
    let run = (|| {
        context.report(0, &placed, outcome)?;
        if outcome.is_ok() {
            if root.unsolved == 0 {
                context.solution(0)?;
            } else {
                context.branch(&root, 0)?;
            }
        }
        context.unwind(0, &placed)
    })();
    TraceSummary {
        counters: context.tracer.counters(),
        steps: context.tracer.steps(),
        completed: !matches!(run, ControlFlow::Break(Stop::Observer)),
    }
}
