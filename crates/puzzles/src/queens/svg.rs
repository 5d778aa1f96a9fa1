//! Drawing solutions as SVG: one checkered board, or a sheet of boards with
//! captions under them and an optional title.
//!
//! The drawings use presentation attributes only (no stylesheet, no fonts
//! beyond the generic `sans-serif`, no external references), so they look the
//! same in a browser, an image viewer or a vector editor. Each piece (queen,
//! rook, king, superqueen) is drawn as a path of its own, not a font glyph. Every coordinate is a whole number of pixels
//! and the output is deterministic, so it can be snapshot-tested.
//!
//! # Example
//!
//! ```
//! use puzzles::queens::{Solution, svg};
//!
//! let solution = Solution::new(vec![1, 3, 0, 2])?;
//! let drawing = svg::board(&solution, &svg::SvgOptions::default());
//! assert!(drawing.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
//! assert_eq!(drawing.matches("class=\"queen\"").count(), 4);
//! # Ok::<(), puzzles::queens::QueensError>(())
//! ```

use std::fmt::Write as _;
use std::io;

use super::rules::Piece;
use super::solution::Solution;

/// The colour of the light squares (the top-left square is light).
const LIGHT: &str = "#f0d9b5";
/// The colour of the dark squares.
const DARK: &str = "#b58863";
/// The pieces' bodies; their outline is white so they stand out on both
/// colours.
const QUEEN_FILL: &str = "#1f2937";
/// Labels and captions.
const INK: &str = "#374151";

/// A queen in a 100×100 box: a five-pointed crown with a ball on each point,
/// standing on a base. Drawn once here and scaled to the square.
///
/// # Example
///
/// ```
/// use puzzles::queens::{Solution, svg};
///
/// let solution = Solution::new(vec![1, 3, 0, 2])?;
/// let drawing = svg::board(&solution, &svg::SvgOptions::default());
/// assert_eq!(drawing.matches(svg::QUEEN_PATH).count(), 4);
/// # Ok::<(), puzzles::queens::QueensError>(())
/// ```
pub const QUEEN_PATH: &str = "M20 74L13 36L32 55L31 27L44 52L50 21L56 52L69 27L68 55L87 36L80 74Z\
M17 79H83V89H17Z\
M8 33a5 5 0 1 0 10 0a5 5 0 1 0-10 0Z\
M26 24a5 5 0 1 0 10 0a5 5 0 1 0-10 0Z\
M45 17a5 5 0 1 0 10 0a5 5 0 1 0-10 0Z\
M64 24a5 5 0 1 0 10 0a5 5 0 1 0-10 0Z\
M82 33a5 5 0 1 0 10 0a5 5 0 1 0-10 0Z";

/// A rook in a 100×100 box: a tower with three merlons, on a base.
///
/// # Example
///
/// ```
/// use puzzles::queens::{Piece, Solution, svg};
///
/// let solution = Solution::new(vec![1, 3, 0, 2])?;
/// let drawing = svg::board(&solution, &svg::SvgOptions::default().piece(Piece::Rook));
/// assert_eq!(drawing.matches(svg::ROOK_PATH).count(), 4);
/// assert!(!drawing.contains(svg::QUEEN_PATH));
/// # Ok::<(), puzzles::queens::QueensError>(())
/// ```
pub const ROOK_PATH: &str = "M22 18H34V28H44V18H56V28H66V18H78V40H70V72H30V40H22Z\
M17 77H83V89H17Z";

/// A king in a 100×100 box: a cross above a rounded crown, on a base.
///
/// # Example
///
/// ```
/// use puzzles::queens::{Piece, Solution, svg};
///
/// let solution = Solution::new(vec![1, 3, 0, 2])?;
/// let drawing = svg::board(&solution, &svg::SvgOptions::default().piece(Piece::King));
/// assert_eq!(drawing.matches(svg::KING_PATH).count(), 4);
/// assert!(!drawing.contains(svg::QUEEN_PATH));
/// # Ok::<(), puzzles::queens::QueensError>(())
/// ```
pub const KING_PATH: &str = "M46 6H54V14H62V22H54V31H46V22H38V14H46Z\
M20 74L13 47Q28 33 45 44L50 35L55 44Q72 33 87 47L80 74Z\
M17 79H83V89H17Z";

