//! The word list: one word per line, an optional `;score`, case folded,
//! duplicates merged, lines that are not words skipped and counted.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::hash::Hasher;
use std::io::{self, BufRead};

use thiserror::Error;

use crate::lines::{Line, read_line_bounded};
use crate::text::Position;

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
    /// No line holds a word.
    #[error("the word list has no words ({skipped} lines skipped{})", first_skipped.map(|line| format!(", the first on line {line}")).unwrap_or_default())]
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
    /// lines and `#` comment lines are passed over; any other line that is
    /// not a word of letters A–Z (digits, apostrophes, accents, a bad
    /// score) is skipped and counted ([`WordList::skipped`]). A word
    /// listed twice keeps its first place and its highest score.
    ///
    /// # Errors
    ///
    /// [`ListError`]: a line over [`MAX_LINE`] bytes, bytes that are not
    /// text, a read error, or no word at all.
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
        WordList::parse_hashing(reader, fx_hash)
    }

    /// [`WordList::parse`] with the hash that finds duplicates (tests give
    /// one that makes every word clash).
    pub(crate) fn parse_hashing(
        mut reader: impl BufRead,
        hash_of: fn(&[u8]) -> u64,
    ) -> Result<WordList, ListError> {
        let mut list = WordList::default();
        let mut line = Vec::new();
        let mut number = 0;
        // Words are found again by a 64-bit hash of their letters, the
        // word itself compared on a hit: no allocation per word (a list of
        // a few hundred thousand words loaded twice as slowly with a map of
        // boxed words and SipHash). Two different words with one hash are
        // told apart in `clashes`.
        let mut index: rustc_hash::FxHashMap<u64, u32> = rustc_hash::FxHashMap::default();
        let mut clashes: HashMap<Box<[u8]>, u32> = HashMap::new();
        let mut word = Vec::new();
        loop {
            number += 1;
            match read_line_bounded(&mut reader, &mut line, MAX_LINE)? {
                Line::End => break,
                Line::TooLong => return Err(ListError::LineTooLong { line: number }),
                Line::Read => {}
            }
            if let Some(at) = line.iter().position(|&b| b == 0) {
                return Err(ListError::NotText {
                    position: Position::at(number, at + 1),
                });
            }
            if let Err(err) = std::str::from_utf8(&line) {
                return Err(ListError::NotText {
                    position: Position::at(number, err.valid_up_to() + 1),
                });
            }
            let text = line.trim_ascii();
            if text.is_empty() || text[0] == b'#' {
                continue;
            }
            let Some(score) = entry(text, &mut word) else {
                list.skipped += 1;
                list.first_skipped.get_or_insert(number);
                continue;
            };
            let hash = hash_of(&word);
            let id = list.starts.len() as u32;
            let earlier = match index.entry(hash) {
                Entry::Vacant(slot) => {
                    slot.insert(id);
                    None
                }
                Entry::Occupied(slot) if list.word(*slot.get() as usize).as_bytes() == word => {
                    Some(*slot.get())
                }
                Entry::Occupied(_) => match clashes.get(&word[..]) {
                    Some(&at) => Some(at),
                    None => {
                        clashes.insert(word[..].into(), id);
                        None
                    }
                },
            };
            match earlier {
                Some(at) => {
                    list.duplicates += 1;
                    let old = &mut list.scores[at as usize];
                    *old = (*old).max(score);
                }
                None => list.push(&word, score),
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
        let start = self.starts[i] as usize;
        let end = self
            .starts
            .get(i + 1)
            .map_or(self.letters.len(), |&end| end as usize);
        std::str::from_utf8(&self.letters[start..end]).expect("words are ASCII")
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

/// The score of a trimmed, non-empty line, its word (upper case) left in
/// `word`; `None` when it is not a word.
fn entry(text: &[u8], word: &mut Vec<u8>) -> Option<i32> {
    let (letters, score) = match text.iter().position(|&b| b == b';') {
        Some(at) => {
            let score = std::str::from_utf8(&text[at + 1..]).ok()?.trim();
            (&text[..at], score.parse::<i32>().ok()?)
        }
        None => (text, DEFAULT_SCORE),
    };
    let letters = letters.trim_ascii();
    if letters.is_empty() || !letters.iter().all(u8::is_ascii_alphabetic) {
        return None;
    }
    word.clear();
    word.extend(letters.iter().map(u8::to_ascii_uppercase));
    Some(score)
}
