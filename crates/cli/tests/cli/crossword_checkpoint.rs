//! `puzzles crossword GRID --count --checkpoint FILE` through the real
//! binary: counts stopped and resumed to the exact count, on grids without
//! blocks (shared out by bottom row) and with (by the first slot's words),
//! and checkpoints refused: damaged, cut short, of another count, not a
//! file, in use.

use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use crate::util::{STOP_AFTER_UNITS, json_of, puzzles, scratch, shell};
use predicates::prelude::*;

fn lines(path: &Path) -> usize {
    std::fs::read_to_string(path).map_or(0, |text| text.lines().count())
}

#[test]
fn a_stopped_count_resumes_to_the_exact_count() {
    let dir = scratch("crossword-resume");
    for (name, grid) in [
        ("open-4.txt", "....\n....\n....\n....\n"),
        ("blocks-3.txt", "..#\n...\n#..\n"),
    ] {
        let grid_path = dir.join(name);
        std::fs::write(&grid_path, grid).unwrap();
        let grid = grid_path.to_str().unwrap();
        // The words tried by a count on one thread differ from those of
        // the units a checkpoint records (a grid with blocks counted on one
        // thread is not cut into units): the plain count runs on two.
        let plain = json_of(&[
            "crossword",
            grid,
            "--count",
            "--format",
            "json",
            "--threads",
            "2",
        ]);
        assert!(plain["fills"].as_u64().unwrap() > 1000, "{plain}");
        let checkpoint = dir.join(format!("{name}.ckpt"));
        let path = checkpoint.to_str().unwrap();
        let base = ["crossword", grid, "--count", "--checkpoint", path];
        puzzles()
            .args(base)
            .env(STOP_AFTER_UNITS, "5")
            .args(["--threads", "2"])
            .assert()
            .code(130)
            .stdout("")
            .stderr(
                predicate::str::contains("interrupted").and(predicate::str::contains(
                    "run the same command again to resume",
                )),
            );
        let first = lines(&checkpoint);
        assert!(first >= 6, "{name}: a header and at least 5 units");
        puzzles()
            .args(base)
            .env(STOP_AFTER_UNITS, "10")
            .args(["--threads", "1"])
            .assert()
            .code(130)
            .stderr(predicate::str::contains(format!(
                "{} units of this count are recorded",
                first - 1 + 10
            )));
        assert_eq!(lines(&checkpoint), first + 10);
        let resumed = json_of(&[&base[..], &["--format", "json"]].concat());
        assert_eq!(resumed["fills"], plain["fills"], "{name}");
        assert_eq!(resumed["words_tried"], plain["words_tried"], "{name}");
        assert_eq!(resumed["complete"], true);
        assert_eq!(resumed["resumed_units"], first + 9);
        let units = resumed["units"].as_u64().unwrap();
        assert_eq!(lines(&checkpoint) as u64, units + 1, "each unit once");
        // Complete: the same command again only reads the file.
        let again = json_of(&[&base[..], &["--format", "json"]].concat());
        assert_eq!(again["fills"], plain["fills"]);
        assert_eq!(again["resumed_units"], units);
        puzzles()
            .args(base)
            .assert()
            .success()
            .stdout(format!("{}\n", plain["fills"]));
    }
}

#[test]
fn a_checkpoint_that_proves_no_fill_exits_1() {
    let dir = scratch("crossword-none");
    let grid = dir.join("grid.txt");
    std::fs::write(&grid, "..\n..\n").unwrap();
    let words = dir.join("words.txt");
    std::fs::write(&words, "AB\nCD\nAC\n").unwrap();
    let checkpoint = dir.join("c.ckpt");
    // Once counted, and once read back.
    for _ in 0..2 {
        puzzles()
            .args(["crossword", grid.to_str().unwrap(), "--count"])
            .args(["--words", words.to_str().unwrap()])
            .args(["--checkpoint", checkpoint.to_str().unwrap()])
            .assert()
            .code(1)
            .stdout("0\n")
            .stderr("puzzles: no fill exists\n");
    }
}

/// A checkpoint made by a short count of the 3×3 with two blocks.
fn made(dir: &Path) -> (String, String) {
    let grid = dir.join("grid.txt");
    std::fs::write(&grid, "..#\n...\n#..\n").unwrap();
    let checkpoint = dir.join("c.ckpt");
    let (grid, path) = (
        grid.to_str().unwrap().to_string(),
        checkpoint.to_str().unwrap().to_string(),
    );
    puzzles()
        .args(["crossword", &grid, "--count", "--checkpoint", &path])
        .env(STOP_AFTER_UNITS, "3")
        .args(["--threads", "1"])
        .assert()
        .code(130);
    (grid, path)
}

