//! Every fast path against the brute-force oracles, on random input built to
//! hit ties, all-negative and all-zero runs and values at the ends of `i64`.

use std::io::Write;

use proptest::collection::vec;
use proptest::prelude::*;

use super::chunked::summarize_chunks;
use super::circular::MiddleFold;
use super::parse::{Parse, Tokenizer, read_matrix, read_values};
use super::stream::{scan, scan_circular, scan_circular_with, scan_file_in_ranges, scan_with};
use super::*;
use crate::cpu::Isa;

/// One element: mostly small (many ties), sometimes anywhere in `i64`,
/// sometimes at its very ends.
fn element() -> impl Strategy<Value = i64> {
    prop_oneof![
        4 => -5_i64..=5,
        2 => -1100_i64..=900,
        1 => Just(0_i64),
        1 => i64::MIN..=i64::MIN + 3,
        1 => i64::MAX - 3..=i64::MAX,
        1 => any::<i64>(),
    ]
}

/// Short inputs of every kind the tie rule and the overflow rule care about.
fn values() -> impl Strategy<Value = Vec<i64>> {
    prop_oneof![
        4 => vec(element(), 1..40),
        1 => vec(-1000_i64..=-1, 1..30),
        1 => vec(Just(0_i64), 1..20),
        1 => vec(prop_oneof![Just(i64::MIN), Just(i64::MAX), Just(-1_i64), Just(1_i64)], 1..30),
    ]
}

/// Decimals whose sums are exact in `f64`: quarters of small integers.
fn exact_floats() -> impl Strategy<Value = Vec<f64>> {
    vec((-400_i32..=400).prop_map(|x| f64::from(x) / 4.0), 1..30)
}

/// Halves of small numbers among large negative ones (each exact in `f64`,
/// their sums not), as twice their value: a run's sum found as the
/// difference of two sums that take in a large one lost what those sums
/// rounded away, in `f64`.
fn halves_among_large_negatives() -> impl Strategy<Value = Vec<i64>> {
    let large = (-(1_i64 << 20)..0, 33_u32..40).prop_map(|(high, shift)| high << shift);
    vec(prop_oneof![4 => -80_i64..=80, 1 => large], 1..40)
}

