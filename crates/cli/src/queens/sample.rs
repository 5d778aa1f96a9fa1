//! `puzzles queens N --count --sample K`: a count too large to run,
//! measured. Counts K subtrees drawn at random (seeded) on one thread and
//! projects the whole count from them: nodes, solutions and core-hours on
//! this machine, each with its standard error.

use std::io::Write;

use anyhow::bail;
use puzzles::queens::Rules;
use puzzles::queens::count::{CountPlan, Estimate, Method};

use super::args::QueensArgs;
use super::count::plan_for;
use crate::outcome::Outcome;

/// Rows left below a default sample's subtrees: each then takes moments.
const ROWS_BELOW: usize = 17;

/// [`ROWS_BELOW`] for other boards, whose plain search cuts far less: 17
/// kings' rows hold some 5 × 10^13 placements, 10 about half a million.
const PIECES_ROWS_BELOW: usize = 10;

/// Draws, counts and projects as `args` ask.
pub fn run(
    rules: Rules,
    size: u64,
    args: &QueensArgs,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let n = rules.n();
    let plan: CountPlan = plan_for(rules, args)?;
    let seed = args.seed.unwrap_or(1);
    let split = plan.split().min(n);
    let quadrants = plan.method() == Method::Quadrants;
    if quadrants && args.sample_depth.is_some() {
        bail!(
            "--sample-depth draws subtrees of the backtracking search; the quadrant counter's \
             units are drawn whole: leave out --method quadrants"
        );
    }
    if let Some(depth) = args.sample_depth {
        if depth > n {
            bail!("--sample-depth {depth} is deeper than the board: at most {n} for n = {n}");
        }
        if depth < split {
            bail!(
                "--sample-depth {depth} is above the work units: at least the split, {split} \
                 for n = {n} (--split D sets it)"
            );
        }
    }
    let depth = args
        .sample_depth
        .unwrap_or(n.saturating_sub(if rules.is_classic() {
            ROWS_BELOW
        } else {
            PIECES_ROWS_BELOW
        }))
        .clamp(plan.split().min(n), n);
    let below = !quadrants && depth > plan.split().min(n);
    let sample = if below {
        plan.count_sample_below(size, seed, depth)
    } else {
        plan.count_sample(size, seed)
    };
    let p = sample.projection();
    let drawn = if below {
        format!(
            "{} subtrees {depth} rows deep below random units (Knuth's estimator)",
            p.sampled
        )
    } else {
        format!("{} distinct random units", p.sampled)
    };
    if quadrants {
        writeln!(
            out,
            "n = {n}: {} units of the quadrant counter (sets of east rows); sample of {drawn}, \
             seed {seed}",
            p.plan_units
        )?;
        writeln!(
            out,
            "counted: {} half-boards joined in {:.3} s on one thread",
            p.sample_nodes, p.sample_seconds
        )?;
    } else {
        let board = if rules.is_classic() {
            String::new()
        } else {
            let shape = if rules.torus() { " on a torus" } else { "" };
            format!(" {}s{shape}", rules.piece())
        };
        writeln!(
            out,
            "n = {n}{board}: {} units after {} rows; sample of {drawn}, seed {seed}",
            p.plan_units,
            plan.split().min(n)
        )?;
        writeln!(
            out,
            "counted: {} nodes in {:.3} s on one thread, {:.3} ns per node",
            p.sample_nodes, p.sample_seconds, p.ns_per_node
        )?;
    }
    let line = |what: &str, estimate: Estimate, scale: f64| {
        // Every draw gave 0 (no draw reached a solution, say): "0 ± 0"
        // would claim a certainty the sample does not have.
        if estimate.value == 0.0 && estimate.std_error == 0.0 && n >= 4 {
            return format!(
                "{what:<24}0 in each of the {} draws, so no projection: draw more (--sample) \
                 or less deep (--sample-depth)",
                p.sampled
            );
        }
        // One draw of many units has no spread to measure: the library says
        // so with an infinite error, which is not a number to print.
        if estimate.std_error.is_infinite() {
            return format!(
                "{what:<24}{:.4e} ± ? (one draw has no spread: draw two or more with --sample)",
                estimate.value / scale
            );
        }
        format!(
            "{what:<24}{:.4e} ± {:.2e}",
            estimate.value / scale,
            estimate.std_error / scale
        )
    };
    if quadrants {
        writeln!(out, "{}", line("projected half-boards:", p.nodes, 1.0))?;
        writeln!(out, "{}", line("projected solutions:", p.total, 1.0))?;
    } else {
        writeln!(out, "{}", line("projected nodes:", p.nodes, 1.0))?;
        writeln!(out, "{}", line("projected solutions:", p.total, 1.0))?;
        writeln!(out, "{}", line("projected fundamental:", p.unique, 1.0))?;
    }
    writeln!(
        out,
        "{}",
        line("projected core-hours:", p.core_seconds, 3600.0)
    )?;
    writeln!(
        out,
        "(each: the mean of the draws' weighted values ± one standard error, the draws' \
         spread over √K{})",
        if below {
            ""
        } else {
            " times √(1 − K/units)"
        }
    )?;
    // Every unit drawn is the count itself: none is grep's no-match, as for
    // a plain --count.
    let counted_none = !below && p.sampled == p.plan_units && p.total.value == 0.0;
    Ok(if counted_none {
        Outcome::NoSolution
    } else {
        Outcome::Answer
    })
}
