//! The complete search of a grid without blocks (a word square or
//! rectangle), as word-square makers write it: rows are placed one at a
//! time, each read from a prefix tree of the row words while every column
//! stays the end of some column word (a tree of the column words read
//! backwards).
//!
//! It keeps no candidate bitsets and propagates nothing, so a row costs a
//! walk of a few tree nodes instead of a pass over every crossing slot:
//! proving that an open 7×7 has no fill places 6×10⁷ rows with
//! `wamerican`, too many for [`super::engine::Engine`]'s propagation
//! (BENCHMARKS.md). The rows go in from the bottom, as English words vary
//! less at their ends and the tree of partial squares grows less that way;
//! each row is walked from whichever of its ends leaves fewer letter pairs
//! open, or, when the columns leave few letters at three of its squares,
//! read from an index of the row words by those squares
//! ([`super::triples`]), in the order the walk would take them.

use std::ops::ControlFlow;
use std::sync::Mutex;
use std::sync::atomic::Ordering;

use super::checkpoint::UnitTally;
use super::fill::{Entry, Fill};
use super::grid::{Direction, Grid, MAX_SIDE};
use super::shared::{Resume, Shared, watched};
use super::trie::{ALL, Steps, Trie};
use super::triples::{self, Packed, Triples};

/// A grid without blocks made ready for the row-by-row search.
#[derive(Clone, Debug)]
pub(crate) struct Square {
    rows: usize,
    cols: usize,
    /// The scores of the row words (sorted, letters `0..26`) and their
    /// tree.
    row_scores: Vec<i32>,
    row_trie: Trie,
    /// The row words read backwards, their tree, and each one's index
    /// among the row words: a row is walked from whichever end has fewer
    /// letters open.
    back_trie: Trie,
    back_to_row: Vec<u32>,
    /// Each row word's place among the words read backwards.
    row_to_back: Vec<u32>,
    /// The row words by their letters at every three positions, when
    /// they are short enough.
    triples: Option<Triples>,
    /// A row whose three narrowest squares leave at most this many
    /// buckets is read from `triples` instead of walked (BENCHMARKS.md).
    pub(crate) read_below: u32,
    /// The scores of the column words (reversed, sorted) and their tree.
    col_scores: Vec<i32>,
    col_trie: Steps,
    /// In a square grid, each column word's index among the row words: a
    /// word may not be both a row and a column.
    col_as_row: Vec<u32>,
    /// The letters each square of the searched grid may take (the grid
    /// turned upside down, so the first searched row is the bottom one).
    allowed: Vec<u32>,
    /// A square grid without pre-set letters: a fill turned over its
    /// diagonal is another fill, and only one of each pair is searched.
    symmetric: bool,
    /// The walk compiled for AVX2 (hardware `popcnt` for the child
    /// indexes), when the processor has it: 15–20 % faster.
    #[cfg(target_arch = "x86_64")]
    pub(crate) avx2: Option<crate::cpu::Avx2>,
}

/// What a search of a [`Square`] hands back for each fill.
pub(crate) struct SquareFill {
    /// The letters in reading order, `A`–`Z`.
    pub(crate) letters: Vec<u8>,
    /// The scores of the rows' words, top to bottom.
    pub(crate) row_scores: Vec<i32>,
    /// The scores of the columns' words, left to right.
    pub(crate) col_scores: Vec<i32>,
    /// The first row's place among the first rows, in the walk's order:
    /// of the fills that threads find, the one the search on one thread
    /// finds first has the lowest.
    pub(crate) unit: usize,
}

impl SquareFill {
    /// The [`Fill`] of `grid` (the grid without blocks searched) that this
    /// is.
    pub(crate) fn into_fill(self, grid: &Grid) -> Fill {
        let SquareFill {
            letters,
            row_scores,
            col_scores,
            unit: _,
        } = self;
        let cols = grid.cols();
        let entries = grid
            .slots()
            .iter()
            .map(|slot| {
                let word: Vec<u8> = (0..slot.len)
                    .map(|i| {
                        let (row, col) = slot.square(i);
                        letters[row * cols + col]
                    })
                    .collect();
                Entry {
                    slot: *slot,
                    score: match slot.direction {
                        Direction::Across => row_scores[slot.row],
                        Direction::Down => col_scores[slot.col],
                    },
                    word: String::from_utf8(word).expect("ASCII"),
                }
            })
            .collect();
        Fill::new(grid.rows(), cols, letters, entries)
    }
}

