//! GoGui 1.6 with a ruler, emulated: two engine processes with the same
//! command line, one the program and one the ruler, driven as GoGui's
//! `GoGui.java` and `go/GenericBoard.java` drive them.
//!
//! - At attach the program answers `name`, `protocol_version`, `version`,
//!   `list_commands` and `gogui-rules_game_id`; the ruler `list_commands`,
//!   `gogui-rules_game_id` and `gogui-rules_board_size`. GoGui then sends
//!   `boardsize` with the ruler's size, `clear_board` and its komi to the
//!   program (never to the ruler), and checks that the program's
//!   `gogui-rules_board_size` and game id agree with the ruler's.
//! - The side to move and the legal clicks always come from the ruler; a
//!   human click is sent only when the ruler lists it.
//! - A computer move is `genmove` to the program; a human move is `play`
//!   to the program. Either is then relayed to the ruler with `play`, and
//!   GoGui reads `gogui-rules_board`, `gogui-rules_board_size`,
//!   `gogui-rules_captured_count` and `gogui-rules_side_to_move`.
//! - GoGui rebuilds the ruler from `clear_board` and every move of the
//!   game tree after each move and each undo, and sends the same `play`
//!   to the rebuilt ruler again (an error is swallowed). Rebuilds cost a
//!   whole game's moves each, so the emulation does this every
//!   `rebuild_every` steps (and after every undo and at the end); the
//!   steps between relay the `play` alone.
//!
//! - GoGui ends a game after any two passes in a row (`Board.bothPassed`
//!   in `checkComputerMove`), whatever the ruler says.
//!
//! A divergence is anything that would part the two copies or stop the
//! game: different `variago-board` answers, a `?` answer to a command
//! GoGui relies on, a computer move the ruler does not list, a second
//! `play` that hands the turn on, or two passes in a row while the ruler
//! goes on.

#![allow(dead_code)]

use super::process::Gtp;
use std::time::Duration;

const TIMEOUT: Duration = Duration::from_secs(120);

pub struct GoGui {
    program: Gtp,
    ruler: Gtp,
    /// The frame's size, as the ruler gave it.
    pub size: usize,
    /// Every click in the game tree, as `play` sends it: `B D4`.
    pub moves: Vec<String>,
    /// Steps between two rebuilds of the ruler from `clear_board`.
    pub rebuild_every: usize,
    pub divergences: Vec<String>,
}

/// What a computer move came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    Played(String),
    Resigned,
    /// The ruler lists no move: the game is over.
    Over,
}

impl GoGui {
    /// Starts the program and the ruler with `args` and attaches both.
    pub fn attach(args: &[&str]) -> GoGui {
        let binary = env!("CARGO_BIN_EXE_variago");
        let mut gogui = GoGui {
            program: Gtp::start(binary, args),
            ruler: Gtp::start(binary, args),
            size: 0,
            moves: Vec::new(),
            rebuild_every: 1,
            divergences: Vec::new(),
        };
        for command in ["name", "protocol_version", "version", "list_commands"] {
            gogui.program("", command);
        }
        let program_id = gogui.program("attach", "gogui-rules_game_id");
        gogui.ruler("attach", "list_commands");
        let ruler_id = gogui.ruler("attach", "gogui-rules_game_id");
        let size = gogui.ruler("attach", "gogui-rules_board_size");
        gogui.size = size.parse().unwrap_or(0);
        gogui.program("attach", &format!("boardsize {size}"));
        gogui.program("attach", "clear_board");
        // GoGui's komi (its default 6.5) goes to the program alone; an
        // error is swallowed. Go has no ruler: GoGui's own Go rules, which
        // the ruler stands in for here, count GoGui's komi.
        let _ = gogui.program.command("komi 6.5", TIMEOUT);
        if program_id == "Go" {
            gogui.ruler("attach", "komi 6.5");
        }
        if gogui.program("attach", "gogui-rules_board_size") != size || program_id != ruler_id {
            gogui.diverge(format!("program and ruler disagree at attach: {program_id} {ruler_id}"));
        }
        gogui.ruler("attach", "clear_board");
        gogui.sync(true);
        gogui
    }

    fn diverge(&mut self, what: String) {
        if self.divergences.len() < 20 {
            eprintln!("divergence after {} clicks: {what}", self.moves.len());
        }
        self.divergences.push(what);
    }

    /// A command to the program that must succeed.
    fn program(&mut self, context: &str, command: &str) -> String {
        self.must(false, context, command)
    }

    /// A command to the ruler that must succeed.
    fn ruler(&mut self, context: &str, command: &str) -> String {
        self.must(true, context, command)
    }

    fn must(&mut self, to_ruler: bool, context: &str, command: &str) -> String {
        let (gtp, name) = if to_ruler {
            (&mut self.ruler, "ruler")
        } else {
            (&mut self.program, "program")
        };
        match gtp.command(command, TIMEOUT) {
            Ok(text) => text,
            Err(error) => {
                self.diverge(format!("{context}: {name} {command}: {error}"));
                String::new()
            }
        }
    }

