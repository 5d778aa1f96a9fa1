//! What every record file of a count is made from — a checkpoint of a
//! queens or crossword count, a shard's part file: lines sealed with a
//! checksum, an exclusive lock that names the process holding it, and the
//! check that a path is a regular file.

use std::fs::File;
use std::io;
use std::path::Path;

/// FNV-1a, 64 bits.
pub(crate) fn fnv1a(bytes: &[u8]) -> u64 {
    fnv1a_more(FNV_START, bytes)
}

/// FNV-1a's starting value: `fnv1a_more(FNV_START, a + b)` is
/// `fnv1a_more(fnv1a_more(FNV_START, a), b)`.
pub(crate) const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a of `hash`'s bytes followed by `bytes`.
pub(crate) fn fnv1a_more(hash: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(hash, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

const CHECK_FIELD: &str = ",\"check\":\"";

/// Seals a JSON object the way checkpoint lines are sealed: `payload` is
/// the object's text without its closing brace; the result adds the
/// `check` field (FNV-1a 64 of `payload`, in 16 lower-case hex digits), the
/// brace and a newline. A shard's part file uses it to catch damage the
/// same way.
///
/// # Example
///
/// ```
/// use puzzles::record_file::{seal_line, unseal_line};
///
/// let line = seal_line(r#"{"shard":3"#);
/// assert!(line.starts_with(r#"{"shard":3,"check":""#) && line.ends_with("\"}\n"));
/// assert_eq!(unseal_line(line.trim_end())?, r#"{"shard":3}"#);
/// # Ok::<(), puzzles::record_file::SealError>(())
/// ```
pub fn seal_line(payload: &str) -> String {
    format!(
        "{payload}{CHECK_FIELD}{:016x}\"}}\n",
        fnv1a(payload.as_bytes())
    )
}

/// The JSON object of a line made by [`seal_line`] (given without its
/// newline), once its checksum is verified: the object without the `check`
/// field.
///
/// # Errors
///
/// [`SealError::NoChecksum`] when the line does not end in a `check` field,
/// [`SealError::BadChecksum`] when the line was edited or damaged.
///
/// # Example
///
/// ```
/// use puzzles::record_file::{SealError, seal_line, unseal_line};
///
/// let line = seal_line(r#"{"shard":3"#).replacen('3', "4", 1);
/// assert_eq!(unseal_line(line.trim_end()), Err(SealError::BadChecksum));
/// assert_eq!(unseal_line("{}"), Err(SealError::NoChecksum));
/// ```
pub fn unseal_line(line: &str) -> Result<String, SealError> {
    if line.is_empty() {
        return Err(SealError::EmptyLine);
    }
    if line.ends_with('\r') {
        return Err(SealError::CarriageReturn);
    }
    let (payload, rest) = line.rsplit_once(CHECK_FIELD).ok_or(SealError::NoChecksum)?;
    let hex = rest.strip_suffix("\"}").ok_or(SealError::NoChecksum)?;
    let well_formed = hex.len() == 16
        && hex
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    if !well_formed {
        return Err(SealError::NoChecksum);
    }
    let recorded = u64::from_str_radix(hex, 16).map_err(|_| SealError::NoChecksum)?;
    if fnv1a(payload.as_bytes()) != recorded {
        return Err(SealError::BadChecksum);
    }
    Ok(format!("{payload}}}"))
}

/// What is wrong with a record line's fields, from serde_json's error: as
/// serde_json says it, except for a whole number too large for its field,
/// which serde_json reads as a floating-point number and then calls one.
///
/// # Example
///
/// ```
/// use puzzles::record_file::json_problem;
///
/// let err = serde_json::from_str::<u64>("99999999999999999999999").unwrap_err();
/// assert_eq!(
///     json_problem(&err),
///     "the number 1e+23 at column 23 is not a whole number from 0 to 18446744073709551615"
/// );
/// let err = serde_json::from_str::<u64>("-1").unwrap_err();
/// assert_eq!(json_problem(&err), err.to_string());
/// ```
pub fn json_problem(err: &serde_json::Error) -> String {
    let text = err.to_string();
    let read_as_float = text
        .strip_prefix("invalid type: floating point `")
        .and_then(|rest| rest.split_once("`, expected "))
        .map(|(number, rest)| (number, rest.split(" at line ").next().unwrap_or(rest)));
    let Some((number, expected)) = read_as_float else {
        return text;
    };
    let most = match expected {
        "u64" | "usize" => u64::MAX,
        "u32" => u64::from(u32::MAX),
        _ => return text,
    };
    format!(
        "the number {number} at column {} is not a whole number from 0 to {most}",
        err.column()
    )
}

/// The `format` of a header that is another format than `expected` (a
/// part file given as a checkpoint, one puzzle's checkpoint given to
/// another's count): what to say instead of serde's "unknown field
/// `shards`". `None` when the object names no format, or `expected`.
///
/// # Example
///
/// ```
/// use puzzles::record_file::foreign_format;
///
/// let part = r#"{"format":"puzzles-queens-count-part","shards":3}"#;
/// assert_eq!(
///     foreign_format(part, "puzzles-queens-count").as_deref(),
///     Some(r#"this file is of format "puzzles-queens-count-part", not "puzzles-queens-count""#)
/// );
/// assert_eq!(foreign_format(r#"{"format":"x"}"#, "x"), None);
/// assert_eq!(foreign_format(r#"{"unit":3}"#, "x"), None);
/// ```
pub fn foreign_format(object: &str, expected: &str) -> Option<String> {
    #[derive(serde::Deserialize)]
    struct Named {
        format: String,
    }
    let named: Named = serde_json::from_str(object).ok()?;
    (named.format != expected).then(|| {
        format!(
            "this file is of format {:?}, not {expected:?}",
            named.format
        )
    })
}

/// Why [`unseal_line`] refused a line.
///
/// # Example
///
/// ```
/// use puzzles::record_file::{SealError, unseal_line};
///
/// let err = unseal_line(r#"{"shard":3}"#).unwrap_err();
/// assert_eq!(err, SealError::NoChecksum);
/// assert!(err.to_string().starts_with("no checksum"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SealError {
    /// The line does not end in `,"check":"<16 hex digits>"}`.
    #[error(r#"no checksum (a line ends in ,"check":"<16 lower-case hex digits>"}})"#)]
    NoChecksum,
    /// The checksum does not match the line.
    #[error("checksum mismatch: the line was edited or damaged")]
    BadChecksum,
    /// An empty line: no record line is.
    #[error("an empty line, where every line is a record (was a line break added?)")]
    EmptyLine,
    /// The line ends in a carriage return: the file's line breaks were
    /// turned into CR LF.
    #[error(
        "the line ends in a carriage return (CR LF line breaks): record lines end in LF alone, \
         so the file was converted; convert it back (dos2unix) to use it"
    )]
    CarriageReturn,
}

