//! An ordered pool: the calling thread reads jobs and `threads - 1`
//! workers and the calling thread process them; the results go back to the
//! caller in the order the jobs were read, on the calling thread.
//!
//! The calling thread keeps a few jobs ready for the workers, processes the
//! oldest waiting job itself when it has nothing else to do, and waits only
//! when everything left is being processed elsewhere. So no more threads
//! run than were asked for, and at the end of the input every thread helps
//! until the last job. Memory stays bounded: at most
//! [`JOBS_PER_THREAD`] jobs a thread lie between reading and delivering.
//!
//! An idle worker spins a little before it sleeps ([`Shared::linger`]), and
//! where the caller asks ([`Pool::spread`]) each thread moves once, at its
//! start, to a CPU of its own (see [`crate::spread`]).

use std::collections::{BTreeMap, VecDeque};
use std::io;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use crate::spread::Spread;

/// The most jobs per thread between reading and delivering.
const JOBS_PER_THREAD: u64 = 16;

/// How long an idle worker watches for new jobs before it sleeps: about
/// the time the calling thread takes to solve a chunk of hard puzzles.
const LINGER: Duration = Duration::from_millis(2);

/// How a pool runs.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pool {
    /// Threads in all, the calling thread included (2 or more).
    pub(crate) threads: usize,
    /// Whether each thread moves once, at its start, to a CPU of its own
    /// (Linux; see [`crate::spread`]). The calling thread moves too, so
    /// only a caller that asked for it gets it.
    pub(crate) spread: bool,
    /// The name of the worker threads, followed by their number.
    pub(crate) name: &'static str,
}

/// A job with its place in the input and the worker that processed it.
struct Slot<J> {
    index: u64,
    job: J,
    /// The worker that processed it (`None`: the calling thread). A job
    /// that `give_back` picks goes back to that worker to be dropped once
    /// delivered: freeing memory another thread allocated is slow with
    /// some allocators (glibc's among them).
    worker: Option<usize>,
}

/// The jobs between the calling thread and the workers.
struct Queue<J> {
    /// Jobs read and not yet taken by a thread, oldest first.
    todo: VecDeque<Slot<J>>,
    /// Jobs processed and not yet delivered, by index.
    done: BTreeMap<u64, Slot<J>>,
    /// Delivered jobs for each worker to drop.
    trash: Vec<Vec<Slot<J>>>,
    /// No more jobs will come: workers stop when `todo` is empty.
    closed: bool,
    /// A worker panicked: the run cannot finish.
    broken: bool,
    /// Workers waiting for a job, and whether the calling thread waits
    /// for a result: a condition variable is signalled only when someone
    /// waits on it, since each signal is a system call.
    idle_workers: usize,
    awaiting_results: bool,
}

struct Shared<J> {
    queue: Mutex<Queue<J>>,
    /// Signalled when a job joins `todo` or the queue closes.
    work: Condvar,
    /// Signalled when a job joins `done` or a worker breaks.
    results: Condvar,
    /// Counts jobs joining `todo` and the queue closing, so that an idle
    /// worker can watch for work without the lock (see [`Shared::linger`]).
    news: AtomicU64,
}

impl<J> Shared<J> {
    fn lock(&self) -> MutexGuard<'_, Queue<J>> {
        // A worker that panics marks the queue broken and the caller stops,
        // so a poisoned lock holds nothing half-done worth refusing.
        self.queue.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Tells lingering workers that `todo` grew or the queue closed.
    fn publish(&self) {
        self.news.fetch_add(1, Ordering::Release);
    }

    /// Waits up to [`LINGER`] for news after `seen`, spinning, then
    /// yielding the processor.
    ///
    /// A worker that sleeps on the condition variable is woken on the CPU
    /// of the thread that signals it, where the scheduler of a small VM
    /// leaves it: the two threads then took turns on one CPU while the
    /// other idled (seen with `perf sched` on two threads, at every chunk
    /// the calling thread read while a worker had run dry). Lingering a
    /// little keeps the worker where it runs; the calling thread refills
    /// the queue between its own jobs, well within the bound.
    fn linger(&self, seen: u64) {
        let start = Instant::now();
        for round in 0u32.. {
            if self.news.load(Ordering::Acquire) != seen {
                return;
            }
            if round < 16 {
                for _ in 0..(1 << (round / 2)) {
                    std::hint::spin_loop();
                }
            } else if start.elapsed() >= LINGER {
                return;
            } else {
                std::thread::yield_now();
            }
        }
    }
}

