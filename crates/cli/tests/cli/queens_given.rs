//! `puzzles queens N --given ROW:COL,...` and `--given-file`: completions.

use crate::util::{STOP_AFTER_UNITS, json_of, puzzles, stdout_of};
use predicates::prelude::*;

fn temp_file(name: &str, contents: &str) -> crate::util::TempFile {
    crate::util::temp_file("given", name, contents)
}

#[test]
fn completions_are_listed_counted_and_found() {
    let listed = stdout_of(&["queens", "8", "--given", "0:0", "--format", "array"]);
    assert_eq!(
        listed,
        "[0, 4, 7, 5, 2, 6, 1, 3]\n[0, 5, 7, 2, 6, 3, 1, 4]\n[0, 6, 3, 5, 7, 1, 4, 2]\n[0, 6, 4, 7, 1, 3, 5, 2]\n"
    );
    assert_eq!(
        stdout_of(&["queens", "8", "--given", "0:0", "--count"]),
        "4\n"
    );
    let json = stdout_of(&[
        "queens", "8", "--given", "0:0", "--count", "--format", "json",
    ]);
    assert!(
        json.starts_with("{\"given\":1,\"n\":8,\"total\":4,\"units\":"),
        "{json}"
    );
    assert!(
        json.ends_with(",\"piece\":\"queen\",\"torus\":false}\n"),
        "{json}"
    );
    let json = json_of(&["queens", "8", "--given", "0:0", "--count", "--json"]);
    assert_eq!(
        (json["given"].as_u64(), json["total"].as_u64()),
        (Some(1), Some(4))
    );
    assert_eq!(json["threads"], 1);
    assert_eq!(
        stdout_of(&[
            "queens", "8", "--given", "0:0", "--limit", "1", "--format", "array"
        ]),
        "[0, 4, 7, 5, 2, 6, 1, 3]\n"
    );
    assert_eq!(
        stdout_of(&["queens", "12", "--given", "0:5,3:1", "--count"]),
        stdout_of(&[
            "queens", "12", "--given", "0:5", "--given", "3:1", "--count"
        ]),
    );
    let first = stdout_of(&[
        "queens", "12", "--given", "0:5,3:1", "--first", "--format", "array",
    ]);
    assert!(first.starts_with("[5, ") && first.split(", ").nth(3) == Some("1"));
    assert_eq!(
        stdout_of(&[
            "queens",
            "12",
            "--given",
            "0:5,3:1",
            "--first",
            "--lexicographic",
            "--format",
            "array"
        ]),
        stdout_of(&[
            "queens", "12", "--given", "0:5,3:1", "--limit", "1", "--format", "array"
        ]),
    );
}

#[test]
fn big_boards_complete_quickly() {
    let text = stdout_of(&[
        "queens",
        "64",
        "--given",
        "0:0,1:2,2:4,63:62",
        "--first",
        "--format",
        "array",
    ]);
    let cols: Vec<usize> = text
        .trim()
        .trim_matches(['[', ']'])
        .split(", ")
        .map(|c| c.parse().unwrap())
        .collect();
    assert_eq!((cols[0], cols[1], cols[2], cols[63]), (0, 2, 4, 62));
    assert!(puzzles::queens::Solution::new(cols).is_ok());
}

/// A torus board whose N shares a factor with 6 has no solution (Pólya), so
/// no completion: said at once, as without given queens. The time limit
/// only keeps a regression (a search of minutes) from hanging the tests.
#[test]
fn a_torus_without_solutions_has_no_completion_at_once() {
    let within = std::time::Duration::from_secs(60);
    for piece in ["queen", "superqueen"] {
        puzzles()
            .args([
                "queens", "30", "--torus", "--piece", piece, "--given", "0:0", "--count",
            ])
            .timeout(within)
            .assert()
            .code(1)
            .stdout("0\n");
    }
    for extra in [&["--first"][..], &["--first", "--lexicographic"], &[]] {
        puzzles()
            .args(["queens", "30", "--torus", "--given", "0:0"])
            .args(extra)
            .timeout(within)
            .assert()
            .code(1)
            .stdout("no completion exists for the given queens\n");
    }
}

