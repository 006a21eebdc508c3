//! Openings for a match: positions from an EPD file (one per line, its
//! operations ignored) or games from a PGN file (each game's start position
//! and moves), each checked by the rules before the first game starts. With
//! no file, every game starts from the variant's start position.

use std::path::Path;

use arbiter_rules::record::{ParseOptions, RecordError, RecordFormat};
use arbiter_rules::{Game, LoadOptions, RuleOptions, Variant};

/// One opening: a start position and the moves played from it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct Opening {
    /// The FEN; empty for the variant's start position.
    pub(crate) fen: String,
    /// Moves in the rules crate's coordinates.
    pub(crate) moves: Vec<String>,
}

/// Reads the openings of `path` (`.pgn` as PGN, anything else as EPD) for
/// `variant`, checking each by loading it.
///
/// # Errors
/// A message naming the file and the opening that cannot be read or played.
pub(crate) fn read(path: &Path, variant: Variant) -> Result<Vec<Opening>, String> {
    let data = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let is_pgn = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("pgn"));
    let openings = if is_pgn {
        let games = arbiter_rules::parse_record(
            variant,
            &data,
            Some(RecordFormat::Pgn),
            ParseOptions::default(),
        )
        .map_err(|e| format!("{}: {e}", path.display()))?;
        let mut openings = Vec::with_capacity(games.len());
        for (index, game) in games.into_iter().enumerate() {
            if let Some(error) = game.error {
                let why = match error {
                    RecordError::Fen(message) | RecordError::Unreadable(message) => message,
                    RecordError::Move { index, message } => {
                        format!("move {}: {message}", index + 1)
                    }
                };
                return Err(format!("{}: game {}: {why}", path.display(), index + 1));
            }
            openings.push(Opening {
                fen: game.fen,
                moves: game.moves,
            });
        }
        openings
    } else {
        let text = String::from_utf8(data).map_err(|_| format!("{}: not UTF-8", path.display()))?;
        text.lines()
            .map(str::trim)
            .filter(|line| !line.is_empty() && !line.starts_with('#'))
            .map(|line| Opening {
                fen: epd_fen(line),
                moves: Vec::new(),
            })
            .collect()
    };
    if openings.is_empty() {
        return Err(format!("{}: no openings", path.display()));
    }
    for (index, opening) in openings.iter().enumerate() {
        Game::load(
            variant,
            &opening.fen,
            &opening.moves,
            LoadOptions::default(),
            &RuleOptions::default(),
        )
        .map_err(|e| format!("{}: opening {}: {e}", path.display(), index + 1))?;
    }
    Ok(openings)
}

/// The FEN of an EPD line: its first four fields, with the clocks of a FEN
/// that has them (six fields before any `;` operation) or `0 1`.
fn epd_fen(line: &str) -> String {
    let position = line.split(';').next().unwrap_or_default();
    let fields: Vec<&str> = position.split_whitespace().collect();
    let clocks = fields.len() >= 6
        && fields[4].bytes().all(|b| b.is_ascii_digit())
        && fields[5].bytes().all(|b| b.is_ascii_digit());
    if clocks {
        fields[..6].join(" ")
    } else {
        let mut fen = fields.iter().take(4).copied().collect::<Vec<_>>().join(" ");
        fen.push_str(" 0 1");
        fen
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epd_lines_become_fens() {
        assert_eq!(
            epd_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - ;D1 20"),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
        );
        assert_eq!(
            epd_fen("8/8/8/8/8/8/8/K6k w - - 12 40"),
            "8/8/8/8/8/8/8/K6k w - - 12 40"
        );
        assert_eq!(
            epd_fen("8/8/8/8/8/8/8/K6k w - - bm Kb2;"),
            "8/8/8/8/8/8/8/K6k w - - 0 1"
        );
    }
}
