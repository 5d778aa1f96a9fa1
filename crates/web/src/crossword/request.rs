//! The parameters of a crossword trace: the grid (an example by name, or
//! the text typed in), the word list (the shipped English list), and the
//! most steps to return.

use std::fmt::{self, Write as _};
use std::sync::OnceLock;

use puzzles::crossword::{FillError, Filler, Grid, GridError, MAX_SIDE, WordList};
use puzzles::text::Position;

use crate::bounds::{MAX_CROSSWORD_SIDE, MAX_EVENTS, whole_number};
use crate::examples::CROSSWORD;

/// The word lists the page offers, by their `words=` name: the English
/// list shipped with the library. Lists of your own are for `puzzles
/// crossword GRID --words FILE`; the page reads no files.
pub const WORD_LISTS: &[&str] = &["english"];

/// The English list shipped with the library, read once.
///
/// # Example
///
/// ```
/// assert!(puzzles_web::crossword::english().len() > 50_000);
/// ```
pub fn english() -> &'static WordList {
    static ENGLISH: OnceLock<WordList> = OnceLock::new();
    ENGLISH.get_or_init(WordList::english)
}

/// Where a request's grid came from.
///
/// # Example
///
/// ```
/// use puzzles_web::crossword::GridSource;
///
/// assert_ne!(GridSource::Example("open-5x5"), GridSource::Text(".....".into()));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GridSource {
    /// One of [`CROSSWORD`] by its name (`example=open-5x5`).
    Example(&'static str),
    /// The text typed in (`grid=…`), as it came.
    Text(String),
}

/// A crossword trace request, checked: a grid within the page's bound whose
/// every slot fits some word of the list.
///
/// # Example
///
/// ```
/// use puzzles_web::crossword::{CrosswordRequest, GridSource};
///
/// let query = [("grid", "..\n.."), ("steps", "100")];
/// let get = |name: &str| query.iter().find(|(key, _)| *key == name).map(|(_, value)| *value);
/// let request = CrosswordRequest::from_params(get)?;
/// assert_eq!((request.grid.slots().len(), request.words, request.steps), (4, "english", 100));
/// assert_eq!(request.source, GridSource::Text("..\n..".into()));
/// # Ok::<(), puzzles_web::crossword::CrosswordError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrosswordRequest {
    /// Where the grid came from.
    pub source: GridSource,
    /// The grid.
    pub grid: Grid,
    /// The word list's name, one of [`WORD_LISTS`].
    pub words: &'static str,
    /// The most events to return, 1 to [`MAX_EVENTS`].
    pub steps: usize,
}

/// Why crossword parameters are refused. The messages are shown to the
/// user as they are.
///
/// # Example
///
/// ```
/// use puzzles_web::crossword::{CrosswordError, CrosswordRequest};
///
/// let error = CrosswordRequest::from_params(|name| (name == "grid").then_some("QZ.\n...\n...")).unwrap_err();
/// assert_eq!(error.to_string(), "invalid grid: 1 across (QZ.): no word of the list fits");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CrosswordError {
    /// Neither `grid` nor `example`.
    #[error(
        "missing parameter grid (the grid, a row per line: '#' a block, '.' an empty square, \
         A-Z a pre-set letter), or example=NAME ({names})",
        names = example_names()
    )]
    MissingGrid,
    /// Both `grid` and `example`.
    #[error("give grid or example, not both")]
    GridAndExample,
    /// An example name that is not one of [`CROSSWORD`].
    #[error("unknown example {0:?} (available: {names})", names = example_names())]
    UnknownExample(String),
    /// A grid the library refuses: its message names the line and column.
    #[error("invalid grid: {0}")]
    Grid(GridError),
    /// A grid over the page's bound.
    #[error(
        "invalid grid: {rows}×{cols} squares, where the page takes at most \
         {MAX_CROSSWORD_SIDE}×{MAX_CROSSWORD_SIDE} (puzzles crossword takes larger grids)"
    )]
    TooLarge {
        /// Its rows.
        rows: usize,
        /// Its columns.
        cols: usize,
    },
    /// A grid past even the library's bound, [`MAX_SIDE`] a side: refused
    /// where the bound was passed, as the library does, but with the
    /// page's bound.
    #[error(
        "invalid grid: {0}: more than {MAX_SIDE} squares a side, where the page takes at most \
         {MAX_CROSSWORD_SIDE}×{MAX_CROSSWORD_SIDE} (puzzles crossword takes up to \
         {MAX_SIDE}×{MAX_SIDE})"
    )]
    FarTooLarge(Position),
    /// A slot that no word of the list fits on its own (its pre-set
    /// letters), named by number and direction.
    #[error("invalid grid: {0}")]
    NoWordFits(FillError),
    /// A word list other than those of [`WORD_LISTS`].
    #[error(
        "unknown word list {0:?} (the page offers words=english, the list shipped with \
         puzzles; puzzles crossword GRID --words FILE takes your own)"
    )]
    UnknownList(String),
    /// A step bound that is not a whole number from 1 to [`MAX_EVENTS`].
    #[error("steps must be a whole number from 1 to {MAX_EVENTS}, got {0:?}")]
    Steps(String),
}

