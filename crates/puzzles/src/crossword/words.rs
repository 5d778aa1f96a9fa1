//! The word list: one word per line, an optional `;score`, case folded,
//! duplicates merged, lines that are not words skipped and counted.

use std::hash::Hasher;
use std::io::{self, BufRead};

use thiserror::Error;

use crate::lines::{Line, content, first_not_text, for_each_line_bounded, read_bound};
use crate::text::Position;

use super::grid::MAX_SIDE;

use self::index::WordIndex;

mod index;

/// The longest line a word list may have, in bytes (without its newline).
///
/// # Example
///
/// ```
/// use puzzles::crossword::{MAX_LINE, WordList};
///
/// let long = "A".repeat(MAX_LINE + 1);
/// assert!(WordList::parse(long.as_bytes()).is_err());
/// ```
pub const MAX_LINE: usize = 1024;

/// The most different words a list may hold: about ten times the largest
/// constructors' lists, and with words of at most [`MAX_SIDE`] letters
/// (longer ones fit no grid and are skipped) a bound on its memory.
///
/// # Example
///
/// ```
/// use puzzles::crossword::{MAX_WORDS, WordList};
///
/// assert_eq!(MAX_WORDS, 1 << 22);
/// let long = "A".repeat(65); // longer than any grid's slot: skipped
/// assert_eq!(WordList::parse(format!("{long}\nCAT\n").as_bytes())?.skipped(), 1);
/// # Ok::<(), puzzles::crossword::ListError>(())
/// ```
pub const MAX_WORDS: usize = 1 << 22;

/// The score of a word whose line gives none.
///
/// # Example
///
/// ```
/// use puzzles::crossword::{DEFAULT_SCORE, WordList};
///
/// let list = WordList::parse(&b"CAT\nDOG;20\n"[..])?;
/// assert_eq!(list.score(0), DEFAULT_SCORE);
/// assert_eq!(list.score(1), 20);
/// # Ok::<(), puzzles::crossword::ListError>(())
/// ```
pub const DEFAULT_SCORE: i32 = 50;

/// The English word list shipped with the crate: the lower-case words of
/// SCOWL's size-50 American list (Debian's `wamerican`), upper-cased, only
/// letters A–Z. See `crates/puzzles/data/README.md` for its source and
/// licence.
static ENGLISH: &str = include_str!("../../data/english.txt");

/// Why a word list could not be read.
///
/// # Example
///
/// ```
/// use puzzles::crossword::{ListError, WordList};
///
/// let err = WordList::parse(&b"123\n!!\n"[..]).unwrap_err();
/// assert_eq!(err.to_string(), "the word list has no words (2 lines skipped, the first on line 1)");
/// ```
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum ListError {
    /// Reading failed.
    #[error("cannot read the word list: {0}")]
    Io(#[from] io::Error),
    /// A line longer than [`MAX_LINE`] bytes.
    #[error("line {line}: longer than {MAX_LINE} bytes")]
    LineTooLong {
        /// The line, from 1.
        line: usize,
    },
    /// A NUL byte or invalid UTF-8: not a text file.
    #[error("{position}: not text (a NUL byte or invalid UTF-8)")]
    NotText {
        /// Where the first bad byte stands (its column counted in bytes).
        position: Position,
    },
    /// A word followed by `;` and something that is not a score.
    #[error(
        "{position}: the score {score:?} is not a whole number from {} to {}",
        i32::MIN,
        i32::MAX
    )]
    BadScore {
        /// Where the score starts, just past the `;` (its column counted
        /// in bytes).
        position: Position,
        /// The score's text, trimmed (its first 24 characters).
        score: String,
    },
    /// More different words than [`MAX_WORDS`].
    #[error("line {line}: more than {MAX_WORDS} different words")]
    TooManyWords {
        /// The line of the first word past the bound, from 1.
        line: usize,
    },
    /// No line holds a word.
    #[error("the word list has no words ({skipped} {} skipped{})", if *skipped == 1 { "line" } else { "lines" }, first_skipped.map(|line| format!(", the first on line {line}")).unwrap_or_default())]
    Empty {
        /// Lines skipped (not words).
        skipped: usize,
        /// The first skipped line, if any.
        first_skipped: Option<usize>,
    },
}