#[test]
fn given_files_take_comments_and_both_shapes() {
    let path = temp_file(
        "given.txt",
        "# two queens\n0:0\n\n  3 5   # row 3, column 5\n",
    );
    let path = path.to_str().unwrap();
    assert_eq!(
        stdout_of(&["queens", "8", "--given-file", path, "--count"]),
        stdout_of(&["queens", "8", "--given", "0:0,3:5", "--count"])
    );
    puzzles()
        .args(["queens", "8", "--given-file", "-", "--count"])
        .write_stdin("# two queens\n0:0\n3 5\n")
        .assert()
        .success()
        .stdout(stdout_of(&["queens", "8", "--given", "0:0,3:5", "--count"]));
    puzzles()
        .args(["queens", "8", "--given-file", "-"])
        .write_stdin("0:0\n1:1\n")
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::starts_with(
            "puzzles: error: standard input: lines 1 and 2: ",
        ));
    puzzles()
        .args(["queens", "8", "--given-file", "-"])
        .write_stdin("0:0\n3;5\n")
        .assert()
        .code(2)
        .stderr("puzzles: error: standard input: line 2, column 2: expected ':' or a space after the row, found ';'\n");
    let bad = temp_file("bad.txt", "0:0\n3;5\n");
    puzzles()
        .args(["queens", "8", "--given-file"])
        .arg(&bad)
        .assert()
        .code(2)
        .stdout("")
        .stderr(format!(
            "puzzles: error: {}: line 2, column 2: expected ':' or a space after the row, found ';'\n",
            bad.display()
        ));
    puzzles()
        .args(["queens", "8", "--given-file", "/no/such/file"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "puzzles: error: cannot read /no/such/file:",
        ));
}

#[test]
fn bad_given_queens_are_named() {
    for (given, message) in [
        (
            "0:0,2:2",
            "the pieces at (row 0, col 0) and (row 2, col 2) attack each other (diagonal)",
        ),
        (
            "1:4,5:4",
            "the pieces at (row 1, col 4) and (row 5, col 4) attack each other (column)",
        ),
        (
            "2:1,2:6",
            "the pieces at (row 2, col 1) and (row 2, col 6) attack each other (row)",
        ),
        (
            "0:8",
            "the square (row 0, col 8) is off the board: rows and columns run from 0 to 7",
        ),
        (
            "8:0",
            "the square (row 8, col 0) is off the board: rows and columns run from 0 to 7",
        ),
    ] {
        puzzles()
            .args(["queens", "8", "--given", given])
            .assert()
            .code(2)
            .stdout("")
            .stderr(format!("puzzles: error: {message}\n"));
    }
    // From a file, the refused squares are named by their lines.
    for (text, extra, message) in [
        (
            "0:0\n9:1\n",
            &[][..],
            "line 2: the square (row 9, col 1) is off the board",
        ),
        (
            "# two queens\n0:0\n\n0 1\n",
            &[],
            "lines 2 and 4: the pieces at (row 0, col 0) and (row 0, col 1) attack each other (row)",
        ),
        (
            "0:1\n",
            &["--given", "0:0"],
            "line 1: the pieces at (row 0, col 0) and (row 0, col 1) attack each other (row)",
        ),
    ] {
        let file = temp_file("refused.txt", text);
        let path = file.to_str().unwrap();
        puzzles()
            .args(["queens", "8", "--given-file", path])
            .args(extra)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::starts_with(format!(
                "puzzles: error: {path}: {message}"
            )));
    }
    for given in ["0-0", "a:1", "1:", ""] {
        puzzles()
            .args(["queens", "8", "--given", given])
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains("--given <ROW:COL>"));
    }
}

#[test]
fn an_impossible_completion_says_so() {
    puzzles()
        .args(["queens", "6", "--given", "0:0"])
        .assert()
        .code(1)
        .stdout("no completion exists for the given queens\n");
    puzzles()
        .args([
            "queens", "6", "--given", "0:0", "--first", "--format", "array",
        ])
        .assert()
        .code(1)
        .stdout("")
        .stderr("puzzles: no completion exists for the given queens\n");
    puzzles()
        .args(["queens", "6", "--given", "0:0", "--count"])
        .assert()
        .code(1)
        .stdout("0\n");
    // Other pieces are named as what they are.
    puzzles()
        .args(["queens", "5", "--piece", "king", "--given", "0:0,4:1"])
        .assert()
        .code(1)
        .stdout("no completion exists for the given kings\n");
    puzzles()
        .args(["queens", "6", "--given", "0:0", "--format", "json"])
        .assert()
        .code(1)
        .stdout("");
}

