//! `Game`: one enum over the variants, the dispatcher the service and the
//! search call. Each call goes to the game's own adapter; what is common to
//! both (perft split by root move, the rule-set check) is decided here once.
//! The game records (`parse_record`, `write_record`) are routed here too, to
//! each game's own readers and writers, and a position's diagnosis
//! (`validate_position`) to each game's own findings.

use super::{
    Diagnosis, InputError, LoadOptions, MoveCoordinates, MoveInfo, OptionError, PerftReport,
    PositionProblem, ProblemKind, RuleOptions, Status, Variant, Verdict, chess,
    chess::ChessRules,
    record::{ParseOptions, RecordFormat, RecordedGame, WriteOptions},
    xiangqi,
};

/// A game loaded from a request: a start position plus its history,
/// replayed and checked.
// The chess game holds a `VariantPosition` (a crazyhouse position with its
// pockets is the largest) inline: one game per call, so boxing it would buy an
// allocation per request to save a copy of a few hundred bytes.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone)]
pub enum Game {
    /// A chess game.
    Chess(chess::ChessGame),
    /// A xiangqi game, boxed: its replayed history makes it far larger than a chess game.
    Xiangqi(Box<xiangqi::XiangqiGame>),
}

impl Game {
    /// Loads and replays a game under `rules`. Every move of `moves` must be
    /// legal, and none may follow the end of the game.
    pub fn load(
        variant: Variant,
        fen: &str,
        moves: &[impl AsRef<str>],
        options: LoadOptions,
        rules: &RuleOptions,
    ) -> Result<Game, InputError> {
        match variant {
            Variant::Xiangqi => xiangqi::XiangqiGame::load(fen, moves, options, rules)
                .map(|game| Game::Xiangqi(Box::new(game))),
            chess => chess::ChessGame::load(chess, fen, moves, options).map(Game::Chess),
        }
    }

    /// Every legal move of the current position, sorted by coordinate text.
    /// The only error is a rule set of the other game, which chess refuses
    /// here as it does for every call (xiangqi checked it at load).
    pub fn legal_moves(&self, options: &RuleOptions) -> Result<Vec<MoveInfo>, OptionError> {
        let mut described = Vec::new();
        self.describe_legal_moves(options, |info| described.push(info.clone()))?;
        Ok(described)
    }

    /// [`Self::legal_moves`] one at a time: each description is handed to `each` as
    /// soon as it is written, so a caller that writes them out keeps no list.
    pub fn describe_legal_moves(
        &self,
        options: &RuleOptions,
        each: impl FnMut(&MoveInfo),
    ) -> Result<(), OptionError> {
        match self {
            Game::Chess(game) => {
                chess::check_rule_set(options)?;
                game.describe_legal_moves(each);
            }
            Game::Xiangqi(game) => game.describe_legal_moves(each),
        }
        Ok(())
    }

    /// Every legal move as coordinates only, sorted like [`Self::legal_moves`].
    pub fn legal_move_coordinates(
        &self,
        options: &RuleOptions,
    ) -> Result<Vec<MoveCoordinates>, OptionError> {
        let mut listed = Vec::new();
        self.list_legal_move_coordinates(options, |m| listed.push(m.clone()))?;
        Ok(listed)
    }

    /// [`Self::legal_move_coordinates`] one at a time, as
    /// [`Self::describe_legal_moves`] hands out descriptions.
    pub fn list_legal_move_coordinates(
        &self,
        options: &RuleOptions,
        mut each: impl FnMut(&MoveCoordinates),
    ) -> Result<(), OptionError> {
        match self {
            Game::Chess(game) => {
                chess::check_rule_set(options)?;
                game.list_legal_move_coordinates(each);
            }
            Game::Xiangqi(game) => game.legal_move_coordinates().iter().for_each(&mut each),
        }
        Ok(())
    }

    /// The game's status after its history (the error as for [`Self::legal_moves`]).
    pub fn status(&self, options: &RuleOptions) -> Result<Status, OptionError> {
        match self {
            Game::Chess(game) => game.status(options),
            Game::Xiangqi(game) => Ok(game.status()),
        }
    }

    /// Judges a candidate move given as text.
    pub fn validate(&self, text: &str, options: &RuleOptions) -> Result<Verdict, InputError> {
        match self {
            Game::Chess(game) => game.validate(text, options),
            Game::Xiangqi(game) => game.validate(text),
        }
    }

    /// Judges a candidate move like [`Self::validate`] and, when it is legal,
    /// plays it on this game in place (an illegal move changes nothing): a
    /// game followed move by move costs one move per move, not a replay of
    /// its history.
    pub fn play(&mut self, text: &str, options: &RuleOptions) -> Result<Verdict, InputError> {
        match self {
            Game::Chess(game) => game.play_text(text, options),
            Game::Xiangqi(game) => game.play_text(text),
        }
    }

    /// Perft that asks `stop` before each root move's subtree and gives up
    /// (`None`) when it says so: a deep count takes seconds, and nobody may be
    /// waiting for it any more.
    pub fn perft_until(
        &self,
        depth: u32,
        divide: bool,
        stop: &dyn Fn() -> bool,
    ) -> Option<PerftReport> {
        // Too shallow to be worth splitting: done before anyone could stop it.
        if depth < 2 {
            return Some(self.perft(depth, divide));
        }
        let mut rows = match self {
            Game::Chess(game) => game.perft_rows(depth, stop)?,
            Game::Xiangqi(game) => game.perft_rows(depth, stop)?,
        };
        rows.sort();
        Some(PerftReport {
            nodes: rows.iter().map(|(_, n)| n).sum(),
            divide: if divide { rows } else { Vec::new() },
        })
    }

