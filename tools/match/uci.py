"""A minimal synchronous UCI client (works for chess and Fairy-Stockfish variants)."""

import subprocess


def _score(words):
    """The score of an `info` line: cp or mate, and wdl when the engine shows it."""
    i = words.index("score")
    score = {words[i + 1]: int(words[i + 2])}
    if "wdl" in words:
        j = words.index("wdl")
        score["wdl"] = [int(w) for w in words[j + 1 : j + 4]]
    return score


class UciEngine:
    def __init__(self, command, options=None, name=None):
        self.name = name or command[0]
        # The last `info ... score` of the last search: {"cp"|"mate": n, "wdl": [w, d, l]}.
        self.last_score = None
        self.proc = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self._send("uci")
        self._wait_for("uciok")
        for key, value in (options or {}).items():
            self._send(f"setoption name {key} value {value}")
        self._send("isready")
        self._wait_for("readyok")

    def _send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def _read_line(self):
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"{self.name} exited")
        return line.strip()

    def _wait_for(self, token):
        while True:
            line = self._read_line()
            if line.startswith(token):
                return line

    def new_game(self):
        self._send("ucinewgame")
        self._send("isready")
        self._wait_for("readyok")

    def best_move(self, start_fen, moves, movetime_ms, nodes=None, clock=None):
        """`clock` is (white ms, black ms, increment ms) when playing on a clock."""
        position = "position startpos" if start_fen is None else f"position fen {start_fen}"
        if moves:
            position += " moves " + " ".join(moves)
        self._send(position)
        if clock:
            w, b, inc = clock
            self._send(f"go wtime {w} btime {b} winc {inc} binc {inc}")
        else:
            self._send(f"go nodes {nodes}" if nodes else f"go movetime {movetime_ms}")
        self.last_score = None
        while True:
            words = self._read_line().split()
            # `info string` is free text that may contain anything.
            if words[:1] == ["info"] and words[1:2] != ["string"] and "score" in words:
                self.last_score = _score(words)
            if words[:1] == ["bestmove"]:
                return words[1]

    def close(self):
        try:
            self._send("quit")
            self.proc.wait(timeout=5)
        except Exception:
            self.proc.kill()
