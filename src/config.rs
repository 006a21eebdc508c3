//! One typed configuration, read once from flags and `ARBITER_*` environment
//! variables (a flag wins over its variable) and validated before serving.

use std::{fmt, net::SocketAddr, path::PathBuf, sync::Arc, time::Duration};

use clap::{Args, Parser, Subcommand, ValueEnum};

/// The largest `ARBITER_MAX_CONNECTIONS`: beyond it the cap protects nothing
/// (each connection also costs a file descriptor, and processes rarely get
/// more than a million).
const MAX_CONNECTIONS: usize = 1_000_000;

/// Log output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum LogFormat {
    /// Human-readable lines.
    #[default]
    Text,
    /// One JSON object per line, for log pipelines.
    Json,
}

/// Arbiter: a stateless gRPC rules service for Western chess and Xiangqi.
#[derive(Debug, Clone, Parser)]
#[command(name = "arbiter", version, about, long_about = None)]
pub struct Config {
    /// What to run; without a subcommand, the gRPC server.
    #[command(subcommand)]
    pub command: Option<Command>,

    /// Address of the gRPC server.
    #[arg(long, env = "ARBITER_GRPC_ADDR", default_value = "127.0.0.1:50051")]
    pub grpc_addr: SocketAddr,

    /// Address of the HTTP admin server (/metrics, /healthz, /readyz).
    #[arg(long, env = "ARBITER_ADMIN_ADDR", default_value = "127.0.0.1:9090")]
    pub admin_addr: SocketAddr,

    /// Address of the HTTP port: JSON over HTTP (the Connect protocol's
    /// unary form, NDJSON or Server-Sent Events for streams), gRPC-Web,
    /// `/openapi.json` and the playground page at `/`.
    #[arg(long, env = "ARBITER_HTTP_ADDR", default_value = "127.0.0.1:8080")]
    pub http_addr: SocketAddr,

    /// Browser origins allowed to call the gRPC and HTTP ports (CORS),
    /// comma-separated (`https://a.example,https://b.example`); `*` allows
    /// any origin. None by default: browsers may then call only from the
    /// HTTP port's own origin (the playground).
    #[arg(long, env = "ARBITER_CORS_ORIGINS", value_delimiter = ',', num_args = 0..)]
    pub cors_origins: Vec<String>,

    /// Log format; the level comes from RUST_LOG (default "info").
    #[arg(long, env = "ARBITER_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,

    /// Seconds to keep serving with health NOT_SERVING after SIGTERM, so load
    /// balancers stop sending traffic before the drain starts.
    #[arg(long, env = "ARBITER_SHUTDOWN_DELAY_SECS", default_value_t = 0)]
    pub shutdown_delay_secs: u64,

    /// Hard deadline, in seconds, for in-flight calls to finish after SIGTERM.
    #[arg(long, env = "ARBITER_DRAIN_TIMEOUT_SECS", default_value_t = 10)]
    pub drain_timeout_secs: u64,

    /// Close each connection after this many seconds (with a GOAWAY), so
    /// clients re-resolve and spread over new replicas. 0 = never.
    #[arg(long, env = "ARBITER_MAX_CONNECTION_AGE_SECS", default_value_t = 0)]
    pub max_connection_age_secs: u64,

