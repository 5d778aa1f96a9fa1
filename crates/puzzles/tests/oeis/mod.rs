//! The published sequences, copied from the project's `shared/reference/oeis.txt`
//! into `tests/data/` so a clean clone tests on its own.

use std::collections::BTreeMap;

const OEIS: &str = include_str!("../data/oeis.txt");

/// The terms of one sequence, by its A-number (`"A000170"`), as `n -> value`.
pub fn sequence(a_number: &str) -> BTreeMap<usize, u64> {
    let mut terms = BTreeMap::new();
    let mut inside = false;
    for line in OEIS.lines() {
        if let Some(header) = line.strip_prefix("# ") {
            inside = header.starts_with(&format!("{a_number}:"));
            continue;
        }
        if !inside || line.trim().is_empty() {
            continue;
        }
        let (n, value) = line.split_once(' ').expect("lines are `n value`");
        terms.insert(n.parse().unwrap(), value.trim().parse().unwrap());
    }
    assert!(!terms.is_empty(), "{a_number} is not in oeis.txt");
    terms
}
