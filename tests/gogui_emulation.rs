//! Computer-against-computer games in emulated GoGui 1.6 (see
//! `common::gogui`), for every variant: the program's `genmove` answers,
//! relayed to the ruler by `play`, never part the two copies.
//!
//! Each variant is one line of the table below; a new variant is added
//! there.

mod common;

use common::gogui::{GoGui, Step};

/// One variant's games: `games` games with seeds 0, 1, ..., each at most
/// `max_steps` clicks, the program searching `playouts` per move.
struct Games {
    variant: &'static str,
    size: Option<usize>,
    games: u64,
    playouts: u64,
    max_steps: usize,
    /// Steps between two full GoGui rebuilds of the ruler.
    rebuild_every: usize,
    /// Whether moves of several clicks must occur over the games.
    typed: bool,
}

/// Plays the games and checks that no divergence occurred; returns the
/// number of moves of several clicks.
fn play(spec: Games) -> usize {
    let mut divergences = 0;
    let mut typed = 0;
    let mut steps = 0;
    for seed in 0..spec.games {
        let (playouts, seed_text) = (spec.playouts.to_string(), seed.to_string());
        let mut args = vec![
            "--variant",
            spec.variant,
            "--playouts",
            &playouts,
            "--seed",
            &seed_text,
            "--no-resign",
        ];
        let size = spec.size.map(|s| s.to_string());
        if let Some(size) = &size {
            args.extend(["--size", size]);
        }
        let mut gogui = GoGui::attach(&args);
        gogui.rebuild_every = spec.rebuild_every;
        gogui.play_out(spec.max_steps);
        steps += gogui.moves.len();
        typed += gogui.ask_program("printsgf").matches("MV[").count();
        divergences += gogui.divergences.len();
    }
    eprintln!(
        "{}: {} games, {steps} clicks, {typed} moves of several clicks, {divergences} divergences",
        spec.variant, spec.games
    );
    assert_eq!(divergences, 0, "{}: program and ruler parted", spec.variant);
    if spec.typed {
        assert!(typed > 0, "{}: no move of several clicks occurred", spec.variant);
    }
    typed
}

/// One test per variant, with its table line.
macro_rules! games {
    ($($test:ident: $spec:expr;)*) => {
        $(
            #[test]
            fn $test() {
                play($spec);
            }
        )*
    };
}

games! {
    go_in_gogui: Games { variant: "go", size: Some(5), games: 20, playouts: 30, max_steps: 200, rebuild_every: 4, typed: false };
    atari_in_gogui: Games { variant: "atari", size: Some(5), games: 20, playouts: 30, max_steps: 200, rebuild_every: 1, typed: false };
    yugo_in_gogui: Games { variant: "yugo", size: Some(5), games: 20, playouts: 30, max_steps: 200, rebuild_every: 4, typed: false };
    gorogo_in_gogui: Games { variant: "gorogo", size: None, games: 20, playouts: 30, max_steps: 200, rebuild_every: 1, typed: true };
    migoyugo_in_gogui: Games { variant: "migoyugo", size: Some(5), games: 20, playouts: 30, max_steps: 200, rebuild_every: 2, typed: false };
    wargo_in_gogui: Games { variant: "wargo", size: Some(9), games: 20, playouts: 30, max_steps: 400, rebuild_every: 40, typed: true };
    center_of_tao_in_gogui: Games { variant: "center-of-tao", size: Some(13), games: 20, playouts: 8, max_steps: 300, rebuild_every: 40, typed: true };
    mercenary_go_in_gogui: Games { variant: "mercenary-go", size: Some(16), games: 20, playouts: 8, max_steps: 300, rebuild_every: 40, typed: true };
    buying_armies_in_gogui: Games { variant: "buying-armies", size: Some(9), games: 20, playouts: 30, max_steps: 400, rebuild_every: 40, typed: true };
    group_go_in_gogui: Games { variant: "group-go", size: Some(9), games: 8, playouts: 20, max_steps: 300, rebuild_every: 20, typed: true };
    omino_go_in_gogui: Games { variant: "omino-go", size: Some(7), games: 10, playouts: 20, max_steps: 300, rebuild_every: 10, typed: true };
    domingo_in_gogui: Games { variant: "domingo", size: Some(5), games: 10, playouts: 20, max_steps: 300, rebuild_every: 4, typed: true };
    special_stones_in_gogui: Games { variant: "special-stones", size: Some(9), games: 10, playouts: 30, max_steps: 400, rebuild_every: 40, typed: true };
    tanbo_in_gogui: Games { variant: "tanbo", size: Some(7), games: 20, playouts: 30, max_steps: 200, rebuild_every: 4, typed: false };
    gray_tanbo_in_gogui: Games { variant: "gray-tanbo", size: Some(7), games: 20, playouts: 30, max_steps: 200, rebuild_every: 4, typed: false };
    unsquare_go_in_gogui: Games { variant: "unsquare-go", size: Some(7), games: 20, playouts: 30, max_steps: 200, rebuild_every: 4, typed: false };
    squares_in_gogui: Games { variant: "squares", size: Some(7), games: 20, playouts: 30, max_steps: 200, rebuild_every: 4, typed: false };
}