    /// Seconds granted to in-flight calls on a connection closed for age;
    /// after them the connection is cut.
    #[arg(
        long,
        env = "ARBITER_MAX_CONNECTION_AGE_GRACE_SECS",
        default_value_t = 30
    )]
    pub max_connection_age_grace_secs: u64,

    /// Seconds between HTTP/2 keepalive pings to idle clients. 0 = off.
    #[arg(long, env = "ARBITER_KEEPALIVE_INTERVAL_SECS", default_value_t = 60)]
    pub keepalive_interval_secs: u64,

    /// Seconds to wait for a keepalive ack before closing the connection.
    #[arg(long, env = "ARBITER_KEEPALIVE_TIMEOUT_SECS", default_value_t = 20)]
    pub keepalive_timeout_secs: u64,

    /// Upper bound, in seconds, on any single call; a search stops in time
    /// to answer within it.
    #[arg(long, env = "ARBITER_REQUEST_TIMEOUT_SECS", default_value_t = 30)]
    pub request_timeout_secs: u64,

    /// Concurrent calls allowed per connection.
    #[arg(long, env = "ARBITER_MAX_CONCURRENT_STREAMS", default_value_t = 256)]
    pub max_concurrent_streams: u32,

    /// Calls one connection may have in flight; more are refused at once
    /// with RESOURCE_EXHAUSTED, so one greedy client cannot take every slot.
    #[arg(
        long,
        env = "ARBITER_MAX_REQUESTS_PER_CONNECTION",
        default_value_t = 128
    )]
    pub max_requests_per_connection: usize,

    /// Calls in flight across all connections, a batch counted by its items;
    /// more are refused at once with RESOURCE_EXHAUSTED (health checks are
    /// exempt).
    #[arg(long, env = "ARBITER_MAX_CONCURRENT_REQUESTS", default_value_t = 1024)]
    pub max_concurrent_requests: usize,

    /// gRPC connections open at once; one accepted past it is closed at once.
    /// Each open connection costs tens of KiB, so this bounds what a flood of
    /// idle connections can take.
    #[arg(long, env = "ARBITER_MAX_CONNECTIONS", default_value_t = 1024)]
    pub max_connections: usize,

    /// HTTP port connections open at once; one accepted past it is closed at
    /// once. A cap of its own, so that a flood on one port cannot take the
    /// other's connections.
    #[arg(long, env = "ARBITER_HTTP_MAX_CONNECTIONS", default_value_t = 1024)]
    pub http_max_connections: usize,

    /// Milliseconds a new connection (on either port) has to complete its
    /// TLS handshake and HTTP/2 preface and send its first request's
    /// headers, or be closed; on the HTTP port over HTTP/1.1, also the most
    /// every later request's headers may take, and so the longest a
    /// keep-alive connection may stay idle.
    #[arg(long, env = "ARBITER_HANDSHAKE_TIMEOUT_MS", default_value_t = 10_000)]
    pub handshake_timeout_ms: u64,

    /// PEM certificate chain of the gRPC port; with the key, enables TLS.
    #[arg(long, env = "ARBITER_TLS_CERT", requires = "tls_key")]
    pub tls_cert: Option<PathBuf>,

    /// PEM private key of the gRPC port.
    #[arg(long, env = "ARBITER_TLS_KEY", requires = "tls_cert")]
    pub tls_key: Option<PathBuf>,

    /// PEM CA bundle; when set, clients must present a certificate it signed
    /// (mutual TLS).
    #[arg(long, env = "ARBITER_TLS_CLIENT_CA", requires = "tls_cert")]
    pub tls_client_ca: Option<PathBuf>,

    /// Bearer token required on Engine calls (`authorization: Bearer
    /// <token>`); unset = Engine is open. Rules and health never need it.
    #[arg(long, env = "ARBITER_ENGINE_TOKEN", hide_env_values = true, value_parser = Secret::parse)]
    pub engine_token: Option<Secret>,

    /// Largest accepted request message, in bytes.
    #[arg(long, env = "ARBITER_MAX_REQUEST_BYTES", default_value_t = 1 << 20)]
    pub max_request_bytes: usize,

    /// Most moves accepted in a game history.
    #[arg(long, env = "ARBITER_MAX_HISTORY_MOVES", default_value_t = 2048)]
    pub max_history_moves: usize,

    /// Most items in one `Rules.Batch` call (`BatchStream` has no such cap:
    /// it reads ahead a bounded number of items whatever its length).
    #[arg(long, env = "ARBITER_MAX_BATCH_ITEMS", default_value_t = 1000)]
    pub max_batch_items: usize,

    /// Seconds a `Rules.Play` session may wait for its next message before it
    /// ends with DEADLINE_EXCEEDED, so an abandoned session frees its stream.
    #[arg(long, env = "ARBITER_PLAY_IDLE_TIMEOUT_SECS", default_value_t = 300)]
    pub play_idle_timeout_secs: u64,

    /// Deepest perft a call may ask for.
    #[arg(long, env = "ARBITER_MAX_PERFT_DEPTH", default_value_t = 5)]
    pub max_perft_depth: u32,

    /// Search worker threads (0 = one per core).
    #[arg(long, env = "ARBITER_SEARCH_THREADS", default_value_t = 0)]
    pub search_threads: usize,

    /// Added to the search threads' nice value (0-19; 0 = same priority as
    /// the rest of the server), so searches yield the CPU to Rules calls.
    #[arg(long, env = "ARBITER_SEARCH_NICE", default_value_t = 10)]
    pub search_nice: i32,

    /// Searches that may wait for a worker before calls are refused.
    #[arg(long, env = "ARBITER_SEARCH_QUEUE", default_value_t = 4)]
    pub search_queue: usize,

    /// Transposition table per search worker, in MiB.
    #[arg(long, env = "ARBITER_TT_MB", default_value_t = 16)]
    pub tt_mb: usize,

    /// Longest search allowed, in milliseconds.
    #[arg(long, env = "ARBITER_MAX_MOVETIME_MS", default_value_t = 30_000)]
    pub max_movetime_ms: u64,

    /// Search time when a request gives no limit, in milliseconds.
    #[arg(long, env = "ARBITER_DEFAULT_MOVETIME_MS", default_value_t = 1_000)]
    pub default_movetime_ms: u64,

    /// The engine behind arbiter.v1.Engine for a game: `chess=builtin` (the
    /// default), `chess=uci:/usr/games/stockfish`,
    /// `xiangqi=uci:/usr/games/fairy-stockfish` (a UCI or UCCI program, its
    /// protocol detected). Repeatable; wins over ARBITER_ENGINE_CHESS and
    /// ARBITER_ENGINE_XIANGQI.
    #[arg(long = "engine", value_name = "GAME=builtin|uci:PATH")]
    pub engine: Vec<String>,

    /// The chess engine, as `--engine chess=…` takes it.
    #[arg(long, env = "ARBITER_ENGINE_CHESS", hide = true)]
    pub engine_chess: Option<String>,

    /// The xiangqi engine, as `--engine xiangqi=…` takes it.
    #[arg(long, env = "ARBITER_ENGINE_XIANGQI", hide = true)]
    pub engine_xiangqi: Option<String>,

    /// An option set on a game's external engine after its handshake,
    /// `GAME:NAME=VALUE` (`chess:Hash=64`,
    /// `xiangqi:EvalFile=/srv/pikafish.nnue`). Repeatable; the environment
    /// variable takes a list separated by `;`.
    #[arg(
        long = "engine-option",
        env = "ARBITER_ENGINE_OPTIONS",
        value_name = "GAME:NAME=VALUE",
        value_delimiter = ';'
    )]
    pub engine_options: Vec<String>,
}

