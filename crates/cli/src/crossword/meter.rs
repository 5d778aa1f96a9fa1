//! The crossword's words on the progress line ([`crate::meter`]).

use puzzles::crossword::Progress;

use crate::meter::Meter;

impl Meter {
    pub(super) fn show(&self, progress: &Progress) {
        self.say(|| {
            format!(
                "{} words tried, {} of {} slots decided, {} fills (Ctrl-C stops)",
                progress.nodes, progress.decided, progress.slots, progress.fills
            )
        });
    }

    /// A count with a checkpoint: the units counted so far, earlier runs'
    /// included, of the count's `units`.
    pub(super) fn show_units(&self, progress: &Progress, counted: u64, units: usize) {
        self.say(|| {
            format!(
                "{counted} of {units} units counted, {} words tried (Ctrl-C stops, the \
                 checkpoint keeps them)",
                progress.nodes
            )
        });
    }
}
