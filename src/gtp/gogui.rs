//! GoGui support: the ruler protocol (`gogui-rules_*`), which lets GoGui
//! show and referee any variant, and the analyze commands with their gfx.

use super::args::Args;
use super::commands::{Handler, Reply};
use super::engine::Engine;
use crate::color::Color;
use crate::game::{Occupant, Owner, Position};
use crate::moves::{Move, Piece, Vertex};
use crate::search::MoveStats;
use crate::variants::Game;
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::collections::BTreeSet;

pub const COMMANDS: &[(&str, Handler)] = &[
    ("gogui-rules_game_id", |e, a| {
        a.count(0, 0).map(|_| e.variant().game_id().into())
    }),
    ("gogui-rules_board_size", |e, a| {
        a.count(0, 0).map(|_| e.game.size().to_string())
    }),
    ("gogui-rules_board", |e, a| a.count(0, 0).map(|_| ruler_board(&e.game))),
    ("gogui-rules_board_gfx", |e, a| {
        a.count(0, 0).map(|_| pieces_gfx(&e.game))
    }),
    ("gogui-rules_legal_moves", |e, a| {
        a.count(0, 0).map(|_| clickable_moves(&e.game))
    }),
    ("gogui-rules_side_to_move", |e, a| {
        a.count(0, 0).map(|_| e.game.to_move().name().into())
    }),
    ("gogui-rules_captured_count", captured_count),
    ("gogui-rules_final_result", final_result),
    ("gogui-analyze_commands", analyze_commands),
    ("variago-gfx_legal", |e, a| a.count(0, 0).map(|_| legal_gfx(&e.game))),
    ("variago-gfx_ownership", ownership_gfx),
    ("variago-gfx_search", search_gfx),
    ("variago-pv", principal_variation),
    ("variago-score_estimate", score_estimate),
    ("variago-live_gfx", live_gfx),
];

fn vertices(size: usize) -> impl Iterator<Item = Vertex> {
    (0..size)
        .rev()
        .flat_map(move |y| (0..size).map(move |x| Vertex::new(x, y)))
}

/// Rows from the top with `X`, `O` and `.`; neutral pieces show as empty
/// and are drawn by the gfx.
fn ruler_board(game: &Game) -> String {
    let size = game.size();
    let mut rows = Vec::new();
    for y in (0..size).rev() {
        let row: Vec<&str> = (0..size)
            .map(|x| match game.occupant(Vertex::new(x, y)).map(|o| o.owner) {
                Some(Owner::Player(Color::Black)) => "X",
                Some(Owner::Player(Color::White)) => "O",
                _ => ".",
            })
            .collect();
        rows.push(row.join(" "));
    }
    rows.join("\n")
}

/// A piece that a plain black or white stone does not show.
fn is_special(o: Occupant) -> bool {
    !matches!(o.piece, Piece::Stone | Piece::Pawn | Piece::Migo) || o.owner == Owner::Neutral
}

/// Labels for every special piece, squares around neutral ones, a gray
/// fill for gray stones, marks on zones.
fn pieces_gfx(game: &Game) -> String {
    let mut labels = Vec::new();
    let mut neutral = Vec::new();
    let mut gray = Vec::new();
    for v in vertices(game.size()) {
        let Some(o) = game.occupant(v).filter(|&o| is_special(o)) else { continue };
        if o.piece == Piece::Gray {
            gray.push(format!("{v} 1"));
            continue;
        }
        labels.push(format!(
            "{v} {}",
            game.label(v).unwrap_or_else(|| o.symbol().to_string())
        ));
        if o.owner == Owner::Neutral {
            neutral.push(v.to_string());
        }
    }
    let mut gfx = Vec::new();
    if !labels.is_empty() {
        gfx.push(format!("LABEL {}", labels.join(" ")));
    }
    if !neutral.is_empty() {
        gfx.push(format!("SQUARE {}", neutral.join(" ")));
    }
    // GoGui has no gray stone. Its black influence is a gray square
    // inside the point, which is how the gray stones are drawn, while
    // the X/O board leaves their points empty: GoGui's own Go board then
    // never sees a stone, so no capture, suicide or ko of its rules
    // interferes with a click.
    if !gray.is_empty() {
        gfx.push(format!("INFLUENCE {}", gray.join(" ")));
    }
    // Zones where pieces gain powers (War Go's tao zones) are marked.
    let zones: Vec<String> = game.zones().iter().map(Vertex::to_string).collect();
    if !zones.is_empty() {
        gfx.push(format!("MARK {}", zones.join(" ")));
    }
    gfx.join("\n")
}

/// The vertices a click may play (`play COLOR VERTEX`), and `pass` when
/// legal. Other moves (typed drops, steps) go through analyze commands.
fn clickable_moves(game: &Game) -> String {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for mv in moves {
        let text = match mv {
            Move::Place(v) => v.to_string(),
            Move::Pass => "pass".into(),
            _ => continue,
        };
        if seen.insert(text.clone()) {
            out.push(text);
        }
    }
    out.join(" ")
}

fn captured_count(e: &mut Engine, a: &Args) -> Reply {
    a.count(0, 0)?;
    let [black, white] = e.game.captures();
    Ok(format!("{black} {white}"))
}

fn final_result(e: &mut Engine, a: &Args) -> Reply {
    a.count(0, 0)?;
    Ok(match e.game.outcome() {
        None => String::new(),
        Some(outcome) => match outcome.winner() {
            Some(c) => format!("{} wins ({outcome})", if c == Color::Black { "Black" } else { "White" }),
            None => "Draw".into(),
        },
    })
}

