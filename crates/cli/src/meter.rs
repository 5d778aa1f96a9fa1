//! The progress line on standard error while a search runs long: a
//! spinner, the time taken and what the command says of its progress. A
//! leaf: the commands call it, and it calls none of them.

use std::cell::OnceCell;
use std::io::{self, Write};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// The line on standard error while a search runs for more than a second.
pub(crate) struct Meter {
    shown: bool,
    started: Instant,
    bar: OnceCell<ProgressBar>,
}

impl Meter {
    pub(crate) fn new(shown: bool) -> Meter {
        Meter {
            shown,
            started: Instant::now(),
            bar: OnceCell::new(),
        }
    }

    /// Shows `message` (made only when the line is drawn) once the search
    /// has run for a second, on a terminal.
    pub(crate) fn say(&self, message: impl FnOnce() -> String) {
        if !self.shown || self.started.elapsed() < Duration::from_secs(1) {
            return;
        }
        let bar = self.bar.get_or_init(|| {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
            bar.set_style(
                ProgressStyle::with_template("{spinner} {elapsed} {msg}")
                    .expect("a valid template"),
            );
            bar.enable_steady_tick(Duration::from_millis(200));
            bar
        });
        bar.set_message(message());
    }

    /// Runs `print` on `out` with the line taken off the screen and draws
    /// it again after: a fill printed to the terminal while the line is up
    /// would otherwise be written over it, or the line left among the
    /// fills. While the line is up, `out` is flushed inside, so that what
    /// `print` buffered reaches the screen before the line comes back.
    pub(crate) fn hidden_while(
        &self,
        out: &mut dyn Write,
        print: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    ) -> io::Result<()> {
        match self.bar.get() {
            Some(bar) => bar.suspend(|| {
                print(out)?;
                out.flush()
            }),
            None => print(out),
        }
    }

    pub(crate) fn clear(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}
