#!/usr/bin/env python3
"""Generates tests/data/xiangqi_wxf.txt: legal moves and their WXF notation according to
Fairy-Stockfish (pyffish 0.0.90), for random playouts and hand-built tandem positions.

Run from the repository root:  python3 tests/data/gen_xiangqi_wxf.py > tests/data/xiangqi_wxf.txt

Line format:  <FEN> ;<1-based move> <WXF> ;<1-based move> <WXF> ...
"""
import random

import pyffish as sf

V = "xiangqi"
HAND_BUILT = [
    "3k5/9/9/1CR6/9/1C7/6N2/2R6/6N2/4K4 w - - 0 1",
    "4k4/6n2/1r5c1/9/1r4n2/1c7/9/9/9/3K5 b - - 0 1",
    "3k5/9/9/9/9/9/9/4P4/9/4K4 w - - 0 1",
    "3k5/9/9/4P4/4P4/9/9/9/9/4K4 w - - 0 1",
    "3k5/9/4P4/4P4/4P4/9/9/9/9/4K4 w - - 0 1",
    "3k5/9/4P4/4P4/4P4/4P4/9/9/9/4K4 w - - 0 1",
    "3k5/9/4P4/4P4/4P4/4P4/4P4/9/9/4K4 w - - 0 1",
    "3k5/9/9/2P1P4/2P1P4/9/9/9/9/4K4 w - - 0 1",
    "3k5/9/2P1P4/2P1P4/4P4/9/9/9/9/4K4 w - - 0 1",
    "5k3/9/9/9/9/4p1p2/4p1p2/4p4/9/3K5 b - - 0 1",
    "5k3/9/9/9/4p4/4p4/4p4/4p4/4p4/3K5 b - - 0 1",
    "3k5/9/9/9/9/2B6/9/3A5/9/2BAK4 w - - 0 1",
    "2bak4/9/9/9/2b6/9/9/9/9/5K3 b - - 0 1",
]


def playout_positions(rng, count):
    out = []
    while len(out) < count:
        fen = sf.start_fen(V)
        moves = []
        length = rng.randrange(4, 140)
        for _ in range(length):
            legal = sf.legal_moves(V, fen, moves)
            if not legal:
                break
            moves.append(rng.choice(legal))
        out.append(sf.get_fen(V, fen, moves))
    return out


def main():
    rng = random.Random(20261129)
    for fen in HAND_BUILT + playout_positions(rng, 150):
        entries = []
        for m in sf.legal_moves(V, fen, []):
            wxf = sf.get_san(V, fen, m, False, sf.NOTATION_XIANGQI_WXF)
            entries.append(f"{m} {wxf}")
        print(" ;".join([fen] + entries))


main()
