use std::collections::BTreeSet;
use std::ops::ControlFlow;

use proptest::prelude::*;

use super::*;
use crate::trace::{Action, ConflictKind, TraceMode};

/// The oracle: every subset of the options, kept when it covers each primary
/// item exactly once and each secondary item at most once.
fn brute_force(problem: &Problem) -> BTreeSet<Vec<usize>> {
    let options = problem.option_count();
    assert!(options < 20, "the oracle is exponential");
    let mut found = BTreeSet::new();
    for subset in 0u32..1 << options {
        let mut covered = vec![0u32; problem.item_count()];
        let chosen: Vec<usize> = (0..options).filter(|&k| subset >> k & 1 == 1).collect();
        for &k in &chosen {
            for &item in problem.option(k) {
                covered[item] += 1;
            }
        }
        let primary_ok = covered[..problem.primary_count()].iter().all(|&c| c == 1);
        let secondary_ok = covered[problem.primary_count()..].iter().all(|&c| c <= 1);
        if primary_ok && secondary_ok {
            found.insert(chosen);
        }
    }
    found
}

fn knuth() -> Problem {
    Problem::parse("a b c d e f g\nc e f\na d g\nb c f\na d\nb g\nd e g\n").unwrap()
}

/// The bound counts one node per item, per option and per item of an
/// option, and two more: the option being added was left out, so a table
/// one node over the bound was taken.
#[test]
fn the_node_bound_is_the_documented_count() {
    // Items known by number cost nothing to declare: the bound is reached
    // with two options.
    let mut exact = Problem::new(MAX_NODES - 6, 0).unwrap();
    for item in 0..2 {
        // (MAX_NODES - 6) items + 2 options + 2 option items + 2.
        assert!(exact.add_option([item]).is_ok());
    }
    assert_eq!(exact.add_option([2]), Err(ExactCoverError::TooLarge));
    let mut over = Problem::new(MAX_NODES - 5, 0).unwrap();
    assert!(over.add_option([0]).is_ok());
    assert_eq!(over.add_option([1]), Err(ExactCoverError::TooLarge));
    assert_eq!(over.option_count(), 1, "a refused option is not kept");
    // Items alone past the bound are refused before any option, and a
    // count near the end of `usize` is refused, not wrapped.
    assert!(Problem::new(MAX_NODES - 2, 0).is_ok());
    assert_eq!(
        Problem::new(MAX_NODES - 1, 0),
        Err(ExactCoverError::TooLarge)
    );
    assert_eq!(
        Problem::new(MAX_NODES - 3, 2),
        Err(ExactCoverError::TooLarge)
    );
    assert_eq!(Problem::new(usize::MAX, 0), Err(ExactCoverError::TooLarge));
    assert_eq!(Problem::new(1, usize::MAX), Err(ExactCoverError::TooLarge));
}

/// `n_queens` refuses exactly the sizes whose table `add_option` would
/// refuse: its first option past the bound is the last square's.
#[test]
fn n_queens_refuses_the_sizes_past_the_node_bound() {
    let nodes = |n: usize| 5 * n * n + 2 * n + 2 * (2 * n - 1) + 2;
    let largest = (1..10_000)
        .take_while(|&n| nodes(n) <= MAX_NODES)
        .last()
        .unwrap();
    assert_eq!(largest, 3662, "the bound the documentation names");
    assert_eq!(
        n_queens(largest + 1).unwrap_err(),
        ExactCoverError::TooLarge
    );
    assert_eq!(n_queens(usize::MAX).unwrap_err(), ExactCoverError::TooLarge);
    assert_eq!(
        n_queens(0).unwrap().count(),
        1,
        "the empty board's one empty placement"
    );
}

#[test]
fn knuths_example_has_its_one_solution() {
    let problem = knuth();
    let solutions: Vec<_> = problem.solutions().collect();
    assert_eq!(solutions, [vec![0, 3, 4]]);
    assert_eq!(problem.count(), 1);
}

#[test]
fn queens_as_exact_cover_counts_like_the_bitboard_solver() {
    for n in 1..=10 {
        let expected = crate::queens::Board::new(n).unwrap().count();
        assert_eq!(n_queens(n).unwrap().count(), expected, "n = {n}");
    }
}

