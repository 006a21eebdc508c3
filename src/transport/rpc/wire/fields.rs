//! The contract fields the hand codec writes, one constant per field, and
//! the table of them per message.
//!
//! The writers name fields only through these constants, and
//! the tests hold the tables to the descriptor set tools/protogen compiles from
//! `proto/arbiter/v1`: a field the contract has and a table lacks (or one
//! whose number, name or type differs) fails them. Adding a field to one of
//! these messages therefore means adding it here, and then to the code that
//! writes it, which the property tests compare with prost's.
//!
//! The tables exist for those tests (hence `cfg(test)` on the ones nothing
//! else reads); the tables of the messages written with one-byte keys also
//! feed the compile-time check at the end.

/// A scalar or reference type as the contract declares it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ty {
    /// `string`.
    String,
    /// `bool`.
    Bool,
    /// An enum, by its full name (`.arbiter.v1.Side`).
    Enum(&'static str),
    /// A message, by its full name (`.arbiter.v1.Piece`).
    Message(&'static str),
}

/// One field of a contract message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Field {
    /// The field number, as the wire carries it.
    pub(crate) number: u32,
    /// The field's name in the `.proto` file.
    pub(crate) name: &'static str,
    pub(crate) ty: Ty,
    /// `repeated`.
    pub(crate) repeated: bool,
    /// A member of a `oneof`: written whenever it is the one set, even when
    /// its value is the default.
    pub(crate) oneof: bool,
}

impl Field {
    const fn one(number: u32, name: &'static str, ty: Ty) -> Field {
        Field {
            number,
            name,
            ty,
            repeated: false,
            oneof: false,
        }
    }

    const fn oneof(number: u32, name: &'static str, ty: Ty) -> Field {
        Field {
            number,
            name,
            ty,
            repeated: false,
            oneof: true,
        }
    }

    const fn repeated(number: u32, name: &'static str, ty: Ty) -> Field {
        Field {
            number,
            name,
            ty,
            repeated: true,
            oneof: false,
        }
    }
}

/// A contract message and every field of it the hand codec handles.
#[cfg(test)]
#[derive(Debug, Clone, Copy)]
pub(crate) struct MessageFields {
    /// The full name (`.arbiter.v1.Move`).
    pub(crate) name: &'static str,
    pub(crate) fields: &'static [Field],
}

/// Every message the hand codec writes field by field.
#[cfg(test)]
pub(crate) const HAND_CODED: &[MessageFields] = &[
    MessageFields {
        name: LEGAL_MOVES_RESPONSE,
        fields: LEGAL_MOVES_RESPONSE_FIELDS,
    },
    MessageFields {
        name: MOVE,
        fields: MOVE_FIELDS,
    },
    MessageFields {
        name: PIECE,
        fields: PIECE_FIELDS,
    },
    MessageFields {
        name: OUTCOME,
        fields: OUTCOME_FIELDS,
    },
    MessageFields {
        name: BATCH_RESULT,
        fields: BATCH_RESULT_FIELDS,
    },
    MessageFields {
        name: BATCH_RESPONSE,
        fields: BATCH_RESPONSE_FIELDS,
    },
];

/// Messages that sit inside a hand-coded one but are written by prost's
/// generated struct (a batch result's other outcomes), so prost keeps them
/// in step with the contract.
#[cfg(test)]
pub(crate) const PROST_CODED: &[&str] = &[VALIDATE_MOVE_RESPONSE, GAME_STATUS_RESPONSE, RPC_STATUS];

const LEGAL_MOVES_RESPONSE: &str = ".arbiter.v1.LegalMovesResponse";
const MOVE: &str = ".arbiter.v1.Move";
const PIECE: &str = ".arbiter.v1.Piece";
const OUTCOME: &str = ".arbiter.v1.Outcome";
#[cfg(test)]
const BATCH_RESULT: &str = ".arbiter.v1.BatchResult";
#[cfg(test)]
const BATCH_RESPONSE: &str = ".arbiter.v1.BatchResponse";
#[cfg(test)]
const VALIDATE_MOVE_RESPONSE: &str = ".arbiter.v1.ValidateMoveResponse";
#[cfg(test)]
const GAME_STATUS_RESPONSE: &str = ".arbiter.v1.GameStatusResponse";
#[cfg(test)]
const RPC_STATUS: &str = ".google.rpc.Status";
const SIDE: &str = ".arbiter.v1.Side";
const PIECE_KIND: &str = ".arbiter.v1.PieceKind";

// `arbiter.v1.LegalMovesResponse` (rules.proto), written by `legal_moves`.

