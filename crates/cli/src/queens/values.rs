//! The values that `puzzles queens` arguments parse into: board sizes,
//! limits, squares and shards. A leaf: the argument definitions and the
//! command files use it, it uses neither.

use std::fmt;

use puzzles::queens::count::UnitId;

pub fn parse_board_size(text: &str) -> Result<u64, String> {
    match text.trim().parse::<i128>() {
        Ok(n) if n >= 1 && n <= i128::from(u64::MAX) => Ok(n as u64),
        Ok(n) if n < 1 => Err(format!("the board size must be at least 1, got {n}")),
        Ok(_) => Err(format!("the board size {text} is too large")),
        Err(_) => Err(format!(
            "the board size must be a whole number, got {text:?}"
        )),
    }
}

pub use crate::numbers::parse_limit;

/// The most subtrees `--sample` counts: a bound on its memory and time.
pub const MAX_SAMPLE: u64 = 1_000_000;

/// Parses `--sample K`: 1 to [`MAX_SAMPLE`].
pub fn parse_sample_size(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(k @ 1..=MAX_SAMPLE) => Ok(k),
        Ok(_) => Err(format!(
            "the sample must hold 1 to {MAX_SAMPLE} units, got {text:?}"
        )),
        Err(err) if *err.kind() == std::num::IntErrorKind::PosOverflow => Err(format!(
            "the sample must hold 1 to {MAX_SAMPLE} units, got {text:?}"
        )),
        Err(_) => Err(format!(
            "the sample size must be a positive whole number, got {text:?}"
        )),
    }
}

/// Parses one given square, `ROW:COL` (0-based), for `--given`: the
/// library's parser, as clap wants it.
pub fn parse_square(text: &str) -> Result<(usize, usize), String> {
    puzzles::queens::parse_square(text).map_err(|err| err.to_string())
}

/// One shard of a count: shard `index` (from 1) of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shard {
    /// From 1 to `count`.
    pub index: u64,
    /// How many shards, at least 1.
    pub count: u64,
}

impl Shard {
    /// Whether unit `id` belongs to this shard.
    pub fn contains(self, id: UnitId) -> bool {
        id % self.count == self.index - 1
    }

    /// How many of the units `0..units` belong to this shard.
    pub fn units_of(self, units: u64) -> u64 {
        units.saturating_sub(self.index - 1).div_ceil(self.count)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "shard {} of {}", self.index, self.count)
    }
}

/// Parses `--shard I/K`: whole numbers, 1 <= I <= K.
pub fn parse_shard(text: &str) -> Result<Shard, String> {
    let usage = || format!("a shard is I/K with 1 <= I <= K (shard I of K), got {text:?}");
    let (index, count) = text.trim().split_once('/').ok_or_else(usage)?;
    let number = |part: &str| part.trim().parse::<u64>().map_err(|_| usage());
    let (index, count) = (number(index)?, number(count)?);
    if count == 0 {
        return Err(format!(
            "the number of shards must be at least 1, got {text:?}"
        ));
    }
    if index == 0 || index > count {
        return Err(format!(
            "shard {index} of {count} does not exist: shards are numbered 1 to {count}"
        ));
    }
    Ok(Shard { index, count })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn squares_parse_or_say_why() {
        assert_eq!(parse_square("0:5"), Ok((0, 5)));
        assert_eq!(parse_square(" 12 : 3 "), Ok((12, 3)));
        assert!(parse_square("05").unwrap_err().contains("ROW:COL"));
        assert!(parse_square("a:1").unwrap_err().contains("row"));
        assert!(parse_square("1:-1").unwrap_err().contains("column"));
        assert!(parse_square("").unwrap_err().contains("ROW:COL"));
    }

    #[test]
    fn shards_parse_or_say_why() {
        assert_eq!(parse_shard("3/8"), Ok(Shard { index: 3, count: 8 }));
        assert_eq!(parse_shard(" 1 / 1 "), Ok(Shard { index: 1, count: 1 }));
        assert!(parse_shard("0/8").unwrap_err().contains("numbered 1 to 8"));
        assert!(parse_shard("9/8").unwrap_err().contains("does not exist"));
        assert!(parse_shard("1/0").unwrap_err().contains("at least 1"));
        assert!(parse_shard("3").unwrap_err().contains("I/K"));
        assert!(parse_shard("a/b").unwrap_err().contains("I/K"));
    }

    #[test]
    fn board_sizes_parse_or_say_why() {
        assert_eq!(parse_board_size("8"), Ok(8));
        assert_eq!(parse_board_size(" 12 "), Ok(12));
        assert_eq!(parse_board_size("1000000000"), Ok(1_000_000_000));
        assert!(parse_board_size("0").unwrap_err().contains("at least 1"));
        assert!(parse_board_size("-1").unwrap_err().contains("at least 1"));
        assert!(
            parse_board_size("99999999999999999999999")
                .unwrap_err()
                .contains("too large")
        );
        assert!(
            parse_board_size("0x10")
                .unwrap_err()
                .contains("whole number")
        );
    }

    proptest! {
        #[test]
        fn the_square_parser_never_panics(text in "\\PC*") {
            match parse_square(&text) {
                Ok((row, col)) => {
                    let (r, c) = text.trim().split_once(':').expect("a colon");
                    prop_assert_eq!(r.trim().parse::<usize>(), Ok(row));
                    prop_assert_eq!(c.trim().parse::<usize>(), Ok(col));
                }
                Err(message) => prop_assert!(!message.is_empty()),
            }
        }

        #[test]
        fn the_board_size_parser_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..40)) {
            let text = String::from_utf8_lossy(&bytes);
            match parse_board_size(&text) {
                Ok(n) => prop_assert_eq!(Ok(n), text.trim().parse::<u64>()),
                Err(message) => prop_assert!(!message.is_empty()),
            }
        }

        #[test]
        fn the_limit_parser_never_panics(text in "\\PC*") {
            match parse_limit(&text) {
                Ok(k) => prop_assert!(k >= 1),
                Err(message) => prop_assert!(!message.is_empty()),
            }
        }

        #[test]
        fn the_sample_size_parser_never_panics(text in "\\PC*") {
            match parse_sample_size(&text) {
                Ok(k) => prop_assert!((1..=MAX_SAMPLE).contains(&k)),
                Err(message) => prop_assert!(!message.is_empty()),
            }
        }

        #[test]
        fn shard_text_parses_or_says_why(text in "\\PC*") {
            match parse_shard(&text) {
                Ok(shard) => prop_assert!(shard.index >= 1 && shard.index <= shard.count),
                Err(message) => prop_assert!(!message.is_empty()),
            }
        }
    }
}
