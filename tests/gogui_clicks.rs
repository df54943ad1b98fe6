//! A person's clicks in emulated GoGui 1.6 (see `common::gogui`): every
//! kind of typed move, one click at a time, a cancel and an undo in the
//! middle of a move; the program and the ruler hold the same game after
//! every click.

mod common;

use common::gogui::GoGui;

/// Clicks each vertex of `clicks` in turn; each must be in the ruler's list.
fn click_all(gogui: &mut GoGui, clicks: &str) {
    for vertex in clicks.split_whitespace() {
        assert!(gogui.click(vertex), "{vertex} is not in the ruler's list");
    }
}

/// The typed moves the program recorded, as `MV` gives them.
fn typed_moves(gogui: &mut GoGui) -> Vec<String> {
    let record = gogui.ask_program("printsgf");
    record
        .split("MV[")
        .skip(1)
        .map(|rest| rest[..rest.find(']').unwrap()].to_string())
        .collect()
}

fn no_divergence(gogui: &GoGui) {
    assert!(gogui.divergences.is_empty(), "{:?}", gogui.divergences);
}

#[test]
fn a_henge_is_picked_from_the_hand_and_dropped() {
    let mut gogui = GoGui::attach(&["--variant", "gorogo"]);
    assert_eq!(gogui.size, 7, "5x5 and a column for each hand");
    // Black's hand: F1 normal pieces, F2 henges; white's: G5, G4.
    let gfx = gogui.ask_ruler("gogui-rules_board_gfx");
    assert!(gfx.contains("F1 10st F2 2H G5 10st G4 2H"), "{gfx}");
    assert!(gogui.legal().contains(&"F2".to_string()));
    assert!(
        !gogui.legal().contains(&"G4".to_string()),
        "white's hand is not black's to click"
    );
    click_all(&mut gogui, "F2");
    assert_eq!(gogui.side_to_move(), "black", "the move goes on");
    let legal = gogui.legal();
    assert!(legal.contains(&"A1".to_string()) && legal.contains(&"F2".to_string()));
    assert!(!legal.contains(&"C3".to_string()), "the setup henge's point is taken");
    let gfx = gogui.ask_ruler("gogui-rules_board_gfx");
    assert!(gfx.contains("TRIANGLE F2"), "the picked piece is marked: {gfx}");
    click_all(&mut gogui, "A1 B2");
    assert_eq!(typed_moves(&mut gogui), ["henge@A1"]);
    assert!(gogui.ask_ruler("gogui-rules_board_gfx").contains("F2 1H"));
    no_divergence(&gogui);
}

#[test]
fn every_special_stone_by_clicks() {
    let mut gogui = GoGui::attach(&["--variant", "special-stones", "--size", "9"]);
    // 9x9 in a 13x13 frame: black's hand in columns K (War Go's nine
    // pieces) and L from the bottom (L1 twoeye:friendly, L2 twoeye:any, L3
    // extramove, L4 replacer, L5 switcher, L6 innerstrength, L7 connector,
    // L8 repeller, L9 kingsson); white's in columns M and N from the top
    // (N9 twoeye:friendly ... N1 kingsson).
    assert_eq!(gogui.size, 13);
    click_all(&mut gogui, "L5 E5  E6  L3 C3");
    assert_eq!(gogui.side_to_move(), "black", "the extra move's second move");
    // The second move; a replacer onto Black's C3; the switcher's swap
    // with White's E6; then every other special stone.
    click_all(
        &mut gogui,
        "G7  N6 C3  E5 E6  N9 A9  L2 J1  N3 H8  L8 B2  N1 G2  L6 D8  N2 A5  L9 F3  N8 J9  L1 C7  N4 H2  L7 D1",
    );
    assert_eq!(
        typed_moves(&mut gogui),
        [
            "switcher@E5",
            "extramove@C3",
            "replacer@C3",
            "E5-E6",
            "twoeye:friendly@A9",
            "twoeye:any@J1",
            "connector@H8",
            "repeller@B2",
            "kingsson@G2",
            "innerstrength@D8",
            "repeller@A5",
            "kingsson@F3",
            "twoeye:any@J9",
            "twoeye:friendly@C7",
            "innerstrength@H2",
            "connector@D1",
        ]
    );
    // White may not click beside Black's repeller.
    assert!(!gogui.legal().contains(&"B3".to_string()));
    no_divergence(&gogui);
}

