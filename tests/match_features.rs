//! `variago match` for engine authors: games at once without mixing their
//! GTP traffic, openings played with both colours, losses on time,
//! results files that survive a killed runner, shards run under GNU
//! parallel and merged, and bad input refused before any engine starts.

mod common;

use common::matches::{engine, run_match, run_variago, scratch_dir, totals, BIN};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// `--variant atari --size 5`, the engines, the number of games and the
/// results file: the arguments most tests start from.
fn atari_match<'a>(first: &'a str, second: &'a str, games: &'a str, results: &'a Path) -> Vec<&'a str> {
    vec![
        "--variant",
        "atari",
        "--size",
        "5",
        "--first",
        first,
        "--second",
        second,
        "--games",
        games,
        "--results",
        results.to_str().unwrap(),
    ]
}

/// The game lines of a results file.
fn games_in(path: &Path) -> Vec<Value> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|v| v.get("game").is_some())
        .collect()
}

fn numbers(games: &[Value]) -> Vec<u64> {
    let mut numbers: Vec<u64> = games.iter().map(|g| g["game"].as_u64().unwrap()).collect();
    numbers.sort();
    numbers
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect()
}

/// `B` for `black` or `b`.
fn letter(color: &str) -> String {
    color[..1].to_uppercase()
}

/// What one engine process was sent, cut into games at each
/// `clear_board`: its own turns (`genmove B`) and the moves it was told
/// (`play W C3`). The check before the first game sets up a game in which
/// nothing is played: it is left out.
fn traffic(log: &str) -> Vec<Vec<String>> {
    let mut games = Vec::new();
    for line in log.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["clear_board"] => games.push(Vec::new()),
            ["variago-genmove", color] => games.last_mut().unwrap().push(format!("genmove {}", letter(color))),
            ["variago-play", color, mv] => games.last_mut().unwrap().push(format!("play {} {mv}", letter(color))),
            _ => {}
        }
    }
    games.retain(|game| !game.is_empty());
    games
}

/// The traffic a game's record implies for the engine (`first` or `second`).
fn expected_traffic(game: &Value, engine: &str) -> Vec<String> {
    let first_black = game["first_color"] == "black";
    let own = if (engine == "first") == first_black { "B" } else { "W" };
    let opening = strings(&game["opening"]["moves"]).len();
    let mut traffic: Vec<String> = strings(&game["moves"])
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let (color, mv) = m.split_once(' ').unwrap();
            if color == own && i >= opening {
                format!("genmove {color}")
            } else {
                format!("play {color} {mv}")
            }
        })
        .collect();
    // A resignation is the answer to one more genmove.
    let resigner = match game["result"].as_str() {
        Some("B+R") => Some("W"),
        Some("W+R") => Some("B"),
        _ => None,
    };
    if resigner == Some(own) {
        traffic.push(format!("genmove {own}"));
    }
    traffic
}

#[test]
fn concurrent_games_keep_their_traffic_apart() {
    let dir = scratch_dir("concurrency");
    let results = dir.join("results.jsonl");
    // Each engine process copies what it is sent into a log of its own.
    let logged = |role: &str, seed: u32| {
        format!(
            "tee '{}/{role}.'$$ | {}",
            dir.display(),
            engine(&format!("--playouts 20 --seed {seed}"))
        )
    };
    let (first, second) = (logged("first", 1), logged("second", 2));
    let mut args = atari_match(&first, &second, "8", &results);
    args.extend([
        "--concurrency",
        "4",
        "--random-openings",
        "3",
        "--opening-playouts",
        "30",
    ]);
    let table = run_match(&args);
    let t = totals(&table);
    assert_eq!((t.games, t.errors, t.first + t.second + t.draws), (8, 0, 8), "{table}");
    let games = games_in(&results);
    assert_eq!(numbers(&games), (1..=8).collect::<Vec<_>>());
    for role in ["first", "second"] {
        let logs: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| {
                p.file_name()
                    .unwrap()
                    .to_str()
                    .unwrap()
                    .starts_with(&format!("{role}."))
            })
            .map(|p| std::fs::read_to_string(p).unwrap())
            .collect();
        assert!(
            (2..=4).contains(&logs.len()),
            "{role}: {} processes for 4 tables",
            logs.len()
        );
        // Cut into games, the traffic of the processes is exactly the recorded games.
        let mut seen: Vec<Vec<String>> = logs.iter().flat_map(|l| traffic(l)).collect();
        let mut wanted: Vec<Vec<String>> = games.iter().map(|g| expected_traffic(g, role)).collect();
        seen.sort();
        wanted.sort();
        assert_eq!(seen, wanted, "{role}");
    }
}

