//! Reading a checkpoint back: every line checked before any is trusted.

use std::collections::BTreeMap;
use std::io::BufRead;

use super::super::count::{CountPlan, Tally, UnitCount, UnitId};
use super::format::{
    CheckpointError, CheckpointHeader, CheckpointProblem, MAX_LINE, parse_header, parse_record,
    unseal,
};
use crate::lines::{Line, read_line_bounded};

/// A checkpoint read back: its header and the units it records as done.
///
/// # Example
///
/// ```
/// use puzzles::queens::checkpoint::{Checkpoint, CheckpointHeader, record_line};
/// use puzzles::queens::count::{CountPlan, UnitCount};
///
/// let plan = CountPlan::new(8, 2)?;
/// let header = CheckpointHeader::for_plan(&plan);
/// let mut text = header.line();
/// text += &record_line(&header, 3, UnitCount { total: 8, unique: 1, nodes: 20 });
/// let checkpoint = Checkpoint::read(text.as_bytes())?;
/// assert_eq!(checkpoint.header().n, 8);
/// assert_eq!(checkpoint.tally().total, 8);
/// assert!(!checkpoint.is_complete());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checkpoint {
    pub(super) header: CheckpointHeader,
    pub(super) done: BTreeMap<UnitId, UnitCount>,
}

impl Checkpoint {
    /// Reads and validates a checkpoint: header, checksums, unit ids in
    /// range and not repeated, counts possible, nothing cut short.
    ///
    /// # Errors
    ///
    /// A [`CheckpointError`] naming the first bad line and what is wrong.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::checkpoint::{Checkpoint, CheckpointHeader, CheckpointProblem};
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let header = CheckpointHeader::for_plan(&CountPlan::new(8, 2)?).line();
    /// let cut = &header.as_bytes()[..header.len() - 1]; // no final newline
    /// let err = Checkpoint::read(cut).unwrap_err();
    /// assert!(matches!(err.problem, CheckpointProblem::Truncated));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn read(mut reader: impl BufRead) -> Result<Checkpoint, CheckpointError> {
        let mut bytes = Vec::new();
        let mut line_number = 0;
        let mut header: Option<CheckpointHeader> = None;
        let mut done = BTreeMap::new();
        let mut first_seen: BTreeMap<UnitId, usize> = BTreeMap::new();
        loop {
            let read = read_line_bounded(&mut reader, &mut bytes, MAX_LINE).map_err(|err| {
                CheckpointError {
                    line: line_number + 1,
                    problem: CheckpointProblem::Io(err),
                }
            })?;
            if read == Line::End {
                break;
            }
            line_number += 1;
            let fail = |problem| CheckpointError {
                line: line_number,
                problem,
            };
            if read == Line::TooLong {
                return Err(fail(CheckpointProblem::TooLong));
            }
            let Some(content) = bytes.strip_suffix(b"\n") else {
                return Err(fail(CheckpointProblem::Truncated));
            };
            let text =
                std::str::from_utf8(content).map_err(|_| fail(CheckpointProblem::NotText))?;
            let object = unseal(text).map_err(fail)?;
            match &header {
                None => header = Some(parse_header(&object).map_err(fail)?),
                Some(header) => {
                    let (id, count) = parse_record(&object, header).map_err(fail)?;
                    if let Some(&first) = first_seen.get(&id) {
                        return Err(fail(CheckpointProblem::Duplicate { id, first }));
                    }
                    first_seen.insert(id, line_number);
                    done.insert(id, count);
                }
            }
        }
        let header = header.ok_or(CheckpointError {
            line: 1,
            problem: CheckpointProblem::Empty,
        })?;
        Ok(Checkpoint { header, done })
    }

    /// The header.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::checkpoint::{Checkpoint, CheckpointHeader};
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let line = CheckpointHeader::for_plan(&CountPlan::new(9, 1)?).line();
    /// assert_eq!(Checkpoint::read(line.as_bytes())?.header().split, 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn header(&self) -> &CheckpointHeader {
        &self.header
    }

    /// The finished units and their counts.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::checkpoint::{Checkpoint, CheckpointHeader};
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let line = CheckpointHeader::for_plan(&CountPlan::new(9, 1)?).line();
    /// assert!(Checkpoint::read(line.as_bytes())?.done().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn done(&self) -> &BTreeMap<UnitId, UnitCount> {
        &self.done
    }

    /// The sum of the finished units.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::checkpoint::{Checkpoint, CheckpointHeader};
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let line = CheckpointHeader::for_plan(&CountPlan::new(9, 1)?).line();
    /// assert_eq!(Checkpoint::read(line.as_bytes())?.tally().units, 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn tally(&self) -> Tally {
        self.done.values().copied().collect()
    }

    /// Whether every unit of the header's plan is recorded.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::checkpoint::{Checkpoint, CheckpointHeader, record_line};
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let plan = CountPlan::new(5, 0)?; // one unit
    /// let header = CheckpointHeader::for_plan(&plan);
    /// let text = header.line() + &record_line(&header, 0, plan.count_unit(0)?);
    /// assert!(Checkpoint::read(text.as_bytes())?.is_complete());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_complete(&self) -> bool {
        self.done.len() as u64 == self.header.units
    }

    /// Checks that the checkpoint was written for `plan` (same scheme, board
    /// size, split and unit count).
    ///
    /// # Errors
    ///
    /// [`CheckpointProblem::Mismatch`] on line 1, naming both problems.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::checkpoint::{Checkpoint, CheckpointHeader};
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let line = CheckpointHeader::for_plan(&CountPlan::new(9, 1)?).line();
    /// let checkpoint = Checkpoint::read(line.as_bytes())?;
    /// let err = checkpoint.check_plan(&CountPlan::new(10, 1)?).unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "line 1: the checkpoint is for n = 9, split 1 (4 units, scheme lexmin-rows-1), \
    ///      but this count is n = 10, split 1 (5 units, scheme lexmin-rows-1)"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check_plan(&self, plan: &CountPlan) -> Result<(), CheckpointError> {
        let expected = CheckpointHeader::for_plan(plan);
        if self.header == expected {
            Ok(())
        } else {
            Err(CheckpointError {
                line: 1,
                problem: CheckpointProblem::Mismatch {
                    expected: Box::new(expected),
                    found: Box::new(self.header.clone()),
                },
            })
        }
    }
}