/// Longer inputs for the vectorised kernel: several blocks, lanes and
/// tails, sometimes with a value large enough to force the `i128` path.
fn long_values() -> impl Strategy<Value = Vec<i64>> {
    (
        1_usize..9000,
        -3_i64..=3,
        any::<u64>(),
        prop::option::of(any::<i64>()),
    )
        .prop_map(|(len, drift, seed, spike)| {
            let mut state = seed | 1;
            let mut values: Vec<i64> = (0..len)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    (state % 41) as i64 - 20 + drift
                })
                .collect();
            if let Some(spike) = spike {
                let at = (state as usize) % len;
                values[at] = spike;
            }
            values
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn every_method_matches_the_oracle(values in values()) {
        let expected = brute::max_subarray(&values).unwrap();
        prop_assert_eq!(kadane(&values).unwrap(), expected);
        prop_assert_eq!(kadane_classic(&values).unwrap(), expected);
        prop_assert_eq!(parallel(&values).unwrap(), expected);
        prop_assert_eq!(max_subarray(&values, Algorithm::Parallel).unwrap(), expected);
        for chunk in 1..=values.len() {
            prop_assert_eq!(summarize_chunks(&values, chunk).best, expected);
        }
    }

    #[test]
    fn the_monoid_gives_the_sequential_answer_for_every_split(values in values()) {
        let whole = ChunkSummary::of_values(&values).unwrap();
        prop_assert_eq!(whole.best, brute::max_subarray(&values).unwrap());
        for cut in 1..values.len() {
            let left = ChunkSummary::of_values(&values[..cut]).unwrap();
            let right = ChunkSummary::of_values(&values[cut..]).unwrap();
            prop_assert_eq!(left.combine(&right), whole);
            for second in cut + 1..values.len() {
                let middle = ChunkSummary::of_values(&values[cut..second]).unwrap();
                let last = ChunkSummary::of_values(&values[second..]).unwrap();
                prop_assert_eq!(left.combine(&middle).combine(&last), whole);
                prop_assert_eq!(left.combine(&middle.combine(&last)), whole);
            }
        }
    }

    #[test]
    fn prefix_and_suffix_follow_their_tie_rules(values in values()) {
        let summary = ChunkSummary::of_values(&values).unwrap();
        let wide: Vec<i128> = values.iter().map(|&v| i128::from(v)).collect();
        let prefixes: Vec<i128> = (0..wide.len()).map(|end| wide[..=end].iter().sum()).collect();
        let best_prefix = *prefixes.iter().max().unwrap();
        prop_assert_eq!(summary.prefix, best_prefix);
        prop_assert_eq!(summary.prefix_end, prefixes.iter().position(|&p| p == best_prefix).unwrap());
        let suffixes: Vec<i128> = (0..wide.len()).map(|start| wide[start..].iter().sum()).collect();
        let best_suffix = *suffixes.iter().max().unwrap();
        prop_assert_eq!(summary.suffix, best_suffix);
        prop_assert_eq!(summary.suffix_start, suffixes.iter().position(|&s| s == best_suffix).unwrap());
        prop_assert_eq!(summary.total, wide.iter().sum::<i128>());
    }

    #[test]
    fn the_vectorised_kernel_matches_the_plain_summary(values in long_values(), chunk in 1_usize..5000) {
        let expected = ChunkSummary::of_values(&values).unwrap();
        prop_assert_eq!(kernel::summarize_i64(&values), expected);
        prop_assert_eq!(kernel::block(None, &values), expected);
        prop_assert_eq!(summarize_chunks(&values, chunk), expected);
    }

    #[test]
    fn floats_with_exact_sums_agree_with_the_oracle(values in exact_floats()) {
        let expected = brute::max_subarray(&values).unwrap();
        prop_assert_eq!(kadane(&values).unwrap(), expected);
        prop_assert_eq!(parallel(&values).unwrap(), expected);
        for chunk in 1..=values.len() {
            prop_assert_eq!(summarize_chunks(&values, chunk).best, expected);
        }
        prop_assert_eq!(circular(&values).unwrap(), brute::circular(&values).unwrap());
        prop_assert_eq!(top_k(&values, 3).unwrap(), brute::top_k(&values, 3).unwrap());
        let bounds = Bounds::new(2, 5).unwrap();
        prop_assert_eq!(bounded(&values, bounds).ok(), brute::bounded(&values, bounds).unwrap());
    }

    /// The runs found in `f64` are those of the exact sums (the input's
    /// twice-over integers, summed in `i128`), and so are their sums, rounded
    /// once.
    #[test]
    fn differences_of_float_sums_keep_small_runs_exact(
        twice in halves_among_large_negatives(),
        min_len in 1_usize..5,
        extra in 0_usize..5,
    ) {
        let values: Vec<f64> = twice.iter().map(|&value| value as f64 / 2.0).collect();
        let rounded = |twice_sum: i128| twice_sum as f64 / 2.0;
        let exact = brute::circular(&twice).unwrap();
        let found = circular(&values).unwrap();
        prop_assert_eq!((found.start, found.len), (exact.start, exact.len));
        prop_assert_eq!(found.sum, rounded(exact.sum));
        let bounds = Bounds::new(min_len, min_len + extra).unwrap();
        match (bounded(&values, bounds), brute::bounded(&twice, bounds).unwrap()) {
            (Ok(found), Some(exact)) => {
                prop_assert_eq!((found.start, found.end), (exact.start, exact.end));
                prop_assert_eq!(found.sum, rounded(exact.sum));
            }
            (found, exact) => prop_assert!(found.is_err() && exact.is_none()),
        }
    }

    #[test]
    fn circular_matches_its_oracle(values in values()) {
        let expected = brute::circular(&values).unwrap();
        let found = circular(&values).unwrap();
        prop_assert_eq!(found, expected);
        prop_assert_eq!(found.wraps(), found.end < found.start);
        let linear = kadane(&values).unwrap();
        prop_assert!(found.sum >= linear.sum);
    }

    #[test]
    fn bounded_matches_its_oracle(values in values(), min_len in 1_usize..12, extra in 0_usize..12, open in any::<bool>()) {
        let bounds = if open {
            Bounds::at_least(min_len).unwrap()
        } else {
            Bounds::new(min_len, min_len + extra).unwrap()
        };
        let expected = brute::bounded(&values, bounds).unwrap();
        match bounded(&values, bounds) {
            Ok(found) => prop_assert_eq!(Some(found), expected),
            Err(SubarrayError::TooShort { min_len: asked, len }) => {
                prop_assert_eq!(expected, None);
                prop_assert_eq!((asked, len), (min_len, values.len()));
            }
            Err(err) => prop_assert!(false, "unexpected error {err}"),
        }
        let at_most = Bounds::at_most(extra + 1).unwrap();
        prop_assert_eq!(Some(bounded(&values, at_most).unwrap()), brute::bounded(&values, at_most).unwrap());
        prop_assert_eq!(bounded(&values, Bounds::any()).unwrap(), kadane(&values).unwrap());
    }

    #[test]
    fn top_k_matches_its_oracle(values in values(), k in 1_usize..45) {
        let found = top_k(&values, k).unwrap();
        prop_assert_eq!(&found, &brute::top_k(&values, k).unwrap());
        prop_assert_eq!(found[0], kadane(&values).unwrap());
        prop_assert_eq!(found.len(), k.min(found.len()));
        prop_assert!(found.windows(2).all(|pair| pair[0].sum >= pair[1].sum));
    }

    #[test]
    fn top_k_on_long_input_matches_its_oracle(values in vec(-30_i64..=25, 100..400), k in 1_usize..30) {
        prop_assert_eq!(top_k(&values, k).unwrap(), brute::top_k(&values, k).unwrap());
    }

    #[test]
    fn rect_matches_its_oracle(rows in 1_usize..6, cols in 1_usize..6, cells in vec(element(), 36)) {
        let matrix = Matrix::new(rows, cols, cells[..rows * cols].to_vec()).unwrap();
        let expected = brute::rect(&matrix).unwrap();
        prop_assert_eq!(rect(&matrix).unwrap(), expected);
        prop_assert_eq!(rect_parallel(&matrix).unwrap(), expected);
        let turned = brute::rect(&matrix.transposed()).unwrap();
        prop_assert_eq!(turned.sum, expected.sum);
    }

    #[test]
    fn rect_of_floats_matches_its_oracle(rows in 1_usize..5, cols in 1_usize..5, cells in exact_floats()) {
        let mut cells = cells;
        cells.resize(rows * cols, -0.5);
        let matrix = Matrix::new(rows, cols, cells).unwrap();
        prop_assert_eq!(rect(&matrix).unwrap(), brute::rect(&matrix).unwrap());
    }

    #[test]
    fn the_empty_subarray_wins_only_over_negative_sums(values in values()) {
        let best = kadane(&values).unwrap();
        match or_empty(best) {
            None => prop_assert!(values.iter().all(|&v| v < 0)),
            Some(kept) => prop_assert_eq!(kept, best),
        }
    }
}