/// Which engine answers a game's Engine calls.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum EngineChoice {
    /// Arbiter's own engine, in process.
    #[default]
    Builtin,
    /// A UCI or UCCI program, run as a supervised pool of processes.
    External {
        /// The program.
        command: PathBuf,
        /// Options set after its handshake, in order.
        options: Vec<(String, String)>,
    },
}

/// The engines of both games, read from `--engine` / `--engine-option` and
/// their environment variables.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct EngineChoices {
    /// Chess, Chess960 and the chess variants.
    pub chess: EngineChoice,
    /// Xiangqi.
    pub xiangqi: EngineChoice,
}

impl EngineChoices {
    fn game(&mut self, name: &str) -> Result<&mut EngineChoice, String> {
        match name.trim().to_ascii_lowercase().as_str() {
            "chess" => Ok(&mut self.chess),
            "xiangqi" => Ok(&mut self.xiangqi),
            other => Err(format!("unknown game '{other}' (chess or xiangqi)")),
        }
    }
}

/// The binary's modes besides serving.
#[derive(Debug, Clone, Subcommand)]
pub enum Command {
    /// Speak UCI on stdin/stdout (chess; xiangqi with `setoption name
    /// UCI_Variant value xiangqi`), for bot frameworks, GUIs and match tools.
    Uci(UciArgs),
    /// Play engines against each other (chess, its variants, xiangqi), every
    /// move refereed by Arbiter's rules: `arbiter match --engine
    /// name=A,cmd=/usr/games/stockfish --engine name=B,builtin --nodes 20000`.
    Match(MatchArgs),
}

