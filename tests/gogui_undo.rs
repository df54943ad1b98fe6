//! A person in emulated GoGui 1.6 (see `common::gogui`) who clicks, cancels
//! and steps back at random: GoGui keeps every click as a node, a cancel
//! too, and sends one `undo` per Backward, after which it rebuilds the
//! ruler from its tree. The program and the rebuilt ruler must hold the
//! same game after every step, in every variant whose moves take several
//! clicks.

mod common;

use common::gogui::{GoGui, Step};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// `steps` random actions in `variant`: a legal click (often the click
/// that cancels a partial move), a Backward, or a computer move.
/// Returns the number of cancels.
fn wander(variant: &str, size: &str, seed: u64, steps: usize) -> usize {
    let mut gogui = GoGui::attach(&[
        "--variant",
        variant,
        "--size",
        size,
        "--playouts",
        "10",
        "--threads",
        "1",
        "--no-resign",
    ]);
    gogui.rebuild_every = 1;
    let mut rng = SmallRng::seed_from_u64(seed);
    let (mut cancels, mut undos) = (0, 0);
    for _ in 0..steps {
        let roll = rng.random_range(0..10);
        if roll < 3 && !gogui.moves.is_empty() {
            gogui.undo();
            undos += 1;
            continue;
        }
        if roll == 3 {
            if gogui.computer_move() == Step::Over {
                break;
            }
            continue;
        }
        let legal = gogui.legal();
        if legal.is_empty() {
            break;
        }
        // The picked piece, or the first point of a drop, cancels.
        let partial = gogui.ask_program("variago-board");
        let first = partial
            .lines()
            .last()
            .filter(|line| line.starts_with("partial "))
            .and_then(|line| line.split_whitespace().nth(2).map(str::to_string));
        // Clicks beside the playing area pick pieces from the hands.
        let area: usize = size.parse().unwrap();
        let beside: Vec<&String> = legal.iter().filter(|v| *v != "pass" && !on_area(v, area)).collect();
        // Clicks on points played before pick pieces on the board (a
        // soldier that steps): a few among hundreds of empty points.
        let played: Vec<&String> = legal
            .iter()
            .filter(|v| gogui.moves.iter().any(|m| m[2..].eq_ignore_ascii_case(v)))
            .collect();
        let click = match first {
            Some(first) if rng.random_bool(0.4) => {
                cancels += 1;
                first
            }
            None if !beside.is_empty() && rng.random_bool(0.5) => beside[rng.random_range(0..beside.len())].clone(),
            None if !played.is_empty() && rng.random_bool(0.5) => played[rng.random_range(0..played.len())].clone(),
            _ => legal[rng.random_range(0..legal.len())].clone(),
        };
        assert!(gogui.click(&click), "{variant}: {click} was listed");
    }
    let divergences = format!("{:?}", gogui.divergences);
    assert!(
        gogui.divergences.is_empty(),
        "{variant} seed {seed}: {:.2000}",
        divergences
    );
    assert!(undos > 0, "{variant}: the walk stepped back");
    eprintln!(
        "{variant} seed {seed}: {} clicks, {cancels} cancels, {undos} undos",
        gogui.moves.len()
    );
    cancels
}

/// Whether `vertex` lies on the `area`x`area` playing area at the frame's
/// lower left.
fn on_area(vertex: &str, area: usize) -> bool {
    let column = vertex.as_bytes()[0].to_ascii_uppercase();
    let x = (column - b'A') as usize - usize::from(column > b'I');
    let y: usize = vertex[1..].parse().unwrap_or(usize::MAX);
    vertex != "pass" && x < area && (1..=area).contains(&y)
}

macro_rules! walks {
    ($($test:ident: $variant:expr, $size:expr;)*) => {
        $(
            #[test]
            fn $test() {
                let cancels: usize = (0..3).map(|seed| wander($variant, $size, seed, 60)).sum();
                assert!(cancels > 0, "{}: the walks cancelled a move", $variant);
            }
        )*
    };
}

walks! {
    gorogo_clicks_cancels_and_backwards: "gorogo", "5";
    wargo_clicks_cancels_and_backwards: "wargo", "9";
    center_of_tao_clicks_cancels_and_backwards: "center-of-tao", "13";
    mercenary_go_clicks_cancels_and_backwards: "mercenary-go", "16";
    buying_armies_clicks_cancels_and_backwards: "buying-armies", "9";
    group_go_clicks_cancels_and_backwards: "group-go", "9";
    omino_go_clicks_cancels_and_backwards: "omino-go", "7";
    domingo_clicks_cancels_and_backwards: "domingo", "5";
    special_stones_clicks_cancels_and_backwards: "special-stones", "9";
}

/// The GTP transcript of a pick, its cancel and one `undo`: the pick is
/// back, and the move before it stays.
fn pick_cancel_undo(variant: &str, size: &str, before: &[&str], pick: &str, survivor: &str) {
    let mut gogui = GoGui::attach(&["--variant", variant, "--size", size]);
    for vertex in before {
        assert!(gogui.click(vertex), "{variant}: {vertex}");
    }
    assert!(
        gogui.click(pick) && gogui.click(pick),
        "{variant}: pick and cancel {pick}"
    );
    gogui.undo();
    let board = gogui.ask_program("variago-board");
    assert!(board.ends_with(&format!("partial black {pick}")), "{variant}:\n{board}");
    assert!(
        gogui.ask_program("showboard").contains(survivor),
        "{variant}: {survivor} stays"
    );
    gogui.undo();
    assert!(!gogui.ask_program("variago-board").contains("partial"), "{variant}");
    assert_eq!(gogui.side_to_move(), "black", "{variant}");
    let divergences = format!("{:?}", gogui.divergences);
    assert!(gogui.divergences.is_empty(), "{variant}: {:.2000}", divergences);
}

#[test]
fn an_undo_after_a_cancel_takes_back_the_cancel() {
    // War Go: the cavalry in black's hand (K9), picked and put back.
    pick_cancel_undo("wargo", "9", &["E5", "G3"], "K9", "O");
    // GoRoGo: the henge in hand (F2).
    pick_cancel_undo("gorogo", "5", &["A1", "E5"], "F2", "O");
    // Omino Go: the first point of a drop, clicked twice.
    pick_cancel_undo("omino-go", "7", &["A1", "B1", "G7", "G6", "G5", "G4"], "D4", "O");
}
