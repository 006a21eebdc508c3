#!/usr/bin/env python3
"""Chess PGN against python-chess, for tests/rules/records.rs.

  python3 tests/data/chess_pgn.py write GAMES SEED OUT.pgn
      python-chess plays GAMES seeded random games (some from a FEN) and
      writes them as PGN with tags, comments, NAGs and variations; prints
      each game's main line as python-chess holds it.
  python3 tests/data/chess_pgn.py read IN.pgn
      python-chess reads IN.pgn; prints each game the same way.

Printed per game: `TAG name<TAB>value` lines (sorted), `FEN fen` (empty for
the start position), `MOVES uci ...`, the annotations, `RESULT token`, `END`.
Annotations, line by line in order: `NOTE path ply C comment` (ply 0: before
the line's first move), `NOTE path ply N nag` (sorted), and for each
variation `VAR path uci ...` followed by its own annotations, where a
variation's path is its parent's plus `/ply.index` (the main line's is empty).
"""
import random
import sys

import chess
import chess.pgn

FENS = [
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR b KQkq c6 0 2",
]


def describe(game):
    out = []
    for name in sorted(game.headers):
        if name in ("FEN", "SetUp"):
            continue
        out.append(f"TAG {name}\t{game.headers[name]}")
    board = game.board()
    start = board.fen() if game.headers.get("FEN") else ""
    out.append(f"FEN {start}")
    out.append("MOVES " + " ".join(m.uci() for m in game.mainline_moves()))
    if game.variations:
        annotations(game, game.variations[0], "", game.comment, out)
    elif game.comment:
        out.append(f"NOTE  0 C {game.comment}")
    out.append(f"RESULT {game.headers.get('Result', '*')}")
    out.append("END")
    return "\n".join(out)


def annotations(parent, first, path, before, out):
    """The annotations of the line that starts with `first` (a child of
    `parent`); `before` is the comment before its first move."""
    if before:
        out.append(f"NOTE {path} 0 C {before}")
    prev, node, ply = parent, first, 0
    while node is not None:
        ply += 1
        for nag in sorted(node.nags):
            out.append(f"NOTE {path} {ply} N {nag}")
        if node.comment:
            out.append(f"NOTE {path} {ply} C {node.comment}")
        if node is prev.variations[0]:
            for v, alternative in enumerate(prev.variations[1:]):
                at = f"{path}/{ply}.{v}"
                moves = [alternative.move.uci()] + [n.move.uci() for n in alternative.mainline()]
                out.append(f"VAR {at} " + " ".join(moves))
                annotations(prev, alternative, at, alternative.starting_comment, out)
        prev, node = node, (node.variations[0] if node.variations else None)


def random_game(rng, index):
    game = chess.pgn.Game()
    fen = FENS[index % len(FENS)] if index % 4 == 3 else None
    if fen:
        game.setup(chess.Board(fen))
    game.headers["Event"] = f"Random {index}"
    # python-chess writes tag values unescaped: no quotes or backslashes.
    game.headers["Site"] = "Arbiter test suite, room 2"
    game.headers["White"] = rng.choice(["Carlsen, M.", "Anand, V.", "?"])
    game.headers["Black"] = rng.choice(["Nakamura, H.", "Ding, L."])
    game.headers["Round"] = str(index + 1)
    game.headers["ECO"] = rng.choice(["C20", "B90", "E60"])
    if rng.random() < 0.2:
        game.comment = "a game comment"
    board = game.board()
    node = game
    for ply in range(rng.randrange(0, 120)):
        moves = list(board.legal_moves)
        if not moves:
            break
        move = rng.choice(moves)
        if rng.random() < 0.1 and len(moves) > 1:
            alternative = rng.choice([m for m in moves if m != move])
            variation = node.add_variation(alternative)
            variation.comment = "a side line"
            if rng.random() < 0.5:
                variation.starting_comment = "instead"
            side = variation
            for _ in range(rng.randrange(1, 4)):
                reply = list(side.board().legal_moves)
                if not reply:
                    break
                side = side.add_variation(rng.choice(reply))
                if rng.random() < 0.3:
                    side.nags.add(rng.choice([1, 2, 5]))
                if rng.random() < 0.3 and len(reply) > 1:
                    # A variation inside the variation.
                    other = side.parent.add_variation(rng.choice(reply))
                    if other is not side:
                        other.comment = "deeper"
        node = node.add_main_variation(move)
        if rng.random() < 0.1:
            node.comment = rng.choice(["good", "{careful}", "the { brace"]).replace("{", "(").replace("}", ")")
        if rng.random() < 0.1:
            node.nags.add(rng.choice([1, 2, 3, 4, 5, 6, 10, 14]))
        board.push(move)
    outcome = board.outcome(claim_draw=False)
    game.headers["Result"] = outcome.result() if outcome else rng.choice(["*", "1/2-1/2", "1-0"])
    return game


def main():
    if sys.argv[1] == "write":
        count, seed, path = int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
        rng = random.Random(seed)
        games = [random_game(rng, i) for i in range(count)]
        with open(path, "w") as f:
            for game in games:
                print(game, file=f, end="\n\n")
        for game in games:
            print(describe(game))
    else:
        with open(sys.argv[2]) as f:
            while True:
                game = chess.pgn.read_game(f)
                if game is None:
                    break
                if game.errors:
                    print(f"ERROR {game.errors[0]}")
                print(describe(game))


main()
