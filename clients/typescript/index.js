// @arbiter/client: the contract's messages and service descriptors (generated
// into gen/ by clients/generate.sh) and a few helpers over @connectrpc/connect.
// Plain JavaScript with index.d.ts beside it: usable without a build step.
import { ConnectError, createClient } from "@connectrpc/connect";
import { Engine } from "./gen/arbiter/v1/engine_pb.js";
import { Records } from "./gen/arbiter/v1/records_pb.js";
import { Rules } from "./gen/arbiter/v1/rules_pb.js";
import { BadRequestSchema } from "./gen/google/rpc/error_details_pb.js";

export * from "./gen/arbiter/v1/common_pb.js";
export * from "./gen/arbiter/v1/engine_pb.js";
export * from "./gen/arbiter/v1/records_pb.js";
export * from "./gen/arbiter/v1/rules_pb.js";
export { BadRequestSchema } from "./gen/google/rpc/error_details_pb.js";
export { StatusSchema } from "./gen/google/rpc/status_pb.js";

/** One client per service, all over `transport`. */
export function createArbiterClient(transport) {
  return {
    rules: createClient(Rules, transport),
    engine: createClient(Engine, transport),
    records: createClient(Records, transport),
  };
}

/** An interceptor that sends the Engine token on Engine calls only. */
export function engineToken(token) {
  return (next) => async (request) => {
    if (request.service.typeName === Engine.typeName) {
      request.header.set("authorization", `Bearer ${token}`);
    }
    return next(request);
  };
}

/** The request fields an error names (google.rpc.BadRequest details). */
export function fieldViolations(error) {
  return ConnectError.from(error)
    .findDetails(BadRequestSchema)
    .flatMap((detail) => detail.fieldViolations);
}
