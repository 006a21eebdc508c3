#!/usr/bin/env bash
# Two builds under the same load, for BENCHMARKS.md comparisons. Starts both
# servers at once (A on 127.0.0.1:50201, B on 50202) and runs each RPC on A
# and on B back to back with tools/service-load.sh (the order swapped every
# round), so a pair shares whatever else the machine is doing; then prints,
# per RPC, the medians over rounds of A's gain over B in calls per second
# and in calls per second as a share of the same build's Health/Check in the
# same round. Usage:
#   tools/service-load-ab.sh <arbiter A> <arbiter B> [rounds] [seconds] [rpc[:view]...]
# Environment: as tools/service-load.sh (LOAD, CONCURRENCY, CONNECTIONS,
# THREADS); the RPCs must include `health` for the shares.
set -euo pipefail
a=$1
b=$2
rounds=${3:-3}
seconds=${4:-5}
shift $(( $# < 4 ? $# : 4 ))
rpcs=("$@")
[ ${#rpcs[@]} -eq 0 ] && rpcs=(health legal-moves-chess legal-moves-chess:coordinates
  legal-moves-xiangqi legal-moves-xiangqi:coordinates game-status200)
here=$(dirname "$0")
log=$(mktemp)
RUST_LOG=warn "$a" --grpc-addr 127.0.0.1:50201 --admin-addr 127.0.0.1:9191 --http-addr 127.0.0.1:8191 >/dev/null 2>&1 &
pa=$!
RUST_LOG=warn "$b" --grpc-addr 127.0.0.1:50202 --admin-addr 127.0.0.1:9192 --http-addr 127.0.0.1:8192 >/dev/null 2>&1 &
pb=$!
trap 'kill $pa $pb 2>/dev/null; rm -f "$log"' EXIT
sleep 1
echo "start: $(uptime)"
for round in $(seq 1 "$rounds"); do
  order="A B"
  [ $((round % 2)) -eq 0 ] && order="B A"
  for rpc in "${rpcs[@]}"; do
    for side in $order; do
      if [ "$side" = A ]; then pid=$pa port=50201; else pid=$pb port=50202; fi
      ADDR=http://127.0.0.1:$port "$here/service-load.sh" "$pid" 1 "$seconds" "$rpc" \
        | sed "s/^round=1/round=$round build=$side/" | tee -a "$log"
    done
  done
done
echo "end: $(uptime)"
python3 - "$log" <<'EOF'
import re, statistics, sys
runs = {}
for line in open(sys.argv[1]):
    m = re.match(r"round=(\d+) build=(\S+) rpc=(\S+) calls/s=(\d+) .*server_cpu_us/call=(\d+)", line)
    if m:
        runs[(m[1], m[2], m[3])] = (int(m[4]), int(m[5]))
rounds = sorted({r for r, _, _ in runs})
for rpc in dict.fromkeys(k[2] for k in runs):
    pairs = [(runs[(r, "A", rpc)], runs[(r, "B", rpc)]) for r in rounds
             if (r, "A", rpc) in runs and (r, "B", rpc) in runs]
    if not pairs:
        continue
    gain = statistics.median(x[0] / y[0] for x, y in pairs) - 1
    line = f"{rpc:34s} A over B: calls/s {gain:+.1%}"
    if rpc != "health" and all((r, s, "health") in runs for r in rounds for s in "AB"):
        share = {s: [runs[(r, s, rpc)][0] / runs[(r, s, "health")][0] for r in rounds] for s in "AB"}
        ratio = statistics.median(x / y for x, y in zip(share["A"], share["B"])) - 1
        line += (f", share of Health/Check {ratio:+.1%}"
                 f" (A {statistics.median(share['A']):.1%}, B {statistics.median(share['B']):.1%})")
    cpu = [statistics.median(p[i][1] for p in pairs) for i in (0, 1)]
    print(line + f"; server CPU per call A {cpu[0]} µs, B {cpu[1]} µs")
EOF
