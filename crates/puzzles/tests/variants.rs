//! Every piece on both boards: the bitboard search against the textbook
//! oracle, and `one_solution` (search, construction or completion search)
//! against the attack rule.

use proptest::prelude::*;
use puzzles::queens::repair::MAX_REPAIR_N;
use puzzles::queens::{Board, OneSolution, Piece, Rules, Solution, one_solution, oracle};

const PIECES: [Piece; 4] = [Piece::Queen, Piece::Rook, Piece::King, Piece::Superqueen];

#[test]
fn the_search_lists_exactly_the_oracles_solutions_for_every_rule() {
    // On a torus the last rows reach round to the first ones: sizes from 1
    // up make sure the wrap-around is handled for kings and superqueens,
    // whose reach is more than the diagonals.
    for piece in PIECES {
        for torus in [false, true] {
            let largest = if piece == Piece::Rook { 7 } else { 9 };
            for n in 1..=largest {
                let rules = Rules::new(n, piece, torus).unwrap();
                let board = Board::with_rules(rules).unwrap();
                let expected = oracle::solutions(&rules);
                let listed: Vec<Solution> = board.solutions().collect();
                assert_eq!(listed, expected, "{rules:?}");
                assert_eq!(board.count(), expected.len() as u64, "{rules:?}");
            }
        }
    }
}

#[test]
fn one_solution_obeys_the_rule_for_every_searchable_board() {
    for piece in PIECES {
        for torus in [false, true] {
            for n in 1..=64 {
                // Superqueens on a torus of a size divisible by 2 or 3 may
                // have no solution, and proving that takes long from 17 on.
                if piece == Piece::Superqueen && torus && n > 16 && (n % 2 == 0 || n % 3 == 0) {
                    continue;
                }
                let rules = Rules::new(n, piece, torus).unwrap();
                match one_solution(&rules).unwrap() {
                    Some(found) => {
                        let solution = found.to_solution();
                        assert!(
                            Solution::with_rules(solution.cols().to_vec(), &rules).is_ok(),
                            "{rules:?}: {found:?}"
                        );
                        if let OneSolution::Lexicographic(first) = &found {
                            assert_eq!(
                                Some(first.clone()),
                                Board::with_rules(rules).unwrap().first()
                            );
                        }
                    }
                    None => {
                        if n <= 12 {
                            assert_eq!(Board::with_rules(rules).unwrap().count(), 0, "{rules:?}");
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn first_means_lexicographic_where_it_is_quick_and_construction_beyond() {
    let queens = |n| one_solution(&Rules::queens(n).unwrap()).unwrap().unwrap();
    assert!(matches!(queens(29), OneSolution::Lexicographic(_)));
    assert!(matches!(queens(30), OneSolution::Constructed(_)));
    assert!(matches!(queens(1_000_000_000), OneSolution::Constructed(_)));
    let amazons = Rules::new(30, Piece::Superqueen, false).unwrap();
    assert!(matches!(
        one_solution(&amazons).unwrap().unwrap(),
        OneSolution::Searched(_)
    ));
    let amazons = Rules::new(31, Piece::Superqueen, false).unwrap();
    assert!(matches!(
        one_solution(&amazons).unwrap().unwrap(),
        OneSolution::Constructed(_)
    ));
    // A product of 11 and 6 queens:
    let amazons = Rules::new(66, Piece::Superqueen, false).unwrap();
    let found = one_solution(&amazons).unwrap().unwrap();
    assert!(matches!(found, OneSolution::Constructed(_)));
    // No construction and too large to search: repaired.
    for n in [70, 72] {
        let amazons = Rules::new(n, Piece::Superqueen, false).unwrap();
        let found = one_solution(&amazons).unwrap().unwrap();
        assert!(matches!(found, OneSolution::Repaired(_)));
        assert!(Solution::with_rules(found.to_solution().into_cols(), &amazons).is_ok());
    }
    // Too large to repair, and no product (2^23):
    let amazons = Rules::new(2 * MAX_REPAIR_N, Piece::Superqueen, false).unwrap();
    assert!(one_solution(&amazons).is_err());
    // Known to have none:
    assert_eq!(
        one_solution(&Rules::new(1_000_002, Piece::Queen, true).unwrap()).unwrap(),
        None
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn every_yielded_placement_obeys_its_rule(
        n in 1usize..=22,
        piece in prop::sample::select(PIECES.to_vec()),
        torus in any::<bool>(),
        skip in 0usize..200,
    ) {
        // Some torus boards have no solution, and the search must exhaust
        // the tree to say so: keep those small.
        let n = if torus { n.min(12) } else { n };
        let rules = Rules::new(n, piece, torus).unwrap();
        let board = Board::with_rules(rules).unwrap();
        for solution in board.solutions().skip(skip).take(20) {
            prop_assert!(Solution::with_rules(solution.cols().to_vec(), &rules).is_ok());
        }
    }
}
