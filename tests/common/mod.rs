//! Helpers shared by the integration tests: engines with a small, seeded
//! search, GTP calls that check the response shape, positions from move
//! lists, and independent naive rule implementations in [`naive`].
#![allow(dead_code, unused_imports)]

pub mod expect;
pub mod gnugo;
pub mod gogui;
pub mod matches;
pub mod naive;
pub mod perft;
pub mod process;
pub mod wargo;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use variago::game::Occupant;
use variago::gtp::engine::{Engine, SearchSettings};
use variago::gtp::execute_line;
use variago::variants::Start;
use variago::{Game, Move, Position, Setup, Variant, Vertex, View};

/// Every variant, by the name `--variant` and `variago-set_variant` take.
pub const VARIANT_NAMES: [&str; 17] = [
    "go",
    "atari",
    "yugo",
    "gorogo",
    "migoyugo",
    "wargo",
    "center-of-tao",
    "mercenary-go",
    "buying-armies",
    "group-go",
    "omino-go",
    "domingo",
    "special-stones",
    "tanbo",
    "gray-tanbo",
    "unsquare-go",
    "squares",
];

/// The smallest board of each variant, where its searches and scoring are
/// quickest (and the War Go family's frames fit GTP).
pub fn smallest_size(variant: &str) -> usize {
    match variant {
        "wargo" | "buying-armies" | "special-stones" => 9,
        "center-of-tao" => 13,
        "mercenary-go" => 19,
        _ => 5,
    }
}

/// Search settings for tests: a fixed number of playouts, no clock, a fixed seed.
pub fn settings(playouts: u64, seed: u64) -> SearchSettings {
    let mut settings = SearchSettings {
        playouts: Some(playouts),
        time: None,
        ..SearchSettings::default()
    };
    settings.config.seed = seed;
    settings
}

pub fn setup(variant: Variant, size: usize, start: Start) -> Setup {
    Setup {
        size,
        start,
        ..Setup::new(variant)
    }
}

/// An engine for `variant` on a `size` board with 200 seeded playouts per move.
pub fn engine(variant: Variant, size: usize) -> Engine {
    Engine::new(setup(variant, size, Start::Empty), settings(200, 1))
}

/// Runs one GTP line that holds a command and returns the whole response,
/// after checking its shape: `=` or `?`, one trailing empty line, no other.
pub fn gtp(engine: &mut Engine, line: &str) -> String {
    let response = execute_line(engine, line).unwrap_or_else(|| panic!("no response to {line:?}"));
    check_response_shape(line, &response);
    response
}

/// Panics unless `response` is one well-formed GTP response.
pub fn check_response_shape(line: &str, response: &str) {
    assert!(
        response.starts_with('=') || response.starts_with('?'),
        "{line:?} -> {response:?}"
    );
    assert!(
        response.ends_with("\n\n") && !response.ends_with("\n\n\n"),
        "{line:?} -> {response:?}"
    );
    assert!(
        !response[..response.len() - 2].contains("\n\n"),
        "{line:?} -> {response:?} holds an empty line"
    );
}

/// The text of a successful response (without `= ` and the final empty line).
pub fn ok(engine: &mut Engine, line: &str) -> String {
    let response = gtp(engine, line);
    assert!(response.starts_with('='), "{line:?} failed: {response:?}");
    body(&response)
}

/// The message of a failed response; also checks that the failure left the
/// engine's state as it was.
pub fn fail(engine: &mut Engine, line: &str) -> String {
    let before = state(engine);
    let response = gtp(engine, line);
    assert!(response.starts_with('?'), "{line:?} should fail: {response:?}");
    assert_eq!(before, state(engine), "{line:?} changed the state");
    body(&response)
}

/// The text after `=`/`?` and an optional id.
pub fn body(response: &str) -> String {
    let text = response.trim_end_matches('\n');
    let text = text.trim_start_matches(['=', '?']);
    let text = text.trim_start_matches(|c: char| c.is_ascii_digit());
    text.strip_prefix(' ').unwrap_or(text).to_string()
}

/// Everything a client can see of the engine's state, through read-only commands.
pub fn state(engine: &mut Engine) -> String {
    ["variago-variant", "variago-start", "variago-board", "printsgf"]
        .iter()
        .map(|c| execute_line(engine, c).expect("response"))
        .collect()
}

/// Runs the engine's binary with `args` on `input` to its end.
/// GTP input that plays `opening` (moves by turns, Black first), asks the
/// engine for the next move and quits.
pub fn genmove_after(opening: &str) -> String {
    let mut input = String::new();
    let mut color = "b";
    for mv in opening.split_whitespace() {
        input += &format!("play {color} {mv}\n");
        color = if color == "b" { "w" } else { "b" };
    }
    input + &format!("genmove {color}\nquit\n")
}

