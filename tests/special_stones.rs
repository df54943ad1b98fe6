//! The special stones, one test per ruling sentence (RULINGS "Special
//! stones"), on positions drawn as diagrams; then the refusals through GTP.

mod common;

use common::wargo::{at, hand_count, play};
use variago::gtp::engine::Engine;
use variago::variants::wargo::WarGo;
use variago::{Color, Move, Outcome, Position, Setup, Variant, View};

const B: Color = Color::Black;
const W: Color = Color::White;

/// A position of the `special-stones` preset: War Go's army and one of
/// each special stone in each hand.
fn special(rows: &[&str], to_move: Color) -> WarGo {
    WarGo::from_diagram(&Setup::new(Variant::SpecialStones), rows, to_move).unwrap()
}

/// A position whose hands are `hand` (preset syntax, e.g. `extramove:2`).
fn with_hand(hand: &str, rows: &[&str], to_move: Color) -> WarGo {
    let mut setup = Setup::new(Variant::WarGo);
    setup.apply_option("preset", &format!("test;hand={hand}")).unwrap();
    WarGo::from_diagram(&setup, rows, to_move).unwrap()
}

/// Plays, and checks that a refused move changes nothing.
fn refused(game: &mut WarGo, color: Color, text: &str) -> String {
    let (hash, to_move) = (game.hash(), game.to_move());
    let err = play(game, color, text).unwrap_err();
    assert_eq!(
        (game.hash(), game.to_move()),
        (hash, to_move),
        "{text} changed the game"
    );
    err
}

// --- Every stone: a hand piece dropped on an empty point ---

#[test]
fn each_side_holds_war_gos_army_and_one_of_each_special_stone() {
    let g = special(&["........."; 9], B);
    for color in [B, W] {
        for name in [
            "twoeye:friendly",
            "twoeye:any",
            "extramove",
            "replacer",
            "switcher",
            "innerstrength",
            "connector",
            "repeller",
            "kingsson",
        ] {
            assert_eq!(hand_count(&g, color, name), 1, "{name}");
        }
        assert_eq!(hand_count(&g, color, "wall"), 6);
    }
    let game = variago::Game::new(&Setup::new(Variant::SpecialStones));
    assert_eq!(game.size(), 19);
}

#[test]
fn special_stones_are_dropped_from_the_hand_on_empty_points() {
    let mut g = special(&[".....", ".....", "..O..", ".....", "....."], B);
    assert!(refused(&mut g, B, "connector@C3").contains("occupied"));
    play(&mut g, B, "connector@B2").unwrap();
    assert_eq!(at(&g, "B2"), 'L');
    play(&mut g, W, "pass").unwrap();
    let err = refused(&mut g, B, "connector@D4");
    assert!(err.contains("no connector left in black's hand"), "{err}");
}

// --- Two-eye stone ---

/// White's three stones with a two-eye stone `eye` in the middle, their
/// one liberty C3, and a black soldier on C2 whose group has liberties.
fn two_eye_group(eye: char) -> WarGo {
    let row4 = format!("XO{eye}OX");
    special(&[".XXX.", &row4, ".X.X.", "..X..", "....."], B)
}

#[test]
fn a_group_lives_by_a_two_eye_stone_of_either_flavour() {
    for eye in ['d', 'u'] {
        let mut g = two_eye_group(eye);
        play(&mut g, B, "C3").unwrap();
        for v in ["B4", "C4", "D4"] {
            assert_ne!(at(&g, v), '.', "{eye}: {v} is never captured");
        }
        assert_eq!(g.captures(), [0, 0]);
    }
    // A plain stone in the middle: Black's C3 captures the three.
    let mut g = two_eye_group('o');
    play(&mut g, B, "C3").unwrap();
    assert_eq!(at(&g, "C4"), '.');
    assert_eq!(g.captures(), [3, 0]);
}

#[test]
fn a_lone_two_eye_stone_is_never_captured_and_counts_for_its_owner() {
    let mut g = special(&[".X...", "XdX..", ".....", ".....", "....."], B);
    play(&mut g, B, "B3").unwrap();
    assert_eq!(at(&g, "B4"), 'd');
    let g = special(&["U"], B);
    assert_eq!(g.score_now(), Outcome::Score(1.0 - 7.5), "a stone of its owner");
}

