//! The checkpoint's tests: round trips, damage of every kind, the lock.

use std::collections::BTreeMap;
use std::io;

use proptest::prelude::*;

use super::*;
use crate::queens::count::{CountPlan, SCHEME, UnitCount};
use crate::queens::record_file::seal_line as seal;
use crate::record_file::SealError;

fn sample() -> (CountPlan, String) {
    let plan = CountPlan::new(9, 2).unwrap();
    let header = CheckpointHeader::for_plan(&plan);
    let mut text = header.line();
    for id in [0, 3, 1] {
        text += &record_line(&header, id, plan.count_unit(id).unwrap());
    }
    (plan, text)
}

fn problem(text: &str) -> (usize, CheckpointProblem) {
    let err = Checkpoint::read(text.as_bytes()).unwrap_err();
    (err.line, err.problem)
}

#[test]
fn a_written_checkpoint_reads_back() {
    let (plan, text) = sample();
    let checkpoint = Checkpoint::read(text.as_bytes()).unwrap();
    checkpoint.check_plan(&plan).unwrap();
    assert_eq!(
        checkpoint.done().keys().copied().collect::<Vec<_>>(),
        [0, 1, 3]
    );
    assert_eq!(checkpoint.done()[&3], plan.count_unit(3).unwrap());
}

#[test]
fn every_single_byte_edit_is_caught() {
    let (_, text) = sample();
    let bytes = text.as_bytes();
    for index in 0..bytes.len() {
        if bytes[index] == b'\n' {
            continue;
        }
        let mut edited = bytes.to_vec();
        edited[index] = if bytes[index] == b'1' { b'2' } else { b'1' };
        assert!(
            Checkpoint::read(&edited[..]).is_err(),
            "edit at byte {index} passed"
        );
    }
}

#[test]
fn a_cut_last_line_is_refused_with_its_number() {
    let (_, text) = sample();
    for cut in 1..text.len() {
        if text.as_bytes()[cut - 1] == b'\n' {
            continue;
        }
        let (line, problem) = problem(&text[..cut]);
        assert_eq!(line, text[..cut].matches('\n').count() + 1);
        assert!(matches!(problem, CheckpointProblem::Truncated), "{problem}");
    }
}

#[test]
fn repeated_and_out_of_range_units_are_refused() {
    let (plan, text) = sample();
    let header = CheckpointHeader::for_plan(&plan);
    let count = plan.count_unit(3).unwrap();
    let (line, found) = problem(&(text.clone() + &record_line(&header, 3, count)));
    assert_eq!(line, 5);
    assert!(matches!(
        found,
        CheckpointProblem::Duplicate { id: 3, first: 3 }
    ));
    let (line, found) = problem(&(text + &record_line(&header, plan.len(), count)));
    assert_eq!(line, 5);
    assert!(matches!(found, CheckpointProblem::OutOfRange { .. }));
}

#[test]
fn impossible_counts_are_refused_even_with_a_good_checksum() {
    let (plan, mut text) = sample();
    text += &record_line(
        &CheckpointHeader::for_plan(&plan),
        4,
        UnitCount {
            total: 17,
            unique: 2,
            nodes: 1,
        },
    );
    let (line, found) = problem(&text);
    assert_eq!(line, 5);
    assert!(matches!(found, CheckpointProblem::Impossible { id: 4, .. }));
    drop(plan);
}

