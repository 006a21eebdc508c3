"""Errors: a failed call, with its gRPC code and the request fields it names."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import grpc
from google.rpc import error_details_pb2, status_pb2

__all__ = ["ArbiterError", "FieldViolation", "ValidationError"]

_DETAILS_KEY = "grpc-status-details-bin"


@dataclass(frozen=True)
class FieldViolation:
    """One field of the request that was refused, from ``google.rpc.BadRequest``.

    ``field`` is a path into the request (``position.moves[2]``,
    ``options.rule_set``); ``description`` says what is wrong with it.
    """

    field: str
    description: str


class ArbiterError(Exception):
    """A call that failed.

    Attributes:
        code: the gRPC status code (``grpc.StatusCode.INVALID_ARGUMENT``, ...).
        message: the server's message.
        field_violations: the request fields named by a ``google.rpc.BadRequest``
            detail (empty when the error carries none).
        status: the whole ``google.rpc.Status`` when the server sent one.
    """

    def __init__(
        self,
        code: grpc.StatusCode,
        message: str,
        field_violations: tuple[FieldViolation, ...] = (),
        status: Optional[status_pb2.Status] = None,
    ) -> None:
        self.code = code
        self.message = message
        self.field_violations = field_violations
        self.status = status
        text = f"{code.name}: {message}"
        # The server's message usually says the first violation already.
        unsaid = [f"{v.field}: {v.description}" for v in field_violations]
        unsaid = [line for line in unsaid if line not in message]
        if unsaid:
            text += " (" + "; ".join(unsaid) + ")"
        super().__init__(text)

    @staticmethod
    def from_status(status: status_pb2.Status) -> "ArbiterError":
        """The error a ``google.rpc.Status`` describes (a batch item's, a Play answer's)."""
        code = _CODES.get(status.code, grpc.StatusCode.UNKNOWN)
        violations: list[FieldViolation] = []
        for detail in status.details:
            if detail.Is(error_details_pb2.BadRequest.DESCRIPTOR):
                bad_request = error_details_pb2.BadRequest()
                detail.Unpack(bad_request)
                violations.extend(
                    FieldViolation(v.field, v.description) for v in bad_request.field_violations
                )
        kind = ValidationError if code == grpc.StatusCode.INVALID_ARGUMENT else ArbiterError
        return kind(code, status.message, tuple(violations), status)

    @staticmethod
    def from_rpc_error(error: grpc.RpcError) -> "ArbiterError":
        """The error a failed gRPC call ended with, its details read from the
        ``grpc-status-details-bin`` trailer."""
        call: grpc.Call = error  # type: ignore[assignment]
        code = call.code() if hasattr(call, "code") else grpc.StatusCode.UNKNOWN
        message = call.details() if hasattr(call, "details") else str(error)
        for key, value in (call.trailing_metadata() if hasattr(call, "trailing_metadata") else None) or ():
            if key == _DETAILS_KEY and isinstance(value, bytes):
                status = status_pb2.Status.FromString(value)
                if not status.message:
                    status.message = message or ""
                return ArbiterError.from_status(status)
        kind = ValidationError if code == grpc.StatusCode.INVALID_ARGUMENT else ArbiterError
        return kind(code, message or "", ())


class ValidationError(ArbiterError):
    """``INVALID_ARGUMENT``: malformed input (a bad FEN, an illegal move in the
    history, an option that does not fit the variant, a limit exceeded).
    ``field_violations`` names the fields."""


_CODES = {code.value[0]: code for code in grpc.StatusCode}
