//! The progress bar of `puzzles queens N --count`: units done, solutions so
//! far, and a time left estimated from work rather than from unit counts.
//!
//! Units differ in size by a factor of a hundred and more, and not in the
//! order they are counted, so "units left × time per unit so far" is wrong by
//! a factor of 2 to 20 in either direction. Instead a background thread
//! counts a small systematic sample of the plan's work (about 2,000 subunits:
//! the units of the same board split two rows deeper, every k-th of them,
//! about 1% of the work) and credits each sampled subunit's nodes, times k,
//! to the unit it belongs to. The sum over the units not yet counted is an
//! unbiased estimate of the nodes left; divided by the nodes counted per
//! second in this run (units resumed from a checkpoint left out) it is the
//! time left. Until the sample is in, the bar falls back to units per second
//! in this run. Quadrant units cannot be split deeper: every k-th of them is
//! counted instead, about 1%, and stands for its stretch of the plan.

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle, TermLike};
use puzzles::queens::count::{CountPlan, MAX_SPLIT, Method, Tally, UnitCount, UnitId};

use crate::numbers::grouped;

/// How many subunits the sample counts: enough for an estimate within a few
/// percent on the boards measured (N = 16 to 18), little enough to cost
/// about 1% of the count.
const SAMPLES: u64 = 2000;

/// The largest deeper plan the sample draws from: its prefixes are held in
/// memory while the sample is counted.
const MAX_SAMPLE_PLAN: u64 = 4_000_000;

/// The nodes each unit is estimated to hold, for the units the sample
/// reached (others hold no sampled subunit and count as 0: the sample's
/// weight covers them).
pub(crate) type SampledSizes = HashMap<UnitId, f64>;

/// What the sample found: the work of the units, and in what measure.
#[derive(Debug)]
pub(crate) struct Sample {
    /// Each unit's estimated work.
    pub sizes: SampledSizes,
    /// Whether every unit has a size, in a measure of the sample's own
    /// (seconds, for quadrant units, whose time is not in proportion to
    /// their half-boards joined): then the work done is measured by the
    /// sample too. Otherwise sizes are nodes, and the work done is the
    /// nodes counted.
    pub every_unit: bool,
}

/// The time-left estimate: pure arithmetic on what the run has reported, so
/// that it can be checked with made-up timings.
#[derive(Debug, Default)]
pub(crate) struct Estimate {
    /// Units still to count in this run.
    units_left: u64,
    /// Units counted in this run (resumed ones are not).
    units_counted: u64,
    /// Nodes counted in this run.
    nodes_counted: f64,
    /// Sampled sizes of the units not yet counted, once the sample is in.
    sizes_left: Option<SampledSizes>,
    /// The units counted before the sample came in, to drop from it.
    counted_unsampled: Vec<UnitId>,
    /// Their sum.
    nodes_left: f64,
    /// Whether the work done is measured by the sample ([`Sample::every_unit`]).
    done_by_sample: bool,
    /// The sampled sizes of the units counted, in that case.
    sampled_done: f64,
    /// What a checkpoint handed over, for the bar's fill only: the time
    /// left is this run's rate at this run's work.
    resumed: Resumed,
}

/// The work of the units resumed from a checkpoint, in each of the
/// estimate's measures.
#[derive(Debug, Default)]
struct Resumed {
    units: u64,
    nodes: f64,
    /// Their sampled sizes, once the sample is in.
    sampled: f64,
    /// Whether a sample is being counted: until it is in, the resumed
    /// units are left out of the fill, as their share of the units is not
    /// their share of the work (43 % of the units of N = 19 were 31 % of
    /// its work, and the bar fell back when the sample came).
    sample_pending: bool,
}

impl Estimate {
    /// An estimate for a run that has `units_left` units to count.
    pub(crate) fn new(units_left: u64) -> Estimate {
        Estimate {
            units_left,
            ..Estimate::default()
        }
    }

    /// This estimate for a run that resumed `units` units holding `nodes`
    /// nodes: the bar's fill starts at their share.
    pub(crate) fn after(mut self, units: u64, nodes: u128) -> Estimate {
        self.resumed.units = units;
        self.resumed.nodes = nodes as f64;
        self
    }

    /// Says whether a sample of the work is being counted (see
    /// [`Resumed::sample_pending`]).
    pub(crate) fn sample_pending(&mut self, pending: bool) {
        self.resumed.sample_pending = pending;
    }

