//! Parse and scan in one pass: the maximum subarray of a reader's numbers in
//! O(1) memory, and of a file split by byte ranges over threads.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use super::circular::MiddleFold;
use super::excerpt::Annotated;
use super::parse::{Parse, Tokenizer};
use super::{
    Best, ChunkSummary, CircularBest, Element, Excerpt, SubarrayError, check_f64_magnitude,
};

/// The answer of a scan: the best run, with its first and last elements, and
/// how many numbers the input held.
///
/// # Example
///
/// ```
/// use puzzles::subarray::stream::scan;
///
/// let scanned = scan::<i64, _>("30 -40 20 40".as_bytes())?;
/// assert_eq!((scanned.best.sum, scanned.best.start, scanned.best.end), (60, 2, 3));
/// assert_eq!((scanned.count, scanned.elements.first()), (4, &[20, 40][..]));
/// # Ok::<(), puzzles::subarray::SubarrayError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scanned<T: Element> {
    /// The maximum subarray.
    pub best: Best<T::Sum>,
    /// Its elements (the first and last few of them).
    pub elements: Excerpt<T>,
    /// How many numbers were read.
    pub count: u64,
}

/// What a scan of part of the input found.
pub(crate) struct Part<T: Element> {
    annotated: Option<Annotated<T>>,
    magnitude: f64,
}

impl<T: Element> Part<T> {
    fn new() -> Part<T> {
        Part {
            annotated: None,
            magnitude: 0.0,
        }
    }

    fn push(&mut self, block: &[T]) {
        let summary = T::fast_summary(block);
        let next = Annotated::of(block, summary);
        self.magnitude += T::magnitude(block);
        self.annotated = Some(match &self.annotated {
            None => next,
            Some(acc) => acc.combine(&next),
        });
    }

    fn join(self, right: Part<T>) -> Part<T> {
        let annotated = match (self.annotated, right.annotated) {
            (Some(left), Some(right)) => Some(left.combine(&right)),
            (left, None) => left,
            (None, right) => right,
        };
        Part {
            annotated,
            magnitude: self.magnitude + right.magnitude,
        }
    }

    pub(crate) fn finish(self) -> Result<Scanned<T>, SubarrayError> {
        let annotated = self.annotated.ok_or(SubarrayError::EmptyInput)?;
        check_f64_magnitude(self.magnitude)?;
        let ChunkSummary { best, len, .. } = annotated.summary;
        Ok(Scanned {
            best,
            elements: annotated.best,
            count: len as u64,
        })
    }
}

/// The maximum subarray of the numbers in `reader`, parsed and scanned in
/// one pass with a fixed-size buffer: memory does not grow with the input.
/// The same answer as [`kadane`](super::kadane) on the numbers in memory.
///
/// # Errors
///
/// [`SubarrayError::Syntax`] for the first bad token (with its line and
/// column), [`SubarrayError::EmptyInput`] when there are no numbers,
/// [`SubarrayError::Io`] when reading fails, and for `f64` the errors of
/// [`Element::check`].
///
/// # Example
///
/// ```
/// use puzzles::subarray::stream::scan;
///
/// let scanned = scan::<f64, _>("# daily change\n1.5\n-4\n2.25\n2\n".as_bytes())?;
/// assert_eq!((scanned.best.sum, scanned.best.start), (4.25, 2));
/// let err = scan::<i64, _>("1 2\n3 four\n".as_bytes()).unwrap_err();
/// assert_eq!(err.to_string(), "line 2, column 3: `four` is not an integer");
/// # Ok::<(), puzzles::subarray::SubarrayError>(())
/// ```
pub fn scan<T: Parse, R: Read>(reader: R) -> Result<Scanned<T>, SubarrayError> {
    scan_part(reader, true)?.finish()
}

/// The answer of a circular scan: the best run on the circle, with its
/// first and last elements, and how many numbers the input held.
///
/// # Example
///
/// ```
/// use puzzles::subarray::stream::scan_circular;
///
/// let scanned = scan_circular::<i64, _>("5 -3 5".as_bytes())?;
/// assert_eq!((scanned.best.sum, scanned.best.start, scanned.best.end), (10, 2, 0));
/// assert_eq!((scanned.count, scanned.elements.first()), (3, &[5, 5][..]));
/// # Ok::<(), puzzles::subarray::SubarrayError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScannedCircular<T: Element> {
    /// The maximum circular subarray.
    pub best: CircularBest<T::Sum>,
    /// Its elements in order round the circle (the first and last few).
    pub elements: Excerpt<T>,
    /// How many numbers were read.
    pub count: u64,
}

