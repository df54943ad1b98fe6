//! The table of GTP commands. Each handler gets typed arguments and returns
//! the response text or an error message: the one error path.

use super::args::Args;
use super::clicking::no_partial_move;
use super::display;
use super::engine::Engine;
use super::genmove;
use super::reply::{Handler, Reply};
use super::scoring;
use crate::game::{GameSetup, Position, View};
use crate::handicap;
use crate::moves::{Move, Piece, Vertex};
use crate::player::dynkomi::Scheme;
use crate::search::time::{TimeLeft, TimeSystem};
use crate::sgf;
use crate::variants::commands::Command;
use crate::variants::go::network;
use crate::variants::models;
use crate::variants::setup::START;
use crate::variants::{Setup, Variant};

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
    ("genmove", genmove::genmove),
    ("reg_genmove", genmove::reg_genmove),
    ("kgs-genmove_cleanup", genmove::genmove_cleanup),
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
    ("variago-settings", settings),
    ("variago-start", start),
    ("variago-play", typed_play),
    ("variago-genmove", genmove::typed_genmove),
    ("variago-legal_moves", legal_moves),
    ("variago-board", board),
    ("variago-hand", hand),
    ("variago-ponder", ponder),
    ("variago-dynamic_komi", dynamic_komi),
    ("variago-search_komi", search_komi),
];

/// Every table of commands that any variant runs: the standard ones and
/// the extensions above, GoGui's, and the streaming analyses.
const TABLES: &[&[(&str, Handler)]] = &[COMMANDS, super::gogui::COMMANDS, super::analyze::COMMANDS];

fn engine_commands() -> impl Iterator<Item = &'static (&'static str, Handler)> {
    TABLES.iter().flat_map(|table| table.iter())
}

/// The commands of some variants (`VariantSpec::commands`), each name once.
fn variant_commands() -> Vec<Command> {
    let mut commands: Vec<Command> = Vec::new();
    for command in Variant::ALL.iter().flat_map(|v| Command::of(v.spec())) {
        if commands.iter().all(|c| c.name() != command.name()) {
            commands.push(command);
        }
    }
    commands
}

/// Runs the command `name`; `None` when no variant knows it. A command of
/// other variants than the current one answers `<variant> has no <what>`:
/// every command stays listed and known whatever the variant, since
/// clients (GoGui, gogui-twogtp, `variago match`) read the list once when
/// they attach, and `variago-set_variant` may change the variant later.
pub fn run(e: &mut Engine, name: &str, a: &Args) -> Option<Reply> {
    if let Some((_, handler)) = engine_commands().find(|(n, _)| *n == name) {
        return Some(handler(e, a));
    }
    let command = variant_commands().into_iter().find(|c| c.name() == name)?;
    let spec = e.variant().spec();
    Some(match Command::of(spec).find(|c| c.name() == name) {
        Some(own) => own.run(e, a),
        None => Err(format!("{} has no {}", spec.name, command.lacks())),
    })
}

/// Every command name, in the order `list_commands` gives them.
fn names() -> Vec<&'static str> {
    let table = |t: &'static [(&'static str, Handler)]| t.iter().map(|&(n, _)| n);
    table(COMMANDS)
        .chain(variant_commands().into_iter().map(Command::name))
        .chain(table(super::gogui::COMMANDS))
        .chain(table(super::analyze::COMMANDS))
        .collect()
}

fn known_command(_: &mut Engine, a: &Args) -> Reply {
    a.count(1, 1)?;
    Ok(names().contains(&a.word(0)?).to_string())
}

fn list_commands(_: &mut Engine, a: &Args) -> Reply {
    a.count(0, 0)?;
    Ok(names().join("\n"))
}

fn quit(e: &mut Engine, a: &Args) -> Reply {
    a.count(0, 0)?;
    e.quit = true;
    Ok(String::new())
}

