//! Group Go, Omino Go and DominGo: one test per rule sentence of the seed
//! and the rulings, on positions drawn as diagrams (rows from the top).

mod common;

use common::{engine, fail, ok};
use variago::variants::groupgo::GroupGo;
use variago::{Color, Move, Outcome, Position, Setup, Variant, Vertex, View};

const B: Color = Color::Black;
const W: Color = Color::White;

fn position(variant: Variant, rows: &[&str], to_move: Color) -> GroupGo {
    GroupGo::from_diagram(&Setup::new(variant), rows, to_move).unwrap()
}

fn start(variant: Variant, size: usize) -> GroupGo {
    GroupGo::new(&Setup {
        size,
        ..Setup::new(variant)
    })
}

fn play(game: &mut GroupGo, color: Color, text: &str) -> Result<(), String> {
    let mv = Move::parse(text, game.size()).map_err(|e| e.to_string())?;
    game.play(color, mv).map_err(|e| e.to_string())
}

/// Plays `text`, expecting a refusal that leaves the game as it was.
fn refused(game: &mut GroupGo, color: Color, text: &str) -> String {
    let before = (game.hash(), game.status_lines(), game.moves_played());
    let err = play(game, color, text).expect_err(text);
    assert_eq!(
        before,
        (game.hash(), game.status_lines(), game.moves_played()),
        "{text}"
    );
    err
}

/// The showboard symbol on a vertex, `.` when empty.
fn at(game: &GroupGo, v: &str) -> char {
    game.occupant(Vertex::parse(v).unwrap()).map_or('.', |o| o.symbol())
}

fn legal(game: &GroupGo) -> Vec<String> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves.iter().map(Move::to_string).collect()
}

fn hand_count(game: &GroupGo, color: Color, name: &str) -> u32 {
    let hand = game.hand(color).expect("a hand");
    hand.iter().find(|(p, _)| p.name() == name).map_or(0, |&(_, n)| n)
}

const EMPTY5: [&str; 5] = ["....."; 5];

// --- A drop places a polyomino: stones of the mover's colour on empty
// points that form the piece's shape, in any rotation. ---

#[test]
fn a_drop_puts_the_movers_stones_on_its_points() {
    let mut g = position(Variant::OminoGo, &EMPTY5, B);
    play(&mut g, B, "B2+C2+D2+C3").unwrap();
    for v in ["B2", "C2", "D2", "C3"] {
        assert_eq!(at(&g, v), 'X', "{v}");
    }
    assert_eq!(g.to_move(), W, "a drop is one turn");
}

#[test]
fn every_rotation_of_a_piece_is_the_piece() {
    // The four turns of the T, written in any order of their points.
    for t in ["B2+C2+D2+C3", "C2+C3+C4+B3", "C3+B4+C4+D4", "C4+C3+C2+D3"] {
        let mut g = position(Variant::OminoGo, &EMPTY5, B);
        play(&mut g, B, t).unwrap_or_else(|e| panic!("{t}: {e}"));
    }
}

#[test]
fn points_that_make_no_piece_are_refused() {
    let mut g = position(Variant::OminoGo, &EMPTY5, B);
    for (bad, reason) in [
        ("A1+C1+D1+E1", "not connected"),
        ("A1+B2+C3+D4", "not connected"),
        ("A1+A2+A3+A4+A5", "2 to 4 points"),
        ("A1+A1+A2+A3", "given twice"),
    ] {
        let err = refused(&mut g, B, bad);
        assert!(err.contains(reason), "{bad}: {err}");
    }
}

#[test]
fn the_points_must_be_empty_and_on_the_board() {
    let mut g = position(Variant::DominGo, &["X....", ".....", ".....", ".....", "....."], W);
    assert!(refused(&mut g, W, "A5+B5").contains("A5 is occupied"));
    assert!(refused(&mut g, W, "E5+F5").contains("off the 5x5 board"));
}

// --- Mirror images are separate pieces (I, O, T, S, Z, L, J); there are
// two squadrons, I3 and L3. ---

