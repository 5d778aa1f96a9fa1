//! Work units for every board but classic queens: kings, superqueens and
//! rooks, and any piece on a torus.
//!
//! Classic queens have the reduced search of [`units`](super::super::units),
//! which visits only placements that can grow into a class's smallest
//! image. These boards share no such search, but each has a symmetry that
//! leaves the first rows' choices to fewer squares all the same:
//! - on a plain board, the mirror (column `c` to `n - 1 - c`): the first
//!   row's piece stands in the left half, and each solution found stands
//!   for itself and its mirror image (itself alone when the first piece is
//!   in the middle column);
//! - on a torus, turning every piece the same number of columns round: the
//!   first row's piece stands in column 0 and each solution found stands
//!   for its `n` turns; the mirror turned to keep column 0 in place (`c` to
//!   `-c` mod `n`) then keeps the second row's piece in columns 1 to `n / 2`,
//!   doubling what each solution stands for, unless it is in column `n / 2`,
//!   where the mirror leaves it.
//!
//! A unit's total is the number of solutions its placements stand for; its
//! unique count is how many of those are the smallest of their class under
//! the square's eight symmetries ([`Solution::is_canonical`]), so that units
//! sum to both numbers whichever unit each class's smallest falls in.
//!
//! [`Solution::is_canonical`]: super::super::Solution::is_canonical

use super::super::rules::{Piece, Rules};
use super::super::search::{Frame, Masks};
use super::tally::UnitCount;

/// The unit scheme of a plan for `rules`, as checkpoints and parts record
/// it; `None` for classic queens, whose scheme is [`super::SCHEME`].
pub(super) fn scheme(rules: Rules) -> Option<&'static str> {
    Some(match (rules.piece(), rules.torus()) {
        (Piece::Queen, false) => return None,
        (Piece::Queen, true) => "queens-torus-rows-1",
        (Piece::Rook, false) => "rooks-rows-1",
        (Piece::Rook, true) => "rooks-torus-rows-1",
        (Piece::King, false) => "kings-rows-1",
        (Piece::King, true) => "kings-torus-rows-1",
        (Piece::Superqueen, false) => "superqueens-rows-1",
        (Piece::Superqueen, true) => "superqueens-torus-rows-1",
    })
}

/// The piece and board shape whose plans use `scheme`.
pub(super) fn rules_of(scheme: &str) -> Option<(Piece, bool)> {
    board_named(scheme, self::scheme)
}

/// The piece and board shape that `name` gives `scheme`, among all eight.
pub(super) fn board_named(
    scheme: &str,
    name: impl Fn(Rules) -> Option<&'static str>,
) -> Option<(Piece, bool)> {
    [Piece::Queen, Piece::Rook, Piece::King, Piece::Superqueen]
        .into_iter()
        .flat_map(|piece| [(piece, false), (piece, true)])
        .find(|&(piece, torus)| {
            Rules::new(1, piece, torus)
                .ok()
                .and_then(&name)
                .is_some_and(|named| named == scheme)
        })
}

/// The columns each row may take before any piece stands: the symmetry
/// cut of the module's overview in rows 0 and 1, every column elsewhere.
fn allowed(masks: &Masks) -> Vec<u64> {
    let n = masks.n;
    let mut allowed = vec![masks.full; n];
    let columns = |fits: &dyn Fn(usize) -> bool| {
        (0..n)
            .filter(|&col| fits(col))
            .fold(0u64, |mask, col| mask | 1 << col)
    };
    if masks.rules.torus() {
        allowed[0] = 1;
        if n > 1 {
            allowed[1] = columns(&|col| 2 * col <= n);
        }
    } else {
        allowed[0] = columns(&|col| 2 * col < n);
    }
    allowed
}

/// The placements of the first `depth` rows (at most `n`) that the cut
/// allows and no two pieces of which attack each other, in lexicographic
/// order, `depth` columns each back to back; `None` past `max_units`.
pub(super) fn prefixes(rules: Rules, depth: usize, max_units: usize) -> Option<Vec<u8>> {
    prefixes_within(rules, &allowed(&Masks::new(rules)), depth, max_units)
}

