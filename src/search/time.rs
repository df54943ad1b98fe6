//! Time control: GTP `time_settings`, `kgs-time_settings` and `time_left`
//! turned into a thinking budget for one move, with a safety margin so that
//! the engine never loses on time.

use crate::color::Color;
use std::time::Duration;

/// The clock system agreed for the game.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub enum TimeSystem {
    /// No clock: the engine's own per-move time applies.
    #[default]
    None,
    /// `main` seconds for the whole game.
    Absolute { main: f64 },
    /// `main`, then `periods` periods of `period` seconds, one move each.
    ByoYomi { main: f64, period: f64, periods: u32 },
    /// `main`, then `period` seconds for every `stones` moves.
    Canadian { main: f64, period: f64, stones: u32 },
}

impl TimeSystem {
    /// Reads GTP `time_settings main byo_yomi stones`.
    pub fn from_gtp(main: f64, byo_yomi: f64, stones: u32) -> TimeSystem {
        if byo_yomi > 0.0 && stones == 0 {
            TimeSystem::None
        } else if stones == 0 {
            TimeSystem::Absolute { main }
        } else {
            TimeSystem::Canadian {
                main,
                period: byo_yomi,
                stones,
            }
        }
    }
}

/// What `time_left` last said for one player.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeLeft {
    pub seconds: f64,
    /// 0 in main time; moves (or byo-yomi periods) left in overtime.
    pub stones: u32,
}

/// The longest thought for one move, in seconds: a day.
pub const MAX_THINK: f64 = 86_400.0;

/// Seconds kept back for process and pipe latency.
pub const SAFETY_MARGIN: f64 = 0.3;

#[derive(Clone, Debug, Default)]
pub struct Clock {
    pub system: TimeSystem,
    left: [Option<TimeLeft>; 2],
}

impl Clock {
    pub fn set_system(&mut self, system: TimeSystem) {
        self.system = system;
        self.left = [None, None];
    }

    pub fn set_left(&mut self, color: Color, left: TimeLeft) {
        self.left[color.index()] = Some(left);
    }

    /// The thinking time for `color`'s next move, or `None` when no clock
    /// limits it. `moves_left` estimates the player's remaining moves.
    pub fn budget(&self, color: Color, moves_left: usize) -> Option<Duration> {
        let (main, overtime_per_move) = match self.system {
            TimeSystem::None => return None,
            TimeSystem::Absolute { main } => (main, 0.0),
            TimeSystem::ByoYomi { main, period, .. } => (main, period),
            TimeSystem::Canadian { main, period, stones } => (main, period / stones.max(1) as f64),
        };
        let left = self.left[color.index()].unwrap_or(TimeLeft {
            seconds: main,
            stones: 0,
        });
        let seconds = if left.stones > 0 {
            // In overtime: the period is shared by the stones still owed.
            let per_move = match self.system {
                TimeSystem::ByoYomi { .. } => left.seconds,
                _ => left.seconds / left.stones as f64,
            };
            0.8 * per_move - SAFETY_MARGIN
        } else {
            let share = left.seconds / moves_left.max(8) as f64;
            let spend = share + 0.8 * overtime_per_move;
            // Main time never runs dry in absolute play, and in overtime
            // systems running out of main time is fine: overtime follows.
            let cap = if overtime_per_move > 0.0 {
                left.seconds + 0.8 * overtime_per_move
            } else {
                0.5 * left.seconds
            };
            spend.min(cap) - SAFETY_MARGIN
        };
        // Absurd clock values (1e300 seconds) must not overflow a Duration.
        let seconds = if seconds.is_nan() {
            0.01
        } else {
            seconds.clamp(0.01, MAX_THINK)
        };
        Some(Duration::from_secs_f64(seconds))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn absolute_time_is_spread_and_never_runs_out() {
        let mut clock = Clock::default();
        clock.set_system(TimeSystem::from_gtp(60.0, 0.0, 0));
        let first = clock.budget(Color::Black, 40).unwrap().as_secs_f64();
        assert!(first > 0.5 && first < 2.0, "{first}");
        clock.set_left(
            Color::Black,
            TimeLeft {
                seconds: 0.2,
                stones: 0,
            },
        );
        assert!(clock.budget(Color::Black, 40).unwrap().as_secs_f64() <= 0.1);
    }

    #[test]
    fn canadian_overtime_divides_the_period() {
        let mut clock = Clock::default();
        clock.set_system(TimeSystem::from_gtp(0.0, 30.0, 10));
        clock.set_left(
            Color::White,
            TimeLeft {
                seconds: 10.0,
                stones: 5,
            },
        );
        let t = clock.budget(Color::White, 40).unwrap().as_secs_f64();
        assert!(t > 1.0 && t < 2.0, "{t}");
    }

    #[test]
    fn absurd_clocks_give_a_bounded_budget() {
        let mut clock = Clock::default();
        clock.set_system(TimeSystem::from_gtp(1e300, 0.0, 0));
        assert_eq!(clock.budget(Color::Black, 40).unwrap().as_secs_f64(), MAX_THINK);
        clock.set_system(TimeSystem::ByoYomi {
            main: 0.0,
            period: 1e308,
            periods: 1,
        });
        clock.set_left(
            Color::Black,
            TimeLeft {
                seconds: 1e308,
                stones: 0,
            },
        );
        assert_eq!(clock.budget(Color::Black, 40).unwrap().as_secs_f64(), MAX_THINK);
    }

    #[test]
    fn byo_yomi_without_stones_means_no_limit() {
        assert_eq!(TimeSystem::from_gtp(10.0, 5.0, 0), TimeSystem::None);
        let clock = Clock::default();
        assert_eq!(clock.budget(Color::Black, 10), None);
    }
}
