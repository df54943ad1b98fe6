//! `variago selfplay-merge`: one records file from the records files of a
//! self-play run, such as those of its shards.

use super::selfplay::open_output;
use crate::selfplay::records;
use std::io::Write;
use std::path::PathBuf;

#[derive(clap::Args, Debug, Clone)]
pub struct SelfplayMergeArgs {
    /// Records files of one run, as `selfplay --records` writes them
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
    /// The merged records file (`-`: stdout)
    #[arg(long, short, value_name = "FILE", required = true)]
    pub output: PathBuf,
    /// Replace the --output file if it exists
    #[arg(long)]
    pub overwrite: bool,
}

pub fn run(args: SelfplayMergeArgs) -> Result<(), String> {
    // Checked first, so that a bad output wastes no reading; written last,
    // so that a bad input writes nothing.
    if args.output != std::path::Path::new("-") && args.output.exists() && !args.overwrite {
        return Err(format!(
            "--output {} exists; --overwrite replaces it",
            args.output.display()
        ));
    }
    let merged = records::merge(&args.files)?;
    for bad in &merged.bad_lines {
        eprintln!("variago: {bad}; skipped");
    }
    let mut out = open_output("--output", &args.output, args.overwrite)?;
    out.write_all(records::text(&merged.records).as_bytes())
        .and_then(|_| out.flush())
        .map_err(|e| format!("cannot write {}: {e}", args.output.display()))?;
    let games: std::collections::BTreeSet<u32> = merged.records.iter().map(|r| r.game).collect();
    eprintln!(
        "selfplay-merge: files {}, games {}, positions {}, bad lines skipped {}, records in {}",
        args.files.len(),
        games.len(),
        merged.records.len(),
        merged.bad_lines.len(),
        args.output.display()
    );
    Ok(())
}
