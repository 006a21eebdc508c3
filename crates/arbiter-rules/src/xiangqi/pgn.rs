//! Xiangqi PGN in the WXF form: chess's tag pairs and movetext, with the
//! moves in ICCS (`H2-E2`, under `[Format "ICCS"]`) or WXF (`C2.5`, under
//! `[Format "WXF"]` or no `Format`) or in Chinese (`炮二平五`, `马８进７`,
//! `前车进一`, `中兵平四`, as most xiangqi software writes it: every form
//! [`super::chinese`] reads). Written with ICCS, WXF or Chinese moves.
//! Comments (`{}` and `;`), NAGs, variations and `%` escape lines are
//! skipped, and so are movetext symbols with no letter or digit (`=====`).
//!
//! No Rust PGN reader knows xiangqi's moves, so the few lexical rules PGN
//! has are read here.

use super::MoveError;
use super::{Position, chinese, notation};
use crate::{
    ChineseCharacters, FenError, InputError, OptionError, Side, Strictness,
    record::{
        FormatError, MovetextWriter, RecordError, RecordNotation, RecordResult, RecordedGame,
        XIANGQI_TAG_ROSTER, write_tags,
    },
};

/// One lexical item of PGN.
#[derive(Debug, PartialEq, Eq)]
enum Token {
    Tag(String, String),
    /// A move (or any other symbol of the movetext).
    Symbol(String),
    Result(RecordResult),
}

/// PGN's tokens, comments, NAGs, move numbers and variations left out.
fn tokens(text: &str) -> Vec<Token> {
    let mut out = Vec::new();
    let mut chars = text.char_indices().peekable();
    let mut depth = 0usize;
    let mut line_start = true;
    while let Some((at, c)) = chars.next() {
        let starts_line = line_start;
        line_start = c == '\n';
        match c {
            c if c.is_whitespace() => {}
            '%' if starts_line => {
                for (_, c) in chars.by_ref() {
                    if c == '\n' {
                        line_start = true;
                        break;
                    }
                }
            }
            ';' => {
                for (_, c) in chars.by_ref() {
                    if c == '\n' {
                        line_start = true;
                        break;
                    }
                }
            }
            '{' => {
                for (_, c) in chars.by_ref() {
                    if c == '}' {
                        break;
                    }
                }
            }
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            '[' if depth == 0 => {
                let mut name = String::new();
                while let Some(&(_, c)) = chars.peek() {
                    if c.is_whitespace() || c == '"' || c == ']' {
                        break;
                    }
                    name.push(c);
                    chars.next();
                }
                let mut value = String::new();
                let mut quoted = false;
                while let Some((_, c)) = chars.next() {
                    match c {
                        '"' if !quoted => quoted = true,
                        '"' => break,
                        '\\' if quoted => {
                            if let Some((_, escaped)) = chars.next() {
                                value.push(escaped);
                            }
                        }
                        '\n' if !quoted => break,
                        c if quoted => value.push(c),
                        _ => {}
                    }
                }
                for (_, c) in chars.by_ref() {
                    if c == ']' || c == '\n' {
                        line_start = c == '\n';
                        break;
                    }
                }
                out.push(Token::Tag(name, value));
            }
            _ => {
                let mut end = at + c.len_utf8();
                while let Some(&(next_at, next)) = chars.peek() {
                    if next.is_whitespace() || "{}()[];".contains(next) {
                        break;
                    }
                    end = next_at + next.len_utf8();
                    chars.next();
                }
                if depth > 0 {
                    continue;
                }
                let symbol = &text[at..end];
                if let Some(result) = RecordResult::from_token(symbol) {
                    out.push(Token::Result(result));
                } else if let Some(rest) = symbol.strip_prefix('$')
                    && rest.bytes().all(|b| b.is_ascii_digit())
                {
                    // A NAG.
                } else {
                    // A move number (`12.`, `12...`) alone, or glued to its move (`12.C2.5`).
                    let digits = symbol.bytes().take_while(u8::is_ascii_digit).count();
                    let rest = &symbol[digits..];
                    let dots = rest.bytes().take_while(|&b| b == b'.').count();
                    let mv = if digits > 0 && dots > 0 {
                        &rest[dots..]
                    } else {
                        symbol
                    };
                    let mv = mv.trim_end_matches(['!', '?']);
                    if mv.chars().any(char::is_alphanumeric) {
                        out.push(Token::Symbol(mv.to_owned()));
                    }
                }
            }
        }
    }
    out
}

/// Every game of a xiangqi PGN file. The data must be UTF-8 (PGN files in
/// GB18030 are not read).
pub(crate) fn parse(data: &[u8]) -> Result<Vec<RecordedGame>, FormatError> {
    let text = std::str::from_utf8(data).map_err(FormatError::NotUtf8)?;
    let mut games = Vec::new();
    let mut current: Option<Reading> = None;
    for token in tokens(text) {
        match token {
            Token::Tag(name, value) => {
                if current.as_ref().is_some_and(|r| r.in_movetext) {
                    games.extend(current.take().map(Reading::finish));
                }
                current
                    .get_or_insert_with(Reading::default)
                    .tags
                    .push((name, value));
            }
            Token::Symbol(text) => current.get_or_insert_with(Reading::default).play(&text),
            Token::Result(result) => {
                let mut reading = current.take().unwrap_or_default();
                reading.result = Some(result);
                games.push(reading.finish());
            }
        }
    }
    games.extend(current.map(Reading::finish));
    Ok(games)
}

