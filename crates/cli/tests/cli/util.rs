//! The small harness every topic shares: the built binary, its output, and
//! scratch files.

use std::path::PathBuf;

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

/// Writes `contents` to a file named `name` in a scratch folder of this test
/// process (one folder per `topic`, so topics never collide).
pub fn temp_file(topic: &str, name: &str, contents: impl AsRef<[u8]>) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("puzzles-{topic}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}
