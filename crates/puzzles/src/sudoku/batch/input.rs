//! Reading puzzle lines: bounded lines, comments and blank lines skipped,
//! chunks of lines for the pool, and the 81-cell lines of the fast path
//! read straight into cells (with SSE2 on x86-64).

use std::io::{self, BufRead};

use super::super::alphabet::Alphabet;
use super::MAX_LINE_BYTES;
use super::chunk::{Chunk, Item, Written};
use crate::lines::{
    BYTE_ORDER_MARK, Line, content, first_nonblank_of_line, read_bound, read_line_bounded,
    skip_line,
};

/// Lines per chunk when solving on several threads: with three searches
/// side by side on each, shorter chunks leave them idle at the end of each
/// chunk more often (two threads on `17-clue.txt`: 1.83× one thread with
/// 256 lines, 1.81× with 128, whole process). Longer ones would leave
/// short files such as `top1465.txt` too few chunks to share.
pub(super) const CHUNK_LINES: usize = 256;

/// Lines per chunk on one thread, reading ahead: the side-by-side
/// searches run fewer at the end of each chunk, so longer chunks keep them
/// all busy longer (2,048 lines was slower: the stack arrays grow too).
pub(super) const SOLO_CHUNK_LINES: usize = 256;

/// The fewest lines in a chunk of several threads near the end of an input
/// of known length (see [`chunk_lines`]).
const TAIL_CHUNK_LINES: usize = 16;

/// The lines of the next chunk on `threads` threads, `read` bytes into an
/// input of `total` bytes (when known) holding `lines` puzzle lines so far:
/// [`CHUNK_LINES`], until the lines left are fewer than 4 chunks a thread;
/// then a quarter of each thread's share of them, down to
/// [`TAIL_CHUNK_LINES`]. The threads then finish within a short chunk of
/// each other, where whole chunks left one thread alone with the last
/// (`top1465.txt`, 1,465 lines, is six chunks of 256).
pub(super) fn chunk_lines(threads: usize, total: Option<u64>, read: u64, lines: u64) -> usize {
    let Some(total) = total else {
        return CHUNK_LINES;
    };
    // An 81-cell line and its line break, until lines have been read.
    let per_line = if lines == 0 { 82 } else { read.div_ceil(lines) };
    let left = total.saturating_sub(read) / per_line.max(1);
    let share = left / (4 * threads as u64);
    share.clamp(TAIL_CHUNK_LINES as u64, CHUNK_LINES as u64) as usize
}

/// The next chunk of up to `lines` puzzle lines.
pub(super) fn read_chunk<R: BufRead>(
    input: &mut R,
    line: &mut usize,
    buffer: &mut Vec<u8>,
    lines: usize,
) -> io::Result<Chunk> {
    let mut chunk = Chunk {
        text: Vec::with_capacity(lines * 90),
        items: Vec::with_capacity(lines),
        written: Written::default(),
    };
    while chunk.items.len() < lines {
        let Some(too_long) = next_puzzle_line(input, line, buffer)? else {
            break;
        };
        let start = chunk.text.len();
        chunk.text.extend_from_slice(buffer);
        chunk.items.push(Item {
            line: *line,
            start,
            end: chunk.text.len(),
            too_long,
            answer: None,
        });
    }
    Ok(chunk)
}

/// The next line holding a puzzle, with its number: `Some(too_long)`, where
/// `too_long` says the line was longer than [`MAX_LINE_BYTES`] (`buffer`
/// then holds its beginning and the rest was skipped); `None` at the end.
/// Blank lines and comments are passed over however long they are, and a
/// byte-order mark opening the input is no part of line 1.
pub(super) fn next_puzzle_line<R: BufRead>(
    input: &mut R,
    line: &mut usize,
    buffer: &mut Vec<u8>,
) -> io::Result<Option<bool>> {
    loop {
        // Room past the limit for a `\r` and a byte-order mark, which are
        // no part of the line: a line of one byte too many reads whole,
        // and a longer one keeps as much as that.
        let read = read_line_bounded(input, buffer, read_bound(MAX_LINE_BYTES))?;
        let too_long = match read {
            Line::End => return Ok(None),
            Line::Read => content(buffer, *line == 0).len() > MAX_LINE_BYTES,
            Line::TooLong => true,
        };
        if *line == 0 && buffer.starts_with(BYTE_ORDER_MARK) {
            buffer.drain(..BYTE_ORDER_MARK.len());
        }
        *line += 1;
        let first = match buffer.iter().find(|b| !b.is_ascii_whitespace()) {
            Some(&first) => {
                if read == Line::TooLong {
                    skip_line(input)?;
                }
                Some(first)
            }
            None if read == Line::TooLong => first_nonblank_of_line(input)?,
            None => None,
        };
        match first {
            Some(b'#') | None => continue,
            Some(_) => return Ok(Some(too_long)),
        }
    }
}

/// The cells of a line of exactly 81 cells in `alphabet` (a line break at
/// the end allowed), or `None` for anything else.
#[inline]
pub(super) fn quick_cells(text: &[u8], alphabet: Alphabet) -> Option<[u8; 81]> {
    let text = text.strip_suffix(b"\n").unwrap_or(text);
    let text = text.strip_suffix(b"\r").unwrap_or(text);
    let text: &[u8; 81] = text.try_into().ok()?;
    #[cfg(target_arch = "x86_64")]
    return sse2_cells(text, alphabet);
    #[cfg(not(target_arch = "x86_64"))]
    return portable_cells(text, alphabet);
}

