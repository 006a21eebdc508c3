#!/usr/bin/env python3
"""Chess positions of every problem kind, judged by python-chess, for
tests/rules/position_problems.rs.

  python3 tests/data/chess_position_status.py SEED COUNT

Writes COUNT positions of each generator below (seeded), one per line:

  variant<TAB>fen<TAB>flags<TAB>dropped<TAB>sanitized

- variant: `chess` or `chess960` (the board read with chess960=True);
- flags: python-chess's `Board.status()` as names without the `STATUS_`
  prefix, comma-separated, or `VALID`;
- dropped: the castling rights `clean_castling_rights()` drops (their
  rooks' squares), then `ep:<square>` when the en-passant square is not the
  one `status()` accepts; `-` when nothing is dropped;
- sanitized: the board with those dropped, written by `Board.fen()` (the
  en-passant square only when a capture is legal: `en_passant="legal"`)
  when its status is then VALID, else `-`.

Generators: legal game positions (random games, the FEN written with the
en-passant square after every double push); those positions perturbed once
or twice (a king taken off or added, a pawn on a back rank, castling
letters added, an en-passant square set, the side to move flipped, queens
added, pieces around a king); game positions with one to three pieces
placed to check the side to move; sparse random boards; Chess960 game positions
perturbed the same way.
"""
import random
import sys

import chess

PIECES = "PNBRQ"


def game_position(rng, chess960=False):
    if chess960:
        board = chess.Board.from_chess960_pos(rng.randrange(960))
    else:
        board = chess.Board()
    for _ in range(rng.randrange(0, 50)):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
    return board


def fen_of(board, castling=None, ep=None, turn=None):
    """A FEN with the given fields; the board's own when None."""
    fields = board.fen(en_passant="fen").split()
    if board.chess960:
        fields[2] = board.castling_shredder_fen() if castling is None else castling
        # Shredder letters are read by both; standard letters too.
    elif castling is not None:
        fields[2] = castling
    if ep is not None:
        fields[3] = ep
    if turn is not None:
        fields[1] = turn
    return " ".join(fields)


def random_square(rng):
    return rng.randrange(64)


def perturb(rng, board):
    """One change, with its castling, ep and turn overrides."""
    castling = ep = turn = None
    kind = rng.randrange(9)
    if kind == 0:
        king = board.king(rng.choice([chess.WHITE, chess.BLACK]))
        if king is not None:
            board.remove_piece_at(king)
    elif kind == 1:
        empty = [s for s in chess.SQUARES if board.piece_at(s) is None]
        board.set_piece_at(rng.choice(empty), chess.Piece(chess.KING, rng.choice([True, False])))
    elif kind == 2:
        square = rng.choice(list(chess.SquareSet(chess.BB_BACKRANKS)))
        board.set_piece_at(square, chess.Piece(chess.PAWN, rng.choice([True, False])))
    elif kind == 3:
        castling = "".join(c for c in "KQkq" if rng.random() < 0.6) or "-"
    elif kind == 4:
        file = rng.randrange(8)
        rank = rng.choice("36")
        ep = "abcdefgh"[file] + rank
    elif kind == 5:
        turn = "b" if board.turn == chess.WHITE else "w"
    elif kind == 6:
        color = rng.choice([True, False])
        for _ in range(rng.randrange(1, 8)):
            empty = [s for s in chess.SQUARES if board.piece_at(s) is None
                     and chess.square_rank(s) not in (0, 7)]
            board.set_piece_at(rng.choice(empty), chess.Piece(rng.choice([chess.QUEEN, chess.KNIGHT, chess.PAWN, chess.BISHOP]), color))
    elif kind in (7, 8):
        # Attackers around the side to move's king (or the other's).
        color = board.turn if kind == 7 else not board.turn
        king = board.king(color)
        if king is not None:
            for _ in range(rng.randrange(1, 4)):
                near = [s for s in chess.SQUARES if board.piece_at(s) is None
                        and chess.square_distance(s, king) <= 3
                        and chess.square_rank(s) not in (0, 7)]
                if near:
                    role = rng.choice([chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN, chess.PAWN])
                    board.set_piece_at(rng.choice(near), chess.Piece(role, not color))
    return castling, ep, turn


