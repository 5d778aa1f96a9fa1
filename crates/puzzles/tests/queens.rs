//! N-Queens search against published counts and against the textbook oracle.

mod oeis;

use std::collections::HashSet;
use std::ops::ControlFlow;

use proptest::prelude::*;
use puzzles::queens::{Board, Piece, QueensError, Rules, Solution, Symmetry, oracle};
use puzzles::trace::{Action, Event, TraceMode};

#[test]
#[should_panic(expected = "the square (4, 0) is not on a board of side 4")]
fn a_symmetry_of_a_square_off_the_board_is_refused_loudly() {
    // In a release build, as in a debug one: not a wrong square.
    let _ = Symmetry::Rotate90.apply(4, 4, 0);
}

#[test]
fn rules_read_from_json_are_checked() {
    let kings = Rules::new(5, Piece::King, true).unwrap();
    let json = serde_json::to_string(&kings).unwrap();
    assert_eq!(serde_json::from_str::<Rules>(&json).unwrap(), kings);
    let zero = json.replace("\"n\":5", "\"n\":0");
    let err = serde_json::from_str::<Rules>(&zero).unwrap_err();
    assert!(err.to_string().contains("at least 1"), "{err}");
}

#[test]
fn counts_match_a000170_up_to_13() {
    let published = oeis::sequence("A000170");
    for n in 1..=13 {
        assert_eq!(Board::new(n).unwrap().count(), published[&n], "n = {n}");
    }
}

#[test]
fn listing_matches_the_count_up_to_11() {
    let published = oeis::sequence("A000170");
    for n in 1..=11 {
        assert_eq!(
            Board::new(n).unwrap().solutions().count() as u64,
            published[&n],
            "n = {n}"
        );
    }
}

#[test]
fn fundamental_counts_match_a002562_up_to_12() {
    let published = oeis::sequence("A002562");
    for n in 1..=12 {
        let board = Board::new(n).unwrap();
        let classes: Vec<_> = board.fundamental_solutions().collect();
        assert_eq!(classes.len() as u64, published[&n], "n = {n}");
        let covered: u64 = classes.iter().map(|class| class.class_size as u64).sum();
        assert_eq!(
            covered,
            board.count(),
            "class sizes add up to the total for n = {n}"
        );
    }
}

#[test]
fn each_fundamental_solution_is_the_smallest_of_its_images() {
    for n in 1..=10 {
        for class in Board::new(n).unwrap().fundamental_solutions() {
            let images = class.solution.images();
            assert!(images.iter().all(|image| *image >= class.solution));
            let distinct: HashSet<_> = images.into_iter().collect();
            assert_eq!(distinct.len(), class.class_size);
        }
    }
}

#[test]
fn every_solution_belongs_to_exactly_one_listed_class() {
    let n = 8;
    let board = Board::new(n).unwrap();
    let representatives: HashSet<Solution> = board
        .fundamental_solutions()
        .map(|class| class.solution)
        .collect();
    for solution in board.solutions() {
        assert!(representatives.contains(&solution.canonical()));
    }
}

#[test]
fn the_first_five_queens_solutions_follow_the_classic_order() {
    let first: Vec<Vec<usize>> = Board::new(5)
        .unwrap()
        .solutions()
        .take(3)
        .map(Solution::into_cols)
        .collect();
    assert_eq!(
        first,
        [
            vec![0, 2, 4, 1, 3],
            vec![0, 3, 1, 4, 2],
            vec![1, 3, 0, 2, 4]
        ]
    );
}

#[test]
fn two_and_three_have_no_solution_and_one_has_one() {
    assert_eq!(Board::new(2).unwrap().first(), None);
    assert_eq!(Board::new(3).unwrap().first(), None);
    assert_eq!(Board::new(1).unwrap().first().unwrap().cols(), &[0]);
}

#[test]
fn sizes_outside_the_search_are_typed_errors() {
    assert_eq!(Board::new(0), Err(QueensError::ZeroSize));
    assert_eq!(
        Board::new(65),
        Err(QueensError::TooLarge { n: 65, max: 64 })
    );
    assert!(Board::new(64).is_ok());
}

#[test]
fn a_large_board_streams_valid_solutions() {
    let solutions: Vec<Solution> = Board::new(30).unwrap().solutions().take(50).collect();
    for solution in &solutions {
        assert!(Solution::new(solution.cols().to_vec()).is_ok());
    }
    assert!(solutions.windows(2).all(|pair| pair[0] < pair[1]));
}

#[test]
fn full_width_masks_work_at_the_largest_size() {
    // Rooks never backtrack, so n = 64 exercises every bit of the masks at once.
    let rules = Rules::new(64, Piece::Rook, false).unwrap();
    let first = Board::with_rules(rules).unwrap().first().unwrap();
    assert_eq!(first.cols(), (0..64).collect::<Vec<_>>());
    let kings = Rules::new(64, Piece::King, false).unwrap();
    let first = Board::with_rules(kings).unwrap().first().unwrap();
    assert!(Solution::with_rules(first.into_cols(), &kings).is_ok());
}

