//! variago: a GTP engine for Go and its variants.
//!
//! The crate is layered so that each layer only knows the one below:
//!
//! - [`moves`], [`color`], [`args`]: the vocabulary. One typed move notation
//!   (`D4`, `pass`, `king@D4`, `D4-E4`, `D4+D5`) covers every move of
//!   every variant; [`polyomino`] knows the pieces of two to four points.
//! - [`board`]: a fast Go board (chains, pseudo-liberties, Zobrist hash)
//!   that knows how to place and capture but not what is legal.
//! - [`game`]: what a variant implements: [`game::Position`] (legal moves,
//!   play, undo, outcome, score, hash) and its companions for displays,
//!   setup and records, and clicks ([`game::View`], [`game::GameSetup`],
//!   [`game::Clicks`]). [`history`] gives every variant undo by snapshots.
//! - [`variants`]: one type per game (standard Go, Atari Go, ...), each
//!   described by a [`variants::VariantSpec`] (names, sizes, setup options,
//!   its own GTP commands), the [`variants::Game`] enum that chooses one at
//!   run time, and the rules core the Go family shares
//!   ([`variants::go_family`]).
//! - [`search`]: Monte Carlo tree search written once against the trait,
//!   with time management for GTP clocks; [`search::SearchHints`] is what
//!   a variant may tell it (a playout, priors, a search of its own).
//! - [`solver`]: an exact solver (df-pn with a transposition table and
//!   board symmetry) for small games and endgames, used by `genmove` where
//!   it can finish and by `variago solve`.
//! - [`clicks`]: typed moves as sequences of points for clients that
//!   only know points (GoGui, gogui-twogtp), and the frame that shows the
//!   hands on a larger square.
//! - [`gtp`]: the GTP v2 front: line preprocessing, a table of commands
//!   with typed arguments, one error path; GoGui's ruler and analyze
//!   commands; Sabaki's streaming analysis. [`sgf`] reads and writes records;
//!   [`files`] reads a file no further than a limit.
//!
//! - [`cli`]: the command line, one module per subcommand: GTP by default,
//!   `bench`, `perft`, `selfplay`, `solve`, `versus` (against the flat
//!   baseline, [`versus`]), `match` (engine against engine over GTP,
//!   [`matches`](mod@matches)) and `match-report` (its results files
//!   merged). The binary (`src/main.rs`) only dispatches.

pub mod args;
pub mod bench;
pub mod board;
pub mod cli;
pub mod clicks;
pub mod color;
pub mod files;
pub mod game;
pub mod gtp;
pub mod handicap;
pub mod history;
pub mod matches;
pub mod moves;
pub mod player;
pub mod polyomino;
pub mod search;
pub mod sgf;
pub mod solver;
pub mod variants;
pub mod versus;

pub use color::Color;
pub use game::{Clicks, GameSetup, Illegal, Outcome, Position, View};
pub use moves::{Move, Piece, Vertex};
pub use variants::{Game, Setup, Variant};
