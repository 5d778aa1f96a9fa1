//! `build-probe-mpi` for `puzzles-mpi`: the same probe for an MPI library,
//! and a short message when Open MPI or libclang is missing.
//!
//! The `mpi` crate's build scripts (`mpi-sys` and `mpi`) call [`probe`]. It
//! looks where the published `build-probe-mpi` 0.1.6 looks, in the same
//! order — the `.pc` file in `MPI_PKG_CONFIG`, `CRAY_MPICH_DIR`'s
//! `mpich.pc`, the compiler wrapper (`MPICC`, else `mpicc`) asked for
//! `-show`, then pkg-config's `mpich` and `ompi` — and returns the same
//! [`Library`]. Where none finds MPI, or libclang is not where bindgen
//! looks, it ends the build script with three lines naming the packages to
//! install and `--exclude puzzles-mpi`, instead of a report of every method
//! tried and a panic (some eighty lines). It has to run inside those build
//! scripts rather than in one of ours: cargo may run theirs first, and it
//! stops at the first failure.
//!
//! `PUZZLES_MPI_PROBE=skip` returns the probe's errors instead (for an MPI
//! or a libclang it does not see); `PUZZLES_MPI_PROBE=missing` reports both
//! as missing, to see the message on a machine that has them.
//!
//! ```
//! // On a machine with an MPI compiler wrapper (the project's CI), the
//! // probe finds it.
//! # if std::process::Command::new("mpicc").arg("-show").output().is_ok() {
//! let library = build_probe_mpi::probe().expect("MPI is installed");
//! assert!(library.mpicc.is_some() || !library.libs.is_empty());
//! # }
//! ```

mod detect;

use std::env;
use std::error::Error;
use std::path::PathBuf;
use std::process::Command;

/// What a probe found: how to compile and link against MPI.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Library {
    /// The compiler wrapper to compile C with, when one was found.
    pub mpicc: Option<String>,
    /// The libraries to link (`-l`).
    pub libs: Vec<String>,
    /// Where to look for them (`-L`).
    pub lib_paths: Vec<PathBuf>,
    /// Where the headers are (`-I`).
    pub include_paths: Vec<PathBuf>,
    /// The library's version where pkg-config says, else `unknown`.
    pub version: String,
}

impl From<pkg_config::Library> for Library {
    fn from(found: pkg_config::Library) -> Library {
        Library {
            mpicc: None,
            libs: found.libs,
            lib_paths: found.link_paths,
            include_paths: found.include_paths,
            version: found.version,
        }
    }
}

/// The published probe's methods, in its order; the first that works wins,
/// otherwise every method's reason.
fn find_mpi() -> Result<Library, Vec<Box<dyn Error>>> {
    let mut reasons: Vec<Box<dyn Error>> = Vec::new();
    let pkg_config = |name: &str| {
        pkg_config::Config::new()
            .cargo_metadata(false)
            .probe(name)
            .map(Library::from)
    };
    if let Ok(file) = env::var("MPI_PKG_CONFIG") {
        // Set on purpose: no other method is tried.
        return pkg_config(&file).map_err(|err| {
            vec![
                format!("MPI_PKG_CONFIG is set to {file}, which pkg-config cannot use: {err}")
                    .into(),
            ]
        });
    }
    if let Ok(cray) = env::var("CRAY_MPICH_DIR") {
        let file: PathBuf = [cray.as_str(), "lib", "pkgconfig", "mpich.pc"]
            .iter()
            .collect();
        match pkg_config(&file.to_string_lossy()) {
            Ok(library) => return Ok(library),
            Err(err) => reasons.push(Box::new(err)),
        }
    }
    let mpicc = env::var("MPICC").unwrap_or_else(|_| "mpicc".to_string());
    match from_wrapper(&mpicc) {
        Ok(library) => return Ok(library),
        Err(err) => reasons.push(format!("{mpicc} -show: {err}").into()),
    }
    for name in ["mpich", "ompi"] {
        match pkg_config(name) {
            Ok(library) => return Ok(library),
            Err(err) => reasons.push(Box::new(err)),
        }
    }
    Err(reasons)
}

