"""The typed wrapper over the generated stubs: ``Arbiter`` and ``PlaySession``."""

from __future__ import annotations

import queue
import threading
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Optional, Union, cast

import grpc

from arbiter_client._proto.arbiter.v1 import (
    common_pb2,
    engine_pb2,
    engine_pb2_grpc,
    records_pb2,
    records_pb2_grpc,
    rules_pb2,
    rules_pb2_grpc,
)
from arbiter_client.errors import ArbiterError

__all__ = ["Arbiter", "PlaySession", "VariantLike", "position"]

#: A variant as the enum's number (``common_pb2.VARIANT_XIANGQI``) or its name:
#: ``"chess"``, ``"xiangqi"``, ``"chess960"``, ``"king_of_the_hill"``, or
#: ``"VARIANT_ATOMIC"``.
VariantLike = Union[int, str]

BatchRequestLike = Union[
    rules_pb2.BatchItem,
    rules_pb2.LegalMovesRequest,
    rules_pb2.ValidateMoveRequest,
    rules_pb2.GameStatusRequest,
]


def _variant(variant: VariantLike) -> common_pb2.Variant:
    if isinstance(variant, int):
        return cast(common_pb2.Variant, variant)
    name = variant.strip().upper().replace("-", "_").replace(" ", "_")
    if not name.startswith("VARIANT_"):
        name = "VARIANT_" + name
    try:
        return cast(common_pb2.Variant, common_pb2.Variant.Value(name))
    except ValueError:
        known = ", ".join(n[len("VARIANT_"):].lower() for n in common_pb2.Variant.keys()[1:])
        raise ValueError(f"unknown variant {variant!r} (one of {known})") from None


def position(
    variant: VariantLike = "chess",
    moves: Sequence[str] = (),
    fen: str = "",
    **fields: Any,
) -> common_pb2.Position:
    """A ``Position``: the variant, a start FEN (empty: the variant's start
    position) and the moves played from it, oldest first. ``fields`` sets the
    others (``coordinates``, ``fen_strictness``, ``chinese_characters``)."""
    return common_pb2.Position(variant=_variant(variant), fen=fen, moves=list(moves), **fields)