/// `LegalMovesResponse.moves`: `repeated Move moves = 1`.
pub(crate) const ANSWER_MOVES: Field = Field::repeated(1, "moves", Ty::Message(MOVE));
/// `LegalMovesResponse.fen`: `string fen = 2`.
pub(crate) const ANSWER_FEN: Field = Field::one(2, "fen", Ty::String);
/// `LegalMovesResponse.side_to_move`: `Side side_to_move = 3`.
pub(crate) const ANSWER_SIDE_TO_MOVE: Field = Field::one(3, "side_to_move", Ty::Enum(SIDE));
/// `LegalMovesResponse.in_check`: `bool in_check = 4`.
pub(crate) const ANSWER_IN_CHECK: Field = Field::one(4, "in_check", Ty::Bool);
/// `LegalMovesResponse.outcome`: `Outcome outcome = 5`.
pub(crate) const ANSWER_OUTCOME: Field = Field::one(5, "outcome", Ty::Message(OUTCOME));
/// `LegalMovesResponse.rule_set`: `RuleSet rule_set = 6`.
pub(crate) const ANSWER_RULE_SET: Field =
    Field::one(6, "rule_set", Ty::Enum(".arbiter.v1.RuleSet"));

/// Every field of `LegalMovesResponse`, in number order.
#[cfg(test)]
pub(crate) const LEGAL_MOVES_RESPONSE_FIELDS: &[Field] = &[
    ANSWER_MOVES,
    ANSWER_FEN,
    ANSWER_SIDE_TO_MOVE,
    ANSWER_IN_CHECK,
    ANSWER_OUTCOME,
    ANSWER_RULE_SET,
];

// `arbiter.v1.Move` (common.proto), written by `legal_moves`.

/// `Move.uci`: `string uci = 1`.
pub(crate) const MOVE_UCI: Field = Field::one(1, "uci", Ty::String);
/// `Move.san`: `string san = 2`.
pub(crate) const MOVE_SAN: Field = Field::one(2, "san", Ty::String);
/// `Move.uci_one_based`: `string uci_one_based = 3`.
pub(crate) const MOVE_UCI_ONE_BASED: Field = Field::one(3, "uci_one_based", Ty::String);
/// `Move.from`: `string from = 4`.
pub(crate) const MOVE_FROM: Field = Field::one(4, "from", Ty::String);
/// `Move.to`: `string to = 5`.
pub(crate) const MOVE_TO: Field = Field::one(5, "to", Ty::String);
/// `Move.piece`: `Piece piece = 6`.
pub(crate) const MOVE_PIECE: Field = Field::one(6, "piece", Ty::Message(PIECE));
/// `Move.capture`: `bool capture = 7`.
pub(crate) const MOVE_CAPTURE: Field = Field::one(7, "capture", Ty::Bool);
/// `Move.captured`: `Piece captured = 8`.
pub(crate) const MOVE_CAPTURED: Field = Field::one(8, "captured", Ty::Message(PIECE));
/// `Move.check`: `bool check = 9`.
pub(crate) const MOVE_CHECK: Field = Field::one(9, "check", Ty::Bool);
/// `Move.castling`: `Castling castling = 10`.
pub(crate) const MOVE_CASTLING: Field =
    Field::one(10, "castling", Ty::Enum(".arbiter.v1.Castling"));
/// `Move.en_passant`: `bool en_passant = 11`.
pub(crate) const MOVE_EN_PASSANT: Field = Field::one(11, "en_passant", Ty::Bool);
/// `Move.promotion`: `PieceKind promotion = 12`.
pub(crate) const MOVE_PROMOTION: Field = Field::one(12, "promotion", Ty::Enum(PIECE_KIND));
/// `Move.forbidden_repetition`: `bool forbidden_repetition = 13`.
pub(crate) const MOVE_FORBIDDEN_REPETITION: Field =
    Field::one(13, "forbidden_repetition", Ty::Bool);
/// `Move.repetition_outcome`: `Outcome repetition_outcome = 14`.
pub(crate) const MOVE_REPETITION_OUTCOME: Field =
    Field::one(14, "repetition_outcome", Ty::Message(OUTCOME));
/// `Move.chinese`: `string chinese = 15`.
pub(crate) const MOVE_CHINESE: Field = Field::one(15, "chinese", Ty::String);
/// `Move.drop`: `bool drop = 16`.
pub(crate) const MOVE_DROP: Field = Field::one(16, "drop", Ty::Bool);
/// `Move.explosion_squares`: `repeated string explosion_squares = 17`.
pub(crate) const MOVE_EXPLOSION_SQUARES: Field =
    Field::repeated(17, "explosion_squares", Ty::String);

/// Every field of `Move`, in number order.
pub(crate) const MOVE_FIELDS: &[Field] = &[
    MOVE_UCI,
    MOVE_SAN,
    MOVE_UCI_ONE_BASED,
    MOVE_FROM,
    MOVE_TO,
    MOVE_PIECE,
    MOVE_CAPTURE,
    MOVE_CAPTURED,
    MOVE_CHECK,
    MOVE_CASTLING,
    MOVE_EN_PASSANT,
    MOVE_PROMOTION,
    MOVE_FORBIDDEN_REPETITION,
    MOVE_REPETITION_OUTCOME,
    MOVE_CHINESE,
    MOVE_DROP,
    MOVE_EXPLOSION_SQUARES,
];

