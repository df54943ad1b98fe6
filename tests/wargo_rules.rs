//! War Go rules, one test per rule sentence, on positions drawn as diagrams.

mod common;

use common::wargo::{at, hand_count, play};
use variago::gtp::engine::{Engine, SearchSettings};
use variago::gtp::execute_line;
use variago::variants::wargo::WarGo;
use variago::{Color, Move, Outcome, Position, Setup, Variant, View};

const B: Color = Color::Black;
const W: Color = Color::White;

fn war(rows: &[&str], to_move: Color) -> WarGo {
    WarGo::from_diagram(&Setup::new(Variant::WarGo), rows, to_move).unwrap()
}

// --- Standard Go rules ---

#[test]
fn go_rules_capture_suicide_and_two_passes() {
    let mut g = war(&[".....", ".....", "..O..", ".O.O.", "..O.."], B);
    assert!(play(&mut g, B, "C2").unwrap_err().contains("suicide"));
    let mut g = war(&[".....", ".....", "..X..", ".XOX.", "....."], B);
    play(&mut g, B, "C1").unwrap();
    assert_eq!(at(&g, "C2"), '.', "a soldier without liberties is captured");
    assert_eq!(g.captures(), [1, 0]);
    play(&mut g, W, "pass").unwrap();
    assert!(g.outcome().is_none());
    play(&mut g, B, "pass").unwrap();
    assert!(g.outcome().is_some(), "two passes end the game");
}

#[test]
fn area_scoring_with_komi_seven_and_a_half() {
    let g = war(&["..X", ".XX", "XXX"], B);
    assert_eq!(g.score_now(), Outcome::Score(9.0 - 7.5));
    let game = variago::Game::new(&Setup::new(Variant::WarGo));
    assert_eq!(game.size(), 19, "War Go is played on 19x19 by default");
}

#[test]
fn positional_superko_covers_special_pieces() {
    // A soldier in a tao zone steps away and back: the board would repeat.
    let mut g = war(&[".....", ".....", "..T..", ".X...", "....."], B);
    play(&mut g, B, "B2-B1").unwrap();
    play(&mut g, W, "pass").unwrap();
    assert!(play(&mut g, B, "B1-B2").unwrap_err().contains("superko"));
    // An immediate bomb that destroys nothing leaves the board as it was.
    let mut g = war(&[".....", ".....", ".....", ".....", "....."], B);
    assert!(play(&mut g, B, "bomb:immediate@C3").unwrap_err().contains("superko"));
}

#[test]
fn the_army_of_each_side() {
    let g = war(&["........."; 9], B);
    for color in [B, W] {
        let counts: Vec<(String, u32)> = g
            .hand(color)
            .unwrap()
            .iter()
            .map(|(p, n)| (p.name().split(':').next().unwrap().to_string(), *n))
            .collect();
        let expected = [
            ("ambassador", 1),
            ("bomb", 2),
            ("wall", 6),
            ("spy", 4),
            ("monk", 2),
            ("tao", 1),
            ("mercenary", 2),
            ("samurai", 4),
            ("cavalry", 2),
        ];
        for (name, n) in expected {
            assert!(counts.contains(&(name.to_string(), n)), "{name} {n} in {counts:?}");
        }
    }
}

#[test]
fn drops_come_from_the_hand_onto_empty_points() {
    let mut g = war(&["....."; 5], B);
    assert!(play(&mut g, B, "tao@C3").is_ok());
    assert_eq!(hand_count(&g, B, "tao"), 0);
    assert_eq!(hand_count(&g, W, "tao"), 1);
    let before = g.hash();
    assert!(play(&mut g, W, "wall@C3").unwrap_err().contains("occupied"));
    play(&mut g, W, "pass").unwrap();
    let err = play(&mut g, B, "tao@D4").unwrap_err();
    assert!(err.contains("no tao left"), "{err}");
    assert_ne!(before, g.hash());
}

#[test]
fn captures_come_before_the_movers_liberty_check() {
    // Black's C1 has no liberty of its own but captures B1... here D2.
    let mut g = war(&[".....", ".....", "...X.", "..XOX", "..O.."], B);
    assert!(play(&mut g, B, "D1").is_ok());
    assert_eq!(at(&g, "D2"), '.');
}

// --- Wall ---

#[test]
fn a_wall_is_never_a_liberty() {
    let mut g = war(&[".....", ".....", ".#OX.", "..X..", "....."], B);
    // White C3 has C4 only: the wall is no liberty.
    play(&mut g, B, "C4").unwrap();
    assert_eq!(at(&g, "C3"), '.');
    assert_eq!(at(&g, "B3"), '#');
}

