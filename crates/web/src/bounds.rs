//! The bounds every trace is held to, shared by the parameter check, the
//! traces and the server's memory budget, the way messages write them and
//! the way a request's numbers are read.

/// The most events one trace returns. 200,000 events are 15–18 MB of
/// JSON: the page still loads and scrubs them quickly, and a learner cannot
/// watch more than that anyway.
///
/// # Example
///
/// ```
/// assert_eq!(puzzles_web::bounds::MAX_EVENTS, 200_000);
/// ```
pub const MAX_EVENTS: usize = 200_000;

/// The most bytes of events a crossword trace returns (its events carry
/// words, the slot that failed and the changed candidate counts, so they
/// are longer than a queen's): a trace that reaches it is cut short there,
/// as at [`MAX_EVENTS`], and its answer stays within what a capped trace
/// of the other puzzles takes.
///
/// # Example
///
/// ```
/// use puzzles_web::bounds::MAX_CROSSWORD_BYTES;
///
/// assert!(MAX_CROSSWORD_BYTES < 16 << 20);
/// ```
pub const MAX_CROSSWORD_BYTES: usize = 14 << 20;

/// The most bytes of events a queens or Sudoku trace returns. Traces stop
/// at [`MAX_EVENTS`] below it (an event is at most about 90 bytes: 200,000
/// of N = 12 queens are 16.9 MB, of a sparse 25×25 Sudoku 17.7 MB), so it
/// only makes sure of the bound the server's memory budget counts on for
/// one answer; a trace that reached it would be cut short there.
///
/// # Example
///
/// ```
/// use puzzles_web::bounds::{MAX_EVENTS, MAX_TRACE_BYTES};
///
/// assert!(MAX_EVENTS * 90 < MAX_TRACE_BYTES);
/// ```
pub const MAX_TRACE_BYTES: usize = 20 << 20;

/// The length of `value` as JSON, written nowhere.
pub(crate) fn json_len<T: serde::Serialize>(value: &T) -> usize {
    struct Length(usize);
    impl std::io::Write for Length {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0 += buf.len();
            Ok(buf.len())
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut length = Length(0);
    serde_json::to_writer(&mut length, value).expect("events serialise");
    length.0
}

/// The most rows and columns of a crossword grid the page takes (the
/// library takes up to [`puzzles::crossword::MAX_SIDE`]): a 15×15 grid is
/// the size of a daily newspaper puzzle, and its text fits in a URL.
///
/// # Example
///
/// ```
/// assert_eq!(puzzles_web::bounds::MAX_CROSSWORD_SIDE, 15);
/// ```
pub const MAX_CROSSWORD_SIDE: usize = 15;

/// `200,000` for 200000: numbers in messages, grouped by thousands.
pub(crate) fn grouped(value: usize) -> String {
    let digits = value.to_string();
    let mut grouped = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    grouped
}

/// A whole number as the command line reads one: digits, `+` before them
/// allowed; no `-`, no spaces, no `0x`.
pub(crate) fn whole_number(text: &str) -> Option<usize> {
    let digits = text.strip_prefix('+').unwrap_or(text);
    digits
        .bytes()
        .all(|byte| byte.is_ascii_digit())
        .then(|| digits.parse::<usize>().ok())
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_are_grouped() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(200_000), "200,000");
        assert_eq!(grouped(1_234_567), "1,234,567");
    }

    /// `n=+8` was refused where the command line takes `queens +8`, and
    /// the page's own `cols=+1` and `given=+1:2`.
    #[test]
    fn whole_numbers_are_read_as_the_command_line_reads_them() {
        assert_eq!(whole_number("8"), Some(8));
        assert_eq!(whole_number("+8"), Some(8));
        assert_eq!(whole_number("008"), Some(8));
        for refused in [
            "",
            "+",
            "++8",
            "-8",
            "+-8",
            " 8",
            "8 ",
            "0x8",
            "8.0",
            "99999999999999999999999",
        ] {
            assert_eq!(whole_number(refused), None, "{refused:?}");
        }
    }
}
