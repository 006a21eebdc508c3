#!/usr/bin/env bash
# The engine issue's target rows: the built-in engine through the service's
# Engine (one search thread, at normal priority) against Stockfish 15.1 at
# UCI_Elo 2400 in chess and Fairy-Stockfish 11.1 at full strength in xiangqi,
# both matches at once (one game at a time each, so two searches on two
# cores), the book tools/sprt/GAME.epd with colours swapped, no adjudication.
#
#   tools/match/targets.sh [LIMIT] [GAMES] [SKILL|chess|xiangqi]
#
# LIMIT is `--tc 10+0.1` (the default) or `--movetime 100`, quoted or not; GAMES defaults to
# 100 per match. A third argument plays one match alone, two games at a
# time (see below): SKILL (the issue's rung on the way is 15) xiangqi against
# Fairy-Stockfish at that Skill Level, `xiangqi` against it at full
# strength, `chess` the chess row. The servers are
# started here and stopped by their PIDs; the games go to
# target/targets/GAME-PID.pgn, the summaries to the output.
set -euo pipefail
root=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
# The limit may come as one argument or as two (`--tc 10+0.1` unquoted).
if [[ ${1:-} == --tc || ${1:-} == --movetime ]]; then
    set -- "$1 ${2:?$1 needs a value}" "${@:3}"
fi
limit=${1:---tc 10+0.1}
games=${2:-100}
skill=${3:-}
[[ $limit =~ ^--(tc|movetime)\ [0-9.+]+$ ]] || { echo "targets.sh: LIMIT must be --tc BASE+INC or --movetime MS, not '$limit'" >&2; exit 2; }
[[ $games =~ ^[1-9][0-9]*$ ]] || { echo "targets.sh: GAMES must be a positive number, not '$games'" >&2; exit 2; }
[[ -z $skill || $skill == chess || $skill == xiangqi || $skill =~ ^[0-9]+$ ]] || { echo "targets.sh: the third argument must be a Skill Level, \`chess\` or \`xiangqi\`, not '$skill'" >&2; exit 2; }
"$root/tools/engines.sh"
# ARBITER=PATH serves that binary (an earlier build, such as the SPRT runner's
# target/sprt/arbiter-SHA) instead of building this tree's.
if [[ -n ${ARBITER:-} ]]; then
    [[ -f $ARBITER && -x $ARBITER ]] || { echo "targets.sh: ARBITER=$ARBITER is not an executable" >&2; exit 2; }
    bin=$(realpath "$ARBITER")
else
    cargo build --release --quiet --bin arbiter --manifest-path "$root/Cargo.toml"
    bin=$root/target/release/arbiter
fi
out=$root/target/targets
mkdir -p "$out"

# Server N listens on gRPC port 5016N, admin 5017N, HTTP 5018N.
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT
serve() {
    ARBITER_SEARCH_NICE=0 "$bin" --grpc-addr "127.0.0.1:5016$1" --admin-addr "127.0.0.1:5017$1" \
        --http-addr "127.0.0.1:5018$1" --search-threads "$2" >"$out/server-$1.log" 2>&1 &
    pids+=($!)
    for _ in $(seq 100); do
        curl -fs "http://127.0.0.1:5017$1/readyz" >/dev/null 2>&1 && return
        sleep 0.1
    done
    echo "targets.sh: server $1 ($bin) was not ready within 10 s; its log:" >&2
    tail -n 20 "$out/server-$1.log" >&2
    exit 1
}

