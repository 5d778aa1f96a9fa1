//! The kernels held to the slow rules, and to the known counts.

use super::rules::*;
use super::*;
use crate::queens::{Board, Solution};
use crate::rng::SplitMix64;

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
            let solution = Solution::new(cols.iter().map(|&c| usize::from(c)).collect()).unwrap();
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
    [Isa::Avx512, Isa::Avx2, Isa::Sse2]
        .into_iter()
        .filter(|isa| {
            let has = isa.is_available();
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
fn kernel_starts(n: usize) -> Vec<(Reduction, usize, [u64; 64], u64, u64, u64)> {
    let mut starts = Vec::new();
    for depth in 1..=4.min(n - 2) {
        let flat = prefixes(n, depth, usize::MAX).unwrap();
        for prefix in flat.chunks(depth) {
            let Some(rules) = Reduction::for_prefix(n, prefix) else {
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
                let Some(rules) = Reduction::for_prefix(n, &unit) else {
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
    let mut random = SplitMix64(seed);
    let mut found = Vec::new();
    while found.len() < count {
        let mut prefix = Vec::new();
        while prefix.len() < depth {
            let columns: Vec<u8> = bit_columns(candidates(n, &prefix)).collect();
            if columns.is_empty() {
                break;
            }
            prefix.push(columns[(random.next_u64() % columns.len() as u64) as usize]);
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
fn kernels_take_no_subtree_that_keeps_a_stop_request_waiting() {
    // Where the kernels begin below a unit of `split` rows: the first row
    // below the unit's children that a kernel takes whole.
    let first_kernel_row = |n: usize, split: usize| {
        (split + 1..n)
            .find(|&row| kernel_takes(n, row))
            .unwrap_or(n)
    };
    // A tester's `queens 20 --count --method backtrack --split 1` read the
    // stop flag only every few seconds: kernels took 18 rows below two.
    assert!(!kernel_takes(20, 2));
    assert_eq!(first_kernel_row(20, 1), 4);
    assert_eq!(first_kernel_row(18, 1), 3);
    // The default splits keep the kernels where they were measured.
    for n in 4..=32 {
        let split = crate::queens::count::CountPlan::default_split(n).min(n);
        let by_rows_left = (split + 1..n)
            .find(|&row| n - row <= MOST_ROWS_PER_KERNEL_CALL)
            .unwrap_or(n);
        assert_eq!(first_kernel_row(n, split), by_rows_left, "n = {n}");
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
fn jobs_below(n: usize, prefix: &[u8]) -> (Reduction, Vec<Job>) {
    let rules = Reduction::for_prefix(n, prefix).unwrap();
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
