//! `puzzles queens N --count --shard I/K`: count one K-th of the work units
//! and write a part file; `puzzles merge` sums the parts.
//!
//! Shard I (counting from 1) holds the units whose id leaves remainder
//! I - 1 when divided by K. Units are numbered largest first, so dealing
//! them out round-robin gives every shard about the same work, where
//! contiguous ranges would not.
//!
//! A part file is one line of JSON, sealed with the checksum of the
//! checkpoint lines:
//!
//! ```text
//! {"format":"puzzles-queens-count-part","version":1,"scheme":"lexmin-rows-1","n":13,"split":3,
//!  "units":351,"shards":4,"shard":1,"assignment":"round-robin","shard_units":88,"total":…,
//!  "unique":…,"nodes":…,"elapsed_seconds":…,"check":"…"}
//! ```
//!
//! A part of a count of completions (`--given`) names the given squares
//! after `units`, as its checkpoint's header does: `"given":[[3,4]]`.
//!
//! The line names its whole problem, so a part of another count is refused
//! by `merge`. While the shard counts it holds an exclusive lock on
//! `PART.partial`, the file it writes the part into and then renames onto
//! PART: a second run with the same part file stops at once.

use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{Context, bail};
use puzzles::queens::MAX_SEARCH_N;
use puzzles::queens::count::{CountPlan, MAX_SPLIT, Method, UnitId};
use puzzles::queens::record_file::{
    LockFailure, foreign_format, json_problem, lock_exclusive, not_a_regular_file, seal_line,
    unseal_line,
};
use serde::{Deserialize, Serialize};

use super::args::QueensArgs;
use super::count::{Counted, chatty, count_units, stop_requests};
use super::values::Shard;
use crate::numbers::grouped;
use crate::outcome::Outcome;

/// The `format` field of a part file.
pub const PART_FORMAT: &str = "puzzles-queens-count-part";

/// The part file version this build writes and reads.
pub const PART_VERSION: u32 = 1;

/// How units are dealt to shards.
pub const ASSIGNMENT: &str = "round-robin";

/// The longest part file read: a written one is under 400 bytes, so 4 KiB
/// is ample, and a huge file given by mistake costs 4 KiB to refuse.
pub const MAX_PART: usize = 4096;

/// A shard's result, as a part file holds it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Part {
    format: String,
    version: u32,
    /// The reduction scheme of the unit ids.
    pub scheme: String,
    /// The board size.
    pub n: usize,
    /// The split depth.
    pub split: usize,
    /// The plan's units (all shards).
    pub units: u64,
    /// The given pieces of a count of their completions (none otherwise).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub given: Vec<(usize, usize)>,
    /// How many shards.
    pub shards: u64,
    /// This one, from 1.
    pub shard: u64,
    /// How units are dealt to shards.
    pub assignment: String,
    /// The units in this shard.
    pub shard_units: u64,
    /// The solutions in this shard's units.
    pub total: u128,
    /// The fundamental solutions in them.
    pub unique: u128,
    /// The nodes visited.
    pub nodes: u128,
    /// The seconds the run that finished the shard took.
    pub elapsed_seconds: f64,
}

impl Part {
    /// The shard this part is.
    pub fn shard(&self) -> Shard {
        Shard {
            index: self.shard,
            count: self.shards,
        }
    }

    /// The part file's text: one sealed line.
    pub fn line(&self) -> String {
        let object = serde_json::to_string(self).expect("a part serializes");
        seal_line(object.strip_suffix('}').expect("an object ends in a brace"))
    }

    /// Reads a part file: at most [`MAX_PART`] bytes of it, then
    /// [`Part::parse`].
    pub fn read(reader: impl Read) -> Result<Part, String> {
        let mut bytes = Vec::new();
        reader
            .take(MAX_PART as u64 + 1)
            .read_to_end(&mut bytes)
            .map_err(|err| format!("cannot be read: {err}"))?;
        if bytes.len() > MAX_PART {
            return Err(format!(
                "is longer than {MAX_PART} bytes, so it is no part file"
            ));
        }
        Part::parse(&bytes)
    }

