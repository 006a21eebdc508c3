#!/usr/bin/env bash
# The performance floors measured with h2load, a load generator that only
# sends a fixed body and counts answers, so the client's own CPU (on a
# machine it shares with the server) hardly depends on the answer:
# Health/Check, unary LegalMoves (chess, xiangqi; full and coordinates
# views) and Rules.Batch of the same LegalMoves call, in rounds. Prints one
# line per run (calls/s, positions/s, server CPU per call from
# /proc/<pid>/stat) and, per round, each LegalMoves share of Health/Check's
# calls/s and Batch's positions/s against the unary call's. Usage:
#   tools/h2load-floors.sh <server-pid> [rounds] [seconds]
# Environment: ADDR (default http://127.0.0.1:50051), ITEMS (Batch items, 100),
# LOAD (target/release/examples/load, which writes the request bodies).
set -euo pipefail
pid=$1
rounds=${2:-3}
seconds=${3:-5}
addr=${ADDR:-http://127.0.0.1:50051}
items=${ITEMS:-100}
load=${LOAD:-${CARGO_TARGET_DIR:-target}/release/examples/load}
tick=$(getconf CLK_TCK)
bodies=$(mktemp -d)
trap 'rm -rf "$bodies"' EXIT

"$load" --rpc health --write-body "$bodies/health"
for game in chess xiangqi; do
  for view in full coordinates; do
    "$load" --rpc "legal-moves-$game" --view "$view" --write-body "$bodies/$game-$view"
    "$load" --rpc "legal-moves-$game" --view "$view" --write-body "$bodies/batch-$game-$view" --batch-items "$items"
  done
done

cpu_ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }

# run NAME PATH BODY STREAMS: prints the run's line and sets `rate` (calls/s).
run() {
  local before after out calls
  before=$(cpu_ticks)
  out=$(h2load -D "$seconds" -c 4 -m "$4" -t 1 --data="$bodies/$3" \
    -H 'content-type: application/grpc' -H 'te: trailers' "$addr$2" 2>&1)
  after=$(cpu_ticks)
  calls=$(grep -o '[0-9]* succeeded' <<<"$out" | cut -d' ' -f1)
  rate=$(grep -o 'finished in [0-9.]*s, [0-9.]* req/s' <<<"$out" | awk '{print $4}')
  if [[ -z $calls || $calls -eq 0 ]]; then
    echo "$1: no call succeeded" >&2
    grep -E 'status codes|failed' <<<"$out" >&2 || true
    exit 1
  fi
  printf '%-28s calls/s=%-9s server_cpu_us/call=%s\n' "$1" "$rate" \
    $(( (after - before) * 1000000 / tick / calls ))
}

for round in $(seq 1 "$rounds"); do
  echo "round $round"
  run health /grpc.health.v1.Health/Check health 8
  health=$rate
  for game in chess xiangqi; do
    for view in full coordinates; do
      run "legal-moves $game $view" /arbiter.v1.Rules/LegalMoves "$game-$view" 8
      unary=$rate
      run "batch($items) $game $view" /arbiter.v1.Rules/Batch "batch-$game-$view" 1
      awk -v u="$unary" -v h="$health" -v b="$rate" -v n="$items" -v name="$game $view" 'BEGIN {
        printf "  %-26s share of Health/Check %.1f %%, Batch %.0f positions/s = %.2fx unary\n",
          name, 100 * u / h, b * n, b * n / u }'
    done
  done
done
