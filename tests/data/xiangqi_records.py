#!/usr/bin/env python3
"""Xiangqi records against the cchess package, for tests/rules/records.rs.

  python3 tests/data/xiangqi_records.py read FILE...
      cchess reads each file (read_from_pgn or read_from_xqf by extension);
      prints per file `FEN fen`, `MOVES iccs ...`, `END`.
  python3 tests/data/xiangqi_records.py write MOVES OUT.pgn
      cchess plays the ICCS moves (space-separated in MOVES) from the start
      position and writes them with Game.save_to (Chinese move text).
"""
import sys

import cchess


def describe(game):
    board = game.init_board
    moves = game.dump_iccs_moves()[0] if game.first_move else []
    return f"FEN {board.to_fen()}\nMOVES {' '.join(moves)}\nEND"


def main():
    if sys.argv[1] == "read":
        for path in sys.argv[2:]:
            if path.lower().endswith(".xqf"):
                game = cchess.read_from_xqf(path)
            else:
                game = cchess.read_from_pgn(path)
            print(describe(game))
    else:
        board = cchess.ChessBoard(cchess.FULL_INIT_FEN)
        game = cchess.Game(board)
        for iccs in sys.argv[2].split():
            move = board.move_iccs(iccs)
            board.next_turn()
            game.append_next_move(move)
        game.save_to(sys.argv[3])


main()