/// Why [`lock_exclusive`] did not lock a file.
///
/// # Example
///
/// ```
/// use puzzles::record_file::LockFailure;
///
/// fn advice(failure: &LockFailure) -> String {
///     match failure {
///         LockFailure::Held { pid: Some(pid) } => format!("process {pid} is using it"),
///         LockFailure::Held { pid: None } => "another process is using it".to_string(),
///         LockFailure::Io(err) => format!("it cannot be locked: {err}"),
///     }
/// }
/// assert_eq!(advice(&LockFailure::Held { pid: Some(42) }), "process 42 is using it");
/// ```
#[derive(Debug)]
pub enum LockFailure {
    /// Another open file (another process, as a rule) holds the lock.
    Held {
        /// That process, when the system says (on Linux, from
        /// `/proc/locks`).
        pid: Option<u32>,
    },
    /// Locking failed for another reason.
    Io(io::Error),
}

/// Takes an exclusive advisory lock on `file` without waiting, for as long
/// as `file` stays open. The lock belongs to the open file, so it ends with
/// the process, however the process ends: a crash leaves no stale lock.
/// Other record files (a shard's part file) use it as checkpoints do.
///
/// # Errors
///
/// [`LockFailure::Held`] when another open file holds the lock, naming the
/// holder's pid where the system says; [`LockFailure::Io`] otherwise.
///
/// # Example
///
/// ```
/// use puzzles::record_file::{LockFailure, lock_exclusive};
///
/// let path = std::env::temp_dir().join(format!("doc-lock-{}", std::process::id()));
/// let first = std::fs::File::create(&path)?;
/// lock_exclusive(&first).unwrap();
/// let second = std::fs::File::open(&path)?;
/// let Err(LockFailure::Held { pid }) = lock_exclusive(&second) else { panic!() };
/// # #[cfg(target_os = "linux")]
/// assert_eq!(pid, Some(std::process::id()));
/// drop(first);
/// assert!(lock_exclusive(&second).is_ok());
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn lock_exclusive(file: &File) -> Result<(), LockFailure> {
    match file.try_lock() {
        Ok(()) => Ok(()),
        Err(std::fs::TryLockError::WouldBlock) => Err(LockFailure::Held {
            pid: lock_holder(file),
        }),
        Err(std::fs::TryLockError::Error(err)) => Err(LockFailure::Io(err)),
    }
}