/// War Go on 19x19 fits GoGui: a 21x21 frame, and a game's first moves.
#[test]
fn wargo_19x19_in_a_frame() {
    let mut gogui = GoGui::attach(&["--variant", "wargo", "--playouts", "20"]);
    assert_eq!(gogui.size, 21);
    gogui.rebuild_every = 8;
    for _ in 0..24 {
        assert!(matches!(gogui.computer_move(), Step::Played(_)));
    }
    gogui.rebuild();
    gogui.compare("24 clicks");
    assert!(gogui.divergences.is_empty(), "{:?}", gogui.divergences);
}

/// Yugo's button is a click of its own, the frame's top right corner, so
/// that GoGui's end after two passes in a row is Yugo's: black takes the
/// button, white passes, and the game goes on to two real passes.
#[test]
fn yugo_the_button_and_then_a_pass_go_on() {
    let mut gogui = GoGui::attach(&["--variant", "yugo", "--size", "5", "--playouts", "30", "--seed", "1"]);
    assert_eq!(gogui.size, 6, "a 5x5 board in a 6x6 frame");
    let legal = gogui.legal();
    assert!(legal.contains(&"F6".to_string()), "{legal:?}");
    assert!(
        !legal.contains(&"pass".to_string()),
        "no pass before the button: {legal:?}"
    );
    assert!(gogui.ask_ruler("gogui-rules_board_gfx").contains("F6 btn"));
    assert!(!gogui.click("pass"));
    assert!(gogui.click("F6"));
    assert_eq!(gogui.ask_ruler("variago-button"), "black");
    assert_eq!(gogui.ask_program("variago-button"), "black");
    assert!(!gogui.legal().contains(&"F6".to_string()), "the button is taken once");
    assert!(gogui.click("pass"), "white's real pass");
    assert_eq!(gogui.side_to_move(), "black");
    assert!(matches!(gogui.computer_move(), Step::Played(_)), "the game goes on");
    assert_eq!(gogui.play_out(200), Step::Over);
    assert!(gogui.both_passed(), "two real passes end it: {:?}", gogui.moves);
    assert!(!gogui.ask_ruler("gogui-rules_final_result").is_empty());
    assert!(gogui.divergences.is_empty(), "{:?}", gogui.divergences);
}

/// The engine takes the button by its cell, and its games end where
/// GoGui's do.
#[test]
fn yugo_the_engine_takes_the_button_by_its_cell() {
    for seed in ["0", "1", "2"] {
        let mut gogui = GoGui::attach(&["--variant", "yugo", "--size", "5", "--playouts", "30", "--seed", seed]);
        assert_eq!(gogui.play_out(200), Step::Over);
        let buttons = gogui.moves.iter().filter(|m| m.ends_with(" F6")).count();
        assert_eq!(buttons, 1, "{:?}", gogui.moves);
        assert!(gogui.both_passed());
        assert_ne!(gogui.ask_program("variago-button"), "none");
        assert!(gogui.divergences.is_empty(), "{:?}", gogui.divergences);
    }
}
