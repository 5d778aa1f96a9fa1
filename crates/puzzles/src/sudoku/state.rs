//! The search state of the dedicated solver, shared by its search
//! ([`super::solver`]) and its traced twin ([`super::trace`]), neither of
//! which imports the other for it.
//!
//! A [`State`] keeps, besides each cell's candidates, how many cells of each
//! unit still allow each digit. Placing a digit removes it from the peers and
//! the cell's other digits from the cell; every removal updates the counts,
//! so a cell left with one candidate (naked single) or a digit left with one
//! cell in a unit (hidden single) is queued at once, and a cell or a unit
//! with nothing left is a contradiction found at once. Candidates are only
//! ever removed by a placement in a peer, which is what lets a trace name the
//! cell that rules a digit out.

use super::tables::Tables;

/// Why propagation failed: `digit` cannot stand in `cell` because of the
/// digit placed at `with` (a peer holding `digit`, or `cell` itself when it
/// already holds another digit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Clash {
    pub(crate) cell: u16,
    pub(crate) digit: u8,
    pub(crate) with: u16,
}

/// Where propagation reports its placements: nowhere in the fast search, a
/// list in a trace.
pub(crate) trait Log {
    fn placed(&mut self, cell: usize, digit: u8);
}

impl Log for () {
    #[inline(always)]
    fn placed(&mut self, _cell: usize, _digit: u8) {}
}

impl Log for Vec<(u16, u8)> {
    fn placed(&mut self, cell: usize, digit: u8) {
        self.push((cell as u16, digit));
    }
}

/// A queued placement: `cell << 8 | digit`.
pub(crate) type Pending = u32;

/// The search state of one node: `N` digits, `C` cells, `U` units, cell
/// sets of `W` words.
#[derive(Clone, Debug)]
pub(crate) struct State<const N: usize, const C: usize, const U: usize, const W: usize> {
    /// Bit `d - 1` set when digit `d` may still go in the cell; a filled
    /// cell keeps just its own digit.
    pub(crate) cand: [u32; C],
    /// `places[d - 1]`: the empty cells where `d` may still go.
    places: [[u64; W]; N],
    /// `count[unit][d - 1]`: the cells of the unit whose candidates include
    /// `d` (a filled cell counts for its own digit).
    count: [[u8; N]; U],
    /// The digit in each cell, 0 while empty.
    pub(crate) value: [u8; C],
    /// Cells still empty.
    pub(crate) unsolved: u32,
}

impl<const N: usize, const C: usize, const U: usize, const W: usize> State<N, C, U, W> {
    /// The empty grid: every digit possible everywhere.
    pub(crate) fn new() -> Self {
        let mut all_cells = [u64::MAX; W];
        if !C.is_multiple_of(64) {
            all_cells[W - 1] = (1 << (C % 64)) - 1;
        }
        State {
            cand: [(1u32 << N) - 1; C],
            places: [all_cells; N],
            count: [[N as u8; N]; U],
            value: [0; C],
            unsolved: C as u32,
        }
    }

    /// Places the givens (without logging them) and queues what they force.
    pub(crate) fn load<const P: usize>(
        &mut self,
        tables: &Tables<N, C, P, U, W>,
        givens: &[u8],
        queue: &mut Vec<Pending>,
    ) -> Result<(), Clash> {
        for (cell, &digit) in givens.iter().enumerate() {
            if digit != 0 {
                self.assign(tables, cell, digit, queue, &mut ())?;
            }
        }
        Ok(())
    }

    /// Places queued digits until the queue is empty or a contradiction
    /// shows. The queue is left empty either way.
    #[inline]
    pub(crate) fn propagate<const P: usize, L: Log>(
        &mut self,
        tables: &Tables<N, C, P, U, W>,
        queue: &mut Vec<Pending>,
        log: &mut L,
    ) -> Result<(), Clash> {
        while let Some(pending) = queue.pop() {
            let (cell, digit) = ((pending >> 8) as usize, pending as u8);
            if let Err(clash) = self.assign(tables, cell, digit, queue, log) {
                queue.clear();
                return Err(clash);
            }
        }
        Ok(())
    }

