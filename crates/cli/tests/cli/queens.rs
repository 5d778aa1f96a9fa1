//! `puzzles queens` through the real binary: formats, exit codes, messages.

use crate::util::{puzzles, stdout_of};
use predicates::prelude::*;

#[test]
fn eight_queens_lists_all_92_boards() {
    let text = stdout_of(&["queens", "8"]);
    let boards: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(boards.len(), 92);
    assert!(
        boards
            .iter()
            .all(|board| board.trim_end().lines().count() == 8)
    );
    assert!(text.starts_with(
        "Q.......\n....Q...\n.......Q\n.....Q..\n..Q.....\n......Q.\n.Q......\n...Q....\n\n"
    ));
    insta::assert_snapshot!("queens_8_boards", text);
}

#[test]
fn five_queens_come_in_the_classic_tutorial_order() {
    let text = stdout_of(&["queens", "5"]);
    assert!(text.starts_with("Q....\n..Q..\n....Q\n.Q...\n...Q.\n\n"));
    insta::assert_snapshot!("queens_5_boards", text);
}

#[test]
fn array_format_prints_the_cols_arrays() {
    assert_eq!(
        stdout_of(&["queens", "4", "--format", "array"]),
        "[1, 3, 0, 2]\n[2, 0, 3, 1]\n"
    );
}

#[test]
fn json_format_prints_one_object_per_line() {
    assert_eq!(
        stdout_of(&["queens", "4", "--format", "json"]),
        "{\"n\":4,\"index\":1,\"cols\":[1,3,0,2]}\n{\"n\":4,\"index\":2,\"cols\":[2,0,3,1]}\n"
    );
}

#[test]
fn leetcode_format_prints_the_whole_answer() {
    assert_eq!(
        stdout_of(&["queens", "4", "--format", "leetcode"]),
        "[[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"],[\"..Q.\",\"Q...\",\"...Q\",\".Q..\"]]\n"
    );
}

#[test]
fn unicode_format_draws_checkered_boards() {
    insta::assert_snapshot!(
        "queens_4_unicode",
        stdout_of(&["queens", "4", "--format", "unicode"])
    );
}

#[test]
fn count_prints_the_number_of_solutions() {
    assert_eq!(stdout_of(&["queens", "8", "--count"]), "92\n");
    assert_eq!(stdout_of(&["queens", "1", "--count"]), "1\n");
}

#[test]
fn limit_stops_after_k_solutions() {
    assert_eq!(
        stdout_of(&["queens", "8", "--limit", "2", "--format", "array"]),
        "[0, 4, 7, 5, 2, 6, 1, 3]\n[0, 5, 7, 2, 6, 3, 1, 4]\n"
    );
    let text = stdout_of(&["queens", "30", "--limit", "1", "--format", "array"]);
    assert_eq!(text.lines().count(), 1);
}

#[test]
fn first_prints_the_lexicographically_first_solution() {
    assert_eq!(
        stdout_of(&["queens", "8", "--first"]),
        "Q.......\n....Q...\n.......Q\n.....Q..\n..Q.....\n......Q.\n.Q......\n...Q....\n"
    );
    assert_eq!(
        stdout_of(&["queens", "1", "--first", "--format", "array"]),
        "[0]\n"
    );
}

/// The answer names the board that has none: "n = 4" alone read as the
/// plain board's queens, which have two solutions.
#[test]
fn no_solution_names_the_piece_and_the_torus() {
    for (args, line) in [
        (&["2", "--piece", "king"][..], "n = 2 (kings)"),
        (&["2", "--piece", "king", "--first"], "n = 2 (kings)"),
        (&["4", "--torus"], "n = 4 (queens on a torus)"),
        (&["4", "--torus", "--first"], "n = 4 (queens on a torus)"),
        (
            &["6", "--torus", "--piece", "superqueen", "--first"],
            "n = 6 (superqueens on a torus)",
        ),
        (&["5", "--piece", "superqueen"], "n = 5 (superqueens)"),
    ] {
        puzzles()
            .arg("queens")
            .args(args)
            .assert()
            .code(1)
            .stdout(format!("no solution exists for {line}\n"))
            .stderr("");
    }
}

