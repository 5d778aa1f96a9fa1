//! `puzzles crossword`: every option and exit status, each fill checked by
//! a checker of its own (runs read from the printed grid, looked up in the
//! list, no word twice, the grid's blocks and letters kept).

use std::collections::HashSet;
use std::path::PathBuf;
use std::time::Duration;

use crate::util::{puzzles, temp_file};
use predicates::prelude::*;
use serde_json::Value;

fn example(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/crossword")
        .join(name)
        .display()
        .to_string()
}

fn english() -> HashSet<String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../puzzles/data/english.txt");
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// Checks `fill` (rows) against the grid file's text and the list.
fn check(grid_text: &str, words: &HashSet<String>, fill: &[&str]) {
    let grid: Vec<&str> = grid_text
        .lines()
        .map(str::trim_end)
        .filter(|line| !line.is_empty() && !line.starts_with('%'))
        .collect();
    assert_eq!(grid.len(), fill.len(), "{fill:?}");
    for (g, f) in grid.iter().zip(fill) {
        assert_eq!(g.len(), f.len(), "{fill:?}");
        for (g, f) in g.chars().zip(f.chars()) {
            match g {
                '#' => assert_eq!(f, '#'),
                '.' => assert!(f.is_ascii_uppercase(), "{fill:?}"),
                letter => assert_eq!(f, letter.to_ascii_uppercase()),
            }
        }
    }
    let rows: Vec<Vec<char>> = fill.iter().map(|r| r.chars().collect()).collect();
    let cols: Vec<Vec<char>> = (0..rows[0].len())
        .map(|c| rows.iter().map(|r| r[c]).collect())
        .collect();
    let mut used = HashSet::new();
    for line in rows.iter().chain(&cols) {
        let text: String = line.iter().collect();
        for word in text.split('#').filter(|w| w.len() >= 2) {
            assert!(words.contains(word), "{word} is not a word: {fill:?}");
            assert!(used.insert(word.to_string()), "{word} twice: {fill:?}");
        }
    }
}

fn stdout(args: &[&str]) -> String {
    let output = puzzles().args(args).output().unwrap();
    assert!(output.status.success(), "{args:?}: {output:?}");
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn fills_a_grid_with_the_shipped_list() {
    let words = english();
    for name in ["5x5.txt", "mini.txt", "15x15.txt"] {
        let path = example(name);
        let out = stdout(&["crossword", &path]);
        let rows: Vec<&str> = out.lines().collect();
        check(&std::fs::read_to_string(&path).unwrap(), &words, &rows);
    }
}

#[test]
fn entries_list_the_numbered_answers() {
    let out = stdout(&["crossword", &example("mini.txt"), "--entries"]);
    let (grid, entries) = out.split_once("\n\n").unwrap();
    assert_eq!(grid.lines().count(), 4);
    let lines: Vec<&str> = entries.lines().collect();
    assert_eq!(lines[0], "Across");
    assert!(lines.contains(&"Down"));
    assert_eq!(lines.len(), 2 + 8, "{out}");
    assert!(lines[1].trim_start().starts_with("1 "));
    // The answers follow a text grid only: elsewhere the option would be
    // silently dropped.
    for (extra, message) in [
        (["--format", "json"], "JSON and ipuz carry them already"),
        (["--format", "ipuz"], "JSON and ipuz carry them already"),
        (["--count", "--limit=9"], "cannot be used with '--count'"),
        (["--trace", "--limit=9"], "cannot be used with '--trace'"),
    ] {
        puzzles()
            .args(["crossword", &example("mini.txt"), "--entries"])
            .args(extra)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(message));
    }
}

#[test]
fn json_and_ipuz() {
    let words = english();
    let path = example("mini.txt");
    let text = std::fs::read_to_string(&path).unwrap();
    let json: Value =
        serde_json::from_str(&stdout(&["crossword", &path, "--format", "json"])).unwrap();
    let rows: Vec<&str> = json["grid"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    check(&text, &words, &rows);
    assert_eq!(json["entries"].as_array().unwrap().len(), 8);
    let ipuz: Value =
        serde_json::from_str(&stdout(&["crossword", &path, "--format", "ipuz"])).unwrap();
    assert_eq!(ipuz["version"], "http://ipuz.org/v2");
    assert_eq!(ipuz["dimensions"]["width"], 4);
    assert_eq!(ipuz["puzzle"][0][0], 1);
    assert_eq!(ipuz["puzzle"][0][3], "#");
    let solution: Vec<String> = ipuz["solution"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            row.as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_str().unwrap().to_string())
                .collect()
        })
        .collect();
    assert_eq!(solution, rows);
    // A count is a number: not an ipuz crossword.
    puzzles()
        .args(["crossword", &path, "--count", "--format", "ipuz"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("--format ipuz is not available"));
}