/// The settings of `arbiter uci`.
#[derive(Debug, Clone, Args)]
pub struct UciArgs {
    /// Search on a running Arbiter service at this gRPC address
    /// (`http://host:50051`, or `https://host:50051` over TLS) through
    /// Engine.Analyze instead of in this process.
    #[arg(long)]
    pub connect: Option<String>,
    /// With an `https://` --connect address: trust the CA certificates in
    /// this PEM file (a private CA) instead of the system's roots.
    #[arg(long, env = "ARBITER_UCI_TLS_CA", requires = "connect")]
    pub tls_ca: Option<PathBuf>,
    /// Bearer token for the service's Engine calls (with --connect).
    #[arg(long, env = "ARBITER_ENGINE_TOKEN", hide_env_values = true, value_parser = Secret::parse)]
    pub token: Option<Secret>,
}

impl Config {
    /// Checks relations between settings that clap cannot express.
    pub fn validate(&self) -> Result<(), String> {
        if self.max_request_bytes < 1024 {
            return Err("ARBITER_MAX_REQUEST_BYTES must be at least 1024".to_owned());
        }
        if self.max_perft_depth > 8 {
            return Err("ARBITER_MAX_PERFT_DEPTH must be at most 8".to_owned());
        }
        if self.default_movetime_ms > self.max_movetime_ms {
            return Err(
                "ARBITER_DEFAULT_MOVETIME_MS must not exceed ARBITER_MAX_MOVETIME_MS".to_owned(),
            );
        }
        if self.max_requests_per_connection == 0 || self.max_concurrent_requests == 0 {
            return Err(
                "ARBITER_MAX_REQUESTS_PER_CONNECTION and ARBITER_MAX_CONCURRENT_REQUESTS must be at least 1"
                    .to_owned(),
            );
        }
        if self.tls_cert.is_some() != self.tls_key.is_some() {
            return Err("ARBITER_TLS_CERT and ARBITER_TLS_KEY go together".to_owned());
        }
        if self.tls_client_ca.is_some() && self.tls_cert.is_none() {
            return Err(
                "ARBITER_TLS_CLIENT_CA needs ARBITER_TLS_CERT and ARBITER_TLS_KEY".to_owned(),
            );
        }
        if self.keepalive_interval_secs > 0 && self.keepalive_timeout_secs == 0 {
            return Err(
                "ARBITER_KEEPALIVE_TIMEOUT_SECS must be at least 1 while keepalive pings are on"
                    .to_owned(),
            );
        }
        if self.request_timeout_secs == 0 {
            return Err("ARBITER_REQUEST_TIMEOUT_SECS must be at least 1".to_owned());
        }
        if !(0..=19).contains(&self.search_nice) {
            return Err("ARBITER_SEARCH_NICE must be 0 to 19".to_owned());
        }
        if self.max_concurrent_streams == 0 {
            return Err("ARBITER_MAX_CONCURRENT_STREAMS must be at least 1".to_owned());
        }
        if !(1..=MAX_CONNECTIONS).contains(&self.max_connections) {
            return Err(format!(
                "ARBITER_MAX_CONNECTIONS must be 1 to {MAX_CONNECTIONS}"
            ));
        }
        if !(1..=MAX_CONNECTIONS).contains(&self.http_max_connections) {
            return Err(format!(
                "ARBITER_HTTP_MAX_CONNECTIONS must be 1 to {MAX_CONNECTIONS}"
            ));
        }
        if self.max_batch_items == 0 || self.play_idle_timeout_secs == 0 {
            return Err(
                "ARBITER_MAX_BATCH_ITEMS and ARBITER_PLAY_IDLE_TIMEOUT_SECS must be at least 1"
                    .to_owned(),
            );
        }
        if self.handshake_timeout_ms == 0 {
            return Err("ARBITER_HANDSHAKE_TIMEOUT_MS must be at least 1".to_owned());
        }
        self.engine_choices()?;
        for origin in &self.cors_origins {
            let origin = origin.trim();
            if !origin.is_empty()
                && origin != "*"
                && (http::HeaderValue::from_str(origin).is_err()
                    || !(origin.starts_with("http://") || origin.starts_with("https://"))
                    || origin.ends_with('/'))
            {
                return Err(format!(
                    "ARBITER_CORS_ORIGINS: '{origin}' is not an origin (scheme://host[:port], or *)"
                ));
            }
        }
        Ok(())
    }

