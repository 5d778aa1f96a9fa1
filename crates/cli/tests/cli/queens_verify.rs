//! `puzzles queens verify FILE`: verdicts, exit codes and messages.

use crate::util::puzzles;
use predicates::prelude::*;

fn temp_file(name: &str, contents: &[u8]) -> crate::util::TempFile {
    crate::util::temp_file("verify", name, contents)
}

#[test]
fn what_first_writes_verifies() {
    for n in ["1", "8", "30", "1000"] {
        let output = puzzles()
            .args(["queens", n, "--first", "--format", "array"])
            .output()
            .unwrap();
        let path = temp_file(&format!("first-{n}.txt"), &output.stdout);
        puzzles()
            .args(["queens", "verify"])
            .arg(&path)
            .assert()
            .success()
            .stdout("valid\n");
        puzzles()
            .args(["queens", "verify", "-"])
            .write_stdin(output.stdout)
            .assert()
            .success()
            .stdout("valid\n");
    }
}

#[test]
fn a_redirected_file_is_read_as_a_file() {
    let path = temp_file("redirected.txt", b"1 3 0 2\n");
    let file = std::fs::File::open(&path).unwrap();
    let output = std::process::Command::new(assert_cmd::cargo::cargo_bin("puzzles"))
        .args(["queens", "verify", "-"])
        .stdin(file)
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&output.stdout), "valid\n");
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn every_accepted_shape_verifies() {
    for text in [
        "[1, 3, 0, 2]",
        "1,3,0,2",
        "1 3 0 2",
        "1\n3\n0\n2\n",
        "[1 3 0 2]\n",
    ] {
        puzzles()
            .args(["queens", "verify", "-"])
            .write_stdin(text)
            .assert()
            .success()
            .stdout("valid\n");
    }
}

#[test]
fn attacks_name_the_first_two_queens() {
    for (text, verdict) in [
        (
            "0 2 4 1 4",
            "rows 0 and 4 attack each other on a diagonal (columns 0 and 4)\n",
        ),
        ("[2, 0, 2]", "rows 0 and 2 attack each other in column 2\n"),
        (
            "0, 1",
            "rows 0 and 1 attack each other on a diagonal (columns 0 and 1)\n",
        ),
    ] {
        puzzles()
            .args(["queens", "verify", "-"])
            .write_stdin(text)
            .assert()
            .code(1)
            .stdout(verdict)
            .stderr("");
        let path = temp_file("attack.txt", text.as_bytes());
        puzzles()
            .args(["queens", "verify"])
            .arg(&path)
            .assert()
            .code(1)
            .stdout(verdict);
    }
}

#[test]
fn malformed_input_is_a_usage_error_with_line_and_column() {
    for (text, message) in [
        (
            "1, 3,, 0",
            "line 1, column 6: expected a column number after ',', found ','",
        ),
        (
            "1 3\n0 x\n",
            "line 2, column 3: expected ',' or a column number, found 'x'",
        ),
        (
            "[1, 3, 0, 2",
            "line 1, column 12: expected ']' to close the list, found the end of the input",
        ),
        (
            "1 3 0 7",
            "line 1, column 7: column 7 is off the board: 4 rows, so the columns are 0 to 3",
        ),
        (
            "-1",
            "line 1, column 1: expected '[' or a column number, found '-'",
        ),
        ("", "no columns found: a placement needs at least one"),
        (
            "no solution exists for n = 3\n",
            "line 1, column 1: expected '[' or a column number, found 'n'",
        ),
    ] {
        puzzles()
            .args(["queens", "verify", "-"])
            .write_stdin(text)
            .assert()
            .code(2)
            .stdout("")
            .stderr(format!("puzzles: error: standard input: {message}\n"));
        let path = temp_file("bad.txt", text.as_bytes());
        puzzles()
            .args(["queens", "verify"])
            .arg(&path)
            .assert()
            .code(2)
            .stdout("")
            .stderr(format!("puzzles: error: {}: {message}\n", path.display()));
    }
}

#[test]
fn missing_files_and_arguments_are_usage_errors() {
    puzzles()
        .args(["queens", "verify", "/no/such/file"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "puzzles: error: cannot open /no/such/file:",
        ));
    puzzles()
        .args(["queens", "verify"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("<FILE>"));
    puzzles()
        .args(["queens", "8", "verify", "x"])
        .assert()
        .code(2);
    puzzles()
        .args(["queens", "verify", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "A column given twice is an attack along that column",
        ));
}

/// A named pipe (a FIFO, or a shell's `<(...)`) cannot seek: it is read
/// once, as standard input is.
#[cfg(unix)]
#[test]
fn a_named_pipe_is_read_once() {
    let dir = crate::util::scratch("verify-fifo");
    let fifo = dir.join("cols");
    crate::util::mkfifo(&fifo);
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::write(fifo, "1,3,0,2\n").unwrap())
    };
    puzzles()
        .args(["queens", "verify"])
        .arg(&fifo)
        .assert()
        .success()
        .stdout("valid\n");
    writer.join().unwrap();
}
