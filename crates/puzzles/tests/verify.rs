//! The streaming verifier against a plain tokenizer and pairwise check
//! written here from the documented format.

use std::io::Cursor;

use proptest::prelude::*;
use puzzles::queens::verify::{Verdict, VerifyError, verify, verify_seekable};
use puzzles::trace::ConflictKind;

/// What the oracle makes of an input.
#[derive(Debug, PartialEq, Eq)]
enum Expected {
    Valid(u64),
    Attack((u64, u64), (u64, u64), ConflictKind),
    /// A syntax error at (line, column).
    Syntax(u64, u64),
    /// The largest column, first seen at (line, column), is off the board.
    OffBoard(u64, u64, u64),
    Empty,
}

/// Tokens with the (line, column) they start at.
fn oracle(text: &[u8]) -> Expected {
    let (mut line, mut column) = (1u64, 1u64);
    let mut numbers: Vec<(u64, (u64, u64))> = Vec::new();
    let mut opened = false;
    let mut closed = false;
    let mut comma_pending = false;
    let mut i = 0;
    while i < text.len() {
        let at = (line, column);
        let byte = text[i];
        match byte {
            b'\n' => {
                line += 1;
                column = 1;
                i += 1;
                continue;
            }
            b' ' | b'\t' | b'\r' => {}
            b'0'..=b'9' => {
                if closed {
                    return Expected::Syntax(at.0, at.1);
                }
                let start = i;
                while i < text.len() && text[i].is_ascii_digit() {
                    i += 1;
                }
                let digits = std::str::from_utf8(&text[start..i]).unwrap();
                let Ok(value) = digits.parse::<u64>() else {
                    return Expected::Syntax(at.0, at.1);
                };
                numbers.push((value, at));
                comma_pending = false;
                column += (i - start) as u64;
                continue;
            }
            b',' => {
                if numbers.is_empty() || comma_pending || closed {
                    return Expected::Syntax(at.0, at.1);
                }
                comma_pending = true;
            }
            b'[' => {
                if opened || !numbers.is_empty() {
                    return Expected::Syntax(at.0, at.1);
                }
                opened = true;
            }
            b']' => {
                if !opened || closed || comma_pending {
                    return Expected::Syntax(at.0, at.1);
                }
                closed = true;
            }
            _ => return Expected::Syntax(at.0, at.1),
        }
        column += 1;
        i += 1;
    }
    if comma_pending || (opened && !closed) {
        return Expected::Syntax(line, column);
    }
    if numbers.is_empty() {
        return Expected::Empty;
    }
    let n = numbers.len() as u64;
    let largest = numbers.iter().map(|&(value, _)| value).max().unwrap();
    if largest >= n {
        let (_, (line, column)) = numbers
            .iter()
            .find(|&&(value, _)| value == largest)
            .unwrap();
        return Expected::OffBoard(*line, *column, largest);
    }
    for second in 0..numbers.len() {
        for first in 0..second {
            let (a, b) = (numbers[first].0, numbers[second].0);
            let kind = if a == b {
                ConflictKind::Column
            } else if a.abs_diff(b) == (second - first) as u64 {
                ConflictKind::Diagonal
            } else {
                continue;
            };
            return Expected::Attack((first as u64, a), (second as u64, b), kind);
        }
    }
    Expected::Valid(n)
}

fn seen(result: Result<Verdict, VerifyError>) -> Expected {
    match result {
        Ok(Verdict::Valid { n }) => Expected::Valid(n),
        Ok(Verdict::Attack {
            first,
            second,
            kind,
            ..
        }) => Expected::Attack(first, second, kind),
        Err(VerifyError::Syntax { line, column, .. }) => Expected::Syntax(line, column),
        Err(VerifyError::OffBoard {
            line,
            column,
            value,
            ..
        }) => Expected::OffBoard(line, column, value),
        Err(VerifyError::Empty) => Expected::Empty,
        Err(other) => panic!("unexpected error {other}"),
    }
}

fn check(text: &[u8]) -> Result<(), TestCaseError> {
    let expected = oracle(text);
    prop_assert_eq!(
        &seen(verify(text)),
        &expected,
        "pipe, {:?}",
        String::from_utf8_lossy(text)
    );
    prop_assert_eq!(
        &seen(verify_seekable(Cursor::new(text.to_vec()))),
        &expected,
        "file, {:?}",
        String::from_utf8_lossy(text)
    );
    Ok(())
}