/// [`prefixes`], each row taking only the columns `allowed` gives it.
pub(super) fn prefixes_within(
    rules: Rules,
    allowed: &[u64],
    depth: usize,
    max_units: usize,
) -> Option<Vec<u8>> {
    fn below(
        masks: &Masks,
        allowed: &[u64],
        depth: usize,
        placed: &mut Vec<usize>,
        frame: &Frame,
        out: &mut Vec<u8>,
        room: &mut usize,
    ) -> Option<()> {
        let row = placed.len();
        if row == depth {
            *room = room.checked_sub(1)?;
            out.extend(placed.iter().map(|&col| col as u8));
            return Some(());
        }
        let mut untried = allowed[row] & !masks.forbidden(row, frame, placed);
        while untried != 0 {
            let bit = untried & untried.wrapping_neg();
            untried ^= bit;
            placed.push(bit.trailing_zeros() as usize);
            below(
                masks,
                allowed,
                depth,
                placed,
                &masks.child(frame, bit),
                out,
                room,
            )?;
            placed.pop();
        }
        Some(())
    }
    let masks = Masks::new(rules);
    let depth = depth.min(rules.n());
    let mut out = Vec::new();
    let mut room = max_units;
    below(
        &masks,
        allowed,
        depth,
        &mut Vec::with_capacity(depth),
        &Frame::default(),
        &mut out,
        &mut room,
    )?;
    Some(out)
}

/// The columns the row below `prefix` may take.
pub(super) fn candidates(rules: Rules, prefix: &[u8]) -> u64 {
    candidates_within(rules, &allowed(&Masks::new(rules)), prefix)
}

/// [`candidates`], the row taking only the columns `allowed` gives it.
pub(super) fn candidates_within(rules: Rules, allowed: &[u64], prefix: &[u8]) -> u64 {
    let masks = Masks::new(rules);
    let placed: Vec<usize> = prefix.iter().map(|&col| usize::from(col)).collect();
    let frame = placed.iter().fold(Frame::default(), |frame, &col| {
        masks.child(&frame, 1 << col)
    });
    let row = placed.len();
    allowed.get(row).map_or(0, |&allowed| {
        allowed & !masks.forbidden(row, &frame, &placed)
    })
}

/// Rows this close to the last are searched without looking at the stop
/// flag: below them are at most 8! placements, a few milliseconds.
const UNWATCHED_ROWS: usize = 8;

/// Counts the solutions below `prefix` (a placement from [`prefixes`]);
/// `None` when `stopped` said so before the end.
pub(super) fn count_below(
    rules: Rules,
    prefix: &[u8],
    stopped: &dyn Fn() -> bool,
) -> Option<UnitCount> {
    let masks = Masks::new(rules);
    let n = masks.n;
    let mut walk = Walk {
        allowed: allowed(&masks),
        wrapped: wrapped_attacks(&masks),
        masks,
        placed: vec![0; n],
        inverse: vec![0; n],
        stopped,
        count: UnitCount::default(),
    };
    let mut frame = Frame::default();
    for (row, &col) in prefix.iter().enumerate() {
        let col = usize::from(col);
        walk.placed[row] = col;
        walk.inverse[col] = row as u8;
        frame = masks.child(&frame, 1 << col);
    }
    if prefix.len() == n {
        walk.solution();
    } else {
        walk.below(prefix.len(), &frame)?;
    }
    Some(walk.count)
}

/// One unit's search: the pieces placed so far and what was counted.
struct Walk<'a> {
    masks: Masks,
    allowed: Vec<u64>,
    /// `placed[row]`: the column of the piece in `row`.
    placed: Vec<usize>,
    /// `inverse[col]`: the row of the piece in `col`. Entries of columns
    /// left since are stale, but a solution fills every column.
    inverse: Vec<u8>,
    /// [`wrapped_attacks`].
    wrapped: Vec<u64>,
    stopped: &'a dyn Fn() -> bool,
    count: UnitCount,
}