    /// Takes the sample's sizes of the units this run counts (the caller
    /// leaves out resumed units and units not asked for); those counted
    /// already are dropped from it.
    #[cfg(test)]
    pub(crate) fn sampled(&mut self, sizes: SampledSizes) {
        self.sampled_as(sizes, false, 0.0);
    }

    /// [`Estimate::sampled`], the work done measured by the sample when
    /// `done_by_sample` ([`Sample::every_unit`]); `resumed` is the sampled
    /// size of the resumed units.
    pub(crate) fn sampled_as(
        &mut self,
        mut sizes: SampledSizes,
        done_by_sample: bool,
        resumed: f64,
    ) {
        self.resumed.sampled = resumed;
        self.resumed.sample_pending = false;
        for id in std::mem::take(&mut self.counted_unsampled) {
            self.sampled_done += sizes.remove(&id).unwrap_or(0.0);
        }
        self.nodes_left = sizes.values().sum();
        self.sizes_left = Some(sizes);
        self.done_by_sample = done_by_sample;
    }

    /// Records a unit counted in this run.
    pub(crate) fn counted(&mut self, id: UnitId, nodes: u64) {
        self.units_left = self.units_left.saturating_sub(1);
        self.units_counted += 1;
        self.nodes_counted += nodes as f64;
        match &mut self.sizes_left {
            Some(sizes) => {
                if let Some(size) = sizes.remove(&id) {
                    self.nodes_left = (self.nodes_left - size).max(0.0);
                    self.sampled_done += size;
                }
            }
            None => self.counted_unsampled.push(id),
        }
    }

    /// The time left after `elapsed` of counting in this run: the nodes left
    /// at this run's rate once the sample is in, the units left at this
    /// run's rate before. `None` before anything was counted.
    pub(crate) fn time_left(&self, elapsed: Duration) -> Option<Duration> {
        if self.units_left == 0 {
            return Some(Duration::ZERO);
        }
        let (left, done) = match &self.sizes_left {
            Some(_) if self.done_by_sample && self.sampled_done > 0.0 => {
                (self.nodes_left, self.sampled_done)
            }
            Some(_) if !self.done_by_sample && self.nodes_counted > 0.0 => {
                (self.nodes_left, self.nodes_counted)
            }
            _ if self.units_counted > 0 => (self.units_left as f64, self.units_counted as f64),
            _ => return None,
        };
        // Before a hundredth of the work, the rate is mostly the start's
        // (threads starting, caches filling): 225 hours were shown for a
        // count of ten minutes.
        if done * 100.0 < done + left {
            return None;
        }
        Duration::try_from_secs_f64(elapsed.as_secs_f64() * left / done).ok()
    }

    /// The share of the work done, resumed units included, from 0 to 1
    /// (by units until the sample is in).
    pub(crate) fn fraction_done(&self) -> f64 {
        let resumed = &self.resumed;
        let (done, left) = match &self.sizes_left {
            Some(_) if self.done_by_sample => {
                (self.sampled_done + resumed.sampled, self.nodes_left)
            }
            Some(_) => (self.nodes_counted + resumed.nodes, self.nodes_left),
            None if resumed.sample_pending => (self.units_counted as f64, self.units_left as f64),
            None => (
                (self.units_counted + resumed.units) as f64,
                self.units_left as f64,
            ),
        };
        if done + left == 0.0 {
            return 1.0;
        }
        done / (done + left)
    }
}

/// Counts the sample for `plan`: every k-th unit of the plan split two rows
/// deeper (one row, or the plan itself, where that plan would be too large),
/// each credited with k times its nodes, on the unit whose prefix it
/// extends. `None` where the sample would be most of the work (small
/// boards) or when `stop` is set first.
pub(crate) fn sample_sizes(plan: &CountPlan, stop: &AtomicBool) -> Option<Sample> {
    if plan.method() == Method::Quadrants {
        return quadrant_sizes(plan, stop).map(|sizes| Sample {
            sizes,
            every_unit: true,
        });
    }
    let depth = plan.split().min(plan.n());
    let deeper = (0..=2)
        .rev()
        .filter(|extra| depth + extra <= plan.n().min(MAX_SPLIT))
        .find(|&extra| {
            let rows_left = plan.n().saturating_sub(depth) as u64;
            plan.len()
                .saturating_mul(rows_left.saturating_pow(extra as u32))
                <= MAX_SAMPLE_PLAN
        })?;
    let deep = CountPlan::pieces(plan.rules(), depth + deeper)
        .ok()?
        .with_isa(plan.isa());
    // A sample of a twentieth or more would cost more than it is worth.
    if deep.len() < 20 * SAMPLES {
        return None;
    }
    let stride = deep.len() / SAMPLES;
    let mut sizes = SampledSizes::new();
    let mut owner: UnitId = 0;
    let mut id = stride / 2;
    while id < deep.len() {
        let prefix = deep.prefix(id)?;
        // Both lists are in lexicographic order: the owner only moves on.
        while plan.prefix(owner)? != &prefix[..depth] {
            owner += 1;
        }
        let UnitCount { nodes, .. } = deep.count_unit_until(id, stop).ok()??;
        *sizes.entry(owner).or_default() += nodes as f64 * stride as f64;
        id += stride;
    }
    Some(Sample {
        sizes,
        every_unit: false,
    })
}