    /// What GoGui reads from the ruler after a change: the board, the
    /// captures and the side to move (the board's size and its gfx too,
    /// with `full`).
    fn sync(&mut self, full: bool) -> String {
        let mut commands = vec!["gogui-rules_board", "gogui-rules_captured_count"];
        if full {
            commands.extend(["gogui-rules_board_size", "gogui-rules_board_gfx"]);
        }
        for command in commands {
            self.ruler("sync", command);
        }
        self.ruler("sync", "gogui-rules_side_to_move")
    }

    /// The side to move, from the ruler.
    pub fn side_to_move(&mut self) -> String {
        self.ruler("side", "gogui-rules_side_to_move")
    }

    /// The ruler's legal clicks.
    pub fn legal(&mut self) -> Vec<String> {
        let list = self.ruler("legal", "gogui-rules_legal_moves");
        list.split_whitespace().map(str::to_string).collect()
    }

    /// A command to the program, for tests to look at.
    pub fn ask_program(&mut self, command: &str) -> String {
        self.program("test", command)
    }

    /// A command to the program whose answer, `= text` or `? message`,
    /// tests look at.
    pub fn ask_program_raw(&mut self, command: &str) -> String {
        match self.program.command(command, TIMEOUT) {
            Ok(text) => format!("= {text}"),
            Err(error) => error,
        }
    }

    /// A command to the ruler, for tests to look at.
    pub fn ask_ruler(&mut self, command: &str) -> String {
        self.ruler("test", command)
    }

    /// True when the last two clicks were passes: GoGui's end of a game.
    pub fn both_passed(&self) -> bool {
        let n = self.moves.len();
        n >= 2 && self.moves[n - 2..].iter().all(|m| m.ends_with(" pass"))
    }

    /// The computer's move for the side to move.
    pub fn computer_move(&mut self) -> Step {
        let legal = self.legal();
        if self.both_passed() {
            if !legal.is_empty() {
                let n = legal.len();
                self.diverge(format!(
                    "GoGui ends the game after two passes; the ruler lists {n} clicks"
                ));
            }
            return Step::Over;
        }
        if legal.is_empty() {
            return Step::Over;
        }
        let side = self.side_to_move();
        let answer = self.program("computer", &format!("genmove {side}"));
        if answer.eq_ignore_ascii_case("resign") {
            return Step::Resigned;
        }
        if !legal.iter().any(|m| m.eq_ignore_ascii_case(&answer)) {
            self.diverge(format!("genmove {side} answered {answer}, not in the ruler's list"));
        }
        self.relay(&side, &answer);
        Step::Played(answer)
    }

    /// A person's click: refused (false) unless the ruler lists it.
    pub fn click(&mut self, vertex: &str) -> bool {
        let legal = self.legal();
        if !legal.iter().any(|m| m.eq_ignore_ascii_case(vertex)) {
            return false;
        }
        let side = self.side_to_move();
        self.program("human", &format!("play {side} {vertex}"));
        self.relay(&side, vertex);
        true
    }

    /// GoGui's "Undo": the program takes back a step, the ruler is rebuilt.
    pub fn undo(&mut self) {
        self.program("undo", "undo");
        self.moves.pop();
        self.rebuild();
        self.compare("undo");
    }

    /// A played click, relayed to the ruler the way GoGui does it.
    fn relay(&mut self, side: &str, vertex: &str) {
        let color = side[..1].to_ascii_uppercase();
        let play = format!("play {color} {vertex}");
        self.ruler("relay", &play);
        self.moves.push(format!("{color} {vertex}"));
        let full = self.rebuild_every > 0 && self.moves.len().is_multiple_of(self.rebuild_every);
        let after = self.sync(full);
        if full {
            // GoGui rebuilds the ruler and sends the same play again (twice
            // for a computer move, each time after a rebuild); an error is
            // swallowed, and the side to move it reads then goes into its
            // game tree. A final rebuild restores the ruler.
            self.rebuild();
            let _ = self.ruler.command(&play, TIMEOUT);
            let again = self.sync(true);
            if again != after {
                self.diverge(format!("the repeated {play} handed the turn from {after} to {again}"));
            }
            self.rebuild();
        }
        self.compare(&play);
    }

    /// GoGui's `GenericBoard.copyBoardState`: `clear_board`, then every click.
    pub fn rebuild(&mut self) {
        self.ruler("rebuild", "clear_board");
        for play in self.moves.clone() {
            self.ruler("rebuild", &format!("play {play}"));
        }
        self.sync(true);
    }

    /// Checks that the program and the ruler hold the same game.
    pub fn compare(&mut self, context: &str) {
        let program = self.program(context, "variago-board");
        let ruler = self.ruler(context, "variago-board");
        if program != ruler {
            self.diverge(format!("after {context}: program\n{program}\nruler\n{ruler}"));
        }
    }

    /// Plays computer moves to the end of the game, at most `max_steps`;
    /// the ruler is rebuilt at the end, as GoGui does after the last move.
    pub fn play_out(&mut self, max_steps: usize) -> Step {
        let mut last = Step::Over;
        for _ in 0..max_steps {
            last = self.computer_move();
            if !matches!(last, Step::Played(_)) {
                break;
            }
        }
        self.rebuild();
        self.compare("the end");
        if last == Step::Over && self.ruler("end", "gogui-rules_final_result").is_empty() {
            self.diverge("the game is over without a result".into());
        }
        last
    }
}
