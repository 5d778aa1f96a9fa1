//! Completion against the plain search: on small boards, the completions of
//! some given pieces are exactly the solutions that contain them.

use std::ops::ControlFlow;

use proptest::prelude::*;
use puzzles::queens::{Board, Piece, QueensError, Rules, Solution};
use puzzles::trace::{Action, ConflictKind, TraceMode};

fn contains(solution: &Solution, given: &[(usize, usize)]) -> bool {
    given.iter().all(|&(row, col)| solution.cols()[row] == col)
}

/// Some squares of a random solution, or random non-attacking squares
/// (which may have no completion).
fn instance() -> impl Strategy<Value = (Rules, Vec<(usize, usize)>)> {
    (
        1usize..=10,
        prop_oneof![
            4 => Just(Piece::Queen),
            1 => Just(Piece::Rook),
            1 => Just(Piece::King),
            1 => Just(Piece::Superqueen),
        ],
        prop::bool::weighted(0.2),
        any::<u64>(),
        0usize..=10,
    )
        .prop_map(|(n, piece, torus, seed, k)| {
            let rules = Rules::new(n, piece, torus).unwrap();
            let mut state = seed | 1;
            let mut next = move |bound: usize| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                (state % bound as u64) as usize
            };
            let mut given: Vec<(usize, usize)> = Vec::new();
            for _ in 0..k.min(n) {
                let free: Vec<(usize, usize)> = (0..n)
                    .flat_map(|r| (0..n).map(move |c| (r, c)))
                    .filter(|&square| {
                        given.iter().all(|&other| {
                            other.0 != square.0 && rules.attack(other, square).is_none()
                        })
                    })
                    .collect();
                if free.is_empty() {
                    break;
                }
                given.push(free[next(free.len())]);
            }
            (rules, given)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn completions_are_the_solutions_containing_the_given_pieces((rules, given) in instance()) {
        let board = Board::with_rules(rules).unwrap();
        let expected: Vec<Solution> = board.solutions().filter(|s| contains(s, &given)).collect();
        let completion = board.with_given(&given).unwrap();
        let listed: Vec<Solution> = completion.solutions().collect();
        prop_assert_eq!(&listed, &expected, "in lexicographic order");
        prop_assert_eq!(completion.count(), expected.len() as u64);
        prop_assert_eq!(completion.first(), expected.first().cloned());
        match completion.find() {
            Some(found) => {
                prop_assert!(expected.contains(&found));
                prop_assert!(Solution::with_rules(found.cols().to_vec(), &rules).is_ok());
                prop_assert!(contains(&found, &given));
            }
            None => prop_assert!(expected.is_empty()),
        }
    }

    #[test]
    fn a_completion_trace_replays_to_its_completions((rules, given) in instance()) {
        let completion = Board::with_rules(rules).unwrap().with_given(&given).unwrap();
        let mut path: Vec<usize> = Vec::new();
        let mut found = Vec::new();
        let summary = completion.trace(TraceMode::AllSolutions, |event| {
            match event.action {
                Action::Place { row, col, .. } => {
                    assert_eq!(row, path.len());
                    if let Some(&(_, given_col)) = given.iter().find(|&&(r, _)| r == row) {
                        assert_eq!(col, given_col, "a given row holds its given piece");
                    }
                    path.push(col);
                }
                Action::Remove { .. } => {
                    path.pop();
                }
                Action::Conflict { with, .. } => assert_eq!(path.get(with.0), Some(&with.1)),
                Action::Solution { .. } => found.push(path.clone()),
                _ => {}
            }
            ControlFlow::Continue(())
        });
        let listed: Vec<Vec<usize>> = completion.solutions().map(Solution::into_cols).collect();
        prop_assert_eq!(summary.counters.solutions, listed.len() as u64);
        prop_assert_eq!(found, listed);
    }
}

#[test]
fn two_given_queens_on_eight_by_eight() {
    let board = Board::new(8).unwrap();
    let given = [(0, 3), (6, 4)];
    let expected = board.solutions().filter(|s| contains(s, &given)).count() as u64;
    assert!(expected > 0);
    assert_eq!(board.with_given(&given).unwrap().count(), expected);
}

#[test]
fn bad_given_pieces_are_typed_errors() {
    let board = Board::new(8).unwrap();
    assert_eq!(
        board.with_given(&[(0, 8)]).unwrap_err(),
        QueensError::SquareOffBoard {
            row: 0,
            col: 8,
            n: 8
        }
    );
    assert_eq!(
        board.with_given(&[(9, 1)]).unwrap_err(),
        QueensError::SquareOffBoard {
            row: 9,
            col: 1,
            n: 8
        }
    );
    assert_eq!(
        board.with_given(&[(5, 2), (1, 2)]).unwrap_err(),
        QueensError::Attack {
            first: (1, 2),
            second: (5, 2),
            kind: ConflictKind::Column
        }
    );
    assert_eq!(
        board.with_given(&[(3, 1), (3, 5)]).unwrap_err(),
        QueensError::Attack {
            first: (3, 1),
            second: (3, 5),
            kind: ConflictKind::Row
        }
    );
    assert_eq!(
        board.with_given(&[(0, 0), (7, 7)]).unwrap_err().to_string(),
        "the pieces at (row 0, col 0) and (row 7, col 7) attack each other (diagonal)"
    );
    // The same square twice is one given piece.
    assert_eq!(
        board.with_given(&[(0, 0), (0, 0)]).unwrap().given(),
        &[(0, 0)]
    );
}

#[test]
fn a_full_board_of_given_pieces_is_its_own_completion() {
    let cols = [0, 4, 7, 5, 2, 6, 1, 3];
    let given: Vec<(usize, usize)> = cols.iter().copied().enumerate().collect();
    let completion = Board::new(8).unwrap().with_given(&given).unwrap();
    assert_eq!(completion.count(), 1);
    assert_eq!(completion.find().unwrap().cols(), &cols);
    assert_eq!(completion.solutions().count(), 1);
}

#[test]
fn large_boards_complete_quickly() {
    // A few queens given on boards the plain search would take long over.
    for n in [40, 48, 64] {
        let given = [(0, 1), (1, 3), (2, 5), (n - 1, n - 2)];
        let completion = Board::new(n).unwrap().with_given(&given).unwrap();
        let found = completion.find().expect("completable");
        assert!(Solution::new(found.cols().to_vec()).is_ok());
        assert!(contains(&found, &given));
    }
    // Superqueens need the most-constrained-first search: the plain one is
    // slow from about 27 on.
    let rules = Rules::new(51, Piece::Superqueen, false).unwrap();
    let found = Board::with_rules(rules)
        .unwrap()
        .with_given(&[])
        .unwrap()
        .find()
        .unwrap();
    assert!(Solution::with_rules(found.into_cols(), &rules).is_ok());
}
