import type { Client, Interceptor, Transport } from "@connectrpc/connect";
import type { Engine } from "./gen/arbiter/v1/engine_pb.js";
import type { Records } from "./gen/arbiter/v1/records_pb.js";
import type { Rules } from "./gen/arbiter/v1/rules_pb.js";
import type { BadRequest_FieldViolation } from "./gen/google/rpc/error_details_pb.js";

export * from "./gen/arbiter/v1/common_pb.js";
export * from "./gen/arbiter/v1/engine_pb.js";
export * from "./gen/arbiter/v1/records_pb.js";
export * from "./gen/arbiter/v1/rules_pb.js";
export { BadRequestSchema } from "./gen/google/rpc/error_details_pb.js";
export type { BadRequest, BadRequest_FieldViolation } from "./gen/google/rpc/error_details_pb.js";
export { StatusSchema } from "./gen/google/rpc/status_pb.js";
export type { Status } from "./gen/google/rpc/status_pb.js";

/** The three services' clients. */
export interface ArbiterClient {
  rules: Client<typeof Rules>;
  engine: Client<typeof Engine>;
  records: Client<typeof Records>;
}

/**
 * One client per service over `transport`: connect-node's `createGrpcTransport`
 * (the gRPC port), `createGrpcWebTransport` or `createConnectTransport` (the
 * HTTP port; Connect for unary calls only), or connect-web's for a browser.
 */
export declare function createArbiterClient(transport: Transport): ArbiterClient;

/**
 * An interceptor that sends `authorization: Bearer <token>` on Engine calls
 * (the server's `--engine-token`), and on no other call.
 */
export declare function engineToken(token: string): Interceptor;

/**
 * The request fields a failed call names (`position.moves[1]`, ...), read from
 * its google.rpc.BadRequest details; empty when it carries none.
 */
export declare function fieldViolations(error: unknown): BadRequest_FieldViolation[];