/// The mark a superqueen (a queen that also moves as a knight) carries on
/// the queen's crown: a light diamond, in the same 100×100 box.
///
/// # Example
///
/// ```
/// use puzzles::queens::{Piece, Solution, svg};
///
/// let solution = Solution::new(vec![1, 3, 0, 2])?;
/// let options = svg::SvgOptions::default().piece(Piece::Superqueen);
/// let drawing = svg::board(&solution, &options);
/// // A superqueen is a queen with the mark on it.
/// assert_eq!(drawing.matches(svg::QUEEN_PATH).count(), 4);
/// assert_eq!(drawing.matches(svg::SUPERQUEEN_MARK).count(), 4);
/// # Ok::<(), puzzles::queens::QueensError>(())
/// ```
pub const SUPERQUEEN_MARK: &str = "M50 54L56 63L50 72L44 63Z";

/// How to draw: the size of a square, whether to label rows and columns, and
/// which piece stands on the occupied squares.
///
/// # Example
///
/// ```
/// use puzzles::queens::Piece;
/// use puzzles::queens::svg::SvgOptions;
///
/// let options = SvgOptions::default().labels(true).square_size(24).piece(Piece::King);
/// assert!(options.has_labels());
/// assert_eq!(options.size_of_square(), 24);
/// assert_eq!(options.drawn_piece(), Piece::King);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SvgOptions {
    square_size: u32,
    labels: bool,
    piece: Piece,
}

impl Default for SvgOptions {
    /// Squares of 40 pixels, no labels, queens.
    fn default() -> SvgOptions {
        SvgOptions {
            square_size: 40,
            labels: false,
            piece: Piece::Queen,
        }
    }
}

impl SvgOptions {
    /// Label the rows (left) and columns (top) with their 0-based numbers, the
    /// numbers of the `cols` array.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::{Solution, svg};
    ///
    /// let solution = Solution::new(vec![0])?;
    /// let labelled = svg::board(&solution, &svg::SvgOptions::default().labels(true));
    /// assert!(labelled.contains("class=\"labels\""));
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn labels(mut self, labels: bool) -> SvgOptions {
        self.labels = labels;
        self
    }

    /// The side of one square in pixels, at least 8 (smaller values are
    /// raised to 8 so that queens and labels stay drawable).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::svg::SvgOptions;
    ///
    /// assert_eq!(SvgOptions::default().square_size(2).size_of_square(), 8);
    /// ```
    pub fn square_size(mut self, pixels: u32) -> SvgOptions {
        self.square_size = pixels.max(8);
        self
    }

    /// The piece drawn on each occupied square: the board's piece, so that a
    /// drawing of kings shows kings.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::{Piece, Solution, svg};
    ///
    /// let solution = Solution::new(vec![0, 2, 4, 1, 3])?;
    /// let rooks = svg::board(&solution, &svg::SvgOptions::default().piece(Piece::Rook));
    /// assert_eq!(rooks.matches("class=\"rook\"").count(), 5);
    /// assert!(!rooks.contains("class=\"queen\""));
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn piece(mut self, piece: Piece) -> SvgOptions {
        self.piece = piece;
        self
    }

    /// The piece drawn on each occupied square.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::Piece;
    /// use puzzles::queens::svg::SvgOptions;
    ///
    /// assert_eq!(SvgOptions::default().drawn_piece(), Piece::Queen);
    /// ```
    pub fn drawn_piece(&self) -> Piece {
        self.piece
    }

    /// Whether rows and columns are labelled.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::svg::SvgOptions;
    ///
    /// assert!(!SvgOptions::default().has_labels());
    /// ```
    pub fn has_labels(&self) -> bool {
        self.labels
    }

    /// The side of one square in pixels.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::svg::SvgOptions;
    ///
    /// assert_eq!(SvgOptions::default().size_of_square(), 40);
    /// ```
    pub fn size_of_square(&self) -> u32 {
        self.square_size
    }

    /// The space left of and above the board for labels.
    fn margin(&self) -> u64 {
        if self.labels {
            u64::from(self.square_size) / 2 + 4
        } else {
            0
        }
    }

    /// The width and height of a board of size `n`, labels included.
    fn board_extent(&self, n: usize) -> u64 {
        self.margin() + n as u64 * u64::from(self.square_size)
    }

