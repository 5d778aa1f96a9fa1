//! Checks for Open MPI and libclang before the `mpi` crate's own build
//! script does: without them that script prints some eighty lines of probe
//! reports and a panic, naming neither the packages to install nor how to
//! leave this crate out. This one says both, in a few lines.
//!
//! It looks where `build-probe-mpi` (the `mpi` crate's probe) and `clang-sys`
//! (bindgen's) look, and passes whenever they could succeed; `mpi` then
//! builds as before. `PUZZLES_MPI_PROBE=skip` skips the check (an MPI it
//! does not know how to find), and `PUZZLES_MPI_PROBE=missing` reports both
//! as missing (to see the message on a machine that has them).

use std::env;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn main() {
    for variable in [
        "PUZZLES_MPI_PROBE",
        "MPICC",
        "MPI_PKG_CONFIG",
        "CRAY_MPICH_DIR",
        "PKG_CONFIG",
        "PKG_CONFIG_PATH",
        "PKG_CONFIG_LIBDIR",
        "PKG_CONFIG_SYSROOT_DIR",
        "LIBCLANG_PATH",
        "LLVM_CONFIG_PATH",
        "LD_LIBRARY_PATH",
        "PATH",
    ] {
        println!("cargo::rerun-if-env-changed={variable}");
    }
    let mode = env::var("PUZZLES_MPI_PROBE").unwrap_or_default();
    if mode == "skip" {
        return;
    }
    let simulate_missing = mode == "missing";
    let mut missing = Vec::new();
    if simulate_missing || !mpi_found() {
        missing.push("Open MPI (no working `mpicc`, no ompi.pc or mpich.pc for pkg-config)");
    }
    if simulate_missing || !libclang_found() {
        missing.push("libclang (bindgen reads mpi.h with it)");
    }
    if missing.is_empty() {
        return;
    }
    for line in [
        format!(
            "the MPI driver (crates/mpi) needs Open MPI and libclang; this machine lacks {}.",
            missing.join(" and ")
        ),
        "Install them: apt-get install libopenmpi-dev openmpi-bin libclang-dev (Debian, Ubuntu).".to_string(),
        "Or leave the driver out: cargo build --workspace --exclude puzzles-mpi (the same for clippy); plain `cargo build` and `cargo test` never build it.".to_string(),
    ] {
        println!("cargo::error={line}");
    }
}

/// Whether one of `build-probe-mpi`'s methods can find an MPI library.
fn mpi_found() -> bool {
    if env::var_os("MPI_PKG_CONFIG").is_some() || env::var_os("CRAY_MPICH_DIR").is_some() {
        // Set on purpose; the `mpi` crate reports what is wrong with them.
        return true;
    }
    let mpicc = env::var_os("MPICC").unwrap_or_else(|| "mpicc".into());
    succeeds(Command::new(mpicc).arg("-show"))
        || ["mpich", "ompi"].iter().any(|library| {
            let pkg_config = env::var_os("PKG_CONFIG").unwrap_or_else(|| "pkg-config".into());
            succeeds(Command::new(pkg_config).args(["--exists", library]))
        })
}

fn succeeds(command: &mut Command) -> bool {
    command
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success())
}

/// Whether `clang-sys` can find a libclang where it looks: `LIBCLANG_PATH`,
/// `llvm-config --libdir`, `LD_LIBRARY_PATH`, then the system's library
/// folders two levels deep.
fn libclang_found() -> bool {
    let mut folders: Vec<PathBuf> = Vec::new();
    if let Some(path) = env::var_os("LIBCLANG_PATH") {
        let path = PathBuf::from(path);
        if is_libclang(&path) {
            return true;
        }
        folders.push(path);
    }
    let llvm_config = env::var_os("LLVM_CONFIG_PATH").unwrap_or_else(|| "llvm-config".into());
    if let Ok(output) = Command::new(llvm_config)
        .arg("--libdir")
        .stderr(Stdio::null())
        .output()
        && output.status.success()
    {
        folders.push(PathBuf::from(
            String::from_utf8_lossy(&output.stdout).trim(),
        ));
    }
    if let Some(paths) = env::var_os("LD_LIBRARY_PATH") {
        folders.extend(env::split_paths(&paths));
    }
    for root in [
        "/usr/lib",
        "/usr/lib64",
        "/usr/lib32",
        "/usr/local/lib",
        "/usr/local/lib64",
        "/usr/local/opt",
        "/opt/homebrew/opt",
        "/Library/Developer/CommandLineTools/usr/lib",
        "/Applications/Xcode.app/Contents/Developer/Toolchains/XcodeDefault.xctoolchain/usr/lib",
    ] {
        let root = Path::new(root);
        folders.push(root.to_path_buf());
        for child in subfolders(root) {
            folders.extend(subfolders(&child));
            folders.push(child);
        }
    }
    // Homebrew's and LLVM's own trees: /usr/local/llvm*/lib*.
    for child in subfolders(Path::new("/usr/local")) {
        if child
            .file_name()
            .is_some_and(|name| name.to_string_lossy().starts_with("llvm"))
        {
            folders.extend(subfolders(&child));
        }
    }
    folders.iter().any(|folder| {
        std::fs::read_dir(folder)
            .is_ok_and(|entries| entries.flatten().any(|entry| is_libclang(&entry.path())))
    })
}

fn subfolders(folder: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(folder)
        .map(|entries| {
            entries
                .flatten()
                .map(|entry| entry.path())
                .filter(|path| path.is_dir())
                .collect()
        })
        .unwrap_or_default()
}

/// libclang.so, libclang-14.so.1, libclang.dylib, libclang.dll; not
/// libclang-cpp, a different library.
fn is_libclang(path: &Path) -> bool {
    let Some(name) = path
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
    else {
        return false;
    };
    let Some(rest) = name.strip_prefix("libclang") else {
        return name == "clang.dll";
    };
    !rest.starts_with("-cpp")
        && (rest.starts_with('.') || rest.starts_with('-'))
        && (rest.contains(".so") || rest.ends_with(".dylib") || rest.ends_with(".dll"))
        && path.is_file()
}
