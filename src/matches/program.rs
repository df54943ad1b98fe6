//! One program of a match (a player or the referee): started on demand,
//! restarted when it breaks or when its command line names the game.

use super::clock::TimeControl;
use super::gtp_client::GtpClient;
use super::record::GameResult;
use super::results::EngineIdentity;
use super::MatchConfig;
use std::time::Duration;

pub struct Program {
    pub role: &'static str,
    /// The command line as given; `{game}` stands for the game number.
    template: String,
    /// The command line now running.
    command: String,
    client: Option<GtpClient>,
    commands: Vec<String>,
    /// `name version` as the engine gives them, for the SGF.
    pub name: String,
    identity: EngineIdentity,
}

impl Program {
    pub fn new(role: &'static str, command: &str) -> Program {
        Program {
            role,
            template: command.to_string(),
            command: command.to_string(),
            client: None,
            commands: Vec::new(),
            name: command.to_string(),
            identity: EngineIdentity {
                role: role.to_string(),
                command: command.to_string(),
                ..EngineIdentity::default()
            },
        }
    }

    pub fn knows(&self, command: &str) -> bool {
        self.commands.iter().any(|c| c == command)
    }

    /// True when it speaks the typed move notation.
    pub fn typed(&self) -> bool {
        self.knows("variago-genmove") && self.knows("variago-play")
    }

    /// Sends a command; the error names the program.
    pub fn send(&mut self, command: &str) -> Result<String, String> {
        let client = self.client.as_mut().ok_or("not started")?;
        client
            .send(command)
            .map_err(|e| format!("{} engine: '{command}' failed: {e}", self.role))
    }

    /// Sends a command that may take up to `timeout`.
    pub fn send_within(&mut self, command: &str, timeout: Duration) -> Result<String, String> {
        let client = self.client.as_mut().ok_or("not started")?;
        client
            .send_within(command, timeout)
            .map_err(|e| format!("{} engine: '{command}' failed: {e}", self.role))
    }

    /// Starts the program if it is not running (or if its command line names the game
    /// number), then sets up game `number` with its time control.
    pub fn new_game(
        &mut self,
        config: &MatchConfig,
        number: u32,
        time: Option<&TimeControl>,
        notes: &mut Vec<String>,
    ) -> Result<(), String> {
        let command = self.template.replace("{game}", &number.to_string());
        if command != self.command {
            self.client = None;
            self.command = command;
        }
        if self.client.as_ref().is_none_or(GtpClient::is_broken) {
            self.start(config)?;
        }
        let setup = &config.setup;
        // An engine already in the variant keeps the options of its command
        // line (`--rules`, say), which variago-set_variant would reset.
        let name = setup.variant.name();
        let playing = self.knows("variago-variant") && self.send("variago-variant").is_ok_and(|v| v == name);
        if playing {
            // Nothing to switch.
        } else if self.knows("variago-set_variant") {
            self.send(&format!("variago-set_variant {}", setup.variant.name()))?;
        } else if !setup.variant.is_plain_go() {
            notes.push(format!(
                "{} engine does not know variago-set_variant: assuming it plays {}",
                self.role,
                setup.variant.name()
            ));
        }
        self.send(&format!("boardsize {}", setup.size))?;
        self.send("clear_board")?;
        self.send(&format!("komi {}", setup.komi))?;
        if config.handicap > 0 {
            self.send(&format!("fixed_handicap {}", config.handicap))?;
        }
        // Buying Armies: both engines buy the same armies by the same rule,
        // so every program in the match starts play from the same hands.
        for command in setup.variant.spec().match_setup {
            if self.knows(command.split_whitespace().next().unwrap_or_default()) {
                self.send(command)?;
            }
        }
        if let Some(time) = time {
            if self.knows("time_settings") {
                self.send(&time.gtp_command(self.knows("kgs-time_settings")))?;
            } else {
                notes.push(format!(
                    "{} engine does not know time_settings: it plays without knowing its clock",
                    self.role
                ));
            }
        }
        Ok(())
    }

    /// Starts the program and checks that it speaks GTP: it must answer
    /// `protocol_version`, `name` and `list_commands`.
    fn start(&mut self, config: &MatchConfig) -> Result<(), String> {
        self.client = Some(GtpClient::spawn(&self.command, config.timeout, config.verbose)?);
        let handshake = (|| {
            self.send("protocol_version")?;
            let name = self.send("name")?;
            let list = self.send("list_commands")?;
            Ok::<_, String>((name, list))
        })();
        let (name, list) = handshake.inspect_err(|_| self.client = None)?;
        self.commands = list.split_whitespace().map(str::to_string).collect();
        let version = self.send("version").unwrap_or_default();
        self.name = format!("{name} {version}").trim().to_string();
        self.identity = EngineIdentity {
            role: self.role.to_string(),
            command: self.command.clone(),
            name,
            version,
            rules: None,
            settings: None,
        };
        Ok(())
    }

    /// Starts the program and sets up game `number` as the match will,
    /// before the first game: says who the engine is and, when it lists
    /// `variago-rules`, the rules it plays by, and when it lists
    /// `variago-settings`, all it plays by.
    pub fn check(
        &mut self,
        config: &MatchConfig,
        number: u32,
        time: Option<&TimeControl>,
    ) -> Result<EngineIdentity, String> {
        if let Err(e) = self.new_game(config, number, time, &mut Vec::new()) {
            // Name the engine by its command line too.
            return Err(match e.contains(&self.command) {
                true => e,
                false => format!("{e} (command: {})", self.command),
            });
        }
        self.identity.rules = match self.knows("variago-rules") {
            true => self.send("variago-rules").ok(),
            false => None,
        };
        self.identity.settings = match self.knows("variago-settings") {
            true => self.send("variago-settings").ok(),
            false => None,
        };
        Ok(self.identity.clone())
    }

    pub fn final_score(&mut self) -> Result<GameResult, String> {
        let text = self.send("final_score")?;
        GameResult::parse(&text).ok_or_else(|| format!("{} engine: unreadable final_score '{text}'", self.role))
    }
}
