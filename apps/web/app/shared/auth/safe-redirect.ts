/**
 * Where to go after login: the `redirect` query only if it is a path on this same site, else the
 * fallback. Never an absolute URL, a protocol-relative `//host`, a backslash trick or a
 * `javascript:` URL (no open redirect).
 */
export function safeRedirect(target: string | null | undefined, fallback: string, origin: string): string {
  if (!target?.startsWith("/") || target.startsWith("//") || target.includes("\\")) return fallback;
  try {
    const url = new URL(target, origin);
    if (url.origin !== new URL(origin).origin) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
