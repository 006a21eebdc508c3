#!/usr/bin/env python3
"""WDL calibration from match records (`match.py --record FILE`).

Every score Arbiter reported after one of its moves is paired with the result
Arbiter got in that game: per band of the score, the model's predicted score
(win + draw / 2, from the `wdl` it reported) against the observed mean result.
Positions of one game are correlated, so the effective sample of a band is
nearer its number of games than its number of positions.

  python3 calibration.py /path/chess-clock.jsonl [more.jsonl ...]
"""

import json
import sys

BANDS = [(-10**9, -400), (-400, -200), (-200, -100), (-100, -30), (-30, 30), (30, 100), (100, 200), (200, 400), (400, 10**9)]


def band_name(lo, hi):
    if lo < -10**8:
        return f"< {hi}"
    if hi > 10**8:
        return f">= {lo}"
    return f"{lo} to {hi}"


def main(paths):
    rows = {b: [0, 0.0, 0.0, set()] for b in BANDS}
    games = 0
    for path in paths:
        with open(path) as f:
            for n, line in enumerate(f):
                game = json.loads(line)
                games += 1
                for _, score in game["evals"]:
                    if "wdl" not in score:
                        continue
                    if "mate" in score:
                        cp = 10**6 if score["mate"] > 0 else -(10**6)
                    else:
                        cp = score["cp"]
                    w, d, _ = score["wdl"]
                    for lo, hi in BANDS:
                        if lo <= cp < hi:
                            row = rows[(lo, hi)]
                            row[0] += 1
                            row[1] += (w + d / 2) / 1000
                            row[2] += game["score"]
                            row[3].add((path, n))
    print(f"{games} games")
    print("| score (cp) | positions | games | predicted score | observed score |")
    print("|---|---:|---:|---:|---:|")
    for lo, hi in BANDS:
        count, predicted, observed, in_games = rows[(lo, hi)]
        if count:
            print(f"| {band_name(lo, hi)} | {count} | {len(in_games)} | {predicted / count:.3f} | {observed / count:.3f} |")


if __name__ == "__main__":
    main(sys.argv[1:])
