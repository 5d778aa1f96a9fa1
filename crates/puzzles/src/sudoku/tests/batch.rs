//! Batches: answers in input order on any number of threads, long lines,
//! counting, sink errors, and the fast line path against the general one.

use proptest::prelude::*;

use super::{CLASSIC, Rng, data_file, random_solution};
use crate::sudoku::{Alphabet, Puzzle, SudokuError, batch};

#[test]
fn batch_answers_in_order_on_any_number_of_threads() {
    let mut input = String::from("# a comment\n\n");
    let mut expected = Vec::new();
    for (index, (_, text)) in data_file("top1465.txt").iter().take(300).enumerate() {
        // Sprinkle in invalid and unsolvable lines.
        match index % 50 {
            7 => {
                input.push_str(&text[..80]);
                expected.push("invalid".to_string());
            }
            8 => {
                input.push_str("1.....23........");
                expected.push("none".to_string());
            }
            _ => {
                input.push_str(text);
                expected.push(Puzzle::parse(text).unwrap().solve().unwrap().to_string());
            }
        }
        input.push('\n');
    }
    for threads in [1, 2, 3] {
        let options = batch::BatchOptions {
            threads,
            ..batch::BatchOptions::default()
        };
        let mut got = Vec::new();
        let mut lines = Vec::new();
        let summary = batch::run(input.as_bytes(), &options, |answer| {
            lines.push(answer.line);
            got.push(match &answer.outcome {
                batch::BatchOutcome::Solved { solution, .. } => solution.to_string(),
                batch::BatchOutcome::NoSolution { .. } => "none".to_string(),
                batch::BatchOutcome::Invalid(_) => "invalid".to_string(),
                other => panic!("{other:?}"),
            });
            Ok(())
        })
        .unwrap();
        assert_eq!(got, expected, "threads = {threads}");
        assert_eq!(lines, (3..303).collect::<Vec<_>>());
        // The rendered run: the same answers, as bytes made by the solving
        // threads, the messages in order too.
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let rendered = batch::run_rendered(
            input.as_bytes(),
            &options,
            |answer, out, err| {
                let text = match &answer.outcome {
                    batch::BatchOutcome::Solved { solution, .. } => solution.to_string(),
                    batch::BatchOutcome::NoSolution { .. } => "none".to_string(),
                    batch::BatchOutcome::Invalid(_) => {
                        err.extend(format!("{}\n", answer.line).bytes());
                        "invalid".to_string()
                    }
                    other => panic!("{other:?}"),
                };
                out.extend(text.bytes());
                out.push(b'\n');
            },
            |bytes, messages| {
                out.extend_from_slice(bytes);
                err.extend_from_slice(messages);
                Ok(())
            },
        )
        .unwrap();
        assert_eq!(rendered, summary, "threads = {threads}");
        let out = String::from_utf8(out).unwrap();
        assert_eq!(
            out.lines().collect::<Vec<_>>(),
            expected,
            "threads = {threads}"
        );
        let invalid_lines: Vec<String> = lines
            .iter()
            .zip(&expected)
            .filter(|(_, text)| *text == "invalid")
            .map(|(line, _)| line.to_string())
            .collect();
        assert_eq!(
            String::from_utf8(err).unwrap().lines().collect::<Vec<_>>(),
            invalid_lines
        );
        assert_eq!(summary.puzzles, 300);
        assert_eq!(summary.invalid, 6);
        assert_eq!(summary.no_solution, 6);
        assert_eq!(summary.first_invalid_line, Some(10));
    }
}

/// Endless text without a line break, then (after `length` bytes) a line
/// break and a puzzle: read as it goes, never held.
struct LongLine {
    length: u64,
    sent: u64,
    rest: &'static [u8],
}

impl std::io::Read for LongLine {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.sent < self.length {
            let n = buf.len().min((self.length - self.sent) as usize);
            buf[..n].fill(b'1');
            self.sent += n as u64;
            return Ok(n);
        }
        let n = buf.len().min(self.rest.len());
        buf[..n].copy_from_slice(&self.rest[..n]);
        self.rest = &self.rest[n..];
        Ok(n)
    }
}