#[test]
fn mirror_images_are_separate_pieces() {
    let mut g = start(Variant::GroupGo, 9);
    assert_eq!(hand_count(&g, B, "l4"), 1);
    assert_eq!(hand_count(&g, B, "j4"), 1);
    // The L: a foot to the right.
    play(&mut g, B, "A1+B1+A2+A3").unwrap();
    assert_eq!((hand_count(&g, B, "l4"), hand_count(&g, B, "j4")), (0, 1));
    play(&mut g, W, "pass").unwrap();
    // The L turned half round is an L, and none is left; its mirror
    // image, the J, is still in the hand.
    assert!(refused(&mut g, B, "G3+H3+H2+H1").contains("no l4 left"));
    play(&mut g, B, "G1+H1+H2+H3").unwrap();
    assert_eq!(hand_count(&g, B, "j4"), 0);
}

#[test]
fn the_squadrons_are_the_straight_and_the_bent_tromino() {
    let g = start(Variant::GroupGo, 9);
    let pieces: Vec<String> = g.hand(B).unwrap().iter().map(|(p, _)| p.name().to_string()).collect();
    assert_eq!(pieces, ["i3", "l3", "i4", "o4", "t4", "s4", "z4", "l4", "j4"]);
}

// --- After a drop, opponent groups without liberties are captured; then
// the drop is illegal if any group of the mover has no liberty. ---

#[test]
fn a_drop_captures_the_groups_it_leaves_without_liberties() {
    let mut g = position(Variant::DominGo, &[".XX..", "XOOX.", ".....", ".....", "....."], B);
    play(&mut g, B, "B3+C3").unwrap();
    assert_eq!((at(&g, "B4"), at(&g, "C4")), ('.', '.'));
    assert_eq!(g.captures(), [2, 0]);
}

#[test]
fn captures_come_before_the_liberty_check() {
    // The domino at A1+B1 has no liberty of its own, but it takes the
    // white A2 and B2, whose last liberties it fills.
    let mut g = position(Variant::DominGo, &[".....", ".....", "XX...", "OOX..", "..O.."], B);
    play(&mut g, B, "A1+B1").unwrap();
    assert_eq!((at(&g, "A2"), at(&g, "B2")), ('.', '.'));
    assert_eq!(g.captures(), [2, 0]);
}

#[test]
fn suicide_by_drop_is_refused() {
    let mut g = position(Variant::DominGo, &[".OO..", "O..O.", ".OO..", ".....", "....."], B);
    assert!(refused(&mut g, B, "B4+C4").contains("suicide"));
    assert!(!legal(&g).contains(&"B4+C4".to_string()));
    // The same drop by White fills its own eye: legal.
    let mut g = position(Variant::DominGo, &[".OO..", "O..O.", ".OO..", ".....", "....."], W);
    play(&mut g, W, "B4+C4").unwrap();
}

#[test]
fn a_drop_never_captures_the_movers_own_stones() {
    // Black's A2 has its last liberty at A1. The drop A1+B1 would leave
    // it and the drop without liberties, capturing nothing: it is refused
    // whole, never played as a capture of Black's own stones.
    let mut g = position(Variant::DominGo, &[".....", ".....", "O....", "XO...", "..O.."], B);
    assert!(refused(&mut g, B, "A1+B1").contains("suicide"));
    assert_eq!(at(&g, "A2"), 'X');
    // Where the drop has a liberty, the stone it joins lives on.
    let mut g = position(Variant::DominGo, &[".....", ".....", "O....", "X....", "..O.."], B);
    play(&mut g, B, "A1+B1").unwrap();
    assert_eq!((at(&g, "A2"), g.captures()), ('X', [0, 0]));
}

// --- Positional superko, area scoring and the end by two passes are Go's. ---