#[test]
fn a_friendly_two_eye_stone_guards_only_its_owners_groups() {
    // Black's B3 beside White's two-eye stone on C3 has B2 for liberty.
    // White takes it: a friendly two-eye stone guards no black group...
    let mut g = special(&[".....", ".O...", "OXd..", ".....", "....."], W);
    play(&mut g, W, "B2").unwrap();
    assert_eq!(at(&g, "B3"), '.', "captured beside White's friendly two-eye stone");
    // ...but a two-eye stone of the flavour `any` guards every group beside it.
    let mut g = special(&[".....", ".O...", "OXu..", ".....", "....."], W);
    play(&mut g, W, "B2").unwrap();
    assert_eq!(at(&g, "B3"), 'X', "guarded by White's `any` two-eye stone");
    assert_eq!(g.captures(), [0, 0]);
}

// --- Extra move ---

#[test]
fn an_extra_move_is_followed_by_a_capture() {
    // White C3 has C4 and C2; Black fills one with the extra move and
    // captures with the second move of the same turn.
    let mut g = special(&[".....", ".....", ".XOX.", ".....", "....."], B);
    play(&mut g, B, "extramove@C4").unwrap();
    assert_eq!(g.to_move(), B, "the mover moves again at once");
    assert!(g.status_lines().iter().any(|l| l.starts_with("second move: black")));
    play(&mut g, B, "C2").unwrap();
    assert_eq!(at(&g, "C3"), '.');
    assert_eq!(g.captures(), [1, 0]);
    assert_eq!(g.to_move(), W);
    assert_eq!(at(&g, "C4"), 'X', "the extra move stands as a soldier");
}

#[test]
fn the_extra_move_captures_before_the_second_move() {
    let mut g = special(&[".....", "..X..", ".XOX.", ".....", "....."], B);
    play(&mut g, B, "extramove@C2").unwrap();
    assert_eq!(at(&g, "C3"), '.', "its own captures come first");
    assert_eq!(g.to_move(), B);
}

#[test]
fn the_second_move_may_not_be_another_extra_move_drop() {
    let mut g = with_hand("extramove:2", &["....."; 5], B);
    play(&mut g, B, "extramove@A1").unwrap();
    let err = refused(&mut g, B, "extramove@C3");
    assert!(err.contains("may not be another extra-move drop"), "{err}");
    let mut listed = Vec::new();
    g.legal_moves(&mut listed);
    assert!(!listed
        .iter()
        .any(|m| matches!(m, Move::Drop(variago::Piece::ExtraMove, _))));
    play(&mut g, B, "C3").unwrap();
    play(&mut g, W, "pass").unwrap();
    play(&mut g, B, "extramove@E5").unwrap();
    assert_eq!(g.to_move(), B, "a later turn may drop the second one");
}

#[test]
fn a_pass_after_an_extra_move_does_not_count_toward_the_end() {
    let mut g = special(&["....."; 5], B);
    play(&mut g, W, "pass").unwrap();
    play(&mut g, B, "extramove@C3").unwrap();
    play(&mut g, B, "pass").unwrap();
    assert_eq!(g.to_move(), W);
    play(&mut g, W, "pass").unwrap();
    assert!(g.outcome().is_none(), "one pass of White's counts, Black's did not");
    play(&mut g, B, "pass").unwrap();
    assert!(g.outcome().is_some());
}

#[test]
fn undo_goes_back_across_an_extra_move() {
    let mut g = special(&["....."; 5], B);
    let start = g.hash();
    play(&mut g, B, "extramove@C3").unwrap();
    let between = g.hash();
    play(&mut g, B, "D4").unwrap();
    play(&mut g, W, "B2").unwrap();
    assert!(g.undo() && g.undo());
    assert_eq!((g.hash(), g.to_move()), (between, B), "back to the second move");
    assert!(g.undo());
    assert_eq!((g.hash(), g.to_move()), (start, B));
    assert_eq!(hand_count(&g, B, "extramove"), 1);
    assert_eq!(g.check_consistency(), Ok(()));
}