fn analyze_commands(e: &mut Engine, a: &Args) -> Reply {
    a.count(0, 0)?;
    let mut lines = vec![
        "gfx/Legal moves/variago-gfx_legal".to_string(),
        "string/Legal moves (typed)/variago-legal_moves".into(),
        "string/Board and pieces/variago-board".into(),
        "gfx/Search: visits and win rates/variago-gfx_search %m".into(),
        "var/Principal variation/variago-pv %m".into(),
        "none/Live graphics on/variago-live_gfx on".into(),
        "none/Live graphics off/variago-live_gfx off".into(),
        "none/Pondering on/variago-ponder on".into(),
        "none/Pondering off/variago-ponder off".into(),
    ];
    let mut rng = SmallRng::seed_from_u64(0);
    if e.game.ownership(&mut rng, 1).is_some() {
        lines.push("gfx/Ownership/variago-gfx_ownership".into());
        lines.push("string/Score estimate/variago-score_estimate".into());
    }
    if e.game.hand(Color::Black).is_some() {
        lines.push("string/Hand/variago-hand %m".into());
    }
    // Moves a click cannot express: one entry per droppable piece.
    let mut moves = Vec::new();
    e.game.legal_moves(&mut moves);
    let pieces: BTreeSet<&str> = moves
        .iter()
        .filter_map(|m| match m {
            Move::Drop(p, _) => Some(p.name()),
            _ => None,
        })
        .collect();
    for piece in pieces {
        lines.push(format!("none/Play {piece} at point/variago-play %m {piece}@%p"));
    }
    Ok(lines.join("\n"))
}

fn legal_gfx(game: &Game) -> String {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let points: BTreeSet<Vertex> = moves.iter().filter_map(|m| m.vertex()).collect();
    let list: Vec<String> = points.iter().map(Vertex::to_string).collect();
    if list.is_empty() {
        "TEXT no legal moves".into()
    } else {
        format!("MARK {}", list.join(" "))
    }
}

fn ownership(e: &Engine) -> Option<Vec<f32>> {
    let mut rng = SmallRng::seed_from_u64(e.settings.config.seed);
    e.game.ownership(&mut rng, 400)
}

fn ownership_gfx(e: &mut Engine, a: &Args) -> Reply {
    a.count(0, 0)?;
    let owner = ownership(e).ok_or("this variant has no notion of area")?;
    let size = e.game.size();
    let values: Vec<String> = vertices(size)
        .map(|v| format!("{v} {:.2}", owner[v.y as usize * size + v.x as usize]))
        .collect();
    Ok(format!("INFLUENCE {}", values.join(" ")))
}

fn score_estimate(e: &mut Engine, a: &Args) -> Reply {
    a.count(0, 0)?;
    let owner = ownership(e).ok_or("this variant has no notion of area")?;
    let black: f32 = owner.iter().sum();
    let lead = black - e.setup.komi;
    let who = if lead >= 0.0 { 'B' } else { 'W' };
    Ok(format!(
        "{who}+{:.1} (from 400 playouts, komi {})",
        lead.abs(),
        e.setup.komi
    ))
}

/// `VAR` text for a line of moves starting with `color`.
fn var_text(color: Color, pv: &[Move]) -> String {
    let mut c = color;
    let mut parts = Vec::new();
    for mv in pv {
        let point = mv.vertex().map_or("pass".into(), |v| v.to_string());
        parts.push(format!("{} {point}", if c == Color::Black { "b" } else { "w" }));
        c = c.opponent();
    }
    parts.join(" ")
}

/// Labels of visits and win rates for the best root moves, and the best line.
pub fn stats_gfx(color: Color, stats: &[MoveStats], playouts: u64) -> String {
    let mut labels = Vec::new();
    for s in stats.iter().filter(|s| s.visits > 0).take(12) {
        if let Move::Place(v) | Move::Drop(_, v) | Move::Step(_, v) = s.mv {
            labels.push(format!("{v} {:.0}%", 100.0 * s.winrate));
        }
    }
    let mut gfx = Vec::new();
    if !labels.is_empty() {
        gfx.push(format!("LABEL {}", labels.join(" ")));
    }
    if let Some(best) = stats.first() {
        gfx.push(format!("VAR {}", var_text(color, &best.pv)));
        gfx.push(format!(
            "TEXT {} {:.1}% after {playouts} playouts",
            best.mv,
            100.0 * best.winrate
        ));
    }
    gfx.join("\n")
}

fn search_gfx(e: &mut Engine, a: &Args) -> Reply {
    a.count(0, 1)?;
    let color = if a.is_empty() { e.game.to_move() } else { a.color(0)? };
    let game = e.position_for(color)?;
    let result = e.think(&game, color, false);
    Ok(stats_gfx(color, &result.moves, result.playouts))
}

fn principal_variation(e: &mut Engine, a: &Args) -> Reply {
    a.count(0, 1)?;
    let color = if a.is_empty() { e.game.to_move() } else { a.color(0)? };
    let game = e.position_for(color)?;
    let result = e.think(&game, color, false);
    Ok(result
        .moves
        .first()
        .map_or(String::new(), |best| var_text(color, &best.pv)))
}

fn live_gfx(e: &mut Engine, a: &Args) -> Reply {
    a.count(1, 1)?;
    e.live_gfx = a.switch(0)?;
    Ok(String::new())
}
