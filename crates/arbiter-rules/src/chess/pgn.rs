//! Chess PGN in and out, for standard chess and the variants (named by the
//! `Variant` tag, as Lichess and python-chess write and read it). Reading is `pgn-reader`'s (shakmaty's companion
//! parser, which handles PGN's lexical rules: comments, NAGs, variations,
//! escapes, games cut short); this visitor keeps the tags and the main line,
//! plays each move with shakmaty and stops a game at its first illegal move
//! (the file's later games still read). Comments, NAGs and variations are
//! skipped unless asked for; then each variation is played from the
//! position before the move it replaces, and stops at its own first illegal
//! move. Writing is SAN with move numbers, in export format (the Seven Tag
//! Roster first, lines under 80 columns except for long comments), with the
//! game's annotations.

use std::{io, ops::ControlFlow};

use pgn_reader::{Outcome as PgnOutcome, RawTag, Reader, SanPlus, Skip, Visitor};
use shakmaty::{
    CastlingMode, Color, KnownOutcome, Position,
    uci::UciMove,
    variant::{Variant as ShakmatyVariant, VariantPosition},
};

use pgn_reader::{Nag, RawComment};

use super::{diagnose, fen, notation::parse_move, variant::ChessRules};
use crate::{
    FenError, InputError, OptionError, Strictness,
    record::{
        Annotation, LinePath, MovetextWriter, ParseOptions, RecordError, RecordNotation,
        RecordResult, RecordedGame, SEVEN_TAG_ROSTER, Variation, write_tags,
    },
};

/// Every game of a PGN file. Where the reader gives up (a file cut inside
/// a tag), the games before are kept and one more game says why.
pub(crate) fn parse(data: &[u8], options: ParseOptions, rules: ChessRules) -> Vec<RecordedGame> {
    let mut reader = Reader::new(io::Cursor::new(data));
    let mut games = Vec::new();
    let mut visitor = MainLine {
        keep_annotations: options.keep_annotations,
        rules,
    };
    loop {
        match reader.read_game(&mut visitor) {
            Ok(Some(game)) => games.push(game),
            Ok(None) => return games,
            Err(error) => {
                games.push(RecordedGame {
                    error: Some(RecordError::Unreadable(format!(
                        "the PGN cannot be read after {} games: {error}",
                        games.len()
                    ))),
                    ..RecordedGame::default()
                });
                return games;
            }
        }
    }
}

/// Variations nested deeper than this are skipped: the answer is a tree
/// that prost writes (and its reader reads) recursively, to a depth of 100
/// messages, and each level of nesting takes two (an annotation and a
/// variation) below the game's own.
pub const MAX_VARIATION_DEPTH: usize = 32;

/// The visitor: tags, then the main line played from the start position
/// (and its annotations, when kept).
struct MainLine {
    keep_annotations: bool,
    /// The chess the record is read as: a `Variant` tag naming another is an
    /// error of that game.
    rules: ChessRules,
}

/// The `Variant` tag's value for a chess, as Lichess writes it; `None` for
/// standard chess, which writes none.
fn variant_tag(rules: ChessRules) -> Option<&'static str> {
    if rules.castling == CastlingMode::Chess960 {
        return Some("Chess960");
    }
    match rules.variant {
        ShakmatyVariant::Chess => None,
        ShakmatyVariant::Atomic => Some("Atomic"),
        ShakmatyVariant::Antichess => Some("Antichess"),
        ShakmatyVariant::KingOfTheHill => Some("King of the Hill"),
        ShakmatyVariant::ThreeCheck => Some("Three-check"),
        ShakmatyVariant::Crazyhouse => Some("Crazyhouse"),
        ShakmatyVariant::RacingKings => Some("Racing Kings"),
        ShakmatyVariant::Horde => Some("Horde"),
    }
}

/// Whether a `Variant` tag names `rules`: the names Lichess writes and the
/// aliases python-chess reads (`chess.variant.find_variant`), any case;
/// "Standard" and "From Position" are standard chess.
fn tag_names(tag: &str, rules: ChessRules) -> bool {
    let name: String = tag
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect::<String>()
        .to_ascii_lowercase();
    let names: &[&str] = if rules.castling == CastlingMode::Chess960 {
        &["chess960", "fischerandom", "fischerrandom", "960"]
    } else {
        match rules.variant {
            ShakmatyVariant::Chess => &["", "standard", "chess", "fromposition"],
            ShakmatyVariant::Atomic => &["atomic", "atom"],
            ShakmatyVariant::Antichess => &["antichess", "giveaway", "givaway", "anti"],
            ShakmatyVariant::KingOfTheHill => &["kingofthehill", "koth"],
            ShakmatyVariant::ThreeCheck => &["threecheck", "3check"],
            ShakmatyVariant::Crazyhouse => &["crazyhouse", "zh", "house"],
            ShakmatyVariant::RacingKings => &["racingkings", "race", "racing"],
            ShakmatyVariant::Horde => &["horde"],
        }
    };
    names.contains(&name.as_str())
}