/// `boardsize N`; in frame mode (GoGui) N is the frame's size.
fn boardsize(e: &mut Engine, a: &Args) -> Reply {
    a.count(1, 1)?;
    let mut size: usize = a.int(0).map_err(|_| "unacceptable size".to_string())?;
    if e.frame_mode {
        size = e.area_for_frame(size).ok_or("unacceptable size")?;
    }
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
    let komi = komi as f32;
    if e.ruler_client() && komi != e.setup.komi {
        // GoGui sends `komi` (its own default 6.5) to the program and never
        // to the ruler, so a change here would part the result GoGui shows
        // from the program's.
        return Err(format!(
            "komi stays {} in GoGui: GoGui does not tell its ruler the komi; start variago with --komi {komi} to play {komi}",
            e.setup.komi
        ));
    }
    e.setup.komi = komi;
    e.game.set_komi(komi);
    Ok(String::new())
}

/// `play COLOR VERTEX`: one click (see `crate::clicks`). A plain point or
/// pass is the whole move as ever; a typed move is clicked point by point.
fn play(e: &mut Engine, a: &Args) -> Reply {
    a.count(2, 2)?;
    let color = a.color(0)?;
    let word = a.word(1)?;
    if Move::parse(word, e.game.size()).is_ok_and(|m| !matches!(m, Move::Pass | Move::Place(_))) {
        return Err("syntax error: play takes a vertex or pass; use variago-play for typed moves".into());
    }
    let click = e.parse_click(color, word)?;
    e.click(color, click).map_err(|r| format!("illegal move: {r}"))?;
    Ok(String::new())
}

fn typed_play(e: &mut Engine, a: &Args) -> Reply {
    a.count(2, 2)?;
    let color = a.color(0)?;
    no_partial_move(e)?;
    let mv = a.typed_move(1, e.game.size())?;
    e.play(color, mv).map_err(|r| format!("illegal move: {r}"))?;
    Ok(String::new())
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
    set_clock(e, TimeSystem::from_gtp(main, byo, stones))
}