/// [`quick_cells`] of 81 bytes, with SSE2 (part of every x86-64 CPU): six
/// loads of 16 bytes instead of 81 table lookups.
#[cfg(target_arch = "x86_64")]
#[inline]
pub(crate) fn sse2_cells(text: &[u8; 81], alphabet: Alphabet) -> Option<[u8; 81]> {
    use std::arch::x86_64::*;
    // The byte of digit value 1, and the largest value past it.
    let (one, top) = match alphabet {
        Alphabet::Standard => (b'1', 8),
        Alphabet::ZeroBased => (b'0', 8),
    };
    let mut cells = [0u8; 81];
    let mut bad = 0;
    // The last load, at 65, overlaps the one before: it adds byte 80.
    for start in [0, 16, 32, 48, 64, 65] {
        // SAFETY: SSE2 is part of x86-64; the loads and stores are
        // unaligned, of 16 bytes within the 81 of `text` and `cells`.
        unsafe {
            let x = _mm_loadu_si128(text[start..start + 16].as_ptr().cast());
            // Digit values 1 to 9 as 0 to 8: above 8, unsigned, is none.
            let v = _mm_sub_epi8(x, _mm_set1_epi8(one as i8));
            let digit = _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(top)), v);
            let empty = _mm_or_si128(
                _mm_cmpeq_epi8(x, _mm_set1_epi8(b'.' as i8)),
                match alphabet {
                    Alphabet::Standard => _mm_cmpeq_epi8(x, _mm_set1_epi8(b'0' as i8)),
                    Alphabet::ZeroBased => _mm_setzero_si128(),
                },
            );
            let value = _mm_and_si128(_mm_add_epi8(v, _mm_set1_epi8(1)), digit);
            _mm_storeu_si128(cells[start..start + 16].as_mut_ptr().cast(), value);
            bad |= !_mm_movemask_epi8(_mm_or_si128(digit, empty)) & 0xffff;
        }
    }
    (bad == 0).then_some(cells)
}

/// [`quick_cells`] of 81 bytes, by table.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
pub(crate) fn portable_cells(text: &[u8; 81], alphabet: Alphabet) -> Option<[u8; 81]> {
    let table = match alphabet {
        Alphabet::Standard => &STANDARD_CELLS,
        Alphabet::ZeroBased => &ZERO_BASED_CELLS,
    };
    let mut cells = [0u8; 81];
    let mut bad = 0;
    for (cell, &byte) in cells.iter_mut().zip(text) {
        *cell = table[usize::from(byte)];
        bad |= *cell;
    }
    // Anything but a digit 0 to 9 has the high bit set.
    (bad & 0x80 == 0).then_some(cells)
}

/// The cell values of the bytes of a 9×9 line, `0x80` for a byte that is no
/// digit of a 9×9 grid.
const fn cell_table(alphabet: Alphabet) -> [u8; 256] {
    let mut table = [0x80u8; 256];
    table[b'.' as usize] = 0;
    let mut digit = 0;
    while digit <= 9 {
        let value = match alphabet {
            Alphabet::Standard => Some(digit),
            Alphabet::ZeroBased if digit < 9 => Some(digit + 1),
            Alphabet::ZeroBased => None,
        };
        if let Some(value) = value {
            table[(b'0' + digit) as usize] = value;
        }
        digit += 1;
    }
    table
}

static STANDARD_CELLS: [u8; 256] = cell_table(Alphabet::Standard);
static ZERO_BASED_CELLS: [u8; 256] = cell_table(Alphabet::ZeroBased);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_shrink_towards_the_end_of_an_input_of_known_length() {
        // Unknown length: full chunks throughout.
        assert_eq!(chunk_lines(2, None, 0, 0), CHUNK_LINES);
        assert_eq!(chunk_lines(2, None, 1 << 40, 1), CHUNK_LINES);
        // top1465.txt on two threads: an eighth of the lines left each time.
        let total = 1465 * 82;
        assert_eq!(chunk_lines(2, Some(total), 0, 0), 183);
        assert_eq!(chunk_lines(2, Some(total), 183 * 82, 183), 160);
        // A long file: full chunks until near its end, then down to the
        // floor; past the end (the file grew) and on a one-byte guess too.
        let total = 49_158 * 82;
        assert_eq!(
            chunk_lines(2, Some(total), 82 * 40_000, 40_000),
            CHUNK_LINES
        );
        assert_eq!(
            chunk_lines(2, Some(total), 82 * 49_000, 49_000),
            TAIL_CHUNK_LINES + 3
        );
        assert_eq!(
            chunk_lines(2, Some(total), 82 * 49_150, 49_150),
            TAIL_CHUNK_LINES
        );
        assert_eq!(
            chunk_lines(2, Some(total), 2 * total, 49_158),
            TAIL_CHUNK_LINES
        );
        assert_eq!(chunk_lines(3, Some(1), 0, 0), TAIL_CHUNK_LINES);
        // Long lines: the average line read so far sets the count.
        assert_eq!(chunk_lines(1, Some(1000 * 164), 10 * 164, 10), 247);
    }
}