#[test]
fn a_wall_is_never_captured_and_belongs_to_no_group() {
    let mut g = war(&[".X...", "X#X..", ".....", ".....", "....."], B);
    play(&mut g, B, "B3").unwrap();
    assert_eq!(at(&g, "B4"), '#');
    // The wall does not join black's stones: the A4 stone alone is in atari.
    let mut g = war(&["O#...", "X....", "O....", ".....", "....."], W);
    play(&mut g, W, "B4").unwrap();
    assert_eq!(at(&g, "A4"), '.');
}

#[test]
fn a_wall_counts_for_nobody_and_a_region_of_walls_and_one_colour_is_its_area() {
    let g = war(&["..X", "#XX", "XXX"], B);
    assert_eq!(g.score_now(), Outcome::Score(8.0 - 7.5));
    let g = war(&["#.X", "#XX", "XXX"], B);
    assert_eq!(g.score_now(), Outcome::Score(7.0 - 7.5));
}

// --- Ambassador ---

#[test]
fn an_ambassador_is_never_captured() {
    let mut g = war(&[".....", ".X...", "XAX..", ".....", "....."], B);
    play(&mut g, B, "B2").unwrap();
    assert_eq!(at(&g, "B3"), 'A');
}

#[test]
fn a_group_beside_an_ambassador_cannot_be_captured() {
    let mut g = war(&[".....", ".....", "AOX..", ".X...", "....."], B);
    play(&mut g, B, "B4").unwrap();
    assert_eq!(at(&g, "B3"), 'O');
    assert_eq!(g.captures(), [0, 0]);
}

#[test]
fn a_drop_beside_an_ambassador_captures_nothing() {
    let mut g = war(&[".....", ".X...", "XOX..", ".....", ".A..."], B);
    play(&mut g, B, "B2").unwrap();
    assert_eq!(at(&g, "B3"), 'O', "the white stone stays without liberties");
    // Without the ambassador the same drop captures.
    let mut g = war(&[".....", ".X...", "XOX..", ".....", "....."], B);
    play(&mut g, B, "B2").unwrap();
    assert_eq!(at(&g, "B3"), '.');
}

#[test]
fn a_drop_beside_an_ambassador_needs_its_own_liberty() {
    let mut g = war(&[".....", ".....", ".X...", "XOX..", "A.O.."], B);
    let before = g.hash();
    let err = play(&mut g, B, "B1").unwrap_err();
    assert!(err.contains("suicide"), "{err}");
    assert_eq!(g.hash(), before);
}

// --- Bomb ---

#[test]
fn an_immediate_bomb_destroys_its_neighbours_but_walls_and_ambassadors() {
    let mut g = war(&[".....", "..O..", ".#.X.", "..A..", "....."], B);
    play(&mut g, B, "bomb:immediate@C3").unwrap();
    for (v, c) in [("C3", '.'), ("C4", '.'), ("D3", '.'), ("B3", '#'), ("C2", 'A')] {
        assert_eq!(at(&g, v), c, "{v}");
    }
    assert_eq!(g.captures(), [0, 0], "destroyed pieces are not prisoners");
    assert_eq!(hand_count(&g, B, "bomb"), 1);
}

#[test]
fn a_delayed_bomb_plays_as_a_stone_and_explodes_when_captured() {
    let mut g = war(&["....."; 5], B);
    play(&mut g, B, "bomb:delayed@C3").unwrap();
    assert_eq!(at(&g, "C3"), 'B');
    let mut g = war(&[".....", "..X..", ".Xb..", ".OX..", "....."], B);
    play(&mut g, B, "D3").unwrap();
    for v in ["C3", "C4", "B3", "D3", "C2"] {
        assert_eq!(at(&g, v), '.', "{v} destroyed");
    }
    assert_eq!(at(&g, "B2"), 'O', "B2 is diagonal to the bomb");
    assert_eq!(g.captures(), [1, 0], "only the bomb is a prisoner");
}

#[test]
fn a_destroyed_delayed_bomb_does_not_explode() {
    let mut g = war(&[".....", ".....", "..bO.", "..X..", "....."], B);
    play(&mut g, B, "bomb:immediate@B3").unwrap();
    assert_eq!(at(&g, "C3"), '.');
    assert_eq!(at(&g, "D3"), 'O');
    assert_eq!(at(&g, "C2"), 'X');
}

