//! Checking a claimed N-Queens solution of any size, streamed from a reader.
//!
//! # The input
//!
//! A placement is the list of columns, row 0 first (0-based), written as
//! decimal numbers. The numbers are separated by whitespace or by a comma
//! (with any whitespace around it), and the whole list may stand between
//! `[` and `]`. So the array format that `puzzles queens N --first --format
//! array` writes (`[1, 3, 0, 2]`), a comma-separated line (`1,3,0,2`) and one
//! column per line are all accepted. `n` is the number of columns given.
//!
//! The input is *malformed* ([`VerifyError`]) when it is not such a list: a
//! character that is not a digit, a separator or a bracket where it stands,
//! two commas in a row or a comma at either end, an unclosed `[`, a number
//! that does not fit in 64 bits, no number at all, or a column that is off
//! the board (`≥ n`). Otherwise it is a placement of `n` queens, one per
//! row, and the verdict is [`Verdict::Valid`] or [`Verdict::Attack`]; a
//! column used twice is an attack along that column, as on a real board.
//!
//! # The check
//!
//! One pass, in O(n) time: a bit per column and a bit per diagonal in each
//! direction says whether a queen already stands there. The first row whose
//! queen finds its column or a diagonal taken is the second queen of the
//! reported pair; the first is the earliest row that attacks it.
//!
//! [`verify_seekable`] (a file) needs only those O(n) bits, about five a row:
//! the file's length bounds `n` up front, and the earlier queen of an
//! attacking pair is found by reading the file again up to the second one.
//! A large file is parsed on one thread while a second one checks. [`verify`]
//! takes any reader (a pipe) and, since it cannot read twice, keeps the
//! columns as it goes (4 bytes a row) and checks them at the end.
//!
//! The parser reads eight digits at a time: a word of input tells where its
//! leading digits end with a few arithmetic operations, and three
//! multiplications turn them into a number; anything unusual goes to a
//! byte-by-byte path that also names errors.
//!
//! # Example
//!
//! ```
//! use puzzles::queens::verify::{Verdict, verify};
//! use puzzles::trace::ConflictKind;
//!
//! assert_eq!(verify(&b"[1, 3, 0, 2]\n"[..])?, Verdict::Valid { n: 4 });
//! assert_eq!(
//!     verify(&b"0 2 4 1 3 5"[..])?,
//!     Verdict::Attack { n: 6, first: (0, 0), second: (5, 5), kind: ConflictKind::Diagonal }
//! );
//! assert_eq!(
//!     verify(&b"[1, 3, x]"[..]).unwrap_err().to_string(),
//!     "line 1, column 8: expected a column number after ',', found 'x'"
//! );
//! # Ok::<(), puzzles::queens::verify::VerifyError>(())
//! ```

mod check;
mod report;
mod scan;

use std::io::{Read, Seek, SeekFrom};

use check::{Lines, attack};
pub use report::{Verdict, VerifyError};
use scan::{BATCH, Scan, check_range, scan};

/// Verifies a placement read from any reader, a pipe included.
///
/// Since the input can be read only once, the columns are kept as they come
/// (4 bytes a row) to name the earlier queen of an attacking pair; a file is
/// better checked with [`verify_seekable`], which needs only O(n) bits.
///
/// # Errors
///
/// [`VerifyError`] when the input is not a list of columns `0..n` (see the
/// [module docs](self)), or reading fails.
///
/// # Example
///
/// ```
/// use puzzles::queens::verify::{Verdict, verify};
///
/// let column_per_line = "1\n3\n0\n2\n";
/// assert_eq!(verify(column_per_line.as_bytes())?, Verdict::Valid { n: 4 });
/// # Ok::<(), puzzles::queens::verify::VerifyError>(())
/// ```
pub fn verify<R: Read>(input: R) -> Result<Verdict, VerifyError> {
    verify_keeping(input, MAX_STREAM_ROWS)
}

/// The most rows [`verify`] keeps from a stream: 2²⁸, 1 GiB of columns. A
/// file is checked by [`verify_seekable`] in about 5 bits a row, whatever
/// its length.
///
/// # Example
///
/// ```
/// use puzzles::queens::verify::MAX_STREAM_ROWS;
///
/// assert_eq!(MAX_STREAM_ROWS, 268_435_456);
/// ```
pub const MAX_STREAM_ROWS: u64 = 1 << 28;

/// [`verify`], keeping at most `max_rows` rows.
fn verify_keeping<R: Read>(input: R, max_rows: u64) -> Result<Verdict, VerifyError> {
    let mut cols: Vec<u32> = Vec::new();
    let mut too_many = false;
    let summary = scan(input, |_, values| {
        if cols.len() as u64 + values.len() as u64 > max_rows {
            too_many = true;
            return false;
        }
        // A column that does not fit is off the board anyway: n ≤ u32::MAX.
        cols.extend(
            values
                .iter()
                .map(|&value| u32::try_from(value).unwrap_or(u32::MAX)),
        );
        true
    })?;
    if too_many {
        return Err(VerifyError::TooManyRows { max: max_rows });
    }
    let n = check_range(&summary)?;
    let mut lines = Lines::default();
    let mut batch = Vec::with_capacity(BATCH);
    let mut attacked = None;
    for (index, chunk) in cols.chunks(BATCH).enumerate() {
        batch.clear();
        batch.extend(chunk.iter().map(|&col| u64::from(col)));
        attacked = lines.first_attacked((index * BATCH) as u64, &batch, n);
        if attacked.is_some() {
            break;
        }
    }
    let Some(second) = attacked else {
        return Ok(Verdict::Valid { n });
    };
    let (first, kind) = cols[..second.0 as usize]
        .iter()
        .enumerate()
        .find_map(|(row, &col)| {
            let first = (row as u64, u64::from(col));
            attack(first, second).map(|kind| (first, kind))
        })
        .expect("an attacked queen has an attacker");
    Ok(Verdict::Attack {
        n,
        first,
        second,
        kind,
    })
}