class Arbiter:
    """A client of one Arbiter server's gRPC port.

    >>> arbiter = Arbiter("127.0.0.1:50051")
    >>> len(arbiter.legal_moves("chess", ["e4", "e5"]).moves)
    29

    Every method takes the game as ``variant``, ``moves`` (the whole game so
    far: repetition rulings are made from it) and ``fen``, or a ready
    ``position`` (a ``common_pb2.Position``, see :func:`position`), and
    returns the generated response message. A failed call raises
    :class:`~arbiter_client.ArbiterError` (``ValidationError`` for
    ``INVALID_ARGUMENT``, with the request fields it names).

    Args:
        target: ``host:port`` of the gRPC port.
        tls: speak TLS (implied by ``root_certificates`` or a client certificate).
        root_certificates: PEM CA bundle to verify the server with (``None``:
            the system's roots).
        private_key, certificate_chain: PEM client key and certificate, for a
            server that requires mutual TLS (``--tls-client-ca``).
        token: the server's Engine token (``--engine-token``); sent as
            ``authorization: Bearer <token>`` on Engine calls only.
        timeout: default deadline of each call, in seconds (``None``: none).
        channel: a ready ``grpc.Channel`` to use instead of making one.
        options: gRPC channel options (``[("grpc.max_receive_message_length", ...)]``).
    """

    def __init__(
        self,
        target: str = "127.0.0.1:50051",
        *,
        tls: bool = False,
        root_certificates: Optional[bytes] = None,
        private_key: Optional[bytes] = None,
        certificate_chain: Optional[bytes] = None,
        token: Optional[str] = None,
        timeout: Optional[float] = None,
        channel: Optional[grpc.Channel] = None,
        options: Optional[Sequence[tuple[str, Any]]] = None,
    ) -> None:
        if channel is None:
            if tls or root_certificates or private_key or certificate_chain:
                credentials = grpc.ssl_channel_credentials(
                    root_certificates=root_certificates,
                    private_key=private_key,
                    certificate_chain=certificate_chain,
                )
                channel = grpc.secure_channel(target, credentials, options=options)
            else:
                channel = grpc.insecure_channel(target, options=options)
        self.channel: grpc.Channel = channel
        self.timeout = timeout
        self._engine_metadata: tuple[tuple[str, str], ...] = (
            (("authorization", f"Bearer {token}"),) if token else ()
        )
        self.rules = rules_pb2_grpc.RulesStub(channel)
        self.engine = engine_pb2_grpc.EngineStub(channel)
        self.records = records_pb2_grpc.RecordsStub(channel)

    # -- lifetime --------------------------------------------------------------

    def close(self) -> None:
        """Closes the channel."""
        self.channel.close()

    def __enter__(self) -> "Arbiter":
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    # -- helpers -----------------------------------------------------------------

    def _call(self, method: Any, request: Any, timeout: Optional[float], engine: bool = False) -> Any:
        try:
            return method(
                request,
                timeout=self.timeout if timeout is None else timeout,
                metadata=self._engine_metadata if engine else None,
            )
        except grpc.RpcError as error:
            raise ArbiterError.from_rpc_error(error) from None

    @staticmethod
    def _position(
        given: Optional[common_pb2.Position], variant: VariantLike, moves: Sequence[str], fen: str
    ) -> common_pb2.Position:
        return given if given is not None else position(variant, moves, fen)

    # -- Rules ---------------------------------------------------------------------

    def legal_moves(
        self,
        variant: VariantLike = "chess",
        moves: Sequence[str] = (),
        fen: str = "",
        *,
        position: Optional[common_pb2.Position] = None,
        options: Optional[common_pb2.RuleOptions] = None,
        coordinates_only: bool = False,
        timeout: Optional[float] = None,
    ) -> rules_pb2.LegalMovesResponse:
        """Every legal move after the history, the FEN, the side to move and
        the outcome. ``coordinates_only`` asks for ``MOVE_VIEW_COORDINATES``
        (only ``uci`` and the repetition flags of each move)."""
        request = rules_pb2.LegalMovesRequest(
            position=self._position(position, variant, moves, fen),
            options=options,
            view=rules_pb2.MOVE_VIEW_COORDINATES if coordinates_only else rules_pb2.MOVE_VIEW_UNSPECIFIED,
        )
        return self._call(self.rules.LegalMoves, request, timeout)

    def validate_move(
        self,
        move: str,
        variant: VariantLike = "chess",
        moves: Sequence[str] = (),
        fen: str = "",
        *,
        position: Optional[common_pb2.Position] = None,
        options: Optional[common_pb2.RuleOptions] = None,
        timeout: Optional[float] = None,
    ) -> rules_pb2.ValidateMoveResponse:
        """Whether ``move`` is legal after the history; if not, why
        (``reason``, ``detail``); if so, the move, the FEN and the status
        after it. An illegal candidate is an answer, not an error."""
        request = rules_pb2.ValidateMoveRequest(
            position=self._position(position, variant, moves, fen), move=move, options=options
        )
        return self._call(self.rules.ValidateMove, request, timeout)

    def game_status(
        self,
        variant: VariantLike = "chess",
        moves: Sequence[str] = (),
        fen: str = "",
        *,
        position: Optional[common_pb2.Position] = None,
        options: Optional[common_pb2.RuleOptions] = None,
        timeout: Optional[float] = None,
    ) -> rules_pb2.GameStatusResponse:
        """The game's outcome after the history (checkmate, stalemate, draws,
        repetition rulings with their explanation)."""
        request = rules_pb2.GameStatusRequest(
            position=self._position(position, variant, moves, fen), options=options
        )
        return self._call(self.rules.GameStatus, request, timeout)

    def perft(
        self,
        depth: int,
        variant: VariantLike = "chess",
        moves: Sequence[str] = (),
        fen: str = "",
        *,
        position: Optional[common_pb2.Position] = None,
        divide: bool = False,
        timeout: Optional[float] = None,
    ) -> rules_pb2.PerftResponse:
        """The leaf count of the legal-move tree at ``depth`` (with ``divide``:
        below each legal move too)."""
        request = rules_pb2.PerftRequest(
            position=self._position(position, variant, moves, fen), depth=depth, divide=divide
        )
        return self._call(self.rules.Perft, request, timeout)

    def batch(
        self, items: Iterable[BatchRequestLike], *, timeout: Optional[float] = None
    ) -> list[rules_pb2.BatchResult]:
        """Many LegalMoves, ValidateMove and GameStatus requests in one call:
        one result per item, in order. Each item succeeds or fails alone: a
        result's ``error`` (``google.rpc.Status``; see
        ``ArbiterError.from_status``) instead of the call's."""
        request = rules_pb2.BatchRequest(items=[_batch_item(item) for item in items])
        return list(self._call(self.rules.Batch, request, timeout).results)

    def validate_position(
        self,
        variant: VariantLike = "chess",
        fen: str = "",
        *,
        position: Optional[common_pb2.Position] = None,
        sanitize: bool = False,
        timeout: Optional[float] = None,
    ) -> rules_pb2.ValidatePositionResponse:
        """Rules.ValidatePosition: whether a position is valid, every problem
        found (kind, side, squares, a sentence), and with ``sanitize`` the FEN
        with impossible castling rights and en-passant square dropped."""
        request = rules_pb2.ValidatePositionRequest(
            position=self._position(position, variant, (), fen), sanitize=sanitize
        )
        return self._call(self.rules.ValidatePosition, request, timeout)

    def play(
        self,
        variant: VariantLike = "chess",
        moves: Sequence[str] = (),
        fen: str = "",
        *,
        position: Optional[common_pb2.Position] = None,
        options: Optional[common_pb2.RuleOptions] = None,
        timeout: Optional[float] = None,
    ) -> "PlaySession":
        """Starts a game session on one Play stream (see :class:`PlaySession`);
        use it as a context manager, or ``close()`` it."""
        start = rules_pb2.PlayStart(position=self._position(position, variant, moves, fen), options=options)
        return PlaySession(self.rules, start, self.timeout if timeout is None else timeout)

    # -- Engine ----------------------------------------------------------------------

    def _search(
        self, position, variant, moves, fen, depth, nodes, movetime_ms, mate, multipv, level, elo, seed,
        search_moves, options,
    ) -> dict:
        """The fields BestMove and Analyze requests share (the two messages
        have the same ones), read once."""
        return dict(
            position=self._position(position, variant, moves, fen),
            limits=_limits(depth, nodes, movetime_ms, mate),
            multipv=multipv,
            options=options,
            search_moves=list(search_moves),
            strength=_strength(level, elo),
            seed=seed,
        )

    def best_move(
        self,
        variant: VariantLike = "chess",
        moves: Sequence[str] = (),
        fen: str = "",
        *,
        position: Optional[common_pb2.Position] = None,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        movetime_ms: Optional[int] = None,
        mate: Optional[int] = None,
        multipv: int = 0,
        level: Optional[int] = None,
        elo: Optional[int] = None,
        seed: Optional[int] = None,
        search_moves: Sequence[str] = (),
        options: Optional[common_pb2.RuleOptions] = None,
        timeout: Optional[float] = None,
    ) -> engine_pb2.BestMoveResponse:
        """The engine's best move, its score, line and MultiPV lines. At most
        one limit (``depth``, ``nodes``, ``movetime_ms``, ``mate``); none
        means the server's default movetime. ``level`` (1-20) or ``elo``
        (1000-2800) plays below full strength."""
        request = engine_pb2.BestMoveRequest(**self._search(
            position, variant, moves, fen, depth, nodes, movetime_ms, mate, multipv, level, elo, seed,
            search_moves, options,
        ))
        return self._call(self.engine.BestMove, request, timeout, engine=True)

    def analyze(
        self,
        variant: VariantLike = "chess",
        moves: Sequence[str] = (),
        fen: str = "",
        *,
        position: Optional[common_pb2.Position] = None,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        movetime_ms: Optional[int] = None,
        mate: Optional[int] = None,
        multipv: int = 0,
        level: Optional[int] = None,
        elo: Optional[int] = None,
        seed: Optional[int] = None,
        search_moves: Sequence[str] = (),
        options: Optional[common_pb2.RuleOptions] = None,
        timeout: Optional[float] = None,
    ) -> Iterator[engine_pb2.AnalyzeResponse]:
        """A streaming search: yields an event per completed iteration (and
        MultiPV line), ``event.info``, then a last one with the best move,
        ``event.best_move``. Leaving the loop early (or closing the
        iterator) cancels the call, which stops the search."""
        request = engine_pb2.AnalyzeRequest(**self._search(
            position, variant, moves, fen, depth, nodes, movetime_ms, mate, multipv, level, elo, seed,
            search_moves, options,
        ))
        call = self.engine.Analyze(
            request,
            timeout=self.timeout if timeout is None else timeout,
            metadata=self._engine_metadata,
        )
        try:
            yield from call
        except grpc.RpcError as error:
            raise ArbiterError.from_rpc_error(error) from None
        finally:
            call.cancel()

    # -- Records -----------------------------------------------------------------------

    def parse_records(
        self,
        data: Union[bytes, str],
        variant: VariantLike = "chess",
        *,
        format: records_pb2.RecordFormat = records_pb2.RECORD_FORMAT_UNSPECIFIED,
        keep_annotations: bool = False,
        timeout: Optional[float] = None,
    ) -> list[records_pb2.ParsedGame]:
        """Every game of a record (PGN text, or XQF bytes for xiangqi): tags,
        start position, main line in coordinates, result; a game that cannot
        be read to its end has ``error`` set."""
        request = records_pb2.ParseRequest(
            data=data.encode() if isinstance(data, str) else data,
            variant=_variant(variant),
            format=format,
            keep_annotations=keep_annotations,
        )
        return list(self._call(self.records.Parse, request, timeout).games)

    def format_record(
        self,
        variant: VariantLike = "chess",
        moves: Sequence[str] = (),
        fen: str = "",
        *,
        position: Optional[common_pb2.Position] = None,
        tags: Optional[Mapping[str, str]] = None,
        format: records_pb2.RecordFormat = records_pb2.RECORD_FORMAT_UNSPECIFIED,
        notation: records_pb2.RecordNotation = records_pb2.RECORD_NOTATION_UNSPECIFIED,
        encrypted: bool = False,
        timeout: Optional[float] = None,
    ) -> bytes:
        """One game as a record: PGN (chess SAN; xiangqi ICCS, WXF or Chinese
        by ``notation``) or XQF bytes. Decode PGN with ``.decode()``."""
        request = records_pb2.FormatRequest(
            position=self._position(position, variant, moves, fen),
            tags=dict(tags or {}),
            format=format,
            notation=notation,
            encrypted=encrypted,
        )
        return bytes(self._call(self.records.Format, request, timeout).data)


