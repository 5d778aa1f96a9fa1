//! A grid and a word list made ready to fill, and the ways to search it:
//! the first fill, listing fills, counting them, with progress reported so
//! that a caller can show it or stop the search; restarts for one fill.

use std::ops::ControlFlow;

use thiserror::Error;

use super::checkpoint::grid_print;
use super::engine::{Bucket, Engine};
use super::fill::{Entry, Fill};
use super::grid::{Cell, Grid, Slot};
use super::learn::Learned;
use super::search::{Hooks, Nodes, explore, luby};
use super::square::{Goal, Square};
use super::summary::{FillSummary, Progress};
use super::threads::counted_on;
use super::words::WordList;
use crate::record_file::fnv1a_more;
use crate::rng::mix;

/// Why a grid cannot be filled from a list before any search: a slot that
/// no word of the list fits on its own.
///
/// # Example
///
/// ```
/// use puzzles::crossword::{Filler, Grid, WordList};
///
/// let grid = Grid::parse("Q..\n...\n...")?;
/// let words = WordList::parse(&b"CAT\nDOG\n"[..])?;
/// let err = Filler::new(&grid, &words).unwrap_err();
/// assert_eq!(err.to_string(), "1 across (Q..): no word of the list fits");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum FillError {
    /// No word of the list fits the slot's length and pre-set letters.
    #[error("{slot} ({pattern}): no word of the list fits")]
    NoWordFits {
        /// The slot.
        slot: Slot,
        /// Its pre-set letters, `.` for empty squares.
        pattern: String,
    },
}

/// How the search orders words of equal score, and on how many threads
/// it runs. More options may come: start from [`FillOptions::default`]
/// and set the fields you need.
///
/// # Example
///
/// ```
/// use puzzles::crossword::FillOptions;
///
/// let mut options = FillOptions::default();
/// assert_eq!((options.seed, options.threads), (None, 1));
/// options.seed = Some(7);
/// options.threads = 4;
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct FillOptions {
    /// `None`: words of equal score in list order. `Some(seed)`: in an
    /// order drawn from the seed, for a different fill of the same grid.
    pub seed: Option<u64>,
    /// The threads that count fills, and that look for one fill once a
    /// grid without blocks goes to its row-by-row search (0 counts as 1).
    /// Several threads find the same fill as one, and the same count.
    /// Listings of more than one fill, and the restarts, run on the
    /// calling thread; with two threads or more, a plain search beside the
    /// restarts may prove sooner than they do that no fill exists (a fill
    /// it finds is dropped: the fill is the restarts').
    pub threads: usize,
}

impl Default for FillOptions {
    fn default() -> FillOptions {
        FillOptions {
            seed: None,
            threads: 1,
        }
    }
}

/// A grid and a word list made ready to fill: words grouped by length and
/// ordered best first, candidate bitsets built, pre-set letters and
/// crossings propagated.
///
/// # Example
///
/// ```
/// use puzzles::crossword::{Filler, Grid, WordList};
///
/// let grid = Grid::parse("...\n...\n...")?;
/// let words = WordList::parse(&b"BAT\nARE\nTEN\nBAT\nATE\nREN\nBAR\nATE\nTEN\n"[..])?;
/// let filler = Filler::new(&grid, &words)?;
/// // A 3×3 square needs six different words; this list has five.
/// assert_eq!(filler.count(None), 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Filler {
    grid: Grid,
    engine: Engine,
    /// The score of each bucket's words, in bucket order.
    scores: Vec<Vec<i32>>,
    /// A slot left without candidates by the first propagation.
    dead: Option<usize>,
    /// Whether the tests of [`super::refute`] proved, before any search,
    /// that no fill exists.
    refuted: bool,
    /// The seed of the restarts' orders.
    seed: u64,
    /// Words tried in the shortest restart ([`RESTART_UNIT`]; tests make
    /// it tiny to reach the restarts on tiny grids).
    pub(crate) restart_unit: u64,
    /// A grid without blocks, made ready for the row-by-row search that
    /// counts, lists and proves; `None` for other grids.
    pub(crate) square: Option<Square>,
    /// Words the restarts of a grid without blocks may try before the
    /// row-by-row search takes over ([`SQUARE_HANDOVER`]).
    pub(crate) square_handover: u64,
    /// [`FillOptions::threads`].
    pub(crate) threads: usize,
    /// The grid, seed and words (in order) hashed: what a count's
    /// checkpoint is tied to ([`Filler::count_problem`]).
    pub(crate) fingerprint: u64,
}