#[test]
fn every_war_go_piece_by_clicks() {
    let mut gogui = GoGui::attach(&["--variant", "wargo", "--size", "9"]);
    // 9x9 in an 11x11 frame: black's hand in column K from the bottom
    // (ambassador K1, bomb K2, wall K3, spy K4, monk K5, tao K6, mercenary
    // K7, samurai K8, cavalry K9), white's in column L from the top (L9
    // ambassador ... L1 cavalry); a bomb's mode above them, K10 immediate,
    // L10 delayed.
    assert_eq!(gogui.size, 11);
    click_all(
        &mut gogui,
        "K3 E5  L9 C7  K2 D4 L10  L7 G3  K1 B8  L6 G4  K5 B2  L2 H7  K6 E2  L3 A5  K8 F8  L1 C4 \
         K7 J9  L8 B3 K10",
    );
    // A samurai's step, a cavalry's horse move, a mercenary stepped by
    // each side, a soldier stepping in the tao's zone, a spy turning it.
    click_all(&mut gogui, "F8 F7  C4 D6  J9 J8  A5 A6  E1 H9  E1 D1  L6 D2");
    assert_eq!(
        typed_moves(&mut gogui),
        [
            "wall@E5",
            "ambassador@C7",
            "bomb:delayed@D4",
            "wall@G3",
            "ambassador@B8",
            "spy@G4",
            "monk@B2",
            "samurai@H7",
            "tao@E2",
            "mercenary@A5",
            "samurai@F8",
            "cavalry@C4",
            "mercenary@J9",
            "bomb:immediate@B3",
            "F8-F7",
            "C4-D6",
            "J9-J8",
            "A5-A6",
            "E1-D1",
            "spy@D2",
        ]
    );
    let board = gogui.ask_ruler("showboard");
    assert!(
        board.contains(" 1  . . . O ."),
        "the spy turned the soldier on D1: {board}"
    );
    assert!(board.contains(" 2  . . . O T"), "{board}");
    no_divergence(&gogui);
}

#[test]
fn a_cancel_and_an_undo_in_the_middle_of_a_move() {
    let mut gogui = GoGui::attach(&["--variant", "wargo", "--size", "9"]);
    click_all(&mut gogui, "K3");
    assert!(
        gogui.legal().contains(&"K3".to_string()),
        "the picked piece is listed: it cancels"
    );
    click_all(&mut gogui, "K3");
    assert_eq!(gogui.side_to_move(), "black");
    assert!(!gogui.ask_ruler("variago-board").contains("partial"));
    click_all(&mut gogui, "K2 D4");
    gogui.undo();
    assert_eq!(gogui.side_to_move(), "black");
    assert!(gogui.ask_program("variago-board").ends_with("partial black K2"));
    click_all(&mut gogui, "E4 L10");
    assert_eq!(gogui.side_to_move(), "white");
    // An undo after a whole move takes back its last click only.
    gogui.undo();
    assert!(gogui.ask_ruler("variago-board").ends_with("partial black K2 E4"));
    click_all(&mut gogui, "L10");
    assert_eq!(typed_moves(&mut gogui), ["bomb:delayed@E4"]);
    no_divergence(&gogui);
}

#[test]
fn steps_in_center_of_tao_and_mercenary_go() {
    // A soldier in the zone of the tao on G7 steps.
    let mut gogui = GoGui::attach(&["--variant", "center-of-tao", "--size", "13"]);
    assert_eq!(gogui.size, 13, "no hand, no frame");
    click_all(&mut gogui, "F6 C3 F6 F5");
    assert_eq!(typed_moves(&mut gogui), ["F6-F5"]);
    no_divergence(&gogui);
    // Either side steps the mercenary on D4.
    let mut gogui = GoGui::attach(&["--variant", "mercenary-go", "--size", "16"]);
    click_all(&mut gogui, "D4 D5 D5 E5");
    assert_eq!(typed_moves(&mut gogui), ["D4-D5", "D5-E5"]);
    no_divergence(&gogui);
}
