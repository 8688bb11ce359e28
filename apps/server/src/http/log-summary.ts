import type { FastifyRequest } from "fastify";
import { storable } from "./storable-text.ts";

/** How much of one text a log line keeps. */
const MAX_TEXT = 500;
const MAX_STACK_LINES = 12;
/**
 * The fields of an error worth keeping: PostgreSQL's own (never the query's parameters), and the
 * job runner's (pg-boss reports a worker's failure as a plain object with the queue and worker).
 */
const KEPT_FIELDS = ["statusCode", "code", "severity", "constraint", "table", "column", "routine", "queue", "worker"];

function cut(text: string, max = MAX_TEXT): string {
  const clean = storable(text);
  return clean.length > max ? `${clean.slice(0, max)}… (${clean.length} characters)` : clean;
}

/**
 * A query's failure names its parameters after the text ("Failed query: …\nparams: …"): they are
 * what was sent (a password's hash, an uploaded file's bytes), so the log keeps the text only.
 */
function withoutParameters(message: string): string {
  const at = message.indexOf("\nparams:");
  return at === -1 ? message : message.slice(0, at);
}

type ErrorSummary = { type: string; message: string; stack: string; [field: string]: unknown };

/**
 * An error as the log keeps it (pino's `err` serializer): its type, a bounded message, the codes
 * that say what went wrong, where it was thrown and its cause, and nothing else. Pino's own
 * serializer copies every property of an error, so a failed query would copy its parameters (an
 * uploaded file's bytes, whole bodies) into the log.
 */
export function errorSummary(error: unknown, depth = 0): ErrorSummary {
  if (!isErrorLike(error)) return { type: typeof error, message: cut(String(error)), stack: "" };
  const message = cut(withoutParameters(error.message));
  const type = error instanceof Error ? error.constructor?.name || error.name : String(error.name ?? "Object");
  const summary: ErrorSummary = { type, message, stack: "" };
  const fields = error as unknown as Record<string, unknown>;
  for (const field of KEPT_FIELDS) {
    const value = fields[field];
    if (typeof value === "string" || typeof value === "number") summary[field] = cut(String(value), 100);
  }
  if (typeof fields.detail === "string") summary.detail = cut(fields.detail, 200);
  const frames = (typeof error.stack === "string" ? error.stack : "")
    .split("\n")
    .filter((line) => line.trimStart().startsWith("at "))
    .slice(0, MAX_STACK_LINES)
    .map((line) => cut(line, 300));
  summary.stack = [`${type}: ${message}`, ...frames].join("\n");
  if (error.cause !== undefined && depth < 2) summary.cause = errorSummary(error.cause, depth + 1);
  return summary;
}

/** An Error, or an object that carries one's message (what pg-boss emits for a worker's failure). */
function isErrorLike(error: unknown): error is { message: string; name?: unknown; stack?: unknown; cause?: unknown } {
  return (
    error instanceof Error ||
    (typeof error === "object" && error !== null && typeof (error as { message?: unknown }).message === "string")
  );
}

/** What the log keeps of a failed request: never its body, whose size and type are enough to go on. */
export function requestSummary(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: cut(request.url, 300),
    route: request.routeOptions?.url,
    contentType: cut(String(request.headers["content-type"] ?? ""), 100),
    contentLength: request.headers["content-length"],
    userId: request.principal?.userId,
  };
}
