//! The `variago` command line: GTP on stdin/stdout by default, plus
//! `bench`, `perft`, `selfplay`, `versus`, `match` and `solve`.

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use std::io::{BufReader, Write};
use std::time::Duration;
use variago::gtp::display;
use variago::gtp::engine::{Engine, SearchSettings};
use variago::search;
use variago::solver::{self, table};
use variago::variants::{Start, Variant};
use variago::{Game, Position, Setup, Vertex};

#[derive(Parser, Debug)]
#[command(name = "variago", version, about = "A GTP engine for Go and its variants")]
struct Cli {
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    search: SearchArgs,
    /// Append every game played over GTP to this SGF file
    #[arg(long, value_name = "FILE")]
    sgf: Option<std::path::PathBuf>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(clap::Args, Debug, Clone)]
struct GameArgs {
    /// Variant to play (see the list below)
    #[arg(long, default_value = "go", global = true)]
    variant: String,
    /// Board size (default: the variant's own)
    #[arg(long, global = true)]
    size: Option<usize>,
    /// Komi (default: the variant's own)
    #[arg(long, allow_negative_numbers = true, global = true)]
    komi: Option<f32>,
    /// Start position: empty, or crosscut (Atari Go)
    #[arg(long, default_value = "empty", global = true)]
    start: String,
    /// GoRoGo's setup henge: a vertex, or auto to let the engine choose as White (default C3)
    #[arg(long, value_name = "VERTEX|auto", global = true)]
    henge: Option<String>,
    /// How a finished Go game is counted: area (dead stones removed, the default) or
    /// tromp-taylor (the board as it stands)
    #[arg(long, value_name = "area|tromp-taylor", global = true)]
    rules: Option<String>,
    /// A War Go preset file (format: presets/wargo.ini); plays the section
    /// named by --variant if the file has it, else its last section
    #[arg(long, value_name = "FILE", global = true)]
    preset: Option<std::path::PathBuf>,
}

#[derive(clap::Args, Debug, Clone)]
struct SearchArgs {
    /// Playouts per move
    #[arg(long, global = true)]
    playouts: Option<u64>,
    /// Thinking time per move in seconds when no GTP time control is set
    #[arg(long, allow_negative_numbers = true, global = true)]
    time: Option<f64>,
    /// Search threads (default: one per core)
    #[arg(long, global = true)]
    threads: Option<usize>,
    /// Random seed; a fixed playout budget with a fixed seed is deterministic
    #[arg(long, default_value_t = 0, global = true)]
    seed: u64,
    /// Never resign
    #[arg(long, global = true)]
    no_resign: bool,
    /// Memory cap in megabytes for the whole engine: search trees (shared by the threads and
    /// pondering), the solver's table and the rest
    #[arg(long, value_name = "MB", global = true)]
    max_memory: Option<u64>,
    /// Over GTP, keep searching the position while waiting for the next command
    #[arg(long, global = true)]
    ponder: bool,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Speak GTP on stdin/stdout (the default)
    Gtp,
    /// Measure playouts and tree simulations per second from the start position: a table of
    /// every variant and size, or one line when --variant or --size is given
    Bench {
        /// Seconds to measure each figure (default 3 for one line, 1 for the table)
        #[arg(long)]
        seconds: Option<f64>,
    },
    /// Count the move sequences of exactly DEPTH moves from the start
    Perft {
        #[arg(long)]
        depth: usize,
    },
    /// Play a game against itself, printing the board after every move
    Selfplay,
    /// Play the engine (search and solver, as genmove) against the flat Monte Carlo baseline:
    /// at equal playouts (--playouts, default 1000), or at equal time when only --time is given
    /// (both sides get that many seconds per move; flat MC spends them on playouts)
    Versus {
        /// Games to play; the engine takes black in games 1, 3, 5, ...
        #[arg(long, default_value_t = 100)]
        games: u32,
    },
    /// Solve the start position exactly (df-pn with a transposition table);
    /// `--time` bounds the seconds
    Solve {
        /// Node expansions at most
        #[arg(long, default_value_t = 100_000_000)]
        max_nodes: u64,
        /// Transposition table size in megabytes
        #[arg(long, default_value_t = 512)]
        table_mb: usize,
        /// Print progress on stderr every this many seconds
        #[arg(long)]
        progress: Option<f64>,
        /// Moves to play from the start before solving, alternately, e.g. "C3 D4 henge@B2"
        #[arg(long, default_value = "")]
        moves: String,
        /// Skip the proof by the variant's strategy (GoRoGo's mirror) and run df-pn alone
        #[arg(long)]
        no_strategy: bool,
    },
    /// Play two GTP engines against each other, colours alternating (the first engine has black in game 1)
    Match {
        /// Command line of the first engine, run through `sh -c`; `{game}` in it stands for the
        /// game number and restarts the engine for every game (e.g. `--seed {game}`)
        #[arg(long)]
        first: String,
        /// Command line of the second engine
        #[arg(long)]
        second: String,
        /// Command line of a referee engine that scores every game
        #[arg(long)]
        referee: Option<String>,
        /// Games to play
        #[arg(long, default_value_t = 10)]
        games: u32,
        /// End a game after this many moves and score it (default: 4 x size x size)
        #[arg(long)]
        max_moves: Option<usize>,
        /// Directory for one SGF file per game
        #[arg(long)]
        sgf_dir: Option<std::path::PathBuf>,
        /// Seconds an engine may take for one response before it counts as broken
        #[arg(long, default_value_t = 60.0)]
        timeout: f64,
        /// Show the GTP traffic and the engines' stderr
        #[arg(long)]
        verbose: bool,
    },
}

