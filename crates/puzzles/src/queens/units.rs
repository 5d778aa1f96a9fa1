//! The symmetry-reduced search tree behind [`count`](super::count): which
//! placements of the first rows can start a canonical solution, the fast
//! bitboard kernel that counts below them, and the weight of each solution it
//! finds.
//!
//! # Why this tree finds each class exactly once
//!
//! A class's representative is its lexicographically smallest image (the
//! project's definition of a fundamental solution). Each of the eight
//! symmetries takes one of the eight (edge, end) pairs of the board to the top
//! edge read from the left, so the first entry `cols[0]` of the eight images
//! is, in some order, the distance of each edge's queen from each end of its
//! edge. The representative therefore has its row-0 queen at the smallest of
//! those eight distances, `b`:
//!
//! - `b = 0`, a queen in a corner. Only one corner can hold a queen, so the
//!   class has eight members and two of them have the queen at `(0, 0)`: the
//!   solution and its transpose. The smaller one has `cols[1] < row of the
//!   queen in column 1` (they cannot be equal: those two queens would share
//!   an anti-diagonal), so row 1 takes column `b1 ≥ 2` and column 1 stays
//!   empty in rows `2..b1`. Every leaf weighs 8.
//! - `b ≥ 1` (and `b < n - 1 - b`). No edge queen may be nearer a corner:
//!   rows `1..b` and the rows below `n - 1 - b` keep off the edge columns, so
//!   both edge columns are taken by the end of row `n - 1 - b` (which must take
//!   the second one if only one is taken, and is a dead end if neither is),
//!   and the last row's queen stands in columns `b..=n-1-b`. A leaf whose
//!   other edge queens all stand farther than `b` from their corners is the
//!   representative of a class of eight; when another edge ties at `b`, the
//!   few tied images are compared in full, which also yields the class size
//!   (1, 2, 4 or 8 — the images equal to the solution).
//!
//! This is Takaki's corner / non-corner split (the `BOUND1`, `BOUND2`,
//! `SIDEMASK`, `LASTMASK` counters), restated for the lexicographic
//! representative so that the counter's fundamental solutions are exactly
//! [`Board::fundamental_solutions`](super::Board::fundamental_solutions).

/// Distinct symmetries of an `n`×`n` board, `n ≥ 2`: only rotations can fix a
/// solution, so a class has 2, 4 or 8 members.
const SYMMETRIES: u64 = 8;

/// The counts below one node: what the kernel returns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Tallies {
    /// Solutions, each representative weighted by its class size.
    pub(crate) total: u64,
    /// Representatives (fundamental solutions).
    pub(crate) unique: u64,
    /// Placements made.
    pub(crate) nodes: u64,
}

impl std::ops::AddAssign for Tallies {
    fn add_assign(&mut self, other: Tallies) {
        self.total += other.total;
        self.unique += other.unique;
        self.nodes += other.nodes;
    }
}

/// Which part of the reduced tree a placement belongs to, known once row 0
/// (and, with a corner queen, row 1) is placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Case {
    /// `n = 1`: one square, fixed by every symmetry.
    Single,
    /// A queen on `(0, 0)` and the row-1 queen in column `b1`.
    Corner { b1: usize },
    /// No corner queen; the row-0 queen in column `b`.
    Edge { b: usize },
}

/// The columns row 0 may take: the corner, and every `b` with
/// `1 ≤ b < n - 1 - b`.
pub(crate) fn first_row(n: usize) -> u64 {
    let mut mask = 1;
    let mut b = 1;
    while 2 * b + 1 < n {
        mask |= 1 << b;
        b += 1;
    }
    mask
}

/// The reduction's rules for one case, compiled to per-row masks.
#[derive(Clone, Debug)]
pub(crate) struct Rules {
    n: usize,
    full: u64,
    case: Case,
    /// Squares a row may not take because of the reduction (not attacks).
    block: [u64; 64],
    /// Per row, indexed by which edge columns are taken (bit 0: column 0,
    /// bit 1: column `n - 1`), the columns the row may take.
    edge_rule: [[u64; 4]; 64],
    /// The row that must leave both edge columns taken (`Edge` only).
    closing: Option<usize>,
}

