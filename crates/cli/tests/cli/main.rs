//! The `puzzles` command through the real binary, one module per topic (one
//! test binary, so the suite links once).

mod util;

mod command_line;
mod count;
mod count_checkpoint;
mod count_quadrants;
mod count_sample;
mod crossword;
mod crossword_checkpoint;
mod edges;
mod edges_checkpoint;
mod edges_parts;
mod exact_cover;
mod limits;
mod maxsub;
mod queens;
mod queens_first;
mod queens_given;
mod queens_verify;
mod readme;
mod serve;
mod shard;
mod shell;
mod sudoku;
mod svg;
mod terminal;
