//! A count's plan: the board, its split into numbered work units, and the
//! counting of one unit.

use std::ops::Range;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::super::complete::Completion;
use super::super::quadrants::{self, Quadrants};
use super::super::rules::{MAX_SEARCH_N, Rules};
use super::super::solution::{Fundamental, Solution};
use super::super::units;
use super::error::CountError;
use super::given;
use super::method::{Method, QUADRANTS_FROM};
use super::pieces;
use super::tally::{Tally, UnitCount, UnitId};
use crate::cpu::Isa;

/// The deepest split a plan accepts.
///
/// # Example
///
/// ```
/// use puzzles::queens::count::{CountError, CountPlan, MAX_SPLIT};
///
/// assert!(CountPlan::new(8, MAX_SPLIT).is_ok());
/// assert_eq!(
///     CountPlan::new(8, MAX_SPLIT + 1).unwrap_err(),
///     CountError::SplitTooDeep { split: MAX_SPLIT + 1, max: MAX_SPLIT }
/// );
/// ```
pub const MAX_SPLIT: usize = 8;

/// The most work units a plan may hold.
///
/// # Example
///
/// ```
/// use puzzles::queens::count::{CountError, CountPlan, MAX_UNITS};
///
/// assert!(CountPlan::new(20, 4)?.len() <= MAX_UNITS as u64);
/// // Refusing a plan means listing this many units first: too slow for an
/// // example, so here is only what the refusal says.
/// let err = CountError::TooManyUnits { n: 64, split: 8, max: MAX_UNITS };
/// assert_eq!(err.to_string(), "n = 64 split at depth 8 makes more than 16777216 work units");
/// # Ok::<(), CountError>(())
/// ```
pub const MAX_UNITS: usize = 1 << 24;

/// The reduced search for one board size, split into numbered work units.
///
/// Unit `id` is the `id`-th canonical placement of the first
/// `min(split, n)` rows in lexicographic order; [`CountPlan::prefix`] shows
/// it. Deeper splits make more, smaller units: better balance across cores
/// and finer checkpoints, for a little more overhead per unit.
///
/// # Example
///
/// ```
/// use puzzles::queens::count::CountPlan;
///
/// let plan = CountPlan::new(8, 2)?;
/// assert_eq!(plan.prefix(0), Some(&[0u8, 2][..])); // the corner queen, then column 2
/// let tally = plan.count_all();
/// assert_eq!((tally.total, tally.unique), (92, 12));
/// # Ok::<(), puzzles::queens::count::CountError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountPlan {
    pub(super) n: usize,
    pub(super) split: usize,
    pub(super) depth: usize,
    pub(super) units: u64,
    /// The prefixes, `depth` columns each, back to back.
    pub(super) prefixes: Vec<u8>,
    /// The vector instructions asked for; `None` takes the best at run time.
    pub(super) isa: Option<Isa>,
    /// Set for a plan that joins quarter-boards; its units are sets of rows.
    pub(super) quadrants: Option<Arc<Quadrants>>,
    /// The piece and board shape: classic queens, or a plan of
    /// [`CountPlan::pieces`].
    pub(super) rules: Rules,
    /// The given pieces of a plan of [`CountPlan::completions`], sorted by
    /// row.
    pub(super) given: Option<Vec<(usize, usize)>>,
}

impl CountPlan {
    /// The units of `n`-queens split after `split` rows.
    ///
    /// # Errors
    ///
    /// [`CountError::ZeroSize`], [`CountError::TooLarge`] (n over
    /// [`MAX_SEARCH_N`]), [`CountError::SplitTooDeep`] (over [`MAX_SPLIT`]),
    /// [`CountError::TooManyUnits`] (over [`MAX_UNITS`]).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::CountPlan;
    ///
    /// assert_eq!(CountPlan::new(8, 0)?.len(), 1); // the whole search, one unit
    /// assert_eq!(CountPlan::new(8, 1)?.len(), 4); // row 0 in columns 0 to 3
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn new(n: usize, split: usize) -> Result<CountPlan, CountError> {
        CountPlan::split_after(
            Rules::queens(n).map_err(|_| CountError::ZeroSize)?,
            None,
            split,
        )
    }

