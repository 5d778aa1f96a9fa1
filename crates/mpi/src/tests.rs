//! The coordinator and the workers over in-process channels, one thread a
//! rank: every unit counted exactly once, stops and resumes exact. (The
//! same code over real MPI is checked by `crates/mpi/ci.sh`.)

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use proptest::prelude::*;
use puzzles::queens::count::{CountPlan, CountRun, RunEnd, UnitCount, UnitId};

use crate::coordinator::{BatchSize, Coordinator};
use crate::link::channels::links;
use crate::worker::Worker;
use crate::{drive, parse_positive};

/// Runs a job of `ranks` ranks with `threads` threads each over the units
/// of `plan` not in `done`; returns the run and what the callback recorded
/// (in order). `budget` stops it after that many units; `interrupt_rank`
/// sets that rank's signal flag before it starts.
fn job(
    plan: &CountPlan,
    done: &BTreeMap<UnitId, UnitCount>,
    ranks: usize,
    threads: usize,
    batch: BatchSize,
    budget: Option<usize>,
    interrupt_rank: Option<usize>,
) -> (CountRun<&'static str>, Vec<(UnitId, UnitCount)>) {
    let plan = Arc::new(plan.clone());
    let mut links = links(ranks).into_iter();
    let mut rank0 = links.next().unwrap();
    let flag = |rank: usize| Arc::new(AtomicBool::new(interrupt_rank == Some(rank)));
    std::thread::scope(|scope| {
        for (index, mut link) in links.enumerate() {
            let plan = Arc::clone(&plan);
            let cancel = flag(index + 1);
            scope.spawn(move || {
                let worker = Worker::start(plan, threads, cancel).unwrap();
                drive::<(), fn(UnitId, UnitCount) -> ControlFlow<()>>(&mut link, worker, None)
                    .unwrap();
            });
        }
        let cancel = flag(0);
        let worker = Worker::start(Arc::clone(&plan), threads, Arc::clone(&cancel)).unwrap();
        let todo = plan.ids().filter(|id| !done.contains_key(id)).collect();
        let mut recorded = Vec::new();
        let mut coordinator = Coordinator::new(
            plan.len(),
            todo,
            ranks,
            threads,
            batch,
            cancel,
            |id, count| {
                recorded.push((id, count));
                if budget == Some(recorded.len()) {
                    ControlFlow::Break("budget")
                } else {
                    ControlFlow::Continue(())
                }
            },
        );
        drive(&mut rank0, worker, Some(&mut coordinator)).unwrap();
        let run = coordinator.into_run();
        (run, recorded)
    })
}

fn check_exact(plan: &CountPlan, recorded: &[(UnitId, UnitCount)]) {
    let by_id: BTreeMap<UnitId, UnitCount> = recorded.iter().copied().collect();
    assert_eq!(by_id.len(), recorded.len(), "a unit was recorded twice");
    for (&id, &count) in &by_id {
        assert_eq!(count, plan.count_unit(id).unwrap(), "unit {id}");
    }
}

#[test]
fn every_unit_is_counted_once_on_every_rank_count() {
    let plan = CountPlan::new(11, 3).unwrap();
    for (ranks, threads, batch) in [
        (1, 1, BatchSize::Adaptive),
        (3, 1, BatchSize::Adaptive),
        (2, 3, BatchSize::Adaptive),
        (4, 2, BatchSize::Fixed(1)),
        (3, 1, BatchSize::Fixed(1000)),
    ] {
        let (run, recorded) = job(&plan, &BTreeMap::new(), ranks, threads, batch, None, None);
        assert_eq!(run.end, RunEnd::Complete, "{ranks} ranks");
        assert_eq!(recorded.len() as u64, plan.len());
        check_exact(&plan, &recorded);
        assert_eq!((run.tally.total, run.tally.unique), (2680, 341));
    }
}

#[test]
fn more_ranks_than_units_still_finish() {
    let plan = CountPlan::new(6, 1).unwrap(); // three units
    let (run, recorded) = job(
        &plan,
        &BTreeMap::new(),
        5,
        1,
        BatchSize::Adaptive,
        None,
        None,
    );
    assert_eq!(run.end, RunEnd::Complete);
    assert_eq!(recorded.len(), 3);
    assert_eq!(run.tally.total, 4);
    // No unit at all: every rank is told to finish at once.
    let empty = CountPlan::new(3, 2).unwrap();
    let (run, recorded) = job(
        &empty,
        &BTreeMap::new(),
        3,
        1,
        BatchSize::Adaptive,
        None,
        None,
    );
    assert_eq!(run.end, RunEnd::Complete);
    assert!(recorded.is_empty());
}

