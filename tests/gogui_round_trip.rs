//! The click protocol's round trip, in random positions of every variant:
//! whatever plain `genmove` answers, a second copy's plain `play` reads
//! back as the same step; every legal typed move can be played by plain
//! `play` clicks and taken back click by click; and the spellings of the
//! legal moves are prefix-free, each click once.

mod common;

use common::ok;
use rand::seq::IndexedRandom;
use rand::Rng;
use std::collections::HashMap;
use variago::clicks::{self, Click};
use variago::gtp::engine::Engine;
use variago::variants::Start;
use variago::{Clicks, GameSetup, Move, Position, Variant};

/// The smallest board from 5x5 that holds all the variant's pieces.
fn small_size(variant: Variant) -> usize {
    (5..=25).find(|&s| variant.accepts_size(s)).expect("a size")
}

fn engines(variant: Variant, seed: u64) -> (Engine, Engine) {
    let setup = common::setup(variant, small_size(variant), Start::Empty);
    let settings = common::settings(20, seed);
    (
        Engine::new(setup.clone(), settings.clone()),
        Engine::new(setup, settings),
    )
}

/// Both copies play a random legal move, whole; false once the game is over.
fn random_move(a: &mut Engine, b: &mut Engine, rng: &mut impl Rng) -> bool {
    let mut moves = Vec::new();
    a.game.legal_moves(&mut moves);
    let Some(&mv) = moves.choose(rng) else { return false };
    let color = a.game.to_move().name();
    ok(a, &format!("variago-play {color} {mv}"));
    ok(b, &format!("variago-play {color} {mv}"));
    true
}

/// Both copies' whole view: the position, the partial move, the record.
fn view(e: &mut Engine) -> String {
    ok(e, "variago-board") + &ok(e, "printsgf")
}

/// The spellings of the legal moves are prefix-free and repeat no click.
fn check_spellings(e: &Engine) {
    let spelled = clicks::spelled(&e.game);
    let mut whole: HashMap<Vec<Click>, Move> = HashMap::new();
    for (mv, spelling) in &spelled {
        let clicks = spelling.clicks().to_vec();
        for (i, click) in clicks.iter().enumerate() {
            assert!(!clicks[..i].contains(click), "{mv} repeats {click}");
        }
        if let Some(other) = whole.insert(clicks, *mv) {
            panic!("{mv} and {other} are spelled alike");
        }
    }
    for (mv, spelling) in &spelled {
        let clicks = spelling.clicks();
        for end in 1..clicks.len() {
            if let Some(other) = whole.get(&clicks[..end]) {
                panic!("{other}'s spelling begins {mv}'s");
            }
        }
    }
}

/// A sample of the legal moves, each played in `b` by plain `play` clicks
/// and then taken back by as many `undo`s; `b` ends as it began.
fn check_moves_by_clicks(b: &mut Engine, rng: &mut impl Rng) {
    let before = view(b);
    let hash = b.game.hash();
    let color = b.game.to_move();
    let mut moves = Vec::new();
    b.game.legal_moves(&mut moves);
    for &mv in moves.choose_multiple(rng, 24) {
        let spelling = b.game.spell(mv);
        for (i, &click) in spelling.clicks().iter().enumerate() {
            let vertex = b.click_text(color, click).unwrap();
            ok(b, &format!("play {color} {vertex}"));
            let done = i + 1 == spelling.clicks().len();
            assert_eq!(b.partial.is_empty(), done, "{mv}: click {vertex}");
        }
        assert_eq!(b.record.last(), Some(&(color, mv)), "the clicks of {mv} play it");
        for _ in spelling.clicks() {
            ok(b, "undo");
        }
        assert_eq!(b.game.hash(), hash, "{mv} taken back click by click");
        assert_eq!(view(b), before, "{mv} taken back click by click");
    }
}

/// `a` answers `genmove` until its move is played; `b` plays each answer.
fn check_genmove_round_trip(a: &mut Engine, b: &mut Engine) -> bool {
    let color = a.game.to_move().name();
    loop {
        let answer = ok(a, &format!("genmove {color}"));
        if answer == "resign" {
            return false;
        }
        ok(b, &format!("play {color} {answer}"));
        assert_eq!(a.game.hash(), b.game.hash(), "genmove {color} -> {answer}");
        assert_eq!(view(a), view(b), "genmove {color} -> {answer}");
        if a.partial.is_empty() {
            return a.game.outcome().is_none();
        }
    }
}

#[test]
fn plain_answers_read_back_as_the_same_step_in_every_variant() {
    for variant in Variant::ALL {
        let mut rng = common::rng(11);
        for seed in 0..6 {
            let (mut a, mut b) = engines(variant, seed);
            let walk = rng.random_range(0..3 * small_size(variant));
            for _ in 0..walk {
                if !random_move(&mut a, &mut b, &mut rng) {
                    break;
                }
            }
            // A few rounds of checks and engine moves from there.
            for _ in 0..4 {
                if a.game.outcome().is_some() {
                    break;
                }
                check_spellings(&a);
                check_moves_by_clicks(&mut b, &mut rng);
                if !check_genmove_round_trip(&mut a, &mut b) {
                    break;
                }
            }
        }
    }
}

/// Along whole random games the legal move lists stay prefix-free.
#[test]
fn spellings_stay_prefix_free_along_random_games() {
    for variant in Variant::ALL {
        let mut rng = common::rng(5);
        for seed in 0..3 {
            let (mut a, mut b) = engines(variant, seed);
            for _ in 0..6 * small_size(variant) * small_size(variant) {
                check_spellings(&a);
                if !random_move(&mut a, &mut b, &mut rng) {
                    break;
                }
            }
        }
    }
}

/// On a board whose frame is larger than GTP's largest board (Group Go and
/// Buying Armies on 25x25), the hand cells have no vertex: a drop's first
/// click is refused with a clear error and nothing changes, a pass is
/// plain `pass`, and whole moves still go through `variago-play`.
#[test]
fn hands_beyond_the_largest_board_refuse_their_clicks_cleanly() {
    let mut e = common::engine(Variant::GroupGo, 25);
    let drop = Move::parse("D4+D5+D6", 25).unwrap();
    let refusal = e.begin_move(variago::Color::Black, drop, true).unwrap_err();
    assert!(refusal.contains("has no vertex"), "{refusal}");
    assert!(e.partial.is_empty() && e.record.is_empty(), "nothing was played");
    for command in [
        "gogui-rules_board_size",
        "gogui-rules_board",
        "gogui-rules_board_gfx",
        "gogui-rules_legal_moves",
    ] {
        let too_large = common::fail(&mut e, command);
        assert!(
            too_large.contains("GoGui shows at most 25x25"),
            "{command}: {too_large}"
        );
    }
    ok(&mut e, "variago-play b D4+D5+D6");
    assert_eq!(e.record.len(), 1);

    let mut e = common::engine(Variant::BuyingArmies, 25);
    assert!(e.game.in_setup());
    assert_eq!(ok(&mut e, "genmove b"), "pass", "black's buying ends");
    assert_eq!(ok(&mut e, "genmove w"), "pass", "white's buying ends");
    assert!(!e.game.in_setup());
}
