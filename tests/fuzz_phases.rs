//! The binary fuzzed from outside, in every phase of every variant: the
//! start, Buying Armies' buying, GoRoGo's setup henge, the middle of a move
//! of several clicks in GoGui's frame, a finished game, after undos, after a
//! switch of variant and after loading a record the run wrote. In each, a
//! random mix of every listed command with plausible and implausible
//! arguments, analysis streams stopped by the next line as Sabaki stops
//! them, and pipelined lines. Every answer is one well-formed response
//! with the line's id, within a time bound, with no internal error or
//! panic; a refusal leaves the board and the record as they were; the
//! process lives until `quit` or the end of input, then exits cleanly.
//!
//! Case `n` runs with seed `VARIAGO_FUZZ_SEED + n` (default 0) and
//! `VARIAGO_FUZZ_CASES` cases (a small default for CI). A failure prints
//! its seed, the command line and every line sent, so that
//! `VARIAGO_FUZZ_SEED=<seed> VARIAGO_FUZZ_CASES=1` replays it.

mod common;

use common::process::Gtp;
use common::{smallest_size, VARIANT_NAMES};
use rand::rngs::SmallRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use variago::gtp::scoring::JUDGE_TIME;

/// The longest any answer may take with `--playouts 30 --threads 1`: the
/// judgement of dead stones behind a finished game's score keeps its own
/// budget, [`JUDGE_TIME`], whatever the playouts; the rest is margin.
const BOUND: Duration = Duration::from_secs(JUDGE_TIME.as_secs() + 3);

/// The budget every engine runs with: small, so that searches stay quick.
const BUDGET: [&str; 4] = ["--playouts", "30", "--threads", "1"];

/// Cases in CI, one for each phase of each variant; `VARIAGO_FUZZ_CASES`
/// for a longer run.
const CI_CASES: u64 = 104;

/// The longest the process may live after the end of its input: a running
/// analysis stops at once, as at a new line.
const EXIT_BOUND: Duration = Duration::from_secs(2);

/// Random lines sent in each case, after its phase is reached.
const LINES_PER_CASE: usize = 30;

const COLUMNS: &str = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// The lines that stream their answer until the next input line arrives (or
/// their move is chosen): never sent last in a burst.
const STREAMING: [&str; 4] = [
    "lz-analyze",
    "kata-analyze",
    "lz-genmove_analyze",
    "kata-genmove_analyze",
];

/// Commands that read a board for seconds whatever the budget: rare, so
/// that CI stays fast.
const SLOW: [&str; 3] = ["final_score", "final_status_list", "variago-score_estimate"];

#[derive(Clone, Copy, Debug, PartialEq)]
enum Phase {
    Start,
    Buying,
    SetupHenge,
    MidClick,
    GameOver,
    AfterUndo,
    AfterSetVariant,
    AfterLoadsgf,
}

/// Every phase, with the variants it applies to (`None`: all of them).
const PHASES: [(Phase, Option<&str>); 8] = [
    (Phase::Start, None),
    (Phase::Buying, Some("buying-armies")),
    (Phase::SetupHenge, Some("gorogo")),
    (Phase::MidClick, None),
    (Phase::GameOver, None),
    (Phase::AfterUndo, None),
    (Phase::AfterSetVariant, None),
    (Phase::AfterLoadsgf, None),
];

/// Every (phase, variant) pair: each phase in each variant it applies to.
fn combinations() -> Vec<(Phase, &'static str)> {
    let mut all = Vec::new();
    for (phase, only) in PHASES {
        for variant in VARIANT_NAMES {
            if only.is_none_or(|v| v == variant) {
                all.push((phase, variant));
            }
        }
    }
    all
}

fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

/// What went wrong in a case, with everything needed to replay it.
struct Failure(String);

type Step<T> = Result<T, Failure>;

/// One answer: its lines, the first with `=`/`?` and the id.
struct Answer {
    lines: Vec<String>,
}

impl Answer {
    fn ok(&self) -> bool {
        self.lines[0].starts_with('=')
    }

