//! `puzzles exact-cover`: the command end to end.

use std::path::PathBuf;

use crate::util::puzzles;
use predicates::prelude::*;
use proptest::prelude::*;
use puzzles::trace::Event;

fn example(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/exact-cover")
        .join(name)
}

/// Runs `puzzles exact-cover` on `text` given on standard input.
fn run_text(text: &[u8], extra: &[&str]) -> assert_cmd::assert::Assert {
    puzzles()
        .args(["exact-cover", "-"])
        .args(extra)
        .write_stdin(text.to_vec())
        .assert()
}

#[test]
fn lists_the_solution_of_knuths_example() {
    puzzles()
        .arg("exact-cover")
        .arg(example("knuth.txt"))
        .assert()
        .success()
        .stdout("c e f\na d\nb g\n")
        .stderr("");
}

#[test]
fn counts_queens_and_langford_pairs() {
    puzzles()
        .args(["exact-cover", "--count"])
        .arg(example("queens-8.txt"))
        .assert()
        .success()
        .stdout("92\n");
    puzzles()
        .args(["exact-cover", "--count"])
        .arg(example("langford-7.txt"))
        .assert()
        .success()
        .stdout("52\n");
    puzzles()
        .args(["exact-cover", "--count", "--limit", "2", "--format", "json"])
        .arg(example("queens-8.txt"))
        .assert()
        .success()
        .stdout("{\"complete\":false,\"solutions\":2}\n");
    // A count cut short at the limit says so; one that ends below it, or
    // exactly at it with no limit, is the count.
    for (limit, text) in [
        ("91", "at least 91\n"),
        ("92", "at least 92\n"),
        ("93", "92\n"),
    ] {
        puzzles()
            .args(["exact-cover", "--count", "--limit", limit])
            .arg(example("queens-8.txt"))
            .assert()
            .success()
            .stdout(text);
    }
    puzzles()
        .args(["exact-cover", "--count", "--format", "json"])
        .arg(example("queens-8.txt"))
        .assert()
        .success()
        .stdout("{\"complete\":true,\"solutions\":92}\n");
}

#[test]
fn limit_first_and_formats() {
    let out = puzzles()
        .args(["exact-cover", "--limit", "3", "--format", "indices"])
        .arg(example("queens-8.txt"))
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let lines: Vec<Vec<usize>> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|line| line.split(' ').map(|n| n.parse().unwrap()).collect())
        .collect();
    assert_eq!(lines.len(), 3);
    for solution in &lines {
        // One queen per row: option 8r + c.
        let rows: Vec<usize> = solution.iter().map(|option| option / 8).collect();
        assert_eq!(rows, (0..8).collect::<Vec<_>>());
    }

    let out = puzzles()
        .args(["exact-cover", "--first", "--format", "json"])
        .arg(example("knuth.txt"))
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let object: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(
        object,
        serde_json::json!({
            "index": 1,
            "options": [0, 3, 4],
            "items": [["c", "e", "f"], ["a", "d"], ["b", "g"]],
        })
    );
}

#[test]
fn secondary_items_may_stay_uncovered() {
    // Two primary items, one secondary: {a s} and {b s} cannot go together.
    let text = b"a b | s\na s\nb s\na\nb\n";
    run_text(text, &["--format", "indices"])
        .success()
        .stdout("0 3\n1 2\n2 3\n");
}

#[test]
fn without_primary_items_the_empty_set_is_the_solution() {
    run_text(b"| s\n", &[])
        .success()
        .stdout("(no options: there is no primary item to cover)\n");
    run_text(b"| s\n", &["--format", "indices"])
        .success()
        .stdout("\n");
    run_text(b"| s\n", &["--count"]).success().stdout("1\n");
}

#[test]
fn no_solution_exits_with_1() {
    run_text(b"a b\na\n", &[]).code(1).stdout("no solution\n");
    run_text(b"a b\na\n", &["--count"]).code(1).stdout("0\n");
    for format in ["json", "indices"] {
        run_text(b"a b\na\n", &["--format", format])
            .code(1)
            .stdout("")
            .stderr("puzzles: no solution\n");
    }
}

#[test]
fn malformed_files_name_the_line_and_column() {
    let cases: &[(&[u8], &str)] = &[
        (b"", "line 1, column 1: no items line"),
        (b"# just a comment\n", "line 2, column 1: no items line"),
        (b"a b\na c\n", "line 2, column 3: unknown item \"c\""),
        (
            b"a b\n\n# fine\nb a b\n",
            "line 4, column 5: item \"b\" appears twice",
        ),
        (b"a | b | c\n", "line 1, column 7: a second '|'"),
        (
            b"a b\na | b\n",
            "line 2, column 3: '|' belongs on the items line",
        ),
        (b"a a\n", "line 1, column 3: item \"a\" is declared twice"),
        (
            b"a | s\ns\n",
            "line 2, column 1: an option must contain at least one primary item",
        ),
        (
            b"a\n\xff\n",
            "line 2, column 1: the text is not valid UTF-8",
        ),
    ];
    for &(text, message) in cases {
        run_text(text, &[])
            .code(2)
            .stdout("")
            .stderr(predicate::str::starts_with(
                "puzzles: error: standard input is not a valid exact cover problem: ",
            ))
            .stderr(predicate::str::contains(message));
    }
}

