//! What every command handler is and answers.

use super::args::Args;
use super::engine::Engine;

/// The response text, or the message of a `?` answer: the one error path.
pub type Reply = Result<String, String>;

pub type Handler = fn(&mut Engine, &Args) -> Reply;

/// Returned by a handler whose response was already written with
/// `Engine::emit`; only the closing blank line is still owed.
pub const STREAMED: &str = "\u{1}streamed";
