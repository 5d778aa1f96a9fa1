//! `puzzles maxsub` end to end: every option, every format, every bad-input
//! message.

use assert_cmd::Command;
use predicates::prelude::*;

fn maxsub() -> Command {
    let mut command = Command::cargo_bin("puzzles").expect("the puzzles binary");
    command.arg("maxsub");
    command
}

/// Runs `puzzles maxsub ARGS` and returns its standard output, checking the
/// exit status.
fn output(args: &[&str], status: i32) -> String {
    let assert = maxsub().args(args).assert().code(status);
    String::from_utf8(assert.get_output().stdout.clone()).expect("UTF-8 output")
}

/// The one-line error of a run that must fail with status 2.
fn error(args: &[&str]) -> String {
    let assert = maxsub().args(args).assert().code(2).stdout("");
    String::from_utf8(assert.get_output().stderr.clone()).expect("UTF-8 errors")
}

/// A file with `contents` in a scratch folder, removed on drop.
struct TempFile(crate::util::TempFile);

impl TempFile {
    fn new(contents: &str) -> TempFile {
        TempFile(crate::util::temp_file("maxsub", "input.txt", contents))
    }

    fn path(&self) -> &str {
        self.0.to_str().expect("a UTF-8 path")
    }
}

#[test]
fn the_issue_example_in_text_and_json() {
    assert_eq!(
        output(&["30", "-40", "20", "40"], 0),
        "sum: 60\nstart: 2\nend: 3\nlen: 2\nelements: 20 40\n"
    );
    assert_eq!(
        output(&["30", "-40", "20", "40", "--format", "json"], 0),
        "{\"sum\":60,\"start\":2,\"end\":3,\"len\":2}\n"
    );
}

#[test]
fn all_negative_gives_the_largest_element_unless_empty_is_allowed() {
    assert_eq!(
        output(&["-30", "-40", "-20", "-40"], 0),
        "sum: -20\nstart: 2\nend: 2\nlen: 1\nelements: -20\n"
    );
    assert_eq!(
        output(&["--allow-empty", "-30", "-40", "-20", "-40"], 0),
        "sum: 0\nstart: none\nend: none\nlen: 0\nelements: none (the empty subarray: every element is negative)\n"
    );
    assert_eq!(
        output(&["--allow-empty", "--format", "json", "-3", "-1"], 0),
        "{\"sum\":0,\"start\":null,\"end\":null,\"len\":0}\n"
    );
    // A run with sum 0 beats the empty subarray; so does any positive one.
    assert_eq!(
        output(&["--allow-empty", "--format", "json", "-3", "0", "-1"], 0),
        "{\"sum\":0,\"start\":1,\"end\":1,\"len\":1}\n"
    );
    assert_eq!(
        output(
            &["--allow-empty", "--format", "json", "30", "-40", "20", "40"],
            0
        ),
        "{\"sum\":60,\"start\":2,\"end\":3,\"len\":2}\n"
    );
}

#[test]
fn ties_go_to_the_smallest_start_then_the_smallest_end() {
    for algorithm in ["brute-force", "kadane", "parallel"] {
        assert_eq!(
            output(
                &[
                    "-a", algorithm, "--format", "json", "1", "-1", "1", "0", "-5", "1"
                ],
                0
            ),
            "{\"sum\":1,\"start\":0,\"end\":0,\"len\":1}\n",
            "{algorithm}"
        );
        assert_eq!(
            output(
                &["--algorithm", algorithm, "--format", "json", "0", "0", "0"],
                0
            ),
            "{\"sum\":0,\"start\":0,\"end\":0,\"len\":1}\n",
            "{algorithm}"
        );
    }
}

#[test]
fn every_algorithm_gives_the_same_answer_from_every_source() {
    let numbers: Vec<String> = (0..500)
        .map(|i| ((i * 7919 % 201) - 103).to_string())
        .collect();
    let file = TempFile::new(&numbers.join("\n"));
    let args: Vec<&str> = numbers.iter().map(String::as_str).collect();
    let expected = output(
        &[&["--algorithm", "brute-force", "--"][..], &args].concat(),
        0,
    );
    assert!(expected.starts_with("sum: "), "{expected}");
    for algorithm in ["brute-force", "kadane", "parallel"] {
        assert_eq!(
            output(&[&["-a", algorithm, "--"][..], &args].concat(), 0),
            expected
        );
        assert_eq!(
            output(&["-a", algorithm, "--file", file.path()], 0),
            expected
        );
        let from_stdin = maxsub()
            .args(["-a", algorithm])
            .write_stdin(numbers.join(" "))
            .assert()
            .success();
        assert_eq!(
            String::from_utf8_lossy(&from_stdin.get_output().stdout),
            expected
        );
    }
}