    /// Reads a part file's bytes: one sealed line, fields as written,
    /// counts that fit the shard.
    pub fn parse(bytes: &[u8]) -> Result<Part, String> {
        let text = std::str::from_utf8(bytes).map_err(|_| "is not UTF-8 text".to_string())?;
        if text.is_empty() {
            return Err("is empty".to_string());
        }
        let Some(line) = text.strip_suffix('\n') else {
            return Err(
                "line 1: the line is cut short (no newline at its end): the file was truncated"
                    .to_string(),
            );
        };
        if line.contains('\n') {
            return Err("line 2: a part file has one line".to_string());
        }
        let object = unseal_line(line).map_err(|problem| format!("line 1: {problem}"))?;
        let part: Part = serde_json::from_str(&object).map_err(|err| {
            let why = foreign_format(&object, PART_FORMAT).unwrap_or_else(|| json_problem(&err));
            format!("line 1: not a part file: {why}")
        })?;
        part.check()
            .map_err(|problem| format!("line 1: {problem}"))?;
        Ok(part)
    }

    fn check(&self) -> Result<(), String> {
        if self.format != PART_FORMAT {
            return Err(format!(
                "not a part file: format {:?}, expected {PART_FORMAT:?}",
                self.format
            ));
        }
        if self.version != PART_VERSION {
            return Err(format!(
                "part format version {} is not supported (this build reads version {PART_VERSION})",
                self.version
            ));
        }
        if self.assignment != ASSIGNMENT {
            return Err(format!(
                "units dealt {:?}, this build deals them {ASSIGNMENT:?}",
                self.assignment
            ));
        }
        if self.n == 0 || self.n > MAX_SEARCH_N || self.split > MAX_SPLIT {
            return Err(format!(
                "n = {}, split {}: no count has that plan (n is 1 to {MAX_SEARCH_N}, the split \
                 at most {MAX_SPLIT})",
                self.n, self.split
            ));
        }
        if !self.given.is_empty() && !CountPlan::scheme_completes(&self.scheme) {
            return Err(format!(
                "given squares for scheme {}, which counts no completions",
                self.scheme
            ));
        }
        if self.given.len() > self.n
            || self
                .given
                .iter()
                .any(|&(row, col)| row >= self.n || col >= self.n)
        {
            return Err(format!(
                "given squares that no {n} × {n} board holds",
                n = self.n
            ));
        }
        if self.shards > self.units.max(1) {
            return Err(format!(
                "{} shards of {} units: a count has at most one shard per unit",
                self.shards, self.units
            ));
        }
        if self.shards == 0 || self.shard == 0 || self.shard > self.shards {
            return Err(format!(
                "shard {} of {} does not exist",
                self.shard, self.shards
            ));
        }
        let expected = self.shard().units_of(self.units);
        if self.shard_units != expected {
            return Err(format!(
                "{} of {} units has {expected} units, not {}",
                self.shard(),
                self.units,
                self.shard_units
            ));
        }
        if !CountPlan::counts_possible(&self.scheme, self.total, self.unique) {
            return Err(format!(
                "impossible counts (total {}, unique {})",
                self.total, self.unique
            ));
        }
        if !(self.elapsed_seconds.is_finite() && self.elapsed_seconds >= 0.0) {
            return Err(format!("elapsed seconds {}", self.elapsed_seconds));
        }
        Ok(())
    }

    /// The problem the part belongs to, for messages and comparisons:
    /// `n = 13, split 3 (351 units, scheme lexmin-rows-1) in 4 shards`,
    /// and for a count of completions `…, given 3:4 5:1) in 4 shards`.
    pub fn problem(&self) -> String {
        let given: String = self
            .given
            .iter()
            .map(|(row, col)| format!(" {row}:{col}"))
            .collect();
        let given = if given.is_empty() {
            given
        } else {
            format!(", given{given}")
        };
        format!(
            "n = {}, split {} ({} units, scheme {}{given}) in {} shards",
            self.n, self.split, self.units, self.scheme, self.shards
        )
    }
}