#[test]
fn limit_lists_different_fills_and_seed_gives_another() {
    let words = english();
    let path = example("5x5.txt");
    let text = std::fs::read_to_string(&path).unwrap();
    let out = stdout(&["crossword", &path, "--limit", "3"]);
    let fills: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(fills.len(), 3);
    for fill in &fills {
        check(&text, &words, &fill.lines().collect::<Vec<_>>());
    }
    assert_eq!(fills.iter().collect::<HashSet<_>>().len(), 3);
    let seeded: HashSet<String> = (1..=4)
        .map(|seed| stdout(&["crossword", &path, "--seed", &seed.to_string()]))
        .collect();
    for fill in &seeded {
        check(&text, &words, &fill.lines().collect::<Vec<_>>());
    }
    assert!(seeded.len() > 1);
}

#[test]
fn count_with_and_without_a_limit() {
    let list = temp_file("crossword", "square.txt", "AB\nCD\nAC\nBD\nXY\n");
    let grid = temp_file("crossword", "square-grid.txt", "..\n..\n");
    let (grid, list) = (grid.to_str().unwrap(), list.to_str().unwrap());
    assert_eq!(
        stdout(&["crossword", grid, "--words", list, "--count"]),
        "2\n"
    );
    assert_eq!(
        stdout(&[
            "crossword",
            grid,
            "--words",
            list,
            "--count",
            "--limit",
            "1"
        ]),
        "at least 1\n"
    );
    let json: Value = serde_json::from_str(&stdout(&[
        "crossword",
        grid,
        "--words",
        list,
        "--count",
        "--format",
        "json",
    ]))
    .unwrap();
    assert_eq!(
        (json["fills"].as_u64(), json["complete"].as_bool()),
        (Some(2), Some(true))
    );
}

#[test]
fn min_score_leaves_out_low_words_and_scores_order_them() {
    let list = temp_file(
        "crossword",
        "scored.txt",
        "ab;10\ncd;90\nac;10\nbd;10\nca;90\ndb;90\n",
    );
    let grid = temp_file("crossword", "scored-grid.txt", "..\n..\n");
    let (grid, list) = (grid.to_str().unwrap(), list.to_str().unwrap());
    // The three words of score 90 and one of 10 (across or transposed).
    let best = stdout(&["crossword", grid, "--words", list]);
    assert!(["CD\nAB\n", "CA\nDB\n"].contains(&best.as_str()), "{best}");
    puzzles()
        .args(["crossword", grid, "--words", list, "--min-score", "50"])
        .assert()
        .code(1)
        .stdout("no fill exists\n");
    puzzles()
        .args(["crossword", grid, "--words", list, "--min-score", "100"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "no word of the list scores 100 or more",
        ));
}

#[test]
fn no_fill_exits_1() {
    let list = temp_file("crossword", "few.txt", "AB\nCD\nAC\n");
    let grid = temp_file("crossword", "few-grid.txt", "..\n..\n");
    let run = |more: &[&str]| {
        puzzles()
            .args(["crossword", grid.to_str().unwrap()])
            .args(["--words", list.to_str().unwrap()])
            .args(more)
            .assert()
    };
    run(&[]).code(1).stdout("no fill exists\n").stderr("");
    // Where standard output carries only data, the answer is said on
    // standard error.
    for format in ["json", "ipuz"] {
        run(&["--format", format])
            .code(1)
            .stdout("")
            .stderr("puzzles: no fill exists\n");
    }
    run(&["--count"]).code(1).stdout("0\n");
}

/// Grids whose search alone would prove the same part empty under every
/// choice of another part (minutes to forever) are settled at once. The
/// time limit only keeps a regression from hanging the tests.
#[test]
fn grids_of_separate_parts_without_a_fill_are_settled_at_once() {
    // A corner that no word of the shipped list fills, below two long
    // slots that it does not cross.
    let corner = temp_file(
        "crossword",
        "comb.txt",
        ".......#.......\n###############\n.W.############\nK..############\n...############\n",
    );
    // Twelve separate slots of two letters and ten words.
    let slots = temp_file(
        "crossword",
        "slots.txt",
        format!("{}..\n", "..#".repeat(11)),
    );
    let ten = temp_file(
        "crossword",
        "ten.txt",
        "AZ\nBZ\nCZ\nDZ\nEZ\nFZ\nGZ\nHZ\nIZ\nJZ\n",
    );
    for (grid, words) in [(&corner, None), (&slots, Some(&ten))] {
        for count in [false, true] {
            let mut command = puzzles();
            command.args(["crossword", grid.to_str().unwrap(), "--threads", "1"]);
            if let Some(words) = words {
                command.args(["--words", words.to_str().unwrap()]);
            }
            if count {
                command.arg("--count");
            }
            let assert = command.timeout(Duration::from_secs(60)).assert().code(1);
            if count {
                assert.stdout("0\n");
            } else {
                assert.stdout("no fill exists\n").stderr("");
            }
        }
    }
}

