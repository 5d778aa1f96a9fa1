//! What is wrong with a token, and where it is: the errors the tokenizer
//! and the matrix reader report.

use serde::{Deserialize, Serialize};

/// Where a token starts (columns count bytes; every byte before a bad
/// token on its line is ASCII, so they are characters too): the crate's one
/// (line, column) type.
pub use crate::text::Position;

/// Why a token is not a number.
///
/// # Example
///
/// ```
/// use puzzles::subarray::parse::parse_values;
/// use puzzles::subarray::{SubarrayError, SyntaxErrorKind};
///
/// let Err(SubarrayError::Syntax(err)) = parse_values::<i64>("1 2.5") else { panic!() };
/// assert_eq!(err.kind, SyntaxErrorKind::Decimal);
/// let Err(SubarrayError::Syntax(err)) = parse_values::<f64>("1 nan") else { panic!() };
/// assert_eq!(err.kind, SyntaxErrorKind::NotFinite);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub enum SyntaxErrorKind {
    /// Not an integer (nor a decimal number).
    NotInteger,
    /// A decimal number where an integer was expected.
    Decimal,
    /// Not a number at all (reading decimals).
    NotNumber,
    /// Digits beyond the range of `i64`.
    IntegerOutOfRange,
    /// A decimal beyond the range of `f64`.
    FloatOutOfRange,
    /// NaN or an infinity.
    NotFinite,
    /// A token longer than any number can be ([`MAX_TOKEN`] bytes).
    TooLong,
}

/// The longest token the tokenizer accepts, in bytes. It bounds the memory a
/// scan needs, whatever the input.
///
/// # Example
///
/// ```
/// use puzzles::subarray::parse::{MAX_TOKEN, parse_values};
/// use puzzles::subarray::{SubarrayError, SyntaxErrorKind};
///
/// let kind = |text: &str| match parse_values::<i64>(text) {
///     Err(SubarrayError::Syntax(err)) => Some(err.kind),
///     _ => None,
/// };
/// // The longest token is read and judged; one byte more is refused unread.
/// assert_eq!(kind(&"x".repeat(MAX_TOKEN)), Some(SyntaxErrorKind::NotInteger));
/// assert_eq!(kind(&"x".repeat(MAX_TOKEN + 1)), Some(SyntaxErrorKind::TooLong));
/// ```
pub const MAX_TOKEN: usize = 1 << 18;

/// A token that is not a number, with where it is and what it says (the
/// first 40 characters of it).
///
/// # Example
///
/// ```
/// use puzzles::subarray::parse::parse_values;
///
/// let err = parse_values::<i64>("1 2\n3 x4 5").unwrap_err();
/// assert_eq!(err.to_string(), "line 2, column 3: `x4` is not an integer");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error, Serialize, Deserialize)]
#[error("{position}: {}", describe(*.kind, text))]
#[non_exhaustive]
pub struct SyntaxError {
    /// Where the token starts.
    pub position: Position,
    /// The token (at most 40 characters; longer ones end with `…`).
    pub text: String,
    /// What is wrong with it.
    pub kind: SyntaxErrorKind,
}

fn describe(kind: SyntaxErrorKind, text: &str) -> String {
    match kind {
        SyntaxErrorKind::NotInteger => format!("`{text}` is not an integer"),
        SyntaxErrorKind::Decimal => {
            format!("`{text}` is not an integer (it is a decimal number)")
        }
        SyntaxErrorKind::NotNumber => format!("`{text}` is not a number"),
        SyntaxErrorKind::IntegerOutOfRange => {
            format!("`{text}` is out of range for a 64-bit integer")
        }
        SyntaxErrorKind::FloatOutOfRange => {
            format!("`{text}` is out of range for a 64-bit float")
        }
        SyntaxErrorKind::NotFinite => {
            format!("`{text}` is not a finite number (NaN and infinities are refused)")
        }
        SyntaxErrorKind::TooLong => {
            format!("`{text}` is too long for a number (more than {MAX_TOKEN} bytes)")
        }
    }
}

/// The printable start of a token.
pub(super) fn excerpt_text(token: &[u8]) -> String {
    const SHOWN: usize = 40;
    let text = String::from_utf8_lossy(token);
    let mut chars = text.chars();
    let mut shown: String = chars.by_ref().take(SHOWN).collect();
    if chars.next().is_some() {
        shown.push('…');
    }
    // Control characters would garble the message, and a space that is
    // not a separator (a no-break space) would look like one: show them
    // escaped.
    shown
        .chars()
        .map(|c| {
            if c.is_control() || c.is_whitespace() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}
