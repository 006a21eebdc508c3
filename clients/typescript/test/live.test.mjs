// The package against a running server (clients/check.sh runs it):
//
//   ARBITER_GRPC=127.0.0.1:50051 ARBITER_HTTP=127.0.0.1:8080 ARBITER_TOKEN=... \
//     node --test test/
//
// LegalMoves over gRPC (HTTP/2, the gRPC port) and over Connect JSON (the
// HTTP port); an Analyze stream over gRPC and over gRPC-Web (the HTTP port
// does not speak Connect's streaming form); an error's field violations; the
// Engine token.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Code, ConnectError } from "@connectrpc/connect";
import {
  createConnectTransport,
  createGrpcTransport,
  createGrpcWebTransport,
} from "@connectrpc/connect-node";
import { createArbiterClient, engineToken, fieldViolations, Variant } from "@arbiter/client";

const { ARBITER_GRPC: grpc, ARBITER_HTTP: http, ARBITER_TOKEN: token } = process.env;
const interceptors = [engineToken(token)];
const overGrpc = createArbiterClient(
  createGrpcTransport({ baseUrl: `http://${grpc}`, interceptors }),
);
const overConnect = createArbiterClient(
  createConnectTransport({ baseUrl: `http://${http}`, httpVersion: "1.1", useBinaryFormat: false, interceptors }),
);
const overGrpcWeb = createArbiterClient(
  createGrpcWebTransport({ baseUrl: `http://${http}`, httpVersion: "1.1", interceptors }),
);

for (const [name, client] of [["gRPC", overGrpc], ["Connect JSON", overConnect]]) {
  test(`LegalMoves over ${name}`, async () => {
    const reply = await client.rules.legalMoves({
      position: { variant: Variant.CHESS, moves: ["e4", "e5"] },
    });
    assert.equal(reply.moves.length, 29);
    assert.equal(reply.fen, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
  });

  test(`an illegal move in the history over ${name}: INVALID_ARGUMENT naming its field`, async () => {
    await assert.rejects(
      client.rules.legalMoves({ position: { variant: Variant.CHESS, moves: ["e4", "Ke3"] } }),
      (error) => {
        assert.equal(ConnectError.from(error).code, Code.InvalidArgument);
        assert.deepEqual(fieldViolations(error).map((v) => v.field), ["position.moves[1]"]);
        return true;
      },
    );
  });
}

for (const [name, client] of [["gRPC", overGrpc], ["gRPC-Web", overGrpcWeb]]) {
  test(`an Analyze stream over ${name}`, async () => {
    const events = [];
    for await (const event of client.engine.analyze({
      position: { variant: Variant.XIANGQI },
      limits: { limit: { case: "depth", value: 4 } },
    })) {
      events.push(event.event.case);
    }
    assert.ok(events.length >= 2, events.join());
    assert.ok(events.slice(0, -1).every((kind) => kind === "info"), events.join());
    assert.equal(events.at(-1), "bestMove");
  });
}

test("an Engine call without the token is UNAUTHENTICATED", async () => {
  const anonymous = createArbiterClient(createGrpcTransport({ baseUrl: `http://${grpc}` }));
  await assert.rejects(
    anonymous.engine.bestMove({ position: { variant: Variant.CHESS }, limits: { limit: { case: "depth", value: 1 } } }),
    (error) => ConnectError.from(error).code === Code.Unauthenticated,
  );
});