/// A game being read: its tags, then its moves played as they come.
#[derive(Default)]
struct Reading {
    tags: Vec<(String, String)>,
    in_movetext: bool,
    /// Set when the movetext starts.
    game: Option<(RecordedGame, Position)>,
    result: Option<RecordResult>,
}

impl Reading {
    fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.trim())
    }

    /// The game and position when the movetext starts: the `FEN` tag read.
    fn movetext_start(&self) -> (RecordedGame, Position) {
        let mut game = RecordedGame::default();
        let mut position = Position::startpos();
        if let Some(fen) = self.tag("FEN").filter(|f| !f.is_empty()) {
            match Position::from_fen(fen, Strictness::Lenient) {
                Ok(start) => {
                    position = start;
                    game.fen = position.to_fen();
                }
                Err(error) => game.error = Some(RecordError::Fen(error.to_string())),
            }
        }
        (game, position)
    }

    fn play(&mut self, text: &str) {
        self.in_movetext = true;
        if self.game.is_none() {
            self.game = Some(self.movetext_start());
        }
        let Some((game, position)) = self.game.as_mut() else {
            return;
        };
        if game.error.is_some() {
            return;
        }
        let index = game.moves.len();
        // ICCS as PGN writes it (`H2-E2`); WXF and Chinese (`炮二平五`) as they are.
        let coordinates = text.replace('-', "");
        let candidate = if text.is_ascii() && coordinates.len() == 4 {
            coordinates.as_str()
        } else {
            text
        };
        match notation::parse_move(position, candidate, false) {
            Ok(m) => {
                game.moves.push(notation::format_iccs(m).to_string());
                position.play(m);
            }
            Err(error) => {
                game.error = Some(RecordError::Move {
                    index,
                    message: format!("'{text}' cannot be played here: {error}"),
                });
            }
        }
    }

    fn finish(self) -> RecordedGame {
        let stated = self
            .result
            .or_else(|| self.tag("Result").and_then(RecordResult::from_token));
        let (mut game, _) = match self.game {
            Some(started) => started,
            None => self.movetext_start(),
        };
        game.tags = self.tags;
        game.result = stated.unwrap_or_default();
        game
    }
}

/// How the moves of a written PGN are spelt.
#[derive(Clone, Copy)]
enum Moves {
    Iccs,
    Wxf,
    Chinese(ChineseCharacters),
}

/// One game as xiangqi PGN, its moves in ICCS, WXF (the default) or Chinese.
pub(crate) fn write(game: &RecordedGame, notation: RecordNotation) -> Result<String, InputError> {
    let moves = match notation {
        RecordNotation::Iccs => Moves::Iccs,
        RecordNotation::Default | RecordNotation::Wxf => Moves::Wxf,
        RecordNotation::Chinese(characters) => Moves::Chinese(characters),
        RecordNotation::San => return Err(OptionError::SanForXiangqi.into()),
    };
    let mut position = if game.fen.trim().is_empty() {
        Position::startpos()
    } else {
        Position::from_fen(&game.fen, Strictness::Lenient).map_err(FenError::Xiangqi)?
    };
    let mut extra = vec![
        ("Game", "Chinese Chess".to_owned()),
        (
            "Format",
            match moves {
                Moves::Iccs => "ICCS",
                Moves::Wxf => "WXF",
                Moves::Chinese(_) => "Chinese",
            }
            .to_owned(),
        ),
    ];
    if !game.fen.trim().is_empty() {
        extra.push(("FEN", position.to_fen()));
    }
    let mut out = String::new();
    write_tags(
        &mut out,
        &XIANGQI_TAG_ROSTER,
        &game.tags,
        game.result,
        &extra,
    );
    let mut movetext = MovetextWriter::default();
    for (index, text) in game.moves.iter().enumerate() {
        let m =
            notation::parse_move(&position, text, false).map_err(|e| InputError::HistoryMove {
                index,
                error: MoveError::Notation(e).into(),
            })?;
        let number = position.fullmove_number();
        if position.side_to_move() == Side::White {
            movetext.token(&format!("{number}."));
        } else if index == 0 {
            movetext.token(&format!("{number}..."));
        }
        let written = match moves {
            Moves::Iccs => {
                let iccs = notation::format_iccs(m).to_ascii_uppercase();
                format!("{}-{}", &iccs[..2], &iccs[2..])
            }
            Moves::Wxf => notation::to_wxf(&position, m).replace('=', "."),
            Moves::Chinese(characters) => chinese::to_chinese(&position, m, characters).to_string(),
        };
        movetext.token(&written);
        position.play(m);
    }
    movetext.token(game.result.token());
    out.push_str(&movetext.finish());
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::{Token, tokens};
    use crate::record::RecordResult;

    #[test]
    fn comments_variations_and_numbers_are_skipped() {
        let text =
            "[Event \"a \\\"b\\\"\"]\n% escape\n1. C2.5 {c} H8+7 (1... P7+1) $1 2.H2+3 ; rest\n1-0";
        assert_eq!(
            tokens(text),
            vec![
                Token::Tag("Event".into(), "a \"b\"".into()),
                Token::Symbol("C2.5".into()),
                Token::Symbol("H8+7".into()),
                Token::Symbol("H2+3".into()),
                Token::Result(RecordResult::WhiteWins),
            ]
        );
    }
}
