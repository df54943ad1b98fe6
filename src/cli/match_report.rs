//! `variago match-report`: one report from the results files of a match,
//! such as those of its shards.

use crate::matches::report::Summary;
use crate::matches::results;
use crate::matches::stats::Sprt;
use std::path::PathBuf;

#[derive(clap::Args, Debug, Clone)]
pub struct MatchReportArgs {
    /// Results files of one match, as `match --results` writes them
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
    /// Run this sequential test on the merged results (`elo0=0 elo1=5 ...`, as match takes it)
    /// [default: the one the match ran, if any]
    #[arg(long, value_name = "SPEC")]
    pub sprt: Option<Sprt>,
    /// Skip the lines that are not results, with a warning, instead of stopping at the first
    #[arg(long)]
    pub skip_bad_lines: bool,
}

pub fn run(args: MatchReportArgs) -> Result<(), String> {
    let merged = results::read_all(&args.files, args.skip_bad_lines)?;
    let sprt = match (args.sprt, &merged.sprt) {
        (Some(sprt), _) => Some(sprt),
        (None, Some(text)) => Some(
            text.parse::<Sprt>()
                .map_err(|e| format!("the match's SPRT '{text}': {e}"))?,
        ),
        (None, None) => None,
    };
    let mut games = merged.games;
    games.sort_by_key(|g| g.number);
    let mut summary = Summary::default();
    for game in &games {
        summary.add(game);
    }
    out!("{}", summary.table(&merged.info, sprt.as_ref()));
    Ok(())
}
