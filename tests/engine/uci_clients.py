"""`arbiter uci` driven by clients nobody here wrote.

Chess: python-chess's `chess.engine.SimpleEngine.popen_uci` plays a whole
game against itself on a clock (and the script checks that no move took
longer than the mover had), runs `analyse` with multipv=3, `analysis` with a
stop, a mate search, a root restriction and a weak level, and plays the
Lichess variants and Chess960, which python-chess selects by itself through
UCI_Variant and UCI_Chess960.

Xiangqi: the PyPI `cchess` package's `UciEngine` (which starts an engine by
path alone, so a two-line wrapper adds the subcommand) drives a game of the
engine against itself; every move it answers is checked against cchess's own
move rules, and the game is also replayed by the engine from the history.

Usage: python3 uci_clients.py PATH/TO/arbiter. Exits non-zero with a message
on the first failure.
"""

import os
import sys
import tempfile
import time

import cchess
import chess
import chess.engine

ARBITER = os.path.abspath(sys.argv[1])


def check(condition, message):
    if not condition:
        sys.exit(f"FAILED: {message}")


def chess_game_on_a_clock(engine):
    board = chess.Board()
    clock = {chess.WHITE: 0.6, chess.BLACK: 0.6}
    inc = 0.02
    while not board.is_game_over(claim_draw=True) and board.ply() < 160:
        limit = chess.engine.Limit(
            white_clock=clock[chess.WHITE],
            black_clock=clock[chess.BLACK],
            white_inc=inc,
            black_inc=inc,
        )
        started = time.monotonic()
        result = engine.play(board, limit)
        spent = time.monotonic() - started
        mover = board.turn
        check(spent < clock[mover], f"ply {board.ply()}: {spent:.3f} s with {clock[mover]:.3f} s left")
        clock[mover] += inc - spent
        check(result.move in board.legal_moves, f"illegal {result.move} in {board.fen()}")
        board.push(result.move)
    check(board.ply() >= 40 or board.is_game_over(claim_draw=True), f"game stopped at ply {board.ply()}")
    return board


def chess_analysis(engine):
    board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
    engine.configure({"UCI_ShowWDL": True})
    infos = engine.analyse(board, chess.engine.Limit(depth=6), multipv=3)
    check(len(infos) == 3, f"multipv 3 gave {len(infos)} lines")
    firsts = {info["pv"][0] for info in infos}
    check(len(firsts) == 3, f"the lines share a first move: {firsts}")
    for info in infos:
        check(info["depth"] == 6, f"depth {info.get('depth')}")
        wdl = info.get("wdl")
        check(wdl is not None and sum(wdl) == 1000, f"wdl {wdl}")
        check(info["score"].relative.score() is not None, "a centipawn score")
    engine.configure({"UCI_ShowWDL": False})

    # An open-ended analysis, stopped by leaving the block.
    started = time.monotonic()
    depth = 0
    with engine.analysis(board) as analysis:
        for info in analysis:
            depth = max(depth, info.get("depth", 0))
            if depth >= 5:
                break
    check(depth >= 5, "the analysis reached depth 5")
    check(time.monotonic() - started < 10, "the analysis stopped")
    engine.ping()

    # Mate in 2 (Legal's mate), and a root restricted to two moves.
    mate = chess.Board("rn1qkbnr/ppp2p1p/3p2p1/4N3/2B1P3/2N5/PPPP1PPP/R1BbK2R w KQkq - 0 6")
    info = engine.analyse(mate, chess.engine.Limit(mate=2))
    check(info["score"].relative.mate() == 2, f"mate score {info['score']}")
    allowed = [chess.Move.from_uci("a2a3"), chess.Move.from_uci("h2h3")]
    result = engine.play(chess.Board(), chess.engine.Limit(depth=5), root_moves=allowed)
    check(result.move in allowed, f"searchmoves gave {result.move}")

    # A weak level still plays legal moves, and an Elo maps to a level.
    engine.configure({"Skill Level": 2})
    result = engine.play(board, chess.engine.Limit(time=0.2))
    check(result.move in board.legal_moves, "a legal weak move")
    engine.configure({"Skill Level": 20, "UCI_LimitStrength": True, "UCI_Elo": 1500})
    result = engine.play(board, chess.engine.Limit(time=0.2))
    check(result.move in board.legal_moves, "a legal Elo-limited move")
    engine.configure({"UCI_LimitStrength": False})


