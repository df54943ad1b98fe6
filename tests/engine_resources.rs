//! Threads and memory: the engine searches on every core unless told
//! otherwise, and `--max-memory` bounds the whole process, pondering
//! included.

mod common;

use common::process::Gtp;
use common::VARIANT_NAMES;
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_variago");

/// The peak resident memory of process `pid` in kilobytes (Linux), `None`
/// where `/proc` does not tell it.
fn peak_resident_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[test]
fn threads_default_to_the_cores_and_the_option_sets_them() {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut gtp = Gtp::start_logged(BIN, &["--playouts", "10"]);
    let line = gtp.log_line("search threads", Duration::from_secs(10)).expect("logged");
    assert!(line.ends_with(&format!("{cores} search threads")), "{line}");
    let mut one = Gtp::start_logged(BIN, &["--threads", "1", "--playouts", "10"]);
    let line = one.log_line("search threads", Duration::from_secs(10)).expect("logged");
    assert!(line.ends_with("1 search threads"), "{line}");
}

/// The peak resident memory in kilobytes of one `genmove` of `playouts`
/// on 19x19 and one thread, with `args` added; `None` where `/proc` does
/// not tell it.
fn peak_of_a_search(playouts: &str, args: &[&str]) -> Option<u64> {
    let mut all = vec!["--threads", "1", "--playouts", playouts, "--size", "19"];
    all.extend_from_slice(args);
    let mut gtp = Gtp::start(BIN, &all);
    gtp.command("genmove b", Duration::from_secs(300)).unwrap();
    peak_resident_kb(gtp.pid())
}

#[test]
fn a_memory_cap_below_what_a_search_takes_holds_it_back() {
    // The same search with and without a cap of 24 MB: 20 MB are the
    // program's own reserve for one thread, 1 MB the solver's table, and
    // the tree gets the 3 MB left. The capped process stays within the
    // cap where the uncapped search goes past it. (A cap below the
    // reserve promises only the trees' minimum: the program itself, a
    // debug build's code included, takes about 8 MB.)
    const CAP_MB: u64 = 24;
    let capped = std::thread::spawn(|| peak_of_a_search("24000", &["--max-memory", "24"]));
    let Some(free) = peak_of_a_search("24000", &[]) else {
        return; // no /proc here
    };
    let capped = capped.join().unwrap().unwrap();
    eprintln!("peak resident memory: {free} kB uncapped, {capped} kB under --max-memory {CAP_MB}");
    assert!(
        free > CAP_MB * 1024,
        "the search takes only {free} kB: it does not test the cap"
    );
    assert!(
        capped <= CAP_MB * 1024,
        "peak resident memory {capped} kB over {CAP_MB} MB"
    );
}

#[test]
fn max_memory_bounds_the_peak_resident_memory_of_long_searches() {
    let mut gtp = Gtp::start(
        BIN,
        &[
            "--max-memory",
            "64",
            "--threads",
            "2",
            "--time",
            "5",
            "--size",
            "19",
            "--ponder",
        ],
    );
    let Some(start) = peak_resident_kb(gtp.pid()) else {
        return; // no /proc here
    };
    gtp.ok("play b Q16");
    gtp.command("genmove w", Duration::from_secs(60)).unwrap();
    // Pondering searches into the same trees while no command comes.
    std::thread::sleep(Duration::from_secs(4));
    gtp.command("genmove b", Duration::from_secs(60)).unwrap();
    let peak = peak_resident_kb(gtp.pid()).unwrap();
    eprintln!("peak resident memory {peak} kB (at start {start} kB)");
    assert!(peak <= 64 * 1024, "peak resident memory {peak} kB over 64 MB");
}

#[test]
fn every_variant_searches_within_the_memory_cap() {
    // Whatever a search keeps besides its tree (the positions a playout
    // copies, the states an undo takes back, the solver's table) stays
    // bounded too: a board kept per undo took a War Go search of 60,000
    // simulations to 580 MB. Each variant searches on its default board.
    const CAP_MB: u64 = 24;
    for variant in VARIANT_NAMES {
        let cap = CAP_MB.to_string();
        let args = [
            "--variant",
            variant,
            "--threads",
            "1",
            "--playouts",
            "10000",
            "--max-memory",
            &cap,
        ];
        let mut gtp = Gtp::start(BIN, &args);
        // Two moves, each by the side the rules give the turn to.
        for _ in 0..2 {
            let color = gtp.ok("gogui-rules_side_to_move");
            let answer = gtp.command(&format!("genmove {color}"), Duration::from_secs(120));
            assert!(answer.is_ok(), "{variant}: {answer:?}");
        }
        let Some(peak) = peak_resident_kb(gtp.pid()) else {
            return; // no /proc here
        };
        eprintln!("{variant}: peak resident memory {peak} kB");
        assert!(
            peak <= CAP_MB * 1024,
            "{variant}: peak resident memory {peak} kB over {CAP_MB} MB"
        );
    }
}