    /// The engine of each game: the environment's, then `--engine` flags
    /// in order, then the options, each for a game played by a program.
    ///
    /// # Errors
    /// A setting that does not read, or an option for a built-in engine.
    pub fn engine_choices(&self) -> Result<EngineChoices, String> {
        let mut choices = EngineChoices::default();
        let env = [
            ("chess", &self.engine_chess),
            ("xiangqi", &self.engine_xiangqi),
        ];
        let settings = env
            .iter()
            .filter_map(|(game, value)| value.as_ref().map(|v| format!("{game}={v}")))
            .chain(self.engine.iter().cloned());
        for setting in settings {
            let (game, backend) = setting
                .split_once('=')
                .ok_or_else(|| format!("--engine {setting}: expected GAME=builtin|uci:PATH"))?;
            let choice = choices
                .game(game)
                .map_err(|e| format!("--engine {setting}: {e}"))?;
            *choice = match backend.trim() {
                "builtin" => EngineChoice::Builtin,
                other => match other.strip_prefix("uci:") {
                    Some(path) if !path.trim().is_empty() => EngineChoice::External {
                        command: PathBuf::from(path.trim()),
                        options: Vec::new(),
                    },
                    _ => {
                        return Err(format!("--engine {setting}: expected builtin or uci:PATH"));
                    }
                },
            };
        }
        for setting in self.engine_options.iter().filter(|s| !s.trim().is_empty()) {
            let parsed = setting.split_once(':').and_then(|(game, option)| {
                let (name, value) = option.split_once('=')?;
                Some((game, name.trim(), value.trim()))
            });
            let Some((game, name, value)) = parsed.filter(|(_, name, _)| !name.is_empty()) else {
                return Err(format!(
                    "--engine-option {setting}: expected GAME:NAME=VALUE"
                ));
            };
            match choices
                .game(game)
                .map_err(|e| format!("--engine-option {setting}: {e}"))?
            {
                EngineChoice::External { options, .. } => {
                    options.push((name.to_owned(), value.to_owned()));
                }
                EngineChoice::Builtin => {
                    return Err(format!(
                        "--engine-option {setting}: {} is played by the built-in engine, which takes no options",
                        game.trim()
                    ));
                }
            }
        }
        Ok(choices)
    }

    /// Defaults for tests and embedding: ephemeral ports on loopback.
    #[must_use]
    pub fn for_tests() -> Config {
        let mut config = Config::parse_from(["arbiter"]);
        config.grpc_addr = SocketAddr::from(([127, 0, 0, 1], 0));
        config.admin_addr = SocketAddr::from(([127, 0, 0, 1], 0));
        config.http_addr = SocketAddr::from(([127, 0, 0, 1], 0));
        config
    }

    /// `drain_timeout_secs` as a duration: the longest in-flight calls get after SIGTERM.
    #[must_use]
    pub fn drain_timeout(&self) -> Duration {
        Duration::from_secs(self.drain_timeout_secs)
    }

    /// The maximum connection age, if connections age out.
    #[must_use]
    pub fn max_connection_age(&self) -> Option<Duration> {
        (self.max_connection_age_secs > 0)
            .then(|| Duration::from_secs(self.max_connection_age_secs))
    }