/// The squares of the last two rows that a piece in row 0 or 1 attacks
/// across a torus's wrapped edge, by the attack rule itself, as
/// [`Masks::forbidden`] finds them square by square: at
/// `((row + 2 - n) * 2 + from) * n + col` for a piece at `(from, col)`.
/// Most of a torus count's nodes are in those rows. Empty where
/// [`Masks::wraps_to_top`] is false everywhere.
fn wrapped_attacks(masks: &Masks) -> Vec<u64> {
    let n = masks.n;
    if !(0..n).any(|row| masks.wraps_to_top(row)) {
        return Vec::new();
    }
    let mut table = vec![0; 4 * n];
    for row in n.saturating_sub(2)..n {
        for from in 0..row.min(2) {
            for col in 0..n {
                table[((row + 2 - n) * 2 + from) * n + col] = (0..n)
                    .filter(|&to| masks.rules.attack((from, col), (row, to)).is_some())
                    .fold(0, |mask, to| mask | 1 << to);
            }
        }
    }
    table
}

impl Walk<'_> {
    fn below(&mut self, row: usize, frame: &Frame) -> Option<()> {
        let masks = self.masks;
        let n = masks.n;
        if row + UNWATCHED_ROWS < n && (self.stopped)() {
            return None;
        }
        let mut forbidden = masks.forbidden_from_above(row, frame, &self.placed[..row]);
        if masks.wraps_to_top(row) {
            for from in 0..row.min(2) {
                forbidden |= self.wrapped[((row + 2 - n) * 2 + from) * n + self.placed[from]];
            }
        }
        let mut untried = self.allowed[row] & !forbidden;
        while untried != 0 {
            let bit = untried & untried.wrapping_neg();
            untried ^= bit;
            let col = bit.trailing_zeros() as usize;
            self.count.nodes += 1;
            self.placed[row] = col;
            self.inverse[col] = row as u8;
            if row + 1 == n {
                self.solution();
            } else {
                self.below(row + 1, &masks.child(frame, bit))?;
            }
        }
        Some(())
    }

    /// Counts the solutions that the one in `placed` stands for.
    fn solution(&mut self) {
        let n = self.masks.n;
        let (cols, inverse) = (&self.placed[..], &self.inverse[..]);
        let canonical = |mirrored: bool, turn: usize| {
            u64::from(image_is_canonical(cols, inverse, mirrored, turn))
        };
        if self.masks.rules.torus() {
            let mirrored_too = n > 1 && 2 * cols[1] != n;
            self.count.total += n as u64 * (1 + u64::from(mirrored_too));
            // An image's first square, its turn, can be the smallest of the
            // eight only if the last row's piece, turned, stands no further
            // from either edge (FlipRows, Rotate180): for the last piece in
            // column d, turns up to (n - 1 - d) / 2, and mirrored, up to
            // (d - 1) / 2 (a larger turn takes the last piece round the
            // edge, before the first). The other turns are not looked at,
            // which takes the 2n images a solution on a torus stands for
            // down to about n / 2.
            let last = cols[n - 1];
            self.count.unique += (0..=(n - 1 - last) / 2)
                .map(|turn| canonical(false, turn))
                .sum::<u64>();
            if mirrored_too {
                self.count.unique += (0..=last.saturating_sub(1) / 2)
                    .map(|turn| canonical(true, turn))
                    .sum::<u64>();
            }
        } else {
            self.count.total += 1;
            self.count.unique += canonical(false, 0);
            if 2 * cols[0] + 1 != n {
                self.count.total += 1;
                self.count.unique += canonical(true, n - 1);
            }
        }
    }
}

