//! Every fill of a grid as an iterator: the callback search run on a thread
//! of its own, one fill handed over at a time.

use std::io;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::thread::JoinHandle;

use super::fill::Fill;
use super::filler::Filler;

/// The fills of a grid, in the order [`Filler::search`] lists them, each
/// found only when the one before it has been taken ([`Filler::fills`]).
///
/// The search runs on a thread of its own and waits for `next` between
/// fills, so an iterator that is dropped, or never run to its end, costs no
/// more search than it asked for. Dropping it stops the search at its next
/// check (every few thousand words tried) and waits for the thread.
///
/// # Example
///
/// ```
/// use puzzles::crossword::{Filler, Grid, WordList};
///
/// let grid = Grid::parse("..\n..")?;
/// let words = WordList::parse(&b"AB\nCD\nAC\nBD\n"[..])?;
/// let filler = Filler::new(&grid, &words)?;
/// let mut fills: Vec<String> = filler.fills()?.map(|fill| fill.lines().join("/")).collect();
/// fills.sort();
/// assert_eq!(fills, ["AB/CD", "AC/BD"]);
/// assert_eq!(filler.fills()?.next().map(|fill| fill.rows()), Some(2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Fills {
    receiver: Option<Receiver<Fill>>,
    stop: Arc<AtomicBool>,
    search: Option<JoinHandle<()>>,
}

impl Filler {
    /// Every fill, as an iterator: [`Filler::search`] without a limit, run
    /// on a thread of its own that finds each fill only when the one before
    /// it has been taken (see [`Fills`]).
    ///
    /// # Errors
    ///
    /// The system's error when the thread cannot start.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::crossword::{Filler, Grid, WordList};
    ///
    /// let grid = Grid::parse("...\n#..")?;
    /// let words = WordList::parse(&b"CAT\nAT\nTO\nAN\nNO\nTA\nON\n"[..])?;
    /// for fill in Filler::new(&grid, &words)?.fills()?.take(2) {
    ///     assert_eq!(fill.lines()[1].as_bytes()[0], b'#');
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn fills(&self) -> io::Result<Fills> {
        Fills::new(self)
    }
}

impl Fills {
    fn new(filler: &Filler) -> io::Result<Fills> {
        let filler = filler.clone();
        // A channel without room: the search hands a fill over only when
        // `next` asks for it.
        let (sender, receiver): (SyncSender<Fill>, _) = sync_channel(0);
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = Arc::clone(&stop);
        let search = std::thread::Builder::new()
            .name("crossword-fills".into())
            .spawn(move || {
                let mut progress = |_: &_| match stopped.load(Ordering::Relaxed) {
                    true => ControlFlow::Break(()),
                    false => ControlFlow::Continue(()),
                };
                filler.search(None, &mut progress, &mut |fill| match sender.send(fill) {
                    Ok(()) => ControlFlow::Continue(()),
                    Err(_) => ControlFlow::Break(()),
                });
            });
        Ok(Fills {
            receiver: Some(receiver),
            stop,
            search: Some(search?),
        })
    }

    /// Waits for the search thread, passing on its panic if it had one.
    fn join(&mut self) {
        if let Some(search) = self.search.take()
            && let Err(panic) = search.join()
        {
            std::panic::resume_unwind(panic);
        }
    }
}

impl Iterator for Fills {
    type Item = Fill;

    fn next(&mut self) -> Option<Fill> {
        let fill = self.receiver.as_ref()?.recv().ok();
        if fill.is_none() {
            self.receiver = None;
            self.join();
        }
        fill
    }
}

impl Drop for Fills {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        // Dropping the receiver wakes a search waiting to hand over a fill.
        self.receiver = None;
        if let Some(search) = self.search.take() {
            let _ = search.join();
        }
    }
}