#[test]
fn an_explosion_spares_walls_when_a_delayed_bomb_is_captured() {
    let mut g = war(&[".....", "..#..", ".Xb..", "..X..", "....."], B);
    play(&mut g, B, "D3").unwrap();
    assert_eq!(at(&g, "C4"), '#');
    assert_eq!(at(&g, "B3"), '.');
}

// --- Monk ---

#[test]
fn a_drop_in_a_monks_square_captures_nothing() {
    for monk in ['m', 'M'] {
        let row2 = format!("XOX{monk}...");
        let rows = [
            ".......",
            ".......",
            ".......",
            ".......",
            ".X.....",
            row2.as_str(),
            ".......",
        ];
        let mut g = war(&rows, B);
        play(&mut g, B, "B1").unwrap();
        assert_eq!(at(&g, "B2"), 'O', "monk {monk} stops the capture");
    }
    // Three columns away the monk's square ends: the drop captures.
    let rows = [
        ".......", ".......", ".......", ".......", ".X.....", "XOX..m.", ".......",
    ];
    let mut g = war(&rows, B);
    play(&mut g, B, "B1").unwrap();
    assert_eq!(at(&g, "B2"), '.');
}

#[test]
fn a_monk_is_a_stone_of_its_owner() {
    // It joins its owner's group: the soldier beside it is not in atari.
    let mut g = war(&[".....", ".....", ".....", "O....", "MXO.."], W);
    play(&mut g, W, "B2").unwrap();
    assert_eq!(at(&g, "B1"), 'X');
    let g = war(&["M"; 1], B);
    assert_eq!(g.score_now(), Outcome::Score(1.0 - 7.5), "it counts for its owner");
}

// --- Spy ---

#[test]
fn a_spy_turns_every_adjacent_soldier_and_becomes_a_soldier() {
    let mut g = war(&[".....", "..O..", ".X.O.", "..R..", "....."], W);
    play(&mut g, W, "spy@C3").unwrap();
    for (v, c) in [("C4", 'X'), ("B3", 'O'), ("D3", 'X'), ("C2", 'R'), ("C3", 'O')] {
        assert_eq!(at(&g, v), c, "{v}");
    }
}

#[test]
fn captures_follow_the_spys_turn() {
    let mut g = war(&[".....", ".....", ".....", "X....", "XX..."], W);
    play(&mut g, W, "spy@B2").unwrap();
    assert_eq!(at(&g, "A1"), '.', "A1 is left without liberties and captured");
    assert_eq!(at(&g, "A2"), 'O');
    assert_eq!(at(&g, "B1"), 'O');
    assert_eq!(g.captures(), [0, 1]);
}

// --- Tao ---

#[test]
fn a_tao_is_never_captured() {
    let mut g = war(&[".....", ".X...", "XTX..", ".....", "....."], B);
    play(&mut g, B, "B2").unwrap();
    assert_eq!(at(&g, "B3"), 'T');
}

#[test]
fn soldiers_step_only_inside_a_tao_zone() {
    let rows = [
        ".......", ".......", ".......", "...T...", "..X....", ".......", "X......",
    ];
    let mut g = war(&rows, B);
    let err = play(&mut g, B, "A1-A2").unwrap_err();
    assert!(err.contains("tao zone"), "{err}");
    play(&mut g, B, "C3-C2").unwrap();
    assert_eq!(at(&g, "C2"), 'X');
    // From B2 the soldier leaves the zone and may not step again.
    let rows = [
        ".......", ".......", ".......", "...T...", ".......", ".X.....", ".......",
    ];
    let mut g = war(&rows, B);
    play(&mut g, B, "B2-A2").unwrap();
    play(&mut g, W, "pass").unwrap();
    assert!(play(&mut g, B, "A2-A3").unwrap_err().contains("tao zone"));
}

#[test]
fn a_tao_step_captures_as_a_drop_there() {
    let mut g = war(&[".....", ".....", ".XT..", "XO.X.", "....."], B);
    // White B2 has B1 and C2; fill B1 first.
    play(&mut g, B, "B1").unwrap();
    play(&mut g, W, "pass").unwrap();
    play(&mut g, B, "D2-C2").unwrap();
    assert_eq!(at(&g, "B2"), '.');
}

// --- Mercenary ---

