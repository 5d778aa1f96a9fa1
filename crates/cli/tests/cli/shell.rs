//! `puzzles completions` and `puzzles man`: bash loads the completion script
//! and completes with it, and `man` renders the pages without a warning.

use std::process::Command;

use crate::util::{puzzles, stdout_of, temp_file};

/// Runs `script` in bash after sourcing the completion script; its stdout.
fn in_bash_with_completions(script: &str) -> String {
    let completions = temp_file("shell", "puzzles.bash", stdout_of(&["completions", "bash"]));
    let output = Command::new("bash")
        .arg("--norc")
        .arg("-c")
        .arg(format!("source {}\n{script}", completions.display()))
        .output()
        .expect("bash runs");
    assert!(
        output.status.success() && output.stderr.is_empty(),
        "bash failed: {output:?}"
    );
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn bash_sources_the_completion_script_and_registers_it() {
    let registered = in_bash_with_completions("complete -p puzzles");
    assert!(
        registered.starts_with("complete ")
            && registered.contains(" -F _puzzles ")
            && registered.ends_with(" puzzles\n"),
        "{registered:?}"
    );
}

#[test]
fn bash_completes_subcommands_and_option_values() {
    // What bash does when the user presses Tab after `puzzles qu`.
    let subcommands = in_bash_with_completions(
        "COMP_WORDS=(puzzles qu); COMP_CWORD=1; COMP_LINE='puzzles qu'; COMP_POINT=10\n\
         _puzzles puzzles qu puzzles; printf '%s\\n' \"${COMPREPLY[@]}\"",
    );
    assert_eq!(subcommands.trim(), "queens");
    let formats = in_bash_with_completions(
        "COMP_WORDS=(puzzles queens 8 --format ''); COMP_CWORD=4\n\
         _puzzles puzzles '' --format; printf '%s\\n' \"${COMPREPLY[@]}\"",
    );
    let formats: Vec<&str> = formats.lines().collect();
    assert_eq!(
        formats,
        ["board", "array", "json", "leetcode", "unicode", "svg"]
    );
}

#[test]
fn every_shell_gets_a_script_that_names_the_subcommands() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let script = stdout_of(&["completions", shell]);
        // fish names long options without their dashes.
        for word in [
            "puzzles",
            "queens",
            "sudoku",
            "maxsub",
            "threads",
            "checkpoint",
        ] {
            assert!(script.contains(word), "{shell}: no {word}");
        }
        // The scripts offer every option, hidden or not: a test hook has no
        // place among them (it was offered on Tab).
        assert!(
            !script.contains("stop-after"),
            "{shell}: offers a test hook"
        );
    }
    puzzles()
        .args(["completions", "tcsh"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("invalid value 'tcsh'"));
}

/// `man -l FILE`'s rendering and its warnings (man-db; `.ci/run` installs it).
fn man(page: &str) -> (String, String) {
    let path = temp_file("shell", &format!("{page}.1"), page_roff(page));
    let output = Command::new("man")
        .args(["--warnings", "-l"])
        .arg(&path)
        .env("MANPAGER", "cat")
        .env("MANWIDTH", "100")
        .env("LC_ALL", "C.UTF-8")
        .output()
        .expect("man runs (install the man-db package)");
    assert!(output.status.success(), "man -l failed: {output:?}");
    (
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

fn page_roff(page: &str) -> String {
    if page == "puzzles" {
        stdout_of(&["man"])
    } else {
        stdout_of(&["man", page])
    }
}

#[test]
fn man_renders_the_page_of_puzzles() {
    let (page, warnings) = man("puzzles");
    assert_eq!(warnings, "");
    assert!(page.starts_with("puzzles(1)"), "{page}");
    for section in [
        "NAME",
        "SYNOPSIS",
        "OPTIONS",
        "SUBCOMMANDS",
        "EXAMPLES AND NOTES",
    ] {
        assert!(
            page.lines().any(|line| line == section),
            "no {section}:\n{page}"
        );
    }
    // The examples keep their lines (clap_mangen alone would refill them).
    assert!(
        page.contains("  puzzles queens 8 --count          count them: 92\n"),
        "{page}"
    );
    assert!(page.contains("puzzles-queens(1)"), "{page}");
}

#[test]
fn man_renders_every_subcommand_page() {
    for command in [
        "queens",
        "serve",
        "maxsub",
        "exact-cover",
        "sudoku",
        "crossword",
        "merge",
        "completions",
        "man",
    ] {
        if command == "serve" && !cfg!(feature = "serve") {
            continue;
        }
        let (page, warnings) = man(command);
        assert_eq!(warnings, "", "{command}");
        assert!(page.starts_with(&format!("puzzles-{command}(1)")), "{page}");
        assert!(page.contains(&format!("puzzles {command} ")), "{page}");
    }
    let (queens, _) = man("queens");
    assert!(queens.contains("--threads"), "{queens}");
    // Every page a page refers to exists; `help` has none.
    assert!(queens.contains("puzzles-queens-verify(1)"), "{queens}");
    assert!(!queens.contains("-help(1)"), "{queens}");
    let (puzzles, _) = man("puzzles");
    assert!(!puzzles.contains("-help(1)"), "{puzzles}");
    let (verify, warnings) = man("queens-verify");
    assert_eq!(warnings, "");
    assert!(verify.starts_with("puzzles-queens-verify(1)"), "{verify}");
    assert!(verify.contains("puzzles queens verify "), "{verify}");
}

#[test]
fn man_names_the_pages_there_are_for_an_unknown_command() {
    puzzles()
        .args(["man", "rook"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            "puzzles: error: invalid value 'rook' for '[COMMAND]', [possible values: queens, \
             queens-verify, serve, maxsub, exact-cover, sudoku, crossword, merge, completions, \
             man]\n",
        );
}

/// The pages `man` takes are the subcommands `puzzles --help` lists (and
/// `queens-verify`, the one subcommand of a subcommand), and bash
/// completes them.
#[test]
fn man_pages_are_the_subcommands_and_bash_completes_them() {
    let help = stdout_of(&["--help"]);
    let listed: Vec<&str> = help
        .lines()
        .skip_while(|line| *line != "Commands:")
        .skip(1)
        .take_while(|line| !line.is_empty())
        .filter(|line| line.starts_with("  ") && !line.starts_with("   "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .collect();
    let completed = in_bash_with_completions(
        "COMP_WORDS=(puzzles man ''); COMP_CWORD=2\n\
         _puzzles puzzles '' man; printf '%s\\n' \"${COMPREPLY[@]}\"",
    );
    // Bash offers the options too on an empty word.
    let mut completed: Vec<&str> = completed
        .lines()
        .filter(|word| !word.starts_with('-'))
        .collect();
    assert_eq!(completed.get(1), Some(&"queens-verify"));
    completed.remove(1);
    assert_eq!(completed, listed);
    assert!(listed.contains(&"crossword"), "{listed:?}");
}
