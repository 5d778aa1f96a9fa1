//! The hot loop: an explicit-stack depth-first search over bitboards.

use super::rules::{Case, Reduction, SYMMETRIES, Tallies, edge_index};

/// Takes a node where the vector lanes start: the rows' bits, the columns
/// and both diagonals.
pub(super) type OnJob<'a> = dyn FnMut(&[u64; 64], u64, u64, u64) + 'a;

/// Counts below a node whose rows `..start` are placed (`bits`, and the
/// columns and diagonals they take), `start ≤ n - 1`.
pub(super) fn search(
    rules: &Reduction,
    start: usize,
    bits: &mut [u64; 64],
    taken: u64,
    ld: u64,
    rd: u64,
) -> Tallies {
    let last = rules.n - 1;
    if start == last {
        let avail = rules.allowed(last, taken, ld | rd);
        if avail == 0 {
            return Tallies::default();
        }
        bits[last] = avail;
        let (total, unique) = rules.classify(bits);
        return Tallies {
            total,
            unique,
            nodes: 1,
        };
    }
    if start + 2 < rules.n {
        return match rules.case {
            Case::Edge { b } => fast::<true>(rules, b, start, bits, taken, ld, rd),
            Case::Corner { .. } | Case::Single => {
                fast::<false>(rules, 0, start, bits, taken, ld, rd)
            }
        };
    }
    let mut no_jobs = |_: &[u64; 64], _: u64, _: u64, _: u64| {};
    match rules.case {
        Case::Edge { b } => {
            walk::<true, false>(rules, b, start, bits, taken, ld, rd, 0, &mut no_jobs)
        }
        Case::Corner { .. } | Case::Single => {
            walk::<false, false>(rules, 0, start, bits, taken, ld, rd, 0, &mut no_jobs)
        }
    }
}

/// The scalar search below a node whose rows `..start` are placed,
/// `start ≤ n - 3`: rows `start..n - 2` depth first on an explicit
/// stack, the last two rows at once without a branch (their two free
/// columns can only go in one order or the other). It visits exactly the
/// placements of the slow rules ([`candidates`](super::rules::candidates)).
#[inline(always)]
fn fast<const EDGE: bool>(
    rules: &Reduction,
    b: usize,
    start: usize,
    bits: &mut [u64; 64],
    taken: u64,
    ld: u64,
    rd: u64,
) -> Tallies {
    let n = rules.n;
    let last = n - 1;
    let edges = 1u64 | 1 << last;
    // The closing row's rule (see `Reduction::edge_rule`) as a mask of the
    // edge columns it must take; no other row has one.
    let closing = rules.closing.unwrap_or(usize::MAX);
    let close_rule = |row: usize, cols: u64| -> u64 {
        if row != closing {
            return !0;
        }
        let missing = edges & !cols;
        match missing.count_ones() {
            0 => !0,
            1 => missing,
            _ => 0,
        }
    };
    let block = &rules.block;
    let (block_pen, block_last) = (block[n - 2], block[last]);
    let (tie_a, tie_b) = if EDGE {
        (b, if b >= 2 { last - b } else { b })
    } else {
        (0, 0)
    };
    let tie_pen = if EDGE && b == 1 { edges } else { 0 };
    let tie_last = if EDGE { 1u64 << b | 1 << (last - b) } else { 0 };
    let mut stack = [[0u64; 4]; 64];
    // Columns beyond the board count as taken.
    let mut cols = taken | !rules.full;
    let (mut ld, mut rd) = (ld, rd);
    let mut row = start;
    let mut avail = !(cols | ld | rd | block[row]) & close_rule(row, cols);
    let mut nodes = 0u64;
    let mut leaves = 0u64;
    let (mut tie_total, mut tie_unique) = (0u64, 0u64);
    loop {
        if avail == 0 {
            if row == start {
                break;
            }
            row -= 1;
            [avail, cols, ld, rd] = stack[row & 63];
            continue;
        }
        let bit = avail & avail.wrapping_neg();
        avail ^= bit;
        nodes += 1;
        if EDGE {
            bits[row & 63] = bit;
        }
        let next_cols = cols | bit;
        let next_ld = (ld | bit) << 1;
        let next_rd = (rd | bit) >> 1;
        if row + 3 == n {
            // Rows n - 2 and n - 1 take the two free columns, in one
            // order or the other; adjacent columns fit in neither.
            let free = !next_cols;
            let lo = free & free.wrapping_neg();
            let hi = free ^ lo;
            let pen = free & !(next_ld | next_rd | block_pen) & close_rule(n - 2, next_cols);
            let fin = free & !((next_ld << 1) | (next_rd >> 1) | block_last);
            let apart = u64::from(hi != lo << 1);
            let lo_first = u64::from(pen & lo != 0);
            let hi_first = u64::from(pen & hi != 0);
            let lo_leaf = lo_first & u64::from(fin & hi != 0) & apart;
            let hi_leaf = hi_first & u64::from(fin & lo != 0) & apart;
            nodes += lo_first + hi_first + lo_leaf + hi_leaf;
            if EDGE {
                let early = (bits[tie_a & 63] | bits[tie_b & 63]) & edges;
                let lo_tie = lo_leaf & u64::from((early | lo & tie_pen | hi & tie_last) != 0);
                let hi_tie = hi_leaf & u64::from((early | hi & tie_pen | lo & tie_last) != 0);
                leaves += lo_leaf + hi_leaf - lo_tie - hi_tie;
                if lo_tie | hi_tie != 0 {
                    for (tied, pen_bit, last_bit) in [(lo_tie, lo, hi), (hi_tie, hi, lo)] {
                        if tied != 0 {
                            bits[n - 2] = pen_bit;
                            bits[last] = last_bit;
                            let (total, unique) = rules.classify(bits);
                            tie_total += total;
                            tie_unique += unique;
                        }
                    }
                }
            } else {
                leaves += lo_leaf + hi_leaf;
            }
            continue;
        }
        stack[row & 63] = [avail, cols, ld, rd];
        row += 1;
        cols = next_cols;
        ld = next_ld;
        rd = next_rd;
        avail = !(cols | ld | rd | block[row & 63]) & close_rule(row, cols);
    }
    Tallies {
        total: SYMMETRIES * leaves + tie_total,
        unique: leaves + tie_unique,
        nodes,
    }
}

