//! The small harness every topic shares: the built binary (run directly or
//! from a shell), its output, FIFOs, and scratch files (removed when the
//! test ends, passed or failed: `tempfile`).

use std::ffi::OsStr;
use std::ops::Deref;
use std::path::{Path, PathBuf};

use assert_cmd::Command;

/// The `puzzles` binary built for this test run.
pub fn puzzles() -> Command {
    Command::cargo_bin("puzzles").expect("the puzzles binary is built")
}

/// Standard output of a run that must succeed.
pub fn stdout_of(args: &[&str]) -> String {
    let output = puzzles().args(args).output().unwrap();
    assert!(output.status.success(), "{args:?} failed: {output:?}");
    String::from_utf8(output.stdout).unwrap()
}

/// Standard output of a run that must succeed, read as JSON.
pub fn json_of(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&stdout_of(args)).unwrap()
}

/// Waits until process `pid` catches `signal` (its handler is installed,
/// as `/proc/PID/status` shows in `SigCgt`), or has ended: a readiness
/// signal, where a test would otherwise sleep and hope. An ended child
/// stays in `/proc` as a zombie until it is waited for, with no handlers:
/// that counts as ended too, and the test's own wait then tells what it did.
#[cfg(target_os = "linux")]
pub fn wait_for_handler(pid: u32, signal: i32) {
    while let Ok(status) = std::fs::read_to_string(format!("/proc/{pid}/status")) {
        if signal_in_mask(&status, "SigCgt:", signal) || has_ended(&status) {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
}

/// Whether a `/proc/PID/status` is a process that has ended: a zombie
/// (`Z`) or dead (`X`).
#[cfg(target_os = "linux")]
fn has_ended(status: &str) -> bool {
    status
        .lines()
        .find_map(|line| line.strip_prefix("State:"))
        .is_some_and(|state| matches!(state.trim_start().chars().next(), Some('Z' | 'X')))
}

/// Whether process `pid` ignores `signal` (`SigIgn` in `/proc/PID/status`).
#[cfg(target_os = "linux")]
pub fn ignores(pid: u32, signal: i32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .is_ok_and(|status| signal_in_mask(&status, "SigIgn:", signal))
}

/// Whether the hexadecimal signal mask on the line starting `field` of a
/// `/proc/PID/status` has `signal`'s bit (bit `signal - 1`).
#[cfg(target_os = "linux")]
fn signal_in_mask(status: &str, field: &str, signal: i32) -> bool {
    status
        .lines()
        .find_map(|line| line.strip_prefix(field))
        .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
        .is_some_and(|mask| mask & (1 << (signal - 1)) != 0)
}

/// A fresh folder for one test's files, removed with everything in it when
/// dropped; it reads as its path.
pub struct Scratch(tempfile::TempDir);

impl Deref for Scratch {
    type Target = Path;

    fn deref(&self) -> &Path {
        self.0.path()
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        self.0.path()
    }
}

impl AsRef<OsStr> for Scratch {
    fn as_ref(&self) -> &OsStr {
        self.0.path().as_os_str()
    }
}

/// A fresh folder named after `topic`, for one test.
pub fn scratch(topic: &str) -> Scratch {
    Scratch(
        tempfile::Builder::new()
            .prefix(&format!("puzzles-{topic}-"))
            .tempdir()
            .expect("a temporary folder"),
    )
}

/// A file in a scratch folder of its own, removed with it when dropped; it
/// reads as its path.
pub struct TempFile {
    path: PathBuf,
    _folder: Scratch,
}

impl Deref for TempFile {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<Path> for TempFile {
    fn as_ref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<OsStr> for TempFile {
    fn as_ref(&self) -> &OsStr {
        self.path.as_os_str()
    }
}

/// 20 queens as an exact cover problem, in a file of its own: a count of
/// hours, for a test that stops one.
pub fn queens_20_exact_cover(topic: &str) -> TempFile {
    let problem = puzzles::exact_cover::n_queens(20).unwrap();
    temp_file(topic, "queens-20.txt", problem.to_string())
}

/// Writes `contents` to a file named `name` in a fresh scratch folder.
pub fn temp_file(topic: &str, name: &str, contents: impl AsRef<[u8]>) -> TempFile {
    let folder = scratch(topic);
    let path = folder.join(name);
    std::fs::write(&path, contents).unwrap();
    TempFile {
        path,
        _folder: folder,
    }
}

/// The path of the `puzzles` binary built for this test run, for commands
/// that are not run through [`puzzles`].
pub fn binary() -> PathBuf {
    assert_cmd::cargo::cargo_bin("puzzles")
}

/// `sh -c script`, with `$PUZZLES` the binary.
pub fn shell(script: &str) -> std::process::Output {
    std::process::Command::new("sh")
        .arg("-c")
        .arg(script)
        .env("PUZZLES", binary())
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap()
}

/// Makes a FIFO at `path`.
pub fn mkfifo(path: &Path) {
    let made = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .unwrap();
    assert!(made.success(), "mkfifo {}", path.display());
}

/// Whether `path` is a FIFO (not following a symbolic link).
pub fn is_fifo(path: &Path) -> bool {
    use std::os::unix::fs::FileTypeExt;
    std::fs::symlink_metadata(path).is_ok_and(|meta| meta.file_type().is_fifo())
}

/// Sends `signal` (as `kill` names it: `-INT`, `-TERM`) to process `pid`,
/// which must still be there to take it.
pub fn send_signal(signal: &str, pid: u32) {
    let status = std::process::Command::new("kill")
        .args([signal, &pid.to_string()])
        .status()
        .unwrap();
    assert!(status.success(), "kill {signal} {pid}");
}

/// Runs `puzzles ARGS`, a command that runs long, sends it Ctrl-C once its
/// handler is in place, and checks that it exits 130 saying it was
/// interrupted; returns its standard output.
#[cfg(target_os = "linux")]
pub fn ctrl_c_exits_130_with(args: &[&str]) -> String {
    interrupted_by_signals(args, 1)
}

/// `puzzles ARGS` started with standard output and error piped, for a test
/// that signals it or watches it as it runs.
#[cfg(target_os = "linux")]
pub fn spawn_puzzles<S: AsRef<OsStr>>(args: impl IntoIterator<Item = S>) -> std::process::Child {
    std::process::Command::new(binary())
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap()
}

/// [`ctrl_c_exits_130_with`], with `signals` SIGINTs sent by one `kill`,
/// microseconds apart: what `timeout -s INT` does (to the command and to
/// its process group), still one request to stop.
#[cfg(target_os = "linux")]
pub fn interrupted_by_signals(args: &[&str], signals: usize) -> String {
    interrupted_after(args, signals, std::time::Duration::ZERO).0
}

/// [`interrupted_by_signals`], the signals sent `after` the handler is in
/// place; standard output and standard error.
#[cfg(target_os = "linux")]
pub fn interrupted_after(
    args: &[&str],
    signals: usize,
    after: std::time::Duration,
) -> (String, String) {
    let mut child = spawn_puzzles(args);
    // SIGINT is 2; once caught, Ctrl-C is the command's to handle.
    wait_for_handler(child.id(), 2);
    std::thread::sleep(after);
    assert!(child.try_wait().unwrap().is_none(), "the command runs long");
    let pid = child.id().to_string();
    let status = std::process::Command::new("kill")
        .arg("-INT")
        .args(std::iter::repeat_n(&pid, signals))
        .status()
        .unwrap();
    assert!(status.success(), "kill -INT {pid}");
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(130), "{output:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("interrupted"), "{stderr}");
    (String::from_utf8(output.stdout).unwrap(), stderr)
}

/// Runs `puzzles ARGS`, a command that runs long and writes as it goes,
/// sends it Ctrl-C once its first line is out (a Ctrl-C before the search
/// begins stops it before any output), and checks that it exits 130 saying
/// it was interrupted; returns its standard output.
#[cfg(target_os = "linux")]
pub fn ctrl_c_once_output_begins(args: &[&str]) -> String {
    use std::io::{BufRead, Read};
    let mut child = spawn_puzzles(args);
    let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    assert!(first.ends_with('\n'), "a first line: {first:?}");
    send_signal("-INT", child.id());
    let mut rest = String::new();
    stdout.read_to_string(&mut rest).unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(130), "{output:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("interrupted"), "{stderr}");
    first + &rest
}

/// A child that ended before it caught the signal (a zombie until waited
/// for) ends the wait: it would otherwise never return.
#[cfg(target_os = "linux")]
#[test]
fn waiting_for_a_handler_ends_when_the_process_has_ended() {
    let mut child = std::process::Command::new("true").spawn().unwrap();
    let pid = child.id();
    let (done, waited) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        wait_for_handler(pid, 2);
        let _ = done.send(());
    });
    let ended = waited.recv_timeout(std::time::Duration::from_secs(60));
    child.wait().unwrap();
    assert!(
        ended.is_ok(),
        "still waiting for a handler of an ended process"
    );
}

/// A JSON trace cut short by Ctrl-C: its last line is a summary with
/// `"completed": false` whose steps and counters are those of the events
/// above it.
pub fn cut_json_trace_closes_with_its_summary(trace: &str) {
    let lines: Vec<serde_json::Value> = trace
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let (summary, events) = lines.split_last().expect("a summary line");
    assert_eq!(summary["completed"], false, "{summary}");
    assert_eq!(summary["steps"], events.len() as u64, "{summary}");
    assert_eq!(events.last().unwrap()["step"], events.len() as u64);
    for (counter, event) in [
        ("placements", "place"),
        ("conflicts", "conflict"),
        ("removals", "remove"),
        ("backtracks", "backtrack"),
        ("solutions", "solution"),
    ] {
        let seen = events.iter().filter(|line| line["event"] == event).count();
        assert_eq!(
            summary["counters"][counter], seen as u64,
            "{counter}: {summary}"
        );
    }
}

/// The test hook that stops a count with a checkpoint as if interrupted
/// once this many units are recorded (an environment variable, so that no
/// help page or completion script offers it).
pub const STOP_AFTER_UNITS: &str = "PUZZLES_STOP_AFTER_UNITS";
