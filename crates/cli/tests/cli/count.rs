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
fn other_pieces_count_without_units() {
    assert_eq!(
        stdout_of(&["queens", "6", "--piece", "king", "--count"]),
        "90\n"
    );
    let json = json_of(&["queens", "7", "--torus", "--count", "--json"]);
    assert_eq!(json["total"], 28);
    assert_eq!(json["torus"], true);
    for flag in [
        &["--threads", "2"][..],
        &["--checkpoint", "x.ckpt"],
        &["--split", "2"],
    ] {
        puzzles()
            .args(["queens", "6", "--piece", "king", "--count"])
            .args(flag)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains("classic queens count only"));
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
