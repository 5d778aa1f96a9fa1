//! Every `console` example in the README and in the guide (GUIDE.md) is run
//! and its output compared, so both show real output.
//!
//! A block's `$ command` lines run in `sh` from the repository root with the
//! freshly built `puzzles` first on `PATH`; the lines after a command, up to
//! the next `$`, are its expected standard output. A line `...` (after
//! trimming) stands for any number of lines.

use std::path::Path;
use std::process::Command;

struct Example {
    line: usize,
    command: String,
    expected: Vec<String>,
}

fn examples(readme: &str) -> Vec<Example> {
    let mut examples: Vec<Example> = Vec::new();
    let mut inside = false;
    for (index, line) in readme.lines().enumerate() {
        if line.starts_with("```") {
            inside = line.trim() == "```console";
            continue;
        }
        if !inside {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            examples.push(Example {
                line: index + 1,
                command: command.to_string(),
                expected: Vec::new(),
            });
        } else if let Some(example) = examples.last_mut() {
            example.expected.push(line.to_string());
        }
    }
    examples
}

/// Whether `actual` matches `expected`, where a `...` line skips any lines.
fn matches(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first.trim() == "..." => {
            (0..=actual.len()).any(|skip| matches(rest, &actual[skip..]))
        }
        Some((first, rest)) => {
            actual.first().is_some_and(|line| line == first) && matches(rest, &actual[1..])
        }
    }
}

/// Runs every `console` example of `file` (relative to the repository root)
/// and panics naming each one whose output differs; `at_least` guards
/// against a file whose examples were lost (a renamed fence, say).
fn check_console_examples(file: &str, at_least: usize) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let text = std::fs::read_to_string(root.join(file)).unwrap();
    let binary = assert_cmd::cargo::cargo_bin("puzzles");
    let path = format!(
        "{}:{}",
        binary.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let examples = examples(&text);
    assert!(
        examples.len() >= at_least,
        "{file} shows {} examples, fewer than {at_least}",
        examples.len()
    );
    let mut failures = Vec::new();
    for example in examples {
        let output = Command::new("sh")
            .arg("-c")
            .arg(&example.command)
            .current_dir(&root)
            .env("PATH", &path)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout);
        let actual: Vec<&str> = stdout.lines().collect();
        if !matches(&example.expected, &actual) {
            failures.push(format!(
                "{file} line {}: `{}` printed:\n{}\nexpected:\n{}",
                example.line,
                example.command,
                stdout,
                example.expected.join("\n")
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn readme_console_examples_show_real_output() {
    check_console_examples("README.md", 10);
}

#[test]
fn guide_console_examples_show_real_output() {
    check_console_examples("GUIDE.md", 40);
}

#[test]
fn the_wildcard_matcher_matches_what_it_should() {
    let expected = |lines: &[&str]| {
        lines
            .iter()
            .map(|line| line.to_string())
            .collect::<Vec<_>>()
    };
    assert!(matches(
        &expected(&["a", "...", "d"]),
        &["a", "b", "c", "d"]
    ));
    assert!(matches(&expected(&["a", "...", "d"]), &["a", "d"]));
    assert!(!matches(&expected(&["a", "...", "d"]), &["a", "b"]));
    assert!(!matches(&expected(&["a"]), &["a", "b"]));
}