/// Text for a list of numbers, with random separators, signs, leading zeros
/// and comments, as the parser must accept it.
fn render(values: &[i64], layout: &[u8]) -> String {
    let mut text = String::new();
    for (i, value) in values.iter().enumerate() {
        let style = layout.get(i).copied().unwrap_or(0);
        if style % 11 == 3 {
            text.push_str("# a comment, 1 2 3\n");
        }
        match style % 5 {
            0 if *value >= 0 => text.push('+'),
            1 if *value > 0 => text.push_str("00"),
            _ => {}
        }
        text.push_str(&value.to_string());
        text.push_str(match style % 7 {
            0 => " ",
            1 => "\n",
            2 => ",",
            3 => " , ",
            4 => "\r\n",
            5 => "\t",
            _ => "  #\n",
        });
    }
    text
}

/// Reads with some instruction sets, a small buffer, or both, to cover
/// every token loop and the buffer's edges.
fn read_with<T: Parse>(text: &[u8], isa: Isa, capacity: Option<usize>) -> Result<Vec<T>, String> {
    let mut tokenizer = Tokenizer::new(text).isa(isa);
    if let Some(capacity) = capacity {
        tokenizer = tokenizer.with_capacity(capacity);
    }
    let mut values = Vec::new();
    tokenizer
        .run(|block: &[T]| values.extend_from_slice(block))
        .map(|_| values)
        .map_err(|err| err.to_string())
}