fsf="name=fsf,cmd=/usr/games/fairy-stockfish,option.Threads=1,option.Hash=16"
sf2400="name=sf2400,cmd=/usr/games/stockfish,option.Threads=1,option.Hash=16,option.UCI_LimitStrength=true,option.UCI_Elo=2400"
matches=()
# play SERVER GAME OPPONENT GAMES BOOK NAME: a match against server SERVER in
# the background, its games to $out/NAME.pgn and its output to $out/NAME.txt.
play() {
    # shellcheck disable=SC2086 # $limit is two words on purpose
    "$bin" match --game "$2" --engine "name=arbiter,grpc=http://127.0.0.1:5016$1" --engine "$3" \
        $limit --games "$4" --openings "$5" --pgn "$out/$6.pgn" >"$out/$6.txt" 2>&1 &
    matches+=($!)
}
# finish NAME...: waits for the matches, prints each one's summary and
# exits with the first failure's status.
finish() {
    local status=0 match name
    for match in "${matches[@]}"; do wait "$match" || status=$?; done
    for name in "$@"; do
        [[ -f $out/$name.txt ]] || continue
        echo "== $name"
        grep -v -e '^Finished game' -e '^Score of' "$out/$name.txt" | tail -6
    done
    return "$status"
}
# One match alone, played as two half matches at once, each on its own
# server with one search thread over its own half of the openings: a
# server's worker continues the table and histories its last search left
# when the next search is of the same game kind (a game's next move, as the
# engine assumes), so two games sharing one server's workers would each
# inherit the other's memory, which a single game on the service never does.
if [[ -n $skill ]]; then
    case $skill in
        chess) game=chess opponent=$sf2400 name=chess-$$ what="chess alone" ;;
        xiangqi) game=xiangqi opponent=$fsf name=xiangqi-$$ what="xiangqi alone" ;;
        *)
            game=xiangqi opponent="$fsf,option.Skill Level=$skill" name=xiangqi-skill$skill-$$
            what="xiangqi against Skill Level $skill"
            ;;
    esac
    # Openings as the full match would play them (each twice, colours
    # swapped): the first half of the pairs to one server, the rest to the other.
    pairs=$(((games + 1) / 2))
    grep -v '^\s*\(#\|$\)' "$root/tools/sprt/$game.epd" | head -n "$pairs" >"$out/$name-book.epd"
    first=$(((pairs + 1) / 2))
    head -n "$first" "$out/$name-book.epd" >"$out/$name-1.epd"
    tail -n +"$((first + 1))" "$out/$name-book.epd" >"$out/$name-2.epd"
    halves=("$((games < 2 * first ? games : 2 * first))")
    halves+=("$((games - halves[0]))")
    echo "targets: $what, $limit, $games games (${halves[0]} + ${halves[1]} at once); progress in $out/$name-1.txt and $out/$name-2.txt" >&2
    for half in 1 2; do
        ((halves[half - 1] > 0)) || continue
        serve "$half" 1
        play "$half" "$game" "$opponent" "${halves[half - 1]}" "$out/$name-$half.epd" "$name-$half"
    done
    status=0
    finish "$name-1" "$name-2" || status=$?
    # Both halves together, by match.py's Elo (binomial error: the halves'
    # pairs are not joined).
    cat "$out/$name-1.txt" "$out/$name-2.txt" 2>/dev/null | PYTHONPATH=$root/tools/match python3 -c '
import re, sys
from match import elo
w = d = l = 0
for line in sys.stdin:
    if m := re.search(r"games, W (\d+) D (\d+) L (\d+)", line):
        w, d, l = w + int(m[1]), d + int(m[2]), l + int(m[3])
if n := w + d + l:
    diff, error = elo(w + d / 2, n)
    print(f"== together: {n} games, W {w} D {d} L {l}, {100 * (w + d / 2) / n:.1f} %, Elo {diff + 0:+.0f} +/- {error:.0f} (95 %)")
'
    exit "$status"
fi

serve 1 1
serve 2 1
play 1 chess "$sf2400" "$games" "$root/tools/sprt/chess.epd" "chess-$$"
play 2 xiangqi "$fsf" "$games" "$root/tools/sprt/xiangqi.epd" "xiangqi-$$"
echo "targets: $limit, $games games each; progress in $out/chess-$$.txt and $out/xiangqi-$$.txt" >&2
finish "chess-$$" "xiangqi-$$"
