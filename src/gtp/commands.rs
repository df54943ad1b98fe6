//! The table of GTP commands. Each handler gets typed arguments and returns
//! the response text or an error message: the one error path.

use super::args::Args;
use super::display;
use super::engine::Engine;
use super::scoring;
use crate::color::Color;
use crate::game::Position;
use crate::handicap;
use crate::moves::{Move, Piece, Vertex};
use crate::search::time::{TimeLeft, TimeSystem};
use crate::sgf;
use crate::variants::{gorogo, Game, Setup, Start, Variant};

pub type Reply = Result<String, String>;
pub type Handler = fn(&mut Engine, &Args) -> Reply;

/// Every command, in the order `list_commands` gives them.
pub const COMMANDS: &[(&str, Handler)] = &[
    ("protocol_version", |_, a| a.count(0, 0).map(|_| "2".into())),
    ("name", |_, a| a.count(0, 0).map(|_| "variago".into())),
    ("version", |_, a| {
        a.count(0, 0).map(|_| env!("CARGO_PKG_VERSION").into())
    }),
    ("known_command", known_command),
    ("list_commands", list_commands),
    ("quit", quit),
    ("boardsize", boardsize),
    ("clear_board", clear_board),
    ("komi", komi),
    ("play", play),
    ("genmove", genmove),
    ("reg_genmove", reg_genmove),
    ("kgs-genmove_cleanup", genmove_cleanup),
    ("undo", undo),
    ("fixed_handicap", fixed_handicap),
    ("place_free_handicap", place_free_handicap),
    ("set_free_handicap", set_free_handicap),
    ("time_settings", time_settings),
    ("kgs-time_settings", kgs_time_settings),
    ("time_left", time_left),
    ("final_score", scoring::final_score),
    ("final_status_list", scoring::final_status_list),
    ("showboard", showboard),
    ("loadsgf", loadsgf),
    ("printsgf", printsgf),
    ("gogui-interrupt", |_, a| a.count(0, 0).map(|_| String::new())),
    ("variago-list_variants", |_, a| a.count(0, 0).map(|_| Variant::list())),
    ("variago-variant", |e, a| {
        a.count(0, 0).map(|_| e.variant().name().into())
    }),
    ("variago-set_variant", set_variant),
    ("variago-start", start),
    ("variago-play", typed_play),
    ("variago-genmove", typed_genmove),
    ("variago-legal_moves", legal_moves),
    ("variago-board", |e, a| {
        a.count(0, 0)
            .map(|_| display::machine_board_with(&e.game, scoring::final_outcome(e)))
    }),
    ("variago-hand", hand),
    ("variago-setup_henge", setup_henge),
    ("variago-button", button),
    ("variago-buy", buy),
    ("variago-buy_auto", buy_auto),
    ("variago-credit", credit),
    ("variago-ponder", ponder),
    ("variago-rules", scoring::rules),
];

/// Every table of commands: the standard ones and the extensions above,
/// GoGui's, and the streaming analyses.
const TABLES: &[&[(&str, Handler)]] = &[COMMANDS, super::gogui::COMMANDS, super::analyze::COMMANDS];

fn all_commands() -> impl Iterator<Item = &'static (&'static str, Handler)> {
    TABLES.iter().flat_map(|table| table.iter())
}

/// The handler for a command name.
pub fn find(name: &str) -> Option<Handler> {
    all_commands().find(|(n, _)| *n == name).map(|&(_, h)| h)
}

fn known_command(_: &mut Engine, a: &Args) -> Reply {
    a.count(1, 1)?;
    Ok(find(a.word(0)?).is_some().to_string())
}

fn list_commands(_: &mut Engine, a: &Args) -> Reply {
    a.count(0, 0)?;
    Ok(all_commands().map(|(n, _)| *n).collect::<Vec<_>>().join("\n"))
}

fn quit(e: &mut Engine, a: &Args) -> Reply {
    a.count(0, 0)?;
    e.quit = true;
    Ok(String::new())
}

