//! Bitboard backtracking: columns and both diagonals as `u64` masks projected
//! onto the row being filled, so a node costs a few word operations and no
//! allocation.

use std::ops::ControlFlow;

use super::rules::{Piece, Rules};
use super::solution::Solution;
use crate::trace::{Action, ConflictKind, Event, TraceMode, TraceSummary, Tracer};

/// The squares attacked in the row being filled, by the pieces above it.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Frame {
    /// Columns already taken.
    pub(crate) cols: u64,
    /// Squares on a `\` diagonal of an earlier piece.
    pub(crate) diag: u64,
    /// Squares on a `/` diagonal of an earlier piece.
    pub(crate) anti: u64,
}

/// The rules compiled to masks and shifts.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Masks {
    pub(crate) rules: Rules,
    pub(crate) n: usize,
    /// One bit per column.
    pub(crate) full: u64,
    diagonals: bool,
}

impl Masks {
    pub(crate) fn new(rules: Rules) -> Masks {
        let n = rules.n();
        Masks {
            rules,
            n,
            full: if n == 64 { u64::MAX } else { (1u64 << n) - 1 },
            diagonals: matches!(rules.piece(), Piece::Queen | Piece::Superqueen),
        }
    }

    /// Moves a mask `by` columns to the right (towards higher columns),
    /// wrapping around on a torus.
    fn shift_right(&self, mask: u64, by: usize) -> u64 {
        if self.rules.torus() {
            let by = by % self.n;
            if by == 0 {
                return mask;
            }
            ((mask << by) | (mask >> (self.n - by))) & self.full
        } else {
            (mask << by) & self.full
        }
    }

    /// Moves a mask `by` columns to the left, wrapping around on a torus.
    fn shift_left(&self, mask: u64, by: usize) -> u64 {
        if self.rules.torus() {
            let by = by % self.n;
            self.shift_right(mask, self.n - by)
        } else {
            mask >> by
        }
    }

    /// The frame of the next row once a piece stands on `bit` in this one.
    pub(crate) fn child(&self, frame: &Frame, bit: u64) -> Frame {
        if self.diagonals {
            Frame {
                cols: frame.cols | bit,
                diag: self.shift_right(frame.diag | bit, 1),
                anti: self.shift_left(frame.anti | bit, 1),
            }
        } else {
            Frame {
                cols: frame.cols | bit,
                ..Frame::default()
            }
        }
    }

    /// The squares of `row` that a piece may not take, given the frame and
    /// the columns of the pieces in rows `0..row`.
    pub(crate) fn forbidden(&self, row: usize, frame: &Frame, placed: &[usize]) -> u64 {
        let mut mask = self.forbidden_from_above(row, frame, placed);
        if self.wraps_to_top(row) {
            // The last rows also touch the first ones across the wrapped
            // edge; so few nodes are here that the plain rule will do.
            for col in 0..self.n {
                let attacked = placed[..row.min(2)]
                    .iter()
                    .enumerate()
                    .any(|(r, &c)| self.rules.attack((r, c), (row, col)).is_some());
                if attacked {
                    mask |= 1 << col;
                }
            }
        }
        mask & self.full
    }

    /// Whether pieces in the first two rows reach `row` across the torus's
    /// wrapped edge beyond what the frame holds (a king's or a knight's
    /// move): [`Masks::forbidden`] then adds them to
    /// [`Masks::forbidden_from_above`].
    pub(crate) fn wraps_to_top(&self, row: usize) -> bool {
        self.rules.torus()
            && matches!(self.rules.piece(), Piece::King | Piece::Superqueen)
            && row + 2 >= self.n
    }

    /// [`Masks::forbidden`] but for the squares attacked across the wrapped
    /// edge ([`Masks::wraps_to_top`]).
    pub(crate) fn forbidden_from_above(&self, row: usize, frame: &Frame, placed: &[usize]) -> u64 {
        let mut mask = frame.cols | frame.diag | frame.anti;
        let reach = |mask: u64, by: usize| self.shift_left(mask, by) | self.shift_right(mask, by);
        match self.rules.piece() {
            Piece::Queen | Piece::Rook => {}
            Piece::King => {
                if row >= 1 {
                    mask |= reach(1 << placed[row - 1], 1);
                }
            }
            Piece::Superqueen => {
                if row >= 1 {
                    mask |= reach(1 << placed[row - 1], 2);
                }
                if row >= 2 {
                    mask |= reach(1 << placed[row - 2], 1);
                }
            }
        }
        mask & self.full
    }

    /// The earliest piece (in row order) that attacks `(row, col)`, and how.
    fn culprit(&self, row: usize, col: usize, placed: &[usize]) -> ((usize, usize), ConflictKind) {
        placed
            .iter()
            .enumerate()
            .find_map(|(r, &c)| {
                self.rules
                    .attack((r, c), (row, col))
                    .map(|kind| ((r, c), kind))
            })
            .expect("the bitboard forbids only squares the attack rule forbids")
    }
}