fn variant_help() -> String {
    let mut text = String::from("Variants:\n");
    for v in Variant::ALL {
        text += &format!("  {:<14} {}\n", v.name(), v.description());
    }
    text += "\nGTP black is always the player who moves first.\nLogging goes to stderr; set RUST_LOG=info or debug.";
    text
}

fn fail(message: String) -> ! {
    eprintln!("variago: {message}");
    std::process::exit(2);
}

fn setup_from(args: &GameArgs) -> Result<Setup, String> {
    let variant = Variant::parse(&args.variant)
        .ok_or_else(|| format!("unknown variant '{}' (known: {})", args.variant, Variant::list()))?;
    let mut setup = match &args.preset {
        Some(path) => preset_setup(path, &args.variant)?,
        None => Setup::new(variant),
    };
    let variant = setup.variant;
    if let Some(size) = args.size {
        if !setup.accepts_size(size) {
            return Err(format!("unacceptable size {size} for {}", variant.name()));
        }
        setup.size = size;
    }
    if let Some(komi) = args.komi {
        if !komi.is_finite() {
            return Err("komi must be a number".into());
        }
        setup.komi = komi;
    }
    setup.start = Start::parse(&args.start).ok_or_else(|| format!("unknown start '{}'", args.start))?;
    if setup.start != Start::Empty && variant != Variant::Atari {
        return Err(format!("{} has no {} start", variant.name(), args.start));
    }
    if let Some(rules) = &args.rules {
        setup.apply_option("rules", rules)?;
    }
    if let Some(henge) = &args.henge {
        if variant != Variant::GoRoGo {
            return Err(format!("{} has no setup henge", variant.name()));
        }
        if !henge.eq_ignore_ascii_case("auto") {
            let v = Vertex::parse(henge)
                .filter(|v| v.on_board(setup.size))
                .ok_or_else(|| format!("invalid henge vertex '{henge}'"))?;
            setup.henge = Some(v);
        }
    }
    Ok(setup)
}

/// The setup of a War Go preset read from a file.
fn preset_setup(path: &std::path::Path, wanted: &str) -> Result<Setup, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut library = variago::variants::wargo::presets::Library::builtin();
    let names = library.add(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let wanted = wanted.to_ascii_lowercase();
    let name = names
        .iter()
        .find(|n| **n == wanted)
        .or(names.last())
        .expect("a file has a section");
    let preset = library.preset(name).map_err(|e| format!("{}: {e}", path.display()))?;
    let variant = if preset.credit.is_some() {
        Variant::BuyingArmies
    } else {
        Variant::WarGo
    };
    Ok(Setup {
        size: preset.size,
        komi: preset.komi,
        preset: Some(std::sync::Arc::new(preset)),
        ..Setup::new(variant)
    })
}

