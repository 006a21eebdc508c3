//! `arbiter uci --connect`: the UCI session's searches run on a running
//! Arbiter service through `Engine.Analyze`, so a bot framework on one
//! machine can use a deployed cluster. The session is the same as the local
//! one (`crate::uci`); this backend converts its jobs to requests and the
//! stream back to its events. `stop` cancels the call (which stops the
//! server's search) and answers with the best line reported so far.
//!
//! `arbiter match`'s `grpc=` engines ask `Engine.BestMove` instead, the call a
//! bot makes for its move ([`RemoteBackend::by_best_move`]): one answer, no
//! progress to report.

use std::time::Duration;

use tokio::sync::oneshot;
use tokio_stream::StreamExt;
use tonic::{
    metadata::MetadataValue,
    transport::{Certificate, Channel, ClientTlsConfig},
};

use super::rpc::convert::engine::SearchAsk;
use crate::config::Secret;
use crate::proto::{self as pb, engine_client::EngineClient};
use crate::uci::{Backend, Event, Job, Line, Running, Sink};
use arbiter_engine::{Limits, Score, Wdl};
use arbiter_rules::Game;

/// A movetime standing for "until stop": the service caps it at its own
/// longest search.
const UNTIL_STOPPED_MS: u32 = u32::MAX;

/// Searches on a remote service.
pub struct RemoteBackend {
    runtime: tokio::runtime::Runtime,
    client: EngineClient<Channel>,
    token: Option<Secret>,
    call: SearchCall,
}

/// The RPC a search is asked by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SearchCall {
    /// `Engine.Analyze`: a line per iteration, stoppable.
    Analyze,
    /// `Engine.BestMove`: the move and its line at the end.
    BestMove,
}

impl RemoteBackend {
    /// A backend for the service at `address` (`http://host:port`, or
    /// `https://host:port` over TLS, trusting `ca` — a PEM file — or else
    /// the system's roots); the connection is made on the first search.
    pub fn new(
        address: &str,
        ca: Option<&std::path::Path>,
        token: Option<Secret>,
    ) -> Result<Self, String> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .map_err(|e| format!("cannot start the runtime: {e}"))?;
        let mut endpoint = Channel::from_shared(address.to_owned())
            .map_err(|e| format!("invalid address '{address}': {e}"))?
            .connect_timeout(Duration::from_secs(5));
        if address.starts_with("https://") {
            let tls = match ca {
                Some(path) => {
                    let pem = std::fs::read(path)
                        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
                    ClientTlsConfig::new().ca_certificate(Certificate::from_pem(pem))
                }
                None => ClientTlsConfig::new().with_native_roots(),
            };
            endpoint = endpoint
                .tls_config(tls)
                .map_err(|e| format!("TLS for '{address}': {e}"))?;
        } else if ca.is_some() {
            return Err(format!(
                "--tls-ca is for an https:// address, not '{address}'"
            ));
        }
        let channel = {
            let _entered = runtime.enter();
            endpoint.connect_lazy()
        };
        Ok(RemoteBackend {
            runtime,
            client: EngineClient::new(channel),
            token,
            call: SearchCall::Analyze,
        })
    }

    /// The same backend asking each search by `Engine.BestMove`: the move and
    /// its line come at the end, and `stop` drops the call (the service then
    /// stops the search) and answers with no move.
    #[must_use]
    pub fn by_best_move(self) -> Self {
        RemoteBackend {
            call: SearchCall::BestMove,
            ..self
        }
    }
}

struct RemoteSearch(Option<oneshot::Sender<()>>);

impl Running for RemoteSearch {
    fn cancel(&mut self) {
        if let Some(cancel) = self.0.take() {
            let _ = cancel.send(());
        }
    }
}

/// How long a finished search waits for its call's trailers, which the
/// service sends right after the best move.
const TRAILERS_WAIT: Duration = Duration::from_millis(500);

