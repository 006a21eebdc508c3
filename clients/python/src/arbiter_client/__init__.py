"""A client for Arbiter, the rules-as-a-service for chess (and its variants)
and xiangqi, over gRPC.

>>> from arbiter_client import Arbiter
>>> arbiter = Arbiter("127.0.0.1:50051")
>>> arbiter.validate_move("Qxf7", "chess", ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"]).status_after.outcome.reason
1

:class:`Arbiter` wraps the three services (Rules, Engine, Records); the
generated messages and stubs are importable as ``arbiter_client.pb`` (the
contract's ``arbiter.v1`` package: ``pb.common_pb2``, ``pb.rules_pb2``,
``pb.engine_pb2``, ``pb.records_pb2`` and their ``*_pb2_grpc`` stubs).
"""

from arbiter_client._proto.arbiter import v1 as pb
from arbiter_client._proto.arbiter.v1 import common_pb2, engine_pb2, records_pb2, rules_pb2
from arbiter_client.client import Arbiter, PlaySession, VariantLike, position
from arbiter_client.errors import ArbiterError, FieldViolation, ValidationError

__all__ = [
    "Arbiter",
    "ArbiterError",
    "FieldViolation",
    "PlaySession",
    "ValidationError",
    "VariantLike",
    "common_pb2",
    "engine_pb2",
    "pb",
    "position",
    "records_pb2",
    "rules_pb2",
]

__version__ = "0.1.0"
