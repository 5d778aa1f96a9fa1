//! Choosing a count's plan from what the command line asks and what the
//! checkpoint holds.

use std::path::PathBuf;

use super::super::Board;
use super::super::checkpoint::resume_scheme;
use super::super::count::{CountError, CountPlan, MAX_SPLIT, Method};
use super::super::rules::{Piece, Rules};
use super::SessionError;

/// What a count asks of its plan; [`PlanRequest::plan`] chooses it.
///
/// # Example
///
/// ```
/// use puzzles::queens::count::Method;
/// use puzzles::queens::session::PlanRequest;
///
/// assert_eq!(PlanRequest::new(16).plan()?.method(), Method::Quadrants);
/// let mut classes = PlanRequest::new(16);
/// classes.fundamentals = true;
/// assert_eq!(classes.plan()?.method(), Method::Backtrack);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct PlanRequest {
    /// The board size.
    pub n: usize,
    /// The piece (queens unless set): any other is counted by
    /// [`CountPlan::pieces`].
    pub piece: Piece,
    /// Whether the board wraps around.
    pub torus: bool,
    /// The split depth asked for (`--split`): backtracking in units of that
    /// many rows.
    pub split: Option<usize>,
    /// The method asked for (`--method`).
    pub method: Option<Method>,
    /// Whether fundamental solutions are wanted (`--unique`): only
    /// backtracking finds them.
    pub fundamentals: bool,
    /// Whether the units will be sampled below their roots: only
    /// backtracking has subtrees.
    pub subtrees: bool,
    /// The checkpoint to continue, when it exists.
    pub checkpoint: Option<PathBuf>,
    /// Pieces placed first (`--given`): their completions are counted, by
    /// [`CountPlan::completions`].
    pub given: Option<Vec<(usize, usize)>>,
}