#[test]
fn a_move_of_the_other_side_takes_the_second_move_away() {
    let mut g = special(&["....."; 5], B);
    play(&mut g, B, "extramove@C3").unwrap();
    play(&mut g, W, "D4").unwrap();
    assert_eq!(g.to_move(), B);
    assert!(!g.status_lines().iter().any(|l| l.starts_with("second move")));
}

// --- Replacer ---

#[test]
fn a_replacer_takes_an_enemy_soldier_as_a_prisoner_and_plays_as_a_stone() {
    let mut g = special(&[".....", "..O..", ".OOX.", "..X..", "....."], B);
    play(&mut g, B, "replacer@C3").unwrap();
    assert_eq!(at(&g, "C3"), 'X');
    assert_eq!(g.captures(), [1, 0], "the replaced soldier is a prisoner");
    assert_eq!(hand_count(&g, B, "replacer"), 0);
    // It plays as a plain stone: it joins C2 and D3, and cut White apart.
    assert_eq!(at(&g, "B3"), 'O');
    assert_eq!(at(&g, "C4"), 'O');
}

#[test]
fn a_replacer_captures_what_its_stone_leaves_without_liberties() {
    // White B1 and C1; Black replaces C1: B1 is left without liberty.
    let mut g = special(&[".....", ".....", ".....", "XX...", "OO..."], B);
    play(&mut g, B, "replacer@B1").unwrap();
    assert_eq!(at(&g, "A1"), '.', "A1 is captured by the replacer's stone");
    assert_eq!(g.captures(), [2, 0]);
}

#[test]
fn a_replacer_goes_only_onto_an_enemy_soldier() {
    let mut g = special(&[".....", "..r..", ".OXO.", ".....", "....."], B);
    for (target, why) in [("A1", "empty"), ("C3", "own stone"), ("C4", "a samurai is no soldier")] {
        let err = refused(&mut g, B, &format!("replacer@{target}"));
        assert!(err.contains("onto an enemy soldier"), "{why}: {err}");
    }
    play(&mut g, B, "replacer@B3").unwrap();
}

// --- Switcher ---

#[test]
fn a_swap_that_captures() {
    // Black's switcher on B3 swaps with White's C3: White's soldier lands
    // among Black's stones and is captured at once.
    let mut g = special(&[".....", ".X...", "XWOX.", ".XOX.", "....."], B);
    play(&mut g, B, "B3-C3").unwrap();
    assert_eq!(at(&g, "C3"), 'X', "the switcher, now a plain stone");
    assert_eq!(at(&g, "B3"), '.', "White's soldier captured on the switcher's point");
    assert_eq!(g.captures(), [1, 0]);
    assert_eq!(at(&g, "C2"), 'O', "C2 keeps C1");
    assert_eq!(g.to_move(), W, "a swap is a whole turn");
}

#[test]
fn a_switcher_is_a_plain_stone_until_it_swaps_once() {
    let mut g = special(&["....."; 5], B);
    play(&mut g, B, "switcher@C3").unwrap();
    assert_eq!(at(&g, "C3"), 'W');
    play(&mut g, W, "C4").unwrap();
    play(&mut g, B, "C3-C4").unwrap();
    assert_eq!((at(&g, "C4"), at(&g, "C3")), ('X', 'O'));
    play(&mut g, W, "pass").unwrap();
    let err = refused(&mut g, B, "C4-C3");
    assert!(
        err.contains("moves only inside a tao zone"),
        "after one swap it is plain: {err}"
    );
}

#[test]
fn a_swap_needs_an_adjacent_enemy_soldier() {
    let mut g = special(&[".....", "..r..", ".OW.O", "..X..", "....."], B);
    for (target, why) in [
        ("C4", "a samurai is no soldier"),
        ("E3", "not adjacent"),
        ("C2", "own stone"),
        ("D3", "empty"),
    ] {
        let err = refused(&mut g, B, &format!("C3-{target}"));
        assert!(err.contains("swaps with an enemy soldier beside it"), "{why}: {err}");
    }
    play(&mut g, B, "C3-B3").unwrap();
}

