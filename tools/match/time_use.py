#!/usr/bin/env python3
"""How each player of a match spent its clock, from the move comments
`arbiter match` writes into a chess PGN (`{ +0.35/12 0.412s }`).

    python3 tools/match/time_use.py GAMES.pgn [--base 10 --increment 0.1]

Prints, per game and player, its moves, the time they took in all, over
its first 10 moves, moves 11-30 and the rest, its longest move, and (given
the clock) roughly what it had left at the end: where an engine spends its
time, and how much it never spends, is what time management changes.
"""

import argparse
import re

import chess.pgn

TIME = re.compile(r"(\d+\.\d{3})s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pgn")
    parser.add_argument("--base", type=float, help="the clock's base, in seconds")
    parser.add_argument("--increment", type=float, default=0.0, help="seconds a move")
    args = parser.parse_args()
    print("round player moves total first10 11-30 31+ longest left")
    with open(args.pgn) as source:
        while (game := chess.pgn.read_game(source)) is not None:
            white, black = game.headers["White"], game.headers["Black"]
            spent = {white: [], black: []}
            for node in game.mainline():
                found = TIME.search(node.comment)
                if found is None:
                    continue
                # `node.turn()` is the side to move after the move.
                mover = white if node.turn() == chess.BLACK else black
                spent[mover].append(float(found.group(1)))
            for name, times in spent.items():
                if not times:
                    continue
                total = sum(times)
                left = "-"
                if args.base is not None:
                    left = f"{args.base + args.increment * len(times) - total:.2f}"
                print(
                    game.headers.get("Round", "?"),
                    name,
                    len(times),
                    f"{total:.2f}",
                    f"{sum(times[:10]):.2f}",
                    f"{sum(times[10:30]):.2f}",
                    f"{sum(times[30:]):.2f}",
                    f"{max(times):.2f}",
                    left,
                )


if __name__ == "__main__":
    try:
        main()
    except BrokenPipeError:  # `| head`
        pass
