#!/usr/bin/env bash
# The playground in a real browser: headless Chromium, driven by Selenium,
# against the binary the test suite already built (target/ci/arbiter, so
# nothing more is compiled). Plays Scholar's mate by clicks, tries an illegal
# move, plays a xiangqi perpetual check, runs an analysis, reads xiangqi in
# characters (both sets) and in Chinese, WXF and ICCS; a screenshot of
# each step lands in web/screenshots/ (or $ARBITER_SCREENSHOTS).
#
#   web/check.sh                        what .ci/run calls after the tests
#   web/check.sh install                only the installs (.ci/run starts it first, in
#                                       the background, so the downloads overlap the build)
#   ARBITER_BIN=target/release/arbiter web/check.sh
#
# Installs only what is missing, by package name: chromium and chromium-driver
# (apt), a CJK font for xiangqi's characters when the system has none
# (fonts-wqy-zenhei, apt), selenium (PyPI).
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BIN=${ARBITER_BIN:-$REPO/target/ci/arbiter}
SHOTS=${ARBITER_SCREENSHOTS:-$REPO/web/screenshots}

log() { printf '[web %s] %s\n' "$(date +%T)" "$*"; }

# Waits for the package lock rather than failing when another install holds it.
APT=(apt-get -o DPkg::Lock::Timeout=300)
if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
  log "installing (apt): chromium chromium-driver"
  "${APT[@]}" update -qq
  DEBIAN_FRONTEND=noninteractive "${APT[@]}" install -y -qq chromium chromium-driver >/dev/null
fi
if [[ -z "$(fc-list :lang=zh 2>/dev/null)" ]]; then
  log "installing (apt): fonts-wqy-zenhei"
  "${APT[@]}" update -qq
  DEBIAN_FRONTEND=noninteractive "${APT[@]}" install -y -qq fonts-wqy-zenhei >/dev/null
fi
if ! python3 -c 'import selenium' 2>/dev/null; then
  log "installing (PyPI): selenium"
  python3 -m pip install --quiet --disable-pip-version-check selenium
fi
[[ "${1:-}" == install ]] && exit 0

[[ -x "$BIN" ]] || { log "no binary at $BIN (run cargo test --profile ci first)"; exit 1; }

WORK=$(mktemp -d)
SERVER=
cleanup() {
  if [[ -n "$SERVER" ]]; then kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

# Ephemeral ports: the server logs what it bound.
ARBITER_GRPC_ADDR=127.0.0.1:0 ARBITER_ADMIN_ADDR=127.0.0.1:0 ARBITER_HTTP_ADDR=127.0.0.1:0 \
  ARBITER_LOG_FORMAT=json "$BIN" >"$WORK/server.log" 2>&1 &
SERVER=$!
HTTP=
for _ in $(seq 100); do
  HTTP=$(grep -o '"http":"[0-9.:]*"' "$WORK/server.log" | head -1 | cut -d'"' -f4 || true)
  [[ -n "$HTTP" ]] && break
  sleep 0.1
done
[[ -n "$HTTP" ]] || { cat "$WORK/server.log"; log "FAIL the server did not start"; exit 1; }
log "server at http://$HTTP/"

mkdir -p "$SHOTS"
python3 "$REPO/web/browser_test.py" "http://$HTTP/" "$SHOTS"
log "screenshots in $SHOTS"
