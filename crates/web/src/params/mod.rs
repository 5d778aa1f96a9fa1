//! Reading the query string of `/api/trace`: percent-decoding, then checking
//! each parameter, so that every request is either a [`TraceRequest`] or a
//! [`ParamError`] whose message says what was wrong.

use std::fmt;

use puzzles::queens::{Board, QueensError, Solution, parse_square};
use puzzles::sudoku::{Puzzle, SudokuError};
use puzzles::trace::TraceMode;

use crate::bounds::whole_number;
use crate::crossword::{CrosswordError, CrosswordRequest};

/// The smallest N-Queens board the page offers.
pub const MIN_QUEENS: usize = 4;
/// The largest N-Queens board the page offers: beyond it even first-solution
/// traces get long, and whole-tree traces far exceed the event cap.
pub const MAX_QUEENS: usize = 12;

/// The puzzles the trace endpoint knows, by their `puzzle=` name.
pub const PUZZLES: &[&str] = &["queens", "sudoku", "crossword"];

/// A request for a trace, checked and ready to run.
///
/// Each puzzle is a variant, with the parameters its search needs.
///
/// # Example
///
/// ```
/// use puzzles::sudoku::Puzzle;
/// use puzzles::trace::TraceMode;
/// use puzzles_web::params::TraceRequest;
///
/// assert_eq!(
///     TraceRequest::from_query("puzzle=queens&n=8&mode=first"),
///     Ok(TraceRequest::Queens { n: 8, given: vec![], mode: TraceMode::FirstSolution })
/// );
/// assert_eq!(
///     TraceRequest::from_query("puzzle=queens&n=6&given=0:1&mode=all"),
///     Ok(TraceRequest::Queens { n: 6, given: vec![(0, 1)], mode: TraceMode::AllSolutions })
/// );
/// assert!(TraceRequest::from_query("puzzle=queens&n=99").is_err());
/// assert_eq!(
///     TraceRequest::from_query("puzzle=sudoku&grid=1...+..2.+....+....&mode=all"),
///     Ok(TraceRequest::Sudoku {
///         puzzle: Puzzle::parse("1... ..2. .... ....").unwrap(),
///         mode: TraceMode::AllSolutions,
///     })
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TraceRequest {
    /// N queens on an N×N board.
    Queens {
        /// The board size, from [`MIN_QUEENS`] to [`MAX_QUEENS`].
        n: usize,
        /// Queens standing before the search starts, as `(row, col)`,
        /// sorted by row, none attacking another (`puzzles queens N
        /// --given`): the trace is then the search for completions.
        given: Vec<(usize, usize)>,
        /// The whole tree or up to the first solution.
        mode: TraceMode,
    },
    /// A Sudoku puzzle of any size the library solves: 4×4, 9×9, 16×16 or
    /// 25×25.
    Sudoku {
        /// The givens, checked: the right number of cells, digits in range,
        /// no two givens clashing.
        puzzle: Puzzle,
        /// The whole tree (every solution: for a proper puzzle, the check
        /// that its solution is unique) or up to the first solution.
        mode: TraceMode,
    },
    /// A crossword grid to fill from a word list.
    Crossword {
        /// The grid, the list and the step bound, checked.
        crossword: Box<CrosswordRequest>,
        /// Every fill (the whole tree) or up to the first fill.
        mode: TraceMode,
    },
}