#[test]
fn queens_solutions_are_the_bitboard_solutions() {
    for n in 1..=8 {
        let mut from_cover: Vec<Vec<usize>> = n_queens(n)
            .unwrap()
            .solutions()
            .map(|options| options.iter().map(|&square| square % n).collect())
            .collect();
        from_cover.sort();
        let bitboard: Vec<Vec<usize>> = crate::queens::Board::new(n)
            .unwrap()
            .solutions()
            .map(|s| s.cols().to_vec())
            .collect();
        assert_eq!(from_cover, bitboard, "n = {n}");
    }
}

#[test]
fn no_primary_items_means_one_empty_solution() {
    let problem = Problem::parse("| s\n").unwrap();
    assert_eq!(
        problem.solutions().collect::<Vec<_>>(),
        [Vec::<usize>::new()]
    );
}

#[test]
fn a_primary_item_without_options_means_no_solution() {
    let problem = Problem::parse("a b\na\n").unwrap();
    assert_eq!(problem.count(), 0);
    assert_eq!(problem.first(), None);
}

#[test]
fn count_up_to_stops_at_the_limit() {
    let problem = n_queens(8).unwrap();
    assert_eq!(problem.count_up_to(0), 0);
    assert_eq!(problem.count_up_to(5), 5);
    assert_eq!(problem.count_up_to(1000), 92);
}

#[test]
fn iterator_is_fused() {
    let mut solutions = n_queens(3).unwrap().solutions();
    assert_eq!(solutions.next(), None);
    assert_eq!(solutions.next(), None);
}

#[test]
fn parse_errors_name_line_and_column() {
    let cases: &[(&str, usize, usize, &str)] = &[
        ("", 1, 1, "no items line"),
        ("# only a comment\n\n", 3, 1, "no items line"),
        ("a | b | c\n", 1, 7, "a second '|'"),
        ("a b\na | b\n", 2, 3, "'|' belongs on the items line"),
        ("a b\nb a\na  z\n", 3, 4, "unknown item \"z\""),
        ("a b\na b a\n", 2, 5, "item \"a\" appears twice"),
        ("a b a\n", 1, 5, "item \"a\" is declared twice"),
        ("a | s\na\n s\n", 3, 2, "at least one primary item"),
        ("x\n\u{e9}\u{e9} x\n", 2, 1, "unknown item \"\u{e9}\u{e9}\""),
        ("x\nx \u{e9}y\n", 2, 3, "unknown item \"\u{e9}y\""),
    ];
    for &(text, line, column, message) in cases {
        let err = Problem::parse(text).unwrap_err();
        assert_eq!((err.line, err.column), (line, column), "{text:?}: {err}");
        assert!(err.to_string().contains(message), "{text:?}: {err}");
    }
}

#[test]
fn invalid_utf8_is_reported_with_its_position() {
    let err = Problem::read(&b"a b\na \xc3(\n"[..]).unwrap_err();
    assert_eq!(
        (err.line, err.column, err.kind),
        (2, 3, ParseErrorKind::NotUtf8)
    );
}

#[test]
fn a_byte_order_mark_opening_the_file_is_passed_over() {
    let problem = Problem::parse("\u{feff}a b\na\nb\n").unwrap();
    assert_eq!(problem.count(), 1);
    // Columns count from after it; elsewhere it is part of a name.
    let err = Problem::parse("\u{feff}a b a\n").unwrap_err();
    assert_eq!((err.line, err.column), (1, 5), "{err}");
    let err = Problem::parse("a b\n\u{feff}a\n").unwrap_err();
    assert_eq!((err.line, err.column), (2, 1), "{err}");
}

#[test]
fn comments_and_glued_bars_are_understood() {
    let problem = Problem::parse("  # header\na b|s t # items\n\na s # first\r\nb\n").unwrap();
    assert_eq!((problem.primary_count(), problem.secondary_count()), (2, 2));
    assert_eq!(problem.option(0), [0, 2]);
    assert_eq!(problem.count(), 1);
}

