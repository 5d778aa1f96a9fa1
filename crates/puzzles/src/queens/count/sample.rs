//! Samples of a plan's units and the projections made from them.

use super::plan::{CountPlan, quadrant_count};
use super::tally::{UnitCount, UnitId};
use crate::rng::SplitMix64;

/// One draw of a [`Sample`]: a subtree, what it stands for, its count and
/// the seconds it took.
///
/// # Example
///
/// ```
/// use puzzles::queens::count::CountPlan;
///
/// let plan = CountPlan::new(8, 2)?;
/// let sample = plan.count_sample(plan.len(), 0);
/// let first = &sample.draws[0];
/// assert_eq!(Some(&first.prefix[..]), plan.prefix(0));
/// // One unit of 16, drawn at random, stands for all 16.
/// assert_eq!(first.weight, 16.0);
/// assert_eq!(sample.draws.iter().map(|draw| draw.count.total).sum::<u64>(), 92);
/// # Ok::<(), puzzles::queens::count::CountError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
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
#[non_exhaustive]
pub struct Sample {
    /// How many units the plan has.
    pub plan_units: u64,
    /// Whether the draws are distinct units (else independent draws).
    pub without_replacement: bool,
    /// The draws.
    pub draws: Vec<SampledUnit>,
}

/// An estimate of a whole count's sum and its standard error.
///
/// # Example
///
/// ```
/// use puzzles::queens::count::CountPlan;
///
/// // Six units drawn of many: the true 724 lies within a few errors.
/// let plan = CountPlan::new(10, 2)?;
/// let total = plan.count_sample(6, 1).projection().total;
/// assert!(total.std_error > 0.0);
/// assert!((total.value - 724.0).abs() <= 3.0 * total.std_error);
/// # Ok::<(), puzzles::queens::count::CountError>(())
/// ```
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
///
/// # Example
///
/// ```
/// use puzzles::queens::count::CountPlan;
///
/// let plan = CountPlan::new(10, 2)?;
/// let projection = plan.count_sample(plan.len(), 0).projection();
/// assert_eq!((projection.sampled, projection.plan_units), (plan.len(), plan.len()));
/// // Every unit drawn: the projection is the count, with no error.
/// assert_eq!((projection.total.value, projection.unique.value), (724.0, 92.0));
/// assert_eq!(projection.nodes.value, projection.sample_nodes as f64);
/// assert_eq!(projection.total.std_error, 0.0);
/// # Ok::<(), puzzles::queens::count::CountError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
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

impl CountPlan {
    /// `size` distinct unit ids drawn uniformly at random (every unit when
    /// `size` is at least [`CountPlan::len`]), in increasing order. The draw
    /// is a function of `seed` and the plan alone, so a sample can be
    /// repeated anywhere.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let plan = CountPlan::new(12, 3)?;
    /// let ids = plan.sample_ids(5, 7);
    /// assert_eq!(ids.len(), 5);
    /// assert!(ids.windows(2).all(|w| w[0] < w[1]) && ids[4] < plan.len());
    /// assert_eq!(ids, plan.sample_ids(5, 7));
    /// assert_eq!(plan.sample_ids(u64::MAX, 7).len() as u64, plan.len());
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn sample_ids(&self, size: u64, seed: u64) -> Vec<UnitId> {
        let units = self.units;
        if size >= units {
            return self.ids().collect();
        }
        // Floyd's algorithm: `size` draws, each from one more id than the last.
        let mut random = self.random(seed);
        let mut chosen = std::collections::BTreeSet::new();
        for top in units - size..units {
            let pick = random.below(top + 1);
            if !chosen.insert(pick) {
                chosen.insert(top);
            }
        }
        chosen.into_iter().collect()
    }

    fn random(&self, seed: u64) -> SplitMix64 {
        SplitMix64(seed ^ (self.n as u64) << 56 ^ (self.depth as u64) << 48)
    }