/// Why a query string is not a valid trace request. The messages are shown
/// to the user as they are.
///
/// # Example
///
/// ```
/// use puzzles_web::params::{ParamError, TraceRequest};
///
/// let error = TraceRequest::from_query("puzzle=queens&n=8&mode=fast").unwrap_err();
/// assert_eq!(error.to_string(), "unknown mode \"fast\" (expected first or all)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParamError {
    /// A `%` not followed by two hexadecimal digits.
    #[error("malformed query: bad percent escape at byte {offset} of the query")]
    BadEscape {
        /// Where the `%` stands in the query string.
        offset: usize,
    },
    /// The decoded bytes are not UTF-8.
    #[error("malformed query: parameter {index} is not valid UTF-8 once decoded")]
    NotUtf8 {
        /// Which `name=value` pair, from 1.
        index: usize,
    },
    /// A pair without `=`, or with an empty name.
    #[error("malformed query: {pair:?} is not of the form name=value")]
    NotAPair {
        /// The offending text, decoded.
        pair: String,
    },
    /// The same parameter twice.
    #[error("parameter {0} is given more than once")]
    Duplicate(String),
    /// A parameter the puzzle does not take.
    #[error("unknown parameter {name:?} (expected {expected})")]
    Unknown {
        /// Its name.
        name: String,
        /// The parameters that are accepted, in words.
        expected: &'static str,
    },
    /// A required parameter is absent.
    #[error("missing parameter {name} ({hint})")]
    Missing {
        /// Its name.
        name: &'static str,
        /// What to give.
        hint: &'static str,
    },
    /// A puzzle name that is not in [`PUZZLES`].
    #[error("unknown puzzle {0:?} (available: {list})", list = PUZZLES.join(", "))]
    UnknownPuzzle(String),
    /// A mode other than `first` or `all`.
    #[error("unknown mode {0:?} (expected first or all)")]
    UnknownMode(String),
    /// A board size that is not a whole number in range.
    #[error("n must be a whole number from {MIN_QUEENS} to {MAX_QUEENS}, got {0:?}")]
    BoardSize(String),
    /// A `given` square that is not `ROW:COL`: the message of the CLI's
    /// `--given` parser.
    #[error("given: {0}")]
    GivenSquare(String),
    /// Given queens the library refuses: a square off the board, or two
    /// that attack each other, in the words `puzzles queens N --given`
    /// uses.
    #[error("{0}")]
    Given(QueensError),
    /// A `cols` list for a board drawing that is not a solution.
    #[error("cols: {0}")]
    Cols(String),
    /// A Sudoku grid the library refuses: its message names the wrong
    /// length, the bad character and where it stands, or the two givens
    /// that clash.
    #[error("invalid grid: {0}")]
    Grid(SudokuError),
    /// Crossword parameters refused: the grid missing or bad (the
    /// library's message, naming the line and column or the slot), too
    /// large, an unknown example or word list, a bad step bound.
    #[error(transparent)]
    Crossword(CrosswordError),
}