#[test]
fn display_writes_the_text_format() {
    assert_eq!(Problem::new(0, 0).unwrap().to_string(), "|\n");
    assert_eq!(
        Problem::parse("|\n").unwrap(),
        Problem::with_names(Vec::<String>::new(), Vec::<String>::new()).unwrap()
    );
    let problem = knuth();
    assert_eq!(Problem::parse(&problem.to_string()).unwrap(), problem);
}

#[test]
fn api_errors_leave_the_problem_unchanged() {
    let mut problem = Problem::with_names(["a", "b"], ["s"]).unwrap();
    problem.add_named_option(["a"]).unwrap();
    assert_eq!(
        problem.add_option([0, 1, 0]),
        Err(ExactCoverError::RepeatedItem("\"a\"".to_string()))
    );
    assert_eq!(
        problem.add_option(Vec::new()),
        Err(ExactCoverError::EmptyOption)
    );
    assert_eq!(
        problem.add_named_option(["q"]),
        Err(ExactCoverError::UnknownItem("q".to_string()))
    );
    assert_eq!(problem.option_count(), 1);
    assert_eq!(problem.options().flatten().count(), 1);
    assert_eq!(
        problem.add_named_option(["s"]),
        Err(ExactCoverError::NoPrimaryItem)
    );
    assert!(matches!(
        Problem::with_names(["a b"], Vec::<String>::new()),
        Err(ExactCoverError::BadName(_))
    ));
    let long: Vec<usize> = (0..40).chain([7]).collect();
    assert_eq!(
        Problem::new(40, 0).unwrap().add_option(long),
        Err(ExactCoverError::RepeatedItem("7".to_string()))
    );
}

