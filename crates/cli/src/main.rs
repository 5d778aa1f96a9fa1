//! The `puzzles` command: a thin layer over the `puzzles` library that parses
//! arguments, formats output and maps outcomes to exit codes.

/// `eprintln!` without its panic: a message that standard error cannot
/// take (a full disk, `2>/dev/full`) is dropped, and the exit status still
/// says how the command ended (a tester's interrupted count exited 101,
/// the panic's status, instead of 130).
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

mod cli;
mod crossword;
mod exact_cover;
mod interrupt;
mod maxsub;
mod meter;
mod numbers;
mod outcome;
mod queens;
mod redraw;
#[cfg(feature = "serve")]
mod serve;
mod shell;
mod standard_streams;
mod stdin;
mod sudoku;
mod trace_out;

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use clap::{CommandFactory, Parser};

use crate::cli::{Cli, Command};
use crate::outcome::Outcome;

/// Exit status for bad input or usage, as clap uses for its own errors.
const USAGE_ERROR: u8 = 2;

fn main() -> ExitCode {
    let args = maxsub::args::numbers_after_dashes(std::env::args_os().collect());
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(err) => return usage_error(&err),
    };
    let stdout = io::stdout();
    // A terminal gets each line as it is written (the standard library's
    // stdout is line-buffered), so solutions appear as they are found; pipes
    // and files get large blocks, which is much faster.
    let lines_or_blocks: Box<dyn Write> = if stdout.is_terminal() {
        Box::new(stdout.lock())
    } else {
        Box::new(io::BufWriter::with_capacity(1 << 16, stdout.lock()))
    };
    let mut out = NamedStdout(lines_or_blocks);
    let result = run(cli, &mut out).and_then(|outcome| {
        out.flush()?;
        Ok(outcome)
    });
    match result {
        Ok(outcome) => outcome.into(),
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            // Whatever was buffered is not a result; the message says why.
            say!("puzzles: error: {}", message(&err));
            ExitCode::from(USAGE_ERROR)
        }
    }
}

/// Prints clap's error (or help, or version) as clap would, except that an
/// error is one line that starts as every other error of the command does,
/// `puzzles: error:`, rather than clap's own `error:` and its paragraphs.
fn usage_error(err: &clap::Error) -> ExitCode {
    if !err.use_stderr() {
        // --help and --version, on standard output, which may fail (a full
        // disk) as any other output may.
        let printed = err.print().and_then(|()| io::stdout().flush());
        return match printed {
            Err(write) if write.kind() != io::ErrorKind::BrokenPipe => {
                say!(
                    "puzzles: error: {}",
                    NamedStdout::<io::Stdout>::named(write)
                );
                ExitCode::from(USAGE_ERROR)
            }
            _ => ExitCode::from(u8::try_from(err.exit_code()).unwrap_or(0)),
        };
    }
    let text = err.render().to_string();
    match text.strip_prefix("error: ") {
        Some(rest) => say!("puzzles: error: {}", one_line(&not_a_subcommand(rest))),
        // clap shows the whole help for a missing command: one line instead,
        // naming the commands, as every other usage error is one line.
        None => {
            let commands: Vec<String> = Cli::command()
                .get_subcommands()
                .filter(|command| !command.is_hide_set() && command.get_name() != "help")
                .map(|command| command.get_name().to_string())
                .collect();
            say!(
                "puzzles: error: a command is needed: {} (puzzles --help says what each does)",
                commands.join(", ")
            );
        }
    }
    ExitCode::from(USAGE_ERROR)
}

/// A second positional argument to `queens N` reaches clap as a subcommand
/// (`queens` also takes `verify`), so clap says "the subcommand '7' cannot
/// be used with '<N>'": where no subcommand has that name, it is an
/// unexpected argument, as for every other command.
fn not_a_subcommand(text: &str) -> String {
    let named = text
        .strip_prefix("the subcommand '")
        .and_then(|rest| rest.rsplit_once("' cannot be used with"));
    let Some((name, _)) = named else {
        return text.to_string();
    };
    let is_subcommand = Cli::command()
        .get_subcommands()
        .flat_map(|command| command.get_subcommands())
        .any(|command| command.get_name() == name);
    if is_subcommand {
        return text.to_string();
    }
    let usage = text.find("\nUsage:").map_or("", |at| &text[at..]);
    format!("unexpected argument '{name}' found\n{usage}")
}

/// Clap's error paragraphs as one line: the message, its list items after
/// a colon, its tip after a semicolon, and the usage in brackets; the
/// pointer to `--help` is dropped (the usage names the command).
fn one_line(text: &str) -> String {
    let mut line = String::new();
    let mut usage = None;
    for part in text.lines() {
        let item = part.starts_with("  ") && !part.trim_start().starts_with("tip:");
        let part = part.trim();
        if part.is_empty() || part.starts_with("For more information") {
            continue;
        }
        if let Some(rest) = part.strip_prefix("Usage:") {
            usage = Some(rest.trim().to_string());
            continue;
        }
        if let Some(usage) = usage.as_mut() {
            // A second form of the usage.
            usage.push_str(" | ");
            usage.push_str(part);
            continue;
        }
        let joint = match line.chars().last() {
            None => "",
            Some(':') => " ",
            Some(_) if item => ", ",
            Some(_) => "; ",
        };
        line.push_str(joint);
        line.push_str(part);
    }
    if let Some(usage) = usage {
        line.push_str(&format!(" (usage: {usage})"));
    }
    line
}

