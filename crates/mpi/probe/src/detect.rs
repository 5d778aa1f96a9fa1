//! Where the libraries are looked for: libclang where `clang-sys` (bindgen's
//! loader) looks for it.

use std::env;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Whether `clang-sys` can find a libclang where it looks: `LIBCLANG_PATH`,
/// `llvm-config --libdir`, `LD_LIBRARY_PATH`, then the system's library
/// folders two levels deep.
pub(crate) fn libclang_found() -> bool {
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
