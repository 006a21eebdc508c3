#!/usr/bin/env python3
"""Relabels tuning positions with a stronger engine's judgement.

    tools/tune/label.py IN OUT [--game chess|xiangqi] [--nodes N] [--lambda L]
                               [--engine PATH] [--scale S|fit]

IN holds `FEN;result;game` lines (arbiter-tune --extract). Each position is
searched by a stronger engine for N nodes, its score turned into an expected
result for White (Red), and OUT gets `FEN;label;game` with
label = L * expected + (1 - L) * result. The game's result alone is a noisy
label (one game decides thousands of positions, and a blunder forty moves on
relabels them all); the stronger engine's score says what the position is
worth now. A progress line goes to stderr every 5000 positions; an
interrupted run keeps what it wrote, and a rerun skips the positions OUT
already has.

Chess (the default): Stockfish 15.1 (tools/engines.sh installs it), its
score turned into an expected result by python-chess's model of Stockfish
15.1's win-draw-loss rates.

Xiangqi: Fairy-Stockfish (/usr/games/fairy-stockfish), spoken to over UCI
with UCI_Variant xiangqi; it reads the extractor's FENs as they are. Its
score, in centipawns for the side to move, is turned to Red's view and into
an expected result by the logistic 1 / (1 + exp(-cp / S)); a mate found is
a sure result, 1 or 0. Fairy-Stockfish has no win-draw-loss model for
xiangqi, so S is fitted: after labelling, the S for which the logistic of
OUT's scores best predicts the games' results from IN (least squares over
the positions without a mate) is printed. `--scale fit` relabels OUT with
that S; a number uses it as given. The default, 470, is that fit on 807
positions spread over the 677 games of a xiangqi SPRT run of Arbiter's
self-play, searched for 5000 nodes each (a first guess of 250, a
soldier's lead a 60% expectation, predicted the results worse: mean
squared error 0.0843 against 0.0774). Self-play games are drawn often,
which makes a wide logistic: a soldier's lead, some 100 cp, is a 55%
expectation. For xiangqi, OUT's lines carry the score for Red as a fourth
field, `cp` or `M` and the signed moves to mate for Red (arbiter-tune reads
only the first three), so that S can be fitted and the labels rewritten
again without searching anew.
"""

import argparse
import math
import os
import subprocess
import sys
import time


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("input")
    parser.add_argument("output")
    parser.add_argument("--game", choices=["chess", "xiangqi"], default="chess")
    parser.add_argument("--nodes", type=int, default=5000)
    parser.add_argument("--lambda", dest="weight", type=float, default=1.0)
    parser.add_argument("--engine", help="default: /usr/games/stockfish, /usr/games/fairy-stockfish")
    parser.add_argument("--scale", default="470", help="xiangqi: centipawns S of the logistic, or `fit`")
    args = parser.parse_args()
    if not 0.0 <= args.weight <= 1.0:
        parser.error("--lambda must lie in 0..1")
    if args.scale != "fit":
        try:
            if float(args.scale) <= 0:
                raise ValueError
        except ValueError:
            parser.error("--scale must be a positive number or `fit`")

    done = set()
    if os.path.exists(args.output):
        with open(args.output) as existing:
            done = {line.split(";", 1)[0] for line in existing if line.strip()}

    with open(args.input) as source:
        lines = [line.strip() for line in source if line.strip() and not line.startswith("#")]
    todo = [line for line in lines if line.split(";", 1)[0] not in done]
    print(f"{len(lines)} positions, {len(done)} labelled before, {len(todo)} to label", file=sys.stderr)

    if args.game == "chess":
        label_chess(args, todo)
    else:
        label_xiangqi(args, todo, lines)
    return 0


def label_positions(args, todo, judge) -> None:
    """Appends each position of `todo` to OUT with its label; `judge(fen)`
    gives White's (Red's) expected result and the fields that follow the
    game's number (none for chess)."""
    start = time.monotonic()
    with open(args.output, "a") as out:
        for count, line in enumerate(todo, 1):
            fields = line.split(";")
            if len(fields) < 2:
                print(f"skipped (no result): {line}", file=sys.stderr)
                continue
            fen, result = fields[0], float(fields[1])
            group = fields[2] if len(fields) > 2 else "0"
            expectation, extra = judge(fen)
            label = args.weight * expectation + (1.0 - args.weight) * result
            out.write(";".join([fen, f"{label:.4f}", group, *extra]) + "\n")
            if count % 5000 == 0:
                out.flush()
                rate = count / (time.monotonic() - start)
                print(f"{count}/{len(todo)} labelled, {rate:.0f}/s", file=sys.stderr)
    print(f"{len(todo)} labelled into {args.output}", file=sys.stderr)


def label_chess(args, todo) -> None:
    import chess
    import chess.engine

    engine = chess.engine.SimpleEngine.popen_uci(args.engine or "/usr/games/stockfish")
    engine.configure({"Threads": 1, "Hash": 16})

    def judge(fen):
        board = chess.Board(fen)
        info = engine.analyse(board, chess.engine.Limit(nodes=args.nodes), game=object())
        return info["score"].white().wdl(model="sf15.1", ply=board.ply()).expectation(), []

    try:
        label_positions(args, todo, judge)
    finally:
        engine.quit()