/// What a search on several threads is after.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Goal {
    /// Counts fills, stopping at the limit.
    Count(Option<u64>),
    /// The fill that the search on one thread finds first.
    First,
}

/// How a search on several threads ended.
pub(crate) struct Parallel {
    /// Whether the whole tree was searched.
    pub(crate) complete: bool,
    /// Rows placed, all threads together.
    pub(crate) nodes: u64,
    /// Fills counted (at most the limit), or 1 with [`Goal::First`] when
    /// `first` is a fill.
    pub(crate) fills: u64,
    /// With [`Goal::First`]: the fill.
    pub(crate) first: Option<SquareFill>,
    /// How many first rows (units) there are, when the whole tree was
    /// searched.
    pub(crate) units: Option<usize>,
}

/// A thread's share of the first rows. The work is split by first row:
/// each thread walks the first rows in the same order and searches below
/// those whose place it took from [`Shared::take`], so that no row is
/// searched twice and a thread never waits for another.
struct Units<'a> {
    shared: &'a Shared,
    /// First rows walked so far.
    seen: usize,
    /// The next unit this thread took.
    mine: usize,
    /// The unit being searched.
    current: usize,
    /// Who hears of each finished unit, in a count that resumes.
    resume: Option<Resume<'a>>,
    /// The unit being searched, and the rows placed and fills found
    /// before it: its tally when it finishes.
    active: Option<(usize, u64, u64)>,
}

/// What a thread does with a first row.
enum Claim {
    Search,
    Skip,
    Stop,
}

/// Keeps `fill` when no fill is kept or the kept one is in a later unit:
/// a thread may find a fill in its unit after another kept one from an
/// earlier unit.
fn keep_first(kept: &mut Option<SquareFill>, fill: SquareFill, shared: &Shared) {
    if kept.as_ref().is_none_or(|kept| fill.unit < kept.unit) {
        shared.first_fill.fetch_min(fill.unit, Ordering::Relaxed);
        *kept = Some(fill);
    }
}

/// Rows placed between two progress calls.
const TICK: u64 = 1 << 16;

/// The most buckets of [`Triples`] read for a row rather than a walk of
/// its tree (BENCHMARKS.md).
const READ_BELOW: u32 = 4096;

impl Square {
    /// `words` are the list's words (bytes `A`–`Z`, distinct) and scores;
    /// `cells` the grid's squares in reading order, `None` empty,
    /// `Some(b'A'..)` pre-set.
    pub(crate) fn new<'a>(
        rows: usize,
        cols: usize,
        cells: &[Option<u8>],
        words: impl Iterator<Item = (&'a [u8], i32)>,
    ) -> Square {
        let mut row_words = Vec::new();
        let mut col_words = Vec::new();
        for (word, score) in words {
            if word.len() == cols {
                row_words.push((word.iter().map(|&b| b - b'A').collect::<Vec<u8>>(), score));
            }
            if word.len() == rows {
                col_words.push((
                    word.iter().rev().map(|&b| b - b'A').collect::<Vec<u8>>(),
                    score,
                ));
            }
        }
        row_words.sort_unstable();
        col_words.sort_unstable();
        let (row_words, row_scores): (Vec<_>, Vec<_>) = row_words.into_iter().unzip();
        let (col_words, col_scores): (Vec<_>, Vec<_>) = col_words.into_iter().unzip();
        // The columns' full tree is dropped before the rows' trees are
        // built, which keeps it out of the peak.
        let col_trie = Steps::new(&Trie::new(&col_words));
        let row_trie = Trie::new(&row_words);
        let mut backwards: Vec<(Vec<u8>, u32)> = row_words
            .iter()
            .enumerate()
            .map(|(i, word)| (word.iter().rev().copied().collect(), i as u32))
            .collect();
        backwards.sort_unstable();
        let (backwards, back_to_row): (Vec<_>, Vec<_>) = backwards.into_iter().unzip();
        let back_trie = Trie::new(&backwards);
        drop(backwards);
        let mut row_to_back = vec![0; back_to_row.len()];
        for (back, &row) in back_to_row.iter().enumerate() {
            row_to_back[row as usize] = back as u32;
        }
        let triples = Triples::new(&row_words);
        let col_as_row = if rows == cols {
            col_words
                .iter()
                .map(|reversed| {
                    let word: Vec<u8> = reversed.iter().rev().copied().collect();
                    row_words.binary_search(&word).expect("the same words") as u32
                })
                .collect()
        } else {
            Vec::new()
        };
        // Searched row r is the grid's row rows-1-r: upside down, the
        // reversed column words read downwards.
        let allowed = (0..rows * cols)
            .map(|i| match cells[(rows - 1 - i / cols) * cols + i % cols] {
                None => ALL,
                Some(letter) => 1 << (letter - b'A'),
            })
            .collect();
        Square {
            rows,
            cols,
            row_scores,
            row_trie,
            back_trie,
            back_to_row,
            row_to_back,
            triples,
            read_below: READ_BELOW,
            col_scores,
            col_trie,
            col_as_row,
            allowed,
            symmetric: rows == cols && cells.iter().all(Option::is_none),
            #[cfg(target_arch = "x86_64")]
            avx2: crate::cpu::Avx2::detect(),
        }
    }

