//! Counts the fills of a grid without blocks, ROWS × COLS, from a word list:
//! every row and every column a word of the list, no word twice. Written
//! apart from `puzzles::crossword` (no bitsets, no propagation, no
//! restarts): letters are placed square by square in reading order, each
//! kept only while its row and its column still begin some word, and while
//! every empty square of that row and column can still take a letter that
//! both its row and its column could end up with.
//!
//! ```sh
//! square-oracle LIST ROWS COLS [--first]
//! ```
//!
//! LIST is read as `bench/crossword/run.sh` reads it: lines of letters A–Z
//! and a–z only, case folded, each word once. A square's fill and its
//! transpose are two fills, as `puzzles crossword --count` counts them.

use std::process::ExitCode;
use std::time::Instant;

/// The words of one length as a trie: per node its children, the mask of
/// letters that follow, the word ending there, and per later position the
/// letters any word through the node has there.
struct Trie {
    len: usize,
    child: Vec<[u32; 26]>,
    next: Vec<u32>,
    word: Vec<u32>,
    reach: Vec<u32>,
}

const NONE: u32 = u32::MAX;

impl Trie {
    fn new(len: usize, words: &[Vec<u8>]) -> Trie {
        let mut trie = Trie {
            len,
            child: vec![[0; 26]],
            next: vec![0],
            word: vec![NONE],
            reach: Vec::new(),
        };
        for (id, word) in words.iter().enumerate() {
            let mut node = 0;
            for &letter in word {
                let c = usize::from(letter - b'A');
                if trie.child[node][c] == 0 {
                    trie.child[node][c] = trie.child.len() as u32;
                    trie.child.push([0; 26]);
                    trie.next.push(0);
                    trie.word.push(NONE);
                }
                trie.next[node] |= 1 << c;
                node = trie.child[node][c] as usize;
            }
            trie.word[node] = id as u32;
        }
        trie.reach = vec![0; trie.child.len() * len];
        trie.fill_reach(0, 0);
        trie
    }

    /// Fills `reach` below `node` (at `depth`), children first.
    fn fill_reach(&mut self, node: usize, depth: usize) {
        if depth == self.len {
            return;
        }
        self.reach[node * self.len + depth] = self.next[node];
        let mut next = self.next[node];
        while next != 0 {
            let c = next.trailing_zeros() as usize;
            next &= next - 1;
            let kid = self.child[node][c] as usize;
            self.fill_reach(kid, depth + 1);
            for p in depth + 1..self.len {
                self.reach[node * self.len + p] |= self.reach[kid * self.len + p];
            }
        }
    }

    fn reach(&self, node: u32, position: usize) -> u32 {
        self.reach[node as usize * self.len + position]
    }
}

struct Search<'a> {
    rows: usize,
    cols: usize,
    across: &'a Trie,
    down: &'a Trie,
    /// Each row's and each column's trie node so far.
    row_at: Vec<u32>,
    col_at: Vec<u32>,
    letters: Vec<u8>,
    fills: u64,
    placed: u64,
    first_only: bool,
    first: Option<Vec<u8>>,
}

