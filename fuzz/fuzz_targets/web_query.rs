//! `puzzles serve`: any query string gives a trace request or a 400
//! message, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzles_web::params::{TraceRequest, parse_pairs};

fuzz_target!(|query: &str| {
    let _ = parse_pairs(query);
    if let Err(err) = TraceRequest::from_query(query) {
        assert!(!err.to_string().is_empty());
    }
});