/// The maximum circular subarray of the numbers in `reader`, parsed and
/// scanned in one pass with a fixed-size buffer: memory does not grow with
/// the input. The same answer as [`circular`](super::circular) on the
/// numbers in memory (for `f64`, up to the rounding of sums formed block by
/// block, as [`scan`]'s).
///
/// # Errors
///
/// As [`scan`].
///
/// # Example
///
/// ```
/// use puzzles::subarray::stream::scan_circular;
///
/// // Nothing to gain by wrapping: the linear answer.
/// let scanned = scan_circular::<i64, _>("-1\n3\n-1\n".as_bytes())?;
/// assert_eq!((scanned.best.sum, scanned.best.start, scanned.best.wraps()), (3, 1, false));
/// # Ok::<(), puzzles::subarray::SubarrayError>(())
/// ```
pub fn scan_circular<T: Parse, R: Read>(reader: R) -> Result<ScannedCircular<T>, SubarrayError> {
    scan_circular_with(Tokenizer::new(reader))
}

/// The circular scan with a given tokenizer.
pub(crate) fn scan_circular_with<T: Parse, R: Read>(
    tokenizer: Tokenizer<R>,
) -> Result<ScannedCircular<T>, SubarrayError> {
    let mut part = Part::new();
    let mut middle = MiddleFold::new();
    tokenizer.run(|block: &[T]| {
        part.push(block);
        middle.push(block);
    })?;
    let linear = part.finish()?;
    // The summary counted them in a `usize`.
    let n = linear.count as usize;
    let best = linear.best;
    let (best, elements) = middle.finish(
        CircularBest::new(best.sum, best.start, best.len(), n),
        linear.elements,
    );
    Ok(ScannedCircular {
        best,
        elements,
        count: linear.count,
    })
}

fn scan_part<T: Parse, R: Read>(reader: R, at_start: bool) -> Result<Part<T>, SubarrayError> {
    let mut tokenizer = Tokenizer::new(reader);
    if !at_start {
        tokenizer = tokenizer.mid_file();
    }
    scan_with(tokenizer)
}

/// The scan with a given tokenizer.
pub(crate) fn scan_with<T: Parse, R: Read>(
    tokenizer: Tokenizer<R>,
) -> Result<Part<T>, SubarrayError> {
    let mut part = Part::new();
    tokenizer.run(|block: &[T]| part.push(block))?;
    Ok(part)
}

/// The smallest byte range worth a thread of its own.
const MIN_RANGE: u64 = 8 << 20;

/// The maximum subarray of the numbers in a file, on all threads of the
/// current rayon pool: the file is cut into byte ranges at line starts, each
/// range is parsed and summarised by one thread, and the summaries are
/// combined in order. The same answer as [`scan`]; the same first error.
///
/// # Errors
///
/// As [`scan`]; [`SubarrayError::Io`] when the file cannot be opened.
///
/// # Example
///
/// ```
/// use puzzles::subarray::stream::scan_file;
///
/// let path = std::env::temp_dir().join(format!("scan-file-doc-{}.txt", std::process::id()));
/// std::fs::write(&path, "30\n-40\n20\n40\n")?;
/// let scanned = scan_file::<i64>(&path)?;
/// assert_eq!((scanned.best.sum, scanned.best.start, scanned.best.end), (60, 2, 3));
/// std::fs::remove_file(&path)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn scan_file<T: Parse>(path: &Path) -> Result<Scanned<T>, SubarrayError> {
    scan_file_in_ranges(path, MIN_RANGE)
}

/// [`scan_file`] with ranges of at least `min_range` bytes.
///
/// Range k holds the lines that start in `[k·size/pieces, (k+1)·size/pieces)`.
/// Each task finds its own range's ends while it reads, so that no thread
/// reads ahead for the others (a file without newlines would be read once
/// per range before any parsing), and a task stops as soon as an earlier
/// range has failed: only the first error is reported, so an error on the
/// first line is reported at once, as the sequential scan reports it.
pub(crate) fn scan_file_in_ranges<T: Parse>(
    path: &Path,
    min_range: u64,
) -> Result<Scanned<T>, SubarrayError> {
    let mut file = File::open(path)?;
    let size = file.metadata()?.len();
    let threads = rayon::current_num_threads() as u64;
    let pieces = (threads * 2).min(size / min_range.max(1));
    if threads <= 1 || pieces <= 1 {
        return scan(file);
    }
    let first_failed = AtomicU64::new(u64::MAX);
    let parts: Vec<(u64, Result<Part<T>, SubarrayError>)> = (0..pieces)
        .into_par_iter()
        .map(|k| {
            let stop = || first_failed.load(Ordering::Relaxed) < k;
            let (start, part) = scan_range(path, k * size / pieces, (k + 1) * size / pieces, &stop);
            if part.is_err() {
                first_failed.fetch_min(k, Ordering::Relaxed);
            }
            (start, part)
        })
        .collect();
    let mut whole = Part::new();
    for (start, part) in parts {
        match part {
            Ok(part) => whole = whole.join(part),
            Err(SubarrayError::Syntax(mut err)) => {
                // Its line counts from the range's first line.
                err.position.line += count_lines(&mut file, start)?;
                return Err(err.into());
            }
            Err(err) => return Err(err),
        }
    }
    whole.finish()
}