fn example_names() -> String {
    CROSSWORD
        .iter()
        .map(|example| example.name)
        .collect::<Vec<_>>()
        .join(", ")
}

impl CrosswordRequest {
    /// Reads the parameters `grid` (the grid's text) or `example` (an
    /// example's name), `words` (default `english`) and `steps` (default
    /// [`MAX_EVENTS`]), each looked up with `get`.
    ///
    /// # Errors
    ///
    /// A [`CrosswordError`] naming the first problem: the grid missing or
    /// given twice, an unknown example or list, the library's message for a
    /// bad grid, a grid over [`MAX_CROSSWORD_SIDE`], a slot that fits no
    /// word, a bad step bound.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles_web::crossword::{CrosswordRequest, GridSource};
    ///
    /// let request = CrosswordRequest::from_params(|name| (name == "example").then_some("open-5x5"))?;
    /// assert_eq!(request.source, GridSource::Example("open-5x5"));
    /// assert_eq!(request.grid.rows(), 5);
    /// # Ok::<(), puzzles_web::crossword::CrosswordError>(())
    /// ```
    pub fn from_params<'a>(
        get: impl Fn(&str) -> Option<&'a str>,
    ) -> Result<CrosswordRequest, CrosswordError> {
        let (source, text) = match (get("grid"), get("example")) {
            (Some(_), Some(_)) => return Err(CrosswordError::GridAndExample),
            (None, None) => return Err(CrosswordError::MissingGrid),
            (Some(text), None) => (GridSource::Text(text.to_string()), text),
            (None, Some(name)) => {
                let example = CROSSWORD
                    .iter()
                    .find(|example| example.name == name)
                    .ok_or_else(|| CrosswordError::UnknownExample(name.to_string()))?;
                (GridSource::Example(example.name), example.grid)
            }
        };
        let words = match get("words") {
            None => WORD_LISTS[0],
            Some(name) => WORD_LISTS
                .iter()
                .copied()
                .find(|&list| list == name)
                .ok_or_else(|| CrosswordError::UnknownList(name.to_string()))?,
        };
        let steps = match get("steps") {
            None => MAX_EVENTS,
            Some(text) => whole_number(text)
                .filter(|steps| (1..=MAX_EVENTS).contains(steps))
                .ok_or_else(|| CrosswordError::Steps(text.to_string()))?,
        };
        let grid = Grid::parse(text).map_err(|error| match error {
            GridError::TooLarge { position } => CrosswordError::FarTooLarge(position),
            other => CrosswordError::Grid(other),
        })?;
        if grid.rows() > MAX_CROSSWORD_SIDE || grid.cols() > MAX_CROSSWORD_SIDE {
            return Err(CrosswordError::TooLarge {
                rows: grid.rows(),
                cols: grid.cols(),
            });
        }
        Filler::new(&grid, english()).map_err(CrosswordError::NoWordFits)?;
        Ok(CrosswordRequest {
            source,
            grid,
            words,
            steps,
        })
    }
}

