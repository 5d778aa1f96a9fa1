//! Ctrl-C as a request to stop: the first sets a flag that a long command
//! polls, so that it ends cleanly (saying so, exit 130); a second leaves at
//! once.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::Context;

/// Installs the Ctrl-C handler (once per process) and returns the flag
/// that it sets.
pub(crate) fn on_ctrl_c() -> anyhow::Result<Arc<AtomicBool>> {
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&cancel);
    ctrlc::set_handler(move || {
        if flag.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
    })
    .context("cannot install the Ctrl-C handler")?;
    Ok(cancel)
}