    /// The text after `=`/`?` and the id, all lines.
    fn text(&self) -> String {
        let first = self.lines[0].trim_start_matches(['=', '?']);
        let first = first.trim_start_matches(|c: char| c.is_ascii_digit()).trim_start();
        std::iter::once(first)
            .chain(self.lines[1..].iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// A running engine, the lines it was sent and what a replay needs.
struct Session {
    gtp: Gtp,
    seed: u64,
    command_line: String,
    transcript: Vec<String>,
    dir: PathBuf,
    rng: SmallRng,
    commands: Vec<String>,
    /// Moves and clicks seen in the last legal-move lists: arguments that
    /// make progress.
    seen_moves: Vec<String>,
    sent: u64,
    slowest: (Duration, String),
}

impl Session {
    fn start(seed: u64, variant: &str, size: usize, dir: PathBuf) -> Session {
        let mut args: Vec<String> = vec!["--variant".into(), variant.into(), "--size".into(), size.to_string()];
        args.extend(BUDGET.iter().map(|s| s.to_string()));
        args.extend(["--seed".into(), (seed % 1000).to_string()]);
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        let gtp = Gtp::start_with_stderr(env!("CARGO_BIN_EXE_variago"), &refs);
        Session {
            gtp,
            seed,
            command_line: format!("variago {}", args.join(" ")),
            transcript: Vec::new(),
            dir,
            rng: SmallRng::seed_from_u64(seed),
            commands: Vec::new(),
            seen_moves: Vec::new(),
            sent: 0,
            slowest: (Duration::ZERO, String::new()),
        }
    }

    fn failure(&self, what: String) -> Failure {
        Failure(format!(
            "{what}\nseed {seed} (replay: VARIAGO_FUZZ_SEED={seed} VARIAGO_FUZZ_CASES=1)\n$ {}\n{}",
            self.command_line,
            self.transcript.join("\n"),
            seed = self.seed
        ))
    }

    /// Sends `lines` at once, as a client that pipelines them, and reads one
    /// answer per line that holds a command, checking each.
    fn burst(&mut self, lines: &[String]) -> Step<Vec<Answer>> {
        let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
        self.transcript.extend(lines.iter().cloned());
        let sent_at = Instant::now();
        self.gtp.send(&text);
        let mut answers = Vec::new();
        for line in lines.iter().filter(|l| !l.starts_with('#')) {
            let read = self
                .gtp
                .try_response(BOUND.saturating_sub(sent_at.elapsed()) + Duration::from_millis(1));
            let lines = match read {
                Ok(lines) => lines,
                Err(e) => {
                    let status = self.exit_status_soon();
                    let log = self.gtp.log_lines().join("\n");
                    return Err(self.failure(format!("{line:?}: {e}; the process {status}; stderr:\n{log}")));
                }
            };
            let took = sent_at.elapsed();
            self.sent += 1;
            if took > self.slowest.0 {
                self.slowest = (took, format!("{line}   [{}]", self.command_line));
            }
            let response = format!("{}\n\n", lines.join("\n"));
            if let Err(why) = response_problem(line, &response) {
                return Err(self.failure(format!("{line:?} -> {response:?}: {why}")));
            }
            if took > BOUND {
                return Err(self.failure(format!("{line:?} took {took:?}")));
            }
            answers.push(Answer { lines });
        }
        if let Some(panic) = self.gtp.log_lines().into_iter().find(|l| l.contains("panicked")) {
            return Err(self.failure(format!("stderr after {lines:?}: {panic}")));
        }
        let quit = lines.last().is_some_and(|l| l.split_whitespace().any(|w| w == "quit"));
        if let Some(status) = self.gtp.exit_status().filter(|_| !quit) {
            return Err(self.failure(format!("the process ended ({status}) after {lines:?}")));
        }
        Ok(answers)
    }

    fn exit_status_soon(&mut self) -> String {
        std::thread::sleep(Duration::from_millis(100));
        match self.gtp.exit_status() {
            Some(status) => format!("ended ({status})"),
            None => "still runs".into(),
        }
    }

    /// One line and its answer.
    fn send(&mut self, line: &str) -> Step<Answer> {
        Ok(self.burst(&[line.to_string()])?.remove(0))
    }

    /// One line that must succeed; its text.
    fn expect_ok(&mut self, line: &str) -> Step<String> {
        let answer = self.send(line)?;
        if !answer.ok() {
            return Err(self.failure(format!("{line:?} failed: {:?}", answer.lines)));
        }
        Ok(answer.text())
    }

    /// What a refusal must leave as it was: the board (with the move being
    /// clicked, the hands and the result) and the game record.
    fn state(&mut self) -> Step<String> {
        Ok(format!(
            "{}\n{}",
            self.expect_ok("variago-board")?,
            self.expect_ok("printsgf")?
        ))
    }

    fn size(&mut self) -> Step<usize> {
        let board = self.expect_ok("variago-board")?;
        Ok(board
            .lines()
            .find_map(|l| l.strip_prefix("size "))
            .and_then(|s| s.trim().parse().ok())
            .unwrap_or(19))
    }

    fn typed_legal_moves(&mut self) -> Step<Vec<String>> {
        let moves: Vec<String> = self
            .expect_ok("variago-legal_moves")?
            .split_whitespace()
            .map(str::to_string)
            .collect();
        self.seen_moves.extend(moves.iter().take(40).cloned());
        Ok(moves)
    }

    /// Plays up to `count` random legal moves whole; returns how many.
    fn play_typed(&mut self, count: usize) -> Step<usize> {
        for played in 0..count {
            let moves = self.typed_legal_moves()?;
            let Some(mv) = moves.choose(&mut self.rng).cloned() else {
                return Ok(played);
            };
            let mover = self.side_to_move()?;
            self.expect_ok(&format!("variago-play {mover} {mv}"))?;
        }
        Ok(count)
    }

    /// A random line: mostly a listed command with arguments of its shape,
    /// sometimes with any arguments, sometimes a legal move.
    fn random_line(&mut self, size: usize) -> String {
        let roll = self.rng.random_range(0..100);
        let line = if roll < 12 && !self.seen_moves.is_empty() {
            let mv = self.seen_moves.choose(&mut self.rng).unwrap().clone();
            let command = *["play", "variago-play"].choose(&mut self.rng).unwrap();
            format!("{command} {} {mv}", self.colour())
        } else if roll < 22 {
            let colour = self.colour();
            match self.rng.random_range(0..9) {
                0 => format!("lz-analyze {colour} {}", self.interval()),
                1 => format!("kata-analyze {colour} {}", self.interval()),
                2 => format!("kata-genmove_analyze {colour}"),
                3 => format!("lz-genmove_analyze {colour}"),
                4 => format!("variago-pv {colour}"),
                5 => format!("variago-gfx_search {colour}"),
                6 => "variago-gfx_ownership".into(),
                7 => format!("genmove {colour}"),
                _ => format!("variago-genmove {colour}"),
            }
        } else {
            let mut name = self.commands.choose(&mut self.rng).unwrap().clone();
            // The slow scoring commands, and quit (which ends the case), rarely.
            while name == "quit" || (SLOW.contains(&name.as_str()) && self.rng.random_range(0..4) > 0) {
                name = self.commands.choose(&mut self.rng).unwrap().clone();
            }
            let args = if name == "printsgf" || self.rng.random_range(0..10) < 7 {
                self.arguments_of(&name, size)
            } else {
                (0..self.rng.random_range(0..5)).map(|_| self.any_word(size)).collect()
            };
            std::iter::once(name).chain(args).collect::<Vec<_>>().join(" ")
        };
        match self.rng.random_range(0..10) {
            0 => format!("{} {line}", self.rng.random_range(0..1000)),
            _ => line,
        }
    }

    fn colour(&mut self) -> String {
        let colours = ["b", "w", "black", "white", "B", "W", "x", "", "white black"];
        let weights = self.rng.random_range(0..20);
        colours[if weights < 16 { weights % 4 } else { 4 + weights % 5 }].to_string()
    }

    fn interval(&mut self) -> String {
        ["10", "1", "0", "100", "-5", "", "nan", "1e12", "interval 10"]
            .choose(&mut self.rng)
            .unwrap()
            .to_string()
    }

    fn number(&mut self) -> String {
        let numbers = [
            "0",
            "1",
            "2",
            "3",
            "5",
            "7.5",
            "9",
            "19",
            "25",
            "26",
            "-1",
            "-7.5",
            "1.5",
            "1e9",
            "1e300",
            "-1e300",
            "99999999999999999999999",
            "-99999999999999999999999",
            "NaN",
            "nan",
            "inf",
            "-inf",
            "0x10",
            "",
        ];
        numbers.choose(&mut self.rng).unwrap().to_string()
    }

    /// A vertex on the board, in a frame's hand or off every board.
    fn vertex(&mut self, size: usize) -> String {
        if self.rng.random_range(0..10) == 0 {
            let odd = [
                "I5", "Z99", "A0", "AA1", "A26", "pass", "PASS", "resign", "D", "4", "@", "A-1",
            ];
            return odd.choose(&mut self.rng).unwrap().to_string();
        }
        let columns = (size + 4).min(25);
        let column = COLUMNS.as_bytes()[self.rng.random_range(0..columns)] as char;
        let row = self.rng.random_range(1..=size + 3);
        let text = format!("{column}{row}");
        if self.rng.random_range(0..8) == 0 {
            text.to_lowercase()
        } else {
            text
        }
    }

    /// A move in the typed notation, of any variant's form.
    fn typed_move(&mut self, size: usize) -> String {
        let pieces = [
            "wall",
            "bomb",
            "bomb:delayed",
            "bomb:immediate",
            "henge",
            "stone",
            "king",
            "samurai",
            "cavalry",
            "tao",
            "monk",
            "spy",
            "mercenary",
            "ambassador",
            "gray",
            "migo",
            "replacer",
            "switcher",
            "kingsson",
            "twoeye:any",
            "extramove",
            "nosuch",
        ];
        let a = self.vertex(size);
        let b = self.vertex(size);
        match self.rng.random_range(0..6) {
            0 => format!("{}@{a}", pieces.choose(&mut self.rng).unwrap()),
            1 => format!("{a}-{b}"),
            2 => format!("{a}+{b}"),
            3 => format!("{a}+{b}+{}+{}", self.vertex(size), self.vertex(size)),
            4 => format!("{}@{a}+{b}", pieces.choose(&mut self.rng).unwrap()),
            _ => a,
        }
    }

    fn file(&mut self) -> String {
        let names = [
            "record.sgf",
            "corrupt.sgf",
            "bytes.sgf",
            "deep.sgf",
            "empty.sgf",
            "missing.sgf",
            "",
        ];
        let name = names.choose(&mut self.rng).unwrap();
        self.dir.join(name).display().to_string()
    }

    /// Any argument at all.
    fn any_word(&mut self, size: usize) -> String {
        match self.rng.random_range(0..9) {
            0 => self.colour(),
            1 => self.vertex(size),
            2 => self.typed_move(size),
            3 => self.number(),
            4 => VARIANT_NAMES.choose(&mut self.rng).unwrap().to_string(),
            5 => self.file(),
            6 => [
                "on",
                "off",
                "auto",
                "done",
                "dead",
                "alive",
                "seki",
                "area",
                "tromp-taylor",
                "\u{1}",
                "é",
                "#",
            ]
            .choose(&mut self.rng)
            .unwrap()
            .to_string(),
            7 => "x".repeat(self.rng.random_range(100..3000)),
            _ => self.commands.choose(&mut self.rng).unwrap().clone(),
        }
    }

    /// Arguments of the shape `name` takes, mostly plausible.
    fn arguments_of(&mut self, name: &str, size: usize) -> Vec<String> {
        let colour = self.colour();
        let args: Vec<String> = match name {
            "play" | "variago-play" => {
                let mv = if self.rng.random_range(0..2) == 0 && !self.seen_moves.is_empty() {
                    self.seen_moves.choose(&mut self.rng).unwrap().clone()
                } else {
                    self.typed_move(size)
                };
                vec![colour, mv]
            }
            "genmove"
            | "reg_genmove"
            | "kgs-genmove_cleanup"
            | "variago-genmove"
            | "variago-hand"
            | "variago-credit"
            | "variago-buy_auto"
            | "variago-pv"
            | "variago-gfx_search"
            | "lz-genmove_analyze"
            | "kata-genmove_analyze"
            | "variago-legal_moves"
            | "variago-search_komi" => vec![colour],
            "lz-analyze" | "kata-analyze" => vec![colour, self.interval()],
            "boardsize" | "komi" | "fixed_handicap" | "place_free_handicap" | "variago-target" => vec![self.number()],
            "set_free_handicap" => (0..self.rng.random_range(0..5)).map(|_| self.vertex(size)).collect(),
            "time_settings" => vec![self.number(), self.number(), self.number()],
            "kgs-time_settings" => {
                let kind = ["none", "absolute", "byoyomi", "canadian", "sudden"]
                    .choose(&mut self.rng)
                    .unwrap();
                std::iter::once(kind.to_string())
                    .chain((0..self.rng.random_range(0..4)).map(|_| self.number()))
                    .collect()
            }
            "time_left" => vec![colour, self.number(), self.number()],
            "final_status_list" => vec![["dead", "alive", "seki", "black", ""]
                .choose(&mut self.rng)
                .unwrap()
                .to_string()],
            "loadsgf" => {
                let mut args = vec![self.file()];
                if self.rng.random_range(0..3) == 0 {
                    args.push(self.number());
                }
                args
            }
            // Only ever into the case's own folder: printsgf writes files.
            "printsgf" => match self.rng.random_range(0..4) {
                0 => vec![self.dir.join("written.sgf").display().to_string()],
                1 => vec![self.dir.join("no-such-folder").join("x.sgf").display().to_string()],
                _ => Vec::new(),
            },
            "variago-set_variant" => vec![VARIANT_NAMES.choose(&mut self.rng).unwrap().to_string()],
            "variago-setup_henge" => vec![if self.rng.random_range(0..8) == 0 {
                "auto".into()
            } else {
                self.vertex(size)
            }],
            "variago-buy" => {
                let pieces = [
                    "samurai",
                    "wall",
                    "monk",
                    "cavalry",
                    "spy",
                    "bomb",
                    "mercenary",
                    "tao",
                    "ambassador",
                    "twoeye:friendly",
                    "extramove",
                    "kingsson",
                    "done",
                    "nosuch",
                ];
                let mut args = vec![colour, pieces.choose(&mut self.rng).unwrap().to_string()];
                if self.rng.random_range(0..2) == 0 {
                    args.push(self.number());
                }
                args
            }
            "variago-misere" | "variago-ponder" | "variago-live_gfx" => {
                vec![["on", "off", "maybe", ""].choose(&mut self.rng).unwrap().to_string()]
            }
            "variago-dynamic_komi" => vec![["none", "linear", "adaptive", ""]
                .choose(&mut self.rng)
                .unwrap()
                .to_string()],
            "variago-rules" => vec![["area", "tromp-taylor", "japanese", ""]
                .choose(&mut self.rng)
                .unwrap()
                .to_string()],
            "variago-start" => vec![["empty", "crosscut", "nosuch", ""]
                .choose(&mut self.rng)
                .unwrap()
                .to_string()],
            "known_command" => vec![self.commands.choose(&mut self.rng).unwrap().clone()],
            _ => Vec::new(),
        };
        args.into_iter().filter(|a| !a.is_empty()).collect()
    }

    /// Runs one burst of random lines: a streaming command is followed at
    /// once by the next line (sometimes after `# interrupt`), as clients
    /// stop analyses. A burst of refusals must leave the state as it was.
    fn random_burst(&mut self, before: String, size: usize) -> Step<String> {
        let mut lines = Vec::new();
        loop {
            let line = self.random_line(size);
            let streams = STREAMING.iter().any(|s| line.split_whitespace().any(|w| w == *s));
            lines.push(line);
            if streams && self.rng.random_range(0..3) == 0 {
                lines.push("# interrupt".into());
            }
            if !streams && (lines.len() >= 3 || self.rng.random_range(0..4) > 0) {
                break;
            }
        }
        let answers = self.burst(&lines)?;
        for answer in &answers {
            let text = answer.text();
            if text.starts_with(|c: char| c.is_ascii_uppercase()) {
                self.seen_moves
                    .extend(text.split_whitespace().take(20).map(str::to_string));
            }
        }
        self.seen_moves.sort();
        self.seen_moves.dedup();
        if self.seen_moves.len() > 200 {
            let keep = self.seen_moves.len() - 200;
            self.seen_moves.drain(..keep);
        }
        let after = self.state()?;
        if answers.iter().all(|a| !a.ok()) && after != before {
            return Err(self.failure(format!(
                "refused {lines:?} ({:?}) changed the state from\n{before}\nto\n{after}",
                answers.iter().map(|a| a.lines.join("\n")).collect::<Vec<_>>()
            )));
        }
        Ok(after)
    }

    /// Brings the session to `phase`.
    fn reach(&mut self, phase: Phase) -> Step<()> {
        match phase {
            Phase::Start => {}
            Phase::Buying => {
                for _ in 0..self.rng.random_range(0..4) {
                    let colour = ["b", "w"].choose(&mut self.rng).unwrap();
                    let piece = ["samurai", "wall", "monk", "cavalry", "kingsson", "extramove"]
                        .choose(&mut self.rng)
                        .unwrap();
                    let count = self.rng.random_range(1..4);
                    self.send(&format!("variago-buy {colour} {piece} {count}"))?;
                }
            }
            Phase::SetupHenge => {
                let vertex = if self.rng.random_range(0..6) == 0 {
                    "auto".to_string()
                } else {
                    let column = COLUMNS.as_bytes()[self.rng.random_range(0..5)] as char;
                    format!("{column}{}", self.rng.random_range(1..=5))
                };
                self.expect_ok(&format!("variago-setup_henge {vertex}"))?;
            }
            Phase::MidClick => self.click_into_a_move()?,
            Phase::GameOver => {
                let moves = if small_size_game(&self.command_line) { 400 } else { 60 };
                self.play_typed(moves)?;
                for _ in 0..2 {
                    if self.typed_legal_moves()?.iter().any(|m| m == "pass") {
                        let to_move = self.side_to_move()?;
                        self.expect_ok(&format!("variago-play {to_move} pass"))?;
                    }
                }
            }
            Phase::AfterUndo => {
                let played = {
                    let count = self.rng.random_range(1..8);
                    self.play_typed(count)?
                };
                for _ in 0..self.rng.random_range(1..=played + 2) {
                    self.send("undo")?;
                }
            }
            Phase::AfterSetVariant => {
                {
                    let count = self.rng.random_range(0..6);
                    self.play_typed(count)?
                };
                let variant = VARIANT_NAMES.choose(&mut self.rng).unwrap();
                self.expect_ok(&format!("variago-set_variant {variant}"))?;
            }
            Phase::AfterLoadsgf => {
                {
                    let count = self.rng.random_range(0..12);
                    self.play_typed(count)?
                };
                let record = self.expect_ok("printsgf")?;
                let path = self.dir.join("record.sgf");
                std::fs::write(&path, format!("{record}\n")).unwrap();
                match self.rng.random_range(0..3) {
                    0 => {
                        self.send("clear_board")?;
                    }
                    1 => {
                        let variant = VARIANT_NAMES.choose(&mut self.rng).unwrap();
                        self.send(&format!("variago-set_variant {variant}"))?;
                    }
                    _ => {}
                }
                self.expect_ok(&format!("loadsgf {}", path.display()))?;
                let again = self.expect_ok("printsgf")?;
                if again != record {
                    return Err(self.failure(format!("loadsgf of\n{record}\nprints\n{again}")));
                }
            }
        }
        Ok(())
    }

    /// The side to move, from `variago-board` (a `gogui-rules_` command
    /// would switch GoGui's frame on).
    fn side_to_move(&mut self) -> Step<String> {
        let board = self.expect_ok("variago-board")?;
        Ok(board
            .lines()
            .find_map(|l| l.strip_prefix("to_move "))
            .unwrap_or("black")
            .to_string())
    }

    /// In GoGui's frame mode, clicks legal points, preferring the hands,
    /// until a move is partly clicked (or a few moves have gone by).
    fn click_into_a_move(&mut self) -> Step<()> {
        self.expect_ok("gogui-rules_game_id")?;
        let size = self.size()?;
        for _ in 0..12 {
            if self.expect_ok("variago-board")?.contains("\npartial ") {
                return Ok(());
            }
            let legal = self.send("gogui-rules_legal_moves")?;
            if !legal.ok() {
                return Ok(());
            }
            let clicks: Vec<String> = legal.text().split_whitespace().map(str::to_string).collect();
            self.seen_moves.extend(clicks.iter().take(40).cloned());
            let hand: Vec<&String> = clicks.iter().filter(|c| off_board(c, size)).collect();
            let on: Vec<&String> = clicks.iter().filter(|c| c.as_str() != "pass").collect();
            let Some(click) = hand
                .choose(&mut self.rng)
                .or_else(|| on.choose(&mut self.rng))
                .map(|c| c.to_string())
            else {
                return Ok(());
            };
            let side = self.expect_ok("gogui-rules_side_to_move")?;
            self.expect_ok(&format!("play {side} {click}"))?;
        }
        Ok(())
    }

    /// Ends the session: `quit`, the end of input, or the end of input
    /// while an analysis streams. The process must exit, with 0.
    fn finish(&mut self) -> Step<()> {
        let how = self.rng.random_range(0..4);
        match how {
            0 => {
                self.expect_ok("quit")?;
            }
            1 => {
                let line = format!("lz-analyze {} 10", self.colour());
                self.transcript.push(line.clone());
                self.gtp.send(&format!("{line}\n"));
            }
            _ => {}
        }
        self.transcript.push("(end of input)".into());
        self.gtp.close();
        let deadline = Instant::now() + EXIT_BOUND;
        while Instant::now() < deadline {
            if let Some(status) = self.gtp.exit_status() {
                if !status.success() {
                    return Err(self.failure(format!("the process exited with {status}")));
                }
                return Ok(());
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        Err(self.failure(format!(
            "the process still runs {EXIT_BOUND:?} after the end of its input"
        )))
    }
}

fn small_size_game(command_line: &str) -> bool {
    !command_line.contains("--size 19") && !command_line.contains("--size 13")
}

/// A vertex beyond an NxN board: a hand cell of a frame.
fn off_board(click: &str, size: usize) -> bool {
    let Some(column) = click.chars().next().and_then(|c| COLUMNS.find(c)) else {
        return false;
    };
    let row: usize = click[1..].parse().unwrap_or(0);
    column >= size || row > size
}

/// Why `response` is no good answer to `line`, if it is not: the shape of
/// one GTP response, the line's id echoed, no internal error, no panic.
fn response_problem(line: &str, response: &str) -> Result<(), String> {
    if !response.starts_with(['=', '?']) {
        return Err("no = or ? first".into());
    }
    if !response.ends_with("\n\n") || response[..response.len() - 2].contains("\n\n") {
        return Err("not one response ended by one empty line".into());
    }
    let words: Vec<&str> = line.split_whitespace().collect();
    if let Some(id) = words.first().filter(|w| w.parse::<u32>().is_ok()) {
        let head = response.lines().next().unwrap_or("");
        let rest = &head[1..];
        if !rest.starts_with(id) || rest[id.len()..].starts_with(|c: char| c.is_ascii_digit()) {
            return Err(format!("the id {id} is not echoed"));
        }
    }
    for bad in ["internal error", "panicked"] {
        if response.contains(bad) {
            return Err(format!("holds {bad:?}"));
        }
    }
    Ok(())
}

/// Files for `loadsgf` to choke on, next to the record the case writes.
fn write_bad_records(dir: &Path, rng: &mut SmallRng) {
    std::fs::create_dir_all(dir).unwrap();
    let mut bytes: Vec<u8> = (0..rng.random_range(0..400)).map(|_| rng.random()).collect();
    bytes.splice(0..0, b"(;FF[4]GM[1]SZ[9]".iter().copied());
    std::fs::write(dir.join("bytes.sgf"), bytes).unwrap();
    let corrupt = [
        "(;FF[4]GM[1]SZ[99];B[aa])",
        "(;FF[4]GM[1]SZ[9]VV[nosuch];B[ee])",
        "(;FF[4]GM[1]SZ[9];B[ee];B[ee];W[zz])",
        "(;FF[4]GM[1]SZ[5]VV[domingo];B[aa]MV[A1+E5])",
        "(;FF[4]GM[1]SZ[9]VV[wargo];B[ee]MV[bomb:later@E5])",
        "(;FF[4]GM[1]SZ[9]VV[buying-armies]VO[army-black=samurai:99]",
        "(;FF[4]GM[1]SZ[5]VV[gorogo]VO[henge=Z9];B[aa]",
        "(;FF[4]GM[1]SZ[0])",
        "(;SZ[-3]KM[nan])",
    ];
    std::fs::write(dir.join("corrupt.sgf"), corrupt.choose(rng).unwrap()).unwrap();
    std::fs::write(
        dir.join("deep.sgf"),
        format!("{}(;B[aa]{}", "(;".repeat(5000), ")".repeat(5000)),
    )
    .unwrap();
    std::fs::write(dir.join("empty.sgf"), "").unwrap();
    std::fs::write(dir.join("record.sgf"), "(;FF[4]GM[1]SZ[9];B[ee];W[cc])").unwrap();
}

fn describe(seed: u64) -> String {
    let all = combinations();
    let (phase, variant) = all[(seed % all.len() as u64) as usize];
    format!("{variant}, {phase:?}")
}

/// Runs case `seed`: its variant and phase, then random bursts.
fn run_case(seed: u64) -> Result<Session, Failure> {
    let all = combinations();
    let (phase, variant) = all[(seed % all.len() as u64) as usize];
    let dir = std::env::temp_dir().join(format!("variago-fuzz-{}-{seed}", std::process::id()));
    let mut session = Session::start(seed, variant, smallest_size(variant), dir.clone());
    write_bad_records(&dir, &mut session.rng);
    session
        .transcript
        .push(format!("(phase {phase:?}; sgf files in {})", dir.display()));
    let result = (|| {
        session.commands = session
            .expect_ok("list_commands")?
            .lines()
            .map(str::to_string)
            .filter(|l| !l.is_empty())
            .collect();
        session.reach(phase)?;
        session.transcript.push("(phase reached)".into());
        let mut state = session.state()?;
        let mut size = session.size()?;
        for _ in 0..LINES_PER_CASE {
            state = session.random_burst(state, size)?;
            size = session.size()?;
        }
        session.finish()
    })();
    let _ = std::fs::remove_dir_all(&dir);
    result.map(|_| session)
}

/// Random commands in every phase of every variant, against the binary.
#[test]
fn random_commands_in_every_phase_of_every_variant() {
    assert_eq!(CI_CASES, combinations().len() as u64);
    let first = env_number("VARIAGO_FUZZ_SEED").unwrap_or(0);
    let cases = env_number("VARIAGO_FUZZ_CASES").unwrap_or(CI_CASES);
    let started = Instant::now();
    let (mut sent, mut slowest) = (0, (Duration::ZERO, String::new()));
    let mut failures = Vec::new();
    let mut case_times = Vec::new();
    for seed in first..first + cases {
        let case_started = Instant::now();
        let outcome = run_case(seed);
        case_times.push((case_started.elapsed(), seed, describe(seed)));
        match outcome {
            Ok(session) => {
                sent += session.sent;
                if session.slowest.0 > slowest.0 {
                    slowest = session.slowest.clone();
                }
            }
            Err(Failure(report)) => {
                eprintln!("FAILURE in case {seed}: {report}\n");
                failures.push(seed);
            }
        }
    }
    eprintln!(
        "fuzz_phases: {cases} cases from seed {first}, {sent} commands answered in {:.1?}; slowest {:.2?}: {}",
        started.elapsed(),
        slowest.0,
        slowest.1
    );
    case_times.sort();
    for (took, seed, what) in case_times.iter().rev().take(5) {
        eprintln!("  slow case {seed} ({what}): {took:.1?}");
    }
    assert!(failures.is_empty(), "failed cases (seeds): {failures:?}");
}
