//! `puzzles queens N --count --method quadrants` through the real binary:
//! the quadrant counter against the OEIS, its range, and checkpoints that
//! keep the method that made them.

use crate::util::{STOP_AFTER_UNITS, json_of, puzzles, stdout_of};
use predicates::prelude::*;
use serde_json::Value;

/// A fresh folder for one test's files, removed when the test ends.
fn scratch(name: &str) -> crate::util::Scratch {
    crate::util::scratch(&format!("count-{name}"))
}

#[test]
fn the_quadrant_counter_matches_the_oeis_from_4_to_15() {
    let totals = [
        2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184,
    ];
    for (n, total) in (4..=15).zip(totals) {
        let n = n.to_string();
        let json = json_of(&["queens", &n, "--count", "--method", "quadrants", "--json"]);
        assert_eq!(json["total"], total, "n = {n}");
        assert_eq!(json["unique"], Value::Null, "n = {n}");
    }
}

#[test]
fn unique_counts_backtrack_where_auto_would_join_quarter_boards() {
    // N = 16 joins quarter-boards by default; --unique needs classes.
    assert_eq!(
        stdout_of(&["queens", "16", "--count", "--unique", "--quiet"]),
        "1846955\n"
    );
    puzzles()
        .args([
            "queens",
            "12",
            "--count",
            "--unique",
            "--method",
            "quadrants",
        ])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "--unique needs --method backtrack",
        ));
}

#[test]
fn the_quadrant_counter_refuses_boards_out_of_its_range() {
    puzzles()
        .args(["queens", "23", "--count", "--method", "quadrants"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "n = 23 is outside the quadrant counter's range (4 to 22)",
        ));
    puzzles()
        .args([
            "queens",
            "12",
            "--count",
            "--method",
            "quadrants",
            "--split",
            "2",
        ])
        .assert()
        .code(2);
}

#[test]
fn a_checkpoint_continues_with_the_method_that_made_it() {
    let dir = scratch("method");
    let backtrack = dir.join("b.ckpt");
    let backtrack = backtrack.to_str().unwrap();
    // Stopped after 3 units by the test hook, by backtracking.
    puzzles()
        .args([
            "queens",
            "12",
            "--count",
            "--method",
            "backtrack",
            "--threads",
            "1",
        ])
        .args(["--checkpoint", backtrack])
        .env(STOP_AFTER_UNITS, "3")
        .assert()
        .code(130);
    // Another method is refused, naming the one that made it ...
    puzzles()
        .args([
            "queens",
            "12",
            "--count",
            "--method",
            "quadrants",
            "--checkpoint",
            backtrack,
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "this checkpoint was made by the backtrack counter (scheme lexmin-rows-1)",
        ));
    // ... and the plain command continues it by backtracking, classes and all.
    let json = json_of(&[
        "queens",
        "12",
        "--count",
        "--json",
        "--checkpoint",
        backtrack,
    ]);
    assert_eq!(
        (json["total"].clone(), json["unique"].clone()),
        (14200.into(), 1787.into())
    );
    assert_eq!(json["resumed_units"], 3);

    let quadrants = dir.join("q.ckpt");
    let quadrants = quadrants.to_str().unwrap();
    puzzles()
        .args([
            "queens",
            "16",
            "--count",
            "--threads",
            "1",
            "--checkpoint",
            quadrants,
        ])
        .env(STOP_AFTER_UNITS, "5")
        .assert()
        .code(130);
    puzzles()
        .args([
            "queens",
            "16",
            "--count",
            "--split",
            "3",
            "--checkpoint",
            quadrants,
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("scheme quadrants-1"));
    let json = json_of(&[
        "queens",
        "16",
        "--count",
        "--json",
        "--checkpoint",
        quadrants,
    ]);
    assert_eq!(json["total"], 14772512);
    assert_eq!(json["resumed_units"], 5);
    assert_eq!(json["split"], 0);
}
