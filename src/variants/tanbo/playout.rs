//! Tanbo's playouts, on the playout board ([`super::playout_board`]).
//!
//! In two-colour Tanbo a placement answers the opponent's last one where
//! it matters, as Go playouts answer ataris: it takes the last growth point
//! of an opponent's root near that move (which removes the root), or else
//! extends a root of its own that the move left a single growth point.
//! Otherwise it grows at random, redrawing a few times a placement that
//! would remove its own root (that throws a root away, which is rarely
//! right). Gray Tanbo, where no root is anyone's, grows at random.
//!
//! On small boards a two-colour playout stops after [`HORIZON`]
//! placements and scores the stone lead: random growth decides races by
//! chance, so a lead that stands after a few moves says more than the end
//! a random game reaches.

use super::playout_board::{Effect, PlayoutBoard};
use super::Form;
use crate::board::Board;
use crate::color::Color;
use crate::moves::Move;
use rand::rngs::SmallRng;

/// Draws before a self-removal in two-colour Tanbo is accepted.
const REDRAWS: usize = 3;

/// Placements after which a two-colour playout stops and is scored, on
/// boards up to [`HORIZON_SIZE`]. Larger boards play to the end: on 9x9,
/// whose roots start far apart, the same horizon lost 3 games of 60 to
/// whole playouts.
const HORIZON: usize = 16;
const HORIZON_SIZE: usize = 7;

/// The stone lead, in stones, that scores about 0.73 (the logistic's
/// scale).
const LEAD_SCALE: f64 = 3.0;

/// Plays placements from the position to the end, or in two-colour Tanbo
/// to the horizon, and returns the value for black; every move goes into
/// `trace`.
pub fn run(
    form: Form,
    board: &Board,
    mut to_move: Color,
    mut stones: [u32; 2],
    rng: &mut SmallRng,
    trace: &mut Vec<(Color, Move)>,
) -> f32 {
    let mut pb = PlayoutBoard::new(board);
    let mut last = None;
    let horizon = match form {
        Form::Colours if board.size() <= HORIZON_SIZE => HORIZON,
        _ => usize::MAX,
    };
    let mut placed = 0;
    loop {
        if let Some(winner) = form.winner(stones, to_move) {
            return if winner == Color::Black { 1.0 } else { 0.0 };
        }
        if placed == horizon {
            return lead_value(stones);
        }
        let cell = form.cell(to_move);
        let reply = match (form, last) {
            (Form::Colours, Some(last)) => answer(&pb, last, cell),
            _ => None,
        };
        let Some((p, effect)) = reply.or_else(|| random_growth(form, &pb, cell, rng)) else {
            // No growth point: only a position that play cannot reach.
            return if to_move == Color::Black { 0.0 } else { 1.0 };
        };
        let removed = pb.play(p, cell, &effect);
        form.account(&mut stones, cell, &removed);
        trace.push((to_move, Move::Place(board.vertex(p))));
        last = Some(p);
        to_move = to_move.opponent();
        placed += 1;
    }
}

/// The value for black of a stone lead: the logistic of the lead over
/// [`LEAD_SCALE`].
fn lead_value(stones: [u32; 2]) -> f32 {
    let lead = stones[0] as f64 - stones[1] as f64;
    (1.0 / (1.0 + (-lead / LEAD_SCALE).exp())) as f32
}

/// A random growth point of `cell` and its effect.
fn random_growth(form: Form, pb: &PlayoutBoard, cell: u8, rng: &mut SmallRng) -> Option<(usize, Effect)> {
    let mut chosen = None;
    for _ in 0..=REDRAWS {
        let p = pb.random_growth(cell, rng)?;
        let effect = pb.effect(p, cell);
        chosen = Some((p, effect));
        if !(effect.suicide && form == Form::Colours) {
            break;
        }
    }
    chosen
}

/// The answer of the side placing `cell` to the opponent's placement at
/// `last`: a capture of a root near it left one growth point that `cell`
/// may take, else the extension of a root of `cell` beside it left one
/// growth point; neither when it would remove the mover's own root.
fn answer(pb: &PlayoutBoard, last: usize, cell: u8) -> Option<(usize, Effect)> {
    // Every root whose growth points the move changed: the root it grew,
    // and roots beside it or beside its empty neighbours.
    let mut near = [0u16; 16];
    let mut count = 0;
    let mut add = |root: Option<u16>| {
        if let Some(r) = root {
            if count < near.len() && !near[..count].contains(&r) {
                near[count] = r;
                count += 1;
            }
        }
    };
    add(pb.root_at(last));
    for n in pb.neighbours(last) {
        match pb.root_at(n) {
            Some(r) => add(Some(r)),
            None if pb.is_empty(n) => {
                for m in pb.neighbours(n) {
                    add(pb.root_at(m));
                }
            }
            None => {}
        }
    }
    let mut save = None;
    for &root in &near[..count] {
        let Some(g) = pb.single_growth(root) else { continue };
        if pb.grows(g, cell).is_none() {
            continue;
        }
        let effect = pb.effect(g, cell);
        if effect.suicide {
            continue;
        }
        if pb.root_cell(root) != cell {
            return Some((g, effect));
        }
        save.get_or_insert((g, effect));
    }
    save
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Position;
    use crate::search::SearchHints;
    use crate::variants::tanbo::Tanbo;
    use crate::variants::{Setup, Variant};
    use rand::SeedableRng;

    /// Two-colour playouts on 7x7 stop at the horizon with the stone
    /// lead's value, unless the game ends first; on 9x9, and gray ones,
    /// play to the end.
    #[test]
    fn two_colour_playouts_stop_at_the_horizon_and_score_the_lead() {
        for (variant, size, horizon) in [
            (Variant::Tanbo, 7, Some(HORIZON)),
            (Variant::Tanbo, 9, None),
            (Variant::GrayTanbo, 7, None),
        ] {
            let mut setup = Setup::new(variant);
            setup.size = size;
            let start = Tanbo::new(&setup);
            let mut rng = SmallRng::seed_from_u64(1);
            let mut trace = Vec::new();
            let mut stopped = 0;
            for _ in 0..200 {
                trace.clear();
                let value = start.rollout(&mut rng, &mut trace);
                let mut game = start.clone();
                for &(color, mv) in &trace {
                    game.play(color, mv).expect("a playout plays legal moves");
                }
                match game.outcome() {
                    Some(outcome) => assert_eq!(value, outcome.value_for_black()),
                    None => {
                        assert_eq!(Some(trace.len()), horizon);
                        assert_eq!(value, lead_value(game.state().stones));
                        stopped += 1;
                    }
                }
            }
            assert_eq!(stopped > 0, horizon.is_some(), "{variant:?} {size}x{size}");
        }
    }

    #[test]
    fn a_stone_lead_scores_by_its_size() {
        assert_eq!(lead_value([5, 5]), 0.5);
        assert!(lead_value([8, 5]) > 0.7 && lead_value([8, 5]) < 0.75);
        assert!((lead_value([5, 8]) + lead_value([8, 5]) - 1.0).abs() < 1e-6);
        assert!(lead_value([20, 2]) > 0.99);
    }
}
