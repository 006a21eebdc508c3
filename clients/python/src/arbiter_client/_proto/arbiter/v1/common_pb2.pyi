from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Variant(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    VARIANT_UNSPECIFIED: _ClassVar[Variant]
    VARIANT_CHESS: _ClassVar[Variant]
    VARIANT_XIANGQI: _ClassVar[Variant]
    VARIANT_CHESS960: _ClassVar[Variant]
    VARIANT_ATOMIC: _ClassVar[Variant]
    VARIANT_ANTICHESS: _ClassVar[Variant]
    VARIANT_KING_OF_THE_HILL: _ClassVar[Variant]
    VARIANT_THREE_CHECK: _ClassVar[Variant]
    VARIANT_CRAZYHOUSE: _ClassVar[Variant]
    VARIANT_RACING_KINGS: _ClassVar[Variant]
    VARIANT_HORDE: _ClassVar[Variant]

class Coordinates(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    COORDINATES_UNSPECIFIED: _ClassVar[Coordinates]
    COORDINATES_ONE_BASED: _ClassVar[Coordinates]
    COORDINATES_KING_TWO_SQUARES_CASTLING: _ClassVar[Coordinates]

class ChineseCharacters(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CHINESE_CHARACTERS_UNSPECIFIED: _ClassVar[ChineseCharacters]
    CHINESE_CHARACTERS_SIMPLIFIED: _ClassVar[ChineseCharacters]
    CHINESE_CHARACTERS_TRADITIONAL: _ClassVar[ChineseCharacters]

class FenStrictness(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FEN_STRICTNESS_UNSPECIFIED: _ClassVar[FenStrictness]
    FEN_STRICTNESS_STRICT: _ClassVar[FenStrictness]
    FEN_STRICTNESS_LENIENT: _ClassVar[FenStrictness]

class RuleSet(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    RULE_SET_UNSPECIFIED: _ClassVar[RuleSet]
    RULE_SET_FIDE: _ClassVar[RuleSet]
    RULE_SET_AXF: _ClassVar[RuleSet]
    RULE_SET_SIMPLE: _ClassVar[RuleSet]
    RULE_SET_CASUAL: _ClassVar[RuleSet]
    RULE_SET_CHINESE: _ClassVar[RuleSet]

class MaterialDraw(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    MATERIAL_DRAW_UNSPECIFIED: _ClassVar[MaterialDraw]
    MATERIAL_DRAW_NONE: _ClassVar[MaterialDraw]
    MATERIAL_DRAW_BASIC: _ClassVar[MaterialDraw]

class Side(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SIDE_UNSPECIFIED: _ClassVar[Side]
    SIDE_WHITE: _ClassVar[Side]
    SIDE_BLACK: _ClassVar[Side]

class PieceKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PIECE_KIND_UNSPECIFIED: _ClassVar[PieceKind]
    PIECE_KIND_PAWN: _ClassVar[PieceKind]
    PIECE_KIND_KNIGHT: _ClassVar[PieceKind]
    PIECE_KIND_BISHOP: _ClassVar[PieceKind]
    PIECE_KIND_ROOK: _ClassVar[PieceKind]
    PIECE_KIND_QUEEN: _ClassVar[PieceKind]
    PIECE_KIND_KING: _ClassVar[PieceKind]
    PIECE_KIND_GENERAL: _ClassVar[PieceKind]
    PIECE_KIND_ADVISOR: _ClassVar[PieceKind]
    PIECE_KIND_ELEPHANT: _ClassVar[PieceKind]
    PIECE_KIND_HORSE: _ClassVar[PieceKind]
    PIECE_KIND_CHARIOT: _ClassVar[PieceKind]
    PIECE_KIND_CANNON: _ClassVar[PieceKind]
    PIECE_KIND_SOLDIER: _ClassVar[PieceKind]

class Castling(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CASTLING_UNSPECIFIED: _ClassVar[Castling]
    CASTLING_KINGSIDE: _ClassVar[Castling]
    CASTLING_QUEENSIDE: _ClassVar[Castling]

class Result(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    RESULT_UNSPECIFIED: _ClassVar[Result]
    RESULT_ONGOING: _ClassVar[Result]
    RESULT_WHITE_WINS: _ClassVar[Result]
    RESULT_BLACK_WINS: _ClassVar[Result]
    RESULT_DRAW: _ClassVar[Result]

class OutcomeReason(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    OUTCOME_REASON_UNSPECIFIED: _ClassVar[OutcomeReason]
    OUTCOME_REASON_CHECKMATE: _ClassVar[OutcomeReason]
    OUTCOME_REASON_STALEMATE: _ClassVar[OutcomeReason]
    OUTCOME_REASON_INSUFFICIENT_MATERIAL: _ClassVar[OutcomeReason]
    OUTCOME_REASON_THREEFOLD_REPETITION: _ClassVar[OutcomeReason]
    OUTCOME_REASON_FIVEFOLD_REPETITION: _ClassVar[OutcomeReason]
    OUTCOME_REASON_FIFTY_MOVE_RULE: _ClassVar[OutcomeReason]
    OUTCOME_REASON_SEVENTY_FIVE_MOVE_RULE: _ClassVar[OutcomeReason]
    OUTCOME_REASON_PERPETUAL_CHECK: _ClassVar[OutcomeReason]
    OUTCOME_REASON_PERPETUAL_CHASE: _ClassVar[OutcomeReason]
    OUTCOME_REASON_MUTUAL_PERPETUAL: _ClassVar[OutcomeReason]
    OUTCOME_REASON_REPETITION_DRAW: _ClassVar[OutcomeReason]
    OUTCOME_REASON_MOVE_LIMIT: _ClassVar[OutcomeReason]
    OUTCOME_REASON_PERPETUAL_MATE_THREAT: _ClassVar[OutcomeReason]
    OUTCOME_REASON_FORBIDDEN_MIXED: _ClassVar[OutcomeReason]
    OUTCOME_REASON_KING_EXPLODED: _ClassVar[OutcomeReason]
    OUTCOME_REASON_PIECES_GIVEN_AWAY: _ClassVar[OutcomeReason]
    OUTCOME_REASON_KING_OF_THE_HILL: _ClassVar[OutcomeReason]
    OUTCOME_REASON_THIRD_CHECK: _ClassVar[OutcomeReason]
    OUTCOME_REASON_RACE_FINISHED: _ClassVar[OutcomeReason]
    OUTCOME_REASON_HORDE_DESTROYED: _ClassVar[OutcomeReason]
VARIANT_UNSPECIFIED: Variant
VARIANT_CHESS: Variant
VARIANT_XIANGQI: Variant
VARIANT_CHESS960: Variant
VARIANT_ATOMIC: Variant
VARIANT_ANTICHESS: Variant
VARIANT_KING_OF_THE_HILL: Variant
VARIANT_THREE_CHECK: Variant
VARIANT_CRAZYHOUSE: Variant
VARIANT_RACING_KINGS: Variant
VARIANT_HORDE: Variant
COORDINATES_UNSPECIFIED: Coordinates
COORDINATES_ONE_BASED: Coordinates
COORDINATES_KING_TWO_SQUARES_CASTLING: Coordinates
CHINESE_CHARACTERS_UNSPECIFIED: ChineseCharacters
CHINESE_CHARACTERS_SIMPLIFIED: ChineseCharacters
CHINESE_CHARACTERS_TRADITIONAL: ChineseCharacters
FEN_STRICTNESS_UNSPECIFIED: FenStrictness
FEN_STRICTNESS_STRICT: FenStrictness
FEN_STRICTNESS_LENIENT: FenStrictness
RULE_SET_UNSPECIFIED: RuleSet
RULE_SET_FIDE: RuleSet
RULE_SET_AXF: RuleSet
RULE_SET_SIMPLE: RuleSet
RULE_SET_CASUAL: RuleSet
RULE_SET_CHINESE: RuleSet
MATERIAL_DRAW_UNSPECIFIED: MaterialDraw
MATERIAL_DRAW_NONE: MaterialDraw
MATERIAL_DRAW_BASIC: MaterialDraw
SIDE_UNSPECIFIED: Side
SIDE_WHITE: Side
SIDE_BLACK: Side
PIECE_KIND_UNSPECIFIED: PieceKind
PIECE_KIND_PAWN: PieceKind
PIECE_KIND_KNIGHT: PieceKind
PIECE_KIND_BISHOP: PieceKind
PIECE_KIND_ROOK: PieceKind
PIECE_KIND_QUEEN: PieceKind
PIECE_KIND_KING: PieceKind
PIECE_KIND_GENERAL: PieceKind
PIECE_KIND_ADVISOR: PieceKind
PIECE_KIND_ELEPHANT: PieceKind
PIECE_KIND_HORSE: PieceKind
PIECE_KIND_CHARIOT: PieceKind
PIECE_KIND_CANNON: PieceKind
PIECE_KIND_SOLDIER: PieceKind
CASTLING_UNSPECIFIED: Castling
CASTLING_KINGSIDE: Castling
CASTLING_QUEENSIDE: Castling
RESULT_UNSPECIFIED: Result
RESULT_ONGOING: Result
RESULT_WHITE_WINS: Result
RESULT_BLACK_WINS: Result
RESULT_DRAW: Result
OUTCOME_REASON_UNSPECIFIED: OutcomeReason
OUTCOME_REASON_CHECKMATE: OutcomeReason
OUTCOME_REASON_STALEMATE: OutcomeReason
OUTCOME_REASON_INSUFFICIENT_MATERIAL: OutcomeReason
OUTCOME_REASON_THREEFOLD_REPETITION: OutcomeReason
OUTCOME_REASON_FIVEFOLD_REPETITION: OutcomeReason
OUTCOME_REASON_FIFTY_MOVE_RULE: OutcomeReason
OUTCOME_REASON_SEVENTY_FIVE_MOVE_RULE: OutcomeReason
OUTCOME_REASON_PERPETUAL_CHECK: OutcomeReason
OUTCOME_REASON_PERPETUAL_CHASE: OutcomeReason
OUTCOME_REASON_MUTUAL_PERPETUAL: OutcomeReason
OUTCOME_REASON_REPETITION_DRAW: OutcomeReason
OUTCOME_REASON_MOVE_LIMIT: OutcomeReason
OUTCOME_REASON_PERPETUAL_MATE_THREAT: OutcomeReason
OUTCOME_REASON_FORBIDDEN_MIXED: OutcomeReason
OUTCOME_REASON_KING_EXPLODED: OutcomeReason
OUTCOME_REASON_PIECES_GIVEN_AWAY: OutcomeReason
OUTCOME_REASON_KING_OF_THE_HILL: OutcomeReason
OUTCOME_REASON_THIRD_CHECK: OutcomeReason
OUTCOME_REASON_RACE_FINISHED: OutcomeReason
OUTCOME_REASON_HORDE_DESTROYED: OutcomeReason

class Position(_message.Message):
    __slots__ = ("variant", "fen", "moves", "coordinates", "fen_strictness", "chinese_characters")
    VARIANT_FIELD_NUMBER: _ClassVar[int]
    FEN_FIELD_NUMBER: _ClassVar[int]
    MOVES_FIELD_NUMBER: _ClassVar[int]
    COORDINATES_FIELD_NUMBER: _ClassVar[int]
    FEN_STRICTNESS_FIELD_NUMBER: _ClassVar[int]
    CHINESE_CHARACTERS_FIELD_NUMBER: _ClassVar[int]
    variant: Variant
    fen: str
    moves: _containers.RepeatedScalarFieldContainer[str]
    coordinates: Coordinates
    fen_strictness: FenStrictness
    chinese_characters: ChineseCharacters
    def __init__(self, variant: _Optional[_Union[Variant, str]] = ..., fen: _Optional[str] = ..., moves: _Optional[_Iterable[str]] = ..., coordinates: _Optional[_Union[Coordinates, str]] = ..., fen_strictness: _Optional[_Union[FenStrictness, str]] = ..., chinese_characters: _Optional[_Union[ChineseCharacters, str]] = ...) -> None: ...

class RuleOptions(_message.Message):
    __slots__ = ("rule_set", "repetition_count", "move_limit_plies", "check_discount", "material_draw", "claim_draws")
    RULE_SET_FIELD_NUMBER: _ClassVar[int]
    REPETITION_COUNT_FIELD_NUMBER: _ClassVar[int]
    MOVE_LIMIT_PLIES_FIELD_NUMBER: _ClassVar[int]
    CHECK_DISCOUNT_FIELD_NUMBER: _ClassVar[int]
    MATERIAL_DRAW_FIELD_NUMBER: _ClassVar[int]
    CLAIM_DRAWS_FIELD_NUMBER: _ClassVar[int]
    rule_set: RuleSet
    repetition_count: int
    move_limit_plies: int
    check_discount: int
    material_draw: MaterialDraw
    claim_draws: bool
    def __init__(self, rule_set: _Optional[_Union[RuleSet, str]] = ..., repetition_count: _Optional[int] = ..., move_limit_plies: _Optional[int] = ..., check_discount: _Optional[int] = ..., material_draw: _Optional[_Union[MaterialDraw, str]] = ..., claim_draws: _Optional[bool] = ...) -> None: ...

class Piece(_message.Message):
    __slots__ = ("side", "kind")
    SIDE_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    side: Side
    kind: PieceKind
    def __init__(self, side: _Optional[_Union[Side, str]] = ..., kind: _Optional[_Union[PieceKind, str]] = ...) -> None: ...

class Move(_message.Message):
    __slots__ = ("uci", "san", "uci_one_based", "to", "piece", "capture", "captured", "check", "castling", "en_passant", "promotion", "forbidden_repetition", "repetition_outcome", "chinese", "drop", "explosion_squares")
    UCI_FIELD_NUMBER: _ClassVar[int]
    SAN_FIELD_NUMBER: _ClassVar[int]
    UCI_ONE_BASED_FIELD_NUMBER: _ClassVar[int]
    FROM_FIELD_NUMBER: _ClassVar[int]
    TO_FIELD_NUMBER: _ClassVar[int]
    PIECE_FIELD_NUMBER: _ClassVar[int]
    CAPTURE_FIELD_NUMBER: _ClassVar[int]
    CAPTURED_FIELD_NUMBER: _ClassVar[int]
    CHECK_FIELD_NUMBER: _ClassVar[int]
    CASTLING_FIELD_NUMBER: _ClassVar[int]
    EN_PASSANT_FIELD_NUMBER: _ClassVar[int]
    PROMOTION_FIELD_NUMBER: _ClassVar[int]
    FORBIDDEN_REPETITION_FIELD_NUMBER: _ClassVar[int]
    REPETITION_OUTCOME_FIELD_NUMBER: _ClassVar[int]
    CHINESE_FIELD_NUMBER: _ClassVar[int]
    DROP_FIELD_NUMBER: _ClassVar[int]
    EXPLOSION_SQUARES_FIELD_NUMBER: _ClassVar[int]
    uci: str
    san: str
    uci_one_based: str
    to: str
    piece: Piece
    capture: bool
    captured: Piece
    check: bool
    castling: Castling
    en_passant: bool
    promotion: PieceKind
    forbidden_repetition: bool
    repetition_outcome: Outcome
    chinese: str
    drop: bool
    explosion_squares: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, uci: _Optional[str] = ..., san: _Optional[str] = ..., uci_one_based: _Optional[str] = ..., to: _Optional[str] = ..., piece: _Optional[_Union[Piece, _Mapping]] = ..., capture: _Optional[bool] = ..., captured: _Optional[_Union[Piece, _Mapping]] = ..., check: _Optional[bool] = ..., castling: _Optional[_Union[Castling, str]] = ..., en_passant: _Optional[bool] = ..., promotion: _Optional[_Union[PieceKind, str]] = ..., forbidden_repetition: _Optional[bool] = ..., repetition_outcome: _Optional[_Union[Outcome, _Mapping]] = ..., chinese: _Optional[str] = ..., drop: _Optional[bool] = ..., explosion_squares: _Optional[_Iterable[str]] = ..., **kwargs) -> None: ...

class Outcome(_message.Message):
    __slots__ = ("result", "reason", "offender")
    RESULT_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    OFFENDER_FIELD_NUMBER: _ClassVar[int]
    result: Result
    reason: OutcomeReason
    offender: Side
    def __init__(self, result: _Optional[_Union[Result, str]] = ..., reason: _Optional[_Union[OutcomeReason, str]] = ..., offender: _Optional[_Union[Side, str]] = ...) -> None: ...
