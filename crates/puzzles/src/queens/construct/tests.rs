//! The constructions held to the checker, and the writer to `format!`.

use super::decimal::DecimalWriter;
use super::*;

#[test]
fn the_runs_agree_with_the_formula() {
    let patterns = (1..200u64).flat_map(|n| {
        [Piece::Queen, Piece::Rook, Piece::King, Piece::Superqueen]
            .into_iter()
            .flat_map(move |piece| [false, true].map(|torus| (n, piece, torus)))
    });
    for (n, piece, torus) in patterns {
        let rules = Rules::new(n as usize, piece, torus).unwrap();
        let Ok(Some(construction)) = Construction::new(&rules) else {
            continue;
        };
        let by_runs: Vec<u64> = construction.columns().collect();
        let by_formula: Vec<u64> = (0..n).map(|row| construction.column(row)).collect();
        assert_eq!(by_runs, by_formula, "{rules:?}");
        let mut rows = 0;
        for run in construction.runs() {
            assert_eq!(run.row, rows);
            assert!(run.len >= 1 && (1..=9).contains(&run.step));
            rows += run.len;
        }
        assert_eq!(rows, n);
    }
}

#[test]
fn the_writer_carries_across_digit_boundaries() {
    let mut writer_out = Vec::new();
    let mut writer = DecimalWriter::new(
        |block: Vec<u8>, len| {
            writer_out.extend_from_slice(&block[..len]);
            Ok(block)
        },
        b" ",
    );
    writer.run(95, 3, 5).unwrap();
    writer.run(9_999_999_999_999_999_998, 1, 3).unwrap();
    writer.finish(b"").unwrap();
    assert_eq!(
        String::from_utf8(writer_out).unwrap(),
        "95 98 101 104 107 9999999999999999998 9999999999999999999 10000000000000000000"
    );
}

#[test]
fn long_runs_cross_block_boundaries() {
    // Past PARALLEL_ROWS too: both writers give the same text.
    for n in [300_001, 1_100_003] {
        let construction = Construction::queens(n).unwrap();
        let mut text = Vec::new();
        construction.write_cols(&mut text, b",").unwrap();
        let expected: Vec<String> = construction.columns().map(|c| c.to_string()).collect();
        assert_eq!(text, format!("[{}]", expected.join(",")).into_bytes());
    }
}

/// A writer that takes `room` bytes and then fails, as a closed pipe
/// does.
struct Closing {
    room: usize,
}

impl Write for Closing {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if self.room == 0 {
            return Err(io::ErrorKind::BrokenPipe.into());
        }
        let taken = bytes.len().min(self.room);
        self.room -= taken;
        Ok(taken)
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[test]
fn a_closed_writer_stops_both_writers() {
    for n in [300_001, 5_000_000] {
        let mut out = Closing { room: 3 << 20 };
        let err = Construction::queens(n).unwrap().write_cols(&mut out, b", ");
        if n == 300_001 {
            assert!(err.is_ok(), "it fits");
        } else {
            assert_eq!(err.unwrap_err().kind(), io::ErrorKind::BrokenPipe);
        }
    }
}

#[test]
fn the_rook_formulas_agree_with_the_search_and_the_published_sequence() {
    use crate::queens::Board;
    // OEIS A000903, the classes of n non-attacking rooks, n = 1 to 12.
    let classes = [
        1, 1, 2, 7, 23, 115, 694, 5282, 46066, 456454, 4999004, 59916028,
    ];
    for torus in [false, true] {
        for n in 1..=8 {
            let rules = Rules::new(n, Piece::Rook, torus).unwrap();
            let board = Board::with_rules(rules).unwrap();
            let unique = board.solutions().filter(Solution::is_canonical).count() as u128;
            assert_eq!(
                rook_counts(&rules),
                Some((u128::from(board.plain_count()), unique)),
                "n = {n}, torus {torus}"
            );
        }
    }
    for (n, &expected) in (1..).zip(&classes) {
        let counts = rook_counts(&Rules::new(n, Piece::Rook, false).unwrap());
        assert_eq!(counts.map(|(_, unique)| unique), Some(expected), "n = {n}");
    }
    let largest = rook_counts(&Rules::new(34, Piece::Rook, false).unwrap()).unwrap();
    assert_eq!(largest.0, (1..=34u128).product::<u128>());
    assert_eq!(
        rook_counts(&Rules::new(35, Piece::Rook, false).unwrap()),
        None
    );
    assert_eq!(
        rook_counts(&Rules::new(6, Piece::King, false).unwrap()),
        None
    );
}