impl Rules {
    /// The rules once `prefix` decides the case; `None` while it does not
    /// (an empty prefix, or a corner queen without the row-1 queen).
    fn for_prefix(n: usize, prefix: &[u8]) -> Option<Rules> {
        let full = full_mask(n);
        let mut rules = Rules {
            n,
            full,
            case: Case::Single,
            block: [0; 64],
            edge_rule: [[full; 4]; 64],
            closing: None,
        };
        if n == 1 {
            return Some(rules);
        }
        let last = n - 1;
        match prefix {
            [] | [0] => None,
            [0, b1, ..] => {
                let b1 = usize::from(*b1);
                rules.case = Case::Corner { b1 };
                for row in 2..b1.min(n) {
                    rules.block[row] = 0b10;
                }
                Some(rules)
            }
            [b, ..] => {
                let b = usize::from(*b);
                rules.case = Case::Edge { b };
                let edges = 1 | 1 << last;
                for row in 1..b {
                    rules.block[row] = edges;
                }
                let near = (1u64 << b) - 1;
                rules.block[last] = near | near << (n - b);
                let closing = last - b;
                rules.edge_rule[closing] = [0, edges, edges, full];
                rules.closing = Some(closing);
                Some(rules)
            }
        }
    }

    /// The columns `row` may take given the columns taken so far and the
    /// squares of `row` attacked by earlier queens.
    fn allowed(&self, row: usize, taken: u64, attacked: u64) -> u64 {
        self.full
            & !(taken | attacked | self.block[row])
            & self.edge_rule[row][edge_index(taken, self.n)]
    }

    /// A complete placement's contribution: its class size and 1 when it is
    /// its class's representative, `(0, 0)` otherwise. `bits[row]` is the
    /// queen of each row as a one-bit mask.
    fn classify(&self, bits: &[u64; 64]) -> (u64, u64) {
        match self.case {
            Case::Single => (1, 1),
            Case::Corner { .. } => (SYMMETRIES, 1),
            Case::Edge { b } => {
                if self.tied(b, bits) {
                    classify_tie(self.n, bits)
                } else {
                    (SYMMETRIES, 1)
                }
            }
        }
    }

    /// Whether another (edge, end) pair than row 0 from the left also has its
    /// queen at distance `b`; then a full comparison decides.
    fn tied(&self, b: usize, bits: &[u64; 64]) -> bool {
        let last = self.n - 1;
        let edges = 1 | 1 << last;
        ((bits[b] | bits[last - b]) & edges) != 0 || bits[last] & (1 << b | 1 << (last - b)) != 0
    }
}

/// One bit per column.
fn full_mask(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1 << n) - 1 }
}

/// Which edge columns `taken` holds: bit 0 column 0, bit 1 column `n - 1`.
#[inline(always)]
fn edge_index(taken: u64, n: usize) -> usize {
    ((taken & 1) | ((taken >> (n - 1)) & 1) << 1) as usize
}

/// The full comparison for a tied leaf: compares the solution with each
/// image and returns `(class size, 1)` when no image is smaller, `(0, 0)`
/// otherwise. Rare (a few percent of leaves), so it stays simple.
#[cold]
#[inline(never)]
fn classify_tie(n: usize, bits: &[u64; 64]) -> (u64, u64) {
    let last = n - 1;
    let mut cols = [0usize; 64];
    let mut rows = [0usize; 64];
    for row in 0..n {
        let col = bits[row].trailing_zeros() as usize;
        cols[row] = col;
        rows[col] = row;
    }
    // The images as `cols` arrays, one closure per non-identity symmetry:
    // flip rows, rotate 180°, transpose, rotate 90°, rotate 270°,
    // anti-transpose, flip columns.
    let images: [&dyn Fn(usize) -> usize; 7] = [
        &|i| cols[last - i],
        &|i| last - cols[last - i],
        &|i| rows[i],
        &|i| last - rows[i],
        &|i| rows[last - i],
        &|i| last - rows[last - i],
        &|i| last - cols[i],
    ];
    let mut fixed_by = 1;
    for image in images {
        match (0..n).map(|i| image(i).cmp(&cols[i])).find(|o| o.is_ne()) {
            Some(std::cmp::Ordering::Less) => return (0, 0),
            Some(_) => {}
            None => fixed_by += 1,
        }
    }
    (SYMMETRIES / fixed_by, 1)
}

