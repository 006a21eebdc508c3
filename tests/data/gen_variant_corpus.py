#!/usr/bin/env python3
"""Writes tests/data/chess_variants_corpus.txt: python-chess's legal moves
(as SAN), and outcome, of every position along seeded playouts of Chess960
and the seven Lichess variants (chess.variant), for tests/rules/chess_variants.rs
to compare Arbiter's answers with.

Per variant, playouts until at least 500 positions: half random, half
"sharp" (a capture, check or drop whenever there is one, 80% of the time),
each up to 120 plies or the end of the game. Chess960 games start from
random numbered start positions (chess960=True, castling king-takes-rook).

Format, one game after another:

    = <variant> <start FEN>
    <SAN of every legal move, sorted by its UCI> | <outcome> | <UCI of the move played next>

one line per position from the start, the last with no move after it.
`<outcome>` is `*` while the game goes on, else `W`, `B` or `D` and
python-chess's termination (`checkmate`, `stalemate`, `insufficient_material`,
`seventyfive_moves`, `fivefold_repetition`, or `variant` for its
variant win, loss or draw). A finished game's position lists no moves: there
python-chess still generates moves for some variants, which no rule lets
anyone play (see the test's note).

Run from the repository root: python3 tests/data/gen_variant_corpus.py
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

OUT = "tests/data/chess_variants_corpus.txt"
POSITIONS = 500

VARIANTS = {
    "chess960": None,
    "atomic": chess.variant.AtomicBoard,
    "antichess": chess.variant.AntichessBoard,
    "kingofthehill": chess.variant.KingOfTheHillBoard,
    "3check": chess.variant.ThreeCheckBoard,
    "crazyhouse": chess.variant.CrazyhouseBoard,
    "racingkings": chess.variant.RacingKingsBoard,
    "horde": chess.variant.HordeBoard,
}


def outcome(board):
    result = board.outcome()
    if result is None:
        return "*"
    winner = "D" if result.winner is None else ("W" if result.winner else "B")
    name = result.termination.name.lower()
    if name.startswith("variant"):
        name = "variant"
    return f"{winner} {name}"


def position_line(board, played):
    over = board.outcome() is not None
    moves = [] if over else sorted(board.legal_moves, key=lambda m: board.uci(m))
    sans = " ".join(board.san(m) for m in moves)
    return f"{sans} | {outcome(board)} | {played.uci() if played else ''}"


def main():
    rng = random.Random(22)
    out = []
    for name, cls in VARIANTS.items():
        count = 0
        game = 0
        while count < POSITIONS:
            if cls is None:
                board = chess.Board.from_chess960_pos(rng.randrange(960))
                board.chess960 = True
            else:
                board = cls()
            sharp = game % 2 == 1
            game += 1
            out.append(f"= {name} {board.fen()}")
            for _ in range(rng.randrange(20, 121)):
                if board.outcome() is not None:
                    break
                moves = list(board.legal_moves)
                if sharp:
                    tactical = [m for m in moves
                                if board.is_capture(m) or board.gives_check(m) or m.drop]
                    if tactical and rng.random() < 0.8:
                        moves = tactical
                move = rng.choice(moves)
                out.append(position_line(board, move))
                count += 1
                board.push(move)
            out.append(position_line(board, None))
            count += 1
    with open(OUT, "w") as f:
        f.write("\n".join(out) + "\n")
    print(f"wrote {len(out)} lines to {OUT}")


if __name__ == "__main__":
    main()