#[test]
fn files_and_stdin_take_commas_comments_and_any_whitespace() {
    let file = TempFile::new("# header line\n30, -40\n\t20 # trailing note\r\n40\n");
    assert_eq!(
        output(&["--file", file.path(), "--format", "json"], 0),
        "{\"sum\":60,\"start\":2,\"end\":3,\"len\":2}\n"
    );
    maxsub()
        .arg("-")
        .write_stdin("30,-40,20,40")
        .assert()
        .success()
        .stdout("sum: 60\nstart: 2\nend: 3\nlen: 2\nelements: 20 40\n");
    maxsub()
        .write_stdin("1\n2\n")
        .assert()
        .success()
        .stdout(predicate::str::starts_with("sum: 3\n"));
    // `--file -` is standard input too.
    maxsub()
        .args(["--file", "-", "--format", "json"])
        .write_stdin("30,-40,20,40")
        .assert()
        .success()
        .stdout("{\"sum\":60,\"start\":2,\"end\":3,\"len\":2}\n");
}

/// A line break inside an argument is a space: arguments keep their
/// numbers in messages, and with --2d each stays one row.
#[test]
fn line_breaks_inside_an_argument_keep_its_number() {
    assert_eq!(
        error(&["1\n2", "x"]),
        "puzzles: error: argument 2: `x` is not an integer\n"
    );
    assert!(
        error(&["--2d", "--", "1 2\r\n3 4", "5 6 7"])
            .starts_with("puzzles: error: argument 2, column 6: this row has 3 numbers but the first row (argument 1) has 4")
    );
    assert_eq!(
        output(&["--format", "json", "1\n-5", "2"], 0),
        "{\"sum\":2,\"start\":2,\"end\":2,\"len\":1}\n"
    );
    // An empty argument is a row left out, not passed over.
    assert_eq!(
        error(&["--2d", "--", "1 2", " ", "3 4"]),
        "puzzles: error: argument 2 is empty: with --2d each argument is a row of numbers\n"
    );
}

#[test]
fn long_runs_show_their_first_and_last_elements() {
    let numbers: Vec<String> = (1..=30).map(|i| i.to_string()).collect();
    let args: Vec<&str> = numbers.iter().map(String::as_str).collect();
    let expected = "sum: 465\nstart: 0\nend: 29\nlen: 30\n\
        elements: 1 2 3 4 5 6 7 8 9 10 … (10 more) … 21 22 23 24 25 26 27 28 29 30\n";
    assert_eq!(output(&args, 0), expected);
    let file = TempFile::new(&numbers.join("\n"));
    assert_eq!(output(&["--file", file.path()], 0), expected);
    assert_eq!(
        output(&["--file", file.path(), "-a", "parallel"], 0),
        expected
    );
}

#[test]
fn sums_beyond_64_bits_are_exact() {
    let max = i64::MAX.to_string();
    assert_eq!(
        output(&["--format", "json", &max, &max, "1"], 0),
        "{\"sum\":18446744073709551615,\"start\":0,\"end\":2,\"len\":3}\n"
    );
    let file = TempFile::new(&format!("{max}\n{max}\n"));
    assert!(output(&["--file", file.path()], 0).starts_with("sum: 18446744073709551614\n"));
}

#[test]
fn floats_are_read_with_float_and_refused_without() {
    assert_eq!(
        output(&["--float", "1.5", "-4", "2.25", "2"], 0),
        "sum: 4.25\nstart: 2\nend: 3\nlen: 2\nelements: 2.25 2\n"
    );
    assert_eq!(
        output(&["--float", "--format", "json", "-1.5", "-0.25"], 0),
        "{\"sum\":-0.25,\"start\":1,\"end\":1,\"len\":1}\n"
    );
    assert_eq!(
        error(&["1", "2.5"]),
        "puzzles: error: argument 2: `2.5` is not an integer (it is a decimal number); use --float to read decimal numbers\n"
    );
    assert_eq!(
        error(&["--float", "1", "NaN"]),
        "puzzles: error: argument 2: `NaN` is not a finite number (NaN and infinities are refused)\n"
    );
    assert_eq!(
        error(&["--float", "1", "inf"]),
        "puzzles: error: argument 2: `inf` is not a finite number (NaN and infinities are refused)\n"
    );
    assert_eq!(
        error(&["--float", "1e999"]),
        "puzzles: error: argument 1: `1e999` is out of range for a 64-bit float\n"
    );
    assert!(
        error(&["--float", "1e308", "1e308"]).contains("too much to sum in 64-bit floating point")
    );
}

