//! `puzzles queens --verify`: the streaming and the seekable checker give
//! the same verdict or the same error for any bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzles::queens::verify::{verify, verify_seekable};

fuzz_target!(|data: &[u8]| {
    let streamed = verify(data).map_err(|err| err.to_string());
    let seeked = verify_seekable(std::io::Cursor::new(data)).map_err(|err| err.to_string());
    assert_eq!(streamed, seeked);
});
