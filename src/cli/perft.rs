//! `variago perft`: the number of legal move sequences of a given length.

use super::args::{GameArgs, SetupArgs};
use crate::gtp::engine::SearchSettings;
use crate::Game;

#[derive(clap::Args, Debug, Clone)]
pub struct PerftArgs {
    /// Moves in each sequence (a pass counts as a move)
    #[arg(long, value_name = "N")]
    pub depth: usize,
    #[command(flatten)]
    pub game: GameArgs,
    #[command(flatten)]
    pub setup: SetupArgs,
}

pub fn run(args: PerftArgs) -> Result<(), String> {
    let setup = args.setup.setup(&args.game, &SearchSettings::default())?;
    let mut game = Game::new(&setup);
    outln!("{}", crate::game::perft(&mut game, args.depth));
    Ok(())
}