fn boardsize(e: &mut Engine, a: &Args) -> Reply {
    a.count(1, 1)?;
    let size: usize = a.int(0).map_err(|_| "unacceptable size".to_string())?;
    if !e.setup.accepts_size(size) {
        return Err("unacceptable size".into());
    }
    e.reset(Setup {
        size,
        ..e.setup.clone()
    });
    Ok(String::new())
}

fn clear_board(e: &mut Engine, a: &Args) -> Reply {
    a.count(0, 0)?;
    e.clear();
    Ok(String::new())
}

fn komi(e: &mut Engine, a: &Args) -> Reply {
    a.count(1, 1)?;
    let komi = a.float(0)?;
    if komi.abs() > 1000.0 {
        return Err(format!("syntax error: komi {komi} is out of range"));
    }
    e.setup.komi = komi as f32;
    e.game.set_komi(komi as f32);
    Ok(String::new())
}

fn play(e: &mut Engine, a: &Args) -> Reply {
    a.count(2, 2)?;
    let color = a.color(0)?;
    if Move::parse(a.word(1)?, e.game.size()).is_ok_and(|m| !matches!(m, Move::Pass | Move::Place(_))) {
        return Err("syntax error: play takes a vertex or pass; use variago-play for typed moves".into());
    }
    let mv = match a.vertex_or_pass(1, e.game.size())? {
        Some(v) => Move::Place(v),
        None => Move::Pass,
    };
    e.play(color, mv).map_err(|r| format!("illegal move: {r}"))?;
    Ok(String::new())
}

fn typed_play(e: &mut Engine, a: &Args) -> Reply {
    a.count(2, 2)?;
    let color = a.color(0)?;
    let mv = a.typed_move(1, e.game.size())?;
    e.play(color, mv).map_err(|r| format!("illegal move: {r}"))?;
    Ok(String::new())
}

/// What a finished game answers to `genmove`: the loser resigns, the others pass.
pub fn answer_when_over(e: &Engine, color: Color) -> Option<String> {
    let outcome = scoring::final_outcome(e)?;
    Some(
        if outcome.winner() == Some(color.opponent()) {
            "resign"
        } else {
            "pass"
        }
        .into(),
    )
}

/// Searches for `color`, unless the end of the game calls for a move (see
/// [`scoring::ending_move`]); `Ok(None)` means resign.
fn choose(e: &mut Engine, color: Color, resign: bool, cleanup: bool) -> Result<Option<Move>, String> {
    if let Some(mv) = scoring::ending_move(e, color, cleanup) {
        return Ok(Some(mv));
    }
    let game = e.position_for(color)?;
    let result = e.think(&game, color, resign && e.settings.config.resign_below > 0.0);
    e.interrupt.store(false, std::sync::atomic::Ordering::Relaxed);
    match result.best {
        _ if result.resign => Ok(None),
        Some(mv) => Ok(Some(mv)),
        // No legal move: the side to move loses.
        None => Ok(None),
    }
}

fn generate(e: &mut Engine, a: &Args, commit: bool, typed: bool, resign: bool, cleanup: bool) -> Reply {
    a.count(1, 1)?;
    let color = a.color(0)?;
    if let Some(answer) = answer_when_over(e, color) {
        return Ok(if cleanup { "pass".into() } else { answer });
    }
    if let Game::WarGo(game) = &mut e.game {
        // Buying Armies: the engine buys for any side that has not yet.
        game.buy_auto_all();
    }
    let Some(mv) = choose(e, color, resign, cleanup)? else {
        return Ok("resign".into());
    };
    if commit {
        e.play(color, mv)
            .map_err(|r| format!("internal error: search chose {mv}: {r}"))?;
    }
    Ok(match (typed, mv.vertex()) {
        (true, _) => mv.to_string(),
        (false, Some(v)) => v.to_string(),
        (false, None) => "pass".into(),
    })
}

fn genmove(e: &mut Engine, a: &Args) -> Reply {
    generate(e, a, true, false, true, false)
}

fn reg_genmove(e: &mut Engine, a: &Args) -> Reply {
    generate(e, a, false, false, false, false)
}

/// KGS's cleanup phase: a genmove that captures the opponent's dead
/// stones first and never resigns.
fn genmove_cleanup(e: &mut Engine, a: &Args) -> Reply {
    generate(e, a, true, false, false, true)
}

