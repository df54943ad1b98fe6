//! Self-play records through the command line, as a user runs them: a
//! shard's file reads back exactly, merged shards are the whole run byte
//! for byte, a broken line costs only itself, and bad input is refused
//! with an error that names the file, writing nothing.

use std::path::{Path, PathBuf};
use std::process::Command;
use variago::selfplay::records::{self, Ending};
use variago::{Color, Position, Variant};

/// Runs the program with `args`; returns stdout, stderr and the exit code.
fn variago(args: &[&str]) -> (String, String, Option<i32>) {
    let out = Command::new(env!("CARGO_BIN_EXE_variago"))
        .args(args)
        .output()
        .expect("variago runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code(),
    )
}

/// A fresh directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("variago-records-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn text(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// The quick run of these tests: Atari Go 5x5, 4 games of 2 random
/// opening moves, 16 playouts a move, seed 5; `extra` adds flags or
/// overrides these.
fn selfplay(records: &Path, extra: &[&str]) -> (String, Option<i32>) {
    let mut args = vec!["selfplay", "--records", text(records)];
    let defaults = [
        ("--variant", "atari"),
        ("--size", "5"),
        ("--playouts", "16"),
        ("--seed", "5"),
        ("--games", "4"),
        ("--opening-moves", "2"),
    ];
    for (flag, value) in defaults {
        if !extra.contains(&flag) {
            args.extend([flag, value]);
        }
    }
    args.extend_from_slice(extra);
    let (_, stderr, code) = variago(&args);
    (stderr, code)
}

fn merge(files: &[&Path], output: &Path) -> (String, Option<i32>) {
    let mut args = vec!["selfplay-merge", "--output", text(output)];
    args.extend(files.iter().map(|f| text(f)));
    let (_, stderr, code) = variago(&args);
    (stderr, code)
}

#[test]
fn a_shard_s_file_reads_back_exactly() {
    let dir = scratch("read-back");
    let file = dir.join("shard-2.jsonl");
    let (stderr, code) = selfplay(&file, &["--shard", "2/2"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stderr.contains("selfplay shard 2/2: games 2 of 4, positions ")
            && stderr.contains(" positions per second on one core (search threads 1)"),
        "{stderr}"
    );
    let written = std::fs::read_to_string(&file).unwrap();
    let read = records::read(&file).unwrap();
    assert!(read.bad_lines.is_empty(), "{:?}", read.bad_lines);
    assert_eq!(records::text(&read.records), written);
    assert_eq!(read.records.len(), written.lines().count());

    // Shard 2/2 of 4 games plays games 2 and 4, each from two random moves.
    let games: Vec<u32> = read.records.iter().map(|r| r.game).collect();
    assert!(games.windows(2).all(|w| w[0] <= w[1]), "{games:?}");
    assert_eq!(games.first(), Some(&2));
    assert_eq!(games.last(), Some(&4));
    assert!(!games.contains(&1) && !games.contains(&3));
    for record in &read.records {
        assert_eq!(record.setup.variant, Variant::Atari);
        assert_eq!(record.setup.size, 5);
        assert_eq!(record.seed, 5);
        assert!(record.moves.len() >= 2, "the opening comes first");
        assert_eq!(record.total, record.visits.iter().map(|(_, n)| n).sum::<u64>());
        assert!(record.visits.iter().any(|(mv, _)| *mv == record.played));
        let mut game = record.position().unwrap();
        game.play(record.to_move, record.played).unwrap();
    }
    // Atari Go ends at the first capture: the last record's move wins, and
    // every record of the game carries that result.
    for number in [2, 4] {
        let game: Vec<_> = read.records.iter().filter(|r| r.game == number).collect();
        let last = game.last().unwrap();
        let mut end = last.position().unwrap();
        end.play(last.to_move, last.played).unwrap();
        let outcome = end.outcome().expect("the game is over");
        assert!(game
            .iter()
            .all(|r| r.result == outcome.to_string() && r.winner == outcome.winner() && r.ending == Ending::Rules));
        assert!(matches!(last.winner, Some(Color::Black | Color::White)));
        let plies: Vec<usize> = game.iter().map(|r| r.moves.len()).collect();
        assert!(plies.windows(2).all(|w| w[1] == w[0] + 1), "{plies:?}");
    }
}

#[test]
fn merged_shards_are_the_whole_run_byte_for_byte() {
    let dir = scratch("merge");
    let whole = dir.join("whole.jsonl");
    let (stderr, code) = selfplay(&whole, &[]);
    assert_eq!(code, Some(0), "{stderr}");
    let shards = [dir.join("shard-1.jsonl"), dir.join("shard-2.jsonl")];
    for (k, shard) in shards.iter().enumerate() {
        let (stderr, code) = selfplay(shard, &["--shard", &format!("{}/2", k + 1)]);
        assert_eq!(code, Some(0), "{stderr}");
    }
    let merged = dir.join("merged.jsonl");
    // In either order: the merge sorts by game and move.
    let (stderr, code) = merge(&[&shards[1], &shards[0]], &merged);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stderr.contains("selfplay-merge: files 2, games 4, positions "),
        "{stderr}"
    );
    let whole = std::fs::read(&whole).unwrap();
    assert!(!whole.is_empty());
    assert_eq!(std::fs::read(&merged).unwrap(), whole);
    // The games differ: random openings, one seed a game.
    let read = records::read(&merged).unwrap();
    let openings: std::collections::BTreeSet<String> =
        read.records.iter().map(|r| format!("{:?}", &r.moves[..2])).collect();
    assert!(openings.len() > 1, "{openings:?}");
}

