//! The searches over the band engine's [`Board`]: the recursive search of
//! one puzzle, once per kernel, and the machines that search several side
//! by side (see [`super`] for why).

use super::super::nine_engine::NineEngine;
use super::board::{Board, Stuck};
use super::simd::{self, Kernel, Lanes};
use crate::cpu::Isa;

/// A search: how far it goes and what it found.
struct Search<'a> {
    limit: u64,
    found: u64,
    tried: Tried,
    first: &'a mut [u8; 81],
}

/// The digits a search tried at guesses: how many, and a hash of which,
/// in order (two searches with the same trail made the same guesses).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Tried {
    pub(crate) count: u64,
    pub(crate) trail: u64,
}

impl Tried {
    /// Counts digit `d + 1` tried at cell `i` of `band`.
    #[inline(always)]
    fn add(&mut self, d: usize, band: usize, i: u32) {
        self.count += 1;
        let step = (27 * band + i as usize) * 9 + d + 1;
        self.trail = (self.trail ^ step as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

/// Defines a search function (below `board`; `true` when the limit is
/// reached) on the kernels `$kernel`: one copy of the search per kernel, so
/// that each inlines its own.
macro_rules! searcher {
    ($(#[$attr:meta])* $name:ident, $kernel:ty) => {
        $(#[$attr])*
        fn $name<const TRIADS: bool>(
            kernel: $kernel,
            search: &mut Search<'_>,
            board: &mut Board,
        ) -> bool {
            loop {
                if board.propagate::<_, TRIADS>(kernel).is_err() {
                    return false;
                }
                if board.is_solved() {
                    if search.found == 0 {
                        board.write(search.first);
                    }
                    search.found += 1;
                    return search.found >= search.limit;
                }
                let (band, i, mut digits) = board.choose(kernel);
                if digits.count_ones() == 2 {
                    // The digit with fewer cells open in the cell's row
                    // first: 5% fewer digits tried on the hardest sets
                    // than the other way round (no change on top1465),
                    // since guesses go to the cell of greatest reach.
                    let (first, second) = board.order_pair(band, i, digits);
                    search.tried.add(first, band, i);
                    let mut child = *board;
                    child.insert(first, band, i);
                    if $name::<TRIADS>(kernel, search, &mut child) {
                        return true;
                    }
                    search.tried.add(second, band, i);
                    board.insert(second, band, i);
                    continue;
                }
                // Every digit but the last on a copy; the last on the board.
                while digits & (digits - 1) != 0 {
                    let d = digits.trailing_zeros() as usize;
                    digits &= digits - 1;
                    search.tried.add(d, band, i);
                    let mut child = *board;
                    child.insert(d, band, i);
                    if $name::<TRIADS>(kernel, search, &mut child) {
                        return true;
                    }
                }
                let last = digits.trailing_zeros() as usize;
                search.tried.add(last, band, i);
                board.insert(last, band, i);
            }
        }
    };
}

searcher!(run_portable, simd::Portable);
searcher!(
    #[cfg(target_arch = "x86_64")]
    run_sse2,
    simd::Sse2
);
searcher!(
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    run_avx2,
    simd::Avx2
);
searcher!(
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt,avx512f,avx512vl,avx512bw,avx512dq")]
    run_avx512,
    simd::Avx512
);

/// A search that advances one propagated node at a time, so that several
/// can run side by side (`run_side_by_side`). It visits the nodes in the
/// order of the recursive search, and so finds the same first solution and
/// tries as many digits.
struct Machine {
    /// The node to propagate next.
    board: Board,
    /// The branching cells above it with the digits left to try there,
    /// each with the propagated state to try them on.
    frames: Vec<Frame>,
    limit: u64,
    found: u64,
    tried: Tried,
    first: [u8; 81],
    running: bool,
    /// The puzzle it works on, of those [`Searches::search_all`] was given.
    job: Option<usize>,
}

/// A branching cell with digits left to try, and the propagated state to
/// try them on: only its candidates and unsolved cells (a third of a
/// [`Board`] to copy), since the rest follows from them in a propagated
/// state ([`Board::settled_from`]).
#[derive(Clone, Copy)]
struct Frame {
    cells: [Lanes; 9],
    unsolved: Lanes,
    band: u8,
    cell: u8,
    digits: u16,
}

impl Machine {
    fn new() -> Machine {
        Machine {
            board: Board::new(),
            frames: Vec::with_capacity(81),
            limit: 0,
            found: 0,
            tried: Tried::default(),
            first: [0; 81],
            running: false,
            job: None,
        }
    }

    fn start(&mut self, board: Board, limit: u64) {
        self.board = board;
        self.frames.clear();
        (self.limit, self.found, self.tried) = (limit, 0, Tried::default());
        self.running = limit > 0;
    }

    /// Takes the outcome of propagating the current node and moves to the
    /// next node, or stops.
    #[inline(always)]
    fn advance<K: Kernel>(&mut self, kernel: K, propagated: Result<(), Stuck>) {
        if propagated.is_ok() {
            if !self.board.is_solved() {
                let (band, i, digits) = self.board.choose(kernel);
                let (first, rest) = if digits.count_ones() == 2 {
                    let (first, second) = self.board.order_pair(band, i, digits);
                    (first, 1 << second)
                } else {
                    (digits.trailing_zeros() as usize, digits & (digits - 1))
                };
                if rest != 0 {
                    debug_assert_eq!(self.board.cells, self.board.settled);
                    self.frames.push(Frame {
                        cells: self.board.cells,
                        unsolved: self.board.unsolved,
                        band: band as u8,
                        cell: i as u8,
                        digits: rest,
                    });
                }
                self.tried.add(first, band, i);
                self.board.insert(first, band, i);
                return;
            }
            if self.found == 0 {
                self.board.write(&mut self.first);
            }
            self.found += 1;
            if self.found >= self.limit {
                self.running = false;
                return;
            }
        }
        let Some(frame) = self.frames.last_mut() else {
            self.running = false;
            return;
        };
        let d = frame.digits.trailing_zeros() as usize;
        frame.digits &= frame.digits - 1;
        let (band, i) = (usize::from(frame.band), u32::from(frame.cell));
        self.board = Board::settled_from(frame.cells, frame.unsolved);
        if frame.digits == 0 {
            self.frames.pop();
        }
        self.tried.add(d, band, i);
        self.board.insert(d, band, i);
    }
}

/// Runs `machines` over a stream of puzzles, their propagations side by
/// side: each sweep is a chain of dependent loads and table lookups, and
/// independent chains keep the core busy where one waits. The machines
/// take turns step by step, and one whose node is done moves on to its
/// next node (or, through `refill`, its next puzzle) at once: waiting for
/// the others' nodes to end, or only for their sweeps, was 10% (5%) slower
/// on `top1465.txt`. `refill` takes a machine that stopped, records what
/// it found, and starts it on the next puzzle (`false` when none is left).
#[inline(always)]
fn run_side_by_side<K: Kernel, const TRIADS: bool, const N: usize, R>(
    kernel: K,
    machines: &mut [Machine; N],
    refill: &mut R,
) where
    R: FnMut(&mut Machine) -> bool,
{
    // A search with limit 0 stops as it starts: refill until one runs.
    let mut fill = |machine: &mut Machine, more: &mut bool| {
        while !machine.running && *more {
            *more = refill(machine);
        }
    };
    let mut more = [true; N];
    for (machine, more) in machines.iter_mut().zip(&mut more) {
        fill(machine, more);
    }
    let mut live = machines.each_ref().map(|machine| machine.running);
    let mut changed = [0u64; N];
    while live.contains(&true) {
        // Each machine's turn written out on its own, so that each has its
        // own branches to predict (faster than one loop over the machines:
        // BENCHMARKS.md, "Design choices measured").
        const { assert!(N <= 4, "four turns are written out") };
        macro_rules! turns {
            ($($j:literal)*) => {$(
                if $j < N {
                    take_turn::<K, TRIADS>(
                        kernel,
                        &mut machines[$j],
                        &mut changed[$j],
                        &mut live[$j],
                        &mut more[$j],
                        &mut fill,
                    );
                }
            )*};
        }
        turns!(0 1 2 3);
    }
}

/// One step of `machine` (see [`run_side_by_side`]): a word update, finding
/// the changed words `words`, the passes at a stall, or, once its node is
/// done, moving on to the next node or (`fill`) puzzle.
#[inline(always)]
fn take_turn<K: Kernel, const TRIADS: bool>(
    kernel: K,
    machine: &mut Machine,
    words: &mut u64,
    live: &mut bool,
    more: &mut bool,
    fill: &mut impl FnMut(&mut Machine, &mut bool),
) {
    if !*live {
        return;
    }
    let propagated = if *words != 0 {
        let word = words.trailing_zeros() as usize;
        *words &= *words - 1;
        if machine.board.update(kernel, word >> 2, word & 3).is_ok() {
            return;
        }
        *words = 0;
        Err(Stuck)
    } else {
        *words = machine.board.changed_words(kernel);
        if *words != 0 {
            return;
        }
        match machine.board.stall::<_, TRIADS>(kernel) {
            Ok(true) => return,
            Ok(false) => Ok(()),
            Err(stuck) => Err(stuck),
        }
    };
    machine.advance(kernel, propagated);
    fill(machine, more);
    *live = machine.running;
}

/// How many searches [`Searches`] runs side by side: three beat two and
/// four (BENCHMARKS.md, "Design choices measured").
const SIDE_BY_SIDE: usize = 3;

/// Defines a function that runs machines over a stream of puzzles, side by
/// side, on the kernels `$kernel`: `refill` takes a machine that stopped,
/// records what it found, and starts it on the next puzzle (`false` when
/// none is left).
macro_rules! stream_runner {
    ($(#[$attr:meta])* $name:ident, $kernel:ty) => {
        $(#[$attr])*
        fn $name<const TRIADS: bool, R>(
            kernel: $kernel,
            machines: &mut [Machine; SIDE_BY_SIDE],
            refill: &mut R,
        ) where
            R: FnMut(&mut Machine) -> bool,
        {
            run_side_by_side::<_, TRIADS, SIDE_BY_SIDE, R>(kernel, machines, refill)
        }
    };
}

stream_runner!(stream_portable, simd::Portable);
stream_runner!(
    #[cfg(target_arch = "x86_64")]
    stream_sse2,
    simd::Sse2
);
stream_runner!(
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    stream_avx2,
    simd::Avx2
);
stream_runner!(
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt,avx512f,avx512vl,avx512bw,avx512dq")]
    stream_avx512,
    simd::Avx512
);

/// What a search of one of several puzzles found, and its first solution.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Searched {
    /// `None` when two givens clash.
    pub(crate) found: Option<Found>,
    /// The first solution (digits 1 to 9), when one was found.
    pub(crate) first: [u8; 81],
}

/// The searches that run side by side over several puzzles, kept between
/// runs so that their stacks are allocated once.
pub(crate) struct Searches {
    machines: Box<[Machine; SIDE_BY_SIDE]>,
}

impl Searches {
    pub(crate) fn new() -> Searches {
        Searches {
            machines: Box::new(std::array::from_fn(|_| Machine::new())),
        }
    }

    /// Searches each puzzle of `givens` (81 digits, 0 for empty) for up to
    /// `limit` solutions, side by side, by the variant `engine`: `out[k]`
    /// gets what [`search_by`] would answer for `givens[k]` (the same
    /// counts, digits tried and first solution).
    pub(crate) fn search_all(
        &mut self,
        engine: NineEngine,
        limit: u64,
        givens: &[[u8; 81]],
        out: &mut [Searched],
    ) {
        assert_eq!(givens.len(), out.len(), "one answer per puzzle");
        let kernels = Kernels::choose(engine.isa);
        let mut pending = 0..givens.len();
        let mut refill = |machine: &mut Machine| {
            if let Some(job) = machine.job.take() {
                out[job] = Searched {
                    found: Some(Found {
                        solutions: machine.found,
                        guesses: machine.tried.count,
                        trail: machine.tried.trail,
                    }),
                    first: machine.first,
                };
            }
            for job in pending.by_ref() {
                match kernels.board_with_givens(&givens[job]) {
                    Ok(board) => {
                        machine.start(board, limit);
                        machine.job = Some(job);
                        return true;
                    }
                    Err(Stuck) => {
                        out[job] = Searched {
                            found: None,
                            first: [0; 81],
                        }
                    }
                }
            }
            false
        };
        let (machines, refill) = (&mut *self.machines, &mut refill);
        match (kernels, engine.triads) {
            #[cfg(target_arch = "x86_64")]
            (Kernels::Avx512(kernel), triads) => {
                // SAFETY: `kernel` holds a `cpu::Avx512` token: the CPU has
                // the features that `stream_avx512` is compiled for.
                unsafe {
                    if triads {
                        stream_avx512::<true, _>(kernel, machines, refill)
                    } else {
                        stream_avx512::<false, _>(kernel, machines, refill)
                    }
                }
            }
            #[cfg(target_arch = "x86_64")]
            (Kernels::Avx2(kernel), triads) => {
                // SAFETY: `kernel` holds a `cpu::Avx2` token: the CPU has
                // the features that `stream_avx2` is compiled for.
                unsafe {
                    if triads {
                        stream_avx2::<true, _>(kernel, machines, refill)
                    } else {
                        stream_avx2::<false, _>(kernel, machines, refill)
                    }
                }
            }
            #[cfg(target_arch = "x86_64")]
            (Kernels::Sse2(kernel), true) => stream_sse2::<true, _>(kernel, machines, refill),
            #[cfg(target_arch = "x86_64")]
            (Kernels::Sse2(kernel), false) => stream_sse2::<false, _>(kernel, machines, refill),
            (Kernels::Portable(kernel), true) => {
                stream_portable::<true, _>(kernel, machines, refill)
            }
            (Kernels::Portable(kernel), false) => {
                stream_portable::<false, _>(kernel, machines, refill)
            }
        }
    }
}

/// The kernels a search runs, each holding what proves that the CPU has
/// its instructions.
#[derive(Clone, Copy)]
enum Kernels {
    Portable(simd::Portable),
    #[cfg(target_arch = "x86_64")]
    Sse2(simd::Sse2),
    #[cfg(target_arch = "x86_64")]
    Avx2(simd::Avx2),
    #[cfg(target_arch = "x86_64")]
    Avx512(simd::Avx512),
}

impl Kernels {
    /// The kernels for `isa`, or the best this CPU has below it
    /// ([`Isa::supported`]).
    fn choose(isa: Isa) -> Kernels {
        #[cfg(target_arch = "x86_64")]
        {
            use crate::cpu;
            match isa.supported() {
                Isa::Avx512 => {
                    if let Some(token) = cpu::Avx512::detect() {
                        return Kernels::Avx512(simd::Avx512::new(token));
                    }
                }
                Isa::Avx2 => {
                    if let Some(token) = cpu::Avx2::detect() {
                        return Kernels::Avx2(simd::Avx2::new(token));
                    }
                }
                Isa::Sse2 => return Kernels::Sse2(simd::Sse2),
                Isa::Portable => {}
            }
        }
        let _ = isa;
        Kernels::Portable(simd::Portable)
    }

    /// The board of `givens` (as [`search_by`] sets it up): the givens
    /// found with SSE2 wherever the CPU has it.
    fn board_with_givens(self, givens: &[u8; 81]) -> Result<Board, Stuck> {
        match self {
            Kernels::Portable(kernel) => Board::with_givens(kernel, givens),
            #[cfg(target_arch = "x86_64")]
            _ => Board::with_givens(simd::Sse2, givens),
        }
    }
}

/// Searches `givens` (81 digits, 0 for empty) for up to `limit` solutions,
/// writing the first into `first` (digits 1 to 9); `None` when two givens
/// clash (a peer of a given holds the same digit).
pub(crate) fn search(givens: &[u8; 81], limit: u64, first: &mut [u8; 81]) -> Option<Found> {
    search_by(NineEngine::FASTEST, givens, limit, first)
}

/// [`search`] by the variant `engine`.
pub(crate) fn search_by(
    engine: NineEngine,
    givens: &[u8; 81],
    limit: u64,
    first: &mut [u8; 81],
) -> Option<Found> {
    let kernels = Kernels::choose(engine.isa);
    let mut board = kernels.board_with_givens(givens).ok()?;
    let mut search = Search {
        limit,
        found: 0,
        tried: Tried::default(),
        first,
    };
    if limit > 0 {
        let (search, board) = (&mut search, &mut board);
        match (kernels, engine.triads) {
            #[cfg(target_arch = "x86_64")]
            (Kernels::Avx512(kernel), triads) => {
                // SAFETY: `kernel` holds a `cpu::Avx512` token: the CPU has
                // the features that `run_avx512` is compiled for.
                unsafe {
                    if triads {
                        run_avx512::<true>(kernel, search, board)
                    } else {
                        run_avx512::<false>(kernel, search, board)
                    }
                }
            }
            #[cfg(target_arch = "x86_64")]
            (Kernels::Avx2(kernel), triads) => {
                // SAFETY: `kernel` holds a `cpu::Avx2` token: the CPU has
                // the features that `run_avx2` is compiled for.
                unsafe {
                    if triads {
                        run_avx2::<true>(kernel, search, board)
                    } else {
                        run_avx2::<false>(kernel, search, board)
                    }
                }
            }
            #[cfg(target_arch = "x86_64")]
            (Kernels::Sse2(kernel), true) => run_sse2::<true>(kernel, search, board),
            #[cfg(target_arch = "x86_64")]
            (Kernels::Sse2(kernel), false) => run_sse2::<false>(kernel, search, board),
            (Kernels::Portable(kernel), true) => run_portable::<true>(kernel, search, board),
            (Kernels::Portable(kernel), false) => run_portable::<false>(kernel, search, board),
        };
    }
    Some(Found {
        solutions: search.found,
        guesses: search.tried.count,
        trail: search.tried.trail,
    })
}

/// What a search of a 9×9 puzzle found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Found {
    /// Solutions, no more than the limit.
    pub(crate) solutions: u64,
    /// Digits tried at guesses.
    pub(crate) guesses: u64,
    /// Which, in order: a hash ([`Tried`]).
    pub(crate) trail: u64,
}
