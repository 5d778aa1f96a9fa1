//! `puzzles merge PART...`: sums the part files of `puzzles queens N
//! --count --shard I/K`, once every shard of one problem is there exactly
//! once.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;

use anyhow::bail;
use clap::Args;
use serde::Serialize;

use crate::outcome::Outcome;
use crate::queens::shard::Part;

#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  puzzles queens 16 --count --shard 1/3     writes queens-16-shard-1-of-3.json
  puzzles queens 16 --count --shard 2/3
  puzzles queens 16 --count --shard 3/3
  puzzles merge queens-16-shard-*-of-3.json          14772512
  puzzles merge --json queens-16-shard-*.json        total, unique, units, nodes as JSON

Every shard 1 to K of the same problem (N, split, units, K) must be given exactly
once; a missing or repeated shard, or a part of another problem, is an error
(exit status 2) that names it.")]
pub struct MergeArgs {
    /// The part files, one per shard.
    #[arg(value_name = "PART", required = true)]
    pub files: Vec<PathBuf>,

    /// Print the number of fundamental solutions instead of the total.
    #[arg(short, long)]
    pub unique: bool,

    /// Print one JSON object: n, total, unique, units, nodes, split, shards,
    /// and the shards' seconds summed.
    #[arg(long)]
    pub json: bool,
}

/// The result as `--json` prints it: the fields of `puzzles queens N
/// --count --json` that a merge knows.
#[derive(Serialize)]
struct JsonMerge {
    n: usize,
    total: u128,
    unique: u128,
    units: u64,
    nodes: u128,
    split: usize,
    shards: u64,
    shard_seconds: f64,
}

/// Checks and sums the parts.
pub fn run(args: MergeArgs, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let mut parts: Vec<(PathBuf, Part)> = Vec::new();
    for path in &args.files {
        let shown = path.display();
        let bytes = std::fs::read(path)
            .map_err(|err| anyhow::anyhow!("cannot read part file {shown}: {err}"))?;
        let part = Part::parse(&bytes)
            .map_err(|problem| anyhow::anyhow!("part file {shown} {problem}"))?;
        parts.push((path.clone(), part));
    }
    let (first_path, first) = &parts[0];
    let mut by_shard: BTreeMap<u64, &PathBuf> = BTreeMap::new();
    for (path, part) in &parts {
        if part.problem() != first.problem() {
            bail!(
                "part file {} is for {}, but {} is for {}: parts of one count must agree",
                path.display(),
                part.problem(),
                first_path.display(),
                first.problem()
            );
        }
        if let Some(earlier) = by_shard.insert(part.shard, path) {
            bail!(
                "{} is given twice: {} and {}",
                part.shard(),
                earlier.display(),
                path.display()
            );
        }
    }
    let shards = first.shards;
    let missing: Vec<u64> = (1..=shards)
        .filter(|shard| !by_shard.contains_key(shard))
        .collect();
    if !missing.is_empty() {
        let plural = if missing.len() == 1 {
            "shard"
        } else {
            "shards"
        };
        let verb = if missing.len() == 1 { "is" } else { "are" };
        bail!(
            "{plural} {} of {shards} {verb} missing: {} of {shards} given, for {}",
            ranges(&missing),
            by_shard.len(),
            first.problem()
        );
    }
    let total: u128 = parts.iter().map(|(_, part)| part.total).sum();
    let unique: u128 = parts.iter().map(|(_, part)| part.unique).sum();
    if args.json {
        let result = JsonMerge {
            n: first.n,
            total,
            unique,
            units: first.units,
            nodes: parts.iter().map(|(_, part)| part.nodes).sum(),
            split: first.split,
            shards,
            shard_seconds: parts.iter().map(|(_, part)| part.elapsed_seconds).sum(),
        };
        writeln!(out, "{}", serde_json::to_string(&result)?)?;
    } else if args.unique {
        writeln!(out, "{unique}")?;
    } else {
        writeln!(out, "{total}")?;
    }
    Ok(if total == 0 {
        Outcome::NoSolution
    } else {
        Outcome::Answer
    })
}

/// `1, 3-5, 9`: sorted numbers with runs shortened, at most 20 runs shown.
fn ranges(numbers: &[u64]) -> String {
    let mut runs: Vec<(u64, u64)> = Vec::new();
    for &number in numbers {
        match runs.last_mut() {
            Some((_, end)) if *end + 1 == number => *end = number,
            _ => runs.push((number, number)),
        }
    }
    let shown: Vec<String> = runs
        .iter()
        .take(20)
        .map(|&(start, end)| {
            if start == end {
                start.to_string()
            } else {
                format!("{start}-{end}")
            }
        })
        .collect();
    let more = if runs.len() > 20 { ", …" } else { "" };
    format!("{}{more}", shown.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_are_shortened() {
        assert_eq!(ranges(&[1, 3, 4, 5, 9]), "1, 3-5, 9");
        assert_eq!(ranges(&[7]), "7");
        let many: Vec<u64> = (0..100).map(|n| n * 2).collect();
        assert!(ranges(&many).ends_with(", …"));
    }
}