def chess_variants(engine):
    """python-chess sets UCI_Variant and UCI_Chess960 from the board it is
    given: each Lichess variant and a Chess960 start play a few moves, each
    checked against python-chess's own rules (chess.variant), then standard
    chess again."""
    import chess.variant

    boards = [
        chess.variant.AtomicBoard(),
        chess.variant.AntichessBoard(),
        chess.variant.KingOfTheHillBoard(),
        chess.variant.ThreeCheckBoard(),
        chess.variant.CrazyhouseBoard(),
        chess.variant.RacingKingsBoard(),
        chess.variant.HordeBoard(),
        chess.Board.from_chess960_pos(100),
    ]
    drops = 0
    for board in boards:
        for _ in range(16):
            if board.is_game_over():
                break
            result = engine.play(board, chess.engine.Limit(depth=3))
            name = "chess960" if board.chess960 else board.uci_variant
            check(result.move in board.legal_moves, f"{name}: {result.move} is illegal in {board.fen()}")
            drops += result.move.drop is not None
            board.push(result.move)
        check(board.ply() >= 16 or board.is_game_over(), f"{board.uci_variant} stopped at ply {board.ply()}")
    # Chess960 castling, king takes rook, when it is the only move allowed.
    board = chess.Board("1r2k2r/8/8/8/8/8/8/1R2K2R w HBhb - 0 1", chess960=True)
    castle = chess.Move.from_uci("e1h1")
    check(board.is_castling(castle), "e1h1 castles")
    result = engine.play(board, chess.engine.Limit(depth=2), root_moves=[castle])
    check(result.move == castle, f"the engine castled with {result.move}")
    result = engine.play(chess.Board(), chess.engine.Limit(depth=2))
    check(result.move in chess.Board().legal_moves, "standard chess after the variants")
    return len(boards), drops


def xiangqi_session(wrapper, ucci=False, plies=40):
    """A game against itself through cchess's UciEngine, or its UcciEngine
    (UCCI: `ucci`, a clock in milliseconds after `setoption usemillisec`)."""
    engine = cchess.UcciEngine() if ucci else cchess.UciEngine()
    check(engine.load(wrapper), "cchess loads the engine")
    check(engine.wait_for_ready(), "ucciok" if ucci else "uciok")
    if ucci:
        engine._send_cmd("setoption usemillisec true")
        go = {"time": 3000, "increment": 0}
    else:
        engine.set_option("UCI_Variant", "xiangqi")
        go = {"movetime": 30}
    board = cchess.ChessBoard(cchess.FULL_INIT_FEN)
    moves = []
    for ply in range(plies):
        fen = board.to_fen()
        check(engine.go_from(fen, go), "go")
        deadline = time.monotonic() + 10
        best = None
        while best is None:
            check(time.monotonic() < deadline, f"no bestmove at ply {ply}")
            action = engine.get_action()
            if action is None:
                time.sleep(0.01)
                continue
            if action["action"] == "dead":
                best = ""
            elif action["action"] == "bestmove":
                best = action["move"]
        if best == "":
            check(board.no_moves(), f"the engine gave up at ply {ply} with moves left")
            break
        check(board.is_valid_iccs_move(best), f"ply {ply}: {best} is illegal in {fen}")
        board.move_iccs(best)
        board.next_turn()
        moves.append(best)
    engine.quit()
    return moves


def xiangqi_history_replay(moves):
    """The same game as a start position and its moves: one more answer."""
    import subprocess

    script = "uci\nsetoption name UCI_Variant value xiangqi\nisready\n"
    script += "position startpos moves " + " ".join(moves) + "\ngo depth 3\n"
    out = subprocess.run(
        [ARBITER, "uci"], input=script + "isready\nquit\n", capture_output=True, text=True, timeout=30
    ).stdout
    best = [line for line in out.splitlines() if line.startswith("bestmove")]
    check(len(best) == 1, f"replay answered {best}: {out[-300:]}")
    board = cchess.ChessBoard(cchess.FULL_INIT_FEN)
    for m in moves:
        board.move_iccs(m)
        board.next_turn()
    move = best[0].split()[1]
    if board.no_moves():
        # The session's game ended in a mate: nothing to play, and UCI says so.
        check(move in ("(none)", "0000"), f"replay of a finished game answered {move}")
        return
    check(board.is_valid_iccs_move(move), f"replay's {move} is illegal")


def main():
    with chess.engine.SimpleEngine.popen_uci([ARBITER, "uci"]) as engine:
        check(engine.id.get("name", "").startswith("Arbiter"), f"id {engine.id}")
        for option in ["Hash", "MultiPV", "UCI_LimitStrength", "UCI_Elo", "Skill Level", "UCI_Variant",
                       "UCI_Chess960", "UCI_ShowWDL"]:
            check(option in engine.options, f"option {option}")
        engine.configure({"Hash": 8})
        board = chess_game_on_a_clock(engine)
        chess_analysis(engine)
        variants, drops = chess_variants(engine)
    print(f"chess: a game of {board.ply()} plies on a clock, analysis checked; "
          f"{variants} variants through python-chess ({drops} crazyhouse drops)")

    with tempfile.TemporaryDirectory() as tmp:
        wrapper = os.path.join(tmp, "arbiter-uci")
        with open(wrapper, "w") as f:
            f.write(f"#!/bin/sh\nexec '{ARBITER}' uci\n")
        os.chmod(wrapper, 0o755)
        moves = xiangqi_session(wrapper)
        ucci_moves = xiangqi_session(wrapper, ucci=True, plies=20)
    check(len(moves) >= 20, f"only {len(moves)} xiangqi plies")
    check(len(ucci_moves) >= 10, f"only {len(ucci_moves)} xiangqi plies over UCCI")
    xiangqi_history_replay(moves)
    print(f"xiangqi: {len(moves)} plies checked by cchess, replayed from the history; "
          f"{len(ucci_moves)} over UCCI")


if __name__ == "__main__":
    main()