fn typed_genmove(e: &mut Engine, a: &Args) -> Reply {
    generate(e, a, true, true, true, false)
}

fn undo(e: &mut Engine, a: &Args) -> Reply {
    a.count(0, 0)?;
    if e.undo() {
        Ok(String::new())
    } else {
        Err("cannot undo".into())
    }
}

fn put_handicap(e: &mut Engine, stones: Vec<Vertex>) -> Reply {
    if e.game.moves_played() > 0 || !e.handicap.is_empty() {
        return Err("board not empty".into());
    }
    e.game.place_handicap(&stones).map_err(|r| r.to_string())?;
    let reply = stones.iter().map(Vertex::to_string).collect::<Vec<_>>().join(" ");
    e.handicap = stones;
    Ok(reply)
}

fn fixed_handicap(e: &mut Engine, a: &Args) -> Reply {
    a.count(1, 1)?;
    let n: usize = a.int(0)?;
    let stones = handicap::fixed(e.game.size(), n).ok_or("invalid number of handicap stones")?;
    put_handicap(e, stones)
}

fn place_free_handicap(e: &mut Engine, a: &Args) -> Reply {
    a.count(1, 1)?;
    let n: usize = a.int(0)?;
    let stones = handicap::free(e.game.size(), n).ok_or("invalid number of handicap stones")?;
    put_handicap(e, stones)
}

fn set_free_handicap(e: &mut Engine, a: &Args) -> Reply {
    a.count(2, usize::MAX)?;
    let size = e.game.size();
    let stones = (0..a.len()).map(|i| a.vertex(i, size)).collect::<Result<Vec<_>, _>>()?;
    let mut distinct = stones.clone();
    distinct.sort();
    distinct.dedup();
    if distinct.len() != stones.len() || stones.len() >= size * size {
        return Err("bad handicap: repeated vertex or too many stones".into());
    }
    put_handicap(e, stones).map(|_| String::new())
}

fn time_settings(e: &mut Engine, a: &Args) -> Reply {
    a.count(3, 3)?;
    let (main, byo, stones) = (a.float(0)?, a.float(1)?, a.int::<u32>(2)?);
    if main < 0.0 || byo < 0.0 {
        return Err("syntax error: negative time".into());
    }
    e.clock.set_system(TimeSystem::from_gtp(main, byo, stones));
    Ok(String::new())
}

fn kgs_time_settings(e: &mut Engine, a: &Args) -> Reply {
    a.count(1, 4)?;
    let system = match a.word(0)?.to_ascii_lowercase().as_str() {
        "none" => {
            a.count(1, 1)?;
            TimeSystem::None
        }
        "absolute" => {
            a.count(2, 2)?;
            TimeSystem::Absolute { main: a.float(1)? }
        }
        "byoyomi" => {
            a.count(4, 4)?;
            TimeSystem::ByoYomi {
                main: a.float(1)?,
                period: a.float(2)?,
                periods: a.int(3)?,
            }
        }
        "canadian" => {
            a.count(4, 4)?;
            TimeSystem::Canadian {
                main: a.float(1)?,
                period: a.float(2)?,
                stones: a.int(3)?,
            }
        }
        other => return Err(format!("syntax error: unknown time system '{other}'")),
    };
    e.clock.set_system(system);
    Ok(String::new())
}

fn time_left(e: &mut Engine, a: &Args) -> Reply {
    a.count(3, 3)?;
    let color = a.color(0)?;
    let seconds = a.float(1)?;
    let stones = a.int(2)?;
    e.clock.set_left(
        color,
        TimeLeft {
            seconds: seconds.max(0.0),
            stones,
        },
    );
    Ok(String::new())
}

fn showboard(e: &mut Engine, a: &Args) -> Reply {
    a.count(0, 0)?;
    Ok(format!("\n{}", display::human_board(&e.game)))
}