impl TraceRequest {
    /// Reads a query string (the part of the URL after `?`, without it).
    ///
    /// Parameters: `puzzle` (required; `queens`, `sudoku` or `crossword`,
    /// whose parameters [`crate::crossword::CrosswordRequest`] reads), `n` (required
    /// for queens, 4 to 12), `given` (queens only, optional: squares
    /// `ROW:COL` separated by commas, as `--given` takes them), `grid` (required for Sudoku: one character per
    /// cell as [`Puzzle::parse`] reads it — 16, 81, 256 or 625 cells, `.` or
    /// `0` for an empty one, whitespace ignored) and `mode` (`first` or
    /// `all`, default `first`: the catalogue's `default_mode`). Unknown or repeated parameters are errors, so a
    /// typo is reported rather than silently ignored.
    ///
    /// # Errors
    ///
    /// A [`ParamError`] naming the first problem found.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::trace::TraceMode;
    /// use puzzles_web::params::TraceRequest;
    ///
    /// let request = TraceRequest::from_query("puzzle=queens&n=%36").unwrap();
    /// assert_eq!(request, TraceRequest::Queens { n: 6, given: vec![], mode: TraceMode::FirstSolution });
    /// ```
    pub fn from_query(query: &str) -> Result<TraceRequest, ParamError> {
        let pairs = parse_pairs(query)?;
        let params = Params { pairs: &pairs };
        match params.get("puzzle") {
            None => Err(ParamError::Missing {
                name: "puzzle",
                hint: "puzzle=queens, puzzle=sudoku or puzzle=crossword",
            }),
            Some("queens") => {
                params.only(&["puzzle", "n", "given", "mode"], "puzzle, n, given, mode")?;
                let n = match params.get("n") {
                    None => {
                        return Err(ParamError::Missing {
                            name: "n",
                            hint: "the board size, 4 to 12",
                        });
                    }
                    Some(text) => parse_queens_size(text)?,
                };
                let given = parse_given(params.get("given").unwrap_or(""), n)?;
                let mode = parse_mode(params.get("mode"))?;
                Ok(TraceRequest::Queens { n, given, mode })
            }
            Some("sudoku") => {
                params.only(&["puzzle", "grid", "mode"], "puzzle, grid, mode")?;
                let puzzle = match params.get("grid") {
                    None => {
                        return Err(ParamError::Missing {
                            name: "grid",
                            hint: GRID_HINT,
                        });
                    }
                    Some(text) => Puzzle::parse(text).map_err(ParamError::Grid)?,
                };
                let mode = parse_mode(params.get("mode"))?;
                Ok(TraceRequest::Sudoku { puzzle, mode })
            }
            Some("crossword") => {
                params.only(
                    &["puzzle", "grid", "example", "words", "steps", "mode"],
                    "puzzle, grid, example, words, steps, mode",
                )?;
                let crossword = CrosswordRequest::from_params(|name| params.get(name))
                    .map_err(ParamError::Crossword)?;
                let mode = parse_mode(params.get("mode"))?;
                Ok(TraceRequest::Crossword {
                    crossword: Box::new(crossword),
                    mode,
                })
            }
            Some(other) => Err(ParamError::UnknownPuzzle(other.to_string())),
        }
    }

    /// The `puzzle=` name of the request.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::trace::TraceMode;
    /// use puzzles_web::params::TraceRequest;
    ///
    /// let request = TraceRequest::Queens { n: 4, given: vec![], mode: TraceMode::AllSolutions };
    /// assert_eq!(request.puzzle(), "queens");
    /// ```
    pub fn puzzle(&self) -> &'static str {
        match self {
            TraceRequest::Queens { .. } => "queens",
            TraceRequest::Sudoku { .. } => "sudoku",
            TraceRequest::Crossword { .. } => "crossword",
        }
    }
}

impl fmt::Display for TraceRequest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TraceRequest::Queens { n, given, mode } => {
                write!(f, "puzzle=queens&n={n}")?;
                if !given.is_empty() {
                    write!(f, "&given={}", given_text(given))?;
                }
                write!(f, "&mode={}", mode_name(*mode))
            }
            // The grid on one line: `.`, digits and capital letters, none of
            // which needs escaping in a query.
            TraceRequest::Sudoku { puzzle, mode } => {
                write!(f, "puzzle=sudoku&grid={puzzle}&mode={}", mode_name(*mode))
            }
            TraceRequest::Crossword { crossword, mode } => {
                write!(f, "puzzle=crossword&{crossword}&mode={}", mode_name(*mode))
            }
        }
    }
}

/// The `mode=` spelling of a trace mode.
///
/// # Example
///
/// ```
/// use puzzles::trace::TraceMode;
/// use puzzles_web::params::mode_name;
///
/// assert_eq!(mode_name(TraceMode::FirstSolution), "first");
/// ```
pub fn mode_name(mode: TraceMode) -> &'static str {
    match mode {
        TraceMode::FirstSolution => "first",
        TraceMode::AllSolutions => "all",
    }
}

/// What to give when `grid` is missing.
const GRID_HINT: &str = "the puzzle, one character per cell: 81 for 9×9 (16, 256 or 625 for 4×4, \
                         16×16 or 25×25), '.' or '0' for an empty cell";

struct Params<'a> {
    pairs: &'a [(String, String)],
}