/// Counts the sample for a quadrant plan: its units cannot be split
/// deeper, and they grow along the plan (at N = 20 a bar by units ran a
/// third short), so every k-th unit is counted, about 1% of them, and each
/// unit is given the seconds the sampled unit of its stretch took (their
/// half-boards joined ran a third short too: later ones take longer each).
/// `None` for plans of under 2,000 units, which take a second.
fn quadrant_sizes(plan: &CountPlan, stop: &AtomicBool) -> Option<SampledSizes> {
    let units = plan.len();
    let samples = (units / 100).min(SAMPLES);
    if samples < 20 {
        return None;
    }
    let stride = units / samples;
    // The first unit counted builds the plan's table of half-boards (or
    // waits for a counting thread to): not a unit's own time.
    plan.count_unit_until(0, stop).ok()??;
    let mut sizes = SampledSizes::new();
    for stretch in 0..samples {
        let first = stretch * stride;
        let end = if stretch + 1 == samples {
            units
        } else {
            first + stride
        };
        let started = Instant::now();
        plan.count_unit_until(first + stride / 2, stop).ok()??;
        let seconds = started.elapsed().as_secs_f64();
        sizes.extend((first..end).map(|id| (id, seconds)));
    }
    Some(sizes)
}

/// The bar on standard error, hidden when standard error is no terminal.
pub(crate) struct Progress {
    bar: ProgressBar,
    estimate: Arc<Mutex<Estimate>>,
    /// Whether the bar is drawn at all.
    shown: bool,
    /// When the bar's state was last updated for a counted unit.
    last_update: Mutex<Option<Instant>>,
    /// What the count counts: "solutions", or "completions" of given pieces.
    counted: &'static str,
}

/// The most frames the bar draws in a second.
const REDRAWS_PER_SECOND: u8 = 20;

/// Where the bar's fill is drawn: tenths of a per mille.
const BAR_STEPS: u64 = 10_000;

impl Progress {
    /// A bar for a run that counts `units_left` of `units` units (the rest
    /// resumed, holding `resumed`), drawn when `shown`; `counted` names
    /// what is counted ("solutions").
    pub(crate) fn new(
        shown: bool,
        units: u64,
        units_left: u64,
        resumed: &Tally,
        counted: &'static str,
    ) -> Progress {
        let shown = shown && crate::redraw::stderr_redraws();
        let mut estimate = Estimate::new(units_left).after(units - units_left, resumed.nodes);
        // A bar that is drawn gets a sample (the caller counts it beside the
        // run, or says that none will come).
        estimate.sample_pending(shown);
        let estimate = Arc::new(Mutex::new(estimate));
        if !shown {
            return Progress {
                bar: ProgressBar::hidden(),
                estimate,
                shown,
                last_update: Mutex::new(None),
                counted,
            };
        }
        let started = Instant::now();
        let for_key = Arc::clone(&estimate);
        let bar = ProgressBar::with_draw_target(
            Some(BAR_STEPS),
            // At most 20 frames a second, however fast units finish: a frame
            // per unit was 13,027 frames, 1.1 MB of standard error, in 22 s.
            ProgressDrawTarget::term_like_with_hz(
                Box::new(ShortOfTheEdge(console::Term::stderr())),
                REDRAWS_PER_SECOND,
            ),
        );
        bar.set_style(
            ProgressStyle::with_template("{elapsed_precise} [{wide_bar}] {msg} · ETA {time_left}")
                .expect("the template is valid")
                .with_key(
                    "time_left",
                    move |_: &ProgressState, out: &mut dyn std::fmt::Write| {
                        let estimate = for_key.lock().unwrap_or_else(PoisonError::into_inner);
                        let _ = match estimate.time_left(started.elapsed()) {
                            Some(left) => write!(out, "{}", clock(left)),
                            None => write!(out, "…"),
                        };
                    },
                )
                .progress_chars("=> "),
        );
        let progress = Progress {
            bar,
            estimate,
            shown,
            last_update: Mutex::new(None),
            counted,
        };
        progress.show(units - units_left, units, resumed);
        progress.bar.enable_steady_tick(Duration::from_millis(250));
        progress
    }