    /// Searches every fill, handing each to `on_fill` (which may stop the
    /// search); now and then calls `progress` with the rows placed so far
    /// and the rows of the partial fill at hand (it may stop the search
    /// too). Returns `Continue` when the whole tree was searched, and the
    /// rows placed.
    pub(crate) fn search(
        &self,
        progress: &mut dyn FnMut(u64, usize) -> ControlFlow<()>,
        on_fill: &mut dyn FnMut(SquareFill) -> ControlFlow<()>,
    ) -> (ControlFlow<()>, u64) {
        self.walk(None, progress, on_fill)
    }

    /// Searches on `threads` threads for `goal`, calling `progress` (on
    /// this thread) now and then with the rows placed, the fills
    /// counted and the rows of a partial fill at hand; it may stop the
    /// search.
    /// With `resume`, the units (first rows) that it says are done are
    /// passed over, and it hears of each unit finished.
    pub(crate) fn search_on(
        &self,
        threads: usize,
        goal: Goal,
        resume: Option<Resume<'_>>,
        progress: &mut dyn FnMut(u64, u64, usize) -> ControlFlow<()>,
    ) -> Parallel {
        let shared = Shared::new(resume);
        let first: Mutex<Option<SquareFill>> = Mutex::new(None);
        // No more threads than first rows: the others would find no work.
        let threads = threads.clamp(1, self.row_scores.len().max(1));
        watched(
            threads,
            &shared,
            &|| self.work(&shared, &first, goal, resume, shared.take()),
            &mut |shared| {
                let (nodes, fills, decided) = shared.now();
                progress(nodes, fills, decided)
            },
        );
        let first = first.into_inner().unwrap_or_else(|e| e.into_inner());
        let fills = match goal {
            Goal::First => u64::from(first.is_some()),
            Goal::Count(limit) => shared.fills_within(limit),
        };
        let complete = !shared.stopped() && first.is_none();
        Parallel {
            complete,
            nodes: shared.nodes.load(Ordering::Relaxed),
            fills,
            first,
            units: complete.then(|| shared.units_seen.load(Ordering::Relaxed)),
        }
    }

    /// How many units (first rows) [`Square::search_on`] shares out: the
    /// first rows walked, with none searched below.
    pub(crate) fn unit_count(&self) -> usize {
        let shared = Shared::new(None);
        let units = Units {
            shared: &shared,
            seen: 0,
            // Every first row comes before it, so each is passed over.
            mine: usize::MAX,
            current: 0,
            resume: None,
            active: None,
        };
        let mut progress = |_, _| ControlFlow::Continue(());
        let mut on_fill = |_| ControlFlow::Continue(());
        // Nothing stops it: it walks every first row.
        let _ = self.walk(Some(units), &mut progress, &mut on_fill);
        shared.units_seen.load(Ordering::Relaxed)
    }

