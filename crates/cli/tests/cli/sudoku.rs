//! `puzzles sudoku`: the command end to end.

use std::path::{Path, PathBuf};

use crate::util::puzzles;
use predicates::prelude::*;
use proptest::prelude::*;
use puzzles::sudoku::{Alphabet, Puzzle};
use puzzles::trace::Event;

const CLASSIC: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const CLASSIC_SOLVED: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

fn example(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/sudoku")
        .join(name)
}

/// A Sudoku collection: the repository's copy in `data/sudoku/`, else
/// `shared/data/sudoku/` beside the checkout (or a folder further up).
fn shared(name: &str) -> PathBuf {
    let beside = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/sudoku")
        .join(name);
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .flat_map(|dir| [dir.join("data/sudoku"), dir.join("shared/data/sudoku")])
        .map(|dir| dir.join(name))
        .find(|path| path.exists())
        .unwrap_or_else(|| {
            panic!(
                "{} is missing (the shared data is needed)",
                beside.display()
            )
        })
}

fn stdout_of(assert: &assert_cmd::assert::Assert) -> String {
    String::from_utf8(assert.get_output().stdout.clone()).unwrap()
}

/// The puzzles of a file, in order (comments and blank lines skipped).
fn puzzle_lines(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.trim_start().starts_with('#'))
        .map(str::to_string)
        .collect()
}

#[test]
fn solves_one_puzzle() {
    puzzles()
        .args(["sudoku", CLASSIC])
        .assert()
        .success()
        .stdout(format!("{CLASSIC_SOLVED}\n"))
        .stderr("");
    // Zeros for empty cells and a grid over several lines read the same.
    let grid: String = CLASSIC
        .replace('.', "0")
        .as_bytes()
        .chunks(9)
        .map(|row| format!("{}\n", std::str::from_utf8(row).unwrap()))
        .collect();
    puzzles()
        .args(["sudoku", &grid])
        .assert()
        .success()
        .stdout(format!("{CLASSIC_SOLVED}\n"));
    // Spaces are passed over, however many: past the 64 KiB bound on a
    // line of a file, the argument is still one puzzle.
    let spaced = format!("{CLASSIC}{}", " ".repeat(70_000));
    for format in ["line", "json", "grid"] {
        let plain = puzzles()
            .args(["sudoku", "--format", format, CLASSIC])
            .assert()
            .success();
        puzzles()
            .args(["sudoku", "--format", format, &spaced])
            .assert()
            .success()
            .stdout(stdout_of(&plain))
            .stderr("");
    }
    puzzles()
        .args(["sudoku", "--count", &spaced])
        .assert()
        .success()
        .stdout("1\n");
}

#[test]
fn draws_the_grid_with_givens_marked() {
    let out = stdout_of(
        &puzzles()
            .args(["sudoku", "--format", "grid", CLASSIC])
            .assert()
            .success(),
    );
    insta::assert_snapshot!(out);
}

#[test]
fn counts_solutions() {
    puzzles()
        .args(["sudoku", "--count", CLASSIC])
        .assert()
        .success()
        .stdout("1\n");
    puzzles()
        .args(["sudoku", "--count", &".".repeat(81)])
        .assert()
        .success()
        .stdout("2 or more\n");
    puzzles()
        .args(["sudoku", "--count", "1.....23........"])
        .assert()
        .code(1)
        .stdout("0\n");
    let json = stdout_of(
        &puzzles()
            .args(["sudoku", "--count", "--format", "json", CLASSIC])
            .assert()
            .success(),
    );
    let object: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(object["solutions"], 1);
    assert_eq!(object["unique"], true);
    assert_eq!(object["complete"], true);
    // The count stops at the second solution, and says so.
    let empty = ".".repeat(81);
    let json = stdout_of(
        &puzzles()
            .args(["sudoku", "--count", "--format", "json", &empty])
            .assert()
            .success(),
    );
    let object: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        (&object["solutions"], &object["complete"]),
        (&2.into(), &false.into())
    );
}

#[test]
fn an_unsolvable_puzzle_says_so() {
    puzzles()
        .args(["sudoku", "1.....23........"])
        .assert()
        .code(1)
        .stdout("no solution\n");
    let json = stdout_of(
        &puzzles()
            .args(["sudoku", "--format", "json", "1.....23........"])
            .assert()
            .code(1),
    );
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&json).unwrap(),
        serde_json::json!({ "puzzle": "1.....23........", "solution": null })
    );
}