    /// `max_connection_age_grace_secs` as a duration: how long calls on a connection closed for age may still run.
    #[must_use]
    pub fn max_connection_age_grace(&self) -> Duration {
        Duration::from_secs(self.max_connection_age_grace_secs)
    }

    /// The HTTP/2 keepalive ping interval, if pings are on.
    #[must_use]
    pub fn keepalive_interval(&self) -> Option<Duration> {
        (self.keepalive_interval_secs > 0)
            .then(|| Duration::from_secs(self.keepalive_interval_secs))
    }

    /// `request_timeout_secs` as a duration: the upper bound on any single call.
    #[must_use]
    pub fn request_timeout(&self) -> Duration {
        Duration::from_secs(self.request_timeout_secs)
    }

    /// `handshake_timeout_ms` as a duration: how long a new connection has to send its first request.
    #[must_use]
    pub fn handshake_timeout(&self) -> Duration {
        Duration::from_millis(self.handshake_timeout_ms)
    }
}

/// A secret from the configuration (the Engine token): compared, never
/// printed, so `Debug` of the whole config is safe to log.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(Arc<str>);

impl Secret {
    /// Parses a secret for clap; an empty one is refused rather than read as
    /// "no token".
    pub fn parse(text: &str) -> Result<Secret, String> {
        if text.is_empty() {
            return Err("must not be empty".to_owned());
        }
        Ok(Secret(Arc::from(text)))
    }

