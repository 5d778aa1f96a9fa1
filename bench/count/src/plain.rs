//! `plain-count N`: the plain bitboard backtracker as a whole process (every
//! row, no symmetry, one thread), for side-by-side timings with
//! `puzzles queens N --count` (see `bench/count.sh`).

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .expect("usage: plain-count N");
    let (solutions, _nodes) = puzzles::queens::count::plain_count(n).expect("a board size");
    println!("{solutions}");
}