#[test]
fn damaged_or_foreign_checkpoints_are_refused_by_line() {
    let dir = scratch("crossword-refused");
    let (grid, path) = made(&dir);
    let good = std::fs::read_to_string(&path).unwrap();
    let refused = |text: &str, args: &[&str], message: &str| {
        std::fs::write(&path, text).unwrap();
        puzzles()
            .args(["crossword", &grid, "--count", "--checkpoint", &path])
            .args(args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(message));
        // Nothing was added to a file refused as it was read.
        let now = std::fs::read_to_string(&path).unwrap();
        assert!(now == text, "{message}: the file changed");
    };
    // Another seed orders the words otherwise: the units mean other words.
    refused(&good, &["--seed", "4"], "line 1: made for another count");
    let edited = good.replacen("\"fills\":", "\"fills\":1", 1);
    refused(&edited, &[], "line 2: checksum mismatch");
    refused(
        good.trim_end(),
        &[],
        "line 4: the line has no newline: the file was cut short while being written; delete \
         that line to resume from the lines before it",
    );
    // Doing so resumes: the cut unit is counted again.
    let without_cut_line: String = good
        .lines()
        .take(3)
        .map(|line| format!("{line}\n"))
        .collect();
    std::fs::write(&path, &without_cut_line).unwrap();
    let resumed = puzzles()
        .args(["crossword", &grid, "--count", "--checkpoint", &path])
        .args(["--threads", "1"])
        .output()
        .unwrap();
    let plain = puzzles()
        .args(["crossword", &grid, "--count", "--threads", "1"])
        .output()
        .unwrap();
    assert_eq!(resumed.stdout, plain.stdout);
    assert!(resumed.status.success(), "{resumed:?}");
    let twice = format!("{good}{}", good.lines().nth(1).unwrap());
    refused(&format!("{twice}\n"), &[], "line 5: unit");
    refused("{}\n", &[], "line 1: no checksum");
    refused(
        &"x".repeat(5000),
        &[],
        "line 1: the line is longer than 1024 bytes",
    );
    // A unit past the count's last, with a good seal: the header says how
    // many units there are.
    let first = good.lines().next().unwrap();
    let header: serde_json::Value =
        serde_json::from_str(&puzzles::record_file::unseal_line(first).unwrap()).unwrap();
    let forged = puzzles::record_file::seal_line(&format!(
        r#"{{"scheme":{},"problem":{},"unit":99999999,"fills":7,"nodes":7"#,
        header["scheme"], header["problem"]
    ));
    refused(
        &format!("{good}{forged}"),
        &[],
        "line 5: unit 99999999 is out of range (the count has units 0 to",
    );
    // The header's number of units is part of the count it names.
    let mut edited = header.clone();
    edited["units"] = (header["units"].as_u64().unwrap() + 1).into();
    let edited = edited.to_string();
    let resealed = puzzles::record_file::seal_line(edited.strip_suffix('}').unwrap());
    let rest: String = good
        .lines()
        .skip(1)
        .map(|line| format!("{line}\n"))
        .collect();
    refused(
        &format!("{resealed}{rest}"),
        &[],
        "line 1: made for another count",
    );
}

#[test]
fn a_checkpoint_must_be_a_file_and_needs_count() {
    let dir = scratch("crossword-not-a-file");
    let grid = dir.join("grid.txt");
    std::fs::write(&grid, "..\n..\n").unwrap();
    let grid = grid.to_str().unwrap();
    puzzles()
        .args(["crossword", grid, "--count", "--checkpoint"])
        .arg(dir.to_str().unwrap())
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "is not a regular file but a directory",
        ));
    let path = dir.join("c.ckpt");
    let path = path.to_str().unwrap();
    for args in [
        &["--checkpoint", path][..],
        &["--count", "--checkpoint", path, "--limit", "3"],
        &["--count", "--checkpoint", path, "--trace"],
    ] {
        puzzles()
            .args(["crossword", grid])
            .args(args)
            .assert()
            .code(2)
            .stdout("");
    }
    assert!(
        !Path::new(path).exists(),
        "no checkpoint for a refused command"
    );
}

#[test]
fn a_checkpoint_in_use_is_refused() {
    let dir = scratch("crossword-in-use");
    let grid = dir.join("open-7.txt");
    std::fs::write(&grid, ".......\n".repeat(7)).unwrap();
    let checkpoint = dir.join("c.ckpt");
    let args = [
        "crossword",
        grid.to_str().unwrap(),
        "--count",
        "--threads",
        "1",
        "--checkpoint",
        checkpoint.to_str().unwrap(),
    ];
    let mut first = std::process::Command::new(crate::util::binary())
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // The header is written once the file is locked.
    let started = Instant::now();
    while lines(&checkpoint) == 0 && started.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(5));
    }
    let second = puzzles().args(args).output().unwrap();
    let still_running = first.try_wait().unwrap().is_none();
    first.kill().ok();
    first.wait().unwrap();
    assert!(still_running, "the first count takes about a second");
    assert_eq!(second.status.code(), Some(2), "{second:?}");
    let stderr = String::from_utf8(second.stderr).unwrap();
    assert!(
        stderr.contains("is in use by another count (pid "),
        "{stderr}"
    );
}