    /// One thread's part of [`Square::search_on`], from the unit `mine`.
    fn work(
        &self,
        shared: &Shared,
        first: &Mutex<Option<SquareFill>>,
        goal: Goal,
        resume: Option<Resume<'_>>,
        mine: usize,
    ) {
        let mut reported = 0;
        let mut progress = |nodes: u64, rows: usize| {
            shared.report(&mut reported, nodes);
            shared.decided.store(rows, Ordering::Relaxed);
            ControlFlow::Continue(())
        };
        let mut on_fill = |fill: SquareFill| match goal {
            Goal::First => {
                keep_first(
                    &mut first.lock().unwrap_or_else(|e| e.into_inner()),
                    fill,
                    shared,
                );
                // Every later fill of this thread is in a later unit.
                ControlFlow::Break(())
            }
            Goal::Count(limit) => shared.count_fill(limit),
        };
        let units = Units {
            shared,
            seen: 0,
            mine,
            current: 0,
            resume,
            active: None,
        };
        let (_, nodes) = self.walk(Some(units), &mut progress, &mut on_fill);
        shared.report(&mut reported, nodes);
    }

    /// The search, on this thread, of every first row or (with `units`) of
    /// this thread's share of them.
    fn walk(
        &self,
        units: Option<Units<'_>>,
        progress: &mut dyn FnMut(u64, usize) -> ControlFlow<()>,
        on_fill: &mut dyn FnMut(SquareFill) -> ControlFlow<()>,
    ) -> (ControlFlow<()>, u64) {
        let col_trie = &self.col_trie;
        let mut walk = Walk {
            square: self,
            col_trie,
            col_nodes: vec![0; (self.rows + 1) * self.cols],
            placed: vec![0; self.rows],
            letters: vec![0; self.rows * self.cols],
            found: vec![Vec::new(); self.rows],
            nodes: 0,
            fills: 0,
            next_tick: TICK,
            units,
            progress,
            on_fill,
        };
        let flow = if self.row_scores.is_empty() || col_trie.mask(0) == 0 {
            ControlFlow::Continue(())
        } else {
            walk.start()
        };
        if flow.is_continue() {
            walk.finish_unit();
            if let Some(units) = &walk.units {
                units
                    .shared
                    .units_seen
                    .fetch_max(units.seen, Ordering::Relaxed);
            }
        }
        (flow, walk.nodes)
    }
}

struct Walk<'a, 'b> {
    square: &'a Square,
    col_trie: &'a Steps,
    /// The column tree's node of each column after each number of rows.
    col_nodes: Vec<u32>,
    /// The row words placed (indexes among the sorted row words).
    placed: Vec<u32>,
    /// The searched grid's letters, `0..26`.
    letters: Vec<u8>,
    /// For each row, the words read from the buckets of [`Triples`].
    found: Vec<Vec<Packed>>,
    nodes: u64,
    /// Fills handed to `on_fill`.
    fills: u64,
    next_tick: u64,
    /// In a search on several threads, this thread's share of the first
    /// rows.
    units: Option<Units<'a>>,
    progress: &'b mut dyn FnMut(u64, usize) -> ControlFlow<()>,
    on_fill: &'b mut dyn FnMut(SquareFill) -> ControlFlow<()>,
}

impl Walk<'_, '_> {
    /// Searches from the first row, on AVX2 where the processor has it,
    /// with arrays as short as the rows allow.
    fn start(&mut self) -> ControlFlow<()> {
        let cols = self.square.cols;
        if cols <= 8 {
            self.start_with::<8>()
        } else if cols <= 16 {
            self.start_with::<16>()
        } else {
            self.start_with::<{ MAX_SIDE.next_power_of_two() }>()
        }
    }

    fn start_with<const W: usize>(&mut self) -> ControlFlow<()> {
        #[cfg(target_arch = "x86_64")]
        if let Some(token) = self.square.avx2 {
            // SAFETY: `token` proves that the processor has AVX2, BMI1,
            // BMI2, LZCNT and POPCNT, the features `row_avx2` is compiled
            // for; it indexes only through bounds-checked slices.
            return unsafe { self.row_avx2::<W>(token, 0, true) };
        }
        self.row::<W>(0, true)
    }

    fn row<const W: usize>(&mut self, k: usize, tied: bool) -> ControlFlow<()> {
        self.row_here::<W>(k, tied, &mut |walk, k, tied| walk.row::<W>(k, tied))
    }

    // The token is the proof each level hands the next.
    #[allow(clippy::only_used_in_recursion)]
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    fn row_avx2<const W: usize>(
        &mut self,
        token: crate::cpu::Avx2,
        k: usize,
        tied: bool,
    ) -> ControlFlow<()> {
        self.row_here::<W>(k, tied, &mut |walk, k, tied| {
            walk.row_avx2::<W>(token, k, tied)
        })
    }