fn settings_from(args: &SearchArgs) -> SearchSettings {
    let mut settings = SearchSettings::default();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = args.threads.unwrap_or(cores);
    if threads == 0 || threads > 4 * cores {
        let clamped = threads.clamp(1, 4 * cores);
        log::warn!("--threads {threads} clamped to {clamped}");
        settings.config.threads = clamped;
    } else {
        settings.config.threads = threads;
    }
    log::info!("{} search threads", settings.config.threads);
    settings.config.seed = args.seed;
    if let Some(mb) = args.max_memory {
        let split = search::split_memory(mb, settings.config.threads);
        if split.raised {
            log::warn!(
                "--max-memory {mb} is too small for the search; using {} nodes per thread",
                split.tree_nodes
            );
        }
        settings.config.max_nodes = split.tree_nodes;
        settings.solver_table_mb = split.solver_table_mb;
    }
    if args.no_resign {
        settings.config.resign_below = 0.0;
    }
    settings.ponder = args.ponder;
    settings.playouts = match args.playouts {
        Some(0) => {
            log::warn!("--playouts 0 raised to 1");
            Some(1)
        }
        p => p,
    };
    settings.time = match args.time {
        Some(t) if !(t > 0.0 && t.is_finite()) => {
            log::warn!("--time {t} is not a positive number of seconds; using 0.1");
            Some(Duration::from_secs_f64(0.1))
        }
        Some(t) => Some(Duration::from_secs_f64(t.min(86_400.0))),
        None if settings.playouts.is_some() => None,
        None => settings.time,
    };
    settings
}

/// One line for an explicit variant or size, else the table of every
/// variant and size.
fn bench(setup: &Setup, one: bool, seconds: Option<f64>) {
    println!("{}", variago::bench::HEADER);
    if one {
        let row = variago::bench::measure(setup, seconds.unwrap_or(3.0));
        println!("{}", row.line());
    } else {
        variago::bench::table(seconds.unwrap_or(1.0), |row| println!("{}", row.line()));
    }
    println!("(per second of CPU time, 1 thread)");
}

fn selfplay(setup: &Setup, settings: &SearchSettings) {
    let engine = Engine::new(setup.clone(), settings.clone());
    let mut game = engine.game.clone();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let _ = writeln!(out, "{}\n", display::human_board(&game));
    while game.outcome().is_none() && game.moves_played() < 4 * setup.size * setup.size {
        let color = game.to_move();
        let result = engine.think(&game, color, false);
        let Some(mv) = result.best else { break };
        game.play(color, mv).expect("search returns legal moves");
        let _ = writeln!(
            out,
            "{} {} ({:.0}% to win, {} playouts)",
            color,
            mv,
            100.0 * result.winrate,
            result.playouts
        );
        let _ = writeln!(out, "{}\n", display::human_board(&game));
    }
    let outcome = game.outcome().unwrap_or_else(|| game.score_now());
    let _ = writeln!(out, "result: {outcome}");
}

fn versus(setup: &Setup, settings: &SearchSettings, games: u32, timed: bool) {
    use variago::versus::Budget;
    let budget = match settings.time {
        Some(t) if timed => Budget::Time(t),
        _ => Budget::Playouts(settings.playouts.unwrap_or(1000)),
    };
    let tally = variago::versus::run(setup, settings, budget, games, settings.config.seed, |done, t| {
        eprintln!("game {done}: {} wins, {} losses, {} draws", t.wins, t.losses, t.draws);
    });
    let (rate, low, high) = tally.rate();
    let each = match budget {
        Budget::Playouts(p) => format!("{p} playouts"),
        Budget::Time(t) => format!("{}s", t.as_secs_f64()),
    };
    println!(
        "{} {}x{}, {each} each: engine {} wins, {} losses, {} draws of {} ({:.1}%, 95% interval {:.1}-{:.1}%), {:.1} moves per game",
        setup.variant.name(),
        setup.size,
        setup.size,
        tally.wins,
        tally.losses,
        tally.draws,
        tally.games(),
        100.0 * rate,
        100.0 * low,
        100.0 * high,
        tally.total_moves as f64 / tally.games().max(1) as f64
    );
}

/// Checks a seconds option: a positive number, at most a day.
fn seconds_option(name: &str, value: Option<f64>) -> Option<Duration> {
    match value {
        Some(t) if !(t > 0.0 && t.is_finite()) => {
            log::warn!("{name} {t} is not a positive number of seconds; using 0.1");
            Some(Duration::from_secs_f64(0.1))
        }
        Some(t) => Some(Duration::from_secs_f64(t.min(86_400.0))),
        None => None,
    }
}

/// The start position with `moves` (separated by spaces or commas) played
/// alternately from the side to move.
fn opening(setup: &Setup, moves: &str) -> Result<Game, String> {
    let mut game = Game::new(setup);
    for text in moves.split([' ', ',']).filter(|t| !t.is_empty()) {
        let mv = variago::Move::parse(text, setup.size).map_err(|e| format!("bad move '{text}': {e}"))?;
        let color = game.to_move();
        game.play(color, mv)
            .map_err(|e| format!("{color} {text}: illegal move: {e}"))?;
    }
    Ok(game)
}

