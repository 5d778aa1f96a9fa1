//! Reading text line by line in bounded memory: a line longer than the
//! reader's bound is reported as too long after reading at most one byte
//! past the bound, instead of being gathered whole (a 1 GB line would
//! otherwise take 1 GB, or several times that once parsed). Crate-internal:
//! the public readers built on it (such as
//! [`read_given`](crate::queens::given_file::read_given)) are what callers
//! and fuzz targets use.

use std::io::{self, BufRead};

/// A UTF-8 byte-order mark, as some editors write at the start of a file.
pub(crate) const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

/// What a reader whose lines are bounded at `bound` bytes asks
/// [`read_line_bounded`] or [`for_each_line_bounded`] to hold: room past
/// the bound for a `\r` before the `\n` and a byte-order mark opening the
/// file, neither of which counts (see [`content`]).
pub(crate) const fn read_bound(bound: usize) -> usize {
    bound + 1 + BYTE_ORDER_MARK.len()
}

/// The part of a line that a bound on its length counts: without its line
/// break (`\n`, `\r\n`, or none at the end of the input) and, on the first
/// line, without a byte-order mark.
pub(crate) fn content(line: &[u8], first_line: bool) -> &[u8] {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    without_mark(line, first_line)
}

/// `line` without the byte-order mark an editor may put at the start of a
/// file, when it is the file's first line.
pub(crate) fn without_mark(line: &[u8], first_line: bool) -> &[u8] {
    match line.strip_prefix(BYTE_ORDER_MARK) {
        Some(rest) if first_line => rest,
        _ => line,
    }
}

/// What [`read_line_bounded`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Line {
    /// A line is in the buffer, with its `\n` unless it is the input's
    /// last line and has none.
    Read,
    /// The input has ended: the buffer is empty.
    End,
    /// The line has more than the bound's bytes before its `\n`; the buffer
    /// holds its first bytes only, and the rest of it is unread.
    TooLong,
}

/// Reads one line into `line` (cleared first), holding at most `bound`
/// bytes before the newline plus the newline itself.
///
/// # Errors
///
/// The reader's error.
pub(crate) fn read_line_bounded(
    reader: &mut impl BufRead,
    line: &mut Vec<u8>,
    bound: usize,
) -> io::Result<Line> {
    line.clear();
    loop {
        let available = match reader.fill_buf() {
            Ok(available) => available,
            Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
            Err(err) => return Err(err),
        };
        if available.is_empty() {
            return Ok(if line.is_empty() {
                Line::End
            } else {
                Line::Read
            });
        }
        let room = bound - line.len();
        match memchr::memchr(b'\n', available) {
            Some(at) if at <= room => {
                line.extend_from_slice(&available[..=at]);
                reader.consume(at + 1);
                return Ok(Line::Read);
            }
            _ if available.len() > room => {
                line.extend_from_slice(&available[..room]);
                reader.consume(room);
                return Ok(Line::TooLong);
            }
            _ => {
                let taken = available.len();
                line.extend_from_slice(available);
                reader.consume(taken);
            }
        }
    }
}

