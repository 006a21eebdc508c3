#!/usr/bin/env bash
# The client packages and the contract, checked (.ci/run calls it after
# web/check.sh):
#   1. drift: clients/generate.sh into a temporary directory gives exactly the
#      committed generated code (clients/python/src/arbiter_client/_proto,
#      clients/typescript/gen);
#   2. buf lint, and buf breaking against proto/baseline.binpb (the contract
#      of the last release; buf.yaml says what is checked);
#   3. `pip install ./clients/python` into the clients' virtual environment,
#      then the installed package, and the TypeScript package under Node,
#      against a real server: target/ci/arbiter (nothing compiled), started here
#      on ephemeral ports with an Engine token, stopped at the end; both over
#      TLS against a second one (a certificate made with openssl, when there
#      is one); the READMEs' examples.
#
#   clients/check.sh             all of it
#   clients/check.sh install     only the installs (.ci/run starts it first, in the
#                                background, so they overlap the build)
#   ARBITER_BIN=target/release/arbiter clients/check.sh
#
# Installs only what is missing, by package name (clients/generate.sh --install):
# grpcio-tools (which brings grpcio and protobuf) and googleapis-common-protos
# from PyPI into target/clients-venv; `npm ci` in clients/typescript.
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BIN=${ARBITER_BIN:-$REPO/target/ci/arbiter}
VENV=${ARBITER_CLIENTS_VENV:-$REPO/target/clients-venv}
export ARBITER_CLIENTS_VENV=$VENV

log() { printf '[clients %s] %s\n' "$(date +%T)" "$*"; }

bash "$REPO/clients/generate.sh" --install
[[ "${1:-}" == install ]] && exit 0

WORK=$(mktemp -d)
SERVER= TLS_SERVER=
cleanup() {
  for pid in $SERVER $TLS_SERVER; do
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  rm -rf "$WORK"
}
trap cleanup EXIT

log "drift: regenerating from proto/ into a temporary directory"
bash "$REPO/clients/generate.sh" --out "$WORK/gen"
drift=0
diff -r "$REPO/clients/python/src/arbiter_client/_proto" "$WORK/gen/python/src/arbiter_client/_proto" || drift=1
diff -r "$REPO/clients/typescript/gen" "$WORK/gen/typescript/gen" || drift=1
if ((drift)); then
  log "FAIL the committed client code is not what proto/ generates: run clients/generate.sh and commit"
  exit 1
fi

BUF=$REPO/clients/typescript/node_modules/.bin/buf
log "buf lint"
(cd "$REPO" && "$BUF" lint)
log "buf breaking --against proto/baseline.binpb"
(cd "$REPO" && "$BUF" breaking --against proto/baseline.binpb)

log "pip install ./clients/python"
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --force-reinstall --no-deps \
  "$REPO/clients/python"
# Its declared dependencies are met by what is installed (nothing fetched).
"$VENV/bin/python" -m pip check >/dev/null || { "$VENV/bin/python" -m pip check; exit 1; }

[[ -x "$BIN" ]] || { log "no binary at $BIN (run cargo test --profile ci first)"; exit 1; }
TOKEN=client-check-$RANDOM$RANDOM
# Ephemeral ports: the server logs what it bound.
ARBITER_GRPC_ADDR=127.0.0.1:0 ARBITER_ADMIN_ADDR=127.0.0.1:0 ARBITER_HTTP_ADDR=127.0.0.1:0 \
  ARBITER_ENGINE_TOKEN=$TOKEN ARBITER_LOG_FORMAT=json "$BIN" >"$WORK/server.log" 2>&1 &
SERVER=$!
GRPC= HTTP=
for _ in $(seq 100); do
  GRPC=$(grep -o '"grpc":"[0-9.:]*"' "$WORK/server.log" | head -1 | cut -d'"' -f4 || true)
  HTTP=$(grep -o '"http":"[0-9.:]*"' "$WORK/server.log" | head -1 | cut -d'"' -f4 || true)
  [[ -n "$GRPC" && -n "$HTTP" ]] && break
  sleep 0.1
done
[[ -n "$GRPC" && -n "$HTTP" ]] || { cat "$WORK/server.log"; log "FAIL the server did not start"; exit 1; }
log "server: gRPC $GRPC, HTTP $HTTP"

log "Python: the installed arbiter-client"
# From another directory, so the import is the installed package, not the source.
(cd "$WORK" && "$VENV/bin/python" "$REPO/clients/python/tests/live_check.py" "$GRPC" "$TOKEN")

log "TypeScript: @arbiter/client under Node $(node --version)"
(cd "$REPO/clients/typescript" &&
  ARBITER_GRPC=$GRPC ARBITER_HTTP=$HTTP ARBITER_TOKEN=$TOKEN node --test --test-reporter=spec test/)

