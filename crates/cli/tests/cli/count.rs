//! `puzzles queens N --count` through the real binary: the reduced counter,
//! JSON, threads, other pieces and the usage errors. Checkpoints,
//! interruption and resumption are in `count_checkpoint.rs`, the quadrant
//! counter in `count_quadrants.rs`, sampling in `count_sample.rs`.

use crate::util::{json_of, puzzles, stdout_of};
use predicates::prelude::*;
use serde_json::Value;

#[test]
fn seventeen_queens_count_and_unique_count() {
    assert_eq!(stdout_of(&["queens", "17", "--count"]), "95815104\n");
    assert_eq!(
        stdout_of(&["queens", "17", "--unique", "--count"]),
        "11977939\n"
    );
}

#[test]
fn small_boards_count_as_published() {
    let totals = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712];
    let fundamentals = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233];
    for (index, (&total, &unique)) in totals.iter().zip(&fundamentals).enumerate() {
        let n = (index + 1).to_string();
        let output = puzzles()
            .args(["queens", &n, "--count", "--json", "--threads", "2"])
            .output()
            .unwrap();
        // No solution is an answer, with status 1.
        assert_eq!(
            output.status.code(),
            Some(if total == 0 { 1 } else { 0 }),
            "n = {n}"
        );
        let json: Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(json["total"], total, "n = {n}");
        assert_eq!(json["unique"], unique, "n = {n}");
    }
}

#[test]
fn json_reports_both_counts_and_the_work() {
    let json = json_of(&["queens", "14", "--count", "--json"]);
    assert_eq!(json["n"], 14);
    assert_eq!(json["total"], 365596);
    assert_eq!(json["unique"], 45752);
    assert!(json["units"].as_u64().unwrap() > 100);
    assert!(json["nodes"].as_u64().unwrap() > 365596);
    assert!(json["elapsed_seconds"].as_f64().unwrap() >= 0.0);
    assert_eq!(json["resumed_units"], 0);
    // --format json says the same.
    let same = json_of(&[
        "queens",
        "14",
        "--count",
        "--format",
        "json",
        "--threads",
        "1",
    ]);
    assert_eq!(same["total"], 365596);
    assert_eq!(same["threads"], 1);
}

#[test]
fn any_thread_count_and_split_gives_the_same_count() {
    for (threads, split) in [("1", "0"), ("2", "1"), ("3", "3"), ("4", "6")] {
        let json = json_of(&[
            "queens",
            "13",
            "--count",
            "--json",
            "--threads",
            threads,
            "--split",
            split,
        ]);
        assert_eq!(json["total"], 73712, "{threads} threads, split {split}");
        assert_eq!(json["unique"], 9233, "{threads} threads, split {split}");
    }
}

#[test]
fn quiet_when_standard_error_is_not_a_terminal() {
    puzzles()
        .args(["queens", "12", "--count"])
        .assert()
        .success()
        .stdout("14200\n")
        .stderr("");
}

#[test]
fn other_pieces_count_in_units_on_threads_and_resume() {
    assert_eq!(
        stdout_of(&["queens", "6", "--piece", "king", "--count"]),
        "90\n"
    );
    let json = json_of(&["queens", "7", "--torus", "--count", "--json"]);
    assert_eq!(json["total"], 28);
    assert_eq!(json["torus"], true);
    assert_eq!(json["piece"], "queen");
    // A002464(11) and the classes of a plain search (`Solution::is_canonical`).
    let kings = ["queens", "11", "--piece", "king", "--count"];
    for options in [
        &["--threads", "2"][..],
        &["--threads", "1"],
        &["--split", "1"],
    ] {
        let json = json_of(&[&kings[..], options, &["--json"]].concat());
        assert_eq!(
            (json["total"].as_u64(), json["unique"].as_u64()),
            (Some(5_296_790), Some(663_109))
        );
        assert_eq!(json["piece"], "king");
    }
    let dir = crate::util::scratch("kings-checkpoint");
    let checkpoint = dir.join("kings.ckpt");
    let checkpoint = checkpoint.to_str().unwrap();
    let with_checkpoint = [&kings[..], &["--checkpoint", checkpoint]].concat();
    assert_eq!(stdout_of(&with_checkpoint), "5296790\n");
    let written = std::fs::read_to_string(checkpoint).unwrap();
    assert!(
        written.starts_with(
            r#"{"format":"puzzles-queens-count","version":2,"scheme":"kings-rows-1","n":11"#
        ),
        "{written}"
    );
    // Resumed: every unit is read back, none counted.
    let json = json_of(&[&with_checkpoint[..], &["--json"]].concat());
    assert_eq!(json["total"], 5_296_790);
    assert_eq!(json["resumed_units"], json["units"]);
    // Another board's checkpoint is refused, not continued as this one.
    puzzles()
        .args(["queens", "11", "--count", "--checkpoint", checkpoint])
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            predicate::str::contains("scheme kings-rows-1")
                .and(predicate::str::contains("scheme lexmin-rows-1")),
        );
    puzzles()
        .args([
            "queens",
            "11",
            "--piece",
            "superqueen",
            "--count",
            "--checkpoint",
            checkpoint,
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("scheme superqueens-rows-1"));
    assert_eq!(std::fs::read_to_string(checkpoint).unwrap(), written);
}

/// Queens on a torus: the first piece in column 0 stands for its n turns,
/// and the units sum to the plain search's numbers (A051906 and its
/// classes under the square's symmetries).
#[test]
fn torus_counts_match_the_plain_search() {
    for (n, total, unique) in [(13, 4524, 572), (17, 140_692, 17_621)] {
        let json = json_of(&[
            "queens",
            &n.to_string(),
            "--torus",
            "--count",
            "--json",
            "--threads",
            "2",
        ]);
        assert_eq!(
            (json["total"].as_u64(), json["unique"].as_u64()),
            (Some(total), Some(unique)),
            "n = {n}"
        );
        assert_eq!(json["torus"], true);
    }
}

#[test]
fn bad_counting_options_are_usage_errors() {
    for (args, message) in [
        (
            &["queens", "12", "--count", "--threads", "0"][..],
            "at least 1",
        ),
        (&["queens", "12", "--count", "--split", "9"], "too deep"),
        (&["queens", "12", "--threads", "2"], "--count"),
        (&["queens", "12", "--checkpoint", "x.ckpt"], "--count"),
        (&["queens", "12", "--json"], "--count"),
    ] {
        puzzles()
            .args(args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(message));
    }
}
