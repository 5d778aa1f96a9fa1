//! `puzzles queens N --first` for any N: search, construction, formats.

use crate::util::{puzzles, stdout_of};
use predicates::prelude::*;
use puzzles::queens::verify::{Verdict, verify};

#[test]
fn small_boards_get_the_lexicographically_first_solution() {
    assert_eq!(
        stdout_of(&["queens", "10", "--first", "--format", "array"]),
        "[0, 2, 5, 7, 9, 4, 8, 1, 3, 6]\n"
    );
}

#[test]
fn larger_boards_get_the_construction_at_once() {
    // 35 mod 6 = 5: the odd columns, then the even ones.
    let odd: Vec<String> = (1..35).step_by(2).map(|c| c.to_string()).collect();
    let even: Vec<String> = (0..35).step_by(2).map(|c| c.to_string()).collect();
    assert_eq!(
        stdout_of(&["queens", "35", "--first", "--format", "array"]),
        format!("[{}, {}]\n", odd.join(", "), even.join(", "))
    );
    assert_eq!(
        stdout_of(&["queens", "35", "--first", "--format", "json"]),
        format!(
            "{{\"n\":35,\"index\":1,\"cols\":[{},{}]}}\n",
            odd.join(","),
            even.join(",")
        )
    );
}

#[test]
fn a_million_queens_stream_out_and_verify() {
    for n in [1_000_000u64, 1_000_002, 1_000_005] {
        let text = stdout_of(&["queens", &n.to_string(), "--first", "--format", "array"]);
        assert!(text.starts_with('[') && text.ends_with("]\n"));
        assert_eq!(verify(text.as_bytes()).unwrap(), Verdict::Valid { n });
        let json = stdout_of(&["queens", &n.to_string(), "--first", "--format", "json"]);
        let value: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(value["n"], n);
        assert_eq!(value["cols"].as_array().unwrap().len() as u64, n);
    }
}

