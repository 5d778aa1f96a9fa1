use std::io::Cursor;

use super::*;
use crate::trace::ConflictKind;

fn both(text: &str) -> Result<Verdict, String> {
    let piped = verify(text.as_bytes()).map_err(|err| err.to_string());
    let seeked =
        verify_seekable(Cursor::new(text.as_bytes().to_vec())).map_err(|err| err.to_string());
    assert_eq!(piped, seeked, "both readers agree on {text:?}");
    piped
}

#[test]
fn accepts_every_documented_shape() {
    for text in [
        "[1, 3, 0, 2]\n",
        "[1,3,0,2]",
        "1,3,0,2",
        "1 3 0 2",
        "1\n3\n0\n2\n",
        "  [ 1 ,3 , 0\n,2 ]  \n",
        "\r\n1\r\n3\r\n0\r\n2\r\n",
        "[1 3 0 2]",
    ] {
        assert_eq!(both(text), Ok(Verdict::Valid { n: 4 }), "{text:?}");
    }
}

#[test]
fn names_the_first_attacked_queen_and_its_earliest_attacker() {
    // Row 3 is attacked by rows 0 (diagonal) and 1 (column): row 0 first.
    assert_eq!(
        both("0 3 5 3 1 4"),
        Ok(Verdict::Attack {
            n: 6,
            first: (0, 0),
            second: (3, 3),
            kind: ConflictKind::Diagonal
        })
    );
    assert_eq!(
        both("[2, 0, 2]"),
        Ok(Verdict::Attack {
            n: 3,
            first: (0, 2),
            second: (2, 2),
            kind: ConflictKind::Column
        })
    );
    // Anti-diagonal, with the column greater than the row.
    assert_eq!(
        both("3 0 1 2"),
        Ok(Verdict::Attack {
            n: 4,
            first: (0, 3),
            second: (2, 1),
            kind: ConflictKind::Diagonal
        })
    );
}

#[test]
fn malformed_input_says_where() {
    let cases = [
        ("", "no columns found: a placement needs at least one"),
        ("[]", "no columns found: a placement needs at least one"),
        (" \n ", "no columns found: a placement needs at least one"),
        (
            "1, 2,, 3",
            "line 1, column 6: expected a column number after ',', found ','",
        ),
        (
            "[1, 2,]",
            "line 1, column 7: expected a column number after ',', found ']'",
        ),
        (
            "1, 2,",
            "line 1, column 6: expected a column number after ',', found the end of the input",
        ),
        (
            "[0, 1",
            "line 1, column 6: expected ']' to close the list, found the end of the input",
        ),
        ("0 1]", "line 1, column 4: found ']' without an opening '['"),
        (
            "[0] 1",
            "line 1, column 5: expected nothing after ']', found '1'",
        ),
        (
            "[0]]",
            "line 1, column 4: expected nothing after ']', found ']'",
        ),
        (
            "[[0]",
            "line 1, column 2: expected a column number or ']', found '['",
        ),
        (
            "0\n1\n-2\n",
            "line 3, column 1: expected ',' or a column number, found '-'",
        ),
        (
            "[0, 1x]",
            "line 1, column 6: expected ',', a column number or ']', found 'x'",
        ),
        (
            "1.5",
            "line 1, column 2: expected ',' or a column number, found '.'",
        ),
        (
            "0 é",
            "line 1, column 3: expected ',' or a column number, found 'é'",
        ),
        (
            "0 \u{1}",
            "line 1, column 3: expected ',' or a column number, found the byte 0x01",
        ),
        (
            ", 0",
            "line 1, column 1: expected '[' or a column number, found ','",
        ),
        (
            "0 1 99999999999999999999",
            "line 1, column 5: this number is too large (at most 18446744073709551615)",
        ),
        (
            "[0, 18446744073709551615]",
            "line 1, column 5: column 18446744073709551615 is off the board: 2 rows, so the columns are 0 to 1",
        ),
        (
            "4 0 9 2 9",
            "line 1, column 5: column 9 is off the board: 5 rows, so the columns are 0 to 4",
        ),
    ];
    for (text, message) in cases {
        assert_eq!(both(text), Err(message.to_string()), "{text:?}");
    }
}

#[test]
fn numbers_and_lines_cross_chunk_boundaries() {
    let n = 400_000u64;
    let construction = crate::queens::construct::Construction::queens(n).unwrap();
    let mut text = String::new();
    for col in construction.columns() {
        text.push_str(&format!("{col}\n"));
    }
    assert_eq!(both(&text), Ok(Verdict::Valid { n }));
    text.push_str("zz");
    assert_eq!(
        both(&text).unwrap_err(),
        format!(
            "line {}, column 1: expected ',' or a column number, found 'z'",
            n + 1
        )
    );
    // 2r + 1 mod n repeats itself halfway down: the first clash is a
    // column, far apart.
    let text: String = (0..n)
        .map(|row| format!("{}, ", (2 * row + 1) % n))
        .collect();
    assert_eq!(
        both(text.trim_end_matches(", ")),
        Ok(Verdict::Attack {
            n,
            first: (0, 1),
            second: (n / 2, 1),
            kind: ConflictKind::Column
        })
    );
}

