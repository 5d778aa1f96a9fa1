//! The command line as a whole: what one option letter means across
//! commands, what the help texts promise, the `threads` that `--json`
//! reports, and each cause of an error said once.

use predicates::prelude::*;

use crate::util::{puzzles, stdout_of};

#[test]
fn dash_f_is_the_format_in_every_command_that_has_one() {
    for command in ["queens", "sudoku", "exact-cover", "maxsub", "crossword"] {
        let help = stdout_of(&[command, "--help"]);
        assert!(help.contains("-f, --format <FORMAT>"), "{command}:\n{help}");
    }
    assert_eq!(
        stdout_of(&["maxsub", "-f", "json", "1", "-2", "3"]),
        stdout_of(&["maxsub", "--format", "json", "1", "-2", "3"])
    );
    // --file has no letter: `-f data.txt` says what -f wants.
    puzzles()
        .args(["maxsub", "-f", "data.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "invalid value 'data.txt' for '--format <FORMAT>'",
        ));
}

#[test]
fn the_help_promises_what_the_defaults_do() {
    let help = stdout_of(&["--help"]);
    // Sudoku files are solved on one thread unless -j says more.
    assert!(
        !help.contains("Sudoku per line, in order, on every core"),
        "{help}"
    );
    assert!(help.contains("(-j K: on K threads)"), "{help}");
    let queens = stdout_of(&["queens", "--help"]);
    // No knight piece exists; the superqueen is the one that jumps.
    let words: Vec<&str> = queens.split_whitespace().collect();
    assert!(
        !words.windows(2).any(|pair| pair == ["knight's", "reach)"]),
        "{queens}"
    );
    assert!(
        words
            .windows(2)
            .any(|pair| pair == ["superqueen's", "reach)"]),
        "{queens}"
    );
}

#[test]
fn json_threads_are_the_workers_that_counted() {
    let threads = |args: &[&str]| -> serde_json::Value {
        let json: serde_json::Value = serde_json::from_str(&stdout_of(args)).unwrap();
        json["threads"].clone()
    };
    // Split after 0 rows: one unit, so one worker, whatever --threads says.
    assert_eq!(
        threads(&[
            "queens",
            "9",
            "--count",
            "--json",
            "--split",
            "0",
            "--threads",
            "4"
        ]),
        1
    );
    // Split after 1 row of 6: three units.
    assert_eq!(
        threads(&[
            "queens",
            "6",
            "--count",
            "--json",
            "--split",
            "1",
            "--threads",
            "4"
        ]),
        3
    );
    assert_eq!(
        threads(&["queens", "12", "--count", "--json", "--threads", "2"]),
        2
    );
}

#[cfg(feature = "serve")]
#[test]
fn serve_says_why_it_cannot_listen_once() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let output = puzzles()
        .args(["serve", "--port", &port])
        .timeout(std::time::Duration::from_secs(30))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with(&format!(
            "puzzles: error: cannot start the web server: cannot listen on 127.0.0.1:{port}: "
        )),
        "{stderr}"
    );
    assert_eq!(stderr.matches("in use").count(), 1, "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}
