//! `variago solve`: the exact value of a position and a move that keeps it.

use super::args::{seconds, GameArgs, SetupArgs};
use crate::gtp::engine::SearchSettings;
use crate::solver::{self, table};
use crate::{Game, Position, Setup};

#[derive(clap::Args, Debug, Clone)]
pub struct SolveArgs {
    /// Moves to play from the start before solving, alternately, e.g. "C3 D4 henge@B2"
    #[arg(long, value_name = "MOVES", default_value = "")]
    pub moves: String,
    /// Seconds at most [default: no limit]
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true)]
    pub time: Option<f64>,
    /// Node expansions at most
    #[arg(long, value_name = "N", default_value_t = 100_000_000)]
    pub max_nodes: u64,
    /// Transposition table size in megabytes (1 to 8192)
    #[arg(long, value_name = "MB", default_value_t = 512)]
    pub table_mb: usize,
    /// Print progress on stderr every this many seconds [default: never]
    #[arg(long, value_name = "SECONDS")]
    pub progress: Option<f64>,
    /// Skip the proof by the variant's strategy (GoRoGo's mirror) and run df-pn alone
    #[arg(long)]
    pub no_strategy: bool,
    /// Run df-pn even where the variant has a solver of its own (Unsquare Go up to 8x8)
    #[arg(long)]
    pub df_pn: bool,
    #[command(flatten)]
    pub game: GameArgs,
    #[command(flatten)]
    pub setup: SetupArgs,
}

pub fn run(args: SolveArgs) -> Result<(), String> {
    let setup = args.setup.setup(&args.game, &SearchSettings::default())?;
    let game = opening(&setup, &args.moves)?;
    let mut budget = solver::Budget {
        nodes: args.max_nodes,
        table_mb: args.table_mb,
        time: seconds("--time", args.time),
        progress: seconds("--progress", args.progress),
        strategy: !args.no_strategy,
        own_solver: !args.df_pn,
        ..solver::Budget::default()
    };
    if budget.nodes == 0 {
        log::warn!("--max-nodes 0 raised to 1");
        budget.nodes = 1;
    }
    if !(table::MIN_MB..=table::MAX_MB).contains(&budget.table_mb) {
        budget.table_mb = budget.table_mb.clamp(table::MIN_MB, table::MAX_MB);
        log::warn!("--table-mb {} clamped to {}", args.table_mb, budget.table_mb);
    }
    let solution = solver::solve(&game, &budget, &|| false);
    let value = match solution.value {
        solver::Value::Unknown => "unknown (budget)".to_string(),
        value => value.to_string(),
    };
    let options: String = setup.options().iter().map(|(k, v)| format!(" {k}={v}")).collect();
    outln!(
        "{} {}x{}{options}, {} moves in, {} to move: {value}",
        setup.variant.name(),
        setup.size,
        setup.size,
        game.moves_played(),
        game.to_move()
    );
    outln!("best: {}", solution.best.map_or("none".to_string(), |m| m.to_string()));
    outln!("nodes: {}", solution.nodes);
    outln!("time: {:.2}s", solution.elapsed.as_secs_f64());
    Ok(())
}

/// The start position with `moves` (separated by spaces or commas) played
/// alternately from the side to move.
fn opening(setup: &Setup, moves: &str) -> Result<Game, String> {
    let mut game = Game::new(setup);
    for text in moves.split([' ', ',']).filter(|t| !t.is_empty()) {
        let mv = crate::Move::parse(text, setup.size).map_err(|e| format!("bad move '{text}': {e}"))?;
        let color = game.to_move();
        game.play(color, mv)
            .map_err(|e| format!("{color} {text}: illegal move: {e}"))?;
    }
    Ok(game)
}