/// A list of words, each with a score: upper case A–Z, no duplicates, in
/// the order of the file.
///
/// # Example
///
/// ```
/// use puzzles::crossword::WordList;
///
/// let list = WordList::parse(&b"cat;60\nDog\nit's\n\nCAT;80\n"[..])?;
/// assert_eq!(list.len(), 2);
/// assert_eq!((list.word(0), list.score(0)), ("CAT", 80));
/// assert_eq!(list.skipped(), 1); // "it's"
/// assert_eq!(list.duplicates(), 1);
/// # Ok::<(), puzzles::crossword::ListError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WordList {
    letters: Vec<u8>,
    starts: Vec<u32>,
    scores: Vec<i32>,
    skipped: usize,
    first_skipped: Option<usize>,
    duplicates: usize,
}

impl WordList {
    /// Reads a list: one word per line, optionally followed by `;` and an
    /// integer score (lines without one score [`DEFAULT_SCORE`]). Letters
    /// are folded to upper case and spaces around the word ignored; blank
    /// lines and `#` comment lines are passed over, and so is a byte-order
    /// mark that opens the list; any other line that is not a word of
    /// letters A–Z (digits, apostrophes, accents) is skipped and counted
    /// ([`WordList::skipped`]). A word listed twice keeps its first place
    /// and its highest score.
    ///
    /// # Errors
    ///
    /// [`ListError`]: a line over [`MAX_LINE`] bytes, bytes that are not
    /// text, a word whose score is not an `i32`, a read error, or no word
    /// at all.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::crossword::WordList;
    ///
    /// let list = WordList::parse(&b"# my list\nAREA;70\n  erA ; 40 \n"[..])?;
    /// assert_eq!((list.word(1), list.score(1)), ("ERA", 40));
    /// # Ok::<(), puzzles::crossword::ListError>(())
    /// ```
    pub fn parse(reader: impl BufRead) -> Result<WordList, ListError> {
        WordList::parse_hashing(reader, fx_hash, MAX_WORDS)
    }

    /// [`WordList::parse`] with the hash that finds duplicates (tests give
    /// one that makes every word clash) and a bound on the words (tests
    /// give a small one).
    pub(crate) fn parse_hashing(
        mut reader: impl BufRead,
        hash_of: fn(&[u8]) -> u64,
        max_words: usize,
    ) -> Result<WordList, ListError> {
        let mut list = WordList::default();
        let mut number = 0;
        let mut index = WordIndex::new();
        let mut long_start = Vec::new();
        let ended =
            for_each_line_bounded(&mut reader, read_bound(MAX_LINE), &mut long_start, |line| {
                number += 1;
                // The bound is on the line without its break (`\n` or `\r\n`)
                // or a byte-order mark opening the file.
                if content(line, number == 1).len() > MAX_LINE {
                    return Err(too_long(number, without_mark(number, line)));
                }
                // Columns are counted after a byte-order mark, as editors do.
                let line = without_mark(number, line);
                // Plain ASCII without NUL is text; only other lines pay for
                // the search of the first bad byte.
                if !line.iter().all(|&b| b != 0 && b.is_ascii())
                    && let Some(at) = first_not_text(line, false)
                {
                    return Err(ListError::NotText {
                        position: Position::at(number, at + 1),
                    });
                }
                let body = line.trim_ascii_start();
                let text = body.trim_ascii_end();
                if text.is_empty() || text[0] == b'#' {
                    return Ok(());
                }
                // The word goes straight to the end of `letters`, and is taken
                // off again if it repeats an earlier one.
                let start = list.letters.len();
                let score = match entry(text, &mut list.letters) {
                    Entry::Word(score) => score,
                    Entry::NotWord => {
                        list.skipped += 1;
                        list.first_skipped.get_or_insert(number);
                        return Ok(());
                    }
                    Entry::BadScore(at) => {
                        let column = line.len() - body.len() + at + 1;
                        return Err(bad_score(number, column, &text[at..]));
                    }
                };
                if list.letters.len() - start > MAX_SIDE {
                    list.letters.truncate(start);
                    list.skipped += 1;
                    list.first_skipped.get_or_insert(number);
                    return Ok(());
                }
                let word = &list.letters[start..];
                let new = list.starts.len() as u32;
                let earlier = index.find_or_insert(hash_of(word), new, |id| {
                    list.earlier(id as usize, start) == word
                });
                match earlier {
                    Some(at) => {
                        list.letters.truncate(start);
                        list.duplicates += 1;
                        let old = &mut list.scores[at as usize];
                        *old = (*old).max(score);
                    }
                    None if list.starts.len() == max_words => {
                        return Err(ListError::TooManyWords { line: number });
                    }
                    None => {
                        list.starts.push(start as u32);
                        list.scores.push(score);
                        index.grow_with(|id| hash_of(list.letters(id as usize)));
                    }
                }
                Ok(())
            })?;
        if ended == Line::TooLong {
            let start = without_mark(number + 1, &long_start);
            return Err(too_long(number + 1, start));
        }
        if list.is_empty() {
            return Err(ListError::Empty {
                skipped: list.skipped,
                first_skipped: list.first_skipped,
            });
        }
        Ok(list)
    }

