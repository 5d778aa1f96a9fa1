//! `puzzles exact-cover`: any bytes give a problem or an error with a line
//! and column, never a panic; reading and parsing the text agree.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzles::exact_cover::Problem;

fuzz_target!(|data: &[u8]| {
    let read = Problem::read(data);
    if let Err(err) = &read {
        assert!(err.line >= 1 && err.column >= 1);
    }
    if let Ok(text) = std::str::from_utf8(data) {
        assert_eq!(Problem::parse(text).is_ok(), read.is_ok());
    }
});