#[test]
fn a_mercenary_blocks_liberties_of_both_colours() {
    let mut g = war(&[".....", ".....", ".....", ".....", "XE..."], W);
    play(&mut g, W, "A2").unwrap();
    assert_eq!(at(&g, "A1"), '.');
    let mut g = war(&[".....", ".....", ".....", ".....", "OE..."], B);
    play(&mut g, B, "A2").unwrap();
    assert_eq!(at(&g, "A1"), '.');
}

#[test]
fn either_player_steps_a_mercenary_and_may_capture_its_own_stones() {
    let rows = [".X...", "XOX..", "..E..", "OXO..", ".O..."];
    for mover in [B, W] {
        let mut g = war(&rows, mover);
        play(&mut g, mover, "C3-B3").unwrap();
        assert_eq!(at(&g, "B4"), '.', "white B4 captured");
        assert_eq!(at(&g, "B2"), '.', "black B2 captured");
        assert_eq!(at(&g, "B3"), 'E');
    }
}

#[test]
fn a_mercenary_without_liberties_is_captured() {
    let mut g = war(&[".....", ".....", ".....", ".....", "EX..."], W);
    play(&mut g, W, "A2").unwrap();
    assert_eq!(at(&g, "A1"), '.');
    // After a mercenary step, a mercenary group it leaves without liberties goes too.
    let mut g = war(&[".....", ".....", "X....", "E....", "EX.E."], B);
    play(&mut g, B, "D1-C1").unwrap();
    assert_eq!(at(&g, "A1"), 'E', "A1-A2 still breathes at B2");
    let mut g = war(&[".....", ".....", "X....", "EX...", "E..E."], B);
    play(&mut g, B, "D1-C1").unwrap();
    assert_eq!(at(&g, "C1"), 'E');
    play(&mut g, W, "pass").unwrap();
    play(&mut g, B, "C1-B1").unwrap();
    assert_eq!(at(&g, "B1"), 'E', "the stepping mercenary breathes at C1");
}

#[test]
fn mercenaries_move_one_point_only() {
    let mut g = war(&[".....", ".....", "..E..", ".....", "....."], B);
    assert!(play(&mut g, B, "C3-C5").unwrap_err().contains("adjacent"));
    assert!(play(&mut g, B, "C3-D4").unwrap_err().contains("adjacent"));
}

// --- Samurai ---

#[test]
fn a_samurai_steps_only_where_three_neighbours_are_empty_or_friendly() {
    let mut g = war(&[".....", ".O...", "..X..", ".r.X.", "....."], W);
    assert!(play(&mut g, W, "B2-C2").unwrap_err().contains("three"));
    play(&mut g, W, "B2-B3").unwrap();
    assert_eq!(at(&g, "B3"), 'r');
    // With a black stone instead of the white one, B3 lacks the freedom.
    let mut g = war(&[".....", ".X...", "..X..", ".r.X.", "....."], W);
    assert!(play(&mut g, W, "B2-B3").unwrap_err().contains("three"));
    // Never into a corner.
    let mut g = war(&[".....", ".....", ".....", ".....", ".r..."], W);
    assert!(play(&mut g, W, "B1-A1").unwrap_err().contains("three"));
}

#[test]
fn a_samurai_guards_friendly_stones_beside_it() {
    let mut g = war(&[".....", ".....", "XX...", "OrX..", "X...."], B);
    play(&mut g, B, "B1").unwrap();
    assert_eq!(at(&g, "A2"), 'O');
    assert_eq!(at(&g, "B2"), 'r');
}

#[test]
fn a_samurai_without_friendly_neighbours_is_captured() {
    let mut g = war(&[".....", ".....", ".X...", "XrX..", "....."], B);
    play(&mut g, B, "B1").unwrap();
    assert_eq!(at(&g, "B2"), '.');
}

#[test]
fn only_the_owner_moves_a_samurai() {
    let mut g = war(&[".....", ".....", "..r..", ".....", "....."], B);
    assert!(play(&mut g, B, "C3-C4").unwrap_err().contains("belongs to white"));
}

// --- Cavalry ---

#[test]
fn a_cavalry_moves_as_a_horse_blocked_on_its_first_point() {
    let mut g = war(&[".....", "..X..", "..C..", ".....", "....."], B);
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let steps: Vec<String> = moves
        .iter()
        .filter(|m| matches!(m, Move::Step(..)))
        .map(|m| m.to_string())
        .collect();
    for target in ["B1", "D1", "A4", "A2", "E4", "E2"] {
        assert!(steps.contains(&format!("C3-{target}")), "{target} in {steps:?}");
    }
    assert!(!steps.contains(&"C3-B5".to_string()), "blocked by C4");
    assert!(play(&mut g, B, "C3-D5").is_err());
    assert!(play(&mut g, B, "C3-C2").is_err(), "not a horse move");
    play(&mut g, B, "C3-E4").unwrap();
    assert_eq!(at(&g, "E4"), 'C');
}

