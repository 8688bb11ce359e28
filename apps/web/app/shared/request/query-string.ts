const isEmpty = (value: unknown) => value === null || value === undefined || value === "";

/**
 * GET parameters as a query string, flattened as the original console did (spec section 7):
 * `{ pageNum: 2, params: { beginTime: "2026-01-01" } }` → `pageNum=2&params[beginTime]=2026-01-01`.
 * Empty values are left out. Written here rather than taken from `qs`, whose browser build (with
 * its polyfills) would cost every console page about 10 KB of JavaScript for these few lines.
 */
export function toQueryString(params: Record<string, unknown>): string {
  const parts: string[] = [];
  const add = (key: string, value: unknown) => {
    if (isEmpty(value)) return;
    if (typeof value === "object") {
      for (const [sub, inner] of Object.entries(value as object)) add(`${key}[${sub}]`, inner);
      return;
    }
    parts.push(
      `${encodeURIComponent(key).replace(/%5B/g, "[").replace(/%5D/g, "]")}=${encodeURIComponent(String(value))}`,
    );
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return parts.join("&");
}