def checkers(rng, board):
    """Pieces of the side not to move placed where they check the side to
    move's king: one to three of them, stepping or sliding."""
    king = board.king(board.turn)
    if king is None:
        return
    for _ in range(rng.randrange(1, 4)):
        options = []
        for square in chess.SQUARES:
            if board.piece_at(square) is not None or chess.square_rank(square) in (0, 7):
                continue
            for role in (chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN):
                board.set_piece_at(square, chess.Piece(role, not board.turn))
                if board.is_attacked_by(not board.turn, king) and square in board.attackers(not board.turn, king):
                    options.append((square, role))
                board.remove_piece_at(square)
        if options:
            square, role = rng.choice(options)
            board.set_piece_at(square, chess.Piece(role, not board.turn))


def random_board(rng):
    board = chess.Board(None)
    for color in (chess.WHITE, chess.BLACK):
        for _ in range(rng.choice([0, 1, 1, 1, 1, 2])):
            board.set_piece_at(random_square(rng), chess.Piece(chess.KING, color))
    for _ in range(rng.randrange(0, 12)):
        role = chess.PIECE_SYMBOLS.index(rng.choice(PIECES.lower()))
        board.set_piece_at(random_square(rng), chess.Piece(role, rng.choice([True, False])))
    castling = "".join(c for c in "KQkq" if rng.random() < 0.3) or "-"
    ep = rng.choice(["-", "-", "-", "abcdefgh"[rng.randrange(8)] + rng.choice("36")])
    return board, castling, ep, rng.choice("wb")


def judge(variant, fen):
    if variant == "chess" and set(fen.split()[2]) - set("KQkq-"):
        # python-chess writes a Shredder letter for a doubled king's rook;
        # a standard-chess FEN has only KQkq.
        return None
    board = chess.Board(fen, chess960=(variant == "chess960"))
    status = board.status()
    flags = [name[len("STATUS_"):] for name in dir(chess)
             if name.startswith("STATUS_") and name != "STATUS_VALID"
             and status & getattr(chess, name)]
    clean = board.copy(stack=False)
    dropped = [chess.square_name(s) for s in chess.SquareSet(board.castling_rights & ~board.clean_castling_rights())]
    clean.castling_rights = clean.clean_castling_rights()
    if board.ep_square is not None and board._valid_ep_square() != board.ep_square:
        dropped.append("ep:" + chess.square_name(board.ep_square))
        clean.ep_square = None
    sanitized = clean.fen() if clean.status() == chess.STATUS_VALID else "-"
    return "\t".join([variant, fen, ",".join(sorted(flags)) or "VALID",
                      ",".join(dropped) or "-", sanitized])


def main():
    seed, count = int(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    lines = []
    for _ in range(count):
        lines.append(judge("chess", game_position(rng).fen(en_passant="fen")))
    for _ in range(count):
        board = game_position(rng)
        castling, ep, turn = perturb(rng, board)
        if rng.random() < 0.5:
            c2, e2, t2 = perturb(rng, board)
            castling, ep, turn = castling or c2, ep or e2, turn or t2
        lines.append(judge("chess", fen_of(board, castling, ep, turn)))
    for _ in range(count):
        board = game_position(rng)
        checkers(rng, board)
        lines.append(judge("chess", board.fen(en_passant="fen")))
    for _ in range(count):
        board, castling, ep, turn = random_board(rng)
        lines.append(judge("chess", fen_of(board, castling, ep, turn)))
    for _ in range(count):
        board = game_position(rng, chess960=True)
        castling, ep, turn = perturb(rng, board) if rng.random() < 0.7 else (None, None, None)
        if castling is not None:
            castling = None
        lines.append(judge("chess960", fen_of(board, castling, ep, turn)))
    print("\n".join(line for line in lines if line is not None))


if __name__ == "__main__":
    main()
