//! `puzzles maxsub`: the maximum subarray of numbers from the command line, a
//! file or standard input, and its circular, length-bounded, top-K and 2-D
//! variants.
//!
//! `args`, `input` and `printer` are leaves; this file checks the options
//! that go together, picks the number type and the variant, and calls the
//! library.

pub mod args;
mod input;
mod printer;

use std::io::{self, Write};

use anyhow::{anyhow, bail};
use puzzles::subarray::parse::Parse;
use puzzles::subarray::stream::{scan, scan_file};
use puzzles::subarray::{self, Algorithm, Bounds, Excerpt, SubarrayError, brute};
use serde::Serialize;

use self::args::{Format, MaxsubArgs, Method};
use self::input::{Input, open};
use self::printer::Printer;
use crate::outcome::Outcome;

/// Runs `puzzles maxsub` as `args` ask.
pub fn run(args: MaxsubArgs, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let variant = if args.circular {
        Some("--circular")
    } else if args.min_len.is_some() || args.max_len.is_some() {
        Some("--min-len/--max-len")
    } else if args.top.is_some() {
        Some("--top")
    } else {
        None
    };
    if let (Method::Parallel, Some(variant)) = (args.algorithm, variant) {
        bail!("--algorithm parallel is not available with {variant} (use kadane or brute-force)");
    }
    if let (Some(min_len), Some(max_len)) = (args.min_len, args.max_len)
        && min_len > max_len
    {
        bail!("--min-len {min_len} is greater than --max-len {max_len}");
    }
    if let Input::Stdin = Input::of(&args) {
        crate::stdin::reading_from_a_terminal("numbers");
    }
    if args.float {
        solve::<f64>(&args, out)
    } else {
        solve::<i64>(&args, out)
    }
}

fn solve<T: Parse>(args: &MaxsubArgs, out: &mut dyn Write) -> anyhow::Result<Outcome>
where
    T::Sum: Serialize,
{
    let input = Input::of(args);
    let printer = Printer {
        format: args.format,
        allow_empty: args.allow_empty,
        float: args.float,
    };
    if args.two_d {
        let matrix = input.matrix::<T>()?;
        let found = match args.algorithm {
            Method::BruteForce => brute::rect(&matrix),
            Method::Kadane => subarray::rect(&matrix),
            Method::Parallel => subarray::rect_parallel(&matrix),
        }
        .map_err(|err| input.explain(err))?;
        printer.rect(out, &matrix, found)?;
        return Ok(Outcome::Answer);
    }
    if args.circular {
        let (found, elements) = if args.algorithm == Method::BruteForce {
            let values = input.values::<T>()?;
            let found = brute::circular(&values).map_err(|err| input.explain(err))?;
            let elements: Vec<T> = found.indices().map(|i| values[i]).collect();
            (found, Excerpt::of(&elements))
        } else {
            // Parsed and scanned in one pass, in constant memory.
            let scanned = input.scan_circular::<T>()?;
            (scanned.best, scanned.elements)
        };
        printer.circular(out, found, &elements)?;
        return Ok(Outcome::Answer);
    }
    if let Some(k) = args.top {
        let values = input.values::<T>()?;
        let found = match args.algorithm {
            Method::BruteForce => brute::top_k(&values, k),
            _ => subarray::top_k(&values, k),
        }
        .map_err(|err| input.explain(err))?;
        printer.top(out, &values, &found)?;
        return Ok(Outcome::Answer);
    }
    if args.min_len.is_some() || args.max_len.is_some() {
        let bounds = Bounds::new(
            args.min_len.unwrap_or(1),
            args.max_len.unwrap_or(usize::MAX),
        )?;
        let values = input.values::<T>()?;
        let found = match args.algorithm {
            Method::BruteForce => brute::bounded(&values, bounds).map(|found| {
                found.ok_or(SubarrayError::TooShort {
                    min_len: bounds.min_len(),
                    len: values.len(),
                })
            }),
            _ => Ok(subarray::bounded(&values, bounds)),
        }
        .map_err(|err| input.explain(err))?;
        return match found {
            Ok(best) => {
                printer.best(out, best, &Excerpt::of(&values[best.range()]))?;
                Ok(Outcome::Answer)
            }
            Err(SubarrayError::TooShort { min_len, len }) => {
                let answer =
                    format!("no run of at least {min_len} numbers: the input has only {len}");
                // JSON keeps standard output for objects: the answer goes
                // where a reader of the stream still sees it.
                if args.format == Format::Text {
                    writeln!(out, "{answer}")?;
                } else {
                    say!("puzzles: {answer}");
                }
                Ok(Outcome::NoSolution)
            }
            Err(err) => Err(input.explain(err)),
        };
    }
    let (best, elements) = match (&input, args.algorithm) {
        // Files and standard input are parsed and scanned in one pass, in
        // constant memory.
        (Input::File(path), Method::Parallel) => {
            let scanned = scan_file::<T>(path).map_err(|err| match err {
                SubarrayError::Io(io) if !path.exists() => {
                    anyhow!("cannot open {}: {io}", path.display())
                }
                err => input.explain(err),
            })?;
            (scanned.best, scanned.elements)
        }
        (Input::File(path), Method::Kadane) => {
            let scanned = scan::<T, _>(open(path)?).map_err(|err| input.explain(err))?;
            (scanned.best, scanned.elements)
        }
        (Input::Stdin, Method::Kadane | Method::Parallel) => {
            let scanned = scan::<T, _>(io::stdin().lock()).map_err(|err| input.explain(err))?;
            (scanned.best, scanned.elements)
        }
        (_, method) => {
            let values = input.values::<T>()?;
            let algorithm = match method {
                Method::BruteForce => Algorithm::BruteForce,
                Method::Kadane => Algorithm::Kadane,
                Method::Parallel => Algorithm::Parallel,
            };
            let best =
                subarray::max_subarray(&values, algorithm).map_err(|err| input.explain(err))?;
            (best, Excerpt::of(&values[best.range()]))
        }
    };
    printer.best(out, best, &elements)?;
    Ok(Outcome::Answer)
}