#[test]
fn an_invalid_puzzle_is_explained() {
    let cases = [
        (
            CLASSIC[1..].to_string(),
            "puzzles: error: invalid puzzle: wrong length: 80 cells, where a puzzle has 16, 81, 256 or 625",
        ),
        (
            format!("{}x{}", &CLASSIC[..10], &CLASSIC[11..]),
            "puzzles: error: invalid puzzle: bad character 'x' at column 11",
        ),
        (
            format!("{}5{}", &CLASSIC[..8], &CLASSIC[9..]),
            "puzzles: error: invalid puzzle: the givens clash: 5 at r1c1 and at r1c9 are in the same row",
        ),
    ];
    for (puzzle, message) in cases {
        puzzles()
            .args(["sudoku", &puzzle])
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::starts_with(message));
    }
}

#[test]
fn a_file_name_given_as_the_puzzle_gets_a_hint() {
    let path = example("classic.txt");
    puzzles()
        .arg("sudoku")
        .arg(&path)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(format!(
            "to read puzzles from the file {0}, use --file {0}",
            path.display()
        )));
}

#[test]
fn a_file_gets_one_answer_per_puzzle_and_invalid_lines_are_reported() {
    let assert = puzzles()
        .args(["sudoku", "--file"])
        .arg(example("invalid.txt"))
        .assert()
        .code(2);
    assert_eq!(
        stdout_of(&assert),
        format!("{CLASSIC_SOLVED}\ninvalid\ninvalid\ninvalid\nno solution\n")
    );
    let stderr = String::from_utf8(assert.get_output().stderr.clone()).unwrap();
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 4, "{stderr}");
    assert!(lines[0].ends_with("invalid.txt, line 3: wrong length: 80 cells, where a puzzle has 16, 81, 256 or 625 (4×4, 9×9, 16×16 or 25×25)"), "{stderr}");
    assert!(
        lines[1].contains("invalid.txt, line 4: bad character 'x' at column 81"),
        "{stderr}"
    );
    assert!(
        lines[2].contains(
            "invalid.txt, line 5: the givens clash: 5 at r1c1 and at r1c2 are in the same row"
        ),
        "{stderr}"
    );
    assert_eq!(
        lines[3],
        "puzzles: error: 3 invalid puzzles (the first on line 3); see the messages above"
    );
}

#[test]
fn an_unsolvable_line_does_not_stop_the_run() {
    let input = format!("{CLASSIC}\n1.....23........\n{CLASSIC}\n");
    puzzles()
        .arg("sudoku")
        .write_stdin(input.clone())
        .assert()
        .code(1)
        .stdout(format!("{CLASSIC_SOLVED}\nno solution\n{CLASSIC_SOLVED}\n"));
    puzzles()
        .args(["sudoku", "--count", "--file", "-"])
        .write_stdin(input)
        .assert()
        .code(1)
        .stdout("1\n0\n1\n");
}

