//! Times one fill: `cargo run --release --example crossword_fill GRID [LIST]`
//! (the shipped English list without LIST); prints the fill, the words tried
//! and the time, and stops after 10 million words tried.

use std::ops::ControlFlow;
use std::time::Instant;

use puzzles::crossword::{Filler, Grid, WordList, render};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let grid = Grid::parse(&std::fs::read_to_string(args.next().ok_or("GRID")?)?)?;
    let started = Instant::now();
    let words = match args.next() {
        Some(path) => WordList::parse(std::io::BufReader::new(std::fs::File::open(path)?))?,
        None => WordList::english(),
    };
    let loaded = started.elapsed();
    let filler = Filler::new(&grid, &words)?;
    let prepared = started.elapsed();
    let mut found = None;
    let summary = filler.search(
        Some(1),
        &mut |progress| {
            if progress.nodes >= 10_000_000 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        },
        &mut |fill| {
            found = Some(fill);
            ControlFlow::Continue(())
        },
    );
    match found {
        Some(fill) => print!("{}", render::text(&fill)),
        None if summary.complete => println!("no fill"),
        None => println!("gave up"),
    }
    println!(
        "{} words, load {:.3}s, prepare {:.3}s, total {:.3}s, {} words tried",
        words.len(),
        loaded.as_secs_f64(),
        (prepared - loaded).as_secs_f64(),
        started.elapsed().as_secs_f64(),
        summary.nodes
    );
    Ok(())
}