    /// Puts `digit` in `cell` and removes what that rules out, queueing the
    /// singles it creates. On a contradiction the state is left half
    /// updated: callers drop it.
    #[inline(always)]
    pub(crate) fn assign<const P: usize, L: Log>(
        &mut self,
        tables: &Tables<N, C, P, U, W>,
        cell: usize,
        digit: u8,
        queue: &mut Vec<Pending>,
        log: &mut L,
    ) -> Result<(), Clash> {
        let here = self.value[cell];
        if here != 0 {
            return if here == digit {
                Ok(())
            } else {
                Err(Clash {
                    cell: cell as u16,
                    digit,
                    with: cell as u16,
                })
            };
        }
        let d = usize::from(digit - 1);
        let bit = 1u32 << d;
        if self.cand[cell] & bit == 0 {
            return Err(Clash {
                cell: cell as u16,
                digit,
                with: self.holder(tables, cell, digit).unwrap_or(cell) as u16,
            });
        }
        self.value[cell] = digit;
        self.unsolved -= 1;
        log.placed(cell, digit);
        let (word, cell_bit) = (cell / 64, 1u64 << (cell % 64));
        let units = tables.cell_units[cell];
        self.places[d][word] &= !cell_bit;
        for &unit in &units {
            self.count[usize::from(unit)][d] = 1;
        }

        // Each digit the cell gives up loses a place in the cell's units:
        // a unit left with no place for it is a clash found now, one left
        // with a single place is a hidden single queued now, not at the next
        // scan.
        let mut others = self.cand[cell] & !bit;
        self.cand[cell] = bit;
        while others != 0 {
            let e = others.trailing_zeros() as usize;
            others &= others - 1;
            self.places[e][word] &= !cell_bit;
            for &unit in &units {
                let unit = usize::from(unit);
                let left = &mut self.count[unit][e];
                *left -= 1;
                if *left <= 1 {
                    if *left == 0 {
                        return Err(Clash {
                            cell: cell as u16,
                            digit: e as u8 + 1,
                            with: cell as u16,
                        });
                    }
                    self.queue_hidden(tables, unit, e, queue);
                }
            }
        }

        // The peers that could hold `digit` give it up.
        for (w, &peers) in tables.peer_mask[cell].iter().enumerate() {
            let mut hit = self.places[d][w] & peers;
            while hit != 0 {
                let low = hit & hit.wrapping_neg();
                hit ^= low;
                self.places[d][w] &= !low;
                let peer = w * 64 + low.trailing_zeros() as usize;
                let after = self.cand[peer] & !bit;
                self.cand[peer] = after;
                if after & after.wrapping_sub(1) == 0 {
                    if after == 0 {
                        return Err(Clash {
                            cell: peer as u16,
                            digit,
                            with: cell as u16,
                        });
                    }
                    queue.push((peer as u32) << 8 | (after.trailing_zeros() + 1));
                }
                // The units the peer shares with the cell already count the
                // digit once; the others lose a cell for it.
                let peer_units = tables.cell_units[peer];
                for k in 0..3 {
                    if peer_units[k] == units[k] {
                        continue;
                    }
                    let unit = usize::from(peer_units[k]);
                    let left = &mut self.count[unit][d];
                    *left -= 1;
                    if *left <= 1 {
                        if *left == 0 {
                            return Err(Clash {
                                cell: peer as u16,
                                digit,
                                with: cell as u16,
                            });
                        }
                        self.queue_hidden(tables, unit, d, queue);
                    }
                }
            }
        }
        Ok(())
    }

    /// Queues the one cell of `unit` left for digit index `d`.
    #[inline(always)]
    fn queue_hidden<const P: usize>(
        &self,
        tables: &Tables<N, C, P, U, W>,
        unit: usize,
        d: usize,
        queue: &mut Vec<Pending>,
    ) {
        for (w, &cells) in tables.unit_mask[unit].iter().enumerate() {
            let left = self.places[d][w] & cells;
            if left != 0 {
                let cell = w * 64 + left.trailing_zeros() as usize;
                queue.push((cell as u32) << 8 | (d as u32 + 1));
                return;
            }
        }
        debug_assert!(false, "a count of one with no cell behind it");
    }

    /// The first peer of `cell` (row, then column, then box) holding
    /// `digit`.
    pub(crate) fn holder<const P: usize>(
        &self,
        tables: &Tables<N, C, P, U, W>,
        cell: usize,
        digit: u8,
    ) -> Option<usize> {
        tables.peers[cell]
            .iter()
            .map(|&peer| usize::from(peer))
            .find(|&p| self.value[p] == digit)
    }

