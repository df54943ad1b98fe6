//! The `variago` program: the command line (see [`variago::cli`]) and its
//! dispatch to one module per subcommand.

use variago::cli::{self, Command};

fn main() {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let cli = cli::parse(std::env::args_os()).unwrap_or_else(|e| e.exit());
    let result = match cli.command.unwrap_or(Command::Gtp(cli.gtp)) {
        Command::Gtp(args) => cli::gtp::run(args),
        Command::Bench(args) => cli::bench::run(args),
        Command::Perft(args) => cli::perft::run(args),
        Command::Selfplay(args) => cli::selfplay::run(args),
        Command::SelfplayMerge(args) => cli::selfplay_merge::run(args),
        Command::Versus(args) => cli::versus::run(args),
        Command::Solve(args) => cli::solve::run(args),
        Command::Match(args) => cli::r#match::run(*args),
        Command::MatchReport(args) => cli::match_report::run(args),
        Command::Learn(args) => cli::learn::run(args),
        Command::LearnNetwork(args) => cli::learn_network::run(args),
        Command::TuneEval(args) => cli::tune_eval::run(args),
    };
    if let Err(message) = result {
        eprintln!("variago: {message}");
        std::process::exit(2);
    }
}