fn loadsgf(e: &mut Engine, a: &Args) -> Reply {
    a.count(1, 2)?;
    let path = a.word(0)?;
    let until: Option<usize> = if a.len() == 2 { Some(a.int(1)?) } else { None };
    let text = std::fs::read_to_string(path).map_err(|err| format!("cannot load file: {err}"))?;
    let game = sgf::parse(&text).map_err(|err| format!("cannot load file: {err}"))?;
    let variant = match &game.variant {
        Some(name) => Variant::parse(name).ok_or_else(|| format!("cannot load file: unknown variant '{name}'"))?,
        None => Variant::Go,
    };
    // Build the new state aside so that a failure leaves the engine as it was.
    let base = if variant == e.variant() {
        e.setup.clone()
    } else {
        Setup::new(variant)
    };
    let mut setup = Setup {
        size: game.size,
        ..base
    };
    if let Some(k) = game.komi {
        setup.komi = k;
    }
    setup.start = Start::Empty;
    setup.henge = None;
    setup.preset = None;
    let mut armies = [None, None];
    for (key, value) in &game.options {
        match key.as_str() {
            "army-black" => armies[0] = Some(value.as_str()),
            "army-white" => armies[1] = Some(value.as_str()),
            _ => setup
                .apply_option(key, value)
                .map_err(|e| format!("cannot load file: {e}"))?,
        }
    }
    if !setup.accepts_size(game.size) {
        return Err(format!(
            "cannot load file: size {} unacceptable for {}",
            game.size,
            variant.name()
        ));
    }
    let mut next = Engine::new(setup, e.settings.clone());
    if let [Some(black), Some(white)] = armies {
        war_go(&mut next)?
            .buy_armies([black, white])
            .map_err(|e| format!("cannot load file: {e}"))?;
    }
    if !game.white_setup.is_empty() {
        return Err("cannot load file: white setup stones are not supported".into());
    }
    if !game.black_setup.is_empty() {
        put_handicap(&mut next, game.black_setup.clone()).map_err(|r| format!("cannot load file: {r}"))?;
    }
    let count = until.map_or(game.moves.len(), |n| n.saturating_sub(1).min(game.moves.len()));
    for (i, &(color, mv)) in game.moves[..count].iter().enumerate() {
        next.play(color, mv)
            .map_err(|r| format!("cannot load file: move {} {mv}: {r}", i + 1))?;
    }
    let to_move = match (count, game.to_play) {
        (0, Some(c)) => c,
        _ => next.game.to_move(),
    };
    e.take_game(next);
    Ok(to_move.name().into())
}

fn printsgf(e: &mut Engine, a: &Args) -> Reply {
    a.count(0, 1)?;
    let result = scoring::final_outcome(e).map(|o| o.to_string());
    let text = sgf::write(&e.sgf_game(), result.as_deref());
    match a.words.first() {
        Some(path) => {
            std::fs::write(path, text).map_err(|err| format!("cannot write file: {err}"))?;
            Ok(String::new())
        }
        None => Ok(text.trim_end().to_string()),
    }
}

fn set_variant(e: &mut Engine, a: &Args) -> Reply {
    a.count(1, 1)?;
    let name = a.word(0)?;
    let variant =
        Variant::parse(name).ok_or_else(|| format!("unknown variant '{name}' (known: {})", Variant::list()))?;
    e.reset(Setup::new(variant));
    Ok(String::new())
}

fn start(e: &mut Engine, a: &Args) -> Reply {
    a.count(0, 1)?;
    if a.is_empty() {
        return Ok(e.setup.start.name().into());
    }
    let name = a.word(0)?;
    let start = Start::parse(name).ok_or_else(|| format!("unknown start '{name}' (known: empty crosscut)"))?;
    if start != Start::Empty && e.variant() != Variant::Atari {
        return Err(format!("{} has no {name} start", e.variant().name()));
    }
    e.reset(Setup {
        start,
        ..e.setup.clone()
    });
    Ok(String::new())
}

fn legal_moves(e: &mut Engine, a: &Args) -> Reply {
    a.count(0, 1)?;
    let game: Game = if a.is_empty() {
        e.game.clone()
    } else {
        e.position_for(a.color(0)?)?
    };
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    Ok(moves.iter().map(Move::to_string).collect::<Vec<_>>().join(" "))
}

