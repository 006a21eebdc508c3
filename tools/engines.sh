#!/usr/bin/env bash
# Installs the reference engines the tests and BENCHMARKS.md use, from
# Debian's packages, when they are missing: Stockfish 15.1 (/usr/games/stockfish)
# and Fairy-Stockfish 11.1 (/usr/games/fairy-stockfish). Safe to run from
# several processes at once (one installs, the others wait for it).
set -euo pipefail
missing=()
[[ -x /usr/games/stockfish ]] || missing+=(stockfish)
[[ -x /usr/games/fairy-stockfish ]] || missing+=(fairy-stockfish)
((${#missing[@]} == 0)) && exit 0
exec 9>/tmp/arbiter-engines-install.lock
flock 9
missing=()
[[ -x /usr/games/stockfish ]] || missing+=(stockfish)
[[ -x /usr/games/fairy-stockfish ]] || missing+=(fairy-stockfish)
((${#missing[@]} == 0)) && exit 0
sudo=()
[[ $(id -u) == 0 ]] || sudo=(sudo)
"${sudo[@]}" apt-get update -qq >/dev/null
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
