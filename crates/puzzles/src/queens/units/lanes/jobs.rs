//! What the lanes work on: the jobs (nodes handed over by the scalar
//! kernel), the tail of rows they search with its blocked squares, and the
//! tied leaves set aside for the scalar classification.

use super::super::rules::{Reduction, Tallies};

/// Rows the lanes search at most.
pub(super) const MAX_ROWS: usize = 8;

/// The largest board the 32-bit lanes hold: one bit per column.
pub(super) const MAX_N: usize = 32;

/// Whether the left diagonal needs its fallen bits kept, on a board of `n`
/// columns searched `k` rows deep.
///
/// A lane restores its parent's left diagonal by shifting the child's back
/// down, so a bit the child's shift pushed out of the 32-bit lane is gone
/// unless kept, and with each further climb the hole moves down a column.
/// The deepest stored row is `k - 2` (the penultimate row does not
/// descend), so the hole reaches bit `34 - k` at the lanes' first row; it
/// does no harm above the board: `n + k ≤ 34` (boards up to 26 columns with
/// eight rows) needs nothing kept.
pub(super) fn ld_spills(n: usize, k: usize) -> bool {
    n + k > 34
}

/// How far up a lane's board sits in its 32 bits on a board of `n`
/// columns searched `k` rows deep: `k - 2` where that leaves room above
/// the board, else 0. The right diagonal shifts down at most `k - 2` times
/// between the rows a lane climbs back to, so with the board that high no
/// bit of it falls out of the lane, and no fallen bits are kept for it.
pub(super) fn board_offset(n: usize, k: usize) -> u32 {
    if n + k - 2 <= MAX_N {
        (k - 2) as u32
    } else {
        0
    }
}

/// Jobs gathered before the lanes run them.
pub(super) const BATCH: usize = 16384;

/// Lanes in the widest kernel's step (two AVX-512 registers); every job
/// array ends with this many zeros so that any kernel may load a step's
/// worth at any job.
pub(super) const LANES: usize = 32;

/// Where row `n - 1 - b`'s queen is when a leaf of the `Edge` case is
/// checked for ties.
#[derive(Clone, Copy, Debug)]
pub(super) enum TieRow {
    /// Above the lanes' rows: the job's early tie flag covers it.
    Above,
    /// In the path, this many bits up.
    InPath(u32),
    /// The penultimate row: the bit being placed.
    Placing,
}

/// Which part of a count the lanes take, and the rules they apply there.
#[derive(Clone, Debug)]
pub(super) struct Tail {
    /// The first row the lanes search.
    pub(super) t: usize,
    /// How many rows: `t + k = n`.
    pub(super) k: usize,
    /// For the `Edge` case: `b`, and where row `n - 1 - b` is.
    pub(super) ties: Option<(usize, TieRow)>,
    /// The reduction's blocked squares of rows `t..n`, as runs of depths,
    /// shifted up by `offset`.
    pub(super) runs: Runs,
    /// Column `c` is bit `c + offset` of a lane ([`board_offset`]).
    pub(super) offset: u32,
    /// The closing row's depth (`Edge`), when it is one of the lanes' rows.
    pub(super) closing: Option<usize>,
}

/// The blocked squares by depth as at most three runs: `head` for depths
/// below `head_len`, `tail` from depth `tail_from` on, and `last` on the last
/// row. Every rule of the reduction takes this shape in the lanes' rows: the
/// corner case blocks column 1 down to a row, the edge case both edge
/// columns below the closing row and the corners' neighbourhoods in the last
/// row.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Runs {
    pub(super) head_len: u32,
    pub(super) head: u32,
    pub(super) tail_from: u32,
    pub(super) tail: u32,
    pub(super) last: u32,
}

impl Runs {
    pub(super) fn block(&self, depth: usize, k: usize) -> u32 {
        let depth = depth as u32;
        let mut block = 0;
        if depth < self.head_len {
            block |= self.head;
        }
        if depth >= self.tail_from {
            block |= self.tail;
        }
        if depth + 1 == k as u32 {
            block |= self.last;
        }
        block
    }

    /// The runs that give `blocks[..k]`, if there are.
    pub(super) fn find(blocks: &[u32], k: usize) -> Option<Runs> {
        let body = k.checked_sub(1)?;
        let head = blocks[0];
        let tail = if body > 0 { blocks[body - 1] } else { 0 };
        (0..=body as u32)
            .flat_map(|head_len| (0..=body as u32).map(move |tail_from| (head_len, tail_from)))
            .map(|(head_len, tail_from)| Runs {
                head_len,
                head,
                tail_from,
                tail,
                last: blocks[body],
            })
            .find(|runs| (0..k).all(|depth| runs.block(depth, k) == blocks[depth]))
    }
}

