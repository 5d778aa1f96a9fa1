//! The explicit constructions, checked by a checker written here from the
//! rules alone, for every size up to 5,000 and a few near ten million.

use puzzles::queens::construct::{Construction, column};
use puzzles::queens::verify::{Verdict, verify};
use puzzles::queens::{Board, Piece, QueensError, Rules};

/// Whether `cols` places `n` pieces of the given kind, one per row and
/// column, none attacking another: O(n) time with a flag per line.
///
/// Queens and superqueens share no column or diagonal (on a torus the
/// diagonals wrap, so `r + c` and `r − c` are taken mod n); kings and
/// knights reach at most two rows away, so their pairs are checked row by
/// row (the short way round on a torus).
fn independent_check(cols: &[u64], piece: Piece, torus: bool) -> Result<(), String> {
    let n = cols.len();
    let mut column = vec![false; n];
    let mut sum = vec![false; 2 * n];
    let mut difference = vec![false; 2 * n];
    let diagonals = matches!(piece, Piece::Queen | Piece::Superqueen);
    for (row, &col) in cols.iter().enumerate() {
        let col = col as usize;
        if col >= n {
            return Err(format!("row {row}: column {col} is off the board"));
        }
        if std::mem::replace(&mut column[col], true) {
            return Err(format!("row {row}: column {col} is taken"));
        }
        if diagonals {
            let (s, d) = if torus {
                ((row + col) % n, (row + n - col) % n)
            } else {
                (row + col, row + n - col)
            };
            if std::mem::replace(&mut sum[s], true) || std::mem::replace(&mut difference[d], true) {
                return Err(format!(
                    "row {row}: a diagonal through column {col} is taken"
                ));
            }
        }
    }
    let short = |a: usize, b: usize| {
        let d = a.abs_diff(b);
        if torus { d.min(n - d) } else { d }
    };
    for row in 0..n {
        for ahead in 1..=2usize {
            let other = if torus {
                (row + ahead) % n
            } else if row + ahead < n {
                row + ahead
            } else {
                continue;
            };
            if other == row {
                continue;
            }
            let rows_apart = short(row, other);
            let cols_apart = short(cols[row] as usize, cols[other] as usize);
            let touching = rows_apart <= 1 && cols_apart <= 1;
            let knight = (rows_apart, cols_apart) == (1, 2) || (rows_apart, cols_apart) == (2, 1);
            let attacked = match piece {
                Piece::King => touching,
                Piece::Superqueen => knight,
                _ => false,
            };
            if attacked {
                return Err(format!("rows {row} and {other} attack each other"));
            }
        }
    }
    Ok(())
}

fn construction(n: usize, piece: Piece, torus: bool) -> Result<Option<Construction>, QueensError> {
    Construction::new(&Rules::new(n, piece, torus).unwrap())
}

#[test]
fn the_checker_rejects_what_it_should() {
    assert!(independent_check(&[1, 3, 0, 2], Piece::Queen, false).is_ok());
    assert!(independent_check(&[0, 2, 4, 1, 3], Piece::Queen, true).is_ok());
    assert!(independent_check(&[1, 3, 0, 2], Piece::Queen, true).is_err());
    assert!(independent_check(&[0, 1], Piece::Queen, false).is_err());
    assert!(independent_check(&[0, 0], Piece::Rook, false).is_err());
    assert!(independent_check(&[0, 1], Piece::Rook, false).is_ok());
    assert!(independent_check(&[0, 2], Piece::Rook, false).is_err());
    assert!(independent_check(&[1, 3, 0, 2], Piece::King, false).is_ok());
    assert!(independent_check(&[0, 2, 1], Piece::King, false).is_err());
    // Rows 3 and 0 touch across the edge of a torus.
    assert!(independent_check(&[1, 3, 0, 2], Piece::King, true).is_err());
    assert!(independent_check(&[0, 2, 4, 1, 3], Piece::King, true).is_ok());
    let amazons = [0, 3, 6, 9, 1, 4, 7, 10, 2, 5, 8];
    assert!(independent_check(&amazons, Piece::Superqueen, true).is_ok());
    assert!(independent_check(&[0, 2, 4, 1, 3], Piece::Superqueen, false).is_err());
}