    /// The letters of the `i`-th word while a new word, not yet counted,
    /// stands in `letters` from `new`.
    fn earlier(&self, i: usize, new: usize) -> &[u8] {
        let end = self.starts.get(i + 1).map_or(new, |&end| end as usize);
        &self.letters[self.starts[i] as usize..end]
    }

    /// The English list shipped with the crate (about 64,000 words from
    /// SCOWL, via Debian's `wamerican`; public-domain-style permissive
    /// licence, see `crates/puzzles/data/README.md`), every word scoring
    /// [`DEFAULT_SCORE`].
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::crossword::WordList;
    ///
    /// let english = WordList::english();
    /// assert!(english.len() > 50_000);
    /// assert!(english.iter().any(|(word, _)| word == "PUZZLE"));
    /// ```
    pub fn english() -> WordList {
        WordList::parse(ENGLISH.as_bytes()).expect("the shipped list is a valid word list")
    }

    fn push(&mut self, word: &[u8], score: i32) {
        self.starts.push(self.letters.len() as u32);
        self.letters.extend_from_slice(word);
        self.scores.push(score);
    }

    /// The words whose score is at least `min`, in the same order.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::crossword::WordList;
    ///
    /// let list = WordList::parse(&b"AB;10\nCD;60\n"[..])?.with_min_score(50);
    /// assert_eq!(list.len(), 1);
    /// # Ok::<(), puzzles::crossword::ListError>(())
    /// ```
    pub fn with_min_score(&self, min: i32) -> WordList {
        let mut kept = WordList {
            skipped: self.skipped,
            first_skipped: self.first_skipped,
            duplicates: self.duplicates,
            ..WordList::default()
        };
        for (word, score) in self.iter().filter(|&(_, score)| score >= min) {
            kept.push(word.as_bytes(), score);
        }
        kept
    }

    /// Number of words.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::crossword::WordList;
    ///
    /// assert_eq!(WordList::parse(&b"A\nB\n"[..])?.len(), 2);
    /// # Ok::<(), puzzles::crossword::ListError>(())
    /// ```
    pub fn len(&self) -> usize {
        self.starts.len()
    }

    /// Whether there is no word (only after [`WordList::with_min_score`]:
    /// [`WordList::parse`] refuses an empty list).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::crossword::WordList;
    ///
    /// assert!(WordList::parse(&b"A;1\n"[..])?.with_min_score(2).is_empty());
    /// # Ok::<(), puzzles::crossword::ListError>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.starts.is_empty()
    }

    /// The `i`-th word.
    ///
    /// # Panics
    ///
    /// If `i >= self.len()`.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::crossword::WordList;
    ///
    /// assert_eq!(WordList::parse(&b"one\ntwo\n"[..])?.word(1), "TWO");
    /// # Ok::<(), puzzles::crossword::ListError>(())
    /// ```
    pub fn word(&self, i: usize) -> &str {
        std::str::from_utf8(self.letters(i)).expect("words are ASCII")
    }

    /// The `i`-th word's letters (bytes `A`–`Z`), without the check that
    /// makes them a `str`.
    ///
    /// # Panics
    ///
    /// If `i >= self.len()`.
    pub(crate) fn letters(&self, i: usize) -> &[u8] {
        let start = self.starts[i] as usize;
        let end = self
            .starts
            .get(i + 1)
            .map_or(self.letters.len(), |&end| end as usize);
        &self.letters[start..end]
    }

    /// The `i`-th word's score.
    ///
    /// # Panics
    ///
    /// If `i >= self.len()`.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::crossword::WordList;
    ///
    /// assert_eq!(WordList::parse(&b"one;-3\n"[..])?.score(0), -3);
    /// # Ok::<(), puzzles::crossword::ListError>(())
    /// ```
    pub fn score(&self, i: usize) -> i32 {
        self.scores[i]
    }

    /// The words and their scores, in order.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::crossword::WordList;
    ///
    /// let list = WordList::parse(&b"ab\ncd;7\n"[..])?;
    /// let all: Vec<(&str, i32)> = list.iter().collect();
    /// assert_eq!(all, [("AB", 50), ("CD", 7)]);
    /// # Ok::<(), puzzles::crossword::ListError>(())
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (&str, i32)> + '_ {
        (0..self.len()).map(|i| (self.word(i), self.score(i)))
    }

    /// Lines skipped because they were not words.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::crossword::WordList;
    ///
    /// assert_eq!(WordList::parse(&b"ok\nno way\nr2d2\n"[..])?.skipped(), 2);
    /// # Ok::<(), puzzles::crossword::ListError>(())
    /// ```
    pub fn skipped(&self) -> usize {
        self.skipped
    }

    /// The first skipped line's number, from 1.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::crossword::WordList;
    ///
    /// assert_eq!(WordList::parse(&b"ok\nno way\n"[..])?.first_skipped(), Some(2));
    /// # Ok::<(), puzzles::crossword::ListError>(())
    /// ```
    pub fn first_skipped(&self) -> Option<usize> {
        self.first_skipped
    }

    /// Lines that repeated an earlier word (merged into it).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::crossword::WordList;
    ///
    /// assert_eq!(WordList::parse(&b"ok\nOK\n"[..])?.duplicates(), 1);
    /// # Ok::<(), puzzles::crossword::ListError>(())
    /// ```
    pub fn duplicates(&self) -> usize {
        self.duplicates
    }
}

