#!/usr/bin/env python3
"""Measures Arbiter's strength levels against a ladder of reference anchors.

Each level is one cell: `match.py` plays it against one anchor (chess:
Stockfish 15.1 at a `UCI_Elo`; xiangqi: Fairy-Stockfish 11.1 at a `Skill
Level`) on a clock. Levels run from the weakest up, and each level's anchor
is chosen from the one before: a cell scored 75 % or more moves the next
level one anchor up (two from 90 %), one scored 25 % or less moves it one
down, so every cell lands where its score says something. The first level
meets the weakest anchor. `--anchors` names each level's anchor instead, so
that a ladder can be split over several processes, one a core, each cell
where an earlier measurement puts it.

Every cell's line (`match.py`'s FINAL line, parsed) is appended to
`--out` as JSON, so an interrupted ladder keeps what it measured; for chess
the table printed at the end rates each level on Stockfish's `UCI_Elo` scale
(the anchor's Elo plus the cell's Elo difference), made monotone by pooling
adjacent violators, as `crates/arbiter-engine/src/strength.rs` wants it.
`--summary` plays nothing and rates each level from all its cells in `--out`
(several anchors: the rating that explains them all), made monotone alike.
A row does not name the build it measured, so keep one build's cells to a
file: `--summary` pools whatever the file holds.

  python3 ladder.py --game chess --ours uci:../../target/release/arbiter \
      --levels 1,4,7,10,13,16,19 --games 40 --clock 10+0.1 --out chess-ladder.jsonl
"""

import argparse
import json
import math
import re
import subprocess
import sys

CHESS_ANCHORS = [1350, 1500, 1700, 1900, 2100, 2300, 2500, 2800]
XIANGQI_ANCHORS = [0, 2, 4, 6, 8, 10, 12, 15, 20]

FINAL = re.compile(
    r"FINAL \S+ vs (?P<opponent>\S+): (?P<games>\d+) games, \+(?P<wins>\d+) =(?P<draws>\d+) "
    r"-(?P<losses>\d+), score (?P<score>[\d.]+)/\d+ \((?P<percent>[\d.]+)%\), "
    r"Elo (?P<elo>[+-]?\d+) ± (?P<error>\d+)"
)


def cell(args, level, anchor, seed):
    """Plays one cell; returns its parsed FINAL line."""
    command = [
        sys.executable,
        "match.py",
        "--game",
        args.game,
        "--ours",
        args.ours,
        "--level",
        str(level),
        "--games",
        str(args.games),
        "--clock",
        args.clock,
        "--seed",
        str(seed),
        "--elo" if args.game == "chess" else "--skill",
        str(anchor),
    ]
    # Each game's line is passed on as it comes, so a long cell shows its progress.
    found = None
    with subprocess.Popen(command, stdout=subprocess.PIPE, text=True) as child:
        for line in child.stdout:
            print(f"level {level} vs {anchor}: {line}", end="", file=sys.stderr, flush=True)
            found = FINAL.search(line) or found
    if child.returncode != 0 or found is None:
        raise RuntimeError(f"{' '.join(command)} failed ({child.returncode}) or wrote no FINAL line")
    result = {"opponent": found["opponent"], "score": float(found["score"])}
    result.update({k: int(found[k]) for k in ("games", "wins", "draws", "losses", "elo", "error")})
    line = found.string
    result["time_losses"] = line.split("time losses ", 1)[-1].strip() if "time losses" in line else None
    return result


def difference(score, games):
    """The Elo difference a score says; a clean sweep counts as half a game
    less (more), so it gives a bound instead of infinity."""
    p = (score + 0.5) / (games + 1) if score in (0, games) else score / games
    return -400 * math.log10(1 / p - 1)


def pooled(cells):
    """The rating that best explains all of a level's cells (each an anchor,
    a score and a number of games): the maximum-likelihood rating under the
    logistic Elo model, so that cells on both sides of a level each pull
    it their way, and its 95 % error from the model's information. A clean
    sweep over every cell counts as in `difference`."""
    games = sum(c["games"] for c in cells)
    score = sum(c["score"] for c in cells)
    if score in (0, games):
        score = games * (score + 0.5) / (games + 1)

    def expected(rating):
        return sum(c["games"] / (1 + 10 ** ((c["anchor"] - rating) / 400)) for c in cells)

    low, high = -2000.0, 6000.0
    for _ in range(100):
        middle = (low + high) / 2
        low, high = (middle, high) if expected(middle) < score else (low, middle)
    rating = (low + high) / 2
    slope = math.log(10) / 400
    information = sum(
        c["games"] * p * (1 - p) * slope**2
        for c in cells
        for p in [1 / (1 + 10 ** ((c["anchor"] - rating) / 400))]
    )
    return rating, 1.96 / math.sqrt(information)