impl fmt::Display for CrosswordRequest {
    /// The request as query parameters (without `puzzle` and `mode`): the
    /// typed grid with every byte that a query could misread escaped.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.source {
            GridSource::Example(name) => write!(f, "example={name}")?,
            GridSource::Text(text) => {
                f.write_str("grid=")?;
                for byte in text.bytes() {
                    if byte.is_ascii_alphanumeric() || byte == b'.' {
                        f.write_char(char::from(byte))?;
                    } else {
                        write!(f, "%{byte:02X}")?;
                    }
                }
            }
        }
        write!(f, "&words={}&steps={}", self.words, self.steps)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use puzzles::trace::TraceMode;

    use super::*;
    use crate::params::{ParamError, TraceRequest};

    /// `steps=%2B5` was refused where `n=%2B8` and the command line take a `+`.
    #[test]
    fn steps_are_read_as_the_command_line_reads_numbers() {
        let request = |steps: &'static str| {
            CrosswordRequest::from_params(move |name| match name {
                "example" => Some("open-5x5"),
                "steps" => Some(steps),
                _ => None,
            })
        };
        assert_eq!(request("+5").unwrap().steps, 5);
        assert_eq!(request("5").unwrap().steps, 5);
        assert!(request("-5").is_err());
        assert!(request("+").is_err());
    }

    fn escaped(text: &str) -> String {
        text.bytes().map(|byte| format!("%{byte:02X}")).collect()
    }

    fn crossword(query: &str) -> Result<(CrosswordRequest, TraceMode), ParamError> {
        match TraceRequest::from_query(query)? {
            TraceRequest::Crossword { crossword, mode } => Ok((*crossword, mode)),
            other => panic!("not a crossword: {other:?}"),
        }
    }

    fn error(query: &str) -> String {
        crossword(query).unwrap_err().to_string()
    }

    #[test]
    fn examples_and_typed_grids_parse_and_read_back() {
        let (request, mode) = crossword("puzzle=crossword&example=theme-word&mode=first").unwrap();
        assert_eq!(request.source, GridSource::Example("theme-word"));
        assert_eq!(request.grid, Grid::parse("...#\nCAT.\n....\n#...").unwrap());
        assert_eq!(
            (request.words, request.steps, mode),
            ("english", MAX_EVENTS, TraceMode::FirstSolution)
        );
        // As a form sends a grid typed in rows, with a comment.
        let typed = "% mine\r\n#..\n...\n..#\n";
        let query = format!(
            "puzzle=crossword&grid={}&words=english&steps=500",
            escaped(typed)
        );
        let (request, mode) = crossword(&query).unwrap();
        assert_eq!(request.source, GridSource::Text(typed.to_string()));
        assert_eq!(
            (request.grid.rows(), request.steps, mode),
            (3, 500, TraceMode::FirstSolution)
        );
        let again = TraceRequest::from_query(&format!("{query}&mode=all")).unwrap();
        assert_eq!(
            TraceRequest::from_query(&again.to_string()),
            Ok(again.clone())
        );
        assert_eq!(again.puzzle(), "crossword");
        // Every example is a request, and the largest grid the page takes.
        for example in CROSSWORD {
            crossword(&format!("puzzle=crossword&example={}", example.name)).unwrap();
        }
        let largest = vec![".".repeat(MAX_CROSSWORD_SIDE); MAX_CROSSWORD_SIDE].join("\n");
        let (request, _) =
            crossword(&format!("puzzle=crossword&grid={}", escaped(&largest))).unwrap();
        assert_eq!(request.grid.cols(), MAX_CROSSWORD_SIDE);
    }

    #[test]
    fn bad_crossword_parameters_say_what_is_wrong() {
        for (query, message) in [
            (
                "puzzle=crossword",
                "missing parameter grid (the grid, a row per line: '#' a block, '.' an empty \
                 square, A-Z a pre-set letter), or example=NAME (open-5x5, theme-word, no-fill, \
                 corner-z, every-2x2)",
            ),
            (
                "puzzle=crossword&grid=..&example=open-5x5",
                "give grid or example, not both",
            ),
            (
                "puzzle=crossword&example=big",
                "unknown example \"big\" (available: open-5x5, theme-word, no-fill, corner-z, every-2x2)",
            ),
            (
                "puzzle=crossword&grid=..%0A.1",
                "invalid grid: line 2, column 2: unexpected character '1' (expected '#', '.' or a letter A-Z)",
            ),
            (
                "puzzle=crossword&grid=...%0A..",
                "invalid grid: line 2: a row of 2 squares, but the first row has 3",
            ),
            (
                "puzzle=crossword&grid=",
                "invalid grid: the grid is empty (no rows of '#', '.' and letters)",
            ),
            (
                "puzzle=crossword&grid=.%23",
                "invalid grid: line 1, column 1: a white square in no word (a slot needs two squares or more)",
            ),
            (
                "puzzle=crossword&grid=....%0AQZ..%0A....",
                "invalid grid: 1 down (.Q.): no word of the list fits",
            ),
            (
                "puzzle=crossword&grid=..&words=mine",
                "unknown word list \"mine\" (the page offers words=english, the list shipped with \
                 puzzles; puzzles crossword GRID --words FILE takes your own)",
            ),
            (
                "puzzle=crossword&grid=..&steps=0",
                "steps must be a whole number from 1 to 200000, got \"0\"",
            ),
            (
                "puzzle=crossword&grid=..&steps=200001",
                "steps must be a whole number from 1 to 200000, got \"200001\"",
            ),
            (
                "puzzle=crossword&grid=..&steps=+5",
                "steps must be a whole number from 1 to 200000, got \" 5\"",
            ),
            (
                "puzzle=crossword&grid=..&n=8",
                "unknown parameter \"n\" (expected puzzle, grid, example, words, steps, mode)",
            ),
            (
                "puzzle=crossword&grid=..&mode=some",
                "unknown mode \"some\" (expected first or all)",
            ),
        ] {
            assert_eq!(error(query), message, "{query}");
        }
        let wide = format!(
            "puzzle=crossword&grid={}",
            ".".repeat(MAX_CROSSWORD_SIDE + 1)
        );
        assert_eq!(
            error(&wide),
            "invalid grid: 1×16 squares, where the page takes at most 15×15 (puzzles crossword \
             takes larger grids)"
        );
        // Past the library's bound too: the page's bound, where it was
        // passed (the library's own message named only its 64×64).
        let far = format!("puzzle=crossword&grid={}", ".".repeat(MAX_SIDE + 1));
        assert_eq!(
            error(&far),
            "invalid grid: line 1, column 65: more than 64 squares a side, where the page takes \
             at most 15×15 (puzzles crossword takes up to 64×64)"
        );
        let tall = vec![".."; MAX_CROSSWORD_SIDE + 1].join("%0A");
        assert!(
            error(&format!("puzzle=crossword&grid={tall}"))
                .starts_with("invalid grid: 16×2 squares")
        );
    }

    proptest! {
        /// Any text at all as the grid: a request whose grid is exactly the
        /// library's reading of it, or the library's own message (for the
        /// text or for a slot no word fits), or the page's size bound.
        #[test]
        fn any_grid_parses_or_fails_with_the_librarys_message(text in any::<String>()) {
            let query = format!("puzzle=crossword&grid={}", escaped(&text));
            match (crossword(&query), Grid::parse(&text)) {
                (Ok((request, _)), Ok(grid)) => prop_assert_eq!(request.grid, grid),
                (Err(ParamError::Crossword(CrosswordError::Grid(error))), Err(expected)) => {
                    let too_large = matches!(error, GridError::TooLarge { .. });
                    prop_assert!(!too_large, "the page's bound, not the library's");
                    prop_assert_eq!(error, expected);
                }
                (
                    Err(ParamError::Crossword(CrosswordError::FarTooLarge(position))),
                    Err(GridError::TooLarge { position: expected }),
                ) => prop_assert_eq!(position, expected),
                (Err(ParamError::Crossword(CrosswordError::TooLarge { rows, cols })), Ok(grid)) => {
                    prop_assert!(rows.max(cols) > MAX_CROSSWORD_SIDE);
                    prop_assert_eq!((rows, cols), (grid.rows(), grid.cols()));
                }
                (Err(ParamError::Crossword(CrosswordError::NoWordFits(error))), Ok(grid)) => {
                    prop_assert_eq!(Filler::new(&grid, english()).unwrap_err(), error);
                }
                (parsed, expected) => prop_assert!(false, "{:?} but the library says {:?}", parsed, expected),
            }
        }

        /// Grid-shaped text: blocks, empty squares, letters, line breaks,
        /// comments and the odd stray byte, in ragged rows or not. A request
        /// reads back as itself; a refusal names its problem.
        #[test]
        fn grid_shaped_text_parses_or_names_its_problem(
            pieces in proptest::collection::vec(
                prop_oneof![
                    8 => Just(".".to_string()),
                    3 => Just("#".to_string()),
                    2 => "[A-Za-z]",
                    2 => Just("\n".to_string()),
                    1 => Just("\n% a comment\n".to_string()),
                    1 => "[ \t\r]|[0-9&=+%]|\\PC",
                ],
                0..120,
            ),
            steps in proptest::option::of("[0-9]{1,7}|[a-z+-]{1,3}"),
            mode in proptest::option::of("first|all|[a-z]{1,5}"),
        ) {
            let text: String = pieces.concat();
            let mut query = format!("puzzle=crossword&grid={}", escaped(&text));
            if let Some(steps) = &steps {
                query.push_str(&format!("&steps={}", escaped(steps)));
            }
            if let Some(mode) = &mode {
                query.push_str(&format!("&mode={}", escaped(mode)));
            }
            match TraceRequest::from_query(&query) {
                Ok(request) => {
                    prop_assert_eq!(TraceRequest::from_query(&request.to_string()), Ok(request.clone()));
                    if let TraceRequest::Crossword { crossword, .. } = request {
                        prop_assert!((1..=MAX_EVENTS).contains(&crossword.steps));
                    }
                }
                Err(error) => {
                    let message = error.to_string();
                    prop_assert!(
                        message.starts_with("invalid grid: ")
                            || message.starts_with("steps must be")
                            || message.starts_with("unknown mode"),
                        "{}", message
                    );
                    prop_assert!(message.len() > 20);
                }
            }
        }
    }
}