#[test]
fn a_cavalry_needs_three_free_neighbours_and_guards_like_a_samurai() {
    let mut g = war(&[".....", ".....", ".C...", ".....", "....."], B);
    assert!(play(&mut g, B, "B3-A1").unwrap_err().contains("three"));
    let mut g = war(&[".....", ".....", "XX...", "OcX..", "X...."], B);
    play(&mut g, B, "B1").unwrap();
    assert_eq!(at(&g, "A2"), 'O');
}

// --- Bad input leaves the game unchanged ---

#[test]
fn refusals_say_why_and_change_nothing() {
    let mut e = Engine::new(Setup::new(Variant::WarGo), Default::default());
    let run = |e: &mut Engine, line: &str| execute_line(e, line).unwrap();
    assert_eq!(run(&mut e, "boardsize 9"), "=\n\n");
    run(&mut e, "variago-play b samurai@E5");
    let board = run(&mut e, "showboard");
    for (line, why) in [
        ("variago-play w bomb@D4", "needs a mode"),
        ("variago-play w dragon@D4", "unknown piece"),
        ("variago-play w E5-E6", "belongs to black"),
        ("variago-play b E5-G5", "adjacent"),
        ("variago-play w D4-D5", "no piece"),
        ("variago-play w samurai@E5", "occupied"),
    ] {
        let reply = run(&mut e, line);
        assert!(reply.starts_with("? ") && reply.contains(why), "{line}: {reply}");
        assert_eq!(run(&mut e, "showboard"), board);
    }
    run(&mut e, "variago-play w tao@J9");
    run(&mut e, "play b pass");
    let reply = run(&mut e, "variago-play w tao@H9");
    assert!(reply.contains("no tao left in white's hand"), "{reply}");
}

#[test]
fn sizes_and_plain_play() {
    let mut e = Engine::new(Setup::new(Variant::WarGo), Default::default());
    let mut run = |line: &str| execute_line(&mut e, line).unwrap();
    assert_eq!(run("boardsize 8"), "? unacceptable size\n\n");
    assert_eq!(run("boardsize 9"), "=\n\n");
    assert_eq!(run("play b D4"), "=\n\n");
    assert!(run("variago-board").contains('X'));
    assert_eq!(
        run("variago-hand w"),
        "= ambassador 1 bomb 2 wall 6 spy 4 monk 2 tao 1 mercenary 2 samurai 4 cavalry 2\n\n"
    );
    let legal = run("variago-legal_moves");
    assert!(legal.contains("bomb:delayed@E5") && legal.contains("wall@A1") && legal.contains(" pass"));
    // GoGui sees the board with a column for each hand.
    assert_eq!(run("gogui-rules_board_size"), "= 11\n\n");
}

// --- Presets ---

#[test]
fn center_of_tao_zones_tile_the_central_square() {
    let g = variago::Game::new(&Setup::new(Variant::CenterOfTao));
    for v in ["G7", "G12", "M7", "M12"] {
        let o = g.occupant(variago::Vertex::parse(v).unwrap()).unwrap();
        assert_eq!(o.piece, variago::Piece::Tao);
    }
    let zones = g.zones();
    assert_eq!(zones.len(), 100);
    let corner = |v: &str| variago::Vertex::parse(v).unwrap();
    let (low, high) = (corner("E5"), corner("O14"));
    assert!(zones
        .iter()
        .all(|z| (low.x..=high.x).contains(&z.x) && (low.y..=high.y).contains(&z.y)));
    assert!(g.hand(B).unwrap().iter().all(|&(_, n)| n == 0), "plain Go hands");
}

#[test]
fn mercenary_go_has_nine_mercenaries_on_the_star_points() {
    let g = variago::Game::new(&Setup::new(Variant::MercenaryGo));
    for v in ["D4", "K4", "Q4", "D10", "K10", "Q10", "D16", "K16", "Q16"] {
        let o = g.occupant(variago::Vertex::parse(v).unwrap()).unwrap();
        assert_eq!(o.piece, variago::Piece::Mercenary, "{v}");
    }
    let pieces = (0..19)
        .flat_map(|y| (0..19).map(move |x| variago::Vertex::new(x, y)))
        .filter(|&v| g.occupant(v).is_some())
        .count();
    assert_eq!(pieces, 9);
}

