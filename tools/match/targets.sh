#!/usr/bin/env bash
# The engine issue's target rows: the built-in engine through the service's
# Engine (one search thread, at normal priority) against Stockfish 15.1 at
# UCI_Elo 2400 in chess and Fairy-Stockfish 11.1 at full strength in xiangqi,
# both matches at once (one game at a time each, so two searches on two
# cores), the book tools/sprt/GAME.epd with colours swapped, no adjudication.
#
#   tools/match/targets.sh [LIMIT] [GAMES]
#
# LIMIT is `--tc 10+0.1` (the default) or `--movetime 100`; GAMES defaults to
# 100 per match. The servers are started here and stopped by their PIDs; the
# games go to target/targets/GAME-PID.pgn, the summaries to the output.
set -euo pipefail
root=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
limit=${1:---tc 10+0.1}
games=${2:-100}
"$root/tools/engines.sh"
cargo build --release --quiet --bin arbiter --manifest-path "$root/Cargo.toml"
bin=$root/target/release/arbiter
out=$root/target/targets
mkdir -p "$out"

pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT
for port in 1 2; do
    ARBITER_SEARCH_NICE=0 "$bin" --grpc-addr 127.0.0.1:5016$port --admin-addr 127.0.0.1:5017$port \
        --http-addr 127.0.0.1:5018$port --search-threads 1 >"$out/server-$port.log" 2>&1 &
    pids+=($!)
done
for port in 1 2; do
    for _ in $(seq 100); do
        curl -fs "http://127.0.0.1:5017$port/readyz" >/dev/null 2>&1 && break
        sleep 0.1
    done
done

# shellcheck disable=SC2086 # $limit is two words on purpose
"$bin" match --game chess --engine name=arbiter,grpc=http://127.0.0.1:50161 \
    --engine "name=sf2400,cmd=/usr/games/stockfish,option.Threads=1,option.Hash=16,option.UCI_LimitStrength=true,option.UCI_Elo=2400" \
    $limit --games "$games" --openings "$root/tools/sprt/chess.epd" --pgn "$out/chess-$$.pgn" \
    >"$out/chess-$$.txt" 2>&1 &
chess=$!
# shellcheck disable=SC2086
"$bin" match --game xiangqi --engine name=arbiter,grpc=http://127.0.0.1:50162 \
    --engine "name=fsf,cmd=/usr/games/fairy-stockfish,option.Threads=1,option.Hash=16" \
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
