//! Errors in the caller's input, as the domain sees them. The transport maps
//! each to the request field it came from.

use std::fmt;

/// Something in a request that cannot be accepted. Never a panic: every
/// malformed input ends up here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InputError {
    /// The FEN is malformed or describes an impossible position.
    Fen(String),
    /// A move of the history cannot be parsed or is illegal at its point.
    HistoryMove {
        /// The move's index in the history, from 0.
        index: usize,
        /// What is wrong with it, as a sentence.
        message: String,
    },
    /// A move of a root restriction (the search's `search_moves`) cannot be
    /// parsed or is illegal in the position to search.
    SearchMove {
        /// The move's index in the list, from 0.
        index: usize,
        /// What is wrong with it, as a sentence.
        message: String,
    },
    /// A candidate move (ValidateMove) cannot be parsed at all.
    CandidateMove(String),
    /// An option does not fit the variant or is out of range.
    Option {
        /// The setting at fault.
        field: OptionField,
        /// What is wrong with it, as a sentence.
        message: String,
    },
    /// A game record (PGN, XQF) that cannot be read or written as a whole.
    Record(String),
    /// A variant or feature this server does not serve.
    Unsupported(String),
}

/// A request setting the domain can refuse; the transport names the wire
/// field it came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OptionField {
    /// `rule_set`: a rule set of the other game.
    RuleSet,
    /// `repetition_count`: outside 2 to 5.
    RepetitionCount,
    /// `move_limit_plies`: above 10000.
    MoveLimitPlies,
    /// `claim_draws`: set for xiangqi, which has no claimable draws.
    ClaimDraws,
    /// How the position's coordinates are written.
    Coordinates,
    /// The variant, where it does not fit what was asked of it.
    Variant,
    /// A game record's format that does not fit the variant (XQF for chess).
    RecordFormat,
    /// A record's move notation that does not fit the variant.
    RecordNotation,
    /// A record's annotations that cannot be written (a variation's move
    /// that is not legal where it stands, a ply past the line's end).
    RecordAnnotations,
}

impl OptionField {
    /// The setting's name in messages.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            OptionField::RuleSet => "rule_set",
            OptionField::RepetitionCount => "repetition_count",
            OptionField::MoveLimitPlies => "move_limit_plies",
            OptionField::ClaimDraws => "claim_draws",
            OptionField::Coordinates => "coordinates",
            OptionField::Variant => "variant",
            OptionField::RecordFormat => "format",
            OptionField::RecordNotation => "notation",
            OptionField::RecordAnnotations => "annotations",
        }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::Fen(message) => write!(f, "invalid FEN: {message}"),
            InputError::HistoryMove { index, message } => {
                write!(f, "move {index} of the history: {message}")
            }
            InputError::SearchMove { index, message } => {
                write!(f, "search move {index}: {message}")
            }
            InputError::CandidateMove(message) => write!(f, "invalid move: {message}"),
            InputError::Option { field, message } => write!(f, "{}: {message}", field.name()),
            InputError::Record(message) | InputError::Unsupported(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for InputError {}
