use super::super::simd::{self, Portable};
use super::*;

/// Triads on `board` by every kernel, which must agree.
fn triads_everywhere(board: &Board) -> Result<Board, ()> {
    let mut portable = *board;
    let found = portable.triads(Portable).map_err(|_| ());
    #[cfg(target_arch = "x86_64")]
    {
        let mut vector = *board;
        let again = vector.triads(simd::Sse2).map_err(|_| ());
        assert_eq!(found, again);
        assert_eq!(portable.cells, vector.cells);
    }
    found.map(|_| portable)
}

/// The reach of cell `cell` (0–80) by its definition: for each digit
/// open there, the peers (row, column and box, in grid coordinates)
/// open to it, those with two digits counted four times.
fn reach_by_definition(board: &Board, cell: usize) -> u32 {
    let digits_of = |cell: usize| board.digits_at(cell / 27, (cell % 27) as u32);
    let (row, col) = (cell / 9, cell % 9);
    let peers = (0..81).filter(|&other| {
        let (r, c) = (other / 9, other % 9);
        other != cell && (r == row || c == col || (r / 3 == row / 3 && c / 3 == col / 3))
    });
    let unsolved = |cell: usize| board.unsolved[cell / 27] >> (cell % 27) & 1 == 1;
    peers
        .filter(|&peer| unsolved(peer))
        .map(|peer| {
            let shared = (digits_of(peer) & digits_of(cell)).count_ones();
            let weight = if digits_of(peer).count_ones() == 2 {
                4
            } else {
                1
            };
            shared * weight
        })
        .sum()
}

#[test]
fn guesses_go_to_the_cell_with_two_digits_of_greatest_reach() {
    let mut guessed = 0;
    for (line, text) in crate::sudoku::tests::data_file("top1465.txt")
        .iter()
        .step_by(5)
    {
        let puzzle: crate::sudoku::Puzzle = text.parse().unwrap();
        let givens = puzzle.nine_by_nine().unwrap();
        let mut board = Board::with_givens(Portable, givens).unwrap();
        if board.propagate::<_, true>(Portable).is_err() || board.is_solved() {
            continue;
        }
        let (band, i, digits) = board.choose(Portable);
        let cell = 27 * band + i as usize;
        assert_eq!(digits, board.digits_at(band, i), "line {line}");
        let open: Vec<usize> = (0..81)
            .filter(|&c| board.unsolved[c / 27] >> (c % 27) & 1 == 1)
            .collect();
        let fewest = open
            .iter()
            .map(|&c| board.digits_at(c / 27, (c % 27) as u32).count_ones())
            .min()
            .unwrap();
        assert_eq!(
            digits.count_ones(),
            fewest,
            "line {line}: a cell with the fewest digits"
        );
        if fewest == 2 {
            // The first in reading order of those that reach furthest.
            let pairs = open
                .iter()
                .filter(|&&c| board.digits_at(c / 27, (c % 27) as u32).count_ones() == 2);
            let most = pairs.clone().map(|&c| reach_by_definition(&board, c)).max();
            let first = pairs
                .clone()
                .find(|&&c| Some(reach_by_definition(&board, c)) == most);
            assert_eq!(Some(&cell), first, "line {line}");
            guessed += 1;
        }
    }
    assert!(guessed > 100, "only {guessed} states guessed on two digits");
}

#[test]
fn a_guess_tries_first_the_digit_with_fewer_cells_open_in_the_row() {
    // Cell 0 of band 0 holds digits 1 and 2 (bits 0 and 1); digit 1 is
    // open in the whole first row, digit 2 only at cell 0.
    let mut board = Board::new();
    board.cells[1][0] &= !0x1fe;
    assert_eq!(board.order_pair(0, 0, 0b11), (1, 0));
    // The other way round, and a tie goes to the lower digit.
    let mut board = Board::new();
    board.cells[0][0] &= !0x1fe;
    assert_eq!(board.order_pair(0, 0, 0b11), (0, 1));
    assert_eq!(Board::new().order_pair(0, 0, 0b11), (0, 1));
}

#[test]
fn column_singles_that_are_peers_are_a_contradiction() {
    // Digit 1 keeps columns 0 and 1 only at row 0 of band 0: a hidden
    // single in each column, both in one row.
    let mut board = Board::new();
    let columns = COLUMN | COLUMN << 1;
    board.cells[0] = [BAND & !columns | 0b11, BAND & !columns, BAND & !columns, 0];
    assert!(board.clone().column_singles(Portable).is_err());
    #[cfg(target_arch = "x86_64")]
    assert!(board.clone().column_singles(simd::Sse2).is_err());
    // One of them alone is placed.
    board.cells[0][0] &= !0b10;
    board.cells[0][1] |= 0b10;
    assert_eq!(board.column_singles(Portable), Ok(true));
    assert_eq!(board.cells[0][0] & 0o777, 1);
}

#[test]
fn a_minirow_with_three_digits_keeps_them_to_itself() {
    // Band 0, row 0, box 0 (bits 0 to 2): only digits 1, 2 and 3.
    let mut board = Board::new();
    for digit in &mut board.cells[3..] {
        digit[0] &= !0o7;
    }
    let after = triads_everywhere(&board).expect("no contradiction");
    let row_and_box = 0o777 | 0o7 << 9 | 0o7 << 18;
    for d in 0..3 {
        assert_eq!(
            after.cells[d][0],
            BAND & !(row_and_box & !0o7),
            "digit {}",
            d + 1
        );
        assert_eq!(after.cells[d][1..3], [BAND, BAND]);
    }
    assert_eq!(after.cells[3..], board.cells[3..]);
    // Two digits for three cells: a contradiction.
    board.cells[2][0] &= !0o7;
    assert!(triads_everywhere(&board).is_err());
}

#[test]
fn a_minicolumn_with_three_digits_keeps_them_to_itself() {
    // Band 1, column 4 (bits 4, 13, 22): only digits 7, 8 and 9.
    let column = COLUMN << 4;
    let mut board = Board::new();
    for digit in &mut board.cells[..6] {
        digit[1] &= !column;
    }
    let after = triads_everywhere(&board).expect("no contradiction");
    let middle_box = (0o7 << 3) * COLUMN;
    for d in 6..9 {
        // The rest of the box and of the column in the other bands.
        assert_eq!(after.cells[d][1], BAND & !(middle_box & !column));
        assert_eq!(after.cells[d][0], BAND & !column);
        assert_eq!(after.cells[d][2], BAND & !column);
    }
    assert_eq!(after.cells[..6], board.cells[..6]);
    // Nothing to do on the empty grid.
    let empty = Board::new();
    assert_eq!(triads_everywhere(&empty).expect("fine").cells, empty.cells);
}
