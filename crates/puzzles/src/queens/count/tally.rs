//! What units count to: one unit's count and the sum of many.

/// A work unit's number: its index in the plan's lexicographic list.
///
/// # Example
///
/// ```
/// use puzzles::queens::count::{CountPlan, UnitId};
///
/// let plan = CountPlan::new(8, 2)?;
/// let ids: Vec<UnitId> = plan.ids().collect();
/// assert_eq!(ids, (0..16).collect::<Vec<UnitId>>());
/// assert_eq!(plan.prefix(ids[1]), Some(&[0u8, 3][..]));
/// # Ok::<(), puzzles::queens::count::CountError>(())
/// ```
pub type UnitId = u64;

/// What one work unit contributes.
///
/// # Example
///
/// ```
/// use puzzles::queens::count::CountPlan;
///
/// let plan = CountPlan::new(8, 2)?;
/// let count = plan.count_unit(0)?;
/// assert!(count.unique <= count.total && count.total <= 8 * count.unique);
/// # Ok::<(), puzzles::queens::count::CountError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct UnitCount {
    /// The solutions of the unit's classes: each representative weighted by
    /// its class size.
    pub total: u64,
    /// The fundamental solutions (class representatives) in the unit,
    /// where the plan's method finds them
    /// ([`Method::finds_fundamentals`](super::Method::finds_fundamentals)):
    /// the quadrant counter leaves it 0.
    pub unique: u64,
    /// The placements the search made below the unit's prefix.
    pub nodes: u64,
}

/// Sums of unit counts, wide enough never to overflow.
///
/// # Example
///
/// ```
/// use puzzles::queens::count::{Tally, UnitCount};
///
/// let mut tally = Tally::default();
/// tally.add(UnitCount { total: 8, unique: 1, nodes: 40 });
/// tally.add(UnitCount { total: 4, unique: 1, nodes: 30 });
/// assert_eq!((tally.total, tally.unique, tally.nodes, tally.units), (12, 2, 70, 2));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tally {
    /// All solutions.
    pub total: u128,
    /// Fundamental solutions, where the plan's method finds them
    /// ([`Method::finds_fundamentals`](super::Method::finds_fundamentals)):
    /// the quadrant counter leaves it 0.
    pub unique: u128,
    /// Nodes visited.
    pub nodes: u128,
    /// Units added.
    pub units: u64,
}

impl Tally {
    /// Adds one unit's count.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::{Tally, UnitCount};
    ///
    /// let mut tally = Tally::default();
    /// tally.add(UnitCount { total: 2, unique: 1, nodes: 9 });
    /// assert_eq!(tally.units, 1);
    /// ```
    pub fn add(&mut self, count: UnitCount) {
        self.total += u128::from(count.total);
        self.unique += u128::from(count.unique);
        self.nodes += u128::from(count.nodes);
        self.units += 1;
    }

    /// Adds another tally.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::{Tally, UnitCount};
    ///
    /// let mut a = Tally::default();
    /// a.add(UnitCount { total: 8, unique: 1, nodes: 5 });
    /// let mut b = Tally::default();
    /// b.merge(&a);
    /// b.merge(&a);
    /// assert_eq!((b.total, b.units), (16, 2));
    /// ```
    pub fn merge(&mut self, other: &Tally) {
        self.total += other.total;
        self.unique += other.unique;
        self.nodes += other.nodes;
        self.units += other.units;
    }
}

impl FromIterator<UnitCount> for Tally {
    /// Sums unit counts.
    fn from_iter<I: IntoIterator<Item = UnitCount>>(counts: I) -> Tally {
        let mut tally = Tally::default();
        for count in counts {
            tally.add(count);
        }
        tally
    }
}