/// Nodes at row `t` waiting for a lane: their columns (the columns beyond
/// the board counted as taken, so that no mask of the board is needed),
/// diagonals (the right one shifted up), their number with the top bit set
/// when their first rows already tie (`Edge`), and those rows' columns to
/// rebuild a tied leaf.
pub(super) struct Jobs {
    pub(super) cols: Vec<u32>,
    pub(super) lds: Vec<u32>,
    pub(super) rds: Vec<u32>,
    pub(super) ids: Vec<u32>,
    pub(super) prefixes: Vec<u8>,
}

/// The top bit of a job's number: its first rows already tie.
pub(super) const EARLY_TIE: u32 = 1 << 31;

thread_local! {
    /// A thread's job arrays between engines: a unit of a small board
    /// holds few jobs, and allocating a quarter megabyte for each (and
    /// handing it back to the system) cost 5% of a count of N = 16.
    static SPARE_JOBS: std::cell::Cell<Option<Jobs>> = const { std::cell::Cell::new(None) };
}

impl Jobs {
    pub(super) fn empty() -> Jobs {
        Jobs {
            cols: Vec::new(),
            lds: Vec::new(),
            rds: Vec::new(),
            ids: Vec::new(),
            prefixes: Vec::new(),
        }
    }

    /// Empty arrays with room for a batch: this thread's spare ones, or new.
    pub(super) fn take() -> Jobs {
        SPARE_JOBS
            .with(|spare| spare.take())
            .unwrap_or_else(|| Jobs {
                cols: Vec::with_capacity(BATCH + LANES),
                lds: Vec::with_capacity(BATCH + LANES),
                rds: Vec::with_capacity(BATCH + LANES),
                ids: Vec::with_capacity(BATCH + LANES),
                prefixes: Vec::new(),
            })
    }

    /// Keeps `jobs`' arrays, emptied, for this thread's next engine.
    pub(super) fn give_back(mut jobs: Jobs) {
        if jobs.cols.capacity() < BATCH + LANES {
            return;
        }
        for column in [&mut jobs.cols, &mut jobs.lds, &mut jobs.rds, &mut jobs.ids] {
            column.clear();
        }
        jobs.prefixes.clear();
        SPARE_JOBS.with(|spare| spare.set(Some(jobs)));
    }
}

/// The lanes' tie checks: none (`Corner`), or an `Edge` case with row
/// `n - 1 - b` above the lanes, in the path, or the penultimate row.
pub(super) const NO_TIES: u8 = 0;
pub(super) const TIES_ABOVE: u8 = 1;
pub(super) const TIES_IN_PATH: u8 = 2;
pub(super) const TIES_PLACING: u8 = 3;

/// Tied leaves waiting for the scalar classification: for each, its job,
/// path, penultimate row's bit and last row's bit.
pub(super) struct Pending {
    pub(super) len: usize,
    pub(super) job: [u32; Pending::CAPACITY],
    pub(super) path: [u32; Pending::CAPACITY],
    pub(super) bit: [u32; Pending::CAPACITY],
    pub(super) last: [u32; Pending::CAPACITY],
}

impl Pending {
    pub(super) const CAPACITY: usize = 256;

    pub(super) fn new() -> Pending {
        Pending {
            len: 0,
            job: [0; Pending::CAPACITY],
            path: [0; Pending::CAPACITY],
            bit: [0; Pending::CAPACITY],
            last: [0; Pending::CAPACITY],
        }
    }

    /// Appends one leaf.
    pub(super) fn push_one(&mut self, job: u32, path: u32, bit: u32, last: u32) {
        let at = self.len;
        self.job[at] = job;
        self.path[at] = path;
        self.bit[at] = bit;
        self.last[at] = last;
        self.len += 1;
    }

    /// Classifies and forgets the pending leaves, their placements rebuilt
    /// from the jobs' prefixes and the paths.
    #[cold]
    #[inline(never)]
    pub(super) fn classify(&mut self, rules: &Reduction, tail: &Tail, jobs: &Jobs) -> Tallies {
        let n = rules.n;
        let (t, k, offset) = (tail.t, tail.k, tail.offset);
        let mut tallies = Tallies::default();
        for leaf in 0..self.len {
            let mut bits = [0u64; 64];
            let id = (self.job[leaf] & !EARLY_TIE) as usize;
            for (row, &col) in jobs.prefixes[id * t..(id + 1) * t].iter().enumerate() {
                bits[row] = 1 << col;
            }
            let path = self.path[leaf];
            for depth in 0..k - 2 {
                bits[t + depth] = 1 << (((path >> (5 * (k - 3 - depth))) & 31) - offset);
            }
            bits[n - 2] = u64::from(self.bit[leaf] >> offset);
            bits[n - 1] = u64::from(self.last[leaf] >> offset);
            let (total, unique) = rules.classify(&bits);
            tallies.total += total;
            tallies.unique += unique;
        }
        self.len = 0;
        tallies
    }
}