impl Params<'_> {
    fn get(&self, name: &str) -> Option<&str> {
        self.pairs
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
    }

    /// Every parameter must be one of `allowed`.
    fn only(&self, allowed: &[&str], expected: &'static str) -> Result<(), ParamError> {
        match self
            .pairs
            .iter()
            .find(|(key, _)| !allowed.contains(&key.as_str()))
        {
            Some((name, _)) => Err(ParamError::Unknown {
                name: name.clone(),
                expected,
            }),
            None => Ok(()),
        }
    }
}

fn parse_queens_size(text: &str) -> Result<usize, ParamError> {
    let in_range = |n: &usize| (MIN_QUEENS..=MAX_QUEENS).contains(n);
    whole_number(text)
        .filter(in_range)
        .ok_or_else(|| ParamError::BoardSize(text.to_string()))
}

/// The most given squares read: more than a board of [`MAX_QUEENS`] can
/// hold queens, so a longer list is refused before it is checked.
pub const MAX_GIVEN: usize = MAX_QUEENS * MAX_QUEENS;

/// Given squares as the query writes them: `0:1,3:2`.
///
/// # Example
///
/// ```
/// use puzzles_web::params::given_text;
///
/// assert_eq!(given_text(&[(0, 1), (3, 2)]), "0:1,3:2");
/// ```
pub fn given_text(given: &[(usize, usize)]) -> String {
    given
        .iter()
        .map(|(row, col)| format!("{row}:{col}"))
        .collect::<Vec<_>>()
        .join(",")
}

/// Reads `given=0:1,3:2` (spaces allowed, empty for none) and checks the
/// squares with the library, as `puzzles queens N --given 0:1,3:2` does:
/// the same messages for a square off the board or two queens that attack
/// each other. The squares come back sorted by row, each once.
fn parse_given(text: &str, n: usize) -> Result<Vec<(usize, usize)>, ParamError> {
    let mut squares = Vec::new();
    for piece in text.split(',') {
        if piece.trim().is_empty() && text.trim().is_empty() {
            break;
        }
        if squares.len() == MAX_GIVEN {
            return Err(ParamError::GivenSquare(format!(
                "at most {MAX_GIVEN} squares are taken"
            )));
        }
        squares.push(parse_square(piece).map_err(|err| ParamError::GivenSquare(err.to_string()))?);
    }
    let board = Board::new(n).expect("the parameter check keeps n in range");
    let completion = board.with_given(&squares).map_err(ParamError::Given)?;
    Ok(completion.given().to_vec())
}

/// A request for the drawing of one N-Queens solution:
/// `/api/board.svg?cols=1,3,0,2`, drawn by the library's
/// [`puzzles::queens::svg::board`].
///
/// # Example
///
/// ```
/// use puzzles_web::params::board_from_query;
///
/// assert_eq!(board_from_query("cols=1,3,0,2").unwrap().cols(), &[1, 3, 0, 2]);
/// assert_eq!(
///     board_from_query("cols=0,1,2,3").unwrap_err().to_string(),
///     "cols: the pieces at (row 0, col 0) and (row 1, col 1) attack each other (diagonal)"
/// );
/// ```
///
/// # Errors
///
/// A [`ParamError`] for a missing or unknown parameter, a column that is not
/// a number, a board size out of range, or queens that attack each other.
pub fn board_from_query(query: &str) -> Result<Solution, ParamError> {
    let pairs = parse_pairs(query)?;
    let params = Params { pairs: &pairs };
    params.only(&["cols"], "cols")?;
    let Some(text) = params.get("cols") else {
        return Err(ParamError::Missing {
            name: "cols",
            hint: "the column of the queen in each row, like cols=1,3,0,2",
        });
    };
    let mut cols = Vec::new();
    for piece in text.split(',') {
        if cols.len() > MAX_QUEENS {
            break;
        }
        let piece = piece.trim();
        cols.push(
            piece
                .parse::<usize>()
                .map_err(|_| ParamError::Cols(format!("{piece:?} is not a whole number from 0")))?,
        );
    }
    if !(MIN_QUEENS..=MAX_QUEENS).contains(&cols.len()) {
        return Err(ParamError::Cols(format!(
            "a board has {MIN_QUEENS} to {MAX_QUEENS} columns here, got {}",
            if cols.len() > MAX_QUEENS {
                "more".to_string()
            } else {
                cols.len().to_string()
            }
        )));
    }
    Solution::new(cols).map_err(|error| ParamError::Cols(error.to_string()))
}