# TLS: a second server whose gRPC port speaks only TLS, with a certificate
# made here; both clients trust it through their root-certificates option.
if command -v openssl >/dev/null; then
  log "TLS: both clients with a private CA"
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 1 -subj /CN=localhost \
    -addext subjectAltName=DNS:localhost,IP:127.0.0.1 -keyout "$WORK/key.pem" -out "$WORK/cert.pem" 2>/dev/null
  ARBITER_GRPC_ADDR=127.0.0.1:0 ARBITER_ADMIN_ADDR=127.0.0.1:0 ARBITER_HTTP_ADDR=127.0.0.1:0 \
    ARBITER_TLS_CERT=$WORK/cert.pem ARBITER_TLS_KEY=$WORK/key.pem ARBITER_LOG_FORMAT=json \
    "$BIN" >"$WORK/tls.log" 2>&1 &
  TLS_SERVER=$!
  TLS=
  for _ in $(seq 100); do
    TLS=$(grep -o '"grpc":"[0-9.:]*"' "$WORK/tls.log" | head -1 | cut -d'"' -f4 || true)
    [[ -n "$TLS" ]] && break
    sleep 0.1
  done
  [[ -n "$TLS" ]] || { cat "$WORK/tls.log"; log "FAIL the TLS server did not start"; exit 1; }
  tls_ok=1
  (cd "$WORK" && "$VENV/bin/python" -c '
import sys
from arbiter_client import Arbiter
with Arbiter(sys.argv[1], root_certificates=open(sys.argv[2], "rb").read(), timeout=10) as arbiter:
    assert len(arbiter.legal_moves("chess").moves) == 20
print("ok Python over TLS")' "$TLS" "$WORK/cert.pem") || tls_ok=0
  (cd "$REPO/clients/typescript" && node --input-type=module -e '
import { readFileSync } from "node:fs";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { createArbiterClient, Variant } from "@arbiter/client";
const [address, ca] = process.argv.slice(1);
const arbiter = createArbiterClient(createGrpcTransport({ baseUrl: `https://${address}`, nodeOptions: { ca: readFileSync(ca) } }));
const reply = await arbiter.rules.legalMoves({ position: { variant: Variant.CHESS } });
if (reply.moves.length !== 20) throw new Error(`${reply.moves.length} moves`);
console.log("ok TypeScript over TLS");' "$TLS" "$WORK/cert.pem") || tls_ok=0
  kill "$TLS_SERVER" 2>/dev/null || true
  wait "$TLS_SERVER" 2>/dev/null || true
  TLS_SERVER=
  ((tls_ok)) || { log "FAIL a client over TLS"; exit 1; }
else
  log "no openssl: the TLS check is skipped"
fi

# The READMEs' examples, as a user who installed the packages would run them
# (the addresses and the token replaced by this server's): the root README's,
# the Python package's first, the TypeScript package's two.
readme_block() { # FILE LANGUAGE N
  awk -v lang="$2" -v want="$3" '$0 == "```" lang { n++; on = (n == want); next } /^```/ { on = 0 } on' "$1"
}
localize() { sed -e "s/127\.0\.0\.1:50051/$GRPC/g; s/127\.0\.0\.1:8080/$HTTP/g; s/s3cret/$TOKEN/g"; }
log "the READMEs' examples"
readme_block "$REPO/clients/python/README.md" python 1 | localize >"$WORK/readme.py"
[[ -s "$WORK/readme.py" ]] || { log "FAIL clients/python/README.md has no Python block"; exit 1; }
(cd "$WORK" && "$VENV/bin/python" readme.py)
readme_block "$REPO/README.md" python 1 | localize >"$WORK/readme-root.py"
[[ -s "$WORK/readme-root.py" ]] || { log "FAIL README.md has no Python block"; exit 1; }
(cd "$WORK" && "$VENV/bin/python" readme-root.py)
mkdir -p "$WORK/node_modules/@arbiter"
ln -s "$REPO/clients/typescript" "$WORK/node_modules/@arbiter/client"
ln -s "$REPO/clients/typescript/node_modules/@connectrpc" "$WORK/node_modules/@connectrpc"
for example in clients/typescript/README.md:1 clients/typescript/README.md:2 README.md:1; do
  file=${example%:*} n=${example#*:}
  script=$WORK/readme-$(echo "$example" | tr -c 'a-z0-9\n' -).mjs
  readme_block "$REPO/$file" js "$n" | localize >"$script"
  [[ -s "$script" ]] || { log "FAIL $file has no JavaScript block $n"; exit 1; }
  (cd "$WORK" && node "$script")
done
log "passed"
