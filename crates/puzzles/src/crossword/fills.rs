//! Every fill of a grid as an iterator: the callback search run on a thread
//! of its own, which searches only while `next` waits for a fill.

use std::io;
use std::iter::FusedIterator;
use std::ops::ControlFlow;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;

use super::fill::Fill;
use super::filler::Filler;

/// The fills of a grid, in the order [`Filler::search`] lists them
/// ([`Filler::fills`]).
///
/// The search runs on a thread of its own, and only while `next` waits for
/// a fill: it starts at the first call, and between calls it waits where it
/// found the last fill. So an iterator that is dropped, or never run to its
/// end, costs no more search than it asked for; dropping it ends the thread
/// and waits for it. Each iterator holds a copy of the filler.
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
    /// Asks the search for the next fill; `None` once it has ended.
    asks: Option<Sender<()>>,
    fills: Receiver<Fill>,
    search: Option<JoinHandle<()>>,
}

impl Filler {
    /// Every fill, as an iterator: [`Filler::search`] without a limit, run
    /// on a thread of its own that searches only while `next` waits for a
    /// fill (see [`Fills`]).
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
        let (asks, asked) = channel::<()>();
        let (found, fills) = channel();
        let search = std::thread::Builder::new()
            .name("crossword-fills".into())
            .spawn(move || {
                // Nothing is searched before the first `next`, and nothing
                // after a fill until the next one; a closed channel is an
                // iterator dropped.
                if asked.recv().is_err() {
                    return;
                }
                let mut progress = |_: &_| ControlFlow::Continue(());
                filler.search(None, &mut progress, &mut |fill| {
                    let handed = found.send(fill).is_ok();
                    if handed && asked.recv().is_ok() {
                        ControlFlow::Continue(())
                    } else {
                        ControlFlow::Break(())
                    }
                });
            })?;
        Ok(Fills {
            asks: Some(asks),
            fills,
            search: Some(search),
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
        // The search ends by dropping its sender: then `recv` fails.
        let fill = self
            .asks
            .as_ref()?
            .send(())
            .ok()
            .and_then(|()| self.fills.recv().ok());
        if fill.is_none() {
            self.asks = None;
            self.join();
        }
        fill
    }
}

impl FusedIterator for Fills {}

impl Drop for Fills {
    fn drop(&mut self) {
        // A search waiting to be asked for the next fill wakes to a closed
        // channel.
        self.asks = None;
        if let Some(search) = self.search.take() {
            let _ = search.join();
        }
    }
}
