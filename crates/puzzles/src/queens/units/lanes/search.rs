//! The lane search, once for every instruction set: AVX-512 (two registers
//! of sixteen lanes, [`avx512`](super::avx512)), AVX2 (two of eight,
//! [`avx2`](super::avx2)) and SSE2 (two of four, [`sse2`](super::sse2)),
//! behind one small trait ([`Simd`]). Two registers give each step two
//! independent chains of work (AVX-512 counts N = 16 12% faster with them;
//! AVX2 with four registers runs out of them and is slower).
//!
//! Masks are vectors of all-ones lanes and masked moves are blends (on
//! AVX-512 every mask comes from a comparison and goes to a blend, so the
//! compiler keeps it in a mask register); refilling idle lanes is AVX-512's
//! expand, a permutation looked up in a table (AVX2) or four loads (SSE2);
//! the column of a one-bit lane is AVX-512's leading-zero count, or read
//! from the exponent of the lane converted to a float, and SSE2's missing
//! variable shift `1 << column` builds that exponent the other way; a
//! depth's blocked squares come from comparing it with the runs of blocked
//! rows ([`Runs`](super::jobs::Runs)). (An earlier AVX-512 kernel of its own, one placement or
//! one backtrack per step in mask registers, was slower than this search,
//! which climbs and places in one step.)

use super::super::rules::{Reduction, SYMMETRIES, Tallies};
use super::jobs::{
    EARLY_TIE, Jobs, LANES, NO_TIES, Pending, TIES_IN_PATH, TIES_PLACING, Tail, TieRow, ld_spills,
};

/// One register of 32-bit lanes and the operations the lane search needs.
/// A value of an implementing type proves that the processor has its
/// instructions, so the operations are safe to call.
pub(super) trait Simd: Copy {
    /// The register.
    type V: Copy;
    /// Lanes per register.
    const LANES: usize;
    fn splat(self, value: u32) -> Self::V;
    fn and(self, a: Self::V, b: Self::V) -> Self::V;
    fn or(self, a: Self::V, b: Self::V) -> Self::V;
    fn xor(self, a: Self::V, b: Self::V) -> Self::V;
    /// `!a & b`.
    fn andnot(self, a: Self::V, b: Self::V) -> Self::V;
    fn sub(self, a: Self::V, b: Self::V) -> Self::V;
    fn shl<const BITS: i32>(self, a: Self::V) -> Self::V;
    fn shr<const BITS: i32>(self, a: Self::V) -> Self::V;
    /// All ones where `a == b`.
    fn eq(self, a: Self::V, b: Self::V) -> Self::V;
    /// All ones where `a > b` as signed numbers.
    fn gt(self, a: Self::V, b: Self::V) -> Self::V;
    /// `b` where `mask` is set, `a` elsewhere.
    fn select(self, mask: Self::V, a: Self::V, b: Self::V) -> Self::V;
    /// One bit per lane of `mask`.
    fn bits(self, mask: Self::V) -> u32;
    /// The mask of the lanes in `bits`.
    fn lanes(self, bits: u32) -> Self::V;
    /// `1 << exponent` for exponents up to 31.
    fn pow2(self, exponent: Self::V) -> Self::V;
    /// The exponent of each one-bit lane below `1 << 31` in its low five
    /// bits, and nothing above them; for `1 << 31`, 31 in the low five bits
    /// and more above; anything for other lanes.
    fn log2(self, power: Self::V) -> Self::V;
    /// `a` with the lanes in `bits` taking `from[0]`, `from[1]`, ... in
    /// order (`from` holds at least [`Simd::LANES`] values).
    fn expand(self, a: Self::V, bits: u32, from: &[u32]) -> Self::V;
    /// The lanes as numbers, in the first [`Simd::LANES`] entries.
    fn to_array(self, a: Self::V) -> [u32; LANES];
}

/// Two registers side by side, for more independent work per step.
#[derive(Clone, Copy)]
pub(super) struct Pair<S>(pub(super) S);

