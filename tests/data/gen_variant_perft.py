#!/usr/bin/env python3
"""Writes tests/data/chess_variants.epd: perft counts of Chess960 and the
Lichess variants from independent engines.

* Chess960: Stockfish 15.1 (Debian `stockfish`), `setoption name
  UCI_Chess960 value true`, on 50 start positions (numbers drawn with a fixed
  seed, 0, 518 and 959 among them) and 50 positions of random playouts from
  other start positions; depth 4, and 5 for the first ten start positions.
* atomic, antichess, kingofthehill, 3check, crazyhouse, racingkings, horde:
  Fairy-Stockfish 11.1 (Debian `fairy-stockfish`), `setoption name
  UCI_Variant value <name>`, on the start position and 23 playout positions
  each; depth 3, and 4 where depth 3 has under 60,000 nodes. Antichess is
  Fairy-Stockfish's `antichess` (Lichess rules: giveaway without castling).

Fairy-Stockfish 11.1 departs from the Lichess rules in two variants, and
there python-chess 1.11.2 (whose counts agree with shakmaty's) gives the
reference instead, the engine's count kept on the line as `;fsf11 Dk n`:
* atomic: 11.1 lets a king capture (its own explosion) and keeps generating
  moves after a king has exploded; in Lichess atomic a king never captures
  and the game ends with the explosion;
* racingkings: after black's king reaches the eighth rank, 11.1 still gives
  white a move; in Lichess racing kings the tie rule (one more move to reach
  the rank too) is white's only, since black moving there first wins at once.
In these two variants every depth python-chess did not confirm (over 70,000
nodes) is left out.

Playouts (python-chess `chess.variant`, seeded) are random or "sharp" (a
capture, check or drop taken when there is one), 4 to 80 plies, never past
the end of the game.

Each line: `<variant>: <FEN> ;D1 <n> ;D2 <n> ...` (the variant as
`UCI_Variant` names it, `chess960` for Chess960).

Run from the repository root: python3 tests/data/gen_variant_perft.py
(installs python-chess when missing; needs the two Debian packages).
"""

import random
import subprocess
import sys

try:
    import chess
    import chess.variant
except ImportError:
    subprocess.check_call([sys.executable, "-m", "pip", "install", "--quiet",
                           "--disable-pip-version-check", "chess==1.11.2"])
    import chess
    import chess.variant

OUT = "tests/data/chess_variants.epd"

VARIANTS = {
    "atomic": chess.variant.AtomicBoard,
    "antichess": chess.variant.AntichessBoard,
    "kingofthehill": chess.variant.KingOfTheHillBoard,
    "3check": chess.variant.ThreeCheckBoard,
    "crazyhouse": chess.variant.CrazyhouseBoard,
    "racingkings": chess.variant.RacingKingsBoard,
    "horde": chess.variant.HordeBoard,
}


class Engine:
    def __init__(self, path, options):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        for name, value in options:
            self.send(f"setoption name {name} value {value}")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")

    def wait(self, token):
        for line in self.proc.stdout:
            if line.startswith(token):
                return line
        raise RuntimeError(f"engine ended before {token}")

    def perft(self, fen, depth):
        self.send(f"position fen {fen}")
        self.send(f"go perft {depth}")
        line = self.wait("Nodes searched")
        return int(line.split(":")[1])

    def close(self):
        self.send("quit")
        self.proc.wait()


def playout(board, rng, plies, sharp):
    for _ in range(plies):
        if board.is_game_over() or board.is_variant_end():
            break
        moves = list(board.legal_moves)
        if not moves:
            break
        if sharp:
            tactical = [m for m in moves
                        if board.is_capture(m) or board.gives_check(m) or m.drop]
            if tactical and rng.random() < 0.7:
                moves = tactical
        move = rng.choice(moves)
        board.push(move)
        if board.is_game_over() or board.is_variant_end():
            board.pop()
            break
    return board


def counts(engine, fen, max_depth, extra_below):
    result = []
    for depth in range(1, max_depth + 1):
        nodes = engine.perft(fen, depth)
        result.append((depth, nodes))
        if nodes == 0:
            break
    if extra_below is not None and result[-1][1] and result[-1][1] < extra_below:
        result.append((max_depth + 1, engine.perft(fen, max_depth + 1)))
    return result


def line(variant, fen, result, notes=()):
    text = f"{variant}: {fen} " + " ".join(f";D{d} {n}" for d, n in result)
    if notes:
        text += " ;fsf11 " + " ".join(f"D{d} {n}" for d, n in notes)
    return text


def python_perft(board, depth):
    if depth == 0:
        return 1
    if board.is_variant_end():
        return 0
    nodes = 0
    for move in list(board.legal_moves):
        board.push(move)
        nodes += python_perft(board, depth - 1)
        board.pop()
    return nodes


def checked_by_python(cls, fen, result):
    """python-chess's counts for the depths it can afford, and the engine's
    counts where they differ."""
    confirmed, notes = [], []
    for depth, nodes in result:
        if nodes > 70_000:
            break
        ours = python_perft(cls(fen), depth)
        confirmed.append((depth, ours))
        if ours != nodes:
            notes.append((depth, nodes))
    return confirmed, notes


def main():
    rng = random.Random(960)
    lines = []

    sf = Engine("/usr/games/stockfish", [("UCI_Chess960", "true"), ("Threads", "1")])
    numbers = [0, 518, 959] + rng.sample([n for n in range(960) if n not in (0, 518, 959)], 47)
    for i, number in enumerate(numbers):
        fen = chess.Board.from_chess960_pos(number).fen()
        board = chess.Board(fen, chess960=True)
        lines.append(line("chess960", board.fen(), counts(sf, board.fen(), 5 if i < 10 else 4, None)))
    for i in range(50):
        board = chess.Board.from_chess960_pos(rng.randrange(960))
        board.chess960 = True
        playout(board, rng, rng.randrange(4, 60), sharp=i % 2 == 1)
        fen = board.fen()
        lines.append(line("chess960", fen, counts(sf, fen, 4, None)))
    sf.close()

    for name, cls in VARIANTS.items():
        fsf = Engine("/usr/games/fairy-stockfish", [("UCI_Variant", name), ("Threads", "1")])
        fens = [cls().fen()]
        while len(fens) < 24:
            board = playout(cls(), rng, rng.randrange(4, 80), sharp=len(fens) % 2 == 0)
            if board.fen() not in fens:
                fens.append(board.fen())
        for fen in fens:
            result = counts(fsf, fen, 3, 60_000)
            notes = []
            if name in ("atomic", "racingkings"):
                result, notes = checked_by_python(cls, fen, result)
            lines.append(line(name, fen, result, notes))
        fsf.close()

    with open(OUT, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"wrote {len(lines)} positions to {OUT}")


if __name__ == "__main__":
    main()