/// A permutation of `0..n` written with random separators, maybe in
/// brackets, maybe with one byte changed: long enough for the fast path,
/// and mostly valid lists.
fn written_placement() -> impl Strategy<Value = Vec<u8>> {
    (
        1usize..80,
        any::<u64>(),
        any::<bool>(),
        prop::option::weighted(0.5, (any::<prop::sample::Index>(), any::<u8>())),
    )
        .prop_map(|(n, seed, brackets, change)| {
            let mut state = seed | 1;
            let mut next = move |bound: usize| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                (state % bound as u64) as usize
            };
            let mut cols: Vec<usize> = (0..n).collect();
            for i in (1..n).rev() {
                cols.swap(i, next(i + 1));
            }
            let separators = [", ", ",", " ", "\n", " , ", "\r\n", ",\n", "  "];
            let mut text = String::new();
            if brackets {
                text.push('[');
            }
            for (index, col) in cols.iter().enumerate() {
                if index > 0 {
                    text.push_str(separators[next(separators.len())]);
                }
                // Leading zeros now and then: still the same number.
                if next(10) == 0 {
                    text.push('0');
                }
                text.push_str(&col.to_string());
            }
            if brackets {
                text.push(']');
            }
            if next(2) == 0 {
                text.push('\n');
            }
            let mut bytes = text.into_bytes();
            if let Some((index, byte)) = change {
                let at = index.index(bytes.len());
                bytes[at] = match byte % 4 {
                    0 => b'0' + byte % 10,
                    1 => b",[] x-\n"[usize::from(byte) % 7],
                    _ => byte,
                };
            }
            bytes
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn arbitrary_bytes_give_the_oracles_answer(bytes in proptest::collection::vec(any::<u8>(), 0..120)) {
        check(&bytes)?;
    }

    #[test]
    fn digits_and_separators_give_the_oracles_answer(
        bytes in proptest::collection::vec(prop::sample::select(b"0123456789, \n[]".to_vec()), 0..200)
    ) {
        check(&bytes)?;
    }

    #[test]
    fn written_placements_give_the_oracles_answer(text in written_placement()) {
        check(&text)?;
    }
}

#[test]
fn long_numbers_take_the_careful_path() {
    for digits in 1..=25 {
        let number = "7".repeat(digits);
        let text = format!("{number}, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16");
        check(text.as_bytes()).unwrap();
        let text = format!("0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, {number}");
        check(text.as_bytes()).unwrap();
    }
}

#[test]
fn large_files_are_checked_on_two_threads_with_the_same_answers() {
    use puzzles::queens::construct::Construction;
    let n = 700_000u64;
    let mut text = Vec::new();
    Construction::queens(n)
        .unwrap()
        .write_cols(&mut text, b", ")
        .unwrap();
    assert!(text.len() > 4 << 20, "past the two-thread threshold");
    let both = |text: &[u8]| {
        let piped = seen(verify(text));
        assert_eq!(seen(verify_seekable(Cursor::new(text.to_vec()))), piped);
        piped
    };
    assert_eq!(both(&text), Expected::Valid(n));
    // Swap the columns of two late rows: row 600000 now repeats a column
    // of an earlier row or meets one on a diagonal; the oracle names them.
    let mut cols: Vec<u64> = Construction::queens(n).unwrap().columns().collect();
    cols.swap(600_000, 650_000);
    let swapped: Vec<String> = cols.iter().map(u64::to_string).collect();
    let swapped = swapped.join(" ");
    assert_eq!(both(swapped.as_bytes()), oracle_pairs(&cols));
    let mut broken = text.clone();
    broken.extend_from_slice(b" x");
    assert_eq!(
        both(&broken),
        Expected::Syntax(1, text.len() as u64 + 2),
        "a stray byte after the list"
    );
}

/// The first attacked row and its earliest attacker, pair by pair.
fn oracle_pairs(cols: &[u64]) -> Expected {
    // Rows of each column and diagonal, to find the pair without n² work.
    use std::collections::HashMap;
    let mut first_on: HashMap<(u8, i64), u64> = HashMap::new();
    for (row, &col) in cols.iter().enumerate() {
        let lines = [
            (0u8, col as i64),
            (1, row as i64 + col as i64),
            (2, row as i64 - col as i64),
        ];
        let attackers: Vec<u64> = lines
            .iter()
            .filter_map(|line| first_on.get(line).copied())
            .collect();
        if let Some(&earliest) = attackers.iter().min() {
            let first_col = cols[earliest as usize];
            let kind = if first_col == col {
                ConflictKind::Column
            } else {
                ConflictKind::Diagonal
            };
            return Expected::Attack((earliest, first_col), (row as u64, col), kind);
        }
        for line in lines {
            first_on.entry(line).or_insert(row as u64);
        }
    }
    Expected::Valid(cols.len() as u64)
}
