import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import Negotiator from "negotiator";
import { headerMemo } from "./header-memo.ts";

export type Encoding = "br" | "gzip" | "identity";
const ENCODINGS: Encoding[] = ["br", "gzip", "identity"];

/** One answer's bytes in each encoding a client may accept. */
export type Precompressed = Record<Encoding, Buffer>;

/**
 * An answer that many requests receive alike (a kept page, a role's menu tree), compressed once
 * at the best levels instead of per request (where @fastify/compress would spend more time on it
 * than on everything else the request does).
 */
export function precompress(text: string): Precompressed {
  const identity = Buffer.from(text, "utf8");
  return {
    identity,
    gzip: gzipSync(identity, { level: 9 }),
    br: brotliCompressSync(identity, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
  };
}

/** The bytes it keeps (a cache's size of an entry). */
export const sizeOf = (bodies: Precompressed) => bodies.identity.length + bodies.gzip.length + bodies.br.length;

const chosenFor = headerMemo(
  200,
  (header): Encoding =>
    (new Negotiator({ headers: { "accept-encoding": header } }).encoding(ENCODINGS) as Encoding | undefined) ??
    "identity",
);

/** The best of the kept encodings that the client accepts. */
export function encodingFor(acceptEncoding: string | undefined): Encoding {
  return chosenFor(acceptEncoding ?? "identity");
}

/**
 * Answers with the kept bytes in the client's encoding (the compression plugin leaves an answer
 * that already has its Content-Encoding alone). `vary` names what else chose these bytes.
 */
export function sendPrecompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  bodies: Precompressed,
  vary = "Accept-Encoding",
): FastifyReply {
  const encoding = encodingFor(request.headers["accept-encoding"]);
  reply.header("vary", vary);
  if (encoding !== "identity") reply.header("content-encoding", encoding);
  return reply.send(bodies[encoding]);
}
