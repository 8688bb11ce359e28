import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "../db/client.ts";
import { jsonRows } from "../db/json-rows.ts";
import { OPERATION_PENDING, sysOperLog } from "../db/schema.ts";
import { WriteCoalescer } from "../db/write-coalescer.ts";
import { API_PREFIX } from "./api-paths.ts";
import { AppError } from "./errors.ts";
import { storable } from "./storable-text.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The record before and after the change, when the route knows them (the operation log keeps them). */
    changed: { before: unknown; after: unknown } | null;
    /** This request's entry in the operation log, written before its route ran. */
    operationLogId: number | null;
  }
}

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The writes that another record keeps, written by the route before it answers: the operation log
 * leaves them out. Every other write of the API is logged, whoever asks (visitors included).
 */
export const KEPT_ELSEWHERE: Readonly<Record<string, string>> = {
  "POST /prod-api/auth/admin/login": "the login log keeps every attempt, refused or not",
  "POST /prod-api/auth/two-factor": "the login log keeps every attempt, refused or not",
  "POST /prod-api/auth/refresh": "the session's row keeps its new expiry",
  "DELETE /prod-api/auth/logout": "the session's row keeps when and why it ended",
};

const SECRET_KEY = /pass(word)?|token|secret|captcha|verifyinfo|sign|otp|recovery|private_?key/i;
/** How much the log keeps: of one text, of one list, of nesting, of one JSON value as a whole. */
const MAX_TEXT = 1000;
const MAX_ITEMS = 50;
const MAX_DEPTH = 6;
const MAX_JSON = 4000;

/**
 * A value fit to keep: secrets replaced, texts cut short and made storable (PostgreSQL's JSON
 * refuses a NUL or a lone surrogate, and the entry would be lost), bytes counted rather than copied.
 */
