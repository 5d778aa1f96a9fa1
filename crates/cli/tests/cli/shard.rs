//! `puzzles queens N --count --shard I/K` and `puzzles merge` through the
//! real binary: the shards of a count sum to the count, resumed shards
//! too, and a merge with a shard missing, repeated, damaged or from
//! another problem is refused with a message that names it.

use std::path::{Path, PathBuf};

use predicates::prelude::*;
use serde_json::Value;

use crate::util::{STOP_AFTER_UNITS, puzzles};

/// A fresh folder for one test's files, removed when the test ends.
fn scratch(name: &str) -> crate::util::Scratch {
    crate::util::scratch(&format!("shard-{name}"))
}

/// Counts every shard of `n` into `dir` (default file names); returns the
/// part files in shard order.
fn count_shards(dir: &Path, n: &str, shards: u64, extra: &[&str]) -> Vec<PathBuf> {
    (1..=shards)
        .map(|index| {
            puzzles()
                .current_dir(dir)
                .args([
                    "queens",
                    n,
                    "--count",
                    "--shard",
                    &format!("{index}/{shards}"),
                ])
                .args(extra)
                .assert()
                .success()
                .stdout("");
            dir.join(format!("queens-{n}-shard-{index}-of-{shards}.json"))
        })
        .collect()
}

fn merge(files: &[PathBuf], flags: &[&str]) -> assert_cmd::assert::Assert {
    puzzles().arg("merge").args(flags).args(files).assert()
}

fn merged_json(files: &[PathBuf]) -> Value {
    let output = merge(files, &["--json"])
        .success()
        .get_output()
        .stdout
        .clone();
    serde_json::from_slice(&output).unwrap()
}

#[test]
fn all_shards_merged_equal_the_single_run_count() {
    let dir = scratch("sum");
    for (n, total, unique) in [("8", 92, 12), ("11", 2680, 341), ("13", 73712, 9233)] {
        for shards in [1, 2, 3, 7] {
            let files = count_shards(&dir, n, shards, &["--threads", "2"]);
            let json = merged_json(&files);
            assert_eq!(json["total"], total, "n = {n} in {shards} shards");
            assert_eq!(json["unique"], unique, "n = {n} in {shards} shards");
            assert_eq!(json["shards"], shards);
            merge(&files, &[]).success().stdout(format!("{total}\n"));
            merge(&files, &["--unique"])
                .success()
                .stdout(format!("{unique}\n"));
            // The single run's units, nodes and split, too.
            let single: Value = serde_json::from_slice(
                &puzzles()
                    .args(["queens", n, "--count", "--json"])
                    .output()
                    .unwrap()
                    .stdout,
            )
            .unwrap();
            for field in ["n", "units", "nodes", "split"] {
                assert_eq!(json[field], single[field], "{field} of n = {n}");
            }
        }
    }
}

#[test]
fn more_shards_than_units_are_refused() {
    let dir = scratch("empty");
    // n = 6 split 1 has three units: three shards merge, five are refused
    // (issue 25: a billion shards made merge list a billion missing ones).
    let files = count_shards(&dir, "6", 3, &["--split", "1"]);
    merge(&files, &[]).success().stdout("4\n");
    // Five shards of three units are refused; the quadrant join's message
    // names its own units, and no split.
    for (args, message) in [
        (
            &["6", "--split", "1", "--shard", "4/5"][..],
            "--shard 4/5: n = 6, split 1 has 3 work units, so it splits into at most 3 shards",
        ),
        (
            &["10", "--method", "quadrants", "--shard", "1/99"],
            "--shard 1/99: n = 10 by quadrants has 71 work units, so it splits into at most 71 \
             shards",
        ),
    ] {
        puzzles()
            .current_dir(&dir)
            .args(["queens", "--count"])
            .args(args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(message));
    }
    // No solution at all is an answer with status 1, as for --count; a
    // plan without units still makes one shard.
    let none = count_shards(&dir, "3", 1, &[]);
    merge(&none, &[]).code(1).stdout("0\n");
}