fn run(cli: Cli, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    match cli.command {
        Command::Queens(mut args) => {
            args.stop_after_units = interrupt::stop_after_units()?;
            queens::run(args, out)
        }
        #[cfg(feature = "serve")]
        Command::Serve(args) => serve::run(args, out),
        Command::Maxsub(args) => maxsub::run(args, out),
        Command::ExactCover(args) => exact_cover::run(args, out),
        Command::Sudoku(args) => sudoku::run(args, out),
        Command::Crossword(mut args) => {
            args.stop_after_units = interrupt::stop_after_units()?;
            crossword::run(args, out)
        }
        Command::Merge(args) => queens::merge::run(args, out),
        Command::Completions(args) => shell::completions(args, Cli::command(), out),
        Command::Man(args) => shell::man(args, Cli::command(), out),
    }
}

/// Standard output, whose write errors say that it was standard output that
/// failed: "cannot write to standard output: No space left on device". The
/// error keeps its kind, so a closed pipe is still recognised.
struct NamedStdout<W>(W);

impl<W: Write> NamedStdout<W> {
    fn named(err: io::Error) -> io::Error {
        let reason = err.to_string();
        // "No space left on device (os error 28)": the number tells a user
        // nothing the words do not.
        let reason = match (err.raw_os_error(), reason.rfind(" (os error ")) {
            (Some(_), Some(at)) => &reason[..at],
            _ => &reason,
        };
        io::Error::new(
            err.kind(),
            format!("cannot write to standard output: {reason}"),
        )
    }
}

impl<W: Write> Write for NamedStdout<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf).map_err(Self::named)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.0.write_all(buf).map_err(Self::named)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush().map_err(Self::named)
    }
}

/// The error and its causes, joined by ": ", each said once: an error whose
/// message already ends with its cause's (`cannot listen on 127.0.0.1:80:
/// Address already in use`) is not followed by the cause again. Control
/// characters (a line break or an escape sequence in a file's name) are
/// written as escapes, so that the message stays one line and cannot
/// steer the terminal.
fn message(err: &anyhow::Error) -> String {
    let text = causes(err);
    if !text.contains(char::is_control) {
        return text;
    }
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_debug().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

fn causes(err: &anyhow::Error) -> String {
    let mut text = String::new();
    for cause in err.chain() {
        let part = cause.to_string();
        if text.ends_with(&part) {
            continue;
        }
        if !text.is_empty() {
            text.push_str(": ");
        }
        text.push_str(&part);
    }
    text
}

/// A reader that went away (`puzzles queens 20 | head`) is not an error.
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        let kind = match cause.downcast_ref::<io::Error>() {
            Some(io) => Some(io.kind()),
            // serde_json's writer error does not give its io::Error as its
            // source, only that error's own source.
            None => cause
                .downcast_ref::<serde_json::Error>()
                .and_then(serde_json::Error::io_error_kind),
        };
        kind == Some(io::ErrorKind::BrokenPipe)
    })
}

#[cfg(test)]
mod tests {
    use super::{is_broken_pipe, message};

    /// A writer whose reader has gone.
    struct Gone;

    impl std::io::Write for Gone {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::ErrorKind::BrokenPipe.into())
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_reader_gone_is_seen_through_serde_json_and_context() {
        let json = serde_json::to_writer(Gone, &[1, 2]).unwrap_err();
        assert!(is_broken_pipe(
            &anyhow::Error::new(json).context("printing")
        ));
        let plain = std::io::Write::write_all(&mut Gone, b"x").unwrap_err();
        assert!(is_broken_pipe(&anyhow::Error::new(plain)));
        let full = std::io::Error::from(std::io::ErrorKind::StorageFull);
        assert!(!is_broken_pipe(&anyhow::Error::new(full)));
        let data = serde_json::from_str::<u8>("x").unwrap_err();
        assert!(!is_broken_pipe(&anyhow::Error::new(data)));
    }

    /// As `puzzles_web::ServeError` is: the cause in the message and as the
    /// source.
    #[derive(Debug)]
    struct Listen {
        source: std::io::Error,
    }

    impl std::fmt::Display for Listen {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "cannot listen on 127.0.0.1:80: {}", self.source)
        }
    }

    impl std::error::Error for Listen {
        fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
            Some(&self.source)
        }
    }

    #[test]
    fn a_cause_already_in_the_message_is_said_once() {
        let os = std::io::Error::new(std::io::ErrorKind::AddrInUse, "Address already in use");
        let err = anyhow::Error::new(Listen { source: os }).context("cannot start the web server");
        assert_eq!(
            message(&err),
            "cannot start the web server: cannot listen on 127.0.0.1:80: Address already in use"
        );
        let plain = anyhow::anyhow!("no such file").context("cannot read q.txt");
        assert_eq!(message(&plain), "cannot read q.txt: no such file");
    }

    /// A file's name went into the message as it was: a line break made
    /// two lines, an escape sequence coloured the terminal.
    #[test]
    fn control_characters_are_escaped() {
        let named = anyhow::anyhow!("no such file").context("cannot read no\nne\u{1b}[31m\r\t");
        assert_eq!(
            message(&named),
            r"cannot read no\nne\u{1b}[31m\r\t: no such file"
        );
        // Text that is not a control character is left alone.
        let plain = anyhow::anyhow!("bad token \"é\\x\"");
        assert_eq!(message(&plain), "bad token \"é\\x\"");
    }
}
