//! The completion search held to the attack rule.

use super::*;
use crate::queens::Piece;

#[test]
fn the_attack_table_is_the_attack_rule() {
    for n in 1..=12 {
        for piece in [Piece::Queen, Piece::Rook, Piece::King, Piece::Superqueen] {
            for torus in [false, true] {
                let rules = Rules::new(n, piece, torus).unwrap();
                let engine = Engine::new(&rules);
                for (r1, c1) in (0..n).flat_map(|r| (0..n).map(move |c| (r, c))) {
                    for (r2, c2) in (0..n).flat_map(|r| (0..n).map(move |c| (r, c))) {
                        if r1 == r2 {
                            continue;
                        }
                        let table = engine.line(c1, engine.distance(r1, r2)) & (1 << c2) != 0;
                        let rule = rules.attack((r1, c1), (r2, c2)).is_some();
                        assert_eq!(table, rule, "{rules:?} ({r1}, {c1}) ({r2}, {c2})");
                    }
                }
            }
        }
    }
}

/// The count compiled for AVX2 and the portable one agree (where the
/// processor has no AVX2 both runs take the portable count), on boards of
/// each copy length (16, 32 and 64 lines) and every piece but rooks: the
/// given pieces are the first rows of the board's first solution, less one.
#[test]
fn the_portable_count_is_the_vector_count() {
    for (n, free) in [(9, 8), (12, 9), (24, 9), (40, 8)] {
        for piece in [Piece::Queen, Piece::King, Piece::Superqueen] {
            let board =
                crate::queens::Board::with_rules(Rules::new(n, piece, false).unwrap()).unwrap();
            let rules = *board.rules();
            let Some(solution) = crate::queens::one_solution(&rules).unwrap() else {
                continue;
            };
            let given: Vec<(usize, usize)> = solution.to_solution().cols()[..n - free]
                .iter()
                .enumerate()
                .filter(|&(row, _)| row != 1)
                .map(|(row, &col)| (row, col))
                .collect();
            let completion = board.with_given(&given).unwrap();
            let listed = completion.solutions().count() as u64;
            assert!(listed > 0, "n = {n} {piece}: the solution completes it");
            let mut portable = completion.clone();
            #[cfg(target_arch = "x86_64")]
            {
                portable.engine.avx2 = None;
            }
            let (mut nodes, mut portable_nodes) = (0, 0);
            let count = completion.count_until(&|| false, &mut nodes);
            let portable_count = portable.count_until(&|| false, &mut portable_nodes);
            assert_eq!(count, Some(listed), "n = {n} {piece}");
            assert_eq!(
                (portable_count, portable_nodes),
                (count, nodes),
                "n = {n} {piece}"
            );
        }
    }
}
