//! `--given` and `--given-file`: the pieces whose completions a job counts.
//! Rank 0 reads them, as `puzzles queens N --given … --count` does, and
//! broadcasts them to every rank as numbers, which build the same plan.

use std::io::BufReader;
use std::path::Path;

use anyhow::Context;
use puzzles::queens::given_file::read_given;

/// One given square, `ROW:COL` (0-based), for clap: the library's parser,
/// so that `--given` reads as in `puzzles`.
pub fn parse_square(text: &str) -> Result<(usize, usize), String> {
    puzzles::queens::parse_square(text).map_err(|err| err.to_string())
}

/// The squares of `--given`, then those of `--given-file` (`-` for
/// standard input, which mpirun hands to rank 0).
pub fn given_squares(
    given: &[(usize, usize)],
    file: Option<&Path>,
) -> anyhow::Result<Vec<(usize, usize)>> {
    let mut squares = given.to_vec();
    let Some(path) = file else {
        return Ok(squares);
    };
    let read = if path.as_os_str() == "-" {
        read_given(std::io::stdin().lock()).context("standard input")?
    } else {
        let file =
            std::fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
        read_given(BufReader::new(file)).with_context(|| path.display().to_string())?
    };
    squares.extend(read);
    Ok(squares)
}

/// `squares` as the words of a broadcast: row, column, row, column, ….
pub fn encode(squares: &[(usize, usize)]) -> Vec<u64> {
    squares
        .iter()
        .flat_map(|&(row, col)| [row as u64, col as u64])
        .collect()
}

/// The squares of [`encode`]'s words.
pub fn decode(words: &[u64]) -> Vec<(usize, usize)> {
    words
        .chunks_exact(2)
        .map(|pair| (pair[0] as usize, pair[1] as usize))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_cross_a_broadcast_unchanged() {
        let squares = vec![(0, 5), (3, 1), (1_000_000, 999_999)];
        assert_eq!(decode(&encode(&squares)), squares);
    }

    #[test]
    fn a_given_file_adds_its_squares_after_the_options() {
        let path = std::env::temp_dir().join(format!("mpi-given-{}.txt", std::process::id()));
        std::fs::write(&path, "# two queens\n3:1\n5 2\n").unwrap();
        let squares = given_squares(&[(0, 5)], Some(&path)).unwrap();
        std::fs::remove_file(&path).unwrap();
        assert_eq!(squares, [(0, 5), (3, 1), (5, 2)]);
        let missing = given_squares(&[], Some(Path::new("/no/such/given.txt"))).unwrap_err();
        assert!(
            format!("{missing:#}").starts_with("cannot read /no/such/given.txt: "),
            "{missing:#}"
        );
    }
}
