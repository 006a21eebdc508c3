#!/usr/bin/env python3
"""Relabels tuning positions with a stronger engine's judgement.

    tools/tune/label.py IN OUT [--nodes N] [--lambda L] [--engine PATH]

IN holds `FEN;result;game` lines (arbiter-tune --extract). Each position is
searched by Stockfish 15.1 (tools/engines.sh installs it) for N nodes, its
score turned into an expected result for White by python-chess's model of
Stockfish 15.1's win-draw-loss rates, and OUT gets `FEN;label;game` with
label = L * expected + (1 - L) * result. The game's result alone is a noisy
label (one game decides thousands of positions, and a blunder forty moves on
relabels them all); the stronger engine's score says what the position is
worth now. A progress line goes to stderr every 5000 positions; an
interrupted run keeps what it wrote, and a rerun skips the positions OUT
already has.
"""

import argparse
import os
import sys
import time

import chess
import chess.engine


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("input")
    parser.add_argument("output")
    parser.add_argument("--nodes", type=int, default=5000)
    parser.add_argument("--lambda", dest="weight", type=float, default=1.0)
    parser.add_argument("--engine", default="/usr/games/stockfish")
    args = parser.parse_args()
    if not 0.0 <= args.weight <= 1.0:
        parser.error("--lambda must lie in 0..1")

    done = set()
    if os.path.exists(args.output):
        with open(args.output) as existing:
            done = {line.split(";", 1)[0] for line in existing if line.strip()}

    with open(args.input) as source:
        lines = [line.strip() for line in source if line.strip() and not line.startswith("#")]
    todo = [line for line in lines if line.split(";", 1)[0] not in done]
    print(f"{len(lines)} positions, {len(done)} labelled before, {len(todo)} to label", file=sys.stderr)

    engine = chess.engine.SimpleEngine.popen_uci(args.engine)
    engine.configure({"Threads": 1, "Hash": 16})
    start = time.monotonic()
    try:
        with open(args.output, "a") as out:
            for count, line in enumerate(todo, 1):
                fields = line.split(";")
                if len(fields) < 2:
                    print(f"skipped (no result): {line}", file=sys.stderr)
                    continue
                fen, result = fields[0], float(fields[1])
                group = fields[2] if len(fields) > 2 else "0"
                board = chess.Board(fen)
                info = engine.analyse(board, chess.engine.Limit(nodes=args.nodes), game=object())
                expected = info["score"].white().wdl(model="sf15.1", ply=board.ply()).expectation()
                label = args.weight * expected + (1.0 - args.weight) * result
                out.write(f"{fen};{label:.4f};{group}\n")
                if count % 5000 == 0:
                    out.flush()
                    rate = count / (time.monotonic() - start)
                    print(f"{count}/{len(todo)} labelled, {rate:.0f}/s", file=sys.stderr)
    finally:
        engine.quit()
    print(f"{len(todo)} labelled into {args.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