#[test]
fn lexicographic_forces_the_search() {
    let construction = stdout_of(&["queens", "31", "--first", "--format", "array"]);
    assert!(construction.starts_with("[1, 3, 5,"));
    let first = stdout_of(&[
        "queens",
        "31",
        "--first",
        "--lexicographic",
        "--format",
        "array",
    ]);
    assert!(first.starts_with("[0, 2, 4, 1, 3, 8,"), "{first}");
    puzzles()
        .args(["queens", "8", "--lexicographic"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--first"));
    puzzles()
        .args(["queens", "65", "--first", "--lexicographic"])
        .assert()
        .code(2)
        .stdout("")
        .stderr("puzzles: error: n = 65 is too large to search (at most 64)\n");
}

#[test]
fn boards_are_drawn_up_to_a_thousand() {
    let text = stdout_of(&["queens", "100", "--first"]);
    assert_eq!(text.lines().count(), 100);
    assert!(
        text.lines()
            .all(|line| line.len() == 100 && line.matches('Q').count() == 1)
    );
    puzzles()
        .args(["queens", "1001", "--first"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "--format board draws all 1001 × 1001 squares (boards are drawn up to n = 1000); \
             use --format array or --format json",
        ));
    puzzles()
        .args(["queens", "5000", "--first", "--format", "leetcode"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--format leetcode draws all"));
}

#[test]
fn only_first_goes_past_64() {
    for args in [
        &["queens", "65"][..],
        &["queens", "100", "--count"],
        &["queens", "100", "--unique"],
        &["queens", "100", "--trace", "--first"],
        &["queens", "100", "--limit", "1"],
    ] {
        puzzles().args(args).assert().code(2).stdout("").stderr(
            "puzzles: error: n = 100 is too large to search (at most 64)\n"
                .replace("100", if args[1] == "65" { "65" } else { "100" }),
        );
    }
}

#[test]
fn no_solution_for_two_and_three_at_any_speed() {
    for n in ["2", "3"] {
        // An array is data (a file of solutions, `queens verify`'s input):
        // the answer is said on standard error.
        puzzles()
            .args(["queens", n, "--first", "--format", "array"])
            .assert()
            .code(1)
            .stdout("")
            .stderr(format!("puzzles: no solution exists for n = {n}\n"));
    }
}

#[test]
fn other_pieces_use_their_constructions() {
    let rooks = stdout_of(&[
        "queens", "100000", "--piece", "rook", "--first", "--format", "array",
    ]);
    let identity: Vec<String> = (0..100_000).map(|c| c.to_string()).collect();
    assert_eq!(rooks, format!("[{}]\n", identity.join(", ")));
    let kings = stdout_of(&[
        "queens", "70", "--piece", "king", "--first", "--format", "array",
    ]);
    assert!(kings.starts_with("[1, 3, 5,"));
    let torus = stdout_of(&["queens", "67", "--torus", "--first", "--format", "array"]);
    assert!(torus.starts_with("[0, 2, 4,"), "2r mod n");
    puzzles()
        .args(["queens", "66", "--torus", "--first"])
        .assert()
        .code(1)
        .stdout("no solution exists for n = 66 (queens on a torus)\n");
    let amazons = stdout_of(&[
        "queens",
        "67",
        "--piece",
        "superqueen",
        "--first",
        "--format",
        "array",
    ]);
    assert!(amazons.starts_with("[0, 3, 6,"), "3r mod n");
    puzzles()
        .args(["queens", "8388608", "--piece", "superqueen", "--first"])
        .assert()
        .code(2)
        .stderr(
            "puzzles: error: n = 8388608: no construction places this many superqueens, and \
             local repair places them only up to n = 4194304\n",
        );
    // Searched up to 64; past it a product (66 = 11 × 6, 1000 = 125 × 8)
    // or repaired (70, 72): either way a solution, and the same one each
    // time.
    for n in [30, 66, 70, 72, 1000] {
        let args = [
            "queens",
            &n.to_string(),
            "--piece",
            "superqueen",
            "--first",
            "--format",
            "array",
        ];
        let found = stdout_of(&args);
        let cols: Vec<usize> = found
            .trim()
            .trim_matches(['[', ']'])
            .split(", ")
            .map(|c| c.parse().unwrap())
            .collect();
        let rules =
            puzzles::queens::Rules::new(n, puzzles::queens::Piece::Superqueen, false).unwrap();
        assert!(
            puzzles::queens::Solution::with_rules(cols, &rules).is_ok(),
            "n = {n}"
        );
        assert_eq!(stdout_of(&args), found);
    }
}

#[test]
fn help_says_which_solution_first_prints() {
    puzzles()
        .args(["queens", "--help"])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("Which solution --first prints")
                .and(predicate::str::contains("--lexicographic"))
                .and(predicate::str::contains("Bernhardsson"))
                .and(predicate::str::contains("puzzles queens verify sol.txt")),
        );
}

#[test]
fn repaired_boards_are_drawn_only_up_to_the_bound_and_titled_by_their_piece() {
    // 1024 superqueens have no construction: they are repaired.
    for format in ["board", "unicode", "svg", "leetcode"] {
        puzzles()
            .args(["queens", "1024", "--piece", "superqueen", "--first"])
            .args(["--format", format])
            .assert()
            .code(2)
            .stdout("")
            .stderr(format!(
                "puzzles: error: --format {format} draws all 1024 × 1024 squares (boards are \
                 drawn up to n = 1000); use --format array or --format json\n"
            ));
    }
    let kings = stdout_of(&[
        "queens", "5", "--piece", "king", "--first", "--format", "svg",
    ]);
    assert!(
        kings.contains("<title>5 kings: [0, 2, 4, 1, 3]</title>"),
        "{kings}"
    );
    // Drawn as kings, not queens.
    assert_eq!(kings.matches("class=\"king\"").count(), 5, "{kings}");
    assert!(!kings.contains("class=\"queen\""), "{kings}");
    let rooks = stdout_of(&[
        "queens", "3", "--piece", "rook", "--torus", "--first", "--format", "svg",
    ]);
    assert!(
        rooks.contains("<title>3 rooks on a torus: [0, 1, 2]</title>"),
        "{rooks}"
    );
    assert_eq!(rooks.matches("class=\"rook\"").count(), 3, "{rooks}");
}