/// `mode=first` or `mode=all`; without one, the catalogue's `default_mode`
/// (first), which is also the smaller answer.
fn parse_mode(text: Option<&str>) -> Result<TraceMode, ParamError> {
    match text {
        Some("all") => Ok(TraceMode::AllSolutions),
        None | Some("first") => Ok(TraceMode::FirstSolution),
        Some(other) => Err(ParamError::UnknownMode(other.to_string())),
    }
}

/// Splits a query string into decoded `(name, value)` pairs, in order.
///
/// Pairs are separated by `&`; empty pieces (`a=1&&b=2`, a trailing `&`)
/// are skipped. Names and values are percent-decoded, with `+` meaning a
/// space, as HTML forms send them.
///
/// # Errors
///
/// [`ParamError::BadEscape`], [`ParamError::NotUtf8`],
/// [`ParamError::NotAPair`] and [`ParamError::Duplicate`].
///
/// # Example
///
/// ```
/// use puzzles_web::params::parse_pairs;
///
/// let pairs = parse_pairs("grid=4.%2B1&mode=first").unwrap();
/// assert_eq!(pairs[0], ("grid".to_string(), "4.+1".to_string()));
/// assert!(parse_pairs("n=%G1").is_err());
/// ```
pub fn parse_pairs(query: &str) -> Result<Vec<(String, String)>, ParamError> {
    let mut pairs: Vec<(String, String)> = Vec::new();
    let mut offset = 0;
    for piece in query.split('&') {
        let start = offset;
        offset += piece.len() + 1;
        if piece.is_empty() {
            continue;
        }
        // Pairs are numbered as they are counted: empty pieces are none.
        let index = pairs.len() + 1;
        let decoded = |text: &str, at: usize| -> Result<String, ParamError> {
            let bytes = percent_decode(text, at)?;
            String::from_utf8(bytes).map_err(|_| ParamError::NotUtf8 { index })
        };
        let Some((raw_name, raw_value)) = piece.split_once('=') else {
            return Err(ParamError::NotAPair {
                pair: String::from_utf8_lossy(&percent_decode(piece, start)?).into_owned(),
            });
        };
        let name = decoded(raw_name, start)?;
        let value = decoded(raw_value, start + raw_name.len() + 1)?;
        if name.is_empty() {
            return Err(ParamError::NotAPair {
                pair: format!("={value}"),
            });
        }
        if pairs.iter().any(|(seen, _)| *seen == name) {
            return Err(ParamError::Duplicate(name));
        }
        pairs.push((name, value));
    }
    Ok(pairs)
}

/// Decodes `%XX` escapes and `+`; `offset` is where `text` starts in the
/// query, for the error message.
fn percent_decode(text: &str, offset: usize) -> Result<Vec<u8>, ParamError> {
    let bytes = text.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        match bytes[at] {
            b'%' => {
                let digit = |index: usize| {
                    bytes
                        .get(index)
                        .and_then(|&byte| (byte as char).to_digit(16))
                };
                match (digit(at + 1), digit(at + 2)) {
                    (Some(high), Some(low)) => decoded.push((high * 16 + low) as u8),
                    _ => {
                        return Err(ParamError::BadEscape {
                            offset: offset + at,
                        });
                    }
                }
                at += 3;
            }
            b'+' => {
                decoded.push(b' ');
                at += 1;
            }
            byte => {
                decoded.push(byte);
                at += 1;
            }
        }
    }
    Ok(decoded)
}

#[cfg(test)]
mod tests;