#[test]
fn bad_grids_exit_2_with_line_and_column() {
    for (text, message) in [
        ("...\n.x?\n", "line 2, column 3: unexpected character '?'"),
        (
            "...\n..\n",
            "line 2: a row of 2 squares, but the first row has 3",
        ),
        ("% nothing\n", "the grid is empty"),
        (
            "% a comment\n\n#.#\n",
            "line 3, column 2: a white square in no word",
        ),
        ("..\0\n", "line 1, column 3: not text"),
        (
            "..\n\u{feff}..\n",
            "line 2, column 1: unexpected character '\\u{feff}'",
        ),
        ("QX\n##\n", "1 across (QX): no word of the list fits"),
    ] {
        let grid = temp_file("crossword", "bad-grid.txt", text);
        puzzles()
            .args(["crossword", grid.to_str().unwrap()])
            .assert()
            .code(2)
            .stdout("")
            .stderr(
                predicate::str::contains(message).and(predicate::str::contains("bad-grid.txt")),
            );
    }
    let wide = temp_file("crossword", "wide.txt", ".".repeat(65));
    puzzles()
        .args(["crossword", wide.to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "line 1, column 65: the grid is larger than 64×64",
        ));
    puzzles()
        .args(["crossword", &example("mini.txt"), "--limit", "0"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "for '--limit <K>': the limit must be at least 1",
        ));
    puzzles()
        .args(["crossword", "no-such-grid.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot read no-such-grid.txt"));
    // A directory opens, then fails to read: the same wording as a missing file.
    for (list, message) in [
        (
            "no-such-list.txt",
            "puzzles: error: no-such-list.txt: cannot read the word list: No such file",
        ),
        (
            ".",
            "puzzles: error: .: cannot read the word list: Is a directory",
        ),
    ] {
        puzzles()
            .args(["crossword", &example("mini.txt"), "--words", list])
            .assert()
            .code(2)
            .stderr(predicate::str::starts_with(message));
    }
}

#[test]
fn bad_lists_exit_2_and_skipped_lines_are_counted() {
    let grid = example("mini.txt");
    for (text, message) in [
        (
            "123\nit's\n",
            "the word list has no words (2 lines skipped, the first on line 1)",
        ),
        ("", "the word list has no words (0 lines skipped)"),
        (
            "it's\n",
            "the word list has no words (1 line skipped, the first on line 1)",
        ),
        ("ok\nb\u{0}d\n", "line 2, column 2: not text"),
    ] {
        let list = temp_file("crossword", "bad-list.txt", text);
        puzzles()
            .args(["crossword", &grid, "--words", list.to_str().unwrap()])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(message));
    }
    let long = temp_file(
        "crossword",
        "long.txt",
        format!("ok\n{}\n", "A".repeat(2000)),
    );
    puzzles()
        .args(["crossword", &grid, "--words", long.to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("line 2: longer than 1024 bytes"));
    let list = temp_file(
        "crossword",
        "skips.txt",
        format!("AB\nCD\nAC\nBD\nr2d2\nit's\n{}\n", "Z".repeat(65)),
    );
    let square = temp_file("crossword", "skips-grid.txt", "..\n..\n");
    puzzles()
        .args([
            "crossword",
            square.to_str().unwrap(),
            "--words",
            list.to_str().unwrap(),
        ])
        .assert()
        .success()
        .stdout("AB\nCD\n")
        .stderr(predicate::str::contains(
            "3 lines skipped (not words of letters A-Z, or longer than 64), the first on line 5",
        ));
    // A byte-order mark opens many a list saved on Windows; a broken score
    // is refused rather than its word dropped.
    let marked = temp_file("crossword", "marked.txt", "\u{feff}AB\nCD\nAC\nBD\n");
    puzzles()
        .args([
            "crossword",
            square.to_str().unwrap(),
            "--words",
            marked.to_str().unwrap(),
        ])
        .assert()
        .success()
        .stdout("AB\nCD\n");
    let scored = temp_file("crossword", "bad-score.txt", "AB;50\nCD;99999999999\n");
    puzzles()
        .args([
            "crossword",
            square.to_str().unwrap(),
            "--words",
            scored.to_str().unwrap(),
        ])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "line 2, column 4: the score \"99999999999\" is not a whole number",
        ));
}

