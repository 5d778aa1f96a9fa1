//! How many threads a command may use: one bound, and one parser for
//! `--threads K`, so that `puzzles` and `puzzles-mpi` take and refuse the
//! same numbers with the same words.
//!
//! # Example
//!
//! ```
//! use puzzles::threads::{MAX_THREADS, parse_threads};
//!
//! assert_eq!(parse_threads("8"), Ok(8));
//! assert!(parse_threads(&(MAX_THREADS + 1).to_string()).is_err());
//! ```

/// The most threads a command starts. The work is CPU-bound, so threads
/// beyond the cores only take turns on them; 1024 is above the hardware
/// threads of any one machine today (the largest two-socket servers have
/// 768), while `--threads 100000` would start a hundred thousand stacks and
/// spend minutes doing it.
///
/// # Example
///
/// ```
/// use puzzles::threads::{MAX_THREADS, ThreadCountError, parse_threads};
///
/// assert_eq!(parse_threads(&MAX_THREADS.to_string()), Ok(MAX_THREADS));
/// assert_eq!(parse_threads("1025"), Err(ThreadCountError::TooMany(MAX_THREADS + 1)));
/// ```
pub const MAX_THREADS: usize = 1024;

/// Why a thread count was refused.
///
/// # Example
///
/// ```
/// use puzzles::threads::{ThreadCountError, parse_threads};
///
/// assert_eq!(parse_threads("0"), Err(ThreadCountError::Zero));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ThreadCountError {
    /// Zero threads would count nothing.
    #[error("the number of threads must be at least 1")]
    Zero,
    /// More than [`MAX_THREADS`].
    #[error(
        "{0} threads is too many (at most {MAX_THREADS}: the work is CPU-bound, so threads \
         beyond the cores only take turns on them)"
    )]
    TooMany(usize),
    /// Not a whole number (the text as given).
    #[error("the number of threads must be a whole number from 1 to {MAX_THREADS}, got {0:?}")]
    NotANumber(String),
}

/// Parses a thread count (`--threads`): a whole number from 1 to
/// [`MAX_THREADS`], surrounding blanks allowed.
///
/// # Errors
///
/// [`ThreadCountError`], saying why; its message is one line.
///
/// # Example
///
/// ```
/// use puzzles::threads::parse_threads;
///
/// assert_eq!(parse_threads(" 2 "), Ok(2));
/// assert!(parse_threads("two").unwrap_err().to_string().contains("whole number"));
/// ```
pub fn parse_threads(text: &str) -> Result<usize, ThreadCountError> {
    match text.trim().parse::<usize>() {
        Ok(0) => Err(ThreadCountError::Zero),
        Ok(threads) if threads > MAX_THREADS => Err(ThreadCountError::TooMany(threads)),
        Ok(threads) => Ok(threads),
        Err(_) => Err(ThreadCountError::NotANumber(text.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn thread_counts_parse_or_say_why() {
        let message = |text| parse_threads(text).unwrap_err().to_string();
        assert_eq!(parse_threads("2"), Ok(2));
        assert_eq!(parse_threads("1024"), Ok(1024));
        assert!(message("0").contains("at least 1"));
        assert!(message("two").contains("whole number"));
        let many = message("100000");
        assert!(many.contains("too many (at most 1024"), "{many}");
        assert!(parse_threads("99999999999999999999999").is_err());
    }

    proptest! {
        #[test]
        fn the_thread_parser_never_panics(text in "\\PC*") {
            match parse_threads(&text) {
                Ok(threads) => prop_assert!((1..=MAX_THREADS).contains(&threads)),
                Err(err) => prop_assert!(!err.to_string().is_empty()),
            }
        }
    }
}