    /// Where to branch: the empty cell with the fewest candidates, or, by
    /// [`BranchRule::CellsAndUnits`] when no cell has just two, a digit with
    /// fewer places left in some unit than any cell has candidates (ties go
    /// to cells, then to the first in order). There must be an empty cell.
    #[inline]
    pub(crate) fn choose<const P: usize>(
        &self,
        tables: &Tables<N, C, P, U, W>,
        rule: BranchRule,
    ) -> Branch<W> {
        let mut best_cell = usize::MAX;
        let mut fewest = u32::MAX;
        for cell in 0..C {
            if self.value[cell] != 0 {
                continue;
            }
            let mask = self.cand[cell];
            // Propagation leaves no empty cell with fewer than two
            // candidates, so two is as good as it gets.
            let rest = mask & (mask - 1);
            if rest & (rest - 1) == 0 {
                return Branch::Cell { cell, digits: mask };
            }
            let count = mask.count_ones();
            if count < fewest {
                fewest = count;
                best_cell = cell;
            }
        }
        debug_assert!(best_cell != usize::MAX, "choose() on a solved grid");
        // A count of one is a placed digit (a single would have been
        // placed); two or more are the places left for a digit not placed.
        let mut best_unit = None;
        let units = if rule == BranchRule::CellsAndUnits {
            &self.count[..]
        } else {
            &[]
        };
        'units: for (unit, counts) in units.iter().enumerate() {
            for (d, &places) in counts.iter().enumerate() {
                if places >= 2 && u32::from(places) < fewest {
                    fewest = u32::from(places);
                    best_unit = Some((unit, d));
                    if places == 2 {
                        break 'units;
                    }
                }
            }
        }
        match best_unit {
            None => Branch::Cell {
                cell: best_cell,
                digits: self.cand[best_cell],
            },
            Some((unit, d)) => {
                let mut cells = [0u64; W];
                for (w, word) in cells.iter_mut().enumerate() {
                    *word = self.places[d][w] & tables.unit_mask[unit][w];
                }
                Branch::Unit {
                    unit,
                    digit: d as u8 + 1,
                    cells,
                }
            }
        }
    }
}

/// Where the search branches when no single is left. Each rule has puzzles
/// on which it is slow where the other is fast (sparse 16×16 and 25×25
/// grids, both ways: BENCHMARKS.md, Sudoku), so [`super::solver::Race`] runs
/// one search of each in turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BranchRule {
    /// The cell with the fewest candidates, or the places of a digit in a
    /// unit when fewer: the search traces show.
    CellsAndUnits,
    /// The cell with the fewest candidates, always.
    Cells,
}

/// A branching point: alternatives of which exactly one holds in any
/// solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Branch<const W: usize> {
    /// `cell` takes one of `digits` (bit `d - 1` for digit `d`).
    Cell { cell: usize, digits: u32 },
    /// `digit` goes in one of `cells` (a cell set): the cells `unit` has
    /// left for it.
    Unit {
        unit: usize,
        digit: u8,
        cells: [u64; W],
    },
}

impl<const W: usize> Branch<W> {
    /// A branch with nothing to try.
    pub(crate) const DONE: Branch<W> = Branch::Cell { cell: 0, digits: 0 };

    /// Takes the next alternative, lowest first: the `(cell, digit)` to try.
    #[inline]
    pub(crate) fn take(&mut self) -> Option<(usize, u8)> {
        match self {
            Branch::Cell { cell, digits } => {
                if *digits == 0 {
                    return None;
                }
                let d = digits.trailing_zeros();
                *digits &= *digits - 1;
                Some((*cell, d as u8 + 1))
            }
            Branch::Unit { digit, cells, .. } => {
                let w = cells.iter().position(|&word| word != 0)?;
                let bit = cells[w].trailing_zeros() as usize;
                cells[w] &= cells[w] - 1;
                Some((w * 64 + bit, *digit))
            }
        }
    }

    /// `true` when no alternative is left.
    #[inline]
    pub(crate) fn is_exhausted(&self) -> bool {
        match self {
            Branch::Cell { digits, .. } => *digits == 0,
            Branch::Unit { cells, .. } => cells.iter().all(|&word| word == 0),
        }
    }
}
