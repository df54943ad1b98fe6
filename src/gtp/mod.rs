//! The GTP v2 front: read lines, preprocess them, run commands from the
//! table in [`commands`], write `=` or `?` responses strictly in order.
//!
//! Input is read on its own thread so that `# interrupt` can stop a running
//! search, and any new line can stop a streaming analysis, while commands
//! run one at a time on the main thread. While no command waits, the
//! engine may ponder (`--ponder`, `variago-ponder`).
//!
//! The modules point one way: [`reply`] and [`engine`] (the session around
//! the player) at the bottom, [`clicking`] above them, the handlers of
//! [`genmove`], [`scoring`], [`analyze`] and [`gogui`] above those, and
//! [`commands`], the one table that lists them all, at the top.

pub mod analyze;
pub use crate::args;
pub mod clicking;
pub mod commands;
pub mod display;
pub mod engine;
pub mod genmove;
pub mod gfx;
pub mod gogui;
mod next_clicks;
pub mod parse;
pub mod reply;
pub mod scoring;

use args::Args;
use engine::Engine;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::Arc;

/// Runs one input line and returns its response, `None` when the line holds
/// no command. A streaming command's lines are part of the response unless
/// a client is attached (`Engine::output`), which received them live.
pub fn execute_line(engine: &mut Engine, line: &str) -> Option<String> {
    let clean = parse::preprocess(line)?;
    let Some(command) = parse::command(&clean) else {
        return Some("? syntax error\n\n".into());
    };
    let id = command.id.map(|i| i.to_string()).unwrap_or_default();
    engine.command_id = command.id;
    log::debug!("<- {clean}");
    let args = Args { words: &command.args };
    let reply = commands::run(engine, &command.name, &args).unwrap_or_else(|| Err("unknown command".into()));
    let streamed = engine.take_streamed();
    let response = match reply {
        Ok(text) if text == reply::STREAMED => format!("{streamed}\n"),
        Ok(text) if text.is_empty() => format!("={id}\n\n"),
        Ok(text) => format!("={id} {text}\n\n"),
        Err(message) => format!("?{id} {message}\n\n"),
    };
    log::debug!("-> {}", response.trim_end());
    Some(response)
}

/// Serves GTP until `quit` or the end of input.
pub fn run(mut engine: Engine, input: impl BufRead + Send + 'static, output: impl Write + Send + 'static) {
    let (sender, receiver) = mpsc::channel::<String>();
    let interrupt = engine.interrupt.clone();
    let pending = engine.pending.clone();
    let closed = engine.input_closed.clone();
    // Lines read but not yet answered: `# interrupt` only counts while a
    // command runs or waits, so that a late one cannot cut the next search short.
    let unanswered = Arc::new(AtomicUsize::new(0));
    let reader_unanswered = unanswered.clone();
    std::thread::spawn(move || {
        for line in input.split(b'\n') {
            let Ok(bytes) = line else { break };
            let text = String::from_utf8_lossy(&bytes).into_owned();
            if parse::is_interrupt(&text) {
                if reader_unanswered.load(Ordering::SeqCst) > 0 {
                    interrupt.store(true, Ordering::SeqCst);
                }
                continue;
            }
            reader_unanswered.fetch_add(1, Ordering::SeqCst);
            pending.fetch_add(1, Ordering::Relaxed);
            if sender.send(text).is_err() {
                break;
            }
        }
        closed.store(true, Ordering::SeqCst);
    });
    engine.output = Some(Box::new(output));
    loop {
        let line = match receiver.try_recv() {
            Ok(line) => line,
            Err(mpsc::TryRecvError::Disconnected) => break,
            Err(mpsc::TryRecvError::Empty) => {
                engine.ponder();
                match receiver.recv() {
                    Ok(line) => line,
                    Err(_) => break,
                }
            }
        };
        engine.pending.fetch_sub(1, Ordering::Relaxed);
        let response = execute_line(&mut engine, &line);
        unanswered.fetch_sub(1, Ordering::SeqCst);
        engine.interrupt.store(false, Ordering::SeqCst);
        if let Some(response) = response {
            engine.emit(&response);
        }
        engine.save_game(true);
        engine.command_done();
        if engine.quit {
            break;
        }
    }
    engine.save_game(false);
}
