//! How long the plain search takes to find the lexicographically first
//! solution, size by size: the measurements behind
//! `puzzles::queens::lexicographic_is_quick`.
//!
//! ```text
//! cargo run --release --example first_bench -- queen plain 1 35
//! cargo run --release --example first_bench -- superqueen plain 20 40 find
//! ```
//!
//! With `find` it times the completion search (most constrained line
//! first) with no pieces given instead. Stop it with Ctrl-C when a size
//! takes too long: that is the point.

use std::time::Instant;

use puzzles::queens::{Board, Piece, Rules};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 4 {
        eprintln!("usage: first_bench PIECE plain|torus FROM TO [find]");
        return;
    }
    let piece: Piece = args[0].parse().expect("queen, rook, king or superqueen");
    let torus = args[1] == "torus";
    let from: usize = args[2].parse().expect("FROM");
    let to: usize = args[3].parse().expect("TO");
    let find = args.get(4).is_some_and(|mode| mode == "find");
    for n in from..=to {
        let board = Board::with_rules(Rules::new(n, piece, torus).expect("n ≥ 1")).expect("n ≤ 64");
        let start = Instant::now();
        let found = if find {
            board.with_given(&[]).expect("no pieces given").find()
        } else {
            board.first()
        };
        let seconds = start.elapsed().as_secs_f64();
        let answer = if found.is_some() { "found" } else { "none" };
        println!("n = {n:2}  {seconds:10.4} s  {answer}");
    }
}
