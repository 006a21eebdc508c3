from arbiter_client._proto.arbiter.v1 import common_pb2 as _common_pb2
from google.rpc import error_details_pb2 as _error_details_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class RecordFormat(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    RECORD_FORMAT_UNSPECIFIED: _ClassVar[RecordFormat]
    RECORD_FORMAT_PGN: _ClassVar[RecordFormat]
    RECORD_FORMAT_XQF: _ClassVar[RecordFormat]

class RecordNotation(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    RECORD_NOTATION_UNSPECIFIED: _ClassVar[RecordNotation]
    RECORD_NOTATION_SAN: _ClassVar[RecordNotation]
    RECORD_NOTATION_ICCS: _ClassVar[RecordNotation]
    RECORD_NOTATION_WXF: _ClassVar[RecordNotation]
    RECORD_NOTATION_CHINESE: _ClassVar[RecordNotation]
RECORD_FORMAT_UNSPECIFIED: RecordFormat
RECORD_FORMAT_PGN: RecordFormat
RECORD_FORMAT_XQF: RecordFormat
RECORD_NOTATION_UNSPECIFIED: RecordNotation
RECORD_NOTATION_SAN: RecordNotation
RECORD_NOTATION_ICCS: RecordNotation
RECORD_NOTATION_WXF: RecordNotation
RECORD_NOTATION_CHINESE: RecordNotation

class ParseRequest(_message.Message):
    __slots__ = ("data", "variant", "format", "keep_annotations")
    DATA_FIELD_NUMBER: _ClassVar[int]
    VARIANT_FIELD_NUMBER: _ClassVar[int]
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    KEEP_ANNOTATIONS_FIELD_NUMBER: _ClassVar[int]
    data: bytes
    variant: _common_pb2.Variant
    format: RecordFormat
    keep_annotations: bool
    def __init__(self, data: _Optional[bytes] = ..., variant: _Optional[_Union[_common_pb2.Variant, str]] = ..., format: _Optional[_Union[RecordFormat, str]] = ..., keep_annotations: _Optional[bool] = ...) -> None: ...

class Annotation(_message.Message):
    __slots__ = ("ply", "comments", "nags", "variations")
    PLY_FIELD_NUMBER: _ClassVar[int]
    COMMENTS_FIELD_NUMBER: _ClassVar[int]
    NAGS_FIELD_NUMBER: _ClassVar[int]
    VARIATIONS_FIELD_NUMBER: _ClassVar[int]
    ply: int
    comments: _containers.RepeatedScalarFieldContainer[str]
    nags: _containers.RepeatedScalarFieldContainer[int]
    variations: _containers.RepeatedCompositeFieldContainer[Variation]
    def __init__(self, ply: _Optional[int] = ..., comments: _Optional[_Iterable[str]] = ..., nags: _Optional[_Iterable[int]] = ..., variations: _Optional[_Iterable[_Union[Variation, _Mapping]]] = ...) -> None: ...

class Variation(_message.Message):
    __slots__ = ("moves", "annotations", "error")
    MOVES_FIELD_NUMBER: _ClassVar[int]
    ANNOTATIONS_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    moves: _containers.RepeatedScalarFieldContainer[str]
    annotations: _containers.RepeatedCompositeFieldContainer[Annotation]
    error: str
    def __init__(self, moves: _Optional[_Iterable[str]] = ..., annotations: _Optional[_Iterable[_Union[Annotation, _Mapping]]] = ..., error: _Optional[str] = ...) -> None: ...

class ParsedGame(_message.Message):
    __slots__ = ("tags", "position", "result", "error", "annotations")
    class TagsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    TAGS_FIELD_NUMBER: _ClassVar[int]
    POSITION_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    ANNOTATIONS_FIELD_NUMBER: _ClassVar[int]
    tags: _containers.ScalarMap[str, str]
    position: _common_pb2.Position
    result: _common_pb2.Result
    error: _error_details_pb2.BadRequest.FieldViolation
    annotations: _containers.RepeatedCompositeFieldContainer[Annotation]
    def __init__(self, tags: _Optional[_Mapping[str, str]] = ..., position: _Optional[_Union[_common_pb2.Position, _Mapping]] = ..., result: _Optional[_Union[_common_pb2.Result, str]] = ..., error: _Optional[_Union[_error_details_pb2.BadRequest.FieldViolation, _Mapping]] = ..., annotations: _Optional[_Iterable[_Union[Annotation, _Mapping]]] = ...) -> None: ...

class ParseResponse(_message.Message):
    __slots__ = ("games",)
    GAMES_FIELD_NUMBER: _ClassVar[int]
    games: _containers.RepeatedCompositeFieldContainer[ParsedGame]
    def __init__(self, games: _Optional[_Iterable[_Union[ParsedGame, _Mapping]]] = ...) -> None: ...

class FormatRequest(_message.Message):
    __slots__ = ("position", "tags", "format", "notation", "encrypted", "annotations")
    class TagsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    POSITION_FIELD_NUMBER: _ClassVar[int]
    TAGS_FIELD_NUMBER: _ClassVar[int]
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    NOTATION_FIELD_NUMBER: _ClassVar[int]
    ENCRYPTED_FIELD_NUMBER: _ClassVar[int]
    ANNOTATIONS_FIELD_NUMBER: _ClassVar[int]
    position: _common_pb2.Position
    tags: _containers.ScalarMap[str, str]
    format: RecordFormat
    notation: RecordNotation
    encrypted: bool
    annotations: _containers.RepeatedCompositeFieldContainer[Annotation]
    def __init__(self, position: _Optional[_Union[_common_pb2.Position, _Mapping]] = ..., tags: _Optional[_Mapping[str, str]] = ..., format: _Optional[_Union[RecordFormat, str]] = ..., notation: _Optional[_Union[RecordNotation, str]] = ..., encrypted: _Optional[bool] = ..., annotations: _Optional[_Iterable[_Union[Annotation, _Mapping]]] = ...) -> None: ...

class FormatResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: bytes
    def __init__(self, data: _Optional[bytes] = ...) -> None: ...