    /// Places row `k` every way the columns allow, then the rows below
    /// (through `next`, so that they run the same compiled code).
    /// `tied`: in a symmetric search, the last column so far reads as the
    /// first row does backwards, and must not read before it (of a fill
    /// and its turn over the diagonal, the one searched).
    #[inline(always)]
    fn row_here<const W: usize>(
        &mut self,
        k: usize,
        tied: bool,
        next: &mut dyn FnMut(&mut Self, usize, bool) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let square = self.square;
        let cols = square.cols;
        let base = k * cols;
        // The letters each square of the row may take.
        let mut wanted = [u32::MAX; W];
        for (j, wanted) in wanted[..cols].iter_mut().enumerate() {
            let column = self.col_nodes[base + j];
            *wanted = square.allowed[base + j] & self.col_trie.mask(column);
        }
        if tied && k > 0 {
            wanted[cols - 1] &= !((1u32 << self.letters[cols - 1 - k]) - 1);
        }
        // From the end whose first two squares leave fewer letter pairs
        // open (BENCHMARKS.md).
        let open = |a: usize, b: usize| wanted[a].count_ones() * wanted[b].count_ones();
        let backward = cols >= 2 && open(cols - 1, cols - 2) < open(0, 1);
        if let Some(triples) = &square.triples
            && k > 0
            && let Some(at) = triples.narrowest(&wanted[..cols], square.read_below)
        {
            return self.read_row::<W>(k, tied, &wanted, at, backward, next);
        }
        let trie = if backward {
            wanted[..cols].reverse();
            &square.back_trie
        } else {
            &square.row_trie
        };
        let at = |j: usize| if backward { cols - 1 - j } else { j };
        if !trie.may_fit(0, &wanted[..trie.stride]) {
            return ControlFlow::Continue(());
        }
        let wanted = &wanted[..trie.stride];
        // Indexes masked to the arrays' length (a power of two, `W`, as
        // long as a row or longer) cost one `and` where bounds checks cost
        // a branch each.
        let mut node = [0u32; W];
        let mut left = [0u32; W];
        let mut row = [0u8; W];
        left[0] = trie.fitting(0, 0, wanted);
        let mut j = 0;
        loop {
            if left[j % W] == 0 {
                if j == 0 {
                    return ControlFlow::Continue(());
                }
                j -= 1;
                continue;
            }
            let letter = left[j % W].trailing_zeros();
            left[j % W] &= left[j % W] - 1;
            row[j % W] = letter as u8;
            let child = trie.child(node[j % W], j, letter);
            if j + 1 < cols {
                node[(j + 1) % W] = child;
                left[(j + 1) % W] = trie.fitting(child, j + 1, wanted);
                j += 1;
                continue;
            }
            let mut word = child;
            if backward {
                word = square.back_to_row[word as usize];
            }
            if self.placed[..k].contains(&word) {
                continue;
            }
            if k == 0 {
                match self.claim() {
                    Claim::Search => {}
                    Claim::Skip => continue,
                    Claim::Stop => return ControlFlow::Break(()),
                }
            }
            for (j, &letter) in row[..cols].iter().enumerate() {
                self.letters[base + at(j)] = letter;
            }
            self.place(k, tied, word, next)?;
        }
    }

    /// Places row `k` every way the columns allow, as [`Walk::row_here`]
    /// does, with the words read from the buckets of the square's
    /// [`Triples`] at the positions `at`, in the order the walk would take
    /// them (from the end it would walk from).
    #[inline(always)]
    fn read_row<const W: usize>(
        &mut self,
        k: usize,
        tied: bool,
        wanted: &[u32; W],
        at: [usize; 3],
        backward: bool,
        next: &mut dyn FnMut(&mut Self, usize, bool) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let square = self.square;
        let Some(triples) = &square.triples else {
            unreachable!("rows are read only where the words are indexed");
        };
        let cols = square.cols;
        let base = k * cols;
        let mut found = std::mem::take(&mut self.found[k]);
        found.clear();
        triples.each_fitting(&wanted[..cols], at, |entry| found.push(entry));
        if backward {
            found.sort_unstable_by_key(|&entry| square.row_to_back[triples::word(entry) as usize]);
        } else {
            found.sort_unstable();
        }
        let mut flow = ControlFlow::Continue(());
        for &entry in &found {
            let word = triples::word(entry);
            if self.placed[..k].contains(&word) {
                continue;
            }
            for j in 0..cols {
                self.letters[base + j] = triples::letter(entry, j);
            }
            flow = self.place(k, tied, word, next);
            if flow.is_break() {
                break;
            }
        }
        self.found[k] = found;
        flow
    }