pub fn run_engine(args: &[&str], input: &str) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_variago"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("engine starts");
    // The engine may have exited already, having refused its arguments.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    child.wait_with_output().expect("engine ends")
}

pub fn game(variant: Variant, size: usize) -> Game {
    Game::new(&setup(variant, size, Start::Empty))
}

pub fn vertex(text: &str) -> Vertex {
    Vertex::parse(text).unwrap_or_else(|| panic!("bad vertex {text}"))
}

/// Plays space-separated moves (typed notation) for the side to move.
pub fn play_moves(game: &mut Game, moves: &str) {
    for text in moves.split_whitespace() {
        let mv = Move::parse(text, game.size()).unwrap_or_else(|e| panic!("{text}: {e}"));
        let color = game.to_move();
        game.play(color, mv).unwrap_or_else(|e| panic!("{color} {text}: {e}"));
    }
}

/// Builds a position from a diagram, top row first: `X` black, `O` white,
/// `.` empty; spaces are ignored. The stones of `to_move` go on first, then
/// the other colour's, so that `to_move` is next; with no stones of the
/// other colour, that colour passes (where the variant has a pass). The
/// diagram must hold no group without liberties: then no placement captures.
pub fn from_diagram(variant: Variant, diagram: &str, to_move: variago::Color) -> Game {
    let rows: Vec<Vec<char>> = diagram
        .lines()
        .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
        .filter(|r| !r.is_empty())
        .collect();
    let size = rows.len();
    let mut game = game(variant, size);
    let mut stones = [Vec::new(), Vec::new()];
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), size, "diagram row {i} has the wrong length");
        for (x, &c) in row.iter().enumerate() {
            let color = match c {
                'X' => variago::Color::Black,
                'O' => variago::Color::White,
                '.' => continue,
                other => panic!("bad diagram character {other:?}"),
            };
            stones[color.index()].push(Vertex::new(x, size - 1 - i));
        }
    }
    for color in [to_move, to_move.opponent()] {
        for &v in &stones[color.index()] {
            game.play(color, Move::Place(v))
                .unwrap_or_else(|e| panic!("diagram stone {color} {v}: {e}"));
        }
    }
    if game.to_move() != to_move {
        game.play(to_move.opponent(), Move::Pass)
            .unwrap_or_else(|e| panic!("cannot give the move to {to_move}: {e}"));
    }
    game
}

/// Plays `text` for the side to move, expecting a refusal that leaves the
/// position as it was; returns the reason.
pub fn refusal(game: &mut Game, text: &str) -> String {
    let color = game.to_move();
    let mv = Move::parse(text, game.size()).unwrap();
    let before = snapshot(game);
    let err = game.play(color, mv).expect_err(text).to_string();
    assert_eq!(snapshot(game), before, "refused {text} changed the position");
    err
}

pub fn legal_moves(game: &Game) -> Vec<Move> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves
}

pub fn names(moves: &[Move]) -> Vec<String> {
    let mut names: Vec<String> = moves.iter().map(Move::to_string).collect();
    names.sort();
    names
}

/// Every point's occupant, row by row from the bottom.
pub fn occupants(game: &Game) -> Vec<Option<Occupant>> {
    let size = game.size();
    (0..size)
        .flat_map(|y| (0..size).map(move |x| Vertex::new(x, y)))
        .map(|v| game.occupant(v))
        .collect()
}

/// A full picture of a position for equality checks.
#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot {
    pub hash: u64,
    pub to_move: variago::Color,
    pub moves_played: usize,
    pub captures: [u32; 2],
    pub status: Vec<String>,
    pub outcome: Option<String>,
    pub board: Vec<Option<Occupant>>,
}

pub fn snapshot(game: &Game) -> Snapshot {
    Snapshot {
        hash: game.hash(),
        to_move: game.to_move(),
        moves_played: game.moves_played(),
        captures: game.captures(),
        status: game.status_lines(),
        outcome: game.outcome().map(|o| o.to_string()),
        board: occupants(game),
    }
}

/// Plays uniformly random legal moves until the game ends or `cap` moves.
pub fn random_game(game: &mut Game, rng: &mut SmallRng, cap: usize) {
    for _ in 0..cap {
        let moves = legal_moves(game);
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.random_range(0..moves.len())];
        let color = game.to_move();
        game.play(color, mv).expect("listed move plays");
    }
}

pub fn rng(seed: u64) -> SmallRng {
    SmallRng::seed_from_u64(seed)
}

/// The `final_score` shape: `B+3.5`, `W+R`, `0` and the like.
pub fn is_score(text: &str) -> bool {
    regex::Regex::new(r"^(0|[BW]\+(R|Resign|T|Time|F|Forfeit|\d+(\.\d+)?))$")
        .unwrap()
        .is_match(text)
}