impl PlanRequest {
    /// A request for `n` queens with nothing else asked.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::session::PlanRequest;
    ///
    /// assert_eq!(PlanRequest::new(12).plan()?.n(), 12);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(n: usize) -> PlanRequest {
        PlanRequest {
            n,
            ..PlanRequest::default()
        }
    }

    /// The plan: an explicit split backtracks (refused for a checkpoint of
    /// the quadrant counter); an existing checkpoint continues with the
    /// scheme and split that made it (refused if another method is asked
    /// for); otherwise the method asked for, backtracking where
    /// fundamental solutions or subtrees are wanted, else the fastest
    /// method for `n` ([`CountPlan::best`]).
    ///
    /// # Errors
    ///
    /// [`SessionError::Plan`] for a board or split that cannot be counted,
    /// [`SessionError::ResumedPlan`] for a checkpoint whose scheme or split
    /// cannot, [`SessionError::NoSplit`], [`SessionError::OtherMethod`] and
    /// [`SessionError::QuadrantsFundamentals`] for requests that contradict
    /// the checkpoint or each other.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::Method;
    /// use puzzles::queens::session::{PlanRequest, SessionError};
    ///
    /// let mut request = PlanRequest::new(16);
    /// request.method = Some(Method::Quadrants);
    /// request.fundamentals = true;
    /// assert!(matches!(request.plan(), Err(SessionError::QuadrantsFundamentals)));
    /// ```
    pub fn plan(&self) -> Result<CountPlan, SessionError> {
        let n = self.n;
        let rules = Rules::new(n, self.piece, self.torus).map_err(|_| CountError::ZeroSize)?;
        if let Some(given) = &self.given {
            return self.completions_plan(rules, given);
        }
        if !rules.is_classic() {
            return self.pieces_plan(rules);
        }
        // Whatever a checkpoint holds: its advice would name a method that
        // cannot do what is asked.
        if self.method == Some(Method::Quadrants) && self.fundamentals {
            return Err(SessionError::QuadrantsFundamentals);
        }
        let resumed = self.resumed(rules);
        if let Some(split) = self.split {
            let plan = CountPlan::new(n, split)?;
            if let Some((path, (scheme, _))) = resumed
                && scheme != plan.scheme()
            {
                return Err(SessionError::NoSplit {
                    path: path.to_path_buf(),
                    scheme,
                });
            }
            return Ok(plan);
        }
        if let Some((path, (scheme, split))) = resumed {
            let plan = CountPlan::for_scheme(&scheme, n, split).map_err(|problem| {
                SessionError::ResumedPlan {
                    path: path.to_path_buf(),
                    problem,
                }
            })?;
            let wanted = self
                .method
                .or(self.fundamentals.then_some(Method::Backtrack));
            if let Some(wanted) = wanted.filter(|&wanted| wanted != plan.method()) {
                return Err(SessionError::OtherMethod {
                    path: path.to_path_buf(),
                    scheme,
                    made_by: plan.method(),
                    wanted,
                    fundamentals: self.fundamentals,
                });
            }
            return Ok(plan);
        }
        Ok(match self.method {
            Some(Method::Quadrants) => CountPlan::quadrants(n)?,
            Some(_) => CountPlan::with_default_split(n)?,
            None if self.fundamentals || self.subtrees => CountPlan::with_default_split(n)?,
            None => CountPlan::best(n)?,
        })
    }

    /// The plan for any board but classic queens: backtracking, split as
    /// asked, as the checkpoint was, or by default.
    fn pieces_plan(&self, rules: Rules) -> Result<CountPlan, SessionError> {
        if self.method == Some(Method::Quadrants) {
            return Err(SessionError::QuadrantsPieces(rules));
        }
        let split = match (self.split, self.resumed(rules)) {
            (Some(split), _) | (None, Some((_, (_, split)))) => split,
            // A torus's first row is fixed: one row deeper for as many units.
            (None, None) => {
                (CountPlan::default_split(rules.n()) + usize::from(rules.torus())).min(MAX_SPLIT)
            }
        };
        Ok(CountPlan::pieces(rules, split)?)
    }

    /// The plan completing `given`: backtracking, split as asked, as the
    /// checkpoint was, or after as many rows as bring the default split's
    /// number of rows without a given piece.
    fn completions_plan(
        &self,
        rules: Rules,
        given: &[(usize, usize)],
    ) -> Result<CountPlan, SessionError> {
        if self.method == Some(Method::Quadrants) || self.fundamentals {
            return Err(SessionError::GivenMethod);
        }
        let completion = Board::with_rules(rules)?.with_given(given)?;
        let resumed = self
            .resumed(rules)
            .filter(|(_, (scheme, _))| CountPlan::scheme_completes(scheme));
        let split = match (self.split, resumed) {
            (Some(split), _) | (None, Some((_, (_, split)))) => split,
            (None, None) => {
                let free_rows = CountPlan::default_split(rules.n());
                let mut free = (0..rules.n())
                    .filter(|&row| completion.given().iter().all(|&(given, _)| given != row));
                // Down to the last of those free rows, or the whole board.
                free_rows
                    .checked_sub(1)
                    .map_or(Some(0), |last| free.nth(last).map(|row| row + 1))
                    .unwrap_or(rules.n())
                    .min(MAX_SPLIT)
            }
        };
        Ok(CountPlan::completions(&completion, split)?)
    }

    /// The scheme and split of the checkpoint to continue, when it counts
    /// the board of `rules` (or a scheme this build does not know, which
    /// the plan then names): a checkpoint of another board is left for the
    /// session to refuse as such.
    fn resumed(&self, rules: Rules) -> Option<(&std::path::Path, (String, usize))> {
        let path = self.checkpoint.as_deref()?;
        let (scheme, split) = resume_scheme(path, self.n)?;
        let counts = CountPlan::scheme_board(&scheme);
        counts
            .is_none_or(|board| board == (rules.piece(), rules.torus()))
            .then_some((path, (scheme, split)))
    }
}
