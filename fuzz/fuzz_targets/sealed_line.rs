//! `unseal_line` (checkpoint and part file lines): a line is accepted only
//! with its own checksum, and sealing what it gives back makes it again.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzles::queens::record_file::{seal_line, unseal_line};

fuzz_target!(|text: &str| {
    if let Ok(object) = unseal_line(text) {
        let payload = object.strip_suffix('}').expect("an object ends in a brace");
        assert_eq!(seal_line(payload).trim_end(), text);
    }
});
