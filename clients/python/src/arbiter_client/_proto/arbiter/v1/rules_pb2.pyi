from arbiter_client._proto.arbiter.v1 import common_pb2 as _common_pb2
from google.rpc import status_pb2 as _status_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class MoveView(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    MOVE_VIEW_UNSPECIFIED: _ClassVar[MoveView]
    MOVE_VIEW_FULL: _ClassVar[MoveView]
    MOVE_VIEW_COORDINATES: _ClassVar[MoveView]

class IllegalReason(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ILLEGAL_REASON_UNSPECIFIED: _ClassVar[IllegalReason]
    ILLEGAL_REASON_NO_PIECE: _ClassVar[IllegalReason]
    ILLEGAL_REASON_OPPONENT_PIECE: _ClassVar[IllegalReason]
    ILLEGAL_REASON_ILLEGAL_PIECE_MOVEMENT: _ClassVar[IllegalReason]
    ILLEGAL_REASON_PATH_BLOCKED: _ClassVar[IllegalReason]
    ILLEGAL_REASON_CAPTURES_OWN_PIECE: _ClassVar[IllegalReason]
    ILLEGAL_REASON_LEAVES_KING_IN_CHECK: _ClassVar[IllegalReason]
    ILLEGAL_REASON_CASTLING_RIGHT_LOST: _ClassVar[IllegalReason]
    ILLEGAL_REASON_CASTLING_THROUGH_CHECK: _ClassVar[IllegalReason]
    ILLEGAL_REASON_CASTLING_OUT_OF_CHECK: _ClassVar[IllegalReason]
    ILLEGAL_REASON_BAD_PROMOTION: _ClassVar[IllegalReason]
    ILLEGAL_REASON_GAME_OVER: _ClassVar[IllegalReason]
    ILLEGAL_REASON_NO_SUCH_MOVE: _ClassVar[IllegalReason]
    ILLEGAL_REASON_AMBIGUOUS: _ClassVar[IllegalReason]
    ILLEGAL_REASON_EN_PASSANT_UNAVAILABLE: _ClassVar[IllegalReason]
    ILLEGAL_REASON_GENERALS_FACING: _ClassVar[IllegalReason]
    ILLEGAL_REASON_HORSE_LEG_BLOCKED: _ClassVar[IllegalReason]
    ILLEGAL_REASON_ELEPHANT_EYE_BLOCKED: _ClassVar[IllegalReason]
    ILLEGAL_REASON_ELEPHANT_CROSSES_RIVER: _ClassVar[IllegalReason]
    ILLEGAL_REASON_MUST_STAY_IN_PALACE: _ClassVar[IllegalReason]
    ILLEGAL_REASON_CANNON_NEEDS_ONE_SCREEN: _ClassVar[IllegalReason]
    ILLEGAL_REASON_SOLDIER_SIDEWAYS_BEFORE_RIVER: _ClassVar[IllegalReason]
    ILLEGAL_REASON_SOLDIER_BACKWARD: _ClassVar[IllegalReason]
    ILLEGAL_REASON_CAPTURE_REQUIRED: _ClassVar[IllegalReason]
    ILLEGAL_REASON_NOT_IN_POCKET: _ClassVar[IllegalReason]
    ILLEGAL_REASON_BAD_DROP: _ClassVar[IllegalReason]
    ILLEGAL_REASON_VARIANT_RULE: _ClassVar[IllegalReason]

class LoopStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    LOOP_STATUS_UNSPECIFIED: _ClassVar[LoopStatus]
    LOOP_STATUS_ALLOWED: _ClassVar[LoopStatus]
    LOOP_STATUS_PERPETUAL_CHECK: _ClassVar[LoopStatus]
    LOOP_STATUS_PERPETUAL_CHASE: _ClassVar[LoopStatus]
    LOOP_STATUS_PERPETUAL_MATE_THREAT: _ClassVar[LoopStatus]
    LOOP_STATUS_FORBIDDEN_MIXED: _ClassVar[LoopStatus]

class LoopMoveClass(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    LOOP_MOVE_CLASS_UNSPECIFIED: _ClassVar[LoopMoveClass]
    LOOP_MOVE_CLASS_IDLE: _ClassVar[LoopMoveClass]
    LOOP_MOVE_CLASS_CHECK: _ClassVar[LoopMoveClass]
    LOOP_MOVE_CLASS_MATE_THREAT: _ClassVar[LoopMoveClass]
    LOOP_MOVE_CLASS_CHASE: _ClassVar[LoopMoveClass]

class ProblemKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PROBLEM_KIND_UNSPECIFIED: _ClassVar[ProblemKind]
    PROBLEM_KIND_SYNTAX: _ClassVar[ProblemKind]
    PROBLEM_KIND_ILLEGAL_MOVE: _ClassVar[ProblemKind]
    PROBLEM_KIND_EMPTY_BOARD: _ClassVar[ProblemKind]
    PROBLEM_KIND_NO_KING: _ClassVar[ProblemKind]
    PROBLEM_KIND_TOO_MANY_KINGS: _ClassVar[ProblemKind]
    PROBLEM_KIND_PAWNS_ON_BACK_RANK: _ClassVar[ProblemKind]
    PROBLEM_KIND_INVALID_CASTLING_RIGHTS: _ClassVar[ProblemKind]
    PROBLEM_KIND_INVALID_EN_PASSANT: _ClassVar[ProblemKind]
    PROBLEM_KIND_OPPOSITE_CHECK: _ClassVar[ProblemKind]
    PROBLEM_KIND_TOO_MANY_CHECKERS: _ClassVar[ProblemKind]
    PROBLEM_KIND_IMPOSSIBLE_CHECK: _ClassVar[ProblemKind]
    PROBLEM_KIND_TOO_MUCH_MATERIAL: _ClassVar[ProblemKind]
    PROBLEM_KIND_VARIANT_RULE: _ClassVar[ProblemKind]
    PROBLEM_KIND_NO_GENERAL: _ClassVar[ProblemKind]
    PROBLEM_KIND_TOO_MANY_GENERALS: _ClassVar[ProblemKind]
    PROBLEM_KIND_GENERAL_OUTSIDE_PALACE: _ClassVar[ProblemKind]
    PROBLEM_KIND_TOO_MANY_PIECES: _ClassVar[ProblemKind]
    PROBLEM_KIND_TOO_MANY_OF_KIND: _ClassVar[ProblemKind]
    PROBLEM_KIND_ADVISOR_OFF_POINTS: _ClassVar[ProblemKind]
    PROBLEM_KIND_ELEPHANT_OFF_POINTS: _ClassVar[ProblemKind]
    PROBLEM_KIND_SOLDIER_BEHIND_START: _ClassVar[ProblemKind]
    PROBLEM_KIND_SOLDIER_OFF_START_FILES: _ClassVar[ProblemKind]
    PROBLEM_KIND_GENERALS_FACING: _ClassVar[ProblemKind]

class DroppedKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DROPPED_KIND_UNSPECIFIED: _ClassVar[DroppedKind]
    DROPPED_KIND_CASTLING_RIGHT: _ClassVar[DroppedKind]
    DROPPED_KIND_EN_PASSANT_SQUARE: _ClassVar[DroppedKind]
MOVE_VIEW_UNSPECIFIED: MoveView
MOVE_VIEW_FULL: MoveView
MOVE_VIEW_COORDINATES: MoveView
ILLEGAL_REASON_UNSPECIFIED: IllegalReason
ILLEGAL_REASON_NO_PIECE: IllegalReason
ILLEGAL_REASON_OPPONENT_PIECE: IllegalReason
ILLEGAL_REASON_ILLEGAL_PIECE_MOVEMENT: IllegalReason
ILLEGAL_REASON_PATH_BLOCKED: IllegalReason
ILLEGAL_REASON_CAPTURES_OWN_PIECE: IllegalReason
ILLEGAL_REASON_LEAVES_KING_IN_CHECK: IllegalReason
ILLEGAL_REASON_CASTLING_RIGHT_LOST: IllegalReason
ILLEGAL_REASON_CASTLING_THROUGH_CHECK: IllegalReason
ILLEGAL_REASON_CASTLING_OUT_OF_CHECK: IllegalReason
ILLEGAL_REASON_BAD_PROMOTION: IllegalReason
ILLEGAL_REASON_GAME_OVER: IllegalReason
ILLEGAL_REASON_NO_SUCH_MOVE: IllegalReason
ILLEGAL_REASON_AMBIGUOUS: IllegalReason
ILLEGAL_REASON_EN_PASSANT_UNAVAILABLE: IllegalReason
ILLEGAL_REASON_GENERALS_FACING: IllegalReason
ILLEGAL_REASON_HORSE_LEG_BLOCKED: IllegalReason
ILLEGAL_REASON_ELEPHANT_EYE_BLOCKED: IllegalReason
ILLEGAL_REASON_ELEPHANT_CROSSES_RIVER: IllegalReason
ILLEGAL_REASON_MUST_STAY_IN_PALACE: IllegalReason
ILLEGAL_REASON_CANNON_NEEDS_ONE_SCREEN: IllegalReason
ILLEGAL_REASON_SOLDIER_SIDEWAYS_BEFORE_RIVER: IllegalReason
ILLEGAL_REASON_SOLDIER_BACKWARD: IllegalReason
ILLEGAL_REASON_CAPTURE_REQUIRED: IllegalReason
ILLEGAL_REASON_NOT_IN_POCKET: IllegalReason
ILLEGAL_REASON_BAD_DROP: IllegalReason
ILLEGAL_REASON_VARIANT_RULE: IllegalReason
LOOP_STATUS_UNSPECIFIED: LoopStatus
LOOP_STATUS_ALLOWED: LoopStatus
LOOP_STATUS_PERPETUAL_CHECK: LoopStatus
LOOP_STATUS_PERPETUAL_CHASE: LoopStatus
LOOP_STATUS_PERPETUAL_MATE_THREAT: LoopStatus
LOOP_STATUS_FORBIDDEN_MIXED: LoopStatus
LOOP_MOVE_CLASS_UNSPECIFIED: LoopMoveClass
LOOP_MOVE_CLASS_IDLE: LoopMoveClass
LOOP_MOVE_CLASS_CHECK: LoopMoveClass
LOOP_MOVE_CLASS_MATE_THREAT: LoopMoveClass
LOOP_MOVE_CLASS_CHASE: LoopMoveClass
PROBLEM_KIND_UNSPECIFIED: ProblemKind
PROBLEM_KIND_SYNTAX: ProblemKind
PROBLEM_KIND_ILLEGAL_MOVE: ProblemKind
PROBLEM_KIND_EMPTY_BOARD: ProblemKind
PROBLEM_KIND_NO_KING: ProblemKind
PROBLEM_KIND_TOO_MANY_KINGS: ProblemKind
PROBLEM_KIND_PAWNS_ON_BACK_RANK: ProblemKind
PROBLEM_KIND_INVALID_CASTLING_RIGHTS: ProblemKind
PROBLEM_KIND_INVALID_EN_PASSANT: ProblemKind
PROBLEM_KIND_OPPOSITE_CHECK: ProblemKind
PROBLEM_KIND_TOO_MANY_CHECKERS: ProblemKind
PROBLEM_KIND_IMPOSSIBLE_CHECK: ProblemKind
PROBLEM_KIND_TOO_MUCH_MATERIAL: ProblemKind
PROBLEM_KIND_VARIANT_RULE: ProblemKind
PROBLEM_KIND_NO_GENERAL: ProblemKind
PROBLEM_KIND_TOO_MANY_GENERALS: ProblemKind
PROBLEM_KIND_GENERAL_OUTSIDE_PALACE: ProblemKind
PROBLEM_KIND_TOO_MANY_PIECES: ProblemKind
PROBLEM_KIND_TOO_MANY_OF_KIND: ProblemKind
PROBLEM_KIND_ADVISOR_OFF_POINTS: ProblemKind
PROBLEM_KIND_ELEPHANT_OFF_POINTS: ProblemKind
PROBLEM_KIND_SOLDIER_BEHIND_START: ProblemKind
PROBLEM_KIND_SOLDIER_OFF_START_FILES: ProblemKind
PROBLEM_KIND_GENERALS_FACING: ProblemKind
DROPPED_KIND_UNSPECIFIED: DroppedKind
DROPPED_KIND_CASTLING_RIGHT: DroppedKind
DROPPED_KIND_EN_PASSANT_SQUARE: DroppedKind

class BatchItem(_message.Message):
    __slots__ = ("legal_moves", "validate_move", "game_status")
    LEGAL_MOVES_FIELD_NUMBER: _ClassVar[int]
    VALIDATE_MOVE_FIELD_NUMBER: _ClassVar[int]
    GAME_STATUS_FIELD_NUMBER: _ClassVar[int]
    legal_moves: LegalMovesRequest
    validate_move: ValidateMoveRequest
    game_status: GameStatusRequest
    def __init__(self, legal_moves: _Optional[_Union[LegalMovesRequest, _Mapping]] = ..., validate_move: _Optional[_Union[ValidateMoveRequest, _Mapping]] = ..., game_status: _Optional[_Union[GameStatusRequest, _Mapping]] = ...) -> None: ...

class BatchRequest(_message.Message):
    __slots__ = ("items",)
    ITEMS_FIELD_NUMBER: _ClassVar[int]
    items: _containers.RepeatedCompositeFieldContainer[BatchItem]
    def __init__(self, items: _Optional[_Iterable[_Union[BatchItem, _Mapping]]] = ...) -> None: ...

class BatchResult(_message.Message):
    __slots__ = ("legal_moves", "validate_move", "game_status", "error")
    LEGAL_MOVES_FIELD_NUMBER: _ClassVar[int]
    VALIDATE_MOVE_FIELD_NUMBER: _ClassVar[int]
    GAME_STATUS_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    legal_moves: LegalMovesResponse
    validate_move: ValidateMoveResponse
    game_status: GameStatusResponse
    error: _status_pb2.Status
    def __init__(self, legal_moves: _Optional[_Union[LegalMovesResponse, _Mapping]] = ..., validate_move: _Optional[_Union[ValidateMoveResponse, _Mapping]] = ..., game_status: _Optional[_Union[GameStatusResponse, _Mapping]] = ..., error: _Optional[_Union[_status_pb2.Status, _Mapping]] = ...) -> None: ...

class BatchResponse(_message.Message):
    __slots__ = ("results",)
    RESULTS_FIELD_NUMBER: _ClassVar[int]
    results: _containers.RepeatedCompositeFieldContainer[BatchResult]
    def __init__(self, results: _Optional[_Iterable[_Union[BatchResult, _Mapping]]] = ...) -> None: ...

class PlayStart(_message.Message):
    __slots__ = ("position", "options")
    POSITION_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    position: _common_pb2.Position
    options: _common_pb2.RuleOptions
    def __init__(self, position: _Optional[_Union[_common_pb2.Position, _Mapping]] = ..., options: _Optional[_Union[_common_pb2.RuleOptions, _Mapping]] = ...) -> None: ...

class PlayUndo(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class PlayRequest(_message.Message):
    __slots__ = ("start", "move", "undo")
    START_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    UNDO_FIELD_NUMBER: _ClassVar[int]
    start: PlayStart
    move: str
    undo: PlayUndo
    def __init__(self, start: _Optional[_Union[PlayStart, _Mapping]] = ..., move: _Optional[str] = ..., undo: _Optional[_Union[PlayUndo, _Mapping]] = ...) -> None: ...

class PlayResponse(_message.Message):
    __slots__ = ("legal", "reason", "detail", "move", "status", "plies", "error")
    LEGAL_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    DETAIL_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    PLIES_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    legal: bool
    reason: IllegalReason
    detail: str
    move: _common_pb2.Move
    status: GameStatusResponse
    plies: int
    error: _status_pb2.Status
    def __init__(self, legal: _Optional[bool] = ..., reason: _Optional[_Union[IllegalReason, str]] = ..., detail: _Optional[str] = ..., move: _Optional[_Union[_common_pb2.Move, _Mapping]] = ..., status: _Optional[_Union[GameStatusResponse, _Mapping]] = ..., plies: _Optional[int] = ..., error: _Optional[_Union[_status_pb2.Status, _Mapping]] = ...) -> None: ...

class LegalMovesRequest(_message.Message):
    __slots__ = ("position", "options", "view")
    POSITION_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    position: _common_pb2.Position
    options: _common_pb2.RuleOptions
    view: MoveView
    def __init__(self, position: _Optional[_Union[_common_pb2.Position, _Mapping]] = ..., options: _Optional[_Union[_common_pb2.RuleOptions, _Mapping]] = ..., view: _Optional[_Union[MoveView, str]] = ...) -> None: ...

class LegalMovesResponse(_message.Message):
    __slots__ = ("moves", "fen", "side_to_move", "in_check", "outcome", "rule_set")
    MOVES_FIELD_NUMBER: _ClassVar[int]
    FEN_FIELD_NUMBER: _ClassVar[int]
    SIDE_TO_MOVE_FIELD_NUMBER: _ClassVar[int]
    IN_CHECK_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    RULE_SET_FIELD_NUMBER: _ClassVar[int]
    moves: _containers.RepeatedCompositeFieldContainer[_common_pb2.Move]
    fen: str
    side_to_move: _common_pb2.Side
    in_check: bool
    outcome: _common_pb2.Outcome
    rule_set: _common_pb2.RuleSet
    def __init__(self, moves: _Optional[_Iterable[_Union[_common_pb2.Move, _Mapping]]] = ..., fen: _Optional[str] = ..., side_to_move: _Optional[_Union[_common_pb2.Side, str]] = ..., in_check: _Optional[bool] = ..., outcome: _Optional[_Union[_common_pb2.Outcome, _Mapping]] = ..., rule_set: _Optional[_Union[_common_pb2.RuleSet, str]] = ...) -> None: ...

class ValidateMoveRequest(_message.Message):
    __slots__ = ("position", "move", "options")
    POSITION_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    position: _common_pb2.Position
    move: str
    options: _common_pb2.RuleOptions
    def __init__(self, position: _Optional[_Union[_common_pb2.Position, _Mapping]] = ..., move: _Optional[str] = ..., options: _Optional[_Union[_common_pb2.RuleOptions, _Mapping]] = ...) -> None: ...

class ValidateMoveResponse(_message.Message):
    __slots__ = ("legal", "reason", "detail", "move", "fen_after", "status_after", "rule_set")
    LEGAL_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    DETAIL_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    FEN_AFTER_FIELD_NUMBER: _ClassVar[int]
    STATUS_AFTER_FIELD_NUMBER: _ClassVar[int]
    RULE_SET_FIELD_NUMBER: _ClassVar[int]
    legal: bool
    reason: IllegalReason
    detail: str
    move: _common_pb2.Move
    fen_after: str
    status_after: GameStatusResponse
    rule_set: _common_pb2.RuleSet
    def __init__(self, legal: _Optional[bool] = ..., reason: _Optional[_Union[IllegalReason, str]] = ..., detail: _Optional[str] = ..., move: _Optional[_Union[_common_pb2.Move, _Mapping]] = ..., fen_after: _Optional[str] = ..., status_after: _Optional[_Union[GameStatusResponse, _Mapping]] = ..., rule_set: _Optional[_Union[_common_pb2.RuleSet, str]] = ...) -> None: ...

class GameStatusRequest(_message.Message):
    __slots__ = ("position", "options")
    POSITION_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    position: _common_pb2.Position
    options: _common_pb2.RuleOptions
    def __init__(self, position: _Optional[_Union[_common_pb2.Position, _Mapping]] = ..., options: _Optional[_Union[_common_pb2.RuleOptions, _Mapping]] = ...) -> None: ...

class LoopMove(_message.Message):
    __slots__ = ("ply", "side", "move", "chased")
    PLY_FIELD_NUMBER: _ClassVar[int]
    SIDE_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    CLASS_FIELD_NUMBER: _ClassVar[int]
    CHASED_FIELD_NUMBER: _ClassVar[int]
    ply: int
    side: _common_pb2.Side
    move: str
    chased: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, ply: _Optional[int] = ..., side: _Optional[_Union[_common_pb2.Side, str]] = ..., move: _Optional[str] = ..., chased: _Optional[_Iterable[str]] = ..., **kwargs) -> None: ...

class ChasedPiece(_message.Message):
    __slots__ = ("piece", "square_at_loop_start", "square_now")
    PIECE_FIELD_NUMBER: _ClassVar[int]
    SQUARE_AT_LOOP_START_FIELD_NUMBER: _ClassVar[int]
    SQUARE_NOW_FIELD_NUMBER: _ClassVar[int]
    piece: _common_pb2.Piece
    square_at_loop_start: str
    square_now: str
    def __init__(self, piece: _Optional[_Union[_common_pb2.Piece, _Mapping]] = ..., square_at_loop_start: _Optional[str] = ..., square_now: _Optional[str] = ...) -> None: ...

class Repetition(_message.Message):
    __slots__ = ("occurrences", "adjudicated", "loop_first_ply", "loop_last_ply", "white_status", "black_status", "chased", "explanation", "loop_moves")
    OCCURRENCES_FIELD_NUMBER: _ClassVar[int]
    ADJUDICATED_FIELD_NUMBER: _ClassVar[int]
    LOOP_FIRST_PLY_FIELD_NUMBER: _ClassVar[int]
    LOOP_LAST_PLY_FIELD_NUMBER: _ClassVar[int]
    WHITE_STATUS_FIELD_NUMBER: _ClassVar[int]
    BLACK_STATUS_FIELD_NUMBER: _ClassVar[int]
    CHASED_FIELD_NUMBER: _ClassVar[int]
    EXPLANATION_FIELD_NUMBER: _ClassVar[int]
    LOOP_MOVES_FIELD_NUMBER: _ClassVar[int]
    occurrences: int
    adjudicated: bool
    loop_first_ply: int
    loop_last_ply: int
    white_status: LoopStatus
    black_status: LoopStatus
    chased: _containers.RepeatedCompositeFieldContainer[ChasedPiece]
    explanation: str
    loop_moves: _containers.RepeatedCompositeFieldContainer[LoopMove]
    def __init__(self, occurrences: _Optional[int] = ..., adjudicated: _Optional[bool] = ..., loop_first_ply: _Optional[int] = ..., loop_last_ply: _Optional[int] = ..., white_status: _Optional[_Union[LoopStatus, str]] = ..., black_status: _Optional[_Union[LoopStatus, str]] = ..., chased: _Optional[_Iterable[_Union[ChasedPiece, _Mapping]]] = ..., explanation: _Optional[str] = ..., loop_moves: _Optional[_Iterable[_Union[LoopMove, _Mapping]]] = ...) -> None: ...

class GameStatusResponse(_message.Message):
    __slots__ = ("fen", "side_to_move", "in_check", "outcome", "rule_set", "claimable_draws", "halfmove_clock", "fullmove_number", "repetition", "move_limit_counter")
    FEN_FIELD_NUMBER: _ClassVar[int]
    SIDE_TO_MOVE_FIELD_NUMBER: _ClassVar[int]
    IN_CHECK_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    RULE_SET_FIELD_NUMBER: _ClassVar[int]
    CLAIMABLE_DRAWS_FIELD_NUMBER: _ClassVar[int]
    HALFMOVE_CLOCK_FIELD_NUMBER: _ClassVar[int]
    FULLMOVE_NUMBER_FIELD_NUMBER: _ClassVar[int]
    REPETITION_FIELD_NUMBER: _ClassVar[int]
    MOVE_LIMIT_COUNTER_FIELD_NUMBER: _ClassVar[int]
    fen: str
    side_to_move: _common_pb2.Side
    in_check: bool
    outcome: _common_pb2.Outcome
    rule_set: _common_pb2.RuleSet
    claimable_draws: _containers.RepeatedScalarFieldContainer[_common_pb2.OutcomeReason]
    halfmove_clock: int
    fullmove_number: int
    repetition: Repetition
    move_limit_counter: int
    def __init__(self, fen: _Optional[str] = ..., side_to_move: _Optional[_Union[_common_pb2.Side, str]] = ..., in_check: _Optional[bool] = ..., outcome: _Optional[_Union[_common_pb2.Outcome, _Mapping]] = ..., rule_set: _Optional[_Union[_common_pb2.RuleSet, str]] = ..., claimable_draws: _Optional[_Iterable[_Union[_common_pb2.OutcomeReason, str]]] = ..., halfmove_clock: _Optional[int] = ..., fullmove_number: _Optional[int] = ..., repetition: _Optional[_Union[Repetition, _Mapping]] = ..., move_limit_counter: _Optional[int] = ...) -> None: ...

class PerftRequest(_message.Message):
    __slots__ = ("position", "depth", "divide")
    POSITION_FIELD_NUMBER: _ClassVar[int]
    DEPTH_FIELD_NUMBER: _ClassVar[int]
    DIVIDE_FIELD_NUMBER: _ClassVar[int]
    position: _common_pb2.Position
    depth: int
    divide: bool
    def __init__(self, position: _Optional[_Union[_common_pb2.Position, _Mapping]] = ..., depth: _Optional[int] = ..., divide: _Optional[bool] = ...) -> None: ...

class PerftDivide(_message.Message):
    __slots__ = ("uci", "nodes")
    UCI_FIELD_NUMBER: _ClassVar[int]
    NODES_FIELD_NUMBER: _ClassVar[int]
    uci: str
    nodes: int
    def __init__(self, uci: _Optional[str] = ..., nodes: _Optional[int] = ...) -> None: ...

class PerftResponse(_message.Message):
    __slots__ = ("nodes", "divide", "elapsed_micros")
    NODES_FIELD_NUMBER: _ClassVar[int]
    DIVIDE_FIELD_NUMBER: _ClassVar[int]
    ELAPSED_MICROS_FIELD_NUMBER: _ClassVar[int]
    nodes: int
    divide: _containers.RepeatedCompositeFieldContainer[PerftDivide]
    elapsed_micros: int
    def __init__(self, nodes: _Optional[int] = ..., divide: _Optional[_Iterable[_Union[PerftDivide, _Mapping]]] = ..., elapsed_micros: _Optional[int] = ...) -> None: ...

class ValidatePositionRequest(_message.Message):
    __slots__ = ("position", "sanitize")
    POSITION_FIELD_NUMBER: _ClassVar[int]
    SANITIZE_FIELD_NUMBER: _ClassVar[int]
    position: _common_pb2.Position
    sanitize: bool
    def __init__(self, position: _Optional[_Union[_common_pb2.Position, _Mapping]] = ..., sanitize: _Optional[bool] = ...) -> None: ...

class PositionProblem(_message.Message):
    __slots__ = ("kind", "side", "squares", "message", "move_index", "tolerated")
    KIND_FIELD_NUMBER: _ClassVar[int]
    SIDE_FIELD_NUMBER: _ClassVar[int]
    SQUARES_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    MOVE_INDEX_FIELD_NUMBER: _ClassVar[int]
    TOLERATED_FIELD_NUMBER: _ClassVar[int]
    kind: ProblemKind
    side: _common_pb2.Side
    squares: _containers.RepeatedScalarFieldContainer[str]
    message: str
    move_index: int
    tolerated: bool
    def __init__(self, kind: _Optional[_Union[ProblemKind, str]] = ..., side: _Optional[_Union[_common_pb2.Side, str]] = ..., squares: _Optional[_Iterable[str]] = ..., message: _Optional[str] = ..., move_index: _Optional[int] = ..., tolerated: _Optional[bool] = ...) -> None: ...

class Dropped(_message.Message):
    __slots__ = ("kind", "side", "square")
    KIND_FIELD_NUMBER: _ClassVar[int]
    SIDE_FIELD_NUMBER: _ClassVar[int]
    SQUARE_FIELD_NUMBER: _ClassVar[int]
    kind: DroppedKind
    side: _common_pb2.Side
    square: str
    def __init__(self, kind: _Optional[_Union[DroppedKind, str]] = ..., side: _Optional[_Union[_common_pb2.Side, str]] = ..., square: _Optional[str] = ...) -> None: ...

class ValidatePositionResponse(_message.Message):
    __slots__ = ("valid", "problems", "sanitized_fen", "dropped")
    VALID_FIELD_NUMBER: _ClassVar[int]
    PROBLEMS_FIELD_NUMBER: _ClassVar[int]
    SANITIZED_FEN_FIELD_NUMBER: _ClassVar[int]
    DROPPED_FIELD_NUMBER: _ClassVar[int]
    valid: bool
    problems: _containers.RepeatedCompositeFieldContainer[PositionProblem]
    sanitized_fen: str
    dropped: _containers.RepeatedCompositeFieldContainer[Dropped]
    def __init__(self, valid: _Optional[bool] = ..., problems: _Optional[_Iterable[_Union[PositionProblem, _Mapping]]] = ..., sanitized_fen: _Optional[str] = ..., dropped: _Optional[_Iterable[_Union[Dropped, _Mapping]]] = ...) -> None: ...