// `arbiter.v1.Piece` (common.proto), written inside each `Move`.

/// `Piece.side`: `Side side = 1`.
pub(crate) const PIECE_SIDE: Field = Field::one(1, "side", Ty::Enum(SIDE));
/// `Piece.kind`: `PieceKind kind = 2`.
pub(crate) const PIECE_KIND_FIELD: Field = Field::one(2, "kind", Ty::Enum(PIECE_KIND));

/// Every field of `Piece`, in number order.
pub(crate) const PIECE_FIELDS: &[Field] = &[PIECE_SIDE, PIECE_KIND_FIELD];

// `arbiter.v1.Outcome` (common.proto), written in the answer and in each
// `Move.repetition_outcome`.

/// `Outcome.result`: `Result result = 1`.
pub(crate) const OUTCOME_RESULT: Field = Field::one(1, "result", Ty::Enum(".arbiter.v1.Result"));
/// `Outcome.reason`: `OutcomeReason reason = 2`.
pub(crate) const OUTCOME_REASON: Field =
    Field::one(2, "reason", Ty::Enum(".arbiter.v1.OutcomeReason"));
/// `Outcome.offender`: `Side offender = 3`.
pub(crate) const OUTCOME_OFFENDER: Field = Field::one(3, "offender", Ty::Enum(SIDE));

/// Every field of `Outcome`, in number order.
pub(crate) const OUTCOME_FIELDS: &[Field] = &[OUTCOME_RESULT, OUTCOME_REASON, OUTCOME_OFFENDER];

// `arbiter.v1.BatchResult` and `BatchResponse` (rules.proto), written by
// `batch`: the LegalMoves answer spliced in, the rest by prost.

/// `BatchResult.legal_moves`: `LegalMovesResponse legal_moves = 1` (oneof `result`).
pub(crate) const BATCH_RESULT_LEGAL_MOVES: Field =
    Field::oneof(1, "legal_moves", Ty::Message(LEGAL_MOVES_RESPONSE));
/// `BatchResult.validate_move`: written by prost.
#[cfg(test)]
const BATCH_RESULT_VALIDATE_MOVE: Field =
    Field::oneof(2, "validate_move", Ty::Message(VALIDATE_MOVE_RESPONSE));
/// `BatchResult.game_status`: written by prost.
#[cfg(test)]
const BATCH_RESULT_GAME_STATUS: Field =
    Field::oneof(3, "game_status", Ty::Message(GAME_STATUS_RESPONSE));
/// `BatchResult.error`: written by prost.
#[cfg(test)]
const BATCH_RESULT_ERROR: Field = Field::oneof(4, "error", Ty::Message(RPC_STATUS));

/// Every field of `BatchResult`, in number order.
#[cfg(test)]
pub(crate) const BATCH_RESULT_FIELDS: &[Field] = &[
    BATCH_RESULT_LEGAL_MOVES,
    BATCH_RESULT_VALIDATE_MOVE,
    BATCH_RESULT_GAME_STATUS,
    BATCH_RESULT_ERROR,
];

/// `BatchResponse.results`: `repeated BatchResult results = 1`.
pub(crate) const BATCH_RESPONSE_RESULTS: Field =
    Field::repeated(1, "results", Ty::Message(".arbiter.v1.BatchResult"));

/// Every field of `BatchResponse`.
#[cfg(test)]
pub(crate) const BATCH_RESPONSE_FIELDS: &[Field] = &[BATCH_RESPONSE_RESULTS];

/// The fixed-buffer move writer and the batch writer write each key as one
/// byte, which holds for field numbers below 16 (except a `Move`'s
/// `bool` fields and its explosion squares, whose writers take any key:
/// `drop` is 16, `explosion_squares` 17); a contract
/// change past that stops the build here rather than writing a wrong key.
const _: () = {
    let tables = [
        MOVE_FIELDS,
        PIECE_FIELDS,
        OUTCOME_FIELDS,
        &[BATCH_RESULT_LEGAL_MOVES, BATCH_RESPONSE_RESULTS],
    ];
    let mut t = 0;
    while t < tables.len() {
        let mut f = 0;
        while f < tables[t].len() {
            assert!(
                tables[t][f].number < 16
                    || (t == 0
                        && (matches!(tables[t][f].ty, Ty::Bool)
                            || tables[t][f].number == MOVE_EXPLOSION_SQUARES.number)),
                "a one-byte key needs a field number below 16"
            );
            f += 1;
        }
        t += 1;
    }
};