/// Whether the solution `cols` (with `inverse`, its rows by column) taken
/// to column `(turn ± cols[row]) mod n` (minus when `mirrored`) is the
/// smallest of its eight images, as [`Solution::is_canonical`] has it.
///
/// A torus solution stands for up to 2n images, so this is most of the
/// work of counting one: no image is built, each square of each is worked
/// out as the comparison reaches it, and nearly every comparison ends at
/// its first or second square.
///
/// [`Solution::is_canonical`]: super::super::Solution::is_canonical
fn image_is_canonical(cols: &[usize], inverse: &[u8], mirrored: bool, turn: usize) -> bool {
    /// Whether `theirs` is not lexicographically smaller than `ours`.
    fn not_smaller(
        n: usize,
        ours: impl Fn(usize) -> usize,
        theirs: impl Fn(usize) -> usize,
    ) -> bool {
        (0..n)
            .map(|row| (theirs(row), ours(row)))
            .find(|(theirs, ours)| theirs != ours)
            .is_none_or(|(theirs, ours)| theirs > ours)
    }
    let n = cols.len();
    let last = n - 1;
    // Both sums stay below 2n: one subtraction brings them onto the board.
    let wrap = |col: usize| if col >= n { col - n } else { col };
    let image = |row: usize| {
        let col = cols[row];
        wrap(if mirrored { turn + n - col } else { col + turn })
    };
    let image_row = |col: usize| {
        let from = wrap(if mirrored {
            turn + n - col
        } else {
            col + n - turn
        });
        usize::from(inverse[from])
    };
    not_smaller(n, image, |row| last - image(row))
        && not_smaller(n, image, |row| image(last - row))
        && not_smaller(n, image, |row| last - image(last - row))
        && not_smaller(n, image, image_row)
        && not_smaller(n, image, |row| last - image_row(row))
        && not_smaller(n, image, |row| image_row(last - row))
        && not_smaller(n, image, |row| last - image_row(last - row))
}

#[cfg(test)]
mod tests {
    use super::super::super::Board;
    use super::*;

    /// Every solution by the plain search, and how many are canonical.
    fn oracle(rules: Rules) -> (u64, u64) {
        let board = Board::with_rules(rules).unwrap();
        board.solutions().fold((0, 0), |(total, unique), solution| {
            (total + 1, unique + u64::from(solution.is_canonical()))
        })
    }

    fn units_sum(rules: Rules, depth: usize) -> (u64, u64) {
        let prefixes = prefixes(rules, depth, usize::MAX).unwrap();
        let depth = depth.min(rules.n());
        let never = || false;
        let units: Vec<&[u8]> = if depth == 0 {
            vec![&[]]
        } else {
            prefixes.chunks(depth).collect()
        };
        units.into_iter().fold((0, 0), |(total, unique), prefix| {
            let count = count_below(rules, prefix, &never).unwrap();
            (total + count.total, unique + count.unique)
        })
    }

    #[test]
    fn units_sum_to_the_plain_search_on_every_board() {
        for piece in [Piece::Queen, Piece::Rook, Piece::King, Piece::Superqueen] {
            for torus in [false, true] {
                for n in 1..=9 {
                    let rules = Rules::new(n, piece, torus).unwrap();
                    for depth in [0, 1, 2, 3, 9] {
                        assert_eq!(
                            units_sum(rules, depth),
                            oracle(rules),
                            "{piece} n = {n} torus {torus} depth {depth}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn every_scheme_names_one_board() {
        for piece in [Piece::Queen, Piece::Rook, Piece::King, Piece::Superqueen] {
            for torus in [false, true] {
                let rules = Rules::new(5, piece, torus).unwrap();
                match scheme(rules) {
                    None => assert!(rules.is_classic()),
                    Some(name) => assert_eq!(rules_of(name), Some((piece, torus))),
                }
            }
        }
        assert_eq!(rules_of("lexmin-rows-1"), None);
    }

    #[test]
    fn a_stop_request_stops_a_unit() {
        let rules = Rules::new(10, Piece::King, false).unwrap();
        assert_eq!(count_below(rules, &[0], &|| true), None);
        assert!(count_below(rules, &[0], &|| false).is_some());
    }
}
