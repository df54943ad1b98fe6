//! Yugo: every rule of the seed text and of RULINGS, through the library
//! and through GTP. Diagrams are written top row first in `showboard`'s
//! symbols: `X`/`O` pawns, `K`/`k` kings, `.` empty.

use variago::gtp::engine::{Engine, SearchSettings};
use variago::gtp::execute_line;
use variago::search::SearchHints;
use variago::variants::yugo::Yugo;
use variago::{Color, Game, GameSetup, Move, Piece, Position, Setup, Variant, Vertex, View};

fn setup(size: usize) -> Setup {
    Setup {
        size,
        ..Setup::new(Variant::Yugo)
    }
}

fn diagram(text: &str, to_move: Color) -> Yugo {
    let size = text.lines().filter(|l| !l.trim().is_empty()).count();
    Yugo::from_diagram(&setup(size), text, to_move).expect("valid diagram")
}

fn v(text: &str) -> Vertex {
    Vertex::parse(text).unwrap()
}

/// The position back as a diagram, from `occupant`.
fn picture(game: &impl View) -> String {
    let size = game.size();
    (0..size)
        .rev()
        .map(|y| {
            (0..size)
                .map(|x| game.occupant(Vertex::new(x, y)).map_or('.', |o| o.symbol()))
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn engine_with(game: Yugo, playouts: u64) -> Engine {
    let mut settings = SearchSettings {
        playouts: Some(playouts),
        time: None,
        ..SearchSettings::default()
    };
    settings.config.resign_below = 0.0;
    let size = game.size();
    let mut engine = Engine::new(setup(size), settings);
    engine.game = Game::Yugo(game);
    engine
}

fn engine(size: usize) -> Engine {
    engine_with(Yugo::new(&setup(size)), 300)
}

fn gtp(e: &mut Engine, line: &str) -> String {
    execute_line(e, line).expect("a command")
}

/// Sends a command that must fail and checks that nothing changed.
fn refused(e: &mut Engine, line: &str, reason: &str) {
    let before = (
        gtp(e, "variago-board"),
        e.game.hash(),
        e.game.moves_played(),
        e.record.len(),
    );
    let answer = gtp(e, line);
    assert!(answer.starts_with('?'), "{line} should fail, got {answer}");
    assert!(answer.contains(reason), "{line}: expected '{reason}' in {answer}");
    let after = (
        gtp(e, "variago-board"),
        e.game.hash(),
        e.game.moves_played(),
        e.record.len(),
    );
    assert_eq!(before, after, "{line} changed the state");
}

fn ok(e: &mut Engine, line: &str) -> String {
    let answer = gtp(e, line);
    assert!(answer.starts_with('='), "{line} failed: {answer}");
    answer.trim_start_matches('=').trim().to_string()
}

// ---- The variant's defaults ----

#[test]
fn defaults_name_size_komi_and_game_id() {
    let yugo = Variant::parse("yugo").unwrap();
    assert_eq!(yugo.name(), "yugo");
    assert_eq!(yugo.game_id(), "Yugo");
    assert_eq!(yugo.default_size(), 9);
    assert_eq!(yugo.default_komi(), 7.0);
    assert!(yugo.accepts_size(2) && yugo.accepts_size(25));
    assert!(!yugo.accepts_size(1) && !yugo.accepts_size(26));
    let mut e = engine(9);
    ok(&mut e, "variago-set_variant yugo");
    assert_eq!(ok(&mut e, "variago-variant"), "yugo");
    refused(&mut e, "boardsize 26", "unacceptable size");
}

// ---- Placements ----

#[test]
fn a_placement_that_surrounds_nothing_is_a_pawn() {
    let mut g = Yugo::new(&setup(9));
    // The game begins with an empty board, the button free and Black to move.
    assert_eq!(g.to_move(), Color::Black);
    assert_eq!(g.button(), None);
    assert_eq!(g.board().empties().len(), 81);
    g.play(Color::Black, Move::Place(v("E5"))).unwrap();
    let occ = g.occupant(v("E5")).unwrap();
    assert_eq!(occ.piece, Piece::Pawn);
    assert_eq!(g.to_move(), Color::White);
}

/// Seed, first example: White may place neither a pawn nor a king on the
/// marked point (C1); Black places a king there and removes the pawns of
/// the newly surrounded white group.
#[test]
fn seed_example_king_removes_enemy_pawns() {
    let start = diagram(
        "....
         ....
         XXX.
         OO.X",
        Color::White,
    );
    let mut e = engine_with(start.clone(), 100);
    refused(
        &mut e,
        "play w C1",
        "illegal move: it would surround only friendly groups",
    );
    refused(&mut e, "variago-play w pawn@C1", "illegal move");
    refused(&mut e, "variago-play w king@C1", "illegal move");
    ok(&mut e, "play b C1");
    assert_eq!(picture(&e.game), "....\n....\nXXX.\n..KX");
    assert_eq!(e.game.captures(), [2, 0]);
    // The typed king is accepted and gives the same position.
    let mut typed = start.clone();
    typed.play(Color::Black, Move::Drop(Piece::King, v("C1"))).unwrap();
    assert_eq!(picture(&typed), picture(&e.game));
    assert_eq!(typed.hash(), e.game.hash());
    // A pawn may not increase the number of surrounded groups.
    let mut pawn = start;
    let err = pawn.play(Color::Black, Move::Drop(Piece::Pawn, v("C1"))).unwrap_err();
    assert!(err.0.contains("takes a king"), "{err}");
}

/// Seed, second example: White's king surrounds a black group and its own
/// group. The black group holds only a king, so nothing is removed from it;
/// the white group stays surrounded and loses its pawn.
#[test]
fn seed_example_king_surrounds_both_colours_and_loses_own_pawn() {
    let mut g = diagram(
        "....
         ....
         OXX.
         K.OX",
        Color::White,
    );
    g.play(Color::White, Move::Place(v("B1"))).unwrap();
    assert_eq!(picture(&g), "....\n....\nOXX.\nKk.X");
    // Black's king stays, surrounded; the white king has its liberty back.
    assert!(g.board().surrounded(g.board().point(v("A1"))));
    assert!(!g.board().surrounded(g.board().point(v("B1"))));
    // A removed pawn counts as captured by its owner's opponent.
    assert_eq!(g.captures(), [1, 0]);
}

#[test]
fn a_king_whose_surrounded_enemy_groups_hold_only_kings_removes_nothing() {
    let mut g = diagram(
        "...
         k..
         K..",
        Color::White,
    );
    g.play(Color::White, Move::Place(v("B1"))).unwrap();
    assert_eq!(picture(&g), "...\nk..\nKk.");
    assert_eq!(g.captures(), [0, 0]);
}

#[test]
fn a_placement_that_surrounds_only_friendly_groups_is_illegal() {
    let start = diagram(
        "XX
         .X",
        Color::Black,
    );
    let mut e = engine_with(start, 100);
    refused(&mut e, "play b A1", "surround only friendly groups");
    refused(&mut e, "variago-play b pawn@A1", "surround only friendly groups");
    refused(&mut e, "variago-play b king@A1", "surround only friendly groups");
    // For White the same point surrounds the black group: a king that
    // removes all three pawns.
    ok(&mut e, "play w A1");
    assert_eq!(picture(&e.game), "..\nk.");
    assert_eq!(e.game.captures(), [0, 3]);
}

#[test]
fn the_friendly_removal_comes_after_the_enemy_removal() {
    // White's king at B1 surrounds the black pawn A1 and its own group
    // B1-C1. Removing A1 gives the white group a liberty, so the white pawn
    // C1 stays.
    let mut g = diagram(
        "....
         ....
         OXX.
         X.OX",
        Color::White,
    );
    g.play(Color::White, Move::Place(v("B1"))).unwrap();
    assert_eq!(picture(&g), "....\n....\nOXX.\n.kOX");
    assert_eq!(g.captures(), [0, 1]);
}

#[test]
fn a_king_must_surround_an_enemy_group() {
    let mut e = engine(9);
    refused(&mut e, "variago-play b king@E5", "illegal move: a king must increase");
    ok(&mut e, "variago-play b pawn@E5");
    refused(&mut e, "play w E5", "illegal move: point is occupied");
    refused(&mut e, "variago-play w henge@D4", "illegal move: Yugo has no henge");
    refused(&mut e, "variago-play w D4-D5", "illegal move");
    refused(&mut e, "play w king@D4", "syntax error");
    refused(&mut e, "play w Z9", "invalid vertex");
}

#[test]
fn groups_stay_on_the_board_surrounded() {
    // There are no Go captures: the surrounded black king stays put while
    // pawns are placed around, and every pawn keeps its liberties.
    let mut g = diagram(
        "...
         k..
         Kk.",
        Color::Black,
    );
    g.play(Color::Black, Move::Place(v("C3"))).unwrap();
    assert_eq!(g.occupant(v("A1")).unwrap().piece, Piece::King);
}

// ---- The button and the end ----

#[test]
fn the_first_pass_takes_the_button_and_is_no_pass() {
    let mut e = engine(5);
    assert_eq!(ok(&mut e, "variago-button"), "none");
    ok(&mut e, "play b pass");
    assert_eq!(ok(&mut e, "variago-button"), "black");
    assert!(gtp(&mut e, "showboard").contains("button: black"));
    // A real pass now; then a placement breaks the run of passes.
    ok(&mut e, "play w pass");
    assert!(e.game.outcome().is_none());
    ok(&mut e, "play b C3");
    ok(&mut e, "play w pass");
    assert!(e.game.outcome().is_none());
    assert_eq!(ok(&mut e, "variago-button"), "black");
    ok(&mut e, "play b pass");
    assert!(e.game.outcome().is_some(), "two real passes end the game");
    // A finished game: no legal moves, no more plays, a result.
    assert_eq!(ok(&mut e, "variago-legal_moves"), "");
    refused(&mut e, "play w D4", "the game is over");
    // A pass after the end is recorded for clients that relay it, and
    // changes nothing.
    let board = gtp(&mut e, "variago-board");
    ok(&mut e, "play w pass");
    assert_eq!(gtp(&mut e, "variago-board"), board);
    ok(&mut e, "undo");
    assert_eq!(gtp(&mut e, "variago-board"), board);
    // Black: the pawn C3 and 24 points of territory, the button; White: komi 7.
    assert_eq!(ok(&mut e, "final_score"), "B+18.5");
    assert_eq!(ok(&mut e, "genmove w"), "resign");
    assert_eq!(ok(&mut e, "genmove b"), "pass");
}

#[test]
fn either_player_may_take_the_button() {
    let mut e = engine(5);
    ok(&mut e, "play b C3");
    ok(&mut e, "play w pass");
    assert_eq!(ok(&mut e, "variago-button"), "white");
    ok(&mut e, "play b pass");
    ok(&mut e, "play w pass");
    assert_eq!(ok(&mut e, "final_score"), "B+17.5");
}

#[test]
fn undo_gives_the_button_back() {
    let mut e = engine(5);
    let start = e.game.hash();
    ok(&mut e, "play b pass");
    assert_ne!(e.game.hash(), start, "the hash covers the button");
    ok(&mut e, "undo");
    assert_eq!(ok(&mut e, "variago-button"), "none");
    assert_eq!(e.game.hash(), start);
    refused(&mut e, "undo", "cannot undo");
}

#[test]
fn pass_is_always_listed_and_the_button_command_is_yugo_only() {
    let mut e = engine(3);
    let moves = ok(&mut e, "variago-legal_moves");
    assert!(moves.ends_with("pass"), "{moves}");
    assert_eq!(moves.split(' ').count(), 10);
    let mut go = Engine::new(Setup::new(Variant::Go), SearchSettings::default());
    assert!(gtp(&mut go, "variago-button").starts_with("? go has no button"));
}

#[test]
fn the_hash_covers_kind_side_to_move_and_passes() {
    let a = diagram("K..\n...\n...", Color::Black);
    let b = diagram("X..\n...\n...", Color::Black);
    let c = diagram("X..\n...\n...", Color::White);
    assert_ne!(a.hash(), b.hash());
    assert_ne!(b.hash(), c.hash());
    let mut d = c.clone();
    d.play(Color::White, Move::Pass).unwrap();
    d.play(Color::Black, Move::Pass).unwrap();
    let mut f = c.clone();
    f.play(Color::White, Move::Pass).unwrap();
    f.play(Color::Black, Move::Place(v("C1"))).unwrap();
    f.undo();
    assert_eq!(d.hash(), d.recompute_hash());
    assert_ne!(d.hash(), f.hash(), "one real pass differs from none");
}

// ---- Scoring ----

#[test]
fn score_counts_territory_pieces_with_liberties_and_surrounded_enemy_kings() {
    // Black: territory A3 (1) + pieces B3 A2 B2 (3) = 4. White: C1 (1).
    let mut g = diagram(
        ".X.
         XX.
         ..O",
        Color::Black,
    );
    g.set_komi(0.0);
    assert_eq!(g.score_now().to_string(), "B+3");
    // The second seed example after White's king: black pawns B2 C2 D1 (3);
    // white pawn A2, king B1 and the surrounded black king A1 (3).
    let mut g = diagram(
        "....
         ....
         OXX.
         K.OX",
        Color::White,
    );
    g.play(Color::White, Move::Place(v("B1"))).unwrap();
    g.set_komi(0.0);
    assert_eq!(g.score_now().to_string(), "0");
    // The button is worth half a point.
    g.play(Color::Black, Move::Pass).unwrap();
    assert_eq!(g.score_now().to_string(), "B+0.5");
    // Komi goes to White.
    g.set_komi(7.0);
    assert_eq!(g.score_now().to_string(), "W+6.5");
}

#[test]
fn surrounded_pieces_do_not_score_for_their_owner() {
    // The white king B1 is surrounded: it counts for Black, and the black
    // king A1 beside it has no liberty either: it counts for White.
    let mut g = diagram(
        "...
         OX.
         KkX",
        Color::Black,
    );
    g.set_komi(0.0);
    // Black: B2 C1 and the white king B1 (3). White: A2 and the black king
    // A1 (2). The empty region touches both colours.
    assert_eq!(g.score_now().to_string(), "B+1");
}

#[test]
fn komi_defaults_to_seven_and_follows_the_komi_command() {
    let mut e = engine(9);
    ok(&mut e, "play b pass");
    assert_eq!(ok(&mut e, "final_score"), "W+6.5");
    ok(&mut e, "komi 0");
    assert_eq!(ok(&mut e, "final_score"), "B+0.5");
    assert!(gtp(&mut e, "showboard").contains("komi: 0"));
}

#[test]
fn handicap_places_black_pawns_and_costs_black_one_less_point_each() {
    let mut e = engine(9);
    assert_eq!(ok(&mut e, "fixed_handicap 2"), "C3 G7");
    assert_eq!(e.game.to_move(), Color::White);
    assert_eq!(e.game.occupant(v("C3")).unwrap().piece, Piece::Pawn);
    // Black: 81 points less (2 - 1); White: komi 7.
    assert_eq!(ok(&mut e, "final_score"), "B+73");
    ok(&mut e, "play w pass");
    assert_eq!(ok(&mut e, "final_score"), "B+72.5");
    refused(&mut e, "fixed_handicap 2", "board not empty");

    let mut e = engine(9);
    assert_eq!(ok(&mut e, "place_free_handicap 4").split(' ').count(), 4);
    // 81 - (4 - 1) - 7.
    assert_eq!(ok(&mut e, "final_score"), "B+71");

    let mut e = engine(5);
    ok(&mut e, "set_free_handicap A1 E5 C3");
    assert!(gtp(&mut e, "showboard").contains("handicap: 3"));
    assert_eq!(ok(&mut e, "final_score"), "B+16");
}

#[test]
fn handicap_on_a_non_empty_board_is_refused() {
    let mut e = engine(9);
    ok(&mut e, "play b E5");
    refused(&mut e, "fixed_handicap 2", "board not empty");
    refused(&mut e, "place_free_handicap 2", "board not empty");
    refused(&mut e, "set_free_handicap A1 B2", "board not empty");
    let mut e = engine(9);
    ok(&mut e, "play b pass");
    refused(&mut e, "fixed_handicap 2", "board not empty");
    let mut e = engine_with(diagram("X..\n...\n...", Color::Black), 100);
    refused(&mut e, "set_free_handicap B2 C2", "board not empty");
    let mut e = engine(9);
    refused(&mut e, "set_free_handicap A1 A1", "repeated vertex");
    refused(&mut e, "fixed_handicap 1", "invalid number");
}

#[test]
fn final_status_list_suggests_dead_groups_but_the_score_removes_nothing() {
    let mut e = engine_with(
        diagram(
            "...XO..
             .O.XO..
             ...XO..
             ...XO..
             ...XO..
             ...XO..
             ...XO..",
            Color::Black,
        ),
        100,
    );
    let dead = ok(&mut e, "final_status_list dead");
    assert_eq!(dead, "B6");
    let alive = ok(&mut e, "final_status_list alive");
    assert!(!alive.contains("B6") && alive.contains("D1") && alive.contains("E7"));
    // Scored as it stands: the white pawn counts for White and spoils
    // Black's territory. Black: 7 pawns; White: 8 pieces + 14 points + 7.
    assert_eq!(ok(&mut e, "final_score"), "W+22");
}

// ---- Display ----

#[test]
fn boards_tell_kings_from_pawns() {
    let mut e = engine_with(diagram("Kk.\nXO.\n...", Color::Black), 100);
    let board = gtp(&mut e, "showboard");
    assert!(board.contains(" 3  K k . 3"), "{board}");
    assert!(board.contains(" 2  X O . 2"), "{board}");
    assert!(board.contains("button: none"));
    let machine = ok(&mut e, "variago-board");
    assert!(machine.contains("variant yugo"));
    assert!(machine.contains("status button: none"));
    assert!(machine.ends_with("board\nK k .\nX O .\n. . ."), "{machine}");
}

// ---- Bad input leaves the state unchanged ----

#[test]
fn bad_input_changes_nothing() {
    let mut e = engine_with(
        diagram(
            "....
             ....
             XXX.
             OO.X",
            Color::White,
        ),
        100,
    );
    refused(&mut e, "play w C1", "illegal move");
    refused(&mut e, "play w A1", "illegal move: point is occupied");
    refused(&mut e, "variago-play b pawn@C1", "illegal move");
    refused(&mut e, "variago-play b king@D4", "illegal move");
    refused(&mut e, "play x C1", "syntax error");
    refused(&mut e, "play w", "syntax error");
    refused(&mut e, "set_free_handicap A4 B4", "board not empty");
    // A pass once the button is gone is a plain pass.
    ok(&mut e, "play w pass");
    ok(&mut e, "play b pass");
    assert_eq!(ok(&mut e, "variago-button"), "white");
    assert!(e.game.outcome().is_none());
}

// ---- Playouts and search ----

#[test]
fn playouts_finish_games_by_the_rules() {
    use rand::SeedableRng;
    let g = Yugo::new(&setup(9));
    let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
    let mut trace = Vec::new();
    for _ in 0..30 {
        trace.clear();
        let value = g.rollout(&mut rng, &mut trace);
        // Scores are never tied; a win is worth more than any loss.
        assert!((0.0..0.15).contains(&value) || (0.85..=1.0).contains(&value), "{value}");
        // Replaying the trace with the button and passes where they fell
        // keeps every placement legal.
        let mut replay = g.clone();
        for &(color, mv) in &trace {
            while replay.to_move() != color {
                replay.play(replay.to_move(), Move::Pass).unwrap();
            }
            replay.play(color, mv).unwrap();
        }
    }
}

/// The engine's `genmove b` from `g` under several seeds (it must not be
/// right by luck), each with the button's holder after it.
fn black_choices(g: &Yugo) -> Vec<(String, String)> {
    (0..4)
        .map(|seed| {
            let mut e = engine_with(g.clone(), 2000);
            e.settings.config.seed = seed;
            (ok(&mut e, "genmove b"), ok(&mut e, "variago-button"))
        })
        .collect()
}

#[test]
fn the_engine_takes_the_button_when_nothing_is_left() {
    // Every point is settled: Black 10, White 15. With komi -5 whoever
    // takes the button wins; filling an own eye only hands it over.
    let mut g = diagram(
        ".XO.O
         XXOOO
         .XO.O
         XXOOO
         .XO.O",
        Color::Black,
    );
    g.set_komi(-5.0);
    for (mv, button) in black_choices(&g) {
        assert_eq!((mv.as_str(), button.as_str()), ("pass", "black"));
    }
}

#[test]
fn the_engine_fills_a_dame_before_taking_the_button() {
    // C5 and D5 are open. Black C5 then the button wins by half a point
    // with komi -3; the button first lets White take C5 and D5.
    let mut g = diagram(
        ".X..O
         XXOOO
         .XO.O
         XXOOO
         .XO.O",
        Color::Black,
    );
    g.set_komi(-3.0);
    for (mv, button) in black_choices(&g) {
        assert_eq!((mv.as_str(), button.as_str()), ("C5", "none"));
    }
}

#[test]
fn the_engine_captures_a_hopeless_pawn_group_before_passing() {
    // The white pawns B4 B3 sit in Black's area with one liberty, B5.
    // Black holds the button and White has just passed: a black pass would
    // end the game with them on the board and lose by half a point.
    let mut g = diagram(
        "..XO.
         XOXOO
         XOXO.
         XXXOO
         .XXO.",
        Color::Black,
    );
    g.play(Color::Black, Move::Pass).unwrap();
    g.play(Color::White, Move::Pass).unwrap();
    g.set_komi(0.0);
    assert_eq!(g.score_now().to_string(), "W+0.5");
    // Several seeds: the search must do it every time, not by luck.
    for seed in 0..4 {
        let mut e = engine_with(g.clone(), 2000);
        e.settings.config.seed = seed;
        assert_ne!(ok(&mut e, "genmove b"), "pass");
        for _ in 0..40 {
            if e.game.outcome().is_some() {
                break;
            }
            let color = e.game.to_move().name();
            ok(&mut e, &format!("kgs-genmove_cleanup {color}"));
        }
        assert!(e.game.outcome().is_some());
        let board = gtp(&mut e, "showboard");
        for point in ["B4", "B3"] {
            let captured = e.game.occupant(v(point)).is_none_or(|o| o.symbol() != 'O');
            assert!(
                captured,
                "seed {seed}: {point} was never captured: {:?}\n{board}",
                e.record
            );
        }
        assert!(ok(&mut e, "final_score").starts_with("B+"));
    }
}

// ---- The button in GoGui ----

#[test]
fn in_gogui_the_button_is_a_point_of_its_own_and_a_pass_is_real() {
    let mut e = engine(9);
    // A ruler command tells the engine that GoGui is the client: the board
    // sits in a 10x10 frame whose top right corner is the button.
    assert_eq!(ok(&mut e, "gogui-rules_board_size"), "10");
    ok(&mut e, "boardsize 10");
    assert_eq!(e.game.size(), 9);
    let legal = ok(&mut e, "gogui-rules_legal_moves");
    assert!(legal.ends_with("J9 K10") && !legal.contains("pass"), "{legal}");
    assert!(ok(&mut e, "gogui-rules_board_gfx").starts_with("LABEL K10 btn"));
    assert!(ok(&mut e, "gogui-rules_board").starts_with(&format!("{}.\n", "? ".repeat(9))));
    // GoGui ends a game after any two passes: there, a pass is always real.
    refused(
        &mut e,
        "play b pass",
        "in the frame this pass is K10, the choice button",
    );
    ok(&mut e, "play b K10");
    assert_eq!(ok(&mut e, "variago-button"), "black");
    // The button's point shows its holder: a black stone, labelled, in the
    // hands' colour.
    assert!(ok(&mut e, "gogui-rules_board").starts_with(&format!("{}X\n", "? ".repeat(9))));
    let gfx = ok(&mut e, "gogui-rules_board_gfx");
    assert!(
        gfx.starts_with("LABEL K10 btn") && gfx.contains("COLOR #e8d8a8 K10\n"),
        "{gfx}"
    );
    assert!(ok(&mut e, "gogui-rules_legal_moves").ends_with("J9 pass"));
    refused(
        &mut e,
        "play w K10",
        "K10 is outside the playing area and holds no option now",
    );
    ok(&mut e, "play w pass");
    assert!(e.game.outcome().is_none(), "the button and a pass do not end the game");
    ok(&mut e, "play b pass");
    assert!(e.game.outcome().is_some(), "two real passes do");
    // Undo takes back the passes, then the button.
    for _ in 0..3 {
        ok(&mut e, "undo");
    }
    assert_eq!(ok(&mut e, "variago-button"), "none");
    assert!(ok(&mut e, "gogui-rules_legal_moves").ends_with("K10"));
}

#[test]
fn genmove_takes_the_button_by_its_point_in_gogui_and_by_pass_elsewhere() {
    // Black's one legal move is the button: B2 would surround only its own group.
    for (gogui, answer) in [(false, "pass"), (true, "C3")] {
        let mut e = engine_with(diagram("X.\nXX", Color::Black), 30);
        if gogui {
            ok(&mut e, "gogui-rules_game_id");
        }
        assert_eq!(ok(&mut e, "genmove b"), answer);
        assert_eq!(ok(&mut e, "variago-button"), "black");
        // A second copy reads the answer back as the button.
        let mut copy = engine_with(diagram("X.\nXX", Color::Black), 30);
        if gogui {
            ok(&mut copy, "gogui-rules_game_id");
        }
        ok(&mut copy, &format!("play b {answer}"));
        assert_eq!(copy.game.hash(), e.game.hash());
    }
}

#[test]
fn a_record_gogui_saved_loads_back_with_the_button() {
    // GoGui saves the clicks on its 10x10 frame, the button as K10 (`ja`).
    let path = std::env::temp_dir().join(format!("variago-yugo-gogui-{}.sgf", std::process::id()));
    let record = "(;FF[4]CA[UTF-8]AP[GoGui:1.6.0]SZ[10]KM[7.5]\n;B[ja];W[];B[ee];W[])\n";
    std::fs::write(&path, record).unwrap();
    let mut e = engine(9);
    assert_eq!(ok(&mut e, "gogui-rules_board_size"), "10");
    ok(&mut e, "boardsize 10");
    ok(&mut e, &format!("loadsgf {}", path.display()));
    std::fs::remove_file(&path).ok();
    assert_eq!(ok(&mut e, "variago-button"), "black");
    assert!(ok(&mut e, "printsgf").contains(";B[]\n;W[]\n;B[ed]\n;W[]"));
    // The last undo takes back the button, not a pass.
    for _ in 0..3 {
        ok(&mut e, "undo");
    }
    assert_eq!(ok(&mut e, "variago-button"), "black");
    ok(&mut e, "undo");
    assert_eq!(ok(&mut e, "variago-button"), "none");
}