/// Closes the queue when dropped: the workers stop once idle.
struct Closer<'a, J>(&'a Shared<J>);

impl<J> Drop for Closer<'_, J> {
    fn drop(&mut self) {
        let todo = {
            let mut queue = self.0.lock();
            queue.closed = true;
            std::mem::take(&mut queue.todo)
        };
        drop(todo);
        self.0.publish();
        self.0.work.notify_all();
    }
}

/// Worker `id`: takes the oldest job, processes it with its own `state`,
/// hands it back, until the queue closes.
fn work<J, S, P>(id: usize, shared: &Shared<J>, mut state: S, process: &P)
where
    P: Fn(&mut S, &mut J) + Sync,
{
    /// Marks the queue broken if the worker unwinds.
    struct Guard<'a, J>(&'a Shared<J>);
    impl<J> Drop for Guard<'_, J> {
        fn drop(&mut self) {
            if std::thread::panicking() {
                self.0.lock().broken = true;
                self.0.results.notify_all();
            }
        }
    }
    let _guard = Guard(shared);
    loop {
        let (trash, mut slot) = {
            let mut queue = shared.lock();
            let mut lingered = false;
            loop {
                let trash = std::mem::take(&mut queue.trash[id]);
                if let Some(slot) = queue.todo.pop_front() {
                    break (trash, slot);
                }
                if queue.closed {
                    return;
                }
                if !trash.is_empty() {
                    // Drop it while not holding the lock.
                    drop(queue);
                    drop(trash);
                    queue = shared.lock();
                    continue;
                }
                if !lingered {
                    lingered = true;
                    let seen = shared.news.load(Ordering::Acquire);
                    drop(queue);
                    shared.linger(seen);
                    queue = shared.lock();
                    continue;
                }
                queue.idle_workers += 1;
                queue = shared
                    .work
                    .wait(queue)
                    .unwrap_or_else(PoisonError::into_inner);
                queue.idle_workers -= 1;
            }
        };
        drop(trash);
        process(&mut state, &mut slot.job);
        slot.worker = Some(id);
        let awaited = {
            let mut queue = shared.lock();
            queue.done.insert(slot.index, slot);
            queue.awaiting_results
        };
        if awaited {
            shared.results.notify_one();
        }
    }
}