#[test]
fn positional_superko_refuses_a_drop_that_repeats_the_board() {
    // White's domino D3+E3 takes Black's B3+C3; Black's domino back on
    // B3+C3 would take it and bring the first board back.
    let rows = ["......", "......", ".OOXX.", "OXX..X", ".OOXX.", "......"];
    let mut g = position(Variant::DominGo, &rows, W);
    play(&mut g, W, "D3+E3").unwrap();
    assert_eq!(g.captures(), [0, 2]);
    assert!(refused(&mut g, B, "B3+C3").contains("superko"));
    assert!(!legal(&g).contains(&"B3+C3".to_string()));
}

#[test]
fn area_scoring_with_komi() {
    // Komi: Group Go's is Go's; DominGo's and Omino Go's are measured.
    let g = position(Variant::GroupGo, &["..X", ".XX", "XXX"], B);
    assert_eq!(g.score_now(), Outcome::Score(9.0 - 7.5));
    let g = position(Variant::DominGo, &["..X", ".XX", "XXX"], B);
    assert_eq!(g.score_now(), Outcome::Score(9.0 - 2.5));
    let g = position(Variant::OminoGo, &["OO.", "OOO", "..."], B);
    assert_eq!(
        g.score_now(),
        Outcome::Score(-9.0 - 0.5),
        "the empty points touch only white"
    );
}

#[test]
fn two_passes_end_the_game() {
    let mut g = start(Variant::DominGo, 5);
    play(&mut g, B, "pass").unwrap();
    assert!(g.outcome().is_none());
    play(&mut g, W, "A1+A2").unwrap();
    play(&mut g, B, "pass").unwrap();
    assert!(g.outcome().is_none(), "the passes must be in a row");
    play(&mut g, W, "pass").unwrap();
    assert!(g.outcome().is_some());
    assert!(legal(&g).is_empty());
    assert!(refused(&mut g, B, "C3+C4").contains("over"));
}

// --- Group Go: Go with a hand. Each turn is a plain stone, a drop of a
// piece from the mover's hand, or a pass. The default gives each side one
// of each squadron and platoon. ---

#[test]
fn group_go_plays_stones_pieces_from_the_hand_and_passes() {
    let mut g = start(Variant::GroupGo, 9);
    play(&mut g, B, "E5").unwrap();
    play(&mut g, W, "C3+C4+C5").unwrap();
    play(&mut g, B, "pass").unwrap();
    play(&mut g, W, "G7").unwrap();
    assert_eq!(at(&g, "E5"), 'X');
    assert_eq!(at(&g, "C4"), 'O');
    // A domino is no piece of the default set.
    assert!(refused(&mut g, B, "A1+A2").contains("no domino"));
}

#[test]
fn group_go_hands_start_with_one_of_each_piece() {
    let g = variago::Game::new(&Setup::new(Variant::GroupGo));
    assert_eq!(g.size(), 19);
    for color in [B, W] {
        let hand = g.hand(color).unwrap();
        assert_eq!(hand.len(), 9);
        assert!(hand.iter().all(|&(_, n)| n == 1));
    }
}

#[test]
fn a_hand_running_out() {
    let mut g = start(Variant::GroupGo, 9);
    play(&mut g, B, "A1+A2+A3").unwrap();
    assert_eq!(hand_count(&g, B, "i3"), 0);
    assert_eq!(hand_count(&g, W, "i3"), 1, "each side has its own hand");
    play(&mut g, W, "pass").unwrap();
    let err = refused(&mut g, B, "E5+E6+E7");
    assert!(err.contains("no i3 left"), "{err}");
    let straight_squadrons = legal(&g)
        .into_iter()
        .filter(|m| m.matches('+').count() == 2 && is_straight(m));
    assert_eq!(straight_squadrons.count(), 0);
    // The bent squadron is still there.
    play(&mut g, B, "E5+E6+F5").unwrap();
}

fn is_straight(text: &str) -> bool {
    let points: Vec<Vertex> = text.split('+').map(|p| Vertex::parse(p).unwrap()).collect();
    points.iter().all(|p| p.x == points[0].x) || points.iter().all(|p| p.y == points[0].y)
}

