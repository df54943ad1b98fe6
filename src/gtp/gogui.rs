//! GoGui support: the ruler protocol (`gogui-rules_*`), which lets GoGui
//! show and referee any variant, and the analyze commands with their gfx.

use super::args::Args;
use super::clicking::click_vertex;
use super::engine::Engine;
use super::gfx::{stats_gfx, var_text};
use super::reply::{Handler, Reply};
use crate::clicks::frame::{self, hand_label, option_label, Cell, BUTTON_LABEL};
use crate::color::Color;
use crate::game::{Occupant, Owner, Position, View};
use crate::moves::{Piece, Vertex, MAX_SIZE};
use crate::player::Resigning;
use crate::search::SearchHints;
use crate::variants::Game;
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::collections::BTreeSet;
use std::fmt::Write;

pub const COMMANDS: &[(&str, Handler)] = &[
    ("gogui-rules_game_id", |e, a| {
        ruler(e, a).map(|e| e.variant().game_id().into())
    }),
    ("gogui-rules_board_size", board_size),
    ("gogui-rules_board", |e, a| framed(e, a).map(|e| ruler_board(e))),
    ("gogui-rules_board_gfx", |e, a| framed(e, a).map(|e| ruler_gfx(e))),
    ("gogui-rules_legal_moves", |e, a| {
        framed(e, a).and_then(|e| legal_clicks(e))
    }),
    ("gogui-rules_side_to_move", |e, a| {
        ruler(e, a).map(|e| e.clicking_side().name().into())
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

/// Every ruler command takes no argument, and tells the engine that GoGui
/// is the client: from then on it sees the game in its frame.
fn ruler<'e>(e: &'e mut Engine, a: &Args) -> Result<&'e mut Engine, String> {
    a.count(0, 0)?;
    e.frame_mode = true;
    Ok(e)
}

fn vertices(size: usize) -> impl Iterator<Item = Vertex> {
    (0..size)
        .rev()
        .flat_map(move |y| (0..size).map(move |x| Vertex::new(x, y)))
}

/// A ruler command that shows the frame: an error where GoGui cannot
/// draw it, since its points beyond 25x25 have no vertex.
fn framed<'e>(e: &'e mut Engine, a: &Args) -> Result<&'e mut Engine, String> {
    let frame = ruler(e, a)?.frame();
    if !frame.fits() {
        return Err(format!(
            "a {area}x{area} board needs a {size}x{size} frame for the clicks beside it; GoGui shows at most {MAX_SIZE}x{MAX_SIZE}",
            area = frame.area(),
            size = frame.size()
        ));
    }
    Ok(e)
}

/// The side of the frame.
fn board_size(e: &mut Engine, a: &Args) -> Reply {
    Ok(framed(e, a)?.frame().size().to_string())
}

/// How many of each piece each hand holds.
fn hand_count(game: &Game, color: Color, piece: Piece) -> u32 {
    game.hand(color)
        .unwrap_or_default()
        .into_iter()
        .find(|&(p, _)| p == piece)
        .map_or(0, |(_, n)| n)
}

/// The frame's rows from the top: `X`, `O` and `.` on the playing area
/// (neutral pieces show as empty and are drawn by the gfx), a stone of its
/// side on each hand cell that holds pieces and on Yugo's button once
/// taken, `.` on the cells of a pending choice, `?` everywhere else.
fn ruler_board(e: &Engine) -> String {
    let frame = e.frame();
    let options = pending_options(e);
    let button = held_button(e);
    let mut rows = Vec::new();
    for y in (0..frame.size()).rev() {
        let row: Vec<&str> = (0..frame.size())
            .map(|x| {
                let v = Vertex::new(x, y);
                match frame.cell(v) {
                    Cell::Area => match e.game.occupant(v).map(|o| o.owner) {
                        Some(Owner::Player(Color::Black)) => "X",
                        Some(Owner::Player(Color::White)) => "O",
                        _ => ".",
                    },
                    Cell::Hand(h) if hand_count(&e.game, h.color, h.piece) == 0 => ".",
                    Cell::Hand(h) if h.color == Color::Black => "X",
                    Cell::Hand(_) => "O",
                    Cell::Choice(i) if options.iter().any(|&(n, _)| n == i) => ".",
                    Cell::Choice(_) if button == Some((v, Color::Black)) => "X",
                    Cell::Choice(_) if button == Some((v, Color::White)) => "O",
                    Cell::Choice(_) | Cell::Outside => "?",
                }
            })
            .collect();
        rows.push(row.join(" "));
    }
    rows.join("\n")
}

