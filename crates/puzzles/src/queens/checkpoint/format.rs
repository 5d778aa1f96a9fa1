//! The checkpoint format: the header and record lines, their fields, and
//! what can be wrong with them.

use std::fmt;
use std::io;

use serde::Deserialize;

use super::super::count::{CountPlan, UnitCount, UnitId};
use crate::record_file::{SealError, foreign_format, json_problem, seal_line, unseal_line};

/// The `format` field of a header line.
///
/// # Example
///
/// ```
/// use puzzles::queens::checkpoint::{CheckpointHeader, FORMAT};
/// use puzzles::queens::count::CountPlan;
///
/// let line = CheckpointHeader::for_plan(&CountPlan::new(8, 2)?).line();
/// assert_eq!(FORMAT, "puzzles-queens-count");
/// assert!(line.starts_with(&format!(r#"{{"format":"{FORMAT}","#)));
/// # Ok::<(), puzzles::queens::count::CountError>(())
/// ```
pub const FORMAT: &str = "puzzles-queens-count";

/// The format version this module writes and reads.
///
/// # Example
///
/// ```
/// use puzzles::queens::checkpoint::{Checkpoint, CheckpointProblem, FORMAT, VERSION};
/// use puzzles::record_file::seal_line;
///
/// // A header from a newer build, checksum and all: refused by its version.
/// let header = format!(
///     r#"{{"format":"{FORMAT}","version":{},"scheme":"lexmin-rows-1","n":8,"split":2,"units":16"#,
///     VERSION + 1
/// );
/// let err = Checkpoint::read(seal_line(&header).as_bytes()).unwrap_err();
/// assert!(matches!(err.problem, CheckpointProblem::Version(3)));
/// ```
pub const VERSION: u32 = 2;

/// The longest checkpoint line, newline excluded, that the reader accepts:
/// a written line is under 200 bytes, so 4 KiB leaves room for any header
/// while a damaged file of one huge line costs 4 KiB, not its size.
///
/// # Example
///
/// ```
/// use puzzles::queens::checkpoint::{Checkpoint, CheckpointHeader, CheckpointProblem, MAX_LINE};
/// use puzzles::queens::count::CountPlan;
///
/// let header = CheckpointHeader::for_plan(&CountPlan::new(8, 2)?).line();
/// let problem = |len| {
///     let text = format!("{header}{}\n", "x".repeat(len));
///     Checkpoint::read(text.as_bytes()).unwrap_err().problem
/// };
/// // A line of the longest length is read and judged; one byte more is not.
/// assert!(matches!(problem(MAX_LINE), CheckpointProblem::NoChecksum));
/// assert!(matches!(problem(MAX_LINE + 1), CheckpointProblem::TooLong));
/// # Ok::<(), puzzles::queens::count::CountError>(())
/// ```
pub const MAX_LINE: usize = 4096;

/// What a checkpoint's header line records: the problem its unit ids refer
/// to.
///
/// # Example
///
/// ```
/// use puzzles::queens::checkpoint::CheckpointHeader;
/// use puzzles::queens::count::CountPlan;
///
/// let header = CheckpointHeader::for_plan(&CountPlan::new(8, 2)?);
/// assert_eq!((header.n, header.split, header.units), (8, 2, 16));
/// # Ok::<(), puzzles::queens::count::CountError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CheckpointHeader {
    /// The reduction scheme ([`SCHEME`](crate::queens::count::SCHEME) for this build).
    pub scheme: String,
    /// The board size.
    pub n: usize,
    /// The split depth.
    pub split: usize,
    /// How many units the plan has.
    pub units: u64,
    /// The given pieces of a count of completions
    /// ([`CountPlan::completions`]), sorted by row; empty for a count of the
    /// whole board. Written only when there are some, so the lines of other
    /// counts read as before.
    pub given: Vec<(usize, usize)>,
}