#[test]
fn no_solution_is_an_answer_with_exit_status_one() {
    for n in ["2", "3"] {
        puzzles()
            .args(["queens", n, "--first"])
            .assert()
            .code(1)
            .stdout(format!("no solution exists for n = {n}\n"))
            .stderr("");
    }
    puzzles()
        .args(["queens", "3"])
        .assert()
        .code(1)
        .stdout("no solution exists for n = 3\n");
    puzzles()
        .args(["queens", "3", "--count"])
        .assert()
        .code(1)
        .stdout("0\n");
    // JSON lines keep standard output for solutions; the answer is said on
    // standard error (it was not said at all).
    for (args, board) in [
        (&["queens", "3", "--format", "json"][..], "n = 3"),
        (&["queens", "3", "--first", "--format", "json"], "n = 3"),
        (&["queens", "3", "--unique", "--format", "json"], "n = 3"),
        (
            &["queens", "6", "--torus", "--format", "json"],
            "n = 6 (queens on a torus)",
        ),
        (&["queens", "3", "--format", "array"], "n = 3"),
        (&["queens", "3", "--unique", "--format", "array"], "n = 3"),
    ] {
        puzzles()
            .args(args)
            .assert()
            .code(1)
            .stdout("")
            .stderr(format!("puzzles: no solution exists for {board}\n"));
    }
    for format in ["json", "array"] {
        puzzles()
            .args(["queens", "6", "--given", "0:0", "--format", format])
            .assert()
            .code(1)
            .stdout("")
            .stderr("puzzles: no completion exists for the given queens\n");
    }
    puzzles()
        .args(["queens", "2", "--format", "leetcode"])
        .assert()
        .code(1)
        .stdout("[]\n");
}

/// Queens and superqueens on a torus whose size shares a factor with 6
/// have no solution (Pólya): said at once, where the search would take
/// hours at 20. The time limit only keeps a regression from hanging.
#[test]
fn torus_boards_without_solutions_are_answered_at_once() {
    let quick = std::time::Duration::from_secs(60);
    for (args, stdout) in [
        (&["20", "--torus", "--count"][..], "0\n"),
        (&["20", "--torus", "--count", "--unique"], "0\n"),
        (
            &["24", "--torus", "--piece", "superqueen", "--count"],
            "0\n",
        ),
        (
            &["20", "--torus"],
            "no solution exists for n = 20 (queens on a torus)\n",
        ),
        (
            &["20", "--torus", "--unique", "--limit", "1"],
            "no solution exists for n = 20 (queens on a torus)\n",
        ),
        (
            &["20", "--torus", "--first", "--lexicographic"],
            "no solution exists for n = 20 (queens on a torus)\n",
        ),
        (&["20", "--torus", "--format", "json"], ""),
    ] {
        puzzles()
            .arg("queens")
            .args(args)
            .timeout(quick)
            .assert()
            .code(1)
            .stdout(stdout);
    }
    puzzles()
        .args(["queens", "20", "--torus", "--count", "--json"])
        .timeout(quick)
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with(
            r#"{"n":20,"total":0,"unique":0,"#,
        ));
}

#[test]
fn unique_lists_the_fundamental_solutions_with_class_sizes() {
    let text = stdout_of(&["queens", "8", "--unique", "--format", "array"]);
    assert_eq!(text.lines().count(), 12);
    assert!(text.starts_with("[0, 4, 7, 5, 2, 6, 1, 3]  class of 8\n"));
    let sizes: u64 = text
        .lines()
        .map(|line| line.rsplit(' ').next().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sizes, 92);
    assert_eq!(stdout_of(&["queens", "8", "--unique", "--count"]), "12\n");
    insta::assert_snapshot!(
        "queens_6_unique_boards",
        stdout_of(&["queens", "6", "--unique"])
    );
    assert_eq!(
        stdout_of(&["queens", "6", "--unique", "--format", "json"]),
        "{\"n\":6,\"index\":1,\"cols\":[1,3,5,0,2,4],\"class_size\":4}\n"
    );
    // The lines read back as the library's own types.
    let json = stdout_of(&["queens", "8", "--unique", "--format", "json"]);
    let classes: Vec<puzzles::queens::Fundamental> = json
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let expected: Vec<_> = puzzles::queens::Board::new(8)
        .unwrap()
        .fundamental_solutions()
        .collect();
    assert_eq!(classes, expected);
}

