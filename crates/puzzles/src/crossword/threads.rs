//! Searches on several threads that the calling thread watches: it reports
//! progress now and then and passes on the caller's request to stop, as the
//! search on one thread does from within.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

/// How often the calling thread reports progress (and looks for the
/// caller's stop).
const REPORT: Duration = Duration::from_millis(100);

/// Runs `work` on `threads` threads and waits for them all, calling
/// `report` about every [`REPORT`] meanwhile; when it returns
/// [`ControlFlow::Break`] (Ctrl-C), sets `stop`, which `work` looks at.
pub(crate) fn watched(
    threads: usize,
    stop: &AtomicBool,
    work: &(dyn Fn() + Sync),
    report: &mut dyn FnMut() -> ControlFlow<()>,
) {
    let (done, finished) = mpsc::channel::<()>();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let done = done.clone();
            scope.spawn(move || {
                work();
                // The receiver only goes when every thread has reported.
                let _ = done.send(());
            });
        }
        drop(done);
        let mut running = threads;
        while running > 0 {
            match finished.recv_timeout(REPORT) {
                Ok(()) => running -= 1,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if report().is_break() {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
                // A thread panicked: the scope hands the panic on.
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
        }
    });
}
