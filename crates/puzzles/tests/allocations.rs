//! The searches allocate nothing per node: a counting allocator shows that
//! what a search allocates does not grow with the size of the tree.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use puzzles::exact_cover::n_queens;
use puzzles::sudoku::{Puzzle, Solver};

struct Counting;

thread_local! {
    // Per thread: the test harness's own threads allocate now and then
    // (more often on a loaded machine), and must not count against the
    // search. A const-initialised `Cell` needs no allocation to reach.
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn count_one() {
    // `try_with`: a thread being torn down has no counter left to bump.
    let _ = ALLOCATIONS.try_with(|count| count.set(count.get() + 1));
}

// SAFETY: every call is passed on unchanged to the system allocator.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count_one();
        // SAFETY: the caller upholds `alloc`'s contract.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller upholds `dealloc`'s contract.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_one();
        // SAFETY: the caller upholds `realloc`'s contract.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations_during(work: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.with(Cell::get);
    work();
    ALLOCATIONS.with(Cell::get) - before
}

// The searches below run on the test's own thread, which is what the
// per-thread counter sees.
#[test]
fn searches_allocate_nothing_per_node() {
    // Exact cover: counting 6-queens (a few hundred nodes) and 10-queens
    // (tens of thousands) allocates the same: the table, once.
    let small = n_queens(6).unwrap();
    let large = n_queens(10).unwrap();
    let for_small = allocations_during(|| assert_eq!(small.count(), 4));
    let for_large = allocations_during(|| assert_eq!(large.count(), 724));
    assert_eq!(for_small, for_large);
    assert!(for_large <= 10, "{for_large} allocations");
    // Listing adds one vector per solution.
    let listing = allocations_during(|| assert_eq!(large.solutions().count(), 724));
    assert_eq!(listing, for_large + 724);

    // The Sudoku solver, once warm, allocates only the grid it returns.
    let hard = Puzzle::parse(
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    )
    .unwrap();
    let mut solver = Solver::new();
    let first = solver.solve(&hard).unwrap();
    let again = allocations_during(|| assert_eq!(solver.solve(&hard), Some(first.clone())));
    assert_eq!(
        again, 2,
        "the returned grid and its clone for the comparison"
    );
    let counting = allocations_during(|| assert_eq!(solver.count_up_to(&hard, 2), 1));
    assert_eq!(counting, 0);
}
