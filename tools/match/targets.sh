#!/usr/bin/env bash
# The engine issue's target rows: the built-in engine through the service's
# Engine (one search thread, at normal priority) against Stockfish 15.1 at
# UCI_Elo 2400 in chess and Fairy-Stockfish 11.1 at full strength in xiangqi,
# both matches at once (one game at a time each, so two searches on two
# cores), the book tools/sprt/GAME.epd with colours swapped, no adjudication.
#
#   tools/match/targets.sh [LIMIT] [GAMES] [SKILL|chess]
#
# LIMIT is `--tc 10+0.1` (the default) or `--movetime 100`, quoted or not; GAMES defaults to
# 100 per match. With SKILL (the issue's rung on the way is 15), only xiangqi
# is played, against Fairy-Stockfish at that Skill Level, two games at a time
# on one server with two search threads (still one a search); with `chess`,
# only the chess row is played, two games at a time the same way. The servers are
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
[[ -z $skill || $skill == chess || $skill =~ ^[0-9]+$ ]] || { echo "targets.sh: SKILL must be a number or \`chess\`, not '$skill'" >&2; exit 2; }
"$root/tools/engines.sh"
cargo build --release --quiet --bin arbiter --manifest-path "$root/Cargo.toml"
bin=$root/target/release/arbiter
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
}

fsf="name=fsf,cmd=/usr/games/fairy-stockfish,option.Threads=1,option.Hash=16"
sf2400="name=sf2400,cmd=/usr/games/stockfish,option.Threads=1,option.Hash=16,option.UCI_LimitStrength=true,option.UCI_Elo=2400"
# One match alone, two games at a time on one server with two search threads.
if [[ -n $skill ]]; then
    if [[ $skill == chess ]]; then
        game=chess opponent=$sf2400 name=chess-$$ what="chess alone"
    else
        game=xiangqi opponent="$fsf,option.Skill Level=$skill" name=xiangqi-skill$skill-$$
        what="xiangqi against Skill Level $skill"
    fi
    serve 2 2
    # shellcheck disable=SC2086 # $limit is two words on purpose
    "$bin" match --game "$game" --engine name=arbiter,grpc=http://127.0.0.1:50162 \
        --engine "$opponent" --concurrency 2 \
        $limit --games "$games" --openings "$root/tools/sprt/$game.epd" \
        --pgn "$out/$name.pgn" >"$out/$name.txt" 2>&1 &
    match=$!
    echo "targets: $what, $limit, $games games; progress in $out/$name.txt" >&2
    status=0
    wait "$match" || status=$?
    grep -v -e '^Finished game' -e '^Score of' "$out/$name.txt" | tail -6
    exit "$status"
fi

serve 1 1
serve 2 1
# shellcheck disable=SC2086 # $limit is two words on purpose
"$bin" match --game chess --engine name=arbiter,grpc=http://127.0.0.1:50161 \
    --engine "$sf2400" \
    $limit --games "$games" --openings "$root/tools/sprt/chess.epd" --pgn "$out/chess-$$.pgn" \
    >"$out/chess-$$.txt" 2>&1 &
chess=$!
# shellcheck disable=SC2086
"$bin" match --game xiangqi --engine name=arbiter,grpc=http://127.0.0.1:50162 \
    --engine "$fsf" \
    $limit --games "$games" --openings "$root/tools/sprt/xiangqi.epd" --pgn "$out/xiangqi-$$.pgn" \
    >"$out/xiangqi-$$.txt" 2>&1 &
xiangqi=$!
echo "targets: $limit, $games games each; progress in $out/chess-$$.txt and $out/xiangqi-$$.txt" >&2
status=0
wait "$chess" || status=$?
wait "$xiangqi" || status=$?
for game in chess xiangqi; do
    echo "== $game"
    grep -v -e '^Finished game' -e '^Score of' "$out/$game-$$.txt" | tail -6
done
exit "$status"
