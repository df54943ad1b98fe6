//! The paths of the command line, checked before any work starts, so that
//! a record or a model that cannot be written fails the command at once
//! instead of at the end of a game or a long run.

use std::fs::OpenOptions;
use std::path::Path;

/// Checks that `path`, given with `flag`, can be written as a file: not a
/// directory; an existing file open for appending; else a new file in a
/// folder that exists and takes it (tried by creating and removing it).
pub fn writable_file(flag: &str, path: &Path) -> Result<(), String> {
    let shown = path.display();
    if path.is_dir() {
        return Err(format!("{flag} {shown} is a directory; give a file"));
    }
    if path.exists() {
        return OpenOptions::new()
            .append(true)
            .open(path)
            .map(drop)
            .map_err(|e| format!("{flag} {shown} cannot be written: {e}"));
    }
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    if !folder.is_dir() {
        let what = if folder.exists() {
            "is not a folder"
        } else {
            "does not exist"
        };
        return Err(format!("{flag} {shown}: {} {what}", folder.display()));
    }
    create_and_remove(path).map_err(|e| format!("{flag} {shown} cannot be created in {}: {e}", folder.display()))
}

/// Creates the file `path`, which must not exist, and removes it again:
/// the one sure test that a folder takes a new file.
fn create_and_remove(path: &Path) -> std::io::Result<()> {
    OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .and_then(|_| std::fs::remove_file(path))
}

/// Checks that `path`, given with `flag`, is a directory files can be
/// written to, creating it (and its parents) if it does not exist.
pub fn writable_dir(flag: &str, path: &Path) -> Result<(), String> {
    let shown = path.display();
    if path.exists() && !path.is_dir() {
        return Err(format!("{flag} {shown} is a file; give a directory"));
    }
    std::fs::create_dir_all(path).map_err(|e| format!("{flag} {shown} cannot be created: {e}"))?;
    let probe = path.join(format!(".variago-probe-{}", std::process::id()));
    create_and_remove(&probe).map_err(|e| format!("{flag} {shown} cannot be written: {e}"))
}
