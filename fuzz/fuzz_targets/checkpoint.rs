//! `Checkpoint::read`: any bytes give a checkpoint or an error naming a
//! line, never a panic; what it accepts names at most its units.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzles::queens::checkpoint::Checkpoint;

fuzz_target!(|data: &[u8]| {
    match Checkpoint::read(data) {
        Ok(checkpoint) => {
            assert!(checkpoint.done().len() as u64 <= checkpoint.header().units);
            assert!(checkpoint.done().keys().all(|&id| id < checkpoint.header().units));
        }
        Err(err) => assert!(err.to_string().starts_with("line ")),
    }
});
