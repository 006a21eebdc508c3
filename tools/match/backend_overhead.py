"""What the service's external-engine path costs per call (BENCHMARKS.md,
"External engines"): the same searches asked of the engine directly (a UCI
pipe, `position` + `go`, waiting for `bestmove`) and through Engine.BestMove
on a server run with `--engine chess=uci:ENGINE`.

  python3 backend_overhead.py --target 127.0.0.1:50051 --engine /usr/games/stockfish

Prints, for `go depth 1` and `go movetime 100` from a short opening, the
calls per second and the mean wall time per call both ways.
"""

import argparse
import subprocess
import time

from grpc_engine import GrpcEngine

MOVES = ["e2e4", "e7e5", "g1f3", "b8c6"]


class Direct:
    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, word):
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("the engine exited")
            if line.startswith(word):
                return line

    def search(self, go):
        self.send("position startpos moves " + " ".join(MOVES))
        self.send(go)
        self.wait("bestmove")

    def close(self):
        self.send("quit")
        self.p.wait()


def timed(label, calls, search):
    search()  # warm up: options, tables
    start = time.perf_counter()
    for _ in range(calls):
        search()
    elapsed = time.perf_counter() - start
    print(f"{label:<40} {calls / elapsed:8.1f} calls/s {1000 * elapsed / calls:8.2f} ms/call")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--target", default="127.0.0.1:50051")
    ap.add_argument("--engine", default="/usr/games/stockfish")
    ap.add_argument("--calls", type=int, default=200)
    ap.add_argument("--movetime-calls", type=int, default=20)
    args = ap.parse_args()
    direct = Direct(args.engine)
    service = GrpcEngine(args.target, "chess")
    c, e = service.common, service.engine

    def service_search(limits):
        position = c.Position(variant=c.VARIANT_CHESS, moves=MOVES)
        service.stub.BestMove(e.BestMoveRequest(position=position, limits=limits), timeout=10)

    timed("direct: go depth 1", args.calls, lambda: direct.search("go depth 1"))
    timed("service: BestMove depth 1", args.calls, lambda: service_search(e.SearchLimits(depth=1)))
    timed("direct: go movetime 100", args.movetime_calls, lambda: direct.search("go movetime 100"))
    timed(
        "service: BestMove movetime_ms 100",
        args.movetime_calls,
        lambda: service_search(e.SearchLimits(movetime_ms=100)),
    )
    direct.close()
    service.close()


if __name__ == "__main__":
    main()
