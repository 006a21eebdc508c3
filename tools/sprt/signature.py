#!/usr/bin/env python3
"""The search's signature: for the first N openings of the game's book, the
last `info` line (depth, score, nodes, PV) and the `bestmove` of a fixed-node
search, without the timing fields. Two builds with the same signature searched
the same trees, so a change meant to keep them (a speed-up) needs no match:

    tools/sprt/signature.py OLD_BIN chess 20 > old.txt
    tools/sprt/signature.py NEW_BIN chess 20 | diff old.txt -
"""
import os
import re
import subprocess
import sys

USAGE = "usage: signature.py ARBITER_BINARY chess|xiangqi [OPENINGS=20] [NODES=30000]"


def main():
    if len(sys.argv) < 3 or sys.argv[2] not in ("chess", "xiangqi"):
        sys.exit(USAGE)
    binary, game = sys.argv[1], sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    nodes = int(sys.argv[4]) if len(sys.argv) > 4 else 30000
    book = os.path.join(os.path.dirname(os.path.abspath(__file__)), f"{game}.epd")
    openings = open(book).read().splitlines()[:count]
    engine = subprocess.Popen([binary, "uci"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def send(line):
        engine.stdin.write(line + "\n")
        engine.stdin.flush()

    send("uci")
    if game == "xiangqi":
        send("setoption name UCI_Variant value xiangqi")
    for opening in openings:
        fen = " ".join(opening.split()[:4])
        send(f"position fen {fen} 0 1")
        send(f"go nodes {nodes}")
        last = ""
        while True:
            line = engine.stdout.readline()
            if not line:
                sys.exit(f"the engine ended before answering {fen}")
            line = line.strip()
            if line.startswith("info depth"):
                last = re.sub(r" nps \d+ time \d+", "", line)
            elif line.startswith("bestmove"):
                print(f"{last} | {line}")
                break
    send("quit")
    engine.wait()


if __name__ == "__main__":
    main()