#[test]
fn a_completion_trace_starts_from_the_given_queens() {
    let text = stdout_of(&["queens", "6", "--given", "0:1", "--trace"]);
    assert!(text.starts_with(
        "# 6 queens, given (0, 1): search trace, squares as (row, col) from 0, indented by depth\n     1  place (0, 1)\n"
    ));
    assert!(text.contains("solution 1: [1, 3, 5, 0, 2, 4]\n"));
    assert!(text.contains(", solutions: 1 ("), "{text}");
}

#[test]
fn completion_options_that_make_no_sense_are_usage_errors() {
    puzzles()
        .args(["queens", "8", "--given", "0:0", "--unique"])
        .assert()
        .code(2);
    puzzles()
        .args(["queens", "65", "--given", "0:0", "--first"])
        .assert()
        .code(2)
        .stderr("puzzles: error: n = 65 is too large to search (at most 64)\n");
}

#[test]
fn other_pieces_complete_too() {
    let kings = stdout_of(&[
        "queens", "6", "--piece", "king", "--given", "0:0", "--count",
    ]);
    let all: Vec<String> = stdout_of(&["queens", "6", "--piece", "king", "--format", "array"])
        .lines()
        .filter(|line| line.starts_with("[0,"))
        .map(String::from)
        .collect();
    assert_eq!(kings, format!("{}\n", all.len()));
}

#[test]
fn completions_are_counted_in_work_units_on_every_core() {
    // 14 queens with one given in the middle of row 4: every split and
    // thread count gives the listing's number.
    let listed = stdout_of(&["queens", "11", "--given", "4:5", "--format", "array"])
        .lines()
        .count();
    for options in [
        &["--threads", "1"][..],
        &["--threads", "2"],
        &["--split", "0"],
        &["--split", "6", "--threads", "2"],
    ] {
        let json = json_of(
            &[
                &["queens", "11", "--given", "4:5", "--count", "--json"][..],
                options,
            ]
            .concat(),
        );
        assert_eq!(json["total"].as_u64(), Some(listed as u64), "{options:?}");
    }
    let split = json_of(&[
        "queens", "11", "--given", "4:5", "--count", "--json", "--split", "6",
    ]);
    // Row 4 has its given column alone: 6 rows make the units of 5 free ones.
    assert_eq!(split["split"], 6);
    assert!(split["units"].as_u64().unwrap() > 1000);
    // Kings on a torus too, against their listing.
    let kings: Vec<&str> = [
        "queens", "9", "--piece", "king", "--torus", "--given", "2:3",
    ]
    .to_vec();
    let listed = stdout_of(&[&kings[..], &["--format", "array"]].concat())
        .lines()
        .count();
    let json = json_of(&[&kings[..], &["--count", "--json", "--threads", "2"]].concat());
    assert_eq!(json["total"].as_u64(), Some(listed as u64));
}

#[test]
fn a_stopped_count_of_completions_resumes_with_its_given_queens_only() {
    let dir = crate::util::scratch("given-resume");
    let checkpoint = dir.join("g.ckpt");
    let path = checkpoint.to_str().unwrap();
    let base = [
        "queens",
        "13",
        "--given",
        "6:6",
        "--count",
        "--checkpoint",
        path,
    ];
    puzzles()
        .args(base)
        .env(STOP_AFTER_UNITS, "50")
        .assert()
        .code(130)
        .stdout("")
        .stderr(predicate::str::contains("50 of").and(predicate::str::contains("resume")));
    let text = std::fs::read_to_string(&checkpoint).unwrap();
    assert!(
        text.lines().all(|line| line.contains(r#""given":[[6,6]]"#)),
        "{text}"
    );
    // Other given queens, or none, cannot continue it.
    puzzles()
        .args([
            "queens",
            "13",
            "--given",
            "6:7",
            "--count",
            "--checkpoint",
            path,
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("given 6:6), but this count is"));
    puzzles()
        .args(["queens", "13", "--count", "--checkpoint", path])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "continue it with the same --given squares",
        ));
    let json = json_of(&[&base[..], &["--json"]].concat());
    assert_eq!(json["resumed_units"], 50);
    let fresh = json_of(&["queens", "13", "--given", "6:6", "--count", "--json"]);
    assert_eq!(json["total"], fresh["total"]);
    assert_eq!(
        json["total"].as_u64(),
        Some(
            stdout_of(&["queens", "13", "--given", "6:6", "--format", "array"])
                .lines()
                .count() as u64
        )
    );
}
