//! `--threads K`: how many threads a command may use. One validator for
//! every command of `puzzles` and for `puzzles-mpi` (which includes this
//! file), so the bound and its reason read the same everywhere.

/// The most threads a command starts. The work is CPU-bound, so threads
/// beyond the cores only take turns on them; 1024 is above the hardware
/// threads of any one machine today (the largest two-socket servers have
/// 768), while `--threads 100000` would start a hundred thousand stacks and
/// spend minutes doing it.
pub const MAX_THREADS: usize = 1024;

/// Parses `--threads`: a whole number from 1 to [`MAX_THREADS`].
pub fn parse_threads(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(0) => Err("the number of threads must be at least 1".to_string()),
        Ok(threads) if threads > MAX_THREADS => Err(format!(
            "{threads} threads is too many (at most {MAX_THREADS}: the work is CPU-bound, so \
             threads beyond the cores only take turns on them)"
        )),
        Ok(threads) => Ok(threads),
        Err(_) => Err(format!(
            "the number of threads must be a whole number from 1 to {MAX_THREADS}, got {text:?}"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn thread_counts_parse_or_say_why() {
        assert_eq!(parse_threads("2"), Ok(2));
        assert_eq!(parse_threads("1024"), Ok(1024));
        assert!(parse_threads("0").unwrap_err().contains("at least 1"));
        assert!(parse_threads("two").unwrap_err().contains("whole number"));
        let many = parse_threads("100000").unwrap_err();
        assert!(many.contains("too many (at most 1024"), "{many}");
        assert!(parse_threads("99999999999999999999999").is_err());
    }

    proptest! {
        #[test]
        fn the_thread_parser_never_panics(text in "\\PC*") {
            match parse_threads(&text) {
                Ok(threads) => prop_assert!((1..=MAX_THREADS).contains(&threads)),
                Err(message) => prop_assert!(!message.is_empty()),
            }
        }
    }
}