/// Solves `game` within `budget`, whose time comes from `--time`.
fn solve(setup: &Setup, game: &Game, time: Option<f64>, mut budget: solver::Budget) {
    // `settings_from` has already warned about a bad --time.
    budget.time = time.map(|t| Duration::from_secs_f64(if t > 0.0 && t.is_finite() { t.min(86_400.0) } else { 0.1 }));
    let (max_nodes, table_mb) = (budget.nodes, budget.table_mb);
    if max_nodes == 0 {
        log::warn!("--max-nodes 0 raised to 1");
        budget.nodes = 1;
    }
    if !(table::MIN_MB..=table::MAX_MB).contains(&table_mb) {
        budget.table_mb = table_mb.clamp(table::MIN_MB, table::MAX_MB);
        log::warn!("--table-mb {table_mb} clamped to {}", budget.table_mb);
    }
    let solution = solver::solve(game, &budget, &|| false);
    let value = match solution.value {
        solver::Value::Unknown => "unknown (budget)".to_string(),
        value => value.to_string(),
    };
    let options = setup
        .options()
        .iter()
        .map(|(k, v)| format!(" {k}={v}"))
        .collect::<String>();
    println!(
        "{} {}x{}{options}, {} moves in, {} to move: {value}",
        setup.variant.name(),
        setup.size,
        setup.size,
        game.moves_played(),
        game.to_move()
    );
    println!("best: {}", solution.best.map_or("none".to_string(), |m| m.to_string()));
    println!("nodes: {}", solution.nodes);
    println!("time: {:.2}s", solution.elapsed.as_secs_f64());
}

/// True when the argument was given on the command line, before or after
/// the subcommand.
fn given(matches: &clap::ArgMatches, id: &str) -> bool {
    let here = matches!(matches.value_source(id), Some(clap::parser::ValueSource::CommandLine));
    here || matches.subcommand().is_some_and(|(_, sub)| given(sub, id))
}

fn main() {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let matches = Cli::command().after_help(variant_help()).get_matches();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    let mut setup = setup_from(&cli.game).unwrap_or_else(|e| fail(e));
    let settings = settings_from(&cli.search);
    if cli
        .game
        .henge
        .as_deref()
        .is_some_and(|h| h.eq_ignore_ascii_case("auto"))
    {
        let henge = Engine::new(setup.clone(), settings.clone()).choose_setup_henge();
        log::info!("setup henge chosen at {henge}");
        setup.henge = Some(henge);
    }
    match cli.command.unwrap_or(Command::Gtp) {
        Command::Gtp => {
            let mut engine = Engine::new(setup, settings);
            engine.sgf_path = cli.sgf.clone();
            let input = BufReader::new(std::io::stdin());
            variago::gtp::run(engine, input, std::io::stdout());
        }
        Command::Bench { seconds } => {
            let one = ["variant", "size"].iter().any(|&id| given(&matches, id));
            bench(
                &setup,
                one,
                seconds.map(|s| if s.is_finite() { s.clamp(0.01, 3600.0) } else { 1.0 }),
            )
        }
        Command::Perft { depth } => {
            let mut game = Game::new(&setup);
            println!("{}", variago::game::perft(&mut game, depth));
        }
        Command::Solve {
            max_nodes,
            table_mb,
            progress,
            moves,
            no_strategy,
        } => {
            let game = opening(&setup, &moves).unwrap_or_else(|e| fail(e));
            let budget = solver::Budget {
                nodes: max_nodes,
                table_mb,
                progress: seconds_option("--progress", progress),
                strategy: !no_strategy,
                ..solver::Budget::default()
            };
            solve(&setup, &game, cli.search.time, budget)
        }
        Command::Selfplay => selfplay(&setup, &settings),
        Command::Versus { games } => {
            let timed = cli.search.time.is_some() && cli.search.playouts.is_none();
            versus(&setup, &settings, games, timed)
        }
        Command::Match {
            first,
            second,
            referee,
            games,
            max_moves,
            sgf_dir,
            timeout,
            verbose,
        } => {
            let config = variago::matches::MatchConfig {
                first,
                second,
                referee,
                max_moves: max_moves.unwrap_or(4 * setup.size * setup.size),
                setup,
                games,
                sgf_dir,
                timeout: Duration::from_secs_f64(timeout.clamp(0.1, 86_400.0)),
                verbose,
            };
            let summary = variago::matches::run(config.clone()).unwrap_or_else(|e| fail(e));
            print!("{}", summary.table(&config));
        }
    }
}
