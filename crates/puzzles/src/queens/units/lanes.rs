//! Many subtrees at once: the last rows of the search on vector lanes.
//!
//! The scalar search spends most of its time recovering from mispredicted
//! branches: whether a row has a column left is a coin toss at every node.
//! Here the scalar kernel walks down to row `t = n - k` and hands each node
//! there (a *job*) to one of thirty-two (AVX-512), sixteen (AVX2) or eight
//! (SSE2) 32-bit lanes, in pairs of registers; every lane runs its own depth-first search
//! over the last `k ≤ 8` rows, and one step of the loop moves every lane
//! on, with masks instead of branches. The search itself is in
//! [`search`], generic over the instruction set, and each instruction set
//! has a file: [`sse2`], [`avx2`], [`avx512`].
//!
//! A lane keeps no stack of boards. The parent row's columns and diagonals
//! come back from the child's by undoing the placed bit and shifting back;
//! what a shift pushed out of the 32-bit lane is kept one bit per row in a
//! *fallen* register (a stack of bits): the right diagonal's bit below
//! column 0 on boards too wide to sit `k - 2` bits up in the lane (over 26
//! columns, [`board_offset`]; a board that high loses none), and the left
//! diagonal's bit above column 31 on boards where that bit can come back
//! onto the board ([`ld_spills`]). The
//! placed bit comes from a path register holding the column of each row in
//! five bits, and the parent's columns left to try are its free columns
//! above that bit (the search takes them lowest first).
//!
//! The reduction's rules come along as runs of blocked squares by depth
//! ([`Runs`]; the closing row's edge rule in its plain form, no edge column
//! below the closing row), and a leaf that may tie with another image is set
//! aside, its placement rebuilt later from the job's stored prefix and the
//! lane's path, for the scalar classification. Boards up to 32 columns fit
//! these lanes; beyond, the scalar kernel counts alone.

use super::isa::Isa;
use super::kernel;
use super::rules::{Case, Rules, Tallies};

mod avx2;
mod avx512;
mod search;
mod sse2;

/// Rows the lanes search at most.
const MAX_ROWS: usize = 8;

/// The largest board the 32-bit lanes hold: one bit per column.
const MAX_N: usize = 32;

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
fn ld_spills(n: usize, k: usize) -> bool {
    n + k > 34
}

/// How far up a lane's board sits in its 32 bits on a board of `n`
/// columns searched `k` rows deep: `k - 2` where that leaves room above
/// the board, else 0. The right diagonal shifts down at most `k - 2` times
/// between the rows a lane climbs back to, so with the board that high no
/// bit of it falls out of the lane, and no fallen bits are kept for it.
fn board_offset(n: usize, k: usize) -> u32 {
    if n + k - 2 <= MAX_N {
        (k - 2) as u32
    } else {
        0
    }
}

/// Jobs gathered before the lanes run them.
const BATCH: usize = 16384;

/// Lanes in the widest kernel's step (two AVX-512 registers); every job
/// array ends with this many zeros so that any kernel may load a step's
/// worth at any job.
const LANES: usize = 32;

/// Where row `n - 1 - b`'s queen is when a leaf of the `Edge` case is
/// checked for ties.
#[derive(Clone, Copy, Debug)]
enum TieRow {
    /// Above the lanes' rows: the job's early tie flag covers it.
    Above,
    /// In the path, this many bits up.
    InPath(u32),
    /// The penultimate row: the bit being placed.
    Placing,
}

/// Which part of a count the lanes take, and the rules they apply there.
#[derive(Clone, Debug)]
struct Tail {
    /// The first row the lanes search.
    t: usize,
    /// How many rows: `t + k = n`.
    k: usize,
    /// For the `Edge` case: `b`, and where row `n - 1 - b` is.
    ties: Option<(usize, TieRow)>,
    /// The reduction's blocked squares of rows `t..n`, as runs of depths,
    /// shifted up by `offset`.
    runs: Runs,
    /// Column `c` is bit `c + offset` of a lane ([`board_offset`]).
    offset: u32,
    /// The closing row's depth (`Edge`), when it is one of the lanes' rows.
    closing: Option<usize>,
}

/// The blocked squares by depth as at most three runs: `head` for depths
/// below `head_len`, `tail` from depth `tail_from` on, and `last` on the last
/// row. Every rule of the reduction takes this shape in the lanes' rows: the
/// corner case blocks column 1 down to a row, the edge case both edge
/// columns below the closing row and the corners' neighbourhoods in the last
/// row.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Runs {
    head_len: u32,
    head: u32,
    tail_from: u32,
    tail: u32,
    last: u32,
}