impl Pool {
    /// Runs the jobs that `read` yields (`None`: the input has ended)
    /// through `process`, each thread with a `state` of its own made by
    /// `new_state`, and hands them to `deliver` in the order read, on the
    /// calling thread. A delivered job for which `give_back` is true is
    /// dropped by the worker that processed it.
    ///
    /// # Errors
    ///
    /// The first error of `read` or `deliver` (the run stops there), a
    /// worker that cannot be started, or one that panicked.
    pub(crate) fn run<J, S, Rd, N, P, D, G>(
        self,
        mut read: Rd,
        new_state: N,
        process: &P,
        mut deliver: D,
        give_back: G,
    ) -> io::Result<()>
    where
        J: Send,
        Rd: FnMut() -> io::Result<Option<J>>,
        N: Fn() -> S + Sync,
        P: Fn(&mut S, &mut J) + Sync,
        D: FnMut(&J) -> io::Result<()>,
        G: Fn(&J) -> bool,
    {
        assert!(self.threads >= 2, "a pool of one thread");
        let workers = self.threads - 1;
        let shared = Shared {
            queue: Mutex::new(Queue {
                todo: VecDeque::new(),
                done: BTreeMap::new(),
                trash: (0..workers).map(|_| Vec::new()).collect(),
                closed: false,
                broken: false,
                idle_workers: 0,
                awaiting_results: false,
            }),
            work: Condvar::new(),
            results: Condvar::new(),
            news: AtomicU64::new(0),
        };
        // Jobs kept ready beyond those being processed (one per thread:
        // the calling thread processes too, and each job more that it reads
        // first is time at the start that only the workers work; two per
        // thread made two threads 1% slower on `17-clue.txt` and 5% on
        // `top1465.txt`), and the most jobs between reading and delivering
        // (bounding memory on long inputs).
        let ready_target = self.threads;
        let window = JOBS_PER_THREAD * self.threads as u64;
        // The calling thread is pool thread 0 and each worker `id` is `id +
        // 1`; the workers start queued on this thread's CPU, so this one
        // moves off.
        let spread = if self.spread { Spread::here() } else { None };
        std::thread::scope(|scope| {
            for id in 0..workers {
                let (shared, spread, new_state) = (&shared, &spread, &new_state);
                std::thread::Builder::new()
                    .name(format!("{}-{id}", self.name))
                    .spawn_scoped(scope, move || {
                        if let Some(spread) = spread {
                            spread.move_to(id + 2);
                        }
                        work(id, shared, new_state(), process)
                    })?;
            }
            if let Some(spread) = &spread {
                spread.move_to(1);
            }
            // Stops the workers when the run ends, even by a panic of
            // `process` on this thread (else the scope would wait for
            // workers that wait for work).
            let closer = Closer(&shared);
            let result = (|| {
                let mut state = new_state();
                let (mut read_jobs, mut delivered) = (0u64, 0u64);
                let mut at_end = false;
                let mut ready = Vec::new();
                loop {
                    // Hand over whatever is processed, in order.
                    {
                        let mut queue = shared.lock();
                        if queue.broken {
                            return Err(io::Error::other("a worker thread failed"));
                        }
                        while let Some(slot) = queue.done.remove(&delivered) {
                            ready.push(slot);
                            delivered += 1;
                        }
                    }
                    for slot in ready.drain(..) {
                        deliver(&slot.job)?;
                        if let Some(id) = slot.worker.filter(|_| give_back(&slot.job)) {
                            shared.lock().trash[id].push(slot);
                        }
                    }
                    if at_end && delivered == read_jobs {
                        return Ok(());
                    }
                    // Keep the workers supplied.
                    let waiting = shared.lock().todo.len();
                    if !at_end && waiting < ready_target && read_jobs - delivered < window {
                        match read()? {
                            None => at_end = true,
                            Some(job) => {
                                let slot = Slot {
                                    index: read_jobs,
                                    job,
                                    worker: None,
                                };
                                let idle = {
                                    let mut queue = shared.lock();
                                    queue.todo.push_back(slot);
                                    queue.idle_workers > 0
                                };
                                shared.publish();
                                if idle {
                                    shared.work.notify_one();
                                }
                                read_jobs += 1;
                            }
                        }
                        continue;
                    }
                    // Help with the oldest job nobody has taken.
                    let job = shared.lock().todo.pop_front();
                    if let Some(mut slot) = job {
                        process(&mut state, &mut slot.job);
                        shared.lock().done.insert(slot.index, slot);
                        continue;
                    }
                    // Everything left is being processed by the workers.
                    let mut queue = shared.lock();
                    while !queue.done.contains_key(&delivered) && !queue.broken {
                        queue.awaiting_results = true;
                        queue = shared
                            .results
                            .wait(queue)
                            .unwrap_or_else(PoisonError::into_inner);
                        queue.awaiting_results = false;
                    }
                }
            })();
            drop(closer);
            result
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;
    use std::sync::atomic::AtomicUsize;

    /// A job: its number, work that takes a while and varies (so that
    /// jobs finish out of order), and which thread processed it.
    struct Job {
        number: u64,
        result: u64,
        thread: Option<std::thread::ThreadId>,
        /// Memory to give back to the worker that processed it.
        held: Vec<u64>,
    }

    fn busy(number: u64) -> u64 {
        // SplitMix-style mixing, a varying number of rounds.
        let mut x = number;
        for _ in 0..(number * 7919 % 2000) {
            x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        }
        x
    }

    fn pool(threads: usize) -> Pool {
        Pool {
            threads,
            spread: false,
            name: "pool-test",
        }
    }

    #[test]
    fn many_jobs_on_several_threads_come_back_in_order() {
        for threads in [2, 3, 4, 8] {
            let jobs = 5_000;
            let mut next = 0;
            let mut delivered = Vec::new();
            let threads_seen = Mutex::new(HashSet::new());
            let states = AtomicUsize::new(0);
            pool(threads)
                .run(
                    || {
                        next += 1;
                        Ok((next <= jobs).then(|| Job {
                            number: next,
                            result: 0,
                            thread: None,
                            held: Vec::new(),
                        }))
                    },
                    || states.fetch_add(1, Ordering::Relaxed),
                    &|_: &mut usize, job: &mut Job| {
                        job.result = busy(job.number);
                        job.thread = Some(std::thread::current().id());
                        job.held = vec![job.number; 16];
                    },
                    |job: &Job| {
                        delivered.push((job.number, job.result));
                        threads_seen.lock().unwrap().insert(job.thread);
                        Ok(())
                    },
                    |job: &Job| job.number.is_multiple_of(2),
                )
                .unwrap();
            let expected: Vec<(u64, u64)> = (1..=jobs).map(|n| (n, busy(n))).collect();
            assert_eq!(delivered, expected, "{threads} threads");
            assert_eq!(
                states.load(Ordering::Relaxed),
                threads,
                "one state a thread"
            );
            // Not a timing assertion: only that the jobs were shared at all
            // (5,000 jobs of varying length, threads that linger for work).
            assert!(threads_seen.lock().unwrap().len() >= 2, "{threads} threads");
        }
    }

    #[test]
    fn an_error_from_the_sink_stops_the_run_early() {
        let mut next = 0;
        let mut delivered = 0;
        let result = pool(3).run(
            || {
                next += 1;
                Ok(Some(next))
            },
            || (),
            &|_: &mut (), job: &mut u64| *job = busy(*job),
            |_: &u64| {
                delivered += 1;
                if delivered == 100 {
                    Err(io::Error::other("enough"))
                } else {
                    Ok(())
                }
            },
            |_: &u64| false,
        );
        assert_eq!(result.unwrap_err().to_string(), "enough");
        assert_eq!(delivered, 100);
        // An endless input: reading stopped within the window.
        assert!(next <= 100 + JOBS_PER_THREAD * 3 + 1, "{next} read");
    }

    #[test]
    fn an_error_from_the_reader_stops_the_run() {
        let mut next = 0;
        let result = pool(2).run(
            || {
                next += 1;
                if next == 50 {
                    Err(io::Error::other("bad input"))
                } else {
                    Ok(Some(next))
                }
            },
            || (),
            &|_: &mut (), _: &mut u64| {},
            |_: &u64| Ok(()),
            |_: &u64| false,
        );
        assert_eq!(result.unwrap_err().to_string(), "bad input");
    }

    #[test]
    fn a_worker_that_panics_fails_the_run() {
        let mut next = 0;
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            pool(2).run(
                || {
                    next += 1;
                    Ok((next <= 1000).then_some(next))
                },
                || (),
                &|_: &mut (), job: &mut u64| {
                    if *job == 500 {
                        panic!("job 500");
                    }
                },
                |_: &u64| Ok(()),
                |_: &u64| false,
            )
        }));
        // The calling thread may take job 500 itself and unwind: either way
        // the run does not finish quietly, and it does finish.
        assert!(!matches!(result, Ok(Ok(()))));
    }

    #[test]
    fn an_empty_input_delivers_nothing() {
        let mut delivered = 0;
        pool(4)
            .run(
                || Ok(None::<u64>),
                || (),
                &|_: &mut (), _: &mut u64| {},
                |_: &u64| {
                    delivered += 1;
                    Ok(())
                },
                |_: &u64| false,
            )
            .unwrap();
        assert_eq!(delivered, 0);
    }
}