/// The reference tokenizer: obviously correct, slow.
fn reference(text: &[u8]) -> Result<Vec<i64>, (u64, u64, String)> {
    let separator = |b: u8| b" \t\n\r,\x0b\x0c".contains(&b);
    let mut values = Vec::new();
    let (mut line, mut line_start, mut pos) = (1, 0, 0);
    if text.starts_with(b"\xEF\xBB\xBF") {
        pos = 3;
        line_start = 3;
    }
    while pos < text.len() {
        let byte = text[pos];
        if byte == b'\n' {
            line += 1;
            line_start = pos + 1;
        }
        if separator(byte) {
            pos += 1;
        } else if byte == b'#' {
            while pos < text.len() && text[pos] != b'\n' {
                pos += 1;
            }
        } else {
            let end = (pos..text.len())
                .find(|&i| separator(text[i]))
                .unwrap_or(text.len());
            let token = &text[pos..end];
            match std::str::from_utf8(token)
                .ok()
                .and_then(|t| t.parse::<i64>().ok())
            {
                Some(value) => values.push(value),
                None => {
                    let shown: String = String::from_utf8_lossy(token).chars().take(40).collect();
                    return Err((line, (pos - line_start + 1) as u64, shown));
                }
            }
            pos = end;
        }
    }
    Ok(values)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn well_formed_text_reads_back(
        values in vec(prop_oneof![any::<i64>(), -9_999_999_i64..=9_999_999, -99_i64..=99], 0..200),
        layout in vec(any::<u8>(), 200),
    ) {
        let text = render(&values, &layout);
        for (isa, capacity) in [
            (Isa::Avx512, None),
            (Isa::Avx2, None),
            (Isa::Portable, None),
            (Isa::Avx512, Some(64)),
            (Isa::Avx2, Some(56)),
            (Isa::Portable, Some(48)),
        ] {
            prop_assert_eq!(read_with::<i64>(text.as_bytes(), isa, capacity), Ok(values.clone()));
        }
    }

    #[test]
    fn any_text_reads_as_the_reference_says(text in prop_oneof![
        "[-+0-9 ,\n#xa.]{0,120}",
        // No comments: every 64-byte block goes through the vector path.
        "([-+]?[0-9]{1,21}[ ,\n\t]{1,2}){0,40}[-+0-9 ,\nxa.]{0,20}",
        "[-+0-9 ,\nxa.\r]{0,300}",
    ]) {
        let expected = reference(text.as_bytes());
        for (isa, capacity) in [
            (Isa::Avx512, None),
            (Isa::Avx2, None),
            (Isa::Portable, None),
            (Isa::Avx512, Some(64)),
            (Isa::Avx2, Some(60)),
            (Isa::Portable, Some(50)),
        ] {
            match (&expected, read_with::<i64>(text.as_bytes(), isa, capacity)) {
                (Ok(values), Ok(found)) => prop_assert_eq!(&found, values),
                (Err((line, column, token)), Err(message)) => {
                    let position = format!("line {line}, column {column}: `{token}`");
                    prop_assert!(message.starts_with(&position), "{message} vs {position}");
                }
                (expected, found) => prop_assert!(false, "{expected:?} vs {found:?}"),
            }
        }
    }

    #[test]
    fn decimals_parse_exactly_as_the_standard_parser_does(
        text in prop_oneof!["[-+]?[0-9]{0,18}[.]?[0-9]{0,18}", "[-+]?[0-9]{1,8}[.][0-9]{1,8}"]
    ) {
        let expected = text.parse::<f64>().ok().filter(|v| v.is_finite());
        let found = f64::parse_token(text.as_bytes()).ok();
        prop_assert_eq!(found.map(f64::to_bits), expected.map(f64::to_bits));
    }

    #[test]
    fn arbitrary_bytes_give_values_or_an_error(bytes in vec(any::<u8>(), 0..300)) {
        // A small buffer may call a long token too long rather than not a
        // number: same place, same outcome otherwise.
        let position = |read: Result<Vec<i64>, String>| read.map_err(|e| e.split(": `").next().unwrap().to_string());
        let vector = read_with::<i64>(&bytes, Isa::Avx512, None);
        prop_assert_eq!(&vector, &read_with::<i64>(&bytes, Isa::Avx2, None));
        prop_assert_eq!(&vector, &read_with::<i64>(&bytes, Isa::Portable, None));
        prop_assert_eq!(position(vector), position(read_with::<i64>(&bytes, Isa::Avx512, Some(40))));
        let floats = read_with::<f64>(&bytes, Isa::Avx512, None);
        prop_assert_eq!(floats.is_ok(), read_with::<f64>(&bytes, Isa::Avx512, Some(40)).is_ok());
        let _ = read_matrix::<i64, _>(&bytes[..]);
        let _ = read_matrix::<f64, _>(&bytes[..]);
        // The circular scan reads as the parser does, and answers as the
        // search in memory does.
        let circularly = scan_circular::<i64, _>(&bytes[..]).map(|scanned| scanned.best);
        match read_values::<i64, _>(&bytes[..]) {
            Ok(values) if !values.is_empty() => prop_assert_eq!(circularly.unwrap(), circular(&values).unwrap()),
            _ => prop_assert!(circularly.is_err()),
        }
    }

    #[test]
    fn scanning_text_gives_the_in_memory_answer(values in vec(element(), 1..300), layout in vec(any::<u8>(), 300)) {
        let text = render(&values, &layout);
        let best = kadane(&values).unwrap();
        let scanned = scan::<i64, _>(text.as_bytes()).unwrap();
        prop_assert_eq!(scanned.best, best);
        prop_assert_eq!(scanned.count, values.len() as u64);
        prop_assert_eq!(scanned.elements, Excerpt::of(&values[best.range()]));
        let small = scan_with::<i64, _>(Tokenizer::new(text.as_bytes()).with_capacity(64)).unwrap().finish().unwrap();
        prop_assert_eq!(small, scanned);
    }

    #[test]
    fn scanning_text_circularly_gives_the_in_memory_answer(
        values in prop_oneof![values(), vec(element(), 1..300)],
        layout in vec(any::<u8>(), 300),
    ) {
        let text = render(&values, &layout);
        let best = circular(&values).unwrap();
        let elements: Vec<i64> = best.indices().map(|index| values[index]).collect();
        let scanned = scan_circular::<i64, _>(text.as_bytes()).unwrap();
        prop_assert_eq!(scanned.best, best);
        prop_assert_eq!(scanned.count, values.len() as u64);
        prop_assert_eq!(scanned.elements, Excerpt::of(&elements));
        // Blocks of a few numbers: the middle run and the elements around it
        // cross block ends.
        let small = scan_circular_with::<i64, _>(Tokenizer::new(text.as_bytes()).with_capacity(64)).unwrap();
        prop_assert_eq!(small, scanned);
    }

    #[test]
    fn the_circular_fold_gives_the_in_memory_answer_whatever_the_blocks(
        values in prop_oneof![values(), vec(element(), 1..120)],
        cuts in vec(0_usize..40, 0..60),
    ) {
        let best = circular(&values).unwrap();
        let elements: Vec<i64> = best.indices().map(|index| values[index]).collect();
        let mut fold = MiddleFold::new();
        let mut rest = &values[..];
        for cut in cuts {
            // Empty blocks and blocks of one element too.
            let (block, after) = rest.split_at(cut.min(rest.len()) / 2);
            fold.push(block);
            rest = after;
        }
        fold.push(rest);
        let linear = kadane(&values).unwrap();
        let (found, excerpt) = fold.finish(
            CircularBest::new(linear.sum, linear.start, linear.len(), values.len()),
            Excerpt::of(&values[linear.range()]),
        );
        prop_assert_eq!(found, best);
        prop_assert_eq!(excerpt, Excerpt::of(&elements));
    }

    #[test]
    fn scanning_decimals_circularly_gives_the_in_memory_answer(values in exact_floats()) {
        let text = values.iter().map(f64::to_string).collect::<Vec<_>>().join("\n");
        let best = circular(&values).unwrap();
        let elements: Vec<f64> = best.indices().map(|index| values[index]).collect();
        let scanned = scan_circular_with::<f64, _>(Tokenizer::new(text.as_bytes()).with_capacity(64)).unwrap();
        prop_assert_eq!(scanned.best, best);
        prop_assert_eq!(scanned.elements, Excerpt::of(&elements));
    }

    #[test]
    fn scanning_a_file_by_ranges_gives_the_sequential_answer(values in vec(element(), 1..400), layout in vec(any::<u8>(), 400), min_range in 1_u64..200) {
        let text = render(&values, &layout);
        let mut file = tempfile();
        file.1.write_all(text.as_bytes()).unwrap();
        let pool = rayon::ThreadPoolBuilder::new().num_threads(3).build().unwrap();
        let scanned = pool.install(|| scan_file_in_ranges::<i64>(&file.0, min_range)).unwrap();
        prop_assert_eq!(scanned, scan::<i64, _>(text.as_bytes()).unwrap());
    }

    #[test]
    fn a_file_scanned_by_ranges_fails_as_the_sequential_scan_does(
        values in vec(element(), 1..400),
        layout in vec(any::<u8>(), 400),
        bad in vec((0usize..2000, prop_oneof![Just("x"), Just("\0"), Just("1.5"), Just("--")]), 1..4),
        min_range in 1_u64..200,
    ) {
        let mut text = render(&values, &layout);
        for (at, token) in bad {
            let at = at.min(text.len());
            text.insert_str(at, token);
        }
        let mut file = tempfile();
        file.1.write_all(text.as_bytes()).unwrap();
        let pool = rayon::ThreadPoolBuilder::new().num_threads(3).build().unwrap();
        let by_ranges = pool.install(|| scan_file_in_ranges::<i64>(&file.0, min_range));
        let sequential = scan::<i64, _>(text.as_bytes());
        prop_assert_eq!(
            by_ranges.map_err(|err| err.to_string()),
            sequential.map_err(|err| err.to_string())
        );
    }
}