#[test]
fn a_swap_resolves_captures_as_for_a_drop_on_both_points() {
    // The switcher on C3 swaps with D3: White's soldier landing on C3 has
    // no liberty, and White's E3, cut from D3, has none either.
    let mut g = special(&[".....", "..X.X", ".XWOO", "..X.X", "....."], B);
    play(&mut g, B, "C3-D3").unwrap();
    assert_eq!((at(&g, "C3"), at(&g, "D3"), at(&g, "E3")), ('.', 'X', '.'));
    assert_eq!(g.captures(), [2, 0]);
}

// --- Inner strength ---

/// A white group along the bottom whose liberties are B1 and D1; a black
/// stone on A1 with B1 as its only liberty.
fn white_two_eyes() -> WarGo {
    special(&["......", "......", "XXXXXX", "OOOOOX", "OOOOOX", "X.O.OX"], B)
}

#[test]
fn an_inner_strength_drop_into_an_eye_and_its_capture_later() {
    let mut g = white_two_eyes();
    // A soldier there would be suicide.
    assert!(refused(&mut g, B, "B1").contains("suicide"));
    play(&mut g, B, "innerstrength@B1").unwrap();
    assert_eq!(
        (at(&g, "A1"), at(&g, "B1")),
        ('X', 'X'),
        "its group stays without liberties"
    );
    assert_eq!(g.captures(), [0, 0], "it captured nothing");
    // It stays while no White move touches it.
    play(&mut g, W, "A6").unwrap();
    assert_eq!(at(&g, "B1"), 'X');
    // Black's next move in the other eye captures White's whole group.
    let mut threat = g.clone();
    play(&mut threat, B, "D1").unwrap();
    assert_eq!(threat.captures(), [12, 0]);
    // White touches it instead: a replacer on A1, and B1 is captured as usual.
    play(&mut g, B, "A5").unwrap();
    play(&mut g, W, "replacer@A1").unwrap();
    assert_eq!((at(&g, "A1"), at(&g, "B1")), ('O', '.'));
    assert_eq!(g.captures(), [0, 2], "A1 replaced, B1 captured");
}

#[test]
fn two_eyes_no_longer_suffice_while_an_inner_strength_is_in_hand() {
    let rows = ["......", "......", "XXXXXX", "OOOOOX", "O.O.OX", "OOOOOX"];
    let mut g = special(&rows, B);
    play(&mut g, B, "innerstrength@B2").unwrap();
    play(&mut g, W, "pass").unwrap();
    play(&mut g, B, "D2").unwrap();
    assert_eq!(at(&g, "A1"), '.', "the two-eyed group is captured");
}

// --- Connector ---

#[test]
fn a_connector_links_across_an_enemy_stone() {
    // Black's D3 would be captured by White's E3, but the connector on B3
    // links it across White's C3, and the group breathes through B3.
    for (connector, survives) in [('L', true), ('X', false)] {
        let row3 = format!(".{connector}OX.");
        let mut g = special(&[".....", "...O.", &row3, "...O.", "....."], W);
        play(&mut g, W, "E3").unwrap();
        assert_eq!(at(&g, "D3") == 'X', survives, "{connector}");
    }
}

#[test]
fn a_connector_joins_groups_and_shares_their_liberties() {
    // The connector on C3 and the soldier on C5 two points above are one
    // group: White takes C5's liberties and then the connector's to capture both.
    let mut g = special(&[".OXO.", "..O..", "..L..", ".....", "....."], W);
    play(&mut g, W, "B3").unwrap();
    play(&mut g, B, "pass").unwrap();
    play(&mut g, W, "D3").unwrap();
    play(&mut g, B, "pass").unwrap();
    assert_eq!(at(&g, "C5"), 'X', "still one liberty, C2");
    play(&mut g, W, "C2").unwrap();
    assert_eq!((at(&g, "C5"), at(&g, "C3")), ('.', '.'), "captured together");
    assert_eq!(g.captures(), [0, 2]);
}

