//! Openings: the first moves of each pair of games, so that a match
//! between deterministic engines does not replay one game, and so that the
//! pairs cover many positions. Each opening is played twice, the colours
//! swapped (games 2k-1 and 2k).
//!
//! A book comes from a file: SGF (one or more games, the main line of each;
//! or a directory of `.sgf` files), or a text file of move lists, one
//! opening a line in the typed notation (`C3 D4 henge@B2`), whose colours
//! follow the rules. Every opening is played through the rules before the
//! match starts: a move that does not parse or is illegal stops it there.
//! Random openings are K random legal moves, kept when a short search finds
//! the position balanced; they follow from the seed and the pair's number,
//! so that every shard and every resumed run plays the same ones.

use crate::color::Color;
use crate::game::GameSetup;
use crate::moves::Move;
use crate::player::{Player, Resigning, SearchSettings, Thinking};
use crate::sgf;
use crate::variants::{Game, Setup};
use crate::Position;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::HashMap;
use std::path::Path;
use std::sync::Mutex;

/// The moves of one opening and where they come from.
#[derive(Clone, Debug, PartialEq)]
pub struct Opening {
    /// `book.sgf game 3`, `lines.txt line 4`, `random`.
    pub source: String,
    pub moves: Vec<(Color, Move)>,
    /// The side to move after the opening.
    pub next: Color,
}

/// Where a match's openings come from.
#[derive(Clone, Debug, PartialEq)]
pub enum OpeningSource {
    /// From the empty board.
    None,
    /// A book; `moves` keeps only the first moves of each opening.
    File {
        path: std::path::PathBuf,
        moves: Option<usize>,
    },
    /// `moves` random legal moves, balanced by a search of `playouts`.
    Random { moves: usize, seed: u64, playouts: u64 },
}

/// The openings of a match, ready to hand out by game number.
pub struct Openings {
    source: OpeningSource,
    book: Vec<Opening>,
    /// What identifies the openings in a results file.
    pub description: Option<String>,
    setup: Setup,
    random: Mutex<HashMap<u32, Opening>>,
}

/// How far from even a random opening may be, as the win rate of the side
/// to move by a short search: between 30% and 70% is kept.
const BALANCE: f32 = 0.2;

/// Random openings tried for one pair before the most balanced is taken.
const ATTEMPTS: u32 = 16;

/// The position a match game starts from, as the engines set it up
/// (Buying Armies: both armies bought by the engine's rule, as the match
/// has every engine do with `variago-buy_auto`).
pub fn start_position(setup: &Setup) -> Game {
    let mut game = Game::new(setup);
    game.finish_setup();
    game
}

/// FNV-1a, 64 bits: a stable fingerprint of a book's text.
fn fingerprint(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

impl Openings {
    /// Reads and checks a book, or prepares random openings.
    pub fn load(source: &OpeningSource, setup: &Setup) -> Result<Openings, String> {
        let mut openings = Openings {
            source: source.clone(),
            book: Vec::new(),
            description: None,
            setup: setup.clone(),
            random: Mutex::new(HashMap::new()),
        };
        match source {
            OpeningSource::None => {}
            OpeningSource::File { path, moves } => {
                let (book, bytes) = read_book(path, setup)?;
                openings.book = book;
                if let Some(limit) = moves {
                    for opening in &mut openings.book {
                        opening.moves.truncate(*limit);
                        opening.next = replay(setup, &opening.moves).map_err(|e| format!("{}: {e}", opening.source))?;
                    }
                }
                let name = path
                    .file_name()
                    .map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into());
                openings.description = Some(format!(
                    "{name}, {} openings, fingerprint {:016x}{}",
                    openings.book.len(),
                    fingerprint(&bytes),
                    moves.map(|m| format!(", first {m} moves")).unwrap_or_default()
                ));
            }
            OpeningSource::Random { moves, seed, playouts } => {
                openings.description = Some(format!(
                    "{moves} random moves, seed {seed}, balanced by {playouts} playouts"
                ));
            }
        }
        Ok(openings)
    }

    /// The opening of game `number` (counted from 1): the pair's, in book
    /// order, the book starting over when it runs out.
    pub fn for_game(&self, number: u32) -> Option<Opening> {
        let pair = super::pair_of(number);
        match &self.source {
            OpeningSource::None => None,
            OpeningSource::File { .. } => Some(self.book[(pair as usize - 1) % self.book.len()].clone()),
            OpeningSource::Random { moves, seed, playouts } => {
                if let Some(opening) = self.random.lock().expect("opening cache").get(&pair) {
                    return Some(opening.clone());
                }
                let opening = random_opening(&self.setup, *moves, *seed, *playouts, pair);
                self.random.lock().expect("opening cache").insert(pair, opening.clone());
                Some(opening)
            }
        }
    }
}