/// Walks rows `start..t` and hands each node of row `t` with a column
/// left to `on_job` (its rows' bits, columns and diagonals) instead of
/// searching below it; returns the nodes placed above row `t`.
#[cfg(target_arch = "x86_64")]
#[allow(clippy::too_many_arguments)]
pub(super) fn produce(
    rules: &Reduction,
    t: usize,
    start: usize,
    bits: &mut [u64; 64],
    taken: u64,
    ld: u64,
    rd: u64,
    on_job: &mut OnJob<'_>,
) -> Tallies {
    match rules.case {
        Case::Edge { b } => walk::<true, true>(rules, b, start, bits, taken, ld, rd, t, on_job),
        Case::Corner { .. } | Case::Single => {
            walk::<false, true>(rules, 0, start, bits, taken, ld, rd, t, on_job)
        }
    }
}

/// The search proper, `EDGE` telling whether leaves may tie and need the
/// placement of every row, `PRODUCE` whether to stop at row `stop` and
/// hand its nodes to `on_job`.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn walk<const EDGE: bool, const PRODUCE: bool>(
    rules: &Reduction,
    b: usize,
    start: usize,
    bits: &mut [u64; 64],
    taken: u64,
    ld: u64,
    rd: u64,
    stop: usize,
    on_job: &mut OnJob<'_>,
) -> Tallies {
    let n = rules.n;
    let last = n - 1;
    let full = rules.full;
    let edges = 1u64 | 1 << last;
    let (tie_row_a, tie_row_b) = if EDGE { (b, last - b) } else { (0, 0) };
    let tie_last = if EDGE { 1u64 << b | 1 << (last - b) } else { 0 };
    // Per row: the columns not tried yet, and the columns and diagonals
    // taken by the rows above.
    let mut untried = [0u64; 64];
    let mut cols = [0u64; 64];
    let mut lds = [0u64; 64];
    let mut rds = [0u64; 64];
    let mut row = start;
    cols[row] = taken;
    lds[row] = ld;
    rds[row] = rd;
    untried[row] = rules.allowed(row, taken, ld | rd);
    let mut nodes = 0u64;
    let mut plain_leaves = 0u64;
    let (mut tie_total, mut tie_unique) = (0u64, 0u64);
    loop {
        let avail = untried[row & 63];
        if avail == 0 {
            if row == start {
                break;
            }
            row -= 1;
            continue;
        }
        let bit = avail & avail.wrapping_neg();
        untried[row & 63] = avail ^ bit;
        nodes += 1;
        if EDGE {
            bits[row & 63] = bit;
        }
        let next_cols = cols[row & 63] | bit;
        let next_ld = (lds[row & 63] | bit) << 1;
        let next_rd = (rds[row & 63] | bit) >> 1;
        let next = full
            & !(next_cols | next_ld | next_rd | rules.block[(row + 1) & 63])
            & rules.edge_rule[(row + 1) & 63][edge_index(next_cols, n)];
        if PRODUCE && row + 1 == stop {
            if next != 0 {
                on_job(bits, next_cols, next_ld, next_rd);
            }
            continue;
        }
        if row + 1 == last {
            // The last row has one free column at most: a leaf or not.
            let hit = u64::from(next != 0);
            nodes += hit;
            if EDGE {
                let tie = ((bits[tie_row_a] | bits[tie_row_b]) & edges) | (next & tie_last);
                if hit != 0 && tie != 0 {
                    bits[last] = next;
                    let (total, unique) = rules.classify(bits);
                    tie_total += total;
                    tie_unique += unique;
                } else {
                    plain_leaves += hit;
                }
            } else {
                plain_leaves += hit;
            }
            continue;
        }
        row += 1;
        cols[row & 63] = next_cols;
        lds[row & 63] = next_ld;
        rds[row & 63] = next_rd;
        untried[row & 63] = next;
    }
    Tallies {
        total: SYMMETRIES * plain_leaves + tie_total,
        unique: plain_leaves + tie_unique,
        nodes,
    }
}
