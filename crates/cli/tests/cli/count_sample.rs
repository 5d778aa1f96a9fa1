//! `puzzles queens N --count --sample K` through the real binary: the
//! projected count, seeded and bounded, by either counter.

use crate::util::{puzzles, stdout_of};
use predicates::prelude::*;

#[test]
fn a_sample_of_every_unit_projects_the_count_itself() {
    let text = stdout_of(&[
        "queens", "12", "--count", "--sample", "100000", "--seed", "4",
    ]);
    assert!(
        text.starts_with(
            "n = 12: 268 units after 3 rows; sample of 268 distinct random units, seed 4\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("projected solutions:    1.4200e4 ± 0.00e0\n"),
        "{text}"
    );
    assert!(
        text.contains("projected fundamental:  1.7870e3 ± 0.00e0\n"),
        "{text}"
    );
}

#[test]
fn a_sample_of_every_unit_without_a_solution_exits_as_a_count_of_none() {
    for n in ["2", "3"] {
        puzzles()
            .args(["queens", n, "--count", "--sample", "5"])
            .assert()
            .code(1)
            .stdout(predicate::str::contains(
                "projected solutions:    0.0000e0 ± 0.00e0",
            ));
    }
    puzzles()
        .args(["queens", "4", "--count", "--sample", "100"])
        .assert()
        .code(0);
}

#[test]
fn a_single_draw_gives_no_standard_error_rather_than_an_infinite_one() {
    let text = stdout_of(&["queens", "12", "--count", "--sample", "1"]);
    assert!(!text.contains("inf"), "{text}");
    assert!(
        text.contains("projected nodes:        1.7688e4 ± ? (one draw has no spread"),
        "{text}"
    );
}

#[test]
fn a_sample_below_the_units_is_seeded_and_bounded() {
    let args = [
        "queens",
        "20",
        "--count",
        "--sample",
        "5",
        "--sample-depth",
        "9",
    ];
    let text = stdout_of(&args);
    assert!(text.contains("sample of 5 subtrees 9 rows deep"), "{text}");
    // The same seed, the same counts (the timings differ).
    let nodes = |text: &str| {
        text.lines()
            .nth(1)
            .unwrap()
            .split(" in ")
            .next()
            .unwrap()
            .to_string()
    };
    assert_eq!(nodes(&text), nodes(&stdout_of(&args)));
    puzzles()
        .args(["queens", "20", "--count", "--sample", "0"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "the sample must hold 1 to 1000000 units",
        ));
    puzzles()
        .args(["queens", "8", "--sample", "3"])
        .assert()
        .code(2);
    // Other boards are sampled by their own units: all 31 of nine kings'
    // units drawn, the projection is the count (A002464(9) = 47,622).
    let kings = stdout_of(&[
        "queens", "9", "--piece", "king", "--count", "--sample", "1000",
    ]);
    assert!(
        kings.starts_with("n = 9 kings: 31 units after 2 rows; sample of 31 distinct"),
        "{kings}"
    );
    assert!(
        kings.contains("projected solutions:    4.7622e4 ± 0.00e0"),
        "{kings}"
    );
    // Their default subtrees leave 10 rows below, not 17: 17 rows of kings
    // hold some 5 × 10^13 placements, and the sample never ended.
    let deep = stdout_of(&[
        "queens", "30", "--piece", "king", "--count", "--sample", "2",
    ]);
    assert!(deep.contains("sample of 2 subtrees 20 rows deep"), "{deep}");
}

#[test]
fn a_quadrant_sample_of_every_unit_is_the_count_and_takes_no_depth() {
    let text = stdout_of(&[
        "queens",
        "12",
        "--count",
        "--method",
        "quadrants",
        "--sample",
        "100000",
    ]);
    assert!(
        text.starts_with("n = 12: 252 units of the quadrant counter (sets of east rows); sample of 252 distinct random units, seed 1\n"),
        "{text}"
    );
    assert!(
        text.contains("projected solutions:    1.4200e4 ± 0.00e0\n"),
        "{text}"
    );
    assert!(!text.contains("fundamental"), "{text}");
    puzzles()
        .args([
            "queens",
            "18",
            "--count",
            "--method",
            "quadrants",
            "--sample",
            "10",
        ])
        .args(["--sample-depth", "6"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("leave out --method quadrants"));
}