    /// Row `k`, whose letters are in place, is the word `word`: searches
    /// the rows below it.
    #[inline(always)]
    fn place(
        &mut self,
        k: usize,
        tied: bool,
        word: u32,
        next: &mut dyn FnMut(&mut Self, usize, bool) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let square = self.square;
        let cols = square.cols;
        let base = k * cols;
        self.placed[k] = word;
        self.nodes += 1;
        if self.nodes >= self.next_tick {
            self.next_tick += TICK;
            (self.progress)(self.nodes, k + 1)?;
            if let Some(units) = &self.units {
                let shared = units.shared;
                if shared.stopped() || shared.first_fill.load(Ordering::Relaxed) < units.current {
                    return ControlFlow::Break(());
                }
            }
        }
        for c in 0..cols {
            let from = self.col_nodes[base + c];
            self.col_nodes[base + cols + c] =
                self.col_trie.child(from, u32::from(self.letters[base + c]));
        }
        if k + 1 < square.rows {
            let still_tied = square.symmetric
                && (k == 0
                    || (tied && self.letters[base + cols - 1] == self.letters[cols - 1 - k]));
            next(self, k + 1, still_tied)
        } else {
            self.complete()
        }
    }

    /// Whether this thread searches below the first row just walked (the
    /// unit searched before it, if any, is finished).
    fn claim(&mut self) -> Claim {
        self.finish_unit();
        let (nodes, fills) = (self.nodes, self.fills);
        let Some(units) = &mut self.units else {
            return Claim::Search;
        };
        let unit = units.seen;
        units.seen += 1;
        if unit < units.mine {
            return Claim::Skip;
        }
        let shared = units.shared;
        if shared.stopped() || shared.first_fill.load(Ordering::Relaxed) < unit {
            return Claim::Stop;
        }
        units.current = unit;
        units.active = Some((unit, nodes, fills));
        units.mine = shared.take();
        Claim::Search
    }

    /// Reports the unit this thread was searching as finished, if any.
    fn finish_unit(&mut self) {
        let Some(units) = &mut self.units else {
            return;
        };
        if let Some((unit, nodes, fills)) = units.active.take() {
            let tally = UnitTally {
                fills: self.fills - fills,
                nodes: self.nodes - nodes,
            };
            units.shared.finished(units.resume, unit, tally);
        }
    }

    /// All rows placed: the columns are words; keeps the fill when no word
    /// is used twice.
    fn complete(&mut self) -> ControlFlow<()> {
        let square = self.square;
        let (rows, cols) = (square.rows, square.cols);
        let last = rows * cols;
        let columns: Vec<u32> = (0..cols).map(|c| self.col_nodes[last + c]).collect();
        for (i, &word) in columns.iter().enumerate() {
            let repeated = columns[..i].contains(&word)
                || (rows == cols && self.placed.contains(&square.col_as_row[word as usize]));
            if repeated {
                return ControlFlow::Continue(());
            }
        }
        // Searched row k is the grid's row rows-1-k.
        let row_scores: Vec<i32> = (0..rows)
            .map(|row| square.row_scores[self.placed[rows - 1 - row] as usize])
            .collect();
        let col_scores: Vec<i32> = columns
            .iter()
            .map(|&word| square.col_scores[word as usize])
            .collect();
        let fill = |transposed: bool| -> SquareFill {
            // Undo the turn upside down (and the diagonal).
            let letters = (0..last)
                .map(|i| {
                    let (row, col) = (i / cols, i % cols);
                    let (row, col) = if transposed { (col, row) } else { (row, col) };
                    b'A' + self.letters[(rows - 1 - row) * cols + col]
                })
                .collect();
            let (row_scores, col_scores) = if transposed {
                (col_scores.clone(), row_scores.clone())
            } else {
                (row_scores.clone(), col_scores.clone())
            };
            SquareFill {
                letters,
                row_scores,
                col_scores,
                unit: self.units.as_ref().map_or(0, |units| units.current),
            }
        };
        self.fills += 1;
        (self.on_fill)(fill(false))?;
        if square.symmetric {
            self.fills += 1;
            (self.on_fill)(fill(true))?;
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests;
