//! The symmetry-reduced counter against published counts, the plain search
//! and the slow listing; its work units, its parallel driver and its
//! checkpoints.

mod oeis;

use std::collections::{BTreeMap, BTreeSet};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};

use proptest::prelude::*;
use puzzles::cpu::Isa;
use puzzles::queens::checkpoint::{
    Checkpoint, CheckpointHeader, CheckpointProblem, CheckpointWriter,
};
use puzzles::queens::count::{
    CountError, CountPlan, Counter, MAX_SPLIT, RunEnd, Tally, UnitCount, plain_count,
};
use puzzles::queens::{Board, Solution};

/// The plan with each instruction set, and with the default; one this
/// processor lacks counts with the next narrower one it has.
fn every_kernel(plan: CountPlan) -> Vec<CountPlan> {
    std::iter::once(None)
        .chain(Isa::EACH.map(Some))
        .map(|isa| plan.clone().with_isa(isa))
        .collect()
}

#[test]
fn totals_and_fundamentals_match_the_oeis_up_to_15() {
    let totals = oeis::sequence("A000170");
    let fundamentals = oeis::sequence("A002562");
    for n in 1..=15 {
        for plan in every_kernel(CountPlan::with_default_split(n).unwrap()) {
            let tally = plan.count_all();
            assert_eq!(
                tally.total,
                u128::from(totals[&n]),
                "n = {n}, {:?}",
                plan.isa()
            );
            assert_eq!(
                tally.unique,
                u128::from(fundamentals[&n]),
                "n = {n}, {:?}",
                plan.isa()
            );
        }
    }
}

#[test]
fn quadrant_totals_match_the_oeis_from_4_to_15_on_every_kernel() {
    let totals = oeis::sequence("A000170");
    for n in 4..=15 {
        for plan in every_kernel(CountPlan::quadrants(n).unwrap()) {
            let tally = plan.count_all();
            assert_eq!(
                tally.total,
                u128::from(totals[&n]),
                "n = {n}, {:?}",
                plan.isa()
            );
            assert_eq!(tally.unique, 0, "quadrant units record no classes");
        }
    }
}

#[test]
#[ignore = "a minute: run with `cargo test --release -p puzzles --test count -- --ignored`"]
fn quadrant_totals_match_the_oeis_for_16_and_17_on_every_kernel() {
    let totals = oeis::sequence("A000170");
    for n in 16..=17 {
        for plan in every_kernel(CountPlan::quadrants(n).unwrap()) {
            let run = Counter::new(&plan)
                .threads(2)
                .run(&AtomicBool::new(false), |_, _| {
                    ControlFlow::<()>::Continue(())
                })
                .unwrap();
            assert_eq!(
                run.tally.total,
                u128::from(totals[&n]),
                "n = {n}, {:?}",
                plan.isa()
            );
        }
    }
}

#[test]
fn quadrant_plans_stay_in_their_range_and_refuse_fundamentals() {
    assert!(matches!(
        CountPlan::quadrants(3),
        Err(CountError::QuadrantsRange { n: 3, .. })
    ));
    assert!(matches!(
        CountPlan::quadrants(23),
        Err(CountError::QuadrantsRange { n: 23, .. })
    ));
    let plan = CountPlan::quadrants(8).unwrap();
    assert_eq!(
        plan.fundamental_solutions(0),
        Err(CountError::NoFundamentals)
    );
    assert_eq!(plan.prefix(0), None);
    assert!(matches!(
        plan.count_unit(plan.len()),
        Err(CountError::NoSuchUnit { .. })
    ));
    // A stop set before a unit starts leaves it uncounted.
    assert_eq!(plan.count_unit_until(0, &AtomicBool::new(true)), Ok(None));
}

#[test]
fn a_quadrant_sample_of_every_unit_is_the_count() {
    let plan = CountPlan::quadrants(12).unwrap();
    let projection = plan.count_sample(u64::MAX, 3).projection();
    assert_eq!(projection.total.value, 14200.0);
    assert_eq!(projection.total.std_error, 0.0);
}