impl<S: Simd> Simd for Pair<S> {
    type V = (S::V, S::V);
    const LANES: usize = 2 * S::LANES;

    #[inline(always)]
    fn splat(self, value: u32) -> Self::V {
        (self.0.splat(value), self.0.splat(value))
    }

    #[inline(always)]
    fn and(self, a: Self::V, b: Self::V) -> Self::V {
        (self.0.and(a.0, b.0), self.0.and(a.1, b.1))
    }

    #[inline(always)]
    fn or(self, a: Self::V, b: Self::V) -> Self::V {
        (self.0.or(a.0, b.0), self.0.or(a.1, b.1))
    }

    #[inline(always)]
    fn xor(self, a: Self::V, b: Self::V) -> Self::V {
        (self.0.xor(a.0, b.0), self.0.xor(a.1, b.1))
    }

    #[inline(always)]
    fn andnot(self, a: Self::V, b: Self::V) -> Self::V {
        (self.0.andnot(a.0, b.0), self.0.andnot(a.1, b.1))
    }

    #[inline(always)]
    fn sub(self, a: Self::V, b: Self::V) -> Self::V {
        (self.0.sub(a.0, b.0), self.0.sub(a.1, b.1))
    }

    #[inline(always)]
    fn shl<const BITS: i32>(self, a: Self::V) -> Self::V {
        (self.0.shl::<BITS>(a.0), self.0.shl::<BITS>(a.1))
    }

    #[inline(always)]
    fn shr<const BITS: i32>(self, a: Self::V) -> Self::V {
        (self.0.shr::<BITS>(a.0), self.0.shr::<BITS>(a.1))
    }

    #[inline(always)]
    fn eq(self, a: Self::V, b: Self::V) -> Self::V {
        (self.0.eq(a.0, b.0), self.0.eq(a.1, b.1))
    }

    #[inline(always)]
    fn gt(self, a: Self::V, b: Self::V) -> Self::V {
        (self.0.gt(a.0, b.0), self.0.gt(a.1, b.1))
    }

    #[inline(always)]
    fn select(self, mask: Self::V, a: Self::V, b: Self::V) -> Self::V {
        (
            self.0.select(mask.0, a.0, b.0),
            self.0.select(mask.1, a.1, b.1),
        )
    }

    #[inline(always)]
    fn bits(self, mask: Self::V) -> u32 {
        self.0.bits(mask.0) | self.0.bits(mask.1) << S::LANES
    }

    #[inline(always)]
    fn lanes(self, bits: u32) -> Self::V {
        (self.0.lanes(bits), self.0.lanes(bits >> S::LANES))
    }

    #[inline(always)]
    fn pow2(self, exponent: Self::V) -> Self::V {
        (self.0.pow2(exponent.0), self.0.pow2(exponent.1))
    }

    #[inline(always)]
    fn log2(self, power: Self::V) -> Self::V {
        (self.0.log2(power.0), self.0.log2(power.1))
    }

    #[inline(always)]
    fn expand(self, a: Self::V, bits: u32, from: &[u32]) -> Self::V {
        let low = bits & (u32::MAX >> (32 - S::LANES));
        let high = bits >> S::LANES;
        (
            self.0.expand(a.0, low, from),
            self.0.expand(a.1, high, &from[low.count_ones() as usize..]),
        )
    }

    #[inline(always)]
    fn to_array(self, a: Self::V) -> [u32; LANES] {
        let (low, high) = (self.0.to_array(a.0), self.0.to_array(a.1));
        let mut out = low;
        out[S::LANES..2 * S::LANES].copy_from_slice(&high[..S::LANES]);
        out
    }
}