#[test]
fn a_number_too_large_for_its_field_is_named_as_such_with_a_good_checksum() {
    let (_, text) = sample();
    let first = text.lines().nth(1).unwrap();
    let object = crate::record_file::unseal_line(first).unwrap();
    let huge = object.replacen(r#""nodes":"#, r#""nodes":99999999999999999999"#, 1);
    let edited = text.replacen(first, seal(huge.trim_end_matches('}')).trim_end(), 1);
    let err = Checkpoint::read(edited.as_bytes()).unwrap_err();
    assert_eq!(err.line, 2);
    let message = err.problem.to_string();
    assert!(
        message.contains("is not a whole number from 0 to 18446744073709551615"),
        "{message}"
    );
    assert!(!message.contains("floating point"), "{message}");
}

#[test]
fn a_header_for_another_problem_is_a_mismatch() {
    let (_, text) = sample();
    let checkpoint = Checkpoint::read(text.as_bytes()).unwrap();
    for other in [
        CountPlan::new(9, 3).unwrap(),
        CountPlan::new(10, 2).unwrap(),
    ] {
        let err = checkpoint.check_plan(&other).unwrap_err();
        assert_eq!(err.line, 1);
        assert!(matches!(err.problem, CheckpointProblem::Mismatch { .. }));
    }
}

#[test]
fn other_files_are_not_headers() {
    assert!(matches!(
        problem("hello\n").1,
        CheckpointProblem::NoChecksum
    ));
    let versioned = seal(&format!(
        r#"{{"format":"{FORMAT}","version":3,"scheme":"x","n":8,"split":2,"units":16"#
    ));
    assert!(matches!(
        problem(&versioned).1,
        CheckpointProblem::Version(3)
    ));
    let header = CheckpointHeader::for_plan(&CountPlan::new(8, 2).unwrap());
    let record_first = record_line(&header, 0, UnitCount::default());
    assert!(matches!(
        problem(&record_first).1,
        CheckpointProblem::NotAHeader(why) if why.contains("the header line was deleted")
    ));
    // A tester's part file given as a checkpoint was "unknown field `shards`".
    let part = seal(
        r#"{"format":"puzzles-queens-count-part","version":1,"scheme":"x","n":8,"split":2,"units":16,"shards":2"#,
    );
    assert!(matches!(
        problem(&part).1,
        CheckpointProblem::NotAHeader(why)
            if why == r#"this file is of format "puzzles-queens-count-part", not "puzzles-queens-count""#
    ));
    // The tester's blank line and CR LF file were "no checksum".
    assert!(matches!(
        problem("\n").1,
        CheckpointProblem::Seal(SealError::EmptyLine)
    ));
    let converted = seal(&format!(
        r#"{{"format":"{FORMAT}","version":3,"scheme":"x","n":8,"split":2,"units":16"#
    ))
    .replace('\n', "\r\n");
    assert!(matches!(
        problem(&converted).1,
        CheckpointProblem::Seal(SealError::CarriageReturn)
    ));
}

/// Issue 13: a line of another count's checkpoint, checksum intact, was
/// summed in (version 1 records did not name their problem).
#[test]
fn a_record_of_another_count_is_refused_with_its_line() {
    let (plan, text) = sample();
    for other in [
        CountPlan::new(10, 2).unwrap(),
        CountPlan::new(9, 3).unwrap(),
    ] {
        let foreign = CheckpointHeader::for_plan(&other);
        let copied = record_line(&foreign, 2, other.count_unit(2).unwrap());
        let (line, found) = problem(&(text.clone() + &copied));
        assert_eq!(line, 5);
        let CheckpointProblem::ForeignRecord { header, found } = found else {
            panic!("{found}")
        };
        assert_eq!(
            (*header, *found),
            (CheckpointHeader::for_plan(&plan), foreign)
        );
    }
    let mut scheme = CheckpointHeader::for_plan(&plan);
    scheme.scheme = "other-scheme".into();
    let copied = record_line(&scheme, 2, plan.count_unit(2).unwrap());
    assert!(matches!(
        problem(&(text + &copied)).1,
        CheckpointProblem::ForeignRecord { .. }
    ));
}

#[test]
fn version_1_files_are_refused_as_an_old_format() {
    let old = seal(&format!(
        r#"{{"format":"{FORMAT}","version":1,"scheme":"lexmin-rows-1","n":8,"split":2,"units":16"#
    ));
    let (line, found) = problem(&(old + &seal(r#"{"unit":0,"total":8,"unique":1,"nodes":9"#)));
    assert_eq!(line, 1);
    assert!(matches!(found, CheckpointProblem::OldVersion(1)));
    assert!(
        found.to_string().contains("old checkpoint format"),
        "{found}"
    );
}

#[test]
fn a_long_line_is_refused_after_reading_its_bound() {
    let (_, text) = sample();
    struct Endless(usize);
    impl io::Read for Endless {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.0 += buf.len();
            assert!(self.0 < 1 << 20, "read far past the bound");
            buf.fill(b'7');
            Ok(buf.len())
        }
    }
    let long = io::BufReader::new(io::Read::chain(text.as_bytes(), Endless(0)));
    let err = Checkpoint::read(long).unwrap_err();
    assert_eq!(err.line, 5);
    assert!(matches!(err.problem, CheckpointProblem::TooLong));
    let just_fits = format!("{}{}\n", text, "x".repeat(MAX_LINE));
    assert!(matches!(
        problem(&just_fits).1,
        CheckpointProblem::NoChecksum
    ));
}

/// Issue 13: two processes on one checkpoint duplicated and lost lines.
#[test]
fn a_second_open_of_one_checkpoint_is_refused_and_changes_nothing() {
    let path = std::env::temp_dir().join(format!("ckpt-lock-{}.ckpt", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let plan = CountPlan::new(8, 2).unwrap();
    let (mut first, _) = CheckpointFile::open(&path, &plan).unwrap();
    first.record(0, plan.count_unit(0).unwrap()).unwrap();
    let before = std::fs::read(&path).unwrap();
    let err = CheckpointFile::open(&path, &plan).unwrap_err();
    let CheckpointFileError::InUse { pid, .. } = &err else {
        panic!("{err}")
    };
    if cfg!(target_os = "linux") {
        assert_eq!(*pid, Some(std::process::id()));
    }
    assert!(
        err.to_string().contains("is in use by another count (pid "),
        "{err}"
    );
    assert_eq!(std::fs::read(&path).unwrap(), before);
    drop(first);
    let (_, done) = CheckpointFile::open(&path, &plan).unwrap();
    assert_eq!(done.len(), 1);
    std::fs::remove_file(&path).unwrap();
}

proptest! {
    #[test]
    fn arbitrary_bytes_give_a_checkpoint_or_an_error(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        match Checkpoint::read(&bytes[..]) {
            Ok(checkpoint) => prop_assert!(checkpoint.done().len() as u64 <= checkpoint.header().units),
            Err(err) => prop_assert!(!err.to_string().is_empty()),
        }
    }

    #[test]
    fn mangled_checkpoints_give_a_checkpoint_or_an_error(
        cut in 0usize..2000,
        insert in proptest::collection::vec(any::<u8>(), 0..8),
    ) {
        let (_, text) = sample();
        let at = cut.min(text.len());
        let mut bytes = text.as_bytes()[..at].to_vec();
        bytes.extend_from_slice(&insert);
        bytes.extend_from_slice(&text.as_bytes()[at..]);
        if let Ok(checkpoint) = Checkpoint::read(&bytes[..]) {
            prop_assert!(checkpoint.done().len() <= 3);
        }
    }

    #[test]
    fn records_round_trip(records in proptest::collection::btree_map(0u64..1000, (1u64..1 << 40, 0u64..u64::MAX), 0..20)) {
        let header = CheckpointHeader { scheme: SCHEME.into(), n: 20, split: 4, units: 1000, given: Vec::new() };
        let mut writer = CheckpointWriter::create(Vec::new(), &header).unwrap();
        let mut expected = BTreeMap::new();
        for (&id, &(unique, nodes)) in &records {
            let count = UnitCount { total: unique * (1 + id % 8), unique, nodes };
            writer.record(id, count).unwrap();
            expected.insert(id, count);
        }
        let checkpoint = Checkpoint::read(&writer.into_inner()[..]).unwrap();
        prop_assert_eq!(checkpoint.header(), &header);
        prop_assert_eq!(checkpoint.done(), &expected);
    }
}

#[test]
fn the_given_squares_of_a_count_of_completions_bind_its_lines() {
    let completions = |square| {
        let completion = crate::queens::Board::new(9)
            .unwrap()
            .with_given(&[square])
            .unwrap();
        CountPlan::completions(&completion, 2).unwrap()
    };
    let plan = completions((4, 4));
    let header = CheckpointHeader::for_plan(&plan);
    assert_eq!(header.given, [(4, 4)]);
    assert!(header.line().contains(r#","given":[[4,4]],"check":"#));
    assert!(header.to_string().ends_with("given 4:4)"));
    let text = header.line() + &record_line(&header, 0, plan.count_unit(0).unwrap());
    let checkpoint = Checkpoint::read(text.as_bytes()).unwrap();
    assert_eq!(checkpoint.header(), &header);
    checkpoint.check_plan(&plan).unwrap();
    // Another given square is another problem, for the file and each line.
    let other = completions((4, 5));
    let err = checkpoint.check_plan(&other).unwrap_err();
    assert!(matches!(err.problem, CheckpointProblem::Mismatch { .. }));
    let foreign = CheckpointHeader::for_plan(&other);
    let copied = record_line(&foreign, 1, other.count_unit(1).unwrap());
    let (line, found) = problem(&(text + &copied));
    assert_eq!(line, 3);
    assert!(matches!(found, CheckpointProblem::ForeignRecord { .. }));
    // A count of the whole board writes its lines as before: no given field.
    let (_, whole) = sample();
    assert!(!whole.contains("given"));
}