/// The process holding a `flock` lock on `file`, from `/proc/locks`, whose
/// lines read `1: FLOCK  ADVISORY  WRITE 2765 fe:00:5455952 0 EOF` (pid,
/// then the device's major and minor number in hex and the inode).
#[cfg(target_os = "linux")]
fn lock_holder(file: &File) -> Option<u32> {
    use std::os::unix::fs::MetadataExt;
    let metadata = file.metadata().ok()?;
    let dev = metadata.dev();
    let major = ((dev >> 8) & 0xfff) | ((dev >> 32) & !0xfff);
    let minor = (dev & 0xff) | ((dev >> 12) & !0xff);
    let wanted = format!("{major:02x}:{minor:02x}:{}", metadata.ino());
    let inode_only = format!(":{}", metadata.ino());
    let locks = std::fs::read_to_string("/proc/locks").ok()?;
    let mut by_inode = None;
    for line in locks.lines() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        // `->` marks a process waiting for the lock, not holding it.
        if fields.get(1) != Some(&"FLOCK") || fields.contains(&"->") {
            continue;
        }
        let (Some(pid), Some(id)) = (fields.get(4), fields.get(5)) else {
            continue;
        };
        let Ok(pid) = pid.parse::<u32>() else {
            continue;
        };
        if *id == wanted {
            return Some(pid);
        }
        // Some file systems (overlays) show another device number.
        if id.ends_with(&inode_only) {
            by_inode = Some(pid);
        }
    }
    by_inode
}

#[cfg(not(target_os = "linux"))]
fn lock_holder(_file: &File) -> Option<u32> {
    None
}

/// What is at `path` when it is there but is no regular file (a link is
/// followed): `a FIFO`, `a character device`, `a directory`, …; `None`
/// for a regular file, or when nothing is there (or the path cannot be
/// looked at: opening it says why). Record files — checkpoints, a
/// shard's part — must be regular files: reading a FIFO waits for ever, a
/// device keeps nothing, and renaming over one replaces it.
///
/// # Example
///
/// ```
/// use puzzles::record_file::not_a_regular_file;
///
/// # #[cfg(unix)]
/// assert_eq!(not_a_regular_file("/dev/null".as_ref()), Some("a character device"));
/// assert_eq!(not_a_regular_file(&std::env::temp_dir()), Some("a directory"));
/// assert_eq!(not_a_regular_file("no-such-file.ckpt".as_ref()), None);
/// ```
pub fn not_a_regular_file(path: &Path) -> Option<&'static str> {
    file_kind(&std::fs::metadata(path).ok()?)
}

/// What a file that is not regular is; `None` for a regular one.
pub(crate) fn file_kind(metadata: &std::fs::Metadata) -> Option<&'static str> {
    let kind = metadata.file_type();
    if kind.is_file() {
        return None;
    }
    if kind.is_dir() {
        return Some("a directory");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return Some("a FIFO");
        }
        if kind.is_char_device() {
            return Some("a character device");
        }
        if kind.is_block_device() {
            return Some("a block device");
        }
        if kind.is_socket() {
            return Some("a socket");
        }
    }
    Some("a special file")
}