    /// The secret's bytes, for a comparison; never log them.
    #[must_use]
    pub fn expose(&self) -> &[u8] {
        self.0.as_bytes()
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(<redacted>)")
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::Config;

    #[test]
    fn engines_are_chosen_per_game_flags_over_environment() {
        let config = Config::parse_from([
            "arbiter",
            "--engine",
            "chess=uci:/usr/games/stockfish",
            "--engine-option",
            "chess:Hash=64",
            "--engine-option",
            "chess:Skill Level=3",
        ]);
        let choices = config.engine_choices().unwrap();
        assert_eq!(
            choices.chess,
            super::EngineChoice::External {
                command: "/usr/games/stockfish".into(),
                options: vec![
                    ("Hash".to_owned(), "64".to_owned()),
                    ("Skill Level".to_owned(), "3".to_owned())
                ],
            }
        );
        assert_eq!(choices.xiangqi, super::EngineChoice::Builtin);
        let mut config = Config::for_tests();
        config.engine_xiangqi = Some("uci:/usr/games/fairy-stockfish".to_owned());
        config.engine = vec!["xiangqi=builtin".to_owned()];
        assert_eq!(
            config.engine_choices().unwrap().xiangqi,
            super::EngineChoice::Builtin
        );
        for bad in [
            vec!["--engine", "shogi=builtin"],
            vec!["--engine", "chess=stockfish"],
            vec!["--engine", "chess=uci:"],
            vec!["--engine-option", "chess:Hash=64"],
            vec!["--engine", "chess=uci:/x", "--engine-option", "chess=Hash"],
        ] {
            let config = Config::parse_from(std::iter::once("arbiter").chain(bad.clone()));
            assert!(config.validate().is_err(), "{bad:?}");
        }
        // `match` keeps its own --engine.
        let config = Config::parse_from(["arbiter", "match", "--engine", "name=A,builtin"]);
        assert!(config.engine.is_empty());
    }

    #[test]
    fn connection_limits_are_read_and_validated() {
        let config = Config::parse_from([
            "arbiter",
            "--max-connections",
            "8",
            "--handshake-timeout-ms",
            "250",
        ]);
        assert_eq!(config.max_connections, 8);
        assert_eq!(config.handshake_timeout().as_millis(), 250);
        assert!(config.validate().is_ok());

        let defaults = Config::for_tests();
        assert_eq!(defaults.max_connections, 1024);
        assert_eq!(defaults.handshake_timeout().as_millis(), 10_000);

        for (max_connections, handshake_timeout_ms) in [(0, 10_000), (1_000_001, 10_000), (8, 0)] {
            let mut config = Config::for_tests();
            config.max_connections = max_connections;
            config.handshake_timeout_ms = handshake_timeout_ms;
            assert!(
                config.validate().is_err(),
                "{max_connections} {handshake_timeout_ms}"
            );
        }
    }
}

/// The settings of `arbiter match`.
#[derive(Debug, Clone, Args)]
pub struct MatchArgs {
    /// The game: chess, xiangqi, or a chess variant (chess960, atomic,
    /// antichess, kingofthehill, 3check, crazyhouse, racingkings, horde).
    #[arg(long, default_value = "chess")]
    pub game: String,
    /// An engine, as comma-separated keys: `name=A,cmd=/usr/games/stockfish,option.Hash=16`
    /// (also `args=…`, `proto=uci|ucci`), `name=B,builtin` (Arbiter's own engine)
    /// or `name=C,grpc=http://host:50051` (a running Arbiter's Engine). Two or more.
    #[arg(long = "engine", required = true, value_name = "SPEC")]
    pub engines: Vec<String>,
    /// Time control: base seconds + increment seconds per move (`10+0.1`).
    #[arg(long, value_name = "BASE+INC", conflicts_with_all = ["movetime", "nodes", "depth"])]
    pub tc: Option<String>,
    /// Milliseconds per move.
    #[arg(long, value_name = "MS", conflicts_with_all = ["nodes", "depth"])]
    pub movetime: Option<u64>,
    /// Nodes per move (load-proof: the same on a busy host).
    #[arg(long, conflicts_with = "depth")]
    pub nodes: Option<u64>,
    /// Plies per move.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Games per pairing: each opening is played twice in a row, colours
    /// swapped (an even number keeps every pair whole).
    #[arg(long, default_value_t = 2)]
    pub games: usize,
    /// Games played at once (at most the machine's cores).
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Openings: an EPD file (one position a line) or a PGN file (each
    /// game's moves); used in order, each twice with colours swapped.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<PathBuf>,
    /// Xiangqi's rule set: axf (the default), chinese, simple or casual.
    #[arg(long, value_name = "RULES")]
    pub rule_set: Option<String>,
    /// Every engine against the first, instead of a round robin.
    #[arg(long)]
    pub gauntlet: bool,
    /// Append each game to this PGN file (chess and xiangqi).
    #[arg(long, value_name = "FILE")]
    pub pgn: Option<PathBuf>,
    /// Continue the match the --pgn file holds (the same command, run
    /// again): its games count, matched to this schedule by their Round
    /// tag, players and opening, and only the others are played. A missing
    /// file starts the match.
    #[arg(long, requires = "pgn")]
    pub resume: bool,
    /// Stop a two-engine match by a sequential test:
    /// `elo0=0,elo1=5,alpha=0.05,beta=0.05`.
    #[arg(long, value_name = "BOUNDS")]
    pub sprt: Option<String>,
    /// One JSON object a line (a game each, then the summary) instead of text.
    #[arg(long)]
    pub json: bool,
    /// How many milliseconds past its time a player may answer before it
    /// loses on time.
    #[arg(long, value_name = "MS", default_value_t = 100)]
    pub timemargin: u64,
    /// Resign adjudication: a side loses when both engines' scores say it
    /// is down by at least this many centipawns for --resign-moves moves.
    #[arg(long, value_name = "CP")]
    pub resign_score: Option<i32>,
    /// Moves (each side's) the resign score must hold.
    #[arg(long, default_value_t = 3)]
    pub resign_moves: u32,
    /// Draw adjudication: a draw when both engines' scores are within this
    /// many centipawns of 0 for --draw-moves moves from --draw-after.
    #[arg(long, value_name = "CP")]
    pub draw_score: Option<i32>,
    /// Moves (each side's) the draw score must hold.
    #[arg(long, default_value_t = 8)]
    pub draw_moves: u32,
    /// The move number from which draws are adjudicated.
    #[arg(long, default_value_t = 40)]
    pub draw_after: u32,
}
