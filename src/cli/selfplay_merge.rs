//! `variago selfplay-merge`: one records file from the records files of a
//! self-play run, such as those of its shards.

use super::selfplay::open_output;
use crate::selfplay::merge::merge;
use std::io::Write;
use std::path::{Path, PathBuf};

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
    // The output is checked before any reading, and written only once
    // every file has been read through without an error.
    if args.output != Path::new("-") {
        if args.output.exists() && !args.overwrite {
            return Err(format!(
                "--output {} exists; --overwrite replaces it",
                args.output.display()
            ));
        }
        let same = |file: &PathBuf| file.canonicalize().ok() == args.output.canonicalize().ok();
        if args.output.exists() && args.files.iter().any(same) {
            return Err(format!(
                "--output {} is one of the files to merge",
                args.output.display()
            ));
        }
    }
    let merged = merge(&args.files, None)?;
    for bad in &merged.bad_lines {
        eprintln!("variago: {bad}; skipped");
    }
    let mut out = open_output("--output", &args.output, args.overwrite)?;
    merge(&args.files, Some(&mut out))?;
    out.flush()
        .map_err(|e| format!("cannot write {}: {e}", args.output.display()))?;
    eprintln!(
        "selfplay-merge: files {}, games {}, positions {}, bad lines skipped {}, records in {}",
        args.files.len(),
        merged.games,
        merged.positions,
        merged.bad_lines.len(),
        args.output.display()
    );
    Ok(())
}
