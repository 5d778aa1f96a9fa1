//! The `sudoku` crate (0.8) as a whole process, the equivalent of
//! `puzzles sudoku [--count] --file FILE`: reads the file, solves each line
//! (or counts its solutions up to 2), writes one answer line per puzzle to
//! standard output in large buffered writes.
//!
//! `sudoku-crate-file [--count] FILE` (as every `sudoku-bench --peer`)

use std::io::{BufRead, BufReader, Write};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (count, path) = match args.as_slice() {
        [flag, path] if flag == "--count" => (true, path),
        [path] => (false, path),
        _ => panic!("usage: sudoku-crate-file [--count] FILE"),
    };
    let file = std::fs::File::open(path).expect("the file is readable");
    let mut input = BufReader::with_capacity(1 << 16, file);
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut line = String::new();
    let mut answer = [b'\n'; 82];
    loop {
        line.clear();
        if input.read_line(&mut line).expect("the file is readable") == 0 {
            break;
        }
        let text = line.trim_end();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let Ok(sudoku) = sudoku::Sudoku::from_str_line(text) else {
            out.write_all(b"invalid\n").unwrap();
            continue;
        };
        if count {
            let text: &[u8] = match sudoku.solutions_count_up_to(2) {
                0 => b"0\n",
                1 => b"1\n",
                _ => b"2 or more\n",
            };
            out.write_all(text).unwrap();
        } else if let Some(solution) = sudoku.some_solution() {
            for (byte, digit) in answer.iter_mut().zip(solution.to_bytes()) {
                *byte = b'0' + digit;
            }
            out.write_all(&answer).unwrap();
        } else {
            out.write_all(b"no solution\n").unwrap();
        }
    }
    out.flush().unwrap();
}
