//! What a plan's unit scheme names, and reading a scheme back: the name a
//! checkpoint or a part records, the board it counts, the plan it makes
//! again, and the counts its units can have.

use super::super::quadrants;
use super::super::rules::{Piece, Rules};
use super::error::CountError;
use super::given;
use super::method::SCHEME;
use super::pieces;
use super::plan::CountPlan;

impl CountPlan {
    /// The piece and board shape whose plans use `scheme` (classic queens
    /// for both of theirs), or `None` for a scheme this build does not know.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::Piece;
    /// use puzzles::queens::count::{CountPlan, SCHEME};
    ///
    /// assert_eq!(CountPlan::scheme_board(SCHEME), Some((Piece::Queen, false)));
    /// assert_eq!(CountPlan::scheme_board("kings-torus-rows-1"), Some((Piece::King, true)));
    /// assert_eq!(CountPlan::scheme_board("rows-9"), None);
    /// ```
    pub fn scheme_board(scheme: &str) -> Option<(Piece, bool)> {
        match scheme {
            SCHEME | quadrants::SCHEME => Some((Piece::Queen, false)),
            other => pieces::rules_of(other).or_else(|| given::rules_of(other)),
        }
    }

    /// Whether plans of `scheme` complete given pieces
    /// ([`CountPlan::completions`]), so that only the same given pieces
    /// can continue their checkpoints.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::{CountPlan, SCHEME};
    ///
    /// assert!(CountPlan::scheme_completes("kings-given-rows-1"));
    /// assert!(!CountPlan::scheme_completes(SCHEME));
    /// ```
    pub fn scheme_completes(scheme: &str) -> bool {
        given::rules_of(scheme).is_some()
    }

    /// Whether a total and a unique count could be those of units of
    /// `scheme` (one unit's, or a sum): a check on numbers read from a
    /// file. The reduced search finds whole classes of 1 to 8 solutions; the
    /// quadrant counter tells no classes apart; a plan of
    /// [`CountPlan::pieces`] counts a class's smallest solution wherever it
    /// falls, so only `unique <= total` holds.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::{CountPlan, SCHEME};
    ///
    /// assert!(CountPlan::counts_possible(SCHEME, 92, 12));
    /// assert!(!CountPlan::counts_possible(SCHEME, 100, 12));
    /// assert!(!CountPlan::counts_possible("quadrants-1", 92, 12));
    /// assert!(CountPlan::counts_possible("kings-rows-1", 100, 0));
    /// assert!(!CountPlan::counts_possible("kings-rows-1", 1, 2));
    /// assert!(!CountPlan::counts_possible("queens-given-rows-1", 4, 1));
    /// ```
    pub fn counts_possible(scheme: &str, total: u128, unique: u128) -> bool {
        match scheme {
            SCHEME => unique <= total && total <= unique.saturating_mul(8),
            quadrants::SCHEME => unique == 0,
            other if CountPlan::scheme_completes(other) => unique == 0,
            _ => unique <= total,
        }
    }

    /// The plan of a checkpoint or part: `scheme` as it recorded it, with
    /// its `split` (which the quadrant scheme does not use).
    ///
    /// # Errors
    ///
    /// [`CountError::UnknownScheme`], else as [`CountPlan::new`] or
    /// [`CountPlan::quadrants`].
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::{CountPlan, Method};
    ///
    /// assert_eq!(CountPlan::for_scheme("lexmin-rows-1", 9, 2)?, CountPlan::new(9, 2)?);
    /// assert_eq!(CountPlan::for_scheme("quadrants-1", 9, 0)?.method(), Method::Quadrants);
    /// assert!(CountPlan::for_scheme("rows-9", 9, 2).is_err());
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn for_scheme(scheme: &str, n: usize, split: usize) -> Result<CountPlan, CountError> {
        match scheme {
            SCHEME => CountPlan::new(n, split),
            quadrants::SCHEME => CountPlan::quadrants(n),
            other if CountPlan::scheme_completes(other) => {
                Err(CountError::CompletesGiven(other.to_string()))
            }
            other => match pieces::rules_of(other) {
                Some((piece, torus)) => CountPlan::pieces(
                    Rules::new(n, piece, torus).map_err(|_| CountError::ZeroSize)?,
                    split,
                ),
                None => Err(CountError::UnknownScheme(other.to_string())),
            },
        }
    }

    /// The plan's unit scheme ([`Method::scheme`](super::Method::scheme)).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::CountPlan;
    ///
    /// assert_eq!(CountPlan::quadrants(9)?.scheme(), "quadrants-1");
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn scheme(&self) -> &'static str {
        if self.given.is_some() {
            return given::scheme(self.rules);
        }
        pieces::scheme(self.rules).unwrap_or_else(|| self.method().scheme())
    }
}