#[test]
fn buying_armies_spend_a_credit_before_play() {
    let mut e = Engine::new(Setup::new(Variant::BuyingArmies), Default::default());
    let mut run = |line: &str| execute_line(&mut e, line).unwrap();
    assert_eq!(run("variago-credit b"), "= 30 buying\n\n");
    assert!(run("variago-play b D4").contains("being bought"));
    assert_eq!(run("variago-buy b samurai 2"), "= 24\n\n");
    assert!(run("variago-buy b wall 20").starts_with("? "));
    assert_eq!(run("variago-buy b done"), "= 24\n\n");
    assert!(run("variago-buy b wall").contains("finished buying"));
    assert!(
        run("variago-play b D4").contains("being bought"),
        "white is still buying"
    );
    assert_eq!(run("variago-legal_moves"), "= pass\n\n", "a pass ends a side's buying");
    assert!(run("variago-buy_auto w").starts_with("= "));
    assert_eq!(run("variago-credit w"), "= 0 done\n\n");
    assert_eq!(run("play b D4"), "=\n\n");
    assert_eq!(
        run("variago-hand b"),
        "= ambassador 0 bomb 0 wall 0 spy 0 monk 0 tao 0 mercenary 0 samurai 2 cavalry 0 twoeye:friendly 0 \
         twoeye:any 0 extramove 0 replacer 0 switcher 0 innerstrength 0 connector 0 repeller 0 kingsson 0\n\n"
    );
}

/// The price lists of `docs/rules/buying-armies.md`: a row of names, the
/// separator, then a row of prices.
fn documented_prices() -> Vec<(String, u32)> {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/rules/buying-armies.md")).unwrap();
    let cells = |line: &str| -> Vec<String> {
        line.trim()
            .trim_matches('|')
            .split('|')
            .map(|c| c.trim().to_string())
            .collect()
    };
    let lines: Vec<&str> = doc.lines().collect();
    let mut prices = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if line.starts_with("|---") {
            let names = cells(lines[i - 1]);
            let values = cells(lines[i + 1]);
            if values.iter().all(|v| v.parse::<u32>().is_ok()) {
                prices.extend(names.into_iter().zip(values.iter().map(|v| v.parse().unwrap())));
            }
        }
    }
    prices
}

#[test]
fn each_piece_costs_what_the_price_list_says() {
    let prices = documented_prices();
    assert_eq!(prices.len(), 18, "nine army pieces and nine special stones");
    for (name, price) in prices {
        let mut e = Engine::new(Setup::new(Variant::BuyingArmies), Default::default());
        let mut run = |line: &str| execute_line(&mut e, line).unwrap();
        assert_eq!(
            run(&format!("variago-buy w {name}")),
            format!("= {}\n\n", 30 - price),
            "{name}"
        );
    }
}

#[test]
fn genmove_buys_for_the_engine_first() {
    let settings = SearchSettings {
        playouts: Some(30),
        time: None,
        ..Default::default()
    };
    let setup = Setup {
        size: 9,
        ..Setup::new(Variant::BuyingArmies)
    };
    // Typed, the engine buys both armies and plays.
    let mut e = Engine::new(setup.clone(), settings.clone());
    let reply = execute_line(&mut e, "variago-genmove b").unwrap();
    assert!(
        reply.starts_with("= ") && !reply.contains("resign") && !reply.contains("pass"),
        "{reply}"
    );
    assert_eq!(execute_line(&mut e, "variago-credit w").unwrap(), "= 0 done\n\n");
    // Plain, each side's buying ends with a click on the point `done` (K10
    // in the 11x11 frame), which buys its army, as a second copy's plain
    // `play` of that point does.
    let mut e = Engine::new(setup, settings);
    assert_eq!(execute_line(&mut e, "genmove b").unwrap(), "= K10\n\n");
    assert_eq!(execute_line(&mut e, "variago-credit b").unwrap(), "= 0 done\n\n");
    assert_eq!(execute_line(&mut e, "variago-credit w").unwrap(), "= 30 buying\n\n");
    assert_eq!(execute_line(&mut e, "genmove w").unwrap(), "= K10\n\n");
    assert_eq!(execute_line(&mut e, "variago-credit w").unwrap(), "= 0 done\n\n");
    let reply = execute_line(&mut e, "genmove b").unwrap();
    assert!(!reply.contains("pass") && !reply.contains("resign"), "{reply}");
}