#[test]
fn a_connector_reaches_only_two_points_in_a_straight_line() {
    // Diagonal does not link: Black's B4 is captured alone.
    let mut g = special(&[".O...", "OXO..", "..L..", ".....", "....."], W);
    play(&mut g, W, "B3").unwrap();
    assert_eq!(at(&g, "B4"), '.');
    // A stone dropped two points from a connector links to it; three
    // points away it does not.
    for (row, linked) in [(3, true), (4, false)] {
        let mut rows = ["..O..", ".O.O.", ".....", ".....", "....."];
        rows[row] = "..L..";
        let mut g = special(&rows, B);
        play(&mut g, B, "C4").unwrap();
        play(&mut g, W, "C3").unwrap();
        assert_eq!(at(&g, "C4") == 'X', linked, "connector on row {}", 5 - row);
    }
}

// --- Repeller ---

#[test]
fn a_repelled_drop() {
    let mut g = special(&[".....", ".....", "..V..", ".....", "E...."], W);
    for mv in ["C4", "wall@B3", "spy@D3", "replacer@C3", "bomb:immediate@C2"] {
        let err = refused(&mut g, W, mv);
        assert!(
            err.contains("repeller stands beside") || err.contains("enemy soldier"),
            "{mv}: {err}"
        );
    }
    assert!(refused(&mut g, W, "C4").contains("black's repeller stands beside C4"));
    play(&mut g, W, "D4").unwrap();
    // Black itself may play beside its repeller.
    play(&mut g, B, "C4").unwrap();
}

#[test]
fn nothing_may_be_moved_beside_an_enemy_repeller() {
    // The mercenary on B1 may step to A1 but not to B2, beside the repeller.
    let mut g = special(&[".....", ".....", ".....", "..V..", ".E..."], W);
    assert!(refused(&mut g, W, "B1-B2").contains("repeller"));
    play(&mut g, W, "B1-A1").unwrap();
    // Its owner's side may.
    let mut g = special(&[".....", ".....", ".....", "..V..", ".E..."], B);
    play(&mut g, B, "B1-B2").unwrap();
}

#[test]
fn a_repeller_is_a_stone_of_its_owner_and_can_be_captured() {
    // Its own liberties are out of White's reach...
    let mut g = special(&[".....", ".....", ".....", "O....", "V...."], W);
    assert!(refused(&mut g, W, "B1").contains("repeller"));
    // ...but its group's other liberties are not: White's C1 captures it.
    let mut g = special(&["..O..", ".OXO.", "OXVXO", ".OXO.", "....."], W);
    play(&mut g, W, "C1").unwrap();
    assert_eq!(at(&g, "C3"), '.');
    assert_eq!(g.captures(), [0, 5]);
}

// --- King's Son ---

#[test]
fn kings_son_costs_five_points_when_captured() {
    // The same capture of a King's Son and of a plain soldier: the scores
    // differ by Black's 5 points.
    let score_after_capture = |son: &str| {
        let row = format!(".O{son}O.");
        let mut g = special(&["..O..", &row, ".....", ".....", "....."], W);
        play(&mut g, W, "C3").unwrap();
        assert_eq!(at(&g, "C4"), '.');
        g
    };
    let son = score_after_capture("J");
    let soldier = score_after_capture("X");
    assert_eq!(
        son.score_now(),
        Outcome::Score(son.state().board.area_score() as f32 - 5.0 - 7.5)
    );
    assert_eq!(son.state().score(), soldier.state().score() - 5.0);
    assert!(son
        .status_lines()
        .iter()
        .any(|l| l.contains("kings sons lost: black 1 white 0")));
    assert_ne!(son.hash(), soldier.hash(), "the penalty is part of the position");
}

#[test]
fn a_kings_son_is_otherwise_a_regular_soldier() {
    let mut g = special(&["....."; 5], B);
    play(&mut g, B, "kingsson@C3").unwrap();
    assert_eq!(at(&g, "C3"), 'J');
    // A spy turns it: it is White's son now.
    play(&mut g, W, "spy@C4").unwrap();
    assert_eq!(at(&g, "C3"), 'j');
}

#[test]
fn a_replaced_kings_son_costs_its_owner_too() {
    let mut g = special(&["....."; 5], B);
    play(&mut g, B, "kingsson@C3").unwrap();
    play(&mut g, W, "replacer@C3").unwrap();
    assert_eq!(g.state().sons_lost, [1, 0]);
}

// --- Positional superko covers every piece ---