impl Filler {
    /// Prepares `grid` for filling from `words`, equal scores in list order.
    ///
    /// # Errors
    ///
    /// [`FillError::NoWordFits`] when some slot, on its own, fits no word.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::crossword::{Filler, Grid, WordList};
    ///
    /// let grid = Grid::parse("..")?;
    /// let filler = Filler::new(&grid, &WordList::parse(&b"GO\n"[..])?)?;
    /// assert_eq!(filler.first().unwrap().lines(), ["GO"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(grid: &Grid, words: &WordList) -> Result<Filler, FillError> {
        Filler::with_options(grid, words, FillOptions::default())
    }

    /// [`Filler::new`] with [`FillOptions`] (a seed).
    ///
    /// # Errors
    ///
    /// As [`Filler::new`].
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::crossword::{FillOptions, Filler, Grid, WordList};
    ///
    /// let grid = Grid::parse("..")?;
    /// let words = WordList::parse(&b"GO\nUP\nON\nIN\n"[..])?;
    /// let mut options = FillOptions::default();
    /// options.seed = Some(3);
    /// let seeded = Filler::with_options(&grid, &words, options)?;
    /// assert_eq!(seeded.count(None), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_options(
        grid: &Grid,
        words: &WordList,
        options: FillOptions,
    ) -> Result<Filler, FillError> {
        let mut lengths: Vec<usize> = grid.slots().iter().map(|slot| slot.len).collect();
        lengths.sort_unstable();
        lengths.dedup();
        let mut by_length: Vec<Vec<u32>> = vec![Vec::new(); lengths.len()];
        for id in 0..words.len() {
            if let Ok(k) = lengths.binary_search(&words.letters(id).len()) {
                by_length[k].push(id as u32);
            }
        }
        let mut buckets = Vec::with_capacity(lengths.len());
        let mut scores = Vec::with_capacity(lengths.len());
        let mut fingerprint = grid_print(grid, options.seed);
        for (k, ids) in by_length.iter_mut().enumerate() {
            let len = lengths[k];
            // How often each letter stands at each position among the words
            // of this length: words made of common letters leave their
            // crossings the most choice, so they come first among equals.
            let mut freq = vec![1u32; len * 26];
            for &id in ids.iter() {
                for (p, &b) in words.letters(id as usize).iter().enumerate() {
                    freq[p * 26 + usize::from(b - b'A')] += 1;
                }
            }
            let ln: Vec<f64> = freq.iter().map(|&f| f64::from(f).ln()).collect();
            let rarity = |id: u32| -> u64 {
                let sum: f64 = words
                    .letters(id as usize)
                    .iter()
                    .enumerate()
                    .map(|(p, &b)| ln[p * 26 + usize::from(b - b'A')])
                    .sum();
                (1e6 - sum * 1e3).max(0.0) as u64
            };
            let key = |id: u32| match options.seed {
                None => (rarity(id), u64::from(id)),
                Some(seed) => (
                    0,
                    mix(seed ^ u64::from(id).wrapping_mul(0x9E37_79B9_7F4A_7C15)),
                ),
            };
            ids.sort_by_cached_key(|&id| (std::cmp::Reverse(words.score(id as usize)), key(id)));
            // The words in the order that fixes a count's units.
            fingerprint = fnv1a_more(fingerprint, &len.to_le_bytes());
            for &id in ids.iter() {
                fingerprint = fnv1a_more(fingerprint, words.letters(id as usize));
                fingerprint = fnv1a_more(fingerprint, &words.score(id as usize).to_le_bytes());
            }
            let bucket_scores: Vec<i32> = ids.iter().map(|&id| words.score(id as usize)).collect();
            let mut bucket =
                Bucket::new(lengths[k], ids.iter().map(|&id| words.letters(id as usize)));
            // Best first: a new rank wherever the score drops.
            let mut rank = 0;
            for (i, pair) in bucket_scores.windows(2).enumerate() {
                rank += u32::from(pair[1] != pair[0]);
                bucket.rank[i + 1] = rank;
            }
            buckets.push(bucket);
            scores.push(bucket_scores);
        }
        let bucket_of: Vec<usize> = grid
            .slots()
            .iter()
            .map(|slot| {
                lengths
                    .binary_search(&slot.len)
                    .expect("a bucket per length")
            })
            .collect();
        let mut engine = Engine::new(grid, buckets, &bucket_of);
        if let Some(s) = engine.own_letters() {
            let slot = grid.slots()[s];
            return Err(FillError::NoWordFits {
                slot,
                pattern: grid.pattern(&slot),
            });
        }
        let dead = engine.start().err().map(|s| s as usize);
        let refuted = dead.is_none() && super::refute::refuted(&engine);
        // A grid without blocks is a word square or rectangle: filled row
        // by row, as word-square makers do, it fills sooner than in order
        // of fewest candidates (BENCHMARKS.md).
        engine.grid_order =
            (0..grid.rows()).all(|r| (0..grid.cols()).all(|c| grid.cell(r, c) != Cell::Block));
        let (rows, cols) = (grid.rows(), grid.cols());
        let square = (engine.grid_order && rows >= 2 && cols >= 2).then(|| {
            let cells: Vec<Option<u8>> = (0..rows * cols)
                .map(|i| match grid.cell(i / cols, i % cols) {
                    Cell::Letter(letter) => Some(letter),
                    _ => None,
                })
                .collect();
            let words = (0..words.len()).map(|i| (words.letters(i), words.score(i)));
            Square::new(rows, cols, &cells, words)
        });
        Ok(Filler {
            grid: grid.clone(),
            engine,
            scores,
            dead,
            refuted,
            seed: options.seed.unwrap_or(0),
            restart_unit: RESTART_UNIT,
            square,
            square_handover: SQUARE_HANDOVER,
            threads: options.threads.max(1),
            fingerprint,
        })
    }

    /// The grid.
    ///
    /// # Example
    ///
    /// ```
    /// # use puzzles::crossword::{Filler, Grid, WordList};
    /// let grid = Grid::parse("..")?;
    /// let filler = Filler::new(&grid, &WordList::parse(&b"GO\n"[..])?)?;
    /// assert_eq!(filler.grid(), &grid);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The first fill (best scores first), or `None` when the search proves
    /// that there is none.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::crossword::{Filler, Grid, WordList};
    ///
    /// let grid = Grid::parse("..\n..")?;
    /// let words = WordList::parse(&b"AB\nCD\nAC\n"[..])?;
    /// assert_eq!(Filler::new(&grid, &words)?.first(), None); // BD is missing
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn first(&self) -> Option<Fill> {
        let mut found = None;
        self.search(Some(1), &mut |_| ControlFlow::Continue(()), &mut |fill| {
            found = Some(fill);
            ControlFlow::Break(())
        });
        found
    }

    /// Counts fills, stopping at `limit` when given.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::crossword::{Filler, Grid, WordList};
    ///
    /// let grid = Grid::parse("..\n..")?;
    /// let words = WordList::parse(&b"AB\nCD\nAC\nBD\n"[..])?;
    /// let filler = Filler::new(&grid, &words)?;
    /// assert_eq!((filler.count(None), filler.count(Some(1))), (2, 1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count(&self, limit: Option<u64>) -> u64 {
        self.count_with(limit, &mut |_| ControlFlow::Continue(()))
            .fills
    }

    /// Counts fills (up to `limit`), calling `progress` now and then; it
    /// stops the search by returning [`ControlFlow::Break`] (Ctrl-C).
    ///
    /// A count to a limit is a search for that many fills: on one thread
    /// it tries words best first, as [`Filler::search`] does, and a limit
    /// of 1 ("is there a fill?") restarts as the search for one fill does,
    /// on one thread whatever [`FillOptions::threads`] says (with a plain
    /// search beside them on a second, as there). Counts to other limits on
    /// several threads share out units, as whole counts do.
    ///
    /// # Example
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use puzzles::crossword::{Filler, Grid, WordList};
    ///
    /// let grid = Grid::parse("..\n..")?;
    /// let words = WordList::parse(&b"AB\nCD\nAC\nBD\n"[..])?;
    /// let summary = Filler::new(&grid, &words)?.count_with(Some(1), &mut |_| ControlFlow::Continue(()));
    /// assert_eq!((summary.fills, summary.complete), (1, false));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count_with(
        &self,
        limit: Option<u64>,
        progress: &mut dyn FnMut(&Progress) -> ControlFlow<()>,
    ) -> FillSummary {
        struct Counting<'a> {
            limit: Option<u64>,
            fills: u64,
            progress: &'a mut dyn FnMut(&Progress) -> ControlFlow<()>,
        }
        impl Hooks for Counting<'_> {
            const TRACE: bool = false;
            fn ordered(&self) -> bool {
                // A count that stops at its limit gets there sooner by the
                // words most likely to fill first.
                self.limit.is_some()
            }
            fn tick(&mut self, engine: &Engine, nodes: u64) -> ControlFlow<()> {
                (self.progress)(&progress_of(engine, nodes, self.fills))
            }
            fn solution(&mut self, _: &Engine, _: usize, _: u64) -> ControlFlow<()> {
                self.fills += 1;
                if self.limit == Some(self.fills) {
                    return ControlFlow::Break(());
                }
                ControlFlow::Continue(())
            }
        }
        if let Some(square) = &self.square {
            return self.square_search(square, limit, true, progress, &mut |_| {
                ControlFlow::Continue(())
            });
        }
        // "Is there at least one fill?" is the question the restarts of
        // one fill answer best, on one thread; counted unit by unit, one
        // hard first unit could hold it up for ever.
        let restarts = limit == Some(1);
        if self.threads > 1
            && !restarts
            && !self.proved_empty()
            && limit != Some(0)
            && let Some((summary, _)) =
                counted_on(self.threads, &self.engine, limit, None, progress)
        {
            return summary;
        }
        let mut hooks = Counting {
            limit,
            fills: 0,
            progress,
        };
        let (complete, nodes) = if restarts {
            self.restarts_raced(&mut hooks)
        } else {
            self.run(&mut hooks, limit, false, None)
        };
        FillSummary {
            fills: hooks.fills,
            nodes,
            complete,
        }
    }

    /// Lists fills, handing each to `on_fill` (which may stop the search)
    /// and stopping after `limit`; `progress` is called now and then and may
    /// stop it too.
    ///
    /// With a `limit` of 1 the search restarts now and then, each time
    /// choosing slots in a slightly different order, with budgets of words
    /// tried that grow without bound (the Luby sequence): a search that
    /// went wrong early is not followed to its end, and a restart that
    /// runs to its end without a fill still proves that there is none.
    /// What a restart refuted before it was cut is not searched again by
    /// the later ones, so a proof that no fill exists costs about one
    /// search, not the sum of the restarts.
    /// Every other restart splits slots of many words by the letter of one
    /// square rather than by word, except in a grid without blocks.
    ///
    /// A grid without blocks (a word square or rectangle) whose restarts
    /// find nothing within their first words, or that is searched for more
    /// than one fill, goes to a row-by-row search instead: a prefix tree of
    /// the row words walked under the columns' prefixes, many times
    /// cheaper a word than propagation, in an order of its own (not by
    /// score or seed).
    ///
    /// # Example
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use puzzles::crossword::{Filler, Grid, WordList};
    ///
    /// let grid = Grid::parse("..\n..")?;
    /// let words = WordList::parse(&b"AB\nCD\nAC\nBD\n"[..])?;
    /// let mut fills = Vec::new();
    /// Filler::new(&grid, &words)?.search(None, &mut |_| ControlFlow::Continue(()), &mut |fill| {
    ///     fills.push(fill.lines().join("/"));
    ///     ControlFlow::Continue(())
    /// });
    /// fills.sort();
    /// assert_eq!(fills, ["AB/CD", "AC/BD"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn search(
        &self,
        limit: Option<u64>,
        progress: &mut dyn FnMut(&Progress) -> ControlFlow<()>,
        on_fill: &mut dyn FnMut(Fill) -> ControlFlow<()>,
    ) -> FillSummary {
        struct Listing<'a, 'b> {
            filler: &'a Filler,
            limit: Option<u64>,
            fills: u64,
            progress: &'b mut dyn FnMut(&Progress) -> ControlFlow<()>,
            on_fill: &'b mut dyn FnMut(Fill) -> ControlFlow<()>,
        }
        impl Hooks for Listing<'_, '_> {
            const TRACE: bool = false;
            fn tick(&mut self, engine: &Engine, nodes: u64) -> ControlFlow<()> {
                (self.progress)(&progress_of(engine, nodes, self.fills))
            }
            fn solution(&mut self, engine: &Engine, _: usize, _: u64) -> ControlFlow<()> {
                self.fills += 1;
                (self.on_fill)(self.filler.fill_of(engine))?;
                if self.limit == Some(self.fills) {
                    return ControlFlow::Break(());
                }
                ControlFlow::Continue(())
            }
        }
        let restarts = limit == Some(1);
        let mut hooks = Listing {
            filler: self,
            limit,
            fills: 0,
            progress,
            on_fill,
        };
        let Some(square) = &self.square else {
            let (complete, nodes) = if restarts {
                self.restarts_raced(&mut hooks)
            } else {
                self.run(&mut hooks, limit, false, None)
            };
            return FillSummary {
                fills: hooks.fills,
                nodes,
                complete,
            };
        };
        let mut tried = 0;
        if restarts && self.square_handover > 0 {
            // The restarts try words best first, so an easy square gets a
            // fill of well-scored words; the row-by-row search, in
            // alphabetical order, finds what they miss or proves that
            // there is nothing to find.
            let (complete, nodes) = self.run(&mut hooks, limit, true, Some(self.square_handover));
            if complete || hooks.fills > 0 {
                return FillSummary {
                    fills: hooks.fills,
                    nodes,
                    complete,
                };
            }
            tried = nodes;
        }
        let mut summary = self.square_search(square, limit, false, hooks.progress, hooks.on_fill);
        summary.nodes += tried;
        summary
    }

    /// Counts (`counting`) or lists the fills of a grid without blocks row
    /// by row, on several threads when [`FillOptions::threads`] says so and
    /// the order of the fills does not matter (a count, or one fill).
    fn square_search(
        &self,
        square: &Square,
        limit: Option<u64>,
        counting: bool,
        progress: &mut dyn FnMut(&Progress) -> ControlFlow<()>,
        on_fill: &mut dyn FnMut(Fill) -> ControlFlow<()>,
    ) -> FillSummary {
        // The first propagation already proved that there is no fill:
        // the rows need not be walked to learn it again.
        if self.proved_empty() || limit == Some(0) {
            return FillSummary {
                complete: limit != Some(0),
                ..FillSummary::default()
            };
        }
        let slots = self.grid.slots().len();
        let goal = match limit {
            Some(1) => Some(Goal::First),
            _ if counting => Some(Goal::Count(limit)),
            _ => None,
        };
        if let (true, Some(goal)) = (self.threads > 1, goal) {
            let parallel = square.search_on(self.threads, goal, None, &mut |nodes, fills, rows| {
                progress(&Progress {
                    nodes,
                    fills,
                    decided: rows,
                    slots,
                })
            });
            if let Some(fill) = parallel.first {
                // The caller's answer (it cannot stop a search that ended).
                let _ = on_fill(fill.into_fill(&self.grid));
            }
            return FillSummary {
                fills: parallel.fills,
                nodes: parallel.nodes,
                complete: parallel.complete,
            };
        }
        let fills = std::cell::Cell::new(0);
        let (flow, nodes) = square.search(
            &mut |nodes, rows| {
                progress(&Progress {
                    nodes,
                    fills: fills.get(),
                    decided: rows,
                    slots,
                })
            },
            &mut |fill| {
                fills.set(fills.get() + 1);
                if !counting {
                    // A count has no use for the fill's entries.
                    on_fill(fill.into_fill(&self.grid))?;
                }
                if limit == Some(fills.get()) {
                    return ControlFlow::Break(());
                }
                ControlFlow::Continue(())
            },
        );
        FillSummary {
            fills: fills.get(),
            nodes,
            complete: flow.is_continue(),
        }
    }

    /// Runs the recursion from the propagated root, with restarts or
    /// without: `(complete, words tried)`. With a `budget`, restarts stop
    /// (incomplete) once they have tried that many words.
    pub(crate) fn run<H: Hooks>(
        &self,
        hooks: &mut H,
        limit: Option<u64>,
        restarts: bool,
        budget: Option<u64>,
    ) -> (bool, u64) {
        // The trace shows the search, however long, as queens' does.
        if self.dead.is_some() || (self.refuted && !H::TRACE) || limit == Some(0) {
            return (limit != Some(0), 0);
        }
        let mut nodes = Nodes::unbounded();
        if restarts {
            nodes.learned = Some(Learned::default());
        }
        // The state every restart starts from: the propagated grid, less
        // what earlier restarts refuted at their top level.
        let mut root = self.engine.clone();
        let mut weight = self.engine.weight.clone();
        for restart in 0u64.. {
            let mut engine = root.clone();
            engine.weight = std::mem::take(&mut weight);
            if H::TRACE {
                // The web page's examples show a search that backtracks.
                engine.support_limit = 500;
                engine.longest_first = false;
            }
            if restarts {
                nodes.cap = nodes
                    .tried
                    .saturating_add(self.restart_unit * luby(restart + 1));
                nodes.cut = false;
                if restart > 0 {
                    engine.noise = mix(self.seed ^ restart.wrapping_mul(0xD1B5_4A32_D192_ED03)) | 1;
                }
            }
            if restart == 0 && self.seed != 0 {
                // A seed's own order of words from the start, not only in
                // restarts: a different fill of the same grid.
                engine.noise = mix(self.seed) | 1;
            }
            // Every other restart splits big slots by letter: dense blocks of
            // long words fall to letters, grids of many short slots to
            // words; alternating keeps both within a factor of two of the
            // better one. Filled row by row, a grid without blocks falls to
            // words: no letter restart found its fill.
            engine.letters = restarts && restart % 2 == 1 && !engine.grid_order;
            let flow = explore(&mut engine, hooks, 0, &mut nodes);
            weight = std::mem::take(&mut engine.weight);
            if !nodes.cut {
                return (flow.is_continue(), nodes.tried);
            }
            if budget.is_some_and(|budget| nodes.tried >= budget) {
                return (false, nodes.tried);
            }
            if let Some(learned) = &mut nodes.learned
                && learned.close_branch(&mut root).is_err()
            {
                // The refutations alone leave no fill: the search is over.
                return (true, nodes.tried);
            }
        }
        unreachable!("restarts end with a search that is not cut")
    }

    /// The slot emptied by the first propagation, if it proved at once that
    /// no fill exists.
    pub(crate) fn dead(&self) -> Option<usize> {
        self.dead
    }

    /// Whether it is known before any search that no fill exists: a slot
    /// emptied by the first propagation, or a proof of [`super::refute`].
    pub(crate) fn proved_empty(&self) -> bool {
        self.dead.is_some() || self.refuted
    }

    /// Splits by letter slots of more than `n` candidates (tests: every
    /// slot, on tiny lists).
    #[cfg(test)]
    pub(crate) fn set_split_above(&mut self, n: u32) {
        self.engine.split_above = n;
    }

    /// Propagates (and walks the rows of a grid without blocks) with the
    /// portable code even where AVX2 is there (tests: both paths must
    /// search alike).
    #[cfg(test)]
    pub(crate) fn set_portable(&mut self) {
        #[cfg(target_arch = "x86_64")]
        {
            self.engine.avx2 = None;
            if let Some(square) = &mut self.square {
                square.avx2 = None;
            }
        }
    }

    /// Filters every slot through a list ([`Engine`]'s `list` module),
    /// however many candidates it has (tests: lists and bitsets must
    /// search alike).
    #[cfg(test)]
    pub(crate) fn set_lists_always(&mut self) {
        self.engine.lists_always = true;
    }

    pub(crate) fn root(&self) -> &Engine {
        &self.engine
    }

    /// The word (as text) and score of slot `s`'s first candidate.
    pub(crate) fn word_of(&self, engine: &Engine, s: usize, i: usize) -> (String, i32) {
        let bucket = engine.slots[s].bucket;
        let letters = engine.buckets[bucket].word(i);
        let word = letters.iter().map(|&l| char::from(b'A' + l)).collect();
        (word, self.scores[bucket][i])
    }

    /// The fill in a solved `engine`.
    pub(crate) fn fill_of(&self, engine: &Engine) -> Fill {
        let (rows, cols) = (self.grid.rows(), self.grid.cols());
        let mut letters = vec![b'#'; rows * cols];
        for row in 0..rows {
            for col in 0..cols {
                if let super::Cell::Letter(letter) = self.grid.cell(row, col) {
                    letters[row * cols + col] = letter;
                }
            }
        }
        let mut entries = Vec::with_capacity(self.grid.slots().len());
        for (s, slot) in self.grid.slots().iter().enumerate() {
            let (word, score) = self.word_of(engine, s, engine.first(s));
            for (p, letter) in word.bytes().enumerate() {
                let (row, col) = slot.square(p);
                letters[row * cols + col] = letter;
            }
            entries.push(Entry {
                slot: *slot,
                word,
                score,
            });
        }
        Fill::new(rows, cols, letters, entries)
    }
}

fn progress_of(engine: &Engine, nodes: u64, fills: u64) -> Progress {
    Progress {
        nodes,
        fills,
        decided: engine.count.iter().filter(|&&c| c == 1).count(),
        slots: engine.count.len(),
    }
}

/// Words tried in the shortest restart. Short restarts cost little now
/// that none searches again what another refuted; 64 beat 32, 128 and 256
/// on the benchmark's hard grids (BENCHMARKS.md).
const RESTART_UNIT: u64 = 64;

/// Words the restarts of a grid without blocks try before the row-by-row
/// search takes over (BENCHMARKS.md).
const SQUARE_HANDOVER: u64 = 50_000;