#[test]
fn undo_gives_the_piece_back() {
    let mut g = start(Variant::GroupGo, 9);
    let before = g.hash();
    play(&mut g, B, "D4+D5+D6+E5").unwrap();
    assert_eq!(hand_count(&g, B, "t4"), 0);
    assert!(g.undo());
    assert_eq!(hand_count(&g, B, "t4"), 1);
    assert_eq!(g.hash(), before);
    assert_eq!(at(&g, "D5"), '.');
}

#[test]
fn the_set_is_data() {
    let setup = variago::variants::groupgo::spec::setup_from_file(
        Variant::GroupGo,
        "[small]\nsize = 9\nsizes = 5-13\nhand = domino:2 o4:1\n",
    )
    .unwrap();
    let mut g = GroupGo::new(&setup);
    assert_eq!(g.size(), 9);
    assert_eq!(hand_count(&g, B, "domino"), 2);
    play(&mut g, B, "A1+A2").unwrap();
    assert_eq!(hand_count(&g, B, "domino"), 1);
    assert!(refused(&mut g, W, "C3+C4+C5").contains("no i3"));
}

// --- Omino Go: every turn drops one tetromino of any of the 7 shapes
// (unlimited supply), or passes. The game's first move (Black's) is two
// orthogonally adjacent stones, or a pass. Default 19x19. ---

#[test]
fn omino_go_starts_with_a_domino() {
    let mut g = start(Variant::OminoGo, 9);
    assert!(refused(&mut g, B, "D4+D5+D6+E5").contains("first move"));
    assert!(refused(&mut g, B, "E5").contains("no single stones"));
    let first = legal(&g);
    assert_eq!(first.len(), 2 * 9 * 8 + 1, "every domino and the pass");
    play(&mut g, B, "E5+F5").unwrap();
    // Then tetrominoes only, of each of the 7 shapes, again and again.
    assert!(refused(&mut g, W, "A1+A2").contains("no domino"));
    assert!(refused(&mut g, W, "A1+A2+A3").contains("no i3"));
    for (color, t) in [
        (W, "A1+A2+A3+A4"),
        (B, "C1+D1+C2+D2"),
        (W, "F1+G1+H1+G2"),
        (B, "A7+B7+B8+C8"),
        (W, "E8+F8+D9+E9"),
        (B, "G5+G6+G7+H5"),
        (W, "H2+J2+J3+J4"),
        // The supply is unlimited: a second T.
        (B, "C4+D4+E4+D3"),
    ] {
        play(&mut g, color, t).unwrap_or_else(|e| panic!("{t}: {e}"));
    }
    assert_eq!(variago::Game::new(&Setup::new(Variant::OminoGo)).size(), 19);
}

#[test]
fn omino_go_first_move_may_be_a_pass() {
    let mut g = start(Variant::OminoGo, 9);
    play(&mut g, B, "pass").unwrap();
    assert!(
        refused(&mut g, W, "A1+A2").contains("no domino"),
        "only Black's first turn is a domino"
    );
    play(&mut g, W, "A1+A2+A3+A4").unwrap();
}

// --- DominGo: every turn drops a domino, or passes. A single empty point
// can never be filled, so a one-point eye lives. Default 13x13. ---

#[test]
fn domingo_drops_dominoes_only() {
    let mut g = start(Variant::DominGo, 9);
    assert!(refused(&mut g, B, "E5").contains("no single stones"));
    assert!(refused(&mut g, B, "E5+E6+E7").contains("no i3"));
    play(&mut g, B, "E5+E6").unwrap();
    play(&mut g, W, "F5+G5").unwrap();
    assert_eq!(variago::Game::new(&Setup::new(Variant::DominGo)).size(), 13);
}

#[test]
fn a_one_point_eye_lives_in_domingo() {
    // White's group has one liberty, its eye at A5, where no domino fits.
    let rows = [".OX..", "OOX..", "XX...", ".....", "....."];
    let g = position(Variant::DominGo, &rows, B);
    assert!(!legal(&g).iter().any(|m| m.split('+').any(|p| p == "A5")));
    let mut g = g;
    assert!(refused(&mut g, B, "A5").contains("no single stones"));
    // In Group Go a single stone there captures the group.
    let mut go = position(Variant::GroupGo, &rows, B);
    play(&mut go, B, "A5").unwrap();
    assert_eq!(go.captures(), [3, 0]);
}

