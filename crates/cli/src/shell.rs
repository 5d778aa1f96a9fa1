//! `puzzles completions SHELL` and `puzzles man [COMMAND]`: what a shell and
//! `man` need to know about the command, generated from the parser itself so
//! that they never fall behind it. The parser is handed in (`main` has it),
//! so that this file, which `cli` uses for its arguments, does not use `cli`.

use std::io::Write;

use anyhow::Context;
use clap::Args;
use clap_complete::Shell;

use crate::outcome::Outcome;

#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  source <(puzzles completions bash)                    this bash session
  puzzles completions bash > ~/.local/share/bash-completion/completions/puzzles
  puzzles completions zsh > ~/.zfunc/_puzzles           with fpath+=~/.zfunc in ~/.zshrc
  puzzles completions fish > ~/.config/fish/completions/puzzles.fish
  puzzles completions powershell >> $PROFILE
  puzzles completions elvish >> ~/.config/elvish/rc.elv")]
pub struct CompletionsArgs {
    /// The shell to write the completion script for.
    #[arg(value_enum)]
    pub shell: Shell,
}

#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  puzzles man | man -l -                the page for puzzles
  puzzles man queens > puzzles-queens.1 the page for puzzles queens, to install
  puzzles man > ~/.local/share/man/man1/puzzles.1")]
pub struct ManArgs {
    /// The subcommand whose page to write (queens, maxsub, sudoku, ...);
    /// without it, the page for `puzzles` itself.
    #[arg(value_name = "COMMAND", value_parser = page_names())]
    pub command: Option<String>,
}

/// The subcommands that have a page, in the order of `puzzles --help`: as
/// possible values, they are what shells complete after `puzzles man` (the
/// tests check them against the parser's subcommands).
fn page_names() -> clap::builder::PossibleValuesParser {
    let mut names = vec!["queens", "queens-verify"];
    if cfg!(feature = "serve") {
        names.push("serve");
    }
    names.extend([
        "maxsub",
        "exact-cover",
        "sudoku",
        "crossword",
        "merge",
        "completions",
        "man",
    ]);
    clap::builder::PossibleValuesParser::new(names)
}

/// Writes the completion script of `command` (the whole parser) for
/// `args.shell`.
pub fn completions(
    args: CompletionsArgs,
    mut command: clap::Command,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    // clap_complete panics when its writer fails; a buffer cannot, and the
    // real write below reports a full disk or a closed pipe as usual.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "puzzles", &mut script);
    out.write_all(&script)?;
    Ok(Outcome::Answer)
}

/// Writes the man page (roff) of `command` (the whole parser) or of one of
/// its subcommands.
pub fn man(
    args: ManArgs,
    mut command: clap::Command,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    command.build();
    let page = match &args.command {
        None => command,
        // The parser took only the names of `page_names`.
        Some(name) => find_page(&command, name)
            .cloned()
            .with_context(|| format!("no command named {name:?}"))?,
    };
    let mut roff = Vec::new();
    render_page(page, &mut roff)?;
    out.write_all(&roff)?;
    Ok(Outcome::Answer)
}

/// The subcommand `name` names: `queens`, or `queens-verify` for the
/// subcommand of a subcommand, as the pages refer to it
/// (`puzzles-queens-verify(1)`).
fn find_page<'a>(command: &'a clap::Command, name: &str) -> Option<&'a clap::Command> {
    command.find_subcommand(name).or_else(|| {
        command.get_subcommands().find_map(|sub| {
            let rest = name.strip_prefix(sub.get_name())?.strip_prefix('-')?;
            find_page(sub, rest)
        })
    })
}

/// clap_mangen's page, except that the examples and notes after the options
/// keep their lines and columns (clap_mangen refills them as prose, which
/// scatters the aligned examples).
fn render_page(mut page: clap::Command, roff: &mut Vec<u8>) -> std::io::Result<()> {
    // `help` has no page of its own: its text is every page's.
    if page.find_subcommand("help").is_some() {
        page = page.mut_subcommand("help", |help| help.hide(true));
    }
    let extra = page.get_after_help().map(|text| text.to_string());
    let has_subcommands = page.get_subcommands().any(|sub| !sub.is_hide_set());
    let has_version = page.get_version().is_some();
    // After `build`, a subcommand's display name is `puzzles-queens`, the
    // name `man` looks its page up by.
    let man = clap_mangen::Man::new(page).source(format!("puzzles {}", env!("CARGO_PKG_VERSION")));
    man.render_title(roff)?;
    man.render_name_section(roff)?;
    man.render_synopsis_section(roff)?;
    man.render_description_section(roff)?;
    man.render_options_section(roff)?;
    if has_subcommands {
        man.render_subcommands_section(roff)?;
    }
    if let Some(extra) = extra {
        roff.extend_from_slice(b".SH EXAMPLES AND NOTES\n.nf\n");
        for line in extra.lines() {
            roff.extend_from_slice(roff_line(line).as_bytes());
            roff.push(b'\n');
        }
        roff.extend_from_slice(b".fi\n");
    }
    if has_version {
        man.render_version_section(roff)?;
    }
    Ok(())
}

/// `line` as roff text: backslashes escaped, and a leading `.` or `'` kept
/// from reading as a request.
fn roff_line(line: &str) -> String {
    let escaped = line.replace('\\', "\\e");
    if escaped.starts_with(['.', '\'']) {
        format!("\\&{escaped}")
    } else {
        escaped
    }
}

#[cfg(test)]
mod tests {
    use super::roff_line;

    #[test]
    fn roff_lines_escape_backslashes_and_leading_dots() {
        assert_eq!(roff_line(r"a\b"), r"a\eb");
        assert_eq!(roff_line(".x"), r"\&.x");
        assert_eq!(roff_line("'x"), r"\&'x");
        assert_eq!(roff_line("  . x"), "  . x");
    }
}