#[test]
fn queens_are_constructed_for_every_size_up_to_5000() {
    for n in 1..=5000u64 {
        match Construction::queens(n) {
            Ok(construction) => {
                let cols: Vec<u64> = construction.columns().collect();
                assert_eq!(cols.len() as u64, n);
                independent_check(&cols, Piece::Queen, false)
                    .unwrap_or_else(|e| panic!("n = {n}: {e}"));
                assert_eq!(column(n, n / 2), Some(cols[n as usize / 2]));
            }
            Err(err) => assert!(matches!(n, 2 | 3), "n = {n}: {err}"),
        }
    }
}

#[test]
fn every_construction_obeys_its_rule_up_to_2000() {
    for piece in [Piece::Queen, Piece::Rook, Piece::King, Piece::Superqueen] {
        for torus in [false, true] {
            for n in 1..=2000 {
                if let Ok(Some(construction)) = construction(n, piece, torus) {
                    let cols: Vec<u64> = construction.columns().collect();
                    independent_check(&cols, piece, torus)
                        .unwrap_or_else(|e| panic!("{piece} torus={torus} n = {n}: {e}"));
                }
            }
        }
    }
}

#[test]
fn constructions_exist_where_promised() {
    for n in 1..=300 {
        let coprime_to_six = n % 2 != 0 && n % 3 != 0;
        let known = |piece, torus| matches!(construction(n, piece, torus), Ok(Some(_)));
        assert!(known(Piece::Rook, false) && known(Piece::Rook, true));
        assert_eq!(known(Piece::Queen, false), !matches!(n, 2 | 3), "n = {n}");
        assert_eq!(known(Piece::Queen, true), coprime_to_six, "n = {n}");
        assert_eq!(known(Piece::King, false), !matches!(n, 2 | 3), "n = {n}");
        assert_eq!(known(Piece::King, true), !matches!(n, 2..=4), "n = {n}");
        // The product needs a part coprime to 6 of 11 or more, and 4 or
        // more blocks of it.
        let mut coprime_part = n;
        while coprime_part % 2 == 0 {
            coprime_part /= 2;
        }
        while coprime_part % 3 == 0 {
            coprime_part /= 3;
        }
        let product = coprime_part >= 11 && n / coprime_part >= 4;
        assert_eq!(
            known(Piece::Superqueen, false),
            n == 1 || coprime_to_six && n >= 11 || product,
            "n = {n}"
        );
        // Superqueens on a torus are queens on it: none where queens fit none.
        let none_on_the_torus = matches!(
            construction(n, Piece::Superqueen, true),
            Err(QueensError::NoSolution { .. })
        );
        assert_eq!(none_on_the_torus, n > 1 && !coprime_to_six, "n = {n}");
    }
}

#[test]
fn no_solution_claims_agree_with_the_search() {
    for piece in [Piece::Queen, Piece::Rook, Piece::King, Piece::Superqueen] {
        for torus in [false, true] {
            for n in 1..=16 {
                let rules = Rules::new(n, piece, torus).unwrap();
                let exists = Board::with_rules(rules).unwrap().first().is_some();
                match Construction::new(&rules) {
                    Ok(Some(_)) => assert!(exists, "{rules:?}"),
                    Err(QueensError::NoSolution { .. }) => assert!(!exists, "{rules:?}"),
                    Ok(None) => {}
                    Err(other) => panic!("{rules:?}: {other}"),
                }
            }
        }
    }
}

#[test]
fn the_array_text_verifies() {
    for n in [1u64, 4, 5, 8, 9, 14, 15, 99, 100, 1000, 12345] {
        let mut text = Vec::new();
        Construction::queens(n)
            .unwrap()
            .write_cols(&mut text, b", ")
            .unwrap();
        assert_eq!(verify(&text[..]).unwrap(), Verdict::Valid { n });
    }
}

/// Sizes near ten million in every class mod 6; about a second in release.
#[test]
#[ignore = "large: run with `cargo test --release -- --ignored`"]
fn queens_near_ten_million_are_valid() {
    for n in 10_000_000u64..10_000_006 {
        let construction = Construction::queens(n).unwrap();
        let cols: Vec<u64> = construction.columns().collect();
        independent_check(&cols, Piece::Queen, false).unwrap_or_else(|e| panic!("n = {n}: {e}"));
        let mut text = Vec::new();
        construction.write_cols(&mut text, b", ").unwrap();
        assert_eq!(verify(&text[..]).unwrap(), Verdict::Valid { n });
    }
}
