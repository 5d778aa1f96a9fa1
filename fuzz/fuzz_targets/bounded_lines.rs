//! `read_line_bounded`, under every line reader: lines come back whole or
//! as too long, never longer than the bound.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzles::lines::{Line, read_line_bounded};

fuzz_target!(|data: &[u8]| {
    let Some((&bound, rest)) = data.split_first() else {
        return;
    };
    let bound = usize::from(bound % 64);
    let mut reader = std::io::BufReader::with_capacity(7, rest);
    let mut line = Vec::new();
    let mut lines = rest.split_inclusive(|&b| b == b'\n');
    loop {
        match read_line_bounded(&mut reader, &mut line, bound).unwrap() {
            Line::End => {
                assert!(lines.next().is_none());
                break;
            }
            Line::Read => assert_eq!(Some(&line[..]), lines.next()),
            Line::TooLong => {
                assert_eq!(line.len(), bound);
                break;
            }
        }
    }
});
