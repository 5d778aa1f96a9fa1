//! The completion search held to the attack rule.

use super::*;
use crate::queens::Piece;

#[test]
fn the_attack_table_is_the_attack_rule() {
    for n in 1..=12 {
        for piece in [Piece::Queen, Piece::Rook, Piece::King, Piece::Superqueen] {
            for torus in [false, true] {
                let rules = Rules::new(n, piece, torus).unwrap();
                let engine = Engine::new(&rules);
                for (r1, c1) in (0..n).flat_map(|r| (0..n).map(move |c| (r, c))) {
                    for (r2, c2) in (0..n).flat_map(|r| (0..n).map(move |c| (r, c))) {
                        if r1 == r2 {
                            continue;
                        }
                        let table = engine.line(c1, engine.distance(r1, r2)) & (1 << c2) != 0;
                        let rule = rules.attack((r1, c1), (r2, c2)).is_some();
                        assert_eq!(table, rule, "{rules:?} ({r1}, {c1}) ({r2}, {c2})");
                    }
                }
            }
        }
    }
}
