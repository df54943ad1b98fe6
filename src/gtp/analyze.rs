//! Streaming analysis as Sabaki reads it: `lz-analyze` and `kata-analyze`
//! print `info` lines at the requested interval until the next input line;
//! the `*-genmove_analyze` forms stop at the move budget and end with
//! `play <vertex>`.

use super::args::Args;
use super::engine::Engine;
use super::reply::{Handler, Reply, STREAMED};
use crate::color::Color;
use crate::game::Position;
use crate::moves::Move;
use crate::player::think::{Budget, Thinking};
use crate::player::Resigning;
use crate::search::{Limits, MoveStats, Report};
use std::io::Write;
use std::sync::atomic::Ordering;
use std::time::Duration;

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

/// A streamed response: its `=` line, written before the first `info`
/// line, then `info` lines at the client's interval, straight to the
/// client or, where none is attached, collected for the caller of
/// `execute_line`.
struct Stream {
    out: Option<Box<dyn Write + Send>>,
    collected: Vec<String>,
    head: String,
    opened: bool,
    format: Format,
}

impl Stream {
    fn new(e: &mut Engine, format: Format) -> Stream {
        Stream {
            head: format!("={}\n", e.command_id.map(|i| i.to_string()).unwrap_or_default()),
            out: e.output.take(),
            collected: Vec::new(),
            opened: false,
            format,
        }
    }

    fn write(&mut self, text: &str) {
        let text = match self.opened {
            true => text.to_string(),
            false => std::mem::take(&mut self.head) + text,
        };
        self.opened = true;
        match self.out.as_mut() {
            Some(w) => {
                let _ = w.write_all(text.as_bytes());
                let _ = w.flush();
            }
            None => self.collected.push(text),
        }
    }

    /// An `info` line, unless no move has visits: an empty line would end
    /// the response early.
    fn info(&mut self, stats: &[MoveStats]) {
        let line = info_line(stats, self.format);
        if !line.is_empty() {
            self.write(&(line + "\n"));
        }
    }

    /// Gives the client back to the engine, with what was collected.
    fn close(self, e: &mut Engine) {
        e.output = self.out;
        for text in self.collected {
            e.emit(&text);
        }
    }
}

/// `lz-analyze` / `kata-analyze`: analyse until the next input line or the
/// end of the input (where nobody can send one, for one move's time);
/// never resigns.
fn analyze(e: &mut Engine, a: &Args, format: Format) -> Reply {
    let (color, interval) = options(e, a)?;
    if e.game.outcome().is_some() {
        return Ok(String::new());
    }
    let game = e.position_for(color)?;
    let limits = Limits {
        playouts: None,
        time: if e.live() {
            None
        } else {
            e.settings.time.or(Some(Duration::from_secs(1)))
        },
    };
    let stop = e.stop_on_input();
    let mut stream = Stream::new(e, format);
    let mut callback = |stats: &[MoveStats], _playouts: u64| stream.info(stats);
    let thinking = Thinking {
        budget: Budget::Open { limits, stop: &stop },
        resigning: Resigning::Never,
        report: Some(Report {
            every: interval,
            callback: &mut callback,
        }),
    };
    let result = e.player.think(&game, thinking);
    // A search shorter than one interval still reports once.
    if !stream.opened {
        stream.info(&result.moves);
        stream.write("");
    }
    stream.close(e);
    e.interrupt.store(false, Ordering::Relaxed);
    Ok(STREAMED.into())
}

/// `lz-genmove_analyze` / `kata-genmove_analyze`: `genmove` as a plain
/// client asks it, streaming its search's progress and ending with `play
/// <vertex>` (a click, as `genmove` answers). A refusal before the search
/// is a plain `?` answer.
fn genmove_analyze(e: &mut Engine, a: &Args, format: Format) -> Reply {
    let (color, interval) = options(e, a)?;
    let mut stream = Stream::new(e, format);
    let answer = {
        let mut callback = |stats: &[MoveStats], _playouts: u64| stream.info(stats);
        let report = Report {
            every: interval,
            callback: &mut callback,
        };
        super::genmove::genmove_reporting(e, color, report)
    };
    e.interrupt.store(false, Ordering::Relaxed);
    match answer {
        Ok(text) => {
            stream.write(&format!("play {text}\n"));
            stream.close(e);
            Ok(STREAMED.into())
        }
        Err(message) if !stream.opened => {
            stream.close(e);
            Err(message)
        }
        Err(message) => {
            // The `=` is out: the stream ends without a move, which the
            // client reads as a failure, and the reason goes to the log.
            log::error!("{message}");
            stream.close(e);
            Ok(STREAMED.into())
        }
    }
}
