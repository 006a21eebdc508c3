//! Game records — PGN for chess, PGN and XQF for xiangqi — in the terms both
//! games share: a record's tags, its start position, its moves in
//! coordinates and its result. Each game reads and writes its own formats
//! (`chess::pgn`, `xiangqi::pgn`, `xiangqi::xqf`); `Game`'s dispatcher
//! (`parse_record`, `write_record`) routes to them. What PGN looks like for
//! both (tags, their quoting, the result tokens, wrapped movetext) is
//! written here once.

use std::fmt::{self, Write as _};

use crate::{ChineseCharacters, PieceKind};

/// A game read from a record, or to be written as one.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RecordedGame {
    /// The record's tags in file order (PGN tag pairs; XQF's header fields
    /// under PGN names), `FEN` and `SetUp` included as read.
    pub tags: Vec<(String, String)>,
    /// The start position; empty for the variant's start position.
    pub fen: String,
    /// The main line in coordinates (UCI, ICCS), each move legal. When
    /// `error` is set, the moves before the illegal one.
    pub moves: Vec<String>,
    /// The result the record states.
    pub result: RecordResult,
    /// What stopped the game being read, if anything: a start position that
    /// is not one, or the first move that could not be played (the game's
    /// later moves are dropped; the record's other games still read).
    pub error: Option<RecordError>,
    /// The comments, NAGs and variations of the main line, in line order;
    /// read only when asked ([`ParseOptions::keep_annotations`], chess PGN),
    /// written where the format has them (chess PGN).
    pub annotations: Vec<Annotation>,
}

/// How a record is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ParseOptions {
    /// Keep the comments, NAGs and variations of chess PGN (skipped by
    /// default: most callers want the games, and a heavily annotated file
    /// is mostly annotation).
    pub keep_annotations: bool,
}

/// What a record says about one point of a line besides its moves.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Annotation {
    /// Where: after the `ply`-th move of the line (from 1); 0 is before its
    /// first move.
    pub ply: usize,
    /// The comments there, each trimmed, in record order.
    pub comments: Vec<String>,
    /// The numeric annotation glyphs of the `ply`-th move (`$1` or `!` is 1).
    pub nags: Vec<u8>,
    /// Alternatives to the `ply`-th move, each played from the position
    /// before it.
    pub variations: Vec<Variation>,
}

/// A line played instead of a move.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Variation {
    /// Its moves in coordinates, each legal; when `error` is set, those
    /// before the first move that is not.
    pub moves: Vec<String>,
    /// Its own comments, NAGs and variations.
    pub annotations: Vec<Annotation>,
    /// Why the variation stops early: its first move that cannot be played,
    /// as a sentence.
    pub error: Option<String>,
}

impl Annotation {
    /// The annotation at `ply` of `annotations`, added (in ply order) if
    /// there is none yet.
    pub(crate) fn at(annotations: &mut Vec<Annotation>, ply: usize) -> &mut Annotation {
        let at = match annotations.iter().position(|a| a.ply >= ply) {
            Some(i) if annotations[i].ply == ply => i,
            Some(i) => {
                annotations.insert(
                    i,
                    Annotation {
                        ply,
                        ..Annotation::default()
                    },
                );
                i
            }
            None => {
                annotations.push(Annotation {
                    ply,
                    ..Annotation::default()
                });
                annotations.len() - 1
            }
        };
        &mut annotations[at]
    }
}

/// A record's stated result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RecordResult {
    /// `*`: unknown, or the game goes on.
    #[default]
    Unknown,
    /// `1-0` (Red in xiangqi).
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
}

impl RecordResult {
    /// The PGN result token.
    #[must_use]
    pub fn token(self) -> &'static str {
        match self {
            RecordResult::Unknown => "*",
            RecordResult::WhiteWins => "1-0",
            RecordResult::BlackWins => "0-1",
            RecordResult::Draw => "1/2-1/2",
        }
    }

    /// The result a PGN token names, if it is one.
    #[must_use]
    pub fn from_token(token: &str) -> Option<RecordResult> {
        match token {
            "*" => Some(RecordResult::Unknown),
            "1-0" => Some(RecordResult::WhiteWins),
            "0-1" => Some(RecordResult::BlackWins),
            "1/2-1/2" => Some(RecordResult::Draw),
            _ => None,
        }
    }
}