impl CheckpointHeader {
    /// The header for counting `plan`.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::checkpoint::CheckpointHeader;
    /// use puzzles::queens::count::{CountPlan, SCHEME};
    ///
    /// assert_eq!(CheckpointHeader::for_plan(&CountPlan::new(8, 2)?).scheme, SCHEME);
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn for_plan(plan: &CountPlan) -> CheckpointHeader {
        CheckpointHeader {
            scheme: plan.scheme().to_string(),
            n: plan.n(),
            split: plan.split(),
            units: plan.len(),
            given: plan.given().unwrap_or_default().to_vec(),
        }
    }

    /// The header's line, newline included.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::checkpoint::CheckpointHeader;
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let line = CheckpointHeader::for_plan(&CountPlan::new(8, 2)?).line();
    /// assert!(line.starts_with(r#"{"format":"puzzles-queens-count","version":2,"#));
    /// assert!(line.ends_with("\"}\n"));
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn line(&self) -> String {
        let scheme = serde_json::to_string(&self.scheme).expect("a string serializes");
        seal_line(&format!(
            r#"{{"format":"{FORMAT}","version":{VERSION},"scheme":{scheme},"n":{},"split":{},"units":{}{}"#,
            self.n,
            self.split,
            self.units,
            self.given_field()
        ))
    }

    /// `,"given":[[0,3],[5,1]]`, or nothing when no piece is given.
    fn given_field(&self) -> String {
        if self.given.is_empty() {
            return String::new();
        }
        let given = serde_json::to_string(&self.given).expect("pairs of numbers serialize");
        format!(r#","given":{given}"#)
    }

    /// The fields that bind a record to this problem, as a record line
    /// starts with them: `"n":17,"split":4,"units":5617,"scheme":"…"`.
    fn record_prefix(&self) -> String {
        let scheme = serde_json::to_string(&self.scheme).expect("a string serializes");
        format!(
            r#""n":{},"split":{},"units":{},"scheme":{scheme}{}"#,
            self.n,
            self.split,
            self.units,
            self.given_field()
        )
    }
}

impl fmt::Display for CheckpointHeader {
    /// Writes `n = 17, split 4 (5617 units, scheme lexmin-rows-1)`, and
    /// for a count of completions `…, given 0:3 5:1)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "n = {}, split {} ({} units, scheme {}",
            self.n, self.split, self.units, self.scheme
        )?;
        if !self.given.is_empty() {
            f.write_str(", given")?;
            for (row, col) in &self.given {
                write!(f, " {row}:{col}")?;
            }
        }
        f.write_str(")")
    }
}