/// Plays `moves` from the start; returns the side to move after them.
fn replay(setup: &Setup, moves: &[(Color, Move)]) -> Result<Color, String> {
    let mut game = start_position(setup);
    for (i, &(color, mv)) in moves.iter().enumerate() {
        game.play(color, mv)
            .map_err(|e| format!("move {} ({} {mv}) is illegal: {e}", i + 1, color.letter()))?;
        if game.outcome().is_some() {
            return Err(format!("move {} ({} {mv}) ends the game", i + 1, color.letter()));
        }
    }
    Ok(game.to_move())
}

/// Reads a book: its openings, checked, and its bytes for the fingerprint.
fn read_book(path: &Path, setup: &Setup) -> Result<(Vec<Opening>, Vec<u8>), String> {
    let shown = path.display();
    let mut files = Vec::new();
    if path.is_dir() {
        let entries = std::fs::read_dir(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
        for entry in entries {
            let file = entry.map_err(|e| format!("cannot read {shown}: {e}"))?.path();
            if file.extension().is_some_and(|e| e.eq_ignore_ascii_case("sgf")) {
                files.push(file);
            }
        }
        files.sort();
    } else {
        files.push(path.to_path_buf());
    }
    let mut book = Vec::new();
    let mut bytes = Vec::new();
    for file in &files {
        let text = sgf::read_file(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
        let name = file
            .file_name()
            .map_or_else(|| file.display().to_string(), |n| n.to_string_lossy().into());
        if text.trim_start().starts_with('(') {
            book.extend(sgf_openings(&text, &name, setup)?);
        } else {
            book.extend(line_openings(&text, &name, setup)?);
        }
        bytes.extend(text.bytes());
    }
    if book.is_empty() {
        return Err(format!("no openings in {shown}"));
    }
    Ok((book, bytes))
}

/// Every game of an SGF collection: its main line, in a game of the match's variant and size.
fn sgf_openings(text: &str, name: &str, setup: &Setup) -> Result<Vec<Opening>, String> {
    let trees = sgf::split_collection(text);
    let mut openings = Vec::new();
    for (i, tree) in trees.iter().enumerate() {
        let source = if trees.len() == 1 {
            name.to_string()
        } else {
            format!("{name} game {}", i + 1)
        };
        let game = sgf::parse(tree).map_err(|e| format!("{source}: {e}"))?;
        let variant = crate::Variant::from_sgf(game.variant.as_deref()).map_err(|e| format!("{source}: {e}"))?;
        let wanted = setup.variant.name();
        if variant != setup.variant || game.size != setup.size {
            return Err(format!(
                "{source}: a game of {} {size}x{size}, but the match plays {wanted} {}x{}",
                variant.name(),
                setup.size,
                setup.size,
                size = game.size
            ));
        }
        if !game.black_setup.is_empty() || !game.white_setup.is_empty() || !game.options.is_empty() {
            return Err(format!(
                "{source}: setup stones and start options cannot open a match game"
            ));
        }
        let next = replay(setup, &game.moves).map_err(|e| format!("{source}: {e}"))?;
        openings.push(Opening {
            source,
            moves: game.moves,
            next,
        });
    }
    Ok(openings)
}

/// One opening a line: moves in the typed notation, the colours by the rules.
fn line_openings(text: &str, name: &str, setup: &Setup) -> Result<Vec<Opening>, String> {
    let mut openings = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or_default().trim();
        if line.is_empty() {
            continue;
        }
        let source = format!("{name} line {}", i + 1);
        let mut game = start_position(setup);
        let mut moves = Vec::new();
        for (j, word) in line.split([' ', '\t', ',']).filter(|w| !w.is_empty()).enumerate() {
            let mv = Move::parse(word, setup.size).map_err(|e| format!("{source}: move {} '{word}': {e}", j + 1))?;
            let color = game.to_move();
            game.play(color, mv)
                .map_err(|e| format!("{source}: move {} ({} {mv}) is illegal: {e}", j + 1, color.letter()))?;
            if game.outcome().is_some() {
                return Err(format!(
                    "{source}: move {} ({} {mv}) ends the game",
                    j + 1,
                    color.letter()
                ));
            }
            moves.push((color, mv));
        }
        openings.push(Opening {
            source,
            moves,
            next: game.to_move(),
        });
    }
    Ok(openings)
}

/// Up to `count` random legal moves from the start (no passes, fewer when
/// a side has none or the game ends), drawn with `rng`: the position after
/// them and the moves.
pub fn random_moves(setup: &Setup, count: usize, rng: &mut SmallRng) -> (Game, Vec<(Color, Move)>) {
    let mut game = start_position(setup);
    let mut moves = Vec::new();
    let mut legal = Vec::new();
    while moves.len() < count && game.outcome().is_none() {
        legal.clear();
        game.legal_moves(&mut legal);
        legal.retain(|m| *m != Move::Pass);
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.random_range(0..legal.len())];
        let color = game.to_move();
        game.play(color, mv).expect("a legal move plays");
        moves.push((color, mv));
    }
    (game, moves)
}

