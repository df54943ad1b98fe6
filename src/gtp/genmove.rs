//! `genmove` and its relatives: the player's move for a side, named whole
//! or click by click, played or only suggested, and what a finished game
//! answers instead.

use super::args::Args;
use super::clicking::no_partial_move;
use super::engine::Engine;
use super::reply::Reply;
use crate::color::Color;
use crate::game::{Clicks, GameSetup, Position};
use crate::moves::Move;
use crate::player::dynkomi::own_view;
use crate::player::judge::Phase;
use crate::player::Resigning;
use crate::search::Report;

/// What a finished game answers to `genmove`: the loser resigns, the others pass.
pub fn answer_when_over(e: &Engine, color: Color) -> Option<String> {
    let outcome = e.final_outcome()?;
    Some(
        if outcome.winner() == Some(color.opponent()) {
            "resign"
        } else {
            "pass"
        }
        .into(),
    )
}

/// What a `genmove` may answer besides a move of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ask {
    /// `genmove`: the engine may resign a lost game.
    MayResign,
    /// `reg_genmove`: never resigns.
    NoResign,
    /// `kgs-genmove_cleanup`, KGS's cleanup phase after a disagreement on
    /// the dead stones: never resigns, and captures the opponent's dead
    /// stones first.
    Cleanup,
}

/// Searches for `color`, unless the end of the game calls for a move (see
/// [`crate::player::Player::ending_move`]), reporting the search's progress to `report`;
/// `Ok(None)` means resign.
fn choose(e: &mut Engine, color: Color, ask: Ask, report: Option<Report>) -> Result<Option<Move>, String> {
    let phase = match ask {
        Ask::Cleanup => Phase::Cleanup,
        Ask::MayResign | Ask::NoResign => Phase::Play,
    };
    if let Some(mv) = e.ending_move(color, phase) {
        return Ok(Some(mv));
    }
    let mut game = e.position_for(color)?;
    let extra_komi = e.player.apply_dynamic_komi(color, &mut game);
    // A search that plays for a larger margin than the real komi finds
    // low win rates in games it wins: they do not call for resigning.
    let resigning = match ask {
        Ask::MayResign if e.settings.config.resign_below > 0.0 && own_view(extra_komi, color) <= 0.0 => {
            Resigning::Allowed
        }
        _ => Resigning::Never,
    };
    let result = e.think_move(&game, color, resigning, report);
    e.player.note_dynamic_komi(color, extra_komi, &result);
    e.interrupt.store(false, std::sync::atomic::Ordering::Relaxed);
    match result.best {
        _ if result.resign => Ok(None),
        Some(mv) => Ok(Some(mv)),
        // No legal move: the side to move loses.
        None => Ok(None),
    }
}

/// Whether a `genmove` plays the move it answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Commit {
    /// `genmove`: the move is played.
    Play,
    /// `reg_genmove`: the move is only named.
    Suggest,
}

/// How a `genmove` names its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Notation {
    /// The whole move (`variago-genmove`).
    Typed,
    /// One click: the first click of the chosen move, whose other clicks
    /// answer the following `genmove`s of the same side.
    Clicks,
}

/// `genmove` and its relatives.
fn generate(e: &mut Engine, a: &Args, commit: Commit, notation: Notation, ask: Ask) -> Reply {
    a.count(1, 1)?;
    generate_for(e, a.color(0)?, commit, notation, ask, None)
}

/// [`generate`] for `color`, the search's progress sent to `report`.
fn generate_for(
    e: &mut Engine,
    color: Color,
    commit: Commit,
    notation: Notation,
    ask: Ask,
    report: Option<Report>,
) -> Reply {
    let (commit, typed) = (commit == Commit::Play, notation == Notation::Typed);
    if typed {
        no_partial_move(e)?;
    } else if let Some(click) = e.continuing_click(color)? {
        let text = e.click_text(color, click)?;
        if commit {
            e.click(color, click)
                .map_err(|r| format!("internal error: the planned click {click} fails: {r}"))?;
        }
        return Ok(text);
    }
    if let Some(answer) = answer_when_over(e, color) {
        return Ok(if ask == Ask::Cleanup { "pass".into() } else { answer });
    }
    let mv = if !typed && only_a_pass(e, color) {
        // A side setting up (Buying Armies) passes; the pass buys its army.
        Move::Pass
    } else {
        if typed {
            // Buying Armies: the engine buys for any side that has not yet.
            e.game.finish_setup();
        } else if color != e.game.to_move() {
            refuse_clicks_off_turn(e, color)?;
        }
        let Some(mv) = choose(e, color, ask, report)? else {
            return Ok("resign".into());
        };
        mv
    };
    if !typed {
        if color != e.game.to_move() && e.game.spell(mv).clicks().len() > 1 {
            return Err(format!(
                "{color}'s move {mv} takes several clicks, which start only on {color}'s turn ({} is to move)",
                e.game.to_move()
            ));
        }
        return e.begin_move(color, mv, commit);
    }
    if commit {
        e.play(color, mv)
            .map_err(|r| format!("internal error: search chose {mv}: {r}"))?;
    }
    Ok(mv.to_string())
}

/// Off its turn a side can be answered with a one-click move only, since
/// a move's clicks start on its mover's turn. Where every move `color` has
/// but the pass takes several clicks (the drops of Omino Go and DominGo),
/// this says so before a search that could only end in the refusal.
fn refuse_clicks_off_turn(e: &Engine, color: Color) -> Result<(), String> {
    let Ok(game) = e.position_for(color) else {
        return Ok(());
    };
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mut placements = moves.into_iter().filter(|&mv| mv != Move::Pass).peekable();
    if placements.peek().is_some() && placements.all(|mv| game.spell(mv).clicks().len() > 1) {
        return Err(format!(
            "{color}'s moves take several clicks, which start only on {color}'s turn ({} is to move)",
            e.game.to_move()
        ));
    }
    Ok(())
}

/// True when a pass is `color`'s one legal move.
fn only_a_pass(e: &Engine, color: Color) -> bool {
    let mut moves = Vec::new();
    e.game.legal_moves(&mut moves);
    color == e.game.to_move() && moves == [Move::Pass]
}

pub fn genmove(e: &mut Engine, a: &Args) -> Reply {
    generate(e, a, Commit::Play, Notation::Clicks, Ask::MayResign)
}

/// `genmove` for `color` as a plain client asks it, its search reporting
/// to `report`: the analysing forms of `genmove`.
pub fn genmove_reporting(e: &mut Engine, color: Color, report: Report) -> Reply {
    generate_for(e, color, Commit::Play, Notation::Clicks, Ask::MayResign, Some(report))
}

pub fn reg_genmove(e: &mut Engine, a: &Args) -> Reply {
    generate(e, a, Commit::Suggest, Notation::Clicks, Ask::NoResign)
}

/// KGS's cleanup phase: a genmove that captures the opponent's dead
/// stones first and never resigns.
pub fn genmove_cleanup(e: &mut Engine, a: &Args) -> Reply {
    generate(e, a, Commit::Play, Notation::Clicks, Ask::Cleanup)
}

pub fn typed_genmove(e: &mut Engine, a: &Args) -> Reply {
    generate(e, a, Commit::Play, Notation::Typed, Ask::MayResign)
}