#[test]
fn json_lines_carry_the_line_numbers() {
    let out = stdout_of(
        &puzzles()
            .args(["sudoku", "--format", "json", "--file"])
            .arg(example("invalid.txt"))
            .assert()
            .code(2),
    );
    let objects: Vec<serde_json::Value> = out
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let lines: Vec<u64> = objects
        .iter()
        .map(|o| o["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, [2, 3, 4, 5, 7]);
    assert_eq!(objects[0]["solution"], CLASSIC_SOLVED);
    assert!(
        objects[1]["error"]
            .as_str()
            .unwrap()
            .starts_with("wrong length")
    );
    assert_eq!(objects[4]["solution"], serde_json::Value::Null);
}

/// Solves a file on 1, 2 and 3 threads: the same answers, in input order,
/// each a valid solution keeping the givens.
#[test]
fn threads_keep_the_input_order() {
    let path = shared("top1465.txt");
    let puzzles_in = puzzle_lines(&path);
    let mut outputs = Vec::new();
    for threads in ["1", "2", "3"] {
        outputs.push(stdout_of(
            &puzzles()
                .args(["sudoku", "--threads", threads, "--file"])
                .arg(&path)
                .assert()
                .success(),
        ));
    }
    assert_eq!(outputs[0], outputs[1]);
    assert_eq!(outputs[0], outputs[2]);
    let solutions: Vec<&str> = outputs[0].lines().collect();
    assert_eq!(solutions.len(), puzzles_in.len());
    for (puzzle, solution) in puzzles_in.iter().zip(&solutions) {
        let puzzle = Puzzle::parse(puzzle).unwrap();
        let grid = Puzzle::parse(solution).unwrap().solve().unwrap();
        assert!(grid.solves(&puzzle), "{solution}");
    }
}

#[test]
fn every_17_clue_puzzle_is_solved_in_order_on_two_threads() {
    let path = shared("17-clue.txt");
    let puzzles_in = puzzle_lines(&path);
    let out = stdout_of(
        &puzzles()
            .args(["sudoku", "-j", "2", "--file"])
            .arg(&path)
            .assert()
            .success(),
    );
    let solutions: Vec<&str> = out.lines().collect();
    assert_eq!(solutions.len(), 49_158);
    for (puzzle, solution) in puzzles_in.iter().zip(solutions) {
        assert_eq!(solution.len(), 81);
        let keeps_givens = puzzle
            .bytes()
            .zip(solution.bytes())
            .all(|(given, digit)| given == b'.' || given == digit);
        assert!(keeps_givens, "{puzzle} -> {solution}");
        let grid = Puzzle::parse(solution).unwrap();
        assert_eq!(grid.givens(), 81, "{solution}");
    }
}

#[test]
fn big_and_small_grids() {
    for (name, side) in [("4x4.txt", 4), ("16x16.txt", 16), ("25x25.txt", 25)] {
        let path = example(name);
        let puzzle = Puzzle::parse(&puzzle_lines(&path)[0]).unwrap();
        let out = stdout_of(
            &puzzles()
                .args(["sudoku", "--file"])
                .arg(&path)
                .assert()
                .success(),
        );
        let solution = Puzzle::parse(out.trim()).unwrap();
        assert_eq!(solution.side(), side);
        assert_eq!(solution.givens(), side * side);
        assert!(solution.solve().unwrap().solves(&puzzle), "{name}");
        puzzles()
            .args(["sudoku", "--count", "--file"])
            .arg(&path)
            .assert()
            .success()
            .stdout("1\n");
    }
}

#[test]
fn the_zero_based_alphabet() {
    let line = puzzle_lines(&example("16x16.txt"))[0].clone();
    let puzzle = Puzzle::parse(&line).unwrap();
    let hex = puzzle.to_line(Alphabet::ZeroBased);
    assert!(hex.contains('0') && !hex.contains('G'));
    let out = stdout_of(
        &puzzles()
            .args(["sudoku", "--alphabet", "zero-based", &hex])
            .assert()
            .success(),
    );
    let solution = Puzzle::parse_with(out.trim(), Alphabet::ZeroBased).unwrap();
    assert!(solution.solve().unwrap().solves(&puzzle));
    // G is no digit in the zero-based alphabet.
    assert!(line.contains('G'));
    puzzles()
        .args(["sudoku", "--alphabet", "zero-based", &line])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("bad character 'G'"))
        .stderr(predicate::str::contains("0-9 and A-F for a 16×16 grid"));
}

#[test]
fn trace_of_a_small_puzzle() {
    let out = stdout_of(
        &puzzles()
            .args(["sudoku", "--trace", "--first", "12..34.........."])
            .assert()
            .success(),
    );
    insta::assert_snapshot!(out);
}

#[test]
fn trace_as_json_lines() {
    let out = stdout_of(
        &puzzles()
            .args(["sudoku", "--trace", "--format", "json", CLASSIC])
            .assert()
            .success(),
    );
    let lines: Vec<&str> = out.lines().collect();
    let events: Vec<Event> = lines[..lines.len() - 1]
        .iter()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let summary: serde_json::Value = serde_json::from_str(lines[lines.len() - 1]).unwrap();
    assert_eq!(summary["counters"]["solutions"], 1);
    assert_eq!(summary["steps"], events.len());
    // The classic puzzle falls to singles: 51 placements, then their removal.
    assert_eq!(summary["counters"]["placements"], 51);
    puzzles()
        .args(["sudoku", "--trace", "--first", "1.....23........"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("solutions: 0"));
}

#[test]
fn usage_errors() {
    for args in [
        &["sudoku", "--threads", "0", "--file", "x"][..],
        &["sudoku", CLASSIC, "--file", "x"],
        &["sudoku", "--trace"],
        &["sudoku", "--trace", "--count", CLASSIC],
        &["sudoku", "--first", CLASSIC],
        &["sudoku", "--format", "nope", CLASSIC],
    ] {
        puzzles().args(args).assert().code(2).stdout("");
    }
    // A trace is one search on one thread: -j was accepted and ignored.
    puzzles()
        .args(["sudoku", "--trace", "-j", "2", CLASSIC])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "the argument '--trace' cannot be used with '--threads <K>'",
        ));
    puzzles()
        .args(["sudoku", "--trace", "--format", "grid", CLASSIC])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--format grid is not available"));
    puzzles()
        .args(["sudoku", "--file", "no/such/file.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot read no/such/file.txt"));
    // A name with a line break and an escape sequence: still one line, and
    // nothing for the terminal to obey.
    let grid = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/crossword/mini.txt"
    );
    for command in [
        &["sudoku", "--file"][..],
        &["maxsub", "--file"],
        &["exact-cover"],
        &["crossword", grid, "--words"],
    ] {
        let output = puzzles()
            .args(command)
            .arg("no\nne\u{1b}[31m")
            .output()
            .unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(output.status.code(), Some(2), "{command:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{command:?}: {stderr}");
        assert!(
            stderr.contains(r"no\nne\u{1b}[31m"),
            "{command:?}: {stderr}"
        );
    }
    // `-` is standard input, as for maxsub and exact-cover; a trace needs
    // its one puzzle on the command line.
    puzzles()
        .args(["sudoku", "-"])
        .write_stdin(format!("{CLASSIC}\n"))
        .assert()
        .success()
        .stdout(format!("{CLASSIC_SOLVED}\n"));
    puzzles()
        .args(["sudoku", "-", "--trace"])
        .write_stdin(format!("{CLASSIC}\n"))
        .assert()
        .code(2)
        .stdout("")
        .stderr("puzzles: error: --trace follows one puzzle given on the command line\n");
    // A folder as standard input: the message says what was being read.
    let folder = std::fs::File::open(env!("CARGO_MANIFEST_DIR")).unwrap();
    let output = std::process::Command::new(assert_cmd::cargo::cargo_bin("puzzles"))
        .arg("sudoku")
        .stdin(folder)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&output.stderr)
            .starts_with("puzzles: error: while reading standard input: "),
        "{output:?}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Whatever the lines, each gets one answer and the command never
    /// panics.
    #[test]
    fn arbitrary_input_never_crashes_the_command(lines in proptest::collection::vec(
        proptest::collection::vec(prop_oneof![
            8 => proptest::sample::select(b"123456789.0".to_vec()),
            1 => any::<u8>(),
        ], 0..90),
        0..6,
    ), threads in 1usize..=2) {
        let mut input = Vec::new();
        for line in &lines {
            input.extend(line.iter().filter(|&&b| b != b'\n'));
            input.push(b'\n');
        }
        let output = puzzles()
            .args(["sudoku", "--count", "--threads", &threads.to_string()])
            .write_stdin(input.clone())
            .output()
            .unwrap();
        prop_assert!(matches!(output.status.code(), Some(0..=2)), "{:?}", output);
        let answered = String::from_utf8_lossy(&output.stdout).lines().count();
        let expected = input
            .split(|&b| b == b'\n')
            .filter(|line| {
                let first = line.iter().find(|b| !b.is_ascii_whitespace());
                first.is_some() && first != Some(&b'#')
            })
            .count();
        prop_assert_eq!(answered, expected);
    }
}

