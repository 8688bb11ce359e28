/** The session-storage key of the last submitted request {url, data, time}. */
export const LAST_REQUEST_KEY = "sessionObj";
/** A POST or PUT that repeats the previous one within this window is refused. */
export const DUPLICATE_WINDOW_MS = 500;
/** Bodies above this size are not compared (nor stored). */
const MAX_COMPARED_BYTES = 5 * 1024 * 1024;

interface LastRequest {
  url: string;
  data: string;
  time: number;
}

/**
 * The duplicate-submit guard (spec section 5): true when this POST/PUT has the same url and body
 * as the previous one and comes less than 500 ms after it. Every checked request becomes "the
 * previous one".
 */
export function isDuplicateSubmit(url: string, body: unknown, now = Date.now()): boolean {
  const data = typeof body === "string" ? body : JSON.stringify(body ?? null);
  if (data.length >= MAX_COMPARED_BYTES) return false;
  const current: LastRequest = { url, data, time: now };
  let previous: LastRequest | undefined;
  try {
    const stored = sessionStorage.getItem(LAST_REQUEST_KEY);
    previous = stored ? (JSON.parse(stored) as LastRequest) : undefined;
  } catch {
    previous = undefined;
  }
  const duplicate =
    previous !== undefined &&
    previous.url === url &&
    previous.data === data &&
    now - previous.time < DUPLICATE_WINDOW_MS;
  if (!duplicate) {
    try {
      sessionStorage.setItem(LAST_REQUEST_KEY, JSON.stringify(current));
    } catch {
      // Storage full or unavailable: the guard is a courtesy, never a reason to fail a request.
    }
  }
  return duplicate;
}