/// The line recording that unit `id` of `header`'s problem finished with
/// `count`, newline included.
///
/// # Example
///
/// ```
/// use puzzles::queens::checkpoint::{CheckpointHeader, record_line};
/// use puzzles::queens::count::{CountPlan, UnitCount};
///
/// let header = CheckpointHeader::for_plan(&CountPlan::new(8, 2)?);
/// let line = record_line(&header, 7, UnitCount { total: 16, unique: 2, nodes: 100 });
/// assert!(line.starts_with(
///     r#"{"n":8,"split":2,"units":16,"scheme":"lexmin-rows-1","unit":7,"total":16,"unique":2,"nodes":100,"check":""#
/// ));
/// # Ok::<(), puzzles::queens::count::CountError>(())
/// ```
pub fn record_line(header: &CheckpointHeader, id: UnitId, count: UnitCount) -> String {
    seal_line(&format!(
        r#"{{{},"unit":{id},"total":{},"unique":{},"nodes":{}"#,
        header.record_prefix(),
        count.total,
        count.unique,
        count.nodes
    ))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HeaderFields {
    format: String,
    version: u32,
    scheme: String,
    n: usize,
    split: usize,
    units: u64,
    #[serde(default)]
    given: Vec<(usize, usize)>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordFields {
    n: usize,
    split: usize,
    units: u64,
    scheme: String,
    #[serde(default)]
    given: Vec<(usize, usize)>,
    unit: u64,
    total: u64,
    unique: u64,
    nodes: u64,
}

/// Why a checkpoint was refused, with the line where the trouble is (1 for
/// the header; 0 for a read error before any line).
///
/// # Example
///
/// ```
/// use puzzles::queens::checkpoint::{Checkpoint, CheckpointProblem};
///
/// let err = Checkpoint::read(&b""[..]).unwrap_err();
/// assert!(matches!(err.problem, CheckpointProblem::Empty));
/// assert_eq!(err.to_string(), "line 1: the file is empty (no header line)");
/// ```
#[derive(Debug, thiserror::Error)]
#[error("line {line}: {problem}")]
#[non_exhaustive]
pub struct CheckpointError {
    /// The line, counting from 1.
    pub line: usize,
    /// What is wrong with it.
    pub problem: CheckpointProblem,
}

/// What is wrong with a checkpoint line (see [`CheckpointError`]).
///
/// # Example
///
/// ```
/// use puzzles::queens::checkpoint::{Checkpoint, CheckpointHeader, CheckpointProblem, record_line};
/// use puzzles::queens::count::{CountPlan, UnitCount};
///
/// let header = CheckpointHeader::for_plan(&CountPlan::new(8, 2)?);
/// let count = UnitCount { total: 4, unique: 1, nodes: 30 };
/// let text = header.line() + &record_line(&header, 99, count);
/// let err = Checkpoint::read(text.as_bytes()).unwrap_err();
/// assert_eq!(err.line, 2);
/// assert!(matches!(err.problem, CheckpointProblem::OutOfRange { id: 99, units: 16 }));
/// let cut = Checkpoint::read(text.trim_end().as_bytes()).unwrap_err();
/// assert!(matches!(cut.problem, CheckpointProblem::Truncated));
/// # Ok::<(), puzzles::queens::count::CountError>(())
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CheckpointProblem {
    /// Nothing at all in the file.
    #[error("the file is empty (no header line)")]
    Empty,
    /// The last line has no newline: the file was cut short mid-write.
    #[error(
        "the line is cut short (no newline at its end), so the file was truncated; \
         delete that line to resume from the units before it"
    )]
    Truncated,
    /// The bytes are not UTF-8 text.
    #[error("not UTF-8 text")]
    NotText,
    /// A line longer than [`MAX_LINE`] bytes: no checkpoint line is.
    #[error("the line is longer than {MAX_LINE} bytes, so it is no checkpoint line")]
    TooLong,
    /// The line does not end in `,"check":"<16 hex digits>"}`.
    #[error(r#"no checksum (a line ends in ,"check":"<16 lower-case hex digits>"}})"#)]
    NoChecksum,
    /// The checksum does not match the line.
    #[error("checksum mismatch: the line was edited or damaged")]
    BadChecksum,
    /// A line that is no sealed line for another reason: empty, or its line
    /// break turned into CR LF.
    #[error(transparent)]
    Seal(SealError),
    /// The first line is not a header of this format.
    #[error("not a queens counting checkpoint header: {0}")]
    NotAHeader(String),
    /// A format version this build cannot read.
    #[error("format version {0} is not supported (this build reads version {VERSION})")]
    Version(u32),
    /// A file in an older format, whose records this build does not trust.
    #[error(
        "format version {0} is an old checkpoint format that this build no longer reads \
         (its records do not name their problem, so lines of another count could mix in); \
         this build reads version {VERSION}: move the file aside and count afresh"
    )]
    OldVersion(u32),
    /// A record of another problem than the header's: a line copied in from
    /// another count's checkpoint.
    #[error(
        "the record is for {found}, but the file's header is for {header}: \
         a line of another count's checkpoint, or an edited header (line 1)"
    )]
    ForeignRecord {
        /// The header's problem.
        header: Box<CheckpointHeader>,
        /// The problem the record names.
        found: Box<CheckpointHeader>,
    },
    /// A unit line that does not parse.
    #[error("not a unit record: {0}")]
    NotARecord(String),
    /// A unit id beyond the header's unit count.
    #[error("unit {id} is out of range (the checkpoint has units 0 to {})", units.saturating_sub(1))]
    OutOfRange {
        /// The id recorded.
        id: UnitId,
        /// The header's unit count.
        units: u64,
    },
    /// The same unit twice.
    #[error("unit {id} is recorded twice (first on line {first})")]
    Duplicate {
        /// The unit.
        id: UnitId,
        /// The line of its first record.
        first: usize,
    },
    /// Counts no unit can have: fewer solutions than classes, or more than
    /// eight per class; or classes counted in a quadrant unit, which
    /// records none.
    #[error("unit {id} has impossible counts (total {total}, unique {unique})")]
    Impossible {
        /// The unit.
        id: UnitId,
        /// Its recorded total.
        total: u64,
        /// Its recorded fundamental count.
        unique: u64,
    },
    /// The checkpoint was written for another problem than the one counted.
    #[error("the checkpoint is for {found}, but this count is {expected}")]
    Mismatch {
        /// The count being run.
        expected: Box<CheckpointHeader>,
        /// What the checkpoint records.
        found: Box<CheckpointHeader>,
    },
    /// Reading failed.
    #[error("cannot read: {0}")]
    Io(#[source] io::Error),
}

