//! Ctrl-C as a request to stop: the first sets a flag that a long command
//! polls, so that it ends cleanly (saying so, exit 130); a second leaves at
//! once — unless it comes within [`SAME_REQUEST`] of the first, which is one
//! request sent twice (`timeout -s INT` signals both the command and its
//! process group), not a person pressing again.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use anyhow::Context;

/// Signals this close to the first are taken as the same request.
const SAME_REQUEST: Duration = Duration::from_millis(500);

/// Installs the Ctrl-C handler (once per process) and returns the flag
/// that it sets.
pub(crate) fn on_ctrl_c() -> anyhow::Result<Arc<AtomicBool>> {
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&cancel);
    let first = OnceLock::new();
    ctrlc::set_handler(move || {
        let first = *first.get_or_init(Instant::now);
        if flag.swap(true, Ordering::SeqCst) && first.elapsed() >= SAME_REQUEST {
            std::process::exit(130);
        }
    })
    .context("cannot install the Ctrl-C handler")?;
    Ok(cancel)
}