/// A tester's finds: the circle's total less the run left out, and prefix
/// sums in a window, lost the small numbers beside a large one, so the sum
/// printed was not the sum of the elements printed beside it, or the run
/// was the wrong one.
#[test]
fn float_sums_found_as_differences_keep_small_numbers_beside_large_ones() {
    for algorithm in ["kadane", "brute-force"] {
        for (args, expected) in [
            (
                &["--circular", "--", "1", "-1e16", "1"][..],
                "sum: 2\nstart: 2\nend: 0\nlen: 2\nwraps: yes (indices 2..=2 then 0..=0)\nelements: 1 1\n",
            ),
            (
                &["--circular", "--", "3", "0.5", "-1e16", "3"],
                "sum: 6.5\nstart: 3\nend: 1\nlen: 3\nwraps: yes (indices 3..=3 then 0..=1)\nelements: 3 3 0.5\n",
            ),
            (
                &["--max-len", "3", "--", "-1e16", "0.5", "3", "0.5"],
                "sum: 4\nstart: 1\nend: 3\nlen: 3\nelements: 0.5 3 0.5\n",
            ),
            (
                &["--min-len", "2", "--", "-1e9", "0.25", "0.5"],
                "sum: 0.75\nstart: 1\nend: 2\nlen: 2\nelements: 0.25 0.5\n",
            ),
        ] {
            let args = [&["--float", "--algorithm", algorithm][..], args].concat();
            assert_eq!(output(&args, 0), expected, "{args:?}");
        }
    }
}

#[test]
fn negative_numbers_clap_would_take_for_options_are_numbers() {
    // Clap's own rule knows `-0.5` and `-1e3`, not these.
    assert_eq!(
        output(
            &["--float", "-.5", "2", "-1.5e-3", "-f", "json", "-1E+3"],
            0
        ),
        "{\"sum\":2.0,\"start\":1,\"end\":1,\"len\":1}\n"
    );
    assert_eq!(
        output(
            &["--top", "2", "--float", "3", "-1e-3", "4", "-1e+9", "5"],
            0
        ),
        output(
            &[
                "--top", "2", "--float", "--", "3", "-1e-3", "4", "-1e+9", "5"
            ],
            0
        ),
    );
    // Option values stay with their options.
    assert_eq!(
        output(&["--float", "--min-len", "2", "-.5", "-.25", "-1e+1"], 0),
        "sum: -0.75\nstart: 0\nend: 1\nlen: 2\nelements: -0.5 -0.25\n"
    );
    assert_eq!(
        error(&["-1E+3", "5"]),
        "puzzles: error: argument 1: `-1E+3` is not an integer (it is a decimal number); use --float to read decimal numbers\n"
    );
    // What is not one number is still an option, and must follow `--`.
    assert!(
        error(&["--2d", "-1 -.5", "2 3"])
            .starts_with("puzzles: error: unexpected argument '-1' found")
    );
    assert!(
        error(&["--float", "-.5", "--bogus"])
            .starts_with("puzzles: error: unexpected argument '--bogus'")
    );
}

/// A file and standard input are scanned in one pass; the brute force
/// holds the numbers. Long runs that wrap show their first and last ten
/// elements in order round the circle.
#[test]
fn streamed_circular_runs_are_the_brute_force_ones() {
    // Positive ends, a negative middle: the best run wraps, 46 elements.
    let numbers: Vec<String> = (0..60)
        .map(|i| {
            let sign = if (20..34).contains(&i) { -1 } else { 1 };
            (sign * (i % 7 + 1)).to_string()
        })
        .collect();
    let text = numbers.join("\n");
    let file = TempFile::new(&text);
    for format in ["text", "json"] {
        let oracle = output(
            &[
                "--circular",
                "-a",
                "brute-force",
                "--format",
                format,
                "--file",
                file.path(),
            ],
            0,
        );
        assert_eq!(
            output(
                &["--circular", "--format", format, "--file", file.path()],
                0
            ),
            oracle
        );
        let streamed = maxsub()
            .args(["--circular", "--format", format])
            .write_stdin(text.clone())
            .assert()
            .code(0);
        assert_eq!(
            String::from_utf8_lossy(&streamed.get_output().stdout),
            oracle
        );
    }
    assert!(
        output(&["--circular", "--file", file.path()], 0).contains(
            "wraps: yes (indices 34..=59 then 0..=19)\nelements: 7 1 2 3 4 5 6 7 1 2 … (26 more) … 4 5 6 7 1 2 3 4 5 6\n"
        ),
        "{}",
        output(&["--circular", "--file", file.path()], 0)
    );
}