impl From<SealError> for CheckpointProblem {
    fn from(err: SealError) -> CheckpointProblem {
        match err {
            SealError::NoChecksum => CheckpointProblem::NoChecksum,
            SealError::BadChecksum => CheckpointProblem::BadChecksum,
            other => CheckpointProblem::Seal(other),
        }
    }
}

/// The object of a sealed line (newline removed) with its checksum verified.
pub(super) fn unseal(line: &str) -> Result<String, CheckpointProblem> {
    Ok(unseal_line(line)?)
}

pub(super) fn parse_header(object: &str) -> Result<CheckpointHeader, CheckpointProblem> {
    let fields: HeaderFields = serde_json::from_str(object).map_err(|err| {
        // serde's "unknown field `unit`, expected one of …" does not say
        // what happened.
        if serde_json::from_str::<RecordFields>(object).is_ok() {
            CheckpointProblem::NotAHeader(
                "the first line is a unit record, so the header line was deleted".to_string(),
            )
        } else if let Some(foreign) = foreign_format(object, FORMAT) {
            CheckpointProblem::NotAHeader(foreign)
        } else {
            CheckpointProblem::NotAHeader(json_problem(&err))
        }
    })?;
    if fields.format != FORMAT {
        return Err(CheckpointProblem::NotAHeader(format!(
            "format {:?}, expected {FORMAT:?}",
            fields.format
        )));
    }
    if fields.version < VERSION {
        return Err(CheckpointProblem::OldVersion(fields.version));
    }
    if fields.version != VERSION {
        return Err(CheckpointProblem::Version(fields.version));
    }
    Ok(CheckpointHeader {
        scheme: fields.scheme,
        n: fields.n,
        split: fields.split,
        units: fields.units,
        given: fields.given,
    })
}

pub(super) fn parse_record(
    object: &str,
    header: &CheckpointHeader,
) -> Result<(UnitId, UnitCount), CheckpointProblem> {
    let fields: RecordFields = serde_json::from_str(object)
        .map_err(|err| CheckpointProblem::NotARecord(json_problem(&err)))?;
    let found = CheckpointHeader {
        scheme: fields.scheme,
        n: fields.n,
        split: fields.split,
        units: fields.units,
        given: fields.given,
    };
    if found != *header {
        return Err(CheckpointProblem::ForeignRecord {
            header: Box::new(header.clone()),
            found: Box::new(found),
        });
    }
    let units = header.units;
    let id = fields.unit;
    if id >= units {
        return Err(CheckpointProblem::OutOfRange { id, units });
    }
    let (total, unique) = (fields.total, fields.unique);
    if !CountPlan::counts_possible(&header.scheme, u128::from(total), u128::from(unique)) {
        return Err(CheckpointProblem::Impossible { id, total, unique });
    }
    Ok((
        id,
        UnitCount {
            total,
            unique,
            nodes: fields.nodes,
        },
    ))
}
