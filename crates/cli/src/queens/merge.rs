//! `puzzles merge PART...`: sums the part files of `puzzles queens N
//! --count --shard I/K`, once every shard of one problem is there exactly
//! once.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, bail};
use clap::Args;
use puzzles::queens::count::CountPlan;
use puzzles::queens::record_file::not_a_regular_file;
use puzzles::queens::{Board, Piece, Rules};
use serde::Serialize;

use super::shard::Part;
use crate::outcome::Outcome;

#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  puzzles queens 16 --count --shard 1/3     writes queens-16-shard-1-of-3.json
  puzzles queens 16 --count --shard 2/3
  puzzles queens 16 --count --shard 3/3
  puzzles merge queens-16-shard-*-of-3.json          14772512
  puzzles merge --json queens-16-shard-*.json        n, total, units, nodes, ... as JSON

Every shard 1 to K of the same problem (N, split, units, K, and the given squares
of a count of completions) must be given exactly once; a missing or repeated
shard, or a part of another problem, is an error (exit status 2) that names it.")]
pub struct MergeArgs {
    /// The part files, one per shard ('-' for one part on standard input).
    #[arg(value_name = "PART", required = true)]
    pub files: Vec<PathBuf>,

    /// Print the number of fundamental solutions instead of the total (parts
    /// of a backtracking count: the quadrant counter counts no classes).
    #[arg(short, long)]
    pub unique: bool,

    /// Print one JSON object: n, total, unique (for parts of a backtracking
    /// count), units, nodes, split, shards, and the shards' seconds summed.
    #[arg(long)]
    pub json: bool,
}

/// The result as `--json` prints it: the fields of `puzzles queens N
/// --count --json` that a merge knows.
#[derive(Serialize)]
struct JsonMerge {
    /// The given pieces, for parts of a count of their completions.
    #[serde(skip_serializing_if = "Option::is_none")]
    given: Option<usize>,
    n: usize,
    total: u128,
    #[serde(skip_serializing_if = "Option::is_none")]
    unique: Option<u128>,
    units: u64,
    nodes: u128,
    split: usize,
    shards: u64,
    shard_seconds: f64,
    /// For boards other than classic queens, as a count's `--json` has them.
    #[serde(skip_serializing_if = "Option::is_none")]
    piece: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    torus: Option<bool>,
}