#[test]
fn circular_runs_say_whether_they_wrap() {
    assert_eq!(
        output(&["--circular", "5", "-3", "5"], 0),
        "sum: 10\nstart: 2\nend: 0\nlen: 2\nwraps: yes (indices 2..=2 then 0..=0)\nelements: 5 5\n"
    );
    assert_eq!(
        output(&["--circular", "--format", "json", "5", "-3", "5"], 0),
        "{\"sum\":10,\"start\":2,\"end\":0,\"len\":2,\"n\":3,\"wraps\":true}\n"
    );
    assert_eq!(
        output(&["--circular", "--format", "json", "-1", "3", "-1"], 0),
        "{\"sum\":3,\"start\":1,\"end\":1,\"len\":1,\"n\":3,\"wraps\":false}\n"
    );
    assert_eq!(
        output(
            &[
                "--circular",
                "-a",
                "brute-force",
                "--format",
                "json",
                "2",
                "-9",
                "1",
                "1"
            ],
            0
        ),
        "{\"sum\":4,\"start\":2,\"end\":0,\"len\":3,\"n\":4,\"wraps\":true}\n"
    );
    assert_eq!(
        output(
            &[
                "--circular",
                "--allow-empty",
                "--format",
                "json",
                "-2",
                "-1"
            ],
            0
        ),
        "{\"sum\":0,\"start\":null,\"end\":null,\"len\":0,\"n\":2,\"wraps\":false}\n"
    );
    assert!(output(&["--circular", "--float", "0.5", "-1", "0.5"], 0).starts_with("sum: 1\n"));
    // A run reads back as the library's own type.
    let json = output(&["--circular", "--format", "json", "5", "-3", "5"], 0);
    let run: puzzles::subarray::CircularBest = serde_json::from_str(&json).unwrap();
    assert_eq!(run, puzzles::subarray::circular(&[5_i64, -3, 5]).unwrap());
}

#[test]
fn length_bounds() {
    assert_eq!(
        output(
            &["--min-len", "3", "--format", "json", "4", "-1", "-1", "5"],
            0
        ),
        "{\"sum\":7,\"start\":0,\"end\":3,\"len\":4}\n"
    );
    assert_eq!(
        output(
            &["--max-len", "1", "--format", "json", "4", "-1", "-1", "5"],
            0
        ),
        "{\"sum\":5,\"start\":3,\"end\":3,\"len\":1}\n"
    );
    assert_eq!(
        output(
            &[
                "--min-len",
                "2",
                "--max-len",
                "2",
                "-a",
                "brute-force",
                "--format",
                "json",
                "4",
                "-1",
                "-1",
                "5"
            ],
            0
        ),
        "{\"sum\":4,\"start\":2,\"end\":3,\"len\":2}\n"
    );
    assert_eq!(
        output(&["--min-len", "5", "1", "2"], 1),
        "no run of at least 5 numbers: the input has only 2\n"
    );
    maxsub()
        .args(["--min-len", "5", "--format", "json", "1", "2"])
        .assert()
        .code(1)
        .stdout("")
        .stderr("puzzles: no run of at least 5 numbers: the input has only 2\n");
    assert_eq!(
        output(&["--min-len", "5", "-a", "brute-force", "1", "2"], 1),
        "no run of at least 5 numbers: the input has only 2\n"
    );
    assert_eq!(
        error(&["--min-len", "3", "--max-len", "2", "1", "2", "3"]),
        "puzzles: error: --min-len 3 is greater than --max-len 2\n"
    );
    assert!(error(&["--min-len", "0", "1"]).contains("must be at least 1"));
    assert!(error(&["--max-len", "x", "1"]).contains("must be a positive whole number"));
    assert_eq!(
        output(
            &[
                "--max-len",
                "2",
                "--allow-empty",
                "--format",
                "json",
                "-3",
                "-1"
            ],
            0
        ),
        "{\"sum\":0,\"start\":null,\"end\":null,\"len\":0}\n"
    );
}

