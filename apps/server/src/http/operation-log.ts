import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "../db/client.ts";
import { sysOperLog } from "../db/schema.ts";
import { WriteCoalescer } from "../db/write-coalescer.ts";
import { API_PREFIX } from "./api-not-found.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The record before and after the change, when the route knows them (the operation log keeps them). */
    changed: { before: unknown; after: unknown } | null;
  }
}

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Sign-in and its kin have their own log (the login log). */
const NOT_LOGGED = [`${API_PREFIX}/auth/`];
const SECRET_KEY = /pass(word)?|token|secret|captcha|verifyinfo|sign/i;
const MAX_JSON = 4000;

/** A request body fit to keep: secrets replaced, and cut short when it is large. */
export function keepable(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== "object") return value;
  if (depth > 6) return "…";
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => keepable(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, item]) => [
      key,
      SECRET_KEY.test(key) ? "******" : keepable(item, depth + 1),
    ]),
  );
}

function bounded(value: unknown): unknown {
  if (value === undefined) return null;
  const kept = keepable(value);
  const text = JSON.stringify(kept);
  return text !== undefined && text.length > MAX_JSON ? { truncated: text.slice(0, MAX_JSON) } : kept;
}

function errorOf(payload: unknown): string {
  if (typeof payload !== "string") return "";
  try {
    const msg = (JSON.parse(payload) as { msg?: unknown }).msg;
    return typeof msg === "string" ? msg.slice(0, 500) : "";
  } catch {
    return "";
  }
}

function shouldLog(request: FastifyRequest): boolean {
  const url = request.routeOptions.url ?? "";
  return (
    request.principal !== null &&
    WRITES.has(request.method) &&
    url.startsWith(`${API_PREFIX}/`) &&
    !NOT_LOGGED.some((prefix) => url.startsWith(prefix))
  );
}

/**
 * The operation log (system monitoring → operation log): every change a signed-in user asks of
 * the API, refused or not, is written before the answer leaves, so a change the user was told
 * about is never missing from the log.
 */
export const operationLogPlugin = fp(
  async (app: FastifyInstance, { db }: { db: Db }) => {
    app.decorateRequest("changed", null);
    // Entries of requests answered together are written together (one INSERT, one commit).
    const log = new WriteCoalescer<typeof sysOperLog.$inferInsert, void>(async (entries) => {
      await db.insert(sysOperLog).values(entries);
      return entries.map(() => undefined);
    });
    app.addHook("onSend", async (request, reply, payload) => {
      if (!shouldLog(request)) return payload;
      const principal = request.principal!;
      const url = request.routeOptions.url ?? "";
      try {
        await log.add({
          module: url.slice(API_PREFIX.length + 1).split("/")[0] ?? "",
          route: `${request.method} ${url}`.slice(0, 200),
          target: (request.params ?? {}) as Record<string, unknown>,
          userId: principal.userId,
          userName: principal.userName,
          siteId: principal.siteId,
          ip: request.ip,
          statusCode: reply.statusCode,
          error: reply.statusCode >= 400 ? errorOf(payload) : "",
          body: bounded(request.body),
          before: request.changed ? bounded(request.changed.before) : null,
          after: request.changed ? bounded(request.changed.after) : null,
          costMs: Math.round(reply.elapsedTime),
        });
      } catch (error) {
        request.log.error({ err: error }, "operation log: could not record the operation");
      }
      return payload;
    });
  },
  { name: "operation-log", dependencies: ["access"] },
);
