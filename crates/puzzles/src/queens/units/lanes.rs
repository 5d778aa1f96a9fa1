//! Sixteen subtrees at once: the last rows of the search on AVX-512 lanes.
//!
//! The scalar search spends most of its time recovering from mispredicted
//! branches: whether a row has a column left is a coin toss at every node.
//! Here the scalar kernel walks down to row `t = n - k` and hands each node
//! there (a *job*) to one of sixteen 32-bit lanes; every lane runs its own
//! depth-first search over the last `k ≤ 8` rows, and one step of the loop
//! advances all sixteen by one placement or one backtrack, with masks
//! instead of branches.
//!
//! A lane keeps no stack of boards. The parent row's columns and diagonals
//! come back from the child's by undoing the placed bit and shifting back;
//! what a shift pushed out of the 32-bit lane is kept one bit per row in a
//! *fallen* register (a stack of bits): the right diagonal's bit below
//! column 0 on every board, and the left diagonal's bit above column 31 on
//! boards where that bit can come back onto the board ([`ld_spills`]). The
//! placed bit comes from a path register holding the column of each row in
//! five bits, and the parent's columns left to try are its free columns
//! above that bit (the search takes them lowest first).
//!
//! The reduction's rules come along as per-row masks (a register indexed by
//! depth; the closing row's edge rule in its plain form, no edge column below
//! the closing row), and a leaf that may tie with another image is set aside,
//! its placement rebuilt later from the job's stored prefix and the lane's
//! path, for the scalar classification. Boards up to 32 columns fit these
//! lanes; beyond, the scalar kernel counts alone.

use std::arch::x86_64::*;

use super::{Case, Isa, Rules, SYMMETRIES, Tallies, kernel};

mod narrow;

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

/// Jobs gathered before the lanes run them.
const BATCH: usize = 16384;

/// Lanes per AVX-512 register, the widest; every job array ends with this
/// many zeros so that any kernel may load a register's worth at any job.
const LANES: usize = 16;

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
    /// The reduction's blocked squares of rows `t..n`, by depth.
    blocks: [u32; LANES],
    /// For the `Edge` case: `b`, and where row `n - 1 - b` is.
    ties: Option<(usize, TieRow)>,
    /// `blocks` as runs, for kernels that cannot index a register by depth.
    runs: Runs,
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
        let mut blocks = [0u32; LANES];
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
        // Only SSE2 needs the runs; a rule they cannot express leaves the
        // count to the scalar kernel there.
        let runs = Runs::find(&blocks, k).filter(|runs| match rules.case {
            Case::Corner { .. } | Case::Single => runs.tail == 0 && runs.last == 0,
            Case::Edge { .. } => runs.head_len == 0,
        });
        if isa == Isa::Sse2 && runs.is_none() {
            return None;
        }
        let runs = runs.unwrap_or_default();
        Some(Engine {
            rules,
            isa,
            tail: Tail {
                t,
                k,
                blocks,
                ties,
                runs,
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
        jobs.cols.push(taken as u32 | !(self.rules.full as u32));
        // Bits of the left diagonal beyond 32 are beyond the board.
        jobs.lds.push(ld as u32);
        // The right diagonal's bits below column 0 are gone already.
        jobs.rds.push(rd as u32);
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
        // sixteen jobs at any position.
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
            // SAFETY: `Engine::new` checked the processor's features, and
            // every job array holds `count + LANES` entries.
            Isa::Avx512 => unsafe {
                if ld_spills(rules.n, tail.k) {
                    run_ties::<true>(rules, tail, jobs, count)
                } else {
                    run_ties::<false>(rules, tail, jobs, count)
                }
            },
            Isa::Avx2 => narrow::run_avx2(rules, tail, jobs, count),
            Isa::Sse2 => narrow::run_sse2(rules, tail, jobs, count),
        };
        let jobs = &mut self.jobs;
        jobs.cols.clear();
        jobs.lds.clear();
        jobs.rds.clear();
        jobs.ids.clear();
        jobs.prefixes.clear();
    }
}

/// `run`'s tie checks: none (`Corner`), or an `Edge` case with row
/// `n - 1 - b` above the lanes, in the path, or the penultimate row.
const NO_TIES: u8 = 0;
const TIES_ABOVE: u8 = 1;
const TIES_IN_PATH: u8 = 2;
const TIES_PLACING: u8 = 3;

