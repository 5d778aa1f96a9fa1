//! Checkpoints for long counts: a text file recording each finished work
//! unit, so that an interrupted count resumes where it stopped — on this
//! machine or on a cluster, since every driver writes the same format.
//!
//! # Format (version 2)
//!
//! One JSON object per line, each line ending in `\n`:
//!
//! ```text
//! {"format":"puzzles-queens-count","version":2,"scheme":"lexmin-rows-1","n":17,"split":4,"units":5617,"check":"…"}
//! {"n":17,"split":4,"units":5617,"scheme":"lexmin-rows-1","unit":0,"total":133392,"unique":16674,"nodes":2093466,"check":"…"}
//! {"n":17,"split":4,"units":5617,"scheme":"lexmin-rows-1","unit":2,"total":60768,"unique":7596,"nodes":1040193,"check":"…"}
//! ```
//!
//! The first line names the problem: board size, split depth, number of
//! units and the reduction scheme (see [`count`](super::count)), which
//! together fix what each unit id means. Every other line records one
//! finished unit (in the order units finished) and names its problem again,
//! so a line copied in from another count's checkpoint is refused rather
//! than summed. `check` is the FNV-1a 64-bit hash of the line's bytes before
//! `,"check":"`, in 16 lower-case hex digits: an edited or damaged line no
//! longer matches it. (It detects accidents, not forgery.) A file whose last
//! line has no newline was cut short while being written and is refused,
//! like any other damage: the reader never guesses. [`CheckpointFile`]
//! never leaves one: a write that fails part way (a full disk) is cut back
//! to the last whole line, so the same command resumes once there is room.
//! A checkpoint must be a regular file (or not exist yet): a FIFO, a device
//! or a directory is refused before anything is read or written. A line is
//! at most [`MAX_LINE`] bytes; a longer one is refused after reading that
//! much.
//!
//! Version 1 records did not name their problem; this build refuses version
//! 1 files, saying so, rather than trust their records.
//!
//! # Locking
//!
//! [`CheckpointFile`] holds an exclusive lock on the file (`flock`, through
//! [`File::try_lock`](std::fs::File::try_lock), see
//! [`record_file`](super::record_file)) while it is open: a second count on
//! the same file stops at once with [`CheckpointFileError::InUse`], touching
//! nothing. The
//! operating system drops the lock when the process ends, however it ends,
//! so a crash never leaves a stale lock behind.
//!
//! # Example
//!
//! ```
//! use puzzles::queens::checkpoint::{Checkpoint, CheckpointHeader, CheckpointWriter};
//! use puzzles::queens::count::CountPlan;
//!
//! let plan = CountPlan::new(10, 2)?;
//! let mut writer = CheckpointWriter::create(Vec::new(), &CheckpointHeader::for_plan(&plan))?;
//! writer.record(0, plan.count_unit(0)?)?;
//! let bytes = writer.into_inner();
//!
//! let checkpoint = Checkpoint::read(&bytes[..])?;
//! checkpoint.check_plan(&plan)?;
//! assert_eq!(checkpoint.done().len(), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod file;
mod format;
mod read;
mod write;

pub use file::{CheckpointFile, CheckpointFileError, resume_scheme, resume_split};
pub use format::{
    CheckpointError, CheckpointHeader, CheckpointProblem, FORMAT, MAX_LINE, VERSION, record_line,
};
pub use read::Checkpoint;
pub use write::CheckpointWriter;

#[cfg(test)]
mod tests;