#[test]
fn trace_prints_every_step_and_the_counters() {
    let text = stdout_of(&["queens", "4", "--trace"]);
    assert!(text.contains("     1  place (0, 0)\n"));
    assert!(text.contains("     2    conflict (1, 0) with (0, 0): column\n"));
    assert!(text.contains("     3    conflict (1, 1) with (0, 0): diagonal\n"));
    assert!(text.contains("backtrack: no column left in row 2\n"));
    assert!(text.contains("solution 1: [1, 3, 0, 2]\n"));
    assert!(
        text.ends_with("placements: 16, conflicts: 44, backtracks: 15, solutions: 2 (93 steps)\n")
    );
    insta::assert_snapshot!("queens_4_trace", text);
}

#[test]
fn json_trace_prints_the_same_events_as_json_lines() {
    let text = stdout_of(&["queens", "4", "--trace", "--format", "json"]);
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines.len(), 94, "93 events and the summary");
    assert_eq!(
        lines[0],
        serde_json::json!({"step":1,"depth":0,"event":"place","row":0,"col":0})
    );
    assert_eq!(
        lines[1],
        serde_json::json!({"step":2,"depth":1,"event":"conflict","row":1,"col":0,"with":[0,0],"kind":"column"})
    );
    let solutions = lines
        .iter()
        .filter(|line| line["event"] == "solution")
        .count();
    assert_eq!(solutions, 2);
    assert_eq!(lines[93]["counters"]["placements"], 16);
    assert_eq!(lines[93]["counters"]["conflicts"], 44);
    assert_eq!(lines[93]["counters"]["backtracks"], 15);
    assert_eq!(lines[93]["counters"]["solutions"], 2);
    assert_eq!(lines[93]["completed"], true);
}

#[test]
fn trace_first_stops_at_the_first_solution() {
    let text = stdout_of(&["queens", "4", "--trace", "--first"]);
    assert!(text.contains("solution 1: [1, 3, 0, 2]\n"));
    assert!(!text.contains("solution 2"));
    puzzles().args(["queens", "3", "--trace"]).assert().code(1);
}

#[test]
fn bad_board_sizes_are_usage_errors() {
    for (arg, message) in [
        ("0", "the board size must be at least 1, got 0"),
        ("-3", "the board size must be at least 1, got -3"),
        (
            "eight",
            "the board size must be a whole number, got \"eight\"",
        ),
        ("8.5", "the board size must be a whole number"),
        ("", "the board size must be a whole number"),
    ] {
        puzzles()
            .args(["queens", arg])
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(message));
    }
    puzzles()
        .args(["queens", "65"])
        .assert()
        .code(2)
        .stdout("")
        .stderr("puzzles: error: n = 65 is too large to search (at most 64)\n");
    puzzles()
        .args(["queens"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("<N>"));
    puzzles()
        .args(["queens", "8", "--limit", "0"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("the limit must be at least 1"));
}

#[test]
fn conflicting_options_are_usage_errors() {
    for args in [
        &["queens", "8", "--first", "--count"][..],
        &["queens", "8", "--trace", "--unique"],
        &["queens", "8", "--count", "--limit", "3"],
        &["queens", "8", "--format", "svgg"],
    ] {
        puzzles().args(args).assert().code(2).stdout("");
    }
    puzzles()
        .args(["queens", "4", "--trace", "--format", "array"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "--trace prints text or JSON lines",
        ));
}

#[test]
fn pieces_and_torus_follow_their_sequences() {
    assert_eq!(
        stdout_of(&["queens", "6", "--piece", "king", "--count"]),
        "90\n"
    );
    assert_eq!(
        stdout_of(&["queens", "5", "--piece", "rook", "--count"]),
        "120\n"
    );
    assert_eq!(
        stdout_of(&["queens", "10", "--piece", "superqueen", "--count"]),
        "4\n"
    );
    assert_eq!(stdout_of(&["queens", "7", "--torus", "--count"]), "28\n");
    puzzles()
        .args(["queens", "8", "--piece", "bishop"])
        .assert()
        .code(2);
}

#[test]
fn help_and_version_work() {
    puzzles()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("Examples:").and(predicate::str::contains("queens")));
    puzzles()
        .args(["queens", "--help"])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("puzzles queens 8 --unique")
                .and(predicate::str::contains("--trace")),
        );
    puzzles()
        .arg("--version")
        .assert()
        .success()
        .stdout(predicate::str::starts_with("puzzles "));
}