    /// The plan of [`CountPlan::new`], [`CountPlan::pieces`] or
    /// [`CountPlan::completions`]: the units of the search of `rules`' board
    /// (completing `given`, when set) after `split` rows.
    fn split_after(
        rules: Rules,
        given: Option<Vec<(usize, usize)>>,
        split: usize,
    ) -> Result<CountPlan, CountError> {
        let n = rules.n();
        if n > MAX_SEARCH_N {
            return Err(CountError::TooLarge {
                n,
                max: MAX_SEARCH_N,
            });
        }
        if split > MAX_SPLIT {
            return Err(CountError::SplitTooDeep {
                split,
                max: MAX_SPLIT,
            });
        }
        let depth = split.min(n);
        let prefixes = if let Some(given) = &given {
            given::prefixes(rules, given, depth, MAX_UNITS)
        } else if rules.is_classic() {
            units::prefixes(n, depth, MAX_UNITS)
        } else {
            pieces::prefixes(rules, depth, MAX_UNITS)
        }
        .ok_or(CountError::TooManyUnits {
            n,
            split,
            max: MAX_UNITS,
        })?;
        // Depth 0 is one unit: the whole search.
        let units = prefixes.len().checked_div(depth).unwrap_or(1) as u64;
        Ok(CountPlan {
            n,
            split,
            depth,
            units,
            prefixes,
            isa: None,
            quadrants: None,
            rules,
            given,
        })
    }

