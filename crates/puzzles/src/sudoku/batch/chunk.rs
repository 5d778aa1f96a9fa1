//! What passes between the reader, the solving threads and the sink: a
//! chunk of puzzle lines, each line's [`Item`], and what answering them
//! [`Written`].

use super::{Answer, Summary};

/// A line waiting for its answer: its number and where its text lies in
/// the chunk's buffer.
pub(super) struct Item {
    pub(super) line: usize,
    pub(super) start: usize,
    pub(super) end: usize,
    /// The line was longer than [`MAX_LINE_BYTES`](super::MAX_LINE_BYTES);
    /// the text is its start.
    pub(super) too_long: bool,
    pub(super) answer: Option<Answer>,
}

impl Item {
    /// A line read on its own (not into a chunk).
    pub(super) fn new(line: usize, too_long: bool) -> Item {
        Item {
            line,
            start: 0,
            end: 0,
            too_long,
            answer: None,
        }
    }
}

/// Consecutive puzzle lines, their text in one buffer, and what became of
/// them.
pub(super) struct Chunk {
    pub(super) text: Vec<u8>,
    pub(super) items: Vec<Item>,
    /// What [`run_rendered`](super::run_rendered)'s render step (or
    /// [`run_lines`](super::run_lines)) wrote, and its tallies.
    pub(super) written: Written,
}

impl Chunk {
    /// Whether answers are still in the chunk: then, delivered, it goes
    /// back to the worker that solved it to be dropped (see the pool).
    pub(super) fn holds_answers(&self) -> bool {
        self.items.iter().any(|item| item.answer.is_some())
    }
}

/// What answering lines wrote: the answer lines, the messages, and the
/// tallies.
#[derive(Default)]
pub(super) struct Written {
    pub(super) out: Vec<u8>,
    pub(super) err: Vec<u8>,
    pub(super) summary: Summary,
}