#[test]
fn a_missing_or_repeated_shard_is_refused_by_name() {
    let dir = scratch("missing");
    let files = count_shards(&dir, "10", 6, &[]);
    let some = [&files[0], &files[2], &files[5]].map(|path| path.clone());
    merge(&some, &[])
        .code(2)
        .stdout("")
        .stderr(predicate::str::starts_with(
            "puzzles: error: shards 2, 4-5 of 6 are missing: 3 of 6 given, for n = 10",
        ));
    merge(&files[..5], &[])
        .code(2)
        .stderr(predicate::str::contains("shard 6 of 6 is missing"));
    let mut repeated = files.clone();
    repeated.push(files[3].clone());
    merge(&repeated, &[]).code(2).stdout("").stderr(
        predicate::str::contains("shard 4 of 6 is given twice")
            .and(predicate::str::contains("queens-10-shard-4-of-6.json and")),
    );
    // A copy under another name is the same shard twice.
    let copy = dir.join("copy.json");
    std::fs::copy(&files[1], &copy).unwrap();
    let mut with_copy = files.clone();
    with_copy.push(copy);
    merge(&with_copy, &[])
        .code(2)
        .stderr(predicate::str::contains("shard 2 of 6 is given twice"));
}

#[test]
fn parts_of_other_problems_are_refused() {
    let dir = scratch("mismatch");
    let base = count_shards(&dir, "10", 2, &[]);
    let other_n = count_shards(&dir, "11", 2, &[]);
    let other_split = dir.join("split.json");
    puzzles()
        .args([
            "queens", "10", "--count", "--split", "3", "--shard", "2/2", "--part",
        ])
        .arg(&other_split)
        .assert()
        .success();
    let other_k = count_shards(&dir, "10", 3, &[]);
    for (second, message) in [
        (&other_n[1], "is for n = 11"),
        (&other_split, "split 3"),
        (&other_k[1], "in 3 shards"),
    ] {
        merge(&[base[0].clone(), second.clone()], &[])
            .code(2)
            .stdout("")
            .stderr(
                predicate::str::contains(message)
                    .and(predicate::str::contains("parts of one count must agree")),
            );
    }
}

#[test]
fn damaged_or_foreign_files_are_refused_with_the_file_and_line() {
    let dir = scratch("damaged");
    let files = count_shards(&dir, "9", 2, &[]);
    let text = std::fs::read_to_string(&files[1]).unwrap();
    let refused = |content: &str, message: &str| {
        let bad = dir.join("bad.json");
        std::fs::write(&bad, content).unwrap();
        merge(&[files[0].clone(), bad.clone()], &[])
            .code(2)
            .stdout("")
            .stderr(predicate::str::starts_with(format!(
                "puzzles: error: part file {} line ",
                bad.display()
            )))
            .stderr(predicate::str::contains(message));
    };
    refused(
        &text.replacen("\"total\":", "\"total\":1", 1),
        "line 1: checksum mismatch",
    );
    refused(&text[..text.len() - 5], "line 1: the line is cut short");
    refused("{\"unit\":1}\n", "line 1: no checksum");
    refused(&format!("{text}{text}"), "line 2: a part file has one line");
    // A checkpoint is not a part file.
    let checkpoint = dir.join("q.ckpt");
    puzzles()
        .args(["queens", "9", "--count", "--checkpoint"])
        .arg(&checkpoint)
        .assert()
        .success();
    let checkpoint_text = std::fs::read_to_string(&checkpoint).unwrap();
    refused(&checkpoint_text, "line 2: a part file has one line");
    refused(
        checkpoint_text.lines().next().unwrap(),
        "the line is cut short",
    );
    refused(
        &format!("{}\n", checkpoint_text.lines().next().unwrap()),
        "not a part file",
    );
    merge(&[dir.join("nowhere.json")], &[])
        .code(2)
        .stderr(predicate::str::contains("cannot read part file"));
}