/// The solutions of a board, produced one at a time in lexicographic order
/// of their `cols` arrays. Made by [`Board::solutions`](super::Board::solutions).
///
/// The iterator keeps one frame per row and allocates only the `cols` array
/// of each solution it yields, so listing streams in flat memory.
///
/// # Example
///
/// ```
/// use puzzles::queens::Board;
///
/// let mut solutions = Board::new(4)?.solutions();
/// assert_eq!(solutions.next().unwrap().cols(), &[1, 3, 0, 2]);
/// assert_eq!(solutions.next().unwrap().cols(), &[2, 0, 3, 1]);
/// assert_eq!(solutions.next(), None);
/// # Ok::<(), puzzles::queens::QueensError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Solutions {
    masks: Masks,
    /// Columns each row may use at all (the whole row unless constrained).
    allowed: Vec<u64>,
    frames: Vec<Frame>,
    /// Columns of the current row not tried yet.
    untried: Vec<u64>,
    placed: Vec<usize>,
    row: usize,
    done: bool,
}

impl Solutions {
    pub(crate) fn new(masks: Masks, allowed: Vec<u64>) -> Solutions {
        let n = masks.n;
        let mut untried = vec![0; n];
        untried[0] = allowed[0] & !masks.forbidden(0, &Frame::default(), &[]);
        Solutions {
            masks,
            allowed,
            frames: vec![Frame::default(); n],
            untried,
            placed: vec![0; n],
            row: 0,
            done: false,
        }
    }
}

impl Iterator for Solutions {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        let n = self.masks.n;
        while !self.done {
            let row = self.row;
            let untried = self.untried[row];
            if untried == 0 {
                if row == 0 {
                    self.done = true;
                } else {
                    self.row -= 1;
                }
                continue;
            }
            let bit = untried & untried.wrapping_neg();
            self.untried[row] ^= bit;
            self.placed[row] = bit.trailing_zeros() as usize;
            if row + 1 == n {
                return Some(Solution::from_checked(self.placed.clone()));
            }
            let child = self.masks.child(&self.frames[row], bit);
            self.frames[row + 1] = child;
            self.untried[row + 1] = self.allowed[row + 1]
                & !self
                    .masks
                    .forbidden(row + 1, &child, &self.placed[..row + 1])
                & self.masks.full;
            self.row += 1;
        }
        None
    }
}

impl std::iter::FusedIterator for Solutions {}

/// Counts the completions below `row` without building any solution.
pub(crate) fn count_below(
    masks: &Masks,
    allowed: &[u64],
    row: usize,
    frame: &Frame,
    placed: &mut [usize],
) -> u64 {
    let mut untried = allowed[row] & !masks.forbidden(row, frame, &placed[..row]);
    if row + 1 == masks.n {
        return u64::from(untried.count_ones());
    }
    let mut total = 0;
    while untried != 0 {
        let bit = untried & untried.wrapping_neg();
        untried ^= bit;
        placed[row] = bit.trailing_zeros() as usize;
        total += count_below(masks, allowed, row + 1, &masks.child(frame, bit), placed);
    }
    total
}

/// Why a traced search stopped before exhausting the tree.
enum Stop {
    /// The observer asked to stop.
    Observer,
    /// First-solution mode found its solution.
    Found,
}

/// Runs the search event by event: every square of every row is tried in
/// column order and reported as a placement or a conflict.
pub(crate) fn trace<F>(masks: &Masks, allowed: &[u64], mode: TraceMode, observer: F) -> TraceSummary
where
    F: FnMut(&Event) -> ControlFlow<()>,
{
    let mut tracer = Tracer::new(observer);
    let mut placed = Vec::with_capacity(masks.n);
    let outcome = trace_row(
        masks,
        allowed,
        mode,
        0,
        &Frame::default(),
        &mut placed,
        &mut tracer,
    );
    TraceSummary {
        counters: tracer.counters(),
        steps: tracer.steps(),
        completed: !matches!(outcome, ControlFlow::Break(Stop::Observer)),
    }
}

fn trace_row<F>(
    masks: &Masks,
    allowed: &[u64],
    mode: TraceMode,
    row: usize,
    frame: &Frame,
    placed: &mut Vec<usize>,
    tracer: &mut Tracer<F>,
) -> ControlFlow<Stop>
where
    F: FnMut(&Event) -> ControlFlow<()>,
{
    let n = masks.n;
    let emit =
        |tracer: &mut Tracer<F>, action| tracer.emit(row, action).map_break(|()| Stop::Observer);
    if row == n {
        let index = tracer.counters().solutions + 1;
        tracer
            .emit(n, Action::Solution { index })
            .map_break(|()| Stop::Observer)?;
        return match mode {
            TraceMode::FirstSolution => ControlFlow::Break(Stop::Found),
            TraceMode::AllSolutions => ControlFlow::Continue(()),
        };
    }
    let forbidden = masks.forbidden(row, frame, placed);
    for col in (0..n).filter(|&col| allowed[row] & (1 << col) != 0) {
        let bit = 1u64 << col;
        if forbidden & bit != 0 {
            let (with, kind) = masks.culprit(row, col, placed);
            emit(
                tracer,
                Action::Conflict {
                    row,
                    col,
                    value: None,
                    with,
                    kind,
                },
            )?;
            continue;
        }
        emit(
            tracer,
            Action::Place {
                row,
                col,
                value: None,
                forced: false,
            },
        )?;
        placed.push(col);
        let below = trace_row(
            masks,
            allowed,
            mode,
            row + 1,
            &masks.child(frame, bit),
            placed,
            tracer,
        );
        placed.pop();
        below?;
        emit(
            tracer,
            Action::Remove {
                row,
                col,
                value: None,
                forced: false,
            },
        )?;
    }
    emit(tracer, Action::Backtrack { row })
}
