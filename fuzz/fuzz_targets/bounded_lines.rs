//! `queens::given_file::read_given`, the public reader over the crate's
//! bounded line reader: any bytes, through a small buffer, give squares or
//! an error naming a line, never a panic; and a file of valid squares reads
//! back whole.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzles::queens::given_file::{GivenFileError, read_given};

fuzz_target!(|data: &[u8]| {
    let Some((&capacity, rest)) = data.split_first() else {
        return;
    };
    let reader = std::io::BufReader::with_capacity(usize::from(capacity % 16) + 1, rest);
    match read_given(reader) {
        Ok(squares) => {
            assert!(squares.len() <= rest.split(|&b| b == b'\n').count());
            let text: String = squares.iter().map(|(r, c)| format!("{r}:{c}\n")).collect();
            assert_eq!(read_given(text.as_bytes()).unwrap(), squares);
        }
        Err(err) => {
            assert!(!matches!(err, GivenFileError::Io { .. }));
            assert!(err.to_string().starts_with("line "));
        }
    }
});