    /// Whether the bar is drawn (and so wants a sample).
    pub(crate) fn shown(&self) -> bool {
        self.shown
    }

    /// Says that no sample of the work will come, after all.
    pub(crate) fn no_sample(&self) {
        self.lock().sample_pending(false);
    }

    /// Hands the sample of the units this run counts to the estimate, with
    /// the sampled size of the resumed ones.
    pub(crate) fn sampled(&self, sample: Sample, resumed: f64) {
        self.lock()
            .sampled_as(sample.sizes, sample.every_unit, resumed);
    }

    /// Records unit `id`, counted in this run; `tally` is the sum so far
    /// (resumed units included), of `units`.
    pub(crate) fn counted(&self, id: UnitId, count: UnitCount, tally: &Tally, units: u64) {
        self.lock().counted(id, count.nodes);
        // Units can finish thousands of times a second; the bar shows their
        // sum at most [`REDRAWS_PER_SECOND`] times a second (the draw
        // target's own limit lets a burst of 20 frames through first).
        if self.shown && (tally.units == units || self.update_due()) {
            self.show(tally.units, units, tally);
        }
    }

    /// Whether a frame's time has passed since the last update (and if so,
    /// this is the update).
    fn update_due(&self) -> bool {
        let mut last = self
            .last_update
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let frame = Duration::from_secs(1) / u32::from(REDRAWS_PER_SECOND);
        let due = last.is_none_or(|at| at.elapsed() >= frame);
        if due {
            *last = Some(Instant::now());
        }
        due
    }

    fn show(&self, done: u64, units: u64, tally: &Tally) {
        let fraction = self.lock().fraction_done();
        // The message first: a new position draws a frame at once, and the
        // first frame was drawn without its text.
        self.bar.set_message(format!(
            "{}/{} units · {} {}",
            grouped(done),
            grouped(units),
            grouped(tally.total),
            self.counted
        ));
        self.bar.set_position((fraction * BAR_STEPS as f64) as u64);
    }