/// A fresh file in the temporary directory, removed when the test ends.
fn tempfile() -> (std::path::PathBuf, std::fs::File, TempGuard) {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let path = std::env::temp_dir().join(format!(
        "puzzles-subarray-{}-{}.txt",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    let file = std::fs::File::create(&path).unwrap();
    (path.clone(), file, TempGuard(path))
}

struct TempGuard(std::path::PathBuf);

impl Drop for TempGuard {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

#[test]
fn errors_in_later_byte_ranges_keep_their_file_line_numbers() {
    let mut text = String::new();
    for i in 0..500 {
        text.push_str(&format!("{i}\n"));
    }
    text.push_str("12 bad 13\n");
    let mut file = tempfile();
    file.1.write_all(text.as_bytes()).unwrap();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(4)
        .build()
        .unwrap();
    let err = pool
        .install(|| scan_file_in_ranges::<i64>(&file.0, 64))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 501, column 4: `bad` is not an integer"
    );
}

#[test]
fn a_token_as_long_as_the_buffer_is_too_long() {
    let text = format!("1 {} 2", "7".repeat(100));
    let err = read_with::<i64>(text.as_bytes(), Isa::Avx512, Some(64)).unwrap_err();
    assert!(err.starts_with("line 1, column 3: `7777"), "{err}");
    assert!(
        err.ends_with("is too long for a number (more than 262144 bytes)")
            || err.contains("too long")
    );
    // A comment longer than the buffer is fine.
    let text = format!("1 #{}\n2", "x".repeat(300));
    assert_eq!(
        read_with::<i64>(text.as_bytes(), Isa::Avx512, Some(64)),
        Ok(vec![1, 2])
    );
}

#[test]
fn empty_input_and_bad_floats_are_errors() {
    let nothing: [i64; 0] = [];
    assert!(matches!(kadane(&nothing), Err(SubarrayError::EmptyInput)));
    assert!(matches!(
        scan::<i64, _>(&b"# only a comment\n"[..]),
        Err(SubarrayError::EmptyInput)
    ));
    assert!(matches!(
        kadane(&[1.0, f64::INFINITY]),
        Err(SubarrayError::NotFinite { index: 1 })
    ));
    assert!(matches!(
        kadane(&[f64::MAX, f64::MAX]),
        Err(SubarrayError::FloatTooLarge)
    ));
    assert!(matches!(
        scan::<f64, _>(&b"1e308 1e308"[..]),
        Err(SubarrayError::FloatTooLarge)
    ));
    assert!(matches!(top_k(&[1], 0), Err(SubarrayError::ZeroCount)));
    let values: Vec<i64> = read_values(&b"1 2 3"[..]).unwrap();
    assert_eq!(values, [1, 2, 3]);
}

#[test]
fn sums_beyond_i64_are_exact() {
    let values = vec![i64::MAX; 5000];
    let best = kadane(&values).unwrap();
    assert_eq!(best.sum, 5000 * i128::from(i64::MAX));
    assert_eq!((best.start, best.end), (0, 4999));
    let values = vec![i64::MIN; 5000];
    assert_eq!(
        kadane(&values).unwrap(),
        Best {
            sum: i128::from(i64::MIN),
            start: 0,
            end: 0
        }
    );
    let text = "9223372036854775807 9223372036854775807 -9223372036854775808";
    assert_eq!(
        scan::<i64, _>(text.as_bytes()).unwrap().best.sum,
        2 * i128::from(i64::MAX)
    );
}

#[test]
fn the_issue_examples() {
    assert_eq!(
        kadane(&[30, -40, 20, 40]).unwrap(),
        Best {
            sum: 60,
            start: 2,
            end: 3
        }
    );
    assert_eq!(
        kadane(&[-30, -40, -20, -40]).unwrap(),
        Best {
            sum: -20,
            start: 2,
            end: 2
        }
    );
    assert_eq!(or_empty(kadane(&[-30, -40, -20, -40]).unwrap()), None);
}

#[test]
fn matrices_read_row_by_row() {
    let m = read_matrix::<i64, _>(&b"1 2 # first\n\n# skipped\n3,4\n"[..]).unwrap();
    assert_eq!((m.rows(), m.cols(), m.values()), (2, 2, &[1, 2, 3, 4][..]));
    // Lines end with a line feed, a carriage return and a line feed, or a
    // carriage return alone (old Mac files were read as one row).
    for text in [
        &b"1 2\r3 4\r"[..],
        b"1 2\r\n3 4\r\n",
        b"1 2\r\r3 4",
        b"1 2\n\r3 4\n",
    ] {
        let m = read_matrix::<i64, _>(text).unwrap();
        assert_eq!(
            (m.rows(), m.cols(), m.values()),
            (2, 2, &[1, 2, 3, 4][..]),
            "{text:?}"
        );
    }
    let err = read_matrix::<i64, _>(&b"1 2\r3 x\r"[..]).unwrap_err();
    assert_eq!(err.to_string(), "line 2, column 3: `x` is not an integer");
    let err = read_matrix::<i64, _>(&b"1 2\n3 4 5\n"[..]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 2, column 5: this row has 3 numbers but the first row (line 1) has 2; every row of a matrix must have the same length"
    );
    let err = read_matrix::<i64, _>(&b"1 2 3\n4 5 # six\n"[..]).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("line 2, column 4: this row has 2 numbers"),
        "{err}"
    );
    let err = read_matrix::<i64, _>(&b"1 2\n3 x\n"[..]).unwrap_err();
    assert_eq!(err.to_string(), "line 2, column 3: `x` is not an integer");
    // A no-break space or a control character inside a token is shown
    // escaped: printed as it is, the token would look like two numbers.
    let err = read_matrix::<i64, _>("1 2\n3 4\u{a0}5\n".as_bytes()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 2, column 3: `4\\u{a0}5` is not an integer"
    );
    let err = read_matrix::<i64, _>(&b"1\x072\n"[..]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 1, column 1: `1\\u{7}2` is not an integer"
    );
    assert!(matches!(
        read_matrix::<i64, _>(&b"# nothing\n"[..]),
        Err(SubarrayError::EmptyInput)
    ));
}

/// What reading a matrix gave, in a shape the oracle below can build.
#[derive(Debug, PartialEq)]
enum MatrixOutcome {
    Read(usize, usize, Vec<i64>),
    Syntax(u64, u64, parse::SyntaxErrorKind),
    Ragged(u64, u64, usize, usize, u64),
    Empty,
}

fn matrix_outcome(read: Result<Matrix<i64>, SubarrayError>) -> MatrixOutcome {
    match read {
        Ok(m) => MatrixOutcome::Read(m.rows(), m.cols(), m.values().to_vec()),
        Err(SubarrayError::Syntax(e)) => {
            MatrixOutcome::Syntax(e.position.line, e.position.column, e.kind)
        }
        Err(SubarrayError::RaggedRow {
            line,
            column,
            found,
            expected,
            first_line,
        }) => MatrixOutcome::Ragged(line, column, found, expected, first_line),
        Err(SubarrayError::EmptyInput) => MatrixOutcome::Empty,
        Err(other) => panic!("unexpected error: {other}"),
    }
}

/// The matrix reader as plainly as it can be written: whole lines in
/// memory (ended by `\n`, `\r\n` or a lone `\r`), each split at separators
/// up to a `#` that starts a token.
fn matrix_by_lines(input: &[u8]) -> MatrixOutcome {
    let separator = |b: u8| matches!(b, b'\t' | b'\n' | 0x0B | 0x0C | b'\r' | b' ' | b',');
    let input = input.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(input);
    let mut first: Option<(u64, usize)> = None;
    let (mut rows, mut values) = (0, Vec::new());
    let mut lines = Vec::new();
    let mut rest = input;
    while let Some(end) = rest.iter().position(|&b| b == b'\n' || b == b'\r') {
        lines.push(&rest[..end]);
        let crlf = rest[end] == b'\r' && rest.get(end + 1) == Some(&b'\n');
        rest = &rest[end + 1 + usize::from(crlf)..];
    }
    lines.push(rest);
    for (index, &line) in lines.iter().enumerate() {
        let number = index as u64 + 1;
        // (start, end) of each token before the comment.
        let mut tokens = Vec::new();
        let mut pos = 0;
        while pos < line.len() {
            if separator(line[pos]) {
                pos += 1;
            } else if line[pos] == b'#' {
                break;
            } else {
                let end = (pos..line.len())
                    .find(|&i| separator(line[i]))
                    .unwrap_or(line.len());
                tokens.push((pos, end));
                pos = end;
            }
        }
        if tokens.is_empty() {
            continue;
        }
        let expected = first.map(|(_, cols)| cols);
        for (k, &(start, end)) in tokens.iter().enumerate() {
            let value = match i64::parse_token(&line[start..end]) {
                Ok(value) => value,
                Err(kind) => return MatrixOutcome::Syntax(number, 1 + start as u64, kind),
            };
            if expected == Some(k) {
                let (first_line, cols) = first.unwrap();
                return MatrixOutcome::Ragged(
                    number,
                    1 + start as u64,
                    tokens.len(),
                    cols,
                    first_line,
                );
            }
            values.push(value);
        }
        match first {
            None => first = Some((number, tokens.len())),
            Some((first_line, cols)) if cols != tokens.len() => {
                let past = 1 + tokens.last().unwrap().1 as u64;
                return MatrixOutcome::Ragged(number, past, tokens.len(), cols, first_line);
            }
            Some(_) => {}
        }
        rows += 1;
    }
    match first {
        Some((_, cols)) => MatrixOutcome::Read(rows, cols, values),
        None => MatrixOutcome::Empty,
    }
}

/// A reader that hands over one byte a read, so that every byte falls at
/// the edge of what the matrix reader has buffered.
struct ByteByByte<'a>(&'a [u8]);

