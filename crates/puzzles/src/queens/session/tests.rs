use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::*;
use crate::queens::checkpoint::CheckpointFile;
use crate::queens::count::{CountPlan, Counter, Method, RunEnd, Tally};

fn scratch(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("session-{name}-{}.ckpt", std::process::id()))
}

#[test]
fn a_stopped_session_resumes_to_the_exact_count() {
    let path = scratch("resume");
    let _ = std::fs::remove_file(&path);
    let mut request = PlanRequest::new(10);
    request.checkpoint = Some(path.clone());
    let plan = request.plan().unwrap();
    let (session, done) = CountSession::open(&plan, Some(&path), None).unwrap();
    let mut session = session.stop_after_units(Some(3));
    let run = Counter::new(&plan)
        .threads(1)
        .skip(&done)
        .run(&AtomicBool::new(false), |id, count| {
            session.record(id, count)
        })
        .unwrap();
    let Ending::Interrupted(first) = session.finish(run.end).unwrap() else {
        panic!("the budget stops the run");
    };
    assert_eq!(first.units, 3);

    // Resumed: the same plan from the checkpoint, the three units skipped.
    let again = request.plan().unwrap();
    assert_eq!(again, plan);
    let (mut session, done) = CountSession::open(&again, Some(&path), None).unwrap();
    assert_eq!((done.len(), session.resumed().units), (3, 3));
    let run = Counter::new(&again)
        .threads(2)
        .skip(&done)
        .run(&AtomicBool::new(false), |id, count| {
            session.record(id, count)
        })
        .unwrap();
    let Ending::Complete(tally) = session.finish(run.end).unwrap() else {
        panic!("nothing stops the second run");
    };
    assert_eq!((tally.total, tally.units), (724, again.len()));
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn a_stop_after_the_last_unit_ends_a_complete_count() {
    let plan = CountPlan::new(9, 2).unwrap();
    for (budget, threads) in [(plan.len(), 1), (plan.len(), 2), (plan.len() - 1, 1)] {
        let (session, done) = CountSession::open(&plan, None, None).unwrap();
        let mut session = session.stop_after_units(Some(budget));
        let run = Counter::new(&plan)
            .threads(threads)
            .skip(&done)
            .run(&AtomicBool::new(false), |id, count| {
                session.record(id, count)
            })
            .unwrap();
        match session.finish(run.end).unwrap() {
            Ending::Complete(tally) => {
                assert_eq!((budget, tally.total), (plan.len(), 352));
            }
            Ending::Interrupted(tally) => {
                assert_eq!((budget, tally.units), (plan.len() - 1, budget));
            }
        }
    }
    // Cancelled with every unit done (a signal after the last one).
    let (mut session, _) = CountSession::open(&plan, None, None).unwrap();
    for id in plan.ids() {
        let _ = session.record(id, plan.count_unit(id).unwrap());
    }
    assert!(matches!(
        session.finish(RunEnd::Cancelled).unwrap(),
        Ending::Complete(_)
    ));
}

#[test]
fn a_checkpoint_keeps_its_method_against_other_requests() {
    let path = scratch("method");
    let _ = std::fs::remove_file(&path);
    drop(CheckpointFile::open(&path, &CountPlan::quadrants(16).unwrap()).unwrap());
    let mut request = PlanRequest::new(16);
    request.checkpoint = Some(path.clone());
    assert_eq!(request.plan().unwrap().method(), Method::Quadrants);
    request.fundamentals = true;
    let other = request.plan().unwrap_err().to_string();
    assert!(
        other.contains("made by the quadrants counter (scheme quadrants-1)")
            && other.contains("without --method or --unique"),
        "{other}"
    );
    request.fundamentals = false;
    request.split = Some(3);
    let split = request.plan().unwrap_err().to_string();
    assert!(split.contains("which has no --split"), "{split}");
    std::fs::remove_file(&path).unwrap();
}

/// `puzzles-mpi`, which prints an error with its chain of causes, said why
/// a count of completions cannot go on without its given squares twice.
#[test]
fn a_checkpoint_of_completions_is_refused_without_its_given_squares_once() {
    use crate::queens::Board;
    let path = scratch("completions-without-given");
    let _ = std::fs::remove_file(&path);
    let completion = Board::new(12).unwrap().with_given(&[(3, 4)]).unwrap();
    let plan = CountPlan::completions(&completion, 3).unwrap();
    drop(CheckpointFile::open(&path, &plan).unwrap());
    let mut request = PlanRequest::new(12);
    request.checkpoint = Some(path.clone());
    let err = request.plan().unwrap_err();
    assert!(matches!(err, SessionError::ResumedPlan { .. }), "{err:?}");
    let message = err.to_string();
    assert!(
        message.ends_with("continue it with the same --given squares"),
        "{message}"
    );
    assert!(std::error::Error::source(&err).is_none(), "{message}");
    std::fs::remove_file(&path).unwrap();
}

/// `--unique --method quadrants` on a checkpoint of the backtracking
/// counter was told to "continue it without --method or --unique, or count
/// with --method quadrants in another file", where --unique is what that
/// checkpoint can do and quadrants is what cannot.
#[test]
fn fundamentals_by_quadrants_are_refused_before_a_checkpoint_is_read() {
    let path = scratch("quadrants-fundamentals");
    let _ = std::fs::remove_file(&path);
    drop(CheckpointFile::open(&path, &CountPlan::new(16, 3).unwrap()).unwrap());
    let mut request = PlanRequest::new(16);
    request.checkpoint = Some(path.clone());
    request.fundamentals = true;
    assert_eq!(request.plan().unwrap().method(), Method::Backtrack);
    request.method = Some(Method::Quadrants);
    assert!(matches!(
        request.plan(),
        Err(SessionError::QuadrantsFundamentals)
    ));
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn only_the_units_asked_for_are_resumed() {
    let path = scratch("only");
    let _ = std::fs::remove_file(&path);
    let plan = CountPlan::new(8, 2).unwrap();
    {
        let (mut file, _) = CheckpointFile::open(&path, &plan).unwrap();
        for id in 0..4 {
            file.record(id, plan.count_unit(id).unwrap()).unwrap();
        }
    }
    let (session, done) = CountSession::open(&plan, Some(&path), Some(&[1, 3, 5])).unwrap();
    assert_eq!(done.keys().copied().collect::<Vec<_>>(), [1, 3]);
    assert_eq!((session.asked(), session.resumed().units), (3, 2));
    drop(session);
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn the_record_leaves_out_what_a_count_does_not_have() {
    let plain = CountRecord::plain(5, 10, Some(2), Duration::ZERO).with_piece("queen", true);
    assert_eq!(
        serde_json::to_string(&plain).unwrap(),
        r#"{"n":5,"total":10,"unique":2,"elapsed_seconds":0.0,"piece":"queen","torus":true}"#
    );
    let units = CountRecord::of_units(
        &CountPlan::quadrants(16).unwrap(),
        &Tally::default(),
        &Tally::default(),
        Duration::ZERO,
        6,
    )
    .with_ranks(3);
    let json = serde_json::to_string(&units).unwrap();
    assert!(
        json.ends_with(r#""split":0,"threads":6,"resumed_units":0,"ranks":3}"#)
            && !json.contains("unique"),
        "{json}"
    );
}
