//! GoGui's ruler protocol and analyze commands, for every variant: what
//! GoGui asks after each move, checked against the engine's own view.

use variago::clicks::frame::Frame;
use variago::clicks::Click;
use variago::gtp::engine::Engine;
use variago::gtp::execute_line;
use variago::{Clicks, Move, Position, Setup, Variant, View};

mod common;

use common::ok;

/// An engine that plays every game to its end: Migoyugo resigns a proven
/// loss, and the ruler must follow the game past that point.
fn engine(variant: Variant) -> Engine {
    let mut settings = common::settings(60, 0);
    settings.config.resign_below = 0.0;
    Engine::new(Setup::new(variant), settings)
}

/// The clicks the ruler must list: each placement's point, `pass`, the
/// hand cell of each piece that can be dropped, each piece that can step.
fn expected_clicks(e: &Engine) -> Vec<String> {
    let mut moves = Vec::new();
    e.game.legal_moves(&mut moves);
    let frame = Frame::of(&e.game);
    let color = e.game.to_move();
    let hand_cell = |piece| {
        let cells = frame.hand_cells().iter();
        let mut mine = cells.filter(|h| h.color == color && h.piece == piece);
        mine.next().expect("a hand cell for every droppable piece").vertex
    };
    let held = |piece| {
        let hand = e.game.hand(color).unwrap_or_default();
        hand.iter().any(|&(p, n)| p == piece && n > 0)
    };
    let mut clicks: Vec<String> = moves
        .into_iter()
        .flat_map(|m| match m {
            Move::Place(v) | Move::Step(v, _) => vec![v.to_string()],
            // The pass that ends a side's buying, or takes Yugo's button,
            // has a point of its own.
            Move::Pass => match e.game.spell(Move::Pass).clicks()[0] {
                Click::Pass => vec!["pass".into()],
                click => vec![frame.vertex(click, color).expect("a point for the pass").to_string()],
            },
            // A hand lists one bomb whatever its mode.
            Move::Drop(variago::Piece::Bomb(_), _) => {
                vec![hand_cell(variago::Piece::Bomb(variago::moves::BombMode::Immediate)).to_string()]
            }
            Move::Drop(piece, _) => vec![hand_cell(piece).to_string()],
            // A piece from a hand is picked there first; any other drop
            // starts on any of its points.
            Move::Polyomino(_, shape) if held(variago::Piece::Omino(shape.omino())) => {
                vec![hand_cell(variago::Piece::Omino(shape.omino())).to_string()]
            }
            Move::Polyomino(..) => m.points().map(|v| v.to_string()).collect(),
        })
        .collect();
    clicks.sort();
    clicks.dedup();
    clicks
}

fn sorted_words(text: &str) -> Vec<String> {
    let mut words: Vec<String> = text.split_whitespace().map(String::from).collect();
    words.sort();
    words
}

/// After every move of a self-played game, the ruler's answers agree with
/// the position, and once the game is over the legal moves are empty.
#[test]
fn the_ruler_follows_a_whole_game_in_every_variant() {
    for variant in Variant::ALL {
        let mut e = engine(variant);
        // The smallest board that holds the variant's pieces, from 5x5.
        let smallest = (5..).find(|&s| variant.accepts_size(s)).unwrap();
        ok(&mut e, &format!("boardsize {smallest}"));
        let size = Frame::of(&e.game).size();
        assert_eq!(ok(&mut e, "gogui-rules_game_id"), variant.game_id());
        assert_eq!(ok(&mut e, "gogui-rules_board_size"), size.to_string());
        for _ in 0..4 * size * size {
            let to_move = e.game.to_move();
            assert_eq!(ok(&mut e, "gogui-rules_side_to_move"), to_move.name());
            assert_eq!(
                sorted_words(&ok(&mut e, "gogui-rules_legal_moves")),
                expected_clicks(&e),
                "{variant:?}"
            );
            let board = ok(&mut e, "gogui-rules_board");
            assert_eq!(board.lines().count(), size, "{variant:?}: {board}");
            assert!(board.lines().all(|row| row.split(' ').count() == size));
            let [b, w] = e.game.captures();
            assert_eq!(ok(&mut e, "gogui-rules_captured_count"), format!("{b} {w}"));
            let gfx = ok(&mut e, "gogui-rules_board_gfx");
            check_gfx(&e, &gfx);
            if e.game.outcome().is_some() {
                break;
            }
            assert_eq!(ok(&mut e, "gogui-rules_final_result"), "");
            let answer = ok(&mut e, &format!("variago-genmove {}", to_move.name()));
            assert_ne!(
                answer, "resign",
                "{variant:?}: the engine resigns no live game with resignation off"
            );
        }
        if e.game.outcome().is_some() {
            assert_eq!(ok(&mut e, "gogui-rules_legal_moves"), "", "{variant:?}");
            let result = ok(&mut e, "gogui-rules_final_result");
            assert!(result.contains("wins") || result == "Draw", "{variant:?}: {result}");
        }
    }
}