    fn caption_font(&self) -> u64 {
        (u64::from(self.square_size) * 2 / 5).max(11)
    }
}

/// One board of a sheet and the caption written under it.
///
/// # Example
///
/// ```
/// use puzzles::queens::{Solution, svg::SheetEntry};
///
/// let entry = SheetEntry::new(Solution::new(vec![1, 3, 0, 2])?, "solution 1");
/// assert_eq!(entry.caption, "solution 1");
/// # Ok::<(), puzzles::queens::QueensError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SheetEntry {
    /// The solution drawn.
    pub solution: Solution,
    /// The text under the board (escaped when written; may be empty).
    pub caption: String,
}

impl SheetEntry {
    /// A board with its caption.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::{Solution, svg::SheetEntry};
    ///
    /// let entry = SheetEntry::new(Solution::new(vec![0])?, "the only one");
    /// assert_eq!(entry.solution.cols(), &[0]);
    /// # Ok::<(), puzzles::queens::QueensError>(())
    /// ```
    pub fn new(solution: Solution, caption: impl Into<String>) -> SheetEntry {
        SheetEntry {
            solution,
            caption: caption.into(),
        }
    }
}

/// One board as a standalone SVG document.
///
/// # Example
///
/// ```
/// use puzzles::queens::{Solution, svg};
///
/// let drawing = svg::board(&Solution::new(vec![2, 0, 3, 1])?, &svg::SvgOptions::default());
/// assert!(drawing.contains("width=\"160\" height=\"160\""));
/// assert!(drawing.ends_with("</svg>\n"));
/// # Ok::<(), puzzles::queens::QueensError>(())
/// ```
pub fn board(solution: &Solution, options: &SvgOptions) -> String {
    titled_board(solution, &format!("{} queens", solution.n()), options)
}

/// [`board`] for another piece or board shape: `heading` ("6 kings on a
/// torus") opens the document's title, where [`board`] says "N queens".
///
/// # Example
///
/// ```
/// use puzzles::queens::{Solution, svg};
///
/// let solution = Solution::new(vec![2, 0, 3, 1])?;
/// let drawing = svg::titled_board(&solution, "4 rooks", &svg::SvgOptions::default());
/// assert!(drawing.contains("<title>4 rooks: [2, 0, 3, 1]</title>"));
/// # Ok::<(), puzzles::queens::QueensError>(())
/// ```
pub fn titled_board(solution: &Solution, heading: &str, options: &SvgOptions) -> String {
    let mut text = String::new();
    push_board_document(&mut text, solution, heading, options);
    text
}

/// Writes [`board`] to `out`.
///
/// # Errors
///
/// Whatever `out` returns.
///
/// # Example
///
/// ```
/// use puzzles::queens::{Solution, svg};
///
/// let mut bytes = Vec::new();
/// svg::write_board(&mut bytes, &Solution::new(vec![0])?, &svg::SvgOptions::default())?;
/// assert!(bytes.starts_with(b"<svg"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_board<W: io::Write>(
    mut out: W,
    solution: &Solution,
    options: &SvgOptions,
) -> io::Result<()> {
    out.write_all(board(solution, options).as_bytes())
}