#[test]
fn a_line_past_the_bound_is_refused_and_skipped() {
    let rest = "\n1...............\n# the end\n";
    for threads in [1, 2] {
        for length in [batch::MAX_LINE_BYTES as u64 + 1, 64 << 20] {
            let input = std::io::BufReader::new(LongLine {
                length,
                sent: 0,
                rest: rest.as_bytes(),
            });
            let options = batch::BatchOptions {
                threads,
                ..batch::BatchOptions::default()
            };
            let mut answers = Vec::new();
            let summary = batch::run(input, &options, |answer| {
                answers.push(answer.clone());
                Ok(())
            })
            .unwrap();
            assert_eq!(answers.len(), 2);
            assert_eq!(
                answers[0],
                batch::Answer {
                    line: 1,
                    outcome: batch::BatchOutcome::Invalid(SudokuError::LineTooLong {
                        limit: batch::MAX_LINE_BYTES
                    }),
                }
            );
            assert_eq!(answers[1].line, 2);
            assert!(matches!(
                answers[1].outcome,
                batch::BatchOutcome::Solved { .. }
            ));
            assert_eq!((summary.invalid, summary.solved), (1, 1));
        }
    }
    // A line of exactly the bound is read; a long comment is skipped.
    let exact = format!(
        "{}\n#{}\n",
        " ".repeat(batch::MAX_LINE_BYTES - 16) + "1...............",
        "x".repeat(100_000)
    );
    let mut outcomes = Vec::new();
    batch::run(
        exact.as_bytes(),
        &batch::BatchOptions::default(),
        |answer| {
            outcomes.push(answer.outcome.clone());
            Ok(())
        },
    )
    .unwrap();
    assert_eq!(outcomes.len(), 1);
    assert!(matches!(outcomes[0], batch::BatchOutcome::Solved { .. }));
}

#[test]
fn what_is_not_a_puzzle_is_passed_over_whatever_its_length() {
    let long = batch::MAX_LINE_BYTES + 10;
    let input = format!(
        "\u{feff}{}\r\n{}#{}\n{}\n{}\r\n{CLASSIC}\n",
        " ".repeat(batch::MAX_LINE_BYTES - 81) + CLASSIC,
        " ".repeat(long),
        "x".repeat(10),
        " \t".repeat(long),
        " ".repeat(batch::MAX_LINE_BYTES - 81) + CLASSIC,
    );
    let mut lines = Vec::new();
    batch::run(
        input.as_bytes(),
        &batch::BatchOptions::default(),
        |answer| {
            assert!(
                matches!(answer.outcome, batch::BatchOutcome::Solved { .. }),
                "line {}: {:?}",
                answer.line,
                answer.outcome
            );
            lines.push(answer.line);
            Ok(())
        },
    )
    .unwrap();
    // A line of exactly the bound after a mark opening the input (which is
    // no part of its length), a long comment behind blanks, a long blank
    // line, and a line of exactly the bound before its `\r\n`.
    assert_eq!(lines, [1, 4, 5]);
}