/// A start position in `rules`' chess from a FEN tag.
fn read_fen(text: &str, rules: ChessRules) -> Result<VariantPosition, super::FenError> {
    if rules.is_standard() {
        fen::parse(text, Strictness::Lenient).map(VariantPosition::Chess)
    } else {
        fen::parse_variant(text, rules, Strictness::Lenient)
    }
}

/// A game's movetext being read.
struct Line {
    game: RecordedGame,
    position: VariantPosition,
    /// The main line's position before its last move: where a variation of
    /// that move starts.
    before_last: VariantPosition,
    /// How the moves' coordinates are written (Chess960: king takes rook).
    castling: CastlingMode,
    /// The termination token of the movetext, which wins over the `Result` tag.
    outcome: Option<RecordResult>,
    /// The variations being read, innermost last (annotations kept only).
    open: Vec<OpenVariation>,
}

/// A variation being read.
struct OpenVariation {
    variation: Variation,
    position: VariantPosition,
    before_last: VariantPosition,
    /// The variation was skipped (it stands where no move precedes it, or
    /// inside a line that could not be read): it is dropped at its end.
    skipped: bool,
}

impl Line {
    /// The innermost line being read, as (its moves, its annotations, its
    /// error), for a comment or a NAG: `None` once that line has stopped.
    fn annotations_here(&mut self) -> Option<(usize, &mut Vec<Annotation>)> {
        match self.open.last_mut() {
            Some(open) if open.skipped || open.variation.error.is_some() => None,
            Some(open) => Some((open.variation.moves.len(), &mut open.variation.annotations)),
            None if self.game.error.is_some() => None,
            None => Some((self.game.moves.len(), &mut self.game.annotations)),
        }
    }

