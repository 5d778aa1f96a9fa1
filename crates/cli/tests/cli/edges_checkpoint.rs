//! Issue 25, the checkpoints' edges: a full disk, FIFOs and devices as
//! checkpoint files, and SIGTERM and SIGHUP during a count. One test (or
//! more) per numbered item of the issue; the other items are in `edges.rs`
//! and `edges_parts.rs`.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use predicates::prelude::*;

use crate::util::{binary, is_fifo, mkfifo, puzzles, shell};

/// A fresh folder for one test's files, removed when the test ends.
fn scratch(name: &str) -> crate::util::Scratch {
    crate::util::scratch(&format!("edges-{name}"))
}

// 4. A full disk (here: a file size limit) leaves no torn line.

#[cfg(target_os = "linux")]
#[test]
fn a_failed_checkpoint_write_leaves_whole_lines_and_the_rerun_finishes() {
    let dir = scratch("full");
    let checkpoint = dir.join("q.ckpt");
    // SIGXFSZ ignored, so that a write past the limit fails with EFBIG (as
    // one past a full disk fails with ENOSPC) after writing what fits.
    let limited = shell(&format!(
        "trap '' XFSZ; ulimit -f 8; exec \"$PUZZLES\" queens 12 --count --split 4 --threads 1 \
         --checkpoint '{}'",
        checkpoint.display()
    ));
    assert_eq!(limited.status.code(), Some(2), "{limited:?}");
    let stderr = String::from_utf8_lossy(&limited.stderr);
    assert!(stderr.contains("cannot write checkpoint"), "{stderr}");
    let text = std::fs::read_to_string(&checkpoint).unwrap();
    assert!(text.len() > 1000 && text.ends_with('\n'), "{text:?}");
    puzzles()
        .args(["queens", "12", "--count", "--split", "4", "--checkpoint"])
        .arg(&checkpoint)
        .assert()
        .success()
        .stdout("14200\n");
}

// 5. FIFOs and devices as checkpoints (as parts to merge: `edges_parts.rs`).

#[cfg(unix)]
#[test]
fn a_checkpoint_that_is_no_regular_file_is_refused_at_once() {
    let dir = scratch("ckpt-special");
    let fifo = dir.join("f");
    mkfifo(&fifo);
    let null = dir.join("null");
    std::os::unix::fs::symlink("/dev/null", &null).unwrap();
    let zero = dir.join("zero");
    std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
    for path in [&fifo, &null, &zero, &dir.to_path_buf()] {
        puzzles()
            .args(["queens", "10", "--count", "--checkpoint"])
            .arg(path)
            .timeout(Duration::from_secs(60))
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains("not a regular file"));
    }
    assert!(is_fifo(&fifo));
}

// 10. SIGTERM, as Ctrl-C; SIGHUP ignored under `nohup`.

#[cfg(unix)]
#[test]
fn sigterm_saves_the_finished_units_and_exits_130_as_ctrl_c_does() {
    let dir = scratch("sigterm");
    let checkpoint = dir.join("q.ckpt");
    let mut child = Command::new(binary())
        .args([
            "queens",
            "18",
            "--count",
            "--threads",
            "1",
            "--method",
            "backtrack",
        ])
        .arg("--checkpoint")
        .arg(&checkpoint)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let lines = || std::fs::read_to_string(&checkpoint).map_or(0, |text| text.lines().count());
    let deadline = Instant::now() + Duration::from_secs(60);
    while lines() < 4 && child.try_wait().unwrap().is_none() {
        assert!(Instant::now() < deadline, "no unit recorded in a minute");
        std::thread::sleep(Duration::from_millis(5));
    }
    let finished_early = child.try_wait().unwrap().is_some();
    if !finished_early {
        crate::util::send_signal("-TERM", child.id());
    }
    let output = child.wait_with_output().unwrap();
    if finished_early {
        assert_eq!(String::from_utf8(output.stdout).unwrap(), "666090624\n");
    } else {
        assert_eq!(output.status.code(), Some(130), "{output:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(
            stderr.contains("interrupted") && stderr.contains("run the same command again"),
            "{stderr}"
        );
    }
}

