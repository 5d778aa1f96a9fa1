//! Reading the query string of `/api/trace`: percent-decoding, then checking
//! each parameter, so that every request is either a [`TraceRequest`] or a
//! [`ParamError`] whose message says what was wrong.

use std::fmt;

use puzzles::queens::{Board, QueensError, Solution, parse_square};
use puzzles::sudoku::{Puzzle, SudokuError};
use puzzles::trace::TraceMode;

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
    /// Parameters: `puzzle` (required; `queens` or `sudoku`), `n` (required
    /// for queens, 4 to 12), `given` (queens only, optional: squares
    /// `ROW:COL` separated by commas, as `--given` takes them), `grid` (required for Sudoku: one character per
    /// cell as [`Puzzle::parse`] reads it — 16, 81, 256 or 625 cells, `.` or
    /// `0` for an empty one, whitespace ignored) and `mode` (`first` or
    /// `all`, default `all`). Unknown or repeated parameters are errors, so a
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
    /// assert_eq!(request, TraceRequest::Queens { n: 6, given: vec![], mode: TraceMode::AllSolutions });
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
    // Only plain digits: no sign, no spaces, no `0x`.
    text.bytes()
        .all(|byte| byte.is_ascii_digit())
        .then(|| text.parse::<usize>().ok())
        .flatten()
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

