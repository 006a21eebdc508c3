#!/usr/bin/env python3
"""A UCI engine that misbehaves on purpose, for `arbiter match`'s and the
Engine service's tests.

  fake_engine.py MODE [MOVES]

MOVES is a list (moves separated by `/`) the engine plays in turn, indexed by its own
move number in the game (len(moves played) // 2, cycling), so two copies
playing each other follow a script; `RED;BLACK` gives each side its own list
(the side to move is read from the number of moves after a FEN whose side is
`w`). MODE says what happens on `go`:
  script   answer the scripted move
  illegal  answer the first scripted move, whatever the position
  garbage  answer `bestmove zz99`
  crash    exit with status 3 before answering
  hang     never answer, not even `stop`
  slow     sleep 0.5 s, then answer the scripted move (a move of 0.1 s is late)
  silent   never finish the handshake
  babble   write bytes that are not UTF-8 instead of an answer
  prefer   answer the first move of MOVES that `go searchmoves` allows (any
           scripted move without searchmoves): an engine that wants a move
           the caller may forbid
  ucci     speak UCCI only (`uci` gets no answer): answer the first move of
           MOVES that the last `banmoves` (after `position`) did not ban
With FAKE_ONCE=PATH in the environment the misbehaviour happens once: when
PATH does not exist yet (it is then created); afterwards the engine answers
like `script`.
"""
import os
import sys
import time

mode = sys.argv[1]
lists = (sys.argv[2] if len(sys.argv) > 2 else "e2e4").split(";")
scripts = [lists[0].split("/"), lists[-1].split("/")]
played = 0
banned = set()


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    command = words[0]
    if command == "ucci" and mode == "ucci":
        say("id name fake-ucci")
        say("option hashsize type spin min 0 max 1024 default 16")
        say("ucciok")
    elif command == "banmoves":
        banned = set(words[1:])
    elif command == "uci":
        if mode in ("silent", "ucci"):
            continue
        say(f"id name fake-{mode}")
        say("option name Hash type spin default 16 min 1 max 1024")
        say("uciok")
    elif command == "isready":
        say("readyok")
    elif command == "position":
        played = len(words) - words.index("moves") - 1 if "moves" in words else 0
        banned = set()
    elif command == "go":
        script = scripts[played % 2]
        move = script[(played // 2) % len(script)]
        once = os.environ.get("FAKE_ONCE")
        if once and os.path.exists(once):
            mode = "script"
        elif once:
            open(once, "w").close()
        if mode == "prefer":
            allowed = words[words.index("searchmoves") + 1:] if "searchmoves" in words else script
            move = next((m for m in script if m in allowed), script[0])
        if mode == "ucci":
            move = next((m for m in script if m not in banned), script[0])
        if mode == "babble":
            sys.stdout.buffer.write(b"info string \xff\xfe\n")
            sys.stdout.flush()
            time.sleep(3600)
        if mode == "crash":
            say("info depth 1 score cp 0 nodes 1 pv " + move)
            sys.exit(3)
        if mode == "hang":
            time.sleep(3600)
        if mode == "slow":
            time.sleep(0.5)
        if mode == "illegal":
            move = script[0]
        if mode == "garbage":
            move = "zz99"
        say("info depth 1 score cp 0 nodes 1 pv " + move)
        say("bestmove " + move)
    elif command == "quit":
        break
