//! The `--json` record of a count.

use std::time::Duration;

use serde::Serialize;

use super::super::count::{CountPlan, Tally};

/// A count's result as `--json` prints it, fields in this order; absent
/// ones are left out. `puzzles queens N --count --json` and `puzzles-mpi`
/// print it alike.
///
/// # Example
///
/// ```
/// use std::time::Duration;
/// use puzzles::queens::count::{CountPlan, Tally};
/// use puzzles::queens::session::CountRecord;
///
/// let plan = CountPlan::new(4, 1)?;
/// let tally = Tally { total: 2, unique: 1, nodes: 9, units: plan.len() };
/// let record = CountRecord::of_units(&plan, &tally, &Tally::default(), Duration::ZERO, 1);
/// let json = serde_json::to_string(&record)?;
/// assert!(json.starts_with(r#"{"n":4,"total":2,"unique":1,"units":"#), "{json}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[non_exhaustive]
pub struct CountRecord {
    /// The pieces given, for a count of their completions.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub given: Option<usize>,
    /// The board size.
    pub n: usize,
    /// All solutions.
    pub total: u128,
    /// Fundamental solutions, where the method finds them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unique: Option<u128>,
    /// The plan's work units.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub units: Option<u64>,
    /// Since the command started.
    pub elapsed_seconds: f64,
    /// Nodes visited (half-boards joined, for the quadrant counter).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u128>,
    /// The split depth (0 for the quadrant counter).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub split: Option<usize>,
    /// The threads that counted (on every rank together, under MPI).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub threads: Option<usize>,
    /// The units read from the checkpoint.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resumed_units: Option<u64>,
    /// The MPI job's ranks.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ranks: Option<usize>,
    /// The piece, for a count other than classic queens or of completions.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub piece: Option<String>,
    /// Whether the board wraps around, for a count other than classic
    /// queens or of completions.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub torus: Option<bool>,
}

impl CountRecord {
    /// The record of a count of `plan`'s units: `tally` in all, `resumed`
    /// of it from the checkpoint, on `threads` threads. A count of
    /// completions says how many pieces were given, and which piece.
    ///
    /// # Example
    ///
    /// ```
    /// use std::time::Duration;
    /// use puzzles::queens::Board;
    /// use puzzles::queens::count::{CountPlan, Tally};
    /// use puzzles::queens::session::CountRecord;
    ///
    /// let plan = CountPlan::quadrants(16)?;
    /// let record = CountRecord::of_units(&plan, &Tally::default(), &Tally::default(), Duration::ZERO, 2);
    /// assert_eq!((record.unique, record.threads), (None, Some(2)));
    ///
    /// let completions = CountPlan::completions(&Board::new(8)?.with_given(&[(0, 0)])?, 2)?;
    /// let record = CountRecord::of_units(&completions, &Tally::default(), &Tally::default(), Duration::ZERO, 2);
    /// assert_eq!((record.given, record.piece.as_deref()), (Some(1), Some("queen")));
    /// assert_eq!(record.unique, None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn of_units(
        plan: &CountPlan,
        tally: &Tally,
        resumed: &Tally,
        elapsed: Duration,
        threads: usize,
    ) -> CountRecord {
        let record = CountRecord {
            given: plan.given().map(<[_]>::len),
            n: plan.n(),
            total: tally.total,
            // Completions of given pieces have no classes to count.
            unique: (plan.method().finds_fundamentals() && plan.given().is_none())
                .then_some(tally.unique),
            units: Some(plan.len()),
            elapsed_seconds: elapsed.as_secs_f64(),
            nodes: Some(tally.nodes),
            split: Some(plan.split()),
            threads: Some(threads),
            resumed_units: Some(resumed.units),
            ..CountRecord::default()
        };
        let rules = plan.rules();
        if rules.is_classic() && record.given.is_none() {
            record
        } else {
            record.with_piece(rules.piece().name(), rules.torus())
        }
    }

    /// The record of a count by the plain search, without units.
    ///
    /// # Example
    ///
    /// ```
    /// use std::time::Duration;
    /// use puzzles::queens::session::CountRecord;
    ///
    /// let record = CountRecord::plain(8, 92, Some(12), Duration::ZERO);
    /// assert_eq!((record.units, record.piece), (None, None));
    /// ```
    pub fn plain(n: usize, total: u128, unique: Option<u128>, elapsed: Duration) -> CountRecord {
        CountRecord {
            n,
            total,
            unique,
            elapsed_seconds: elapsed.as_secs_f64(),
            ..CountRecord::default()
        }
    }

    /// The record with the MPI job's ranks.
    ///
    /// # Example
    ///
    /// ```
    /// use std::time::Duration;
    /// use puzzles::queens::session::CountRecord;
    ///
    /// let record = CountRecord::plain(8, 92, None, Duration::ZERO).with_ranks(4);
    /// assert_eq!(record.ranks, Some(4));
    /// ```
    pub fn with_ranks(mut self, ranks: usize) -> CountRecord {
        self.ranks = Some(ranks);
        self
    }

    /// The record of a count of the completions of `given` pieces (one
    /// answered at once: by a formula, or a theorem that says none exists).
    ///
    /// # Example
    ///
    /// ```
    /// use std::time::Duration;
    /// use puzzles::queens::session::CountRecord;
    ///
    /// let record = CountRecord::plain(8, 120, None, Duration::ZERO).with_given(3).with_piece("rook", false);
    /// let json = serde_json::to_string(&record)?;
    /// assert!(json.starts_with(r#"{"given":3,"n":8,"total":120,"#), "{json}");
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    pub fn with_given(mut self, given: usize) -> CountRecord {
        self.given = Some(given);
        self
    }

    /// The record with the piece and the board's shape, for a count other
    /// than classic queens.
    ///
    /// # Example
    ///
    /// ```
    /// use std::time::Duration;
    /// use puzzles::queens::session::CountRecord;
    ///
    /// let record = CountRecord::plain(4, 0, None, Duration::ZERO).with_piece("rook", true);
    /// assert_eq!(record.piece.as_deref(), Some("rook"));
    /// ```
    pub fn with_piece(mut self, piece: impl Into<String>, torus: bool) -> CountRecord {
        self.piece = Some(piece.into());
        self.torus = Some(torus);
        self
    }
}