/// Counts one shard of `plan` (of the whole board, or of the completions of
/// given pieces) and writes its part file.
pub fn run(
    plan: CountPlan,
    shard: Shard,
    args: &QueensArgs,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let rules = plan.rules();
    let n = rules.n();
    let started = Instant::now();
    let cancel = stop_requests()?;
    if shard.count > plan.len().max(1) {
        // The quadrant join has no split: its units are its own.
        let units_of = if plan.method() == Method::Quadrants {
            format!("n = {n} by quadrants")
        } else {
            format!("n = {n}, split {}", plan.split())
        };
        bail!(
            "--shard {}/{}: {units_of} has {} work units, so it splits into at most {} \
             shards (more would leave shards with nothing to count)",
            shard.index,
            shard.count,
            plan.len(),
            plan.len().max(1)
        );
    }
    let path = args.part.clone().unwrap_or_else(|| {
        // Kings and queens counted side by side keep their parts apart, and
        // counts of completions keep theirs apart from the whole board's.
        let board = if rules.is_classic() {
            "queens".to_string()
        } else {
            format!(
                "{}s{}",
                rules.piece(),
                if rules.torus() { "-torus" } else { "" }
            )
        };
        let completions = if plan.given().is_some() {
            "-completions"
        } else {
            ""
        };
        PathBuf::from(format!(
            "{board}-{n}{completions}-shard-{}-of-{}.json",
            shard.index, shard.count
        ))
    });
    let to_stdout = path.as_os_str() == "-";
    let path = if to_stdout { path } else { part_target(&path)? };
    if let Some(checkpoint) = &args.checkpoint
        && !to_stdout
        && same_file(&path, checkpoint)
    {
        bail!(
            "--part {} is also the --checkpoint file: the part would replace the checkpoint; \
             give them different names",
            path.display()
        );
    }
    if let Some(checkpoint) = &args.checkpoint
        && !to_stdout
    {
        let partial = partial_path(&path)?;
        if same_file(&partial, checkpoint) {
            bail!(
                "--checkpoint {} is where the part {} is written before it is renamed into \
                 place: give the checkpoint another name",
                checkpoint.display(),
                path.display()
            );
        }
    }
    // Taken before the checkpoint is opened and held until the part is in
    // place, so that two runs for one part never both count.
    let partial = if to_stdout {
        None
    } else {
        Some(PartialFile::lock(&path)?)
    };
    if !to_stdout {
        may_replace(&path, &plan, shard)?;
    }
    let ids: Vec<UnitId> = plan.ids().filter(|&id| shard.contains(id)).collect();
    let Some(Counted { tally, elapsed, .. }) =
        count_units(&plan, Some(&ids), args, &cancel, started)?
    else {
        return Ok(Outcome::Interrupted);
    };
    let part = Part {
        format: PART_FORMAT.to_string(),
        version: PART_VERSION,
        scheme: plan.scheme().to_string(),
        n,
        split: plan.split(),
        units: plan.len(),
        given: plan.given().unwrap_or_default().to_vec(),
        shards: shard.count,
        shard: shard.index,
        assignment: ASSIGNMENT.to_string(),
        shard_units: ids.len() as u64,
        total: tally.total,
        unique: tally.unique,
        nodes: tally.nodes,
        elapsed_seconds: elapsed.as_secs_f64(),
    };
    let line = part.line();
    if let Some(partial) = partial {
        partial.finish(&line)?;
        if chatty(args) {
            let counted = if plan.given().is_some() {
                format!("{} completions", grouped(tally.total))
            } else {
                format!(
                    "{} solutions ({} fundamental)",
                    grouped(tally.total),
                    grouped(tally.unique)
                )
            };
            say!(
                "{shard}: {} units, {counted}, {:.2} s; written to {}",
                grouped(ids.len() as u64),
                elapsed.as_secs_f64(),
                path.display()
            );
        }
    } else {
        out.write_all(line.as_bytes())?;
    }
    Ok(Outcome::Answer)
}

