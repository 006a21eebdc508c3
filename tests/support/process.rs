//! The real binary as a child process on ephemeral ports, for the tests that
//! need a process of its own (its resident memory, its file-descriptor
//! limit): started with JSON logs, its addresses read from its "arbiter
//! serving" line, and stopped by SIGTERM (killed if it has not exited after
//! 15 s) when dropped.

use std::{
    io::{BufRead, BufReader},
    net::SocketAddr,
    process::{Child, Command, Stdio},
    time::{Duration, Instant},
};

/// A running `arbiter` child process.
pub(crate) struct ServerProcess {
    child: Child,
    pub(crate) grpc: SocketAddr,
    pub(crate) http: SocketAddr,
    pub(crate) admin: SocketAddr,
}

impl ServerProcess {
    /// Starts `binary` (a test's `env!("CARGO_BIN_EXE_arbiter")`, which
    /// only test targets have) with `env` added to ephemeral ports, one
    /// search thread and a 1 MiB table; under a file-descriptor limit of
    /// `max_files` when given (through the shell's `ulimit -n`).
    pub(crate) fn start(
        binary: &str,
        env: &[(&str, &str)],
        max_files: Option<u32>,
    ) -> ServerProcess {
        let mut command = match max_files {
            Some(limit) => {
                let mut shell = Command::new("sh");
                shell.args(["-c", &format!("ulimit -n {limit} && exec \"$0\""), binary]);
                shell
            }
            None => Command::new(binary),
        };
        command
            .env("ARBITER_GRPC_ADDR", "127.0.0.1:0")
            .env("ARBITER_ADMIN_ADDR", "127.0.0.1:0")
            .env("ARBITER_HTTP_ADDR", "127.0.0.1:0")
            .env("ARBITER_SEARCH_THREADS", "1")
            .env("ARBITER_TT_MB", "1")
            .env("ARBITER_LOG_FORMAT", "json")
            .env("RUST_LOG", "info")
            .envs(env.iter().copied())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        let mut child = command.spawn().expect("the binary starts");
        let stdout = child.stdout.take().expect("its standard output");
        let mut lines = BufReader::new(stdout).lines();
        let line = lines
            .by_ref()
            .map_while(Result::ok)
            .find(|line| line.contains("arbiter serving"))
            .expect("a serving line");
        // Keep reading, so the server never blocks on a full pipe.
        std::thread::spawn(move || lines.map_while(Result::ok).for_each(drop));
        let field = |key: &str| -> SocketAddr {
            let start = line.find(&format!("\"{key}\":\"")).expect("the address") + key.len() + 4;
            let end = start + line[start..].find('"').expect("its end");
            line[start..end].parse().expect("an address")
        };
        ServerProcess {
            grpc: field("grpc"),
            http: field("http"),
            admin: field("admin"),
            child,
        }
    }

    /// The process's id.
    pub(crate) fn id(&self) -> u32 {
        self.child.id()
    }

    /// Its child processes (Linux: every process whose parent it is).
    pub(crate) fn children(&self) -> Vec<u32> {
        let parent = self.id().to_string();
        std::fs::read_dir("/proc")
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|entry| entry.file_name().to_str()?.parse::<u32>().ok())
            .filter(|pid| {
                let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
                // After the command's closing parenthesis: state, then the parent.
                stat.rsplit_once(')')
                    .and_then(|(_, rest)| rest.split_whitespace().nth(1).map(str::to_owned))
                    .is_some_and(|ppid| ppid == parent)
            })
            .collect()
    }

    /// SIGTERM, then waits for the exit (killed after 15 s): whether it
    /// exited by itself with status 0.
    pub(crate) fn terminate(&mut self) -> bool {
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let started = Instant::now();
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return status.success(),
                Ok(None) if started.elapsed() < Duration::from_secs(15) => {
                    std::thread::sleep(Duration::from_millis(20));
                }
                _ => {
                    let _ = self.child.kill();
                    let _ = self.child.wait();
                    return false;
                }
            }
        }
    }

    /// Resident memory of the process, in bytes (Linux).
    pub(crate) fn resident_bytes(&self) -> u64 {
        let statm = std::fs::read_to_string(format!("/proc/{}/statm", self.id())).unwrap();
        let pages: u64 = statm.split_whitespace().nth(1).unwrap().parse().unwrap();
        pages * 4096
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(Some(_))) {
            return;
        }
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let started = Instant::now();
        while matches!(self.child.try_wait(), Ok(None)) {
            if started.elapsed() > Duration::from_secs(15) {
                let _ = self.child.kill();
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.wait();
    }
}