    /// Ends the innermost variation, attaching it to the move it replaces.
    fn close_variation(&mut self) {
        let Some(open) = self.open.pop() else {
            return;
        };
        if open.skipped {
            return;
        }
        let (ply, annotations) = match self.open.last_mut() {
            Some(parent) => (
                parent.variation.moves.len(),
                &mut parent.variation.annotations,
            ),
            None => (self.game.moves.len(), &mut self.game.annotations),
        };
        Annotation::at(annotations, ply)
            .variations
            .push(open.variation);
    }
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
        let rules = self.rules;
        let mut position = rules.start_position();
        if let Some(variant) = value("Variant")
            && !tag_names(&variant, rules)
        {
            game.error = Some(RecordError::Fen(format!(
                "the variant '{variant}' is not {}",
                variant_tag(rules).unwrap_or("standard chess")
            )));
        } else if let Some(text) = value("FEN") {
            match read_fen(&text, rules) {
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
            before_last: position.clone(),
            position,
            castling: rules.castling,
            outcome: None,
            open: Vec::new(),
        })
    }

    fn san(&mut self, line: &mut Line, san_plus: SanPlus) -> ControlFlow<RecordedGame> {
        if let Some(open) = line.open.last_mut() {
            if open.skipped || open.variation.error.is_some() {
                return ControlFlow::Continue(());
            }
            match san_plus.san.to_move(&open.position) {
                Ok(m) => {
                    open.variation
                        .moves
                        .push(UciMove::from_move(m, line.castling).to_string());
                    open.before_last = open.position.clone();
                    open.position.play_unchecked(m);
                }
                Err(error) => {
                    open.variation.error = Some(format!(
                        "move {} of the variation, '{san_plus}', cannot be played there ({error})",
                        open.variation.moves.len() + 1
                    ));
                }
            }
            return ControlFlow::Continue(());
        }
        if line.game.error.is_some() {
            return ControlFlow::Continue(());
        }
        match san_plus.san.to_move(&line.position) {
            Ok(m) => {
                line.game
                    .moves
                    .push(UciMove::from_move(m, line.castling).to_string());
                if self.keep_annotations {
                    line.before_last = line.position.clone();
                }
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

    fn nag(&mut self, line: &mut Line, nag: Nag) -> ControlFlow<RecordedGame> {
        if self.keep_annotations
            && let Some((ply, annotations)) = line.annotations_here()
            && ply > 0
        {
            Annotation::at(annotations, ply).nags.push(nag.0);
        }
        ControlFlow::Continue(())
    }

    fn comment(&mut self, line: &mut Line, comment: RawComment<'_>) -> ControlFlow<RecordedGame> {
        if self.keep_annotations
            && let Some((ply, annotations)) = line.annotations_here()
        {
            let text = String::from_utf8_lossy(comment.as_bytes())
                .trim()
                .to_owned();
            Annotation::at(annotations, ply).comments.push(text);
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, line: &mut Line) -> ControlFlow<RecordedGame, Skip> {
        if !self.keep_annotations {
            return ControlFlow::Continue(Skip(true));
        }
        // A variation replaces the last move of the line it stands in.
        let start = match line.open.last() {
            _ if line.open.len() >= MAX_VARIATION_DEPTH => None,
            Some(parent) if !parent.skipped && parent.variation.error.is_none() => {
                (!parent.variation.moves.is_empty()).then(|| parent.before_last.clone())
            }
            Some(_) => None,
            None => (line.game.error.is_none() && !line.game.moves.is_empty())
                .then(|| line.before_last.clone()),
        };
        let skipped = start.is_none();
        let position = start.unwrap_or_else(|| self.rules.start_position());
        line.open.push(OpenVariation {
            variation: Variation::default(),
            before_last: position.clone(),
            position,
            skipped,
        });
        ControlFlow::Continue(Skip(skipped))
    }

    fn end_variation(&mut self, line: &mut Line) -> ControlFlow<RecordedGame> {
        line.close_variation();
        ControlFlow::Continue(())
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

    fn end_game(&mut self, mut line: Line) -> RecordedGame {
        // A game cut short inside variations keeps them as far as they go.
        while !line.open.is_empty() {
            line.close_variation();
        }
        let mut game = line.game;
        if let Some(outcome) = line.outcome {
            game.result = outcome;
        }
        game
    }
}

/// One game as PGN in SAN. Its moves (any notation the service reads) must
/// be legal from its start position.
pub(crate) fn write(
    game: &RecordedGame,
    notation: RecordNotation,
    rules: ChessRules,
) -> Result<String, InputError> {
    if !matches!(notation, RecordNotation::Default | RecordNotation::San) {
        return Err(OptionError::XiangqiNotationForChess(notation).into());
    }
    let position = if game.fen.trim().is_empty() {
        rules.start_position()
    } else {
        read_fen(&game.fen, rules).map_err(FenError::Chess)?
    };
    let mut extra = Vec::new();
    if let Some(variant) = variant_tag(rules) {
        extra.push(("Variant", variant.to_owned()));
    }
    if !game.fen.trim().is_empty() {
        extra.push(("SetUp", "1".to_owned()));
        extra.push(("FEN", fen::format(&position)));
    }
    let mut out = String::new();
    write_tags(&mut out, &SEVEN_TAG_ROSTER, &game.tags, game.result, &extra);
    let mut movetext = MovetextWriter::default();
    write_line(
        &mut movetext,
        position,
        &game.moves,
        &game.annotations,
        &LinePath::default(),
    )?;
    movetext.token(game.result.token());
    out.push_str(&movetext.finish());
    Ok(out)
}

/// Writes one line's moves from `position` with its annotations: move
/// numbers (a Black move's after anything that interrupts the moves),
/// each move's NAGs, its comments, then its variations, each from the
/// position before that move.
fn write_line(
    movetext: &mut MovetextWriter,
    mut position: VariantPosition,
    moves: &[String],
    annotations: &[Annotation],
    line: &LinePath,
) -> Result<(), InputError> {
    for (i, annotation) in annotations.iter().enumerate() {
        if annotation.ply > moves.len() || (i > 0 && annotations[i - 1].ply >= annotation.ply) {
            return Err(OptionError::AnnotationPly {
                line: line.clone(),
                annotation: i,
                ply: annotation.ply,
                moves: moves.len(),
            }
            .into());
        }
    }
    let at = |ply: usize| annotations.iter().position(|a| a.ply == ply);
    let mut interrupted = true;
    if let Some(i) = at(0) {
        for comment in &annotations[i].comments {
            movetext.comment(comment);
        }
    }
    for (index, text) in moves.iter().enumerate() {
        let m = parse_move(&position, text).map_err(|e| {
            let error = e.explain(|uci| diagnose(&position, uci));
            if line.0.is_empty() {
                InputError::HistoryMove {
                    index,
                    error: error.into(),
                }
            } else {
                OptionError::VariationMove {
                    line: line.clone(),
                    index,
                    error,
                }
                .into()
            }
        })?;
        let before = position.clone();
        let number = position.fullmoves();
        if position.turn() == Color::White {
            movetext.token(&format!("{number}."));
        } else if interrupted {
            movetext.token(&format!("{number}..."));
        }
        let san = SanPlus::from_move_and_play_unchecked(&mut position, m);
        movetext.token(&san.to_string());
        interrupted = false;
        let Some(i) = at(index + 1) else {
            continue;
        };
        let annotation = &annotations[i];
        for nag in &annotation.nags {
            movetext.token(&format!("${nag}"));
        }
        for comment in &annotation.comments {
            movetext.comment(comment);
            interrupted = true;
        }
        for (v, variation) in annotation.variations.iter().enumerate() {
            movetext.token("(");
            write_line(
                movetext,
                before.clone(),
                &variation.moves,
                &variation.annotations,
                &line.variation(i, v),
            )?;
            movetext.token(")");
            interrupted = true;
        }
    }
    Ok(())
}
