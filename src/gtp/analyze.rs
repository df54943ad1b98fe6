//! Streaming analysis as Sabaki reads it: `lz-analyze` and `kata-analyze`
//! print `info` lines at the requested interval until the next input line;
//! the `*-genmove_analyze` forms stop at the move budget and end with
//! `play <vertex>`.

use super::args::Args;
use super::commands::{Handler, Reply};
use super::engine::Engine;
use crate::color::Color;
use crate::game::Position;
use crate::moves::Move;
use crate::search::{self, Limits, MoveStats, Report};
use std::io::Write;
use std::time::Duration;

/// Returned by a handler whose response was already written with
/// `Engine::emit`; only the closing blank line is still owed.
pub const STREAMED: &str = "\u{1}streamed";

pub const COMMANDS: &[(&str, Handler)] = &[
    ("lz-analyze", |e, a| analyze(e, a, Format::Leela)),
    ("kata-analyze", |e, a| analyze(e, a, Format::Kata)),
    ("lz-genmove_analyze", |e, a| genmove_analyze(e, a, Format::Leela)),
    ("kata-genmove_analyze", |e, a| genmove_analyze(e, a, Format::Kata)),
];

#[derive(Clone, Copy, PartialEq)]
enum Format {
    Leela,
    Kata,
}

/// `[color] [interval]` plus `key value` pairs, in any order Sabaki and
/// KataGo use; unknown keys are ignored as KataGo does.
fn options(e: &Engine, a: &Args) -> Result<(Color, Duration), String> {
    let mut color = e.game.to_move();
    let mut interval = Duration::from_secs(1);
    let mut i = 0;
    while i < a.len() {
        let word = a.word(i)?;
        if let Some(c) = Color::parse(word) {
            color = c;
        } else if let Ok(cs) = word.parse::<u64>() {
            interval = Duration::from_millis(cs.max(1) * 10);
        } else if word == "interval" {
            let cs: u64 = a.int(i + 1)?;
            interval = Duration::from_millis(cs.max(1) * 10);
            i += 1;
        } else {
            i += 1; // a key of KataGo's with its value
        }
        i += 1;
    }
    Ok((color, interval))
}

fn vertex_text(mv: Move) -> String {
    mv.vertex().map_or("pass".into(), |v| v.to_string())
}

/// One `info` line with every root move, in the client's format.
fn info_line(stats: &[MoveStats], format: Format) -> String {
    let total: u64 = stats.iter().map(|s| s.visits).sum::<u64>().max(1);
    let mut line = String::new();
    for (order, s) in stats.iter().filter(|s| s.visits > 0).enumerate() {
        let w = s.winrate as f64;
        let lcb = (w - 1.96 * (w * (1.0 - w) / s.visits as f64).sqrt()).max(0.0);
        let prior = s.visits as f64 / total as f64;
        let pv: Vec<String> = s.pv.iter().map(|&m| vertex_text(m)).collect();
        let pv = pv.join(" ");
        let mv = vertex_text(s.mv);
        if !line.is_empty() {
            line.push(' ');
        }
        line += &match format {
            Format::Leela => format!(
                "info move {mv} visits {} winrate {} prior {} lcb {} order {order} pv {pv}",
                s.visits,
                (w * 10000.0).round() as i64,
                (prior * 10000.0).round() as i64,
                (lcb * 10000.0).round() as i64
            ),
            Format::Kata => format!(
                "info move {mv} visits {} utility {:.4} winrate {w:.4} prior {prior:.4} lcb {lcb:.4} order {order} pv {pv}",
                s.visits,
                2.0 * w - 1.0
            ),
        };
    }
    line
}

/// Runs a search, emitting an info line every `interval`; returns the result.
fn stream_search(
    e: &mut Engine,
    color: Color,
    interval: Duration,
    limits: Limits,
    format: Format,
) -> Result<search::SearchResult, String> {
    let game = e.position_for(color)?;
    let header = format!("={}\n", e.command_id.map(|i| i.to_string()).unwrap_or_default());
    e.emit(&header);
    let mut lines: Vec<String> = Vec::new();
    let live = e.live();
    let mut out = e.output.take();
    let reported = std::sync::atomic::AtomicBool::new(false);
    let mut write_info = |stats: &[MoveStats]| {
        let line = info_line(stats, format);
        // An empty line would end the response early for the client.
        if line.is_empty() {
            return;
        }
        reported.store(true, std::sync::atomic::Ordering::Relaxed);
        let line = line + "\n";
        match out.as_mut() {
            Some(w) => {
                let _ = w.write_all(line.as_bytes());
                let _ = w.flush();
            }
            None => lines.push(line),
        }
    };
    let mut callback = |stats: &[MoveStats], _playouts: u64| write_info(stats);
    // An open-ended analysis stops at the next input line; a move search
    // runs its budget unless interrupted.
    let pending = e.pending.clone();
    let interrupt = e.interrupt.clone();
    let open_ended = limits.playouts.is_none() && limits.time.is_none();
    let stop = move || {
        (open_ended && pending.load(std::sync::atomic::Ordering::Relaxed) > 0)
            || interrupt.load(std::sync::atomic::Ordering::Relaxed)
    };
    let report = Report {
        every: interval,
        callback: &mut callback,
    };
    let limits = if live || limits.playouts.is_some() || limits.time.is_some() {
        limits
    } else {
        // Nobody can stop it by sending a line: analyse for one move's time.
        Limits {
            time: e.settings.time.or(Some(Duration::from_secs(1))),
            ..limits
        }
    };
    let result = search::search_with(&game, limits, &e.settings.config, &stop, Some(report));
    // A search shorter than one interval (or a forced move) still reports once.
    if !reported.load(std::sync::atomic::Ordering::Relaxed) {
        write_info(&result.moves);
    }
    e.output = out;
    for line in lines {
        e.emit(&line);
    }
    e.interrupt.store(false, std::sync::atomic::Ordering::Relaxed);
    Ok(result)
}

/// `lz-analyze` / `kata-analyze`: analyse until the next input line.
fn analyze(e: &mut Engine, a: &Args, format: Format) -> Reply {
    let (color, interval) = options(e, a)?;
    if e.game.outcome().is_some() {
        return Ok(String::new());
    }
    stream_search(e, color, interval, Limits::default(), format)?;
    Ok(STREAMED.into())
}

/// `lz-genmove_analyze` / `kata-genmove_analyze`: a genmove that streams
/// its analysis and ends with `play <vertex>`.
fn genmove_analyze(e: &mut Engine, a: &Args, format: Format) -> Reply {
    let (color, interval) = options(e, a)?;
    if let Some(answer) = super::commands::answer_when_over(e, color) {
        let id = e.command_id.map(|i| i.to_string()).unwrap_or_default();
        e.emit(&format!("={id}\nplay {answer}\n"));
        return Ok(STREAMED.into());
    }
    let limits = e.limits_for(color);
    let result = stream_search(e, color, interval, limits, format)?;
    let answer = match result.best {
        Some(mv) if !result.resign => {
            e.play(color, mv)
                .map_err(|r| format!("internal error: search chose {mv}: {r}"))?;
            vertex_text(mv)
        }
        _ => "resign".into(),
    };
    e.emit(&format!("play {answer}\n"));
    Ok(STREAMED.into())
}