    /// Perft from the current position.
    #[must_use]
    pub fn perft(&self, depth: u32, divide: bool) -> PerftReport {
        match self {
            Game::Chess(game) => game.perft(depth, divide),
            Game::Xiangqi(game) => game.perft(depth, divide),
        }
    }
}

/// Reads every game of a record. `None` as the format: XQF if the data
/// starts with XQF's signature, else PGN. Annotations are read from chess
/// PGN when `options` keeps them (xiangqi records' are skipped). A chess
/// variant's PGN names it in a `Variant` tag (Lichess's names, and the
/// aliases python-chess reads); a game whose tag names another chess is
/// that game's error.
pub fn parse_record(
    variant: Variant,
    data: &[u8],
    format: Option<RecordFormat>,
    options: ParseOptions,
) -> Result<Vec<RecordedGame>, InputError> {
    let format = format.unwrap_or(if data.starts_with(b"XQ") {
        RecordFormat::Xqf
    } else {
        RecordFormat::Pgn
    });
    // PGN is text: NUL bytes are none of it (a megabyte of them read as one
    // empty game).
    if format == RecordFormat::Pgn
        && let Some(at) = data.iter().position(|&b| b == 0)
    {
        return Err(InputError::Record(crate::record::FormatError::Nul(at)));
    }
    match (ChessRules::of(variant), format) {
        (None, RecordFormat::Pgn) => Ok(xiangqi::pgn::parse(data)?),
        (None, RecordFormat::Xqf) => Ok(vec![xiangqi::xqf::parse(data)?]),
        (Some(rules), RecordFormat::Pgn) => Ok(chess::pgn::parse(data, options, rules)),
        (Some(_), RecordFormat::Xqf) => Err(OptionError::XqfForChess.into()),
    }
}

/// Writes one game as a record. Its moves must be legal from its start
/// position (an error names the first that is not). A chess variant's PGN
/// gets its `Variant` tag, as Lichess writes it.
pub fn write_record(
    variant: Variant,
    game: &RecordedGame,
    format: RecordFormat,
    options: WriteOptions,
) -> Result<Vec<u8>, InputError> {
    if !game.annotations.is_empty() && (variant == Variant::Xiangqi || format != RecordFormat::Pgn)
    {
        return Err(OptionError::AnnotationsNotWritten.into());
    }
    match (ChessRules::of(variant), format) {
        (None, RecordFormat::Pgn) => {
            xiangqi::pgn::write(game, options.notation).map(String::into_bytes)
        }
        (None, RecordFormat::Xqf) => xiangqi::xqf::write(game, options.encrypted),
        (Some(rules), RecordFormat::Pgn) => {
            chess::pgn::write(game, options.notation, rules).map(String::into_bytes)
        }
        (Some(_), RecordFormat::Xqf) => Err(OptionError::XqfForChess.into()),
    }
}

/// Diagnoses a start position and its history under `options`: every
/// problem of the FEN (not only the first), then the history's first bad
/// move, and with `sanitize` the FEN with its impossible castling rights and
/// en-passant square dropped. A FEN that cannot be read is a problem too
/// ([`ProblemKind::Syntax`]), not an error: the only errors are settings
/// that do not fit the variant, as [`Game::load`] refuses them.
pub fn validate_position(
    variant: Variant,
    fen: &str,
    moves: &[impl AsRef<str>],
    options: LoadOptions,
    sanitize: bool,
) -> Result<Diagnosis, InputError> {
    let (mut problems, sanitized) = match variant {
        Variant::Xiangqi => xiangqi::problems::diagnose(fen, options.strictness, sanitize),
        chess => chess::problems::diagnose(chess, fen, options.strictness, sanitize),
    };
    let loaded = Game::load(variant, fen, moves, options, &RuleOptions::default());
    let valid = match loaded {
        Ok(_) => true,
        Err(InputError::HistoryMove { index, error }) => {
            problems.push(PositionProblem {
                move_index: Some(index),
                ..PositionProblem::new(
                    ProblemKind::IllegalMove,
                    format!("move {index} of the history: {error}"),
                )
            });
            false
        }
        Err(InputError::Fen(error)) => {
            // The diagnostics name every problem the reader refuses; should
            // one ever be missing, the reader's own sentence stands for it.
            if problems.iter().all(|p| p.tolerated) {
                problems.push(PositionProblem::new(ProblemKind::Syntax, error.to_string()));
            }
            false
        }
        Err(other) => return Err(other),
    };
    Ok(Diagnosis {
        valid,
        problems,
        sanitized: if sanitize { sanitized } else { None },
    })
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use super::{Game, LoadOptions, RuleOptions, Variant};

    fn start_position(variant: Variant) -> Game {
        Game::load(
            variant,
            "",
            &[] as &[&str],
            LoadOptions::default(),
            &RuleOptions::default(),
        )
        .unwrap()
    }

    #[test]
    fn perft_until_counts_like_perft_unless_stopped() {
        for variant in [Variant::Chess, Variant::Xiangqi] {
            let game = start_position(variant);
            for depth in 0..=3 {
                for divide in [false, true] {
                    let whole = game.perft(depth, divide);
                    let split = game.perft_until(depth, divide, &|| false).unwrap();
                    assert_eq!(whole, split, "{variant:?} depth {depth} divide {divide}");
                }
            }
            // Asked before every root move: stopping after the third gives up.
            let asked = Cell::new(0);
            let stop = || {
                asked.set(asked.get() + 1);
                asked.get() > 3
            };
            assert!(game.perft_until(3, true, &stop).is_none());
            assert_eq!(asked.get(), 4);
        }
    }
}