/// The bitboards of the rows `prefix` places, seen from the row below
/// them: each row's queen as a bit, the columns taken, and the left and
/// right diagonals shifted down to that row.
fn placed(prefix: &[u8]) -> ([u64; 64], u64, u64, u64) {
    let mut bits = [0u64; 64];
    let (mut taken, mut ld, mut rd) = (0u64, 0u64, 0u64);
    for (row, &col) in prefix.iter().enumerate() {
        let bit = 1u64 << col;
        bits[row] = bit;
        taken |= bit;
        ld = (ld | bit) << 1;
        rd = (rd | bit) >> 1;
    }
    (bits, taken, ld, rd)
}

/// The squares of row `row` attacked by the queens of `prefix` (rows above
/// it), and the columns they take.
fn attacks(n: usize, prefix: &[u8], row: usize) -> (u64, u64) {
    let mut taken = 0;
    let mut attacked = 0;
    for (r, &col) in prefix.iter().enumerate() {
        let col = usize::from(col);
        let distance = row - r;
        taken |= 1 << col;
        if col + distance < n {
            attacked |= 1 << (col + distance);
        }
        if col >= distance {
            attacked |= 1 << (col - distance);
        }
    }
    (taken, attacked)
}

/// The columns row `prefix.len()` may take after `prefix`, in the reduced
/// tree. This is the slow, plain statement of the rules: it builds the unit
/// list, and the tests hold the kernel to it.
pub(crate) fn candidates(n: usize, prefix: &[u8]) -> u64 {
    let row = prefix.len();
    if row >= n {
        return 0;
    }
    if row == 0 {
        return first_row(n);
    }
    let (taken, attacked) = attacks(n, prefix, row);
    match Rules::for_prefix(n, prefix) {
        Some(rules) => rules.allowed(row, taken, attacked),
        // The corner queen's partner in row 1: b1 in 2..=n-2.
        None => full_mask(n) & !0b11 & !(1 << (n - 1)) & !(taken | attacked),
    }
}

/// A complete placement's contribution, by the slow rules (see
/// [`candidates`]).
pub(crate) fn leaf(n: usize, cols: &[u8]) -> (u64, u64) {
    let rules = Rules::for_prefix(n, cols).expect("a complete placement decides its case");
    let mut bits = [0u64; 64];
    for (row, &col) in cols.iter().enumerate() {
        bits[row] = 1 << col;
    }
    rules.classify(&bits)
}

/// The representatives below `prefix` (a canonical prefix) with their class
/// sizes, by the slow rules, in lexicographic order.
pub(crate) fn representatives(n: usize, prefix: &[u8]) -> Vec<(Vec<u8>, usize)> {
    fn walk(n: usize, cols: &mut Vec<u8>, found: &mut Vec<(Vec<u8>, usize)>) {
        if cols.len() == n {
            let (total, unique) = leaf(n, cols);
            if unique == 1 {
                found.push((cols.clone(), total as usize));
            }
            return;
        }
        for col in bit_columns(candidates(n, cols)) {
            cols.push(col);
            walk(n, cols, found);
            cols.pop();
        }
    }
    let mut found = Vec::new();
    walk(n, &mut prefix.to_vec(), &mut found);
    found
}

/// The vector instructions that may count the last rows of a search: each
/// runs the same lane search on registers of a different width.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Isa {
    /// Sixteen 32-bit lanes a register, mask registers, compress and expand.
    Avx512,
    /// Eight 32-bit lanes a register; blends and a table for what AVX-512 has built in.
    Avx2,
    /// Four 32-bit lanes a register, the x86-64 baseline.
    Sse2,
}