#[test]
fn openings_are_played_with_both_colours() {
    let dir = scratch_dir("openings");
    let book = dir.join("book.txt");
    std::fs::write(&book, "# two openings\nhenge@B2 D4\nC2 B4 D3\n").unwrap();
    let results = dir.join("results.jsonl");
    let table = run_match(&[
        "--variant",
        "gorogo",
        "--first",
        &engine("--playouts 20 --seed 1"),
        "--second",
        &engine("--playouts 20 --seed 2"),
        "--games",
        "6",
        "--openings",
        book.to_str().unwrap(),
        "--results",
        results.to_str().unwrap(),
        "--sgf-dir",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(totals(&table).errors, 0, "{table}");
    assert!(table.contains("openings: book.txt, 2 openings, fingerprint"), "{table}");
    let games = games_in(&results);
    let by_number: BTreeMap<u64, &Value> = games.iter().map(|g| (g["game"].as_u64().unwrap(), g)).collect();
    let openings = [["B henge@B2", "W D4"].as_slice(), &["B C2", "W B4", "B D3"]];
    for (number, game) in &by_number {
        // Pairs take the openings in turn, the book starting over: 1-2, 3-4, then 5-6 again.
        let opening = openings[((number - 1) / 2 % 2) as usize];
        assert_eq!(strings(&game["opening"]["moves"]), opening, "game {number}");
        assert_eq!(&strings(&game["moves"])[..opening.len()], opening, "game {number}");
        let first_color = if number % 2 == 1 { "black" } else { "white" };
        assert_eq!(game["first_color"], first_color, "game {number}");
    }
    let sgf = std::fs::read_to_string(dir.join("game-002.sgf")).unwrap();
    assert!(
        sgf.contains("MV[henge@B2]") && sgf.contains("opening: book.txt line 2"),
        "{sgf}"
    );
}

/// An engine that answers like a GTP engine but takes a second per move.
const SLOW_ENGINE: &str = "while read cmd arg; do case $cmd in genmove) sleep 1; echo '= pass';; \
    list_commands) printf '= genmove\\nplay\\ntime_settings\\ntime_left\\n';; *) echo '=';; esac; echo; done";

#[test]
fn losses_on_time_are_recorded() {
    let dir = scratch_dir("time");
    let results = dir.join("results.jsonl");
    let start = Instant::now();
    let first = engine("--playouts 20");
    let mut args = atari_match(&first, SLOW_ENGINE, "2", &results);
    args.extend(["--time-control", "absolute 10", "--second-time-control", "move 0.3"]);
    let table = run_match(&args);
    assert!(start.elapsed() < Duration::from_secs(15), "{:?}", start.elapsed());
    let t = totals(&table);
    assert_eq!((t.games, t.errors, t.first), (2, 0, 2), "{table}");
    assert!(
        table.contains("endings: two passes 0, resignation 0, move cap 0, time 2, error 0"),
        "{table}"
    );
    assert!(table.contains("losses on time: first 0, second 2"), "{table}");
    assert!(table.contains("first engine's clock: absolute 10"), "{table}");
    assert!(table.contains("second engine's clock: move 0.3"), "{table}");
    for game in games_in(&results) {
        assert_eq!(game["ending"], "time");
        assert_eq!(game["winner"], "first");
        let winner = if game["first_color"] == "black" { "B+T" } else { "W+T" };
        assert_eq!(game["result"], winner);
    }
}

#[test]
fn a_killed_match_resumes_without_losing_or_repeating_games() {
    let dir = scratch_dir("resume");
    let results = dir.join("results.jsonl");
    let (first, second) = (engine("--playouts 20 --seed {game}"), engine("--playouts 20"));
    let args = atari_match(&first, &second, "12", &results);
    let mut runner = Command::new(BIN)
        .arg("match")
        .args(&args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    while !results.exists() || games_in(&results).len() < 3 {
        assert!(Instant::now() < deadline, "no games recorded");
        std::thread::sleep(Duration::from_millis(5));
    }
    runner.kill().unwrap();
    runner.wait().unwrap();
    let before = std::fs::read_to_string(&results).unwrap();
    let recorded = games_in(&results).len();
    assert!(recorded < 12, "the match ended before it was killed");

    // Without --resume the file is not touched.
    let output = run_variago("match", &args);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(&format!("already holds {recorded} games of this match: --resume")),
        "{stderr}"
    );

    let mut resumed = args.clone();
    resumed.push("--resume");
    let table = run_match(&resumed);
    let t = totals(&table);
    assert_eq!((t.games, t.errors), (12, 0), "{table}");
    let after = std::fs::read_to_string(&results).unwrap();
    assert!(
        after.starts_with(before.trim_end()),
        "the games before the kill are kept as they were"
    );
    assert_eq!(numbers(&games_in(&results)), (1..=12).collect::<Vec<_>>(), "{after}");

    // Resuming a finished match plays nothing more.
    let table = run_match(&resumed);
    assert_eq!(totals(&table).games, 12, "{table}");
    assert_eq!(games_in(&results).len(), 12);
}

#[test]
fn a_corrupt_results_line_is_named_and_skipped_only_when_asked() {
    let dir = scratch_dir("corrupt");
    let results = dir.join("results.jsonl");
    let (first, second) = (engine("--playouts 20 --seed {game}"), engine("--playouts 20"));
    run_match(&atari_match(&first, &second, "2", &results));
    // Half a line, as a runner killed in mid-write would leave it.
    let mut text = std::fs::read_to_string(&results).unwrap();
    text += "{\"match\":\"0123\",\"game\":3,\"first_co";
    std::fs::write(&results, &text).unwrap();
    let mut args = atari_match(&first, &second, "4", &results);
    args.push("--resume");
    let output = run_variago("match", &args);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    // The match line, the engines line, two games, then the half line.
    assert!(stderr.contains("results.jsonl line 5: not JSON"), "{stderr}");
    assert!(stderr.contains("--skip-bad-lines"), "{stderr}");
    let report = run_variago("match-report", &[results.to_str().unwrap()]);
    assert!(String::from_utf8_lossy(&report.stderr).contains("line 5: not JSON"));

    args.push("--skip-bad-lines");
    let output = run_variago("match", &args);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(
        stderr.contains("line 5: not JSON") && stderr.contains("skipped"),
        "{stderr}"
    );
    assert_eq!(numbers(&games_in(&results)), [1, 2, 3, 4]);
    let report = run_variago("match-report", &["--skip-bad-lines", results.to_str().unwrap()]);
    assert!(String::from_utf8_lossy(&report.stdout).contains("games 4,"));
}

fn gnu_parallel() -> bool {
    let installed = Command::new("parallel")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !installed && std::env::var_os("CI").is_some() {
        panic!("GNU parallel is not installed on CI");
    }
    installed
}

#[test]
fn shards_run_under_gnu_parallel_merge_to_the_whole_match() {
    if !gnu_parallel() {
        eprintln!("note: GNU parallel is not installed; skipping the shard test");
        return;
    }
    let dir = scratch_dir("shards");
    let (first, second) = (engine("--playouts 20 --seed {game}"), engine("--playouts 20"));
    let common = format!(
        "--variant atari --size 5 --games 10 --random-openings 2 --opening-playouts 30 --first \"{first}\" --second \"{second}\""
    );
    // The docs' recipe: one shard a job, each with its own results file.
    let status = Command::new("parallel")
        .args(["--will-cite", "--halt", "now,fail=1"])
        .arg(format!(
            "'{BIN}' match {common} --shard {{}}/2 --results '{}'/shard-{{}}.jsonl > /dev/null",
            dir.display()
        ))
        .args([":::", "1", "2"])
        .status()
        .unwrap();
    assert!(status.success());
    let shards: Vec<String> = (1..=2)
        .map(|k| dir.join(format!("shard-{k}.jsonl")).to_str().unwrap().to_string())
        .collect();
    assert_eq!(numbers(&games_in(Path::new(&shards[0]))), [1, 2, 5, 6, 9, 10]);
    assert_eq!(numbers(&games_in(Path::new(&shards[1]))), [3, 4, 7, 8]);
    let report = run_variago("match-report", &[&shards[0], &shards[1]]);
    let merged = String::from_utf8_lossy(&report.stdout);
    assert!(report.status.success(), "{}", String::from_utf8_lossy(&report.stderr));

    let whole = dir.join("whole.jsonl");
    let mut args = vec![
        "--variant",
        "atari",
        "--size",
        "5",
        "--games",
        "10",
        "--random-openings",
        "2",
        "--opening-playouts",
        "30",
        "--first",
        &first,
        "--second",
        &second,
    ];
    args.extend(["--results", whole.to_str().unwrap()]);
    let table = run_match(&args);
    assert_eq!(totals(&merged).games, 10, "{merged}");
    assert_eq!(totals(&merged).games, totals(&table).games);
    // The shards played the same openings as the whole match.
    let opening_of = |games: Vec<Value>| -> BTreeMap<u64, Value> {
        games
            .into_iter()
            .map(|g| (g["game"].as_u64().unwrap(), g["opening"].clone()))
            .collect()
    };
    let mut sharded = opening_of(games_in(Path::new(&shards[0])));
    sharded.extend(opening_of(games_in(Path::new(&shards[1]))));
    assert_eq!(sharded, opening_of(games_in(&whole)));

    // A file of another match is refused by name.
    let other = dir.join("other.jsonl");
    run_match(&[
        "--variant",
        "atari",
        "--size",
        "5",
        "--games",
        "2",
        "--first",
        &first,
        "--second",
        &first,
        "--results",
        other.to_str().unwrap(),
    ]);
    let report = run_variago("match-report", &[&shards[0], other.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&report.stderr);
    assert_eq!(report.status.code(), Some(2));
    assert!(
        stderr.contains("other.jsonl is from another match") && stderr.contains("second"),
        "{stderr}"
    );
}

/// Bad input stops the match before any engine starts: the engine's
/// command line would leave a file behind.
#[test]
fn bad_input_is_refused_before_the_match_starts() {
    let dir = scratch_dir("bad_input");
    let marker = dir.join("started");
    let first = format!("touch '{}'; {}", marker.display(), engine("--playouts 10"));
    let second = engine("--playouts 10");
    let book = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    };
    let results = dir.join("results.jsonl");
    std::fs::write(
        &results,
        "{\"variago_match\":{\"first\":\"x\",\"second\":\"y\",\"referee\":null,\"variant\":\"go\",\"size\":9,\
         \"komi\":7.5,\"max_moves\":324,\"openings\":null,\"time_controls\":[null,null],\"time_margin\":0.0},\
         \"id\":\"1\",\"sprt\":null}\n",
    )
    .unwrap();
    let cases: Vec<(Vec<String>, &str)> = vec![
        (
            vec!["--sprt".into(), "elo0=5 elo1=0".into()],
            "elo0 (5) must be less than elo1 (0)",
        ),
        (vec!["--sprt".into(), "elo0=0".into()], "elo1 is missing"),
        (
            vec!["--sprt".into(), "elo0=0 elo1=5 alpha=2".into()],
            "alpha=2 must be between 0 and 0.5",
        ),
        (
            vec!["--shard".into(), "3/2".into()],
            "shard '3/2': write K/N, the K-th of N shards, 1 <= K <= N",
        ),
        (
            vec!["--time-control".into(), "fischer 60 1".into()],
            "a time control is 'move S'",
        ),
        (
            vec!["--openings".into(), book("bad.sgf", "(;GM[1]SZ[5]VV[atari];B[cc]")],
            "bad.sgf: bad SGF",
        ),
        (
            vec!["--openings".into(), book("illegal.txt", "C3\nC3 C3\n")],
            "illegal.txt line 2: move 2 (W C3) is illegal",
        ),
        (
            vec!["--openings".into(), book("typo.txt", "C3 D9\n")],
            "typo.txt line 1: move 2 'D9'",
        ),
        (
            vec!["--openings".into(), book("empty.txt", "# nothing\n")],
            "no openings in",
        ),
        (
            vec!["--openings".into(), book("go.sgf", "(;GM[1]SZ[9];B[ee])")],
            "go.sgf: a game of go 9x9, but the match plays atari 5x5",
        ),
        (
            vec!["--results".into(), results.to_str().unwrap().into(), "--resume".into()],
            "results.jsonl is from another match (first \"x\" there",
        ),
        (
            vec!["--handicap".into(), "3".into()],
            "--handicap 3: GTP's fixed_handicap places no 3 stones on 5x5",
        ),
        (
            vec!["--handicap".into(), "2".into(), "--random-openings".into(), "2".into()],
            "cannot be used with",
        ),
    ];
    for (extra, message) in cases {
        let mut args: Vec<&str> = vec![
            "--variant",
            "atari",
            "--size",
            "5",
            "--first",
            &first,
            "--second",
            &second,
        ];
        args.extend(extra.iter().map(String::as_str));
        let output = run_variago("match", &args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{extra:?}: {stderr}");
        assert!(stderr.contains(message), "{extra:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{extra:?}");
        assert!(!marker.exists(), "{extra:?}: an engine started");
    }
}

#[test]
fn an_sprt_stops_the_match_once_it_decides() {
    let dir = scratch_dir("sprt");
    let results = dir.join("results.jsonl");
    // 1000 playouts against 10 on Atari Go 5x5 win every pair; elo0 0
    // against elo1 300 is decided after a few pairs.
    let (first, second) = (
        engine("--playouts 1000 --seed {game}"),
        engine("--playouts 10 --seed {game}"),
    );
    let mut args = atari_match(&first, &second, "100", &results);
    args.extend([
        "--concurrency",
        "2",
        "--random-openings",
        "2",
        "--opening-playouts",
        "30",
    ]);
    args.extend(["--sprt", "elo0=0 elo1=300"]);
    let table = run_match(&args);
    assert!(table.contains("H1 accepted: better than 0 Elo"), "{table}");
    let played = totals(&table).games;
    assert!(played < 40, "{table}");
    assert_eq!(games_in(&results).len() as u32, played);
    let report = run_variago("match-report", &[results.to_str().unwrap()]);
    let merged = String::from_utf8_lossy(&report.stdout);
    assert!(
        merged.contains("SPRT elo0=0 elo1=300 alpha=0.05"),
        "the report reruns the match's test: {merged}"
    );
    assert!(merged.contains("H1 accepted"), "{merged}");
}

/// A Special Stones game in which a side drops an extra move: the runner
/// asks the engines for the same side's move twice, the record shows it,
/// every recorded move is the rules' side to move, and the game ends as
/// games end (two passes or a resignation) with a result.
#[test]
fn an_extra_move_gives_the_same_side_two_moves_in_the_record() {
    use variago::{Color, Position, Variant};
    let dir = scratch_dir("extra_move");
    let results = dir.join("results.jsonl");
    let player = engine("--variant special-stones --size 9 --playouts 300 --seed 1 --threads 1");
    run_match(&[
        "--variant",
        "special-stones",
        "--size",
        "9",
        "--first",
        &player,
        "--second",
        &player,
        "--games",
        "1",
        "--results",
        results.to_str().unwrap(),
    ]);
    let game = games_in(&results).remove(0);
    let moves = strings(&game["moves"]);
    let extra = moves
        .iter()
        .position(|m| m.contains(" extramove@"))
        .unwrap_or_else(|| panic!("no extra move was dropped: {moves:?}"));
    let mover = &moves[extra][..1];
    assert!(moves[extra + 1].starts_with(mover), "{:?}", &moves[extra..extra + 2]);
    assert!(
        ["two passes", "resignation"].contains(&game["ending"].as_str().unwrap()),
        "{game}"
    );
    assert!(game["result"].is_string() && game["error"].is_null(), "{game}");
    // Replayed by the rules, each move is made by the side to move.
    let mut referee = common::engine(Variant::SpecialStones, 9);
    for m in &moves {
        let (color, mv) = m.split_once(' ').unwrap();
        assert_eq!(referee.game.to_move(), Color::parse(color).unwrap(), "{m} in {moves:?}");
        common::ok(&mut referee, &format!("variago-play {color} {mv}"));
    }
}

#[test]
fn each_run_names_its_engines_and_the_rules_they_play() {
    let dir = scratch_dir("engines");
    let results = dir.join("results.jsonl");
    let first = engine("--playouts 10 --rules tromp-taylor");
    let second = engine("--playouts 10");
    let referee = engine("--playouts 10 --rules tromp-taylor");
    let mut args = vec![
        "--first",
        &first,
        "--second",
        &second,
        "--referee",
        &referee,
        "--results",
        results.to_str().unwrap(),
    ];
    args.extend("--size 5 --games 1 --max-moves 6".split(' '));
    let output = run_variago("match", &args);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    // Each engine keeps the rules of its command line, and says all it
    // plays by (`variago-settings`).
    let line_of = |role: &str| {
        stderr
            .lines()
            .find(|l| l.contains(&format!("{role} engine: variago {}", env!("CARGO_PKG_VERSION"))))
            .unwrap_or_else(|| panic!("no {role} line: {stderr}"))
            .to_string()
    };
    assert!(
        line_of("first").contains("size 5 komi 7.5 rules tromp-taylor playouts 10"),
        "{stderr}"
    );
    assert!(line_of("second").contains("rules area"), "{stderr}");
    assert!(line_of("referee").contains("rules tromp-taylor"), "{stderr}");
    let text = std::fs::read_to_string(&results).unwrap();
    let line: Value = serde_json::from_str(text.lines().nth(1).unwrap()).unwrap();
    let engines = line["variago_engines"].as_array().unwrap();
    let fields = |e: &Value| [&e["role"], &e["name"], &e["rules"]].map(|v| v.as_str().unwrap().to_string());
    assert_eq!(fields(&engines[0]), ["first", "variago", "tromp-taylor"], "{text}");
    assert_eq!(fields(&engines[1]), ["second", "variago", "area"], "{text}");
    assert_eq!(fields(&engines[2]), ["referee", "variago", "tromp-taylor"], "{text}");
    assert!(
        engines[2]["settings"].as_str().unwrap().contains("rules tromp-taylor"),
        "{text}"
    );
    assert_eq!(engines[0]["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(games_in(&results).len(), 1);
}

#[test]
fn a_handicap_match_gives_black_the_fixed_stones_and_white_moves_first() {
    let dir = scratch_dir("handicap");
    let results = dir.join("results.jsonl");
    let table = run_match(&[
        "--variant",
        "go",
        "--size",
        "9",
        "--komi",
        "0.5",
        "--handicap",
        "2",
        "--first",
        &engine("--playouts 20 --threads 1"),
        "--second",
        &engine("--playouts 20 --threads 1 --dynamic-komi none"),
        "--games",
        "2",
        "--max-moves",
        "30",
        "--sgf-dir",
        dir.to_str().unwrap(),
        "--results",
        results.to_str().unwrap(),
    ]);
    assert!(table.starts_with("go 9x9, komi 0.5, handicap 2, 2 games"), "{table}");
    let t = totals(&table);
    assert_eq!((t.games, t.errors), (2, 0), "{table}");
    for game in games_in(&results) {
        assert!(strings(&game["moves"])[0].starts_with("W "), "{game}");
    }
    let first_line = std::fs::read_to_string(&results).unwrap();
    assert!(
        first_line.lines().next().unwrap().contains("\"handicap\":2"),
        "{first_line}"
    );
    for n in 1..=2 {
        let text = std::fs::read_to_string(dir.join(format!("game-{n:03}.sgf"))).unwrap();
        let game = variago::sgf::parse(&text).unwrap();
        let stones: Vec<String> = game.black_setup.iter().map(ToString::to_string).collect();
        assert_eq!(stones, ["C3", "G7"], "{text}");
        assert!(text.contains("HA[2]"), "{text}");
        assert_eq!(game.moves[0].0, variago::Color::White, "{text}");
    }
}

#[test]
fn a_fixed_first_color_gives_the_first_engine_that_colour_in_every_game() {
    let dir = scratch_dir("first-color");
    let results = dir.join("results.jsonl");
    let first = engine("--playouts 20 --threads 1");
    let second = engine("--playouts 20 --threads 1 --dynamic-komi none");
    let args = |color: Option<&'static str>| {
        let mut args = vec!["--size", "9", "--komi", "0.5", "--handicap", "2", "--games", "3"];
        args.extend(["--max-moves", "20", "--first", &first, "--second", &second]);
        args.extend(["--results", results.to_str().unwrap()]);
        args.extend(color.map(|c| ["--first-color", c]).into_iter().flatten());
        args.into_iter().map(String::from).collect::<Vec<_>>()
    };
    let with_white = args(Some("white"));
    let table = run_match(&with_white.iter().map(String::as_str).collect::<Vec<_>>());
    // Three games, the even one too: the first engine gives the stones in each.
    let row = |engine: &str| {
        let line = table.lines().find(|l| l.starts_with(engine)).expect("engine row");
        let columns: Vec<&str> = line.split_whitespace().collect();
        let share = |c: &str| c.split_once('/').expect("wins/games").1.to_string();
        [share(columns[columns.len() - 2]), share(columns[columns.len() - 1])]
    };
    assert_eq!(row("first "), ["0", "3"], "{table}");
    assert_eq!(row("second "), ["3", "0"], "{table}");
    let games = games_in(&results);
    assert_eq!(numbers(&games), [1, 2, 3]);
    for game in &games {
        assert_eq!(game["first_color"], "white", "{game}");
        assert_eq!(game["white"], first.as_str(), "{game}");
    }
    let header = std::fs::read_to_string(&results).unwrap();
    assert!(
        header.lines().next().unwrap().contains("\"first_color\":\"white\""),
        "{header}"
    );
    // Resuming with alternating colours would mix two matches: refused.
    let alternating = args(None);
    let mut resumed: Vec<&str> = alternating.iter().map(String::as_str).collect();
    resumed.push("--resume");
    let output = run_variago("match", &resumed);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "{stderr}");
    assert!(
        stderr.contains("is from another match (first_color \"white\" there"),
        "{stderr}"
    );
    // A colour that is not one is refused before any game.
    let bad = args(Some("red"));
    let output = run_variago("match", &bad.iter().map(String::as_str).collect::<Vec<_>>());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "{stderr}");
    assert!(stderr.contains("'red' is not a colour (black or white)"), "{stderr}");
}
