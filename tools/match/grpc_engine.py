"""Arbiter's Engine.BestMove over gRPC, with the UciEngine interface."""

import os
import sys
import tempfile

import grpc
from grpc_tools import protoc

PROTO_ROOT = os.path.join(os.path.dirname(__file__), "..", "..", "proto")


def _load_stubs():
    out = tempfile.mkdtemp(prefix="arbiter_proto_")
    include = os.path.join(os.path.dirname(protoc.__file__), "_proto")
    files = [
        os.path.join(PROTO_ROOT, "arbiter", "v1", name)
        for name in sorted(os.listdir(os.path.join(PROTO_ROOT, "arbiter", "v1")))
        if name.endswith(".proto")
    ]
    args = ["protoc", f"-I{PROTO_ROOT}", f"-I{include}", f"--python_out={out}", f"--grpc_python_out={out}"]
    if protoc.main(args + files) != 0:
        raise RuntimeError("protoc failed")
    sys.path.insert(0, out)
    from arbiter.v1 import common_pb2, engine_pb2, engine_pb2_grpc  # noqa: E402

    return common_pb2, engine_pb2, engine_pb2_grpc


class GrpcEngine:
    def __init__(self, target, game, level=None):
        self.name = f"arbiter@{target}"
        self.level = level
        self.last_score = None
        self.common, self.engine, stubs = _load_stubs()
        self.channel = grpc.insecure_channel(target)
        self.stub = stubs.EngineStub(self.channel)
        self.xiangqi = game == "xiangqi"

    def new_game(self):
        pass

    def best_move(self, start_fen, moves, movetime_ms, nodes=None, clock=None):
        c = self.common
        position = c.Position(
            variant=c.VARIANT_XIANGQI if self.xiangqi else c.VARIANT_CHESS,
            fen=start_fen or "",
            moves=moves,
            coordinates=c.COORDINATES_ONE_BASED if self.xiangqi else c.COORDINATES_UNSPECIFIED,
        )
        if clock:
            w, b, inc = clock
            limits = self.engine.SearchLimits(
                clock=self.engine.ClockLimits(
                    white_ms=w, black_ms=b, white_increment_ms=inc, black_increment_ms=inc
                )
            )
        elif nodes:
            limits = self.engine.SearchLimits(nodes=nodes)
        else:
            limits = self.engine.SearchLimits(movetime_ms=movetime_ms)
        request = self.engine.BestMoveRequest(position=position, limits=limits)
        if self.level is not None:
            request.strength.level = self.level
        # The deadline leaves room for the reply; the server answers within movetime.
        # A node-limited search has no time bound of its own; a minute is plenty.
        timeout = 60 if nodes or clock else movetime_ms / 1000 + 5
        response = self.stub.BestMove(request, timeout=timeout)
        score = response.score
        kind = score.WhichOneof("value")
        self.last_score = {"cp" if kind == "centipawns" else "mate": getattr(score, kind)} if kind else {}
        self.last_score["wdl"] = [score.wdl.win, score.wdl.draw, score.wdl.loss]
        move = response.best_move
        return move.uci_one_based if self.xiangqi else move.uci

    def close(self):
        self.channel.close()