#[test]
fn a_budget_stop_records_exactly_the_budget_and_resumes_exact() {
    let plan = CountPlan::new(12, 3).unwrap();
    let mut done = BTreeMap::new();
    for budget in [25, 40, 7] {
        let (run, recorded) = job(&plan, &done, 3, 2, BatchSize::Adaptive, Some(budget), None);
        assert_eq!(run.end, RunEnd::Stopped("budget"));
        assert_eq!(recorded.len(), budget);
        assert_eq!(run.tally.units, budget as u64);
        check_exact(&plan, &recorded);
        for (id, count) in recorded {
            assert!(done.insert(id, count).is_none(), "unit {id} counted twice");
        }
    }
    let (run, recorded) = job(&plan, &done, 2, 1, BatchSize::Adaptive, None, None);
    assert_eq!(run.end, RunEnd::Complete);
    check_exact(&plan, &recorded);
    let mut tally: puzzles::queens::count::Tally = done.values().copied().collect();
    tally.merge(&run.tally);
    assert_eq!((tally.total, tally.unique), (14200, 1787));
    assert_eq!(tally.units, plan.len());
}

#[test]
fn a_signal_on_any_rank_stops_the_job_with_what_finished() {
    let plan = CountPlan::new(12, 3).unwrap();
    for rank in [0, 2] {
        let (run, recorded) = job(
            &plan,
            &BTreeMap::new(),
            3,
            1,
            BatchSize::Adaptive,
            None,
            Some(rank),
        );
        // Another rank may have finished everything before the news spread;
        // then the run is cancelled all the same, and every unit is right.
        assert_eq!(run.end, RunEnd::Cancelled, "signal on rank {rank}");
        check_exact(&plan, &recorded);
        assert_eq!(run.tally.units, recorded.len() as u64);
    }
}

/// A tester's signal to rank 1 after it was told to finish stopped
/// nothing (the count was whole and printed), yet that rank exited 130 and
/// so did the job. A worker is interrupted only by a signal that comes
/// while it counts.
#[test]
fn a_signal_after_finish_interrupts_nothing() {
    use std::sync::atomic::Ordering;

    use crate::link::{Link, Tag};
    use crate::protocol::{Report, ReportEnd, Work};

    let plan = Arc::new(CountPlan::new(8, 2).unwrap());
    for signal_after_finish in [true, false] {
        let mut links = links(2).into_iter();
        let mut rank0 = links.next().unwrap();
        let mut rank1 = links.next().unwrap();
        let cancel = Arc::new(AtomicBool::new(false));
        let mut worker = Worker::start(Arc::clone(&plan), 1, Arc::clone(&cancel)).unwrap();
        if !signal_after_finish {
            cancel.store(true, Ordering::SeqCst);
            worker.step(&mut rank1).unwrap();
        }
        rank0.send(1, Tag::Work, Work::Finish.encode());
        worker.step(&mut rank1).unwrap();
        if signal_after_finish {
            cancel.store(true, Ordering::SeqCst);
        }
        // Until it says goodbye, then told it was heard.
        let mut goodbye = false;
        while !goodbye {
            worker.step(&mut rank1).unwrap();
            while let Some((_, words)) = rank0.receive(Tag::Report) {
                let report = Report::decode(&words, plan.len(), plan.scheme()).unwrap();
                goodbye |= report.end != ReportEnd::Progress;
            }
            if !goodbye {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
        }
        rank0.send(1, Tag::Work, Work::Done.encode());
        while !worker.is_finished() {
            worker.step(&mut rank1).unwrap();
        }
        assert_eq!(
            worker.was_interrupted(),
            !signal_after_finish,
            "signal after finish: {signal_after_finish}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn any_shape_of_job_counts_exactly(
        ranks in 1usize..5,
        threads in 1usize..3,
        batch in prop_oneof![Just(BatchSize::Adaptive), (1usize..40).prop_map(BatchSize::Fixed)],
        resumed in proptest::collection::btree_set(0u64..122, 0..60),
    ) {
        let plan = CountPlan::new(10, 3).unwrap();
        prop_assert_eq!(plan.len(), 122);
        let done: BTreeMap<UnitId, UnitCount> = resumed
            .into_iter()
            .map(|id| (id, plan.count_unit(id).unwrap()))
            .collect();
        let (run, recorded) = job(&plan, &done, ranks, threads, batch, None, None);
        prop_assert_eq!(run.end, RunEnd::Complete);
        check_exact(&plan, &recorded);
        prop_assert!(recorded.iter().all(|(id, _)| !done.contains_key(id)));
        prop_assert_eq!(recorded.len() + done.len(), 122);
        let mut tally: puzzles::queens::count::Tally = done.values().copied().collect();
        tally.merge(&run.tally);
        prop_assert_eq!((tally.total, tally.unique), (724, 92));
    }

    #[test]
    fn counts_of_threads_and_batches_parse_or_say_why(text in "\\PC*") {
        match parse_positive(&text) {
            Ok(value) => prop_assert!(value >= 1),
            Err(message) => prop_assert!(!message.is_empty()),
        }
    }
}