#[test]
fn trace_of_four_queens() {
    let problem = n_queens(4).unwrap();
    let mut events = Vec::new();
    let summary = problem.trace(TraceMode::AllSolutions, |event| {
        events.push(*event);
        ControlFlow::Continue(())
    });
    assert!(summary.completed);
    assert_eq!(summary.counters.solutions, 2);
    assert_eq!(summary.counters.placements, summary.counters.removals);
    // Every item has 4 options at first; the first item, r0, is chosen.
    assert_eq!(
        events[0].action,
        Action::Place {
            row: 0,
            col: 0,
            value: None,
            forced: false,
        }
    );
    for event in &events {
        if let Action::Conflict {
            row,
            col,
            with,
            kind,
            ..
        } = event.action
        {
            assert_eq!(kind, ConflictKind::Item);
            assert!(problem.option(col).contains(&row));
            // The culprit option shares an item with the refused one.
            let shares = problem
                .option(with.1)
                .iter()
                .any(|item| problem.option(col).contains(item));
            assert!(shares, "{event:?}");
        }
    }
    let first = problem.trace(TraceMode::FirstSolution, |_| ControlFlow::Continue(()));
    assert_eq!(first.counters.solutions, 1);
    assert!(first.completed);
    let stopped = problem.trace(TraceMode::AllSolutions, |event| {
        if event.step == 5 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert!(!stopped.completed);
    assert_eq!(stopped.steps, 5);
}

/// Replays a trace: placements and removals must nest like a stack, the
/// options standing at each solution must be a solution, and the depth must
/// be the number of options standing.
fn replay(problem: &Problem, expected: &BTreeSet<Vec<usize>>) {
    let mut standing: Vec<usize> = Vec::new();
    let mut seen = BTreeSet::new();
    let summary = problem.trace(TraceMode::AllSolutions, |event| {
        match event.action {
            Action::Place { col, .. } => {
                assert_eq!(event.depth, standing.len());
                standing.push(col);
            }
            Action::Remove { col, .. } => {
                assert_eq!(standing.pop(), Some(col));
                assert_eq!(event.depth, standing.len());
            }
            Action::Conflict { .. } | Action::Backtrack { .. } => {
                assert_eq!(event.depth, standing.len());
            }
            Action::Solution { .. } => {
                let mut solution = standing.clone();
                solution.sort_unstable();
                assert!(seen.insert(solution));
            }
        }
        ControlFlow::Continue(())
    });
    assert!(standing.is_empty());
    assert_eq!(summary.counters.solutions, expected.len() as u64);
    assert_eq!(&seen, expected);
}

/// A small random problem: `primary` + `secondary` items and options drawn
/// as random non-empty subsets of them.
fn small_problem() -> impl Strategy<Value = Problem> {
    (0usize..=6, 0usize..=3)
        .prop_flat_map(|(primary, secondary)| {
            let items = primary + secondary;
            let option = proptest::sample::subsequence(
                (0..items.max(1)).collect::<Vec<_>>(),
                1..=items.max(1),
            );
            (
                Just(primary),
                Just(secondary),
                proptest::collection::vec(option, 0..=12),
            )
        })
        .prop_map(|(primary, secondary, options)| {
            let mut problem = Problem::new(primary, secondary).unwrap();
            for option in options {
                if option.iter().any(|&item| item < primary) {
                    problem.add_option(option).unwrap();
                }
            }
            problem
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn solutions_match_brute_force(problem in small_problem()) {
        let expected = brute_force(&problem);
        let found: Vec<Vec<usize>> = problem.solutions().collect();
        let distinct: BTreeSet<Vec<usize>> = found.iter().cloned().collect();
        prop_assert_eq!(distinct.len(), found.len(), "a solution came twice");
        prop_assert_eq!(&distinct, &expected);
        prop_assert_eq!(problem.count(), expected.len() as u64);
        prop_assert_eq!(problem.count_up_to(2), expected.len().min(2) as u64);
        prop_assert_eq!(problem.first().is_some(), !expected.is_empty());
        replay(&problem, &expected);
    }

    #[test]
    fn the_text_format_round_trips(problem in small_problem()) {
        let text = problem.to_string();
        let parsed = Problem::parse(&text).unwrap();
        prop_assert_eq!(parsed.primary_count(), problem.primary_count());
        prop_assert_eq!(parsed.secondary_count(), problem.secondary_count());
        prop_assert_eq!(parsed.options().collect::<Vec<_>>(), problem.options().collect::<Vec<_>>());
        prop_assert_eq!(parsed.to_string(), text);
    }

    #[test]
    fn arbitrary_bytes_give_a_problem_or_a_positioned_error(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let lines = bytes.split(|&b| b == b'\n').count();
        match Problem::read(&bytes[..]) {
            Ok(problem) => {
                // Whatever was read writes back to an equal problem.
                let again = Problem::parse(&problem.to_string()).unwrap();
                prop_assert_eq!(again.options().collect::<Vec<_>>(), problem.options().collect::<Vec<_>>());
            }
            Err(err) => {
                prop_assert!(err.line >= 1 && err.line <= lines);
                prop_assert!(err.column >= 1);
                prop_assert!(!err.to_string().is_empty());
            }
        }
    }

    #[test]
    fn arbitrary_text_of_names_and_bars(text in "[ab|# \n]{0,40}") {
        match Problem::parse(&text) {
            Ok(problem) => prop_assert!(problem.count_up_to(3) <= 3),
            Err(err) => prop_assert!(err.line >= 1),
        }
    }
}

/// The scan for the item to branch on stops at the first one with at most
/// one option: an item with none further on ends the branch a level down
/// all the same, and scanning every item at every level made a problem of
/// items with one option each quadratic.
#[test]
fn the_first_forced_item_is_chosen_without_scanning_on() {
    // Item a has one option, b none: b would end the search at once, a
    // ends it a level down.
    let problem = Problem::parse("a b\na\n").unwrap();
    let links = super::links::Links::new(&problem);
    assert_eq!(links.choose_item(), 1);
    let problem = Problem::parse("a b c\na b\nc\nc\n").unwrap();
    assert_eq!(super::links::Links::new(&problem).choose_item(), 1);
    // Without a forced item, the fewest options, the first among ties.
    let problem = Problem::parse("a b c\na\na\nb\nb\nc\nc\nc\n").unwrap();
    assert_eq!(super::links::Links::new(&problem).choose_item(), 1);
    let problem = Problem::parse("a b c\na\na\na\nb\nb\nc\nc\nc\n").unwrap();
    assert_eq!(super::links::Links::new(&problem).choose_item(), 2);
}