/// The hash that finds a word list's duplicates.
fn fx_hash(word: &[u8]) -> u64 {
    let mut hasher = rustc_hash::FxHasher::default();
    hasher.write(word);
    hasher.finish()
}

/// What a trimmed, non-empty line of a list holds.
enum Entry {
    /// A word, with its score.
    Word(i32),
    /// Not a word of letters A–Z.
    NotWord,
    /// A word, and after its `;` (from this byte of the line) no score.
    BadScore(usize),
}

/// The line `line` (number `number`, from 1) without the byte-order mark
/// that an editor may put at the start of a file.
fn without_mark(number: usize, line: &[u8]) -> &[u8] {
    crate::lines::without_mark(line, number == 1)
}

/// The error for line `line`, too long to hold, which starts with
/// `start`: a binary file (the usual reason for a line that long) is named
/// as one by its first bad byte among those bytes.
fn too_long(line: usize, start: &[u8]) -> ListError {
    match first_not_text(start, true) {
        Some(at) => ListError::NotText {
            position: Position::at(line, at + 1),
        },
        None => ListError::LineTooLong { line },
    }
}

/// The error for the text `score` that stands where a score should, from
/// `column` of line `line`; only its first 24 characters are quoted, as the
/// rest of a line that long is no help in finding it.
fn bad_score(line: usize, column: usize, score: &[u8]) -> ListError {
    let score = String::from_utf8_lossy(score);
    ListError::BadScore {
        position: Position::at(line, column),
        score: score.trim().chars().take(24).collect(),
    }
}

