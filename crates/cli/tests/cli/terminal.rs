//! Standard output on a terminal (a pseudo-terminal made by `script`, from
//! util-linux): each line goes out as it is written, so a solution shows as
//! soon as it is found; pipes and files keep the large buffer. And a full
//! disk names standard output.

use std::io::Read;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use crate::util::stdout_of;

/// Runs `puzzles args` with standard output to `file`; checks the message.
fn puzzles_to(file: std::fs::File, args: &[&str]) {
    let output = Command::new(binary())
        .args(args)
        .stdout(file)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "{args:?}");
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "puzzles: error: cannot write to standard output: No space left on device\n",
        "{args:?}"
    );
}

fn binary() -> String {
    assert_cmd::cargo::cargo_bin("puzzles")
        .display()
        .to_string()
}

/// `script` running `shell_command` on a new pseudo-terminal, its output
/// (the terminal's, with `\r\n` line ends) piped back.
fn on_a_terminal(shell_command: &str) -> std::process::Child {
    Command::new("script")
        .args([
            "--quiet",
            "--flush",
            "--return",
            "--command",
            shell_command,
            "/dev/null",
        ])
        // A terminal that redraws lines, whatever the tests run under.
        .env("TERM", "xterm")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("script (util-linux) runs")
}

const PUZZLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

#[test]
fn an_answer_reaches_the_terminal_while_the_input_is_still_open() {
    let answer = stdout_of(&["sudoku", PUZZLE]);
    let answer = answer.trim_end();
    let dir = crate::util::scratch("terminal");
    let input = dir.join("one-puzzle.txt");
    std::fs::write(&input, format!("{PUZZLE}\n")).unwrap();
    // Standard input is a pipe that stays open for a minute after the first
    // puzzle; standard output is the terminal. Block buffering would hold
    // the answer until the input ends.
    let mut child = on_a_terminal(&format!(
        "{{ cat '{}'; sleep 60; }} | '{}' sudoku --file -",
        input.display(),
        binary()
    ));
    let mut stdout = child.stdout.take().unwrap();
    let (sender, receiver) = mpsc::channel();
    thread::spawn(move || {
        let mut seen = Vec::new();
        let mut chunk = [0u8; 4096];
        while let Ok(read @ 1..) = stdout.read(&mut chunk) {
            seen.extend_from_slice(&chunk[..read]);
            if sender
                .send(String::from_utf8_lossy(&seen).into_owned())
                .is_err()
            {
                break;
            }
        }
    });
    let mut shown = String::new();
    while !shown.contains(answer) {
        match receiver.recv_timeout(Duration::from_secs(30)) {
            Ok(text) => shown = text,
            Err(_) => break,
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        shown.contains(&format!("{answer}\r\n")),
        "the answer did not reach the terminal while the input was open: {shown:?}"
    );
}

#[test]
fn a_terminal_gets_the_same_solutions_as_a_pipe() {
    // The writer a terminal gets (line by line) prints what the pipe's
    // (blocks) does: every solution, in order, then the end of the answer.
    for args in [
        "queens 8 --format array",
        "queens 6 --format leetcode",
        "queens 5 --unique",
    ] {
        let child = on_a_terminal(&format!("'{}' {args}", binary()));
        let output = child.wait_with_output().unwrap();
        assert!(output.status.success(), "{args}");
        let shown = String::from_utf8(output.stdout)
            .unwrap()
            .replace("\r\n", "\n");
        let words: Vec<&str> = args.split(' ').collect();
        assert_eq!(shown, stdout_of(&words), "{args}");
    }
}

#[test]
fn a_full_disk_names_standard_output() {
    let full = std::fs::File::create("/dev/full").expect("/dev/full exists");
    puzzles_to(full, &["queens", "8"]);
    // The same through a flush rather than a write: a count's one line.
    let full = std::fs::File::create("/dev/full").unwrap();
    puzzles_to(full, &["queens", "8", "--count"]);
    // A file of puzzles: the write failed, not the reading of the file.
    let sudoku = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/sudoku/classic.txt"
    );
    let full = std::fs::File::create("/dev/full").unwrap();
    puzzles_to(full, &["sudoku", "--file", sudoku]);
    // Help and version too: they were lost with exit status 0.
    for args in [&["--help"][..], &["queens", "-h"], &["--version"]] {
        let full = std::fs::File::create("/dev/full").unwrap();
        puzzles_to(full, args);
    }
}

#[test]
fn a_counts_summary_follows_its_answer_with_numbers_grouped() {
    // Standard error is the terminal too, so the summary is shown; it comes
    // after the answer, both on one screen.
    let child = on_a_terminal(&format!("'{}' queens 12 --count", binary()));
    let output = child.wait_with_output().unwrap();
    let shown = String::from_utf8(output.stdout).unwrap();
    // The bar's frames end with a line clear; what follows is the answer.
    let after_bar = shown.rsplit("\x1b[2K").next().unwrap();
    let lines: Vec<&str> = after_bar.split_terminator("\r\n").collect();
    assert_eq!(lines.len(), 2, "{shown:?}");
    assert_eq!(lines[0], "14200");
    assert!(
        lines[1].starts_with("14,200 solutions, 1,787 fundamental; ")
            && lines[1].contains(" units (0 resumed), ")
            && lines[1].contains(" nodes, "),
        "{shown:?}"
    );
}