#[test]
fn a_stopped_shard_resumes_from_its_checkpoint_and_merges_exact() {
    let dir = scratch("resume");
    let checkpoint = dir.join("shard-2.ckpt");
    let part = dir.join("part-2.json");
    let args = |extra: &[&str]| {
        let mut command = puzzles();
        command
            .args(["queens", "13", "--count", "--shard", "2/3", "--checkpoint"])
            .arg(&checkpoint)
            .arg("--part")
            .arg(&part)
            .args(extra);
        command
    };
    args(&["--threads", "2"])
        .env(STOP_AFTER_UNITS, "40")
        .assert()
        .code(130)
        .stdout("")
        .stderr(predicate::str::contains("40 of 117 units are recorded"));
    assert!(!part.exists(), "an interrupted shard writes no part");
    args(&[]).env(STOP_AFTER_UNITS, "30").assert().code(130);
    args(&[]).assert().success();
    let checkpoint_text = std::fs::read_to_string(&checkpoint).unwrap();
    assert_eq!(checkpoint_text.lines().count(), 1 + 117);
    let others = count_shards(&dir, "13", 3, &[]);
    let files = [others[0].clone(), part.clone(), others[2].clone()];
    assert_eq!(merged_json(&files)["total"], 73712);
    // The resumed shard's part is the uninterrupted one's, but for the time.
    let resumed = std::fs::read_to_string(&part).unwrap();
    let fresh = std::fs::read_to_string(&others[1]).unwrap();
    let counts = |text: &str| {
        text.split(",\"elapsed_seconds\"")
            .next()
            .unwrap()
            .to_string()
    };
    assert_eq!(counts(&resumed), counts(&fresh));
}

#[test]
fn a_whole_count_checkpoint_resumes_a_shard_with_only_its_units() {
    let dir = scratch("whole");
    let checkpoint = dir.join("q.ckpt");
    // A whole-count checkpoint with units of every shard in it.
    puzzles()
        .args(["queens", "12", "--count", "--checkpoint"])
        .env(STOP_AFTER_UNITS, "100")
        .arg(&checkpoint)
        .assert()
        .code(130);
    let parts: Vec<PathBuf> = (1..=2)
        .map(|index| {
            let part = dir.join(format!("p{index}.json"));
            puzzles()
                .args(["queens", "12", "--count", "--shard", &format!("{index}/2")])
                .arg("--checkpoint")
                .arg(&checkpoint)
                .arg("--part")
                .arg(&part)
                .assert()
                .success();
            part
        })
        .collect();
    merge(&parts, &[]).success().stdout("14200\n");
}

#[test]
fn a_part_may_not_replace_its_checkpoint() {
    let dir = scratch("same");
    let checkpoint = dir.join("q.ckpt");
    puzzles()
        .args(["queens", "10", "--count", "--quiet", "--checkpoint"])
        .arg(&checkpoint)
        .assert()
        .success();
    let before = std::fs::read(&checkpoint).unwrap();
    // By the same name, and by another name for it (before it exists too).
    let other = dir.join(".").join("q.ckpt");
    // Spelled through a folder and `..`, or through a link, before either
    // file exists: the part was written over the new checkpoint.
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    let climbed = dir.join("sub").join("..").join("fresh.ckpt");
    std::os::unix::fs::symlink("linked.json", dir.join("link.ckpt")).unwrap();
    for (checkpoint, part) in [
        (&checkpoint, &checkpoint),
        (&checkpoint, &other),
        (&dir.join("new.ckpt"), &dir.join("new.ckpt")),
        (&climbed, &dir.join("fresh.ckpt")),
        (&dir.join("link.ckpt"), &dir.join("linked.json")),
    ] {
        puzzles()
            .args(["queens", "10", "--count", "--shard", "1/2", "--checkpoint"])
            .arg(checkpoint)
            .arg("--part")
            .arg(part)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains("is also the --checkpoint file"));
    }
    // Nor the file the part is written to first: it was refused as held by
    // another count, the run's own lock.
    let part = dir.join("p.json");
    let partial = dir.join("p.json.partial");
    puzzles()
        .args(["queens", "10", "--count", "--shard", "1/2", "--checkpoint"])
        .arg(&partial)
        .arg("--part")
        .arg(&part)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("is where the part "))
        .stderr(predicate::str::contains("in use").not());
    assert_eq!(std::fs::read(&checkpoint).unwrap(), before);
    for name in [
        "new.ckpt",
        "fresh.ckpt",
        "linked.json",
        "p.json",
        "p.json.partial",
    ] {
        assert!(!dir.join(name).exists(), "{name}");
    }
}