#[test]
fn a_kings_son_retakes_a_ko_that_a_soldier_may_not() {
    // The classic ko: White took on C3; Black's soldier may not retake at
    // once, since the board would repeat. A King's Son is another piece:
    // the board it makes is new.
    let mut g = special(&[".....", ".OX..", "OX.X.", ".OX..", "....."], W);
    play(&mut g, W, "C3").unwrap();
    assert_eq!(at(&g, "B3"), '.');
    assert!(refused(&mut g, B, "B3").contains("superko"));
    play(&mut g, B, "kingsson@B3").unwrap();
    assert_eq!(at(&g, "C3"), '.');
}

#[test]
fn superko_covers_the_special_stones() {
    // Every stone is its own piece on the board: a board with one in
    // place of a soldier is another board.
    let soldier = special(&["..o", "...", "..."], B).state().board.hash();
    for stone in ['d', 'u', 'w', 'l', 'v', 'j'] {
        let row = format!("..{stone}");
        let g = special(&[&row, "...", "..."], B);
        assert_ne!(g.state().board.hash(), soldier, "{stone}");
    }
}

// --- Through GTP: refusals with the rule's reason, nothing changed ---

fn gtp(engine: &mut Engine, line: &str) -> String {
    common::gtp(engine, line)
}

#[test]
fn bad_special_drops_are_refused_with_the_rules_reason() {
    let mut e = common::engine(Variant::SpecialStones, 9);
    let board = |e: &mut Engine| common::ok(e, "variago-board");
    common::ok(&mut e, "variago-play b repeller@E5");
    common::ok(&mut e, "variago-play w D4");
    common::ok(&mut e, "variago-play b switcher@A1");
    let before = board(&mut e);
    for (line, reason) in [
        ("variago-play w E4", "black's repeller stands beside E4"),
        (
            "variago-play w replacer@C3",
            "a replacer is dropped onto an enemy soldier",
        ),
        (
            "variago-play w replacer@D4",
            "a replacer is dropped onto an enemy soldier",
        ),
        ("variago-play w twoeye:friendly@E6", "black's repeller stands beside E6"),
        (
            "variago-play b A1-D4",
            "a switcher swaps with an enemy soldier beside it",
        ),
        ("variago-play b E5-D4", "a repeller never moves"),
    ] {
        let response = gtp(&mut e, line);
        assert_eq!(response, format!("? illegal move: {reason}\n\n"), "{line}");
        assert_eq!(board(&mut e), before, "{line} changed the game");
    }
    let response = gtp(&mut e, "variago-play w twoeye@A9");
    assert!(
        response.starts_with("? syntax error: a two-eye stone needs a flavour"),
        "{response}"
    );
    for line in [
        "variago-play w G7",
        "variago-play b C3",
        "variago-play w replacer@C3",
        "variago-play b G3",
    ] {
        common::ok(&mut e, line);
    }
    let before = board(&mut e);
    assert_eq!(
        gtp(&mut e, "variago-play w replacer@G3"),
        "? illegal move: no replacer left in white's hand\n\n"
    );
    assert_eq!(board(&mut e), before);
}

#[test]
fn a_second_extra_move_drop_is_refused_through_gtp() {
    let mut setup = Setup::new(Variant::WarGo);
    setup.size = 9;
    setup
        .apply_option("preset", "test;sizes=9-9;size=9;hand=extramove:2")
        .unwrap();
    let mut e = Engine::new(setup, common::settings(50, 1));
    common::ok(&mut e, "variago-play b extramove@E5");
    assert_eq!(common::ok(&mut e, "gogui-rules_side_to_move"), "black");
    let before = common::ok(&mut e, "variago-board");
    assert_eq!(
        gtp(&mut e, "variago-play b extramove@C3"),
        "? illegal move: the move after an extra move may not be another extra-move drop\n\n"
    );
    assert_eq!(common::ok(&mut e, "variago-board"), before);
    // The second move is its own genmove for the same side.
    let second = common::ok(&mut e, "variago-genmove b");
    assert!(!second.starts_with("extramove"), "{second}");
    assert_eq!(common::ok(&mut e, "gogui-rules_side_to_move"), "white");
}

// --- Random GTP lines in the preset ---