/// What stopped one game of a record being read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordError {
    /// The start position (a `FEN` tag, an XQF board) is not a position of
    /// the game.
    Fen(String),
    /// The record cannot be read on from here (a PGN cut inside a tag): what
    /// came before it is kept as read.
    Unreadable(String),
    /// A move of the main line could not be played.
    Move {
        /// The move's index in the main line, from 0.
        index: usize,
        /// Why, as a sentence naming the move as written.
        message: String,
    },
}

/// A record whose bytes cannot be read as its format, or a game its format
/// cannot hold: the record as a whole is refused (a game that merely stops
/// early is read, with its [`RecordError`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FormatError {
    /// A xiangqi PGN that is not UTF-8 (PGN files in GB18030 are not read).
    #[error("the PGN is not UTF-8 text: {0}")]
    NotUtf8(std::str::Utf8Error),
    /// A PGN holding a NUL byte: PGN is text, and a file of NULs would
    /// otherwise read as one empty game.
    #[error("byte {0} is NUL: a PGN record is text")]
    Nul(usize),
    /// An XQF file that cannot be read, or a game XQF cannot hold.
    #[error(transparent)]
    Xqf(XqfError),
}

/// What is wrong with an XQF file, or keeps a game from being written as one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum XqfError {
    /// Shorter than XQF's header.
    #[error("the XQF file is cut short: {len} bytes, where its header alone is {header}")]
    CutShort {
        /// The file's length.
        len: usize,
        /// The header's length.
        header: usize,
    },
    /// The data does not start with XQF's signature.
    #[error("the data is not XQF (no 'XQ' signature)")]
    NoSignature,
    /// A version this reader does not know.
    #[error("XQF version {version} is not one this server reads (1 to {newest})")]
    Version {
        /// The file's version.
        version: u8,
        /// The newest version read.
        newest: u8,
    },
    /// An encrypted file whose keys fail their checksum.
    #[error(
        "the XQF keys fail their checksum (their sum is {0} modulo 256, not 0): the file is damaged"
    )]
    Checksum(u8),
    /// The move records stop where another was announced.
    #[error("the XQF move records end after {0} moves, where another was announced")]
    MovesCutShort(usize),
    /// A move record is cut inside its comment's length.
    #[error("the XQF move records are cut short")]
    RecordCutShort,
    /// A comment's length runs past the end of the file.
    #[error("an XQF comment length runs past the file (a wrong key?)")]
    CommentPastEnd,
    /// A move (its index in the main line) names a point off the board.
    #[error("XQF move {0} has an off-board point (a wrong key?)")]
    OffBoardMove(usize),
    /// A main line longer than the reader takes.
    #[error("the XQF main line is longer than {0} moves")]
    TooManyMoves(usize),
    /// A position with more pieces of a kind than XQF's slots (the start
    /// position's set) can hold.
    #[error("XQF has room for no more {0:?}s of one side than the start position holds")]
    NoSlot(PieceKind),
}

/// Where a line stands among a game's annotations: the main line (no step),
/// or a variation, reached by (annotation, variation) index pairs from the
/// main line. Written as the request's path to it
/// (`annotations[2].variations[0]`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct LinePath(pub Vec<(usize, usize)>);

impl LinePath {
    /// The variation `variation` of annotation `annotation` of this line.
    #[must_use]
    pub(crate) fn variation(&self, annotation: usize, variation: usize) -> LinePath {
        let mut steps = self.0.clone();
        steps.push((annotation, variation));
        LinePath(steps)
    }

    /// The path followed by `.`, or nothing for the main line: what a field
    /// of the line is written after.
    #[must_use]
    pub(crate) fn prefix(&self) -> String {
        if self.0.is_empty() {
            String::new()
        } else {
            format!("{self}.")
        }
    }
}

impl fmt::Display for LinePath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (annotation, variation)) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(".")?;
            }
            write!(f, "annotations[{annotation}].variations[{variation}]")?;
        }
        Ok(())
    }
}

