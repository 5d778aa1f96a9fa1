//! The progress line on standard error while a search runs long.

use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use puzzles::crossword::Progress;

/// The line on standard error while a search runs for more than a second.
pub(super) struct Meter {
    shown: bool,
    started: Instant,
    bar: Option<ProgressBar>,
}

impl Meter {
    pub(super) fn new(shown: bool) -> Meter {
        Meter {
            shown,
            started: Instant::now(),
            bar: None,
        }
    }

    pub(super) fn show(&mut self, progress: &Progress) {
        if !self.shown || self.started.elapsed() < Duration::from_secs(1) {
            return;
        }
        let bar = self.bar.get_or_insert_with(|| {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
            bar.set_style(
                ProgressStyle::with_template("{spinner} {elapsed} {msg}")
                    .expect("a valid template"),
            );
            bar.enable_steady_tick(Duration::from_millis(200));
            bar
        });
        bar.set_message(format!(
            "{} words tried, {} of {} slots decided, {} fills (Ctrl-C stops)",
            progress.nodes, progress.decided, progress.slots, progress.fills
        ));
    }

    pub(super) fn clear(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}