#[test]
fn batch_counts_and_stops_on_a_sink_error() {
    let input = format!("{CLASSIC}\n{}\n1.....23........\n", ".".repeat(81));
    let options = batch::BatchOptions {
        task: batch::Task::Count { limit: 2 },
        threads: 2,
        ..batch::BatchOptions::default()
    };
    let mut counts = Vec::new();
    let summary = batch::run(input.as_bytes(), &options, |answer| {
        if let batch::BatchOutcome::Counted { solutions, .. } = &answer.outcome {
            counts.push(*solutions);
        }
        Ok(())
    })
    .unwrap();
    assert_eq!(counts, [1, 2, 0]);
    assert_eq!((summary.at_limit, summary.no_solution), (1, 1));
    let mut calls = 0;
    let err = batch::run(input.as_bytes(), &options, |_| {
        calls += 1;
        Err(std::io::Error::other("sink full"))
    })
    .unwrap_err();
    assert_eq!((err.to_string().as_str(), calls), ("sink full", 1));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn the_vector_line_reader_agrees_with_the_table(
        text in proptest::collection::vec(proptest::sample::select(b"0123456789.".to_vec()), 81),
        damage in proptest::option::of((0usize..81, any::<u8>())),
        zero_based in any::<bool>(),
    ) {
        let alphabet = if zero_based { Alphabet::ZeroBased } else { Alphabet::Standard };
        let mut text: [u8; 81] = text.try_into().unwrap();
        // Sometimes one byte of any value, most often a good line.
        if let Some((at, byte)) = damage {
            text[at] = byte;
        }
        let expected = batch::portable_cells(&text, alphabet);
        #[cfg(target_arch = "x86_64")]
        prop_assert_eq!(batch::sse2_cells(&text, alphabet), expected);
        // What the table reads is what the parser reads (when the givens do
        // not clash).
        let parsed = Puzzle::parse_with(std::str::from_utf8(&text).unwrap_or("x"), alphabet);
        if let Some(cells) = expected {
            prop_assert!(cells.iter().all(|&c| c <= 9));
            if let Ok(puzzle) = parsed {
                prop_assert_eq!(puzzle.cells(), &cells[..]);
            }
        }
    }

    #[test]
    fn run_lines_writes_what_the_general_path_answers(
        seed in any::<u64>(),
        keep in 0usize..70,
        tamper in any::<bool>(),
        damage in 0usize..6,
        zero_based in any::<bool>(),
        threads in 1usize..3,
        read_ahead in any::<bool>(),
    ) {
        let alphabet = if zero_based { Alphabet::ZeroBased } else { Alphabet::Standard };
        // A few lines around a random puzzle, some of them damaged: a
        // clash, a bad character, spacing, a wrong length.
        let mut rng = Rng::new(seed);
        let mut cells = random_solution(3, &mut rng);
        for cell in &mut cells {
            if rng.below(100) >= keep {
                *cell = 0;
            }
        }
        if tamper {
            cells[rng.below(81)] = 1 + rng.below(9) as u8;
        }
        let mut line: Vec<u8> = cells.iter().map(|&d| alphabet.symbol(d) as u8).collect();
        match damage {
            1 => line[rng.below(81)] = b'x',
            2 => line.insert(rng.below(81), b' '),
            3 => { line.pop(); }
            _ => {}
        }
        let input = format!("{}\n# a comment\n\n{}\r\n", String::from_utf8_lossy(&line), CLASSIC);
        for task in [batch::Task::Solve, batch::Task::Count { limit: 2 }] {
            // The input's length is only a hint: right, wrong or unknown.
            let input_bytes = [None, Some(input.len() as u64), Some(rng.below(200) as u64)][rng.below(3)];
            // Spreading the threads over the CPUs changes where they run,
            // never the answers.
            let spread_threads = rng.below(2) == 1;
            let options = batch::BatchOptions { task, threads, alphabet, read_ahead, input_bytes, spread_threads };
            let (mut fast, mut fast_err) = (Vec::new(), Vec::new());
            let fast_summary = batch::run_lines(
                input.as_bytes(),
                &options,
                |line, error, err| err.extend(format!("{line}: {error}\n").bytes()),
                |out, err| {
                    fast.extend_from_slice(out);
                    fast_err.extend_from_slice(err);
                    Ok(())
                },
            ).unwrap();
            // The general path: answers rendered one by one.
            let (mut slow, mut slow_err) = (Vec::new(), Vec::new());
            let slow_summary = batch::run(input.as_bytes(), &options, |answer| {
                let text = match &answer.outcome {
                    batch::BatchOutcome::Solved { solution, .. } => solution.to_line(alphabet),
                    batch::BatchOutcome::NoSolution { .. } => "no solution".to_string(),
                    batch::BatchOutcome::Counted { solutions: 0, .. } => "0".to_string(),
                    batch::BatchOutcome::Counted { solutions: 1, .. } => "1".to_string(),
                    batch::BatchOutcome::Counted { .. } => "2 or more".to_string(),
                    batch::BatchOutcome::Invalid(error) => {
                        slow_err.extend(format!("{}: {error}\n", answer.line).bytes());
                        "invalid".to_string()
                    }
                };
                slow.extend(format!("{text}\n").bytes());
                Ok(())
            }).unwrap();
            prop_assert_eq!(String::from_utf8(fast).unwrap(), String::from_utf8(slow).unwrap());
            prop_assert_eq!(String::from_utf8(fast_err).unwrap(), String::from_utf8(slow_err).unwrap());
            prop_assert_eq!(fast_summary, slow_summary);
        }
    }
}
