//! What the tuner needs of each game: its weights and their layout, a
//! position's trace from its FEN, and the positions of a recorded game with
//! whether each is quiet.

use arbiter_engine::Evaluator;
use arbiter_engine::chess::ChessNode;
use arbiter_engine::eval::trace::{Group, Tapered, Trace};
use arbiter_engine::eval::{ChessEvaluator, XiangqiEvaluator, chess, xiangqi};
use arbiter_engine::xiangqi::XiangqiNode;
use arbiter_rules::Strictness;
use arbiter_rules::xiangqi::notation::parse_iccs;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position as _};

/// The games whose evaluations can be tuned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum GameKind {
    /// Western chess.
    Chess,
    /// Xiangqi.
    Xiangqi,
}

/// Quiescence nodes allowed per position before it is taken as not quiet:
/// a long capture sequence is itself a sign of a position in flux.
const QUIESCENCE_BUDGET: u32 = 20_000;

impl GameKind {
    /// The name used in files and notes.
    pub(crate) fn name(self) -> &'static str {
        match self {
            GameKind::Chess => "chess",
            GameKind::Xiangqi => "xiangqi",
        }
    }

    /// The rules crate's variant, for reading records.
    pub(crate) fn variant(self) -> arbiter_rules::Variant {
        match self {
            GameKind::Chess => arbiter_rules::Variant::Chess,
            GameKind::Xiangqi => arbiter_rules::Variant::Xiangqi,
        }
    }

    /// The weights in the source now.
    pub(crate) fn weights(self) -> &'static [Tapered] {
        match self {
            GameKind::Chess => &chess::WEIGHTS,
            GameKind::Xiangqi => &xiangqi::WEIGHTS,
        }
    }

    /// The named parts of the weights.
    pub(crate) fn layout(self) -> &'static [Group] {
        match self {
            GameKind::Chess => &chess::LAYOUT,
            GameKind::Xiangqi => &xiangqi::LAYOUT,
        }
    }

    /// The trace of the position `fen`.
    ///
    /// # Errors
    /// A message when `fen` is not a legal position of the game.
    pub(crate) fn trace(self, fen: &str) -> Result<Trace, String> {
        match self {
            GameKind::Chess => Ok(chess::trace(&chess_position(fen)?)),
            GameKind::Xiangqi => Ok(xiangqi::trace(&xiangqi_position(fen)?)),
        }
    }

    /// The FEN of every position of a recorded game, from its start (`fen`,
    /// empty for the game's start position) through each of `moves`, each
    /// with whether it is quiet: the side to move is not in check and no
    /// capture sequence (a quiescence search over captures with the
    /// evaluation as stand-pat) improves on the static evaluation, so that
    /// the evaluation alone stands for the position.
    ///
    /// # Errors
    /// A message when the start position or a move cannot be read or played.
    pub(crate) fn replay(self, fen: &str, moves: &[String]) -> Result<Vec<(String, bool)>, String> {
        match self {
            GameKind::Chess => {
                let start = if fen.is_empty() {
                    Chess::default()
                } else {
                    chess_position(fen)?
                };
                let mut pos = start;
                let mut out = Vec::with_capacity(moves.len() + 1);
                for text in moves.iter().map(Some).chain([None]) {
                    let quiet = !pos.is_check() && is_quiet(&pos);
                    out.push((
                        Fen::from_position(&pos, EnPassantMode::Legal).to_string(),
                        quiet,
                    ));
                    let Some(text) = text else { break };
                    let m = text
                        .parse::<UciMove>()
                        .map_err(|e| format!("move {text}: {e}"))?
                        .to_move(&pos)
                        .map_err(|e| format!("move {text}: {e}"))?;
                    pos.play_unchecked(m);
                }
                Ok(out)
            }
            GameKind::Xiangqi => {
                let start = if fen.is_empty() {
                    arbiter_rules::xiangqi::START_FEN
                } else {
                    fen
                };
                let mut pos = xiangqi_position(start)?;
                let mut out = Vec::with_capacity(moves.len() + 1);
                for text in moves.iter().map(Some).chain([None]) {
                    let quiet = !pos.in_check() && is_quiet(&pos);
                    out.push((pos.to_fen(), quiet));
                    let Some(text) = text else { break };
                    let m = parse_iccs(text).map_err(|e| format!("move {text}: {e}"))?;
                    if !pos.legal_moves().contains(&m) {
                        return Err(format!("move {text}: not legal"));
                    }
                    pos.play(m);
                }
                Ok(out)
            }
        }
    }
}

