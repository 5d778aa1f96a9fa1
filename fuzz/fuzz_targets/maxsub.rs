//! `puzzles maxsub`: the number list and matrix readers give values or an
//! error for any bytes; the buffered reader and the text parser agree.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzles::subarray::parse::{parse_values, read_matrix, read_values};

fuzz_target!(|data: &[u8]| {
    let read = read_values::<i64, _>(data);
    if let Ok(text) = std::str::from_utf8(data) {
        assert_eq!(parse_values::<i64>(text).ok(), read.as_ref().ok().cloned());
    }
    let _ = read_values::<f64, _>(data);
    let _ = read_matrix::<i64, _>(data);
});