#[test]
fn trace_in_text_and_json() {
    let list = temp_file("crossword", "trace.txt", "AB\nCD\nAC\nBD\nAX\n");
    let grid = temp_file("crossword", "trace-grid.txt", "..\n..\n");
    let (grid, list) = (grid.to_str().unwrap(), list.to_str().unwrap());
    let text = stdout(&["crossword", grid, "--words", list, "--trace"]);
    assert!(text.starts_with("# crossword search"), "{text}");
    assert!(text.contains("place AB in 1 across"), "{text}");
    assert!(text.contains("solution 1: AB/CD"), "{text}");
    assert!(text.contains("solutions: 1 ("), "{text}");
    let json = stdout(&[
        "crossword",
        grid,
        "--words",
        list,
        "--trace",
        "--count",
        "--format",
        "json",
    ]);
    let events: Vec<Value> = json
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let (last, events) = events.split_last().unwrap();
    assert_eq!(last["counters"]["solutions"], 2);
    for (k, event) in events.iter().enumerate() {
        assert_eq!(event["step"], k as u64 + 1);
        let name = event["event"].as_str().unwrap();
        assert!(["place", "conflict", "remove", "backtrack", "solution"].contains(&name));
    }
    assert_eq!(events[0]["event"], "place");
    assert_eq!(events[0]["slot"], 1);
    assert_eq!(events[0]["direction"], "across");
    let places = events.iter().filter(|e| e["event"] == "place").count();
    let removes = events.iter().filter(|e| e["event"] == "remove").count();
    assert_eq!(places, removes);
    puzzles()
        .args([
            "crossword",
            grid,
            "--words",
            list,
            "--trace",
            "--format",
            "ipuz",
        ])
        .assert()
        .code(2);
    let none = temp_file("crossword", "trace-none.txt", "AB\nCD\n");
    puzzles()
        .args([
            "crossword",
            grid,
            "--words",
            none.to_str().unwrap(),
            "--trace",
        ])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("solutions: 0"));
}

#[test]
fn threads_count_as_one() {
    // Without blocks (the row-by-row search) and with (the propagating one).
    let open = temp_file("crossword", "open-4.txt", "....\n....\n....\n....\n");
    let blocks = temp_file("crossword", "blocks-4.txt", "...#\n....\n....\n#...\n");
    for grid in [&open, &blocks] {
        threads_count_as_one_in(grid.to_str().unwrap());
    }
}

