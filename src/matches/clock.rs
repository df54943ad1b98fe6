//! The match's clocks: a time control for each side, as gogui-twogtp and
//! cutechess-cli keep them. The runner times every `genmove` itself, tells
//! the engine its time with `time_settings` (or `kgs-time_settings`) and
//! `time_left`, and a side whose flag falls loses the game on time.

use std::fmt;
use std::str::FromStr;

/// A time control, written as `kgs-time_settings` takes it, plus `move`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TimeControl {
    /// `move S`: S seconds for every move, none saved up.
    Move(f64),
    /// `absolute M`: M seconds for the whole game.
    Absolute(f64),
    /// `byoyomi M P N`: M seconds, then N periods of P seconds; a move that
    /// overruns a period uses it up.
    ByoYomi { main: f64, period: f64, periods: u32 },
    /// `canadian M P S`: M seconds, then P seconds for every S moves.
    Canadian { main: f64, period: f64, stones: u32 },
}

impl FromStr for TimeControl {
    type Err = String;

    fn from_str(text: &str) -> Result<TimeControl, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let usage = "a time control is 'move S', 'absolute M', 'byoyomi M P N' or 'canadian M P S' (seconds M, P, S; counts N, S)";
        let seconds = |i: usize| -> Result<f64, String> {
            let word = words[i];
            word.parse::<f64>()
                .ok()
                .filter(|s| s.is_finite() && *s >= 0.0 && *s <= 1e7)
                .ok_or_else(|| format!("'{word}' is not a number of seconds"))
        };
        let count = |i: usize| -> Result<u32, String> {
            let word = words[i];
            word.parse::<u32>()
                .ok()
                .filter(|n| *n > 0)
                .ok_or_else(|| format!("'{word}' is not a positive count"))
        };
        let positive = |name: &str, s: f64| {
            if s > 0.0 {
                Ok(s)
            } else {
                Err(format!("the {name} must be more than 0 seconds"))
            }
        };
        let control = match (words.first().map(|w| w.to_ascii_lowercase()), words.len()) {
            (Some(kind), 2) if kind == "move" => TimeControl::Move(positive("time per move", seconds(1)?)?),
            (Some(kind), 2) if kind == "absolute" => TimeControl::Absolute(positive("main time", seconds(1)?)?),
            (Some(kind), 4) if kind == "byoyomi" => TimeControl::ByoYomi {
                main: seconds(1)?,
                period: positive("byo-yomi period", seconds(2)?)?,
                periods: count(3)?,
            },
            (Some(kind), 4) if kind == "canadian" => TimeControl::Canadian {
                main: seconds(1)?,
                period: positive("overtime period", seconds(2)?)?,
                stones: count(3)?,
            },
            _ => return Err(format!("'{text}': {usage}")),
        };
        Ok(control)
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match *self {
            TimeControl::Move(s) => write!(f, "move {s}"),
            TimeControl::Absolute(m) => write!(f, "absolute {m}"),
            TimeControl::ByoYomi { main, period, periods } => write!(f, "byoyomi {main} {period} {periods}"),
            TimeControl::Canadian { main, period, stones } => write!(f, "canadian {main} {period} {stones}"),
        }
    }
}

impl TimeControl {
    /// True when every time in the control is a whole number of seconds.
    fn whole_seconds(&self) -> bool {
        let times = match *self {
            TimeControl::Move(s) | TimeControl::Absolute(s) => [s, 0.0],
            TimeControl::ByoYomi { main, period, .. } | TimeControl::Canadian { main, period, .. } => [main, period],
        };
        times.iter().all(|t| t.fract() == 0.0)
    }

    /// The command that tells an engine this time control: `time_settings`,
    /// or `kgs-time_settings` for byo-yomi where the engine knows it (plain
    /// GTP has no byo-yomi: there it becomes Canadian overtime of one move
    /// per period, which never gives more time than the real clock).
    pub fn gtp_command(&self, knows_kgs: bool) -> String {
        match *self {
            TimeControl::Move(s) => format!("time_settings 0 {s} 1"),
            TimeControl::Absolute(m) => format!("time_settings {m} 0 0"),
            TimeControl::ByoYomi { main, period, periods } if knows_kgs => {
                format!("kgs-time_settings byoyomi {main} {period} {periods}")
            }
            TimeControl::ByoYomi { main, period, .. } => format!("time_settings {main} {period} 1"),
            TimeControl::Canadian { main, period, stones } => format!("time_settings {main} {period} {stones}"),
        }
    }
}