#[test]
fn a_dumb_terminal_gets_the_summary_but_no_bar() {
    // Its escape codes would show as text there (an editor's shell buffer).
    let child = on_a_terminal(&format!("TERM=dumb '{}' queens 12 --count", binary()));
    let output = child.wait_with_output().unwrap();
    let shown = String::from_utf8(output.stdout).unwrap();
    assert!(!shown.contains('\x1b'), "{shown:?}");
    let lines: Vec<&str> = shown.split_terminator("\r\n").collect();
    assert_eq!(lines[0], "14200", "{shown:?}");
    assert!(
        lines[1].starts_with("14,200 solutions, 1,787 fundamental; "),
        "{shown:?}"
    );
}

/// The frames of the progress bar of `puzzles queens ARGS` on a terminal
/// of 100 columns (at least one: the bar draws a frame when it starts).
fn count_bar_frames(args: &str) -> Vec<String> {
    let child = on_a_terminal(&format!(
        "stty cols 100 rows 20; '{}' queens {args}",
        binary()
    ));
    let output = child.wait_with_output().unwrap();
    let shown = String::from_utf8(output.stdout).unwrap();
    let frames: Vec<String> = shown
        .split(['\r', '\n'])
        .flat_map(|line| line.split("\x1b[2K"))
        .filter(|frame| frame.contains(" units · "))
        .map(str::to_string)
        .collect();
    assert!(!frames.is_empty(), "{shown:?}");
    frames
}

#[test]
fn the_progress_bar_stops_short_of_the_terminals_edge() {
    // A frame that filled all the columns would leave the cursor at the edge,
    // where the `^C` the terminal echoes on Ctrl-C wraps onto a new line:
    // clearing the bar would then clear that line and leave the frame above
    // the "interrupted" message.
    for frame in count_bar_frames("15 --count --split 4") {
        assert_eq!(frame.chars().count(), 98, "{frame:?}");
    }
}

#[test]
fn the_progress_bar_of_a_count_of_completions_counts_completions() {
    for frame in count_bar_frames("14 --given 4:7 --count") {
        assert!(frame.contains(" completions · ETA "), "{frame:?}");
    }
}

#[test]
fn a_crossword_count_with_a_checkpoint_shows_its_units() {
    // The units counted of all the count's, earlier runs' included: how far
    // a long count has gone.
    let dir = crate::util::scratch("terminal-crossword");
    let checkpoint = dir.join("c.ckpt");
    let grid =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/crossword/5x5.txt");
    let child = on_a_terminal(&format!(
        "stty cols 100 rows 20; timeout -s INT 3 '{}' crossword '{}' --count --threads 1 \
         --checkpoint '{}'",
        binary(),
        grid.display(),
        checkpoint.display()
    ));
    let output = child.wait_with_output().unwrap();
    let shown = String::from_utf8_lossy(&output.stdout);
    let units = std::fs::read_to_string(&checkpoint)
        .unwrap()
        .lines()
        .count()
        - 1;
    let header = std::fs::read_to_string(&checkpoint).unwrap();
    let header: serde_json::Value = serde_json::from_str(header.lines().next().unwrap()).unwrap();
    let total = header["units"].as_u64().unwrap();
    assert!(
        shown.contains(&format!(" of {total} units counted, ")),
        "{shown:?}"
    );
    assert!(
        shown.contains(&format!("interrupted: {units} units")),
        "{shown:?}"
    );
}

#[test]
fn crossword_fills_listed_on_a_terminal_leave_no_progress_line_among_them() {
    // A tester's listing left the progress line on the screen above each
    // fill printed while it was up (the fill began on the line's end).
    let dir = crate::util::scratch("terminal-crossword-fills");
    let grid = dir.join("open-6.txt");
    std::fs::write(&grid, "......\n".repeat(6)).unwrap();
    let child = on_a_terminal(&format!(
        "stty cols 100 rows 20; '{}' crossword '{}' --limit 1000 --threads 1",
        binary(),
        grid.display()
    ));
    let output = child.wait_with_output().unwrap();
    let shown = String::from_utf8_lossy(&output.stdout);
    let first_frame = shown
        .find("(Ctrl-C stops)")
        .unwrap_or_else(|| panic!("no progress line: {shown:?}"));
    // Fills shown after the line first came up (rows of six letters): the
    // line must have been taken down for each.
    let later = &shown[first_frame..];
    let rows_later = later
        .split("\r\n")
        .filter_map(|line| line.rsplit("\x1b[2K").next())
        .map(|line| line.trim_start_matches('\r'))
        .filter(|line| line.len() == 6 && line.bytes().all(|b| b.is_ascii_uppercase()))
        .count();
    assert!(rows_later >= 6, "no fill after the line: {shown:?}");
    for frame in later.split("(Ctrl-C stops)").skip(1) {
        let after = frame.trim_start_matches(' ');
        assert!(!after.starts_with("\r\n"), "{shown:?}");
    }
}

#[test]
fn an_exact_cover_count_shows_how_far_it_has_got_and_says_it_when_stopped() {
    // 20 queens as exact cover: a count of hours, stopped after three
    // seconds, one of them with the line up.
    let problem = crate::util::queens_20_exact_cover("terminal-exact-cover");
    let child = on_a_terminal(&format!(
        "stty cols 100 rows 20; timeout -s INT 3 '{}' exact-cover '{}' --count",
        binary(),
        problem.display()
    ));
    let output = child.wait_with_output().unwrap();
    let shown = String::from_utf8_lossy(&output.stdout);
    assert!(
        shown.contains(" options tried, ") && shown.contains(" solutions (Ctrl-C stops)"),
        "{shown:?}"
    );
    assert!(
        shown.contains("puzzles: interrupted after ") && shown.contains(" solutions found)"),
        "{shown:?}"
    );
}