/// The words of the first gfx line that starts with `prefix`, after it.
fn gfx_line<'g>(gfx: &'g str, prefix: &str) -> Vec<&'g str> {
    gfx.lines()
        .find_map(|l| l.strip_prefix(prefix))
        .map_or_else(Vec::new, |rest| rest.split(' ').collect())
}

/// What a person reads on GoGui's board: nothing drawn over the stones (a
/// mark would cover them, so the zones are a colour, which GoGui paints
/// under a stone), and hand labels that neither name a vertex nor look
/// like GoGui's move numbers, with the count first.
fn check_gfx(e: &Engine, gfx: &str) {
    assert!(!gfx.contains("MARK"), "{gfx}");
    let zones: Vec<String> = e.game.zones().iter().map(|v| v.to_string()).collect();
    assert_eq!(gfx_line(gfx, "COLOR #70b0ff "), zones, "{gfx}");
    let labels = gfx_line(gfx, "LABEL ");
    let frame = Frame::of(&e.game);
    for cell in frame.hand_cells() {
        let at = labels
            .iter()
            .position(|&w| w == cell.vertex.to_string())
            .expect("a labelled hand cell");
        let label = labels[at + 1];
        assert!(variago::Vertex::parse(label).is_none(), "{label}");
        assert!(label.parse::<f64>().is_err(), "{label}");
        let count = e
            .game
            .hand(cell.color)
            .unwrap_or_default()
            .into_iter()
            .find(|&(p, _)| p == cell.piece);
        let count = count.map_or(0, |(_, n)| n);
        assert!(label.starts_with(&count.to_string()), "{label}");
    }
}

#[test]
fn standard_go_is_plain_go_for_gogui() {
    let mut e = engine(Variant::Go);
    assert_eq!(ok(&mut e, "gogui-rules_game_id"), "Go");
    ok(&mut e, "play b E5");
    ok(&mut e, "play w D5");
    let board = ok(&mut e, "gogui-rules_board");
    let rows: Vec<&str> = board.lines().collect();
    assert_eq!(rows[4], ". . . O X . . . .");
    assert_eq!(ok(&mut e, "gogui-rules_board_gfx"), "");
}

#[test]
fn special_pieces_are_drawn() {
    // A GoRoGo henge is neutral: empty on the X/O board, labelled and boxed.
    // The 5x5 board sits in a 7x7 frame: a hand in each of the right
    // columns, the rest no point.
    let mut e = engine(Variant::GoRoGo);
    let gfx = ok(&mut e, "gogui-rules_board_gfx");
    assert!(gfx.contains("LABEL C3 H"), "{gfx}");
    assert!(gfx.contains("SQUARE C3"), "{gfx}");
    assert!(gfx.contains("COLOR #e8d8a8 F1 F2 G5 G4"), "{gfx}");
    let board = ok(&mut e, "gogui-rules_board");
    let rows: Vec<&str> = board.lines().collect();
    assert_eq!(rows[0], "? ? ? ? ? ? ?");
    assert_eq!(rows[2], ". . . . . ? O", "the top row holds white's normal pieces");
    assert_eq!(rows[6], ". . . . . X ?", "the bottom row black's");
    // Every move is clicked, so no analyze command plays one (it would
    // reach the program only, never the ruler).
    let commands = ok(&mut e, "gogui-analyze_commands");
    assert!(!commands.contains("variago-play"), "{commands}");
    assert!(commands.contains("string/Hand/variago-hand %m"), "{commands}");
    ok(&mut e, "variago-play b henge@A1");
    assert!(ok(&mut e, "gogui-rules_board_gfx").contains("A1 H"));
}

