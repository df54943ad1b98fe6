//! A GTP program over pipes: commands in, one response at a time out.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

pub struct Gtp {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Lines of stderr, when started by [`Gtp::start_logged`].
    log: Option<Receiver<String>>,
}

/// Sends each line that `stream` gives to a channel, on its own thread.
fn line_channel(stream: impl Read + Send + 'static) -> Receiver<String> {
    let (sender, lines) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stream).lines() {
            let Ok(line) = line else { break };
            if sender.send(line).is_err() {
                break;
            }
        }
    });
    lines
}

impl Gtp {
    /// Starts `program` with `args`; its stderr is discarded.
    pub fn start(program: &str, args: &[&str]) -> Gtp {
        Gtp::spawn(Command::new(program).args(args).stderr(Stdio::null()))
    }

    /// Starts `program` with `args` and `RUST_LOG=info`, keeping its stderr
    /// for [`Gtp::log_line`].
    pub fn start_logged(program: &str, args: &[&str]) -> Gtp {
        let mut gtp = Gtp::spawn(
            Command::new(program)
                .args(args)
                .env("RUST_LOG", "info")
                .stderr(Stdio::piped()),
        );
        gtp.log = gtp.child.stderr.take().map(line_channel);
        gtp
    }

    /// Starts `program` with `args`, keeping its stderr (at the default log
    /// level) for [`Gtp::log_lines`].
    pub fn start_with_stderr(program: &str, args: &[&str]) -> Gtp {
        let mut gtp = Gtp::spawn(Command::new(program).args(args).stderr(Stdio::piped()));
        gtp.log = gtp.child.stderr.take().map(line_channel);
        gtp
    }

    fn spawn(command: &mut Command) -> Gtp {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let lines = line_channel(child.stdout.take().unwrap());
        let stdin = child.stdin.take();
        Gtp {
            child,
            stdin,
            lines,
            log: None,
        }
    }

    /// The process id of the program.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Drops the lines of stderr read so far.
    pub fn drain_log(&mut self) {
        let log = self.log.as_ref().expect("started with start_logged");
        while log.try_recv().is_ok() {}
    }

    /// The lines of stderr read so far and not yet taken.
    pub fn log_lines(&mut self) -> Vec<String> {
        let log = self.log.as_ref().expect("started with stderr kept");
        std::iter::from_fn(|| log.try_recv().ok()).collect()
    }

    /// The exit status, if the program has ended.
    pub fn exit_status(&mut self) -> Option<std::process::ExitStatus> {
        self.child.try_wait().unwrap()
    }

    /// The next line of stderr that contains `text`, skipping others;
    /// `None` when none comes within `timeout`.
    pub fn log_line(&mut self, text: &str, timeout: Duration) -> Option<String> {
        let log = self.log.as_ref().expect("started with start_logged");
        let deadline = Instant::now() + timeout;
        loop {
            let line = log
                .recv_timeout(deadline.saturating_duration_since(Instant::now()))
                .ok()?;
            if line.contains(text) {
                return Some(line);
            }
        }
    }

    pub fn send(&mut self, text: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(text.as_bytes()).unwrap();
        stdin.flush().unwrap();
    }

    /// Reads one response (its lines, without the final empty line).
    pub fn response(&mut self, timeout: Duration) -> Vec<String> {
        self.try_response(timeout).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Reads one response as [`Gtp::response`] does; `Err` says what came
    /// instead: too little within `timeout`, the end of output, or an
    /// empty line where a response should start.
    pub fn try_response(&mut self, timeout: Duration) -> Result<Vec<String>, String> {
        let deadline = Instant::now() + timeout;
        let mut lines = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(left) {
                Ok(line) => line,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    return Err(format!("no complete response within {timeout:?}; got {lines:?}"))
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(format!("the output ended within a response; got {lines:?}"))
                }
            };
            if line.is_empty() {
                if lines.is_empty() {
                    return Err("an empty line where a response should start".into());
                }
                return Ok(lines);
            }
            lines.push(line);
        }
    }

    /// Sends one command; `Ok` with the text of a `=` response, `Err`
    /// with the whole `?` response.
    pub fn command(&mut self, command: &str, timeout: Duration) -> Result<String, String> {
        self.send(&format!("{command}\n"));
        let lines = self.response(timeout);
        if !lines[0].starts_with('=') {
            return Err(lines.join("\n"));
        }
        let first = lines[0].trim_start_matches('=').trim_start();
        Ok(std::iter::once(first.to_string())
            .chain(lines[1..].iter().cloned())
            .collect::<Vec<_>>()
            .join("\n"))
    }

    /// Sends one command and returns its response text, checking success.
    pub fn ok(&mut self, command: &str) -> String {
        self.command(command, Duration::from_secs(30))
            .unwrap_or_else(|e| panic!("{command}: {e}"))
    }

    pub fn close(&mut self) {
        self.stdin = None;
    }

    pub fn wait(&mut self, timeout: Duration) -> std::process::ExitStatus {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(Instant::now() < deadline, "the engine did not exit");
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Gtp {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs `program` on `input` to the end of its output: stdout (UTF-8)
/// and the exit code. Stderr is read and dropped.
pub fn run_to_end(program: &str, args: &[&str], input: &[u8]) -> (String, Option<i32>) {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let mut stderr = child.stderr.take().unwrap();
    let logger = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
    });
    let mut out = Vec::new();
    child.stdout.take().unwrap().read_to_end(&mut out).unwrap();
    writer.join().unwrap();
    logger.join().unwrap();
    let status = child.wait().unwrap();
    (String::from_utf8(out).expect("stdout is UTF-8"), status.code())
}
