//! Issue 25, the shard parts' edges: huge shard counts, forged parts
//! (sums past 2^128, impossible boards), and device nodes, FIFOs and
//! symbolic links as part files. One test (or more) per numbered item of
//! the issue; the other items are in `edges.rs` and `edges_checkpoint.rs`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use predicates::prelude::*;

use crate::util::{is_fifo, mkfifo, puzzles};

/// A fresh folder for one test's files, removed when the test ends.
fn scratch(name: &str) -> crate::util::Scratch {
    crate::util::scratch(&format!("edges-{name}"))
}

/// FNV-1a 64, as part files and checkpoint lines are sealed.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The part file at `path` with `edit` applied to its text and sealed
/// again: a forgery that the checksum cannot catch.
fn reseal(path: &Path, edit: impl Fn(&str) -> String) {
    let text = std::fs::read_to_string(path).unwrap();
    let (payload, _) = text.rsplit_once(",\"check\":\"").unwrap();
    let payload = edit(payload);
    let sealed = format!(
        "{payload},\"check\":\"{:016x}\"}}\n",
        fnv1a(payload.as_bytes())
    );
    std::fs::write(path, sealed).unwrap();
}

/// Replaces the number of `field` in a part's text.
fn set_field(text: &str, field: &str, value: &str) -> String {
    let key = format!("\"{field}\":");
    let at = text.find(&key).unwrap() + key.len();
    let end = text[at..]
        .find([',', '}'])
        .map_or(text.len(), |end| at + end);
    format!("{}{value}{}", &text[..at], &text[end..])
}

/// Parts of `queens n --count --shard I/K` for every I, in `dir`.
fn parts(dir: &Path, n: &str, shards: u64) -> Vec<PathBuf> {
    (1..=shards)
        .map(|index| {
            let part = dir.join(format!("p{index}.json"));
            puzzles()
                .args(["queens", n, "--count", "--shard"])
                .arg(format!("{index}/{shards}"))
                .arg("--part")
                .arg(&part)
                .assert()
                .success();
            part
        })
        .collect()
}

// 1. Huge shard counts.

#[test]
fn a_shard_count_above_the_units_is_refused_at_once() {
    let dir = scratch("many-shards");
    for shards in ["1/1000000000", "1/18446744073709551615"] {
        puzzles()
            .current_dir(&dir)
            .args(["queens", "13", "--count", "--shard", shards])
            .timeout(Duration::from_secs(60))
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains("units").and(predicate::str::contains("shards")));
    }
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        0,
        "a file was left"
    );
}

#[test]
fn a_part_claiming_more_shards_than_units_is_refused_at_once() {
    let dir = scratch("forged-shards");
    let files = parts(&dir, "10", 2);
    for shards in ["1000000000", "18446744073709551615"] {
        // Shards 1 and 2 of that many hold one unit each.
        for file in &files {
            reseal(file, |text| {
                set_field(&set_field(text, "shards", shards), "shard_units", "1")
            });
        }
        puzzles()
            .arg("merge")
            .args(&files)
            .timeout(Duration::from_secs(60))
            .assert()
            .code(2)
            .stdout("");
    }
}

// 3. `--part` at a device node, a FIFO or a symbolic link.

#[cfg(unix)]
#[test]
fn a_part_path_that_is_no_regular_file_is_refused_and_left_alone() {
    let dir = scratch("part-special");
    let fifo = dir.join("fifo");
    mkfifo(&fifo);
    puzzles()
        .args(["queens", "8", "--count", "--shard", "1/1", "--part"])
        .arg(&fifo)
        .timeout(Duration::from_secs(60))
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("not a regular file"));
    assert!(is_fifo(&fifo), "the FIFO was replaced");
    // A link to a device is the device: refused, the link kept.
    let link = dir.join("null.json");
    std::os::unix::fs::symlink("/dev/null", &link).unwrap();
    puzzles()
        .args(["queens", "8", "--count", "--shard", "1/1", "--part"])
        .arg(&link)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not a regular file"));
    assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        2,
        "a file was left"
    );
}

/// The issue's own case: a device node (made where this runs as root;
/// elsewhere `mknod` fails and the FIFO case above stands for it).
#[cfg(target_os = "linux")]
#[test]
fn a_part_path_at_a_device_node_is_refused_and_left_alone() {
    use std::os::unix::fs::FileTypeExt;
    let dir = scratch("part-device");
    let node = dir.join("fake_null");
    let made = Command::new("mknod")
        .arg(&node)
        .args(["c", "1", "3"])
        .stderr(Stdio::null())
        .status();
    if !made.is_ok_and(|status| status.success()) {
        return;
    }
    puzzles()
        .args(["queens", "12", "--count", "--shard", "1/1", "--part"])
        .arg(&node)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "not a regular file but a character device",
        ));
    let kind = std::fs::symlink_metadata(&node).unwrap().file_type();
    assert!(kind.is_char_device(), "the device node was replaced");
}

#[cfg(unix)]
#[test]
fn a_part_path_that_is_a_link_writes_where_it_points() {
    let dir = scratch("part-link");
    let target = dir.join("real.json");
    // Empty: a file there that is not a part is not replaced.
    std::fs::write(&target, "").unwrap();
    let link = dir.join("link.json");
    std::os::unix::fs::symlink("real.json", &link).unwrap();
    puzzles()
        .args(["queens", "8", "--count", "--shard", "1/1", "--part"])
        .arg(&link)
        .assert()
        .success();
    assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
    puzzles()
        .arg("merge")
        .arg(&target)
        .assert()
        .success()
        .stdout("92\n");
}

// 5. A FIFO as a part to merge (as a checkpoint: `edges_checkpoint.rs`).

#[cfg(unix)]
#[test]
fn a_part_to_merge_that_is_a_fifo_is_refused_at_once() {
    let dir = scratch("merge-fifo");
    let files = parts(&dir, "8", 3);
    std::fs::remove_file(&files[1]).unwrap();
    mkfifo(&files[1]);
    puzzles()
        .arg("merge")
        .args(&files)
        .timeout(Duration::from_secs(60))
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("not a regular file"));
}

// 8. Forged parts: sums past 2^128, impossible n, units that do not match.

#[test]
fn forged_parts_whose_sum_overflows_are_refused() {
    let dir = scratch("overflow");
    let files = parts(&dir, "8", 3);
    let total = (u128::MAX / 2).to_string();
    let unique = (u128::MAX / 8).to_string();
    for file in &files {
        reseal(file, |text| {
            set_field(&set_field(text, "total", &total), "unique", &unique)
        });
    }
    puzzles()
        .arg("merge")
        .args(&files)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("2^128"));
}

#[test]
fn forged_parts_for_an_impossible_board_or_plan_are_refused() {
    let dir = scratch("bad-n");
    for (field, value) in [("n", "99999"), ("n", "9"), ("units", "17"), ("split", "3")] {
        let files = parts(&dir, "8", 2);
        for file in &files {
            reseal(file, |text| set_field(text, field, value));
        }
        puzzles()
            .arg("merge")
            .args(&files)
            .assert()
            .code(2)
            .stdout("");
        // A part file there that is not this shard's part is not replaced.
        for file in &files {
            std::fs::remove_file(file).unwrap();
        }
    }
}

// 10. The guide's word on forgery.

#[test]
fn the_guide_says_a_resealed_forgery_is_not_detected() {
    let guide =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../GUIDE.md"))
            .unwrap();
    assert!(guide.contains("forgery"), "no word on forgery");
    assert!(!guide.contains("or a line edited by hand (every line carries a checksum)"));
}