    /// Removes the bar, so that what follows starts on a clean line.
    pub(crate) fn clear(&self) {
        self.bar.finish_and_clear();
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Estimate> {
        self.estimate.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Standard error as a terminal two columns narrower than it is. A bar that
/// filled every column would leave the cursor at the edge, where the `^C`
/// the terminal echoes on Ctrl-C wraps onto a new line; clearing the bar
/// then clears that line and leaves the last frame above the message.
#[derive(Debug)]
struct ShortOfTheEdge(console::Term);

/// The columns left free at the end of the bar's line.
const FREE_COLUMNS: u16 = 2;

impl TermLike for ShortOfTheEdge {
    fn width(&self) -> u16 {
        narrower(self.0.size().1)
    }
    fn height(&self) -> u16 {
        self.0.size().0
    }
    fn move_cursor_up(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_up(n)
    }
    fn move_cursor_down(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_down(n)
    }
    fn move_cursor_right(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_right(n)
    }
    fn move_cursor_left(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_left(n)
    }
    fn write_line(&self, line: &str) -> std::io::Result<()> {
        self.0.write_line(line)
    }
    fn write_str(&self, text: &str) -> std::io::Result<()> {
        self.0.write_str(text)
    }
    fn clear_line(&self) -> std::io::Result<()> {
        self.0.clear_line()
    }
    fn flush(&self) -> std::io::Result<()> {
        self.0.flush()
    }
}

/// The width the bar may fill on a terminal `columns` wide.
fn narrower(columns: u16) -> u16 {
    columns.saturating_sub(FREE_COLUMNS).max(1)
}

/// `1:02:03` for an hour, `02:03` below.
fn clock(left: Duration) -> String {
    let seconds = left.as_secs();
    let (hours, minutes, seconds) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if hours > 0 {
        format!("{hours}:{minutes:02}:{seconds:02}")
    } else {
        format!("{minutes:02}:{seconds:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Units counted one after another, each taking as long as its size:
    /// after each, the estimate against the true time left.
    fn replay(sizes: &[f64], sampled: bool) -> Vec<(f64, f64)> {
        let mut estimate = Estimate::new(sizes.len() as u64);
        if sampled {
            estimate.sampled(
                sizes
                    .iter()
                    .enumerate()
                    .map(|(id, &size)| (id as u64, size))
                    .collect(),
            );
        }
        let total: f64 = sizes.iter().sum();
        let mut elapsed = 0.0;
        let mut seen = Vec::new();
        for (id, &size) in sizes.iter().enumerate() {
            estimate.counted(id as u64, size as u64);
            elapsed += size;
            // No estimate yet (before a hundredth of the work): NaN.
            let left = estimate
                .time_left(Duration::from_secs_f64(elapsed))
                .map_or(f64::NAN, |left| left.as_secs_f64());
            seen.push((left, total - elapsed));
        }
        seen
    }

    #[test]
    fn skewed_units_are_estimated_by_their_work() {
        // Two large units, then eight small ones: after the first, 108 s are
        // left; units per second would say 9 × 100 = 900 s.
        let sizes = [100.0, 100.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0];
        for (estimated, truth) in replay(&sizes, true) {
            assert!(
                (estimated - truth).abs() < 1e-6,
                "{estimated} s for {truth} s"
            );
        }
        let (by_units, truth) = replay(&sizes, false)[0];
        assert!(by_units > 8.0 * truth, "{by_units} s for {truth} s");
    }

    #[test]
    fn small_units_first_do_not_promise_an_early_end() {
        // The N = 17: early units smaller than the rest.
        let sizes: Vec<f64> = (1..=50).map(|size| size as f64).collect();
        let (estimated, truth) = replay(&sizes, true)[4];
        assert!((estimated - truth).abs() < 1e-6);
        let (by_units, _) = replay(&sizes, false)[4];
        assert!(by_units < truth / 5.0, "{by_units} s for {truth} s");
    }

    #[test]
    fn resumed_units_do_not_count_as_this_runs_work() {
        // 90 of 100 equal units were resumed; this run counts one in 5 s.
        let mut estimate = Estimate::new(10);
        let sizes = (90..100).map(|id| (id, 10.0)).collect();
        estimate.sampled(sizes);
        estimate.counted(90, 10);
        let left = estimate.time_left(Duration::from_secs(5)).unwrap();
        assert_eq!(left, Duration::from_secs(45));
        // Before the sample: the same from units, this run's only.
        let mut estimate = Estimate::new(10);
        estimate.counted(90, 10);
        assert_eq!(
            estimate.time_left(Duration::from_secs(5)),
            Some(Duration::from_secs(45))
        );
    }

    /// The bar showed "90/100 units" over an empty fill: the fill was this
    /// run's share of its own work.
    #[test]
    fn resumed_units_fill_the_bar() {
        // 90 of 100 units resumed, 900 nodes; this run counts 10 of 10.
        let mut estimate = Estimate::new(10).after(90, 900);
        assert_eq!(estimate.fraction_done(), 0.9);
        estimate.counted(90, 10);
        assert_eq!(estimate.fraction_done(), 0.91);
        // Nodes from the sample: the resumed nodes count as done.
        let mut by_nodes = Estimate::new(10).after(90, 900);
        by_nodes.sampled((90..100).map(|id| (id, 10.0)).collect());
        assert_eq!(by_nodes.fraction_done(), 0.9);
        by_nodes.counted(90, 10);
        assert_eq!(by_nodes.fraction_done(), 0.91);
        // While a sample is being counted the resumed units are left out:
        // their share of the units is not their share of the work.
        let mut pending = Estimate::new(10).after(90, 900);
        pending.sample_pending(true);
        assert_eq!(pending.fraction_done(), 0.0);
        pending.counted(90, 10);
        assert_eq!(pending.fraction_done(), 0.1);
        pending.sampled_as((90..100).map(|id| (id, 1.0)).collect(), true, 30.0);
        assert_eq!(pending.fraction_done(), 31.0 / 40.0);
        // Work measured by the sample: the resumed units' sampled size.
        let mut by_sample = Estimate::new(10).after(90, 123);
        by_sample.sampled_as((90..100).map(|id| (id, 1.0)).collect(), true, 30.0);
        assert_eq!(by_sample.fraction_done(), 0.75);
        by_sample.counted(90, 7);
        assert_eq!(by_sample.fraction_done(), 31.0 / 40.0);
        // The time left is still this run's work at this run's rate.
        assert_eq!(
            by_sample.time_left(Duration::from_secs(2)),
            Some(Duration::from_secs(18))
        );
    }

    #[test]
    fn units_counted_before_the_sample_came_in_are_not_left() {
        let mut estimate = Estimate::new(3);
        estimate.counted(0, 50);
        estimate.sampled(SampledSizes::from([(0, 50.0), (1, 30.0), (2, 20.0)]));
        // 50 nodes in 5 s; 50 left.
        assert_eq!(
            estimate.time_left(Duration::from_secs(5)),
            Some(Duration::from_secs(5))
        );
        assert_eq!(estimate.fraction_done(), 0.5);
    }

    #[test]
    fn no_estimate_before_a_hundredth_of_the_work() {
        // One unit of 176,484 counted after seconds of starting up.
        let mut estimate = Estimate::new(176_484);
        estimate.counted(0, 10);
        assert_eq!(estimate.time_left(Duration::from_secs(4)), None);
        for id in 1..1765 {
            estimate.counted(id, 10);
        }
        assert!(estimate.time_left(Duration::from_secs(5)).is_some());
    }

    #[test]
    fn nothing_counted_yet_has_no_estimate_and_done_is_done() {
        let estimate = Estimate::new(3);
        assert_eq!(estimate.time_left(Duration::from_secs(1)), None);
        assert_eq!(estimate.fraction_done(), 0.0);
        let mut estimate = Estimate::new(1);
        estimate.counted(0, 5);
        assert_eq!(
            estimate.time_left(Duration::from_secs(9)),
            Some(Duration::ZERO)
        );
        assert_eq!(estimate.fraction_done(), 1.0);
    }

    #[test]
    fn the_sample_estimates_the_work_of_a_real_plan() {
        // N = 15 split after 4 rows: the sample's total against the nodes
        // every unit really holds.
        let plan = CountPlan::new(15, 4).unwrap();
        let sample = sample_sizes(&plan, &AtomicBool::new(false)).expect("large enough to sample");
        assert!(!sample.every_unit);
        let estimated: f64 = sample.sizes.values().sum();
        let real = plan.count_all().nodes as f64;
        assert!(
            (estimated / real - 1.0).abs() < 0.05,
            "{estimated} for {real}"
        );
        // A plan too small to sample gets none.
        assert!(sample_sizes(&CountPlan::new(8, 2).unwrap(), &AtomicBool::new(false)).is_none());
    }

    #[test]
    fn the_sample_estimates_the_work_of_a_quadrant_plan() {
        // N = 16 joined by quarter-boards: 3,299 units, 32 of them counted,
        // each standing for its stretch of the plan.
        let plan = CountPlan::quadrants(16).unwrap();
        let stop = AtomicBool::new(false);
        let sample = sample_sizes(&plan, &stop).expect("large enough to sample");
        assert!(sample.every_unit);
        assert_eq!(sample.sizes.len() as u64, plan.len());
        let estimated: f64 = sample.sizes.values().sum();
        let started = Instant::now();
        plan.count_all();
        let real = started.elapsed().as_secs_f64();
        // Seconds, on a machine that other tests share: the right order
        // of magnitude, where a units-alike bar has no estimate at all.
        assert!(
            estimated > real / 4.0 && estimated < real * 4.0,
            "{estimated} s for {real} s"
        );
        // The work done is measured by the sample: half the units' sizes
        // counted, half left.
        let mut estimate = Estimate::new(4);
        estimate.sampled_as(
            SampledSizes::from([(0, 1.0), (1, 1.0), (2, 3.0), (3, 3.0)]),
            true,
            0.0,
        );
        estimate.counted(0, 1_000);
        estimate.counted(2, 1);
        assert_eq!(estimate.fraction_done(), 0.5);
        assert_eq!(
            estimate.time_left(Duration::from_secs(10)),
            Some(Duration::from_secs(10))
        );
    }

    #[test]
    fn the_bar_leaves_room_for_the_echo_of_ctrl_c() {
        assert_eq!(narrower(80), 78);
        assert_eq!(narrower(1), 1);
    }

    #[test]
    fn clocks_read_as_minutes_and_hours() {
        assert_eq!(clock(Duration::from_secs(75)), "01:15");
        assert_eq!(clock(Duration::from_secs(3 * 3600 + 62)), "3:01:02");
    }
}