/// Refuses to replace a file at `path` that is not this shard's part: a
/// tester's `--part` named a running count's checkpoint, an ordinary file,
/// and the part of the same shard counted by another method, and each was
/// replaced. Nothing there, an empty file, or this shard's part from an
/// earlier run (the same counts) may be replaced.
fn may_replace(path: &Path, plan: &CountPlan, shard: Shard) -> anyhow::Result<()> {
    let shown = path.display();
    let file = match File::open(path) {
        Ok(file) => file,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(err) => return Err(err).with_context(|| format!("cannot read the part file {shown}")),
    };
    if file.metadata().is_ok_and(|metadata| metadata.len() == 0) {
        return Ok(());
    }
    let remedy = "give --part another name, or move that file away";
    match Part::read(file) {
        Ok(part)
            if part.scheme == plan.scheme()
                && (part.n, part.split, part.units) == (plan.n(), plan.split(), plan.len())
                && part.given == plan.given().unwrap_or_default()
                && part.shard() == shard =>
        {
            Ok(())
        }
        Ok(part) => bail!(
            "part file {shown} holds another shard's part ({}, {}); this run's part would \
             replace it: {remedy}",
            part.shard(),
            part.problem()
        ),
        Err(_) => bail!(
            "{shown} is there and is not a part file; this shard's part would replace it: \
             {remedy}"
        ),
    }
}

/// Whether `a` and `b` name one file: the same file where both exist, the
/// same absolute path where either does not yet.
fn same_file(a: &Path, b: &Path) -> bool {
    match (resolved(a), resolved(b)) {
        (Some(a), Some(b)) => a == b,
        _ => std::path::absolute(a).ok() == std::path::absolute(b).ok(),
    }
}

/// Where `path` leads, whether or not a file is there yet: links followed
/// (a link to a file not yet written included) and `..` resolved in the
/// folder, so that two spellings of one place compare equal.
fn resolved(path: &Path) -> Option<PathBuf> {
    let mut path = path.to_path_buf();
    // As many links as the system follows itself.
    for _ in 0..40 {
        if let Ok(real) = path.canonicalize() {
            return Some(real);
        }
        match std::fs::read_link(&path) {
            Ok(link) => {
                path = match path.parent() {
                    Some(folder) => folder.join(link),
                    None => link,
                };
            }
            Err(_) => {
                let folder = match path.parent() {
                    Some(folder) if !folder.as_os_str().is_empty() => folder,
                    _ => Path::new("."),
                };
                return Some(folder.canonicalize().ok()?.join(path.file_name()?));
            }
        }
    }
    None
}

/// Where the part at `path` is written: through symbolic links to the
/// file they name (the part is renamed into place, which would replace a
/// link rather than write where it points), and refused unless that is a
/// regular file or nothing yet — a part renamed over a device node or a
/// FIFO would replace it.
fn part_target(path: &Path) -> anyhow::Result<PathBuf> {
    let shown = path.display();
    let mut target = path.to_path_buf();
    // As many links as the system follows itself.
    for _ in 0..40 {
        match std::fs::symlink_metadata(&target) {
            Ok(metadata) if metadata.file_type().is_symlink() => {
                let link = std::fs::read_link(&target)
                    .with_context(|| format!("cannot read the link {}", target.display()))?;
                // A relative link is relative to its folder; an absolute
                // one replaces the whole path.
                target = match target.parent() {
                    Some(folder) => folder.join(link),
                    None => link,
                };
            }
            Ok(_) => {
                if let Some(kind) = not_a_regular_file(&target) {
                    bail!(
                        "part file {shown} is not a regular file but {kind}: a part file must \
                         be a regular file, or a path where nothing is yet"
                    );
                }
                return Ok(target);
            }
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(target),
            Err(err) => {
                return Err(err).with_context(|| format!("cannot write the part file {shown}"));
            }
        }
    }
    bail!("cannot write the part file {shown}: too many levels of symbolic links")
}

