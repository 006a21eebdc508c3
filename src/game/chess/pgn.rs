//! Chess PGN in and out. Reading is `pgn-reader`'s (shakmaty's companion
//! parser, which handles PGN's lexical rules: comments, NAGs, variations,
//! escapes, games cut short); this visitor keeps the tags and the main line,
//! plays each move with shakmaty and stops a game at its first illegal move
//! (the file's later games still read). Comments, NAGs and variations are
//! skipped. Writing is SAN with move numbers, in export format (the Seven
//! Tag Roster first, lines under 80 columns).

use std::{io, ops::ControlFlow};

use pgn_reader::{Outcome as PgnOutcome, RawTag, Reader, SanPlus, Skip, Visitor};
use shakmaty::{
    CastlingMode, Chess, Color, KnownOutcome, Position, uci::UciMove, variant::VariantPosition,
};

use super::{MoveParseError, diagnose, fen, notation::parse_move};
use crate::game::{
    InputError, OptionField, Strictness,
    record::{
        MovetextWriter, RecordError, RecordNotation, RecordResult, RecordedGame, SEVEN_TAG_ROSTER,
        write_tags,
    },
};

/// Every game of a PGN file. Where the reader gives up (a file cut inside
/// a tag), the games before are kept and one more game says why.
pub fn parse(data: &[u8]) -> Result<Vec<RecordedGame>, InputError> {
    let mut reader = Reader::new(io::Cursor::new(data));
    let mut games = Vec::new();
    loop {
        match reader.read_game(&mut MainLine) {
            Ok(Some(game)) => games.push(game),
            Ok(None) => return Ok(games),
            Err(error) => {
                games.push(RecordedGame {
                    error: Some(RecordError::Unreadable(format!(
                        "the PGN cannot be read after {} games: {error}",
                        games.len()
                    ))),
                    ..RecordedGame::default()
                });
                return Ok(games);
            }
        }
    }
}

/// The visitor: tags, then the main line played from the start position.
struct MainLine;

/// A game's movetext being read.
struct Line {
    game: RecordedGame,
    position: Chess,
    /// The termination token of the movetext, which wins over the `Result` tag.
    outcome: Option<RecordResult>,
}

impl Visitor for MainLine {
    type Tags = Vec<(String, String)>;
    type Movetext = Line;
    type Output = RecordedGame;

    fn begin_tags(&mut self) -> ControlFlow<RecordedGame, Self::Tags> {
        ControlFlow::Continue(Vec::new())
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<RecordedGame> {
        tags.push((
            String::from_utf8_lossy(name).into_owned(),
            value.decode_utf8_lossy().into_owned(),
        ));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<RecordedGame, Line> {
        let value = |name: &str| {
            tags.iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.trim().to_owned())
        };
        let result = value("Result")
            .and_then(|r| RecordResult::from_token(&r))
            .unwrap_or_default();
        let mut game = RecordedGame {
            result,
            ..RecordedGame::default()
        };
        let mut position = Chess::default();
        if let Some(variant) = value("Variant")
            && !matches!(
                variant.to_ascii_lowercase().as_str(),
                "" | "standard" | "chess" | "from position"
            )
        {
            game.error = Some(RecordError::Fen(format!(
                "the variant '{variant}' is not standard chess"
            )));
        } else if let Some(text) = value("FEN") {
            match fen::parse(&text, Strictness::Lenient) {
                Ok(start) => {
                    position = start;
                    game.fen = fen::format(&position);
                }
                Err(error) => game.error = Some(RecordError::Fen(error.to_string())),
            }
        }
        game.tags = tags;
        ControlFlow::Continue(Line {
            game,
            position,
            outcome: None,
        })
    }

    fn san(&mut self, line: &mut Line, san_plus: SanPlus) -> ControlFlow<RecordedGame> {
        if line.game.error.is_some() {
            return ControlFlow::Continue(());
        }
        match san_plus.san.to_move(&line.position) {
            Ok(m) => {
                line.game
                    .moves
                    .push(UciMove::from_move(m, CastlingMode::Standard).to_string());
                line.position.play_unchecked(m);
            }
            Err(error) => {
                line.game.error = Some(RecordError::Move {
                    index: line.game.moves.len(),
                    message: format!("'{san_plus}' cannot be played here ({error})"),
                });
            }
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, _line: &mut Line) -> ControlFlow<RecordedGame, Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn outcome(&mut self, line: &mut Line, outcome: PgnOutcome) -> ControlFlow<RecordedGame> {
        line.outcome = Some(match outcome {
            PgnOutcome::Known(KnownOutcome::Decisive {
                winner: Color::White,
            }) => RecordResult::WhiteWins,
            PgnOutcome::Known(KnownOutcome::Decisive {
                winner: Color::Black,
            }) => RecordResult::BlackWins,
            PgnOutcome::Known(KnownOutcome::Draw) => RecordResult::Draw,
            PgnOutcome::Unknown => RecordResult::Unknown,
        });
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, line: Line) -> RecordedGame {
        let mut game = line.game;
        if let Some(outcome) = line.outcome {
            game.result = outcome;
        }
        game
    }
}

/// One game as PGN in SAN. Its moves (any notation the service reads) must
/// be legal from its start position.
pub fn write(game: &RecordedGame, notation: RecordNotation) -> Result<String, InputError> {
    if !matches!(notation, RecordNotation::Default | RecordNotation::San) {
        return Err(InputError::Option {
            field: OptionField::RecordNotation,
            message: "chess PGN writes its moves in SAN".to_owned(),
        });
    }
    let mut position = VariantPosition::Chess(if game.fen.trim().is_empty() {
        Chess::default()
    } else {
        fen::parse(&game.fen, Strictness::Lenient).map_err(|e| InputError::Fen(e.to_string()))?
    });
    let mut extra = Vec::new();
    if !game.fen.trim().is_empty() {
        extra.push(("SetUp", "1".to_owned()));
        extra.push(("FEN", fen::format(&position)));
    }
    let mut out = String::new();
    write_tags(&mut out, &SEVEN_TAG_ROSTER, &game.tags, game.result, &extra);
    let mut movetext = MovetextWriter::default();
    for (index, text) in game.moves.iter().enumerate() {
        let m = parse_move(&position, text).map_err(|e| InputError::HistoryMove {
            index,
            message: match e {
                MoveParseError::IllegalUci(uci) => diagnose(&position, uci).1,
                MoveParseError::Syntax(s)
                | MoveParseError::IllegalSan(s)
                | MoveParseError::AmbiguousSan(s) => s,
            },
        })?;
        let number = position.fullmoves();
        if position.turn() == Color::White {
            movetext.token(&format!("{number}."));
        } else if index == 0 {
            movetext.token(&format!("{number}..."));
        }
        let san = SanPlus::from_move_and_play_unchecked(&mut position, m);
        movetext.token(&san.to_string());
    }
    movetext.token(game.result.token());
    out.push_str(&movetext.finish());
    Ok(out)
}