export function keepable(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return storable(value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value);
  if (value === null || typeof value !== "object") return value;
  if (ArrayBuffer.isView(value)) return `[${value.byteLength} bytes]`;
  if (depth >= MAX_DEPTH) return "…";
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map((item) => keepable(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .slice(0, MAX_ITEMS)
      .map(([key, item]) => [storable(key), SECRET_KEY.test(key) ? "******" : keepable(item, depth + 1)]),
  );
}

function bounded(value: unknown): unknown {
  if (value === undefined) return null;
  const kept = keepable(value);
  const text = JSON.stringify(kept);
  // Cut on a code unit: storable() mends a surrogate pair cut in half.
  return text !== undefined && text.length > MAX_JSON ? { truncated: storable(text.slice(0, MAX_JSON)) } : kept;
}

function errorOf(payload: unknown): string {
  if (typeof payload !== "string") return "";
  try {
    const msg = (JSON.parse(payload) as { msg?: unknown }).msg;
    return typeof msg === "string" ? storable(msg.slice(0, 500)) : "";
  } catch {
    return "";
  }
}

/**
 * A write to the API, asked by someone who got past its access check (a visitor on a public
 * route, a signed-in user elsewhere: a request refused for want of a session changed nothing).
 */
function isLogged(request: FastifyRequest): boolean {
  const access = request.routeOptions.config?.access;
  const url = request.routeOptions.url ?? "";
  if (!access || !WRITES.has(request.method) || !url.startsWith(`${API_PREFIX}/`)) return false;
  if (`${request.method} ${url}` in KEPT_ELSEWHERE) return false;
  return access === "public" || request.principal !== null;
}

type Entry = typeof sysOperLog.$inferInsert;
type Outcome = Pick<Entry, "statusCode" | "error" | "before" | "after" | "costMs"> & { operId: number };

/** What the log keeps of a request, with its outcome so far. */
function entryOf(request: FastifyRequest, outcome: Omit<Outcome, "operId">): Entry {
  const principal = request.principal;
  const url = request.routeOptions.url ?? "";
  return {
    module:
      url
        .slice(API_PREFIX.length + 1)
        .split("/")[0]
        ?.slice(0, 32) ?? "",
    route: `${request.method} ${url}`.slice(0, 200),
    target: keepable(request.params ?? {}) as Record<string, unknown>,
    userId: principal?.userId ?? null,
    userName: principal?.userName ?? "",
    siteId: principal?.siteId ?? null,
    ip: storable(request.ip.slice(0, 64)),
    body: bounded(request.body),
    ...outcome,
  };
}

function outcomeOf(request: FastifyRequest, reply: FastifyReply, payload: unknown): Omit<Outcome, "operId"> {
  const statusCode = reply.statusCode;
  return {
    statusCode,
    error: statusCode >= 400 ? errorOf(payload) : "",
    before: request.changed ? bounded(request.changed.before) : null,
    after: request.changed ? bounded(request.changed.after) : null,
    costMs: Math.round(reply.elapsedTime),
  };
}

/**
 * The operation log (system monitoring → operation log). It fails closed: before a write's route
 * runs, the request is written to the log (who, from where, which route and record, what was sent)
 * with its outcome pending, and a request that cannot be written there is refused (503) before
 * anything changes. When the answer leaves, its outcome (status, message, the record before and
 * after) completes the entry; should that fail, the entry stays with its outcome unknown
 * (statusCode 0), so a change is never missing from the log. A request refused before its route ran
 * (its input, its permission) changed nothing and is logged once, with its refusal.
 *
 * Not in the same transaction as the change: an entry whose change then failed says so by its
 * outcome, and one whose process stopped mid-request keeps "unknown".
 */
export const operationLogPlugin = fp(
  async (app: FastifyInstance, { db }: { db: Db }) => {
    app.decorateRequest("changed", null);
    app.decorateRequest("operationLogId", null);

    // Entries of requests that arrive together are written together (one INSERT, one commit, its
    // rows one JSON parameter: see jsonRows). Each row's id is drawn from the table's sequence as
    // the rows are read from that parameter, in its order: the ids, ascending, are the entries' in
    // order, whatever order RETURNING gives them in (PostgreSQL does not promise one), and however
    // other processes' ids fall between them.
    const entries = new WriteCoalescer<Entry, number>(async (items) => {
      const written = await db
        .insert(sysOperLog)
        .select(jsonRows(sysOperLog, items))
        .returning({ operId: sysOperLog.operId });
      return written.map((row) => row.operId).sort((a, b) => a - b);
    });
    const outcomes = new WriteCoalescer<Outcome, void>(async (items) => {
      const rows = items.map((item) => ({
        oper_id: item.operId,
        status_code: item.statusCode,
        error: item.error,
        before: item.before,
        after: item.after,
        cost_ms: item.costMs,
      }));
      await db.execute(sql`
        update ${sysOperLog} set
          status_code = o.status_code, error = o.error, before = o.before, after = o.after, cost_ms = o.cost_ms
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as o(oper_id bigint, status_code integer, error text, before jsonb, after jsonb, cost_ms integer)
        where ${sysOperLog.operId} = o.oper_id`);
      return items.map(() => undefined);
    });

    // After validation and the input guard: what is written is what the route will act on.
    // Callback hooks: most requests are not logged, and pass on without a promise of their own.
    app.addHook("preHandler", (request, _reply, done) => {
      if (!isLogged(request)) return done();
      entries
        .add(entryOf(request, { statusCode: OPERATION_PENDING, error: "", before: null, after: null, costMs: 0 }))
        .then(
          (id) => {
            request.operationLogId = id;
            done();
          },
          (error: unknown) => {
            request.log.error({ err: error }, "operation log: could not record the operation, refused it");
            done(new AppError(503, "operation_log_unavailable"));
          },
        );
    });

    app.addHook("onSend", (request, reply, payload, done) => {
      if (!isLogged(request)) return done(null, payload);
      const outcome = outcomeOf(request, reply, payload);
      const written =
        request.operationLogId === null
          ? entries.add(entryOf(request, outcome))
          : outcomes.add({ operId: request.operationLogId, ...outcome });
      written.then(
        () => done(null, payload),
        (error: unknown) => {
          request.log.error({ err: error }, "operation log: could not record the outcome");
          done(null, payload);
        },
      );
    });
  },
  { name: "operation-log", dependencies: ["access", "input-guard"] },
);