impl Runs {
    fn block(&self, depth: usize, k: usize) -> u32 {
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
    fn find(blocks: &[u32], k: usize) -> Option<Runs> {
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
struct Jobs {
    cols: Vec<u32>,
    lds: Vec<u32>,
    rds: Vec<u32>,
    ids: Vec<u32>,
    prefixes: Vec<u8>,
}

/// The top bit of a job's number: its first rows already tie.
const EARLY_TIE: u32 = 1 << 31;

/// Counts the subtrees below many nodes, the last rows on vector lanes.
pub(crate) struct Engine<'r> {
    rules: &'r Rules,
    isa: Isa,
    tail: Tail,
    jobs: Jobs,
    tallies: Tallies,
}

impl<'r> Engine<'r> {
    /// An engine for searches starting at row `start` or above it on
    /// `isa`'s lanes, or `None` when the scalar kernel should do it all
    /// (boards under 6 or over [`MAX_N`] columns, a start below the lanes'
    /// first row, a processor without `isa`).
    pub(crate) fn new(rules: &'r Rules, start: usize, isa: Isa) -> Option<Engine<'r>> {
        let n = rules.n;
        if !(6..=MAX_N).contains(&n) || !isa.detected() {
            return None;
        }
        // k ≤ (n + 1) / 2 keeps t above every b, so rows 0..=b stay scalar.
        let k = MAX_ROWS.min(n.div_ceil(2));
        let t = n - k;
        if start > t {
            return None;
        }
        let mut blocks = [0u32; MAX_ROWS];
        for (depth, block) in blocks[..k].iter_mut().enumerate() {
            *block = rules.block[t + depth] as u32;
        }
        // The closing row's rule only prunes early what the rows below it
        // would refuse anyway (every column is used once, so "both edge
        // columns taken by the closing row" is "no edge column below it").
        let edges = 1u32 | 1 << (n - 1);
        if let Some(closing) = rules.closing {
            for row in (closing + 1).max(t)..n {
                blocks[row - t] |= edges;
            }
        }
        let ties = match rules.case {
            Case::Edge { b } => Some((
                b,
                match (n - 1 - b).checked_sub(t) {
                    None => TieRow::Above,
                    Some(depth) if depth == k - 2 => TieRow::Placing,
                    Some(depth) => TieRow::InPath(5 * (k - 3 - depth) as u32),
                },
            )),
            Case::Corner { .. } | Case::Single => None,
        };
        // The lanes find a depth's blocked squares from these runs; a rule
        // they cannot express (none of the reduction's) would leave the
        // count to the scalar kernel.
        let runs = Runs::find(&blocks, k).filter(|runs| match rules.case {
            Case::Corner { .. } | Case::Single => runs.tail == 0 && runs.last == 0,
            Case::Edge { .. } => runs.head_len == 0,
        })?;
        let offset = board_offset(n, k);
        let runs = Runs {
            head: runs.head << offset,
            tail: runs.tail << offset,
            last: runs.last << offset,
            ..runs
        };
        Some(Engine {
            rules,
            isa,
            tail: Tail {
                t,
                k,
                ties,
                runs,
                offset,
                closing: rules.closing.and_then(|closing| closing.checked_sub(t)),
            },
            jobs: Jobs::take(),
            tallies: Tallies::default(),
        })
    }

    /// Adds the subtree below a node whose rows `..start` are placed
    /// (`start` no deeper than the engine was made for).
    pub(crate) fn search(
        &mut self,
        start: usize,
        bits: &mut [u64; 64],
        taken: u64,
        ld: u64,
        rd: u64,
    ) {
        let t = self.tail.t;
        debug_assert!(start <= t);
        if start == t {
            self.push(bits, taken, ld, rd);
            return;
        }
        let rules = self.rules;
        let mut on_job =
            |bits: &[u64; 64], taken: u64, ld: u64, rd: u64| self.push(bits, taken, ld, rd);
        let above = kernel::produce(rules, t, start, bits, taken, ld, rd, &mut on_job);
        self.tallies += above;
    }

    /// Counts the jobs still waiting and returns the total.
    pub(crate) fn finish(mut self) -> Tallies {
        self.run();
        self.tallies
    }
}

impl Drop for Engine<'_> {
    fn drop(&mut self) {
        Jobs::give_back(std::mem::replace(&mut self.jobs, Jobs::empty()));
    }
}

thread_local! {
    /// A thread's job arrays between engines: a unit of a small board
    /// holds few jobs, and allocating a quarter megabyte for each (and
    /// handing it back to the system) cost 5% of a count of N = 16.
    static SPARE_JOBS: std::cell::Cell<Option<Jobs>> = const { std::cell::Cell::new(None) };
}

impl Jobs {
    fn empty() -> Jobs {
        Jobs {
            cols: Vec::new(),
            lds: Vec::new(),
            rds: Vec::new(),
            ids: Vec::new(),
            prefixes: Vec::new(),
        }
    }

    /// Empty arrays with room for a batch: this thread's spare ones, or new.
    fn take() -> Jobs {
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
    fn give_back(mut jobs: Jobs) {
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

impl Engine<'_> {
    fn push(&mut self, bits: &[u64; 64], taken: u64, ld: u64, rd: u64) {
        let n = self.rules.n;
        let jobs = &mut self.jobs;
        let id = jobs.cols.len() as u32;
        let offset = self.tail.offset;
        // The squares below and beyond the board count as taken.
        let off_board = (1u32 << offset) - 1;
        jobs.cols
            .push(((taken | !self.rules.full) << offset) as u32 | off_board);
        // Bits of the left diagonal beyond 32 are beyond the board.
        jobs.lds.push((ld << offset) as u32);
        // The right diagonal's bits below column 0 are gone already.
        jobs.rds.push((rd << offset) as u32);
        match self.tail.ties {
            Some((b, tie_row)) => {
                let mut early = bits[b];
                if matches!(tie_row, TieRow::Above) {
                    early |= bits[n - 1 - b];
                }
                let edges = 1 | 1 << (n - 1);
                jobs.ids.push(if early & edges != 0 {
                    id | EARLY_TIE
                } else {
                    id
                });
                let t = self.tail.t;
                jobs.prefixes
                    .extend(bits[..t].iter().map(|bit| bit.trailing_zeros() as u8));
            }
            None => jobs.ids.push(id),
        }
        if jobs.cols.len() == BATCH {
            self.run();
        }
    }

    fn run(&mut self) {
        let count = self.jobs.cols.len();
        if count == 0 {
            return;
        }
        // A register's worth of zeros after the last job lets the lanes load
        // a step's worth of jobs at any position.
        for column in [
            &mut self.jobs.cols,
            &mut self.jobs.lds,
            &mut self.jobs.rds,
            &mut self.jobs.ids,
        ] {
            column.extend([0; LANES]);
        }
        let (rules, tail, jobs) = (self.rules, &self.tail, &self.jobs);
        self.tallies += match self.isa {
            Isa::Avx512 => avx512::run(rules, tail, jobs, count),
            Isa::Avx2 => avx2::run(rules, tail, jobs, count),
            Isa::Sse2 => sse2::run(rules, tail, jobs, count),
        };
        let jobs = &mut self.jobs;
        jobs.cols.clear();
        jobs.lds.clear();
        jobs.rds.clear();
        jobs.ids.clear();
        jobs.prefixes.clear();
    }
}

/// The lanes' tie checks: none (`Corner`), or an `Edge` case with row
/// `n - 1 - b` above the lanes, in the path, or the penultimate row.
const NO_TIES: u8 = 0;
const TIES_ABOVE: u8 = 1;
const TIES_IN_PATH: u8 = 2;
const TIES_PLACING: u8 = 3;

/// Tied leaves waiting for the scalar classification: for each, its job,
/// path, penultimate row's bit and last row's bit.
struct Pending {
    len: usize,
    job: [u32; Pending::CAPACITY],
    path: [u32; Pending::CAPACITY],
    bit: [u32; Pending::CAPACITY],
    last: [u32; Pending::CAPACITY],
}

impl Pending {
    const CAPACITY: usize = 256;

    fn new() -> Pending {
        Pending {
            len: 0,
            job: [0; Pending::CAPACITY],
            path: [0; Pending::CAPACITY],
            bit: [0; Pending::CAPACITY],
            last: [0; Pending::CAPACITY],
        }
    }

    /// Appends one leaf.
    fn push_one(&mut self, job: u32, path: u32, bit: u32, last: u32) {
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
    fn classify(&mut self, rules: &Rules, tail: &Tail, jobs: &Jobs) -> Tallies {
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
