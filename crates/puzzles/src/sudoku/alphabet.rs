//! How digits are written: the two alphabets, characters to digits and
//! back.

use serde::{Deserialize, Serialize};

/// How digits are written.
///
/// # Example
///
/// ```
/// use puzzles::sudoku::Alphabet;
///
/// assert_eq!(Alphabet::Standard.symbol(16), 'G');
/// assert_eq!(Alphabet::ZeroBased.symbol(16), 'F');
/// assert_eq!(Alphabet::Standard.value('g'), Some(16));
/// assert_eq!(Alphabet::Standard.value('0'), Some(0));
/// assert_eq!(Alphabet::ZeroBased.value('0'), Some(1));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Alphabet {
    /// Digits `1`–`9`, then `A`, `B`, …: `1`–`9A`–`G` for 16×16 and
    /// `1`–`9A`–`P` for 25×25. Empty cells are `.` or `0`.
    #[default]
    Standard,
    /// Digits `0`–`9`, then `A`, `B`, …: `0`–`9A`–`F` for 16×16 (hexadecimal)
    /// and `0`–`9A`–`O` for 25×25. Empty cells are `.` only.
    ZeroBased,
}

impl Alphabet {
    /// The character for digit `value` (1 to 25); 0 gives `.`.
    ///
    /// # Panics
    ///
    /// When `value` is above 25.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::sudoku::Alphabet;
    ///
    /// assert_eq!(Alphabet::Standard.symbol(9), '9');
    /// assert_eq!(Alphabet::Standard.symbol(10), 'A');
    /// assert_eq!(Alphabet::Standard.symbol(0), '.');
    /// ```
    pub fn symbol(self, value: u8) -> char {
        const STANDARD: &[u8; 26] = b".123456789ABCDEFGHIJKLMNOP";
        const ZERO_BASED: &[u8; 26] = b".0123456789ABCDEFGHIJKLMNO";
        let table = match self {
            Alphabet::Standard => STANDARD,
            Alphabet::ZeroBased => ZERO_BASED,
        };
        char::from(table[usize::from(value)])
    }

    /// The digit a character stands for (`Some(0)` for an empty cell), or
    /// `None` for a character of no meaning. Digits above the grid's size
    /// are returned as they are; the parser rejects them.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::sudoku::Alphabet;
    ///
    /// assert_eq!(Alphabet::Standard.value('.'), Some(0));
    /// assert_eq!(Alphabet::Standard.value('P'), Some(25));
    /// assert_eq!(Alphabet::Standard.value('Q'), None);
    /// assert_eq!(Alphabet::ZeroBased.value('O'), Some(25));
    /// ```
    pub fn value(self, ch: char) -> Option<u8> {
        if ch.is_ascii() {
            self.byte_value(ch as u8)
        } else {
            None
        }
    }

    #[inline]
    pub(super) fn byte_value(self, byte: u8) -> Option<u8> {
        let offset = match self {
            Alphabet::Standard => 0,
            Alphabet::ZeroBased => 1,
        };
        let value = match byte {
            b'.' => return Some(0),
            b'0' if self == Alphabet::Standard => return Some(0),
            b'0'..=b'9' => byte - b'0' + offset,
            b'A'..=b'Z' => byte - b'A' + 10 + offset,
            b'a'..=b'z' => byte - b'a' + 10 + offset,
            _ => return None,
        };
        (value <= 25).then_some(value)
    }

    /// How the digits of a grid of `side` are written, for messages:
    /// `1-9`, `1-9 and A-G`, `0-9 and A-F`…
    ///
    /// # Panics
    ///
    /// When `side` is above 25, the side of the largest grid (boxes of
    /// [`MAX_BOX_SIZE`](super::MAX_BOX_SIZE)): there are no symbols past it.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::sudoku::Alphabet;
    ///
    /// assert_eq!(Alphabet::Standard.describe(9), "1-9");
    /// assert_eq!(Alphabet::Standard.describe(16), "1-9 and A-G");
    /// assert_eq!(Alphabet::ZeroBased.describe(16), "0-9 and A-F");
    /// assert_eq!(Alphabet::Standard.describe(4), "1-4");
    /// ```
    pub fn describe(self, side: usize) -> String {
        let digits = match self {
            Alphabet::Standard => 9,
            Alphabet::ZeroBased => 10,
        };
        let last_digit = side.min(digits) as u8;
        let mut text = format!("{}-{}", self.symbol(1), self.symbol(last_digit));
        if side > digits {
            text += &format!(
                " and {}-{}",
                self.symbol(last_digit + 1),
                self.symbol(side as u8)
            );
        }
        text
    }

    /// What marks an empty cell, for messages.
    pub(super) fn empty_marks(self) -> &'static str {
        match self {
            Alphabet::Standard => "'.' or '0'",
            Alphabet::ZeroBased => "'.'",
        }
    }
}