/// Hands each line of `reader` to `each`, in order and without its `\n`,
/// straight from the reader's buffer: a line is copied only when it
/// straddles two fills of the buffer, so a list of short lines costs no
/// allocation or copy per line (what [`read_line_bounded`] costs). Stops
/// at the end ([`Line::End`]), at the first line with more than `bound`
/// bytes before its `\n` ([`Line::TooLong`]: the line after the last one
/// handed over, whose first `bound` bytes are left in `long_start`, so that
/// a caller can tell a binary file from a long line), or at the first
/// error of `each` or of the reader.
///
/// # Errors
///
/// The reader's error, or `each`'s.
pub(crate) fn for_each_line_bounded<E: From<io::Error>>(
    reader: &mut impl BufRead,
    bound: usize,
    long_start: &mut Vec<u8>,
    mut each: impl FnMut(&[u8]) -> Result<(), E>,
) -> Result<Line, E> {
    // The start of a line that the buffer's last fill cut off.
    let mut carried = Vec::new();
    loop {
        let available = match reader.fill_buf() {
            Ok(available) => available,
            Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
            Err(err) => return Err(err.into()),
        };
        if available.is_empty() {
            if !carried.is_empty() {
                each(&carried)?;
            }
            return Ok(Line::End);
        }
        let mut start = 0;
        if !carried.is_empty() {
            match memchr::memchr(b'\n', available) {
                Some(at) if carried.len() + at <= bound => {
                    carried.extend_from_slice(&available[..at]);
                    each(&carried)?;
                    carried.clear();
                    start = at + 1;
                }
                None if carried.len() + available.len() <= bound => {
                    carried.extend_from_slice(available);
                    let taken = available.len();
                    reader.consume(taken);
                    continue;
                }
                _ => {
                    let room = bound - carried.len();
                    carried.extend_from_slice(&available[..room]);
                    return Ok(too_long(&carried, long_start));
                }
            }
        }
        let first = start;
        for end in memchr::memchr_iter(b'\n', &available[first..]) {
            let line = &available[start..first + end];
            if line.len() > bound {
                return Ok(too_long(&line[..bound], long_start));
            }
            each(line)?;
            start = first + end + 1;
        }
        let rest = &available[start..];
        if rest.len() > bound {
            return Ok(too_long(&rest[..bound], long_start));
        }
        carried.extend_from_slice(rest);
        let taken = available.len();
        reader.consume(taken);
    }
}

/// Where the first byte that makes `bytes` not text stands: a NUL, or a
/// byte of invalid UTF-8, whichever comes first; `cut` says that `bytes`
/// is the start of a longer line, so that a character its end cuts in two
/// is no fault.
pub(crate) fn first_not_text(bytes: &[u8], cut: bool) -> Option<usize> {
    let (valid, invalid) = match std::str::from_utf8(bytes) {
        Ok(_) => (bytes.len(), None),
        Err(err) if cut && err.error_len().is_none() => (err.valid_up_to(), None),
        Err(err) => (err.valid_up_to(), Some(err.valid_up_to())),
    };
    memchr::memchr(0, &bytes[..valid]).or(invalid)
}

/// Where the first byte of `start` that is not UTF-8 stands, where
/// `start` is the beginning of a longer line: a character that its end
/// cuts in two is no fault. A line too long to hold is usually a binary
/// file, and this says whether to call it one.
pub(crate) fn invalid_utf8_in_start(start: &[u8]) -> Option<usize> {
    std::str::from_utf8(start)
        .err()
        .filter(|err| err.error_len().is_some())
        .map(|err| err.valid_up_to())
}

fn too_long(start: &[u8], long_start: &mut Vec<u8>) -> Line {
    long_start.clear();
    long_start.extend_from_slice(start);
    Line::TooLong
}

/// Reads past the next line break (or to the end), keeping nothing: the
/// rest of a line that [`read_line_bounded`] found too long.
pub(crate) fn skip_line(reader: &mut impl BufRead) -> io::Result<()> {
    rest_of_line(reader, false).map(|_| ())
}

/// Reads past the next line break (or to the end), keeping only the first
/// byte on the way that is not whitespace (`None`: the rest is blank): what
/// a line too long to hold that began blank turns out to be.
pub(crate) fn first_nonblank_of_line(reader: &mut impl BufRead) -> io::Result<Option<u8>> {
    rest_of_line(reader, true)
}

