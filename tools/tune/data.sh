#!/usr/bin/env bash
# Labelled quiet positions for the evaluation tuner (tools/tune), from the
# built-in engine's fast self-play:
#
#   tools/tune/data.sh GAME GAMES        # GAME: chess or xiangqi
#
# plays GAMES games (one at a time, NODES, default 3000, nodes a move and
# more, see below; another NODES gives other games to add to a first set)
# from the balanced book tools/sprt/GAME.epd into OUT/GAME.pgn (OUT defaults
# to target/tune), then
# has arbiter-tune extract the quiet positions, each labelled by its game's
# result from White's (Red's) side, into OUT/GAME.txt (`FEN;result`).
#
# The engine is deterministic at a fixed node count, and each opening is
# played twice with colours swapped: by the same engine on both sides, so
# the second game repeats the first, and one pass over the book gives one
# game per opening (the extraction keeps each position once, so the repeats
# cost time, not balance). Every further pass adds 100 nodes a move, which
# changes the games within a few moves; the extraction skips the first 8
# plies of every game, where the passes' games still coincide.
#
# A position is kept when the side to move is not in check and a quiescence
# search over captures, with the evaluation as stand-pat, finds nothing
# better than the static evaluation (so that the evaluation alone stands
# for the position), and it was not met before.
# Adjudication ends decided and dead-drawn games early: their result is what
# the rest of the game would most likely have given, and the time is spent on
# new games instead.
set -euo pipefail
root=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
game=${1:?usage: tools/tune/data.sh GAME GAMES}
total=${2:?usage: tools/tune/data.sh GAME GAMES}
book=$root/tools/sprt/$game.epd
out=${OUT:-$root/target/tune}
mkdir -p "$out"

cargo build --release --quiet --bin arbiter --manifest-path "$root/Cargo.toml"
cargo build --release --quiet -p arbiter-tune --manifest-path "$root/Cargo.toml"
arbiter=$root/target/release/arbiter

openings=$(grep -cv '^\s*\(#\|$\)' "$book")
pgn=$out/$game.pgn
rm -f "$pgn"
played=0
pass=0
while ((played < total)); do
    games=$((2 * openings))
    ((games > total - played)) && games=$((total - played))
    nodes=$((${NODES:-3000} + 100 * pass))
    echo "pass $pass: $games games at $nodes nodes a move" >&2
    "$arbiter" match --game "$game" \
        --engine name=a,builtin --engine name=b,builtin \
        --nodes "$nodes" --concurrency 1 --games "$games" --openings "$book" \
        --resign-score 1000 --resign-moves 3 --draw-score 10 --draw-moves 8 --draw-after 40 \
        --pgn "$pgn" >/dev/null
    played=$((played + games))
    pass=$((pass + 1))
done

"$root/target/release/arbiter-tune" --game "$game" --extract "$pgn" --skip-plies 8 --out "$out/$game.txt"
