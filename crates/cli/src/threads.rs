//! `--threads K`: how many threads a command may use.

/// Parses `--threads`: a whole number, at least 1.
pub fn parse_threads(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(0) => Err("the number of threads must be at least 1".to_string()),
        Ok(threads) => Ok(threads),
        Err(_) => Err(format!(
            "the number of threads must be a positive whole number, got {text:?}"
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
        assert!(parse_threads("0").unwrap_err().contains("at least 1"));
        assert!(parse_threads("two").unwrap_err().contains("whole number"));
    }

    proptest! {
        #[test]
        fn the_thread_parser_never_panics(text in "\\PC*") {
            match parse_threads(&text) {
                Ok(threads) => prop_assert!(threads >= 1),
                Err(message) => prop_assert!(!message.is_empty()),
            }
        }
    }
}