impl Isa {
    /// Every instruction set, widest first.
    #[cfg(test)]
    pub(crate) const ALL: [Isa; 3] = [Isa::Avx512, Isa::Avx2, Isa::Sse2];

    /// Whether this processor has the instructions.
    pub(crate) fn detected(self) -> bool {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::is_x86_feature_detected as has;
            match self {
                Isa::Avx512 => has!("avx512f") && has!("avx512cd") && has!("popcnt"),
                Isa::Avx2 => has!("avx2") && has!("bmi1") && has!("bmi2") && has!("popcnt"),
                Isa::Sse2 => true,
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let _ = self;
            false
        }
    }
}

/// Counts the reduced tree below `prefix` (its rows placed, canonical so
/// far), checking `stop` before each child of `prefix`; `None` when it said
/// stop. Placements below the prefix count as nodes. With `isa` the last
/// rows run on vector lanes (when the processor has them), else the scalar
/// kernel counts all.
pub(crate) fn count_below(
    n: usize,
    prefix: &[u8],
    stop: &dyn Fn() -> bool,
    isa: Option<Isa>,
) -> Option<Tallies> {
    let row = prefix.len();
    if row == n {
        let (total, unique) = leaf(n, prefix);
        return Some(Tallies {
            total,
            unique,
            nodes: 0,
        });
    }
    let Some(rules) = Rules::for_prefix(n, prefix) else {
        // Row 0, or row 1 after a corner queen: the case is not known yet.
        let mut tallies = Tallies::default();
        let mut child = prefix.to_vec();
        for col in bit_columns(candidates(n, prefix)) {
            if stop() {
                return None;
            }
            child.push(col);
            tallies += count_below(n, &child, stop, isa)?;
            tallies.nodes += 1;
            child.pop();
        }
        return Some(tallies);
    };
    let (mut bits, taken, ld, rd) = placed(prefix);
    let mut tallies = Tallies::default();
    let mut lanes = match isa {
        Some(isa) if row + 1 < n => lanes::Engine::new(&rules, row + 1, isa),
        _ => None,
    };
    let mut avail = rules.allowed(row, taken, ld | rd);
    while avail != 0 {
        if stop() {
            return None;
        }
        let bit = avail & avail.wrapping_neg();
        avail ^= bit;
        bits[row] = bit;
        tallies.nodes += 1;
        let (child_taken, child_ld, child_rd) = (taken | bit, (ld | bit) << 1, (rd | bit) >> 1);
        if row + 1 == n {
            let (total, unique) = rules.classify(&bits);
            tallies.total += total;
            tallies.unique += unique;
        } else {
            let node = (child_taken, child_ld, child_rd);
            let mut below = Below {
                rules: &rules,
                lanes: &mut lanes,
                stop,
                tallies: &mut tallies,
            };
            below.count(row + 1, &mut bits, node)?;
        }
    }
    if let Some(lanes) = lanes {
        tallies += lanes.finish();
    }
    Some(tallies)
}

/// Subtrees with more rows left than this are split further before a
/// kernel takes them, reading the stop flag at each node on the way: a
/// subtree of 20 rows at n = 26 took 25 s, one of 18 takes about a quarter
/// of a second. No board up to 24 with its default split reaches it.
const MOST_ROWS_PER_KERNEL_CALL: usize = 18;

/// Counts subtrees below a unit's children into `tallies`.
struct Below<'a, 'r> {
    rules: &'r Rules,
    lanes: &'a mut Option<lanes::Engine<'r>>,
    stop: &'a dyn Fn() -> bool,
    tallies: &'a mut Tallies,
}

impl Below<'_, '_> {
    /// Adds the subtree below a node whose rows `..row` are placed
    /// (`row < n`); `None` when stopped.
    fn count(
        &mut self,
        row: usize,
        bits: &mut [u64; 64],
        (taken, ld, rd): (u64, u64, u64),
    ) -> Option<()> {
        let rules = self.rules;
        if rules.n - row > MOST_ROWS_PER_KERNEL_CALL {
            let mut avail = rules.allowed(row, taken, ld | rd);
            while avail != 0 {
                if (self.stop)() {
                    return None;
                }
                let bit = avail & avail.wrapping_neg();
                avail ^= bit;
                bits[row] = bit;
                self.tallies.nodes += 1;
                self.count(
                    row + 1,
                    bits,
                    (taken | bit, (ld | bit) << 1, (rd | bit) >> 1),
                )?;
            }
            return Some(());
        }
        match self.lanes {
            Some(lanes) => lanes.search(row, bits, taken, ld, rd),
            None => *self.tallies += kernel::search(rules, row, bits, taken, ld, rd),
        }
        Some(())
    }
}

