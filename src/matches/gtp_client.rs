//! A small GTP client: runs an engine command line through `sh -c`, sends
//! one command at a time and reads the response up to its empty line.
//!
//! Every response has a deadline, so an engine that hangs, dies or prints
//! garbage becomes an error instead of stopping the match.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Why a command did not succeed.
#[derive(Clone, Debug, PartialEq)]
pub enum GtpError {
    /// The engine answered `? message`: it is still usable.
    Failure(String),
    /// The engine died, timed out or broke the protocol: it is not usable any more.
    Broken(String),
}

impl std::fmt::Display for GtpError {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            GtpError::Failure(m) => write!(f, "? {m}"),
            GtpError::Broken(m) => f.write_str(m),
        }
    }
}

pub struct GtpClient {
    /// The command line, for messages.
    pub command: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    timeout: Duration,
    broken: Option<String>,
    killed: bool,
    verbose: bool,
    /// The last lines of its stderr when it is not shown, to say why it
    /// exited.
    stderr: Option<Arc<StderrTail>>,
}

/// The last lines an engine wrote to stderr.
#[derive(Default)]
struct StderrTail {
    lines: Mutex<VecDeque<String>>,
    closed: AtomicBool,
}

impl StderrTail {
    const LINES: usize = 3;
    const LINE_LENGTH: usize = 200;

    fn read(self: Arc<Self>, stderr: std::process::ChildStderr) {
        for line in BufReader::new(stderr).lines() {
            let Ok(line) = line else { break };
            let line: String = line.trim().chars().take(Self::LINE_LENGTH).collect();
            if line.is_empty() {
                continue;
            }
            let mut lines = self.lines.lock().expect("stderr lines");
            if lines.len() == Self::LINES {
                lines.pop_front();
            }
            lines.push_back(line);
        }
        self.closed.store(true, Ordering::Release);
    }

    /// The lines, once the engine has closed its stderr (or a moment passed).
    fn text(&self) -> String {
        let until = Instant::now() + Duration::from_millis(200);
        while !self.closed.load(Ordering::Acquire) && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(5));
        }
        let lines = self.lines.lock().expect("stderr lines");
        Vec::from(lines.clone()).join(" / ")
    }
}

impl GtpClient {
    /// Starts `command` in its own process group. Its stderr is shown when
    /// `verbose`, else its last lines are kept for the error if it exits.
    pub fn spawn(command: &str, timeout: Duration, verbose: bool) -> Result<GtpClient, String> {
        use std::os::unix::process::CommandExt;
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(if verbose { Stdio::inherit() } else { Stdio::piped() })
            .process_group(0)
            .spawn()
            .map_err(|e| format!("cannot start '{command}': {e}"))?;
        let stdin = child.stdin.take().ok_or("no stdin pipe")?;
        let stdout = child.stdout.take().ok_or("no stdout pipe")?;
        // A reader thread turns the blocking pipe into a channel with timeouts.
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let stderr = child.stderr.take().map(|pipe| {
            let tail = Arc::new(StderrTail::default());
            let reader = Arc::clone(&tail);
            std::thread::spawn(move || reader.read(pipe));
            tail
        });
        Ok(GtpClient {
            command: command.to_string(),
            child,
            stdin,
            lines,
            timeout,
            broken: None,
            killed: false,
            verbose,
            stderr,
        })
    }

    /// `, its stderr ending: ...` when it wrote to stderr, for the message
    /// of an engine that exited.
    fn last_words(&self) -> String {
        match self.stderr.as_ref().map(|tail| tail.text()) {
            Some(text) if !text.is_empty() => format!(", its stderr ending: {text}"),
            _ => String::new(),
        }
    }

    pub fn is_broken(&self) -> bool {
        self.broken.is_some()
    }

    fn fail(&mut self, message: String) -> GtpError {
        let message = format!("{message} (command: {})", self.command);
        self.broken = Some(message.clone());
        self.kill();
        GtpError::Broken(message)
    }

    /// Sends one command and returns the response text without `=`.
    pub fn send(&mut self, command: &str) -> Result<String, GtpError> {
        self.send_within(command, self.timeout)
    }

    /// Sends one command that may take up to `timeout` (a move under a
    /// clock); an engine silent past it is killed.
    pub fn send_within(&mut self, command: &str, timeout: Duration) -> Result<String, GtpError> {
        if let Some(message) = &self.broken {
            return Err(GtpError::Broken(message.clone()));
        }
        if self.verbose {
            eprintln!("[{}] << {command}", self.command);
        }
        if let Err(e) = writeln!(self.stdin, "{command}").and_then(|_| self.stdin.flush()) {
            let message = match self.lines.recv_timeout(Duration::from_millis(100)) {
                Ok(line) => format!("exited before reading '{command}', having printed '{line}', not GTP"),
                Err(_) => format!("cannot send '{command}': {e}"),
            };
            return Err(self.fail(message + &self.last_words()));
        }
        let deadline = Instant::now() + timeout;
        let mut response: Vec<String> = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(left) {
                Ok(line) => line.trim_end_matches('\r').to_string(),
                Err(RecvTimeoutError::Timeout) => {
                    return Err(self.fail(format!("no answer to '{command}' within {timeout:?}")))
                }
                Err(RecvTimeoutError::Disconnected) => {
                    let message = format!("exited while answering '{command}'") + &self.last_words();
                    return Err(self.fail(message));
                }
            };
            if self.verbose {
                eprintln!("[{}] >> {line}", self.command);
            }
            if line.trim().is_empty() {
                if response.is_empty() {
                    continue; // stray empty lines before a response
                }
                break;
            }
            if response.is_empty() && !line.starts_with(['=', '?']) {
                return Err(self.fail(format!("answered '{command}' with '{line}', not a GTP response")));
            }
            response.push(line);
        }
        let text = response.join("\n");
        // Drop the status character and an optional numeric id.
        let body = text[1..].trim_start_matches(|c: char| c.is_ascii_digit()).trim();
        if text.starts_with('=') {
            Ok(body.to_string())
        } else {
            Err(GtpError::Failure(body.to_string()))
        }
    }

    /// Kills the engine's whole process group, so that children of the shell go too.
    fn kill(&mut self) {
        if std::mem::replace(&mut self.killed, true) {
            return;
        }
        if let Ok(pid) = i32::try_from(self.child.id()) {
            // SAFETY: kill(2) with a negative pid signals the process group we created.
            unsafe {
                libc::kill(-pid, libc::SIGKILL);
            }
        }
        let _ = self.child.wait();
    }
}

impl Drop for GtpClient {
    /// Asks politely with `quit`, then makes sure the engine is gone.
    fn drop(&mut self) {
        if self.broken.is_none() {
            let saved = self.timeout;
            self.timeout = Duration::from_secs(2).min(saved);
            let _ = self.send("quit");
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            // Give it a moment to exit on its own before killing it.
            let until = Instant::now() + Duration::from_millis(500);
            while Instant::now() < until {
                if let Ok(Some(_)) = self.child.try_wait() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
        }
        self.kill();
    }
}
