//! One engine process: its stdin written a line at a time, its stdout read
//! into lines by a thread of its own (so that every read has a deadline),
//! its stderr kept as a short tail for error messages. The process is killed
//! and reaped when the handle is dropped: no engine outlives its handle.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Arc, Mutex, PoisonError, mpsc};
use std::time::Instant;

use super::ExternalError;

/// Longest line an engine may write: an `info` line with a long principal
/// variation is a few kilobytes; anything far longer is not the protocol.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// Lines of stderr kept for error messages.
const STDERR_TAIL_LINES: usize = 20;

/// A running engine process.
#[derive(Debug)]
pub struct EngineProcess {
    child: Child,
    stdin: ChildStdin,
    lines: mpsc::Receiver<Result<String, ExternalError>>,
    stderr: Arc<Mutex<StderrTail>>,
    command: String,
}

/// The last lines of stderr and how many were written in all, so a caller
/// can take just the lines one search wrote ([`EngineProcess::stderr_since`]).
#[derive(Debug, Default)]
struct StderrTail {
    lines: VecDeque<String>,
    written: u64,
}

impl EngineProcess {
    /// Starts `command` with `args`, its standard streams piped.
    ///
    /// # Errors
    /// [`ExternalError::Spawn`] when the program cannot be started.
    pub fn spawn(command: &Path, args: &[String]) -> Result<Self, ExternalError> {
        let name = command.display().to_string();
        let mut builder = Command::new(command);
        builder
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        // A process group of its own: a terminal's Ctrl-C reaches Arbiter,
        // which then ends its engines itself, and not the engines halfway
        // through a move.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut builder, 0);
        let mut child = builder.spawn().map_err(|source| ExternalError::Spawn {
            command: name.clone(),
            source,
        })?;
        let (Some(stdin), Some(stdout), Some(stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(ExternalError::Spawn {
                command: name,
                source: std::io::Error::other("no pipe to the process"),
            });
        };
        let (sender, lines) = mpsc::channel();
        std::thread::Builder::new()
            .name("engine-stdout".to_owned())
            .spawn(move || read_lines(stdout, &sender))
            .map_err(|source| ExternalError::Spawn {
                command: name.clone(),
                source,
            })?;
        let tail = Arc::new(Mutex::new(StderrTail::default()));
        let stderr_tail = Arc::clone(&tail);
        std::thread::Builder::new()
            .name("engine-stderr".to_owned())
            .spawn(move || keep_tail(stderr, &stderr_tail))
            .map_err(|source| ExternalError::Spawn {
                command: name.clone(),
                source,
            })?;
        Ok(EngineProcess {
            child,
            stdin,
            lines,
            stderr: tail,
            command: name,
        })
    }

    /// The program this process runs.
    #[must_use]
    pub fn command(&self) -> &str {
        &self.command
    }

    /// Writes one line to the engine.
    ///
    /// # Errors
    /// [`ExternalError::Exited`] when the engine no longer reads its input.
    pub fn send(&mut self, line: &str) -> Result<(), ExternalError> {
        let written = self
            .stdin
            .write_all(line.as_bytes())
            .and_then(|()| self.stdin.write_all(b"\n"))
            .and_then(|()| self.stdin.flush());
        written.map_err(|_| self.exited())
    }

    /// The engine's next line, waiting until `deadline`.
    ///
    /// # Errors
    /// [`ExternalError::Timeout`] at the deadline, [`ExternalError::Exited`]
    /// when the engine closed its output, [`ExternalError::Protocol`] for a
    /// line that is too long or not UTF-8.
    pub fn recv(&mut self, deadline: Instant) -> Result<String, ExternalError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => line,
            Err(mpsc::RecvTimeoutError::Timeout) => Err(ExternalError::Timeout),
            Err(mpsc::RecvTimeoutError::Disconnected) => Err(self.exited()),
        }
    }

    /// The last lines the engine wrote to stderr, joined.
    #[must_use]
    pub fn stderr_tail(&self) -> String {
        let tail = self.stderr.lock().unwrap_or_else(PoisonError::into_inner);
        tail.lines.iter().cloned().collect::<Vec<_>>().join("\n")
    }

    /// The stderr lines written after the first `seen` (those still kept:
    /// at most the last 20), and the count to pass next time.
    #[must_use]
    pub fn stderr_since(&self, seen: u64) -> (Vec<String>, u64) {
        let tail = self.stderr.lock().unwrap_or_else(PoisonError::into_inner);
        let new = usize::try_from(tail.written.saturating_sub(seen)).unwrap_or(usize::MAX);
        let skip = tail.lines.len().saturating_sub(new);
        (
            tail.lines.iter().skip(skip).cloned().collect(),
            tail.written,
        )
    }

    /// The process's id (also its process group's: see [`Self::spawn`]).
    #[must_use]
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// Kills the process and reaps it.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    fn exited(&mut self) -> ExternalError {
        // Give the exit status a moment to be known: the pipe closes first.
        let deadline = Instant::now() + std::time::Duration::from_millis(100);
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(status)) => break Some(status),
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(std::time::Duration::from_millis(5));
                }
                _ => break None,
            }
        };
        ExternalError::Exited {
            status: status.map_or_else(|| "still running".to_owned(), |s| s.to_string()),
            stderr: self.stderr_tail(),
        }
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

fn read_lines(stdout: impl Read, sender: &mpsc::Sender<Result<String, ExternalError>>) {
    let mut reader = BufReader::new(stdout);
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        let limit = u64::try_from(MAX_LINE_BYTES + 1).unwrap_or(u64::MAX);
        match (&mut reader).take(limit).read_until(b'\n', &mut buffer) {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        if buffer.last() != Some(&b'\n') && buffer.len() > MAX_LINE_BYTES {
            let _ = sender.send(Err(ExternalError::Protocol(format!(
                "a line longer than {MAX_LINE_BYTES} bytes"
            ))));
            return;
        }
        let line = match std::str::from_utf8(&buffer) {
            Ok(text) => Ok(text.trim_end_matches(['\n', '\r']).to_owned()),
            Err(_) => Err(ExternalError::Protocol(
                "a line that is not UTF-8".to_owned(),
            )),
        };
        let failed = line.is_err();
        if sender.send(line).is_err() || failed {
            return;
        }
    }
}

/// Keeps the last lines of stderr, each cut to 500 bytes, reading
/// everything the engine writes so that it never blocks on a full pipe.
fn keep_tail(mut stderr: impl Read, tail: &Mutex<StderrTail>) {
    let mut chunk = [0u8; 8192];
    let mut current = Vec::new();
    loop {
        let read = match stderr.read(&mut chunk) {
            Ok(0) | Err(_) => return,
            Ok(read) => read,
        };
        for &byte in &chunk[..read] {
            if byte == b'\n' {
                let text = String::from_utf8_lossy(&current).into_owned();
                let mut tail = tail.lock().unwrap_or_else(PoisonError::into_inner);
                if tail.lines.len() == STDERR_TAIL_LINES {
                    tail.lines.pop_front();
                }
                tail.lines.push_back(text);
                tail.written += 1;
                current.clear();
            } else if current.len() < 500 {
                current.push(byte);
            }
        }
    }
}
