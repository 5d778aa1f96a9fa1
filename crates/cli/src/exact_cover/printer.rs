//! Writes solutions in the format `--format` chose: options as their items,
//! option numbers, or JSON lines.

use std::io::{self, Write};

use puzzles::exact_cover::Problem;
use serde_json::json;

use super::args::Format;

/// Writes `solution`, the `index`-th found (from 1).
pub(super) fn print_solution(
    problem: &Problem,
    solution: &[usize],
    index: u64,
    format: Format,
    out: &mut dyn Write,
) -> io::Result<()> {
    match format {
        Format::Options => {
            if index > 1 {
                writeln!(out)?;
            }
            if solution.is_empty() {
                // Only when there are no primary items: nothing to cover.
                writeln!(out, "(no options: there is no primary item to cover)")?;
            }
            for &option in solution {
                let names: Vec<String> = problem.option_names(option).collect();
                writeln!(out, "{}", names.join(" "))?;
            }
            Ok(())
        }
        Format::Indices => {
            let numbers: Vec<String> = solution.iter().map(usize::to_string).collect();
            writeln!(out, "{}", numbers.join(" "))
        }
        Format::Json => {
            let items: Vec<Vec<String>> = solution
                .iter()
                .map(|&option| problem.option_names(option).collect())
                .collect();
            let object = json!({ "index": index, "options": solution, "items": items });
            writeln!(out, "{object}")
        }
    }
}