/// SIGTERM (what a batch system sends at its time limit) stops a count as
/// Ctrl-C does: the units finished are kept, and the same command ends with
/// the count of an uninterrupted run.
#[cfg(target_os = "linux")]
#[test]
fn a_terminated_count_resumes_to_the_exact_count() {
    let dir = scratch("crossword-term");
    let grid = dir.join("open-7.txt");
    std::fs::write(&grid, ".......\n".repeat(7)).unwrap();
    let grid = grid.to_str().unwrap();
    // No fill exists (exit 1): the proof is what is counted.
    let no_fill = |args: &[&str]| {
        let output = puzzles().args(args).output().unwrap();
        assert_eq!(output.status.code(), Some(1), "{output:?}");
        serde_json::from_slice::<serde_json::Value>(&output.stdout).unwrap()
    };
    let plain = no_fill(&["crossword", grid, "--count", "--format", "json"]);
    let checkpoint = dir.join("c.ckpt");
    let args = [
        "crossword",
        grid,
        "--count",
        "--threads",
        "2",
        "--format",
        "json",
        "--checkpoint",
        checkpoint.to_str().unwrap(),
    ];
    let child = std::process::Command::new(crate::util::binary())
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // SIGTERM is 15; once caught, the count is stopped, not killed.
    crate::util::wait_for_handler(child.id(), 15);
    let started = Instant::now();
    while lines(&checkpoint) < 100 && started.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(2));
    }
    crate::util::send_signal("-TERM", child.id());
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(130), "{output:?}");
    assert!(output.stdout.is_empty(), "no count printed");
    let kept = lines(&checkpoint) - 1;
    assert!(kept >= 99, "{kept} units kept");
    let resumed = no_fill(&args);
    assert_eq!(resumed["fills"], plain["fills"]);
    assert_eq!(resumed["words_tried"], plain["words_tried"]);
    assert_eq!(resumed["resumed_units"], kept);
}

/// A full disk (here: a file size limit) leaves no torn line, and the same
/// command finishes the count once there is room.
#[cfg(target_os = "linux")]
#[test]
fn a_failed_checkpoint_write_leaves_whole_lines_and_the_rerun_finishes() {
    let dir = scratch("crossword-full");
    let grid = dir.join("open-4.txt");
    std::fs::write(&grid, "....\n".repeat(4)).unwrap();
    let checkpoint = dir.join("c.ckpt");
    let plain = json_of(&[
        "crossword",
        grid.to_str().unwrap(),
        "--count",
        "--format",
        "json",
    ]);
    // SIGXFSZ ignored, so that a write past the limit fails with EFBIG (as
    // one past a full disk fails with ENOSPC) after writing what fits.
    let limited = shell(&format!(
        "trap '' XFSZ; ulimit -f 8; exec \"$PUZZLES\" crossword '{}' --count --threads 2 \
         --checkpoint '{}'",
        grid.display(),
        checkpoint.display()
    ));
    assert_eq!(limited.status.code(), Some(2), "{limited:?}");
    assert!(limited.stdout.is_empty(), "no count printed");
    let stderr = String::from_utf8_lossy(&limited.stderr);
    assert!(stderr.contains("cannot write checkpoint"), "{stderr}");
    let text = std::fs::read_to_string(&checkpoint).unwrap();
    assert!(text.len() > 1000 && text.ends_with('\n'), "{text:?}");
    let resumed = json_of(&[
        "crossword",
        grid.to_str().unwrap(),
        "--count",
        "--format",
        "json",
        "--checkpoint",
        checkpoint.to_str().unwrap(),
    ]);
    assert_eq!(resumed["fills"], plain["fills"]);
    assert_eq!(resumed["words_tried"], plain["words_tried"]);
    assert_eq!(resumed["resumed_units"], text.lines().count() - 1);
}

/// A FIFO is refused before it is opened (reading one waits for a writer).
#[cfg(unix)]
#[test]
fn a_fifo_is_refused_at_once() {
    let dir = scratch("crossword-fifo");
    let grid = dir.join("open-2.txt");
    std::fs::write(&grid, "..\n..\n").unwrap();
    let fifo = dir.join("c.ckpt");
    crate::util::mkfifo(&fifo);
    puzzles()
        .args([
            "crossword",
            grid.to_str().unwrap(),
            "--count",
            "--checkpoint",
        ])
        .arg(&fifo)
        .timeout(Duration::from_secs(60))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("is not a regular file but a FIFO"));
    assert!(crate::util::is_fifo(&fifo));
}