#[test]
fn a_closed_pipe_is_not_an_error() {
    // `puzzles queens 12 | head -1`: the reader goes away early.
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("puzzles"))
        .args(["queens", "12"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

/// Runs `puzzles ARGS`, which must be refused: status 2 and nothing on
/// standard output.
fn refused(args: &[&str]) -> assert_cmd::assert::Assert {
    puzzles().args(args).assert().code(2).stdout("")
}

#[test]
fn counting_options_are_refused_with_given_queens() {
    for (options, flag) in [
        (&["--sample", "100"][..], "--sample"),
        (&["--method", "quadrants"], "--method"),
    ] {
        refused(&[&["queens", "10", "--given", "0:0", "--count"][..], options].concat()).stderr(
            format!(
                "puzzles: error: {flag} works with the whole-board count only, not with given queens\n"
            ),
        );
    }
    // The piece given is named (rooks were called queens); rooks'
    // completions are a formula, and a theorem answers boards without
    // solutions: no units to split, record or shard.
    let dir = crate::util::scratch("given-part");
    let part = dir.join("part.json");
    for (options, message) in [
        (
            &["--method", "backtrack"][..],
            "--method works with the whole-board count only, not with given rooks",
        ),
        (
            &["--split", "3"],
            "--split works with counts by search; given rooks are counted by formula, at once",
        ),
        (
            &["--shard", "1/2", "--part", part.to_str().unwrap()],
            "--shard works with counts by search; given rooks are counted by formula, at once",
        ),
    ] {
        refused(
            &[
                &[
                    "queens", "8", "--piece", "rook", "--given", "0:0", "--count",
                ][..],
                options,
            ]
            .concat(),
        )
        .stderr(format!("puzzles: error: {message}\n"));
    }
    refused(&["queens", "2", "--given", "0:0", "--count", "--threads", "2"]).stderr(
        "puzzles: error: --threads works with counts by search; given queens have no \
         completion, as a theorem says, so nothing is searched\n",
    );
    assert!(!part.exists());
}

#[test]
fn a_count_refuses_formats_that_show_solutions() {
    for format in ["array", "svg", "unicode", "leetcode"] {
        refused(&["queens", "8", "--count", "--format", format]).stderr(format!(
            "puzzles: error: --format {format} shows solutions, and --count prints a number \
             (--json or --format json print it as JSON)\n"
        ));
    }
    assert_eq!(
        stdout_of(&["queens", "8", "--count", "--format", "board"]),
        "92\n"
    );
}

#[test]
fn a_bad_given_square_is_named_even_when_it_starts_with_a_minus() {
    refused(&["queens", "8", "--given", "-1:0"]).stderr(predicate::str::contains(
        "invalid value '-1:0' for '--given <ROW:COL>': the row in \"-1:0\" must be a whole number",
    ));
}

#[test]
fn an_svg_sheet_of_fundamental_solutions_past_the_bound_suggests_what_is_left() {
    refused(&["queens", "12", "--unique", "--format", "svg"]).stderr(
        "puzzles: error: more than 1000 boards are too many for one SVG sheet; add --limit K \
         (at most 1000), or use --first\n",
    );
    // Completions of given queens have no --unique to suggest.
    refused(&["queens", "12", "--given", "0:5", "--format", "svg"]).stderr(
        "puzzles: error: more than 1000 boards are too many for one SVG sheet; add --limit K \
         (at most 1000), or use --first\n",
    );
}

#[test]
fn a_split_goes_with_the_backtracking_method_only() {
    let split = ["queens", "10", "--count", "--split", "3", "--method"];
    assert_eq!(stdout_of(&[&split[..], &["backtrack"]].concat()), "724\n");
    refused(&[&split[..], &["quadrants"]].concat()).stderr(predicate::str::starts_with(
        "puzzles: error: --split sets the work units of the backtracking search",
    ));
}

#[test]
fn the_quadrant_method_is_refused_for_other_pieces_and_the_torus() {
    for (options, what) in [
        (&["--piece", "king"][..], "kings are"),
        (&["--torus"], "queens on a torus are"),
    ] {
        refused(
            &[
                // 7: a torus of 8 has no solution, which is said first.
                &["queens", "7", "--count", "--method", "quadrants"][..],
                options,
            ]
            .concat(),
        )
        .stderr(predicate::str::starts_with(format!(
            "puzzles: error: --method quadrants counts classic queens only; {what} counted by \
             backtracking\n"
        )));
    }
}

/// A trace of a big board runs for ages: Ctrl-C cuts it short (the shared
/// trace printer, as Sudoku's and exact cover's). JSON lines close with a
/// summary that says so, counting the events written.
#[cfg(target_os = "linux")]
#[test]
fn ctrl_c_stops_a_trace_with_exit_130() {
    let text = crate::util::ctrl_c_exits_130_with(&["queens", "30", "--trace"]);
    assert!(
        !text.contains("placements:"),
        "no counters after a cut text trace"
    );
    let json = crate::util::ctrl_c_exits_130_with(&["queens", "30", "--trace", "--format", "json"]);
    crate::util::cut_json_trace_closes_with_its_summary(&json);
}

/// Every count ends with exit status 130 on SIGTERM (a batch system's time
/// limit) and SIGHUP, as the guide says, not only the classic count with
/// its checkpoints: other pieces, the torus, given queens and samples
/// were killed by the signal (143, 129).
#[cfg(target_os = "linux")]
#[test]
fn every_count_ends_130_on_sigterm_and_sighup() {
    for (args, signal, number) in [
        (
            &["queens", "16", "--piece", "king", "--count"][..],
            "-TERM",
            15,
        ),
        (&["queens", "23", "--torus", "--count"], "-HUP", 1),
        (&["queens", "30", "--given", "0:0", "--count"], "-TERM", 15),
        (
            &["queens", "20", "--count", "--sample", "1000000"],
            "-HUP",
            1,
        ),
    ] {
        let child = std::process::Command::new(crate::util::binary())
            .args(args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        crate::util::wait_for_handler(child.id(), number);
        crate::util::send_signal(signal, child.id());
        let output = child.wait_with_output().unwrap();
        assert_eq!(output.status.code(), Some(130), "{args:?} {output:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        if !args.contains(&"--sample") {
            // Counted in units: it says how many were done.
            assert!(
                stderr.starts_with("puzzles: interrupted after ")
                    && stderr.ends_with(
                        "units were counted and are lost (--checkpoint FILE keeps them)\n"
                    ),
                "{args:?} {stderr}"
            );
        } else {
            assert_eq!(stderr, "puzzles: interrupted\n", "{args:?}");
        }
    }
}

#[test]
fn other_pieces_are_drawn_as_themselves() {
    for (piece, n, letter, symbol) in [
        ("queen", 5, 'Q', '♛'),
        ("rook", 5, 'R', '♜'),
        ("king", 5, 'K', '♚'),
        ("superqueen", 10, 'S', 'S'),
    ] {
        let first = |format: &str| {
            let n = n.to_string();
            stdout_of(&[
                "queens", &n, "--piece", piece, "--first", "--format", format,
            ])
        };
        let board = first("board");
        assert_eq!(board.matches(letter).count(), n, "{board}");
        assert_eq!(board.chars().filter(|c| c.is_alphabetic()).count(), n);
        let unicode = first("unicode");
        assert_eq!(unicode.matches(symbol).count(), n, "{unicode}");
    }
    let leetcode = stdout_of(&["queens", "2", "--piece", "rook", "--format", "leetcode"]);
    assert_eq!(leetcode, "[[\"R.\",\".R\"],[\".R\",\"R.\"]]\n");
}

/// `puzzles queens --piece rook ARGS`, with a time limit that only keeps a
/// regression from hanging.
fn rooks(args: &[&str]) -> assert_cmd::assert::Assert {
    puzzles()
        .args(["queens", "--piece", "rook"])
        .args(args)
        .timeout(std::time::Duration::from_secs(60))
        .assert()
}

/// Rooks are counted by formula: the search visited all N! permutations,
/// and `queens 20 --piece rook --count` never finished. The time limit only
/// keeps a regression from hanging.
#[test]
fn rook_counts_are_answered_at_once() {
    for (args, stdout) in [
        (&["20", "--count"][..], "2432902008176640000\n"),
        (&["20", "--count", "--unique"], "304112757426239984\n"),
        (&["8", "--torus", "--count", "--unique"], "5282\n"),
    ] {
        rooks(args).success().stdout(stdout);
    }
    // Past the formula's range the count is refused, not searched for ever.
    for args in [
        &["35", "--count"][..],
        &["64", "--count", "--unique"],
        &["35", "--count", "--json"],
    ] {
        rooks(args).code(2).stdout("").stderr(
            "puzzles: error: rooks are counted by formula up to N = 34: past it N! outgrows 128 \
             bits\n",
        );
    }
    puzzles()
        .args([
            "queens",
            "8",
            "--piece",
            "rook",
            "--count",
            "--threads",
            "2",
        ])
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            "puzzles: error: --threads works with counts by search; rooks of size 8 are \
             counted by formula, at once\n",
        );
    // One thread is what these counts use: asked for, it is no conflict.
    for args in [
        &["8", "--piece", "rook", "--count"][..],
        &["8", "--piece", "king", "--count"],
        &["7", "--torus", "--count"],
        &["8", "--given", "0:0", "--count"],
    ] {
        let expected = crate::util::stdout_of(&[&["queens"][..], args].concat());
        puzzles()
            .arg("queens")
            .args(args)
            .args(["--threads", "1"])
            .assert()
            .success()
            .stdout(expected);
    }
}

/// Rook completions are counted by formula too, (N − given)!: the search
/// of `queens 35 --piece rook --given 0:0 --count` never finished.
#[test]
fn rook_completions_are_counted_at_once() {
    for (args, stdout) in [
        (&["8", "--given", "0:0,3:4", "--count"][..], "720\n"),
        // A square given twice stands for one rook.
        (&["8", "--given", "0:0,3:4,0:0", "--count"], "720\n"),
        (&["8", "--torus", "--given", "0:0", "--count"], "5040\n"),
        (
            &["36", "--given", "0:0,1:1", "--count"],
            "295232799039604140847618609643520000000\n",
        ),
    ] {
        rooks(args).success().stdout(stdout);
    }
    let json = String::from_utf8(
        rooks(&["36", "--given", "0:0,1:1", "--count", "--json"])
            .success()
            .get_output()
            .stdout
            .clone(),
    )
    .unwrap();
    assert!(
        json.starts_with(
            "{\"given\":2,\"n\":36,\"total\":295232799039604140847618609643520000000,\
             \"elapsed_seconds\":"
        ) && json.ends_with(",\"piece\":\"rook\",\"torus\":false}\n"),
        "{json}"
    );
    rooks(&["37", "--given", "0:0,1:1", "--count"])
        .code(2)
        .stdout("")
        .stderr(
            "puzzles: error: rooks are counted by formula up to 34 free rows: past it \
             (N - given)! outgrows 128 bits\n",
        );
}
