#!/usr/bin/env python3
"""Plays Arbiter against a reference engine and reports score and Elo.

Arbiter is driven either over gRPC (`--ours grpc:HOST:PORT`, the service's
Engine.BestMove) or through `arbiter uci` (`--ours uci:PATH` with the path of
the `arbiter` binary). Openings are played twice with colours swapped.

With `--clock BASE+INC` (seconds, e.g. 10+0.1) both sides play on their own
clocks instead of a fixed movetime: each engine is told both clocks and
decides its own time; a side whose clock runs out loses on time, and the
final line counts the time losses of each side.

  chess:   python3 match.py --game chess --ours grpc:127.0.0.1:50051 --elo 2000
  xiangqi: python3 match.py --game xiangqi --ours grpc:127.0.0.1:50051 --skill 10

Two builds of Arbiter against each other (`--opponent uci:PATH`) at a fixed
node count per move (`--nodes N`) give an A/B comparison that the host's load
cannot distort; `--random-plies K` adds K seeded random moves to every opening
so that deterministic engines play distinct games.
"""

import argparse
import importlib
import json
import math
import random
import subprocess
import sys
import time

from openings import CHESS_OPENINGS, XIANGQI_OPENINGS
from uci import UciEngine

CHESS_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
XIANGQI_START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