#[test]
fn a_broken_line_is_named_and_skipped_and_nothing_else_is_lost() {
    let dir = scratch("broken");
    let file = dir.join("run.jsonl");
    let (stderr, code) = selfplay(&file, &["--games", "2"]);
    assert_eq!(code, Some(0), "{stderr}");
    let good = std::fs::read_to_string(&file).unwrap();
    let mut lines: Vec<String> = good.lines().map(String::from).collect();
    assert!(lines.len() >= 4, "{good}");
    // A line garbled in the middle, and the last cut short as a killed run leaves it.
    lines[1] = lines[1].replace("\"visits\":[[", "\"visits\":[[[");
    let last = lines.len() - 1;
    let half = lines[last].len() / 2;
    lines[last].truncate(half);
    std::fs::write(&file, lines.join("\n")).unwrap();

    let merged = dir.join("merged.jsonl");
    let (stderr, code) = merge(&[&file], &merged);
    assert_eq!(code, Some(0), "{stderr}");
    let shown = file.display().to_string();
    assert!(stderr.contains(&format!("{shown} line 2: ")), "{stderr}");
    assert!(stderr.contains(&format!("{shown} line {}: ", last + 1)), "{stderr}");
    assert!(stderr.contains("bad lines skipped 2,"), "{stderr}");
    let kept: Vec<&str> = good
        .lines()
        .enumerate()
        .filter(|(i, _)| *i != 1 && *i != last)
        .map(|(_, l)| l)
        .collect();
    assert_eq!(std::fs::read_to_string(&merged).unwrap(), kept.join("\n") + "\n");
}

#[test]
fn records_of_another_game_are_refused_by_name_and_nothing_is_written() {
    let dir = scratch("mixed");
    let atari = dir.join("atari.jsonl");
    let other = dir.join("other.jsonl");
    assert_eq!(selfplay(&atari, &["--shard", "1/2"]).1, Some(0));
    assert_eq!(selfplay(&other, &["--shard", "2/2", "--komi", "1"]).1, Some(0));
    let merged = dir.join("merged.jsonl");
    let (stderr, code) = merge(&[&atari, &other], &merged);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains(&format!("{} line 1: a record of atari 5x5 komi 1", other.display())),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!("{} line 1 is of atari 5x5 komi 0", atari.display())),
        "{stderr}"
    );
    assert!(!merged.exists());

    // One shard given twice holds every position twice.
    let (stderr, code) = merge(&[&atari, &atari], &merged);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("game 1 move 3 is in"), "{stderr}");
    assert!(!merged.exists());
}

#[test]
fn a_file_out_of_the_run_s_order_or_merged_into_itself_is_refused() {
    let dir = scratch("order");
    let shards = [dir.join("shard-1.jsonl"), dir.join("shard-2.jsonl")];
    for (k, shard) in shards.iter().enumerate() {
        assert_eq!(selfplay(shard, &["--shard", &format!("{}/2", k + 1)]).1, Some(0));
    }
    let first = std::fs::read_to_string(&shards[0]).unwrap();
    let second = std::fs::read_to_string(&shards[1]).unwrap();
    let jumbled = dir.join("jumbled.jsonl");
    std::fs::write(&jumbled, second.clone() + &first).unwrap();
    let merged = dir.join("merged.jsonl");
    let (stderr, code) = merge(&[&jumbled], &merged);
    assert_eq!(code, Some(2), "{stderr}");
    let line = second.lines().count() + 1;
    assert!(
        stderr.contains(&format!(
            "{} line {line}: game 1 move 3 after game 4 move ",
            jumbled.display()
        )),
        "{stderr}"
    );
    assert!(!merged.exists());

    let (_, stderr, code) = variago(&[
        "selfplay-merge",
        "--overwrite",
        "--output",
        text(&shards[0]),
        text(&shards[0]),
        text(&shards[1]),
    ]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("is one of the files to merge"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&shards[0]).unwrap(), first);
}

