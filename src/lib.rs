//! variago: a GTP engine for Go and its variants.
//!
//! The crate is layered: a module imports only its own layer and those
//! below it, and no modules import each other in a circle
//! (`tests/layers.rs` holds both). From the bottom:
//!
//! 1. [`color`], [`vertex`], [`files`]; then [`polyomino`], the pieces of
//!    two to four points; then [`moves`], the one typed move notation
//!    (`D4`, `pass`, `king@D4`, `D4-E4`, `D4+D5`) for every move of every
//!    variant, with the table of pieces.
//! 2. [`board`]: a fast Go board (chains, pseudo-liberties, Zobrist hash)
//!    that knows how to place and capture but not what is legal;
//!    [`history`]: a variant's timeline (turn, passes, undo by snapshots);
//!    [`sgf`] records, [`args`] typed command arguments, [`handicap`]
//!    points.
//! 3. [`game`]: what a variant writes: [`game::Position`] (legal moves,
//!    play, outcome, score, hash; turn and undo from its history) and its
//!    companions for displays, setup and records, and clicks
//!    ([`game::View`], [`game::GameSetup`], [`game::Clicks`]).
//! 4. [`search`]: Monte Carlo tree search written once against
//!    [`search::SearchHints`] (what a variant may tell it: a playout,
//!    priors, a search of its own), entered through [`search::run`];
//!    [`solver`]: df-pn against [`solver::SolverHints`]; [`features`]:
//!    what a learned move model knows of a move in any variant (tactics
//!    the variant declares, the shape around the move), and the model.
//! 5. [`variants`]: one type per game, each described by a
//!    [`variants::VariantSpec`] (names, sizes, options as data, its own GTP
//!    commands), and the [`variants::Game`] enum that chooses one at run
//!    time.
//! 6. [`clicks`]: typed moves as sequences of points for clients that only
//!    know points (GoGui, gogui-twogtp), and the frame that shows the
//!    hands on a larger square.
//! 7. [`player`]: the engine below the protocol: the game, its record,
//!    clock, settings, kept trees and judgements; play, undo, think,
//!    solve, judge.
//! 8. [`gtp`]: the GTP v2 front: line preprocessing, one command table,
//!    typed arguments, one error path, clicks and the frame; GoGui's ruler
//!    and analyze commands; Sabaki's streaming analysis.
//! 9. [`matches`](mod@matches) (engine against engine over GTP),
//!    [`versus`] (against the flat baseline), [`bench`](mod@bench), [`learn`] (Go's
//!    move model from game records), [`learn_network`] (Go's policy
//!    network from game records), [`selfplay`] (searched positions of
//!    the engine's games against itself, for a move model to learn),
//!    [`tune`] (a static evaluation's weights fitted to self-play results).
//! 10. [`cli`]: the command line, one module per subcommand. The binary
//!     (`src/main.rs`) only dispatches.

pub mod args;
pub mod bench;
pub mod board;
pub mod cli;
pub mod clicks;
pub mod color;
pub mod features;
pub mod files;
pub mod game;
pub mod gtp;
pub mod handicap;
pub mod history;
pub mod learn;
pub mod learn_network;
pub mod matches;
pub mod moves;
pub mod player;
pub mod polyomino;
pub mod search;
pub mod selfplay;
pub mod sgf;
pub mod solver;
pub mod tune;
pub mod variants;
pub mod versus;
pub mod vertex;

pub use color::Color;
pub use game::{Clicks, GameSetup, Illegal, Outcome, Position, View};
pub use moves::{Move, Piece, Vertex};
pub use variants::{Game, Setup, Variant};