fn limits(limits: &Limits) -> pb::SearchLimits {
    use pb::search_limits::Limit;
    let millis = |d: Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
    let limit = if let Some(clock) = limits.clock {
        Limit::Clock(pb::ClockLimits {
            white_ms: millis(clock.white),
            black_ms: millis(clock.black),
            white_increment_ms: millis(clock.white_increment),
            black_increment_ms: millis(clock.black_increment),
            moves_to_go: clock.moves_to_go.unwrap_or(0),
        })
    } else if let Some(n) = limits.mate {
        Limit::Mate(n)
    } else if let Some(depth) = limits.depth {
        Limit::Depth(depth)
    } else if let Some(nodes) = limits.nodes {
        Limit::Nodes(nodes)
    } else if let Some(t) = limits.movetime {
        Limit::MovetimeMs(u32::try_from(t.as_millis()).unwrap_or(u32::MAX).max(1))
    } else {
        Limit::MovetimeMs(UNTIL_STOPPED_MS)
    };
    pb::SearchLimits { limit: Some(limit) }
}

/// The search `job` asks for, as BestMove and Analyze both read it.
fn request(job: &Job) -> SearchAsk {
    let rule_set = match job.rules.rule_set {
        None => pb::RuleSet::Unspecified,
        Some(set) => super::rpc::convert::rule_set(set),
    };
    SearchAsk {
        position: Some(pb::Position {
            variant: super::rpc::convert::variant_to_wire(job.variant).into(),
            fen: job.fen.clone(),
            moves: job.moves.clone(),
            coordinates: if job.load.one_based {
                pb::Coordinates::OneBased
            } else {
                pb::Coordinates::Unspecified
            }
            .into(),
            fen_strictness: pb::FenStrictness::Lenient.into(),
            // UCI names moves by coordinates only.
            chinese_characters: pb::ChineseCharacters::Unspecified.into(),
        }),
        limits: Some(limits(&job.limits)),
        multipv: u32::try_from(job.multipv).unwrap_or(1),
        options: Some(pb::RuleOptions {
            rule_set: rule_set.into(),
            ..pb::RuleOptions::default()
        }),
        search_moves: job.search_moves.clone(),
        strength: Some(pb::Strength {
            value: Some(pb::strength::Value::Level(u32::from(job.strength.level))),
        }),
        seed: Some(job.strength.seed),
    }
}

fn text(m: &pb::Move, one_based: bool) -> String {
    if one_based && !m.uci_one_based.is_empty() {
        m.uci_one_based.clone()
    } else {
        m.uci.clone()
    }
}

fn line(info: pb::AnalysisInfo, one_based: bool) -> Option<Line> {
    let pv_line = info.line?;
    let score = pv_line.score.unwrap_or_default();
    let wdl = score.wdl.unwrap_or_default();
    Some(Line {
        depth: pv_line.depth,
        seldepth: pv_line.seldepth,
        multipv: usize::try_from(pv_line.multipv).unwrap_or(1),
        score: match score.value {
            Some(pb::score::Value::Mate(n)) => Score::Mate(n),
            Some(pb::score::Value::Centipawns(cp)) => Score::Centipawns(cp),
            None => Score::Centipawns(0),
        },
        wdl: Wdl {
            win: wdl.win,
            draw: wdl.draw,
            loss: wdl.loss,
        },
        nodes: info.nodes,
        elapsed: Duration::from_millis(info.time_ms),
        pv: pv_line.pv.iter().map(|m| text(m, one_based)).collect(),
    })
}

impl RemoteBackend {
    /// `message` as a call, with the bearer token when one is set.
    fn call<T>(&self, message: T) -> tonic::Request<T> {
        let mut call = tonic::Request::new(message);
        if let Some(token) = &self.token
            && let Ok(value) = MetadataValue::try_from(format!(
                "Bearer {}",
                String::from_utf8_lossy(token.expose())
            ))
        {
            call.metadata_mut().insert("authorization", value);
        }
        call
    }
}