/// The columns of a mask, lowest first, as `u8`.
fn bit_columns(mut mask: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let col = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            col
        })
    })
}

/// The reduced tree's canonical prefixes of length `depth` (at most `n`), in
/// lexicographic order, flattened; `None` when there are more than `limit`.
pub(crate) fn prefixes(n: usize, depth: usize, limit: usize) -> Option<Vec<u8>> {
    fn walk(n: usize, depth: usize, limit: usize, prefix: &mut Vec<u8>, out: &mut Vec<u8>) -> bool {
        if prefix.len() == depth {
            if out.len() / depth.max(1) >= limit {
                return false;
            }
            out.extend_from_slice(prefix);
            return true;
        }
        for col in bit_columns(candidates(n, prefix)) {
            prefix.push(col);
            let fits = walk(n, depth, limit, prefix, out);
            prefix.pop();
            if !fits {
                return false;
            }
        }
        true
    }
    let depth = depth.min(n);
    let mut out = Vec::new();
    if depth == 0 {
        return Some(out);
    }
    walk(n, depth, limit, &mut Vec::with_capacity(depth), &mut out).then_some(out)
}

#[cfg(target_arch = "x86_64")]
mod lanes;

/// Elsewhere there are no vector lanes: the scalar kernel counts alone.
#[cfg(not(target_arch = "x86_64"))]
mod lanes {
    use super::{Isa, Rules, Tallies};

    pub(crate) enum Engine {}

    impl Engine {
        pub(crate) fn new(_: &Rules, _: usize, _: Isa) -> Option<Engine> {
            None
        }

        pub(crate) fn search(&mut self, _: usize, _: &mut [u64; 64], _: u64, _: u64, _: u64) {
            match *self {}
        }

        pub(crate) fn finish(self) -> Tallies {
            match self {}
        }
    }
}

/// Takes a node where the vector lanes start: the rows' bits, the columns
/// and both diagonals.
type OnJob<'a> = dyn FnMut(&[u64; 64], u64, u64, u64) + 'a;

/// The hot loop: an explicit-stack depth-first search over bitboards.
mod kernel {
    use super::{Case, OnJob, Rules, SYMMETRIES, Tallies, edge_index};