#[test]
fn a_user_preset_inherits_and_bad_lines_are_named() {
    use variago::variants::wargo::presets::Library;
    let mut library = Library::builtin();
    let names = library
        .add("# mine\n[small-war]\ninherits = wargo\nsize = 9\nhand.white = wall:2\nstart = tao@E5 black:samurai@C3\n")
        .unwrap();
    let preset = library.preset(&names[0]).unwrap();
    assert_eq!(preset.size, 9);
    assert_eq!(
        preset.hands[0].text(),
        Library::builtin().preset("wargo").unwrap().hands[0].text()
    );
    assert_eq!(preset.hands[1].text(), "wall:2");
    let mut setup = Setup {
        size: 9,
        ..Setup::new(Variant::WarGo)
    };
    setup.set_value("preset", Some(std::sync::Arc::new(preset)));
    let g = variago::Game::new(&setup);
    assert_eq!(g.occupant(variago::Vertex::parse("C3").unwrap()).unwrap().symbol(), 'R');
    let err = Library::builtin().add("[x]\nstart = samurai@C3\n").unwrap_err();
    assert!(err.starts_with("line 2:") && err.contains("whose"), "{err}");
}

// --- Display ---

#[test]
fn displays_show_every_piece_and_the_tao_zones() {
    let mut e = Engine::new(Setup::new(Variant::CenterOfTao), Default::default());
    let mut run = |line: &str| execute_line(&mut e, line).unwrap();
    run("variago-play b G10");
    let board = run("showboard");
    assert!(board.contains("tao zones: G7 (E5-J9)"), "{board}");
    let gfx = run("gogui-rules_board_gfx");
    // The zones are tinted, stones and all: GoGui paints a point's colour
    // under its stone, where a mark would cover it.
    let zone = gfx.lines().find(|l| l.starts_with("COLOR #70b0ff")).unwrap_or_default();
    assert!(
        gfx.contains("G7 tao") && gfx.contains("SQUARE") && zone.contains(" E5 ") && zone.contains(" G10"),
        "{gfx}"
    );
    assert!(!gfx.contains("MARK"), "{gfx}");
    let mut e = Engine::new(
        Setup {
            size: 9,
            ..Setup::new(Variant::WarGo)
        },
        Default::default(),
    );
    let mut run = |line: &str| execute_line(&mut e, line).unwrap();
    for line in [
        "variago-play b samurai@C3",
        "variago-play w monk@G7",
        "variago-play b wall@E5",
        "variago-play w mercenary@A9",
        "variago-play b cavalry@J1",
        "variago-play w bomb:delayed@A1",
        "variago-play b ambassador@E1",
    ] {
        assert_eq!(run(line), "=\n\n", "{line}");
    }
    let board = run("showboard");
    for symbol in ["R", "m", "#", "E", "C", "b", "A"] {
        assert!(board.contains(symbol), "{symbol} in {board}");
    }
}

#[test]
fn a_new_tao_lets_a_soldier_step_again() {
    let rows = [
        ".......", ".......", ".......", ".......", ".......", "X......", ".......",
    ];
    let mut g = war(&rows, B);
    assert!(play(&mut g, B, "A2-A3").unwrap_err().contains("tao zone"));
    play(&mut g, B, "tao@C4").unwrap();
    play(&mut g, W, "pass").unwrap();
    play(&mut g, B, "A2-A3").unwrap();
    assert_eq!(at(&g, "A3"), 'X');
}

#[test]
fn superko_applies_to_mercenary_steps() {
    let mut g = war(&[".....", ".....", "..E..", ".....", "....."], B);
    play(&mut g, B, "C3-C4").unwrap();
    let err = play(&mut g, W, "C4-C3").unwrap_err();
    assert!(err.contains("superko"), "{err}");
}

#[test]
fn steps_beside_an_ambassador_or_into_a_monks_square_capture_nothing() {
    // The samurai steps to B2 and takes B3's last liberty.
    let mut g = war(&[".....", ".X...", "XOX..", "..R..", "A...."], B);
    play(&mut g, B, "C2-B2").unwrap();
    assert_eq!(at(&g, "B3"), '.', "without a guard the step captures");
    let mut g = war(&[".....", ".X...", "XOX..", "..R..", "A.m.."], B);
    play(&mut g, B, "C2-B2").unwrap();
    assert_eq!(at(&g, "B3"), 'O', "the monk's square spares it");
    let mut g = war(&[".....", ".X...", "XOX..", "A.X..", "....T"], B);
    play(&mut g, B, "C2-B2").unwrap();
    assert_eq!(at(&g, "B3"), 'O', "B2 is beside the ambassador");
}