// --- Bad input: a drop that is not a piece of the variant, not in the
// hand, off the board, overlapping a stone, or suicide gets `? illegal
// move` with the reason; nothing changes. ---

#[test]
fn bad_drops_are_illegal_moves_with_the_reason() {
    let mut e = engine(Variant::GroupGo, 9);
    ok(&mut e, "variago-play b A1+A2+A3");
    ok(&mut e, "variago-play w pass");
    for (drop, reason) in [
        ("A1+C1+D1", "illegal move"),
        ("E5+E6", "no domino"),
        ("E5+E6+E7", "no i3 left"),
        ("J8+J9+J10", "illegal move"),
        ("A3+B3+C3+D3", "occupied"),
    ] {
        let err = fail(&mut e, &format!("variago-play b {drop}"));
        assert!(err.starts_with("illegal move"), "{drop}: {err}");
        assert!(err.contains(reason), "{drop}: {err}");
    }
    // Suicide: White's domino into Black's corner.
    let mut e = engine(Variant::DominGo, 5);
    for (color, drop) in [("b", "A2+B2"), ("w", "E5+E4"), ("b", "C1+C2"), ("w", "E3+E2")] {
        ok(&mut e, &format!("variago-play {color} {drop}"));
    }
    assert_eq!(fail(&mut e, "variago-play w A1+B1"), "illegal move: suicide");
    assert!(fail(&mut e, "variago-play b E5+F5").contains("off the 5x5 board"));
}

#[test]
fn the_hands_show_on_the_board() {
    let mut e = engine(Variant::GroupGo, 9);
    ok(&mut e, "variago-play b D4+D5+D6+E5");
    let board = ok(&mut e, "showboard");
    assert!(
        board.contains("hand: black i3:1 l3:1 i4:1 o4:1 s4:1 z4:1 l4:1 j4:1"),
        "{board}"
    );
    assert!(
        board.contains("hand: white i3:1 l3:1 i4:1 o4:1 t4:1 s4:1 z4:1 l4:1 j4:1"),
        "{board}"
    );
    let mut e = engine(Variant::OminoGo, 9);
    let board = ok(&mut e, "showboard");
    assert!(board.contains("first move: domino"), "{board}");
    assert!(board.contains("pieces: i4 o4 t4 s4 z4 l4 j4, any number"), "{board}");
}

// --- In GoGui a drop is clicked cell by cell. ---

#[test]
fn drops_are_clicked_point_by_point() {
    // DominGo: the two points in either order.
    let mut e = engine(Variant::DominGo, 5);
    ok(&mut e, "play b C3");
    let next = ok(&mut e, "gogui-rules_legal_moves");
    let next: Vec<&str> = next.split_whitespace().collect();
    for v in ["C4", "C2", "B3", "D3"] {
        assert!(next.contains(&v), "{next:?}");
    }
    assert!(!next.contains(&"E5"), "{next:?}");
    ok(&mut e, "play b C4");
    assert_eq!(e.game.to_move(), W);
    // The 40 dominoes of 5x5 but the 7 over C3 or C4, and the pass.
    assert_eq!(ok(&mut e, "variago-legal_moves").split_whitespace().count(), 40 - 7 + 1);
    // Group Go: the piece in the hand (black's column right of the
    // board, from the bottom: i3 l3 i4 o4 t4 ...), then its points.
    let mut e = engine(Variant::GroupGo, 9);
    ok(&mut e, "play b K5");
    for v in ["D5", "E5", "D4"] {
        ok(&mut e, &format!("play b {v}"));
        assert_eq!(e.game.to_move(), B, "the drop is not complete yet");
    }
    ok(&mut e, "play b D6");
    assert_eq!(e.game.to_move(), W);
    assert!(ok(&mut e, "variago-hand b").contains("t4 0"));
    // A point alone is a stone.
    ok(&mut e, "play w E4");
    assert_eq!(e.game.to_move(), B);
}