#[test]
fn top_k_disjoint_runs() {
    assert_eq!(
        output(
            &["--top", "3", "4", "-9", "3", "3", "-9", "5", "-100", "1000"],
            0
        ),
        "rank   sum  start  end  len  elements\n   \
            1  1000      7    7    1  1000\n   \
            2     6      2    3    2  3 3\n   \
            3     5      5    5    1  5\n"
    );
    assert_eq!(
        output(&["--top", "2", "--format", "json", "5", "-1", "5"], 0),
        "{\"rank\":1,\"sum\":9,\"start\":0,\"end\":2,\"len\":3}\n"
    );
    assert_eq!(
        output(
            &[
                "--top",
                "9",
                "-a",
                "brute-force",
                "--format",
                "json",
                "-1",
                "-2"
            ],
            0
        ),
        "{\"rank\":1,\"sum\":-1,\"start\":0,\"end\":0,\"len\":1}\n\
         {\"rank\":2,\"sum\":-2,\"start\":1,\"end\":1,\"len\":1}\n"
    );
    assert!(error(&["--top", "0", "1"]).contains("must be at least 1"));
    // At most 2^20 runs, refused before any number is read.
    assert_eq!(
        output(&["--top", "1048576", "-1", "2"], 0).lines().count(),
        3
    );
    assert!(
        error(&["--top", "1048577", "1"]).contains("must be at most 1048576, got \"1048577\""),
        "{}",
        error(&["--top", "1048577", "1"])
    );
    for huge in ["18446744073709551615", "99999999999999999999"] {
        assert!(error(&["--top", huge, "--file", "/dev/zero"]).contains("at most 1048576"));
    }
}

#[test]
fn rectangles_of_matrices() {
    let text = "sum: 12\ntop: 0\nleft: 1\nbottom: 1\nright: 2\nsize: 2 × 2\nrectangle:\n  -2  3\n   5  6\n";
    assert_eq!(output(&["--2d", "--", "1 -2 3", "-4 5 6"], 0), text);
    let file = TempFile::new("# a matrix\n1 -2 3\n\n-4,5,6\n");
    for algorithm in ["brute-force", "kadane", "parallel"] {
        assert_eq!(
            output(&["--2d", "--file", file.path(), "-a", algorithm], 0),
            text
        );
    }
    assert_eq!(
        output(&["--2d", "--format", "json", "--file", file.path()], 0),
        "{\"sum\":12,\"top\":0,\"left\":1,\"bottom\":1,\"right\":2,\"rows\":2,\"cols\":2}\n"
    );
    maxsub()
        .args(["--2d", "--format", "json"])
        .write_stdin("1 2\n3 4\n")
        .assert()
        .success()
        .stdout(
            "{\"sum\":10,\"top\":0,\"left\":0,\"bottom\":1,\"right\":1,\"rows\":2,\"cols\":2}\n",
        );
    assert_eq!(
        output(
            &["--2d", "--allow-empty", "--format", "json", "--", "-1 -2"],
            0
        ),
        "{\"sum\":0,\"top\":null,\"left\":null,\"bottom\":null,\"right\":null,\"rows\":0,\"cols\":0}\n"
    );
    assert!(output(&["--2d", "--float", "0.5 -1", "0.25 2"], 0).starts_with("sum: 2.25\n"));
    let ragged = TempFile::new("1 2 3\n4 5\n");
    assert_eq!(
        error(&["--2d", "--file", ragged.path()]),
        format!(
            "puzzles: error: {}: line 2, column 4: this row has 2 numbers but the first row (line 1) has 3; every row of a matrix must have the same length\n",
            ragged.path()
        )
    );
    assert_eq!(
        error(&["--2d", "1 2", "3"]),
        "puzzles: error: argument 2, column 2: this row has 1 number but the first row (argument 1) has 2; every row of a matrix must have the same length\n"
    );
}

#[test]
fn bad_tokens_are_reported_with_line_column_and_text() {
    let file = TempFile::new("1 2\n3 4x 5\n");
    assert_eq!(
        error(&["--file", file.path()]),
        format!(
            "puzzles: error: {}: line 2, column 3: `4x` is not an integer\n",
            file.path()
        )
    );
    for algorithm in ["brute-force", "parallel"] {
        assert_eq!(
            error(&["--file", file.path(), "-a", algorithm]),
            format!(
                "puzzles: error: {}: line 2, column 3: `4x` is not an integer\n",
                file.path()
            )
        );
    }
    maxsub()
        .write_stdin("# numbers\n10 -5\n  seven\n")
        .assert()
        .code(2)
        .stdout("")
        .stderr("puzzles: error: standard input: line 3, column 3: `seven` is not an integer\n");
    assert_eq!(
        error(&["1", "x"]),
        "puzzles: error: argument 2: `x` is not an integer\n"
    );
    assert_eq!(
        error(&["1", "2,y"]),
        "puzzles: error: argument 2, column 3: `y` is not an integer\n"
    );
    assert_eq!(
        error(&["99999999999999999999"]),
        "puzzles: error: argument 1: `99999999999999999999` is out of range for a 64-bit integer\n"
    );
    let circular = TempFile::new("1\n2\n--3\n");
    assert_eq!(
        error(&["--circular", "--file", circular.path()]),
        format!(
            "puzzles: error: {}: line 3, column 1: `--3` is not an integer\n",
            circular.path()
        )
    );
}

