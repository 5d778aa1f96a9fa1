//! How ranks exchange messages: MPI in the binary, channels in the tests.

use std::collections::VecDeque;

/// Which way a message goes (MPI's tag).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tag {
    /// Coordinator to rank: [`Work`](crate::protocol::Work).
    Work = 1,
    /// Rank to coordinator: [`Report`](crate::protocol::Report).
    Report = 2,
}

/// Point-to-point messages between the ranks of one job. Rank 0 both
/// coordinates and counts, so it sends to itself too: a message to one's
/// own rank never leaves the process.
pub trait Link {
    /// How many ranks the job has.
    fn size(&self) -> usize;
    /// Sends `words` to rank `to`; returns without waiting for the receiver.
    fn send(&mut self, to: usize, tag: Tag, words: Vec<u64>);
    /// A message with `tag` that has arrived, and its sender; `None` at once
    /// when there is none.
    fn receive(&mut self, tag: Tag) -> Option<(usize, Vec<u64>)>;
}

/// Messages a process sends itself, by tag.
#[derive(Debug, Default)]
pub struct Loopback {
    work: VecDeque<Vec<u64>>,
    report: VecDeque<Vec<u64>>,
}

impl Loopback {
    /// Keeps a message for this process.
    pub fn push(&mut self, tag: Tag, words: Vec<u64>) {
        match tag {
            Tag::Work => self.work.push_back(words),
            Tag::Report => self.report.push_back(words),
        }
    }

    /// The oldest message with `tag`.
    pub fn pop(&mut self, tag: Tag) -> Option<Vec<u64>> {
        match tag {
            Tag::Work => self.work.pop_front(),
            Tag::Report => self.report.pop_front(),
        }
    }
}

/// MPI's world communicator as a [`Link`].
pub struct MpiLink {
    world: mpi::topology::SimpleCommunicator,
    rank: usize,
    size: usize,
    loopback: Loopback,
}

impl MpiLink {
    /// A link over `world`.
    pub fn new(world: mpi::topology::SimpleCommunicator) -> MpiLink {
        use mpi::traits::Communicator;
        let rank = usize::try_from(world.rank()).expect("ranks are not negative");
        let size = usize::try_from(world.size()).expect("sizes are not negative");
        MpiLink {
            world,
            rank,
            size,
            loopback: Loopback::default(),
        }
    }
}

impl MpiLink {
    /// Ends every rank of the job with `code`.
    pub fn abort(&self, code: i32) -> ! {
        use mpi::traits::Communicator;
        self.world.abort(code)
    }
}

impl Link for MpiLink {
    fn size(&self) -> usize {
        self.size
    }

    fn send(&mut self, to: usize, tag: Tag, words: Vec<u64>) {
        use mpi::traits::{Communicator, Destination};
        if to == self.rank {
            self.loopback.push(tag, words);
            return;
        }
        let to = i32::try_from(to).expect("ranks fit an MPI int");
        // Messages stay under the transports' eager limits (see
        // `protocol`), so a standard send returns at once.
        self.world
            .process_at_rank(to)
            .send_with_tag(&words[..], tag as i32);
    }

    fn receive(&mut self, tag: Tag) -> Option<(usize, Vec<u64>)> {
        use mpi::traits::{Communicator, MatchedReceiveVec, Source};
        if let Some(words) = self.loopback.pop(tag) {
            return Some((self.rank, words));
        }
        let probed = self
            .world
            .any_process()
            .immediate_matched_probe_with_tag(tag as i32)?;
        let (words, status) = probed.matched_receive_vec::<u64>();
        let from = usize::try_from(status.source_rank()).expect("ranks are not negative");
        Some((from, words))
    }
}

#[cfg(test)]
pub mod channels {
    //! In-process ranks for the tests: one channel per rank and tag.

    use std::sync::mpsc::{Receiver, Sender, channel};

    use super::{Link, Tag};

    type Envelope = (usize, Vec<u64>);

    /// One rank's end of a set of channel links.
    pub struct ChannelLink {
        rank: usize,
        senders: Vec<[Sender<Envelope>; 2]>,
        receivers: [Receiver<Envelope>; 2],
    }

    /// Links for `size` ranks, rank 0 first.
    pub fn links(size: usize) -> Vec<ChannelLink> {
        let mut senders = Vec::new();
        let mut receivers = Vec::new();
        for _ in 0..size {
            let (work_sender, work_receiver) = channel();
            let (report_sender, report_receiver) = channel();
            senders.push([work_sender, report_sender]);
            receivers.push([work_receiver, report_receiver]);
        }
        receivers
            .into_iter()
            .enumerate()
            .map(|(rank, receivers)| ChannelLink {
                rank,
                senders: senders.clone(),
                receivers,
            })
            .collect()
    }

    fn index(tag: Tag) -> usize {
        match tag {
            Tag::Work => 0,
            Tag::Report => 1,
        }
    }

    impl Link for ChannelLink {
        fn size(&self) -> usize {
            self.senders.len()
        }

        fn send(&mut self, to: usize, tag: Tag, words: Vec<u64>) {
            // A rank that has left drops its receivers; so would MPI's.
            let _ = self.senders[to][index(tag)].send((self.rank, words));
        }

        fn receive(&mut self, tag: Tag) -> Option<Envelope> {
            self.receivers[index(tag)].try_recv().ok()
        }
    }
}