/// Yugo's button once a side has taken it: its cell (the choice's, where
/// it was clicked) and the side that holds it.
fn held_button(e: &Engine) -> Option<(Vertex, Color)> {
    let Game::Yugo(yugo) = &e.game else {
        return None;
    };
    Some((*e.frame().choice_cells().first()?, yugo.button()?))
}

/// The options of a choice that may be clicked now.
fn pending_options(e: &Engine) -> Vec<(usize, &'static str)> {
    frame::options(&e.next_clicks())
}

/// A piece that a plain black or white stone does not show.
fn is_special(o: Occupant) -> bool {
    !o.piece.is_plain() || o.owner == Owner::Neutral
}

/// Colours of the frame: the hands (and a held button), and the points of
/// neither.
const HAND_COLOR: &str = "#e8d8a8";
const OUTSIDE_COLOR: &str = "#808080";
/// The colour of zones. GoGui paints a point's colour half transparent
/// before its stone and its label, so a stone covers it but for the
/// corners and a label stays legible: the zone shows as a tinted square
/// whatever stands in it. A mark would be drawn over the stones.
pub const ZONE_COLOR: &str = "#70b0ff";

/// Labels for every special piece, squares around neutral ones, a gray
/// fill for gray stones, a tint on zones; in a frame, each hand cell's
/// piece and count, the options of a pending choice and a held button,
/// the hands and the rest coloured; the clicks of a partial move marked,
/// and a line that says what comes next.
fn ruler_gfx(e: &Engine) -> String {
    let game = &e.game;
    let frame = e.frame();
    let mut labels = Vec::new();
    let mut neutral = Vec::new();
    let mut gray = Vec::new();
    for v in vertices(frame.area()) {
        if let Some(o) = game.occupant(v).filter(|&o| is_special(o)) {
            if o.piece == Piece::Gray {
                gray.push(format!("{v} 1"));
                continue;
            }
            let label = game.label(v).unwrap_or_else(|| o.piece.label().to_string());
            labels.push(format!("{v} {label}"));
            if o.owner == Owner::Neutral {
                neutral.push(v.to_string());
            }
        }
    }
    for cell in frame.hand_cells() {
        let count = hand_count(game, cell.color, cell.piece);
        labels.push(format!("{} {}", cell.vertex, hand_label(cell.piece, count)));
    }
    let button = held_button(e);
    if let Some((v, _)) = button {
        labels.push(format!("{v} {BUTTON_LABEL}"));
    }
    let options = pending_options(e);
    for &(i, option) in &options {
        if let Some(v) = frame.choice_cells().get(i) {
            labels.push(format!("{v} {}", option_label(option)));
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
    // Zones where pieces gain powers (War Go's tao zones) are tinted.
    let zones: Vec<String> = game.zones().iter().map(Vertex::to_string).collect();
    if !zones.is_empty() {
        gfx.push(format!("COLOR {ZONE_COLOR} {}", zones.join(" ")));
    }
    if frame.is_framed() {
        let hands: Vec<String> = frame
            .hand_cells()
            .iter()
            .map(|h| h.vertex)
            .chain(button.map(|(v, _)| v))
            .map(|v| v.to_string())
            .collect();
        if !hands.is_empty() {
            gfx.push(format!("COLOR {HAND_COLOR} {}", hands.join(" ")));
        }
        let outside: Vec<String> = vertices(frame.size())
            .filter(|&v| match frame.cell(v) {
                Cell::Outside => true,
                Cell::Choice(i) => !options.iter().any(|&(n, _)| n == i) && button.is_none_or(|(b, _)| b != v),
                _ => false,
            })
            .map(|v| v.to_string())
            .collect();
        gfx.push(format!("COLOR {OUTSIDE_COLOR} {}", outside.join(" ")));
    }
    if let Some(mover) = e.partial.color() {
        let picked: Vec<String> = e
            .partial
            .clicks()
            .iter()
            .filter_map(|&c| frame.vertex(c, mover))
            .map(|v| v.to_string())
            .collect();
        gfx.push(format!("TRIANGLE {}", picked.join(" ")));
        gfx.push(format!(
            "TEXT {mover}: {}; {} again cancels",
            e.partial.describe(),
            picked.first().map_or("the first click", String::as_str)
        ));
    }
    gfx.join("\n")
}

/// The clicks GoGui may send as `play COLOR VERTEX`: the first click of
/// every legal move (a placement's point, the piece in hand for a drop, the
/// piece on the board for a step, `pass`), or in the middle of a move the
/// clicks that continue it and the picked piece, which cancels.
fn legal_clicks(e: &Engine) -> Reply {
    let color = e.clicking_side();
    let mut clicks = e.next_clicks();
    clicks.extend(e.partial.clicks().first());
    let frame = e.frame();
    // Each vertex once: the picked piece, which cancels, may also be a
    // next click.
    let mut written = vec![false; MAX_SIZE * MAX_SIZE];
    let mut pass_written = false;
    let mut out = String::new();
    for click in clicks {
        let vertex = click_vertex(&frame, color, click)?;
        let seen = match vertex {
            Some(v) => &mut written[v.y as usize * MAX_SIZE + v.x as usize],
            None => &mut pass_written,
        };
        if std::mem::replace(seen, true) {
            continue;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        // Writing into a String cannot fail.
        let _ = match vertex {
            Some(v) => v.write_into(&mut out),
            None => out.write_str("pass"),
        };
    }
    Ok(out)
}

fn captured_count(e: &mut Engine, a: &Args) -> Reply {
    a.count(0, 0)?;
    let [black, white] = e.game.captures();
    Ok(format!("{black} {white}"))
}

/// The result as `final_score` gives it, with the komi it counts where
/// the variant has one: GoGui's dialog shows this, and GoGui never tells
/// its ruler the komi.
fn final_result(e: &mut Engine, a: &Args) -> Reply {
    a.count(0, 0)?;
    let Some(outcome) = e.final_outcome() else {
        return Ok(String::new());
    };
    let result = match outcome.winner() {
        Some(c) => format!("{} wins ({outcome})", if c == Color::Black { "Black" } else { "White" }),
        None => "Draw".into(),
    };
    let komi = e.setup.komi;
    match komi != 0.0 || e.variant().default_komi() != 0.0 {
        true => Ok(format!("{result}, komi {komi}")),
        false => Ok(result),
    }
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
    let holds = |color| e.game.hand(color).is_some_and(|hand| !hand.is_empty());
    if Color::BOTH.into_iter().any(holds) {
        lines.push("string/Hand/variago-hand %m".into());
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

fn search_gfx(e: &mut Engine, a: &Args) -> Reply {
    a.count(0, 1)?;
    let color = if a.is_empty() { e.game.to_move() } else { a.color(0)? };
    let game = e.position_for(color)?;
    let result = e.think_move(&game, color, Resigning::Never, None);
    Ok(stats_gfx(&game, &result.moves, result.playouts))
}

fn principal_variation(e: &mut Engine, a: &Args) -> Reply {
    a.count(0, 1)?;
    let color = if a.is_empty() { e.game.to_move() } else { a.color(0)? };
    let game = e.position_for(color)?;
    let result = e.think_move(&game, color, Resigning::Never, None);
    Ok(result
        .moves
        .first()
        .map_or(String::new(), |best| var_text(&game, &best.pv)))
}

fn live_gfx(e: &mut Engine, a: &Args) -> Reply {
    a.count(1, 1)?;
    e.live_gfx = a.switch(0)?;
    Ok(String::new())
}
