#!/usr/bin/env bash
# Side-by-side service load: runs each RPC in turn, for several rounds,
# against an already running server, and prints one line per run with the
# load tool's figures plus the server's CPU time per call (from
# /proc/<pid>/stat), which stays meaningful on a machine shared with other
# work. Usage:
#   tools/service-load.sh <server-pid> [rounds] [seconds] [rpc[:view]...]
# (e.g. legal-moves-chess:coordinates for LegalMoves with MOVE_VIEW_COORDINATES)
# Environment: ADDR (default http://127.0.0.1:50051), CONCURRENCY (32),
# CONNECTIONS (4), THREADS (0: one multi-threaded client runtime; N: N
# single-threaded event loops), LOAD (target/release/examples/load).
set -euo pipefail
pid=$1
rounds=${2:-3}
seconds=${3:-10}
shift $(( $# < 3 ? $# : 3 ))
rpcs=("$@")
[ ${#rpcs[@]} -eq 0 ] && rpcs=(health legal-moves-chess game-status200 game-status200-san validate-move)
addr=${ADDR:-http://127.0.0.1:50051}
load=${LOAD:-${CARGO_TARGET_DIR:-target}/release/examples/load}
tick=$(getconf CLK_TCK)

cpu_ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }

for round in $(seq 1 "$rounds"); do
  for rpc in "${rpcs[@]}"; do
    before=$(cpu_ticks)
    view=full
    [[ $rpc == *:* ]] && view=${rpc#*:}
    out=$("$load" --addr "$addr" --rpc "${rpc%%:*}" --view "$view" --concurrency "${CONCURRENCY:-32}" \
      --connections "${CONNECTIONS:-4}" --threads "${THREADS:-0}" --duration "$seconds" --warmup 0 || true)
    after=$(cpu_ticks)
    calls=$(grep -o 'calls=[0-9]*' <<<"$out" | cut -d= -f2)
    errors=$(grep -o 'errors=[0-9]*' <<<"$out" | cut -d= -f2)
    rate=$(grep -o 'throughput=[0-9]*' <<<"$out" | cut -d= -f2)
    lat=$(grep -o 'p50=.*' <<<"$out" | head -1)
    cpu_us=$(( (after - before) * 1000000 / tick / (calls > 0 ? calls : 1) ))
    echo "round=$round rpc=$rpc calls/s=$rate errors=$errors server_cpu_us/call=$cpu_us $lat"
  done
done