/// One `Engine.BestMove` call: its line as the search's one report, then its move.
async fn best_move(
    mut client: EngineClient<Channel>,
    call: tonic::Request<pb::BestMoveRequest>,
    one_based: bool,
    mut cancelled: oneshot::Receiver<()>,
    mut sink: Sink,
) {
    let answer = tokio::select! {
        answer = client.best_move(call) => answer,
        _ = &mut cancelled => {
            sink(Event::Done { best: None, ponder: None });
            return;
        }
    };
    match answer {
        Ok(response) => {
            let answer = response.into_inner();
            let info = pb::AnalysisInfo {
                line: answer.lines.first().cloned(),
                nodes: answer.nodes,
                time_ms: answer.time_ms,
                ..pb::AnalysisInfo::default()
            };
            if let Some(line) = line(info, one_based) {
                sink(Event::Info(line));
            }
            let pv: Vec<String> = answer.pv.iter().map(|m| text(m, one_based)).collect();
            sink(Event::Done {
                best: answer.best_move.as_ref().map(|m| text(m, one_based)),
                ponder: pv.get(1).cloned(),
            });
        }
        Err(status) => {
            sink(Event::Message(format!(
                "the service refused: {}",
                status.message()
            )));
            sink(Event::Done {
                best: None,
                ponder: None,
            });
        }
    }
}

impl Backend for RemoteBackend {
    fn search(&mut self, job: Job, _game: &Game, mut sink: Sink) -> Box<dyn Running> {
        let (cancel, mut cancelled) = oneshot::channel();
        let one_based = job.load.one_based;
        let mut client = self.client.clone();
        if self.call == SearchCall::BestMove {
            let call = self.call(pb::BestMoveRequest::from(request(&job)));
            self.runtime
                .spawn(best_move(client, call, one_based, cancelled, sink));
            return Box::new(RemoteSearch(Some(cancel)));
        }
        let call = self.call(pb::AnalyzeRequest::from(request(&job)));
        self.runtime.spawn(async move {
            let mut best_line: Option<Vec<String>> = None;
            let done = |sink: &mut Sink, pv: Option<&Vec<String>>| {
                sink(Event::Done {
                    best: pv.and_then(|pv| pv.first().cloned()),
                    ponder: pv.and_then(|pv| pv.get(1).cloned()),
                });
            };
            let mut stream = tokio::select! {
                answer = client.analyze(call) => match answer {
                    Ok(response) => response.into_inner(),
                    Err(status) => {
                        sink(Event::Message(format!("the service refused: {}", status.message())));
                        done(&mut sink, None);
                        return;
                    }
                },
                _ = &mut cancelled => {
                    done(&mut sink, None);
                    return;
                }
            };
            loop {
                tokio::select! {
                    message = stream.next() => match message {
                        Some(Ok(pb::AnalyzeResponse { event: Some(pb::analyze_response::Event::Info(info)) })) => {
                            if let Some(line) = line(info, one_based) {
                                if line.multipv == 1 {
                                    best_line = Some(line.pv.clone());
                                }
                                sink(Event::Info(line));
                            }
                        }
                        Some(Ok(pb::AnalyzeResponse { event: Some(pb::analyze_response::Event::BestMove(answer)) })) => {
                            let pv: Vec<String> = answer.pv.iter().map(|m| text(m, one_based)).collect();
                            let best = answer.best_move.as_ref().map(|m| text(m, one_based));
                            // Read on to the trailers before answering, so that the
                            // call has ended with the service's OK when the best move
                            // is out: a stream dropped before them counts and logs as
                            // a cancelled request on the service.
                            let _ = tokio::time::timeout(TRAILERS_WAIT, async {
                                while stream.next().await.is_some() {}
                            })
                            .await;
                            sink(Event::Done { best, ponder: pv.get(1).cloned() });
                            return;
                        }
                        Some(Ok(_)) => {}
                        Some(Err(status)) => {
                            sink(Event::Message(format!("the service ended the search: {}", status.message())));
                            done(&mut sink, best_line.as_ref());
                            return;
                        }
                        None => {
                            done(&mut sink, best_line.as_ref());
                            return;
                        }
                    },
                    _ = &mut cancelled => {
                        // Dropping the stream cancels the call and the search.
                        done(&mut sink, best_line.as_ref());
                        return;
                    }
                }
            }
        });
        Box::new(RemoteSearch(Some(cancel)))
    }

    fn reset(&mut self, _hash_mb: usize) -> Result<(), String> {
        // The service's tables are its own.
        Ok(())
    }
}