/// A tester's `--part` replaced a running count's checkpoint, a file of
/// notes, and the part of the same shard counted by another method (the
/// default part name does not name the method).
#[test]
fn a_part_replaces_only_an_earlier_part_of_its_own_shard() {
    let dir = scratch("replace");
    let checkpoint = dir.join("other.ckpt");
    puzzles()
        .args(["queens", "9", "--count", "--quiet", "--checkpoint"])
        .arg(&checkpoint)
        .assert()
        .success();
    let notes = dir.join("notes.txt");
    std::fs::write(&notes, "notes\n").unwrap();
    let count_shard = |shard: &str, part: &Path, extra: &[&str]| {
        puzzles()
            .args([
                "queens", "14", "--count", "--shard", shard, "--quiet", "--part",
            ])
            .arg(part)
            .args(extra)
            .assert()
    };
    let count = |part: &Path, extra: &[&str]| count_shard("1/40", part, extra);
    for file in [&checkpoint, &notes] {
        let before = std::fs::read(file).unwrap();
        count(file, &[]).code(2).stdout("").stderr(
            predicate::str::contains("is there and is not a part file")
                .and(predicate::str::contains("give --part another name")),
        );
        assert_eq!(std::fs::read(file).unwrap(), before);
    }
    let part = dir.join("part.json");
    count(&part, &["--method", "quadrants"]).success();
    let quadrants = std::fs::read(&part).unwrap();
    count(&part, &["--method", "backtrack"])
        .code(2)
        .stderr(predicate::str::contains(
            "holds another shard's part (shard 1 of 40, n = 14, split 0",
        ));
    count_shard("2/40", &part, &["--method", "quadrants"])
        .code(2)
        .stderr(predicate::str::contains("holds another shard's part"));
    assert_eq!(std::fs::read(&part).unwrap(), quadrants);
    // The same shard again, or an empty file: replaced.
    count(&part, &["--method", "quadrants"]).success();
    let empty = dir.join("empty.json");
    std::fs::write(&empty, "").unwrap();
    count(&empty, &["--method", "quadrants"]).success();
    let written = std::fs::read_to_string(&empty).unwrap();
    assert!(
        written.starts_with(r#"{"format":"puzzles-queens-count-part","#)
            && written.contains(r#""shards":40,"shard":1,"#),
        "{written}"
    );
}

#[test]
fn a_part_can_go_to_standard_output() {
    let output = puzzles()
        .args(["queens", "8", "--count", "--shard", "1/1", "--part", "-"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.starts_with(r#"{"format":"puzzles-queens-count-part","version":1,"#));
    assert!(text.contains(
        r#""shard":1,"assignment":"round-robin","shard_units":16,"total":92,"unique":12,"#
    ));
    assert!(text.ends_with("\"}\n"));
}

#[test]
fn bad_shard_options_are_usage_errors() {
    for (args, message) in [
        (
            &["queens", "10", "--count", "--shard", "0/3"][..],
            "numbered 1 to 3",
        ),
        (
            &["queens", "10", "--count", "--shard", "4/3"],
            "does not exist",
        ),
        (&["queens", "10", "--count", "--shard", "1/0"], "at least 1"),
        (&["queens", "10", "--count", "--shard", "half"], "I/K"),
        (&["queens", "10", "--shard", "1/2"], "--count"),
        (&["queens", "10", "--count", "--part", "p.json"], "--shard"),
        (
            &["queens", "10", "--count", "--shard", "1/2", "--json"],
            "--json",
        ),
        (&["merge"], "PART"),
    ] {
        puzzles()
            .args(args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(message));
    }
}

/// Issue 13: two runs of one shard wrote over each other's part file.
#[cfg(unix)]
#[test]
fn a_second_run_on_a_part_file_in_use_stops_at_once() {
    use std::time::{Duration, Instant};
    let dir = scratch("locked");
    let part = dir.join("part.json");
    let partial = dir.join("part.json.partial");
    let args = [
        "queens",
        "18",
        "--count",
        "--shard",
        "1/2",
        "--threads",
        "1",
        "--part",
    ];
    let mut first = std::process::Command::new(assert_cmd::cargo::cargo_bin("puzzles"))
        .args(args)
        .arg(&part)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    while !partial.exists() {
        assert!(Instant::now() < deadline, "no partial file in a minute");
        std::thread::sleep(Duration::from_millis(5));
    }
    // It is locked the moment after it is created.
    std::thread::sleep(Duration::from_millis(200));
    let second = puzzles().args(args).arg(&part).output().unwrap();
    let still_running = first.try_wait().unwrap().is_none();
    first.kill().unwrap();
    first.wait().unwrap();
    assert!(still_running, "the first shard ended too soon for the test");
    assert_eq!(second.status.code(), Some(2), "{second:?}");
    let stderr = String::from_utf8(second.stderr).unwrap();
    assert!(
        stderr.starts_with(&format!(
            "puzzles: error: part file {} is in use by another count (pid {})",
            part.display(),
            first.id()
        )),
        "{stderr}"
    );
    assert!(!part.exists());
    // The lock died with the killed run: a shard of a small count goes through.
    puzzles()
        .args(["queens", "9", "--count", "--shard", "1/2", "--part"])
        .arg(&part)
        .assert()
        .success();
    assert!(part.exists() && !partial.exists());
}

#[test]
fn quadrant_shards_merge_to_the_count() {
    let dir = scratch("quadrants");
    let files = count_shards(&dir, "16", 3, &["--threads", "2"]);
    let json = merged_json(&files);
    assert_eq!(json["total"], 14772512);
    assert_eq!(json["units"], 3299);
    merge(&files, &[]).success().stdout("14772512\n");
    assert_eq!(json["unique"], Value::Null);
    merge(&files, &["--unique"])
        .code(2)
        .stderr(predicate::str::contains("merge them without --unique"));
    let part = std::fs::read_to_string(&files[0]).unwrap();
    assert!(part.contains(r#""scheme":"quadrants-1""#), "{part}");
    // Parts by the other method are another problem.
    let dir = scratch("quadrants-mixed");
    let backtracked = count_shards(&dir, "16", 3, &["--method", "backtrack"]);
    merge(
        &[files[0].clone(), backtracked[1].clone(), files[2].clone()],
        &[],
    )
    .code(2);
}

#[test]
fn merge_reads_one_part_from_standard_input() {
    let part = puzzles()
        .args(["queens", "8", "--count", "--shard", "2/2", "--part", "-"])
        .output()
        .unwrap()
        .stdout;
    let dir = scratch("stdin");
    let first = dir.join("first.json");
    puzzles()
        .args(["queens", "8", "--count", "--shard", "1/2", "--part"])
        .arg(&first)
        .assert()
        .success();
    puzzles()
        .arg("merge")
        .arg(&first)
        .arg("-")
        .write_stdin(part)
        .assert()
        .success()
        .stdout("92\n");
    puzzles()
        .args(["merge", "-", "-"])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr("puzzles: error: '-' (standard input) is given twice: it holds one part\n");
    puzzles()
        .args(["merge", "-"])
        .write_stdin("junk\n")
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::starts_with(
            "puzzles: error: the part on standard input line 1: ",
        ));
}

/// Other boards shard like classic queens: their parts are named after the
/// board, merge to the count, and the merge's JSON names the piece.
#[test]
fn shards_of_other_boards_merge_to_the_count() {
    let dir = scratch("kings");
    for (options, stem, total, unique) in [
        (&["--piece", "king"][..], "kings", 479_306, 60_299),
        (
            &["--piece", "superqueen", "--torus"],
            "superqueens-torus",
            1092,
            139,
        ),
        (&["--torus"], "queens-torus", 4524, 572),
    ] {
        let n = if stem == "kings" { "10" } else { "13" };
        let files: Vec<PathBuf> = (1..=3)
            .map(|index| {
                puzzles()
                    .current_dir(&dir)
                    .args(["queens", n, "--count", "--shard", &format!("{index}/3")])
                    .args(options)
                    .assert()
                    .success();
                dir.join(format!("{stem}-{n}-shard-{index}-of-3.json"))
            })
            .collect();
        let json = merged_json(&files);
        let single =
            crate::util::json_of(&[&["queens", n, "--count", "--json"][..], options].concat());
        assert_eq!(json["total"], single["total"], "{stem}");
        assert_eq!(json["unique"], single["unique"], "{stem}");
        assert_eq!(json["piece"], single["piece"], "{stem}");
        assert_eq!(json["torus"], single["torus"], "{stem}");
        assert_eq!(
            (json["total"].as_u64(), json["unique"].as_u64()),
            (Some(total), Some(unique)),
            "{stem}"
        );
    }
}

#[test]
fn shards_of_a_count_of_completions_merge_to_it_and_to_no_other() {
    let dir = scratch("given");
    let shards = |given: &str| -> Vec<PathBuf> {
        (1..=3)
            .map(|index| {
                let part = dir.join(format!("{given}-{index}.json"));
                puzzles()
                    .args(["queens", "12", "--given", given, "--count"])
                    .args(["--shard", &format!("{index}/3"), "--part"])
                    .arg(&part)
                    .assert()
                    .success()
                    .stdout("");
                part
            })
            .collect()
    };
    let files = shards("3:4");
    let json = merged_json(&files);
    assert_eq!(
        (json["given"].as_u64(), json["total"].as_u64()),
        (Some(1), Some(1117)),
        "{json}"
    );
    assert_eq!(
        (&json["piece"], &json["torus"]),
        (&Value::from("queen"), &Value::from(false))
    );
    assert!(json.get("unique").is_none(), "{json}");
    merge(&files, &["--unique"])
        .code(2)
        .stderr(predicate::str::contains("which have no classes"));
    // The same shard of completions of another square, or of the whole
    // board, belongs to another count.
    let other = shards("3:5");
    let whole = count_shards(&dir, "12", 3, &[]);
    for (second, given) in [
        (&other[1], "given 3:5"),
        (&whole[1], "scheme lexmin-rows-1"),
    ] {
        merge(&[files[0].clone(), second.clone(), files[2].clone()], &[])
            .code(2)
            .stdout("")
            .stderr(
                predicate::str::contains(given)
                    .and(predicate::str::contains("parts of one count must agree")),
            );
    }
    // By default the parts are named apart from the whole board's.
    puzzles()
        .current_dir(&dir)
        .args([
            "queens", "12", "--given", "3:4", "--count", "--shard", "1/3",
        ])
        .assert()
        .success();
    assert!(dir.join("queens-12-completions-shard-1-of-3.json").exists());
}
