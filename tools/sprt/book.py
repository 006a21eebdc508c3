"""Writes a balanced opening book (EPD, one FEN a line) for engine tests.

Each opening is played from the start position by a reference engine at low
depth: at every ply one of the moves within `--spread` centipawns of the best
(MultiPV) is picked at random, so the lines are varied but sound. The final
position is kept only when a deeper search scores it within `--window`
centipawns of equality and it is new. Stockfish 15.1 plays the chess lines
and Fairy-Stockfish 11.1 the xiangqi ones (`tools/engines.sh` installs both);
single-threaded search and a fixed seed make the book reproducible:

    python3 tools/sprt/book.py --game chess --count 400 > tools/sprt/chess.epd
    python3 tools/sprt/book.py --game xiangqi --count 400 > tools/sprt/xiangqi.epd
"""

import argparse
import random
import subprocess
import sys

import chess
import pyffish

XIANGQI_START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


class Engine:
    def __init__(self, command, variant):
        self.proc = subprocess.Popen(
            [command], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.wait("uciok")
        self.send("setoption name Threads value 1")
        self.send("setoption name Hash value 16")
        if variant:
            self.send(f"setoption name UCI_Variant value {variant}")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait(self, token):
        while True:
            line = self.proc.stdout.readline()
            if not line:
                sys.exit("the reference engine exited")
            if line.startswith(token):
                return line

    def scores(self, fen, moves, depth, multipv):
        """{move: centipawns for the side to move} at the last depth reached."""
        self.send(f"setoption name MultiPV value {multipv}")
        self.send(f"position fen {fen}" + (" moves " + " ".join(moves) if moves else ""))
        self.send(f"go depth {depth}")
        found = {}
        while True:
            words = self.proc.stdout.readline().split()
            if not words:
                sys.exit("the reference engine exited")
            if words[0] == "bestmove":
                return found
            if words[0] == "info" and "multipv" in words and "pv" in words:
                if int(words[words.index("depth") + 1]) != depth:
                    continue
                i = words.index("score")
                kind, value = words[i + 1], int(words[i + 2])
                cp = value if kind == "cp" else (100_000 if value > 0 else -100_000)
                found[words[words.index("pv") + 1]] = cp

    def close(self):
        self.send("quit")
        self.proc.wait(timeout=5)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=["chess", "xiangqi"], required=True)
    parser.add_argument("--count", type=int, default=400)
    parser.add_argument("--plies", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--spread", type=int, default=40, help="centipawns below the best a move may be")
    parser.add_argument("--window", type=int, default=60, help="largest |score| of a kept opening")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    if args.game == "chess":
        engine = Engine("/usr/games/stockfish", None)
        start = chess.STARTING_FEN
    else:
        engine = Engine("/usr/games/fairy-stockfish", "xiangqi")
        start = XIANGQI_START
    kept, seen, tried = [], set(), 0
    while len(kept) < args.count:
        tried += 1
        moves = []
        for _ in range(args.plies):
            scores = engine.scores(start, moves, 8, 6)
            if not scores:
                break
            best = max(scores.values())
            moves.append(rng.choice(sorted(m for m, s in scores.items() if s >= best - args.spread)))
        else:
            final = engine.scores(start, moves, 12, 1)
            if final and abs(max(final.values())) <= args.window:
                fen = position_fen(args.game, start, moves)
                key = " ".join(fen.split()[:2])
                if key not in seen:
                    seen.add(key)
                    kept.append(fen)
                    print(fen, flush=True)
        if tried % 25 == 0:
            print(f"{len(kept)} kept of {tried} lines", file=sys.stderr)
    engine.close()


def position_fen(game, start, moves):
    if game == "chess":
        board = chess.Board(start)
        for move in moves:
            board.push_uci(move)
        return board.fen()
    return pyffish.get_fen("xiangqi", start, moves)


if __name__ == "__main__":
    main()
