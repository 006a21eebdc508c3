#!/usr/bin/env python3
"""Cross-checks the AXF, count-3 cases of xiangqi_repetition.txt against Fairy-Stockfish.

Usage: pip install pyffish; python3 tests/data/check_xiangqi_repetition.py
Prints every case where pyffish's is_optional_game_end disagrees with the expected result
(pyffish lacks parts of the chase rules, see spec 12), then a summary.
"""
import pathlib

import pyffish as sf


def one_based(move):
    return f"{move[0]}{int(move[1]) + 1}{move[2]}{int(move[3]) + 1}"


def main():
    path = pathlib.Path(__file__).with_name("xiangqi_repetition.txt")
    agree = disagree = 0
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        source, fen, moves, count, rules, expected, category, note = line.split(" | ")
        if count != "3" or rules != "AXF" or expected == "any":
            continue
        moves = moves.split()
        ended, value = sf.is_optional_game_end("xiangqi", fen, [one_based(m) for m in moves])
        if not ended:
            result = "ongoing"
        elif value == 0:
            result = "draw"
        else:
            to_move = fen.split()[1]
            if len(moves) % 2:
                to_move = "b" if to_move == "w" else "w"
            winner = to_move if value > 0 else ("b" if to_move == "w" else "w")
            result = "red" if winner == "w" else "black"
        if result == expected:
            agree += 1
        else:
            disagree += 1
            print(f"line {number} [{source}, {category}]: expected {expected}, pyffish {result}")
    print(f"{agree} agree, {disagree} differ")


if __name__ == "__main__":
    main()