impl Search<'_> {
    /// Whether every empty square of row `r` and column `c`, once `(r, c)`
    /// holds a letter, can still take one.
    fn open(&self, r: usize, c: usize) -> bool {
        let row = self.row_at[r];
        for cc in c + 1..self.cols {
            if self.across.reach(row, cc) & self.down.reach(self.col_at[cc], r) == 0 {
                return false;
            }
        }
        let col = self.col_at[c];
        for rr in r + 1..self.rows {
            if self.across.reach(self.row_at[rr], c) & self.down.reach(col, rr) == 0 {
                return false;
            }
        }
        true
    }

    /// Places the square `at` (reading order) and those after it; `false`
    /// stops the search.
    fn place(&mut self, at: usize) -> bool {
        if at == self.rows * self.cols {
            return self.complete();
        }
        let (r, c) = (at / self.cols, at % self.cols);
        let (row, col) = (self.row_at[r], self.col_at[c]);
        let mut letters = self.across.next[row as usize] & self.down.next[col as usize];
        while letters != 0 {
            let letter = letters.trailing_zeros() as usize;
            letters &= letters - 1;
            self.placed += 1;
            self.row_at[r] = self.across.child[row as usize][letter];
            self.col_at[c] = self.down.child[col as usize][letter];
            self.letters[at] = b'A' + letter as u8;
            if self.open(r, c) && !self.place(at + 1) {
                return false;
            }
        }
        self.row_at[r] = row;
        self.col_at[c] = col;
        true
    }

    /// A full grid: counted when its words are all different.
    fn complete(&mut self) -> bool {
        let mut words: Vec<(bool, u32)> = self
            .row_at
            .iter()
            .map(|&n| (true, self.across.word[n as usize]))
            .chain(
                self.col_at
                    .iter()
                    .map(|&n| (false, self.down.word[n as usize])),
            )
            .collect();
        // Rows and columns share a list only when the grid is square.
        if self.rows == self.cols {
            words.iter_mut().for_each(|w| w.0 = true);
        }
        words.sort_unstable();
        if words.windows(2).any(|w| w[0] == w[1]) {
            return true;
        }
        self.fills += 1;
        if self.first.is_none() {
            self.first = Some(self.letters.clone());
        }
        !self.first_only
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let first_only = args.iter().any(|a| a == "--first");
    let args: Vec<&String> = args.iter().filter(|a| *a != "--first").collect();
    let usage = "usage: square-oracle LIST ROWS COLS [--first]";
    let [list, rows, cols] = args[..] else {
        eprintln!("{usage}");
        return ExitCode::from(2);
    };
    let (Ok(rows), Ok(cols)) = (rows.parse::<usize>(), cols.parse::<usize>()) else {
        eprintln!("{usage}: ROWS and COLS are numbers");
        return ExitCode::from(2);
    };
    if !(2..=15).contains(&rows) || !(2..=15).contains(&cols) {
        eprintln!("square-oracle: ROWS and COLS go from 2 to 15");
        return ExitCode::from(2);
    }
    let text = match std::fs::read(list) {
        Ok(text) => text,
        Err(err) => {
            eprintln!("square-oracle: {list}: {err}");
            return ExitCode::from(2);
        }
    };
    let words_of = |len: usize| {
        let mut words: Vec<Vec<u8>> = text
            .split(|&b| b == b'\n')
            .map(|line| line.strip_suffix(b"\r").unwrap_or(line))
            .filter(|line| line.len() == len && line.iter().all(u8::is_ascii_alphabetic))
            .map(<[u8]>::to_ascii_uppercase)
            .collect();
        words.sort_unstable();
        words.dedup();
        words
    };
    let (across_words, down_words) = (words_of(cols), words_of(rows));
    let (across, down) = (Trie::new(cols, &across_words), Trie::new(rows, &down_words));
    let started = Instant::now();
    let mut search = Search {
        rows,
        cols,
        across: &across,
        down: &down,
        row_at: vec![0; rows],
        col_at: vec![0; cols],
        letters: vec![0; rows * cols],
        fills: 0,
        placed: 0,
        first_only,
        first: None,
    };
    search.place(0);
    let seconds = started.elapsed().as_secs_f64();
    if let Some(first) = &search.first {
        for row in first.chunks(cols) {
            println!("{}", String::from_utf8_lossy(row));
        }
    }
    let kind = if first_only && search.fills > 0 {
        "at least "
    } else {
        ""
    };
    println!(
        "{rows}x{cols}, {} + {} words: {kind}{} fills, {} letters placed, {seconds:.1} s",
        across_words.len(),
        down_words.len(),
        search.fills,
        search.placed
    );
    if search.fills == 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
