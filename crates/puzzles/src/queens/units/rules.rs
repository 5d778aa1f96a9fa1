//! The reduced tree's rules: which columns each row may take so that only
//! representatives are reached, and what each leaf counts. Stated once
//! plainly ([`candidates`], [`leaf`]) and once compiled to per-row masks
//! ([`Reduction`]) for the kernels.

/// Distinct symmetries of an `n`×`n` board, `n ≥ 2`: only rotations can fix a
/// solution, so a class has 2, 4 or 8 members.
pub(super) const SYMMETRIES: u64 = 8;

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
pub(super) enum Case {
    /// `n = 1`: one square, fixed by every symmetry.
    Single,
    /// A queen on `(0, 0)` and the row-1 queen in column `b1`.
    Corner { b1: usize },
    /// No corner queen; the row-0 queen in column `b`.
    Edge { b: usize },
}

/// The columns row 0 may take: the corner, and every `b` with
/// `1 ≤ b < n - 1 - b`.
pub(super) fn first_row(n: usize) -> u64 {
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
pub(crate) struct Reduction {
    pub(super) n: usize,
    pub(super) full: u64,
    pub(super) case: Case,
    /// Squares a row may not take because of the reduction (not attacks).
    pub(super) block: [u64; 64],
    /// Per row, indexed by which edge columns are taken (bit 0: column 0,
    /// bit 1: column `n - 1`), the columns the row may take.
    pub(super) edge_rule: [[u64; 4]; 64],
    /// The row that must leave both edge columns taken (`Edge` only).
    pub(super) closing: Option<usize>,
}

impl Reduction {
    /// The rules once `prefix` decides the case; `None` while it does not
    /// (an empty prefix, or a corner queen without the row-1 queen).
    pub(super) fn for_prefix(n: usize, prefix: &[u8]) -> Option<Reduction> {
        let full = full_mask(n);
        let mut rules = Reduction {
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
    pub(super) fn allowed(&self, row: usize, taken: u64, attacked: u64) -> u64 {
        self.full
            & !(taken | attacked | self.block[row])
            & self.edge_rule[row][edge_index(taken, self.n)]
    }

    /// A complete placement's contribution: its class size and 1 when it is
    /// its class's representative, `(0, 0)` otherwise. `bits[row]` is the
    /// queen of each row as a one-bit mask.
    pub(super) fn classify(&self, bits: &[u64; 64]) -> (u64, u64) {
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
pub(super) fn full_mask(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1 << n) - 1 }
}

/// Which edge columns `taken` holds: bit 0 column 0, bit 1 column `n - 1`.
#[inline(always)]
pub(super) fn edge_index(taken: u64, n: usize) -> usize {
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
pub(super) fn placed(prefix: &[u8]) -> ([u64; 64], u64, u64, u64) {
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
    match Reduction::for_prefix(n, prefix) {
        Some(rules) => rules.allowed(row, taken, attacked),
        // The corner queen's partner in row 1: b1 in 2..=n-2.
        None => full_mask(n) & !0b11 & !(1 << (n - 1)) & !(taken | attacked),
    }
}

/// A complete placement's contribution, by the slow rules (see
/// [`candidates`]).
pub(crate) fn leaf(n: usize, cols: &[u8]) -> (u64, u64) {
    let rules = Reduction::for_prefix(n, cols).expect("a complete placement decides its case");
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

/// The columns of a mask, lowest first, as `u8`.
pub(super) fn bit_columns(mut mask: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let col = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            col
        })
    })
}