#[test]
fn a_missing_file_is_a_usage_error() {
    puzzles()
        .args(["exact-cover", "no/such/file.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot read no/such/file.txt"));
}

#[test]
fn usage_errors() {
    for args in [
        &["exact-cover"][..],
        &["exact-cover", "x", "--limit", "0"],
        &["exact-cover", "x", "--count", "--first"],
        &["exact-cover", "x", "--trace", "--count"],
    ] {
        puzzles().args(args).assert().code(2);
    }
    run_text(b"a\na\n", &["--trace", "--format", "indices"])
        .code(2)
        .stderr(predicate::str::contains(
            "--format indices is not available",
        ));
}

#[test]
fn trace_of_knuths_example() {
    let out = puzzles()
        .args(["exact-cover", "--trace"])
        .arg(example("knuth.txt"))
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    insta::assert_snapshot!(String::from_utf8(out).unwrap());
}

#[test]
fn trace_as_json_lines() {
    let out = puzzles()
        .args(["exact-cover", "--trace", "--format", "json"])
        .arg(example("queens-8.txt"))
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let events: Vec<Event> = lines[..lines.len() - 1]
        .iter()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let summary: serde_json::Value = serde_json::from_str(lines[lines.len() - 1]).unwrap();
    assert_eq!(summary["counters"]["solutions"], 92);
    assert_eq!(summary["steps"], events.len());
    assert_eq!(events.last().unwrap().step, events.len() as u64);
    // --first stops at the first solution.
    puzzles()
        .args(["exact-cover", "--trace", "--first"])
        .arg(example("queens-8.txt"))
        .assert()
        .success()
        .stdout(predicate::str::contains("solutions: 1 ("));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Whatever the bytes, the command answers (0 or 1) or explains (2): it
    /// never panics.
    #[test]
    fn arbitrary_files_never_crash_the_command(bytes in proptest::collection::vec(
        prop_oneof![Just(b'a'), Just(b'b'), Just(b'|'), Just(b'#'), Just(b' '), Just(b'\n'), any::<u8>()],
        0..60,
    )) {
        let output = puzzles()
            .args(["exact-cover", "-", "--count"])
            .write_stdin(bytes)
            .output()
            .unwrap();
        let code = output.status.code();
        prop_assert!(matches!(code, Some(0..=2)), "{:?}", output);
        if code == Some(2) {
            let stderr = String::from_utf8_lossy(&output.stderr);
            prop_assert!(stderr.starts_with("puzzles: error: ") && stderr.contains("line "), "{}", stderr);
            prop_assert!(output.stdout.is_empty());
        }
    }
}

#[test]
fn a_directory_is_unreadable_not_a_malformed_problem() {
    puzzles()
        .args(["exact-cover", env!("CARGO_MANIFEST_DIR")])
        .assert()
        .code(2)
        .stdout("")
        .stderr(format!(
            "puzzles: error: cannot read {}: it is a directory\n",
            env!("CARGO_MANIFEST_DIR")
        ));
}

#[cfg(target_os = "linux")]
#[test]
fn ctrl_c_stops_a_count_saying_how_far_it_got() {
    let problem = crate::util::queens_20_exact_cover("exact-cover-ctrl-c");
    let (stdout, stderr) = crate::util::interrupted_after(
        &["exact-cover", problem.to_str().unwrap(), "--count"],
        1,
        std::time::Duration::from_millis(300),
    );
    // Nothing passed off as the count: the part counted goes to standard
    // error, as the words of an interruption.
    assert_eq!(stdout, "");
    let words: Vec<&str> = stderr.trim_end().split(' ').collect();
    assert!(
        matches!(
            words[..],
            ["puzzles:", "interrupted", "after", tried, "options", "tried", found, "solutions", "found)"]
                if tried.parse::<u64>().is_ok_and(|tried| tried >= 65_536)
                    && found.strip_prefix('(').is_some_and(|found| found.parse::<u64>().is_ok())
        ),
        "{stderr:?}"
    );
}

/// The Ctrl-C handler of a count takes SIGTERM and SIGHUP too, but one
/// ignored when the command started (`nohup`) stays ignored.
#[cfg(target_os = "linux")]
#[test]
fn a_count_started_with_sighup_ignored_keeps_ignoring_it() {
    let problem = crate::util::queens_20_exact_cover("exact-cover-nohup");
    let child = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "trap '' HUP; exec \"$PUZZLES\" exact-cover '{}' --count",
            problem.display()
        ))
        .env("PUZZLES", crate::util::binary())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // SIGINT is 2 and SIGHUP 1.
    crate::util::wait_for_handler(child.id(), 2);
    let still_ignored = crate::util::ignores(child.id(), 1);
    crate::util::send_signal("-INT", child.id());
    let output = child.wait_with_output().unwrap();
    assert!(still_ignored, "SIGHUP is no longer ignored");
    assert_eq!(output.status.code(), Some(130), "{output:?}");
}