fn parse_mode(text: Option<&str>) -> Result<TraceMode, ParamError> {
    match text {
        None | Some("all") => Ok(TraceMode::AllSolutions),
        Some("first") => Ok(TraceMode::FirstSolution),
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
    for (index, piece) in query.split('&').enumerate() {
        let start = offset;
        offset += piece.len() + 1;
        if piece.is_empty() {
            continue;
        }
        let decoded = |text: &str, at: usize| -> Result<String, ParamError> {
            let bytes = percent_decode(text, at)?;
            String::from_utf8(bytes).map_err(|_| ParamError::NotUtf8 { index: index + 1 })
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
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn error(query: &str) -> String {
        TraceRequest::from_query(query).unwrap_err().to_string()
    }

    #[test]
    fn good_requests_parse() {
        assert_eq!(
            TraceRequest::from_query("puzzle=queens&n=4&mode=all"),
            Ok(TraceRequest::Queens {
                n: 4,
                given: vec![],
                mode: TraceMode::AllSolutions
            })
        );
        assert_eq!(
            TraceRequest::from_query("mode=first&n=12&puzzle=queens&"),
            Ok(TraceRequest::Queens {
                n: 12,
                given: vec![],
                mode: TraceMode::FirstSolution
            })
        );
        assert_eq!(
            TraceRequest::from_query("puzzle=que%65ns&n=8").map(|request| request.to_string()),
            Ok("puzzle=queens&n=8&mode=all".to_string())
        );
    }

    #[test]
    fn bad_requests_say_what_is_wrong() {
        assert_eq!(
            error(""),
            "missing parameter puzzle (puzzle=queens, puzzle=sudoku or puzzle=crossword)"
        );
        assert_eq!(
            error("puzzle=queens"),
            "missing parameter n (the board size, 4 to 12)"
        );
        assert_eq!(
            error("puzzle=queens&n=3"),
            "n must be a whole number from 4 to 12, got \"3\""
        );
        assert_eq!(
            error("puzzle=queens&n=13"),
            "n must be a whole number from 4 to 12, got \"13\""
        );
        assert_eq!(
            error("puzzle=queens&n=+8"),
            "n must be a whole number from 4 to 12, got \" 8\""
        );
        assert_eq!(
            error("puzzle=queens&n=99999999999999999999999"),
            "n must be a whole number from 4 to 12, got \"99999999999999999999999\""
        );
        assert_eq!(
            error("puzzle=queens&n=8&mode=fast"),
            "unknown mode \"fast\" (expected first or all)"
        );
        assert_eq!(
            error("puzzle=chess&n=8"),
            "unknown puzzle \"chess\" (available: queens, sudoku, crossword)"
        );
        assert_eq!(
            error("puzzle=queens&n=8&node=all"),
            "unknown parameter \"node\" (expected puzzle, n, given, mode)"
        );
        assert_eq!(
            error("puzzle=queens&n=8&n=9"),
            "parameter n is given more than once"
        );
        assert_eq!(
            error("puzzle=queens&n=8%"),
            "malformed query: bad percent escape at byte 17 of the query"
        );
        assert_eq!(
            error("puzzle=queens&n=%ff"),
            "malformed query: parameter 2 is not valid UTF-8 once decoded"
        );
        assert_eq!(
            error("puzzle=queens&n"),
            "malformed query: \"n\" is not of the form name=value"
        );
        assert_eq!(
            error("=queens"),
            "malformed query: \"=queens\" is not of the form name=value"
        );
    }

    #[test]
    fn given_queens_parse_or_fail_as_the_cli_says() {
        assert_eq!(
            TraceRequest::from_query("puzzle=queens&n=8&given=6:4,+0:3&mode=first"),
            Ok(TraceRequest::Queens {
                n: 8,
                given: vec![(0, 3), (6, 4)],
                mode: TraceMode::FirstSolution
            })
        );
        assert_eq!(
            TraceRequest::from_query("puzzle=queens&n=8&given=").map(|r| r.to_string()),
            Ok("puzzle=queens&n=8&mode=all".to_string())
        );
        assert_eq!(
            TraceRequest::from_query("puzzle=queens&n=8&given=3:1,0:5").map(|r| r.to_string()),
            Ok("puzzle=queens&n=8&given=0:5,3:1&mode=all".to_string())
        );
        // The messages of `puzzles queens 8 --given …`.
        for (given, message) in [
            (
                "0:0,2:2",
                "the pieces at (row 0, col 0) and (row 2, col 2) attack each other (diagonal)",
            ),
            (
                "1:4,5:4",
                "the pieces at (row 1, col 4) and (row 5, col 4) attack each other (column)",
            ),
            (
                "2:1,2:6",
                "the pieces at (row 2, col 1) and (row 2, col 6) attack each other (row)",
            ),
            (
                "0:8",
                "the square (row 0, col 8) is off the board: rows and columns run from 0 to 7",
            ),
            (
                "0-0",
                "given: expected a square as ROW:COL (0-based), like 0:5, got \"0-0\"",
            ),
            (
                "a:1",
                "given: the row in \"a:1\" must be a whole number from 0, got \"a\"",
            ),
            (
                "1:",
                "given: the column in \"1:\" must be a whole number from 0, got \"\"",
            ),
            (
                "0:1,",
                "given: expected a square as ROW:COL (0-based), like 0:5, got \"\"",
            ),
        ] {
            assert_eq!(error(&format!("puzzle=queens&n=8&given={given}")), message);
        }
        let many = vec!["0:0"; MAX_GIVEN + 1].join(",");
        assert_eq!(
            error(&format!("puzzle=queens&n=8&given={many}")),
            "given: at most 144 squares are taken"
        );
        assert_eq!(
            error("puzzle=sudoku&given=0:0&grid=1..............."),
            "unknown parameter \"given\" (expected puzzle, grid, mode)"
        );
    }

    #[test]
    fn board_drawings_take_a_solution() {
        assert_eq!(
            board_from_query("cols=2,0,3,1").unwrap().cols(),
            &[2, 0, 3, 1]
        );
        for (query, message) in [
            (
                "",
                "missing parameter cols (the column of the queen in each row, like cols=1,3,0,2)",
            ),
            (
                "cols=1,3,0,2&n=4",
                "unknown parameter \"n\" (expected cols)",
            ),
            ("cols=1,x,0,2", "cols: \"x\" is not a whole number from 0"),
            ("cols=1,3", "cols: a board has 4 to 12 columns here, got 2"),
            (
                "cols=0,0,0,0,0,0,0,0,0,0,0,0,0,0",
                "cols: a board has 4 to 12 columns here, got more",
            ),
            (
                "cols=1,3,0,4",
                "cols: row 3: column 4 is off the board (n = 4, columns 0 to 3)",
            ),
        ] {
            assert_eq!(
                board_from_query(query).unwrap_err().to_string(),
                message,
                "{query}"
            );
        }
    }

    const CLASSIC: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn sudoku_requests_parse() {
        let classic = Puzzle::parse(CLASSIC).unwrap();
        assert_eq!(
            TraceRequest::from_query(&format!("puzzle=sudoku&grid={CLASSIC}&mode=first")),
            Ok(TraceRequest::Sudoku {
                puzzle: classic.clone(),
                mode: TraceMode::FirstSolution
            })
        );
        // As a form sends a grid typed in rows: spaces as `+`, line breaks
        // escaped; `0` for an empty cell. It reads back as one line.
        let rows: Vec<String> = CLASSIC
            .as_bytes()
            .chunks(9)
            .map(|row| String::from_utf8(row.to_vec()).unwrap().replace('.', "0"))
            .collect();
        let typed = rows
            .iter()
            .map(|row| format!("{}+{}+{}", &row[..3], &row[3..6], &row[6..]))
            .collect::<Vec<_>>()
            .join("%0D%0A");
        let request = TraceRequest::from_query(&format!("grid={typed}&puzzle=sudoku")).unwrap();
        assert_eq!(
            request,
            TraceRequest::Sudoku {
                puzzle: classic,
                mode: TraceMode::AllSolutions
            }
        );
        assert_eq!(
            request.to_string(),
            format!("puzzle=sudoku&grid={CLASSIC}&mode=all")
        );
        assert_eq!(request.puzzle(), "sudoku");
        // Every size the library solves, small letters too.
        for (cells, side) in [(16, 4), (81, 9), (256, 16), (625, 25)] {
            let grid = format!(
                "{}{}",
                if side > 9 { "g" } else { "1" },
                ".".repeat(cells - 1)
            );
            let grid = if side == 25 {
                grid.replacen('g', "p", 1)
            } else {
                grid
            };
            match TraceRequest::from_query(&format!("puzzle=sudoku&grid={grid}")) {
                Ok(TraceRequest::Sudoku { puzzle, .. }) => assert_eq!(puzzle.side(), side),
                other => panic!("{side}×{side}: {other:?}"),
            }
        }
    }

    #[test]
    fn bad_grids_say_what_and_where() {
        assert_eq!(
            error("puzzle=sudoku"),
            "missing parameter grid (the puzzle, one character per cell: 81 for 9×9 \
             (16, 256 or 625 for 4×4, 16×16 or 25×25), '.' or '0' for an empty cell)"
        );
        assert_eq!(
            error(&format!("puzzle=sudoku&grid={}", &CLASSIC[1..])),
            "invalid grid: wrong length: 80 cells, where a puzzle has 16, 81, 256 or 625 \
             (4×4, 9×9, 16×16 or 25×25)"
        );
        assert_eq!(
            error("puzzle=sudoku&grid="),
            "invalid grid: wrong length: 0 cells, where a puzzle has 16, 81, 256 or 625 \
             (4×4, 9×9, 16×16 or 25×25)"
        );
        assert_eq!(
            error(&format!(
                "puzzle=sudoku&grid={}x{}",
                &CLASSIC[..4],
                &CLASSIC[5..]
            )),
            "invalid grid: bad character 'x' at column 5 (expected a digit (1-9 for 9×9, \
             up to 1-9 and A-P for 25×25), or '.' or '0' for an empty cell)"
        );
        // A grid typed in rows: the line and the column in the text box.
        assert_eq!(
            error("puzzle=sudoku&grid=12..%0A..3.%0A.%E2%80%A2..%0A...."),
            "invalid grid: bad character '•' at line 3, column 2 (expected a digit \
             (1-9 for 9×9, up to 1-9 and A-P for 25×25), or '.' or '0' for an empty cell)"
        );
        // A digit too big for the grid's size.
        assert_eq!(
            error("puzzle=sudoku&grid=5..............."),
            "invalid grid: bad character '5' at column 1 (expected 1-4 for a 4×4 grid, \
             or '.' or '0' for an empty cell)"
        );
        assert_eq!(
            error(&format!("puzzle=sudoku&grid=55{}", &CLASSIC[2..])),
            "invalid grid: the givens clash: 5 at r1c1 and at r1c2 are in the same row"
        );
        assert_eq!(
            error("puzzle=sudoku&grid=1...1..........."),
            "invalid grid: the givens clash: 1 at r1c1 and at r2c1 are in the same column"
        );
        assert_eq!(
            error("puzzle=sudoku&grid=1....1.........."),
            "invalid grid: the givens clash: 1 at r1c1 and at r2c2 are in the same box"
        );
        assert_eq!(
            error(&format!("puzzle=sudoku&grid={CLASSIC}&n=9")),
            "unknown parameter \"n\" (expected puzzle, grid, mode)"
        );
        assert_eq!(
            error(&format!("puzzle=sudoku&grid={CLASSIC}&mode=one")),
            "unknown mode \"one\" (expected first or all)"
        );
        assert_eq!(
            error("puzzle=queens&grid=1..............."),
            "unknown parameter \"grid\" (expected puzzle, n, given, mode)"
        );
    }

    #[test]
    fn escapes_decode() {
        assert_eq!(
            parse_pairs("a=%41%62+c&%3D=%26").unwrap(),
            [
                ("a".to_string(), "Ab c".to_string()),
                ("=".to_string(), "&".to_string())
            ]
        );
        assert!(matches!(
            parse_pairs("a=%4"),
            Err(ParamError::BadEscape { offset: 2 })
        ));
    }

    proptest! {
        #[test]
        fn the_query_parser_never_panics(query in any::<String>()) {
            match TraceRequest::from_query(&query) {
                Ok(request) => {
                    // A request that parses names its puzzle and reads back the same.
                    prop_assert_eq!(TraceRequest::from_query(&request.to_string()), Ok(request));
                }
                Err(message) => prop_assert!(!message.to_string().is_empty()),
            }
        }

        #[test]
        fn query_shaped_strings_parse_or_fail_cleanly(
            query in "(puzzle|n|mode|grid|given|example|words|steps|[0-9]:[0-9]|,|%[0-9a-fA-F]{0,2}|%0A|%23|[=&+]|queens|sudoku|crossword|english|open-5x5|first|all|[0-9]{1,3}|\\.{16}|1\\.{15}|\\.{2,4}|#){0,12}"
        ) {
            match TraceRequest::from_query(&query) {
                Ok(TraceRequest::Queens { n, .. }) => prop_assert!((MIN_QUEENS..=MAX_QUEENS).contains(&n)),
                Ok(TraceRequest::Sudoku { puzzle, .. }) => prop_assert_eq!(puzzle.side(), 4),
                Ok(request @ TraceRequest::Crossword { .. }) => {
                    prop_assert_eq!(TraceRequest::from_query(&request.to_string()), Ok(request));
                }
                Err(message) => prop_assert!(!message.to_string().is_empty()),
            }
        }

        /// Any text at all as the grid: a puzzle, exactly as the library
        /// reads it, or the library's own error.
        #[test]
        fn any_grid_parses_or_fails_with_the_librarys_message(grid in any::<String>()) {
            let escaped: String = grid.bytes().map(|byte| format!("%{byte:02X}")).collect();
            let parsed = TraceRequest::from_query(&format!("puzzle=sudoku&grid={escaped}&mode=first"));
            match (parsed, Puzzle::parse(&grid)) {
                (Ok(TraceRequest::Sudoku { puzzle, mode }), Ok(expected)) => {
                    prop_assert_eq!(&puzzle, &expected);
                    prop_assert_eq!(mode, TraceMode::FirstSolution);
                }
                (Err(ParamError::Grid(error)), Err(expected)) => {
                    prop_assert_eq!(&error, &expected);
                    prop_assert!(ParamError::Grid(error).to_string().starts_with("invalid grid: "));
                }
                (parsed, expected) => prop_assert!(false, "{:?} but the library says {:?}", parsed, expected),
            }
        }

        /// Grid-shaped text: the right lengths, digits, letters, empty
        /// marks, whitespace and the odd stray character.
        #[test]
        fn grid_shaped_text_parses_or_names_its_problem(
            cells in proptest::sample::select(vec![15usize, 16, 17, 80, 81, 82, 256, 625]),
            seed in proptest::collection::vec(
                prop_oneof![
                    12 => Just(".".to_string()),
                    3 => "[0-9A-Pa-p]",
                    1 => "[ \n\t]",
                    1 => "[x|#+-]|\\PC",
                ],
                625..700,
            ),
        ) {
            // Whitespace is not a cell, so some grids of the right length
            // come out a few cells short: both outcomes are tried.
            let grid: String = seed.iter().take(cells).map(String::as_str).collect();
            let query = format!(
                "puzzle=sudoku&mode=all&grid={}",
                grid.bytes().map(|byte| format!("%{byte:02X}")).collect::<String>()
            );
            match TraceRequest::from_query(&query) {
                Ok(request) => {
                    prop_assert_eq!(TraceRequest::from_query(&request.to_string()), Ok(request));
                }
                Err(ParamError::Grid(error)) => {
                    let message = ParamError::Grid(error.clone()).to_string();
                    prop_assert!(
                        matches!(
                            error,
                            SudokuError::WrongLength { .. }
                                | SudokuError::BadCharacter { .. }
                                | SudokuError::Clash { .. }
                        ),
                        "{}", message
                    );
                    prop_assert!(message.len() > "invalid grid: ".len() + 10);
                }
                Err(other) => prop_assert!(false, "not a grid error: {}", other),
            }
        }

        #[test]
        fn pairs_round_trip_through_percent_encoding(
            pairs in proptest::collection::btree_map("[a-z]{1,6}", any::<String>(), 0..5)
        ) {
            let encode = |text: &str| -> String {
                text.bytes().map(|byte| format!("%{byte:02X}")).collect()
            };
            let query: Vec<String> = pairs
                .iter()
                .map(|(name, value)| format!("{}={}", encode(name), encode(value)))
                .collect();
            let decoded = parse_pairs(&query.join("&")).unwrap();
            let expected: Vec<(String, String)> = pairs.into_iter().collect();
            prop_assert_eq!(decoded, expected);
        }
    }
}
