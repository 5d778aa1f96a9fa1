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
//! onto the board ([`ld_spills`](jobs::ld_spills)). The
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

use super::kernel;
use super::rules::{Case, Reduction, Tallies};
use crate::cpu::{self, Isa};

mod avx2;
mod avx512;
mod jobs;
mod search;
mod sse2;

use jobs::{BATCH, EARLY_TIE, Jobs, LANES, MAX_N, MAX_ROWS, Runs, Tail, TieRow, board_offset};

/// The registers the lanes run on, with the token that proves the
/// processor has their instructions.
#[derive(Clone, Copy, Debug)]
enum Width {
    /// Two registers of sixteen lanes.
    Avx512(cpu::Avx512),
    /// Two registers of eight lanes.
    Avx2(cpu::Avx2),
    /// Two registers of four lanes.
    Sse2(cpu::Sse2),
}

impl Width {
    /// The lanes of `isa`, if this processor has it; none for the portable
    /// code, which is the scalar kernel.
    fn detect(isa: Isa) -> Option<Width> {
        match isa {
            Isa::Avx512 => cpu::Avx512::detect().map(Width::Avx512),
            Isa::Avx2 => cpu::Avx2::detect().map(Width::Avx2),
            Isa::Sse2 => cpu::Sse2::detect().map(Width::Sse2),
            Isa::Portable => None,
        }
    }
}

/// Counts the subtrees below many nodes, the last rows on vector lanes.
pub(crate) struct Engine<'r> {
    rules: &'r Reduction,
    width: Width,
    tail: Tail,
    jobs: Jobs,
    tallies: Tallies,
}

impl<'r> Engine<'r> {
    /// An engine for searches starting at row `start` or above it on
    /// `isa`'s lanes, or `None` when the scalar kernel should do it all
    /// (boards under 6 or over [`MAX_N`] columns, a start below the lanes'
    /// first row, a processor without `isa`).
    pub(crate) fn new(rules: &'r Reduction, start: usize, isa: Isa) -> Option<Engine<'r>> {
        let n = rules.n;
        if !(6..=MAX_N).contains(&n) {
            return None;
        }
        let width = Width::detect(isa)?;
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
            width,
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
        self.tallies += match self.width {
            Width::Avx512(token) => avx512::run(token, rules, tail, jobs, count),
            Width::Avx2(token) => avx2::run(token, rules, tail, jobs, count),
            Width::Sse2(token) => sse2::run(token, rules, tail, jobs, count),
        };
        let jobs = &mut self.jobs;
        jobs.cols.clear();
        jobs.lds.clear();
        jobs.rds.clear();
        jobs.ids.clear();
        jobs.prefixes.clear();
    }
}