/// One side's clock during a game.
#[derive(Clone, Debug)]
pub struct Clock {
    control: TimeControl,
    main_left: f64,
    /// In overtime: what is left of the current period.
    period_left: f64,
    /// In overtime: byo-yomi periods, or Canadian moves still owed in the period.
    count_left: u32,
    overtime: bool,
}

impl Clock {
    pub fn new(control: TimeControl) -> Clock {
        let main = match control {
            TimeControl::Move(_) => 0.0,
            TimeControl::Absolute(main) | TimeControl::ByoYomi { main, .. } | TimeControl::Canadian { main, .. } => {
                main
            }
        };
        let mut clock = Clock {
            control,
            main_left: main,
            period_left: 0.0,
            count_left: 0,
            overtime: false,
        };
        if main == 0.0 {
            clock.enter_overtime();
        }
        clock
    }

    fn enter_overtime(&mut self) {
        self.overtime = true;
        self.main_left = 0.0;
        match self.control {
            TimeControl::Move(s) => (self.period_left, self.count_left) = (s, 1),
            TimeControl::Absolute(_) => (self.period_left, self.count_left) = (0.0, 0),
            TimeControl::ByoYomi { period, periods, .. } => (self.period_left, self.count_left) = (period, periods),
            TimeControl::Canadian { period, stones, .. } => (self.period_left, self.count_left) = (period, stones),
        }
    }

    /// Seconds the next move may take before the flag falls.
    pub fn allowed(&self) -> f64 {
        let overtime = match self.control {
            TimeControl::Absolute(_) => 0.0,
            TimeControl::ByoYomi { period, .. } if self.overtime => period * f64::from(self.count_left),
            TimeControl::ByoYomi { period, periods, .. } => period * f64::from(periods),
            TimeControl::Canadian { period, .. } if !self.overtime => period,
            _ => self.period_left,
        };
        self.main_left + overtime
    }

    /// The arguments of `time_left`: seconds, and 0 in main time or the
    /// periods (byo-yomi) or moves (Canadian) left in overtime.
    pub fn time_left(&self) -> (f64, u32) {
        if self.overtime {
            (self.period_left, self.count_left)
        } else {
            (self.main_left, 0)
        }
    }

    /// The `time_left` command for `color`. GTP's times are whole seconds,
    /// and engines such as Pachi refuse others, so what is left is rounded
    /// down; a control in fractions of a second keeps three decimals.
    pub fn time_left_command(&self, color: impl fmt::Display) -> String {
        let (seconds, stones) = self.time_left();
        if self.control.whole_seconds() {
            format!("time_left {color} {} {stones}", seconds.floor() as u64)
        } else {
            format!("time_left {color} {seconds:.3} {stones}")
        }
    }