    /// Counts below a node whose rows `..start` are placed (`bits`, and the
    /// columns and diagonals they take), `start ≤ n - 1`.
    pub(super) fn search(
        rules: &Rules,
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
    /// placements of the slow rules ([`candidates`](super::candidates)).
    #[inline(always)]
    fn fast<const EDGE: bool>(
        rules: &Rules,
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
        // The closing row's rule (see `Rules::edge_rule`) as a mask of the
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
        rules: &Rules,
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
        rules: &Rules,
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::queens::{Board, Solution};

    /// Every complete placement of the reduced tree, by the slow rules.
    fn reduced_leaves(n: usize) -> Vec<Vec<u8>> {
        prefixes(n, n, usize::MAX)
            .unwrap()
            .chunks(n)
            .map(<[u8]>::to_vec)
            .collect()
    }

    #[test]
    fn the_slow_rules_find_exactly_the_fundamental_solutions() {
        for n in 1..=10 {
            let expected: Vec<(Vec<u8>, usize)> = Board::new(n)
                .unwrap()
                .fundamental_solutions()
                .map(|f| {
                    let cols = f.solution.cols().iter().map(|&c| c as u8).collect();
                    (cols, f.class_size)
                })
                .collect();
            let found: Vec<(Vec<u8>, usize)> = reduced_leaves(n)
                .into_iter()
                .filter_map(|cols| {
                    let (total, unique) = leaf(n, &cols);
                    (unique == 1).then_some((cols, total as usize))
                })
                .collect();
            assert_eq!(found, expected, "n = {n}");
        }
    }

    #[test]
    fn leaves_that_are_not_representatives_weigh_nothing() {
        for n in 4..=11 {
            for cols in reduced_leaves(n) {
                let solution =
                    Solution::new(cols.iter().map(|&c| usize::from(c)).collect()).unwrap();
                let (total, unique) = leaf(n, &cols);
                if solution.is_canonical() {
                    assert_eq!(
                        (total, unique),
                        (solution.class_size() as u64, 1),
                        "{solution}"
                    );
                } else {
                    assert_eq!((total, unique), (0, 0), "{solution}");
                }
            }
        }
    }

    /// The instruction sets this processor has, saying which it skips (so
    /// that a run on a machine without them shows it).
    fn isas() -> Vec<Isa> {
        Isa::ALL
            .into_iter()
            .filter(|isa| {
                let has = isa.detected();
                if !has {
                    eprintln!("note: this processor lacks {isa:?}; its lanes are not tested here");
                }
                has
            })
            .collect()
    }

    /// The units of `n` split after `depth` rows (the whole search for 0).
    fn units(n: usize, depth: usize) -> Vec<Vec<u8>> {
        if depth == 0 {
            return vec![Vec::new()];
        }
        let flat = prefixes(n, depth, usize::MAX).unwrap();
        flat.chunks(depth).map(<[u8]>::to_vec).collect()
    }

    #[test]
    fn the_kernel_agrees_with_the_slow_rules_at_every_depth() {
        let never = || false;
        for n in 1..=11 {
            let slow: Vec<Vec<u8>> = reduced_leaves(n);
            let (slow_total, slow_unique) = slow
                .iter()
                .map(|cols| leaf(n, cols))
                .fold((0, 0), |(t, u), (a, b)| (t + a, u + b));
            // The slow tree's nodes by depth: its canonical prefixes.
            let nodes_at: Vec<u64> = (0..=n).map(|d| units(n, d).len() as u64).collect();
            for depth in 0..=n {
                let mut sum = Tallies::default();
                for unit in units(n, depth) {
                    sum += count_below(n, &unit, &never, None).unwrap();
                }
                assert_eq!(
                    (sum.total, sum.unique),
                    (slow_total, slow_unique),
                    "n = {n}, depth = {depth}"
                );
                // The scalar kernel makes exactly the slow tree's placements.
                let below: u64 = nodes_at[depth + 1..].iter().sum();
                assert_eq!(sum.nodes, below, "n = {n}, depth = {depth}");
            }
        }
    }
    /// Every node the kernel may start from: each unit's children, for a
    /// few split depths.
    fn kernel_starts(n: usize) -> Vec<(Rules, usize, [u64; 64], u64, u64, u64)> {
        let mut starts = Vec::new();
        for depth in 1..=4.min(n - 2) {
            let flat = prefixes(n, depth, usize::MAX).unwrap();
            for prefix in flat.chunks(depth) {
                let Some(rules) = Rules::for_prefix(n, prefix) else {
                    continue;
                };
                let (bits, taken, ld, rd) = placed(prefix);
                starts.push((rules, depth, bits, taken, ld, rd));
            }
        }
        starts
    }

    #[test]
    fn the_vector_lanes_agree_with_the_scalar_kernel() {
        let isas = isas();
        for n in 6..=14 {
            let mut compared = vec![0; isas.len()];
            for (rules, start, bits, taken, ld, rd) in kernel_starts(n) {
                let scalar = kernel::search(&rules, start, &mut bits.clone(), taken, ld, rd);
                for (isa, compared) in isas.iter().zip(&mut compared) {
                    let Some(mut engine) = lanes::Engine::new(&rules, start, *isa) else {
                        continue;
                    };
                    engine.search(start, &mut bits.clone(), taken, ld, rd);
                    let vector = engine.finish();
                    assert_eq!(
                        (vector.total, vector.unique),
                        (scalar.total, scalar.unique),
                        "n = {n}, start {start}, rules {rules:?}, {isa:?}"
                    );
                    assert_eq!(
                        vector.nodes,
                        scalar.nodes,
                        "n = {n}, start {start}, prefix {:?}, {isa:?}",
                        &bits[..start]
                    );
                    *compared += 1;
                }
            }
            for (isa, compared) in isas.iter().zip(compared) {
                assert!(compared > 0, "n = {n}: the {isa:?} lanes never ran");
            }
        }
    }

    #[test]
    fn every_lane_kernel_takes_every_rule_of_the_reduction() {
        // The lanes' first row for each size, and every unit above it.
        for n in 6..=32usize {
            let t = n - n.div_ceil(2).min(8);
            // Past 24 columns the units multiply: their first thousand do.
            let units = |n, depth| -> Vec<Vec<u8>> {
                let mut all = units(n, depth);
                all.truncate(1000);
                all
            };
            for depth in 1..=3.min(t) {
                for unit in units(n, depth) {
                    let Some(rules) = Rules::for_prefix(n, &unit) else {
                        continue;
                    };
                    for isa in isas() {
                        assert!(
                            lanes::Engine::new(&rules, depth, isa).is_some(),
                            "n = {n}, unit {unit:?}, {isa:?}"
                        );
                    }
                }
            }
        }
    }

    /// Up to `limit` canonical prefixes of length `depth`, the first in
    /// lexicographic order after skipping `skip` of them.
    fn some_prefixes(n: usize, depth: usize, skip: usize, limit: usize) -> Vec<Vec<u8>> {
        fn walk(
            n: usize,
            depth: usize,
            prefix: &mut Vec<u8>,
            seen: &mut usize,
            skip: usize,
            out: &mut Vec<Vec<u8>>,
            limit: usize,
        ) {
            if out.len() == limit {
                return;
            }
            if prefix.len() == depth {
                *seen += 1;
                if *seen > skip {
                    out.push(prefix.clone());
                }
                return;
            }
            for col in bit_columns(candidates(n, prefix)) {
                prefix.push(col);
                walk(n, depth, prefix, seen, skip, out, limit);
                prefix.pop();
            }
        }
        let mut out = Vec::new();
        walk(n, depth, &mut Vec::new(), &mut 0, skip, &mut out, limit);
        out
    }

    #[test]
    fn the_lanes_hold_the_largest_boards_they_take() {
        let never = || false;
        let isas = isas();
        for n in 18..=27 {
            let t = n - 8;
            let mut found = 0;
            // Prefixes of complete placements, so that some leaves lie below.
            let leaves = some_prefixes(n, n, 40, 6);
            assert_eq!(leaves.len(), 6, "n = {n}");
            for depth in [t - 2, t] {
                for leaf in &leaves {
                    let prefix = &leaf[..depth];
                    let scalar = count_below(n, prefix, &never, None).unwrap();
                    for &isa in &isas {
                        let vector = count_below(n, prefix, &never, Some(isa)).unwrap();
                        assert_eq!(
                            (scalar.total, scalar.unique),
                            (vector.total, vector.unique),
                            "n = {n}, prefix {prefix:?}, {isa:?}"
                        );
                    }
                    found += scalar.total;
                }
            }
            assert!(found > 0, "n = {n}: no solution below the sampled prefixes");
        }
    }

    #[test]
    fn every_kernel_counts_every_unit_alike() {
        let never = || false;
        let isas = isas();
        for n in 6..=13 {
            for depth in 0..=3 {
                for unit in units(n, depth) {
                    let scalar = count_below(n, &unit, &never, None).unwrap();
                    for &isa in &isas {
                        let vector = count_below(n, &unit, &never, Some(isa)).unwrap();
                        assert_eq!(
                            (scalar.total, scalar.unique),
                            (vector.total, vector.unique),
                            "n = {n}, unit {unit:?}, {isa:?}"
                        );
                        assert_eq!(scalar.nodes, vector.nodes, "n = {n}, unit {unit:?}");
                    }
                }
            }
        }
    }

    /// `count` canonical prefixes of `depth` rows drawn by seeded random
    /// descents through the reduced tree (a dead end starts over).
    fn random_prefixes(n: usize, depth: usize, count: usize, seed: u64) -> Vec<Vec<u8>> {
        let mut state = seed;
        let mut random = move || {
            // SplitMix64.
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        let mut found = Vec::new();
        while found.len() < count {
            let mut prefix = Vec::new();
            while prefix.len() < depth {
                let columns: Vec<u8> = bit_columns(candidates(n, &prefix)).collect();
                if columns.is_empty() {
                    break;
                }
                prefix.push(columns[(random() % columns.len() as u64) as usize]);
            }
            if prefix.len() == depth {
                found.push(prefix);
            }
        }
        found
    }

    #[test]
    fn the_lanes_count_sampled_subtrees_of_wide_boards_as_the_scalar_kernel() {
        let never = || false;
        let isas = isas();
        for n in 25..=32 {
            let mut solutions = 0;
            let mut nodes = 0;
            // Deep enough to run in moments, shallow enough to find leaves.
            for prefix in random_prefixes(n, n - 12, 24, n as u64) {
                let scalar = count_below(n, &prefix, &never, None).unwrap();
                for &isa in &isas {
                    let vector = count_below(n, &prefix, &never, Some(isa)).unwrap();
                    assert_eq!(
                        (scalar.total, scalar.unique),
                        (vector.total, vector.unique),
                        "n = {n}, prefix {prefix:?}, {isa:?}"
                    );
                    assert_eq!(vector.nodes, scalar.nodes, "n = {n}, {isa:?}");
                }
                solutions += scalar.total;
                nodes += scalar.nodes;
            }
            assert!(
                solutions > 0,
                "n = {n}: no solution below the sample ({nodes} nodes)"
            );
        }
    }

    #[test]
    fn a_stop_request_abandons_the_unit() {
        assert_eq!(count_below(8, &[], &|| true, None), None);
        for isa in isas() {
            assert_eq!(count_below(8, &[], &|| true, Some(isa)), None);
        }
    }

    /// A node as the lanes take it: its rows' bits, columns and diagonals.
    type Job = ([u64; 64], u64, u64, u64);

    /// Every node of row `t = n - 8` below `prefix`.
    fn jobs_below(n: usize, prefix: &[u8]) -> (Rules, Vec<Job>) {
        let rules = Rules::for_prefix(n, prefix).unwrap();
        let (mut bits, taken, ld, rd) = placed(prefix);
        let mut jobs = Vec::new();
        let mut on_job =
            |bits: &[u64; 64], taken: u64, ld: u64, rd: u64| jobs.push((*bits, taken, ld, rd));
        kernel::produce(
            &rules,
            n - 8,
            prefix.len(),
            &mut bits,
            taken,
            ld,
            rd,
            &mut on_job,
        );
        (rules, jobs)
    }

    #[test]
    fn the_lanes_restore_the_left_diagonal_of_wide_boards() {
        // On these, the narrow lanes once lost the left diagonal's high
        // bits when climbing back (a job of each found two leaves too many).
        let isas = isas();
        for (n, prefix) in [
            (19, &[0u8, 2, 4, 1, 7, 10][..]),
            (20, &[0, 2, 4, 1, 7, 10, 14, 16, 18, 15][..]),
        ] {
            let (rules, jobs) = jobs_below(n, prefix);
            let t = n - 8;
            assert!(!jobs.is_empty());
            for (bits, taken, ld, rd) in jobs {
                let scalar = kernel::search(&rules, t, &mut bits.clone(), taken, ld, rd);
                for &isa in &isas {
                    let mut engine = lanes::Engine::new(&rules, t, isa).unwrap();
                    engine.search(t, &mut bits.clone(), taken, ld, rd);
                    let vector = engine.finish();
                    assert_eq!(
                        (vector.total, vector.unique),
                        (scalar.total, scalar.unique),
                        "n = {n}, taken {taken:#x}, ld {ld:#x}, rd {rd:#x}, {isa:?}"
                    );
                }
            }
        }
    }
}
