//! The messages between the coordinator (rank 0) and the counting ranks.
//!
//! Each message is one buffer of `u64` words, sent with MPI's own
//! point-to-point calls; the first word says what it is. Every message is
//! small (at most [`MAX_BATCH`] ids or [`MAX_REPORT_UNITS`] results), so
//! MPI delivers it eagerly and a send never waits for the receiver.
//!
//! Coordinator to a rank ([`Work`]): a batch of unit ids to count, "finish"
//! (count what you hold, then say goodbye), "abandon" (stop now, say
//! goodbye) and, once the goodbye is in, "done" (nothing more will come).
//!
//! A rank to the coordinator ([`Report`]): finished units with their
//! counts, how many of its batches are complete (the coordinator sends as
//! many new ones), and whether this is its goodbye.

use puzzles::queens::count::{CountPlan, UnitCount, UnitId};

/// The most unit ids in one batch: 2 KiB of ids, under the smallest eager
/// limit of the usual MPI transports (4 KiB for shared memory).
pub const MAX_BATCH: usize = 256;

/// The most unit results in one report (32 bytes each, under 4 KiB).
pub const MAX_REPORT_UNITS: usize = 96;

/// What the coordinator tells a rank.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Work {
    /// Count these units.
    Batch(Vec<UnitId>),
    /// No more batches: count the ones held, report them, say goodbye.
    Finish,
    /// Stop counting now, report what is finished, say goodbye.
    Abandon,
    /// The goodbye was received; nothing more will be sent.
    Done,
}

const WORK_BATCH: u64 = 0;
const WORK_FINISH: u64 = 1;
const WORK_ABANDON: u64 = 2;
const WORK_DONE: u64 = 3;

impl Work {
    /// The message's words.
    pub fn encode(&self) -> Vec<u64> {
        match self {
            Work::Batch(ids) => {
                let mut words = Vec::with_capacity(ids.len() + 1);
                words.push(WORK_BATCH);
                words.extend_from_slice(ids);
                words
            }
            Work::Finish => vec![WORK_FINISH],
            Work::Abandon => vec![WORK_ABANDON],
            Work::Done => vec![WORK_DONE],
        }
    }

    /// Reads a message for a plan of `units` units.
    pub fn decode(words: &[u64], units: u64) -> Result<Work, String> {
        let (&kind, rest) = words
            .split_first()
            .ok_or("an empty work message".to_string())?;
        let bare = |work: Work| {
            if rest.is_empty() {
                Ok(work)
            } else {
                Err(format!(
                    "work message {kind} has {} extra words",
                    rest.len()
                ))
            }
        };
        match kind {
            WORK_BATCH => {
                if rest.is_empty() || rest.len() > MAX_BATCH {
                    return Err(format!("a batch of {} units", rest.len()));
                }
                if let Some(&id) = rest.iter().find(|&&id| id >= units) {
                    return Err(format!("unit {id} is beyond the plan's {units} units"));
                }
                Ok(Work::Batch(rest.to_vec()))
            }
            WORK_FINISH => bare(Work::Finish),
            WORK_ABANDON => bare(Work::Abandon),
            WORK_DONE => bare(Work::Done),
            other => Err(format!("unknown work message kind {other}")),
        }
    }
}

/// Whether a report is a rank's last.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReportEnd {
    /// More reports will follow.
    Progress,
    /// The rank has stopped counting, as it was told.
    Goodbye,
    /// The rank was interrupted (a signal) and has stopped counting.
    Interrupted,
}

/// What a rank tells the coordinator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// Batches completed since the last report.
    pub batches_done: u64,
    /// Units finished since the last report, with their counts.
    pub units: Vec<(UnitId, UnitCount)>,
    /// Whether the rank is leaving.
    pub end: ReportEnd,
}

const REPORT_PROGRESS: u64 = 0;
const REPORT_GOODBYE: u64 = 1;
const REPORT_INTERRUPTED: u64 = 2;

impl Report {
    /// The message's words: kind, batches done, then four words a unit.
    pub fn encode(&self) -> Vec<u64> {
        let kind = match self.end {
            ReportEnd::Progress => REPORT_PROGRESS,
            ReportEnd::Goodbye => REPORT_GOODBYE,
            ReportEnd::Interrupted => REPORT_INTERRUPTED,
        };
        let mut words = Vec::with_capacity(2 + 4 * self.units.len());
        words.extend([kind, self.batches_done]);
        for &(id, count) in &self.units {
            words.extend([id, count.total, count.unique, count.nodes]);
        }
        words
    }