/// `PART.partial`: where the part at `part` is written first.
fn partial_path(part: &Path) -> anyhow::Result<PathBuf> {
    let mut name = part
        .file_name()
        .with_context(|| {
            format!(
                "cannot write the part file {}: not a file name",
                part.display()
            )
        })?
        .to_os_string();
    name.push(".partial");
    Ok(part.with_file_name(name))
}

/// `PART.partial`, locked: where a shard's part is written before it is
/// renamed onto PART, so that a reader sees the old part or the whole new
/// one, never half of one. Removed if the count ends without a part.
struct PartialFile {
    part: PathBuf,
    partial: PathBuf,
    file: File,
    finished: bool,
}

impl PartialFile {
    /// Opens and locks `PART.partial`, or says who holds it.
    fn lock(part: &Path) -> anyhow::Result<PartialFile> {
        let shown = part.display();
        let partial = partial_path(part)?;
        // Opening a FIFO to write waits for a reader; a link would be
        // renamed onto the part instead of the file written.
        if let Ok(metadata) = std::fs::symlink_metadata(&partial)
            && !metadata.file_type().is_file()
        {
            bail!(
                "cannot write the part file {shown}: {} is there and is not a regular file; \
                 remove it",
                partial.display()
            );
        }
        loop {
            let file = OpenOptions::new()
                .write(true)
                .create(true)
                .truncate(false)
                .open(&partial)
                .with_context(|| format!("cannot create {}", partial.display()))?;
            match lock_exclusive(&file) {
                Ok(()) => {}
                Err(LockFailure::Held { pid }) => {
                    let pid = pid.map_or("pid unknown".to_string(), |pid| format!("pid {pid}"));
                    bail!(
                        "part file {shown} is in use by another count ({pid}); wait for it to \
                         end, or stop it, then run this again"
                    );
                }
                Err(LockFailure::Io(err)) => {
                    return Err(err).with_context(|| format!("cannot lock {}", partial.display()));
                }
            }
            // The holder before us may have renamed the file we locked onto
            // the part: then lock the new one.
            if is_at(&file, &partial) {
                return Ok(PartialFile {
                    part: part.to_path_buf(),
                    partial,
                    file,
                    finished: false,
                });
            }
        }
    }

    /// Writes `text`, syncs it and renames the file onto the part.
    fn finish(mut self, text: &str) -> anyhow::Result<()> {
        let shown = self.part.display().to_string();
        let written = self.file.set_len(0).and_then(|()| {
            self.file.write_all(text.as_bytes())?;
            self.file.sync_all()?;
            std::fs::rename(&self.partial, &self.part)
        });
        written.with_context(|| format!("cannot write the part file {shown}"))?;
        self.finished = true;
        Ok(())
    }
}

impl Drop for PartialFile {
    fn drop(&mut self) {
        if !self.finished {
            // Still locked by us, so no other run is using it.
            let _ = std::fs::remove_file(&self.partial);
        }
    }
}

