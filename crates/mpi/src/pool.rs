//! The counting threads of one rank: a queue of unit ids, filled by the
//! rank's main thread (which alone talks MPI), emptied by threads that
//! count each unit with the library's kernel.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::{JoinHandle, Thread};

use puzzles::queens::count::{CountPlan, UnitCount, UnitId};

/// One counted unit and the batch it came in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Finished {
    /// The batch's number, as given to [`Pool::push`].
    pub batch: u64,
    /// The unit.
    pub id: UnitId,
    /// Its count.
    pub count: UnitCount,
}

#[derive(Default)]
struct Queue {
    units: VecDeque<(u64, UnitId)>,
    /// No more units will be pushed: threads leave when the queue is empty.
    closed: bool,
    /// Threads counting a unit now.
    busy: usize,
    /// Units not yet finished (or dropped), by batch.
    left: HashMap<u64, usize>,
}

struct Shared {
    queue: Mutex<Queue>,
    ready: Condvar,
    /// Abandon the units being counted.
    stop: AtomicBool,
    /// The rank's main thread, woken when a batch is complete so that it
    /// reports at once instead of at its next poll.
    waker: Thread,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Queue> {
        // A counting thread cannot panic while holding the lock (and a panic
        // aborts the process anyway), so a poisoned lock is still consistent.
        self.queue
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// Counting threads fed with unit ids.
pub struct Pool {
    shared: Arc<Shared>,
    results: mpsc::Receiver<Finished>,
    threads: Vec<JoinHandle<()>>,
}

impl Pool {
    /// Starts `threads` counting threads (at least one) for `plan`; they
    /// unpark `waker` whenever they complete a batch.
    pub fn start(plan: Arc<CountPlan>, threads: usize, waker: Thread) -> std::io::Result<Pool> {
        let shared = Arc::new(Shared {
            queue: Mutex::new(Queue::default()),
            ready: Condvar::new(),
            stop: AtomicBool::new(false),
            waker,
        });
        let (sender, results) = mpsc::channel();
        let mut handles = Vec::new();
        for index in 0..threads.max(1) {
            let shared = Arc::clone(&shared);
            let plan = Arc::clone(&plan);
            let sender = sender.clone();
            handles.push(
                std::thread::Builder::new()
                    .name(format!("queens-count-{index}"))
                    .spawn(move || count_units(&plan, &shared, &sender))?,
            );
        }
        Ok(Pool {
            shared,
            results,
            threads: handles,
        })
    }

    /// Queues the units of batch `batch`.
    pub fn push(&self, batch: u64, ids: &[UnitId]) {
        let mut queue = self.shared.lock();
        queue.units.extend(ids.iter().map(|&id| (batch, id)));
        *queue.left.entry(batch).or_default() += ids.len();
        drop(queue);
        self.shared.ready.notify_all();
    }

    /// Counts what is queued, then lets the threads go.
    pub fn close(&self) {
        self.shared.lock().closed = true;
        self.shared.ready.notify_all();
    }

    /// Drops the queued units and abandons the ones being counted.
    pub fn abandon(&self) {
        self.shared.stop.store(true, Ordering::Relaxed);
        let mut queue = self.shared.lock();
        queue.units.clear();
        queue.left.clear();
        queue.closed = true;
        drop(queue);
        self.shared.ready.notify_all();
    }

    /// The units finished since the last call.
    pub fn finished(&self) -> Vec<Finished> {
        self.results.try_iter().collect()
    }

    /// Whether the pool is closed and every thread has stopped counting:
    /// after this, one more [`Pool::finished`] returns the last results.
    pub fn is_drained(&self) -> bool {
        let queue = self.shared.lock();
        queue.closed && queue.units.is_empty() && queue.busy == 0
    }

    /// Waits for the threads to leave (close or abandon first).
    pub fn join(self) {
        for handle in self.threads {
            // A panic aborts the process before it could be joined here.
            let _ = handle.join();
        }
    }
}

fn count_units(plan: &CountPlan, shared: &Shared, sender: &mpsc::Sender<Finished>) {
    loop {
        let (batch, id) = {
            let mut queue = shared.lock();
            loop {
                if let Some(next) = queue.units.pop_front() {
                    queue.busy += 1;
                    break next;
                }
                if queue.closed {
                    return;
                }
                queue = shared
                    .ready
                    .wait(queue)
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
            }
        };
        let counted = plan
            .count_unit_until(id, &shared.stop)
            .expect("the coordinator sends only ids of the plan");
        // Sent before `busy` drops, so that a drained pool has every result
        // in the channel.
        if let Some(count) = counted {
            let _ = sender.send(Finished { batch, id, count });
        }
        let mut queue = shared.lock();
        queue.busy -= 1;
        if let Some(left) = queue.left.get_mut(&batch) {
            *left -= 1;
            if *left == 0 {
                queue.left.remove(&batch);
                shared.waker.unpark();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn drain(pool: &Pool) -> Vec<Finished> {
        let mut found = Vec::new();
        loop {
            let drained = pool.is_drained();
            found.extend(pool.finished());
            if drained {
                return found;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }

    #[test]
    fn counts_every_pushed_unit_once() {
        let plan = Arc::new(CountPlan::new(10, 2).unwrap());
        let pool = Pool::start(Arc::clone(&plan), 3, std::thread::current()).unwrap();
        let ids: Vec<UnitId> = plan.ids().collect();
        let (first, second) = ids.split_at(ids.len() / 2);
        pool.push(0, first);
        pool.push(1, second);
        pool.close();
        let mut found = drain(&pool);
        pool.join();
        found.sort_by_key(|finished| finished.id);
        assert_eq!(found.len(), ids.len());
        for finished in &found {
            assert_eq!(finished.count, plan.count_unit(finished.id).unwrap());
            let batch = u64::from(finished.id >= first.len() as u64);
            assert_eq!(finished.batch, batch);
        }
        let total: u64 = found.iter().map(|finished| finished.count.total).sum();
        assert_eq!(total, 724);
    }

    #[test]
    fn abandoning_leaves_at_once() {
        let plan = Arc::new(CountPlan::new(15, 1).unwrap());
        let pool = Pool::start(Arc::clone(&plan), 2, std::thread::current()).unwrap();
        pool.push(0, &plan.ids().collect::<Vec<_>>());
        pool.abandon();
        let found = drain(&pool);
        pool.join();
        // Whatever finished is right; the rest was dropped.
        for finished in found {
            assert_eq!(finished.count, plan.count_unit(finished.id).unwrap());
        }
    }
}
