//! Writes fills in the format `--format` chose: text, JSON or ipuz.

use std::io::{self, Write};

use puzzles::crossword::{Fill, render};

use super::args::{CrosswordArgs, Format};

pub(super) fn print_fill(
    out: &mut dyn Write,
    fill: &Fill,
    args: &CrosswordArgs,
    first: bool,
) -> io::Result<()> {
    match args.format {
        Format::Text => {
            if !first {
                writeln!(out)?;
            }
            out.write_all(render::text(fill).as_bytes())?;
            if args.entries {
                writeln!(out)?;
                out.write_all(render::entries(fill).as_bytes())?;
            }
        }
        Format::Json => writeln!(out, "{}", render::json(fill))?,
        Format::Ipuz => writeln!(out, "{}", render::ipuz(fill))?,
    }
    Ok(())
}