fn threads_count_as_one_in(grid: &str) {
    let one = stdout(&["crossword", grid, "--count", "--threads", "1"]);
    assert!(one.trim().parse::<u64>().unwrap() > 1000, "{one}");
    for threads in ["2", "3"] {
        assert_eq!(
            stdout(&["crossword", grid, "--count", "--threads", threads]),
            one
        );
        assert_eq!(
            stdout(&[
                "crossword",
                grid,
                "--count",
                "--limit",
                "100",
                "--threads",
                threads
            ]),
            "at least 100\n"
        );
    }
    puzzles()
        .args(["crossword", grid, "--count", "--threads", "0"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "the number of threads must be at least 1",
        ));
    puzzles()
        .args(["crossword", grid, "--threads", "2", "--trace"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot be used with"));
}

/// Ctrl-C (`signals` of them at once) once the search runs: the handler
/// is in place before the grid and the list are read, and a Ctrl-C then
/// stops before the search. Waits a little longer each time one lands
/// there; returns standard output.
#[cfg(target_os = "linux")]
fn ctrl_c_during_the_search(args: &[&str], signals: usize) -> String {
    for wait in [0, 20, 100, 500, 2000] {
        let (stdout, stderr) =
            crate::util::interrupted_after(args, signals, Duration::from_millis(wait));
        if !stderr.contains("no search was run") {
            return stdout;
        }
    }
    panic!("every Ctrl-C came before the search: {args:?}");
}

#[cfg(target_os = "linux")]
#[test]
fn ctrl_c_exits_130() {
    // A grid with blocks (the propagating search) on one thread and on two,
    // and one without (the row-by-row search) on two: threads are stopped
    // from the thread that waits on them.
    let open = temp_file("crossword", "open-7.txt", ".......\n".repeat(7));
    let five = example("5x5.txt");
    for threads in ["1", "2"] {
        ctrl_c_during_the_search(&["crossword", &five, "--count", "--threads", threads], 1);
    }
    ctrl_c_during_the_search(
        &[
            "crossword",
            open.to_str().unwrap(),
            "--count",
            "--threads",
            "2",
        ],
        1,
    );
    // A trace stops too, saying where it was cut short.
    ctrl_c_during_the_search(&["crossword", open.to_str().unwrap(), "--trace"], 1);
    // Once its events have begun: a Ctrl-C while the list loads stops
    // before the search, with no trace to close.
    let json = crate::util::ctrl_c_once_output_begins(&[
        "crossword",
        open.to_str().unwrap(),
        "--trace",
        "--format",
        "json",
    ]);
    crate::util::cut_json_trace_closes_with_its_summary(&json);
}

/// `timeout -s INT` signals the command and then its process group: two
/// SIGINTs at once are one request to stop, which ends saying so and keeps
/// the checkpoint, not a second Ctrl-C that leaves at once.
#[cfg(target_os = "linux")]
#[test]
fn two_ctrl_c_at_once_are_one_request() {
    let dir = crate::util::scratch("crossword-twice");
    let checkpoint = dir.join("c.ckpt");
    let five = example("5x5.txt");
    for _ in 0..5 {
        let _ = std::fs::remove_file(&checkpoint);
        ctrl_c_during_the_search(
            &[
                "crossword",
                &five,
                "--count",
                "--threads",
                "1",
                "--checkpoint",
                checkpoint.to_str().unwrap(),
            ],
            2,
        );
    }
}

/// One fill is the first-solution search, which completes at its fill as
/// queens' `--first --trace` and the web page's crossword trace do; a
/// listing cut short at its limit does not.
#[test]
fn a_trace_of_one_fill_completes() {
    let grid = crate::util::temp_file("crossword", "two.txt", "..\n..\n");
    let grid = grid.to_str().unwrap();
    let summary = |extra: &[&str]| {
        let output = puzzles()
            .args(["crossword", grid, "--trace", "--format", "json"])
            .args(extra)
            .assert()
            .success();
        let text = String::from_utf8(output.get_output().stdout.clone()).unwrap();
        text.lines().last().unwrap().to_string()
    };
    assert!(summary(&[]).ends_with(r#""solutions":1},"steps":5,"completed":true}"#));
    assert!(summary(&["--limit", "2"]).ends_with(r#""completed":false}"#));
}

#[test]
fn the_word_list_may_come_from_standard_input() {
    let grid = temp_file("crossword", "stdin-grid.txt", "..\n..\n");
    let grid = grid.to_str().unwrap();
    puzzles()
        .args(["crossword", grid, "--words", "-", "--count"])
        .write_stdin("AB\nCD\nAC\nBD\nx1\n")
        .assert()
        .success()
        .stdout("2\n")
        .stderr(predicate::str::starts_with(
            "puzzles: standard input: 1 line skipped",
        ));
    puzzles()
        .args(["crossword", "-", "--words", "-"])
        .write_stdin("..\n..\n")
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("cannot both be '-'"));
}

/// Ctrl-C while the word list was read (here from standard input, held
/// open) ended the command by the signal, without a word: the handler came
/// once the list was in.
#[cfg(target_os = "linux")]
#[test]
fn ctrl_c_while_the_list_is_read_leaves_at_once_saying_so() {
    use std::io::Write;
    let grid = temp_file("crossword", "held-list-grid.txt", "..\n..\n");
    let mut child = std::process::Command::new(crate::util::binary())
        .arg("crossword")
        .arg(&*grid)
        .args(["--words", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut words = child.stdin.take().unwrap();
    words.write_all(b"ab\ncd\n").unwrap();
    let pid = child.id();
    let (caught, waited) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        crate::util::wait_for_handler(pid, 2);
        let _ = caught.send(());
    });
    let in_time = waited.recv_timeout(Duration::from_secs(30)).is_ok();
    if !in_time {
        let _ = child.kill();
    }
    assert!(in_time, "no Ctrl-C handler while the list is read");
    crate::util::send_signal("-INT", pid);
    // The list is still open: the command leaves without waiting for its
    // end (reading polls no flag, and a list can take half a minute).
    let (ended, output) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = ended.send(child.wait_with_output());
    });
    let Ok(output) = output.recv_timeout(Duration::from_secs(30)) else {
        crate::util::send_signal("-KILL", pid);
        panic!("Ctrl-C while the list is read waited for the list");
    };
    drop(words);
    let output = output.unwrap();
    assert_eq!(output.status.code(), Some(130), "{output:?}");
    assert_eq!(output.stdout, b"");
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "puzzles: interrupted while the grid and the word list were read: no search was run\n"
    );
}