    /// Counts and times, on the calling thread, the units
    /// [`CountPlan::sample_ids`] draws: the raw material of a
    /// [`Projection`] of the whole count. With every unit drawn the
    /// projection is the count itself.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let plan = CountPlan::new(12, 3)?;
    /// let sample = plan.count_sample(8, 1);
    /// assert_eq!(sample.draws.len(), 8);
    /// assert_eq!(sample.plan_units, plan.len());
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn count_sample(&self, size: u64, seed: u64) -> Sample {
        if let Some(quadrants) = &self.quadrants {
            // Built once for the whole count: not a draw's time.
            quadrants.prepare();
        }
        let draws = self
            .sample_ids(size, seed)
            .into_iter()
            .map(|id| match &self.quadrants {
                Some(quadrants) => {
                    let start = std::time::Instant::now();
                    let count = quadrant_count(quadrants, id, self.isa);
                    SampledUnit {
                        prefix: Vec::new(),
                        weight: self.units as f64,
                        nodes_above: 0.0,
                        count,
                        seconds: start.elapsed().as_secs_f64(),
                    }
                }
                None => {
                    let prefix = self.prefix(id).expect("sampled ids come from the plan");
                    self.count_draw(prefix.to_vec(), self.units as f64, 0.0)
                }
            })
            .collect();
        Sample {
            plan_units: self.units,
            without_replacement: true,
            draws,
        }
    }

    /// Counts and times `size` subtrees `depth` rows deep (at least the
    /// plan's split, at most `n`), each reached by drawing a unit uniformly
    /// at random and then, row by row, one of the placements below it
    /// uniformly at random (Knuth's estimator of a tree below the units):
    /// for counts whose units are too large to count even a few of. Each
    /// draw stands for `units × (choices at each row)` subtrees, and
    /// estimates the nodes of the rows it passes the same way; the draws
    /// are independent, so the [`Projection`]'s errors are the draws' spread
    /// over `√size`. A draw that dies before `depth` counts nothing below.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::CountPlan;
    ///
    /// let plan = CountPlan::new(12, 2)?;
    /// let projection = plan.count_sample_below(200, 5, 4).projection();
    /// let exact = plan.count_all();
    /// let error = (projection.total.value - exact.total as f64).abs();
    /// assert!(error <= 3.0 * projection.total.std_error);
    /// # Ok::<(), puzzles::queens::count::CountError>(())
    /// ```
    pub fn count_sample_below(&self, size: u64, seed: u64, depth: usize) -> Sample {
        if self.quadrants.is_some() {
            // Its units are rows of the whole board: there is nothing below them.
            return self.count_sample(size, seed);
        }
        let depth = depth.clamp(self.depth, self.n);
        let mut random = self.random(seed ^ 0x5eed_0000_0000_0000 ^ depth as u64);
        let draws = (0..if self.units == 0 { 0 } else { size })
            .map(|_| {
                let id = random.below(self.units);
                let mut prefix = self.prefix(id).expect("drawn from the plan").to_vec();
                let mut weight = self.units as f64;
                let mut above = 0.0;
                while prefix.len() < depth {
                    let children = self.candidates(&prefix);
                    let choices = children.count_ones();
                    weight *= f64::from(choices);
                    above += weight;
                    if choices == 0 {
                        break;
                    }
                    let pick = random.below(u64::from(choices));
                    let column = (0..pick).fold(children, |mask, _| mask & (mask - 1));
                    prefix.push(column.trailing_zeros() as u8);
                }
                self.count_draw(prefix, weight, above)
            })
            .collect();
        Sample {
            plan_units: self.units,
            without_replacement: false,
            draws,
        }
    }

    fn count_draw(&self, prefix: Vec<u8>, weight: f64, nodes_above: f64) -> SampledUnit {
        let start = std::time::Instant::now();
        let count = if weight == 0.0 {
            UnitCount::default()
        } else {
            self.count_below(&prefix, &|| false, self.lanes())
                .expect("a count that is never stopped ends")
        };
        SampledUnit {
            prefix,
            weight,
            nodes_above,
            count,
            seconds: start.elapsed().as_secs_f64(),
        }
    }
}