#[inline(always)]
pub(super) fn dispatch<S: Simd>(
    simd: S,
    rules: &Reduction,
    tail: &Tail,
    jobs: &Jobs,
    count: usize,
) -> Tallies {
    // A board at offset 0 that leaves the left diagonal's fallen bits
    // out (never at 6 columns and more) would only be slower with them.
    let height = rules.n + tail.offset as usize;
    match (tail.offset == 0, ld_spills(height, tail.k)) {
        (false, false) => dispatch_ties::<S, false, false>(simd, rules, tail, jobs, count),
        (false, true) => dispatch_ties::<S, false, true>(simd, rules, tail, jobs, count),
        (true, _) => dispatch_ties::<S, true, true>(simd, rules, tail, jobs, count),
    }
}

#[inline(always)]
fn dispatch_ties<S: Simd, const FALL_RD: bool, const SPILL_LD: bool>(
    simd: S,
    rules: &Reduction,
    tail: &Tail,
    jobs: &Jobs,
    count: usize,
) -> Tallies {
    use super::jobs::TIES_ABOVE;
    match tail.ties {
        None => run::<S, NO_TIES, FALL_RD, SPILL_LD>(simd, rules, tail, jobs, count),
        Some((_, TieRow::Above)) => {
            run::<S, TIES_ABOVE, FALL_RD, SPILL_LD>(simd, rules, tail, jobs, count)
        }
        Some((_, TieRow::InPath(_))) => {
            run::<S, TIES_IN_PATH, FALL_RD, SPILL_LD>(simd, rules, tail, jobs, count)
        }
        Some((_, TieRow::Placing)) => {
            run::<S, TIES_PLACING, FALL_RD, SPILL_LD>(simd, rules, tail, jobs, count)
        }
    }
}

/// Steps between folding the lanes' 32-bit counts into `u64`s: each step
/// adds at most one to each.
const FOLD_EVERY: u32 = 1 << 20;

/// A lane at depth `d` has its path's marker bit at `5 d` (paths stay below
/// `2^31`, as signed comparisons need). A lane is at least `depth` deep when
/// its path is greater than this.
fn depth_floor(depth: i64) -> u32 {
    match depth {
        ..=0 => 0,
        1..=6 => (1u32 << (5 * depth)) - 1,
        _ => i32::MAX as u32,
    }
}

/// A lane is less than `depth` deep when its path is less than this.
fn depth_ceiling(depth: i64) -> u32 {
    match depth {
        ..=0 => 1,
        1..=6 => 1u32 << (5 * depth),
        _ => i32::MAX as u32,
    }
}

