//! Where a character stands in a text: [`Position`], the one (line, column)
//! type that parse errors carry and print, in every puzzle.
//!
//! Crate-internal besides: ASCII digits read eight bytes at a time (SWAR:
//! SIMD within a register), shared by the parsers. A *word* is eight bytes
//! of text read as a little-endian `u64`, so that the first byte is the
//! lowest.
//!
//! # Example
//!
//! ```
//! use puzzles::crossword::{Grid, GridError};
//! use puzzles::text::Position;
//!
//! let err = Grid::parse("..\n.?").unwrap_err();
//! assert!(matches!(err, GridError::BadCharacter { position: Position { line: 2, column: 2 }, .. }));
//! ```

use std::fmt;

use serde::{Deserialize, Serialize};

/// Where a character or token starts: 1-based line and column (what a
/// column counts, characters or bytes, is the parser's to say).
///
/// # Example
///
/// ```
/// use puzzles::text::Position;
///
/// assert_eq!(Position { line: 3, column: 7 }.to_string(), "line 3, column 7");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Position {
    /// The line, from 1.
    pub line: u64,
    /// The column, from 1.
    pub column: u64,
}

impl Position {
    /// The position of a character counted in `usize`.
    pub(crate) fn at(line: usize, column: usize) -> Position {
        Position {
            line: line as u64,
            column: column as u64,
        }
    }

    /// The position for a text that is most often one line: the column
    /// alone on the first line (`column 7`), else as [`Display`](fmt::Display)
    /// writes it.
    pub(crate) fn brief(self) -> String {
        if self.line == 1 {
            format!("column {}", self.column)
        } else {
            self.to_string()
        }
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// How many of the eight bytes of `word`, from the first, are ASCII digits
/// (0 to 8).
#[inline(always)]
pub(crate) fn leading_digits(word: u64) -> usize {
    // A byte is a digit when adding 0x46 leaves its top bit clear (≤ 0x39)
    // and subtracting 0x30 does not borrow (≥ 0x30). Carries and borrows
    // only reach bytes after a non-digit, which do not count.
    let high = (word.wrapping_add(0x4646_4646_4646_4646)
        | word.wrapping_sub(0x3030_3030_3030_3030))
        & 0x8080_8080_8080_8080;
    // The lowest set bit is bit 7 of the first non-digit byte.
    (high.trailing_zeros() / 8) as usize
}

/// The value of the first `digits` (1 to 8) bytes of `word`, which are
/// ASCII digits; the bytes after them may be anything.
#[inline(always)]
pub(crate) fn first_digits(word: u64, digits: usize) -> u64 {
    debug_assert!((1..=8).contains(&digits));
    // Digit values, the first digit in the lowest byte; shifting left puts
    // zeros in front, leaving eight digits to convert.
    let values = word.wrapping_sub(0x3030_3030_3030_3030) << (8 * (8 - digits));
    // Pairs, then fours, then eight (Lemire's eight-digit conversion).
    let pairs = values.wrapping_mul(10).wrapping_add(values >> 8);
    let mask = 0x0000_00FF_0000_00FF;
    let mul1 = 100 + (1_000_000 << 32);
    let mul2 = 1 + (10_000 << 32);
    ((pairs & mask)
        .wrapping_mul(mul1)
        .wrapping_add(((pairs >> 16) & mask).wrapping_mul(mul2)))
        >> 32
}

/// The value of the eight ASCII digits of `word`.
#[inline(always)]
pub(crate) fn eight_digits(word: u64) -> u64 {
    first_digits(word, 8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn positions_read_as_messages_write_them() {
        assert_eq!(Position::at(3, 7).to_string(), "line 3, column 7");
        assert_eq!(Position::at(3, 7).brief(), "line 3, column 7");
        assert_eq!(Position::at(1, 7).brief(), "column 7");
    }

    #[test]
    fn known_words() {
        for text in ["0", "7", "12", "123", "9999999", "1234567", "0000001"] {
            let mut bytes = text.as_bytes().to_vec();
            bytes.push(b' ');
            bytes.resize(8, b'x');
            let word = u64::from_le_bytes(bytes.try_into().unwrap());
            assert_eq!(leading_digits(word), text.len(), "{text}");
            assert_eq!(first_digits(word, text.len()), text.parse::<u64>().unwrap());
        }
        assert_eq!(leading_digits(u64::from_le_bytes(*b"12345678")), 8);
        assert_eq!(eight_digits(u64::from_le_bytes(*b"99999999")), 99_999_999);
        assert_eq!(eight_digits(u64::from_le_bytes(*b"00000042")), 42);
        assert_eq!(leading_digits(u64::from_le_bytes(*b"/:0\xff\x80 9a")), 0);
        assert_eq!(leading_digits(u64::from_le_bytes(*b"1:2\xff\x80 9a")), 1);
    }

    proptest! {
        /// Against the byte-by-byte reading, on any eight bytes (digits
        /// made likely).
        #[test]
        fn words_read_as_their_bytes_say(bytes in proptest::array::uniform8(prop_oneof![
            3 => b'0'..=b'9',
            1 => any::<u8>(),
        ])) {
            let word = u64::from_le_bytes(bytes);
            let digits = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
            prop_assert_eq!(leading_digits(word), digits);
            if digits > 0 {
                let value = bytes[..digits].iter().fold(0u64, |v, &b| v * 10 + u64::from(b - b'0'));
                prop_assert_eq!(first_digits(word, digits), value);
            }
        }
    }
}