impl std::io::Read for ByteByByte<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        match (self.0.split_first(), buf.first_mut()) {
            (Some((&byte, rest)), Some(slot)) => {
                *slot = byte;
                self.0 = rest;
                Ok(1)
            }
            _ => Ok(0),
        }
    }
}

proptest! {
    #[test]
    fn matrices_read_as_whole_lines_would(
        bytes in vec(prop::sample::select(&b"0123456789 -,\t\r\n\n\n#x.\xEF\xBB\xBF"[..]), 0..200),
        bom in any::<bool>(),
    ) {
        let mut input = if bom { b"\xEF\xBB\xBF".to_vec() } else { Vec::new() };
        input.extend_from_slice(&bytes);
        let expected = matrix_by_lines(&input);
        prop_assert_eq!(matrix_outcome(read_matrix::<i64, _>(&input[..])), expected);
        let trickled = matrix_outcome(read_matrix::<i64, _>(ByteByByte(&input)));
        prop_assert_eq!(trickled, matrix_by_lines(&input));
    }
}

#[test]
fn a_matrix_line_is_never_held_whole() {
    // Far past any token's bound, and nothing else on the line: a comment,
    // blanks, and a row whose extra numbers are only counted.
    let long = 3 * parse::MAX_TOKEN;
    let mut comment = b"1 2\n#".to_vec();
    comment.resize(comment.len() + long, b'x');
    comment.extend_from_slice(b"\n3 4\n");
    let m = read_matrix::<i64, _>(&comment[..]).unwrap();
    assert_eq!(m.values(), &[1, 2, 3, 4]);
    let blanks = vec![b' '; long];
    assert!(matches!(
        read_matrix::<i64, _>(&blanks[..]),
        Err(SubarrayError::EmptyInput)
    ));
    let digits = vec![b'1'; long];
    let err = read_matrix::<i64, _>(&digits[..]).unwrap_err();
    assert!(
        err.to_string().starts_with("line 1, column 1: `1111")
            && err
                .to_string()
                .contains(&format!("more than {} bytes", parse::MAX_TOKEN)),
        "{err}"
    );
    let mut row = b"1 2\n3 4".to_vec();
    for _ in 0..long / 2 {
        row.extend_from_slice(b" 5");
    }
    assert_eq!(
        matrix_outcome(read_matrix::<i64, _>(&row[..])),
        MatrixOutcome::Ragged(2, 5, 2 + long / 2, 2, 1)
    );
}