#[test]
fn a_single_queen_is_valid() {
    assert_eq!(both("0"), Ok(Verdict::Valid { n: 1 }));
    assert_eq!(both("[0]\n"), Ok(Verdict::Valid { n: 1 }));
    assert!(both("1").is_err());
}

/// A reader that hands out one byte a read, as a slow pipe may.
struct OneByteAtATime<'a>(&'a [u8]);

impl Read for OneByteAtATime<'_> {
    fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
        let Some((&first, rest)) = self.0.split_first() else {
            return Ok(0);
        };
        buffer[0] = first;
        self.0 = rest;
        Ok(1)
    }
}

#[test]
fn a_byte_order_mark_is_passed_over_and_not_counted_as_a_column() {
    assert_eq!(both("\u{feff}[1, 3, 0, 2]\n"), Ok(Verdict::Valid { n: 4 }));
    assert_eq!(
        verify(OneByteAtATime("\u{feff}1 3 0 2".as_bytes())).map_err(|err| err.to_string()),
        Ok(Verdict::Valid { n: 4 })
    );
    assert_eq!(
        both("\u{feff}1 x").unwrap_err(),
        "line 1, column 3: expected ',' or a column number, found 'x'"
    );
    // Only at the start: elsewhere it is a character that cannot stand there.
    assert!(both("1 \u{feff}3 0 2").is_err());
    // A file of the mark alone, or of part of it, is empty or malformed, as
    // without the mark.
    assert_eq!(both("\u{feff}"), both(""));
    assert!(verify(&b"\xef\xbb1 3 0 2"[..]).is_err());
}

#[test]
fn a_stream_keeps_a_bounded_number_of_rows_even_without_end() {
    // "0 1 2 … " on and on, as a pipe that never closes would give.
    struct Counting(u64, Vec<u8>);
    impl Read for Counting {
        fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
            while self.1.len() < buffer.len() {
                self.1.extend_from_slice(format!("{} ", self.0).as_bytes());
                self.0 += 1;
            }
            buffer.copy_from_slice(&self.1[..buffer.len()]);
            self.1.drain(..buffer.len());
            Ok(buffer.len())
        }
    }
    let err = verify_keeping(Counting(0, Vec::new()), 50_000).unwrap_err();
    assert!(matches!(err, VerifyError::TooManyRows { max: 50_000 }));
    assert!(
        err.to_string()
            .starts_with("more than 50000 rows from a stream"),
        "{err}"
    );
    assert!(matches!(
        verify_keeping("1 3 0 2".as_bytes(), 4),
        Ok(Verdict::Valid { n: 4 })
    ));
}

#[test]
fn a_number_without_end_is_refused_once_it_passes_64_bits() {
    // "1111…" without end, as `yes 1 | tr -d '\n'` gives: the error comes
    // within the first read, whatever follows.
    struct Ones(u64);
    impl Read for Ones {
        fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
            self.0 += 1;
            assert!(self.0 < 4, "the scan goes on reading past the error");
            buffer.fill(b'1');
            Ok(buffer.len())
        }
    }
    let err = verify(Ones(0)).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "line 1, column 1: this number is too large (at most {})",
            u64::MAX
        )
    );
    // So through a pipe handing out a byte at a time.
    let digits = "2".repeat(100_000);
    let err = verify(OneByteAtATime(digits.as_bytes())).unwrap_err();
    assert!(err.to_string().contains("too large"), "{err}");
}

#[test]
fn a_seekable_input_read_from_past_its_end_holds_no_columns() {
    let mut input = Cursor::new(b"0\n".to_vec());
    input.set_position(10);
    assert!(matches!(verify_seekable(input), Err(VerifyError::Empty)));
}

/// Reads `first` to its end and, from the next seek on, `second`: a file
/// rewritten between the two readings of [`verify_seekable`].
struct Rewritten {
    first: Cursor<Vec<u8>>,
    second: Cursor<Vec<u8>>,
    first_read: bool,
    rewritten: bool,
}

impl Rewritten {
    fn new(first: &[u8], second: &[u8]) -> Rewritten {
        Rewritten {
            first: Cursor::new(first.to_vec()),
            second: Cursor::new(second.to_vec()),
            first_read: false,
            rewritten: false,
        }
    }
}

impl std::io::Read for Rewritten {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.rewritten {
            return self.second.read(buf);
        }
        let read = self.first.read(buf)?;
        self.first_read |= read == 0;
        Ok(read)
    }
}

impl Seek for Rewritten {
    fn seek(&mut self, pos: SeekFrom) -> std::io::Result<u64> {
        self.rewritten |= self.first_read;
        self.second.seek(pos)?;
        self.first.seek(pos)
    }
}

#[test]
fn an_input_rewritten_between_the_readings_is_an_error_not_a_panic() {
    let input = Rewritten::new(b"[0, 1, 3, 2]", b"[3, 1, 0, 2]");
    let verdict = verify_seekable(input);
    assert!(matches!(verdict, Err(VerifyError::Changed)), "{verdict:?}");
    // The same input unchanged names the pair.
    let same = Rewritten::new(b"[0, 1, 3, 2]", b"[0, 1, 3, 2]");
    assert!(matches!(
        verify_seekable(same),
        Ok(Verdict::Attack {
            first: (0, 0),
            second: (1, 1),
            ..
        })
    ));
}