#[test]
#[ignore = "a minute: run with `cargo test --release -p puzzles --test count -- --ignored`"]
fn totals_and_fundamentals_match_the_oeis_for_16_and_17_on_every_kernel() {
    let totals = oeis::sequence("A000170");
    let fundamentals = oeis::sequence("A002562");
    for n in 16..=17 {
        for plan in every_kernel(CountPlan::with_default_split(n).unwrap()) {
            let tally = plan.count_all();
            let isa = plan.isa();
            assert_eq!(tally.total, u128::from(totals[&n]), "n = {n}, {isa:?}");
            assert_eq!(
                tally.unique,
                u128::from(fundamentals[&n]),
                "n = {n}, {isa:?}"
            );
        }
    }
}

#[test]
fn the_counter_agrees_with_the_plain_searches_up_to_12() {
    for n in 1..=12 {
        let tally = CountPlan::with_default_split(n).unwrap().count_all();
        let board = Board::new(n).unwrap();
        assert_eq!(
            tally.total,
            u128::from(plain_count(n).unwrap().0),
            "n = {n}"
        );
        assert_eq!(tally.total, u128::from(board.plain_count()), "n = {n}");
        assert_eq!(tally.total, board.solutions().count() as u128, "n = {n}");
        assert_eq!(
            tally.unique,
            board.fundamental_solutions().count() as u128,
            "n = {n}"
        );
        assert_eq!(u128::from(board.count()), tally.total, "n = {n}");
    }
}

#[test]
fn the_reduced_search_visits_far_fewer_nodes() {
    for n in 10..=13 {
        let plain_nodes = plain_count(n).unwrap().1;
        let plan = CountPlan::with_default_split(n).unwrap();
        let reduced = plan.clone().with_isa(Isa::Portable).count_all().nodes;
        assert!(
            reduced * 4 < u128::from(plain_nodes),
            "n = {n}: {reduced} vs {plain_nodes}"
        );
    }
}

#[test]
fn every_split_covers_every_solution_exactly_once() {
    for n in 1..=14 {
        let whole = CountPlan::new(n, 0).unwrap().count_all();
        assert_eq!(whole.units, 1);
        for split in 1..=MAX_SPLIT {
            let plan = CountPlan::new(n, split).unwrap();
            let tally = plan.count_all();
            assert_eq!(
                (tally.total, tally.unique),
                (whole.total, whole.unique),
                "n = {n}, split {split}"
            );
            assert_eq!(tally.units, plan.len());
        }
    }
}

#[test]
fn the_units_hold_exactly_the_fundamental_solutions_and_their_classes_tile_the_solutions() {
    for n in 1..=10 {
        let board = Board::new(n).unwrap();
        let expected: Vec<_> = board.fundamental_solutions().collect();
        let all: BTreeSet<Solution> = board.solutions().collect();
        for split in 0..=n.min(MAX_SPLIT) {
            let plan = CountPlan::new(n, split).unwrap();
            let mut found = Vec::new();
            let mut covered = BTreeSet::new();
            for id in plan.ids() {
                let listed = plan.fundamental_solutions(id).unwrap();
                let count = plan.count_unit(id).unwrap();
                assert_eq!(
                    count.unique,
                    listed.len() as u64,
                    "n = {n}, split {split}, unit {id}"
                );
                let sizes: usize = listed.iter().map(|f| f.class_size).sum();
                assert_eq!(
                    count.total, sizes as u64,
                    "n = {n}, split {split}, unit {id}"
                );
                for fundamental in &listed {
                    assert!(
                        fundamental.solution.cols().starts_with(
                            &plan
                                .prefix(id)
                                .unwrap()
                                .iter()
                                .map(|&c| usize::from(c))
                                .collect::<Vec<_>>()
                        )
                    );
                    for image in fundamental.solution.images() {
                        covered.insert(image);
                    }
                }
                found.extend(listed);
            }
            assert_eq!(found, expected, "n = {n}, split {split}");
            assert_eq!(covered, all, "n = {n}, split {split}");
        }
    }
}

