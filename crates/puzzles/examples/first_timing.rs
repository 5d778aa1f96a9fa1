use puzzles::queens::{Board, Piece, Rules};
use std::time::Instant;
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let piece: Piece = args[0].parse().unwrap();
    let torus = args[1] == "torus";
    let (a, b): (usize, usize) = (args[2].parse().unwrap(), args[3].parse().unwrap());
    let find = args.get(4).is_some();
    for n in a..=b {
        let t = Instant::now();
        let board = Board::with_rules(Rules::new(n, piece, torus).unwrap()).unwrap();
        let first = if find {
            board.with_given(&[]).unwrap().find()
        } else {
            board.first()
        };
        println!(
            "{n:3} {:10.4}s {}",
            t.elapsed().as_secs_f64(),
            first.is_some()
        );
    }
}
