//! Spreading a pool's threads over the CPUs they may use.
//!
//! A thread starts on the CPU of the thread that spawns it, and a thread
//! woken from a wait runs where its waker runs. A scheduler that balances
//! seldom (seen in the small VMs this project is measured on) then leaves
//! both threads of a two-thread pool taking turns on one CPU while the
//! other idles, for milliseconds (BENCHMARKS.md, "Design choices
//! measured", has what `perf sched` showed). So each pool thread moves itself once, at its
//! start, to a CPU of its own, and is then free to go anywhere again: the
//! scheduler still balances as it likes, from a good start.

/// The CPUs a pool may run on, in the order its threads take them.
///
/// The thread that makes it is thread 0; it runs on the first CPU of the
/// order, so thread `k` moves to the `k`-th CPU after it (round the set).
pub(crate) struct Spread {
    #[cfg(target_os = "linux")]
    imp: linux::Cpus,
}

impl Spread {
    /// The CPUs the calling thread may run on, starting at the one it runs
    /// on; `None` where there is only one, or where the system does not
    /// say (then threads stay where the scheduler puts them).
    pub(crate) fn here() -> Option<Spread> {
        #[cfg(target_os = "linux")]
        return linux::Cpus::here().map(|imp| Spread { imp });
        #[cfg(not(target_os = "linux"))]
        return None;
    }

    /// How many CPUs the pool may use.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        #[cfg(target_os = "linux")]
        return self.imp.order.len();
        #[cfg(not(target_os = "linux"))]
        return 0;
    }

    /// The CPU for pool thread `thread` (0 is the one that made `self`).
    #[cfg(test)]
    pub(crate) fn cpu_of(&self, thread: usize) -> usize {
        #[cfg(target_os = "linux")]
        return self.imp.cpu_of(thread);
        #[cfg(not(target_os = "linux"))]
        return thread;
    }

    /// Moves the calling thread to the CPU of pool thread `thread`, then
    /// lets it run on any CPU of the pool again. Failures leave the thread
    /// where it is: placement is a speed-up, never a condition.
    pub(crate) fn move_to(&self, thread: usize) {
        #[cfg(target_os = "linux")]
        self.imp.move_to(thread);
        #[cfg(not(target_os = "linux"))]
        let _ = thread;
    }
}

#[cfg(target_os = "linux")]
mod linux {
    use std::mem::{size_of, zeroed};

    pub(super) struct Cpus {
        /// The CPUs of the mask, from the one the maker ran on, round.
        pub(super) order: Vec<usize>,
        /// The mask the maker had, restored after each move.
        mask: libc::cpu_set_t,
    }

    impl Cpus {
        pub(super) fn here() -> Option<Cpus> {
            // SAFETY: an all-zero cpu_set_t is the empty set.
            let mut mask: libc::cpu_set_t = unsafe { zeroed() };
            // SAFETY: the pointer and size are of a live cpu_set_t; pid 0
            // is the calling thread.
            if unsafe { libc::sched_getaffinity(0, size_of::<libc::cpu_set_t>(), &mut mask) } != 0 {
                return None;
            }
            let cpus: Vec<usize> = (0..libc::CPU_SETSIZE as usize)
                // SAFETY: `cpu` is below CPU_SETSIZE, the set's size.
                .filter(|&cpu| unsafe { libc::CPU_ISSET(cpu, &mask) })
                .collect();
            if cpus.len() < 2 {
                return None;
            }
            // SAFETY: no arguments; -1 on failure.
            let current = unsafe { libc::sched_getcpu() };
            let first = cpus
                .iter()
                .position(|&cpu| cpu as i64 == i64::from(current))
                .unwrap_or(0);
            let mut order = cpus[first..].to_vec();
            order.extend_from_slice(&cpus[..first]);
            Some(Cpus { order, mask })
        }

        pub(super) fn cpu_of(&self, thread: usize) -> usize {
            self.order[thread % self.order.len()]
        }

        pub(super) fn move_to(&self, thread: usize) {
            // SAFETY: an all-zero cpu_set_t is the empty set.
            let mut one: libc::cpu_set_t = unsafe { zeroed() };
            // SAFETY: the CPU came from the mask, so is below CPU_SETSIZE.
            unsafe { libc::CPU_SET(self.cpu_of(thread), &mut one) };
            let size = size_of::<libc::cpu_set_t>();
            // SAFETY: pointers and sizes are of live cpu_set_t values; pid
            // 0 is the calling thread. Setting a mask without the current
            // CPU migrates the thread before the call returns.
            unsafe {
                if libc::sched_setaffinity(0, size, &one) == 0 {
                    libc::sched_setaffinity(0, size, &self.mask);
                }
            }
        }
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::Spread;
    use std::mem::{size_of, zeroed};

    fn mask() -> Vec<usize> {
        // SAFETY: as in `Cpus::here`.
        let mut mask: libc::cpu_set_t = unsafe { zeroed() };
        // SAFETY: `mask` is a live, writable cpu_set_t of the size passed.
        assert_eq!(
            unsafe { libc::sched_getaffinity(0, size_of::<libc::cpu_set_t>(), &mut mask) },
            0
        );
        // SAFETY: CPU_ISSET reads the initialised `mask` at an index below
        // CPU_SETSIZE.
        (0..libc::CPU_SETSIZE as usize)
            .filter(|&cpu| unsafe { libc::CPU_ISSET(cpu, &mask) })
            .collect()
    }

    #[test]
    fn threads_take_every_cpu_of_the_mask_in_turn_and_are_left_free() {
        let before = mask();
        let Some(spread) = Spread::here() else {
            assert!(before.len() < 2, "two CPUs or more, yet no spread");
            return;
        };
        assert_eq!(spread.len(), before.len());
        let mut taken: Vec<usize> = (0..spread.len()).map(|k| spread.cpu_of(k)).collect();
        assert_eq!(
            spread.cpu_of(spread.len()),
            spread.cpu_of(0),
            "round the set"
        );
        taken.sort_unstable();
        assert_eq!(taken, before, "each CPU once");
        std::thread::spawn(move || {
            for thread in 0..=spread.len() {
                spread.move_to(thread);
                assert_eq!(mask(), before, "the thread is free again after moving");
            }
        })
        .join()
        .unwrap();
    }
}
