//! `crossword::checkpoint::read_units`: any bytes give the units of a
//! checkpoint or an error naming a line, never a panic; what it accepts
//! names only units of the count.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzles::crossword::checkpoint::{CountProblem, read_units};

fuzz_target!(|data: &[u8]| {
    let problem = CountProblem {
        scheme: "square-rows-1".to_string(),
        fingerprint: "0123456789abcdef".to_string(),
        units: 100,
    };
    match read_units(data, &problem) {
        Ok(done) => assert!(done.keys().all(|&unit| unit < problem.units)),
        Err(err) => assert!(err.to_string().starts_with("line ")),
    }
});