/// A sheet of boards as one SVG document: an optional title on top, then the
/// boards in a grid about as wide as it is tall, each with its caption under
/// it, in the order given. An empty sheet shows only its title.
///
/// # Example
///
/// ```
/// use puzzles::queens::{Board, svg};
///
/// let entries: Vec<_> = Board::new(6)?
///     .solutions()
///     .enumerate()
///     .map(|(index, solution)| {
///         let caption = format!("{}: {solution}", index + 1);
///         svg::SheetEntry::new(solution, caption)
///     })
///     .collect();
/// let drawing = svg::sheet(Some("6 queens & their 4 solutions"), &entries, &svg::SvgOptions::default());
/// assert_eq!(drawing.matches("class=\"board\"").count(), 4);
/// assert!(drawing.contains("6 queens &amp; their 4 solutions"));
/// # Ok::<(), puzzles::queens::QueensError>(())
/// ```
pub fn sheet(title: Option<&str>, entries: &[SheetEntry], options: &SvgOptions) -> String {
    let square = u64::from(options.square_size);
    let board_extent = entries
        .iter()
        .map(|entry| options.board_extent(entry.solution.n()))
        .max()
        .unwrap_or(0);
    let caption_font = options.caption_font();
    let gap = square / 2 + 8;
    let cell_width = board_extent.max(caption_width(entries, caption_font));
    let cell_height = board_extent + caption_font * 2;
    let columns = grid_columns(entries.len());
    let rows = entries.len().div_ceil(columns.max(1)) as u64;
    let title_font = caption_font * 3 / 2;
    let title_height = if title.is_some() { title_font * 2 } else { 0 };
    let title_width = title.map_or(0, |title| text_width(title, title_font));
    let grid_width = columns as u64 * (cell_width + gap) + gap;
    let width = grid_width.max(title_width + 2 * gap);
    // A grid narrower than its title is centred under it.
    let indent = (width - grid_width) / 2;
    let height = title_height + rows * (cell_height + gap) + gap;

    let mut text = String::new();
    open_document(&mut text, width, height);
    if let Some(title) = title {
        let _ = writeln!(text, "<title>{}</title>", escape(title));
        let _ = writeln!(
            text,
            "<text class=\"title\" x=\"{}\" y=\"{}\" font-size=\"{title_font}\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{INK}\">{}</text>",
            width / 2,
            gap + title_font,
            escape(title),
        );
    }
    for (index, entry) in entries.iter().enumerate() {
        let column = (index % columns) as u64;
        let row = (index / columns) as u64;
        let x = indent + gap + column * (cell_width + gap);
        let y = title_height + gap + row * (cell_height + gap);
        let extent = options.board_extent(entry.solution.n());
        push_board(
            &mut text,
            &entry.solution,
            options,
            x + (cell_width - extent) / 2,
            y,
        );
        if !entry.caption.is_empty() {
            let _ = writeln!(
                text,
                "<text class=\"caption\" x=\"{}\" y=\"{}\" font-size=\"{caption_font}\" text-anchor=\"middle\" fill=\"{INK}\">{}</text>",
                x + cell_width / 2,
                y + extent + caption_font * 3 / 2,
                escape(&entry.caption),
            );
        }
    }
    text.push_str("</svg>\n");
    text
}

/// Writes [`sheet`] to `out`.
///
/// # Errors
///
/// Whatever `out` returns.
///
/// # Example
///
/// ```
/// use puzzles::queens::svg;
///
/// let mut bytes = Vec::new();
/// svg::write_sheet(&mut bytes, Some("nothing to draw"), &[], &svg::SvgOptions::default())?;
/// assert!(String::from_utf8(bytes)?.contains("nothing to draw"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_sheet<W: io::Write>(
    mut out: W,
    title: Option<&str>,
    entries: &[SheetEntry],
    options: &SvgOptions,
) -> io::Result<()> {
    out.write_all(sheet(title, entries, options).as_bytes())
}

/// Text made safe for XML character data and attribute values: the five
/// markup characters become entities, and characters XML 1.0 forbids even
/// as references (most control characters, lone surrogates cannot occur in a
/// `str`, U+FFFE and U+FFFF) become U+FFFD.
///
/// # Example
///
/// ```
/// use puzzles::queens::svg::escape;
///
/// assert_eq!(escape("a < b & \"c\""), "a &lt; b &amp; &quot;c&quot;");
/// assert_eq!(escape("bell\u{7}"), "bell\u{FFFD}");
/// ```
pub fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&apos;"),
            // A raw carriage return would be normalised away by XML parsers.
            '\r' => escaped.push_str("&#13;"),
            '\t' | '\n' => escaped.push(c),
            c if c < ' ' || c == '\u{FFFE}' || c == '\u{FFFF}' => escaped.push('\u{FFFD}'),
            c => escaped.push(c),
        }
    }
    escaped
}

/// How many boards to put side by side: a grid about as wide as tall.
fn grid_columns(count: usize) -> usize {
    (1..=count.max(1))
        .find(|columns| columns * columns >= count)
        .unwrap_or(1)
}

/// A generous estimate of the width of `text` in a sans-serif font, so that
/// captions and titles get room without measuring glyphs.
fn text_width(text: &str, font_size: u64) -> u64 {
    text.chars().count() as u64 * font_size * 3 / 5
}

fn caption_width(entries: &[SheetEntry], font_size: u64) -> u64 {
    entries
        .iter()
        .map(|entry| text_width(&entry.caption, font_size))
        .max()
        .unwrap_or(0)
}