    /// The units of a board of `rules` split after `split` rows: for classic
    /// queens [`CountPlan::new`]; for any other piece or a torus, the
    /// placements of the first rows that the board's symmetries leave (the
    /// left half of the first row; on a torus, the first piece in column 0
    /// and the second in the first half), each unit counting every solution
    /// they stand for, and how many of those are the smallest of their class.
    ///
    /// # Errors
    ///
    /// As [`CountPlan::new`].
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::CountPlan;
    /// use puzzles::queens::{Piece, Rules};
    ///
    /// // Eight kings, one per row and column: 5,242 placements in 691 classes.
    /// let plan = CountPlan::pieces(Rules::new(8, Piece::King, false)?, 2)?;
    /// let tally = plan.count_all();
    /// assert_eq!((tally.total, tally.unique), (5242, 691));
    /// assert_eq!(plan.scheme(), "kings-rows-1");
    /// // On a torus the first piece stands in column 0.
    /// let torus = CountPlan::pieces(Rules::new(7, Piece::Queen, true)?, 1)?;
    /// assert_eq!((torus.len(), torus.prefix(0)), (1, Some(&[0u8][..])));
    /// assert_eq!(torus.count_all().total, 28);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn pieces(rules: Rules, split: usize) -> Result<CountPlan, CountError> {
        CountPlan::split_after(rules, None, split)
    }

    /// The units of the completions of `completion`'s given pieces, split
    /// after `split` rows: the placements of the first rows that keep clear
    /// of the given pieces (a row with a given piece has its column alone).
    /// Given pieces break the board's symmetries, so each unit counts its
    /// completions one by one and its unique count is 0.
    ///
    /// # Errors
    ///
    /// As [`CountPlan::new`].
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::Board;
    /// use puzzles::queens::count::CountPlan;
    ///
    /// // Eight queens with one in the corner: 4 completions.
    /// let completion = Board::new(8)?.with_given(&[(0, 0)])?;
    /// let plan = CountPlan::completions(&completion, 2)?;
    /// assert_eq!(plan.given(), Some(&[(0, 0)][..]));
    /// assert_eq!(plan.prefix(0), Some(&[0u8, 2][..])); // row 0 has the given column alone
    /// assert_eq!(plan.count_all().total, 4);
    /// assert_eq!(plan.scheme(), "queens-given-rows-1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn completions(completion: &Completion, split: usize) -> Result<CountPlan, CountError> {
        CountPlan::split_after(
            *completion.rules(),
            Some(completion.given().to_vec()),
            split,
        )
    }

    /// The given pieces of a plan of [`CountPlan::completions`], sorted by
    /// row; `None` for a plan that counts the whole board.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::Board;
    /// use puzzles::queens::count::CountPlan;
    ///
    /// assert_eq!(CountPlan::new(8, 2)?.given(), None);
    /// let completion = Board::new(8)?.with_given(&[(5, 1), (0, 3)])?;
    /// assert_eq!(CountPlan::completions(&completion, 2)?.given(), Some(&[(0, 3), (5, 1)][..]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn given(&self) -> Option<&[(usize, usize)]> {
        self.given.as_deref()
    }

    /// The piece and board shape counted.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::CountPlan;
    /// use puzzles::queens::{Piece, Rules};
    ///
    /// assert!(CountPlan::new(8, 2)?.rules().is_classic());
    /// let kings = Rules::new(8, Piece::King, true)?;
    /// assert_eq!(CountPlan::pieces(kings, 2)?.rules(), kings);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The units of `n`-queens for the quadrant counter (see
    /// [`quadrants`]): one per set of rows whose queen stands in the east
    /// half, up to the board's symmetries. The table of quarter-board
    /// placements ([`quadrants::table_bytes`]) is built when the first unit
    /// is counted and shared by every clone of the plan.
    ///
    /// # Errors
    ///
    /// [`CountError::ZeroSize`], [`CountError::QuadrantsRange`] outside
    /// [`quadrants::MIN_N`]`..=`[`quadrants::MAX_N`].
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let plan = CountPlan::quadrants(10)?;
    /// assert_eq!(plan.count_all().total, 724);
    /// assert!(CountPlan::quadrants(23).is_err());
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn quadrants(n: usize) -> Result<CountPlan, CountError> {
        if n == 0 {
            return Err(CountError::ZeroSize);
        }
        if !(quadrants::MIN_N..=quadrants::MAX_N).contains(&n) {
            return Err(CountError::QuadrantsRange {
                n,
                min: quadrants::MIN_N,
                max: quadrants::MAX_N,
            });
        }
        let quadrants = Quadrants::new(n);
        Ok(CountPlan {
            n,
            split: 0,
            depth: 0,
            units: quadrants.len(),
            prefixes: Vec::new(),
            isa: None,
            quadrants: Some(Arc::new(quadrants)),
            rules: Rules::queens(n).map_err(|_| CountError::ZeroSize)?,
            given: None,
        })
    }

    /// The fastest plan for `n`: the quadrant counter from
    /// [`QUADRANTS_FROM`] to [`quadrants::MAX_N`], the backtracking counter
    /// with [`CountPlan::default_split`] elsewhere. The quadrant counter
    /// does not find fundamental solutions (its tallies' `unique` is 0): for
    /// those, take [`CountPlan::with_default_split`].
    ///
    /// # Errors
    ///
    /// As [`CountPlan::new`].
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::{CountPlan, Method};
    ///
    /// assert_eq!(CountPlan::best(8)?.count_all().total, 92);
    /// assert_eq!(CountPlan::best(20)?.method(), Method::Quadrants);
    /// assert_eq!(CountPlan::best(23)?.method(), Method::Backtrack);
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn best(n: usize) -> Result<CountPlan, CountError> {
        if (QUADRANTS_FROM..=quadrants::MAX_N).contains(&n) {
            CountPlan::quadrants(n)
        } else {
            CountPlan::with_default_split(n)
        }
    }

    /// How the plan counts.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::{CountPlan, Method};
    ///
    /// assert_eq!(CountPlan::new(9, 2)?.method(), Method::Backtrack);
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn method(&self) -> Method {
        if self.quadrants.is_some() {
            Method::Quadrants
        } else {
            Method::Backtrack
        }
    }

    /// The rows whose queen stands in the east half (bit `r` for row `r`)
    /// in unit `id` of a quadrant plan; `None` for a backtracking plan or
    /// an id outside the plan.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let plan = CountPlan::quadrants(8)?;
    /// assert_eq!(plan.east_rows(0), Some(0b0000_1111));
    /// assert_eq!(CountPlan::new(8, 2)?.east_rows(0), None);
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn east_rows(&self, id: UnitId) -> Option<u32> {
        self.quadrants
            .as_ref()?
            .east_rows(usize::try_from(id).ok()?)
    }

    /// The same plan counted with the vector instructions of `isa` (the
    /// unit list does not change). A set this processor lacks counts with
    /// the next narrower one it has ([`Isa::supported`]), and
    /// [`Isa::Portable`] with the scalar search only. `None`, the default,
    /// takes the best this processor has ([`Isa::best`]) and, for the
    /// quarter-board join, whichever of its versions measures fastest here.
    /// All give the same totals, fundamental counts and node counts, unit by
    /// unit.
    ///
    /// The scalar search walks the first rows of every unit; a vector
    /// kernel then runs the last eight rows of many subtrees at once, one
    /// subtree per 32-bit lane, with masks instead of unpredictable
    /// branches: so one binary runs everywhere at its best.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::cpu::Isa;
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let plan = CountPlan::new(9, 2)?;
    /// let scalar = plan.clone().with_isa(Isa::Portable);
    /// assert_eq!(plan.count_unit(5)?.total, scalar.count_unit(5)?.total);
    /// assert_eq!(scalar.with_isa(plan.isa()).isa(), None);
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn with_isa(mut self, isa: impl Into<Option<Isa>>) -> CountPlan {
        self.isa = isa.into();
        self
    }

    /// The vector instructions asked for by [`CountPlan::with_isa`]; `None`
    /// when the best this processor has counts.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::cpu::Isa;
    /// use puzzles::queens::count::CountPlan;
    ///
    /// assert_eq!(CountPlan::new(9, 2)?.isa(), None);
    /// assert_eq!(CountPlan::new(9, 2)?.with_isa(Isa::Avx2).isa(), Some(Isa::Avx2));
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn isa(&self) -> Option<Isa> {
        self.isa
    }

    /// The vector instructions the backtracking kernels count with here
    /// (`None`: the scalar search only).
    pub(super) fn lanes(&self) -> Option<Isa> {
        let isa = self.isa.map_or_else(Isa::best, Isa::supported);
        (isa != Isa::Portable).then_some(isa)
    }

    /// The split depth used when none is given: enough units to keep every
    /// core busy to the end and to checkpoint often, few enough that their
    /// overhead does not show.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::CountPlan;
    ///
    /// assert_eq!(CountPlan::default_split(8), 2);
    /// assert_eq!(CountPlan::default_split(17), 4);
    /// ```
    pub fn default_split(n: usize) -> usize {
        match n {
            0..=10 => 2,
            // At 16 a unit of 3 rows hands the lanes more jobs per run, so
            // fewer lanes wait out a run's last jobs (BENCHMARKS.md, "Design
            // choices measured").
            11..=16 => 3,
            17..=20 => 4,
            21..=27 => 5,
            // Beyond the counts anyone can wait for: keep the plan small.
            _ => 3,
        }
    }

    /// [`CountPlan::new`] with [`CountPlan::default_split`].
    ///
    /// # Errors
    ///
    /// As [`CountPlan::new`].
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::CountPlan;
    ///
    /// assert_eq!(CountPlan::with_default_split(12)?.split(), 3);
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn with_default_split(n: usize) -> Result<CountPlan, CountError> {
        CountPlan::new(n, CountPlan::default_split(n))
    }

    /// The board size.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::CountPlan;
    ///
    /// assert_eq!(CountPlan::new(9, 2)?.n(), 9);
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn n(&self) -> usize {
        self.n
    }

    /// The split depth asked for (units hold `min(split, n)` rows).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::CountPlan;
    ///
    /// assert_eq!(CountPlan::new(9, 2)?.split(), 2);
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn split(&self) -> usize {
        self.split
    }

    /// How many units the plan has.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::CountPlan;
    ///
    /// // 3-queens has no solution; its reduced tree dies before row 2.
    /// assert_eq!(CountPlan::new(3, 2)?.len(), 0);
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn len(&self) -> u64 {
        self.units
    }

    /// Builds now what the plan's first unit would build (the table of
    /// half-boards of a quadrant plan, seconds at N = 21), so that a clock
    /// started afterwards times the counting alone. Nothing for a
    /// backtracking plan.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let plan = CountPlan::quadrants(8)?;
    /// plan.prepare();
    /// assert_eq!(plan.count_all().total, 92);
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn prepare(&self) {
        if let Some(quadrants) = &self.quadrants {
            quadrants.prepare();
        }
    }

    /// Whether the plan has no unit (n = 2 or 3 with a split of 2 or more).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::CountPlan;
    ///
    /// assert!(!CountPlan::new(8, 2)?.is_empty());
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.units == 0
    }

    /// Every unit id, `0..len()`.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let plan = CountPlan::new(8, 1)?;
    /// assert_eq!(plan.ids().collect::<Vec<_>>(), [0, 1, 2, 3]);
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn ids(&self) -> Range<UnitId> {
        0..self.units
    }

    /// The columns of the first rows that make unit `id`, or `None` when there
    /// is no such unit or the plan joins quarter-boards
    /// ([`CountPlan::east_rows`] tells its units).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let plan = CountPlan::new(8, 1)?;
    /// assert_eq!(plan.prefix(3), Some(&[3u8][..]));
    /// assert_eq!(plan.prefix(4), None);
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn prefix(&self, id: UnitId) -> Option<&[u8]> {
        if id >= self.units || self.quadrants.is_some() {
            return None;
        }
        let start = usize::try_from(id).ok()? * self.depth;
        Some(&self.prefixes[start..start + self.depth])
    }

    /// Counts unit `id`.
    ///
    /// # Errors
    ///
    /// [`CountError::NoSuchUnit`] when `id` is not below [`CountPlan::len`].
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::{CountPlan, Tally};
    ///
    /// let plan = CountPlan::new(9, 2)?;
    /// let tally: Tally = plan.ids().map(|id| plan.count_unit(id).unwrap()).collect();
    /// assert_eq!((tally.total, tally.unique), (352, 46));
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn count_unit(&self, id: UnitId) -> Result<UnitCount, CountError> {
        let never = AtomicBool::new(false);
        Ok(self
            .count_unit_until(id, &never)?
            .expect("an unset flag never stops the count"))
    }

    /// Counts unit `id` unless `stop` is set before it is done; `Ok(None)`
    /// then. The flag is read between subtrees just below the unit's prefix,
    /// so a stop takes effect quickly even in large units.
    ///
    /// # Errors
    ///
    /// [`CountError::NoSuchUnit`] when `id` is not below [`CountPlan::len`].
    ///
    /// # Example
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let plan = CountPlan::new(12, 1)?;
    /// assert_eq!(plan.count_unit_until(0, &AtomicBool::new(true))?, None);
    /// assert!(plan.count_unit_until(0, &AtomicBool::new(false))?.is_some());
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn count_unit_until(
        &self,
        id: UnitId,
        stop: &AtomicBool,
    ) -> Result<Option<UnitCount>, CountError> {
        if id >= self.units {
            return Err(CountError::NoSuchUnit {
                id,
                units: self.units,
            });
        }
        if let Some(quadrants) = &self.quadrants {
            // A quadrant unit takes milliseconds: the flag is read between units.
            return Ok(
                (!stop.load(Ordering::Relaxed)).then(|| quadrant_count(quadrants, id, self.isa))
            );
        }
        let prefix = self.prefix(id).expect("the id is checked");
        Ok(self.count_below(prefix, &|| stop.load(Ordering::Relaxed), self.lanes()))
    }

    /// Counts below `prefix` (a unit's, or a longer placement below one),
    /// by the search of the plan's board; `None` when `stopped` says so.
    pub(super) fn count_below(
        &self,
        prefix: &[u8],
        stopped: &dyn Fn() -> bool,
        lanes: Option<Isa>,
    ) -> Option<UnitCount> {
        if let Some(given) = &self.given {
            return given::count_below(self.rules, given, prefix, stopped);
        }
        if !self.rules.is_classic() {
            return pieces::count_below(self.rules, prefix, stopped);
        }
        units::count_below(self.n, prefix, stopped, lanes).map(|tallies| UnitCount {
            total: tallies.total,
            unique: tallies.unique,
            nodes: tallies.nodes,
        })
    }

    /// The columns the next row may take below `prefix`.
    pub(super) fn candidates(&self, prefix: &[u8]) -> u64 {
        if let Some(given) = &self.given {
            given::candidates(self.rules, given, prefix)
        } else if self.rules.is_classic() {
            units::candidates(self.n, prefix)
        } else {
            pieces::candidates(self.rules, prefix)
        }
    }

    /// The fundamental solutions in unit `id`, in lexicographic order, found
    /// by the slow statement of the reduction's rules (for checking and
    /// exploring, not for speed). Over all units, in id order, they are
    /// exactly [`Board::fundamental_solutions`](crate::queens::Board::fundamental_solutions).
    ///
    /// # Errors
    ///
    /// [`CountError::NoSuchUnit`] when `id` is not below [`CountPlan::len`].
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let plan = CountPlan::new(6, 1)?;
    /// let found: Vec<_> = plan.ids().flat_map(|id| plan.fundamental_solutions(id).unwrap()).collect();
    /// assert_eq!(found.len(), 1);
    /// assert_eq!(found[0].solution.cols(), &[1, 3, 5, 0, 2, 4]);
    /// assert_eq!(found[0].class_size, 4);
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn fundamental_solutions(&self, id: UnitId) -> Result<Vec<Fundamental>, CountError> {
        if self.quadrants.is_some() {
            return Err(CountError::NoFundamentals);
        }
        if self.given.is_some() {
            return Err(CountError::NoGivenFundamentals);
        }
        if !self.rules.is_classic() {
            return Err(CountError::NoPieceFundamentals(self.rules.piece()));
        }
        let prefix = self.prefix(id).ok_or(CountError::NoSuchUnit {
            id,
            units: self.units,
        })?;
        Ok(units::representatives(self.n, prefix)
            .into_iter()
            .map(|(cols, class_size)| Fundamental {
                solution: Solution::from_checked(cols.into_iter().map(usize::from).collect()),
                class_size,
            })
            .collect())
    }

    /// Counts every unit on the calling thread.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let tally = CountPlan::new(12, 3)?.count_all();
    /// assert_eq!((tally.total, tally.unique), (14200, 1787));
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn count_all(&self) -> Tally {
        self.ids()
            .map(|id| self.count_unit(id).expect("ids come from the plan"))
            .collect()
    }
}

/// Counts quadrant unit `id` (an id of the plan) with the fastest join.
/// Its `unique` is 0 and its `nodes` the half-board placements joined.
pub(super) fn quadrant_count(quadrants: &Quadrants, id: UnitId, isa: Option<Isa>) -> UnitCount {
    // By default the join that measured fastest on this processor; a named
    // set takes the join of that width, or the next narrower one there is.
    let join = match isa {
        None => quadrants::join::fastest(),
        Some(isa) => quadrants::join::supported(isa),
    };
    let id = usize::try_from(id).expect("unit ids of a plan fit usize");
    let tally = quadrants.count_unit(id, join);
    UnitCount {
        total: tally.total,
        unique: 0,
        nodes: tally.halves,
    }
}