class PlaySession:
    """A game held by the server for one Play stream: each call sends one
    message and waits for its answer.

    >>> with arbiter.play("chess") as game:
    ...     game.move("e4").legal
    True

    ``move`` and ``undo`` return the ``PlayResponse``: ``legal``, ``reason``
    and ``detail`` for an illegal move (which changes nothing), ``move``
    described, ``status`` after it and ``plies``. A message the session cannot
    act on (move text that does not parse, a game past the server's history
    limit) raises :class:`~arbiter_client.ArbiterError` and the session goes
    on. ``status`` is the game's status after the last answer.
    """

    _END = object()

    def __init__(self, rules: rules_pb2_grpc.RulesStub, start: rules_pb2.PlayStart, timeout: Optional[float]):
        self._requests: "queue.Queue[Any]" = queue.Queue()
        self._lock = threading.Lock()
        self._call = rules.Play(self._outgoing(), timeout=timeout)
        self._closed = False
        first = self._send(rules_pb2.PlayRequest(start=start))
        #: The game's status after the last answer.
        self.status: rules_pb2.GameStatusResponse = first.status
        #: Moves in the game now (the start's history included).
        self.plies: int = first.plies

    def _outgoing(self) -> Iterator[rules_pb2.PlayRequest]:
        while True:
            request = self._requests.get()
            if request is PlaySession._END:
                return
            yield request

    def _send(self, request: rules_pb2.PlayRequest) -> rules_pb2.PlayResponse:
        with self._lock:
            if self._closed:
                raise ValueError("the Play session is closed")
            self._requests.put(request)
            try:
                response: rules_pb2.PlayResponse = next(self._call)
            except grpc.RpcError as error:
                self._closed = True
                raise ArbiterError.from_rpc_error(error) from None
            except StopIteration:
                self._closed = True
                raise ArbiterError(grpc.StatusCode.UNKNOWN, "the server ended the Play stream") from None
        if response.HasField("error"):
            raise ArbiterError.from_status(response.error)
        self.status = response.status
        self.plies = response.plies
        return response

    def move(self, move: str) -> rules_pb2.PlayResponse:
        """Plays ``move`` (any notation ``Position.moves`` accepts)."""
        return self._send(rules_pb2.PlayRequest(move=move))

    def undo(self) -> rules_pb2.PlayResponse:
        """Takes back the last move (``legal`` false when there is none)."""
        return self._send(rules_pb2.PlayRequest(undo=rules_pb2.PlayUndo()))

    def close(self) -> None:
        """Ends the stream; the server forgets the game."""
        if not self._closed:
            self._closed = True
            self._requests.put(PlaySession._END)
            self._call.cancel()

    def __enter__(self) -> "PlaySession":
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def _batch_item(item: BatchRequestLike) -> rules_pb2.BatchItem:
    if isinstance(item, rules_pb2.BatchItem):
        return item
    if isinstance(item, rules_pb2.LegalMovesRequest):
        return rules_pb2.BatchItem(legal_moves=item)
    if isinstance(item, rules_pb2.ValidateMoveRequest):
        return rules_pb2.BatchItem(validate_move=item)
    if isinstance(item, rules_pb2.GameStatusRequest):
        return rules_pb2.BatchItem(game_status=item)
    raise TypeError(f"not a batch request: {type(item).__name__}")


def _limits(
    depth: Optional[int], nodes: Optional[int], movetime_ms: Optional[int], mate: Optional[int]
) -> Optional[engine_pb2.SearchLimits]:
    given = {k: v for k, v in (("depth", depth), ("nodes", nodes), ("movetime_ms", movetime_ms), ("mate", mate)) if v is not None}
    if len(given) > 1:
        raise ValueError(f"at most one search limit, not {', '.join(given)}")
    if not given:
        return None
    limits = engine_pb2.SearchLimits()
    for name, value in given.items():
        setattr(limits, name, value)
    return limits


def _strength(level: Optional[int], elo: Optional[int]) -> Optional[engine_pb2.Strength]:
    if level is not None and elo is not None:
        raise ValueError("level or elo, not both")
    if level is not None:
        return engine_pb2.Strength(level=level)
    if elo is not None:
        return engine_pb2.Strength(elo=elo)
    return None
