//! A GTP program over pipes: commands in, one response at a time out.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

pub struct Gtp {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Gtp {
    /// Starts `program` with `args`; its stderr is discarded.
    pub fn start(program: &str, args: &[&str]) -> Gtp {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary starts");
        let stdout = child.stdout.take().unwrap();
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Gtp { child, stdin, lines }
    }

    pub fn send(&mut self, text: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(text.as_bytes()).unwrap();
        stdin.flush().unwrap();
    }

    /// Reads one response (its lines, without the final empty line).
    pub fn response(&mut self, timeout: Duration) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut lines = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self
                .lines
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no complete response within {timeout:?}; got {lines:?}"));
            if line.is_empty() {
                assert!(!lines.is_empty(), "an empty line where a response should start");
                return lines;
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