#[test]
fn unit_lists_are_deterministic_and_ordered() {
    let plan = CountPlan::new(12, 3).unwrap();
    assert_eq!(plan, CountPlan::new(12, 3).unwrap());
    let prefixes: Vec<&[u8]> = plan.ids().map(|id| plan.prefix(id).unwrap()).collect();
    assert!(prefixes.windows(2).all(|pair| pair[0] < pair[1]));
    assert_eq!(plan.prefix(plan.len()), None);
    assert_eq!(
        plan.count_unit(plan.len()),
        Err(CountError::NoSuchUnit {
            id: plan.len(),
            units: plan.len()
        })
    );
}

#[test]
fn a_unit_given_twice_is_refused_not_counted_twice() {
    let plan = CountPlan::new(12, 2).unwrap();
    let keep_going = |_, _| ControlFlow::<()>::Continue(());
    for threads in [1, 2] {
        let run = Counter::new(&plan)
            .threads(threads)
            .units([0, 0, 1])
            .run(&AtomicBool::new(false), keep_going);
        assert_eq!(run.unwrap_err(), CountError::RepeatedUnit(0));
    }
    let once = Counter::new(&plan)
        .units([1, 0])
        .run(&AtomicBool::new(false), keep_going)
        .unwrap();
    assert_eq!(once.tally.units, 2);
}

#[test]
fn plans_refuse_what_they_cannot_do() {
    assert_eq!(CountPlan::new(0, 2), Err(CountError::ZeroSize));
    assert!(matches!(
        CountPlan::new(65, 2),
        Err(CountError::TooLarge { .. })
    ));
    assert!(matches!(
        CountPlan::new(8, MAX_SPLIT + 1),
        Err(CountError::SplitTooDeep { .. })
    ));
    assert!(matches!(
        CountPlan::new(60, 8),
        Err(CountError::TooManyUnits { .. })
    ));
    // A split deeper than the board holds whole placements.
    let plan = CountPlan::new(5, 8).unwrap();
    assert_eq!(plan.count_all().total, 10);
}

#[test]
fn the_parallel_driver_gives_the_sequential_counts() {
    let plan = CountPlan::new(13, 3).unwrap();
    let sequential: BTreeMap<u64, UnitCount> = plan
        .ids()
        .map(|id| (id, plan.count_unit(id).unwrap()))
        .collect();
    for threads in [1, 2, 3] {
        let mut reported = BTreeMap::new();
        let run = Counter::new(&plan)
            .threads(threads)
            .run(&AtomicBool::new(false), |id, count| {
                assert!(
                    reported.insert(id, count).is_none(),
                    "unit {id} reported twice"
                );
                ControlFlow::<()>::Continue(())
            })
            .unwrap();
        assert_eq!(run.end, RunEnd::Complete);
        assert_eq!(reported, sequential, "{threads} threads");
        assert_eq!(run.tally, sequential.values().copied().collect::<Tally>());
    }
}

#[test]
fn the_callback_runs_on_the_calling_thread_and_sees_every_short_unit() {
    // N = 12 split 4: 1,290 units of a few microseconds each, which the
    // workers send in batches.
    let plan = CountPlan::new(12, 4).unwrap();
    let caller = std::thread::current().id();
    for threads in [1, 2] {
        let mut reported = 0u64;
        let run = Counter::new(&plan)
            .threads(threads)
            .run(&AtomicBool::new(false), |_, _| {
                assert_eq!(std::thread::current().id(), caller);
                reported += 1;
                ControlFlow::<()>::Continue(())
            })
            .unwrap();
        assert_eq!(run.end, RunEnd::Complete);
        assert_eq!(reported, plan.len());
        assert_eq!((run.tally.total, run.tally.unique), (14200, 1787));
    }
}