/// `count` random legal moves (no passes), kept when a search of
/// `playouts` gives the side to move between 30% and 70%; else the most
/// balanced of a few tries. The same seed and pair give the same opening.
pub fn random_opening(setup: &Setup, count: usize, seed: u64, playouts: u64, pair: u32) -> Opening {
    let mut rng = SmallRng::seed_from_u64(seed ^ u64::from(pair).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut settings = SearchSettings {
        playouts: Some(playouts.max(1)),
        time: None,
        ..SearchSettings::default()
    };
    settings.config.seed = seed.wrapping_add(u64::from(pair));
    settings.config.resign_below = 0.0;
    let player = Player::new(setup.clone(), settings);
    let mut best: Option<(f32, Opening)> = None;
    for _ in 0..ATTEMPTS {
        let (game, moves) = random_moves(setup, count, &mut rng);
        if game.outcome().is_some() {
            continue;
        }
        let thinking = Thinking::move_for(game.to_move(), Resigning::Never);
        let imbalance = (player.think(&game, thinking).winrate - 0.5).abs();
        let opening = Opening {
            source: "random".into(),
            moves,
            next: game.to_move(),
        };
        if imbalance <= BALANCE {
            return opening;
        }
        if best.as_ref().is_none_or(|(b, _)| imbalance < *b) {
            best = Some((imbalance, opening));
        }
    }
    best.map(|(_, o)| o).unwrap_or_else(|| Opening {
        source: "random".into(),
        moves: Vec::new(),
        next: Color::Black,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    fn atari(size: usize) -> Setup {
        Setup {
            size,
            ..Setup::new(Variant::Atari)
        }
    }

    #[test]
    fn move_lists_follow_the_rules_for_colours() {
        let book = line_openings(
            "# two openings\nC3 D4\n\nB2, C2 D2 # three moves\n",
            "book.txt",
            &atari(5),
        )
        .unwrap();
        assert_eq!(book.len(), 2);
        assert_eq!(book[0].source, "book.txt line 2");
        assert_eq!(book[0].moves.len(), 2);
        assert_eq!(
            book[1].moves.iter().map(|m| m.0).collect::<Vec<_>>(),
            [Color::Black, Color::White, Color::Black]
        );
        assert_eq!(book[1].next, Color::White);
    }

    #[test]
    fn bad_openings_name_the_line_and_move() {
        let setup = atari(5);
        for (text, error) in [
            ("C3 C3\n", "book.txt line 1: move 2 (W C3) is illegal"),
            ("C3 Z9\n", "book.txt line 1: move 2 'Z9'"),
            (
                "\nC3 F3\n",
                "book.txt line 2: move 2 'F3': vertex F3 is off the 5x5 board",
            ),
            // Black captures the white stone at A1: Atari Go ends.
            ("B1 A1 C3 C2 A2\n", "move 5 (B A2) ends the game"),
        ] {
            let message = line_openings(text, "book.txt", &setup).unwrap_err();
            assert!(message.contains(error), "{text}: {message}");
        }
    }

    #[test]
    fn sgf_collections_give_one_opening_per_game() {
        let text = "(;GM[1]SZ[5]VV[atari];B[cc];W[dd])\n(;GM[1]SZ[5]VV[atari]C[a ) in a comment];B[bb])";
        let book = sgf_openings(text, "book.sgf", &atari(5)).unwrap();
        assert_eq!(book.len(), 2);
        assert_eq!(book[0].source, "book.sgf game 1");
        assert_eq!(book[1].moves.len(), 1);
        let wrong = sgf_openings("(;GM[1]SZ[9];B[cc])", "go.sgf", &atari(5)).unwrap_err();
        assert!(
            wrong.contains("a game of go 9x9, but the match plays atari 5x5"),
            "{wrong}"
        );
        let broken = sgf_openings("(;GM[1]SZ[5]VV[atari];B[cc]", "bad.sgf", &atari(5)).unwrap_err();
        assert!(broken.starts_with("bad.sgf: bad SGF"), "{broken}");
    }

    #[test]
    fn random_openings_are_legal_and_repeatable() {
        let setup = atari(7);
        let a = random_opening(&setup, 4, 7, 50, 3);
        let b = random_opening(&setup, 4, 7, 50, 3);
        assert_eq!(a, b);
        assert_eq!(a.moves.len(), 4);
        assert_eq!(replay(&setup, &a.moves), Ok(a.next));
        assert_ne!(a.moves, random_opening(&setup, 4, 7, 50, 4).moves);
    }

    #[test]
    fn random_openings_work_in_every_variant() {
        for variant in Variant::ALL {
            let setup = Setup::new(variant);
            let opening = random_opening(&setup, 2, 1, 20, 1);
            assert_eq!(replay(&setup, &opening.moves), Ok(opening.next), "{variant:?}");
        }
    }
}
