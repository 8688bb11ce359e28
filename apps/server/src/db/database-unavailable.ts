/**
 * Errors that say the database cannot be reached or is restarting, rather than that a query was
 * wrong: the connection was refused or cut (PostgreSQL restarting, a network drop), the server is
 * starting up or shutting down, out of connections, or a statement ran past its timeout. They are
 * answered 503 with Retry-After (the request changed nothing it acknowledged), never as an
 * unknown error.
 */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "57P01", // admin_shutdown: terminating connection due to administrator command
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up, shutting down
  "53300", // too_many_connections
  "57014", // query_canceled: statement_timeout
]);
/** What node-postgres and its pool say when a connection goes away under a query. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end|PGlite is closed/;

/**
 * An outbound HTTP request that failed (fetch: a payment provider, a webhook endpoint): its cause
 * carries the same socket codes as a lost database connection, but the database is fine.
 */
const isFetchFailure = (error: object) => error instanceof TypeError && error.message === "fetch failed";

export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error ("Failed query: …") with the original as its cause.
  let current = error;
  for (let depth = 0; current && typeof current === "object" && depth < 4; depth++) {
    if (isFetchFailure(current)) return false;
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
