#!/usr/bin/env python3
"""Generates tests/data/xiangqi_chinese.txt: every legal move of xiangqi positions in ICCS
and in Chinese notation as the PyPI package cchess writes it (`Move.to_text()`), with a mark
where cchess's own reader (`Move.from_text`) does not read its text back to the same move.

Positions: random playouts, sharp playouts (captures and checks preferred) and built
positions with pieces doubled or tripled on a file (soldiers three to five on one file,
soldiers doubled on two files, tandem chariots, horses and cannons, advisors and elephants
sharing a file), for both sides. Everything (moves, legality, text) comes from cchess.

Run from the repository root (cchess 1.25.5; about two minutes):
    python3 -m pip install --quiet cchess==1.25.5
    python3 tests/data/gen_xiangqi_chinese.py > tests/data/xiangqi_chinese.txt

Line format, one position per line, the moves of one piece together:
    <FEN board and side> ;<from><first two characters> <to><last two characters>[!] <to>... ;<from>...
The move's text is the piece's two characters followed by the move's two; `!` marks a text
that cchess's `Move.from_text` does not read back to that move (it returns nothing or
another move). A summary of the corpus goes to standard error.
"""
import random
import sys
from collections import Counter

import cchess
from cchess import BLACK, RED, ChessBoard, Move

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"


def iccs(p):
    return "abcdefghi"[p[0]] + str(p[1])


def legal_moves(board):
    out = []
    for piece in list(board.get_pieces(board.move_player)):
        for p_from, p_to in piece.create_moves():
            if not board.is_checked_move(p_from, p_to):
                out.append((p_from, p_to))
    return out


def play(board, p_from, p_to):
    board._move_piece(p_from, p_to)
    board.next_turn()


def gives_check(board, p_from, p_to):
    return board.is_checking_move(p_from, p_to)


def playout_positions(rng, games, per_game, sharp):
    out = []
    for _ in range(games):
        board = ChessBoard(START)
        length = rng.randrange(10, 160)
        picks = set(rng.sample(range(4, length), min(per_game, length - 4)))
        for ply in range(length):
            moves = legal_moves(board)
            if not moves:
                break
            if ply in picks:
                out.append(board.to_fen())
            if sharp:
                captures = [m for m in moves if board.get_fench(m[1])]
                checks = [m for m in moves if gives_check(board, *m)] if rng.random() < 0.5 else []
                pool = captures + checks
                m = rng.choice(pool) if pool and rng.random() < 0.8 else rng.choice(moves)
            else:
                m = rng.choice(moves)
            play(board, *m)
    return out


RED_SOLDIER_POINTS = [(x, y) for y in range(5, 10) for x in range(9)] + [
    (x, y) for y in (3, 4) for x in (0, 2, 4, 6, 8)
]


def mirror_side(points):
    return [(x, 9 - y) for x, y in points]


def in_check(board, color):
    """Whether `color`'s general is attacked (or faces the other general)."""
    probe = board.copy()
    probe.move_player = cchess.ChessPlayer(3 - color)
    return probe.is_checking()


def built_position(rng):
    """A position with pieces stacked on files: soldiers first, then tandems of others."""
    while True:
        board = ChessBoard("9/9/9/9/9/9/9/9/9/9 w")
        taken = set()

        def put(fench, pos):
            if pos in taken:
                return False
            taken.add(pos)
            board.put_fench(fench, pos)
            return True

        red_king = (rng.choice([3, 4, 5]), rng.choice([0, 1, 2]))
        black_king = (rng.choice([3, 4, 5]), rng.choice([7, 8, 9]))
        put("K", red_king)
        put("k", black_king)
        for color in (RED, BLACK):
            soldier = "P" if color == RED else "p"
            shape = rng.choice(["3", "4", "5", "2+2", "3+2", "2+2+1", "2", "3+1"])
            files = rng.sample(range(9), 3)
            for count, x in zip((int(n) for n in shape.split("+")), files):
                ranks = list(range(3, 10)) if color == RED else list(range(0, 7))
                # Stacks stand across the river, where soldiers can pile up in play.
                ranks = [y for y in ranks if (y >= 5) == (color == RED)] or ranks
                for y in rng.sample(ranks, min(count, len(ranks))):
                    put(soldier, (x, y))
            # Tandems of the other kinds, and a few single pieces.
            for kind in rng.sample("RNC", rng.randrange(0, 4)):
                fench = kind if color == RED else kind.lower()
                x = rng.randrange(9)
                for y in rng.sample(range(10), 2):
                    put(fench, (x, y))
            if rng.random() < 0.5:
                pair = rng.choice([[(3, 0), (3, 2)], [(5, 0), (5, 2)]])
                pair = pair if color == RED else mirror_side(pair)
                for pos in pair:
                    put("A" if color == RED else "a", pos)
            if rng.random() < 0.5:
                pair = rng.choice([[(2, 0), (2, 4)], [(6, 0), (6, 4)]])
                pair = pair if color == RED else mirror_side(pair)
                for pos in pair:
                    put("B" if color == RED else "b", pos)
        board.move_player = cchess.ChessPlayer(rng.choice([RED, BLACK]))
        mover = board.move_player.color
        kings = board.get_king(RED), board.get_king(BLACK)
        if None in kings:
            continue
        if in_check(board, 3 - mover):
            continue
        if not legal_moves(board):
            continue
        return board.to_fen()


def tandem_shapes(board, color):
    """Per kind, the sizes of the stacks of two or more on one file."""
    shapes = Counter()
    for fench in "RNCP":
        fench = fench if color == RED else fench.lower()
        stacks = sorted(
            (n for n in (len(board.get_fenchs_x(x, fench)) for x in range(9)) if n >= 2),
            reverse=True,
        )
        if stacks:
            shapes[fench.upper() + "+".join(map(str, stacks))] += 1
    return shapes


def main():
    rng = random.Random(20261202)
    fens = (
        playout_positions(rng, 110, 7, sharp=False)
        + playout_positions(rng, 95, 6, sharp=True)
        + [built_position(rng) for _ in range(760)]
    )
    seen = set()
    summary = Counter()
    for fen in fens:
        if fen in seen:
            continue
        seen.add(fen)
        board = ChessBoard(fen)
        groups = {}
        for p_from, p_to in legal_moves(board):
            text = Move(board, p_from, p_to).to_text()
            assert len(text) == 4, text
            read = Move.from_text(board, text)
            mark = "" if read == (p_from, p_to) else "!"
            head = groups.setdefault(iccs(p_from), [text[:2]])
            assert head[0] == text[:2], (fen, text, head)
            head.append(iccs(p_to) + text[2:] + mark)
            summary["moves"] += 1
            summary["unread by cchess"] += bool(mark)
        summary["positions"] += 1
        for shape in tandem_shapes(board, board.move_player.color):
            summary["positions with " + shape] += 1
        entries = [f"{square}{' '.join(parts)}" for square, parts in sorted(groups.items())]
        print(" ;".join([fen] + entries))
    for key, value in sorted(summary.items()):
        print(f"{key}: {value}", file=sys.stderr)


if __name__ == "__main__":
    main()