/// The lane search (see the parent module's `run`, which this follows),
/// `TIES` saying which tie checks `tail` needs, `SPILL_LD` that the left
/// diagonal's fallen bits are kept (see [`ld_spills`]).
///
/// Where every instruction counts, a few things differ. The lanes keep the
/// free columns rather than the taken ones. The path starts with a marker bit that five more bits per row
/// move up, so that it tells the depth by comparisons (and the rows'
/// blocked squares with it, in runs: see [`Runs`](super::jobs::Runs)). A placement whose next
/// row has no column left does not descend, and one step both climbs out of
/// a finished row and places the next queen of the row above: a lane moves
/// on at every step.
#[inline(always)]
fn run<S: Simd, const TIES: u8, const FALL_RD: bool, const SPILL_LD: bool>(
    s: S,
    rules: &Reduction,
    tail: &Tail,
    jobs: &Jobs,
    count: usize,
) -> Tallies {
    let n = rules.n;
    let k = tail.k;
    let zero = s.splat(0);
    let one = s.splat(1);
    let low5 = s.splat(31);
    // At the penultimate row the path's marker is at 5 (k - 2).
    let before_penultimate = s.splat(depth_floor(k as i64 - 2));
    let runs = tail.runs;
    // The blocked squares of the row below (`child`) and above (`parent`) a
    // lane: a run's bounds on the depth become bounds on the path.
    let corner = TIES == NO_TIES;
    let (head, last) = (s.splat(runs.head), s.splat(runs.last));
    let child_head_below = s.splat(depth_ceiling(i64::from(runs.head_len) - 1));
    // In the `Edge` case the tail's run is the edge columns or nothing (the
    // closing row is the penultimate one), so "the child's edge columns are
    // taken" serves both the tail's rule and the count below; with no run,
    // no lane is below it.
    let child_tail_after = s.splat(if runs.tail == 0 {
        i32::MAX as u32
    } else {
        depth_floor(i64::from(runs.tail_from) - 1)
    });
    // Lanes at the closing row or below it (none when it is above the lanes).
    let closing_floor = s.splat(
        tail.closing
            .map_or(i32::MAX as u32, |depth| depth_floor(depth as i64)),
    );
    let parent_head_below = s.splat(depth_ceiling(i64::from(runs.head_len) + 1));
    let first_block = s.splat(runs.block(0, k));
    let offset = tail.offset;
    let edges = (1u32 | 1 << (n - 1)) << offset;
    let (tie_last, tie_shift) = match tail.ties {
        Some((b, row)) => (
            (1u32 << b | 1 << (n - 1 - b)) << offset,
            match row {
                TieRow::InPath(shift) => shift,
                _ => 0,
            },
        ),
        None => (0, 0),
    };
    let (early_tie, tie_last_v, edges_v) = (s.splat(EARLY_TIE), s.splat(tie_last), s.splat(edges));
    debug_assert!(corner || runs.tail == 0 || runs.tail == edges);
    let tie_col_mask = s.splat(31 << tie_shift);
    let tie_col_low = s.splat(offset << tie_shift);
    let tie_col_high = s.splat((offset + n as u32 - 1) << tie_shift);
    debug_assert!(SPILL_LD || !ld_spills(n + offset as usize, k));
    debug_assert_eq!(FALL_RD, offset == 0);

    let mut cur = zero;
    let (mut free, mut ld, mut rd) = (zero, zero, zero);
    // Per row descended, the right diagonal's bit shifted below column 0
    // and (`SPILL_LD`) the left diagonal's above column 31, latest lowest.
    let (mut fallen_rd, mut fallen_ld) = (zero, zero);
    let mut path = one;
    let mut job = zero;
    let every_lane = u32::MAX >> (32 - S::LANES);
    let mut idle = every_lane;
    // Refilling costs a handful of loads and expands per register whatever
    // the number of lanes it fills, so idle lanes wait until about a sixth
    // of them are idle (BENCHMARKS.md, "Design choices measured").
    let refill_at = (S::LANES as u32 / 6).max(1);
    // Per lane: steps without a placement that counts as a node.
    let mut lane_empty = zero;
    let (mut steps, mut empty_steps, mut hit_count, mut leaves) = (0u64, 0u64, 0u64, 0u64);
    let mut since_fold = 0u32;
    let mut pending = Pending::new();
    let mut tied = Tallies::default();
    let mut next = 0usize;
    let fold = |lanes: S::V| {
        let lanes = s.to_array(lanes);
        lanes[..S::LANES].iter().map(|&x| u64::from(x)).sum::<u64>()
    };
    // A path as the tie classification reads it: the marker off, at the
    // penultimate row.
    let path_bias: u32 = 1 << (5 * (k - 2));
    loop {
        if next < count && (idle.count_ones() >= refill_at || idle == every_lane) {
            let mut refill = idle;
            let left = count - next;
            if left < idle.count_ones() as usize {
                // The lowest `left` idle lanes.
                refill = 0;
                let mut rest = idle;
                for _ in 0..left {
                    let lowest = rest & rest.wrapping_neg();
                    refill |= lowest;
                    rest ^= lowest;
                }
            }
            let fresh = s.lanes(refill);
            // The jobs' columns count the squares beyond the board as taken.
            let taken = s.expand(zero, refill, &jobs.cols[next..]);
            let job_ld = s.expand(zero, refill, &jobs.lds[next..]);
            rd = s.expand(rd, refill, &jobs.rds[next..]);
            job = s.expand(job, refill, &jobs.ids[next..]);
            let job_free = s.andnot(taken, s.splat(!0));
            free = s.select(fresh, free, job_free);
            ld = s.select(fresh, ld, job_ld);
            path = s.select(fresh, path, one);
            if FALL_RD {
                fallen_rd = s.select(fresh, fallen_rd, zero);
            }
            if SPILL_LD {
                fallen_ld = s.select(fresh, fallen_ld, zero);
            }
            let first = s.andnot(s.or(first_block, s.or(job_ld, rd)), job_free);
            cur = s.select(fresh, cur, first);
            idle &= !refill;
            next += refill.count_ones() as usize;
        }
        if idle == every_lane {
            break;
        }
        // Lanes out of columns go back up a row (or are done at the top),
        // the parent row's state restored from the placed bit...
        let exhausted = s.eq(cur, zero);
        let at_top = s.eq(path, one);
        let rising = s.andnot(at_top, exhausted);
        let placed = s.pow2(s.and(path, low5));
        let parent_free = s.xor(free, placed);
        let parent_ld = if SPILL_LD {
            s.xor(s.or(s.shr::<1>(ld), s.shl::<31>(fallen_ld)), placed)
        } else {
            s.xor(s.shr::<1>(ld), placed)
        };
        let parent_rd = if FALL_RD {
            s.xor(s.or(s.shl::<1>(rd), s.and(fallen_rd, one)), placed)
        } else {
            s.xor(s.shl::<1>(rd), placed)
        };
        // The parent's columns above the placed one. Below the closing row
        // (`Edge`) the tail's columns are taken already: a lane descends
        // there only when they are (see `missing` below).
        let above = s.sub(zero, s.shl::<1>(placed));
        let parent_attacks = if corner {
            s.or(
                s.and(s.gt(parent_head_below, path), head),
                s.or(parent_ld, parent_rd),
            )
        } else {
            s.or(parent_ld, parent_rd)
        };
        let parent_left = s.andnot(parent_attacks, s.and(parent_free, above));
        cur = s.select(rising, cur, parent_left);
        free = s.select(rising, free, parent_free);
        ld = s.select(rising, ld, parent_ld);
        rd = s.select(rising, rd, parent_rd);
        if FALL_RD {
            fallen_rd = s.select(rising, fallen_rd, s.shr::<1>(fallen_rd));
        }
        if SPILL_LD {
            fallen_ld = s.select(rising, fallen_ld, s.shr::<1>(fallen_ld));
        }
        path = s.select(rising, path, s.shr::<5>(path));

        // ...and in the same step every lane with a column left places it.
        let empty = s.eq(cur, zero);
        let bit = s.and(cur, s.sub(zero, cur));
        let child_free = s.xor(free, bit);
        let ld_bit = s.or(ld, bit);
        let rd_bit = s.or(rd, bit);
        let child_ld = s.shl::<1>(ld_bit);
        let child_rd = s.shr::<1>(rd_bit);
        let at_penultimate = s.gt(path, before_penultimate);
        let edges_taken = s.eq(s.and(child_free, edges_v), zero);
        let child = if corner {
            let child_block = s.and(s.gt(child_head_below, path), head);
            s.andnot(s.or(child_block, s.or(child_ld, child_rd)), child_free)
        } else {
            // Below the closing row both edge columns (the tail's run) must
            // be taken: a child row with one of them free is a dead end,
            // so a closing row that breaks the rule costs one step and no
            // subtree.
            let missing = s.andnot(edges_taken, s.gt(path, child_tail_after));
            let child_block = s.or(missing, s.and(at_penultimate, last));
            s.andnot(s.or(child_block, s.or(child_ld, child_rd)), child_free)
        };
        // The scalar search refuses a closing-row queen that leaves an edge
        // column free before placing it (and rows below the closing row are
        // entered only with both taken), so such a placement counts no node
        // here either: every kernel counts the same nodes.
        let uncounted = if corner {
            empty
        } else {
            let refused = s.andnot(edges_taken, s.gt(path, closing_floor));
            s.or(empty, refused)
        };
        let dead = s.eq(child, zero);
        let leafing = s.andnot(empty, at_penultimate);
        let hits = s.bits(s.andnot(dead, leafing));
        // The masks are -1 where set.
        lane_empty = s.sub(lane_empty, uncounted);
        if hits != 0 {
            // Leaves are rare (a few in a hundred steps): they are counted
            // and checked for ties lane by lane.
            hit_count += u64::from(hits.count_ones());
            if TIES == NO_TIES {
                leaves += u64::from(hits.count_ones());
            } else {
                // No tie: the job's rows do not tie, nor the last row's
                // queen, nor the penultimate row's, nor row n - 1 - b's. The
                // lanes test that at once; only tied leaves go lane by lane.
                let mut flags = s.or(s.and(job, early_tie), s.and(child, tie_last_v));
                if TIES == TIES_PLACING {
                    flags = s.or(flags, s.and(bit, edges_v));
                }
                let mut tied_lanes = hits & !s.bits(s.eq(flags, zero));
                if TIES == TIES_IN_PATH {
                    let col = s.and(path, tie_col_mask);
                    tied_lanes |=
                        hits & s.bits(s.or(s.eq(col, tie_col_low), s.eq(col, tie_col_high)));
                }
                leaves += u64::from((hits & !tied_lanes).count_ones());
                if tied_lanes != 0 {
                    let lanes = [job, path, bit, child].map(|v| s.to_array(v));
                    let [job, path, bit, last] = lanes;
                    let mut rest = tied_lanes;
                    while rest != 0 {
                        let lane = rest.trailing_zeros() as usize;
                        rest &= rest - 1;
                        if pending.len == Pending::CAPACITY {
                            tied += pending.classify(rules, tail, jobs);
                        }
                        pending.push_one(job[lane], path[lane] - path_bias, bit[lane], last[lane]);
                    }
                }
            }
        }
        // Empty lanes, leaves and dead ends stay in their row.
        let stay = s.or(s.or(empty, at_penultimate), dead);
        // Bit 31 (column 31 of 32) reads as a negative float, its sign bit
        // above the exponent.
        let column = if n + offset as usize == 32 {
            s.and(s.log2(bit), low5)
        } else {
            s.log2(bit)
        };
        cur = s.select(stay, child, s.xor(cur, bit));
        path = s.select(stay, s.or(s.shl::<5>(path), column), path);
        free = s.xor(free, s.andnot(stay, bit));
        ld = s.select(stay, child_ld, ld);
        rd = s.select(stay, child_rd, rd);
        if FALL_RD {
            fallen_rd = s.select(
                stay,
                s.or(s.shl::<1>(fallen_rd), s.and(rd_bit, one)),
                fallen_rd,
            );
        }
        if SPILL_LD {
            fallen_ld = s.select(
                stay,
                s.or(s.shl::<1>(fallen_ld), s.shr::<31>(ld_bit)),
                fallen_ld,
            );
        }
        // Lanes done with their job take the next one before the next step.
        idle = s.bits(s.and(s.eq(cur, zero), s.eq(path, one)));
        steps += 1;
        since_fold += 1;
        if since_fold == FOLD_EVERY {
            empty_steps += fold(lane_empty);
            (lane_empty, since_fold) = (zero, 0);
        }
    }
    empty_steps += fold(lane_empty);
    tied += pending.classify(rules, tail, jobs);
    // Every lane places a queen at every step but the empty and refused
    // ones; a leaf places one more.
    let nodes = steps * S::LANES as u64 - empty_steps + hit_count;
    Tallies {
        total: SYMMETRIES * leaves + tied.total,
        unique: leaves + tied.unique,
        nodes,
    }
}