/// What JSON holds is checked as the constructors check it, and the message
/// of a shape no `usize` can hold is still written.
#[test]
fn matrices_and_bounds_read_from_json_are_checked() {
    let matrix = Matrix::new(2, 2, vec![1i64, 2, 3, 4]).unwrap();
    let json = serde_json::to_string(&matrix).unwrap();
    assert_eq!(serde_json::from_str::<Matrix<i64>>(&json).unwrap(), matrix);
    let short = r#"{"rows":2,"cols":2,"values":[1]}"#;
    let err = serde_json::from_str::<Matrix<i64>>(short).unwrap_err();
    assert!(err.to_string().contains("needs 4 values, not 1"), "{err}");
    let bounds = r#"{"min_len":0,"max_len":3}"#;
    assert!(serde_json::from_str::<Bounds>(bounds).is_err());
    let huge = Matrix::<i64>::new(usize::MAX, 2, vec![]).unwrap_err();
    assert_eq!(
        huge.to_string(),
        format!(
            "a {}×2 matrix needs {} values, not 0",
            usize::MAX,
            2 * u128::from(u64::MAX)
        )
    );
}

#[test]
fn a_count_of_runs_past_the_bound_is_refused_by_both_searches() {
    let values = [1_i64, -1, 1];
    assert_eq!(
        top_k(&values, MAX_RUNS).unwrap().len(),
        3,
        "every element used"
    );
    for refused in [MAX_RUNS + 1, usize::MAX] {
        assert!(
            matches!(top_k(&values, refused), Err(SubarrayError::TooManyRuns(k)) if k == refused)
        );
        assert!(matches!(
            brute::top_k(&values, refused),
            Err(SubarrayError::TooManyRuns(_))
        ));
    }
    assert_eq!(
        top_k(&values, MAX_RUNS + 1).unwrap_err().to_string(),
        "the number of runs to find must be at most 1048576, not 1048577"
    );
}