/// Whether `path` still names the open `file`.
#[cfg(unix)]
fn is_at(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), std::fs::metadata(path)) {
        (Ok(open), Ok(named)) => open.dev() == named.dev() && open.ino() == named.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn is_at(_file: &File, path: &Path) -> bool {
    path.exists()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use puzzles::queens::count::SCHEME;

    fn sample() -> Part {
        Part {
            format: PART_FORMAT.into(),
            version: PART_VERSION,
            scheme: SCHEME.into(),
            n: 13,
            split: 3,
            units: 351,
            given: Vec::new(),
            shards: 4,
            shard: 2,
            assignment: ASSIGNMENT.into(),
            shard_units: 88,
            total: 18000,
            unique: 2300,
            nodes: 300000,
            elapsed_seconds: 0.25,
        }
    }

    #[test]
    fn every_unit_is_in_exactly_one_shard() {
        for count in 1..7u64 {
            for units in 0..30u64 {
                let mut seen = vec![0; units as usize];
                for index in 1..=count {
                    let shard = Shard { index, count };
                    let mine: Vec<u64> = (0..units).filter(|&id| shard.contains(id)).collect();
                    assert_eq!(mine.len() as u64, shard.units_of(units));
                    for id in mine {
                        seen[id as usize] += 1;
                    }
                }
                assert!(seen.iter().all(|&times| times == 1));
            }
        }
    }

    #[test]
    fn a_part_round_trips_and_every_edit_is_caught() {
        let part = sample();
        let line = part.line();
        assert_eq!(Part::parse(line.as_bytes()), Ok(part));
        for index in 0..line.len() - 1 {
            let mut edited = line.clone().into_bytes();
            edited[index] = if edited[index] == b'1' { b'2' } else { b'1' };
            assert!(Part::parse(&edited).is_err(), "edit at byte {index} passed");
        }
        assert!(
            Part::parse(&line.as_bytes()[..line.len() - 1])
                .unwrap_err()
                .contains("cut short")
        );
        assert!(
            Part::parse(format!("{line}{line}").as_bytes())
                .unwrap_err()
                .contains("one line")
        );
        assert!(Part::parse(b"").unwrap_err().contains("empty"));
    }

    #[test]
    fn a_part_of_a_count_of_completions_names_its_given_squares() {
        let part = Part {
            scheme: "queens-given-rows-1".into(),
            given: vec![(3, 4), (5, 1)],
            unique: 0,
            ..sample()
        };
        let line = part.line();
        assert!(
            line.contains(r#""units":351,"given":[[3,4],[5,1]],"shards":4"#),
            "{line}"
        );
        assert_eq!(Part::parse(line.as_bytes()), Ok(part.clone()));
        assert!(
            part.problem()
                .contains("scheme queens-given-rows-1, given 3:4 5:1)")
        );
        // A whole-board part names none.
        assert!(!sample().line().contains("given"));
        for (edit, message) in [
            (
                Box::new(|p: &mut Part| p.scheme = SCHEME.into()) as Box<dyn Fn(&mut Part)>,
                "which counts no completions",
            ),
            (
                Box::new(|p: &mut Part| p.given[1] = (13, 0)),
                "no 13 × 13 board",
            ),
            (
                Box::new(|p: &mut Part| p.given = vec![(0, 0); 14]),
                "no 13 × 13 board",
            ),
        ] {
            let mut edited = part.clone();
            edit(&mut edited);
            let err = Part::parse(edited.line().as_bytes()).unwrap_err();
            assert!(err.contains(message), "{err}");
        }
    }

    #[test]
    fn inconsistent_parts_are_refused_even_with_a_good_checksum() {
        for (edit, message) in [
            (
                Box::new(|p: &mut Part| p.shard_units = 87) as Box<dyn Fn(&mut Part)>,
                "has 88 units",
            ),
            (Box::new(|p: &mut Part| p.shard = 5), "does not exist"),
            (Box::new(|p: &mut Part| p.total = 1), "impossible"),
            (
                Box::new(|p: &mut Part| p.format = "x".into()),
                "not a part file",
            ),
            (Box::new(|p: &mut Part| p.version = 2), "version 2"),
            (
                Box::new(|p: &mut Part| p.assignment = "ranges".into()),
                "round-robin",
            ),
        ] {
            let mut part = sample();
            edit(&mut part);
            let err = Part::parse(part.line().as_bytes()).unwrap_err();
            assert!(err.contains(message), "{err}");
        }
    }

    proptest! {
        #[test]
        fn arbitrary_bytes_give_a_part_or_an_error(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
            match Part::parse(&bytes) {
                Ok(part) => prop_assert!(part.shard >= 1 && part.shard <= part.shards),
                Err(message) => prop_assert!(!message.is_empty()),
            }
        }

        #[test]
        fn mangled_parts_give_a_part_or_an_error(
            cut in 0usize..400,
            insert in proptest::collection::vec(any::<u8>(), 0..8),
        ) {
            let line = sample().line();
            let at = cut.min(line.len());
            let mut bytes = line.as_bytes()[..at].to_vec();
            bytes.extend_from_slice(&insert);
            bytes.extend_from_slice(&line.as_bytes()[at..]);
            if let Ok(part) = Part::parse(&bytes) {
                prop_assert_eq!(part, sample());
            }
        }
    }
}