fn open_document(text: &mut String, width: u64, height: u64) {
    let _ = writeln!(
        text,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\">"
    );
}

fn push_board_document(
    text: &mut String,
    solution: &Solution,
    heading: &str,
    options: &SvgOptions,
) {
    let extent = options.board_extent(solution.n());
    open_document(text, extent, extent);
    let _ = writeln!(text, "<title>{}: {solution}</title>", escape(heading));
    push_board(text, solution, options, 0, 0);
    text.push_str("</svg>\n");
}

/// One board as a `<g class="board">` whose top-left corner (labels
/// included) is at `(x, y)`.
fn push_board(text: &mut String, solution: &Solution, options: &SvgOptions, x: u64, y: u64) {
    let n = solution.n() as u64;
    let square = u64::from(options.square_size);
    let margin = options.margin();
    let side = n * square;
    let _ = writeln!(text, "<g class=\"board\" transform=\"translate({x} {y})\">");
    if options.labels {
        let font = (square * 2 / 5).max(6);
        let _ = write!(
            text,
            "<g class=\"labels\" font-size=\"{font}\" fill=\"{INK}\" text-anchor=\"middle\">"
        );
        for index in 0..n {
            let centre = margin + index * square + square / 2;
            // Column numbers above the board, row numbers to its left.
            let _ = write!(
                text,
                "<text x=\"{centre}\" y=\"{}\">{index}</text><text x=\"{}\" y=\"{}\">{index}</text>",
                margin - 5,
                margin / 2,
                centre + font * 2 / 5,
            );
        }
        text.push_str("</g>\n");
    }
    let _ = writeln!(
        text,
        "<rect x=\"{margin}\" y=\"{margin}\" width=\"{side}\" height=\"{side}\" fill=\"{LIGHT}\"/>"
    );
    if n > 1 {
        let _ = write!(text, "<path fill=\"{DARK}\" d=\"");
        for row in 0..n {
            for col in (0..n).filter(|col| !(row + col).is_multiple_of(2)) {
                let _ = write!(
                    text,
                    "M{} {}h{square}v{square}h-{square}z",
                    margin + col * square,
                    margin + row * square,
                );
            }
        }
        text.push_str("\"/>\n");
    }
    let scale = square as f64 / 100.0;
    let (class, body) = match options.piece {
        Piece::Rook => ("rook", ROOK_PATH),
        Piece::King => ("king", KING_PATH),
        Piece::Superqueen => ("superqueen", QUEEN_PATH),
        Piece::Queen => ("queen", QUEEN_PATH),
    };
    for (row, &col) in solution.cols().iter().enumerate() {
        let _ = write!(
            text,
            "<path class=\"{class}\" transform=\"translate({} {}) scale({scale})\" fill=\"{QUEEN_FILL}\" stroke=\"#ffffff\" stroke-width=\"4\" stroke-linejoin=\"round\" d=\"{body}\"/>",
            margin + col as u64 * square,
            margin + row as u64 * square,
        );
        if options.piece == Piece::Superqueen {
            let _ = write!(
                text,
                "<path transform=\"translate({} {}) scale({scale})\" fill=\"{LIGHT}\" d=\"{SUPERQUEEN_MARK}\"/>",
                margin + col as u64 * square,
                margin + row as u64 * square,
            );
        }
        text.push('\n');
    }
    let _ = writeln!(
        text,
        "<rect x=\"{margin}\" y=\"{margin}\" width=\"{side}\" height=\"{side}\" fill=\"none\" stroke=\"{DARK}\" stroke-width=\"2\"/>"
    );
    text.push_str("</g>\n");
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// What a parser reads back from escaped text.
    fn readable(text: &str) -> String {
        text.chars()
            .map(|c| match c {
                '\t' | '\n' | '\r' => c,
                c if c < ' ' || c == '\u{FFFE}' || c == '\u{FFFF}' => '\u{FFFD}',
                c => c,
            })
            .collect()
    }

    fn texts_of_class(document: &roxmltree::Document, class: &str) -> Vec<String> {
        document
            .descendants()
            .filter(|node| node.attribute("class") == Some(class))
            .map(|node| node.text().unwrap_or_default().to_string())
            .collect()
    }

    proptest! {
        #[test]
        fn any_caption_and_title_give_well_formed_xml(
            title in any::<String>(),
            captions in proptest::collection::vec(any::<String>(), 0..4),
            labels in any::<bool>(),
        ) {
            let entries: Vec<SheetEntry> = captions
                .iter()
                .map(|caption| SheetEntry::new(Solution::new(vec![1, 3, 0, 2]).unwrap(), caption.clone()))
                .collect();
            let drawing = sheet(Some(&title), &entries, &SvgOptions::default().labels(labels));
            let document = roxmltree::Document::parse(&drawing)
                .map_err(|err| TestCaseError::fail(format!("{err}: {drawing}")))?;
            prop_assert_eq!(texts_of_class(&document, "title"), vec![readable(&title)]);
            let expected: Vec<String> = captions
                .iter()
                .filter(|caption| !caption.is_empty())
                .map(|caption| readable(caption))
                .collect();
            prop_assert_eq!(texts_of_class(&document, "caption"), expected);
            prop_assert_eq!(texts_of_class(&document, "queen").len(), 4 * captions.len());
        }
    }

    #[test]
    fn each_piece_is_drawn_with_its_own_shape() {
        let solution = Solution::new(vec![1, 3, 0, 2]).unwrap();
        let mut bodies = Vec::new();
        for (piece, class) in [
            (Piece::Queen, "queen"),
            (Piece::Rook, "rook"),
            (Piece::King, "king"),
            (Piece::Superqueen, "superqueen"),
        ] {
            let drawing = board(&solution, &SvgOptions::default().piece(piece));
            let document = roxmltree::Document::parse(&drawing).unwrap();
            let drawn: Vec<_> = document
                .descendants()
                .filter(|node| node.attribute("class").is_some_and(|name| name == class))
                .collect();
            assert_eq!(drawn.len(), 4, "{piece}: {drawing}");
            // Each in its square: row r, column cols[r], 40 pixels a square.
            for (row, node) in drawn.iter().enumerate() {
                let col = solution.cols()[row];
                let place = format!("translate({} {}) scale(0.4)", col * 40, row * 40);
                assert_eq!(node.attribute("transform"), Some(place.as_str()));
            }
            let marks = drawing.matches(SUPERQUEEN_MARK).count();
            assert_eq!(marks, if piece == Piece::Superqueen { 4 } else { 0 });
            bodies.push((piece, drawn[0].attribute("d").unwrap().to_string()));
        }
        // The rook and the king have shapes of their own; the superqueen is
        // the queen with a mark.
        assert_ne!(bodies[1].1, bodies[0].1);
        assert_ne!(bodies[2].1, bodies[0].1);
        assert_ne!(bodies[2].1, bodies[1].1);
    }

    #[test]
    fn grids_are_about_square() {
        assert_eq!(grid_columns(0), 1);
        assert_eq!(grid_columns(1), 1);
        assert_eq!(grid_columns(2), 2);
        assert_eq!(grid_columns(4), 2);
        assert_eq!(grid_columns(5), 3);
        assert_eq!(grid_columns(12), 4);
        assert_eq!(grid_columns(92), 10);
    }

    #[test]
    fn escaping_covers_markup_and_forbidden_characters() {
        assert_eq!(escape("<g>'&'</g>"), "&lt;g&gt;&apos;&amp;&apos;&lt;/g&gt;");
        assert_eq!(
            escape("\u{0}\u{1F}\u{FFFF}ok"),
            "\u{FFFD}\u{FFFD}\u{FFFD}ok"
        );
        assert_eq!(escape("tab\tnewline\n\r"), "tab\tnewline\n&#13;");
        assert_eq!(escape("♛ n = 8"), "♛ n = 8");
    }

    #[test]
    fn a_one_square_board_has_no_dark_squares() {
        let drawing = board(&Solution::new(vec![0]).unwrap(), &SvgOptions::default());
        assert!(!drawing.contains("<path fill"));
        assert_eq!(drawing.matches("class=\"queen\"").count(), 1);
    }

    #[test]
    fn dark_squares_are_half_the_board() {
        let drawing = board(
            &Solution::new(vec![1, 3, 0, 2]).unwrap(),
            &SvgOptions::default(),
        );
        // One `h..v..h..z` square per dark square: 8 of the 16.
        assert_eq!(drawing.matches("h40v40h-40z").count(), 8);
    }
}