/// Random lines of the commands that move, undo and read the game, with
/// every special stone on random points (some off the board, some on
/// enemy stones) and random steps and swaps: every line gets one
/// well-formed answer, a refusal changes nothing, the game stays
/// consistent, and an accepted move is one the engine lists as legal.
#[test]
fn random_gtp_lines_in_the_preset() {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};
    let mut rng = SmallRng::seed_from_u64(17);
    let mut e = Engine::new(
        common::setup(Variant::SpecialStones, 9, variago::variants::Start::Empty),
        common::settings(8, 1),
    );
    let mut names: Vec<&str> = variago::Piece::ALL.iter().map(|p| p.name()).collect();
    names.extend(["twoeye", "bomb:delayed", "dragon"]);
    let vertex = |rng: &mut SmallRng| {
        let letters = "ABCDEFGHJKLMNO";
        let x = rng.random_range(0..10);
        format!("{}{}", &letters[x..x + 1], rng.random_range(0..11))
    };
    let (mut checked, mut refused) = (0, 0);
    for _ in 0..1500 {
        let color = if rng.random_bool(0.5) { "b" } else { "w" };
        let line = match rng.random_range(0..20) {
            0..=8 => {
                let piece = names[rng.random_range(0..names.len())];
                format!("variago-play {color} {piece}@{}", vertex(&mut rng))
            }
            9..=11 => format!("variago-play {color} {}-{}", vertex(&mut rng), vertex(&mut rng)),
            12..=14 => format!("play {color} {}", vertex(&mut rng)),
            15 => format!("variago-genmove {color}"),
            16 => "undo".to_string(),
            17 => "variago-play b pass".to_string(),
            18 => "gogui-rules_legal_moves".to_string(),
            _ => "showboard".to_string(),
        };
        let legal = common::ok(&mut e, "variago-legal_moves");
        let before = common::state(&mut e);
        let response = gtp(&mut e, &line);
        if response.starts_with('?') {
            refused += 1;
            assert_eq!(common::state(&mut e), before, "{line} was refused but changed the game");
        } else if line.starts_with("variago-play") && color_is_to_move(&before, color) && !legal.is_empty() {
            // Once the game is over (nothing listed), a move is taken as
            // play going on; before, it must be a listed one.
            checked += 1;
            let mv = line.rsplit(' ').next().unwrap();
            // `stone@D4` is another spelling of `D4`.
            let mv = match Move::parse(mv, 9).unwrap() {
                Move::Drop(variago::Piece::Stone, v) => Move::Place(v),
                mv => mv,
            };
            let mv = mv.to_string();
            assert!(
                legal.split(' ').any(|m| m == mv),
                "{line} played but was not listed in {legal}"
            );
        }
        assert_eq!(e.game.check_consistency(), Ok(()), "after {line}");
    }
    assert!(checked >= 20 && refused > 300, "{checked} checked, {refused} refused");
}

/// Whether `color` (`b` or `w`) was to move in the state `common::state` read.
fn color_is_to_move(state: &str, color: &str) -> bool {
    let side = if color == "b" { "black" } else { "white" };
    state.contains(&format!("to_move {side}\n"))
}

// --- SGF round trip ---

