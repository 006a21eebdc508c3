from arbiter_client._proto.arbiter.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class StopReason(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    STOP_REASON_UNSPECIFIED: _ClassVar[StopReason]
    STOP_REASON_DEPTH: _ClassVar[StopReason]
    STOP_REASON_NODES: _ClassVar[StopReason]
    STOP_REASON_TIME: _ClassVar[StopReason]
    STOP_REASON_FORCED: _ClassVar[StopReason]
STOP_REASON_UNSPECIFIED: StopReason
STOP_REASON_DEPTH: StopReason
STOP_REASON_NODES: StopReason
STOP_REASON_TIME: StopReason
STOP_REASON_FORCED: StopReason

class SearchLimits(_message.Message):
    __slots__ = ("depth", "nodes", "movetime_ms", "clock", "mate")
    DEPTH_FIELD_NUMBER: _ClassVar[int]
    NODES_FIELD_NUMBER: _ClassVar[int]
    MOVETIME_MS_FIELD_NUMBER: _ClassVar[int]
    CLOCK_FIELD_NUMBER: _ClassVar[int]
    MATE_FIELD_NUMBER: _ClassVar[int]
    depth: int
    nodes: int
    movetime_ms: int
    clock: ClockLimits
    mate: int
    def __init__(self, depth: _Optional[int] = ..., nodes: _Optional[int] = ..., movetime_ms: _Optional[int] = ..., clock: _Optional[_Union[ClockLimits, _Mapping]] = ..., mate: _Optional[int] = ...) -> None: ...

class ClockLimits(_message.Message):
    __slots__ = ("white_ms", "black_ms", "white_increment_ms", "black_increment_ms", "moves_to_go")
    WHITE_MS_FIELD_NUMBER: _ClassVar[int]
    BLACK_MS_FIELD_NUMBER: _ClassVar[int]
    WHITE_INCREMENT_MS_FIELD_NUMBER: _ClassVar[int]
    BLACK_INCREMENT_MS_FIELD_NUMBER: _ClassVar[int]
    MOVES_TO_GO_FIELD_NUMBER: _ClassVar[int]
    white_ms: int
    black_ms: int
    white_increment_ms: int
    black_increment_ms: int
    moves_to_go: int
    def __init__(self, white_ms: _Optional[int] = ..., black_ms: _Optional[int] = ..., white_increment_ms: _Optional[int] = ..., black_increment_ms: _Optional[int] = ..., moves_to_go: _Optional[int] = ...) -> None: ...

class Strength(_message.Message):
    __slots__ = ("level", "elo")
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    ELO_FIELD_NUMBER: _ClassVar[int]
    level: int
    elo: int
    def __init__(self, level: _Optional[int] = ..., elo: _Optional[int] = ...) -> None: ...

class Wdl(_message.Message):
    __slots__ = ("win", "draw", "loss")
    WIN_FIELD_NUMBER: _ClassVar[int]
    DRAW_FIELD_NUMBER: _ClassVar[int]
    LOSS_FIELD_NUMBER: _ClassVar[int]
    win: int
    draw: int
    loss: int
    def __init__(self, win: _Optional[int] = ..., draw: _Optional[int] = ..., loss: _Optional[int] = ...) -> None: ...

class Score(_message.Message):
    __slots__ = ("centipawns", "mate", "wdl")
    CENTIPAWNS_FIELD_NUMBER: _ClassVar[int]
    MATE_FIELD_NUMBER: _ClassVar[int]
    WDL_FIELD_NUMBER: _ClassVar[int]
    centipawns: int
    mate: int
    wdl: Wdl
    def __init__(self, centipawns: _Optional[int] = ..., mate: _Optional[int] = ..., wdl: _Optional[_Union[Wdl, _Mapping]] = ...) -> None: ...

class PvLine(_message.Message):
    __slots__ = ("multipv", "score", "pv", "depth", "seldepth")
    MULTIPV_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    PV_FIELD_NUMBER: _ClassVar[int]
    DEPTH_FIELD_NUMBER: _ClassVar[int]
    SELDEPTH_FIELD_NUMBER: _ClassVar[int]
    multipv: int
    score: Score
    pv: _containers.RepeatedCompositeFieldContainer[_common_pb2.Move]
    depth: int
    seldepth: int
    def __init__(self, multipv: _Optional[int] = ..., score: _Optional[_Union[Score, _Mapping]] = ..., pv: _Optional[_Iterable[_Union[_common_pb2.Move, _Mapping]]] = ..., depth: _Optional[int] = ..., seldepth: _Optional[int] = ...) -> None: ...

class BestMoveRequest(_message.Message):
    __slots__ = ("position", "limits", "multipv", "options", "search_moves", "strength", "seed")
    POSITION_FIELD_NUMBER: _ClassVar[int]
    LIMITS_FIELD_NUMBER: _ClassVar[int]
    MULTIPV_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    SEARCH_MOVES_FIELD_NUMBER: _ClassVar[int]
    STRENGTH_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    position: _common_pb2.Position
    limits: SearchLimits
    multipv: int
    options: _common_pb2.RuleOptions
    search_moves: _containers.RepeatedScalarFieldContainer[str]
    strength: Strength
    seed: int
    def __init__(self, position: _Optional[_Union[_common_pb2.Position, _Mapping]] = ..., limits: _Optional[_Union[SearchLimits, _Mapping]] = ..., multipv: _Optional[int] = ..., options: _Optional[_Union[_common_pb2.RuleOptions, _Mapping]] = ..., search_moves: _Optional[_Iterable[str]] = ..., strength: _Optional[_Union[Strength, _Mapping]] = ..., seed: _Optional[int] = ...) -> None: ...

class BestMoveResponse(_message.Message):
    __slots__ = ("best_move", "score", "pv", "depth", "seldepth", "nodes", "time_ms", "lines", "stop_reason", "rule_set")
    BEST_MOVE_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    PV_FIELD_NUMBER: _ClassVar[int]
    DEPTH_FIELD_NUMBER: _ClassVar[int]
    SELDEPTH_FIELD_NUMBER: _ClassVar[int]
    NODES_FIELD_NUMBER: _ClassVar[int]
    TIME_MS_FIELD_NUMBER: _ClassVar[int]
    LINES_FIELD_NUMBER: _ClassVar[int]
    STOP_REASON_FIELD_NUMBER: _ClassVar[int]
    RULE_SET_FIELD_NUMBER: _ClassVar[int]
    best_move: _common_pb2.Move
    score: Score
    pv: _containers.RepeatedCompositeFieldContainer[_common_pb2.Move]
    depth: int
    seldepth: int
    nodes: int
    time_ms: int
    lines: _containers.RepeatedCompositeFieldContainer[PvLine]
    stop_reason: StopReason
    rule_set: _common_pb2.RuleSet
    def __init__(self, best_move: _Optional[_Union[_common_pb2.Move, _Mapping]] = ..., score: _Optional[_Union[Score, _Mapping]] = ..., pv: _Optional[_Iterable[_Union[_common_pb2.Move, _Mapping]]] = ..., depth: _Optional[int] = ..., seldepth: _Optional[int] = ..., nodes: _Optional[int] = ..., time_ms: _Optional[int] = ..., lines: _Optional[_Iterable[_Union[PvLine, _Mapping]]] = ..., stop_reason: _Optional[_Union[StopReason, str]] = ..., rule_set: _Optional[_Union[_common_pb2.RuleSet, str]] = ...) -> None: ...

class AnalyzeRequest(_message.Message):
    __slots__ = ("position", "limits", "multipv", "options", "search_moves", "strength", "seed")
    POSITION_FIELD_NUMBER: _ClassVar[int]
    LIMITS_FIELD_NUMBER: _ClassVar[int]
    MULTIPV_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    SEARCH_MOVES_FIELD_NUMBER: _ClassVar[int]
    STRENGTH_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    position: _common_pb2.Position
    limits: SearchLimits
    multipv: int
    options: _common_pb2.RuleOptions
    search_moves: _containers.RepeatedScalarFieldContainer[str]
    strength: Strength
    seed: int
    def __init__(self, position: _Optional[_Union[_common_pb2.Position, _Mapping]] = ..., limits: _Optional[_Union[SearchLimits, _Mapping]] = ..., multipv: _Optional[int] = ..., options: _Optional[_Union[_common_pb2.RuleOptions, _Mapping]] = ..., search_moves: _Optional[_Iterable[str]] = ..., strength: _Optional[_Union[Strength, _Mapping]] = ..., seed: _Optional[int] = ...) -> None: ...

class AnalysisInfo(_message.Message):
    __slots__ = ("line", "nodes", "time_ms", "nps")
    LINE_FIELD_NUMBER: _ClassVar[int]
    NODES_FIELD_NUMBER: _ClassVar[int]
    TIME_MS_FIELD_NUMBER: _ClassVar[int]
    NPS_FIELD_NUMBER: _ClassVar[int]
    line: PvLine
    nodes: int
    time_ms: int
    nps: int
    def __init__(self, line: _Optional[_Union[PvLine, _Mapping]] = ..., nodes: _Optional[int] = ..., time_ms: _Optional[int] = ..., nps: _Optional[int] = ...) -> None: ...

class AnalyzeResponse(_message.Message):
    __slots__ = ("info", "best_move")
    INFO_FIELD_NUMBER: _ClassVar[int]
    BEST_MOVE_FIELD_NUMBER: _ClassVar[int]
    info: AnalysisInfo
    best_move: BestMoveResponse
    def __init__(self, info: _Optional[_Union[AnalysisInfo, _Mapping]] = ..., best_move: _Optional[_Union[BestMoveResponse, _Mapping]] = ...) -> None: ...