/// Under `nohup` (SIGHUP ignored) a count goes on when the terminal hangs
/// up, as it did before SIGTERM and SIGHUP were caught; SIGTERM still stops
/// it.
#[cfg(target_os = "linux")]
#[test]
fn a_count_started_with_sighup_ignored_keeps_ignoring_it() {
    let dir = scratch("nohup");
    let checkpoint = dir.join("q.ckpt");
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "trap '' HUP; exec \"$PUZZLES\" queens 18 --count --threads 1 --method backtrack --checkpoint '{}'",
            checkpoint.display()
        ))
        .env("PUZZLES", binary())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let lines = || std::fs::read_to_string(&checkpoint).map_or(0, |text| text.lines().count());
    let deadline = Instant::now() + Duration::from_secs(60);
    while lines() < 4 && child.try_wait().unwrap().is_none() {
        assert!(Instant::now() < deadline, "no unit recorded in a minute");
        std::thread::sleep(Duration::from_millis(5));
    }
    let pid = child.id().to_string();
    let signal = |name: &str| Command::new("kill").args([name, &pid]).status().unwrap();
    if child.try_wait().unwrap().is_some() {
        return;
    }
    // SIGHUP is 1: still ignored once the Ctrl-C handler is in place.
    crate::util::wait_for_handler(child.id(), 2);
    let still_ignored = crate::util::ignores(child.id(), 1);
    signal("-HUP");
    assert!(
        still_ignored || child.try_wait().unwrap().is_some(),
        "SIGHUP is no longer ignored"
    );
    if child.try_wait().unwrap().is_some() {
        let output = child.wait_with_output().unwrap();
        // Only a count that finished on its own may have ended.
        assert_eq!(String::from_utf8(output.stdout).unwrap(), "666090624\n");
        return;
    }
    signal("-TERM");
    let output = child.wait_with_output().unwrap();
    assert!(matches!(output.status.code(), Some(130 | 0)), "{output:?}");
}

/// A tester's `--checkpoint out.txt > out.txt` exited 0 with the answer
/// written over the checkpoint's header, and `2>> FILE` put the
/// interruption notice into it: the next run refused the file. A checkpoint
/// that is also standard output or standard error is refused before
/// anything is written, for queens and crossword counts alike.
#[test]
fn a_checkpoint_that_is_also_standard_output_or_error_is_refused() {
    let dir = crate::util::scratch("checkpoint-as-stream");
    let mini = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/crossword/mini.txt"
    );
    for (name, command) in [
        ("q12.ckpt", vec!["queens", "12", "--count"]),
        ("mini.ckpt", vec!["crossword", mini, "--count"]),
    ] {
        let path = dir.join(name);
        for stream in ["standard output", "standard error"] {
            std::fs::write(&path, "").unwrap();
            let file = std::fs::OpenOptions::new()
                .append(true)
                .open(&path)
                .unwrap();
            let mut child = Command::new(binary());
            child.args(&command).arg("--checkpoint").arg(&path);
            let output = if stream == "standard output" {
                child.stdout(file).stderr(Stdio::piped()).output()
            } else {
                child.stderr(file).stdout(Stdio::piped()).output()
            }
            .unwrap();
            assert_eq!(output.status.code(), Some(2), "{name}, {stream}");
            let message = if stream == "standard output" {
                String::from_utf8(output.stderr).unwrap()
            } else {
                std::fs::read_to_string(&path).unwrap()
            };
            assert!(
                message.contains(&format!("is also {stream}")),
                "{name}: {message}"
            );
            if stream == "standard output" {
                assert_eq!(std::fs::read_to_string(&path).unwrap(), "", "{name}");
            }
        }
        // Another file for the checkpoint: counted, the checkpoint kept.
        std::fs::remove_file(&path).unwrap();
        let answer = Command::new(binary())
            .args(&command)
            .arg("--checkpoint")
            .arg(&path)
            .output()
            .unwrap();
        assert_eq!(answer.status.code(), Some(0), "{name}");
        assert!(
            std::fs::read_to_string(&path).unwrap().lines().count() > 1,
            "{name}"
        );
        // `-`, standard input for every file argument, is no checkpoint
        // either: a tester's `--checkpoint -` made a file named `-`.
        let output = Command::new(binary())
            .args(&command)
            .args(["--checkpoint", "-"])
            .current_dir(&dir)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{name}");
        assert_eq!(
            String::from_utf8(output.stderr).unwrap(),
            "puzzles: error: --checkpoint - names no file: a checkpoint is read and written \
             again, so it cannot be standard input or output (for a file named '-', write ./-)\n"
        );
        assert!(!dir.join("-").exists(), "{name}");
    }
}