/// Scans the lines that start in `[from, to)` of the file at `path`, unless
/// `stop` says to give up; returns where those lines start, and what the
/// scan found.
fn scan_range<T: Parse>(
    path: &Path,
    from: u64,
    to: u64,
    stop: &dyn Fn() -> bool,
) -> (u64, Result<Part<T>, SubarrayError>) {
    let mut start = from;
    let scanned = (|| {
        let mut file = File::open(path)?;
        // No line starts in the range when no newline is in it (the line
        // that runs through it belongs to an earlier range).
        match line_start_in(&mut file, from, to, stop)? {
            Some(line_start) => start = line_start,
            None => {
                start = to;
                return Ok(Part::new());
            }
        }
        file.seek(SeekFrom::Start(start))?;
        let range = Range {
            file,
            at: start,
            newline_from: to - 1,
            done: false,
            stop,
        };
        scan_part(range, start == 0)
    })();
    (start, scanned)
}

/// The bytes of a file from a line start up to the first line start at or
/// after the end of its range, read as they are asked for; an error once
/// `stop` says so.
struct Range<'a> {
    file: File,
    /// The offset of the next byte read.
    at: u64,
    /// The range ends after the first newline at or after this offset.
    newline_from: u64,
    done: bool,
    stop: &'a dyn Fn() -> bool,
}

impl Read for Range<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.done || buf.is_empty() {
            return Ok(0);
        }
        if (self.stop)() {
            return Err(stopped());
        }
        let read = self.file.read(buf)?;
        let from = (self.newline_from.saturating_sub(self.at)).min(read as u64) as usize;
        let kept = match buf[from..read].iter().position(|&b| b == b'\n') {
            Some(newline) => {
                self.done = true;
                from + newline + 1
            }
            None => read,
        };
        if read == 0 {
            self.done = true;
        }
        self.at += kept as u64;
        Ok(kept)
    }
}

/// The error of a range that stopped because an earlier one failed (never
/// reported: the earlier error is).
fn stopped() -> std::io::Error {
    std::io::Error::other("stopped: an earlier range failed")
}

/// The offset of the first line that starts in `[from, to)`, if one does;
/// an error once `stop` says so.
fn line_start_in(
    file: &mut File,
    from: u64,
    to: u64,
    stop: &dyn Fn() -> bool,
) -> Result<Option<u64>, SubarrayError> {
    if from == 0 {
        return Ok(Some(0));
    }
    // A line starts at `at` when the byte before it is a newline: look at
    // the bytes `from - 1` to `to - 2`.
    file.seek(SeekFrom::Start(from - 1))?;
    let mut buf = vec![0; 1 << 16];
    let mut at = from - 1;
    while at + 1 < to {
        if stop() {
            return Err(stopped().into());
        }
        let wanted = (to - 1 - at).min(buf.len() as u64) as usize;
        let read = file.read(&mut buf[..wanted])?;
        if read == 0 {
            return Ok(None);
        }
        if let Some(newline) = buf[..read].iter().position(|&b| b == b'\n') {
            return Ok(Some(at + newline as u64 + 1));
        }
        at += read as u64;
    }
    Ok(None)
}

/// The newlines in the first `len` bytes of the file.
fn count_lines(file: &mut File, len: u64) -> Result<u64, SubarrayError> {
    file.seek(SeekFrom::Start(0))?;
    let mut newlines = 0;
    let mut buf = vec![0; 1 << 16];
    let mut reader = file.take(len);
    loop {
        let read = reader.read(&mut buf)?;
        if read == 0 {
            return Ok(newlines);
        }
        newlines += buf[..read].iter().filter(|&&b| b == b'\n').count() as u64;
    }
}
