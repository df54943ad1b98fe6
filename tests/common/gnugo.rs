//! GNU Go for the tests that play or score against it: CI installs it
//! (`.ci/run`); elsewhere those tests are skipped without it.

use std::path::PathBuf;

fn find_gnugo() -> Option<PathBuf> {
    let fixed = PathBuf::from("/usr/games/gnugo");
    if fixed.is_file() {
        return Some(fixed);
    }
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join("gnugo"))
            .find(|p| p.is_file())
    })
}

/// GNU Go's path, or `None` to skip (outside CI only).
pub fn gnugo_or_skip() -> Option<String> {
    match find_gnugo() {
        Some(path) => Some(path.to_string_lossy().into_owned()),
        None if std::env::var_os("CI").is_some() => {
            panic!("GNU Go is not installed, but CI must have it (.ci/run installs gnugo)")
        }
        None => {
            println!("note: GNU Go not found; the test is skipped");
            None
        }
    }
}