fn chess_position(fen: &str) -> Result<Chess, String> {
    fen.parse::<Fen>()
        .map_err(|e| format!("{fen}: {e}"))?
        .into_position(CastlingMode::Standard)
        .map_err(|e| format!("{fen}: {e}"))
}

fn xiangqi_position(fen: &str) -> Result<arbiter_rules::xiangqi::Position, String> {
    arbiter_rules::xiangqi::Position::from_fen(fen, Strictness::Strict)
        .map_err(|e| format!("{fen}: {e}"))
}

/// A position as the quiescence test sees it: its evaluation for the side
/// to move, and the positions after its captures, likeliest cut first.
trait Quiescent: Sized {
    fn static_eval(&self) -> i32;
    fn captures(&self) -> Vec<Self>;
}

impl Quiescent for Chess {
    fn static_eval(&self) -> i32 {
        ChessEvaluator.evaluate(&ChessNode::new(self.clone()))
    }

    fn captures(&self) -> Vec<Self> {
        let mut moves: Vec<_> = self.capture_moves().into_iter().collect();
        // Most valuable victim first.
        moves.sort_by_key(|m| std::cmp::Reverse(m.capture().map_or(0, |r| r as u8)));
        moves
            .into_iter()
            .map(|m| {
                let mut next = self.clone();
                next.play_unchecked(m);
                next
            })
            .collect()
    }
}

impl Quiescent for arbiter_rules::xiangqi::Position {
    fn static_eval(&self) -> i32 {
        XiangqiEvaluator.evaluate(&XiangqiNode::new(self.clone()))
    }

    fn captures(&self) -> Vec<Self> {
        let mut victims: Vec<_> = self
            .legal_moves()
            .iter()
            .filter_map(|&m| self.piece_at(m.to).map(|p| (m, p.kind)))
            .collect();
        // Chariot, cannon and horse first: the kinds worth most.
        victims.sort_by_key(|&(_, kind)| {
            std::cmp::Reverse(match kind {
                arbiter_rules::PieceKind::Chariot => 3,
                arbiter_rules::PieceKind::Cannon | arbiter_rules::PieceKind::Horse => 2,
                _ => 1,
            })
        });
        victims
            .into_iter()
            .map(|(m, _)| {
                let mut next = self.clone();
                next.play(m);
                next
            })
            .collect()
    }
}

/// Whether no capture sequence improves on the static evaluation.
fn is_quiet<P: Quiescent>(pos: &P) -> bool {
    let stand = pos.static_eval();
    let mut budget = QUIESCENCE_BUDGET;
    // A window just above the stand-pat: is anything better than it?
    quiesce(pos, stand, stand + 1, &mut budget).is_some_and(|score| score <= stand)
}

/// Fail-hard quiescence over captures; `None` when the budget runs out.
fn quiesce<P: Quiescent>(pos: &P, mut alpha: i32, beta: i32, budget: &mut u32) -> Option<i32> {
    *budget = budget.checked_sub(1)?;
    let stand = pos.static_eval();
    if stand >= beta {
        return Some(beta);
    }
    alpha = alpha.max(stand);
    for next in pos.captures() {
        let score = -quiesce(&next, -beta, -alpha, budget)?;
        if score >= beta {
            return Some(beta);
        }
        alpha = alpha.max(score);
    }
    Some(alpha)
}