/// [`run`] with the tie checks `tail` needs.
///
/// # Safety
///
/// As [`run`].
#[target_feature(enable = "avx512f,avx512cd,popcnt")]
unsafe fn run_ties<const SPILL_LD: bool>(
    rules: &Rules,
    tail: &Tail,
    jobs: &Jobs,
    count: usize,
) -> Tallies {
    // SAFETY: as this function's.
    unsafe {
        match tail.ties {
            None => run::<NO_TIES, SPILL_LD>(rules, tail, jobs, count),
            Some((_, TieRow::Above)) => run::<TIES_ABOVE, SPILL_LD>(rules, tail, jobs, count),
            Some((_, TieRow::InPath(_))) => run::<TIES_IN_PATH, SPILL_LD>(rules, tail, jobs, count),
            Some((_, TieRow::Placing)) => run::<TIES_PLACING, SPILL_LD>(rules, tail, jobs, count),
        }
    }
}

/// Runs the first `count` jobs on the lanes to the end; `TIES` says which
/// tie checks `tail` needs, `SPILL_LD` whether the left diagonal's fallen
/// bits are kept ([`ld_spills`]).
///
/// # Safety
///
/// The processor must have AVX-512F, AVX-512CD and POPCNT, and every job
/// array must hold at least `count + LANES` entries.
#[target_feature(enable = "avx512f,avx512cd,popcnt")]
unsafe fn run<const TIES: u8, const SPILL_LD: bool>(
    rules: &Rules,
    tail: &Tail,
    jobs: &Jobs,
    count: usize,
) -> Tallies {
    debug_assert_eq!(SPILL_LD, ld_spills(rules.n, tail.k));
    let n = rules.n;
    let k = tail.k;
    let zero = _mm512_setzero_si512();
    let one = _mm512_set1_epi32(1);
    let edges = _mm512_set1_epi32((1u32 | 1 << (n - 1)) as i32);
    // SAFETY: `blocks` holds sixteen u32s; an unaligned load reads them.
    let blocks = unsafe { _mm512_loadu_si512(tail.blocks.as_ptr().cast()) };
    let penultimate = _mm512_set1_epi32((k - 2) as i32);
    let low5 = _mm512_set1_epi32(31);
    let (tie_last, tie_row) = match tail.ties {
        Some((b, row)) => ((1u32 << b) | 1 << (n - 1 - b), Some(row)),
        None => (0, None),
    };
    debug_assert_eq!(
        TIES,
        match tie_row {
            None => NO_TIES,
            Some(TieRow::Above) => TIES_ABOVE,
            Some(TieRow::InPath(_)) => TIES_IN_PATH,
            Some(TieRow::Placing) => TIES_PLACING,
        }
    );
    let tie_last = _mm512_set1_epi32(tie_last as i32);
    let tie_shift = _mm512_set1_epi32(match tie_row {
        Some(TieRow::InPath(shift)) => shift as i32,
        _ => 0,
    });
    let last_col = _mm512_set1_epi32((n - 1) as i32);

    // The columns a row may take, given the columns and diagonals above it
    // and its depth.
    let allowed = |cols: __m512i, ld: __m512i, rd: __m512i, depth: __m512i| {
        // Off-board columns are in `cols`, so the complement (a three-way
        // nor) is the board's.
        _mm512_ternarylogic_epi32::<0x01>(
            cols,
            ld,
            _mm512_or_si512(rd, _mm512_permutexvar_epi32(depth, blocks)),
        )
    };

    let mut depth = zero;
    let mut cur = zero;
    let (mut cols, mut ld, mut rd) = (zero, zero, zero);
    // Per row descended, the right diagonal's bit shifted below column 0
    // and (`SPILL_LD`) the left diagonal's above column 31, latest lowest.
    let (mut fallen_rd, mut fallen_ld) = (zero, zero);
    let mut path = zero;
    let mut job = zero;
    let (mut leaves, mut nodes) = (0u64, 0u64);
    let mut pending = Pending::new();
    let mut tied = Tallies::default();
    let mut active: u16 = 0;
    let mut next = 0usize;
    loop {
        let idle = !active;
        if idle != 0 && next < count {
            let take = (count - next).min(idle.count_ones() as usize);
            let mut refill = idle;
            if take < idle.count_ones() as usize {
                refill = 0;
                let mut left = idle;
                for _ in 0..take {
                    let lowest = left & left.wrapping_neg();
                    refill |= lowest;
                    left ^= lowest;
                }
            }
            // SAFETY: every job array holds at least
            // `next + LANES` entries (`next < count`), so each unaligned load
            // of sixteen u32s stays inside it. (Expanding from a register is
            // much faster than expanding from memory on some processors.)
            unsafe {
                let load = |column: &[u32]| _mm512_loadu_si512(column.as_ptr().add(next).cast());
                cols = _mm512_mask_expand_epi32(cols, refill, load(&jobs.cols));
                ld = _mm512_mask_expand_epi32(ld, refill, load(&jobs.lds));
                rd = _mm512_mask_expand_epi32(rd, refill, load(&jobs.rds));
                job = _mm512_mask_expand_epi32(job, refill, load(&jobs.ids));
            }
            depth = _mm512_mask_mov_epi32(depth, refill, zero);
            path = _mm512_mask_mov_epi32(path, refill, zero);
            fallen_rd = _mm512_mask_mov_epi32(fallen_rd, refill, zero);
            if SPILL_LD {
                fallen_ld = _mm512_mask_mov_epi32(fallen_ld, refill, zero);
            }
            cur = _mm512_mask_mov_epi32(cur, refill, allowed(cols, ld, rd, zero));
            active |= refill;
            next += take;
        }
        if active == 0 {
            break;
        }
        let placing = _mm512_test_epi32_mask(cur, cur) & active;
        let bit = _mm512_and_si512(cur, _mm512_sub_epi32(zero, cur));
        // Placing `bit`: the next row's state.
        let child_cols = _mm512_or_si512(cols, bit);
        let ld_bit = _mm512_or_si512(ld, bit);
        let rd_bit = _mm512_or_si512(rd, bit);
        let child_ld = _mm512_slli_epi32::<1>(ld_bit);
        let child_rd = _mm512_srli_epi32::<1>(rd_bit);
        // (fallen << 1) | (rd_bit & 1), and (fallen << 1) | (ld_bit >> 31).
        let child_fallen_rd =
            _mm512_ternarylogic_epi32::<0xf8>(_mm512_slli_epi32::<1>(fallen_rd), rd_bit, one);
        let child_fallen_ld = if SPILL_LD {
            _mm512_or_si512(
                _mm512_slli_epi32::<1>(fallen_ld),
                _mm512_srli_epi32::<31>(ld_bit),
            )
        } else {
            zero
        };
        let deeper = _mm512_add_epi32(depth, one);
        let child = allowed(child_cols, child_ld, child_rd, deeper);
        let at_penultimate = _mm512_cmpeq_epi32_mask(depth, penultimate);
        let leafing = placing & at_penultimate;
        let hits = leafing & _mm512_test_epi32_mask(child, child);
        let mut plain_hits = hits;
        if TIES != NO_TIES {
            let mut tie =
                _mm512_cmplt_epi32_mask(job, zero) | _mm512_test_epi32_mask(child, tie_last);
            if TIES == TIES_PLACING {
                tie |= _mm512_test_epi32_mask(bit, edges);
            }
            if TIES == TIES_IN_PATH {
                let col = _mm512_and_si512(_mm512_srlv_epi32(path, tie_shift), low5);
                tie |= _mm512_cmpeq_epi32_mask(col, zero) | _mm512_cmpeq_epi32_mask(col, last_col);
            }
            let tie_hits = hits & tie;
            plain_hits = hits & !tie;
            if tie_hits != 0 {
                pending.push(tie_hits, job, path, bit, child);
                if pending.len > Pending::CAPACITY - LANES {
                    tied += pending.classify(rules, tail, jobs);
                }
            }
        }
        leaves += u64::from(plain_hits.count_ones());
        nodes += u64::from(placing.count_ones() + hits.count_ones());
        let descending = placing & !at_penultimate;

        // Backtracking: restore the parent row from the placed bit.
        let exhausted = active & !placing;
        let finished = exhausted & _mm512_cmpeq_epi32_mask(depth, zero);
        let rising = exhausted & !finished;
        let placed = _mm512_sllv_epi32(one, _mm512_and_si512(path, low5));
        let parent_cols = _mm512_xor_si512(cols, placed);
        // (shifted | fallen bit) ^ placed.
        let parent_ld = if SPILL_LD {
            _mm512_ternarylogic_epi32::<0x56>(
                _mm512_srli_epi32::<1>(ld),
                _mm512_slli_epi32::<31>(fallen_ld),
                placed,
            )
        } else {
            _mm512_xor_si512(_mm512_srli_epi32::<1>(ld), placed)
        };
        let parent_rd = _mm512_ternarylogic_epi32::<0x56>(
            _mm512_slli_epi32::<1>(rd),
            _mm512_and_si512(fallen_rd, one),
            placed,
        );
        let shallower = _mm512_sub_epi32(depth, one);
        let above = _mm512_sub_epi32(zero, _mm512_slli_epi32::<1>(placed));
        let parent_left =
            _mm512_and_si512(allowed(parent_cols, parent_ld, parent_rd, shallower), above);

        let column = _mm512_sub_epi32(low5, _mm512_lzcnt_epi32(bit));
        cur = _mm512_mask_xor_epi32(cur, leafing, cur, bit);
        cur = _mm512_mask_mov_epi32(cur, descending, child);
        cur = _mm512_mask_mov_epi32(cur, rising, parent_left);
        path = _mm512_mask_mov_epi32(
            path,
            descending,
            _mm512_or_si512(_mm512_slli_epi32::<5>(path), column),
        );
        path = _mm512_mask_srli_epi32::<5>(path, rising, path);
        cols = _mm512_mask_mov_epi32(cols, descending, child_cols);
        cols = _mm512_mask_mov_epi32(cols, rising, parent_cols);
        ld = _mm512_mask_mov_epi32(ld, descending, child_ld);
        ld = _mm512_mask_mov_epi32(ld, rising, parent_ld);
        rd = _mm512_mask_mov_epi32(rd, descending, child_rd);
        rd = _mm512_mask_mov_epi32(rd, rising, parent_rd);
        fallen_rd = _mm512_mask_mov_epi32(fallen_rd, descending, child_fallen_rd);
        fallen_rd = _mm512_mask_srli_epi32::<1>(fallen_rd, rising, fallen_rd);
        if SPILL_LD {
            fallen_ld = _mm512_mask_mov_epi32(fallen_ld, descending, child_fallen_ld);
            fallen_ld = _mm512_mask_srli_epi32::<1>(fallen_ld, rising, fallen_ld);
        }
        depth = _mm512_mask_mov_epi32(depth, descending, deeper);
        depth = _mm512_mask_mov_epi32(depth, rising, shallower);
        active &= !finished;
    }
    tied += pending.classify(rules, tail, jobs);
    Tallies {
        total: SYMMETRIES * leaves + tied.total,
        unique: leaves + tied.unique,
        nodes,
    }
}

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

    /// Appends the leaves of `lanes`: compressed in registers, then stored
    /// whole (sixteen u32s each, whose unused tail the next push
    /// overwrites), since compressing straight to memory is slow on some
    /// processors. `len ≤ CAPACITY - 16` keeps the stores inside the arrays.
    #[inline]
    #[target_feature(enable = "avx512f,avx512cd,popcnt")]
    fn push(&mut self, lanes: u16, job: __m512i, path: __m512i, bit: __m512i, last: __m512i) {
        assert!(self.len <= Pending::CAPACITY - LANES);
        let at = self.len;
        for (column, vector) in [
            (&mut self.job, job),
            (&mut self.path, path),
            (&mut self.bit, bit),
            (&mut self.last, last),
        ] {
            let packed = _mm512_maskz_compress_epi32(lanes, vector);
            // SAFETY: `at + 16 ≤ CAPACITY` (asserted above): the store of
            // sixteen u32s from index `at` stays inside the array.
            unsafe { _mm512_storeu_si512(column.as_mut_ptr().add(at).cast(), packed) };
        }
        self.len += lanes.count_ones() as usize;
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
        let (t, k) = (tail.t, tail.k);
        let mut tallies = Tallies::default();
        for leaf in 0..self.len {
            let mut bits = [0u64; 64];
            let id = (self.job[leaf] & !EARLY_TIE) as usize;
            for (row, &col) in jobs.prefixes[id * t..(id + 1) * t].iter().enumerate() {
                bits[row] = 1 << col;
            }
            let path = self.path[leaf];
            for depth in 0..k - 2 {
                bits[t + depth] = 1 << ((path >> (5 * (k - 3 - depth))) & 31);
            }
            bits[n - 2] = u64::from(self.bit[leaf]);
            bits[n - 1] = u64::from(self.last[leaf]);
            let (total, unique) = rules.classify(&bits);
            tallies.total += total;
            tallies.unique += unique;
        }
        self.len = 0;
        tallies
    }
}