#[test]
fn a_cancelled_run_reports_only_finished_units() {
    // Large enough (6,778 units) that the run cannot end before the
    // threads see the cancellation, however fast the lanes count.
    let plan = CountPlan::new(16, 4).unwrap();
    let cancel = AtomicBool::new(false);
    let mut reported = Vec::new();
    let run = Counter::new(&plan)
        .threads(2)
        .run(&cancel, |id, count| {
            reported.push((id, count));
            if reported.len() == 20 {
                cancel.store(true, Ordering::Relaxed);
            }
            ControlFlow::<()>::Continue(())
        })
        .unwrap();
    assert_eq!(run.end, RunEnd::Cancelled);
    assert!(reported.len() >= 20 && (reported.len() as u64) < plan.len());
    assert_eq!(run.tally.units, reported.len() as u64);
    for (id, count) in reported {
        assert_eq!(count, plan.count_unit(id).unwrap());
    }
}

#[test]
fn units_outside_the_plan_are_refused() {
    let plan = CountPlan::new(8, 2).unwrap();
    let err = Counter::new(&plan)
        .units([0, plan.len()])
        .run(&AtomicBool::new(false), |_, _| {
            ControlFlow::<()>::Continue(())
        })
        .unwrap_err();
    assert!(matches!(err, CountError::NoSuchUnit { .. }));
}

