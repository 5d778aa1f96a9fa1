//! Writing a checkpoint: the header, then one flushed line per unit.

use std::io::{self, Write};

use super::super::count::{UnitCount, UnitId};
use super::format::{CheckpointHeader, record_line};

/// Appends unit records to a checkpoint, flushing each so that a crash loses
/// at most the units in flight.
///
/// # Example
///
/// ```
/// use puzzles::queens::checkpoint::{Checkpoint, CheckpointHeader, CheckpointWriter};
/// use puzzles::queens::count::{CountPlan, UnitCount};
///
/// let plan = CountPlan::new(8, 2)?;
/// let header = CheckpointHeader::for_plan(&plan);
/// let mut first = CheckpointWriter::create(Vec::new(), &header)?;
/// first.record(0, plan.count_unit(0)?)?;
/// // A later run appends to the same file.
/// let mut second = CheckpointWriter::resume(first.into_inner(), &header);
/// second.record(1, plan.count_unit(1)?)?;
/// let checkpoint = Checkpoint::read(&second.into_inner()[..])?;
/// assert_eq!(checkpoint.done().len(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct CheckpointWriter<W: Write> {
    pub(super) out: W,
    pub(super) header: CheckpointHeader,
}

impl<W: Write> CheckpointWriter<W> {
    /// Starts a new checkpoint: writes and flushes the header.
    ///
    /// # Errors
    ///
    /// Any error writing to `out`.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::checkpoint::{CheckpointHeader, CheckpointWriter};
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let header = CheckpointHeader::for_plan(&CountPlan::new(8, 2)?);
    /// let writer = CheckpointWriter::create(Vec::new(), &header)?;
    /// assert_eq!(writer.into_inner(), header.line().into_bytes());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn create(mut out: W, header: &CheckpointHeader) -> io::Result<CheckpointWriter<W>> {
        out.write_all(header.line().as_bytes())?;
        out.flush()?;
        Ok(CheckpointWriter::resume(out, header))
    }

    /// Continues a checkpoint of `header`'s problem whose header line is
    /// already written (`out` opened for appending, after
    /// [`Checkpoint::read`](super::Checkpoint::read) has validated it).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::checkpoint::{CheckpointHeader, CheckpointWriter};
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let header = CheckpointHeader::for_plan(&CountPlan::new(8, 2)?);
    /// let writer = CheckpointWriter::resume(Vec::<u8>::new(), &header);
    /// assert!(writer.into_inner().is_empty());
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn resume(out: W, header: &CheckpointHeader) -> CheckpointWriter<W> {
        CheckpointWriter {
            out,
            header: header.clone(),
        }
    }

    /// Records that unit `id` finished with `count`, in one write, flushed.
    ///
    /// # Errors
    ///
    /// Any error writing to the output.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::checkpoint::{CheckpointHeader, CheckpointWriter, record_line};
    /// use puzzles::queens::count::{CountPlan, UnitCount};
    ///
    /// let header = CheckpointHeader::for_plan(&CountPlan::new(8, 2)?);
    /// let count = UnitCount { total: 8, unique: 1, nodes: 3 };
    /// let mut writer = CheckpointWriter::resume(Vec::new(), &header);
    /// writer.record(5, count)?;
    /// assert_eq!(writer.into_inner(), record_line(&header, 5, count).into_bytes());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn record(&mut self, id: UnitId, count: UnitCount) -> io::Result<()> {
        self.out
            .write_all(record_line(&self.header, id, count).as_bytes())?;
        self.out.flush()
    }

    /// The output, for instance to sync a file to disk now and then.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::checkpoint::{CheckpointHeader, CheckpointWriter};
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let header = CheckpointHeader::for_plan(&CountPlan::new(8, 2)?);
    /// let writer = CheckpointWriter::resume(Vec::<u8>::new(), &header);
    /// assert!(writer.get_ref().is_empty());
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn get_ref(&self) -> &W {
        &self.out
    }

    /// Gives the output back.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::checkpoint::{CheckpointHeader, CheckpointWriter};
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let header = CheckpointHeader::for_plan(&CountPlan::new(8, 2)?);
    /// assert!(CheckpointWriter::resume(Vec::<u8>::new(), &header).into_inner().is_empty());
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn into_inner(self) -> W {
        self.out
    }
}
