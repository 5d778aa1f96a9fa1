//! The 9×9 engine: digit-major band bitboards, in the manner of JCZSolve.
//!
//! For each digit, the cells still open to it are three 27-bit words, one
//! per *band* (three rows, and so three boxes): cell `(row, col)` is bit
//! `9 * (row % 3) + col` of word `row / 3`. A placed digit keeps its own
//! cell and no other cell of its row, column or box; every other digit
//! loses the cell when its word is next brought up to date (a word's open
//! cells are its unsolved cells and those where its digit is placed, so the
//! word counts as changed until then). The three cells where a row crosses
//! a box (a *minirow*) are three adjacent bits, at bit `3 * m` for minirow
//! `m = 3 * row + box` of the band; the three cells where a column crosses
//! a band (a *minicolumn*) are bits `col`, `col + 9` and `col + 18`.
//!
//! Propagation has a cheap inner loop, naked singles when it stalls, and
//! hidden singles in columns before a guess:
//!
//! - Each (digit, band) word that changed since it was last brought up to
//!   date (one vector compare per digit finds them all, where a compare
//!   and branch per word would be mispredicted at every changed word)
//!   gets *locked candidates* between rows and boxes by table: the
//!   minirows that hold the digit form a 3×3 pattern (rows × boxes), and
//!   since the digit stands once in each row and once in each box, only
//!   minirows on some permutation of the pattern keep it (pointing and
//!   claiming at once; a row or box left without the digit empties the
//!   word). A box whose cells for the digit lie in one column takes that
//!   column from the other bands, and a cell left alone in its row — which
//!   covers a cell alone in its box — is placed (*hidden singles*).
//! - When no word changes, cells left with one digit (*naked singles*) are
//!   placed, and a cell left with none is a contradiction.
//! - When that places nothing either, and only then, *hidden singles in
//!   columns* are placed before the search guesses (and a digit left with
//!   no cell in a column is found a contradiction there, where nothing
//!   else looks for it): about a tenth fewer
//!   guesses on `top1465.txt` (a quarter on `17-clue.txt`) for a pass over
//!   9 digits that only the states about to guess pay.
//!
//! - With triads on (the default), when that places nothing either, a
//!   minirow or minicolumn left with exactly three candidate digits keeps
//!   them from the rest of its row (column) and box, and one left with
//!   fewer is a contradiction: a fifth fewer guesses on `top1465.txt`.
//!
//! The passes over the whole board (naked singles, column singles, triads)
//! run through a [`Kernel`](simd::Kernel): the portable one, or SSE2 on x86-64, which
//! holds a digit's three band words in one register (see `simd.rs`).
//!
//! Hidden singles in columns at every stall, and locked candidates between
//! columns and boxes beyond the rule above, cost more than the guesses they
//! save (measured on `top1465.txt`), so they are left to the search.
//!
//! A run of puzzles (a file, through `batch::run_lines`) is searched three
//! at a time ([`Searches`]): three explicit-stack searches (`Machine`)
//! take turns step by step (a word update, finding the changed words, the
//! passes at a stall, or moving to the next node or puzzle), so none waits
//! for another's node to end. A sweep is a chain of dependent loads,
//! `pext` and table lookups, so other, independent chains fill the core's
//! idle cycles. Two searches were 11% more puzzles a second on
//! `17-clue.txt` and 7% on `top1465.txt`, whole process, when they waited
//! for each other at the end of every node, and 5% and 10% more again
//! taking turns; a third adds 3% on both (a fourth nothing), and writing
//! each machine's turn out on its own (its own branches to predict) 7% and
//! 5%. Each machine visits the nodes in the recursive search's order (the
//! tests compare a hash of the digits tried, in order), so the answers are
//! the same, first solutions too.
//!
//! When nothing is left to place, the search guesses on the cell with two
//! digits whose guess reaches furthest — a cell with the fewest otherwise —
//! trying first, on a copy of the state, the digit with fewer cells open in
//! the cell's row (the lower on a tie), and the other on the state itself.
//! A cell's *reach* counts, for both its digits, the peers still open to
//! the digit, four times over those with two digits (each becomes a
//! single in one branch or the other); the first in reading order wins a
//! tie. Against guessing on the last cell with two digits, it cuts the
//! digits tried at guesses by 46% on `top1465.txt` (16.0 to 8.6 a puzzle),
//! 58% on `forum_hardest_1106` and 49% on a sample of
//! `forum_hardest_1905_11+`, for a pass over the cells with two digits at
//! each guess: 12%, 41% and 20% more puzzles a second, whole process.
//! Counting those peers once, twice, five, eight or sixteen times, or
//! scoring only the first 4, 8 or 16 cells, did no better.

mod board;
mod search;
mod simd;
mod tables;

pub(crate) use search::{Found, Searched, Searches, search, search_by};