/// A game with every special stone played, an extra move's two moves,
/// a swap, a replacement and a King's Son lost: `printsgf` then `loadsgf`
/// gives back the same board, side to move, record and position hash.
#[test]
fn a_game_with_every_special_stone_round_trips_through_sgf() {
    let mut e = common::engine(Variant::SpecialStones, 9);
    for line in [
        "variago-play b switcher@E5",
        "variago-play w E6",
        "variago-play b kingsson@C3",
        "variago-play w extramove@C4",
        "variago-play w B3",
        "variago-play b E5-E6",
        "variago-play w D3",
        "variago-play b pass",
        "variago-play w C2",
        "variago-play b twoeye:friendly@G7",
        "variago-play w twoeye:any@A9",
        "variago-play b connector@G5",
        "variago-play w repeller@J1",
        "variago-play b replacer@C2",
        "variago-play w innerstrength@H1",
    ] {
        common::ok(&mut e, line);
    }
    let board = common::ok(&mut e, "variago-board");
    assert!(board.contains("kings sons lost: black 1 white 0"), "{board}");
    let record = common::ok(&mut e, "printsgf");
    let path = std::env::temp_dir().join(format!("variago-special-{}.sgf", std::process::id()));
    common::ok(&mut e, &format!("printsgf {}", path.display()));
    let mut fresh = common::engine(Variant::Go, 9);
    let to_move = common::ok(&mut fresh, &format!("loadsgf {}", path.display()));
    std::fs::remove_file(&path).ok();
    assert_eq!(to_move, e.game.to_move().name());
    assert_eq!(common::ok(&mut fresh, "variago-board"), board);
    assert_eq!(common::ok(&mut fresh, "printsgf"), record);
    assert_eq!(fresh.game.hash(), e.game.hash());
    // And in the middle of an extra move's turn.
    common::ok(&mut e, "variago-play b extramove@J9");
    let path = std::env::temp_dir().join(format!("variago-special-extra-{}.sgf", std::process::id()));
    common::ok(&mut e, &format!("printsgf {}", path.display()));
    let to_move = common::ok(&mut fresh, &format!("loadsgf {}", path.display()));
    std::fs::remove_file(&path).ok();
    assert_eq!(to_move, "black", "black moves again");
    assert_eq!(fresh.game.hash(), e.game.hash());
}

// --- GoGui's analysis: the best line under each move's real mover ---

/// A capturing race in the corner that only the extra move wins: White's
/// group A4-D1 has two liberties (E2, E1), Black's A3-C1 one (B1). A plain
/// move on E2 or E1 lets White take B1; an extra move takes both. On a
/// board of `size` (here 7x7), with one extra move in each hand, Black to
/// play, searched with 5,000 playouts and `seed`.
///
/// ```text
///  . . . . . . O
///  . . . . . . O
///  X X X X X . O
///  O O O O X . .
///  X X X O X . .
///  O O X O . . .
///  . . X O . . .
/// ```
fn race(size: usize, seed: u64) -> Engine {
    let mut setup = Setup::new(Variant::WarGo);
    setup
        .apply_option(
            "preset",
            &format!("test;sizes={size}-{size};size={size};hand=extramove:1"),
        )
        .unwrap();
    // A preset set on its own leaves the size as it was (the record's
    // `SZ` sets it); here the test does.
    setup.size = size;
    let mut e = Engine::new(setup, common::settings(5000, seed));
    let black = "A5 B5 C5 D5 E5 E4 E3 A3 B3 C3 C2 C1".split(' ');
    let white = "A4 B4 C4 D4 D3 D2 D1 A2 B2 G7 G6 G5".split(' ');
    for (b, w) in black.zip(white) {
        common::ok(&mut e, &format!("play b {b}"));
        common::ok(&mut e, &format!("play w {w}"));
    }
    e
}

#[test]
fn the_best_line_shows_black_moving_twice_after_an_extra_move() {
    let mut e = race(7, 1);
    let gfx = common::ok(&mut e, "variago-gfx_search b");
    let best = gfx.lines().find_map(|l| l.strip_prefix("TEXT ")).unwrap();
    let point = best
        .split(' ')
        .next()
        .and_then(|mv| mv.strip_prefix("extramove@"))
        .unwrap_or_else(|| panic!("the extra move should win the race: {gfx}"));
    let var = gfx.lines().find_map(|l| l.strip_prefix("VAR ")).unwrap();
    let line: Vec<&str> = var.split(' ').collect();
    assert_eq!(line[..3], ["b", point, "b"], "{var}");
    assert_eq!(line.get(4), Some(&"w"), "then White: {var}");
    let pv = common::ok(&mut e, "variago-pv b");
    assert!(pv.starts_with(&format!("b {point} b ")), "{pv}");
}

/// The same race on a 13x13 board, where the War Go family
/// searches with Go's weighing (no exploration term): the extra move is
/// found because it starts with a capture's prior, its second move taking
/// the last liberty of White's two.
#[test]
fn the_extra_move_that_wins_the_race_is_found_on_a_big_board() {
    for seed in 1..=3 {
        let mv = common::ok(&mut race(13, seed), "variago-genmove b");
        assert!(
            ["extramove@E1", "extramove@E2"].contains(&mv.as_str()),
            "seed {seed}: {mv}"
        );
    }
}
