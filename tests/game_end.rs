//! Games that end as they should. Resignation needs evidence in every
//! variant: several searches in a row that find the game lost, with many
//! simulations behind them, more on bigger boards. A short search on a big
//! board spreads a few visits over hundreds of moves, so its best move's
//! win rate is noise and must never resign a game. And a side that has won
//! passes when its opponent passes, in every variant with steps.

mod common;

use common::process::Gtp;

/// Plays `moves` moves by `genmove` for both sides and returns the first
/// resignation, if any, as its move number.
fn first_resignation(args: &[&str], moves: usize) -> Option<usize> {
    let mut gtp = Gtp::start(env!("CARGO_BIN_EXE_variago"), args);
    for n in 0..moves {
        let color = if n % 2 == 0 { "b" } else { "w" };
        match gtp.ok(&format!("variago-genmove {color}")).as_str() {
            "resign" => return Some(n + 1),
            _ if gtp.ok("gogui-rules_legal_moves").is_empty() => return None,
            _ => {}
        }
    }
    None
}

#[test]
fn three_hundred_playouts_on_19x19_never_resign_the_first_hundred_moves() {
    for (variant, seed) in [("center-of-tao", "12"), ("mercenary-go", "1")] {
        let args = [
            "--variant",
            variant,
            "--size",
            "19",
            "--playouts",
            "300",
            "--seed",
            seed,
            "--threads",
            "1",
        ];
        assert_eq!(first_resignation(&args, 100), None, "{variant} seed {seed}");
    }
}

#[test]
fn a_won_game_whose_opponent_passes_ends_in_two_passes() {
    for (variant, size) in [("special-stones", "9"), ("wargo", "9")] {
        let mut gtp = Gtp::start(
            env!("CARGO_BIN_EXE_variago"),
            &[
                "--variant",
                variant,
                "--size",
                size,
                "--playouts",
                "300",
                "--threads",
                "1",
                "--no-resign",
                "--seed",
                "1",
            ],
        );
        // Black holds the board's centre and white has nothing: a pass
        // ends the game won.
        gtp.ok("variago-play b E5");
        gtp.ok("variago-play w pass");
        assert_eq!(gtp.ok("variago-genmove b"), "pass", "{variant}");
        assert!(
            gtp.ok("gogui-rules_legal_moves").is_empty(),
            "{variant}: the game is over"
        );
        assert!(gtp.ok("final_score").starts_with("B+"), "{variant}");
    }
}