def import_or_install(module, requirement):
    """Imports `module`, installing `requirement` from PyPI first when it is
    missing, so that a fresh machine needs nothing beyond Python."""
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError:
        print(f"installing {requirement} (pip)", file=sys.stderr, flush=True)
        subprocess.run(
            [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", requirement],
            check=True,
        )
        importlib.invalidate_caches()
        return importlib.import_module(module)


class ChessRules:
    start_fen = CHESS_START

    def __init__(self):
        self.chess = import_or_install("chess", "chess==1.11.2")

    def result(self, moves):
        """None while ongoing, else 1 (first mover wins), 0, or 0.5."""
        board = self.chess.Board()
        for m in moves:
            board.push_uci(m)
        outcome = board.outcome(claim_draw=True)
        if outcome is None:
            return None
        if outcome.winner is None:
            return 0.5
        return 1.0 if outcome.winner == self.chess.WHITE else 0.0

    def legal(self, moves, move):
        board = self.chess.Board()
        for m in moves:
            board.push_uci(m)
        try:
            return self.chess.Move.from_uci(move) in board.legal_moves
        except ValueError:
            return False

    def legal_moves(self, moves):
        board = self.chess.Board()
        for m in moves:
            board.push_uci(m)
        return sorted(m.uci() for m in board.legal_moves)


class XiangqiRules:
    start_fen = XIANGQI_START

    def __init__(self):
        self.ff = import_or_install("pyffish", "pyffish")

    def result(self, moves):
        legal = self.ff.legal_moves("xiangqi", XIANGQI_START, moves)
        if not legal:
            r = self.ff.game_result("xiangqi", XIANGQI_START, moves)
            return 0.5 if r == 0 else (1.0 if (r > 0) == (len(moves) % 2 == 0) else 0.0)
        over, r = self.ff.is_optional_game_end("xiangqi", XIANGQI_START, moves)
        if over:
            return 0.5 if r == 0 else (1.0 if (r > 0) == (len(moves) % 2 == 0) else 0.0)
        over, r = self.ff.has_insufficient_material("xiangqi", XIANGQI_START, moves)
        if over and r:
            return 0.5
        return None

    def legal(self, moves, move):
        return move in self.ff.legal_moves("xiangqi", XIANGQI_START, moves)

    def legal_moves(self, moves):
        return sorted(self.ff.legal_moves("xiangqi", XIANGQI_START, moves))


VERBOSE = False


def elo(score, games):
    """Elo difference and a 95% error bar from the score fraction."""
    if games == 0:
        return 0.0, 0.0
    p = min(max(score / games, 1e-3), 1 - 1e-3)
    diff = -400 * math.log10(1 / p - 1)
    # Normal approximation of the score's standard error, mapped through the
    # derivative of the Elo curve.
    sd = math.sqrt(p * (1 - p) / games)
    deriv = 400 / (math.log(10) * p * (1 - p))
    return diff, 1.96 * sd * deriv


TIME_LOSSES = {}


def play(rules, first, second, opening, movetime, max_plies, nodes=None, clock=None, scores=None):
    """Plays one game; returns the score of `first` (who moves first, as
    white / red). `clock` is (base, increment) in seconds. `scores`, when
    given, maps an engine to a list that gets (ply, its score) after each of
    its moves."""
    moves = list(opening)
    for e in (first, second):
        e.new_game()
    left = {first: clock[0], second: clock[0]} if clock else None
    while True:
        r = rules.result(moves)
        if r is not None:
            if VERBOSE:
                print("moves:", " ".join(moves), "result", r, file=sys.stderr)
            return r
        if len(moves) >= max_plies:
            if VERBOSE:
                print("moves:", " ".join(moves), "max plies", file=sys.stderr)
            return 0.5
        mover = first if len(moves) % 2 == 0 else second
        start_fen = None if rules.start_fen == CHESS_START else rules.start_fen
        if left is not None:
            times = (int(left[first] * 1000), int(left[second] * 1000), int(clock[1] * 1000))
            started = time.monotonic()
            move = mover.best_move(start_fen, moves, movetime, nodes, clock=times)
            left[mover] -= time.monotonic() - started
            if left[mover] < 0:
                TIME_LOSSES[mover.name] = TIME_LOSSES.get(mover.name, 0) + 1
                print(f"{mover.name} lost on time after {' '.join(moves)}", file=sys.stderr)
                return 0.0 if mover is first else 1.0
            left[mover] += clock[1]
        else:
            move = mover.best_move(start_fen, moves, movetime, nodes)
        if scores is not None and mover in scores and mover.last_score is not None:
            scores[mover].append((len(moves), mover.last_score))
        if not rules.legal(moves, move):
            print(f"illegal move {move} by {mover.name} after {' '.join(moves)}", file=sys.stderr)
            return 0.0 if mover is first else 1.0
        moves.append(move)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", choices=["chess", "xiangqi"], required=True)
    ap.add_argument("--ours", required=True, help="grpc:HOST:PORT or uci:PATH")
    ap.add_argument("--elo", type=int, default=2000, help="Stockfish UCI_Elo (chess)")
    ap.add_argument("--skill", type=int, default=10, help="Fairy-Stockfish Skill Level (xiangqi)")
    ap.add_argument("--movetime", type=int, default=100)
    ap.add_argument("--clock", help="BASE+INC in seconds (e.g. 10+0.1): both sides on a clock")
    ap.add_argument("--games", type=int, default=40, help="even; openings x 2 colours")
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--opponent", help="uci:PATH: another Arbiter build instead of the reference engine")
    ap.add_argument("--nodes", type=int, help="nodes per move instead of --movetime (both sides)")
    ap.add_argument("--random-plies", type=int, default=0, help="seeded random moves after each opening")
    ap.add_argument("--verbose", action="store_true", help="print every game's moves")
    ap.add_argument("--level", type=int, help="Arbiter's strength level 1-20 (default: full strength)")
    ap.add_argument(
        "--record",
        help="append one JSON line per game (opening, Arbiter's colour, result, Arbiter's score "
        "and WDL after each of its moves) for calibration.py",
    )
    args = ap.parse_args()
    global VERBOSE
    VERBOSE = args.verbose

    if args.game == "chess":
        rules, openings = ChessRules(), CHESS_OPENINGS
    else:
        rules, openings = XiangqiRules(), XIANGQI_OPENINGS

    if args.opponent:
        kind, _, path = args.opponent.partition(":")
        if kind != "uci":
            ap.error("--opponent takes uci:PATH")
        options = {"UCI_Variant": args.game} if args.game == "xiangqi" else {}
        if args.game == "xiangqi":
            options["Xiangqi Ranks"] = "1-10"
        opponent = UciEngine([path, "uci"], options, name=f"arbiter:{path}")
    elif args.game == "chess":
        opponent = UciEngine(
            ["/usr/games/stockfish"],
            {"Threads": 1, "Hash": 16, "UCI_LimitStrength": "true", "UCI_Elo": args.elo},
            name=f"stockfish-elo{args.elo}",
        )
    else:
        opponent = UciEngine(
            ["/usr/games/fairy-stockfish"],
            {"UCI_Variant": "xiangqi", "Threads": 1, "Hash": 16, "Skill Level": args.skill},
            name=f"fairy-stockfish-skill{args.skill}",
        )

    kind, _, target = args.ours.partition(":")
    if kind == "uci":
        # The rules here speak Fairy-Stockfish's 1-10 ranks.
        options = {"UCI_Variant": "xiangqi", "Xiangqi Ranks": "1-10"} if args.game == "xiangqi" else {}
        options["UCI_ShowWDL"] = "true"
        if args.level is not None:
            options["Skill Level"] = args.level
        ours = UciEngine([target, "uci"], options, name="arbiter")
    else:
        from grpc_engine import GrpcEngine

        ours = GrpcEngine(target, args.game, args.level)

    clock = None
    if args.clock:
        base, _, inc = args.clock.partition("+")
        clock = (float(base), float(inc or 0))
    rng = random.Random(args.seed)
    order = list(openings)
    rng.shuffle(order)
    score, played, wins, draws, losses = 0.0, 0, 0, 0, 0
    started = time.time()
    for i in range(args.games // 2):
        opening = order[i % len(order)].split()
        for _ in range(args.random_plies):
            legal = rules.legal_moves(opening)
            if not legal or rules.result(opening) is not None:
                break
            opening.append(rng.choice(legal))
        for ours_first in (True, False):
            first, second = (ours, opponent) if ours_first else (opponent, ours)
            scores = {ours: []}
            r = play(rules, first, second, opening, args.movetime, args.max_plies, args.nodes, clock, scores)
            s = r if ours_first else 1 - r
            if args.record:
                with open(args.record, "a") as out:
                    record = {
                        "game": args.game,
                        "opponent": opponent.name,
                        "level": args.level or 20,
                        "clock": args.clock,
                        "opening": opening,
                        "ours_first": ours_first,
                        "score": s,
                        "evals": scores[ours],
                    }
                    out.write(json.dumps(record) + "\n")
            score += s
            played += 1
            wins += s == 1
            draws += s == 0.5
            losses += s == 0
            d, err = elo(score, played)
            print(
                f"game {played}: {'first' if ours_first else 'second'} {s} | "
                f"+{wins} ={draws} -{losses} score {score}/{played} elo {d:+.0f} ± {err:.0f}",
                flush=True,
            )
    d, err = elo(score, played)
    print(
        f"FINAL {args.game} vs {opponent.name}: {played} games, +{wins} ={draws} -{losses}, "
        f"score {score}/{played} ({100 * score / max(played, 1):.1f}%), Elo {d:+.0f} ± {err:.0f} "
        f"(95%), {time.time() - started:.0f}s"
        + (f", time losses {TIME_LOSSES or 'none'} at {args.clock}" if clock else "")
    )
    ours.close()
    opponent.close()


if __name__ == "__main__":
    main()