/// Sets the clock, which no move may follow beyond the cap per move.
fn set_clock(e: &mut Engine, system: TimeSystem) -> Reply {
    let (main, period) = match system {
        TimeSystem::None => (0.0, 0.0),
        TimeSystem::Absolute { main } => (main, 0.0),
        TimeSystem::ByoYomi { main, period, .. } | TimeSystem::Canadian { main, period, .. } => (main, period),
    };
    if main < 0.0 || period < 0.0 {
        return Err("syntax error: negative time".into());
    }
    let cap = e.settings.max_time_per_move.as_secs_f64();
    if main.max(period) > cap {
        log::warn!("a move thinks {cap} s at most (--max-time-per-move), whatever the clock allows");
    }
    e.clock.set_system(system);
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
    set_clock(e, system)
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

/// The position before any partial move, and then what is being clicked.
fn showboard(e: &mut Engine, a: &Args) -> Reply {
    a.count(0, 0)?;
    let mut text = format!("\n{}", display::human_board(&e.game));
    if let Some(mover) = e.partial.color() {
        text += &format!("\n{mover} is clicking a move: {}", e.partial.describe());
    }
    Ok(text)
}

/// `variago-board`: the position before any partial move (a finished game's
/// result by the rules in force), and a last line `partial COLOR
/// VERTEX...` with the clicks of a partial move.
fn board(e: &mut Engine, a: &Args) -> Reply {
    a.count(0, 0)?;
    let mut text = display::machine_board_with(&e.game, e.final_outcome());
    if let Some(mover) = e.partial.color() {
        let mut clicks = Vec::new();
        for &click in e.partial.clicks() {
            clicks.push(e.click_text(mover, click)?);
        }
        text += &format!("\npartial {mover} {}", clicks.join(" "));
    }
    Ok(text)
}

fn loadsgf(e: &mut Engine, a: &Args) -> Reply {
    load_record(e, a).map_err(|reason| sgf::one_line(&reason))
}

fn load_record(e: &mut Engine, a: &Args) -> Reply {
    a.count(1, 2)?;
    let path = a.word(0)?;
    let until: Option<usize> = if a.len() == 2 { Some(a.int(1)?) } else { None };
    let text = sgf::read_file(std::path::Path::new(path)).map_err(|err| format!("cannot load file: {err}"))?;
    let game = sgf::parse(&text).map_err(|err| format!("cannot load file: {err}"))?;
    let gogui = game.saved_by_gogui();
    let variant = match gogui {
        // GoGui names no variant: its record is of the game it was shown.
        true => e.variant(),
        false => Variant::from_sgf(game.variant.as_deref()).map_err(|err| format!("cannot load file: {err}"))?,
    };
    // Build the new state aside so that a failure leaves the engine as it
    // was. The record's options replace the current ones; without `KM` a
    // game of the same variant keeps the komi set.
    let mut setup = if gogui {
        // GoGui's size is the frame's, its moves are clicks on the frame,
        // and the options are the session's.
        let size = e.area_for_frame(game.size).ok_or_else(|| {
            format!(
                "cannot load file: no {} board has a {}x{} frame",
                variant.name(),
                game.size,
                game.size
            )
        })?;
        Setup {
            size,
            ..e.setup.clone()
        }
    } else {
        Setup {
            size: game.size,
            ..Setup::new(variant)
        }
    };
    // GoGui's `KM` is its own komi, which its ruler never saw: a record of
    // a ruler game keeps the session's, as the game was played.
    let recorded_komi = game.komi.filter(|_| !(gogui && variant != Variant::Go));
    if let Some(komi) = recorded_komi.or((variant == e.variant()).then_some(e.setup.komi)) {
        setup.komi = komi;
    }
    let restore = setup
        .apply_record_options(&game.options)
        .map_err(|e| format!("cannot load file: {e}"))?;
    if !setup.accepts_size(setup.size) {
        return Err(format!(
            "cannot load file: size {} unacceptable for {}",
            game.size,
            variant.name()
        ));
    }
    let mut next = Engine::new(setup, e.settings.clone());
    for (key, value) in &restore {
        next.game
            .restore_option(key, value)
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
        let played = if gogui {
            let text = mv.vertex().map_or("pass".to_string(), |v| v.to_string());
            next.parse_click(color, &text)
                .and_then(|click| next.click(color, click).map_err(|r| r.to_string()))
                .map(|_| ())
        } else {
            next.play(color, mv).map_err(|r| r.to_string())
        };
        played.map_err(|r| format!("cannot load file: move {} {mv}: {r}", i + 1))?;
    }
    let to_move = match (count, game.to_play) {
        (0, Some(c)) => c,
        _ => next.clicking_side(),
    };
    e.take_game(next);
    Ok(to_move.name().into())
}

fn printsgf(e: &mut Engine, a: &Args) -> Reply {
    a.count(0, 1)?;
    let result = e.final_outcome().map(|o| o.to_string());
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
    e.reset(e.choices.setup_for(variant));
    Ok(String::new())
}

/// `variago-settings`: what this session plays by, as `key value` pairs on
/// one line: the game (variant, size, komi, every option not at its
/// default), then the search's budget and habits.
fn settings(e: &mut Engine, a: &Args) -> Reply {
    a.count(0, 0)?;
    let setup = &e.setup;
    let mut pairs = vec![
        ("variant".to_string(), setup.variant.name().to_string()),
        ("size".into(), setup.size.to_string()),
        ("komi".into(), setup.komi.to_string()),
    ];
    if e.variant() == Variant::Go {
        pairs.push(("rules".into(), setup.scoring().name().into()));
    }
    pairs.extend(setup.options().into_iter().filter(|(key, _)| key != "rules"));
    let s = &e.settings;
    let seconds = |d: Option<std::time::Duration>| d.map_or("none".to_string(), |d| d.as_secs_f64().to_string());
    pairs.extend([
        ("playouts".into(), s.playouts.map_or("none".into(), |p| p.to_string())),
        ("time".into(), seconds(s.time)),
        ("max-time-per-move".into(), seconds(Some(s.max_time_per_move))),
        ("threads".into(), s.config.threads.to_string()),
        (
            "resign".into(),
            (if s.config.resign_below > 0.0 { "on" } else { "off" }).into(),
        ),
        ("ponder".into(), (if s.ponder { "on" } else { "off" }).into()),
    ]);
    if e.variant() == Variant::Go && s.dynamic_komi != Scheme::default() {
        pairs.push(("dynamic-komi".into(), s.dynamic_komi.name().into()));
    }
    if let Some(path) = models::file_in_use(e.variant()) {
        pairs.push(("model".into(), settings_value(&path.display().to_string())));
    }
    if e.variant() == Variant::Go {
        if let Some(path) = network::file_in_use() {
            pairs.push(("network".into(), settings_value(&path.display().to_string())));
        } else if network::is_off() {
            pairs.push(("network".into(), "none".into()));
        }
    }
    Ok(pairs
        .iter()
        .map(|(k, v)| format!("{k} {v}"))
        .collect::<Vec<_>>()
        .join(" "))
}

/// A value of `variago-settings` as one word: quoted, with Rust's escapes,
/// when it holds a space, a quote or a control character, so that the
/// pairs still split on spaces and a newline never ends the answer.
fn settings_value(text: &str) -> String {
    if text.is_empty() || text.chars().any(|c| c.is_whitespace() || c.is_control() || c == '"') {
        format!("{text:?}")
    } else {
        text.to_string()
    }
}

fn start(e: &mut Engine, a: &Args) -> Reply {
    a.count(0, 1)?;
    if a.is_empty() {
        return Ok(e.setup.start.name().into());
    }
    let mut setup = e.setup.clone();
    setup.apply_option(START.key, a.word(0)?)?;
    e.choose(setup);
    Ok(String::new())
}

fn legal_moves(e: &mut Engine, a: &Args) -> Reply {
    a.count(0, 1)?;
    let mut moves = Vec::new();
    if a.is_empty() {
        // Borrowed, not cloned: a game's clone copies its whole history.
        e.game.legal_moves(&mut moves);
    } else {
        e.position_for(a.color(0)?)?.legal_moves(&mut moves);
    }
    Ok(move_list(&moves))
}

/// Moves separated by spaces, written into one string: a list of
/// polyomino drops runs to a hundred kilobytes.
fn move_list(moves: &[Move]) -> String {
    let mut text = String::with_capacity(moves.len() * 8);
    for (i, mv) in moves.iter().enumerate() {
        if i > 0 {
            text.push(' ');
        }
        // Writing into a String cannot fail.
        let _ = mv.write_into(&mut text);
    }
    text
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

/// `variago-ponder [on|off]`: switches pondering, or answers whether it is on.
fn ponder(e: &mut Engine, a: &Args) -> Reply {
    a.count(0, 1)?;
    if a.is_empty() {
        return Ok(if e.settings.ponder { "on" } else { "off" }.into());
    }
    e.settings.ponder = a.switch(0)?;
    Ok(String::new())
}

/// `variago-dynamic_komi [none|linear]`: sets how the komi of the search
/// follows a handicap game, or answers it. Go only, the game with
/// handicap stones.
fn dynamic_komi(e: &mut Engine, a: &Args) -> Reply {
    a.count(0, 1)?;
    if e.variant() != Variant::Go {
        return Err(format!("{} has no dynamic komi", e.variant().name()));
    }
    if a.is_empty() {
        return Ok(e.settings.dynamic_komi.name().into());
    }
    let name = a.word(0)?;
    e.settings.dynamic_komi = Scheme::parse(name)
        .ok_or_else(|| format!("unknown dynamic komi '{name}' (known: {})", Scheme::NAMES.join(" ")))?;
    Ok(String::new())
}

/// `variago-search_komi COLOR`: the komi that `COLOR`'s next search plays
/// for, the real komi plus the dynamic komi's extra.
fn search_komi(e: &mut Engine, a: &Args) -> Reply {
    a.count(1, 1)?;
    Ok(e.search_komi(a.color(0)?).to_string())
}