/// The peak memory of a running process, in KiB (Linux).
#[cfg(target_os = "linux")]
fn peak_memory_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status
        .lines()
        .find(|line| line.starts_with("VmHWM:"))
        .expect("VmHWM in /proc/PID/status");
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

#[test]
#[cfg(target_os = "linux")]
fn a_line_without_end_is_refused_in_bounded_memory() {
    use std::io::Write;
    use std::process::{Command, Stdio};

    let mut child = Command::new(assert_cmd::cargo::cargo_bin("puzzles"))
        .arg("sudoku")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // 256 MiB without a line break: the command reads it as it comes.
    let chunk = vec![b'1'; 1 << 20];
    for _ in 0..256 {
        stdin.write_all(&chunk).unwrap();
    }
    // It waits for more now; what it ever held stays far below the line.
    let peak = peak_memory_kib(child.id());
    assert!(peak < 48 * 1024, "{peak} KiB held for a 256 MiB line");
    stdin
        .write_all(format!("\n{CLASSIC}\n").as_bytes())
        .unwrap();
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        format!("invalid\n{CLASSIC_SOLVED}\n")
    );
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "puzzles: standard input, line 1: line too long: more than 65536 bytes before its line break \
         (a puzzle has at most 625 cells)\n\
         puzzles: error: 1 invalid puzzle (the first on line 1); see the messages above\n"
    );
}
