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

/// The first line of a streamed response: `=`, with the command's id.
fn success_line(e: &Engine) -> String {
    format!("={}\n", e.command_id.map(|i| i.to_string()).unwrap_or_default())
}

/// What a streamed search is for.
enum Purpose {
    /// An open-ended analysis: it never resigns.
    Analysis,
    /// A move, searched as `genmove` searches it (the exact solver first,
    /// the clock's budget, resigning a lost game).
    Move,
}

/// Runs a search, emitting an info line every `interval`; returns the result.
fn stream_search(
    e: &mut Engine,
    color: Color,
    interval: Duration,
    purpose: Purpose,
    format: Format,
) -> Result<search::SearchResult, String> {
    let game = e.position_for(color)?;
    e.emit(&success_line(e));
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
    let report = Report {
        every: interval,
        callback: &mut callback,
    };
    let result = match purpose {
        Purpose::Move => e.think_reporting(&game, color, true, Some(report)),
        Purpose::Analysis => {
            // It stops at the next input line; where nobody can send one,
            // it lasts one move's time.
            let pending = e.pending.clone();
            let interrupt = e.interrupt.clone();
            let stop = move || {
                pending.load(std::sync::atomic::Ordering::Relaxed) > 0
                    || interrupt.load(std::sync::atomic::Ordering::Relaxed)
            };
            let limits = Limits {
                playouts: None,
                time: if live {
                    None
                } else {
                    e.settings.time.or(Some(Duration::from_secs(1)))
                },
            };
            let mut config = e.settings.config.clone();
            config.resign_below = 0.0;
            search::search_reusing(&game, limits, &config, &stop, Some(report), &e.trees)
        }
    };
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
    stream_search(e, color, interval, Purpose::Analysis, format)?;
    Ok(STREAMED.into())
}

/// `lz-genmove_analyze` / `kata-genmove_analyze`: a genmove that streams
/// its analysis and ends with `play <vertex>`.
fn genmove_analyze(e: &mut Engine, a: &Args, format: Format) -> Reply {
    let (color, interval) = options(e, a)?;
    if let Some(answer) = super::commands::answer_when_over(e, color) {
        e.emit(&format!("{}play {answer}\n", success_line(e)));
        return Ok(STREAMED.into());
    }
    let chosen = match super::scoring::ending_move(e, color, false) {
        Some(mv) => {
            e.emit(&success_line(e));
            Some(mv)
        }
        None => {
            let result = stream_search(e, color, interval, Purpose::Move, format)?;
            result.best.filter(|_| !result.resign)
        }
    };
    let answer = match chosen {
        Some(mv) => {
            e.play(color, mv)
                .map_err(|r| format!("internal error: search chose {mv}: {r}"))?;
            vertex_text(mv)
        }
        None => "resign".into(),
    };
    e.emit(&format!("play {answer}\n"));
    Ok(STREAMED.into())
}
