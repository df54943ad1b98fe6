//! `variago bench --runs N [--against PROGRAM]`: the same measurement N
//! times, each in a child process, alternating this build with another, so
//! that two builds are compared in the same minutes on the same machine.
//! One run alone says little: a machine's speed drifts by a tenth between
//! identical runs.

use crate::bench::HEADER;
use std::collections::BTreeMap;
use std::ffi::OsString;
use std::path::Path;
use std::process::Command;

/// The flags of this command that the children must not see: each child
/// measures once.
const OWN_FLAGS: [&str; 2] = ["--runs", "--against"];

/// The three figures of a row of the bench table.
type Figures = [f64; 3];

/// A row's variant and size, as the table prints them.
type RowKey = (String, String);

/// A build's figures for each row, over the runs.
type Samples = BTreeMap<RowKey, Vec<Figures>>;

/// A row of one run: its key, its figures and the line as printed.
type Row = (RowKey, Figures, String);

/// Measures `runs` times with this program, and with `against` when given,
/// alternating which goes first, and prints every run and the means.
pub fn run(runs: u32, against: Option<&Path>) -> Result<(), String> {
    let this = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
    let mut builds = vec![("this", this)];
    if let Some(other) = against {
        builds.push(("other", other.to_path_buf()));
    }
    let args = child_args(std::env::args_os().skip(1));
    let mut samples: Vec<Samples> = vec![Samples::new(); builds.len()];
    let mut order: Vec<RowKey> = Vec::new();
    for (label, program) in &builds {
        outln!("{label} build: {}", program.display());
    }
    outln!("run build {HEADER}");
    for run in 1..=runs {
        // The other build first, so that one that does not run says so at
        // once; then by turns (ABBA), so that a drift of the machine's
        // speed favours neither.
        let mut turns: Vec<usize> = (0..builds.len()).collect();
        if run % 2 == 1 {
            turns.reverse();
        }
        for b in turns {
            let (label, program) = &builds[b];
            for (key, figures, line) in measure_once(program, &args)? {
                outln!("{run:>3} {label:<5} {line}");
                if !order.contains(&key) {
                    order.push(key.clone());
                }
                samples[b].entry(key).or_default().push(figures);
            }
        }
    }
    for key in &order {
        outln!("{} {}, mean of {runs} runs (least-most):", key.0, key.1);
        let means: Vec<Option<Figures>> = samples.iter().map(|s| s.get(key).map(|v| mean(v))).collect();
        for (((label, _), s), m) in builds.iter().zip(&samples).zip(&means) {
            let (Some(v), Some(m)) = (s.get(key), m) else {
                outln!("  {label:<12} no such row");
                continue;
            };
            let (least, most) = (fold(v, f64::min), fold(v, f64::max));
            outln!(
                "  {label:<12} playouts/s {:.0} ({:.0}-{:.0})  tree sims/s {:.0} ({:.0}-{:.0})",
                m[0],
                least[0],
                most[0],
                m[2],
                least[2],
                most[2]
            );
        }
        if let [Some(a), Some(b)] = means[..] {
            let ratio = |i: usize| {
                if b[i] > 0.0 {
                    format!("{:.3}", a[i] / b[i])
                } else {
                    "-".to_string()
                }
            };
            outln!("  this / other playouts/s {}  tree sims/s {}", ratio(0), ratio(2));
        }
    }
    outln!("(per second of CPU time, 1 thread)");
    Ok(())
}

/// The command line of a child: this one's, without [`OWN_FLAGS`] and
/// their values.
fn child_args(args: impl Iterator<Item = OsString>) -> Vec<OsString> {
    let mut out = Vec::new();
    let mut skip_value = false;
    for arg in args {
        if std::mem::take(&mut skip_value) {
            continue;
        }
        let text = arg.to_string_lossy();
        if OWN_FLAGS.contains(&text.as_ref()) {
            skip_value = true;
        } else if !OWN_FLAGS.iter().any(|flag| text.starts_with(&format!("{flag}="))) {
            out.push(arg);
        }
    }
    out
}

/// One bench of `program`: its rows, each keyed by variant and size, with
/// its figures and the line as printed.
fn measure_once(program: &Path, args: &[OsString]) -> Result<Vec<Row>, String> {
    let shown = program.display();
    let output = Command::new(program)
        .args(args)
        .output()
        .map_err(|e| format!("cannot run {shown}: {e}"))?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        let reason = stderr.lines().last().unwrap_or("no message");
        return Err(format!("{shown} failed ({}): {reason}", output.status));
    }
    let rows: Vec<_> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(|line| parse_row(line).map(|(key, figures)| (key, figures, line.trim().to_string())))
        .collect();
    if rows.is_empty() {
        return Err(format!("{shown} printed no line of the bench table"));
    }
    Ok(rows)
}

/// A row of the bench table: `go 19x19 13083 441.9 9970`.
fn parse_row(line: &str) -> Option<(RowKey, Figures)> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let [variant, size, playouts, moves, simulations] = fields[..] else {
        return None;
    };
    if !size.contains('x') {
        return None;
    }
    let number = |s: &str| s.parse::<f64>().ok().filter(|x| x.is_finite());
    let figures = [number(playouts)?, number(moves)?, number(simulations)?];
    Some(((variant.to_string(), size.to_string()), figures))
}

fn mean(samples: &[Figures]) -> Figures {
    let n = samples.len().max(1) as f64;
    let sum = |i: usize| samples.iter().map(|f| f[i]).sum::<f64>() / n;
    [sum(0), sum(1), sum(2)]
}

fn fold(samples: &[Figures], pick: fn(f64, f64) -> f64) -> Figures {
    let over = |i: usize| samples.iter().map(|f| f[i]).reduce(pick).unwrap_or(0.0);
    [over(0), over(1), over(2)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn children_get_the_command_line_without_the_runs_and_the_other_build() {
        let args = [
            "bench",
            "--runs",
            "3",
            "--variant",
            "go",
            "--against=/x/variago",
            "--seconds",
            "1",
        ];
        let got = child_args(args.iter().map(OsString::from));
        assert_eq!(got, ["bench", "--variant", "go", "--seconds", "1"].map(OsString::from));
        let args = ["--runs=2", "bench", "--against", "/x/variago"];
        assert_eq!(child_args(args.iter().map(OsString::from)), [OsString::from("bench")]);
    }

    #[test]
    fn rows_of_the_table_parse_and_other_lines_do_not() {
        let ((variant, size), figures) =
            parse_row("go               19x19        13083          441.9         9970").unwrap();
        assert_eq!((variant.as_str(), size.as_str()), ("go", "19x19"));
        assert_eq!(figures, [13083.0, 441.9, 9970.0]);
        assert!(parse_row(HEADER).is_none());
        assert!(parse_row("(per second of CPU time, 1 thread)").is_none());
        assert!(parse_row("go 19x19 NaN 1 2").is_none());
    }

    #[test]
    fn the_mean_and_the_spread_are_taken_figure_by_figure() {
        let samples = [[1.0, 10.0, 100.0], [3.0, 20.0, 300.0]];
        assert_eq!(mean(&samples), [2.0, 15.0, 200.0]);
        assert_eq!(fold(&samples, f64::min), [1.0, 10.0, 100.0]);
        assert_eq!(fold(&samples, f64::max), [3.0, 20.0, 300.0]);
    }
}
