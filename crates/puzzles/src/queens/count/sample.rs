//! Samples of a plan's units and the projections made from them.

use super::UnitCount;

/// A small, fast, seedable generator (Steele, Lea and Flood's SplitMix64):
/// enough to draw a sample, and stable across versions, unlike a crate's.
pub(super) struct SplitMix64(pub(super) u64);

impl SplitMix64 {
    pub(super) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (`bound > 0`), by multiplying and keeping the
    /// high word: biased by at most `bound / 2^64`, nothing a sample notices.
    pub(super) fn below(&mut self, bound: u64) -> u64 {
        ((u128::from(self.next()) * u128::from(bound)) >> 64) as u64
    }
}

/// One draw of a [`Sample`]: a subtree, what it stands for, its count and
/// the seconds it took.
#[derive(Clone, Debug, PartialEq)]
pub struct SampledUnit {
    /// The placed rows: a unit's prefix, or a longer one below a unit.
    pub prefix: Vec<u8>,
    /// How many subtrees of the whole count this one stands for (0 for a
    /// draw that died above its depth).
    pub weight: f64,
    /// The nodes between the units' rows and the prefix's that the draw
    /// stands for (already weighted).
    pub nodes_above: f64,
    /// What the subtree holds.
    pub count: UnitCount,
    /// Wall-clock seconds to count it on one thread.
    pub seconds: f64,
}

/// Subtrees drawn at random from a plan, counted and timed: see
/// [`CountPlan::count_sample`](super::CountPlan::count_sample) and [`CountPlan::count_sample_below`](super::CountPlan::count_sample_below).
///
/// # Example
///
/// ```
/// use puzzles::queens::count::CountPlan;
///
/// let plan = CountPlan::new(13, 3)?;
/// let projection = plan.count_sample(plan.len(), 0).projection();
/// // Every unit sampled: the projection is the count itself.
/// assert_eq!(projection.total.value, 73712.0);
/// assert_eq!(projection.total.std_error, 0.0);
/// # Ok::<(), puzzles::queens::count::CountError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// How many units the plan has.
    pub plan_units: u64,
    /// Whether the draws are distinct units (else independent draws).
    pub without_replacement: bool,
    /// The draws.
    pub draws: Vec<SampledUnit>,
}

/// An estimate of a whole count's sum and its standard error.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The estimate.
    pub value: f64,
    /// Its standard error: the true sum lies within two of them of the
    /// estimate about 95 times in 100.
    pub std_error: f64,
}

impl Estimate {
    /// The mean of unbiased estimates `draws` of a sum, and its standard
    /// error `s / √k` (`s` the draws' standard deviation, `k` their number),
    /// times `√(1 − k / N)` when they are `k` distinct units of `N`
    /// (`population`: a simple random sample without replacement, whose
    /// error is zero when every unit is drawn). Infinite from a single draw.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::Estimate;
    ///
    /// // Two of ten units, worth 1 and 3: ten times their mean.
    /// let estimate = Estimate::of_draws([10.0, 30.0], Some(10));
    /// assert_eq!(estimate.value, 20.0);
    /// assert!((estimate.std_error - 0.8f64.sqrt() * 10.0).abs() < 1e-9);
    /// assert_eq!(Estimate::of_draws([2.0, 6.0], Some(2)).std_error, 0.0);
    /// ```
    pub fn of_draws(draws: impl IntoIterator<Item = f64>, population: Option<u64>) -> Estimate {
        let draws: Vec<f64> = draws.into_iter().collect();
        let k = draws.len() as f64;
        if draws.is_empty() {
            let nothing = population == Some(0);
            return Estimate {
                value: if nothing { 0.0 } else { f64::NAN },
                std_error: if nothing { 0.0 } else { f64::INFINITY },
            };
        }
        let mean = draws.iter().sum::<f64>() / k;
        let correction = population.map_or(1.0, |big_n| (1.0 - k / big_n as f64).max(0.0));
        let std_error = if correction == 0.0 {
            0.0
        } else if draws.len() == 1 {
            f64::INFINITY
        } else {
            let variance = draws.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (k - 1.0);
            (variance / k * correction).sqrt()
        };
        Estimate {
            value: mean,
            std_error,
        }
    }
}

/// What a [`Sample`] says about the whole count.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Projection {
    /// Units in the plan.
    pub plan_units: u64,
    /// Subtrees drawn.
    pub sampled: u64,
    /// The sample's nodes.
    pub sample_nodes: u64,
    /// The sample's seconds, on one thread.
    pub sample_seconds: f64,
    /// Nanoseconds per node over the sample (0 when it has no node).
    pub ns_per_node: f64,
    /// The whole count's nodes.
    pub nodes: Estimate,
    /// The whole count's solutions.
    pub total: Estimate,
    /// The whole count's fundamental solutions.
    pub unique: Estimate,
    /// The whole count's seconds on one core of this machine.
    pub core_seconds: Estimate,
}

impl Sample {
    /// The whole count projected from the sample: nodes, solutions and
    /// one-core seconds, each by [`Estimate::of_draws`] over the draws'
    /// weighted values.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let plan = CountPlan::new(12, 3)?;
    /// let projection = plan.count_sample(40, 3).projection();
    /// let exact = plan.count_all().total as f64;
    /// assert!((projection.total.value - exact).abs() <= 3.0 * projection.total.std_error);
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn projection(&self) -> Projection {
        let population = self.without_replacement.then_some(self.plan_units);
        let estimate = |value: &dyn Fn(&SampledUnit) -> f64| {
            Estimate::of_draws(self.draws.iter().map(value), population)
        };
        let sample_nodes: u64 = self.draws.iter().map(|d| d.count.nodes).sum();
        // An empty float sum is -0.0.
        let sample_seconds: f64 = self.draws.iter().map(|d| d.seconds).sum::<f64>() + 0.0;
        Projection {
            plan_units: self.plan_units,
            sampled: self.draws.len() as u64,
            sample_nodes,
            sample_seconds,
            ns_per_node: if sample_nodes == 0 {
                0.0
            } else {
                sample_seconds * 1e9 / sample_nodes as f64
            },
            nodes: estimate(&|d| d.weight * d.count.nodes as f64 + d.nodes_above),
            total: estimate(&|d| d.weight * d.count.total as f64),
            unique: estimate(&|d| d.weight * d.count.unique as f64),
            core_seconds: estimate(&|d| d.weight * d.seconds),
        }
    }
}