fn rest_of_line(reader: &mut impl BufRead, note_first: bool) -> io::Result<Option<u8>> {
    let mut first = None;
    loop {
        let available = match reader.fill_buf() {
            Ok(available) => available,
            Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
            Err(err) => return Err(err),
        };
        if available.is_empty() {
            return Ok(first);
        }
        let end = memchr::memchr(b'\n', available);
        if note_first && first.is_none() {
            let line = &available[..end.unwrap_or(available.len())];
            first = line.iter().find(|b| !b.is_ascii_whitespace()).copied();
        }
        match end {
            Some(end) => {
                reader.consume(end + 1);
                return Ok(first);
            }
            None => {
                let read = available.len();
                reader.consume(read);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_short_line_a_long_line_a_last_line_and_the_end() {
        let mut input = &b"short\nmuch too long\n"[..];
        let mut line = Vec::new();
        assert_eq!(
            read_line_bounded(&mut input, &mut line, 8).unwrap(),
            Line::Read
        );
        assert_eq!(line, b"short\n");
        assert_eq!(
            read_line_bounded(&mut input, &mut line, 8).unwrap(),
            Line::TooLong
        );
        let mut input = &b"abc"[..];
        assert_eq!(
            read_line_bounded(&mut input, &mut line, 3).unwrap(),
            Line::Read
        );
        assert_eq!(line, b"abc");
        assert_eq!(
            read_line_bounded(&mut input, &mut line, 3).unwrap(),
            Line::End
        );
        assert!(line.is_empty());
    }

    proptest! {
        #[test]
        fn each_line_is_handed_over_once_or_too_long(
            bytes in proptest::collection::vec(prop_oneof![Just(b'\n'), Just(b'a'), Just(b'b')], 0..60),
            bound in 0usize..12,
            capacity in 1usize..8,
            stop_after in 0usize..20,
        ) {
            let mut reader = io::BufReader::with_capacity(capacity, &bytes[..]);
            let mut seen: Vec<Vec<u8>> = Vec::new();
            let mut long_start = Vec::new();
            let found = for_each_line_bounded(&mut reader, bound, &mut long_start, |line| {
                if seen.len() == stop_after {
                    return Err(io::Error::other("stop"));
                }
                seen.push(line.to_vec());
                Ok(())
            });
            let lines: Vec<&[u8]> = bytes
                .split_inclusive(|&b| b == b'\n')
                .map(|line| line.strip_suffix(b"\n").unwrap_or(line))
                .collect();
            let too_long = lines.iter().position(|line| line.len() > bound);
            let handed = too_long.unwrap_or(lines.len()).min(stop_after);
            prop_assert_eq!(&seen[..], &lines[..handed]);
            match found {
                Ok(Line::End) => prop_assert_eq!(handed, lines.len()),
                Ok(Line::TooLong) => {
                    prop_assert_eq!(Some(handed), too_long);
                    prop_assert_eq!(&long_start[..], &lines[handed][..bound]);
                }
                Ok(Line::Read) => prop_assert!(false, "no line is left read"),
                Err(_) => prop_assert!(handed == stop_after && handed < lines.len()),
            }
        }

        #[test]
        fn bounded_lines_are_the_lines_or_too_long(
            bytes in proptest::collection::vec(prop_oneof![Just(b'\n'), Just(b'a')], 0..60),
            bound in 0usize..12,
            capacity in 1usize..8,
        ) {
            let mut reader = io::BufReader::with_capacity(capacity, &bytes[..]);
            let mut expected = bytes.split_inclusive(|&b| b == b'\n');
            let mut line = Vec::new();
            loop {
                let found = read_line_bounded(&mut reader, &mut line, bound).unwrap();
                prop_assert!(line.len() <= bound + 1);
                match found {
                    Line::End => {
                        prop_assert!(expected.next().is_none());
                        break;
                    }
                    Line::Read => prop_assert_eq!(Some(&line[..]), expected.next()),
                    Line::TooLong => {
                        let whole = expected.next().unwrap();
                        prop_assert!(whole.strip_suffix(b"\n").unwrap_or(whole).len() > bound);
                        prop_assert_eq!(&line[..], &whole[..bound]);
                        // The rest of the line skipped, the next line next.
                        skip_line(&mut reader).unwrap();
                    }
                }
            }
        }
    }
}