/// What the trimmed, non-empty line `text` holds; a word (upper case) is
/// added to the end of `word`, which is otherwise untouched.
fn entry(text: &[u8], word: &mut Vec<u8>) -> Entry {
    let (letters, score) = match memchr::memchr(b';', text) {
        Some(at) => (&text[..at], Some(at + 1)),
        None => (text, None),
    };
    let letters = letters.trim_ascii();
    if letters.is_empty() || !letters.iter().all(u8::is_ascii_alphabetic) {
        return Entry::NotWord;
    }
    let score = match score {
        None => DEFAULT_SCORE,
        Some(at) => {
            let parsed = std::str::from_utf8(&text[at..])
                .ok()
                .and_then(|score| score.trim().parse::<i32>().ok());
            match parsed {
                Some(score) => score,
                None => return Entry::BadScore(at),
            }
        }
    };
    word.extend(letters.iter().map(u8::to_ascii_uppercase));
    Entry::Word(score)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lines::read_line_bounded;
    use proptest::prelude::*;
    use std::collections::HashMap;

    /// The reading of a list one line at a time into a buffer of its own,
    /// every line checked whole and every word in a map of boxed words:
    /// slower, and plainly what [`WordList::parse`] means.
    fn oracle(mut reader: impl BufRead) -> Result<WordList, ListError> {
        let mut list = WordList::default();
        let mut line = Vec::new();
        let mut number = 0;
        let mut seen: HashMap<Vec<u8>, usize> = HashMap::new();
        loop {
            number += 1;
            let read = read_line_bounded(&mut reader, &mut line, MAX_LINE + 4)?;
            if read == Line::End {
                break;
            }
            let mut counted = line.strip_suffix(b"\n").unwrap_or(&line);
            counted = counted.strip_suffix(b"\r").unwrap_or(counted);
            if number == 1 {
                counted = counted
                    .strip_prefix("\u{feff}".as_bytes())
                    .unwrap_or(counted);
            }
            let too_long = read == Line::TooLong || counted.len() > MAX_LINE;
            if number == 1 && line.starts_with("\u{feff}".as_bytes()) {
                line.drain(..3);
            }
            // The first bad byte, character by character: a NUL, or the
            // first byte that starts no character (on a line too long to
            // hold, a character cut off at the end is no fault).
            let mut at = 0;
            while at < line.len() {
                let width = match line[at] {
                    0 => break,
                    0x01..=0x7f => 1,
                    0xc2..=0xdf => 2,
                    0xe0..=0xef => 3,
                    0xf0..=0xf4 => 4,
                    _ => break,
                };
                let end = (at + width).min(line.len());
                match std::str::from_utf8(&line[at..end]) {
                    Ok(_) if end - at == width => at = end,
                    Err(err) if too_long && err.error_len().is_none() => {
                        at = line.len();
                    }
                    _ => break,
                }
            }
            if at < line.len() {
                return Err(ListError::NotText {
                    position: Position::at(number, at + 1),
                });
            }
            if too_long {
                return Err(ListError::LineTooLong { line: number });
            }
            let text = line.trim_ascii();
            if text.is_empty() || text[0] == b'#' {
                continue;
            }
            let mut word = Vec::new();
            let score = match entry(text, &mut word) {
                Entry::Word(_) if word.len() > MAX_SIDE => {
                    list.skipped += 1;
                    list.first_skipped.get_or_insert(number);
                    continue;
                }
                Entry::Word(score) => score,
                Entry::NotWord => {
                    list.skipped += 1;
                    list.first_skipped.get_or_insert(number);
                    continue;
                }
                Entry::BadScore(_) => {
                    let semicolon = line.iter().position(|&b| b == b';').expect("a score");
                    let column = semicolon + 2;
                    return Err(bad_score(number, column, &line[semicolon + 1..]));
                }
            };
            match seen.get(&word) {
                Some(&at) => {
                    list.duplicates += 1;
                    list.scores[at] = list.scores[at].max(score);
                }
                None => {
                    seen.insert(word.clone(), list.len());
                    list.push(&word, score);
                }
            }
        }
        if list.is_empty() {
            return Err(ListError::Empty {
                skipped: list.skipped,
                first_skipped: list.first_skipped,
            });
        }
        Ok(list)
    }

    /// A list's bytes: words, scores, comments, blanks, bad bytes and now
    /// and then a line longer than [`MAX_LINE`].
    fn list_bytes() -> impl Strategy<Value = Vec<u8>> {
        let piece = prop_oneof![
            6 => "[abAB]{1,2}".prop_map(String::into_bytes),
            6 => Just(b"\n".to_vec()),
            1 => "(;|# | |\t|\r|\u{b}|\u{a0}|\u{feff}|-|7|42|[cé'])".prop_map(String::into_bytes),
            1 => Just(vec![0]),
            1 => Just(vec![0xFF]),
            1 => (MAX_LINE - 2..MAX_LINE + 2).prop_map(|n| vec![b'a'; n]),
        ];
        proptest::collection::vec(piece, 0..60).prop_map(|pieces| pieces.concat())
    }

    #[test]
    fn the_words_past_the_bound_are_refused_at_their_line() {
        let text = "A\nB\nA;70\n# a comment\nC\n";
        let err = WordList::parse_hashing(text.as_bytes(), fx_hash, 2).unwrap_err();
        assert_eq!(err.to_string(), "line 5: more than 4194304 different words");
        assert!(matches!(err, ListError::TooManyWords { line: 5 }));
        let list = WordList::parse_hashing(&text.as_bytes()[..10], fx_hash, 2).unwrap();
        assert_eq!((list.len(), list.score(0)), (2, 70));
    }

    #[test]
    fn the_line_bound_leaves_out_the_line_break_whichever_it_is() {
        let longest = format!("AB;{}", "0".repeat(MAX_LINE - 4) + "7");
        // Nor is a byte-order mark opening the file part of its length.
        let cases = [
            ("", "\n"),
            ("", "\r\n"),
            ("\u{feff}", "\n"),
            ("\u{feff}", "\r\n"),
        ];
        for (mark, line_break) in cases {
            let text = format!("{mark}{longest}{line_break}CD{line_break}");
            let list = WordList::parse(text.as_bytes()).unwrap();
            assert_eq!((list.len(), list.score(0)), (2, 7));
            assert_eq!(oracle(text.as_bytes()).unwrap(), list);
            let over = format!("{mark}X{longest}{line_break}CD{line_break}");
            let err = WordList::parse(over.as_bytes()).unwrap_err();
            assert_eq!(
                err.to_string(),
                format!("line 1: longer than {MAX_LINE} bytes")
            );
            assert_eq!(
                oracle(over.as_bytes()).unwrap_err().to_string(),
                err.to_string()
            );
        }
    }

    #[test]
    fn a_binary_file_is_not_text_even_before_its_first_line_break() {
        let mut program = b"\x7fELF\x02\x01\x01\0".to_vec();
        program.resize(4 * MAX_LINE, 7);
        let err = WordList::parse(&program[..]).unwrap_err().to_string();
        assert_eq!(
            err,
            "line 1, column 8: not text (a NUL byte or invalid UTF-8)"
        );
        // A long line of text is too long, even when the bound cuts one of
        // its characters in two.
        let text = "é".repeat(MAX_LINE);
        let err = WordList::parse(text.as_bytes()).unwrap_err().to_string();
        assert_eq!(err, format!("line 1: longer than {MAX_LINE} bytes"));
        let text = format!("ab\n{}", "a".repeat(MAX_LINE + 1) + "\u{ff}");
        let err = WordList::parse(text.as_bytes()).unwrap_err().to_string();
        assert_eq!(err, format!("line 2: longer than {MAX_LINE} bytes"));
    }

    #[test]
    fn not_text_names_the_first_bad_byte_after_any_byte_order_mark() {
        for (text, message) in [
            (
                &b"\xef\xbb\xbfAB;x\n"[..],
                "line 1, column 4: the score \"x\"",
            ),
            (b"\xef\xbb\xbfA\0\n", "line 1, column 2: not text"),
            (b"A\x80BC\0\n", "line 1, column 2: not text"),
            (b"AB\nA\0B\xff\n", "line 2, column 2: not text"),
        ] {
            let err = WordList::parse(text).unwrap_err().to_string();
            assert!(err.starts_with(message), "{err}");
        }
    }

    #[test]
    fn a_byte_order_mark_opening_the_list_is_passed_over() {
        let list = WordList::parse("\u{feff}ab\ncd\n".as_bytes()).unwrap();
        assert_eq!((list.word(0), list.skipped()), ("AB", 0));
        // Anywhere else it is a character of a line that is not a word.
        let list = WordList::parse("ab\n\u{feff}cd\n".as_bytes()).unwrap();
        assert_eq!((list.len(), list.skipped()), (1, 1));
    }

    #[test]
    fn a_word_with_a_bad_score_is_refused_where_the_score_starts() {
        for (text, message) in [
            (
                "ab;10\n  cd ; 99999999999\n",
                r#"line 2, column 7: the score "99999999999" is not a whole number from -2147483648 to 2147483647"#,
            ),
            // Columns are counted after a byte-order mark, as editors do.
            ("\u{feff}ab;x\n", r#"line 1, column 4: the score "x""#),
            ("ab;\n", r#"line 1, column 4: the score """#),
        ] {
            let err = WordList::parse(text.as_bytes()).unwrap_err().to_string();
            assert!(err.starts_with(message), "{err}");
        }
        // A line that is no word is skipped, whatever follows its `;`.
        let list = WordList::parse(&b"it's;x\nab;-7\n"[..]).unwrap();
        assert_eq!((list.score(0), list.skipped()), (-7, 1));
    }

    proptest! {
        #[test]
        fn the_list_is_the_oracles(bytes in list_bytes(), capacity in 1usize..40) {
            let found = WordList::parse(io::BufReader::with_capacity(capacity, &bytes[..]));
            let expected = oracle(&bytes[..]);
            match (found, expected) {
                (Ok(found), Ok(expected)) => prop_assert_eq!(found, expected),
                (found, expected) => prop_assert_eq!(
                    found.map_err(|err| err.to_string()).err(),
                    expected.map_err(|err| err.to_string()).err()
                ),
            }
        }
    }
}