#[test]
fn a_killed_shard_resumes_to_the_file_it_would_have_written() {
    let dir = scratch("resume");
    let whole = dir.join("whole.jsonl");
    assert_eq!(selfplay(&whole, &["--shard", "1/2", "--games", "6"]).1, Some(0));
    let written = std::fs::read_to_string(&whole).unwrap();
    let games: Vec<&str> = written.lines().collect();
    let second_game = games.iter().position(|l| l.starts_with("{\"game\":3,")).unwrap();
    // Killed in the middle of game 3's second line.
    let cut = games[..second_game].join("\n") + "\n" + games[second_game] + "\n" + &games[second_game + 1][..40];
    let killed = dir.join("killed.jsonl");
    std::fs::write(&killed, &cut).unwrap();
    let (stderr, code) = selfplay(&killed, &["--shard", "1/2", "--games", "6", "--resume"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stderr.contains(&format!("resuming: {} kept through game 1,", killed.display())),
        "{stderr}"
    );
    assert!(stderr.contains("games 2 of 6"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&killed).unwrap(), written);

    // Resuming a finished run plays its last game again, to the same bytes.
    let (stderr, code) = selfplay(&killed, &["--shard", "1/2", "--games", "6", "--resume"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(std::fs::read_to_string(&killed).unwrap(), written);

    // Another run's file, or another shard's, is refused and kept.
    for other in [["--seed", "6"], ["--shard", "2/2"]] {
        let mut args = vec!["--games", "6", "--resume"];
        args.extend(other);
        if other[0] != "--shard" {
            args.extend(["--shard", "1/2"]);
        }
        let (stderr, code) = selfplay(&killed, &args);
        assert_eq!(code, Some(2), "{stderr}");
        assert!(stderr.contains(&format!("{} line 1: ", killed.display())), "{stderr}");
        assert_eq!(std::fs::read_to_string(&killed).unwrap(), written);
    }
}

#[test]
fn a_shard_out_of_range_is_refused_before_any_game() {
    let dir = scratch("shards");
    let file = dir.join("run.jsonl");
    for bad in ["3/2", "0/2", "a/b", "2"] {
        let (stderr, code) = selfplay(&file, &["--shard", bad]);
        assert_eq!(code, Some(2), "{bad}: {stderr}");
        assert!(
            stderr.contains(&format!("shard '{bad}': write K/N, the K-th of N shards, 1 <= K <= N")),
            "{stderr}"
        );
        assert!(!file.exists());
    }
}

#[test]
fn existing_files_are_kept_unless_overwrite_is_given() {
    let dir = scratch("exists");
    let file = dir.join("run.jsonl");
    std::fs::write(&file, "precious\n").unwrap();
    let (stderr, code) = selfplay(&file, &["--games", "1"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains(&format!("--records {} exists; --overwrite replaces it", file.display())),
        "{stderr}"
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "precious\n");

    let output = dir.join("merged.jsonl");
    std::fs::write(&output, "precious\n").unwrap();
    let (stderr, code) = merge(&[&file], &output);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "--output {} exists; --overwrite replaces it",
            output.display()
        )),
        "{stderr}"
    );
    assert_eq!(std::fs::read_to_string(&output).unwrap(), "precious\n");

    let (stderr, code) = selfplay(&file, &["--games", "1", "--overwrite"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(records::read(&file).unwrap().records.iter().all(|r| r.game == 1));
    let (_, stderr, code) = variago(&["selfplay-merge", "--overwrite", "--output", text(&output), text(&file)]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(std::fs::read(&output).unwrap(), std::fs::read(&file).unwrap());
}

#[test]
fn a_missing_records_file_to_merge_is_an_error_naming_it() {
    let dir = scratch("missing");
    let missing = dir.join("absent.jsonl");
    let output = dir.join("merged.jsonl");
    let (stderr, code) = merge(&[&missing], &output);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains(&format!("cannot read {}", missing.display())),
        "{stderr}"
    );
    assert!(!output.exists());
}

#[test]
fn the_run_s_options_need_records_and_selfplay_still_prints_its_game() {
    for flag in [["--games", "2"], ["--shard", "1/2"], ["--opening-moves", "3"]] {
        let (_, stderr, code) = variago(&["selfplay", "--variant", "atari", "--size", "5", flag[0], flag[1]]);
        assert_eq!(code, Some(2), "{stderr}");
        assert!(stderr.contains("--records <FILE>"), "{stderr}");
    }
    let boards: Vec<&str> = "selfplay --variant atari --size 5 --playouts 30 --seed 2"
        .split(' ')
        .collect();
    let (stdout, stderr, code) = variago(&boards);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.contains("black ") && stdout.contains("result: "), "{stdout}");
    assert!(!stdout.contains("\"visits\""));
}

#[test]
fn records_go_to_stdout_for_a_dash() {
    let (stdout, stderr, code) = variago(&[
        "selfplay",
        "--variant",
        "go",
        "--size",
        "5",
        "--playouts",
        "10",
        "--games",
        "1",
        "--records",
        "-",
    ]);
    assert_eq!(code, Some(0), "{stderr}");
    let records: Vec<_> = stdout.lines().map(|l| records::parse_line(l).unwrap()).collect();
    assert!(!records.is_empty());
    assert!(records
        .iter()
        .all(|r| r.setup.variant == Variant::Go && r.moves.len() >= 4));
    assert!(stderr.contains("records in -"), "{stderr}");
}