#[test]
fn a_finished_game_lists_no_moves_and_genmove_answers() {
    let settings = SearchSettings {
        playouts: Some(20),
        time: None,
        ..Default::default()
    };
    let setup = Setup {
        size: 9,
        ..Setup::new(Variant::WarGo)
    };
    let mut e = Engine::new(setup, settings);
    let mut run = |line: &str| execute_line(&mut e, line).unwrap();
    run("play b E5");
    run("play w pass");
    run("play b pass");
    assert_eq!(run("variago-legal_moves"), "=\n\n");
    assert_eq!(run("final_score"), "= B+73.5\n\n");
    assert_eq!(run("genmove w"), "= resign\n\n");
    assert_eq!(run("genmove b"), "= pass\n\n");
}

#[test]
fn a_bad_preset_file_stops_the_program_naming_the_line() {
    let dir = std::env::temp_dir().join(format!("variago-preset-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.ini");
    std::fs::write(&bad, "[mine]\ninherits = wargo\n\nhand = wall:x\n").unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_variago"))
        .args(["--preset", bad.to_str().unwrap(), "perft", "--depth", "1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 4: bad count 'x'"), "{err}");
    let good = dir.join("good.ini");
    std::fs::write(&good, "[mine]\ninherits = wargo\nsize = 9\nhand = wall:1\n").unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_variago"))
        .args(["--preset", good.to_str().unwrap(), "perft", "--depth", "1"])
        .output()
        .unwrap();
    // 81 soldiers, 81 walls and pass.
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "163");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_side_that_finished_buying_cannot_pass_again() {
    let mut e = Engine::new(Setup::new(Variant::BuyingArmies), Default::default());
    let mut run = |line: &str| execute_line(&mut e, line).unwrap();
    assert_eq!(run("variago-buy b samurai 2"), "= 24\n\n");
    assert_eq!(run("play b pass"), "=\n\n");
    let before = (run("variago-board"), run("variago-credit b"), run("variago-credit w"));
    for line in ["play b pass", "variago-play b pass", "variago-buy b done"] {
        let answer = run(line);
        assert!(
            answer.starts_with("? ") && answer.contains("black has finished buying"),
            "{line}: {answer}"
        );
        let after = (run("variago-board"), run("variago-credit b"), run("variago-credit w"));
        assert_eq!(after, before, "{line} changed the game");
    }
    // White's pass ends the buying; its undo reopens white's buying alone.
    assert_eq!(run("play w pass"), "=\n\n");
    assert_eq!(run("undo"), "=\n\n");
    assert_eq!(run("variago-credit b"), "= 24 done\n\n");
    assert_eq!(run("variago-credit w"), "= 30 buying\n\n");
    assert_eq!(run("undo"), "=\n\n");
    assert_eq!(run("variago-credit b"), "= 24 buying\n\n");
    assert_eq!(run("undo"), "? cannot undo\n\n");
}

#[test]
fn in_gogui_a_second_done_click_is_refused_and_changes_nothing() {
    let mut e = Engine::new(Setup::new(Variant::BuyingArmies), Default::default());
    let mut run = |line: &str| execute_line(&mut e, line).unwrap();
    // In GoGui's frame (21x21 around 19x19) `done` is the point U20.
    assert_eq!(run("gogui-rules_board_size"), "= 21\n\n");
    assert_eq!(run("boardsize 21"), "=\n\n");
    assert_eq!(run("play b U20"), "=\n\n");
    assert_eq!(run("gogui-rules_side_to_move"), "= white\n\n");
    let state = |run: &mut dyn FnMut(&str) -> String| {
        [
            "variago-board",
            "variago-credit b",
            "gogui-rules_legal_moves",
            "gogui-rules_side_to_move",
        ]
        .map(run)
    };
    let before = state(&mut run);
    let answer = run("play b U20");
    assert_eq!(
        answer,
        "? illegal move: black has finished buying; white is still buying\n\n"
    );
    assert_eq!(state(&mut run), before, "the refused click changed the game");
    assert_eq!(run("play w U20"), "=\n\n");
    assert_eq!(run("variago-credit w").split_whitespace().last(), Some("done"));
}