/// `variago-hand COLOR`: the pieces a player still holds, e.g. `stone 10 henge 2`.
fn hand(e: &mut Engine, a: &Args) -> Reply {
    a.count(1, 1)?;
    let color = a.color(0)?;
    let hand = e
        .game
        .hand(color)
        .ok_or_else(|| format!("{} is not played from a hand", e.variant().name()))?;
    Ok(hand
        .iter()
        .map(|(piece, n)| match piece {
            // A bomb's mode is chosen at the drop, not held in the hand.
            Piece::Bomb(_) => format!("bomb {n}"),
            _ => format!("{piece} {n}"),
        })
        .collect::<Vec<_>>()
        .join(" "))
}

/// `variago-setup_henge [VERTEX|auto]`: where GoRoGo's setup henge stands;
/// with an argument, a new game with the henge there (`auto`: White chooses).
fn setup_henge(e: &mut Engine, a: &Args) -> Reply {
    a.count(0, 1)?;
    if e.variant() != Variant::GoRoGo {
        return Err(format!("{} has no setup henge", e.variant().name()));
    }
    if !a.is_empty() {
        let henge = if a.word(0)?.eq_ignore_ascii_case("auto") {
            e.choose_setup_henge()
        } else {
            a.vertex(0, e.game.size())?
        };
        e.reset(Setup {
            henge: Some(henge),
            ..e.setup.clone()
        });
    }
    Ok(e.setup.henge.unwrap_or(gorogo::CENTRE).to_string())
}

/// Yugo: who holds the button, `black`, `white` or `none`.
fn button(e: &mut Engine, a: &Args) -> Reply {
    a.count(0, 0)?;
    match &e.game {
        Game::Yugo(yugo) => Ok(yugo.button().map_or("none", Color::name).into()),
        _ => Err(format!("{} has no button", e.variant().name())),
    }
}

/// The War Go game behind the engine, for the buying commands.
fn war_go(e: &mut Engine) -> Result<&mut crate::variants::wargo::WarGo, String> {
    let name = e.variant().name();
    match &mut e.game {
        Game::WarGo(game) => Ok(game),
        _ => Err(format!("{name} has no buying phase")),
    }
}

/// `variago-buy COLOR PIECE [COUNT]` buys pieces for a side's army before
/// play (Buying Armies); `variago-buy COLOR done` ends its buying. Answers
/// the credit left.
fn buy(e: &mut Engine, a: &Args) -> Reply {
    a.count(2, 3)?;
    let color = a.color(0)?;
    let game = war_go(e)?;
    let what = a.word(1)?;
    if what.eq_ignore_ascii_case("done") {
        a.count(2, 2)?;
        game.finish_buying(color)?;
    } else {
        let army = crate::variants::wargo::pieces::Army::parse(what)?;
        let count: u32 = if a.len() == 3 { a.int(2)? } else { 1 };
        if count == 0 {
            return Err("syntax error: buy at least one piece".into());
        }
        game.buy(color, army, count)?;
    }
    Ok(game.credit(color).map_or(0, |(c, _)| c).to_string())
}

/// `variago-buy_auto COLOR`: the engine buys the side's army and is done.
fn buy_auto(e: &mut Engine, a: &Args) -> Reply {
    a.count(1, 1)?;
    let color = a.color(0)?;
    let game = war_go(e)?;
    game.buy_auto(color)?;
    let hand = game.state().hands[color.index()];
    Ok(hand.text())
}

/// `variago-credit COLOR`: the credit left and whether the side still
/// buys, e.g. `12 buying` or `0 done`.
fn credit(e: &mut Engine, a: &Args) -> Reply {
    a.count(1, 1)?;
    let color = a.color(0)?;
    let game = war_go(e)?;
    let (credit, buying) = game.credit(color).ok_or("this preset has no buying phase")?;
    Ok(format!("{credit} {}", if buying { "buying" } else { "done" }))
}

/// `variago-ponder [on|off]`: switches pondering, or answers whether it is on.
fn ponder(e: &mut Engine, a: &Args) -> Reply {
    a.count(0, 1)?;
    if a.is_empty() {
        return Ok(if e.settings.ponder { "on" } else { "off" }.into());
    }
    e.settings.ponder = a.switch(0)?;
    Ok(String::new())
}