    /// Reads a report for a plan of `units` units, refusing ids beyond it and
    /// counts no unit of `scheme` can have.
    pub fn decode(words: &[u64], units: u64, scheme: &str) -> Result<Report, String> {
        let [kind, batches_done, rest @ ..] = words else {
            return Err(format!("a report of {} words", words.len()));
        };
        let end = match *kind {
            REPORT_PROGRESS => ReportEnd::Progress,
            REPORT_GOODBYE => ReportEnd::Goodbye,
            REPORT_INTERRUPTED => ReportEnd::Interrupted,
            other => return Err(format!("unknown report kind {other}")),
        };
        if rest.len() % 4 != 0 || rest.len() / 4 > MAX_REPORT_UNITS {
            return Err(format!("a report with {} result words", rest.len()));
        }
        let mut found = Vec::with_capacity(rest.len() / 4);
        for chunk in rest.chunks_exact(4) {
            let &[id, total, unique, nodes] = chunk else {
                unreachable!("chunks of four")
            };
            if id >= units {
                return Err(format!("unit {id} is beyond the plan's {units} units"));
            }
            if !CountPlan::counts_possible(scheme, u128::from(total), u128::from(unique)) {
                return Err(format!(
                    "unit {id} has impossible counts (total {total}, unique {unique})"
                ));
            }
            found.push((
                id,
                UnitCount {
                    total,
                    unique,
                    nodes,
                },
            ));
        }
        Ok(Report {
            batches_done: *batches_done,
            units: found,
            end,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use puzzles::queens::count::SCHEME;
    use puzzles::queens::quadrants;

    #[test]
    fn work_round_trips() {
        for work in [
            Work::Batch(vec![0, 5, 9]),
            Work::Finish,
            Work::Abandon,
            Work::Done,
        ] {
            assert_eq!(Work::decode(&work.encode(), 10), Ok(work));
        }
    }

    #[test]
    fn bad_work_is_refused() {
        assert!(Work::decode(&[], 10).is_err());
        assert!(Work::decode(&[WORK_BATCH], 10).is_err());
        assert!(Work::decode(&[WORK_BATCH, 10], 10).is_err());
        assert!(Work::decode(&[WORK_FINISH, 1], 10).is_err());
        assert!(Work::decode(&[7], 10).is_err());
        let too_many: Vec<u64> = std::iter::once(WORK_BATCH)
            .chain(0..MAX_BATCH as u64 + 1)
            .collect();
        assert!(Work::decode(&too_many, 1000).is_err());
    }

    #[test]
    fn bad_reports_are_refused() {
        let good = Report {
            batches_done: 1,
            units: vec![(
                3,
                UnitCount {
                    total: 16,
                    unique: 2,
                    nodes: 99,
                },
            )],
            end: ReportEnd::Goodbye,
        };
        assert_eq!(Report::decode(&good.encode(), 4, SCHEME), Ok(good.clone()));
        assert!(
            Report::decode(&good.encode(), 3, SCHEME).is_err(),
            "id out of range"
        );
        let mut words = good.encode();
        words[3] = 17; // 17 solutions in 2 classes
        assert!(Report::decode(&words, 4, SCHEME).is_err());
        words.pop();
        assert!(Report::decode(&words, 4, SCHEME).is_err(), "a cut result");
        assert!(Report::decode(&[5, 0], 4, SCHEME).is_err(), "unknown kind");
        assert!(Report::decode(&[0], 4, SCHEME).is_err());
        // A quadrant unit reports no classes; one that does is refused.
        let quadrant = [REPORT_PROGRESS, 0, 1, 32, 0, 9];
        assert!(Report::decode(&quadrant, 4, quadrants::SCHEME).is_ok());
        assert!(Report::decode(&quadrant, 4, SCHEME).is_err());
        assert!(Report::decode(&[REPORT_PROGRESS, 0, 1, 32, 4, 9], 4, quadrants::SCHEME).is_err());
        // Other boards' units report the classes of the solutions they
        // stand for whose smallest they hold: none, or all, but no more.
        let kings = [REPORT_PROGRESS, 0, 1, 32, 0, 9];
        assert!(Report::decode(&kings, 4, "kings-rows-1").is_ok());
        assert!(Report::decode(&[REPORT_PROGRESS, 0, 1, 3, 4, 9], 4, "kings-rows-1").is_err());
    }

    proptest! {
        #[test]
        fn arbitrary_words_decode_or_give_a_reason(words in proptest::collection::vec(any::<u64>(), 0..40), units in 0u64..50) {
            match Work::decode(&words, units) {
                Ok(work) => prop_assert_eq!(work.encode(), words.clone()),
                Err(message) => prop_assert!(!message.is_empty()),
            }
            match Report::decode(&words, units, SCHEME) {
                Ok(report) => prop_assert_eq!(report.encode(), words),
                Err(message) => prop_assert!(!message.is_empty()),
            }
        }

        #[test]
        fn small_words_decode_or_give_a_reason(words in proptest::collection::vec(0u64..4, 0..12)) {
            match Report::decode(&words, 3, SCHEME) {
                Ok(report) => prop_assert_eq!(report.encode(), words.clone()),
                Err(message) => prop_assert!(!message.is_empty()),
            }
            if let Ok(work) = Work::decode(&words, 3) {
                prop_assert_eq!(work.encode(), words);
            }
        }
    }
}