#[test]
fn variant_counts_match_their_sequences() {
    let cases = [
        ("A051906", Piece::Queen, true, 13),
        ("A051223", Piece::Superqueen, false, 12),
        ("A002464", Piece::King, false, 10),
        ("A000142", Piece::Rook, false, 9),
    ];
    for (a_number, piece, torus, largest) in cases {
        for (&n, &expected) in oeis::sequence(a_number).range(1..=largest) {
            let board = Board::with_rules(Rules::new(n, piece, torus).unwrap()).unwrap();
            assert_eq!(
                board.count(),
                expected,
                "{a_number} {piece} torus={torus} n = {n}"
            );
        }
    }
}

#[test]
fn symmetries_form_the_group_of_the_square() {
    let solution = Solution::new(vec![0, 4, 7, 5, 2, 6, 1, 3]).unwrap();
    let turn = |s: &Solution, times| (0..times).fold(s.clone(), |s, _| s.image(Symmetry::Rotate90));
    assert_eq!(turn(&solution, 4), solution);
    assert_eq!(turn(&solution, 2), solution.image(Symmetry::Rotate180));
    assert_eq!(turn(&solution, 3), solution.image(Symmetry::Rotate270));
    for symmetry in [
        Symmetry::FlipColumns,
        Symmetry::FlipRows,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ] {
        assert_eq!(
            solution.image(symmetry).image(symmetry),
            solution,
            "{symmetry:?}"
        );
    }
    assert_eq!(
        solution
            .image(Symmetry::FlipColumns)
            .image(Symmetry::FlipRows),
        solution.image(Symmetry::Rotate180)
    );
}

/// Replays a trace: the path of placed queens after each event, checking
/// that every event is consistent with the board it acts on.
fn replay(rules: &Rules, events: &[Event]) -> Vec<Vec<usize>> {
    let mut path: Vec<usize> = Vec::new();
    let mut solutions = Vec::new();
    for (index, event) in events.iter().enumerate() {
        assert_eq!(
            event.step,
            index as u64 + 1,
            "steps count from 1 without gaps"
        );
        match event.action {
            Action::Place {
                row,
                col,
                value: None,
                forced: false,
            } => {
                assert_eq!(row, path.len(), "places go to the next row");
                assert_eq!(event.depth, row);
                for (r, &c) in path.iter().enumerate() {
                    assert_eq!(
                        rules.attack((r, c), (row, col)),
                        None,
                        "placed on an attacked square"
                    );
                }
                path.push(col);
            }
            Action::Conflict {
                row,
                col,
                with,
                kind,
                value: None,
            } => {
                assert_eq!(row, path.len());
                assert_eq!(
                    path.get(with.0),
                    Some(&with.1),
                    "the clashing queen is on the board"
                );
                assert_eq!(rules.attack(with, (row, col)), Some(kind));
                let earliest = path
                    .iter()
                    .enumerate()
                    .position(|(r, &c)| rules.attack((r, c), (row, col)).is_some());
                assert_eq!(earliest, Some(with.0), "the earliest attacker is named");
            }
            Action::Remove {
                row,
                col,
                value: None,
                forced: false,
            } => {
                assert_eq!(path.last(), Some(&col));
                assert_eq!(row + 1, path.len());
                path.pop();
            }
            Action::Backtrack { row } => assert_eq!(row, path.len()),
            Action::Solution { index } => {
                assert_eq!(path.len(), rules.n());
                solutions.push(path.clone());
                assert_eq!(index, solutions.len() as u64);
            }
            other => panic!("unexpected event {other:?}"),
        }
    }
    solutions
}

fn collect_trace(board: &Board, mode: TraceMode) -> (Vec<Event>, puzzles::trace::TraceSummary) {
    let mut events = Vec::new();
    let summary = board.trace(mode, |event| {
        events.push(*event);
        ControlFlow::Continue(())
    });
    (events, summary)
}

#[test]
fn the_trace_of_four_queens_replays_to_its_two_solutions() {
    let board = Board::new(4).unwrap();
    let (events, summary) = collect_trace(&board, TraceMode::AllSolutions);
    let solutions = replay(board.rules(), &events);
    assert_eq!(solutions, [vec![1, 3, 0, 2], vec![2, 0, 3, 1]]);
    let counters = summary.counters;
    assert_eq!(
        (
            counters.placements,
            counters.conflicts,
            counters.backtracks,
            counters.solutions
        ),
        (16, 44, 15, 2)
    );
    assert_eq!(counters.placements, counters.removals);
    assert!(summary.completed);
    assert_eq!(events.last().unwrap().action, Action::Backtrack { row: 0 });
}