class Uci:
    """A UCI engine over pipes, one command and its answer at a time."""

    def __init__(self, path: str):
        self.process = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )

    def send(self, command: str) -> None:
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()

    def until(self, prefix: str) -> list:
        """The engine's lines up to and including the first starting with `prefix`."""
        lines = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError(f"the engine stopped before `{prefix}`")
            lines.append(line.strip())
            if line.startswith(prefix):
                return lines

    def quit(self) -> None:
        try:
            self.send("quit")
            self.process.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()


def score_of(lines: list) -> str:
    """The search's final score for the side to move, `cp` or `M` and moves:
    the last `info ... score` line that is not a bound of an interrupted
    iteration, else the last at all."""
    scores = []
    for line in lines:
        words = line.split()
        if words[:1] != ["info"] or "score" not in words:
            continue
        at = words.index("score")
        kind, value = words[at + 1], int(words[at + 2])
        bound = len(words) > at + 3 and words[at + 3] in ("upperbound", "lowerbound")
        scores.append((bound, f"M{value}" if kind == "mate" else str(value)))
    if not scores:
        raise RuntimeError("the engine gave no score: " + " | ".join(lines[-3:]))
    exact = [score for bound, score in scores if not bound]
    return exact[-1] if exact else scores[-1][1]


def red_score(score: str, red_to_move: bool) -> str:
    """A side-to-move score turned to Red's view. A mate in 0 is the side to
    move's loss, kept as `M-0`."""
    if score.startswith("M"):
        moves = int(score[1:])
        wins = moves > 0
        if not red_to_move:
            wins = not wins
        return f"M{abs(moves)}" if wins else f"M-{abs(moves)}"
    cp = int(score)
    return str(cp if red_to_move else -cp)


def expected(score: str, scale: float) -> float:
    """Red's expected result for Red's score."""
    if score.startswith("M"):
        return 0.0 if score.startswith("M-") else 1.0
    return logistic(int(score), scale)


def logistic(cp: float, scale: float) -> float:
    return 1.0 / (1.0 + math.exp(-cp / scale))


def label_xiangqi(args, todo, lines) -> None:
    scale = 470.0 if args.scale == "fit" else float(args.scale)
    engine = Uci(args.engine or "/usr/games/fairy-stockfish")
    engine.send("uci")
    engine.until("uciok")
    for option in ("UCI_Variant value xiangqi", "Threads value 1", "Hash value 16"):
        engine.send("setoption name " + option)
    engine.send("isready")
    engine.until("readyok")

    def judge(fen):
        red_to_move = fen.split()[1].lower() in ("w", "r")
        # A new game for each position, as the chess path has: the labels do
        # not depend on the order positions come in.
        engine.send("ucinewgame")
        engine.send("isready")
        engine.until("readyok")
        engine.send(f"position fen {fen}")
        engine.send(f"go nodes {args.nodes}")
        score = red_score(score_of(engine.until("bestmove")), red_to_move)
        return expected(score, scale), [score]

    try:
        label_positions(args, todo, judge)
    finally:
        engine.quit()

    results = {}
    for line in lines:
        fields = line.split(";")
        if len(fields) >= 2:
            results[fields[0]] = float(fields[1])
    with open(args.output) as labelled:
        rows = [row.strip().split(";") for row in labelled if row.strip()]
    pairs = [
        (int(row[3]), results[row[0]])
        for row in rows
        if len(row) > 3 and not row[3].startswith("M") and row[0] in results
    ]
    if not pairs:
        print("no scores to fit S on", file=sys.stderr)
        return
    fitted, error = fit_scale(pairs)
    print(
        f"S = {fitted:.0f} fits the games' results best over {len(pairs)} positions "
        f"(mean squared error {error:.5f}; with S = {scale:g}: {squared_error(pairs, scale):.5f})",
        file=sys.stderr,
    )
    if args.scale == "fit":
        with open(args.output, "w") as out:
            for row in rows:
                if len(row) > 3 and row[0] in results:
                    label = args.weight * expected(row[3], fitted) + (1.0 - args.weight) * results[row[0]]
                    row[1] = f"{label:.4f}"
                out.write(";".join(row) + "\n")
        print(f"{args.output} relabelled with S = {fitted:.0f}", file=sys.stderr)


def squared_error(pairs, scale: float) -> float:
    return sum((result - logistic(cp, scale)) ** 2 for cp, result in pairs) / len(pairs)


def fit_scale(pairs) -> tuple:
    """The S in 20..5000 cp minimising the squared error of the logistic
    against the results (golden-section search on log S), and that error."""
    low, high = math.log(20.0), math.log(5000.0)
    ratio = (math.sqrt(5.0) - 1.0) / 2.0
    a, b = high - ratio * (high - low), low + ratio * (high - low)
    error_a, error_b = squared_error(pairs, math.exp(a)), squared_error(pairs, math.exp(b))
    for _ in range(60):
        if error_a < error_b:
            high, b, error_b = b, a, error_a
            a = high - ratio * (high - low)
            error_a = squared_error(pairs, math.exp(a))
        else:
            low, a, error_a = a, b, error_b
            b = low + ratio * (high - low)
            error_b = squared_error(pairs, math.exp(b))
    best = math.exp((low + high) / 2.0)
    return best, squared_error(pairs, best)


if __name__ == "__main__":
    sys.exit(main())