    /// Charges a move that took `seconds`. False when it overran the clock
    /// by more than `margin` seconds: a loss on time.
    pub fn spend(&mut self, seconds: f64, margin: f64) -> bool {
        if seconds > self.allowed() + margin {
            return false;
        }
        let mut over = seconds;
        if !self.overtime {
            if seconds <= self.main_left || matches!(self.control, TimeControl::Absolute(_)) {
                self.main_left = (self.main_left - seconds).max(0.0);
                return true;
            }
            over = seconds - self.main_left;
            self.enter_overtime();
        }
        match self.control {
            TimeControl::ByoYomi { period, .. } => {
                // Each whole period overrun is used up; the next starts afresh.
                let used = (over / period).floor() as u32;
                self.count_left = self.count_left.saturating_sub(used).max(1);
            }
            TimeControl::Canadian { period, stones, .. } => {
                self.period_left = (self.period_left - over).max(0.0);
                self.count_left -= 1;
                if self.count_left == 0 {
                    (self.period_left, self.count_left) = (period, stones);
                }
            }
            _ => {}
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn control(text: &str) -> TimeControl {
        text.parse().unwrap()
    }

    #[test]
    fn time_controls_read_and_print_alike() {
        for text in [
            "move 2.5",
            "absolute 300",
            "byoyomi 60 10 3",
            "canadian 600 300 25",
            "byoyomi 0 5 1",
        ] {
            assert_eq!(control(text).to_string(), text);
        }
        assert_eq!(control("Move 5"), TimeControl::Move(5.0));
        for bad in [
            "",
            "move",
            "move 0",
            "move -1",
            "absolute 0",
            "byoyomi 60 10",
            "byoyomi 60 0 3",
            "canadian 60 10 0",
            "fischer 60 1",
            "move x",
            "absolute inf",
        ] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
    }

    #[test]
    fn engines_are_told_the_control_in_gtp() {
        assert_eq!(control("move 2").gtp_command(true), "time_settings 0 2 1");
        assert_eq!(control("absolute 60").gtp_command(true), "time_settings 60 0 0");
        assert_eq!(
            control("byoyomi 60 10 3").gtp_command(true),
            "kgs-time_settings byoyomi 60 10 3"
        );
        assert_eq!(control("byoyomi 60 10 3").gtp_command(false), "time_settings 60 10 1");
        assert_eq!(control("canadian 60 30 5").gtp_command(false), "time_settings 60 30 5");
    }

    #[test]
    fn a_move_clock_allows_each_move_its_time() {
        let mut clock = Clock::new(control("move 1"));
        assert_eq!(clock.time_left(), (1.0, 1));
        assert!(clock.spend(0.9, 0.0));
        assert!(clock.spend(0.9, 0.0));
        assert!(!clock.spend(1.2, 0.1));
        assert!(Clock::new(control("move 1")).spend(1.05, 0.1), "within the margin");
    }

    #[test]
    fn time_left_is_told_in_whole_seconds_where_the_control_has_them() {
        let mut clock = Clock::new(control("absolute 30"));
        assert_eq!(clock.time_left_command("black"), "time_left black 30 0");
        assert!(clock.spend(1.75, 0.0));
        assert_eq!(clock.time_left_command("white"), "time_left white 28 0");
        let mut canadian = Clock::new(control("canadian 0 10 5"));
        assert!(canadian.spend(0.4, 0.0));
        assert_eq!(canadian.time_left_command("b"), "time_left b 9 4");
        let mut fraction = Clock::new(control("move 0.5"));
        assert_eq!(fraction.time_left_command("b"), "time_left b 0.500 1");
        assert!(fraction.spend(0.2, 0.0));
        assert_eq!(fraction.time_left_command("b"), "time_left b 0.500 1");
    }

    #[test]
    fn absolute_time_runs_down() {
        let mut clock = Clock::new(control("absolute 10"));
        assert!(clock.spend(4.0, 0.0));
        assert_eq!(clock.time_left(), (6.0, 0));
        assert!(clock.spend(6.0, 0.0));
        assert!(!clock.spend(0.5, 0.0));
    }

    #[test]
    fn byoyomi_uses_up_overrun_periods() {
        let mut clock = Clock::new(control("byoyomi 10 5 3"));
        assert_eq!(clock.allowed(), 25.0);
        assert!(clock.spend(12.0, 0.0)); // main time gone, 2 s into the first period
        assert_eq!(clock.time_left(), (5.0, 3));
        assert!(clock.spend(7.0, 0.0)); // one period overrun
        assert_eq!(clock.time_left(), (5.0, 2));
        assert!(clock.spend(4.9, 0.0));
        assert_eq!(clock.time_left(), (5.0, 2));
        assert_eq!(clock.allowed(), 10.0);
        assert!(!clock.spend(10.5, 0.0));
    }

    #[test]
    fn canadian_overtime_renews_after_its_moves() {
        let mut clock = Clock::new(control("canadian 5 10 2"));
        assert!(clock.spend(6.0, 0.0)); // 1 s into the period: one move of two made
        assert_eq!(clock.time_left(), (9.0, 1));
        assert!(clock.spend(8.0, 0.0)); // the period's second move: a new period
        assert_eq!(clock.time_left(), (10.0, 2));
        assert!(clock.spend(9.0, 0.0));
        assert_eq!(clock.allowed(), 1.0);
        assert!(!clock.spend(2.0, 0.5));
    }
}