def summary(path, game, clock):
    """Every level's cells in `path` (JSON lines of this game and clock),
    each level rated by `pooled`, made monotone."""
    levels = {}
    with open(path) as rows:
        for line in rows:
            row = json.loads(line)
            if row["game"] == game and row["clock"] == clock:
                levels.setdefault(row["level"], []).append(row)
    ratings = {level: pooled(cells) for level, cells in sorted(levels.items())}
    fitted = monotone([rating for rating, _ in ratings.values()])
    print("level | cells (anchor: +/=/-) | games | rating | monotone")
    for (level, (rating, error)), value in zip(ratings.items(), fitted):
        cells = ", ".join(f"{c['anchor']}: +{c['wins']} ={c['draws']} -{c['losses']}" for c in levels[level])
        games = sum(c["games"] for c in levels[level])
        print(f"{level} | {cells} | {games} | {rating:.0f} ± {error:.0f} | {math.floor(value)}")


def monotone(points):
    """Pool-adjacent-violators: the non-decreasing sequence nearest `points`."""
    blocks = []
    for value in points:
        blocks.append([value, 1])
        while len(blocks) > 1 and blocks[-2][0] > blocks[-1][0]:
            value, weight = blocks.pop()
            last = blocks[-1]
            last[0] = (last[0] * last[1] + value * weight) / (last[1] + weight)
            last[1] += weight
    return [value for value, weight in blocks for _ in range(weight)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", choices=["chess", "xiangqi"], required=True)
    ap.add_argument("--ours", help="uci:PATH or grpc:HOST:PORT, as for match.py (not with --summary)")
    ap.add_argument("--levels", default="1,4,7,10,13,16,19")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--clock", default="10+0.1")
    ap.add_argument("--seed", type=int, default=100, help="cell seeds are this plus the level")
    ap.add_argument("--out", required=True, help="JSON lines, one a cell, appended")
    ap.add_argument(
        "--anchors",
        help="each level's anchor (UCI_Elo or Skill Level), as many as --levels; default: chosen as it goes",
    )
    ap.add_argument(
        "--summary",
        action="store_true",
        help="play nothing: rate every level from all its cells in --out (chess)",
    )
    args = ap.parse_args()
    if args.summary:
        if args.game != "chess":
            ap.error("--summary rates chess levels (xiangqi's anchors are Skill Levels, not ratings)")
        try:
            summary(args.out, args.game, args.clock)
        except OSError as error:
            ap.error(f"cannot read --out: {error}")
        return
    if args.ours is None:
        ap.error("--ours is needed to play")

    anchors = CHESS_ANCHORS if args.game == "chess" else XIANGQI_ANCHORS
    levels = [int(text) for text in args.levels.split(",")]
    chosen = [int(text) for text in args.anchors.split(",")] if args.anchors else None
    if chosen is not None and len(chosen) != len(levels):
        ap.error(f"--anchors names {len(chosen)} anchors for {len(levels)} levels")
    index = 0
    rows = []
    for number, level in enumerate(levels):
        anchor = chosen[number] if chosen is not None else anchors[index]
        result = cell(args, level, anchor, args.seed + level)
        share = result["score"] / max(result["games"], 1)
        row = {"game": args.game, "level": level, "anchor": anchor, "clock": args.clock, **result}
        if args.game == "chess":
            row["rating"] = anchor + round(difference(result["score"], result["games"]))
        rows.append(row)
        with open(args.out, "a") as out:
            out.write(json.dumps(row) + "\n")
        print(json.dumps(row), flush=True)
        if share >= 0.9:
            index += 2
        elif share >= 0.75:
            index += 1
        elif share <= 0.25:
            index -= 1
        index = max(0, min(index, len(anchors) - 1))

    if args.game == "chess":
        fitted = monotone([row["rating"] for row in rows])
        print("level | anchor | games | +/=/- | score | rating | monotone")
        for row, value in zip(rows, fitted):
            percent = 100 * row["score"] / row["games"]
            print(
                f"{row['level']} | {row['anchor']} | {row['games']} | "
                f"+{row['wins']} ={row['draws']} -{row['losses']} | {percent:.1f}% | "
                f"{row['rating']} ± {row['error']} | {math.floor(value)}"
            )


if __name__ == "__main__":
    main()