/// Checks and sums the parts.
pub fn run(args: MergeArgs, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let mut parts: Vec<(PathBuf, Part)> = Vec::new();
    let from_stdin = |path: &PathBuf| path.as_os_str() == "-";
    if args.files.iter().filter(|path| from_stdin(path)).count() > 1 {
        bail!("'-' (standard input) is given twice: it holds one part");
    }
    for path in &args.files {
        let part = if from_stdin(path) {
            crate::stdin::reading_from_a_terminal("a part");
            Part::read(std::io::stdin().lock())
                .map_err(|problem| anyhow::anyhow!("the part on standard input {problem}"))?
        } else {
            let shown = path.display();
            // Opening a FIFO would wait for a writer for ever.
            if let Some(kind) = not_a_regular_file(path) {
                bail!("part file {shown} is not a regular file but {kind}");
            }
            let file = std::fs::File::open(path)
                .map_err(|err| anyhow::anyhow!("cannot read part file {shown}: {err}"))?;
            Part::read(file).map_err(|problem| anyhow::anyhow!("part file {shown} {problem}"))?
        };
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
    let given = by_shard.len() as u64;
    if given < shards {
        // Listed from the shards given, so that a part claiming a billion
        // shards costs no more than one claiming three.
        let missing = shards - given;
        let (plural, verb) = if missing == 1 {
            ("shard", "is")
        } else {
            ("shards", "are")
        };
        bail!(
            "{plural} {} of {shards} {verb} missing: {given} of {shards} given, for {}",
            missing_ranges(by_shard.keys().copied(), shards),
            first.problem()
        );
    }
    // A forged part can claim any board and any counts: the plan its
    // fields name must exist and have its units, and the sums must fit.
    check_plan(first)?;
    let sum = |field: &str, value: fn(&Part) -> u128| {
        parts
            .iter()
            .try_fold(0u128, |sum, (_, part)| sum.checked_add(value(part)))
            .with_context(|| {
                format!(
                    "the parts' {field} add up past 2^128, more than any count: these are not \
                     the parts of one count (a part was forged or damaged)"
                )
            })
    };
    let total = sum("totals", |part| part.total)?;
    let unique = sum("fundamental counts", |part| part.unique)?;
    let nodes = sum("nodes", |part| part.nodes)?;
    // The quadrant counter's parts count no classes, nor do counts of
    // completions.
    let completions = CountPlan::scheme_completes(&first.scheme);
    let classes = first.scheme != puzzles::queens::quadrants::SCHEME && !completions;
    if args.unique && !classes {
        let counted = if completions {
            "count completions of given pieces, which have no classes"
        } else {
            "were counted by joining quarter-boards, which finds no fundamental solutions"
        };
        bail!(
            "these parts (scheme {}) {counted}: merge them without --unique",
            first.scheme
        );
    }
    if args.json {
        let result = JsonMerge {
            given: completions.then_some(first.given.len()),
            n: first.n,
            total,
            unique: classes.then_some(unique),
            units: first.units,
            nodes,
            split: first.split,
            shards,
            shard_seconds: parts.iter().map(|(_, part)| part.elapsed_seconds).sum(),
            piece: None,
            torus: None,
        };
        let result = match CountPlan::scheme_board(&first.scheme) {
            Some((piece, torus)) if piece != Piece::Queen || torus || completions => JsonMerge {
                piece: Some(piece.name()),
                torus: Some(torus),
                ..result
            },
            _ => result,
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

/// Checks that the plan a part names exists: a scheme this build counts,
/// a board and a split it takes (and given pieces it holds), and as many
/// units as that plan has (at most 2^24 of them, so this costs at most a
/// moment).
fn check_plan(part: &Part) -> anyhow::Result<()> {
    let no_such_count = || format!("the parts are for {}, which no count makes", part.problem());
    let plan = match CountPlan::scheme_board(&part.scheme) {
        Some((piece, torus)) if CountPlan::scheme_completes(&part.scheme) => {
            let completion = Rules::new(part.n, piece, torus)
                .and_then(Board::with_rules)
                .and_then(|board| board.with_given(&part.given))
                .with_context(no_such_count)?;
            CountPlan::completions(&completion, part.split).with_context(no_such_count)?
        }
        _ => CountPlan::for_scheme(&part.scheme, part.n, part.split).with_context(no_such_count)?,
    };
    if plan.len() != part.units {
        bail!(
            "the parts are for {}, but that plan has {} units: a part was forged or damaged",
            part.problem(),
            plan.len()
        );
    }
    Ok(())
}

/// The shards of `1..=shards` not in `given` (sorted), as `1, 3-5, 9`:
/// runs shortened, at most 20 runs shown, in constant memory.
fn missing_ranges(given: impl IntoIterator<Item = u64>, shards: u64) -> String {
    let mut shown: Vec<String> = Vec::new();
    let mut more = false;
    let mut next = 1;
    let mut gap = |start: u64, end: u64, shown: &mut Vec<String>| {
        if start > end {
            return;
        }
        if shown.len() == 20 {
            more = true;
        } else if start == end {
            shown.push(start.to_string());
        } else {
            shown.push(format!("{start}-{end}"));
        }
    };
    for shard in given {
        gap(next, shard.saturating_sub(1), &mut shown);
        next = shard.saturating_add(1);
    }
    if next <= shards {
        gap(next, shards, &mut shown);
    }
    let more = if more { ", …" } else { "" };
    format!("{}{more}", shown.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_are_shortened() {
        assert_eq!(missing_ranges([2, 6, 7, 8, 10], 10), "1, 3-5, 9");
        assert_eq!(missing_ranges([1, 2, 3], 7), "4-7");
        assert_eq!(missing_ranges([], 1), "1");
        let given: Vec<u64> = (1..=100).map(|n| n * 2).collect();
        assert!(missing_ranges(given, 200).ends_with(", …"));
        // A billion shards, two given: the gaps, at once.
        assert_eq!(
            missing_ranges([1, u64::MAX - 1], u64::MAX),
            format!("2-{}, {}", u64::MAX - 2, u64::MAX)
        );
    }
}