#[test]
fn first_solution_mode_stops_at_the_first_solution() {
    let board = Board::new(8).unwrap();
    let (events, summary) = collect_trace(&board, TraceMode::FirstSolution);
    assert_eq!(
        replay(board.rules(), &events),
        [board.first().unwrap().into_cols()]
    );
    assert_eq!(summary.counters.solutions, 1);
    assert!(matches!(
        events.last().unwrap().action,
        Action::Solution { index: 1 }
    ));
}

#[test]
fn an_observer_can_stop_the_trace() {
    let board = Board::new(8).unwrap();
    let mut seen = 0;
    let summary = board.trace(TraceMode::AllSolutions, |_| {
        seen += 1;
        if seen == 100 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!((seen, summary.steps, summary.completed), (100, 100, false));
}

fn any_rules() -> impl Strategy<Value = Rules> {
    (
        1usize..=8,
        prop_oneof![
            Just(Piece::Queen),
            Just(Piece::Rook),
            Just(Piece::King),
            Just(Piece::Superqueen)
        ],
        any::<bool>(),
    )
        .prop_map(|(n, piece, torus)| Rules::new(n, piece, torus).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn the_fast_search_yields_the_oracles_sequence(n in 1usize..=9) {
        let fast: Vec<Solution> = Board::new(n).unwrap().solutions().collect();
        prop_assert_eq!(fast, oracle::solutions(&Rules::queens(n).unwrap()));
    }

    #[test]
    fn every_variant_search_agrees_with_the_oracle(rules in any_rules()) {
        let board = Board::with_rules(rules).unwrap();
        let fast: Vec<Solution> = board.solutions().collect();
        let slow = oracle::solutions(&rules);
        prop_assert_eq!(board.count(), slow.len() as u64);
        for pair in fast.windows(2) {
            prop_assert!(pair[0] < pair[1], "strictly increasing: ordered, no duplicates");
        }
        for solution in &fast {
            prop_assert!(Solution::with_rules(solution.cols().to_vec(), &rules).is_ok());
            for image in solution.images() {
                prop_assert!(Solution::with_rules(image.into_cols(), &rules).is_ok(), "symmetries keep the rules");
            }
        }
        prop_assert_eq!(fast, slow);
    }

    #[test]
    fn every_variant_trace_replays_to_its_solutions(rules in any_rules()) {
        let board = Board::with_rules(rules).unwrap();
        let (events, summary) = collect_trace(&board, TraceMode::AllSolutions);
        let replayed = replay(&rules, &events);
        let listed: Vec<Vec<usize>> = board.solutions().map(Solution::into_cols).collect();
        prop_assert_eq!(summary.counters.solutions, listed.len() as u64);
        prop_assert_eq!(replayed, listed);
    }

    /// Reading a solution from JSON takes exactly the permutations: what
    /// every piece's solutions share. Whatever it takes, the symmetries work
    /// on (they index by column).
    #[test]
    fn json_solutions_are_exactly_the_permutations(cols in proptest::collection::vec(0usize..9, 0..9)) {
        let n = cols.len();
        let read = serde_json::from_str::<Solution>(&serde_json::to_string(&cols).unwrap());
        let mut sorted = cols.clone();
        sorted.sort_unstable();
        let permutation = n > 0 && sorted.iter().copied().eq(0..n);
        prop_assert_eq!(read.is_ok(), permutation);
        if let Ok(solution) = read {
            prop_assert!(solution.class_size() <= 8);
            prop_assert_eq!(serde_json::to_string(&solution.canonical().canonical()).unwrap(),
                serde_json::to_string(&solution.canonical()).unwrap());
        }
    }

    #[test]
    fn json_of_any_bytes_gives_rules_or_an_error(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
        if let Ok(rules) = serde_json::from_slice::<Rules>(&bytes) {
            prop_assert!(rules.n() > 0);
            prop_assert!(Board::with_rules(rules).is_ok() || rules.n() > 64);
        }
        let _ = serde_json::from_slice::<Solution>(&bytes);
    }

    /// On a torus a square off the board is the square it wraps round to.
    #[test]
    fn torus_attacks_read_squares_modulo_n(
        rules in any_rules(),
        a in (0usize..40, 0usize..40),
        b in (0usize..40, 0usize..40),
    ) {
        let torus = Rules::new(rules.n(), rules.piece(), true).unwrap();
        let n = torus.n();
        let wrapped = |(row, col): (usize, usize)| (row % n, col % n);
        prop_assert_eq!(torus.attack(a, b), torus.attack(wrapped(a), wrapped(b)));
    }

    #[test]
    fn validation_accepts_exactly_the_attack_free_placements(cols in proptest::collection::vec(0usize..9, 0..9)) {
        let n = cols.len();
        let verdict = Solution::new(cols.clone());
        let in_range = cols.iter().all(|&c| c < n);
        let attack_free = in_range && (0..n).all(|a| (0..a).all(|b| {
            cols[a] != cols[b] && cols[a].abs_diff(cols[b]) != a - b
        }));
        prop_assert_eq!(verdict.is_ok(), n > 0 && attack_free);
    }
}