/// The record formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordFormat {
    /// PGN: chess's standard; for xiangqi the WXF form (`[Format "ICCS"]` or
    /// WXF moves).
    Pgn,
    /// XQF, the binary format of most xiangqi databases. Xiangqi only.
    Xqf,
}

/// How a written record spells its moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordNotation {
    /// The format's usual: SAN for chess, WXF for xiangqi PGN.
    Default,
    /// Chess: SAN.
    San,
    /// Xiangqi PGN: ICCS (`H2-E2`) under `[Format "ICCS"]`.
    Iccs,
    /// Xiangqi PGN: WXF (`C2.5`) under `[Format "WXF"]`.
    Wxf,
    /// Xiangqi PGN: Chinese notation (`炮二平五`) in these characters, under
    /// `[Format "Chinese"]`.
    Chinese(ChineseCharacters),
}

/// Settings for writing a record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WriteOptions {
    /// The move notation (PGN).
    pub notation: RecordNotation,
    /// XQF: the encrypted form (version 18) rather than the plain (10).
    pub encrypted: bool,
}

/// The tag names of PGN's Seven Tag Roster, written first and in this order.
pub(crate) const SEVEN_TAG_ROSTER: [&str; 7] =
    ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// Xiangqi PGN's roster: the sides are Red and Black.
pub(crate) const XIANGQI_TAG_ROSTER: [&str; 7] =
    ["Event", "Site", "Date", "Round", "Red", "Black", "Result"];

/// Writes a PGN tag section: the roster first (`?` or `????.??.??` for a
/// missing tag, the result as given), then `extra`, then every other tag in
/// the order given (never `FEN` or `SetUp`: the start position is the
/// caller's, in `extra`), values escaped as PGN requires.
pub(crate) fn write_tags(
    out: &mut String,
    roster: &[&str],
    tags: &[(String, String)],
    result: RecordResult,
    extra: &[(&str, String)],
) {
    let given = |name: &str| {
        tags.iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    };
    for &name in roster {
        let value = match name {
            "Result" => result.token(),
            "Date" => given(name).unwrap_or("????.??.??"),
            _ => given(name).unwrap_or("?"),
        };
        tag(out, name, value);
    }
    for (name, value) in extra {
        tag(out, name, value);
    }
    let written = |name: &str| roster.contains(&name) || extra.iter().any(|(n, _)| *n == name);
    for (name, value) in tags {
        // The start position is the game's, written by the caller in `extra`.
        if !written(name) && !matches!(name.as_str(), "FEN" | "SetUp") && is_tag_name(name) {
            tag(out, name, value);
        }
    }
    out.push('\n');
}

/// Whether `name` can be written as a PGN tag name (letters, digits, `_`);
/// [`write_tags`] leaves out any other.
#[must_use]
pub fn is_tag_name(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

fn tag(out: &mut String, name: &str, value: &str) {
    let escaped = value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace(['\n', '\r'], " ");
    let _ = writeln!(out, "[{name} \"{escaped}\"]");
}

/// Appends movetext tokens wrapped at 79 columns, as PGN export does.
#[derive(Debug, Default)]
pub(crate) struct MovetextWriter {
    text: String,
    line: usize,
}

impl MovetextWriter {
    /// A comment, `{ text }`, kept on one line (a line break inside a
    /// comment would be read back as part of it). PGN cannot escape `}` in
    /// a comment, so it is dropped, as python-chess drops it.
    pub(crate) fn comment(&mut self, text: &str) {
        let text = text.replace('}', "").replace(['\n', '\r'], " ");
        self.token(&format!("{{ {} }}", text.trim()));
    }

    /// One token (a move number, a move, the result).
    pub(crate) fn token(&mut self, token: &str) {
        if self.line > 0 && self.line + 1 + token.len() > 79 {
            self.text.push('\n');
            self.line = 0;
        } else if self.line > 0 {
            self.text.push(' ');
            self.line += 1;
        }
        self.text.push_str(token);
        self.line += token.len();
    }

    /// The movetext, ended by a newline and the blank line between games.
    #[must_use]
    pub(crate) fn finish(mut self) -> String {
        self.text.push_str("\n\n");
        self.text
    }
}