/// Inputs from this many bytes on are parsed and checked on two threads.
const PARALLEL_FROM: u64 = 1 << 22;

/// How many columns the parser hands the checker at a time.
const HAND_OVER: usize = 1 << 16;

/// Parses on this thread while another one checks, passing batches of
/// columns between them; returns the scan and the first attacked queen.
fn scan_and_check_in_parallel<R: Read>(
    input: R,
    bound: u64,
) -> Result<(Scan, Option<(u64, u64)>), VerifyError> {
    use std::sync::mpsc;
    std::thread::scope(|scope| {
        let (full, to_check) = mpsc::sync_channel::<(u64, Vec<u64>)>(4);
        let (give_back, empty) = mpsc::channel::<Vec<u64>>();
        let checker = scope.spawn(move || {
            let mut lines = Lines::default();
            let mut attacked = None;
            for (first_row, cols) in to_check {
                if attacked.is_none() {
                    attacked = lines.first_attacked(first_row, &cols, bound);
                }
                // The parser may have stopped listening; nothing is lost.
                let _ = give_back.send(cols);
            }
            attacked
        });
        // Columns are passed on in large batches: each hand-over wakes the
        // other thread, which costs more than a few thousand rows.
        let fresh = || Vec::with_capacity(HAND_OVER);
        let mut pending = fresh();
        let mut pending_row = 0;
        let summary = scan(input, |first_row, cols| {
            if pending.is_empty() {
                pending_row = first_row;
            }
            pending.extend_from_slice(cols);
            if pending.len() < HAND_OVER {
                return true;
            }
            let next = empty.try_recv().unwrap_or_else(|_| fresh());
            let batch = std::mem::replace(&mut pending, next);
            pending.clear();
            full.send((pending_row, batch)).is_ok()
        });
        if !pending.is_empty() {
            // The checker only stops listening once the scan is over.
            let _ = full.send((pending_row, pending));
        }
        drop(full);
        let attacked = checker.join().expect("the checker does not panic");
        Ok((summary?, attacked))
    })
}

/// Verifies a placement read from a file (or anything seekable) in O(n)
/// time and O(n) bits, reading it a second time only to name the earlier
/// queen of an attacking pair.
///
/// The input is read from its current position to its end.
///
/// # Errors
///
/// [`VerifyError`] when the input is not a list of columns `0..n` (see the
/// [module docs](self)), or reading or seeking fails, or
/// [`VerifyError::Changed`] when the input was rewritten between the two
/// readings.
///
/// # Example
///
/// ```
/// use std::io::Cursor;
/// use puzzles::queens::verify::{Verdict, verify_seekable};
///
/// let file = Cursor::new(b"[0, 4, 7, 5, 2, 6, 1, 3]\n".to_vec());
/// assert_eq!(verify_seekable(file)?, Verdict::Valid { n: 8 });
/// # Ok::<(), puzzles::queens::verify::VerifyError>(())
/// ```
pub fn verify_seekable<R: Read + Seek>(mut input: R) -> Result<Verdict, VerifyError> {
    let start = input.stream_position()?;
    let end = input.seek(SeekFrom::End(0))?;
    input.seek(SeekFrom::Start(start))?;
    // Every number takes a digit and all but the last a separator after it,
    // so a column from here on is off the board whatever n turns out to be;
    // the range check reports it.
    let most_rows = end.saturating_sub(start).div_ceil(2);
    let two_threads = end.saturating_sub(start) >= PARALLEL_FROM
        && std::thread::available_parallelism().is_ok_and(|cores| cores.get() > 1);
    let (summary, attacked) = if !two_threads {
        let mut lines = Lines::default();
        let mut attacked = None;
        let summary = scan(&mut input, |first_row, cols| {
            if attacked.is_none() {
                attacked = lines.first_attacked(first_row, cols, most_rows);
            }
            true
        })?;
        (summary, attacked)
    } else {
        scan_and_check_in_parallel(&mut input, most_rows)?
    };
    let n = check_range(&summary)?;
    let Some(second) = attacked else {
        return Ok(Verdict::Valid { n });
    };
    input.seek(SeekFrom::Start(start))?;
    let mut found = None;
    scan(&mut input, |first_row, cols| {
        for (row, &col) in (first_row..second.0).zip(cols) {
            found = attack((row, col), second).map(|kind| ((row, col), kind));
            if found.is_some() {
                return false;
            }
        }
        first_row + (cols.len() as u64) < second.0
    })?;
    let (first, kind) = found.ok_or(VerifyError::Changed)?;
    Ok(Verdict::Attack {
        n,
        first,
        second,
        kind,
    })
}

#[cfg(test)]
mod tests;
