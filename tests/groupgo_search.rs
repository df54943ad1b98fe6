//! The search behind `genmove` in Group Go, Omino Go and DominGo: the GTP
//! clock drives it as in Go, and small boards are played by the solver.

use std::time::{Duration, Instant};
use variago::gtp::engine::{Engine, SearchSettings};
use variago::gtp::execute_line;
use variago::player::{Resigning, Thinking};
use variago::solver::{self, Budget};
use variago::{Color, Position, Setup, Variant};

const FAMILY: [Variant; 3] = [Variant::GroupGo, Variant::OminoGo, Variant::DominGo];

fn engine(variant: Variant, size: usize) -> Engine {
    let mut settings = SearchSettings {
        playouts: None,
        time: Some(Duration::from_secs(30)),
        ..SearchSettings::default()
    };
    settings.config.seed = 5;
    settings.config.threads = 1;
    Engine::new(
        Setup {
            size,
            ..Setup::new(variant)
        },
        settings,
    )
}

fn gtp(e: &mut Engine, line: &str) -> String {
    let reply = execute_line(e, line).expect("a command");
    assert!(reply.starts_with('='), "{line} -> {reply}");
    reply[1..].trim().to_string()
}

/// The seconds `genmove b` takes, and its answer.
fn timed_genmove(e: &mut Engine) -> (f64, String) {
    let start = Instant::now();
    let answer = gtp(e, "genmove b");
    (start.elapsed().as_secs_f64(), answer)
}

#[test]
fn genmove_answers_within_the_time_left() {
    for variant in FAMILY {
        for (settings, left, seconds) in [
            ("time_settings 300 0 0", "time_left b 0.5 0", 0.5),
            ("kgs-time_settings absolute 300", "time_left b 1 0", 1.0),
            ("kgs-time_settings byoyomi 0 0.6 3", "time_left b 0.6 1", 0.6),
            ("time_settings 0 2 4", "time_left b 0.8 4", 0.8),
        ] {
            let mut e = engine(variant, 9);
            gtp(&mut e, settings);
            gtp(&mut e, left);
            let (spent, answer) = timed_genmove(&mut e);
            assert!(spent < seconds, "{variant:?} {settings} {left}: {spent:.3}s");
            assert_ne!(answer, "resign", "{variant:?}");
            assert_ne!(answer, "pass", "{variant:?}: the first move passes");
        }
    }
}

#[test]
fn the_clock_sets_the_budget_and_a_drop_counts_its_points() {
    for variant in FAMILY {
        let mut e = engine(variant, 9);
        // Without a clock, the per-move time.
        assert_eq!(e.limits_for(Color::Black).time, Some(Duration::from_secs(30)));
        gtp(&mut e, "time_settings 600 0 0");
        let budget = |e: &mut Engine, left: &str| {
            gtp(e, &format!("time_left b {left} 0"));
            e.limits_for(Color::Black).time.expect("a clock budget").as_secs_f64()
        };
        let (long, short) = (budget(&mut e, "400"), budget(&mut e, "40"));
        assert!(short < long && long < 400.0 / 8.0, "{variant:?}: {short} {long}");
        // The share of 400 s: the side's moves to come are about half of
        // the board's points over the points a turn fills.
        let per_move = match variant {
            Variant::OminoGo => 4.0,
            Variant::DominGo => 2.0,
            _ => 1.0,
        };
        let moves_left = (81.0 / per_move / 2.0_f64).floor().max(10.0);
        let share = 400.0 / moves_left - 0.3;
        assert!((long - share).abs() < 0.2, "{variant:?}: {long} against {share}");
    }
}

#[test]
fn genmove_plays_a_proven_win_on_a_small_board() {
    // DominGo 4x4 is a win by one point for Black, which the solver proves
    // at komi 0.5 in a few thousand nodes, well within genmove's share of
    // 5,000 playouts. Some first moves throw the win away; genmove's does
    // not.
    let setup = Setup {
        size: 4,
        komi: 0.5,
        ..Setup::new(Variant::DominGo)
    };
    let budget = Budget {
        table_mb: 16,
        ..Budget::default()
    };
    let start = variago::Game::new(&setup);
    let mut firsts = Vec::new();
    start.legal_moves(&mut firsts);
    let keeps_the_win = |mv| {
        let mut after = start.clone();
        after.play(Color::Black, mv).unwrap();
        solver::solve(&after, &budget, &|| false).wins_for(Color::Black)
    };
    let losing = firsts.iter().filter(|&&mv| !keeps_the_win(mv)).count();
    assert!(losing > 0, "every first move wins");
    for seed in [1, 2, 3] {
        let mut settings = SearchSettings {
            playouts: Some(5000),
            time: None,
            ..SearchSettings::default()
        };
        settings.config.seed = seed;
        let mut e = Engine::new(setup.clone(), settings);
        let thought = e
            .player
            .think(&e.game.clone(), Thinking::move_for(Color::Black, Resigning::Never));
        let best = thought.best.expect("a move");
        assert!(keeps_the_win(best), "seed {seed}: {best} loses");
        let answer = gtp(&mut e, "variago-genmove b");
        let played = variago::Move::parse(&answer, 4).unwrap();
        assert!(keeps_the_win(played), "seed {seed}: {answer} loses");
        assert_eq!(e.game.to_move(), Color::White);
    }
}

#[test]
fn the_solver_stays_out_of_big_boards() {
    // On 9x9 the search plays: the board has more empty points than the
    // solver takes on.
    for variant in FAMILY {
        let mut e = engine(variant, 9);
        e.settings.playouts = Some(300);
        e.settings.time = None;
        let thought = e
            .player
            .think(&e.game.clone(), Thinking::move_for(Color::Black, Resigning::Never));
        assert!(thought.playouts > 0, "{variant:?}");
    }
}