#[test]
fn a_hand_lists_only_pieces_a_side_can_ever_hold() {
    // Center of Tao and Mercenary Go hold no army: an empty hand, no
    // frame, and no Hand in the Analyze menu.
    for variant in [Variant::CenterOfTao, Variant::MercenaryGo] {
        let mut e = engine(variant);
        for color in ["b", "w"] {
            assert_eq!(ok(&mut e, &format!("variago-hand {color}")), "", "{variant:?}");
        }
        assert_eq!(ok(&mut e, "gogui-rules_board_size"), "19", "{variant:?}");
        assert!(!ok(&mut e, "gogui-analyze_commands").contains("variago-hand"));
    }
    let mut e = engine(Variant::WarGo);
    assert!(ok(&mut e, "variago-hand w").starts_with("ambassador 1 bomb 2"));
    assert!(ok(&mut e, "gogui-analyze_commands").contains("string/Hand/variago-hand %m"));
    // Go has no hand at all: that is an error, not an empty hand.
    let mut e = engine(Variant::Go);
    let answer = execute_line(&mut e, "variago-hand b").unwrap();
    assert!(answer.starts_with("? go is not played from a hand"), "{answer}");
}

#[test]
fn analyze_commands_are_well_formed_and_all_run() {
    for variant in Variant::ALL {
        let mut e = engine(variant);
        let list = ok(&mut e, "gogui-analyze_commands");
        for line in list.lines() {
            let parts: Vec<&str> = line.split('/').collect();
            assert_eq!(parts.len(), 3, "type/label/command: {line}");
            let kind = parts[0];
            assert!(["gfx", "string", "var", "none"].contains(&kind), "{line}");
            let command = parts[2].replace("%m", e.game.to_move().name());
            if command.contains("%p") {
                continue;
            }
            let answer = execute_line(&mut e, &command).unwrap();
            assert!(answer.starts_with('='), "{variant:?} {command}: {answer}");
        }
    }
}

#[test]
fn area_commands_are_offered_where_area_counts() {
    for (variant, offered) in [
        (Variant::Go, true),
        (Variant::Yugo, true),
        (Variant::Atari, false),
        (Variant::Migoyugo, false),
    ] {
        let mut e = engine(variant);
        let list = ok(&mut e, "gogui-analyze_commands");
        assert_eq!(list.contains("variago-gfx_ownership"), offered, "{variant:?}");
        if !offered {
            let answer = execute_line(&mut e, "variago-gfx_ownership").unwrap();
            assert!(answer.starts_with("? "), "{answer}");
        }
    }
}

#[test]
fn search_gfx_shows_visits_and_the_best_line() {
    let mut e = engine(Variant::Go);
    let gfx = ok(&mut e, "variago-gfx_search b");
    assert!(gfx.contains("LABEL "), "{gfx}");
    assert!(gfx.lines().any(|l| l.starts_with("VAR b ")), "{gfx}");
    assert!(gfx.contains("TEXT "), "{gfx}");
    let pv = ok(&mut e, "variago-pv b");
    assert!(pv.starts_with("b "), "{pv}");
    let influence = ok(&mut e, "variago-gfx_ownership");
    assert!(influence.starts_with("INFLUENCE A9 "), "{influence}");
    assert_eq!(influence.split_whitespace().count(), 1 + 2 * 81);
}

/// GoGui has no gray stone: the ruler's X/O board leaves gray points
/// empty (so GoGui's own Go board never sees a stone) and the gfx fills
/// each with gray (`INFLUENCE p 1`), with no label or square.
#[test]
fn gray_stones_are_a_gray_fill_on_points_the_board_leaves_empty() {
    let mut e = engine(Variant::UnsquareGo);
    ok(&mut e, "boardsize 4");
    ok(&mut e, "play b B2");
    assert_eq!(ok(&mut e, "gogui-rules_board"), [". . . ."; 4].join("\n"));
    let gfx = ok(&mut e, "gogui-rules_board_gfx");
    let filled: Vec<String> = [
        "A4", "B4", "C4", "D4", "A3", "B3", "C3", "D3", "A2", "C2", "D2", "A1", "B1", "C1", "D1",
    ]
    .iter()
    .map(|p| format!("{p} 1"))
    .collect();
    assert_eq!(gfx, format!("INFLUENCE {}", filled.join(" ")));
    // A click on a gray stone removes it: the stones are the legal clicks.
    let legal = sorted_words(&ok(&mut e, "gogui-rules_legal_moves"));
    assert_eq!(legal.len(), 15);
    assert!(!legal.contains(&"B2".to_string()));
    ok(&mut e, "play w C2");
    assert!(!ok(&mut e, "gogui-rules_board_gfx").contains("C2 1"));

    let mut e = engine(Variant::Squares);
    ok(&mut e, "play b C3");
    ok(&mut e, "play w A1");
    assert!(ok(&mut e, "gogui-rules_board")
        .lines()
        .all(|row| !row.contains(['X', 'O'])));
    assert_eq!(ok(&mut e, "gogui-rules_board_gfx"), "INFLUENCE C3 1 A1 1");
    assert!(!ok(&mut e, "gogui-rules_legal_moves").contains("C3"));
}