#[test]
fn empty_and_unreadable_input() {
    let comments = TempFile::new("# nothing here\n\n");
    assert_eq!(
        error(&["--file", comments.path()]),
        format!("puzzles: error: no numbers in {}\n", comments.path())
    );
    assert_eq!(
        error(&["--file", comments.path(), "--top", "2"]),
        format!("puzzles: error: no numbers in {}\n", comments.path())
    );
    maxsub()
        .write_stdin("")
        .assert()
        .code(2)
        .stderr("puzzles: error: no numbers in standard input\n");
    assert_eq!(
        error(&["--2d", "#"]),
        "puzzles: error: no numbers in the arguments\n"
    );
    let directory = crate::util::scratch("maxsub");
    let missing = directory.join("no-such-file.txt");
    let missing = missing.to_str().expect("a UTF-8 path");
    for algorithm in ["kadane", "parallel", "brute-force"] {
        let message = error(&["--file", missing, "-a", algorithm]);
        assert!(
            message.starts_with(&format!("puzzles: error: cannot open {missing}: ")),
            "{message}"
        );
    }
    let message = error(&["--file", directory.to_str().expect("a UTF-8 path")]);
    assert!(
        message.starts_with("puzzles: error: cannot read "),
        "{message}"
    );
}

#[test]
fn conflicting_options_are_usage_errors() {
    for args in [
        &["--circular", "--top", "2", "1"][..],
        &["--circular", "--min-len", "2", "1"],
        &["--top", "2", "--max-len", "2", "1"],
        &["--2d", "--top", "2", "1"],
        &["--2d", "--circular", "1"],
        &["--2d", "--min-len", "1", "1"],
        &["--allow-empty", "--top", "2", "1"],
        &["--allow-empty", "--min-len", "2", "1"],
        &["--file", "x.txt", "1"],
        &["--format", "xml", "1"],
        &["--algorithm", "magic", "1"],
    ] {
        maxsub().args(args).assert().code(2).stdout("");
    }
    assert_eq!(
        error(&["-a", "parallel", "--top", "2", "1"]),
        "puzzles: error: --algorithm parallel is not available with --top (use kadane or brute-force)\n"
    );
    assert_eq!(
        error(&["-a", "parallel", "--circular", "1"]),
        "puzzles: error: --algorithm parallel is not available with --circular (use kadane or brute-force)\n"
    );
    assert_eq!(
        error(&["-a", "parallel", "--min-len", "1", "1"]),
        "puzzles: error: --algorithm parallel is not available with --min-len/--max-len (use kadane or brute-force)\n"
    );
}

#[test]
fn long_floats_are_written_with_an_exponent_as_json_writes_them() {
    let text = output(&["--float", "1e307", "1e307"], 0);
    assert!(text.starts_with("sum: 2e307\n"), "{text}");
    assert!(text.ends_with("elements: 1e307 1e307\n"), "{text}");
    let text = output(&["--float", "1e-9", "2e-9"], 0);
    assert!(text.starts_with("sum: 3.0000000000000004e-9\n"), "{text}");
    // Where the digits are shorter, they are written, as JSON does.
    let text = output(&["--float", "0.1", "0.2"], 0);
    assert!(text.starts_with("sum: 0.30000000000000004\n"), "{text}");
    let json = output(&["--float", "-f", "json", "0.1", "0.2"], 0);
    assert!(json.starts_with("{\"sum\":0.30000000000000004,"), "{json}");
    // Short floats and whole numbers of any length keep their digits.
    assert!(output(&["--float", "1.5", "1.5"], 0).starts_with("sum: 3\n"));
    let text = output(&["99999999999999999", "99999999999999999"], 0);
    assert!(text.starts_with("sum: 199999999999999998\n"), "{text}");
}
