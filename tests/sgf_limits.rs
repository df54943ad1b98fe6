//! Broken, huge and hostile SGF files: `loadsgf` answers each with an
//! error or a game and keeps answering, a refused file leaves the game as
//! it was, and `variago match --openings` and `variago learn` stop with an
//! error that names the file.

mod common;

use common::matches::{engine, run_variago, BIN};
use common::process::Gtp;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

/// A generated file and what a refusal of it says.
struct BadFile {
    path: PathBuf,
    reason: &'static str,
}

/// This test file's directory, emptied once per run.
fn scratch() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("sgf_limits");
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    })
}

fn write(name: &str, bytes: &[u8]) -> PathBuf {
    let path = scratch().join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

/// Bytes from a fixed seed, so that the file and its refusal are the same on every run.
fn random_bytes(count: usize) -> Vec<u8> {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    (0..count)
        .map(|_| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 56) as u8
        })
        .collect()
}

/// The files past a limit or broken, written once for all the tests.
fn bad_files() -> &'static [BadFile] {
    static FILES: OnceLock<Vec<BadFile>> = OnceLock::new();
    FILES.get_or_init(|| {
        let comment = format!("(;GM[1]SZ[9]C[{}];B[ee])", "x".repeat(64 << 20));
        vec![
            BadFile {
                path: write("long.sgf", format!("(;{})", ";".repeat(1_000_000)).as_bytes()),
                reason: "more than 1000000 nodes on the main line",
            },
            BadFile {
                path: write(
                    "nested.sgf",
                    format!("{}{}", "(;".repeat(100_000), ")".repeat(100_000)).as_bytes(),
                ),
                reason: "variations nested more than 10000 deep",
            },
            BadFile {
                path: write("comment.sgf", comment.as_bytes()),
                reason: "larger than 64 MB",
            },
            BadFile {
                path: write("truncated.sgf", b"(;GM[1]FF[4]SZ[9]KM[7.5];B[ee];W[cc];B[g"),
                reason: "bad SGF: the file ends inside a property value on line 1",
            },
            BadFile {
                path: write("random.sgf", &random_bytes(4096)),
                reason: "bad SGF: ",
            },
        ]
    })
}

#[test]
fn loadsgf_refuses_bad_files_and_keeps_the_game() {
    let mut gtp = Gtp::start(BIN, &[]);
    gtp.ok("boardsize 9");
    gtp.ok("play b E5");
    gtp.ok("play w C3");
    let position = |gtp: &mut Gtp| (gtp.ok("showboard"), gtp.ok("printsgf"));
    let before = position(&mut gtp);
    let mut files: Vec<(String, &str)> = bad_files()
        .iter()
        .map(|file| (file.path.display().to_string(), file.reason))
        .collect();
    // Text quoted from the file stays on one line, and short.
    let newlines = write("newlines.sgf", b"(;GM[1]SZ[9]VV[a\n\nb])");
    files.push((newlines.display().to_string(), "unknown variant 'a\\n\\nb'"));
    let value = write("value.sgf", format!("(;SZ[9];B[{}])", "x".repeat(1 << 20)).as_bytes());
    files.push((value.display().to_string(), "invalid property B[xxxxxxxx"));
    if cfg!(unix) {
        // A file without end stops at the size limit.
        files.push(("/dev/zero".into(), "larger than 64 MB"));
    }
    for (path, reason) in files {
        let reply = gtp.command(&format!("loadsgf {path}"), Duration::from_secs(60));
        let error = reply.expect_err(&path);
        assert!(
            error.starts_with(&format!("? cannot load file: {reason}")),
            "{path}: {error}"
        );
        assert!(!error.contains('\n') && error.len() < 300, "{path}: {error}");
        assert_eq!(gtp.ok("name"), "variago");
        assert_eq!(position(&mut gtp), before, "{path}");
    }
}

#[test]
fn loadsgf_reads_up_to_the_limits() {
    let longest = write(
        "longest.sgf",
        format!("(;SZ[9]{};B[ee])", ";".repeat(999_998)).as_bytes(),
    );
    let deepest = write(
        "deepest.sgf",
        format!("(;SZ[9]{};B[ee]{}", "(;".repeat(9_999), ")".repeat(10_000)).as_bytes(),
    );
    let commented = write(
        "commented.sgf",
        format!("(;SZ[9]C[{}];B[ee])", "\\]".repeat(8 << 20)).as_bytes(),
    );
    let mut gtp = Gtp::start(BIN, &[]);
    for path in [&longest, &deepest, &commented] {
        assert_eq!(gtp.ok(&format!("loadsgf {}", path.display())), "white");
        assert!(gtp.ok("printsgf").ends_with(";B[ee])"), "{}", path.display());
    }
}

#[test]
fn openings_name_the_bad_file() {
    for file in bad_files() {
        let shown = file.path.display().to_string();
        let output = run_variago(
            "match",
            &[
                "--variant",
                "go",
                "--size",
                "9",
                "--first",
                &engine("--playouts 10"),
                "--second",
                &engine("--playouts 10"),
                "--openings",
                &shown,
            ],
        );
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{shown}: {stderr}");
        let name = file.path.file_name().unwrap().to_str().unwrap();
        assert!(stderr.contains(name), "{shown}: {stderr}");
        if name != "random.sgf" {
            // Random bytes are read as a book of typed moves, which fails on its first word.
            assert!(stderr.contains(file.reason), "{shown}: {stderr}");
        }
        assert!(output.stdout.is_empty(), "{shown}");
    }
}

#[test]
fn learn_names_the_bad_file() {
    let model = scratch().join("learned.model");
    for file in bad_files() {
        let shown = file.path.display().to_string();
        let output = run_variago("learn", &[&shown, "--out", model.to_str().unwrap()]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.code().is_some_and(|code| code != 0), "{shown}: {stderr}");
        assert!(
            stderr.contains(&format!("{shown}: {}", file.reason)),
            "{shown}: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{shown}: {stderr}");
        assert!(!model.exists());
    }
}
