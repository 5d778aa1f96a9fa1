//! Work units for completing given pieces (`--given`): the placements of
//! the first rows that keep clear of the given pieces, a row with a given
//! piece taking its column alone.
//!
//! Given pieces break the board's symmetries, so nothing is cut: each
//! completion found counts once, and none is told apart as the smallest of
//! its class (every unique count is 0).
//!
//! The units are cut in row order, each row keeping clear of every given
//! piece ([`allowed`]); below a unit's rows the completion search of
//! [`Completion`](super::super::Completion) counts.

use super::super::Board;
use super::super::rules::{Piece, Rules};
use super::pieces;
use super::tally::UnitCount;

/// The unit scheme of a plan completing given pieces on `rules`' board, as
/// checkpoints record it (with the given squares beside it).
pub(super) fn scheme(rules: Rules) -> &'static str {
    match (rules.piece(), rules.torus()) {
        (Piece::Queen, false) => "queens-given-rows-1",
        (Piece::Queen, true) => "queens-torus-given-rows-1",
        (Piece::Rook, false) => "rooks-given-rows-1",
        (Piece::Rook, true) => "rooks-torus-given-rows-1",
        (Piece::King, false) => "kings-given-rows-1",
        (Piece::King, true) => "kings-torus-given-rows-1",
        (Piece::Superqueen, false) => "superqueens-given-rows-1",
        (Piece::Superqueen, true) => "superqueens-torus-given-rows-1",
    }
}

/// The piece and board shape whose completion plans use `scheme`.
pub(super) fn rules_of(scheme: &str) -> Option<(Piece, bool)> {
    pieces::board_named(scheme, |rules| Some(self::scheme(rules)))
}

/// The columns each row may take: a given piece's alone in its row, and
/// elsewhere every column that no given piece attacks. The pieces are
/// checked beforehand ([`Completion`](super::super::Completion)): none
/// attacks another.
pub(super) fn allowed(rules: Rules, given: &[(usize, usize)]) -> Vec<u64> {
    let n = rules.n();
    (0..n)
        .map(
            |row| match given.iter().find(|&&(given_row, _)| given_row == row) {
                Some(&(_, col)) => 1 << col,
                None => (0..n)
                    .filter(|&col| {
                        given
                            .iter()
                            .all(|&square| rules.attack(square, (row, col)).is_none())
                    })
                    .fold(0, |mask, col| mask | 1 << col),
            },
        )
        .collect()
}

/// The placements of the first `depth` rows that complete towards the
/// given pieces, in lexicographic order, back to back; `None` past
/// `max_units`.
pub(super) fn prefixes(
    rules: Rules,
    given: &[(usize, usize)],
    depth: usize,
    max_units: usize,
) -> Option<Vec<u8>> {
    pieces::prefixes_within(rules, &allowed(rules, given), depth, max_units)
}

/// The columns the row below `prefix` may take.
pub(super) fn candidates(rules: Rules, given: &[(usize, usize)], prefix: &[u8]) -> u64 {
    pieces::candidates_within(rules, &allowed(rules, given), prefix)
}

/// Counts the completions below `prefix` (a placement from [`prefixes`]);
/// `None` when `stopped` said so before the end.
///
/// The prefix's pieces join the given ones, and the completion search
/// counts below them: it branches on the row or column with the fewest
/// open squares, so a line left with none ends a branch at once. The plain
/// search in row order, with each row's columns from [`allowed`], took
/// 3.3 s against its 5.1 s for 17 queens with one given, but it learns of
/// an emptied column only when the column's last row comes, and random
/// boards with many given queens take it far longer (BENCHMARKS.md).
pub(super) fn count_below(
    rules: Rules,
    given: &[(usize, usize)],
    prefix: &[u8],
    stopped: &dyn Fn() -> bool,
) -> Option<UnitCount> {
    let mut squares = given.to_vec();
    squares.extend(
        prefix
            .iter()
            .enumerate()
            .map(|(row, &col)| (row, usize::from(col))),
    );
    let completion = Board::with_rules(rules)
        .and_then(|board| board.with_given(&squares))
        .expect("a prefix of the plan keeps clear of the given pieces");
    let mut count = UnitCount::default();
    count.total = completion.count_until(stopped, &mut count.nodes)?;
    Some(count)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every completion by the completion search's own iterator.
    fn oracle(rules: Rules, given: &[(usize, usize)]) -> u64 {
        let board = Board::with_rules(rules).unwrap();
        board.with_given(given).unwrap().solutions().count() as u64
    }

    fn units_sum(rules: Rules, given: &[(usize, usize)], depth: usize) -> u64 {
        let prefixes = prefixes(rules, given, depth, usize::MAX).unwrap();
        let depth = depth.min(rules.n());
        let units: Vec<&[u8]> = if depth == 0 {
            vec![&[]]
        } else {
            prefixes.chunks(depth).collect()
        };
        units
            .into_iter()
            .map(|prefix| {
                let count = count_below(rules, given, prefix, &|| false).unwrap();
                assert_eq!(count.unique, 0);
                count.total
            })
            .sum()
    }

    #[test]
    fn units_sum_to_the_completions_on_every_board() {
        let givens: [&[(usize, usize)]; 4] = [&[], &[(0, 1)], &[(3, 2)], &[(1, 4), (6, 0)]];
        for piece in [Piece::Queen, Piece::Rook, Piece::King, Piece::Superqueen] {
            for torus in [false, true] {
                for n in 7..=9 {
                    let rules = Rules::new(n, piece, torus).unwrap();
                    for given in givens {
                        if Board::with_rules(rules).unwrap().with_given(given).is_err() {
                            continue;
                        }
                        for depth in [0, 1, 2, 4, 9] {
                            assert_eq!(
                                units_sum(rules, given, depth),
                                oracle(rules, given),
                                "{piece} n = {n} torus {torus} given {given:?} depth {depth}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn a_row_with_a_given_piece_takes_its_column_alone() {
        let rules = Rules::queens(8).unwrap();
        let allowed = allowed(rules, &[(2, 3)]);
        assert_eq!(allowed[2], 1 << 3);
        // Row 0: the column and both diagonals of (2, 3) are struck.
        assert_eq!(allowed[0], 0xff & !(1 << 3 | 1 << 1 | 1 << 5));
    }

    #[test]
    fn every_scheme_names_one_board() {
        for piece in [Piece::Queen, Piece::Rook, Piece::King, Piece::Superqueen] {
            for torus in [false, true] {
                let rules = Rules::new(5, piece, torus).unwrap();
                assert_eq!(rules_of(scheme(rules)), Some((piece, torus)));
                assert_eq!(pieces::rules_of(scheme(rules)), None);
            }
        }
        assert_eq!(rules_of("kings-rows-1"), None);
    }

    #[test]
    fn a_stop_request_stops_a_unit() {
        for piece in [Piece::Queen, Piece::King] {
            let rules = Rules::new(14, piece, false).unwrap();
            assert_eq!(count_below(rules, &[(5, 5)], &[1], &|| true), None);
            assert!(count_below(rules, &[(5, 5)], &[1], &|| false).is_some());
        }
    }
}