/// Reads the compiler command line that `mpicc -show` prints.
fn from_wrapper(mpicc: &str) -> Result<Library, Box<dyn Error>> {
    let output = Command::new(mpicc).arg("-show").output()?;
    let line = String::from_utf8(output.stdout)?;
    let words = shell_words::split(&line)?;
    let after = |flag: &str| -> Vec<String> {
        words
            .iter()
            .filter_map(|word| word.strip_prefix(flag))
            .map(|value| unquoted(value).to_string())
            .collect()
    };
    Ok(Library {
        mpicc: Some(mpicc.to_string()),
        libs: after("-l"),
        lib_paths: after("-L").into_iter().map(PathBuf::from).collect(),
        include_paths: after("-I").into_iter().map(PathBuf::from).collect(),
        version: "unknown".to_string(),
    })
}

/// `value` without one pair of surrounding quotes (`"`, `'` or `` ` ``).
fn unquoted(value: &str) -> &str {
    for quote in ['"', '\'', '`'] {
        if let Some(inner) = value
            .strip_prefix(quote)
            .and_then(|rest| rest.strip_suffix(quote))
        {
            return inner;
        }
    }
    value
}

/// What the message says is missing, as packages name them.
const OPEN_MPI: &str = "Open MPI (no working `mpicc`, no ompi.pc or mpich.pc for pkg-config)";
const LIBCLANG: &str = "libclang (bindgen reads mpi.h with it)";

/// Probes for an MPI library as the published `build-probe-mpi` does; where
/// it or libclang is missing, reports that to cargo and ends the build
/// script (see the crate's documentation).
///
/// # Errors
///
/// Only with `PUZZLES_MPI_PROBE=skip`: the published probe's errors.
pub fn probe() -> Result<Library, Vec<Box<dyn Error>>> {
    for variable in [
        "PUZZLES_MPI_PROBE",
        "MPICC",
        "PKG_CONFIG_PATH",
        "PKG_CONFIG_LIBDIR",
        "LIBCLANG_PATH",
    ] {
        println!("cargo:rerun-if-env-changed={variable}");
    }
    let mode = env::var("PUZZLES_MPI_PROBE").unwrap_or_default();
    if mode == "skip" {
        return find_mpi();
    }
    let simulate_missing = mode == "missing";
    let found = if simulate_missing {
        Err(Vec::new())
    } else {
        find_mpi()
    };
    let mut missing = Vec::new();
    if found.is_err() {
        missing.push(OPEN_MPI);
    }
    if simulate_missing || !detect::libclang_found() {
        missing.push(LIBCLANG);
    }
    if missing.is_empty() {
        return found;
    }
    for line in message(&missing) {
        println!("cargo::error={line}");
    }
    // The errors above fail the build; a panic would only add its own lines.
    std::process::exit(0);
}

/// The lines cargo shows, each after `error: mpi-sys@VERSION: `.
fn message(missing: &[&str]) -> [String; 3] {
    [
        format!(
            "the MPI driver (crates/mpi, package puzzles-mpi) needs Open MPI and libclang; this \
             machine lacks {}.",
            missing.join(" and ")
        ),
        "Install them: apt-get install libopenmpi-dev openmpi-bin libclang-dev (Debian, Ubuntu)."
            .to_string(),
        "Or leave the driver out: cargo build --workspace --exclude puzzles-mpi (the same for \
         clippy); plain `cargo build` and `cargo test` never build it."
            .to_string(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_pair_of_quotes_is_taken_off() {
        assert_eq!(unquoted("\"/usr/lib/mpi\""), "/usr/lib/mpi");
        assert_eq!(unquoted("'/opt/a b'"), "/opt/a b");
        assert_eq!(unquoted("`x`"), "x");
        assert_eq!(unquoted("\"half"), "\"half");
        assert_eq!(unquoted("/plain"), "/plain");
    }

    #[test]
    fn the_message_names_what_is_missing_the_packages_and_the_way_around() {
        let [what, install, around] = message(&[OPEN_MPI, LIBCLANG]);
        assert!(
            what.ends_with(&format!("lacks {OPEN_MPI} and {LIBCLANG}.")),
            "{what}"
        );
        assert!(install.contains("apt-get install libopenmpi-dev openmpi-bin libclang-dev"));
        assert!(around.contains("cargo build --workspace --exclude puzzles-mpi"));
    }
}