/// Counts `plan` into a checkpoint, stopping after `stop_after` units (a
/// crash); returns the checkpoint's bytes.
fn interrupted_run(plan: &CountPlan, stop_after: usize, file: Vec<u8>) -> Vec<u8> {
    let (mut writer, done) = if file.is_empty() {
        let writer = CheckpointWriter::create(file, &CheckpointHeader::for_plan(plan)).unwrap();
        (writer, BTreeMap::new())
    } else {
        let checkpoint = Checkpoint::read(&file[..]).unwrap();
        checkpoint.check_plan(plan).unwrap();
        let header = checkpoint.header().clone();
        (
            CheckpointWriter::resume(file, &header),
            checkpoint.done().clone(),
        )
    };
    let mut written = 0;
    let run = Counter::new(plan)
        .threads(2)
        .skip(&done)
        .run(&AtomicBool::new(false), |id, count| {
            writer.record(id, count).unwrap();
            written += 1;
            if written == stop_after {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .unwrap();
    if (run.tally.units as usize) < stop_after {
        assert_eq!(run.end, RunEnd::Complete);
    }
    writer.into_inner()
}

#[test]
fn a_killed_count_resumes_to_the_exact_result() {
    let n = 14;
    let plan = CountPlan::with_default_split(n).unwrap();
    let mut file = Vec::new();
    let mut rounds = 0;
    loop {
        file = interrupted_run(&plan, 150, file);
        rounds += 1;
        let checkpoint = Checkpoint::read(&file[..]).unwrap();
        if checkpoint.is_complete() {
            let tally = checkpoint.tally();
            assert_eq!(tally.total, u128::from(oeis::sequence("A000170")[&n]));
            assert_eq!(tally.unique, u128::from(oeis::sequence("A002562")[&n]));
            break;
        }
    }
    assert!(rounds > 2, "the count should have needed several runs");
}

#[test]
fn damaged_or_foreign_checkpoints_are_refused() {
    let plan = CountPlan::new(12, 3).unwrap();
    let file = interrupted_run(&plan, 40, Vec::new());
    let text = String::from_utf8(file).unwrap();
    // Cut short.
    let err = Checkpoint::read(&text.as_bytes()[..text.len() - 5]).unwrap_err();
    assert!(matches!(err.problem, CheckpointProblem::Truncated));
    assert_eq!(err.line, 41);
    // A count changed by hand.
    let line = text.lines().nth(7).unwrap();
    let edited = line.replacen("\"unique\":", "\"unique\":1", 1);
    let err = Checkpoint::read(text.replacen(line, &edited, 1).as_bytes()).unwrap_err();
    assert!(matches!(err.problem, CheckpointProblem::BadChecksum));
    assert_eq!(err.line, 8);
    // Another board or another split.
    let checkpoint = Checkpoint::read(text.as_bytes()).unwrap();
    for other in [
        CountPlan::new(13, 3).unwrap(),
        CountPlan::new(12, 4).unwrap(),
    ] {
        let err = checkpoint.check_plan(&other).unwrap_err();
        assert!(matches!(err.problem, CheckpointProblem::Mismatch { .. }));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn any_batch_of_units_sums_like_the_units(n in 4usize..=11, split in 0usize..=4, seed in any::<u64>()) {
        let plan = CountPlan::new(n, split).unwrap();
        let batch: Vec<u64> = plan.ids().filter(|id| (id ^ seed) % 3 == 0).collect();
        let run = Counter::new(&plan)
            .units(batch.clone())
            .threads(2)
            .run(&AtomicBool::new(false), |_, _| ControlFlow::<()>::Continue(()))
            .unwrap();
        let expected: Tally = batch.iter().map(|&id| plan.count_unit(id).unwrap()).collect();
        prop_assert_eq!(run.tally, expected);
    }
}

#[test]
fn a_sample_of_every_unit_projects_the_exact_count() {
    for n in [12, 13, 14] {
        let plan = CountPlan::with_default_split(n).unwrap();
        let exact = plan.count_all();
        let projection = plan.count_sample(plan.len(), 9).projection();
        assert_eq!(projection.sampled, plan.len(), "n = {n}");
        assert_eq!(projection.nodes.value, exact.nodes as f64, "n = {n}");
        assert_eq!(projection.total.value, exact.total as f64, "n = {n}");
        assert_eq!(projection.unique.value, exact.unique as f64, "n = {n}");
        assert_eq!(projection.nodes.std_error, 0.0, "n = {n}");
        assert_eq!(projection.sample_nodes as u128, exact.nodes, "n = {n}");
    }
}

#[test]
fn a_seeded_sample_lands_within_its_error_bar() {
    let plan = CountPlan::new(14, 3).unwrap();
    let exact = plan.count_all();
    let within = |what: &str, estimate: puzzles::queens::count::Estimate, truth: u128| {
        let error = (estimate.value - truth as f64).abs();
        assert!(
            estimate.std_error > 0.0 && error <= 2.0 * estimate.std_error,
            "{what}: {estimate:?} against {truth}"
        );
    };
    // Distinct units, and subtrees three rows below them.
    let units = plan.count_sample(50, 2).projection();
    assert_eq!(units.sampled, 50);
    within("units: nodes", units.nodes, exact.nodes);
    within("units: total", units.total, exact.total);
    let below = plan.count_sample_below(400, 2, 6).projection();
    assert_eq!(below.sampled, 400);
    within("below: nodes", below.nodes, exact.nodes);
    within("below: total", below.total, exact.total);
    within("below: unique", below.unique, exact.unique);
    // The draw is the seed's alone.
    assert_eq!(plan.sample_ids(50, 2), plan.sample_ids(50, 2));
    assert_ne!(plan.sample_ids(50, 2), plan.sample_ids(50, 3));
}

/// Every board but classic queens, as [`CountPlan::pieces`] takes them.
fn other_board() -> impl Strategy<Value = puzzles::queens::Rules> {
    use puzzles::queens::{Piece, Rules};
    let pieces = [Piece::Queen, Piece::Rook, Piece::King, Piece::Superqueen];
    (
        prop::sample::select(pieces.to_vec()),
        any::<bool>(),
        1usize..=9,
    )
        .prop_filter(
            "classic queens have the reduced counter",
            |&(piece, torus, _)| piece != Piece::Queen || torus,
        )
        .prop_map(|(piece, torus, n)| Rules::new(n, piece, torus).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The units of other boards, on any split and any number of threads,
    /// sum to the plain search's solutions and to those of them that are
    /// the smallest of their class, listed one by one.
    #[test]
    fn other_boards_count_as_the_plain_search_lists(
        rules in other_board(),
        split in 0usize..=5,
        threads in 1usize..=3,
    ) {
        let board = Board::with_rules(rules).unwrap();
        let (total, unique) = board.solutions().fold((0u128, 0u128), |(total, unique), solution| {
            (total + 1, unique + u128::from(solution.is_canonical()))
        });
        let plan = CountPlan::pieces(rules, split).unwrap();
        let run = Counter::new(&plan)
            .threads(threads)
            .run(&AtomicBool::new(false), |_, _| ControlFlow::<()>::Continue(()))
            .unwrap();
        prop_assert_eq!(run.end, RunEnd::Complete);
        prop_assert_eq!((run.tally.total, run.tally.unique), (total, unique));
        prop_assert_eq!(u128::from(board.plain_count()), total);
        // A checkpoint's scheme and split make the same plan again.
        prop_assert_eq!(CountPlan::for_scheme(plan.scheme(), rules.n(), split).unwrap(), plan);
    }
}

#[test]
fn other_boards_match_their_sequences_beyond_the_plain_search() {
    use puzzles::queens::{Piece, Rules};
    for (a_number, piece, torus, sizes) in [
        ("A002464", Piece::King, false, 10..=12),
        ("A051223", Piece::Superqueen, false, 10..=15),
        ("A051906", Piece::Queen, true, 10..=17),
    ] {
        for n in sizes {
            let plan = CountPlan::pieces(Rules::new(n, piece, torus).unwrap(), 3).unwrap();
            let run = Counter::new(&plan)
                .run(&AtomicBool::new(false), |_, _| {
                    ControlFlow::<()>::Continue(())
                })
                .unwrap();
            assert_eq!(
                run.tally.total,
                u128::from(oeis::sequence(a_number)[&n]),
                "{a_number} n = {n}"
            );
        }
    }
}

/// A board of any piece and shape, and squares to place first (those that
/// attack one already placed are passed over).
fn board_with_given() -> impl Strategy<Value = puzzles::queens::Completion> {
    use puzzles::queens::{Piece, Rules};
    let pieces = [Piece::Queen, Piece::Rook, Piece::King, Piece::Superqueen];
    (
        prop::sample::select(pieces.to_vec()),
        any::<bool>(),
        1usize..=9,
        prop::collection::vec((0usize..9, 0usize..9), 0..4),
    )
        .prop_map(|(piece, torus, n, squares)| {
            let board = Board::with_rules(Rules::new(n, piece, torus).unwrap()).unwrap();
            let mut given: Vec<(usize, usize)> = Vec::new();
            for (row, col) in squares {
                let mut more = given.clone();
                more.push((row % n, col % n));
                if board.with_given(&more).is_ok() {
                    given = more;
                }
            }
            board.with_given(&given).unwrap()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The units of a count of completions, on any split and any number
    /// of threads, sum to the completions listed one by one, and to
    /// [`Completion::count`]'s search; none is unique.
    #[test]
    fn completions_count_in_units_as_they_are_listed(
        completion in board_with_given(),
        split in 0usize..=5,
        threads in 1usize..=3,
    ) {
        let listed = completion.solutions().count() as u128;
        let plan = CountPlan::completions(&completion, split).unwrap();
        let run = Counter::new(&plan)
            .threads(threads)
            .run(&AtomicBool::new(false), |_, _| ControlFlow::<()>::Continue(()))
            .unwrap();
        prop_assert_eq!(run.end, RunEnd::Complete);
        prop_assert_eq!((run.tally.total, run.tally.unique), (listed, 0));
        prop_assert_eq!(u128::from(completion.count()), listed);
        prop_assert_eq!(plan.given(), Some(completion.given()));
        prop_assert!(CountPlan::scheme_completes(plan.scheme()));
    }
}
